//! RTL of the MUFU (SPEC.md §1): COS SIN EX2 LG2 RCP RSQ RCP64H RSQ64H SQRT
//! TANH on one quadratic interpolator, one operation per clock, a fixed
//! latency, the tag carried through. Bit-exact with
//! [`model`](crate::mufu::model) and the integer recipe of
//! [`datapath`].
//!
//! # Datapath
//! Eight combinational phases (0..=7), one file each (phases 0 and 1 share
//! `reduce.rs`, 3 and 4 `products.rs`); this module only places the
//! registers between them (timing apart from math, as in the DFMA).
//!
//! Every phase but phase 3 is two halves, with a boundary `km` between them
//! that only the deeper units register (see *Register placement*); phase 5
//! is three parts (boundary 5n, registered at depth 16 only, splits its
//! second half):
//!
//! | phase | first half | second half | does | widths |
//! |---|---|---|---|---|
//! | 0 | [`Align`] | [`Shift`] ∥ [`Classes`] | modifiers, the shift by the amount's multiple of 8 (read off `ef`'s bits) \| the rest of the EX2/SIN/COS shifter `(sig << 33) >> (149 − ef)`; the operand's classes (DAZ) | 32 → 32 + 57 + 9 |
//! | 1 | [`Classify`] | [`Reduce`] | the selector decoded, the special value decided (bit groups of `bypass_d`), every candidate (exponent forms, EX2 fixed point, SIN/COS fraction, regions) \| the pick as an AND-OR over the decoded selector: special value, region, fraction, addend, `E_arg`, signs | → 5 + 32 + 40 + 13 |
//! | 2 | [`Split`] ∥ [`ExpFmt`] | [`Address`] ∥ [`RegionConsts`] ∥ [`ExpBase`] | region decoder (k, base), index bits, `u_hi`, `u_lo`; the exponent's constant per region and format \| ROM address `base + idx` (into the block RAM's address register); the sum's region constants `k0`, `k0 − 1` and the C0 shift; `ebase = E_arg + unit_exp + 39 + bias` and `ebase + 1` | 10, 17, 8; 40 + 40; 13 + 13 |
//! | 3 | ROM ∥ [`Square`] ∥ [`Offset`] | — | the block RAM's read ([`CoefRom`]); `u_hi²` top 18 bits (1 tile, its operand registered inside it at boundary 2); `ka = k0 + addend`, `ka − 1` | 54; 18; 40 + 40 |
//! | 4 | the tiles' input registers ∥ [`PlaceC0`] | [`Products`] | C0, C1, C2 at fixed places of the word, `c0 << s0` \| `c1·u_hi`, `c1·u_lo`, `c2·sq` (3 tiles); `base = ka + (c0 << s0)`, `base − 1`; phase 5's shifts and signs | 35, 26, 29; 40 + 40; 18 |
//! | 5 | [`Terms`] | [`Rows`] \| [`Sum`] | truncating shifts by their multiples of 4 \| the rest (0..3), complements of subtracted terms, first carry-save row \| second rows over `base` and `base − 1`, two carry chains: `y`, `y − 1` | 40 + 40 |
//! | 6 | [`Magnitude`] | [`Normalise`] | `|y|` (`y` or `!(y − 1)`), sign, zero, per-byte flags and counts \| shift by whole bytes, leading-zero count, biased exponent and its `+ 1` | 40 + 3, 13 + 13 |
//! | 7 | [`Round`] | [`Pack`] | shift by 0..7, the increment's operands (24/21 kept bits, round bit), FTZ, overflow, pack and bypass for either carry \| the increment, the pick by its carry | 32 |
//!
//! Every per-region constant (`k`, `base`, `k0`, `s0`, shifts, signs,
//! `unit_exp`) comes from a small 29-entry decoder (a rust-hdl `ROM`, a
//! `case` in Verilog) indexed by the region that travels with the operation,
//! one phase before the phase that uses it (registered with the data), so
//! that no decoder sits in front of an adder or a shifter; the selector is
//! decoded half a phase before its pick.
//!
//! # Register placement
//! Boundary `k` follows phase `k`; boundary `km` splits phase `k`. The
//! boundaries, in pipeline order, are [`B0M`] 0m, [`B0`] 0, 1m, 1, 2m, 2, 3,
//! 4m, [`B4O`] 4o, 4, 5m, [`B5N`] 5n, 5, 6m, 6, 7m, [`B7`] 7 (17). Depths 2..=8 register whole phases
//! (the halves joined by wires); depths
//! 9..=17 add the mid-phase boundaries in the order of
//! [`BOUNDARY_PRIORITY`], each splitting the phase that was slowest at the
//! depth before (16 is the `mufu` unit's, the seeds' budget; 17 is the
//! SFU's, [`crate::sfu::rtl::MUFU_DEPTH`]). Boundary 4m is the tiles' own input registers (inside the
//! MULT18X18D, [`tile::Mul18`]) and a fabric register for C0, `ka` and the
//! region ([`Mid4`]); boundary 4o the tiles' own output registers and a
//! fabric register for `base`, `base − 1` and the sum's format ([`Mid4o`]). The ROM's address goes from phase 2
//! straight into the block RAM ([`CoefRom`], three DP16KD instantiated
//! under the macro `ECP5`): when boundary 2 is a register it is the block's
//! address register and boundary 3 the block's output register
//! (`REGMODE_A = "OUTREG"`); when boundary 2 is a wire (depth < 4) the
//! address register is boundary 3 and the output register is off. Boundary 3
//! (with the squarer's result beside the ROM word) and boundary 7 (the
//! output register) are always registers. The others are a register or a wire, chosen
//! when the unit is built from its depth ([`stage_plan`]); the depth is the
//! latency. In a VCD boundary `k` is `uut.ctlK.q$…` and `uut.sK.q$…`
//! (boundary 0, before the control word exists, only `uut.s0.q$…`), and
//! boundary `km` is `uut.mK.q$…` (and `uut.ctlKm.q$…` for 2m and 4..7m;
//! 5n is `uut.m5n.q$…`, `uut.ctl5n.q$…`, and 4o `uut.m4o.q$…`, `uut.ctl4o.q$…`).
//!
//! # Measured
//! ECP5-85k (speed grade 6, `rtl-gen fpga <unit> --target ecp5-85k`,
//! yowasp yosys/nextpnr):
//!
//! | unit | depth | LUT4 | FF | CCU2C | MULT18X18D | DP16KD | seeds 1 / 2 / 3 (MHz) |
//! |---|---|---|---|---|---|---|---|
//! | `mufu` (default) | 16 | 2,121 | 2,460 | 213 | 4 | 3 | 160.85 / 165.02 / 164.37 (median 164.37, 2026-12-05: phase 7a's overflow tests as bit tests; 1b880aa: 167.14 / 159.49 / 161.32 with 2,114 LUT4; 61e8337: 160.64 / 156.76 / 169.09 with 1,980 LUT4; before it 149.97 / 159.92 / 154.11) |
//! | `mufu_d15` (53b25a8) | 15 | 2,186 | 2,237 | 241 | 4 | 3 | 110.39 / 109.36 / 110.53 (median 110.39): phase 5's rows and sum in one clock, 9.1 ns |
//! | `mufu_d8` (before 2026-12-02's phases) | 8 | 2,429 | 924 | 204 | 4 | 3 | 86.44 / 85.48 / — |
//!
//! At depth 16 on 61e8337 the slowest group on every seed was 0a (the
//! modifiers, `149 − ef` and the shifter's coarse step, 6.35–6.71 ns);
//! since 1b880aa 0a reads the coarse step off the exponent's bits without
//! the subtraction's carry chain ([`Align`]: 134 LUT4 more) and places at
//! 5.60–5.84 ns (`shift.coarse`, `reduce.m` ← `align`); the slowest are
//! 6b and 7a (`s6` ← the count, `m7` ← `s6`, 5.98–6.27).
//!
//! iCE40 UP5K (`rtl-gen fpga mufu_d8 --target ice40-up5k`, depth 8): 2,652
//! LUT4, 1,175 FF, 6 SB_MAC16, 14 EBR, 3,363 of 5,280 cells, 22.4 MHz
//! (2026-12-04 on b84a87a).
//!
//! Resources meet the ECP5 budget (≤ 3,000 LUT4, ≤ 4 MULT18X18D, ≤ 3 DP16KD)
//! at every depth; 150 MHz (median of seeds 1–3) is met at depth 16 only.
//!
//! History, tried and reverted: docs/qor.md ("MUFU: measured versions and
//! the latency/clock curve"): the earlier versions, the experiments, the
//! latency/clock table of depths 8..=15 (with speed grade 8), the halves
//! still above 6.67 ns at depth 15, and the steps to depth 16 (2026-12-02).
//!
//! The per-byte flags and counts of phase 6 are the byte leaves of the
//! project's leading-zero counter ([`crate::hw::lzc::LzcBytes`]).
//!
//! # Ports
//! `in_func` is the SM90 MUFU selector (0 COS, 1 SIN, 2 EX2, 3 LG2, 4 RCP,
//! 5 RSQ, 6 RCP64H, 7 RSQ64H, 8 SQRT, 9 TANH; 10..15 answer the canonical NaN
//! 0x7FFFFFFF); `in_abs` then `in_neg` modify the operand's sign bit.

pub mod normalise;
pub mod products;
pub mod reduce;
pub mod rom;
pub mod round;
pub mod split;
pub mod sum;
pub mod tile;

pub use normalise::{ExpBase, ExpFmt, Magnitude, Normalise};
pub use products::{Offset, PlaceC0, Products, RegionConsts, Square, SUM_FMT_W};
pub use reduce::{Align, Classes, Classify, Mid1, OpClass, Reduce, Shift, SHIFT_W};
pub use rom::{rom_image, CoefRom, WORD_W};
pub use round::{Pack, Round};
pub use split::{Address, Split};
pub use sum::{Rows, Sum, Terms};

pub use crate::hw::boundary::Boundary;
use crate::mufu::datapath::{self, RegionFmt, U_HI_W, U_LO_W};
use crate::mufu::tables::tables;
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of `in_func`.
pub const FUNC_W: usize = 4;
/// Operand and result width.
pub const DATA_W: usize = 32;
/// Region index (29 regions).
pub const REGION_W: usize = 5;
/// ROM address (1024 words).
pub const ROM_ADDR_W: usize = 10;
/// Two's complement exponent arithmetic: `E_arg` of the 64H forms reaches
/// ±1023, the biased result exponent 2047 + a carry.
pub const EXP_W: usize = 13;
/// The carry-save sum and the addend.
pub const Y_W: usize = datapath::SUM_W as usize;
/// The addend's width (as the sum's).
pub const ADDEND_W: usize = Y_W;
/// Position bits into the squarer and the main C1 tile ([`U_HI_W`]).
pub const U_HI: usize = U_HI_W as usize;
/// Position bits into the narrow C1 tile ([`U_LO_W`]).
pub const U_LO: usize = U_LO_W as usize;
/// Widest C0, C1, C2 fields of any region.
pub const C0_W: usize = 25;
pub const C1_W: usize = datapath::MUL_W as usize;
pub const C2_W: usize = 11;
/// The truncated square of `u_hi`.
pub const SQ_W: usize = datapath::SQ_W as usize;
/// Full products: `c1·u_hi`, `c1·u_lo`, `c2·sq`.
pub const P1A_W: usize = C1_W + U_HI_W as usize;
pub const P1B_W: usize = C1_W + U_LO_W as usize;
pub const P2_W: usize = C2_W + SQ_W;
// The literal offsets inside the phases' `#[hdl_gen]` code assume these values.
const _: () = assert!(ROM_ADDR_W == 10 && EXP_W == 13 && Y_W == 40 && C1_W == 18 && C2_W == 11);

/// The boundaries in pipeline order (the index of each in a [`stage_plan`]):
/// boundary `k` follows phase `k`, and boundary `km` splits phase `k` in two
/// halves.
pub const B0M: usize = 0;
pub const B0: usize = 1;
pub const B1M: usize = 2;
pub const B1: usize = 3;
pub const B2M: usize = 4;
pub const B2: usize = 5;
pub const B3: usize = 6;
pub const B4M: usize = 7;
/// Boundary 4o: the tiles' own output registers (inside the MULT18X18D),
/// `base`, `base − 1` and the sum's format beside them.
pub const B4O: usize = 8;
pub const B4: usize = 9;
pub const B5M: usize = 10;
pub const B5N: usize = 11;
pub const B5: usize = 12;
pub const B6M: usize = 13;
pub const B6: usize = 14;
pub const B7M: usize = 15;
pub const B7: usize = 16;
/// Most pipeline registers (every boundary): depth 17, one over the
/// MUFU's own budget of 16 (issue #17), is the SFU's instance, whose
/// approximations have no fixed latency.
pub const MAX_DEPTH: usize = 17;
/// Fewest: the ROM's register and the output register.
pub const MIN_DEPTH: usize = 2;
/// The depth `rtl-gen` builds when none is asked for: every boundary a
/// register, the seeds' whole latency budget (≤ 16 clocks, issue #17), the
/// only depth measured at 150 MHz or more on grade 6 (median of seeds 1–3;
/// the module doc's figures). Depth 8 stays as `mufu_d8`.
pub const DEFAULT_DEPTH: usize = 16;

/// Optional boundaries, most useful first: a unit of depth `d` registers
/// boundaries 3 and 7 and the first `d − 2` of these (see the module doc for
/// the measured trade-off). Depths up to 8 register whole phases; the
/// deeper units add the mid-phase boundaries.
pub const BOUNDARY_PRIORITY: [usize; MAX_DEPTH - MIN_DEPTH] = [
    B4, B2, B1, B5, B6, B0, B6M, B5M, B7M, B2M, B0M, B1M, B4M, B5N, B4O,
];

/// Which boundaries (indexed in pipeline order, [`B0`]..=[`B7`]) are
/// registers at `depth`.
pub fn stage_plan(depth: usize) -> [bool; MAX_DEPTH] {
    assert!(
        (MIN_DEPTH..=MAX_DEPTH).contains(&depth),
        "MUFU depth must be {MIN_DEPTH}..={MAX_DEPTH}, not {depth}"
    );
    let mut plan = [false; MAX_DEPTH];
    plan[B3] = true;
    plan[B7] = true;
    for &b in &BOUNDARY_PRIORITY[..depth - MIN_DEPTH] {
        plan[b] = true;
    }
    plan
}

/// A region decoder: one `W`-bit constant per region, from the tables.
pub fn region_rom<const W: usize>(f: impl Fn(&RegionFmt) -> u128) -> ROM<Bits<W>, REGION_W> {
    let fmts = &tables().fmts;
    assert!(fmts.len() <= 1 << REGION_W);
    let map = fmts
        .iter()
        .enumerate()
        .map(|(i, fmt)| {
            let v = f(fmt);
            assert!(
                W >= 128 || v >> W == 0,
                "region constant wider than {W} bits"
            );
            ((i as u64).into(), to_bits::<W>(v))
        })
        .collect();
    ROM::new(map)
}

/// What travels with every operation.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Control {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    /// The answer is `bypass_d`, decided in phase 1.
    pub bypass: Bit,
    pub bypass_d: Bits<DATA_W>,
    pub region: Bits<REGION_W>,
    pub e_arg: Bits<EXP_W>,
    /// `unit_exp + 39 + bias` and one more (from phase 2a on; [`ExpFmt`]).
    pub efmt: Bits<EXP_W>,
    pub efmt1: Bits<EXP_W>,
    /// `E_arg + unit_exp + 39 + bias` and one more (from phase 2b on; [`ExpBase`]).
    pub ebase: Bits<EXP_W>,
    pub ebase1: Bits<EXP_W>,
    pub sign: Bit,
    pub zero_sign: Bit,
    pub is64: Bit,
}

/// Boundary 0m (inside phase 0): the operation, its operand, the shift's
/// two parts.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid0 {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub func: Bits<4>,
    pub xm: Bits<32>,
    pub coarse: Bits<SHIFT_W>,
    pub fine: Bits<3>,
}

/// Boundary 0: the operation, its modified operand and the shifter's output.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage0 {
    pub valid: Bit,
    pub tag: Bits<TAG_W>,
    pub func: Bits<FUNC_W>,
    pub xm: Bits<DATA_W>,
    pub wide: Bits<SHIFT_W>,
    /// The operand's classes ([`Classes`], beside the shifter).
    pub cls: OpClass,
}

/// Boundary 1: the reduced argument.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage1 {
    pub frac: Bits<32>,
    pub addend: Bits<ADDEND_W>,
}

/// Boundary 2: the position in the segment (the ROM address is registered
/// inside the ROM).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage2 {
    pub u_hi: Bits<U_HI>,
    pub u_lo: Bits<U_LO>,
    pub addend: Bits<ADDEND_W>,
    /// The region's constants ([`RegionConsts`]).
    pub k0: Bits<Y_W>,
    pub k0m1: Bits<Y_W>,
    pub c0_shift: Bits<2>,
}

/// Boundary 2m (inside phase 2): the region's first address and the
/// segment's index, the position, the addend.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid2 {
    pub base: Bits<ROM_ADDR_W>,
    pub idx: Bits<7>,
    pub u_hi: Bits<U_HI>,
    pub u_lo: Bits<U_LO>,
    pub addend: Bits<ADDEND_W>,
}

/// Boundary 4m (inside phase 4): the fabric's part, C0 and the sum's
/// constant part (the tiles' operands are registered inside the tiles).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid4 {
    /// C0 placed at `s0` ([`PlaceC0`]).
    pub c0s: Bits<Y_W>,
    pub ka: Bits<Y_W>,
    pub kam1: Bits<Y_W>,
}

/// Boundary 3 (beside the ROM's word): the square, the position, the
/// sum's constant part (and one less), the C0 shift decoded.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage3 {
    pub sq: Bits<SQ_W>,
    pub u_hi: Bits<U_HI>,
    pub u_lo: Bits<U_LO>,
    pub ka: Bits<Y_W>,
    pub kam1: Bits<Y_W>,
    pub c0_shift: Bits<2>,
}

/// Boundary 4o (inside phase 4, after the tiles): beside the tiles' output
/// registers, what boundary 4 takes from the fabric.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid4o {
    pub base: Bits<Y_W>,
    pub basem1: Bits<Y_W>,
    pub sum_fmt: Bits<SUM_FMT_W>,
}

/// Boundary 4: C0 over the constant part, the full products, and the
/// region's shifts and signs for the sum.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage4 {
    pub base: Bits<Y_W>,
    pub basem1: Bits<Y_W>,
    pub p1a: Bits<P1A_W>,
    pub p1b: Bits<P1B_W>,
    pub p2: Bits<P2_W>,
    pub sum_fmt: Bits<SUM_FMT_W>,
}

/// Boundary 5m (inside phase 5): the terms of the sum.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid5 {
    pub base: Bits<Y_W>,
    pub basem1: Bits<Y_W>,
    pub ta: Bits<Y_W>,
    pub tb: Bits<Y_W>,
    pub tq: Bits<Y_W>,
    pub fine: Bits<6>,
    pub neg: Bits<2>,
}

/// Boundary 5n (inside phase 5): the first carry-save row, `base`, `base − 1`.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid5n {
    pub base: Bits<Y_W>,
    pub basem1: Bits<Y_W>,
    pub s1: Bits<Y_W>,
    pub c1: Bits<Y_W>,
}

/// Boundary 5: the sum and the sum less one.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage5 {
    pub y: Bits<Y_W>,
    pub ym1: Bits<Y_W>,
}

/// Boundary 6m (inside phase 6): `|y|`, its byte flags and counts.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid6 {
    pub mag: Bits<Y_W>,
    pub neg: Bit,
    pub zero: Bit,
    pub has: Bits<5>,
    pub cnt: Bits<15>,
}

/// Boundary 6: the magnitude shifted by whole bytes, the rest of the shift
/// and the exponent.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Stage6 {
    pub coarse: Bits<Y_W>,
    pub fine: Bits<3>,
    pub neg: Bit,
    pub zero: Bit,
    pub eb: Bits<EXP_W>,
    pub eb1: Bits<EXP_W>,
}

/// Boundary 7m (inside phase 7): the increment's operands and the answer
/// for each carry but its fraction ([`Round`]).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Mid7 {
    pub kept: Bits<24>,
    pub rb: Bits<1>,
    pub w0: Bits<32>,
    pub w1: Bits<32>,
    pub pass_lo: Bit,
    pub pass_hi: Bit,
    pub rnd: Bits<2>,
}

/// The MUFU top block. Build it with [`Mufu::new`] (the pipeline depth);
/// `Default` is [`DEFAULT_DEPTH`].
#[derive(LogicBlock)]
pub struct Mufu {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle.
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// SM90 selector: 0 COS, 1 SIN, 2 EX2, 3 LG2, 4 RCP, 5 RSQ, 6 RCP64H,
    /// 7 RSQ64H, 8 SQRT, 9 TANH; 10..15 give the canonical NaN.
    pub in_func: Signal<In, Bits<FUNC_W>>,
    /// Source modifier |x| (first).
    pub in_abs: Signal<In, Bit>,
    /// Source modifier −x (after `in_abs`).
    pub in_neg: Signal<In, Bit>,
    /// Operand: binary32, or the high word of a binary64 for the 64H forms.
    pub in_x: Signal<In, Bits<DATA_W>>,
    /// The operation accepted `latency` cycles ago answers this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Its tag.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// Its result.
    pub out_d: Signal<Out, Bits<DATA_W>>,
    /// How the result's rounding left the interpolator's exact sum
    /// ([`model::rounding`](crate::mufu::model::rounding)): bit 1 the round
    /// bit (the result rounded up), bit 0 any bit below it. For a unit that
    /// rounds the result again to a coarser grid (the SFU, which builds its
    /// MUFU with [`Mufu::with_rounding_bits`]); 0 in the unit `mufu`, whose
    /// netlist then has none of its logic; not part of the vector lines.
    pub out_rnd: Signal<Out, Bits<2>>,
    /// `out_rnd` is driven (else it is 0).
    rounding_bits: Constant<Bit>,

    /// Phases (combinational) and the ROM.
    pub align: Align,
    pub shift: Shift,
    pub classes: Classes,
    pub classify: Classify,
    pub reduce: Reduce,
    pub split: Split,
    pub seg_addr: Address,
    pub rom: CoefRom,
    pub square: Square,
    pub consts: RegionConsts,
    pub offset: Offset,
    pub exp_fmt: ExpFmt,
    pub exp_base: ExpBase,
    pub place_c0: PlaceC0,
    pub products: Products,
    pub terms: Terms,
    pub rows: Rows,
    pub sum: Sum,
    pub magnitude: Magnitude,
    pub normalise: Normalise,
    pub round: Round,
    pub pack: Pack,

    /// Boundary `k` (after phase `k`).
    pub m0: Boundary<Mid0>,
    pub s0: Boundary<Stage0>,
    pub m1: Boundary<Mid1>,
    pub ctl1: Boundary<Control>,
    pub s1: Boundary<Stage1>,
    pub ctl2m: Boundary<Control>,
    pub m2: Boundary<Mid2>,
    pub ctl2: Boundary<Control>,
    pub s2: Boundary<Stage2>,
    pub ctl3: Boundary<Control>,
    pub s3: Boundary<Stage3>,
    pub ctl4m: Boundary<Control>,
    pub m4: Boundary<Mid4>,
    pub ctl4o: Boundary<Control>,
    pub m4o: Boundary<Mid4o>,
    pub ctl4: Boundary<Control>,
    pub s4: Boundary<Stage4>,
    pub ctl5m: Boundary<Control>,
    pub m5: Boundary<Mid5>,
    pub ctl5n: Boundary<Control>,
    pub m5n: Boundary<Mid5n>,
    pub ctl5: Boundary<Control>,
    pub s5: Boundary<Stage5>,
    pub ctl6m: Boundary<Control>,
    pub m6: Boundary<Mid6>,
    pub ctl6: Boundary<Control>,
    pub s6: Boundary<Stage6>,
    pub ctl7m: Boundary<Control>,
    pub m7: Boundary<Mid7>,
    pub ctl7: Boundary<Control>,
    pub d7: Boundary<Bits<DATA_W>>,
    pub r7: Boundary<Bits<2>>,
}

impl Default for Mufu {
    fn default() -> Self {
        Self::new(DEFAULT_DEPTH)
    }
}

impl Mufu {
    /// A unit with `depth` pipeline registers ([`MIN_DEPTH`]..=[`MAX_DEPTH`]);
    /// its latency is `depth` cycles.
    pub fn new(depth: usize) -> Self {
        Self::build(depth, false)
    }

    /// As [`Mufu::new`], with `out_rnd` driven (the SFU's instance).
    pub fn with_rounding_bits(depth: usize) -> Self {
        Self::build(depth, true)
    }

    fn build(depth: usize, rounding_bits: bool) -> Self {
        let plan = stage_plan(depth);
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_func: Default::default(),
            in_abs: Default::default(),
            in_neg: Default::default(),
            in_x: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_d: Default::default(),
            out_rnd: Default::default(),
            rounding_bits: Constant::new(rounding_bits),
            align: Default::default(),
            shift: Default::default(),
            classes: Default::default(),
            classify: Default::default(),
            reduce: Default::default(),
            split: Default::default(),
            seg_addr: Default::default(),
            rom: CoefRom::new(plan[B2]),
            square: Square::new(plan[B2]),
            consts: Default::default(),
            offset: Default::default(),
            exp_fmt: Default::default(),
            exp_base: Default::default(),
            place_c0: Default::default(),
            products: Products::new(plan[B4M], plan[B4O]),
            terms: Default::default(),
            rows: Default::default(),
            sum: Default::default(),
            magnitude: Default::default(),
            normalise: Default::default(),
            round: Default::default(),
            pack: Default::default(),
            m0: Boundary::new(plan[B0M]),
            s0: Boundary::new(plan[B0]),
            m1: Boundary::new(plan[B1M]),
            ctl1: Boundary::new(plan[B1]),
            s1: Boundary::new(plan[B1]),
            ctl2m: Boundary::new(plan[B2M]),
            m2: Boundary::new(plan[B2M]),
            ctl2: Boundary::new(plan[B2]),
            s2: Boundary::new(plan[B2]),
            ctl3: Boundary::new(plan[B3]),
            s3: Boundary::new(plan[B3]),
            ctl4m: Boundary::new(plan[B4M]),
            m4: Boundary::new(plan[B4M]),
            ctl4o: Boundary::new(plan[B4O]),
            m4o: Boundary::new(plan[B4O]),
            ctl4: Boundary::new(plan[B4]),
            s4: Boundary::new(plan[B4]),
            ctl5m: Boundary::new(plan[B5M]),
            m5: Boundary::new(plan[B5M]),
            ctl5n: Boundary::new(plan[B5N]),
            m5n: Boundary::new(plan[B5N]),
            ctl5: Boundary::new(plan[B5]),
            s5: Boundary::new(plan[B5]),
            ctl6m: Boundary::new(plan[B6M]),
            m6: Boundary::new(plan[B6M]),
            ctl6: Boundary::new(plan[B6]),
            s6: Boundary::new(plan[B6]),
            ctl7m: Boundary::new(plan[B7M]),
            m7: Boundary::new(plan[B7M]),
            ctl7: Boundary::new(plan[B7]),
            d7: Boundary::new(plan[B7]),
            r7: Boundary::new(plan[B7]),
        }
    }

    /// Cycles from `in_valid` to `out_valid`: the registered boundaries.
    pub fn latency(&self) -> usize {
        [
            self.m0.is_registered(),
            self.s0.is_registered(),
            self.m1.is_registered(),
            self.ctl1.is_registered(),
            self.ctl2m.is_registered(),
            self.ctl2.is_registered(),
            self.ctl3.is_registered(),
            self.ctl4m.is_registered(),
            self.ctl4o.is_registered(),
            self.ctl4.is_registered(),
            self.ctl5m.is_registered(),
            self.ctl5n.is_registered(),
            self.ctl5.is_registered(),
            self.ctl6m.is_registered(),
            self.ctl6.is_registered(),
            self.ctl7m.is_registered(),
            self.ctl7.is_registered(),
        ]
        .iter()
        .filter(|&&r| r)
        .count()
    }
}

impl Logic for Mufu {
    #[hdl_gen]
    fn update(&mut self) {
        self.m0.clock.next = self.clock.val();
        self.s0.clock.next = self.clock.val();
        self.m1.clock.next = self.clock.val();
        self.ctl1.clock.next = self.clock.val();
        self.s1.clock.next = self.clock.val();
        self.ctl2m.clock.next = self.clock.val();
        self.m2.clock.next = self.clock.val();
        self.ctl2.clock.next = self.clock.val();
        self.s2.clock.next = self.clock.val();
        self.ctl3.clock.next = self.clock.val();
        self.s3.clock.next = self.clock.val();
        self.ctl4m.clock.next = self.clock.val();
        self.m4.clock.next = self.clock.val();
        self.ctl4o.clock.next = self.clock.val();
        self.m4o.clock.next = self.clock.val();
        self.ctl4.clock.next = self.clock.val();
        self.s4.clock.next = self.clock.val();
        self.ctl5m.clock.next = self.clock.val();
        self.m5.clock.next = self.clock.val();
        self.ctl5n.clock.next = self.clock.val();
        self.m5n.clock.next = self.clock.val();
        self.ctl5.clock.next = self.clock.val();
        self.s5.clock.next = self.clock.val();
        self.ctl6m.clock.next = self.clock.val();
        self.m6.clock.next = self.clock.val();
        self.ctl6.clock.next = self.clock.val();
        self.s6.clock.next = self.clock.val();
        self.ctl7m.clock.next = self.clock.val();
        self.m7.clock.next = self.clock.val();
        self.ctl7.clock.next = self.clock.val();
        self.d7.clock.next = self.clock.val();
        self.r7.clock.next = self.clock.val();
        self.rom.clock.next = self.clock.val();
        self.square.clock.next = self.clock.val();
        self.products.clock.next = self.clock.val();

        // ---- phase 0: modifiers, the shift amount, the shift by its
        // multiple of 8 | the rest of the EX2/SIN/COS shifter ----
        self.align.abs.next = self.in_abs.val();
        self.align.neg.next = self.in_neg.val();
        self.align.x.next = self.in_x.val();
        self.m0.d.next.valid = self.in_valid.val();
        self.m0.d.next.tag = self.in_tag.val();
        self.m0.d.next.func = self.in_func.val();
        self.m0.d.next.xm = self.align.xm.val();
        self.m0.d.next.coarse = self.align.coarse.val();
        self.m0.d.next.fine = self.align.fine.val();
        self.shift.coarse.next = self.m0.q.val().coarse;
        self.shift.fine.next = self.m0.q.val().fine;
        self.s0.d.next.valid = self.m0.q.val().valid;
        self.s0.d.next.tag = self.m0.q.val().tag;
        self.s0.d.next.func = self.m0.q.val().func;
        self.s0.d.next.xm = self.m0.q.val().xm;
        self.s0.d.next.wide = self.shift.wide.val();
        self.classes.xm.next = self.m0.q.val().xm;
        self.s0.d.next.cls = self.classes.c.val();

        // ---- phase 1: classes and candidates | specials, argument reduction ----
        self.classify.valid.next = self.s0.q.val().valid;
        self.classify.tag.next = self.s0.q.val().tag;
        self.classify.func.next = self.s0.q.val().func;
        self.classify.xm.next = self.s0.q.val().xm;
        self.classify.wide.next = self.s0.q.val().wide;
        self.classify.cls.next = self.s0.q.val().cls;
        self.m1.d.next = self.classify.m.val();
        self.reduce.m.next = self.m1.q.val();
        self.ctl1.d.next.valid = self.m1.q.val().valid;
        self.ctl1.d.next.tag = self.m1.q.val().tag;
        self.ctl1.d.next.bypass = self.reduce.bypass.val();
        self.ctl1.d.next.bypass_d = self.reduce.bypass_d.val();
        self.ctl1.d.next.region = self.reduce.region.val();
        self.ctl1.d.next.e_arg = self.reduce.e_arg.val();
        self.ctl1.d.next.sign = self.reduce.sign.val();
        self.ctl1.d.next.zero_sign = self.reduce.zero_sign.val();
        self.ctl1.d.next.is64 = self.reduce.is64.val();
        // (The exponent's constants join the control word in phase 2.)
        self.ctl1.d.next.efmt = 0.into();
        self.ctl1.d.next.efmt1 = 0.into();
        self.ctl1.d.next.ebase = 0.into();
        self.ctl1.d.next.ebase1 = 0.into();
        self.s1.d.next.frac = self.reduce.frac.val();
        self.s1.d.next.addend = self.reduce.addend.val();

        // ---- phase 2: the region's decoder, index bits, position | the ROM
        // address (into the block RAM's own address register when boundary
        // 2 is a register) ----
        self.split.region.next = self.ctl1.q.val().region;
        self.split.frac.next = self.s1.q.val().frac;
        self.exp_fmt.region.next = self.ctl1.q.val().region;
        self.exp_fmt.is64.next = self.ctl1.q.val().is64;
        self.ctl2m.d.next = self.ctl1.q.val();
        self.ctl2m.d.next.efmt = self.exp_fmt.efmt.val();
        self.ctl2m.d.next.efmt1 = self.exp_fmt.efmt1.val();
        self.m2.d.next.base = self.split.base.val();
        self.m2.d.next.idx = self.split.idx.val();
        self.m2.d.next.u_hi = self.split.u_hi.val();
        self.m2.d.next.u_lo = self.split.u_lo.val();
        self.m2.d.next.addend = self.s1.q.val().addend;
        self.seg_addr.base.next = self.m2.q.val().base;
        self.seg_addr.idx.next = self.m2.q.val().idx;
        self.rom.address.next = self.seg_addr.address.val();
        self.consts.region.next = self.ctl2m.q.val().region;
        self.exp_base.e_arg.next = self.ctl2m.q.val().e_arg;
        self.exp_base.efmt.next = self.ctl2m.q.val().efmt;
        self.exp_base.efmt1.next = self.ctl2m.q.val().efmt1;
        self.ctl2.d.next = self.ctl2m.q.val();
        self.ctl2.d.next.ebase = self.exp_base.ebase.val();
        self.ctl2.d.next.ebase1 = self.exp_base.ebase1.val();
        self.s2.d.next.u_hi = self.m2.q.val().u_hi;
        self.s2.d.next.u_lo = self.m2.q.val().u_lo;
        self.s2.d.next.addend = self.m2.q.val().addend;
        self.s2.d.next.k0 = self.consts.k0.val();
        self.s2.d.next.k0m1 = self.consts.k0m1.val();
        self.s2.d.next.c0_shift = self.consts.c0_shift.val();

        // ---- phase 3: ROM read ∥ squarer ∥ the sum's constant part ----
        // (The squarer's operand is taken before boundary 2: when that is a
        // register, it is the tile's own input register.)
        self.square.u_hi.next = self.m2.q.val().u_hi;
        self.offset.k0.next = self.s2.q.val().k0;
        self.offset.k0m1.next = self.s2.q.val().k0m1;
        self.offset.addend.next = self.s2.q.val().addend;
        self.ctl3.d.next = self.ctl2.q.val();
        self.s3.d.next.sq = self.square.sq.val();
        self.s3.d.next.u_hi = self.s2.q.val().u_hi;
        self.s3.d.next.u_lo = self.s2.q.val().u_lo;
        self.s3.d.next.ka = self.offset.ka.val();
        self.s3.d.next.kam1 = self.offset.kam1.val();
        self.s3.d.next.c0_shift = self.s2.q.val().c0_shift;

        // ---- phase 4: the tiles (their operands registered inside them
        // when boundary 4m is a register) | products, C0 placed ----
        self.products.word.next = self.rom.data.val();
        self.products.u_hi.next = self.s3.q.val().u_hi;
        self.products.u_lo.next = self.s3.q.val().u_lo;
        self.products.sq.next = self.s3.q.val().sq;
        self.ctl4m.d.next = self.ctl3.q.val();
        self.place_c0.c0.next = self.rom.data.val().get_bits::<C0_W>(29);
        self.place_c0.c0_shift.next = self.s3.q.val().c0_shift;
        self.m4.d.next.c0s = self.place_c0.c0s.val();
        self.m4.d.next.ka = self.s3.q.val().ka;
        self.m4.d.next.kam1 = self.s3.q.val().kam1;
        self.products.region.next = self.ctl4m.q.val().region;
        self.products.c0s.next = self.m4.q.val().c0s;
        self.products.ka.next = self.m4.q.val().ka;
        self.products.kam1.next = self.m4.q.val().kam1;
        self.ctl4o.d.next = self.ctl4m.q.val();
        self.m4o.d.next.base = self.products.base.val();
        self.m4o.d.next.basem1 = self.products.basem1.val();
        self.m4o.d.next.sum_fmt = self.products.sum_fmt.val();
        self.ctl4.d.next = self.ctl4o.q.val();
        self.s4.d.next.base = self.m4o.q.val().base;
        self.s4.d.next.basem1 = self.m4o.q.val().basem1;
        self.s4.d.next.p1a = self.products.p1a.val();
        self.s4.d.next.p1b = self.products.p1b.val();
        self.s4.d.next.p2 = self.products.p2.val();
        self.s4.d.next.sum_fmt = self.m4o.q.val().sum_fmt;

        // ---- phase 5: the terms | the sum ----
        self.terms.fmt.next = self.s4.q.val().sum_fmt;
        self.terms.p1a.next = self.s4.q.val().p1a;
        self.terms.p1b.next = self.s4.q.val().p1b;
        self.terms.p2.next = self.s4.q.val().p2;
        self.ctl5m.d.next = self.ctl4.q.val();
        self.m5.d.next.base = self.s4.q.val().base;
        self.m5.d.next.basem1 = self.s4.q.val().basem1;
        self.m5.d.next.ta = self.terms.ta.val();
        self.m5.d.next.tb = self.terms.tb.val();
        self.m5.d.next.tq = self.terms.tq.val();
        self.m5.d.next.fine = self.terms.fine.val();
        self.m5.d.next.neg = self.terms.neg.val();
        self.rows.ta.next = self.m5.q.val().ta;
        self.rows.tb.next = self.m5.q.val().tb;
        self.rows.tq.next = self.m5.q.val().tq;
        self.rows.fine.next = self.m5.q.val().fine;
        self.rows.neg.next = self.m5.q.val().neg;
        self.ctl5n.d.next = self.ctl5m.q.val();
        self.m5n.d.next.base = self.m5.q.val().base;
        self.m5n.d.next.basem1 = self.m5.q.val().basem1;
        self.m5n.d.next.s1 = self.rows.s1.val();
        self.m5n.d.next.c1 = self.rows.c1.val();
        self.sum.base.next = self.m5n.q.val().base;
        self.sum.basem1.next = self.m5n.q.val().basem1;
        self.sum.s1.next = self.m5n.q.val().s1;
        self.sum.c1.next = self.m5n.q.val().c1;
        self.ctl5.d.next = self.ctl5n.q.val();
        self.s5.d.next.y = self.sum.y.val();
        self.s5.d.next.ym1 = self.sum.ym1.val();

        // ---- phase 6: |y| and the byte flags | the byte shift, the exponent ----
        self.magnitude.y.next = self.s5.q.val().y;
        self.magnitude.ym1.next = self.s5.q.val().ym1;
        self.ctl6m.d.next = self.ctl5.q.val();
        self.m6.d.next.mag = self.magnitude.mag.val();
        self.m6.d.next.neg = self.magnitude.neg.val();
        self.m6.d.next.zero = self.magnitude.zero.val();
        self.m6.d.next.has = self.magnitude.has.val();
        self.m6.d.next.cnt = self.magnitude.cnt.val();
        self.normalise.mag.next = self.m6.q.val().mag;
        self.normalise.has.next = self.m6.q.val().has;
        self.normalise.cnt.next = self.m6.q.val().cnt;
        self.normalise.ebase.next = self.ctl6m.q.val().ebase;
        self.normalise.ebase1.next = self.ctl6m.q.val().ebase1;
        self.ctl6.d.next = self.ctl6m.q.val();
        self.s6.d.next.coarse = self.normalise.coarse.val();
        self.s6.d.next.fine = self.normalise.fine.val();
        self.s6.d.next.neg = self.m6.q.val().neg;
        self.s6.d.next.zero = self.m6.q.val().zero;
        self.s6.d.next.eb = self.normalise.eb.val();
        self.s6.d.next.eb1 = self.normalise.eb1.val();

        // ---- phase 7: shift, round | pick, pack, bypass ----
        self.round.coarse.next = self.s6.q.val().coarse;
        self.round.fine.next = self.s6.q.val().fine;
        self.round.eb.next = self.s6.q.val().eb;
        self.round.eb1.next = self.s6.q.val().eb1;
        self.round.is64.next = self.ctl6.q.val().is64;
        self.round.neg.next = self.s6.q.val().neg;
        self.round.zero.next = self.s6.q.val().zero;
        self.round.sign.next = self.ctl6.q.val().sign;
        self.round.zero_sign.next = self.ctl6.q.val().zero_sign;
        self.round.bypass.next = self.ctl6.q.val().bypass;
        self.round.bypass_d.next = self.ctl6.q.val().bypass_d;
        self.ctl7m.d.next = self.ctl6.q.val();
        self.m7.d.next.kept = self.round.kept.val();
        self.m7.d.next.rb = self.round.rb.val();
        self.m7.d.next.w0 = self.round.w0.val();
        self.m7.d.next.w1 = self.round.w1.val();
        self.m7.d.next.pass_lo = self.round.pass_lo.val();
        self.m7.d.next.pass_hi = self.round.pass_hi.val();
        self.m7.d.next.rnd = 0.into();
        if self.rounding_bits.val() {
            self.m7.d.next.rnd = self.round.rnd.val();
        }
        self.pack.kept.next = self.m7.q.val().kept;
        self.pack.rb.next = self.m7.q.val().rb;
        self.pack.w0.next = self.m7.q.val().w0;
        self.pack.w1.next = self.m7.q.val().w1;
        self.pack.pass_lo.next = self.m7.q.val().pass_lo;
        self.pack.pass_hi.next = self.m7.q.val().pass_hi;
        self.ctl7.d.next = self.ctl7m.q.val();
        self.d7.d.next = self.pack.d.val();
        self.r7.d.next = self.m7.q.val().rnd;

        self.out_valid.next = self.ctl7.q.val().valid;
        self.out_tag.next = self.ctl7.q.val().tag;
        self.out_d.next = self.d7.q.val();
        self.out_rnd.next = self.r7.q.val();
    }
}

impl PortIo for Mufu {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_func.next = to_bits(values[2]);
        self.in_abs.next = values[3] & 1 == 1;
        self.in_neg.next = values[4] & 1 == 1;
        self.in_x.next = to_bits(values[5]);
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
