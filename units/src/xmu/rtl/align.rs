//! Phases 3 and 5–7, align: the normalised significand shifted right so that its LSB
//! is the destination's, keeping the round bit (the first bit dropped) and
//! the sticky bit (the OR of the rest). Model: `fp::round` (the choice of
//! `lsb_weight`) and `fp::round_shift_right`.
//!
//! With `n`'s bit 63 weighing 2^e:
//! - float destination (mantissa `m` bits, smallest normal exponent EMIN):
//!   the LSB weighs 2^(max(e, EMIN) − m), so the shift is
//!   `63 − m + max(0, EMIN − e)` (gradual underflow below EMIN);
//! - integer destination (F2I): the LSB weighs 2^0, the shift is `63 − e`;
//!   `huge` when e ≥ 64 (every integer type saturates).
//!
//! A shift above 64 leaves nothing: kept 0, round bit 0, sticky = `n ≠ 0`
//! (the model's "sticky-only" value). Otherwise a seven-level log shifter on
//! 65 bits (`n` and the round position under it) ORs each level's dropped
//! bits into the sticky bit (the levels commute: the dropped bits are those
//! under `shift` whatever the order).
//!
//! The shift amount needs `e = e_n − lz` (the normaliser's count), and
//! 13-bit chains after it would be a phase of their own. So phase 3
//! ([`AlignPre`], beside the leading-zero count) takes the terms with the
//! unshifted exponent `e_n`: the shifts less `lz` (`63 − m + EMIN − e_n`,
//! `63 − e_n`) and the thresholds that `lz` is compared with (every real
//! value lies within ±4096, so bit 12 is its sign); phase 5a
//! ([`AlignAmount`], beside the normalising shift) only adds `lz` to the
//! shifts' low seven bits and compares it with the thresholds, side by
//! side, and phase 5b ([`AlignPick`]) picks the shift (the compares and
//! the picks in one phase measured 8.7 ns).
//! The shift, when it is not `big`, is 0..=64, so seven bits are exact.
//! The shifter is phases 6 ([`AlignCoarse`]: 64, 32, 16) and 7
//! ([`AlignFine`]: 8, 4, 2, 1). The fine levels' sticky bit is not an OR
//! per level: phase 6 decodes the mask of the bits they drop (`2^(shift
//! mod 16) − 1`) and phase 7 ANDs it with the coarse output's low bits.

use super::{DF_W, EXP_W};
use rust_hdl::prelude::*;

/// Phase 3: the shift amount's terms that do not need the leading zeros.
#[derive(LogicBlock, Default)]
pub struct AlignPre {
    /// Exponent of the significand's bit 63 before normalisation, plus 2048.
    pub exp_b: Signal<In, Bits<EXP_W>>,
    /// Float destination (0 f16, 1 bf16, 2 f32, 3 f64, 4 e4m3, 5 e5m2).
    pub df: Signal<In, Bits<DF_W>>,
    /// `63 − m + EMIN − e_n` and `63 − e_n` (F2I: the LSB weighs 2^0),
    /// modulo 2^13: the float and integer shifts are these plus `lz`.
    pub bd: Signal<Out, Bits<EXP_W>>,
    pub q: Signal<Out, Bits<EXP_W>>,
    /// `63 − m` of the float destination.
    pub base: Signal<Out, Bits<6>>,
    /// Thresholds for `lz`, two's complement: `e < EMIN` iff `lz > nd`;
    /// the float shift exceeds 64 iff `lz > mf`; F2I's shift is negative
    /// (|x| ≥ 2^64) iff `lz < nq`, exceeds 64 iff `lz > mq`.
    pub nd: Signal<Out, Bits<EXP_W>>,
    pub mf: Signal<Out, Bits<EXP_W>>,
    pub nq: Signal<Out, Bits<EXP_W>>,
    pub mq: Signal<Out, Bits<EXP_W>>,
    /// EMIN + 2048, `63 − m + EMIN + 2048`, and that less 64.
    emin_b: Signal<Local, Bits<EXP_W>>,
    base_emin_b: Signal<Local, Bits<EXP_W>>,
    base_emin_m64: Signal<Local, Bits<EXP_W>>,
}

impl Logic for AlignPre {
    #[hdl_gen]
    fn update(&mut self) {
        self.base.next = 53.into();
        self.emin_b.next = 2034.into();
        self.base_emin_b.next = 2087.into();
        self.base_emin_m64.next = 2023.into();
        if self.df.val() == 1 {
            self.base.next = 56.into();
            self.emin_b.next = 1922.into();
            self.base_emin_b.next = 1978.into();
            self.base_emin_m64.next = 1914.into();
        }
        if self.df.val() == 2 {
            self.base.next = 40.into();
            self.emin_b.next = 1922.into();
            self.base_emin_b.next = 1962.into();
            self.base_emin_m64.next = 1898.into();
        }
        if self.df.val() == 3 {
            self.base.next = 11.into();
            self.emin_b.next = 1026.into();
            self.base_emin_b.next = 1037.into();
            self.base_emin_m64.next = 973.into();
        }
        if self.df.val() == 4 {
            self.base.next = 60.into();
            self.emin_b.next = 2042.into();
            self.base_emin_b.next = 2102.into();
            self.base_emin_m64.next = 2038.into();
        }
        if self.df.val() == 5 {
            self.base.next = 61.into();
            self.emin_b.next = 2034.into();
            self.base_emin_b.next = 2095.into();
            self.base_emin_m64.next = 2031.into();
        }
        self.bd.next = self.base_emin_b.val() - self.exp_b.val();
        // 63 + 2048 = 2111.
        self.q.next = 2111 - self.exp_b.val();
        self.nd.next = self.exp_b.val() - self.emin_b.val();
        // `(e_n + 64) − base_emin` as one subtraction.
        self.mf.next = self.exp_b.val() - self.base_emin_m64.val();
        self.nq.next = self.exp_b.val() - 2111;
        // 64 − (2111 − e_n) = e_n − 2047.
        self.mq.next = self.exp_b.val() - 2047;
    }
}

/// Phase 5a: the shift amount's parts, with the leading zeros: short adds
/// and compares of `lz` against [`AlignPre`]'s thresholds, side by side.
#[derive(LogicBlock, Default)]
pub struct AlignAmount {
    /// From [`AlignPre`].
    pub bd: Signal<In, Bits<EXP_W>>,
    pub q: Signal<In, Bits<EXP_W>>,
    pub nd: Signal<In, Bits<EXP_W>>,
    pub mf: Signal<In, Bits<EXP_W>>,
    pub nq: Signal<In, Bits<EXP_W>>,
    pub mq: Signal<In, Bits<EXP_W>>,
    /// The normaliser's leading zeros (`e = e_n − lz`).
    pub lz: Signal<In, Bits<7>>,
    /// The float shift below EMIN (`bd + lz`) and the integer shift (`q + lz`).
    pub sf: Signal<Out, Bits<7>>,
    pub si: Signal<Out, Bits<7>>,
    /// `e < EMIN`; the float shift above 64; F2I's shift negative, above 64.
    pub tiny: Signal<Out, Bit>,
    pub big_f: Signal<Out, Bit>,
    pub neg_i: Signal<Out, Bit>,
    pub big_i: Signal<Out, Bit>,
    lz_w: Signal<Local, Bits<EXP_W>>,
}

impl Logic for AlignAmount {
    #[hdl_gen]
    fn update(&mut self) {
        self.lz_w.next = bit_cast::<EXP_W, 7>(self.lz.val());
        // `lz > c` for a two's complement c: c negative, or c < lz.
        self.tiny.next = self.nd.val().get_bit(12) | (self.nd.val() < self.lz_w.val());
        self.big_f.next = self.mf.val().get_bit(12) | (self.mf.val() < self.lz_w.val());
        self.big_i.next = self.mq.val().get_bit(12) | (self.mq.val() < self.lz_w.val());
        // `lz < c`: c positive and c > lz.
        self.neg_i.next = !self.nq.val().get_bit(12) & (self.nq.val() > self.lz_w.val());
        self.sf.next = self.bd.val().get_bits::<7>(0) + self.lz.val();
        self.si.next = self.q.val().get_bits::<7>(0) + self.lz.val();
    }
}

/// Phase 5b: the shift amount picked from [`AlignAmount`]'s parts.
#[derive(LogicBlock, Default)]
pub struct AlignPick {
    /// `63 − m` of the float destination ([`AlignPre::base`]).
    pub base: Signal<In, Bits<6>>,
    /// Integer destination instead (F2I).
    pub to_int: Signal<In, Bit>,
    /// From [`AlignAmount`].
    pub sf: Signal<In, Bits<7>>,
    pub si: Signal<In, Bits<7>>,
    pub tiny: Signal<In, Bit>,
    pub big_f: Signal<In, Bit>,
    pub neg_i: Signal<In, Bit>,
    pub big_i: Signal<In, Bit>,
    /// The right shift, 0..=64 (meaningful when not `big`).
    pub shift: Signal<Out, Bits<7>>,
    /// The shift exceeds 64 (or, F2I, is negative): nothing is kept.
    pub big: Signal<Out, Bit>,
    /// F2I: |value| ≥ 2^64.
    pub huge: Signal<Out, Bit>,
}

impl Logic for AlignPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.shift.next = bit_cast::<7, 6>(self.base.val());
        self.big.next = false;
        if self.tiny.val() {
            self.shift.next = self.sf.val();
            self.big.next = self.big_f.val();
        }
        self.huge.next = self.to_int.val() & self.neg_i.val();
        if self.to_int.val() {
            self.shift.next = self.si.val();
            self.big.next = self.neg_i.val() | self.big_i.val();
        }
    }
}

/// Phase 6: the shifter's levels 64, 32 and 16.
#[derive(LogicBlock, Default)]
pub struct AlignCoarse {
    /// Normalised significand (bit 63 set unless zero).
    pub n: Signal<In, Bits<64>>,
    /// [`AlignAmount::shift`].
    pub shift: Signal<In, Bits<7>>,
    /// `n` and the round position under it, shifted; the dropped bits' OR.
    pub f: Signal<Out, Bits<65>>,
    pub st: Signal<Out, Bit>,
    /// `n ≠ 0` (the sticky bit of a shift above 64).
    pub n_any: Signal<Out, Bit>,
    /// The fine levels' dropped bits, `2^(shift mod 16) − 1`: [`AlignFine`]'s
    /// sticky is one AND-OR with it, not an OR per level.
    pub fmask: Signal<Out, Bits<15>>,
    lv: [Signal<Local, Bits<65>>; 4],
    sv: [Signal<Local, Bit>; 4],
    ones: Signal<Local, Bits<16>>,
    fine: Signal<Local, Bits<4>>,
    lowmask: Signal<Local, Bits<16>>,
}

impl Logic for AlignCoarse {
    #[hdl_gen]
    fn update(&mut self) {
        self.n_any.next = self.n.val().any();
        self.lv[0].next = bit_cast::<65, 64>(self.n.val()) << 1;
        self.sv[0].next = false;
        self.lv[1].next = self.lv[0].val();
        self.sv[1].next = self.sv[0].val();
        if self.shift.val().get_bit(6) {
            self.lv[1].next = self.lv[0].val() >> 64;
            self.sv[1].next = self.sv[0].val() | self.lv[0].val().get_bits::<64>(0).any();
        }
        self.lv[2].next = self.lv[1].val();
        self.sv[2].next = self.sv[1].val();
        if self.shift.val().get_bit(5) {
            self.lv[2].next = self.lv[1].val() >> 32;
            self.sv[2].next = self.sv[1].val() | self.lv[1].val().get_bits::<32>(0).any();
        }
        self.lv[3].next = self.lv[2].val();
        self.sv[3].next = self.sv[2].val();
        if self.shift.val().get_bit(4) {
            self.lv[3].next = self.lv[2].val() >> 16;
            self.sv[3].next = self.sv[2].val() | self.lv[2].val().get_bits::<16>(0).any();
        }
        self.f.next = self.lv[3].val();
        self.st.next = self.sv[3].val();
        self.ones.next = 0xFFFF.into();
        self.fine.next = self.shift.val().get_bits::<4>(0);
        self.lowmask.next = !(self.ones.val() << self.fine.val());
        self.fmask.next = self.lowmask.val().get_bits::<15>(0);
    }
}

/// Phase 7: the shifter's levels 8, 4, 2 and 1, and the shift above 64.
#[derive(LogicBlock, Default)]
pub struct AlignFine {
    /// From [`AlignCoarse`] and [`AlignAmount`].
    pub f: Signal<In, Bits<65>>,
    pub st: Signal<In, Bit>,
    pub n_any: Signal<In, Bit>,
    pub shift: Signal<In, Bits<7>>,
    pub big: Signal<In, Bit>,
    /// [`AlignCoarse::fmask`].
    pub fmask: Signal<In, Bits<15>>,
    /// The bits at or above the destination's LSB, right-aligned.
    pub kept: Signal<Out, Bits<64>>,
    pub round_bit: Signal<Out, Bit>,
    pub sticky: Signal<Out, Bit>,
    lv: [Signal<Local, Bits<65>>; 5],
    /// The bits these levels drop (under the round position).
    dropped: Signal<Local, Bits<15>>,
}

impl Logic for AlignFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.lv[0].next = self.f.val();
        self.lv[1].next = self.lv[0].val();
        if self.shift.val().get_bit(3) {
            self.lv[1].next = self.lv[0].val() >> 8;
        }
        self.lv[2].next = self.lv[1].val();
        if self.shift.val().get_bit(2) {
            self.lv[2].next = self.lv[1].val() >> 4;
        }
        self.lv[3].next = self.lv[2].val();
        if self.shift.val().get_bit(1) {
            self.lv[3].next = self.lv[2].val() >> 2;
        }
        self.lv[4].next = self.lv[3].val();
        if self.shift.val().get_bit(0) {
            self.lv[4].next = self.lv[3].val() >> 1;
        }
        self.kept.next = self.lv[4].val().get_bits::<64>(1);
        self.round_bit.next = self.lv[4].val().get_bit(0);
        // The bits under the round position after a shift by `s < 16` are
        // `f`'s `s` low bits (the sticky ORs per level measured 6.7 ns).
        self.dropped.next = self.f.val().get_bits::<15>(0) & self.fmask.val();
        self.sticky.next = self.st.val() | self.dropped.val().any();
        if self.big.val() {
            self.kept.next = 0.into();
            self.round_bit.next = false;
            self.sticky.next = self.n_any.val();
        }
    }
}
