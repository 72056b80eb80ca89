//! The bit operations (POPC, BREV, FLO), phases 1–3. Model:
//! [`bitops`](crate::xmu::bitops).
//!
//! Phase 1 ([`BitOpsFront`]) does the first half of the two counting trees,
//! cut at the byte level: the ones of each byte and each byte's leading zeros
//! of the FLO source (for `.s32` the operand XOR its sign fill, so that
//! "differs from the sign" becomes "is set": the counts of the operand and
//! of its inversion side by side in 1a, picked in 1b); and the bit
//! reversal, which is only wiring. Phase 2 ([`BitOpsBack`]) finishes both
//! trees and decodes the choice by opcode; phase 3 ([`BitOpsPick`]) selects
//! by it: the count, the FLO index (`31 − lzc`,
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

/// Phase 2 of the bit operations: both counting trees finished; the
/// result's choice by opcode (one-hot, for [`BitOpsPick`]).
#[derive(LogicBlock, Default)]
pub struct BitOpsBack {
    /// The operation word (its opcode, bits 3:0, is read).
    pub op: Signal<In, Bits<OP_W>>,
    pub pop_bytes: Signal<In, Bits<16>>,
    pub lzc_has: Signal<In, Bits<4>>,
    pub lzc_count: Signal<In, Bits<12>>,
    /// The operand's ones (0..=32); the FLO source's leading zeros (0..=32).
    pub pop: Signal<Out, Bits<6>>,
    pub lzc: Signal<Out, Bits<6>>,
    /// The result is (one-hot): the count (POPC); all ones (FLO of
    /// nothing); the leading zeros (FLO.SH); the FLO index; FCHK's bit;
    /// BREV (every other opcode).
    pub sel: Signal<Out, Bits<6>>,
    pop_sum: SumByteCounts,
    lzc_merge: LzcMerge32,
    opc: Signal<Local, Bits<4>>,
    none: Signal<Local, Bit>,
    flo: Signal<Local, Bit>,
    s: [Signal<Local, Bit>; 6],
}

impl Logic for BitOpsBack {
    #[hdl_gen]
    fn update(&mut self) {
        self.pop_sum.byte_counts.next = self.pop_bytes.val();
        self.lzc_merge.byte_has.next = self.lzc_has.val();
        self.lzc_merge.byte_count.next = self.lzc_count.val();
        self.pop.next = self.pop_sum.count.val();
        self.lzc.next = self.lzc_merge.count.val();
        self.opc.next = self.op.val().get_bits::<4>(0);
        // The FLO source has no one (the count is 32).
        self.none.next = !self.lzc_has.val().any();
        self.flo.next = (self.opc.val() >= 2) & (self.opc.val() <= 5);
        self.s[0].next = self.opc.val() == 0;
        self.s[1].next = self.flo.val() & self.none.val();
        self.s[2].next = self.flo.val() & !self.none.val() & (self.opc.val() >= 4);
        self.s[3].next = self.flo.val() & !self.none.val() & (self.opc.val() <= 3);
        self.s[4].next = self.opc.val() == 13;
        self.s[5].next = !(self.s[0].val() | self.flo.val() | self.s[4].val());
        self.sel.next = (bit_cast::<6, 1>(self.s[5].val().into()) << 5)
            | (bit_cast::<6, 1>(self.s[4].val().into()) << 4)
            | (bit_cast::<6, 1>(self.s[3].val().into()) << 3)
            | (bit_cast::<6, 1>(self.s[2].val().into()) << 2)
            | (bit_cast::<6, 1>(self.s[1].val().into()) << 1)
            | bit_cast::<6, 1>(self.s[0].val().into());
    }
}

/// Phase 3 of the bit operations: the result [`BitOpsBack`] chose, an
/// AND-OR (the opcode decoded here, its fan-out to the 32 bits measured
/// 8.4 ns on one placement).
#[derive(LogicBlock, Default)]
pub struct BitOpsPick {
    /// From [`BitOpsBack`].
    pub sel: Signal<In, Bits<6>>,
    pub pop: Signal<In, Bits<6>>,
    pub lzc: Signal<In, Bits<6>>,
    /// From [`BitOpsFront`].
    pub brev: Signal<In, Bits<32>>,
    /// FCHK.DIVIDE's answer.
    pub fchk: Signal<In, Bit>,
    /// The bit operation's result (opcodes 0–5 and 13, FCHK; don't care otherwise).
    pub d: Signal<Out, Bits<32>>,
    /// FLO index `31 − lzc`.
    flo_index: Signal<Local, Bits<5>>,
    m: [Signal<Local, Bits<32>>; 6],
}

impl Logic for BitOpsPick {
    #[hdl_gen]
    fn update(&mut self) {
        // 31 − lzc for lzc in 0..=31 is lzc with its five bits inverted. The
        // inversion gets its own 5-bit signal: inside `bit_cast` it would be
        // exported as `~x & mask` and Verilog would widen x before inverting.
        self.flo_index.next = !self.lzc.val().get_bits::<5>(0);
        self.m[0].next = 0.into();
        if self.sel.val().get_bit(0) {
            self.m[0].next = bit_cast::<32, 6>(self.pop.val());
        }
        self.m[1].next = 0.into();
        if self.sel.val().get_bit(1) {
            self.m[1].next = 0xFFFF_FFFF_u64.into();
        }
        self.m[2].next = 0.into();
        if self.sel.val().get_bit(2) {
            self.m[2].next = bit_cast::<32, 6>(self.lzc.val());
        }
        self.m[3].next = 0.into();
        if self.sel.val().get_bit(3) {
            self.m[3].next = bit_cast::<32, 5>(self.flo_index.val());
        }
        self.m[4].next = 0.into();
        if self.sel.val().get_bit(4) & self.fchk.val() {
            self.m[4].next = 1.into();
        }
        self.m[5].next = 0.into();
        if self.sel.val().get_bit(5) {
            self.m[5].next = self.brev.val();
        }
        self.d.next = self.m[0].val()
            | self.m[1].val()
            | self.m[2].val()
            | self.m[3].val()
            | self.m[4].val()
            | self.m[5].val();
    }
}
