//! What each boundary of [`Fp64Convert`](super::Fp64Convert) carries: the
//! control word [`Ctl`] (every boundary) and one data bundle per phase.

use super::{EXP_W, FLAGS_W};
use rust_hdl::prelude::*;

/// Travels with every operation through all fifteen boundaries: the
/// decoded operation, the resolved rounding and flush, the sign of the
/// result, and the forced answer (special operands, round-to-integral,
/// integral ffract, frexp.exp), which wins over the rounder's when `take`.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Ctl {
    /// fldexp.f64.
    pub ldexp: Bit,
    /// ffloor, fceil, ftrunc, frndne.
    pub rnd: Bit,
    /// ffract.f64.
    pub fract: Bit,
    /// Destination binary32: fcvt.f32.f64(.m).
    pub d32: Bit,
    /// Destination int32 / uint32: fcvt.i32.f64, fcvt.u32.f64.
    pub to_i: Bit,
    pub to_u: Bit,
    /// frexp.mant.f64, frexp.exp.f64.
    pub mant: Bit,
    pub exp: Bit,
    /// Rounding mode, RISC-V code 0..4, the op's fixed direction already applied.
    pub rm: Bits<3>,
    /// Output flush (binary64 for fldexp/ffract, binary32 for fcvt.f32.f64).
    pub ftz: Bit,
    /// Sign of the rounded result.
    pub sign: Bit,
    /// The forced answer is the result.
    pub take: Bit,
    pub fres: Bits<64>,
    pub fflags: Bits<FLAGS_W>,
}

/// The operation decoded for phase 1 ([`ConvertDecode`](super::ConvertDecode)):
/// one bit per operation class and the op's fixed rounding direction. The
/// `fp64` unit forms it before its front register, so phase 1 starts from
/// registered selects (measured: `op` → its decode → the integer
/// magnitude's chain → `s1`, 8.6 ns on one seed).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct CvtDec {
    /// Source binary32 (fcvt.f64.f32), int32 (fcvt.f64.i32), uint32 (fcvt.f64.u32).
    pub w32: Bit,
    pub fi: Bit,
    pub fu: Bit,
    /// The [`Ctl`] bits of the same names.
    pub ldexp: Bit,
    pub rnd: Bit,
    pub fract: Bit,
    pub d32: Bit,
    pub to_i: Bit,
    pub to_u: Bit,
    pub mant: Bit,
    pub exp: Bit,
    /// The op rounds in a fixed direction (ffloor, fceil, ftrunc, frndne,
    /// to an integer): `rm_fixed`, not the resolved mode.
    pub rm_force: Bit,
    pub rm_fixed: Bits<3>,
}

/// Boundary 1: fields and class of the source.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage1 {
    /// The operand as given.
    pub a: Bits<64>,
    /// binary64 fields.
    pub e: Bits<11>,
    pub m: Bits<52>,
    /// binary32 fraction (fcvt.f64.f32).
    pub m32: Bits<23>,
    /// An integer source's magnitude (fcvt.f64.i32/u32).
    pub mag: Bits<32>,
    /// The binary64 and binary32 fields' hidden bits (exponent field ≠ 0).
    pub hid64: Bit,
    /// The source's hidden bit (binary64 or binary32 by the op).
    pub hid: Bit,
    /// `ebase = ex + k`: `ex` the source's biased exponent (at least 1; 0
    /// for an integer), `k` the offset to `EOFF` of its LSB (fldexp's
    /// saturated exponent added).
    pub ex: Bits<EXP_W>,
    pub k: Bits<EXP_W>,
    /// The op's source is a signed zero (DAZ applied), ±∞, a NaN, an sNaN.
    pub zero: Bit,
    pub inf: Bit,
    pub nan: Bit,
    pub snan: Bit,
    /// Integer source (fcvt.f64.i32/u32), binary32 source (fcvt.f64.f32).
    pub int_src: Bit,
    pub f32_src: Bit,
}

/// Boundary 2: the rounder's source; round-to-integral's positions.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage2 {
    pub a: Bits<64>,
    /// Value `sig · 2^(ebase − EOFF)`.
    pub sig: Bits<64>,
    pub ebase: Bits<EXP_W>,
    /// `{hidden, m}` of the binary64 operand.
    pub hm: Bits<53>,
    /// Fraction bits `f = 52 − e` and `f − 1` (when `mid`).
    pub f: Bits<6>,
    pub fm1: Bits<6>,
    /// 0 ≤ e ≤ 51; e < 0 (|a| < 1, finite, non-zero); e ≥ 52.
    pub mid: Bit,
    pub small: Bit,
    pub big: Bit,
    /// e = −1.
    pub half: Bit,
    /// ffract's right shift of a negative |a| < 1 (`−1 − e`, saturated to 63).
    pub ssh: Bits<6>,
    /// `−hm` modulo 2^53.
    pub negm: Bits<53>,
}

/// Boundary 3: masks of the fraction; `−hm`; the first half of ffract's shift.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage3 {
    pub a: Bits<64>,
    pub sig: Bits<64>,
    pub ebase: Bits<EXP_W>,
    pub hm: Bits<53>,
    pub mid: Bit,
    pub small: Bit,
    pub big: Bit,
    pub half: Bit,
    /// Bits below `f`, the bit at `f`, bits below `f − 1`, the bit at `f − 1`.
    pub below_f: Bits<64>,
    pub at_f: Bits<64>,
    pub below_fm1: Bits<64>,
    pub at_fm1: Bits<64>,
    /// `−hm` modulo 2^53.
    pub negm: Bits<53>,
    /// `−{hm, 00} >> ssh[5:4]·16` (arithmetic: ones fill) and the sticky
    /// of the bits shifted out.
    pub x: Bits<55>,
    pub xst: Bit,
    pub ssh_lo: Bits<4>,
}

/// Boundary 4: round-to-integral's round/sticky/LSB and both candidates;
/// ffract's candidate significands.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage4 {
    pub a: Bits<64>,
    pub sig: Bits<64>,
    pub ebase: Bits<EXP_W>,
    pub mid: Bit,
    pub small: Bit,
    pub big: Bit,
    pub lsb: Bit,
    pub round: Bit,
    pub sticky: Bit,
    /// The fraction is non-zero (`mid` only).
    pub fany: Bit,
    /// The encoding with its fraction cleared, and that plus one unit.
    pub cleared: Bits<64>,
    pub inc: Bits<64>,
    /// ffract: the fraction (a ≥ 0), `1 − fraction` for e ≥ 0 (a < 0).
    pub fpos: Bits<53>,
    pub fneg: Bits<53>,
    /// ffract, a < 0 and |a| < 1: `⌊−|a| · 2^55⌋` in 55-bit two's
    /// complement (= `2^55 − ⌈|a| · 2^55⌉` with bit 55 dropped), and the
    /// sticky of the bits shifted out.
    pub x: Bits<55>,
    pub xst: Bit,
}

/// Boundaries 5 and 6: the rounder's source (and its leading zeros after 6).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Source {
    pub sig: Bits<64>,
    pub ebase: Bits<EXP_W>,
    /// The exact value lies strictly above `sig · 2^…` (ffract's `1 − |a|`).
    pub sin: Bit,
    pub lz: Bits<7>,
    /// Boundary 5 only: round-to-integral's answer with the increment, and
    /// whether it replaces `Ctl::fres` (picked in phase 6, [`RintPick`](super::RintPick)).
    pub rint_up: Bits<64>,
    pub rint_sel: Bit,
}

/// Boundary 7: half normalised.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage7 {
    pub sig: Bits<64>,
    /// Exponent of the leading one, plus EOFF.
    pub eb: Bits<EXP_W>,
    pub sin: Bit,
    pub lz_lo: Bits<3>,
    /// The destination's constants for phase 8 ([`NormFine`](super::NormFine)),
    /// picked in phase 7 from the op: the shift's `c` (`sh = c − eb`), the
    /// exponent at and above which the shift is `hi`, the one at and below
    /// which it is 66, and the exponent base's EMIN.
    pub k: Bits<EXP_W>,
    pub g: Bits<EXP_W>,
    pub l: Bits<EXP_W>,
    pub hi: Bits<7>,
    pub gb: Bits<EXP_W>,
}

/// Boundary 8: normalised (leading one at bit 63); the destination's
/// [`Terms`] travel beside it (boundaries 8–12).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage8 {
    pub sig: Bits<64>,
    pub sin: Bit,
}

/// The destination's terms, from the exponent alone.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Terms {
    /// Right shift putting the destination's LSB at bit 2 of `{sig, 00}` (≤ 66).
    pub sh: Bits<7>,
    /// Exponent field less the hidden bit: `e − EMIN` (0 below EMIN).
    pub base: Bits<EXP_W>,
    /// e > EMAX; e = EMAX.
    pub over: Bit,
    pub atmax: Bit,
    /// e < EMIN − 1; e = EMIN − 1 (tininess after rounding decided by the bits).
    pub tlt: Bit,
    pub teq: Bit,
    /// e ≤ 30, e ≤ 31, e = 31 (integer ranges).
    pub le30: Bit,
    pub le31: Bit,
    pub eq31: Bit,
}

/// Boundary 9: half aligned.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage9 {
    pub x: Bits<66>,
    pub st: Bit,
    pub sh_lo: Bits<4>,
}

/// Boundary 10: aligned: kept bits, round bit, the next bit, sticky.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage10 {
    pub kept: Bits<64>,
    pub r: Bit,
    pub r2: Bit,
    pub st: Bit,
}

/// Boundary 11: the increment decided.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage11 {
    pub kept: Bits<64>,
    pub up: Bit,
    pub inexact: Bit,
    pub tiny: Bit,
}

/// Boundary 12: rounded magnitude; the integer forms.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage12 {
    pub kr: Bits<64>,
    pub inexact: Bit,
    pub tiny: Bit,
    /// The integer result and whether it is in range.
    pub ires: Bits<32>,
    pub ivalid: Bit,
    /// The destination's exponent base [`Terms::base`] is 0 (phase 13's
    /// subnormal test without waiting for its exponent add).
    pub base_zero: Bit,
}

/// Boundary 13: packed.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage13 {
    /// The encoding with sign (float destinations).
    pub enc: Bits<64>,
    pub overflow: Bit,
    /// Subnormal, not zero (the flush's condition).
    pub sub: Bit,
    pub inexact: Bit,
    pub tiny: Bit,
    pub ires: Bits<32>,
    pub ivalid: Bit,
}

/// Boundary 14: the rounder's answer, and whether it is 1.0 in an ffract
/// (compared here, a phase ahead of the clamp that needs it).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Rounded {
    pub res: Bits<64>,
    pub flags: Bits<FLAGS_W>,
    pub one: Bit,
}

/// Boundary 15: the block's answer.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Answer {
    pub res: Bits<64>,
    pub flags: Bits<FLAGS_W>,
}
