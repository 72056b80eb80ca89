//! Phases 9–15: align to the destination's LSB, round in the five modes,
//! pack, and pick the answer. Mirrors [`ieee::round_pack`](crate::fp::ieee::round_pack)
//! (tininess after rounding, UF only when tiny and inexact, FTZ after
//! rounding with UF|NX) and the RISC-V integer conversions (RTZ,
//! saturating, NV instead of NX when out of range).
//!
//! The normalised significand (leading one at bit 63) is widened to
//! `{sig, 00}` and shifted right by [`Terms::sh`] (≤ 66) with a sticky OR:
//! the kept bits, the round bit `r`, the bit after it `r2`, and the rest.
//! `r2` decides tininess at e = EMIN − 1: the value is tiny after rounding
//! unless its p-bit rounding (LSB one place below the subnormal LSB: lsb
//! `r`, round `r2`, sticky the rest) carries into 2^EMIN, which needs the
//! kept bits all ones and `r` set.
//!
//! The encoding is `(base + (kept_r >> m)) << m | kept_r[m−1:0]` with the
//! base `e − EMIN` (0 below EMIN): a carry out of the significand, or a
//! subnormal rounding up to the smallest normal, moves into the exponent
//! field by itself (the XMU's and the DIVSQRT's rule), and only the 64-bit
//! increment is a long carry chain (phase 12) — the field add is 14 bits
//! (phase 13). The mode's decision ([`RoundUp`], the DIVSQRT's block) comes
//! a phase before the increment, so that no phase holds a decision and a
//! 64-bit chain in series.

use super::{Ctl, Rounded, Stage10, Stage11, Stage12, Stage13, Stage8, Stage9, Terms, EXP_W};
use crate::divsqrt::rtl::round::RoundUp;
use rust_hdl::prelude::*;

/// Phase 9: right shift of `{sig, 00}` by `sh[6:4]·16` with sticky.
///
/// The sticky is four 16-bit group ORs of `{sig, 00}` side by side, each
/// enabled by the shift's multiple of 16 (`sh ≤ 66`: `sh[6:4]` is 0..=4,
/// and group `k` is shifted out when it is above `k`), not the 64-, 32- and
/// 16-bit ORs of the shifter's stages in series.
#[derive(LogicBlock, Default)]
pub struct AlignCoarse {
    pub s8: Signal<In, Stage8>,
    pub t: Signal<In, Terms>,
    pub s9: Signal<Out, Stage9>,
    sh: Signal<Local, Bits<7>>,
    j: Signal<Local, Bits<3>>,
    x0: Signal<Local, Bits<66>>,
    x64: Signal<Local, Bits<66>>,
    x32: Signal<Local, Bits<66>>,
    x16: Signal<Local, Bits<66>>,
    /// `{sig, 00}`'s 16-bit groups 0..=3 have a one.
    g0: Signal<Local, Bit>,
    g1: Signal<Local, Bit>,
    g2: Signal<Local, Bit>,
    g3: Signal<Local, Bit>,
}

impl Logic for AlignCoarse {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh.next = self.t.val().sh;
        self.j.next = self.sh.val().get_bits::<3>(4);
        self.x0.next = bit_cast::<66, 64>(self.s8.val().sig) << 2;
        self.x64.next = self.x0.val();
        if self.sh.val().get_bit(6) {
            self.x64.next = self.x0.val() >> 64;
        }
        self.x32.next = self.x64.val();
        if self.sh.val().get_bit(5) {
            self.x32.next = self.x64.val() >> 32;
        }
        self.x16.next = self.x32.val();
        if self.sh.val().get_bit(4) {
            self.x16.next = self.x32.val() >> 16;
        }
        self.s9.next.x = self.x16.val();
        self.g0.next = self.x0.val().get_bits::<16>(0).any();
        self.g1.next = self.x0.val().get_bits::<16>(16).any();
        self.g2.next = self.x0.val().get_bits::<16>(32).any();
        self.g3.next = self.x0.val().get_bits::<16>(48).any();
        self.s9.next.st = self.s8.val().sin
            | (self.g0.val() & (self.j.val() >= 1))
            | (self.g1.val() & (self.j.val() >= 2))
            | (self.g2.val() & (self.j.val() >= 3))
            | (self.g3.val() & (self.j.val() >= 4));
        self.s9.next.sh_lo = self.sh.val().get_bits::<4>(0);
    }
}

/// Phase 10: right shift by `sh[3:0]` with sticky; kept, `r`, `r2`.
#[derive(LogicBlock, Default)]
pub struct AlignFine {
    pub s9: Signal<In, Stage9>,
    pub s10: Signal<Out, Stage10>,
    sh: Signal<Local, Bits<4>>,
    x0: Signal<Local, Bits<66>>,
    x8: Signal<Local, Bits<66>>,
    x4: Signal<Local, Bits<66>>,
    x2: Signal<Local, Bits<66>>,
    x1: Signal<Local, Bits<66>>,
    st8: Signal<Local, Bit>,
    st4: Signal<Local, Bit>,
    st2: Signal<Local, Bit>,
    st1: Signal<Local, Bit>,
}

impl Logic for AlignFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh.next = self.s9.val().sh_lo;
        self.x0.next = self.s9.val().x;
        self.x8.next = self.x0.val();
        self.st8.next = self.s9.val().st;
        if self.sh.val().get_bit(3) {
            self.x8.next = self.x0.val() >> 8;
            self.st8.next = self.s9.val().st | self.x0.val().get_bits::<8>(0).any();
        }
        self.x4.next = self.x8.val();
        self.st4.next = self.st8.val();
        if self.sh.val().get_bit(2) {
            self.x4.next = self.x8.val() >> 4;
            self.st4.next = self.st8.val() | self.x8.val().get_bits::<4>(0).any();
        }
        self.x2.next = self.x4.val();
        self.st2.next = self.st4.val();
        if self.sh.val().get_bit(1) {
            self.x2.next = self.x4.val() >> 2;
            self.st2.next = self.st4.val() | self.x4.val().get_bits::<2>(0).any();
        }
        self.x1.next = self.x2.val();
        self.st1.next = self.st2.val();
        if self.sh.val().get_bit(0) {
            self.x1.next = self.x2.val() >> 1;
            self.st1.next = self.st2.val() | self.x2.val().get_bit(0);
        }
        self.s10.next.kept = self.x1.val().get_bits::<64>(2);
        self.s10.next.r = self.x1.val().get_bit(1);
        self.s10.next.r2 = self.x1.val().get_bit(0);
        self.s10.next.st = self.st1.val();
    }
}

/// Phase 11: the increment in the mode, inexact, tininess after rounding.
#[derive(LogicBlock, Default)]
pub struct Decide {
    pub ctl: Signal<In, Ctl>,
    pub s10: Signal<In, Stage10>,
    pub t: Signal<In, Terms>,
    pub s11: Signal<Out, Stage11>,
    /// Rounding at the destination's LSB, and one place below it.
    rup: RoundUp,
    rup_fine: RoundUp,
    kept: Signal<Local, Bits<64>>,
    ones: Signal<Local, Bit>,
}

impl Logic for Decide {
    #[hdl_gen]
    fn update(&mut self) {
        self.kept.next = self.s10.val().kept;
        self.rup.rm.next = self.ctl.val().rm;
        self.rup.sign.next = self.ctl.val().sign;
        self.rup.lsb.next = self.kept.val().get_bit(0);
        self.rup.round.next = self.s10.val().r;
        self.rup.sticky.next = self.s10.val().r2 | self.s10.val().st;
        self.rup_fine.rm.next = self.ctl.val().rm;
        self.rup_fine.sign.next = self.ctl.val().sign;
        self.rup_fine.lsb.next = true;
        self.rup_fine.round.next = self.s10.val().r2;
        self.rup_fine.sticky.next = self.s10.val().st;
        self.ones.next = self.kept.val().get_bits::<52>(0).all();
        if self.ctl.val().d32 {
            self.ones.next = self.kept.val().get_bits::<23>(0).all();
        }
        self.s11.next.kept = self.kept.val();
        self.s11.next.up = self.rup.up.val();
        self.s11.next.inexact = self.s10.val().r | self.s10.val().r2 | self.s10.val().st;
        self.s11.next.tiny = self.t.val().tlt
            | (self.t.val().teq & !(self.ones.val() & self.s10.val().r & self.rup_fine.up.val()));
    }
}

/// Phase 12: the increment (one 64-bit chain); the integer forms.
#[derive(LogicBlock, Default)]
pub struct Increment {
    pub ctl: Signal<In, Ctl>,
    pub s11: Signal<In, Stage11>,
    pub t: Signal<In, Terms>,
    pub s12: Signal<Out, Stage12>,
    kept: Signal<Local, Bits<64>>,
    k32: Signal<Local, Bits<32>>,
    sign: Signal<Local, Bit>,
}

impl Logic for Increment {
    #[hdl_gen]
    fn update(&mut self) {
        self.kept.next = self.s11.val().kept;
        self.k32.next = self.kept.val().get_bits::<32>(0);
        self.sign.next = self.ctl.val().sign;
        self.s12.next.kr = self.kept.val() + bit_cast::<64, 1>(self.s11.val().up.into());
        self.s12.next.inexact = self.s11.val().inexact;
        self.s12.next.tiny = self.s11.val().tiny;
        self.s12.next.base_zero = !self.t.val().base.any();
        // int32: −2^31 ≤ value ≤ 2^31 − 1; uint32: 0 ≤ value ≤ 2^32 − 1 (after RTZ).
        self.s12.next.ires = self.k32.val();
        self.s12.next.ivalid = self.t.val().le30;
        if self.sign.val() {
            self.s12.next.ires = (!self.k32.val()) + 1;
            self.s12.next.ivalid =
                self.t.val().le30 | (self.t.val().eq31 & !self.k32.val().get_bits::<31>(0).any());
        }
        if self.ctl.val().to_u {
            self.s12.next.ires = self.k32.val();
            self.s12.next.ivalid = self.t.val().le31;
            if self.sign.val() {
                self.s12.next.ires = 0.into();
                self.s12.next.ivalid = !self.kept.val().any();
            }
        }
    }
}

/// Phase 13: the exponent field (a 14-bit add) and the encoding.
#[derive(LogicBlock)]
pub struct Pack {
    pub ctl: Signal<In, Ctl>,
    pub s12: Signal<In, Stage12>,
    pub t: Signal<In, Terms>,
    pub s13: Signal<Out, Stage13>,
    kr: Signal<Local, Bits<64>>,
    field: Signal<Local, Bits<EXP_W>>,
    sign64: Signal<Local, Bits<64>>,
    sign_bit: Constant<Bits<64>>,
}

impl Default for Pack {
    fn default() -> Self {
        Self {
            ctl: Default::default(),
            s12: Default::default(),
            t: Default::default(),
            s13: Default::default(),
            kr: Default::default(),
            field: Default::default(),
            sign64: Default::default(),
            sign_bit: Constant::new(0x8000_0000_0000_0000_u64.into()),
        }
    }
}

impl Logic for Pack {
    #[hdl_gen]
    fn update(&mut self) {
        self.kr.next = self.s12.val().kr;
        self.s13.next.inexact = self.s12.val().inexact;
        self.s13.next.tiny = self.s12.val().tiny;
        self.s13.next.ires = self.s12.val().ires;
        self.s13.next.ivalid = self.s12.val().ivalid;
        self.sign64.next = 0.into();
        if self.ctl.val().sign {
            self.sign64.next = self.sign_bit.val();
        }
        // binary64: field = base + kr[53:52].
        self.field.next = self.t.val().base + bit_cast::<EXP_W, 2>(self.kr.val().get_bits::<2>(52));
        self.s13.next.enc = self.sign64.val()
            | (bit_cast::<64, 11>(self.field.val().get_bits::<11>(0)) << 52)
            | bit_cast::<64, 52>(self.kr.val().get_bits::<52>(0));
        self.s13.next.overflow =
            self.t.val().over | (self.t.val().atmax & self.kr.val().get_bit(53));
        // A zero field (subnormal or zero): a carry out of the significand
        // at EMIN makes 2^(EMIN+1), not a subnormal. `base + kr[53:52]` is
        // 0 exactly when both are (no wrap: base < 2^14 − 3), so the test
        // reads registers, not the add (measured: the add and its zero
        // test were the slowest path of phase 13, 8.2–9.5 ns).
        self.s13.next.sub =
            self.s12.val().base_zero & (self.kr.val().get_bits::<2>(52) == 0) & self.kr.val().any();
        if self.ctl.val().d32 {
            // binary32: field = base + kr[24:23].
            self.field.next =
                self.t.val().base + bit_cast::<EXP_W, 2>(self.kr.val().get_bits::<2>(23));
            self.s13.next.enc = (self.sign64.val() >> 32)
                | (bit_cast::<64, 8>(self.field.val().get_bits::<8>(0)) << 23)
                | bit_cast::<64, 23>(self.kr.val().get_bits::<23>(0));
            self.s13.next.overflow =
                self.t.val().over | (self.t.val().atmax & self.kr.val().get_bit(24));
            self.s13.next.sub = self.s12.val().base_zero
                & (self.kr.val().get_bits::<2>(23) == 0)
                & self.kr.val().any();
        }
    }
}

/// Phase 14: overflow, FTZ, flags; the integers' saturation.
#[derive(LogicBlock)]
pub struct Final {
    pub ctl: Signal<In, Ctl>,
    pub s13: Signal<In, Stage13>,
    pub ans: Signal<Out, Rounded>,
    sign: Signal<Local, Bit>,
    sign64: Signal<Local, Bits<64>>,
    rm: Signal<Local, Bits<3>>,
    to_inf: Signal<Local, Bit>,
    inexact: Signal<Local, Bit>,
    sign_bit: Constant<Bits<64>>,
    inf64: Constant<Bits<64>>,
    max64: Constant<Bits<64>>,
    one64: Constant<Bits<64>>,
}

impl Default for Final {
    fn default() -> Self {
        Self {
            ctl: Default::default(),
            s13: Default::default(),
            ans: Default::default(),
            sign: Default::default(),
            sign64: Default::default(),
            rm: Default::default(),
            to_inf: Default::default(),
            inexact: Default::default(),
            sign_bit: Constant::new(0x8000_0000_0000_0000_u64.into()),
            inf64: Constant::new(0x7ff0_0000_0000_0000_u64.into()),
            max64: Constant::new(0x7fef_ffff_ffff_ffff_u64.into()),
            one64: Constant::new(0x3ff0_0000_0000_0000_u64.into()),
        }
    }
}

impl Logic for Final {
    #[hdl_gen]
    fn update(&mut self) {
        self.sign.next = self.ctl.val().sign;
        self.rm.next = self.ctl.val().rm;
        self.inexact.next = self.s13.val().inexact;
        self.sign64.next = 0.into();
        if self.sign.val() {
            self.sign64.next = self.sign_bit.val();
            if self.ctl.val().d32 {
                self.sign64.next = 0x8000_0000_u64.into();
            }
        }
        self.ans.next.res = self.s13.val().enc;
        // ffract's 1.0 (never an overflow, a flush or an integer).
        self.ans.next.one = self.ctl.val().fract & (self.s13.val().enc == self.one64.val());
        self.ans.next.flags = 0.into();
        if self.inexact.val() {
            self.ans.next.flags = 0x01.into();
            if self.s13.val().tiny {
                self.ans.next.flags = 0x03.into();
            }
        }
        // Overflow: ∞ unless the mode rounds toward zero for this sign.
        self.to_inf.next = (self.rm.val() == 0)
            | (self.rm.val() == 4)
            | ((self.rm.val() == 2) & self.sign.val())
            | ((self.rm.val() == 3) & !self.sign.val());
        if self.s13.val().overflow {
            self.ans.next.flags = 0x05.into();
            if self.ctl.val().d32 {
                self.ans.next.res = self.sign64.val() | 0x7f7f_ffff_u64;
                if self.to_inf.val() {
                    self.ans.next.res = self.sign64.val() | 0x7f80_0000_u64;
                }
            } else {
                self.ans.next.res = self.sign64.val() | self.max64.val();
                if self.to_inf.val() {
                    self.ans.next.res = self.sign64.val() | self.inf64.val();
                }
            }
        } else if self.ctl.val().ftz & self.s13.val().sub {
            // FTZ after rounding: a subnormal result is ±0 with UF|NX.
            self.ans.next.res = self.sign64.val();
            self.ans.next.flags = 0x03.into();
        }
        if self.ctl.val().to_i | self.ctl.val().to_u {
            self.ans.next.res = bit_cast::<64, 32>(self.s13.val().ires);
            self.ans.next.flags = 0.into();
            if self.inexact.val() {
                self.ans.next.flags = 0x01.into();
            }
            if !self.s13.val().ivalid {
                self.ans.next.flags = 0x10.into();
                if self.ctl.val().to_i {
                    self.ans.next.res = 0x7fff_ffff_u64.into();
                    if self.sign.val() {
                        self.ans.next.res = 0x8000_0000_u64.into();
                    }
                } else {
                    self.ans.next.res = 0xffff_ffff_u64.into();
                    if self.sign.val() {
                        self.ans.next.res = 0.into();
                    }
                }
            }
        }
    }
}

/// Phase 15: the forced answer or the rounder's; ffract's clamp below 1.
#[derive(LogicBlock)]
pub struct Merge {
    pub ctl: Signal<In, Ctl>,
    pub ans_in: Signal<In, Rounded>,
    pub result: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, Bits<5>>,
    below_one: Constant<Bits<64>>,
}

impl Default for Merge {
    fn default() -> Self {
        Self {
            ctl: Default::default(),
            ans_in: Default::default(),
            result: Default::default(),
            flags: Default::default(),
            below_one: Constant::new(0x3fef_ffff_ffff_ffff_u64.into()),
        }
    }
}

impl Logic for Merge {
    #[hdl_gen]
    fn update(&mut self) {
        self.result.next = self.ans_in.val().res;
        self.flags.next = self.ans_in.val().flags;
        // ffract: min(a − floor(a), 1 − 2^−53); the rounding's flags stay.
        if self.ans_in.val().one {
            self.result.next = self.below_one.val();
        }
        if self.ctl.val().take {
            self.result.next = self.ctl.val().fres;
            self.flags.next = self.ctl.val().fflags;
        }
    }
}
