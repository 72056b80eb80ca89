//! Phase 5: each product truncated at the sum's LSB (by the shift's multiple
//! of 4 in [`Terms`], the rest in [`Rows`]), and the four-operand sum with
//! `base` (C0 placed over the region's constant and the addend, from phase
//! 4), the subtracted terms inverted on the way in ([`Rows`], [`Sum`]). Model:
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
//! Three parts: [`Terms`] | boundary 5m | [`Rows`] | boundary 5n | [`Sum`].
//! Boundary 5m holds the coarsely shifted terms, the shifts' rest, the signs,
//! `base` and `base − 1`; 5n both second carry-save rows (over `base` and
//! over `base − 1`), so that the last part is the two carry chains alone.
//! Each is a register in the deeper units (5n only at depth 16).

use super::products::SUM_FMT_W;
use super::{P1A_W, P1B_W, P2_W, Y_W};
use rust_hdl::prelude::*;

/// Phase 5, first part (combinational): the truncating shifts by their
/// multiples of 4.
#[derive(LogicBlock, Default)]
pub struct Terms {
    /// The region's shifts and signs, `{sh1 − 8 | sh1 | sh2 | neg1 | neg2}`.
    pub fmt: Signal<In, Bits<SUM_FMT_W>>,
    pub p1a: Signal<In, Bits<P1A_W>>,
    pub p1b: Signal<In, Bits<P1B_W>>,
    pub p2: Signal<In, Bits<P2_W>>,
    /// The products shifted by their shifts' multiples of 4.
    pub ta: Signal<Out, Bits<Y_W>>,
    pub tb: Signal<Out, Bits<Y_W>>,
    pub tq: Signal<Out, Bits<Y_W>>,
    /// The rest of each shift, `{a (2) | b (2) | q (2)}`.
    pub fine: Signal<Out, Bits<6>>,
    /// `{neg1, neg2}`: the linear, the quadratic term is subtracted.
    pub neg: Signal<Out, Bits<2>>,
}

impl Logic for Terms {
    #[hdl_gen]
    fn update(&mut self) {
        self.ta.next =
            bit_cast::<Y_W, P1A_W>(self.p1a.val() >> (self.fmt.val().get_bits::<5>(13) & 0x1C));
        self.tb.next =
            bit_cast::<Y_W, P1B_W>(self.p1b.val() >> (self.fmt.val().get_bits::<6>(7) & 0x3C));
        self.tq.next =
            bit_cast::<Y_W, P2_W>(self.p2.val() >> (self.fmt.val().get_bits::<5>(2) & 0x1C));
        self.fine.next = (bit_cast::<6, 2>(self.fmt.val().get_bits::<2>(13)) << 4)
            | (bit_cast::<6, 2>(self.fmt.val().get_bits::<2>(7)) << 2)
            | bit_cast::<6, 2>(self.fmt.val().get_bits::<2>(2));
        self.neg.next = self.fmt.val().get_bits::<2>(0);
    }
}

/// Phase 5, second part (combinational): the rest of each shift (0..3), the
/// complements, and the first carry-save row `a + b + q = s1 + c1`.
#[derive(LogicBlock, Default)]
pub struct Rows {
    pub ta: Signal<In, Bits<Y_W>>,
    pub tb: Signal<In, Bits<Y_W>>,
    pub tq: Signal<In, Bits<Y_W>>,
    /// `{a (2) | b (2) | q (2)}` ([`Terms`]).
    pub fine: Signal<In, Bits<6>>,
    /// `{neg1, neg2}`.
    pub neg: Signal<In, Bits<2>>,
    /// `base`, `base − 1` (boundary 5m).
    pub base: Signal<In, Bits<Y_W>>,
    pub basem1: Signal<In, Bits<Y_W>>,
    /// The second carry-save rows: `+ base = s2 + c2`, `+ (base − 1) = s3 + c3`.
    pub s2: Signal<Out, Bits<Y_W>>,
    pub c2: Signal<Out, Bits<Y_W>>,
    pub s3: Signal<Out, Bits<Y_W>>,
    pub c3: Signal<Out, Bits<Y_W>>,
    /// The first carry-save row `a + b + q = s1 + c1`.
    s1: Signal<Local, Bits<Y_W>>,
    c1: Signal<Local, Bits<Y_W>>,
    /// The terms as they are added.
    a: Signal<Local, Bits<Y_W>>,
    b: Signal<Local, Bits<Y_W>>,
    q: Signal<Local, Bits<Y_W>>,
}

impl Logic for Rows {
    #[hdl_gen]
    fn update(&mut self) {
        self.a.next = self.ta.val() >> self.fine.val().get_bits::<2>(4);
        self.b.next = self.tb.val() >> self.fine.val().get_bits::<2>(2);
        self.q.next = self.tq.val() >> self.fine.val().get_bits::<2>(0);
        if self.neg.val().get_bit(1) {
            self.a.next = !self.a.val();
            self.b.next = !self.b.val();
        }
        if self.neg.val().get_bit(0) {
            self.q.next = !self.q.val();
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
    }
}

/// Phase 5, third part (combinational): `y = s2 + c2` and `y − 1 =
/// s3 + c3`, each a carry chain (the rows are [`Rows`]': since 2026-12-05
/// the second carry-save row sits in front of boundary 5n, not behind it,
/// so that this part is the chains alone).
#[derive(LogicBlock, Default)]
pub struct Sum {
    /// Carry-save rows: `+ base = s2 + c2`, `+ (base − 1) = s3 + c3`.
    pub s2: Signal<In, Bits<Y_W>>,
    pub c2: Signal<In, Bits<Y_W>>,
    pub s3: Signal<In, Bits<Y_W>>,
    pub c3: Signal<In, Bits<Y_W>>,
    /// `P + A`, two's complement.
    pub y: Signal<Out, Bits<Y_W>>,
    /// `y − 1`.
    pub ym1: Signal<Out, Bits<Y_W>>,
}

impl Logic for Sum {
    #[hdl_gen]
    fn update(&mut self) {
        self.y.next = self.s2.val() + self.c2.val();
        self.ym1.next = self.s3.val() + self.c3.val();
    }
}
