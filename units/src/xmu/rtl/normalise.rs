//! Phases 3–5, normalise: the significand's leading one to bit 63 (subnormal
//! floats and integers; a normal float has it there already), the exponent
//! lowered by the shift. A zero significand stays zero (its class is carried
//! apart).
//!
//! The leading-zero count is cut at the byte level ([`NormBytes`], phase 3;
//! [`NormCount`], phase 4), so that each half is a few LUT levels; the shift
//! and the exponent subtraction are phase 5 ([`NormShift`]).

use super::EXP_W;
use crate::hw::lzc::{LzcBytes32, LzcMerge32};
use rust_hdl::prelude::*;

/// Phase 3: per byte of the significand, "holds a one" and its own leading
/// zeros.
#[derive(LogicBlock, Default)]
pub struct NormBytes {
    pub sig: Signal<In, Bits<64>>,
    /// Bit j: byte j holds a one.
    pub byte_has: Signal<Out, Bits<8>>,
    /// Bits 3j+2..3j: leading zeros of byte j.
    pub byte_count: Signal<Out, Bits<24>>,
    hi: LzcBytes32,
    lo: LzcBytes32,
}

impl Logic for NormBytes {
    #[hdl_gen]
    fn update(&mut self) {
        self.hi.x.next = self.sig.val().get_bits::<32>(32);
        self.lo.x.next = self.sig.val().get_bits::<32>(0);
        self.byte_has.next = (bit_cast::<8, 4>(self.hi.byte_has.val()) << 4)
            | bit_cast::<8, 4>(self.lo.byte_has.val());
        self.byte_count.next = (bit_cast::<24, 12>(self.hi.byte_count.val()) << 12)
            | bit_cast::<24, 12>(self.lo.byte_count.val());
    }
}

/// Phase 4: the bytes' results merged into the leading-zero count.
#[derive(LogicBlock, Default)]
pub struct NormCount {
    pub byte_has: Signal<In, Bits<8>>,
    pub byte_count: Signal<In, Bits<24>>,
    /// Leading zeros, 0..=64.
    pub lz: Signal<Out, Bits<7>>,
    hi: LzcMerge32,
    lo: LzcMerge32,
}

impl Logic for NormCount {
    #[hdl_gen]
    fn update(&mut self) {
        self.hi.byte_has.next = self.byte_has.val().get_bits::<4>(4);
        self.hi.byte_count.next = self.byte_count.val().get_bits::<12>(12);
        self.lo.byte_has.next = self.byte_has.val().get_bits::<4>(0);
        self.lo.byte_count.next = self.byte_count.val().get_bits::<12>(0);
        self.lz.next = bit_cast::<7, 6>(self.hi.count.val());
        if self.hi.count.val().get_bit(5) {
            self.lz.next = bit_cast::<7, 6>(self.lo.count.val()) + 32;
        }
    }
}

/// Phase 5: the left shift by the count, and the exponent lowered by it.
#[derive(LogicBlock, Default)]
pub struct NormShift {
    pub sig: Signal<In, Bits<64>>,
    /// Exponent of `sig`'s bit 63, plus 2048.
    pub exp_b: Signal<In, Bits<EXP_W>>,
    /// [`NormCount::lz`].
    pub lz: Signal<In, Bits<7>>,
    /// `sig` shifted left by its leading zeros.
    pub n: Signal<Out, Bits<64>>,
    /// Exponent of `n`'s bit 63, plus 2048.
    pub e_b: Signal<Out, Bits<EXP_W>>,
}

impl Logic for NormShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.n.next = self.sig.val() << self.lz.val();
        self.e_b.next = self.exp_b.val() - bit_cast::<EXP_W, 7>(self.lz.val());
    }
}
