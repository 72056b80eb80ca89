//! Phases 7 and 8: the normalising left shift by the leading-zero count of
//! phase 6 ([`Lzc64`](crate::hw::lzc::Lzc64)), split 32/16/8 then 4/2/1,
//! and the exponent of the leading one; then, from that exponent alone,
//! the destination's terms ([`Terms`]): the right shift that puts its LSB
//! in place, the exponent field's base, the overflow and tininess tests,
//! the integer ranges. frexp.mant takes e = −1 here (its answer is the
//! normalised significand with the exponent of 0.5), frexp.exp its answer
//! `e + 1`.
//!
//! Exponents are offset by [`EOFF`](super::EOFF) = 8192 in 14 bits, the
//! literals below (binary64 EMIN −1022 ↦ 7170, EMAX 1023 ↦ 9215; binary32
//! −126 ↦ 8066, 127 ↦ 8319; an integer's LSB 2^0: shift `63 − e`).

use super::{Ctl, Source, Stage7, Stage8, Terms, EXP_W};
use rust_hdl::prelude::*;

/// Phase 7: shift left by `lz[5:3]·8`; `e = ebase + 63 − lz`; the
/// destination's constants for phase 8.
#[derive(LogicBlock, Default)]
pub struct NormCoarse {
    pub ctl: Signal<In, Ctl>,
    pub src: Signal<In, Source>,
    pub s7: Signal<Out, Stage7>,
    lz: Signal<Local, Bits<7>>,
    x0: Signal<Local, Bits<64>>,
    x32: Signal<Local, Bits<64>>,
    x16: Signal<Local, Bits<64>>,
    x8: Signal<Local, Bits<64>>,
}

impl Logic for NormCoarse {
    #[hdl_gen]
    fn update(&mut self) {
        self.lz.next = self.src.val().lz;
        self.x0.next = self.src.val().sig;
        self.x32.next = self.x0.val();
        if self.lz.val().get_bit(5) {
            self.x32.next = self.x0.val() << 32;
        }
        self.x16.next = self.x32.val();
        if self.lz.val().get_bit(4) {
            self.x16.next = self.x32.val() << 16;
        }
        self.x8.next = self.x16.val();
        if self.lz.val().get_bit(3) {
            self.x8.next = self.x16.val() << 8;
        }
        self.s7.next.sig = self.x8.val();
        self.s7.next.eb = self.src.val().ebase + 63 - bit_cast::<EXP_W, 7>(self.lz.val());
        self.s7.next.sin = self.src.val().sin;
        self.s7.next.lz_lo = self.lz.val().get_bits::<3>(0);
        // ---- the destination's constants ----
        // Picked here and registered, so phase 8's compare chains start
        // from registers (measured: the select from `ctl[6]` in front of
        // the chains, 7.6–8.1 ns, the slowest path of f9c9806 on every
        // seed). binary64 (the default, and the integers' range terms):
        // LSB 2^(max(e, −1022) − 52): c 7181, hi 11 from e = −1022
        // (7170), 66 at and below 7115; base from EMIN 7170.
        self.s7.next.k = 7181.into();
        self.s7.next.g = 7170.into();
        self.s7.next.l = 7115.into();
        self.s7.next.hi = 11.into();
        self.s7.next.gb = 7170.into();
        if self.ctl.val().d32 {
            // binary32: LSB 2^(max(e, −126) − 23).
            self.s7.next.k = 8106.into();
            self.s7.next.g = 8066.into();
            self.s7.next.l = 8040.into();
            self.s7.next.hi = 40.into();
            self.s7.next.gb = 8066.into();
        }
        if self.ctl.val().to_i | self.ctl.val().to_u {
            // Integers: LSB 2^0 (the exponent base stays binary64's).
            self.s7.next.k = 8255.into();
            self.s7.next.g = 8255.into();
            self.s7.next.l = 8189.into();
            self.s7.next.hi = 0.into();
        }
    }
}

/// Phase 8: shift left by `lz[2:0]`; the destination's terms; frexp.
#[derive(LogicBlock)]
pub struct NormFine {
    pub ctl_in: Signal<In, Ctl>,
    pub s7: Signal<In, Stage7>,
    pub ctl: Signal<Out, Ctl>,
    pub s8: Signal<Out, Stage8>,
    pub t: Signal<Out, Terms>,
    lz: Signal<Local, Bits<3>>,
    x0: Signal<Local, Bits<64>>,
    x4: Signal<Local, Bits<64>>,
    x2: Signal<Local, Bits<64>>,
    eb: Signal<Local, Bits<EXP_W>>,
    /// The destination's constants ([`Stage7`]): the shift's `c`
    /// (`sh = c − eb`), the exponent at and above which the shift is `hi`,
    /// the one at and below which it is 66, and the exponent base's EMIN.
    k_sel: Signal<Local, Bits<EXP_W>>,
    g_sel: Signal<Local, Bits<EXP_W>>,
    l_sel: Signal<Local, Bits<EXP_W>>,
    hi_sel: Signal<Local, Bits<7>>,
    gb_sel: Signal<Local, Bits<EXP_W>>,
    /// `c − eb`.
    d: Signal<Local, Bits<EXP_W>>,
    /// frexp.exp: `e + 1` in 14 and 32 bits.
    ex: Signal<Local, Bits<EXP_W>>,
    ex32: Signal<Local, Bits<32>>,
    sext: Constant<Bits<32>>,
}

impl Default for NormFine {
    fn default() -> Self {
        Self {
            ctl_in: Default::default(),
            s7: Default::default(),
            ctl: Default::default(),
            s8: Default::default(),
            t: Default::default(),
            lz: Default::default(),
            x0: Default::default(),
            x4: Default::default(),
            x2: Default::default(),
            eb: Default::default(),
            k_sel: Default::default(),
            g_sel: Default::default(),
            l_sel: Default::default(),
            hi_sel: Default::default(),
            gb_sel: Default::default(),
            d: Default::default(),
            ex: Default::default(),
            ex32: Default::default(),
            sext: Constant::new(0xFFFF_C000_u64.into()),
        }
    }
}

impl Logic for NormFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl.next = self.ctl_in.val();
        self.lz.next = self.s7.val().lz_lo;
        self.x0.next = self.s7.val().sig;
        self.x4.next = self.x0.val();
        if self.lz.val().get_bit(2) {
            self.x4.next = self.x0.val() << 4;
        }
        self.x2.next = self.x4.val();
        if self.lz.val().get_bit(1) {
            self.x2.next = self.x4.val() << 2;
        }
        self.s8.next.sig = self.x2.val();
        if self.lz.val().get_bit(0) {
            self.s8.next.sig = self.x2.val() << 1;
        }
        self.s8.next.sin = self.s7.val().sin;

        // ---- frexp ----
        self.eb.next = self.s7.val().eb;
        self.ex.next = self.eb.val() - 8191;
        self.ex32.next = bit_cast::<32, EXP_W>(self.ex.val());
        if self.ex.val().get_bit(13) {
            self.ex32.next = bit_cast::<32, EXP_W>(self.ex.val()) | self.sext.val();
        }
        if self.ctl_in.val().exp & !self.ctl_in.val().take {
            self.ctl.next.take = true;
            self.ctl.next.fres = bit_cast::<64, 32>(self.ex32.val());
            self.ctl.next.fflags = 0.into();
        }
        // ---- the destination's terms ----
        // Its constants come registered from phase 7 ([`Stage7`]), so one
        // chain per term follows and only the clamp after it (measured:
        // the three destinations' terms in parallel, picked after their
        // chains, 7.5–8.9 ns; the constants picked here from `ctl`, then
        // the chains, 7.6–8.1 ns). frexp.mant's terms, binary64 at
        // e = −1, are constants picked last.
        self.k_sel.next = self.s7.val().k;
        self.g_sel.next = self.s7.val().g;
        self.l_sel.next = self.s7.val().l;
        self.hi_sel.next = self.s7.val().hi;
        self.gb_sel.next = self.s7.val().gb;
        self.d.next = self.k_sel.val() - self.eb.val();
        self.t.next.sh = self.d.val().get_bits::<7>(0);
        if self.eb.val() >= self.g_sel.val() {
            self.t.next.sh = self.hi_sel.val();
        }
        if self.eb.val() <= self.l_sel.val() {
            self.t.next.sh = 66.into();
        }
        self.t.next.base = 0.into();
        if self.eb.val() >= self.gb_sel.val() {
            self.t.next.base = self.eb.val() - self.gb_sel.val();
        }
        self.t.next.over = self.eb.val() > 9215;
        self.t.next.atmax = self.eb.val() == 9215;
        self.t.next.tlt = self.eb.val() < 7169;
        self.t.next.teq = self.eb.val() == 7169;
        if self.ctl_in.val().d32 {
            self.t.next.over = self.eb.val() > 8319;
            self.t.next.atmax = self.eb.val() == 8319;
            self.t.next.tlt = self.eb.val() < 8065;
            self.t.next.teq = self.eb.val() == 8065;
        }
        self.t.next.le30 = self.eb.val() <= 8222;
        self.t.next.le31 = self.eb.val() <= 8223;
        self.t.next.eq31 = self.eb.val() == 8223;
        if self.ctl_in.val().mant {
            // eb = 8191 (e = −1), binary64.
            self.t.next.sh = 11.into();
            self.t.next.base = 1021.into();
            self.t.next.over = false;
            self.t.next.atmax = false;
            self.t.next.tlt = false;
            self.t.next.teq = false;
            self.t.next.le30 = true;
            self.t.next.le31 = true;
            self.t.next.eq31 = false;
        }
    }
}
