//! RTL of the atomic unit's float adder: the algorithm of [`super::fpadd`] split
//! into four purely combinational blocks, generic over the format, and
//! [`FpAddPipe`], which registers some of the three boundaries between them.
//!
//! - [`FpAddP1`]: classify both operands, resolve special operands (NaN, Inf,
//!   zero) into a ready result, compare the magnitudes, and order the operands:
//!   the larger one's significand and exponent, the smaller one's significand,
//!   the exponent difference (both ways in parallel, the compare picks one).
//! - [`FpAddP2`]: align the smaller significand with a right shift whose sticky
//!   bit is computed in parallel (a mask of the bits shifted out), and prepare
//!   the adder's inputs (the subtrahend inverted).
//! - [`FpAddP3`]: one carry chain adds or subtracts the magnitudes; the leading
//!   zeros of `sum | floor` over the whole sum (carry position included) give
//!   the normalising shift.
//! - [`FpAddP4`]: one left shift normalises (the leading one lands on the carry
//!   position and the window is read one place lower, so a carry needs no extra
//!   right step); round to nearest even on the guard bits, where only shifts of
//!   0, 1, 2 can need it, so those three roundings run on the unshifted sum in
//!   parallel with the shifter; pack, select.
//!
//! Boundaries: b1 = P1|P2, b2 = P2|P3, b3 = P3|P4. [`FpAddPipe::with_phases`]
//! registers `phases − 1` of them ([`registered_boundaries`]); a same-address
//! float add in the atomic unit can issue every `phases` clocks.
//!
//! Const generics carry the format's derived widths, checked against the
//! [`FpFormat`] in each block's `new` (Rust cannot compute `M + 1` in a type):
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
use crate::hw::boundary::Boundary;
use crate::unit::to_bits;
use rust_hdl::prelude::*;

/// Checks the const generics against the format (panics on a mismatch).
fn check_widths(fmt: FpFormat, [w, e, m, p, a, z, x]: [usize; 7]) {
    assert_eq!(w as u32, fmt.width(), "W = 1 + E + M");
    assert_eq!(e as u32, fmt.exp_bits, "E");
    assert_eq!(m as u32, fmt.man_bits, "M");
    assert_eq!(p, m + 1, "P = M + 1");
    assert_eq!(a, p + GUARD_BITS as usize, "A = P + GUARD_BITS");
    assert_eq!(z, a + 1, "Z = A + 1");
    assert_eq!(x, e + 1, "X = E + 1");
    assert!(z < 64 && x >= 6, "datapath sized for 64-bit words");
}

/// Which of the boundaries b1 (P1|P2), b2 (P2|P3), b3 (P3|P4) hold a register
/// for a pipe of `phases` clocks (2..=4; panics otherwise). Chosen to balance the
/// phases: 2 → b2; 3 → b2, b3; 4 → all three.
pub fn registered_boundaries(phases: usize) -> [bool; 3] {
    match phases {
        2 => [false, true, false],
        3 => [false, true, true],
        4 => [true, true, true],
        _ => panic!("FpAddPipe: phases must be 2, 3 or 4, not {phases}"),
    }
}

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
    /// `|a| >= |b|` (as bit patterns): `a` is the larger; then its exponent is too.
    a_mag_ge: Signal<Local, Bit>,
    /// Exponent difference, both ways, in parallel with the compare.
    d_ab: Signal<Local, Bits<X>>,
    d_ba: Signal<Local, Bits<X>>,
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
    /// P1 for `fmt` with NaN rule `nan`.
    pub fn new(fmt: FpFormat, nan: NanRule) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        let (canonical, invalid, propagate) = match nan {
            NanRule::Canonical(q) => (q, q, false),
            NanRule::PropagateLast { invalid } => (0, invalid, true),
        };
        Self {
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
            c_man: Constant::new(to_bits(M as u128)),
            c_sign: Constant::new(to_bits(W as u128 - 1)),
            c_hidden: Constant::new(to_bits(1u128 << M)),
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_bit()))),
            c_mag_mask: Constant::new(to_bits(u128::from(fmt.mask() & !fmt.sign_bit()))),
            c_quiet: Constant::new(to_bits(u128::from(fmt.quiet_bit()))),
            c_nan: Constant::new(to_bits(u128::from(canonical))),
            c_invalid: Constant::new(to_bits(u128::from(invalid))),
            c_propagate: Constant::new(propagate),
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
            a_mag_ge: Default::default(),
            d_ab: Default::default(),
            d_ba: Default::default(),
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

        // ---- order by magnitude; the differences run in parallel with the compare ----
        self.a_mag_ge.next =
            (self.a.val() & self.c_mag_mask.val()) >= (self.b.val() & self.c_mag_mask.val());
        self.d_ab.next =
            bit_cast::<X, E>(self.a_scale.val()) - bit_cast::<X, E>(self.b_scale.val());
        self.d_ba.next =
            bit_cast::<X, E>(self.b_scale.val()) - bit_cast::<X, E>(self.a_scale.val());
        self.sub.next = self.a_sign.val() != self.b_sign.val();
        if self.a_mag_ge.val() {
            self.sign.next = self.a_sign.val();
            self.exp.next = bit_cast::<X, E>(self.a_scale.val());
            self.x_sig.next = self.a_sig.val();
            self.y_sig.next = self.b_sig.val();
            self.diff.next = self.d_ab.val();
        } else {
            self.sign.next = self.b_sign.val();
            self.exp.next = bit_cast::<X, E>(self.b_scale.val());
            self.x_sig.next = self.b_sig.val();
            self.y_sig.next = self.a_sig.val();
            self.diff.next = self.d_ba.val();
        }
    }
}

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
    /// P2's outputs (see [`FpAddP2`]).
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
    /// P3 for `fmt`.
    pub fn new(fmt: FpFormat) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
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
        // ---- p + q, or p + !q + 1 = p − q (mod 2^Z): one chain, carry-in at bit 0 ----
        self.pp.next = (bit_cast::<64, Z>(self.p_z.val()) << 1) | 1;
        self.qq.next = bit_cast::<64, Z>(self.q_z.val()) << 1;
        if self.sub.val() {
            self.qq.next = (bit_cast::<64, Z>(self.q_z.val()) << 1) | 1;
        }
        self.s64.next = self.pp.val() + self.qq.val();
        self.s.next = self.s64.val().get_bits::<Z>(1);
        self.sum.next = self.s.val();
        self.zero.next = !self.s.val().any();
        // ---- the normalising shift: leading zeros of `sum | floor` from bit A ----
        self.floor.next = self.c_top.val() >> self.exp.val();
        self.lzc.x.next =
            bit_cast::<64, Z>(self.s.val() | self.floor.val()) << self.c_left_align.val();
        self.cnt.next = self.lzc.count.val();
        self.exp1.next = self.exp.val() + 1;
        self.exp2.next = self.exp.val() + 2;
        self.at_top.next = self.exp.val() == self.c_exp_top.val();
        self.below_top.next = self.exp.val() == self.c_exp_below_top.val();
    }
}

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
    /// P1's special result (see [`FpAddP1`]).
    pub special: Signal<In, Bits<W>>,
    pub is_special: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    /// P3's outputs (see [`FpAddP3`]).
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
    /// P4 for `fmt`.
    pub fn new(fmt: FpFormat) -> Self {
        check_widths(fmt, [W, E, M, P, A, Z, X]);
        Self {
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
            c_sign_mask: Constant::new(to_bits(u128::from(fmt.sign_bit()))),
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
        // ---- normalise: the leading one to bit A (a carry is already there) ----
        self.cnt6.next = bit_cast::<6, 7>(self.cnt.val());
        self.norm.next = self.sum.val() << self.cnt6.val();
        self.e_norm.next = self.exp1.val() - bit_cast::<X, 6>(self.cnt6.val());
        self.e_norm1.next = self.exp2.val() - bit_cast::<X, 6>(self.cnt6.val());
        self.sh0.next = self.cnt6.val() == 0;
        self.sh1.next = self.cnt6.val() == 1;

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
        self.q1.next = self.norm.val() >> 4;
        if self.sh0.val() {
            self.q1.next = self.r0.val();
        }
        if self.sh1.val() {
            self.q1.next = self.r1.val();
        }
        if self.cnt6.val() == 2 {
            self.q1.next = self.r2.val();
        }
        self.rc.next = self.q1.val().get_bit(self.c_round_carry.val().index());
        self.hidden.next = self.q1.val().get_bit(self.c_man.val().index()) | self.rc.val();
        self.e_final.next = self.e_norm.val();
        if self.rc.val() {
            self.e_final.next = self.e_norm1.val();
        }
        // e_norm = exp + 1 − shift with exp at most the top: it reaches the
        // all-ones exponent only with shift 0 from the top, and one below it with
        // shift 0 from one below the top or shift 1 from the top.
        self.overflow.next = (self.sh0.val()
            & (self.at_top.val() | (self.rc.val() & self.below_top.val())))
            | (self.sh1.val() & self.rc.val() & self.at_top.val());

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
        } else if self.zero.val() {
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

/// The four blocks with `phases − 1` registered boundaries: `result` is the sum
/// of the `a`, `b` presented `phases − 1` clocks earlier (combinational from the
/// last register). Each boundary is a [`Boundary`] per signal, a register or a
/// wire fixed when the pipe is built (synthesis removes the unused flip-flops).
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
    /// `a + b` of `phases − 1` clocks earlier.
    pub result: Signal<Out, Bits<W>>,
    p1: FpAddP1<W, E, M, P, A, Z, X>,
    p2: FpAddP2<W, E, M, P, A, Z, X>,
    p3: FpAddP3<W, E, M, P, A, Z, X>,
    p4: FpAddP4<W, E, M, P, A, Z, X>,
    // b1: P1's outputs, and the flush bit for P4.
    r1_special: Boundary<Bits<W>>,
    r1_is_special: Boundary<Bit>,
    r1_sign: Boundary<Bit>,
    r1_exp: Boundary<Bits<X>>,
    r1_x: Boundary<Bits<P>>,
    r1_y: Boundary<Bits<P>>,
    r1_diff: Boundary<Bits<X>>,
    r1_sub: Boundary<Bit>,
    r1_flush: Boundary<Bit>,
    // b2: P2's outputs and what passes on.
    r2_special: Boundary<Bits<W>>,
    r2_is_special: Boundary<Bit>,
    r2_sign: Boundary<Bit>,
    r2_exp: Boundary<Bits<X>>,
    r2_p: Boundary<Bits<Z>>,
    r2_q: Boundary<Bits<Z>>,
    r2_sub: Boundary<Bit>,
    r2_flush: Boundary<Bit>,
    // b3: P3's outputs and what passes on.
    r3_special: Boundary<Bits<W>>,
    r3_is_special: Boundary<Bit>,
    r3_sign: Boundary<Bit>,
    r3_exp1: Boundary<Bits<X>>,
    r3_exp2: Boundary<Bits<X>>,
    r3_at_top: Boundary<Bit>,
    r3_below_top: Boundary<Bit>,
    r3_sum: Boundary<Bits<Z>>,
    r3_cnt: Boundary<Bits<7>>,
    r3_zero: Boundary<Bit>,
    r3_flush: Boundary<Bit>,
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
    /// The two-phase adder for `fmt` with NaN rule `nan` (`with_phases(fmt, nan, 2)`).
    pub fn new(fmt: FpFormat, nan: NanRule) -> Self {
        Self::with_phases(fmt, nan, 2)
    }

    /// The adder for `fmt` with NaN rule `nan` in `phases` clocks (2..=4; panics
    /// otherwise): the result comes `phases − 1` clocks after the operands.
    pub fn with_phases(fmt: FpFormat, nan: NanRule, phases: usize) -> Self {
        let [reg1, reg2, reg3] = registered_boundaries(phases);
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            flush: Default::default(),
            result: Default::default(),
            p1: FpAddP1::new(fmt, nan),
            p2: FpAddP2::new(fmt),
            p3: FpAddP3::new(fmt),
            p4: FpAddP4::new(fmt),
            r1_special: Boundary::new(reg1),
            r1_is_special: Boundary::new(reg1),
            r1_sign: Boundary::new(reg1),
            r1_exp: Boundary::new(reg1),
            r1_x: Boundary::new(reg1),
            r1_y: Boundary::new(reg1),
            r1_diff: Boundary::new(reg1),
            r1_sub: Boundary::new(reg1),
            r1_flush: Boundary::new(reg1),
            r2_special: Boundary::new(reg2),
            r2_is_special: Boundary::new(reg2),
            r2_sign: Boundary::new(reg2),
            r2_exp: Boundary::new(reg2),
            r2_p: Boundary::new(reg2),
            r2_q: Boundary::new(reg2),
            r2_sub: Boundary::new(reg2),
            r2_flush: Boundary::new(reg2),
            r3_special: Boundary::new(reg3),
            r3_is_special: Boundary::new(reg3),
            r3_sign: Boundary::new(reg3),
            r3_exp1: Boundary::new(reg3),
            r3_exp2: Boundary::new(reg3),
            r3_at_top: Boundary::new(reg3),
            r3_below_top: Boundary::new(reg3),
            r3_sum: Boundary::new(reg3),
            r3_cnt: Boundary::new(reg3),
            r3_zero: Boundary::new(reg3),
            r3_flush: Boundary::new(reg3),
        }
    }

    /// Clocks per add (2..=4): `result` follows the operands by `phases − 1`.
    pub fn phases(&self) -> usize {
        1 + [
            self.r1_sub.is_registered(),
            self.r2_sub.is_registered(),
            self.r3_flush.is_registered(),
        ]
        .iter()
        .filter(|r| **r)
        .count()
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
        clock!(
            self,
            clock,
            r1_special,
            r1_is_special,
            r1_sign,
            r1_exp,
            r1_x,
            r1_y,
            r1_diff,
            r1_sub,
            r1_flush,
            r2_special,
            r2_is_special,
            r2_sign,
            r2_exp,
            r2_p,
            r2_q,
            r2_sub,
            r2_flush,
            r3_special,
            r3_is_special,
            r3_sign,
            r3_exp1,
            r3_exp2,
            r3_at_top,
            r3_below_top,
            r3_sum,
            r3_cnt,
            r3_zero,
            r3_flush
        );
        // ---- P1 ----
        self.p1.a.next = self.a.val();
        self.p1.b.next = self.b.val();
        self.p1.flush.next = self.flush.val();
        // ---- boundaries: each fed by the block before it ----
        self.r1_special.d.next = self.p1.special.val();
        self.r1_is_special.d.next = self.p1.is_special.val();
        self.r1_sign.d.next = self.p1.sign.val();
        self.r1_exp.d.next = self.p1.exp.val();
        self.r1_x.d.next = self.p1.x_sig.val();
        self.r1_y.d.next = self.p1.y_sig.val();
        self.r1_diff.d.next = self.p1.diff.val();
        self.r1_sub.d.next = self.p1.sub.val();
        self.r1_flush.d.next = self.flush.val();
        self.r2_special.d.next = self.r1_special.q.val();
        self.r2_is_special.d.next = self.r1_is_special.q.val();
        self.r2_sign.d.next = self.r1_sign.q.val();
        self.r2_exp.d.next = self.r1_exp.q.val();
        self.r2_p.d.next = self.p2.p_z.val();
        self.r2_q.d.next = self.p2.q_z.val();
        self.r2_sub.d.next = self.r1_sub.q.val();
        self.r2_flush.d.next = self.r1_flush.q.val();
        self.r3_special.d.next = self.r2_special.q.val();
        self.r3_is_special.d.next = self.r2_is_special.q.val();
        self.r3_sign.d.next = self.r2_sign.q.val();
        self.r3_exp1.d.next = self.p3.exp1.val();
        self.r3_exp2.d.next = self.p3.exp2.val();
        self.r3_at_top.d.next = self.p3.at_top.val();
        self.r3_below_top.d.next = self.p3.below_top.val();
        self.r3_sum.d.next = self.p3.sum.val();
        self.r3_cnt.d.next = self.p3.cnt.val();
        self.r3_zero.d.next = self.p3.zero.val();
        self.r3_flush.d.next = self.r2_flush.q.val();
        // ---- P2 ----
        self.p2.x_sig.next = self.r1_x.q.val();
        self.p2.y_sig.next = self.r1_y.q.val();
        self.p2.diff.next = self.r1_diff.q.val();
        self.p2.sub.next = self.r1_sub.q.val();
        // ---- P3 ----
        self.p3.exp.next = self.r2_exp.q.val();
        self.p3.p_z.next = self.r2_p.q.val();
        self.p3.q_z.next = self.r2_q.q.val();
        self.p3.sub.next = self.r2_sub.q.val();
        // ---- P4 ----
        self.p4.special.next = self.r3_special.q.val();
        self.p4.is_special.next = self.r3_is_special.q.val();
        self.p4.sign.next = self.r3_sign.q.val();
        self.p4.exp1.next = self.r3_exp1.q.val();
        self.p4.exp2.next = self.r3_exp2.q.val();
        self.p4.at_top.next = self.r3_at_top.q.val();
        self.p4.below_top.next = self.r3_below_top.q.val();
        self.p4.sum.next = self.r3_sum.q.val();
        self.p4.cnt.next = self.r3_cnt.q.val();
        self.p4.zero.next = self.r3_zero.q.val();
        self.p4.flush.next = self.r3_flush.q.val();
        self.result.next = self.p4.result.val();
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

#[cfg(test)]
mod tests {
    use super::super::fpadd::{fp_add, Subnormals, BF16, F16, F32, F64};
    use super::super::model::{F32_CANONICAL_NAN, F64_INVALID_NAN, HALF_CANONICAL_NAN};
    use super::*;
    use crate::unit::xorshift;

    /// Operand values that exercise every path of `fmt`: zeros, subnormal and
    /// normal extremes, infinities, quiet and signalling NaNs with payloads,
    /// values around 1 and 2 (cancellation), both signs.
    fn specials(fmt: FpFormat) -> Vec<u64> {
        let m = fmt.man_bits;
        let frac = fmt.frac_mask();
        let one = (fmt.exp_max() >> 1) << m;
        let mut v = vec![
            0,
            1,
            frac,
            frac - 1,
            1 << m,
            (1 << m) | 1,
            (fmt.exp_max() - 1) << m | frac,
            (fmt.exp_max() - 1) << m,
            fmt.exp_max() << m,
            fmt.exp_max() << m | fmt.quiet_bit(),
            fmt.exp_max() << m | fmt.quiet_bit() | 5,
            fmt.exp_max() << m | 1,
            fmt.exp_max() << m | (frac >> 1) ^ 3,
            one,
            one | 1,
            one - 1,
            one + (1 << m),
            one + (1 << m) - 1,
            (2 << m) | 1,
            2 << m,
            (1 << m) - 7,
            // Half an ulp of the largest finite value, around it (rounding to Inf),
            // and the largest value one exponent below the top.
            (fmt.exp_max() - 2 - u64::from(m)) << m,
            (fmt.exp_max() - 2 - u64::from(m)) << m | 1,
            ((fmt.exp_max() - 2 - u64::from(m)) << m) - 1,
            (fmt.exp_max() - 2) << m | frac,
            (fmt.exp_max() - 3 - u64::from(m)) << m | 1,
        ];
        for x in v.clone() {
            v.push(x | fmt.sign_bit());
        }
        v
    }

    /// A random operand: uniform bits, or a value near `near` (close operands
    /// that cancel or round), or one with a small exponent (subnormal results).
    fn random_operand(fmt: FpFormat, near: u64, state: &mut u64) -> u64 {
        let r = xorshift(state);
        let x = match r % 4 {
            0 => r >> 8,
            1 => near ^ (r >> 40) ^ ((r >> 20) & 1) << (fmt.width() - 1),
            2 => (r >> 8) & !(fmt.exp_max() << fmt.man_bits) | ((r >> 3) & 3) << fmt.man_bits,
            _ => near.wrapping_add((r >> 60) & 7) ^ (((r >> 7) & 1) << (fmt.width() - 1)),
        };
        x & fmt.mask()
    }

    fn vectors(fmt: FpFormat, seed: u64, random: usize) -> Vec<(u64, u64)> {
        let sp = specials(fmt);
        let mut v: Vec<(u64, u64)> = Vec::new();
        for &a in &sp {
            for &b in &sp {
                v.push((a, b));
            }
        }
        let mut state = seed;
        for _ in 0..random {
            let a = random_operand(fmt, xorshift(&mut state) & fmt.mask(), &mut state);
            let b = random_operand(fmt, a, &mut state);
            v.push((a, b));
        }
        v
    }

    /// Drives a pipe one operand pair per clock and checks each result
    /// `phases − 1` clocks after its operands against the golden model.
    fn check<
        const W: usize,
        const E: usize,
        const M: usize,
        const P: usize,
        const A: usize,
        const Z: usize,
        const X: usize,
    >(
        fmt: FpFormat,
        nan: NanRule,
        phases: usize,
        flush: bool,
        seed: u64,
    ) {
        let mut uut = FpAddPipe::<W, E, M, P, A, Z, X>::with_phases(fmt, nan, phases);
        assert_eq!(uut.phases(), phases);
        uut.connect_all();
        let settle = |uut: &mut FpAddPipe<W, E, M, P, A, Z, X>| {
            assert!(simulate(uut, 1000), "logic did not settle");
        };
        uut.clock.next = Clock { clk: false };
        settle(&mut uut);
        let vecs = vectors(fmt, seed, 3000);
        let lat = phases - 1;
        let mode = if flush {
            Subnormals::Flush
        } else {
            Subnormals::Keep
        };
        for cycle in 0..vecs.len() + lat {
            let (a, b) = vecs.get(cycle).copied().unwrap_or((0, 0));
            uut.a.next = to_bits(u128::from(a));
            uut.b.next = to_bits(u128::from(b));
            uut.flush.next = flush;
            uut.clock.next = Clock { clk: false };
            settle(&mut uut);
            if cycle >= lat {
                let (a, b) = vecs[cycle - lat];
                let want = fp_add(fmt, a, b, mode, nan);
                let got = uut.result.val().to_u64();
                assert_eq!(
                    got, want,
                    "{fmt:?} phases {phases} flush {flush}: {a:#x} + {b:#x} = {got:#x}, want {want:#x}"
                );
            }
            uut.clock.next = Clock { clk: true };
            settle(&mut uut);
        }
    }

    const F64_NAN: NanRule = NanRule::PropagateLast {
        invalid: F64_INVALID_NAN,
    };

    #[test]
    fn fpadd_f64_matches_the_model_at_every_depth() {
        for phases in 2..=4 {
            check::<64, 11, 52, 53, 56, 57, 12>(F64, F64_NAN, phases, false, 11 + phases as u64);
        }
    }

    #[test]
    fn fpadd_f32_matches_the_model_at_every_depth_flushing_or_not() {
        for phases in 2..=4 {
            for flush in [false, true] {
                check::<32, 8, 23, 24, 27, 28, 9>(
                    F32,
                    NanRule::Canonical(F32_CANONICAL_NAN),
                    phases,
                    flush,
                    21 + phases as u64 + u64::from(flush),
                );
            }
        }
    }

    #[test]
    fn fpadd_f16_matches_the_model_at_every_depth() {
        for phases in 2..=4 {
            check::<16, 5, 10, 11, 14, 15, 6>(
                F16,
                NanRule::Canonical(HALF_CANONICAL_NAN),
                phases,
                false,
                31 + phases as u64,
            );
        }
    }

    #[test]
    fn fpadd_bf16_matches_the_model_at_every_depth() {
        for phases in 2..=4 {
            check::<16, 8, 7, 8, 11, 12, 9>(
                BF16,
                NanRule::Canonical(HALF_CANONICAL_NAN),
                phases,
                false,
                41 + phases as u64,
            );
        }
    }

    #[test]
    fn fpadd_aliases_and_phase_counts() {
        assert_eq!(F64AddPipe::new(F64, F64_NAN).phases(), 2);
        assert_eq!(
            F32AddPipe::with_phases(F32, NanRule::Canonical(0), 3).phases(),
            3
        );
        assert_eq!(
            F16AddPipe::with_phases(F16, NanRule::Canonical(0), 4).phases(),
            4
        );
        assert_eq!(Bf16AddPipe::new(BF16, NanRule::Canonical(0)).phases(), 2);
    }

    #[test]
    #[should_panic(expected = "phases must be 2, 3 or 4")]
    fn fpadd_rejects_one_phase() {
        let _ = F64AddPipe::with_phases(F64, F64_NAN, 1);
    }
}
