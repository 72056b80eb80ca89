//! The refinement sequences with their slow paths (units::mufu::slowpath):
//! rcp.rn, div.rn and sqrt.rn in binary32 and binary64 correctly rounded for
//! every operand class. CI runs a sample; the ignored tests are the report's
//! figures (docs/mufu-accuracy.md): 10^8 operands (pairs) per sequence, and
//! every binary32 operand of rcp.rn.f32 and sqrt.rn.f32.

use units::dfma::model::{fma as dfma, DEFAULT_NAN};
use units::fp::FloatFormat;
use units::mufu::refine;
use units::mufu::slowpath::{self, measure, PathCounts, Sequence};

fn report(seq: Sequence, c: &PathCounts, secs: f64) {
    let t = c.total();
    eprintln!(
        "{}: fast {}/{} slow {}/{} = {:.6} % correctly rounded ({secs:.1} s), first wrong {:x?}",
        seq.name(),
        c.fast.correct,
        c.fast.count,
        c.slow.correct,
        c.slow.count,
        t.percent(),
        t.first_wrong
    );
}

fn run(seq: Sequence, count: u64, seed: u64) {
    let start = std::time::Instant::now();
    let c = measure(seq, count, seed, 2);
    report(seq, &c, start.elapsed().as_secs_f64());
    assert!(c.fast.count > 0 && c.slow.count > 0, "both paths exercised");
    assert_eq!(c.total().correct, count, "{}: {c:x?}", seq.name());
}

#[test]
fn every_sequence_on_a_sample_of_every_class() {
    for seq in Sequence::ALL {
        let count = if seq == Sequence::SqrtF64 || seq == Sequence::DivF64 {
            30_000
        } else {
            100_000
        };
        run(seq, count, 0x5EED);
    }
}

#[test]
#[ignore]
fn every_sequence_100m() {
    for seq in Sequence::ALL {
        run(seq, 100_000_000, 0x10_000_000);
    }
}

#[test]
#[ignore]
fn rcp_rn_f32_every_operand() {
    exhaustive(Sequence::RcpF32);
}

#[test]
#[ignore]
fn sqrt_rn_f32_every_operand() {
    exhaustive(Sequence::SqrtF32);
}

fn exhaustive(seq: Sequence) {
    let start = std::time::Instant::now();
    let c = slowpath::exhaustive32(seq, 0, 1 << 32, 2);
    report(seq, &c, start.elapsed().as_secs_f64());
    assert_eq!(c.total().count, 1 << 32);
    assert_eq!(c.total().correct, 1 << 32);
}

/// The slow paths' hard cases, one by one: subnormal results that are
/// double-rounding ties after the unscale, the largest and smallest
/// operands, overflow to infinity.
#[test]
fn directed_slow_path_operands() {
    let f32s = |v: f32| v.to_bits();
    // Quotients just around half the smallest subnormal and around the ties
    // of the subnormal grid.
    let mut pairs = vec![];
    for k in 0..64u32 {
        for m in [0u32, 1, 0x40_0000, 0x3F_FFFF, 0x7F_FFFF, 0x55_5555] {
            let n = (k << 23) | m;
            for d in [
                f32s(3.0),
                f32s(1.5),
                f32s(0.75),
                0x7F7F_FFFF,
                0x7EFF_FFFF,
                0x7F00_0001,
            ] {
                pairs.push((n, d));
                pairs.push((n | 0x8000_0000, d));
            }
        }
    }
    for &(n, d) in &pairs {
        assert_eq!(
            slowpath::div_rn_f32(n, d),
            slowpath::div_ref32(n, d),
            "{n:08x} / {d:08x}"
        );
    }
    for x in [
        1u32,
        0x7F_FFFF,
        0x40_0000,
        0x0080_0000,
        0x7E80_0000,
        0x7EFF_FFFF,
        0x7F00_0000,
        0x7F7F_FFFF,
        0x0020_0000,
        0x0020_0001,
    ] {
        for x in [x, x | 0x8000_0000] {
            assert_eq!(
                slowpath::rcp_rn_f32(x),
                slowpath::rcp_ref32(x),
                "rcp {x:08x}"
            );
            assert_eq!(
                slowpath::sqrt_rn_f32(x),
                slowpath::sqrt_ref32(x),
                "sqrt {x:08x}"
            );
        }
    }
    // Binary64: the same corners.
    let f64_ops = [
        1u64,
        0x000F_FFFF_FFFF_FFFF,
        0x0008_0000_0000_0000,
        0x0010_0000_0000_0000,
        0x7FE0_0000_0000_0000,
        0x7FEF_FFFF_FFFF_FFFF,
        0x7FD0_0000_0000_0001,
        0x3FF8_0000_0000_0000,
        0x4008_0000_0000_0000,
    ];
    for &a in &f64_ops {
        for a in [a, a | 1 << 63] {
            let x = f64::from_bits(a);
            assert!(
                slowpath::same64(slowpath::rcp_rn_f64(a, dfma), 1.0 / x),
                "rcp {a:016x}"
            );
            assert!(
                slowpath::same64(slowpath::sqrt_rn_f64(a, dfma), x.sqrt()),
                "sqrt {a:016x}"
            );
            for &b in &f64_ops {
                let y = f64::from_bits(b);
                assert!(
                    slowpath::same64(slowpath::div_rn_f64(a, b, dfma), x / y),
                    "{a:016x} / {b:016x}"
                );
            }
        }
    }
}

/// The binary64 NaN rule of the slow path: the DFMA's (the divisor's NaN
/// first, quieted; invalid operations give the default NaN).
#[test]
fn binary64_nans_follow_the_dfma_rule() {
    let snan = 0x7FF0_0000_0000_0001u64;
    let qnan = 0xFFF8_0000_0000_0002u64;
    assert_eq!(slowpath::div_rn_f64(snan, qnan, dfma), qnan);
    assert_eq!(slowpath::div_rn_f64(snan, 0, dfma), 0x7FF8_0000_0000_0001);
    assert_eq!(
        slowpath::div_rn_f64(0x7FF0_0000_0000_0000, 0xFFF0_0000_0000_0000, dfma),
        DEFAULT_NAN
    );
    assert_eq!(slowpath::sqrt_rn_f64(snan, dfma), 0x7FF8_0000_0000_0001);
    assert_eq!(
        slowpath::sqrt_rn_f64(0x8000_0000_0000_0001, dfma),
        DEFAULT_NAN
    );
}

/// sqrt.rn.f64's and div.rn.f64's fast sequences alone, on their fast paths
/// (uniform exponents inside the guard), and that outside each guard the fast
/// sequence does fail somewhere (the guard is needed).
#[test]
fn binary64_fast_sequences_on_their_fast_paths() {
    let mut s = 0x1234_5678u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let (mut n_sqrt, mut n_div) = (0, 0);
    while n_sqrt < 20_000 || n_div < 20_000 {
        let a = next() >> 1;
        if refine::sqrt_fast_path64(a) && n_sqrt < 20_000 {
            n_sqrt += 1;
            assert!(
                slowpath::same64(refine::sqrt_rn_f64(a, dfma), f64::from_bits(a).sqrt()),
                "sqrt {a:016x}"
            );
        }
        let b = next();
        if refine::div_fast_path64(a, b) && n_div < 20_000 {
            n_div += 1;
            assert!(
                slowpath::same64(
                    refine::div_rn_f64(a, b, dfma),
                    f64::from_bits(a) / f64::from_bits(b)
                ),
                "{a:016x} / {b:016x}"
            );
        }
    }
}

/// Just above rcp.rn.f64's guard (1/x subnormal) the fast sequence goes
/// wrong for some operands: the RCP64H seed is flushed there.
#[test]
fn rcp_rn_f64_guard_is_needed() {
    let f64fmt = FloatFormat::F64;
    let mut s = 0x9999u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    // rcp: biased exponent 2045 (1/x subnormal).
    let wrong_rcp = (0..1000).any(|_| {
        let x = f64fmt.pack(false, 2045, next());
        refine::rcp_rn_f64(x, |a, b, c| dfma(a, b, c, units::fp::Rounding::Rn))
            != (1.0 / f64::from_bits(x)).to_bits()
    });
    assert!(
        wrong_rcp,
        "rcp.rn.f64 fails somewhere at exponent field 2045"
    );
}
