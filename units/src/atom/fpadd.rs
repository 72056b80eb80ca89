//! Floating-point addition for the atomic unit: ONE round-to-nearest-even routine,
//! generic over the binary format (exponent and mantissa widths), used for f64, f32,
//! and each half of f16x2 / bf16x2.
//!
//! The subnormal policy ([`Subnormals`]) and the NaN policy ([`NanRule`]) are
//! parameters because the device differs per format and space (SPEC.md §3):
//! f32 in `.global` flushes, every NaN of f32/f16/bf16 is the all-ones canonical,
//! f64 propagates the NaN the way DFMA does.
//!
//! Algorithm (what the RTL will pipeline): order the operands by magnitude, align
//! the smaller significand with a sticky right shift, add or subtract, normalise
//! (one step right, or left up to the subnormal floor), round to nearest even on
//! [`GUARD_BITS`] extra bits. The sticky shift makes the aligned sum the
//! round-to-odd image of the exact sum on `GUARD_BITS` extra bits, and round-to-odd
//! on at least two extra bits followed by round-to-nearest is exact rounding.
//!
//! The format is [`crate::fp::FloatFormat`], the one every unit uses.

/// Bits kept below the result's last place while aligning: guard, round, sticky.
pub const GUARD_BITS: u32 = 3;

pub use crate::fp::FloatFormat;

/// IEEE binary64.
pub const F64: FloatFormat = FloatFormat::F64;
/// IEEE binary32.
pub const F32: FloatFormat = FloatFormat::F32;
/// IEEE binary16.
pub const F16: FloatFormat = FloatFormat::F16;
/// bfloat16: binary32's exponent, 7 fraction bits.
pub const BF16: FloatFormat = FloatFormat::BF16;

/// What happens to subnormal numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subnormals {
    /// Gradual underflow: subnormal inputs and results are exact IEEE values.
    Keep,
    /// Subnormal inputs are read as, and subnormal results written as, zero of the
    /// same sign (the device's `.FTZ`).
    Flush,
}

/// What a NaN result looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NanRule {
    /// Every NaN result, propagated or generated, is this one pattern.
    Canonical(u64),
    /// DFMA's rule: a NaN input propagates quieted with sign and payload kept, the
    /// last NaN in source order (`b` over `a`) winning; an invalid operation with no
    /// NaN input (Inf − Inf) gives `invalid`.
    PropagateLast {
        /// The generated NaN.
        invalid: u64,
    },
}

/// `x >> d` with every bit shifted out ORed into bit 0 (sticky).
fn shift_right_sticky(x: u64, d: u64) -> u64 {
    if d >= 64 {
        u64::from(x != 0)
    } else {
        (x >> d) | u64::from((x & ((1u64 << d) - 1)) != 0)
    }
}

/// `a + b` in format `fmt`, rounded to nearest even. Bits above the format's width
/// are ignored; the result has none.
pub fn fp_add(fmt: FloatFormat, a: u64, b: u64, subnormals: Subnormals, nan: NanRule) -> u64 {
    let m = fmt.man_bits;
    let sign = fmt.sign_mask();
    let a = a & fmt.mask();
    let b = b & fmt.mask();

    // NaN inputs (checked before any flush: a NaN is never subnormal).
    if fmt.is_nan(a) || fmt.is_nan(b) {
        return match nan {
            NanRule::Canonical(q) => q,
            NanRule::PropagateLast { .. } => (if fmt.is_nan(b) { b } else { a }) | fmt.quiet_bit(),
        };
    }
    let flush = |x: u64| {
        if subnormals == Subnormals::Flush && fmt.is_subnormal(x) {
            x & sign
        } else {
            x
        }
    };
    let (a, b) = (flush(a), flush(b));

    // Infinities.
    match (fmt.is_inf(a), fmt.is_inf(b)) {
        (true, true) if a != b => {
            return match nan {
                NanRule::Canonical(q) => q,
                NanRule::PropagateLast { invalid } => invalid,
            }
        }
        (true, _) => return a,
        (false, true) => return b,
        _ => {}
    }
    // Zeros: −0 + −0 = −0, any other pair of zeros is +0 (RN); x ± 0 = x exactly.
    match (fmt.is_zero(a), fmt.is_zero(b)) {
        (true, true) => return a & b,
        (true, false) => return b,
        (false, true) => return a,
        _ => {}
    }

    // Both finite and nonzero: `big` has the larger magnitude.
    let (big, small) = if (a & !sign) >= (b & !sign) {
        (a, b)
    } else {
        (b, a)
    };
    let unpack = |x: u64| {
        let e = fmt.exp_field(x);
        let f = x & fmt.man_mask();
        if e == 0 {
            (1, f) // subnormal: same scale as exponent 1, no implicit bit
        } else {
            (e, f | (1 << m))
        }
    };
    let (e_big, sig_big) = unpack(big);
    let (e_small, sig_small) = unpack(small);
    let result_sign = big & sign;

    // Stage 1: align. Both significands gain GUARD_BITS zero bits below the last place.
    let aligned_big = sig_big << GUARD_BITS;
    let aligned_small = shift_right_sticky(sig_small << GUARD_BITS, e_big - e_small);

    // Stage 2: add or subtract magnitudes (big ≥ small, so never negative).
    let mut z = if (big ^ small) & sign == 0 {
        aligned_big + aligned_small
    } else {
        aligned_big - aligned_small
    };
    if z == 0 {
        return 0; // exact cancellation: +0 in round-to-nearest
    }
    let mut e = e_big;

    // Stage 3: normalise so the leading one sits at bit `top` (or lower at e == 1:
    // a subnormal result).
    let top = m + GUARD_BITS;
    if z >> (top + 1) != 0 {
        z = shift_right_sticky(z, 1);
        e += 1;
    }
    let lead = 63 - u64::from(z.leading_zeros()); // position of the leading one
    if lead < u64::from(top) {
        let shift = (u64::from(top) - lead).min(e - 1);
        z <<= shift;
        e -= shift;
    }

    // Stage 4: round to nearest even on the guard bits.
    let half = 1u64 << (GUARD_BITS - 1);
    let rem = z & ((1 << GUARD_BITS) - 1);
    z >>= GUARD_BITS;
    if rem > half || (rem == half && (z & 1) == 1) {
        z += 1;
    }
    if z >> (m + 1) != 0 {
        z >>= 1; // the carry made z a power of two: nothing is lost
        e += 1;
    }

    // Stage 5: pack.
    if e >= fmt.exp_max() {
        return result_sign | (fmt.exp_max() << m); // overflow → ±Inf under RN
    }
    let biased = if (z >> m) & 1 == 1 { e } else { 0 };
    if biased == 0 && subnormals == Subnormals::Flush {
        return result_sign;
    }
    result_sign | (biased << m) | (z & fmt.man_mask())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add32(a: f32, b: f32) -> f32 {
        f32::from_bits(fp_add(
            F32,
            a.to_bits().into(),
            b.to_bits().into(),
            Subnormals::Keep,
            NanRule::Canonical(0x7fff_ffff),
        ) as u32)
    }

    #[test]
    fn matches_host_on_simple_values() {
        for &(a, b) in &[
            (1.0f32, 2.0f32),
            (1.0, -1.0),
            (1.0, 1e-30),
            (3.5, -1.25),
            (f32::MAX, f32::MAX),
            (1e-45, 1e-45),
            (1.0, -0.99999994),
        ] {
            assert_eq!(add32(a, b).to_bits(), (a + b).to_bits(), "{a} + {b}");
        }
    }
}
