//! The DFMA golden model (`units::dfma::model`) against references:
//!
//! * Berkeley SoftFloat (`softfloat-wrapper`: `f64_mulAdd`, `f64_add`, `f64_mul`)
//!   for every non-NaN result, bit for bit, with SPEC §2's NaN rules layered on
//!   top (SoftFloat's own NaN choice is x86's, not the GPU's);
//! * a TestFloat-level-1 case generator written here (same exponent and
//!   significand tables and the same case schedule as TestFloat 3e's
//!   `genCases_f64`: 6,133,248 mulAdd cases per rounding mode, 46,464 for add
//!   and for mul) — a sample in CI, the full set in an `#[ignore]` test;
//! * directed generators for the corners an FMA gets wrong;
//! * exact rational arithmetic (`num-rational`) with the independent rounding
//!   routine of `testbench::reference`, for the NaN/zero-sign corners and a random sample;
//! * Rust's own `f64` comparisons for MIN, MAX and SETP;
//! * SoftFloat's exception flags for `execute_with_flags` on the level-1
//!   set in all five modes (RMM included; more in `dfma_flags.rs`).
//!
//! Every random stream is a seeded ChaCha, so a failure reproduces; a mismatch
//! prints the operation, its inputs and both outputs in hex.
//!
//! Long runs: `cargo test -p testbench --test dfma_model -- --ignored --nocapture`.

use num_traits::{Signed, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, F64};
use std::time::Instant;
use testbench::reference::{round_rational, softfloat_rounding, value};
use units::dfma::model::{
    self as m, Cmp, DfmaOp, DfmaOperation, DfmaResult, Rounding, SrcMod, DEFAULT_NAN, MINMAX_NAN,
    SIGN_BIT,
};
use units::dfma::vectors::{format_operation, parse_line};
use units::fp::FloatFormat;

const FRAC_MASK: u64 = (1 << 52) - 1;
const QUIET: u64 = 1 << 51;
const INF: u64 = 0x7FF0_0000_0000_0000;
const MAX_FINITE: u64 = 0x7FEF_FFFF_FFFF_FFFF;

// ===================================================================== references

fn is_nan(x: u64) -> bool {
    (x >> 52) & 0x7FF == 0x7FF && x & FRAC_MASK != 0
}

/// SPEC §2: with any NaN input the result is the last NaN in source order, quieted.
fn spec_nan(sources: &[u64]) -> Option<u64> {
    sources
        .iter()
        .rev()
        .find(|&&x| is_nan(x))
        .map(|&x| x | QUIET)
}

/// SoftFloat's result with SPEC's NaN layer: NaN inputs propagate by the SPEC
/// rule; a NaN that SoftFloat makes from non-NaN inputs (invalid) becomes
/// 0xFFF8000000000000.
fn with_nan_layer(sources: &[u64], softfloat: u64) -> u64 {
    if let Some(nan) = spec_nan(sources) {
        return nan;
    }
    if is_nan(softfloat) {
        DEFAULT_NAN
    } else {
        softfloat
    }
}

fn ref_fma(a: u64, b: u64, c: u64, rm: Rounding) -> u64 {
    let r = F64::from_bits(a).fused_mul_add(
        F64::from_bits(b),
        F64::from_bits(c),
        softfloat_rounding(rm),
    );
    with_nan_layer(&[a, b, c], r.to_bits())
}

fn ref_add(a: u64, b: u64, rm: Rounding) -> u64 {
    let r = F64::from_bits(a).add(F64::from_bits(b), softfloat_rounding(rm));
    with_nan_layer(&[a, b], r.to_bits())
}

fn ref_mul(a: u64, b: u64, rm: Rounding) -> u64 {
    let r = F64::from_bits(a).mul(F64::from_bits(b), softfloat_rounding(rm));
    with_nan_layer(&[a, b], r.to_bits())
}

// ====================================================================== tallies

/// Counts cases and collects the first mismatches of one check.
struct Tally {
    name: String,
    cases: u64,
    mismatches: u64,
    report: Vec<String>,
}

impl Tally {
    fn new(name: impl Into<String>) -> Self {
        Tally {
            name: name.into(),
            cases: 0,
            mismatches: 0,
            report: Vec::new(),
        }
    }

    #[inline]
    fn check(&mut self, got: u64, want: u64, what: impl FnOnce() -> String) {
        self.cases += 1;
        if got != want {
            self.mismatches += 1;
            if self.report.len() < 20 {
                self.report
                    .push(format!("{}: got {got:016x} want {want:016x}", what()));
            }
        }
    }

    fn merge(&mut self, other: Tally) {
        self.cases += other.cases;
        self.mismatches += other.mismatches;
        for line in other.report {
            if self.report.len() < 20 {
                self.report.push(line);
            }
        }
    }

    /// Panics with the first mismatches; returns the number of cases.
    fn finish(self) -> u64 {
        if self.mismatches > 0 {
            panic!(
                "{}: {} mismatches in {} cases; first ones:\n{}",
                self.name,
                self.mismatches,
                self.cases,
                self.report.join("\n")
            );
        }
        assert!(self.cases > 0, "{}: no cases ran", self.name);
        self.cases
    }
}

fn check_fma(t: &mut Tally, a: u64, b: u64, c: u64, rm: Rounding) {
    let got = m::fma(a, b, c, rm);
    let want = ref_fma(a, b, c, rm);
    t.check(got, want, || {
        format!("fma.{} {a:016x} {b:016x} {c:016x}", rm.mnemonic())
    });
}

fn check_add(t: &mut Tally, a: u64, b: u64, rm: Rounding) {
    let got = m::add(a, b, rm);
    let want = ref_add(a, b, rm);
    t.check(got, want, || {
        format!("add.{} {a:016x} {b:016x}", rm.mnemonic())
    });
}

fn check_mul(t: &mut Tally, a: u64, b: u64, rm: Rounding) {
    let got = m::mul(a, b, rm);
    let want = ref_mul(a, b, rm);
    t.check(got, want, || {
        format!("mul.{} {a:016x} {b:016x}", rm.mnemonic())
    });
}

/// FMA in every mode, and ADD/MUL of (a, b) and (a, c), (b, c).
fn check_all(t: &mut Tally, a: u64, b: u64, c: u64) {
    for rm in Rounding::ALL {
        check_fma(t, a, b, c, rm);
        check_add(t, a, b, rm);
        check_add(t, c, a, rm);
        check_mul(t, a, b, rm);
        check_mul(t, b, c, rm);
    }
}

// ============================================== TestFloat level-1 case generator

/// Biased exponents of TestFloat's `f64QIn` table (each with both signs).
const QIN_EXPS: [u64; 11] = [
    0x000, 0x001, 0x3CA, 0x3FD, 0x3FE, 0x3FF, 0x400, 0x401, 0x434, 0x7FE, 0x7FF,
];
/// Biased exponents of TestFloat's `f64QOut` table (each with both signs).
const QOUT_EXPS: [u64; 32] = [
    0x000, 0x001, 0x002, 0x37E, 0x37F, 0x380, 0x381, 0x3CA, 0x3FB, 0x3FC, 0x3FD, 0x3FE, 0x3FF,
    0x400, 0x401, 0x402, 0x403, 0x41C, 0x41D, 0x41E, 0x41F, 0x434, 0x43C, 0x43D, 0x43E, 0x43F,
    0x47E, 0x47F, 0x480, 0x7FD, 0x7FE, 0x7FF,
];
/// TestFloat's `f64P1` significand patterns.
const P1: [u64; 4] = [0, 1, FRAC_MASK, FRAC_MASK - 1];

/// The two exponent tables as signed bit patterns, positives first (TestFloat order).
fn signed_table(exps: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = exps.iter().map(|&e| e << 52).collect();
    out.extend(exps.iter().map(|&e| SIGN_BIT | (e << 52)));
    out
}

/// TestFloat's `f64P2` significand patterns (204): zero, single ones, runs of
/// ones from the top, all ones but one bit, runs of ones from the bottom.
fn p2_table() -> Vec<u64> {
    let mut out = vec![0u64];
    out.extend((0..52).map(|i| 1u64 << i));
    out.extend((2..=52).map(|n| FRAC_MASK & !((1u64 << (52 - n)) - 1)));
    out.extend((1..52).map(|i| FRAC_MASK & !(1u64 << i)));
    out.extend((2..=50).rev().map(|n| (1u64 << n) - 1));
    assert_eq!(out.len(), 204);
    out
}

/// TestFloat's random operands (`f64Random`) and level-1 sequences.
struct TestFloatGen {
    rng: ChaCha8Rng,
    qin: Vec<u64>,
    qout: Vec<u64>,
    p2: Vec<u64>,
}

impl TestFloatGen {
    fn new(seed: u64) -> Self {
        TestFloatGen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            qin: signed_table(&QIN_EXPS),
            qout: signed_table(&QOUT_EXPS),
            p2: p2_table(),
        }
    }

    fn p3(&mut self) -> u64 {
        let i = self.rng.gen_range(0..self.p2.len());
        let j = self.rng.gen_range(0..self.p2.len());
        (self.p2[i].wrapping_add(self.p2[j])) & FRAC_MASK
    }

    fn random_qout_p3(&mut self) -> u64 {
        let e = self.qout[self.rng.gen_range(0..self.qout.len())];
        e | self.p3()
    }

    fn random_qout_pinf(&mut self) -> u64 {
        let e = self.qout[self.rng.gen_range(0..self.qout.len())];
        e | (self.rng.gen::<u64>() & FRAC_MASK)
    }

    /// Exponent weighted toward the middle: mask `i` keeps fewer exponent bits
    /// and the offset recentres them on the bias (TestFloat's
    /// `f64QInfWeightMasks`/`Offsets`).
    fn weight(&mut self) -> (u64, u64) {
        let i = self.rng.gen_range(0..10u32);
        if i < 2 {
            (0xFFF0 << 48, 0)
        } else {
            let mask = 0x8000 | ((0x7FF0u64 >> (i - 1)) & 0x7FF0);
            let offset = 0x4000 - (0x4000u64 >> (i - 1));
            (mask << 48, offset << 48)
        }
    }

    fn random_qinf_p3(&mut self) -> u64 {
        let (mask, offset) = self.weight();
        let top = ((self.rng.gen::<u16>() as u64) << 48 & mask).wrapping_add(offset);
        top | self.p3()
    }

    fn random_qinf_pinf(&mut self) -> u64 {
        let (mask, offset) = self.weight();
        (self.rng.gen::<u64>() & (mask | FRAC_MASK)).wrapping_add(offset)
    }

    /// TestFloat's `f64Random`.
    fn random(&mut self) -> u64 {
        match self.rng.gen::<u8>() & 7 {
            0..=2 => self.random_qout_p3(),
            3 => self.random_qout_pinf(),
            4..=6 => self.random_qinf_p3(),
            _ => self.random_qinf_pinf(),
        }
    }
}

/// TestFloat's `f64NextQInP1` sequence: 22 exponents × 4 significands.
#[derive(Default)]
struct Sequence {
    exp: usize,
    sig: usize,
    done: bool,
}

impl Sequence {
    fn next(&mut self, qin: &[u64]) -> u64 {
        let value = qin[self.exp] | P1[self.sig];
        self.sig += 1;
        if self.sig == P1.len() {
            self.sig = 0;
            self.exp += 1;
            if self.exp == qin.len() {
                self.exp = 0;
                self.done = true;
            }
        }
        value
    }
}

/// Level-1 three-operand cases (TestFloat's `genCases_f64_abc`): for every
/// (a, b, c) of the 88-value sequence, nine cases mixing sequence values and
/// random ones. Calls `visit(index, a, b, c)`; returns the number of cases.
fn testfloat_level1_abc(seed: u64, mut visit: impl FnMut(u64, u64, u64, u64)) -> u64 {
    let mut g = TestFloatGen::new(seed);
    let qin = g.qin.clone();
    let (mut sa, mut sb, mut sc) = (
        Sequence::default(),
        Sequence::default(),
        Sequence::default(),
    );
    let mut cur_a = sa.next(&qin);
    let mut cur_b = sb.next(&qin);
    let mut cur_c = 0;
    let mut index = 0u64;
    loop {
        for subcase in 0..9 {
            let (a, b, c) = match subcase {
                0 => {
                    if sc.done {
                        sc.done = false;
                        if sb.done {
                            sb.done = false;
                            cur_a = sa.next(&qin);
                        }
                        cur_b = sb.next(&qin);
                    }
                    cur_c = sc.next(&qin);
                    (g.random(), g.random(), cur_c)
                }
                1 => (cur_a, cur_b, g.random()),
                2 | 7 => (g.random(), g.random(), g.random()),
                3 => (g.random(), cur_b, cur_c),
                4 => (cur_a, g.random(), g.random()),
                5 => (g.random(), cur_b, g.random()),
                6 => (cur_a, g.random(), cur_c),
                _ => (cur_a, cur_b, cur_c),
            };
            visit(index, a, b, c);
            index += 1;
        }
        if sa.done && sb.done && sc.done {
            return index;
        }
    }
}

/// Level-1 two-operand cases (TestFloat's `genCases_f64_ab`): six per pair.
fn testfloat_level1_ab(seed: u64, mut visit: impl FnMut(u64, u64, u64)) -> u64 {
    let mut g = TestFloatGen::new(seed);
    let qin = g.qin.clone();
    let (mut sa, mut sb) = (Sequence::default(), Sequence::default());
    let mut cur_a = sa.next(&qin);
    let mut cur_b = 0;
    let mut index = 0u64;
    loop {
        for subcase in 0..6 {
            let (a, b) = match subcase {
                0 => {
                    if sb.done {
                        sb.done = false;
                        cur_a = sa.next(&qin);
                    }
                    cur_b = sb.next(&qin);
                    (g.random(), g.random())
                }
                1 => (cur_a, g.random()),
                2 | 4 => (g.random(), g.random()),
                3 => (g.random(), cur_b),
                _ => (cur_a, cur_b),
            };
            visit(index, a, b);
            index += 1;
        }
        if sa.done && sb.done {
            return index;
        }
    }
}

/// TestFloat level 1: f64 mulAdd cases per rounding mode.
const LEVEL1_ABC_CASES: u64 = 9 * 88 * 88 * 88;
/// TestFloat level 1: f64 add (or mul) cases per rounding mode.
const LEVEL1_AB_CASES: u64 = 6 * 88 * 88;

#[test]
fn testfloat_level1_sample() {
    // The whole schedule is generated (its size checked); one case in
    // ABC_STRIDE is run, in a mode that turns with the case number.
    const ABC_STRIDE: u64 = 16;
    let mut t = Tally::new("TestFloat level 1 mulAdd sample");
    let total = testfloat_level1_abc(1, |i, a, b, c| {
        if i % ABC_STRIDE == 0 {
            let rm = Rounding::ALL[((i / ABC_STRIDE) % 4) as usize];
            check_fma(&mut t, a, b, c, rm);
        }
    });
    assert_eq!(total, LEVEL1_ABC_CASES);
    let fma_cases = t.finish();

    // add and mul: the full level-1 set in every mode.
    let mut t = Tally::new("TestFloat level 1 add/mul");
    for (k, rm) in Rounding::ALL.into_iter().enumerate() {
        let n = testfloat_level1_ab(10 + k as u64, |_, a, b| {
            check_add(&mut t, a, b, rm);
            check_mul(&mut t, a, b, rm);
        });
        assert_eq!(n, LEVEL1_AB_CASES);
    }
    let ab_cases = t.finish();
    println!("TestFloat level-1 sample: {fma_cases} mulAdd, {ab_cases} add+mul cases");
}

#[test]
#[ignore = "long: the full TestFloat level-1 set in all four modes (≈ 25 M cases)"]
fn testfloat_level1_full() {
    let start = Instant::now();
    let results: Vec<(Rounding, u64, u64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = Rounding::ALL
            .into_iter()
            .enumerate()
            .map(|(k, rm)| {
                scope.spawn(move || {
                    let mut t = Tally::new(format!("TestFloat level 1 mulAdd {rm:?}"));
                    let n = testfloat_level1_abc(100 + k as u64, |_, a, b, c| {
                        check_fma(&mut t, a, b, c, rm)
                    });
                    let mut ab = Tally::new(format!("TestFloat level 1 add/mul {rm:?}"));
                    let n_ab = testfloat_level1_ab(200 + k as u64, |_, a, b| {
                        check_add(&mut ab, a, b, rm);
                        check_mul(&mut ab, a, b, rm);
                    });
                    let cases = t.finish();
                    ab.finish();
                    (rm, n, n_ab, cases)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (rm, n, n_ab, cases) in &results {
        println!(
            "TestFloat level 1, {rm:?}: {n} mulAdd cases ({cases} checked), {n_ab} add and {n_ab} mul cases"
        );
        assert_eq!(*n, LEVEL1_ABC_CASES);
        assert_eq!(*n_ab, LEVEL1_AB_CASES);
    }
    println!(
        "TestFloat level 1 full: {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// SoftFloat's result of `op` (FMA, ADD or MUL) and its exception flags
/// (softfloat-sys keeps them per thread).
fn softfloat_with_flags(op: &DfmaOperation) -> (u64, u8) {
    let (a, b, c) = (
        F64::from_bits(op.a),
        F64::from_bits(op.b),
        F64::from_bits(op.c),
    );
    let rm = softfloat_rounding(op.rm);
    let mut flags = ExceptionFlags::default();
    flags.set();
    let r = match op.op {
        DfmaOp::Fma => a.fused_mul_add(b, c, rm),
        DfmaOp::Add => a.add(b, rm),
        _ => a.mul(b, rm),
    };
    flags.get();
    (r.to_bits(), flags.to_bits())
}

#[test]
fn testfloat_level1_flags_in_all_five_modes() {
    // The level-1 schedule again, RMM included: the flags of
    // `execute_with_flags` and its non-NaN results against SoftFloat's
    // (tininess after rounding). One mulAdd case in 16, every add and mul.
    let mut failures = Vec::new();
    let mut checked = 0u64;
    let mut check = |op: DfmaOperation| {
        let (want, want_flags) = softfloat_with_flags(&op);
        let (got, got_flags) = m::execute_with_flags(&op);
        let DfmaResult::Value(got) = got else {
            unreachable!("FMA, ADD and MUL answer a value")
        };
        let value_ok = if is_nan(want) {
            is_nan(got)
        } else {
            got == want
        };
        if !value_ok || got_flags != want_flags {
            failures.push(format!(
                "{}: model {got:016x} flags {got_flags:#04x}, SoftFloat {want:016x} flags {want_flags:#04x}",
                format_operation(&op)
            ));
        }
        checked += 1;
    };
    testfloat_level1_abc(3, |i, a, b, c| {
        if i % 16 == 0 {
            let rm = Rounding::ALL_WITH_RMM[((i / 16) % 5) as usize];
            check(DfmaOperation::new(DfmaOp::Fma, rm, a, b, c));
        }
    });
    for (k, rm) in Rounding::ALL_WITH_RMM.into_iter().enumerate() {
        testfloat_level1_ab(30 + k as u64, |_, a, b| {
            check(DfmaOperation::new(DfmaOp::Add, rm, a, b, 0));
            check(DfmaOperation::new(DfmaOp::Mul, rm, a, b, 0));
        });
    }
    println!("TestFloat level-1 flags: {checked} cases");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ, first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

// =============================================================== random mixes

/// A random FMA case from a mix of generators: TestFloat's random operands,
/// raw random bits, near-cancellation (c ≈ −a·b) and an exponent-difference
/// sweep across the alignment window.
fn random_case(g: &mut TestFloatGen) -> (u64, u64, u64, Rounding) {
    let rm = Rounding::ALL[g.rng.gen_range(0..4)];
    let kind = g.rng.gen_range(0..10);
    let (a, b, c) = match kind {
        0..=2 => (g.random(), g.random(), g.random()),
        3 | 4 => (g.rng.gen(), g.rng.gen(), g.rng.gen()),
        5..=7 => {
            let a = g.random();
            let b = g.random();
            let p = F64::from_bits(a)
                .mul(
                    F64::from_bits(b),
                    softfloat_rounding(Rounding::ALL[g.rng.gen_range(0..4)]),
                )
                .to_bits();
            let flip = g.rng.gen::<u64>() & ((1u64 << g.rng.gen_range(0..12)) - 1);
            let c = (p ^ SIGN_BIT) ^ flip;
            (a, b, c)
        }
        _ => {
            let ea = g.rng.gen_range(1..2047u64);
            let eb = g.rng.gen_range(1..2047u64);
            let ep = ea as i64 + eb as i64 - 1023;
            let ec = (ep + g.rng.gen_range(-170..=170i64)).clamp(0, 2046) as u64;
            let s = |g: &mut TestFloatGen| {
                (g.rng.gen::<u64>() & SIGN_BIT) | (g.rng.gen::<u64>() & FRAC_MASK)
            };
            (s(g) | (ea << 52), s(g) | (eb << 52), s(g) | (ec << 52))
        }
    };
    (a, b, c, rm)
}

fn random_sweep(seed: u64, cases: u64) -> Tally {
    let mut g = TestFloatGen::new(seed);
    let mut t = Tally::new(format!("random mix (seed {seed})"));
    for i in 0..cases {
        let (a, b, c, rm) = random_case(&mut g);
        check_fma(&mut t, a, b, c, rm);
        if i % 4 == 0 {
            check_add(&mut t, a, c, rm);
            check_mul(&mut t, a, b, rm);
        }
    }
    t
}

#[test]
fn random_sample() {
    let n = random_sweep(7, 150_000).finish();
    println!("random mix sample: {n} checks");
}

#[test]
#[ignore = "long: 100 M random FMA cases (plus ADD/MUL on a quarter of them)"]
fn random_100m() {
    const FMA_CASES: u64 = 100_000_000;
    const THREADS: u64 = 2;
    let start = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|k| scope.spawn(move || random_sweep(1000 + k, FMA_CASES / THREADS)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = Tally::new("random 100 M");
    for t in tallies {
        total.merge(t);
    }
    let checks = total.finish();
    println!(
        "random: {FMA_CASES} FMA cases, {checks} checks in all, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "measurement: throughput of the model alone"]
fn model_throughput() {
    let mut g = TestFloatGen::new(5);
    let cases: Vec<_> = (0..1_000_000).map(|_| random_case(&mut g)).collect();
    let start = Instant::now();
    let mut acc = 0u64;
    for _ in 0..10 {
        for &(a, b, c, rm) in &cases {
            acc = acc.wrapping_add(m::fma(a, b, c, rm));
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!("model: {:.1} M fma/s (checksum {acc:x})", 10.0 / s);
}

// ========================================================= directed generators

/// Builds a binary64 from sign, biased exponent (clamped into 1..=2046) and fraction.
fn make(sign: bool, exp: i64, frac: u64) -> u64 {
    ((sign as u64) << 63) | ((exp.clamp(1, 2046) as u64) << 52) | (frac & FRAC_MASK)
}

/// Significands worth trying: powers of two, all ones, near-halves, random.
fn interesting_frac(rng: &mut ChaCha8Rng) -> u64 {
    match rng.gen_range(0..8) {
        0 => 0,
        1 => FRAC_MASK,
        2 => 1,
        3 => FRAC_MASK - rng.gen_range(0..4),
        4 => 1u64 << 51,
        5 => (1u64 << 51) + rng.gen_range(0..4),
        _ => rng.gen::<u64>() & FRAC_MASK,
    }
}

#[test]
fn directed_addend_dominant_sticky() {
    // c large, a·b tiny (40..200 binades below), mostly of opposite sign: the
    // product only decides the sticky bit, the borrow and ties.
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut t = Tally::new("addend-dominant, tiny product");
    for k in 40..=200i64 {
        for _ in 0..40 {
            let ec = rng.gen_range(400..1600i64);
            let c = make(rng.gen(), ec, interesting_frac(&mut rng));
            let ea = rng.gen_range(ec - k - 300..ec - k + 300);
            let eb = ec - k - ea + 1023;
            let sa = rng.gen::<bool>();
            let a = make(sa, ea, interesting_frac(&mut rng));
            let b = make(rng.gen(), eb, interesting_frac(&mut rng));
            check_all(&mut t, a, b, c);
        }
    }
    // Exact half-ulp products: c + 2^(e_c − 53)·{1 − 2^−53, 1, 1 + 2^−52}.
    for _ in 0..2000 {
        let ec = rng.gen_range(600..1400i64);
        let c = make(rng.gen(), ec, interesting_frac(&mut rng));
        let ea = rng.gen_range(900..1100i64);
        let eb = ec - 53 - ea + 1023;
        for a_frac in [0, FRAC_MASK, 1] {
            for s in [false, true] {
                let a = make(s, ea, a_frac);
                let b = make(false, eb, 0);
                check_all(&mut t, a, b, c);
                check_all(&mut t, a, make(false, eb - 1, FRAC_MASK), c);
                check_all(&mut t, a, make(false, eb, 1), c);
            }
        }
    }
    let n = t.finish();
    println!("addend-dominant: {n} checks");
}

#[test]
fn directed_massive_cancellation() {
    // c ≈ −a·b to within a few ulps, exponents within ±2: up to 106 bits cancel.
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut t = Tally::new("massive cancellation");
    for _ in 0..20_000 {
        let ea = rng.gen_range(1..2046i64);
        let eb = (2046 - ea + rng.gen_range(-1000..1000i64)).clamp(1, 2046);
        let a = make(rng.gen(), ea, interesting_frac(&mut rng));
        let b = make(rng.gen(), eb, interesting_frac(&mut rng));
        for rm in Rounding::ALL {
            let p = F64::from_bits(a)
                .mul(F64::from_bits(b), softfloat_rounding(rm))
                .to_bits();
            let delta: i64 = rng.gen_range(-3..=3);
            let c = (p ^ SIGN_BIT).wrapping_add(delta as u64);
            for rm2 in Rounding::ALL {
                check_fma(&mut t, a, b, c, rm2);
            }
            check_add(&mut t, p, c, rm);
        }
    }
    let n = t.finish();
    println!("massive cancellation: {n} checks");
}

/// Zero sign of an exact-zero sum (IEEE 754 §6.3): zeros of one sign keep it;
/// otherwise +0, −0 under RM.
fn exact_zero(same_sign_zeros: Option<bool>, rm: Rounding) -> u64 {
    match same_sign_zeros {
        Some(true) => SIGN_BIT,
        Some(false) => 0,
        None if rm == Rounding::Rm => SIGN_BIT,
        None => 0,
    }
}

#[test]
fn directed_exact_zeros_every_mode() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut t = Tally::new("exact zero results");
    for _ in 0..5000 {
        // Short significands: a·b is exact, so c = −a·b cancels it exactly.
        let a = make(
            rng.gen(),
            rng.gen_range(600..1400),
            rng.gen::<u64>() & (FRAC_MASK & !((1 << 26) - 1)),
        );
        let b = make(
            rng.gen(),
            rng.gen_range(600..1400),
            rng.gen::<u64>() & (FRAC_MASK & !((1 << 27) - 1)),
        );
        let p = F64::from_bits(a)
            .mul(F64::from_bits(b), RoundingMode::TiesToEven)
            .to_bits();
        let c = p ^ SIGN_BIT;
        for rm in Rounding::ALL {
            let want = exact_zero(None, rm);
            t.check(m::fma(a, b, c, rm), want, || {
                format!("fma.{} {a:016x} {b:016x} {c:016x}", rm.mnemonic())
            });
            t.check(m::add(p, c, rm), want, || {
                format!("add.{} {p:016x} {c:016x}", rm.mnemonic())
            });
            check_fma(&mut t, a, b, c, rm);
        }
    }
    // Zero products and zero addends, every sign combination.
    let x = 0x4008_0000_0000_0000u64; // 3.0
    for rm in Rounding::ALL {
        for sa in [false, true] {
            for sb in [false, true] {
                for sc in [false, true] {
                    let sp = sa != sb;
                    let zc = (sc as u64) << 63;
                    for (a, b) in [
                        ((sa as u64) << 63, x | ((sb as u64) << 63)),
                        (x | ((sa as u64) << 63), (sb as u64) << 63),
                        ((sa as u64) << 63, (sb as u64) << 63),
                    ] {
                        let want = exact_zero(if sp == sc { Some(sp) } else { None }, rm);
                        t.check(m::fma(a, b, zc, rm), want, || {
                            format!("fma.{} {a:016x} {b:016x} {zc:016x}", rm.mnemonic())
                        });
                        check_fma(&mut t, a, b, zc, rm);
                        // MUL: XOR of the signs in every mode.
                        t.check(m::mul(a, b, rm), (sp as u64) << 63, || {
                            format!("mul.{} {a:016x} {b:016x}", rm.mnemonic())
                        });
                    }
                    // ADD of two zeros.
                    let za = (sa as u64) << 63;
                    let want = exact_zero(if sa == sc { Some(sa) } else { None }, rm);
                    t.check(m::add(za, zc, rm), want, || {
                        format!("add.{} {za:016x} {zc:016x}", rm.mnemonic())
                    });
                }
            }
        }
    }
    let n = t.finish();
    println!("exact zeros: {n} checks");
}

#[test]
fn directed_round_up_into_smallest_normal() {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let mut t = Tally::new("rounding into the smallest normal");
    let min_normal = 0x0010_0000_0000_0000u64;
    let max_sub = 0x000F_FFFF_FFFF_FFFFu64;
    // MUL: a just under 1 (or 2) times 2^-1022 (or 2^-1023).
    for _ in 0..3000 {
        let a_frac = FRAC_MASK - rng.gen_range(0..64);
        let a = make(rng.gen(), 1022 + rng.gen_range(0..2), a_frac);
        let b = make(rng.gen(), 1 + rng.gen_range(0..2), rng.gen_range(0..8));
        check_all(&mut t, a, b, rng.gen::<u64>() & (SIGN_BIT | 0xFF));
        check_all(&mut t, a, b, 0);
    }
    // FMA: the largest subnormals plus about half an ulp (2^-1075).
    let half_ulp = [
        (0x3FE0_0000_0000_0000u64, 1u64), // 0.5 · 2^-1074 = 2^-1075
        (0x3FDF_FFFF_FFFF_FFFF, 1),       // just under
        (0x3FE0_0000_0000_0001, 1),       // just over
        (0x3FE0_0000_0000_0000, 2),       // a whole ulp
        (0x3FC0_0000_0000_0000, 1),       // a quarter
    ];
    for c in [
        max_sub,
        max_sub - 1,
        max_sub - 2,
        min_normal,
        min_normal + 1,
    ] {
        for &(a, b) in &half_ulp {
            for s in 0..8u64 {
                let (a, b, c) = (
                    a | ((s & 1) << 63),
                    b | ((s >> 1 & 1) << 63),
                    c | ((s >> 2 & 1) << 63),
                );
                check_all(&mut t, a, b, c);
            }
        }
    }
    // Explicit: max_sub + 2^-1075 ties to the even smallest normal under RN.
    t.check(
        m::fma(0x3FE0_0000_0000_0000, 1, max_sub, Rounding::Rn),
        min_normal,
        || "tie into min normal".into(),
    );
    t.check(
        m::fma(0x3FE0_0000_0000_0000, 1, max_sub, Rounding::Rz),
        max_sub,
        || "RZ stays subnormal".into(),
    );
    t.check(
        m::mul(0x3FEF_FFFF_FFFF_FFFF, min_normal, Rounding::Rn),
        min_normal,
        || "(1-2^-53)·2^-1022 RN".into(),
    );
    let n = t.finish();
    println!("smallest normal: {n} checks");
}

#[test]
fn directed_subnormal_inputs_and_outputs() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut t = Tally::new("subnormal inputs and outputs");
    let sub = |rng: &mut ChaCha8Rng| -> u64 {
        let frac = match rng.gen_range(0..4) {
            0 => 1u64 << rng.gen_range(0..52),
            1 => FRAC_MASK >> rng.gen_range(0..52),
            _ => (rng.gen::<u64>() & FRAC_MASK) >> rng.gen_range(0..52),
        };
        ((rng.gen::<bool>() as u64) << 63) | frac.max(1)
    };
    for _ in 0..6000 {
        // Subnormal in each position, with partners of every size.
        let big = make(rng.gen(), rng.gen_range(1..2047), rng.gen::<u64>());
        let small = make(rng.gen(), rng.gen_range(1..200), rng.gen::<u64>());
        let s1 = sub(&mut rng);
        let s2 = sub(&mut rng);
        check_all(&mut t, s1, big, s2);
        check_all(&mut t, big, s1, small);
        check_all(&mut t, small, small, s1);
        check_all(&mut t, s1, s2, s1 ^ SIGN_BIT);
        // Products landing around the subnormal range.
        // Product exponent 2^-1080 .. 2^-1000 (biased exponents add minus 1023).
        let ea = rng.gen_range(1..900i64);
        let eb = rng.gen_range(-1080..-1000i64) - (ea - 1023) + 1023;
        let a = make(rng.gen(), ea, rng.gen::<u64>());
        let b = make(rng.gen(), eb, rng.gen::<u64>());
        check_all(&mut t, a, b, s1);
        check_all(&mut t, a, b, 0);
    }
    let n = t.finish();
    println!("subnormals: {n} checks");
}

#[test]
fn directed_overflow_each_mode() {
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let mut t = Tally::new("overflow");
    for _ in 0..5000 {
        let ea = rng.gen_range(1000..2047i64);
        let eb = 2046 + 1023 - ea + rng.gen_range(-2..3);
        let a = make(rng.gen(), ea, interesting_frac(&mut rng));
        let b = make(rng.gen(), eb, interesting_frac(&mut rng));
        let c = make(
            rng.gen(),
            rng.gen_range(1990..2047),
            interesting_frac(&mut rng),
        );
        check_all(&mut t, a, b, c);
        check_all(&mut t, c, 0x3FF0_0000_0000_0000, c);
    }
    // Explicit per-mode results for ±(MAX·2).
    let two = 0x4000_0000_0000_0000u64;
    for (rm, pos, neg) in [
        (Rounding::Rn, INF, INF | SIGN_BIT),
        (Rounding::Rz, MAX_FINITE, MAX_FINITE | SIGN_BIT),
        (Rounding::Rm, MAX_FINITE, INF | SIGN_BIT),
        (Rounding::Rp, INF, MAX_FINITE | SIGN_BIT),
    ] {
        t.check(m::mul(MAX_FINITE, two, rm), pos, || {
            format!("mul.{} MAX 2", rm.mnemonic())
        });
        t.check(m::mul(MAX_FINITE | SIGN_BIT, two, rm), neg, || {
            format!("mul.{} -MAX 2", rm.mnemonic())
        });
        t.check(
            m::fma(MAX_FINITE, two, MAX_FINITE | SIGN_BIT, rm),
            MAX_FINITE,
            || format!("fma.{} MAX 2 -MAX", rm.mnemonic()),
        );
        // MAX + half an ulp of MAX (2^970): RN ties away from the odd MAX.
        let half = 0x7C90_0000_0000_0000u64;
        let want = match rm {
            Rounding::Rn | Rounding::Rp => INF,
            _ => MAX_FINITE,
        };
        t.check(m::add(MAX_FINITE, half, rm), want, || {
            format!("add.{} MAX 2^970", rm.mnemonic())
        });
        check_add(&mut t, MAX_FINITE, half, rm);
    }
    let n = t.finish();
    println!("overflow: {n} checks");
}

#[test]
fn directed_nan_positions_and_kinds() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut t = Tally::new("NaN positions and kinds");
    let nan = |rng: &mut ChaCha8Rng| -> u64 {
        let payload = match rng.gen_range(0..4) {
            0 => 1,
            1 => QUIET - 1,
            _ => rng.gen::<u64>() & (QUIET - 1),
        }
        .max(1);
        let quiet = if rng.gen() { QUIET } else { 0 };
        ((rng.gen::<bool>() as u64) << 63) | INF | quiet | payload
    };
    let others = [
        0u64,
        SIGN_BIT,
        INF,
        INF | SIGN_BIT,
        0x3FF8_0000_0000_0000,
        0x0000_0000_0000_0001,
        MAX_FINITE | SIGN_BIT,
    ];
    for _ in 0..400 {
        let n = [nan(&mut rng), nan(&mut rng), nan(&mut rng)];
        for mask in 1..8u32 {
            for &x in &others {
                for &y in &others {
                    let pick = |i: usize, other: u64| if mask >> i & 1 == 1 { n[i] } else { other };
                    let (a, b, c) = (pick(0, x), pick(1, y), pick(2, x));
                    // The last NaN in source order, quieted, sign and payload kept.
                    let want = if mask & 4 != 0 {
                        n[2] | QUIET
                    } else if mask & 2 != 0 {
                        n[1] | QUIET
                    } else {
                        n[0] | QUIET
                    };
                    for rm in Rounding::ALL {
                        t.check(m::fma(a, b, c, rm), want, || {
                            format!("fma.{} {a:016x} {b:016x} {c:016x}", rm.mnemonic())
                        });
                        check_fma(&mut t, a, b, c, rm);
                        check_add(&mut t, a, b, rm);
                        check_mul(&mut t, a, b, rm);
                    }
                }
            }
        }
    }
    // ∞·0 with and without a NaN addend, every sign; ∞ − ∞.
    for rm in Rounding::ALL {
        for s in 0..8u64 {
            let (a, b) = (INF | ((s & 1) << 63), (s >> 1 & 1) << 63);
            let sc = (s >> 2 & 1) << 63;
            for c in [0, 0x3FF0_0000_0000_0000 | sc, INF | sc, sc] {
                t.check(m::fma(a, b, c, rm), DEFAULT_NAN, || {
                    format!("inf*0 + {c:016x}")
                });
                t.check(m::fma(b, a, c, rm), DEFAULT_NAN, || {
                    format!("0*inf + {c:016x}")
                });
            }
            let q = 0x7FF8_0000_0000_1234 | sc;
            let sn = 0x7FF0_0000_0000_4321 | sc;
            t.check(m::fma(a, b, q, rm), q, || "inf*0 + qNaN".into());
            t.check(m::fma(a, b, sn, rm), sn | QUIET, || "inf*0 + sNaN".into());
            let one = 0x3FF0_0000_0000_0000 | ((s & 2) << 62);
            let ninf = INF | ((((s & 1) ^ 1) << 63) ^ ((s & 2) << 62));
            t.check(m::fma(a, one, ninf, rm), DEFAULT_NAN, || "inf - inf".into());
            t.check(m::add(a, a ^ SIGN_BIT, rm), DEFAULT_NAN, || {
                "add inf - inf".into()
            });
        }
    }
    // Modifiers act on NaN bits too (through `execute`).
    let sn = 0xFFF0_0000_0000_0042u64; // a negative sNaN
    for (modifier, want) in [
        (SrcMod::NONE, sn | QUIET),
        (SrcMod::NEG, (sn | QUIET) & !SIGN_BIT),
        (SrcMod::ABS, (sn | QUIET) & !SIGN_BIT),
        (SrcMod::NEG_ABS, sn | QUIET),
    ] {
        for op in [DfmaOp::Fma, DfmaOp::Add, DfmaOp::Mul] {
            let operation = DfmaOperation {
                b_mod: modifier,
                ..DfmaOperation::new(op, Rounding::Rn, 0x3FF0_0000_0000_0000, sn, 0)
            };
            let got = match m::execute(&operation) {
                DfmaResult::Value(v) => v,
                DfmaResult::Pred(_) => panic!("value expected"),
            };
            t.check(got, want, || {
                format!("{op:?} b={:016x} {modifier:?}", sn | SIGN_BIT)
            });
        }
    }
    let n = t.finish();
    println!("NaN: {n} checks");
}

// ======================================================= exact rational check

fn is_inf(x: u64) -> bool {
    x & !SIGN_BIT == INF
}
fn is_zero(x: u64) -> bool {
    x & !SIGN_BIT == 0
}

/// a·b + c from SPEC §2 and exact arithmetic alone.
fn spec_fma(a: u64, b: u64, c: u64, rm: Rounding) -> u64 {
    if let Some(nan) = spec_nan(&[a, b, c]) {
        return nan;
    }
    let sp = (a ^ b) & SIGN_BIT;
    if (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)) {
        return DEFAULT_NAN;
    }
    if is_inf(a) || is_inf(b) {
        if is_inf(c) && c & SIGN_BIT != sp {
            return DEFAULT_NAN;
        }
        return INF | sp;
    }
    if is_inf(c) {
        return c;
    }
    let value =
        value(FloatFormat::F64, a) * value(FloatFormat::F64, b) + value(FloatFormat::F64, c);
    if value.is_zero() {
        let product_zero = is_zero(a) || is_zero(b);
        let same_sign_zeros = (product_zero && is_zero(c) && sp == c & SIGN_BIT).then_some(sp != 0);
        return exact_zero(same_sign_zeros, rm);
    }
    round_rational(
        FloatFormat::F64,
        value.is_negative(),
        &value.abs(),
        rm,
        false,
    )
}

#[test]
fn exact_rational_corners() {
    let values = [
        0u64,
        SIGN_BIT,
        1,
        1 | SIGN_BIT,
        0x000F_FFFF_FFFF_FFFF,
        0x0010_0000_0000_0000,
        0x3FF0_0000_0000_0000,
        0xBFF0_0000_0000_0000,
        0x3CA0_0000_0000_0001,
        MAX_FINITE,
        MAX_FINITE | SIGN_BIT,
        INF,
        INF | SIGN_BIT,
        0x7FF8_0000_0000_0007,
        0xFFF0_0000_0000_0009,
    ];
    let mut t = Tally::new("exact rational corners");
    for rm in Rounding::ALL {
        for &a in &values {
            for &b in &values {
                for &c in &values {
                    t.check(m::fma(a, b, c, rm), spec_fma(a, b, c, rm), || {
                        format!("fma.{} {a:016x} {b:016x} {c:016x}", rm.mnemonic())
                    });
                }
                t.check(
                    m::add(a, b, rm),
                    spec_fma(a, 0x3FF0_0000_0000_0000, b, rm),
                    || format!("add.{} {a:016x} {b:016x}", rm.mnemonic()),
                );
            }
        }
    }
    let n = t.finish();
    println!("rational corners: {n} checks");
}

#[test]
fn exact_rational_random_sample() {
    let mut g = TestFloatGen::new(31);
    let mut t = Tally::new("exact rational random");
    for _ in 0..12_000 {
        let (a, b, c, rm) = random_case(&mut g);
        t.check(m::fma(a, b, c, rm), spec_fma(a, b, c, rm), || {
            format!("fma.{} {a:016x} {b:016x} {c:016x}", rm.mnemonic())
        });
    }
    let n = t.finish();
    println!("rational random: {n} checks");
}

// ==================================================== MIN, MAX, SETP vs Rust f64

fn expected_minmax(a: u64, b: u64, want_min: bool) -> u64 {
    let (fa, fb) = (f64::from_bits(a), f64::from_bits(b));
    match (fa.is_nan(), fb.is_nan()) {
        (true, true) => MINMAX_NAN,
        (true, false) => b,
        (false, true) => a,
        _ if fa == 0.0 && fb == 0.0 => {
            let negative = if want_min {
                fa.is_sign_negative() || fb.is_sign_negative()
            } else {
                fa.is_sign_negative() && fb.is_sign_negative()
            };
            if negative {
                SIGN_BIT
            } else {
                0
            }
        }
        _ => {
            let pick_a = if want_min { fa <= fb } else { fa >= fb };
            if pick_a {
                a
            } else {
                b
            }
        }
    }
}

fn expected_setp(cmp: Cmp, a: u64, b: u64) -> bool {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let u = x.is_nan() || y.is_nan();
    match cmp {
        Cmp::Eq => x == y,
        Cmp::Ne => !u && x != y,
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
        Cmp::Equ => u || x == y,
        Cmp::Neu => x != y,
        Cmp::Ltu => u || x < y,
        Cmp::Leu => u || x <= y,
        Cmp::Gtu => u || x > y,
        Cmp::Geu => u || x >= y,
        Cmp::Num => !u,
        Cmp::Nan => u,
    }
}

#[test]
fn min_max_setp_against_rust_f64() {
    let mut specials = vec![
        0u64,
        SIGN_BIT,
        1,
        SIGN_BIT | 1,
        0x000F_FFFF_FFFF_FFFF,
        0x0010_0000_0000_0000,
        0x3FF0_0000_0000_0000,
        0x3FF0_0000_0000_0001,
        0xBFF0_0000_0000_0000,
        MAX_FINITE,
        MAX_FINITE | SIGN_BIT,
        INF,
        INF | SIGN_BIT,
        0x7FF8_0000_0000_0000,
        0xFFF8_0000_0000_0001,
        0x7FF0_0000_0000_0001,
        0xFFF4_0000_0000_0000,
    ];
    let mut g = TestFloatGen::new(41);
    specials.extend((0..40).map(|_| g.random()));
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for &a in &specials {
        for &b in &specials {
            pairs.push((a, b));
        }
    }
    for _ in 0..150_000 {
        let a = g.random();
        // Often equal, adjacent or sign-flipped partners.
        let b = match g.rng.gen_range(0..5) {
            0 => a,
            1 => a ^ SIGN_BIT,
            2 => a.wrapping_add(1),
            _ => g.random(),
        };
        pairs.push((a, b));
    }
    let mut t = Tally::new("min/max/setp");
    for &(a, b) in &pairs {
        t.check(m::min(a, b), expected_minmax(a, b, true), || {
            format!("min {a:016x} {b:016x}")
        });
        t.check(m::max(a, b), expected_minmax(a, b, false), || {
            format!("max {a:016x} {b:016x}")
        });
        for cmp in Cmp::ALL {
            t.check(
                m::setp(cmp, a, b) as u64,
                expected_setp(cmp, a, b) as u64,
                || format!("setp.{} {a:016x} {b:016x}", cmp.mnemonic()),
            );
        }
    }
    // Modifiers through `execute`, against Rust's own neg/abs.
    let mods = [SrcMod::NONE, SrcMod::NEG, SrcMod::ABS, SrcMod::NEG_ABS];
    let apply = |x: u64, s: SrcMod| {
        let f = f64::from_bits(x);
        let f = if s.abs { f.abs() } else { f };
        (if s.neg { -f } else { f }).to_bits()
    };
    for &(a, b) in pairs.iter().take(20_000) {
        for (i, &ma) in mods.iter().enumerate() {
            let mb = mods[(i + (a as usize & 3)) % 4];
            let (xa, xb) = (apply(a, ma), apply(b, mb));
            let op = |op| DfmaOperation {
                a_mod: ma,
                b_mod: mb,
                ..DfmaOperation::new(op, Rounding::Rn, a, b, 0)
            };
            let value = |r: DfmaResult| match r {
                DfmaResult::Value(v) => v,
                DfmaResult::Pred(p) => panic!("predicate {p} from min/max"),
            };
            let what = || format!("{a:016x} {ma:?} {b:016x} {mb:?}");
            t.check(
                value(m::execute(&op(DfmaOp::Min))),
                expected_minmax(xa, xb, true),
                what,
            );
            t.check(
                value(m::execute(&op(DfmaOp::Max))),
                expected_minmax(xa, xb, false),
                what,
            );
            for cmp in Cmp::ALL {
                let got = m::execute(&op(DfmaOp::Setp(cmp)));
                let want = DfmaResult::Pred(expected_setp(cmp, xa, xb));
                t.check((got == want) as u64, 1, || {
                    format!("setp.{} {}", cmp.mnemonic(), what())
                });
            }
        }
    }
    let n = t.finish();
    println!("min/max/setp: {n} checks");
}

// ============================================================= vector lines

#[test]
fn vector_lines_round_trip() {
    let mut g = TestFloatGen::new(51);
    let mods = [SrcMod::NONE, SrcMod::NEG, SrcMod::ABS, SrcMod::NEG_ABS];
    for i in 0..20_000u32 {
        let op = match i % 6 {
            0 => DfmaOp::Fma,
            1 => DfmaOp::Add,
            2 => DfmaOp::Mul,
            3 => DfmaOp::Min,
            4 => DfmaOp::Max,
            _ => DfmaOp::Setp(Cmp::ALL[g.rng.gen_range(0..14)]),
        };
        let rm = if op.rounds() {
            Rounding::ALL[g.rng.gen_range(0..4)]
        } else {
            Rounding::Rn
        };
        let mut operation = DfmaOperation::new(op, rm, g.random(), g.random(), 0);
        operation.a_mod = mods[g.rng.gen_range(0..4)];
        operation.b_mod = mods[g.rng.gen_range(0..4)];
        if op == DfmaOp::Fma {
            operation.c = g.random();
            operation.c_mod = mods[g.rng.gen_range(0..4)];
        }
        let line = format_operation(&operation);
        let parsed = parse_line(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(parsed, operation, "{line}");
        // The modifiers reach the arithmetic: compare with pre-applied bits.
        if op == DfmaOp::Fma {
            let (a, b, c) = (
                operation.a_mod.apply(operation.a),
                operation.b_mod.apply(operation.b),
                operation.c_mod.apply(operation.c),
            );
            assert_eq!(
                m::execute(&parsed),
                DfmaResult::Value(ref_fma(a, b, c, rm)),
                "{line}"
            );
        }
    }
}
