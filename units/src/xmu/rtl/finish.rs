//! Phases 11 and 12, finish: the answer by operation — the forced answer or
//! the rounder's, F2FP.x2's two halves ([`FinishMux`]), then `.sat`'s clamp
//! to [0, 1] (NaN and negatives, −0 included, to +0; above 1.0 to 1.0), the
//! bit operations' result, 0 for the reserved opcodes ([`FinishClamp`]).
//! The clamp's compare with 1.0 ([`AboveOne`]) is a few OR/AND trees, not a
//! 64-bit carry chain: on the forced answer in phase 7 (it is final after
//! phase 6), on the rounded one in phase 11 beside the multiplexer. After
//! the multiplexer, in phase 12, the chain measured 10.1 ns; beside it, on
//! both candidates in phase 11, 8.1–8.4 ns.

use super::{DF_W, OP_W};
use rust_hdl::prelude::*;

/// `x > 1.0` of the float format `df` as unsigned encodings (f16's 1.0
/// for `df` ≥ 4, where the clamp does not apply), from the bits of the
/// constant: `x` exceeds `0…0 0 1…1 0…0` when a bit above its ones is set,
/// or its ones are all set and a bit under them is.
#[derive(LogicBlock, Default)]
pub struct AboveOne {
    pub x: Signal<In, Bits<64>>,
    pub df: Signal<In, Bits<DF_W>>,
    pub above: Signal<Out, Bit>,
}

impl Logic for AboveOne {
    #[hdl_gen]
    fn update(&mut self) {
        // f16 (0x3C00) by default.
        self.above.next = self.x.val().get_bits::<50>(14).any()
            | (self.x.val().get_bits::<4>(10).all() & self.x.val().get_bits::<10>(0).any());
        if self.df.val() == 1 {
            // bf16, 0x3F80.
            self.above.next = self.x.val().get_bits::<50>(14).any()
                | (self.x.val().get_bits::<7>(7).all() & self.x.val().get_bits::<7>(0).any());
        }
        if self.df.val() == 2 {
            // f32, 0x3F80_0000.
            self.above.next = self.x.val().get_bits::<34>(30).any()
                | (self.x.val().get_bits::<7>(23).all() & self.x.val().get_bits::<23>(0).any());
        }
        if self.df.val() == 3 {
            // f64, 0x3FF0_0000_0000_0000.
            self.above.next = self.x.val().get_bits::<2>(62).any()
                | (self.x.val().get_bits::<10>(52).all() & self.x.val().get_bits::<52>(0).any());
        }
    }
}

/// Phase 11: the conversion's answer.
#[derive(LogicBlock, Default)]
pub struct FinishMux {
    pub op: Signal<In, Bits<OP_W>>,
    /// Main path: forced answer, float and integer rounder results.
    pub take: Signal<In, Bit>,
    pub forced: Signal<In, Bits<64>>,
    pub fres: Signal<In, Bits<64>>,
    pub ires: Signal<In, Bits<64>>,
    /// [`AboveOne`] of `forced` (phase 7).
    pub forced_above: Signal<In, Bit>,
    /// F2FP.x2's low half: forced answer and rounder result.
    pub lo_take: Signal<In, Bit>,
    pub lo_forced: Signal<In, Bits<16>>,
    pub lo_fres: Signal<In, Bits<16>>,
    /// Float format of the result (for the clamp's 1.0).
    pub df: Signal<In, Bits<DF_W>>,
    /// The conversion's answer before the clamp.
    pub conv: Signal<Out, Bits<64>>,
    /// `conv > 1.0` (as encodings) where the clamp applies (F2F, FRND).
    pub above_one: Signal<Out, Bit>,
    opc: Signal<Local, Bits<4>>,
    fres_above: AboveOne,
    main: Signal<Local, Bits<64>>,
    lo: Signal<Local, Bits<16>>,
}

impl Logic for FinishMux {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        // The clamp's operations (F2F, FRND) answer `forced` or `fres`.
        self.fres_above.x.next = self.fres.val();
        self.fres_above.df.next = self.df.val();
        self.above_one.next = self.fres_above.above.val();
        if self.take.val() {
            self.above_one.next = self.forced_above.val();
        }
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

/// Phase 12: the clamp, and the answer by operation.
#[derive(LogicBlock, Default)]
pub struct FinishClamp {
    pub op: Signal<In, Bits<OP_W>>,
    /// Float format of the result (for the clamp).
    pub df: Signal<In, Bits<DF_W>>,
    /// Clamp to [0, 1].
    pub clamp: Signal<In, Bit>,
    /// The source was a NaN.
    pub nan: Signal<In, Bit>,
    /// [`FinishMux::conv`] and [`FinishMux::above_one`].
    pub conv: Signal<In, Bits<64>>,
    pub above_one: Signal<In, Bit>,
    /// The bit operation's (or FCHK's) result.
    pub bits: Signal<In, Bits<32>>,
    /// The answer.
    pub d: Signal<Out, Bits<64>>,
    opc: Signal<Local, Bits<4>>,
    clamped: Signal<Local, Bits<64>>,
    negative: Signal<Local, Bit>,
    one: Signal<Local, Bits<64>>,
}

impl Logic for FinishClamp {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        // The clamp (F2F and FRND only: df is 0..=3).
        self.negative.next = self.conv.val().get_bit(15);
        self.one.next = 0x3C00.into();
        if self.df.val() == 1 {
            self.one.next = 0x3F80.into();
        }
        if self.df.val() == 2 {
            self.negative.next = self.conv.val().get_bit(31);
            self.one.next = 0x3F80_0000_u64.into();
        }
        if self.df.val() == 3 {
            self.negative.next = self.conv.val().get_bit(63);
            self.one.next = 0x3FF0_0000_0000_0000_u64.into();
        }
        self.clamped.next = self.conv.val();
        if self.clamp.val() {
            if self.nan.val() | self.negative.val() {
                self.clamped.next = 0.into();
            } else if self.above_one.val() {
                self.clamped.next = self.one.val();
            }
        }
        self.d.next = self.clamped.val();
        if (self.opc.val() <= 5) | (self.opc.val() == 13) {
            self.d.next = bit_cast::<64, 32>(self.bits.val());
        }
        if self.opc.val() >= 14 {
            self.d.next = 0.into();
        }
    }
}
