//! P4 of the float add: one left shift normalises (the leading one lands on the
//! carry position and the window is read one place lower, so a carry needs no
//! extra right step); round to nearest even on the guard bits, where only shifts
//! of 0, 1, 2 can need it, so those three roundings run on the unshifted sum in
//! parallel with the shifter; pack, select the special result.

use super::check_widths;
use crate::atom::fpadd::FloatFormat;
use crate::hw::boundary::Boundary;
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// P4: normalise, round to nearest even, pack, select the special result.
#[derive(LogicBlock)]
pub struct FpAddP4<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    /// Clocks the mid-phase cut c4 (when registered).
    pub clock: Signal<In, Clock>,
    /// P1's special result (see [`FpAddP1`](super::FpAddP1)).
    pub special: Signal<In, Bits<W>>,
    pub is_special: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    /// P3's outputs (see [`FpAddP3`](super::FpAddP3)).
    pub exp1: Signal<In, Bits<X>>,
    pub exp2: Signal<In, Bits<X>>,
    pub at_top: Signal<In, Bit>,
    pub below_top: Signal<In, Bit>,
    pub sum: Signal<In, Bits<Z>>,
    pub cnt: Signal<In, Bits<7>>,
    pub zero: Signal<In, Bit>,
    /// Write a subnormal result as a signed zero.
    pub flush: Signal<In, Bit>,
    /// `a + b`, rounded to nearest even.
    pub result: Signal<Out, Bits<W>>,

    /// Bit position of the exponent's least significant bit (= M).
    c_man: Constant<Bits<8>>,
    /// Bit position of a rounding carry out of the significand (= P).
    c_round_carry: Constant<Bits<8>>,
    /// Only the sign bit.
    c_sign_mask: Constant<Bits<W>>,
    /// The all-ones exponent field (±Inf with the sign).
    c_inf: Constant<Bits<W>>,

    /// The shift (64 only for a zero sum, whose result is not read: 6 bits do).
    cnt6: Signal<Local, Bits<6>>,
    /// Leading one on bit A; the rounding window is bits [A : 1] with bit 0 sticky.
    norm: Signal<Local, Bits<Z>>,
    e_norm: Signal<Local, Bits<X>>,
    e_norm1: Signal<Local, Bits<X>>,
    /// The shift is 0, or 1.
    sh0: Signal<Local, Bit>,
    sh1: Signal<Local, Bit>,
    /// The sum shifted left by 0, 1, 2: the window when `cnt` is that shift.
    w0: Signal<Local, Bits<Z>>,
    w1: Signal<Local, Bits<Z>>,
    w2: Signal<Local, Bits<Z>>,
    /// Round up, and the rounded significand, for each of those shifts.
    up0: Signal<Local, Bit>,
    up1: Signal<Local, Bit>,
    up2: Signal<Local, Bit>,
    r0: Signal<Local, Bits<Z>>,
    r1: Signal<Local, Bits<Z>>,
    r2: Signal<Local, Bits<Z>>,
    /// The rounded significand (bits [A : 4] of the window, plus the round-up).
    q1: Signal<Local, Bits<Z>>,
    /// Rounding carried out of the significand: q1 = 2^P, fraction 0, exponent + 1.
    rc: Signal<Local, Bit>,
    hidden: Signal<Local, Bit>,
    e_final: Signal<Local, Bits<X>>,
    overflow: Signal<Local, Bit>,
    biased: Signal<Local, Bits<E>>,
    sign_bits: Signal<Local, Bits<W>>,
    sh2: Signal<Local, Bit>,
    // Cut c4 (a register or a wire): the normalising shift, the three candidate
    // roundings and the exponents before it; the choice, overflow and pack after it.
    m_norm: Boundary<Bits<Z>>,
    m_r0: Boundary<Bits<Z>>,
    m_r1: Boundary<Bits<Z>>,
    m_r2: Boundary<Bits<Z>>,
    m_sh0: Boundary<Bit>,
    m_sh1: Boundary<Bit>,
    m_sh2: Boundary<Bit>,
    m_e_norm: Boundary<Bits<X>>,
    m_e_norm1: Boundary<Bits<X>>,
    m_special: Boundary<Bits<W>>,
    m_is_special: Boundary<Bit>,
    m_sign: Boundary<Bit>,
    m_zero: Boundary<Bit>,
    m_at_top: Boundary<Bit>,
    m_below_top: Boundary<Bit>,
    m_flush: Boundary<Bit>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddP4<W, E, M, P, A, Z, X>
{
    /// P4 for `fmt`; `cut` registers its mid-phase cut c4.
    pub fn new(fmt: FloatFormat, cut: bool) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
            clock: Default::default(),
            special: Default::default(),
            is_special: Default::default(),
            sign: Default::default(),
            exp1: Default::default(),
            exp2: Default::default(),
            at_top: Default::default(),
            below_top: Default::default(),
            sum: Default::default(),
            cnt: Default::default(),
            zero: Default::default(),
            flush: Default::default(),
            result: Default::default(),
            c_man: Constant::new(to_bits(M as u128)),
            c_round_carry: Constant::new(to_bits(P as u128)),
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_mask()))),
            c_inf: Constant::new(to_bits(u128::from(fmt.exp_max() << M))),
            cnt6: Default::default(),
            norm: Default::default(),
            e_norm: Default::default(),
            e_norm1: Default::default(),
            sh0: Default::default(),
            sh1: Default::default(),
            w0: Default::default(),
            w1: Default::default(),
            w2: Default::default(),
            up0: Default::default(),
            up1: Default::default(),
            up2: Default::default(),
            r0: Default::default(),
            r1: Default::default(),
            r2: Default::default(),
            q1: Default::default(),
            rc: Default::default(),
            hidden: Default::default(),
            e_final: Default::default(),
            overflow: Default::default(),
            biased: Default::default(),
            sign_bits: Default::default(),
            sh2: Default::default(),
            m_norm: Boundary::new(cut),
            m_r0: Boundary::new(cut),
            m_r1: Boundary::new(cut),
            m_r2: Boundary::new(cut),
            m_sh0: Boundary::new(cut),
            m_sh1: Boundary::new(cut),
            m_sh2: Boundary::new(cut),
            m_e_norm: Boundary::new(cut),
            m_e_norm1: Boundary::new(cut),
            m_special: Boundary::new(cut),
            m_is_special: Boundary::new(cut),
            m_sign: Boundary::new(cut),
            m_zero: Boundary::new(cut),
            m_at_top: Boundary::new(cut),
            m_below_top: Boundary::new(cut),
            m_flush: Boundary::new(cut),
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
    > Logic for FpAddP4<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        clock!(
            self,
            clock,
            m_norm,
            m_r0,
            m_r1,
            m_r2,
            m_sh0,
            m_sh1,
            m_sh2,
            m_e_norm,
            m_e_norm1,
            m_special,
            m_is_special,
            m_sign,
            m_zero,
            m_at_top,
            m_below_top,
            m_flush
        );
        // ---- normalise: the leading one to bit A (a carry is already there) ----
        self.cnt6.next = bit_cast::<6, 7>(self.cnt.val());
        self.norm.next = self.sum.val() << self.cnt6.val();
        self.e_norm.next = self.exp1.val() - bit_cast::<X, 6>(self.cnt6.val());
        self.e_norm1.next = self.exp2.val() - bit_cast::<X, 6>(self.cnt6.val());
        self.sh0.next = self.cnt6.val() == 0;
        self.sh1.next = self.cnt6.val() == 1;
        self.sh2.next = self.cnt6.val() == 2;

        // ---- round to nearest even: guard = bit 3, round = bit 2, sticky = bits 1, 0 ----
        // Only shifts of 0, 1, 2 can leave bits below the last place: a left shift
        // of 3 or more means a cancellation with exponents at most 1 apart, whose
        // difference is exact. So the three roundings that can happen run on the
        // unshifted sum, in parallel with the shifter.
        self.w0.next = self.sum.val();
        self.w1.next = self.sum.val() << 1;
        self.w2.next = self.sum.val() << 2;
        self.up0.next = self.w0.val().get_bit(3)
            & (self.w0.val().get_bit(2)
                | self.w0.val().get_bit(1)
                | self.w0.val().get_bit(0)
                | self.w0.val().get_bit(4));
        self.up1.next = self.w1.val().get_bit(3)
            & (self.w1.val().get_bit(2) | self.w1.val().get_bit(1) | self.w1.val().get_bit(4));
        self.up2.next =
            self.w2.val().get_bit(3) & (self.w2.val().get_bit(2) | self.w2.val().get_bit(4));
        self.r0.next = (self.w0.val() >> 4) + self.up0.val();
        self.r1.next = (self.w1.val() >> 4) + self.up1.val();
        self.r2.next = (self.w2.val() >> 4) + self.up2.val();
        // ---- cut c4 ----
        self.m_norm.d.next = self.norm.val();
        self.m_r0.d.next = self.r0.val();
        self.m_r1.d.next = self.r1.val();
        self.m_r2.d.next = self.r2.val();
        self.m_sh0.d.next = self.sh0.val();
        self.m_sh1.d.next = self.sh1.val();
        self.m_sh2.d.next = self.sh2.val();
        self.m_e_norm.d.next = self.e_norm.val();
        self.m_e_norm1.d.next = self.e_norm1.val();
        self.m_special.d.next = self.special.val();
        self.m_is_special.d.next = self.is_special.val();
        self.m_sign.d.next = self.sign.val();
        self.m_zero.d.next = self.zero.val();
        self.m_at_top.d.next = self.at_top.val();
        self.m_below_top.d.next = self.below_top.val();
        self.m_flush.d.next = self.flush.val();
        self.q1.next = self.m_norm.q.val() >> 4;
        if self.m_sh0.q.val() {
            self.q1.next = self.m_r0.q.val();
        }
        if self.m_sh1.q.val() {
            self.q1.next = self.m_r1.q.val();
        }
        if self.m_sh2.q.val() {
            self.q1.next = self.m_r2.q.val();
        }
        self.rc.next = self.q1.val().get_bit(self.c_round_carry.val().index());
        self.hidden.next = self.q1.val().get_bit(self.c_man.val().index()) | self.rc.val();
        self.e_final.next = self.m_e_norm.q.val();
        if self.rc.val() {
            self.e_final.next = self.m_e_norm1.q.val();
        }
        // e_norm = exp + 1 − shift with exp at most the top: it reaches the
        // all-ones exponent only with shift 0 from the top, and one below it with
        // shift 0 from one below the top or shift 1 from the top.
        self.overflow.next = (self.m_sh0.q.val()
            & (self.m_at_top.q.val() | (self.rc.val() & self.m_below_top.q.val())))
            | (self.m_sh1.q.val() & self.rc.val() & self.m_at_top.q.val());

        // ---- pack ----
        self.biased.next = 0.into();
        if self.hidden.val() {
            self.biased.next = bit_cast::<E, X>(self.e_final.val());
        }
        self.sign_bits.next = 0.into();
        if self.m_sign.q.val() {
            self.sign_bits.next = self.c_sign_mask.val();
        }
        if self.m_is_special.q.val() {
            self.result.next = self.m_special.q.val();
        } else if self.m_zero.q.val() {
            // Exact cancellation: +0 in round-to-nearest.
            self.result.next = 0.into();
        } else if self.overflow.val() {
            self.result.next = self.sign_bits.val() | self.c_inf.val();
        } else if !self.hidden.val() & self.m_flush.q.val() {
            self.result.next = self.sign_bits.val();
        } else {
            // A rounding carry leaves the fraction bits of q1 all zero.
            self.result.next = self.sign_bits.val()
                | (bit_cast::<W, E>(self.biased.val()) << self.c_man.val())
                | bit_cast::<W, M>(bit_cast::<M, Z>(self.q1.val()));
        }
    }
}
