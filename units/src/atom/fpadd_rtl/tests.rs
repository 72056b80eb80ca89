//! The adder alone at every depth, in every format, against [`crate::atom::fpadd::fp_add`].

use super::super::fpadd::{fp_add, Subnormals, BF16, F16, F32, F64};
use super::super::model::{F32_CANONICAL_NAN, F64_INVALID_NAN, HALF_CANONICAL_NAN};
use super::*;
use crate::unit::{to_bits, xorshift};

/// Operand values that exercise every path of `fmt`: zeros, subnormal and
/// normal extremes, infinities, quiet and signalling NaNs with payloads,
/// values around 1 and 2 (cancellation), both signs.
fn specials(fmt: FloatFormat) -> Vec<u64> {
    let m = fmt.man_bits;
    let frac = fmt.man_mask();
    let one = (fmt.exp_max() >> 1) << m;
    let mut v = vec![
        0,
        1,
        frac,
        frac - 1,
        1 << m,
        (1 << m) | 1,
        (fmt.exp_max() - 1) << m | frac,
        (fmt.exp_max() - 1) << m,
        fmt.exp_max() << m,
        fmt.exp_max() << m | fmt.quiet_bit(),
        fmt.exp_max() << m | fmt.quiet_bit() | 5,
        fmt.exp_max() << m | 1,
        fmt.exp_max() << m | (frac >> 1) ^ 3,
        one,
        one | 1,
        one - 1,
        one + (1 << m),
        one + (1 << m) - 1,
        (2 << m) | 1,
        2 << m,
        (1 << m) - 7,
        // Half an ulp of the largest finite value, around it (rounding to Inf),
        // and the largest value one exponent below the top.
        (fmt.exp_max() - 2 - u64::from(m)) << m,
        (fmt.exp_max() - 2 - u64::from(m)) << m | 1,
        ((fmt.exp_max() - 2 - u64::from(m)) << m) - 1,
        (fmt.exp_max() - 2) << m | frac,
        (fmt.exp_max() - 3 - u64::from(m)) << m | 1,
    ];
    for x in v.clone() {
        v.push(x | fmt.sign_mask());
    }
    v
}

/// A random operand: uniform bits, or a value near `near` (close operands
/// that cancel or round), or one with a small exponent (subnormal results).
fn random_operand(fmt: FloatFormat, near: u64, state: &mut u64) -> u64 {
    let r = xorshift(state);
    let x = match r % 4 {
        0 => r >> 8,
        1 => near ^ (r >> 40) ^ ((r >> 20) & 1) << (fmt.width() - 1),
        2 => (r >> 8) & !(fmt.exp_max() << fmt.man_bits) | ((r >> 3) & 3) << fmt.man_bits,
        _ => near.wrapping_add((r >> 60) & 7) ^ (((r >> 7) & 1) << (fmt.width() - 1)),
    };
    x & fmt.mask()
}

fn vectors(fmt: FloatFormat, seed: u64, random: usize) -> Vec<(u64, u64)> {
    let sp = specials(fmt);
    let mut v: Vec<(u64, u64)> = Vec::new();
    for &a in &sp {
        for &b in &sp {
            v.push((a, b));
        }
    }
    let mut state = seed;
    for _ in 0..random {
        let a = random_operand(fmt, xorshift(&mut state) & fmt.mask(), &mut state);
        let b = random_operand(fmt, a, &mut state);
        v.push((a, b));
    }
    v
}

/// Drives a pipe one operand pair per clock and checks each result
/// `phases − 1` clocks after its operands against the golden model.
fn check<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
>(
    fmt: FloatFormat,
    nan: NanRule,
    phases: usize,
    flush: bool,
    seed: u64,
) {
    let mut uut = FpAddPipe::<W, E, M, P, A, Z, X>::with_phases(fmt, nan, phases);
    assert_eq!(uut.phases(), phases);
    uut.connect_all();
    let settle = |uut: &mut FpAddPipe<W, E, M, P, A, Z, X>| {
        assert!(simulate(uut, 1000), "logic did not settle");
    };
    uut.clock.next = Clock { clk: false };
    settle(&mut uut);
    let vecs = vectors(fmt, seed, 3000);
    let lat = phases - 1;
    let mode = if flush {
        Subnormals::Flush
    } else {
        Subnormals::Keep
    };
    for cycle in 0..vecs.len() + lat {
        let (a, b) = vecs.get(cycle).copied().unwrap_or((0, 0));
        uut.a.next = to_bits(u128::from(a));
        uut.b.next = to_bits(u128::from(b));
        uut.flush.next = flush;
        uut.clock.next = Clock { clk: false };
        settle(&mut uut);
        if cycle >= lat {
            let (a, b) = vecs[cycle - lat];
            let want = fp_add(fmt, a, b, mode, nan);
            let got = uut.result.val().to_u64();
            assert_eq!(
                got, want,
                "{fmt:?} phases {phases} flush {flush}: {a:#x} + {b:#x} = {got:#x}, want {want:#x}"
            );
        }
        uut.clock.next = Clock { clk: true };
        settle(&mut uut);
    }
}

const F64_NAN: NanRule = NanRule::PropagateLast {
    invalid: F64_INVALID_NAN,
};

#[test]
fn fpadd_f64_matches_the_model_at_every_depth() {
    for phases in 2..=MAX_PHASES {
        check::<64, 11, 52, 53, 56, 57, 12>(F64, F64_NAN, phases, false, 11 + phases as u64);
    }
}

#[test]
fn fpadd_f32_matches_the_model_at_every_depth_flushing_or_not() {
    for phases in 2..=MAX_PHASES {
        for flush in [false, true] {
            check::<32, 8, 23, 24, 27, 28, 9>(
                F32,
                NanRule::Canonical(F32_CANONICAL_NAN),
                phases,
                flush,
                21 + phases as u64 + u64::from(flush),
            );
        }
    }
}

#[test]
fn fpadd_f16_matches_the_model_at_every_depth() {
    for phases in 2..=MAX_PHASES {
        check::<16, 5, 10, 11, 14, 15, 6>(
            F16,
            NanRule::Canonical(HALF_CANONICAL_NAN),
            phases,
            false,
            31 + phases as u64,
        );
    }
}

#[test]
fn fpadd_bf16_matches_the_model_at_every_depth() {
    for phases in 2..=MAX_PHASES {
        check::<16, 8, 7, 8, 11, 12, 9>(
            BF16,
            NanRule::Canonical(HALF_CANONICAL_NAN),
            phases,
            false,
            41 + phases as u64,
        );
    }
}

#[test]
fn fpadd_aliases_and_phase_counts() {
    assert_eq!(F64AddPipe::new(F64, F64_NAN).phases(), 2);
    assert_eq!(
        F32AddPipe::with_phases(F32, NanRule::Canonical(0), 3).phases(),
        3
    );
    assert_eq!(
        F16AddPipe::with_phases(F16, NanRule::Canonical(0), 4).phases(),
        4
    );
    assert_eq!(Bf16AddPipe::new(BF16, NanRule::Canonical(0)).phases(), 2);
}

#[test]
#[should_panic(expected = "phases must be 2 to 10")]
fn fpadd_rejects_one_phase() {
    let _ = F64AddPipe::with_phases(F64, F64_NAN, 1);
}
