//! MUFU's vector lines (INTERFACES.md, `mufu`) on its ports, its info, its
//! golden model and its random traffic.
//!
//! `mufu` is the unit at [`DEFAULT_DEPTH`]; `mufu_d<N>` (N = [`MIN_DEPTH`](super::rtl::MIN_DEPTH)..=[`MAX_DEPTH`](super::rtl::MAX_DEPTH))
//! is the same unit with N pipeline registers (names parsed by the registry).

use super::model::{mufu, MufuFunc};
use super::rtl::{DATA_W, DEFAULT_DEPTH, FUNC_W};
use super::tables::tables;
use super::vectors::{format_answer, parse_line, MufuRequest};
use crate::unit::{xorshift, Operation, Param, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::FieldError;

/// Vector-file codec and golden model of the MUFU at one pipeline depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MufuCodec {
    /// The unit's name (the registry's: `mufu` or `mufu_d<depth>`).
    pub name: String,
    /// Pipeline registers; also the latency.
    pub depth: usize,
}

impl Default for MufuCodec {
    fn default() -> Self {
        MufuCodec::new("mufu".into(), DEFAULT_DEPTH)
    }
}

impl MufuCodec {
    /// The codec of the unit called `name`, `depth` pipeline registers.
    pub fn new(name: String, depth: usize) -> MufuCodec {
        MufuCodec { name, depth }
    }
}

/// The values of the operation's input ports (after `in_valid`, `in_tag`):
/// `in_func`, `in_abs`, `in_neg`, `in_x`.
pub fn encode(req: &MufuRequest) -> Operation {
    encode_raw(req.func.sel(), req.abs, req.neg, req.x)
}

/// An operation from a raw selector (10..15 included).
pub fn encode_raw(sel: u8, abs: bool, neg: bool, x: u32) -> Operation {
    Operation {
        inputs: vec![sel as u128, abs as u128, neg as u128, x as u128],
        answers: true,
    }
}

/// The golden model's answer to an operation's inputs.
pub fn model_of(op: &Operation) -> u32 {
    mufu(
        op.inputs[0] as u8,
        op.inputs[1] & 1 == 1,
        op.inputs[2] & 1 == 1,
        op.inputs[3] as u32,
    )
}

/// Operands worth trying for a function: raw bits, numbers near 1, the
/// function's own range, and special encodings.
pub fn random_operand(func: MufuFunc, state: &mut u64) -> u32 {
    let r = xorshift(state);
    let bits = (r >> 16) as u32;
    let sign = (r >> 8) as u32 & 0x8000_0000;
    let mant = bits & 0x7F_FFFF;
    let exp = |lo: u32, hi: u32| lo + ((r >> 4) as u32 % (hi - lo + 1));
    match r % 8 {
        0 => bits,
        1 => sign | (exp(100, 154) << 23) | mant,
        2 => {
            // The function's interesting binades.
            let (lo, hi) = match func {
                MufuFunc::Sin | MufuFunc::Cos => (100, 152),
                MufuFunc::Ex2 => (100, 136),
                MufuFunc::Tanh => (110, 132),
                MufuFunc::Rcp64h | MufuFunc::Rsq64h => {
                    return sign | (((r >> 4) as u32 % 2048) << 20) | (bits & 0xF_FFFF)
                }
                _ => (1, 254),
            };
            sign | (exp(lo, hi) << 23) | mant
        }
        3 => {
            [
                0,
                1,
                0x7F_FFFF,
                0x7F80_0000,
                0x7FC0_0000,
                0x7F80_0001,
                0x3F80_0000,
                0x7F7F_FFFF,
            ][(r >> 40) as usize % 8]
                | sign
        }
        4 => sign | 0x3F80_0000 | (mant & 0xFF),
        5 => sign | 0x3F7F_FF00 | (mant & 0xFF),
        _ => sign | (exp(1, 254) << 23) | mant,
    }
}

/// A random request over every function and both modifiers.
pub fn random_request(state: &mut u64) -> MufuRequest {
    let r = xorshift(state);
    let func = MufuFunc::ALL[(r % 10) as usize];
    MufuRequest {
        func,
        abs: (r >> 8) & 3 == 0,
        neg: (r >> 10) & 3 == 0,
        x: random_operand(func, state),
        tag: 0,
    }
}

/// The MUFU's info at a depth (the unit called `name`).
pub fn info(name: String, depth: usize) -> UnitInfo {
    UnitInfo {
        name,
        description: "special-function unit: cos sin ex2 lg2 rcp rsq rcp64h rsq64h sqrt tanh by quadratic interpolation over a 1K x 54 coefficient ROM",
        latency: depth,
        min_latency: depth,
        pipeline_stages: depth,
        rom_bits: tables().rom_bits() as u64,
        params: vec![Param {
            name: "depth",
            value: depth.to_string(),
            doc: "pipeline registers = latency (2..=16; unit names mufu_d2 ... mufu_d15, mufu for 16)",
        }],
        ecp5_lut_wire_ps: crate::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input("in_valid", 1, "an operation is presented this cycle"),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_func",
                FUNC_W as u32,
                "0 cos, 1 sin, 2 ex2, 3 lg2, 4 rcp, 5 rsq, 6 rcp64h, 7 rsq64h, 8 sqrt, 9 tanh; 10..15 give NaN",
            ),
            Port::input("in_abs", 1, "source modifier |x| (applied first)"),
            Port::input("in_neg", 1, "source modifier -x (after in_abs)"),
            Port::input("in_x", DATA_W as u32, "operand (binary32, or a binary64's high word)"),
            Port::output("out_valid", 1, "a result is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output("out_d", DATA_W as u32, "the result"),
        ],
    }
}

impl UnitCodec for MufuCodec {
    fn info(&self) -> UnitInfo {
        info(self.name.clone(), self.depth)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        match parse_line(text, 0)? {
            Some(req) => Ok(encode(&req)),
            None => Err(FieldError::new(0, "line", "no operation")),
        }
    }

    fn format(&self, _op: &Operation, results: &[u128]) -> String {
        format_answer(results[0] as u32)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        Some(format_answer(model_of(op)))
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| random_request(&mut state).to_line())
            .collect()
    }
}
