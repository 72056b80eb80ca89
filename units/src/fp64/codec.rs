//! The `fp64` unit's vector lines (SPEC-G3 §7) on its ports, its info, its
//! golden model and its random traffic.
//!
//! A line is `<mnemonic> [options] <operands>`. Options, anywhere after the
//! mnemonic: MODE (`frm=` / `frm64=` with `rne rtz rdn rup rmm`; the bare
//! words `daz32 ftz32 daz64 ftz64`) on every line; `rm=` (`rne rtz rdn rup
//! rmm dyn`, or the code 0..7 where 5 and 6 are refused as reserved; default
//! `dyn`) on ffma.f64 and fcvt.f32.f64.m only; `neg=` / `abs=` (0..7, bit
//! k−1 for source k) on ffma.f64 only; `exec=0|1` (default 1) on the
//! compares and cmp.class only. Operands are hex of their class width in the
//! seed's order (`vp²` 16 digits, `v` 8). The answer is `<result> <fflags>`:
//! the result as hex of the destination's width (a compare: `0` or `1`).
//!
//! # Ports and the port-level decisions
//! Inputs after `in_valid`, `in_tag`: `in_op` (6), `in_a`, `in_b`, `in_c`
//! (64 each), `in_rm` (3), `in_neg` (3), `in_abs` (3), `in_exec` (1),
//! `in_frm` (3), `in_frm64` (3), `in_daz32`, `in_ftz32`, `in_daz64`,
//! `in_ftz64` (1 each). Outputs after `out_valid`, `out_tag`: `out_result`
//! (64, right-aligned, 32-bit results zero-extended, a compare in bit 0) and
//! `out_flags` (5: NV DZ OF UF NX = bits 4..0). No `in_ready`: a fixed
//! latency of [`LATENCY`] clocks, one operation per clock.
//! * 32-bit operands are right-aligned: fldexp's int32 and cmp.class's mask
//!   in `in_b[31:0]`, the source of fcvt.f64.f32/i32/u32 in `in_a[31:0]`.
//!   Operands an operation does not read are driven 0 by this codec.
//! * `in_rm` 5 and 6 (refused by the decoder and by [`parse_line`]) act as
//!   DYN at the port; operations without an explicit rm get 7 (DYN).
//! * `in_frm` / `in_frm64` codes 5..7 read as RNE (as DIVSQRT does).
//! * `in_exec` is driven 1 for operations other than the compares.

use super::decode::{decode_rm, RmField, RM_DYN_CODE};
use super::model::{execute, Controls, Mode, Rm};
use super::op::Fp64Op;
use crate::divsqrt::codec::{random_float, random_int};
use crate::fp::ieee::{apply_mode_option, format_mode_options};
use crate::unit::{xorshift, Operation, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::{fields, hex, parse_hex, FieldError};

/// Clocks from accept to answer, every operation (SPEC-G3 §0: `fixed:16`).
pub const LATENCY: usize = 16;
/// Width of `in_op`: 40 operations.
pub const OP_W: usize = 6;
/// Width of the operand ports and of `out_result`.
pub const DATA_W: usize = 64;
/// Width of `in_rm`, `in_frm`, `in_frm64` (RISC-V rm codes).
pub const RM_W: usize = 3;
/// Width of ffma's `neg` / `abs` masks (one bit per source).
pub const MASK_W: usize = 3;
/// Width of `out_flags` (NV DZ OF UF NX).
pub const FLAGS_W: usize = 5;

/// Index of each field in [`Operation::inputs`] (after `in_valid`, `in_tag`).
pub const IN_OP: usize = 0;
pub const IN_A: usize = 1;
pub const IN_B: usize = 2;
pub const IN_C: usize = 3;
pub const IN_RM: usize = 4;
pub const IN_NEG: usize = 5;
pub const IN_ABS: usize = 6;
pub const IN_EXEC: usize = 7;
pub const IN_FRM: usize = 8;
pub const IN_FRM64: usize = 9;
pub const IN_DAZ32: usize = 10;
pub const IN_FTZ32: usize = 11;
pub const IN_DAZ64: usize = 12;
pub const IN_FTZ64: usize = 13;

/// Vector-file codec and golden model of the fp64 unit: `fp64` (16 clocks,
/// SPEC-G3's) or a shallower `fp64_d<N>` (the same logic with fewer
/// registers, for the formal proof).
#[derive(Clone, Debug)]
pub struct Fp64Codec {
    /// The unit's name (its Verilog top module).
    pub name: String,
    /// Clocks from an operation to its answer.
    pub latency: usize,
}

impl Default for Fp64Codec {
    fn default() -> Self {
        Self::new("fp64".into(), LATENCY)
    }
}

impl Fp64Codec {
    pub fn new(name: String, latency: usize) -> Self {
        Self { name, latency }
    }
}

/// One decoded vector line: the operation, its operands on `in_a`, `in_b`,
/// `in_c` (unused ones 0) and its controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub op: Fp64Op,
    pub a: u64,
    pub b: u64,
    pub c: u64,
    pub ctl: Controls,
}

/// Whether `exec=` applies (the compares and cmp.class).
pub fn has_exec(op: Fp64Op) -> bool {
    matches!(op, Fp64Op::Cmp(_) | Fp64Op::CmpClass)
}

/// The fp64 unit's info (16 clocks): ports in the convention order.
pub fn info() -> UnitInfo {
    info_of("fp64".into(), LATENCY)
}

/// The info of the unit `name` answering `latency` clocks after an operation.
pub fn info_of(name: String, latency: usize) -> UnitInfo {
    UnitInfo {
        name,
        description: "seed 001's 40 binary64 instructions (add/sub/mul/fma, min/max, sign injection, ldexp, class, integral rounding, fract, conversions, frexp, 15 compares) with RISC-V rounding (RMM included), canonical NaNs, fflags and MODE flushing; one operation per clock, the same latency for every operation (16 in fp64, SPEC-G3's)",
        latency,
        min_latency: latency,
        pipeline_stages: latency,
        rom_bits: 0,
        params: vec![],
        ecp5_lut_wire_ps: crate::dfma::codec::ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input("in_valid", 1, "an operation is presented (always accepted)"),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "operation code, Fp64Op::code (0 fadd ... 22 frexp.exp, 23..36 cmp.eq..geu, 37 cmp.class, 38 ffma, 39 fcvt.f32.f64.m; 40..63 unused)",
            ),
            Port::input(
                "in_a",
                DATA_W as u32,
                "source 1; the 32-bit source of fcvt.f64.f32/i32/u32 in bits 31:0",
            ),
            Port::input(
                "in_b",
                DATA_W as u32,
                "source 2; fldexp's int32 and cmp.class's mask in bits 31:0",
            ),
            Port::input("in_c", DATA_W as u32, "source 3 (ffma's addend)"),
            Port::input(
                "in_rm",
                RM_W as u32,
                "explicit rm of ffma.f64 and fcvt.f32.f64.m: 0 RNE 1 RTZ 2 RDN 3 RUP 4 RMM, 7 DYN (5, 6 reserved: act as DYN)",
            ),
            Port::input(
                "in_neg",
                MASK_W as u32,
                "ffma's negate mask, bit k-1 for source k (applied after abs)",
            ),
            Port::input(
                "in_abs",
                MASK_W as u32,
                "ffma's absolute-value mask, bit k-1 for source k",
            ),
            Port::input(
                "in_exec",
                1,
                "the lane's EXEC bit: a compare answers P and exec, an inactive lane raises no flag",
            ),
            Port::input(
                "in_frm",
                RM_W as u32,
                "MODE.frm: rounding of f32 results (fcvt.f32.f64; 5..7 read as RNE)",
            ),
            Port::input(
                "in_frm64",
                RM_W as u32,
                "MODE.frm64: rounding of f64 results (5..7 read as RNE)",
            ),
            Port::input(
                "in_daz32",
                1,
                "MODE.daz32: fcvt.f64.f32 reads a subnormal source as zero",
            ),
            Port::input(
                "in_ftz32",
                1,
                "MODE.ftz32: fcvt.f32.f64 flushes a subnormal result to zero",
            ),
            Port::input(
                "in_daz64",
                1,
                "MODE.daz64: f64 subnormal sources read as zero (not fsgnj*, fclass, compares)",
            ),
            Port::input(
                "in_ftz64",
                1,
                "MODE.ftz64: subnormal f64 results flushed to zero (fadd fsub fmul ffma fldexp ffract)",
            ),
            Port::output("out_valid", 1, "an answer is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output(
                "out_result",
                DATA_W as u32,
                "the result, right-aligned: 32-bit results zero-extended, a compare 0/1 in bit 0",
            ),
            Port::output(
                "out_flags",
                FLAGS_W as u32,
                "fflags NV DZ OF UF NX (bit 4..0)",
            ),
        ],
    }
}

/// The operation's input values (after `in_valid`, `in_tag`).
pub fn encode(req: &Request) -> Operation {
    let mut inputs = vec![
        req.op.code() as u128,
        req.a as u128,
        req.b as u128,
        req.c as u128,
        req.ctl.rm as u128,
        req.ctl.neg as u128,
        req.ctl.abs as u128,
        req.ctl.exec as u128,
    ];
    inputs.extend(crate::fp::ieee::mode_inputs(&req.ctl.mode));
    Operation {
        inputs,
        answers: true,
    }
}

/// The request an operation encodes (any port value: `in_op` 40..63 panics).
pub fn decode(op: &Operation) -> Request {
    let at = |i: usize| op.inputs[i];
    let mode_rm = |v: u128| Rm::from_code(v as u32 & 7).unwrap_or_default();
    let bit = |i: usize| at(i) & 1 == 1;
    Request {
        op: Fp64Op::from_code(at(IN_OP) as u32).expect("a valid in_op code"),
        a: at(IN_A) as u64,
        b: at(IN_B) as u64,
        c: at(IN_C) as u64,
        ctl: Controls {
            rm: (at(IN_RM) & 7) as u8,
            neg: (at(IN_NEG) & 7) as u8,
            abs: (at(IN_ABS) & 7) as u8,
            exec: bit(IN_EXEC),
            mode: Mode {
                frm: mode_rm(at(IN_FRM)),
                frm64: mode_rm(at(IN_FRM64)),
                daz32: bit(IN_DAZ32),
                ftz32: bit(IN_FTZ32),
                daz64: bit(IN_DAZ64),
                ftz64: bit(IN_FTZ64),
            },
        },
    }
}

const OPTIONS: &str = "MODE (frm= frm64= daz32 ftz32 daz64 ftz64), rm= neg= abs= (ffma.f64), rm= (fcvt.f32.f64.m), exec= (compares)";

/// Parses a line (comment already stripped).
pub fn parse_line(text: &str) -> Result<Request, FieldError> {
    let f = fields(text);
    let Some(&mnemonic) = f.first() else {
        return Err(FieldError::new(0, "line", "no operation"));
    };
    let op = Fp64Op::from_mnemonic(mnemonic).ok_or_else(|| {
        FieldError::new(
            1,
            "mnemonic",
            format!(
                "unknown mnemonic {mnemonic:?}; expected one of {}",
                Fp64Op::ALL.map(|o| o.mnemonic()).join(" ")
            ),
        )
    })?;
    let mut ctl = Controls::default();
    let widths = op.operand_widths();
    let mut operands = Vec::new();
    for (i, token) in f.iter().enumerate().skip(1) {
        let field = i + 1;
        let key = token.split_once('=').map_or(*token, |(k, _)| k);
        match apply_mode_option(&mut ctl.mode, token) {
            Ok(true) => continue,
            Err(message) => return Err(FieldError::new(field, format!("option {key}"), message)),
            Ok(false) => {}
        }
        if let Some((key, value)) = token.split_once('=') {
            let what = format!("option {key}");
            let refuse = |why: String| Err(FieldError::new(field, what.clone(), why));
            let mask = || match value.parse::<u8>() {
                Ok(v) if v < 8 => Ok(v),
                _ => Err(FieldError::new(
                    field,
                    what.clone(),
                    format!("{value:?} is not a 3-bit mask (0-7)"),
                )),
            };
            match key {
                "rm" | "neg" | "abs" if !op.has_rm() || (key != "rm" && op != Fp64Op::Ffma) => {
                    return refuse(format!(
                        "{} takes no {key}= (only ffma.f64{})",
                        op.mnemonic(),
                        if key == "rm" {
                            " and fcvt.f32.f64.m"
                        } else {
                            ""
                        }
                    ))
                }
                "rm" => {
                    let field_value = match value.parse::<u32>() {
                        Ok(code) => decode_rm(code)
                            .map_err(|e| FieldError::new(field, what.clone(), e.to_string()))?,
                        Err(_) => RmField::from_mnemonic(value).ok_or_else(|| {
                            FieldError::new(
                                field,
                                what.clone(),
                                format!(
                                    "{value:?} is not a rounding mode (rne rtz rdn rup rmm dyn)"
                                ),
                            )
                        })?,
                    };
                    ctl.rm = field_value.code() as u8;
                }
                "neg" => ctl.neg = mask()?,
                "abs" => ctl.abs = mask()?,
                "exec" if !has_exec(op) => {
                    return refuse(format!(
                        "{} takes no exec= (only the compares)",
                        op.mnemonic()
                    ))
                }
                "exec" => {
                    ctl.exec = match value {
                        "0" => false,
                        "1" => true,
                        _ => return refuse(format!("{value:?} is not 0 or 1")),
                    }
                }
                _ => {
                    return Err(FieldError::new(
                        field,
                        "option",
                        format!("unknown option {key:?} ({OPTIONS})"),
                    ))
                }
            }
            continue;
        }
        let k = operands.len();
        if k == widths.len() {
            return Err(FieldError::new(
                field,
                "operand",
                format!(
                    "unexpected extra field {token:?}: {} takes {} operand(s)",
                    op.mnemonic(),
                    widths.len()
                ),
            ));
        }
        let what = ["operand a", "operand b", "operand c"][k];
        operands.push(parse_hex(token, widths[k], field, what)? as u64);
    }
    if operands.len() < widths.len() {
        return Err(FieldError::new(
            f.len() + 1,
            "operand",
            format!(
                "missing: {} takes {} operand(s) of {:?} hex digits",
                op.mnemonic(),
                widths.len(),
                widths.iter().map(|w| w / 4).collect::<Vec<_>>()
            ),
        ));
    }
    operands.resize(3, 0);
    Ok(Request {
        op,
        a: operands[0],
        b: operands[1],
        c: operands[2],
        ctl,
    })
}

/// The line of a request: options that differ from their defaults only.
pub fn format_request(req: &Request) -> String {
    let mut text = req.op.mnemonic();
    let (ctl, m) = (req.ctl, req.ctl.mode);
    text += &format_mode_options(&m);
    if req.op.has_rm() && ctl.rm as u32 != RM_DYN_CODE {
        match decode_rm(ctl.rm as u32) {
            Ok(field) => text += &format!(" rm={}", field.mnemonic()),
            // Not writable as a word: the code, which parse_line refuses.
            Err(_) => text += &format!(" rm={}", ctl.rm),
        }
    }
    if req.op == Fp64Op::Ffma {
        if ctl.neg != 0 {
            text += &format!(" neg={}", ctl.neg);
        }
        if ctl.abs != 0 {
            text += &format!(" abs={}", ctl.abs);
        }
    }
    if has_exec(req.op) && !ctl.exec {
        text += " exec=0";
    }
    for (&w, v) in req.op.operand_widths().iter().zip([req.a, req.b, req.c]) {
        text += &format!(" {}", hex(v as u128, w));
    }
    text
}

/// `<result> <fflags>` for an operation of `op`.
pub fn format_answer(op: Fp64Op, result: u64, flags: u8) -> String {
    let w = op.result_width();
    let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
    format!("{} {:02x}", hex((result & mask) as u128, w), flags)
}

/// A 32-bit ldexp exponent: around the range edges, small, or any int32.
pub fn random_ldexp_exponent(state: &mut u64) -> u64 {
    let r = xorshift(state);
    let n: i32 = match r % 8 {
        0 => [0, 1, -1, i32::MAX, i32::MIN, 2098, -2098, 1023][(r >> 8) as usize % 8],
        1 | 2 => ((r >> 16) % 2300) as i32 - 1150,
        3 => ((r >> 16) % 120) as i32 - 60,
        4 => 1000 + ((r >> 16) % 120) as i32,
        5 => -1000 - ((r >> 16) % 120) as i32,
        _ => (r >> 32) as u32 as i32,
    };
    n as u32 as u64
}

/// A cmp.class mask: one class, a few, all, or any 32-bit value.
pub fn random_class_mask(state: &mut u64) -> u64 {
    let r = xorshift(state);
    match r % 4 {
        0 => 1 << ((r >> 8) % 10),
        1 => (r >> 16) & 0x3ff,
        2 => 0x3ff,
        _ => (r >> 32) & 0xffff_ffff,
    }
}

/// A random request: every operation, special-heavy operands, every MODE,
/// rm (DYN often), neg/abs and exec.
pub fn random_request(state: &mut u64) -> Request {
    let r = xorshift(state);
    let op = Fp64Op::ALL[(r % Fp64Op::ALL.len() as u64) as usize];
    let mode = Mode {
        frm: Rm::ALL[((r >> 8) % 5) as usize],
        frm64: Rm::ALL[((r >> 12) % 5) as usize],
        daz32: (r >> 16).is_multiple_of(4),
        ftz32: (r >> 18).is_multiple_of(4),
        daz64: (r >> 20).is_multiple_of(4),
        ftz64: (r >> 22).is_multiple_of(4),
    };
    let rm = match (r >> 24) % 6 {
        5 => RM_DYN_CODE as u8,
        k => k as u8,
    };
    let ffma = op == Fp64Op::Ffma;
    let ctl = Controls {
        rm: if op.has_rm() { rm } else { RM_DYN_CODE as u8 },
        neg: if ffma { ((r >> 28) % 8) as u8 } else { 0 },
        abs: if ffma && (r >> 31).is_multiple_of(4) {
            ((r >> 33) % 8) as u8
        } else {
            0
        },
        exec: !has_exec(op) || !(r >> 36).is_multiple_of(8),
        mode,
    };
    let mut v = [0u64; 3];
    for (k, &w) in op.operand_widths().iter().enumerate() {
        v[k] = match (op, k) {
            (Fp64Op::Fldexp, 1) => random_ldexp_exponent(state),
            (Fp64Op::CmpClass, 1) => random_class_mask(state),
            (Fp64Op::CvtF64I32 | Fp64Op::CvtF64U32, _) => random_int(state),
            _ => random_float(w, state),
        };
    }
    // Equal operands now and then (compares, fsub cancellation, min/max).
    if op.operand_widths().len() >= 2 && op.operand_widths()[1] == 64 && (r >> 40).is_multiple_of(8)
    {
        v[1] = v[0] ^ (((r >> 44) & 1) << 63);
    }
    // Near-cancelling fma addends now and then: c ≈ −a·b.
    if ffma && (r >> 48).is_multiple_of(4) {
        let p = execute(Fp64Op::Fmul, v[0], v[1], 0, &Controls::default()).result;
        v[2] = (p ^ (1 << 63)).wrapping_add((r >> 52) % 5).wrapping_sub(2);
    }
    Request {
        op,
        a: v[0],
        b: v[1],
        c: v[2],
        ctl,
    }
}

impl UnitCodec for Fp64Codec {
    fn info(&self) -> UnitInfo {
        info_of(self.name.clone(), self.latency)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        parse_line(text).map(|r| encode(&r))
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        let req = decode(op);
        format_answer(req.op, results[0] as u64, results[1] as u8)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let req = decode(op);
        let answer = execute(req.op, req.a, req.b, req.c, &req.ctl);
        Some(format_answer(req.op, answer.result, answer.flags))
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| format_request(&random_request(&mut state)))
            .collect()
    }

    fn latency_of(&self, _op: &Operation) -> usize {
        self.latency
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model's answer line of a vector line.
    fn answer(line: &str) -> String {
        Fp64Codec::default()
            .model(&Fp64Codec::default().parse(line).unwrap())
            .unwrap()
    }

    #[test]
    fn spec_g3_section_7_lines_give_their_answers() {
        assert_eq!(
            answer("fadd.f64 3ff0000000000000 4000000000000000"),
            "4008000000000000 00"
        );
        assert_eq!(
            answer("ffma.f64 rm=rdn neg=4 3ff0000000000000 3ff0000000000000 3c90000000000000"),
            "3fefffffffffffff 01"
        );
        assert_eq!(
            answer("cmp.lt.f64 exec=1 7ff8000000000000 0000000000000000"),
            "0 10"
        );
    }

    #[test]
    fn lines_round_trip() {
        let r = parse_line(
            "ffma.f64 rm=rdn neg=4 abs=1 daz64 3ff0000000000000 3ff0000000000000 3c90000000000000",
        )
        .unwrap();
        assert_eq!((r.ctl.rm, r.ctl.neg, r.ctl.abs), (2, 4, 1));
        assert!(r.ctl.mode.daz64);
        assert_eq!(
            format_request(&r),
            "ffma.f64 daz64 rm=rdn neg=4 abs=1 3ff0000000000000 3ff0000000000000 3c90000000000000"
        );
        let r = parse_line("fcvt.f32.f64.m rm=3 3ff0000000000000").unwrap();
        assert_eq!(r.ctl.rm, 3);
        let r = parse_line("fldexp.f64 frm64=rmm 3ff0000000000000 fffffc00").unwrap();
        assert_eq!((r.b, r.ctl.mode.frm64), (0xffff_fc00, Rm::Rmm));
        let r = parse_line("cmp.class.f64 exec=0 3ff0000000000000 00000040").unwrap();
        assert!(!r.ctl.exec);
        assert_eq!(
            format_request(&r),
            "cmp.class.f64 exec=0 3ff0000000000000 00000040"
        );
        let mut state = 11;
        for _ in 0..5000 {
            let req = random_request(&mut state);
            assert_eq!(parse_line(&format_request(&req)).unwrap(), req);
            assert_eq!(decode(&encode(&req)), req);
        }
        // Every operation appears in the random traffic.
        let lines = Fp64Codec::default().random_lines(4000, 5);
        for op in Fp64Op::ALL {
            let m = op.mnemonic() + " ";
            assert!(lines.iter().any(|l| l.starts_with(&m)), "{m}");
        }
    }

    #[test]
    fn every_error_names_its_field() {
        let err = |line: &str| parse_line(line).unwrap_err();
        // Bad mnemonic.
        let e = err("fadd.f65 3ff0000000000000 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (1, "mnemonic"));
        // Unknown option.
        let e = err("fadd.f64 fast=1 3ff0000000000000 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "option"));
        // rm= on an operation without rm; neg= on fcvt.f32.f64.m; exec= on fadd.
        let e = err("fadd.f64 rm=rtz 3ff0000000000000 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "option rm"));
        let e = err("fcvt.f32.f64.m neg=1 3ff0000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "option neg"));
        let e = err("fadd.f64 3ff0000000000000 exec=0 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (3, "option exec"));
        // Reserved rm, as a code; a bad spelling; a bad mask; a bad exec.
        let e = err("ffma.f64 rm=5 3ff0000000000000 3ff0000000000000 3ff0000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "option rm"));
        assert!(e.message.contains("reserved"), "{e}");
        assert!(err("fcvt.f32.f64.m rm=6 3ff0000000000000")
            .message
            .contains("reserved"));
        let e = err("ffma.f64 rm=near 3ff0000000000000 3ff0000000000000 3ff0000000000000");
        assert_eq!(e.what, "option rm");
        let e = err("ffma.f64 neg=8 3ff0000000000000 3ff0000000000000 3ff0000000000000");
        assert_eq!(e.what, "option neg");
        assert_eq!(err("cmp.eq.f64 exec=2 0 0").what, "option exec");
        assert_eq!(err("fadd.f64 frm64=dyn 0 0").what, "option frm64");
        // Wrong operand widths: a 32-bit operand where 64 is due and back.
        let e = err("fadd.f64 3ff00000 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "operand a"));
        let e = err("fldexp.f64 3ff0000000000000 0000000000000001");
        assert_eq!((e.field, e.what.as_str()), (3, "operand b"));
        let e = err("fcvt.f64.f32 000000003f800000");
        assert_eq!(e.what, "operand a");
        // Bad hex.
        let e = err("fmul.f64 3ff000000000000g 4000000000000000");
        assert_eq!((e.field, e.what.as_str()), (2, "operand a"));
        assert!(e.message.contains("hexadecimal"));
        // Missing and extra operands.
        let e = err("ffma.f64 3ff0000000000000 3ff0000000000000");
        assert_eq!((e.field, e.what.as_str()), (4, "operand"));
        let e = err("fclass.f64 3ff0000000000000 3ff0000000000000");
        assert_eq!((e.field, e.what.as_str()), (3, "operand"));
    }

    #[test]
    fn port_level_decisions() {
        // in_rm 5 and 6 act as DYN; in_frm64 5..7 read as RNE.
        let line = "ffma.f64 frm64=rup 3ff0000000000000 3ff0000000000000 3c90000000000000";
        let mut op = Fp64Codec::default().parse(line).unwrap();
        let dyn_answer = Fp64Codec::default().model(&op).unwrap();
        for rm in [5, 6] {
            op.inputs[IN_RM] = rm;
            assert_eq!(Fp64Codec::default().model(&op).unwrap(), dyn_answer);
        }
        op.inputs[IN_RM] = RM_DYN_CODE as u128;
        op.inputs[IN_FRM64] = 6;
        assert_eq!(
            decode(&op).ctl.mode.frm64,
            Rm::Rne,
            "frm64 code 6 reads as RNE"
        );
        assert_eq!(Fp64Codec::default().latency_of(&op), LATENCY);
        let i = info();
        let inputs: Vec<_> = i.inputs().map(|p| p.name).collect();
        assert_eq!(inputs.len(), 2 + IN_FTZ64 + 1);
        assert_eq!(inputs[2 + IN_EXEC], "in_exec");
        assert!(!i.has_ready());
    }
}
