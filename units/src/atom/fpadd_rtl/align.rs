//! P2 of the float add: align the smaller significand with a right shift whose
//! sticky bit is computed in parallel (P1's mask of the bits shifted out,
//! decoded there from the exponent differences after its cut c1), and
//! prepare the adder's inputs (the subtrahend inverted).

use super::check_widths;
use crate::atom::fpadd::FloatFormat;
use crate::hw::boundary::Boundary;
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
    /// Clocks the mid-phase cut c2 (when registered).
    pub clock: Signal<In, Clock>,
    /// P1's outputs (see [`FpAddP1`](super::FpAddP1)).
    pub x_sig: Signal<In, Bits<P>>,
    pub y_sig: Signal<In, Bits<P>>,
    pub diff: Signal<In, Bits<X>>,
    pub sub: Signal<In, Bit>,
    /// The bits of `y_sig << 3` that the shift by `diff` drops (P1's `drop`).
    pub drop: Signal<In, Bits<A>>,
    /// The larger significand, `GUARD_BITS` below the last place.
    pub p_z: Signal<Out, Bits<Z>>,
    /// The aligned smaller one, inverted when subtracting (P3 adds the carry-in).
    pub q_z: Signal<Out, Bits<Z>>,

    /// `y_sig` with its guard bits, in a 64-bit word.
    al0: Signal<Local, Bits<64>>,
    /// A dropped bit was one.
    sticky: Signal<Local, Bit>,
    al: Signal<Local, Bits<64>>,
    y_al: Signal<Local, Bits<Z>>,
    /// Every shift bit but the low three (the coarse shift, by multiples of 8).
    c_coarse: Constant<Bits<X>>,
    /// `al0` shifted by the coarse part of `diff`.
    al_c: Signal<Local, Bits<64>>,
    // Cut c2 (a register or a wire): the sticky bit and the coarse shift before
    // it; the fine shift (0..7) and the inversion after it.
    m_al: Boundary<Bits<64>>,
    m_sticky: Boundary<Bit>,
    m_diff: Boundary<Bits<X>>,
    m_x_sig: Boundary<Bits<P>>,
    m_sub: Boundary<Bit>,
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
    /// P2 for `fmt`; `cut` registers its mid-phase cut c2.
    pub fn new(fmt: FloatFormat, cut: bool) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
            clock: Default::default(),
            x_sig: Default::default(),
            y_sig: Default::default(),
            diff: Default::default(),
            sub: Default::default(),
            p_z: Default::default(),
            q_z: Default::default(),
            drop: Default::default(),
            al0: Default::default(),
            sticky: Default::default(),
            al: Default::default(),
            y_al: Default::default(),
            c_coarse: Constant::new(to_bits(((1u128 << X) - 1) & !7)),
            al_c: Default::default(),
            m_al: Boundary::new(cut),
            m_sticky: Boundary::new(cut),
            m_diff: Boundary::new(cut),
            m_x_sig: Boundary::new(cut),
            m_sub: Boundary::new(cut),
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
        clock!(self, clock, m_al, m_sticky, m_diff, m_x_sig, m_sub);
        // ---- align: the coarse shift and the sticky bit of what the whole shift drops ----
        self.al0.next = bit_cast::<64, P>(self.y_sig.val()) << 3;
        self.sticky.next = ((bit_cast::<A, P>(self.y_sig.val()) << 3) & self.drop.val()).any();
        self.al_c.next = self.al0.val() >> (self.diff.val() & self.c_coarse.val());
        // ---- cut c2 ----
        self.m_al.d.next = self.al_c.val();
        self.m_sticky.d.next = self.sticky.val();
        self.m_diff.d.next = self.diff.val();
        self.m_x_sig.d.next = self.x_sig.val();
        self.m_sub.d.next = self.sub.val();
        // ---- the fine shift (0..7) ----
        self.al.next = self.m_al.q.val() >> (self.m_diff.q.val() & 7);
        self.y_al.next = bit_cast::<Z, 64>(self.al.val());
        if self.m_sticky.q.val() {
            self.y_al.next = bit_cast::<Z, 64>(self.al.val()) | 1;
        }
        // ---- the adder's inputs, larger magnitude first (never negative) ----
        self.p_z.next = bit_cast::<Z, P>(self.m_x_sig.q.val()) << 3;
        self.q_z.next = self.y_al.val();
        if self.m_sub.q.val() {
            self.q_z.next = !self.y_al.val();
        }
    }
}
