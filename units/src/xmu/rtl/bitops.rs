//! The bit operations (POPC, BREV, FLO), phases 1–3. Model:
//! [`bitops`](crate::xmu::bitops).
//!
//! Phase 1 ([`BitOpsFront`]) does the first half of the two counting trees,
//! cut at the byte level: the ones of each byte and each byte's leading zeros
//! of the FLO source (for `.s32` the operand XOR its sign fill, so that
//! "differs from the sign" becomes "is set": the counts of the operand and
//! of its inversion side by side in 1a, picked in 1b); and the bit
//! reversal, which is only wiring. Phase 2 ([`BitOpsBack`]) finishes both trees; phase 3
//! ([`BitOpsPick`]) selects by opcode: the count, the FLO index (`31 − lzc`,
//! which is `!lzc` on five bits) or shift amount (`lzc`), `0xFFFFFFFF` when
//! nothing is set; FCHK's bit for opcode 13. (The trees and the select in
//! phase 2 measured 7.0–8.1 ns.)

use super::OP_W;
use crate::hw::lzc::{LzcBytes32, LzcMerge32};
use crate::hw::popcount::{PopCountBytes32, SumByteCounts};
use rust_hdl::prelude::*;

/// Phase 1 of the bit operations.
#[derive(LogicBlock, Default)]
pub struct BitOpsFront {
    /// Opcode (`in_op` bits 3:0).
    pub opc: Signal<In, Bits<4>>,
    /// The 32-bit operand.
    pub x: Signal<In, Bits<32>>,
    /// Ones per byte (4 × 4 bits).
    pub pop_bytes: Signal<Out, Bits<16>>,
    /// Per byte of the operand: holds a one; its leading zeros (4 × 3 bits).
    pub lzc_has: Signal<Out, Bits<4>>,
    pub lzc_count: Signal<Out, Bits<12>>,
    /// The same of the inverted operand (holds a zero; its leading ones).
    pub lzo_has: Signal<Out, Bits<4>>,
    pub lzo_count: Signal<Out, Bits<12>>,
    /// The FLO source is the inverted operand (a `.s32` opcode, negative).
    pub flo_inv: Signal<Out, Bit>,
    /// The operand with its bits reversed.
    pub brev: Signal<Out, Bits<32>>,
    /// The inverted operand (its own signal: inside a sub-block's input
    /// Verilog would widen before inverting).
    inv: Signal<Local, Bits<32>>,
    rev: Signal<Local, Bits<32>>,
    pop: PopCountBytes32,
    lzc: LzcBytes32,
    lzo: LzcBytes32,
}

impl Logic for BitOpsFront {
    #[hdl_gen]
    fn update(&mut self) {
        self.pop.x.next = self.x.val();
        self.pop_bytes.next = self.pop.byte_counts.val();
        // Opcodes 3 and 5 are the .s32 forms: both byte counts side by
        // side, the pick in phase 1b (inverting before the counts measured
        // 6.7 ns in 1a).
        self.flo_inv.next =
            ((self.opc.val() == 3) | (self.opc.val() == 5)) & self.x.val().get_bit(31);
        self.inv.next = !self.x.val();
        self.lzc.x.next = self.x.val();
        self.lzo.x.next = self.inv.val();
        self.lzc_has.next = self.lzc.byte_has.val();
        self.lzc_count.next = self.lzc.byte_count.val();
        self.lzo_has.next = self.lzo.byte_has.val();
        self.lzo_count.next = self.lzo.byte_count.val();
        // Every bit of `rev` is overwritten; starting from the operand avoids a latch.
        self.rev.next = self.x.val();
        for i in 0..32 {
            self.rev.next = self.rev.val().replace_bit(31 - i, self.x.val().get_bit(i));
        }
        self.brev.next = self.rev.val();
    }
}

/// Phase 2 of the bit operations: both counting trees finished.
#[derive(LogicBlock, Default)]
pub struct BitOpsBack {
    pub pop_bytes: Signal<In, Bits<16>>,
    pub lzc_has: Signal<In, Bits<4>>,
    pub lzc_count: Signal<In, Bits<12>>,
    /// The operand's ones (0..=32); the FLO source's leading zeros (0..=32).
    pub pop: Signal<Out, Bits<6>>,
    pub lzc: Signal<Out, Bits<6>>,
    pop_sum: SumByteCounts,
    lzc_merge: LzcMerge32,
}

impl Logic for BitOpsBack {
    #[hdl_gen]
    fn update(&mut self) {
        self.pop_sum.byte_counts.next = self.pop_bytes.val();
        self.lzc_merge.byte_has.next = self.lzc_has.val();
        self.lzc_merge.byte_count.next = self.lzc_count.val();
        self.pop.next = self.pop_sum.count.val();
        self.lzc.next = self.lzc_merge.count.val();
    }
}

/// Phase 3 of the bit operations: the result by opcode, FCHK.DIVIDE's bit
/// ([`super::FchkWindow`]) for opcode 13.
#[derive(LogicBlock, Default)]
pub struct BitOpsPick {
    /// The operation word (its opcode, bits 3:0, is read).
    pub op: Signal<In, Bits<OP_W>>,
    /// From [`BitOpsBack`] and [`BitOpsFront`].
    pub pop: Signal<In, Bits<6>>,
    pub lzc: Signal<In, Bits<6>>,
    pub brev: Signal<In, Bits<32>>,
    /// FCHK.DIVIDE's answer.
    pub fchk: Signal<In, Bit>,
    /// The bit operation's result (opcodes 0–5 and 13, FCHK; don't care otherwise).
    pub d: Signal<Out, Bits<32>>,
    /// FLO index `31 − lzc`.
    flo_index: Signal<Local, Bits<5>>,
    opc: Signal<Local, Bits<4>>,
}

impl Logic for BitOpsPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        // 31 − lzc for lzc in 0..=31 is lzc with its five bits inverted. The
        // inversion gets its own 5-bit signal: inside `bit_cast` it would be
        // exported as `~x & mask` and Verilog would widen x before inverting.
        self.flo_index.next = !self.lzc.val().get_bits::<5>(0);
        self.d.next = self.brev.val();
        if self.opc.val() == 0 {
            self.d.next = bit_cast::<32, 6>(self.pop.val());
        }
        if (self.opc.val() >= 2) & (self.opc.val() <= 5) {
            if self.lzc.val() == 32 {
                self.d.next = 0xFFFF_FFFF_u64.into();
            } else if self.opc.val() >= 4 {
                self.d.next = bit_cast::<32, 6>(self.lzc.val());
            } else {
                self.d.next = bit_cast::<32, 5>(self.flo_index.val());
            }
        }
        if self.opc.val() == 13 {
            self.d.next = 0.into();
            if self.fchk.val() {
                self.d.next = 1.into();
            }
        }
    }
}
