//! RTL of the atomic unit's float adder: the algorithm of [`super::fpadd`] split
//! into its two pipeline phases, each a purely combinational block generic over
//! the format, and [`FpAddPipe`], which places the one register between them.
//!
//! - [`FpAddAlign`] (phase A): classify, order by magnitude, align the smaller
//!   significand with a sticky right shift, add or subtract; special operands
//!   (NaN, Inf, zero) are resolved here into a ready result.
//! - [`FpAddRound`] (phase B): normalise (one step right on a carry, or left by a
//!   parallel leading-zero count, limited by the subnormal floor), round to
//!   nearest even on the guard bits, pack.
//!
//! Two phases because the atomic unit forwards an add's result to the next add on
//! the same address: a same-address float add can issue every second clock.
//!
//! Const generics carry the format's derived widths, checked against the
//! [`FpFormat`] in [`FpAddAlign::new`] (Rust cannot compute `M + 1` in a type):
//! - `W = 1 + E + M`: the format's width;
//! - `E`: exponent field; `M`: stored fraction bits;
//! - `P = M + 1`: significand with its implicit bit;
//! - `A = P + GUARD_BITS`: aligned significand (guard, round, sticky below the last place);
//! - `Z = A + 1`: the sum, with its carry;
//! - `X = E + 1`: exponent with room for the normalisation and rounding carries.
//!
//! Positions that depend on the format are `Constant`s (rust-hdl would print a
//! const generic inside an expression as an undeclared Verilog name).

use super::fpadd::{FpFormat, NanRule, GUARD_BITS};
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// Right-shift steps of the aligner: shifts of 1, 2, 4, 8, 16, 32 cover 0..=63,
/// more than any aligned significand (56 bits).
pub const SHIFT_STEPS: usize = 6;

/// Checks the const generics against the format (panics on a mismatch).
fn check_widths(fmt: FpFormat, [w, e, m, p, a, z, x]: [usize; 7]) {
    assert_eq!(w as u32, fmt.width(), "W = 1 + E + M");
    assert_eq!(e as u32, fmt.exp_bits, "E");
    assert_eq!(m as u32, fmt.man_bits, "M");
    assert_eq!(p, m + 1, "P = M + 1");
    assert_eq!(a, p + GUARD_BITS as usize, "A = P + GUARD_BITS");
    assert_eq!(z, a + 1, "Z = A + 1");
    assert_eq!(x, e + 1, "X = E + 1");
    assert!(a < 64 && x >= 6, "shift network sized for 6 steps");
}

/// Phase A of the add `a + b` (in the atomic unit `a` is the memory's old value).
///
/// The operand to align is chosen by the exponents alone (an `E`-bit compare), so
/// the full magnitude compare, needed only when the exponents are equal, runs in
/// parallel with the aligner and merely orders the adder's inputs.
#[derive(LogicBlock)]
pub struct FpAddAlign<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
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
    /// Aligned magnitude sum or difference, `GUARD_BITS` below the last place.
    pub sum: Signal<Out, Bits<Z>>,
    /// One bit at `A - exp`: the normaliser may not shift the leading one past it
    /// (the exponent would drop below 1). Zero when the limit is out of reach.
    pub floor: Signal<Out, Bits<Z>>,

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
    /// The bits of an exponent difference above 63: any of them set shifts the
    /// whole significand out (none for f16, whose differences stay below 31).
    c_far_mask: Constant<Bits<X>>,
    /// The top bit of the normalised window (1 << (A − 1)).
    c_top: Constant<Bits<Z>>,

    a_exp: Signal<Local, Bits<E>>,
    a_frac: Signal<Local, Bits<M>>,
    a_sign: Signal<Local, Bit>,
    a_nan: Signal<Local, Bit>,
    a_inf: Signal<Local, Bit>,
    a_zero: Signal<Local, Bit>,
    /// `a` with a flushed subnormal replaced by its signed zero.
    a_flushed: Signal<Local, Bits<W>>,
    b_exp: Signal<Local, Bits<E>>,
    b_frac: Signal<Local, Bits<M>>,
    b_sign: Signal<Local, Bit>,
    b_nan: Signal<Local, Bit>,
    b_inf: Signal<Local, Bit>,
    b_zero: Signal<Local, Bit>,
    b_flushed: Signal<Local, Bits<W>>,
    /// Unpacked: a subnormal has the scale of exponent 1 and no implicit bit.
    a_scale: Signal<Local, Bits<E>>,
    b_scale: Signal<Local, Bits<E>>,
    a_sig: Signal<Local, Bits<P>>,
    b_sig: Signal<Local, Bits<P>>,
    /// `a`'s exponent is at least `b`'s: `b` is the one aligned.
    a_exp_ge: Signal<Local, Bit>,
    /// `|a| >= |b|`: decides the sign, and the order of the adder's inputs when
    /// the exponents are equal (no shift, so the difference is exact either way).
    a_mag_ge: Signal<Local, Bit>,
    /// Exponent difference (the alignment shift), both ways.
    d_ab: Signal<Local, Bits<X>>,
    d_ba: Signal<Local, Bits<X>>,
    diff: Signal<Local, Bits<X>>,
    /// The significand with the larger exponent, and the one to align.
    x_sig: Signal<Local, Bits<P>>,
    y_sig: Signal<Local, Bits<P>>,
    /// The aligner's steps: `al_k` is shifted by the low k bits of `diff`,
    /// `st_k` collects the bits shifted out so far (sticky).
    al0: Signal<Local, Bits<A>>,
    al1: Signal<Local, Bits<A>>,
    al2: Signal<Local, Bits<A>>,
    al3: Signal<Local, Bits<A>>,
    al4: Signal<Local, Bits<A>>,
    al5: Signal<Local, Bits<A>>,
    al6: Signal<Local, Bits<A>>,
    st1: Signal<Local, Bit>,
    st2: Signal<Local, Bit>,
    st3: Signal<Local, Bit>,
    st4: Signal<Local, Bit>,
    st5: Signal<Local, Bit>,
    st6: Signal<Local, Bit>,
    y_al: Signal<Local, Bits<A>>,
    /// The adder's inputs, larger magnitude first.
    p_z: Signal<Local, Bits<Z>>,
    q_z: Signal<Local, Bits<Z>>,
    max_exp: Signal<Local, Bits<E>>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddAlign<W, E, M, P, A, Z, X>
{
    /// Phase A for `fmt` with NaN rule `nan`.
    pub fn new(fmt: FpFormat, nan: NanRule) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        let (canonical, invalid, propagate) = match nan {
            NanRule::Canonical(q) => (q, q, false),
            NanRule::PropagateLast { invalid } => (0, invalid, true),
        };
        let far_mask = ((1u128 << X) - 1) & !63;
        Self {
            a: Default::default(),
            b: Default::default(),
            flush: Default::default(),
            special: Default::default(),
            is_special: Default::default(),
            sign: Default::default(),
            exp: Default::default(),
            sum: Default::default(),
            floor: Default::default(),
            c_man: Constant::new(to_bits(M as u128)),
            c_sign: Constant::new(to_bits(W as u128 - 1)),
            c_hidden: Constant::new(to_bits(1u128 << M)),
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_bit()))),
            c_mag_mask: Constant::new(to_bits(u128::from(fmt.mask() & !fmt.sign_bit()))),
            c_quiet: Constant::new(to_bits(u128::from(fmt.quiet_bit()))),
            c_nan: Constant::new(to_bits(u128::from(canonical))),
            c_invalid: Constant::new(to_bits(u128::from(invalid))),
            c_propagate: Constant::new(propagate),
            c_far_mask: Constant::new(to_bits(far_mask)),
            c_top: Constant::new(to_bits(1u128 << (A - 1))),
            a_exp: Default::default(),
            a_frac: Default::default(),
            a_sign: Default::default(),
            a_nan: Default::default(),
            a_inf: Default::default(),
            a_zero: Default::default(),
            a_flushed: Default::default(),
            b_exp: Default::default(),
            b_frac: Default::default(),
            b_sign: Default::default(),
            b_nan: Default::default(),
            b_inf: Default::default(),
            b_zero: Default::default(),
            b_flushed: Default::default(),
            a_scale: Default::default(),
            b_scale: Default::default(),
            a_sig: Default::default(),
            b_sig: Default::default(),
            a_exp_ge: Default::default(),
            a_mag_ge: Default::default(),
            d_ab: Default::default(),
            d_ba: Default::default(),
            diff: Default::default(),
            x_sig: Default::default(),
            y_sig: Default::default(),
            al0: Default::default(),
            al1: Default::default(),
            al2: Default::default(),
            al3: Default::default(),
            al4: Default::default(),
            al5: Default::default(),
            al6: Default::default(),
            st1: Default::default(),
            st2: Default::default(),
            st3: Default::default(),
            st4: Default::default(),
            st5: Default::default(),
            st6: Default::default(),
            y_al: Default::default(),
            p_z: Default::default(),
            q_z: Default::default(),
            max_exp: Default::default(),
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
    > Logic for FpAddAlign<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        // ---- classify (NaN is checked on the raw operand: a NaN is never subnormal) ----
        self.a_exp.next = self.a.val().get_bits::<E>(self.c_man.val().index());
        self.a_frac.next = bit_cast::<M, W>(self.a.val());
        self.a_sign.next = self.a.val().get_bit(self.c_sign.val().index());
        self.a_nan.next = self.a_exp.val().all() & self.a_frac.val().any();
        self.a_inf.next = self.a_exp.val().all() & !self.a_frac.val().any();
        self.a_zero.next = !self.a_exp.val().any() & (self.flush.val() | !self.a_frac.val().any());
        self.a_flushed.next = self.a.val();
        if self.flush.val() & !self.a_exp.val().any() {
            self.a_flushed.next = self.a.val() & self.c_sign_mask.val();
        }
        self.b_exp.next = self.b.val().get_bits::<E>(self.c_man.val().index());
        self.b_frac.next = bit_cast::<M, W>(self.b.val());
        self.b_sign.next = self.b.val().get_bit(self.c_sign.val().index());
        self.b_nan.next = self.b_exp.val().all() & self.b_frac.val().any();
        self.b_inf.next = self.b_exp.val().all() & !self.b_frac.val().any();
        self.b_zero.next = !self.b_exp.val().any() & (self.flush.val() | !self.b_frac.val().any());
        self.b_flushed.next = self.b.val();
        if self.flush.val() & !self.b_exp.val().any() {
            self.b_flushed.next = self.b.val() & self.c_sign_mask.val();
        }

        // ---- special operands: the result is known now ----
        self.is_special.next = true;
        self.special.next = self.c_nan.val();
        if self.a_nan.val() | self.b_nan.val() {
            if self.c_propagate.val() {
                if self.b_nan.val() {
                    self.special.next = self.b.val() | self.c_quiet.val();
                } else {
                    self.special.next = self.a.val() | self.c_quiet.val();
                }
            }
        } else if self.a_inf.val() & self.b_inf.val() & (self.a_sign.val() != self.b_sign.val()) {
            self.special.next = self.c_invalid.val();
        } else if self.a_inf.val() {
            self.special.next = self.a.val();
        } else if self.b_inf.val() {
            self.special.next = self.b.val();
        } else if self.a_zero.val() & self.b_zero.val() {
            // −0 + −0 = −0; any other pair of zeros is +0 (RN).
            self.special.next = self.a_flushed.val() & self.b_flushed.val();
        } else if self.a_zero.val() {
            self.special.next = self.b_flushed.val();
        } else if self.b_zero.val() {
            self.special.next = self.a_flushed.val();
        } else {
            self.is_special.next = false;
        }

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
        self.a_mag_ge.next =
            (self.a.val() & self.c_mag_mask.val()) >= (self.b.val() & self.c_mag_mask.val());

        // ---- align the operand with the smaller exponent ----
        self.a_exp_ge.next = self.a_scale.val() >= self.b_scale.val();
        self.d_ab.next =
            bit_cast::<X, E>(self.a_scale.val()) - bit_cast::<X, E>(self.b_scale.val());
        self.d_ba.next =
            bit_cast::<X, E>(self.b_scale.val()) - bit_cast::<X, E>(self.a_scale.val());
        self.diff.next = self.d_ba.val();
        self.x_sig.next = self.b_sig.val();
        self.y_sig.next = self.a_sig.val();
        self.max_exp.next = self.b_scale.val();
        if self.a_exp_ge.val() {
            self.diff.next = self.d_ab.val();
            self.x_sig.next = self.a_sig.val();
            self.y_sig.next = self.b_sig.val();
            self.max_exp.next = self.a_scale.val();
        }
        self.al0.next = bit_cast::<A, P>(self.y_sig.val()) << 3;
        self.al1.next = self.al0.val();
        self.st1.next = false;
        if self.diff.val().get_bit(0) {
            self.al1.next = self.al0.val() >> 1;
            self.st1.next = self.al0.val().get_bit(0);
        }
        self.al2.next = self.al1.val();
        self.st2.next = self.st1.val();
        if self.diff.val().get_bit(1) {
            self.al2.next = self.al1.val() >> 2;
            self.st2.next = self.st1.val() | bit_cast::<2, A>(self.al1.val()).any();
        }
        self.al3.next = self.al2.val();
        self.st3.next = self.st2.val();
        if self.diff.val().get_bit(2) {
            self.al3.next = self.al2.val() >> 4;
            self.st3.next = self.st2.val() | bit_cast::<4, A>(self.al2.val()).any();
        }
        self.al4.next = self.al3.val();
        self.st4.next = self.st3.val();
        if self.diff.val().get_bit(3) {
            self.al4.next = self.al3.val() >> 8;
            self.st4.next = self.st3.val() | bit_cast::<8, A>(self.al3.val()).any();
        }
        self.al5.next = self.al4.val();
        self.st5.next = self.st4.val();
        if self.diff.val().get_bit(4) {
            self.al5.next = self.al4.val() >> 16;
            self.st5.next = self.st4.val() | bit_cast::<16, A>(self.al4.val()).any();
        }
        self.al6.next = self.al5.val();
        self.st6.next = self.st5.val();
        if self.diff.val().get_bit(5) {
            self.al6.next = self.al5.val() >> 32;
            self.st6.next = self.st5.val() | bit_cast::<32, A>(self.al5.val()).any();
        }
        self.y_al.next = self.al6.val();
        if self.st6.val() {
            self.y_al.next = self.al6.val() | 1;
        }
        // Beyond 63 places only the sticky bit is left (the significand is not zero).
        if (self.diff.val() & self.c_far_mask.val()).any() {
            self.y_al.next = 1.into();
        }

        // ---- add or subtract magnitudes, larger first (never negative) ----
        // Equal exponents with |b| > |a|: nothing was shifted, swap the inputs.
        self.p_z.next = bit_cast::<Z, P>(self.x_sig.val()) << 3;
        self.q_z.next = bit_cast::<Z, A>(self.y_al.val());
        if (self.a_scale.val() == self.b_scale.val()) & !self.a_mag_ge.val() {
            self.p_z.next = bit_cast::<Z, A>(self.y_al.val());
            self.q_z.next = bit_cast::<Z, P>(self.x_sig.val()) << 3;
        }
        if self.a_sign.val() == self.b_sign.val() {
            self.sum.next = self.p_z.val() + self.q_z.val();
        } else {
            self.sum.next = self.p_z.val() - self.q_z.val();
        }
        self.sign.next = self.b_sign.val();
        if self.a_mag_ge.val() {
            self.sign.next = self.a_sign.val();
        }
        self.exp.next = bit_cast::<X, E>(self.max_exp.val());
        self.floor.next = self.c_top.val() >> (self.max_exp.val() - 1);
    }
}

/// Phase B: normalise, round to nearest even, pack.
#[derive(LogicBlock)]
pub struct FpAddRound<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    /// Phase A's outputs (see [`FpAddAlign`]).
    pub special: Signal<In, Bits<W>>,
    pub is_special: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub exp: Signal<In, Bits<X>>,
    pub sum: Signal<In, Bits<Z>>,
    pub floor: Signal<In, Bits<Z>>,
    /// Write a subnormal result as a signed zero.
    pub flush: Signal<In, Bit>,
    /// `a + b`, rounded to nearest even.
    pub result: Signal<Out, Bits<W>>,

    /// Bit position of the exponent's least significant bit (= M).
    c_man: Constant<Bits<8>>,
    /// Bit position of the sum's carry (= A).
    c_carry: Constant<Bits<8>>,
    /// Bit position of a rounding carry out of the significand (= P).
    c_round_carry: Constant<Bits<8>>,
    /// Shift that puts the window's top bit (A − 1) at bit 63 (= 64 − A).
    c_left_align: Constant<Bits<8>>,
    /// Only the sign bit.
    c_sign_mask: Constant<Bits<W>>,
    /// The all-ones exponent field (±Inf with the sign).
    c_inf: Constant<Bits<W>>,
    /// The all-ones exponent, and one less, as `X`-bit numbers.
    c_exp_max: Constant<Bits<X>>,
    c_exp_max_m1: Constant<Bits<X>>,

    /// Counts the leading zeros of `sum | floor` in the window [A−1 : 0].
    lzc: Lzc64,
    /// The sum overflowed into bit A: one step right, with sticky.
    carry: Signal<Local, Bit>,
    right: Signal<Local, Bits<Z>>,
    /// Left shift: min(leading zeros, exp − 1), thanks to the floor bit.
    cnt: Signal<Local, Bits<7>>,
    norm: Signal<Local, Bits<Z>>,
    e_norm: Signal<Local, Bits<X>>,
    e_norm1: Signal<Local, Bits<X>>,
    /// Guard, round and sticky bits.
    rem: Signal<Local, Bits<3>>,
    q: Signal<Local, Bits<Z>>,
    up: Signal<Local, Bit>,
    q1: Signal<Local, Bits<Z>>,
    /// Rounding carried out of the significand: q1 = 2^P, fraction 0, exponent + 1.
    rc: Signal<Local, Bit>,
    hidden: Signal<Local, Bit>,
    e_final: Signal<Local, Bits<X>>,
    overflow: Signal<Local, Bit>,
    biased: Signal<Local, Bits<E>>,
    sign_bits: Signal<Local, Bits<W>>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddRound<W, E, M, P, A, Z, X>
{
    /// Phase B for `fmt`.
    pub fn new(fmt: FpFormat) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
            special: Default::default(),
            is_special: Default::default(),
            sign: Default::default(),
            exp: Default::default(),
            sum: Default::default(),
            floor: Default::default(),
            flush: Default::default(),
            result: Default::default(),
            c_man: Constant::new(to_bits(M as u128)),
            c_carry: Constant::new(to_bits(A as u128)),
            c_round_carry: Constant::new(to_bits(P as u128)),
            c_left_align: Constant::new(to_bits(64 - A as u128)),
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_bit()))),
            c_inf: Constant::new(to_bits(u128::from(fmt.exp_max() << M))),
            c_exp_max: Constant::new(to_bits(u128::from(fmt.exp_max()))),
            c_exp_max_m1: Constant::new(to_bits(u128::from(fmt.exp_max() - 1))),
            lzc: Default::default(),
            carry: Default::default(),
            right: Default::default(),
            cnt: Default::default(),
            norm: Default::default(),
            e_norm: Default::default(),
            e_norm1: Default::default(),
            rem: Default::default(),
            q: Default::default(),
            up: Default::default(),
            q1: Default::default(),
            rc: Default::default(),
            hidden: Default::default(),
            e_final: Default::default(),
            overflow: Default::default(),
            biased: Default::default(),
            sign_bits: Default::default(),
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
    > Logic for FpAddRound<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        // ---- normalise: one step right on a carry ----
        self.carry.next = self.sum.val().get_bit(self.c_carry.val().index());
        self.right.next = self.sum.val() >> 1;
        if self.sum.val().get_bit(0) {
            self.right.next = (self.sum.val() >> 1) | 1;
        }
        // ---- or left by the leading zeros of `sum | floor` (never below exponent 1) ----
        self.lzc.x.next =
            bit_cast::<64, Z>(self.sum.val() | self.floor.val()) << self.c_left_align.val();
        self.cnt.next = self.lzc.count.val();
        self.norm.next = self.sum.val() << self.cnt.val();
        self.e_norm.next = self.exp.val() - bit_cast::<X, 7>(self.cnt.val());
        if self.carry.val() {
            self.norm.next = self.right.val();
            self.e_norm.next = self.exp.val() + 1;
        }
        self.e_norm1.next = self.e_norm.val() + 1;

        // ---- round to nearest even on the guard bits ----
        self.rem.next = bit_cast::<3, Z>(self.norm.val());
        self.q.next = self.norm.val() >> 3;
        self.up.next = (self.rem.val() > 4) | ((self.rem.val() == 4) & self.q.val().get_bit(0));
        self.q1.next = self.q.val() + self.up.val();
        self.rc.next = self.q1.val().get_bit(self.c_round_carry.val().index());
        self.hidden.next = self.q1.val().get_bit(self.c_man.val().index()) | self.rc.val();
        self.e_final.next = self.e_norm.val();
        if self.rc.val() {
            self.e_final.next = self.e_norm1.val();
        }
        self.overflow.next = (self.e_norm.val() >= self.c_exp_max.val())
            | (self.rc.val() & (self.e_norm.val() == self.c_exp_max_m1.val()));

        // ---- pack ----
        self.biased.next = 0.into();
        if self.hidden.val() {
            self.biased.next = bit_cast::<E, X>(self.e_final.val());
        }
        self.sign_bits.next = 0.into();
        if self.sign.val() {
            self.sign_bits.next = self.c_sign_mask.val();
        }
        if self.is_special.val() {
            self.result.next = self.special.val();
        } else if !self.sum.val().any() {
            // Exact cancellation: +0 in round-to-nearest.
            self.result.next = 0.into();
        } else if self.overflow.val() {
            self.result.next = self.sign_bits.val() | self.c_inf.val();
        } else if !self.hidden.val() & self.flush.val() {
            self.result.next = self.sign_bits.val();
        } else {
            // A rounding carry leaves the fraction bits of q1 all zero.
            self.result.next = self.sign_bits.val()
                | (bit_cast::<W, E>(self.biased.val()) << self.c_man.val())
                | bit_cast::<W, M>(bit_cast::<M, Z>(self.q1.val()));
        }
    }
}

/// Leading zeros of a 64-bit word (64 when it is zero), as a flat two-level
/// priority: eight bytes in parallel, then the first non-zero byte. Depth is
/// logarithmic, unlike a shift-and-test cascade.
#[derive(LogicBlock, Default)]
pub struct Lzc64 {
    pub x: Signal<In, Bits<64>>,
    pub count: Signal<Out, Bits<7>>,
    /// `gK`: byte K from the top; `lK`: the count if byte K is the first non-zero one.
    g0: Signal<Local, Bits<8>>,
    l0: Signal<Local, Bits<7>>,
    g1: Signal<Local, Bits<8>>,
    l1: Signal<Local, Bits<7>>,
    g2: Signal<Local, Bits<8>>,
    l2: Signal<Local, Bits<7>>,
    g3: Signal<Local, Bits<8>>,
    l3: Signal<Local, Bits<7>>,
    g4: Signal<Local, Bits<8>>,
    l4: Signal<Local, Bits<7>>,
    g5: Signal<Local, Bits<8>>,
    l5: Signal<Local, Bits<7>>,
    g6: Signal<Local, Bits<8>>,
    l6: Signal<Local, Bits<7>>,
    g7: Signal<Local, Bits<8>>,
    l7: Signal<Local, Bits<7>>,
}

impl Logic for Lzc64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.g0.next = self.x.val().get_bits::<8>(56);
        // byte 0 (bits 63..56): 0 + its own leading zeros
        self.l0.next = 7.into();
        if self.g0.val().get_bit(1) {
            self.l0.next = 6.into();
        }
        if self.g0.val().get_bit(2) {
            self.l0.next = 5.into();
        }
        if self.g0.val().get_bit(3) {
            self.l0.next = 4.into();
        }
        if self.g0.val().get_bit(4) {
            self.l0.next = 3.into();
        }
        if self.g0.val().get_bit(5) {
            self.l0.next = 2.into();
        }
        if self.g0.val().get_bit(6) {
            self.l0.next = 1.into();
        }
        if self.g0.val().get_bit(7) {
            self.l0.next = 0.into();
        }
        self.g1.next = self.x.val().get_bits::<8>(48);
        // byte 1 (bits 55..48): 8 + its own leading zeros
        self.l1.next = 15.into();
        if self.g1.val().get_bit(1) {
            self.l1.next = 14.into();
        }
        if self.g1.val().get_bit(2) {
            self.l1.next = 13.into();
        }
        if self.g1.val().get_bit(3) {
            self.l1.next = 12.into();
        }
        if self.g1.val().get_bit(4) {
            self.l1.next = 11.into();
        }
        if self.g1.val().get_bit(5) {
            self.l1.next = 10.into();
        }
        if self.g1.val().get_bit(6) {
            self.l1.next = 9.into();
        }
        if self.g1.val().get_bit(7) {
            self.l1.next = 8.into();
        }
        self.g2.next = self.x.val().get_bits::<8>(40);
        // byte 2 (bits 47..40): 16 + its own leading zeros
        self.l2.next = 23.into();
        if self.g2.val().get_bit(1) {
            self.l2.next = 22.into();
        }
        if self.g2.val().get_bit(2) {
            self.l2.next = 21.into();
        }
        if self.g2.val().get_bit(3) {
            self.l2.next = 20.into();
        }
        if self.g2.val().get_bit(4) {
            self.l2.next = 19.into();
        }
        if self.g2.val().get_bit(5) {
            self.l2.next = 18.into();
        }
        if self.g2.val().get_bit(6) {
            self.l2.next = 17.into();
        }
        if self.g2.val().get_bit(7) {
            self.l2.next = 16.into();
        }
        self.g3.next = self.x.val().get_bits::<8>(32);
        // byte 3 (bits 39..32): 24 + its own leading zeros
        self.l3.next = 31.into();
        if self.g3.val().get_bit(1) {
            self.l3.next = 30.into();
        }
        if self.g3.val().get_bit(2) {
            self.l3.next = 29.into();
        }
        if self.g3.val().get_bit(3) {
            self.l3.next = 28.into();
        }
        if self.g3.val().get_bit(4) {
            self.l3.next = 27.into();
        }
        if self.g3.val().get_bit(5) {
            self.l3.next = 26.into();
        }
        if self.g3.val().get_bit(6) {
            self.l3.next = 25.into();
        }
        if self.g3.val().get_bit(7) {
            self.l3.next = 24.into();
        }
        self.g4.next = self.x.val().get_bits::<8>(24);
        // byte 4 (bits 31..24): 32 + its own leading zeros
        self.l4.next = 39.into();
        if self.g4.val().get_bit(1) {
            self.l4.next = 38.into();
        }
        if self.g4.val().get_bit(2) {
            self.l4.next = 37.into();
        }
        if self.g4.val().get_bit(3) {
            self.l4.next = 36.into();
        }
        if self.g4.val().get_bit(4) {
            self.l4.next = 35.into();
        }
        if self.g4.val().get_bit(5) {
            self.l4.next = 34.into();
        }
        if self.g4.val().get_bit(6) {
            self.l4.next = 33.into();
        }
        if self.g4.val().get_bit(7) {
            self.l4.next = 32.into();
        }
        self.g5.next = self.x.val().get_bits::<8>(16);
        // byte 5 (bits 23..16): 40 + its own leading zeros
        self.l5.next = 47.into();
        if self.g5.val().get_bit(1) {
            self.l5.next = 46.into();
        }
        if self.g5.val().get_bit(2) {
            self.l5.next = 45.into();
        }
        if self.g5.val().get_bit(3) {
            self.l5.next = 44.into();
        }
        if self.g5.val().get_bit(4) {
            self.l5.next = 43.into();
        }
        if self.g5.val().get_bit(5) {
            self.l5.next = 42.into();
        }
        if self.g5.val().get_bit(6) {
            self.l5.next = 41.into();
        }
        if self.g5.val().get_bit(7) {
            self.l5.next = 40.into();
        }
        self.g6.next = self.x.val().get_bits::<8>(8);
        // byte 6 (bits 15..8): 48 + its own leading zeros
        self.l6.next = 55.into();
        if self.g6.val().get_bit(1) {
            self.l6.next = 54.into();
        }
        if self.g6.val().get_bit(2) {
            self.l6.next = 53.into();
        }
        if self.g6.val().get_bit(3) {
            self.l6.next = 52.into();
        }
        if self.g6.val().get_bit(4) {
            self.l6.next = 51.into();
        }
        if self.g6.val().get_bit(5) {
            self.l6.next = 50.into();
        }
        if self.g6.val().get_bit(6) {
            self.l6.next = 49.into();
        }
        if self.g6.val().get_bit(7) {
            self.l6.next = 48.into();
        }
        self.g7.next = self.x.val().get_bits::<8>(0);
        // byte 7 (bits 7..0): 56 + its own leading zeros
        self.l7.next = 63.into();
        if self.g7.val().get_bit(1) {
            self.l7.next = 62.into();
        }
        if self.g7.val().get_bit(2) {
            self.l7.next = 61.into();
        }
        if self.g7.val().get_bit(3) {
            self.l7.next = 60.into();
        }
        if self.g7.val().get_bit(4) {
            self.l7.next = 59.into();
        }
        if self.g7.val().get_bit(5) {
            self.l7.next = 58.into();
        }
        if self.g7.val().get_bit(6) {
            self.l7.next = 57.into();
        }
        if self.g7.val().get_bit(7) {
            self.l7.next = 56.into();
        }
        // the most significant non-zero byte decides
        self.count.next = 64.into();
        if self.g7.val().any() {
            self.count.next = self.l7.val();
        }
        if self.g6.val().any() {
            self.count.next = self.l6.val();
        }
        if self.g5.val().any() {
            self.count.next = self.l5.val();
        }
        if self.g4.val().any() {
            self.count.next = self.l4.val();
        }
        if self.g3.val().any() {
            self.count.next = self.l3.val();
        }
        if self.g2.val().any() {
            self.count.next = self.l2.val();
        }
        if self.g1.val().any() {
            self.count.next = self.l1.val();
        }
        if self.g0.val().any() {
            self.count.next = self.l0.val();
        }
    }
}

/// The two phases with the pipeline register between them: `result` is the sum
/// of the `a`, `b` presented one clock earlier.
#[derive(LogicBlock)]
pub struct FpAddPipe<
    const W: usize,
    const E: usize,
    const M: usize,
    const P: usize,
    const A: usize,
    const Z: usize,
    const X: usize,
> {
    pub clock: Signal<In, Clock>,
    /// Left operand (the lane's old value).
    pub a: Signal<In, Bits<W>>,
    /// Right operand.
    pub b: Signal<In, Bits<W>>,
    /// Flush subnormal inputs and results to signed zero.
    pub flush: Signal<In, Bit>,
    /// `a + b` of the previous clock.
    pub result: Signal<Out, Bits<W>>,
    align: FpAddAlign<W, E, M, P, A, Z, X>,
    round: FpAddRound<W, E, M, P, A, Z, X>,
    r_special: DFF<Bits<W>>,
    r_is_special: DFF<Bit>,
    r_sign: DFF<Bit>,
    r_exp: DFF<Bits<X>>,
    r_sum: DFF<Bits<Z>>,
    r_floor: DFF<Bits<Z>>,
    r_flush: DFF<Bit>,
}

impl<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    > FpAddPipe<W, E, M, P, A, Z, X>
{
    /// The adder for `fmt` with NaN rule `nan`.
    pub fn new(fmt: FpFormat, nan: NanRule) -> Self {
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            flush: Default::default(),
            result: Default::default(),
            align: FpAddAlign::new(fmt, nan),
            round: FpAddRound::new(fmt),
            r_special: Default::default(),
            r_is_special: Default::default(),
            r_sign: Default::default(),
            r_exp: Default::default(),
            r_sum: Default::default(),
            r_floor: Default::default(),
            r_flush: Default::default(),
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
    > Logic for FpAddPipe<W, E, M, P, A, Z, X>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            r_special,
            r_is_special,
            r_sign,
            r_exp,
            r_sum,
            r_floor,
            r_flush
        );
        self.align.a.next = self.a.val();
        self.align.b.next = self.b.val();
        self.align.flush.next = self.flush.val();
        self.r_special.d.next = self.align.special.val();
        self.r_is_special.d.next = self.align.is_special.val();
        self.r_sign.d.next = self.align.sign.val();
        self.r_exp.d.next = self.align.exp.val();
        self.r_sum.d.next = self.align.sum.val();
        self.r_floor.d.next = self.align.floor.val();
        self.r_flush.d.next = self.flush.val();
        self.round.special.next = self.r_special.q.val();
        self.round.is_special.next = self.r_is_special.q.val();
        self.round.sign.next = self.r_sign.q.val();
        self.round.exp.next = self.r_exp.q.val();
        self.round.sum.next = self.r_sum.q.val();
        self.round.floor.next = self.r_floor.q.val();
        self.round.flush.next = self.r_flush.q.val();
        self.result.next = self.round.result.val();
    }
}

/// binary64 adder (DFMA's NaN rule).
pub type F64AddPipe = FpAddPipe<64, 11, 52, 53, 56, 57, 12>;
/// binary32 adder.
pub type F32AddPipe = FpAddPipe<32, 8, 23, 24, 27, 28, 9>;
/// binary16 adder (one half of f16x2).
pub type F16AddPipe = FpAddPipe<16, 5, 10, 11, 14, 15, 6>;
/// bfloat16 adder (one half of bf16x2).
pub type Bf16AddPipe = FpAddPipe<16, 8, 7, 8, 11, 12, 9>;
