//! The DFMA's boundary bundles: what each pipeline boundary of [`super::Dfma`]
//! carries (a register at the depths that register it, a wire otherwise).

use super::*;

/// What travels with every operation, whatever the datapath does.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Control {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub rm: Bits<RM_W>,
    /// The answer is `bypass_d`/`pred`, not the rounder's (set in stage 2).
    pub bypass: Bit,
    pub bypass_d: Bits<DATA_W>,
    pub pred: Bit,
    /// The bypass's exception flags (set in stage 2 with `bypass`).
    pub flags: Bits<FLAGS_W>,
    /// `bypass_d` is a NaN, is subnormal (a non-zero fraction under an
    /// all-ones, an all-zeros exponent field): tested in phase 4 where the
    /// word travels unchanged, for phase 9's `RoundPrep`
    /// (0 before).
    pub bnan: Bit,
    pub bsub: Bit,
}

/// Boundary 1m (inside phase 1): the operation as it came in (the first
/// half's results travel beside it as a [`Pre1`]).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid1 {
    pub op: Bits<OP_W>,
    pub cmp: Bits<CMP_W>,
    pub neg: Bits<MOD_W>,
    pub abs: Bits<MOD_W>,
    pub a: Bits<DATA_W>,
    pub b: Bits<DATA_W>,
    pub c: Bits<DATA_W>,
}

/// Boundary 3m (inside phase 3): the product as four carry-save vectors,
/// the addend shifted by 32/16.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid3 {
    pub s2: Bits<PROD_W>,
    pub c2: Bits<PROD_W>,
    pub s3: Bits<PROD_W>,
    pub c3: Bits<PROD_W>,
    pub sub_x: Bit,
    pub sub_y: Bit,
    pub c_v: Bits<SUM_W>,
    pub c_sticky: Bit,
    pub amount_rest: Bits<4>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 5m (inside phase 5): the chains' low halves with their carries,
/// the upper operand bits, the addend's high part ± 1, the sentinel.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid5 {
    pub l1: Bits<57>,
    pub l2: Bits<56>,
    pub p_up: Bits<UPPER_W>,
    pub sel_up: Bits<UPPER_W>,
    pub c_up: Bits<UPPER_W>,
    pub c_hi: Bits<HIGH_W>,
    pub c_hi_p1: Bits<HIGH_W>,
    pub c_hi_m1: Bits<HIGH_W>,
    pub c_hi_zero: Bit,
    pub sentinel: Bits<SUM_W>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 6m (inside phase 6): both candidates and the choice, and each
/// candidate's nibble flags and counts.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid6 {
    pub cand_p: Bits<SUM_W>,
    pub cand_c: Bits<SUM_W>,
    pub c_bigger: Bit,
    pub sign_r: Bit,
    pub zero: Bit,
    pub has_p: Bits<NIBBLES>,
    pub count_p: Bits<{ 4 * NIBBLES }>,
    pub has_c: Bits<NIBBLES>,
    pub count_c: Bits<{ 4 * NIBBLES }>,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 8m (inside phase 8): the sum shifted by 128/64, the result
/// exponent and overflow flag.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid8 {
    pub v: Bits<SUM_W>,
    pub sticky: Bit,
    pub shift_rest: Bits<6>,
    pub sign_r: Bit,
    pub zero: Bit,
    pub e_b: Bits<LIMIT_W>,
    pub ovf: Bit,
}

/// Boundary 1: unpacked operands, classes, exponent arithmetic.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage1 {
    pub op: Bits<OP_W>,
    pub cmp: Bits<CMP_W>,
    pub x: Bits<DATA_W>,
    pub y: Bits<DATA_W>,
    pub z: Bits<DATA_W>,
    /// (`sig_x` and `sig_y` go to the multiplier tiles, which hold this
    /// boundary in their own input registers.)
    pub sig_z: Bits<SIG_W>,
    pub z_lo_any: Bit,
    pub z_hi_any: Bit,
    pub a_nan: Bit,
    pub a_inf: Bit,
    pub a_zero: Bit,
    pub b_nan: Bit,
    pub b_inf: Bit,
    pub b_zero: Bit,
    pub c_nan: Bit,
    pub c_inf: Bit,
    pub c_zero: Bit,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub z_leads: Bit,
    /// The alignment's shift, clamped ([`AlignAmount`]).
    pub amount: Bits<SHIFT_W>,
    pub s: Bits<EXP_CALC_W>,
    pub fz: Bits<11>,
    pub mag_lt: Bit,
    pub mag_eq: Bit,
    pub sub_x: Bit,
    pub sub_y: Bit,
}

/// Boundary 2: the tiles' rows, the coarsely shifted addend (the bypass
/// joins the control word here).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage2 {
    pub row0: Bits<PROD_W>,
    pub row1: Bits<PROD_W>,
    pub row2: Bits<PROD_W>,
    pub row3: Bits<PROD_W>,
    pub row4: Bits<PROD_W>,
    pub row5: Bits<PROD_W>,
    pub row6: Bits<PROD_W>,
    pub row7: Bits<PROD_W>,
    pub c_v: Bits<SUM_W>,
    pub c_sticky: Bit,
    pub amount_lo: Bits<6>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
    pub sub_x: Bit,
    pub sub_y: Bit,
    /// The bypass decisions of [`Special`] and the words they pick from
    /// ([`SpecialPick`] forms the answer in phase 3).
    pub x: Bits<DATA_W>,
    pub y: Bits<DATA_W>,
    pub z: Bits<DATA_W>,
    pub pick_x: Bit,
    pub pick_y: Bit,
    pub pick_z: Bit,
    pub quiet: Bit,
    pub constant: Bits<DATA_W>,
}

/// Boundary 3: the product in carry-save form, the addend shifted further.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage3 {
    pub ps: Bits<PROD_W>,
    pub pc: Bits<PROD_W>,
    pub c_v: Bits<SUM_W>,
    pub c_sticky: Bit,
    pub amount_fine: Bits<3>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 4: the product, the aligned addend.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage4 {
    pub prod: Bits<PROD_W>,
    pub c_al: Bits<SUM_W>,
    pub c_sel: Bits<LOW_W>,
    /// `limit` decoded for the sentinel ([`SentinelDecode`]).
    pub sent_hi: Bits<16>,
    pub sent_lo: Bits<16>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 5: the accumulate's carry chains.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage5 {
    pub lo1: Bits<LOW_CARRY_W>,
    pub lo2: Bits<LOW_CARRY_W>,
    pub c_hi: Bits<HIGH_W>,
    pub c_hi_p1: Bits<HIGH_W>,
    pub c_hi_m1: Bits<HIGH_W>,
    pub c_hi_zero: Bit,
    pub sentinel: Bits<SUM_W>,
    pub sign_p: Bit,
    pub eff_sub: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 6: both candidate magnitudes and the choice, the sum's sign,
/// per-group leading zeros.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage6 {
    pub cand_p: Bits<SUM_W>,
    pub cand_c: Bits<SUM_W>,
    pub c_bigger: Bit,
    pub sign_r: Bit,
    pub zero: Bit,
    pub grp_has: Bits<16>,
    pub grp_count: Bits<128>,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 7: the normalisation shift.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage7 {
    pub mag: Bits<SUM_W>,
    pub sign_r: Bit,
    pub shift: Bits<SHIFT_W>,
    pub zero: Bit,
    pub limit: Bits<LIMIT_W>,
}

/// Boundary 8: coarsely normalised sum, result exponent.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage8 {
    pub v: Bits<SUM_W>,
    pub sticky: Bit,
    pub shift_lo: Bits<4>,
    pub sign_r: Bit,
    pub zero: Bit,
    pub e_b: Bits<LIMIT_W>,
    pub ovf: Bit,
}

/// Boundary 9: significand, round and sticky bits, and what the rounder
/// needs besides.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage9 {
    pub sig: Bits<SIG_W>,
    pub low_ones: Bit,
    pub round_bit: Bit,
    pub round2: Bit,
    pub sticky: Bit,
    pub sign_r: Bit,
    pub rn: Bit,
    pub rmm: Bit,
    pub near: Bit,
    pub up: Bit,
    pub take_forced: Bit,
    pub forced: Bits<DATA_W>,
    pub forced_flags: Bits<FLAGS_W>,
    /// The forced answer is a NaN, is subnormal ([`RoundPrep`](super::RoundPrep)).
    pub forced_nan: Bit,
    pub forced_sub: Bit,
    pub e_b: Bits<LIMIT_W>,
    pub e_b_p1: Bits<LIMIT_W>,
    pub e_b_top: Bit,
}
