//! Phase 7: round half-up at 24 (or 21) bits, the carry's renormalisation,
//! FTZ and overflow, packing, and the bypass. Model:
//! [`datapath::normalise_round`](crate::mufu::datapath::normalise_round) (its
//! second half), [`pack_f32`](crate::mufu::datapath::pack_f32),
//! [`pack_f64_hi`](crate::mufu::datapath::pack_f64_hi).

use super::{EXP_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 7 (combinational).
#[derive(LogicBlock, Default)]
pub struct RoundPack {
    pub norm: Signal<In, Bits<Y_W>>,
    pub eb: Signal<In, Bits<EXP_W>>,
    pub neg: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub zero_sign: Signal<In, Bit>,
    pub is64: Signal<In, Bit>,
    pub bypass: Signal<In, Bit>,
    pub bypass_d: Signal<In, Bits<32>>,
    /// The answer.
    pub d: Signal<Out, Bits<32>>,
    r24: Signal<Local, Bits<25>>,
    r21: Signal<Local, Bits<22>>,
    carry: Signal<Local, Bit>,
    frac: Signal<Local, Bits<23>>,
    e_fin: Signal<Local, Bits<EXP_W>>,
    sign_r: Signal<Local, Bit>,
    s: Signal<Local, Bits<32>>,
    ovf: Signal<Local, Bit>,
    unf: Signal<Local, Bit>,
}

impl Logic for RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        // Round half-up: add the bit under the last kept one.
        self.r24.next = bit_cast::<25, 24>(self.norm.val().get_bits::<24>(16));
        if self.norm.val().get_bit(15) {
            self.r24.next = bit_cast::<25, 24>(self.norm.val().get_bits::<24>(16)) + 1;
        }
        self.r21.next = bit_cast::<22, 21>(self.norm.val().get_bits::<21>(19));
        if self.norm.val().get_bit(18) {
            self.r21.next = bit_cast::<22, 21>(self.norm.val().get_bits::<21>(19)) + 1;
        }
        self.carry.next = self.r24.val().get_bit(24);
        self.frac.next = self.r24.val().get_bits::<23>(0);
        if self.is64.val() {
            self.carry.next = self.r21.val().get_bit(21);
            self.frac.next = bit_cast::<23, 20>(self.r21.val().get_bits::<20>(0)) << 3;
        }
        // A carry out makes the significand 1.0 one binade up: its fraction is 0.
        if self.carry.val() {
            self.frac.next = 0.into();
        }
        self.e_fin.next = self.eb.val();
        if self.carry.val() {
            self.e_fin.next = self.eb.val() + 1;
        }
        self.sign_r.next = self.sign.val() ^ self.neg.val();
        if self.zero.val() {
            self.sign_r.next = self.zero_sign.val();
        }
        self.s.next = 0.into();
        self.s.next = self.s.val().replace_bit(31, self.sign_r.val());
        // Signed biased exponent: ≤ 0 flushes, ≥ 255 (2047) overflows.
        self.unf.next = self.e_fin.val().get_bit(12) | (self.e_fin.val() == 0);
        self.ovf.next = !self.e_fin.val().get_bit(12) & (self.e_fin.val() >= 255);
        if self.is64.val() {
            self.ovf.next = !self.e_fin.val().get_bit(12) & (self.e_fin.val() >= 2047);
        }
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
