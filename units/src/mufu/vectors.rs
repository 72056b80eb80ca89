//! Vector lines of MUFU (INTERFACES.md): `<func>[.abs][.neg] <x>`, func ∈ cos
//! sin ex2 lg2 rcp rsq rcp64h rsq64h sqrt tanh; x and the answer are 8 hex
//! digits (for rcp64h/rsq64h the high word of the binary64).

use super::model::{mufu, MufuFunc};
use crate::vector::{expect_fields, fields, hex, parse_hex, strip_comment, FieldError};

/// Fields on a line: mnemonic and operand.
pub const FIELDS: usize = 2;
const USAGE: &str = "<func>[.abs][.neg] <x>";

/// One MUFU operation of a vector file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MufuRequest {
    /// The function.
    pub func: MufuFunc,
    /// `|x|` source modifier.
    pub abs: bool,
    /// `−x` source modifier (applied after abs).
    pub neg: bool,
    /// Operand bits.
    pub x: u32,
    /// Tag (the operation's index in the file).
    pub tag: u32,
}

impl MufuRequest {
    /// The golden model's answer.
    pub fn expected(&self) -> u32 {
        mufu(self.func.sel(), self.abs, self.neg, self.x)
    }

    /// The line that would produce this request.
    pub fn to_line(&self) -> String {
        format!(
            "{}{}{} {}",
            self.func.name(),
            if self.abs { ".abs" } else { "" },
            if self.neg { ".neg" } else { "" },
            hex(self.x as u128, 32)
        )
    }
}

/// Decodes `<func>[.abs][.neg]` into `(func, abs, neg)`. Each modifier at most
/// once, `.abs` before `.neg` (the order the unit applies them).
pub fn parse_mnemonic(text: &str) -> Result<(MufuFunc, bool, bool), String> {
    let mut tokens = text.split('.');
    let name = tokens.next().unwrap_or("");
    let func = MufuFunc::from_name(name).ok_or_else(|| {
        format!(
            "unknown function {name:?}: expected one of cos sin ex2 lg2 rcp rsq rcp64h rsq64h sqrt tanh"
        )
    })?;
    let (mut abs, mut neg) = (false, false);
    for t in tokens {
        match t {
            "abs" if !abs && !neg => abs = true,
            "neg" if !neg => neg = true,
            "abs" | "neg" => {
                return Err(format!(
                    "{text:?}: modifiers are `.abs` then `.neg`, each at most once"
                ))
            }
            _ => return Err(format!("unknown modifier `.{t}`: expected .abs or .neg")),
        }
    }
    Ok((func, abs, neg))
}

/// Parses one line; `Ok(None)` for a blank or comment-only line.
pub fn parse_line(line: &str, tag: u32) -> Result<Option<MufuRequest>, FieldError> {
    let Some(text) = strip_comment(line) else {
        return Ok(None);
    };
    let f = fields(text);
    let (func, abs, neg) = parse_mnemonic(f[0]).map_err(|e| FieldError::new(1, "mnemonic", e))?;
    expect_fields(&f, FIELDS, USAGE)?;
    let x = parse_hex(f[1], 32, 2, "operand x")? as u32;
    Ok(Some(MufuRequest {
        func,
        abs,
        neg,
        x,
        tag,
    }))
}

/// Parses a whole vector file; tags are the operations' indices.
/// On error: the 1-based line number and the field error.
pub fn parse_file(text: &str) -> Result<Vec<MufuRequest>, (usize, FieldError)> {
    let mut requests = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(req) = parse_line(line, requests.len() as u32).map_err(|e| (i + 1, e))? {
            requests.push(req);
        }
    }
    Ok(requests)
}

/// The output line of a result.
pub fn format_answer(result: u32) -> String {
    hex(u128::from(result), 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_errors() {
        let r = parse_line("rcp 3f800000  # one", 0).unwrap().unwrap();
        assert_eq!(
            (r.func, r.abs, r.neg, r.x),
            (MufuFunc::Rcp, false, false, 0x3f80_0000)
        );
        assert_eq!(format_answer(r.expected()), "3f800000");
        let r = parse_line("sin.abs.neg bf000000", 3).unwrap().unwrap();
        assert!(r.abs && r.neg && r.tag == 3);
        assert_eq!(r.to_line(), "sin.abs.neg bf000000");
        assert_eq!(parse_line("  # nothing", 0), Ok(None));
        assert_eq!(parse_line("exp 3f800000", 0).unwrap_err().field, 1);
        assert_eq!(parse_line("rcp.neg.abs 3f800000", 0).unwrap_err().field, 1);
        assert_eq!(parse_line("rcp.sat 3f800000", 0).unwrap_err().field, 1);
        assert_eq!(parse_line("rcp 3f80000", 0).unwrap_err().field, 2);
        assert_eq!(parse_line("rcp", 0).unwrap_err().field, 2);
        assert_eq!(parse_line("rcp 3f800000 00", 0).unwrap_err().field, 3);
        let e = parse_file("rcp 3f800000\n\nrsq zz000000\n").unwrap_err();
        assert_eq!((e.0, e.1.field), (3, 2));
    }
}
