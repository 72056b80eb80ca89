//! Unit tests of the DFMA golden model.

use super::*;

fn f(x: f64) -> u64 {
    x.to_bits()
}

#[test]
fn window_constants_are_consistent() {
    assert_eq!(PROD_W, 106);
    assert_eq!(SUM_W, 164);
    assert_eq!(ADDEND_LEAD, 56);
    // The clamped addend's MSB plus one carry bit fills the window.
    assert_eq!(ADDEND_LSB_MAX + FRAC_W + 2, SUM_W);
}

#[test]
fn simple_values() {
    let rn = Rounding::Rn;
    assert_eq!(fma(f(1.0), f(2.0), f(-1.0), rn), f(1.0));
    assert_eq!(add(f(1.5), f(2.25), rn), f(3.75));
    assert_eq!(mul(f(-3.0), f(0.5), rn), f(-1.5));
    assert_eq!(
        fma(f(0.1), f(10.0), f(-1.0), rn),
        f(0.1f64.mul_add(10.0, -1.0))
    );
}

#[test]
fn zero_signs() {
    for rm in Rounding::ALL {
        let cancel = if rm == Rounding::Rm { SIGN_BIT } else { 0 };
        assert_eq!(add(f(1.0), f(-1.0), rm), cancel, "{rm:?}");
        assert_eq!(add(f(0.0), f(-0.0), rm), cancel, "{rm:?}");
        assert_eq!(add(f(-0.0), f(-0.0), rm), SIGN_BIT, "{rm:?}");
        assert_eq!(mul(f(-0.0), f(1.0), rm), SIGN_BIT, "{rm:?}");
        assert_eq!(mul(f(0.0), f(1.0), rm), 0, "{rm:?}");
        assert_eq!(mul(f(-0.0), f(-1.0), rm), 0, "{rm:?}");
    }
}

#[test]
fn nan_rules() {
    let qa = 0x7FF8_0000_0000_00AA;
    let sb = 0xFFF0_0000_0000_00BB;
    let qc = 0x7FF8_0000_0000_00CC;
    let inf = INFINITY;
    assert_eq!(fma(qa, sb, qc, Rounding::Rn), qc);
    assert_eq!(fma(qa, sb, f(1.0), Rounding::Rn), quiet(sb));
    assert_eq!(fma(qa, f(1.0), f(1.0), Rounding::Rn), qa);
    assert_eq!(fma(inf, 0, f(1.0), Rounding::Rn), DEFAULT_NAN);
    assert_eq!(fma(inf, 0, qc, Rounding::Rn), qc);
    assert_eq!(fma(inf, f(1.0), inf | SIGN_BIT, Rounding::Rn), DEFAULT_NAN);
    assert_eq!(min(qa, qc), MINMAX_NAN);
    assert_eq!(max(qa, f(-2.0)), f(-2.0));
    assert_eq!(min(f(0.0), f(-0.0)), f(-0.0));
    assert_eq!(max(f(-0.0), f(0.0)), f(0.0));
}

#[test]
fn modifiers_act_on_bits() {
    let nan = 0x7FF4_0000_0000_0001;
    assert_eq!(SrcMod::NEG.apply(nan), nan | SIGN_BIT);
    assert_eq!(SrcMod::ABS.apply(nan | SIGN_BIT), nan);
    assert_eq!(SrcMod::NEG_ABS.apply(nan), nan | SIGN_BIT);
    let op = DfmaOperation {
        c_mod: SrcMod::NEG,
        ..DfmaOperation::new(DfmaOp::Fma, Rounding::Rn, nan, f(1.0), f(1.0))
    };
    assert_eq!(execute(&op), DfmaResult::Value(quiet(nan)));
    let op = DfmaOperation {
        a_mod: SrcMod::NEG_ABS,
        ..DfmaOperation::new(DfmaOp::Add, Rounding::Rn, nan, f(1.0), 0)
    };
    assert_eq!(execute(&op), DfmaResult::Value(quiet(nan) | SIGN_BIT));
}

#[test]
fn overflow_per_mode() {
    let big = MAX_FINITE;
    assert_eq!(add(big, big, Rounding::Rn), INFINITY);
    assert_eq!(add(big, big, Rounding::Rz), MAX_FINITE);
    assert_eq!(add(big, big, Rounding::Rm), MAX_FINITE);
    assert_eq!(add(big, big, Rounding::Rp), INFINITY);
    let nbig = big | SIGN_BIT;
    assert_eq!(add(nbig, nbig, Rounding::Rm), INFINITY | SIGN_BIT);
    assert_eq!(add(nbig, nbig, Rounding::Rp), MAX_FINITE | SIGN_BIT);
}

#[test]
fn setp_basics() {
    let nan = 0x7FF8_0000_0000_0000;
    assert!(setp(Cmp::Eq, f(0.0), f(-0.0)));
    assert!(!setp(Cmp::Lt, f(-0.0), f(0.0)));
    assert!(!setp(Cmp::Ne, nan, f(1.0)));
    assert!(setp(Cmp::Neu, nan, f(1.0)));
    assert!(setp(Cmp::Lt, f(-1.0), f(0.0)));
    assert!(setp(Cmp::Nan, f(1.0), nan));
    assert!(!setp(Cmp::Num, f(1.0), nan));
    assert_eq!(Cmp::from_code(13), Some(Cmp::Nan));
    assert_eq!(Cmp::from_code(14), None);
}

#[test]
fn wide_shifts() {
    let x = Wide {
        hi: 0x5,
        lo: 0x8000_0000_0000_0000_0000_0000_0000_0001,
    };
    assert_eq!(x.shift_left(1), Wide { hi: 0xB, lo: 2 });
    assert_eq!(
        x.shift_right(1),
        Wide {
            hi: 0x2,
            lo: (1u128 << 127) | (1 << 126)
        }
    );
    assert_eq!(x.shr_jam(1).lo & 1, 1);
    assert_eq!(x.shr_jam(300), Wide { hi: 0, lo: 1 });
    assert_eq!(x.shift_right(128), Wide { hi: 0, lo: 5 });
    assert_eq!(x.shift_left(128), Wide { hi: 1, lo: 0 });
    assert_eq!(x.leading_zeros(), 61);
    assert_eq!(
        Wide::from_u128(1)
            .wrapping_sub(Wide::from_u128(2))
            .wrapping_add(Wide::from_u128(1)),
        Wide::ZERO
    );
}
