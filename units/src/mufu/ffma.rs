//! Bit-exact binary32 FFMA / FMUL / FADD, round to nearest even, with the
//! `.FTZ` forms: the coupled-pipe operations the compiler wraps around a MUFU
//! seed (SPEC.md §1 refinement sequences). Only what the sequences need: RN.
//!
//! NaN rule (the seed's measured one): every NaN result is the canonical
//! `0x7FFFFFFF`. FTZ: subnormal operands read as signed zero, and a result that
//! is subnormal after rounding (IEEE gradual underflow) becomes signed zero.
//!
//! The fused sum is formed exactly in a 128-bit integer: the 48-bit product and
//! the 24-bit addend are aligned on the lower LSB when they are within
//! [`ALIGN_EXACT`] binades; otherwise the smaller one only decides a sticky bit
//! placed [`STICKY_GAP`] bits below the larger one, far under any rounding point.

/// Canonical NaN.
pub const NAN: u32 = 0x7FFF_FFFF;
/// Largest LSB-exponent difference summed exactly (48 + 76 < 127 bits).
pub const ALIGN_EXACT: i32 = 76;
/// How far below the dominant operand a far-away operand's sticky bit goes.
pub const STICKY_GAP: u32 = 64;

/// Minimum LSB exponent of a binary32 (subnormal ulp).
const EMIN_LSB: i32 = -149;

#[derive(Clone, Copy, Debug)]
enum Val {
    Nan,
    Inf(bool),
    Zero(bool),
    /// sign, significand, exponent of the significand's LSB.
    Fin(bool, u64, i32),
}

fn unpack(x: u32, ftz: bool) -> Val {
    let s = x >> 31 != 0;
    let e = ((x >> 23) & 0xFF) as i32;
    let m = (x & 0x7F_FFFF) as u64;
    match e {
        0xFF if m != 0 => Val::Nan,
        0xFF => Val::Inf(s),
        0 if m == 0 || ftz => Val::Zero(s),
        0 => Val::Fin(s, m, EMIN_LSB),
        _ => Val::Fin(s, m | 1 << 23, e - 150),
    }
}

/// Rounds `(-1)^neg · mag · 2^lsb` (mag ≠ 0) to binary32, RN-even.
fn round_pack(neg: bool, mag: u128, lsb: i32, ftz: bool) -> u32 {
    let s = (neg as u32) << 31;
    let msb = 127 - mag.leading_zeros() as i32;
    let e_msb = msb + lsb;
    let out_lsb = (e_msb - 23).max(EMIN_LSB);
    let sh = out_lsb - lsb;
    let (mut q, mut out_lsb) = if sh <= 0 {
        (mag << (-sh) as u32, out_lsb)
    } else if sh >= 128 {
        (0, out_lsb)
    } else {
        let q = mag >> sh;
        let rem = mag & ((1u128 << sh) - 1);
        let half = 1u128 << (sh - 1);
        let up = rem > half || (rem == half && q & 1 == 1);
        (q + up as u128, out_lsb)
    };
    if q >> 24 != 0 {
        q >>= 1;
        out_lsb += 1;
    }
    if q >> 23 == 0 {
        // Subnormal (or zero) result.
        return if ftz { s } else { s | q as u32 };
    }
    let biased = out_lsb + 23 + 127;
    if biased >= 255 {
        return s | 0x7F80_0000;
    }
    s | (biased as u32) << 23 | (q as u32 & 0x7F_FFFF)
}

/// `a·b + c` with one rounding (RN). `ftz`: the `.FTZ` form.
pub fn fma(a: u32, b: u32, c: u32, ftz: bool) -> u32 {
    let (va, vb, vc) = (unpack(a, ftz), unpack(b, ftz), unpack(c, ftz));
    use Val::*;
    // Product.
    let prod = match (va, vb) {
        (Nan, _) | (_, Nan) => return NAN,
        (Inf(_), Zero(_)) | (Zero(_), Inf(_)) => return NAN,
        (Inf(x), Inf(y)) | (Inf(x), Fin(y, ..)) | (Fin(x, ..), Inf(y)) => Inf(x ^ y),
        (Zero(x), Zero(y)) | (Zero(x), Fin(y, ..)) | (Fin(x, ..), Zero(y)) => Zero(x ^ y),
        (Fin(x, ma, ea), Fin(y, mb, eb)) => Fin(x ^ y, ma * mb, ea + eb),
    };
    match (prod, vc) {
        (_, Nan) => NAN,
        (Inf(x), Inf(y)) if x != y => NAN,
        (Inf(x), _) | (_, Inf(x)) => ((x as u32) << 31) | 0x7F80_0000,
        (Zero(x), Zero(y)) => {
            if x == y {
                (x as u32) << 31
            } else {
                0
            }
        }
        (Zero(_), Fin(..)) => {
            // Exactly c (already representable; FTZ already applied on input).
            if ftz && (c >> 23) & 0xFF == 0 {
                c & 0x8000_0000
            } else {
                c
            }
        }
        (Fin(s, m, e), Zero(_)) => round_pack(s, m as u128, e, ftz),
        (Fin(sp, mp, ep), Fin(sc, mc, ec)) => {
            // Order by LSB exponent: x has the higher LSB.
            let ((sx, mx, ex), (sy, my, ey)) = if ep >= ec {
                ((sp, mp, ep), (sc, mc, ec))
            } else {
                ((sc, mc, ec), (sp, mp, ep))
            };
            let d = ex - ey;
            let (x, y, lsb) = if d <= ALIGN_EXACT {
                ((mx as i128) << d, my as i128, ey)
            } else {
                // y is below 2^-28 of x: it only matters as a sticky bit.
                ((mx as i128) << STICKY_GAP, 1i128, ex - STICKY_GAP as i32)
            };
            let sum = if sx { -x } else { x } + if sy { -y } else { y };
            if sum == 0 {
                return 0; // exact cancellation: +0 in RN
            }
            round_pack(sum < 0, sum.unsigned_abs(), lsb, ftz)
        }
        (Nan, _) => NAN,
    }
}

/// `a·b` (RN): `fma(a, b, −0)`, which keeps the product's zero sign.
pub fn fmul(a: u32, b: u32, ftz: bool) -> u32 {
    fma(a, b, 0x8000_0000, ftz)
}

/// `a + b` (RN): `fma(a, 1, b)`.
pub fn fadd(a: u32, b: u32, ftz: bool) -> u32 {
    fma(a, 0x3F80_0000, b, ftz)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_values() {
        let f = |x: f32| x.to_bits();
        assert_eq!(fma(f(2.0), f(3.0), f(1.0), false), f(7.0));
        assert_eq!(fmul(f(-0.0), f(3.0), false), f(-0.0));
        assert_eq!(fadd(f(-0.0), f(0.0), false), f(0.0));
        assert_eq!(fadd(f(-0.0), f(-0.0), false), f(-0.0));
        assert_eq!(fma(f(f32::INFINITY), 0, 0, false), NAN);
        // FTZ: the smallest normal halved is flushed.
        assert_eq!(fmul(0x0080_0000, f(0.5), true), 0);
        assert_eq!(fmul(0x0080_0000, f(0.5), false), 0x0040_0000);
        // Fused: one rounding.
        let a = f(1.0 + f32::EPSILON);
        let p = (1.0 + f32::EPSILON as f64).powi(2);
        assert_eq!(
            fma(a, a, f(-1.0), false),
            f((p - 1.0) as f32),
            "fma keeps the low product bits"
        );
    }
}
