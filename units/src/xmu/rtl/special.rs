//! Phases 2 and 3, special operands: the answers that do not go through the
//! rounder (`forced`, taken when `take`; chosen in phase 2 by [`Special`],
//! built in phase 3 by [`SpecialPick`]): zeros, infinities and NaNs of the
//! float conversions, integer zero of I2F. I2I is taken here with `forced`
//! 0: its answer ([`I2i`](super::I2i)) and FRND's join in phase 5
//! ([`FrndResult`](super::FrndResult)); the bit operations' at the end.
//!
//! NaN rules (SPEC.md §4, `convert.rs`): into f16/bf16 (F2F, F2FP.x2) the
//! all-ones `0x7FFF`; into FP8 `0x7F`; F2F into f32/f64 keeps the sign and the
//! payload aligned at its MSB (here: the bits under the significand's bit 63)
//! and sets the quiet bit; F2I gives 0. Infinities: F2F ±∞, FP8 satfinite
//! ±max finite, F2I the destination's minimum or maximum.

use super::{DF_W, OP_W};
use rust_hdl::prelude::*;

/// Phase 2: which forced answer a special operand takes (the choice by
/// opcode and class and the 64-bit answer in one phase measured 6.6 ns).
#[derive(LogicBlock, Default)]
pub struct Special {
    /// The operation word.
    pub op: Signal<In, Bits<OP_W>>,
    /// Operand class and sign ([`Unpack`](super::Unpack)).
    pub sign: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub inf: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    /// The answer is `forced`.
    pub take: Signal<Out, Bit>,
    /// `forced` is ([`SpecialPick`]), one-hot or none (0): the signed zero,
    /// infinity, NaN of `df`; the integer destination's minimum, maximum.
    pub sel: Signal<Out, Bits<5>>,
    opc: Signal<Local, Bits<4>>,
    to_float: Signal<Local, Bit>,
    to_int: Signal<Local, Bit>,
    sz: Signal<Local, Bit>,
    si: Signal<Local, Bit>,
    sn: Signal<Local, Bit>,
    smin: Signal<Local, Bit>,
    smax: Signal<Local, Bit>,
}

impl Logic for Special {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        // F2F (7), F2FP.x2 (11), F2FP.fp8 (12); F2I (8).
        self.to_float.next =
            (self.opc.val() == 7) | (self.opc.val() == 11) | (self.opc.val() == 12);
        self.to_int.next = self.opc.val() == 8;
        // Bit operations and reserved opcodes: forced 0 (the bit operations'
        // result replaces it at the end).
        self.take.next = true;
        if self.to_float.val() | self.to_int.val() {
            self.take.next = self.zero.val() | self.inf.val() | self.nan.val();
        }
        // I2F: the integer 0 is +0.
        if self.opc.val() == 9 {
            self.take.next = self.zero.val();
        }
        self.sz.next = self.to_float.val() & self.zero.val() & !self.inf.val() & !self.nan.val();
        self.si.next = self.to_float.val() & self.inf.val() & !self.nan.val();
        self.sn.next = self.to_float.val() & self.nan.val();
        // F2I: NaN and zero → 0, ±∞ → minimum / maximum.
        self.smin.next = self.to_int.val() & self.inf.val() & self.sign.val();
        self.smax.next = self.to_int.val() & self.inf.val() & !self.sign.val();
        self.sel.next = (bit_cast::<5, 1>(self.smax.val().into()) << 4)
            | (bit_cast::<5, 1>(self.smin.val().into()) << 3)
            | (bit_cast::<5, 1>(self.sn.val().into()) << 2)
            | (bit_cast::<5, 1>(self.si.val().into()) << 1)
            | bit_cast::<5, 1>(self.sz.val().into());
    }
}

/// Phase 3: the forced answer [`Special`] chose.
#[derive(LogicBlock, Default)]
pub struct SpecialPick {
    /// The operation word (`int_dst`).
    pub op: Signal<In, Bits<OP_W>>,
    /// Float destination ([`Decode::df`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    /// The operand's sign and significand (a NaN's payload under bit 63).
    pub sign: Signal<In, Bit>,
    pub sig: Signal<In, Bits<64>>,
    /// From [`Special`].
    pub sel: Signal<In, Bits<5>>,
    pub forced: Signal<Out, Bits<64>>,
    int_dst: Signal<Local, Bits<3>>,
    /// Signed zero and signed infinity (FP8: largest finite) of `df`.
    fzero: Signal<Local, Bits<64>>,
    finf: Signal<Local, Bits<64>>,
    fnan: Signal<Local, Bits<64>>,
    imax: Signal<Local, Bits<64>>,
    imin: Signal<Local, Bits<64>>,
    /// Each candidate masked by its select.
    m: [Signal<Local, Bits<64>>; 5],
}

impl Logic for SpecialPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.int_dst.next = self.op.val().get_bits::<3>(7);

        // ---- float destination constants ----
        self.fzero.next = 0.into();
        self.fzero.next = self.fzero.val().replace_bit(15, self.sign.val());
        self.finf.next = self.fzero.val() | 0x7C00_u64;
        self.fnan.next = 0x7FFF.into();
        if self.df.val() == 1 {
            self.finf.next = self.fzero.val() | 0x7F80_u64;
        }
        if self.df.val() == 2 {
            self.fzero.next = 0.into();
            self.fzero.next = self.fzero.val().replace_bit(31, self.sign.val());
            self.finf.next = self.fzero.val() | 0x7F80_0000_u64;
            self.fnan.next = (self.fzero.val() | 0x7FC0_0000_u64)
                | bit_cast::<64, 23>(self.sig.val().get_bits::<23>(40));
        }
        if self.df.val() == 3 {
            self.fzero.next = 0.into();
            self.fzero.next = self.fzero.val().replace_bit(63, self.sign.val());
            self.finf.next = self.fzero.val() | 0x7FF0_0000_0000_0000_u64;
            self.fnan.next = (self.fzero.val() | 0x7FF8_0000_0000_0000_u64)
                | bit_cast::<64, 52>(self.sig.val().get_bits::<52>(11));
        }
        if self.df.val() == 4 {
            self.fzero.next = 0.into();
            self.fzero.next = self.fzero.val().replace_bit(7, self.sign.val());
            self.finf.next = self.fzero.val() | 0x7E_u64;
            self.fnan.next = 0x7F.into();
        }
        if self.df.val() == 5 {
            self.fzero.next = 0.into();
            self.fzero.next = self.fzero.val().replace_bit(7, self.sign.val());
            self.finf.next = self.fzero.val() | 0x7B_u64;
            self.fnan.next = 0x7F.into();
        }

        // ---- integer destination range (F2I of ±∞) ----
        self.imax.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.imin.next = 0.into();
        if self.int_dst.val() == 0 {
            self.imax.next = 0xFF.into();
        }
        if self.int_dst.val() == 1 {
            self.imax.next = 0x7F.into();
            self.imin.next = 0x80.into();
        }
        if self.int_dst.val() == 2 {
            self.imax.next = 0xFFFF.into();
        }
        if self.int_dst.val() == 3 {
            self.imax.next = 0x7FFF.into();
            self.imin.next = 0x8000.into();
        }
        if self.int_dst.val() == 4 {
            self.imax.next = 0xFFFF_FFFF_u64.into();
        }
        if self.int_dst.val() == 5 {
            self.imax.next = 0x7FFF_FFFF_u64.into();
            self.imin.next = 0x8000_0000_u64.into();
        }
        if self.int_dst.val() == 7 {
            self.imax.next = 0x7FFF_FFFF_FFFF_FFFF_u64.into();
            self.imin.next = 0x8000_0000_0000_0000_u64.into();
        }

        // ---- the chosen one (AND-OR: the selects are one-hot) ----
        self.m[0].next = 0.into();
        if self.sel.val().get_bit(0) {
            self.m[0].next = self.fzero.val();
        }
        self.m[1].next = 0.into();
        if self.sel.val().get_bit(1) {
            self.m[1].next = self.finf.val();
        }
        self.m[2].next = 0.into();
        if self.sel.val().get_bit(2) {
            self.m[2].next = self.fnan.val();
        }
        self.m[3].next = 0.into();
        if self.sel.val().get_bit(3) {
            self.m[3].next = self.imin.val();
        }
        self.m[4].next = 0.into();
        if self.sel.val().get_bit(4) {
            self.m[4].next = self.imax.val();
        }
        self.forced.next = self.m[0].val()
            | self.m[1].val()
            | self.m[2].val()
            | self.m[3].val()
            | self.m[4].val();
    }
}
