//! Verification of the XMU conversion golden model (`units::xmu::convert`)
//! and of the shared rounder (`units::fp`) behind it.
//!
//! Three references, each independent of the model's code:
//! - **Berkeley SoftFloat** (softfloat-wrapper): f16/f32/f64 ↔ each other,
//!   float → integer, integer → float, round-to-integral;
//! - a **table reference**: every finite value of a ≤ 16-bit destination
//!   (f16, bf16, e4m3, e5m2) as an `f64`, found by binary search and decided
//!   by exact `f64` comparisons — fast enough for all 2^32 f32 inputs;
//! - an **exact rational reference** (num-rational): the source decoded to a
//!   `BigRational`, rounded by division and comparison with the midpoint.
//!
//! SPEC.md's NaN, `.ftz` and `.sat` rules are a thin layer written here on
//! top of each reference's finite results (softfloat's NaNs and saturation
//! values are x86's, not the unit's).
//!
//! CI runs every f16 and bf16 input for all their conversions and roundings,
//! every 8/16-bit integer, large seeded random samples of f32, f64 and
//! 32/64-bit integers, directed cases and the vector-line parser. The
//! `#[ignore]` tests sweep all 2^32 f32 inputs (two threads):
//! `cargo test -p testbench --test xmu_convert_model -- --ignored --test-threads=1`.

use std::time::Instant;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, BF16, F16, F32, F64};
use testbench::reference::{
    float_fields, infinity_encoding, is_inf, is_nan, is_subnormal, is_zero, magnitude,
    max_finite_encoding, pow2, random_float, random_integer, round_rational,
    round_rational_to_integer, sign_bit, sign_of, softfloat_rounding, to_f64,
};
use units::fp::{FloatFormat, Rounding, Specials};
use units::vector::{fields, strip_comment};
use units::xmu::convert::{
    execute, format_result, parse_convert, ConvertOp, FloatType, Fp8Type, IntType, PackedType,
};

// ---------------------------------------------------------------------------
// Bookkeeping
// ---------------------------------------------------------------------------

/// Counts checks and keeps the first mismatches, printed in hex.
struct Checker {
    name: &'static str,
    checked: u64,
    failures: u64,
    shown: Vec<String>,
    start: Instant,
}

impl Checker {
    fn new(name: &'static str) -> Self {
        Self {
            name,
            checked: 0,
            failures: 0,
            shown: Vec::new(),
            start: Instant::now(),
        }
    }

    fn check(&mut self, op: &ConvertOp, a: u64, b: u64, got: u64, want: u64) {
        self.checked += 1;
        if got != want {
            self.failures += 1;
            if self.shown.len() < 25 {
                let w = op.src_bits();
                let operands = if op.operand_count() == 2 {
                    format!("{} {}", hex(a, w), hex(b, w))
                } else {
                    hex(a, w)
                };
                self.shown.push(format!(
                    "{op} {operands}: model {} reference {}",
                    format_result(op, got),
                    format_result(op, want)
                ));
            }
        }
    }

    /// A mismatch found outside `check` (reference cross-checks).
    fn fail(&mut self, message: String) {
        self.failures += 1;
        if self.shown.len() < 25 {
            self.shown.push(message);
        }
    }

    fn finish(self) {
        println!(
            "{}: {} checks, {} mismatches, {:.2} s",
            self.name,
            self.checked,
            self.failures,
            self.start.elapsed().as_secs_f64()
        );
        assert!(
            self.failures == 0,
            "{}: {} of {} checks failed; first ones:\n{}",
            self.name,
            self.failures,
            self.checked,
            self.shown.join("\n")
        );
    }
}

fn hex(v: u64, bits: u32) -> String {
    format!("{:0w$x}", v, w = bits.div_ceil(4) as usize)
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

const BOOLS: [bool; 2] = [false, true];

// ---------------------------------------------------------------------------
// Independent field decoding
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Exact rational reference
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Table reference: all finite values of a ≤ 16-bit format
// ---------------------------------------------------------------------------

struct Table {
    fmt: FloatFormat,
    /// `vals[i]` = value of the positive encoding `i`, for i ≤ max finite.
    vals: Vec<f64>,
    /// The value one ulp above the largest finite (2^(emax+1)).
    next: f64,
}

impl Table {
    fn new(fmt: FloatFormat) -> Self {
        let max = max_finite_encoding(fmt);
        let vals: Vec<f64> = (0..=max).map(|i| to_f64(fmt, i)).collect();
        let ulp = vals[max as usize] - vals[max as usize - 1];
        let next = vals[max as usize] + ulp;
        Self { fmt, vals, next }
    }

    /// Rounds a finite f64 (every source here converts to f64 exactly).
    fn round(&self, x: f64, rm: Rounding, satfinite: bool) -> u64 {
        self.round_all(x, satfinite)[rm as usize]
    }

    /// The four roundings of `x` (indexed by `Rounding as usize`), with one
    /// table search.
    fn round_all(&self, x: f64, satfinite: bool) -> [u64; 4] {
        let neg = x.is_sign_negative();
        let a = x.abs();
        let sign = sign_bit(self.fmt, neg);
        // lo = largest encoding whose value ≤ a.
        let lo = self.vals.partition_point(|&v| v <= a) - 1;
        let vlo = self.vals[lo];
        if vlo == a {
            return [sign | lo as u64; 4];
        }
        let max = self.vals.len() - 1;
        let vhi = if lo == max {
            self.next
        } else {
            self.vals[lo + 1]
        };
        // Both sums are exact: the table's values have few significant bits.
        let twice = 2.0 * a;
        let mid = vlo + vhi;
        Rounding::ALL.map(|rm| {
            let up = match rm {
                Rounding::Rz => false,
                Rounding::Rm => neg,
                Rounding::Rp => !neg,
                Rounding::Rn => twice > mid || (twice == mid && lo % 2 == 1),
                Rounding::Rmm => twice >= mid,
            };
            let overflow = (up && lo == max) || a >= self.next;
            if overflow {
                let to_inf = !satfinite
                    && match rm {
                        Rounding::Rn | Rounding::Rmm => true,
                        Rounding::Rz => false,
                        Rounding::Rm => neg,
                        Rounding::Rp => !neg,
                    };
                if to_inf {
                    infinity_encoding(self.fmt, neg)
                } else {
                    sign | max as u64
                }
            } else {
                sign | (lo as u64 + up as u64)
            }
        })
    }
}

// ---------------------------------------------------------------------------
// SoftFloat
// ---------------------------------------------------------------------------

/// Float → float between f16, f32, f64 (a finite, non-NaN input).
fn sf_f2f(src: FloatType, dst: FloatType, x: u64, rm: Rounding) -> u64 {
    let r = softfloat_rounding(rm);
    match (src, dst) {
        (FloatType::F16, FloatType::F32) => F16::from_bits(x as u16).to_f32(r).to_bits() as u64,
        (FloatType::F16, FloatType::F64) => F16::from_bits(x as u16).to_f64(r).to_bits(),
        (FloatType::F32, FloatType::F16) => F32::from_bits(x as u32).to_f16(r).to_bits() as u64,
        (FloatType::F32, FloatType::F64) => F32::from_bits(x as u32).to_f64(r).to_bits(),
        (FloatType::F64, FloatType::F16) => F64::from_bits(x).to_f16(r).to_bits() as u64,
        (FloatType::F64, FloatType::F32) => F64::from_bits(x).to_f32(r).to_bits() as u64,
        (s, d) if s == d => x,
        _ => panic!("softfloat has no {src:?} -> {dst:?}"),
    }
}

/// Round to integral in the same format (bf16 through f32, which is exact).
fn sf_round_int(ty: FloatType, x: u64, rm: Rounding) -> u64 {
    let r = softfloat_rounding(rm);
    match ty {
        FloatType::F16 => F16::from_bits(x as u16).round_to_integral(r).to_bits() as u64,
        FloatType::Bf16 => BF16::from_bits(x as u16).round_to_integral(r).to_bits() as u64,
        FloatType::F32 => F32::from_bits(x as u32).round_to_integral(r).to_bits() as u64,
        FloatType::F64 => F64::from_bits(x).round_to_integral(r).to_bits(),
    }
}

/// Float → integer, exact rounded value when it fits 64 bits (signed or
/// unsigned), else ±(2^100) to stand for "beyond every range".
fn sf_f2i(ty: FloatType, x: u64, rm: Rounding) -> i128 {
    fn run<T: Float>(v: T, rm: RoundingMode) -> Option<i128> {
        let mut flags = ExceptionFlags::default();
        flags.set();
        let s = v.to_i64(rm, false);
        flags.get();
        if !flags.is_invalid() {
            return Some(s as i128);
        }
        let mut flags = ExceptionFlags::default();
        flags.set();
        let u = v.to_u64(rm, false);
        flags.get();
        (!flags.is_invalid()).then_some(u as i128)
    }
    let r = softfloat_rounding(rm);
    let got = match ty {
        FloatType::F16 => run(F16::from_bits(x as u16), r),
        FloatType::Bf16 => run(BF16::from_bits(x as u16), r),
        FloatType::F32 => run(F32::from_bits(x as u32), r),
        FloatType::F64 => run(F64::from_bits(x), r),
    };
    got.unwrap_or(if sign_of(ty.format(), x) {
        -(1i128 << 100)
    } else {
        1i128 << 100
    })
}

/// Integer → f16/f32/f64.
fn sf_i2f(dst: FloatType, v: i128, rm: Rounding) -> u64 {
    fn run<T: Float>(v: i128, rm: RoundingMode) -> T {
        if let Ok(s) = i64::try_from(v) {
            T::from_i64(s, rm)
        } else {
            T::from_u64(v as u64, rm)
        }
    }
    let r = softfloat_rounding(rm);
    match dst {
        FloatType::F16 => run::<F16>(v, r).to_bits() as u64,
        FloatType::F32 => run::<F32>(v, r).to_bits() as u64,
        FloatType::F64 => run::<F64>(v, r).to_bits(),
        FloatType::Bf16 => panic!("softfloat-wrapper's bf16 conversions truncate"),
    }
}

// ---------------------------------------------------------------------------
// SPEC.md's NaN / FTZ / SAT layer over a finite core
// ---------------------------------------------------------------------------

/// SPEC §4 F2F NaN rule, written out per destination.
fn f2f_nan(src: FloatType, dst: FloatType, x: u64) -> u64 {
    let (sf, df) = (src.format(), dst.format());
    match dst {
        FloatType::F16 | FloatType::Bf16 => 0x7fff,
        FloatType::F32 | FloatType::F64 => {
            let (s, _, m) = float_fields(sf, x);
            let payload = if df.man_bits >= sf.man_bits {
                m << (df.man_bits - sf.man_bits)
            } else {
                m >> (sf.man_bits - df.man_bits)
            };
            let top = ((1u64 << df.exp_bits) - 1) << df.man_bits;
            sign_bit(df, s) | top | (1 << (df.man_bits - 1)) | payload
        }
    }
}

/// `.sat`: [0, 1], NaN → +0.
fn sat_unit(fmt: FloatFormat, r: u64) -> u64 {
    if is_nan(fmt, r) || sign_of(fmt, r) {
        return 0;
    }
    let v = to_f64(fmt, r);
    if v > 1.0 {
        to_one(fmt)
    } else {
        r
    }
}

fn to_one(fmt: FloatFormat) -> u64 {
    let bias = (1u64 << (fmt.exp_bits - 1)) - 1;
    bias << fmt.man_bits
}

/// F2F reference: NaN rule, input flush, zeros and infinities, the core
/// for finite non-zero inputs, output flush, clamp.
fn ref_f2f(
    dst: FloatType,
    src: FloatType,
    rm: Rounding,
    ftz: bool,
    sat: bool,
    x: u64,
    core: &dyn Fn(u64, Rounding) -> u64,
) -> u64 {
    let (sf, df) = (src.format(), dst.format());
    let r = if is_nan(sf, x) {
        f2f_nan(src, dst, x)
    } else if is_inf(sf, x) {
        infinity_encoding(df, sign_of(sf, x))
    } else if is_zero(sf, x) || (ftz && is_subnormal(sf, x)) {
        sign_bit(df, sign_of(sf, x))
    } else {
        let r = core(x, rm);
        if ftz && is_subnormal(df, r) {
            sign_bit(df, sign_of(df, r))
        } else {
            r
        }
    };
    if sat {
        sat_unit(df, r)
    } else {
        r
    }
}

/// FRND reference over softfloat's round-to-integral.
fn ref_frnd(ty: FloatType, rm: Rounding, ftz: bool, sat: bool, x: u64) -> u64 {
    let fmt = ty.format();
    let r = if is_nan(fmt, x) {
        match ty {
            FloatType::F64 => x | (1 << 51),
            FloatType::F32 => 0x7fff_ffff,
            FloatType::F16 | FloatType::Bf16 => 0x7fff,
        }
    } else if ftz && is_subnormal(fmt, x) {
        sign_bit(fmt, sign_of(fmt, x))
    } else {
        sf_round_int(ty, x, rm)
    };
    if sat {
        sat_unit(fmt, r)
    } else {
        r
    }
}

/// F2I reference: NaN → 0, ±∞ and out-of-range saturate, flushed input → 0.
fn ref_f2i(
    dst: IntType,
    src: FloatType,
    rm: Rounding,
    ftz: bool,
    x: u64,
    core: &dyn Fn(u64, Rounding) -> i128,
) -> u64 {
    let sf = src.format();
    let v: i128 = if is_nan(sf, x) || is_zero(sf, x) || (ftz && is_subnormal(sf, x)) {
        0
    } else if is_inf(sf, x) {
        if sign_of(sf, x) {
            i128::MIN
        } else {
            i128::MAX
        }
    } else {
        core(x, rm)
    };
    let (lo, hi) = int_range(dst);
    (v.clamp(lo, hi) as u64) & int_mask(dst)
}

/// Integer ranges written out from the widths.
fn int_range(t: IntType) -> (i128, i128) {
    use IntType::*;
    match t {
        U8 => (0, u8::MAX as i128),
        S8 => (i8::MIN as i128, i8::MAX as i128),
        U16 => (0, u16::MAX as i128),
        S16 => (i16::MIN as i128, i16::MAX as i128),
        U32 => (0, u32::MAX as i128),
        S32 => (i32::MIN as i128, i32::MAX as i128),
        U64 => (0, u64::MAX as i128),
        S64 => (i64::MIN as i128, i64::MAX as i128),
    }
}

fn int_mask(t: IntType) -> u64 {
    u64::MAX >> (64 - t.bits())
}

/// An integer encoding's value, by Rust's own casts.
fn int_value(t: IntType, x: u64) -> i128 {
    use IntType::*;
    match t {
        U8 => x as u8 as i128,
        S8 => x as u8 as i8 as i128,
        U16 => x as u16 as i128,
        S16 => x as u16 as i16 as i128,
        U32 => x as u32 as i128,
        S32 => x as u32 as i32 as i128,
        U64 => x as i128,
        S64 => x as i64 as i128,
    }
}

/// Rational F2I core.
fn rat_f2i_core(src: FloatType) -> impl Fn(u64, Rounding) -> i128 {
    move |x, rm| {
        let fmt = src.format();
        let q = magnitude(fmt, x);
        let v = round_rational_to_integer(sign_of(fmt, x), &q, rm);
        // Anything beyond ±2^100 saturates every type the same way.
        let cap = BigInt::one() << 100usize;
        if v > cap {
            1i128 << 100
        } else if v < -cap {
            -(1i128 << 100)
        } else {
            v.to_i128().unwrap()
        }
    }
}

// ---------------------------------------------------------------------------
// Input generation
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Reference dispatch for one float source value
// ---------------------------------------------------------------------------

/// The best reference core for a finite, non-zero source into `dst`:
/// softfloat where it exists, else the table (16-bit destinations).
fn f2f_core(src: FloatType, dst: FloatType, tables: &Tables) -> impl Fn(u64, Rounding) -> u64 + '_ {
    move |x, rm| match dst {
        FloatType::Bf16 => tables.bf16.round(to_f64(src.format(), x), rm, false),
        _ if src == FloatType::Bf16 => {
            // bf16 → f32 is the shift; from there softfloat.
            let f = x << 16;
            if dst == FloatType::F32 {
                f
            } else {
                sf_f2f(FloatType::F32, dst, f, rm)
            }
        }
        _ => sf_f2f(src, dst, x, rm),
    }
}

struct Tables {
    f16: Table,
    bf16: Table,
    e4m3: Table,
    e5m2: Table,
}

impl Tables {
    fn new() -> Self {
        Self {
            f16: Table::new(FloatFormat::F16),
            bf16: Table::new(FloatFormat::BF16),
            e4m3: Table::new(FloatFormat::E4M3),
            e5m2: Table::new(FloatFormat::E5M2),
        }
    }

    fn fp8(&self, t: Fp8Type) -> &Table {
        match t {
            Fp8Type::E4m3 => &self.e4m3,
            Fp8Type::E5m2 => &self.e5m2,
        }
    }
}

/// F2FP to FP8 reference: NaN → 0x7F, ±∞ → ±max, else the table with
/// satfinite.
fn ref_fp8(t: Fp8Type, table: &Table, x: u32) -> u64 {
    let f = f32::from_bits(x);
    if f.is_nan() {
        0x7f
    } else if f.is_infinite() {
        sign_bit(t.format(), f < 0.0) | max_finite_encoding(t.format())
    } else {
        table.round(f as f64, Rounding::Rn, true)
    }
}

/// Every conversion of one float source value, all modes and flags,
/// against the fast references. `rational` adds the rational cross-check of
/// the finite cores (slow: use on samples).
fn check_float_source(c: &mut Checker, tables: &Tables, src: FloatType, x: u64, rational: bool) {
    let sf = src.format();
    for rm in Rounding::ALL {
        for dst in FloatType::ALL {
            // The core result once; the layer only asks for it on finite
            // non-zero inputs.
            let finite = !is_nan(sf, x) && !is_inf(sf, x) && !is_zero(sf, x);
            let core_value = if finite {
                f2f_core(src, dst, tables)(x, rm)
            } else {
                0
            };
            let core = |_: u64, _: Rounding| core_value;
            // Second opinion on softfloat's f16 results: the table.
            if finite && dst == FloatType::F16 && src != FloatType::F16 {
                let t = tables.f16.round(to_f64(sf, x), rm, false);
                if t != core_value {
                    c.fail(format!(
                        "references disagree: {src:?} {} -> f16 {rm:?}: softfloat {core_value:04x}, table {t:04x}",
                        hex(x, sf.width())
                    ));
                }
            }
            for ftz in BOOLS {
                for sat in BOOLS {
                    let op = ConvertOp::F2f {
                        dst,
                        src,
                        rounding: rm,
                        ftz,
                        sat,
                    };
                    let want = ref_f2f(dst, src, rm, ftz, sat, x, &core);
                    c.check(&op, x, 0, execute(&op, x, 0), want);
                }
            }
            if rational && !is_nan(sf, x) && !is_inf(sf, x) {
                let q = magnitude(sf, x);
                let want = round_rational(dst.format(), sign_of(sf, x), &q, rm, false);
                let op = ConvertOp::F2f {
                    dst,
                    src,
                    rounding: rm,
                    ftz: false,
                    sat: false,
                };
                let got = execute(&op, x, 0);
                // Zero keeps its sign in both.
                c.check(&op, x, 0, got, want);
            }
        }
        for ftz in BOOLS {
            for sat in BOOLS {
                let op = ConvertOp::Frnd {
                    ty: src,
                    rounding: rm,
                    ftz,
                    sat,
                };
                let want = ref_frnd(src, rm, ftz, sat, x);
                c.check(&op, x, 0, execute(&op, x, 0), want);
            }
        }
        // The rounded integer once per (x, rm), clamped per type by the layer.
        let finite = !is_nan(sf, x) && !is_inf(sf, x) && !is_zero(sf, x);
        let sf_value = if finite { sf_f2i(src, x, rm) } else { 0 };
        let rat_value = if finite && rational {
            rat_f2i_core(src)(x, rm)
        } else {
            0
        };
        for ftz in BOOLS {
            let want_sf: Vec<u64> = IntType::ALL
                .iter()
                .map(|&dst| ref_f2i(dst, src, rm, ftz, x, &|_, _| sf_value))
                .collect();
            let want_rat: Option<Vec<u64>> = rational.then(|| {
                let v = rat_value;
                IntType::ALL
                    .iter()
                    .map(|&dst| ref_f2i(dst, src, rm, ftz, x, &|_, _| v))
                    .collect()
            });
            for (i, dst) in IntType::ALL.into_iter().enumerate() {
                for ntz in BOOLS {
                    let op = ConvertOp::F2i {
                        dst,
                        src,
                        rounding: rm,
                        ftz,
                        ntz,
                    };
                    let got = execute(&op, x, 0);
                    c.check(&op, x, 0, got, want_sf[i]);
                    if let Some(w) = &want_rat {
                        c.check(&op, x, 0, got, w[i]);
                    }
                }
            }
        }
    }
}

/// F2FP of one or two f32 values.
fn check_f2fp(c: &mut Checker, tables: &Tables, hi: u32, lo: u32, rational: bool) {
    for dst in PackedType::ALL {
        for rm in Rounding::ALL {
            let op = ConvertOp::F2fpPacked { dst, rounding: rm };
            let half = |x: u32| {
                let core = f2f_core(FloatType::F32, dst.half(), tables);
                ref_f2f(
                    dst.half(),
                    FloatType::F32,
                    rm,
                    false,
                    false,
                    x as u64,
                    &core,
                )
            };
            let want = (half(hi) << 16) | half(lo);
            c.check(
                &op,
                hi as u64,
                lo as u64,
                execute(&op, hi as u64, lo as u64),
                want,
            );
        }
    }
    for dst in Fp8Type::ALL {
        let op = ConvertOp::F2fp8 { dst };
        let got = execute(&op, hi as u64, 0);
        c.check(&op, hi as u64, 0, got, ref_fp8(dst, tables.fp8(dst), hi));
        if rational && f32::from_bits(hi).is_finite() {
            let q = magnitude(FloatFormat::F32, hi as u64);
            let want = round_rational(dst.format(), hi >> 31 != 0, &q, Rounding::Rn, true);
            c.check(&op, hi as u64, 0, got, want);
        }
    }
}

/// `v` as an f64 rounded to odd: truncated to 53 bits with the sticky ORed
/// into the LSB. Rounding that into any format of ≤ 51 significant bits
/// gives the correctly rounded result (the classic double-rounding fix).
fn round_to_odd_f64(v: i128) -> f64 {
    let m = v.unsigned_abs();
    let bits = 128 - m.leading_zeros();
    let mag = if bits <= 53 {
        m as f64
    } else {
        let shift = bits - 53;
        let hi = m >> shift;
        let sticky = m & ((1u128 << shift) - 1) != 0;
        (hi | sticky as u128) as f64 * 2f64.powi(shift as i32)
    };
    if v < 0 {
        -mag
    } else {
        mag
    }
}

/// I2F of one integer, every destination and rounding.
fn check_int_source(c: &mut Checker, tables: &Tables, src: IntType, x: u64, rational: bool) {
    let v = int_value(src, x);
    for dst in FloatType::ALL {
        for rm in Rounding::ALL {
            let op = ConvertOp::I2f {
                dst,
                src,
                rounding: rm,
            };
            let got = execute(&op, x, 0);
            let want = match dst {
                FloatType::Bf16 => tables.bf16.round(round_to_odd_f64(v), rm, false),
                _ => sf_i2f(dst, v, rm),
            };
            c.check(&op, x, 0, got, want);
            if rational {
                let q = BigRational::from_integer(BigInt::from(v.unsigned_abs()));
                c.check(
                    &op,
                    x,
                    0,
                    got,
                    round_rational(dst.format(), v < 0, &q, rm, false),
                );
            }
        }
    }
    for dst in IntType::ALL {
        let (lo, hi) = int_range(dst);
        let sat = ConvertOp::I2i {
            dst,
            src,
            sat: true,
        };
        c.check(
            &sat,
            x,
            0,
            execute(&sat, x, 0),
            (v.clamp(lo, hi) as u64) & int_mask(dst),
        );
        let wrap = ConvertOp::I2i {
            dst,
            src,
            sat: false,
        };
        // Rust's `as`: extend by the source's signedness, then truncate.
        let want = match dst {
            IntType::U8 | IntType::S8 => v as u8 as u64,
            IntType::U16 | IntType::S16 => v as u16 as u64,
            IntType::U32 | IntType::S32 => v as u32 as u64,
            IntType::U64 | IntType::S64 => v as u64,
        };
        c.check(&wrap, x, 0, execute(&wrap, x, 0), want);
    }
}

// ---------------------------------------------------------------------------
// CI tests
// ---------------------------------------------------------------------------

#[test]
fn f16_every_input_every_conversion() {
    let tables = Tables::new();
    let mut c = Checker::new("f16 sources, all 65536 inputs");
    for x in 0..=0xffffu64 {
        check_float_source(&mut c, &tables, FloatType::F16, x, x % 16 == 0);
    }
    c.finish();
}

#[test]
fn bf16_every_input_every_conversion() {
    let tables = Tables::new();
    let mut c = Checker::new("bf16 sources, all 65536 inputs");
    for x in 0..=0xffffu64 {
        check_float_source(&mut c, &tables, FloatType::Bf16, x, x % 16 == 0);
    }
    c.finish();
}

#[test]
fn f32_random_sample() {
    let tables = Tables::new();
    let mut c = Checker::new("f32 sources, random");
    let mut r = rng(0xf32);
    for i in 0..40_000 {
        let x = random_float(&mut r, FloatFormat::F32);
        let y = random_float(&mut r, FloatFormat::F32);
        let rational = i % 16 == 0;
        check_float_source(&mut c, &tables, FloatType::F32, x, rational);
        check_f2fp(&mut c, &tables, x as u32, y as u32, rational);
    }
    c.finish();
}

#[test]
fn f64_random_sample() {
    let tables = Tables::new();
    let mut c = Checker::new("f64 sources, random");
    let mut r = rng(0xf64);
    for i in 0..40_000 {
        let x = random_float(&mut r, FloatFormat::F64);
        check_float_source(&mut c, &tables, FloatType::F64, x, i % 16 == 0);
    }
    c.finish();
}

#[test]
fn f32_subnormals_and_fp8_sample() {
    // Every f32 → f16/bf16/fp8 on subnormal f32 inputs and the fp8/f16
    // ranges, denser than the general sample.
    let tables = Tables::new();
    let mut c = Checker::new("f32 subnormals and small-format ranges");
    let mut r = rng(0x5b);
    for _ in 0..100_000 {
        let exp: u32 = match r.gen_range(0..3) {
            0 => 0,
            1 => r.gen_range(127 - 30..=127 + 17),
            _ => r.gen_range(127 - 20..=127 + 10),
        };
        let x = (r.gen::<u32>() & 0x8000_0000) | (exp << 23) | (r.gen::<u32>() & 0x7f_ffff);
        check_f2fp(&mut c, &tables, x, x ^ 0x8000_0000, false);
        for dst in [FloatType::F16, FloatType::Bf16] {
            let core = f2f_core(FloatType::F32, dst, &tables);
            for rm in Rounding::ALL {
                for ftz in BOOLS {
                    let op = ConvertOp::F2f {
                        dst,
                        src: FloatType::F32,
                        rounding: rm,
                        ftz,
                        sat: false,
                    };
                    let x = x as u64;
                    let want = ref_f2f(dst, FloatType::F32, rm, ftz, false, x, &core);
                    c.check(&op, x, 0, execute(&op, x, 0), want);
                }
            }
        }
    }
    c.finish();
}

#[test]
fn small_integers_every_value() {
    let tables = Tables::new();
    let mut c = Checker::new("8/16-bit integer sources, every value");
    for src in [IntType::U8, IntType::S8, IntType::U16, IntType::S16] {
        for x in 0..=int_mask(src) {
            check_int_source(&mut c, &tables, src, x, src.bits() == 8);
        }
    }
    c.finish();
}

#[test]
fn wide_integers_random_sample() {
    let tables = Tables::new();
    let mut c = Checker::new("32/64-bit integer sources, random");
    let mut r = rng(0x164);
    for i in 0..40_000 {
        for src in [IntType::U32, IntType::S32, IntType::U64, IntType::S64] {
            let x = random_integer(&mut r, src.bits());
            check_int_source(&mut c, &tables, src, x, i % 16 == 0);
        }
    }
    // Every edge: 0, ±1, extremes of every type, powers of two ± 1.
    let mut edges = vec![0u64, 1, u64::MAX];
    for k in 0..64 {
        for d in [-1i64, 0, 1] {
            edges.push((1u64 << k).wrapping_add(d as u64));
            edges.push((1u64 << k).wrapping_add(d as u64).wrapping_neg());
        }
    }
    for src in IntType::ALL {
        for &e in &edges {
            check_int_source(&mut c, &tables, src, e & int_mask(src), true);
        }
    }
    c.finish();
}

/// Edge values of every float format, for every conversion.
#[test]
fn float_edges_every_conversion() {
    let tables = Tables::new();
    let mut c = Checker::new("float edge values");
    for src in FloatType::ALL {
        let f = src.format();
        let w = f.width();
        let man = (1u64 << f.man_bits) - 1;
        let top = ((1u64 << f.exp_bits) - 1) << f.man_bits;
        let mut vals = vec![
            0,
            1,
            2,
            3,
            man,
            man + 1,
            f.one(),
            f.one() + 1,
            f.one() - 1,
            top - 1,
            top,
            top + 1,
            top | (man >> 1),
            top | (1 << (f.man_bits - 1)),
            top | man,
        ];
        // Every integer-type boundary and half-way point, as exact values.
        for k in 0..=65 {
            for off in [-1.0f64, -0.5, 0.0, 0.5, 1.0] {
                let v = 2f64.powi(k) + off;
                vals.push(tables_free_encode(src, v));
            }
        }
        let mut all = Vec::new();
        for v in vals {
            all.push(v);
            all.push(v | (1 << (w - 1)));
        }
        for x in all {
            check_float_source(&mut c, &tables, src, x, true);
            if src == FloatType::F32 {
                check_f2fp(&mut c, &tables, x as u32, (x as u32) ^ 0x8000_0000, true);
            }
        }
    }
    c.finish();
}

/// The encoding nearest (RN) to `v` in `ty`, through softfloat from f64.
fn tables_free_encode(ty: FloatType, v: f64) -> u64 {
    let b = v.to_bits();
    match ty {
        FloatType::F64 => b,
        FloatType::Bf16 => {
            // The f32 value truncated to bf16 (test inputs only).
            (F64::from_bits(b).to_f32(RoundingMode::TiesToEven).to_bits() >> 16) as u64
        }
        _ => sf_f2f(FloatType::F64, ty, b, Rounding::Rn),
    }
}

/// Known answers, written by hand from SPEC.md and INTERFACES.md, through
/// the vector-line parser.
#[test]
fn directed_known_answers() {
    let cases: &[(&str, &str)] = &[
        // INTERFACES.md examples.
        ("f2i.s32.f32.trunc 3fc00000", "00000001"),
        ("f2f.f16.f32.rn 3f800000", "3c00"),
        // Zero signs: trunc(-0.3) = -0, ceil(-0.7) = -0, floor(0.3) = +0.
        ("frnd.f32.trunc be99999a", "80000000"),
        ("frnd.f32.ceil bf333333", "80000000"),
        ("frnd.f32.floor 3e99999a", "00000000"),
        ("frnd.f32 3fc00000", "40000000"),       // 1.5 → 2
        ("frnd.f32 40200000", "40000000"),       // 2.5 → 2 (even)
        ("frnd.f32 c0200000", "c0000000"),       // -2.5 → -2
        ("frnd.f32.floor bfc00000", "c0000000"), // -1.5 → -2
        ("frnd.f32.ceil 00000001", "3f800000"),  // ceil(tiny) = 1
        ("frnd.f32.ceil.ftz 00000001", "00000000"),
        ("frnd.f32.ceil.ftz 80000001", "80000000"),
        ("frnd.f64.trunc bfd3333333333333", "8000000000000000"),
        ("frnd.f64 4330000000000001", "4330000000000001"), // 2^52 + 1: integral
        ("frnd.f64 432fffffffffffff", "4330000000000000"), // 2^52 - 0.5 → 2^52
        // Signed zeros pass through every float conversion.
        ("f2f.f16.f64 8000000000000000", "8000"),
        ("f2f.f64.bf16.rp 8000", "8000000000000000"),
        ("f2f.bf16.f32.rm 00000000", "0000"),
        ("frnd.f64.ceil 8000000000000000", "8000000000000000"),
        ("f2fp.bf16x2.f32.rm 80000000 00000000", "80000000"),
        ("f2i.s32.f32 80000000", "00000000"),
        ("f2f.f32.f16.sat 8000", "00000000"),
        // NaNs.
        ("frnd.f32 ffc00001", "7fffffff"),
        ("frnd.f32 7f800001", "7fffffff"),
        ("frnd.f64 fff0000000000001", "fff8000000000001"),
        ("frnd.f32.sat 7fc00000", "00000000"),
        ("f2f.f64.f32 7fa00001", "7ffc000020000000"),
        ("f2f.f64.f32 ff800001", "fff8000020000000"),
        ("f2f.f32.f64 7ff0000000000001", "7fc00000"),
        ("f2f.f32.f64 fff4000020000000", "ffe00001"),
        ("f2f.f32.f16 7d01", "7fe02000"), // sNaN payload 0x101 << 13, quieted
        ("f2f.f64.f16 fc01", "fff8040000000000"),
        ("f2f.f32.bf16 ff81", "ffc10000"),
        ("f2f.f16.f32 ffc00000", "7fff"),
        ("f2f.bf16.f32 7f800001", "7fff"),
        ("f2f.bf16.f16 fc01", "7fff"),
        ("f2f.f16.bf16 7fc0", "7fff"),
        ("f2f.f32.f32 7f800001", "7fc00001"),
        ("f2fp.f16x2.f32 7fc00000 ff800001", "7fff7fff"),
        ("f2fp.e4m3.f32.satfinite ffc00000", "7f"),
        ("f2fp.e5m2.f32.satfinite 7f800001", "7f"),
        ("f2i.s32.f32 7fc00000", "00000000"),
        ("f2i.u64.f64 fff8000000000000", "0000000000000000"),
        // Ties and overflow into f16.
        ("f2f.f16.f32 3f801000", "3c00"), // 1 + 2^-11: tie → even
        ("f2f.f16.f32 3f803000", "3c02"), // 1 + 3·2^-11: tie → even (up)
        ("f2f.f16.f32.rp 3f800001", "3c01"),
        ("f2f.f16.f32.rm bf800001", "bc01"),
        ("f2f.f16.f32.rz bf800001", "bc00"),
        ("f2f.f16.f32 477fe000", "7bff"), // 65504: max finite
        ("f2f.f16.f32 477fefff", "7bff"), // just below the overflow tie
        ("f2f.f16.f32 477ff000", "7c00"), // 65520: tie → overflow → inf
        ("f2f.f16.f32.rz 477ff000", "7bff"),
        ("f2f.f16.f32.rm 477ff000", "7bff"),
        ("f2f.f16.f32.rm c77ff000", "fc00"),
        ("f2f.f16.f32.rp c77ff000", "fbff"),
        ("f2f.f16.f32.rz 7f800000", "7c00"), // inf stays inf in every mode
        // Smallest f16 subnormal 2^-24, and half of it (tie → 0).
        ("f2f.f16.f32 33800000", "0001"),
        ("f2f.f16.f32 33000000", "0000"),
        ("f2f.f16.f32 33000001", "0001"),
        ("f2f.f16.f32.rp 00000001", "0001"),
        ("f2f.f16.f32.rm 80000001", "8001"),
        ("f2f.f16.f32.rp.ftz 33800000", "0000"),
        ("f2f.f16.f32.ftz b3800000", "8000"),
        // Rounds up to the smallest normal: not flushed.
        ("f2f.f16.f32.ftz 387ff000", "0400"),
        ("f2f.f16.f32.ftz 387fc000", "0000"), // 0x3ff subnormal → flushed
        ("f2f.f16.f32 387fc000", "03ff"),
        ("f2f.f64.f32.ftz 00000001", "0000000000000000"),
        ("f2f.f64.f32 80000001", "b6a0000000000000"),
        ("f2f.f32.f64 0000000000000001", "00000000"),
        ("f2f.f32.f64.rp 0000000000000001", "00000001"),
        ("f2f.f32.f64.rp.ftz 0000000000000001", "00000000"),
        ("f2f.f32.f64 47efffffefffffff", "7f7fffff"),
        ("f2f.f32.f64 47effffff0000000", "7f800000"),
        // bf16: RN of f32, overflow, subnormals.
        ("f2f.bf16.f32 3f808000", "3f80"),
        ("f2f.bf16.f32 3f818000", "3f82"),
        ("f2f.bf16.f32 7f7fffff", "7f80"),
        ("f2f.bf16.f32.rz 7f7fffff", "7f7f"),
        ("f2f.bf16.f32 00008000", "0000"),
        ("f2f.bf16.f32 00018000", "0002"),
        ("f2f.bf16.f32.ftz 00018000", "0000"),
        ("f2f.bf16.f16 7bff", "4780"), // 65504 → 65536
        ("f2f.bf16.f16.rz 7bff", "477f"),
        ("f2f.f16.bf16 4780", "7c00"),
        ("f2f.f16.bf16.rz 4780", "7bff"),
        // .sat.
        ("f2f.f32.f64.sat bff0000000000000", "00000000"),
        ("f2f.f32.f64.sat 8000000000000000", "00000000"),
        ("f2f.f32.f64.sat 4000000000000000", "3f800000"),
        ("f2f.f16.f32.sat 7f800000", "3c00"),
        ("f2f.f16.f32.sat 3f000000", "3800"),
        ("f2f.bf16.f64.sat fff8000000000000", "0000"),
        ("frnd.f32.sat 40200000", "3f800000"),
        ("frnd.f32.sat.trunc bf000000", "00000000"),
        // F2FP.
        ("f2fp.f16x2.f32 3f800000 c0000000", "3c00c000"),
        ("f2fp.bf16x2.f32.rz 3f81ffff bf81ffff", "3f81bf81"),
        ("f2fp.bf16x2.f32.rp 3f810001 bf810001", "3f82bf81"),
        ("f2fp.e4m3.f32.satfinite 43e00000", "7e"), // 448
        ("f2fp.e4m3.f32.satfinite 43e80000", "7e"), // 464: tie beyond max
        ("f2fp.e4m3.f32.satfinite c3f00000", "fe"), // -480
        ("f2fp.e4m3.f32.satfinite ff800000", "fe"), // -inf → -448
        ("f2fp.e4m3.f32.satfinite 3f800000", "38"),
        ("f2fp.e4m3.f32.satfinite 3b000000", "01"), // 2^-9: smallest subnormal
        ("f2fp.e4m3.f32.satfinite 3a800000", "00"), // 2^-10: tie → 0
        ("f2fp.e4m3.f32.satfinite 3a800001", "01"),
        ("f2fp.e4m3.f32.satfinite 80000000", "80"),
        ("f2fp.e5m2.f32.satfinite 47600000", "7b"), // 57344
        ("f2fp.e5m2.f32.satfinite 7f800000", "7b"),
        ("f2fp.e5m2.f32.satfinite 47700000", "7b"), // 61440: tie beyond max
        ("f2fp.e5m2.f32.satfinite 37800000", "01"), // 2^-16
        ("f2fp.e5m2.f32.satfinite 3fa00000", "3d"), // 1.25
        ("f2fp.e5m2.f32.satfinite 3f900000", "3c"), // 1.125: tie → even
        ("f2fp.e5m2.f32.satfinite 3fb00000", "3e"), // 1.375: tie → even
        // F2I saturation edges of every type.
        ("f2i.u8.f32 437f0000", "ff"), // 255
        ("f2i.u8.f32 437f8000", "ff"), // 255.5 → 256 → 255
        ("f2i.u8.f32 bf000000", "00"), // -0.5 → -0 → 0
        ("f2i.u8.f32 bf400000", "00"), // -0.75 → -1 → 0
        ("f2i.s8.f32 42fe0000", "7f"), // 127
        ("f2i.s8.f32 42ff0000", "7f"), // 127.5 → 128 → 127
        ("f2i.s8.f32.trunc 42ff0000", "7f"),
        ("f2i.s8.f32 c3000000", "80"), // -128
        ("f2i.s8.f32 c3010000", "80"), // -129
        ("f2i.s8.f32 bf800000", "ff"), // -1
        ("f2i.u16.f16 7bff", "ffe0"),  // 65504
        ("f2i.u16.f16 7c00", "ffff"),
        ("f2i.s16.f16 7bff", "7fff"),
        ("f2i.s16.f16 fbff", "8000"),
        ("f2i.s16.f32 c7000080", "8000"), // -32768.5 → -32768 (even)
        ("f2i.s16.f32.floor c7000080", "8000"), // -32769 → clamp
        ("f2i.u32.f32 4f800000", "ffffffff"), // 2^32
        ("f2i.u32.f32 4f7fffff", "ffffff00"),
        ("f2i.s32.f32 4f000000", "7fffffff"), // 2^31
        ("f2i.s32.f32 cf000000", "80000000"), // -2^31 exact
        ("f2i.s32.f32 cf000001", "80000000"),
        ("f2i.s32.f64 c1e0000000100000", "80000000"), // -2^31 - 0.5 → even: -2^31
        ("f2i.s32.f64.floor c1e0000000100000", "80000000"),
        ("f2i.s32.f64 41dfffffffe00000", "7fffffff"), // 2^31 - 0.5 → 2^31 → clamp
        ("f2i.s32.f64.trunc 41dfffffffe00000", "7fffffff"),
        ("f2i.s32.f64 41dfffffffa00000", "7ffffffe"), // 2^31 - 1.5 → even
        ("f2i.s32.f64.ceil 41dfffffffa00000", "7fffffff"),
        ("f2i.s32.f64.trunc 41dfffffffa00000", "7ffffffe"),
        ("f2i.u64.f64 43f0000000000000", "ffffffffffffffff"), // 2^64
        ("f2i.u64.f64 43efffffffffffff", "fffffffffffff800"),
        ("f2i.s64.f64 43e0000000000000", "7fffffffffffffff"), // 2^63
        ("f2i.s64.f64 c3e0000000000000", "8000000000000000"),
        ("f2i.s64.f64 fff0000000000000", "8000000000000000"),
        ("f2i.s64.f32 ff7fffff", "8000000000000000"),
        ("f2i.u64.f32 ff7fffff", "0000000000000000"),
        ("f2i.s32.f32.ceil 00000001", "00000001"),
        ("f2i.s32.f32.ceil.ftz 00000001", "00000000"),
        ("f2i.s32.f32.floor.ftz.ntz 80000001", "00000000"),
        ("f2i.s32.f32.floor 80000001", "ffffffff"),
        ("f2i.s32.bf16 4f00", "7fffffff"),
        ("f2i.s32.bf16.trunc c2f7", "ffffff85"), // -123.5 → -123
        ("f2i.s32.bf16 c2f7", "ffffff84"),       // -123.5 → -124 (even)
        // I2F.
        ("i2f.f16.u32 0000fff0", "7c00"), // 65520 → inf (RN)
        ("i2f.f16.u32.rz 0000fff0", "7bff"),
        ("i2f.f16.s64 ffffffffffff0010", "fc00"),
        ("i2f.f16.s64.rp ffffffffffff0010", "fbff"),
        ("i2f.f32.u32 ffffffff", "4f800000"),
        ("i2f.f32.u32.rz ffffffff", "4f7fffff"),
        ("i2f.f32.s32 80000000", "cf000000"),
        ("i2f.f64.u64 ffffffffffffffff", "43f0000000000000"),
        ("i2f.f64.u64.rm ffffffffffffffff", "43efffffffffffff"),
        ("i2f.f64.s64 8000000000000000", "c3e0000000000000"),
        ("i2f.bf16.u32 01018000", "4b81"), // tie → even (down)
        ("i2f.bf16.u32 01038000", "4b82"), // tie → even (up)
        ("i2f.bf16.s8 81", "c2fe"),        // -127
        ("i2f.f32.s8 00", "00000000"),
        ("i2fp.f32.s32 00000001", "3f800000"),
        ("i2f.f64.u64.rp 0000000000000000", "0000000000000000"),
        // I2I.
        ("i2i.s8.s32.sat 00000080", "7f"),
        ("i2i.s8.s32.sat ffffff7f", "80"),
        ("i2i.s8.s32 00000180", "80"),
        ("i2i.u8.s32.sat ffffffff", "00"),
        ("i2i.u8.u32.sat ffffffff", "ff"),
        ("i2i.s32.s8 80", "ffffff80"),
        ("i2i.s32.u8 80", "00000080"),
        ("i2i.u64.s16 8000", "ffffffffffff8000"),
        ("i2i.u64.s16.sat 8000", "0000000000000000"),
        ("i2i.s64.u64.sat ffffffffffffffff", "7fffffffffffffff"),
        ("i2i.u32.s64.sat 0000000100000000", "ffffffff"),
        ("i2i.s16.u16.sat 8000", "7fff"),
        ("i2i.u16.s16.sat 8000", "0000"),
    ];
    let mut c = Checker::new("directed known answers");
    for &(line, want) in cases {
        let f = fields(strip_comment(line).unwrap());
        let parsed = parse_convert(&f)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .unwrap_or_else(|| panic!("{line}: not a conversion"));
        let got = format_result(&parsed.op, parsed.execute());
        c.checked += 1;
        if got != want {
            c.fail(format!("{line}: model {got}, expected {want}"));
        }
    }
    c.finish();
}

// ---------------------------------------------------------------------------
// The shared rounder on its own
// ---------------------------------------------------------------------------

/// `fp::FloatFormat::round` with wide significands and sticky bits, against
/// the rational reference (the path DFMA will use: 106-bit products).
#[test]
fn shared_rounder_wide_significands() {
    use units::fp::{Exact, Overflow, RoundOptions};
    let mut c = Checker::new("fp::round, 128-bit significands with sticky");
    let mut r = rng(0x0d);
    let formats = [
        FloatFormat::F16,
        FloatFormat::BF16,
        FloatFormat::F32,
        FloatFormat::F64,
        FloatFormat::E4M3,
        FloatFormat::E5M2,
    ];
    for i in 0..30_000 {
        let fmt = formats[i % formats.len()];
        let bits = r.gen_range(fmt.man_bits + 2..=128);
        let sig: u128 = (r.gen::<u128>() >> (128 - bits)) | (1u128 << (bits - 1));
        let sig = match r.gen_range(0..3) {
            0 => sig,
            // Tie and near-tie patterns below the destination's LSB.
            1 => {
                let k = r.gen_range(1..bits);
                (sig & !((1u128 << k) - 1)) | (1u128 << (k - 1))
            }
            _ => sig & !((1u128 << r.gen_range(0..bits)) - 1),
        };
        let sticky = r.gen::<bool>();
        let bias = (1i32 << (fmt.exp_bits - 1)) - 1;
        let exp = r.gen_range(-2 * bias - 140..2 * bias + 20) - bits as i32;
        let sign = r.gen::<bool>();
        let rm = Rounding::ALL[r.gen_range(0..4)];
        let ftz = r.gen_ratio(1, 4);
        let satfinite = r.gen_ratio(1, 4);
        let overflow = if satfinite {
            Overflow::SatFinite
        } else {
            Overflow::Ieee
        };
        let opts = RoundOptions::new(rm).with_ftz(ftz).with_overflow(overflow);
        let got = fmt
            .round(
                Exact {
                    sign,
                    sig,
                    exp,
                    sticky,
                },
                opts,
            )
            .bits;
        // Sticky: the value is sig + ½ an LSB of sig, up to a quarter of an
        // LSB either way — any point strictly inside rounds the same.
        let num = BigInt::from(sig) * 4u32 + if sticky { 1u32 } else { 0 };
        let q = BigRational::from_integer(num) * pow2(exp as i64 - 2);
        let mut want = round_rational(fmt, sign, &q, rm, satfinite);
        if ftz && is_subnormal(fmt, want) {
            want = sign_bit(fmt, sign);
        }
        c.checked += 1;
        if got != want {
            c.fail(format!(
                "{fmt:?} sign {sign} sig {sig:#x} exp {exp} sticky {sticky} {rm:?} ftz {ftz} satfinite {satfinite}: rounder {:#x}, reference {:#x}",
                got, want
            ));
        }
    }
    c.finish();
}

/// The format constants and small helpers of `units::fp`, by known values.
#[test]
fn fp_format_constants_and_helpers() {
    use units::fp::{convert_nan, leading_zeros, round_shift_right, round_to_integer, Class};
    let f = [
        (
            FloatFormat::F16,
            0x7bffu64,
            0x7c00u64,
            0x7fffu64,
            0x3c00u64,
            0x0400u64,
        ),
        (FloatFormat::BF16, 0x7f7f, 0x7f80, 0x7fff, 0x3f80, 0x0080),
        (
            FloatFormat::F32,
            0x7f7f_ffff,
            0x7f80_0000,
            0x7fff_ffff,
            0x3f80_0000,
            0x0080_0000,
        ),
        (
            FloatFormat::F64,
            0x7fef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0x7fff_ffff_ffff_ffff,
            0x3ff0_0000_0000_0000,
            0x0010_0000_0000_0000,
        ),
        (FloatFormat::E4M3, 0x7e, 0x7f, 0x7f, 0x38, 0x08),
        (FloatFormat::E5M2, 0x7b, 0x7c, 0x7f, 0x3c, 0x04),
    ];
    for (fmt, max, inf, nan, one, min_normal) in f {
        assert_eq!(fmt.max_finite(false), max, "{fmt:?}");
        assert_eq!(fmt.max_finite(true), max | fmt.sign_mask(), "{fmt:?}");
        assert_eq!(fmt.infinity(false), inf, "{fmt:?}");
        assert_eq!(fmt.canonical_nan(), nan, "{fmt:?}");
        assert_eq!(fmt.one(), one, "{fmt:?}");
        assert_eq!(fmt.min_normal(), min_normal, "{fmt:?}");
        assert_eq!(fmt.to_f64(max), to_f64(fmt, max), "{fmt:?}");
        assert_eq!(fmt.to_f64(one), 1.0, "{fmt:?}");
        assert!(fmt.is_nan(nan) && fmt.is_nan(nan | fmt.sign_mask()));
        assert!(!fmt.is_nan(max));
        assert_eq!(
            fmt.is_nan(inf),
            fmt.specials == Specials::NanOnly,
            "{fmt:?}"
        );
        assert_eq!(fmt.classify(1), Class::Subnormal);
        assert_eq!(fmt.classify(fmt.sign_mask()), Class::Zero);
        assert_eq!(fmt.classify(max), Class::Normal);
        assert_eq!(fmt.pack(true, 1, 0), fmt.sign_mask() | min_normal);
    }
    assert_eq!(FloatFormat::E4M3.to_f64(0x7e), 448.0);
    assert_eq!(FloatFormat::E5M2.to_f64(0x7b), 57344.0);
    assert_eq!(FloatFormat::E4M3.classify(0x78), Class::Normal); // 256: no ∞ in E4M3
    assert_eq!(FloatFormat::E5M2.classify(0x7c), Class::Infinite);
    assert_eq!(FloatFormat::F32.classify(0x7fa0_0000), Class::SignalingNan);
    assert_eq!(FloatFormat::F32.classify(0xffc0_0000), Class::QuietNan);
    assert_eq!(FloatFormat::F64.default_nan(true), 0xfff8_0000_0000_0000);
    assert_eq!(FloatFormat::F32.quiet(0x7f80_0001), 0x7fc0_0001);
    assert_eq!(FloatFormat::F32.quiet(0x7f80_0000), 0x7f80_0000);
    assert_eq!(
        convert_nan(FloatFormat::F64, FloatFormat::F32, 0xfff4_0000_2000_0000),
        0xffe0_0001
    );
    assert_eq!(leading_zeros(0, 11), 11);
    assert_eq!(leading_zeros(1, 11), 10);
    assert_eq!(leading_zeros(0x400, 11), 0);
    assert_eq!(leading_zeros(1 << 63, 64), 0);
    // 0b1011 >> 2: round bit 1, sticky 1.
    assert_eq!(
        round_shift_right(0b1011, 2, false, false, Rounding::Rn),
        (0b11, true)
    );
    assert_eq!(
        round_shift_right(0b1010, 2, false, false, Rounding::Rn),
        (0b10, true)
    ); // tie → even
    assert_eq!(
        round_shift_right(0b1110, 2, false, false, Rounding::Rn),
        (0b100, true)
    ); // tie → even
    assert_eq!(
        round_shift_right(0b1000, 2, true, true, Rounding::Rm),
        (0b11, true)
    );
    assert_eq!(
        round_shift_right(0b1000, 2, false, true, Rounding::Rm),
        (0b10, false)
    );
    assert_eq!(
        round_shift_right(u128::MAX, 200, false, false, Rounding::Rp),
        (1, true)
    );
    assert_eq!(
        round_shift_right(1u128 << 127, 128, false, false, Rounding::Rn),
        (0, true)
    );
    assert_eq!(
        round_shift_right((1u128 << 127) | 1, 128, false, false, Rounding::Rn),
        (1, true)
    );
    let big = round_to_integer(units::fp::Exact::new(false, 1, 128), Rounding::Rn);
    assert!(big.too_large);
    let r = round_to_integer(units::fp::Exact::new(true, 0b101, -1), Rounding::Rz);
    assert_eq!((r.magnitude, r.inexact, r.too_large), (2, true, false));
}

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

#[test]
fn parser_round_trips_every_operation() {
    let ops = ConvertOp::all();
    assert_eq!(ops.len(), 1066);
    let mut seen = std::collections::HashSet::new();
    for op in &ops {
        assert!(seen.insert(*op), "{op} listed twice");
        let w = op.src_bits();
        let operand = hex(u64::MAX >> (64 - w), w);
        let line = if op.operand_count() == 2 {
            format!("{} {operand} {operand}", op.mnemonic())
        } else {
            format!("{} {operand}", op.mnemonic())
        };
        let f = fields(&line);
        let parsed = parse_convert(&f)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .unwrap_or_else(|| panic!("{line}: not recognised"));
        assert_eq!(parsed.op, *op, "{line}");
        assert_eq!(parsed.a, u64::MAX >> (64 - w));
        let out = format_result(op, parsed.execute());
        assert_eq!(
            out.len(),
            op.dst_bits().div_ceil(4) as usize,
            "{line} -> {out}"
        );
        assert!(out
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    }
}

#[test]
fn parser_accepts_variants() {
    let same = [
        ("f2f.f16.f32 3f800000", "f2f.f16.f32.rn 3f800000"),
        ("F2F.F16.F32.RZ.FTZ 3F800000", "f2f.f16.f32.ftz.rz 3f800000"),
        (
            "f2i.s32.f32.ntz.ftz.trunc 3fc00000",
            "f2i.s32.f32.trunc.ftz.ntz 3fc00000",
        ),
        ("i2fp.f32.s32 00000001", "i2f.f32.s32.rn 00000001"),
        (
            "f2fp.e4m3.f32.rn.satfinite 3f800000",
            "f2fp.e4m3.f32.satfinite 3f800000",
        ),
        ("frnd.f32.sat.ftz 3f800000", "frnd.f32.ftz.sat 3f800000"),
    ];
    for (a, b) in same {
        let pa = parse_convert(&fields(a)).unwrap().unwrap();
        let pb = parse_convert(&fields(b)).unwrap().unwrap();
        assert_eq!(pa, pb, "{a} vs {b}");
    }
    // .sat on f2i is accepted and changes nothing.
    let p = parse_convert(&fields("f2i.u8.f32.sat bf800000"))
        .unwrap()
        .unwrap();
    assert_eq!(format_result(&p.op, p.execute()), "00");
    // Bit ops and other units' mnemonics are not conversions.
    for line in [
        "popc 0000ffff",
        "flo.u32 80000000",
        "brev 00000001",
        "f2x.f32 0",
    ] {
        assert_eq!(parse_convert(&fields(line)), Ok(None), "{line}");
    }
    assert_eq!(parse_convert(&[]), Ok(None));
}

#[test]
fn parser_errors_name_the_field() {
    let cases: &[(&str, usize, &str)] = &[
        ("f2f.f16.f32.rn", 2, "missing"),
        ("f2f.f16.f32 3f800000 00000000", 3, "extra"),
        ("f2f.f16.f32 3f80000", 2, "8 hex digits"),
        ("f2f.f16.f32 3f80000g", 2, "not hexadecimal"),
        ("f2f.f16.f64 3f800000", 2, "16 hex digits"),
        ("f2fp.f16x2.f32 3f800000", 3, "missing"),
        ("f2fp.f16x2.f32 3f800000 3f8000", 3, "8 hex digits"),
        ("f2i.s32.f32 0x3f8000", 2, "not hexadecimal"),
        ("f2f.f16 3c00", 1, "missing source type"),
        ("f2f 3c00", 1, "missing destination type"),
        ("f2f.f8.f32 3f800000", 1, "unknown destination type `.f8`"),
        ("f2f.f16.s32 3f800000", 1, "unknown source type `.s32`"),
        ("f2f.f16.f32.trunc 3f800000", 1, "unknown modifier `.trunc`"),
        ("f2f.f16.f32.rn.rz 3f800000", 1, "more than one rounding"),
        (
            "f2f.f16.f32.ftz.ftz 3f800000",
            1,
            "repeated modifier `.ftz`",
        ),
        ("f2f.f16.f32..rn 3f800000", 1, "empty modifier"),
        ("frnd.f16 3c00", 1, "unknown source type `.f16`"),
        ("frnd.f32.rz 3f800000", 1, "unknown modifier `.rz`"),
        ("f2i.s32.f32.rn 3f800000", 1, "unknown modifier `.rn`"),
        ("f2i.f32.f32 3f800000", 1, "unknown destination type"),
        ("i2f.f32.s32.ftz 00000001", 1, "unknown modifier `.ftz`"),
        ("i2f.f32.s32.sat 00000001", 1, "unknown modifier `.sat`"),
        ("i2i.s8.s32.rn 00000001", 1, "unknown modifier `.rn`"),
        ("i2i.s8.f32 00000001", 1, "unknown source type"),
        ("f2fp.e4m3.f32 3f800000", 1, "needs `.satfinite`"),
        (
            "f2fp.e4m3.f32.rz.satfinite 3f800000",
            1,
            "unknown modifier `.rz`",
        ),
        (
            "f2fp.f16x2.f64 3f800000 3f800000",
            1,
            "unknown source type `.f64`",
        ),
        (
            "f2fp.f16x2.f32.satfinite 3f800000 3f800000",
            1,
            "unknown modifier",
        ),
        (
            "f2fp.e3m4.f32.satfinite 3f800000",
            1,
            "unknown destination type",
        ),
    ];
    for &(line, field, text) in cases {
        let err = parse_convert(&fields(line)).expect_err(line);
        assert_eq!(err.field, field, "{line}: {err}");
        assert!(
            err.to_string().contains(text),
            "{line}: error `{err}` should mention `{text}`"
        );
    }
}

#[test]
fn model_speed() {
    // The model must be fast enough for multi-million-vector sweeps.
    let ops = [
        ConvertOp::F2f {
            dst: FloatType::F16,
            src: FloatType::F32,
            rounding: Rounding::Rn,
            ftz: false,
            sat: false,
        },
        ConvertOp::F2i {
            dst: IntType::S32,
            src: FloatType::F64,
            rounding: Rounding::Rz,
            ftz: false,
            ntz: false,
        },
        ConvertOp::I2f {
            dst: FloatType::Bf16,
            src: IntType::U64,
            rounding: Rounding::Rp,
        },
    ];
    let n = 3_000_000u64;
    let start = Instant::now();
    let mut acc = 0u64;
    let mut x = 0x1234_5678_9abc_def0u64;
    for i in 0..n {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        acc ^= execute(&ops[(i % 3) as usize], x >> (i % 7), 0);
    }
    let rate = n as f64 / start.elapsed().as_secs_f64();
    println!(
        "model: {:.1} M conversions/s (checksum {acc:x})",
        rate / 1e6
    );
    assert!(rate > 2e6, "model too slow: {rate:.0}/s");
}

// ---------------------------------------------------------------------------
// Long exhaustive sweeps over every f32 (run with --ignored)
// ---------------------------------------------------------------------------

const THREADS: u64 = 2;

/// Runs `body(x)` for every 32-bit `x` on `THREADS` threads; `body` returns
/// the number of mismatches found for that input (and prints them).
fn sweep_all_f32(name: &str, body: impl Fn(u32) -> u64 + Sync) {
    let start = Instant::now();
    let chunk = (1u64 << 32) / THREADS;
    let failures: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let body = &body;
                s.spawn(move || {
                    let mut bad = 0u64;
                    for x in t * chunk..(t + 1) * chunk {
                        bad += body(x as u32);
                        // Progress, from the first thread, every 1/16.
                        if t == 0 && (x + 1) % (chunk / 16) == 0 {
                            println!(
                                "  {name}: {}/16 after {:.0} s",
                                (x + 1) / (chunk / 16),
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                    bad
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    println!(
        "{name}: 2^32 inputs, {failures} mismatching inputs, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(failures, 0, "{name}: {failures} inputs mismatched");
}

/// Prints one mismatch (the first few per sweep are enough to debug).
fn report(op: &ConvertOp, x: u32, got: u64, want: u64) -> u64 {
    static SHOWN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    if got == want {
        return 0;
    }
    if SHOWN.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < 20 {
        println!(
            "MISMATCH {op} {x:08x}: model {} reference {}",
            format_result(op, got),
            format_result(op, want)
        );
    }
    1
}

fn f2f_op(dst: FloatType, rm: Rounding) -> ConvertOp {
    ConvertOp::F2f {
        dst,
        src: FloatType::F32,
        rounding: rm,
        ftz: false,
        sat: false,
    }
}

#[test]
#[ignore = "2^32 inputs × 4 roundings; minutes"]
fn every_f32_to_f16() {
    let ops: Vec<ConvertOp> = Rounding::ALL
        .iter()
        .map(|&rm| f2f_op(FloatType::F16, rm))
        .collect();
    sweep_all_f32("f2f.f16.f32 (rn rm rp rz) vs softfloat", |x| {
        let mut bad = 0;
        for op in &ops {
            let ConvertOp::F2f { rounding, .. } = *op else {
                unreachable!()
            };
            let want = ref_f2f(
                FloatType::F16,
                FloatType::F32,
                rounding,
                false,
                false,
                x as u64,
                &|x, rm| sf_f2f(FloatType::F32, FloatType::F16, x, rm),
            );
            bad += report(op, x, execute(op, x as u64, 0), want);
        }
        bad
    });
}

#[test]
#[ignore = "2^32 inputs × 4 roundings; minutes"]
fn every_f32_to_bf16() {
    let table = Table::new(FloatFormat::BF16);
    let ops: Vec<ConvertOp> = Rounding::ALL
        .iter()
        .map(|&rm| f2f_op(FloatType::Bf16, rm))
        .collect();
    sweep_all_f32("f2f.bf16.f32 (rn rm rp rz) vs table", |x| {
        let mut bad = 0;
        let f = f32::from_bits(x);
        let all = if f.is_finite() {
            table.round_all(f as f64, false)
        } else {
            [0; 4]
        };
        for op in &ops {
            let ConvertOp::F2f { rounding, .. } = *op else {
                unreachable!()
            };
            let want = ref_f2f(
                FloatType::Bf16,
                FloatType::F32,
                rounding,
                false,
                false,
                x as u64,
                &|_, rm| all[rm as usize],
            );
            bad += report(op, x, execute(op, x as u64, 0), want);
        }
        bad
    });
}

#[test]
#[ignore = "2^32 inputs × 2 formats; minutes"]
fn every_f32_to_fp8() {
    let tables = Tables::new();
    sweep_all_f32("f2fp.{e4m3,e5m2}.f32.satfinite vs table", |x| {
        let mut bad = 0;
        for dst in Fp8Type::ALL {
            let op = ConvertOp::F2fp8 { dst };
            bad += report(
                &op,
                x,
                execute(&op, x as u64, 0),
                ref_fp8(dst, tables.fp8(dst), x),
            );
        }
        bad
    });
}

#[test]
#[ignore = "2^32 inputs × 4 roundings × 2 types; minutes"]
fn every_f32_to_s32_u32() {
    sweep_all_f32(
        "f2i.{s32,u32}.f32 (nearest floor ceil trunc) vs softfloat",
        |x| {
            let mut bad = 0;
            let f = f32::from_bits(x);
            for rounding in Rounding::ALL {
                // f32_to_i64 once (exact for |x| < 2^63, else flagged
                // invalid and saturated), clamped for both types.
                let v = if f.is_finite() && f != 0.0 {
                    let mut flags = ExceptionFlags::default();
                    flags.set();
                    let v = F32::from_bits(x).to_i64(softfloat_rounding(rounding), false);
                    flags.get();
                    if flags.is_invalid() {
                        if f < 0.0 {
                            i128::MIN
                        } else {
                            i128::MAX
                        }
                    } else {
                        v as i128
                    }
                } else {
                    0
                };
                for dst in [IntType::S32, IntType::U32] {
                    let op = ConvertOp::F2i {
                        dst,
                        src: FloatType::F32,
                        rounding,
                        ftz: false,
                        ntz: false,
                    };
                    let want = ref_f2i(dst, FloatType::F32, rounding, false, x as u64, &|_, _| v);
                    bad += report(&op, x, execute(&op, x as u64, 0), want);
                }
            }
            bad
        },
    );
}
