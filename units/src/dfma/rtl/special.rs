//! Phase 2 (beside the multiplier): the special-case bypass of the FMA and the
//! whole of MIN, MAX and SETP. Model: [`model::special_case`](crate::dfma::model::special_case),
//! [`model::min`](crate::dfma::model::min), [`model::max`](crate::dfma::model::max),
//! [`model::setp`](crate::dfma::model::setp).
//!
//! FMA/ADD/MUL bypass, in priority order (SPEC §2):
//! 1. a NaN operand: the last NaN in source order (z, y, x), quieted;
//! 2. ∞·0: the default NaN `0xFFF8000000000000`;
//! 3. ∞ product: ±∞, or the default NaN against an ∞ addend of the other sign;
//! 4. ∞ addend: the addend;
//! 5. zero product: the addend, or the IEEE zero sum of two zeros;
//! 6. zero addend under a tiny product: ±0 or ±min-subnormal by the rounding mode.
//!
//! Phase 2 only decides: which operand word the answer copies (`x`, `y` or
//! `z`, quieted or not) and the constant part of the answer. [`SpecialPick`]
//! forms the 64-bit word in phase 3 from those registered decisions
//! (measured: the decision fanning out to the 64 answer bits behind the NaN
//! priority chain took 7.8–8.2 ns, among phase 2's slowest paths).
//!
//! Beside the answer, its exception flags (the `fp64` unit reads them; the
//! NVIDIA `dfma` leaves them unconnected): NV for a signalling NaN among the
//! operands the operation reads (a NaN with fraction bit 51 clear), for ∞·0
//! and ∞ − ∞, and for SETP's `lt`/`le`/`gt`/`ge` on any NaN; UF|NX for the
//! tiny product (it is inexact and rounds under 2^-1022 in every mode).
//! Model: [`model::execute_with_flags`](crate::dfma::model::execute_with_flags).
//!
//! MIN/MAX/SETP compare with the order key of the model (−0 just under +0),
//! built from the magnitude compare of phase 1 and the two signs.
//! SETP accepts a set of the relations {equal, less, greater, unordered},
//! one 4-bit mask per compare.

use crate::dfma::rtl::{CMP_W, DATA_W, EXP_CALC_W, FLAGS_W, OP_W, RM_W};
use rust_hdl::prelude::*;

/// Phase 2 bypass: special values of the FMA, MIN, MAX and SETP.
#[derive(LogicBlock, Default)]
pub struct Special {
    pub op: Signal<In, Bits<OP_W>>,
    pub cmp: Signal<In, Bits<CMP_W>>,
    pub rm: Signal<In, Bits<RM_W>>,
    /// The FMA's operands (for MIN/MAX/SETP, `x = a` and `y = b`).
    pub x: Signal<In, Bits<DATA_W>>,
    pub y: Signal<In, Bits<DATA_W>>,
    pub z: Signal<In, Bits<DATA_W>>,
    /// Classes of the sources ([`Unpack`](super::Unpack)); those of x, y,
    /// z follow from the opcode here.
    pub a_nan: Signal<In, Bit>,
    pub a_inf: Signal<In, Bit>,
    pub a_zero: Signal<In, Bit>,
    pub b_nan: Signal<In, Bit>,
    pub b_inf: Signal<In, Bit>,
    pub b_zero: Signal<In, Bit>,
    pub c_nan: Signal<In, Bit>,
    pub c_inf: Signal<In, Bit>,
    pub c_zero: Signal<In, Bit>,
    pub sign_p: Signal<In, Bit>,
    /// `ex + ey − 967` (negative: the product lies under 2^-1077).
    pub s: Signal<In, Bits<EXP_CALC_W>>,
    pub mag_lt: Signal<In, Bit>,
    pub mag_eq: Signal<In, Bit>,
    /// The answer is the bypass word (and `pred`), not the rounder's.
    pub bypass: Signal<Out, Bit>,
    /// The bypass word is `x`, `y` or `z` (at most one) …
    pub pick_x: Signal<Out, Bit>,
    pub pick_y: Signal<Out, Bit>,
    pub pick_z: Signal<Out, Bit>,
    /// … with its quiet bit (51) set …
    pub quiet: Signal<Out, Bit>,
    /// … ORed with this constant word (the whole answer when nothing is picked).
    pub constant: Signal<Out, Bits<DATA_W>>,
    /// SETP's predicate (0 for every other operation).
    pub pred: Signal<Out, Bit>,
    /// The bypass's flags (NV 0x10, UF 0x02, NX 0x01), taken when `bypass`.
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    /// The addend `z` is a zero (for [`AlignCoarse`](super::AlignCoarse)).
    pub z_is_zero: Signal<Out, Bit>,
    /// Opcode decode: ADD (`y = 1.0`, `z = b`), MUL (`z = ±0`).
    is_add: Signal<Local, Bit>,
    is_mul: Signal<Local, Bit>,
    /// Classes of x = a, y = b (none for ADD's 1.0), z = c (b for ADD, a
    /// zero for MUL).
    x_nan: Signal<Local, Bit>,
    x_inf: Signal<Local, Bit>,
    x_zero: Signal<Local, Bit>,
    y_nan: Signal<Local, Bit>,
    y_inf: Signal<Local, Bit>,
    y_zero: Signal<Local, Bit>,
    z_nan: Signal<Local, Bit>,
    z_inf: Signal<Local, Bit>,
    z_zero: Signal<Local, Bit>,
    tiny: Signal<Local, Bit>,
    fma_bypass: Signal<Local, Bit>,
    fma_x: Signal<Local, Bit>,
    fma_y: Signal<Local, Bit>,
    fma_z: Signal<Local, Bit>,
    fma_quiet: Signal<Local, Bit>,
    fma_const: Signal<Local, Bits<DATA_W>>,
    inf_p: Signal<Local, Bits<DATA_W>>,
    zero_neg: Signal<Local, Bit>,
    zero_sum: Signal<Local, Bits<DATA_W>>,
    away: Signal<Local, Bit>,
    tiny_value: Signal<Local, Bits<DATA_W>>,
    key_lt: Signal<Local, Bit>,
    key_eq: Signal<Local, Bit>,
    /// MIN/MAX answer `x` (else `y`); `nan2`: both NaN, the canonical NaN.
    min_x: Signal<Local, Bit>,
    max_x: Signal<Local, Bit>,
    nan2: Signal<Local, Bit>,
    unordered: Signal<Local, Bit>,
    equal: Signal<Local, Bit>,
    less: Signal<Local, Bit>,
    greater: Signal<Local, Bit>,
    accept: Signal<Local, Bits<4>>,
    setp_pred: Signal<Local, Bit>,
    /// Signalling NaNs among x, y, z (quiet bit 51 clear).
    x_snan: Signal<Local, Bit>,
    y_snan: Signal<Local, Bit>,
    z_snan: Signal<Local, Bit>,
    /// NV of the FMA (sNaN, ∞·0, ∞ − ∞), of MIN/MAX, of SETP.
    fma_nv: Signal<Local, Bit>,
    minmax_nv: Signal<Local, Bit>,
    setp_nv: Signal<Local, Bit>,
    /// The FMA's bypass is the tiny product's.
    fma_tiny: Signal<Local, Bit>,
}

impl Logic for Special {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- classes of the FMA's operands ----
        self.is_add.next = self.op.val() == 1;
        self.is_mul.next = self.op.val() == 2;
        self.x_nan.next = self.a_nan.val();
        self.x_inf.next = self.a_inf.val();
        self.x_zero.next = self.a_zero.val();
        self.y_nan.next = self.b_nan.val() & !self.is_add.val();
        self.y_inf.next = self.b_inf.val() & !self.is_add.val();
        self.y_zero.next = self.b_zero.val() & !self.is_add.val();
        self.z_nan.next = self.c_nan.val();
        self.z_inf.next = self.c_inf.val();
        self.z_zero.next = self.c_zero.val();
        if self.is_add.val() {
            self.z_nan.next = self.b_nan.val();
            self.z_inf.next = self.b_inf.val();
            self.z_zero.next = self.b_zero.val();
        }
        if self.is_mul.val() {
            self.z_nan.next = false;
            self.z_inf.next = false;
            self.z_zero.next = true;
        }
        self.z_is_zero.next = self.z_zero.val();

        // ---- FMA, ADD, MUL ----
        self.tiny.next = self.z_zero.val() & self.s.val().get_bit(12);
        self.inf_p.next = 0x7FF0_0000_0000_0000_u64.into();
        self.inf_p.next = self.inf_p.val().replace_bit(63, self.sign_p.val());
        // Two zeros: their common sign, else +0 (−0 under RM).
        self.zero_neg.next = self.sign_p.val();
        if self.sign_p.val() != self.z.val().get_bit(63) {
            self.zero_neg.next = self.rm.val() == 1;
        }
        self.zero_sum.next = 0.into();
        self.zero_sum.next = self.zero_sum.val().replace_bit(63, self.zero_neg.val());
        // A tiny product rounds to ±0, or away from zero to ±2^-1074 under RM/RP.
        self.away.next = ((self.rm.val() == 1) & self.sign_p.val())
            | ((self.rm.val() == 2) & !self.sign_p.val());
        self.tiny_value.next = 0.into();
        self.tiny_value.next = self.tiny_value.val().replace_bit(0, self.away.val());
        self.tiny_value.next = self.tiny_value.val().replace_bit(63, self.sign_p.val());

        self.fma_bypass.next = true;
        self.fma_x.next = false;
        self.fma_y.next = false;
        self.fma_z.next = false;
        self.fma_quiet.next = false;
        self.fma_const.next = 0.into();
        self.fma_tiny.next = false;
        if self.z_nan.val() {
            self.fma_z.next = true;
            self.fma_quiet.next = true;
        } else if self.y_nan.val() {
            self.fma_y.next = true;
            self.fma_quiet.next = true;
        } else if self.x_nan.val() {
            self.fma_x.next = true;
            self.fma_quiet.next = true;
        } else if (self.x_inf.val() & self.y_zero.val()) | (self.x_zero.val() & self.y_inf.val()) {
            self.fma_const.next = 0xFFF8_0000_0000_0000_u64.into();
        } else if self.x_inf.val() | self.y_inf.val() {
            self.fma_const.next = self.inf_p.val();
            if self.z_inf.val() & (self.z.val().get_bit(63) != self.sign_p.val()) {
                self.fma_const.next = 0xFFF8_0000_0000_0000_u64.into();
            }
        } else if self.z_inf.val() {
            self.fma_z.next = true;
        } else if self.x_zero.val() | self.y_zero.val() {
            self.fma_z.next = true;
            if self.z_zero.val() {
                self.fma_z.next = false;
                self.fma_const.next = self.zero_sum.val();
            }
        } else if self.tiny.val() {
            self.fma_const.next = self.tiny_value.val();
            self.fma_tiny.next = true;
        } else {
            self.fma_bypass.next = false;
        }

        // ---- MIN, MAX: order key, −0 < +0 ----
        self.key_lt.next = self.mag_lt.val();
        if self.x.val().get_bit(63) {
            self.key_lt.next = true;
            if self.y.val().get_bit(63) {
                self.key_lt.next = !(self.mag_lt.val() | self.mag_eq.val());
            }
        } else if self.y.val().get_bit(63) {
            self.key_lt.next = false;
        }
        self.key_eq.next =
            (self.x.val().get_bit(63) == self.y.val().get_bit(63)) & self.mag_eq.val();
        self.min_x.next = self.key_lt.val() | self.key_eq.val();
        self.max_x.next = !self.key_lt.val();
        // A NaN loses to a number; two NaNs give the canonical NaN.
        if self.x_nan.val() {
            self.min_x.next = false;
            self.max_x.next = false;
        }
        if self.y_nan.val() {
            self.min_x.next = true;
            self.max_x.next = true;
        }
        self.nan2.next = self.x_nan.val() & self.y_nan.val();

        // ---- SETP: accepted relations, bit 0 equal, 1 less, 2 greater, 3 unordered ----
        self.unordered.next = self.x_nan.val() | self.y_nan.val();
        self.equal.next =
            !self.unordered.val() & (self.key_eq.val() | (self.x_zero.val() & self.y_zero.val()));
        self.less.next = !self.unordered.val() & !self.equal.val() & self.key_lt.val();
        self.greater.next = !self.unordered.val() & !self.equal.val() & !self.key_lt.val();
        self.accept.next = 0.into();
        if self.cmp.val() == 0 {
            self.accept.next = 0b0001.into(); // eq
        }
        if self.cmp.val() == 1 {
            self.accept.next = 0b0110.into(); // ne
        }
        if self.cmp.val() == 2 {
            self.accept.next = 0b0010.into(); // lt
        }
        if self.cmp.val() == 3 {
            self.accept.next = 0b0011.into(); // le
        }
        if self.cmp.val() == 4 {
            self.accept.next = 0b0100.into(); // gt
        }
        if self.cmp.val() == 5 {
            self.accept.next = 0b0101.into(); // ge
        }
        if self.cmp.val() == 6 {
            self.accept.next = 0b1001.into(); // equ
        }
        if self.cmp.val() == 7 {
            self.accept.next = 0b1110.into(); // neu
        }
        if self.cmp.val() == 8 {
            self.accept.next = 0b1010.into(); // ltu
        }
        if self.cmp.val() == 9 {
            self.accept.next = 0b1011.into(); // leu
        }
        if self.cmp.val() == 10 {
            self.accept.next = 0b1100.into(); // gtu
        }
        if self.cmp.val() == 11 {
            self.accept.next = 0b1101.into(); // geu
        }
        if self.cmp.val() == 12 {
            self.accept.next = 0b0111.into(); // num
        }
        if self.cmp.val() == 13 {
            self.accept.next = 0b1000.into(); // nan
        }
        self.setp_pred.next = (self.accept.val().get_bit(0) & self.equal.val())
            | (self.accept.val().get_bit(1) & self.less.val())
            | (self.accept.val().get_bit(2) & self.greater.val())
            | (self.accept.val().get_bit(3) & self.unordered.val());

        // ---- flags (beside the answer, from the same classes) ----
        self.x_snan.next = self.x_nan.val() & !self.x.val().get_bit(51);
        self.y_snan.next = self.y_nan.val() & !self.y.val().get_bit(51);
        self.z_snan.next = self.z_nan.val() & !self.z.val().get_bit(51);
        self.fma_nv.next = self.x_snan.val()
            | self.y_snan.val()
            | self.z_snan.val()
            | (self.x_inf.val() & self.y_zero.val())
            | (self.x_zero.val() & self.y_inf.val())
            | ((self.x_inf.val() | self.y_inf.val())
                & !self.x_nan.val()
                & !self.y_nan.val()
                & self.z_inf.val()
                & (self.z.val().get_bit(63) != self.sign_p.val()));
        self.minmax_nv.next = self.x_snan.val() | self.y_snan.val();
        // lt, le, gt, ge (codes 2..=5) signal on any NaN.
        self.setp_nv.next = self.minmax_nv.val()
            | (self.unordered.val() & (self.cmp.val() >= 2) & (self.cmp.val() <= 5));

        // ---- by opcode; 6 and 7 are reserved and answer 0 ----
        self.bypass.next = true;
        self.pick_x.next = false;
        self.pick_y.next = false;
        self.pick_z.next = false;
        self.quiet.next = false;
        self.constant.next = 0.into();
        self.pred.next = false;
        self.flags.next = 0.into();
        if self.op.val() <= 2 {
            self.flags.next = self.flags.val().replace_bit(4, self.fma_nv.val());
            self.flags.next = self.flags.val().replace_bit(1, self.fma_tiny.val());
            self.flags.next = self.flags.val().replace_bit(0, self.fma_tiny.val());
            self.bypass.next = self.fma_bypass.val();
            self.pick_x.next = self.fma_x.val();
            self.pick_y.next = self.fma_y.val();
            self.pick_z.next = self.fma_z.val();
            self.quiet.next = self.fma_quiet.val();
            self.constant.next = self.fma_const.val();
        }
        if (self.op.val() == 3) | (self.op.val() == 4) {
            self.flags.next = self.flags.val().replace_bit(4, self.minmax_nv.val());
        }
        if self.op.val() == 3 {
            self.pick_x.next = self.min_x.val() & !self.nan2.val();
            self.pick_y.next = !self.min_x.val() & !self.nan2.val();
        }
        if self.op.val() == 4 {
            self.pick_x.next = self.max_x.val() & !self.nan2.val();
            self.pick_y.next = !self.max_x.val() & !self.nan2.val();
        }
        if ((self.op.val() == 3) | (self.op.val() == 4)) & self.nan2.val() {
            self.constant.next = 0x7FF8_0000_0000_0000_u64.into();
        }
        if self.op.val() == 5 {
            self.pred.next = self.setp_pred.val();
            self.flags.next = self.flags.val().replace_bit(4, self.setp_nv.val());
        }
    }
}

/// Phase 3: the bypass word from phase 2's registered decisions,
/// `(x | y | z) & pick`, quieted, ORed with the constant.
#[derive(LogicBlock, Default)]
pub struct SpecialPick {
    pub x: Signal<In, Bits<DATA_W>>,
    pub y: Signal<In, Bits<DATA_W>>,
    pub z: Signal<In, Bits<DATA_W>>,
    pub pick_x: Signal<In, Bit>,
    pub pick_y: Signal<In, Bit>,
    pub pick_z: Signal<In, Bit>,
    pub quiet: Signal<In, Bit>,
    pub constant: Signal<In, Bits<DATA_W>>,
    pub value: Signal<Out, Bits<DATA_W>>,
    picked: Signal<Local, Bits<DATA_W>>,
}

impl Logic for SpecialPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.picked.next = self.constant.val();
        if self.pick_x.val() {
            self.picked.next = self.constant.val() | self.x.val();
        }
        if self.pick_y.val() {
            self.picked.next = self.constant.val() | self.y.val();
        }
        if self.pick_z.val() {
            self.picked.next = self.constant.val() | self.z.val();
        }
        self.value.next = self.picked.val();
        if self.quiet.val() {
            self.value.next = self.picked.val() | 0x0008_0000_0000_0000_u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::codec::{encode, DfmaCodec};
    use crate::dfma::model::{self, DfmaOp, DfmaOperation, DfmaResult, Rounding, SrcMod};
    use crate::dfma::rtl::{Unpack, UnpackPre};
    use crate::dfma::vectors::parse_line;
    use crate::unit::{to_bits, UnitCodec};

    /// Phases 1 and 2 (bypass side) on one operation: (bypass, value, pred).
    fn run(operation: &DfmaOperation) -> (bool, u64, bool) {
        let inputs = encode(operation);
        let mut pre = UnpackPre::default();
        let mut unpack = Unpack::default();
        let mut special = Special::default();
        pre.connect_all();
        unpack.connect_all();
        special.connect_all();
        pre.a.next = to_bits(inputs[5]);
        pre.b.next = to_bits(inputs[6]);
        pre.c.next = to_bits(inputs[7]);
        assert!(simulate(&mut pre, 100));
        unpack.pre.next = pre.pre();
        unpack.op.next = to_bits(inputs[0]);
        unpack.neg.next = to_bits(inputs[3]);
        unpack.abs.next = to_bits(inputs[4]);
        unpack.a.next = to_bits(inputs[5]);
        unpack.b.next = to_bits(inputs[6]);
        unpack.c.next = to_bits(inputs[7]);
        assert!(simulate(&mut unpack, 100));
        special.op.next = to_bits(inputs[0]);
        special.cmp.next = to_bits(inputs[1]);
        special.rm.next = to_bits(inputs[2]);
        special.x.next = unpack.x.val();
        special.y.next = unpack.y.val();
        special.z.next = unpack.z.val();
        special.a_nan.next = unpack.a_nan.val();
        special.a_inf.next = unpack.a_inf.val();
        special.a_zero.next = unpack.a_zero.val();
        special.b_nan.next = unpack.b_nan.val();
        special.b_inf.next = unpack.b_inf.val();
        special.b_zero.next = unpack.b_zero.val();
        special.c_nan.next = unpack.c_nan.val();
        special.c_inf.next = unpack.c_inf.val();
        special.c_zero.next = unpack.c_zero.val();
        special.sign_p.next = unpack.sign_p.val();
        special.s.next = unpack.s.val();
        special.mag_lt.next = unpack.mag_lt.val();
        special.mag_eq.next = unpack.mag_eq.val();
        assert!(simulate(&mut special, 100));
        let mut pick = SpecialPick::default();
        pick.connect_all();
        pick.x.next = unpack.x.val();
        pick.y.next = unpack.y.val();
        pick.z.next = unpack.z.val();
        pick.pick_x.next = special.pick_x.val();
        pick.pick_y.next = special.pick_y.val();
        pick.pick_z.next = special.pick_z.val();
        pick.quiet.next = special.quiet.val();
        pick.constant.next = special.constant.val();
        assert!(simulate(&mut pick, 100));
        let picks = [
            special.pick_x.val(),
            special.pick_y.val(),
            special.pick_z.val(),
        ];
        assert!(
            picks.iter().filter(|&&p| p).count() <= 1,
            "one word at most"
        );
        (
            special.bypass.val(),
            pick.value.val().to_u64(),
            special.pred.val(),
        )
    }

    /// The FMA operands the model builds for FMA, ADD and MUL.
    fn fma_operands(op: &DfmaOperation) -> (u64, u64, u64) {
        let a = op.a_mod.apply(op.a);
        let b = op.b_mod.apply(op.b);
        let c = op.c_mod.apply(op.c);
        match op.op {
            DfmaOp::Add => (a, model::ONE, b),
            DfmaOp::Mul => (a, b, (a ^ b) & model::SIGN_BIT),
            _ => (a, b, c),
        }
    }

    fn check(op: &DfmaOperation) {
        let (bypass, value, pred) = run(op);
        let line = crate::dfma::vectors::format_operation(op);
        match (op.op, model::execute(op)) {
            (DfmaOp::Setp(_), DfmaResult::Pred(p)) => assert!(bypass && pred == p, "{line}"),
            (DfmaOp::Min | DfmaOp::Max, DfmaResult::Value(v)) => {
                assert!(
                    bypass && value == v,
                    "{line}: {value:016x} against {v:016x}"
                )
            }
            (_, DfmaResult::Value(v)) => {
                let (x, y, z) = fma_operands(op);
                let (ux, uy, uz) = (model::unpack(x), model::unpack(y), model::unpack(z));
                let special = model::special_case(&ux, &uy, &uz, op.rm);
                if let Some(s) = special {
                    assert!(
                        bypass && value == s,
                        "{line}: {value:016x} against {s:016x}"
                    );
                }
                if bypass {
                    assert_eq!(value, v, "{line}");
                }
                assert!(!pred, "{line}");
            }
            _ => unreachable!(),
        }
    }

    #[test]
    fn bypass_agrees_with_the_model() {
        const VALUES: [u64; 12] = [
            0,
            model::SIGN_BIT,
            model::INFINITY,
            model::INFINITY | model::SIGN_BIT,
            0x7FF8_0000_0000_0012,
            0xFFF0_0000_0000_0034,
            model::ONE,
            0x8000_0000_0000_0001,
            0x0000_0000_0000_0003,
            model::MAX_FINITE,
            0x0010_0000_0000_0000,
            0xBFF8_0000_0000_0000,
        ];
        for (i, &a) in VALUES.iter().enumerate() {
            for (j, &b) in VALUES.iter().enumerate() {
                for &c in &VALUES {
                    let rm = Rounding::ALL[(i + j) % 4];
                    check(&DfmaOperation::new(DfmaOp::Fma, rm, a, b, c));
                }
                for op in [DfmaOp::Add, DfmaOp::Mul, DfmaOp::Min, DfmaOp::Max] {
                    check(&DfmaOperation {
                        a_mod: SrcMod::NEG,
                        ..DfmaOperation::new(op, Rounding::ALL[i % 4], a, b, 0)
                    });
                    check(&DfmaOperation::new(op, Rounding::ALL[j % 4], a, b, 0));
                }
                for cmp in model::Cmp::ALL {
                    check(&DfmaOperation::new(
                        DfmaOp::Setp(cmp),
                        Rounding::Rn,
                        a,
                        b,
                        0,
                    ));
                }
            }
        }
        for line in DfmaCodec::default().random_lines(3000, 11) {
            check(&parse_line(&line).unwrap());
        }
    }
}
