//! FCHK.DIVIDE, phases 1 and 2: the window test of [`crate::xmu::fchk`] on
//! the two 8-bit exponent fields of n (`in_x[31:0]`) and d (`in_y`).
//! Phase 1 ([`Fchk`]) makes the four compares against constants and the
//! exponent difference `ed − en` (one 10-bit chain), beside
//! [`super::Unpack`]; phase 2 ([`FchkWindow`]) compares the difference
//! with its two bounds (`en + 125 ≥ ed` is `ed − en ≤ 125`, `ed + 127 ≥ en`
//! is `ed − en ≥ −127`), and in phase 3 the bit joins the bit operations'
//! result ([`super::BitOpsPick`]). The sums and their compares in
//! one phase, after the input register, measured 8.1–8.6 ns.

use crate::xmu::fchk::{DIFF_MAX, DIFF_MIN, D_EXP_MAX, N_EXP_MIN};
use rust_hdl::prelude::*;

// The literals below are these constants.
const _: () = assert!(N_EXP_MIN == 26 && D_EXP_MAX == 252 && DIFF_MIN == -125 && DIFF_MAX == 127);

/// Phase 1 of FCHK.DIVIDE: the fields' range tests and their difference.
#[derive(LogicBlock, Default)]
pub struct Fchk {
    /// Dividend n (binary32).
    pub n: Signal<In, Bits<32>>,
    /// Divisor d (binary32).
    pub d: Signal<In, Bits<32>>,
    /// A field is out of range (n below 26 or NaN/∞, d zero/subnormal or above 252).
    pub range_fail: Signal<Out, Bit>,
    /// `ed − en`, two's complement (−255 … 255).
    pub diff: Signal<Out, Bits<10>>,
    /// The exponent fields, widened for the difference.
    en: Signal<Local, Bits<10>>,
    ed: Signal<Local, Bits<10>>,
}

impl Logic for Fchk {
    #[hdl_gen]
    fn update(&mut self) {
        self.en.next = bit_cast::<10, 8>(self.n.val().get_bits::<8>(23));
        self.ed.next = bit_cast::<10, 8>(self.d.val().get_bits::<8>(23));
        self.range_fail.next = (self.en.val() < 26)
            | (self.en.val() == 255)
            | (self.ed.val() == 0)
            | (self.ed.val() > 252);
        self.diff.next = self.ed.val() - self.en.val();
    }
}

/// Phase 2 of FCHK.DIVIDE: the difference's window.
#[derive(LogicBlock, Default)]
pub struct FchkWindow {
    /// From [`Fchk`].
    pub range_fail: Signal<In, Bit>,
    pub diff: Signal<In, Bits<10>>,
    /// 1: div.rn.f32's fast sequence is not guaranteed correct for n / d.
    pub fail: Signal<Out, Bit>,
}

impl Logic for FchkWindow {
    #[hdl_gen]
    fn update(&mut self) {
        // `diff > 125`: non-negative and above 125; `diff < −127`: negative
        // and its low nine bits below 512 − 127 = 385.
        self.fail.next = self.range_fail.val()
            | (!self.diff.val().get_bit(9) & (self.diff.val().get_bits::<9>(0) > 125))
            | (self.diff.val().get_bit(9) & (self.diff.val().get_bits::<9>(0) < 385));
    }
}
