//! The DIVSQRT golden model (`units::divsqrt::model`) against references:
//!
//! * Berkeley SoftFloat (`softfloat-wrapper`: `f32_div`, `f64_div`,
//!   `f32_sqrt`, `f64_sqrt`) in all five rounding modes, RMM being
//!   `round_near_maxMag`, result and flags bit for bit, with SPEC-G3 §1's
//!   layer on top: canonical NaNs, DAZ (subnormal inputs read as signed
//!   zeros), FTZ (a subnormal result becomes a signed zero with UF|NX);
//! * exact arithmetic written here (`num-bigint` / `num-rational`): an
//!   independent rounding routine on the exact quotient, and on the integer
//!   square root of the widened radicand;
//! * a TestFloat-style level-1 schedule (every pair of special operands:
//!   signs × boundary exponents × boundary significands) per op and mode;
//! * directed cases for SPEC-G3 §6's special rows, subnormal inputs and
//!   results, the tiny/inexact UF rule, DAZ/FTZ, rcp.f32/rcp.f64;
//! * RISC-V integer corners and random operands against `wrapping_div` /
//!   `wrapping_rem` with the ÷0 rules.
//!
//! Long runs (10 M random per op and mode; exhaustive fsqrt.f32):
//! `cargo test --release -p testbench --test divsqrt_model -- --ignored --nocapture`.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{ExceptionFlags, Float, F32 as SF32, F64 as SF64};
use std::sync::Mutex;
use testbench::riscv_reference::{
    boundary_operand, daz, exact_round, exp_field, is_nan, rational, sf_mode, spec_layer,
};
use units::divsqrt::model::{
    execute, integer, Answer, DivsqrtOp, Format, Mode, Rm, DZ, F32, F64, NV, NX, OF, UF,
};

/// SoftFloat's flags are one global: one caller at a time.
static SOFTFLOAT: Mutex<()> = Mutex::new(());

/// SoftFloat's division or square root (`b = None`) with the SPEC layer.
fn softfloat(fmt: Format, a: u64, b: Option<u64>, rm: Rm, daz_on: bool, ftz: bool) -> Answer {
    let _guard = SOFTFLOAT.lock().unwrap_or_else(|e| e.into_inner());
    let (a, b) = (daz(fmt, a, daz_on), b.map(|b| daz(fmt, b, daz_on)));
    let mut flags = ExceptionFlags::default();
    flags.set();
    let r = if fmt == F64 {
        let x = SF64::from_bits(a);
        match b {
            Some(b) => x.div(SF64::from_bits(b), sf_mode(rm)).to_bits(),
            None => x.sqrt(sf_mode(rm)).to_bits(),
        }
    } else {
        let x = SF32::from_bits(a as u32);
        (match b {
            Some(b) => x.div(SF32::from_bits(b as u32), sf_mode(rm)).to_bits(),
            None => x.sqrt(sf_mode(rm)).to_bits(),
        }) as u64
    };
    flags.get();
    spec_layer(fmt, r, flags.to_bits(), ftz)
}

/// The reference answer of any float op under `mode`, through SoftFloat.
fn sf_reference(op: DivsqrtOp, a: u64, b: u64, mode: Mode) -> Answer {
    let m = mode;
    match op {
        DivsqrtOp::FdivF32 => softfloat(F32, a, Some(b), m.frm, m.daz32, m.ftz32),
        DivsqrtOp::FdivF64 => softfloat(F64, a, Some(b), m.frm64, m.daz64, m.ftz64),
        DivsqrtOp::FsqrtF32 => softfloat(F32, a, None, m.frm, m.daz32, m.ftz32),
        DivsqrtOp::FsqrtF64 => softfloat(F64, a, None, m.frm64, m.daz64, m.ftz64),
        DivsqrtOp::RcpF32 => softfloat(F32, F32.one(), Some(a), m.frm, m.daz32, m.ftz32),
        DivsqrtOp::RcpF64 => softfloat(F64, F64.one(), Some(a), Rm::Rne, false, false),
        _ => panic!("not a float op"),
    }
}

// ===================================================================== exact arithmetic

/// a/b for finite non-zero a, b, from the exact rational quotient.
fn exact_div(fmt: Format, a: u64, b: u64, rm: Rm) -> Answer {
    let q = rational(fmt, a) / rational(fmt, b);
    let neg = q.is_negative();
    let q = q.abs();
    // n = ⌊q · 2^s⌋ with enough bits (q ≥ 2^-1150), sticky = remainder ≠ 0.
    let s = 1300i64;
    let scaled = q * BigRational::from_integer(BigInt::one() << s as usize);
    let n = scaled.floor().to_integer();
    let sticky = !scaled.fract().is_zero();
    exact_round(fmt, neg, &n, -s, sticky, rm)
}

/// √a for a finite positive a, from the integer square root of a · 4^s.
fn exact_sqrt(fmt: Format, a: u64, rm: Rm) -> Answer {
    let v = rational(fmt, a);
    // √a ≥ 2^-537: 2^700 leaves more than 160 bits.
    let s = 700i64;
    let scaled = v * BigRational::from_integer(BigInt::one() << (2 * s) as usize);
    let x = scaled.to_integer(); // exact: 4^700 clears every denominator
    let n = x.sqrt();
    let sticky = &n * &n != x;
    exact_round(fmt, false, &n, -s, sticky, rm)
}

// ===================================================================== operands

/// A float operand that hits the classes and boundaries
/// ([`boundary_operand`] with mid-range exponents within ±20 of the bias).
fn operand(rng: &mut ChaCha8Rng, fmt: Format) -> u64 {
    boundary_operand(rng, fmt, 20)
}

/// A divisor that puts `a / b` near the subnormal or overflow threshold.
fn near_threshold(rng: &mut ChaCha8Rng, fmt: Format, a: u64) -> u64 {
    let ea = exp_field(fmt, a) as i64;
    let bias = fmt.bias() as i64;
    let target = if rng.gen() {
        rng.gen_range(-(fmt.precision as i64) - 2..3)
    } else {
        fmt.exp_max() as i64 - rng.gen_range(0..3)
    };
    let eb = (ea - target + bias).clamp(0, fmt.exp_max() as i64 - 1) as u64;
    let b = operand(rng, fmt);
    (b & !(fmt.exp_max() << fmt.frac_bits())) | (eb << fmt.frac_bits())
}

fn mode_for(rm: Rm, rng: &mut ChaCha8Rng, flush: bool) -> Mode {
    Mode {
        frm: rm,
        frm64: rm,
        daz32: flush && rng.gen_range(0..3) == 0,
        ftz32: flush && rng.gen_range(0..3) == 0,
        daz64: flush && rng.gen_range(0..3) == 0,
        ftz64: flush && rng.gen_range(0..3) == 0,
    }
}

const FLOAT_OPS: [DivsqrtOp; 6] = [
    DivsqrtOp::FdivF32,
    DivsqrtOp::FdivF64,
    DivsqrtOp::FsqrtF32,
    DivsqrtOp::FsqrtF64,
    DivsqrtOp::RcpF32,
    DivsqrtOp::RcpF64,
];

fn fmt_of(op: DivsqrtOp) -> Format {
    if op.width() == 64 {
        F64
    } else {
        F32
    }
}

fn show(op: DivsqrtOp, a: u64, b: u64, mode: Mode) -> String {
    format!("{} {a:#x} {b:#x} {mode:?}", op.mnemonic())
}

/// `count` random operations of `op` in `rm` against SoftFloat.
fn random_against_softfloat(op: DivsqrtOp, rm: Rm, count: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (op.code() as u64) << 8 ^ rm.code() as u64);
    let fmt = fmt_of(op);
    for _ in 0..count {
        let a = operand(&mut rng, fmt);
        let b = if rng.gen_range(0..4) == 0 {
            near_threshold(&mut rng, fmt, a)
        } else {
            operand(&mut rng, fmt)
        };
        let mode = mode_for(rm, &mut rng, true);
        let got = execute(op, a, b, mode);
        let want = sf_reference(op, a, b, mode);
        assert_eq!(got, want, "{}", show(op, a, b, mode));
    }
}

// ===================================================================== tests

#[test]
fn random_operations_match_softfloat_in_every_mode() {
    for op in FLOAT_OPS {
        for rm in Rm::ALL {
            random_against_softfloat(op, rm, 200_000, 1);
        }
    }
}

#[test]
#[ignore = "long: 10 M random operations per op and mode against SoftFloat"]
fn ten_million_per_op_and_mode() {
    let ops: Vec<(DivsqrtOp, Rm)> = FLOAT_OPS
        .iter()
        .flat_map(|&op| Rm::ALL.map(|rm| (op, rm)))
        .collect();
    for (op, rm) in ops {
        let start = std::time::Instant::now();
        random_against_softfloat(op, rm, 10_000_000, 77);
        println!(
            "{} {rm:?}: 10 M in {:.1} s",
            op.mnemonic(),
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
#[ignore = "long: every binary32 input of fsqrt.f32 in every mode (4.3 G each)"]
fn fsqrt_f32_exhaustive() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    for rm in Rm::ALL {
        let mode = Mode {
            frm: rm,
            ..Mode::default()
        };
        std::thread::scope(|s| {
            for t in 0..threads as u64 {
                s.spawn(move || {
                    let mut x = t;
                    while x <= u32::MAX as u64 {
                        let got = execute(DivsqrtOp::FsqrtF32, x, 0, mode);
                        let want = f32_sqrt_reference(x, rm);
                        assert_eq!(got, want, "fsqrt.f32 {x:#x} {rm:?}");
                        x += threads as u64;
                    }
                });
            }
        });
        println!("fsqrt.f32 {rm:?}: all 2^32 inputs");
    }
}

/// SoftFloat's f32_sqrt without the lock (flags are thread-local in
/// SoftFloat's THREAD_LOCAL build only; this reference recomputes exactly).
fn f32_sqrt_reference(x: u64, rm: Rm) -> Answer {
    let fmt = F32;
    if is_nan(fmt, x) {
        let quiet = x & (1 << 22) != 0;
        return Answer {
            result: fmt.canonical_nan(),
            flags: if quiet { 0 } else { NV },
        };
    }
    if x & !fmt.sign_bit() == 0 {
        return Answer {
            result: x,
            flags: 0,
        };
    }
    if x & fmt.sign_bit() != 0 {
        return Answer {
            result: fmt.canonical_nan(),
            flags: NV,
        };
    }
    if x == fmt.infinity(false) {
        return Answer {
            result: x,
            flags: 0,
        };
    }
    exact_sqrt(fmt, x, rm)
}

#[test]
fn random_operations_match_exact_arithmetic() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for op in FLOAT_OPS {
        let fmt = fmt_of(op);
        for rm in Rm::ALL {
            for _ in 0..6_000 {
                let a = operand(&mut rng, fmt);
                let b = if rng.gen() {
                    near_threshold(&mut rng, fmt, a)
                } else {
                    operand(&mut rng, fmt)
                };
                let (x, y) = match op {
                    DivsqrtOp::RcpF32 | DivsqrtOp::RcpF64 => (fmt.one(), a),
                    _ => (a, b),
                };
                let finite =
                    |v: u64| exp_field(fmt, v) != fmt.exp_max() && v & !fmt.sign_bit() != 0;
                let rm_used = if op == DivsqrtOp::RcpF64 { Rm::Rne } else { rm };
                let want = match op {
                    DivsqrtOp::FsqrtF32 | DivsqrtOp::FsqrtF64 => {
                        if !finite(x) || x & fmt.sign_bit() != 0 {
                            continue;
                        }
                        exact_sqrt(fmt, x, rm_used)
                    }
                    _ => {
                        if !finite(x) || !finite(y) {
                            continue;
                        }
                        exact_div(fmt, x, y, rm_used)
                    }
                };
                let mode = Mode {
                    frm: rm,
                    frm64: rm,
                    ..Mode::default()
                };
                assert_eq!(execute(op, a, b, mode), want, "{}", show(op, a, b, mode));
            }
        }
    }
}

/// TestFloat level 1: every pair of operands built from boundary signs,
/// exponents and significands.
fn level1_operands(fmt: Format) -> Vec<u64> {
    let fb = fmt.frac_bits();
    let emax = fmt.exp_max();
    let bias = fmt.bias() as u64;
    let exps = [0, 1, 2, bias - 1, bias, bias + 1, emax - 2, emax - 1, emax];
    let fracs = [
        0,
        1,
        2,
        3,
        1 << (fb - 1),
        (1 << (fb - 1)) + 1,
        fmt.frac_mask() >> 1,
        fmt.frac_mask() - 1,
        fmt.frac_mask(),
    ];
    let mut list = Vec::new();
    for sign in [0, fmt.sign_bit()] {
        for e in exps {
            for f in fracs {
                list.push(sign | (e << fb) | f);
            }
        }
    }
    list
}

#[test]
fn testfloat_level1_schedule_in_every_mode() {
    for op in FLOAT_OPS {
        let fmt = fmt_of(op);
        let list = level1_operands(fmt);
        for rm in Rm::ALL {
            for flush in [false, true] {
                let mode = Mode {
                    frm: rm,
                    frm64: rm,
                    daz32: flush,
                    ftz32: flush,
                    daz64: flush,
                    ftz64: flush,
                };
                for &a in &list {
                    let bs: &[u64] = if op.operands() == 2 { &list } else { &[0] };
                    for &b in bs {
                        assert_eq!(
                            execute(op, a, b, mode),
                            sf_reference(op, a, b, mode),
                            "{}",
                            show(op, a, b, mode)
                        );
                    }
                }
            }
        }
    }
}

fn ans(result: u64, flags: u8) -> Answer {
    Answer { result, flags }
}

#[test]
fn special_rows_of_spec_g3_section_6() {
    let m = Mode::default();
    let d64 = |a, b| execute(DivsqrtOp::FdivF64, a, b, m);
    let d32 = |a, b| execute(DivsqrtOp::FdivF32, a, b, m);
    let s64 = |a| execute(DivsqrtOp::FsqrtF64, a, 0, m);
    let s32 = |a| execute(DivsqrtOp::FsqrtF32, a, 0, m);
    let one64 = 0x3ff0_0000_0000_0000;
    // x/±0 → ±Inf with DZ.
    assert_eq!(d64(one64, 0), ans(0x7ff0_0000_0000_0000, DZ));
    assert_eq!(d64(one64, 1 << 63), ans(0xfff0_0000_0000_0000, DZ));
    assert_eq!(d32(0xc000_0000, 0), ans(0xff80_0000, DZ));
    // 0/0, Inf/Inf, √negative → canonical NaN with NV.
    assert_eq!(d64(0, 1 << 63), ans(0x7ff8_0000_0000_0000, NV));
    assert_eq!(d32(0x7f80_0000, 0xff80_0000), ans(0x7fc0_0000, NV));
    assert_eq!(s64(0xbff0_0000_0000_0000), ans(0x7ff8_0000_0000_0000, NV));
    assert_eq!(s32(0xff80_0000), ans(0x7fc0_0000, NV));
    assert_eq!(s32(0x8000_0001), ans(0x7fc0_0000, NV));
    // Inf/x → ±Inf; x/Inf → ±0; no flags.
    assert_eq!(
        d64(0xfff0_0000_0000_0000, one64),
        ans(0xfff0_0000_0000_0000, 0)
    );
    assert_eq!(d64(one64, 0xfff0_0000_0000_0000), ans(1 << 63, 0));
    assert_eq!(d32(0x7f80_0000, 0), ans(0x7f80_0000, 0));
    // √±0 = ±0, √+Inf = +Inf.
    assert_eq!(s64(1 << 63), ans(1 << 63, 0));
    assert_eq!(s32(0x7f80_0000), ans(0x7f80_0000, 0));
    // NaNs: canonical, NV only for a signalling one.
    assert_eq!(
        d64(0x7ff0_0000_0000_0001, one64),
        ans(0x7ff8_0000_0000_0000, NV)
    );
    assert_eq!(
        d64(one64, 0xfff8_0000_0000_1234),
        ans(0x7ff8_0000_0000_0000, 0)
    );
    assert_eq!(d32(0x7fa0_0000, 0x7fc0_0001), ans(0x7fc0_0000, NV));
    assert_eq!(s32(0xffc0_0001), ans(0x7fc0_0000, 0));
    assert_eq!(s64(0x7ff0_0000_0000_0001), ans(0x7ff8_0000_0000_0000, NV));
    // rcp: ±0 → ±Inf (DZ), ±Inf → ±0.
    assert_eq!(
        execute(DivsqrtOp::RcpF32, 0x8000_0000, 0, m),
        ans(0xff80_0000, DZ)
    );
    assert_eq!(
        execute(DivsqrtOp::RcpF64, 0x7ff0_0000_0000_0000, 0, m),
        ans(0, 0)
    );
    // SPEC-G3 §7's example.
    let rtz = Mode { frm: Rm::Rtz, ..m };
    assert_eq!(
        execute(DivsqrtOp::FdivF32, 0x3f80_0000, 0x4040_0000, rtz),
        ans(0x3eaa_aaaa, NX)
    );
}

#[test]
fn subnormals_the_uf_rule_daz_and_ftz() {
    let m = Mode::default();
    // Subnormal inputs are real values: 2^-149 / 2^-149 = 1; √(2^-1074) = 2^-537.
    assert_eq!(execute(DivsqrtOp::FdivF32, 1, 1, m), ans(0x3f80_0000, 0));
    assert_eq!(
        execute(DivsqrtOp::FsqrtF64, 1, 0, m),
        ans(0x1e60_0000_0000_0000, 0)
    );
    // An exact subnormal result raises nothing: 2^-126 / 2 = 2^-127.
    assert_eq!(
        execute(DivsqrtOp::FdivF32, 0x0080_0000, 0x4000_0000, m),
        ans(0x0040_0000, 0)
    );
    // Tiny and inexact: UF|NX (2^-149 / 3).
    assert_eq!(
        execute(DivsqrtOp::FdivF32, 1, 0x4040_0000, m),
        ans(0, UF | NX)
    );
    // 2^-126·(1 − 2^-24) has 24 bits: tiny after rounding at p bits, yet its
    // subnormal rounding goes up to 2^-126: UF|NX with a normal result.
    let a = 0x3f7f_ffff; // 1 − 2^-24
    let b = 0x7e80_0000; // 2^126
    let got = execute(DivsqrtOp::FdivF32, a, b, m);
    assert_eq!(got, ans(0x0080_0000, UF | NX), "(1-2^-24)/2^126");
    // 2^-127·(1 ± 2^-23): tiny, inexact at the subnormal precision: UF|NX.
    let x = execute(DivsqrtOp::FdivF32, 0x3f80_0001, 0x7f00_0000, m);
    let y = execute(DivsqrtOp::FdivF32, 0x3f7f_ffff, 0x7f00_0000, m);
    assert_eq!(x, ans(0x0040_0000, UF | NX), "{x:?}");
    assert_eq!(y, ans(0x0040_0000, UF | NX), "{y:?}");
    // 2^-1022·(1 − 2^-53) has 53 bits (tiny); RUP rounds it to 2^-1022: UF|NX.
    let rup = Mode {
        frm64: Rm::Rup,
        ..m
    };
    let z = execute(
        DivsqrtOp::FdivF64,
        0x3fef_ffff_ffff_ffff,
        0x7fd0_0000_0000_0000,
        rup,
    );
    assert_eq!(z, ans(0x0010_0000_0000_0000, UF | NX), "{z:?}");
    // Not tiny after rounding at 53 bits: 2^-1022·(1 − 2^-54) rounds (RUP) to
    // 2^-1022 at both precisions: NX only (√ of 2^-2044·(1 − 2^-53) is just that).
    let w = execute(
        DivsqrtOp::FdivF64,
        0x3fef_ffff_ffff_ffff,
        0x3ff0_0000_0000_0001,
        m,
    );
    let v = execute(DivsqrtOp::FdivF64, w.result, 0x7fd0_0000_0000_0000, rup);
    assert_eq!(
        v,
        sf_reference(DivsqrtOp::FdivF64, w.result, 0x7fd0_0000_0000_0000, rup)
    );
    // DAZ: a subnormal divisor reads as zero → DZ; a subnormal dividend → 0.
    let daz = Mode {
        daz32: true,
        daz64: true,
        ..m
    };
    assert_eq!(
        execute(DivsqrtOp::FdivF32, 0x3f80_0000, 0x0000_0001, daz),
        ans(0x7f80_0000, DZ)
    );
    assert_eq!(
        execute(
            DivsqrtOp::FdivF64,
            0x8000_0000_0000_0001,
            0x3ff0_0000_0000_0000,
            daz
        ),
        ans(1 << 63, 0)
    );
    assert_eq!(
        execute(DivsqrtOp::FsqrtF32, 0x8000_0001, 0, daz),
        ans(0x8000_0000, 0)
    );
    // FTZ: a subnormal result becomes a signed zero with UF|NX, even if exact.
    let ftz = Mode {
        ftz32: true,
        ftz64: true,
        ..m
    };
    assert_eq!(
        execute(DivsqrtOp::FdivF32, 0x8080_0000, 0x4000_0000, ftz),
        ans(0x8000_0000, UF | NX)
    );
    // A result that rounds up to the smallest normal is kept.
    let kept = execute(DivsqrtOp::FdivF32, 0x3f7f_ffff, 0x7e80_0000, ftz);
    assert_eq!(kept.result, 0x0080_0000);
    // rcp.f64 never flushes and always rounds to nearest.
    let all = Mode {
        frm64: Rm::Rtz,
        daz64: true,
        ftz64: true,
        ..m
    };
    let sub = 0x0000_0000_0000_0001; // 2^-1074: 1/x overflows
    assert_eq!(
        execute(DivsqrtOp::RcpF64, sub, 0, all),
        ans(0x7ff0_0000_0000_0000, OF | NX)
    );
    let big = 0x7fe0_0000_0000_0000; // 2^1023: 1/x = 2^-1023 subnormal, exact
    assert_eq!(
        execute(DivsqrtOp::RcpF64, big, 0, all),
        ans(0x0008_0000_0000_0000, 0)
    );
    // rcp.f32 honours daz32/ftz32 and frm.
    let f32m = Mode {
        frm: Rm::Rtz,
        daz32: true,
        ftz32: true,
        ..m
    };
    assert_eq!(
        execute(DivsqrtOp::RcpF32, 0x0000_0001, 0, f32m),
        ans(0x7f80_0000, DZ)
    );
    assert_eq!(
        execute(DivsqrtOp::RcpF32, 0x7f00_0000, 0, f32m),
        ans(0, UF | NX)
    );
    assert_eq!(
        execute(DivsqrtOp::RcpF32, 0x4040_0000, 0, f32m),
        ans(0x3eaa_aaaa, NX)
    );
}

#[test]
fn rounding_modes_on_ties_and_signs() {
    // 1/3 in f64 under each mode, both signs; RMM vs RNE on an exact tie.
    let third = |rm: Rm, neg: bool| {
        let a = 0x3ff0_0000_0000_0000 | if neg { 1 << 63 } else { 0 };
        execute(
            DivsqrtOp::FdivF64,
            a,
            0x4008_0000_0000_0000,
            Mode {
                frm64: rm,
                ..Mode::default()
            },
        )
        .result
    };
    assert_eq!(third(Rm::Rne, false), 0x3fd5_5555_5555_5555);
    assert_eq!(third(Rm::Rup, false), 0x3fd5_5555_5555_5556);
    assert_eq!(third(Rm::Rdn, true), 0xbfd5_5555_5555_5556);
    assert_eq!(third(Rm::Rtz, true), 0xbfd5_5555_5555_5555);
    assert_eq!(third(Rm::Rmm, false), 0x3fd5_5555_5555_5555);
    // A tie in the subnormal range: 3·2^-150 = 1.5 ulp of f32 subnormals.
    let tie = |rm: Rm| {
        execute(
            DivsqrtOp::FdivF32,
            0x0000_0003,
            0x4000_0000,
            Mode {
                frm: rm,
                ..Mode::default()
            },
        )
    };
    assert_eq!(tie(Rm::Rne), ans(2, UF | NX));
    assert_eq!(tie(Rm::Rmm), ans(2, UF | NX));
    assert_eq!(tie(Rm::Rtz), ans(1, UF | NX));
    // 5·2^-150 = 2.5 ulp: RNE → 2, RMM → 3.
    let tie5 = |rm: Rm| {
        execute(
            DivsqrtOp::FdivF32,
            0x0000_0005,
            0x4000_0000,
            Mode {
                frm: rm,
                ..Mode::default()
            },
        )
        .result
    };
    assert_eq!(tie5(Rm::Rne), 2);
    assert_eq!(tie5(Rm::Rmm), 3);
}

#[test]
fn integer_corners_and_random_match_wrapping_arithmetic() {
    let reference = |op: DivsqrtOp, a: u32, b: u32| -> u32 {
        let (sa, sb) = (a as i32, b as i32);
        match op {
            DivsqrtOp::Div => {
                if b == 0 {
                    u32::MAX
                } else {
                    sa.wrapping_div(sb) as u32
                }
            }
            DivsqrtOp::Divu => a.checked_div(b).unwrap_or(u32::MAX),
            DivsqrtOp::Rem => {
                if b == 0 {
                    a
                } else {
                    sa.wrapping_rem(sb) as u32
                }
            }
            _ => a.checked_rem(b).unwrap_or(a),
        }
    };
    let ops = [
        DivsqrtOp::Div,
        DivsqrtOp::Divu,
        DivsqrtOp::Rem,
        DivsqrtOp::Remu,
    ];
    // The RISC-V table.
    assert_eq!(integer(DivsqrtOp::Div, 7, 0), u32::MAX);
    assert_eq!(integer(DivsqrtOp::Divu, 7, 0), u32::MAX);
    assert_eq!(integer(DivsqrtOp::Rem, 7, 0), 7);
    assert_eq!(integer(DivsqrtOp::Remu, 0x8000_0000, 0), 0x8000_0000);
    assert_eq!(integer(DivsqrtOp::Div, 0x8000_0000, u32::MAX), 0x8000_0000);
    assert_eq!(integer(DivsqrtOp::Rem, 0x8000_0000, u32::MAX), 0);
    assert_eq!(integer(DivsqrtOp::Div, (-7i32) as u32, 2), (-3i32) as u32);
    assert_eq!(integer(DivsqrtOp::Rem, (-7i32) as u32, 2), (-1i32) as u32);
    assert_eq!(integer(DivsqrtOp::Rem, 7, (-2i32) as u32), 1);
    let corners = [
        0u32,
        1,
        2,
        3,
        7,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_ffff,
        0xffff_fffe,
        0x1_0000,
        0xffff,
    ];
    for op in ops {
        for &a in &corners {
            for &b in &corners {
                let got = execute(op, a as u64, b as u64, Mode::default());
                assert_eq!(
                    got,
                    ans(reference(op, a, b) as u64, 0),
                    "{op:?} {a:#x} {b:#x}"
                );
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(op.code() as u64);
        for _ in 0..200_000 {
            let a: u32 = rng.gen::<u32>() >> rng.gen_range(0..32);
            let b: u32 = rng.gen::<u32>() >> rng.gen_range(0..32);
            let (a, b) = if rng.gen() {
                (a.wrapping_neg(), b)
            } else {
                (a, b)
            };
            let got = execute(op, a as u64, b as u64, Mode::default());
            assert_eq!(
                got.result as u32,
                reference(op, a, b),
                "{op:?} {a:#x} {b:#x}"
            );
        }
    }
}
