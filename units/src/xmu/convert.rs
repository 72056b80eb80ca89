//! XMU conversions: the bit-exact golden model of FRND, F2F, F2I, I2F/I2FP,
//! I2I and F2FP (SPEC.md §4, the seed note's §2 and §5.1), in plain Rust.
//!
//! [`ConvertOp`] is one fully decoded operation; [`execute`] computes it on
//! right-aligned operand bits; [`parse_convert`] reads the `xmu` vector-line
//! mnemonics of INTERFACES.md and [`format_result`] prints a result. The
//! float arithmetic is the shared rounder of [`crate::fp`].
//!
//! # Semantics (SPEC.md §4, plus the decisions it left open, marked *decided*)
//!
//! **Rounding.** F2F, I2F and F2FP round in `.rn` (default), `.rm`, `.rp`,
//! `.rz`; FRND and F2I round to an integral value to nearest-even (default),
//! `.floor` (= RM), `.ceil` (= RP) or `.trunc` (= RZ). All use [`Rounding`].
//! Overflow follows IEEE 754: ∞ or the largest finite number by direction.
//!
//! **NaNs.**
//! - Into f16 or bf16 (F2F, F2FP.f16x2/bf16x2): the all-ones `0x7FFF`.
//! - Into FP8 (F2FP.e4m3/e5m2): `0x7F`. *Decided* for e5m2, whose IEEE-style
//!   encoding has many NaNs (`S.11111.xx`, xx ≠ 0): the same all-ones `0x7F`
//!   as e4m3, so that SPEC's "all-ones canonical NaN" rule holds for every
//!   packed destination.
//! - F2F into f32 or f64 (widening, f64 → f32, and the same-format
//!   `f2f.f32.f32`/`f2f.f64.f64`, *decided*): the sign and payload are kept —
//!   mantissa aligned at its MSB, shifted left on a widen, low bits dropped
//!   on a narrow — and the quiet bit set ([`crate::fp::convert_nan`]).
//! - FRND: f32 → `0x7FFFFFFF`; f64 → quieted, sign and payload kept.
//!   (*Decided*, for the model's FRND.f16/bf16, which the vector format does
//!   not expose: `0x7FFF`.)
//! - F2I: 0.
//! - `.sat` turns every NaN result into +0 (it wins over the rules above).
//!
//! **Zeros, infinities.** Zero signs are kept everywhere a float is produced
//! (trunc(−0.3) = −0, ceil(−0.7) = −0); an integer 0 converts to +0. ±∞
//! converts to ±∞ (to the largest finite number under satfinite) and
//! saturates F2I.
//!
//! **`.ftz`** (FRND, F2F, F2I). *Decided*: applies to every float format
//! on both sides, f16 and f64 included — the unit has one format-independent
//! flush on the unpacked input and one on the rounded output (PTX only ever
//! sets it when an f32 is involved, for which it is exactly PTX's rule).
//! A subnormal input is read as a zero of its sign; a result whose rounded
//! encoding is subnormal becomes a zero of its sign (flush after rounding:
//! a value that rounds up to the smallest normal is kept). For F2I the
//! flushed input converts to 0 whatever the direction (ceil(+tiny) = 0).
//!
//! **`.sat`** (F2F, FRND; *decided* for FRND following SPEC's "FRND and F2F
//! with … .SAT"): the rounded result is clamped to [0, 1]: NaN → +0, any
//! negative value including −0 → +0, anything above 1.0 including +∞ → 1.0.
//! On F2I `.sat` is accepted and changes nothing (F2I always saturates, as
//! PTX says); it is not accepted on I2F.
//!
//! **F2I** saturates to the destination's range after rounding: above the
//! maximum (or +∞) → maximum, below the minimum (or −∞) → minimum (0 for
//! unsigned types, so −0.7 rounded to nearest → −1 → 0, while −0.3 → 0).
//! `.ntz` is accepted and changes nothing: it only concerns tininess
//! detection, which cannot affect an integer result. The result is
//! `dst`-wide (2 hex digits for s8: −1 → `ff`).
//!
//! **F2F with `dst` = `src`** (*decided*, e.g. `f2f.f32.f32.ftz`): accepted;
//! the value is kept (rounding is exact) and `.ftz`, `.sat` and the NaN rule
//! above apply — PTX's `cvt.ftz.f32.f32` / `cvt.sat.f32.f32`.
//!
//! **I2F**: exact integer rounded once into the destination (u64/s64 → f16
//! can overflow: RN/RP → +∞, RZ/RM → 65504 for positives).
//!
//! **I2I**: the source value is extended by the source's signedness; with
//! `.sat` it is clamped to the destination's range, without it the low
//! `dst` bits are kept (wrap).
//!
//! **F2FP**: `.f16x2`/`.bf16x2` convert two f32 operands, `a` into the high
//! half and `b` into the low half, each with the given direction, no flush
//! (subnormals kept both ways). `.e4m3`/`.e5m2` convert one f32 to nearest
//! even with satfinite: overflow and ±∞ clamp to ±448 (`0x7E`) or ±57344
//! (`0x7B`); there is no flush, but f32 subnormal inputs round to ±0 anyway
//! (they lie far below half the smallest FP8 subnormal).
//!
//! Operands are read from the low bits of `a`/`b`; bits above the source
//! width are ignored. Results are right-aligned, `dst` bits wide.

mod parse;

pub use parse::{format_result, parse_convert, ConvertLine};

use crate::fp::{
    convert_nan, round_to_integer, Class, Exact, FloatFormat, Overflow, RoundOptions, Rounding,
};

/// The float formats F2F/FRND/F2I/I2F work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatType {
    /// IEEE binary16.
    F16,
    /// bfloat16.
    Bf16,
    /// IEEE binary32.
    F32,
    /// IEEE binary64.
    F64,
}

impl FloatType {
    /// All four, narrowest first.
    pub const ALL: [FloatType; 4] = [
        FloatType::F16,
        FloatType::Bf16,
        FloatType::F32,
        FloatType::F64,
    ];

    /// The encoding's field layout.
    pub const fn format(self) -> FloatFormat {
        match self {
            FloatType::F16 => FloatFormat::F16,
            FloatType::Bf16 => FloatFormat::BF16,
            FloatType::F32 => FloatFormat::F32,
            FloatType::F64 => FloatFormat::F64,
        }
    }

    /// Encoding width.
    pub const fn bits(self) -> u32 {
        self.format().width()
    }

    /// Mnemonic suffix (`f16`, `bf16`, `f32`, `f64`).
    pub const fn name(self) -> &'static str {
        match self {
            FloatType::F16 => "f16",
            FloatType::Bf16 => "bf16",
            FloatType::F32 => "f32",
            FloatType::F64 => "f64",
        }
    }
}

/// The integer types of F2I/I2F/I2I.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntType {
    U8,
    S8,
    U16,
    S16,
    U32,
    S32,
    U64,
    S64,
}

impl IntType {
    /// All eight, in SASS enum order.
    pub const ALL: [IntType; 8] = [
        IntType::U8,
        IntType::S8,
        IntType::U16,
        IntType::S16,
        IntType::U32,
        IntType::S32,
        IntType::U64,
        IntType::S64,
    ];

    /// Width in bits.
    pub const fn bits(self) -> u32 {
        match self {
            IntType::U8 | IntType::S8 => 8,
            IntType::U16 | IntType::S16 => 16,
            IntType::U32 | IntType::S32 => 32,
            IntType::U64 | IntType::S64 => 64,
        }
    }

    /// Two's complement (true) or unsigned.
    pub const fn signed(self) -> bool {
        matches!(
            self,
            IntType::S8 | IntType::S16 | IntType::S32 | IntType::S64
        )
    }

    /// Smallest value.
    pub const fn min(self) -> i128 {
        if self.signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    /// Largest value.
    pub const fn max(self) -> i128 {
        if self.signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// Mask of the encoding.
    pub const fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// The value of a right-aligned encoding (bits above the width ignored),
    /// extended by the type's signedness.
    pub const fn value(self, bits: u64) -> i128 {
        let b = self.bits();
        let raw = bits & self.mask();
        if self.signed() {
            ((raw << (64 - b)) as i64 >> (64 - b)) as i128
        } else {
            raw as i128
        }
    }

    /// The encoding of `v` clamped to the type's range.
    pub const fn saturate(self, v: i128) -> u64 {
        let c = if v < self.min() {
            self.min()
        } else if v > self.max() {
            self.max()
        } else {
            v
        };
        (c as u64) & self.mask()
    }

    /// Mnemonic suffix (`u8` … `s64`).
    pub const fn name(self) -> &'static str {
        match self {
            IntType::U8 => "u8",
            IntType::S8 => "s8",
            IntType::U16 => "u16",
            IntType::S16 => "s16",
            IntType::U32 => "u32",
            IntType::S32 => "s32",
            IntType::U64 => "u64",
            IntType::S64 => "s64",
        }
    }
}

/// F2FP's packed 16-bit destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackedType {
    /// Two binary16 halves.
    F16x2,
    /// Two bfloat16 halves.
    Bf16x2,
}

impl PackedType {
    /// Both.
    pub const ALL: [PackedType; 2] = [PackedType::F16x2, PackedType::Bf16x2];

    /// The format of one half.
    pub const fn half(self) -> FloatType {
        match self {
            PackedType::F16x2 => FloatType::F16,
            PackedType::Bf16x2 => FloatType::Bf16,
        }
    }

    /// Mnemonic suffix.
    pub const fn name(self) -> &'static str {
        match self {
            PackedType::F16x2 => "f16x2",
            PackedType::Bf16x2 => "bf16x2",
        }
    }
}

/// F2FP's FP8 destinations (OCP formats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fp8Type {
    /// E4M3: bias 7, no ∞, max finite 448.
    E4m3,
    /// E5M2: bias 15, IEEE-style specials, max finite 57344.
    E5m2,
}

impl Fp8Type {
    /// Both.
    pub const ALL: [Fp8Type; 2] = [Fp8Type::E4m3, Fp8Type::E5m2];

    /// The encoding's field layout.
    pub const fn format(self) -> FloatFormat {
        match self {
            Fp8Type::E4m3 => FloatFormat::E4M3,
            Fp8Type::E5m2 => FloatFormat::E5M2,
        }
    }

    /// Mnemonic suffix.
    pub const fn name(self) -> &'static str {
        match self {
            Fp8Type::E4m3 => "e4m3",
            Fp8Type::E5m2 => "e5m2",
        }
    }
}

/// One decoded conversion. Field names follow the mnemonics:
/// `f2i.<dst>.<src>` etc. See the module doc for the semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvertOp {
    /// Round to an integral value in the same format (`frnd.<ty>`).
    Frnd {
        ty: FloatType,
        rounding: Rounding,
        ftz: bool,
        sat: bool,
    },
    /// Float to float (`f2f.<dst>.<src>`).
    F2f {
        dst: FloatType,
        src: FloatType,
        rounding: Rounding,
        ftz: bool,
        sat: bool,
    },
    /// Float to integer, saturating (`f2i.<dst>.<src>`). `ntz` is carried
    /// for the mnemonic only; it changes nothing.
    F2i {
        dst: IntType,
        src: FloatType,
        rounding: Rounding,
        ftz: bool,
        ntz: bool,
    },
    /// Integer to float (`i2f.<dst>.<src>`, SASS I2F/I2FP).
    I2f {
        dst: FloatType,
        src: IntType,
        rounding: Rounding,
    },
    /// Integer to integer (`i2i.<dst>.<src>`).
    I2i {
        dst: IntType,
        src: IntType,
        sat: bool,
    },
    /// Two f32 (`a` → high half, `b` → low half) to f16x2/bf16x2.
    F2fpPacked { dst: PackedType, rounding: Rounding },
    /// One f32 to FP8, nearest even, satfinite.
    F2fp8 { dst: Fp8Type },
}

impl ConvertOp {
    /// Width of the result.
    pub const fn dst_bits(&self) -> u32 {
        match *self {
            ConvertOp::Frnd { ty, .. } => ty.bits(),
            ConvertOp::F2f { dst, .. } | ConvertOp::I2f { dst, .. } => dst.bits(),
            ConvertOp::F2i { dst, .. } | ConvertOp::I2i { dst, .. } => dst.bits(),
            ConvertOp::F2fpPacked { .. } => 32,
            ConvertOp::F2fp8 { .. } => 8,
        }
    }

    /// Width of each source operand.
    pub const fn src_bits(&self) -> u32 {
        match *self {
            ConvertOp::Frnd { ty: src, .. }
            | ConvertOp::F2f { src, .. }
            | ConvertOp::F2i { src, .. } => src.bits(),
            ConvertOp::I2f { src, .. } | ConvertOp::I2i { src, .. } => src.bits(),
            ConvertOp::F2fpPacked { .. } | ConvertOp::F2fp8 { .. } => 32,
        }
    }

    /// Number of source operands (2 for F2FP.f16x2/bf16x2, else 1).
    pub const fn operand_count(&self) -> usize {
        match self {
            ConvertOp::F2fpPacked { .. } => 2,
            _ => 1,
        }
    }

    /// The vector-file mnemonic, with every modifier spelled out in the
    /// canonical order (the inverse of [`parse_convert`]).
    pub fn mnemonic(&self) -> String {
        fn frac(r: Rounding) -> &'static str {
            match r {
                Rounding::Rn => "",
                Rounding::Rm => ".floor",
                Rounding::Rp => ".ceil",
                Rounding::Rz => ".trunc",
                // Not an XMU mode (the parser refuses it); spelled for completeness.
                Rounding::Rmm => ".rmm",
            }
        }
        fn fl(r: Rounding) -> &'static str {
            match r {
                Rounding::Rn => ".rn",
                Rounding::Rm => ".rm",
                Rounding::Rp => ".rp",
                Rounding::Rz => ".rz",
                // Not an XMU mode (the parser refuses it); spelled for completeness.
                Rounding::Rmm => ".rmm",
            }
        }
        fn flag(on: bool, s: &'static str) -> &'static str {
            if on {
                s
            } else {
                ""
            }
        }
        match *self {
            ConvertOp::Frnd {
                ty,
                rounding,
                ftz,
                sat,
            } => format!(
                "frnd.{}{}{}{}",
                ty.name(),
                frac(rounding),
                flag(ftz, ".ftz"),
                flag(sat, ".sat")
            ),
            ConvertOp::F2f {
                dst,
                src,
                rounding,
                ftz,
                sat,
            } => format!(
                "f2f.{}.{}{}{}{}",
                dst.name(),
                src.name(),
                fl(rounding),
                flag(ftz, ".ftz"),
                flag(sat, ".sat")
            ),
            ConvertOp::F2i {
                dst,
                src,
                rounding,
                ftz,
                ntz,
            } => format!(
                "f2i.{}.{}{}{}{}",
                dst.name(),
                src.name(),
                frac(rounding),
                flag(ftz, ".ftz"),
                flag(ntz, ".ntz")
            ),
            ConvertOp::I2f { dst, src, rounding } => {
                format!("i2f.{}.{}{}", dst.name(), src.name(), fl(rounding))
            }
            ConvertOp::I2i { dst, src, sat } => {
                format!("i2i.{}.{}{}", dst.name(), src.name(), flag(sat, ".sat"))
            }
            ConvertOp::F2fpPacked { dst, rounding } => {
                format!("f2fp.{}.f32{}", dst.name(), fl(rounding))
            }
            ConvertOp::F2fp8 { dst } => format!("f2fp.{}.f32.satfinite", dst.name()),
        }
    }

    /// Every operation the vector format can express (FRND on f32/f64 only),
    /// each once: 1,066 in all. For sweeps and RTL equivalence tests.
    pub fn all() -> Vec<ConvertOp> {
        let mut ops = Vec::new();
        let bools = [false, true];
        for ty in [FloatType::F32, FloatType::F64] {
            for rounding in Rounding::ALL {
                for ftz in bools {
                    for sat in bools {
                        ops.push(ConvertOp::Frnd {
                            ty,
                            rounding,
                            ftz,
                            sat,
                        });
                    }
                }
            }
        }
        for dst in FloatType::ALL {
            for src in FloatType::ALL {
                for rounding in Rounding::ALL {
                    for ftz in bools {
                        for sat in bools {
                            ops.push(ConvertOp::F2f {
                                dst,
                                src,
                                rounding,
                                ftz,
                                sat,
                            });
                        }
                    }
                }
            }
        }
        for dst in IntType::ALL {
            for src in FloatType::ALL {
                for rounding in Rounding::ALL {
                    for ftz in bools {
                        for ntz in bools {
                            ops.push(ConvertOp::F2i {
                                dst,
                                src,
                                rounding,
                                ftz,
                                ntz,
                            });
                        }
                    }
                }
            }
        }
        for dst in FloatType::ALL {
            for src in IntType::ALL {
                for rounding in Rounding::ALL {
                    ops.push(ConvertOp::I2f { dst, src, rounding });
                }
            }
        }
        for dst in IntType::ALL {
            for src in IntType::ALL {
                for sat in bools {
                    ops.push(ConvertOp::I2i { dst, src, sat });
                }
            }
        }
        for dst in PackedType::ALL {
            for rounding in Rounding::ALL {
                ops.push(ConvertOp::F2fpPacked { dst, rounding });
            }
        }
        for dst in Fp8Type::ALL {
            ops.push(ConvertOp::F2fp8 { dst });
        }
        ops
    }
}

impl std::fmt::Display for ConvertOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.mnemonic())
    }
}

/// Runs one conversion on right-aligned operand bits (`b` is only read by
/// F2FP.f16x2/bf16x2). The result is right-aligned, [`ConvertOp::dst_bits`]
/// wide.
#[inline]
pub fn execute(op: &ConvertOp, a: u64, b: u64) -> u64 {
    match *op {
        ConvertOp::Frnd {
            ty,
            rounding,
            ftz,
            sat,
        } => frnd(ty, rounding, ftz, sat, a),
        ConvertOp::F2f {
            dst,
            src,
            rounding,
            ftz,
            sat,
        } => f2f(dst, src, rounding, ftz, sat, a),
        ConvertOp::F2i {
            dst,
            src,
            rounding,
            ftz,
            ntz: _,
        } => f2i(dst, src, rounding, ftz, a),
        ConvertOp::I2f { dst, src, rounding } => i2f(dst, src, rounding, a),
        ConvertOp::I2i { dst, src, sat } => i2i(dst, src, sat, a),
        ConvertOp::F2fpPacked { dst, rounding } => {
            let half = dst.half();
            let hi = f2f(half, FloatType::F32, rounding, false, false, a);
            let lo = f2f(half, FloatType::F32, rounding, false, false, b);
            (hi << 16) | lo
        }
        ConvertOp::F2fp8 { dst } => f2fp8(dst, a),
    }
}

/// `.sat` on a float result: NaN and negatives (−0 included) → +0,
/// above 1.0 (+∞ included) → 1.0.
#[inline]
fn clamp_unit(fmt: FloatFormat, bits: u64) -> u64 {
    if fmt.is_nan(bits) || bits & fmt.sign_mask() != 0 {
        0
    } else if bits > fmt.one() {
        fmt.one()
    } else {
        bits
    }
}

/// FRND: round to an integral value in the same format.
fn frnd(ty: FloatType, rounding: Rounding, ftz: bool, sat: bool, x: u64) -> u64 {
    let fmt = ty.format();
    let x = x & fmt.mask();
    let u = fmt.unpack_daz(x, ftz);
    let r = match u.class {
        Class::QuietNan | Class::SignalingNan => match ty {
            FloatType::F64 => fmt.quiet(x),
            FloatType::F32 | FloatType::F16 | FloatType::Bf16 => fmt.canonical_nan(),
        },
        Class::Zero => fmt.zero(u.sign),
        Class::Infinite => x,
        // Already integral: every bit of the significand is at or above 2^0.
        Class::Normal | Class::Subnormal if u.exp >= 0 => x,
        Class::Normal | Class::Subnormal => {
            let exact = Exact::new(u.sign, u.sig as u128, u.exp);
            let int = round_to_integer(exact, rounding).magnitude;
            // The integer is representable (it has no more significant bits
            // than the input), so this rounding is exact.
            fmt.round(Exact::new(u.sign, int, 0), RoundOptions::new(Rounding::Rn))
                .bits
        }
    };
    if sat {
        clamp_unit(fmt, r)
    } else {
        r
    }
}

/// F2F: float to float, one rounding.
fn f2f(dst: FloatType, src: FloatType, rounding: Rounding, ftz: bool, sat: bool, x: u64) -> u64 {
    let (sf, df) = (src.format(), dst.format());
    let x = x & sf.mask();
    let u = sf.unpack_daz(x, ftz);
    let r = match u.class {
        Class::QuietNan | Class::SignalingNan => match dst {
            FloatType::F16 | FloatType::Bf16 => df.canonical_nan(),
            FloatType::F32 | FloatType::F64 => convert_nan(sf, df, x),
        },
        Class::Zero => df.zero(u.sign),
        Class::Infinite => df.infinity(u.sign),
        Class::Normal | Class::Subnormal => {
            df.round(
                Exact::new(u.sign, u.sig as u128, u.exp),
                RoundOptions::new(rounding).with_ftz(ftz),
            )
            .bits
        }
    };
    if sat {
        clamp_unit(df, r)
    } else {
        r
    }
}

/// F2I: float to integer, rounded then saturated; NaN → 0.
fn f2i(dst: IntType, src: FloatType, rounding: Rounding, ftz: bool, x: u64) -> u64 {
    let sf = src.format();
    let u = sf.unpack_daz(x & sf.mask(), ftz);
    let v: i128 = match u.class {
        Class::QuietNan | Class::SignalingNan | Class::Zero => 0,
        Class::Infinite => {
            if u.sign {
                dst.min()
            } else {
                dst.max()
            }
        }
        Class::Normal | Class::Subnormal => {
            // |x| ≥ 2^64 saturates every type; below that the rounded
            // magnitude is < 2^(53 + 63) and fits the i128 easily.
            if u.exp >= 64 {
                if u.sign {
                    dst.min()
                } else {
                    dst.max()
                }
            } else {
                let m = round_to_integer(Exact::new(u.sign, u.sig as u128, u.exp), rounding)
                    .magnitude as i128;
                if u.sign {
                    -m
                } else {
                    m
                }
            }
        }
    };
    dst.saturate(v)
}

/// I2F: integer to float, one rounding.
fn i2f(dst: FloatType, src: IntType, rounding: Rounding, x: u64) -> u64 {
    let v = src.value(x);
    dst.format()
        .round(
            Exact::new(v < 0, v.unsigned_abs(), 0),
            RoundOptions::new(rounding),
        )
        .bits
}

/// I2I: extend by the source's signedness, then clamp (`.sat`) or wrap.
fn i2i(dst: IntType, src: IntType, sat: bool, x: u64) -> u64 {
    let v = src.value(x);
    if sat {
        dst.saturate(v)
    } else {
        (v as u64) & dst.mask()
    }
}

/// F2FP to FP8: nearest even, satfinite, NaN → 0x7F.
fn f2fp8(dst: Fp8Type, x: u64) -> u64 {
    let (sf, df) = (FloatFormat::F32, dst.format());
    let u = sf.unpack(x & sf.mask());
    match u.class {
        Class::QuietNan | Class::SignalingNan => df.canonical_nan(),
        Class::Zero => df.zero(u.sign),
        Class::Infinite => df.max_finite(u.sign),
        Class::Normal | Class::Subnormal => {
            df.round(
                Exact::new(u.sign, u.sig as u128, u.exp),
                RoundOptions::new(Rounding::Rn).with_overflow(Overflow::SatFinite),
            )
            .bits
        }
    }
}
