//! RTL of REDUX (SPEC.md §3): 32 lanes × 32 bits and an active mask → one 32-bit
//! result, one operation per clock, a registered binary reduction tree.
//!
//! ```text
//!  s0           s1                    s2     s3 s4  s5 s6  s7 s8  s9 s10  s11 → out
//!  op decoded;  inactive lane →       32     16     8      4      2       1   pick, unflip
//!  lanes, mask  identity, lanes XORed lanes  (each level two clocks: the node's
//!  registered   with `flip`                   partial result lt, p, q, then the pick)
//! ```
//!
//! The tree knows four operations only: add, unsigned min, and, xor. The other
//! two and the signed forms are mapped onto them by XORing every lane with a
//! constant `flip` at s1 and the root with the same constant at the output:
//! - signed min: flip the sign bit (two's-complement order → unsigned order);
//! - max: invert every bit, `max(x, y) = ~min(~x, ~y)` (signed max: invert and
//!   flip the sign bit, i.e. XOR 0x7FFFFFFF);
//! - or: invert every bit, `x | y = ~(~x & ~y)`.
//!
//! Inactive lanes are replaced by the tree op's identity, so the tree never looks
//! at the mask: 0 for add and xor, 0xFFFFFFFF for min and and (in the flipped
//! domain, i.e. the golden model's `identity` XOR `flip`).
//!
//! Why four, and where the registers sit: a node ([`ReduxNode`]) computes, per
//! bit, two candidates, `p` (the result if `x < y`) and `q` (otherwise): the sum
//! for add (one carry chain), else x or y (min), x & y or x ^ y, from x, y and
//! the one-hot op flags; and `x < y` on a second chain. The candidates and the
//! compare are registered as they leave the chains ([`ReduxPartial`]); the pick
//! `lt ? p : q` (one LUT3 per bit, `lt` fanning out to 32 bits) is registered
//! again in the next clock (`s4_v`, `s6_v`, …), and only then does the next
//! node read it. Each tree level therefore takes two clocks:
//! - even stages (s2 → s3, …, s10 → s11): register → the node's two 32-bit carry
//!   chains (sum and compare) → one LUT (the add select, where the op flags meet
//!   the data) → register;
//! - odd stages (s3 → s4, …, s9 → s10): register → the pick `lt ? p : q` →
//!   register.
//!
//! The op is decoded at s0 into the one-hot flags `ctl_add`, `ctl_min`,
//! `ctl_and`, the flips `ctl_flip_lo`, `ctl_flip_hi` and `s1_ident`, registered
//! beside the raw lanes and mask; s1 is one LUT per lane bit (mask, lane, flip,
//! identity) after those registers. The flags travel beside the data; the root's
//! pick and the unflip are the output logic after s11.
//!
//! Measured steps (ECP5-85k, `docs/qor.md`): with the pick and the next node's
//! chains in one clock (latency 6) the worst path was `lt`'s fan-out to the
//! pick, then the chains (139.39 MHz). Registering the pick (latency 10) moved
//! it to s0: the op decode (two LUT levels) followed by the 1,024-way fan-out of
//! `flip`/`identity` to the lane selects (164.23 / 156.69 / 141.68 MHz on seeds
//! 1 / 2 / 3). Hence the s0/s1 split (latency 11).
//!
//! Ports: `in_op` is the index in [`ReduxOp::ALL`] (0 add, 1 min, 2 max, 3 and,
//! 4 or, 5 xor), `in_type` in [`ReduxType::ALL`] (0 u32, 1 s32, 2 b32);
//! `in_v0` … `in_v31` are the lanes, bit i of `in_mask` activates lane i.

#[cfg(doc)]
use super::model::{ReduxOp, ReduxType};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of `in_op`.
pub const OP_W: usize = 3;
/// Width of `in_type`.
pub const TYPE_W: usize = 2;
/// Width of a lane, of the mask and of the result.
pub const DATA_W: usize = 32;
/// Lanes.
pub const LANES: usize = 32;
/// Cycles from `in_valid` to `out_valid`: the decode and lane stages (s1, s2)
/// and five tree levels of two clocks each, less the root's pick (output logic).
pub const LATENCY: usize = 11;

/// One node of the tree (combinational): `x op y` for the tree ops add, unsigned
/// min, and, xor (max and or arrive inverted, signed min/max sign-flipped), left
/// as two candidates and the compare that picks between them; the pick is made
/// after the register ([`ReduxPartial`]), so the node ends at its carry chains.
#[derive(LogicBlock, Default)]
pub struct ReduxNode {
    pub x: Signal<In, Bits<DATA_W>>,
    pub y: Signal<In, Bits<DATA_W>>,
    /// The op is add (one-hot with `f_min` and `f_and`; none of them: xor).
    pub f_add: Signal<In, Bit>,
    /// The op is unsigned min.
    pub f_min: Signal<In, Bit>,
    /// The op is and.
    pub f_and: Signal<In, Bit>,
    /// `x < y` (unsigned), the end of one carry chain.
    pub lt: Signal<Out, Bit>,
    /// The result if `x < y`: x + y, x (min), x & y, x ^ y.
    pub p: Signal<Out, Bits<DATA_W>>,
    /// The result if `x >= y`: x + y, y (min), x & y, x ^ y.
    pub q: Signal<Out, Bits<DATA_W>>,
    /// `x + y`, the other carry chain.
    sum: Signal<Local, Bits<DATA_W>>,
}

impl Logic for ReduxNode {
    #[hdl_gen]
    fn update(&mut self) {
        self.lt.next = self.x.val() < self.y.val();
        self.sum.next = self.x.val() + self.y.val();
        self.p.next = self.x.val() ^ self.y.val();
        self.q.next = self.x.val() ^ self.y.val();
        if self.f_and.val() {
            self.p.next = self.x.val() & self.y.val();
            self.q.next = self.x.val() & self.y.val();
        }
        if self.f_min.val() {
            self.p.next = self.x.val();
            self.q.next = self.y.val();
        }
        if self.f_add.val() {
            self.p.next = self.sum.val();
            self.q.next = self.sum.val();
        }
    }
}

/// A registered partial result: a node's two candidates and its compare,
/// registered as they leave the carry chains; the pick `lt ? p : q` is one LUT3
/// per bit after the register, registered again by the top block (`s4_v` …
/// `s10_v`) before the next node reads it, or, at the root, the output logic.
#[derive(LogicBlock, Default)]
pub struct ReduxPartial {
    pub clock: Signal<In, Clock>,
    pub lt: Signal<In, Bit>,
    pub p: Signal<In, Bits<DATA_W>>,
    pub q: Signal<In, Bits<DATA_W>>,
    /// The partial result.
    pub v: Signal<Out, Bits<DATA_W>>,
    r_lt: DFF<Bit>,
    r_p: DFF<Bits<DATA_W>>,
    r_q: DFF<Bits<DATA_W>>,
}

impl Logic for ReduxPartial {
    #[hdl_gen]
    fn update(&mut self) {
        self.r_lt.clock.next = self.clock.val();
        self.r_p.clock.next = self.clock.val();
        self.r_q.clock.next = self.clock.val();
        self.r_lt.d.next = self.lt.val();
        self.r_p.d.next = self.p.val();
        self.r_q.d.next = self.q.val();
        self.v.next = self.r_q.q.val();
        if self.r_lt.q.val() {
            self.v.next = self.r_p.q.val();
        }
    }
}

/// The REDUX top block.
#[derive(LogicBlock, Default)]
pub struct Redux {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// 0 add, 1 min, 2 max, 3 and, 4 or, 5 xor.
    pub in_op: Signal<In, Bits<OP_W>>,
    /// 0 u32, 1 s32, 2 b32.
    pub in_type: Signal<In, Bits<TYPE_W>>,
    /// Active lanes: bit i = lane i.
    pub in_mask: Signal<In, Bits<DATA_W>>,
    /// Lane 0.
    pub in_v0: Signal<In, Bits<DATA_W>>,
    /// Lane 1.
    pub in_v1: Signal<In, Bits<DATA_W>>,
    /// Lane 2.
    pub in_v2: Signal<In, Bits<DATA_W>>,
    /// Lane 3.
    pub in_v3: Signal<In, Bits<DATA_W>>,
    /// Lane 4.
    pub in_v4: Signal<In, Bits<DATA_W>>,
    /// Lane 5.
    pub in_v5: Signal<In, Bits<DATA_W>>,
    /// Lane 6.
    pub in_v6: Signal<In, Bits<DATA_W>>,
    /// Lane 7.
    pub in_v7: Signal<In, Bits<DATA_W>>,
    /// Lane 8.
    pub in_v8: Signal<In, Bits<DATA_W>>,
    /// Lane 9.
    pub in_v9: Signal<In, Bits<DATA_W>>,
    /// Lane 10.
    pub in_v10: Signal<In, Bits<DATA_W>>,
    /// Lane 11.
    pub in_v11: Signal<In, Bits<DATA_W>>,
    /// Lane 12.
    pub in_v12: Signal<In, Bits<DATA_W>>,
    /// Lane 13.
    pub in_v13: Signal<In, Bits<DATA_W>>,
    /// Lane 14.
    pub in_v14: Signal<In, Bits<DATA_W>>,
    /// Lane 15.
    pub in_v15: Signal<In, Bits<DATA_W>>,
    /// Lane 16.
    pub in_v16: Signal<In, Bits<DATA_W>>,
    /// Lane 17.
    pub in_v17: Signal<In, Bits<DATA_W>>,
    /// Lane 18.
    pub in_v18: Signal<In, Bits<DATA_W>>,
    /// Lane 19.
    pub in_v19: Signal<In, Bits<DATA_W>>,
    /// Lane 20.
    pub in_v20: Signal<In, Bits<DATA_W>>,
    /// Lane 21.
    pub in_v21: Signal<In, Bits<DATA_W>>,
    /// Lane 22.
    pub in_v22: Signal<In, Bits<DATA_W>>,
    /// Lane 23.
    pub in_v23: Signal<In, Bits<DATA_W>>,
    /// Lane 24.
    pub in_v24: Signal<In, Bits<DATA_W>>,
    /// Lane 25.
    pub in_v25: Signal<In, Bits<DATA_W>>,
    /// Lane 26.
    pub in_v26: Signal<In, Bits<DATA_W>>,
    /// Lane 27.
    pub in_v27: Signal<In, Bits<DATA_W>>,
    /// Lane 28.
    pub in_v28: Signal<In, Bits<DATA_W>>,
    /// Lane 29.
    pub in_v29: Signal<In, Bits<DATA_W>>,
    /// Lane 30.
    pub in_v30: Signal<In, Bits<DATA_W>>,
    /// Lane 31.
    pub in_v31: Signal<In, Bits<DATA_W>>,
    /// The result of the operation accepted `LATENCY` cycles ago is on `out_d`.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of that operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// The reduction.
    pub out_d: Signal<Out, Bits<DATA_W>>,

    /// s0: the tree op is add.
    op_add: Signal<Local, Bit>,
    /// s0: the tree op is unsigned min (min and max).
    op_min: Signal<Local, Bit>,
    /// s0: the tree op is and (and and or).
    op_and: Signal<Local, Bit>,
    /// s0: invert bits 30..0 (max and or).
    flip_lo: Signal<Local, Bit>,
    /// s0: invert bit 31 (max and or, XOR signed min/max).
    flip_hi: Signal<Local, Bit>,
    /// s1: the lanes, the mask and (in `ctl_*[0]`, `s1_ident`) the decoded op as
    /// presented, registered before they meet: the decode is not followed by the
    /// 1,024-way fan-out to the lane selects in the same clock.
    s1_raw: [DFF<Bits<DATA_W>>; 32],
    s1_mask: DFF<Bits<DATA_W>>,
    /// s1: inactive lanes hold all ones (min and and), else zeros.
    s1_ident: DFF<Bit>,
    /// s1: what every active lane is XORed with: `flip_hi` on bit 31, `flip_lo` below.
    flip: Signal<Local, Bits<DATA_W>>,
    /// s1: the tree op's identity in the flipped domain (what an inactive lane holds).
    identity: Signal<Local, Bits<DATA_W>>,
    /// Lanes ready for the tree.
    s2_lane: [DFF<Bits<DATA_W>>; 32],
    /// Tree levels, two clocks each: node `nk` combines pairs of level k's
    /// inputs into partial results registered with their compare (`s3_p` …
    /// `s11_p`); the pick `lt ? p : q` of each partial is registered again one
    /// clock later (`s4_v` … `s10_v`) and feeds the next level's nodes. The root's
    /// pick (`s11_p.v`) is the output logic.
    n1: [ReduxNode; 16],
    s3_p: [ReduxPartial; 16],
    s4_v: [DFF<Bits<DATA_W>>; 16],
    n2: [ReduxNode; 8],
    s5_p: [ReduxPartial; 8],
    s6_v: [DFF<Bits<DATA_W>>; 8],
    n3: [ReduxNode; 4],
    s7_p: [ReduxPartial; 4],
    s8_v: [DFF<Bits<DATA_W>>; 4],
    n4: [ReduxNode; 2],
    s9_p: [ReduxPartial; 2],
    s10_v: [DFF<Bits<DATA_W>>; 2],
    n5: ReduxNode,
    s11_p: ReduxPartial,
    /// Valid, tag, the one-hot tree op and the flip travel beside the tree:
    /// `ctl_*[k]` is stage k+1's; tree level j reads the op flags of stage 2j
    /// (`ctl_*[2j − 1]`).
    ctl_valid: [DFF<Bit>; 11],
    ctl_tag: [DFF<Bits<TAG_W>>; 11],
    ctl_add: [DFF<Bit>; 10],
    ctl_min: [DFF<Bit>; 10],
    ctl_and: [DFF<Bit>; 10],
    ctl_flip_lo: [DFF<Bit>; 11],
    ctl_flip_hi: [DFF<Bit>; 11],
    /// s11: `flip` of the root's operation, to undo it.
    out_flip: Signal<Local, Bits<DATA_W>>,
}

impl Logic for Redux {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..32 {
            self.s1_raw[i].clock.next = self.clock.val();
            self.s2_lane[i].clock.next = self.clock.val();
        }
        self.s1_mask.clock.next = self.clock.val();
        self.s1_ident.clock.next = self.clock.val();
        for i in 0..16 {
            self.s3_p[i].clock.next = self.clock.val();
            self.s4_v[i].clock.next = self.clock.val();
            self.s3_p[i].lt.next = self.n1[i].lt.val();
            self.s3_p[i].p.next = self.n1[i].p.val();
            self.s3_p[i].q.next = self.n1[i].q.val();
            self.s4_v[i].d.next = self.s3_p[i].v.val();
            self.n1[i].f_add.next = self.ctl_add[1].q.val();
            self.n1[i].f_min.next = self.ctl_min[1].q.val();
            self.n1[i].f_and.next = self.ctl_and[1].q.val();
        }
        for i in 0..8 {
            self.s5_p[i].clock.next = self.clock.val();
            self.s6_v[i].clock.next = self.clock.val();
            self.s5_p[i].lt.next = self.n2[i].lt.val();
            self.s5_p[i].p.next = self.n2[i].p.val();
            self.s5_p[i].q.next = self.n2[i].q.val();
            self.s6_v[i].d.next = self.s5_p[i].v.val();
            self.n2[i].f_add.next = self.ctl_add[3].q.val();
            self.n2[i].f_min.next = self.ctl_min[3].q.val();
            self.n2[i].f_and.next = self.ctl_and[3].q.val();
        }
        for i in 0..4 {
            self.s7_p[i].clock.next = self.clock.val();
            self.s8_v[i].clock.next = self.clock.val();
            self.s7_p[i].lt.next = self.n3[i].lt.val();
            self.s7_p[i].p.next = self.n3[i].p.val();
            self.s7_p[i].q.next = self.n3[i].q.val();
            self.s8_v[i].d.next = self.s7_p[i].v.val();
            self.n3[i].f_add.next = self.ctl_add[5].q.val();
            self.n3[i].f_min.next = self.ctl_min[5].q.val();
            self.n3[i].f_and.next = self.ctl_and[5].q.val();
        }
        for i in 0..2 {
            self.s9_p[i].clock.next = self.clock.val();
            self.s10_v[i].clock.next = self.clock.val();
            self.s9_p[i].lt.next = self.n4[i].lt.val();
            self.s9_p[i].p.next = self.n4[i].p.val();
            self.s9_p[i].q.next = self.n4[i].q.val();
            self.s10_v[i].d.next = self.s9_p[i].v.val();
            self.n4[i].f_add.next = self.ctl_add[7].q.val();
            self.n4[i].f_min.next = self.ctl_min[7].q.val();
            self.n4[i].f_and.next = self.ctl_and[7].q.val();
        }
        self.s11_p.clock.next = self.clock.val();
        self.s11_p.lt.next = self.n5.lt.val();
        self.s11_p.p.next = self.n5.p.val();
        self.s11_p.q.next = self.n5.q.val();
        self.n5.f_add.next = self.ctl_add[9].q.val();
        self.n5.f_min.next = self.ctl_min[9].q.val();
        self.n5.f_and.next = self.ctl_and[9].q.val();
        for i in 0..11 {
            self.ctl_valid[i].clock.next = self.clock.val();
            self.ctl_tag[i].clock.next = self.clock.val();
            self.ctl_flip_lo[i].clock.next = self.clock.val();
            self.ctl_flip_hi[i].clock.next = self.clock.val();
        }
        for i in 0..10 {
            self.ctl_add[i].clock.next = self.clock.val();
            self.ctl_min[i].clock.next = self.clock.val();
            self.ctl_and[i].clock.next = self.clock.val();
        }

        // ---- s0: the tree op and its flips decoded; lanes and mask registered ----
        // add → add; min, max → min; and, or → and; xor (and codes 6, 7) → xor.
        self.op_add.next = self.in_op.val() == 0;
        self.op_min.next = (self.in_op.val() == 1) | (self.in_op.val() == 2);
        self.op_and.next = (self.in_op.val() == 3) | (self.in_op.val() == 4);
        self.flip_lo.next = (self.in_op.val() == 2) | (self.in_op.val() == 4);
        self.flip_hi.next = self.flip_lo.val() ^ (self.op_min.val() & (self.in_type.val() == 1));
        self.s1_ident.d.next = self.op_min.val() | self.op_and.val();
        self.s1_mask.d.next = self.in_mask.val();
        self.s1_raw[0].d.next = self.in_v0.val();
        self.s1_raw[1].d.next = self.in_v1.val();
        self.s1_raw[2].d.next = self.in_v2.val();
        self.s1_raw[3].d.next = self.in_v3.val();
        self.s1_raw[4].d.next = self.in_v4.val();
        self.s1_raw[5].d.next = self.in_v5.val();
        self.s1_raw[6].d.next = self.in_v6.val();
        self.s1_raw[7].d.next = self.in_v7.val();
        self.s1_raw[8].d.next = self.in_v8.val();
        self.s1_raw[9].d.next = self.in_v9.val();
        self.s1_raw[10].d.next = self.in_v10.val();
        self.s1_raw[11].d.next = self.in_v11.val();
        self.s1_raw[12].d.next = self.in_v12.val();
        self.s1_raw[13].d.next = self.in_v13.val();
        self.s1_raw[14].d.next = self.in_v14.val();
        self.s1_raw[15].d.next = self.in_v15.val();
        self.s1_raw[16].d.next = self.in_v16.val();
        self.s1_raw[17].d.next = self.in_v17.val();
        self.s1_raw[18].d.next = self.in_v18.val();
        self.s1_raw[19].d.next = self.in_v19.val();
        self.s1_raw[20].d.next = self.in_v20.val();
        self.s1_raw[21].d.next = self.in_v21.val();
        self.s1_raw[22].d.next = self.in_v22.val();
        self.s1_raw[23].d.next = self.in_v23.val();
        self.s1_raw[24].d.next = self.in_v24.val();
        self.s1_raw[25].d.next = self.in_v25.val();
        self.s1_raw[26].d.next = self.in_v26.val();
        self.s1_raw[27].d.next = self.in_v27.val();
        self.s1_raw[28].d.next = self.in_v28.val();
        self.s1_raw[29].d.next = self.in_v29.val();
        self.s1_raw[30].d.next = self.in_v30.val();
        self.s1_raw[31].d.next = self.in_v31.val();
        self.ctl_valid[0].d.next = self.in_valid.val();
        self.ctl_tag[0].d.next = self.in_tag.val();
        self.ctl_add[0].d.next = self.op_add.val();
        self.ctl_min[0].d.next = self.op_min.val();
        self.ctl_and[0].d.next = self.op_and.val();
        self.ctl_flip_lo[0].d.next = self.flip_lo.val();
        self.ctl_flip_hi[0].d.next = self.flip_hi.val();
        self.ctl_valid[1].d.next = self.ctl_valid[0].q.val();
        self.ctl_tag[1].d.next = self.ctl_tag[0].q.val();
        self.ctl_add[1].d.next = self.ctl_add[0].q.val();
        self.ctl_min[1].d.next = self.ctl_min[0].q.val();
        self.ctl_and[1].d.next = self.ctl_and[0].q.val();
        self.ctl_flip_lo[1].d.next = self.ctl_flip_lo[0].q.val();
        self.ctl_flip_hi[1].d.next = self.ctl_flip_hi[0].q.val();
        self.ctl_valid[2].d.next = self.ctl_valid[1].q.val();
        self.ctl_tag[2].d.next = self.ctl_tag[1].q.val();
        self.ctl_add[2].d.next = self.ctl_add[1].q.val();
        self.ctl_min[2].d.next = self.ctl_min[1].q.val();
        self.ctl_and[2].d.next = self.ctl_and[1].q.val();
        self.ctl_flip_lo[2].d.next = self.ctl_flip_lo[1].q.val();
        self.ctl_flip_hi[2].d.next = self.ctl_flip_hi[1].q.val();
        self.ctl_valid[3].d.next = self.ctl_valid[2].q.val();
        self.ctl_tag[3].d.next = self.ctl_tag[2].q.val();
        self.ctl_add[3].d.next = self.ctl_add[2].q.val();
        self.ctl_min[3].d.next = self.ctl_min[2].q.val();
        self.ctl_and[3].d.next = self.ctl_and[2].q.val();
        self.ctl_flip_lo[3].d.next = self.ctl_flip_lo[2].q.val();
        self.ctl_flip_hi[3].d.next = self.ctl_flip_hi[2].q.val();
        self.ctl_valid[4].d.next = self.ctl_valid[3].q.val();
        self.ctl_tag[4].d.next = self.ctl_tag[3].q.val();
        self.ctl_add[4].d.next = self.ctl_add[3].q.val();
        self.ctl_min[4].d.next = self.ctl_min[3].q.val();
        self.ctl_and[4].d.next = self.ctl_and[3].q.val();
        self.ctl_flip_lo[4].d.next = self.ctl_flip_lo[3].q.val();
        self.ctl_flip_hi[4].d.next = self.ctl_flip_hi[3].q.val();
        self.ctl_valid[5].d.next = self.ctl_valid[4].q.val();
        self.ctl_tag[5].d.next = self.ctl_tag[4].q.val();
        self.ctl_add[5].d.next = self.ctl_add[4].q.val();
        self.ctl_min[5].d.next = self.ctl_min[4].q.val();
        self.ctl_and[5].d.next = self.ctl_and[4].q.val();
        self.ctl_flip_lo[5].d.next = self.ctl_flip_lo[4].q.val();
        self.ctl_flip_hi[5].d.next = self.ctl_flip_hi[4].q.val();
        self.ctl_valid[6].d.next = self.ctl_valid[5].q.val();
        self.ctl_tag[6].d.next = self.ctl_tag[5].q.val();
        self.ctl_add[6].d.next = self.ctl_add[5].q.val();
        self.ctl_min[6].d.next = self.ctl_min[5].q.val();
        self.ctl_and[6].d.next = self.ctl_and[5].q.val();
        self.ctl_flip_lo[6].d.next = self.ctl_flip_lo[5].q.val();
        self.ctl_flip_hi[6].d.next = self.ctl_flip_hi[5].q.val();
        self.ctl_valid[7].d.next = self.ctl_valid[6].q.val();
        self.ctl_tag[7].d.next = self.ctl_tag[6].q.val();
        self.ctl_add[7].d.next = self.ctl_add[6].q.val();
        self.ctl_min[7].d.next = self.ctl_min[6].q.val();
        self.ctl_and[7].d.next = self.ctl_and[6].q.val();
        self.ctl_flip_lo[7].d.next = self.ctl_flip_lo[6].q.val();
        self.ctl_flip_hi[7].d.next = self.ctl_flip_hi[6].q.val();
        self.ctl_valid[8].d.next = self.ctl_valid[7].q.val();
        self.ctl_tag[8].d.next = self.ctl_tag[7].q.val();
        self.ctl_add[8].d.next = self.ctl_add[7].q.val();
        self.ctl_min[8].d.next = self.ctl_min[7].q.val();
        self.ctl_and[8].d.next = self.ctl_and[7].q.val();
        self.ctl_flip_lo[8].d.next = self.ctl_flip_lo[7].q.val();
        self.ctl_flip_hi[8].d.next = self.ctl_flip_hi[7].q.val();
        self.ctl_valid[9].d.next = self.ctl_valid[8].q.val();
        self.ctl_tag[9].d.next = self.ctl_tag[8].q.val();
        self.ctl_add[9].d.next = self.ctl_add[8].q.val();
        self.ctl_min[9].d.next = self.ctl_min[8].q.val();
        self.ctl_and[9].d.next = self.ctl_and[8].q.val();
        self.ctl_flip_lo[9].d.next = self.ctl_flip_lo[8].q.val();
        self.ctl_flip_hi[9].d.next = self.ctl_flip_hi[8].q.val();
        self.ctl_valid[10].d.next = self.ctl_valid[9].q.val();
        self.ctl_tag[10].d.next = self.ctl_tag[9].q.val();
        self.ctl_flip_lo[10].d.next = self.ctl_flip_lo[9].q.val();
        self.ctl_flip_hi[10].d.next = self.ctl_flip_hi[9].q.val();

        // ---- s1: inactive lanes → identity, active ones XORed with the flip ----
        self.flip.next = 0.into();
        if self.ctl_flip_hi[0].q.val() {
            self.flip.next = 0x8000_0000_u64.into();
        }
        if self.ctl_flip_lo[0].q.val() {
            self.flip.next = 0x7FFF_FFFF_u64.into();
            if self.ctl_flip_hi[0].q.val() {
                self.flip.next = 0xFFFF_FFFF_u64.into();
            }
        }
        self.identity.next = 0.into();
        if self.s1_ident.q.val() {
            self.identity.next = 0xFFFF_FFFF_u64.into();
        }
        self.s2_lane[0].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(0) {
            self.s2_lane[0].d.next = self.s1_raw[0].q.val() ^ self.flip.val();
        }
        self.s2_lane[1].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(1) {
            self.s2_lane[1].d.next = self.s1_raw[1].q.val() ^ self.flip.val();
        }
        self.s2_lane[2].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(2) {
            self.s2_lane[2].d.next = self.s1_raw[2].q.val() ^ self.flip.val();
        }
        self.s2_lane[3].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(3) {
            self.s2_lane[3].d.next = self.s1_raw[3].q.val() ^ self.flip.val();
        }
        self.s2_lane[4].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(4) {
            self.s2_lane[4].d.next = self.s1_raw[4].q.val() ^ self.flip.val();
        }
        self.s2_lane[5].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(5) {
            self.s2_lane[5].d.next = self.s1_raw[5].q.val() ^ self.flip.val();
        }
        self.s2_lane[6].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(6) {
            self.s2_lane[6].d.next = self.s1_raw[6].q.val() ^ self.flip.val();
        }
        self.s2_lane[7].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(7) {
            self.s2_lane[7].d.next = self.s1_raw[7].q.val() ^ self.flip.val();
        }
        self.s2_lane[8].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(8) {
            self.s2_lane[8].d.next = self.s1_raw[8].q.val() ^ self.flip.val();
        }
        self.s2_lane[9].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(9) {
            self.s2_lane[9].d.next = self.s1_raw[9].q.val() ^ self.flip.val();
        }
        self.s2_lane[10].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(10) {
            self.s2_lane[10].d.next = self.s1_raw[10].q.val() ^ self.flip.val();
        }
        self.s2_lane[11].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(11) {
            self.s2_lane[11].d.next = self.s1_raw[11].q.val() ^ self.flip.val();
        }
        self.s2_lane[12].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(12) {
            self.s2_lane[12].d.next = self.s1_raw[12].q.val() ^ self.flip.val();
        }
        self.s2_lane[13].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(13) {
            self.s2_lane[13].d.next = self.s1_raw[13].q.val() ^ self.flip.val();
        }
        self.s2_lane[14].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(14) {
            self.s2_lane[14].d.next = self.s1_raw[14].q.val() ^ self.flip.val();
        }
        self.s2_lane[15].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(15) {
            self.s2_lane[15].d.next = self.s1_raw[15].q.val() ^ self.flip.val();
        }
        self.s2_lane[16].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(16) {
            self.s2_lane[16].d.next = self.s1_raw[16].q.val() ^ self.flip.val();
        }
        self.s2_lane[17].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(17) {
            self.s2_lane[17].d.next = self.s1_raw[17].q.val() ^ self.flip.val();
        }
        self.s2_lane[18].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(18) {
            self.s2_lane[18].d.next = self.s1_raw[18].q.val() ^ self.flip.val();
        }
        self.s2_lane[19].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(19) {
            self.s2_lane[19].d.next = self.s1_raw[19].q.val() ^ self.flip.val();
        }
        self.s2_lane[20].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(20) {
            self.s2_lane[20].d.next = self.s1_raw[20].q.val() ^ self.flip.val();
        }
        self.s2_lane[21].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(21) {
            self.s2_lane[21].d.next = self.s1_raw[21].q.val() ^ self.flip.val();
        }
        self.s2_lane[22].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(22) {
            self.s2_lane[22].d.next = self.s1_raw[22].q.val() ^ self.flip.val();
        }
        self.s2_lane[23].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(23) {
            self.s2_lane[23].d.next = self.s1_raw[23].q.val() ^ self.flip.val();
        }
        self.s2_lane[24].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(24) {
            self.s2_lane[24].d.next = self.s1_raw[24].q.val() ^ self.flip.val();
        }
        self.s2_lane[25].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(25) {
            self.s2_lane[25].d.next = self.s1_raw[25].q.val() ^ self.flip.val();
        }
        self.s2_lane[26].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(26) {
            self.s2_lane[26].d.next = self.s1_raw[26].q.val() ^ self.flip.val();
        }
        self.s2_lane[27].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(27) {
            self.s2_lane[27].d.next = self.s1_raw[27].q.val() ^ self.flip.val();
        }
        self.s2_lane[28].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(28) {
            self.s2_lane[28].d.next = self.s1_raw[28].q.val() ^ self.flip.val();
        }
        self.s2_lane[29].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(29) {
            self.s2_lane[29].d.next = self.s1_raw[29].q.val() ^ self.flip.val();
        }
        self.s2_lane[30].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(30) {
            self.s2_lane[30].d.next = self.s1_raw[30].q.val() ^ self.flip.val();
        }
        self.s2_lane[31].d.next = self.identity.val();
        if self.s1_mask.q.val().get_bit(31) {
            self.s2_lane[31].d.next = self.s1_raw[31].q.val() ^ self.flip.val();
        }

        // ---- s2..s10: the tree, one level per two clocks ----
        // level 1: 32 -> 16 (s2 -> s3)
        self.n1[0].x.next = self.s2_lane[0].q.val();
        self.n1[0].y.next = self.s2_lane[1].q.val();
        self.n1[1].x.next = self.s2_lane[2].q.val();
        self.n1[1].y.next = self.s2_lane[3].q.val();
        self.n1[2].x.next = self.s2_lane[4].q.val();
        self.n1[2].y.next = self.s2_lane[5].q.val();
        self.n1[3].x.next = self.s2_lane[6].q.val();
        self.n1[3].y.next = self.s2_lane[7].q.val();
        self.n1[4].x.next = self.s2_lane[8].q.val();
        self.n1[4].y.next = self.s2_lane[9].q.val();
        self.n1[5].x.next = self.s2_lane[10].q.val();
        self.n1[5].y.next = self.s2_lane[11].q.val();
        self.n1[6].x.next = self.s2_lane[12].q.val();
        self.n1[6].y.next = self.s2_lane[13].q.val();
        self.n1[7].x.next = self.s2_lane[14].q.val();
        self.n1[7].y.next = self.s2_lane[15].q.val();
        self.n1[8].x.next = self.s2_lane[16].q.val();
        self.n1[8].y.next = self.s2_lane[17].q.val();
        self.n1[9].x.next = self.s2_lane[18].q.val();
        self.n1[9].y.next = self.s2_lane[19].q.val();
        self.n1[10].x.next = self.s2_lane[20].q.val();
        self.n1[10].y.next = self.s2_lane[21].q.val();
        self.n1[11].x.next = self.s2_lane[22].q.val();
        self.n1[11].y.next = self.s2_lane[23].q.val();
        self.n1[12].x.next = self.s2_lane[24].q.val();
        self.n1[12].y.next = self.s2_lane[25].q.val();
        self.n1[13].x.next = self.s2_lane[26].q.val();
        self.n1[13].y.next = self.s2_lane[27].q.val();
        self.n1[14].x.next = self.s2_lane[28].q.val();
        self.n1[14].y.next = self.s2_lane[29].q.val();
        self.n1[15].x.next = self.s2_lane[30].q.val();
        self.n1[15].y.next = self.s2_lane[31].q.val();
        // level 2: 16 -> 8 (s4 -> s5)
        self.n2[0].x.next = self.s4_v[0].q.val();
        self.n2[0].y.next = self.s4_v[1].q.val();
        self.n2[1].x.next = self.s4_v[2].q.val();
        self.n2[1].y.next = self.s4_v[3].q.val();
        self.n2[2].x.next = self.s4_v[4].q.val();
        self.n2[2].y.next = self.s4_v[5].q.val();
        self.n2[3].x.next = self.s4_v[6].q.val();
        self.n2[3].y.next = self.s4_v[7].q.val();
        self.n2[4].x.next = self.s4_v[8].q.val();
        self.n2[4].y.next = self.s4_v[9].q.val();
        self.n2[5].x.next = self.s4_v[10].q.val();
        self.n2[5].y.next = self.s4_v[11].q.val();
        self.n2[6].x.next = self.s4_v[12].q.val();
        self.n2[6].y.next = self.s4_v[13].q.val();
        self.n2[7].x.next = self.s4_v[14].q.val();
        self.n2[7].y.next = self.s4_v[15].q.val();
        // level 3: 8 -> 4 (s6 -> s7)
        self.n3[0].x.next = self.s6_v[0].q.val();
        self.n3[0].y.next = self.s6_v[1].q.val();
        self.n3[1].x.next = self.s6_v[2].q.val();
        self.n3[1].y.next = self.s6_v[3].q.val();
        self.n3[2].x.next = self.s6_v[4].q.val();
        self.n3[2].y.next = self.s6_v[5].q.val();
        self.n3[3].x.next = self.s6_v[6].q.val();
        self.n3[3].y.next = self.s6_v[7].q.val();
        // level 4: 4 -> 2 (s8 -> s9)
        self.n4[0].x.next = self.s8_v[0].q.val();
        self.n4[0].y.next = self.s8_v[1].q.val();
        self.n4[1].x.next = self.s8_v[2].q.val();
        self.n4[1].y.next = self.s8_v[3].q.val();
        // level 5: 2 -> 1 (s10 -> s11)
        self.n5.x.next = self.s10_v[0].q.val();
        self.n5.y.next = self.s10_v[1].q.val();

        // ---- s11: the root, picked and flipped back ----
        self.out_valid.next = self.ctl_valid[10].q.val();
        self.out_tag.next = self.ctl_tag[10].q.val();
        self.out_flip.next = 0.into();
        if self.ctl_flip_hi[10].q.val() {
            self.out_flip.next = 0x8000_0000_u64.into();
        }
        if self.ctl_flip_lo[10].q.val() {
            self.out_flip.next = 0x7FFF_FFFF_u64.into();
            if self.ctl_flip_hi[10].q.val() {
                self.out_flip.next = 0xFFFF_FFFF_u64.into();
            }
        }
        self.out_d.next = self.s11_p.v.val() ^ self.out_flip.val();
    }
}

impl PortIo for Redux {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_type.next = to_bits(values[3]);
        self.in_mask.next = to_bits(values[4]);
        self.in_v0.next = to_bits(values[5]);
        self.in_v1.next = to_bits(values[6]);
        self.in_v2.next = to_bits(values[7]);
        self.in_v3.next = to_bits(values[8]);
        self.in_v4.next = to_bits(values[9]);
        self.in_v5.next = to_bits(values[10]);
        self.in_v6.next = to_bits(values[11]);
        self.in_v7.next = to_bits(values[12]);
        self.in_v8.next = to_bits(values[13]);
        self.in_v9.next = to_bits(values[14]);
        self.in_v10.next = to_bits(values[15]);
        self.in_v11.next = to_bits(values[16]);
        self.in_v12.next = to_bits(values[17]);
        self.in_v13.next = to_bits(values[18]);
        self.in_v14.next = to_bits(values[19]);
        self.in_v15.next = to_bits(values[20]);
        self.in_v16.next = to_bits(values[21]);
        self.in_v17.next = to_bits(values[22]);
        self.in_v18.next = to_bits(values[23]);
        self.in_v19.next = to_bits(values[24]);
        self.in_v20.next = to_bits(values[25]);
        self.in_v21.next = to_bits(values[26]);
        self.in_v22.next = to_bits(values[27]);
        self.in_v23.next = to_bits(values[28]);
        self.in_v24.next = to_bits(values[29]);
        self.in_v25.next = to_bits(values[30]);
        self.in_v26.next = to_bits(values[31]);
        self.in_v27.next = to_bits(values[32]);
        self.in_v28.next = to_bits(values[33]);
        self.in_v29.next = to_bits(values[34]);
        self.in_v30.next = to_bits(values[35]);
        self.in_v31.next = to_bits(values[36]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redux::codec::{encode, instructions, random_request};
    use crate::unit::xorshift;

    fn settle(uut: &mut Redux) {
        assert!(simulate(uut, 1000), "logic did not settle");
    }

    /// The block driven directly, one operation per clock over every legal
    /// (op, type) (so every `flip` and identity at s1 and the unflip at the
    /// output), empty, full and random masks: each answer is the golden model's,
    /// with its tag, exactly `LATENCY` clocks after the operation, and
    /// `out_valid` is low until the first one.
    #[test]
    fn redux_rtl_matches_the_model_at_latency() {
        let mut state = 7u64;
        let mut reqs = Vec::new();
        for (op, ty) in instructions() {
            for mask in [0, u32::MAX, xorshift(&mut state) as u32, 1 << 31] {
                let mut req = random_request(&mut state);
                req.op = op;
                req.ty = ty;
                req.mask = mask;
                reqs.push(req);
            }
        }
        let mut uut = Redux::default();
        uut.connect_all();
        uut.clock.next = Clock { clk: false };
        settle(&mut uut);
        for cycle in 0..reqs.len() + LATENCY {
            let mut inputs = vec![0u128; 5 + LANES];
            if let Some(req) = reqs.get(cycle) {
                inputs[0] = 1;
                inputs[1] = (cycle % 256) as u128;
                inputs[2..].copy_from_slice(&encode(req).inputs);
            }
            uut.set_inputs(&inputs);
            uut.clock.next = Clock { clk: false };
            settle(&mut uut);
            let out = uut.outputs();
            if cycle < LATENCY {
                assert_eq!(out[0], 0, "out_valid at cycle {cycle}");
            } else {
                let i = cycle - LATENCY;
                let req = &reqs[i];
                assert_eq!(out[0], 1, "out_valid for operation {i}");
                assert_eq!(out[1], (i % 256) as u128, "tag of operation {i}");
                assert_eq!(out[2] as u32, req.result(), "{req:?}");
            }
            uut.clock.next = Clock { clk: true };
            settle(&mut uut);
        }
    }
}
