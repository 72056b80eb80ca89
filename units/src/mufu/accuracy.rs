//! Accuracy of the MUFU model against exact math (`f64`).
//!
//! For each function, over every binary32 input of its domain (exhaustive) or
//! over a sample of short runs of consecutive inputs: max and mean error in ulp,
//! absolute and relative error, the fraction correctly rounded, monotonicity
//! violations (a result stepping against the exact function between adjacent
//! inputs) and the worst inputs. [`Report::to_json`] and [`Report::to_table`]
//! format it for the command line; [`svg`] draws the error across the input range.
//!
//! References: `1/x`, `sqrt` and `1/sqrt` in `f64` (correctly rounded or within
//! 2^-52), `exp2`, `log2`, `tanh` from libm (< 1 ulp of `f64`), and sin(2πx)
//! with x reduced in revolutions exactly first (`x − round(x)` is exact in
//! `f64`), then folded to `[−¼, ¼]` so that the `f64` argument is small.
//!
//! Domain: every normal input whose exact result, rounded to binary32, is a
//! normal number (the bare unit's DAZ/FTZ range); SIN/COS and TANH take every
//! normal input. The 64H forms take every high word with a normal exponent whose
//! exact result is a normal binary64.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::model::{eval, MufuFunc};

/// How the target of a function is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Error in units in the last place of the exact result.
    Ulp,
    /// Absolute error.
    Abs,
    /// Relative error (the 64H forms).
    Rel,
}

/// The accuracy target for a function, as text and as a check.
pub fn target(f: MufuFunc) -> &'static str {
    match f {
        MufuFunc::Rcp => "< 1 ulp, >= 90 % correctly rounded, monotonic",
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Ex2 => "< 1 ulp",
        MufuFunc::Lg2 => "abs <= 2^-23 on (0.5,2), < 1 ulp elsewhere",
        MufuFunc::Sin | MufuFunc::Cos => "abs <= 2^-22.5",
        MufuFunc::Tanh => "<= 2 ulp",
        MufuFunc::Rcp64h | MufuFunc::Rsq64h => "rel <= 2^-20",
    }
}

/// The metric a function's target uses.
pub fn metric(f: MufuFunc) -> Metric {
    match f {
        MufuFunc::Sin | MufuFunc::Cos => Metric::Abs,
        MufuFunc::Rcp64h | MufuFunc::Rsq64h => Metric::Rel,
        _ => Metric::Ulp,
    }
}

/// The exact result of `f` at `x` (the operand as the unit sees it), in `f64`;
/// `None` outside the measured domain.
pub fn reference(f: MufuFunc, x: u32) -> Option<f64> {
    if f.is_64h() {
        return reference_64h(f, x);
    }
    let ef = (x >> 23) & 0xFF;
    if ef == 0 || ef == 0xFF {
        return None;
    }
    let xf = f32::from_bits(x) as f64;
    let v = match f {
        MufuFunc::Rcp => 1.0 / xf,
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 if xf < 0.0 => return None,
        MufuFunc::Rsq => 1.0 / xf.sqrt(),
        MufuFunc::Sqrt => xf.sqrt(),
        MufuFunc::Lg2 => xf.log2(),
        MufuFunc::Ex2 => xf.exp2(),
        MufuFunc::Sin => return Some(sin_rev(xf)),
        MufuFunc::Cos => return Some(cos_rev(xf)),
        MufuFunc::Tanh => return Some(xf.tanh()),
        MufuFunc::Rcp64h | MufuFunc::Rsq64h => return reference_64h(f, x),
    };
    let r = v as f32;
    (v == 0.0 || (r.is_finite() && r.abs() >= f32::MIN_POSITIVE)).then_some(v)
}

/// The 64H forms: the operand is the high word of a binary64 (low word 0).
fn reference_64h(f: MufuFunc, x: u32) -> Option<f64> {
    let ef = (x >> 20) & 0x7FF;
    if ef == 0 || ef == 0x7FF {
        return None;
    }
    let xd = f64::from_bits((x as u64) << 32);
    let v = match f {
        MufuFunc::Rcp64h => 1.0 / xd,
        _ if xd < 0.0 => return None,
        _ => 1.0 / xd.sqrt(),
    };
    (v.abs() >= f64::MIN_POSITIVE).then_some(v)
}

/// sin(2πx) with x in revolutions: exact reduction to [−½, ½], then a fold to [−¼, ¼].
pub fn sin_rev(x: f64) -> f64 {
    let r = x - x.round(); // exact for any f32-representable x
    let r = if r > 0.25 {
        0.5 - r
    } else if r < -0.25 {
        -0.5 - r
    } else {
        r
    };
    (std::f64::consts::TAU * r).sin()
}

/// cos(2πx) with x in revolutions: cos(2πx) = sin(2π(¼ − |r|)).
pub fn cos_rev(x: f64) -> f64 {
    let r = (x - x.round()).abs(); // [0, ½], exact
                                   // ¼ − r is exact in f64 for every r of an f32 input.
    sin_rev(0.25 - r)
}

/// The value of a result in `f64` (the 64H forms: the double whose high word it is).
pub fn result_value(f: MufuFunc, bits: u32) -> f64 {
    if f.is_64h() {
        f64::from_bits((bits as u64) << 32)
    } else {
        f32::from_bits(bits) as f64
    }
}

/// ulp of the exact value `v` in the result format (24 or 21 significant bits).
fn ulp_of(v: f64, sig_w: i32) -> f64 {
    let e = ((v.to_bits() >> 52) & 0x7FF) as i32 - 1023;
    let u = e - (sig_w - 1);
    if u >= -1022 {
        f64::from_bits(((u + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (u + 1074))
    }
}

/// The exact result rounded as the format would (to nearest even).
fn correctly_rounded(f: MufuFunc, v: f64) -> u32 {
    if f.is_64h() {
        // Round to 21 significant bits, nearest even, as a high word.
        let b = v.to_bits();
        let lo = b & 0xFFFF_FFFF;
        let mut hi = b >> 32;
        let half = 1u64 << 31;
        if lo > half || (lo == half && hi & 1 == 1) {
            hi += 1;
        }
        hi as u32
    } else {
        (v as f32).to_bits()
    }
}

/// One measured input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Worst {
    /// Operand bits.
    pub x: u32,
    /// Result bits.
    pub result: u32,
    /// Exact value.
    pub exact: f64,
    /// Error in the function's metric (ulp, absolute, or relative).
    pub err: f64,
}

/// Statistics over one part of the domain.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Inputs measured.
    pub count: u64,
    /// Largest error in ulp.
    pub max_ulp: f64,
    /// Sum of ulp errors (for the mean).
    pub sum_ulp: f64,
    /// Largest absolute error.
    pub max_abs: f64,
    /// Largest relative error.
    pub max_rel: f64,
    /// Results equal to the correctly rounded value.
    pub correctly_rounded: u64,
}

impl Default for Stats {
    fn default() -> Self {
        Self {
            count: 0,
            max_ulp: 0.0,
            sum_ulp: 0.0,
            max_abs: 0.0,
            max_rel: 0.0,
            correctly_rounded: 0,
        }
    }
}

impl Stats {
    pub fn add(&mut self, ulp: f64, abs: f64, rel: f64, cr: bool) {
        self.count += 1;
        self.max_ulp = self.max_ulp.max(ulp);
        self.sum_ulp += ulp;
        self.max_abs = self.max_abs.max(abs);
        self.max_rel = self.max_rel.max(rel);
        self.correctly_rounded += cr as u64;
    }

    pub fn merge(&mut self, o: &Stats) {
        self.count += o.count;
        self.max_ulp = self.max_ulp.max(o.max_ulp);
        self.sum_ulp += o.sum_ulp;
        self.max_abs = self.max_abs.max(o.max_abs);
        self.max_rel = self.max_rel.max(o.max_rel);
        self.correctly_rounded += o.correctly_rounded;
    }

    /// Mean error in ulp.
    pub fn mean_ulp(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum_ulp / self.count as f64
        }
    }

    /// Percentage correctly rounded.
    pub fn cr_percent(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            100.0 * self.correctly_rounded as f64 / self.count as f64
        }
    }
}

/// Number of bins [`FuncReport::bins`] divides the input range into.
pub const BINS: usize = 512;

/// Error in one slice of the input range (for the SVG).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    /// Inputs measured in the slice.
    pub count: u64,
    /// Largest error (the function's metric).
    pub max: f64,
    /// Sum of errors (for the mean).
    pub sum: f64,
}

/// The accuracy of one function.
#[derive(Clone, Debug, PartialEq)]
pub struct FuncReport {
    /// Which function.
    pub func: MufuFunc,
    /// Every input of the domain was measured.
    pub exhaustive: bool,
    /// Whole domain.
    pub all: Stats,
    /// Named parts of the domain (LG2: the absolute-bound range (0.5, 2) and the rest).
    pub parts: Vec<(String, Stats)>,
    /// Adjacent input pairs where the result steps against the exact function.
    pub monotonic_violations: u64,
    /// Adjacent pairs checked.
    pub monotonic_pairs: u64,
    /// The largest errors, worst first.
    pub worst: Vec<Worst>,
    /// Error across the input range: [`BINS`] slices of the signed input order
    /// from `key_lo` to `key_hi` (see [`order_key`]).
    pub bins: Vec<Bin>,
    /// Order key of the first bin's lower edge.
    pub key_lo: i64,
    /// Order key of the last bin's upper edge.
    pub key_hi: i64,
}

impl FuncReport {
    /// The error the target is stated in (ulp, absolute or relative), worst case.
    pub fn headline(&self) -> f64 {
        match metric(self.func) {
            Metric::Ulp => self.all.max_ulp,
            Metric::Abs => self.all.max_abs,
            Metric::Rel => self.all.max_rel,
        }
    }

    /// Whether the measured numbers meet the target.
    pub fn meets_target(&self) -> bool {
        let a = &self.all;
        match self.func {
            MufuFunc::Rcp => {
                a.max_ulp < 1.0 && a.cr_percent() >= 90.0 && self.monotonic_violations == 0
            }
            MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Ex2 => a.max_ulp < 1.0,
            MufuFunc::Lg2 => {
                let near = &self.parts[0].1;
                let rest = &self.parts[1].1;
                near.max_abs <= 2f64.powi(-23) && rest.max_ulp < 1.0
            }
            MufuFunc::Sin | MufuFunc::Cos => a.max_abs <= 2f64.powf(-22.5),
            MufuFunc::Tanh => a.max_ulp <= 2.0,
            MufuFunc::Rcp64h | MufuFunc::Rsq64h => a.max_rel <= 2f64.powi(-20),
        }
    }
}

/// A monotone key of an operand's value: negative operands count down.
pub fn order_key(x: u32) -> i64 {
    if x >> 31 != 0 {
        -((x & 0x7FFF_FFFF) as i64)
    } else {
        x as i64
    }
}

/// The range of order keys a function's domain spans (for the bins).
fn key_range(f: MufuFunc) -> (i64, i64) {
    let top = if f.is_64h() { 0x7FF0_0000 } else { 0x7F80_0000 };
    match f {
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 | MufuFunc::Rsq64h => (0, top),
        _ => (-top, top),
    }
}

/// Options of a measurement.
pub struct Options<'a> {
    /// Every input (2^32 per function) instead of a sample.
    pub exhaustive: bool,
    /// Sample size (inputs) when not exhaustive.
    pub samples: u64,
    /// Worker threads.
    pub threads: usize,
    /// Seed of the sample.
    pub seed: u64,
    /// Called with (inputs done, inputs total) as the sweep advances.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Self {
            exhaustive: false,
            samples: 1 << 20,
            threads: 2,
            seed: 0x5EED_0001,
            progress: None,
        }
    }
}

/// Reports for several functions.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// One per function, in the order asked.
    pub funcs: Vec<FuncReport>,
}

/// Length of each run of consecutive inputs in a sample (for monotonicity).
const RUN: u64 = 64;
/// Worst inputs kept.
const WORST_N: usize = 8;

/// The last measured input of a block (for monotonicity across blocks).
#[derive(Clone, Copy)]
struct Edge {
    key: i64,
    res: f64,
    exact: f64,
}

/// Partial results of one block of consecutive inputs.
struct Partial {
    all: Stats,
    parts: Vec<Stats>,
    mono_viol: u64,
    mono_pairs: u64,
    worst: Vec<Worst>,
    bins: Vec<Bin>,
    first: Option<Edge>,
    last: Option<Edge>,
}

/// Keeps the `WORST_N` largest errors, one input per distinct error value (the
/// same mantissa at every exponent would otherwise fill the list).
pub fn push_worst(worst: &mut Vec<Worst>, w: Worst) {
    if worst.len() == WORST_N && worst.last().is_some_and(|l| l.err >= w.err) {
        return;
    }
    if worst.iter().any(|o| o.err == w.err) {
        return;
    }
    let pos = worst.partition_point(|o| o.err >= w.err);
    worst.insert(pos, w);
    worst.truncate(WORST_N);
}

fn steps_against(a: &Edge, b: &Edge) -> Option<bool> {
    let de = b.exact - a.exact;
    if de == 0.0 {
        return None;
    }
    let dr = b.res - a.res;
    Some(dr != 0.0 && (dr > 0.0) != (de > 0.0))
}

/// Measures one run of consecutive operand bit patterns `start .. start+len`.
fn measure_run(f: MufuFunc, start: u64, len: u64, out: &mut Partial) {
    let (key_lo, key_hi) = key_range(f);
    let span = (key_hi - key_lo) as u64;
    let m = metric(f);
    let sig_w = if f.is_64h() { 21 } else { 24 };
    let mut prev: Option<Edge> = None;
    for b in start..start + len {
        let x = b as u32;
        let Some(exact) = reference(f, x) else {
            prev = None;
            continue;
        };
        let bits = eval(f, x);
        let res = result_value(f, bits);
        let diff = (res - exact).abs();
        let (ulp, rel) = if exact == 0.0 {
            (if res == 0.0 { 0.0 } else { f64::INFINITY }, 0.0)
        } else {
            (diff / ulp_of(exact, sig_w), diff / exact.abs())
        };
        let ulp = if diff.is_nan() { f64::INFINITY } else { ulp };
        let cr = bits == correctly_rounded(f, exact) || (exact == 0.0 && res == 0.0);
        out.all.add(ulp, diff, rel, cr);
        if f == MufuFunc::Lg2 {
            let xf = f32::from_bits(x);
            let part = if xf > 0.5 && xf < 2.0 { 0 } else { 1 };
            out.parts[part].add(ulp, diff, rel, cr);
        }
        let err = match m {
            Metric::Ulp => ulp,
            Metric::Abs => diff,
            Metric::Rel => rel,
        };
        push_worst(
            &mut out.worst,
            Worst {
                x,
                result: bits,
                exact,
                err,
            },
        );
        let key = order_key(x);
        let bi = (((key - key_lo) as u64 * BINS as u64 / span) as usize).min(BINS - 1);
        let bin = &mut out.bins[bi];
        bin.count += 1;
        bin.max = bin.max.max(err);
        bin.sum += err;
        let edge = Edge { key, res, exact };
        if let Some(p) = prev {
            if let Some(against) = steps_against(&p, &edge) {
                out.mono_pairs += 1;
                out.mono_viol += against as u64;
            }
        } else if out.first.is_none() {
            out.first = Some(edge);
        }
        prev = Some(edge);
        out.last = Some(edge);
    }
    if prev.is_none() {
        out.last = None;
    }
}

fn new_partial(f: MufuFunc) -> Partial {
    Partial {
        all: Stats::default(),
        parts: if f == MufuFunc::Lg2 {
            vec![Stats::default(), Stats::default()]
        } else {
            vec![]
        },
        mono_viol: 0,
        mono_pairs: 0,
        worst: Vec::new(),
        bins: vec![Bin::default(); BINS],
        first: None,
        last: None,
    }
}

/// Measures one function.
pub fn measure(f: MufuFunc, opt: &Options) -> FuncReport {
    // Work items: (start, len) runs of consecutive bit patterns, ordered.
    let items: Vec<(u64, u64)> = if opt.exhaustive {
        const BLOCK: u64 = 1 << 22;
        (0..(1u64 << 32) / BLOCK)
            .map(|i| (i * BLOCK, BLOCK))
            .collect()
    } else {
        let runs = opt.samples.div_ceil(RUN);
        let mut s = opt.seed ^ (f as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (lo, hi) = key_range(f);
        let mut v: Vec<(u64, u64)> = (0..runs)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                // Uniform over the domain's order keys, then back to bits.
                let key = lo + (s % (hi - lo) as u64) as i64;
                let bits = if key < 0 {
                    0x8000_0000 | (-key) as u64
                } else {
                    key as u64
                };
                (bits.min((1u64 << 32) - RUN), RUN)
            })
            .collect();
        v.sort_unstable();
        v
    };
    let total: u64 = items.iter().map(|i| i.1).sum();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let results: Mutex<Vec<(usize, Partial)>> = Mutex::new(Vec::new());
    let threads = opt.threads.max(1);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= items.len() {
                    break;
                }
                let (start, len) = items[i];
                let mut p = new_partial(f);
                measure_run(f, start, len, &mut p);
                let d = done.fetch_add(len, Ordering::Relaxed) + len;
                if let Some(cb) = opt.progress {
                    cb(d, total);
                }
                results.lock().unwrap().push((i, p));
            });
        }
    });
    let mut parts = results.into_inner().unwrap();
    parts.sort_by_key(|p| p.0);
    let (key_lo, key_hi) = key_range(f);
    let mut rep = FuncReport {
        func: f,
        exhaustive: opt.exhaustive,
        all: Stats::default(),
        parts: if f == MufuFunc::Lg2 {
            vec![
                ("(0.5,2)".to_string(), Stats::default()),
                ("elsewhere".to_string(), Stats::default()),
            ]
        } else {
            vec![]
        },
        monotonic_violations: 0,
        monotonic_pairs: 0,
        worst: Vec::new(),
        bins: vec![Bin::default(); BINS],
        key_lo,
        key_hi,
    };
    let mut last: Option<(u64, Edge)> = None;
    for (i, p) in &parts {
        rep.all.merge(&p.all);
        for (d, s) in rep.parts.iter_mut().zip(&p.parts) {
            d.1.merge(s);
        }
        rep.monotonic_violations += p.mono_viol;
        rep.monotonic_pairs += p.mono_pairs;
        for w in &p.worst {
            push_worst(&mut rep.worst, *w);
        }
        for (d, s) in rep.bins.iter_mut().zip(&p.bins) {
            d.count += s.count;
            d.max = d.max.max(s.max);
            d.sum += s.sum;
        }
        // Stitch adjacent blocks: the pair across the boundary.
        let (start, _) = items[*i];
        if let (Some((end, a)), Some(b)) = (last, p.first) {
            if end == start && (a.key - b.key).abs() == 1 {
                if let Some(against) = steps_against(&a, &b) {
                    rep.monotonic_pairs += 1;
                    rep.monotonic_violations += against as u64;
                }
            }
        }
        last = p.last.map(|e| (items[*i].0 + items[*i].1, e));
    }
    rep
}

/// Measures several functions.
pub fn measure_all(funcs: &[MufuFunc], opt: &Options) -> Report {
    Report {
        funcs: funcs.iter().map(|&f| measure(f, opt)).collect(),
    }
}

/// A float for JSON: `null` when it is not finite.
fn json_f64(v: f64) -> serde_json::Value {
    if v.is_finite() {
        v.into()
    } else {
        serde_json::Value::Null
    }
}

fn json_stats(s: &Stats) -> serde_json::Value {
    serde_json::json!({
        "count": s.count,
        "max_ulp": json_f64(s.max_ulp),
        "mean_ulp": json_f64(s.mean_ulp()),
        "max_abs": json_f64(s.max_abs),
        "max_abs_log2": json_f64(s.max_abs.log2()),
        "max_rel": json_f64(s.max_rel),
        "max_rel_log2": json_f64(s.max_rel.log2()),
        "correctly_rounded": s.correctly_rounded,
        "correctly_rounded_percent": json_f64(s.cr_percent()),
    })
}

impl Report {
    /// JSON text (hand-written, no serde).
    pub fn to_json(&self) -> String {
        let funcs: Vec<serde_json::Value> = self
            .funcs
            .iter()
            .map(|r| {
                let parts: serde_json::Map<String, serde_json::Value> = r
                    .parts
                    .iter()
                    .map(|(name, s)| (name.to_string(), json_stats(s)))
                    .collect();
                let worst: Vec<serde_json::Value> = r
                    .worst
                    .iter()
                    .map(|w| {
                        serde_json::json!({
                            "x": format!("{:08x}", w.x),
                            "result": format!("{:08x}", w.result),
                            "exact": json_f64(w.exact),
                            "err": json_f64(w.err),
                        })
                    })
                    .collect();
                serde_json::json!({
                    "func": r.func.name(),
                    "exhaustive": r.exhaustive,
                    "target": target(r.func),
                    "meets_target": r.meets_target(),
                    "all": json_stats(&r.all),
                    "parts": parts,
                    "monotonic_violations": r.monotonic_violations,
                    "monotonic_pairs": r.monotonic_pairs,
                    "worst": worst,
                })
            })
            .collect();
        serde_json::json!({ "mufu_accuracy": funcs }).to_string()
    }

    /// A plain-text table, one line per function.
    pub fn to_table(&self) -> String {
        let mut out = format!(
            "{:<7} {:<11} {:>12} {:>10} {:>9} {:>9} {:>8} {:>9} {:>6}  {}\n",
            "func",
            "mode",
            "inputs",
            "max ulp",
            "mean ulp",
            "abs log2",
            "CR %",
            "mono",
            "ok",
            "worst input"
        );
        for r in &self.funcs {
            let a = &r.all;
            let worst = r
                .worst
                .first()
                .map(|w| format!("{:08x} -> {:08x}", w.x, w.result))
                .unwrap_or_default();
            // ulp figures mean nothing where the target is absolute (SIN/COS
            // results near zero); the absolute column is what counts there.
            let (max_ulp, mean_ulp) = if metric(r.func) == Metric::Abs {
                ("-".to_string(), "-".to_string())
            } else {
                (format!("{:.4}", a.max_ulp), format!("{:.4}", a.mean_ulp()))
            };
            let abs = if metric(r.func) != Metric::Abs && r.func != MufuFunc::Lg2 {
                "-".to_string()
            } else {
                format!("{:.2}", a.max_abs.log2())
            };
            out.push_str(&format!(
                "{:<7} {:<11} {:>12} {:>10} {:>9} {:>9} {:>8.2} {:>9} {:>6}  {}\n",
                r.func.name(),
                if r.exhaustive { "exhaustive" } else { "sample" },
                a.count,
                max_ulp,
                mean_ulp,
                abs,
                a.cr_percent(),
                r.monotonic_violations,
                if r.meets_target() { "yes" } else { "NO" },
                worst
            ));
            if r.func.is_64h() {
                out.push_str(&format!("        rel err log2 {:.3}\n", a.max_rel.log2()));
            }
            for (name, s) in &r.parts {
                out.push_str(&format!(
                    "        {:<10} {:>12} max ulp {:.4}  abs log2 {:.2}\n",
                    name,
                    s.count,
                    s.max_ulp,
                    s.max_abs.log2()
                ));
            }
        }
        out
    }
}

/// An SVG chart of one function's error across its input range: max and mean
/// error per slice of the signed input order, with the target bound dashed
/// (drawn with `plotters`).
pub fn svg(r: &FuncReport) -> String {
    use plotters::prelude::*;
    let (scale, unit, bound) = match metric(r.func) {
        Metric::Ulp => (1.0, "ulp", if r.func == MufuFunc::Tanh { 2.0 } else { 1.0 }),
        Metric::Abs => (2f64.powi(24), "abs error / 2^-24", 2f64.powf(1.5)),
        Metric::Rel => (2f64.powi(21), "rel error / 2^-21", 2.0),
    };
    let ymax = r
        .bins
        .iter()
        .map(|b| b.max * scale)
        .filter(|v| v.is_finite())
        .fold(bound * 1.1, f64::max);
    let n = r.bins.len().max(1) as f64;
    // The input value at a fraction of the signed input order.
    let input_at = |frac: f64| {
        let key = r.key_lo + ((r.key_hi - r.key_lo) as f64 * frac) as i64;
        let bits = if key < 0 {
            0x8000_0000 | (-key) as u32
        } else {
            key as u32
        };
        result_value(r.func, bits)
    };
    let series = |mean: bool| -> Vec<(f64, f64)> {
        r.bins
            .iter()
            .enumerate()
            .filter(|(_, b)| b.count > 0)
            .map(|(i, b)| {
                let v = if mean { b.sum / b.count as f64 } else { b.max } * scale;
                (
                    (i as f64 + 0.5) / n,
                    if v.is_finite() { v.min(ymax) } else { ymax },
                )
            })
            .collect()
    };
    let caption = format!(
        "MUFU.{} error ({}, {} inputs)",
        r.func.name().to_uppercase(),
        if r.exhaustive {
            "exhaustive"
        } else {
            "sampled"
        },
        r.all.count
    );
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (900, 360)).into_drawing_area();
        let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
            root.fill(&WHITE)?;
            let mut chart = ChartBuilder::on(&root)
                .caption(caption, ("sans-serif", 16))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(60)
                .build_cartesian_2d(0f64..1f64, 0f64..ymax)?;
            chart
                .configure_mesh()
                .x_labels(5)
                .y_labels(5)
                .x_label_formatter(&|frac| format!("{:.3e}", input_at(*frac)))
                .y_label_formatter(&|v| format!("{v:.3}"))
                .x_desc("input (binary32 order)")
                .y_desc(unit)
                .draw()?;
            let max_colour = RGBColor(0x1f, 0x77, 0xb4);
            let mean_colour = RGBColor(0xff, 0x7f, 0x0e);
            chart
                .draw_series(LineSeries::new(series(false), max_colour.stroke_width(2)))?
                .label("max per slice")
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], max_colour));
            chart
                .draw_series(LineSeries::new(series(true), mean_colour))?
                .label("mean per slice")
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], mean_colour));
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(0.0, bound), (1.0, bound)],
                    6,
                    4,
                    RED.into(),
                ))?
                .label(format!("target {}", target(r.func)))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()?;
            root.present()?;
            Ok(())
        })();
        drawn.expect("drawing into a string cannot fail");
    }
    text
}
