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

use super::{Ctl, CvtDec, Stage1, Stage2, EOFF, EXP_W};
use rust_hdl::prelude::*;

/// `EOFF` less the binary64, binary32 and integer sources' LSB exponents at
/// biased exponent 0: `ebase = ex + k` (`ex` the biased exponent, at least 1).
const K64: u64 = (EOFF - 1075) as u64;
const K32: u64 = (EOFF - 150) as u64;
const KINT: u64 = EOFF as u64;

/// The operation's decode for phase 1, combinational: [`CvtDec`] from
/// the op code. The `fp64` unit registers it in its front register; the
/// stand-alone [`Fp64Convert`](super::Fp64Convert) puts it in front of phase 1.
#[derive(LogicBlock, Default)]
pub struct ConvertDecode {
    /// The operation ([`Fp64Op::code`](crate::fp64::Fp64Op::code)).
    pub op: Signal<In, Bits<6>>,
    pub dec: Signal<Out, CvtDec>,
}

impl Logic for ConvertDecode {
    #[hdl_gen]
    fn update(&mut self) {
        self.dec.next.w32 = self.op.val() == 15;
        self.dec.next.fi = self.op.val() == 19;
        self.dec.next.fu = self.op.val() == 20;
        self.dec.next.ldexp = self.op.val() == 8;
        self.dec.next.rnd = (self.op.val() >= 10) & (self.op.val() <= 13);
        self.dec.next.fract = self.op.val() == 14;
        self.dec.next.d32 = (self.op.val() == 16) | (self.op.val() == 39);
        self.dec.next.to_i = self.op.val() == 17;
        self.dec.next.to_u = self.op.val() == 18;
        self.dec.next.mant = self.op.val() == 21;
        self.dec.next.exp = self.op.val() == 22;
        // ffloor RDN, fceil RUP, ftrunc RTZ, frndne RNE; to an integer RTZ.
        self.dec.next.rm_force = ((self.op.val() >= 10) & (self.op.val() <= 13))
            | (self.op.val() == 17)
            | (self.op.val() == 18);
        self.dec.next.rm_fixed = 1.into();
        if self.op.val() == 10 {
            self.dec.next.rm_fixed = 2.into();
        }
        if self.op.val() == 11 {
            self.dec.next.rm_fixed = 3.into();
        }
        if self.op.val() == 13 {
            self.dec.next.rm_fixed = 0.into();
        }
    }
}

/// Phase 1: fields, class, an integer's magnitude, fldexp's exponent.
#[derive(LogicBlock)]
pub struct Unpack {
    /// The operation, decoded ([`ConvertDecode`]).
    pub dec: Signal<In, CvtDec>,
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
    hid64: Signal<Local, Bit>,
    hid32: Signal<Local, Bit>,
    /// fldexp's `k64 + s2[13:0]`.
    bk: Signal<Local, Bits<EXP_W>>,
    /// `k` of a binary64, binary32 and integer source; of fldexp with s2
    /// saturated to 4095 and −4096 (constants: literals would export as 32 bits).
    k64: Constant<Bits<EXP_W>>,
    k32: Constant<Bits<EXP_W>>,
    kint: Constant<Bits<EXP_W>>,
    k_max: Constant<Bits<EXP_W>>,
    k_min: Constant<Bits<EXP_W>>,
}

impl Default for Unpack {
    fn default() -> Self {
        Self {
            dec: Default::default(),
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
            hid64: Default::default(),
            hid32: Default::default(),
            bk: Default::default(),
            k64: Constant::new(K64.into()),
            k32: Constant::new(K32.into()),
            kint: Constant::new(KINT.into()),
            k_max: Constant::new((K64 + 4095).into()),
            k_min: Constant::new((K64 - 4096).into()),
        }
    }
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- decode (registered by the unit: [`ConvertDecode`]) ----
        self.w32.next = self.dec.val().w32;
        self.fi.next = self.dec.val().fi;
        self.fu.next = self.dec.val().fu;
        self.ctl.next.ldexp = self.dec.val().ldexp;
        self.ctl.next.rnd = self.dec.val().rnd;
        self.ctl.next.fract = self.dec.val().fract;
        self.ctl.next.d32 = self.dec.val().d32;
        self.ctl.next.to_i = self.dec.val().to_i;
        self.ctl.next.to_u = self.dec.val().to_u;
        self.ctl.next.mant = self.dec.val().mant;
        self.ctl.next.exp = self.dec.val().exp;
        self.ctl.next.rm = self.rm.val();
        if self.dec.val().rm_force {
            self.ctl.next.rm = self.dec.val().rm_fixed;
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

        // ---- the source's exponent terms: ebase = ex + k (one add in phase 2) ----
        self.hid64.next = self.e.val().any();
        self.hid32.next = self.e32.val().any();
        self.s1.next.hid64 = self.hid64.val();
        self.s1.next.hid = self.hid64.val();
        self.s1.next.ex = bit_cast::<EXP_W, 11>(self.e.val());
        if !self.hid64.val() {
            self.s1.next.ex = 1.into();
        }
        // binary64: LSB at 2^(E − 1075) = 2^(ebase − 8192), k = 7117.
        self.s1.next.k = self.k64.val();
        // fldexp: k + s2, s2 saturated to [−4096, 4095] (the add runs beside
        // the saturation test, on the low 14 bits).
        self.bk.next = self.b.val().get_bits::<EXP_W>(0) + self.k64.val();
        if self.dec.val().ldexp {
            self.s1.next.k = self.bk.val();
            if (!self.b.val().get_bit(31)) & self.b.val().get_bits::<19>(12).any() {
                self.s1.next.k = self.k_max.val();
            }
            if self.b.val().get_bit(31) & !self.b.val().get_bits::<19>(12).all() {
                self.s1.next.k = self.k_min.val();
            }
        }
        if self.w32.val() {
            // binary32: LSB at 2^(E − 150), k = 8042.
            self.s1.next.hid = self.hid32.val();
            self.s1.next.ex = bit_cast::<EXP_W, 8>(self.e32.val());
            if !self.hid32.val() {
                self.s1.next.ex = 1.into();
            }
            self.s1.next.k = self.k32.val();
        }
        if self.fi.val() | self.fu.val() {
            // An integer: LSB at 2^0.
            self.s1.next.ex = 0.into();
            self.s1.next.k = self.kint.val();
        }
    }
}

/// Phase 2: the rounder's source, the special operands' answers, and
/// round-to-integral's fraction positions.
///
/// The special answer is flat: each field of the result (binary64 sign,
/// exponent, quiet bit; binary32 sign, exponent, quiet bit; the rest of
/// an integer's 31 bits) is one enable from the class and the destination,
/// so every result bit is one or two LUT levels from the registers.
#[derive(LogicBlock)]
pub struct Source {
    pub ctl_in: Signal<In, Ctl>,
    pub s1: Signal<In, Stage1>,
    pub ctl: Signal<Out, Ctl>,
    pub s2: Signal<Out, Stage2>,
    e: Signal<Local, Bits<11>>,
    hm: Signal<Local, Bits<53>>,
    /// `1075 − E`, `1074 − E`, `1022 − E` (modulo 2^11).
    f11: Signal<Local, Bits<11>>,
    fm1_11: Signal<Local, Bits<11>>,
    ssh11: Signal<Local, Bits<11>>,
    /// Destination classes: binary64 (not ffract), binary32, an integer
    /// saturating high (+∞ or NaN to int32/uint32).
    d64: Signal<Local, Bit>,
    sat: Signal<Local, Bit>,
    /// Field enables of the special answer.
    g63: Signal<Local, Bit>,
    g_e64: Signal<Local, Bit>,
    g51: Signal<Local, Bit>,
    g31: Signal<Local, Bit>,
    g_e32: Signal<Local, Bit>,
    g22: Signal<Local, Bit>,
    g_lo: Signal<Local, Bit>,
    /// The fields, placed.
    f63: Signal<Local, Bits<64>>,
    f_e64: Signal<Local, Bits<64>>,
    f51: Signal<Local, Bits<64>>,
    f31: Signal<Local, Bits<64>>,
    f_e32: Signal<Local, Bits<64>>,
    f22: Signal<Local, Bits<64>>,
    f_lo: Signal<Local, Bits<64>>,
    m63: Constant<Bits<64>>,
    m_e64: Constant<Bits<64>>,
    m51: Constant<Bits<64>>,
    m31: Constant<Bits<64>>,
    m_e32: Constant<Bits<64>>,
    m22: Constant<Bits<64>>,
    m_lo: Constant<Bits<64>>,
}

impl Default for Source {
    fn default() -> Self {
        Self {
            ctl_in: Default::default(),
            s1: Default::default(),
            ctl: Default::default(),
            s2: Default::default(),
            e: Default::default(),
            hm: Default::default(),
            f11: Default::default(),
            fm1_11: Default::default(),
            ssh11: Default::default(),
            d64: Default::default(),
            sat: Default::default(),
            g63: Default::default(),
            g_e64: Default::default(),
            g51: Default::default(),
            g31: Default::default(),
            g_e32: Default::default(),
            g22: Default::default(),
            g_lo: Default::default(),
            f63: Default::default(),
            f_e64: Default::default(),
            f51: Default::default(),
            f31: Default::default(),
            f_e32: Default::default(),
            f22: Default::default(),
            f_lo: Default::default(),
            m63: Constant::new((1u64 << 63).into()),
            m_e64: Constant::new(0x7ff0_0000_0000_0000_u64.into()),
            m51: Constant::new((1u64 << 51).into()),
            m31: Constant::new((1u64 << 31).into()),
            m_e32: Constant::new(0x7f80_0000_u64.into()),
            m22: Constant::new((1u64 << 22).into()),
            m_lo: Constant::new(0x003f_ffff_u64.into()),
        }
    }
}

impl Logic for Source {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl.next = self.ctl_in.val();
        self.e.next = self.s1.val().e;
        self.s2.next.a = self.s1.val().a;

        // ---- source: sig · 2^(ebase − 8192) ----
        self.hm.next = bit_cast::<53, 52>(self.s1.val().m);
        if self.s1.val().hid64 {
            self.hm.next = bit_cast::<53, 52>(self.s1.val().m) | 0x10_0000_0000_0000_u64;
        }
        self.s2.next.hm = self.hm.val();
        self.s2.next.negm = (!self.hm.val()) + 1;
        self.s2.next.sig = bit_cast::<64, 53>(self.hm.val());
        if self.s1.val().f32_src {
            self.s2.next.sig = bit_cast::<64, 23>(self.s1.val().m32);
            if self.s1.val().hid {
                self.s2.next.sig = bit_cast::<64, 23>(self.s1.val().m32) | 0x80_0000;
            }
        }
        if self.s1.val().int_src {
            self.s2.next.sig = bit_cast::<64, 32>(self.s1.val().mag);
        }
        self.s2.next.ebase = self.s1.val().ex + self.s1.val().k;

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
        // ±0: the destination's signed zero (integers and frexp.exp 0;
        // ffract +0, −0 under RDN). ±∞: kept by binary64 and binary32
        // destinations; ffract's canonical NaN with NV; integers saturate
        // with NV. NaN: the destination's canonical NaN (NV for an sNaN),
        // integers saturate high with NV. frexp.mant passes ±∞ and NaNs
        // through, frexp.exp answers 0, both without flags.
        self.ctl.next.take = self.s1.val().zero | self.s1.val().inf | self.s1.val().nan;
        self.d64.next = !(self.ctl_in.val().d32
            | self.ctl_in.val().to_i
            | self.ctl_in.val().to_u
            | self.ctl_in.val().fract
            | self.ctl_in.val().exp);
        self.sat.next = (self.ctl_in.val().to_i | self.ctl_in.val().to_u)
            & ((self.s1.val().inf & !self.ctl_in.val().sign) | self.s1.val().nan);
        self.g63.next =
            (self.d64.val() & (self.s1.val().zero | self.s1.val().inf) & self.ctl_in.val().sign)
                | (self.ctl_in.val().fract & self.s1.val().zero & (self.ctl_in.val().rm == 2));
        self.g_e64.next =
            (self.d64.val() | self.ctl_in.val().fract) & (self.s1.val().inf | self.s1.val().nan);
        self.g51.next = ((self.d64.val() | self.ctl_in.val().fract) & self.s1.val().nan)
            | (self.ctl_in.val().fract & self.s1.val().inf);
        self.g31.next = (self.ctl_in.val().d32
            & (self.s1.val().zero | self.s1.val().inf)
            & self.ctl_in.val().sign)
            | (self.ctl_in.val().to_i & self.s1.val().inf & self.ctl_in.val().sign)
            | (self.ctl_in.val().to_u & self.sat.val());
        self.g_e32.next =
            (self.ctl_in.val().d32 & (self.s1.val().inf | self.s1.val().nan)) | self.sat.val();
        self.g22.next = (self.ctl_in.val().d32 & self.s1.val().nan) | self.sat.val();
        self.g_lo.next = self.sat.val();
        self.f63.next = 0.into();
        if self.g63.val() {
            self.f63.next = self.m63.val();
        }
        self.f_e64.next = 0.into();
        if self.g_e64.val() {
            self.f_e64.next = self.m_e64.val();
        }
        self.f51.next = 0.into();
        if self.g51.val() {
            self.f51.next = self.m51.val();
        }
        self.f31.next = 0.into();
        if self.g31.val() {
            self.f31.next = self.m31.val();
        }
        self.f_e32.next = 0.into();
        if self.g_e32.val() {
            self.f_e32.next = self.m_e32.val();
        }
        self.f22.next = 0.into();
        if self.g22.val() {
            self.f22.next = self.m22.val();
        }
        self.f_lo.next = 0.into();
        if self.g_lo.val() {
            self.f_lo.next = self.m_lo.val();
        }
        self.ctl.next.fres = self.f63.val()
            | self.f_e64.val()
            | self.f51.val()
            | self.f31.val()
            | self.f_e32.val()
            | self.f22.val()
            | self.f_lo.val();
        self.ctl.next.fflags = 0.into();
        if (self.s1.val().inf
            & (self.ctl_in.val().fract | self.ctl_in.val().to_i | self.ctl_in.val().to_u))
            | (self.s1.val().nan
                & (self.ctl_in.val().to_i
                    | self.ctl_in.val().to_u
                    | (self.s1.val().snan & !(self.ctl_in.val().mant | self.ctl_in.val().exp))))
        {
            self.ctl.next.fflags = 0x10.into();
        }
        if self.ctl_in.val().mant & (self.s1.val().inf | self.s1.val().nan) {
            self.ctl.next.fres = self.s1.val().a;
        }
    }
}
