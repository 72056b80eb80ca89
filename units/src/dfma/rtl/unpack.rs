//! Phase 1, unpack: source modifiers, the operands of the fused multiply-add,
//! classification, the alignment's exponent arithmetic and the magnitude
//! compare of MIN/MAX/SETP. Model: [`model::unpack`](crate::dfma::model::unpack)
//! and the exponent sums of `align_addend`, without the model's subnormal
//! normalisation (see the module documentation of [`super`]).
//!
//! The operands of the FMA datapath are `x·y + z`:
//! - FMA: `a·b + c`;
//! - ADD: `a·1.0 + b` (the product is exact);
//! - MUL: `a·b + z`, `z` a zero carrying the product's sign (the IEEE zero-sum
//!   rule then keeps the product's zero sign in every rounding mode);
//! - MIN/MAX/SETP read `x = a` and `y = b` (modified) in stage 2.
//!
//! Significands are neither normalised nor doubled: every operand leaves with
//! its raw `{hidden bit, fraction}` (hidden bit 0 for a subnormal), which is
//! at most two LUT levels from the operand registers. A subnormal's value is
//! `frac · 2^(1 − 1075)`, twice what its raw field 0 says; the multiplier
//! doubles its product for it in phase 3 (`sub_x`, `sub_y`), and the
//! alignment places the addend one bit higher and shifts it one place less
//! (`z_shift = align_dist + 1 − sub_z`), so no zero test stands between the
//! operand registers and a 53-bit multiplexer.
//!
//! Exponent arithmetic is 13-bit two's complement on the raw biased fields
//! (a subnormal's field 0), straight from the operand registers:
//! - `s = ex + ey − 967`: the window's shift limit when the product sets the
//!   scale (`top_exp − EMIN` with `top_exp = exp(x·y) + 57`);
//! - `align_dist = ex + ey − ez − 967 = exp(x·y) − exp(z) + ADDEND_LEAD`: the
//!   addend's alignment shift in the model's terms, of which only the sign
//!   leaves the phase (`z_leads`), beside `z_shift`.
//!
//! Each is a 3:2 carry-save compression of the 13-bit terms (constant
//! included) and one carry chain, once for FMA/MUL operands (`x = a`,
//! `y = b`, `z = c`) and once for ADD's (`y = 1.0`, `z = b`); the opcode picks
//! after the chains. From them phase 2 derives `limit` (`s`, or `ez` when the
//! addend leads: [`AlignCoarse`](super::AlignCoarse)) and `tiny` (a zero
//! addend under a product so small, `s < 0`, that only its sticky bit
//! matters: [`Special`](super::Special)).

use crate::dfma::rtl::{DATA_W, EXP_CALC_W, LIMIT_W, MOD_W, OP_W, SIG_W};
use rust_hdl::prelude::*;

/// Width of a biased binary64 exponent field.
pub const EXP_FIELD_W: usize = 11;

/// What the first half of phase 1 ([`UnpackPre`]) computes from the raw
/// operands alone, for the second half ([`Unpack`]): per-operand field
/// tests, every exponent chain, and the magnitude compare in two halves.
/// Boundary 1m (registered only by the deepest units) holds it.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Pre1 {
    /// Exponent field all ones, all zeros; fraction zero; of a, b, c.
    pub a_emax: Bit,
    pub a_ezero: Bit,
    pub a_fzero: Bit,
    pub b_emax: Bit,
    pub b_ezero: Bit,
    pub b_fzero: Bit,
    pub c_emax: Bit,
    pub c_ezero: Bit,
    pub c_fzero: Bit,
    /// FMA/MUL operands: `s`, the sign of `align_dist`, `z_shift`.
    pub s_fma: Bits<EXP_CALC_W>,
    pub lead_fma: Bit,
    pub t_fma: Bits<LIMIT_W>,
    /// ADD operands (`y = 1.0`, `z = b`): the same.
    pub s_add: Bits<EXP_CALC_W>,
    pub lead_add: Bit,
    pub t_add: Bits<LIMIT_W>,
    /// `|a| < |b|` and `|a| == |b|` on bits 62..31 (`hi`) and 30..0 (`lo`).
    pub lt_hi: Bit,
    pub eq_hi: Bit,
    pub lt_lo: Bit,
    pub eq_lo: Bit,
    /// The raw significands of b and c (hidden bit included) have a one in
    /// bits 0..=15 / 16..=52: the addend's, for the alignment's sticky bit.
    pub b_lo_any: Bit,
    pub b_hi_any: Bit,
    pub c_lo_any: Bit,
    pub c_hi_any: Bit,
    /// The multiplier's operands `{hidden bit, fraction}` (see
    /// [`Unpack::sig_x`]), formed here so that boundary 1m feeds the DSP
    /// tiles' input registers with no logic between (measured: the opcode's
    /// ADD decode and the 1.0 select in phase 1b were the slowest path of
    /// two seeds, 6.78 and 7.02 ns).
    pub sig_x: Bits<SIG_W>,
    pub sig_y: Bits<SIG_W>,
    /// DAZ flushed a or b ([`UnpackPre::flush`]): the second half answers
    /// the magnitude compare from the zero classes (the compare chains run
    /// on the raw bits, with no mask in front of them).
    pub mag_fix: Bit,
}

/// Width of the magnitude compare's low half (bits 30..0; the offset 31 is
/// written as a literal in the code: a named offset exports as an undeclared name).
pub const MAG_LO_W: usize = 31;
/// Width of its high half (bits 62..31).
pub const MAG_HI_W: usize = 63 - MAG_LO_W;

/// Phase 1, first half: what needs only the raw operands (no opcode, no
/// modifier): the field tests, the exponent chains of both operand forms,
/// the magnitude compare in two 32-bit halves. (Measured at depth 10: the
/// 63-bit compare chain, the classes behind the 52-bit zero tests and the
/// exponent chains behind the opcode took 6.8–7.2 ns, phase 1's slowest
/// paths; boundary 1m cuts them from the opcode's choices.)
#[derive(LogicBlock, Default)]
pub struct UnpackPre {
    pub a: Signal<In, Bits<DATA_W>>,
    pub b: Signal<In, Bits<DATA_W>>,
    pub c: Signal<In, Bits<DATA_W>>,
    /// Opcode (1 ADD: the multiplier is 1.0).
    pub op: Signal<In, Bits<OP_W>>,
    /// DAZ of a, b, c (bits 0, 1, 2): read the operand as the zero of its
    /// sign. Set only for an operand whose exponent field is 0; the fraction
    /// is cleared where it is read (field tests, the multiplier's operands,
    /// the addend's flags), not in front of the compare chains. 0 for the
    /// NVIDIA [`Dfma`](super::Dfma).
    pub flush: Signal<In, Bits<MOD_W>>,
    /// The fields of [`Pre1`] (assembled by the top block: a block cannot
    /// write its own struct output field by field).
    pub a_emax: Signal<Out, Bit>,
    pub a_ezero: Signal<Out, Bit>,
    pub a_fzero: Signal<Out, Bit>,
    pub b_emax: Signal<Out, Bit>,
    pub b_ezero: Signal<Out, Bit>,
    pub b_fzero: Signal<Out, Bit>,
    pub c_emax: Signal<Out, Bit>,
    pub c_ezero: Signal<Out, Bit>,
    pub c_fzero: Signal<Out, Bit>,
    pub s_fma: Signal<Out, Bits<EXP_CALC_W>>,
    pub lead_fma: Signal<Out, Bit>,
    pub t_fma: Signal<Out, Bits<LIMIT_W>>,
    pub s_add: Signal<Out, Bits<EXP_CALC_W>>,
    pub lead_add: Signal<Out, Bit>,
    pub t_add: Signal<Out, Bits<LIMIT_W>>,
    pub lt_hi: Signal<Out, Bit>,
    pub eq_hi: Signal<Out, Bit>,
    pub lt_lo: Signal<Out, Bit>,
    pub eq_lo: Signal<Out, Bit>,
    pub b_lo_any: Signal<Out, Bit>,
    pub b_hi_any: Signal<Out, Bit>,
    pub c_lo_any: Signal<Out, Bit>,
    pub c_hi_any: Signal<Out, Bit>,
    pub sig_x: Signal<Out, Bits<SIG_W>>,
    pub sig_y: Signal<Out, Bits<SIG_W>>,
    pub mag_fix: Signal<Out, Bit>,
    /// a, b, c with DAZ applied: a flushed operand's fraction cleared (its
    /// sign and its zero exponent field pass), for boundary 1m.
    pub a_daz: Signal<Out, Bits<DATA_W>>,
    pub b_daz: Signal<Out, Bits<DATA_W>>,
    pub c_daz: Signal<Out, Bits<DATA_W>>,
    hid_a: Signal<Local, Bit>,
    /// `!flush` per operand (named: a `!` inside an expression exports
    /// with the wrong precedence).
    keep_b: Signal<Local, Bit>,
    keep_c: Signal<Local, Bit>,
    hid_b: Signal<Local, Bit>,
    hid_c: Signal<Local, Bit>,
    /// 13-bit exponent terms: the fields of a, b, c; b's and c's inverted.
    ea: Signal<Local, Bits<EXP_CALC_W>>,
    eb: Signal<Local, Bits<EXP_CALC_W>>,
    eb_n: Signal<Local, Bits<EXP_CALC_W>>,
    ec_n: Signal<Local, Bits<EXP_CALC_W>>,
    /// FMA/MUL: `s = ea + eb − 967` from (ea, eb, −967) in carry-save form.
    s_sum: Signal<Local, Bits<EXP_CALC_W>>,
    s_carry: Signal<Local, Bits<EXP_CALC_W>>,
    /// FMA: `align_dist = ea + eb − ec − 967` from (ea, eb, −966) then
    /// `~ec` (`−ec = ~ec + 1`); the shift adds `!sub_z` in the free bit 0
    /// of the carry word.
    d_sum: Signal<Local, Bits<EXP_CALC_W>>,
    d_carry: Signal<Local, Bits<EXP_CALC_W>>,
    d_sum2: Signal<Local, Bits<EXP_CALC_W>>,
    d_carry2: Signal<Local, Bits<EXP_CALC_W>>,
    d_carry2_t: Signal<Local, Bits<EXP_CALC_W>>,
    d_fma: Signal<Local, Bits<EXP_CALC_W>>,
    t_fma13: Signal<Local, Bits<EXP_CALC_W>>,
    /// ADD (`y = 1.0`, `z = b`): `s = ea + 56`, `align_dist = ea − eb + 56 =
    /// ea + ~eb + 57` from (ea, ~eb, 57).
    a_sum: Signal<Local, Bits<EXP_CALC_W>>,
    a_carry: Signal<Local, Bits<EXP_CALC_W>>,
    a_carry_t: Signal<Local, Bits<EXP_CALC_W>>,
    d_add: Signal<Local, Bits<EXP_CALC_W>>,
    t_add13: Signal<Local, Bits<EXP_CALC_W>>,
}

impl Logic for UnpackPre {
    #[hdl_gen]
    fn update(&mut self) {
        self.a_ezero.next = !self.a.val().get_bits::<EXP_FIELD_W>(52).any();
        self.b_ezero.next = !self.b.val().get_bits::<EXP_FIELD_W>(52).any();
        self.c_ezero.next = !self.c.val().get_bits::<EXP_FIELD_W>(52).any();
        self.hid_b.next = !self.b_ezero.val();
        self.hid_c.next = !self.c_ezero.val();
        self.a_emax.next = self.a.val().get_bits::<EXP_FIELD_W>(52).all();
        self.keep_b.next = !self.flush.val().get_bit(1);
        self.keep_c.next = !self.flush.val().get_bit(2);
        self.a_fzero.next = (!self.a.val().get_bits::<52>(0).any()) | self.flush.val().get_bit(0);
        self.b_emax.next = self.b.val().get_bits::<EXP_FIELD_W>(52).all();
        self.b_fzero.next = (!self.b.val().get_bits::<52>(0).any()) | self.flush.val().get_bit(1);
        self.c_emax.next = self.c.val().get_bits::<EXP_FIELD_W>(52).all();
        self.c_fzero.next = (!self.c.val().get_bits::<52>(0).any()) | self.flush.val().get_bit(2);
        self.mag_fix.next = self.flush.val().get_bit(0) | self.flush.val().get_bit(1);
        self.a_daz.next = self.a.val();
        if self.flush.val().get_bit(0) {
            self.a_daz.next = self.a.val() & 0xfff0_0000_0000_0000_u64;
        }
        self.b_daz.next = self.b.val();
        if self.flush.val().get_bit(1) {
            self.b_daz.next = self.b.val() & 0xfff0_0000_0000_0000_u64;
        }
        self.c_daz.next = self.c.val();
        if self.flush.val().get_bit(2) {
            self.c_daz.next = self.c.val() & 0xfff0_0000_0000_0000_u64;
        }

        // Every candidate of `s` and `align_dist` has its own carry chain
        // from the raw fields; the opcode only picks among the chains'
        // results in the second half (measured: the ADD/MUL decode ahead of
        // the exponent sum, fanning out to about 200 bits, made phase 1 the
        // slowest phase).
        // s = exp(x·y) + 57 + 1022 in biased terms: ex + ey − 2046 + 1079.
        // Constants mod 2^13: −967 = 7225, −966 = 7226.
        self.ea.next =
            bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.a.val().get_bits::<EXP_FIELD_W>(52));
        self.eb.next =
            bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.b.val().get_bits::<EXP_FIELD_W>(52));
        self.eb_n.next = !self.eb.val();
        self.ec_n.next =
            !bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.c.val().get_bits::<EXP_FIELD_W>(52));
        // FMA (and MUL, whose zero addend only needs `s`).
        self.s_sum.next = self.ea.val() ^ self.eb.val() ^ 7225;
        self.s_carry.next =
            ((self.ea.val() & self.eb.val()) | (self.ea.val() & 7225) | (self.eb.val() & 7225))
                << 1;
        self.s_fma.next = self.s_sum.val() + self.s_carry.val();
        self.d_sum.next = self.ea.val() ^ self.eb.val() ^ 7226;
        self.d_carry.next =
            ((self.ea.val() & self.eb.val()) | (self.ea.val() & 7226) | (self.eb.val() & 7226))
                << 1;
        self.d_sum2.next = self.d_sum.val() ^ self.d_carry.val() ^ self.ec_n.val();
        self.d_carry2.next = ((self.d_sum.val() & self.d_carry.val())
            | (self.d_sum.val() & self.ec_n.val())
            | (self.d_carry.val() & self.ec_n.val()))
            << 1;
        self.d_carry2_t.next = self.d_carry2.val().replace_bit(0, self.hid_c.val());
        self.d_fma.next = self.d_sum2.val() + self.d_carry2.val();
        self.t_fma13.next = self.d_sum2.val() + self.d_carry2_t.val();
        self.lead_fma.next = self.d_fma.val().get_bit(12);
        self.t_fma.next = self.t_fma13.val().get_bits::<LIMIT_W>(0);
        // ADD.
        self.s_add.next = self.ea.val() + 56;
        self.a_sum.next = self.ea.val() ^ self.eb_n.val() ^ 57;
        self.a_carry.next =
            ((self.ea.val() & self.eb_n.val()) | (self.ea.val() & 57) | (self.eb_n.val() & 57))
                << 1;
        self.a_carry_t.next = self.a_carry.val().replace_bit(0, self.hid_b.val());
        self.d_add.next = self.a_sum.val() + self.a_carry.val();
        self.t_add13.next = self.a_sum.val() + self.a_carry_t.val();
        self.lead_add.next = self.d_add.val().get_bit(12);
        self.t_add.next = self.t_add13.val().get_bits::<LIMIT_W>(0);

        // |a| against |b| in two halves; the second half of the phase
        // combines them (`lt_hi | eq_hi & lt_lo`).
        self.lt_hi.next =
            self.a.val().get_bits::<MAG_HI_W>(31) < self.b.val().get_bits::<MAG_HI_W>(31);
        self.eq_hi.next =
            self.a.val().get_bits::<MAG_HI_W>(31) == self.b.val().get_bits::<MAG_HI_W>(31);
        self.lt_lo.next =
            self.a.val().get_bits::<MAG_LO_W>(0) < self.b.val().get_bits::<MAG_LO_W>(0);
        self.eq_lo.next =
            self.a.val().get_bits::<MAG_LO_W>(0) == self.b.val().get_bits::<MAG_LO_W>(0);

        // (A flushed operand's exponent field is 0: no hidden bit.)
        self.b_lo_any.next = self.b.val().get_bits::<16>(0).any() & self.keep_b.val();
        self.b_hi_any.next =
            (self.b.val().get_bits::<36>(16).any() & self.keep_b.val()) | self.hid_b.val();
        self.c_lo_any.next = self.c.val().get_bits::<16>(0).any() & self.keep_c.val();
        self.c_hi_any.next =
            (self.c.val().get_bits::<36>(16).any() & self.keep_c.val()) | self.hid_c.val();

        // The multiplier's operands: x = a; y = b, or 1.0 for ADD.
        self.hid_a.next = !self.a_ezero.val();
        self.sig_x.next =
            bit_cast::<SIG_W, 52>(self.a.val().get_bits::<52>(0)).replace_bit(52, self.hid_a.val());
        self.sig_y.next =
            bit_cast::<SIG_W, 52>(self.b.val().get_bits::<52>(0)).replace_bit(52, self.hid_b.val());
        if self.flush.val().get_bit(0) {
            self.sig_x.next = 0.into();
        }
        if self.flush.val().get_bit(1) {
            self.sig_y.next = 0.into();
        }
        if self.op.val() == 1 {
            self.sig_y.next = 0x10_0000_0000_0000_u64.into();
        }
    }
}

impl UnpackPre {
    /// Its outputs as the [`Pre1`] that [`Unpack`] reads (for tests that
    /// chain the two halves without the top block).
    pub fn pre(&self) -> Pre1 {
        Pre1 {
            a_emax: self.a_emax.val(),
            a_ezero: self.a_ezero.val(),
            a_fzero: self.a_fzero.val(),
            b_emax: self.b_emax.val(),
            b_ezero: self.b_ezero.val(),
            b_fzero: self.b_fzero.val(),
            c_emax: self.c_emax.val(),
            c_ezero: self.c_ezero.val(),
            c_fzero: self.c_fzero.val(),
            s_fma: self.s_fma.val(),
            lead_fma: self.lead_fma.val(),
            t_fma: self.t_fma.val(),
            s_add: self.s_add.val(),
            lead_add: self.lead_add.val(),
            t_add: self.t_add.val(),
            lt_hi: self.lt_hi.val(),
            eq_hi: self.eq_hi.val(),
            lt_lo: self.lt_lo.val(),
            eq_lo: self.eq_lo.val(),
            b_lo_any: self.b_lo_any.val(),
            b_hi_any: self.b_hi_any.val(),
            c_lo_any: self.c_lo_any.val(),
            c_hi_any: self.c_hi_any.val(),
            sig_x: self.sig_x.val(),
            sig_y: self.sig_y.val(),
            mag_fix: self.mag_fix.val(),
        }
    }
}

/// Phase 1, second half: modifiers, operands, classes, the opcode's pick
/// among the exponent chains, the magnitude compare's combination.
#[derive(LogicBlock, Default)]
pub struct Unpack {
    /// Opcode (0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP).
    pub op: Signal<In, Bits<OP_W>>,
    /// Negate modifiers of a, b, c (bits 0, 1, 2), applied after `abs`.
    pub neg: Signal<In, Bits<MOD_W>>,
    /// Absolute-value modifiers of a, b, c (bits 0, 1, 2).
    pub abs: Signal<In, Bits<MOD_W>>,
    pub a: Signal<In, Bits<DATA_W>>,
    pub b: Signal<In, Bits<DATA_W>>,
    pub c: Signal<In, Bits<DATA_W>>,
    /// The first half's results ([`UnpackPre`]) on the same operands.
    pub pre: Signal<In, Pre1>,
    /// Multiplicand (modified a).
    pub x: Signal<Out, Bits<DATA_W>>,
    /// Multiplier (modified b, 1.0 for ADD).
    pub y: Signal<Out, Bits<DATA_W>>,
    /// Addend (modified c; modified b for ADD; a zero of the product's sign for MUL).
    pub z: Signal<Out, Bits<DATA_W>>,
    /// Significands with their hidden bits.
    /// The multiplier's operands, `{hidden bit, fraction}` **without** the
    /// doubling of a subnormal (the hidden bit is 0 for one): the doubling
    /// is `sub_x`/`sub_y`, applied to the product in phase 3
    /// ([`MulCompress`](super::MulCompress)). Bits 0..52 are the operand's
    /// own fraction bits, so the path into the DSP tiles is at most two LUT
    /// levels deep (measured: the doubling mux made it the critical path).
    pub sig_x: Signal<Out, Bits<SIG_W>>,
    pub sig_y: Signal<Out, Bits<SIG_W>>,
    /// `x` (`y`) is subnormal or zero: double its part of the product.
    pub sub_x: Signal<Out, Bit>,
    pub sub_y: Signal<Out, Bit>,
    /// The addend's raw significand (hidden bit 0 for a subnormal; 0 for
    /// MUL's zero addend).
    pub sig_z: Signal<Out, Bits<SIG_W>>,
    /// Classes of the sources a, b, c (the modifiers move only the sign).
    /// Phase 2 ([`Special`](super::Special)) derives the classes of x, y, z
    /// from them by the registered opcode (measured: chosen here behind the
    /// 52-bit zero test, the addend's classes took 8.1–8.4 ns, the slowest
    /// paths of one seed).
    pub a_nan: Signal<Out, Bit>,
    pub a_inf: Signal<Out, Bit>,
    pub a_zero: Signal<Out, Bit>,
    pub b_nan: Signal<Out, Bit>,
    pub b_inf: Signal<Out, Bit>,
    pub b_zero: Signal<Out, Bit>,
    pub c_nan: Signal<Out, Bit>,
    pub c_inf: Signal<Out, Bit>,
    pub c_zero: Signal<Out, Bit>,
    /// Sign of the product `x·y`.
    pub sign_p: Signal<Out, Bit>,
    /// The product and the addend have opposite signs.
    pub eff_sub: Signal<Out, Bit>,
    /// The addend leads: `align_dist = exp(x·y) − exp(z) + ADDEND_LEAD` is
    /// negative (its sign bit).
    pub z_leads: Signal<Out, Bit>,
    /// Right shift of the addend's raw significand from window bit 112:
    /// `align_dist + 1 − sub_z` (meaningful when `!z_leads`, then 0..=3126).
    pub z_shift: Signal<Out, Bits<LIMIT_W>>,
    /// `z` is subnormal or zero (raw exponent field 0).
    pub sub_z: Signal<Out, Bit>,
    /// `sig_z` has a one in bits 0..=15 / 16..=52.
    pub z_lo_any: Signal<Out, Bit>,
    pub z_hi_any: Signal<Out, Bit>,
    /// `ex + ey − 967`: the normaliser's shift limit when the product sets the scale.
    pub s: Signal<Out, Bits<EXP_CALC_W>>,
    /// The addend's exponent field.
    pub fz: Signal<Out, Bits<EXP_FIELD_W>>,
    /// `|a| < |b|` on the raw magnitudes (modifiers only move the sign).
    pub mag_lt: Signal<Out, Bit>,
    /// `|a| == |b|`.
    pub mag_eq: Signal<Out, Bit>,
    /// Raw significands `{hidden bit, fraction}` of a, b, c (the hidden bit
    /// is 0 for a subnormal: no doubling).
    sig_b: Signal<Local, Bits<SIG_W>>,
    sig_c: Signal<Local, Bits<SIG_W>>,
    /// Hidden bits (named signals: `!` inside `replace_bit` exports as a
    /// widened `~`).
    hid_b: Signal<Local, Bit>,
    hid_c: Signal<Local, Bit>,
    /// Opcode decode: ADD, MUL.
    is_add: Signal<Local, Bit>,
    is_mul: Signal<Local, Bit>,
    sign_z: Signal<Local, Bit>,
    sign_a: Signal<Local, Bit>,
    sign_b: Signal<Local, Bit>,
    sign_c: Signal<Local, Bit>,
    a_m: Signal<Local, Bits<DATA_W>>,
    b_m: Signal<Local, Bits<DATA_W>>,
    c_m: Signal<Local, Bits<DATA_W>>,
    zero_p: Signal<Local, Bits<DATA_W>>,
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        // Modifiers act on bit 63 only: |x| clears it, then -x flips it.
        self.sign_a.next =
            (self.a.val().get_bit(63) & !self.abs.val().get_bit(0)) ^ self.neg.val().get_bit(0);
        self.sign_b.next =
            (self.b.val().get_bit(63) & !self.abs.val().get_bit(1)) ^ self.neg.val().get_bit(1);
        self.sign_c.next =
            (self.c.val().get_bit(63) & !self.abs.val().get_bit(2)) ^ self.neg.val().get_bit(2);
        self.a_m.next = self.a.val().replace_bit(63, self.sign_a.val());
        self.b_m.next = self.b.val().replace_bit(63, self.sign_b.val());
        self.c_m.next = self.c.val().replace_bit(63, self.sign_c.val());

        // The operands of x·y + z.
        self.is_add.next = self.op.val() == 1;
        self.is_mul.next = self.op.val() == 2;
        self.zero_p.next = 0.into();
        self.zero_p.next = self
            .zero_p
            .val()
            .replace_bit(63, self.sign_a.val() ^ self.sign_b.val());
        self.x.next = self.a_m.val();
        self.y.next = self.b_m.val();
        self.z.next = self.c_m.val();
        if self.is_add.val() {
            // ADD: a·1.0 + b.
            self.y.next = 0x3FF0_0000_0000_0000_u64.into();
            self.z.next = self.b_m.val();
        }
        if self.is_mul.val() {
            // MUL: a·b + (±0 with the product's sign).
            self.z.next = self.zero_p.val();
        }

        // Classes and significands of the sources, in parallel with the
        // opcode decode; the operand choice below then only selects among
        // them (one mux level after the decode, not decode → mux → classify).
        // No significand is doubled: a subnormal keeps its raw fraction with
        // a hidden bit 0 (the multiplier doubles its product in phase 3, the
        // alignment starts the addend one bit higher).
        self.hid_b.next = !self.pre.val().b_ezero;
        self.sig_b.next =
            bit_cast::<SIG_W, 52>(self.b.val().get_bits::<52>(0)).replace_bit(52, self.hid_b.val());
        self.hid_c.next = !self.pre.val().c_ezero;
        self.sig_c.next =
            bit_cast::<SIG_W, 52>(self.c.val().get_bits::<52>(0)).replace_bit(52, self.hid_c.val());

        // The sources' classes.
        self.a_nan.next = self.pre.val().a_emax & !self.pre.val().a_fzero;
        self.a_inf.next = self.pre.val().a_emax & self.pre.val().a_fzero;
        self.a_zero.next = self.pre.val().a_ezero & self.pre.val().a_fzero;
        self.b_nan.next = self.pre.val().b_emax & !self.pre.val().b_fzero;
        self.b_inf.next = self.pre.val().b_emax & self.pre.val().b_fzero;
        self.b_zero.next = self.pre.val().b_ezero & self.pre.val().b_fzero;
        self.c_nan.next = self.pre.val().c_emax & !self.pre.val().c_fzero;
        self.c_inf.next = self.pre.val().c_emax & self.pre.val().c_fzero;
        self.c_zero.next = self.pre.val().c_ezero & self.pre.val().c_fzero;
        // x = a (its significand formed in phase 1a).
        self.sig_x.next = self.pre.val().sig_x;
        self.sub_x.next = self.pre.val().a_ezero;
        // y = b, or 1.0 (finite, non-zero, significand 2^52) for ADD
        // (both formed in phase 1a).
        self.sig_y.next = self.pre.val().sig_y;
        self.sub_y.next = self.pre.val().b_ezero;
        // z = c; b for ADD; a zero (significand 0) for MUL.
        self.sig_z.next = self.sig_c.val();
        self.z_lo_any.next = self.pre.val().c_lo_any;
        self.z_hi_any.next = self.pre.val().c_hi_any;
        self.sub_z.next = self.pre.val().c_ezero;
        self.sign_z.next = self.sign_c.val();
        self.fz.next = self.c.val().get_bits::<EXP_FIELD_W>(52);
        if self.is_add.val() {
            self.sub_y.next = false;
            self.sig_z.next = self.sig_b.val();
            self.z_lo_any.next = self.pre.val().b_lo_any;
            self.z_hi_any.next = self.pre.val().b_hi_any;
            self.sub_z.next = self.pre.val().b_ezero;
            self.sign_z.next = self.sign_b.val();
            self.fz.next = self.b.val().get_bits::<EXP_FIELD_W>(52);
        }
        if self.is_mul.val() {
            self.sig_z.next = 0.into();
            self.z_lo_any.next = false;
            self.z_hi_any.next = false;
            self.sign_z.next = self.sign_a.val() ^ self.sign_b.val();
            self.fz.next = 0.into();
        }
        self.sign_p.next = self.sign_a.val() ^ (self.sign_b.val() & !self.is_add.val());
        self.eff_sub.next = self.sign_p.val() ^ self.sign_z.val();

        // The opcode picks among the first half's exponent chains.
        self.s.next = self.pre.val().s_fma;
        self.z_leads.next = self.pre.val().lead_fma;
        self.z_shift.next = self.pre.val().t_fma;
        if self.is_add.val() {
            self.s.next = self.pre.val().s_add;
            self.z_leads.next = self.pre.val().lead_add;
            self.z_shift.next = self.pre.val().t_add;
        }

        self.mag_lt.next = self.pre.val().lt_hi | (self.pre.val().eq_hi & self.pre.val().lt_lo);
        self.mag_eq.next = self.pre.val().eq_hi & self.pre.val().eq_lo;
        // DAZ flushed a or b: at least one magnitude is 0 (the zero classes
        // include the flush).
        if self.pre.val().mag_fix {
            self.mag_lt.next = self.pre.val().a_ezero
                & self.pre.val().a_fzero
                & !(self.pre.val().b_ezero & self.pre.val().b_fzero);
            self.mag_eq.next = self.pre.val().a_ezero
                & self.pre.val().a_fzero
                & self.pre.val().b_ezero
                & self.pre.val().b_fzero;
        }
    }
}
