//! Accuracy of the SFU's 13 approximations (SPEC-G3 §5, issue 20) against
//! exact math, subnormal inputs and results included.
//!
//! The forms: rsq/sqrt/exp2/log2/sin/cos .f32 and rcp/rsq/sqrt/exp2/log2/
//! sin/cos .f16, each through [`super::model::approx`] with `daz32` and
//! `ftz32` clear (subnormals are real values; that is what the SFU adds to
//! the MUFU). Every binary16 input (65,536) is measured; binary32 forms take a
//! sample of runs of consecutive inputs by default (an eighth of them in the
//! range the SFU scales: subnormal operands, and exp2's operands in
//! (−152, −126)) or every one of the 2^32 inputs ([`Options::exhaustive`]).
//!
//! References are the MUFU report's ([`crate::mufu::accuracy`]): `1/x`,
//! `sqrt`, `1/sqrt` in `f64`, `exp2` and `log2` from libm, sin(2πx) and
//! cos(2πx) reduced in turns exactly ([`sin_rev`], [`cos_rev`]). Errors are in
//! ulps of the result format at the exact value, the spacing of the
//! subnormals below the smallest normal (2^-149 for binary32, 2^-24 for
//! binary16), or absolute where SPEC-G3's bound is absolute (log2 on
//! [0.5, 2], sin/cos). "Correctly rounded" compares the result with the exact
//! value rounded to nearest even into the result format (subnormals and
//! overflow included).
//!
//! Excluded from the error statistics (the special values of SPEC-G3 §5,
//! tested separately in `testbench/tests/sfu_model.rs`): NaN, ±Inf and ±0
//! operands, and negative operands of rsq, sqrt and log2. Inputs whose exact
//! result rounds to ±Inf (exp2 of x ≥ 128 or 16, rcp.f16 of |x| < 2^-16) are
//! counted apart: each must give that infinity.
//!
//! Floors ([`floor`]) are SPEC-G3 §5's, checked per input. Targets
//! ([`target`]): every f16 form faithful (< 1 ulp) on all inputs and, for
//! rcp/rsq/sqrt/exp2/log2 .f16, at least 99.9 % correctly rounded; every f32
//! form as good as the MUFU's exhaustive figures ([`MUFU_MEASURED`]) on the
//! MUFU's domain (normal operand, normal result) and within the MUFU's
//! targets on the rest (subnormal operands or results).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::model::{approx, widen_f16, Path, SfuOp, EXP2_SCALE_HI, EXP2_SCALE_LO};
use crate::fp::ieee::{round_pack, Format, Rm, F16};
pub use crate::mufu::accuracy::{
    cos_rev, order_key, push_worst, sin_rev, Bin, Metric, Options, Stats, Worst, BINS,
};
use crate::mufu::model::MufuFunc;

/// The 13 approximations, in the seed's order.
pub const FORMS: [SfuOp; 13] = [
    SfuOp::RsqF32,
    SfuOp::SqrtF32,
    SfuOp::Exp2F32,
    SfuOp::Log2F32,
    SfuOp::SinF32,
    SfuOp::CosF32,
    SfuOp::RcpF16,
    SfuOp::RsqF16,
    SfuOp::SqrtF16,
    SfuOp::Exp2F16,
    SfuOp::Log2F16,
    SfuOp::SinF16,
    SfuOp::CosF16,
];

/// The MUFU function and the result format of an approximation.
pub fn func_format(op: SfuOp) -> (MufuFunc, Format) {
    match op.path() {
        Path::Approx(f, fmt) => (f, fmt),
        _ => panic!("{} is not an approximation", op.mnemonic()),
    }
}

/// The MUFU's exhaustive figures on its domain (docs/mufu-accuracy.md,
/// measured 2026-11-30), as published (4 decimals of an ulp, 2 of log2 of
/// an absolute error): (function, max ulp, log2 of the max absolute error).
/// For lg2 the ulp figure is "elsewhere" and the absolute one on (0.5, 2).
pub const MUFU_MEASURED: [(MufuFunc, f64, f64); 6] = [
    (MufuFunc::Rsq, 0.7407, f64::NAN),
    (MufuFunc::Sqrt, 0.8339, f64::NAN),
    (MufuFunc::Ex2, 0.7716, f64::NAN),
    (MufuFunc::Lg2, 0.7351, -24.05),
    (MufuFunc::Sin, f64::NAN, -22.91),
    (MufuFunc::Cos, f64::NAN, -22.91),
];

/// The MUFU's published figure for `f`: (max ulp, log2 abs).
fn mufu_measured(f: MufuFunc) -> (f64, f64) {
    MUFU_MEASURED
        .iter()
        .find(|m| m.0 == f)
        .map(|m| (m.1, m.2))
        .expect("a binary32 SFU form")
}

/// The metric of a form's headline figure: absolute for sin/cos .f32 (their
/// bound is absolute and their results reach zero), ulps otherwise.
pub fn metric(op: SfuOp) -> Metric {
    match op {
        SfuOp::SinF32 | SfuOp::CosF32 => Metric::Abs,
        _ => Metric::Ulp,
    }
}

/// SPEC-G3 §5's requirement, as text.
pub fn floor(op: SfuOp) -> &'static str {
    match op {
        SfuOp::RsqF32 | SfuOp::SqrtF32 | SfuOp::RsqF16 => "< 1 ulp",
        SfuOp::Exp2F32 => "<= 1 ulp",
        SfuOp::Log2F32 => "abs <= 2^-21 on [0.5,2], <= 3 ulp elsewhere",
        SfuOp::SinF32 | SfuOp::CosF32 => "abs <= 2^-11",
        SfuOp::RcpF16 => "<= 2.5 ulp",
        SfuOp::SqrtF16 => "as 1/rsq (checked: <= 2.5 ulp)",
        SfuOp::Exp2F16 => "<= 1 + 2|x| ulp",
        SfuOp::Log2F16 => "abs < 2^-7 on [0.5,2], <= 3 ulp elsewhere",
        SfuOp::SinF16 | SfuOp::CosF16 => "abs <= 2^-7",
        _ => panic!("not an approximation"),
    }
}

/// The target, as text.
pub fn target(op: SfuOp) -> &'static str {
    match op {
        SfuOp::RcpF16 | SfuOp::RsqF16 | SfuOp::SqrtF16 | SfuOp::Exp2F16 | SfuOp::Log2F16 => {
            "< 1 ulp, >= 99.9 % correctly rounded"
        }
        SfuOp::SinF16 | SfuOp::CosF16 => "< 1 ulp",
        SfuOp::RsqF32 => "MUFU's 0.7407 ulp; < 1 ulp on subnormals",
        SfuOp::SqrtF32 => "MUFU's 0.8339 ulp; < 1 ulp on subnormals",
        SfuOp::Exp2F32 => "MUFU's 0.7716 ulp; < 1 ulp on subnormal results",
        SfuOp::Log2F32 => "MUFU's abs 2^-24.05 on (0.5,2), 0.7351 ulp; < 1 ulp on subnormals",
        SfuOp::SinF32 | SfuOp::CosF32 => "MUFU's abs 2^-22.91; <= 2^-22.5 on subnormals",
        _ => panic!("not an approximation"),
    }
}

/// The value of an operand or result of `fmt` (binary32 or binary16) in `f64`.
pub fn value(fmt: Format, bits: u32) -> f64 {
    if fmt == F16 {
        f32::from_bits(widen_f16(bits as u16, false)) as f64
    } else {
        f32::from_bits(bits) as f64
    }
}

/// The exact result of `op` at operand `x`, in `f64`; `None` for the special
/// operands (NaN, ±Inf, ±0, and negative operands of rsq, sqrt, log2).
pub fn reference(op: SfuOp, x: u32) -> Option<f64> {
    let (f, fmt) = func_format(op);
    let xv = value(fmt, x);
    if !xv.is_finite() || xv == 0.0 {
        return None;
    }
    Some(match f {
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 if xv < 0.0 => return None,
        MufuFunc::Rcp => 1.0 / xv,
        MufuFunc::Rsq => 1.0 / xv.sqrt(),
        MufuFunc::Sqrt => xv.sqrt(),
        MufuFunc::Lg2 => xv.log2(),
        MufuFunc::Ex2 => xv.exp2(),
        MufuFunc::Sin => sin_rev(xv),
        MufuFunc::Cos => cos_rev(xv),
        _ => unreachable!("not an SFU approximation"),
    })
}

/// `v` rounded to nearest even into `fmt` (subnormals, overflow to ±Inf).
pub fn round_to(fmt: Format, v: f64) -> u32 {
    if v == 0.0 {
        return if v.is_sign_negative() {
            fmt.zero(true) as u32
        } else {
            0
        };
    }
    if v.is_infinite() {
        return fmt.infinity(v < 0.0) as u32;
    }
    let b = v.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    let (sig, exp) = if e == 0 {
        (b & ((1 << 52) - 1), -1074)
    } else {
        ((b & ((1 << 52) - 1)) | (1 << 52), e - 1075)
    };
    round_pack(fmt, v < 0.0, sig as u128, exp, false, Rm::Rne, false).result as u32
}

/// One ulp of `fmt` at the exact value `v`: the spacing of `fmt`'s numbers
/// in `v`'s binade, that of the subnormals below the smallest normal.
pub fn ulp(fmt: Format, v: f64) -> f64 {
    let p = fmt.precision as i32;
    let emin = 1 - fmt.bias();
    let e = if v == 0.0 || !v.is_normal() {
        emin
    } else {
        (((v.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin)
    };
    2f64.powi(e - (p - 1))
}

/// Whether `bits` is a subnormal of `fmt`.
fn is_subnormal(fmt: Format, bits: u32) -> bool {
    let b = bits as u64;
    (b >> fmt.frac_bits()) & fmt.exp_max() == 0 && b & fmt.frac_mask() != 0
}

/// One measured input against the floor, per input (SPEC-G3 §5).
fn floor_ok(op: SfuOp, xv: f64, ulp_err: f64, abs: f64) -> bool {
    let near_one = (0.5..=2.0).contains(&xv);
    match op {
        SfuOp::RsqF32 | SfuOp::SqrtF32 | SfuOp::RsqF16 => ulp_err < 1.0,
        SfuOp::Exp2F32 => ulp_err <= 1.0,
        SfuOp::Log2F32 if near_one => abs <= 2f64.powi(-21),
        SfuOp::Log2F16 if near_one => abs < 2f64.powi(-7),
        SfuOp::Log2F32 | SfuOp::Log2F16 => ulp_err <= 3.0,
        SfuOp::SinF32 | SfuOp::CosF32 => abs <= 2f64.powi(-11),
        SfuOp::SinF16 | SfuOp::CosF16 => abs <= 2f64.powi(-7),
        SfuOp::RcpF16 | SfuOp::SqrtF16 => ulp_err <= 2.5,
        SfuOp::Exp2F16 => ulp_err <= 1.0 + 2.0 * xv.abs(),
        _ => false,
    }
}

/// One measured input against the per-input part of the target: binary16
/// faithful; binary32 within the MUFU's targets (< 1 ulp, log2 abs ≤ 2^-23
/// on (0.5, 2), sin/cos abs ≤ 2^-22.5).
fn target_ok(op: SfuOp, xv: f64, ulp_err: f64, abs: f64) -> bool {
    match op {
        SfuOp::Log2F32 if xv > 0.5 && xv < 2.0 => abs <= 2f64.powi(-23),
        SfuOp::SinF32 | SfuOp::CosF32 => abs <= 2f64.powf(-22.5),
        _ => ulp_err < 1.0,
    }
}

/// Index of the parts of [`FuncReport::parts`].
const MUFU_DOMAIN: usize = 0;
const SUBNORMAL: usize = 1;
const NEAR_ONE: usize = 2;
const ELSEWHERE: usize = 3;

/// The accuracy of one form.
#[derive(Clone, Debug, PartialEq)]
pub struct FuncReport {
    /// Which form.
    pub op: SfuOp,
    /// Every input was measured.
    pub exhaustive: bool,
    /// Every measured input (the headline).
    pub all: Stats,
    /// Named parts: "normal" (normal operand and result: the MUFU's domain),
    /// "subnormal" (subnormal operand or result), and for log2 "[0.5,2]"
    /// and "elsewhere".
    pub parts: Vec<(String, Stats)>,
    /// Inputs whose exact result rounds to ±Inf.
    pub overflow: u64,
    /// Of those, results other than that infinity.
    pub overflow_wrong: u64,
    /// Inputs outside SPEC-G3 §5's floor.
    pub floor_violations: u64,
    /// Inputs outside the per-input part of the target.
    pub target_violations: u64,
    /// The largest errors (the form's metric; log2.f32 on (0.5, 2): the
    /// absolute error in units of 2^-23), worst first.
    pub worst: Vec<Worst>,
    /// Error across the input range (the form's metric), [`BINS`] slices of
    /// the signed input order from `key_lo` to `key_hi`.
    pub bins: Vec<Bin>,
    /// Order key of the first bin's lower edge.
    pub key_lo: i64,
    /// Order key of the last bin's upper edge.
    pub key_hi: i64,
}

impl FuncReport {
    /// The headline error in the form's metric.
    pub fn headline(&self) -> f64 {
        match metric(self.op) {
            Metric::Abs => self.all.max_abs,
            _ => self.all.max_ulp,
        }
    }

    fn part(&self, i: usize) -> &Stats {
        &self.parts[i].1
    }

    /// SPEC-G3 §5's floor holds on every measured input.
    pub fn meets_floor(&self) -> bool {
        self.floor_violations == 0 && self.overflow_wrong == 0
    }

    /// The target holds.
    pub fn meets_target(&self) -> bool {
        if self.target_violations != 0 || self.overflow_wrong != 0 {
            return false;
        }
        let (f, fmt) = func_format(self.op);
        if fmt == F16 {
            return matches!(f, MufuFunc::Sin | MufuFunc::Cos) || self.all.cr_percent() >= 99.9;
        }
        // As good as the MUFU's published figure, within its rounding.
        let (ulp_fig, abs_fig) = mufu_measured(f);
        let normal = self.part(MUFU_DOMAIN);
        match f {
            MufuFunc::Sin | MufuFunc::Cos => normal.max_abs.log2() <= abs_fig + 0.005,
            MufuFunc::Lg2 => {
                // The MUFU's two figures: on (0.5,2) and elsewhere, both
                // over normal operands.
                self.parts[NEAR_ONE].1.max_abs.log2() <= abs_fig + 0.005
                    && self.parts[ELSEWHERE].1.max_ulp <= ulp_fig + 5e-5
            }
            _ => normal.max_ulp <= ulp_fig + 5e-5,
        }
    }
}

/// The range of order keys of a form's inputs (for the bins).
fn key_range(op: SfuOp) -> (i64, i64) {
    let (f, fmt) = func_format(op);
    let top = fmt.infinity(false) as i64;
    match f {
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 => (0, top),
        _ => (-top, top),
    }
}

/// A monotone key of an operand of `fmt`: negative operands count down.
pub fn key_of(fmt: Format, x: u32) -> i64 {
    if fmt == F16 {
        let m = (x & 0x7fff) as i64;
        if x & 0x8000 != 0 {
            -m
        } else {
            m
        }
    } else {
        order_key(x)
    }
}

/// The operand of an order key.
fn bits_of_key(fmt: Format, key: i64) -> u32 {
    if key < 0 {
        fmt.sign_bit() as u32 | (-key) as u32
    } else {
        key as u32
    }
}

/// Partial results of one block of inputs.
struct Partial {
    all: Stats,
    parts: [Stats; 4],
    overflow: u64,
    overflow_wrong: u64,
    floor_violations: u64,
    target_violations: u64,
    worst: Vec<Worst>,
    bins: Vec<Bin>,
}

impl Partial {
    fn new() -> Self {
        Partial {
            all: Stats::default(),
            parts: Default::default(),
            overflow: 0,
            overflow_wrong: 0,
            floor_violations: 0,
            target_violations: 0,
            worst: Vec::new(),
            bins: vec![Bin::default(); BINS],
        }
    }
}

/// Measures the operands `start .. start + len` of `op`.
fn measure_run(op: SfuOp, start: u64, len: u64, out: &mut Partial) {
    let (f, fmt) = func_format(op);
    let (key_lo, key_hi) = key_range(op);
    let span = (key_hi - key_lo) as u64;
    let m = metric(op);
    let min_normal = 2f64.powi(1 - fmt.bias());
    for b in start..start + len {
        let x = b as u32;
        let Some(exact) = reference(op, x) else {
            continue;
        };
        let bits = approx(f, fmt, x, false, false).result as u32;
        let correct = round_to(fmt, exact);
        if correct as u64 & !fmt.sign_bit() == fmt.infinity(false) {
            out.overflow += 1;
            out.overflow_wrong += (bits != correct) as u64;
            continue;
        }
        let res = value(fmt, bits);
        let xv = value(fmt, x);
        let diff = (res - exact).abs();
        let diff = if diff.is_nan() { f64::INFINITY } else { diff };
        let ulp_err = diff / ulp(fmt, exact);
        let rel = if exact == 0.0 {
            0.0
        } else {
            diff / exact.abs()
        };
        let cr = bits == correct || (res == 0.0 && exact == 0.0);
        out.all.add(ulp_err, diff, rel, cr);
        let sub = is_subnormal(fmt, x) || (exact != 0.0 && exact.abs() < min_normal);
        out.parts[if sub { SUBNORMAL } else { MUFU_DOMAIN }].add(ulp_err, diff, rel, cr);
        if f == MufuFunc::Lg2 {
            // The MUFU's split, over normal operands only.
            let near = xv > 0.5 && xv < 2.0;
            if !sub || near {
                out.parts[if near { NEAR_ONE } else { ELSEWHERE }].add(ulp_err, diff, rel, cr);
            }
        }
        out.floor_violations += !floor_ok(op, xv, ulp_err, diff) as u64;
        out.target_violations += !target_ok(op, xv, ulp_err, diff) as u64;
        // log2.f32's bound near 1 is absolute (its ulps grow without
        // bound towards log2 1 = 0): there the error counts in units of the
        // MUFU's target 2^-23, so that 1 is the bound on the whole range.
        let err = match m {
            Metric::Abs => diff,
            _ if op == SfuOp::Log2F32 && xv > 0.5 && xv < 2.0 => diff * 2f64.powi(23),
            _ => ulp_err,
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
        let key = key_of(fmt, x);
        let bi = (((key - key_lo) as u64 * BINS as u64 / span) as usize).min(BINS - 1);
        let bin = &mut out.bins[bi];
        bin.count += 1;
        bin.max = bin.max.max(err);
        bin.sum += err;
    }
}

/// Length of each run of consecutive inputs in a binary32 sample.
const RUN: u64 = 64;

/// The order keys of the range the SFU scales for `op` (binary32).
fn scaled_keys(op: SfuOp) -> (i64, i64) {
    match func_format(op).0 {
        // exp2's moved operands, and a margin either side.
        MufuFunc::Ex2 => (
            -(EXP2_SCALE_HI as i64 + 0x10_0000),
            -(EXP2_SCALE_LO as i64 - 0x10_0000),
        ),
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 => (1, 0x80_0000),
        _ => (-0x80_0000, 0x80_0000),
    }
}

/// The work items of a measurement: runs of consecutive operand patterns.
fn items(op: SfuOp, opt: &Options) -> Vec<(u64, u64)> {
    let fmt = func_format(op).1;
    if fmt == F16 {
        return vec![(0, 1 << 15), (1 << 15, 1 << 15)];
    }
    if opt.exhaustive {
        const BLOCK: u64 = 1 << 22;
        return (0..(1u64 << 32) / BLOCK)
            .map(|i| (i * BLOCK, BLOCK))
            .collect();
    }
    let runs = opt.samples.div_ceil(RUN);
    let mut s = opt.seed ^ (op.code() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (lo, hi) = key_range(op);
    let (slo, shi) = scaled_keys(op);
    let mut v: Vec<(u64, u64)> = (0..runs)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            // Every eighth run in the scaled range, the others uniform.
            let (a, b) = if i % 8 == 7 { (slo, shi) } else { (lo, hi) };
            let key = a + (s % (b - a) as u64) as i64;
            let bits = bits_of_key(fmt, key) as u64;
            (bits.min((1u64 << 32) - RUN), RUN)
        })
        .collect();
    v.sort_unstable();
    v
}

/// Measures one form.
pub fn measure(op: SfuOp, opt: &Options) -> FuncReport {
    let fmt = func_format(op).1;
    let items = items(op, opt);
    let total: u64 = items.iter().map(|i| i.1).sum();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let results: Mutex<Vec<Partial>> = Mutex::new(Vec::new());
    std::thread::scope(|sc| {
        for _ in 0..opt.threads.max(1) {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= items.len() {
                    break;
                }
                let (start, len) = items[i];
                let mut p = Partial::new();
                measure_run(op, start, len, &mut p);
                let d = done.fetch_add(len, Ordering::Relaxed) + len;
                if let Some(cb) = opt.progress {
                    cb(d, total);
                }
                results.lock().unwrap().push(p);
            });
        }
    });
    let (key_lo, key_hi) = key_range(op);
    let mut names = vec!["normal", "subnormal"];
    if func_format(op).0 == MufuFunc::Lg2 {
        names.extend(["(0.5,2)", "elsewhere"]);
    }
    let mut rep = FuncReport {
        op,
        exhaustive: opt.exhaustive || fmt == F16,
        all: Stats::default(),
        parts: names
            .iter()
            .map(|n| (n.to_string(), Stats::default()))
            .collect(),
        overflow: 0,
        overflow_wrong: 0,
        floor_violations: 0,
        target_violations: 0,
        worst: Vec::new(),
        bins: vec![Bin::default(); BINS],
        key_lo,
        key_hi,
    };
    for p in results.into_inner().unwrap() {
        rep.all.merge(&p.all);
        for (d, s) in rep.parts.iter_mut().zip(&p.parts) {
            d.1.merge(s);
        }
        rep.overflow += p.overflow;
        rep.overflow_wrong += p.overflow_wrong;
        rep.floor_violations += p.floor_violations;
        rep.target_violations += p.target_violations;
        for w in p.worst {
            push_worst(&mut rep.worst, w);
        }
        for (d, s) in rep.bins.iter_mut().zip(&p.bins) {
            d.count += s.count;
            d.max = d.max.max(s.max);
            d.sum += s.sum;
        }
    }
    // The worst list is order-independent but ties keep the first seen:
    // make it reproducible across thread schedules.
    rep.worst
        .sort_by(|a, b| b.err.total_cmp(&a.err).then(a.x.cmp(&b.x)));
    rep
}

/// Reports for several forms.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// One per form, in the order asked.
    pub funcs: Vec<FuncReport>,
}

/// Measures several forms.
pub fn measure_all(ops: &[SfuOp], opt: &Options) -> Report {
    Report {
        funcs: ops.iter().map(|&op| measure(op, opt)).collect(),
    }
}

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
        "correctly_rounded": s.correctly_rounded,
        "correctly_rounded_percent": json_f64(s.cr_percent()),
    })
}

/// Hex of an operand or result of `fmt`.
fn hex(fmt: Format, bits: u32) -> String {
    if fmt == F16 {
        format!("{bits:04x}")
    } else {
        format!("{bits:08x}")
    }
}

impl Report {
    /// JSON text.
    pub fn to_json(&self) -> String {
        let funcs: Vec<serde_json::Value> = self
            .funcs
            .iter()
            .map(|r| {
                let fmt = func_format(r.op).1;
                let parts: serde_json::Map<String, serde_json::Value> = r
                    .parts
                    .iter()
                    .map(|(n, s)| (n.clone(), json_stats(s)))
                    .collect();
                let worst: Vec<serde_json::Value> = r
                    .worst
                    .iter()
                    .map(|w| {
                        serde_json::json!({
                            "x": hex(fmt, w.x),
                            "result": hex(fmt, w.result),
                            "exact": json_f64(w.exact),
                            "err": json_f64(w.err),
                        })
                    })
                    .collect();
                serde_json::json!({
                    "form": r.op.mnemonic(),
                    "exhaustive": r.exhaustive,
                    "metric": match (metric(r.op), r.op) {
                        (Metric::Abs, _) => "abs",
                        (_, SfuOp::Log2F32) => "ulp; abs/2^-23 on (0.5,2)",
                        _ => "ulp",
                    },
                    "floor": floor(r.op),
                    "meets_floor": r.meets_floor(),
                    "floor_violations": r.floor_violations,
                    "target": target(r.op),
                    "meets_target": r.meets_target(),
                    "target_violations": r.target_violations,
                    "all": json_stats(&r.all),
                    "parts": parts,
                    "overflow": r.overflow,
                    "overflow_wrong": r.overflow_wrong,
                    "worst": worst,
                })
            })
            .collect();
        serde_json::json!({ "sfu_accuracy": funcs }).to_string()
    }

    /// A plain-text table, one line per form (and one per part).
    pub fn to_table(&self) -> String {
        let mut out = format!(
            "{:<9} {:<10} {:>11} {:>12} {:>8} {:>8} {:>5} {:>6}  {}\n",
            "form",
            "mode",
            "inputs",
            "max err",
            "mean ulp",
            "CR %",
            "floor",
            "target",
            "worst input"
        );
        for r in &self.funcs {
            let fmt = func_format(r.op).1;
            let a = &r.all;
            let err = |s: &Stats| match metric(r.op) {
                Metric::Abs => format!("2^{:.2}", s.max_abs.log2()),
                _ => format!("{:.4} ulp", s.max_ulp),
            };
            let worst = r
                .worst
                .first()
                .map(|w| format!("{} -> {}", hex(fmt, w.x), hex(fmt, w.result)))
                .unwrap_or_default();
            let yes = |b: bool| if b { "yes" } else { "NO" };
            // Mean ulps mean nothing where the bound is absolute (results
            // reach zero).
            let mean = |s: &Stats| match metric(r.op) {
                Metric::Abs => "-".to_string(),
                _ => format!("{:.4}", s.mean_ulp()),
            };
            out.push_str(&format!(
                "{:<9} {:<10} {:>11} {:>12} {:>8} {:>8.3} {:>5} {:>6}  {}\n",
                r.op.mnemonic(),
                if r.exhaustive { "exhaustive" } else { "sample" },
                a.count,
                err(a),
                mean(a),
                a.cr_percent(),
                yes(r.meets_floor()),
                yes(r.meets_target()),
                worst
            ));
            for (name, s) in &r.parts {
                out.push_str(&format!(
                    "  {:<17} {:>11} {:>12} {:>8} {:>8.3}  abs 2^{:.2}\n",
                    name,
                    s.count,
                    err(s),
                    mean(s),
                    s.cr_percent(),
                    s.max_abs.log2()
                ));
            }
            if r.overflow != 0 {
                out.push_str(&format!(
                    "  overflow          {:>11} to ±Inf, {} wrong\n",
                    r.overflow, r.overflow_wrong
                ));
            }
        }
        out
    }
}

/// An SVG chart of one form's error across its input range (max and mean
/// per slice of the signed input order, the target's bound dashed), drawn
/// with `plotters` as the MUFU's [`crate::mufu::accuracy::svg`].
pub fn svg(r: &FuncReport) -> String {
    use plotters::prelude::*;
    let fmt = func_format(r.op).1;
    let (scale, unit, bound, bound_name) = match metric(r.op) {
        Metric::Abs => (
            2f64.powi(24),
            "abs error / 2^-24",
            2f64.powf(1.5),
            "MUFU target 2^-22.5",
        ),
        _ if r.op == SfuOp::Log2F32 => (
            1.0,
            "ulp; on (0.5,2) abs / 2^-23",
            1.0,
            "MUFU target (1 ulp; abs 2^-23 on (0.5,2))",
        ),
        _ => (1.0, "ulp", 1.0, "faithful (1 ulp)"),
    };
    let ymax = r
        .bins
        .iter()
        .map(|b| b.max * scale)
        .filter(|v| v.is_finite())
        .fold(bound * 1.1, f64::max);
    let n = r.bins.len().max(1) as f64;
    let input_at = |frac: f64| {
        let key = r.key_lo + ((r.key_hi - r.key_lo) as f64 * frac) as i64;
        value(fmt, bits_of_key(fmt, key))
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
        "SFU {} error ({}, {} inputs, subnormals included)",
        r.op.mnemonic(),
        if r.exhaustive {
            "exhaustive"
        } else {
            "sampled"
        },
        r.all.count
    );
    let x_desc = if fmt == F16 {
        "input (binary16 order)"
    } else {
        "input (binary32 order)"
    };
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
                .x_desc(x_desc)
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
                .label(bound_name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fp::ieee::F32;

    #[test]
    fn rounding_and_ulps_of_the_formats() {
        assert_eq!(round_to(F32, 1.0), 0x3f80_0000);
        assert_eq!(round_to(F32, 2f64.powi(-149)), 1);
        assert_eq!(round_to(F32, 2f64.powi(-150)), 0); // tie to even
        assert_eq!(round_to(F32, 2f64.powi(128)), 0x7f80_0000);
        assert_eq!(round_to(F16, 2f64.powi(-24) * 1.5), 2); // tie to even
        assert_eq!(round_to(F16, 65520.0), 0x7c00);
        assert_eq!(round_to(F16, 65519.0), 0x7bff);
        assert_eq!(ulp(F32, 1.5), 2f64.powi(-23));
        assert_eq!(ulp(F32, 2f64.powi(-140)), 2f64.powi(-149));
        assert_eq!(ulp(F16, 3.0), 2f64.powi(-9));
        assert_eq!(ulp(F16, 1e-6), 2f64.powi(-24));
        assert_eq!(ulp(F16, 0.0), 2f64.powi(-24));
    }

    #[test]
    fn a_small_sample_meets_floor_and_target() {
        let opt = Options {
            samples: 4096,
            ..Options::default()
        };
        for op in FORMS {
            let r = measure(op, &opt);
            assert!(r.all.count > 0, "{}", op.mnemonic());
            assert!(r.meets_floor(), "{}", op.mnemonic());
            assert!(r.meets_target(), "{}", op.mnemonic());
        }
    }
}
