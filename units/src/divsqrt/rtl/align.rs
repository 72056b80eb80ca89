//! Select and align phases. The quotient always has its leading one at the
//! same place (the prep phase halved the dividend when `m_a ≥ m_b`; a root
//! lies in `[1/2, 1)`), so no normalisation is left: [`CoarseSig`]
//! shifts both candidates by the subnormal shift's multiple of 8, [`Select`] takes `Q`
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

use super::round::RoundUpDecoded;
use super::{Aligned, Candidates, Meta, Rest, Selected, BEFF_W, EOFF, EXP_W, NORM_W, REM_W};
use rust_hdl::prelude::*;

const _: () = assert!(EOFF == 8192 && EXP_W == 14 && NORM_W == 56 && REM_W == 60);

/// Both float candidates' significands shifted right by the subnormal
/// shift's multiple of 8 (combinational; registered into [`Rest`] by the
/// correct phase, from `m_q`, `m_qm` registered by the compress phase and
/// `dsh` by the recurrence), so that the select phase only picks.
#[derive(LogicBlock, Default)]
pub struct CoarseSig {
    pub m_q: Signal<In, Bits<NORM_W>>,
    pub m_qm: Signal<In, Bits<NORM_W>>,
    pub dsh: Signal<In, Bits<6>>,
    pub sh_q: Signal<Out, Bits<NORM_W>>,
    pub sh_qm: Signal<Out, Bits<NORM_W>>,
}

impl Logic for CoarseSig {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh_q.next = self.m_q.val() >> ((self.dsh.val() >> 3) << 3);
        self.sh_qm.next = self.m_qm.val() >> ((self.dsh.val() >> 3) << 3);
    }
}

/// The select phase (combinational). Every candidate's value is formed
/// for `Q` and for `QM` (an integer's `r1` and `r2`) side by side and
/// registered ([`Candidates`]); the pick phase's [`Pick`] takes one by the
/// remainder's sign. Since 2026-12-05: the pick had been the select
/// phase's last LUT level (from 2026-12-04; before, the sign picked the
/// significand ahead of the shift and the rounding test), behind the
/// integer remainders' 8:1 shift and the rounding test, four to five LUT
/// levels (6.2–6.8 ns in both units).
#[derive(LogicBlock, Default)]
pub struct Select {
    pub meta: Signal<In, Meta>,
    /// [`RoundUpDecoded`]'s `modes` (from [`super::Ordered`]).
    pub modes: Signal<In, Bits<3>>,
    pub rest: Signal<In, Rest>,
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    pub cands: Signal<Out, Candidates>,
    /// The integer remainders shifted by the amount's multiple of 8 (the
    /// align phase keeps their 32 + 7 low bits).
    r1s: Signal<Local, Bits<REM_W>>,
    r2s: Signal<Local, Bits<REM_W>>,
    /// The shift amounts (Icarus: no part select of a struct field).
    dsh: Signal<Local, Bits<6>>,
    rsh: Signal<Local, Bits<6>>,
    norm_q: RoundUpDecoded,
    norm_qm: RoundUpDecoded,
}

impl Logic for Select {
    #[hdl_gen]
    fn update(&mut self) {
        self.dsh.next = self.rest.val().dsh;
        self.rsh.next = self.meta.val().rem_shift;
        // Tininess after rounding: the value rounded to p bits at its own
        // exponent stays below 2^emin.
        // Each sub-block input is assigned once (a glitch loops in Icarus).
        self.norm_q.round.next = self.rest.val().rb_q;
        self.norm_q.sticky.next = self.rest.val().lo_q | !self.rest.val().z1;
        self.norm_q.modes.next = self.modes.val();
        self.norm_q.lsb.next = true;
        self.norm_qm.round.next = self.rest.val().rb_qm;
        self.norm_qm.sticky.next = self.rest.val().lo_qm | !self.rest.val().z2;
        self.norm_qm.modes.next = self.modes.val();
        self.norm_qm.lsb.next = true;
        self.cands.next.tiny_q = self.rest.val().tlt
            | (self.rest.val().teq & !(self.rest.val().ao_q & self.norm_q.up.val()));
        self.cands.next.tiny_qm = self.rest.val().tlt
            | (self.rest.val().teq & !(self.rest.val().ao_qm & self.norm_qm.up.val()));
        // One right shifter for both, in two phases: the float significand
        // by `dsh`, an integer remainder by 26 + lz_b; the amount's
        // multiple of 8 here (a float's, [`CoarseSig`], a clock before),
        // the align phase the rest.
        self.r1s.next = self.rest.val().r1 >> ((self.rsh.val() >> 3) << 3);
        self.r2s.next = self.rest.val().r2 >> ((self.rsh.val() >> 3) << 3);
        self.cands.next.sh_amount = self.dsh.val().get_bits::<3>(0);
        self.cands.next.sh_q = bit_cast::<REM_W, NORM_W>(self.rest.val().sh_q);
        self.cands.next.sh_qm = bit_cast::<REM_W, NORM_W>(self.rest.val().sh_qm);
        if self.meta.val().is_int {
            self.cands.next.sh_amount = self.rsh.val().get_bits::<3>(0);
            self.cands.next.sh_q = bit_cast::<REM_W, 40>(self.r1s.val().get_bits::<40>(0));
            self.cands.next.sh_qm = bit_cast::<REM_W, 40>(self.r2s.val().get_bits::<40>(0));
        }
        self.cands.next.sticky_q = !self.rest.val().z1 | self.rest.val().lost_q;
        self.cands.next.sticky_qm = !self.rest.val().z2 | self.rest.val().lost_qm;
        self.cands.next.iq = self.q.val().get_bits::<32>(0);
        self.cands.next.iqm = self.qm.val().get_bits::<32>(0);
    }
}

/// The pick phase (combinational): `Q`'s candidate or `QM`'s (an integer's
/// `r1` or `r2`) by the remainder's sign.
#[derive(LogicBlock, Default)]
pub struct Pick {
    pub cands: Signal<In, Candidates>,
    pub neg: Signal<In, Bit>,
    pub sel: Signal<Out, Selected>,
}

impl Logic for Pick {
    #[hdl_gen]
    fn update(&mut self) {
        self.sel.next.sh_amount = self.cands.val().sh_amount;
        if self.neg.val() {
            self.sel.next.sh_in = self.cands.val().sh_qm;
            self.sel.next.sticky = self.cands.val().sticky_qm;
            self.sel.next.tiny = self.cands.val().tiny_qm;
            self.sel.next.iq = self.cands.val().iqm;
        } else {
            self.sel.next.sh_in = self.cands.val().sh_q;
            self.sel.next.sticky = self.cands.val().sticky_q;
            self.sel.next.tiny = self.cands.val().tiny_q;
            self.sel.next.iq = self.cands.val().iq;
        }
    }
}

/// The align phase (combinational).
#[derive(LogicBlock, Default)]
pub struct Align {
    pub meta: Signal<In, Meta>,
    pub sel: Signal<In, Selected>,
    pub al: Signal<Out, Aligned>,
    sh_out: Signal<Local, Bits<REM_W>>,
    sg: Signal<Local, Bits<8>>,
    /// Named group flags (a reduction inside `replace_bit` exports as a
    /// 1-bit value in a wider shift, which the lint policy rejects).
    grp: [Signal<Local, Bit>; 8],
}

impl Logic for Align {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh_out.next = self.sel.val().sh_in >> self.sel.val().sh_amount;
        self.al.next.x = self.sh_out.val().get_bits::<NORM_W>(0);
        self.sg.next = 0.into();
        for i in 0..7 {
            self.grp[i].next = self.sh_out.val().get_bits::<4>(4 * i).any();
            self.sg.next = self.sg.val().replace_bit(i, self.grp[i].val());
        }
        self.grp[7].next = self.sh_out.val().get_bits::<3>(28).any();
        self.sg.next = self.sg.val().replace_bit(7, self.grp[7].val());
        self.al.next.sg = self.sg.val();
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
/// recurrence clock (a float runs at least 15), in four steps, each from
/// the registers of the one before: the comparisons and differences of
/// `bexp` (`gt`, `lt`, `d`, `beff_raw` and the final `tlt`, `teq`, `huge`,
/// `at_top`), then `dsh` and `beff` picked from those (`*_q`), then the mask
/// from `dsh_q`.
#[derive(LogicBlock, Default)]
pub struct AlignPrep {
    pub bexp: Signal<In, Bits<EXP_W>>,
    pub fmt64: Signal<In, Bit>,
    /// The first step's outputs as registered a clock before.
    pub gt_q: Signal<In, Bit>,
    pub lt_q: Signal<In, Bit>,
    pub d_q: Signal<In, Bits<6>>,
    pub beff_raw_q: Signal<In, Bits<BEFF_W>>,
    /// `dsh` as registered a clock before.
    pub dsh_q: Signal<In, Bits<6>>,
    /// The third step's outputs as registered a clock before.
    pub hgt_q: Signal<In, Bits<8>>,
    pub heq_q: Signal<In, Bits<8>>,
    pub lge_q: Signal<In, Bits<8>>,
    /// Of `dsh`'s multiple of 8 `h` and rest `l`: bit `j` of `hgt` is
    /// `j > h`, of `heq` `j = h`; bit `k` of `lge` is `k ≥ l` (the mask's
    /// bit `8j + k` is `hgt[j] ∨ heq[j] ∧ lge[k]`, one LUT).
    pub hgt: Signal<Out, Bits<8>>,
    pub heq: Signal<Out, Bits<8>>,
    pub lge: Signal<Out, Bits<8>>,
    /// `E > 0` (a normal result's exponent), `E < −62` (the shift clamps
    /// at 63), the low bits of `1 − E` and of `E − 1`.
    pub gt: Signal<Out, Bit>,
    pub lt: Signal<Out, Bit>,
    pub d: Signal<Out, Bits<6>>,
    pub beff_raw: Signal<Out, Bits<BEFF_W>>,
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
    /// `E = emax − 1`: overflow when the rounded significand carries out.
    pub at_top: Signal<Out, Bit>,
    c_fe: Signal<Local, Bits<8>>,
    c_01: Signal<Local, Bits<8>>,
    c_ff: Signal<Local, Bits<8>>,
    dsh_h: Signal<Local, Bits<3>>,
    dsh_l: Signal<Local, Bits<3>>,
    mask: Signal<Local, Bits<NORM_W>>,
}

impl Logic for AlignPrep {
    #[hdl_gen]
    fn update(&mut self) {
        self.gt.next = self.bexp.val() > 8192;
        self.lt.next = self.bexp.val() < (8193 - 63);
        self.d.next = bit_cast::<6, EXP_W>(8193 - self.bexp.val());
        self.beff_raw.next = bit_cast::<BEFF_W, EXP_W>(self.bexp.val() - 8193);
        self.dsh.next = self.d_q.val();
        if self.gt_q.val() {
            self.dsh.next = 0.into();
        }
        if self.lt_q.val() {
            self.dsh.next = 63.into();
        }
        self.beff.next = 0.into();
        if self.gt_q.val() {
            self.beff.next = self.beff_raw_q.val();
        }
        self.c_fe.next = 0xfe.into();
        self.c_01.next = 0x01.into();
        self.c_ff.next = 0xff.into();
        self.dsh_h.next = self.dsh_q.val().get_bits::<3>(3);
        self.dsh_l.next = self.dsh_q.val().get_bits::<3>(0);
        self.hgt.next = self.c_fe.val() << self.dsh_h.val();
        self.heq.next = self.c_01.val() << self.dsh_h.val();
        self.lge.next = self.c_ff.val() << self.dsh_l.val();
        self.mask.next = 0.into();
        for j in 0..7 {
            for k in 0..8 {
                self.mask.next = self.mask.val().replace_bit(
                    8 * j + k,
                    self.hgt_q.val().get_bit(j)
                        | (self.heq_q.val().get_bit(j) & self.lge_q.val().get_bit(k)),
                );
            }
        }
        self.kept_mask.next = self.mask.val();
        self.tlt.next = self.bexp.val() < 8192;
        self.teq.next = self.bexp.val() == 8192;
        self.huge.next = self.bexp.val() >= (8192 + 255);
        self.at_top.next = self.bexp.val() == (8192 + 254);
        if self.fmt64.val() {
            self.huge.next = self.bexp.val() >= (8192 + 2047);
            self.at_top.next = self.bexp.val() == (8192 + 2046);
        }
    }
}
