//! Golden model of FCHK.DIVIDE (seed 000 §2.3, the division-validity check
//! that shares the MUFU queue): `fchk.divide <n> <d>` on two binary32
//! operands answers 1 when div.rn.f32's fast sequence
//! ([`crate::mufu::refine::div_rn_f32`]) is **not guaranteed** to give the
//! correctly rounded `n/d`, and 0 when it is. The compiler branches to the
//! slow path ([`crate::mufu::slowpath::div_rn_f32`]) on 1.
//!
//! The fast sequence, with `n = mn·2^en`, `d = md·2^ed`, `mn, md ∈ [1, 2)`:
//!
//! ```text
//! MUFU.RCP y0, d          y0 ≈ 1/d      (DAZ input, FTZ result)
//! FFMA  e, -d, y0, 1      e  = 1 − d·y0
//! FFMA  y1, y0, e, y0     y1 ≈ 1/d
//! FFMA  q0, n, y1, RZ     q0 ≈ n/d
//! FFMA  r, -d, q0, n      r  = n − d·q0
//! FFMA  q, y1, r, q0      q  = q0 + y1·r
//! ```
//!
//! # The window (FCHK answers 0 exactly inside it)
//! 1. **n and d normal and finite.** Zero, subnormal (the MUFU reads it as
//!    zero), infinite or NaN operands give a seed or a product the steps
//!    cannot correct; the slow path answers them by rule.
//! 2. **ed ≤ 125** (biased exponent field of d ≤ 252). `1/d > 2^(−ed−1)`;
//!    at ed = 126 it lies in (2^-127, 2^-126], which the MUFU flushes to
//!    zero (FTZ result) for every d but a power of two, and y1 = 0.
//!    Below, y0 and y1 are normal (d ≥ 2^-126 gives 1/d ≤ 2^126).
//! 3. **−125 ≤ en − ed ≤ 127.** `n/d ∈ (2^(en−ed−1), 2^(en−ed+1))`. The
//!    lower bound keeps q0 and q at or above 2^-126 (normal: the final
//!    rounding is the 24-bit one the correction is built for; at en − ed =
//!    −126 the quotient and q0 can be subnormal, q0 is rounded coarser, and
//!    the correction's error, about 2^-25 of q0's ulp, is no longer small
//!    against the distance from n/d to the nearest midpoint of the subnormal
//!    grid). The upper bound keeps q0 finite: at en − ed = 127, d ≥ 1 and
//!    n < 2^128, so `n/d ≤ MAX/md`; for md = 1 the MUFU's y1 is exactly 1,
//!    and for md ≥ 1 + 2^-23 the correctly rounded y1 (relative error
//!    ≤ 2^-24) keeps `n·y1 ≤ (2 − 2^-23)·2^127 = MAX`. At en − ed = 128, n/d
//!    reaches 2^129 and q0 rounds to +∞: then r = −∞ and q = NaN.
//! 4. **en ≥ −101** (biased field of n ≥ 26). The residual `r = n − d·q0`
//!    is exact only if its bits are representable: q0 is within an ulp of
//!    n/d, so `d·q0` is a multiple of `2^(ed + eq − 46)` with
//!    `eq ≥ en − ed − 1`, i.e. of `2^(en − 47)`, and r must keep that LSB:
//!    `en − 47 ≥ −149 + 1` with one place to spare gives en ≥ −101 (the same
//!    bound as sqrt.rn.f32's `x ≥ 2^-101`). Below, the residual is rounded
//!    (into a subnormal) and the correction adds the wrong amount.
//!
//! Inside the window the Markstein argument holds: y1 is within an ulp of
//! 1/d, q0 within an ulp of n/d, r exact, so `q0 + y1·r` rounded once is
//! the correctly rounded quotient. The tests check it (every pair with
//! FCHK = 0 among 10^8 random pairs and every pair along the window's edges,
//! `testbench/tests/fchk.rs`), and that each bound is needed: just outside
//! each edge there are pairs the fast sequence gets wrong.
//!
//! The check reads only the two exponent fields: two 8-bit compares with
//! constants per operand and two 9-bit differences, all in the XMU's
//! phase 1 ([`super::rtl::fchk`]).

/// Smallest biased exponent field of n inside the window (en ≥ −101).
pub const N_EXP_MIN: i32 = 26;
/// Largest biased exponent field of d inside the window (ed ≤ 125).
pub const D_EXP_MAX: i32 = 252;
/// Smallest exponent difference `en − ed` inside the window.
pub const DIFF_MIN: i32 = -125;
/// Largest exponent difference `en − ed` inside the window.
pub const DIFF_MAX: i32 = 127;

/// FCHK.DIVIDE: `true` (the XMU answers 1) when div.rn.f32's fast sequence
/// is not guaranteed correct for `n / d`.
pub fn divide(n: u32, d: u32) -> bool {
    let en = ((n >> 23) & 0xFF) as i32;
    let ed = ((d >> 23) & 0xFF) as i32;
    let inside = (N_EXP_MIN..=254).contains(&en)
        && (1..=D_EXP_MAX).contains(&ed)
        && (DIFF_MIN..=DIFF_MAX).contains(&(en - ed));
    !inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_and_edges() {
        let one = 0x3F80_0000;
        assert!(!divide(one, one));
        for special in [0, 0x8000_0000, 1, 0x007F_FFFF, 0x7F80_0000, 0x7FC0_0000] {
            assert!(divide(special, one), "{special:08x} / 1");
            assert!(divide(one, special), "1 / {special:08x}");
        }
        // ed = 125 in, 126 out.
        assert!(!divide(0x7E80_0000, 252 << 23));
        assert!(divide(0x7F00_0000, 253 << 23));
        // en = −101 in, −102 out (d = 2^-24 keeps the difference inside).
        assert!(!divide(26 << 23, 103 << 23));
        assert!(divide(25 << 23, 103 << 23));
        // en − ed = 127 in, 128 out.
        assert!(!divide(254 << 23, 127 << 23));
        assert!(divide(254 << 23, 126 << 23));
        // en − ed = −125 in, −126 out.
        assert!(!divide(127 << 23, 252 << 23));
        assert!(divide(126 << 23, 252 << 23));
    }
}
