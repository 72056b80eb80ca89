//! The rounder: one shift-right-and-increment primitive and the two routines
//! built on it (round into a float format, round to an integer).

use super::{Exact, FloatFormat, Overflow, RoundOptions, Rounded, Rounding};

/// Shifts `sig` right by `shift` bits and rounds the result in `rounding`'s
/// direction for a value of sign `sign`. `sticky_in` says that non-zero bits
/// already lie below `sig`'s LSB (only meaningful for `shift ≥ 1`).
/// Returns the rounded magnitude and whether anything non-zero was dropped.
///
/// The round bit is the last bit shifted out, the sticky bit the OR of the
/// rest; any `shift` (0 to `u32::MAX`) is accepted.
#[inline]
pub fn round_shift_right(
    sig: u128,
    shift: u32,
    sticky_in: bool,
    sign: bool,
    rounding: Rounding,
) -> (u128, bool) {
    if shift == 0 {
        return (sig, sticky_in);
    }
    let (kept, round_bit, sticky) = if shift > 128 {
        (0, false, sig != 0 || sticky_in)
    } else if shift == 128 {
        (0, sig >> 127 != 0, (sig << 1) != 0 || sticky_in)
    } else {
        let below = sig & ((1u128 << (shift - 1)) - 1);
        (
            sig >> shift,
            (sig >> (shift - 1)) & 1 != 0,
            below != 0 || sticky_in,
        )
    };
    let up = rounding.round_up(sign, kept & 1 != 0, round_bit, sticky);
    (kept + up as u128, round_bit || sticky)
}

/// The result of [`round_to_integer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundedInt {
    /// Magnitude of the rounded integer (its sign is the input's). Saturates
    /// at `u128::MAX` when `too_large`.
    pub magnitude: u128,
    /// Something non-zero was rounded off.
    pub inexact: bool,
    /// The magnitude does not fit in 128 bits.
    pub too_large: bool,
}

/// Rounds an exact value to an integer in the given direction (RN = nearest
/// even, RM = floor, RP = ceil, RZ = trunc), keeping its sign apart: the
/// result is `(−1)^x.sign · magnitude`. A magnitude of 0 with `x.sign` set
/// is the −0 of FRND (e.g. trunc(−0.3)).
///
/// As for [`FloatFormat::round`], `x.sticky` needs `x.exp ≤ −1`.
#[inline]
pub fn round_to_integer(x: Exact, rounding: Rounding) -> RoundedInt {
    if x.exp >= 0 {
        let exp = x.exp as u32;
        let fits = x.sig == 0 || (exp < 128 && x.sig.leading_zeros() >= exp);
        return if fits {
            RoundedInt {
                magnitude: x.sig << exp,
                inexact: false,
                too_large: false,
            }
        } else {
            RoundedInt {
                magnitude: u128::MAX,
                inexact: false,
                too_large: true,
            }
        };
    }
    let (magnitude, inexact) =
        round_shift_right(x.sig, x.exp.unsigned_abs(), x.sticky, x.sign, rounding);
    RoundedInt {
        magnitude,
        inexact,
        too_large: false,
    }
}

/// See [`FloatFormat::round`].
#[inline]
pub(super) fn round(fmt: FloatFormat, x: Exact, opts: RoundOptions) -> Rounded {
    // A normal significand is `man_bits + 1` bits wide (hidden bit at `man`).
    let man = fmt.man_bits as i64;
    let emin = fmt.emin() as i64;
    if x.sig == 0 && !x.sticky {
        return Rounded {
            bits: fmt.zero(x.sign),
            inexact: false,
            overflow: false,
            flushed: false,
        };
    }
    // A sticky-only value stands for something far below half the smallest
    // subnormal: give it a concrete stand-in two binades lower.
    let (sig, exp, sticky_in) = if x.sig == 0 {
        (1u128, emin - man - 2, false)
    } else {
        (x.sig, x.exp as i64, x.sticky)
    };
    // Normalise: the value lies in [2^e, 2^(e+1)).
    let msb = 127 - sig.leading_zeros() as i64;
    let e = exp + msb;
    // Weight of the result's LSB: fixed below the normal range (subnormals).
    let lsb_weight = e.max(emin) - man;
    let shift = lsb_weight - exp;
    let (mut r, inexact) = if shift <= 0 {
        debug_assert!(!sticky_in, "sticky set without guard bits");
        (sig << (-shift) as u32, false)
    } else {
        let s = shift.min(u32::MAX as i64) as u32;
        round_shift_right(sig, s, sticky_in, x.sign, opts.rounding)
    };
    let mut lsb = lsb_weight;
    // Carry out of the significand (…111 + 1): renormalise, exactly.
    if r >> (man + 1) != 0 {
        r >>= 1;
        lsb += 1;
    }
    let sign_bit = fmt.zero(x.sign);
    // Encode. r < 2^man only happens in the subnormal binade (or r = 0).
    let hidden = 1u128 << man;
    let magnitude = if r < hidden {
        Some(r as u64)
    } else {
        let biased = lsb + man + fmt.bias() as i64;
        if biased > fmt.max_biased_exp() as i64 {
            None
        } else {
            let enc = ((biased as u64) << man) | (r - hidden) as u64;
            (enc <= fmt.max_finite(false)).then_some(enc)
        }
    };
    match magnitude {
        None => {
            let to_inf = match opts.overflow {
                Overflow::Ieee => opts.rounding.overflows_to_infinity(x.sign),
                Overflow::SatFinite => false,
            };
            Rounded {
                bits: if to_inf {
                    fmt.infinity(x.sign)
                } else {
                    fmt.max_finite(x.sign)
                },
                inexact: true,
                overflow: true,
                flushed: false,
            }
        }
        Some(enc) if opts.ftz && enc != 0 && enc < fmt.min_normal() => Rounded {
            bits: sign_bit,
            inexact: true,
            overflow: false,
            flushed: true,
        },
        Some(enc) => Rounded {
            bits: sign_bit | enc,
            inexact,
            overflow: false,
            flushed: false,
        },
    }
}
