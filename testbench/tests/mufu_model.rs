//! MUFU golden model: special values, accuracy against exact math (a CI-sized
//! sample here, every input in the `#[ignore]` sweeps), the coefficient
//! generator, the FFMA model against Berkeley SoftFloat, the refinement
//! sequences, the vector format and the SM90 instruction decoder.
//!
//! Long runs: `cargo test -p testbench --test mufu_model -- --ignored --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{Float, RoundingMode, F32};

use units::mufu::accuracy::{self, measure, Options, Report};
use units::mufu::datapath::{self, MUL_W, SQ_W, U_LO_W, U_W};
use units::mufu::decode::{self, Control, DecodeError, Form, MufuInstr, Source};
use units::mufu::ffma::{fadd, fma, fmul};
use units::mufu::model::{eval, mufu, reduce, MufuFunc, Path};
use units::mufu::refine;
use units::mufu::tables::{generate, tables, TableId, ROM_BUDGET_BITS, ROM_DEPTH, ROM_WORD_W};
use units::mufu::vectors;

const NAN: u32 = 0x7FFF_FFFF;
const INF: u32 = 0x7F80_0000;
const NINF: u32 = 0xFF80_0000;
const ONE: u32 = 0x3F80_0000;
const NEG_ONE: u32 = 0xBF80_0000;
const NEG_ZERO: u32 = 0x8000_0000;

fn f(x: f32) -> u32 {
    x.to_bits()
}

fn run(func: MufuFunc, x: u32) -> u32 {
    mufu(func.sel(), false, false, x)
}

// ---------------------------------------------------------------------------
// Special values (SPEC.md §1 table) and conventions
// ---------------------------------------------------------------------------

/// Operands that every function must treat as NaN input.
const NANS: [u32; 4] = [0x7FC0_0000, 0x7F80_0001, 0xFFFF_FFFF, 0xFFC0_0000];
/// Subnormals read as signed zero (DAZ).
const POS_ZEROS: [u32; 3] = [0, 1, 0x007F_FFFF];
const NEG_ZEROS: [u32; 3] = [NEG_ZERO, 0x8000_0001, 0x807F_FFFF];

#[test]
fn special_values_per_function() {
    use MufuFunc::*;
    for func in [Cos, Sin, Ex2, Lg2, Rcp, Rsq, Sqrt, Tanh] {
        for x in NANS {
            assert_eq!(run(func, x), NAN, "{func:?}({x:08x})");
        }
    }
    // (func, result for +0, result for -0, +Inf, -Inf)
    let table = [
        (Rcp, INF, NINF, 0, NEG_ZERO),
        (Rsq, INF, NINF, 0, NAN),
        (Sqrt, 0, NEG_ZERO, INF, NAN),
        (Lg2, NINF, NINF, INF, NAN),
        (Ex2, ONE, ONE, INF, 0),
        (Sin, 0, NEG_ZERO, NAN, NAN),
        (Cos, ONE, ONE, NAN, NAN),
        (Tanh, 0, NEG_ZERO, ONE, NEG_ONE),
    ];
    for (func, pz, nz, pinf, ninf) in table {
        for x in POS_ZEROS {
            assert_eq!(run(func, x), pz, "{func:?}(+0 {x:08x})");
        }
        for x in NEG_ZEROS {
            assert_eq!(run(func, x), nz, "{func:?}(-0 {x:08x})");
        }
        assert_eq!(run(func, INF), pinf, "{func:?}(+Inf)");
        assert_eq!(run(func, NINF), ninf, "{func:?}(-Inf)");
    }
    // Negative finite operands.
    for x in [f(-1.0), f(-3.5e-30), f(-1e30)] {
        assert_eq!(run(Rsq, x), NAN);
        assert_eq!(run(Sqrt, x), NAN);
        assert_eq!(run(Lg2, x), NAN);
    }
    assert_eq!(run(Rcp, f(-2.0)), f(-0.5));
    // Invalid selectors.
    for sel in 10..16 {
        for x in [0, ONE, NAN, INF] {
            assert_eq!(mufu(sel, false, false, x), NAN);
            assert_eq!(mufu(sel, true, true, x), NAN);
        }
    }
}

#[test]
fn exact_points() {
    use MufuFunc::*;
    for k in -125..=125 {
        let p = 2f32.powi(k);
        assert_eq!(run(Rcp, f(p)), f(1.0 / p), "rcp 2^{k}");
        assert_eq!(run(Rcp, f(-p)), f(-1.0 / p), "rcp -2^{k}");
        assert_eq!(run(Lg2, f(p)), f(k as f32), "lg2 2^{k}");
        if k % 2 == 0 {
            assert_eq!(run(Rsq, f(p)), f(2f32.powi(-k / 2)), "rsq 2^{k}");
            assert_eq!(run(Sqrt, f(p)), f(2f32.powi(k / 2)), "sqrt 2^{k}");
        }
        assert_eq!(run(Ex2, f(k as f32)), f(p), "ex2 {k}");
    }
    assert_eq!(run(Lg2, ONE), 0, "LG2(1) = +0");
    for n in [1.0f32, 2.0, 7.0, 1e6, 8388608.0, 3e9] {
        assert_eq!(run(Sin, f(n)), 0, "sin(+{n})");
        assert_eq!(run(Sin, f(-n)), NEG_ZERO, "sin(-{n})");
        assert_eq!(run(Cos, f(n)), ONE, "cos({n})");
        if n < 1e6 {
            assert_eq!(run(Cos, f(n + 0.5)), NEG_ONE, "cos({n}.5)");
        }
        assert_eq!(run(Cos, f(-n)), ONE, "cos(-{n})");
    }
    assert_eq!(run(Sin, f(0.5)), 0);
    assert_eq!(run(Sin, f(0.25)), ONE);
    assert_eq!(run(Sin, f(0.75)), NEG_ONE);
    assert_eq!(run(Sin, f(-0.25)), NEG_ONE);
    assert_eq!(run(Cos, f(0.5)), NEG_ONE);
    assert_eq!(run(Cos, f(0.25)), 0, "cosPi rule: +0");
    assert_eq!(run(Cos, f(-0.75)), 0);
}

#[test]
fn edges_of_the_range() {
    use MufuFunc::*;
    // EX2 overflow and underflow (FTZ).
    assert_eq!(run(Ex2, f(128.0)), INF);
    let top = f32::from_bits(run(Ex2, 0x42FF_FFFF)); // 2^(128 − 2^-17)
    assert!(top.is_finite() && top > 3.4e38);
    assert_eq!(run(Ex2, f(1e30)), INF);
    assert_eq!(run(Ex2, f(-126.5)), 0, "subnormal result flushed");
    assert_eq!(run(Ex2, f(-1e30)), 0);
    assert_eq!(run(Ex2, f(-126.0)), 0x0080_0000);
    // Tiny EX2 arguments round to 1.
    assert_eq!(run(Ex2, f(1e-30)), ONE);
    assert_eq!(run(Ex2, f(-1e-30)), ONE);
    // RCP of a large number: subnormal reciprocal flushed, sign kept.
    assert_eq!(run(Rcp, f(2f32.powi(126))), 0x0080_0000);
    assert_eq!(run(Rcp, f(3.0 * 2f32.powi(125))), 0);
    assert_eq!(run(Rcp, f(-3.0 * 2f32.powi(125))), NEG_ZERO);
    assert_eq!(run(Rcp, f32::MAX.to_bits()), 0);
    // TANH: tiny path returns x, saturation to ±1.
    for x in [1e-5f32, -3e-6, 2f32.powi(-13), f32::MIN_POSITIVE] {
        assert_eq!(run(Tanh, f(x)), f(x));
    }
    for x in [9.0f32, 9.5, 100.0, f32::MAX] {
        assert_eq!(run(Tanh, f(x)), ONE);
        assert_eq!(run(Tanh, f(-x)), NEG_ONE);
    }
    assert!(f32::from_bits(run(Tanh, f(8.9))) < 1.0);
    // LG2 just below 1 is negative, just above positive.
    assert!(f32::from_bits(run(Lg2, 0x3F7F_FFFF)) < 0.0);
    assert!(f32::from_bits(run(Lg2, 0x3F80_0001)) > 0.0);
    // SIN/COS of huge arguments are integers in revolutions.
    assert_eq!(run(Sin, f(1e38)), 0);
    assert_eq!(run(Cos, f(-1e38)), ONE);
}

#[test]
fn source_modifiers() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..20_000 {
        let x: u32 = rng.gen();
        let sel = rng.gen_range(0..10u8);
        let func = MufuFunc::from_sel(sel).unwrap();
        assert_eq!(mufu(sel, true, false, x), eval(func, x & 0x7FFF_FFFF));
        assert_eq!(mufu(sel, false, true, x), eval(func, x ^ 0x8000_0000));
        assert_eq!(mufu(sel, true, true, x), eval(func, x | 0x8000_0000));
        assert_eq!(mufu(sel, false, false, x), eval(func, x));
    }
}

#[test]
fn symmetries() {
    use MufuFunc::*;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..50_000 {
        let x: u32 = rng.gen::<u32>() & 0x7FFF_FFFF;
        let nx = x | 0x8000_0000;
        for func in [Rcp, Sin, Tanh] {
            let (a, b) = (run(func, x), run(func, nx));
            if a != NAN {
                assert_eq!(a ^ 0x8000_0000, b, "{func:?} odd at {x:08x}");
            }
        }
        assert_eq!(run(Cos, x), run(Cos, nx), "cos even at {x:08x}");
        let (a, b) = (run(Rcp64h, x), run(Rcp64h, nx));
        if a != NAN {
            assert_eq!(a ^ 0x8000_0000, b, "rcp64h odd at {x:08x}");
        }
    }
}

#[test]
fn fp64_high_word_forms() {
    use MufuFunc::*;
    let hi = |v: f64| (v.to_bits() >> 32) as u32;
    // Specials (SPEC.md §1).
    assert_eq!(run(Rcp64h, 0), 0x7FF0_0000);
    assert_eq!(run(Rcp64h, 0x8000_0000), 0xFFF0_0000);
    assert_eq!(
        run(Rcp64h, 0x0008_0000),
        0x7FF0_0000,
        "subnormal counts as zero"
    );
    assert_eq!(run(Rsq64h, 0), 0x7FF0_0000);
    assert_eq!(run(Rsq64h, 0x8000_0000), 0xFFF0_0000);
    assert_eq!(run(Rsq64h, hi(-2.0)), NAN);
    assert_eq!(run(Rcp64h, 0x7FF0_0000), 0);
    assert_eq!(run(Rcp64h, 0xFFF0_0000), 0x8000_0000);
    assert_eq!(run(Rsq64h, 0x7FF0_0000), 0);
    assert_eq!(run(Rcp64h, 0x7FF8_0000), NAN);
    assert_eq!(run(Rsq64h, 0xFFF0_0001), NAN);
    // Exact powers of two and the 2^-20 bound.
    for k in [-1000, -3, 0, 1, 17, 1000] {
        assert_eq!(run(Rcp64h, hi(2f64.powi(k))), hi(2f64.powi(-k)));
        if k % 2 == 0 {
            assert_eq!(run(Rsq64h, hi(2f64.powi(k))), hi(2f64.powi(-k / 2)));
        }
    }
    assert_eq!(
        run(Rcp64h, hi(2f64.powi(1023))),
        0,
        "reciprocal subnormal: flushed"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..100_000 {
        let x = (rng.gen_range(1..2047u32) << 20) | (rng.gen::<u32>() & 0xF_FFFF);
        let xd = f64::from_bits((x as u64) << 32);
        let r = f64::from_bits((run(Rcp64h, x) as u64) << 32);
        if xd < 2f64.powi(1022) {
            assert!(
                ((r - 1.0 / xd) * xd).abs() <= 2f64.powi(-20),
                "rcp64h {x:08x}"
            );
        }
        let r = f64::from_bits((run(Rsq64h, x) as u64) << 32);
        assert!(
            ((r - 1.0 / xd.sqrt()) * xd.sqrt()).abs() <= 2f64.powi(-20),
            "rsq64h {x:08x}"
        );
    }
}

// ---------------------------------------------------------------------------
// Accuracy against exact math
// ---------------------------------------------------------------------------

fn print(rep: &Report) {
    eprintln!("{}", rep.to_table());
}

/// Every function on a sample of 2^18 inputs (short runs of consecutive
/// operands spread over the domain): the targets must hold.
#[test]
fn accuracy_sample_meets_targets() {
    let opt = Options {
        samples: 1 << 18,
        ..Options::default()
    };
    let rep = accuracy::measure_all(&MufuFunc::ALL, &opt);
    print(&rep);
    for r in &rep.funcs {
        assert!(
            r.all.count > 100_000,
            "{:?}: only {} inputs",
            r.func,
            r.all.count
        );
        assert!(
            r.meets_target(),
            "{:?} misses its target:\n{}",
            r.func,
            rep.to_table()
        );
    }
    // Report formats.
    let json = rep.to_json();
    assert!(json.starts_with("{\"mufu_accuracy\":[") && json.ends_with("]}"));
    assert_eq!(json.matches('{').count(), json.matches('}').count());
    assert_eq!(json.matches("\"func\"").count(), 10);
    let svg = accuracy::svg(&rep.funcs[4]);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("MUFU.RCP") && svg.contains("<polyline"));
    // Well-formed enough: no raw comparison signs inside text.
    for element in svg.split("<text").skip(1) {
        let body = &element[..element.find("</text>").unwrap()];
        let inner = &body[body.find('>').unwrap() + 1..];
        assert!(!inner.contains('<') && !inner.contains('>'), "{body}");
    }
}

/// RCP on every mantissa of one binade: < 1 ulp, ≥ 90 % correctly rounded,
/// monotonic (the table does not depend on the exponent).
#[test]
fn rcp_every_mantissa() {
    let mut cr = 0u64;
    let mut prev = u32::MAX;
    for m in 0..1u32 << 23 {
        let x = ONE | m;
        let r = run(MufuFunc::Rcp, x);
        let exact = 1.0 / f32::from_bits(x) as f64;
        let ulp = if m == 0 {
            2f64.powi(-23)
        } else {
            2f64.powi(-24)
        };
        assert!(
            (f32::from_bits(r) as f64 - exact).abs() < ulp,
            "rcp {x:08x}"
        );
        cr += (r == (exact as f32).to_bits()) as u64;
        assert!(r <= prev, "rcp not monotonic at {x:08x}");
        prev = r;
    }
    let pct = 100.0 * cr as f64 / (1u64 << 23) as f64;
    eprintln!("rcp [1,2): {pct:.3} % correctly rounded");
    assert!(pct >= 90.0);
}

/// Every table region on a strided sweep of its argument, against the ulp bound.
#[test]
fn every_region_strided() {
    use MufuFunc::*;
    let ulp_ok = |func: MufuFunc, x: u32, bound: f64| {
        let Some(v) = accuracy::reference(func, x) else {
            return; // exact result outside the normal range
        };
        let r = f32::from_bits(run(func, x)) as f64;
        let e = ((v.to_bits() >> 52) & 0x7FF) as i32 - 1023;
        let err = (r - v).abs() / 2f64.powi(e - 23);
        assert!(
            err < bound,
            "{func:?}({x:08x}) = {r:e}, exact {v:e}: {err} ulp"
        );
    };
    for m in (0..1u32 << 23).step_by(97) {
        for e in [126, 127, 128, 129] {
            let x = e << 23 | m;
            ulp_ok(Rsq, x, 1.0);
            ulp_ok(Sqrt, x, 1.0);
        }
        ulp_ok(Lg2, 128 << 23 | m, 1.0); // [2, 4): faithful
        ulp_ok(Lg2, 125 << 23 | m, 1.0); // [0.25, 0.5)
        for x in [127 << 23 | m, 126 << 23 | m] {
            let v = accuracy::reference(Lg2, x).unwrap();
            let r = f32::from_bits(run(Lg2, x)) as f64;
            assert!((r - v).abs() <= 2f64.powi(-23), "lg2 abs at {x:08x}");
        }
        for e in [120, 126, 127, 133] {
            ulp_ok(Ex2, e << 23 | m, 1.0);
            ulp_ok(Ex2, 0x8000_0000 | e << 23 | m, 1.0);
        }
        for e in 114..=130 {
            ulp_ok(Tanh, e << 23 | m, 2.0);
        }
    }
}

// ---------------------------------------------------------------------------
// The coefficient tables
// ---------------------------------------------------------------------------

#[test]
fn tables_fit_the_rom_and_the_multipliers() {
    let t = tables();
    let mut report = String::new();
    for tb in &t.tables {
        report.push_str(&format!("{:<5} {:>6} bits\n", tb.id.name(), tb.rom_bits()));
        for r in &tb.regions {
            let fm = &r.fmt;
            assert!(
                r.word_bits() <= ROM_WORD_W,
                "{}: {} bits",
                r.name,
                r.word_bits()
            );
            assert!(fm.w1 <= MUL_W && fm.w2 <= MUL_W);
            assert!(fm.sh1 >= U_LO_W, "{}", r.name);
            assert_eq!(r.words.len(), 1 << fm.k);
            for w in &r.words {
                assert!(w.c0 >> fm.w0 == 0 && w.c1 >> fm.w1 == 0 && w.c2 >> fm.w2 == 0);
            }
            // The sum fits SUM_W signed bits: polynomials stay below 2^34 sum
            // LSBs, TANH's addend (x) below 2^32; LG2's polynomial lies in
            // [0, 2^32) and its exponent addend in [−126, 127]·2^32.
            let sum_max = 1i64 << (datapath::SUM_W - 1);
            for w in &r.words {
                // (LG2's operand has no bits for u_lo: 23 = prefix + k + 17.)
                let u_lo_max = if tb.id == TableId::Lg2 { 0 } else { 255 };
                for (u_hi, u_lo) in [(0, 0), ((1 << 17) - 1, u_lo_max)] {
                    let p = datapath::poly(fm, w, u_hi, u_lo);
                    if tb.id == TableId::Lg2 {
                        assert!((0..1 << 32).contains(&p), "{}", r.name);
                        assert!((127 << 32) + p < sum_max && -(126i64 << 32) >= -sum_max);
                    } else {
                        assert!(p.abs() < 1 << 34, "{}", r.name);
                        assert!(p.abs() + (1 << 32) < sum_max);
                    }
                }
            }
            // The fixed-point view agrees with the integer datapath at u = 0.
            let c = r.coefs(0);
            let p0 = datapath::poly(fm, &r.words[0], 0, 0);
            assert_eq!(c[0].to_bits() >> (48 + fm.unit_exp), p0, "{}", r.name);
        }
    }
    eprintln!(
        "{report}total {} bits, {} words",
        t.rom_bits(),
        t.segments()
    );
    assert!(t.rom_bits() <= ROM_BUDGET_BITS, "{} bits", t.rom_bits());
    assert!(t.segments() <= ROM_DEPTH);
    // The ROM image holds every word at its region's address.
    let img = t.rom_image();
    for tb in &t.tables {
        for r in &tb.regions {
            for (i, w) in r.words.iter().enumerate() {
                assert_eq!(img[r.fmt.base as usize + i], w.pack(&r.fmt));
                assert_eq!(t.rom[r.fmt.base as usize + i], *w);
            }
        }
    }
    let _ = (U_W, SQ_W);
}

/// The ROM read back as fixed-point coefficients is the function itself:
/// `C0 + C1·u + C2·u²` of segment `i` at `u` equals f(segment start + u·width)
/// to within the table's fit (checked with `approx`, relative 2^-22), for the
/// one-region tables RCP (1/m, m ∈ [1,2), 128 segments) and EX2 (2^f,
/// f ∈ [0,1), 64 segments).
#[test]
fn rom_coefficients_evaluate_to_the_function() {
    use approx::assert_relative_eq;
    let t = tables();
    type Exact = fn(f64) -> f64;
    let cases: [(TableId, Exact, f64); 2] = [
        (TableId::Rcp, |m| 1.0 / m, 1.0),
        (TableId::Ex2, |f| f.exp2(), 0.0),
    ];
    for (id, exact, start) in cases {
        let region = &t.get(id).regions[0];
        let n = region.words.len();
        for i in 0..n {
            let [c0, c1, c2] = region.coefs(i).map(|c| c.to_num::<f64>());
            for u in [0.0, 0.25, 0.5, 0.75, 0.999] {
                let x = start + (i as f64 + u) / n as f64;
                let p = c0 + c1 * u + c2 * u * u;
                assert_relative_eq!(p, exact(x), max_relative = 2f64.powi(-22));
            }
        }
    }
}

/// `rtl-gen tables mufu`-style dump: `MUFU_TABLES_OUT=file`.
#[test]
#[ignore]
fn dump_tables() {
    let text = tables().to_text(None);
    match std::env::var("MUFU_TABLES_OUT") {
        Ok(path) => std::fs::write(path, &text).unwrap(),
        Err(_) => eprintln!("{text}"),
    }
    assert!(text.contains("table tanh"));
}

#[test]
fn table_generator_is_deterministic() {
    let a = generate();
    let b = std::thread::spawn(generate).join().unwrap();
    assert_eq!(a, b);
    assert_eq!(a.digest(), b.digest());
    assert_eq!(&a, tables());
    eprintln!("table digest {:016x}", a.digest());
}

#[test]
fn reduction_picks_regions() {
    let t = tables();
    let check = |func: MufuFunc, x: u32, table: TableId, region: usize| match reduce(func, x) {
        Path::Interp(r) => {
            assert_eq!((r.table, r.region), (table, region), "{func:?}({x:08x})");
            assert!(region < t.get(table).regions.len());
        }
        Path::Special(s) => panic!("{func:?}({x:08x}) took the bypass: {s:08x}"),
    };
    check(MufuFunc::Rsq, f(1.2), TableId::Rsq, 0);
    check(MufuFunc::Rsq, f(1.7), TableId::Rsq, 1);
    check(MufuFunc::Rsq, f(2.2), TableId::Rsq, 2);
    check(MufuFunc::Rsq, f(3.5), TableId::Rsq, 3);
    check(MufuFunc::Sqrt, f(0.9), TableId::Sqrt, 3);
    check(MufuFunc::Lg2, f(1.9), TableId::Lg2, 1);
    check(MufuFunc::Tanh, f(2f32.powi(-12)), TableId::Tanh, 0);
    check(MufuFunc::Tanh, f(8.5), TableId::Tanh, 15);
    check(MufuFunc::Cos, f(0.3), TableId::Sin, 0);
    check(MufuFunc::Rsq64h, 0x4008_0000, TableId::Rsq, 3);
}

// ---------------------------------------------------------------------------
// FFMA model against Berkeley SoftFloat
// ---------------------------------------------------------------------------

fn flush(x: u32) -> u32 {
    if (x >> 23) & 0xFF == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

fn sf_fma(a: u32, b: u32, c: u32, ftz: bool) -> u32 {
    let (a, b, c) = if ftz {
        (flush(a), flush(b), flush(c))
    } else {
        (a, b, c)
    };
    let r = F32::from_bits(a)
        .fused_mul_add(
            F32::from_bits(b),
            F32::from_bits(c),
            RoundingMode::TiesToEven,
        )
        .to_bits();
    if ftz {
        flush(r)
    } else {
        r
    }
}

fn same(model: u32, reference: u32) -> bool {
    let is_nan = |x: u32| (x & 0x7FFF_FFFF) > 0x7F80_0000;
    if is_nan(reference) {
        model == NAN
    } else {
        model == reference
    }
}

/// Operands biased to the interesting cases: specials, subnormals, values near
/// one another (cancellation) and exponents at the edges.
fn interesting(rng: &mut ChaCha8Rng) -> u32 {
    let s = (rng.gen::<u32>() & 1) << 31;
    match rng.gen_range(0..10) {
        0 => s | [0, 1, 0x7F_FFFF, 0x80_0000, INF, 0x7FC0_0000, ONE][rng.gen_range(0..7)],
        1 => s | rng.gen_range(0..0x0100_0000), // subnormal / tiny
        2 => s | rng.gen_range(0x7E00_0000..0x7F80_0000), // huge
        3 => s | (rng.gen_range(120..135) << 23) | rng.gen_range(0..0x80_0000), // near 1
        _ => rng.gen(),
    }
}

#[test]
fn ffma_matches_softfloat() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for i in 0..400_000 {
        let (a, b) = (interesting(&mut rng), interesting(&mut rng));
        // Make cancellation common: c ≈ −a·b.
        let c = if i % 3 == 0 {
            let p = F32::from_bits(a)
                .mul(F32::from_bits(b), RoundingMode::TiesToEven)
                .to_bits();
            (p ^ 0x8000_0000)
                .wrapping_add(rng.gen_range(0..3))
                .wrapping_sub(1)
        } else {
            interesting(&mut rng)
        };
        for ftz in [false, true] {
            let m = fma(a, b, c, ftz);
            let r = sf_fma(a, b, c, ftz);
            assert!(
                same(m, r),
                "fma({a:08x},{b:08x},{c:08x}) ftz={ftz}: {m:08x} vs {r:08x}"
            );
            let m = fmul(a, b, ftz);
            let r = sf_fma(a, b, NEG_ZERO, ftz);
            assert!(
                same(m, r),
                "mul({a:08x},{b:08x}) ftz={ftz}: {m:08x} vs {r:08x}"
            );
            let m = fadd(a, c, ftz);
            let r = if ftz {
                flush(
                    F32::from_bits(flush(a))
                        .add(F32::from_bits(flush(c)), RoundingMode::TiesToEven)
                        .to_bits(),
                )
            } else {
                F32::from_bits(a)
                    .add(F32::from_bits(c), RoundingMode::TiesToEven)
                    .to_bits()
            };
            assert!(
                same(m, r),
                "add({a:08x},{c:08x}) ftz={ftz}: {m:08x} vs {r:08x}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Refinement sequences on the MUFU model
// ---------------------------------------------------------------------------

#[test]
fn refinement_sequences_sample() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut n, mut rcp_ok, mut sqrt_ok) = (0u64, 0u64, 0u64);
    let mut sqrt_n = 0u64;
    while n < 300_000 {
        let x: u32 = rng.gen();
        if refine::rcp_fast_path(x) {
            n += 1;
            rcp_ok += (refine::rcp_rn_f32(x) == refine::rcp_exact(x)) as u64;
        }
        let y = x & 0x7FFF_FFFF;
        if refine::sqrt_fast_path(y) {
            sqrt_n += 1;
            sqrt_ok += (refine::sqrt_rn_f32(y) == refine::sqrt_exact(y)) as u64;
        }
    }
    let div = refine::sweep_div(300_000, 6);
    eprintln!(
        "rcp.rn {:.4} %, sqrt.rn {:.4} %, div.rn {:.4} % correctly rounded (samples)",
        100.0 * rcp_ok as f64 / n as f64,
        100.0 * sqrt_ok as f64 / sqrt_n as f64,
        div.percent()
    );
    assert_eq!(rcp_ok, n, "rcp.rn.f32 is correctly rounded on the sample");
    assert_eq!(
        sqrt_ok, sqrt_n,
        "sqrt.rn.f32 is correctly rounded on the sample"
    );
    assert_eq!(
        div.correct, div.count,
        "div.rn.f32: first wrong {:x?}",
        div.first_wrong
    );
}

#[test]
fn rcp_rn_f64_on_the_dfma_model() {
    use units::dfma::model::{fma as dfma, Rounding};
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut n, mut ok) = (0u64, 0u64);
    while n < 20_000 {
        let x: u64 = rng.gen::<u64>() & !(0x7FFu64 << 52) | (rng.gen_range(2..2045u64) << 52);
        n += 1;
        let y = refine::rcp_rn_f64(x, |a, b, c| dfma(a, b, c, Rounding::Rn));
        ok += (y == (1.0 / f64::from_bits(x)).to_bits()) as u64;
    }
    eprintln!("rcp.rn.f64: {ok}/{n} correctly rounded");
    assert_eq!(ok, n);
}

// ---------------------------------------------------------------------------
// Vector lines
// ---------------------------------------------------------------------------

#[test]
fn vector_lines() {
    let text = "# mufu vectors\nrcp 3f800000\nsin.abs.neg bf000000   # -|x|\n\nlg2 40000000\nrcp64h 40000000\n";
    let reqs = vectors::parse_file(text).unwrap();
    assert_eq!(reqs.len(), 4);
    let out: Vec<String> = reqs
        .iter()
        .map(|r| vectors::format_answer(r.expected()))
        .collect();
    assert_eq!(out[0], "3f800000");
    assert_eq!(
        out[1],
        vectors::format_answer(run(MufuFunc::Sin, 0xBF00_0000))
    );
    assert_eq!(out[2], "3f800000");
    assert_eq!(out[3], "3fe00000");
    for (line, field) in [
        ("rsqrt 3f800000", 1),
        ("rcp.abs.abs 3f800000", 1),
        ("rcp 3f8000001", 2),
        ("rcp 3g800000", 2),
        ("tanh", 2),
        ("tanh 00000000 1", 3),
    ] {
        let e = vectors::parse_line(line, 0).unwrap_err();
        assert_eq!(e.field, field, "{line}: {e}");
        assert!(e.to_string().contains(&format!("field {field}")));
    }
}

// ---------------------------------------------------------------------------
// SM90 instruction words
// ---------------------------------------------------------------------------

/// Assembles a word bit by bit from the seed's layout: `(first bit, width, value)`.
fn assemble(fields: &[(u32, u32, u64)]) -> u128 {
    let mut w = 0u128;
    for &(at, width, v) in fields {
        assert!(
            width == 64 || v >> width == 0,
            "value too wide for its field"
        );
        w |= (v as u128) << at;
    }
    w
}

#[test]
fn decode_register_form() {
    // @!P2 MUFU.RSQ R4, -|R7| with control fields set; layout from the seed's MUFU_R_R table.
    let w = assemble(&[
        (0, 12, 0x308),
        (12, 4, 0b1010),
        (16, 8, 4),
        (32, 8, 7),
        (62, 1, 1),
        (63, 1, 1),
        (74, 4, 5),
        (105, 4, 0xB),
        (109, 1, 1),
        (110, 3, 2),
        (113, 3, 6),
        (116, 6, 0b100101),
        (122, 4, 0b0011),
    ]);
    let i = decode::decode(w).unwrap();
    assert_eq!(i.form, Form::RR);
    assert_eq!((i.pred, i.pred_not, i.rd, i.sel), (2, true, 4, 5));
    assert_eq!(i.func(), Some(MufuFunc::Rsq));
    assert_eq!(
        i.src,
        Source::Reg {
            reg: 7,
            abs: true,
            neg: true
        }
    );
    assert_eq!(
        i.ctrl,
        Control {
            stall: 0xB,
            yield_hint: true,
            read_barrier: 2,
            write_barrier: 6,
            wait_mask: 0b100101,
            reuse: 0b0011
        }
    );
    assert!(!i.f16 && !i.bf16);
    assert_eq!(i.to_string(), "@!P2 MUFU.RSQ R4, -|R7| ;");
    assert_eq!(decode::encode(&i), w);
}

#[test]
fn decode_every_form_and_selector() {
    let ctrl = [(105, 4, 1u64), (110, 3, 7), (113, 3, 7)];
    type Case = (Vec<(u32, u32, u64)>, Form, Source);
    let cases: Vec<Case> = vec![
        (
            vec![(0, 12, 0x908), (32, 32, 0x3F80_0000)],
            Form::RF,
            Source::Imm(0x3F80_0000),
        ),
        (
            // bank 0b10011: bit 53 holds bit 0, bits 55..58 bits 1..4;
            // offset 0x2345: bits 40..52 the low 13 bits, bit 54 bit 13.
            vec![
                (0, 12, 0xB08),
                (53, 1, 1),
                (55, 4, 0b1001),
                (40, 13, 0x0345),
                (54, 1, 1),
            ],
            Form::RC,
            Source::Const {
                bank: 0b10011,
                offset: 0x2345,
            },
        ),
        (
            vec![(0, 12, 0xB08), (91, 1, 1), (32, 7, 5), (40, 15, 0x7FF0)],
            Form::RCx,
            Source::ConstUr {
                ur: 5,
                offset: 0x7FF0,
            },
        ),
        (
            vec![(0, 12, 0xD08), (91, 1, 1), (32, 7, 63), (63, 1, 1)],
            Form::RUr,
            Source::UReg {
                ur: 63,
                abs: false,
                neg: true,
            },
        ),
        (
            vec![(0, 12, 0x308), (32, 8, 255), (62, 1, 1)],
            Form::RR,
            Source::Reg {
                reg: 255,
                abs: true,
                neg: false,
            },
        ),
    ];
    for (fields, form, src) in cases {
        for sel in 0..16u64 {
            for (f16, bf16) in [(0, 0), (1, 0), (0, 1)] {
                let mut all = fields.clone();
                all.extend(ctrl);
                all.extend([
                    (12, 4, 0b0111),
                    (16, 8, 9),
                    (74, 4, sel),
                    (72, 1, f16),
                    (73, 1, bf16),
                ]);
                let w = assemble(&all);
                let i = decode::decode(w).unwrap_or_else(|e| panic!("{form:?}: {e}"));
                assert_eq!((i.form, i.src, i.rd, i.sel as u64), (form, src, 9, sel));
                assert_eq!((i.pred, i.pred_not), (7, false));
                assert_eq!((i.f16, i.bf16), (f16 == 1, bf16 == 1));
                assert_eq!(i.ctrl.stall, 1);
                assert_eq!(i.func().is_none(), sel >= 10);
                assert_eq!(decode::encode(&i), w, "{form:?} round trip");
            }
        }
    }
    let i = decode::decode(assemble(&[
        (0, 12, 0xD08),
        (12, 4, 7),
        (91, 1, 1),
        (32, 7, 3),
        (74, 4, 9),
    ]))
    .unwrap();
    assert_eq!(i.to_string(), "MUFU.TANH R0, UR3 ;");
    let i = decode::decode(assemble(&[(0, 12, 0xB08), (74, 4, 12), (16, 8, 255)])).unwrap();
    assert_eq!(i.to_string(), "@P0 MUFU.INVALID12 RZ, c[0x0][0x0] ;");
}

#[test]
fn decode_rejects_other_words() {
    assert_eq!(
        decode::decode(assemble(&[(0, 12, 0x223)])),
        Err(DecodeError::NotMufu {
            opcode: 0x223,
            bit91: 0
        })
    );
    // The R,R form has no bit-91 variant.
    assert!(matches!(
        decode::decode(assemble(&[(0, 12, 0x308), (91, 1, 1)])),
        Err(DecodeError::NotMufu { .. })
    ));
    // Bits the layout shows as 0.
    for (form_fields, bit) in [
        (vec![(0u32, 12u32, 0x308u64)], 24u32),
        (vec![(0, 12, 0x308)], 45),
        (vec![(0, 12, 0x908)], 80),
        (vec![(0, 12, 0xB08)], 33),
        (vec![(0, 12, 0xB08), (91, 1, 1)], 39),
        (vec![(0, 12, 0xB08), (91, 1, 1)], 62),
        (vec![(0, 12, 0xD08), (91, 1, 1)], 40),
        (vec![(0, 12, 0x308)], 126),
    ] {
        let mut f = form_fields.clone();
        f.push((bit, 1, 1));
        match decode::decode(assemble(&f)) {
            Err(DecodeError::ReservedBit { bit: b, .. }) => assert_eq!(b, bit),
            other => panic!("bit {bit}: {other:?}"),
        }
    }
    // Encoding keeps reserved bits clear for every form.
    for form in Form::ALL {
        let i = MufuInstr {
            form,
            pred: 0,
            pred_not: false,
            rd: 1,
            sel: 4,
            f16: false,
            bf16: false,
            src: match form {
                Form::RR => Source::Reg {
                    reg: 2,
                    abs: false,
                    neg: false,
                },
                Form::RF => Source::Imm(1),
                Form::RC => Source::Const { bank: 1, offset: 4 },
                Form::RCx => Source::ConstUr { ur: 1, offset: 4 },
                Form::RUr => Source::UReg {
                    ur: 1,
                    abs: true,
                    neg: false,
                },
            },
            ctrl: Control::default(),
        };
        assert_eq!(decode::decode(decode::encode(&i)), Ok(i));
    }
}

// ---------------------------------------------------------------------------
// Exhaustive sweeps (#[ignore]; run with --ignored --nocapture)
// ---------------------------------------------------------------------------

fn exhaustive(func: MufuFunc) {
    let t0 = std::time::Instant::now();
    let opt = Options {
        exhaustive: true,
        threads: 2,
        ..Options::default()
    };
    let r = measure(func, &opt);
    let rep = Report { funcs: vec![r] };
    eprintln!("{}({:.0?})", rep.to_table(), t0.elapsed());
    eprintln!("{}", rep.to_json());
    for w in &rep.funcs[0].worst {
        eprintln!(
            "  worst {:08x} -> {:08x} exact {:e} err {:e}",
            w.x, w.result, w.exact, w.err
        );
    }
    if let Ok(dir) = std::env::var("MUFU_SVG_DIR") {
        let path = format!("{dir}/mufu_{}.svg", func.name());
        std::fs::write(&path, accuracy::svg(&rep.funcs[0])).unwrap();
    }
    assert!(rep.funcs[0].meets_target(), "{}", rep.to_table());
}

#[test]
#[ignore]
fn exhaustive_rcp() {
    exhaustive(MufuFunc::Rcp);
}
#[test]
#[ignore]
fn exhaustive_rsq() {
    exhaustive(MufuFunc::Rsq);
}
#[test]
#[ignore]
fn exhaustive_sqrt() {
    exhaustive(MufuFunc::Sqrt);
}
#[test]
#[ignore]
fn exhaustive_ex2() {
    exhaustive(MufuFunc::Ex2);
}
#[test]
#[ignore]
fn exhaustive_lg2() {
    exhaustive(MufuFunc::Lg2);
}
#[test]
#[ignore]
fn exhaustive_sin() {
    exhaustive(MufuFunc::Sin);
}
#[test]
#[ignore]
fn exhaustive_cos() {
    exhaustive(MufuFunc::Cos);
}
#[test]
#[ignore]
fn exhaustive_tanh() {
    exhaustive(MufuFunc::Tanh);
}
#[test]
#[ignore]
fn exhaustive_rcp64h() {
    exhaustive(MufuFunc::Rcp64h);
}
#[test]
#[ignore]
fn exhaustive_rsq64h() {
    exhaustive(MufuFunc::Rsq64h);
}

#[test]
#[ignore]
fn refinement_rcp_every_normal() {
    let c = refine::sweep_unary(
        0,
        1 << 32,
        2,
        refine::rcp_fast_path,
        refine::rcp_rn_f32,
        refine::rcp_exact,
    );
    eprintln!(
        "rcp.rn.f32: {}/{} = {:.6} % correctly rounded, first wrong {:x?}",
        c.correct,
        c.count,
        c.percent(),
        c.first_wrong
    );
    assert_eq!(c.correct, c.count);
}

#[test]
#[ignore]
fn refinement_sqrt_every_normal() {
    let c = refine::sweep_unary(
        0,
        1 << 31,
        2,
        refine::sqrt_fast_path,
        refine::sqrt_rn_f32,
        refine::sqrt_exact,
    );
    eprintln!(
        "sqrt.rn.f32: {}/{} = {:.6} % correctly rounded, first wrong {:x?}",
        c.correct,
        c.count,
        c.percent(),
        c.first_wrong
    );
    assert_eq!(c.correct, c.count);
}

#[test]
#[ignore]
fn refinement_div_10m() {
    let c = refine::sweep_div(10_000_000, 0xD1D1);
    eprintln!(
        "div.rn.f32: {}/{} = {:.6} % correctly rounded, first wrong {:x?}",
        c.correct,
        c.count,
        c.percent(),
        c.first_wrong
    );
    assert_eq!(c.correct, c.count);
}

#[test]
#[ignore]
fn refinement_rcp_f64_1m() {
    use units::dfma::model::{fma as dfma, Rounding};
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let (mut n, mut ok) = (0u64, 0u64);
    while n < 1_000_000 {
        let x: u64 = rng.gen::<u64>() & !(0x7FFu64 << 52) | (rng.gen_range(2..2045u64) << 52);
        n += 1;
        let y = refine::rcp_rn_f64(x, |a, b, c| dfma(a, b, c, Rounding::Rn));
        ok += (y == (1.0 / f64::from_bits(x)).to_bits()) as u64;
    }
    eprintln!("rcp.rn.f64: {ok}/{n} correctly rounded");
    assert_eq!(ok, n);
}
