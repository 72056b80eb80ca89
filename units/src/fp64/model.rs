//! Bit-exact golden model of the `fp64` unit (SPEC-G3 §1–§4), in plain Rust.
//!
//! [`execute`] takes the raw values of the unit's input ports, so the RTL can
//! be compared with it for *any* port value, including the ones a vector line
//! cannot write: `rm` 5 and 6 (refused by the decoder) act as DYN here, a
//! MODE rounding field is already an [`Rm`] (the codec reads `frm`/`frm64`
//! codes 5..7 as RNE), and an operation reads only the bits it uses (the low
//! 32 of a 32-bit operand, `neg`/`abs` only for ffma, `exec` only for the
//! compares).
//!
//! # Structure
//! * **fadd, fsub, fmul, ffma** share one exact multiply-add: the DFMA
//!   model's public phases ([`multiply`], [`align_addend`], [`accumulate`])
//!   give the exact sum in a 164-bit window (bit 0 may be a jam bit: the
//!   window integer then lies in the same open interval between even
//!   integers as the true sum, and every rounding boundary is an even window
//!   integer, so it rounds the same way); [`narrow`] brings it to 127 bits
//!   plus sticky, and [`round_pack`] rounds it with RISC-V rules (tininess
//!   after rounding, UF only when inexact, FTZ). The special cases are
//!   RISC-V's, written here ([`fma`]): canonical NaN, NV for an sNaN, ∞·0
//!   (even with a quiet NaN addend) and ∞−∞. fadd = a·1 + b,
//!   fsub = a·1 + (−b), fmul = a·b + 0 with the product's sign, so a −0
//!   product keeps its sign in every mode (as the DFMA does).
//! * **Integral rounding, ffract, fldexp, frexp, conversions** work on
//!   [`classify`]'s `sig · 2^exp` with exact integer shifts.
//! * **fmin/fmax, compares, fclass, cmp.class, fsgnj*** are bit rules.
//!
//! MODE per operation follows [`super::op`]'s decisions: input flush by
//! `daz64` (fcvt.f64.f32: `daz32`), output flush by `ftz64` (fcvt.f32.f64:
//! `ftz32`), never for fsgnj*, fclass, compares and cmp.class.
//!
//! Checked against Berkeley SoftFloat and exact rational arithmetic in
//! `testbench/tests/fp64_model.rs`.

use super::op::{Cc, Fp64Op};
use crate::dfma::model::{
    accumulate, align_addend, multiply, unpack, Class as DfmaClass, Sum, Unpacked,
};
pub use crate::fp::ieee::{
    classify, nan_answer, round_pack, Answer, Class, Format, Mode, Rm, DZ, F32, F64, NV, NX, OF, UF,
};

/// The `rm` code of DYN: take MODE's field (SPEC-G3 §1).
pub const RM_DYN: u8 = 7;
/// The sign bit of a binary64.
pub const SIGN64: u64 = 1 << 63;
/// The largest binary64 below 1 (ffract's upper clamp, SPEC-G3 §2).
pub const ONE_MINUS_ULP: u64 = 0x3fef_ffff_ffff_ffff;
/// Width of the significand handed to [`round_pack`] after [`narrow`]: the
/// sum's leading one lands on bit `NARROW_W − 1`, far above the p + 2 = 55
/// bits rounding needs.
pub const NARROW_W: u32 = 127;
/// |ldexp exponent| beyond which the result no longer changes (it has
/// overflowed or underflowed past every subnormal): 2·(1074 + 1024) < 4400.
pub const LDEXP_CLAMP: i32 = 4400;
/// The RISC-V 10-bit class mask's width (fclass, cmp.class).
pub const CLASS_W: u32 = 10;

/// The unit's per-operation controls besides the operands (the ports
/// `in_rm`, `in_neg`, `in_abs`, `in_exec` and MODE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Controls {
    /// Explicit rounding mode of ffma.f64 and fcvt.f32.f64.m, RISC-V code
    /// (0..4; 7 DYN; the reserved 5 and 6 also act as DYN at the port).
    pub rm: u8,
    /// ffma's negate mask: bit k−1 flips the sign of source k (after `abs`).
    pub neg: u8,
    /// ffma's absolute-value mask: bit k−1 clears the sign of source k.
    pub abs: u8,
    /// The lane's EXEC bit (compares and cmp.class answer P ∧ exec).
    pub exec: bool,
    /// MODE: rounding and flush fields.
    pub mode: Mode,
}

impl Default for Controls {
    /// rm = DYN, no modifiers, lane active, MODE at reset.
    fn default() -> Self {
        Controls {
            rm: RM_DYN,
            neg: 0,
            abs: 0,
            exec: true,
            mode: Mode::default(),
        }
    }
}

/// The rounding mode of an explicit `rm` code: 0..4 themselves, 5..7 `dynamic`.
pub fn explicit_rm(rm: u8, dynamic: Rm) -> Rm {
    Rm::from_code(rm as u32).unwrap_or(dynamic)
}

/// The unit's answer to `op` on the raw port values `a`, `b`, `c` under `ctl`.
/// 32-bit results are zero-extended; a compare answers 0 or 1.
pub fn execute(op: Fp64Op, a: u64, b: u64, c: u64, ctl: &Controls) -> Answer {
    let m = ctl.mode;
    let lo = |x: u64| x & 0xffff_ffff;
    match op {
        Fp64Op::Fadd => add(a, b, m.frm64, m.daz64, m.ftz64),
        Fp64Op::Fsub => add(a, b ^ SIGN64, m.frm64, m.daz64, m.ftz64),
        Fp64Op::Fmul => mul(a, b, m.frm64, m.daz64, m.ftz64),
        Fp64Op::Ffma => {
            let a = modify(a, 0, ctl);
            let b = modify(b, 1, ctl);
            let c = modify(c, 2, ctl);
            fma(a, b, c, explicit_rm(ctl.rm, m.frm64), m.daz64, m.ftz64)
        }
        Fp64Op::Fmin => min_max(a, b, false, m.daz64),
        Fp64Op::Fmax => min_max(a, b, true, m.daz64),
        Fp64Op::Fsgnj => plain((b & SIGN64) | (a & !SIGN64)),
        Fp64Op::Fsgnjn => plain((!b & SIGN64) | (a & !SIGN64)),
        Fp64Op::Fsgnjx => plain(a ^ (b & SIGN64)),
        Fp64Op::Fldexp => ldexp(a, lo(b) as u32 as i32, m.frm64, m.daz64, m.ftz64),
        Fp64Op::Fclass => plain(fclass(a) as u64),
        Fp64Op::Ffloor => round_integral(a, Rm::Rdn, m.daz64),
        Fp64Op::Fceil => round_integral(a, Rm::Rup, m.daz64),
        Fp64Op::Ftrunc => round_integral(a, Rm::Rtz, m.daz64),
        Fp64Op::Frndne => round_integral(a, Rm::Rne, m.daz64),
        Fp64Op::Ffract => fract(a, m.frm64, m.daz64, m.ftz64),
        Fp64Op::CvtF64F32 => widen(F32, F64, lo(a), m.daz32),
        Fp64Op::CvtF32F64 => narrow_f32(a, m.frm, m.daz64, m.ftz32),
        Fp64Op::CvtF32F64M => narrow_f32(a, explicit_rm(ctl.rm, m.frm), m.daz64, m.ftz32),
        Fp64Op::CvtI32F64 => to_int(a, true, m.daz64),
        Fp64Op::CvtU32F64 => to_int(a, false, m.daz64),
        Fp64Op::CvtF64I32 => from_int(lo(a) as u32 as i32 as i64),
        Fp64Op::CvtF64U32 => from_int(lo(a) as i64),
        Fp64Op::FrexpMant => frexp_mant(a, m.daz64),
        Fp64Op::FrexpExp => plain(frexp_exp(a, m.daz64) as u32 as u64),
        Fp64Op::Cmp(cc) => compare(cc, a, b, ctl.exec),
        Fp64Op::CmpClass => {
            plain((ctl.exec && fclass(a) & (lo(b) as u32) & ((1 << CLASS_W) - 1) != 0) as u64)
        }
    }
}

/// A result that raises no flag.
fn plain(result: u64) -> Answer {
    Answer { result, flags: 0 }
}

/// ffma's source modifiers on the raw bits of source `k` (0-based): `abs`
/// clears the sign, then `neg` flips it.
pub fn modify(x: u64, k: u32, ctl: &Controls) -> u64 {
    let x = if (ctl.abs >> k) & 1 == 1 {
        x & !SIGN64
    } else {
        x
    };
    if (ctl.neg >> k) & 1 == 1 {
        x ^ SIGN64
    } else {
        x
    }
}

/// DAZ of `fmt`: a subnormal reads as the zero of its sign.
pub fn flush_input(fmt: Format, x: u64, daz: bool) -> u64 {
    let exp = (x >> fmt.frac_bits()) & fmt.exp_max();
    if daz && exp == 0 {
        x & fmt.sign_bit()
    } else {
        x
    }
}

/// ±0 of an exact zero result: `sign` when both addends were zeros of that
/// sign; +0 for a cancellation (opposite signs), −0 under RDN (IEEE 754 §6.3).
fn exact_zero(sign_a: bool, sign_b: bool, rm: Rm) -> Answer {
    let neg = if sign_a == sign_b {
        sign_a
    } else {
        rm == Rm::Rdn
    };
    plain(F64.zero(neg))
}

fn is_snan(u: &Unpacked) -> bool {
    u.class == DfmaClass::SignalingNan
}

/// fadd: `a·1 + b` in one rounding (the product `a·1` is exact).
pub fn add(a: u64, b: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    fma(a, F64.one(), b, rm, daz, ftz)
}

/// fmul: `a·b + z` with `z` the zero of the product's sign, so an exact zero
/// product keeps its sign in every mode.
pub fn mul(a: u64, b: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    fma(a, b, (a ^ b) & SIGN64, rm, daz, ftz)
}

/// `a·b + c` rounded once in `rm` (RISC-V specials; DAZ on the three inputs,
/// FTZ on the result).
pub fn fma(a: u64, b: u64, c: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let ua = unpack(flush_input(F64, a, daz));
    let ub = unpack(flush_input(F64, b, daz));
    let uc = unpack(flush_input(F64, c, daz));
    let signalling = is_snan(&ua) || is_snan(&ub) || is_snan(&uc);
    if ua.is_nan() || ub.is_nan() {
        return nan_answer(F64, signalling);
    }
    // ∞·0 is invalid even when the addend is a quiet NaN (RISC-V, SoftFloat).
    if (ua.is_inf() && ub.is_zero()) || (ua.is_zero() && ub.is_inf()) {
        return nan_answer(F64, true);
    }
    if uc.is_nan() {
        return nan_answer(F64, signalling);
    }
    let product_sign = ua.sign != ub.sign;
    if ua.is_inf() || ub.is_inf() {
        if uc.is_inf() && uc.sign != product_sign {
            return nan_answer(F64, true);
        }
        return plain(F64.infinity(product_sign));
    }
    if uc.is_inf() {
        return plain(F64.infinity(uc.sign));
    }
    if ua.is_zero() || ub.is_zero() {
        if uc.is_zero() {
            return exact_zero(product_sign, uc.sign, rm);
        }
        // 0 + c = c exactly; through the rounder so that FTZ applies.
        return round_pack(
            F64,
            uc.sign,
            uc.sig as u128,
            uc.exp - F64.frac_bits() as i32,
            false,
            rm,
            ftz,
        );
    }
    let product = multiply(&ua, &ub);
    let addend = align_addend(&product, &uc);
    let sum = accumulate(&product, &addend);
    if sum.mag.is_zero() {
        // Exact cancellation of two non-zero terms.
        return exact_zero(false, true, rm);
    }
    let (sig, exp, sticky) = narrow(&sum);
    round_pack(F64, sum.sign, sig, exp, sticky, rm, ftz)
}

/// The window's magnitude as `(sig, exp, sticky)`: value `(sig + δ)·2^exp`
/// with `0 < δ < 1` when `sticky`; `sig` keeps the top [`NARROW_W`] bits.
pub fn narrow(sum: &Sum) -> (u128, i32, bool) {
    if sum.mag.hi == 0 {
        return (sum.mag.lo, sum.lsb_exp, false);
    }
    let bits = crate::dfma::model::WIDE_BITS - sum.mag.leading_zeros();
    let shift = bits - NARROW_W;
    (
        sum.mag.shift_right(shift).lo,
        sum.lsb_exp + shift as i32,
        sum.mag.any_below(shift),
    )
}

/// minimumNumber / maximumNumber (SPEC-G3 §2): −0 < +0; one NaN gives the
/// other (flushed) operand; two NaNs the canonical NaN; NV if either is an sNaN.
pub fn min_max(a: u64, b: u64, max: bool, daz: bool) -> Answer {
    let (a, b) = (flush_input(F64, a, daz), flush_input(F64, b, daz));
    let (ua, ub) = (unpack(a), unpack(b));
    let flags = if is_snan(&ua) || is_snan(&ub) { NV } else { 0 };
    let result = match (ua.is_nan(), ub.is_nan()) {
        (true, true) => F64.canonical_nan(),
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            let a_first = order_key(a) <= order_key(b);
            if a_first != max {
                a
            } else {
                b
            }
        }
    };
    Answer { result, flags }
}

/// Monotonic key of a non-NaN binary64: `key(x) < key(y)` iff x < y, −0 just under +0.
pub fn order_key(x: u64) -> u64 {
    if x & SIGN64 != 0 {
        !x
    } else {
        x | SIGN64
    }
}

/// `cmp.<cc>.f64` (SPEC-G3 §3): P ∧ exec; lt le gt ge raise NV for any NaN,
/// the others for an sNaN; an inactive lane raises nothing. No flush.
pub fn compare(cc: Cc, a: u64, b: u64, exec: bool) -> Answer {
    let (ua, ub) = (unpack(a), unpack(b));
    let unordered = ua.is_nan() || ub.is_nan();
    let invalid = if cc.signals_on_qnan() {
        unordered
    } else {
        is_snan(&ua) || is_snan(&ub)
    };
    let equal = !unordered && (a == b || (a | b) & !SIGN64 == 0);
    let less = !unordered && !equal && order_key(a) < order_key(b);
    let greater = !unordered && !equal && !less;
    let p = match cc {
        Cc::Eq => equal,
        Cc::Ne => less || greater,
        Cc::Lt => less,
        Cc::Le => less || equal,
        Cc::Gt => greater,
        Cc::Ge => greater || equal,
        Cc::O => !unordered,
        Cc::U => unordered,
        Cc::Equ => unordered || equal,
        Cc::Neu => unordered || !equal,
        Cc::Ltu => unordered || less,
        Cc::Leu => unordered || less || equal,
        Cc::Gtu => unordered || greater,
        Cc::Geu => unordered || greater || equal,
    };
    Answer {
        result: (p && exec) as u64,
        flags: if exec && invalid { NV } else { 0 },
    }
}

/// RISC-V's 10-bit class mask of a binary64 (never flushed): bit 0 −Inf,
/// 1 −normal, 2 −subnormal, 3 −0, 4 +0, 5 +subnormal, 6 +normal, 7 +Inf,
/// 8 sNaN, 9 qNaN.
pub fn fclass(x: u64) -> u32 {
    let neg = x & SIGN64 != 0;
    let exp = (x >> 52) & 0x7ff;
    let frac = x & F64.frac_mask();
    let bit = match (exp, frac) {
        (0x7ff, 0) => {
            if neg {
                0
            } else {
                7
            }
        }
        (0x7ff, f) => {
            if f >> 51 == 0 {
                8
            } else {
                9
            }
        }
        (0, 0) => {
            if neg {
                3
            } else {
                4
            }
        }
        (0, _) => {
            if neg {
                2
            } else {
                5
            }
        }
        _ => {
            if neg {
                1
            } else {
                6
            }
        }
    };
    1 << bit
}

/// `(kept, round, sticky)` of `sig >> shift` (shift may exceed 127).
fn shift_out(sig: u128, shift: u32) -> (u128, bool, bool) {
    match shift {
        0 => (sig, false, false),
        1..=127 => (
            sig >> shift,
            (sig >> (shift - 1)) & 1 == 1,
            sig & ((1u128 << (shift - 1)) - 1) != 0,
        ),
        128 => (0, sig >> 127 == 1, sig & (u128::MAX >> 1) != 0),
        _ => (0, false, sig != 0),
    }
}

/// ffloor/fceil/ftrunc/frndne: round to an integral value in `dir`; NV only
/// for an sNaN, never NX; ±0, ±Inf kept; the sign kept (ceil(−0.5) = −0).
pub fn round_integral(a: u64, dir: Rm, daz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    match class {
        Class::Nan { signalling } => nan_answer(F64, signalling),
        Class::Zero => plain(F64.zero(neg)),
        Class::Inf => plain(a),
        Class::Finite { exp, .. } if exp >= 0 => plain(a),
        Class::Finite { sig, exp } => {
            let (kept, round, sticky) = shift_out(sig as u128, exp.unsigned_abs());
            let k = kept + dir.round_up(neg, kept & 1 == 1, round, sticky) as u128;
            if k == 0 {
                plain(F64.zero(neg))
            } else {
                // k ≤ 2^53: exact.
                plain(round_pack(F64, neg, k, 0, false, Rm::Rne, false).result)
            }
        }
    }
}

/// ffract: `a − floor(a)` rounded in `rm`, then at most `ONE_MINUS_ULP`;
/// ±Inf → canonical NaN with NV; an integer (±0 included) → +0 (−0 in RDN).
pub fn fract(a: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    let zero = exact_zero(false, true, rm);
    match class {
        Class::Nan { signalling } => nan_answer(F64, signalling),
        Class::Inf => nan_answer(F64, true),
        Class::Zero => zero,
        Class::Finite { exp, .. } if exp >= 0 => zero,
        Class::Finite { sig, exp } => {
            let sh = exp.unsigned_abs();
            let f = if sh >= 64 { sig } else { sig & ((1 << sh) - 1) };
            if f == 0 {
                return zero;
            }
            let rounded = if !neg {
                // The fraction bits of a positive value are exact.
                round_pack(F64, false, f as u128, exp, false, rm, ftz)
            } else {
                // 1 − f·2^exp, in a window of W bits below the binary point.
                const W: u32 = 126;
                if sh <= W {
                    round_pack(F64, false, (1u128 << sh) - f as u128, exp, false, rm, ftz)
                } else {
                    // f·2^exp = (m + r)·2^-W with 0 ≤ r < 1 (f < 2^53).
                    let k = sh - W;
                    let (m, r_nonzero) = if k >= 64 {
                        (0, true)
                    } else {
                        (f >> k, f & ((1 << k) - 1) != 0)
                    };
                    let m = m as u128;
                    let sig = (1u128 << W) - m - r_nonzero as u128;
                    round_pack(F64, false, sig, -(W as i32), r_nonzero, rm, ftz)
                }
            };
            Answer {
                result: rounded.result.min(ONE_MINUS_ULP),
                flags: rounded.flags,
            }
        }
    }
}

/// fldexp: `a·2^n` with one rounding in `rm` where it over/underflows; NaN
/// canonical (NV for an sNaN); ±0 and ±Inf kept.
pub fn ldexp(a: u64, n: i32, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    match class {
        Class::Nan { signalling } => nan_answer(F64, signalling),
        Class::Zero => plain(F64.zero(neg)),
        Class::Inf => plain(a),
        Class::Finite { sig, exp } => {
            let n = n.clamp(-LDEXP_CLAMP, LDEXP_CLAMP);
            round_pack(F64, neg, sig as u128, exp + n, false, rm, ftz)
        }
    }
}

/// frexp.mant: sign·m with m ∈ [0.5, 1), subnormals normalised; ±0 kept;
/// NaN and ±Inf unchanged bit for bit; never a flag (seed).
pub fn frexp_mant(a: u64, daz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    match class {
        Class::Nan { .. } | Class::Inf => plain(a),
        Class::Zero => plain(F64.zero(neg)),
        Class::Finite { sig, .. } => {
            // Biased exponent of 0.5: bias − 1.
            let half = (F64.bias() as u64 - 1) << F64.frac_bits();
            plain(((neg as u64) << 63) | half | (sig & F64.frac_mask()))
        }
    }
}

/// frexp.exp: e with a = m·2^e, m ∈ [0.5, 1) (−1073 … 1024); 0 for ±0, ±Inf, NaN.
pub fn frexp_exp(a: u64, daz: bool) -> i32 {
    match classify(F64, a, daz).1 {
        Class::Finite { exp, .. } => exp + F64.precision as i32,
        _ => 0,
    }
}

/// An exact widening conversion (`from` narrower than `to`); DAZ of `from`.
pub fn widen(from: Format, to: Format, a: u64, daz: bool) -> Answer {
    let (neg, class) = classify(from, a, daz);
    match class {
        Class::Nan { signalling } => nan_answer(to, signalling),
        Class::Inf => plain(to.infinity(neg)),
        Class::Zero => plain(to.zero(neg)),
        Class::Finite { sig, exp } => round_pack(to, neg, sig as u128, exp, false, Rm::Rne, false),
    }
}

/// fcvt.f32.f64(.m): one rounding in `rm`; `daz64` on the input, `ftz32` on the result.
pub fn narrow_f32(a: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    match class {
        Class::Nan { signalling } => nan_answer(F32, signalling),
        Class::Inf => plain(F32.infinity(neg)),
        Class::Zero => plain(F32.zero(neg)),
        Class::Finite { sig, exp } => round_pack(F32, neg, sig as u128, exp, false, rm, ftz),
    }
}

/// fcvt.i32.f64 (`signed`) / fcvt.u32.f64: RTZ, saturating (RISC-V): NaN →
/// the largest value, NV when out of range or NaN, else NX when inexact;
/// u32 of a value in (−1, 0) is 0 with NX, of −1 and below 0 with NV.
pub fn to_int(a: u64, signed: bool, daz: bool) -> Answer {
    let (neg, class) = classify(F64, a, daz);
    let (max, min) = if signed {
        (i32::MAX as u32, i32::MIN as u32)
    } else {
        (u32::MAX, 0)
    };
    let invalid = |result: u32| Answer {
        result: result as u64,
        flags: NV,
    };
    let saturated = if neg { min } else { max };
    match class {
        Class::Nan { .. } => invalid(max),
        Class::Inf => invalid(saturated),
        Class::Zero => plain(0),
        Class::Finite { sig, exp } => {
            // |a| ≥ 2^32 overflows both forms; 53 + 31 < 128.
            if exp > 31 {
                return invalid(saturated);
            }
            let (mag, inexact) = if exp >= 0 {
                ((sig as u128) << exp, false)
            } else {
                let (k, round, sticky) = shift_out(sig as u128, exp.unsigned_abs());
                (k, round || sticky)
            };
            let limit: u128 = match (signed, neg) {
                (true, false) => i32::MAX as u128,
                (true, true) => 1 << 31,
                (false, false) => u32::MAX as u128,
                (false, true) => 0,
            };
            if mag > limit {
                return invalid(saturated);
            }
            let result = if neg {
                (mag as u32).wrapping_neg()
            } else {
                mag as u32
            };
            Answer {
                result: result as u64,
                flags: if inexact { NX } else { 0 },
            }
        }
    }
}

/// fcvt.f64.i32 / fcvt.f64.u32: exact.
pub fn from_int(x: i64) -> Answer {
    if x == 0 {
        return plain(0);
    }
    round_pack(
        F64,
        x < 0,
        x.unsigned_abs() as u128,
        0,
        false,
        Rm::Rne,
        false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(op: Fp64Op, a: u64, b: u64, c: u64, ctl: Controls) -> (u64, u8) {
        let r = execute(op, a, b, c, &ctl);
        (r.result, r.flags)
    }

    #[test]
    fn spec_g3_section_7_examples() {
        let d = Controls::default();
        assert_eq!(
            run(
                Fp64Op::Fadd,
                0x3ff0_0000_0000_0000,
                0x4000_0000_0000_0000,
                0,
                d
            ),
            (0x4008_0000_0000_0000, 0)
        );
        let fma = Controls {
            rm: Rm::Rdn.code() as u8,
            neg: 4,
            ..d
        };
        assert_eq!(
            run(
                Fp64Op::Ffma,
                0x3ff0_0000_0000_0000,
                0x3ff0_0000_0000_0000,
                0x3c90_0000_0000_0000,
                fma
            ),
            (0x3fef_ffff_ffff_ffff, NX)
        );
        assert_eq!(
            run(Fp64Op::Cmp(Cc::Lt), 0x7ff8_0000_0000_0000, 0, 0, d),
            (0, NV)
        );
    }

    #[test]
    fn zero_signs_and_cancellation() {
        let d = Controls::default();
        let rdn = Controls {
            mode: Mode {
                frm64: Rm::Rdn,
                ..Mode::default()
            },
            ..d
        };
        let one = 0x3ff0_0000_0000_0000;
        assert_eq!(run(Fp64Op::Fsub, one, one, 0, d), (0, 0));
        assert_eq!(run(Fp64Op::Fsub, one, one, 0, rdn), (SIGN64, 0));
        assert_eq!(run(Fp64Op::Fmul, SIGN64, one, 0, d), (SIGN64, 0));
        assert_eq!(run(Fp64Op::Fmul, 0, one, 0, rdn), (0, 0));
        assert_eq!(run(Fp64Op::Fadd, SIGN64, SIGN64, 0, d), (SIGN64, 0));
        // ceil(−0.5) = −0, no NX.
        assert_eq!(
            run(Fp64Op::Fceil, 0xbfe0_0000_0000_0000, 0, 0, d),
            (SIGN64, 0)
        );
        // ffract(−2^-60) rounds to 1.0 and is clamped.
        assert_eq!(
            run(Fp64Op::Ffract, 0xbc30_0000_0000_0000, 0, 0, d),
            (ONE_MINUS_ULP, NX)
        );
    }
}
