//! RTL of the atomic unit's float adder: the algorithm of [`super::fpadd`] split
//! into four purely combinational blocks, generic over the format, and
//! [`FpAddPipe`], which registers some of the three boundaries between them.
//!
//! - [`FpAddP1`]: classify both operands, resolve special operands (NaN, Inf,
//!   zero) into a ready result, compare the magnitudes, and order the operands:
//!   the larger one's significand and exponent, the smaller one's significand,
//!   the exponent difference (both ways in parallel, the compare picks one) and
//!   the mask of the bits the alignment drops. Before its cut c1 only the class
//!   bits; the special result is rebuilt after it from the class bits, signs,
//!   scales and significands.
//! - [`FpAddP2`]: align the smaller significand with a right shift whose sticky
//!   bit is computed in parallel (the AND of P1's mask with the significand),
//!   and prepare the adder's inputs (the subtrahend inverted).
//! - [`FpAddP3`]: one carry chain adds or subtracts the magnitudes; the leading
//!   zeros of `sum | floor` over the whole sum (carry position included) give
//!   the normalising shift.
//! - [`FpAddP4`]: one left shift normalises (the leading one lands on the carry
//!   position and the window is read one place lower, so a carry needs no extra
//!   right step); round to nearest even on the guard bits, where only shifts of
//!   0, 1, 2 can need it, so those three roundings run on the unshifted sum in
//!   parallel with the shifter; pack, select.
//!
//! Cuts: b0 (the operands), b1 = P1|P2, b2 = P2|P3, b3 = P3|P4, and one inside
//! each phase (c1..c4, see each phase's file). [`FpAddPipe::with_phases`]
//! registers `phases − 1` of them ([`registered_boundaries`]); a same-address
//! float add in the atomic unit can issue every `phases` clocks.
//!
//! Const generics carry the format's derived widths, checked against the
//! [`FloatFormat`] in each block's `new` (Rust cannot compute `M + 1` in a type):
//! - `W = 1 + E + M`: the format's width;
//! - `E`: exponent field; `M`: stored fraction bits;
//! - `P = M + 1`: significand with its implicit bit;
//! - `A = P + GUARD_BITS`: aligned significand (guard, round, sticky below the last place);
//! - `Z = A + 1`: the sum, with its carry;
//! - `X = E + 1`: exponent with room for the normalisation and rounding carries.
//!
//! Positions that depend on the format are `Constant`s (rust-hdl would print a
//! const generic inside an expression as an undeclared Verilog name).

use super::fpadd::{FloatFormat, NanRule, GUARD_BITS};
use crate::hw::boundary::Boundary;
use rust_hdl::prelude::*;

mod add;
mod align;
mod round;
mod unpack;

pub use add::FpAddP3;
pub use align::FpAddP2;
pub use round::FpAddP4;
pub use unpack::FpAddP1;

/// Checks the const generics against the format (panics on a mismatch).
fn check_widths(fmt: FloatFormat, [w, e, m, p, a, z, x]: [usize; 7]) {
    assert_eq!(w as u32, fmt.width(), "W = 1 + E + M");
    assert_eq!(e as u32, fmt.exp_bits, "E");
    assert_eq!(m as u32, fmt.man_bits, "M");
    assert_eq!(p, m + 1, "P = M + 1");
    assert_eq!(a, p + GUARD_BITS as usize, "A = P + GUARD_BITS");
    assert_eq!(z, a + 1, "Z = A + 1");
    assert_eq!(x, e + 1, "X = E + 1");
    assert!(z < 64 && x >= 6, "datapath sized for 64-bit words");
}

/// The cuts of the adder, in datapath order: b0 (the operands), c1 (inside
/// P1), b1 (P1|P2), c2 (inside P2), b2 (P2|P3), c3 (inside P3), b3 (P3|P4), c4
/// (inside P4), b4 (the result). [`registered_boundaries`] says which hold a
/// register.
pub const CUTS: [&str; 9] = ["b0", "c1", "b1", "c2", "b2", "c3", "b3", "c4", "b4"];

/// The most clocks a float add can take: every cut registered.
pub const MAX_PHASES: usize = CUTS.len() + 1;

/// Which of the [`CUTS`] hold a register for a pipe of `phases` clocks
/// (2..=[`MAX_PHASES`]; panics otherwise). Each added clock registers one more
/// cut, the one in front of the slowest remaining phase: 2 → b2; 3 → + b3;
/// 4 → + b1; 5 → + c3 (the carry chain | the leading-zero count); 6 → + b0
/// (the operands, after the unit's forwarding choice); 7 → + c4 (the shifts
/// and roundings | the choice and pack); 8 → + c1 (classify and compare | the
/// swap); 9 → + c2 (coarse | fine alignment); 10 → + b4 (the result, so
/// that the atomic unit's lane merge has a clock of its own).
pub fn registered_boundaries(phases: usize) -> [bool; 9] {
    // Cut indices in CUTS, in the order they are added.
    const ORDER: [usize; 9] = [4, 6, 2, 5, 0, 7, 1, 3, 8];
    assert!(
        (2..=MAX_PHASES).contains(&phases),
        "FpAddPipe: phases must be 2 to {MAX_PHASES}, not {phases}"
    );
    let mut reg = [false; 9];
    for &c in &ORDER[..phases - 1] {
        reg[c] = true;
    }
    reg
}

/// The four blocks with `phases − 1` registered cuts: `result` is the sum
/// of the `a`, `b` presented `phases − 1` clocks earlier (combinational from the
/// last register). Each cut is a [`Boundary`] per signal, a register or a
/// wire fixed when the pipe is built (synthesis removes the unused flip-flops);
/// the mid-phase cuts c1..c4 sit inside the phase blocks, and the signals that
/// pass a phase cross them here.
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
    /// Clocks per add.
    _phases: usize,
    // b0: the operands (the adder's input register).
    r0_a: Boundary<Bits<W>>,
    r0_b: Boundary<Bits<W>>,
    r0_flush: Boundary<Bit>,
    // c1 (inside P1): what passes P1.
    m1_flush: Boundary<Bit>,
    // b1: P1's outputs, and the flush bit for P4.
    r1_special: Boundary<Bits<W>>,
    r1_is_special: Boundary<Bit>,
    r1_sign: Boundary<Bit>,
    r1_exp: Boundary<Bits<X>>,
    r1_x: Boundary<Bits<P>>,
    r1_y: Boundary<Bits<P>>,
    r1_diff: Boundary<Bits<X>>,
    r1_drop: Boundary<Bits<A>>,
    r1_sub: Boundary<Bit>,
    r1_flush: Boundary<Bit>,
    // c2 (inside P2): what passes P2.
    m2_special: Boundary<Bits<W>>,
    m2_is_special: Boundary<Bit>,
    m2_sign: Boundary<Bit>,
    m2_exp: Boundary<Bits<X>>,
    m2_sub: Boundary<Bit>,
    m2_flush: Boundary<Bit>,
    // b2: P2's outputs and what passes on.
    r2_special: Boundary<Bits<W>>,
    r2_is_special: Boundary<Bit>,
    r2_sign: Boundary<Bit>,
    r2_exp: Boundary<Bits<X>>,
    r2_p: Boundary<Bits<Z>>,
    r2_q: Boundary<Bits<Z>>,
    r2_sub: Boundary<Bit>,
    r2_flush: Boundary<Bit>,
    // c3 (inside P3): what passes P3.
    m3_special: Boundary<Bits<W>>,
    m3_is_special: Boundary<Bit>,
    m3_sign: Boundary<Bit>,
    m3_flush: Boundary<Bit>,
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
    // b4: the result.
    r4_result: Boundary<Bits<W>>,
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
    pub fn new(fmt: FloatFormat, nan: NanRule) -> Self {
        Self::with_phases(fmt, nan, 2)
    }

    /// The adder for `fmt` with NaN rule `nan` in `phases` clocks
    /// (2..=[`MAX_PHASES`]; panics otherwise): the result comes `phases − 1`
    /// clocks after the operands.
    pub fn with_phases(fmt: FloatFormat, nan: NanRule, phases: usize) -> Self {
        let reg = registered_boundaries(phases);
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            flush: Default::default(),
            result: Default::default(),
            p1: FpAddP1::new(fmt, nan, reg[1]),
            p2: FpAddP2::new(fmt, reg[3]),
            p3: FpAddP3::new(fmt, reg[5]),
            p4: FpAddP4::new(fmt, reg[7]),
            _phases: phases,
            r0_a: Boundary::new(reg[0]),
            r0_b: Boundary::new(reg[0]),
            r0_flush: Boundary::new(reg[0]),
            m1_flush: Boundary::new(reg[1]),
            r1_special: Boundary::new(reg[2]),
            r1_is_special: Boundary::new(reg[2]),
            r1_sign: Boundary::new(reg[2]),
            r1_exp: Boundary::new(reg[2]),
            r1_x: Boundary::new(reg[2]),
            r1_y: Boundary::new(reg[2]),
            r1_diff: Boundary::new(reg[2]),
            r1_drop: Boundary::new(reg[2]),
            r1_sub: Boundary::new(reg[2]),
            r1_flush: Boundary::new(reg[2]),
            m2_special: Boundary::new(reg[3]),
            m2_is_special: Boundary::new(reg[3]),
            m2_sign: Boundary::new(reg[3]),
            m2_exp: Boundary::new(reg[3]),
            m2_sub: Boundary::new(reg[3]),
            m2_flush: Boundary::new(reg[3]),
            r2_special: Boundary::new(reg[4]),
            r2_is_special: Boundary::new(reg[4]),
            r2_sign: Boundary::new(reg[4]),
            r2_exp: Boundary::new(reg[4]),
            r2_p: Boundary::new(reg[4]),
            r2_q: Boundary::new(reg[4]),
            r2_sub: Boundary::new(reg[4]),
            r2_flush: Boundary::new(reg[4]),
            m3_special: Boundary::new(reg[5]),
            m3_is_special: Boundary::new(reg[5]),
            m3_sign: Boundary::new(reg[5]),
            m3_flush: Boundary::new(reg[5]),
            r3_special: Boundary::new(reg[6]),
            r3_is_special: Boundary::new(reg[6]),
            r3_sign: Boundary::new(reg[6]),
            r3_exp1: Boundary::new(reg[6]),
            r3_exp2: Boundary::new(reg[6]),
            r3_at_top: Boundary::new(reg[6]),
            r3_below_top: Boundary::new(reg[6]),
            r3_sum: Boundary::new(reg[6]),
            r3_cnt: Boundary::new(reg[6]),
            r3_zero: Boundary::new(reg[6]),
            r3_flush: Boundary::new(reg[6]),
            r4_result: Boundary::new(reg[8]),
        }
    }

    /// Clocks per add (2..=[`MAX_PHASES`]): `result` follows the operands by `phases − 1`.
    pub fn phases(&self) -> usize {
        self._phases
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
            p1,
            p2,
            p3,
            p4,
            r0_a,
            r0_b,
            r0_flush,
            m1_flush,
            r1_special,
            r1_is_special,
            r1_sign,
            r1_exp,
            r1_x,
            r1_y,
            r1_diff,
            r1_drop,
            r1_sub,
            r1_flush,
            m2_special,
            m2_is_special,
            m2_sign,
            m2_exp,
            m2_sub,
            m2_flush,
            r2_special,
            r2_is_special,
            r2_sign,
            r2_exp,
            r2_p,
            r2_q,
            r2_sub,
            r2_flush,
            m3_special,
            m3_is_special,
            m3_sign,
            m3_flush,
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
            r3_flush,
            r4_result
        );
        // ---- b0, P1 ----
        self.r0_a.d.next = self.a.val();
        self.r0_b.d.next = self.b.val();
        self.r0_flush.d.next = self.flush.val();
        self.p1.a.next = self.r0_a.q.val();
        self.p1.b.next = self.r0_b.q.val();
        self.p1.flush.next = self.r0_flush.q.val();
        self.m1_flush.d.next = self.r0_flush.q.val();
        // ---- b1 ----
        self.r1_special.d.next = self.p1.special.val();
        self.r1_is_special.d.next = self.p1.is_special.val();
        self.r1_sign.d.next = self.p1.sign.val();
        self.r1_exp.d.next = self.p1.exp.val();
        self.r1_x.d.next = self.p1.x_sig.val();
        self.r1_y.d.next = self.p1.y_sig.val();
        self.r1_diff.d.next = self.p1.diff.val();
        self.r1_drop.d.next = self.p1.drop.val();
        self.r1_sub.d.next = self.p1.sub.val();
        self.r1_flush.d.next = self.m1_flush.q.val();
        // ---- P2 (c2 inside) ----
        self.p2.x_sig.next = self.r1_x.q.val();
        self.p2.y_sig.next = self.r1_y.q.val();
        self.p2.diff.next = self.r1_diff.q.val();
        self.p2.drop.next = self.r1_drop.q.val();
        self.p2.sub.next = self.r1_sub.q.val();
        self.m2_special.d.next = self.r1_special.q.val();
        self.m2_is_special.d.next = self.r1_is_special.q.val();
        self.m2_sign.d.next = self.r1_sign.q.val();
        self.m2_exp.d.next = self.r1_exp.q.val();
        self.m2_sub.d.next = self.r1_sub.q.val();
        self.m2_flush.d.next = self.r1_flush.q.val();
        // ---- b2 ----
        self.r2_special.d.next = self.m2_special.q.val();
        self.r2_is_special.d.next = self.m2_is_special.q.val();
        self.r2_sign.d.next = self.m2_sign.q.val();
        self.r2_exp.d.next = self.m2_exp.q.val();
        self.r2_p.d.next = self.p2.p_z.val();
        self.r2_q.d.next = self.p2.q_z.val();
        self.r2_sub.d.next = self.m2_sub.q.val();
        self.r2_flush.d.next = self.m2_flush.q.val();
        // ---- P3 (c3 inside) ----
        self.p3.exp.next = self.r2_exp.q.val();
        self.p3.p_z.next = self.r2_p.q.val();
        self.p3.q_z.next = self.r2_q.q.val();
        self.p3.sub.next = self.r2_sub.q.val();
        self.m3_special.d.next = self.r2_special.q.val();
        self.m3_is_special.d.next = self.r2_is_special.q.val();
        self.m3_sign.d.next = self.r2_sign.q.val();
        self.m3_flush.d.next = self.r2_flush.q.val();
        // ---- b3 ----
        self.r3_special.d.next = self.m3_special.q.val();
        self.r3_is_special.d.next = self.m3_is_special.q.val();
        self.r3_sign.d.next = self.m3_sign.q.val();
        self.r3_exp1.d.next = self.p3.exp1.val();
        self.r3_exp2.d.next = self.p3.exp2.val();
        self.r3_at_top.d.next = self.p3.at_top.val();
        self.r3_below_top.d.next = self.p3.below_top.val();
        self.r3_sum.d.next = self.p3.sum.val();
        self.r3_cnt.d.next = self.p3.cnt.val();
        self.r3_zero.d.next = self.p3.zero.val();
        self.r3_flush.d.next = self.m3_flush.q.val();
        // ---- P4 (c4 inside) ----
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
        self.r4_result.d.next = self.p4.result.val();
        self.result.next = self.r4_result.q.val();
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
mod tests;
