//! Independent references shared by the model tests: Berkeley SoftFloat's
//! rounding modes, exact rational arithmetic with a rounding routine of its
//! own (never the models' `units::fp` rounding), field decoding straight from
//! the bits, and seeded generators of float and integer operands biased
//! toward the places where rounding and range edges happen.
//!
//! Every function reads a format only through its field widths and
//! [`Specials`]; nothing here calls a model, so a model bug cannot hide in
//! its own reference.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::RoundingMode;
use units::fp::{FloatFormat, Rounding, Specials};

/// SoftFloat's name for a rounding mode.
pub fn softfloat_rounding(rm: Rounding) -> RoundingMode {
    match rm {
        Rounding::Rn => RoundingMode::TiesToEven,
        Rounding::Rm => RoundingMode::TowardNegative,
        Rounding::Rp => RoundingMode::TowardPositive,
        Rounding::Rz => RoundingMode::TowardZero,
        Rounding::Rmm => RoundingMode::TiesToAway,
    }
}

/// `2^e` as an exact rational.
pub fn pow2(e: i64) -> BigRational {
    if e >= 0 {
        BigRational::from_integer(BigInt::one() << e as usize)
    } else {
        BigRational::new_raw(BigInt::one(), BigInt::one() << (-e) as usize)
    }
}

// ------------------------------------------------------------ field decoding

/// (sign, biased exponent, mantissa) read straight from the bits.
pub fn float_fields(fmt: FloatFormat, bits: u64) -> (bool, u64, u64) {
    let (e, m) = (fmt.exp_bits, fmt.man_bits);
    (
        (bits >> (e + m)) & 1 != 0,
        (bits >> m) & ((1 << e) - 1),
        bits & ((1 << m) - 1),
    )
}

/// A NaN of either kind (E4M3: its all-ones pattern).
pub fn is_nan(fmt: FloatFormat, bits: u64) -> bool {
    let (_, e, m) = float_fields(fmt, bits);
    let top = (1 << fmt.exp_bits) - 1;
    match fmt.specials {
        Specials::Ieee => e == top && m != 0,
        Specials::NanOnly => e == top && m == (1 << fmt.man_bits) - 1,
    }
}

/// ±∞ (never in a NaN-only format).
pub fn is_inf(fmt: FloatFormat, bits: u64) -> bool {
    let (_, e, m) = float_fields(fmt, bits);
    fmt.specials == Specials::Ieee && e == (1 << fmt.exp_bits) - 1 && m == 0
}

/// Non-zero with a zero exponent field.
pub fn is_subnormal(fmt: FloatFormat, bits: u64) -> bool {
    let (_, e, m) = float_fields(fmt, bits);
    e == 0 && m != 0
}

/// ±0.
pub fn is_zero(fmt: FloatFormat, bits: u64) -> bool {
    let (_, e, m) = float_fields(fmt, bits);
    e == 0 && m == 0
}

/// The sign bit's value.
pub fn sign_of(fmt: FloatFormat, bits: u64) -> bool {
    float_fields(fmt, bits).0
}

/// The sign bit in place.
pub fn sign_bit(fmt: FloatFormat, neg: bool) -> u64 {
    (neg as u64) << (fmt.exp_bits + fmt.man_bits)
}

/// The largest finite magnitude's encoding (sign clear), counted from the
/// field widths: the top normal binade, all mantissa ones (E4M3: less one).
pub fn max_finite_encoding(fmt: FloatFormat) -> u64 {
    let all = (1u64 << (fmt.exp_bits + fmt.man_bits)) - 1;
    match fmt.specials {
        Specials::Ieee => all - (1 << fmt.man_bits),
        Specials::NanOnly => all - 1,
    }
}

/// ±∞; in a NaN-only format the NaN of that sign (where overflow goes).
pub fn infinity_encoding(fmt: FloatFormat, neg: bool) -> u64 {
    let all = (1u64 << (fmt.exp_bits + fmt.man_bits)) - 1;
    sign_bit(fmt, neg)
        | match fmt.specials {
            Specials::Ieee => all - ((1 << fmt.man_bits) - 1),
            Specials::NanOnly => all,
        }
}

// ------------------------------------------------------------ exact values

/// Exact |value| of a finite encoding.
pub fn magnitude(fmt: FloatFormat, bits: u64) -> BigRational {
    let (_, e, m) = float_fields(fmt, bits);
    let bias = (1i64 << (fmt.exp_bits - 1)) - 1;
    let (sig, exp) = if e == 0 {
        (m, 1 - bias - fmt.man_bits as i64)
    } else {
        (
            (1 << fmt.man_bits) | m,
            e as i64 - bias - fmt.man_bits as i64,
        )
    };
    BigRational::from_integer(BigInt::from(sig)) * pow2(exp)
}

/// Exact signed value of a finite encoding.
pub fn value(fmt: FloatFormat, bits: u64) -> BigRational {
    let v = magnitude(fmt, bits);
    if sign_of(fmt, bits) {
        -v
    } else {
        v
    }
}

/// Exact value of a finite encoding as an `f64` (every format narrower
/// than binary64 converts exactly; binary64 is the identity).
pub fn to_f64(fmt: FloatFormat, bits: u64) -> f64 {
    if fmt == FloatFormat::F64 {
        return f64::from_bits(bits);
    }
    let (s, e, m) = float_fields(fmt, bits);
    let bias = (1i32 << (fmt.exp_bits - 1)) - 1;
    let mag = if e == 0 {
        m as f64 * 2f64.powi(1 - bias - fmt.man_bits as i32)
    } else {
        ((1u64 << fmt.man_bits) | m) as f64 * 2f64.powi(e as i32 - bias - fmt.man_bits as i32)
    };
    if s {
        -mag
    } else {
        mag
    }
}

/// Whether a result of sign `neg` that overflows in mode `rm` becomes ∞
/// (else the largest finite number).
pub fn overflows_to_infinity(neg: bool, rm: Rounding) -> bool {
    match rm {
        Rounding::Rn | Rounding::Rmm => true,
        Rounding::Rz => false,
        Rounding::Rm => neg,
        Rounding::Rp => !neg,
    }
}

/// Rounds `±q` (`q ≥ 0`) into `fmt` in mode `rm`: find the binade, scale
/// to an integer number of ulps, round the remainder, re-encode. Overflow
/// follows IEEE (∞ or the largest finite number by the mode) unless
/// `satfinite`, which always keeps the largest finite number. A zero `q`
/// gives the zero of sign `neg`.
pub fn round_rational(
    fmt: FloatFormat,
    neg: bool,
    q: &BigRational,
    rm: Rounding,
    satfinite: bool,
) -> u64 {
    let sign = sign_bit(fmt, neg);
    if q.is_zero() {
        return sign;
    }
    let man = fmt.man_bits as i64;
    let bias = (1i64 << (fmt.exp_bits - 1)) - 1;
    let emin = 1 - bias;
    // e = floor(log2 q).
    let mut e = q.numer().bits() as i64 - q.denom().bits() as i64;
    while *q < pow2(e) {
        e -= 1;
    }
    while *q >= pow2(e + 1) {
        e += 1;
    }
    let ulp_exp = e.max(emin) - man;
    let scaled = q * pow2(-ulp_exp);
    let k = scaled.floor();
    let frac = &scaled - &k;
    let k = k.to_integer();
    let up = if frac.is_zero() {
        false
    } else {
        match rm {
            Rounding::Rz => false,
            Rounding::Rm => neg,
            Rounding::Rp => !neg,
            Rounding::Rn => {
                let half = BigRational::new(BigInt::one(), BigInt::from(2));
                frac > half || (frac == half && (&k % 2u32) == BigInt::one())
            }
            Rounding::Rmm => frac >= BigRational::new(BigInt::one(), BigInt::from(2)),
        }
    };
    let n = if up { k + 1u32 } else { k };
    let n = n.to_u64().expect("at most p + 1 bits");
    let (n, ulp_exp) = if n == 1 << (man + 1) {
        (n >> 1, ulp_exp + 1)
    } else {
        (n, ulp_exp)
    };
    let max = max_finite_encoding(fmt);
    // Compare values, not encodings, for the overflow decision.
    let rounded = BigRational::from_integer(BigInt::from(n)) * pow2(ulp_exp);
    if rounded > magnitude(fmt, max) {
        return if !satfinite && overflows_to_infinity(neg, rm) {
            infinity_encoding(fmt, neg)
        } else {
            sign | max
        };
    }
    let encoding = if n < 1 << man {
        n
    } else {
        let biased = ulp_exp + man + bias;
        ((biased as u64) << man) | (n - (1 << man))
    };
    sign | encoding
}

/// Rounds `±q` to an integer (RN nearest even, RM floor, RP ceiling, RZ
/// toward zero).
pub fn round_rational_to_integer(neg: bool, q: &BigRational, rm: Rounding) -> BigInt {
    let v = if neg { -q.clone() } else { q.clone() };
    let r = match rm {
        Rounding::Rz => v.trunc(),
        Rounding::Rm => v.floor(),
        Rounding::Rp => v.ceil(),
        // Half-way cases away from zero.
        Rounding::Rmm => v.round(),
        Rounding::Rn => {
            let f = v.floor();
            let d = &v - &f;
            let half = BigRational::new(BigInt::one(), BigInt::from(2));
            if d > half || (d == half && (f.to_integer() % 2u32).abs() == BigInt::one()) {
                f + BigRational::one()
            } else {
                f
            }
        }
    };
    r.to_integer()
}

// ------------------------------------------------------------ generators

/// A random encoding of `fmt`, biased toward the interesting places: a
/// fifth uniformly random bits; the rest with the exponent at the ends,
/// around 1.0 (the f16/FP8/integer ranges) or in the bf16/f32 range seen
/// from f64, and the mantissa as a tie or exact pattern at a random
/// precision (maybe nudged by one), trailing zeros, or near all ones.
pub fn random_float(r: &mut ChaCha8Rng, fmt: FloatFormat) -> u64 {
    let (e_bits, m_bits) = (fmt.exp_bits, fmt.man_bits);
    let width = 1 + e_bits + m_bits;
    let top = (1u64 << e_bits) - 1;
    let bias = (top >> 1) as i64;
    if r.gen_ratio(1, 5) {
        return r.gen::<u64>() >> (64 - width);
    }
    let sign = r.gen::<bool>() as u64;
    let exp: u64 = match r.gen_range(0..10) {
        0 => 0,
        1 => top,
        2 | 3 => r.gen_range(0..=top),
        4..=6 => (bias + r.gen_range(-45..=70)).clamp(0, top as i64) as u64,
        _ => (bias + r.gen_range(-160..=140)).clamp(0, top as i64) as u64,
    };
    let mut man: u64 = r.gen::<u64>() & ((1 << m_bits) - 1);
    match r.gen_range(0..4) {
        0 => {}
        1 => {
            let k = r.gen_range(0..=m_bits);
            man &= !((1u64 << k) - 1);
            if k > 0 {
                man |= 1 << (k - 1);
            }
            match r.gen_range(0..3) {
                0 => man = man.wrapping_sub(1),
                1 => man = man.wrapping_add(1),
                _ => {}
            }
            man &= (1 << m_bits) - 1;
        }
        2 => {
            let k = r.gen_range(0..=m_bits);
            man &= !((1u64 << k) - 1);
        }
        _ => man = (1 << m_bits) - 1 - r.gen_range(0..3u64).min((1 << m_bits) - 1),
    }
    (sign << (width - 1)) | (exp << m_bits) | man
}

/// A random `bits`-wide integer pattern, biased toward few significant
/// bits, values around powers of two (±2^k ± small, either sign) and tie
/// patterns, where conversions round.
pub fn random_integer(r: &mut ChaCha8Rng, bits: u32) -> u64 {
    let mask = u64::MAX >> (64 - bits);
    match r.gen_range(0..4) {
        0 => r.gen::<u64>() & mask,
        1 => {
            let n = r.gen_range(1..=bits);
            (r.gen::<u64>() >> (64 - n)) & mask
        }
        2 => {
            let k = r.gen_range(0..bits);
            let v = (1u64 << k)
                .wrapping_add(r.gen_range(0..5u64))
                .wrapping_sub(2);
            let v = if r.gen() { v.wrapping_neg() } else { v };
            v & mask
        }
        _ => {
            let n = r.gen_range(1..=bits);
            let v = r.gen::<u64>() >> (64 - n);
            let k = r.gen_range(0..n);
            ((v & !((1u64 << k) - 1)) | ((k > 0) as u64) << k.saturating_sub(1)) & mask
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rational_rounding_agrees_with_rust_on_f32_and_f64() {
        use rand::SeedableRng;
        let mut r = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20_000 {
            let x = f64::from_bits(random_float(&mut r, FloatFormat::F64));
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            let q = magnitude(FloatFormat::F64, x.to_bits());
            let neg = x < 0.0;
            assert_eq!(
                round_rational(FloatFormat::F64, neg, &q, Rounding::Rn, false),
                x.to_bits()
            );
            // RN into f32 is Rust's `as f32` (round to nearest even, IEEE overflow).
            assert_eq!(
                round_rational(FloatFormat::F32, neg, &q, Rounding::Rn, false),
                u64::from((x as f32).to_bits()),
                "{x:e}"
            );
        }
    }

    #[test]
    fn field_predicates_classify_every_f16() {
        for bits in 0..=0xFFFFu64 {
            let x = f32::from_bits(round_rational(
                FloatFormat::F32,
                sign_of(FloatFormat::F16, bits),
                &magnitude(FloatFormat::F16, bits),
                Rounding::Rn,
                false,
            ) as u32);
            let special = is_nan(FloatFormat::F16, bits) || is_inf(FloatFormat::F16, bits);
            if !special {
                assert_eq!(x as f64, to_f64(FloatFormat::F16, bits), "{bits:04x}");
                assert_eq!(is_zero(FloatFormat::F16, bits), x == 0.0);
                assert_eq!(
                    is_subnormal(FloatFormat::F16, bits),
                    x != 0.0 && x.abs() < 2f32.powi(-14)
                );
            }
        }
        assert_eq!(infinity_encoding(FloatFormat::F16, true), 0xFC00);
        assert_eq!(max_finite_encoding(FloatFormat::E4M3), 0x7E);
    }
}
