//! Phases 3–6, FRND: round to an integral value in the same format, on the
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
//! Phase 3 ([`FrndFields`]) reads the fields and settles every case but the
//! fraction clearing (`alt`); phase 4 ([`FrndRound`]) decodes the mask and
//! reduces the round, sticky and LSB tests to a bit per nibble; phase 5
//! ([`FrndInc`]) decides the increment and adds; phase 6 ([`FrndResult`])
//! merges FRND's and I2I's answers into the forced answer (for other
//! opcodes it passes `forced_in`/`take_in` through). One phase (decode,
//! then a 64-bit reduction, then the add) measured 10.2 ns.

use super::{EXP_W, OP_W};
use rust_hdl::prelude::*;

/// Phase 3 of FRND: fields, and the answer of every case but 0 ≤ e < m.
#[derive(LogicBlock, Default)]
pub struct FrndFields {
    /// The operation word (opcode, `src` = the format, rounding, `.ftz`).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand.
    pub x: Signal<In, Bits<64>>,
    /// The operand masked to its width.
    pub xm: Signal<Out, Bits<64>>,
    /// Fraction width `f` (its low six bits; meaningful when 0 ≤ e < m).
    pub frac: Signal<Out, Bits<6>>,
    /// Round to nearest even; round away from zero when inexact.
    pub rn: Signal<Out, Bit>,
    pub up: Signal<Out, Bit>,
    /// The answer is `alt` (e ≥ m, |x| < 1, zero, NaN), not the cleared fraction.
    pub alt_take: Signal<Out, Bit>,
    pub alt: Signal<Out, Bits<64>>,
    fmt: Signal<Local, Bits<3>>,
    rm: Signal<Local, Bits<2>>,
    sign: Signal<Local, Bit>,
    exp: Signal<Local, Bits<EXP_W>>,
    man_zero: Signal<Local, Bit>,
    exp_ones: Signal<Local, Bit>,
    /// Biased exponent of 1.0 (the bias), and `bias + m` (first integral binade).
    bias: Signal<Local, Bits<EXP_W>>,
    bias_m: Signal<Local, Bits<EXP_W>>,
    sign_bit: Signal<Local, Bits<64>>,
    one: Signal<Local, Bits<64>>,
    quiet: Signal<Local, Bits<64>>,
    nan_d: Signal<Local, Bits<64>>,
    frac_w: Signal<Local, Bits<EXP_W>>,
    /// The |x| < 1 case: round and sticky bits, increment.
    small_round: Signal<Local, Bit>,
    small_sticky: Signal<Local, Bit>,
    small_inc: Signal<Local, Bit>,
}

impl Logic for FrndFields {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.next = self.op.val().get_bits::<3>(4);
        self.rm.next = self.op.val().get_bits::<2>(10);
        // f16 by default.
        self.xm.next = self.x.val() & 0xFFFF_u64;
        self.sign.next = self.x.val().get_bit(15);
        self.exp.next = bit_cast::<EXP_W, 5>(self.x.val().get_bits::<5>(10));
        self.man_zero.next = !self.x.val().get_bits::<10>(0).any();
        self.exp_ones.next = self.x.val().get_bits::<5>(10).all();
        self.bias.next = 15.into();
        self.bias_m.next = 25.into();
        self.sign_bit.next = 0x8000.into();
        self.one.next = 0x3C00.into();
        self.quiet.next = 0.into();
        if self.fmt.val() == 1 {
            self.exp.next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(7));
            self.man_zero.next = !self.x.val().get_bits::<7>(0).any();
            self.exp_ones.next = self.x.val().get_bits::<8>(7).all();
            self.bias.next = 127.into();
            self.bias_m.next = 134.into();
            self.one.next = 0x3F80.into();
        }
        if self.fmt.val() == 2 {
            self.xm.next = self.x.val() & 0xFFFF_FFFF_u64;
            self.sign.next = self.x.val().get_bit(31);
            self.exp.next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(23));
            self.man_zero.next = !self.x.val().get_bits::<23>(0).any();
            self.exp_ones.next = self.x.val().get_bits::<8>(23).all();
            self.bias.next = 127.into();
            self.bias_m.next = 150.into();
            self.sign_bit.next = 0x8000_0000_u64.into();
            self.one.next = 0x3F80_0000_u64.into();
        }
        if self.fmt.val() == 3 {
            self.xm.next = self.x.val();
            self.sign.next = self.x.val().get_bit(63);
            self.exp.next = bit_cast::<EXP_W, 11>(self.x.val().get_bits::<11>(52));
            self.man_zero.next = !self.x.val().get_bits::<52>(0).any();
            self.exp_ones.next = self.x.val().get_bits::<11>(52).all();
            self.bias.next = 1023.into();
            self.bias_m.next = 1075.into();
            self.sign_bit.next = 0x8000_0000_0000_0000_u64.into();
            self.one.next = 0x3FF0_0000_0000_0000_u64.into();
            self.quiet.next = 0x8_0000_0000_0000_u64.into();
        }
        // f64 NaN: quieted, payload kept; the others: all ones.
        self.nan_d.next = self.xm.val() | self.quiet.val();
        if self.fmt.val() != 3 {
            self.nan_d.next = (self.sign_bit.val() - 1_u64) & 0x7FFF_FFFF_u64;
        }

        self.rn.next = self.rm.val() == 0;
        self.up.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());
        self.frac_w.next = self.bias_m.val() - self.exp.val();
        self.frac.next = self.frac_w.val().get_bits::<6>(0);

        self.alt_take.next = false;
        self.alt.next = 0.into();
        // ---- |x| < 1 (the value is not zero here) ----
        self.small_round.next = self.exp.val() == (self.bias.val() - 1_u64);
        self.small_sticky.next = !self.man_zero.val() | !self.small_round.val();
        self.small_inc.next = (self.rn.val() & self.small_round.val() & self.small_sticky.val())
            | (((self.rm.val() == 1) & self.sign.val())
                | ((self.rm.val() == 2) & !self.sign.val()));
        if self.exp.val() < self.bias.val() {
            self.alt_take.next = true;
            if self.small_inc.val() {
                self.alt.next = self.one.val();
            }
            if self.sign.val() {
                self.alt.next = self.alt.val() | self.sign_bit.val();
            }
        }
        if self.exp.val() >= self.bias_m.val() {
            self.alt_take.next = true;
            self.alt.next = self.xm.val();
        }
        // Zero, or a subnormal flushed by .ftz.
        if (self.exp.val() == 0) & (self.man_zero.val() | self.op.val().get_bit(12)) {
            self.alt_take.next = true;
            self.alt.next = 0.into();
            if self.sign.val() {
                self.alt.next = self.sign_bit.val();
            }
        }
        if self.exp_ones.val() & !self.man_zero.val() {
            self.alt_take.next = true;
            self.alt.next = self.nan_d.val();
        }
    }
}

/// Phase 4 of FRND, 0 ≤ e < m: the fraction's mask, the `f` fraction bits
/// cleared, the kept LSB's weight `2^f`, and the round, sticky and LSB
/// tests reduced to one bit per nibble.
#[derive(LogicBlock, Default)]
pub struct FrndRound {
    /// From [`FrndFields`].
    pub xm: Signal<In, Bits<64>>,
    pub frac: Signal<In, Bits<6>>,
    /// `xm` with its fraction cleared.
    pub kept: Signal<Out, Bits<64>>,
    /// The kept LSB's weight `2^f`.
    pub unit: Signal<Out, Bits<64>>,
    /// Per nibble: holds the round bit set; sticky bits set; the LSB set.
    pub rg: Signal<Out, Bits<16>>,
    pub sg: Signal<Out, Bits<16>>,
    pub lg: Signal<Out, Bits<16>>,
    /// The fraction's mask `2^f − 1`.
    mask: Signal<Local, Bits<64>>,
    one: Signal<Local, Bits<64>>,
    ones: Signal<Local, Bits<64>>,
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
        self.ones.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.one.next = 1.into();
        self.mask.next = !(self.ones.val() << self.frac.val());
        // `mask + 1` as a decoder, not a carry chain.
        self.unit.next = self.one.val() << self.frac.val();
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

/// Phase 5 of FRND: the increment decision and the rounded encoding.
#[derive(LogicBlock, Default)]
pub struct FrndInc {
    /// From [`FrndRound`] and [`FrndFields`].
    pub kept: Signal<In, Bits<64>>,
    pub unit: Signal<In, Bits<64>>,
    pub rg: Signal<In, Bits<16>>,
    pub sg: Signal<In, Bits<16>>,
    pub lg: Signal<In, Bits<16>>,
    pub rn: Signal<In, Bit>,
    pub up: Signal<In, Bit>,
    /// `kept`, plus `2^f` when rounding up.
    pub res: Signal<Out, Bits<64>>,
    round: Signal<Local, Bit>,
    sticky: Signal<Local, Bit>,
    lsb: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
}

impl Logic for FrndInc {
    #[hdl_gen]
    fn update(&mut self) {
        self.round.next = self.rg.val().any();
        self.sticky.next = self.sg.val().any();
        self.lsb.next = self.lg.val().any();
        self.inc.next = (self.rn.val() & self.round.val() & (self.sticky.val() | self.lsb.val()))
            | (self.up.val() & (self.round.val() | self.sticky.val()));
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
