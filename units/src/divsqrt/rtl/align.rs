//! Select and align phases. The quotient always has its leading one at the
//! same place (the prep phase halved the dividend when `m_a ≥ m_b`; a root
//! lies in `[1/2, 1)`), so no normalisation is left: [`Select`] takes `Q`
//! or `QM` by the remainder's sign, the sticky bit, whether a subnormal
//! shift drops a one (picked from both candidates' tests, which the
//! finishing phases formed from a registered mask, no second shifter) and
//! tininess after rounding (rounded to the format's precision with an
//! unbounded exponent, as RISC-V and SoftFloat do); [`Align`] shifts right
//! into the subnormal range, or an integer remainder back by the divisor's
//! normalisation, and takes the integer answer. [`AlignPrep`] is the
//! exponent arithmetic, formed from [`Meta`] and registered at every
//! recurrence clock (into [`Rest`]), off the correction's
//! path. Mirrors [`model::round_pack`](crate::divsqrt::model::round_pack)
//! up to the increment, and [`srt::divide_u32`](crate::divsqrt::srt::divide_u32).

use super::round::RoundUp;
use super::{Aligned, Meta, Rest, Selected, BEFF_W, EOFF, EXP_W, NORM_W, REM_W};
use rust_hdl::prelude::*;

const _: () = assert!(EOFF == 8192 && EXP_W == 14 && NORM_W == 56 && REM_W == 60);

/// The select phase (combinational).
#[derive(LogicBlock, Default)]
pub struct Select {
    pub meta: Signal<In, Meta>,
    pub rest: Signal<In, Rest>,
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    pub sel: Signal<Out, Selected>,
    m: Signal<Local, Bits<NORM_W>>,
    sticky: Signal<Local, Bit>,
    all_ones: Signal<Local, Bit>,
    rb: Signal<Local, Bit>,
    sb: Signal<Local, Bit>,
    lost: Signal<Local, Bit>,
    rsel: Signal<Local, Bits<REM_W>>,
    /// The shifter's input and amount.
    sh_x: Signal<Local, Bits<REM_W>>,
    amount: Signal<Local, Bits<6>>,
    norm: RoundUp,
}

impl Logic for Select {
    #[hdl_gen]
    fn update(&mut self) {
        self.m.next = self.rest.val().m_q;
        self.sticky.next = !self.rest.val().z1;
        self.all_ones.next = self.rest.val().ao_q;
        self.rb.next = self.rest.val().rb_q;
        self.sb.next = self.rest.val().lo_q | !self.rest.val().z1;
        self.lost.next = self.rest.val().lost_q;
        self.rsel.next = self.rest.val().r1;
        self.sel.next.iq = self.q.val().get_bits::<32>(0);
        if self.rest.val().neg {
            self.m.next = self.rest.val().m_qm;
            self.sticky.next = !self.rest.val().z2;
            self.all_ones.next = self.rest.val().ao_qm;
            self.rb.next = self.rest.val().rb_qm;
            self.sb.next = self.rest.val().lo_qm | !self.rest.val().z2;
            self.lost.next = self.rest.val().lost_qm;
            self.rsel.next = self.rest.val().r2;
            self.sel.next.iq = self.qm.val().get_bits::<32>(0);
        }
        // Tininess after rounding: the value rounded to p bits at its own
        // exponent stays below 2^emin.
        // Each sub-block input is assigned once (a glitch loops in Icarus).
        self.norm.round.next = self.rb.val();
        self.norm.sticky.next = self.sb.val();
        self.norm.rm.next = self.meta.val().rm;
        self.norm.sign.next = self.meta.val().sign;
        self.norm.lsb.next = true;
        self.sel.next.tiny = self.rest.val().tlt
            | (self.rest.val().teq & !(self.all_ones.val() & self.norm.up.val()));
        self.sel.next.sticky = self.sticky.val() | self.lost.val();
        // One right shifter for both, in two phases: the float significand
        // by `dsh`, an integer remainder by 26 + lz_b; here by the amount's
        // multiple of 8, the align phase by the rest.
        self.sh_x.next = bit_cast::<REM_W, NORM_W>(self.m.val());
        self.amount.next = self.rest.val().dsh;
        if self.meta.val().is_int {
            self.sh_x.next = self.rsel.val();
            self.amount.next = self.meta.val().rem_shift;
        }
        self.sel.next.sh_in = self.sh_x.val() >> ((self.amount.val() >> 3) << 3);
        self.sel.next.sh_amount = self.amount.val().get_bits::<3>(0);
    }
}

/// The align phase (combinational).
#[derive(LogicBlock, Default)]
pub struct Align {
    pub meta: Signal<In, Meta>,
    pub sel: Signal<In, Selected>,
    pub al: Signal<Out, Aligned>,
    sh_out: Signal<Local, Bits<REM_W>>,
}

impl Logic for Align {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh_out.next = self.sel.val().sh_in >> self.sel.val().sh_amount;
        self.al.next.x = self.sh_out.val().get_bits::<NORM_W>(0);
        self.al.next.sticky = self.sel.val().sticky;
        self.al.next.tiny = self.sel.val().tiny;
        // Integers: quotient (LSB-aligned) or the shifted remainder.
        self.al.next.ival = self.sel.val().iq;
        self.al.next.ineg = self.meta.val().neg_q;
        if self.meta.val().rem {
            self.al.next.ival = self.sh_out.val().get_bits::<32>(0);
            self.al.next.ineg = self.meta.val().neg_r;
        }
    }
}

/// The exponent arithmetic of the finishing phases (`E` the biased
/// exponent of the result's leading one, `bexp − EOFF`). Its inputs are
/// constant from the prep phase on and its outputs are registered at every
/// recurrence clock (a float runs at least 12), in two steps: `dsh` is
/// registered first (`dsh_q`), and the mask is formed from that register.
#[derive(LogicBlock, Default)]
pub struct AlignPrep {
    pub bexp: Signal<In, Bits<EXP_W>>,
    pub fmt64: Signal<In, Bit>,
    /// `dsh` as registered a clock before.
    pub dsh_q: Signal<In, Bits<6>>,
    /// Right shift into the subnormal range, `1 − E` clamped to 0..=63.
    pub dsh: Signal<Out, Bits<6>>,
    /// Ones where that shift keeps bits of the significand.
    pub kept_mask: Signal<Out, Bits<NORM_W>>,
    /// `E < 0`, `E = 0`.
    pub tlt: Signal<Out, Bit>,
    pub teq: Signal<Out, Bit>,
    /// `E − 1` for a normal result, 0 for a subnormal one (the packing add).
    pub beff: Signal<Out, Bits<BEFF_W>>,
    /// `E ≥ emax`: overflow whatever the rounding.
    pub huge: Signal<Out, Bit>,
    d: Signal<Local, Bits<EXP_W>>,
    dsh_l: Signal<Local, Bits<6>>,
    ones: Signal<Local, Bits<NORM_W>>,
}

impl Logic for AlignPrep {
    #[hdl_gen]
    fn update(&mut self) {
        self.d.next = 8193 - self.bexp.val();
        self.dsh_l.next = bit_cast::<6, EXP_W>(self.d.val());
        if self.bexp.val() > 8192 {
            self.dsh_l.next = 0.into();
        }
        if self.bexp.val() < (8193 - 63) {
            self.dsh_l.next = 63.into();
        }
        self.dsh.next = self.dsh_l.val();
        self.ones.next = 0xff_ffff_ffff_ffff_u64.into();
        self.kept_mask.next = self.ones.val() << self.dsh_q.val();
        self.tlt.next = self.bexp.val() < 8192;
        self.teq.next = self.bexp.val() == 8192;
        self.beff.next = 0.into();
        if self.bexp.val() > 8192 {
            self.beff.next = bit_cast::<BEFF_W, EXP_W>(self.bexp.val() - 8193);
        }
        self.huge.next = self.bexp.val() >= (8192 + 255);
        if self.fmt64.val() {
            self.huge.next = self.bexp.val() >= (8192 + 2047);
        }
    }
}
