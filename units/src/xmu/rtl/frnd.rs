//! Phases 2–6, FRND: round to an integral value in the same format, on the
//! encoding itself. Model: `convert::frnd`.
//!
//! With the unbiased exponent `e` and `m` mantissa bits, the `f = m − e`
//! low bits of an encoding with 0 ≤ e < m are its fraction. Clearing them
//! and adding `2^f` when the direction says so gives the result directly: a
//! carry out of the mantissa moves into the exponent field (it can never
//! reach ∞: the largest such value is below 2^m). Otherwise:
//! - e ≥ m (or ±∞): already integral, the encoding itself;
//! - |x| < 1 (e < 0, subnormals included): ±0 or ±1 (round bit: e = −1;
//!   sticky: the rest);
//! - zero, or a subnormal under `.ftz`: a zero of its sign;
//! - NaN: f64 keeps sign and payload with the quiet bit set, the other
//!   formats give their all-ones NaN.
//!
//! Phase 2 ([`FrndFields`]) sorts the cases from [`Unpack`](super::Unpack)'s
//! class and exponent; phase 3 ([`FrndAlt`]) settles every case but the
//! fraction clearing (`alt`) and decodes the mask ([`FrndMask`]); phase 4
//! ([`FrndRound`]) reduces the round, sticky and LSB tests to a bit per nibble; phase 5
//! decides the increment ([`FrndDecide`], 5a) and adds ([`FrndInc`], 5b); phase 6 ([`FrndResult`])
//! merges FRND's and I2I's answers into the forced answer (for other
//! opcodes it passes `forced_in`/`take_in` through). One phase (decode,
//! then a 64-bit reduction, then the add) measured 10.2 ns; the fields,
//! the 13-bit `bias + m − exp` and the `alt` multiplexer in one phase 8.5 ns.

use super::{EXP_W, OP_W};
use rust_hdl::prelude::*;

/// Phase 2 of FRND: the cases, from the operand's class and exponent as
/// [`Unpack`](super::Unpack) gave them (no field is read again: with
/// `exp_b = e + 2048`, `e < 0` is two bits of `exp_b`, `e ≥ m` and
/// `e = −1` compares with constants, and the fraction width `m − e` is a
/// 6-bit subtraction, `2048` being 0 modulo 64).
#[derive(LogicBlock, Default)]
pub struct FrndFields {
    /// The operation word (`src` = the format, rounding).
    pub op: Signal<In, Bits<OP_W>>,
    /// From [`Unpack`](super::Unpack): sign, class, exponent (plus 2048),
    /// mantissa field zero.
    pub sign: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    pub exp_b: Signal<In, Bits<EXP_W>>,
    pub man_zero: Signal<In, Bit>,
    /// Fraction width `f` (its low six bits; meaningful when 0 ≤ e < m).
    pub frac: Signal<Out, Bits<6>>,
    /// Round to nearest even; round away from zero when inexact.
    pub rn: Signal<Out, Bit>,
    pub up: Signal<Out, Bit>,
    /// The cases answered by [`FrndAlt`]: e ≥ m (or ±∞); |x| < 1 and its
    /// rounding (to ±1 when `under_inc`); zero (or `.ftz`); NaN.
    pub integral: Signal<Out, Bit>,
    pub under_one: Signal<Out, Bit>,
    pub under_inc: Signal<Out, Bit>,
    pub zero_case: Signal<Out, Bit>,
    pub nan_case: Signal<Out, Bit>,
    fmt: Signal<Local, Bits<3>>,
    rm: Signal<Local, Bits<2>>,
    /// `m` modulo 64 of the format.
    m6: Signal<Local, Bits<6>>,
    /// `e ≥ m` for each format (f16, bf16, f32, f64), side by side: compares
    /// with constants, before the pick by format.
    ge: [Signal<Local, Bit>; 4],
    small_round: Signal<Local, Bit>,
    small_sticky: Signal<Local, Bit>,
}

impl Logic for FrndFields {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.next = self.op.val().get_bits::<3>(4);
        self.rm.next = self.op.val().get_bits::<2>(10);
        // f16 by default.
        self.ge[0].next = self.exp_b.val() >= 2058;
        self.ge[1].next = self.exp_b.val() >= 2055;
        self.ge[2].next = self.exp_b.val() >= 2071;
        self.ge[3].next = self.exp_b.val() >= 2100;
        self.m6.next = 10.into();
        self.integral.next = self.ge[0].val();
        if self.fmt.val() == 1 {
            self.m6.next = 7.into();
            self.integral.next = self.ge[1].val();
        }
        if self.fmt.val() == 2 {
            self.m6.next = 23.into();
            self.integral.next = self.ge[2].val();
        }
        if self.fmt.val() == 3 {
            self.m6.next = 52.into();
            self.integral.next = self.ge[3].val();
        }
        self.rn.next = self.rm.val() == 0;
        self.up.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());
        self.frac.next = self.m6.val() - self.exp_b.val().get_bits::<6>(0);
        // e < 0: exp_b < 2048 (every exp_b is below 4096).
        self.under_one.next = !self.exp_b.val().get_bit(11) & !self.exp_b.val().get_bit(12);
        self.small_round.next = self.exp_b.val() == 2047;
        self.small_sticky.next = !self.man_zero.val() | !self.small_round.val();
        self.under_inc.next = (self.rn.val() & self.small_round.val() & self.small_sticky.val())
            | (((self.rm.val() == 1) & self.sign.val())
                | ((self.rm.val() == 2) & !self.sign.val()));
        self.zero_case.next = self.zero.val();
        self.nan_case.next = self.nan.val();
    }
}

/// Phase 3 of FRND: the operand masked to its width, and the answer of
/// every case but 0 ≤ e < m (`alt`).
#[derive(LogicBlock, Default)]
pub struct FrndAlt {
    /// The operation word (`src` = the format).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand.
    pub x: Signal<In, Bits<64>>,
    /// From [`FrndFields`].
    pub sign: Signal<In, Bit>,
    pub integral: Signal<In, Bit>,
    pub under_one: Signal<In, Bit>,
    pub under_inc: Signal<In, Bit>,
    pub zero_case: Signal<In, Bit>,
    pub nan_case: Signal<In, Bit>,
    /// The operand masked to its width.
    pub xm: Signal<Out, Bits<64>>,
    /// The answer is `alt` (e ≥ m, |x| < 1, zero, NaN), not the cleared fraction.
    pub alt_take: Signal<Out, Bit>,
    pub alt: Signal<Out, Bits<64>>,
    fmt: Signal<Local, Bits<3>>,
    sign_bit: Signal<Local, Bits<64>>,
    one: Signal<Local, Bits<64>>,
    quiet: Signal<Local, Bits<64>>,
    nan_d: Signal<Local, Bits<64>>,
}

impl Logic for FrndAlt {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.next = self.op.val().get_bits::<3>(4);
        // f16 by default.
        self.xm.next = self.x.val() & 0xFFFF_u64;
        self.sign_bit.next = 0x8000.into();
        self.one.next = 0x3C00.into();
        self.quiet.next = 0.into();
        if self.fmt.val() == 1 {
            self.one.next = 0x3F80.into();
        }
        if self.fmt.val() == 2 {
            self.xm.next = self.x.val() & 0xFFFF_FFFF_u64;
            self.sign_bit.next = 0x8000_0000_u64.into();
            self.one.next = 0x3F80_0000_u64.into();
        }
        if self.fmt.val() == 3 {
            self.xm.next = self.x.val();
            self.sign_bit.next = 0x8000_0000_0000_0000_u64.into();
            self.one.next = 0x3FF0_0000_0000_0000_u64.into();
            self.quiet.next = 0x8_0000_0000_0000_u64.into();
        }
        // f64 NaN: quieted, payload kept; the others: all ones.
        self.nan_d.next = self.xm.val() | self.quiet.val();
        if self.fmt.val() != 3 {
            self.nan_d.next = (self.sign_bit.val() - 1_u64) & 0x7FFF_FFFF_u64;
        }

        self.alt_take.next = false;
        self.alt.next = 0.into();
        // ---- |x| < 1 (the value is not zero here) ----
        if self.under_one.val() {
            self.alt_take.next = true;
            if self.under_inc.val() {
                self.alt.next = self.one.val();
            }
            if self.sign.val() {
                self.alt.next = self.alt.val() | self.sign_bit.val();
            }
        }
        if self.integral.val() {
            self.alt_take.next = true;
            self.alt.next = self.xm.val();
        }
        // Zero, or a subnormal flushed by .ftz.
        if self.zero_case.val() {
            self.alt_take.next = true;
            self.alt.next = 0.into();
            if self.sign.val() {
                self.alt.next = self.sign_bit.val();
            }
        }
        if self.nan_case.val() {
            self.alt_take.next = true;
            self.alt.next = self.nan_d.val();
        }
    }
}

/// Phase 3 of FRND: the fraction's mask `2^f − 1` and the kept LSB's
/// weight `2^f`, decoded from `f` (known after phase 2), so that phase 4
/// only ANDs and reduces (the decode and the reductions in one phase
/// measured 6.3–6.8 ns).
#[derive(LogicBlock, Default)]
pub struct FrndMask {
    /// From [`FrndFields`].
    pub frac: Signal<In, Bits<6>>,
    /// `2^f − 1`.
    pub mask: Signal<Out, Bits<64>>,
    /// `2^f` (`mask + 1` as a decoder, not a carry chain).
    pub unit: Signal<Out, Bits<64>>,
    one: Signal<Local, Bits<64>>,
    ones: Signal<Local, Bits<64>>,
}

impl Logic for FrndMask {
    #[hdl_gen]
    fn update(&mut self) {
        self.ones.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.one.next = 1.into();
        self.mask.next = !(self.ones.val() << self.frac.val());
        self.unit.next = self.one.val() << self.frac.val();
    }
}

/// Phase 4 of FRND, 0 ≤ e < m: the `f` fraction bits cleared, and the
/// round, sticky and LSB tests reduced to one bit per nibble.
#[derive(LogicBlock, Default)]
pub struct FrndRound {
    /// From [`FrndAlt`] (`xm`) and [`FrndMask`].
    pub xm: Signal<In, Bits<64>>,
    pub mask: Signal<In, Bits<64>>,
    pub unit: Signal<In, Bits<64>>,
    /// `xm` with its fraction cleared.
    pub kept: Signal<Out, Bits<64>>,
    /// Per nibble: holds the round bit set; sticky bits set; the LSB set.
    pub rg: Signal<Out, Bits<16>>,
    pub sg: Signal<Out, Bits<16>>,
    pub lg: Signal<Out, Bits<16>>,
    rv: Signal<Local, Bits<64>>,
    sv: Signal<Local, Bits<64>>,
    lv: Signal<Local, Bits<64>>,
    /// Per nibble: the OR of `rv`, `sv`, `lv` (1-bit signals, so that no
    /// reduction is widened in Verilog).
    rn4: [Signal<Local, Bit>; 16],
    sn4: [Signal<Local, Bit>; 16],
    ln4: [Signal<Local, Bit>; 16],
}

impl Logic for FrndRound {
    #[hdl_gen]
    fn update(&mut self) {
        // The round bit's weight `2^(f−1)` is `unit >> 1`.
        self.rv.next = self.xm.val() & (self.unit.val() >> 1);
        self.sv.next = self.xm.val() & (self.mask.val() >> 1);
        self.lv.next = self.xm.val() & self.unit.val();
        self.kept.next = self.xm.val() & !self.mask.val();
        self.rn4[0].next = self.rv.val().get_bits::<4>(0).any();
        self.rn4[1].next = self.rv.val().get_bits::<4>(4).any();
        self.rn4[2].next = self.rv.val().get_bits::<4>(8).any();
        self.rn4[3].next = self.rv.val().get_bits::<4>(12).any();
        self.rn4[4].next = self.rv.val().get_bits::<4>(16).any();
        self.rn4[5].next = self.rv.val().get_bits::<4>(20).any();
        self.rn4[6].next = self.rv.val().get_bits::<4>(24).any();
        self.rn4[7].next = self.rv.val().get_bits::<4>(28).any();
        self.rn4[8].next = self.rv.val().get_bits::<4>(32).any();
        self.rn4[9].next = self.rv.val().get_bits::<4>(36).any();
        self.rn4[10].next = self.rv.val().get_bits::<4>(40).any();
        self.rn4[11].next = self.rv.val().get_bits::<4>(44).any();
        self.rn4[12].next = self.rv.val().get_bits::<4>(48).any();
        self.rn4[13].next = self.rv.val().get_bits::<4>(52).any();
        self.rn4[14].next = self.rv.val().get_bits::<4>(56).any();
        self.rn4[15].next = self.rv.val().get_bits::<4>(60).any();
        self.rg.next = (bit_cast::<16, 1>(self.rn4[15].val().into()) << 15)
            | (bit_cast::<16, 1>(self.rn4[14].val().into()) << 14)
            | (bit_cast::<16, 1>(self.rn4[13].val().into()) << 13)
            | (bit_cast::<16, 1>(self.rn4[12].val().into()) << 12)
            | (bit_cast::<16, 1>(self.rn4[11].val().into()) << 11)
            | (bit_cast::<16, 1>(self.rn4[10].val().into()) << 10)
            | (bit_cast::<16, 1>(self.rn4[9].val().into()) << 9)
            | (bit_cast::<16, 1>(self.rn4[8].val().into()) << 8)
            | (bit_cast::<16, 1>(self.rn4[7].val().into()) << 7)
            | (bit_cast::<16, 1>(self.rn4[6].val().into()) << 6)
            | (bit_cast::<16, 1>(self.rn4[5].val().into()) << 5)
            | (bit_cast::<16, 1>(self.rn4[4].val().into()) << 4)
            | (bit_cast::<16, 1>(self.rn4[3].val().into()) << 3)
            | (bit_cast::<16, 1>(self.rn4[2].val().into()) << 2)
            | (bit_cast::<16, 1>(self.rn4[1].val().into()) << 1)
            | bit_cast::<16, 1>(self.rn4[0].val().into());
        self.sn4[0].next = self.sv.val().get_bits::<4>(0).any();
        self.sn4[1].next = self.sv.val().get_bits::<4>(4).any();
        self.sn4[2].next = self.sv.val().get_bits::<4>(8).any();
        self.sn4[3].next = self.sv.val().get_bits::<4>(12).any();
        self.sn4[4].next = self.sv.val().get_bits::<4>(16).any();
        self.sn4[5].next = self.sv.val().get_bits::<4>(20).any();
        self.sn4[6].next = self.sv.val().get_bits::<4>(24).any();
        self.sn4[7].next = self.sv.val().get_bits::<4>(28).any();
        self.sn4[8].next = self.sv.val().get_bits::<4>(32).any();
        self.sn4[9].next = self.sv.val().get_bits::<4>(36).any();
        self.sn4[10].next = self.sv.val().get_bits::<4>(40).any();
        self.sn4[11].next = self.sv.val().get_bits::<4>(44).any();
        self.sn4[12].next = self.sv.val().get_bits::<4>(48).any();
        self.sn4[13].next = self.sv.val().get_bits::<4>(52).any();
        self.sn4[14].next = self.sv.val().get_bits::<4>(56).any();
        self.sn4[15].next = self.sv.val().get_bits::<4>(60).any();
        self.sg.next = (bit_cast::<16, 1>(self.sn4[15].val().into()) << 15)
            | (bit_cast::<16, 1>(self.sn4[14].val().into()) << 14)
            | (bit_cast::<16, 1>(self.sn4[13].val().into()) << 13)
            | (bit_cast::<16, 1>(self.sn4[12].val().into()) << 12)
            | (bit_cast::<16, 1>(self.sn4[11].val().into()) << 11)
            | (bit_cast::<16, 1>(self.sn4[10].val().into()) << 10)
            | (bit_cast::<16, 1>(self.sn4[9].val().into()) << 9)
            | (bit_cast::<16, 1>(self.sn4[8].val().into()) << 8)
            | (bit_cast::<16, 1>(self.sn4[7].val().into()) << 7)
            | (bit_cast::<16, 1>(self.sn4[6].val().into()) << 6)
            | (bit_cast::<16, 1>(self.sn4[5].val().into()) << 5)
            | (bit_cast::<16, 1>(self.sn4[4].val().into()) << 4)
            | (bit_cast::<16, 1>(self.sn4[3].val().into()) << 3)
            | (bit_cast::<16, 1>(self.sn4[2].val().into()) << 2)
            | (bit_cast::<16, 1>(self.sn4[1].val().into()) << 1)
            | bit_cast::<16, 1>(self.sn4[0].val().into());
        self.ln4[0].next = self.lv.val().get_bits::<4>(0).any();
        self.ln4[1].next = self.lv.val().get_bits::<4>(4).any();
        self.ln4[2].next = self.lv.val().get_bits::<4>(8).any();
        self.ln4[3].next = self.lv.val().get_bits::<4>(12).any();
        self.ln4[4].next = self.lv.val().get_bits::<4>(16).any();
        self.ln4[5].next = self.lv.val().get_bits::<4>(20).any();
        self.ln4[6].next = self.lv.val().get_bits::<4>(24).any();
        self.ln4[7].next = self.lv.val().get_bits::<4>(28).any();
        self.ln4[8].next = self.lv.val().get_bits::<4>(32).any();
        self.ln4[9].next = self.lv.val().get_bits::<4>(36).any();
        self.ln4[10].next = self.lv.val().get_bits::<4>(40).any();
        self.ln4[11].next = self.lv.val().get_bits::<4>(44).any();
        self.ln4[12].next = self.lv.val().get_bits::<4>(48).any();
        self.ln4[13].next = self.lv.val().get_bits::<4>(52).any();
        self.ln4[14].next = self.lv.val().get_bits::<4>(56).any();
        self.ln4[15].next = self.lv.val().get_bits::<4>(60).any();
        self.lg.next = (bit_cast::<16, 1>(self.ln4[15].val().into()) << 15)
            | (bit_cast::<16, 1>(self.ln4[14].val().into()) << 14)
            | (bit_cast::<16, 1>(self.ln4[13].val().into()) << 13)
            | (bit_cast::<16, 1>(self.ln4[12].val().into()) << 12)
            | (bit_cast::<16, 1>(self.ln4[11].val().into()) << 11)
            | (bit_cast::<16, 1>(self.ln4[10].val().into()) << 10)
            | (bit_cast::<16, 1>(self.ln4[9].val().into()) << 9)
            | (bit_cast::<16, 1>(self.ln4[8].val().into()) << 8)
            | (bit_cast::<16, 1>(self.ln4[7].val().into()) << 7)
            | (bit_cast::<16, 1>(self.ln4[6].val().into()) << 6)
            | (bit_cast::<16, 1>(self.ln4[5].val().into()) << 5)
            | (bit_cast::<16, 1>(self.ln4[4].val().into()) << 4)
            | (bit_cast::<16, 1>(self.ln4[3].val().into()) << 3)
            | (bit_cast::<16, 1>(self.ln4[2].val().into()) << 2)
            | (bit_cast::<16, 1>(self.ln4[1].val().into()) << 1)
            | bit_cast::<16, 1>(self.ln4[0].val().into());
    }
}

/// Phase 5a of FRND: the increment decision.
#[derive(LogicBlock, Default)]
pub struct FrndDecide {
    /// From [`FrndRound`] and [`FrndFields`].
    pub rg: Signal<In, Bits<16>>,
    pub sg: Signal<In, Bits<16>>,
    pub lg: Signal<In, Bits<16>>,
    pub rn: Signal<In, Bit>,
    pub up: Signal<In, Bit>,
    /// Add `2^f`.
    pub inc: Signal<Out, Bit>,
    round: Signal<Local, Bit>,
    sticky: Signal<Local, Bit>,
    lsb: Signal<Local, Bit>,
}

impl Logic for FrndDecide {
    #[hdl_gen]
    fn update(&mut self) {
        self.round.next = self.rg.val().any();
        self.sticky.next = self.sg.val().any();
        self.lsb.next = self.lg.val().any();
        self.inc.next = (self.rn.val() & self.round.val() & (self.sticky.val() | self.lsb.val()))
            | (self.up.val() & (self.round.val() | self.sticky.val()));
    }
}

/// Phase 5b of FRND: the rounded encoding.
#[derive(LogicBlock, Default)]
pub struct FrndInc {
    /// From [`FrndRound`] and [`FrndDecide`].
    pub kept: Signal<In, Bits<64>>,
    pub unit: Signal<In, Bits<64>>,
    pub inc: Signal<In, Bit>,
    /// `kept`, plus `2^f` when rounding up.
    pub res: Signal<Out, Bits<64>>,
}

impl Logic for FrndInc {
    #[hdl_gen]
    fn update(&mut self) {
        self.res.next = self.kept.val();
        if self.inc.val() {
            self.res.next = self.kept.val() + self.unit.val();
        }
    }
}

/// Phase 6 of FRND: FRND's and I2I's answers merged into the forced answer.
#[derive(LogicBlock, Default)]
pub struct FrndResult {
    /// The operation word (its opcode).
    pub op: Signal<In, Bits<OP_W>>,
    /// From [`FrndInc`] and [`FrndFields`].
    pub res: Signal<In, Bits<64>>,
    pub alt_take: Signal<In, Bit>,
    pub alt: Signal<In, Bits<64>>,
    /// I2I's answer ([`I2iPick`](super::I2iPick)).
    pub i2i: Signal<In, Bits<64>>,
    /// The forced answer so far ([`Special`](super::Special)).
    pub take_in: Signal<In, Bit>,
    pub forced_in: Signal<In, Bits<64>>,
    /// The forced answer, FRND's result for FRND, I2I's for I2I.
    pub take: Signal<Out, Bit>,
    pub forced: Signal<Out, Bits<64>>,
}

impl Logic for FrndResult {
    #[hdl_gen]
    fn update(&mut self) {
        self.take.next = self.take_in.val();
        self.forced.next = self.forced_in.val();
        if self.op.val().get_bits::<4>(0) == 6 {
            self.take.next = true;
            self.forced.next = self.res.val();
            if self.alt_take.val() {
                self.forced.next = self.alt.val();
            }
        }
        // I2I: `Special` already took it, with 0.
        if self.op.val().get_bits::<4>(0) == 10 {
            self.forced.next = self.i2i.val();
        }
    }
}
