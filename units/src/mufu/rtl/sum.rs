//! Phase 5: each product truncated at the sum's LSB ([`Terms`], the first
//! half), and the four-operand sum with `base` (C0 placed over the region's
//! constant and the addend, from phase 4), the subtracted terms inverted on
//! the way in ([`Sum`], the second half). Model:
//! [`datapath::poly`](crate::mufu::datapath::poly) `+ addend`.
//!
//! The sum is [`SUM_W`](crate::mufu::datapath::SUM_W) = 40 bits, two's
//! complement: every value the model forms fits it (its doc says why). A
//! subtracted term enters as its complement; the `+ 1` each complement owes
//! is already in `base` (see [`super::products`]). The four operands go
//! through two carry-save rows (one LUT level each) into one carry chain;
//! beside it a second chain adds the same rows over `base − 1`, so that
//! phase 6 takes `|y| = !(y − 1)` for a negative sum without a negation of
//! its own.
//!
//! Boundary 5m (between the halves) holds the three terms, `base`, `base − 1`
//! and the two signs: a register in the deeper units, a wire at the default
//! depth.

use super::products::SUM_FMT_W;
use super::{P1A_W, P1B_W, P2_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 5, first half (combinational): the truncating shifts.
#[derive(LogicBlock, Default)]
pub struct Terms {
    /// The region's shifts and signs, `{sh1 − 8 | sh1 | sh2 | neg1 | neg2}`.
    pub fmt: Signal<In, Bits<SUM_FMT_W>>,
    pub p1a: Signal<In, Bits<P1A_W>>,
    pub p1b: Signal<In, Bits<P1B_W>>,
    pub p2: Signal<In, Bits<P2_W>>,
    /// The truncated products (not yet complemented).
    pub ta: Signal<Out, Bits<Y_W>>,
    pub tb: Signal<Out, Bits<Y_W>>,
    pub tq: Signal<Out, Bits<Y_W>>,
    /// `{neg1, neg2}`: the linear, the quadratic term is subtracted.
    pub neg: Signal<Out, Bits<2>>,
}

impl Logic for Terms {
    #[hdl_gen]
    fn update(&mut self) {
        self.ta.next = bit_cast::<Y_W, P1A_W>(self.p1a.val() >> self.fmt.val().get_bits::<5>(13));
        self.tb.next = bit_cast::<Y_W, P1B_W>(self.p1b.val() >> self.fmt.val().get_bits::<6>(7));
        self.tq.next = bit_cast::<Y_W, P2_W>(self.p2.val() >> self.fmt.val().get_bits::<5>(2));
        self.neg.next = self.fmt.val().get_bits::<2>(0);
    }
}

/// Phase 5, second half (combinational): `y = ta' + tb' + tq' + base` and
/// `y − 1` (the same over `base − 1`), `t'` the term or its complement.
#[derive(LogicBlock, Default)]
pub struct Sum {
    pub base: Signal<In, Bits<Y_W>>,
    pub basem1: Signal<In, Bits<Y_W>>,
    pub ta: Signal<In, Bits<Y_W>>,
    pub tb: Signal<In, Bits<Y_W>>,
    pub tq: Signal<In, Bits<Y_W>>,
    /// `{neg1, neg2}` ([`Terms`]).
    pub neg: Signal<In, Bits<2>>,
    /// `P + A`, two's complement.
    pub y: Signal<Out, Bits<Y_W>>,
    /// `y − 1`.
    pub ym1: Signal<Out, Bits<Y_W>>,
    /// The terms as they are added.
    a: Signal<Local, Bits<Y_W>>,
    b: Signal<Local, Bits<Y_W>>,
    q: Signal<Local, Bits<Y_W>>,
    /// Carry-save rows: `a + b + q = s1 + c1`, `+ base = s2 + c2`, `+ (base − 1) = s3 + c3`.
    s1: Signal<Local, Bits<Y_W>>,
    c1: Signal<Local, Bits<Y_W>>,
    s2: Signal<Local, Bits<Y_W>>,
    c2: Signal<Local, Bits<Y_W>>,
    s3: Signal<Local, Bits<Y_W>>,
    c3: Signal<Local, Bits<Y_W>>,
}

impl Logic for Sum {
    #[hdl_gen]
    fn update(&mut self) {
        self.a.next = self.ta.val();
        self.b.next = self.tb.val();
        if self.neg.val().get_bit(1) {
            self.a.next = !self.ta.val();
            self.b.next = !self.tb.val();
        }
        self.q.next = self.tq.val();
        if self.neg.val().get_bit(0) {
            self.q.next = !self.tq.val();
        }
        self.s1.next = self.a.val() ^ self.b.val() ^ self.q.val();
        self.c1.next = ((self.a.val() & self.b.val())
            | (self.a.val() & self.q.val())
            | (self.b.val() & self.q.val()))
            << 1;
        self.s2.next = self.s1.val() ^ self.c1.val() ^ self.base.val();
        self.c2.next = ((self.s1.val() & self.c1.val())
            | (self.s1.val() & self.base.val())
            | (self.c1.val() & self.base.val()))
            << 1;
        self.s3.next = self.s1.val() ^ self.c1.val() ^ self.basem1.val();
        self.c3.next = ((self.s1.val() & self.c1.val())
            | (self.s1.val() & self.basem1.val())
            | (self.c1.val() & self.basem1.val()))
            << 1;
        self.y.next = self.s2.val() + self.c2.val();
        self.ym1.next = self.s3.val() + self.c3.val();
    }
}
