//! P3 of the float add: one carry chain adds or subtracts the magnitudes; the
//! leading zeros of `sum | floor` over the whole sum (carry position included)
//! give the normalising shift.

use super::check_widths;
use crate::atom::fpadd::FloatFormat;
use crate::hw::boundary::Boundary;
use crate::hw::lzc::Lzc64;
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// P3: add or subtract on one carry chain; leading zeros of `sum | floor`.
#[derive(LogicBlock)]
pub struct FpAddP3<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    /// Clocks the mid-phase cut c3 (when registered).
    pub clock: Signal<In, Clock>,
    /// P2's outputs (see [`FpAddP2`](super::FpAddP2)).
    pub p_z: Signal<In, Bits<Z>>,
    pub q_z: Signal<In, Bits<Z>>,
    /// Subtract: `q_z` is inverted, add one.
    pub sub: Signal<In, Bit>,
    /// The larger exponent.
    pub exp: Signal<In, Bits<X>>,
    /// Magnitude sum or difference, `GUARD_BITS` below the last place.
    pub sum: Signal<Out, Bits<Z>>,
    /// Left shift that puts the leading one on bit A (the carry position), limited
    /// by the subnormal floor: 0 after a carry; 64 only when the sum is 0.
    pub cnt: Signal<Out, Bits<7>>,
    /// The sum is 0 (exact cancellation).
    pub zero: Signal<Out, Bit>,
    /// `exp + 1`: the exponent of a leading one on bit A.
    pub exp1: Signal<Out, Bits<X>>,
    /// `exp + 2`: the exponent after a rounding carry out of bit A.
    pub exp2: Signal<Out, Bits<X>>,
    /// `exp` is the largest finite exponent: no carry may be left (overflow).
    pub at_top: Signal<Out, Bit>,
    /// `exp` is one below it.
    pub below_top: Signal<Out, Bit>,

    /// 1 << A: the floor's position for exponent 0.
    c_top: Constant<Bits<Z>>,
    /// Shift that puts bit A at bit 63 (= 64 − Z).
    c_left_align: Constant<Bits<8>>,
    /// The largest finite exponent, and one less.
    c_exp_top: Constant<Bits<X>>,
    c_exp_below_top: Constant<Bits<X>>,
    lzc: Lzc64,
    /// Both inputs one place up; bit 0 carries the carry-in.
    pp: Signal<Local, Bits<64>>,
    qq: Signal<Local, Bits<64>>,
    s64: Signal<Local, Bits<64>>,
    s: Signal<Local, Bits<Z>>,
    /// One bit at `A - exp`: the normaliser may not shift the leading one past it
    /// (the exponent would drop below 1). Zero when the limit is out of reach.
    floor: Signal<Local, Bits<Z>>,
    // Cut c3 (a register or a wire): the carry chain and the floor before it;
    // the leading-zero count after it.
    m_s: Boundary<Bits<Z>>,
    m_floor: Boundary<Bits<Z>>,
    m_exp1: Boundary<Bits<X>>,
    m_exp2: Boundary<Bits<X>>,
    m_at_top: Boundary<Bit>,
    m_below_top: Boundary<Bit>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddP3<W, E, M, P, A, Z, X>
{
    /// P3 for `fmt`; `cut` registers its mid-phase cut c3.
    pub fn new(fmt: FloatFormat, cut: bool) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
            clock: Default::default(),
            p_z: Default::default(),
            q_z: Default::default(),
            sub: Default::default(),
            exp: Default::default(),
            sum: Default::default(),
            cnt: Default::default(),
            zero: Default::default(),
            exp1: Default::default(),
            exp2: Default::default(),
            at_top: Default::default(),
            below_top: Default::default(),
            c_top: Constant::new(to_bits(1u128 << A)),
            c_left_align: Constant::new(to_bits(64 - Z as u128)),
            c_exp_top: Constant::new(to_bits(u128::from(fmt.exp_max() - 1))),
            c_exp_below_top: Constant::new(to_bits(u128::from(fmt.exp_max() - 2))),
            lzc: Default::default(),
            pp: Default::default(),
            qq: Default::default(),
            s64: Default::default(),
            s: Default::default(),
            floor: Default::default(),
            m_s: Boundary::new(cut),
            m_floor: Boundary::new(cut),
            m_exp1: Boundary::new(cut),
            m_exp2: Boundary::new(cut),
            m_at_top: Boundary::new(cut),
            m_below_top: Boundary::new(cut),
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
    > Logic for FpAddP3<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        clock!(
            self,
            clock,
            m_s,
            m_floor,
            m_exp1,
            m_exp2,
            m_at_top,
            m_below_top
        );
        // ---- p + q, or p + !q + 1 = p − q (mod 2^Z): one chain, carry-in at bit 0 ----
        self.pp.next = (bit_cast::<64, Z>(self.p_z.val()) << 1) | 1;
        self.qq.next = bit_cast::<64, Z>(self.q_z.val()) << 1;
        if self.sub.val() {
            self.qq.next = (bit_cast::<64, Z>(self.q_z.val()) << 1) | 1;
        }
        self.s64.next = self.pp.val() + self.qq.val();
        self.s.next = self.s64.val().get_bits::<Z>(1);
        self.floor.next = self.c_top.val() >> self.exp.val();
        // ---- cut c3 ----
        self.m_s.d.next = self.s.val();
        self.m_floor.d.next = self.floor.val();
        self.m_exp1.d.next = self.exp.val() + 1;
        self.m_exp2.d.next = self.exp.val() + 2;
        self.m_at_top.d.next = self.exp.val() == self.c_exp_top.val();
        self.m_below_top.d.next = self.exp.val() == self.c_exp_below_top.val();
        // ---- the normalising shift: leading zeros of `sum | floor` from bit A ----
        self.sum.next = self.m_s.q.val();
        self.zero.next = !self.m_s.q.val().any();
        self.lzc.x.next =
            bit_cast::<64, Z>(self.m_s.q.val() | self.m_floor.q.val()) << self.c_left_align.val();
        self.cnt.next = self.lzc.count.val();
        self.exp1.next = self.m_exp1.q.val();
        self.exp2.next = self.m_exp2.q.val();
        self.at_top.next = self.m_at_top.q.val();
        self.below_top.next = self.m_below_top.q.val();
    }
}
