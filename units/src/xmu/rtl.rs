//! RTL of the XMU bit operations: one operation per clock, three pipeline stages.
//!
//! Stage 1 (`s1_`) does the first half of the two counting trees, cut at the
//! byte level: the ones of each byte (pairs need no adder, then 3- and 4-bit
//! adders) and each byte's leading zeros of the FLO source (for `.s32` the
//! operand XOR its sign fill, so that "differs from the sign" becomes "is set");
//! and the bit reversal, which is only wiring.
//! Stage 2 (`s2_`) finishes both trees: the sum of the byte counts and the
//! three merge levels of the leading-zero tree.
//! Stage 3 (`s3_`) selects by opcode and turns the count into the FLO index
//! (`31 − lzc`, which is `!lzc` on five bits) or shift amount (`lzc`), with
//! `0xFFFFFFFF` when nothing is set.
//!
//! Measured trade-off (ECP5-85k, yowasp nextpnr seed 1): two stages with the
//! whole trees in stage 1 reached 121.9 MHz; see README for the three-stage figure.

use super::bitops::BitOp;
use crate::hw::lzc::{LzcBytes32, LzcMerge32};
use crate::hw::popcount::{PopCountBytes32, SumByteCounts};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of the opcode field `in_op`.
pub const OP_W: usize = 4;
/// Width of the operand and of the result.
pub const DATA_W: usize = 32;
/// Cycles from `in_valid` to `out_valid`.
pub const LATENCY: usize = 3;

/// Opcode of a bit operation on `in_op` (its index in [`BitOp::ALL`]).
pub fn opcode(op: BitOp) -> u32 {
    BitOp::ALL.iter().position(|&o| o == op).unwrap() as u32
}

/// The XMU top block.
#[derive(LogicBlock, Default)]
pub struct Xmu {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// Opcode: 0 POPC, 1 BREV, 2 FLO.U32, 3 FLO.S32, 4 FLO.U32.SH, 5 FLO.S32.SH.
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Operand.
    pub in_x: Signal<In, Bits<DATA_W>>,
    /// The result of the operation accepted `LATENCY` cycles ago is on `out_d`.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of that operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Result.
    pub out_d: Signal<Out, Bits<DATA_W>>,

    /// FLO source: the operand, XOR its sign fill for `.s32` opcodes.
    flo_src: Signal<Local, Bits<DATA_W>>,
    /// The operand with its bits reversed.
    brev: Signal<Local, Bits<DATA_W>>,
    /// FLO index `31 − lzc` (stage 3).
    flo_index: Signal<Local, Bits<5>>,
    /// Counting trees, first (bytes) and second (merge) halves.
    pop_bytes: PopCountBytes32,
    pop_sum: SumByteCounts,
    lzc_bytes: LzcBytes32,
    lzc_merge: LzcMerge32,

    s1_valid: DFF<Bit>,
    s1_tag: DFF<Bits<TAG_W>>,
    s1_op: DFF<Bits<OP_W>>,
    s1_pop_bytes: DFF<Bits<16>>,
    s1_lzc_has: DFF<Bits<4>>,
    s1_lzc_count: DFF<Bits<12>>,
    s1_brev: DFF<Bits<DATA_W>>,

    s2_valid: DFF<Bit>,
    s2_tag: DFF<Bits<TAG_W>>,
    s2_op: DFF<Bits<OP_W>>,
    s2_popc: DFF<Bits<6>>,
    s2_lzc: DFF<Bits<6>>,
    s2_brev: DFF<Bits<DATA_W>>,

    s3_valid: DFF<Bit>,
    s3_tag: DFF<Bits<TAG_W>>,
    s3_d: DFF<Bits<DATA_W>>,
}

impl Logic for Xmu {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            s1_valid,
            s1_tag,
            s1_op,
            s1_pop_bytes,
            s1_lzc_has,
            s1_lzc_count
        );
        dff_setup!(self, clock, s1_brev, s2_valid, s2_tag, s2_op, s2_popc, s2_lzc, s2_brev);
        dff_setup!(self, clock, s3_valid, s3_tag, s3_d);

        // ---- stage 1: byte-level counts, bit reversal ----
        self.pop_bytes.x.next = self.in_x.val();
        self.s1_pop_bytes.d.next = self.pop_bytes.byte_counts.val();

        // Opcodes 3 and 5 are the .s32 forms.
        self.flo_src.next = self.in_x.val();
        if ((self.in_op.val() == 3) | (self.in_op.val() == 5)) & self.in_x.val().get_bit(31) {
            self.flo_src.next = !self.in_x.val();
        }
        self.lzc_bytes.x.next = self.flo_src.val();
        self.s1_lzc_has.d.next = self.lzc_bytes.byte_has.val();
        self.s1_lzc_count.d.next = self.lzc_bytes.byte_count.val();

        // Every bit of `brev` is overwritten; starting from the operand avoids a latch.
        self.brev.next = self.in_x.val();
        for i in 0..32 {
            self.brev.next = self
                .brev
                .val()
                .replace_bit(31 - i, self.in_x.val().get_bit(i));
        }
        self.s1_brev.d.next = self.brev.val();
        self.s1_valid.d.next = self.in_valid.val();
        self.s1_tag.d.next = self.in_tag.val();
        self.s1_op.d.next = self.in_op.val();

        // ---- stage 2: finish the trees ----
        self.pop_sum.byte_counts.next = self.s1_pop_bytes.q.val();
        self.s2_popc.d.next = self.pop_sum.count.val();
        self.lzc_merge.byte_has.next = self.s1_lzc_has.q.val();
        self.lzc_merge.byte_count.next = self.s1_lzc_count.q.val();
        self.s2_lzc.d.next = self.lzc_merge.count.val();
        self.s2_brev.d.next = self.s1_brev.q.val();
        self.s2_valid.d.next = self.s1_valid.q.val();
        self.s2_tag.d.next = self.s1_tag.q.val();
        self.s2_op.d.next = self.s1_op.q.val();

        // ---- stage 3: select and format ----
        // 31 − lzc for lzc in 0..=31 is lzc with its five bits inverted. The
        // inversion gets its own 5-bit signal: inside `bit_cast` it would be
        // exported as `~x & mask` and Verilog would widen x before inverting.
        self.flo_index.next = !self.s2_lzc.q.val().get_bits::<5>(0);
        self.s3_d.d.next = self.s2_brev.q.val();
        if self.s2_op.q.val() == 0 {
            self.s3_d.d.next = bit_cast::<DATA_W, 6>(self.s2_popc.q.val());
        }
        if self.s2_op.q.val() >= 2 {
            if self.s2_lzc.q.val() == 32 {
                self.s3_d.d.next = 0xFFFF_FFFF_u64.into();
            } else if self.s2_op.q.val() >= 4 {
                self.s3_d.d.next = bit_cast::<DATA_W, 6>(self.s2_lzc.q.val());
            } else {
                self.s3_d.d.next = bit_cast::<DATA_W, 5>(self.flo_index.val());
            }
        }
        self.s3_valid.d.next = self.s2_valid.q.val();
        self.s3_tag.d.next = self.s2_tag.q.val();

        self.out_valid.next = self.s3_valid.q.val();
        self.out_tag.next = self.s3_tag.q.val();
        self.out_d.next = self.s3_d.q.val();
    }
}

impl PortIo for Xmu {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_x.next = to_bits(values[3]);
    }
    fn outputs(&self) -> Vec<u128> {
        vec![
            self.out_valid.val() as u128,
            from_bits(self.out_tag.val()),
            from_bits(self.out_d.val()),
        ]
    }
    fn clock(&mut self) -> &mut Signal<In, Clock> {
        &mut self.clock
    }
}
