//! Phase 5: each product truncated at the sum's LSB, inverted where the
//! region subtracts it ([`Terms`], the first half), and the four-operand sum
//! with `base` (C0 placed over the region's constant and the addend, from
//! phase 4) ([`Sum`], the second half). Model:
//! [`datapath::poly`](crate::mufu::datapath::poly) `+ addend`.
//!
//! The sum is [`SUM_W`](crate::mufu::datapath::SUM_W) = 40 bits, two's
//! complement: every value the model forms fits it (its doc says why). A
//! subtracted term enters as its complement; the `+ 1` each complement owes
//! is already in `base` (see [`super::products`]). The four operands are
//! added as a tree, two adders then one.
//!
//! Boundary 5m (between the halves) holds the three terms and `base`: a
//! register in the deeper units, a wire at the default depth.

use super::products::SUM_FMT_W;
use super::{P1A_W, P1B_W, P2_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 5, first half (combinational): the truncating shifts and the
/// complements.
#[derive(LogicBlock, Default)]
pub struct Terms {
    /// The region's shifts and signs, `{sh1 − 8 | sh1 | sh2 | neg1 | neg2}`.
    pub fmt: Signal<In, Bits<SUM_FMT_W>>,
    pub p1a: Signal<In, Bits<P1A_W>>,
    pub p1b: Signal<In, Bits<P1B_W>>,
    pub p2: Signal<In, Bits<P2_W>>,
    /// The truncated products, complemented when subtracted.
    pub ta: Signal<Out, Bits<Y_W>>,
    pub tb: Signal<Out, Bits<Y_W>>,
    pub tq: Signal<Out, Bits<Y_W>>,
}

impl Logic for Terms {
    #[hdl_gen]
    fn update(&mut self) {
        self.ta.next = bit_cast::<Y_W, P1A_W>(self.p1a.val() >> self.fmt.val().get_bits::<5>(13));
        self.tb.next = bit_cast::<Y_W, P1B_W>(self.p1b.val() >> self.fmt.val().get_bits::<6>(7));
        self.tq.next = bit_cast::<Y_W, P2_W>(self.p2.val() >> self.fmt.val().get_bits::<5>(2));
        if self.fmt.val().get_bit(1) {
            self.ta.next = !self.ta.val();
            self.tb.next = !self.tb.val();
        }
        if self.fmt.val().get_bit(0) {
            self.tq.next = !self.tq.val();
        }
    }
}

/// Phase 5, second half (combinational): `y = (ta + tb) + (base + tq)`.
#[derive(LogicBlock, Default)]
pub struct Sum {
    pub base: Signal<In, Bits<Y_W>>,
    pub ta: Signal<In, Bits<Y_W>>,
    pub tb: Signal<In, Bits<Y_W>>,
    pub tq: Signal<In, Bits<Y_W>>,
    /// `P + A`, two's complement.
    pub y: Signal<Out, Bits<Y_W>>,
    /// The two halves of the adder tree.
    lin: Signal<Local, Bits<Y_W>>,
    rest: Signal<Local, Bits<Y_W>>,
}

impl Logic for Sum {
    #[hdl_gen]
    fn update(&mut self) {
        self.lin.next = self.ta.val() + self.tb.val();
        self.rest.next = self.base.val() + self.tq.val();
        self.y.next = self.lin.val() + self.rest.val();
    }
}
