//! P1 of the float add: classify both operands, resolve special operands (NaN,
//! Inf, zero) into a ready result, compare the magnitudes and order the operands
//! (the larger one's significand and exponent, the smaller one's significand, the
//! exponent difference both ways in parallel, the bits the alignment drops).
//! Mirrors the classify and order steps of [`crate::atom::fpadd::fp_add`].
//!
//! Before the cut c1 only the class bits (NaN, Inf, zero per operand), the
//! unpacking, the magnitude compare and the differences: the special result
//! (a 64-bit choice behind a priority of the class bits) is built after it,
//! from the class bits and the operands rebuilt from sign, scale and
//! significand, where it has the clock to itself (before, from the input
//! register to c1 it took 10.6 ns on ECP5, docs/qor.md).

use super::check_widths;
use crate::atom::fpadd::{FloatFormat, NanRule};
use crate::hw::boundary::Boundary;
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// P1 of the add `a + b` (in the atomic unit `a` is the memory's old value):
/// classify, specials, order by magnitude, exponent difference.
#[derive(LogicBlock)]
pub struct FpAddP1<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    /// Clocks the mid-phase cut c1 (when registered).
    pub clock: Signal<In, Clock>,
    /// Left operand (the lane's old value).
    pub a: Signal<In, Bits<W>>,
    /// Right operand.
    pub b: Signal<In, Bits<W>>,
    /// Read subnormal inputs as signed zeros (f32 in `.global`).
    pub flush: Signal<In, Bit>,
    /// The result when `is_special` (NaN, Inf or zero operand).
    pub special: Signal<Out, Bits<W>>,
    /// An operand was NaN, Inf or zero: `special` is the answer.
    pub is_special: Signal<Out, Bit>,
    /// Sign of the larger-magnitude operand (the result's sign unless the sum is 0).
    pub sign: Signal<Out, Bit>,
    /// The larger exponent (subnormals count as exponent 1).
    pub exp: Signal<Out, Bits<X>>,
    /// Significand of the larger-magnitude operand.
    pub x_sig: Signal<Out, Bits<P>>,
    /// Significand of the smaller one (to align).
    pub y_sig: Signal<Out, Bits<P>>,
    /// The alignment shift: the exponent difference.
    pub diff: Signal<Out, Bits<X>>,
    /// The signs differ: subtract the magnitudes.
    pub sub: Signal<Out, Bit>,
    /// Ones on the bits of the smaller significand with its guard bits
    /// (`y_sig << 3`) that the alignment shift by `diff` drops: P2's sticky
    /// is then an AND and an OR over them (the mask decoded here, after the
    /// cut, from both differences, picked like them).
    pub drop: Signal<Out, Bits<A>>,

    /// Bit position of the exponent's least significant bit (= M).
    c_man: Constant<Bits<8>>,
    /// Bit position of the sign (= W − 1).
    c_sign: Constant<Bits<8>>,
    /// The implicit bit of a significand (1 << M).
    c_hidden: Constant<Bits<P>>,
    /// Only the sign bit.
    c_sign_mask: Constant<Bits<W>>,
    /// Everything but the sign bit.
    c_mag_mask: Constant<Bits<W>>,
    /// The fraction's top bit (set in a quiet NaN).
    c_quiet: Constant<Bits<W>>,
    /// NaN result of the `Canonical` rule.
    c_nan: Constant<Bits<W>>,
    /// NaN result of Inf − Inf.
    c_invalid: Constant<Bits<W>>,
    /// `PropagateLast` rule: a NaN operand comes out quieted (b before a).
    c_propagate: Constant<Bit>,
    /// The stored fraction's bits (`(1 << M) − 1`).
    c_frac_mask: Constant<Bits<W>>,
    /// All ones over an aligned significand.
    c_ones_a: Constant<Bits<A>>,
    /// The dropped bits for a shift by `d_ab` / `d_ba`.
    drop_ab: Signal<Local, Bits<A>>,
    drop_ba: Signal<Local, Bits<A>>,

    a_exp: Signal<Local, Bits<E>>,
    a_frac: Signal<Local, Bits<M>>,
    a_sign: Signal<Local, Bit>,
    a_nan: Signal<Local, Bit>,
    a_inf: Signal<Local, Bit>,
    a_zero: Signal<Local, Bit>,
    b_exp: Signal<Local, Bits<E>>,
    b_frac: Signal<Local, Bits<M>>,
    b_sign: Signal<Local, Bit>,
    b_nan: Signal<Local, Bit>,
    b_inf: Signal<Local, Bit>,
    b_zero: Signal<Local, Bit>,
    /// Unpacked: a subnormal has the scale of exponent 1 and no implicit bit.
    a_scale: Signal<Local, Bits<E>>,
    b_scale: Signal<Local, Bits<E>>,
    a_sig: Signal<Local, Bits<P>>,
    b_sig: Signal<Local, Bits<P>>,
    /// `|a| >= |b|` (as bit patterns): `a` is the larger; then its exponent is too.
    a_mag_ge: Signal<Local, Bit>,
    /// Exponent difference, both ways, in parallel with the compare.
    d_ab: Signal<Local, Bits<X>>,
    d_ba: Signal<Local, Bits<X>>,
    // Cut c1 (a register or a wire): the class bits, the magnitude compare and
    // both differences before it; the special result (rebuilt from the class
    // bits, signs, scales and significands) and the operand swap after it.
    m_a_nan: Boundary<Bit>,
    m_b_nan: Boundary<Bit>,
    m_a_inf: Boundary<Bit>,
    m_b_inf: Boundary<Bit>,
    m_a_zero: Boundary<Bit>,
    m_b_zero: Boundary<Bit>,
    m_a_sign: Boundary<Bit>,
    m_b_sign: Boundary<Bit>,
    m_a_scale: Boundary<Bits<E>>,
    m_b_scale: Boundary<Bits<E>>,
    m_a_sig: Boundary<Bits<P>>,
    m_b_sig: Boundary<Bits<P>>,
    m_a_mag_ge: Boundary<Bit>,
    m_d_ab: Boundary<Bits<X>>,
    m_d_ba: Boundary<Bits<X>>,
    /// After the cut: the operands as they came in (a NaN or Inf, or a finite
    /// non-zero value as read: unflushed), rebuilt from the sign, the scale
    /// (the exponent field when the implicit bit is set, else 0) and the
    /// significand's fraction bits.
    ra: Signal<Local, Bits<W>>,
    rb: Signal<Local, Bits<W>>,
    ra_exp: Signal<Local, Bits<E>>,
    rb_exp: Signal<Local, Bits<E>>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddP1<W, E, M, P, A, Z, X>
{
    /// P1 for `fmt` with NaN rule `nan`; `cut` registers its mid-phase cut c1.
    pub fn new(fmt: FloatFormat, nan: NanRule, cut: bool) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        let (canonical, invalid, propagate) = match nan {
            NanRule::Canonical(q) => (q, q, false),
            NanRule::PropagateLast { invalid } => (0, invalid, true),
        };
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            flush: Default::default(),
            special: Default::default(),
            is_special: Default::default(),
            sign: Default::default(),
            exp: Default::default(),
            x_sig: Default::default(),
            y_sig: Default::default(),
            diff: Default::default(),
            sub: Default::default(),
            drop: Default::default(),
            c_man: Constant::new(to_bits(M as u128)),
            c_sign: Constant::new(to_bits(W as u128 - 1)),
            c_hidden: Constant::new(to_bits(1u128 << M)),
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_mask()))),
            c_mag_mask: Constant::new(to_bits(u128::from(fmt.mask() & !fmt.sign_mask()))),
            c_quiet: Constant::new(to_bits(u128::from(fmt.quiet_bit()))),
            c_nan: Constant::new(to_bits(u128::from(canonical))),
            c_invalid: Constant::new(to_bits(u128::from(invalid))),
            c_propagate: Constant::new(propagate),
            c_frac_mask: Constant::new(to_bits((1u128 << M) - 1)),
            c_ones_a: Constant::new(to_bits((1u128 << A) - 1)),
            drop_ab: Default::default(),
            drop_ba: Default::default(),
            a_exp: Default::default(),
            a_frac: Default::default(),
            a_sign: Default::default(),
            a_nan: Default::default(),
            a_inf: Default::default(),
            a_zero: Default::default(),
            b_exp: Default::default(),
            b_frac: Default::default(),
            b_sign: Default::default(),
            b_nan: Default::default(),
            b_inf: Default::default(),
            b_zero: Default::default(),
            a_scale: Default::default(),
            b_scale: Default::default(),
            a_sig: Default::default(),
            b_sig: Default::default(),
            a_mag_ge: Default::default(),
            d_ab: Default::default(),
            d_ba: Default::default(),
            m_a_nan: Boundary::new(cut),
            m_b_nan: Boundary::new(cut),
            m_a_inf: Boundary::new(cut),
            m_b_inf: Boundary::new(cut),
            m_a_zero: Boundary::new(cut),
            m_b_zero: Boundary::new(cut),
            m_a_sign: Boundary::new(cut),
            m_b_sign: Boundary::new(cut),
            m_a_scale: Boundary::new(cut),
            m_b_scale: Boundary::new(cut),
            m_a_sig: Boundary::new(cut),
            m_b_sig: Boundary::new(cut),
            m_a_mag_ge: Boundary::new(cut),
            m_d_ab: Boundary::new(cut),
            m_d_ba: Boundary::new(cut),
            ra: Default::default(),
            rb: Default::default(),
            ra_exp: Default::default(),
            rb_exp: Default::default(),
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
    > Logic for FpAddP1<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        clock!(
            self, clock, m_a_nan, m_b_nan, m_a_inf, m_b_inf, m_a_zero, m_b_zero, m_a_sign,
            m_b_sign, m_a_scale, m_b_scale, m_a_sig, m_b_sig, m_a_mag_ge, m_d_ab, m_d_ba
        );
        // ---- classify (NaN is checked on the raw operand: a NaN is never subnormal) ----
        self.a_exp.next = self.a.val().get_bits::<E>(self.c_man.val().index());
        self.a_frac.next = bit_cast::<M, W>(self.a.val());
        self.a_sign.next = self.a.val().get_bit(self.c_sign.val().index());
        self.a_nan.next = self.a_exp.val().all() & self.a_frac.val().any();
        self.a_inf.next = self.a_exp.val().all() & !self.a_frac.val().any();
        self.a_zero.next = !self.a_exp.val().any() & (self.flush.val() | !self.a_frac.val().any());
        self.b_exp.next = self.b.val().get_bits::<E>(self.c_man.val().index());
        self.b_frac.next = bit_cast::<M, W>(self.b.val());
        self.b_sign.next = self.b.val().get_bit(self.c_sign.val().index());
        self.b_nan.next = self.b_exp.val().all() & self.b_frac.val().any();
        self.b_inf.next = self.b_exp.val().all() & !self.b_frac.val().any();
        self.b_zero.next = !self.b_exp.val().any() & (self.flush.val() | !self.b_frac.val().any());

        // ---- unpack (only finite non-zero operands matter from here on) ----
        self.a_scale.next = self.a_exp.val();
        self.a_sig.next = bit_cast::<P, M>(self.a_frac.val());
        if self.a_exp.val().any() {
            self.a_sig.next = self.a_sig.val() | self.c_hidden.val();
        } else {
            self.a_scale.next = 1.into();
        }
        self.b_scale.next = self.b_exp.val();
        self.b_sig.next = bit_cast::<P, M>(self.b_frac.val());
        if self.b_exp.val().any() {
            self.b_sig.next = self.b_sig.val() | self.c_hidden.val();
        } else {
            self.b_scale.next = 1.into();
        }

        // ---- order by magnitude; the differences run in parallel with the compare ----
        self.a_mag_ge.next =
            (self.a.val() & self.c_mag_mask.val()) >= (self.b.val() & self.c_mag_mask.val());
        self.d_ab.next =
            bit_cast::<X, E>(self.a_scale.val()) - bit_cast::<X, E>(self.b_scale.val());
        self.d_ba.next =
            bit_cast::<X, E>(self.b_scale.val()) - bit_cast::<X, E>(self.a_scale.val());
        // ---- cut c1 ----
        self.m_a_nan.d.next = self.a_nan.val();
        self.m_b_nan.d.next = self.b_nan.val();
        self.m_a_inf.d.next = self.a_inf.val();
        self.m_b_inf.d.next = self.b_inf.val();
        self.m_a_zero.d.next = self.a_zero.val();
        self.m_b_zero.d.next = self.b_zero.val();
        self.m_a_sign.d.next = self.a_sign.val();
        self.m_b_sign.d.next = self.b_sign.val();
        self.m_a_scale.d.next = self.a_scale.val();
        self.m_b_scale.d.next = self.b_scale.val();
        self.m_a_sig.d.next = self.a_sig.val();
        self.m_b_sig.d.next = self.b_sig.val();
        self.m_a_mag_ge.d.next = self.a_mag_ge.val();
        self.m_d_ab.d.next = self.d_ab.val();
        self.m_d_ba.d.next = self.d_ba.val();
        // ---- special operands, after the cut: the operands rebuilt ----
        // (A NaN or Inf has its exponent field in the scale and the implicit
        // bit set; a finite non-zero operand that is not a zero here was not
        // flushed, so it is the operand as read; a zero is its sign alone.)
        self.ra_exp.next = 0.into();
        if self.m_a_sig.q.val().get_bit(self.c_man.val().index()) {
            self.ra_exp.next = self.m_a_scale.q.val();
        }
        self.ra.next = (bit_cast::<W, P>(self.m_a_sig.q.val()) & self.c_frac_mask.val())
            | (bit_cast::<W, E>(self.ra_exp.val()) << self.c_man.val());
        if self.m_a_sign.q.val() {
            self.ra.next = self.ra.val() | self.c_sign_mask.val();
        }
        self.rb_exp.next = 0.into();
        if self.m_b_sig.q.val().get_bit(self.c_man.val().index()) {
            self.rb_exp.next = self.m_b_scale.q.val();
        }
        self.rb.next = (bit_cast::<W, P>(self.m_b_sig.q.val()) & self.c_frac_mask.val())
            | (bit_cast::<W, E>(self.rb_exp.val()) << self.c_man.val());
        if self.m_b_sign.q.val() {
            self.rb.next = self.rb.val() | self.c_sign_mask.val();
        }
        self.is_special.next = true;
        self.special.next = self.c_nan.val();
        if self.m_a_nan.q.val() | self.m_b_nan.q.val() {
            if self.c_propagate.val() {
                if self.m_b_nan.q.val() {
                    self.special.next = self.rb.val() | self.c_quiet.val();
                } else {
                    self.special.next = self.ra.val() | self.c_quiet.val();
                }
            }
        } else if self.m_a_inf.q.val()
            & self.m_b_inf.q.val()
            & (self.m_a_sign.q.val() != self.m_b_sign.q.val())
        {
            self.special.next = self.c_invalid.val();
        } else if self.m_a_inf.q.val() {
            self.special.next = self.ra.val();
        } else if self.m_b_inf.q.val() {
            self.special.next = self.rb.val();
        } else if self.m_a_zero.q.val() & self.m_b_zero.q.val() {
            // −0 + −0 = −0; any other pair of zeros is +0 (RN).
            self.special.next = 0.into();
            if self.m_a_sign.q.val() & self.m_b_sign.q.val() {
                self.special.next = self.c_sign_mask.val();
            }
        } else if self.m_a_zero.q.val() {
            self.special.next = self.rb.val();
        } else if self.m_b_zero.q.val() {
            self.special.next = self.ra.val();
        } else {
            self.is_special.next = false;
        }
        // ---- the swap: larger magnitude first; the alignment's dropped bits ----
        self.drop_ab.next = !(self.c_ones_a.val() << self.m_d_ab.q.val());
        self.drop_ba.next = !(self.c_ones_a.val() << self.m_d_ba.q.val());
        self.sub.next = self.m_a_sign.q.val() != self.m_b_sign.q.val();
        if self.m_a_mag_ge.q.val() {
            self.sign.next = self.m_a_sign.q.val();
            self.exp.next = bit_cast::<X, E>(self.m_a_scale.q.val());
            self.x_sig.next = self.m_a_sig.q.val();
            self.y_sig.next = self.m_b_sig.q.val();
            self.diff.next = self.m_d_ab.q.val();
            self.drop.next = self.drop_ab.val();
        } else {
            self.sign.next = self.m_b_sign.q.val();
            self.exp.next = bit_cast::<X, E>(self.m_b_scale.q.val());
            self.x_sig.next = self.m_b_sig.q.val();
            self.y_sig.next = self.m_a_sig.q.val();
            self.diff.next = self.m_d_ba.q.val();
            self.drop.next = self.drop_ba.val();
        }
    }
}
