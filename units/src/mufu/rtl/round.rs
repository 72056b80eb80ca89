//! Phase 7: the last normalising shift (by 0..7), round half-up at 24 (or 21) bits, the carry's renormalisation,
//! FTZ and overflow, packing, and the bypass. Model:
//! [`datapath::normalise_round`](crate::mufu::datapath::normalise_round) (its
//! second half), [`pack_f32`](crate::mufu::datapath::pack_f32),
//! [`pack_f64_hi`](crate::mufu::datapath::pack_f64_hi).
//!
//! The answer is formed for both rounding carries in the first half but its
//! fraction (the exponent and its `+ 1` come from phase 6); the second half
//! is the rounding increment (one 25-bit adder for both formats, the 64H
//! forms' 21 kept bits under three ones that carry their carry to bit 24)
//! and one choice by its carry out.
//!
//! Two halves: [`Round`] (the shift, the increment's operands, both
//! exponents' tests, the two answers) and [`Pack`] (the increment and the
//! pick). Boundary 7m between them is a register in the deeper units, a
//! wire at the default depth.

use super::{EXP_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 7, first half (combinational): the last shift, the increment's
/// operands, and the answer for each rounding carry but the fraction.
#[derive(LogicBlock, Default)]
pub struct Round {
    /// `|y|` shifted by whole bytes, and the shift still to do (phase 6).
    pub coarse: Signal<In, Bits<Y_W>>,
    pub fine: Signal<In, Bits<3>>,
    /// The biased exponent without and with the rounding carry.
    pub eb: Signal<In, Bits<EXP_W>>,
    pub eb1: Signal<In, Bits<EXP_W>>,
    pub is64: Signal<In, Bit>,
    /// The sum was negative; zero; the result's sign and an exact zero's.
    pub neg: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub zero_sign: Signal<In, Bit>,
    pub bypass: Signal<In, Bit>,
    pub bypass_d: Signal<In, Bits<32>>,
    /// The kept bits and the round bit: binary32 `norm[39:16]`, `norm[15]`;
    /// the 64H forms `{111, norm[39:19]}`, `norm[18]` (the ones carry the
    /// 21-bit increment's carry to bit 24). The fraction is the sum's bits
    /// 22..0 (19..0 for the 64H forms), the carry its bit 24.
    pub kept: Signal<Out, Bits<24>>,
    pub rb: Signal<Out, Bits<1>>,
    /// The answer without the carry (its fraction field 0) and with it.
    pub w0: Signal<Out, Bits<32>>,
    pub w1: Signal<Out, Bits<32>>,
    /// Without the carry the fraction goes in: bits 19..0, bits 22..20.
    pub pass_lo: Signal<Out, Bit>,
    pub pass_hi: Signal<Out, Bit>,
    /// How the rounding left the exact sum ([`model::rounding`]
    /// (crate::mufu::model::rounding)): bit 1 the round bit, bit 0 any bit
    /// below it; `00` for a bypassed answer and a zero sum.
    pub rnd: Signal<Out, Bits<2>>,
    /// `coarse << fine`: the leading one at bit 39.
    norm: Signal<Local, Bits<Y_W>>,
    unf0: Signal<Local, Bit>,
    unf1: Signal<Local, Bit>,
    ovf0: Signal<Local, Bit>,
    ovf1: Signal<Local, Bit>,
    /// The overflow tests' parts as bit tests (`eb ≥ 255`: bits 11 … 8 not
    /// all zero, or bits 7 … 0 all ones; `eb ≥ 2047`: bit 11, or bits 10 … 0
    /// all ones), so that no compare maps to a carry chain (since
    /// 2026-12-05: the `>=` compares' 13-bit chains led the SFU's seed 1 at
    /// 6.93 ns into `m7`).
    hi0: Signal<Local, Bit>,
    hi1: Signal<Local, Bit>,
    ones8_0: Signal<Local, Bit>,
    ones8_1: Signal<Local, Bit>,
    ones11_0: Signal<Local, Bit>,
    ones11_1: Signal<Local, Bit>,
    sign_r: Signal<Local, Bit>,
    s: Signal<Local, Bits<32>>,
    inf: Signal<Local, Bits<32>>,
}

impl Logic for Round {
    #[hdl_gen]
    fn update(&mut self) {
        self.norm.next = self.coarse.val() << self.fine.val();
        self.kept.next = self.norm.val().get_bits::<24>(16);
        self.rb.next = self.norm.val().get_bits::<1>(15);
        self.rnd.next = bit_cast::<2, 1>(self.norm.val().get_bits::<1>(15)) << 1;
        if self.norm.val().get_bits::<15>(0).any() {
            self.rnd.next = self.rnd.val() | 1;
        }
        if self.is64.val() {
            self.kept.next = bit_cast::<24, 21>(self.norm.val().get_bits::<21>(19)) | 0xE0_0000;
            self.rb.next = self.norm.val().get_bits::<1>(18);
            self.rnd.next = bit_cast::<2, 1>(self.norm.val().get_bits::<1>(18)) << 1;
            if self.norm.val().get_bits::<18>(0).any() {
                self.rnd.next = self.rnd.val() | 1;
            }
        }
        if self.bypass.val() | self.zero.val() {
            self.rnd.next = 0.into();
        }
        // Signed biased exponent: ≤ 0 flushes, ≥ 255 (2047) overflows.
        self.unf0.next = self.eb.val().get_bit(12) | (self.eb.val() == 0);
        self.unf1.next = self.eb1.val().get_bit(12) | (self.eb1.val() == 0);
        self.hi0.next = self.eb.val().get_bits::<4>(8).any();
        self.hi1.next = self.eb1.val().get_bits::<4>(8).any();
        self.ones8_0.next = self.eb.val().get_bits::<8>(0).all();
        self.ones8_1.next = self.eb1.val().get_bits::<8>(0).all();
        self.ones11_0.next = self.eb.val().get_bits::<11>(0).all();
        self.ones11_1.next = self.eb1.val().get_bits::<11>(0).all();
        self.ovf0.next = !self.eb.val().get_bit(12) & (self.hi0.val() | self.ones8_0.val());
        self.ovf1.next = !self.eb1.val().get_bit(12) & (self.hi1.val() | self.ones8_1.val());
        self.inf.next = 0x7F80_0000.into();
        if self.is64.val() {
            self.ovf0.next =
                !self.eb.val().get_bit(12) & (self.eb.val().get_bit(11) | self.ones11_0.val());
            self.ovf1.next =
                !self.eb1.val().get_bit(12) & (self.eb1.val().get_bit(11) | self.ones11_1.val());
            self.inf.next = 0x7FF0_0000.into();
        }
        self.sign_r.next = self.sign.val() ^ self.neg.val();
        if self.zero.val() {
            self.sign_r.next = self.zero_sign.val();
        }
        self.s.next = 0.into();
        self.s.next = self.s.val().replace_bit(31, self.sign_r.val());
        // (A carry out makes the significand 1.0 one binade up: the fraction 0.)
        self.w0.next = self.s.val() | (bit_cast::<32, 8>(self.eb.val().get_bits::<8>(0)) << 23);
        self.w1.next = self.s.val() | (bit_cast::<32, 8>(self.eb1.val().get_bits::<8>(0)) << 23);
        if self.is64.val() {
            self.w0.next =
                self.s.val() | (bit_cast::<32, 11>(self.eb.val().get_bits::<11>(0)) << 20);
            self.w1.next =
                self.s.val() | (bit_cast::<32, 11>(self.eb1.val().get_bits::<11>(0)) << 20);
        }
        if self.ovf0.val() {
            self.w0.next = self.s.val() | self.inf.val();
        }
        if self.ovf1.val() {
            self.w1.next = self.s.val() | self.inf.val();
        }
        if self.unf0.val() | self.zero.val() {
            self.w0.next = self.s.val();
        }
        if self.unf1.val() | self.zero.val() {
            self.w1.next = self.s.val();
        }
        if self.bypass.val() {
            self.w0.next = self.bypass_d.val();
            self.w1.next = self.bypass_d.val();
        }
        self.pass_lo.next =
            !(self.bypass.val() | self.ovf0.val() | self.unf0.val() | self.zero.val());
        self.pass_hi.next = self.pass_lo.val() & !self.is64.val();
    }
}

/// Phase 7, second half (combinational): the increment, and the answer by
/// its carry.
#[derive(LogicBlock, Default)]
pub struct Pack {
    /// The increment's operands ([`Round`]).
    pub kept: Signal<In, Bits<24>>,
    pub rb: Signal<In, Bits<1>>,
    pub w0: Signal<In, Bits<32>>,
    pub w1: Signal<In, Bits<32>>,
    pub pass_lo: Signal<In, Bit>,
    pub pass_hi: Signal<In, Bit>,
    /// The answer.
    pub d: Signal<Out, Bits<32>>,
    /// `kept + rb`.
    r25: Signal<Local, Bits<25>>,
    frac: Signal<Local, Bits<32>>,
}

impl Logic for Pack {
    #[hdl_gen]
    fn update(&mut self) {
        self.r25.next = bit_cast::<25, 24>(self.kept.val()) + bit_cast::<25, 1>(self.rb.val());
        self.frac.next = 0.into();
        if self.pass_lo.val() {
            self.frac.next = bit_cast::<32, 20>(self.r25.val().get_bits::<20>(0));
        }
        if self.pass_hi.val() {
            self.frac.next = bit_cast::<32, 23>(self.r25.val().get_bits::<23>(0));
        }
        self.d.next = self.w0.val() | self.frac.val();
        if self.r25.val().get_bit(24) {
            self.d.next = self.w1.val();
        }
    }
}
