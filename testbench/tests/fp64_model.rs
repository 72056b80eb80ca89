//! The fp64 golden model (`units::fp64::model`) against independent references:
//!
//! * Berkeley SoftFloat (`softfloat-wrapper`, 8086-SSE specialisation) in all
//!   five rounding modes (RMM = `round_near_maxMag`), result and flags bit
//!   for bit: `f64_add/sub/mul/mulAdd`, `f64_roundToInt` (exact = false),
//!   `f64_to_f32`, `f32_to_f64`, `f64_to_i32/ui32` (RTZ, exact = true),
//!   `i32/ui32_to_f64`, `f64_eq/lt/le` and their quiet/signalling twins.
//!   SPEC-G3's layers on top: canonical NaN, DAZ on the inputs, FTZ on the
//!   result, ffma's abs-then-neg on the raw bits; and for the integer
//!   conversions, the RISC-V saturation values where SoftFloat raised NV
//!   (8086-SSE answers `80000000` / `ffffffff` for every invalid input;
//!   RISC-V: NaN and +overflow → the largest value, −overflow → the
//!   smallest, u32 of a negative → 0). The flags are SoftFloat's.
//! * Exact rational arithmetic (`testbench::riscv_reference`) for fldexp,
//!   ffract, frexp and the conversions; bit rules for fclass (through
//!   SoftFloat's classification), fsgnj*, fmin/fmax (through native f64
//!   compares), cmp.class.
//! * Every operation × every special operand class × every MODE flush
//!   combination × every rounding mode; TestFloat level 1 for add, sub, mul
//!   and fma; random operands; the example vector file.
//!
//! The CI-sized tests take 4.3 s on one core (test profile, opt-level 3;
//! 4.5 M special-operand cases). Long run (10 M random per op;
//! `FP64_RANDOM_PER_OP` overrides the count):
//! `cargo test --release -p testbench --test fp64_model -- --ignored --nocapture`;
//! measured 2026-12-01 in the test profile: 400 M operations in 833 s on a
//! shared 2-core machine (417 s CPU), the exact-rational references of
//! fldexp, ffract and frexp taking 119–248 s per 10 M, the others 3–10 s.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{Float, RoundingMode, F32 as SF32, F64 as SF64};
use testbench::riscv_reference::{
    boundary_operand, daz, is_nan, is_snan, pow2, rational, round_rational, sf_mode, softfloat,
    spec_layer,
};
use units::fp64::codec::{parse_line, Fp64Codec};
use units::fp64::model::{execute, Answer, Controls, Format, Mode, Rm, F32, F64, NV, NX};
use units::fp64::{Cc, Fp64Op};
use units::unit::UnitCodec;

const SIGN: u64 = 1 << 63;
const CANONICAL: u64 = 0x7ff8_0000_0000_0000;

fn ans(result: u64, flags: u8) -> Answer {
    Answer { result, flags }
}

fn show(op: Fp64Op, a: u64, b: u64, c: u64, ctl: &Controls) -> String {
    format!("{} {a:#018x} {b:#018x} {c:#018x} {ctl:?}", op.mnemonic())
}

// ===================================================================== the reference

/// The explicit rm of ffma / fcvt.f32.f64.m: 0..4 itself, anything else DYN.
fn explicit(rm: u8, dynamic: Rm) -> Rm {
    match rm {
        0 => Rm::Rne,
        1 => Rm::Rtz,
        2 => Rm::Rdn,
        3 => Rm::Rup,
        4 => Rm::Rmm,
        _ => dynamic,
    }
}

/// A SoftFloat binary64 operation on DAZ'd inputs, with the SPEC layer.
fn sf64(
    inputs: &[u64],
    rm: Rm,
    daz_on: bool,
    ftz: bool,
    f: impl FnOnce(&[SF64], RoundingMode) -> SF64,
) -> Answer {
    let xs: Vec<SF64> = inputs
        .iter()
        .map(|&x| SF64::from_bits(daz(F64, x, daz_on)))
        .collect();
    let (r, flags) = softfloat(|| f(&xs, sf_mode(rm)).to_bits());
    spec_layer(F64, r, flags, ftz)
}

/// The RISC-V class bit of `x`, through SoftFloat's predicates.
fn class_bit(x: u64) -> u32 {
    let f = SF64::from_bits(x);
    let bit = if f.is_negative_infinity() {
        0
    } else if f.is_negative_normal() {
        1
    } else if f.is_negative_subnormal() {
        2
    } else if f.is_negative_zero() {
        3
    } else if f.is_positive_zero() {
        4
    } else if f.is_positive_subnormal() {
        5
    } else if f.is_positive_normal() {
        6
    } else if f.is_positive_infinity() {
        7
    } else if f.is_signaling_nan() {
        8
    } else {
        assert!(f.is_nan());
        9
    };
    1 << bit
}

/// SoftFloat's answer of a compare predicate, or its flags with exec.
fn sf_compare(cc: Cc, a: u64, b: u64, exec: bool) -> Answer {
    let (x, y) = (SF64::from_bits(a), SF64::from_bits(b));
    let unordered = x.is_nan() || y.is_nan();
    let (p, flags) = softfloat(|| match cc {
        Cc::Eq => x.eq(y),
        Cc::Ne => {
            let equal = x.eq(y);
            !unordered && !equal
        }
        Cc::Lt => x.lt(y),
        Cc::Le => x.le(y),
        Cc::Gt => y.lt(x),
        Cc::Ge => y.le(x),
        Cc::O => x.eq(y) || !unordered,
        Cc::U => !x.eq(y) && unordered,
        Cc::Equ => x.eq(y) || unordered,
        Cc::Neu => !x.eq(y),
        Cc::Ltu => !y.le_quiet(x),
        Cc::Leu => !y.lt_quiet(x),
        Cc::Gtu => !x.le_quiet(y),
        Cc::Geu => !x.lt_quiet(y),
    });
    if exec {
        ans(p as u64, flags)
    } else {
        ans(0, 0)
    }
}

/// RISC-V saturation where SoftFloat raised NV (its 8086-SSE values differ).
fn int_layer(x: u64, signed: bool, r: u32, flags: u8) -> Answer {
    if flags & NV == 0 {
        return ans(r as u64, flags);
    }
    let neg = x & SIGN != 0 && !is_nan(F64, x);
    let sat = match (signed, neg) {
        (true, false) => 0x7fff_ffff,
        (true, true) => 0x8000_0000,
        (false, false) => 0xffff_ffff,
        (false, true) => 0,
    };
    ans(sat, flags)
}

/// minimumNumber / maximumNumber through native f64 compares.
fn min_max_reference(a: u64, b: u64, max: bool, daz_on: bool) -> Answer {
    let (a, b) = (daz(F64, a, daz_on), daz(F64, b, daz_on));
    let flags = if is_snan(F64, a) || is_snan(F64, b) {
        NV
    } else {
        0
    };
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let r = match (x.is_nan(), y.is_nan()) {
        (true, true) => CANONICAL,
        (true, false) => b,
        (false, true) => a,
        _ if x < y => {
            if max {
                b
            } else {
                a
            }
        }
        _ if y < x => {
            if max {
                a
            } else {
                b
            }
        }
        // Equal: ±0 in some order, or the same value.
        _ => {
            let a_neg = x.is_sign_negative();
            if a_neg != max {
                a
            } else {
                b
            }
        }
    };
    ans(r, flags)
}

/// ffract from the exact rational `x − ⌊x⌋`.
fn fract_reference(a: u64, rm: Rm, daz_on: bool, ftz: bool) -> Answer {
    let a = daz(F64, a, daz_on);
    if is_nan(F64, a) {
        return ans(CANONICAL, if is_snan(F64, a) { NV } else { 0 });
    }
    if a & !SIGN == 0x7ff0_0000_0000_0000 {
        return ans(CANONICAL, NV);
    }
    let q = rational(F64, a);
    let fr = &q - q.floor();
    if fr.is_zero() {
        return ans(if rm == Rm::Rdn { SIGN } else { 0 }, 0);
    }
    let r = round_rational(F64, &fr, rm);
    let r = spec_layer(F64, r.result, r.flags, ftz);
    ans(r.result.min(0x3fef_ffff_ffff_ffff), r.flags)
}

/// fldexp from the exact rational `x · 2^n`. |n| is clamped at 3000: past
/// it the result no longer changes (overflow, or below half the smallest
/// subnormal: only the mode and the sign decide, as at 3000).
fn ldexp_reference(a: u64, n: u32, rm: Rm, daz_on: bool, ftz: bool) -> Answer {
    let a = daz(F64, a, daz_on);
    if is_nan(F64, a) {
        return ans(CANONICAL, if is_snan(F64, a) { NV } else { 0 });
    }
    if a & !SIGN == 0 || a & !SIGN == 0x7ff0_0000_0000_0000 {
        return ans(a, 0);
    }
    let n = (n as i32).clamp(-3000, 3000) as i64;
    let r = round_rational(F64, &(rational(F64, a) * pow2(n)), rm);
    spec_layer(F64, r.result, r.flags, ftz)
}

/// frexp (mant, exp) from the exact rational: 2^(e−1) ≤ |x| < 2^e.
fn frexp_reference(a: u64, daz_on: bool) -> (Answer, Answer) {
    let a = daz(F64, a, daz_on);
    let e_field = (a >> 52) & 0x7ff;
    if e_field == 0x7ff {
        return (ans(a, 0), ans(0, 0));
    }
    if a & !SIGN == 0 {
        return (ans(a, 0), ans(0, 0));
    }
    let q = rational(F64, a);
    let mag = q.abs();
    let mut e = mag.numer().bits() as i64 - mag.denom().bits() as i64;
    while mag >= pow2(e) {
        e += 1;
    }
    while mag < pow2(e - 1) {
        e -= 1;
    }
    let m = round_rational(F64, &(q / pow2(e)), Rm::Rne);
    assert_eq!(m.flags, 0, "m is exact");
    (m, ans(e as i32 as u32 as u64, 0))
}

/// The reference answer of any operation, on raw port values.
fn reference(op: Fp64Op, a: u64, b: u64, c: u64, ctl: &Controls) -> Answer {
    let m = ctl.mode;
    let lo = |x: u64| x & 0xffff_ffff;
    let (r64, d64, f64z) = (m.frm64, m.daz64, m.ftz64);
    match op {
        Fp64Op::Fadd => sf64(&[a, b], r64, d64, f64z, |x, r| x[0].add(x[1], r)),
        Fp64Op::Fsub => sf64(&[a, b], r64, d64, f64z, |x, r| x[0].sub(x[1], r)),
        Fp64Op::Fmul => sf64(&[a, b], r64, d64, f64z, |x, r| x[0].mul(x[1], r)),
        Fp64Op::Ffma => {
            let modified: Vec<u64> = [a, b, c]
                .iter()
                .enumerate()
                .map(|(k, &x)| {
                    let x = if ctl.abs & (1 << k) != 0 {
                        x & !SIGN
                    } else {
                        x
                    };
                    if ctl.neg & (1 << k) != 0 {
                        x ^ SIGN
                    } else {
                        x
                    }
                })
                .collect();
            let rm = explicit(ctl.rm, r64);
            sf64(&modified, rm, d64, f64z, |x, r| {
                x[0].fused_mul_add(x[1], x[2], r)
            })
        }
        Fp64Op::Fmin => min_max_reference(a, b, false, d64),
        Fp64Op::Fmax => min_max_reference(a, b, true, d64),
        Fp64Op::Fsgnj => ans(if b >> 63 == 1 { a | SIGN } else { a & !SIGN }, 0),
        Fp64Op::Fsgnjn => ans(if b >> 63 == 1 { a & !SIGN } else { a | SIGN }, 0),
        Fp64Op::Fsgnjx => ans(if b >> 63 == 1 { a ^ SIGN } else { a }, 0),
        Fp64Op::Fldexp => ldexp_reference(a, lo(b) as u32, r64, d64, f64z),
        Fp64Op::Fclass => ans(class_bit(a) as u64, 0),
        Fp64Op::Ffloor | Fp64Op::Fceil | Fp64Op::Ftrunc | Fp64Op::Frndne => {
            let dir = match op {
                Fp64Op::Ffloor => Rm::Rdn,
                Fp64Op::Fceil => Rm::Rup,
                Fp64Op::Ftrunc => Rm::Rtz,
                _ => Rm::Rne,
            };
            sf64(&[a], dir, d64, false, |x, r| x[0].round_to_integral(r))
        }
        Fp64Op::Ffract => fract_reference(a, r64, d64, f64z),
        Fp64Op::CvtF64F32 => {
            let x = SF32::from_bits(daz(F32, lo(a), m.daz32) as u32);
            let (r, flags) = softfloat(|| x.to_f64(RoundingMode::TiesToEven).to_bits());
            spec_layer(F64, r, flags, false)
        }
        Fp64Op::CvtF32F64 | Fp64Op::CvtF32F64M => {
            let rm = if op == Fp64Op::CvtF32F64M {
                explicit(ctl.rm, m.frm)
            } else {
                m.frm
            };
            let x = SF64::from_bits(daz(F64, a, d64));
            let (r, flags) = softfloat(|| x.to_f32(sf_mode(rm)).to_bits());
            spec_layer(F32, r as u64, flags, m.ftz32)
        }
        Fp64Op::CvtI32F64 => {
            let x = daz(F64, a, d64);
            let (r, flags) =
                softfloat(|| SF64::from_bits(x).to_i32(RoundingMode::TowardZero, true) as u32);
            int_layer(x, true, r, flags)
        }
        Fp64Op::CvtU32F64 => {
            let x = daz(F64, a, d64);
            let (r, flags) =
                softfloat(|| SF64::from_bits(x).to_u32(RoundingMode::TowardZero, true));
            int_layer(x, false, r, flags)
        }
        Fp64Op::CvtF64I32 => {
            let (r, flags) = softfloat(|| {
                SF64::from_i32(lo(a) as u32 as i32, RoundingMode::TiesToEven).to_bits()
            });
            ans(r, flags)
        }
        Fp64Op::CvtF64U32 => {
            let (r, flags) =
                softfloat(|| SF64::from_u32(lo(a) as u32, RoundingMode::TiesToEven).to_bits());
            ans(r, flags)
        }
        Fp64Op::FrexpMant => frexp_reference(a, d64).0,
        Fp64Op::FrexpExp => frexp_reference(a, d64).1,
        Fp64Op::Cmp(cc) => sf_compare(cc, a, b, ctl.exec),
        Fp64Op::CmpClass => ans(
            (ctl.exec && class_bit(a) as u64 & lo(b) & 0x3ff != 0) as u64,
            0,
        ),
    }
}

fn check(op: Fp64Op, a: u64, b: u64, c: u64, ctl: &Controls) {
    let got = execute(op, a, b, c, ctl);
    let want = reference(op, a, b, c, ctl);
    assert_eq!(got, want, "{}", show(op, a, b, c, ctl));
}

// ===================================================================== operands

/// One value of every special class of a format, both signs: zeros,
/// subnormals (smallest, largest, middle), smallest and largest normals,
/// values with ties and fractions, infinities, quiet and signalling NaNs.
fn specials(fmt: Format) -> Vec<u64> {
    let fb = fmt.frac_bits();
    let one = fmt.one();
    let mags = [
        0,
        1,
        fmt.frac_mask(),
        (1 << (fb - 1)) | 1,
        1 << fb,
        fmt.max_finite(false),
        one,
        one | (1 << (fb - 1)),                           // 1.5
        (fmt.bias() as u64 + 1) << fb | (1 << (fb - 2)), // 2.5
        ((fmt.bias() as u64 + fb as u64) << fb) - 1,     // 2^p−1 − ulp/2: largest non-integer
        (fmt.bias() as u64 - 1) << fb,                   // 0.5
        fmt.infinity(false),
        fmt.canonical_nan(),
        fmt.canonical_nan() | 0x1234,
        fmt.infinity(false) | 1,               // sNaN
        fmt.infinity(false) | (1 << (fb - 2)), // sNaN
    ];
    let mut v = Vec::new();
    for m in mags {
        v.push(m);
        v.push(m | fmt.sign_bit());
    }
    v
}

/// 32-bit integer sources of fcvt.f64.i32/u32.
const INTS: [u64; 10] = [
    0,
    1,
    0xffff_ffff,
    0x8000_0000,
    0x7fff_ffff,
    3,
    0x0100_0001,
    0xffff_fffe,
    0x8000_0001,
    0x1234_5678,
];

/// fldexp exponents around every edge, and the int32 extremes.
const LDEXP_N: [i32; 16] = [
    0,
    1,
    -1,
    52,
    -52,
    1023,
    -1022,
    -1074,
    -1075,
    2046,
    -2046,
    -2098,
    2098,
    i32::MIN,
    i32::MAX,
    -53,
];

/// cmp.class masks: each class, none, all, the upper bits only.
fn class_masks() -> Vec<u64> {
    let mut v: Vec<u64> = (0..10).map(|k| 1 << k).collect();
    v.extend([0, 0x3ff, 0xffff_fc00, 0x0000_0201]);
    v
}

/// The sources an operation reads, position by position.
fn operand_lists(op: Fp64Op) -> Vec<Vec<u64>> {
    let s64 = specials(F64);
    match op {
        Fp64Op::CvtF64F32 => vec![specials(F32)],
        Fp64Op::CvtF64I32 | Fp64Op::CvtF64U32 => vec![INTS.to_vec()],
        Fp64Op::Fldexp => vec![s64, LDEXP_N.iter().map(|&n| n as u32 as u64).collect()],
        Fp64Op::CmpClass => vec![s64, class_masks()],
        _ => vec![s64; op.operand_widths().len()],
    }
}

/// Every flush combination (daz32 ftz32 daz64 ftz64 as 4 bits) and mode.
fn mode_of(flush: u32, rm: Rm, frm: Rm) -> Mode {
    Mode {
        frm,
        frm64: rm,
        daz32: flush & 1 != 0,
        ftz32: flush & 2 != 0,
        daz64: flush & 4 != 0,
        ftz64: flush & 8 != 0,
    }
}

// ===================================================================== tests

#[test]
fn every_op_every_special_class_every_flush_and_mode() {
    let mut checked = 0usize;
    for op in Fp64Op::ALL {
        let lists = operand_lists(op);
        let empty = vec![0u64];
        let la = &lists[0];
        let lb = lists.get(1).unwrap_or(&empty);
        let lc = lists.get(2).unwrap_or(&empty);
        for flush in 0..16 {
            for (i, rm) in Rm::ALL.into_iter().enumerate() {
                // frm differs from frm64 so that a wrong field shows.
                let frm = Rm::ALL[(i + 2) % 5];
                let mode = mode_of(flush, rm, frm);
                for (ia, &a) in la.iter().enumerate() {
                    for (ib, &b) in lb.iter().enumerate() {
                        for (ic, &c) in lc.iter().enumerate() {
                            let k = (ia + 3 * ib + 7 * ic + flush as usize) as u8;
                            let ctl = Controls {
                                // Every rm code, 5 and 6 (DYN at the port) included.
                                rm: (k.wrapping_add(i as u8)) % 8,
                                neg: k % 8,
                                abs: (k / 8) % 8,
                                exec: k % 5 != 4,
                                mode,
                            };
                            check(op, a, b, c, &ctl);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    println!("{checked} special-operand cases");
}

/// TestFloat level 1: boundary signs × exponents × significands.
fn level1_operands() -> Vec<u64> {
    let fb = 52;
    let emax = 0x7ff;
    let bias = 1023;
    let exps = [0, 1, 2, bias - 1, bias, bias + 1, emax - 2, emax - 1, emax];
    let fracs = [
        0,
        1,
        2,
        3,
        1 << (fb - 1),
        (1 << (fb - 1)) + 1,
        F64.frac_mask() >> 1,
        F64.frac_mask() - 1,
        F64.frac_mask(),
    ];
    let mut list = Vec::new();
    for sign in [0, SIGN] {
        for e in exps {
            for f in fracs {
                list.push(sign | (e << fb) | f);
            }
        }
    }
    list
}

#[test]
fn testfloat_level1_add_sub_mul_fma_in_every_mode() {
    let list = level1_operands();
    // A cut of the list as fma addends (every sign, exponent edge, a few fractions).
    let addends: Vec<u64> = list.iter().copied().step_by(4).collect();
    for rm in Rm::ALL {
        for flush in [0, 0xf] {
            let ctl = Controls {
                rm: rm.code() as u8,
                mode: mode_of(flush, rm, Rm::Rne),
                ..Controls::default()
            };
            for &a in &list {
                for &b in &list {
                    for op in [Fp64Op::Fadd, Fp64Op::Fsub, Fp64Op::Fmul] {
                        check(op, a, b, 0, &ctl);
                    }
                }
            }
            if flush == 0 || rm == Rm::Rne {
                for &a in &list {
                    for &b in list.iter().step_by(2) {
                        for &c in &addends {
                            check(Fp64Op::Ffma, a, b, c, &ctl);
                        }
                    }
                }
            }
        }
    }
}

/// A float operand that hits the classes and boundaries
/// ([`boundary_operand`] with mid-range exponents within ±60 of the bias).
fn operand(rng: &mut ChaCha8Rng, fmt: Format) -> u64 {
    boundary_operand(rng, fmt, 60)
}

/// One random operation of `op`: special-heavy operands, near-cancelling
/// sums, random MODE, rm (every code), masks and exec.
fn random_case(rng: &mut ChaCha8Rng, op: Fp64Op) -> (u64, u64, u64, Controls) {
    let mut v = [0u64; 3];
    for (k, &w) in op.operand_widths().iter().enumerate() {
        v[k] = match (op, k) {
            (Fp64Op::Fldexp, 1) => {
                let n: i32 = match rng.gen_range(0..4) {
                    0 => rng.gen(),
                    1 => rng.gen_range(-60..60),
                    _ => rng.gen_range(-2200..2200),
                };
                n as u32 as u64
            }
            (Fp64Op::CmpClass, 1) => rng.gen::<u64>() & 0xffff_ffff >> rng.gen_range(0..32),
            (Fp64Op::CvtF64I32 | Fp64Op::CvtF64U32, _) => {
                (rng.gen::<u32>() >> rng.gen_range(0..32)) as u64
            }
            _ if w == 32 => operand(rng, F32),
            _ => operand(rng, F64),
        };
    }
    let ulps = rng.gen_range(0..5u64).wrapping_sub(2);
    match op {
        // a − b with b within a few ulps of a (massive cancellation).
        Fp64Op::Fsub | Fp64Op::Fadd if rng.gen_range(0..4) == 0 => {
            let flip = if op == Fp64Op::Fadd { SIGN } else { 0 };
            v[1] = v[0].wrapping_add(ulps) ^ flip;
        }
        // b's exponent puts a·b near the subnormal or the overflow threshold.
        Fp64Op::Fmul | Fp64Op::Ffma if rng.gen_range(0..4) == 0 => {
            let ea = ((v[0] >> 52) & 0x7ff) as i64;
            let target = if rng.gen() {
                rng.gen_range(-1080..-1018)
            } else {
                rng.gen_range(1020..1025)
            };
            let eb = (target + 2046 - ea).clamp(1, 2046) as u64;
            v[1] = (v[1] & !(0x7ff << 52)) | (eb << 52);
        }
        // c within a few ulps of −a·b.
        Fp64Op::Ffma if rng.gen_range(0..3) == 0 => {
            let p = execute(Fp64Op::Fmul, v[0], v[1], 0, &Controls::default()).result;
            v[2] = (p ^ SIGN).wrapping_add(ulps);
        }
        _ => {}
    }
    let ctl = Controls {
        rm: rng.gen_range(0..8),
        neg: rng.gen_range(0..8),
        abs: if rng.gen_range(0..4) == 0 {
            rng.gen_range(0..8)
        } else {
            0
        },
        exec: rng.gen_range(0..8) != 0,
        mode: Mode {
            frm: Rm::ALL[rng.gen_range(0..5)],
            frm64: Rm::ALL[rng.gen_range(0..5)],
            daz32: rng.gen_range(0..4) == 0,
            ftz32: rng.gen_range(0..4) == 0,
            daz64: rng.gen_range(0..4) == 0,
            ftz64: rng.gen_range(0..4) == 0,
        },
    };
    (v[0], v[1], v[2], ctl)
}

fn random_against_references(op: Fp64Op, count: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (op.code() as u64) << 16);
    for _ in 0..count {
        let (a, b, c, ctl) = random_case(&mut rng, op);
        check(op, a, b, c, &ctl);
    }
}

/// Operations whose reference is exact rational arithmetic (slow): fewer.
fn ci_count(op: Fp64Op) -> usize {
    match op {
        Fp64Op::Fldexp | Fp64Op::Ffract | Fp64Op::FrexpMant | Fp64Op::FrexpExp => 5_000,
        _ => 30_000,
    }
}

#[test]
fn random_operations_match_the_references() {
    for op in Fp64Op::ALL {
        random_against_references(op, ci_count(op), 1);
    }
}

#[test]
#[ignore = "long: 10 M random operations per op against the references"]
fn ten_million_per_op() {
    let count: usize = std::env::var("FP64_RANDOM_PER_OP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let all = std::time::Instant::now();
    for op in Fp64Op::ALL {
        let start = std::time::Instant::now();
        random_against_references(op, count, 77);
        println!(
            "{}: {count} in {:.1} s",
            op.mnemonic(),
            start.elapsed().as_secs_f64()
        );
    }
    println!("40 ops x {count}: {:.1} s", all.elapsed().as_secs_f64());
}

#[test]
fn codec_random_traffic_matches_the_references() {
    // The codec's own generator (the RTL's random stream) through its parser.
    let lines = Fp64Codec::default().random_lines(100_000, 3);
    for line in &lines {
        let req = parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        check(req.op, req.a, req.b, req.c, &req.ctl);
    }
}

#[test]
fn conversions_match_exact_arithmetic() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let d = Controls::default();
    for _ in 0..20_000 {
        let x = operand(&mut rng, F64);
        let finite = (x >> 52) & 0x7ff != 0x7ff;
        for rm in Rm::ALL {
            let ctl = Controls {
                mode: Mode {
                    frm: rm,
                    ..Mode::default()
                },
                ..d
            };
            let got = execute(Fp64Op::CvtF32F64, x, 0, 0, &ctl);
            if finite && x & !SIGN != 0 {
                let want = round_rational(F32, &rational(F64, x), rm);
                assert_eq!(got, want, "fcvt.f32.f64 {x:#x} {rm:?}");
            }
        }
        if finite {
            // Truncation: the integer part, NX when a fraction was dropped.
            let q = rational(F64, x);
            let t = q.trunc();
            let inexact = t != q;
            let ti = t.to_integer();
            let i = execute(Fp64Op::CvtI32F64, x, 0, 0, &d);
            match i32::try_from(ti.clone()) {
                Ok(v) => assert_eq!(i, ans(v as u32 as u64, inexact as u8 * NX), "{x:#x}"),
                Err(_) => assert_eq!(i.flags, NV, "{x:#x}"),
            }
            let u = execute(Fp64Op::CvtU32F64, x, 0, 0, &d);
            match u32::try_from(ti) {
                Ok(v) => assert_eq!(u, ans(v as u64, inexact as u8 * NX), "{x:#x}"),
                Err(_) => assert_eq!(u.flags, NV, "{x:#x}"),
            }
        }
        // Exact widenings and integer conversions.
        let s = operand(&mut rng, F32);
        if (s >> 23) & 0xff != 0xff && s & 0x7fff_ffff != 0 {
            let w = execute(Fp64Op::CvtF64F32, s, 0, 0, &d);
            assert_eq!(rational(F64, w.result), rational(F32, s), "{s:#x}");
            assert_eq!(w.flags, 0);
        }
        let n = rng.gen::<u32>() >> rng.gen_range(0..32);
        let si = execute(Fp64Op::CvtF64I32, n as u64, 0, 0, &d);
        let ui = execute(Fp64Op::CvtF64U32, n as u64, 0, 0, &d);
        assert_eq!(
            rational(F64, si.result),
            BigRational::from_integer((n as i32).into())
        );
        assert_eq!(
            rational(F64, ui.result),
            BigRational::from_integer(n.into())
        );
        assert_eq!(si.flags | ui.flags, 0);
    }
}

#[test]
fn directed_cases_of_spec_g3() {
    let d = Controls::default();
    let run = |op, a, b| execute(op, a, b, 0, &d);
    let one = 0x3ff0_0000_0000_0000u64;
    // fldexp: any int32; overflow and underflow in one rounding.
    assert_eq!(
        run(Fp64Op::Fldexp, one, i32::MAX as u64),
        ans(0x7ff0_0000_0000_0000, 0x05)
    );
    assert_eq!(
        run(Fp64Op::Fldexp, one | SIGN, i32::MIN as u32 as u64),
        ans(SIGN, 0x03)
    );
    assert_eq!(
        run(Fp64Op::Fldexp, one, (-1074i32) as u32 as u64),
        ans(1, 0)
    );
    assert_eq!(
        run(Fp64Op::Fldexp, one, (-1075i32) as u32 as u64),
        ans(0, 0x03)
    );
    assert_eq!(
        run(Fp64Op::Fldexp, 0x7ff0_0000_0000_0001, 3),
        ans(CANONICAL, NV)
    );
    assert_eq!(run(Fp64Op::Fldexp, SIGN, 5), ans(SIGN, 0));
    // ffract: integers → +0; ±Inf → NaN (NV); negative fractions.
    assert_eq!(run(Fp64Op::Ffract, 0xc008_0000_0000_0000, 0), ans(0, 0));
    assert_eq!(run(Fp64Op::Ffract, SIGN, 0), ans(0, 0));
    assert_eq!(
        run(Fp64Op::Ffract, 0xfff0_0000_0000_0000, 0),
        ans(CANONICAL, NV)
    );
    assert_eq!(
        run(Fp64Op::Ffract, 0xbfd0_0000_0000_0000, 0), // −0.25 → 0.75
        ans(0x3fe8_0000_0000_0000, 0)
    );
    // frexp: 8 = 0.5·2^4; the smallest subnormal = 0.5·2^-1073; NaN, Inf kept.
    assert_eq!(
        run(Fp64Op::FrexpMant, 0xc020_0000_0000_0000, 0),
        ans(0xbfe0_0000_0000_0000, 0)
    );
    assert_eq!(run(Fp64Op::FrexpExp, 0x4020_0000_0000_0000, 0), ans(4, 0));
    assert_eq!(
        run(Fp64Op::FrexpExp, 1, 0),
        ans((-1073i32) as u32 as u64, 0)
    );
    assert_eq!(run(Fp64Op::FrexpMant, 1, 0), ans(0x3fe0_0000_0000_0000, 0));
    assert_eq!(
        run(Fp64Op::FrexpExp, 0x7fef_ffff_ffff_ffff, 0),
        ans(1024, 0)
    );
    assert_eq!(
        run(Fp64Op::FrexpMant, 0x7ff0_0000_0000_0001, 0),
        ans(0x7ff0_0000_0000_0001, 0)
    );
    // Conversions: saturation and NaN values (RISC-V).
    assert_eq!(run(Fp64Op::CvtI32F64, CANONICAL, 0), ans(0x7fff_ffff, NV));
    assert_eq!(run(Fp64Op::CvtU32F64, CANONICAL, 0), ans(0xffff_ffff, NV));
    assert_eq!(
        run(Fp64Op::CvtU32F64, 0xbfe0_0000_0000_0000, 0), // −0.5
        ans(0, NX)
    );
    assert_eq!(run(Fp64Op::CvtU32F64, 0xbff0_0000_0000_0000, 0), ans(0, NV));
    assert_eq!(
        run(Fp64Op::CvtI32F64, 0xc1e0_0000_0000_0000, 0), // −2^31
        ans(0x8000_0000, 0)
    );
    assert_eq!(
        run(Fp64Op::CvtI32F64, 0x41e0_0000_0000_0000, 0), // 2^31
        ans(0x7fff_ffff, NV)
    );
    // fmin/fmax: −0 < +0, one NaN → the other, two → canonical, sNaN → NV.
    assert_eq!(run(Fp64Op::Fmin, 0, SIGN), ans(SIGN, 0));
    assert_eq!(run(Fp64Op::Fmax, SIGN, 0), ans(0, 0));
    assert_eq!(run(Fp64Op::Fmin, CANONICAL, one), ans(one, 0));
    assert_eq!(run(Fp64Op::Fmax, 0x7ff0_0000_0000_0001, one), ans(one, NV));
    assert_eq!(
        run(Fp64Op::Fmin, 0x7ff0_0000_0000_0001, 0xfff8_0000_0000_0000),
        ans(CANONICAL, NV)
    );
    // DAZ reaches the operand fmin returns.
    let daz = Controls {
        mode: Mode {
            daz64: true,
            ..Mode::default()
        },
        ..d
    };
    assert_eq!(
        execute(Fp64Op::Fmin, CANONICAL, SIGN | 1, 0, &daz),
        ans(SIGN, 0)
    );
    // Compares: inactive lanes answer 0 with no flag; ±0 equal.
    let off = Controls { exec: false, ..d };
    assert_eq!(
        execute(Fp64Op::Cmp(Cc::Lt), CANONICAL, 0, 0, &off),
        ans(0, 0)
    );
    assert_eq!(run(Fp64Op::Cmp(Cc::Eq), 0, SIGN), ans(1, 0));
    assert_eq!(run(Fp64Op::Cmp(Cc::Eq), CANONICAL, 0), ans(0, 0));
    assert_eq!(run(Fp64Op::Cmp(Cc::Neu), CANONICAL, 0), ans(1, 0));
    assert_eq!(
        run(Fp64Op::Cmp(Cc::Equ), 0x7ff0_0000_0000_0001, 0),
        ans(1, NV)
    );
    // cmp.class: +normal & mask bit 6.
    assert_eq!(run(Fp64Op::CmpClass, one, 0x40), ans(1, 0));
    assert_eq!(run(Fp64Op::CmpClass, one, 0xffff_fc00), ans(0, 0));
    assert_eq!(run(Fp64Op::Fclass, SIGN | 1, 0), ans(1 << 2, 0));
    // ffma: ∞·0 + qNaN is invalid (RISC-V).
    assert_eq!(
        execute(
            Fp64Op::Ffma,
            0x7ff0_0000_0000_0000,
            0,
            CANONICAL,
            &Controls::default()
        ),
        ans(CANONICAL, NV)
    );
    // fcvt.f32.f64.m with rm=rtz vs frm; DAZ and FTZ of the right widths.
    let rtz = Controls {
        rm: 1,
        ..Controls::default()
    };
    let third = 0x3fd5_5555_5555_5555;
    assert_eq!(
        execute(Fp64Op::CvtF32F64M, third, 0, 0, &rtz),
        ans(0x3eaa_aaaa, NX)
    );
    assert_eq!(run(Fp64Op::CvtF32F64, third, 0), ans(0x3eaa_aaab, NX));
    let ftz32 = Controls {
        mode: Mode {
            ftz32: true,
            ftz64: false,
            ..Mode::default()
        },
        ..d
    };
    // 2^-130 is a binary32 subnormal: flushed under ftz32, with UF|NX.
    assert_eq!(
        execute(Fp64Op::CvtF32F64, 0x37d0_0000_0000_0000, 0, 0, &ftz32),
        ans(0, 0x03)
    );
    assert_eq!(
        run(Fp64Op::CvtF32F64, 0x37d0_0000_0000_0000, 0),
        ans(0x0008_0000, 0)
    );
}

#[test]
fn example_vectors_answer_as_commented() {
    let text = include_str!("../vectors/fp64.txt");
    let mut codec = Fp64Codec::default();
    let mut seen = std::collections::HashSet::new();
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        let Some(body) = units::vector::strip_comment(line) else {
            continue;
        };
        let req = parse_line(body).unwrap_or_else(|e| panic!("fp64.txt:{}: {e}", i + 1));
        seen.insert(req.op);
        let got = codec.model(&codec.parse(body).unwrap()).unwrap();
        let comment: Vec<&str> = line
            .split_once('#')
            .unwrap_or_else(|| panic!("fp64.txt:{}: no expected answer", i + 1))
            .1
            .split_whitespace()
            .take(2)
            .collect();
        assert_eq!(got, comment.join(" "), "fp64.txt:{}: {body}", i + 1);
        // The model agrees with the references on every example, too.
        check(req.op, req.a, req.b, req.c, &req.ctl);
        lines += 1;
    }
    assert_eq!(
        seen.len(),
        Fp64Op::ALL.len(),
        "every mnemonic has an example"
    );
    assert!(lines >= 40);
    for spec_line in [
        "fadd.f64 3ff0000000000000 4000000000000000",
        "ffma.f64 rm=rdn neg=4 3ff0000000000000 3ff0000000000000 3c90000000000000",
        "cmp.lt.f64 exec=1 7ff8000000000000 0000000000000000",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(spec_line)),
            "SPEC-G3 §7 line {spec_line:?} in fp64.txt"
        );
    }
}
