//! Phases 9–10, round and pack, and the final choice between the rounder and
//! the bypass. Model: [`model::round_pack`](crate::dfma::model::round_pack).
//!
//! The increment follows the mode (RN: round and (sticky or LSB); RM/RP:
//! inexact toward −∞/+∞; RZ: never). Phase 10 computes `sig + 1` on a carry
//! chain while the increment decision settles, then picks: a carry out of bit
//! 52 makes the significand 2^52 one binade up (its fraction bits are already
//! zero). The carry out and the hidden bit come from an AND tree of the
//! fraction bits beside the chain, not from the chain's end. Everything that does not depend on the rounding comes ready from
//! phase 9 ([`RoundPrep`]): the mode's decoded form, the exponent's
//! successor and both overflow tests, and the forced answer of a bypass or
//! an exact cancellation.

use crate::dfma::rtl::{DATA_W, LIMIT_W, RM_W, SIG_W};
use rust_hdl::prelude::*;

/// Phase 9 (beside the fine shift): what the rounder needs that does not
/// depend on the significand.
#[derive(LogicBlock, Default)]
pub struct RoundPrep {
    pub rm: Signal<In, Bits<RM_W>>,
    pub sign: Signal<In, Bit>,
    /// The sum cancelled exactly.
    pub zero: Signal<In, Bit>,
    pub bypass: Signal<In, Bit>,
    pub bypass_d: Signal<In, Bits<DATA_W>>,
    /// Biased exponent of the significand's bit 52 before rounding.
    pub e_b: Signal<In, Bits<LIMIT_W>>,
    /// Round to nearest even.
    pub rn: Signal<Out, Bit>,
    /// Round away from zero when inexact (RM for negative, RP for positive results).
    pub up: Signal<Out, Bit>,
    /// An overflow gives ∞ (else the largest finite).
    pub to_inf: Signal<Out, Bit>,
    /// The answer is `forced`, whatever the rounding.
    pub take_forced: Signal<Out, Bit>,
    pub forced: Signal<Out, Bits<DATA_W>>,
    pub e_b_p1: Signal<Out, Bits<LIMIT_W>>,
    /// `e_b` overflows (> 2046); `e_b + 1` overflows.
    pub ovf0: Signal<Out, Bit>,
    pub ovf1: Signal<Out, Bit>,
    cancel_neg: Signal<Local, Bit>,
}

impl Logic for RoundPrep {
    #[hdl_gen]
    fn update(&mut self) {
        self.rn.next = self.rm.val() == 0;
        self.up.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());
        self.to_inf.next = self.rn.val() | self.up.val();
        self.take_forced.next = self.bypass.val() | self.zero.val();
        // Exact cancellation: +0, or −0 under RM.
        self.cancel_neg.next = self.rm.val() == 1;
        self.forced.next = 0.into();
        self.forced.next = self.forced.val().replace_bit(63, self.cancel_neg.val());
        if self.bypass.val() {
            self.forced.next = self.bypass_d.val();
        }
        self.e_b_p1.next = self.e_b.val() + 1;
        self.ovf0.next = self.e_b.val() > 2046;
        self.ovf1.next = self.e_b.val() > 2045;
    }
}

/// Phase 10: increment, carry, overflow, packing, forced answers.
#[derive(LogicBlock, Default)]
pub struct RoundPack {
    pub sig: Signal<In, Bits<SIG_W>>,
    pub round_bit: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub rn: Signal<In, Bit>,
    pub up: Signal<In, Bit>,
    pub to_inf: Signal<In, Bit>,
    pub take_forced: Signal<In, Bit>,
    pub forced: Signal<In, Bits<DATA_W>>,
    pub e_b: Signal<In, Bits<LIMIT_W>>,
    pub e_b_p1: Signal<In, Bits<LIMIT_W>>,
    pub ovf0: Signal<In, Bit>,
    pub ovf1: Signal<In, Bit>,
    /// The result.
    pub d: Signal<Out, Bits<DATA_W>>,
    /// The fraction plus one (its carry out is `low_ones`).
    frac_p1: Signal<Local, Bits<52>>,
    /// Fraction bits all ones: an increment carries into bit 52 (an AND tree
    /// beside the carry chain, so the exponent choice does not wait for the
    /// chain's carry out; measured: the chain's end was the critical path).
    low_ones: Signal<Local, Bit>,
    inc: Signal<Local, Bit>,
    carry: Signal<Local, Bit>,
    hidden: Signal<Local, Bit>,
    frac: Signal<Local, Bits<52>>,
    exp: Signal<Local, Bits<LIMIT_W>>,
    overflow: Signal<Local, Bit>,
    word: Signal<Local, Bits<DATA_W>>,
}

impl Logic for RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.frac_p1.next = self.sig.val().get_bits::<52>(0) + 1;
        self.inc.next = (self.rn.val()
            & self.round_bit.val()
            & (self.sticky.val() | self.sig.val().get_bit(0)))
            | (self.up.val() & (self.round_bit.val() | self.sticky.val()));
        self.low_ones.next = self.sig.val().get_bits::<52>(0).all();
        // sig + 1 carries out of bit 52 when all 53 bits are ones; bit 52 or
        // the carry is set when bit 52 was, or the fraction was all ones.
        self.carry.next = self.inc.val() & self.low_ones.val() & self.sig.val().get_bit(52);
        self.frac.next = self.sig.val().get_bits::<52>(0);
        self.hidden.next = self.sig.val().get_bit(52) | (self.inc.val() & self.low_ones.val());
        if self.inc.val() {
            self.frac.next = self.frac_p1.val();
        }
        self.exp.next = self.e_b.val();
        self.overflow.next = self.ovf0.val();
        if self.carry.val() {
            self.exp.next = self.e_b_p1.val();
            self.overflow.next = self.ovf1.val();
        }
        self.word.next = bit_cast::<DATA_W, 52>(self.frac.val());
        if self.hidden.val() {
            self.word.next =
                self.word.val() | (bit_cast::<DATA_W, 11>(self.exp.val().get_bits::<11>(0)) << 52);
        }
        if self.overflow.val() {
            self.word.next = 0x7FEF_FFFF_FFFF_FFFF_u64.into();
            if self.to_inf.val() {
                self.word.next = 0x7FF0_0000_0000_0000_u64.into();
            }
        }
        self.word.next = self.word.val().replace_bit(63, self.sign.val());
        self.d.next = self.word.val();
        if self.take_forced.val() {
            self.d.next = self.forced.val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::model::{self, Normalised, Rounding, EXP_BIAS};
    use crate::unit::{to_bits, xorshift};

    /// Phases 9 and 10 on a normalised result (`zero`: exact cancellation).
    fn round(n: &Normalised, rm: Rounding, zero: bool) -> u64 {
        let mut prep = RoundPrep::default();
        let mut uut = RoundPack::default();
        prep.connect_all();
        uut.connect_all();
        prep.rm.next = to_bits(rm.code() as u128);
        prep.sign.next = n.sign;
        prep.zero.next = zero;
        prep.bypass.next = false;
        prep.bypass_d.next = to_bits(0);
        prep.e_b.next = to_bits((n.exp + EXP_BIAS) as u128);
        assert!(simulate(&mut prep, 100));
        uut.sig.next = to_bits(n.sig as u128);
        uut.round_bit.next = n.round;
        uut.sticky.next = n.sticky;
        uut.sign.next = n.sign;
        uut.rn.next = prep.rn.val();
        uut.up.next = prep.up.val();
        uut.to_inf.next = prep.to_inf.val();
        uut.take_forced.next = prep.take_forced.val();
        uut.forced.next = prep.forced.val();
        uut.e_b.next = prep.e_b.val();
        uut.e_b_p1.next = prep.e_b_p1.val();
        uut.ovf0.next = prep.ovf0.val();
        uut.ovf1.next = prep.ovf1.val();
        assert!(simulate(&mut uut, 100));
        uut.d.val().to_u64()
    }

    #[test]
    fn matches_the_model_round_pack() {
        let mut state = 3u64;
        let sigs = [
            (1u64 << 53) - 1,
            1 << 52,
            (1 << 52) - 1,
            (1 << 52) + 1,
            0,
            1,
            ((1 << 53) - 1) & !1,
        ];
        for k in 0..2000usize {
            let r = xorshift(&mut state);
            let sig = if k % 3 == 0 {
                sigs[k % sigs.len()]
            } else {
                r & ((1 << 53) - 1) | (1 << 52)
            };
            // A subnormal significand only at EMIN.
            let exp = if sig >> 52 == 0 {
                model::EMIN
            } else {
                [
                    model::EMIN,
                    model::EMIN + 1,
                    0,
                    1000,
                    model::EMAX,
                    model::EMAX + 1,
                ][k % 6]
            };
            let n = Normalised {
                sign: r >> 63 == 1,
                exp,
                sig,
                round: r >> 62 & 1 == 1,
                sticky: r >> 61 & 1 == 1,
            };
            for rm in Rounding::ALL {
                assert_eq!(
                    round(&n, rm, false),
                    model::round_pack(&n, rm),
                    "{n:?} {rm:?}"
                );
                let cancelled = if rm == Rounding::Rm {
                    model::SIGN_BIT
                } else {
                    0
                };
                assert_eq!(round(&n, rm, true), cancelled, "{n:?} {rm:?}");
            }
        }
    }
}
