//! Phases 11 and 12, finish: the answer by operation — the forced answer or
//! the rounder's, F2FP.x2's two halves ([`FinishMux`]), then `.sat`'s clamp
//! to [0, 1] (NaN and negatives, −0 included, to +0; above 1.0 to 1.0), the
//! bit operations' result, 0 for the reserved opcodes ([`FinishClamp`]).
//! The clamp's compare with 1.0 ([`AboveOne`]) is a few OR/AND trees, not a
//! 64-bit carry chain: on the forced answer in phase 7 (it is final after
//! phase 6), on the rounded one's encoding in phase 10b beside the pack.
//! Phase 11 also takes phase 12's decisions (zero, 1.0, the bit result), so
//! that phase 12 is one multiplexer. After the multiplexer, in phase 12,
//! the chain measured 10.1 ns; beside it, on both candidates in phase 11,
//! 8.1–8.4 ns; phase 12 decoding the opcode and the clamp, 7.3–8.1 ns.

use super::{DF_W, OP_W};
use rust_hdl::prelude::*;

/// `x > 1.0` as unsigned encodings of each float format side by side
/// (bit 0 f16, 1 bf16, 2 f32, 3 f64), from the bits of the constant: `x`
/// exceeds `0…0 0 1…1 0…0` when a bit above its ones is set, or its ones
/// are all set and a bit under them is. No destination is read: the four
/// OR/AND trees are registered and [`AbovePick`] picks one a phase later
/// (the trees and the pick by `df` in one phase measured 6.6–7.1 ns). Also
/// `x`'s sign bit as a float of `df`.
#[derive(LogicBlock, Default)]
pub struct AboveOne {
    pub x: Signal<In, Bits<64>>,
    pub df: Signal<In, Bits<DF_W>>,
    /// `x > 1.0` per float format.
    pub above: Signal<Out, Bits<4>>,
    /// The sign bit of `x` as a float of `df` (bit 15 for `df` ≥ 4, as the clamp reads it).
    pub neg: Signal<Out, Bit>,
    /// The four compares (1-bit signals: no reduction widened in Verilog).
    ab: [Signal<Local, Bit>; 4],
}

impl Logic for AboveOne {
    #[hdl_gen]
    fn update(&mut self) {
        self.neg.next = self.x.val().get_bit(15);
        if self.df.val() == 2 {
            self.neg.next = self.x.val().get_bit(31);
        }
        if self.df.val() == 3 {
            self.neg.next = self.x.val().get_bit(63);
        }
        // f16, 0x3C00.
        self.ab[0].next = self.x.val().get_bits::<50>(14).any()
            | (self.x.val().get_bits::<4>(10).all() & self.x.val().get_bits::<10>(0).any());
        // bf16, 0x3F80.
        self.ab[1].next = self.x.val().get_bits::<50>(14).any()
            | (self.x.val().get_bits::<7>(7).all() & self.x.val().get_bits::<7>(0).any());
        // f32, 0x3F80_0000.
        self.ab[2].next = self.x.val().get_bits::<34>(30).any()
            | (self.x.val().get_bits::<7>(23).all() & self.x.val().get_bits::<23>(0).any());
        // f64, 0x3FF0_0000_0000_0000.
        self.ab[3].next = self.x.val().get_bits::<2>(62).any()
            | (self.x.val().get_bits::<10>(52).all() & self.x.val().get_bits::<52>(0).any());
        self.above.next = (bit_cast::<4, 1>(self.ab[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.ab[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.ab[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.ab[0].val().into());
    }
}

/// [`AboveOne`]'s compare of the float format `df` (f16's for `df` ≥ 4,
/// where the clamp does not apply).
#[derive(LogicBlock, Default)]
pub struct AbovePick {
    pub above4: Signal<In, Bits<4>>,
    pub df: Signal<In, Bits<DF_W>>,
    pub above: Signal<Out, Bit>,
}

impl Logic for AbovePick {
    #[hdl_gen]
    fn update(&mut self) {
        self.above.next = self.above4.val().get_bit(0);
        if self.df.val() == 1 {
            self.above.next = self.above4.val().get_bit(1);
        }
        if self.df.val() == 2 {
            self.above.next = self.above4.val().get_bit(2);
        }
        if self.df.val() == 3 {
            self.above.next = self.above4.val().get_bit(3);
        }
    }
}

/// The bit-range tests of a 64-bit encoding that its compares with each
/// format's 1.0 combine ([`AboveJoin`]): `aK` a one in a range starting
/// at bit K, `oK` all ones in a range starting at bit K. Each range is at
/// most 16 bits (two LUT levels).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct OneTerms {
    /// Any of bits 62–63, 52–61, 46–51, 30–45, 14–29, 23–29, 10–22, 7–9, 0–6.
    pub a62: Bit,
    pub a52: Bit,
    pub a46: Bit,
    pub a30: Bit,
    pub a14: Bit,
    pub a23: Bit,
    pub a10: Bit,
    pub a7: Bit,
    pub a0: Bit,
    /// All of bits 10–13, 7–13, 23–29, 52–61 (the ones of f16's, bf16's,
    /// f32's, f64's 1.0).
    pub o10: Bit,
    pub o7: Bit,
    pub o23: Bit,
    pub o52: Bit,
}

/// [`AboveOne`] in two phases, for the forced answer: the range tests
/// here (phase 7, registered), their combination by `df` in
/// [`AboveJoin`] (8b). The four per-format trees in phase 7 measured
/// 6.4–6.7 ns. Also `x`'s sign bit as a float of `df`.
#[derive(LogicBlock, Default)]
pub struct AboveTerms {
    pub x: Signal<In, Bits<64>>,
    pub df: Signal<In, Bits<DF_W>>,
    pub terms: Signal<Out, OneTerms>,
    /// The sign bit of `x` as a float of `df` (bit 15 for `df` ≥ 4, as the clamp reads it).
    pub neg: Signal<Out, Bit>,
}

impl Logic for AboveTerms {
    #[hdl_gen]
    fn update(&mut self) {
        self.neg.next = self.x.val().get_bit(15);
        if self.df.val() == 2 {
            self.neg.next = self.x.val().get_bit(31);
        }
        if self.df.val() == 3 {
            self.neg.next = self.x.val().get_bit(63);
        }
        self.terms.next.a62 = self.x.val().get_bits::<2>(62).any();
        self.terms.next.a52 = self.x.val().get_bits::<10>(52).any();
        self.terms.next.a46 = self.x.val().get_bits::<6>(46).any();
        self.terms.next.a30 = self.x.val().get_bits::<16>(30).any();
        self.terms.next.a14 = self.x.val().get_bits::<16>(14).any();
        self.terms.next.a23 = self.x.val().get_bits::<7>(23).any();
        self.terms.next.a10 = self.x.val().get_bits::<13>(10).any();
        self.terms.next.a7 = self.x.val().get_bits::<3>(7).any();
        self.terms.next.a0 = self.x.val().get_bits::<7>(0).any();
        self.terms.next.o10 = self.x.val().get_bits::<4>(10).all();
        self.terms.next.o7 = self.x.val().get_bits::<7>(7).all();
        self.terms.next.o23 = self.x.val().get_bits::<7>(23).all();
        self.terms.next.o52 = self.x.val().get_bits::<10>(52).all();
    }
}

/// `x > 1.0` of the float format `df` from [`AboveTerms`] (f16's for
/// `df` ≥ 4, where the clamp does not apply); the same compares as
/// [`AboveOne`]'s.
#[derive(LogicBlock, Default)]
pub struct AboveJoin {
    pub terms: Signal<In, OneTerms>,
    pub df: Signal<In, Bits<DF_W>>,
    pub above: Signal<Out, Bit>,
    t: Signal<Local, OneTerms>,
    /// Any of bits 14–63, 30–63, 0–51.
    hi14: Signal<Local, Bit>,
    hi30: Signal<Local, Bit>,
    lo52: Signal<Local, Bit>,
}

impl Logic for AboveJoin {
    #[hdl_gen]
    fn update(&mut self) {
        self.t.next = self.terms.val();
        self.hi30.next = self.t.val().a62 | self.t.val().a52 | self.t.val().a46 | self.t.val().a30;
        self.hi14.next = self.hi30.val() | self.t.val().a14;
        self.lo52.next = self.t.val().a0
            | self.t.val().a7
            | self.t.val().a10
            | self.t.val().a23
            | self.t.val().a30
            | self.t.val().a46;
        // f16, 0x3C00.
        self.above.next =
            self.hi14.val() | (self.t.val().o10 & (self.t.val().a7 | self.t.val().a0));
        if self.df.val() == 1 {
            // bf16, 0x3F80.
            self.above.next = self.hi14.val() | (self.t.val().o7 & self.t.val().a0);
        }
        if self.df.val() == 2 {
            // f32, 0x3F80_0000.
            self.above.next = self.hi30.val()
                | (self.t.val().o23 & (self.t.val().a0 | self.t.val().a7 | self.t.val().a10));
        }
        if self.df.val() == 3 {
            // f64, 0x3FF0_0000_0000_0000.
            self.above.next = self.t.val().a62 | (self.t.val().o52 & self.lo52.val());
        }
    }
}

/// Phase 11: the conversion's answer, and phase 12's decisions.
#[derive(LogicBlock, Default)]
pub struct FinishMux {
    pub op: Signal<In, Bits<OP_W>>,
    /// Main path: forced answer, float and integer rounder results.
    pub take: Signal<In, Bit>,
    pub forced: Signal<In, Bits<64>>,
    pub fres: Signal<In, Bits<64>>,
    pub ires: Signal<In, Bits<64>>,
    /// `forced > 1.0` ([`AboveTerms`] in phase 7, [`AboveJoin`] in 8b).
    pub forced_above: Signal<In, Bit>,
    /// [`AboveOne`] of the rounded encoding per format
    /// ([`RoundPack`](super::RoundPack)), its overflow and flush: `fres >
    /// 1.0` is an overflow (∞ or the largest finite), or not flushed and
    /// the encoding of `df` above 1.0.
    pub fres_above4: Signal<In, Bits<4>>,
    pub fres_overflow: Signal<In, Bit>,
    pub fres_flushed: Signal<In, Bit>,
    /// Float destination (the pick of `fres_above4`).
    pub df: Signal<In, Bits<DF_W>>,
    /// The sign of `forced` (phase 7) and of `fres` (as a float of `df`).
    pub forced_neg: Signal<In, Bit>,
    pub fres_neg: Signal<In, Bit>,
    /// F2FP.x2's low half: forced answer and rounder result.
    pub lo_take: Signal<In, Bit>,
    pub lo_forced: Signal<In, Bits<16>>,
    pub lo_fres: Signal<In, Bits<16>>,
    /// Clamp to [0, 1]; the source was a NaN.
    pub clamp: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    /// The conversion's answer before the clamp.
    pub conv: Signal<Out, Bits<64>>,
    /// Phase 12 answers 0 (the clamp of a NaN or a negative value, a
    /// reserved opcode), 1.0 (the clamp above 1.0), the bit operation's result.
    pub to_zero: Signal<Out, Bit>,
    pub to_one: Signal<Out, Bit>,
    pub to_bits: Signal<Out, Bit>,
    opc: Signal<Local, Bits<4>>,
    main: Signal<Local, Bits<64>>,
    lo: Signal<Local, Bits<16>>,
    fres_pick: AbovePick,
    fres_above: Signal<Local, Bit>,
    above_one: Signal<Local, Bit>,
    negative: Signal<Local, Bit>,
}

impl Logic for FinishMux {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        self.fres_pick.above4.next = self.fres_above4.val();
        self.fres_pick.df.next = self.df.val();
        self.fres_above.next =
            self.fres_overflow.val() | (!self.fres_flushed.val() & self.fres_pick.above.val());
        // The clamp's operations (F2F, FRND) answer `forced` or `fres`.
        self.above_one.next = self.fres_above.val();
        self.negative.next = self.fres_neg.val();
        if self.take.val() {
            self.above_one.next = self.forced_above.val();
            self.negative.next = self.forced_neg.val();
        }
        self.to_zero.next =
            (self.clamp.val() & (self.nan.val() | self.negative.val())) | (self.opc.val() >= 14);
        self.to_one.next = self.clamp.val() & self.above_one.val();
        self.to_bits.next = (self.opc.val() <= 5) | (self.opc.val() == 13);
        self.main.next = self.fres.val();
        if self.opc.val() == 8 {
            self.main.next = self.ires.val();
        }
        if self.take.val() {
            self.main.next = self.forced.val();
        }
        self.lo.next = self.lo_fres.val();
        if self.lo_take.val() {
            self.lo.next = self.lo_forced.val();
        }
        self.conv.next = self.main.val();
        if self.opc.val() == 11 {
            self.conv.next = (bit_cast::<64, 16>(self.main.val().get_bits::<16>(0)) << 16)
                | bit_cast::<64, 16>(self.lo.val());
        }
    }
}

/// Phase 12: the answer, by phase 11's decisions.
#[derive(LogicBlock, Default)]
pub struct FinishClamp {
    /// Float format of the result (the clamp's 1.0).
    pub df: Signal<In, Bits<DF_W>>,
    /// From [`FinishMux`].
    pub conv: Signal<In, Bits<64>>,
    pub to_zero: Signal<In, Bit>,
    pub to_one: Signal<In, Bit>,
    pub to_bits: Signal<In, Bit>,
    /// The bit operation's (or FCHK's) result.
    pub bits: Signal<In, Bits<32>>,
    /// The answer.
    pub d: Signal<Out, Bits<64>>,
    one: Signal<Local, Bits<64>>,
}

impl Logic for FinishClamp {
    #[hdl_gen]
    fn update(&mut self) {
        self.one.next = 0x3C00.into();
        if self.df.val() == 1 {
            self.one.next = 0x3F80.into();
        }
        if self.df.val() == 2 {
            self.one.next = 0x3F80_0000_u64.into();
        }
        if self.df.val() == 3 {
            self.one.next = 0x3FF0_0000_0000_0000_u64.into();
        }
        self.d.next = self.conv.val();
        if self.to_one.val() {
            self.d.next = self.one.val();
        }
        if self.to_zero.val() {
            self.d.next = 0.into();
        }
        if self.to_bits.val() {
            self.d.next = bit_cast::<64, 32>(self.bits.val());
        }
    }
}
