//! The slow paths of rcp.rn, div.rn and sqrt.rn (binary32 and binary64):
//! every operand the fast-path guards of [`super::refine`] turn away, so that
//! the six operations are correctly rounded for **every** input.
//!
//! # What the seed gives, and what we decided
//! Seed 000 §1.3: "Denormal, zero, infinity and NaN inputs divert to a
//! `*_slowpath` weak function (a 2⁶⁴ pre-scale bracket guarded by FSETP
//! predicates and an FCHK division-validity test) that yields the
//! IEEE-correct result the fast path cannot"; §1.2 shows the bracket's shape
//! on rsqrt (`@!P0 FMUL x, x, 2^24; MUFU.RSQ; @!P0 FMUL y, y, 2^12`). The
//! slow functions' bodies are not in the seed; ours follow that shape —
//! **specials by rule, scale, the same fast sequence, unscale**:
//!
//! * **Specials** (NaN, ±0, ±∞, and negative sqrt operands) are answered by
//!   the IEEE rule without running a sequence. NaN bits: binary32 gives the
//!   canonical `0x7FFFFFFF` (the FFMA's and MUFU's rule); binary64 follows the
//!   DFMA's (a NaN operand comes back quieted, the divisor's first, as DADD
//!   `n + d` would answer it; 0/0, ∞/∞, √(negative) give the DFMA's default
//!   NaN `0xFFF8…`).
//! * **sqrt**: an operand below the fast path (subnormal, or under 2^-101 /
//!   2^-968) is multiplied by 2^64 (binary32, the seed's bracket) or 2^128
//!   (binary64: 2^64 would leave 2^-1074 below the 2^-968 guard); the
//!   square root of the scaled value is multiplied by 2^-32 / 2^-64. Both
//!   multiplies are exact (the result is ≥ 2^-75 / 2^-537, normal).
//! * **rcp and div**: each operand is brought into [1, 2) — a subnormal first
//!   multiplied by 2^64 / 2^128 (exact), then its exponent field replaced
//!   (an integer LOP3, exact) — and the exponents kept aside (`k = en − ed`,
//!   or `−ex`). The fast sequence runs on the scaled operands, which are
//!   inside every window (FCHK = 0), so it returns `q'` = the correctly
//!   rounded `n'/d'` ∈ (½, 2). The residual `r = n' − d'·q'` (one more
//!   FFMA/DFMA, exact) says on which side of `q'` the exact quotient lies.
//!   **Unscale** ([`unscale`]) multiplies by 2^k: exact when the result is
//!   normal; past the largest finite it is ±∞ (RN overflows exactly when the
//!   unbounded-exponent result does); in the subnormal range it rounds `q'`'s
//!   significand again at the coarser place with integer shifts (the seed
//!   does not show this part of the slow path; this is our choice), and the
//!   residual's sign breaks what would be a double-rounding tie: `q'`'s
//!   dropped bits decide alone unless they are exactly one half; then the
//!   exact value is above, below or on the midpoint as `r` is positive,
//!   negative or zero (on it: ties to even). Dropped bits other than one
//!   half decide correctly because `q'` is within half a fine ulp of the
//!   exact value and a coarse midpoint is a fine grid point.
//!
//! So the one piece of logic that is ours is [`unscale`]; the tests check
//! it with every other piece on 10^8 random operands (pairs) from every
//! class, and exhaustively for rcp.rn.f32 and sqrt.rn.f32
//! (`testbench/tests/refine_slowpath.rs`).

use std::cmp::Ordering;

use super::ffma::{fma, fmul};
use super::model::CANONICAL_NAN;
use super::refine::{self, CrCount};
use crate::dfma::model::{quiet, DEFAULT_NAN};
use crate::fp::{FloatFormat, Rounding};

const F32: FloatFormat = FloatFormat::F32;
const F64: FloatFormat = FloatFormat::F64;
const SIGN32: u32 = 0x8000_0000;
const SIGN64: u64 = 1 << 63;
const ONE32: u32 = 0x3F80_0000;
const ONE64: u64 = 0x3FF0_0000_0000_0000;
/// 2^64 (binary32): the seed's pre-scale.
const TWO_64_F32: u32 = (127 + 64) << 23;
/// 2^-32 (binary32): the square root's post-scale.
const TWO_M32_F32: u32 = (127 - 32) << 23;
/// 2^128 (binary64): the pre-scale that lifts 2^-1074 above sqrt's 2^-968 guard.
const TWO_128_F64: u64 = (1023 + 128) << 52;
/// 2^-64 (binary64): the square root's post-scale.
const TWO_M64_F64: u64 = (1023 - 64) << 52;
/// Exponent (unbiased) of the binary32 pre-scale.
const SCALE32: i32 = 64;
/// Exponent (unbiased) of the binary64 pre-scale.
const SCALE64: i32 = 128;

/// `q · 2^k` correctly rounded to nearest even in `fmt`, where `q` (positive,
/// normal, in `fmt`) is the correctly rounded scaled value `v` and `above`
/// is the sign of `v − q`. Exact when the result is normal; ∞ past the
/// largest finite; in the subnormal range `q`'s significand rounded again,
/// `above` deciding the one case where that would be a double rounding
/// (dropped bits exactly one half).
pub fn unscale(fmt: FloatFormat, q: u64, k: i32, above: Ordering) -> u64 {
    let m = fmt.man_bits;
    let biased = fmt.exp_field(q) as i32 + k;
    let sig = (q & fmt.man_mask()) | 1 << m;
    if biased >= fmt.exp_max() as i32 {
        return fmt.exp_mask(); // +∞
    }
    if biased >= 1 {
        return (biased as u64) << m | (q & fmt.man_mask());
    }
    // Subnormal: the result's LSB is 2^(1 − bias − m); drop `shift` bits.
    let shift = (1 - biased) as u32;
    if shift > m + 1 {
        return 0; // below half the smallest subnormal
    }
    let kept = sig >> shift;
    let dropped = sig & ((1 << shift) - 1);
    let half = 1u64 << (shift - 1);
    let up = match dropped.cmp(&half) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => match above {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => kept & 1 == 1,
        },
    };
    // A carry out of the subnormal field makes the smallest normal, as it should.
    kept + up as u64
}

/// The sign of a residual, as an ordering against zero (±0 is `Equal`).
fn residual_sign(fmt: FloatFormat, r: u64) -> Ordering {
    if fmt.is_zero(r) {
        Ordering::Equal
    } else if r & fmt.sign_mask() != 0 {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

// ----------------------------------------------------------------- binary32

/// `|x|` (finite, non-zero) as `(x', e)`: `x' ∈ [1, 2)` and `|x| = x'·2^e`.
fn normalise32(x: u32) -> (u32, i32) {
    let mut a = x & !SIGN32;
    let mut e = 0;
    if F32.exp_field(a as u64) == 0 {
        a = fmul(a, TWO_64_F32, false);
        e -= SCALE32;
    }
    e += F32.exp_field(a as u64) as i32 - 127;
    ((a & 0x7F_FFFF) | ONE32, e)
}

/// rcp.rn.f32 for every operand: [`refine::rcp_rn_f32`] on its fast path,
/// else the slow path.
pub fn rcp_rn_f32(x: u32) -> u32 {
    if refine::rcp_fast_path(x) {
        return refine::rcp_rn_f32(x);
    }
    let s = x & SIGN32;
    let xb = x as u64;
    if F32.is_nan(xb) {
        return CANONICAL_NAN;
    }
    if F32.is_zero(xb) {
        return s | 0x7F80_0000;
    }
    if F32.is_inf(xb) {
        return s;
    }
    let (xs, e) = normalise32(x);
    let y = refine::rcp_rn_f32(xs);
    let r = fma(xs ^ SIGN32, y, ONE32, false);
    s | unscale(F32, y as u64, -e, residual_sign(F32, r as u64)) as u32
}

/// div.rn.f32 for every pair: [`refine::div_rn_f32`] when FCHK answers 0,
/// else the slow path.
pub fn div_rn_f32(n: u32, d: u32) -> u32 {
    if refine::div_fast_path(n, d) {
        return refine::div_rn_f32(n, d);
    }
    let s = (n ^ d) & SIGN32;
    let (nb, db) = (n as u64, d as u64);
    if F32.is_nan(nb) || F32.is_nan(db) {
        return CANONICAL_NAN;
    }
    let (n_inf, d_inf) = (F32.is_inf(nb), F32.is_inf(db));
    let (n_zero, d_zero) = (F32.is_zero(nb), F32.is_zero(db));
    if (n_inf && d_inf) || (n_zero && d_zero) {
        return CANONICAL_NAN;
    }
    if n_inf || d_zero {
        return s | 0x7F80_0000;
    }
    if n_zero || d_inf {
        return s;
    }
    let (ns, en) = normalise32(n);
    let (ds, ed) = normalise32(d);
    let q = refine::div_rn_f32(ns, ds);
    let r = fma(ds ^ SIGN32, q, ns, false);
    s | unscale(F32, q as u64, en - ed, residual_sign(F32, r as u64)) as u32
}

/// sqrt.rn.f32 for every operand: [`refine::sqrt_rn_f32`] on its fast path,
/// else the slow path.
pub fn sqrt_rn_f32(x: u32) -> u32 {
    if refine::sqrt_fast_path(x) {
        return refine::sqrt_rn_f32(x);
    }
    let xb = x as u64;
    if F32.is_nan(xb) {
        return CANONICAL_NAN;
    }
    if F32.is_zero(xb) {
        return x;
    }
    if x & SIGN32 != 0 {
        return CANONICAL_NAN;
    }
    if F32.is_inf(xb) {
        return x;
    }
    // 0 < x < 2^-101: the seed's 2^64 bracket.
    let s = refine::sqrt_rn_f32(fmul(x, TWO_64_F32, false));
    fmul(s, TWO_M32_F32, false)
}

// ----------------------------------------------------------------- binary64

/// A DFMA with its rounding mode: `dfma(a, b, c, rm)` = `a·b + c`.
pub trait Dfma: Fn(u64, u64, u64, Rounding) -> u64 + Copy {}
impl<T: Fn(u64, u64, u64, Rounding) -> u64 + Copy> Dfma for T {}

fn dmul(dfma: impl Dfma, a: u64, b: u64) -> u64 {
    dfma(a, b, (a ^ b) & SIGN64, Rounding::Rn)
}

/// `|x|` (finite, non-zero) as `(x', e)`: `x' ∈ [1, 2)` and `|x| = x'·2^e`.
fn normalise64(dfma: impl Dfma, x: u64) -> (u64, i32) {
    let mut a = x & !SIGN64;
    let mut e = 0;
    if F64.exp_field(a) == 0 {
        a = dmul(dfma, a, TWO_128_F64);
        e -= SCALE64;
    }
    e += F64.exp_field(a) as i32 - 1023;
    ((a & F64.man_mask()) | ONE64, e)
}

/// rcp.rn.f64 for every operand: [`refine::rcp_rn_f64`] on its fast path,
/// else the slow path.
pub fn rcp_rn_f64(x: u64, dfma: impl Dfma) -> u64 {
    let rn = move |a, b, c| dfma(a, b, c, Rounding::Rn);
    if refine::rcp_fast_path64(x) {
        return refine::rcp_rn_f64(x, rn);
    }
    let s = x & SIGN64;
    if F64.is_nan(x) {
        return quiet(x);
    }
    if F64.is_zero(x) {
        return s | F64.exp_mask();
    }
    if F64.is_inf(x) {
        return s;
    }
    let (xs, e) = normalise64(dfma, x);
    let y = refine::rcp_rn_f64(xs, rn);
    let r = dfma(xs ^ SIGN64, y, ONE64, Rounding::Rn);
    s | unscale(F64, y, -e, residual_sign(F64, r))
}

/// div.rn.f64 for every pair: [`refine::div_rn_f64`] on its fast path,
/// else the slow path.
pub fn div_rn_f64(n: u64, d: u64, dfma: impl Dfma) -> u64 {
    if refine::div_fast_path64(n, d) {
        return refine::div_rn_f64(n, d, dfma);
    }
    let s = (n ^ d) & SIGN64;
    if F64.is_nan(d) {
        return quiet(d);
    }
    if F64.is_nan(n) {
        return quiet(n);
    }
    let (n_inf, d_inf) = (F64.is_inf(n), F64.is_inf(d));
    let (n_zero, d_zero) = (F64.is_zero(n), F64.is_zero(d));
    if (n_inf && d_inf) || (n_zero && d_zero) {
        return DEFAULT_NAN;
    }
    if n_inf || d_zero {
        return s | F64.exp_mask();
    }
    if n_zero || d_inf {
        return s;
    }
    let (ns, en) = normalise64(dfma, n);
    let (ds, ed) = normalise64(dfma, d);
    let q = refine::div_rn_f64(ns, ds, dfma);
    let r = dfma(ds ^ SIGN64, q, ns, Rounding::Rn);
    s | unscale(F64, q, en - ed, residual_sign(F64, r))
}

/// sqrt.rn.f64 for every operand: [`refine::sqrt_rn_f64`] on its fast path,
/// else the slow path.
pub fn sqrt_rn_f64(x: u64, dfma: impl Dfma) -> u64 {
    if refine::sqrt_fast_path64(x) {
        return refine::sqrt_rn_f64(x, dfma);
    }
    if F64.is_nan(x) {
        return quiet(x);
    }
    if F64.is_zero(x) {
        return x;
    }
    if x & SIGN64 != 0 {
        return DEFAULT_NAN;
    }
    if F64.is_inf(x) {
        return x;
    }
    // 0 < x < 2^-968: the bracket, 2^128 in and 2^-64 out.
    let s = refine::sqrt_rn_f64(dmul(dfma, x, TWO_128_F64), dfma);
    dmul(dfma, s, TWO_M64_F64)
}

// ------------------------------------------------------------ references

/// 1/x correctly rounded (the host's IEEE division), canonical NaN.
pub fn rcp_ref32(x: u32) -> u32 {
    canonical32(1.0 / f32::from_bits(x))
}

/// n/d correctly rounded, canonical NaN.
pub fn div_ref32(n: u32, d: u32) -> u32 {
    canonical32(f32::from_bits(n) / f32::from_bits(d))
}

/// √x correctly rounded, canonical NaN.
pub fn sqrt_ref32(x: u32) -> u32 {
    canonical32(f32::from_bits(x).sqrt())
}

fn canonical32(v: f32) -> u32 {
    if v.is_nan() {
        CANONICAL_NAN
    } else {
        v.to_bits()
    }
}

/// Whether a binary64 result equals the reference: the same bits, or both
/// NaN (the NaN's bits are the DFMA's rule, checked by the directed tests).
pub fn same64(got: u64, want: f64) -> bool {
    if want.is_nan() {
        F64.is_nan(got)
    } else {
        got == want.to_bits()
    }
}

// ------------------------------------------------------------ measurement

/// An operand of a random class, for the measurements: raw random bits,
/// ±0, a subnormal, ±∞, a NaN, a normal near either end of the exponent
/// range, or any normal (each an eighth). `fmt` is binary32 or binary64.
pub fn sample(fmt: FloatFormat, r: u64) -> u64 {
    let sign = (r >> 63) << (fmt.width() - 1);
    let man = (r >> 3) & fmt.man_mask();
    let emax = fmt.exp_max();
    // 31 binades at each end, so that the window edges are well covered.
    let edge = (r >> 40) % 31;
    let exp = match r & 7 {
        0 => return r & fmt.mask(),
        1 => return sign,
        2 => return sign | man.max(1),
        3 => return sign | fmt.exp_mask(),
        4 => return sign | fmt.exp_mask() | man.max(1),
        5 => 1 + edge,
        6 => emax - 1 - edge,
        _ => 1 + (r >> 40) % (emax - 1),
    };
    sign | exp << fmt.man_bits | man
}

/// Counts of one measurement, split by path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathCounts {
    /// Operands on the fast path.
    pub fast: CrCount,
    /// Operands on the slow path.
    pub slow: CrCount,
}

impl PathCounts {
    fn add(&mut self, fast: bool, ok: bool, operand: u64) {
        let c = if fast { &mut self.fast } else { &mut self.slow };
        c.count += 1;
        if ok {
            c.correct += 1;
        } else if c.first_wrong.is_none() {
            c.first_wrong = Some(operand);
        }
    }

    /// Both paths together.
    pub fn total(&self) -> CrCount {
        CrCount {
            count: self.fast.count + self.slow.count,
            correct: self.fast.correct + self.slow.correct,
            first_wrong: self.fast.first_wrong.or(self.slow.first_wrong),
        }
    }

    fn merge(&mut self, o: &PathCounts) {
        for (a, b) in [(&mut self.fast, &o.fast), (&mut self.slow, &o.slow)] {
            a.count += b.count;
            a.correct += b.correct;
            a.first_wrong = a.first_wrong.or(b.first_wrong);
        }
    }
}

/// The six sequences, as the measurement names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    RcpF32,
    DivF32,
    SqrtF32,
    RcpF64,
    DivF64,
    SqrtF64,
}

impl Sequence {
    /// Every sequence.
    pub const ALL: [Sequence; 6] = [
        Sequence::RcpF32,
        Sequence::DivF32,
        Sequence::SqrtF32,
        Sequence::RcpF64,
        Sequence::DivF64,
        Sequence::SqrtF64,
    ];

    /// PTX name.
    pub fn name(self) -> &'static str {
        match self {
            Sequence::RcpF32 => "rcp.rn.f32",
            Sequence::DivF32 => "div.rn.f32",
            Sequence::SqrtF32 => "sqrt.rn.f32",
            Sequence::RcpF64 => "rcp.rn.f64",
            Sequence::DivF64 => "div.rn.f64",
            Sequence::SqrtF64 => "sqrt.rn.f64",
        }
    }

    /// One operand (pair) from `a` (and `b`): whether it took the fast path,
    /// and whether the result is the correctly rounded one.
    pub fn check(self, a: u64, b: u64, dfma: impl Dfma) -> (bool, bool) {
        match self {
            Sequence::RcpF32 => {
                let x = a as u32;
                (refine::rcp_fast_path(x), rcp_rn_f32(x) == rcp_ref32(x))
            }
            Sequence::SqrtF32 => {
                let x = a as u32;
                (refine::sqrt_fast_path(x), sqrt_rn_f32(x) == sqrt_ref32(x))
            }
            Sequence::DivF32 => {
                let (n, d) = (a as u32, b as u32);
                (
                    refine::div_fast_path(n, d),
                    div_rn_f32(n, d) == div_ref32(n, d),
                )
            }
            Sequence::RcpF64 => (
                refine::rcp_fast_path64(a),
                same64(rcp_rn_f64(a, dfma), 1.0 / f64::from_bits(a)),
            ),
            Sequence::SqrtF64 => (
                refine::sqrt_fast_path64(a),
                same64(sqrt_rn_f64(a, dfma), f64::from_bits(a).sqrt()),
            ),
            Sequence::DivF64 => (
                refine::div_fast_path64(a, b),
                same64(
                    div_rn_f64(a, b, dfma),
                    f64::from_bits(a) / f64::from_bits(b),
                ),
            ),
        }
    }

    fn format(self) -> FloatFormat {
        match self {
            Sequence::RcpF32 | Sequence::DivF32 | Sequence::SqrtF32 => F32,
            _ => F64,
        }
    }
}

/// `count` random operands (pairs) of every class ([`sample`]) through the
/// whole operation (fast or slow path), on `threads` threads; the operand
/// reported wrong is `a` (for pairs the first operand; rerun with the seed
/// to find the pair). The DFMA is the model's.
pub fn measure(seq: Sequence, count: u64, seed: u64, threads: usize) -> PathCounts {
    let threads = threads.max(1) as u64;
    let dfma = crate::dfma::model::fma;
    let out = std::sync::Mutex::new(PathCounts::default());
    std::thread::scope(|scope| {
        for t in 0..threads {
            let out = &out;
            scope.spawn(move || {
                let mut state = (seed ^ (t + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
                let mut next = move || {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state
                };
                let mut c = PathCounts::default();
                let n = count / threads + u64::from(t < count % threads);
                let fmt = seq.format();
                for _ in 0..n {
                    let a = sample(fmt, next());
                    let b = sample(fmt, next());
                    let (fast, ok) = seq.check(a, b, dfma);
                    c.add(fast, ok, a);
                }
                out.lock().unwrap().merge(&c);
            });
        }
    });
    out.into_inner().unwrap()
}

/// A unary binary32 operation over every operand `lo..hi` on `threads` threads.
pub fn exhaustive32(seq: Sequence, lo: u64, hi: u64, threads: usize) -> PathCounts {
    assert!(matches!(seq, Sequence::RcpF32 | Sequence::SqrtF32));
    const BLOCK: u64 = 1 << 20;
    let next = std::sync::atomic::AtomicU64::new(lo);
    let out = std::sync::Mutex::new(PathCounts::default());
    let dfma = crate::dfma::model::fma;
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut c = PathCounts::default();
                loop {
                    let start = next.fetch_add(BLOCK, std::sync::atomic::Ordering::Relaxed);
                    if start >= hi {
                        break;
                    }
                    for a in start..(start + BLOCK).min(hi) {
                        let (fast, ok) = seq.check(a, 0, dfma);
                        c.add(fast, ok, a);
                    }
                }
                out.lock().unwrap().merge(&c);
            });
        }
    });
    out.into_inner().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unscale_rounds_subnormals_with_the_residual() {
        // 1.5·2^-149·2 = 3·2^-149: exact.
        let q = F32.pack(false, 127, 0x40_0000); // 1.5
        assert_eq!(unscale(F32, q, -148, Ordering::Equal), 3);
        // 1.5·2^-149: a tie, broken by the residual, else to even (2).
        assert_eq!(unscale(F32, q, -149, Ordering::Equal), 2);
        assert_eq!(unscale(F32, q, -149, Ordering::Less), 1);
        assert_eq!(unscale(F32, q, -149, Ordering::Greater), 2);
        // Normal and overflowing results.
        assert_eq!(unscale(F32, q, 1, Ordering::Less), 0x4040_0000);
        assert_eq!(unscale(F32, q, 128, Ordering::Less), 0x7F80_0000);
        // Far below: zero.
        assert_eq!(unscale(F32, q, -200, Ordering::Greater), 0);
    }

    #[test]
    fn specials_by_rule() {
        assert_eq!(rcp_rn_f32(0x8000_0000), 0xFF80_0000);
        assert_eq!(div_rn_f32(0, 0), CANONICAL_NAN);
        assert_eq!(sqrt_rn_f32(0x8000_0000), 0x8000_0000);
        assert_eq!(sqrt_rn_f32(0xBF80_0000), CANONICAL_NAN);
        let dfma = crate::dfma::model::fma;
        assert_eq!(div_rn_f64(0, 0, dfma), DEFAULT_NAN);
        assert_eq!(sqrt_rn_f64(SIGN64 | ONE64, dfma), DEFAULT_NAN);
        assert_eq!(
            rcp_rn_f64(0x7FF0_0000_0000_0001, dfma),
            0x7FF8_0000_0000_0001
        );
        assert_eq!(rcp_rn_f64(1, dfma), 0x7FF0_0000_0000_0000);
    }
}
