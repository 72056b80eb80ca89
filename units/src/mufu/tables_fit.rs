//! The MUFU coefficient-ROM generator's fitting: per region, a minimax
//! quadratic per segment (Remez on a dense grid, then a search over the
//! rounded coefficients for the smallest error of the integer recipe).

use super::*;

/// Solves a 4×4 linear system by Gaussian elimination with partial pivoting.
fn solve4(mut a: [[f64; 5]; 4]) -> [f64; 4] {
    for col in 0..4 {
        let piv = (col..4)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
        a.swap(col, piv);
        let pivot = a[col];
        for (row, r) in a.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / pivot[col];
                for (x, p) in r.iter_mut().zip(pivot.iter()).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    [
        a[0][4] / a[0][0],
        a[1][4] / a[1][1],
        a[2][4] / a[2][2],
        a[3][4] / a[3][3],
    ]
}

/// Weighted minimax quadratic `a + b·u + c·u²` of `t` on the grid `u`
/// (discrete Remez exchange). Returns `[a, b, c]`.
fn remez_quadratic(u: &[f64], t: &[f64], w: &[f64]) -> [f64; 3] {
    let n = u.len();
    let mut refs = [0, n / 4, (3 * n) / 4, n - 1];
    let mut best = [0.0; 3];
    for _ in 0..30 {
        let mut m = [[0.0; 5]; 4];
        for (i, &r) in refs.iter().enumerate() {
            let s = if i % 2 == 0 { 1.0 } else { -1.0 };
            m[i] = [1.0, u[r], u[r] * u[r], s / w[r], t[r]];
        }
        let [a, b, c, h] = solve4(m);
        best = [a, b, c];
        let err: Vec<f64> = (0..n)
            .map(|j| (a + b * u[j] + c * u[j] * u[j] - t[j]) * w[j])
            .collect();
        // Alternating extrema: the largest |err| of each run of one sign.
        let mut ext: Vec<usize> = Vec::new();
        for j in 0..n {
            match ext.last() {
                Some(&l) if (err[l] >= 0.0) == (err[j] >= 0.0) => {
                    if err[j].abs() > err[l].abs() {
                        *ext.last_mut().unwrap() = j;
                    }
                }
                _ => ext.push(j),
            }
        }
        if ext.len() < 4 {
            break;
        }
        while ext.len() > 4 {
            if err[ext[0]].abs() < err[*ext.last().unwrap()].abs() {
                ext.remove(0);
            } else {
                ext.pop();
            }
        }
        let emax = err.iter().fold(0.0f64, |m, e| m.max(e.abs()));
        let new = [ext[0], ext[1], ext[2], ext[3]];
        if new == refs || emax <= h.abs() * (1.0 + 1e-9) {
            break;
        }
        refs = new;
    }
    best
}

/// One realisable argument of a segment, with its exact target.
struct Sample {
    u_hi: u32,
    u_lo: u32,
    /// Exact total (sum LSBs).
    total: f64,
    addend: i64,
    /// 1 / error unit.
    w: f64,
}

/// Quantised coefficients of one segment, as signed integers in the region's
/// field units before the offset `k0` is taken out of C0.
#[derive(Clone, Copy, Debug)]
struct Quant {
    q0: i64,
    c1: u32,
    c2: u32,
}

struct Search<'a> {
    fmt: RegionFmt,
    samples: &'a [Sample],
    pins: Vec<(u32, u32, Pin)>,
}

impl Search<'_> {
    fn word(&self, q: &Quant) -> (RegionFmt, Word) {
        // Evaluate with k0 = q0 << s0 and a zero field: the same sum.
        let mut fmt = self.fmt;
        fmt.k0 = q.q0 << fmt.s0;
        (
            fmt,
            Word {
                c0: 0,
                c1: q.c1,
                c2: q.c2,
            },
        )
    }

    /// `(max, mean)` error before the final rounding.
    fn errors(&self, q: &Quant) -> (f64, f64) {
        let (fmt, w) = self.word(q);
        let mut max = 0.0f64;
        let mut sum = 0.0;
        for s in self.samples {
            let y = datapath::poly(&fmt, &w, s.u_hi, s.u_lo) + s.addend;
            let e = ((y as f64) - s.total).abs() * s.w;
            max = max.max(e);
            sum += e;
        }
        (max, sum / self.samples.len() as f64)
    }

    /// `(score, pins ok)`.
    fn score(&self, q: &Quant) -> (f64, bool) {
        let (fmt, w) = self.word(q);
        for &(u_hi, u_lo, pin) in &self.pins {
            let y = datapath::poly(&fmt, &w, u_hi, u_lo);
            if y < pin.lo || y > pin.hi {
                return (f64::INFINITY, false);
            }
        }
        let (max, mean) = self.errors(q);
        (max + 0.25 * mean, true)
    }

    /// The residual midpoint for C0, in units of 2^s0.
    fn c0_mid(&self, c1: u32, c2: u32) -> i64 {
        let q = Quant { q0: 0, c1, c2 };
        let (fmt, w) = self.word(&q);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for s in self.samples {
            let r = s.total - (datapath::poly(&fmt, &w, s.u_hi, s.u_lo) + s.addend) as f64;
            lo = lo.min(r);
            hi = hi.max(r);
        }
        ((lo + hi) / 2.0 / (1u64 << fmt.s0) as f64).round() as i64
    }

    /// C0 values (units of 2^s0) that satisfy each pin alone.
    fn c0_for_pins(&self, c1: u32, c2: u32) -> Vec<i64> {
        let q = Quant { q0: 0, c1, c2 };
        let (fmt, w) = self.word(&q);
        let step = 1i64 << fmt.s0;
        self.pins
            .iter()
            .map(|&(u_hi, u_lo, pin)| {
                let y0 = datapath::poly(&fmt, &w, u_hi, u_lo);
                // Smallest q0 with y0 + q0·step ≥ lo.
                (pin.lo - y0).div_euclid(step) + ((pin.lo - y0).rem_euclid(step) != 0) as i64
            })
            .collect()
    }
}

/// Builds one region.
pub(super) fn build_region(spec: &RegionSpec, base: u32) -> Region {
    let segs = 1usize << spec.k;
    let span_bits = FRAC_W - spec.k; // fraction bits inside a segment
    let seg_frac = |s: usize, v: u64| -> u32 {
        let hi = if spec.k == 0 {
            0
        } else {
            (s as u32) << span_bits
        };
        hi | (v as u32)
    };
    let v_max: u64 = (1u64 << span_bits) - (1u64 << spec.frac_lsb);
    let quant_v = |x: f64| -> u64 {
        let v = (x * v_max as f64) as u64;
        (v >> spec.frac_lsb) << spec.frac_lsb
    };
    let err_unit = |total: f64| -> f64 {
        match spec.abs_unit {
            Some(a) => 1.0 / a,
            None => 1.0 / ulp_units(total),
        }
    };

    // 1. Real minimax fits.
    const GRID: usize = 257;
    let mut reals = Vec::with_capacity(segs);
    for s in 0..segs {
        let mut u = Vec::with_capacity(GRID);
        let mut t = Vec::with_capacity(GRID);
        let mut w = Vec::with_capacity(GRID);
        for j in 0..GRID {
            let v = quant_v(j as f64 / (GRID - 1) as f64);
            let (total, addend) = (spec.target)(seg_frac(s, v));
            u.push(v as f64 / (1u64 << span_bits) as f64);
            t.push(total - addend as f64);
            w.push(err_unit(total));
        }
        reals.push(remez_quadratic(&u, &t, &w));
    }

    // 2. Formats from the real coefficients' ranges.
    let neg1 = reals[segs / 2][1] < 0.0;
    let neg2 = reals[segs / 2][2] < 0.0;
    let max1 = reals.iter().map(|r| r[1].abs()).fold(0.0, f64::max);
    let max2 = reals.iter().map(|r| r[2].abs()).fold(0.0, f64::max);
    // LSB exponents so that the largest magnitude (plus search headroom) fits.
    let lsb_for = |max: f64, width: u32| -> i32 {
        let mut e = (max * 1.001).log2().ceil() as i32 - width as i32;
        while max / 2f64.powi(e) + 3.0 >= 2f64.powi(width as i32) {
            e += 1;
        }
        e
    };
    let e1 = lsb_for(max1, spec.w1);
    let e2 = lsb_for(max2.max(1.0), spec.w2);
    assert!(
        spec.w1 <= MUL_W && spec.w2 <= MUL_W,
        "{}: field wider than a multiplier",
        spec.name
    );
    let sh1 = U_W as i32 - e1;
    let sh2 = SQ_W as i32 - e2;
    assert!(
        sh1 >= U_LO_W as i32,
        "{}: C1 too large for the sum",
        spec.name
    );
    assert!(sh2 >= 0, "{}: C2 too large for the sum", spec.name);
    let fmt0 = RegionFmt {
        k: spec.k,
        base,
        w0: 0,
        w1: spec.w1,
        w2: spec.w2,
        k0: 0,
        s0: spec.s0,
        sh1: sh1 as u32,
        sh2: sh2 as u32,
        neg1,
        neg2,
        unit_exp: spec.unit_exp,
    };

    // 3. Quantisation search per segment.
    let mut quants = Vec::with_capacity(segs);
    let (mut fit_max, mut fit_sum) = (0.0f64, 0.0);
    let mut lcg = 0x2545_F491_4F6C_DD1Du64 ^ base as u64;
    for (s, real) in reals.iter().enumerate() {
        const N_UNIFORM: usize = 384;
        const N_RANDOM: usize = 128;
        let mut vs: Vec<u64> = (0..N_UNIFORM)
            .map(|j| quant_v(j as f64 / (N_UNIFORM - 1) as f64))
            .collect();
        for _ in 0..N_RANDOM {
            lcg = lcg
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            vs.push(quant_v((lcg >> 11) as f64 / (1u64 << 53) as f64));
        }
        let samples: Vec<Sample> = vs
            .iter()
            .map(|&v| {
                let frac = seg_frac(s, v);
                let (_, u_hi, u_lo) = datapath::split(frac, spec.k);
                let (total, addend) = (spec.target)(frac);
                Sample {
                    u_hi,
                    u_lo,
                    total,
                    addend,
                    w: err_unit(total),
                }
            })
            .collect();
        let pins = spec
            .pins
            .iter()
            .filter(|(seg, _)| *seg == s)
            .map(|&(_, pin)| {
                let (_, u_hi, u_lo) = datapath::split(pin.frac, spec.k);
                (u_hi, u_lo, pin)
            })
            .collect();
        let search = Search {
            fmt: fmt0,
            samples: &samples,
            pins,
        };
        let [_, b, c] = *real;
        let c1_lsb = 2f64.powi(e1);
        let c2_lsb = 2f64.powi(e2);
        let c1_round = (b.abs() / c1_lsb).round() as i64;
        let mut best: Option<(f64, Quant)> = None;
        for d1 in -2i64..=2 {
            let c1 = (c1_round + d1).clamp(0, (1 << spec.w1) - 1);
            // Re-balance: the rounding of C1 (Δ1·u) is moved onto C2.
            let delta1 = c1 as f64 * c1_lsb * if neg1 { -1.0 } else { 1.0 } - b;
            let c2_real = (c - delta1).abs();
            let c2_round = (c2_real / c2_lsb).round() as i64;
            for d2 in -2i64..=2 {
                let c2 = (c2_round + d2).clamp(0, (1 << spec.w2) - 1);
                let mid = search.c0_mid(c1 as u32, c2 as u32);
                let mut cands = vec![mid - 1, mid, mid + 1];
                cands.extend(search.c0_for_pins(c1 as u32, c2 as u32));
                for q0 in cands {
                    let q = Quant {
                        q0,
                        c1: c1 as u32,
                        c2: c2 as u32,
                    };
                    let (sc, ok) = search.score(&q);
                    if ok && best.as_ref().is_none_or(|(b, _)| sc < *b) {
                        best = Some((sc, q));
                    }
                }
            }
        }
        let (_, q) = best
            .unwrap_or_else(|| panic!("{} segment {s}: no candidate meets the pins", spec.name));
        let (mx, mean) = search.errors(&q);
        fit_max = fit_max.max(mx);
        fit_sum += mean;
        quants.push(q);
    }

    // 4. C0 offset and width.
    let q0_min = quants.iter().map(|q| q.q0).min().unwrap();
    let q0_max = quants.iter().map(|q| q.q0).max().unwrap();
    let w0 = 64 - ((q0_max - q0_min) as u64).leading_zeros();
    let fmt = RegionFmt {
        w0: w0.max(1),
        k0: q0_min << spec.s0,
        ..fmt0
    };
    let words = quants
        .iter()
        .map(|q| Word {
            c0: (q.q0 - q0_min) as u32,
            c1: q.c1,
            c2: q.c2,
        })
        .collect();
    let region = Region {
        name: spec.name.clone(),
        fmt,
        words,
        fit_max,
        fit_mean: fit_sum / segs as f64,
    };
    // (word widths are checked against ROM_WORD_W by the tests)
    region
}
