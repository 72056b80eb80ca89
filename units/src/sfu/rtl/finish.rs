//! The approximations' result side, five phases with registers between
//! them: the MUFU's binary32 result, its scale undone (an exponent offset,
//! or 24 added to log2's magnitude) and rounded to nearest even into
//! binary32 or binary16, subnormal results included, overflow to ±Inf,
//! `ftz32`, canonical NaNs. Mirrors
//! [`model::finish`](crate::sfu::model::finish).
//!
//! | phase | does |
//! |---|---|
//! | [`FinishSums`] | classes of the MUFU's result; four 10-bit sums of its exponent field with constants of (adjustment, format), side by side: the destination's biased exponent and that minus one (its sign: subnormal), the subnormal shift, whether that shift drops everything; the fraction's prefix ORs within 4-bit groups (one LUT level) |
//! | [`FinishExp`] | log2's `+ 24·2^17` on the 24-bit significand and the significand's alignment; the picks of the biased exponent, the distance (1 or 14, or the subnormal's) and whether every bit drops; beside them the fraction's prefix ORs finished across the groups (the sticky bit of every shift distance) |
//! | [`FinishShift`] | the right shift (1 or 14 bits, or the subnormal distance) with the round bit; the sticky bit picked from the prefix ORs by the distance, beside the shifter |
//! | [`FinishPack`] | the packed word before rounding (exponent field over the kept fraction) and its increment side by side; the rounding decision; overflow (now, or on the carry out of an all-ones fraction) and `ftz32`'s flush: which special answer replaces the word |
//! | [`FinishRound`] | the pick of the word or its increment, the sign, the special answers |
//!
//! One rounding of the MUFU's exact sum: the MUFU's result is within half
//! its ulp of that sum, and this grid is the MUFU's or coarser, so rounding
//! the result to nearest is right everywhere but at this grid's exact
//! midpoints; there the MUFU's `out_rnd` (the round bit and any bit below
//! it of its own rounding) tells whether the sum lay below the midpoint
//! (the MUFU rounded up: round down), above it, or on it (to even). On the
//! MUFU's own grid no bit drops and the result is the MUFU's.
//!
//! (Measured 2026-12-02 on ECP5-85k: the first and second phases as one
//! clock, with the subnormal distance as `0 − (e − 1)` after the exponent
//! sum and a clamp compare after that, placed at 49.42–51.43 MHz; with the
//! increment, a 32-bit pack add and two compares in the last phase, that
//! phase took 12.88 ns. With the shift, its sticky OR after it and the
//! packing as one phase, seed 1: 8.36 ns. With the first two phases as
//! one, 2026-12-03 on f9d4230: `fa.q` ← `mufu.out_d` 7.42 ns, the SFU's
//! own lead.)

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
    /// The destination's biased exponent, 0 for a subnormal (up to 267
    /// before the overflow test).
    pub bexp: Bits<10>,
    /// The significand, leading one at bit 24.
    pub sig: Bits<25>,
    /// Bits to drop (below 26).
    pub amount: Bits<5>,
    /// The result is below half the smallest subnormal: every bit drops.
    pub gone: Bit,
    /// The sticky bit of each distance: bit `j` is the OR of `sig`'s bits
    /// below the round bit when `amount` is `j` (`sig`'s bits 0 ..= j − 2).
    pub lows: Bits<32>,
    /// The MUFU's rounding bits (`out_rnd`).
    pub rnd: Bits<2>,
}

/// The register after [`FinishShift`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Dropped {
    pub valid: Bit,
    pub tag: Bits<8>,
    pub flags: Bits<5>,
    pub f16: Bit,
    pub ftz: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub inf: Bit,
    pub zero: Bit,
    /// As [`Exp::bexp`].
    pub bexp: Bits<10>,
    /// The significand's bits that stay (the hidden bit on top).
    pub kept: Bits<24>,
    pub round: Bit,
    pub sticky: Bit,
    pub rnd: Bits<2>,
}

/// The register after [`FinishPack`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Shifted {
    pub valid: Bit,
    pub tag: Bits<8>,
    pub flags: Bits<5>,
    pub f16: Bit,
    pub sign: Bit,
    pub nan: Bit,
    /// The magnitude's bits before rounding: the exponent field over the
    /// kept fraction (binary16 in bits 14:0), and that plus one (a carry
    /// out of the fraction steps the exponent field).
    pub base: Bits<31>,
    pub base1: Bits<31>,
    /// Round up: the answer's magnitude is `base1`.
    pub up: Bit,
    /// The answer is ±Inf (overflow, or the MUFU's infinity), ±0 (the
    /// MUFU's zero, or a tiny result under `ftz32` that does not overflow).
    pub to_inf: Bit,
    pub to_zero: Bit,
}

/// Phase 1 of the result side (combinational): what reads the MUFU's
/// result straight from its output register.
#[derive(LogicBlock, Default)]
pub struct FinishSums {
    /// The MUFU's result.
    pub y: Signal<In, Bits<32>>,
    /// The constants of (adjustment, format), a clock ahead ([`FinishConsts`]).
    pub k: Signal<In, Bits<10>>,
    pub k1: Signal<In, Bits<10>>,
    pub c: Signal<In, Bits<10>>,
    pub c26: Signal<In, Bits<10>>,
    pub sign: Signal<Out, Bit>,
    pub nan: Signal<Out, Bit>,
    pub inf: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    /// As [`Sums::sub`], [`Sums::be`], [`Sums::d`], [`Sums::beyond`].
    pub sub: Signal<Out, Bit>,
    pub be: Signal<Out, Bits<10>>,
    pub d: Signal<Out, Bits<5>>,
    pub beyond: Signal<Out, Bit>,
    /// As [`Sums::part`].
    pub part: Signal<Out, Bits<23>>,
    ye: Signal<Local, Bits<10>>,
    bm1: Signal<Local, Bits<10>>,
    dd: Signal<Local, Bits<10>>,
    e26: Signal<Local, Bits<10>>,
}

impl Logic for FinishSums {
    #[hdl_gen]
    fn update(&mut self) {
        self.sign.next = self.y.val().get_bit(31);
        self.nan.next = self.y.val().get_bits::<8>(23).all() & self.y.val().get_bits::<23>(0).any();
        self.inf.next =
            self.y.val().get_bits::<8>(23).all() & !self.y.val().get_bits::<23>(0).any();
        // The MUFU flushes: an exponent field of 0 is a zero.
        self.zero.next = !self.y.val().get_bits::<8>(23).any();

        // The fraction's prefix ORs within each 4-bit group (bits 4g ..=
        // i), one LUT level after the MUFU's register; `FinishExp` adds the
        // groups below. The masks keep each shifted copy inside its group.
        self.part.next = self.y.val().get_bits::<23>(0)
            | ((self.y.val().get_bits::<23>(0) << 1) & bits::<23>(0x6e_eeee))
            | ((self.y.val().get_bits::<23>(0) << 2) & bits::<23>(0x4c_cccc))
            | ((self.y.val().get_bits::<23>(0) << 3) & bits::<23>(0x08_8888));

        // Four sums side by side.
        self.ye.next = bit_cast::<10, 8>(self.y.val().get_bits::<8>(23));
        self.bm1.next = self.ye.val() + self.k.val();
        self.be.next = self.ye.val() + self.k1.val();
        self.dd.next = self.c.val() - self.ye.val();
        self.e26.next = self.c26.val() - self.ye.val();
        self.sub.next = self.bm1.val().get_bit(9);
        self.d.next = bit_cast::<5, 10>(self.dd.val());
        self.beyond.next = !self.e26.val().get_bit(9);
    }
}

/// The register after [`FinishSums`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Sums {
    pub valid: Bit,
    pub tag: Bits<8>,
    pub flags: Bits<5>,
    pub f16: Bit,
    pub ftz: Bit,
    pub log2: Bit,
    pub sign: Bit,
    pub nan: Bit,
    pub inf: Bit,
    pub zero: Bit,
    /// The MUFU's fraction field.
    pub frac: Bits<23>,
    /// The destination's biased exponent minus one is negative: a
    /// subnormal.
    pub sub: Bit,
    /// The destination's biased exponent (before the subnormal and log2
    /// picks).
    pub be: Bits<10>,
    /// A subnormal's bits to drop (below 26 when `beyond` is low).
    pub d: Bits<5>,
    /// A subnormal's distance is 26 or more: every bit drops.
    pub beyond: Bit,
    /// The fraction's prefix ORs within 4-bit groups: bit `i` is the OR
    /// of the fraction's bits 4·⌊i/4⌋ ..= i (bit 4g + 3 is group g's OR).
    pub part: Bits<23>,
    /// The MUFU's rounding bits (`out_rnd`).
    pub rnd: Bits<2>,
}

/// Phase 2 of the result side (combinational): log2's `+ 24·2^17`, the
/// significand's alignment, the picks of the exponent, the distance and
/// `gone`, from [`FinishSums`]' registered results; beside them the
/// fraction's prefix ORs finished from the groups' ([`Sums::part`]).
#[derive(LogicBlock, Default)]
pub struct FinishExp {
    pub frac: Signal<In, Bits<23>>,
    pub f16: Signal<In, Bit>,
    pub log2: Signal<In, Bit>,
    /// As [`Sums::sub`], [`Sums::be`], [`Sums::d`], [`Sums::beyond`].
    pub sub: Signal<In, Bit>,
    pub be: Signal<In, Bits<10>>,
    pub d: Signal<In, Bits<5>>,
    pub beyond: Signal<In, Bit>,
    /// As [`Sums::part`].
    pub part: Signal<In, Bits<23>>,
    pub bexp: Signal<Out, Bits<10>>,
    pub sig: Signal<Out, Bits<25>>,
    pub amount: Signal<Out, Bits<5>>,
    pub gone: Signal<Out, Bit>,
    /// As [`Exp::lows`].
    pub lows: Signal<Out, Bits<32>>,
    t: Signal<Local, Bits<25>>,
    /// Prefix ORs of the fraction: bit `i` is the OR of its bits 0 ..= i.
    smear: Signal<Local, Bits<23>>,
}

impl Logic for FinishExp {
    #[hdl_gen]
    fn update(&mut self) {
        // 1.f (24 bits), plus 24 in units of 2^-17 for log2; leading one to
        // bit 24. (log2's result has the field 133 here: biased exponent 133,
        // or 134 on a carry.)
        self.t.next = bit_cast::<25, 23>(self.frac.val()) | bits::<25>(0x80_0000);
        if self.log2.val() {
            self.t.next = (bit_cast::<25, 23>(self.frac.val()) | bits::<25>(0x80_0000))
                + bits::<25>(0x30_0000);
        }
        self.sig.next = self.t.val() << 1;
        if self.t.val().get_bit(24) {
            self.sig.next = self.t.val();
        }

        self.bexp.next = self.be.val();
        if self.log2.val() {
            self.bexp.next = 133.into();
            if self.t.val().get_bit(24) {
                self.bexp.next = 134.into();
            }
        }
        self.amount.next = 1.into();
        if self.f16.val() {
            self.amount.next = 14.into();
        }
        self.gone.next = false;
        if self.sub.val() {
            // Subnormal: drop base + (1 − biased) = d bits; 26 or more drop all.
            self.bexp.next = 0.into();
            self.amount.next = self.d.val();
            self.gone.next = self.beyond.val();
        }

        // The sticky bit of every distance, from the fraction (no wait for
        // the log2 sum): `sig` is the fraction one place up, so for
        // `amount` = j the bits below the round bit are the fraction's
        // 0 ..= j − 3, the prefix OR `smear[j − 3]` (0 for j < 3). log2's
        // carry (`sig = t`, not shifted) comes only with `amount` = 1
        // (binary32, no adjustment: biased exponent 133 or 134), where no
        // bit lies below the round bit. Each group's prefix ORs with the
        // ORs of the groups below it (their top bits).
        self.smear.next = self.part.val();
        if self.part.val().get_bit(3) {
            self.smear.next = self.smear.val() | bits::<23>(0x7f_fff0);
        }
        if self.part.val().get_bit(7) {
            self.smear.next = self.smear.val() | bits::<23>(0x7f_ff00);
        }
        if self.part.val().get_bit(11) {
            self.smear.next = self.smear.val() | bits::<23>(0x7f_f000);
        }
        if self.part.val().get_bit(15) {
            self.smear.next = self.smear.val() | bits::<23>(0x7f_0000);
        }
        if self.part.val().get_bit(19) {
            self.smear.next = self.smear.val() | bits::<23>(0x70_0000);
        }
        self.lows.next = bit_cast::<32, 23>(self.smear.val()) << 3;
    }
}

/// The constants of [`FinishSums`]' sums, from the side line a clock
/// before the MUFU answers (combinational; registered beside the side
/// line's last register).
#[derive(LogicBlock, Default)]
pub struct FinishConsts {
    /// [`adjust`](super::prepare::adjust).
    pub adj: Signal<In, Bits<2>>,
    pub f16: Signal<In, Bit>,
    /// Two's complement constants of (adjustment, format): the exponent's
    /// offset `k` (biased exponent − 1 = field + k), `k + 1`, `base − k`
    /// and `base − k − 26`, where `base` is 25 − p (1 or 14) bits.
    pub k: Signal<Out, Bits<10>>,
    pub k1: Signal<Out, Bits<10>>,
    pub c: Signal<Out, Bits<10>>,
    pub c26: Signal<Out, Bits<10>>,
}

impl Logic for FinishConsts {
    #[hdl_gen]
    fn update(&mut self) {
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
        self.k1.next = self.k.val() + bits::<10>(1);
    }
}

/// Phase 3 of the result side (combinational): the right shift, the
/// round and sticky bits.
#[derive(LogicBlock, Default)]
pub struct FinishShift {
    pub sig: Signal<In, Bits<25>>,
    pub amount: Signal<In, Bits<5>>,
    pub gone: Signal<In, Bit>,
    /// As [`Exp::lows`].
    pub lows: Signal<In, Bits<32>>,
    pub kept: Signal<Out, Bits<24>>,
    pub round: Signal<Out, Bit>,
    pub sticky: Signal<Out, Bit>,
    wide: Signal<Local, Bits<50>>,
    shifted: Signal<Local, Bits<50>>,
    /// `lows` moved down by `amount`: the sticky bit at bit 0.
    pick: Signal<Local, Bits<32>>,
}

impl Logic for FinishShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.wide.next = bit_cast::<50, 25>(self.sig.val()) << 25;
        self.shifted.next = self.wide.val() >> self.amount.val();
        self.kept.next = self.shifted.val().get_bits::<24>(25);
        self.round.next = self.shifted.val().get_bit(24);
        // The shifter's bits 23..0 are sig's amount − 2 ..= 0 (and zeros):
        // their OR, a phase ahead for every distance, picked by `amount`
        // (a 32:1 multiplexer beside the shifter, no OR tree after it).
        self.pick.next = self.lows.val() >> self.amount.val();
        self.sticky.next = self.pick.val().get_bit(0);
        if self.gone.val() {
            // Below half the smallest subnormal and not zero.
            self.kept.next = 0.into();
            self.round.next = false;
            self.sticky.next = true;
        }
    }
}

/// Phase 4 of the result side (combinational): the packed word before
/// rounding and its increment side by side, the rounding decision, and
/// which special answer replaces the rounded word.
#[derive(LogicBlock, Default)]
pub struct FinishPack {
    pub kept: Signal<In, Bits<24>>,
    pub bexp: Signal<In, Bits<10>>,
    pub f16: Signal<In, Bit>,
    pub round: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    /// The MUFU's rounding bits (`out_rnd`): where the dropped bits are
    /// exactly half (`round` without `sticky`), they say on which side of
    /// that midpoint the exact sum lies.
    pub rnd: Signal<In, Bits<2>>,
    pub ftz: Signal<In, Bit>,
    pub inf: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub base: Signal<Out, Bits<31>>,
    pub base1: Signal<Out, Bits<31>>,
    pub up: Signal<Out, Bit>,
    pub to_inf: Signal<Out, Bit>,
    pub to_zero: Signal<Out, Bit>,
    lsb: Signal<Local, Bit>,
    /// The kept fraction is all ones: rounding up carries into the exponent.
    ones: Signal<Local, Bit>,
    /// The exponent field is a subnormal's (0).
    sub: Signal<Local, Bit>,
    /// The exponent overflows, or would on a carry.
    over_now: Signal<Local, Bit>,
    over_edge: Signal<Local, Bit>,
    carry: Signal<Local, Bit>,
    over: Signal<Local, Bit>,
    tiny: Signal<Local, Bit>,
}

impl Logic for FinishPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.lsb.next = self.kept.val().get_bit(0);
        self.sub.next = !self.bexp.val().any();
        // The hidden bit (kept's top) is implied by the exponent field.
        self.base.next = (bit_cast::<31, 8>(self.bexp.val().get_bits::<8>(0)) << 23)
            | bit_cast::<31, 23>(self.kept.val().get_bits::<23>(0));
        self.ones.next = self.kept.val().get_bits::<23>(0).all();
        self.over_now.next = self.bexp.val() >= bits::<10>(255);
        self.over_edge.next = self.bexp.val() == bits::<10>(254);
        if self.f16.val() {
            self.base.next = (bit_cast::<31, 5>(self.bexp.val().get_bits::<5>(0)) << 10)
                | bit_cast::<31, 10>(self.kept.val().get_bits::<10>(0));
            self.ones.next = self.kept.val().get_bits::<10>(0).all();
            self.over_now.next = self.bexp.val() >= bits::<10>(31);
            self.over_edge.next = self.bexp.val() == bits::<10>(30);
        }
        // The increment does not wait for the decision: the last phase
        // picks.
        self.base1.next = self.base.val() + 1;

        // Nearest even from the MUFU's rounded result, but a midpoint of
        // this grid is one only if the MUFU's rounding was exact; else the
        // exact sum lies below it (the MUFU rounded up) or above it.
        self.up.next = self.round.val()
            & (self.sticky.val()
                | (!self.rnd.val().get_bit(1) & (self.rnd.val().get_bit(0) | self.lsb.val())));
        // A carry out of the fraction steps the exponent field (a subnormal
        // becomes the smallest normal).
        self.carry.next = self.ones.val() & self.up.val();
        self.over.next = self.over_now.val() | (self.over_edge.val() & self.carry.val());
        self.tiny.next = self.sub.val() & !self.carry.val();
        self.to_inf.next = self.over.val() | self.inf.val();
        self.to_zero.next = self.zero.val() | (self.tiny.val() & self.ftz.val() & !self.over.val());
    }
}

/// Phase 5 of the result side (combinational): the answer, right-aligned.
#[derive(LogicBlock, Default)]
pub struct FinishRound {
    pub s: Signal<In, Shifted>,
    pub result: Signal<Out, Bits<32>>,
    word: Signal<Local, Bits<32>>,
}

impl Logic for FinishRound {
    #[hdl_gen]
    fn update(&mut self) {
        self.word.next = bit_cast::<32, 31>(self.s.val().base);
        if self.s.val().up {
            self.word.next = bit_cast::<32, 31>(self.s.val().base1);
        }
        // Sign at bit 31 or 15.
        self.result.next = self.word.val();
        if self.s.val().sign {
            self.result.next = self.word.val() | bits::<32>(0x8000_0000_u64);
            if self.s.val().f16 {
                self.result.next = self.word.val() | bits::<32>(0x8000_u64);
            }
        }
        if self.s.val().to_inf {
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
        if self.s.val().to_zero {
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
