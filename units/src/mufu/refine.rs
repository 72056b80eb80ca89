//! The compiler's refinement sequences around the MUFU seeds (SPEC.md §1, seed
//! §1.3–1.4), run on the MUFU model, the bit-exact FFMA model and (binary64)
//! a DFMA passed in as a closure (the tests pass the DFMA model,
//! [`crate::dfma::model::fma`]), and the measurement of how often they come
//! out correctly rounded.
//!
//! This module holds the **fast paths**, each written as the compiler emits
//! it (the body in the function's doc), and the guard that keeps an operand
//! on it ([`rcp_fast_path`], [`sqrt_fast_path`], [`div_fast_path`] and their
//! binary64 twins). The compiler diverts every other operand (zero,
//! subnormal, infinite, NaN, and the range edges) to a slow path: that is
//! [`super::slowpath`], which scales into the fast path's range, runs the same
//! fast sequence and scales back.
//!
//! # sqrt.rn.f64 and div.rn.f64 (seed 000 §1.4)
//! The seed gives rcp.rn.f64's body instruction by instruction, and for
//! sqrt.rn.f64 only its parts: "RSQ64H plus a DMUL/DFMA Heron sequence and
//! finishes with a DFMA.RM/DFMA.RP directed-rounding bracket and a
//! DSETP.GT/DSETP.NE remainder test" (tail `DFMA.RM …; DFMA.RP -s, …;
//! DSETP.GT.AND P0; DSETP.NE.AND P0`), and for div.rn.f64 "extends the
//! reciprocal sequence the same way". Where the seed stops, we decided:
//! * sqrt: one Newton step on the 21-bit RSQ64H seed with the quadratic
//!   term (`y1 = y0·(1 + e/2 + 3e²/8)`, error ≈ (5/16)·e³, under y1's own rounding), then
//!   `s = x·y1`, `h = y1/2` and one Heron step `s + (x − s²)·h` whose exact
//!   value is within 2^-100 (relative) of √x. That step is rounded twice,
//!   down (`lo`, DFMA.RM) and up (`hi`, DFMA.RP): √x lies within 2^-100 of
//!   [lo, hi]. When `lo ≠ hi` (DSETP.NE), the remainder `x − lo·hi`
//!   (DFMA.RP with `−lo`) has the sign of `√x − (lo + hi)/2`, because
//!   `x − ((lo + hi)/2)² = (x − lo·hi) − u²/4` and `x − lo·hi` is a multiple
//!   of u² (u = ulp(lo)), so it is > 0 exactly when the midpoint is below
//!   √x; √x is never a midpoint. DSETP.GT on it picks `hi`. Rounding that
//!   remainder up keeps a positive value positive even when it is tiny (at
//!   the bottom of the range it is subnormal), and a negative one ≤ −0.
//! * div: rcp.rn.f64's body gives y2 = 1/d correctly rounded on the whole
//!   fast path (measured), then the f32 quotient steps on the DFMA:
//!   `q0 = n·y2; r = n − d·q0; q = q0 + y2·r` (Markstein: a correctly rounded
//!   reciprocal and a faithful q0 make the last FMA correctly rounded).
//!   No bracket is needed there; the measured 100 % says so.
//!
//! Binary64 guards (ours; the seed does not give them): the 64H seeds see
//! subnormal high words as zero and flush subnormal seeds, and the residuals
//! (about 2^-53 of the operand) must not underflow, so
//! * rcp.rn.f64: biased exponent 1..=2044 (1/x normal, ≥ 2^-1022);
//! * sqrt.rn.f64: 2^-968 ≤ x < +∞ (biased exponent ≥ 55), as f32's 2^-101 = 2^(−126+25);
//! * div.rn.f64: d on rcp's fast path, |n| ≥ 2^-968, and the quotient's
//!   exponent difference `en − ed` in [−1021, 1022] (q0 and q normal, no overflow).
//!
//! RSQ64H's `y0²` is exact (21-bit significands, ≥ 2^-1024 on the fast
//! path: 42 bits above 2^-1074), so the sequence keeps the compiler's
//! `DMUL y0, y0` even where the square is subnormal.

use std::sync::atomic::{AtomicU64, Ordering};

use super::ffma::{fadd, fma, fmul};
use super::model::{eval, MufuFunc};
use crate::fp::Rounding;
use crate::xmu::fchk;

const ONE: u32 = 0x3F80_0000;
const MINUS_ONE: u32 = 0xBF80_0000;
const HALF: u32 = 0x3F00_0000;
const NEG: u32 = 0x8000_0000;

/// rcp.rn.f32: `y0 = RCP(x); e = fma(x, y0, −1); e = −e (FADD.FTZ e, −e, −RZ); y1 = fma(y0, e, y0)`.
pub fn rcp_rn_f32(x: u32) -> u32 {
    let y0 = eval(MufuFunc::Rcp, x);
    let e = fma(x, y0, MINUS_ONE, false);
    let e = fadd(e ^ NEG, NEG, true);
    fma(y0, e, y0, false)
}

/// div.rn.f32: `y0 = RCP(d); e = fma(−d, y0, 1); y1 = fma(y0, e, y0); q0 = fma(n, y1, 0);
/// r = fma(−d, q0, n); q = fma(y1, r, q0)`.
pub fn div_rn_f32(n: u32, d: u32) -> u32 {
    let y0 = eval(MufuFunc::Rcp, d);
    let e = fma(d ^ NEG, y0, ONE, false);
    let y1 = fma(y0, e, y0, false);
    let q0 = fma(n, y1, 0, false);
    let r = fma(d ^ NEG, q0, n, false);
    fma(y1, r, q0, false)
}

/// sqrt.rn.f32: `r = RSQ(x); s = x·r (FTZ); h = 0.5·r (FTZ); d = fma(−s, s, x); y = fma(d, h, s)`.
pub fn sqrt_rn_f32(x: u32) -> u32 {
    let r = eval(MufuFunc::Rsq, x);
    let s = fmul(x, r, true);
    let h = fmul(r, HALF, true);
    let d = fma(s ^ NEG, s, x, false);
    fma(d, h, s, false)
}

/// rcp.rn.f64 on a DFMA (`dfma(a, b, c)` = `a·b + c`, RN):
/// `y0 = RCP64H(hi(x)) << 32; e = fma(−x, y0, 1); e = fma(e, e, e); y1 = fma(y0, e, y0);
/// e2 = fma(−x, y1, 1); y2 = fma(y1, e2, y1)`.
pub fn rcp_rn_f64(x: u64, dfma: impl Fn(u64, u64, u64) -> u64) -> u64 {
    let y0 = (eval(MufuFunc::Rcp64h, (x >> 32) as u32) as u64) << 32;
    let e = dfma(x ^ NEG64, y0, ONE64);
    let e = dfma(e, e, e);
    let y1 = dfma(y0, e, y0);
    let e2 = dfma(x ^ NEG64, y1, ONE64);
    dfma(y1, e2, y1)
}

/// The binary64 constants the sequences load.
const ONE64: u64 = 0x3FF0_0000_0000_0000;
const HALF64: u64 = 0x3FE0_0000_0000_0000;
const THREE_EIGHTHS64: u64 = 0x3FD8_0000_0000_0000;
const NEG64: u64 = 1 << 63;

/// sqrt.rn.f64 on a DFMA with rounding modes (`dfma(a, b, c, rm)` = `a·b + c`):
///
/// ```text
/// MUFU.RSQ64H y0.hi, x.hi ; y0.lo = 0    y0 ≈ 1/√x (21 bits)
/// DMUL     t, y0, y0                      y0² (exact)
/// DFMA     e, -x, t, 1                    e = 1 − x·y0²
/// DFMA     p, e, 0.375, 0.5               p = ½ + ⅜e
/// DMUL     g, e, y0                       g = e·y0
/// DFMA     y1, g, p, y0                   y1 = y0·(1 + ½e + ⅜e²) ≈ 1/√x
/// DMUL     s, x, y1                       s ≈ √x
/// DMUL     h, y1, 0.5                     h ≈ 1/(2√x)
/// DFMA     d, -s, s, x                    d = x − s²
/// DFMA.RM  lo, d, h, s                    Heron step rounded down
/// DFMA.RP  hi, d, h, s                    and up
/// DFMA.RP  m, -lo, hi, x                  m = x − lo·hi: sign of √x − (lo+hi)/2
/// DSETP.GT.AND P0, PT, m, 0
/// DSETP.NE.AND P0, P0, lo, hi
/// SEL      result, hi, lo, P0
/// ```
///
/// Correctly rounded on [`sqrt_fast_path64`] (the argument is in the module doc).
pub fn sqrt_rn_f64(x: u64, dfma: impl Fn(u64, u64, u64, Rounding) -> u64) -> u64 {
    use Rounding::{Rm, Rn, Rp};
    let dmul = |a: u64, b: u64| dfma(a, b, (a ^ b) & NEG64, Rn);
    let y0 = (eval(MufuFunc::Rsq64h, (x >> 32) as u32) as u64) << 32;
    let t = dmul(y0, y0);
    let e = dfma(x ^ NEG64, t, ONE64, Rn);
    let p = dfma(e, THREE_EIGHTHS64, HALF64, Rn);
    let g = dmul(e, y0);
    let y1 = dfma(g, p, y0, Rn);
    let s = dmul(x, y1);
    let h = dmul(y1, HALF64);
    let d = dfma(s ^ NEG64, s, x, Rn);
    let lo = dfma(d, h, s, Rm);
    let hi = dfma(d, h, s, Rp);
    let m = dfma(lo ^ NEG64, hi, x, Rp);
    let gt = crate::dfma::model::setp(crate::dfma::model::Cmp::Gt, m, 0);
    let ne = crate::dfma::model::setp(crate::dfma::model::Cmp::Ne, lo, hi);
    if gt && ne {
        hi
    } else {
        lo
    }
}

/// div.rn.f64 on a DFMA: rcp.rn.f64's body for `y2 ≈ 1/d`, then
///
/// ```text
/// DMUL  q0, n, y2          q0 ≈ n/d
/// DFMA  r, -d, q0, n       r = n − d·q0 (exact)
/// DFMA  q, y2, r, q0       q = q0 + y2·r
/// ```
///
/// Correctly rounded on [`div_fast_path64`].
pub fn div_rn_f64(n: u64, d: u64, dfma: impl Fn(u64, u64, u64, Rounding) -> u64) -> u64 {
    use Rounding::Rn;
    let y2 = rcp_rn_f64(d, |a, b, c| dfma(a, b, c, Rn));
    let q0 = dfma(n, y2, (n ^ y2) & NEG64, Rn);
    let r = dfma(d ^ NEG64, q0, n, Rn);
    dfma(y2, r, q0, Rn)
}

/// rcp.rn.f32's fast path: exponent field 1..=252 (|x| < 2^126), the range the
/// compiler's `IADD3 t, x, 0x1800000; LOP3 t, t, 0x7f800000; ISETP.GT.U32 t, 0x1ffffff`
/// guard keeps on the fast path.
pub fn rcp_fast_path(x: u32) -> bool {
    (1..=252).contains(&((x >> 23) & 0xFF))
}

/// sqrt.rn.f32's fast path: `0x0d000000 ≤ x < +Inf` (the compiler's
/// `IADD3 t, x, -0xd000000; ISETP.GT.U32 t, 0x727fffff` guard): below 2^-101 the
/// residual `x − s²` would be subnormal and lose the bits the Heron step needs.
pub fn sqrt_fast_path(x: u32) -> bool {
    (0x0D00_0000..0x7F80_0000).contains(&x)
}

/// div.rn.f32's fast path: the XMU's `FCHK.DIVIDE` answers 0
/// ([`fchk::divide`], whose module doc derives the window).
pub fn div_fast_path(n: u32, d: u32) -> bool {
    !fchk::divide(n, d)
}

fn exp64(x: u64) -> u64 {
    (x >> 52) & 0x7FF
}

/// rcp.rn.f64's fast path: biased exponent 1..=2044 (1/|x| ≥ 2^-1022, normal).
pub fn rcp_fast_path64(x: u64) -> bool {
    (1..=2044).contains(&exp64(x))
}

/// sqrt.rn.f64's fast path: `2^-968 ≤ x < +∞` (biased exponent ≥ 55, sign clear).
pub fn sqrt_fast_path64(x: u64) -> bool {
    (55u64 << 52..0x7FF0_0000_0000_0000).contains(&x)
}

/// div.rn.f64's fast path: d on rcp's, |n| ≥ 2^-968 and normal, and the
/// exponent difference `en − ed` in [−1021, 1022].
pub fn div_fast_path64(n: u64, d: u64) -> bool {
    let (en, ed) = (exp64(n) as i32, exp64(d) as i32);
    rcp_fast_path64(d) && (55..=2046).contains(&en) && (-1021..=1022).contains(&(en - ed))
}

/// The correctly rounded references (f64 is exact enough: 53 ≥ 2·24 + 2).
pub fn rcp_exact(x: u32) -> u32 {
    ((1.0 / f32::from_bits(x) as f64) as f32).to_bits()
}

/// √x correctly rounded.
pub fn sqrt_exact(x: u32) -> u32 {
    ((f32::from_bits(x) as f64).sqrt() as f32).to_bits()
}

/// n/d correctly rounded.
pub fn div_exact(n: u32, d: u32) -> u32 {
    ((f32::from_bits(n) as f64 / f32::from_bits(d) as f64) as f32).to_bits()
}

/// Counts of a refinement measurement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrCount {
    /// Operands on the fast path that were run.
    pub count: u64,
    /// Results equal to the correctly rounded value.
    pub correct: u64,
    /// One operand (bits; for division `n << 32 | d`) whose result was not correctly rounded.
    pub first_wrong: Option<u64>,
}

impl CrCount {
    /// Percentage correctly rounded.
    pub fn percent(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            100.0 * self.correct as f64 / self.count as f64
        }
    }
}

/// Runs a unary sequence over every operand `lo..hi` on its fast path, split across threads.
pub fn sweep_unary(
    lo: u64,
    hi: u64,
    threads: usize,
    fast: fn(u32) -> bool,
    seq: fn(u32) -> u32,
    exact: fn(u32) -> u32,
) -> CrCount {
    const BLOCK: u64 = 1 << 20;
    let next = AtomicU64::new(lo);
    let out = std::sync::Mutex::new(CrCount::default());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut c = CrCount::default();
                loop {
                    let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                    if start >= hi {
                        break;
                    }
                    for b in start..(start + BLOCK).min(hi) {
                        let x = b as u32;
                        if !fast(x) {
                            continue;
                        }
                        c.count += 1;
                        if seq(x) == exact(x) {
                            c.correct += 1;
                        } else if c.first_wrong.is_none() {
                            c.first_wrong = Some(b);
                        }
                    }
                }
                let mut o = out.lock().unwrap();
                o.count += c.count;
                o.correct += c.correct;
                o.first_wrong = o.first_wrong.or(c.first_wrong);
            });
        }
    });
    out.into_inner().unwrap()
}

/// div.rn.f32 over `pairs` random fast-path pairs (xorshift from `seed`).
pub fn sweep_div(pairs: u64, seed: u64) -> CrCount {
    let mut s = seed | 1;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut c = CrCount::default();
    while c.count < pairs {
        let r = next();
        let (n, d) = ((r >> 32) as u32, r as u32);
        if !div_fast_path(n, d) {
            continue;
        }
        c.count += 1;
        if div_rn_f32(n, d) == div_exact(n, d) {
            c.correct += 1;
        } else if c.first_wrong.is_none() {
            c.first_wrong = Some(r);
        }
    }
    c
}
