//! The SFU golden model (`units::sfu::model`) against references:
//!
//! * the 13 approximations against exact math (`units::sfu::accuracy`):
//!   every binary16 input of the seven f16 forms (faithful, and ≥ 99.9 %
//!   correctly rounded for rcp/rsq/sqrt/exp2/log2), a sample of the six f32
//!   forms with subnormal operands and exp2's subnormal results, and bit
//!   equality with the MUFU on the MUFU's domain (so the SFU is exactly as
//!   accurate there as docs/mufu-accuracy.md says);
//! * every special value of SPEC-G3 §5 per form, with the flush bits on and
//!   off, for the f32, f16 and f64 forms;
//! * rcp.f32 against Berkeley SoftFloat (`f32_div(1, x)`) in all five modes
//!   with SPEC-G3 §1's layer (canonical NaN, DAZ, FTZ); rcp.f64 against
//!   SoftFloat's `f64_div` in RNE;
//! * rsq.f64's relative error checked exactly (r²·x against 1 in big
//!   integers) against the 2^-50 target;
//! * the divide group equals `divsqrt::model::execute` (verified in
//!   `divsqrt_model.rs`).
//!
//! Long runs (every f32 input of the approximations, every binary32 rcp in
//! every mode, 10 M rcp.f64 and rsq.f64):
//! `cargo test --release -p testbench --test sfu_model -- --ignored --nocapture`.

use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{Float, F32 as SF32, F64 as SF64};
use testbench::riscv_reference::{daz, sf_mode, softfloat, spec_layer};
use units::fp::ieee::OF;
use units::mufu::accuracy::Options;
use units::mufu::model::eval as mufu_eval;
use units::sfu::accuracy::{self, func_format, measure, reference, round_to, FORMS};
use units::sfu::model::{execute, Answer, Mode, Path, Rm, SfuOp, DZ, F16, F32, F64, NV};

fn ans(result: u64, flags: u8) -> Answer {
    Answer { result, flags }
}

/// Every combination of the four flush bits.
fn flush_modes() -> Vec<Mode> {
    (0..16)
        .map(|i| Mode {
            daz32: i & 1 != 0,
            ftz32: i & 2 != 0,
            daz64: i & 4 != 0,
            ftz64: i & 8 != 0,
            ..Mode::default()
        })
        .collect()
}

fn is_f16(op: SfuOp) -> bool {
    op.width() == 16
}

// ===================================================================== accuracy

#[test]
fn every_f16_form_is_faithful_on_every_input() {
    let start = std::time::Instant::now();
    for op in FORMS.into_iter().filter(|&op| is_f16(op)) {
        let r = measure(op, &Options::default());
        let name = op.mnemonic();
        // Every finite non-special operand measured: 65,536 minus NaNs,
        // infinities, zeros (and negatives for rsq/sqrt/log2).
        let specials = 2 * 1024 + 2;
        let expected = match op {
            SfuOp::RsqF16 | SfuOp::SqrtF16 | SfuOp::Log2F16 => (65536 - specials) / 2,
            _ => 65536 - specials,
        };
        assert_eq!(r.all.count + r.overflow, expected as u64, "{name}");
        assert!(r.exhaustive);
        assert!(r.all.max_ulp < 1.0, "{name}: {:?}", r.worst.first());
        assert_eq!(r.overflow_wrong, 0, "{name}");
        assert!(r.meets_floor(), "{name}");
        assert!(r.meets_target(), "{name}");
        if !matches!(op, SfuOp::SinF16 | SfuOp::CosF16) {
            assert!(r.all.cr_percent() >= 99.9, "{name}: {}", r.all.cr_percent());
        }
        // Subnormal operands or results were measured.
        assert!(r.parts[1].1.count > 0, "{name}");
    }
    println!(
        "7 f16 forms x 65,536 inputs: {:.2} s",
        start.elapsed().as_secs_f64()
    );
}

/// A binary16 result checked independently of the report's bookkeeping:
/// rcp.f16 and sqrt.f16 against exact rational comparisons in f64 (exact
/// for binary16 operands), on every input.
#[test]
fn rcp_and_sqrt_f16_bracket_the_exact_value() {
    for h in 0..=u16::MAX as u32 {
        let x = accuracy::value(F16, h);
        if let Some(s) = reference(SfuOp::SqrtF16, h) {
            let r = execute(SfuOp::SqrtF16, h as u64, 0, Mode::default()).result as u32;
            let rv = accuracy::value(F16, r);
            // Faithful: (rv − ulp)² < x < (rv + ulp)², exact in f64 (products
            // of 12-bit significands).
            let lo = rv - accuracy::ulp(F16, s);
            let hi = rv + accuracy::ulp(F16, s);
            assert!(lo * lo < x && x < hi * hi, "sqrt.f16 {h:04x} -> {r:04x}");
        }
        let Some(v) = reference(SfuOp::RcpF16, h) else {
            continue;
        };
        let r = execute(SfuOp::RcpF16, h as u64, 0, Mode::default()).result as u32;
        let c = round_to(F16, v);
        if c & 0x7fff == 0x7c00 {
            assert_eq!(r, c, "rcp.f16 {h:04x}");
            continue;
        }
        // Faithful: |rv − 1/x| < ulp, so rv·x lies within ulp·|x| of 1
        // (exact in f64: 11-bit by 11-bit products).
        let rv = accuracy::value(F16, r);
        let u = accuracy::ulp(F16, v);
        assert!(
            (rv * x - 1.0).abs() < u * x.abs(),
            "rcp.f16 {h:04x} -> {r:04x}"
        );
    }
}

/// The f32 forms on a sample: SPEC-G3's floors and the MUFU's targets, an
/// eighth of the sample in the range the SFU scales (subnormal operands of
/// rsq/sqrt/log2/sin/cos, exp2 operands with subnormal results).
#[test]
fn f32_forms_on_a_sample_with_subnormals() {
    let start = std::time::Instant::now();
    let opt = Options {
        samples: 1 << 19,
        ..Options::default()
    };
    for op in FORMS.into_iter().filter(|&op| !is_f16(op)) {
        let r = measure(op, &opt);
        let name = op.mnemonic();
        assert!(r.meets_floor(), "{name}: {:?}", r.worst.first());
        assert!(r.meets_target(), "{name}: {:?}", r.worst.first());
        assert_eq!(r.target_violations, 0, "{name}");
        let sub = &r.parts[1].1;
        assert!(
            sub.count > (1 << 19) / 20,
            "{name}: {} subnormal",
            sub.count
        );
        println!(
            "{name}: {} inputs, max {:.4} ulp, abs 2^{:.2}; subnormal part {} inputs, max {:.4} ulp",
            r.all.count,
            r.all.max_ulp,
            r.all.max_abs.log2(),
            sub.count,
            sub.max_ulp
        );
    }
    println!("6 f32 forms x 2^19: {:.2} s", start.elapsed().as_secs_f64());
}

/// On the MUFU's domain (normal operand whose exact result is a normal
/// binary32) the SFU's f32 forms answer the MUFU's bits: the SFU is there
/// exactly as accurate as docs/mufu-accuracy.md measured, on every input.
#[test]
fn f32_forms_equal_the_mufu_on_its_domain() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for op in FORMS.into_iter().filter(|&op| !is_f16(op)) {
        let (f, _) = func_format(op);
        let mut checked = 0;
        while checked < 200_000 {
            let x: u32 = rng.gen();
            let e = (x >> 23) & 0xff;
            if e == 0 || e == 0xff {
                continue;
            }
            let Some(v) = reference(op, x) else { continue };
            let c = round_to(F32, v);
            let ce = (c >> 23) & 0xff;
            if v != 0.0 && (ce == 0 || ce == 0xff) {
                continue;
            }
            let got = execute(op, x as u64, 0, Mode::default()).result as u32;
            assert_eq!(got, mufu_eval(f, x), "{} {x:08x}", op.mnemonic());
            checked += 1;
        }
    }
}

/// Every subnormal binary32 operand of rsq, sqrt and log2 (a stride), and
/// every exp2 operand whose result is subnormal (a stride): within the
/// MUFU's targets, measured in ulps of the subnormal spacing.
#[test]
fn f32_subnormal_operands_and_results_meet_the_mufu_targets() {
    let check = |op: SfuOp, x: u32| {
        let v = reference(op, x).unwrap();
        let r = execute(op, x as u64, 0, Mode::default()).result as u32;
        let err = (f32::from_bits(r) as f64 - v).abs() / accuracy::ulp(F32, v);
        assert!(err < 1.0, "{} {x:08x} -> {r:08x}: {err} ulp", op.mnemonic());
        err
    };
    for op in [SfuOp::RsqF32, SfuOp::SqrtF32, SfuOp::Log2F32] {
        let mut max: f64 = 0.0;
        for x in (1..0x80_0000u32).step_by(61) {
            max = max.max(check(op, x));
        }
        println!("{}: subnormal operands, max {max:.4} ulp", op.mnemonic());
    }
    // exp2: −152 < x < −126 (and a little either side).
    let mut max: f64 = 0.0;
    for x in (0xc2f8_0000u32..0xc31c_0000).step_by(7) {
        max = max.max(check(SfuOp::Exp2F32, x));
    }
    println!("exp2.f32: subnormal results, max {max:.4} ulp");
}

#[test]
#[ignore = "every binary32 input of the six f32 forms (2^32 each; ~35 min on 2 cores)"]
fn f32_forms_exhaustive() {
    let opt = Options {
        exhaustive: true,
        ..Options::default()
    };
    for op in FORMS.into_iter().filter(|&op| !is_f16(op)) {
        let start = std::time::Instant::now();
        let r = measure(op, &opt);
        println!(
            "{}: {} inputs, max {:.4} ulp, abs 2^{:.2}, CR {:.2} %, {:.0} s",
            op.mnemonic(),
            r.all.count,
            r.all.max_ulp,
            r.all.max_abs.log2(),
            r.all.cr_percent(),
            start.elapsed().as_secs_f64()
        );
        assert!(r.meets_floor(), "{}", op.mnemonic());
        assert!(r.meets_target(), "{}", op.mnemonic());
    }
}

// ===================================================================== special values

/// NaN operands of a width: (quiet, signalling) of both signs.
fn nans(width: u32) -> [(u64, bool); 4] {
    match width {
        16 => [
            (0x7e00, false),
            (0x7c01, true),
            (0xfe00, false),
            (0xfd00, true),
        ],
        32 => [
            (0x7fc0_0000, false),
            (0x7f80_0001, true),
            (0xffc0_0001, false),
            (0xffbf_ffff, true),
        ],
        _ => [
            (0x7ff8_0000_0000_0000, false),
            (0x7ff0_0000_0000_0001, true),
            (0xfff8_0000_0000_0000, false),
            (0xfff4_0000_0000_0000, true),
        ],
    }
}

/// Constants of a width: (+0, −0, +Inf, −Inf, 1.0, −1.0, canonical NaN,
/// smallest subnormal, largest subnormal).
struct Consts {
    zero: u64,
    nzero: u64,
    inf: u64,
    ninf: u64,
    one: u64,
    neg_one: u64,
    nan: u64,
    sub_min: u64,
    sub_max: u64,
}

fn consts(width: u32) -> Consts {
    let fmt = match width {
        16 => F16,
        32 => F32,
        _ => F64,
    };
    Consts {
        zero: 0,
        nzero: fmt.sign_bit(),
        inf: fmt.infinity(false),
        ninf: fmt.infinity(true),
        one: fmt.one(),
        neg_one: fmt.one() | fmt.sign_bit(),
        nan: fmt.canonical_nan(),
        sub_min: 1,
        sub_max: fmt.frac_mask(),
    }
}

/// The function of an op, for the table of §5.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Fun {
    Rcp,
    Rsq,
    Sqrt,
    Exp2,
    Log2,
    Sin,
    Cos,
}

fn fun(op: SfuOp) -> Fun {
    let name = op.mnemonic();
    match &name[..name.find('.').unwrap()] {
        "rcp" => Fun::Rcp,
        "rsq" => Fun::Rsq,
        "sqrt" => Fun::Sqrt,
        "exp2" => Fun::Exp2,
        "log2" => Fun::Log2,
        "sin" => Fun::Sin,
        "cos" => Fun::Cos,
        _ => unreachable!(),
    }
}

/// SPEC-G3 §5's special rows for every approximation and rcp/rsq .f32/.f64,
/// under every setting of the flush bits.
#[test]
fn special_values_of_spec_g3_section_5_per_form_and_mode() {
    let ops = [
        SfuOp::RcpF32,
        SfuOp::RsqF32,
        SfuOp::SqrtF32,
        SfuOp::Exp2F32,
        SfuOp::Log2F32,
        SfuOp::SinF32,
        SfuOp::CosF32,
        SfuOp::RcpF64,
        SfuOp::RsqF64,
        SfuOp::RcpF16,
        SfuOp::RsqF16,
        SfuOp::SqrtF16,
        SfuOp::Exp2F16,
        SfuOp::Log2F16,
        SfuOp::SinF16,
        SfuOp::CosF16,
    ];
    let mut checked = 0;
    for op in ops {
        let w = op.width();
        let c = consts(w);
        let f = fun(op);
        let neg_two = match w {
            16 => 0xc000,
            32 => 0xc000_0000,
            _ => 0xc000_0000_0000_0000,
        };
        for mode in flush_modes() {
            let run = |a: u64| execute(op, a, 0, mode);
            let name = format!("{} {mode:?}", op.mnemonic());
            let daz = if w == 64 { false } else { mode.daz32 };
            // NaN → canonical, NV for a signalling one.
            for (x, s) in nans(w) {
                assert_eq!(run(x), ans(c.nan, if s { NV } else { 0 }), "{name} {x:x}");
            }
            // The table of §5 (zeros, infinities, negatives, poles).
            let rows: Vec<(u64, Answer)> = match f {
                Fun::Rcp => vec![
                    (c.zero, ans(c.inf, DZ)),
                    (c.nzero, ans(c.ninf, DZ)),
                    (c.inf, ans(c.zero, 0)),
                    (c.ninf, ans(c.nzero, 0)),
                    (c.one, ans(c.one, 0)),
                ],
                Fun::Rsq => vec![
                    (c.zero, ans(c.inf, DZ)),
                    (c.nzero, ans(c.ninf, DZ)),
                    (c.inf, ans(c.zero, 0)),
                    (c.ninf, ans(c.nan, NV)),
                    (c.neg_one, ans(c.nan, NV)),
                    (neg_two, ans(c.nan, NV)),
                    (c.one, ans(c.one, 0)),
                ],
                Fun::Sqrt => vec![
                    (c.zero, ans(c.zero, 0)),
                    (c.nzero, ans(c.nzero, 0)),
                    (c.inf, ans(c.inf, 0)),
                    (c.ninf, ans(c.nan, NV)),
                    (c.neg_one, ans(c.nan, NV)),
                    (c.one, ans(c.one, 0)),
                ],
                Fun::Exp2 => vec![
                    (c.inf, ans(c.inf, 0)),
                    (c.ninf, ans(c.zero, 0)),
                    (c.zero, ans(c.one, 0)),
                    (c.nzero, ans(c.one, 0)),
                ],
                Fun::Log2 => vec![
                    (c.zero, ans(c.ninf, DZ)),
                    (c.nzero, ans(c.ninf, DZ)),
                    (c.inf, ans(c.inf, 0)),
                    (c.ninf, ans(c.nan, NV)),
                    (c.neg_one, ans(c.nan, NV)),
                    (c.one, ans(c.zero, 0)),
                ],
                Fun::Sin => vec![
                    (c.inf, ans(c.nan, NV)),
                    (c.ninf, ans(c.nan, NV)),
                    (c.zero, ans(c.zero, 0)),
                    (c.nzero, ans(c.nzero, 0)),
                ],
                Fun::Cos => vec![
                    (c.inf, ans(c.nan, NV)),
                    (c.ninf, ans(c.nan, NV)),
                    (c.zero, ans(c.one, 0)),
                    (c.nzero, ans(c.one, 0)),
                ],
            };
            for (x, want) in rows {
                assert_eq!(run(x), want, "{name} {x:x}");
                checked += 1;
            }
            // Subnormal operands: a signed zero under daz (the zero row),
            // real values otherwise (the f64 forms never flush).
            for x in [
                c.sub_min,
                c.sub_max,
                c.sub_min | c.nzero,
                c.sub_max | c.nzero,
            ] {
                let neg = x & c.nzero != 0;
                let got = run(x);
                let zero_row = run(if neg { c.nzero } else { c.zero });
                if daz {
                    assert_eq!(got, zero_row, "{name} daz {x:x}");
                    continue;
                }
                match f {
                    // exp2 and cos of a tiny operand are 1.0 (binary32:
                    // model D; binary16: the correctly rounded value).
                    Fun::Exp2 | Fun::Cos => assert_eq!(got, zero_row, "{name} {x:x}"),
                    // sin of a binary32 subnormal is ±0 (model D); a
                    // binary16 subnormal is a normal binary32 inside, and
                    // sin is ≈ 2π·x there, with x's sign.
                    Fun::Sin if w == 32 => assert_eq!(got, zero_row, "{name} {x:x}"),
                    Fun::Sin => {
                        let v = accuracy::sin_rev(accuracy::value(F16, x as u32));
                        let r = round_to(F16, v) as u64;
                        // Subnormal: ftz32 flushes it to x's signed zero.
                        let r = if mode.ftz32 && r & 0x7c00 == 0 {
                            x & c.nzero
                        } else {
                            r
                        };
                        assert_eq!(got, ans(r, 0), "{name} {x:x}");
                    }
                    Fun::Rsq | Fun::Sqrt | Fun::Log2 if neg => {
                        assert_eq!(got, ans(c.nan, NV), "{name} {x:x}")
                    }
                    // log2 of a subnormal: finite, negative.
                    Fun::Log2 => {
                        assert_eq!(got.flags, 0, "{name} {x:x}");
                        assert_eq!(got.result & c.nzero, c.nzero, "{name} {x:x}");
                        assert!(got.result & !c.nzero < c.inf, "{name} {x:x}");
                    }
                    _ => {
                        // A finite non-zero value of the operand's sign
                        // (rcp of a tiny subnormal overflows: Inf, with
                        // OF|NX on the correctly rounded forms).
                        assert_eq!(got.flags & (NV | DZ), 0, "{name} {x:x}");
                        assert_ne!(got.result & !c.nzero, 0, "{name} {x:x}");
                        assert_eq!(got.result & c.nzero != 0, neg, "{name} {x:x}");
                        if f != Fun::Rcp {
                            assert_ne!(got.result & !c.nzero, c.inf, "{name} {x:x}");
                        }
                    }
                }
                checked += 1;
            }
        }
    }
    println!("{checked} special rows");
}

/// sin(n) = ±0 with n's sign for an integer n; cos(n + ¼) = cos(n + ¾) = +0;
/// cos(n) = 1, cos(n + ½) = −1, sin(n + ¼) = 1, exp2 of an integer and log2
/// of a power of two exact — in every flush setting.
#[test]
fn exact_points_of_the_turn_functions_and_powers_of_two() {
    for mode in flush_modes() {
        let f32s = |v: f32| v.to_bits() as u64;
        let cases32: Vec<(SfuOp, f32, f32)> = vec![
            (SfuOp::SinF32, 3.0, 0.0),
            (SfuOp::SinF32, -5.0, -0.0),
            (SfuOp::SinF32, 1.0e9, 0.0),
            (SfuOp::SinF32, -1.0e30, -0.0),
            (SfuOp::SinF32, 0.5, 0.0),
            (SfuOp::SinF32, -2.5, -0.0),
            (SfuOp::SinF32, 1.25, 1.0),
            (SfuOp::SinF32, -0.25, -1.0),
            (SfuOp::CosF32, 1.25, 0.0),
            (SfuOp::CosF32, -2.75, 0.0),
            (SfuOp::CosF32, 0.75, 0.0),
            (SfuOp::CosF32, 7.0, 1.0),
            (SfuOp::CosF32, 2.5, -1.0),
            (SfuOp::Exp2F32, 10.0, 1024.0),
            (SfuOp::Exp2F32, -3.0, 0.125),
            (SfuOp::Log2F32, 1.0, 0.0),
            (SfuOp::Log2F32, 1024.0, 10.0),
            (SfuOp::Log2F32, 0.25, -2.0),
            (SfuOp::RsqF32, 4.0, 0.5),
            (SfuOp::SqrtF32, 16.0, 4.0),
        ];
        for (op, x, want) in cases32 {
            let got = execute(op, f32s(x), 0, mode);
            assert_eq!(got, ans(f32s(want), 0), "{} {x} {mode:?}", op.mnemonic());
        }
        // binary16: 3.0, −2.0, 65504 (an integer), 1.25, −0.25, 0.75, 2.5.
        let cases16: Vec<(SfuOp, u64, u64)> = vec![
            (SfuOp::SinF16, 0x4200, 0x0000),
            (SfuOp::SinF16, 0xc000, 0x8000),
            (SfuOp::SinF16, 0x7bff, 0x0000),
            (SfuOp::SinF16, 0xfbff, 0x8000),
            (SfuOp::SinF16, 0x3d00, 0x3c00),
            (SfuOp::CosF16, 0x3d00, 0x0000),
            (SfuOp::CosF16, 0xb400, 0x0000),
            (SfuOp::CosF16, 0x3a00, 0x0000),
            (SfuOp::CosF16, 0x4100, 0xbc00),
            (SfuOp::CosF16, 0x4200, 0x3c00),
            (SfuOp::Log2F16, 0x3c00, 0x0000),
            (SfuOp::Log2F16, 0x6400, 0x4900), // log2 1024 = 10
            (SfuOp::Exp2F16, 0x4900, 0x6400),
            (SfuOp::RcpF16, 0x4000, 0x3800),
            (SfuOp::RsqF16, 0x4400, 0x3800),
            (SfuOp::SqrtF16, 0x4c00, 0x4400),
        ];
        for (op, x, want) in cases16 {
            let got = execute(op, x, 0, mode);
            assert_eq!(got, ans(want, 0), "{} {x:04x} {mode:?}", op.mnemonic());
        }
    }
}

/// ftz32 flushes the subnormal results of the approximations (binary32 and
/// binary16) to signed zeros, without a flag (`ap`: NV and DZ only); a
/// normal result is kept; the f64 forms never flush.
#[test]
fn ftz32_flushes_subnormal_results_only() {
    let plain = Mode::default();
    let ftz = Mode {
        ftz32: true,
        ..plain
    };
    // exp2.f32(−140) = 2^-140 = 0x00000200; exp2.f32(−126) normal.
    let x = (-140.0f32).to_bits() as u64;
    assert_eq!(execute(SfuOp::Exp2F32, x, 0, plain), ans(0x200, 0));
    assert_eq!(execute(SfuOp::Exp2F32, x, 0, ftz), ans(0, 0));
    let x = (-126.0f32).to_bits() as u64;
    assert_eq!(execute(SfuOp::Exp2F32, x, 0, ftz), ans(0x0080_0000, 0));
    // exp2.f16(−20) = 2^-20 = 0x0010; rcp.f16(32768) = 2^-15 = 0x0200,
    // rcp.f16(−32768) = −2^-15.
    assert_eq!(execute(SfuOp::Exp2F16, 0xcd00, 0, plain), ans(0x0010, 0));
    assert_eq!(execute(SfuOp::Exp2F16, 0xcd00, 0, ftz), ans(0, 0));
    assert_eq!(execute(SfuOp::RcpF16, 0x7800, 0, plain), ans(0x0200, 0));
    assert_eq!(execute(SfuOp::RcpF16, 0x7800, 0, ftz), ans(0, 0));
    assert_eq!(execute(SfuOp::RcpF16, 0xf800, 0, ftz), ans(0x8000, 0));
    // rcp.f64(2^1023) = 2^-1023 (subnormal, exact), with every flush bit set.
    let all = Mode {
        daz32: true,
        ftz32: true,
        daz64: true,
        ftz64: true,
        ..plain
    };
    let r = execute(SfuOp::RcpF64, 0x7fe0_0000_0000_0000, 0, all);
    assert_eq!(r, ans(0x0008_0000_0000_0000, 0));
    // rcp.f64 of the smallest subnormal overflows (OF|NX), never DZ.
    let r = execute(SfuOp::RcpF64, 1, 0, all);
    assert_eq!(r.result, 0x7ff0_0000_0000_0000);
    assert_eq!(r.flags & (OF | DZ), OF);
    // rsq.f64 of the smallest subnormal: 2^537, no flag (NV/DZ only).
    let r = execute(SfuOp::RsqF64, 1, 0, all);
    assert_eq!(r, ans(((1023 + 537) as u64) << 52, 0));
}

// ===================================================================== rcp.f32, rcp.f64 against SoftFloat

/// rcp.f32 through SoftFloat: `f32_div(1, x)` in `rm`, DAZ on the operand,
/// FTZ and the canonical NaN on the answer.
fn sf_rcp32(x: u32, mode: Mode) -> Answer {
    let x = daz(F32, x as u64, mode.daz32) as u32;
    let (r, flags) = softfloat(|| {
        SF32::from_bits(0x3f80_0000)
            .div(SF32::from_bits(x), sf_mode(mode.frm))
            .to_bits()
    });
    spec_layer(F32, r as u64, flags, mode.ftz32)
}

/// rcp.f64 through SoftFloat: `f64_div(1, x)` RNE, never flushing.
fn sf_rcp64(x: u64) -> Answer {
    let (r, flags) = softfloat(|| {
        SF64::from_bits(0x3ff0_0000_0000_0000)
            .div(SF64::from_bits(x), sf_mode(Rm::Rne))
            .to_bits()
    });
    spec_layer(F64, r, flags, false)
}

/// A binary32 operand: uniform bits, subnormals, or near the range edges
/// (|x| ≥ 2^126: subnormal reciprocals).
fn rcp32_operand(rng: &mut ChaCha8Rng) -> u32 {
    let x: u32 = rng.gen();
    match rng.gen_range(0..4) {
        0 => x & 0x807f_ffff, // subnormal (or zero)
        1 => (x & 0x807f_ffff) | (rng.gen_range(0xfb..=0xfe) << 23), // huge
        _ => x,
    }
}

fn rcp32_against_softfloat(count: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for rm in Rm::ALL {
        for _ in 0..count {
            let x = rcp32_operand(&mut rng);
            let mode = Mode {
                frm: rm,
                daz32: rng.gen_range(0..3) == 0,
                ftz32: rng.gen_range(0..3) == 0,
                // 64-bit fields must not matter.
                frm64: Rm::ALL[rng.gen_range(0..5)],
                daz64: rng.gen(),
                ftz64: rng.gen(),
            };
            let got = execute(SfuOp::RcpF32, x as u64, 0, mode);
            assert_eq!(got, sf_rcp32(x, mode), "rcp.f32 {x:08x} {mode:?}");
        }
    }
}

#[test]
fn rcp_f32_matches_softfloat_in_every_mode() {
    rcp32_against_softfloat(100_000, 1);
}

/// Every binary32 through `execute` and SoftFloat under `mode`, on two
/// threads: the number of differences.
fn rcp32_wrong(mode: Mode, inputs: impl Fn(u64) -> Option<u32> + Sync, n: u64) -> u64 {
    let wrong = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for t in 0..2u64 {
            let (wrong, inputs) = (&wrong, &inputs);
            s.spawn(move || {
                for i in (t..n).step_by(2) {
                    let Some(x) = inputs(i) else { continue };
                    if execute(SfuOp::RcpF32, x as u64, 0, mode) != sf_rcp32(x, mode) {
                        wrong.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            });
        }
    });
    wrong.into_inner()
}

/// Every binary32 in every rounding mode with the flush bits clear, and
/// with daz32/ftz32 set every operand they can change (subnormals, whose
/// reciprocal overflows, and |x| ≥ 2^124, whose reciprocal is subnormal or
/// near it).
#[test]
#[ignore = "every binary32 in every mode: 5 x 2^32 SoftFloat divisions"]
fn rcp_f32_every_input_every_mode() {
    for rm in Rm::ALL {
        let start = std::time::Instant::now();
        let mode = Mode {
            frm: rm,
            ..Mode::default()
        };
        let wrong = rcp32_wrong(mode, |i| Some(i as u32), 1 << 32);
        println!(
            "rcp.f32 {rm:?}: {wrong} wrong of 2^32, {:.0} s",
            start.elapsed().as_secs_f64()
        );
        assert_eq!(wrong, 0);
        for (daz32, ftz32) in [(true, false), (false, true), (true, true)] {
            let mode = Mode {
                daz32,
                ftz32,
                ..mode
            };
            let edge = |i: u64| {
                let x = i as u32;
                let e = (x >> 23) & 0xff;
                (e == 0 || e >= 0xfb).then_some(x)
            };
            let wrong = rcp32_wrong(mode, edge, 1 << 32);
            println!("rcp.f32 {rm:?} daz {daz32} ftz {ftz32}: {wrong} wrong");
            assert_eq!(wrong, 0);
        }
    }
}

/// A binary64 operand: uniform bits, subnormals (overflowing reciprocals),
/// |x| ≥ 2^1021 (subnormal reciprocals), near 1.
fn f64_operand(rng: &mut ChaCha8Rng) -> u64 {
    let x: u64 = rng.gen();
    let frac = x & 0x800f_ffff_ffff_ffff;
    match rng.gen_range(0..5) {
        0 => frac,                                        // subnormal
        1 => frac | (rng.gen_range(0x7fc..=0x7fe) << 52), // subnormal results
        2 => frac | (rng.gen_range(0x3fe..=0x400) << 52), // near 1
        _ => x,
    }
}

fn rcp64_against_softfloat(count: usize, seed: u64) -> (u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut sub_in, mut sub_out) = (0, 0);
    for _ in 0..count {
        let x = f64_operand(&mut rng);
        let mode = Mode {
            frm64: Rm::ALL[rng.gen_range(0..5)],
            daz64: rng.gen(),
            ftz64: rng.gen(),
            ..Mode::default()
        };
        let got = execute(SfuOp::RcpF64, x, 0, mode);
        let want = sf_rcp64(x);
        assert_eq!(got, want, "rcp.f64 {x:016x} {mode:?}");
        sub_in += (x & 0x7ff0_0000_0000_0000 == 0 && x << 1 != 0) as u64;
        sub_out += (want.result & 0x7ff0_0000_0000_0000 == 0 && want.result << 1 != 0) as u64;
    }
    (sub_in, sub_out)
}

#[test]
fn rcp_f64_matches_softfloat_rne() {
    let (i, o) = rcp64_against_softfloat(200_000, 2);
    assert!(
        i > 10_000 && o > 10_000,
        "{i} subnormal operands, {o} results"
    );
}

#[test]
#[ignore = "10 M random doubles against SoftFloat"]
fn rcp_f64_ten_million() {
    let start = std::time::Instant::now();
    let (i, o) = rcp64_against_softfloat(10_000_000, 64);
    println!(
        "rcp.f64: 10 M, 0 wrong ({i} subnormal operands, {o} subnormal results), {:.0} s",
        start.elapsed().as_secs_f64()
    );
}

// ===================================================================== rsq.f64, exactly

/// A finite positive binary64 as (integer significand, exponent).
fn parts64(x: u64) -> (u64, i64) {
    let e = ((x >> 52) & 0x7ff) as i64;
    let f = x & ((1 << 52) - 1);
    if e == 0 {
        (f, -1074)
    } else {
        (f | (1 << 52), e - 1075)
    }
}

/// `n · 2^k` compared with `c · 2^-100`.
fn cmp_scaled(n: &BigUint, k: i64, c: &BigUint) -> std::cmp::Ordering {
    let s = k + 100;
    if s >= 0 {
        (n << s as usize).cmp(c)
    } else {
        n.cmp(&(c << (-s) as usize))
    }
}

/// The relative error of `r` as 1/√x (finite positive `x` and `r`):
/// whether it is within 2^-50, decided exactly (t = r²·x against
/// (1 ± 2^-50)² in big integers), and |√t − 1| computed from the exact
/// t − 1.
fn rsq_rel_error(x: u64, r: u64) -> (bool, f64) {
    let (mx, ex) = parts64(x);
    let (mr, er) = parts64(r);
    let n = BigUint::from(mr) * BigUint::from(mr) * BigUint::from(mx);
    let k = 2 * er + ex;
    let one = BigUint::from(1u8);
    let lo = ((&one << 50usize) - &one) * ((&one << 50usize) - &one);
    let hi = ((&one << 50usize) + &one) * ((&one << 50usize) + &one);
    let within = cmp_scaled(&n, k, &lo).is_ge() && cmp_scaled(&n, k, &hi).is_le();
    // t − 1 = (n − 2^-k) · 2^k, exactly, then to f64.
    let d = if k < 0 {
        let diff = BigInt::from(n) - (BigInt::from(1u8) << (-k) as usize);
        diff.to_f64().unwrap() * 2f64.powi(k as i32)
    } else {
        let t = BigInt::from(n) << k as usize;
        (t - BigInt::from(1u8)).to_f64().unwrap()
    };
    (within, (d / (1.0 + (1.0 + d).sqrt())).abs())
}

/// rsq.f64 of a finite positive `x` (flags NV and DZ only): its exact error.
fn rsq64_error(x: u64) -> (bool, f64) {
    let r = execute(SfuOp::RsqF64, x, 0, Mode::default());
    assert_eq!(
        r.flags & !(NV | DZ),
        0,
        "rsq.f64 {x:016x}: flags {:02x}",
        r.flags
    );
    rsq_rel_error(x, r.result)
}

fn rsq64_sample(count: usize, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut max: f64 = 0.0;
    let mut subnormal = 0;
    for _ in 0..count {
        let x = f64_operand(&mut rng) & !(1 << 63);
        if x == 0 || x >= 0x7ff0_0000_0000_0000 {
            continue;
        }
        subnormal += (x >> 52 == 0) as usize;
        let (within, rel) = rsq64_error(x);
        assert!(within, "rsq.f64 {x:016x}: rel error {rel:e}");
        max = max.max(rel);
    }
    assert!(subnormal > count / 10);
    max
}

#[test]
fn rsq_f64_relative_error_within_2_pow_minus_50() {
    // The exact check itself: rsq(4) = 0.5 exactly; 0.5 + 2^8 ulps is
    // 2^-44 relative (outside), 0.5 + 2 ulps 2^-51 (inside).
    assert_eq!(rsq64_error(0x4010_0000_0000_0000), (true, 0.0));
    let (ok, rel) = rsq_rel_error(0x4010_0000_0000_0000, 0x3fe0_0000_0000_0100);
    assert!(!ok && (rel.log2() + 44.0).abs() < 0.01, "{rel:e}");
    let (ok, rel) = rsq_rel_error(0x4010_0000_0000_0000, 0x3fe0_0000_0000_0002);
    assert!(ok && (rel.log2() + 51.0).abs() < 0.01, "{rel:e}");
    let start = std::time::Instant::now();
    let max = rsq64_sample(100_000, 3);
    println!(
        "rsq.f64: 100 k, max relative error 2^{:.3}, {:.2} s",
        max.log2(),
        start.elapsed().as_secs_f64()
    );
    assert!(max <= 2f64.powi(-50));
}

#[test]
#[ignore = "10 M random doubles, exact big-integer check"]
fn rsq_f64_ten_million() {
    let start = std::time::Instant::now();
    let max = rsq64_sample(10_000_000, 50);
    println!(
        "rsq.f64: 10 M, max relative error 2^{:.3} ({max:e}), {:.0} s",
        max.log2(),
        start.elapsed().as_secs_f64()
    );
}

// ===================================================================== the divide group

/// Every op on the divide engine answers exactly as `divsqrt::model::execute`
/// (verified against SoftFloat and exact arithmetic in divsqrt_model.rs),
/// under random MODE.
#[test]
fn divide_group_is_the_divsqrt_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut ops = 0;
    for op in SfuOp::ALL {
        let Path::Engine(dop) = op.path() else {
            continue;
        };
        ops += 1;
        for _ in 0..20_000 {
            let (a, b) = if op.width() == 64 {
                (f64_operand(&mut rng), f64_operand(&mut rng))
            } else {
                (
                    rcp32_operand(&mut rng) as u64,
                    rcp32_operand(&mut rng) as u64,
                )
            };
            let mode = Mode {
                frm: Rm::ALL[rng.gen_range(0..5)],
                frm64: Rm::ALL[rng.gen_range(0..5)],
                daz32: rng.gen(),
                ftz32: rng.gen(),
                daz64: rng.gen(),
                ftz64: rng.gen(),
            };
            assert_eq!(
                execute(op, a, b, mode),
                units::divsqrt::model::execute(dop, a, b, mode),
                "{} {a:x} {b:x} {mode:?}",
                op.mnemonic()
            );
        }
    }
    assert_eq!(ops, 10);
}
