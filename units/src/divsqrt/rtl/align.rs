//! Align phase: the float quotient/root is normalised (its leading one to
//! bit 55 of the frame: one position at most), shifted right into the
//! subnormal range when its exponent is below the smallest normal (bits
//! shifted out join the sticky bit), and tininess is decided after rounding
//! (rounded to the format's precision with an unbounded exponent, as RISC-V
//! and SoftFloat do). The integer forms take their quotient, or their
//! remainder shifted back by the divisor's normalisation, and the sign.
//! Mirrors [`model::round_pack`](crate::divsqrt::model::round_pack) up to
//! the increment, and [`srt::divide_u32`](crate::divsqrt::srt::divide_u32).

use super::round::RoundUp;
use super::{Aligned, Meta, Rest, BEFF_W, EOFF, EXP_W, NORM_W, REM_W};
use rust_hdl::prelude::*;

const _: () = assert!(EOFF == 8192 && EXP_W == 14 && NORM_W == 56 && REM_W == 60);

/// The align phase (combinational).
#[derive(LogicBlock, Default)]
pub struct Align {
    pub meta: Signal<In, Meta>,
    pub rest: Signal<In, Rest>,
    pub al: Signal<Out, Aligned>,
    qsel: Signal<Local, Bits<REM_W>>,
    /// Normalised significand (leading one at bit 55) and its biased exponent.
    m: Signal<Local, Bits<NORM_W>>,
    bn: Signal<Local, Bits<EXP_W>>,
    /// Right shift into the subnormal range, `1 − E` clamped to 63.
    dsh: Signal<Local, Bits<6>>,
    /// The biased exponent is below 0 / is 0.
    tiny_lt: Signal<Local, Bit>,
    tiny_eq: Signal<Local, Bit>,
    /// Rounding at the normal precision carries out (all ones, rounded up).
    all_ones: Signal<Local, Bit>,
    rbit: Signal<Local, Bit>,
    sbit: Signal<Local, Bit>,
    carries: Signal<Local, Bit>,
    /// The shared right shifter.
    sh_in: Signal<Local, Bits<REM_W>>,
    sh_amount: Signal<Local, Bits<6>>,
    sh_out: Signal<Local, Bits<REM_W>>,
    /// Ones where a float shift keeps bits of `m`.
    kept_mask: Signal<Local, Bits<NORM_W>>,
    lost: Signal<Local, Bits<NORM_W>>,
    ival: Signal<Local, Bits<32>>,
    ineg: Signal<Local, Bit>,
    norm: RoundUp,
}

impl Logic for Align {
    #[hdl_gen]
    fn update(&mut self) {
        // A struct field copied to a local first: Icarus refuses `a[i+:n][j]`.
        self.qsel.next = self.rest.val().qsel;
        self.m.next = self.qsel.val().get_bits::<NORM_W>(0);
        self.bn.next = self.meta.val().bexp;
        self.dsh.next = self.rest.val().dsh_hi;
        self.tiny_lt.next = self.rest.val().tlt_hi;
        self.tiny_eq.next = self.rest.val().teq_hi;
        self.al.next.beff = self.rest.val().beff_hi;
        self.al.next.huge = self.rest.val().huge_hi;
        if !self.qsel.val().get_bit(55) {
            self.m.next = self.qsel.val().get_bits::<NORM_W>(0) << 1;
            self.bn.next = self.rest.val().bn_lo;
            self.dsh.next = self.rest.val().dsh_lo;
            self.tiny_lt.next = self.rest.val().tlt_lo;
            self.tiny_eq.next = self.rest.val().teq_lo;
            self.al.next.beff = self.rest.val().beff_lo;
            self.al.next.huge = self.rest.val().huge_lo;
        }
        // Tininess after rounding: the value rounded to p bits at its own
        // exponent stays below 2^emin.
        self.norm.rm.next = self.meta.val().rm;
        self.norm.sign.next = self.meta.val().sign;
        self.norm.lsb.next = true;
        self.all_ones.next = self.m.val().get_bits::<24>(32).all();
        self.rbit.next = self.m.val().get_bit(31);
        self.sbit.next = self.m.val().get_bits::<31>(0).any() | self.rest.val().sticky;
        if self.meta.val().fmt64 {
            self.all_ones.next = self.m.val().get_bits::<53>(3).all();
            self.rbit.next = self.m.val().get_bit(2);
            self.sbit.next = self.m.val().get_bits::<2>(0).any() | self.rest.val().sticky;
        }
        self.norm.round.next = self.rbit.val();
        self.norm.sticky.next = self.sbit.val();
        self.carries.next = self.all_ones.val() & self.norm.up.val();
        self.al.next.tiny = self.tiny_lt.val() | (self.tiny_eq.val() & !self.carries.val());
        // One right shifter for both: the float significand by `dsh`, an
        // integer remainder by 24 + lz_b. Bits a float shift drops are found
        // with a mask (a decoder), not a second shifter.
        self.sh_in.next = bit_cast::<REM_W, NORM_W>(self.m.val());
        self.sh_amount.next = self.dsh.val();
        if self.meta.val().is_int {
            self.sh_in.next = self.rest.val().rem;
            self.sh_amount.next = self.meta.val().rem_shift;
        }
        self.sh_out.next = self.sh_in.val() >> self.sh_amount.val();
        self.al.next.x = self.sh_out.val().get_bits::<NORM_W>(0);
        self.kept_mask.next = 0xff_ffff_ffff_ffff_u64.into();
        self.kept_mask.next = self.kept_mask.val() << self.dsh.val();
        self.lost.next = self.m.val() & !self.kept_mask.val();
        self.al.next.sticky = self.rest.val().sticky | self.lost.val().any();
        self.al.next.bn = self.bn.val();
        // Integers: quotient (LSB-aligned) or the shifted remainder.
        self.ival.next = self.qsel.val().get_bits::<32>(0);
        self.ineg.next = self.meta.val().neg_q;
        if self.meta.val().rem {
            self.ival.next = self.sh_out.val().get_bits::<32>(0);
            self.ineg.next = self.meta.val().neg_r;
        }
        self.al.next.ires = self.ival.val();
        if self.ineg.val() {
            self.al.next.ires = (!self.ival.val()) + 1;
        }
    }
}

/// The exponent arithmetic of [`Align`] and [`Round`] for both outcomes of
/// the one-bit normalisation (`hi`: leading one at bit 55, `bn = bexp`;
/// `lo`: at bit 54, `bn = bexp − 1`), computed from [`Meta`] alone while the
/// correction's carry chain runs, so that the align phase only selects.
#[derive(LogicBlock, Default)]
pub struct AlignPrep {
    /// Biased exponent (+ EOFF) of the quotient/root before normalisation.
    pub bexp: Signal<In, Bits<EXP_W>>,
    pub fmt64: Signal<In, Bit>,
    /// `bexp − 1`.
    pub bn_lo: Signal<Out, Bits<EXP_W>>,
    /// Right shift into the subnormal range, `1 − E` clamped to 0..=63.
    pub dsh_hi: Signal<Out, Bits<6>>,
    pub dsh_lo: Signal<Out, Bits<6>>,
    /// `E < 0`, `E = 0` (biased).
    pub tlt_hi: Signal<Out, Bit>,
    pub teq_hi: Signal<Out, Bit>,
    pub tlt_lo: Signal<Out, Bit>,
    pub teq_lo: Signal<Out, Bit>,
    /// `E − 1` for a normal result, 0 for a subnormal one (the packing add).
    pub beff_hi: Signal<Out, Bits<BEFF_W>>,
    pub beff_lo: Signal<Out, Bits<BEFF_W>>,
    /// `E ≥ emax`: overflow whatever the rounding.
    pub huge_hi: Signal<Out, Bit>,
    pub huge_lo: Signal<Out, Bit>,
    d_hi: Signal<Local, Bits<EXP_W>>,
    d_lo: Signal<Local, Bits<EXP_W>>,
}

impl Logic for AlignPrep {
    #[hdl_gen]
    fn update(&mut self) {
        self.bn_lo.next = self.bexp.val() - 1;
        self.d_hi.next = 8193 - self.bexp.val();
        self.d_lo.next = 8194 - self.bexp.val();
        self.dsh_hi.next = bit_cast::<6, EXP_W>(self.d_hi.val());
        if self.bexp.val() > 8192 {
            self.dsh_hi.next = 0.into();
        }
        if self.bexp.val() < (8193 - 63) {
            self.dsh_hi.next = 63.into();
        }
        self.dsh_lo.next = bit_cast::<6, EXP_W>(self.d_lo.val());
        if self.bexp.val() > 8193 {
            self.dsh_lo.next = 0.into();
        }
        if self.bexp.val() < (8194 - 63) {
            self.dsh_lo.next = 63.into();
        }
        self.tlt_hi.next = self.bexp.val() < 8192;
        self.teq_hi.next = self.bexp.val() == 8192;
        self.tlt_lo.next = self.bexp.val() < 8193;
        self.teq_lo.next = self.bexp.val() == 8193;
        self.beff_hi.next = 0.into();
        if self.bexp.val() > 8192 {
            self.beff_hi.next = bit_cast::<BEFF_W, EXP_W>(self.bexp.val() - 8193);
        }
        self.beff_lo.next = 0.into();
        if self.bexp.val() > 8193 {
            self.beff_lo.next = bit_cast::<BEFF_W, EXP_W>(self.bexp.val() - 8194);
        }
        self.huge_hi.next = self.bexp.val() >= (8192 + 255);
        self.huge_lo.next = self.bexp.val() >= (8193 + 255);
        if self.fmt64.val() {
            self.huge_hi.next = self.bexp.val() >= (8192 + 2047);
            self.huge_lo.next = self.bexp.val() >= (8193 + 2047);
        }
    }
}
