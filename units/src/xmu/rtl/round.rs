//! Phase 4, round and pack, into a float or an integer destination. Model:
//! `fp::round` and `convert::f2i`.
//!
//! The increment follows the direction (RN: round and (sticky or LSB); RM/RP:
//! inexact toward −∞/+∞; RZ: never). For a float, `r = kept + inc` has its
//! hidden bit at `m` (or is a subnormal's mantissa when e < EMIN); the
//! encoding is `((e − EMIN) << m) + r` (0 << m below EMIN), so a carry out
//! of the significand — or a subnormal rounding up to the smallest normal —
//! moves into the exponent field by itself. It overflows when e > EMAX or
//! the encoding passes the largest finite one; `.ftz` flushes an encoding
//! under the smallest normal. For an integer, `r` is the magnitude, then
//! saturated to the destination (above 2^64: `huge`) and negated.

use super::{DF_W, EXP_W};
use rust_hdl::prelude::*;

/// The rounder.
#[derive(LogicBlock, Default)]
pub struct Round {
    /// From [`Align`](super::Align).
    pub kept: Signal<In, Bits<64>>,
    pub round_bit: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    pub huge: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// Exponent of the normalised significand's MSB, plus 2048.
    pub e_b: Signal<In, Bits<EXP_W>>,
    /// Destination and controls ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    pub int_dst: Signal<In, Bits<3>>,
    pub rm: Signal<In, Bits<2>>,
    pub flush: Signal<In, Bit>,
    pub satfinite: Signal<In, Bit>,
    /// Float result (`df`'s width).
    pub fres: Signal<Out, Bits<64>>,
    /// Integer result (F2I, `int_dst`'s width).
    pub ires: Signal<Out, Bits<64>>,
    /// Direction decoded: nearest even; away from zero when inexact.
    rn: Signal<Local, Bit>,
    up: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
    r: Signal<Local, Bits<64>>,
    emin_b: Signal<Local, Bits<EXP_W>>,
    emax_b: Signal<Local, Bits<EXP_W>>,
    base: Signal<Local, Bits<64>>,
    enc: Signal<Local, Bits<64>>,
    max_finite: Signal<Local, Bits<64>>,
    infinity: Signal<Local, Bits<64>>,
    min_normal: Signal<Local, Bits<64>>,
    overflow: Signal<Local, Bit>,
    fmag: Signal<Local, Bits<64>>,
    /// Integer: negated magnitude; saturation tests and limits.
    neg_r: Signal<Local, Bits<64>>,
    above: Signal<Local, Bit>,
    below: Signal<Local, Bit>,
    imax: Signal<Local, Bits<64>>,
    imin: Signal<Local, Bits<64>>,
    ival: Signal<Local, Bits<64>>,
}

impl Logic for Round {
    #[hdl_gen]
    fn update(&mut self) {
        self.rn.next = self.rm.val() == 0;
        self.up.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());
        self.inc.next = (self.rn.val()
            & self.round_bit.val()
            & (self.sticky.val() | self.kept.val().get_bit(0)))
            | (self.up.val() & (self.round_bit.val() | self.sticky.val()));
        self.r.next = self.kept.val() + self.inc.val();

        // ---- float ----
        self.emin_b.next = 2034.into();
        self.emax_b.next = 2063.into();
        if (self.df.val() == 1) | (self.df.val() == 2) {
            self.emin_b.next = 1922.into();
            self.emax_b.next = 2175.into();
        }
        if self.df.val() == 3 {
            self.emin_b.next = 1026.into();
            self.emax_b.next = 3071.into();
        }
        if self.df.val() == 4 {
            self.emin_b.next = 2042.into();
            self.emax_b.next = 2056.into();
        }
        self.base.next = 0.into();
        if self.e_b.val() >= self.emin_b.val() {
            self.base.next = bit_cast::<64, EXP_W>(self.e_b.val() - self.emin_b.val());
        }
        // Per format: the exponent field's place, and the limits.
        self.enc.next = (self.base.val() << 10) + self.r.val();
        self.max_finite.next = 0x7BFF.into();
        self.infinity.next = 0x7C00.into();
        self.min_normal.next = 0x400.into();
        if self.df.val() == 1 {
            self.enc.next = (self.base.val() << 7) + self.r.val();
            self.max_finite.next = 0x7F7F.into();
            self.infinity.next = 0x7F80.into();
            self.min_normal.next = 0x80.into();
        }
        if self.df.val() == 2 {
            self.enc.next = (self.base.val() << 23) + self.r.val();
            self.max_finite.next = 0x7F7F_FFFF_u64.into();
            self.infinity.next = 0x7F80_0000_u64.into();
            self.min_normal.next = 0x80_0000_u64.into();
        }
        if self.df.val() == 3 {
            self.enc.next = (self.base.val() << 52) + self.r.val();
            self.max_finite.next = 0x7FEF_FFFF_FFFF_FFFF_u64.into();
            self.infinity.next = 0x7FF0_0000_0000_0000_u64.into();
            self.min_normal.next = 0x10_0000_0000_0000_u64.into();
        }
        if self.df.val() == 4 {
            self.enc.next = (self.base.val() << 3) + self.r.val();
            self.max_finite.next = 0x7E.into();
            self.infinity.next = 0x7F.into();
            self.min_normal.next = 0x8.into();
        }
        if self.df.val() == 5 {
            self.enc.next = (self.base.val() << 2) + self.r.val();
            self.max_finite.next = 0x7B.into();
            self.infinity.next = 0x7C.into();
            self.min_normal.next = 0x4.into();
        }
        self.overflow.next =
            (self.e_b.val() > self.emax_b.val()) | (self.enc.val() > self.max_finite.val());
        self.fmag.next = self.enc.val();
        if self.flush.val() & (self.enc.val() < self.min_normal.val()) {
            self.fmag.next = 0.into();
        }
        if self.overflow.val() {
            self.fmag.next = self.max_finite.val();
            if !self.satfinite.val() & (self.rn.val() | self.up.val()) {
                self.fmag.next = self.infinity.val();
            }
        }
        self.fres.next = self.fmag.val().replace_bit(15, self.sign.val());
        if self.df.val() == 2 {
            self.fres.next = self.fmag.val().replace_bit(31, self.sign.val());
        }
        if self.df.val() == 3 {
            self.fres.next = self.fmag.val().replace_bit(63, self.sign.val());
        }
        if self.df.val().get_bit(2) {
            self.fres.next = self.fmag.val().replace_bit(7, self.sign.val());
        }

        // ---- integer (F2I) ----
        self.neg_r.next = (!self.r.val()) + 1_u64;
        // Unsigned 64-bit by default; narrowed below.
        self.imax.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.imin.next = 0.into();
        self.ival.next = self.r.val();
        self.above.next = self.huge.val();
        // Every negative value of an unsigned type gives 0 (its minimum).
        self.below.next = true;
        if self.int_dst.val() == 0 {
            self.imax.next = 0xFF.into();
            self.ival.next = self.r.val() & 0xFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<56>(8).any();
        }
        if self.int_dst.val() == 1 {
            self.imax.next = 0x7F.into();
            self.imin.next = 0x80.into();
            self.ival.next = self.r.val() & 0xFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFF_u64;
            }
            self.above.next = self.huge.val() | self.r.val().get_bits::<57>(7).any();
            self.below.next = self.huge.val()
                | self.r.val().get_bits::<56>(8).any()
                | (self.r.val().get_bit(7) & self.r.val().get_bits::<7>(0).any());
        }
        if self.int_dst.val() == 2 {
            self.imax.next = 0xFFFF.into();
            self.ival.next = self.r.val() & 0xFFFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<48>(16).any();
        }
        if self.int_dst.val() == 3 {
            self.imax.next = 0x7FFF.into();
            self.imin.next = 0x8000.into();
            self.ival.next = self.r.val() & 0xFFFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFFFF_u64;
            }
            self.above.next = self.huge.val() | self.r.val().get_bits::<49>(15).any();
            self.below.next = self.huge.val()
                | self.r.val().get_bits::<48>(16).any()
                | (self.r.val().get_bit(15) & self.r.val().get_bits::<15>(0).any());
        }
        if self.int_dst.val() == 4 {
            self.imax.next = 0xFFFF_FFFF_u64.into();
            self.ival.next = self.r.val() & 0xFFFF_FFFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<32>(32).any();
        }
        if self.int_dst.val() == 5 {
            self.imax.next = 0x7FFF_FFFF_u64.into();
            self.imin.next = 0x8000_0000_u64.into();
            self.ival.next = self.r.val() & 0xFFFF_FFFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFFFF_FFFF_u64;
            }
            self.above.next = self.huge.val() | self.r.val().get_bits::<33>(31).any();
            self.below.next = self.huge.val()
                | self.r.val().get_bits::<32>(32).any()
                | (self.r.val().get_bit(31) & self.r.val().get_bits::<31>(0).any());
        }
        if self.int_dst.val() == 7 {
            self.imax.next = 0x7FFF_FFFF_FFFF_FFFF_u64.into();
            self.imin.next = 0x8000_0000_0000_0000_u64.into();
            if self.sign.val() {
                self.ival.next = self.neg_r.val();
            }
            self.above.next = self.huge.val() | self.r.val().get_bit(63);
            self.below.next =
                self.huge.val() | (self.r.val().get_bit(63) & self.r.val().get_bits::<63>(0).any());
        }
        self.ires.next = self.ival.val();
        if self.sign.val() {
            if self.below.val() {
                self.ires.next = self.imin.val();
            }
        } else if self.above.val() {
            self.ires.next = self.imax.val();
        }
    }
}
