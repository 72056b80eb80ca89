//! DIVSQRT's vector lines (SPEC-G3 §7) on its ports, its info, its golden
//! model and its random traffic.
//!
//! A line is `<mnemonic> [options] <operands>`: options `frm=` / `frm64=`
//! (`rne rtz rdn rup rmm`) and the bare words `daz32 ftz32 daz64 ftz64`
//! anywhere after the mnemonic; operands are 8 hex digits for the 32-bit
//! forms, 16 for the f64 ones. The answer is `<result> <fflags>`.

use super::model::{execute, DivsqrtOp, Mode, Rm};
use super::rtl::{
    latency_with, max_latency, min_latency, unit_name, DEFAULT_CLOCKS, FLAGS_W, MAX_CLOCKS, OP_W,
    RM_W,
};
use crate::fp::ieee::ModeRequest;
use crate::unit::{xorshift, Operation, Param, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::FieldError;

/// Width of the operands and of the result port.
pub const DATA_W: usize = 64;

/// Index of each field in [`Operation::inputs`] (after `in_valid`, `in_tag`).
pub const IN_OP: usize = 0;
pub const IN_A: usize = 1;
pub const IN_B: usize = 2;
pub const IN_FRM: usize = 3;
pub const IN_FRM64: usize = 4;
pub const IN_DAZ32: usize = 5;
pub const IN_FTZ32: usize = 6;
pub const IN_DAZ64: usize = 7;
pub const IN_FTZ64: usize = 8;

/// Vector-file codec and golden model of DIVSQRT at `clocks` per digit
/// (the default engine: [`DEFAULT_CLOCKS`]).
#[derive(Clone, Copy, Debug)]
pub struct DivsqrtCodec {
    pub clocks: usize,
}

impl Default for DivsqrtCodec {
    fn default() -> Self {
        Self {
            clocks: DEFAULT_CLOCKS,
        }
    }
}

/// One decoded vector line.
pub type Request = ModeRequest<DivsqrtOp>;

/// The default engine's info: ports in the convention order.
pub fn info() -> UnitInfo {
    info_with(DEFAULT_CLOCKS)
}

/// DIVSQRT's info at `clocks` per digit (the unit `divsqrt_c1`, `divsqrt`).
pub fn info_with(clocks: usize) -> UnitInfo {
    assert!(
        (1..=MAX_CLOCKS).contains(&clocks),
        "clocks per digit {clocks}"
    );
    let latency = max_latency(clocks);
    UnitInfo {
        name: unit_name(clocks),
        description: if clocks == 1 {
            "iterative radix-4 SRT divide / square root (one digit per clock, carry-save remainder, on-the-fly conversion): fdiv, fsqrt, rcp f32/f64, RISC-V div/divu/rem/remu; one operation in flight, ready/valid"
        } else {
            "iterative radix-4 SRT divide / square root (one digit per two clocks: the first registers the candidates' codes and the second's operands; carry-save remainder, on-the-fly conversion): fdiv, fsqrt, rcp f32/f64, RISC-V div/divu/rem/remu; one operation in flight, ready/valid"
        },
        latency,
        min_latency: min_latency(clocks),
        pipeline_stages: latency,
        rom_bits: 0,
        params: vec![Param {
            name: "clocks",
            value: clocks.to_string(),
            doc: "clocks per radix-4 digit (1: divsqrt_c1, 2: divsqrt)",
        }],
        ecp5_lut_wire_ps: crate::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input(
                "in_valid",
                1,
                "an operation is presented (accepted when in_ready is high)",
            ),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "0 fdiv.f32, 1 fdiv.f64, 2 fsqrt.f32, 3 fsqrt.f64, 4 div, 5 divu, 6 rem, 7 remu, 8 rcp.f32, 9 rcp.f64",
            ),
            Port::input(
                "in_a",
                DATA_W as u32,
                "dividend, or the operand of fsqrt/rcp; 32-bit forms use bits 31:0",
            ),
            Port::input("in_b", DATA_W as u32, "divisor (two-operand forms)"),
            Port::input(
                "in_frm",
                RM_W as u32,
                "MODE.frm: rounding of f32 results (0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM)",
            ),
            Port::input(
                "in_frm64",
                RM_W as u32,
                "MODE.frm64: rounding of f64 results (rcp.f64 always RNE)",
            ),
            Port::input("in_daz32", 1, "MODE.daz32: f32 subnormal inputs read as zero"),
            Port::input("in_ftz32", 1, "MODE.ftz32: f32 subnormal results flushed to zero"),
            Port::input("in_daz64", 1, "MODE.daz64 (not rcp.f64)"),
            Port::input("in_ftz64", 1, "MODE.ftz64 (not rcp.f64)"),
            Port::output("out_valid", 1, "an answer is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output(
                "out_result",
                DATA_W as u32,
                "the result, right-aligned (32-bit forms zero-extended)",
            ),
            Port::output(
                "out_flags",
                FLAGS_W as u32,
                "fflags NV DZ OF UF NX (bit 4..0)",
            ),
            Port::output(
                "in_ready",
                1,
                "the engine is idle: a presented operation is accepted at this edge",
            ),
        ],
    }
}

/// `<result> <fflags>` for an operation of `op`.
pub fn format_answer(op: DivsqrtOp, result: u64, flags: u8) -> String {
    crate::fp::ieee::format_answer(op.width(), result, flags)
}

/// A float operand of `width` bits that exercises the interesting classes.
pub fn random_float(width: u32, state: &mut u64) -> u64 {
    let (exp_bits, frac_bits) = if width == 64 { (11, 52) } else { (8, 23) };
    let r = xorshift(state);
    let r2 = xorshift(state);
    let sign = (r >> 63) & 1;
    let frac_mask = (1u64 << frac_bits) - 1;
    let frac = match r2 % 8 {
        0 => 0,
        1 => frac_mask,
        2 => r2 >> 40 & 7,
        3 => frac_mask ^ (r2 >> 40 & 7),
        _ => (r2 >> 3) & frac_mask,
    };
    let emax = (1u64 << exp_bits) - 1;
    let bias = emax / 2;
    let exp = match r % 16 {
        0 => 0,
        1 => emax,
        2 => 1 + (r >> 8) % 3,
        3 => emax - 1 - (r >> 8) % 3,
        4..=7 => (r >> 8) % emax,
        _ => bias - 8 + (r >> 8) % 17,
    };
    (sign << (width - 1)) | (exp << frac_bits) | frac
}

/// A 32-bit integer operand: small, extreme or random.
pub fn random_int(state: &mut u64) -> u64 {
    let r = xorshift(state);
    (match r % 8 {
        0 => [
            0u32,
            1,
            2,
            0xffff_ffff,
            0x8000_0000,
            0x7fff_ffff,
            3,
            0xffff_fffe,
        ][(r >> 8) as usize % 8],
        1 => (r >> 32) as u32 & 0xff,
        2 => ((r >> 32) as u32) >> ((r >> 8) % 32),
        3 => (-(((r >> 32) as u32 & 0xffff) as i32)) as u32,
        _ => (r >> 32) as u32,
    }) as u64
}

/// A random request: every operation, every rounding mode, flush bits now and then.
pub fn random_request(state: &mut u64) -> Request {
    let r = xorshift(state);
    let op = DivsqrtOp::ALL[(r % DivsqrtOp::ALL.len() as u64) as usize];
    let mode = Mode {
        frm: Rm::ALL[((r >> 8) % 5) as usize],
        frm64: Rm::ALL[((r >> 12) % 5) as usize],
        daz32: (r >> 16).is_multiple_of(4),
        ftz32: (r >> 18).is_multiple_of(4),
        daz64: (r >> 20).is_multiple_of(4),
        ftz64: (r >> 22).is_multiple_of(4),
    };
    let (a, b) = if op.is_float() {
        let w = op.width();
        let a = random_float(w, state);
        let b = if op.operands() == 2 {
            // Quotients near the subnormal and overflow thresholds now and then.
            let b = random_float(w, state);
            if (r >> 24).is_multiple_of(4) {
                // b's exponent chosen so that a/b lands near 2^emin or 2^emax.
                let (emask, bias) = if w == 64 {
                    (0x7ffu64, 1023)
                } else {
                    (0xff, 127)
                };
                let shift = if w == 64 { 52 } else { 23 };
                let ea = (a >> shift) & emask;
                let target = if (r >> 26).is_multiple_of(2) {
                    1
                } else {
                    emask - 1
                };
                let eb = (ea + bias + (r >> 28) % 5).wrapping_sub(2 + target) & emask;
                (b & !(emask << shift)) | (eb << shift)
            } else {
                b
            }
        } else {
            0
        };
        (a, b)
    } else {
        (random_int(state), random_int(state))
    };
    Request { op, a, b, mode }
}

impl UnitCodec for DivsqrtCodec {
    fn info(&self) -> UnitInfo {
        info_with(self.clocks)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        Request::parse(text).map(|r| r.encode())
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        let req = Request::decode(op);
        format_answer(req.op, results[0] as u64, results[1] as u8)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let req = Request::decode(op);
        let answer = execute(req.op, req.a, req.b, req.mode);
        Some(format_answer(req.op, answer.result, answer.flags))
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| random_request(&mut state).format())
            .collect()
    }

    fn latency_of(&self, op: &Operation) -> usize {
        request_latency_with(self.clocks, &Request::decode(op))
    }
}

/// Cycles from accept to answer of one request on the default engine
/// ([`DEFAULT_CLOCKS`] per digit).
pub fn request_latency(req: &Request) -> usize {
    request_latency_with(DEFAULT_CLOCKS, req)
}

/// Cycles from accept to answer of one request at `clocks` per digit.
pub fn request_latency_with(clocks: usize, req: &Request) -> usize {
    latency_with(clocks, req.op, req.a, req.b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_errors_name_the_field() {
        let r = Request::parse("fdiv.f32 frm=rtz 3f800000 40400000").unwrap();
        assert_eq!(r.mode.frm, Rm::Rtz);
        assert_eq!(r.format(), "fdiv.f32 frm=rtz 3f800000 40400000");
        let r = Request::parse("fsqrt.f64 4010000000000000 daz64 frm64=rmm").unwrap();
        assert!(r.mode.daz64 && r.mode.frm64 == Rm::Rmm);
        assert_eq!(Request::parse("fdiv.f16 3c00 3c00").unwrap_err().field, 1);
        assert_eq!(Request::parse("div 1 2").unwrap_err().what, "operand a");
        assert_eq!(Request::parse("div 00000001").unwrap_err().field, 3);
        assert_eq!(
            Request::parse("rcp.f32 3f800000 3f800000")
                .unwrap_err()
                .field,
            3
        );
        assert_eq!(
            Request::parse("div frm=dyn 00000001 00000002")
                .unwrap_err()
                .field,
            2
        );
        assert_eq!(
            Request::parse("div fast 00000001 00000002")
                .unwrap_err()
                .what,
            "operand a"
        );
        assert_eq!(
            Request::parse("div x=1 00000001 00000002")
                .unwrap_err()
                .what,
            "option"
        );
        let mut state = 3;
        for _ in 0..2000 {
            let req = random_request(&mut state);
            assert_eq!(Request::parse(&req.format()).unwrap(), req);
            assert_eq!(Request::decode(&req.encode()), req);
        }
    }
}
