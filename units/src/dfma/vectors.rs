//! The `dfma` lines of the vector-file format (INTERFACES.md):
//!
//! ```text
//! fma.<rm> <a> <b> <c>    add.<rm> <a> <b>    mul.<rm> <a> <b>
//! min <a> <b>             max <a> <b>         setp.<cmp> <a> <b>
//! ```
//!
//! `rm` ∈ rn rm rp rz; `cmp` ∈ eq ne lt le gt ge equ neu ltu leu gtu geu num nan.
//! Operands are 16 hex digits, optionally wrapped in the SASS source modifiers
//! `-x`, `|x|` or `-|x|`. Results are 16 lower-case hex digits, or `0`/`1` for
//! SETP. Field numbers in errors are 1-based, the mnemonic being field 1.

use super::model::{Cmp, DfmaOp, DfmaOperation, DfmaResult, Rounding, SrcMod};
use crate::vector::{expect_fields, fields, hex, parse_hex, strip_comment, FieldError};

/// Operand width in bits.
const OPERAND_BITS: u32 = 64;
/// Names of the operands in field order (fields 2, 3, 4).
const OPERAND_NAMES: [&str; 3] = ["operand a", "operand b", "operand c"];

/// Parses one vector line; `None` for a blank or comment-only line.
pub fn parse_vector_line(line: &str) -> Result<Option<DfmaOperation>, FieldError> {
    strip_comment(line).map(parse_line).transpose()
}

/// Parses the text of one line (comment already stripped) into an operation.
pub fn parse_line(text: &str) -> Result<DfmaOperation, FieldError> {
    let fields = fields(text);
    let Some(&mnemonic) = fields.first() else {
        return Err(FieldError::new(1, "mnemonic", "missing: the line is empty"));
    };
    let (op, rm) = parse_mnemonic(mnemonic)?;
    let count = op.operand_count();
    let usage = format!("{mnemonic} {}", ["<a>", "<b>", "<c>"][..count].join(" "));
    expect_fields(&fields, 1 + count, &usage)?;
    let mut values = [0u64; 3];
    let mut mods = [SrcMod::NONE; 3];
    for i in 0..count {
        let (value, modifier) = parse_operand(fields[1 + i], 2 + i, OPERAND_NAMES[i])?;
        values[i] = value;
        mods[i] = modifier;
    }
    Ok(DfmaOperation {
        op,
        rm,
        a: values[0],
        b: values[1],
        c: values[2],
        a_mod: mods[0],
        b_mod: mods[1],
        c_mod: mods[2],
    })
}

/// Splits `fma.rn`, `min`, `setp.ltu`, ... into the operation and its rounding
/// mode (RN for the operations that do not round).
fn parse_mnemonic(mnemonic: &str) -> Result<(DfmaOp, Rounding), FieldError> {
    let err = |message: String| Err(FieldError::new(1, "mnemonic", message));
    let mut parts = mnemonic.split('.');
    let base = parts.next().unwrap_or_default();
    let suffixes: Vec<&str> = parts.collect();
    match base {
        "fma" | "add" | "mul" => {
            let op = match base {
                "fma" => DfmaOp::Fma,
                "add" => DfmaOp::Add,
                _ => DfmaOp::Mul,
            };
            match suffixes.as_slice() {
                [suffix] => match Rounding::from_mnemonic(suffix) {
                    Some(rm) => Ok((op, rm)),
                    None => err(format!(
                        "unknown rounding mode {suffix:?} in {mnemonic:?} (expected rn, rm, rp or rz)"
                    )),
                },
                [] => err(format!(
                    "{mnemonic:?} needs a rounding mode: {base}.<rn|rm|rp|rz>"
                )),
                _ => err(format!(
                    "{mnemonic:?}: expected exactly one suffix, {base}.<rn|rm|rp|rz>"
                )),
            }
        }
        "min" | "max" => {
            if !suffixes.is_empty() {
                return err(format!("{base} takes no suffix, found {mnemonic:?}"));
            }
            let op = if base == "min" {
                DfmaOp::Min
            } else {
                DfmaOp::Max
            };
            Ok((op, Rounding::Rn))
        }
        "setp" => match suffixes.as_slice() {
            [suffix] => match Cmp::from_mnemonic(suffix) {
                Some(cmp) => Ok((DfmaOp::Setp(cmp), Rounding::Rn)),
                None => {
                    let known: Vec<&str> = Cmp::ALL.iter().map(|c| c.mnemonic()).collect();
                    err(format!(
                        "unknown comparison {suffix:?} in {mnemonic:?} (known: {})",
                        known.join(" ")
                    ))
                }
            },
            _ => err(format!(
                "{mnemonic:?}: expected exactly one comparison, setp.<cmp>"
            )),
        },
        _ => err(format!(
            "unknown operation {mnemonic:?} (known: fma.<rm>, add.<rm>, mul.<rm>, min, max, setp.<cmp>)"
        )),
    }
}

/// Parses `x`, `-x`, `|x|` or `-|x|` with `x` 16 hex digits.
fn parse_operand(token: &str, field: usize, what: &str) -> Result<(u64, SrcMod), FieldError> {
    let (neg, rest) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let (abs, digits) = match rest.strip_prefix('|') {
        Some(inner) => match inner.strip_suffix('|') {
            Some(digits) => (true, digits),
            None => {
                return Err(FieldError::new(
                    field,
                    what,
                    format!("{token:?}: `|` without its closing `|` (modifiers are -x, |x|, -|x|)"),
                ))
            }
        },
        None => (false, rest),
    };
    if digits.contains(['-', '|']) {
        return Err(FieldError::new(
            field,
            what,
            format!("{token:?}: misplaced modifier (modifiers are -x, |x|, -|x|)"),
        ));
    }
    let value = parse_hex(digits, OPERAND_BITS, field, what)? as u64;
    Ok((value, SrcMod { neg, abs }))
}

/// The result as a vector-file output line: 16 lower-case hex digits, or `0`/`1`.
pub fn format_result(result: &DfmaResult) -> String {
    match result {
        DfmaResult::Value(bits) => hex(*bits as u128, OPERAND_BITS),
        DfmaResult::Pred(p) => (if *p { "1" } else { "0" }).to_string(),
    }
}

/// The operation as a vector-file line (the inverse of [`parse_line`]).
pub fn format_operation(operation: &DfmaOperation) -> String {
    let mnemonic = match operation.op {
        DfmaOp::Fma => format!("fma.{}", operation.rm.mnemonic()),
        DfmaOp::Add => format!("add.{}", operation.rm.mnemonic()),
        DfmaOp::Mul => format!("mul.{}", operation.rm.mnemonic()),
        DfmaOp::Min => "min".to_string(),
        DfmaOp::Max => "max".to_string(),
        DfmaOp::Setp(cmp) => format!("setp.{}", cmp.mnemonic()),
    };
    let operands = [
        (operation.a, operation.a_mod),
        (operation.b, operation.b_mod),
        (operation.c, operation.c_mod),
    ];
    let mut line = mnemonic;
    for &(value, modifier) in &operands[..operation.op.operand_count()] {
        line.push(' ');
        line.push_str(&format_operand(value, modifier));
    }
    line
}

fn format_operand(value: u64, modifier: SrcMod) -> String {
    let digits = hex(value as u128, OPERAND_BITS);
    match (modifier.neg, modifier.abs) {
        (false, false) => digits,
        (true, false) => format!("-{digits}"),
        (false, true) => format!("|{digits}|"),
        (true, true) => format!("-|{digits}|"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::model::execute;

    fn parse(text: &str) -> Result<DfmaOperation, FieldError> {
        parse_line(text)
    }

    #[test]
    fn interface_examples() {
        let op = parse("fma.rn 3ff0000000000000 4000000000000000 bff0000000000000").unwrap();
        assert_eq!(format_result(&execute(&op)), "3ff0000000000000");
        let op = parse("setp.lt 0000000000000000 8000000000000000").unwrap();
        assert_eq!(op.op, DfmaOp::Setp(Cmp::Lt));
        assert_eq!(format_result(&execute(&op)), "0");
    }

    #[test]
    fn every_mnemonic_parses() {
        for rm in Rounding::ALL {
            for base in ["fma", "add", "mul"] {
                let operands = if base == "fma" { " 0 0 0" } else { " 0 0" };
                let line = format!(
                    "{base}.{}{}",
                    rm.mnemonic(),
                    operands.replace('0', "0000000000000000")
                );
                let op = parse(&line).unwrap();
                assert_eq!(op.rm, rm);
            }
        }
        for cmp in Cmp::ALL {
            let op = parse(&format!(
                "setp.{} 0000000000000001 0000000000000002",
                cmp.mnemonic()
            ))
            .unwrap();
            assert_eq!(op.op, DfmaOp::Setp(cmp));
            assert_eq!((op.a, op.b), (1, 2));
        }
        assert_eq!(
            parse("min 0000000000000001 0000000000000002").unwrap().op,
            DfmaOp::Min
        );
        assert_eq!(
            parse("max 0000000000000001 0000000000000002").unwrap().op,
            DfmaOp::Max
        );
    }

    #[test]
    fn modifiers() {
        let op = parse("fma.rz -3ff0000000000000 |BFF0000000000000| -|4000000000000000|").unwrap();
        assert_eq!(op.a_mod, SrcMod::NEG);
        assert_eq!(op.b_mod, SrcMod::ABS);
        assert_eq!(op.c_mod, SrcMod::NEG_ABS);
        assert_eq!(op.b, 0xBFF0_0000_0000_0000);
        // -1 * 1 + -2 = -3
        assert_eq!(format_result(&execute(&op)), "c008000000000000");
        assert_eq!(
            format_operation(&op),
            "fma.rz -3ff0000000000000 |bff0000000000000| -|4000000000000000|"
        );
        assert_eq!(parse(&format_operation(&op)).unwrap(), op);
    }

    #[test]
    fn comments_and_blank_lines() {
        assert_eq!(parse_vector_line("   # nothing").unwrap(), None);
        assert_eq!(parse_vector_line("").unwrap(), None);
        let op = parse_vector_line("  mul.rp 3ff0000000000000 3ff0000000000000 # one").unwrap();
        assert_eq!(op.map(|o| o.rm), Some(Rounding::Rp));
    }

    fn field_of(text: &str) -> (usize, String) {
        let e = parse(text).unwrap_err();
        (e.field, e.what)
    }

    #[test]
    fn errors_name_the_field() {
        let one = "3ff0000000000000";
        assert_eq!(field_of(&format!("fmb.rn {one} {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("fma.rx {one} {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("fma {one} {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("fma.rn.rz {one} {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("min.rn {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("setp.lz {one} {one}")).0, 1);
        assert_eq!(field_of(&format!("setp {one} {one}")).0, 1);
        assert_eq!(field_of(""), (1, "mnemonic".to_string()));
        // Missing operand c is field 4; an extra operand on add is field 4.
        assert_eq!(field_of(&format!("fma.rn {one} {one}")).0, 4);
        assert_eq!(field_of(&format!("add.rn {one} {one} {one}")).0, 4);
        assert_eq!(field_of(&format!("max {one}")).0, 3);
        // Bad hex: wrong width, not hex, 0x prefix, broken modifiers.
        assert_eq!(
            field_of(&format!("fma.rn {one} 3ff {one}")),
            (3, "operand b".into())
        );
        assert_eq!(
            field_of(&format!("fma.rn {one} {one} 3ff000000000000g")),
            (4, "operand c".into())
        );
        assert_eq!(
            field_of(&format!("mul.rn 0x{} {one}", &one[2..])),
            (2, "operand a".into())
        );
        assert_eq!(
            field_of(&format!("mul.rn |{one} {one}")),
            (2, "operand a".into())
        );
        assert_eq!(
            field_of(&format!("mul.rn {one} |-{one}|")),
            (3, "operand b".into())
        );
        assert_eq!(
            field_of(&format!("mul.rn {one} --{one}")),
            (3, "operand b".into())
        );
        assert_eq!(
            field_of(&format!("mul.rn {one} 13ff0000000000000")),
            (3, "operand b".into())
        );
    }
}
