//! The XMU's vector lines (INTERFACES.md, `xmu`) and ports.
//!
//! A line is a bit operation (`popc`, `brev`, `flo.*`), a conversion
//! (`frnd`, `f2f`, `f2i`, `i2f`/`i2fp`, `i2i`, `f2fp`, see
//! [`parse_convert`]) or the division check `fchk.divide <n> <d>` (two
//! binary32, answer `00000000`/`00000001`, [`fchk`]); each becomes the
//! operation word of [`control`] on `in_op`, the operand on `in_x` and
//! F2FP.x2's `<lo>` (FCHK's `<d>`) on `in_y`. Results print as wide as the
//! destination.
//!
//! `xmu` is the unit at [`DEFAULT_DEPTH`]; `xmu_d<N>` (N = 1..=[`MAX_DEPTH`]) is
//! the same unit with N pipeline registers ([`Xmu::new`](super::rtl::Xmu::new)),
//! as `dfma_d<N>` is for the DFMA (names parsed by the registry).

use super::bitops::{self, BitOp};
use super::convert::{self, format_result, parse_convert, ConvertOp};
use super::fchk;
use super::rtl::control::{self, XmuOp};
use super::rtl::{DATA_W, DEFAULT_DEPTH, MAX_DEPTH, OP_W, Y_W};
use crate::unit::{xorshift, Operation, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::{expect_fields, fields, hex, parse_hex, FieldError};

/// Mnemonic of FCHK.DIVIDE's vector line.
pub const FCHK_MNEMONIC: &str = "fchk.divide";

/// Vector-file codec and golden model of the XMU (the unit `xmu`).
#[derive(Default)]
pub struct XmuCodec;

/// The same at any depth (the registry's `xmu`, `xmu_d<N>`): only the info
/// differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XmuDepthCodec {
    /// The unit's name.
    pub name: String,
    /// Pipeline registers, 1..=[`MAX_DEPTH`]; also the latency.
    pub depth: usize,
}

impl XmuDepthCodec {
    /// The codec of the unit called `name`, `depth` pipeline registers.
    pub fn new(name: String, depth: usize) -> XmuDepthCodec {
        XmuDepthCodec { name, depth }
    }
}

/// The XMU's info: ports in the convention order.
pub fn info() -> UnitInfo {
    info_at("xmu".into(), DEFAULT_DEPTH)
}

/// The info of the XMU (the unit called `name`) with `depth` pipeline registers.
pub fn info_at(name: String, depth: usize) -> UnitInfo {
    assert!(
        (1..=MAX_DEPTH).contains(&depth),
        "XMU depth 1..={MAX_DEPTH}"
    );
    UnitInfo {
        name,
        description: "conversion / extended-math unit: FRND, F2F, F2I, I2F, I2I, F2FP \
                      (f16x2, bf16x2, e4m3, e5m2), POPC, FLO (u32, s32, .sh), BREV, \
                      FCHK.DIVIDE",
        latency: depth,
        min_latency: depth,
        pipeline_stages: depth,
        rom_bits: 0,
        params: vec![],
        ecp5_lut_wire_ps: crate::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input("in_valid", 1, "an operation is presented this cycle"),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "operation word: [3:0] opcode (0 POPC, 1 BREV, 2 FLO.U32, 3 FLO.S32, \
                 4 FLO.U32.SH, 5 FLO.S32.SH, 6 FRND, 7 F2F, 8 F2I, 9 I2F, 10 I2I, \
                 11 F2FP.f16x2/bf16x2, 12 F2FP.e4m3/e5m2, 13 FCHK.DIVIDE, \
                 14-15 reserved: 0); \
                 [6:4] src (float 0 f16 1 bf16 2 f32 3 f64; int 0 u8 1 s8 2 u16 3 s16 \
                 4 u32 5 s32 6 u64 7 s64; F2FP 2); [9:7] dst (same codes; FRND = src; \
                 F2FP 0 f16x2/e4m3 1 bf16x2/e5m2); [11:10] rounding 0 RN 1 RM/floor \
                 2 RP/ceil 3 RZ/trunc; [12] ftz; [13] sat; [14] ntz",
            ),
            Port::input(
                "in_x",
                DATA_W as u32,
                "operand, right-aligned, as wide as its format (F2FP.x2: <hi>)",
            ),
            Port::input(
                "in_y",
                Y_W as u32,
                "F2FP.x2's <lo> operand (f32), FCHK's divisor <d> (f32), else 0",
            ),
            Port::output("out_valid", 1, "a result is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output(
                "out_d",
                DATA_W as u32,
                "result, right-aligned, as wide as the destination",
            ),
        ],
    }
}

/// The ports' values of an operation: `[in_op, in_x, in_y]`.
pub fn encode(op: &XmuOp, x: u64, y: u64) -> Operation {
    Operation {
        inputs: vec![control::encode(op) as u128, x as u128, y as u128],
        answers: true,
    }
}

/// The vector line of an operation (the inverse of [`XmuCodec::parse`]).
pub fn line(op: &XmuOp, x: u64, y: u64) -> String {
    match op {
        XmuOp::Bit(b) => format!("{} {x:08x}", b.mnemonic()),
        XmuOp::Fchk => format!("{FCHK_MNEMONIC} {x:08x} {y:08x}"),
        XmuOp::Convert(c) => {
            let digits = c.src_bits().div_ceil(4) as usize;
            if c.operand_count() == 2 {
                format!("{c} {x:0digits$x} {y:0digits$x}")
            } else {
                format!("{c} {x:0digits$x}")
            }
        }
    }
}

/// The golden model's result of an operation, right-aligned.
pub fn model(op: &XmuOp, x: u64, y: u64) -> u64 {
    match op {
        XmuOp::Bit(b) => bitops::execute(*b, x as u32) as u64,
        XmuOp::Convert(c) => convert::execute(c, x, y),
        XmuOp::Fchk => fchk::divide(x as u32, y as u32) as u64,
    }
}

/// Width of the result of an operation.
pub fn result_bits(op: &XmuOp) -> u32 {
    match op {
        XmuOp::Bit(_) | XmuOp::Fchk => 32,
        XmuOp::Convert(c) => c.dst_bits(),
    }
}

fn decoded(op: &Operation) -> XmuOp {
    control::decode(op.inputs[0] as u32).expect("operations come from the parser")
}

impl UnitCodec for XmuCodec {
    fn info(&self) -> UnitInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        let fields = fields(text);
        if let Some(line) = parse_convert(&fields)? {
            return Ok(encode(&XmuOp::Convert(line.op), line.a, line.b));
        }
        let mnemonic = fields[0];
        if mnemonic.eq_ignore_ascii_case(FCHK_MNEMONIC) {
            expect_fields(&fields, 3, "fchk.divide <n> <d>")?;
            let n = parse_hex(fields[1], 32, 2, "operand n")?;
            let d = parse_hex(fields[2], 32, 3, "operand d")?;
            return Ok(encode(&XmuOp::Fchk, n as u64, d as u64));
        }
        let Some(op) = BitOp::from_mnemonic(&mnemonic.to_ascii_lowercase()) else {
            let known: Vec<&str> = BitOp::ALL.iter().map(|op| op.mnemonic()).collect();
            return Err(FieldError::new(
                1,
                "mnemonic",
                format!(
                    "unknown operation {mnemonic:?} (known: {}, frnd, f2f, f2i, i2f, i2fp, i2i, f2fp, fchk.divide)",
                    known.join(", ")
                ),
            ));
        };
        expect_fields(&fields, 2, &format!("{mnemonic} <x>"))?;
        let x = parse_hex(fields[1], 32, 2, "operand x")?;
        Ok(encode(&XmuOp::Bit(op), x as u64, 0))
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        let bits = result_bits(&decoded(op));
        hex(results[0] & ((1u128 << bits) - 1), bits)
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let convs = ConvertOp::all();
        let mut state = seed;
        (0..count)
            .map(|_| {
                let r = xorshift(&mut state);
                if r % 16 == 1 {
                    // Exponents spread over the window's edges as often as inside it.
                    let s = xorshift(&mut state);
                    let n = (s as u32) >> ((r >> 8) % 3);
                    line(&XmuOp::Fchk, n as u64, (s >> 32) as u32 as u64)
                } else if r.is_multiple_of(4) {
                    let op = BitOp::ALL[((r >> 2) % BitOp::ALL.len() as u64) as usize];
                    // Shift right by a random amount so that FLO sees every index.
                    let x = ((r >> 32) as u32) >> ((r >> 8) % 32);
                    line(&XmuOp::Bit(op), x as u64, 0)
                } else {
                    let op = convs[((r >> 2) % convs.len() as u64) as usize];
                    let mask = u64::MAX >> (64 - op.src_bits());
                    let x = xorshift(&mut state) & mask;
                    let y = xorshift(&mut state) & mask;
                    line(&XmuOp::Convert(op), x, y)
                }
            })
            .collect()
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let xop = decoded(op);
        let value = model(&xop, op.inputs[1] as u64, op.inputs[2] as u64);
        Some(match xop {
            XmuOp::Bit(_) | XmuOp::Fchk => hex(value as u128, 32),
            XmuOp::Convert(c) => format_result(&c, value),
        })
    }
}

impl UnitCodec for XmuDepthCodec {
    fn info(&self) -> UnitInfo {
        info_at(self.name.clone(), self.depth)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        XmuCodec.parse(text)
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        XmuCodec.format(op, results)
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        XmuCodec.random_lines(count, seed)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        XmuCodec.model(op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_is_the_latency() {
        assert_eq!(XmuCodec.info().latency, DEFAULT_DEPTH);
        let d3 = XmuDepthCodec::new("xmu_d3".into(), 3).info();
        assert_eq!((d3.name.as_str(), d3.latency), ("xmu_d3", 3));
    }
}
