//! RTL of the SFU (SPEC-G3 §5, §6): two engines behind one ready/valid
//! port, answers tagged and in any order. Bit-exact with
//! [`model`](crate::sfu::model).
//!
//! ```text
//!              ┌─ PrepareDecode ─ pre ─ PrepareMove ─ mid ─ PrepareOperand ─ front ─┐
//!              │                                                                     Mufu (17), side line beside it
//!              │  ┌─────────────────────────────────────────────────────────────────┘ (f16, adjustment, log2, ftz32, NV/DZ)
//!  in ─ decode ┤  └─ FinishSums ─ fy ─ FinishExp ─ fa ─ FinishShift ─ fd ─ FinishPack ─ fs ─ FinishRound ─ fb ─┐
//!              │                                                                                             ├─ out
//!              └─ Divsqrt ────────────────────────────────────────────────────────────────────────── hold ───┘
//!                   ▲ rsq.f64's second pass: the root fed back as rcp.f64
//! ```
//!
//! - **Approximations**: one operation per clock, [`APPROX_LATENCY`] = 25
//!   clocks (three preparing phases, the MUFU at depth [`MUFU_DEPTH`] = 17,
//!   five finishing phases).
//! - **Divide engine**: the `divsqrt` unit at [`ENGINE_CLOCKS`] = 2 clocks
//!   per radix-4 digit with its leading-zero counts in two clocks
//!   ([`ENGINE_LZC2`]), one operation in flight. An
//!   accepted operation waits one clock in `req` (its code decoded; +1
//!   clock), and the engine's answer waits in `hold` (+1 clock) until the
//!   output is free. An engine operation is accepted only when the engine
//!   is idle and not answering, `req` and `hold` are empty and rsq.f64 is
//!   not between its two passes: so `hold` is empty whenever the engine
//!   answers. rsq.f64's root goes back into `req` as rcp.f64.
//! - **The output**: the approximations' answer has priority; `hold` goes
//!   out in any clock without one. So that a divide's answer cannot wait
//!   forever behind a stream of approximations, a full `hold` with the
//!   output busy refuses one approximation (`in_ready` low for one clock):
//!   the empty slot reaches the output [`APPROX_LATENCY`] clocks later, and
//!   `reserve` counts it down so that one refused clock is enough.
//! - `in_ready` depends on the operation presented: an approximation is
//!   refused only in that one clock; an engine operation while the engine,
//!   `hold` or rsq.f64's sequence is busy.

pub mod finish;
pub mod prepare;

pub use finish::{
    Dropped, Exp, FinishConsts, FinishExp, FinishPack, FinishRound, FinishShift, FinishSums,
    Shifted, Sums,
};
pub use prepare::{PrepareDecode, PrepareMove, PrepareOperand};

use crate::divsqrt::rtl::Divsqrt;
use crate::hw::boundary::Boundary;
use crate::mufu::rtl::{Mufu, MAX_DEPTH};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of `in_op` ([`SfuOp::code`](crate::sfu::model::SfuOp::code)).
pub const OP_W: usize = 5;
/// Rounding-mode fields.
pub const RM_W: usize = 3;
/// fflags.
pub const FLAGS_W: usize = 5;
/// Clocks from accept to answer of an approximation: three preparing
/// phases, the MUFU, five finishing phases. (Four until 2026-12-04: the
/// first finishing phase, sums and prefix ORs and the picks after them in
/// one clock, led the SFU's own paths, `fa.q` ← `mufu.out_d` 7.42 ns.)
pub const APPROX_LATENCY: usize = MUFU_DEPTH + 8;
/// `reserve`'s count after a refused clock: the empty slot reaches the
/// output when it is back at 0.
pub const RESERVE_CLOCKS: u64 = APPROX_LATENCY as u64 - 1;
/// Clocks an engine answer spends in `hold` when the output is free.
pub const HOLD_LATENCY: usize = 1;
/// Clocks an engine operation spends in `req` before the engine takes it.
pub const REQ_LATENCY: usize = 1;
/// Clocks per radix-4 digit of the divide engine ([`Divsqrt::new`]): the
/// default `divsqrt`'s ([`DEFAULT_CLOCKS`](crate::divsqrt::rtl::DEFAULT_CLOCKS),
/// two, where its doc gives the measured trade). At one clock per digit
/// the engine's digit loop led the SFU's timing (2026-12-03: SFU 125.27
/// MHz median); at two the SFU placed at 134.39 (f8c1ca3). The
/// approximations, one per clock, do not change.
pub const ENGINE_CLOCKS: usize = crate::divsqrt::rtl::DEFAULT_CLOCKS;

/// The divide engine counts its operands' leading zeros in two clocks
/// ([`Divsqrt::with`]; one clock more on every engine operation,
/// [`LZC2_CLOCKS`](crate::divsqrt::rtl::LZC2_CLOCKS)). Inside the SFU the
/// one-clock count (`acc` ← `acc`) placed at 6.83–6.94 ns on every seed
/// of 2026-12-05's engine (142.45 MHz median), the two-clock count took
/// it off the lists (147.69; 147.23 with the MUFU's phase 7a of fd3ff15,
/// and 144.22 to 151.01 for the same logic in other netlist orders); the
/// `divsqrt` unit alone measured the other way round (153.40 against 136.56 MHz median), so it keeps the
/// one-clock count (docs/qor.md, "DIVSQRT: the correction row's zero test
/// in its own clock"). This engine's handshake and schedule are proven
/// like the unit's ([`crate::proof::DIVSQRT_HANDSHAKE_LZC2`]).
pub const ENGINE_LZC2: bool = true;

/// The MUFU's depth here: every boundary of the `mufu` unit's depth 16 and
/// the multiplier tiles' output registers (boundary 4o,
/// [`B4O`](crate::mufu::rtl::B4O)), one clock over the `mufu` unit, whose
/// latency is held at 16 (issue #17): the SFU's approximations have no
/// fixed latency. At depth 16 the route from each tile's output pins to the
/// fabric register after it (2.9 ns of a 6.8 ns group) led the SFU's
/// slowest groups on 2026-12-05 (docs/qor.md).
pub const MUFU_DEPTH: usize = MAX_DEPTH;

// `#[hdl_gen]` indexes the side line's last registers as `side[15]`, `side[16]`.
const _: () = assert!(MUFU_DEPTH == 17 && RESERVE_CLOCKS == 24);

/// What rides beside the MUFU.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Side {
    pub f16: Bit,
    pub adj: Bits<2>,
    pub log2: Bit,
    pub ftz: Bit,
    pub flags: Bits<FLAGS_W>,
}

/// [`FinishConsts`]' outputs, registered beside the side line's last
/// register.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct ExpConsts {
    pub k: Bits<10>,
    pub k1: Bits<10>,
    pub c: Bits<10>,
    pub c26: Bits<10>,
}

/// The register after [`PrepareDecode`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Pre {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub a: Bits<32>,
    pub daz: Bit,
    pub ftz: Bit,
    pub func: Bits<4>,
    pub f16: Bit,
    pub scales: Bit,
    pub sign: Bit,
    pub emax: Bit,
    pub emin: Bit,
    pub frac0: Bit,
    pub quiet: Bit,
    pub trig: Bit,
    pub dz_op: Bit,
    pub lz_in: Bits<32>,
    pub lz_has: Bits<8>,
    pub lz_cnt: Bits<16>,
    pub wn: Bits<32>,
    pub ex2: Bit,
}

/// The register after [`PrepareMove`].
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Moved {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub ftz: Bit,
    pub func: Bits<4>,
    pub f16: Bit,
    pub lz_in: Bits<32>,
    pub count: Bits<6>,
    pub ex2_move: Bit,
    pub moved: Bits<23>,
    pub w: Bits<32>,
    pub norm_h: Bit,
    pub scaled: Bit,
    pub by_count: Bit,
    pub norm_sign: Bit,
    pub flags: Bits<FLAGS_W>,
}

/// The front register of the approximations.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Front {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub func: Bits<4>,
    pub x: Bits<32>,
    pub f16: Bit,
    pub adj: Bits<2>,
    pub log2: Bit,
    pub ftz: Bit,
    pub flags: Bits<FLAGS_W>,
}

/// An answer waiting for the output (`fb`, `hold`).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Answer {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub result: Bits<64>,
    pub flags: Bits<FLAGS_W>,
}

/// rsq.f64's sequence on the engine.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct RsqSeq {
    /// 0 idle, 1 the root in the engine, 3 the reciprocal on its way or in
    /// the engine.
    pub state: Bits<2>,
    /// The root's NV/DZ.
    pub flags: Bits<FLAGS_W>,
}

/// The engine's request register: an accepted engine operation (its code
/// decoded), or rsq.f64's root going back in as rcp.f64.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Req {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub op: Bits<4>,
    pub a: Bits<64>,
    pub b: Bits<64>,
    pub frm: Bits<RM_W>,
    pub frm64: Bits<RM_W>,
    pub daz32: Bit,
    pub ftz32: Bit,
    pub daz64: Bit,
    pub ftz64: Bit,
}

/// The SFU's top block.
#[derive(LogicBlock)]
pub struct Sfu {
    pub clock: Signal<In, Clock>,
    /// An operation is presented (accepted when `in_ready` is high).
    pub in_valid: Signal<In, Bit>,
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// [`SfuOp::code`](crate::sfu::model::SfuOp::code).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// First operand, right-aligned (binary16 in 15:0, 32-bit forms in 31:0).
    pub in_a: Signal<In, Bits<64>>,
    /// Second operand (fdiv, div/rem).
    pub in_b: Signal<In, Bits<64>>,
    pub in_frm: Signal<In, Bits<RM_W>>,
    pub in_frm64: Signal<In, Bits<RM_W>>,
    pub in_daz32: Signal<In, Bit>,
    pub in_ftz32: Signal<In, Bit>,
    pub in_daz64: Signal<In, Bit>,
    pub in_ftz64: Signal<In, Bit>,
    pub out_valid: Signal<Out, Bit>,
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    pub out_result: Signal<Out, Bits<64>>,
    pub out_flags: Signal<Out, Bits<FLAGS_W>>,
    pub in_ready: Signal<Out, Bit>,

    pub decode: PrepareDecode,
    pub pre: DFF<Pre>,
    pub mover: PrepareMove,
    pub mid: DFF<Moved>,
    pub operand: PrepareOperand,
    pub front: DFF<Front>,
    pub mufu: Mufu,
    pub side: [Boundary<Side>; MUFU_DEPTH],
    pub finish_consts: FinishConsts,
    pub fk: DFF<ExpConsts>,
    pub finish_sums: FinishSums,
    pub fy: DFF<Sums>,
    pub finish_exp: FinishExp,
    pub fa: DFF<Exp>,
    pub finish_shift: FinishShift,
    pub fd: DFF<Dropped>,
    pub finish_pack: FinishPack,
    pub fs: DFF<Shifted>,
    pub finish_round: FinishRound,
    pub fb: DFF<Answer>,
    pub req: DFF<Req>,
    pub engine: Divsqrt,
    pub hold: DFF<Answer>,
    pub rsq: DFF<RsqSeq>,
    pub reserve: DFF<Bits<5>>,
    is_engine: Signal<Local, Bit>,
    is_rsq: Signal<Local, Bit>,
    engine_op: Signal<Local, Bits<4>>,
    engine_free: Signal<Local, Bit>,
    block: Signal<Local, Bit>,
    take_approx: Signal<Local, Bit>,
    take_engine: Signal<Local, Bit>,
    rsq_go: Signal<Local, Bit>,
}

impl Default for Sfu {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_a: Default::default(),
            in_b: Default::default(),
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
            in_ready: Default::default(),
            decode: Default::default(),
            pre: Default::default(),
            mover: Default::default(),
            mid: Default::default(),
            operand: Default::default(),
            front: Default::default(),
            mufu: Mufu::with_rounding_bits(MUFU_DEPTH),
            side: std::array::from_fn(|_| Boundary::new(true)),
            finish_consts: Default::default(),
            fk: Default::default(),
            finish_sums: Default::default(),
            fy: Default::default(),
            finish_exp: Default::default(),
            fa: Default::default(),
            finish_shift: Default::default(),
            fd: Default::default(),
            finish_pack: Default::default(),
            fs: Default::default(),
            finish_round: Default::default(),
            fb: Default::default(),
            req: Default::default(),
            engine: Divsqrt::with(ENGINE_CLOCKS, ENGINE_LZC2),
            hold: Default::default(),
            rsq: Default::default(),
            reserve: Default::default(),
            is_engine: Default::default(),
            is_rsq: Default::default(),
            engine_op: Default::default(),
            engine_free: Default::default(),
            block: Default::default(),
            take_approx: Default::default(),
            take_engine: Default::default(),
            rsq_go: Default::default(),
        }
    }
}

impl Logic for Sfu {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, pre, mid, front, fk, fy, fa, fd, fs, fb, req, hold, rsq, reserve);
        self.mufu.clock.next = self.clock.val();
        self.engine.clock.next = self.clock.val();
        for k in 0..MUFU_DEPTH {
            self.side[k].clock.next = self.clock.val();
        }

        // ---- decode: which engine, the divide engine's code ----
        // rcp.f32 0, fsqrt.f32 7, rcp.f64 8, rsq.f64 9, fsqrt.f64 10, R 0x24: 24..=29.
        self.is_rsq.next = self.in_op.val() == 9;
        self.engine_op.next = 0.into();
        self.is_engine.next = true;
        if self.in_op.val() == 0 {
            self.engine_op.next = 8.into();
        } else if self.in_op.val() == 7 {
            self.engine_op.next = 2.into();
        } else if self.in_op.val() == 8 {
            self.engine_op.next = 9.into();
        } else if (self.in_op.val() == 9) | (self.in_op.val() == 10) {
            self.engine_op.next = 3.into();
        } else if (self.in_op.val().get_bits::<2>(3) == 3) & (self.in_op.val().get_bits::<3>(0) < 6)
        {
            // div 4, divu 5, rem 6, remu 7, fdiv.f32 0, fdiv.f64 1.
            self.engine_op.next = bit_cast::<4, 3>(self.in_op.val().get_bits::<3>(0)) + 4;
            if self.in_op.val().get_bit(2) {
                self.engine_op.next = bit_cast::<4, 1>(self.in_op.val().get_bits::<1>(0));
            }
        } else {
            self.is_engine.next = false;
        }

        // ---- acceptance ----
        self.engine_free.next = self.engine.in_ready.val()
            & !self.engine.out_valid.val()
            & !self.hold.q.val().valid
            & !self.req.q.val().valid
            & (self.rsq.q.val().state == 0);
        self.block.next =
            self.hold.q.val().valid & self.fb.q.val().valid & (self.reserve.q.val() == 0);
        self.in_ready.next = !self.block.val();
        if self.is_engine.val() {
            self.in_ready.next = self.engine_free.val();
        }
        self.take_approx.next = self.in_valid.val() & !self.is_engine.val() & !self.block.val();
        self.take_engine.next = self.in_valid.val() & self.is_engine.val() & self.engine_free.val();
        self.reserve.d.next = self.reserve.q.val();
        if self.reserve.q.val() != 0 {
            self.reserve.d.next = self.reserve.q.val() - 1;
        }
        if self.block.val() {
            self.reserve.d.next = 24.into(); // RESERVE_CLOCKS
        }

        // ---- approximations ----
        self.decode.op.next = self.in_op.val();
        self.decode.a.next = self.in_a.val().get_bits::<32>(0);
        self.decode.daz.next = self.in_daz32.val();
        self.pre.d.next.valid = self.take_approx.val();
        self.pre.d.next.tag = self.in_tag.val();
        self.pre.d.next.a = self.in_a.val().get_bits::<32>(0);
        self.pre.d.next.daz = self.in_daz32.val();
        self.pre.d.next.ftz = self.in_ftz32.val();
        self.pre.d.next.func = self.decode.func.val();
        self.pre.d.next.f16 = self.decode.f16.val();
        self.pre.d.next.scales = self.decode.scales.val();
        self.pre.d.next.sign = self.decode.sign.val();
        self.pre.d.next.emax = self.decode.emax.val();
        self.pre.d.next.emin = self.decode.emin.val();
        self.pre.d.next.frac0 = self.decode.frac0.val();
        self.pre.d.next.quiet = self.decode.quiet.val();
        self.pre.d.next.trig = self.decode.trig.val();
        self.pre.d.next.dz_op = self.decode.dz_op.val();
        self.pre.d.next.lz_in = self.decode.lz_in.val();
        self.pre.d.next.lz_has = self.decode.lz_has.val();
        self.pre.d.next.lz_cnt = self.decode.lz_cnt.val();
        self.pre.d.next.wn = self.decode.wn.val();
        self.pre.d.next.ex2 = self.decode.ex2.val();

        self.mover.a.next = self.pre.q.val().a;
        self.mover.daz.next = self.pre.q.val().daz;
        self.mover.f16.next = self.pre.q.val().f16;
        self.mover.scales.next = self.pre.q.val().scales;
        self.mover.sign.next = self.pre.q.val().sign;
        self.mover.emax.next = self.pre.q.val().emax;
        self.mover.emin.next = self.pre.q.val().emin;
        self.mover.frac0.next = self.pre.q.val().frac0;
        self.mover.quiet.next = self.pre.q.val().quiet;
        self.mover.trig.next = self.pre.q.val().trig;
        self.mover.dz_op.next = self.pre.q.val().dz_op;
        self.mover.lz_has.next = self.pre.q.val().lz_has;
        self.mover.lz_cnt.next = self.pre.q.val().lz_cnt;
        self.mover.wn.next = self.pre.q.val().wn;
        self.mover.ex2.next = self.pre.q.val().ex2;
        self.mid.d.next.valid = self.pre.q.val().valid;
        self.mid.d.next.tag = self.pre.q.val().tag;
        self.mid.d.next.ftz = self.pre.q.val().ftz;
        self.mid.d.next.func = self.pre.q.val().func;
        self.mid.d.next.f16 = self.pre.q.val().f16;
        self.mid.d.next.lz_in = self.pre.q.val().lz_in;
        self.mid.d.next.count = self.mover.count.val();
        self.mid.d.next.ex2_move = self.mover.ex2_move.val();
        self.mid.d.next.moved = self.mover.moved.val();
        self.mid.d.next.w = self.mover.w.val();
        self.mid.d.next.norm_h = self.mover.norm_h.val();
        self.mid.d.next.scaled = self.mover.scaled.val();
        self.mid.d.next.by_count = self.mover.by_count.val();
        self.mid.d.next.norm_sign = self.mover.norm_sign.val();
        self.mid.d.next.flags = self.mover.flags.val();

        self.operand.func.next = self.mid.q.val().func;
        self.operand.lz_in.next = self.mid.q.val().lz_in;
        self.operand.count.next = self.mid.q.val().count;
        self.operand.ex2_move.next = self.mid.q.val().ex2_move;
        self.operand.moved.next = self.mid.q.val().moved;
        self.operand.w.next = self.mid.q.val().w;
        self.operand.norm_h.next = self.mid.q.val().norm_h;
        self.operand.scaled.next = self.mid.q.val().scaled;
        self.operand.by_count.next = self.mid.q.val().by_count;
        self.operand.norm_sign.next = self.mid.q.val().norm_sign;
        self.front.d.next.valid = self.mid.q.val().valid;
        self.front.d.next.tag = self.mid.q.val().tag;
        self.front.d.next.func = self.mid.q.val().func;
        self.front.d.next.x = self.operand.x.val();
        self.front.d.next.f16 = self.mid.q.val().f16;
        self.front.d.next.adj = self.operand.adj.val();
        self.front.d.next.log2 = self.operand.log2.val();
        self.front.d.next.ftz = self.mid.q.val().ftz;
        self.front.d.next.flags = self.mid.q.val().flags;

        self.mufu.in_valid.next = self.front.q.val().valid;
        self.mufu.in_tag.next = self.front.q.val().tag;
        self.mufu.in_func.next = self.front.q.val().func;
        self.mufu.in_abs.next = false;
        self.mufu.in_neg.next = false;
        self.mufu.in_x.next = self.front.q.val().x;
        self.side[0].d.next.f16 = self.front.q.val().f16;
        self.side[0].d.next.adj = self.front.q.val().adj;
        self.side[0].d.next.log2 = self.front.q.val().log2;
        self.side[0].d.next.ftz = self.front.q.val().ftz;
        self.side[0].d.next.flags = self.front.q.val().flags;
        for k in 1..MUFU_DEPTH {
            self.side[k].d.next = self.side[k - 1].q.val();
        }

        self.finish_consts.adj.next = self.side[15].q.val().adj;
        self.finish_consts.f16.next = self.side[15].q.val().f16;
        self.fk.d.next.k = self.finish_consts.k.val();
        self.fk.d.next.k1 = self.finish_consts.k1.val();
        self.fk.d.next.c = self.finish_consts.c.val();
        self.fk.d.next.c26 = self.finish_consts.c26.val();
        self.finish_sums.y.next = self.mufu.out_d.val();
        self.finish_sums.k.next = self.fk.q.val().k;
        self.finish_sums.k1.next = self.fk.q.val().k1;
        self.finish_sums.c.next = self.fk.q.val().c;
        self.finish_sums.c26.next = self.fk.q.val().c26;
        self.fy.d.next.valid = self.mufu.out_valid.val();
        self.fy.d.next.tag = self.mufu.out_tag.val();
        self.fy.d.next.flags = self.side[16].q.val().flags;
        self.fy.d.next.f16 = self.side[16].q.val().f16;
        self.fy.d.next.ftz = self.side[16].q.val().ftz;
        self.fy.d.next.log2 = self.side[16].q.val().log2;
        self.fy.d.next.sign = self.finish_sums.sign.val();
        self.fy.d.next.nan = self.finish_sums.nan.val();
        self.fy.d.next.inf = self.finish_sums.inf.val();
        self.fy.d.next.zero = self.finish_sums.zero.val();
        self.fy.d.next.frac = self.mufu.out_d.val().get_bits::<23>(0);
        self.fy.d.next.sub = self.finish_sums.sub.val();
        self.fy.d.next.be = self.finish_sums.be.val();
        self.fy.d.next.d = self.finish_sums.d.val();
        self.fy.d.next.beyond = self.finish_sums.beyond.val();
        self.fy.d.next.part = self.finish_sums.part.val();
        self.fy.d.next.rnd = self.mufu.out_rnd.val();

        self.finish_exp.frac.next = self.fy.q.val().frac;
        self.finish_exp.f16.next = self.fy.q.val().f16;
        self.finish_exp.log2.next = self.fy.q.val().log2;
        self.finish_exp.sub.next = self.fy.q.val().sub;
        self.finish_exp.be.next = self.fy.q.val().be;
        self.finish_exp.d.next = self.fy.q.val().d;
        self.finish_exp.beyond.next = self.fy.q.val().beyond;
        self.finish_exp.part.next = self.fy.q.val().part;
        self.fa.d.next.valid = self.fy.q.val().valid;
        self.fa.d.next.tag = self.fy.q.val().tag;
        self.fa.d.next.flags = self.fy.q.val().flags;
        self.fa.d.next.f16 = self.fy.q.val().f16;
        self.fa.d.next.ftz = self.fy.q.val().ftz;
        self.fa.d.next.sign = self.fy.q.val().sign;
        self.fa.d.next.nan = self.fy.q.val().nan;
        self.fa.d.next.inf = self.fy.q.val().inf;
        self.fa.d.next.zero = self.fy.q.val().zero;
        self.fa.d.next.bexp = self.finish_exp.bexp.val();
        self.fa.d.next.sig = self.finish_exp.sig.val();
        self.fa.d.next.amount = self.finish_exp.amount.val();
        self.fa.d.next.gone = self.finish_exp.gone.val();
        self.fa.d.next.lows = self.finish_exp.lows.val();
        self.fa.d.next.rnd = self.fy.q.val().rnd;

        self.finish_shift.sig.next = self.fa.q.val().sig;
        self.finish_shift.amount.next = self.fa.q.val().amount;
        self.finish_shift.gone.next = self.fa.q.val().gone;
        self.finish_shift.lows.next = self.fa.q.val().lows;
        self.fd.d.next.valid = self.fa.q.val().valid;
        self.fd.d.next.tag = self.fa.q.val().tag;
        self.fd.d.next.flags = self.fa.q.val().flags;
        self.fd.d.next.f16 = self.fa.q.val().f16;
        self.fd.d.next.ftz = self.fa.q.val().ftz;
        self.fd.d.next.sign = self.fa.q.val().sign;
        self.fd.d.next.nan = self.fa.q.val().nan;
        self.fd.d.next.inf = self.fa.q.val().inf;
        self.fd.d.next.zero = self.fa.q.val().zero;
        self.fd.d.next.bexp = self.fa.q.val().bexp;
        self.fd.d.next.kept = self.finish_shift.kept.val();
        self.fd.d.next.round = self.finish_shift.round.val();
        self.fd.d.next.sticky = self.finish_shift.sticky.val();
        self.fd.d.next.rnd = self.fa.q.val().rnd;

        self.finish_pack.kept.next = self.fd.q.val().kept;
        self.finish_pack.bexp.next = self.fd.q.val().bexp;
        self.finish_pack.f16.next = self.fd.q.val().f16;
        self.finish_pack.round.next = self.fd.q.val().round;
        self.finish_pack.sticky.next = self.fd.q.val().sticky;
        self.finish_pack.rnd.next = self.fd.q.val().rnd;
        self.finish_pack.ftz.next = self.fd.q.val().ftz;
        self.finish_pack.inf.next = self.fd.q.val().inf;
        self.finish_pack.zero.next = self.fd.q.val().zero;
        self.fs.d.next.valid = self.fd.q.val().valid;
        self.fs.d.next.tag = self.fd.q.val().tag;
        self.fs.d.next.flags = self.fd.q.val().flags;
        self.fs.d.next.f16 = self.fd.q.val().f16;
        self.fs.d.next.sign = self.fd.q.val().sign;
        self.fs.d.next.nan = self.fd.q.val().nan;
        self.fs.d.next.base = self.finish_pack.base.val();
        self.fs.d.next.base1 = self.finish_pack.base1.val();
        self.fs.d.next.up = self.finish_pack.up.val();
        self.fs.d.next.to_inf = self.finish_pack.to_inf.val();
        self.fs.d.next.to_zero = self.finish_pack.to_zero.val();

        self.finish_round.s.next = self.fs.q.val();
        self.fb.d.next.valid = self.fs.q.val().valid;
        self.fb.d.next.tag = self.fs.q.val().tag;
        self.fb.d.next.result = bit_cast::<64, 32>(self.finish_round.result.val());
        self.fb.d.next.flags = self.fs.q.val().flags;

        // ---- the divide engine and rsq.f64's sequence ----
        self.req.d.next.valid = false;
        self.req.d.next.tag = self.in_tag.val();
        self.req.d.next.op = self.engine_op.val();
        self.req.d.next.a = self.in_a.val();
        self.req.d.next.b = self.in_b.val();
        self.req.d.next.frm = self.in_frm.val();
        self.req.d.next.frm64 = self.in_frm64.val();
        self.req.d.next.daz32 = self.in_daz32.val();
        self.req.d.next.ftz32 = self.in_ftz32.val();
        self.req.d.next.daz64 = self.in_daz64.val();
        self.req.d.next.ftz64 = self.in_ftz64.val();
        if self.is_rsq.val() {
            // Both passes RNE, never flushing.
            self.req.d.next.frm64 = 0.into();
            self.req.d.next.daz64 = false;
            self.req.d.next.ftz64 = false;
        }
        if self.take_engine.val() {
            self.req.d.next.valid = true;
        }
        // rsq.f64 taken: `take_engine & is_rsq` without the engine's
        // `out_valid` and rsq's state, so that the state's next value is one
        // LUT of (state, `rsq_go`, `out_valid`).
        self.rsq_go.next = self.in_valid.val()
            & self.is_rsq.val()
            & self.engine.in_ready.val()
            & !self.hold.q.val().valid
            & !self.req.q.val().valid;
        self.rsq.d.next = self.rsq.q.val();
        if (self.rsq.q.val().state == 0) & self.rsq_go.val() & !self.engine.out_valid.val() {
            self.rsq.d.next.state = 1.into();
        }
        if self.rsq.q.val().state == 1 {
            // The root goes back in as rcp.f64 (the engine is idle next
            // clock). While the root is in the engine no operation is
            // accepted, so the fields follow the engine's answer from the
            // sequence's own state and only `valid` waits for `out_valid`
            // (the engine's phase decode drives one bit, not 140).
            self.req.d.next.tag = self.engine.out_tag.val();
            self.req.d.next.op = 9.into();
            self.req.d.next.a = self.engine.out_result.val();
            self.req.d.next.frm64 = 0.into();
            self.req.d.next.daz64 = false;
            self.req.d.next.ftz64 = false;
            self.rsq.d.next.flags = self.engine.out_flags.val() & 0x18;
            if self.engine.out_valid.val() {
                self.req.d.next.valid = true;
            }
        }
        // The engine is idle whenever `req` holds an operation.
        self.engine.in_valid.next = self.req.q.val().valid;
        self.engine.in_tag.next = self.req.q.val().tag;
        self.engine.in_op.next = self.req.q.val().op;
        self.engine.in_a.next = self.req.q.val().a;
        self.engine.in_b.next = self.req.q.val().b;
        self.engine.in_frm.next = self.req.q.val().frm;
        self.engine.in_frm64.next = self.req.q.val().frm64;
        self.engine.in_daz32.next = self.req.q.val().daz32;
        self.engine.in_ftz32.next = self.req.q.val().ftz32;
        self.engine.in_daz64.next = self.req.q.val().daz64;
        self.engine.in_ftz64.next = self.req.q.val().ftz64;

        // ---- hold and the output ----
        // The engine answers only while `hold` is empty, so an empty `hold`
        // follows the engine's answer field by field and only `valid` (and
        // rsq.f64's state) waits for `out_valid`: the engine's phase decode
        // drives two bits, not 75.
        self.hold.d.next = self.hold.q.val();
        if !self.hold.q.val().valid {
            self.hold.d.next.tag = self.engine.out_tag.val();
            self.hold.d.next.result = self.engine.out_result.val();
            self.hold.d.next.flags = self.engine.out_flags.val();
            if self.rsq.q.val().state == 3 {
                self.hold.d.next.flags =
                    (self.engine.out_flags.val() | self.rsq.q.val().flags) & 0x18;
            }
        }
        if !self.fb.q.val().valid {
            self.hold.d.next.valid = false;
        }
        if self.engine.out_valid.val() & (self.rsq.q.val().state != 1) {
            self.hold.d.next.valid = true;
        }
        if self.engine.out_valid.val() {
            if self.rsq.q.val().state == 1 {
                self.rsq.d.next.state = 3.into();
            }
            if self.rsq.q.val().state == 3 {
                self.rsq.d.next.state = 0.into();
            }
        }
        self.out_valid.next = self.fb.q.val().valid | self.hold.q.val().valid;
        self.out_tag.next = self.hold.q.val().tag;
        self.out_result.next = self.hold.q.val().result;
        self.out_flags.next = self.hold.q.val().flags;
        if self.fb.q.val().valid {
            self.out_tag.next = self.fb.q.val().tag;
            self.out_result.next = self.fb.q.val().result;
            self.out_flags.next = self.fb.q.val().flags;
        }
    }
}

impl PortIo for Sfu {
    fn set_inputs(&mut self, v: &[u128]) {
        self.in_valid.next = v[0] & 1 == 1;
        self.in_tag.next = to_bits(v[1]);
        self.in_op.next = to_bits(v[2]);
        self.in_a.next = to_bits(v[3]);
        self.in_b.next = to_bits(v[4]);
        self.in_frm.next = to_bits(v[5]);
        self.in_frm64.next = to_bits(v[6]);
        self.in_daz32.next = v[7] & 1 == 1;
        self.in_ftz32.next = v[8] & 1 == 1;
        self.in_daz64.next = v[9] & 1 == 1;
        self.in_ftz64.next = v[10] & 1 == 1;
    }

    fn outputs(&self) -> Vec<u128> {
        vec![
            self.out_valid.val() as u128,
            from_bits(self.out_tag.val()),
            from_bits(self.out_result.val()),
            from_bits(self.out_flags.val()),
            self.in_ready.val() as u128,
        ]
    }

    fn clock(&mut self) -> &mut Signal<In, Clock> {
        &mut self.clock
    }
}

/// The unit's Verilog, top module named `sfu`.
pub fn verilog() -> String {
    let mut uut = Sfu::default();
    uut.connect_all();
    crate::registry::rename_top(&generate_verilog(&uut), "sfu")
}
