//! The SFU's vector lines (SPEC-G3 §7) on its ports, its info, its golden
//! model and its random traffic. Lines are DIVSQRT's ([`parse_mode_line`]):
//! `<mnemonic> [options] <operands>` with MODE's options; operands are 4 hex
//! digits for the binary16 forms, 8 for the 32-bit ones, 16 for the f64
//! ones. The answer is `<result> <fflags>`. Answers come back in any order;
//! `rtl-gen sim` prints them in input order.

use super::model::{execute, Mode, Path, Rm, SfuOp};
use super::rtl::{
    APPROX_LATENCY, ENGINE_CLOCKS, ENGINE_LZC2, FLAGS_W, HOLD_LATENCY, OP_W, REQ_LATENCY, RM_W,
};
use crate::divsqrt::codec::{random_float, random_int};
use crate::divsqrt::model::DivsqrtOp;
use crate::divsqrt::rtl::{latency_with, LZC2_CLOCKS};
use crate::fp::ieee::{format_answer, ModeRequest};
use crate::unit::{xorshift, Operation, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::FieldError;

/// Vector-file codec and golden model of the SFU.
#[derive(Clone, Copy, Debug, Default)]
pub struct SfuCodec;

/// One decoded vector line.
pub type Request = ModeRequest<SfuOp>;

/// The latencies at both ends of every operation: floats at 1.0 (their
/// latency does not depend on the operands), the integer forms with a zero
/// divisor (one iterate clock) and the longest integer division.
fn extreme_latencies() -> impl Iterator<Item = usize> {
    SfuOp::ALL
        .iter()
        .flat_map(|&op| {
            [
                op_latency(op, 0x3ff0_0000_0000_0000, 0x3ff0_0000_0000_0000),
                op_latency(op, 1, 0),
            ]
        })
        .chain([op_latency(SfuOp::Div, 0x7fff_ffff, 1)])
}

/// The longest latency: rsq.f64's two passes.
pub fn max_latency() -> usize {
    extreme_latencies().max().unwrap()
}

/// The shortest latency: an integer division by zero.
pub fn min_latency() -> usize {
    extreme_latencies().min().unwrap()
}

/// The engine's clocks for one operation at [`ENGINE_CLOCKS`], with its
/// two-clock leading-zero count ([`ENGINE_LZC2`]).
fn engine_latency(op: DivsqrtOp, a: u64, b: u64) -> usize {
    latency_with(ENGINE_CLOCKS, op, a, b) + if ENGINE_LZC2 { LZC2_CLOCKS } else { 0 }
}

/// Clocks from accept to answer of one operation alone in the unit.
pub fn op_latency(op: SfuOp, a: u64, b: u64) -> usize {
    match op.path() {
        Path::Approx(..) => APPROX_LATENCY,
        Path::Engine(dop) => REQ_LATENCY + engine_latency(dop, a, b) + HOLD_LATENCY,
        // The root's answer goes back through `req` as rcp.f64.
        Path::RsqF64 => {
            REQ_LATENCY
                + engine_latency(DivsqrtOp::FsqrtF64, a, 0)
                + REQ_LATENCY
                + engine_latency(DivsqrtOp::RcpF64, 0x3ff0_0000_0000_0000, 0)
                + HOLD_LATENCY
        }
    }
}

/// The SFU's info: ports in the convention order.
pub fn info() -> UnitInfo {
    UnitInfo {
        name: "sfu".into(),
        description: "seed 001's async SFU: rsq/sqrt/exp2/log2/sin/cos f32 and all seven f16 forms on the MUFU's interpolator with real subnormals (one per clock), and on the divsqrt engine rcp.f32/rcp.f64 correctly rounded, rsq.f64 (two passes), fdiv, fsqrt, div/divu/rem/remu; ready/valid, tagged answers in any order",
        latency: max_latency(),
        min_latency: min_latency(),
        pipeline_stages: APPROX_LATENCY,
        rom_bits: crate::mufu::codec::info("mufu".into(), crate::mufu::rtl::DEFAULT_DEPTH).rom_bits,
        params: vec![],
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
                "R1 0x22 f11 (0 rcp.f32 … 10 fsqrt.f64); 16 + f10 − 0x40 (binary16 forms); 24 + f4 of R 0x24 (div … fdiv.f64)",
            ),
            Port::input(
                "in_a",
                64,
                "first operand, right-aligned (binary16 in 15:0, 32-bit forms in 31:0)",
            ),
            Port::input("in_b", 64, "second operand (fdiv, div/rem)"),
            Port::input(
                "in_frm",
                RM_W as u32,
                "MODE.frm: rounding of correctly rounded f32 results (0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM)",
            ),
            Port::input(
                "in_frm64",
                RM_W as u32,
                "MODE.frm64 (fdiv.f64, fsqrt.f64; rcp.f64 and rsq.f64 always RNE)",
            ),
            Port::input(
                "in_daz32",
                1,
                "MODE.daz32: f32 and f16 subnormal inputs read as zero",
            ),
            Port::input(
                "in_ftz32",
                1,
                "MODE.ftz32: f32 and f16 subnormal results flushed to zero",
            ),
            Port::input("in_daz64", 1, "MODE.daz64 (fdiv.f64, fsqrt.f64)"),
            Port::input("in_ftz64", 1, "MODE.ftz64 (fdiv.f64, fsqrt.f64)"),
            Port::output("out_valid", 1, "an answer is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output(
                "out_result",
                64,
                "the result, right-aligned (narrower forms zero-extended)",
            ),
            Port::output(
                "out_flags",
                FLAGS_W as u32,
                "fflags NV DZ OF UF NX (bit 4..0); approximations NV and DZ only",
            ),
            Port::output(
                "in_ready",
                1,
                "the presented operation is accepted at this edge (depends on in_op: the divide engine's, or the approximations')",
            ),
        ],
    }
}

/// A binary16 operand that exercises the classes (subnormals, the range edges).
pub fn random_f16(state: &mut u64) -> u64 {
    let r = xorshift(state);
    let sign = (r >> 63) & 1;
    let frac = match (r >> 8) % 6 {
        0 => 0,
        1 => 0x3ff,
        _ => (r >> 16) & 0x3ff,
    };
    let exp = match r % 8 {
        0 => 0,
        1 => 0x1f,
        2 => 1 + (r >> 32) % 3,
        _ => (r >> 32) % 31,
    };
    (sign << 15) | (exp << 10) | frac
}

/// A binary32 operand for an approximation: [`random_float`]'s classes, and
/// now and then exp2's operands around the subnormal results.
pub fn random_f32_approx(op: SfuOp, state: &mut u64) -> u64 {
    let r = xorshift(state);
    if op == SfuOp::Exp2F32 && r.is_multiple_of(3) {
        // −153 … −125, fractions included.
        let v = -(125.0 + (r >> 20) as f64 / (1u64 << 44) as f64 * 28.0);
        return (v as f32).to_bits() as u64;
    }
    random_float(32, state)
}

/// A random request: every operation, every rounding mode, flush bits now and then.
pub fn random_request(state: &mut u64) -> Request {
    let r = xorshift(state);
    let op = SfuOp::ALL[(r % SfuOp::ALL.len() as u64) as usize];
    let mode = Mode {
        frm: Rm::ALL[((r >> 8) % 5) as usize],
        frm64: Rm::ALL[((r >> 12) % 5) as usize],
        daz32: (r >> 16).is_multiple_of(4),
        ftz32: (r >> 18).is_multiple_of(4),
        daz64: (r >> 20).is_multiple_of(4),
        ftz64: (r >> 22).is_multiple_of(4),
    };
    let operand = |state: &mut u64| match op.width() {
        16 => random_f16(state),
        64 => random_float(64, state),
        _ if matches!(op, SfuOp::Div | SfuOp::Divu | SfuOp::Rem | SfuOp::Remu) => random_int(state),
        _ if op.is_approx() => random_f32_approx(op, state),
        _ => random_float(32, state),
    };
    let a = operand(state);
    let b = if op.operands() == 2 {
        operand(state)
    } else {
        0
    };
    Request { op, a, b, mode }
}

impl UnitCodec for SfuCodec {
    fn info(&self) -> UnitInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        Request::parse(text).map(|r| r.encode())
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        let req = Request::decode(op);
        format_answer(req.op.width(), results[0] as u64, results[1] as u8)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let req = Request::decode(op);
        let answer = execute(req.op, req.a, req.b, req.mode);
        Some(format_answer(req.op.width(), answer.result, answer.flags))
    }

    fn latency_of(&self, op: &Operation) -> usize {
        let req = Request::decode(op);
        op_latency(req.op, req.a, req.b)
    }

    fn answers_in_order(&self) -> bool {
        false
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| random_request(&mut state).format())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_errors_name_the_field() {
        let r = Request::parse("rcp.f16 4000").unwrap();
        assert_eq!((r.op, r.a), (SfuOp::RcpF16, 0x4000));
        assert_eq!(Request::parse("rcp.f16 3f800000").unwrap_err().field, 2);
        assert_eq!(Request::parse("tanh.f32 3f800000").unwrap_err().field, 1);
        assert_eq!(
            Request::parse("exp2.f32 frm=xyz 3f800000")
                .unwrap_err()
                .field,
            2
        );
        let mut state = 5;
        for _ in 0..2000 {
            let req = random_request(&mut state);
            assert_eq!(Request::parse(&req.format()).unwrap(), req);
            assert_eq!(Request::decode(&req.encode()), req);
        }
    }
}
