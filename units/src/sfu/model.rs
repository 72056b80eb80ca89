//! Bit-exact golden model of the SFU (SPEC-G3 §5, §6), in plain Rust.
//!
//! Three paths, as in the RTL:
//!
//! - **Approximations** (rsq/sqrt/exp2/log2/sin/cos in binary32, all seven
//!   functions in binary16): [`prepare`] (the 32-bit flush bit, binary16
//!   widened to binary32, a subnormal binary32 operand of rsq/sqrt/log2
//!   scaled by 2^24, an exp2 operand in (−152, −126) moved up by 24) →
//!   the MUFU's model ([`crate::mufu::model::eval`], unchanged, with its own
//!   DAZ/FTZ, which the scaling keeps away from every value that matters) →
//!   [`finish`] (the scale undone: an exponent offset, or log2's −24 added;
//!   one round-to-nearest-even into binary32 or binary16 with subnormal
//!   results, overflow to ±Inf, `ftz32`; canonical NaNs). Where the SFU
//!   rounds (every binary16 result, a scaled binary32 one) it rounds the
//!   MUFU's exact sum once: the MUFU's rounded result and its two rounding
//!   bits ([`crate::mufu::model::rounding`], the RTL's `out_rnd`) decide
//!   every tie of the second grid. Elsewhere the answer is the MUFU's bits.
//!   Flags: NV and DZ only, from the operand's class ([`approx_flags`]).
//! - **The divide engine** ([`crate::divsqrt::model::execute`]): rcp.f32
//!   (correctly rounded in `frm`), rcp.f64 (RNE, never flushes), fsqrt and
//!   fdiv in both widths, div/divu/rem/remu, with the IEEE flags.
//! - **rsq.f64**: two passes through the engine, fsqrt.f64 then rcp.f64, both
//!   RNE and never flushing; relative error below 2^-52 (two roundings of
//!   2^-53 each); flags NV and DZ only (an `ap` operation).
//!
//! # Decisions (D) where SPEC-G3 is silent
//! - The approximations round their result to nearest even, whatever `frm`
//!   says: `frm` rounds correctly rounded results, and these are not.
//! - exp2 of a subnormal operand is 1.0 and sin/cos of a subnormal operand
//!   are ±0 and 1.0, with or without `daz32`: the MUFU's fixed-point
//!   argument (2^-32 and 2^-34 turns) has no bit for them, and 1.0, ±0 are
//!   within the functions' bounds (1.0 is exp2's correctly rounded value).
//! - SPEC-G3 §5's "cos(n + ½) = +0" is IEEE 754's cosPi rule, whose
//!   argument counts half turns; in turns (sin(2π·x), cos(2π·x)) cos's
//!   zeros are at n + ¼ and n + ¾, and they answer +0 (the MUFU's rule);
//!   cos(n + ½) is −1.
//! - A binary16 operand is widened to binary32 exactly (every binary16 value
//!   is a normal binary32), so binary16 subnormal operands are real values
//!   without scaling; `daz32` flushes them (binary16 follows the 32-bit
//!   fields).

use crate::divsqrt::model::{execute as engine, DivsqrtOp};
pub use crate::fp::ieee::{
    classify, round_pack, Answer, Class, Format, Mode, Rm, DZ, F16, F32, F64, NV,
};
use crate::mufu::model::{eval_with_rounding, MufuFunc};

/// The operations of the unit, in seed order; `in_op` codes in [`SfuOp::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SfuOp {
    RcpF32,
    RsqF32,
    SqrtF32,
    Exp2F32,
    Log2F32,
    SinF32,
    CosF32,
    FsqrtF32,
    RcpF64,
    RsqF64,
    FsqrtF64,
    RcpF16,
    RsqF16,
    SqrtF16,
    Exp2F16,
    Log2F16,
    SinF16,
    CosF16,
    Div,
    Divu,
    Rem,
    Remu,
    FdivF32,
    FdivF64,
}

/// A seed instruction format (SPEC-G3 §5, §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedFormat {
    R,
    R1,
    H,
}

/// How the unit computes an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// The MUFU's interpolator between [`prepare`] and [`finish`]; the
    /// result's format (binary32 or binary16).
    Approx(MufuFunc, Format),
    /// One pass through the divide engine.
    Engine(DivsqrtOp),
    /// fsqrt.f64 then rcp.f64 on the engine.
    RsqF64,
}

impl crate::fp::ieee::ModeLineOp for SfuOp {
    const ALL: &'static [Self] = &Self::ALL;
    fn mnemonic(self) -> &'static str {
        self.mnemonic()
    }
    fn operands(self) -> usize {
        self.operands()
    }
    fn width(self) -> u32 {
        self.width()
    }
    fn code(self) -> u32 {
        SfuOp::code(self)
    }
    fn from_code(code: u32) -> Option<Self> {
        SfuOp::from_code(code)
    }
}

impl SfuOp {
    /// Every operation, in the order of the seed's tables.
    pub const ALL: [SfuOp; 24] = [
        SfuOp::RcpF32,
        SfuOp::RsqF32,
        SfuOp::SqrtF32,
        SfuOp::Exp2F32,
        SfuOp::Log2F32,
        SfuOp::SinF32,
        SfuOp::CosF32,
        SfuOp::FsqrtF32,
        SfuOp::RcpF64,
        SfuOp::RsqF64,
        SfuOp::FsqrtF64,
        SfuOp::RcpF16,
        SfuOp::RsqF16,
        SfuOp::SqrtF16,
        SfuOp::Exp2F16,
        SfuOp::Log2F16,
        SfuOp::SinF16,
        SfuOp::CosF16,
        SfuOp::Div,
        SfuOp::Divu,
        SfuOp::Rem,
        SfuOp::Remu,
        SfuOp::FdivF32,
        SfuOp::FdivF64,
    ];

    /// The seed's (format, opcode, funct).
    pub fn encoding(self) -> (SeedFormat, u32, u32) {
        let i = Self::ALL.iter().position(|&o| o == self).unwrap() as u32;
        match i {
            0..=10 => (SeedFormat::R1, 0x22, i),
            11..=17 => (SeedFormat::H, 0x9, 0x40 + i - 11),
            _ => (SeedFormat::R, 0x24, i - 18),
        }
    }

    /// The operation of a seed (format, opcode, funct); `None` for every
    /// code the seed does not give this unit.
    pub fn decode(format: SeedFormat, opcode: u32, funct: u32) -> Option<SfuOp> {
        Self::ALL
            .iter()
            .copied()
            .find(|o| o.encoding() == (format, opcode, funct))
    }

    /// The `in_op` code: R1 0x22's f11 (0..=10), 16 + f10 − 0x40 for the
    /// binary16 forms, 24 + f4 for R 0x24.
    pub fn code(self) -> u32 {
        match self.encoding() {
            (SeedFormat::R1, _, f) => f,
            (SeedFormat::H, _, f) => 16 + f - 0x40,
            (SeedFormat::R, _, f) => 24 + f,
        }
    }

    /// The operation of an `in_op` code.
    pub fn from_code(code: u32) -> Option<SfuOp> {
        Self::ALL.iter().copied().find(|o| o.code() == code)
    }

    /// The vector-file mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            SfuOp::RcpF32 => "rcp.f32",
            SfuOp::RsqF32 => "rsq.f32",
            SfuOp::SqrtF32 => "sqrt.f32",
            SfuOp::Exp2F32 => "exp2.f32",
            SfuOp::Log2F32 => "log2.f32",
            SfuOp::SinF32 => "sin.f32",
            SfuOp::CosF32 => "cos.f32",
            SfuOp::FsqrtF32 => "fsqrt.f32",
            SfuOp::RcpF64 => "rcp.f64",
            SfuOp::RsqF64 => "rsq.f64",
            SfuOp::FsqrtF64 => "fsqrt.f64",
            SfuOp::RcpF16 => "rcp.f16",
            SfuOp::RsqF16 => "rsq.f16",
            SfuOp::SqrtF16 => "sqrt.f16",
            SfuOp::Exp2F16 => "exp2.f16",
            SfuOp::Log2F16 => "log2.f16",
            SfuOp::SinF16 => "sin.f16",
            SfuOp::CosF16 => "cos.f16",
            SfuOp::Div => "div",
            SfuOp::Divu => "divu",
            SfuOp::Rem => "rem",
            SfuOp::Remu => "remu",
            SfuOp::FdivF32 => "fdiv.f32",
            SfuOp::FdivF64 => "fdiv.f64",
        }
    }

    /// The operation of a mnemonic.
    pub fn from_mnemonic(text: &str) -> Option<SfuOp> {
        Self::ALL.iter().copied().find(|o| o.mnemonic() == text)
    }

    /// How the unit computes it.
    pub fn path(self) -> Path {
        use MufuFunc as M;
        match self {
            SfuOp::RsqF32 => Path::Approx(M::Rsq, F32),
            SfuOp::SqrtF32 => Path::Approx(M::Sqrt, F32),
            SfuOp::Exp2F32 => Path::Approx(M::Ex2, F32),
            SfuOp::Log2F32 => Path::Approx(M::Lg2, F32),
            SfuOp::SinF32 => Path::Approx(M::Sin, F32),
            SfuOp::CosF32 => Path::Approx(M::Cos, F32),
            SfuOp::RcpF16 => Path::Approx(M::Rcp, F16),
            SfuOp::RsqF16 => Path::Approx(M::Rsq, F16),
            SfuOp::SqrtF16 => Path::Approx(M::Sqrt, F16),
            SfuOp::Exp2F16 => Path::Approx(M::Ex2, F16),
            SfuOp::Log2F16 => Path::Approx(M::Lg2, F16),
            SfuOp::SinF16 => Path::Approx(M::Sin, F16),
            SfuOp::CosF16 => Path::Approx(M::Cos, F16),
            SfuOp::RcpF32 => Path::Engine(DivsqrtOp::RcpF32),
            SfuOp::RcpF64 => Path::Engine(DivsqrtOp::RcpF64),
            SfuOp::FsqrtF32 => Path::Engine(DivsqrtOp::FsqrtF32),
            SfuOp::FsqrtF64 => Path::Engine(DivsqrtOp::FsqrtF64),
            SfuOp::FdivF32 => Path::Engine(DivsqrtOp::FdivF32),
            SfuOp::FdivF64 => Path::Engine(DivsqrtOp::FdivF64),
            SfuOp::Div => Path::Engine(DivsqrtOp::Div),
            SfuOp::Divu => Path::Engine(DivsqrtOp::Divu),
            SfuOp::Rem => Path::Engine(DivsqrtOp::Rem),
            SfuOp::Remu => Path::Engine(DivsqrtOp::Remu),
            SfuOp::RsqF64 => Path::RsqF64,
        }
    }

    /// Whether the operation is an approximation (the MUFU's path).
    pub fn is_approx(self) -> bool {
        matches!(self.path(), Path::Approx(..))
    }

    /// Number of operands (`a`, then `b`).
    pub fn operands(self) -> usize {
        match self {
            SfuOp::Div
            | SfuOp::Divu
            | SfuOp::Rem
            | SfuOp::Remu
            | SfuOp::FdivF32
            | SfuOp::FdivF64 => 2,
            _ => 1,
        }
    }

    /// Width in bits of the operands and of the result.
    pub fn width(self) -> u32 {
        match self {
            SfuOp::RcpF64 | SfuOp::RsqF64 | SfuOp::FsqrtF64 | SfuOp::FdivF64 => 64,
            SfuOp::RcpF16
            | SfuOp::RsqF16
            | SfuOp::SqrtF16
            | SfuOp::Exp2F16
            | SfuOp::Log2F16
            | SfuOp::SinF16
            | SfuOp::CosF16 => 16,
            _ => 32,
        }
    }
}

/// What [`prepare`] hands to the MUFU and to [`finish`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prepared {
    /// The MUFU's binary32 operand.
    pub x: u32,
    /// Added to the MUFU result's exponent: +12 (rsq), −12 (sqrt) of a
    /// scaled subnormal, −24 (exp2 moved up), else 0.
    pub exp_adjust: i32,
    /// log2 of a scaled subnormal: 24 is subtracted from the MUFU's result.
    pub log2_scaled: bool,
}

/// exp2's operand range moved up by 24: −152 < x < −126 (bits of |x|).
pub const EXP2_SCALE_LO: u32 = 0x42fc_0000;
pub const EXP2_SCALE_HI: u32 = 0x4318_0000;
/// The scaling of a subnormal binary32 operand (2^24) and of exp2's (24).
pub const SCALE: i32 = 24;

/// binary16 → binary32, exact (a subnormal binary16 is a normal binary32);
/// `daz` reads a subnormal as a signed zero.
pub fn widen_f16(h: u16, daz: bool) -> u32 {
    let sign = ((h as u32) >> 15) << 31;
    let e = (h >> 10) as u32 & 0x1f;
    let m = h as u32 & 0x3ff;
    match e {
        0 if m == 0 || daz => sign,
        0 => {
            // m · 2^-24: leading one at bit 9 − lz.
            let lz = m.leading_zeros() - 22;
            sign | ((112 - lz) << 23) | (((m << (lz + 1)) & 0x3ff) << 13)
        }
        0x1f => sign | 0x7f80_0000 | (m << 13),
        _ => sign | ((e + 112) << 23) | (m << 13),
    }
}

/// The operand side of an approximation: `bits` in `fmt` (binary32 or
/// binary16), MODE's `daz32`.
pub fn prepare(func: MufuFunc, fmt: Format, bits: u32, daz: bool) -> Prepared {
    let w = if fmt == F16 {
        widen_f16(bits as u16, daz)
    } else if bits & 0x7f80_0000 == 0 && daz {
        bits & 0x8000_0000
    } else {
        bits
    };
    let sign = w & 0x8000_0000;
    let mag = w & 0x7fff_ffff;
    let plain = Prepared {
        x: w,
        exp_adjust: 0,
        log2_scaled: false,
    };
    let subnormal = mag != 0 && mag < 0x0080_0000;
    match func {
        MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2 if subnormal => {
            // m · 2^-149 · 2^24 = m · 2^-125, normalised.
            let lz = mag.leading_zeros() - 9;
            Prepared {
                x: sign | ((24 - lz) << 23) | ((mag << (lz + 1)) & 0x7f_ffff),
                exp_adjust: match func {
                    MufuFunc::Rsq => SCALE / 2,
                    MufuFunc::Sqrt => -SCALE / 2,
                    _ => 0,
                },
                log2_scaled: func == MufuFunc::Lg2,
            }
        }
        MufuFunc::Ex2 if sign != 0 && mag > EXP2_SCALE_LO && mag < EXP2_SCALE_HI => {
            // |x| − 24 in 8.17 fixed point: |x| has 17 fraction bits here
            // (126 < |x| < 128) or 16, and the difference lies in (102, 128).
            let e = (mag >> 23) as i32 - 127;
            let fixed = ((mag & 0x7f_ffff) | 0x80_0000) << (e - 6);
            let moved = fixed - ((SCALE as u32) << 17);
            debug_assert!(moved >> 23 == 1);
            Prepared {
                x: sign | (133 << 23) | (moved & 0x7f_ffff),
                exp_adjust: -SCALE,
                log2_scaled: false,
            }
        }
        _ => plain,
    }
}

/// The result side of an approximation: the MUFU's binary32 result `y` and
/// its rounding bits `rnd` ([`crate::mufu::model::rounding`]) → the
/// destination `fmt`, MODE's `ftz32`.
///
/// Binary32 without scaling: the answer is `y`. Elsewhere the destination's
/// grid at the result is the MUFU's (scaled rsq/sqrt, most log2 results) or
/// coarser (subnormal results, binary16, log2's results past −128). The
/// exact sum `u` differs from `y` by at most half the MUFU's ulp, on the
/// side `rnd` names (bit 1: `u < y`; else bit 0: `u > y`; else `u = y`).
/// Rounding `4y ∓ 1` (a quarter of the MUFU's ulp on that side) to nearest
/// even rounds `u` once: on a coarser grid the two lie strictly on the same
/// side of every midpoint and on no grid point apart from `y` itself; on
/// the MUFU's own grid the answer is `y` (the MUFU's nearest, its ties
/// away from zero). The sweep test below checks this against the exact
/// sum ([`crate::mufu::model::interpolate_sum`]).
pub fn finish(y: u32, rnd: u8, fmt: Format, p: &Prepared, ftz: bool) -> u64 {
    let neg = y >> 31 != 0;
    let e = (y >> 23) & 0xff;
    let m = y & 0x7f_ffff;
    if e == 0xff {
        return if m != 0 {
            fmt.canonical_nan()
        } else {
            fmt.infinity(neg)
        };
    }
    if e == 0 {
        // The MUFU flushes: its results are never subnormal.
        return fmt.zero(neg);
    }
    let mut sig = (m | 0x80_0000) as u128;
    if p.log2_scaled {
        // log2(x·2^24) lies in (−126, −102): |y| ∈ [64, 128), ulp 2^-17.
        assert!(neg && e == 127 + 6, "log2 of a scaled subnormal: {y:#x}");
        sig += (SCALE as u128) << 17;
    }
    let exp = e as i32 - 127 - 23 + p.exp_adjust;
    let mufu_grid = fmt == F32 && p.exp_adjust == 0 && !p.log2_scaled;
    let sig = match rnd {
        _ if mufu_grid => sig << 2,
        0b10 | 0b11 => (sig << 2) - 1,
        0b01 => (sig << 2) + 1,
        _ => sig << 2,
    };
    round_pack(fmt, neg, sig, exp - 2, false, Rm::Rne, ftz).result
}

/// NV and DZ of an approximation, from its operand's class (after `daz32`).
pub fn approx_flags(func: MufuFunc, fmt: Format, bits: u32, daz: bool) -> u8 {
    let (neg, class) = classify(fmt, bits as u64, daz);
    match class {
        Class::Nan { signalling: true } => NV,
        Class::Nan { signalling: false } => 0,
        Class::Zero => match func {
            MufuFunc::Rcp | MufuFunc::Rsq | MufuFunc::Lg2 => DZ,
            _ => 0,
        },
        Class::Inf if matches!(func, MufuFunc::Sin | MufuFunc::Cos) => NV,
        _ if neg && matches!(func, MufuFunc::Rsq | MufuFunc::Sqrt | MufuFunc::Lg2) => NV,
        _ => 0,
    }
}

/// One approximation: `bits` in `fmt`, MODE's 32-bit flush bits.
pub fn approx(func: MufuFunc, fmt: Format, bits: u32, daz: bool, ftz: bool) -> Answer {
    let p = prepare(func, fmt, bits, daz);
    Answer {
        result: {
            let (y, rnd) = eval_with_rounding(func, p.x);
            finish(y, rnd, fmt, &p, ftz)
        },
        flags: approx_flags(func, fmt, bits, daz),
    }
}

/// rsq.f64: fsqrt.f64 then rcp.f64, both RNE, never flushing; NV and DZ.
pub fn rsq_f64(a: u64) -> Answer {
    let plain = Mode::default();
    let root = engine(DivsqrtOp::FsqrtF64, a, 0, plain);
    let r = engine(DivsqrtOp::RcpF64, root.result, 0, plain);
    Answer {
        result: r.result,
        flags: (root.flags | r.flags) & (NV | DZ),
    }
}

/// The unit's answer to `op` on `a`, `b` (right-aligned) under `mode`.
pub fn execute(op: SfuOp, a: u64, b: u64, mode: Mode) -> Answer {
    match op.path() {
        Path::Approx(func, fmt) => {
            let mask = if fmt == F16 { 0xffff } else { 0xffff_ffff };
            approx(func, fmt, (a & mask) as u32, mode.daz32, mode.ftz32)
        }
        Path::Engine(dop) => engine(dop, a, b, mode),
        Path::RsqF64 => rsq_f64(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_encodings_are_one_to_one() {
        for op in SfuOp::ALL {
            assert_eq!(SfuOp::from_code(op.code()), Some(op));
            assert_eq!(SfuOp::from_mnemonic(op.mnemonic()), Some(op));
            let (f, o, fu) = op.encoding();
            assert_eq!(SfuOp::decode(f, o, fu), Some(op));
            assert!(op.code() < 32);
        }
        // SPEC-G3 §5, §6, row by row, as the seed gives them.
        use SeedFormat::{H, R, R1};
        let seed: [(&str, SeedFormat, u32, u32); 24] = [
            ("rcp.f32", R1, 0x22, 0x0),
            ("rsq.f32", R1, 0x22, 0x1),
            ("sqrt.f32", R1, 0x22, 0x2),
            ("exp2.f32", R1, 0x22, 0x3),
            ("log2.f32", R1, 0x22, 0x4),
            ("sin.f32", R1, 0x22, 0x5),
            ("cos.f32", R1, 0x22, 0x6),
            ("fsqrt.f32", R1, 0x22, 0x7),
            ("rcp.f64", R1, 0x22, 0x8),
            ("rsq.f64", R1, 0x22, 0x9),
            ("fsqrt.f64", R1, 0x22, 0xa),
            ("rcp.f16", H, 0x9, 0x40),
            ("rsq.f16", H, 0x9, 0x41),
            ("sqrt.f16", H, 0x9, 0x42),
            ("exp2.f16", H, 0x9, 0x43),
            ("log2.f16", H, 0x9, 0x44),
            ("sin.f16", H, 0x9, 0x45),
            ("cos.f16", H, 0x9, 0x46),
            ("div", R, 0x24, 0x0),
            ("divu", R, 0x24, 0x1),
            ("rem", R, 0x24, 0x2),
            ("remu", R, 0x24, 0x3),
            ("fdiv.f32", R, 0x24, 0x4),
            ("fdiv.f64", R, 0x24, 0x5),
        ];
        for (name, f, o, fu) in seed {
            let op = SfuOp::decode(f, o, fu).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(op.mnemonic(), name);
        }
        // Every other funct of the three opcodes is refused.
        for funct in 0..0x80 {
            for (f, o) in [(R1, 0x22), (H, 0x9), (R, 0x24)] {
                let listed = seed
                    .iter()
                    .any(|&(_, sf, so, sfu)| (sf, so, sfu) == (f, o, funct));
                assert_eq!(
                    SfuOp::decode(f, o, funct).is_some(),
                    listed,
                    "{f:?} {o:#x} {funct:#x}"
                );
            }
        }
        assert_eq!(SfuOp::decode(SeedFormat::R1, 0x22, 0xb), None);
        assert_eq!(SfuOp::decode(SeedFormat::H, 0x9, 0x47), None);
        assert_eq!(SfuOp::decode(SeedFormat::R, 0x24, 6), None);
    }

    #[test]
    fn widening_is_exact_on_every_f16() {
        for h in 0..=u16::MAX {
            let w = widen_f16(h, false);
            let (e, m) = ((h >> 10) as i32 & 0x1f, (h & 0x3ff) as f64);
            let mag = match e {
                0 => m * 2f64.powi(-24),
                0x1f if m == 0.0 => f64::INFINITY,
                0x1f => f64::NAN,
                _ => (1024.0 + m) * 2f64.powi(e - 25),
            };
            let x = if h >> 15 == 1 { -mag } else { mag };
            let y = f32::from_bits(w) as f64;
            assert!(x == y || (x.is_nan() && y.is_nan()), "{h:#x}");
            assert_eq!(
                x == 0.0 && x.is_sign_negative(),
                y == 0.0 && y.is_sign_negative()
            );
        }
    }

    #[test]
    fn spec_example_and_specials() {
        let m = Mode::default();
        assert_eq!(execute(SfuOp::RcpF16, 0x4000, 0, m).result, 0x3800);
        assert_eq!(execute(SfuOp::Log2F32, 0x3f80_0000, 0, m).result, 0);
        assert_eq!(
            execute(SfuOp::RsqF32, 0x8000_0000, 0, m),
            Answer {
                result: 0xff80_0000,
                flags: DZ
            }
        );
        assert_eq!(
            execute(SfuOp::SinF32, 0x7f80_0000, 0, m),
            Answer {
                result: 0x7fc0_0000,
                flags: NV
            }
        );
        // The smallest subnormal: log2 = −149, sqrt = 2^-74.5, rsq = 2^74.5.
        assert_eq!(execute(SfuOp::Log2F32, 1, 0, m).result, 0xc315_0000);
        let r = f32::from_bits(execute(SfuOp::SqrtF32, 1, 0, m).result as u32) as f64;
        assert!((r / 2f64.powf(-74.5) - 1.0).abs() < 1e-6);
        // exp2 into the subnormal range, and flushed by ftz32.
        assert_eq!(execute(SfuOp::Exp2F32, 0xc316_0000, 0, m).result, 0); // −150: tie to 0
        assert_eq!(execute(SfuOp::Exp2F32, 0xc314_0000, 0, m).result, 2); // −148
        let ftz = Mode { ftz32: true, ..m };
        assert_eq!(execute(SfuOp::Exp2F32, 0xc314_0000, 0, ftz).result, 0);
        let rsq = execute(SfuOp::RsqF64, 0x4010_0000_0000_0000, 0, m);
        assert_eq!(rsq.result, 0x3fe0_0000_0000_0000);
    }
}

#[cfg(test)]
mod sweep {
    use super::*;
    use crate::mufu::model::{eval as mufu_eval, interpolate_sum, reduce, Path};

    /// The exact sum of the MUFU's interpolator, scale undone, rounded once
    /// into `fmt` to nearest: ties to even, but a tie of the MUFU's own grid
    /// away from zero (the MUFU's rule; where the destination's grid is
    /// coarser such a value is no tie of it, and both rules agree); `None`
    /// where [`finish`] does not round (a special-case answer, a NaN/∞/0
    /// from the MUFU, or the MUFU's own grid and no scaling).
    fn rounded_once(func: MufuFunc, fmt: Format, bits: u32) -> Option<u64> {
        let p = prepare(func, fmt, bits, false);
        let Path::Interp(r) = reduce(func, p.x) else {
            return None;
        };
        let y = mufu_eval(func, p.x);
        let field = (y >> 23) & 0xff;
        if field == 0 || field == 0xff {
            return None;
        }
        if fmt == F32 && p.exp_adjust == 0 && !p.log2_scaled {
            return None;
        }
        let (sum, e) = interpolate_sum(&r);
        let mut mag = sum.unsigned_abs() as u128;
        let msb = 127 - mag.leading_zeros();
        let mufu_tie = msb > 23 && mag & ((1 << (msb - 23)) - 1) == 1 << (msb - 24);
        if p.log2_scaled {
            mag += (SCALE as u128) << (-e) as u32;
        }
        let neg = r.sign ^ (sum < 0);
        let rm = if mufu_tie { Rm::Rmm } else { Rm::Rne };
        Some(round_pack(fmt, neg, mag, e + p.exp_adjust, false, rm, false).result)
    }

    /// [`finish`]'s two rounding bits give the single rounding of the exact
    /// sum: every binary16 operand of the seven functions, every subnormal
    /// binary32 operand of rsq/sqrt/log2 (a stride), and exp2's moved
    /// operands.
    #[test]
    fn rounding_bits_round_the_exact_sum_once() {
        let mut checked = 0u64;
        let mut check = |func: MufuFunc, fmt: Format, bits: u32| {
            if let Some(want) = rounded_once(func, fmt, bits) {
                let got = approx(func, fmt, bits, false, false).result;
                assert_eq!(got, want, "{} {fmt:?} {bits:#x}", func.name());
                checked += 1;
            }
        };
        for func in [
            MufuFunc::Rcp,
            MufuFunc::Rsq,
            MufuFunc::Sqrt,
            MufuFunc::Ex2,
            MufuFunc::Lg2,
            MufuFunc::Sin,
            MufuFunc::Cos,
        ] {
            for h in 0..=0xffffu32 {
                check(func, F16, h);
            }
        }
        for m in (1u32..0x80_0000).step_by(7) {
            check(MufuFunc::Rsq, F32, m);
            check(MufuFunc::Sqrt, F32, m);
            check(MufuFunc::Lg2, F32, m);
        }
        for mag in (EXP2_SCALE_LO + 1..EXP2_SCALE_HI).step_by(5) {
            check(MufuFunc::Ex2, F32, mag | 0x8000_0000);
        }
        assert!(checked > 3_000_000, "{checked}");
    }

    /// Every subnormal binary32 through the scaled log2, rsq and sqrt (the
    /// assertion in [`finish`] holds), and exp2 on the operands the scaling
    /// moves, in steps of 2^-16 over (−152, −126): within the SPEC-G3 bounds
    /// against f64 math (the full report is `rtl-gen accuracy sfu`).
    /// (About a second at the test profile's opt-level 3.)
    #[test]
    fn scaled_operands_stay_faithful() {
        for m in 1u32..0x80_0000 {
            let x = m as f64 * 2f64.powi(-149);
            let l = f32::from_bits(approx(MufuFunc::Lg2, F32, m, false, false).result as u32);
            assert!(
                (l as f64 - x.log2()).abs() <= 3.0 * 2f64.powi(-16),
                "lg2 {m:#x}"
            );
            let r = f32::from_bits(approx(MufuFunc::Rsq, F32, m, false, false).result as u32);
            assert!(
                (r as f64 * x.sqrt() - 1.0).abs() < 2f64.powi(-23),
                "rsq {m:#x}"
            );
            let q = f32::from_bits(approx(MufuFunc::Sqrt, F32, m, false, false).result as u32);
            assert!(
                (q as f64 / x.sqrt() - 1.0).abs() < 2f64.powi(-23),
                "sqrt {m:#x}"
            );
        }
        // exp2: the result within one subnormal spacing (2^-149) of 2^x.
        let mut x = -152.0f64;
        while x < -126.0 {
            let bits = (x as f32).to_bits();
            let y = f32::from_bits(approx(MufuFunc::Ex2, F32, bits, false, false).result as u32);
            let exact = (f32::from_bits(bits) as f64).exp2();
            assert!((y as f64 - exact).abs() < 2f64.powi(-149), "exp2 {bits:#x}");
            x += 2f64.powi(-16);
        }
    }
}
