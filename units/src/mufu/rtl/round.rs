//! Phase 7: the last normalising shift (by 0..7), round half-up at 24 (or 21) bits, the carry's renormalisation,
//! FTZ and overflow, packing, and the bypass. Model:
//! [`datapath::normalise_round`](crate::mufu::datapath::normalise_round) (its
//! second half), [`pack_f32`](crate::mufu::datapath::pack_f32),
//! [`pack_f64_hi`](crate::mufu::datapath::pack_f64_hi).
//!
//! The exponent, its overflow and underflow are formed for both carries in
//! the first half; the rounding increment (one adder for both formats, the
//! 64H forms' round bit placed at their kept LSB) starts the second half,
//! and its carry out picks the exponent.
//!
//! Two halves: [`Round`] (the shift, the increment's operands, both
//! exponents and their tests) and [`Pack`] (the increment, the picks, the
//! packing, the bypass). Boundary 7m between them is a register in the deeper units, a
//! wire at the default depth.

use super::{EXP_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 7, first half (combinational).
#[derive(LogicBlock, Default)]
pub struct Round {
    /// `|y|` shifted by whole bytes, and the shift still to do (phase 6).
    pub coarse: Signal<In, Bits<Y_W>>,
    pub fine: Signal<In, Bits<3>>,
    pub eb: Signal<In, Bits<EXP_W>>,
    pub is64: Signal<In, Bit>,
    /// The kept bits (the 64H forms' low three cleared) and the round bit at
    /// the kept LSB's place (bit 0, or bit 3 for the 64H forms' 21 bits): the
    /// increment's two operands, added in [`Pack`].
    pub kept: Signal<Out, Bits<24>>,
    pub inc: Signal<Out, Bits<24>>,
    /// `eb` and `eb + 1`, each with its flush and overflow test.
    pub e0: Signal<Out, Bits<EXP_W>>,
    pub e1: Signal<Out, Bits<EXP_W>>,
    pub unf0: Signal<Out, Bit>,
    pub unf1: Signal<Out, Bit>,
    pub ovf0: Signal<Out, Bit>,
    pub ovf1: Signal<Out, Bit>,
    /// `coarse << fine`: the leading one at bit 39.
    norm: Signal<Local, Bits<Y_W>>,
}

impl Logic for Round {
    #[hdl_gen]
    fn update(&mut self) {
        self.norm.next = self.coarse.val() << self.fine.val();
        // Round half-up: the bit under the last kept one (bit 15, or bit 18
        // for the 64H forms) is added at the kept LSB.
        self.kept.next = self.norm.val().get_bits::<24>(16);
        self.inc.next = bit_cast::<24, 1>(self.norm.val().get_bits::<1>(15));
        if self.is64.val() {
            self.kept.next = self.norm.val().get_bits::<24>(16) & 0xFF_FFF8;
            self.inc.next = bit_cast::<24, 1>(self.norm.val().get_bits::<1>(18)) << 3;
        }
        // (A carry out makes the significand 1.0 one binade up: the increment
        // leaves its fraction 0.)
        self.e0.next = self.eb.val();
        self.e1.next = self.eb.val() + 1;
        // Signed biased exponent: ≤ 0 flushes, ≥ 255 (2047) overflows.
        self.unf0.next = self.e0.val().get_bit(12) | (self.e0.val() == 0);
        self.unf1.next = self.e1.val().get_bit(12) | (self.e1.val() == 0);
        self.ovf0.next = !self.e0.val().get_bit(12) & (self.e0.val() >= 255);
        self.ovf1.next = !self.e1.val().get_bit(12) & (self.e1.val() >= 255);
        if self.is64.val() {
            self.ovf0.next = !self.e0.val().get_bit(12) & (self.e0.val() >= 2047);
            self.ovf1.next = !self.e1.val().get_bit(12) & (self.e1.val() >= 2047);
        }
    }
}

/// Phase 7, second half (combinational).
#[derive(LogicBlock, Default)]
pub struct Pack {
    /// The increment's operands ([`Round`]).
    pub kept: Signal<In, Bits<24>>,
    pub inc: Signal<In, Bits<24>>,
    pub e0: Signal<In, Bits<EXP_W>>,
    pub e1: Signal<In, Bits<EXP_W>>,
    pub unf0: Signal<In, Bit>,
    pub unf1: Signal<In, Bit>,
    pub ovf0: Signal<In, Bit>,
    pub ovf1: Signal<In, Bit>,
    pub neg: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub zero_sign: Signal<In, Bit>,
    pub is64: Signal<In, Bit>,
    pub bypass: Signal<In, Bit>,
    pub bypass_d: Signal<In, Bits<32>>,
    /// The answer.
    pub d: Signal<Out, Bits<32>>,
    /// `kept + inc`: its carry out makes the significand 1.0 one binade up.
    r25: Signal<Local, Bits<25>>,
    carry: Signal<Local, Bit>,
    /// The rounded fraction (binary32: 23 bits; 64H: 20 bits, then three 0s).
    frac: Signal<Local, Bits<23>>,
    e_fin: Signal<Local, Bits<EXP_W>>,
    sign_r: Signal<Local, Bit>,
    s: Signal<Local, Bits<32>>,
    ovf: Signal<Local, Bit>,
    unf: Signal<Local, Bit>,
}

impl Logic for Pack {
    #[hdl_gen]
    fn update(&mut self) {
        self.r25.next = bit_cast::<25, 24>(self.kept.val()) + bit_cast::<25, 24>(self.inc.val());
        self.carry.next = self.r25.val().get_bit(24);
        self.frac.next = self.r25.val().get_bits::<23>(0);
        self.e_fin.next = self.e0.val();
        self.unf.next = self.unf0.val();
        self.ovf.next = self.ovf0.val();
        if self.carry.val() {
            self.e_fin.next = self.e1.val();
            self.unf.next = self.unf1.val();
            self.ovf.next = self.ovf1.val();
        }
        self.sign_r.next = self.sign.val() ^ self.neg.val();
        if self.zero.val() {
            self.sign_r.next = self.zero_sign.val();
        }
        self.s.next = 0.into();
        self.s.next = self.s.val().replace_bit(31, self.sign_r.val());
        self.d.next = self.s.val()
            | (bit_cast::<32, 8>(self.e_fin.val().get_bits::<8>(0)) << 23)
            | bit_cast::<32, 23>(self.frac.val());
        if self.is64.val() {
            self.d.next = self.s.val()
                | (bit_cast::<32, 11>(self.e_fin.val().get_bits::<11>(0)) << 20)
                | bit_cast::<32, 20>(self.frac.val().get_bits::<20>(3));
        }
        if self.ovf.val() {
            self.d.next = self.s.val() | 0x7F80_0000;
            if self.is64.val() {
                self.d.next = self.s.val() | 0x7FF0_0000;
            }
        }
        if self.unf.val() | self.zero.val() {
            self.d.next = self.s.val();
        }
        if self.bypass.val() {
            self.d.next = self.bypass_d.val();
        }
    }
}
