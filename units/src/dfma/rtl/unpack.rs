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
//! Significands are not normalised. A subnormal keeps its raw exponent field
//! 0 and doubles its fraction (`frac · 2^(1 − 1075) = 2·frac · 2^(0 − 1075)`),
//! so the exponent arithmetic reads raw fields and never waits for a zero test.
//! The addend's significand is doubled here; the multiplier's operands are
//! not (`sub_x`, `sub_y` double the product in phase 3 instead), which keeps
//! the zero test out of the path into the DSP tiles.
//! The classification is written out three times rather than in a sub-block:
//! a sub-block fed from this block's own outputs, whose outputs this block
//! also reads, looks like a combinational loop to Verilator.
//!
//! Exponent arithmetic is 13-bit two's complement on the raw biased fields,
//! straight from the operand registers:
//! - `s = ex + ey − 967`: the window's shift limit when the product sets the
//!   scale (`top_exp − EMIN` with `top_exp = exp(x·y) + 57`);
//! - `align_dist = ex + ey − ez − 967 = exp(x·y) − exp(z) + ADDEND_LEAD`: the
//!   addend's alignment shift;
//!
//! Each is a 3:2 carry-save compression of the 13-bit terms (constant
//! included) and one carry chain. From them phase 2 derives `limit` (`s`, or
//! `ez` when the addend leads: [`AlignCoarse`](super::AlignCoarse)) and `tiny`
//! (a zero addend under a product so small, `s < 0`, that only its sticky bit
//! matters: [`Special`](super::Special)).

use crate::dfma::rtl::{DATA_W, EXP_CALC_W, MOD_W, OP_W, SIG_W};
use rust_hdl::prelude::*;

/// Width of a biased binary64 exponent field.
pub const EXP_FIELD_W: usize = 11;

/// Phase 1: modifiers, operands, classes, exponent arithmetic, magnitude compare.
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
    pub sig_z: Signal<Out, Bits<SIG_W>>,
    /// Classes of x, y, z.
    pub x_nan: Signal<Out, Bit>,
    pub x_inf: Signal<Out, Bit>,
    pub x_zero: Signal<Out, Bit>,
    pub y_nan: Signal<Out, Bit>,
    pub y_inf: Signal<Out, Bit>,
    pub y_zero: Signal<Out, Bit>,
    pub z_nan: Signal<Out, Bit>,
    pub z_inf: Signal<Out, Bit>,
    pub z_zero: Signal<Out, Bit>,
    /// Sign of the product `x·y`.
    pub sign_p: Signal<Out, Bit>,
    /// The product and the addend have opposite signs.
    pub eff_sub: Signal<Out, Bit>,
    /// Alignment shift of the addend, `exp(x·y) − exp(z) + ADDEND_LEAD` (two's complement).
    pub align_dist: Signal<Out, Bits<EXP_CALC_W>>,
    /// `ex + ey − 967`: the normaliser's shift limit when the product sets the scale.
    pub s: Signal<Out, Bits<EXP_CALC_W>>,
    /// The addend's exponent field.
    pub fz: Signal<Out, Bits<EXP_FIELD_W>>,
    /// `|a| < |b|` on the raw magnitudes (modifiers only move the sign).
    pub mag_lt: Signal<Out, Bit>,
    /// `|a| == |b|`.
    pub mag_eq: Signal<Out, Bit>,
    /// Per source operand, straight from the inputs (the modifiers move only
    /// the sign): exponent field all ones, all zeros; fraction zero.
    a_emax: Signal<Local, Bit>,
    a_ezero: Signal<Local, Bit>,
    a_fzero: Signal<Local, Bit>,
    b_emax: Signal<Local, Bit>,
    b_ezero: Signal<Local, Bit>,
    b_fzero: Signal<Local, Bit>,
    c_emax: Signal<Local, Bit>,
    c_ezero: Signal<Local, Bit>,
    c_fzero: Signal<Local, Bit>,
    /// Significands of a, b, c: 1.frac, or 2·frac for field 0.
    sig_a: Signal<Local, Bits<SIG_W>>,
    sig_b: Signal<Local, Bits<SIG_W>>,
    /// `b`'s significand for the multiplier (not doubled).
    sig_b_mul: Signal<Local, Bits<SIG_W>>,
    /// Hidden bits of `a` and `b` (a named signal: `!` inside `replace_bit`
    /// exports as a widened `~`).
    hid_a: Signal<Local, Bit>,
    hid_b: Signal<Local, Bit>,
    sig_c: Signal<Local, Bits<SIG_W>>,
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
    /// 13-bit exponent terms: x's and y's fields, z's field inverted.
    ex: Signal<Local, Bits<EXP_CALC_W>>,
    ey: Signal<Local, Bits<EXP_CALC_W>>,
    ez_n: Signal<Local, Bits<EXP_CALC_W>>,
    /// Carry-save forms: `s` from (ex, ey, −967); `align_dist` from
    /// (ex, ey, −966) then ~ez (`−ez = ~ez + 1`).
    s_sum: Signal<Local, Bits<EXP_CALC_W>>,
    s_carry: Signal<Local, Bits<EXP_CALC_W>>,
    d_sum: Signal<Local, Bits<EXP_CALC_W>>,
    d_carry: Signal<Local, Bits<EXP_CALC_W>>,
    d_sum2: Signal<Local, Bits<EXP_CALC_W>>,
    d_carry2: Signal<Local, Bits<EXP_CALC_W>>,
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
        // opcode decode; the operand choice above then only selects among
        // them (one mux level after the decode, not decode → mux → classify).
        self.a_emax.next = self.a.val().get_bits::<EXP_FIELD_W>(52).all();
        self.a_ezero.next = !self.a.val().get_bits::<EXP_FIELD_W>(52).any();
        self.a_fzero.next = !self.a.val().get_bits::<52>(0).any();
        // `a` is only ever the multiplier's `x`: not doubled.
        self.hid_a.next = !self.a_ezero.val();
        self.sig_a.next =
            bit_cast::<SIG_W, 52>(self.a.val().get_bits::<52>(0)).replace_bit(52, self.hid_a.val());
        self.b_emax.next = self.b.val().get_bits::<EXP_FIELD_W>(52).all();
        self.b_ezero.next = !self.b.val().get_bits::<EXP_FIELD_W>(52).any();
        self.b_fzero.next = !self.b.val().get_bits::<52>(0).any();
        self.sig_b.next =
            bit_cast::<SIG_W, 52>(self.b.val().get_bits::<52>(0)).replace_bit(52, true);
        if self.b_ezero.val() {
            self.sig_b.next = bit_cast::<SIG_W, 52>(self.b.val().get_bits::<52>(0)) << 1;
        }
        self.hid_b.next = !self.b_ezero.val();
        self.sig_b_mul.next =
            bit_cast::<SIG_W, 52>(self.b.val().get_bits::<52>(0)).replace_bit(52, self.hid_b.val());
        self.c_emax.next = self.c.val().get_bits::<EXP_FIELD_W>(52).all();
        self.c_ezero.next = !self.c.val().get_bits::<EXP_FIELD_W>(52).any();
        self.c_fzero.next = !self.c.val().get_bits::<52>(0).any();
        self.sig_c.next =
            bit_cast::<SIG_W, 52>(self.c.val().get_bits::<52>(0)).replace_bit(52, true);
        if self.c_ezero.val() {
            self.sig_c.next = bit_cast::<SIG_W, 52>(self.c.val().get_bits::<52>(0)) << 1;
        }

        // x = a.
        self.x_nan.next = self.a_emax.val() & !self.a_fzero.val();
        self.x_inf.next = self.a_emax.val() & self.a_fzero.val();
        self.x_zero.next = self.a_ezero.val() & self.a_fzero.val();
        self.sig_x.next = self.sig_a.val();
        self.sub_x.next = self.a_ezero.val();
        // y = b, or 1.0 (finite, non-zero, significand 2^52) for ADD.
        self.y_nan.next = self.b_emax.val() & !self.b_fzero.val();
        self.y_inf.next = self.b_emax.val() & self.b_fzero.val();
        self.y_zero.next = self.b_ezero.val() & self.b_fzero.val();
        self.sig_y.next = self.sig_b_mul.val();
        self.sub_y.next = self.b_ezero.val();
        // z = c; b for ADD; a zero (significand 0) for MUL.
        self.z_nan.next = self.c_emax.val() & !self.c_fzero.val();
        self.z_inf.next = self.c_emax.val() & self.c_fzero.val();
        self.z_zero.next = self.c_ezero.val() & self.c_fzero.val();
        self.sig_z.next = self.sig_c.val();
        self.sign_z.next = self.sign_c.val();
        self.fz.next = self.c.val().get_bits::<EXP_FIELD_W>(52);
        self.ey.next =
            bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.b.val().get_bits::<EXP_FIELD_W>(52));
        if self.is_add.val() {
            self.y_nan.next = false;
            self.y_inf.next = false;
            self.y_zero.next = false;
            self.sig_y.next = 0x10_0000_0000_0000_u64.into();
            self.sub_y.next = false;
            self.ey.next = 1023.into();
            self.z_nan.next = self.b_emax.val() & !self.b_fzero.val();
            self.z_inf.next = self.b_emax.val() & self.b_fzero.val();
            self.z_zero.next = self.b_ezero.val() & self.b_fzero.val();
            self.sig_z.next = self.sig_b.val();
            self.sign_z.next = self.sign_b.val();
            self.fz.next = self.b.val().get_bits::<EXP_FIELD_W>(52);
        }
        if self.is_mul.val() {
            self.z_nan.next = false;
            self.z_inf.next = false;
            self.z_zero.next = true;
            self.sig_z.next = 0.into();
            self.sign_z.next = self.sign_a.val() ^ self.sign_b.val();
            self.fz.next = 0.into();
        }
        self.sign_p.next = self.sign_a.val() ^ (self.sign_b.val() & !self.is_add.val());
        self.eff_sub.next = self.sign_p.val() ^ self.sign_z.val();

        // s = exp(x·y) + 57 + 1022 in biased terms: ex + ey − 2046 + 1079.
        // Constants mod 2^13: −967 = 7225, −966 = 7226.
        self.ex.next =
            bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.a.val().get_bits::<EXP_FIELD_W>(52));
        self.ez_n.next = !bit_cast::<EXP_CALC_W, EXP_FIELD_W>(self.fz.val());
        self.s_sum.next = self.ex.val() ^ self.ey.val() ^ 7225;
        self.s_carry.next =
            ((self.ex.val() & self.ey.val()) | (self.ex.val() & 7225) | (self.ey.val() & 7225))
                << 1;
        self.s.next = self.s_sum.val() + self.s_carry.val();
        self.d_sum.next = self.ex.val() ^ self.ey.val() ^ 7226;
        self.d_carry.next =
            ((self.ex.val() & self.ey.val()) | (self.ex.val() & 7226) | (self.ey.val() & 7226))
                << 1;
        self.d_sum2.next = self.d_sum.val() ^ self.d_carry.val() ^ self.ez_n.val();
        self.d_carry2.next = ((self.d_sum.val() & self.d_carry.val())
            | (self.d_sum.val() & self.ez_n.val())
            | (self.d_carry.val() & self.ez_n.val()))
            << 1;
        self.align_dist.next = self.d_sum2.val() + self.d_carry2.val();

        self.mag_lt.next = self.a.val().get_bits::<63>(0) < self.b.val().get_bits::<63>(0);
        self.mag_eq.next = self.a.val().get_bits::<63>(0) == self.b.val().get_bits::<63>(0);
    }
}
