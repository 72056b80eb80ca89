//! RTL of the DFMA unit (SPEC.md §2): DFMA, DADD, DMUL, DMNMX, DSETP on
//! binary64, one operation per clock, a fixed latency, the tag carried through.
//!
//! # Datapath
//! The math is ten combinational phases, each in the file of its model phase;
//! this module only places the registers between them (after rocket-chip's
//! `LatencyPipe`: timing apart from math). Phases 1, 3, 5, 6 and 8 are two
//! halves each (`a` | `b` below), with a boundary `km` between them that only
//! the units deeper than [`PHASES`] register.
//!
//! | phase | block(s) | does | widths |
//! |---|---|---|---|
//! | 1 | [`UnpackPre`] \| [`Unpack`] → [`AlignAmount`] | field tests of a, b, c, every exponent chain (raw fields, carry-save, one chain per operand form), the magnitude compare in two halves, the addend's "has a one" flags \| modifiers, `x·y + z` operands (no significand doubled), classes of a, b, c, the opcode's pick among the chains, the compare's combination; the alignment amount clamped | 3×64 → 3×53 sig, 13-bit exponent arithmetic |
//! | 2 | [`MulTiles`] ∥ [`AlignCoarse`] ∥ [`Special`] | 16 tiles of 16×16 (16 DSPs) wired into 8 rows; addend shift by 128/64, `limit`; classes of x, y, z by the opcode, bypass decisions (which word, the constant part) | 8×106; 165 + sticky, 12; 4 + 64 |
//! | 3 | [`MulCompressA`] ∥ [`AlignMid`] ∥ [`SpecialPick`] \| [`MulCompress`] ∥ [`AlignMid8`] | carry-save levels 1–2 (8 → 4 vectors); shift by 32/16, sticky read off the input; the bypass word \| levels 3–4 (4 → 2), ×2 per subnormal factor; shift by 8 | 4×106, 2×106; 165; 64 |
//! | 4 | [`MulAdd`] ∥ [`AlignFine`] ∥ [`SentinelDecode`] ∥ [`BypassClass`] | product carry-propagate add; shift by 4/2/1, jam, low part inverted for a subtraction; `limit` in two one-hot parts; the bypass word a NaN / subnormal (for phase 9) | 106; 165 + 109; 2×16; 64 |
//! | 5 | [`AccAddLo`] ∥ [`Sentinel`] \| [`AccAdd`] | `P ± C` and `C − P` low parts' chains over window bits 0..=54 with their carries, high part ±1; normalisation limit as a one-hot bit \| the chains' upper 54 bits | 2×56, 3×56; 165 \| 2×55 |
//! | 6 | [`AccSelect`] → [`LzcNibbles`] ×2 \| [`LzcPair`] | both candidate magnitudes, `c_bigger` (one LUT from registers), sign, exact zero; nibble flags and counts of both candidates ∣ sentinel \| 16-bit group leading zeros of both, the chosen one's kept | 2×165; 2×44×(1+2) \| 11×(1+4) |
//! | 7 | [`LzcMerge`] ∥ [`MagPick`] | group merge tree: the shift, `min(lz, limit)`; the magnitude | 8; 165 |
//! | 8 | [`NormCoarse`] \| [`NormMid`] | shift left by 128/64, sticky off the input; result exponent, and the overflow flag on a chain of its own \| shift left by 32/16, sticky | 165 (48.. used), 12 \| 165 (96.. used) |
//! | 9 | [`NormFine`] ∥ [`RoundPrep`] | shift left by 8/4/2/1; sig, round, sticky, the bit under the round bit, the fraction's all-ones test beside the shifter; mode decode, exponent + 1, forced answer and its flags (bypass, cancellation, overflow) | 53+4; 64 + 5 |
//! | 10 | [`RoundPack`] | `sig + 1` beside the increment decision, carry into bit 52, pack, forced answer; the flags beside | 64 + 5 |
//!
//! # The core and the NVIDIA unit
//! The datapath is [`DfmaCore`]: a 3-bit `in_rm` (0 RN, 1 RM, 2 RP, 3 RZ,
//! 4 RMM) and an `out_flags` port (NV 0x10, DZ 0x08, OF 0x04, UF 0x02,
//! NX 0x01, RISC-V order, DZ never set), with the latency of the result. The
//! RISC-V `fp64` unit instantiates it as a sub-block and does the rest around
//! it (DAZ, FTZ, canonical NaNs, fsub, the compare's exec bit, the mode).
//! [`Dfma`], the NVIDIA unit of SPEC.md §2, is the core behind the ports of
//! INTERFACES.md (a 2-bit `in_rm`, so RMM cannot be asked for, and no
//! flags): its `out_flags` is left unconnected and synthesis removes the
//! flag logic, so the NVIDIA unit's ports, vectors and netlist stay what
//! they were. The flags never sit in series with a slow path:
//! - NV and the tiny product's UF|NX are decided in phase 2 beside the
//!   bypass ([`Special`]) and travel in the control word ([`Control::flags`]);
//! - phase 9 ([`RoundPrep`]) makes the forced answer's flags and `e_b = 2046`;
//!   [`NormFine`] hands over the bit under the round bit (`round2`);
//! - phase 10 ([`RoundPack`]) forms NX, OF (the rounding's carry at
//!   `e_b = 2046`) and UF (tiny after rounding) from registered bits and the
//!   increment, into the flags' own register `f10` beside the result's.
//!
//! # The sum window ([`SUM_W`] = 165 bits)
//! As in the golden model (see [`model`](crate::dfma::model)), with one
//! difference: significands are **not normalised** at unpack (a subnormal
//! keeps its leading zeros; its doubling, `frac · 2^(1 − 1075)` against its
//! field 0, is done on the product in phase 3 and by a one-bit-higher
//! placement of the addend, see [`Unpack`] and [`AlignCoarse`]). That saves two 53-bit normalising shifters
//! and a pipeline stage before the multiplier. The results stay exact because:
//! - the final leading-zero count spans the whole window, so an un-normalised
//!   product is normalised there;
//! - a jammed addend (more than [`ADDEND_LSB`] places under the product)
//!   subtracts like the exact one only if the result's round bit is at window
//!   bit 1 or above. With one subnormal factor the product's leading one can
//!   sit 51 places lower than usual, so the product starts [`GUARD_W`] = 3
//!   bits up (the model uses 2): its leading one is then at bit 56 or above,
//!   the difference keeps its leading one at bit 55 or above, and the round bit
//!   at 2 or above;
//! - with two subnormal factors (or one and a small partner) the product is
//!   under 2^-1077: a non-zero addend then leads by more than
//!   [`ADDEND_LEAD`] binades and the product is only sticky; a zero addend is
//!   the `tiny` bypass of phase 2 (±0 or ±2^-1074 by the rounding mode). So
//!   the window's top never lies under EMIN and the normaliser only shifts left.
//!
//! # Register placement
//! Boundary `k` (after phase `k`) carries the control word ([`Control`]:
//! valid, tag, rounding mode, bypass and its flags) and the bundle `StageK`; boundary `km`
//! (inside phase `k`) the control word and `MidK` (and at 1m the [`Pre1`]).
//! Each is a [`Boundary`], a register or a wire chosen when the unit is built
//! from the pipeline depth ([`stage_plan`]); the boundaries in pipeline order
//! are [`B1M`] … [`B10`] ([`BOUNDARY_NAMES`]). Boundary 10 is always a
//! register. Depth [`PHASES`] (10) registers every phase boundary; a
//! shallower unit groups consecutive phases by their estimated delays
//! ([`PHASE_DELAY_NS`]); a deeper one (11..=[`MAX_DEPTH`]) adds the
//! mid-phase boundaries in the order of [`MID_PRIORITY`] (the phases'
//! slowest paths at depth 10). The choice becomes the boundary module's
//! `localparam registered`, and synthesis removes the unused registers. In a
//! VCD of the `dfma` unit, boundary `k`'s values are `uut.core.sK.q$<field>`
//! and `uut.core.ctlK.q$<field>`, boundary `km`'s `uut.core.mK.q$<field>` and
//! `uut.core.ctlKm.q$<field>`.
//!
//! # Measured on ECP5-85k, speed grade 6 (`rtl-gen fpga <unit> --target ecp5-85k --seeds 3 --profile 25`)
//! The unit alone (yosys `synth_ecp5`, LUTs mapped with abc9 at a 2000 ps
//! wire delay: [`ECP5_LUT_WIRE_PS`](crate::dfma::codec::ECP5_LUT_WIRE_PS)),
//! Fmax of the unit in the registered-I/O wrapper (nextpnr-ecp5) on
//! placement seeds 1, 2, 3; the steps, the per-seed paths and what was
//! tried are in `docs/notes-fp-clock.md`, the history in `docs/qor.md`.
//!
//! | unit | depth = latency | LUT4 | FF | CCU2C | MULT18X18D | DP16KD | seeds 1 / 2 / 3 (MHz) | median |
//! |---|---|---|---|---|---|---|---|---|
//! | `dfma` (2026-12-02, `in_flush` tied to 0, the forced answer decided in phase 9) | 15 | 4,924 | 6,323 | 321 | 16 | 0 | 156.79 / 155.06 / 159.52 | 156.79 |
//! | `dfma` before that | 15 | 4,992 | 6,323 | 321 | 16 | 0 | 155.21 / 142.11 / 156.94 | 155.21 |
//! | `dfma` before the multiplier's operands moved into phase 1a | 15 | 5,078 | 6,269 | 321 | 16 | 0 | 147.54 / 142.55 / 160.36 | 147.54 |
//! | `dfma_d12` | 12 | 4,950 | 5,074 | 321 | 16 | 0 | 107.56 / 105.16 / 102.88 | 105.16 |
//! | `dfma_d10` | 10 | 5,393 | 3,838 | 321 | 16 | 0 | 105.47 / 105.06 / 103.34 | 105.06 |
//!
//! The `dfma` row is the [`Dfma`] around [`DfmaCore`], re-measured
//! 2026-12-02 with the core's `out_nan`/`out_sub` left unconnected (before
//! them, 2026-12-01: 5,043 LUT4, 146.18 / 147.60 / 155.96 MHz; the
//! unconnected flags cost nothing, the flip-flops are the same; slowest
//! paths then: seed 1 phase 6a, seed 2 a DSP tile's output into boundary 2
//! (6.78 ns, 2.91 of it routing), seed 3 phase 10's `sig + 1` chain,
//! 6.41 ns). The other rows predate the split.
//!
//! 150 MHz is met as a median since the multiplier's operands (`sig_x`,
//! `sig_y`, with ADD's 1.0) are formed in phase 1a and registered at 1m
//! with [`Pre1`], so boundary 1m feeds the DSP tiles' input registers
//! through no logic (2026-12-02): before, the opcode's ADD decode and the
//! 1.0 select in phase 1b were the slowest path of seeds 1 and 2 (6.78 and
//! 7.02 ns). The slowest groups now: seed 1 phase 1a (the exponent chains
//! from the input register into `p1`, 6.44 ns) and 6a (6.41); seed 2 the
//! same phase 1a path at 7.04 ns (2.12 ns of routing out of the wrapper's
//! input flip-flop); seed 3 phase 2 (6.37).
//!
//! Before that, 150 MHz was not met as a median: at depth 15 (the run before the split,
//! seeds 156.01 / 147.69 / 134.93 MHz, 5,057 LUT4) the slowest paths were phase
//! 6a (boundary 5's `lo1` → the candidates' logic → boundary 6m: 6.77 ns on
//! seed 2; on seed 3, 7.41 ns through the exact-zero test, a 109-bit NOR),
//! phase 1b (the opcode's pick among the shift chains, then the clamp, into
//! boundary 1: 6.04–6.89) and phase 8a (6.37–6.41); routing is 66–75 % of
//! each. Depths 1–14 leave 5m a wire: each accumulate chain is then two
//! chains joined through a LUT, 9.30–9.72 ns, the slowest path of
//! `dfma_d10` and `dfma_d12` on every seed measured.

pub mod accumulate;
pub mod align;
pub mod multiply;
pub mod normalise;
pub mod round;
pub mod special;
pub mod stages;
pub mod tile;
pub mod unpack;
pub use stages::*;

pub use accumulate::{AccAdd, AccAddLo, AccSelect, MagPick, LOW_CARRY_W, UPPER_W};
pub use align::{AlignAmount, AlignCoarse, AlignFine, AlignMid, AlignMid8};
pub use multiply::{MulAdd, MulCompress, MulCompressA, MulTiles};
pub use normalise::{
    LzcGroups, LzcGroupsOf, LzcMerge, LzcNibbles, LzcPair, NormCoarse, NormFine, NormMid, Sentinel,
    SentinelDecode, NIBBLES,
};
pub use round::{BypassClass, RoundPack, RoundPrep};
pub use special::{Special, SpecialPick};
pub use tile::DspTile;
pub use unpack::{Pre1, Unpack, UnpackPre};

use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of the opcode `in_op`: 0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP.
pub const OP_W: usize = 3;
/// Width of the SETP compare `in_cmp` ([`Cmp::code`](crate::dfma::Cmp::code)).
pub const CMP_W: usize = 4;
/// Width of the datapath's rounding mode ([`DfmaCore::in_rm`]): 0 RN, 1 RM,
/// 2 RP, 3 RZ, 4 RMM.
pub const RM_W: usize = 3;
/// Width of the NVIDIA unit's rounding mode ([`Dfma::in_rm`]): 0 RN, 1 RM, 2 RP, 3 RZ.
pub const DFMA_RM_W: usize = 2;
/// Width of the exception flags [`DfmaCore::out_flags`]: NV, DZ, OF, UF, NX
/// (bits 4..0, RISC-V `fflags` order).
pub const FLAGS_W: usize = 5;
/// Width of the modifier fields `in_neg`, `in_abs`: bit 0 a, bit 1 b, bit 2 c.
pub const MOD_W: usize = 3;
/// Operand and result width.
pub const DATA_W: usize = 64;
/// Significand with its hidden bit.
pub const SIG_W: usize = 53;
/// The significands' product.
pub const PROD_W: usize = 2 * SIG_W;
/// Zero bits under the product in the sum window (see the module documentation).
pub const GUARD_W: usize = 3;
/// Window position of the product's MSB.
pub const PROD_MSB: usize = GUARD_W + PROD_W - 1;
/// Window position of the addend's LSB before alignment: three bits above the
/// product, as in the model.
pub const ADDEND_LSB: usize = PROD_MSB + 3;
/// Sum window: the unshifted addend plus a carry bit.
pub const SUM_W: usize = ADDEND_LSB + SIG_W + 1;
/// Binades the addend may lead the product before the alignment shift is 0.
pub const ADDEND_LEAD: usize = ADDEND_LSB - GUARD_W - (SIG_W - 1);
/// The accumulate's low part: the bits where the product lives.
pub const LOW_W: usize = PROD_MSB + 1;
/// The accumulate's high part: addend only.
pub const HIGH_W: usize = SUM_W - LOW_W;
/// Window position of the round bit after normalisation.
pub const ROUND_POS: usize = SUM_W - SIG_W - 1;
/// Two's complement width of the exponent arithmetic (range −3011..=3125).
pub const EXP_CALC_W: usize = 13;
/// Width of `limit` and of the result's biased exponent before rounding (0..=3126).
pub const LIMIT_W: usize = 12;
/// Width of the alignment and normalisation shift amounts.
pub const SHIFT_W: usize = 8;
/// Phases (one register each at depth [`PHASES`]).
pub const PHASES: usize = 10;
/// The boundaries in pipeline order (the index of each in a [`stage_plan`]):
/// boundary `k` follows phase `k`, boundary `km` splits phase `k` in two
/// halves.
pub const B1M: usize = 0;
pub const B1: usize = 1;
pub const B2: usize = 2;
pub const B3M: usize = 3;
pub const B3: usize = 4;
pub const B4: usize = 5;
pub const B5M: usize = 6;
pub const B5: usize = 7;
pub const B6M: usize = 8;
pub const B6: usize = 9;
pub const B7: usize = 10;
pub const B8M: usize = 11;
pub const B8: usize = 12;
pub const B9: usize = 13;
pub const B10: usize = 14;
/// Most pipeline registers (every boundary).
pub const MAX_DEPTH: usize = 15;
/// The boundary after each phase.
pub const PHASE_END: [usize; PHASES] = [B1, B2, B3, B4, B5, B6, B7, B8, B9, B10];
/// The mid-phase boundaries in the order deeper units add them: a unit of
/// depth `d > PHASES` registers every phase boundary and the first
/// `d − PHASES` of these (the order of the phases' slowest paths at depth
/// 10, seed 1: 3 7.59 ns, 6 7.58, 1 7.24, 8 7.20, 5 6.83).
pub const MID_PRIORITY: [usize; MAX_DEPTH - PHASES] = [B3M, B6M, B1M, B8M, B5M];
/// The depth `rtl-gen` builds when none is asked for.
pub const DEFAULT_DEPTH: usize = 15;

// The literal offsets inside the phases' `#[hdl_gen]` code assume these values.
const _: () = assert!(PROD_MSB == 108 && ADDEND_LSB == 111 && SUM_W == 165);
const _: () = assert!(ADDEND_LEAD == 56 && LOW_W == 109 && HIGH_W == 56 && ROUND_POS == 111);

/// Estimated delay (ns) of each phase on an ECP5-85 (speed 6) after place and
/// route: clock-to-out, logic, routing and setup, from the measured runs. Only
/// used to group phases when the depth is below [`PHASES`].
pub const PHASE_DELAY_NS: [f64; PHASES] = [7.0, 7.5, 5.5, 6.4, 6.6, 6.5, 7.0, 6.0, 6.0, 6.8];

/// Which phase boundaries are registers for `depth` (1..=[`PHASES`])
/// registers: the last one always, the others splitting the phases into
/// `depth` consecutive groups whose largest estimated delay is smallest (the
/// earliest such split on ties).
fn phase_plan(depth: usize) -> [bool; PHASES] {
    crate::hw::boundary::balanced_plan(&PHASE_DELAY_NS, depth)
}

/// Which boundaries (indexed in pipeline order, [`B1M`]..=[`B10`]) are
/// registers for a pipeline of `depth` registers (1..=[`MAX_DEPTH`]): up to
/// [`PHASES`], phase boundaries only ([`phase_plan`]: the mid-phase
/// boundaries are wires); beyond, every phase boundary and the first
/// `depth − PHASES` of [`MID_PRIORITY`].
pub fn stage_plan(depth: usize) -> [bool; MAX_DEPTH] {
    assert!(
        (1..=MAX_DEPTH).contains(&depth),
        "DFMA depth must be 1..={MAX_DEPTH}, not {depth}"
    );
    let mut plan = [false; MAX_DEPTH];
    if depth <= PHASES {
        for (k, registered) in phase_plan(depth).into_iter().enumerate() {
            plan[PHASE_END[k]] = registered;
        }
    } else {
        for b in PHASE_END {
            plan[b] = true;
        }
        for &b in &MID_PRIORITY[..depth - PHASES] {
            plan[b] = true;
        }
    }
    plan
}

/// The boundaries' names in pipeline order (`1m`, `1`, `2`, `3m`, …).
pub const BOUNDARY_NAMES: [&str; MAX_DEPTH] = [
    "1m", "1", "2", "3m", "3", "4", "5m", "5", "6m", "6", "7", "8m", "8", "9", "10",
];

/// The pipeline boundary shared by the units (`crate::hw::boundary`).
pub use crate::hw::boundary::Boundary;

/// The DFMA datapath with its RISC-V capabilities (3-bit `in_rm` with RMM,
/// `out_flags`); the NVIDIA [`Dfma`] and the `fp64` unit instantiate it.
/// Build it with [`DfmaCore::new`] (the pipeline depth); `Default` is
/// [`DEFAULT_DEPTH`].
///
/// Its `update` only wires: phase outputs into boundary inputs, boundary
/// outputs into phase inputs, each once. (Reading and writing one of its own
/// local signals on both sides of a phase would look like a combinational
/// loop to Verilator; writing a boundary input twice in one pass would make a
/// glitch that an event-driven simulator chases forever.)
#[derive(LogicBlock)]
pub struct DfmaCore {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// 0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP (6, 7 reserved: answer 0).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// SETP compare: 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge, 6 equ, 7 neu, 8 ltu,
    /// 9 leu, 10 gtu, 11 geu, 12 num, 13 nan (14, 15: false).
    pub in_cmp: Signal<In, Bits<CMP_W>>,
    /// Rounding mode of FMA/ADD/MUL: 0 RN, 1 RM, 2 RP, 3 RZ, 4 RMM (5..=7
    /// reserved: they round toward zero).
    pub in_rm: Signal<In, Bits<RM_W>>,
    /// Negate a, b, c (bits 0, 1, 2), after `in_abs`.
    pub in_neg: Signal<In, Bits<MOD_W>>,
    /// Absolute value of a, b, c (bits 0, 1, 2).
    pub in_abs: Signal<In, Bits<MOD_W>>,
    /// Operands (binary64).
    pub in_a: Signal<In, Bits<DATA_W>>,
    pub in_b: Signal<In, Bits<DATA_W>>,
    pub in_c: Signal<In, Bits<DATA_W>>,
    /// DAZ of a, b, c (bits 0, 1, 2): read the operand as the zero of its
    /// sign; set only for an operand whose exponent field is 0. Applied
    /// inside phase 1 where the fraction is read, not in front of its
    /// compare chains (the `fp64` unit's MODE.daz64; the NVIDIA [`Dfma`]
    /// ties it to 0, and its netlist loses the logic).
    pub in_flush: Signal<In, Bits<MOD_W>>,
    /// The operation accepted `latency` cycles ago answers this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Its tag.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Its result (0 for SETP).
    pub out_d: Signal<Out, Bits<DATA_W>>,
    /// SETP's predicate (0 for the other operations).
    pub out_pred: Signal<Out, Bit>,
    /// Its exception flags: NV 0x10, DZ 0x08 (never), OF 0x04, UF 0x02
    /// (tiny after rounding and inexact), NX 0x01.
    pub out_flags: Signal<Out, Bits<FLAGS_W>>,
    /// `out_d` is a NaN, is subnormal: decided beside the result (for the
    /// `fp64` unit's canonical NaN and FTZ; the NVIDIA [`Dfma`] leaves them
    /// unconnected).
    pub out_nan: Signal<Out, Bit>,
    pub out_sub: Signal<Out, Bit>,

    /// Phases (combinational).
    pub unpack_pre: UnpackPre,
    pub unpack: Unpack,
    pub align_amount: AlignAmount,
    pub special: Special,
    pub special_pick: SpecialPick,
    pub tiles: MulTiles,
    pub align_coarse: AlignCoarse,
    pub compress_a: MulCompressA,
    pub compress: MulCompress,
    pub align_mid: AlignMid,
    pub align_mid8: AlignMid8,
    pub mul_add: MulAdd,
    pub align_fine: AlignFine,
    pub sentinel_decode: SentinelDecode,
    pub acc_add_lo: AccAddLo,
    pub acc_add: AccAdd,
    pub sentinel: Sentinel,
    pub acc_select: AccSelect,
    pub nib_p: LzcNibbles,
    pub nib_c: LzcNibbles,
    pub lzc_pair: LzcPair,
    pub lzc_merge: LzcMerge,
    pub mag_pick: MagPick,
    pub norm_coarse: NormCoarse,
    pub norm_mid: NormMid,
    pub norm_fine: NormFine,
    pub round_prep: RoundPrep,
    pub round_pack: RoundPack,
    /// Phase 4, beside the control word: the bypass word's NaN/subnormal test.
    pub bypass_class: BypassClass,

    /// Boundary `k` (after phase `k`): the control word and the stage's
    /// bundle; boundary `km` (inside phase `k`): the control word and `Midk`.
    pub ctl1m: Boundary<Control>,
    pub m1: Boundary<Mid1>,
    pub p1: Boundary<Pre1>,
    pub ctl1: Boundary<Control>,
    pub s1: Boundary<Stage1>,
    pub ctl2: Boundary<Control>,
    pub s2: Boundary<Stage2>,
    pub ctl3m: Boundary<Control>,
    pub m3: Boundary<Mid3>,
    pub ctl3: Boundary<Control>,
    pub s3: Boundary<Stage3>,
    pub ctl4: Boundary<Control>,
    pub s4: Boundary<Stage4>,
    pub ctl5m: Boundary<Control>,
    pub m5: Boundary<Mid5>,
    pub ctl5: Boundary<Control>,
    pub s5: Boundary<Stage5>,
    pub ctl6m: Boundary<Control>,
    pub m6: Boundary<Mid6>,
    pub ctl6: Boundary<Control>,
    pub s6: Boundary<Stage6>,
    pub ctl7: Boundary<Control>,
    pub s7: Boundary<Stage7>,
    pub ctl8m: Boundary<Control>,
    pub m8: Boundary<Mid8>,
    pub ctl8: Boundary<Control>,
    pub s8: Boundary<Stage8>,
    pub ctl9: Boundary<Control>,
    pub s9: Boundary<Stage9>,
    /// Boundary 10, always a register: the control word, the result, its flags.
    pub ctl10: Boundary<Control>,
    pub d10: Boundary<Bits<DATA_W>>,
    pub f10: Boundary<Bits<FLAGS_W>>,
    /// `{nan, sub}` of the result.
    pub k10: Boundary<Bits<2>>,
}

impl Default for DfmaCore {
    fn default() -> Self {
        Self::new(DEFAULT_DEPTH)
    }
}

impl DfmaCore {
    /// A unit with `depth` pipeline registers (1..=[`MAX_DEPTH`]); its latency
    /// is `depth` cycles.
    pub fn new(depth: usize) -> Self {
        let plan = stage_plan(depth);
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_cmp: Default::default(),
            in_rm: Default::default(),
            in_neg: Default::default(),
            in_abs: Default::default(),
            in_a: Default::default(),
            in_b: Default::default(),
            in_c: Default::default(),
            in_flush: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_d: Default::default(),
            out_pred: Default::default(),
            out_flags: Default::default(),
            out_nan: Default::default(),
            out_sub: Default::default(),
            unpack_pre: Default::default(),
            unpack: Default::default(),
            align_amount: Default::default(),
            special: Default::default(),
            special_pick: Default::default(),
            tiles: MulTiles::new(plan[B1]),
            align_coarse: Default::default(),
            compress_a: Default::default(),
            compress: Default::default(),
            align_mid: Default::default(),
            align_mid8: Default::default(),
            mul_add: Default::default(),
            align_fine: Default::default(),
            sentinel_decode: Default::default(),
            acc_add_lo: Default::default(),
            acc_add: Default::default(),
            sentinel: Default::default(),
            acc_select: Default::default(),
            nib_p: Default::default(),
            nib_c: Default::default(),
            lzc_pair: Default::default(),
            lzc_merge: Default::default(),
            mag_pick: Default::default(),
            norm_coarse: Default::default(),
            norm_mid: Default::default(),
            norm_fine: Default::default(),
            round_prep: Default::default(),
            round_pack: Default::default(),
            bypass_class: Default::default(),
            ctl1m: Boundary::new(plan[B1M]),
            m1: Boundary::new(plan[B1M]),
            p1: Boundary::new(plan[B1M]),
            ctl1: Boundary::new(plan[B1]),
            s1: Boundary::new(plan[B1]),
            ctl2: Boundary::new(plan[B2]),
            s2: Boundary::new(plan[B2]),
            ctl3m: Boundary::new(plan[B3M]),
            m3: Boundary::new(plan[B3M]),
            ctl3: Boundary::new(plan[B3]),
            s3: Boundary::new(plan[B3]),
            ctl4: Boundary::new(plan[B4]),
            s4: Boundary::new(plan[B4]),
            ctl5m: Boundary::new(plan[B5M]),
            m5: Boundary::new(plan[B5M]),
            ctl5: Boundary::new(plan[B5]),
            s5: Boundary::new(plan[B5]),
            ctl6m: Boundary::new(plan[B6M]),
            m6: Boundary::new(plan[B6M]),
            ctl6: Boundary::new(plan[B6]),
            s6: Boundary::new(plan[B6]),
            ctl7: Boundary::new(plan[B7]),
            s7: Boundary::new(plan[B7]),
            ctl8m: Boundary::new(plan[B8M]),
            m8: Boundary::new(plan[B8M]),
            ctl8: Boundary::new(plan[B8]),
            s8: Boundary::new(plan[B8]),
            ctl9: Boundary::new(plan[B9]),
            s9: Boundary::new(plan[B9]),
            ctl10: Boundary::new(true),
            d10: Boundary::new(true),
            f10: Boundary::new(true),
            k10: Boundary::new(true),
        }
    }

    /// Cycles from `in_valid` to `out_valid`: the number of registered boundaries.
    pub fn latency(&self) -> usize {
        [
            self.ctl1m.is_registered(),
            self.ctl1.is_registered(),
            self.ctl2.is_registered(),
            self.ctl3m.is_registered(),
            self.ctl3.is_registered(),
            self.ctl4.is_registered(),
            self.ctl5m.is_registered(),
            self.ctl5.is_registered(),
            self.ctl6m.is_registered(),
            self.ctl6.is_registered(),
            self.ctl7.is_registered(),
            self.ctl8m.is_registered(),
            self.ctl8.is_registered(),
            self.ctl9.is_registered(),
            self.ctl10.is_registered(),
        ]
        .iter()
        .filter(|&&r| r)
        .count()
    }
}

impl Logic for DfmaCore {
    #[hdl_gen]
    fn update(&mut self) {
        self.ctl1m.clock.next = self.clock.val();
        self.m1.clock.next = self.clock.val();
        self.p1.clock.next = self.clock.val();
        self.ctl3m.clock.next = self.clock.val();
        self.m3.clock.next = self.clock.val();
        self.ctl5m.clock.next = self.clock.val();
        self.m5.clock.next = self.clock.val();
        self.ctl6m.clock.next = self.clock.val();
        self.m6.clock.next = self.clock.val();
        self.ctl8m.clock.next = self.clock.val();
        self.m8.clock.next = self.clock.val();
        self.ctl1.clock.next = self.clock.val();
        self.s1.clock.next = self.clock.val();
        self.ctl2.clock.next = self.clock.val();
        self.s2.clock.next = self.clock.val();
        self.ctl3.clock.next = self.clock.val();
        self.s3.clock.next = self.clock.val();
        self.ctl4.clock.next = self.clock.val();
        self.s4.clock.next = self.clock.val();
        self.ctl5.clock.next = self.clock.val();
        self.s5.clock.next = self.clock.val();
        self.ctl6.clock.next = self.clock.val();
        self.s6.clock.next = self.clock.val();
        self.ctl7.clock.next = self.clock.val();
        self.s7.clock.next = self.clock.val();
        self.ctl8.clock.next = self.clock.val();
        self.s8.clock.next = self.clock.val();
        self.ctl9.clock.next = self.clock.val();
        self.s9.clock.next = self.clock.val();
        self.ctl10.clock.next = self.clock.val();
        self.d10.clock.next = self.clock.val();
        self.f10.clock.next = self.clock.val();
        self.k10.clock.next = self.clock.val();

        // ---- phase 1, first half: field tests, exponent chains, compare halves ----
        self.unpack_pre.a.next = self.in_a.val();
        self.unpack_pre.b.next = self.in_b.val();
        self.unpack_pre.c.next = self.in_c.val();
        self.unpack_pre.op.next = self.in_op.val();
        self.unpack_pre.flush.next = self.in_flush.val();
        self.ctl1m.d.next.valid = self.in_valid.val();
        self.ctl1m.d.next.tag = self.in_tag.val();
        self.ctl1m.d.next.rm = self.in_rm.val();
        self.ctl1m.d.next.bypass = false;
        self.ctl1m.d.next.bypass_d = 0.into();
        self.ctl1m.d.next.pred = false;
        self.ctl1m.d.next.flags = 0.into();
        self.ctl1m.d.next.bnan = false;
        self.ctl1m.d.next.bsub = false;
        self.m1.d.next.op = self.in_op.val();
        self.m1.d.next.cmp = self.in_cmp.val();
        self.m1.d.next.neg = self.in_neg.val();
        self.m1.d.next.abs = self.in_abs.val();
        // The operands with DAZ applied (the fraction of a flushed one cleared).
        self.m1.d.next.a = self.unpack_pre.a_daz.val();
        self.m1.d.next.b = self.unpack_pre.b_daz.val();
        self.m1.d.next.c = self.unpack_pre.c_daz.val();
        self.p1.d.next.a_emax = self.unpack_pre.a_emax.val();
        self.p1.d.next.a_ezero = self.unpack_pre.a_ezero.val();
        self.p1.d.next.a_fzero = self.unpack_pre.a_fzero.val();
        self.p1.d.next.b_emax = self.unpack_pre.b_emax.val();
        self.p1.d.next.b_ezero = self.unpack_pre.b_ezero.val();
        self.p1.d.next.b_fzero = self.unpack_pre.b_fzero.val();
        self.p1.d.next.c_emax = self.unpack_pre.c_emax.val();
        self.p1.d.next.c_ezero = self.unpack_pre.c_ezero.val();
        self.p1.d.next.c_fzero = self.unpack_pre.c_fzero.val();
        self.p1.d.next.s_fma = self.unpack_pre.s_fma.val();
        self.p1.d.next.lead_fma = self.unpack_pre.lead_fma.val();
        self.p1.d.next.t_fma = self.unpack_pre.t_fma.val();
        self.p1.d.next.s_add = self.unpack_pre.s_add.val();
        self.p1.d.next.lead_add = self.unpack_pre.lead_add.val();
        self.p1.d.next.t_add = self.unpack_pre.t_add.val();
        self.p1.d.next.lt_hi = self.unpack_pre.lt_hi.val();
        self.p1.d.next.eq_hi = self.unpack_pre.eq_hi.val();
        self.p1.d.next.lt_lo = self.unpack_pre.lt_lo.val();
        self.p1.d.next.eq_lo = self.unpack_pre.eq_lo.val();
        self.p1.d.next.b_lo_any = self.unpack_pre.b_lo_any.val();
        self.p1.d.next.b_hi_any = self.unpack_pre.b_hi_any.val();
        self.p1.d.next.c_lo_any = self.unpack_pre.c_lo_any.val();
        self.p1.d.next.c_hi_any = self.unpack_pre.c_hi_any.val();
        self.p1.d.next.sig_x = self.unpack_pre.sig_x.val();
        self.p1.d.next.sig_y = self.unpack_pre.sig_y.val();
        self.p1.d.next.mag_fix = self.unpack_pre.mag_fix.val();

        // ---- phase 1, second half: unpack ----
        self.unpack.op.next = self.m1.q.val().op;
        self.unpack.neg.next = self.m1.q.val().neg;
        self.unpack.abs.next = self.m1.q.val().abs;
        self.unpack.a.next = self.m1.q.val().a;
        self.unpack.b.next = self.m1.q.val().b;
        self.unpack.c.next = self.m1.q.val().c;
        self.unpack.pre.next = self.p1.q.val();
        self.ctl1.d.next = self.ctl1m.q.val();
        self.s1.d.next.op = self.m1.q.val().op;
        self.s1.d.next.cmp = self.m1.q.val().cmp;
        self.s1.d.next.x = self.unpack.x.val();
        self.s1.d.next.y = self.unpack.y.val();
        self.s1.d.next.z = self.unpack.z.val();
        self.s1.d.next.sig_z = self.unpack.sig_z.val();
        self.s1.d.next.z_lo_any = self.unpack.z_lo_any.val();
        self.s1.d.next.z_hi_any = self.unpack.z_hi_any.val();
        self.s1.d.next.a_nan = self.unpack.a_nan.val();
        self.s1.d.next.a_inf = self.unpack.a_inf.val();
        self.s1.d.next.a_zero = self.unpack.a_zero.val();
        self.s1.d.next.b_nan = self.unpack.b_nan.val();
        self.s1.d.next.b_inf = self.unpack.b_inf.val();
        self.s1.d.next.b_zero = self.unpack.b_zero.val();
        self.s1.d.next.c_nan = self.unpack.c_nan.val();
        self.s1.d.next.c_inf = self.unpack.c_inf.val();
        self.s1.d.next.c_zero = self.unpack.c_zero.val();
        self.s1.d.next.sign_p = self.unpack.sign_p.val();
        self.s1.d.next.eff_sub = self.unpack.eff_sub.val();
        self.s1.d.next.z_leads = self.unpack.z_leads.val();
        self.align_amount.z_leads.next = self.unpack.z_leads.val();
        self.align_amount.z_shift.next = self.unpack.z_shift.val();
        self.align_amount.sub_z.next = self.unpack.sub_z.val();
        self.s1.d.next.amount = self.align_amount.amount.val();
        self.s1.d.next.s = self.unpack.s.val();
        self.s1.d.next.fz = self.unpack.fz.val();
        self.s1.d.next.mag_lt = self.unpack.mag_lt.val();
        self.s1.d.next.mag_eq = self.unpack.mag_eq.val();
        self.s1.d.next.sub_x = self.unpack.sub_x.val();
        self.s1.d.next.sub_y = self.unpack.sub_y.val();

        // ---- phase 2: tiles, coarse alignment, bypass ----
        self.special.op.next = self.s1.q.val().op;
        self.special.cmp.next = self.s1.q.val().cmp;
        self.special.rm.next = self.ctl1.q.val().rm;
        self.special.x.next = self.s1.q.val().x;
        self.special.y.next = self.s1.q.val().y;
        self.special.z.next = self.s1.q.val().z;
        self.special.a_nan.next = self.s1.q.val().a_nan;
        self.special.a_inf.next = self.s1.q.val().a_inf;
        self.special.a_zero.next = self.s1.q.val().a_zero;
        self.special.b_nan.next = self.s1.q.val().b_nan;
        self.special.b_inf.next = self.s1.q.val().b_inf;
        self.special.b_zero.next = self.s1.q.val().b_zero;
        self.special.c_nan.next = self.s1.q.val().c_nan;
        self.special.c_inf.next = self.s1.q.val().c_inf;
        self.special.c_zero.next = self.s1.q.val().c_zero;
        self.special.sign_p.next = self.s1.q.val().sign_p;
        self.special.s.next = self.s1.q.val().s;
        self.special.mag_lt.next = self.s1.q.val().mag_lt;
        self.special.mag_eq.next = self.s1.q.val().mag_eq;
        self.tiles.clock.next = self.clock.val();
        self.tiles.sig_x.next = self.unpack.sig_x.val();
        self.tiles.sig_y.next = self.unpack.sig_y.val();
        self.align_coarse.sig_z.next = self.s1.q.val().sig_z;
        self.align_coarse.z_leads.next = self.s1.q.val().z_leads;
        self.align_coarse.amount.next = self.s1.q.val().amount;
        self.align_coarse.s.next = self.s1.q.val().s;
        self.align_coarse.fz.next = self.s1.q.val().fz;
        self.align_coarse.z_zero.next = self.special.z_is_zero.val();
        self.align_coarse.z_lo_any.next = self.s1.q.val().z_lo_any;
        self.align_coarse.z_hi_any.next = self.s1.q.val().z_hi_any;
        // Every field once (no overwrite: see `Boundary`).
        self.ctl2.d.next.valid = self.ctl1.q.val().valid;
        self.ctl2.d.next.tag = self.ctl1.q.val().tag;
        self.ctl2.d.next.rm = self.ctl1.q.val().rm;
        self.ctl2.d.next.bypass = self.special.bypass.val();
        // The bypass word itself is formed in phase 3 (SpecialPick).
        self.ctl2.d.next.bypass_d = 0.into();
        self.s2.d.next.x = self.s1.q.val().x;
        self.s2.d.next.y = self.s1.q.val().y;
        self.s2.d.next.z = self.s1.q.val().z;
        self.s2.d.next.pick_x = self.special.pick_x.val();
        self.s2.d.next.pick_y = self.special.pick_y.val();
        self.s2.d.next.pick_z = self.special.pick_z.val();
        self.s2.d.next.quiet = self.special.quiet.val();
        self.s2.d.next.constant = self.special.constant.val();
        self.ctl2.d.next.pred = self.special.pred.val();
        self.ctl2.d.next.flags = self.special.flags.val();
        self.ctl2.d.next.bnan = false;
        self.ctl2.d.next.bsub = false;
        self.s2.d.next.row0 = self.tiles.rows[0].val();
        self.s2.d.next.row1 = self.tiles.rows[1].val();
        self.s2.d.next.row2 = self.tiles.rows[2].val();
        self.s2.d.next.row3 = self.tiles.rows[3].val();
        self.s2.d.next.row4 = self.tiles.rows[4].val();
        self.s2.d.next.row5 = self.tiles.rows[5].val();
        self.s2.d.next.row6 = self.tiles.rows[6].val();
        self.s2.d.next.row7 = self.tiles.rows[7].val();
        self.s2.d.next.c_v = self.align_coarse.v.val();
        self.s2.d.next.c_sticky = self.align_coarse.sticky.val();
        self.s2.d.next.amount_lo = self.align_coarse.amount_lo.val();
        self.s2.d.next.sign_p = self.s1.q.val().sign_p;
        self.s2.d.next.eff_sub = self.s1.q.val().eff_sub;
        self.s2.d.next.limit = self.align_coarse.limit.val();
        self.s2.d.next.sub_x = self.s1.q.val().sub_x;
        self.s2.d.next.sub_y = self.s1.q.val().sub_y;

        // ---- phase 3, first half: carry-save levels 1-2, alignment by 32/16, bypass word ----
        self.compress_a.rows[0].next = self.s2.q.val().row0;
        self.compress_a.rows[1].next = self.s2.q.val().row1;
        self.compress_a.rows[2].next = self.s2.q.val().row2;
        self.compress_a.rows[3].next = self.s2.q.val().row3;
        self.compress_a.rows[4].next = self.s2.q.val().row4;
        self.compress_a.rows[5].next = self.s2.q.val().row5;
        self.compress_a.rows[6].next = self.s2.q.val().row6;
        self.compress_a.rows[7].next = self.s2.q.val().row7;
        self.align_mid.v_in.next = self.s2.q.val().c_v;
        self.align_mid.sticky_in.next = self.s2.q.val().c_sticky;
        self.align_mid.amount_lo.next = self.s2.q.val().amount_lo;
        self.special_pick.x.next = self.s2.q.val().x;
        self.special_pick.y.next = self.s2.q.val().y;
        self.special_pick.z.next = self.s2.q.val().z;
        self.special_pick.pick_x.next = self.s2.q.val().pick_x;
        self.special_pick.pick_y.next = self.s2.q.val().pick_y;
        self.special_pick.pick_z.next = self.s2.q.val().pick_z;
        self.special_pick.quiet.next = self.s2.q.val().quiet;
        self.special_pick.constant.next = self.s2.q.val().constant;
        self.ctl3m.d.next = self.ctl2.q.val();
        self.ctl3m.d.next.bypass_d = self.special_pick.value.val();
        self.m3.d.next.s2 = self.compress_a.s2.val();
        self.m3.d.next.c2 = self.compress_a.c2.val();
        self.m3.d.next.s3 = self.compress_a.s3.val();
        self.m3.d.next.c3 = self.compress_a.c3.val();
        self.m3.d.next.sub_x = self.s2.q.val().sub_x;
        self.m3.d.next.sub_y = self.s2.q.val().sub_y;
        self.m3.d.next.c_v = self.align_mid.v.val();
        self.m3.d.next.c_sticky = self.align_mid.sticky.val();
        self.m3.d.next.amount_rest = self.align_mid.amount_rest.val();
        self.m3.d.next.sign_p = self.s2.q.val().sign_p;
        self.m3.d.next.eff_sub = self.s2.q.val().eff_sub;
        self.m3.d.next.limit = self.s2.q.val().limit;

        // ---- phase 3, second half: carry-save levels 3-4, alignment by 8 ----
        self.compress.s2.next = self.m3.q.val().s2;
        self.compress.c2.next = self.m3.q.val().c2;
        self.compress.s3.next = self.m3.q.val().s3;
        self.compress.c3.next = self.m3.q.val().c3;
        self.compress.sub_x.next = self.m3.q.val().sub_x;
        self.compress.sub_y.next = self.m3.q.val().sub_y;
        self.align_mid8.v_in.next = self.m3.q.val().c_v;
        self.align_mid8.sticky_in.next = self.m3.q.val().c_sticky;
        self.align_mid8.amount_rest.next = self.m3.q.val().amount_rest;
        self.ctl3.d.next = self.ctl3m.q.val();
        self.s3.d.next.ps = self.compress.ps.val();
        self.s3.d.next.pc = self.compress.pc.val();
        self.s3.d.next.c_v = self.align_mid8.v.val();
        self.s3.d.next.c_sticky = self.align_mid8.sticky.val();
        self.s3.d.next.amount_fine = self.align_mid8.amount_fine.val();
        self.s3.d.next.sign_p = self.m3.q.val().sign_p;
        self.s3.d.next.eff_sub = self.m3.q.val().eff_sub;
        self.s3.d.next.limit = self.m3.q.val().limit;

        // ---- phase 4: product, alignment by 4/2/1 ----
        self.mul_add.ps.next = self.s3.q.val().ps;
        self.mul_add.pc.next = self.s3.q.val().pc;
        self.align_fine.v.next = self.s3.q.val().c_v;
        self.align_fine.sticky.next = self.s3.q.val().c_sticky;
        self.align_fine.amount_fine.next = self.s3.q.val().amount_fine;
        self.align_fine.eff_sub.next = self.s3.q.val().eff_sub;
        self.ctl4.d.next = self.ctl3.q.val();
        self.bypass_class.d.next = self.ctl3.q.val().bypass_d;
        self.ctl4.d.next.bnan = self.bypass_class.nan.val();
        self.ctl4.d.next.bsub = self.bypass_class.sub.val();
        self.s4.d.next.prod = self.mul_add.prod.val();
        self.s4.d.next.c_al = self.align_fine.c_al.val();
        self.s4.d.next.c_sel = self.align_fine.c_sel.val();
        self.sentinel_decode.limit.next = self.s3.q.val().limit;
        self.s4.d.next.sent_hi = self.sentinel_decode.hi.val();
        self.s4.d.next.sent_lo = self.sentinel_decode.lo.val();
        self.s4.d.next.sign_p = self.s3.q.val().sign_p;
        self.s4.d.next.eff_sub = self.s3.q.val().eff_sub;
        self.s4.d.next.limit = self.s3.q.val().limit;

        // ---- phase 5, first half: the chains' low halves; normalisation sentinel ----
        self.acc_add_lo.prod.next = self.s4.q.val().prod;
        self.acc_add_lo.c_al.next = self.s4.q.val().c_al;
        self.acc_add_lo.c_sel.next = self.s4.q.val().c_sel;
        self.acc_add_lo.eff_sub.next = self.s4.q.val().eff_sub;
        self.sentinel.hi.next = self.s4.q.val().sent_hi;
        self.sentinel.lo.next = self.s4.q.val().sent_lo;
        self.ctl5m.d.next = self.ctl4.q.val();
        self.m5.d.next.l1 = self.acc_add_lo.l1.val();
        self.m5.d.next.l2 = self.acc_add_lo.l2.val();
        self.m5.d.next.p_up = self.acc_add_lo.p_up.val();
        self.m5.d.next.sel_up = self.acc_add_lo.sel_up.val();
        self.m5.d.next.c_up = self.acc_add_lo.c_up.val();
        self.m5.d.next.c_hi = self.acc_add_lo.c_hi.val();
        self.m5.d.next.c_hi_p1 = self.acc_add_lo.c_hi_p1.val();
        self.m5.d.next.c_hi_m1 = self.acc_add_lo.c_hi_m1.val();
        self.m5.d.next.c_hi_zero = self.acc_add_lo.c_hi_zero.val();
        self.m5.d.next.sentinel = self.sentinel.one_hot.val();
        self.m5.d.next.sign_p = self.s4.q.val().sign_p;
        self.m5.d.next.eff_sub = self.s4.q.val().eff_sub;
        self.m5.d.next.limit = self.s4.q.val().limit;

        // ---- phase 5, second half: the chains' upper halves ----
        self.acc_add.l1.next = self.m5.q.val().l1;
        self.acc_add.l2.next = self.m5.q.val().l2;
        self.acc_add.p_up.next = self.m5.q.val().p_up;
        self.acc_add.sel_up.next = self.m5.q.val().sel_up;
        self.acc_add.c_up.next = self.m5.q.val().c_up;
        self.ctl5.d.next = self.ctl5m.q.val();
        self.s5.d.next.lo1 = self.acc_add.lo1.val();
        self.s5.d.next.lo2 = self.acc_add.lo2.val();
        self.s5.d.next.c_hi = self.m5.q.val().c_hi;
        self.s5.d.next.c_hi_p1 = self.m5.q.val().c_hi_p1;
        self.s5.d.next.c_hi_m1 = self.m5.q.val().c_hi_m1;
        self.s5.d.next.c_hi_zero = self.m5.q.val().c_hi_zero;
        self.s5.d.next.sentinel = self.m5.q.val().sentinel;
        self.s5.d.next.sign_p = self.m5.q.val().sign_p;
        self.s5.d.next.eff_sub = self.m5.q.val().eff_sub;
        self.s5.d.next.limit = self.m5.q.val().limit;

        // ---- phase 6, first half: magnitudes, sign, exact zero; nibble counts ----
        self.acc_select.lo1.next = self.s5.q.val().lo1;
        self.acc_select.lo2.next = self.s5.q.val().lo2;
        self.acc_select.c_hi.next = self.s5.q.val().c_hi;
        self.acc_select.c_hi_p1.next = self.s5.q.val().c_hi_p1;
        self.acc_select.c_hi_m1.next = self.s5.q.val().c_hi_m1;
        self.acc_select.c_hi_zero.next = self.s5.q.val().c_hi_zero;
        self.acc_select.eff_sub.next = self.s5.q.val().eff_sub;
        self.acc_select.sign_p.next = self.s5.q.val().sign_p;
        self.acc_select.sentinel.next = self.s5.q.val().sentinel;
        self.nib_p.mag.next = self.acc_select.lzc_p.val();
        self.nib_c.mag.next = self.acc_select.lzc_c.val();
        self.ctl6m.d.next = self.ctl5.q.val();
        self.m6.d.next.cand_p = self.acc_select.cand_p.val();
        self.m6.d.next.cand_c = self.acc_select.cand_c.val();
        self.m6.d.next.c_bigger = self.acc_select.c_bigger.val();
        self.m6.d.next.sign_r = self.acc_select.sign_r.val();
        self.m6.d.next.zero = self.acc_select.zero.val();
        self.m6.d.next.has_p = self.nib_p.has.val();
        self.m6.d.next.count_p = self.nib_p.count.val();
        self.m6.d.next.has_c = self.nib_c.has.val();
        self.m6.d.next.count_c = self.nib_c.count.val();
        self.m6.d.next.limit = self.s5.q.val().limit;

        // ---- phase 6, second half: group leading zeros of both, the chosen one's ----
        self.lzc_pair.has_p.next = self.m6.q.val().has_p;
        self.lzc_pair.count_p.next = self.m6.q.val().count_p;
        self.lzc_pair.has_c.next = self.m6.q.val().has_c;
        self.lzc_pair.count_c.next = self.m6.q.val().count_c;
        self.lzc_pair.pick_c.next = self.m6.q.val().c_bigger;
        self.ctl6.d.next = self.ctl6m.q.val();
        self.s6.d.next.cand_p = self.m6.q.val().cand_p;
        self.s6.d.next.cand_c = self.m6.q.val().cand_c;
        self.s6.d.next.c_bigger = self.m6.q.val().c_bigger;
        self.s6.d.next.sign_r = self.m6.q.val().sign_r;
        self.s6.d.next.zero = self.m6.q.val().zero;
        self.s6.d.next.grp_has = self.lzc_pair.has.val();
        self.s6.d.next.grp_count = self.lzc_pair.count.val();
        self.s6.d.next.limit = self.m6.q.val().limit;

        // ---- phase 7: leading-zero count = normalisation shift ----
        self.lzc_merge.has.next = self.s6.q.val().grp_has;
        self.lzc_merge.count.next = self.s6.q.val().grp_count;
        self.mag_pick.cand_p.next = self.s6.q.val().cand_p;
        self.mag_pick.cand_c.next = self.s6.q.val().cand_c;
        self.mag_pick.c_bigger.next = self.s6.q.val().c_bigger;
        self.ctl7.d.next = self.ctl6.q.val();
        self.s7.d.next.mag = self.mag_pick.mag.val();
        self.s7.d.next.sign_r = self.s6.q.val().sign_r;
        self.s7.d.next.shift = self.lzc_merge.shift.val();
        self.s7.d.next.zero = self.s6.q.val().zero;
        self.s7.d.next.limit = self.s6.q.val().limit;

        // ---- phase 8, first half: normalisation by 128/64, exponent, overflow ----
        self.norm_coarse.mag.next = self.s7.q.val().mag;
        self.norm_coarse.shift.next = self.s7.q.val().shift;
        self.norm_coarse.limit.next = self.s7.q.val().limit;
        self.ctl8m.d.next = self.ctl7.q.val();
        self.m8.d.next.v = self.norm_coarse.v.val();
        self.m8.d.next.sticky = self.norm_coarse.sticky.val();
        self.m8.d.next.shift_rest = self.norm_coarse.shift_rest.val();
        self.m8.d.next.sign_r = self.s7.q.val().sign_r;
        self.m8.d.next.zero = self.s7.q.val().zero;
        self.m8.d.next.e_b = self.norm_coarse.e_b.val();
        self.m8.d.next.ovf = self.norm_coarse.ovf.val();

        // ---- phase 8, second half: normalisation by 32/16 ----
        self.norm_mid.v_in.next = self.m8.q.val().v;
        self.norm_mid.sticky_in.next = self.m8.q.val().sticky;
        self.norm_mid.shift_rest.next = self.m8.q.val().shift_rest;
        self.ctl8.d.next = self.ctl8m.q.val();
        self.s8.d.next.v = self.norm_mid.v.val();
        self.s8.d.next.sticky = self.norm_mid.sticky.val();
        self.s8.d.next.shift_lo = self.norm_mid.shift_lo.val();
        self.s8.d.next.sign_r = self.m8.q.val().sign_r;
        self.s8.d.next.zero = self.m8.q.val().zero;
        self.s8.d.next.e_b = self.m8.q.val().e_b;
        self.s8.d.next.ovf = self.m8.q.val().ovf;

        // ---- phase 9: fine normalisation; what the rounder needs besides ----
        self.norm_fine.v.next = self.s8.q.val().v;
        self.norm_fine.sticky_in.next = self.s8.q.val().sticky;
        self.norm_fine.shift_lo.next = self.s8.q.val().shift_lo;
        self.round_prep.rm.next = self.ctl8.q.val().rm;
        self.round_prep.sign.next = self.s8.q.val().sign_r;
        self.round_prep.zero.next = self.s8.q.val().zero;
        self.round_prep.bypass.next = self.ctl8.q.val().bypass;
        self.round_prep.bypass_d.next = self.ctl8.q.val().bypass_d;
        self.round_prep.bnan.next = self.ctl8.q.val().bnan;
        self.round_prep.bsub.next = self.ctl8.q.val().bsub;
        self.round_prep.bypass_flags.next = self.ctl8.q.val().flags;
        self.round_prep.e_b.next = self.s8.q.val().e_b;
        self.round_prep.ovf.next = self.s8.q.val().ovf;
        self.ctl9.d.next = self.ctl8.q.val();
        self.s9.d.next.sig = self.norm_fine.sig.val();
        self.s9.d.next.low_ones = self.norm_fine.low_ones.val();
        self.s9.d.next.round_bit = self.norm_fine.round_bit.val();
        self.s9.d.next.round2 = self.norm_fine.round2.val();
        self.s9.d.next.sticky = self.norm_fine.sticky.val();
        self.s9.d.next.sign_r = self.s8.q.val().sign_r;
        self.s9.d.next.rn = self.round_prep.rn.val();
        self.s9.d.next.rmm = self.round_prep.rmm.val();
        self.s9.d.next.near = self.round_prep.near.val();
        self.s9.d.next.up = self.round_prep.up.val();
        self.s9.d.next.take_forced = self.round_prep.take_forced.val();
        self.s9.d.next.forced = self.round_prep.forced.val();
        self.s9.d.next.forced_flags = self.round_prep.forced_flags.val();
        self.s9.d.next.forced_nan = self.round_prep.forced_nan.val();
        self.s9.d.next.forced_sub = self.round_prep.forced_sub.val();
        self.s9.d.next.e_b = self.s8.q.val().e_b;
        self.s9.d.next.e_b_p1 = self.round_prep.e_b_p1.val();
        self.s9.d.next.e_b_top = self.round_prep.e_b_top.val();

        // ---- phase 10: round, pack ----
        self.round_pack.sig.next = self.s9.q.val().sig;
        self.round_pack.low_ones.next = self.s9.q.val().low_ones;
        self.round_pack.round_bit.next = self.s9.q.val().round_bit;
        self.round_pack.round2.next = self.s9.q.val().round2;
        self.round_pack.sticky.next = self.s9.q.val().sticky;
        self.round_pack.sign.next = self.s9.q.val().sign_r;
        self.round_pack.rn.next = self.s9.q.val().rn;
        self.round_pack.rmm.next = self.s9.q.val().rmm;
        self.round_pack.near.next = self.s9.q.val().near;
        self.round_pack.up.next = self.s9.q.val().up;
        self.round_pack.take_forced.next = self.s9.q.val().take_forced;
        self.round_pack.forced.next = self.s9.q.val().forced;
        self.round_pack.forced_flags.next = self.s9.q.val().forced_flags;
        self.round_pack.forced_nan.next = self.s9.q.val().forced_nan;
        self.round_pack.forced_sub.next = self.s9.q.val().forced_sub;
        self.round_pack.e_b.next = self.s9.q.val().e_b;
        self.round_pack.e_b_p1.next = self.s9.q.val().e_b_p1;
        self.round_pack.e_b_top.next = self.s9.q.val().e_b_top;
        self.ctl10.d.next = self.ctl9.q.val();
        self.d10.d.next = self.round_pack.d.val();
        self.f10.d.next = self.round_pack.flags.val();
        self.k10.d.next = bit_cast::<2, 1>(self.round_pack.sub.val().into())
            | (bit_cast::<2, 1>(self.round_pack.nan.val().into()) << 1);

        self.out_valid.next = self.ctl10.q.val().valid;
        self.out_tag.next = self.ctl10.q.val().tag;
        self.out_d.next = self.d10.q.val();
        self.out_pred.next = self.ctl10.q.val().pred;
        self.out_flags.next = self.f10.q.val();
        self.out_nan.next = self.k10.q.val().get_bit(1);
        self.out_sub.next = self.k10.q.val().get_bit(0);
    }
}

/// The NVIDIA DFMA unit (SPEC.md §2): [`DfmaCore`] behind the ports of
/// INTERFACES.md's `dfma`, a 2-bit `in_rm` (RMM cannot be asked for) and no
/// flags (the core's `out_flags` is left unconnected, so synthesis removes
/// the flag logic). Build it with [`Dfma::new`] (the pipeline depth);
/// `Default` is [`DEFAULT_DEPTH`]. In a VCD its boundaries are
/// `uut.core.sK.q$<field>` and so on (see the module documentation).
#[derive(LogicBlock)]
pub struct Dfma {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// 0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP (6, 7 reserved: answer 0).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// SETP compare: 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge, 6 equ, 7 neu, 8 ltu,
    /// 9 leu, 10 gtu, 11 geu, 12 num, 13 nan (14, 15: false).
    pub in_cmp: Signal<In, Bits<CMP_W>>,
    /// Rounding mode of FMA/ADD/MUL: 0 RN, 1 RM, 2 RP, 3 RZ.
    pub in_rm: Signal<In, Bits<DFMA_RM_W>>,
    /// Negate a, b, c (bits 0, 1, 2), after `in_abs`.
    pub in_neg: Signal<In, Bits<MOD_W>>,
    /// Absolute value of a, b, c (bits 0, 1, 2).
    pub in_abs: Signal<In, Bits<MOD_W>>,
    /// Operands (binary64).
    pub in_a: Signal<In, Bits<DATA_W>>,
    pub in_b: Signal<In, Bits<DATA_W>>,
    pub in_c: Signal<In, Bits<DATA_W>>,
    /// The operation accepted `latency` cycles ago answers this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Its tag.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Its result (0 for SETP).
    pub out_d: Signal<Out, Bits<DATA_W>>,
    /// SETP's predicate (0 for the other operations).
    pub out_pred: Signal<Out, Bit>,
    /// The datapath.
    pub core: DfmaCore,
}

impl Default for Dfma {
    fn default() -> Self {
        Self::new(DEFAULT_DEPTH)
    }
}

impl Dfma {
    /// A unit with `depth` pipeline registers (1..=[`MAX_DEPTH`]); its latency
    /// is `depth` cycles.
    pub fn new(depth: usize) -> Self {
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_cmp: Default::default(),
            in_rm: Default::default(),
            in_neg: Default::default(),
            in_abs: Default::default(),
            in_a: Default::default(),
            in_b: Default::default(),
            in_c: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_d: Default::default(),
            out_pred: Default::default(),
            core: DfmaCore::new(depth),
        }
    }

    /// Cycles from `in_valid` to `out_valid`.
    pub fn latency(&self) -> usize {
        self.core.latency()
    }
}

impl Logic for Dfma {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.core.in_valid.next = self.in_valid.val();
        self.core.in_tag.next = self.in_tag.val();
        self.core.in_op.next = self.in_op.val();
        self.core.in_cmp.next = self.in_cmp.val();
        self.core.in_rm.next = bit_cast::<RM_W, DFMA_RM_W>(self.in_rm.val());
        self.core.in_neg.next = self.in_neg.val();
        self.core.in_abs.next = self.in_abs.val();
        self.core.in_a.next = self.in_a.val();
        self.core.in_b.next = self.in_b.val();
        self.core.in_c.next = self.in_c.val();
        self.core.in_flush.next = 0.into();
        self.out_valid.next = self.core.out_valid.val();
        self.out_tag.next = self.core.out_tag.val();
        self.out_d.next = self.core.out_d.val();
        self.out_pred.next = self.core.out_pred.val();
    }
}

impl PortIo for Dfma {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_cmp.next = to_bits(values[3]);
        self.in_rm.next = to_bits(values[4]);
        self.in_neg.next = to_bits(values[5]);
        self.in_abs.next = to_bits(values[6]);
        self.in_a.next = to_bits(values[7]);
        self.in_b.next = to_bits(values[8]);
        self.in_c.next = to_bits(values[9]);
    }
    fn outputs(&self) -> Vec<u128> {
        vec![
            self.out_valid.val() as u128,
            from_bits(self.out_tag.val()),
            from_bits(self.out_d.val()),
            self.out_pred.val() as u128,
        ]
    }
    fn clock(&mut self) -> &mut Signal<In, Clock> {
        &mut self.clock
    }
}

/// Conversions between the model's 192-bit [`Wide`](crate::dfma::model::Wide)
/// and the window's `Bits`, for the phase tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{EXP_CALC_W, SUM_W};
    use crate::dfma::model::Wide;
    use rust_hdl::prelude::*;

    pub fn wide_to_bits(w: Wide) -> Bits<SUM_W> {
        let lo: Bits<SUM_W> = w.lo.to_bits();
        let hi: Bits<SUM_W> = (w.hi as u128).to_bits();
        lo | (hi << 128)
    }

    pub fn bits_to_wide(b: Bits<SUM_W>) -> Wide {
        Wide {
            hi: b.get_bits::<{ SUM_W - 128 }>(128).to_u64(),
            lo: b.get_bits::<128>(0).to_u128(),
        }
    }

    pub fn signed_bits(x: i32) -> Bits<EXP_CALC_W> {
        ((x as u32 as u64) & ((1 << EXP_CALC_W) - 1)).into()
    }
}

#[cfg(test)]
mod tests;
