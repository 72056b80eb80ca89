//! Phase 2, normalise: the significand's leading one to bit 63 (subnormal
//! floats and integers; a normal float has it there already), the exponent
//! lowered by the shift. A zero significand stays zero (its class is carried
//! apart).

use super::EXP_W;
use crate::hw::lzc::LeadingZeroCount32;
use rust_hdl::prelude::*;

/// Leading-zero count of 64 bits (two 32-bit trees) and a left shift.
#[derive(LogicBlock, Default)]
pub struct Normalise {
    pub sig: Signal<In, Bits<64>>,
    /// Exponent of `sig`'s bit 63, plus 2048.
    pub exp_b: Signal<In, Bits<EXP_W>>,
    /// `sig` shifted left by its leading zeros.
    pub n: Signal<Out, Bits<64>>,
    /// Exponent of `n`'s bit 63, plus 2048.
    pub e_b: Signal<Out, Bits<EXP_W>>,
    lzc_hi: LeadingZeroCount32,
    lzc_lo: LeadingZeroCount32,
    /// Leading zeros, 0..=64.
    lz: Signal<Local, Bits<7>>,
}

impl Logic for Normalise {
    #[hdl_gen]
    fn update(&mut self) {
        self.lzc_hi.x.next = self.sig.val().get_bits::<32>(32);
        self.lzc_lo.x.next = self.sig.val().get_bits::<32>(0);
        self.lz.next = bit_cast::<7, 6>(self.lzc_hi.count.val());
        if self.lzc_hi.count.val().get_bit(5) {
            self.lz.next = bit_cast::<7, 6>(self.lzc_lo.count.val()) + 32;
        }
        self.n.next = self.sig.val() << self.lz.val();
        self.e_b.next = self.exp_b.val() - bit_cast::<EXP_W, 7>(self.lz.val());
    }
}
