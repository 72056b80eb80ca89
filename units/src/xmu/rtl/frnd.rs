//! Phase 2, FRND: round to an integral value in the same format, on the
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
//! For other opcodes the block passes `forced_in`/`take_in` through.

use super::{EXP_W, OP_W};
use rust_hdl::prelude::*;

/// FRND on the encoding, merged into the forced answer.
#[derive(LogicBlock, Default)]
pub struct Frnd {
    /// The operation word (opcode, `src` = the format, rounding, `.ftz`).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand.
    pub x: Signal<In, Bits<64>>,
    /// The forced answer so far ([`Special`](super::Special)).
    pub take_in: Signal<In, Bit>,
    pub forced_in: Signal<In, Bits<64>>,
    /// The forced answer, FRND's result for FRND.
    pub take: Signal<Out, Bit>,
    pub forced: Signal<Out, Bits<64>>,
    fmt: Signal<Local, Bits<3>>,
    rm: Signal<Local, Bits<2>>,
    /// The operand masked to its width; sign; biased exponent; mantissa.
    xm: Signal<Local, Bits<64>>,
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
    /// Fraction width `f`, its mask and the weight of the kept LSB.
    frac_w: Signal<Local, Bits<EXP_W>>,
    ones: Signal<Local, Bits<64>>,
    mask: Signal<Local, Bits<64>>,
    unit: Signal<Local, Bits<64>>,
    round: Signal<Local, Bit>,
    sticky: Signal<Local, Bit>,
    lsb: Signal<Local, Bit>,
    rn: Signal<Local, Bit>,
    up_dir: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
    /// The |x| < 1 case: round and sticky bits, increment.
    small_round: Signal<Local, Bit>,
    small_sticky: Signal<Local, Bit>,
    small_inc: Signal<Local, Bit>,
    res: Signal<Local, Bits<64>>,
}

impl Logic for Frnd {
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
        self.up_dir.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());

        // ---- 0 ≤ e < m: clear the fraction, maybe add one unit ----
        self.frac_w.next = self.bias_m.val() - self.exp.val();
        self.ones.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.mask.next = !(self.ones.val() << self.frac_w.val().get_bits::<6>(0));
        self.unit.next = self.mask.val() + 1_u64;
        self.round.next = (self.xm.val() & (self.mask.val() ^ (self.mask.val() >> 1))).any();
        self.sticky.next = (self.xm.val() & (self.mask.val() >> 1)).any();
        self.lsb.next = (self.xm.val() & self.unit.val()).any();
        self.inc.next = (self.rn.val() & self.round.val() & (self.sticky.val() | self.lsb.val()))
            | (self.up_dir.val() & (self.round.val() | self.sticky.val()));
        self.res.next = self.xm.val() & !self.mask.val();
        if self.inc.val() {
            self.res.next = (self.xm.val() & !self.mask.val()) + self.unit.val();
        }

        // ---- |x| < 1 (the value is not zero here) ----
        self.small_round.next = self.exp.val() == (self.bias.val() - 1_u64);
        self.small_sticky.next = !self.man_zero.val() | !self.small_round.val();
        self.small_inc.next =
            (self.rn.val() & self.small_round.val() & self.small_sticky.val()) | self.up_dir.val();
        if self.exp.val() < self.bias.val() {
            self.res.next = 0.into();
            if self.small_inc.val() {
                self.res.next = self.one.val();
            }
            if self.sign.val() {
                self.res.next = self.res.val() | self.sign_bit.val();
            }
        }
        if self.exp.val() >= self.bias_m.val() {
            self.res.next = self.xm.val();
        }
        // Zero, or a subnormal flushed by .ftz.
        if (self.exp.val() == 0) & (self.man_zero.val() | self.op.val().get_bit(12)) {
            self.res.next = 0.into();
            if self.sign.val() {
                self.res.next = self.sign_bit.val();
            }
        }
        if self.exp_ones.val() & !self.man_zero.val() {
            self.res.next = self.nan_d.val();
        }

        self.take.next = self.take_in.val();
        self.forced.next = self.forced_in.val();
        if self.op.val().get_bits::<4>(0) == 6 {
            self.take.next = true;
            self.forced.next = self.res.val();
        }
    }
}
