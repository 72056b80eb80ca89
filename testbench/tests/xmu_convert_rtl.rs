//! The XMU conversion RTL (`units::xmu::rtl`) against the golden model
//! (`units::xmu::convert`, itself checked against SoftFloat and exact
//! rationals in `xmu_convert_model.rs`), in every engine: rust-hdl driven
//! directly, rust-hdl's `Simulation` harness (with a VCD), the exported
//! Verilog in Verilator and in Icarus Verilog; cycle-for-cycle equality
//! between engines; the lint policy; the example vector file.
//!
//! Operations: every one of the 1,066 conversions the vector format can
//! express (each op × format × rounding × flag combination) with directed
//! operands (±0, subnormals, ±∞, NaNs with payloads, halfway cases, the
//! integer types' limits and the float values around them) and seeded
//! random ones biased toward ties, near-ties, exponent edges and few
//! significant bits; bit operations mixed in.
//!
//! Long runs (timings printed):
//! `cargo test --release -p testbench --test xmu_convert_rtl -- --ignored --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use testbench::engines::{run_ops, Engine};
use testbench::reference::{random_float, random_integer};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{check_against_model, numbered, LineOp};
use units::fp::FloatFormat;
use units::unit::UnitCodec;
use units::xmu::bitops::BitOp;
use units::xmu::codec::{line, model, result_bits, XmuCodec};
use units::xmu::convert::{ConvertOp, FloatType, IntType};
use units::xmu::rtl::control::XmuOp;

// ================================================================ operands

/// The source format of an operation's operand(s), for the generators.
enum Source {
    Float(FloatFormat),
    Int(IntType),
}

fn source(op: &ConvertOp) -> Source {
    match *op {
        ConvertOp::Frnd { ty: src, .. }
        | ConvertOp::F2f { src, .. }
        | ConvertOp::F2i { src, .. } => Source::Float(src.format()),
        ConvertOp::I2f { src, .. } | ConvertOp::I2i { src, .. } => Source::Int(src),
        ConvertOp::F2fpPacked { .. } | ConvertOp::F2fp8 { .. } => {
            Source::Float(FloatType::F32.format())
        }
    }
}

/// An encoding from sign, unbiased exponent (clamped to the normal range) and
/// mantissa field.
fn make(fmt: FloatFormat, sign: bool, e: i32, man: u64) -> u64 {
    let biased = (e + fmt.bias()).clamp(1, (1 << fmt.exp_bits) - 2) as u64;
    fmt.pack(sign, biased, man)
}

/// Directed float operands: zeros, subnormal edges, ±∞, NaNs (quiet and
/// signalling, payloads at both ends), 0.5/1/1.5/2.5, the largest finite
/// number, the values around every integer type's limits and around every
/// smaller format's range (overflow, underflow, smallest subnormal ties),
/// and ties at every smaller format's precision.
fn directed_floats(fmt: FloatFormat) -> Vec<u64> {
    let m = fmt.man_bits;
    let man_mask = fmt.man_mask();
    let mut v = Vec::new();
    for sign in [false, true] {
        let s = fmt.zero(sign);
        v.extend([
            s,
            s | 1,
            s | man_mask,
            s | (1 << (m - 1)),
            s | fmt.min_normal(),
            s | fmt.exp_mask(),
            s | fmt.exp_mask() | fmt.quiet_bit(),
            s | fmt.exp_mask() | 1,
            s | fmt.exp_mask() | man_mask,
            s | fmt.exp_mask() | fmt.quiet_bit() | 1,
            fmt.max_finite(sign),
            make(fmt, sign, 0, 0),
            make(fmt, sign, -1, 0),
            make(fmt, sign, -1, 1),
            make(fmt, sign, -2, man_mask),
            make(fmt, sign, 0, 1 << (m - 1)),
            make(fmt, sign, 1, 1 << (m - 2)),
            make(fmt, sign, 1, 3 << (m - 2)),
        ]);
        // Integer limits: 2^k − ulp, 2^k, 2^k + ulp, and 2^k − 0.5.
        for k in [7, 8, 15, 16, 31, 32, 63, 64, 65] {
            v.push(make(fmt, sign, k, 0));
            v.push(make(fmt, sign, k, 1));
            v.push(make(fmt, sign, k - 1, man_mask));
            if (k as u32) < m {
                // 2^k − 0.5 = 2^(k−1) · (2 − 2^(1−k)): a tie for F2I.
                v.push(make(
                    fmt,
                    sign,
                    k - 1,
                    man_mask & !((1u64 << (m - k as u32)) - 1),
                ));
            }
        }
        // Other formats' ranges and precisions.
        for other in [
            FloatFormat::F16,
            FloatFormat::BF16,
            FloatFormat::F32,
            FloatFormat::E4M3,
            FloatFormat::E5M2,
        ] {
            for e in [
                other.emax(),
                other.emax() + 1,
                other.emin(),
                other.emin() - 1,
                other.subnormal_lsb_exp(),
                other.subnormal_lsb_exp() - 1,
                other.subnormal_lsb_exp() - 2,
            ] {
                for man in [0, man_mask, 1 << (m - 1), (1 << (m - 1)) | 1] {
                    v.push(make(fmt, sign, e, man));
                }
            }
            if other.man_bits < m {
                let tie = 1u64 << (m - other.man_bits - 1);
                for man in [
                    tie,
                    tie | (1 << (m - other.man_bits)),
                    tie - 1,
                    tie + 1,
                    man_mask,
                ] {
                    v.push(make(fmt, sign, 0, man));
                }
            }
        }
    }
    v
}

/// Directed integer operands: 0, ±1, the limits of every type, powers of
/// two and their neighbours, values with a tie at f16/bf16/f32/f64
/// precision.
fn directed_ints(t: IntType) -> Vec<u64> {
    let mask = t.mask();
    let mut v = vec![0, 1, 2, 3, mask, mask - 1];
    for limit in IntType::ALL {
        for delta in [-1i128, 0, 1] {
            v.push(((limit.max() + delta) as u64) & mask);
            v.push(((limit.min() + delta) as u64) & mask);
        }
    }
    for k in 0..t.bits() {
        let p = 1u64 << k;
        v.extend([p, p.wrapping_sub(1), p + 1, p.wrapping_neg() & mask]);
    }
    for p in [8u32, 11, 24, 53] {
        for k in p + 1..t.bits() {
            // A tie at precision p: p significant bits, then a one half ulp down.
            let top = (1u64 << (k - 1)) | (1u64 << (k - p));
            v.push((top | (1u64 << (k - p - 1))) & mask);
            v.push(((top | (1u64 << (k - p - 1))) + 1) & mask);
        }
    }
    v
}

fn random_operand(r: &mut ChaCha8Rng, op: &ConvertOp) -> u64 {
    match source(op) {
        Source::Float(fmt) => random_float(r, fmt),
        Source::Int(t) => random_integer(r, t.bits()),
    }
}

fn directed_operands(op: &ConvertOp) -> Vec<u64> {
    match source(op) {
        Source::Float(fmt) => directed_floats(fmt),
        Source::Int(t) => directed_ints(t),
    }
}

// ================================================================ operations

/// A generated operation: the op and its operands.
#[derive(Clone, Copy)]
struct Case {
    op: XmuOp,
    x: u64,
    y: u64,
}

/// Every conversion with `per_op` random operands each, plus directed
/// operands of its source format: all of them (`directed = None`) or
/// `Some(k)` drawn at random (every directed value is still drawn for many
/// ops); bit operations mixed in at one in eight; shuffled so that
/// neighbours differ.
fn cases(per_op: usize, directed: Option<usize>, seed: u64) -> Vec<Case> {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let mut list = Vec::new();
    for op in ConvertOp::all() {
        let xs = directed_operands(&op);
        let picks: Vec<usize> = match directed {
            None => (0..xs.len()).collect(),
            Some(k) => (0..k).map(|_| r.gen_range(0..xs.len())).collect(),
        };
        for i in picks {
            // F2FP.x2 pairs each directed value with another one.
            let y = xs[r.gen_range(0..xs.len())];
            list.push(Case {
                op: XmuOp::Convert(op),
                x: xs[i],
                y,
            });
        }
        for _ in 0..per_op {
            let x = random_operand(&mut r, &op);
            let y = random_operand(&mut r, &op);
            list.push(Case {
                op: XmuOp::Convert(op),
                x,
                y,
            });
        }
    }
    let bit_ops = list.len() / 8;
    for _ in 0..bit_ops {
        let op = BitOp::ALL[r.gen_range(0..BitOp::ALL.len())];
        let x: u32 = r.gen::<u32>() >> r.gen_range(0..32);
        list.push(Case {
            op: XmuOp::Bit(op),
            x: x as u64,
            y: 0,
        });
    }
    // Fisher–Yates with the same generator: deterministic.
    for i in (1..list.len()).rev() {
        let j = r.gen_range(0..=i);
        list.swap(i, j);
    }
    list
}

/// Random operations from one op family only (for the long runs).
fn family_cases(family: fn(&ConvertOp) -> bool, count: usize, seed: u64) -> Vec<Case> {
    let ops: Vec<ConvertOp> = ConvertOp::all().into_iter().filter(family).collect();
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let op = ops[r.gen_range(0..ops.len())];
            Case {
                op: XmuOp::Convert(op),
                x: random_operand(&mut r, &op),
                y: random_operand(&mut r, &op),
            }
        })
        .collect()
}

/// The cases as numbered vector lines, through the codec's parser (so that
/// the vector-line spelling and the port encoding are exercised too).
fn line_ops(cases: &[Case]) -> Vec<LineOp> {
    let codec = XmuCodec;
    numbered(
        cases
            .iter()
            .map(|c| {
                let text = line(&c.op, c.x, c.y);
                let op = codec.parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                (text, op)
            })
            .collect(),
    )
}

/// Runs through an engine and compares every answer with the model,
/// reporting the first mismatches with the expected value.
fn run_and_check(
    engine: Engine,
    cases: &[Case],
    gaps: Gaps,
) -> Vec<testbench::stream::Observation> {
    let list = line_ops(cases);
    let obs = run_ops("xmu", engine, &list, gaps, None).unwrap();
    assert_eq!(obs.len(), list.len(), "one answer per operation");
    let mut bad = Vec::new();
    for (o, c) in obs.iter().zip(cases) {
        let bits = result_bits(&c.op);
        let got = (o.outputs[2] as u64) & (u64::MAX >> (64 - bits));
        let want = model(&c.op, c.x, c.y);
        if got != want {
            bad.push(format!(
                "{}: rtl {got:x}, model {want:x}",
                line(&c.op, c.x, c.y)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} mismatches ({}), first:\n{}",
        bad.len(),
        cases.len(),
        engine.name(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
    check_against_model(&mut XmuCodec, &list, &obs).unwrap();
    obs
}

// ================================================================ tests

/// An op family: its name and membership test.
type Family = (&'static str, fn(&ConvertOp) -> bool);

/// The op families of the long runs.
const FAMILIES: [Family; 6] = [
    ("frnd", |o| matches!(o, ConvertOp::Frnd { .. })),
    ("f2f", |o| matches!(o, ConvertOp::F2f { .. })),
    ("f2i", |o| matches!(o, ConvertOp::F2i { .. })),
    ("i2f", |o| matches!(o, ConvertOp::I2f { .. })),
    ("i2i", |o| matches!(o, ConvertOp::I2i { .. })),
    ("f2fp", |o| {
        matches!(o, ConvertOp::F2fpPacked { .. } | ConvertOp::F2fp8 { .. })
    }),
];

#[test]
fn rtl_matches_model_on_every_conversion_directed_and_random() {
    let t = Instant::now();
    // 1,066 conversions × (8 directed + 3 random) + bit ops ≈ 13.2 k.
    let list = cases(3, Some(8), 1);
    let n = list.len();
    let obs = run_and_check(Engine::RustHdl, &list, Gaps::None);
    // One operation per clock: the last answer LATENCY cycles after the last op.
    assert_eq!(
        obs.last().unwrap().cycle,
        n as u64 - 1 + units::xmu::rtl::LATENCY as u64
    );
    eprintln!("{n} operations in {:.1?}", t.elapsed());
}

#[test]
fn rtl_matches_model_with_random_gaps() {
    let list = cases(1, Some(1), 2);
    let gaps = Gaps::Random {
        percent: 30,
        max: 3,
        seed: 3,
    };
    run_and_check(Engine::RustHdl, &list[..2_000], gaps);
}

/// The other pipeline depths (`xmu_d<N>`, registers placed by
/// `stage_plan`) compute the same answers, each `depth` clocks after its
/// operation: rust-hdl driven directly on a slice of the cases, bit
/// operations included.
#[test]
fn every_depth_matches_model_after_exactly_its_latency() {
    let list = cases(1, Some(1), 4);
    let list = &list[..1_500];
    let ops = line_ops(list);
    let plain: Vec<_> = ops.iter().map(|o| o.op.clone()).collect();
    let stim = testbench::stream::stimuli(&plain, Gaps::None);
    for depth in [1, 3, 5, 8, 10, 12, 14] {
        let info = units::xmu::codec::info_at(format!("xmu_d{depth}"), depth);
        let mut uut = units::xmu::rtl::Xmu::new(depth);
        assert_eq!(uut.depth(), depth);
        let obs = testbench::direct::run(&mut uut, &info, &stim);
        assert_eq!(
            obs.len(),
            list.len(),
            "depth {depth}: one answer per operation"
        );
        assert_eq!(
            obs.last().unwrap().cycle,
            list.len() as u64 - 1 + depth as u64,
            "depth {depth}"
        );
        for (o, c) in obs.iter().zip(list) {
            let bits = result_bits(&c.op);
            let got = (o.outputs[2] as u64) & (u64::MAX >> (64 - bits));
            let want = model(&c.op, c.x, c.y);
            assert_eq!(
                got,
                want,
                "depth {depth}: {}: rtl {got:x}, model {want:x}",
                line(&c.op, c.x, c.y)
            );
        }
    }
}

/// ≥ 100 k random operations per op family (six families, one thread each
/// while cores last), rust-hdl driven directly (≈ 1.3 k ops/s per thread).
#[test]
#[ignore]
fn rtl_matches_model_long_run_per_family() {
    let t = Instant::now();
    std::thread::scope(|s| {
        for (k, (name, family)) in FAMILIES.iter().enumerate() {
            s.spawn(move || {
                let t = Instant::now();
                let list = family_cases(*family, 100_000, 100 + k as u64);
                run_and_check(Engine::RustHdl, &list, Gaps::None);
                eprintln!("{name}: 100000 operations in {:.1?}", t.elapsed());
            });
        }
    });
    eprintln!("all families in {:.1?}", t.elapsed());
}

/// Every conversion × every directed operand of its source format, plus
/// random ones (≈ 0.5 M operations), in Verilator; the first 3 k also
/// through rust-hdl, cycle for cycle.
#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("xmu verilator", &["verilator"]).is_none() {
        return;
    }
    let t = Instant::now();
    let list = cases(8, None, 7);
    let gaps = Gaps::Random {
        percent: 10,
        max: 4,
        seed: 8,
    };
    run_and_check(Engine::Verilator, &list, gaps);
    let head = line_ops(&list[..3_000]);
    let verilated = run_ops("xmu", Engine::Verilator, &head, gaps, None).unwrap();
    let direct = run_ops("xmu", Engine::RustHdl, &head, gaps, None).unwrap();
    assert_eq!(verilated, direct);
    eprintln!("{} operations in {:.1?}", list.len(), t.elapsed());
}

/// Over a million operations in Verilator (each family and the directed
/// cross product).
#[test]
#[ignore]
fn verilator_matches_model_on_a_million_operations() {
    if require("xmu verilator", &["verilator"]).is_none() {
        return;
    }
    let t = Instant::now();
    let mut list = cases(200, None, 20);
    for (k, (_, family)) in FAMILIES.iter().enumerate() {
        list.extend(family_cases(*family, 100_000, 30 + k as u64));
    }
    assert!(list.len() >= 1_000_000, "{}", list.len());
    run_and_check(Engine::Verilator, &list, Gaps::None);
    eprintln!("{} operations in {:.1?}", list.len(), t.elapsed());
}

/// Every spelling INTERFACES.md and the parser accept reaches the right
/// operation: canonical mnemonics of all 1,066 conversions (round trip),
/// case, modifier order, `i2fp`, the explicit `.rn` of FP8, the examples.
#[test]
fn every_sass_spelling_is_accepted_and_decodes_to_its_operation() {
    let codec = XmuCodec;
    for op in ConvertOp::all() {
        let text = line(&XmuOp::Convert(op), 0, 0);
        let parsed = codec.parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            units::xmu::rtl::control::decode(parsed.inputs[0] as u32),
            Some(XmuOp::Convert(op)),
            "{text}"
        );
        let upper = codec.parse(&text.to_ascii_uppercase()).unwrap();
        assert_eq!(upper, parsed, "{text} in upper case");
    }
    let same = [
        ("i2fp.f32.s32.rz 00000001", "i2f.f32.s32.rz 00000001"),
        (
            "f2f.f16.f32.sat.ftz.rm 3f800000",
            "f2f.f16.f32.rm.ftz.sat 3f800000",
        ),
        ("f2f.f16.f32 3f800000", "f2f.f16.f32.rn 3f800000"),
        (
            "f2i.s32.f32.ntz.ftz.trunc 3fc00000",
            "f2i.s32.f32.trunc.ftz.ntz 3fc00000",
        ),
        (
            "f2fp.e4m3.f32.rn.satfinite 3f800000",
            "f2fp.e4m3.f32.satfinite 3f800000",
        ),
        ("frnd.f32.ftz.floor 3fc00000", "frnd.f32.floor.ftz 3fc00000"),
        ("FLO.S32.SH 80000000", "flo.s32.sh 80000000"),
    ];
    for (a, b) in same {
        assert_eq!(
            codec.parse(a).unwrap(),
            codec.parse(b).unwrap(),
            "{a} vs {b}"
        );
    }
    let mut model = XmuCodec;
    for (text, want) in [
        ("f2i.s32.f32.trunc 3fc00000", "00000001"),
        ("f2f.f16.f32.rn 3f800000", "3c00"),
        ("popc 0000ffff", "00000010"),
        ("flo.s32 80000000", "0000001e"),
        ("flo.s32.sh 80000000", "00000001"),
    ] {
        let op = codec.parse(text).unwrap();
        assert_eq!(model.model(&op).unwrap(), want, "{text}");
    }
    for bad in [
        "f2f.f16.f32.rn.rz 3f800000",
        "f2f.f16.f32 3f80",
        "f2fp.e4m3.f32 3f800000",
        "i2f.f32.s32.ftz 00000001",
        "frnd.f16 3c00",
        "f2fp.f16x2.f32 3f800000",
        "cvt 00000000",
    ] {
        assert!(codec.parse(bad).is_err(), "{bad} must be rejected");
    }
}
