//! The approximations' result side, three phases with registers between
//! them: the MUFU's binary32 result, its scale undone (an exponent offset,
//! or 24 added to log2's magnitude) and rounded to nearest even into
//! binary32 or binary16, subnormal results included, overflow to ±Inf,
//! `ftz32`, canonical NaNs. Mirrors
//! [`model::finish`](crate::sfu::model::finish).
//!
//! | phase | does |
//! |---|---|
//! | [`FinishExp`] | classes of the MUFU's result; three 10-bit sums of its exponent field with constants of (adjustment, format), side by side: the destination's biased exponent − 1, the subnormal shift, whether that shift drops everything; log2's `+ 24·2^17` on the 24-bit significand |
//! | [`FinishShift`] | the right shift (1 or 14 bits, or the subnormal distance) with round and sticky bits |
//! | [`FinishRound`] | the increment, the pack `(e − 1)·2^(p−1) + kept`, overflow, `ftz32`, the special answers |
//!
//! (Measured 2026-12-02: the first and second phases as one clock, with the
//! subnormal distance as `0 − (e − 1)` after the exponent sum and a clamp
//! compare after that, placed at 49.42–51.43 MHz on ECP5-85k.)

use rust_hdl::prelude::*;

/// The register after [`FinishExp`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Exp {
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
    /// The significand, leading one at bit 24.
    pub sig: Bits<25>,
    /// Bits to drop (below 26).
    pub amount: Bits<5>,
    /// The result is below half the smallest subnormal: every bit drops.
    pub gone: Bit,
}

/// The register after [`FinishShift`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Shifted {
    pub valid: Bit,
    pub tag: Bits<8>,
    pub flags: Bits<5>,
    pub f16: Bit,
    pub ftz: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub inf: Bit,
    pub zero: Bit,
    pub efield: Bits<9>,
    /// The significand's bits kept (at most 24).
    pub kept: Bits<24>,
    pub round: Bit,
    pub sticky: Bit,
}

/// Phase 1 of the result side (combinational).
#[derive(LogicBlock, Default)]
pub struct FinishExp {
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
    pub sig: Signal<Out, Bits<25>>,
    pub amount: Signal<Out, Bits<5>>,
    pub gone: Signal<Out, Bit>,
    ye: Signal<Local, Bits<10>>,
    t: Signal<Local, Bits<25>>,
    /// Two's complement constants of (adjustment, format): the exponent's
    /// offset `k` (biased exponent − 1 = field + k), `base − k` and
    /// `base − k − 26`, where `base` is 25 − p (1 or 14) bits.
    k: Signal<Local, Bits<10>>,
    c: Signal<Local, Bits<10>>,
    c26: Signal<Local, Bits<10>>,
    bm1: Signal<Local, Bits<10>>,
    d: Signal<Local, Bits<10>>,
    e26: Signal<Local, Bits<10>>,
}

impl Logic for FinishExp {
    #[hdl_gen]
    fn update(&mut self) {
        self.sign.next = self.y.val().get_bit(31);
        self.nan.next = self.y.val().get_bits::<8>(23).all() & self.y.val().get_bits::<23>(0).any();
        self.inf.next =
            self.y.val().get_bits::<8>(23).all() & !self.y.val().get_bits::<23>(0).any();
        // The MUFU flushes: an exponent field of 0 is a zero.
        self.zero.next = !self.y.val().get_bits::<8>(23).any();

        // 1.f (24 bits), plus 24 in units of 2^-17 for log2; leading one to
        // bit 24. (log2's result has the field 133 here: its exponent − 1,
        // 132, is even, so the carry is ORed into it.)
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

        // k = adjustment − 1 (− 112 for binary16); c = base − k; c26 = c − 26.
        self.k.next = bits::<10>(1023); // −1
        if self.adj.val() == 1 {
            self.k.next = bits::<10>(11); // +12
        }
        if self.adj.val() == 2 {
            self.k.next = bits::<10>(1024 - 13); // −12
        }
        if self.adj.val() == 3 {
            self.k.next = bits::<10>(1024 - 25); // −24
        }
        self.c.next = bits::<10>(1) - self.k.val();
        if self.f16.val() {
            self.k.next = self.k.val() - bits::<10>(112);
            self.c.next = bits::<10>(14) - self.k.val();
        }
        self.c26.next = self.c.val() - bits::<10>(26);
        // Three sums side by side (the constants are LUTs of three bits).
        self.ye.next = bit_cast::<10, 8>(self.y.val().get_bits::<8>(23));
        self.bm1.next = self.ye.val() + self.k.val();
        self.d.next = self.c.val() - self.ye.val();
        self.e26.next = self.c26.val() - self.ye.val();

        self.efield.next =
            bit_cast::<9, 10>(self.bm1.val()) | bit_cast::<9, 1>(self.t.val().get_bits::<1>(24));
        self.amount.next = 1.into();
        if self.f16.val() {
            self.amount.next = 14.into();
        }
        self.gone.next = false;
        if self.bm1.val().get_bit(9) {
            // Subnormal: drop base + (1 − biased) = d bits; 26 or more drop all.
            self.efield.next = 0.into();
            self.amount.next = bit_cast::<5, 10>(self.d.val());
            self.gone.next = !self.e26.val().get_bit(9);
        }
    }
}

/// Phase 2 of the result side (combinational): the right shift.
#[derive(LogicBlock, Default)]
pub struct FinishShift {
    pub sig: Signal<In, Bits<25>>,
    pub amount: Signal<In, Bits<5>>,
    pub gone: Signal<In, Bit>,
    pub kept: Signal<Out, Bits<24>>,
    pub round: Signal<Out, Bit>,
    pub sticky: Signal<Out, Bit>,
    wide: Signal<Local, Bits<50>>,
    shifted: Signal<Local, Bits<50>>,
}

impl Logic for FinishShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.wide.next = bit_cast::<50, 25>(self.sig.val()) << 25;
        self.shifted.next = self.wide.val() >> self.amount.val();
        self.kept.next = self.shifted.val().get_bits::<24>(25);
        self.round.next = self.shifted.val().get_bit(24);
        self.sticky.next = self.shifted.val().get_bits::<24>(0).any();
        if self.gone.val() {
            // Below half the smallest subnormal and not zero.
            self.kept.next = 0.into();
            self.round.next = false;
            self.sticky.next = true;
        }
    }
}

/// Phase 3 of the result side (combinational): the answer, right-aligned.
#[derive(LogicBlock, Default)]
pub struct FinishRound {
    pub s: Signal<In, Shifted>,
    pub result: Signal<Out, Bits<32>>,
    up: Signal<Local, Bit>,
    lsb: Signal<Local, Bit>,
    rounded: Signal<Local, Bits<32>>,
    word: Signal<Local, Bits<32>>,
    over: Signal<Local, Bit>,
    tiny: Signal<Local, Bit>,
}

impl Logic for FinishRound {
    #[hdl_gen]
    fn update(&mut self) {
        // (one index at a time: Icarus refuses `s[a +: w][0]`)
        self.rounded.next = bit_cast::<32, 24>(self.s.val().kept);
        self.lsb.next = self.rounded.val().get_bit(0);
        self.up.next = self.s.val().round & (self.s.val().sticky | self.lsb.val());
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
