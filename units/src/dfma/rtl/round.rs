//! Phases 9–10, round and pack, and the final choice between the rounder and
//! the bypass. Model: [`model::round_pack`](crate::dfma::model::round_pack),
//! and for the flags [`model::fma_with_flags`](crate::dfma::model::fma_with_flags).
//!
//! The increment follows the mode (RN: round and (sticky or LSB); RMM: round;
//! RM/RP: inexact toward −∞/+∞; RZ: never). Everything that does not depend on the
//! significand comes ready from phase 9 ([`RoundPrep`]): the mode's decoded
//! form, the exponent's successor, and the **forced answer**: a bypass, an
//! exact cancellation, or an overflow that does not depend on the rounding
//! (`e_b > 2046`: ∞ or the largest finite by the mode), with its flags.
//!
//! Phase 10 computes `sig + 1` on a carry chain while the increment decision
//! settles. Only one thing there waits for the increment and the fraction's
//! all-ones test (`low_ones`, registered: phase 9 reads it off the
//! normaliser's input, [`NormFine`](super::NormFine)): `c`, "the increment
//! carries into bit 52". The exponent field has two candidates ready from registers
//! (`c`: `e_b + 1` for a normal significand, `e_b` for a subnormal one
//! becoming the smallest normal; not `c`: `e_b`, or 0 for a subnormal), so
//! `c` only selects. An overflow caused by the rounding itself (`e_b = 2046`
//! and a carry) needs no select: an increment happens only in RN/RMM or in the
//! direction away from zero, where the overflow answer is ∞, and the carry
//! already makes that word (exponent 2047, fraction `all ones + 1 = 0`).
//! Measured: the overflow select behind the carry fanned out to all 64
//! result bits and was the critical path of the unit (docs/qor.md).
//!
//! # Flags (RISC-V order: NV 0x10, DZ 0x08, OF 0x04, UF 0x02, NX 0x01)
//! Beside the result, never in its path: a forced answer carries the flags
//! decided with it (the bypass's from [`Special`](super::Special): NV, or
//! UF|NX for a tiny product; none for an exact cancellation; OF|NX for
//! `e_b > 2046`). Otherwise NX is `round | sticky`; OF is the rounding's own
//! overflow, `e_b = 2046` with the carry out of a normal significand; UF is
//! NX and "tiny after rounding": a subnormal significand (bit 52 clear) that
//! does not round up to 2^-1022 when rounded one bit finer, with an
//! unbounded exponent. Only `sig = 2^52 − 1` with the round bit set can reach
//! 2^-1022 that way; whether it does takes the bit under the round bit
//! (`round2`: RN and RMM round up on it, RM/RP on `sticky`, which is
//! `round2` or anything under it).

use crate::dfma::rtl::{DATA_W, FLAGS_W, LIMIT_W, RM_W, SIG_W};
use rust_hdl::prelude::*;

/// Phase 9 (beside the fine shift): what the rounder needs that does not
/// depend on the significand.
#[derive(LogicBlock, Default)]
pub struct RoundPrep {
    /// 0 RN, 1 RM, 2 RP, 3 RZ, 4 RMM (5..=7 round toward zero).
    pub rm: Signal<In, Bits<RM_W>>,
    pub sign: Signal<In, Bit>,
    /// The sum cancelled exactly.
    pub zero: Signal<In, Bit>,
    pub bypass: Signal<In, Bit>,
    pub bypass_d: Signal<In, Bits<DATA_W>>,
    /// The bypass's flags ([`Special::flags`](super::Special)).
    pub bypass_flags: Signal<In, Bits<FLAGS_W>>,
    /// `bypass_d` is a NaN, is subnormal ([`BypassClass`], phase 4).
    pub bnan: Signal<In, Bit>,
    pub bsub: Signal<In, Bit>,
    /// Biased exponent of the significand's bit 52 before rounding.
    pub e_b: Signal<In, Bits<LIMIT_W>>,
    /// `e_b > 2046` ([`NormCoarse::ovf`](super::NormCoarse)).
    pub ovf: Signal<In, Bit>,
    /// Round to nearest even.
    pub rn: Signal<Out, Bit>,
    /// Round to nearest, ties away from zero.
    pub rmm: Signal<Out, Bit>,
    /// RN or RMM (the flags' finer rounding).
    pub near: Signal<Out, Bit>,
    /// Round away from zero when inexact (RM for negative, RP for positive results).
    pub up: Signal<Out, Bit>,
    /// The answer is `forced`, whatever the rounding: bypass, exact
    /// cancellation, or `e_b > 2046`.
    pub take_forced: Signal<Out, Bit>,
    pub forced: Signal<Out, Bits<DATA_W>>,
    /// The flags of the forced answer.
    pub forced_flags: Signal<Out, Bits<FLAGS_W>>,
    pub e_b_p1: Signal<Out, Bits<LIMIT_W>>,
    /// `e_b = 2046`: a carry out of a normal significand overflows.
    pub e_b_top: Signal<Out, Bit>,
    /// `forced` is a NaN, is subnormal: only a bypass can be (an overflow
    /// answer and an exact cancellation's zero are neither), decided from
    /// the bypass word's class ([`BypassClass`], tested in phase 4), not
    /// from `forced` in phase 10 (measured: `out_nan`/`out_sub` from
    /// `forced`'s 52-bit test were among the `fp64` unit's slowest groups,
    /// 6.9–7.5 ns; the 52-bit test here in phase 9, 6.7–7.6 ns).
    pub forced_nan: Signal<Out, Bit>,
    pub forced_sub: Signal<Out, Bit>,
    /// An overflow gives ∞ (else the largest finite).
    to_inf: Signal<Local, Bit>,
    cancel_neg: Signal<Local, Bit>,
}

impl Logic for RoundPrep {
    #[hdl_gen]
    fn update(&mut self) {
        self.rn.next = self.rm.val() == 0;
        self.rmm.next = self.rm.val() == 4;
        self.near.next = self.rn.val() | self.rmm.val();
        self.up.next =
            ((self.rm.val() == 1) & self.sign.val()) | ((self.rm.val() == 2) & !self.sign.val());
        self.to_inf.next = self.near.val() | self.up.val();
        self.take_forced.next = self.bypass.val() | self.zero.val() | self.ovf.val();
        // Exact cancellation: +0, or −0 under RM.
        self.cancel_neg.next = self.rm.val() == 1;
        self.forced.next = 0.into();
        if self.ovf.val() {
            self.forced.next = 0x7FEF_FFFF_FFFF_FFFF_u64.into();
            if self.to_inf.val() {
                self.forced.next = 0x7FF0_0000_0000_0000_u64.into();
            }
            self.forced.next = self.forced.val().replace_bit(63, self.sign.val());
        }
        if self.zero.val() {
            self.forced.next = 0.into();
            self.forced.next = self.forced.val().replace_bit(63, self.cancel_neg.val());
        }
        if self.bypass.val() {
            self.forced.next = self.bypass_d.val();
        }
        // Overflow: OF and NX; exact cancellation: none; bypass: its own.
        self.forced_flags.next = 0.into();
        if self.ovf.val() {
            self.forced_flags.next = 0b00101.into();
        }
        if self.zero.val() {
            self.forced_flags.next = 0.into();
        }
        if self.bypass.val() {
            self.forced_flags.next = self.bypass_flags.val();
        }
        self.e_b_p1.next = self.e_b.val() + 1;
        self.e_b_top.next = self.e_b.val() == 2046;
        self.forced_nan.next = self.bypass.val() & self.bnan.val();
        self.forced_sub.next = self.bypass.val() & self.bsub.val();
    }
}

/// Phase 4 (the control word): the bypass word's class for
/// [`RoundPrep::forced_nan`] and [`RoundPrep::forced_sub`].
#[derive(LogicBlock, Default)]
pub struct BypassClass {
    pub d: Signal<In, Bits<DATA_W>>,
    /// A NaN; subnormal (not zero).
    pub nan: Signal<Out, Bit>,
    pub sub: Signal<Out, Bit>,
    nz: Signal<Local, Bit>,
}

impl Logic for BypassClass {
    #[hdl_gen]
    fn update(&mut self) {
        self.nz.next = self.d.val().get_bits::<52>(0).any();
        self.nan.next = self.d.val().get_bits::<11>(52).all() & self.nz.val();
        self.sub.next = !self.d.val().get_bits::<11>(52).any() & self.nz.val();
    }
}

/// Phase 10: increment, carry into bit 52, packing, forced answers.
#[derive(LogicBlock, Default)]
pub struct RoundPack {
    pub sig: Signal<In, Bits<SIG_W>>,
    /// `sig`'s fraction bits are all ones ([`NormFine::low_ones`](super::NormFine)).
    pub low_ones: Signal<In, Bit>,
    pub round_bit: Signal<In, Bit>,
    /// The bit under the round bit (for the flags' tininess).
    pub round2: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub rn: Signal<In, Bit>,
    pub rmm: Signal<In, Bit>,
    pub near: Signal<In, Bit>,
    pub up: Signal<In, Bit>,
    pub take_forced: Signal<In, Bit>,
    pub forced: Signal<In, Bits<DATA_W>>,
    pub forced_flags: Signal<In, Bits<FLAGS_W>>,
    /// [`RoundPrep::forced_nan`], [`RoundPrep::forced_sub`].
    pub forced_nan: Signal<In, Bit>,
    pub forced_sub: Signal<In, Bit>,
    pub e_b: Signal<In, Bits<LIMIT_W>>,
    pub e_b_p1: Signal<In, Bits<LIMIT_W>>,
    pub e_b_top: Signal<In, Bit>,
    /// The result.
    pub d: Signal<Out, Bits<DATA_W>>,
    /// Its exception flags: NV, DZ, OF, UF, NX (bits 4..0).
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    /// `d` is a NaN; `d` is subnormal (exponent field 0, fraction not 0).
    /// Decided beside `d`, not from it, for a user that rewrites such
    /// answers (the `fp64` unit's canonical NaN and FTZ); the NVIDIA DFMA
    /// leaves them unconnected.
    pub nan: Signal<Out, Bit>,
    pub sub: Signal<Out, Bit>,
    /// `sig`'s fraction is not 0.
    sig_nz: Signal<Local, Bit>,
    inexact: Signal<Local, Bit>,
    /// Rounded one bit finer, `sig = 2^52 − 1` would reach 2^-1022.
    fine_up: Signal<Local, Bit>,
    tiny: Signal<Local, Bit>,
    overflow: Signal<Local, Bit>,
    round_flags: Signal<Local, Bits<FLAGS_W>>,
    /// The fraction plus one.
    frac_p1: Signal<Local, Bits<52>>,
    inc: Signal<Local, Bit>,
    /// The increment carries into bit 52.
    c: Signal<Local, Bit>,
    frac: Signal<Local, Bits<52>>,
    /// Exponent field if `c`, and if not.
    exp_c: Signal<Local, Bits<11>>,
    exp_nc: Signal<Local, Bits<11>>,
    /// Sign and fraction, the exponent field still 0.
    base: Signal<Local, Bits<DATA_W>>,
}

impl Logic for RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.frac_p1.next = self.sig.val().get_bits::<52>(0) + 1;
        self.inc.next = (self.rn.val()
            & self.round_bit.val()
            & (self.sticky.val() | self.sig.val().get_bit(0)))
            | (self.rmm.val() & self.round_bit.val())
            | (self.up.val() & (self.round_bit.val() | self.sticky.val()));
        self.c.next = self.inc.val() & self.low_ones.val();
        // Normal significand: e_b, or e_b + 1 on a carry out of bit 52.
        // Subnormal: exponent field 0, or e_b (the smallest normal) when the
        // increment reaches bit 52.
        self.exp_c.next = self.e_b_p1.val().get_bits::<11>(0);
        self.exp_nc.next = self.e_b.val().get_bits::<11>(0);
        if !self.sig.val().get_bit(52) {
            self.exp_c.next = self.e_b.val().get_bits::<11>(0);
            self.exp_nc.next = 0.into();
        }
        self.frac.next = self.sig.val().get_bits::<52>(0);
        if self.inc.val() {
            self.frac.next = self.frac_p1.val();
        }
        self.base.next = bit_cast::<DATA_W, 52>(self.frac.val());
        self.base.next = self.base.val().replace_bit(63, self.sign.val());
        self.d.next = self.base.val() | (bit_cast::<DATA_W, 11>(self.exp_nc.val()) << 52);
        if self.c.val() {
            self.d.next = self.base.val() | (bit_cast::<DATA_W, 11>(self.exp_c.val()) << 52);
        }
        if self.take_forced.val() {
            self.d.next = self.forced.val();
        }

        // ---- NaN and subnormal, beside the result ----
        // Rounded: the exponent field is 0 when sig[52] is clear and no carry
        // reaches 2^-1022; the fraction is then sig's, or sig + 1 (not 0).
        self.sig_nz.next = self.sig.val().get_bits::<52>(0).any();
        self.nan.next = false;
        self.sub.next =
            !self.sig.val().get_bit(52) & !self.c.val() & (self.inc.val() | self.sig_nz.val());
        if self.take_forced.val() {
            self.nan.next = self.forced_nan.val();
            self.sub.next = self.forced_sub.val();
        }

        // ---- flags, beside the result ----
        self.inexact.next = self.round_bit.val() | self.sticky.val();
        self.fine_up.next =
            (self.near.val() & self.round2.val()) | (self.up.val() & self.sticky.val());
        self.tiny.next = !self.sig.val().get_bit(52)
            & !(self.low_ones.val() & self.round_bit.val() & self.fine_up.val());
        self.overflow.next = self.e_b_top.val() & self.sig.val().get_bit(52) & self.c.val();
        self.round_flags.next = 0.into();
        self.round_flags.next = self.round_flags.val().replace_bit(0, self.inexact.val());
        self.round_flags.next = self
            .round_flags
            .val()
            .replace_bit(1, self.tiny.val() & self.inexact.val());
        self.round_flags.next = self.round_flags.val().replace_bit(2, self.overflow.val());
        self.flags.next = self.round_flags.val();
        if self.take_forced.val() {
            self.flags.next = self.forced_flags.val();
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
        prep.bypass_flags.next = to_bits(0);
        prep.bnan.next = false;
        prep.bsub.next = false;
        prep.e_b.next = to_bits((n.exp + EXP_BIAS) as u128);
        prep.ovf.next = n.exp + EXP_BIAS > 2046;
        assert!(simulate(&mut prep, 100));
        uut.sig.next = to_bits(n.sig as u128);
        uut.low_ones.next = n.sig & ((1 << 52) - 1) == (1 << 52) - 1;
        uut.round_bit.next = n.round;
        uut.round2.next = false;
        uut.sticky.next = n.sticky;
        uut.sign.next = n.sign;
        uut.rn.next = prep.rn.val();
        uut.rmm.next = prep.rmm.val();
        uut.near.next = prep.near.val();
        uut.up.next = prep.up.val();
        uut.take_forced.next = prep.take_forced.val();
        uut.forced.next = prep.forced.val();
        uut.forced_flags.next = prep.forced_flags.val();
        uut.e_b.next = prep.e_b.val();
        uut.e_b_p1.next = prep.e_b_p1.val();
        uut.e_b_top.next = prep.e_b_top.val();
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
            for rm in Rounding::ALL_WITH_RMM {
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
