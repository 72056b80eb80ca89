//! The approximations' result side, two phases with a register between
//! them: the MUFU's binary32 result, its scale undone (an exponent offset,
//! or 24 added to log2's magnitude) and rounded to nearest even into
//! binary32 or binary16, subnormal results included, overflow to ±Inf,
//! `ftz32`, canonical NaNs. Mirrors
//! [`model::finish`](crate::sfu::model::finish).
//!
//! | phase | does |
//! |---|---|
//! | [`FinishShift`] | classes of the MUFU's result; log2's `+ 24·2^17` on the 24-bit significand; the biased exponent minus one of the destination; the right shift (1 or 14 bits, plus the subnormal distance, at most 26) with round and sticky bits |
//! | [`FinishRound`] | the increment, the pack `(e − 1)·2^(p−1) + kept`, overflow, `ftz32`, the special answers |

use rust_hdl::prelude::*;

/// The register between the two phases.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Shifted {
    pub valid: Bit,
    pub tag: Bits<8>,
    pub flags: Bits<5>,
    pub f16: Bit,
    pub ftz: Bit,
    pub sign: Bit,
    /// The MUFU's result is a NaN, an infinity, a zero.
    pub nan: Bit,
    pub inf: Bit,
    pub zero: Bit,
    /// The destination's biased exponent minus one, 0 for a subnormal.
    pub efield: Bits<9>,
    /// The significand's bits kept (at most 24).
    pub kept: Bits<24>,
    pub round: Bit,
    pub sticky: Bit,
}

/// Phase 1 of the result side (combinational).
#[derive(LogicBlock, Default)]
pub struct FinishShift {
    /// The MUFU's result.
    pub y: Signal<In, Bits<32>>,
    pub f16: Signal<In, Bit>,
    /// [`adjust`](super::prepare::adjust).
    pub adj: Signal<In, Bits<2>>,
    pub log2: Signal<In, Bit>,
    pub sign: Signal<Out, Bit>,
    pub nan: Signal<Out, Bit>,
    pub inf: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    pub efield: Signal<Out, Bits<9>>,
    pub kept: Signal<Out, Bits<24>>,
    pub round: Signal<Out, Bit>,
    pub sticky: Signal<Out, Bit>,
    t: Signal<Local, Bits<25>>,
    sig: Signal<Local, Bits<25>>,
    /// Two's complement: the offset added to the MUFU's exponent field to
    /// give the destination's biased exponent minus one.
    k: Signal<Local, Bits<10>>,
    bm1: Signal<Local, Bits<10>>,
    extra: Signal<Local, Bits<10>>,
    drop: Signal<Local, Bits<10>>,
    amount: Signal<Local, Bits<5>>,
    wide: Signal<Local, Bits<50>>,
    shifted: Signal<Local, Bits<50>>,
}

impl Logic for FinishShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.sign.next = self.y.val().get_bit(31);
        self.nan.next = self.y.val().get_bits::<8>(23).all() & self.y.val().get_bits::<23>(0).any();
        self.inf.next =
            self.y.val().get_bits::<8>(23).all() & !self.y.val().get_bits::<23>(0).any();
        // The MUFU flushes: an exponent field of 0 is a zero.
        self.zero.next = !self.y.val().get_bits::<8>(23).any();

        // 1.f (24 bits), plus 24 in units of 2^-17 for log2; leading one to bit 24.
        self.t.next = bit_cast::<25, 23>(self.y.val().get_bits::<23>(0)) | bits::<25>(0x80_0000);
        if self.log2.val() {
            self.t.next = (bit_cast::<25, 23>(self.y.val().get_bits::<23>(0))
                | bits::<25>(0x80_0000))
                + bits::<25>(0x30_0000);
        }
        self.sig.next = self.t.val() << 1;
        if self.t.val().get_bit(24) {
            self.sig.next = self.t.val();
        }

        // Biased exponent − 1 = field + adjustment + carry − 1 (− 112 for binary16).
        self.k.next = bits::<10>(1023); // −1
        if self.adj.val() == 1
        /* PLUS_12 */
        {
            self.k.next = bits::<10>(11);
        }
        if self.adj.val() == 2
        /* MINUS_12 */
        {
            self.k.next = bits::<10>(1024 - 13);
        }
        if self.adj.val() == 3
        /* MINUS_24 */
        {
            self.k.next = bits::<10>(1024 - 25);
        }
        if self.f16.val() {
            self.k.next = self.k.val() - bits::<10>(112);
        }
        self.bm1.next = bit_cast::<10, 8>(self.y.val().get_bits::<8>(23))
            + self.k.val()
            + bit_cast::<10, 1>(self.t.val().get_bits::<1>(24));
        // Subnormal: the distance below the smallest normal's exponent.
        self.efield.next = bit_cast::<9, 10>(self.bm1.val());
        self.extra.next = 0.into();
        if self.bm1.val().get_bit(9) {
            self.efield.next = 0.into();
            self.extra.next = bits::<10>(0) - self.bm1.val();
        }
        // Bits dropped: 25 − p, plus the distance; 26 and more drop everything.
        self.drop.next = self.extra.val() + bits::<10>(1);
        if self.f16.val() {
            self.drop.next = self.extra.val() + bits::<10>(14);
        }
        self.amount.next = bit_cast::<5, 10>(self.drop.val());
        if self.drop.val() > bits::<10>(26) {
            self.amount.next = 26.into();
        }
        self.wide.next = bit_cast::<50, 25>(self.sig.val()) << 25;
        self.shifted.next = self.wide.val() >> self.amount.val();
        self.kept.next = self.shifted.val().get_bits::<24>(25);
        self.round.next = self.shifted.val().get_bit(24);
        self.sticky.next = self.shifted.val().get_bits::<24>(0).any();
    }
}

/// Phase 2 of the result side (combinational): the answer, right-aligned.
#[derive(LogicBlock, Default)]
pub struct FinishRound {
    pub s: Signal<In, Shifted>,
    pub result: Signal<Out, Bits<32>>,
    up: Signal<Local, Bit>,
    rounded: Signal<Local, Bits<32>>,
    word: Signal<Local, Bits<32>>,
    over: Signal<Local, Bit>,
    tiny: Signal<Local, Bit>,
}

impl Logic for FinishRound {
    #[hdl_gen]
    fn update(&mut self) {
        self.up.next = self.s.val().round & (self.s.val().sticky | self.s.val().kept.get_bit(0));
        self.rounded.next = bit_cast::<32, 24>(self.s.val().kept);
        if self.up.val() {
            self.rounded.next = bit_cast::<32, 24>(self.s.val().kept) + 1;
        }
        // (e − 1)·2^(p−1) + kept: a carry out of the significand steps the exponent.
        self.word.next = (bit_cast::<32, 9>(self.s.val().efield) << 23) + self.rounded.val();
        self.over.next = self.word.val() >= bits::<32>(0x7f80_0000);
        self.tiny.next = !self.word.val().get_bits::<8>(23).any();
        if self.s.val().f16 {
            self.word.next = (bit_cast::<32, 9>(self.s.val().efield) << 10) + self.rounded.val();
            self.over.next = self.word.val() >= bits::<32>(0x7c00);
            self.tiny.next = !self.word.val().get_bits::<5>(10).any();
        }
        // Sign at bit 31 or 15.
        self.result.next = self.word.val();
        if self.s.val().sign {
            self.result.next = self.word.val() | bits::<32>(0x8000_0000_u64);
            if self.s.val().f16 {
                self.result.next = self.word.val() | bits::<32>(0x8000_u64);
            }
        }
        if self.over.val() | self.s.val().inf {
            self.result.next = bits::<32>(0x7f80_0000);
            if self.s.val().sign {
                self.result.next = bits::<32>(0xff80_0000_u64);
            }
            if self.s.val().f16 {
                self.result.next = 0x7c00.into();
                if self.s.val().sign {
                    self.result.next = 0xfc00.into();
                }
            }
        }
        if self.s.val().zero | (self.tiny.val() & self.s.val().ftz & !self.over.val()) {
            self.result.next = 0.into();
            if self.s.val().sign {
                self.result.next = bits::<32>(0x8000_0000_u64);
                if self.s.val().f16 {
                    self.result.next = 0x8000.into();
                }
            }
        }
        if self.s.val().nan {
            self.result.next = bits::<32>(0x7fc0_0000);
            if self.s.val().f16 {
                self.result.next = 0x7e00.into();
            }
        }
    }
}
