//! The XMU's boundary bundles: what each pipeline boundary of [`super::Xmu`]
//! carries (a register at the depths that register it, a wire otherwise).

use super::{FieldCands, I2iFlags, IntFlags, DATA_W, DF_W, EXP_W, OP_W};
use crate::unit::TAG_W;
use rust_hdl::prelude::*;

/// What travels with every operation.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Control {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub op: Bits<OP_W>,
    pub df: Bits<DF_W>,
    pub to_int: Bit,
    pub int_dst: Bits<3>,
    pub rm: Bits<2>,
    pub flush: Bit,
    pub satfinite: Bit,
    pub clamp: Bit,
}

/// Boundary 1: unpacked operands, bit-op trees' first half.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage1 {
    pub x: Bits<DATA_W>,
    pub sign: Bit,
    pub zero: Bit,
    pub inf: Bit,
    pub nan: Bit,
    /// The float's mantissa field is zero (FRND).
    pub man_zero: Bit,
    pub neg: Bit,
    pub sig: Bits<64>,
    pub exp_b: Bits<EXP_W>,
    pub lo_sign: Bit,
    pub lo_zero: Bit,
    pub lo_inf: Bit,
    pub lo_nan: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub pop_bytes: Bits<16>,
    pub lzc_has: Bits<4>,
    pub lzc_count: Bits<12>,
    pub brev: Bits<32>,
    /// FCHK.DIVIDE's range tests and exponent difference ([`super::Fchk`]).
    pub fchk_range: Bit,
    pub fchk_diff: Bits<10>,
}

/// Boundary 2: magnitudes, forced answers, I2I, bit-op counts.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage2 {
    pub x: Bits<DATA_W>,
    pub sign: Bit,
    pub nan: Bit,
    pub sig: Bits<64>,
    pub exp_b: Bits<EXP_W>,
    pub take: Bit,
    /// The forced answer's pattern, sign position and payload ([`super::Special`]).
    pub pat: Bits<{ super::special::PAT_N }>,
    pub sgn: Bits<4>,
    pub pay32: Bit,
    pub pay64: Bit,
    pub i2i_wrapped: Bits<DATA_W>,
    pub i2i_flags: I2iFlags,
    /// FRND's cases ([`super::FrndFields`]).
    pub fr_frac: Bits<6>,
    pub fr_rn: Bit,
    pub fr_up: Bit,
    pub fr_integral: Bit,
    pub fr_under_one: Bit,
    pub fr_under_inc: Bit,
    pub fr_zero: Bit,
    pub fr_nan: Bit,
    pub lo_sign: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub lo_take: Bit,
    pub lo_pat: Bits<{ super::special::PAT_N }>,
    pub lo_sgn: Bits<4>,
    /// The bit operations' counts and BREV ([`super::BitOpsBack`]); FCHK's
    /// answer ([`super::FchkWindow`]): picked in phase 3.
    pub pop: Bits<6>,
    pub lzc: Bits<6>,
    pub bit_sel: Bits<6>,
    pub brev: Bits<32>,
    pub fchk: Bit,
}

/// Boundary 3: leading zeros per byte; FRND's fields; the shift's terms.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage3 {
    pub sig: Bits<64>,
    pub exp_b: Bits<EXP_W>,
    pub byte_has: Bits<8>,
    pub byte_count: Bits<24>,
    pub xm: Bits<64>,
    /// FRND's fraction mask and LSB weight ([`super::FrndMask`]).
    pub mask: Bits<64>,
    pub unit: Bits<64>,
    pub rn: Bit,
    pub up: Bit,
    pub alt_take: Bit,
    pub alt: Bits<64>,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    /// I2I's wrapped value and its saturation ([`super::I2iPick`]).
    pub i2i: Bits<DATA_W>,
    pub i2i_max: Bit,
    pub i2i_min: Bit,
    pub bd: Bits<EXP_W>,
    pub q: Bits<EXP_W>,
    pub base: Bits<6>,
    pub nd: Bits<EXP_W>,
    pub mf: Bits<EXP_W>,
    pub nq: Bits<EXP_W>,
    pub mq: Bits<EXP_W>,
    pub lo_sign: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub lo_bd: Bits<EXP_W>,
    pub lo_q: Bits<EXP_W>,
    pub lo_base: Bits<6>,
    pub lo_nd: Bits<EXP_W>,
    pub lo_mf: Bits<EXP_W>,
    pub lo_nq: Bits<EXP_W>,
    pub lo_mq: Bits<EXP_W>,
    pub bits: Bits<32>,
}

/// Boundary 4: the leading-zero count; FRND's cleared fraction and increment.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage4 {
    pub sig: Bits<64>,
    pub exp_b: Bits<EXP_W>,
    pub lz: Bits<7>,
    pub fr_kept: Bits<64>,
    pub fr_unit: Bits<64>,
    pub rg: Bits<16>,
    pub sg: Bits<16>,
    pub lg: Bits<16>,
    pub rn: Bit,
    pub up: Bit,
    pub alt_take: Bit,
    pub alt: Bits<64>,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub i2i: Bits<DATA_W>,
    pub bd: Bits<EXP_W>,
    pub q: Bits<EXP_W>,
    pub base: Bits<6>,
    pub nd: Bits<EXP_W>,
    pub mf: Bits<EXP_W>,
    pub nq: Bits<EXP_W>,
    pub mq: Bits<EXP_W>,
    pub lo_sign: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub lo_bd: Bits<EXP_W>,
    pub lo_q: Bits<EXP_W>,
    pub lo_base: Bits<6>,
    pub lo_nd: Bits<EXP_W>,
    pub lo_mf: Bits<EXP_W>,
    pub lo_nq: Bits<EXP_W>,
    pub lo_mq: Bits<EXP_W>,
    pub bits: Bits<32>,
}

/// Boundary 5: normalised significand, shift amounts; FRND's result.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage5 {
    pub n: Bits<64>,
    pub e_b: Bits<EXP_W>,
    pub shift: Bits<7>,
    pub big: Bit,
    pub huge: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub fr_res: Bits<64>,
    pub alt_take: Bit,
    pub alt: Bits<64>,
    pub i2i: Bits<DATA_W>,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_sig: Bits<64>,
    pub lo_e_b: Bits<EXP_W>,
    pub lo_shift: Bits<7>,
    pub lo_big: Bit,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 6: the shifter's coarse levels; the exponent terms; FRND and
/// I2I joined the forced answer.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage6 {
    pub f: Bits<65>,
    pub st: Bit,
    pub n_any: Bit,
    /// The fine levels' sticky mask ([`super::AlignCoarse::fmask`]).
    pub fmask: Bits<15>,
    pub shift: Bits<7>,
    pub big: Bit,
    pub huge: Bit,
    pub base: Bits<EXP_W>,
    pub e_over: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_f: Bits<65>,
    pub lo_st: Bit,
    pub lo_n_any: Bit,
    pub lo_fmask: Bits<15>,
    pub lo_shift: Bits<7>,
    pub lo_big: Bit,
    pub lo_base: Bits<EXP_W>,
    pub lo_e_over: Bit,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 7: aligned significands with round and sticky bits.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage7 {
    pub kept: Bits<64>,
    pub round: Bit,
    pub sticky: Bit,
    pub huge: Bit,
    pub base: Bits<EXP_W>,
    /// The exponent field's candidates ([`super::RoundCands`]).
    pub cands: FieldCands,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    /// `forced`'s bit-range tests ([`super::AboveTerms`], joined in 8b);
    /// its sign as a float of `df`.
    pub forced_terms: super::OneTerms,
    pub forced_neg: Bit,
    pub lo_kept: Bits<64>,
    pub lo_round: Bit,
    pub lo_sticky: Bit,
    pub lo_base: Bits<EXP_W>,
    pub lo_cands: FieldCands,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 8: incremented (and negated) significands.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage8 {
    pub r: Bits<64>,
    pub neg_r: Bits<64>,
    /// `r >> m` ([`super::RoundSelect`]).
    pub r_top: Bits<2>,
    pub huge: Bit,
    pub base: Bits<EXP_W>,
    pub cands: FieldCands,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    /// `forced` > 1.0 ([`super::AboveJoin`]); its sign as a float of `df`.
    pub forced_above: Bit,
    pub forced_neg: Bit,
    pub lo_r: Bits<64>,
    pub lo_r_top: Bits<2>,
    pub lo_base: Bits<EXP_W>,
    pub lo_cands: FieldCands,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 9: exponent fields, overflow; F2I's wrapped value and saturation.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage9 {
    pub field: Bits<EXP_W>,
    pub r_lo: Bits<64>,
    pub overflow: Bit,
    pub flushed: Bit,
    pub ival: Bits<64>,
    pub iflags: IntFlags,
    pub huge: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    /// `forced` > 1.0 ([`super::AboveJoin`]); its sign as a float of `df`.
    pub forced_above: Bit,
    pub forced_neg: Bit,
    pub lo_field: Bits<EXP_W>,
    pub lo_r_lo: Bits<64>,
    pub lo_overflow: Bit,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 10: rounded results.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage10 {
    pub fres: Bits<DATA_W>,
    /// The encoding's compare with 1.0 per float format, the overflow and
    /// the flush (`fres` > 1.0, picked in phase 11); `fres`'s sign.
    pub fres_above4: Bits<4>,
    pub fres_overflow: Bit,
    pub fres_flushed: Bit,
    pub fres_neg: Bit,
    pub ires: Bits<DATA_W>,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    /// `forced` > 1.0 ([`super::AboveJoin`]); its sign as a float of `df`.
    pub forced_above: Bit,
    pub forced_neg: Bit,
    pub lo_fres: Bits<16>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 11: the conversion's answer before the clamp.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage11 {
    pub conv: Bits<DATA_W>,
    /// Phase 12's decisions ([`super::FinishMux`]).
    pub to_zero: Bit,
    pub to_one: Bit,
    pub to_bits: Bit,
    pub bits: Bits<32>,
}

/// Boundary 5a (inside phase 5): the significand shifted by the count's
/// multiple of 8, the normalised exponent and the shift amounts; FRND's
/// increment decision. The rest of boundary 4 travels beside it
/// (`p5`, a copy of [`Stage4`]).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid5 {
    pub n1: Bits<64>,
    pub e_b: Bits<EXP_W>,
    pub sf: Bits<7>,
    pub si: Bits<7>,
    pub tiny: Bit,
    pub big_f: Bit,
    pub neg_i: Bit,
    pub big_i: Bit,
    pub lo_sf: Bits<7>,
    pub lo_tiny: Bit,
    pub lo_big_f: Bit,
    pub fr_inc: Bit,
}

/// Boundary 8a (inside phase 8): the increment's halves before the carry
/// select. The rest of boundary 7 travels
/// beside it (`p8`).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid8 {
    pub r_lo: Bits<33>,
    pub kh: Bits<32>,
    pub kh1: Bits<32>,
    pub n_lo: Bits<33>,
    pub nkh1: Bits<32>,
    pub lo_r_lo: Bits<33>,
    pub lo_kh: Bits<32>,
    pub lo_kh1: Bits<32>,
}

/// Boundary 10a (inside phase 10): the float encodings, the overflow's
/// direction, F2I's range decisions. The rest of boundary 9 travels beside
/// it (`p10`).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid10 {
    pub enc: Bits<64>,
    pub to_inf: Bit,
    pub above: Bit,
    pub below: Bit,
    pub lo_enc: Bits<64>,
    pub lo_to_inf: Bit,
}

/// Boundary 1a (inside phase 1): the operands, each format's tests and
/// exponent ([`super::UnpackTests`], for `x` and F2FP's `y`), the source
/// format one-hot, the sign, the significand without its hidden bit; the
/// bit operations' and FCHK's phase-1 results.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid1 {
    pub x: Bits<DATA_W>,
    pub y: Bits<32>,
    pub eo: Bits<4>,
    pub ez: Bits<4>,
    pub mz: Bits<4>,
    pub eb0: Bits<EXP_W>,
    pub eb1: Bits<EXP_W>,
    pub eb2: Bits<EXP_W>,
    pub eb3: Bits<EXP_W>,
    pub izero: Bits<4>,
    pub fsel: Bits<4>,
    pub int_src: Bit,
    pub ftz: Bit,
    pub sign: Bit,
    pub neg: Bit,
    pub fsig: Bits<64>,
    pub lo_eo: Bits<4>,
    pub lo_ez: Bits<4>,
    pub lo_mz: Bits<4>,
    pub lo_eb0: Bits<EXP_W>,
    pub lo_eb1: Bits<EXP_W>,
    pub lo_eb2: Bits<EXP_W>,
    pub lo_eb3: Bits<EXP_W>,
    pub lo_fsel: Bits<4>,
    pub lo_sign: Bit,
    pub lo_fsig: Bits<64>,
    pub pop_bytes: Bits<16>,
    pub lzc_has: Bits<4>,
    pub lzc_count: Bits<12>,
    /// The inverted operand's byte counts; FLO.S32 of a negative operand.
    pub lzo_has: Bits<4>,
    pub lzo_count: Bits<12>,
    pub flo_inv: Bit,
    pub brev: Bits<32>,
    pub fchk_range: Bit,
    pub fchk_diff: Bits<10>,
}
