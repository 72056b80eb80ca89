//! Phases 0 and 1: source modifiers and the shared shifter ([`Align`]), then
//! classification (DAZ), the special-case bypass and the per-function
//! argument reduction ([`Reduce`]). Model:
//! [`model::reduce`](crate::mufu::model::reduce) and `reduce_64h`.
//!
//! EX2 and SIN/COS share one right shifter: `W = ⌊sig · 2^(e+11)⌋` from the
//! 57-bit `sig << 33` shifted right by `22 − e` (phase 0, so that the
//! shifter and the negation after it can sit on two sides of a register). SIN/COS take `W mod 2^34`
//! (quadrant bits and a 32-bit fraction, [`SINCOS_FIX_F`](crate::mufu::model::SINCOS_FIX_F)),
//! EX2 takes `⌊W / 4⌋ = ⌊sig · 2^(e+9)⌋`, the magnitude of its 32-fraction-bit
//! fixed-point argument (`e ≤ 6` here, so it fits 40 bits), negated for x < 0.
//! Exponents are compared as raw biased fields, never as signed numbers.
//!
//! Phase 1 has two halves: [`Classify`] forms every candidate (exponent
//! forms, the EX2 fixed point, the SIN/COS fraction, the regions of RSQ,
//! SQRT and TANH) and decides the special value from the classes and the
//! selector (`bypass`, and `bypass_d` as a few bit groups), and [`Reduce`]
//! picks by the selector and ORs the special value's groups. Boundary 1m
//! between them ([`Mid1`]) is a register in the deeper units (depth 14 and
//! more), a wire below. (Measured 2026-12-03 on ECP5-85k inside the SFU:
//! `bypass_d` as a chain of 15 priority cases in [`Reduce`] took
//! 7.2–7.9 ns from boundary 1m.)

use super::{ADDEND_W, EXP_W, REGION_W};
use crate::mufu::datapath::FRAC_W;
use crate::unit::TAG_W;
use rust_hdl::prelude::*;

/// Width of the shared EX2/SIN/COS shifter: `sig << 33`.
pub const SHIFT_W: usize = 57;

/// Phase 0, first half (combinational): the modifiers, and the shift by
/// the multiple of 8 of the amount `149 − ef` (read off `ef`'s bits), and
/// the amount's rest.
#[derive(LogicBlock, Default)]
pub struct Align {
    pub abs: Signal<In, Bit>,
    pub neg: Signal<In, Bit>,
    pub x: Signal<In, Bits<32>>,
    /// The operand after `|x|` then `−x`.
    pub xm: Signal<Out, Bits<32>>,
    /// `(sig << 33) >> (shamt & !7)`, and `shamt & 7` still to shift.
    pub coarse: Signal<Out, Bits<SHIFT_W>>,
    pub fine: Signal<Out, Bits<3>>,
    ef: Signal<Local, Bits<8>>,
    sig: Signal<Local, Bits<24>>,
    /// `ef = 8a + b`: `a`'s low three bits, its top two, `b`.
    a_lo: Signal<Local, Bits<3>>,
    a_hi: Signal<Local, Bits<2>>,
    b: Signal<Local, Bits<3>>,
    /// `8·a_lo`, and `sig` shifted left by it.
    step: Signal<Local, Bits<7>>,
    y: Signal<Local, Bits<80>>,
    y39: Signal<Local, Bits<80>>,
    y47: Signal<Local, Bits<80>>,
    y17: Signal<Local, Bits<80>>,
    y25: Signal<Local, Bits<80>>,
    /// The coarse shift for `b ≤ 5` (`shamt & !7 = 8·(18 − a)`) and for
    /// `b ≥ 6` (`8·(17 − a)`).
    c_lo: Signal<Local, Bits<SHIFT_W>>,
    c_hi: Signal<Local, Bits<SHIFT_W>>,
}

/// Phase 0, second half (combinational): `W = coarse >> fine`.
#[derive(LogicBlock, Default)]
pub struct Shift {
    pub coarse: Signal<In, Bits<SHIFT_W>>,
    pub fine: Signal<In, Bits<3>>,
    /// `(sig << 33) >> (149 − ef)`.
    pub wide: Signal<Out, Bits<SHIFT_W>>,
}

impl Logic for Shift {
    #[hdl_gen]
    fn update(&mut self) {
        self.wide.next = self.coarse.val() >> self.fine.val();
    }
}

/// Phase 0, second half, beside [`Shift`] (combinational): the operand's
/// classes, a phase ahead of the special-value decision in [`Classify`].
#[derive(LogicBlock, Default)]
pub struct Classes {
    /// The modified operand.
    pub xm: Signal<In, Bits<32>>,
    pub c: Signal<Out, OpClass>,
    ef: Signal<Local, Bits<8>>,
    mant: Signal<Local, Bits<23>>,
    ef64: Signal<Local, Bits<11>>,
    mant20: Signal<Local, Bits<20>>,
}

/// The operand's classes (boundary 0, with the operand).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct OpClass {
    /// binary32 classes (DAZ: exponent field 0 is zero) and the binary64
    /// high word's.
    pub zero: Bit,
    pub nan: Bit,
    pub inf: Bit,
    pub zero64: Bit,
    pub nan64: Bit,
    pub inf64: Bit,
    /// EX2 `ef ≥ 134`; TANH `ef < 115`, `|x| ≥ 9`.
    pub ef_ge134: Bit,
    pub ef_lt115: Bit,
    pub tanh_sat: Bit,
}

impl Logic for Classes {
    #[hdl_gen]
    fn update(&mut self) {
        self.ef.next = self.xm.val().get_bits::<8>(23);
        self.mant.next = self.xm.val().get_bits::<23>(0);
        self.c.next.zero = self.ef.val() == 0;
        self.c.next.nan = (self.ef.val() == 255) & (self.mant.val() != 0);
        self.c.next.inf = (self.ef.val() == 255) & (self.mant.val() == 0);
        self.c.next.ef_ge134 = self.ef.val() >= 134;
        self.c.next.ef_lt115 = self.ef.val() < 115;
        self.c.next.tanh_sat = (self.xm.val() & 0x7FFF_FFFF) >= 0x4110_0000;
        self.ef64.next = self.xm.val().get_bits::<11>(20);
        self.mant20.next = self.xm.val().get_bits::<20>(0);
        self.c.next.zero64 = self.ef64.val() == 0;
        self.c.next.nan64 = (self.ef64.val() == 0x7FF) & (self.mant20.val() != 0);
        self.c.next.inf64 = (self.ef64.val() == 0x7FF) & (self.mant20.val() == 0);
    }
}

impl Logic for Align {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- modifiers: |x| then −x ----
        self.xm.next = self.x.val();
        if self.abs.val() {
            self.xm.next = self.x.val() & 0x7FFF_FFFF;
        }
        if self.neg.val() {
            self.xm.next = self.xm.val() ^ 0x8000_0000_u64;
        }
        // ---- EX2 / SIN / COS fixed point: W = ⌊sig · 2^(e+11)⌋ ----
        self.ef.next = self.xm.val().get_bits::<8>(23);
        self.sig.next = bit_cast::<24, 23>(self.xm.val().get_bits::<23>(0)) | 0x80_0000;
        // `shamt = 149 − ef` without its carry chain (since 2026-12-04:
        // the subtraction then the shift led the SFU at 6.85–7.33 ns into
        // this phase's register). With `ef = 8a + b`, `149 − ef =
        // 8·(18 − a) + (5 − b)`: `shamt & !7` is `8·(18 − a)` for `b ≤ 5`
        // and `8·(17 − a)` for `b ≥ 6`, and `(sig << 33) >> 8k` is
        // `(sig << 8a) >> (144 − 8k)`, non-zero only for `k` in 0 … 7
        // (`a` in 11 … 18, or 10 … 17). `sig << 8a` is `y = sig <<
        // 8·a_lo` placed by `a_hi` (64 bits a step): `a_hi = 1` shifts `y`
        // right, `a_hi = 2` left, the others leave nothing; a shift below 0
        // (`a` above 18, or 17) wraps to 248 … 136 and leaves nothing too.
        self.a_lo.next = self.ef.val().get_bits::<3>(3);
        self.a_hi.next = self.ef.val().get_bits::<2>(6);
        self.b.next = self.ef.val().get_bits::<3>(0);
        self.step.next = bit_cast::<7, 3>(self.a_lo.val()) << 3;
        self.y.next = bit_cast::<80, 24>(self.sig.val()) << self.step.val();
        self.y47.next = self.y.val() >> 47;
        self.y39.next = self.y.val() >> 39;
        self.y17.next = self.y.val() << 17;
        self.y25.next = self.y.val() << 25;
        self.c_lo.next = 0.into();
        self.c_hi.next = 0.into();
        if self.a_hi.val() == 1 {
            self.c_lo.next = self.y47.val().get_bits::<SHIFT_W>(0);
            self.c_hi.next = self.y39.val().get_bits::<SHIFT_W>(0);
        }
        if self.a_hi.val() == 2 {
            if self.a_lo.val() <= 2 {
                self.c_lo.next = self.y17.val().get_bits::<SHIFT_W>(0);
            }
            if self.a_lo.val() <= 1 {
                self.c_hi.next = self.y25.val().get_bits::<SHIFT_W>(0);
            }
        }
        self.coarse.next = self.c_lo.val();
        if self.b.val() >= 6 {
            self.coarse.next = self.c_hi.val();
        }
        self.fine.next = bits::<3>(5) - self.b.val();
    }
}

/// Boundary 1m: the operation and every candidate its reduction picks from.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid1 {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub func: Bits<4>,
    /// The selector decoded a half-phase ahead (one-hot but for `sincos`,
    /// `cos`, `h64`, `rsq64`): SIN or COS, COS, EX2, LG2, RCP, RSQ, SQRT,
    /// TANH, RCP64H or RSQ64H, RSQ64H, and 10..15.
    pub f_sincos: Bit,
    pub f_cos: Bit,
    pub f_ex2: Bit,
    pub f_lg2: Bit,
    pub f_rcp: Bit,
    pub f_rsq: Bit,
    pub f_sqrt: Bit,
    pub f_tanh: Bit,
    pub f_h64: Bit,
    pub f_rsq64: Bit,
    pub f_invalid: Bit,
    /// The modified operand.
    pub xm: Bits<32>,
    /// The result is the special value `bypass_d` (a special operand or an
    /// invalid selector).
    pub bypass: Bit,
    /// `bypass_d` decided: its bit 31, whether its bits 30..0 are `xm`'s
    /// (TANH of a tiny `x`), and which of its constant bit groups are ones
    /// (30; 29..23; 22..20; 19..0): the canonical NaN sets all four, ±1
    /// the second, ±Inf the first two, the binary64 ±Inf the first three.
    pub bp_b31: Bit,
    pub bp_xm: Bit,
    pub bp_g30: Bit,
    pub bp_g29_23: Bit,
    pub bp_g22_20: Bit,
    pub bp_g19_0: Bit,
    /// Exponent-field tests: TANH `ef == 130`, `ef ≤ 124`.
    pub ef_eq130: Bit,
    pub ef_le124: Bit,
    /// `e`, `−e`, `⌊e/2⌋`, `−⌊e/2⌋`, and the binary64 `−e`, `−⌊e/2⌋`.
    pub e: Bits<EXP_W>,
    pub e_neg: Bits<EXP_W>,
    pub e_half: Bits<EXP_W>,
    pub e_half_neg: Bits<EXP_W>,
    pub e64_neg: Bits<EXP_W>,
    pub e64_half_neg: Bits<EXP_W>,
    /// EX2's signed fixed-point argument (32 fraction bits).
    pub fixed: Bits<ADDEND_W>,
    /// SIN/COS: the fraction inside the quadrant, and the quadrant.
    pub r: Bits<32>,
    pub quad: Bits<2>,
    /// Regions: TANH's binade, RSQ's, SQRT's and RSQ64H's `{parity, top bit}`.
    pub reg_tanh: Bits<REGION_W>,
    pub reg_rsq: Bits<REGION_W>,
    pub reg_sqrt: Bits<REGION_W>,
    pub reg_rsq64: Bits<REGION_W>,
}

/// Phase 1, first half (combinational): every candidate of the reduction.
#[derive(LogicBlock, Default)]
pub struct Classify {
    pub valid: Signal<In, Bit>,
    pub tag: Signal<In, Bits<TAG_W>>,
    /// Selector: 0 COS, 1 SIN, 2 EX2, 3 LG2, 4 RCP, 5 RSQ, 6 RCP64H, 7 RSQ64H,
    /// 8 SQRT, 9 TANH (10..15 invalid).
    pub func: Signal<In, Bits<4>>,
    /// The modified operand and the shifter's output ([`Align`]).
    pub xm: Signal<In, Bits<32>>,
    pub wide: Signal<In, Bits<SHIFT_W>>,
    /// The operand's classes ([`Classes`]).
    pub cls: Signal<In, OpClass>,
    pub m: Signal<Out, Mid1>,
    sgn: Signal<Local, Bit>,
    ef: Signal<Local, Bits<8>>,
    mant: Signal<Local, Bits<23>>,
    /// The special value's cases, priority resolved: bit 31 is `x`'s sign
    /// (±0, ±Inf, ±1 and `xm` itself), the answer is ±1, +Inf or −Inf, the
    /// binary64 ±Inf, any special value but the canonical NaN.
    v_s: Signal<Local, Bit>,
    v_one: Signal<Local, Bit>,
    v_inf: Signal<Local, Bit>,
    v_inf64: Signal<Local, Bit>,
    v_any: Signal<Local, Bit>,
    e: Signal<Local, Bits<EXP_W>>,
    e_half: Signal<Local, Bits<EXP_W>>,
    pm: Signal<Local, Bits<REGION_W>>,
    parity: Signal<Local, Bit>,
    parity64: Signal<Local, Bit>,
    mag: Signal<Local, Bits<ADDEND_W>>,
    fixed: Signal<Local, Bits<ADDEND_W>>,
    t34: Signal<Local, Bits<34>>,
    /// The quadrant, `t34[33:32]` (plus one for COS: a 2-bit adder).
    quad: Signal<Local, Bits<2>>,
    ef64: Signal<Local, Bits<11>>,
    mant20: Signal<Local, Bits<20>>,
    e64: Signal<Local, Bits<EXP_W>>,
    e64_half: Signal<Local, Bits<EXP_W>>,
    pm64: Signal<Local, Bits<REGION_W>>,
}

impl Logic for Classify {
    #[hdl_gen]
    fn update(&mut self) {
        self.m.next.valid = self.valid.val();
        self.m.next.tag = self.tag.val();
        self.m.next.func = self.func.val();
        self.m.next.f_sincos = (self.func.val() == 0) | (self.func.val() == 1);
        self.m.next.f_cos = self.func.val() == 0;
        self.m.next.f_ex2 = self.func.val() == 2;
        self.m.next.f_lg2 = self.func.val() == 3;
        self.m.next.f_rcp = self.func.val() == 4;
        self.m.next.f_rsq = self.func.val() == 5;
        self.m.next.f_h64 = (self.func.val() == 6) | (self.func.val() == 7);
        self.m.next.f_rsq64 = self.func.val() == 7;
        self.m.next.f_sqrt = self.func.val() == 8;
        self.m.next.f_tanh = self.func.val() == 9;
        self.m.next.f_invalid = self.func.val() >= 10;
        self.m.next.xm = self.xm.val();
        self.sgn.next = self.xm.val().get_bit(31);

        // ---- binary32 classes (DAZ: exponent field 0 is zero) ----
        self.ef.next = self.xm.val().get_bits::<8>(23);
        self.mant.next = self.xm.val().get_bits::<23>(0);
        self.m.next.ef_eq130 = self.ef.val() == 130;
        self.m.next.ef_le124 = self.ef.val() <= 124;
        self.e.next = bit_cast::<EXP_W, 8>(self.ef.val()) - 127;
        self.m.next.e = self.e.val();
        self.m.next.e_neg = 0.into();
        self.m.next.e_neg = self.m.val().e_neg - self.e.val();
        // ⌊e / 2⌋: shift right, keep the sign bit.
        self.e_half.next = (self.e.val() >> 1) | (self.e.val() & 0x1000);
        self.m.next.e_half = self.e_half.val();
        self.m.next.e_half_neg = 0.into();
        self.m.next.e_half_neg = self.m.val().e_half_neg - self.e_half.val();
        // Odd exponent (parity 1) has an even biased field.
        self.pm.next = 0.into();
        self.parity.next = !self.ef.val().get_bit(0);
        self.pm.next = self.pm.val().replace_bit(1, self.parity.val());
        self.pm.next = self.pm.val().replace_bit(0, self.mant.val().get_bit(22));
        self.m.next.reg_rsq = self.pm.val() + 1;
        self.m.next.reg_sqrt = self.pm.val() + 5;
        self.m.next.reg_tanh = bit_cast::<REGION_W, 8>(self.ef.val() - 102);

        // ---- EX2 / SIN / COS fixed point from W ----
        self.mag.next = self.wide.val().get_bits::<ADDEND_W>(2);
        self.fixed.next = self.mag.val();
        if self.sgn.val() {
            self.fixed.next = 0.into();
            self.fixed.next = self.fixed.val() - self.mag.val();
        }
        self.m.next.fixed = self.fixed.val();
        self.t34.next = self.wide.val().get_bits::<34>(0);
        if self.ef.val() >= 150 {
            self.t34.next = 0.into();
        }
        self.quad.next = self.t34.val().get_bits::<2>(32);
        if self.func.val() == 0 {
            // COS(x) = SIN(x + ¼)
            self.quad.next = self.t34.val().get_bits::<2>(32) + 1;
        }
        self.m.next.quad = self.quad.val();
        self.m.next.r = self.t34.val().get_bits::<32>(0);
        if self.quad.val().get_bit(0) {
            self.m.next.r = !self.t34.val().get_bits::<32>(0);
        }

        // ---- binary64 high word ----
        self.ef64.next = self.xm.val().get_bits::<11>(20);
        self.mant20.next = self.xm.val().get_bits::<20>(0);
        self.e64.next = bit_cast::<EXP_W, 11>(self.ef64.val()) - 1023;
        self.m.next.e64_neg = 0.into();
        self.m.next.e64_neg = self.m.val().e64_neg - self.e64.val();
        self.e64_half.next = (self.e64.val() >> 1) | (self.e64.val() & 0x1000);
        self.m.next.e64_half_neg = 0.into();
        self.m.next.e64_half_neg = self.m.val().e64_half_neg - self.e64_half.val();
        self.pm64.next = 0.into();
        self.parity64.next = !self.ef64.val().get_bit(0);
        self.pm64.next = self.pm64.val().replace_bit(1, self.parity64.val());
        self.pm64.next = self
            .pm64
            .val()
            .replace_bit(0, self.mant20.val().get_bit(19));
        self.m.next.reg_rsq64 = self.pm64.val() + 1;

        // ---- special values (and 10..15: the canonical NaN), decided here
        // so that phase 1b only ORs registered bit groups ----
        self.m.next.bypass = self.m.val().f_invalid
            | (self.m.val().f_sincos
                & (self.cls.val().nan | self.cls.val().inf | self.cls.val().zero))
            | (self.m.val().f_ex2 & (self.cls.val().zero | self.cls.val().ef_ge134))
            | ((self.m.val().f_lg2 | self.m.val().f_rsq | self.m.val().f_sqrt)
                & (self.cls.val().nan | self.cls.val().zero | self.sgn.val() | self.cls.val().inf))
            | (self.m.val().f_rcp
                & (self.cls.val().nan | self.cls.val().zero | self.cls.val().inf))
            | (self.m.val().f_tanh
                & (self.cls.val().nan | self.cls.val().ef_lt115 | self.cls.val().tanh_sat))
            | (self.m.val().f_h64
                & (self.cls.val().nan64
                    | self.cls.val().zero64
                    | self.cls.val().inf64
                    | (self.m.val().f_rsq64 & self.sgn.val())));
        // Per function, the model's special answers (`model::special`):
        // SIN ±0 → ±0, COS ±0 → 1; EX2 0 → 1, x ≥ 128 → +Inf, x ≤ −128 →
        // +0; LG2 0 → −Inf, +Inf → +Inf; SQRT ±0 → ±0, +Inf → +Inf; RCP ±0
        // → ±Inf, ±Inf → ±0; RSQ ±0 → ±Inf, +Inf → +0; TANH ±0 → ±0, tiny
        // → x, |x| ≥ 9 → ±1; RCP64H/RSQ64H ±0 → ±Inf, RCP64H ±Inf → ±0,
        // RSQ64H +Inf → +0; anything else the canonical NaN.
        self.v_s.next = (self.m.val().f_sincos & !self.m.val().f_cos & self.cls.val().zero)
            | (self.m.val().f_sqrt & self.cls.val().zero)
            | ((self.m.val().f_rcp | self.m.val().f_rsq) & self.cls.val().zero)
            | (self.m.val().f_rcp & self.cls.val().inf)
            | (self.m.val().f_tanh
                & (self.cls.val().zero
                    | self.cls.val().ef_lt115
                    | (self.cls.val().tanh_sat & !self.cls.val().nan)))
            | (self.m.val().f_h64
                & (self.cls.val().zero64 | (self.cls.val().inf64 & !self.m.val().f_rsq64)));
        self.v_one.next = (self.m.val().f_cos & self.cls.val().zero)
            | (self.m.val().f_ex2 & self.cls.val().zero)
            | (self.m.val().f_tanh
                & !self.cls.val().ef_lt115
                & self.cls.val().tanh_sat
                & !self.cls.val().nan);
        self.v_inf.next = (self.m.val().f_ex2
            & self.cls.val().ef_ge134
            & !self.cls.val().nan
            & !self.sgn.val())
            | ((self.m.val().f_lg2 | self.m.val().f_sqrt) & self.cls.val().inf & !self.sgn.val())
            | (self.m.val().f_lg2 & self.cls.val().zero)
            | ((self.m.val().f_rcp | self.m.val().f_rsq) & self.cls.val().zero);
        self.v_inf64.next = self.m.val().f_h64 & self.cls.val().zero64;
        self.v_any.next = (self.m.val().f_sincos & self.cls.val().zero)
            | (self.m.val().f_ex2
                & (self.cls.val().zero | (self.cls.val().ef_ge134 & !self.cls.val().nan)))
            | ((self.m.val().f_lg2 | self.m.val().f_sqrt | self.m.val().f_rsq)
                & (self.cls.val().zero | (self.cls.val().inf & !self.sgn.val())))
            | (self.m.val().f_rcp & (self.cls.val().zero | self.cls.val().inf))
            | (self.m.val().f_tanh
                & (self.cls.val().zero
                    | self.cls.val().ef_lt115
                    | (self.cls.val().tanh_sat & !self.cls.val().nan)))
            | (self.m.val().f_h64
                & (self.cls.val().zero64
                    | (self.cls.val().inf64 & !(self.m.val().f_rsq64 & self.sgn.val()))));
        self.m.next.bp_b31 =
            (self.m.val().f_lg2 & self.cls.val().zero) | (self.v_s.val() & self.sgn.val());
        self.m.next.bp_xm = self.m.val().f_tanh & self.cls.val().ef_lt115 & !self.cls.val().zero;
        self.m.next.bp_g30 = !self.v_any.val() | self.v_inf.val() | self.v_inf64.val();
        self.m.next.bp_g29_23 =
            !self.v_any.val() | self.v_one.val() | self.v_inf.val() | self.v_inf64.val();
        self.m.next.bp_g22_20 = !self.v_any.val() | self.v_inf64.val();
        self.m.next.bp_g19_0 = !self.v_any.val();
    }
}

/// Phase 1, second half (combinational): the selector picks the bypass, the
/// region and the reduced argument.
#[derive(LogicBlock, Default)]
pub struct Reduce {
    /// The candidates ([`Classify`]).
    pub m: Signal<In, Mid1>,
    /// The result is `bypass_d` (special value or invalid selector).
    pub bypass: Signal<Out, Bit>,
    pub bypass_d: Signal<Out, Bits<32>>,
    /// Global region index (ROM region of [`tables`](crate::mufu::tables::tables)`().fmts`).
    pub region: Signal<Out, Bits<REGION_W>>,
    /// Reduced argument's fraction, left-aligned `0.32`.
    pub frac: Signal<Out, Bits<FRAC_W_USIZE>>,
    /// Addend of the carry-save sum (two's complement, sum LSBs).
    pub addend: Signal<Out, Bits<ADDEND_W>>,
    /// Exponent from the argument (two's complement).
    pub e_arg: Signal<Out, Bits<EXP_W>>,
    /// Result sign (XORed with the sum's), and the sign of an exact zero.
    pub sign: Signal<Out, Bit>,
    pub zero_sign: Signal<Out, Bit>,
    /// RCP64H / RSQ64H: 21-bit result packed as a binary64 high word.
    pub is64: Signal<Out, Bit>,

    xm: Signal<Local, Bits<32>>,
    sgn: Signal<Local, Bit>,
    mant: Signal<Local, Bits<23>>,
    sig: Signal<Local, Bits<24>>,
    mant_sh9: Signal<Local, Bits<32>>,
    mant_sh10: Signal<Local, Bits<32>>,
    n8: Signal<Local, Bits<8>>,
    fixed: Signal<Local, Bits<ADDEND_W>>,
    quad: Signal<Local, Bits<2>>,
    mant20: Signal<Local, Bits<20>>,
    /// The AND-OR's terms: region, fraction, addend, exponent.
    r_a: Signal<Local, Bits<REGION_W>>,
    r_b: Signal<Local, Bits<REGION_W>>,
    r_c: Signal<Local, Bits<REGION_W>>,
    r_d: Signal<Local, Bits<REGION_W>>,
    r_e: Signal<Local, Bits<REGION_W>>,
    r_f: Signal<Local, Bits<REGION_W>>,
    q_a: Signal<Local, Bits<FRAC_W_USIZE>>,
    q_b: Signal<Local, Bits<FRAC_W_USIZE>>,
    q_c: Signal<Local, Bits<FRAC_W_USIZE>>,
    q_d: Signal<Local, Bits<FRAC_W_USIZE>>,
    q_e: Signal<Local, Bits<FRAC_W_USIZE>>,
    q_f: Signal<Local, Bits<FRAC_W_USIZE>>,
    a_a: Signal<Local, Bits<ADDEND_W>>,
    a_b: Signal<Local, Bits<ADDEND_W>>,
    x_a: Signal<Local, Bits<EXP_W>>,
    x_b: Signal<Local, Bits<EXP_W>>,
    x_c: Signal<Local, Bits<EXP_W>>,
    x_d: Signal<Local, Bits<EXP_W>>,
    x_e: Signal<Local, Bits<EXP_W>>,
    x_f: Signal<Local, Bits<EXP_W>>,
}

/// `FRAC_W` as a `usize` for the type parameters.
const FRAC_W_USIZE: usize = FRAC_W as usize;

impl Logic for Reduce {
    #[hdl_gen]
    fn update(&mut self) {
        self.xm.next = self.m.val().xm;
        self.sgn.next = self.xm.val().get_bit(31);
        self.mant.next = self.xm.val().get_bits::<23>(0);
        self.sig.next = bit_cast::<24, 23>(self.mant.val()) | 0x80_0000;
        self.mant_sh9.next = bit_cast::<32, 23>(self.mant.val()) << 9;
        self.mant_sh10.next = bit_cast::<32, 23>(self.mant.val()) << 10;
        self.fixed.next = self.m.val().fixed;
        self.quad.next = self.m.val().quad;
        self.n8.next = self.fixed.val().get_bits::<8>(32);
        self.mant20.next = self.xm.val().get_bits::<20>(0);
        // Each output is an AND-OR over the decoded selector (one flag
        // set), not a chain of comparisons: what a function does not use
        // is 0, and under `bypass` the datapath's fields are not used.

        // ---- the special value: bit groups decided in [`Classify`] ----
        self.bypass.next = self.m.val().bypass;
        self.bypass_d.next = 0.into();
        if self.m.val().bp_xm {
            self.bypass_d.next = self.xm.val() & 0x7FFF_FFFF;
        }
        if self.m.val().bp_b31 {
            self.bypass_d.next = self.bypass_d.val() | 0x8000_0000_u64;
        }
        if self.m.val().bp_g30 {
            self.bypass_d.next = self.bypass_d.val() | 0x4000_0000;
        }
        if self.m.val().bp_g29_23 {
            self.bypass_d.next = self.bypass_d.val() | 0x3F80_0000;
        }
        if self.m.val().bp_g22_20 {
            self.bypass_d.next = self.bypass_d.val() | 0x0070_0000;
        }
        if self.m.val().bp_g19_0 {
            self.bypass_d.next = self.bypass_d.val() | 0x000F_FFFF;
        }

        // ---- the region ----
        self.r_a.next = 0.into();
        if self.m.val().f_sincos {
            self.r_a.next = 12.into();
        }
        if self.m.val().f_ex2 {
            self.r_a.next = 9.into();
        }
        self.r_b.next = 0.into();
        if self.m.val().f_lg2 {
            self.r_b.next = 10.into();
            if self.mant.val().get_bit(22) {
                self.r_b.next = 11.into();
            }
        }
        self.r_c.next = 0.into();
        if self.m.val().f_rsq {
            self.r_c.next = self.m.val().reg_rsq;
        }
        self.r_d.next = 0.into();
        if self.m.val().f_sqrt {
            self.r_d.next = self.m.val().reg_sqrt;
        }
        self.r_e.next = 0.into();
        if self.m.val().f_tanh {
            self.r_e.next = self.m.val().reg_tanh;
        }
        self.r_f.next = 0.into();
        if self.m.val().f_rsq64 {
            self.r_f.next = self.m.val().reg_rsq64;
        }
        self.region.next = self.r_a.val()
            | self.r_b.val()
            | self.r_c.val()
            | self.r_d.val()
            | self.r_e.val()
            | self.r_f.val();

        // ---- the fraction ----
        self.q_a.next = 0.into();
        if self.m.val().f_sincos {
            self.q_a.next = self.m.val().r;
        }
        self.q_b.next = 0.into();
        if self.m.val().f_ex2 {
            self.q_b.next = self.fixed.val().get_bits::<32>(0);
        }
        self.q_c.next = 0.into();
        if self.m.val().f_lg2 | self.m.val().f_rsq | self.m.val().f_sqrt {
            self.q_c.next = self.mant_sh10.val();
        }
        self.q_d.next = 0.into();
        if self.m.val().f_rcp | (self.m.val().f_tanh & !self.m.val().ef_eq130) {
            self.q_d.next = self.mant_sh9.val();
        }
        self.q_e.next = 0.into();
        if self.m.val().f_tanh & self.m.val().ef_eq130 {
            self.q_e.next = bit_cast::<32, 23>(self.mant.val()) << 12;
        }
        self.q_f.next = 0.into();
        if self.m.val().f_h64 {
            self.q_f.next = bit_cast::<32, 20>(self.mant20.val()) << 12;
            if self.m.val().f_rsq64 {
                self.q_f.next = bit_cast::<32, 20>(self.mant20.val()) << 13;
            }
        }
        self.frac.next = self.q_a.val()
            | self.q_b.val()
            | self.q_c.val()
            | self.q_d.val()
            | self.q_e.val()
            | self.q_f.val();

        // ---- the addend: LG2's e at weight 2^32, TANH's x below 2^-3 ----
        self.a_a.next = 0.into();
        if self.m.val().f_lg2 {
            self.a_a.next = bit_cast::<ADDEND_W, EXP_W>(self.m.val().e) << 32;
        }
        self.a_b.next = 0.into();
        if self.m.val().f_tanh & self.m.val().ef_le124 {
            self.a_b.next = bit_cast::<ADDEND_W, 24>(self.sig.val()) << 8;
        }
        self.addend.next = self.a_a.val() | self.a_b.val();

        // ---- the argument's exponent ----
        self.x_a.next = 0.into();
        if self.m.val().f_ex2 {
            self.x_a.next = bit_cast::<EXP_W, 8>(self.n8.val());
            if self.n8.val().get_bit(7) {
                self.x_a.next = bit_cast::<EXP_W, 8>(self.n8.val()) | 0x1F00;
            }
        }
        self.x_b.next = 0.into();
        if self.m.val().f_rcp {
            self.x_b.next = self.m.val().e_neg;
        }
        self.x_c.next = 0.into();
        if self.m.val().f_rsq {
            self.x_c.next = self.m.val().e_half_neg;
        }
        self.x_d.next = 0.into();
        if self.m.val().f_sqrt {
            self.x_d.next = self.m.val().e_half;
        }
        self.x_e.next = 0.into();
        if self.m.val().f_tanh & self.m.val().ef_le124 {
            self.x_e.next = self.m.val().e;
        }
        self.x_f.next = 0.into();
        if self.m.val().f_h64 {
            self.x_f.next = self.m.val().e64_neg;
            if self.m.val().f_rsq64 {
                self.x_f.next = self.m.val().e64_half_neg;
            }
        }
        self.e_arg.next = self.x_a.val()
            | self.x_b.val()
            | self.x_c.val()
            | self.x_d.val()
            | self.x_e.val()
            | self.x_f.val();

        // ---- signs: SIN/COS by the quadrant; RCP, TANH and the 64H forms
        // keep x's ----
        self.sign.next = (self.m.val().f_sincos
            & (self.quad.val().get_bit(1) ^ (self.sgn.val() & !self.m.val().f_cos)))
            | ((self.m.val().f_rcp | self.m.val().f_tanh | self.m.val().f_h64) & self.sgn.val());
        self.zero_sign.next = self.sgn.val()
            & ((self.m.val().f_sincos & !self.m.val().f_cos)
                | self.m.val().f_rcp
                | self.m.val().f_tanh
                | self.m.val().f_h64);
        self.is64.next = self.m.val().f_h64;
    }
}
