//! FCHK.DIVIDE, phase 1: the window test of [`crate::xmu::fchk`] on the two
//! 8-bit exponent fields of n (`in_x[31:0]`) and d (`in_y`). Six compares
//! side by side: four against constants, and the exponent difference's two
//! bounds as 9-bit sums (`en + 125 ≥ ed`, `ed + 127 ≥ en`), so the block is
//! one short carry chain deep, parallel to [`super::Unpack`]. The bit reaches
//! the answer through the bit operations' path ([`super::BitOpsBack`]).

use crate::xmu::fchk::{DIFF_MAX, DIFF_MIN, D_EXP_MAX, N_EXP_MIN};
use rust_hdl::prelude::*;

// The literals below are these constants.
const _: () = assert!(N_EXP_MIN == 26 && D_EXP_MAX == 252 && DIFF_MIN == -125 && DIFF_MAX == 127);

/// FCHK.DIVIDE's window test.
#[derive(LogicBlock, Default)]
pub struct Fchk {
    /// Dividend n (binary32).
    pub n: Signal<In, Bits<32>>,
    /// Divisor d (binary32).
    pub d: Signal<In, Bits<32>>,
    /// 1: div.rn.f32's fast sequence is not guaranteed correct for n / d.
    pub fail: Signal<Out, Bit>,
    /// The exponent fields, widened by one bit for the difference's sums.
    en: Signal<Local, Bits<9>>,
    ed: Signal<Local, Bits<9>>,
}

impl Logic for Fchk {
    #[hdl_gen]
    fn update(&mut self) {
        self.en.next = bit_cast::<9, 8>(self.n.val().get_bits::<8>(23));
        self.ed.next = bit_cast::<9, 8>(self.d.val().get_bits::<8>(23));
        self.fail.next = (self.en.val() < 26)
            | (self.en.val() == 255)
            | (self.ed.val() == 0)
            | (self.ed.val() > 252)
            | ((self.en.val() + 125) < self.ed.val())
            | ((self.ed.val() + 127) < self.en.val());
    }
}
