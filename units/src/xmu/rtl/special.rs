//! Phases 2 and 3, special operands: the answers that do not go through the
//! rounder (`forced`, taken when `take`; chosen in phase 2 by [`Special`],
//! built in phase 3 by [`SpecialPick`]): zeros, infinities and NaNs of the
//! float conversions, integer zero of I2F. I2I is taken here with `forced`
//! 0: its answer ([`I2i`](super::I2i)) and FRND's join in phase 5
//! ([`FrndResult`](super::FrndResult)); the bit operations' at the end.
//!
//! NaN rules (SPEC.md §4, `convert.rs`): into f16/bf16 (F2F, F2FP.x2) the
//! all-ones `0x7FFF`; into FP8 `0x7F`; F2F into f32/f64 keeps the sign and the
//! payload aligned at its MSB (here: the bits under the significand's bit 63)
//! and sets the quiet bit; F2I gives 0. Infinities: F2F ±∞, FP8 satfinite
//! ±max finite, F2I the destination's minimum or maximum.

use super::{DF_W, OP_W};
use rust_hdl::prelude::*;

/// How many constant patterns [`Special`] chooses among (one-hot `pat`).
pub const PAT_N: usize = 22;
// The loops inside the `#[hdl_gen]` code assume this value.
const _: () = assert!(PAT_N == 22);

/// The constant patterns, in `pat`'s bit order: ±∞ of f16, bf16, f32,
/// f64, E4M3 (satfinite: its largest finite), E5M2 (the same); the NaN of
/// f16/bf16, f32 (quiet bit; payload added), f64 (the same), FP8; the
/// maximum of u8, s8, u16, s16, u32, s32, u64, s64; the minimum of s8,
/// s16, s32, s64 (the unsigned minimum is 0). Signs are added apart.
pub const PATTERNS: [u64; PAT_N] = [
    0x7C00,
    0x7F80,
    0x7F80_0000,
    0x7FF0_0000_0000_0000,
    0x7E,
    0x7B,
    0x7FFF,
    0x7FC0_0000,
    0x7FF8_0000_0000_0000,
    0x7F,
    0xFF,
    0x7F,
    0xFFFF,
    0x7FFF,
    0xFFFF_FFFF,
    0x7FFF_FFFF,
    0xFFFF_FFFF_FFFF_FFFF,
    0x7FFF_FFFF_FFFF_FFFF,
    0x80,
    0x8000,
    0x8000_0000,
    0x8000_0000_0000_0000,
];

/// Phase 2: which forced answer a special operand takes, as one-hot
/// selects of constant patterns, of the sign's position and of the NaN
/// payload, so that phase 3 ([`SpecialPick`]) is one AND-OR from
/// registers. (The choice and the 64-bit answer in one phase measured
/// 6.6 ns; the constants by `df` in phase 3, 7.8 ns on one placement.)
#[derive(LogicBlock, Default)]
pub struct Special {
    /// The operation word.
    pub op: Signal<In, Bits<OP_W>>,
    /// Float destination ([`Decode::df`](super::Decode)).
    pub df: Signal<In, Bits<DF_W>>,
    /// Operand class and sign ([`Unpack`](super::Unpack)).
    pub sign: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub inf: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    /// The answer is `forced`.
    pub take: Signal<Out, Bit>,
    /// The constant pattern ([`PATTERNS`]), one-hot or none.
    pub pat: Signal<Out, Bits<PAT_N>>,
    /// The sign goes to bit 7, 15, 31, 63 (one-hot or none).
    pub sgn: Signal<Out, Bits<4>>,
    /// The NaN's payload (the significand under bit 63) goes under the
    /// quiet bit of f32, of f64.
    pub pay32: Signal<Out, Bit>,
    pub pay64: Signal<Out, Bit>,
    opc: Signal<Local, Bits<4>>,
    int_dst: Signal<Local, Bits<3>>,
    to_float: Signal<Local, Bit>,
    to_int: Signal<Local, Bit>,
    sz: Signal<Local, Bit>,
    si: Signal<Local, Bit>,
    sn: Signal<Local, Bit>,
    smin: Signal<Local, Bit>,
    smax: Signal<Local, Bit>,
    /// `df` one-hot (f16 also for 6, 7); `int_dst` one-hot.
    d: [Signal<Local, Bit>; 6],
    t: [Signal<Local, Bit>; 8],
    p: [Signal<Local, Bit>; PAT_N],
    g: [Signal<Local, Bit>; 4],
}

impl Logic for Special {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        self.int_dst.next = self.op.val().get_bits::<3>(7);
        // F2F (7), F2FP.x2 (11), F2FP.fp8 (12); F2I (8).
        self.to_float.next =
            (self.opc.val() == 7) | (self.opc.val() == 11) | (self.opc.val() == 12);
        self.to_int.next = self.opc.val() == 8;
        // Bit operations and reserved opcodes: forced 0 (the bit operations'
        // result replaces it at the end).
        self.take.next = true;
        if self.to_float.val() | self.to_int.val() {
            self.take.next = self.zero.val() | self.inf.val() | self.nan.val();
        }
        // I2F: the integer 0 is +0.
        if self.opc.val() == 9 {
            self.take.next = self.zero.val();
        }
        self.sz.next = self.to_float.val() & self.zero.val() & !self.inf.val() & !self.nan.val();
        self.si.next = self.to_float.val() & self.inf.val() & !self.nan.val();
        self.sn.next = self.to_float.val() & self.nan.val();
        // F2I: NaN and zero → 0, ±∞ → minimum / maximum.
        self.smin.next = self.to_int.val() & self.inf.val() & self.sign.val();
        self.smax.next = self.to_int.val() & self.inf.val() & !self.sign.val();

        self.d[1].next = self.df.val() == 1;
        self.d[2].next = self.df.val() == 2;
        self.d[3].next = self.df.val() == 3;
        self.d[4].next = self.df.val() == 4;
        self.d[5].next = self.df.val() == 5;
        self.d[0].next = !(self.d[1].val()
            | self.d[2].val()
            | self.d[3].val()
            | self.d[4].val()
            | self.d[5].val());
        self.t[0].next = self.int_dst.val() == 0;
        self.t[1].next = self.int_dst.val() == 1;
        self.t[2].next = self.int_dst.val() == 2;
        self.t[3].next = self.int_dst.val() == 3;
        self.t[4].next = self.int_dst.val() == 4;
        self.t[5].next = self.int_dst.val() == 5;
        self.t[6].next = self.int_dst.val() == 6;
        self.t[7].next = self.int_dst.val() == 7;
        for k in 0..6 {
            self.p[k].next = self.si.val() & self.d[k].val();
        }
        self.p[6].next = self.sn.val() & (self.d[0].val() | self.d[1].val());
        self.p[7].next = self.sn.val() & self.d[2].val();
        self.p[8].next = self.sn.val() & self.d[3].val();
        self.p[9].next = self.sn.val() & (self.d[4].val() | self.d[5].val());
        self.p[10].next = self.smax.val() & self.t[0].val();
        self.p[11].next = self.smax.val() & self.t[1].val();
        self.p[12].next = self.smax.val() & self.t[2].val();
        self.p[13].next = self.smax.val() & self.t[3].val();
        self.p[14].next = self.smax.val() & self.t[4].val();
        self.p[15].next = self.smax.val() & self.t[5].val();
        self.p[16].next = self.smax.val() & self.t[6].val();
        self.p[17].next = self.smax.val() & self.t[7].val();
        self.p[18].next = self.smin.val() & self.t[1].val();
        self.p[19].next = self.smin.val() & self.t[3].val();
        self.p[20].next = self.smin.val() & self.t[5].val();
        self.p[21].next = self.smin.val() & self.t[7].val();
        self.pat.next = 0.into();
        for k in 0..22 {
            self.pat.next = self.pat.val().replace_bit(k, self.p[k].val());
        }
        // ±0 and ±∞ carry the sign; NaNs only in f32 and f64.
        self.g[0].next = (self.sz.val() | self.si.val()) & (self.d[4].val() | self.d[5].val());
        self.g[1].next = (self.sz.val() | self.si.val()) & (self.d[0].val() | self.d[1].val());
        self.g[2].next = (self.sz.val() | self.si.val() | self.sn.val()) & self.d[2].val();
        self.g[3].next = (self.sz.val() | self.si.val() | self.sn.val()) & self.d[3].val();
        self.sgn.next = (bit_cast::<4, 1>(self.g[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.g[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.g[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.g[0].val().into());
        self.pay32.next = self.p[7].val();
        self.pay64.next = self.p[8].val();
    }
}

/// Phase 3: the forced answer [`Special`] chose: its pattern, sign and
/// payload ORed.
#[derive(LogicBlock)]
pub struct SpecialPick {
    /// The operand's sign and significand (a NaN's payload under bit 63).
    pub sign: Signal<In, Bit>,
    pub sig: Signal<In, Bits<64>>,
    /// From [`Special`].
    pub pat: Signal<In, Bits<PAT_N>>,
    pub sgn: Signal<In, Bits<4>>,
    pub pay32: Signal<In, Bit>,
    pub pay64: Signal<In, Bit>,
    pub forced: Signal<Out, Bits<64>>,
    patterns: [Constant<Bits<64>>; PAT_N],
    acc: Signal<Local, Bits<64>>,
}

impl Default for SpecialPick {
    fn default() -> Self {
        Self {
            sign: Default::default(),
            sig: Default::default(),
            pat: Default::default(),
            sgn: Default::default(),
            pay32: Default::default(),
            pay64: Default::default(),
            forced: Default::default(),
            patterns: PATTERNS.map(|p| Constant::new(p.into())),
            acc: Default::default(),
        }
    }
}

impl Logic for SpecialPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.acc.next = 0.into();
        for k in 0..22 {
            if self.pat.val().get_bit(k) {
                self.acc.next = self.acc.val() | self.patterns[k].val();
            }
        }
        if self.pay32.val() {
            self.acc.next = self.acc.val() | bit_cast::<64, 23>(self.sig.val().get_bits::<23>(40));
        }
        if self.pay64.val() {
            self.acc.next = self.acc.val() | bit_cast::<64, 52>(self.sig.val().get_bits::<52>(11));
        }
        if self.sign.val() {
            self.acc.next = self.acc.val()
                | (bit_cast::<64, 1>(self.sgn.val().get_bit(3).into()) << 63)
                | (bit_cast::<64, 1>(self.sgn.val().get_bit(2).into()) << 31)
                | (bit_cast::<64, 1>(self.sgn.val().get_bit(1).into()) << 15)
                | (bit_cast::<64, 1>(self.sgn.val().get_bit(0).into()) << 7);
        }
        self.forced.next = self.acc.val();
    }
}
