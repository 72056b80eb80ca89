//! Phase 1, decode: what the later phases need from the operation word,
//! decoded once and carried in the control bundle.

use super::{DF_W, OP_W};
use rust_hdl::prelude::*;

/// Decodes the destination and the rounding controls of `op`.
#[derive(LogicBlock, Default)]
pub struct Decode {
    /// The operation word.
    pub op: Signal<In, Bits<OP_W>>,
    /// Float destination of the rounder: 0 f16, 1 bf16, 2 f32, 3 f64, 4 e4m3,
    /// 5 e5m2 (FRND: its own format; F2FP.x2: the half's format).
    pub df: Signal<Out, Bits<DF_W>>,
    /// The rounder produces an integer (F2I).
    pub to_int: Signal<Out, Bit>,
    /// Integer destination (F2I): 0 u8 … 7 s64.
    pub int_dst: Signal<Out, Bits<3>>,
    /// Rounding direction: 0 RN, 1 RM, 2 RP, 3 RZ.
    pub rm: Signal<Out, Bits<2>>,
    /// Flush a subnormal result to zero (F2F.ftz).
    pub flush: Signal<Out, Bit>,
    /// Overflow gives the largest finite number whatever the direction (FP8).
    pub satfinite: Signal<Out, Bit>,
    /// Clamp the float result to [0, 1] (F2F.sat, FRND.sat).
    pub clamp: Signal<Out, Bit>,
    opc: Signal<Local, Bits<4>>,
}

impl Logic for Decode {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        self.df.next = bit_cast::<DF_W, 3>(self.op.val().get_bits::<3>(7));
        if self.opc.val() == 6 {
            self.df.next = bit_cast::<DF_W, 3>(self.op.val().get_bits::<3>(4));
        }
        if self.opc.val() == 12 {
            self.df.next = bit_cast::<DF_W, 3>(self.op.val().get_bits::<3>(7)) + 4;
        }
        self.to_int.next = self.opc.val() == 8;
        self.int_dst.next = self.op.val().get_bits::<3>(7);
        self.rm.next = self.op.val().get_bits::<2>(10);
        self.flush.next = (self.opc.val() == 7) & self.op.val().get_bit(12);
        self.satfinite.next = self.opc.val() == 12;
        self.clamp.next =
            ((self.opc.val() == 6) | (self.opc.val() == 7)) & self.op.val().get_bit(13);
    }
}
