//! Phases 3–5: round to an integral value on the binary64 encoding itself
//! (ffloor, fceil, ftrunc, frndne), and ffract's source for the rounder.
//!
//! With `e = E − 1023` and 0 ≤ e ≤ 51, the low `f = 52 − e` bits of the
//! encoding are the fraction: clearing them and adding `2^f` when the
//! direction says so gives the result, a carry out of the mantissa moving
//! into the exponent field by itself (the XMU's FRND rule; the XMU's blocks
//! take its NVIDIA control word and have no RMM, so these are new). For
//! e ≥ 52 the operand is its own answer; for |a| < 1 the answer is ±0 or
//! ±1 (round bit: e = −1; sticky: the rest). No NX (IEEE roundToIntegral).
//!
//! ffract (a − floor(a)) uses the same masks: for a ≥ 0 the fraction
//! `hm & below_f` (all of `hm` when |a| < 1), exact; for a < 0 and e ≥ 0,
//! `1 − fraction = (−hm) & below_f` (exact: f ≤ 52 bits); for a < 0 and
//! |a| < 1, `1 − |a| = 2^−55 · (2^55 + ⌊−|a| · 2^55⌋)` plus a sticky bit,
//! which the rounder rounds (the one inexact case): `−hm` (phase 2) shifted
//! right arithmetically, so that the sum is the shifted word with its sign
//! bit dropped and no carry chain follows the shift. An integral `a`
//! answers +0 (−0 under RDN).
//!
//! Phase 3 ([`FrndMask`]) decodes the masks from `f` and starts ffract's
//! shift; phase 4 ([`FrndRound`]) reduces round, sticky and LSB and adds
//! the unit beside the cleared encoding (both candidates ready before the
//! decision), and ends the shift; phase 5 ([`FrndInc`]) decides, and picks
//! the rounder's source.

use super::{Ctl, Source, Stage2, Stage3, Stage4};
use crate::divsqrt::rtl::round::RoundUp;
use rust_hdl::prelude::*;

/// The top `n` bits of 55: the fill of an arithmetic right shift by `n`.
const fn fill(n: u32) -> u64 {
    ((1u64 << n) - 1) << (55 - n)
}

/// Phase 3: masks of the fraction, `−hm`, ffract's right shift by 32 and 16.
#[derive(LogicBlock)]
pub struct FrndMask {
    pub s2: Signal<In, Stage2>,
    pub s3: Signal<Out, Stage3>,
    ssh: Signal<Local, Bits<6>>,
    w: Signal<Local, Bits<55>>,
    w32: Signal<Local, Bits<55>>,
    st32: Signal<Local, Bit>,
    ones: Constant<Bits<64>>,
    one: Constant<Bits<64>>,
    /// The sign fills of an arithmetic right shift of 55 bits by 32, 16.
    fill32: Constant<Bits<55>>,
    fill16: Constant<Bits<55>>,
}

impl Default for FrndMask {
    fn default() -> Self {
        Self {
            s2: Default::default(),
            s3: Default::default(),
            ssh: Default::default(),
            w: Default::default(),
            w32: Default::default(),
            st32: Default::default(),
            ones: Constant::new(u64::MAX.into()),
            one: Constant::new(1.into()),
            fill32: Constant::new(fill(32).into()),
            fill16: Constant::new(fill(16).into()),
        }
    }
}

impl Logic for FrndMask {
    #[hdl_gen]
    fn update(&mut self) {
        self.s3.next.a = self.s2.val().a;
        self.s3.next.sig = self.s2.val().sig;
        self.s3.next.ebase = self.s2.val().ebase;
        self.s3.next.hm = self.s2.val().hm;
        self.s3.next.mid = self.s2.val().mid;
        self.s3.next.small = self.s2.val().small;
        self.s3.next.big = self.s2.val().big;
        self.s3.next.half = self.s2.val().half;
        self.s3.next.below_f = !(self.ones.val() << self.s2.val().f);
        self.s3.next.at_f = self.one.val() << self.s2.val().f;
        self.s3.next.below_fm1 = !(self.ones.val() << self.s2.val().fm1);
        self.s3.next.at_fm1 = self.one.val() << self.s2.val().fm1;
        self.s3.next.negm = self.s2.val().negm;
        // ffract, a < 0, |a| < 1: 1 − |a| = 1 + (−{hm, 00} >> (−1 − e)):
        // the negated significand shifted arithmetically, so that no
        // carry chain follows the shift (2^55 − ⌈v⌉ = 2^55 + ⌊−v⌋); the
        // sticky of −v's bits shifted out is that of v's.
        self.ssh.next = self.s2.val().ssh;
        self.w.next = bit_cast::<55, 53>(self.s2.val().negm) << 2;
        self.w32.next = self.w.val();
        self.st32.next = false;
        if self.ssh.val().get_bit(5) {
            self.w32.next = (self.w.val() >> 32) | self.fill32.val();
            self.st32.next = self.w.val().get_bits::<32>(0).any();
        }
        self.s3.next.x = self.w32.val();
        self.s3.next.xst = self.st32.val();
        if self.ssh.val().get_bit(4) {
            self.s3.next.x = (self.w32.val() >> 16) | self.fill16.val();
            self.s3.next.xst = self.st32.val() | self.w32.val().get_bits::<16>(0).any();
        }
        self.s3.next.ssh_lo = self.ssh.val().get_bits::<4>(0);
    }
}

/// Phase 4: round, sticky, LSB; the cleared encoding and the next integer;
/// ffract's candidates; ffract's right shift by 8, 4, 2, 1.
#[derive(LogicBlock)]
pub struct FrndRound {
    pub s3: Signal<In, Stage3>,
    pub s4: Signal<Out, Stage4>,
    a: Signal<Local, Bits<64>>,
    below_f: Signal<Local, Bits<64>>,
    hm: Signal<Local, Bits<53>>,
    cleared: Signal<Local, Bits<64>>,
    ssh: Signal<Local, Bits<4>>,
    x0: Signal<Local, Bits<55>>,
    x8: Signal<Local, Bits<55>>,
    x4: Signal<Local, Bits<55>>,
    x2: Signal<Local, Bits<55>>,
    x1: Signal<Local, Bits<55>>,
    st8: Signal<Local, Bit>,
    st4: Signal<Local, Bit>,
    st2: Signal<Local, Bit>,
    st1: Signal<Local, Bit>,
    /// The sign fills of an arithmetic right shift of 55 bits by 8, 4, 2, 1.
    fill8: Constant<Bits<55>>,
    fill4: Constant<Bits<55>>,
    fill2: Constant<Bits<55>>,
    fill1: Constant<Bits<55>>,
}

impl Default for FrndRound {
    fn default() -> Self {
        Self {
            s3: Default::default(),
            s4: Default::default(),
            a: Default::default(),
            below_f: Default::default(),
            hm: Default::default(),
            cleared: Default::default(),
            ssh: Default::default(),
            x0: Default::default(),
            x8: Default::default(),
            x4: Default::default(),
            x2: Default::default(),
            x1: Default::default(),
            st8: Default::default(),
            st4: Default::default(),
            st2: Default::default(),
            st1: Default::default(),
            fill8: Constant::new(fill(8).into()),
            fill4: Constant::new(fill(4).into()),
            fill2: Constant::new(fill(2).into()),
            fill1: Constant::new(fill(1).into()),
        }
    }
}

impl Logic for FrndRound {
    #[hdl_gen]
    fn update(&mut self) {
        self.a.next = self.s3.val().a;
        self.below_f.next = self.s3.val().below_f;
        self.hm.next = self.s3.val().hm;
        self.s4.next.a = self.a.val();
        self.s4.next.sig = self.s3.val().sig;
        self.s4.next.ebase = self.s3.val().ebase;
        self.s4.next.mid = self.s3.val().mid;
        self.s4.next.small = self.s3.val().small;
        self.s4.next.big = self.s3.val().big;

        // ---- round to integral ----
        self.s4.next.round = (self.a.val() & self.s3.val().at_fm1).any();
        self.s4.next.sticky = (self.a.val() & self.s3.val().below_fm1).any();
        self.s4.next.lsb = (self.a.val() & self.s3.val().at_f).any();
        if self.s3.val().small {
            self.s4.next.round = self.s3.val().half;
            self.s4.next.sticky = (!self.s3.val().half) | self.hm.val().get_bits::<52>(0).any();
            self.s4.next.lsb = false;
        }
        self.s4.next.fany = (self.a.val() & self.below_f.val()).any();
        self.cleared.next = self.a.val() & !self.below_f.val();
        self.s4.next.cleared = self.cleared.val();
        self.s4.next.inc = self.cleared.val() + self.s3.val().at_f;

        // ---- ffract's candidates ----
        self.s4.next.fpos = self.hm.val() & self.below_f.val().get_bits::<53>(0);
        if self.s3.val().small {
            self.s4.next.fpos = self.hm.val();
        }
        self.s4.next.fneg = self.s3.val().negm & self.below_f.val().get_bits::<53>(0);
        self.ssh.next = self.s3.val().ssh_lo;
        self.x0.next = self.s3.val().x;
        self.x8.next = self.x0.val();
        self.st8.next = self.s3.val().xst;
        if self.ssh.val().get_bit(3) {
            self.x8.next = (self.x0.val() >> 8) | self.fill8.val();
            self.st8.next = self.s3.val().xst | self.x0.val().get_bits::<8>(0).any();
        }
        self.x4.next = self.x8.val();
        self.st4.next = self.st8.val();
        if self.ssh.val().get_bit(2) {
            self.x4.next = (self.x8.val() >> 4) | self.fill4.val();
            self.st4.next = self.st8.val() | self.x8.val().get_bits::<4>(0).any();
        }
        self.x2.next = self.x4.val();
        self.st2.next = self.st4.val();
        if self.ssh.val().get_bit(1) {
            self.x2.next = (self.x4.val() >> 2) | self.fill2.val();
            self.st2.next = self.st4.val() | self.x4.val().get_bits::<2>(0).any();
        }
        self.x1.next = self.x2.val();
        self.st1.next = self.st2.val();
        if self.ssh.val().get_bit(0) {
            self.x1.next = (self.x2.val() >> 1) | self.fill1.val();
            self.st1.next = self.st2.val() | self.x2.val().get_bit(0);
        }
        self.s4.next.x = self.x1.val();
        self.s4.next.xst = self.st1.val();
    }
}

/// Phase 6 (beside the leading-zero count): round-to-integral's answer
/// with the increment replaces the forced answer when phase 5 decided so.
#[derive(LogicBlock, Default)]
pub struct RintPick {
    pub ctl_in: Signal<In, Ctl>,
    /// [`Source::rint_up`](super::Source), [`Source::rint_sel`](super::Source).
    pub rint_up: Signal<In, Bits<64>>,
    pub rint_sel: Signal<In, Bit>,
    pub ctl: Signal<Out, Ctl>,
}

impl Logic for RintPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl.next = self.ctl_in.val();
        if self.rint_sel.val() {
            self.ctl.next.fres = self.rint_up.val();
        }
    }
}

/// Phase 5: round-to-integral's answer (forced; its incremented form
/// picked in phase 6, [`RintPick`]), and the rounder's source (ffract's
/// replaces the one of phase 2).
#[derive(LogicBlock)]
pub struct FrndInc {
    pub ctl_in: Signal<In, Ctl>,
    pub s4: Signal<In, Stage4>,
    pub ctl: Signal<Out, Ctl>,
    pub src: Signal<Out, Source>,
    rup: RoundUp,
    sign: Signal<Local, Bit>,
    rint: Signal<Local, Bits<64>>,
    /// Round-to-integral's answer without and with the increment, from
    /// registers only: `up` then picks (measured: `up` ahead of the
    /// mid/small selects was phase 5's slowest path, 8.0–8.7 ns).
    rint_dn: Signal<Local, Bits<64>>,
    rint_up: Signal<Local, Bits<64>>,
    sign64: Constant<Bits<64>>,
    one64: Constant<Bits<64>>,
}

impl Default for FrndInc {
    fn default() -> Self {
        Self {
            ctl_in: Default::default(),
            s4: Default::default(),
            ctl: Default::default(),
            src: Default::default(),
            rup: Default::default(),
            sign: Default::default(),
            rint: Default::default(),
            rint_dn: Default::default(),
            rint_up: Default::default(),
            sign64: Constant::new(0x8000_0000_0000_0000_u64.into()),
            one64: Constant::new(0x3ff0_0000_0000_0000_u64.into()),
        }
    }
}

impl Logic for FrndInc {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl.next = self.ctl_in.val();
        self.sign.next = self.ctl_in.val().sign;
        self.rup.rm.next = self.ctl_in.val().rm;
        self.rup.sign.next = self.sign.val();
        self.rup.lsb.next = self.s4.val().lsb;
        self.rup.round.next = self.s4.val().round;
        self.rup.sticky.next = self.s4.val().sticky;

        // ---- round to integral ----
        self.rint_dn.next = self.s4.val().a;
        self.rint_up.next = self.s4.val().a;
        if self.s4.val().mid {
            self.rint_dn.next = self.s4.val().cleared;
            self.rint_up.next = self.s4.val().inc;
        }
        if self.s4.val().small {
            self.rint_dn.next = 0.into();
            if self.sign.val() {
                self.rint_dn.next = self.sign64.val();
            }
            self.rint_up.next = self.rint_dn.val() | self.one64.val();
        }
        // The answer without the increment goes into the forced answer
        // here; with it, and `up`, ride boundary 5, and phase 6 picks
        // ([`RintPick`]; measured: `up` picking among 64 bits into the
        // forced answer was phase 5's slowest path, 7.2–7.8 ns).
        self.rint.next = self.rint_dn.val();
        self.src.next.rint_up = self.rint_up.val();
        self.src.next.rint_sel = false;
        if self.ctl_in.val().rnd & !self.ctl_in.val().take {
            self.ctl.next.take = true;
            self.ctl.next.fres = self.rint.val();
            self.ctl.next.fflags = 0.into();
            self.src.next.rint_sel = self.rup.up.val();
        }

        // ---- the rounder's source ----
        self.src.next.sig = self.s4.val().sig;
        self.src.next.ebase = self.s4.val().ebase;
        self.src.next.sin = false;
        self.src.next.lz = 0.into();
        if self.ctl_in.val().fract {
            self.ctl.next.sign = false;
            self.src.next.sig = bit_cast::<64, 53>(self.s4.val().fpos);
            if self.sign.val() {
                self.src.next.sig = bit_cast::<64, 53>(self.s4.val().fneg);
                if self.s4.val().small {
                    // 1 − |a| = (2^55 − x − δ) · 2^−55, 0 ≤ δ < 1, δ > 0 iff sticky.
                    // 2^55 + ⌊−|a| · 2^55⌋: x with its sign bit (55) dropped.
                    self.src.next.sig = bit_cast::<64, 55>(self.s4.val().x);
                    self.src.next.ebase = 8137.into();
                    self.src.next.sin = self.s4.val().xst;
                }
            }
            if (self.s4.val().big | (self.s4.val().mid & !self.s4.val().fany))
                & !self.ctl_in.val().take
            {
                self.ctl.next.take = true;
                self.ctl.next.fres = 0.into();
                if self.ctl_in.val().rm == 2 {
                    self.ctl.next.fres = self.sign64.val();
                }
                self.ctl.next.fflags = 0.into();
            }
        }
    }
}
