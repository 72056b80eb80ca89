//! Independent references for the units that follow SPEC-G3's RISC-V rules
//! (`fp64`, `divsqrt`, `sfu`): Berkeley SoftFloat with all five rounding
//! modes (RMM = `round_near_maxMag`) and its exception flags, SPEC-G3 §1's
//! layer on top of it (canonical NaN, DAZ, FTZ), and exact rational
//! arithmetic with a rounding routine of its own (never
//! `units::fp::ieee::round_pack`), so a model bug cannot hide in its reference.
//!
//! SoftFloat's rounding mode and flags are thread-local in this build
//! (softfloat-sys defines `THREAD_LOCAL`), so [`softfloat`] needs no lock.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{ExceptionFlags, RoundingMode};
use units::fp::ieee::{Answer, Format, Rm, NX, OF, UF};

/// SoftFloat's name for a RISC-V rounding mode.
pub fn sf_mode(rm: Rm) -> RoundingMode {
    match rm {
        Rm::Rne => RoundingMode::TiesToEven,
        Rm::Rtz => RoundingMode::TowardZero,
        Rm::Rdn => RoundingMode::TowardNegative,
        Rm::Rup => RoundingMode::TowardPositive,
        Rm::Rmm => RoundingMode::TiesToAway,
    }
}

/// Runs one SoftFloat operation with the flags cleared before; its result
/// and the flags it raised (RISC-V order, as SoftFloat's).
pub fn softfloat<T>(f: impl FnOnce() -> T) -> (T, u8) {
    let mut flags = ExceptionFlags::default();
    flags.set();
    let r = f();
    flags.get();
    (r, flags.to_bits())
}

/// The biased exponent field.
pub fn exp_field(fmt: Format, x: u64) -> u64 {
    (x >> fmt.frac_bits()) & fmt.exp_max()
}

/// A NaN of either kind.
pub fn is_nan(fmt: Format, x: u64) -> bool {
    exp_field(fmt, x) == fmt.exp_max() && x & fmt.frac_mask() != 0
}

/// A signalling NaN (quiet bit clear).
pub fn is_snan(fmt: Format, x: u64) -> bool {
    is_nan(fmt, x) && (x >> (fmt.frac_bits() - 1)) & 1 == 0
}

/// A subnormal (not zero).
pub fn is_subnormal(fmt: Format, x: u64) -> bool {
    exp_field(fmt, x) == 0 && x & fmt.frac_mask() != 0
}

/// DAZ: a subnormal input reads as the signed zero.
pub fn daz(fmt: Format, x: u64, on: bool) -> u64 {
    if on && is_subnormal(fmt, x) {
        x & fmt.sign_bit()
    } else {
        x
    }
}

/// SPEC-G3 §1 on top of SoftFloat's answer: canonical NaN, FTZ (a
/// subnormal result becomes a signed zero with UF|NX).
pub fn spec_layer(fmt: Format, result: u64, flags: u8, ftz: bool) -> Answer {
    if is_nan(fmt, result) {
        return Answer {
            result: fmt.canonical_nan(),
            flags,
        };
    }
    if ftz && is_subnormal(fmt, result) {
        return Answer {
            result: result & fmt.sign_bit(),
            flags: flags | UF | NX,
        };
    }
    Answer { result, flags }
}

/// `2^e` as an exact rational.
pub fn pow2(e: i64) -> BigRational {
    if e >= 0 {
        BigRational::from_integer(BigInt::one() << e as usize)
    } else {
        BigRational::new(BigInt::one(), BigInt::one() << (-e) as usize)
    }
}

/// A finite float as an exact rational.
pub fn rational(fmt: Format, x: u64) -> BigRational {
    let e = exp_field(fmt, x) as i64;
    let f = x & fmt.frac_mask();
    let (sig, exp) = if e == 0 {
        (f, 1 - fmt.bias() as i64 - fmt.frac_bits() as i64)
    } else {
        (
            f | (1 << fmt.frac_bits()),
            e - fmt.bias() as i64 - fmt.frac_bits() as i64,
        )
    };
    let v = BigRational::from_integer(BigInt::from(sig)) * pow2(exp);
    if x & fmt.sign_bit() != 0 {
        -v
    } else {
        v
    }
}

/// Rounds `(−1)^neg · (n + ε) · 2^e` (`0 < ε < 1` when `sticky`, `n > 0`)
/// into `fmt` from the definitions, with big integers: tininess after
/// rounding, UF when tiny and inexact. No FTZ (the caller's layer).
pub fn exact_round(fmt: Format, neg: bool, n: &BigInt, e: i64, sticky: bool, rm: Rm) -> Answer {
    let p = fmt.precision as i64;
    let emin = 1 - fmt.bias() as i64;
    let top = n.bits() as i64 - 1 + e; // exponent of the leading bit
    let round_at = |lsb: i64| -> (BigInt, bool) {
        let shift = lsb - e;
        if shift <= 0 {
            return (n << (-shift) as usize, sticky);
        }
        let unit = BigInt::one() << shift as usize;
        let (kept, rest) = (n / &unit, n % &unit);
        let half = &unit >> 1usize;
        let exact = rest.is_zero() && !sticky;
        let above_half = rest > half || (rest == half && sticky);
        let at_half = rest == half && !sticky;
        let odd = (&kept % 2u32) == BigInt::one();
        let up = match rm {
            Rm::Rne => above_half || (at_half && odd),
            Rm::Rmm => above_half || at_half,
            Rm::Rtz => false,
            Rm::Rdn => neg && !exact,
            Rm::Rup => !neg && !exact,
        };
        (kept + if up { 1 } else { 0 }, !exact)
    };
    let normal_lsb = top - (p - 1);
    let (k_unbounded, _) = round_at(normal_lsb);
    let rounded_top = if k_unbounded.bits() as i64 > p {
        top + 1
    } else {
        top
    };
    let tiny = rounded_top < emin;
    let lsb = normal_lsb.max(emin - (p - 1));
    let (kept, inexact) = round_at(lsb);
    let sign = if neg { fmt.sign_bit() } else { 0 };
    let mut flags = if inexact { NX } else { 0 };
    if tiny && inexact {
        flags |= UF;
    }
    let (kept, lsb) = if kept.bits() as i64 > p {
        (kept >> 1usize, lsb + 1)
    } else {
        (kept, lsb)
    };
    let kept = kept.to_u64().unwrap();
    if kept >> (p - 1) == 0 {
        return Answer {
            result: sign | kept,
            flags,
        };
    }
    let biased = lsb + p - 1 + fmt.bias() as i64;
    if biased >= fmt.exp_max() as i64 {
        let inf = match rm {
            Rm::Rne | Rm::Rmm => true,
            Rm::Rtz => false,
            Rm::Rdn => neg,
            Rm::Rup => !neg,
        };
        let mag = if inf {
            fmt.exp_max() << fmt.frac_bits()
        } else {
            (fmt.exp_max() << fmt.frac_bits()) - 1
        };
        return Answer {
            result: sign | mag,
            flags: OF | NX,
        };
    }
    Answer {
        result: sign | ((biased as u64) << fmt.frac_bits()) | (kept & fmt.frac_mask()),
        flags,
    }
}

/// A non-zero rational rounded into `fmt` by [`exact_round`] (no FTZ).
pub fn round_rational(fmt: Format, q: &BigRational, rm: Rm) -> Answer {
    assert!(!q.is_zero(), "round_rational of zero");
    let neg = q.is_negative();
    let q = q.abs();
    // 2^s·q has at least p + 3 integer bits.
    let s = fmt.precision as i64 + 3 + q.denom().bits() as i64 - q.numer().bits() as i64;
    let scaled = q * pow2(s);
    let n = scaled.floor().to_integer();
    let sticky = !scaled.fract().is_zero();
    exact_round(fmt, neg, &n, -s, sticky, rm)
}

/// A float operand that hits the classes and boundaries: zero, all-ones,
/// tiny and near-full fractions, short runs; exponents 0, the top, next to
/// both, anywhere, and (half the time) within ±`spread` of the bias.
pub fn boundary_operand(rng: &mut ChaCha8Rng, fmt: Format, spread: u64) -> u64 {
    let fb = fmt.frac_bits();
    let sign = if rng.gen() { fmt.sign_bit() } else { 0 };
    let frac = match rng.gen_range(0..8) {
        0 => 0,
        1 => fmt.frac_mask(),
        2 => rng.gen_range(1..8),
        3 => fmt.frac_mask() - rng.gen_range(0..8),
        4 => rng.gen::<u64>() & fmt.frac_mask() >> rng.gen_range(0..fb),
        _ => rng.gen::<u64>() & fmt.frac_mask(),
    };
    let emax = fmt.exp_max();
    let exp = match rng.gen_range(0..16) {
        0 => 0,
        1 => emax,
        2 => rng.gen_range(1..4),
        3 => emax - rng.gen_range(1..4),
        4..=8 => rng.gen_range(0..=emax),
        _ => (fmt.bias() as u64) - spread + rng.gen_range(0..2 * spread),
    };
    sign | (exp << fb) | frac
}
