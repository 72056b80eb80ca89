//! Phases 1 and 2: decode the operation, read the source's fields and class
//! (DAZ applied), and form the rounder's source `sig · 2^(ebase − EOFF)`;
//! the special operands' answers; round-to-integral's fraction positions.
//!
//! Sources: a binary64 (every op but three), a binary32 (fcvt.f64.f32), an
//! int32/uint32 (fcvt.f64.i32/u32, whose magnitude is negated here, one
//! 32-bit carry chain). fldexp's exponent joins `ebase` in phase 2,
//! saturated to ±4096 in phase 1: from any binary64, `e + 4095` overflows
//! and `e − 4096` lies below every rounding position, as any larger |s2|.
//!
//! The operation codes are [`Fp64Op::code`](crate::fp64::Fp64Op::code)'s,
//! written as literals (`#[hdl_gen]` cannot read a Rust `const`);
//! `codes_match_the_op_table` checks them.

use super::{Ctl, Stage1, Stage2, EXP_W};
use rust_hdl::prelude::*;

/// Phase 1: decode, fields, class, an integer's magnitude, fldexp's exponent.
#[derive(LogicBlock)]
pub struct Unpack {
    /// The operation ([`Fp64Op::code`](crate::fp64::Fp64Op::code)).
    pub op: Signal<In, Bits<6>>,
    /// s1, s2 (fldexp), rounding mode, input and output flush (resolved).
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<32>>,
    pub rm: Signal<In, Bits<3>>,
    pub daz: Signal<In, Bit>,
    pub ftz: Signal<In, Bit>,
    pub ctl: Signal<Out, Ctl>,
    pub s1: Signal<Out, Stage1>,
    w32: Signal<Local, Bit>,
    fi: Signal<Local, Bit>,
    fu: Signal<Local, Bit>,
    e: Signal<Local, Bits<11>>,
    m: Signal<Local, Bits<52>>,
    e32: Signal<Local, Bits<8>>,
    m32: Signal<Local, Bits<23>>,
    a32: Signal<Local, Bits<32>>,
    /// −4096 in 14-bit two's complement (a literal would export as 32 bits).
    b_min: Constant<Bits<EXP_W>>,
}

impl Default for Unpack {
    fn default() -> Self {
        Self {
            op: Default::default(),
            a: Default::default(),
            b: Default::default(),
            rm: Default::default(),
            daz: Default::default(),
            ftz: Default::default(),
            ctl: Default::default(),
            s1: Default::default(),
            w32: Default::default(),
            fi: Default::default(),
            fu: Default::default(),
            e: Default::default(),
            m: Default::default(),
            e32: Default::default(),
            m32: Default::default(),
            a32: Default::default(),
            b_min: Constant::new(0x3000.into()),
        }
    }
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- decode ----
        self.w32.next = self.op.val() == 15;
        self.fi.next = self.op.val() == 19;
        self.fu.next = self.op.val() == 20;
        self.ctl.next.ldexp = self.op.val() == 8;
        self.ctl.next.rnd = (self.op.val() >= 10) & (self.op.val() <= 13);
        self.ctl.next.fract = self.op.val() == 14;
        self.ctl.next.d32 = (self.op.val() == 16) | (self.op.val() == 39);
        self.ctl.next.to_i = self.op.val() == 17;
        self.ctl.next.to_u = self.op.val() == 18;
        self.ctl.next.mant = self.op.val() == 21;
        self.ctl.next.exp = self.op.val() == 22;
        // ffloor RDN, fceil RUP, ftrunc RTZ, frndne RNE; to an integer RTZ.
        self.ctl.next.rm = self.rm.val();
        if self.op.val() == 10 {
            self.ctl.next.rm = 2.into();
        }
        if self.op.val() == 11 {
            self.ctl.next.rm = 3.into();
        }
        if (self.op.val() == 12) | (self.op.val() == 17) | (self.op.val() == 18) {
            self.ctl.next.rm = 1.into();
        }
        if self.op.val() == 13 {
            self.ctl.next.rm = 0.into();
        }
        self.ctl.next.ftz = self.ftz.val();
        self.ctl.next.take = false;
        self.ctl.next.fres = 0.into();
        self.ctl.next.fflags = 0.into();

        // ---- fields ----
        self.e.next = self.a.val().get_bits::<11>(52);
        self.m.next = self.a.val().get_bits::<52>(0);
        self.e32.next = self.a.val().get_bits::<8>(23);
        self.m32.next = self.a.val().get_bits::<23>(0);
        self.a32.next = self.a.val().get_bits::<32>(0);
        self.s1.next.a = self.a.val();
        self.s1.next.e = self.e.val();
        self.s1.next.m = self.m.val();
        self.s1.next.e32 = self.e32.val();
        self.s1.next.m32 = self.m32.val();
        self.s1.next.int_src = self.fi.val() | self.fu.val();
        self.s1.next.f32_src = self.w32.val();

        // ---- class of the op's source ----
        self.ctl.next.sign = self.a.val().get_bit(63);
        self.s1.next.zero = (!self.e.val().any()) & ((!self.m.val().any()) | self.daz.val());
        self.s1.next.inf = self.e.val().all() & !self.m.val().any();
        self.s1.next.nan = self.e.val().all() & self.m.val().any();
        self.s1.next.snan = self.e.val().all() & self.m.val().any() & !self.m.val().get_bit(51);
        if self.w32.val() {
            self.ctl.next.sign = self.a.val().get_bit(31);
            self.s1.next.zero =
                (!self.e32.val().any()) & ((!self.m32.val().any()) | self.daz.val());
            self.s1.next.inf = self.e32.val().all() & !self.m32.val().any();
            self.s1.next.nan = self.e32.val().all() & self.m32.val().any();
            self.s1.next.snan =
                self.e32.val().all() & self.m32.val().any() & !self.m32.val().get_bit(22);
        }
        self.s1.next.mag = self.a32.val();
        if self.fi.val() | self.fu.val() {
            self.ctl.next.sign = self.fi.val() & self.a32.val().get_bit(31);
            self.s1.next.zero = !self.a32.val().any();
            self.s1.next.inf = false;
            self.s1.next.nan = false;
            self.s1.next.snan = false;
            if self.fi.val() & self.a32.val().get_bit(31) {
                self.s1.next.mag = (!self.a32.val()) + 1;
            }
        }

        // ---- fldexp's exponent, saturated to [−4096, 4095] ----
        self.s1.next.b = self.b.val().get_bits::<EXP_W>(0);
        if (!self.b.val().get_bit(31)) & self.b.val().get_bits::<19>(12).any() {
            self.s1.next.b = 0x0FFF.into();
        }
        if self.b.val().get_bit(31) & !self.b.val().get_bits::<19>(12).all() {
            self.s1.next.b = self.b_min.val();
        }
    }
}

/// Phase 2: the rounder's source, the special operands' answers, and
/// round-to-integral's fraction positions.
#[derive(LogicBlock)]
pub struct Source {
    pub ctl_in: Signal<In, Ctl>,
    pub s1: Signal<In, Stage1>,
    pub ctl: Signal<Out, Ctl>,
    pub s2: Signal<Out, Stage2>,
    e: Signal<Local, Bits<11>>,
    e_ext: Signal<Local, Bits<EXP_W>>,
    e32_ext: Signal<Local, Bits<EXP_W>>,
    hid: Signal<Local, Bit>,
    hm: Signal<Local, Bits<53>>,
    sign: Signal<Local, Bit>,
    sign_bit: Signal<Local, Bits<64>>,
    /// `1075 − E`, `1074 − E`, `1022 − E` (modulo 2^11).
    f11: Signal<Local, Bits<11>>,
    fm1_11: Signal<Local, Bits<11>>,
    ssh11: Signal<Local, Bits<11>>,
    /// Canonical NaN of binary64; ±∞ of binary64 and binary32.
    nan64: Constant<Bits<64>>,
    inf64: Constant<Bits<64>>,
    sign64: Constant<Bits<64>>,
}

impl Default for Source {
    fn default() -> Self {
        Self {
            ctl_in: Default::default(),
            s1: Default::default(),
            ctl: Default::default(),
            s2: Default::default(),
            e: Default::default(),
            e_ext: Default::default(),
            e32_ext: Default::default(),
            hid: Default::default(),
            hm: Default::default(),
            sign: Default::default(),
            sign_bit: Default::default(),
            f11: Default::default(),
            fm1_11: Default::default(),
            ssh11: Default::default(),
            nan64: Constant::new(0x7ff8_0000_0000_0000_u64.into()),
            inf64: Constant::new(0x7ff0_0000_0000_0000_u64.into()),
            sign64: Constant::new(0x8000_0000_0000_0000_u64.into()),
        }
    }
}

impl Logic for Source {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl.next = self.ctl_in.val();
        self.e.next = self.s1.val().e;
        self.sign.next = self.ctl_in.val().sign;
        self.sign_bit.next = 0.into();
        if self.sign.val() {
            self.sign_bit.next = self.sign64.val();
        }
        self.s2.next.a = self.s1.val().a;

        // ---- source: sig · 2^(ebase − 8192) ----
        // binary64: ebase = max(E, 1) − 1075 + 8192; binary32: − 150.
        self.hid.next = self.e.val().any();
        self.hm.next = bit_cast::<53, 52>(self.s1.val().m);
        if self.hid.val() {
            self.hm.next = bit_cast::<53, 52>(self.s1.val().m) | 0x10_0000_0000_0000_u64;
        }
        self.s2.next.hm = self.hm.val();
        self.e_ext.next = bit_cast::<EXP_W, 11>(self.e.val());
        if !self.hid.val() {
            self.e_ext.next = 1.into();
        }
        self.e32_ext.next = bit_cast::<EXP_W, 8>(self.s1.val().e32);
        if !self.s1.val().e32.any() {
            self.e32_ext.next = 1.into();
        }
        self.s2.next.sig = bit_cast::<64, 53>(self.hm.val());
        self.s2.next.ebase = self.e_ext.val() + 7117;
        if self.ctl_in.val().ldexp {
            self.s2.next.ebase = self.e_ext.val() + 7117 + self.s1.val().b;
        }
        if self.s1.val().f32_src {
            self.s2.next.sig = bit_cast::<64, 23>(self.s1.val().m32);
            if self.s1.val().e32.any() {
                self.s2.next.sig = bit_cast::<64, 23>(self.s1.val().m32) | 0x80_0000;
            }
            self.s2.next.ebase = self.e32_ext.val() + 8042;
        }
        if self.s1.val().int_src {
            self.s2.next.sig = bit_cast::<64, 32>(self.s1.val().mag);
            self.s2.next.ebase = 8192.into();
        }

        // ---- round-to-integral's positions: e = E − 1023, f = 52 − e ----
        self.f11.next = 1075 - self.e.val();
        self.fm1_11.next = 1074 - self.e.val();
        self.ssh11.next = 1022 - self.e.val();
        self.s2.next.f = self.f11.val().get_bits::<6>(0);
        self.s2.next.fm1 = self.fm1_11.val().get_bits::<6>(0);
        self.s2.next.mid = (self.e.val() >= 1023) & (self.e.val() <= 1074);
        self.s2.next.small = self.e.val() <= 1022;
        self.s2.next.big = self.e.val() >= 1075;
        self.s2.next.half = self.e.val() == 1022;
        self.s2.next.ssh = self.ssh11.val().get_bits::<6>(0);
        if self.e.val() <= 959 {
            self.s2.next.ssh = 63.into();
        }

        // ---- special operands: ±0, ±∞, NaN ----
        if self.s1.val().zero | self.s1.val().inf | self.s1.val().nan {
            self.ctl.next.take = true;
        }
        if self.s1.val().zero {
            // Signed zero of the destination; integers 0; ffract +0 (−0 under RDN).
            self.ctl.next.fres = self.sign_bit.val();
            if self.ctl_in.val().d32 & self.sign.val() {
                self.ctl.next.fres = 0x8000_0000_u64.into();
            }
            if self.ctl_in.val().to_i | self.ctl_in.val().to_u | self.ctl_in.val().exp {
                self.ctl.next.fres = 0.into();
            }
            if self.ctl_in.val().fract {
                self.ctl.next.fres = 0.into();
                if self.ctl_in.val().rm == 2 {
                    self.ctl.next.fres = self.sign64.val();
                }
            }
        }
        if self.s1.val().inf {
            // ±∞ kept (fldexp, round-to-integral, frexp.mant), widened or
            // narrowed; ffract invalid; integers saturate with NV.
            self.ctl.next.fres = self.sign_bit.val() | self.inf64.val();
            if self.ctl_in.val().d32 {
                self.ctl.next.fres = 0x7f80_0000_u64.into();
                if self.sign.val() {
                    self.ctl.next.fres = 0xff80_0000_u64.into();
                }
            }
            if self.ctl_in.val().fract {
                self.ctl.next.fres = self.nan64.val();
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().to_i {
                self.ctl.next.fres = 0x7fff_ffff_u64.into();
                if self.sign.val() {
                    self.ctl.next.fres = 0x8000_0000_u64.into();
                }
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().to_u {
                self.ctl.next.fres = 0xffff_ffff_u64.into();
                if self.sign.val() {
                    self.ctl.next.fres = 0.into();
                }
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().mant {
                self.ctl.next.fres = self.s1.val().a;
            }
            if self.ctl_in.val().exp {
                self.ctl.next.fres = 0.into();
            }
        }
        if self.s1.val().nan {
            // Canonical NaN, NV for an sNaN; frexp passes it through.
            self.ctl.next.fres = self.nan64.val();
            if self.s1.val().snan {
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().d32 {
                self.ctl.next.fres = 0x7fc0_0000_u64.into();
            }
            if self.ctl_in.val().to_i {
                self.ctl.next.fres = 0x7fff_ffff_u64.into();
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().to_u {
                self.ctl.next.fres = 0xffff_ffff_u64.into();
                self.ctl.next.fflags = 0x10.into();
            }
            if self.ctl_in.val().mant {
                self.ctl.next.fres = self.s1.val().a;
                self.ctl.next.fflags = 0.into();
            }
            if self.ctl_in.val().exp {
                self.ctl.next.fres = 0.into();
                self.ctl.next.fflags = 0.into();
            }
        }
    }
}
