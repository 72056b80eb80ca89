//! Phases 3–5, normalise: the significand's leading one to bit 63 (subnormal
//! floats and integers; a normal float has it there already), the exponent
//! lowered by the shift. A zero significand stays zero (its class is carried
//! apart).
//!
//! The leading-zero count is cut at the byte level ([`NormBytes`], phase 3;
//! [`NormCount`], phase 4), so that each half is a few LUT levels; the shift
//! and the exponent subtraction are phase 5, the shift in two parts
//! ([`NormShift`] by the count's multiple of 8 in 5a, [`NormShiftFine`] by
//! the rest in 5b; in one phase, 7.6–7.9 ns).

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

/// Phase 5a: the left shift by the count's multiple of 8 (`lz & 0x78`),
/// and the exponent lowered by the whole count.
#[derive(LogicBlock, Default)]
pub struct NormShift {
    pub sig: Signal<In, Bits<64>>,
    /// Exponent of `sig`'s bit 63, plus 2048.
    pub exp_b: Signal<In, Bits<EXP_W>>,
    /// [`NormCount::lz`].
    pub lz: Signal<In, Bits<7>>,
    /// `sig` shifted left by `lz & 0x78`.
    pub n1: Signal<Out, Bits<64>>,
    /// Exponent of the normalised significand's bit 63, plus 2048.
    pub e_b: Signal<Out, Bits<EXP_W>>,
    lz8: Signal<Local, Bits<7>>,
}

impl Logic for NormShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.lz8.next = self.lz.val() & 0x78;
        self.n1.next = self.sig.val() << self.lz8.val();
        self.e_b.next = self.exp_b.val() - bit_cast::<EXP_W, 7>(self.lz.val());
    }
}

/// Phase 5b: the rest of the shift, `lz & 7`.
#[derive(LogicBlock, Default)]
pub struct NormShiftFine {
    /// [`NormShift::n1`].
    pub n1: Signal<In, Bits<64>>,
    /// [`NormCount::lz`].
    pub lz: Signal<In, Bits<7>>,
    /// The significand shifted left by its leading zeros.
    pub n: Signal<Out, Bits<64>>,
    lz1: Signal<Local, Bits<7>>,
}

impl Logic for NormShiftFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.lz1.next = self.lz.val() & 0x7;
        self.n.next = self.n1.val() << self.lz1.val();
    }
}
