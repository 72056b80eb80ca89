//! RTL of DIVSQRT: one engine, one operation in flight, ready/valid.
//!
//! | phase (file) | clocks | does |
//! |---|---|---|
//! | accept ([`unpack`]) | the accept edge | decode `in_op` and MODE; both operands' sign, class, left-aligned significand and leading-zero count |
//! | setup ([`setup`]) | 1 | normalising shifts, result exponent, initial recurrence registers, clock count; answers without a recurrence |
//! | iterate ([`step`] ×2) | f64 ÷ 28, f64 √ 27, f32 13, int ⌈(lz_b − lz_a + 1)/2⌉ (1 when forced) | two radix-2 SRT steps per clock on the carry-save remainder, on-the-fly quotient |
//! | correct ([`correct`]) | 1 | remainder carry-propagate add, negative-remainder correction, sticky |
//! | align ([`align`]) | 1 | normalise by one, subnormal right shift with sticky, tininess; integer quotient/remainder and sign |
//! | round ([`round`]) | 1 | increment and pack, overflow, FTZ, flags, forced answers: presented on the outputs |
//!
//! The state is a phase register ([`Phase`]) and one register bundle per
//! phase boundary: [`Accepted`], [`Meta`] with [`Iter`], [`Rest`],
//! [`Aligned`]; the outputs come from the round phase's logic. `in_ready` is
//! high while the engine is idle and in the cycle its answer is presented.

pub mod align;
pub mod correct;
pub mod round;
pub mod setup;
pub mod step;
pub mod unpack;

use crate::divsqrt::model::DivsqrtOp;
use crate::divsqrt::srt::{FRAC_W, REM_W as SRT_REM_W};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use align::{Align, AlignPrep};
use correct::Correct;
use round::Round;
use rust_hdl::prelude::*;
use setup::{Setup, CLOCKS_F32, DIV_CLOCKS_F64, SQRT_CLOCKS_F64};
use step::{Lookahead, SrtStep};
use unpack::Unpack;

/// Width of `in_op`.
pub const OP_W: usize = 4;
/// Width of a rounding-mode input.
pub const RM_W: usize = 3;
/// Width of `out_flags`.
pub const FLAGS_W: usize = 5;
/// Width of the left-aligned significand.
pub const SIG_W: usize = 64;
/// Width of a leading-zero count of it (0..=64).
pub const LZ_W: usize = 7;
/// Width of a biased exponent field (f64: 11 bits, and room).
pub const E1_W: usize = 12;
/// Width of the offset exponents; [`EOFF`] keeps every intermediate
/// exponent (f64 ÷: from about −3200 to 3200) positive.
pub const EXP_W: usize = 14;
/// Offset of the exponents.
pub const EOFF: u32 = 8192;
/// Width of the recurrence's registers (the frame of [`crate::divsqrt::srt`]).
pub const REM_W: usize = SRT_REM_W as usize;
/// Width of the normalised quotient/root (the frame's fraction bits).
pub const NORM_W: usize = FRAC_W as usize;
/// Width of `E − 1` in the packing add (f64: 11 bits, and room).
pub const BEFF_W: usize = 12;
/// Width of the clock counter.
pub const CNT_W: usize = 5;
/// Clocks outside the recurrence: setup, correct, align, round (the answer
/// is presented in the round phase, from its logic).
pub const OVERHEAD: usize = 4;
/// Worst-case cycles from accept to answer (fdiv.f64, rcp.f64).
pub const LATENCY: usize = OVERHEAD + DIV_CLOCKS_F64 as usize;

/// Cycles from accept to answer of one operation.
pub fn latency_of(op: DivsqrtOp, a: u64, b: u64) -> usize {
    let clocks = match op {
        DivsqrtOp::FdivF64 | DivsqrtOp::RcpF64 => DIV_CLOCKS_F64,
        DivsqrtOp::FsqrtF64 => SQRT_CLOCKS_F64,
        DivsqrtOp::FdivF32 | DivsqrtOp::FsqrtF32 | DivsqrtOp::RcpF32 => CLOCKS_F32,
        DivsqrtOp::Div | DivsqrtOp::Divu | DivsqrtOp::Rem | DivsqrtOp::Remu => {
            let signed = matches!(op, DivsqrtOp::Div | DivsqrtOp::Rem);
            let mag = |x: u64| {
                let x = x as u32;
                if signed && (x as i32) < 0 {
                    x.wrapping_neg()
                } else {
                    x
                }
            };
            let (ma, mb) = (mag(a), mag(b));
            let (lza, lzb) = (ma.leading_zeros(), mb.leading_zeros());
            if mb == 0 || lza > lzb {
                1u64
            } else {
                ((lzb - lza + 2) / 2) as u64
            }
        }
    };
    OVERHEAD + clocks as usize
}

/// The engine's phase.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
pub enum Phase {
    Idle,
    Setup,
    Iterate,
    Correct,
    Align,
    Round,
}

/// Registered at the accept edge: the decoded operation and both operands.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Accepted {
    pub tag: Bits<TAG_W>,
    /// binary64 (fdiv/fsqrt/rcp .f64).
    pub fmt64: Bit,
    pub is_int: Bit,
    pub is_signed: Bit,
    /// rem/remu.
    pub rem: Bit,
    pub sqrt: Bit,
    /// Resolved rounding mode and flush of the result.
    pub rm: Bits<RM_W>,
    pub ftz: Bit,
    /// The dividend's low word (an integer remainder's forced answer).
    pub a_raw: Bits<32>,
    /// Dividend (or radicand) fields, [`Unpack`]'s outputs.
    pub a_sign: Bit,
    pub a_zero: Bit,
    pub a_inf: Bit,
    pub a_nan: Bit,
    pub a_snan: Bit,
    pub a_sig: Bits<SIG_W>,
    pub a_e1: Bits<E1_W>,
    pub a_lz: Bits<LZ_W>,
    /// Divisor fields.
    pub b_sign: Bit,
    pub b_zero: Bit,
    pub b_inf: Bit,
    pub b_nan: Bit,
    pub b_snan: Bit,
    pub b_sig: Bits<SIG_W>,
    pub b_e1: Bits<E1_W>,
    pub b_lz: Bits<LZ_W>,
}

/// Set up once, read by the finishing phases.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Meta {
    pub tag: Bits<TAG_W>,
    pub fmt64: Bit,
    pub is_int: Bit,
    pub sqrt: Bit,
    pub rm: Bits<RM_W>,
    pub ftz: Bit,
    /// Sign of a float result.
    pub sign: Bit,
    /// Biased exponent (+ [`EOFF`]) of `2Q` (÷) or `2S` (√).
    pub bexp: Bits<EXP_W>,
    /// The answer is `forced_res`/`forced_flags` (specials, ÷0, small quotients).
    pub forced: Bit,
    pub forced_res: Bits<64>,
    pub forced_flags: Bits<FLAGS_W>,
    /// Integer forms: negate the quotient, the remainder; remainder wanted.
    pub neg_q: Bit,
    pub neg_r: Bit,
    pub rem: Bit,
    /// The remainder's right shift, `FRAC_W − 32 + lz_b`.
    pub rem_shift: Bits<6>,
}

/// The recurrence's registers.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Iter {
    pub ws: Bits<REM_W>,
    pub wc: Bits<REM_W>,
    pub d: Bits<REM_W>,
    pub q: Bits<REM_W>,
    pub qm: Bits<REM_W>,
    pub k: Bits<REM_W>,
    /// Clocks left, this one included.
    pub count: Bits<CNT_W>,
}

/// After the correction.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Rest {
    pub qsel: Bits<REM_W>,
    pub rem: Bits<REM_W>,
    pub sticky: Bit,
    /// [`align::AlignPrep`]'s outputs for both normalisations.
    pub bn_lo: Bits<EXP_W>,
    pub dsh_hi: Bits<6>,
    pub dsh_lo: Bits<6>,
    pub tlt_hi: Bit,
    pub teq_hi: Bit,
    pub tlt_lo: Bit,
    pub teq_lo: Bit,
    pub beff_hi: Bits<BEFF_W>,
    pub beff_lo: Bits<BEFF_W>,
    pub huge_hi: Bit,
    pub huge_lo: Bit,
}

/// After the align phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Aligned {
    /// Significand, leading one at bit 55 unless shifted into the subnormal range.
    pub x: Bits<NORM_W>,
    pub sticky: Bit,
    /// Biased exponent (+ [`EOFF`]) of bit 55.
    pub bn: Bits<EXP_W>,
    /// Tiny after rounding.
    pub tiny: Bit,
    /// `E − 1` (0 for a subnormal result), and `E ≥ emax`.
    pub beff: Bits<BEFF_W>,
    pub huge: Bit,
    /// Integer answer.
    pub ires: Bits<32>,
}

/// The DIVSQRT top block.
#[derive(LogicBlock, Default)]
pub struct Divsqrt {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented (accepted when `in_ready` is high).
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag, returned on `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// [`DivsqrtOp`] code.
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Dividend, or the operand of fsqrt/rcp (32-bit forms: bits 31:0).
    pub in_a: Signal<In, Bits<64>>,
    /// Divisor.
    pub in_b: Signal<In, Bits<64>>,
    /// MODE.frm and MODE.frm64 (0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM).
    pub in_frm: Signal<In, Bits<RM_W>>,
    pub in_frm64: Signal<In, Bits<RM_W>>,
    /// MODE's flush bits.
    pub in_daz32: Signal<In, Bit>,
    pub in_ftz32: Signal<In, Bit>,
    pub in_daz64: Signal<In, Bit>,
    pub in_ftz64: Signal<In, Bit>,
    /// An answer is presented this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Its tag.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// The result, right-aligned.
    pub out_result: Signal<Out, Bits<64>>,
    /// fflags NV DZ OF UF NX.
    pub out_flags: Signal<Out, Bits<FLAGS_W>>,
    /// The engine takes an operation at this edge.
    pub in_ready: Signal<Out, Bit>,

    /// Accept-phase decode.
    op_fmt64: Signal<Local, Bit>,
    op_int: Signal<Local, Bit>,
    op_rcp: Signal<Local, Bit>,
    op_flush64: Signal<Local, Bit>,
    op_signed: Signal<Local, Bit>,
    accept: Signal<Local, Bit>,
    /// The unpackers' inputs (rcp: 1.0 and the operand).
    a_in: Signal<Local, Bits<64>>,
    b_in: Signal<Local, Bits<64>>,
    daz_in: Signal<Local, Bit>,
    /// The second step's estimate, picked by the first digit.
    est2: Signal<Local, Bits<5>>,
    /// The result's rounding mode.
    rm_in: Signal<Local, Bits<RM_W>>,
    /// Phases.
    pub ua: Unpack,
    pub ub: Unpack,
    pub setup: Setup,
    pub step1: SrtStep,
    pub step2: SrtStep,
    pub ahead: Lookahead,
    pub correct: Correct,
    pub prep: AlignPrep,
    pub align: Align,
    pub round: Round,
    /// Registers.
    pub phase: DFF<Phase>,
    pub acc: DFF<Accepted>,
    pub meta: DFF<Meta>,
    pub iter: DFF<Iter>,
    pub rest: DFF<Rest>,
    pub aligned: DFF<Aligned>,
}

impl Logic for Divsqrt {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, phase, acc, meta, iter, rest, aligned);
        // Idle, or presenting the last answer: the next operation's accept
        // edge is the answer's last edge.
        self.in_ready.next =
            (self.phase.q.val() == Phase::Idle) | (self.phase.q.val() == Phase::Round);
        self.accept.next = self.in_valid.val() & self.in_ready.val();

        // ---- accept: decode and unpack (codes: DivsqrtOp::ALL) ----
        self.op_fmt64.next =
            (self.in_op.val() == 1) | (self.in_op.val() == 3) | (self.in_op.val() == 9);
        self.op_int.next = (self.in_op.val() >= 4) & (self.in_op.val() <= 7);
        self.op_rcp.next = (self.in_op.val() == 8) | (self.in_op.val() == 9);
        self.op_flush64.next = (self.in_op.val() == 1) | (self.in_op.val() == 3);
        // Each sub-block input is assigned once (locals first): a glitch on a
        // path through a sub-block loops in an event-driven simulator (Icarus).
        self.a_in.next = self.in_a.val();
        self.b_in.next = self.in_b.val();
        if self.op_rcp.val() {
            // 1/x: the dividend is 1.0, the operand the divisor.
            self.a_in.next = 0x3f80_0000_u64.into();
            if self.op_fmt64.val() {
                self.a_in.next = 0x3ff0_0000_0000_0000_u64.into();
            }
            self.b_in.next = self.in_a.val();
        }
        self.daz_in.next = self.in_daz32.val();
        if self.op_fmt64.val() {
            // rcp.f64 never flushes.
            self.daz_in.next = self.in_daz64.val() & self.op_flush64.val();
        }
        self.op_signed.next = (self.in_op.val() == 4) | (self.in_op.val() == 6);
        self.ua.x.next = self.a_in.val();
        self.ub.x.next = self.b_in.val();
        self.ua.is64.next = self.op_fmt64.val();
        self.ub.is64.next = self.op_fmt64.val();
        self.ua.is_int.next = self.op_int.val();
        self.ub.is_int.next = self.op_int.val();
        self.ua.is_signed.next = self.op_signed.val();
        self.ub.is_signed.next = self.op_signed.val();
        self.ua.daz.next = self.daz_in.val();
        self.ub.daz.next = self.daz_in.val();
        self.rm_in.next = self.in_frm.val();
        if self.op_fmt64.val() {
            self.rm_in.next = self.in_frm64.val();
            if !self.op_flush64.val() {
                self.rm_in.next = 0.into();
            }
        }
        if self.rm_in.val() > 4 {
            // Reserved encodings (refused by the decoder) round to nearest.
            self.rm_in.next = 0.into();
        }

        self.acc.d.next = self.acc.q.val();
        if self.accept.val() {
            self.acc.d.next.tag = self.in_tag.val();
            self.acc.d.next.fmt64 = self.op_fmt64.val();
            self.acc.d.next.is_int = self.op_int.val();
            self.acc.d.next.is_signed = self.op_signed.val();
            self.acc.d.next.rem = (self.in_op.val() == 6) | (self.in_op.val() == 7);
            self.acc.d.next.sqrt = (self.in_op.val() == 2) | (self.in_op.val() == 3);
            self.acc.d.next.rm = self.rm_in.val();
            self.acc.d.next.ftz = self.in_ftz32.val();
            if self.op_fmt64.val() {
                self.acc.d.next.ftz = self.in_ftz64.val() & self.op_flush64.val();
            }
            self.acc.d.next.a_raw = self.in_a.val().get_bits::<32>(0);
            self.acc.d.next.a_sign = self.ua.sign.val();
            self.acc.d.next.a_zero = self.ua.zero.val();
            self.acc.d.next.a_inf = self.ua.inf.val();
            self.acc.d.next.a_nan = self.ua.nan.val();
            self.acc.d.next.a_snan = self.ua.snan.val();
            self.acc.d.next.a_sig = self.ua.sig.val();
            self.acc.d.next.a_e1 = self.ua.e1.val();
            self.acc.d.next.a_lz = self.ua.lz.val();
            self.acc.d.next.b_sign = self.ub.sign.val();
            self.acc.d.next.b_zero = self.ub.zero.val();
            self.acc.d.next.b_inf = self.ub.inf.val();
            self.acc.d.next.b_nan = self.ub.nan.val();
            self.acc.d.next.b_snan = self.ub.snan.val();
            self.acc.d.next.b_sig = self.ub.sig.val();
            self.acc.d.next.b_e1 = self.ub.e1.val();
            self.acc.d.next.b_lz = self.ub.lz.val();
        }

        // ---- setup, iterate ----
        self.setup.p.next = self.acc.q.val();
        self.step1.sqrt.next = self.meta.q.val().sqrt;
        self.step1.ws.next = self.iter.q.val().ws;
        self.step1.wc.next = self.iter.q.val().wc;
        self.step1.d.next = self.iter.q.val().d;
        self.step1.q.next = self.iter.q.val().q;
        self.step1.qm.next = self.iter.q.val().qm;
        self.step1.k.next = self.iter.q.val().k;
        self.step1.ext.next = false;
        self.step1.est_ext.next = 0.into();
        self.ahead.sqrt.next = self.meta.q.val().sqrt;
        self.ahead.ws.next = self.iter.q.val().ws;
        self.ahead.wc.next = self.iter.q.val().wc;
        self.ahead.d.next = self.iter.q.val().d;
        self.ahead.q.next = self.iter.q.val().q;
        self.ahead.qm.next = self.iter.q.val().qm;
        self.ahead.k.next = self.iter.q.val().k;
        self.est2.next = self.ahead.est_minus.val();
        if self.step1.plus.val() {
            self.est2.next = self.ahead.est_plus.val();
        }
        if self.step1.nought.val() {
            self.est2.next = self.ahead.est_zero.val();
        }
        self.step2.ext.next = true;
        self.step2.est_ext.next = self.est2.val();
        self.step2.sqrt.next = self.meta.q.val().sqrt;
        self.step2.ws.next = self.step1.ws_next.val();
        self.step2.wc.next = self.step1.wc_next.val();
        self.step2.d.next = self.iter.q.val().d;
        self.step2.q.next = self.step1.q_next.val();
        self.step2.qm.next = self.step1.qm_next.val();
        self.step2.k.next = self.step1.k_next.val();
        self.meta.d.next = self.meta.q.val();
        self.iter.d.next = self.iter.q.val();
        if self.phase.q.val() == Phase::Setup {
            self.meta.d.next = self.setup.meta.val();
            self.iter.d.next = self.setup.iter.val();
        }
        if self.phase.q.val() == Phase::Iterate {
            self.iter.d.next.ws = self.step2.ws_next.val();
            self.iter.d.next.wc = self.step2.wc_next.val();
            self.iter.d.next.q = self.step2.q_next.val();
            self.iter.d.next.qm = self.step2.qm_next.val();
            self.iter.d.next.k = self.step2.k_next.val();
            self.iter.d.next.count = self.iter.q.val().count - 1;
        }

        // ---- correct, align, round ----
        self.correct.sqrt.next = self.meta.q.val().sqrt;
        self.correct.ws.next = self.iter.q.val().ws;
        self.correct.wc.next = self.iter.q.val().wc;
        self.correct.d.next = self.iter.q.val().d;
        self.correct.q.next = self.iter.q.val().q;
        self.correct.qm.next = self.iter.q.val().qm;
        self.correct.k.next = self.iter.q.val().k;
        self.prep.bexp.next = self.meta.q.val().bexp;
        self.prep.fmt64.next = self.meta.q.val().fmt64;
        self.rest.d.next = self.rest.q.val();
        if self.phase.q.val() == Phase::Correct {
            self.rest.d.next.qsel = self.correct.qsel.val();
            self.rest.d.next.rem = self.correct.rem.val();
            self.rest.d.next.sticky = self.correct.sticky.val();
            self.rest.d.next.bn_lo = self.prep.bn_lo.val();
            self.rest.d.next.dsh_hi = self.prep.dsh_hi.val();
            self.rest.d.next.dsh_lo = self.prep.dsh_lo.val();
            self.rest.d.next.tlt_hi = self.prep.tlt_hi.val();
            self.rest.d.next.teq_hi = self.prep.teq_hi.val();
            self.rest.d.next.tlt_lo = self.prep.tlt_lo.val();
            self.rest.d.next.teq_lo = self.prep.teq_lo.val();
            self.rest.d.next.beff_hi = self.prep.beff_hi.val();
            self.rest.d.next.beff_lo = self.prep.beff_lo.val();
            self.rest.d.next.huge_hi = self.prep.huge_hi.val();
            self.rest.d.next.huge_lo = self.prep.huge_lo.val();
        }
        self.align.meta.next = self.meta.q.val();
        self.align.rest.next = self.rest.q.val();
        self.aligned.d.next = self.aligned.q.val();
        if self.phase.q.val() == Phase::Align {
            self.aligned.d.next = self.align.al.val();
        }
        self.round.meta.next = self.meta.q.val();
        self.round.al.next = self.aligned.q.val();
        // The answer is the round phase's output, presented during that phase.
        self.out_valid.next = self.phase.q.val() == Phase::Round;
        self.out_tag.next = self.meta.q.val().tag;
        self.out_result.next = self.round.result.val();
        self.out_flags.next = self.round.flags.val();

        // ---- phase sequence ----
        self.phase.d.next = self.phase.q.val();
        match self.phase.q.val() {
            Phase::Idle => {
                if self.accept.val() {
                    self.phase.d.next = Phase::Setup;
                }
            }
            Phase::Setup => self.phase.d.next = Phase::Iterate,
            Phase::Iterate => {
                if self.iter.q.val().count == 1 {
                    self.phase.d.next = Phase::Correct;
                }
            }
            Phase::Correct => self.phase.d.next = Phase::Align,
            Phase::Align => self.phase.d.next = Phase::Round,
            Phase::Round => {
                self.phase.d.next = Phase::Idle;
                if self.accept.val() {
                    self.phase.d.next = Phase::Setup;
                }
            }
        }
    }
}

impl PortIo for Divsqrt {
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

/// The unit's Verilog, top module named `divsqrt`.
pub fn verilog() -> String {
    let mut uut = Divsqrt::default();
    uut.connect_all();
    crate::registry::rename_top(&generate_verilog(&uut), "divsqrt")
}
