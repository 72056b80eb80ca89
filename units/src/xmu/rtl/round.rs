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
//! [`RoundCands`] (7: the exponent field's three candidates `base + r_hi`
//! and their overflow tests), [`RoundInc`] (8a: the increment and F2I's
//! negation, each two 32-bit carry chains, the high one with and without
//! the carry in), [`RoundSelect`] (8b: the carry select; `r_hi`, the bits
//! at and above the hidden bit), [`RoundField`] (9: the field picked by
//! `r_hi`, F2I's range tests), [`RoundEnc`] (10a: the encoding,
//! F2I's range decisions), [`RoundPack`] (10b: the saturated or overflowed
//! answers). With the field added after the
//! increment and compared after the add, phase 9 measured 9.9 ns.

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

/// The exponent field's three candidates (`base + r_hi`, `r_hi` = 0, 1, 2)
/// and their tests, computed beside the increment.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct FieldCands {
    /// `base + 1`, `base + 2` (`base + 0` is `base`).
    pub f1: Bits<EXP_W>,
    pub f2: Bits<EXP_W>,
    /// The candidate overflows (`e > EMAX` or above the largest finite field).
    pub ov0: Bit,
    pub ov1: Bit,
    pub ov2: Bit,
    /// E4M3 and the candidate is 15 (its NaN if the mantissa is all ones).
    pub top0: Bit,
    pub top1: Bit,
    pub top2: Bit,
    /// `base` is 0 (only candidate 0 can be).
    pub zero0: Bit,
}

/// Phase 7: the exponent field's candidates, from [`RoundPre`]'s terms
/// (final after phase 6), beside the shifter's fine levels. With the
/// compares after a pick of `max − k` by `df`, in phase 8a, they measured
/// 6.7 ns; here each compare is with `df`'s constant.
#[derive(LogicBlock, Default)]
pub struct RoundCands {
    /// From [`RoundPre`].
    pub base: Signal<In, Bits<EXP_W>>,
    pub e_over: Signal<In, Bit>,
    /// Float destination.
    pub df: Signal<In, Bits<DF_W>>,
    pub cands: Signal<Out, FieldCands>,
    /// The largest finite field, less 0, 1 and 2.
    max0: Signal<Local, Bits<EXP_W>>,
    max1: Signal<Local, Bits<EXP_W>>,
    max2: Signal<Local, Bits<EXP_W>>,
}

impl Logic for RoundCands {
    #[hdl_gen]
    fn update(&mut self) {
        self.max0.next = 30.into();
        self.max1.next = 29.into();
        self.max2.next = 28.into();
        if (self.df.val() == 1) | (self.df.val() == 2) {
            self.max0.next = 254.into();
            self.max1.next = 253.into();
            self.max2.next = 252.into();
        }
        if self.df.val() == 3 {
            self.max0.next = 2046.into();
            self.max1.next = 2045.into();
            self.max2.next = 2044.into();
        }
        if self.df.val() == 4 {
            self.max0.next = 15.into();
            self.max1.next = 14.into();
            self.max2.next = 13.into();
        }
        self.cands.next.f1 = self.base.val() + 1;
        self.cands.next.f2 = self.base.val() + 2;
        // `base + k > max` as `base > max − k` (max ≥ 15): no add before the compare.
        self.cands.next.ov0 = self.e_over.val() | (self.base.val() > self.max0.val());
        self.cands.next.ov1 = self.e_over.val() | (self.base.val() > self.max1.val());
        self.cands.next.ov2 = self.e_over.val() | (self.base.val() > self.max2.val());
        self.cands.next.top0 = (self.df.val() == 4) & (self.base.val() == 15);
        self.cands.next.top1 = (self.df.val() == 4) & (self.base.val() == 14);
        self.cands.next.top2 = (self.df.val() == 4) & (self.base.val() == 13);
        self.cands.next.zero0 = self.base.val() == 0;
    }
}

/// Phase 8a: the increment, and F2I's negation beside it, each as two
/// 32-bit carry chains side by side (the high half with and without the
/// low half's carry).
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
    /// `kept + inc`'s low half with its carry out (bit 32); the high half
    /// of `kept` and that plus one.
    pub r_lo: Signal<Out, Bits<33>>,
    pub kh: Signal<Out, Bits<32>>,
    pub kh1: Signal<Out, Bits<32>>,
    /// `−r = !kept + !inc`: the low half with its carry; `!kh + 1`.
    pub n_lo: Signal<Out, Bits<33>>,
    pub nkh1: Signal<Out, Bits<32>>,
    rn: Signal<Local, Bit>,
    up: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
    ninc: Signal<Local, Bit>,
    nkept_lo: Signal<Local, Bits<32>>,
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
        self.ninc.next = !self.inc.val();
        self.r_lo.next = bit_cast::<33, 32>(self.kept.val().get_bits::<32>(0)) + self.inc.val();
        // The inversion gets its own 32-bit signal: inside `bit_cast` Verilog
        // would widen before inverting.
        self.nkept_lo.next = !self.kept.val().get_bits::<32>(0);
        self.n_lo.next = bit_cast::<33, 32>(self.nkept_lo.val()) + self.ninc.val();
        self.kh.next = self.kept.val().get_bits::<32>(32);
        self.kh1.next = self.kept.val().get_bits::<32>(32) + 1;
        self.nkh1.next = (!self.kept.val().get_bits::<32>(32)) + 1;
    }
}

/// Phase 8b: the high halves picked by the low halves' carries (the carry
/// select); the two bits of `r` at and above the float destination's
/// hidden bit, which pick the exponent field in phase 9 (picked there
/// after the select, phase 9 measured 6.6–7.2 ns).
#[derive(LogicBlock, Default)]
pub struct RoundSelect {
    /// From [`RoundInc`].
    pub r_lo: Signal<In, Bits<33>>,
    pub kh: Signal<In, Bits<32>>,
    pub kh1: Signal<In, Bits<32>>,
    pub n_lo: Signal<In, Bits<33>>,
    pub nkh1: Signal<In, Bits<32>>,
    /// Float destination.
    pub df: Signal<In, Bits<DF_W>>,
    /// `kept + inc`.
    pub r: Signal<Out, Bits<64>>,
    /// `−r`.
    pub neg_r: Signal<Out, Bits<64>>,
    /// `r >> m` (0, 1 or 2: the hidden bit and a carry out of it).
    pub r_top: Signal<Out, Bits<2>>,
    r_hi: Signal<Local, Bits<32>>,
    n_hi: Signal<Local, Bits<32>>,
}

impl Logic for RoundSelect {
    #[hdl_gen]
    fn update(&mut self) {
        self.r_hi.next = self.kh.val();
        if self.r_lo.val().get_bit(32) {
            self.r_hi.next = self.kh1.val();
        }
        self.n_hi.next = !self.kh.val();
        if self.n_lo.val().get_bit(32) {
            self.n_hi.next = self.nkh1.val();
        }
        self.r.next = (bit_cast::<64, 32>(self.r_hi.val()) << 32)
            | bit_cast::<64, 32>(self.r_lo.val().get_bits::<32>(0));
        self.neg_r.next = (bit_cast::<64, 32>(self.n_hi.val()) << 32)
            | bit_cast::<64, 32>(self.n_lo.val().get_bits::<32>(0));
        // Every destination but f64 has its hidden bit in the low half.
        self.r_top.next = self.r_lo.val().get_bits::<2>(10);
        if self.df.val() == 1 {
            self.r_top.next = self.r_lo.val().get_bits::<2>(7);
        }
        if self.df.val() == 2 {
            self.r_top.next = self.r_lo.val().get_bits::<2>(23);
        }
        if self.df.val() == 3 {
            self.r_top.next = self.r_hi.val().get_bits::<2>(20);
        }
        if self.df.val() == 4 {
            self.r_top.next = self.r_lo.val().get_bits::<2>(3);
        }
        if self.df.val() == 5 {
            self.r_top.next = self.r_lo.val().get_bits::<2>(2);
        }
    }
}

/// The range tests on `r` that F2I's saturation combines by destination,
/// as ORs of at most 16 bits (two LUT levels; [`RoundEnc`] joins them:
/// the 56-bit ORs in phase 9 measured 6.9–7.2 ns).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct IntFlags {
    /// Bits 15–8, 31–16, 47–32, 63–48 of `r` hold a one.
    pub o8: Bit,
    pub o16: Bit,
    pub o32: Bit,
    pub o48: Bit,
    /// Bit k of `r`: k = 7, 15, 31, 63.
    pub bit7: Bit,
    pub bit15: Bit,
    pub bit31: Bit,
    pub bit63: Bit,
    /// Bits 6–0, 14–7, 30–16, 62–48 of `r` hold a one.
    pub l0: Bit,
    pub l7: Bit,
    pub l16: Bit,
    pub l48: Bit,
}

/// Phase 9: the exponent field picked among its candidates by `r_top`, overflow;
/// F2I's wrapped value and range tests.
#[derive(LogicBlock, Default)]
pub struct RoundField {
    /// From [`RoundSelect`].
    pub r: Signal<In, Bits<64>>,
    pub neg_r: Signal<In, Bits<64>>,
    pub r_top: Signal<In, Bits<2>>,
    /// From [`RoundInc`].
    pub base: Signal<In, Bits<EXP_W>>,
    pub cands: Signal<In, FieldCands>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
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
    /// F2I: the wrapped (negated) value, and the range tests.
    pub ival: Signal<Out, Bits<64>>,
    pub iflags: Signal<Out, IntFlags>,
    top: Signal<Local, Bit>,
}

// The destination tests stay one `if` each, like the other destinations'
// (and the exported Verilog is the one measured).
#[allow(clippy::collapsible_if)]
impl Logic for RoundField {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- float: `r` split at the hidden bit ----
        self.r_lo.next = self.r.val() & 0x3FF_u64;
        if self.df.val() == 1 {
            self.r_lo.next = self.r.val() & 0x7F_u64;
        }
        if self.df.val() == 2 {
            self.r_lo.next = self.r.val() & 0x7F_FFFF_u64;
        }
        if self.df.val() == 3 {
            self.r_lo.next = self.r.val() & 0xF_FFFF_FFFF_FFFF_u64;
        }
        if self.df.val() == 4 {
            self.r_lo.next = self.r.val() & 0x7_u64;
        }
        if self.df.val() == 5 {
            self.r_lo.next = self.r.val() & 0x3_u64;
        }
        self.field.next = self.base.val();
        self.overflow.next = self.cands.val().ov0;
        self.top.next = self.cands.val().top0;
        self.flushed.next = self.flush.val() & self.cands.val().zero0;
        if self.r_top.val() == 1 {
            self.field.next = self.cands.val().f1;
            self.overflow.next = self.cands.val().ov1;
            self.top.next = self.cands.val().top1;
            self.flushed.next = false;
        }
        if self.r_top.val().get_bit(1) {
            self.field.next = self.cands.val().f2;
            self.overflow.next = self.cands.val().ov2;
            self.top.next = self.cands.val().top2;
            self.flushed.next = false;
        }
        // E4M3's top binade is finite except its all-ones mantissa (NaN).
        if self.top.val() & self.r.val().get_bits::<3>(0).all() {
            self.overflow.next = true;
        }

        // ---- integer (F2I) ----
        // Unsigned 64-bit by default; narrowed below.
        self.ival.next = self.r.val();
        if self.int_dst.val() == 0 {
            self.ival.next = self.r.val() & 0xFF_u64;
        }
        if self.int_dst.val() == 1 {
            self.ival.next = self.r.val() & 0xFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFF_u64;
            }
        }
        if self.int_dst.val() == 2 {
            self.ival.next = self.r.val() & 0xFFFF_u64;
        }
        if self.int_dst.val() == 3 {
            self.ival.next = self.r.val() & 0xFFFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFFFF_u64;
            }
        }
        if self.int_dst.val() == 4 {
            self.ival.next = self.r.val() & 0xFFFF_FFFF_u64;
        }
        if self.int_dst.val() == 5 {
            self.ival.next = self.r.val() & 0xFFFF_FFFF_u64;
            if self.sign.val() {
                self.ival.next = self.neg_r.val() & 0xFFFF_FFFF_u64;
            }
        }
        if self.int_dst.val() == 7 {
            if self.sign.val() {
                self.ival.next = self.neg_r.val();
            }
        }
        self.iflags.next.o8 = self.r.val().get_bits::<8>(8).any();
        self.iflags.next.o16 = self.r.val().get_bits::<16>(16).any();
        self.iflags.next.o32 = self.r.val().get_bits::<16>(32).any();
        self.iflags.next.o48 = self.r.val().get_bits::<16>(48).any();
        self.iflags.next.bit7 = self.r.val().get_bit(7);
        self.iflags.next.bit15 = self.r.val().get_bit(15);
        self.iflags.next.bit31 = self.r.val().get_bit(31);
        self.iflags.next.bit63 = self.r.val().get_bit(63);
        self.iflags.next.l0 = self.r.val().get_bits::<7>(0).any();
        self.iflags.next.l7 = self.r.val().get_bits::<8>(7).any();
        self.iflags.next.l16 = self.r.val().get_bits::<15>(16).any();
        self.iflags.next.l48 = self.r.val().get_bits::<15>(48).any();
    }
}

/// Phase 10a: the float encoding and the direction of an overflow; F2I's
/// range decisions.
#[derive(LogicBlock, Default)]
pub struct RoundEnc {
    /// From [`RoundField`].
    pub field: Signal<In, Bits<EXP_W>>,
    pub r_lo: Signal<In, Bits<64>>,
    pub iflags: Signal<In, IntFlags>,
    /// F2I: |value| ≥ 2^64.
    pub huge: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// Destination and controls ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    pub int_dst: Signal<In, Bits<3>>,
    pub rm: Signal<In, Bits<2>>,
    pub satfinite: Signal<In, Bit>,
    /// The float encoding (`field` and `r_lo` joined).
    pub enc: Signal<Out, Bits<64>>,
    /// Overflow gives ∞ (RN, or away from zero), unless `satfinite`.
    pub to_inf: Signal<Out, Bit>,
    /// F2I: above the destination's maximum; below its minimum.
    pub above: Signal<Out, Bit>,
    pub below: Signal<Out, Bit>,
    f: Signal<Local, IntFlags>,
    /// Bits 63 … k of `r` hold a one: k = 8, 16, 32.
    any8: Signal<Local, Bit>,
    any16: Signal<Local, Bit>,
    any32: Signal<Local, Bit>,
    /// Bits k − 1 … 0 of `r` hold a one: k = 7, 15, 31, 63.
    low7: Signal<Local, Bit>,
    low15: Signal<Local, Bit>,
    low31: Signal<Local, Bit>,
    low63: Signal<Local, Bit>,
}

impl Logic for RoundEnc {
    #[hdl_gen]
    fn update(&mut self) {
        self.to_inf.next = !self.satfinite.val()
            & ((self.rm.val() == 0)
                | ((self.rm.val() == 1) & self.sign.val())
                | ((self.rm.val() == 2) & !self.sign.val()));
        self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 10) | self.r_lo.val();
        if self.df.val() == 1 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 7) | self.r_lo.val();
        }
        if self.df.val() == 2 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 23) | self.r_lo.val();
        }
        if self.df.val() == 3 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 52) | self.r_lo.val();
        }
        if self.df.val() == 4 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 3) | self.r_lo.val();
        }
        if self.df.val() == 5 {
            self.enc.next = (bit_cast::<64, EXP_W>(self.field.val()) << 2) | self.r_lo.val();
        }

        // ---- integer (F2I) ----
        self.f.next = self.iflags.val();
        self.any32.next = self.f.val().o32 | self.f.val().o48;
        self.any16.next = self.any32.val() | self.f.val().o16;
        self.any8.next = self.any16.val() | self.f.val().o8;
        self.low7.next = self.f.val().l0;
        self.low15.next = self.f.val().l0 | self.f.val().l7;
        self.low31.next = self.low15.val() | self.f.val().bit15 | self.f.val().l16;
        self.low63.next =
            self.low31.val() | self.f.val().bit31 | self.f.val().o32 | self.f.val().l48;
        // Unsigned 64-bit by default; narrowed below. Every negative value
        // of an unsigned type gives 0 (its minimum).
        self.above.next = self.huge.val();
        self.below.next = true;
        if self.int_dst.val() == 0 {
            self.above.next = self.huge.val() | self.any8.val();
        }
        if self.int_dst.val() == 1 {
            self.above.next = self.huge.val() | self.any8.val() | self.f.val().bit7;
            self.below.next =
                self.huge.val() | self.any8.val() | (self.f.val().bit7 & self.low7.val());
        }
        if self.int_dst.val() == 2 {
            self.above.next = self.huge.val() | self.any16.val();
        }
        if self.int_dst.val() == 3 {
            self.above.next = self.huge.val() | self.any16.val() | self.f.val().bit15;
            self.below.next =
                self.huge.val() | self.any16.val() | (self.f.val().bit15 & self.low15.val());
        }
        if self.int_dst.val() == 4 {
            self.above.next = self.huge.val() | self.any32.val();
        }
        if self.int_dst.val() == 5 {
            self.above.next = self.huge.val() | self.any32.val() | self.f.val().bit31;
            self.below.next =
                self.huge.val() | self.any32.val() | (self.f.val().bit31 & self.low31.val());
        }
        if self.int_dst.val() == 7 {
            self.above.next = self.huge.val() | self.f.val().bit63;
            self.below.next = self.huge.val() | (self.f.val().bit63 & self.low63.val());
        }
    }
}

/// Phase 10b: the float encoding, overflowed or flushed, with its sign; the
/// integer, saturated.
#[derive(LogicBlock, Default)]
pub struct RoundPack {
    /// From [`RoundEnc`] and [`RoundField`].
    pub enc: Signal<In, Bits<64>>,
    pub to_inf: Signal<In, Bit>,
    pub overflow: Signal<In, Bit>,
    pub flushed: Signal<In, Bit>,
    pub ival: Signal<In, Bits<64>>,
    pub above: Signal<In, Bit>,
    pub below: Signal<In, Bit>,
    /// Sign of the value.
    pub sign: Signal<In, Bit>,
    /// Destination ([`Decode`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    pub int_dst: Signal<In, Bits<3>>,
    /// Float result (`df`'s width).
    pub fres: Signal<Out, Bits<64>>,
    /// Integer result (F2I, `int_dst`'s width).
    pub ires: Signal<Out, Bits<64>>,
    /// The encoding's compare with 1.0 per float format ([`AboveOne`](super::AboveOne));
    /// phase 11 picks it by `df` and joins the overflow and flush (`fres >
    /// 1.0` for a positive `fres` of f16 … f64, the clamp's compare).
    pub enc_above: Signal<Out, Bits<4>>,
    enc_cmp: super::AboveOne,
    max_finite: Signal<Local, Bits<64>>,
    infinity: Signal<Local, Bits<64>>,
    fmag: Signal<Local, Bits<64>>,
    imax: Signal<Local, Bits<64>>,
    imin: Signal<Local, Bits<64>>,
}

impl Logic for RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.max_finite.next = 0x7BFF.into();
        self.infinity.next = 0x7C00.into();
        if self.df.val() == 1 {
            self.max_finite.next = 0x7F7F.into();
            self.infinity.next = 0x7F80.into();
        }
        if self.df.val() == 2 {
            self.max_finite.next = 0x7F7F_FFFF_u64.into();
            self.infinity.next = 0x7F80_0000_u64.into();
        }
        if self.df.val() == 3 {
            self.max_finite.next = 0x7FEF_FFFF_FFFF_FFFF_u64.into();
            self.infinity.next = 0x7FF0_0000_0000_0000_u64.into();
        }
        if self.df.val() == 4 {
            self.max_finite.next = 0x7E.into();
            self.infinity.next = 0x7F.into();
        }
        if self.df.val() == 5 {
            self.max_finite.next = 0x7B.into();
            self.infinity.next = 0x7C.into();
        }
        self.enc_cmp.x.next = self.enc.val();
        self.enc_cmp.df.next = self.df.val();
        self.enc_above.next = self.enc_cmp.above.val();
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
        if self.sign.val() {
            if self.below.val() {
                self.ires.next = self.imin.val();
            }
        } else if self.above.val() {
            self.ires.next = self.imax.val();
        }
    }
}
