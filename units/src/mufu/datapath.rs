//! The MUFU's shared integer datapath: everything after the per-function
//! argument reduction and before the special-case bypass. The coefficient
//! generator ([`super::tables`]) measures candidate coefficients on exactly
//! these functions, and the golden model ([`super::model`]) calls them, so the
//! RTL has one integer recipe to copy.
//!
//! ```text
//!  frac (FRAC_W = 32 bits, left-aligned fraction of the reduced argument)
//!    │  region → k index bits (0..=7)
//!    ├─► idx  = frac[31 : 32-k]                        ─► ROM address = base + idx
//!    ├─► u_hi = frac[31-k : 15-k]      (U_HI_W = 17)   ─┐
//!    └─► u_lo = frac[14-k :  7-k]      (U_LO_W = 8)     │ (bits past bit 0 read 0)
//!                                                       │
//!  stage_square  sq  = (u_hi·u_hi) >> (2·U_HI_W − SQ_W)  17×17 → keep top SQ_W = 18 bits
//!  stage_mul     t1a = (c1·u_hi) >> (sh1 − U_LO_W)       ≤ 18×17 tile
//!                t1b = (c1·u_lo) >> sh1                  ≤ 18×8  tile
//!                t2  = (c2·sq)   >> sh2                  ≤ 18×18 tile
//!  stage_sum     P = K + (c0 << s0) ± t1a ± t1b ± t2  (+ addend A)   carry-save, one CPA
//!  stage_norm    leading-one position of |P + A|, shift to SIG_W bits
//!  stage_round   add half an ulp at the result width, carry-out renormalise
//!  stage_pack    exponent = msb + unit_exp + E_arg, FTZ / overflow, special bypass
//! ```
//!
//! Each product tile is truncated on its own (its low bits are simply not wired
//! to the sum), so the three truncations are three independent floor()s; the
//! coefficient search folds their mean bias into C0. Signs of C1 and C2 are a
//! per-region constant (`neg1`, `neg2`): every table is convex or concave and
//! monotonic on each region, so the ROM holds magnitudes only and a subtraction
//! is `+~t + 1` in the carry-save tree.
//!
//! `u` is the position inside the segment: `u = u_hi/2^17 + u_lo/2^25 ∈ [0, 1)`.

/// Width of the reduced-argument fraction register (left-aligned, `0.32`).
pub const FRAC_W: u32 = 32;
/// Largest number of index bits a region takes from the fraction.
pub const IDX_MAX_W: u32 = 7;
/// Bits of the in-segment position that feed the squarer and the main C1 tile.
pub const U_HI_W: u32 = 17;
/// Further position bits that feed the second, narrow C1 tile only (the C2·u²
/// term is insensitive to them: its slope is ≤ 2·C2, tiny against C1).
pub const U_LO_W: u32 = 8;
/// Position width seen by the linear term.
pub const U_W: u32 = U_HI_W + U_LO_W;
/// Squarer output kept: the top bits of the 34-bit square of `u_hi`.
pub const SQ_W: u32 = 18;
/// Widest multiplier operand (one ECP5 MULT18X18D per tile).
pub const MUL_W: u32 = 18;
/// Guard bits: the sum's LSB sits this many bits below the ulp of the
/// region's nominal output binade. Every product is truncated here.
pub const GUARD_W: u32 = 8;
/// Width of the signed carry-save sum `P + A`: polynomial values stay below
/// 2^34 sum LSBs; LG2 adds its exponent (|e| ≤ 126) at weight 2^32, hence 40.
pub const SUM_W: u32 = 40;
/// Product widths of the four tiles (one MULT18X18D each on ECP5).
pub const SQUARER_W: (u32, u32) = (U_HI_W, U_HI_W);
/// C1 × u_hi.
pub const TILE1A_W: (u32, u32) = (MUL_W, U_HI_W);
/// C1 × u_lo.
pub const TILE1B_W: (u32, u32) = (MUL_W, U_LO_W);
/// C2 × sq.
pub const TILE2_W: (u32, u32) = (MUL_W, SQ_W);
/// Proposed pipeline (6 register stages, within the 8 the issue allows):
/// 1 modifiers, classify, special-case result, argument reduction, region
///   decode → ROM address, u_hi/u_lo;
/// 2 ROM read (registered block-RAM output) ∥ squarer tile;
/// 3 the three product tiles, C0 alignment, addend alignment;
/// 4 carry-save sum and carry-propagate add → `SUM_W`-bit Y;
/// 5 leading-one detect and normalising shift;
/// 6 round, exponent assembly, FTZ/overflow, bypass mux.
/// (The RTL, [`crate::mufu::rtl`], splits the work into eight phases and
/// registers all of them by default: latency 8.)
pub const PIPELINE_STAGES: usize = 6;

/// The per-region constants of the datapath: everything the RTL needs besides
/// the ROM word itself (a small decoder indexed by region).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionFmt {
    /// Index bits taken from the top of the fraction (segments = 2^k).
    pub k: u32,
    /// ROM address of segment 0 of this region.
    pub base: u32,
    /// Stored width of the C0 field (unsigned offset from `k0`).
    pub w0: u32,
    /// Stored width of the C1 magnitude.
    pub w1: u32,
    /// Stored width of the C2 magnitude.
    pub w2: u32,
    /// Constant added to every C0 (the region's implicit leading part), in sum LSBs.
    pub k0: i64,
    /// Left shift of the C0 field into the sum.
    pub s0: u32,
    /// Right shift that takes `c1·u` (u as a `U_W`-bit integer) to the sum's LSB.
    pub sh1: u32,
    /// Right shift that takes `c2·sq` to the sum's LSB.
    pub sh2: u32,
    /// The linear term is subtracted.
    pub neg1: bool,
    /// The quadratic term is subtracted.
    pub neg2: bool,
    /// Exponent of the sum's LSB relative to `2^E_arg` (E_arg comes from the argument reduction).
    pub unit_exp: i32,
}

/// One ROM word, unpacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Word {
    /// C0 field (unsigned, `w0` bits).
    pub c0: u32,
    /// |C1| (`w1` bits).
    pub c1: u32,
    /// |C2| (`w2` bits).
    pub c2: u32,
}

impl Word {
    /// Packs the word as the ROM stores it: `{c0, c1, c2}`, C2 in the low bits.
    pub fn pack(&self, fmt: &RegionFmt) -> u64 {
        ((self.c0 as u64) << (fmt.w1 + fmt.w2)) | ((self.c1 as u64) << fmt.w2) | self.c2 as u64
    }
}

/// The position split of a fraction for a region with `k` index bits:
/// `(index, u_hi, u_lo)`.
#[inline(always)]
pub fn split(frac: u32, k: u32) -> (u32, u32, u32) {
    // (Shifts are written wrapping: the widths are in range by construction,
    // and the golden model has to be fast enough for exhaustive sweeps.)
    let idx = ((frac as u64) << k >> FRAC_W) as u32;
    // The fraction after the index bits, left-aligned in 64 bits so that bits
    // past the register's end read as zero.
    let rest = ((frac as u64) << 32).wrapping_shl(k);
    let u_hi = (rest >> (64 - U_HI_W)) as u32;
    let u_lo = ((rest >> (64 - U_W)) as u32) & ((1 << U_LO_W) - 1);
    (idx, u_hi, u_lo)
}

/// stage_square: the truncated square of `u_hi` (top `SQ_W` bits of 34).
#[inline(always)]
pub fn square(u_hi: u32) -> u32 {
    let sq = (u_hi as u64) * (u_hi as u64);
    (sq >> (2 * U_HI_W - SQ_W)) as u32
}

/// The three truncated product terms `(t1a, t1b, t2)` (magnitudes).
#[inline(always)]
pub fn products(fmt: &RegionFmt, w: &Word, u_hi: u32, u_lo: u32) -> (i64, i64, i64) {
    let sq = square(u_hi);
    let t1a = (w.c1 as u64 * u_hi as u64).wrapping_shr(fmt.sh1.wrapping_sub(U_LO_W)) as i64;
    let t1b = (w.c1 as u64 * u_lo as u64).wrapping_shr(fmt.sh1) as i64;
    let t2 = (w.c2 as u64 * sq as u64).wrapping_shr(fmt.sh2) as i64;
    (t1a, t1b, t2)
}

/// stage_sum without the addend: `P = K + (c0 << s0) ± t1a ± t1b ± t2`.
#[inline(always)]
pub fn poly(fmt: &RegionFmt, w: &Word, u_hi: u32, u_lo: u32) -> i64 {
    let (t1a, t1b, t2) = products(fmt, w, u_hi, u_lo);
    let t1 = t1a + t1b;
    let c0 = fmt.k0 + (w.c0 as i64).wrapping_shl(fmt.s0);
    let p1 = if fmt.neg1 { c0 - t1 } else { c0 + t1 };
    if fmt.neg2 {
        p1 - t2
    } else {
        p1 + t2
    }
}

/// A normalised, rounded result before packing: `(-1)^neg · sig · 2^(exp − (sig_w−1))`,
/// `sig ∈ [2^(sig_w−1), 2^sig_w)`; `zero` when the sum was exactly 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounded {
    /// The sum was negative.
    pub neg: bool,
    /// The sum was exactly zero (sig and exp are meaningless).
    pub zero: bool,
    /// Unbiased exponent of the leading bit.
    pub exp: i32,
    /// Significand with its leading one, `sig_w` bits.
    pub sig: u64,
}

/// stage_norm + stage_round: `y · 2^e` rounded to `sig_w` significant bits,
/// round-half-up on the magnitude (add half an ulp, truncate).
#[inline(always)]
pub fn normalise_round(y: i64, e: i32, sig_w: u32) -> Rounded {
    let neg = y < 0;
    let mag = y.unsigned_abs();
    if mag == 0 {
        return Rounded {
            neg,
            zero: true,
            exp: 0,
            sig: 0,
        };
    }
    let msb = 63 - mag.leading_zeros() as i32;
    let keep = sig_w as i32 - 1;
    let (sig, msb) = if msb > keep {
        let sh = (msb - keep) as u32;
        let r = (mag + (1u64 << (sh - 1))) >> sh;
        if r >> sig_w != 0 {
            (r >> 1, msb + 1)
        } else {
            (r, msb)
        }
    } else {
        (mag.wrapping_shl((keep - msb) as u32), msb)
    };
    Rounded {
        neg,
        zero: false,
        exp: msb + e,
        sig,
    }
}

/// Packs a rounded value as binary32 with FTZ and overflow to infinity.
/// `sign` is the result's sign (the caller decides it).
#[inline(always)]
pub fn pack_f32(sign: bool, r: &Rounded) -> u32 {
    let s = (sign as u32) << 31;
    if r.zero {
        return s;
    }
    let biased = r.exp + 127;
    if biased >= 255 {
        s | 0x7F80_0000
    } else if biased <= 0 {
        s
    } else {
        s | ((biased as u32) << 23) | (r.sig as u32 & 0x7F_FFFF)
    }
}

/// Packs a rounded value (`sig_w` = 21) as the high word of a binary64 with
/// FTZ and overflow to infinity.
#[inline(always)]
pub fn pack_f64_hi(sign: bool, r: &Rounded) -> u32 {
    let s = (sign as u32) << 31;
    if r.zero {
        return s;
    }
    let biased = r.exp + 1023;
    if biased >= 2047 {
        s | 0x7FF0_0000
    } else if biased <= 0 {
        s
    } else {
        s | ((biased as u32) << 20) | (r.sig as u32 & 0xF_FFFF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_positions() {
        let frac = 0b1011_0010u32 << 24 | 0x00AB_CDEF;
        let (idx, u_hi, u_lo) = split(frac, 7);
        assert_eq!(idx, frac >> 25);
        assert_eq!(u_hi, (frac >> 8) & 0x1FFFF);
        assert_eq!(u_lo, frac & 0xFF);
        let (idx, u_hi, u_lo) = split(frac, 0);
        assert_eq!(idx, 0);
        assert_eq!(u_hi, frac >> 15);
        assert_eq!(u_lo, (frac >> 7) & 0xFF);
    }

    #[test]
    fn rounding_carries_out() {
        let r = normalise_round((1 << 30) - 1, -30, 24);
        assert_eq!((r.exp, r.sig), (0, 1 << 23));
        let r = normalise_round(-3, 0, 24);
        assert!(r.neg);
        assert_eq!((r.exp, r.sig), (1, 3 << 22));
    }
}
