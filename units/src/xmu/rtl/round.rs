//! Phases 6 and 8–10, round and pack, into a float or an integer destination. Model:
//! `fp::round` and `convert::f2i`.
//!
//! The increment follows the direction (RN: round and (sticky or LSB); RM/RP:
//! inexact toward −∞/+∞; RZ: never). For a float, `r = kept + inc` has its
//! hidden bit at `m` (or is a subnormal's mantissa when e < EMIN); the
//! encoding is `((e − EMIN) << m) + r` (0 << m below EMIN), so a carry out
//! of the significand — or a subnormal rounding up to the smallest normal —
//! moves into the exponent field by itself. That sum is built as the
//! exponent field `(e − EMIN) + (r >> m)` (a 13-bit add) beside the low
//! `m` bits of `r`, so only one carry chain is as wide as the significand.
//! It overflows when e > EMAX or the field passes the largest finite one
//! (E4M3: or reaches its NaN); `.ftz` flushes a result whose field is 0. For an integer, `r` is the magnitude, then
//! saturated to the destination (above 2^64: `huge`) and negated.
//!
//! Phases: [`RoundPre`] (6, beside the shifter: `e − EMIN` and `e > EMAX`),
//! [`RoundInc`] (8: the increment and F2I's negation, the two 64-bit carry
//! chains side by side), [`RoundField`] (9: the exponent field, overflow,
//! F2I's saturation tests), [`RoundPack`] (10: the encoding and the
//! saturated or overflowed answers).

use super::{DF_W, EXP_W};
use rust_hdl::prelude::*;

/// Phase 6: the exponent terms of the float result.
#[derive(LogicBlock, Default)]
pub struct RoundPre {
    /// Exponent of the normalised significand's MSB, plus 2048.
    pub e_b: Signal<In, Bits<EXP_W>>,
    /// Float destination ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    /// `e − EMIN` (0 below EMIN).
    pub base: Signal<Out, Bits<EXP_W>>,
    /// `e > EMAX`.
    pub e_over: Signal<Out, Bit>,
    emin_b: Signal<Local, Bits<EXP_W>>,
    emax_b: Signal<Local, Bits<EXP_W>>,
}

impl Logic for RoundPre {
    #[hdl_gen]
    fn update(&mut self) {
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
            self.base.next = self.e_b.val() - self.emin_b.val();
        }
        self.e_over.next = self.e_b.val() > self.emax_b.val();
    }
}

/// Phase 8: the increment, and F2I's negation beside it.
#[derive(LogicBlock, Default)]
pub struct RoundInc {
    /// From [`AlignFine`](super::AlignFine).
    pub kept: Signal<In, Bits<64>>,
    pub round_bit: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// Rounding direction: 0 RN, 1 RM, 2 RP, 3 RZ.
    pub rm: Signal<In, Bits<2>>,
    /// `kept + inc`.
    pub r: Signal<Out, Bits<64>>,
    /// `−r = !kept + !inc`: a carry chain beside the increment's.
    pub neg_r: Signal<Out, Bits<64>>,
    rn: Signal<Local, Bit>,
    up: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
    ninc: Signal<Local, Bit>,
}

impl Logic for RoundInc {
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
        self.ninc.next = !self.inc.val();
        self.neg_r.next = (!self.kept.val()) + self.ninc.val();
    }
}

/// Phase 9: the exponent field and overflow; F2I's saturation tests.
#[derive(LogicBlock, Default)]
pub struct RoundField {
    /// From [`RoundInc`] and [`RoundPre`].
    pub r: Signal<In, Bits<64>>,
    pub neg_r: Signal<In, Bits<64>>,
    pub base: Signal<In, Bits<EXP_W>>,
    pub e_over: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// F2I: |value| ≥ 2^64.
    pub huge: Signal<In, Bit>,
    /// Destination and controls ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    pub int_dst: Signal<In, Bits<3>>,
    pub flush: Signal<In, Bit>,
    /// The biased exponent field, `base` plus the hidden bit and carry.
    pub field: Signal<Out, Bits<EXP_W>>,
    /// `r` under its hidden bit.
    pub r_lo: Signal<Out, Bits<64>>,
    /// The float result overflows; is flushed to zero (`.ftz`, field 0).
    pub overflow: Signal<Out, Bit>,
    pub flushed: Signal<Out, Bit>,
    /// F2I: the wrapped (negated) value; it saturates to the maximum; to
    /// the minimum.
    pub ival: Signal<Out, Bits<64>>,
    pub sat_max: Signal<Out, Bit>,
    pub sat_min: Signal<Out, Bit>,
    /// `r` split at the hidden bit (`r_hi` is 0, 1 or 2 with a carry).
    r_hi: Signal<Local, Bits<EXP_W>>,
    max_field: Signal<Local, Bits<EXP_W>>,
    e4m3_nan: Signal<Local, Bit>,
    above: Signal<Local, Bit>,
    below: Signal<Local, Bit>,
}

impl Logic for RoundField {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- float ----
        self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(10));
        self.r_lo.next = self.r.val() & 0x3FF_u64;
        self.max_field.next = 30.into();
        if self.df.val() == 1 {
            self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(7));
            self.r_lo.next = self.r.val() & 0x7F_u64;
            self.max_field.next = 254.into();
        }
        if self.df.val() == 2 {
            self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(23));
            self.r_lo.next = self.r.val() & 0x7F_FFFF_u64;
            self.max_field.next = 254.into();
        }
        if self.df.val() == 3 {
            self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(52));
            self.r_lo.next = self.r.val() & 0xF_FFFF_FFFF_FFFF_u64;
            self.max_field.next = 2046.into();
        }
        if self.df.val() == 4 {
            self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(3));
            self.r_lo.next = self.r.val() & 0x7_u64;
            self.max_field.next = 15.into();
        }
        if self.df.val() == 5 {
            self.r_hi.next = bit_cast::<EXP_W, 2>(self.r.val().get_bits::<2>(2));
            self.r_lo.next = self.r.val() & 0x3_u64;
            self.max_field.next = 30.into();
        }
        self.field.next = self.base.val() + self.r_hi.val();
        // E4M3's top binade is finite except its all-ones mantissa (NaN).
        self.e4m3_nan.next =
            (self.df.val() == 4) & (self.field.val() == 15) & (self.r_lo.val() == 7);
        self.overflow.next =
            self.e_over.val() | (self.field.val() > self.max_field.val()) | self.e4m3_nan.val();
        // Below the smallest normal: the exponent field is 0.
        self.flushed.next = self.flush.val() & (self.field.val() == 0);

        // ---- integer (F2I) ----
        // Unsigned 64-bit by default; narrowed below.
        self.ival.next = self.r.val();
        self.above.next = self.huge.val();
        // Every negative value of an unsigned type gives 0 (its minimum).
        self.below.next = true;
        if self.int_dst.val() == 0 {
            self.ival.next = self.r.val() & 0xFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<56>(8).any();
        }
        if self.int_dst.val() == 1 {
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
            self.ival.next = self.r.val() & 0xFFFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<48>(16).any();
        }
        if self.int_dst.val() == 3 {
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
            self.ival.next = self.r.val() & 0xFFFF_FFFF_u64;
            self.above.next = self.huge.val() | self.r.val().get_bits::<32>(32).any();
        }
        if self.int_dst.val() == 5 {
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
            if self.sign.val() {
                self.ival.next = self.neg_r.val();
            }
            self.above.next = self.huge.val() | self.r.val().get_bit(63);
            self.below.next =
                self.huge.val() | (self.r.val().get_bit(63) & self.r.val().get_bits::<63>(0).any());
        }
        self.sat_max.next = !self.sign.val() & self.above.val();
        self.sat_min.next = self.sign.val() & self.below.val();
    }
}

/// Phase 10: the float encoding, overflowed or flushed, with its sign; the
/// integer, saturated.
#[derive(LogicBlock, Default)]
pub struct RoundPack {
    /// From [`RoundField`].
    pub field: Signal<In, Bits<EXP_W>>,
    pub r_lo: Signal<In, Bits<64>>,
    pub overflow: Signal<In, Bit>,
    pub flushed: Signal<In, Bit>,
    pub ival: Signal<In, Bits<64>>,
    pub sat_max: Signal<In, Bit>,
    pub sat_min: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// Destination and controls ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    pub int_dst: Signal<In, Bits<3>>,
    pub rm: Signal<In, Bits<2>>,
    pub satfinite: Signal<In, Bit>,
    /// Float result (`df`'s width).
    pub fres: Signal<Out, Bits<64>>,
    /// Integer result (F2I, `int_dst`'s width).
    pub ires: Signal<Out, Bits<64>>,
    /// Overflow gives ∞ (RN, or away from zero), unless `satfinite`.
    to_inf: Signal<Local, Bit>,
    enc: Signal<Local, Bits<64>>,
    max_finite: Signal<Local, Bits<64>>,
    infinity: Signal<Local, Bits<64>>,
    fmag: Signal<Local, Bits<64>>,
    imax: Signal<Local, Bits<64>>,
    imin: Signal<Local, Bits<64>>,
}

impl Logic for RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.to_inf.next = !self.satfinite.val()
            & ((self.rm.val() == 0)
                | ((self.rm.val() == 1) & self.sign.val())
                | ((self.rm.val() == 2) & !self.sign.val()));
        self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 10) | self.r_lo.val();
        self.max_finite.next = 0x7BFF.into();
        self.infinity.next = 0x7C00.into();
        if self.df.val() == 1 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 7) | self.r_lo.val();
            self.max_finite.next = 0x7F7F.into();
            self.infinity.next = 0x7F80.into();
        }
        if self.df.val() == 2 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 23) | self.r_lo.val();
            self.max_finite.next = 0x7F7F_FFFF_u64.into();
            self.infinity.next = 0x7F80_0000_u64.into();
        }
        if self.df.val() == 3 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 52) | self.r_lo.val();
            self.max_finite.next = 0x7FEF_FFFF_FFFF_FFFF_u64.into();
            self.infinity.next = 0x7FF0_0000_0000_0000_u64.into();
        }
        if self.df.val() == 4 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 3) | self.r_lo.val();
            self.max_finite.next = 0x7E.into();
            self.infinity.next = 0x7F.into();
        }
        if self.df.val() == 5 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 2) | self.r_lo.val();
            self.max_finite.next = 0x7B.into();
            self.infinity.next = 0x7C.into();
        }
        self.fmag.next = self.enc.val();
        if self.flushed.val() {
            self.fmag.next = 0.into();
        }
        if self.overflow.val() {
            self.fmag.next = self.max_finite.val();
            if self.to_inf.val() {
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
        self.ires.next = self.ival.val();
        if self.sat_min.val() {
            self.ires.next = self.imin.val();
        }
        if self.sat_max.val() {
            self.ires.next = self.imax.val();
        }
    }
}
