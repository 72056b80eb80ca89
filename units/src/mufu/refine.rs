//! The compiler's refinement sequences around the MUFU seeds (SPEC.md §1, seed
//! §1.3–1.4), run on the MUFU model and the bit-exact FFMA model, and the
//! measurement of how often they come out correctly rounded.
//!
//! Only the fast path is modelled: the compiler diverts zero, subnormal,
//! infinite and NaN operands (and, for division, operands whose quotient or
//! reciprocal leaves the normal range) to a slow path. [`rcp_fast_path`],
//! [`sqrt_fast_path`] and [`div_fast_path`] say which operands the measurement
//! counts.

use std::sync::atomic::{AtomicU64, Ordering};

use super::ffma::{fadd, fma, fmul};
use super::model::{eval, MufuFunc};

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
    const ONE64: u64 = 0x3FF0_0000_0000_0000;
    const NEG64: u64 = 1 << 63;
    let y0 = (eval(MufuFunc::Rcp64h, (x >> 32) as u32) as u64) << 32;
    let e = dfma(x ^ NEG64, y0, ONE64);
    let e = dfma(e, e, e);
    let y1 = dfma(y0, e, y0);
    let e2 = dfma(x ^ NEG64, y1, ONE64);
    dfma(y1, e2, y1)
}

fn is_normal32(x: u32) -> bool {
    let e = (x >> 23) & 0xFF;
    e != 0 && e != 0xFF
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

/// div.rn.f32's fast path, our stand-in for the compiler's `FCHK` test: d on
/// rcp's fast path, |n| ≥ 2^-101 (so that the residual `n − d·q0`, about
/// 2^-24·n, stays normal), and a quotient exponent inside [−125, 126].
pub fn div_fast_path(n: u32, d: u32) -> bool {
    if !(is_normal32(n) && (n & 0x7FFF_FFFF) >= 0x0D00_0000 && rcp_fast_path(d)) {
        return false;
    }
    let en = ((n >> 23) & 0xFF) as i32 - 127;
    let ed = ((d >> 23) & 0xFF) as i32 - 127;
    (-125..=126).contains(&(en - ed))
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
