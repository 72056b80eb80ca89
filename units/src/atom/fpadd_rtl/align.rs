//! P2 of the float add: align the smaller significand with a right shift whose
//! sticky bit is computed in parallel (a mask of the bits shifted out), and
//! prepare the adder's inputs (the subtrahend inverted).

use super::check_widths;
use crate::atom::fpadd::FpFormat;
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// P2: align the smaller significand (right shift with sticky) and prepare the
/// adder's inputs.
#[derive(LogicBlock)]
pub struct FpAddP2<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    /// P1's outputs (see [`FpAddP1`]).
    pub x_sig: Signal<In, Bits<P>>,
    pub y_sig: Signal<In, Bits<P>>,
    pub diff: Signal<In, Bits<X>>,
    pub sub: Signal<In, Bit>,
    /// The larger significand, `GUARD_BITS` below the last place.
    pub p_z: Signal<Out, Bits<Z>>,
    /// The aligned smaller one, inverted when subtracting (P3 adds the carry-in).
    pub q_z: Signal<Out, Bits<Z>>,

    /// All ones (the shift-out mask is its complement shifted left).
    c_ones: Constant<Bits<64>>,
    /// `y_sig` with its guard bits, in a 64-bit word.
    al0: Signal<Local, Bits<64>>,
    /// Ones on the bits that the shift drops (all of them from 64 places on).
    drop: Signal<Local, Bits<64>>,
    /// A dropped bit was one.
    sticky: Signal<Local, Bit>,
    al: Signal<Local, Bits<64>>,
    y_al: Signal<Local, Bits<Z>>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddP2<W, E, M, P, A, Z, X>
{
    /// P2 for `fmt`.
    pub fn new(fmt: FpFormat) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
            x_sig: Default::default(),
            y_sig: Default::default(),
            diff: Default::default(),
            sub: Default::default(),
            p_z: Default::default(),
            q_z: Default::default(),
            c_ones: Constant::new(to_bits(u128::from(u64::MAX))),
            al0: Default::default(),
            drop: Default::default(),
            sticky: Default::default(),
            al: Default::default(),
            y_al: Default::default(),
        }
    }
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > Logic for FpAddP2<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        // ---- align: the shift and the sticky bit of what it drops, in parallel ----
        self.al0.next = bit_cast::<64, P>(self.y_sig.val()) << 3;
        self.drop.next = !(self.c_ones.val() << self.diff.val());
        self.sticky.next = (self.al0.val() & self.drop.val()).any();
        self.al.next = self.al0.val() >> self.diff.val();
        self.y_al.next = bit_cast::<Z, 64>(self.al.val());
        if self.sticky.val() {
            self.y_al.next = bit_cast::<Z, 64>(self.al.val()) | 1;
        }
        // ---- the adder's inputs, larger magnitude first (never negative) ----
        self.p_z.next = bit_cast::<Z, P>(self.x_sig.val()) << 3;
        self.q_z.next = self.y_al.val();
        if self.sub.val() {
            self.q_z.next = !self.y_al.val();
        }
    }
}
