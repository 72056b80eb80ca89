//! RTL of DIVSQRT: one engine, one operation in flight, ready/valid.
//!
//! | phase (file) | clocks | does |
//! |---|---|---|
//! | accept | the accept edge | decode `in_op` and MODE; the raw operands ([`Input`]; rcp's 1.0 in place) |
//! | fields ([`unpack::FieldTests`]) | 1 | both operands' integer magnitude, exponent-field and fraction tests, into [`Field`] |
//! | unpack ([`unpack::Unpack`]) | 1 | both operands' sign, class, left-aligned significand |
//! | lzc ([`unpack::Lzc64`]) | 1 | both significands' leading-zero counts |
//! | coarse ([`setup::CoarseShift`]) | 1 | the normalising shifts by the counts' multiples of 8, into [`Coarse`] |
//! | shift ([`setup::Shift`]) | 1 | the normalising shifts' rest (0 … 7), the operands' exponents |
//! | compare ([`setup::Compare`], [`setup::Forced`]) | 1 | `m_a ≥ m_b`, the root's start-table comparisons, result exponent; an integer's first weight and `QM` (decoded from `⌊nbits/2⌋`), `lz_a > lz_b`; the answers without a recurrence |
//! | prep ([`setup::Prep`]) | 1 | the root's first two digits, initial recurrence registers, clock count; an integer quotient of 0 |
//! | iterate ([`step`]) | 2 + digits (+ 3 for a root): f64 ÷ 30, f64 √ 30, f32 ÷ 15, f32 √ 16, int ⌊(lz_b − lz_a + 1)/2⌋ + 3 (1 when forced) | the first clock (`s0`: the selection's `K` added, the loop's window sum and window copies loaded from the prep phase's registers), the start step, then one radix-4 SRT digit per clock on the carry-save remainder, on-the-fly quotient; a root's extra clocks: the selection's `K` added after each of its first three digits |
//! | compress ([`correct::Compress`]) | 1 | the 3:2 row of `ws + wc + back`; the carry-free zero test of `ws + wc` by 4-bit groups; both candidates' significands and their rounding and lost-bit tests by 4-bit groups (the exponent arithmetic, [`align::AlignPrep`], was registered during the recurrence) |
//! | row ([`correct::RowZero`]) | 1 | the registered row's carry-free zero test by 4-bit groups |
//! | correct ([`correct::Correct`]) | 1 | remainder carry-propagate adds; the groups' tests combined; both float candidates' right shift by the subnormal shift's multiple of 8 ([`align::CoarseSig`]) |
//! | select ([`align::Select`]) | 1 | `Q` or `QM`, sticky, tininess, each formed for both and picked last; an integer remainder's right shift by the amount's multiple of 8 (a float's, [`align::CoarseSig`], was registered by the correct phase) |
//! | align ([`align::Align`]) | 1 | the right shift's rest (0 … 7; subnormal significand or integer remainder); integer quotient/remainder |
//! | decide ([`round::Decide`]) | 1 | round bit, sticky, increment; integer negation |
//! | pack ([`round::Pack`]) | 1 (floats) | the packing add |
//! | special ([`round::Specials`]) | 1 | overflow, FTZ, flags, the integer and forced answers, into [`Special`] |
//! | final ([`round::Final`]) | 1 | the packed result or the special answer (one LUT per bit), into [`Answer`] |
//! | present | 1 | the registered answer on the outputs |
//!
//! The table is one clock per digit (`divsqrt_c1`). At two clocks per
//! digit ([`Divsqrt::new`]`(2)`, the default `divsqrt`,
//! [`DEFAULT_CLOCKS`]) every iterate clock above is two: in the first the
//! five candidates' chains load `cand`, and `wins` and [`Pre`] take what
//! the second clock would otherwise compute from the held registers; in
//! the second the pick reads `cand` ([`step::Radix4Step`]'s `rcand`) and
//! the recurrence loads. The other phases are the same.
//!
//! The state is a phase register ([`Phase`]), the phase decoded a clock
//! ahead into one flip-flop per phase (`at_*`: the enables of the datapath
//! registers), and one register bundle per phase boundary: [`Input`],
//! [`Field`] (one per operand), [`Accepted`], [`Coarse`], [`Normed`], [`Ordered`], [`Meta`] with [`Iter`], [`Spec`]
//! and [`Loop`] (the digit selection's own copies), the control's own
//! [`Ctl`], [`Compressed`], [`Rest`], [`Selected`], [`Aligned`],
//! [`Decided`], [`Packed`], [`Special`], [`Answer`]. `in_ready` is high while the
//! engine is idle and in the cycle its answer is presented.

pub mod align;
pub mod correct;
pub mod round;
pub mod setup;
pub mod step;
pub mod unpack;

use crate::divsqrt::model::DivsqrtOp;
use crate::divsqrt::srt::REM_W as SRT_REM_W;
use crate::hw::lzc::{LzcBytes64, LzcMerge64, LZ_BYTES_W};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use align::{Align, AlignPrep, CoarseSig, Select};
use correct::{Compress, Correct, RoundBits, RowZero};
use round::{Decide, Final, Pack, Specials};
use rust_hdl::prelude::*;
use setup::{
    CoarseShift, Compare, Forced, ForcedPick, ForcedSel, Prep, Shift, CLOCKS_F32_DIV,
    CLOCKS_F32_SQRT, CLOCKS_F64_DIV, CLOCKS_F64_SQRT,
};
use step::{KLoad, Radix4Step, K_W, NM_W, WIN_W};
use unpack::{FieldTests, Lzc64, Unpack};

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
/// Width of the normalised quotient/root (leading one at bit 55).
pub const NORM_W: usize = 56;
/// Width of `E − 1` in the packing add (f64: 11 bits, and room).
pub const BEFF_W: usize = 12;
/// Width of the clock counter.
pub const CNT_W: usize = 5;
/// Clocks outside the recurrence for a float: fields, unpack, lzc, coarse,
/// shift, compare,
/// prep, load, compress, row, correct, select, align, decide, pack, special,
/// final, present (the answer is presented from a register). The integer
/// forms skip the pack phase.
pub const OVERHEAD: usize = 18;
/// Clocks per radix-4 digit, at most ([`Divsqrt::new`]).
pub const MAX_CLOCKS: usize = 2;
/// Clocks per radix-4 digit of the default engine (the unit `divsqrt`,
/// [`Divsqrt::default`], the SFU's): two. The clock comes before latency
/// (issue #17): at two clocks per digit the engine measured 134.35 MHz
/// (d74263d) against 123.35 at one (63fd1a9), for 30 more clocks on an f64
/// divide (76 against 46, before the load phase added one to both). One
/// clock per digit stays as `divsqrt_c1`.
pub const DEFAULT_CLOCKS: usize = 2;
/// Worst-case cycles from accept to answer (fsqrt.f64) of the default
/// engine.
pub const LATENCY: usize = OVERHEAD + DEFAULT_CLOCKS * CLOCKS_F64_SQRT as usize;
const _: () = assert!(CLOCKS_F64_SQRT >= CLOCKS_F64_DIV);

/// Worst-case cycles from accept to answer (fsqrt.f64) at `clocks` per
/// digit.
pub fn max_latency(clocks: usize) -> usize {
    OVERHEAD + clocks * CLOCKS_F64_SQRT as usize
}

/// Fewest cycles from accept to answer at `clocks` per digit: an integer
/// division whose quotient is known after one iterate clock (divisor 0,
/// or a dividend with more leading zeros than the divisor).
pub fn min_latency(clocks: usize) -> usize {
    latency_with(clocks, DivsqrtOp::Divu, 0, 0)
}

/// Cycles from accept to answer of one operation at `clocks` per digit:
/// every iterate clock is `clocks` long.
pub fn latency_with(clocks: usize, op: DivsqrtOp, a: u64, b: u64) -> usize {
    let iterate = match op {
        DivsqrtOp::FdivF64 | DivsqrtOp::RcpF64 => CLOCKS_F64_DIV,
        DivsqrtOp::FsqrtF64 => CLOCKS_F64_SQRT,
        DivsqrtOp::FdivF32 | DivsqrtOp::RcpF32 => CLOCKS_F32_DIV,
        DivsqrtOp::FsqrtF32 => CLOCKS_F32_SQRT,
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
            let iterate = if mb == 0 || lza > lzb {
                1
            } else {
                2 + crate::divsqrt::srt::integer_digits(lza, lzb) as usize
            };
            return OVERHEAD - 1 + clocks * iterate;
        }
    };
    OVERHEAD + clocks * iterate as usize
}

/// The engine's phase.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
pub enum Phase {
    Idle,
    Fields,
    Unpack,
    Lzc,
    Coarse,
    Shift,
    Compare,
    Prep,
    Load,
    Iterate,
    Compress,
    Row,
    Correct,
    Select,
    Align,
    Decide,
    Pack,
    Special,
    Final,
    Present,
}

/// Registered at the accept edge: the decoded operation and the raw
/// operands (rcp's 1.0 in place).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Input {
    pub tag: Bits<TAG_W>,
    pub fmt64: Bit,
    pub is_int: Bit,
    pub is_signed: Bit,
    pub rem: Bit,
    pub sqrt: Bit,
    pub rm: Bits<RM_W>,
    pub ftz: Bit,
    pub daz: Bit,
    pub a: Bits<64>,
    pub b: Bits<64>,
    /// The dividend's low word as given (an integer remainder's forced answer).
    pub a_raw: Bits<32>,
}

/// Registered by the fields phase, per operand: the wide tests of its
/// fields ([`unpack::FieldTests`]).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Field {
    /// The operand; an integer's magnitude in bits 31..0.
    pub x: Bits<64>,
    /// Sign (an integer's: negative and signed).
    pub sign: Bit,
    /// Exponent field 0, all ones (a float's).
    pub ez: Bit,
    pub emax: Bit,
    /// Fraction field 0; an integer's: the word is 0.
    pub fz: Bit,
}

/// Registered by the unpack phase: the decoded operation and both operands.
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

/// Registered by the coarse phase: the significands shifted by their
/// leading-zero counts' multiples of 8.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Coarse {
    pub sa: Bits<SIG_W>,
    pub sb: Bits<SIG_W>,
}

/// Registered by the shift phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Normed {
    /// Significands with their leading one at bit 63.
    pub na: Bits<SIG_W>,
    pub nb: Bits<SIG_W>,
    /// Biased exponents (+ [`EOFF`]) of those leading ones.
    pub va: Bits<EXP_W>,
    pub vb: Bits<EXP_W>,
}

/// Registered by the compare phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Ordered {
    /// `m_a ≥ m_b` (the dividend is then halved).
    pub ge: Bit,
    /// The root's start: bit `i` set when `⌊64·x⌋` reaches entry `i` of
    /// [`crate::divsqrt::srt::ROOT_START`].
    pub rs: Bits<8>,
    /// Biased exponent (+ [`EOFF`]) of bit 55: a root's, or a quotient's
    /// when `m_a < m_b` (one more when `m_a ≥ m_b`).
    pub bexp: Bits<EXP_W>,
    /// An integer's `lz_a > lz_b` (its quotient is 0).
    pub lz_gt: Bit,
    /// An integer's first digit weight and initial `QM`.
    pub ik1: Bits<REM_W>,
    pub iqm: Bits<REM_W>,
    /// [`setup::Forced`]'s outputs: a float result's sign, the answer
    /// without a recurrence and its flags.
    pub sign: Bit,
    pub forced: Bit,
    pub fres: Bits<64>,
    pub fflags: Bits<FLAGS_W>,
    /// A float result's signed zero, and its overflow answer (±∞ or the
    /// largest finite value, by the rounding mode): read by the special
    /// phase (the register holds until the next operation's compare phase).
    pub zero_res: Bits<64>,
    pub ovf_res: Bits<64>,
    /// The rounding mode decoded with the result's sign
    /// ([`round::RoundUpDecoded`]'s `modes`).
    pub modes: Bits<3>,
}

/// The control registers, apart from the datapath's (so that the handshake
/// proof's cone holds no datapath register).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Ctl {
    pub tag: Bits<TAG_W>,
    pub is_int: Bit,
    /// Integer quotient bits `lz_b − lz_a + 1` (the shift phase's).
    pub nbits: Bits<7>,
    /// Recurrence clocks left, this one included.
    pub count: Bits<CNT_W>,
    /// `count == 1`, registered (the phase logic reads no compare).
    pub last: Bit,
}

/// Set up once, read by the finishing phases.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Meta {
    pub fmt64: Bit,
    pub is_int: Bit,
    pub sqrt: Bit,
    pub rm: Bits<RM_W>,
    pub ftz: Bit,
    /// Sign of a float result.
    pub sign: Bit,
    /// Biased exponent (+ [`EOFF`]) of the significand's bit 55.
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
    pub q: Bits<REM_W>,
    pub qm: Bits<REM_W>,
    /// Weight of this clock's digit (0 in the start step).
    pub k: Bits<REM_W>,
    /// What this clock's digit subtracts (+1, +2) or adds (−1, −2).
    pub p1: Bits<REM_W>,
    pub p2: Bits<REM_W>,
    pub m1: Bits<REM_W>,
    pub m2: Bits<REM_W>,
    /// This clock's digit, thermometer code.
    pub c: Bits<4>,
    /// Its inverted copy (not merged with `c`): the on-the-fly
    /// conversion's and the thresholds' selects, `c` the addend's.
    pub cn: Bits<4>,
    /// The next selection's thresholds for the rows of `Q` and `QM`.
    pub nmq: Bits<NM_W>,
    pub nmqm: Bits<NM_W>,
    /// The first digit's weight until the start step, 0 after it.
    pub k_first: Bits<REM_W>,
}

/// The speculative selection's `K` ([`step::KLoad`]): of the candidates
/// +2, +1, −1, −2 as functions of `Q` (`qp2` … `qm2`) and of `QM` (`mp2` …
/// `mm2`). The selection reads `qp2`, `qp1`, `mm1`, `mm2`. Added from the
/// registers in the first iterate clock (the start step's digit is 0,
/// whose candidate reads `nmq`) and in a root's extra clocks; in a root's later
/// clocks picked by the digit as `Q` and `QM` are; a division's stay.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Spec {
    pub qp2: Bits<K_W>,
    pub qp1: Bits<K_W>,
    pub qm1: Bits<K_W>,
    pub qm2: Bits<K_W>,
    pub mp2: Bits<K_W>,
    pub mp1: Bits<K_W>,
    pub mm1: Bits<K_W>,
    pub mm2: Bits<K_W>,
}

/// The digit selection loop's registers: the estimate's window sum `v`
/// and the digit (loaded at every clock but a root's extra ones; the
/// digit's start value by the prep phase), and the copies of the windows
/// each candidate digit's next sum reads (loaded in the first iterate
/// clock from [`Iter`], then with `ws`, `wc` and a root's multiples), so
/// that the loop reads flip-flops of its own (the datapath's copies in
/// [`Iter`] have an enable and hold after the recurrence).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Loop {
    /// The estimate's windows of `ws` and `wc`, added.
    pub v: Bits<10>,
    pub c: Bits<4>,
    /// The windows the candidates' sums read ([`step::WIN_W`]): `ws`, `wc`
    /// bits 45 … 55, and bits 47 … 57 of `p2`, `p1`, `m1`, `m2`, inverted.
    pub ws: Bits<WIN_W>,
    pub wc: Bits<WIN_W>,
    pub np2: Bits<WIN_W>,
    pub np1: Bits<WIN_W>,
    pub nm1: Bits<WIN_W>,
    pub nm2: Bits<WIN_W>,
    /// The digit's `< 0` and `< 1`, inverted copies (not merged with `c`):
    /// the selects of the `K` registers' pick.
    pub g: Bits<2>,
}

/// Two clocks per digit: what the digit's second clock reads, computed
/// and registered in its first (every input holds through both): the
/// addend by `c`, and `Q'`, `QM'` by `cn` (the on-the-fly conversion). The
/// second clock loads `Q`, `QM` from these and forms a root's next
/// multiples from them (the ORs with the next weight); at one clock per
/// digit the register is unread (and removed by synthesis).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Pre {
    pub t: Bits<REM_W>,
    pub q: Bits<REM_W>,
    pub qm: Bits<REM_W>,
}

/// After the correction.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Rest {
    /// The remainder is negative (take `QM`, `r2`); `r1 = 0`, `r2 = 0`.
    pub neg: Bit,
    pub z1: Bit,
    pub z2: Bit,
    pub r1: Bits<REM_W>,
    pub r2: Bits<REM_W>,
    /// Both candidates' significands and rounding bits ([`RoundBits`]).
    pub m_q: Bits<NORM_W>,
    pub ao_q: Bit,
    pub rb_q: Bit,
    pub lo_q: Bit,
    pub m_qm: Bits<NORM_W>,
    pub ao_qm: Bit,
    pub rb_qm: Bit,
    pub lo_qm: Bit,
    /// `m_q`, `m_qm` shifted right by `dsh`'s multiple of 8 ([`align::CoarseSig`]).
    pub sh_q: Bits<NORM_W>,
    pub sh_qm: Bits<NORM_W>,
    /// Bits the subnormal shift drops from `m_q`, from `m_qm`.
    pub lost_q: Bit,
    pub lost_qm: Bit,
    /// [`RoundBits`]' tests by 4-bit groups, registered in the compress phase.
    pub g_ones_q: Bits<14>,
    pub g_low_q: Bits<14>,
    pub g_lost_q: Bits<14>,
    pub g_ones_qm: Bits<14>,
    pub g_low_qm: Bits<14>,
    pub g_lost_qm: Bits<14>,
    /// [`align::AlignPrep`]'s outputs.
    pub dsh: Bits<6>,
    pub kept_mask: Bits<NORM_W>,
    pub tlt: Bit,
    pub teq: Bit,
    pub beff: Bits<BEFF_W>,
    pub huge: Bit,
    pub at_top: Bit,
    /// Its first step's ([`align::AlignPrep`]'s `gt`, `lt`, `d`, `beff_raw`).
    pub ap_gt: Bit,
    pub ap_lt: Bit,
    pub ap_d: Bits<6>,
    pub ap_beff_raw: Bits<BEFF_W>,
    /// Its third step's (`hgt`, `heq`, `lge`).
    pub ap_hgt: Bits<8>,
    pub ap_heq: Bits<8>,
    pub ap_lge: Bits<8>,
}

/// After the select phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Selected {
    /// The shifter's input, shifted by the amount's multiple of 8, and
    /// the rest of the amount.
    pub sh_in: Bits<REM_W>,
    pub sh_amount: Bits<3>,
    pub sticky: Bit,
    /// Tiny after rounding.
    pub tiny: Bit,
    /// The integer quotient.
    pub iq: Bits<32>,
}

/// After the align phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Aligned {
    /// Significand, leading one at bit 55 unless shifted into the subnormal range.
    pub x: Bits<NORM_W>,
    /// ORs of `x`'s bits 30 … 0 by groups (28 … 30, 24 … 27, …, 0 … 3):
    /// a binary32 result's sticky bits.
    pub sg: Bits<8>,
    pub sticky: Bit,
    pub tiny: Bit,
    /// Integer answer before its sign.
    pub ival: Bits<32>,
    pub ineg: Bit,
}

/// After the decide phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Decided {
    pub kept: Bits<64>,
    pub up: Bit,
    pub inexact: Bit,
    pub tiny: Bit,
    pub ires: Bits<32>,
}

/// After the pack phase.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Packed {
    pub pack: Bits<64>,
    /// `pack ≠ 0`, from the packing add's operands.
    pub nz: Bit,
    /// `pack`'s exponent field all ones (or `E ≥ emax`), all zeros: from
    /// the add's operands, beside the add.
    pub ovf: Bit,
    pub sub: Bit,
}

/// Registered by the special phase: the answer unless `take`, then the
/// packed result ORed into `alt` (the sign).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Special {
    pub alt: Bits<64>,
    pub flags: Bits<FLAGS_W>,
    pub take: Bit,
}

/// Registered by the final phase: the answer the present phase shows.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Answer {
    pub result: Bits<64>,
    pub flags: Bits<FLAGS_W>,
}

/// The correction's first half: the 3:2 row of `ws + wc + back`.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct Compressed {
    pub s2: Bits<REM_W>,
    pub c2: Bits<REM_W>,
    /// `ws + wc = 0` by 4-bit groups ([`Compress::zp`](correct::Compress)).
    pub zp: Bits<15>,
    pub zp2: Bits<15>,
}

/// Clocks per digit, as a constant the top block reads (rust-hdl's
/// [`Constant`] has no `Default`; the top block's is 1 clock).
#[derive(LogicBlock)]
pub struct PerDigit {
    /// Two clocks per digit.
    pub two: Signal<Out, Bit>,
    /// The leading-zero counts in two clocks ([`Divsqrt::with`]).
    pub lzc2: Signal<Out, Bit>,
    is_two: Constant<Bit>,
    is_lzc2: Constant<Bit>,
}

impl PerDigit {
    /// `clocks` per digit: 1 or 2.
    pub fn new(clocks: usize) -> Self {
        Self::with(clocks, false)
    }

    /// `clocks` per digit, and the leading-zero counts in one clock or two.
    pub fn with(clocks: usize, lzc2: bool) -> Self {
        assert!(
            (1..=MAX_CLOCKS).contains(&clocks),
            "clocks per digit {clocks}"
        );
        Self {
            two: Default::default(),
            lzc2: Default::default(),
            is_two: Constant::new(clocks == 2),
            is_lzc2: Constant::new(lzc2),
        }
    }
}

impl Default for PerDigit {
    fn default() -> Self {
        Self::new(DEFAULT_CLOCKS)
    }
}

impl Logic for PerDigit {
    fn update(&mut self) {
        self.two.next = self.is_two.val();
        self.lzc2.next = self.is_lzc2.val();
    }

    fn connect(&mut self) {
        self.two.connect();
        self.lzc2.connect();
    }

    /// A continuous assignment, not `#[hdl_gen]`'s `always @(*)`: a block
    /// that reads only a constant has an empty sensitivity list, which
    /// Icarus Verilog never runs, so `two` stayed `x` there and the engine
    /// never left its first iterate clock (Verilator and yosys evaluate it
    /// once, which hid it).
    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: "assign two = is_two;\nassign lzc2 = is_lzc2;".into(),
            cores: String::new(),
        })
    }
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
    /// The result's rounding mode.
    rm_in: Signal<Local, Bits<RM_W>>,
    /// Phases.
    pub fa: FieldTests,
    pub fb: FieldTests,
    pub ua: Unpack,
    pub ub: Unpack,
    pub lza: Lzc64,
    pub lzb: Lzc64,
    /// The two-clock count's halves ([`Divsqrt::with`]; removed by
    /// synthesis in the one-clock engine).
    pub lz2a: LzcBytes64,
    pub lz2b: LzcBytes64,
    pub lzma: LzcMerge64,
    pub lzmb: LzcMerge64,
    pub coarse: CoarseShift,
    pub shift: Shift,
    pub compare: Compare,
    pub forced: Forced,
    pub fpick: ForcedPick,
    pub prep: Prep,
    pub step: Radix4Step,
    /// Clocks per digit: 1, or 2 (a constant, [`Divsqrt::new`]).
    pub per_digit: PerDigit,
    pub kload_rows: KLoad,
    pub compress: Compress,
    pub row_zero: RowZero,
    pub correct: Correct,
    pub bits_q: RoundBits,
    pub bits_qm: RoundBits,
    pub aprep: AlignPrep,
    pub coarse_sig: CoarseSig,
    pub select: Select,
    pub align: Align,
    pub decide: Decide,
    pub pack: Pack,
    pub specials: Specials,
    pub fin: Final,
    /// Registers.
    pub phase: DFF<Phase>,
    /// Neither idle nor presenting (`in_ready` low), a clock ahead.
    pub busy: DFF<Bit>,
    /// The phase decoded a clock ahead, one flip-flop per phase that
    /// enables datapath registers: no decode between the phase register
    /// and the hundreds of enables it drives.
    pub at_fields: DFF<Bit>,
    pub at_unpack: DFF<Bit>,
    pub at_lzc: DFF<Bit>,
    /// The two-clock count's second clock (the lzc phase held).
    pub at_lzm: DFF<Bit>,
    pub at_coarse: DFF<Bit>,
    pub at_shift: DFF<Bit>,
    pub at_compare: DFF<Bit>,
    pub at_load: DFF<Bit>,
    pub at_iter: DFF<Bit>,
    pub at_compress: DFF<Bit>,
    pub at_row: DFF<Bit>,
    pub at_correct: DFF<Bit>,
    pub at_select: DFF<Bit>,
    pub at_align: DFF<Bit>,
    pub at_decide: DFF<Bit>,
    pub at_pack: DFF<Bit>,
    pub at_special: DFF<Bit>,
    pub at_final: DFF<Bit>,
    /// The recurrence's clock kinds, a clock ahead: `adv` applies a digit
    /// (every iterate clock but the first and a root's extra ones), `kload`
    /// adds the `K` registers from the recurrence's (the first clock, a
    /// root's extra clocks), `kmux` picks them by the digit and loads the root's next
    /// multiples (a root's other clocks: `adv` of a root). At two clocks
    /// per digit they are set for the digit's second clock only (so each
    /// load enable is one of these flip-flops, with no `hold` term).
    pub adv: DFF<Bit>,
    pub kload: DFF<Bit>,
    pub kmux: DFF<Bit>,
    /// Bit 0: this iterate clock applies no digit: the first (`s0`), or a
    /// root's extra clock (the `K` add after its first three digits, whose
    /// weight reaches the estimate's window).
    pub bpat: DFF<Bits<8>>,
    /// The first iterate clock: `v` added and the loop's window copies
    /// loaded from the prep phase's registers (since 2026-12-03 a
    /// division's too: no prep logic and no prep load before `lp.v`).
    pub s0: DFF<Bit>,
    /// Two clocks per digit: the digit's first clock (an iterate clock in
    /// which the recurrence's registers hold; a flip-flop, set a clock
    /// ahead, so that no decode sits before their enables), and the five
    /// candidates' thermometer codes registered at the end of it.
    pub first: DFF<Bit>,
    /// Two clocks per digit: the prep phase was the clock before (the first
    /// pair's kind `s0`, set in its first clock).
    pub s0_pend: DFF<Bit>,
    pub cand: DFF<Bits<20>>,
    /// The five candidates' next window sums, registered as `cand` is.
    pub wins: DFF<Bits<50>>,
    pub pre: DFF<Pre>,
    /// Two clocks per digit: the on-the-fly conversion's selects for the
    /// digit in `iter.c` (decoded from `c_next` by the step's
    /// `qsel_next`, loaded with `c`; the prep phase's digit 0 a constant):
    /// the first clock's `Pre.q`, `Pre.qm` are AND-ORs of these six
    /// flip-flops, not `cn`'s 4-way decode. Unused at one clock per digit.
    pub qsel: DFF<Bits<6>>,
    /// `per_digit`'s output.
    two: Signal<Local, Bit>,
    /// The leading-zero counts in two clocks ([`Divsqrt::with`]).
    lzc2: Signal<Local, Bit>,
    /// An iterate clock that is a digit's first of two (`first`): every
    /// register of the recurrence and its control holds.
    hold: Signal<Local, Bit>,
    /// The recurrence's load enables (a digit applied; the loop's window
    /// copies; a root's multiples; the `K` add; the first clock).
    en_dig: Signal<Local, Bit>,
    en_adv: Signal<Local, Bit>,
    en_kmux: Signal<Local, Bit>,
    en_kload: Signal<Local, Bit>,
    en_s0: Signal<Local, Bit>,
    /// `at_iter`'s next value.
    at_iter_d: Signal<Local, Bit>,
    /// What a digit clock loads into `Q`, `QM`: the step's outputs, or at
    /// two clocks per digit [`Pre`]'s.
    q_next: Signal<Local, Bits<REM_W>>,
    qm_next: Signal<Local, Bits<REM_W>>,
    v0: Signal<Local, Bits<10>>,
    s0_ws: Signal<Local, Bits<REM_W>>,
    s0_wc: Signal<Local, Bits<REM_W>>,
    s0_p1: Signal<Local, Bits<REM_W>>,
    s0_p2: Signal<Local, Bits<REM_W>>,
    s0_m1: Signal<Local, Bits<REM_W>>,
    s0_m2: Signal<Local, Bits<REM_W>>,
    bpat_next: Signal<Local, Bits<8>>,
    /// `lp.g`, and the prep phase's digit (Icarus: no part select of a
    /// struct field).
    lp_g: Signal<Local, Bits<2>>,
    prep_c: Signal<Local, Bits<4>>,
    iter_next: Signal<Local, Bit>,
    /// The next phase.
    phase_next: Signal<Local, Phase>,
    /// The prep phase's remainder (a whole word: Icarus refuses a part
    /// select of a struct field's part select).
    pub inp: DFF<Input>,
    pub fld_a: DFF<Field>,
    pub fld_b: DFF<Field>,
    pub acc: DFF<Accepted>,
    /// The two-clock count: both significands' leading zeros per byte.
    pub lzp_a: DFF<Bits<LZ_BYTES_W>>,
    pub lzp_b: DFF<Bits<LZ_BYTES_W>>,
    pub ctl: DFF<Ctl>,
    pub crs: DFF<Coarse>,
    pub norm: DFF<Normed>,
    pub ord: DFF<Ordered>,
    /// [`Forced`]'s decision, registered at every clock.
    pub forced_sel: DFF<ForcedSel>,
    pub meta: DFF<Meta>,
    pub iter: DFF<Iter>,
    /// The prep phase's answers, registered at its end (its multiplexers of
    /// the root table and the operand shifts in a clock of their own); the
    /// load phase loads the recurrence, `meta` and the count from these.
    pub prep_iter: DFF<Iter>,
    pub prep_meta: DFF<Meta>,
    pub prep_count: DFF<Bits<CNT_W>>,
    pub prep_last: DFF<Bit>,
    pub spec: DFF<Spec>,
    pub lp: DFF<Loop>,
    pub rest: DFF<Rest>,
    pub sel: DFF<Selected>,
    pub aligned: DFF<Aligned>,
    pub decided: DFF<Decided>,
    pub pkd: DFF<Packed>,
    pub spc: DFF<Special>,
    pub cmp: DFF<Compressed>,
    pub ans: DFF<Answer>,
}

impl Logic for Divsqrt {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            phase,
            busy,
            at_fields,
            at_unpack,
            at_lzc,
            at_lzm,
            at_coarse,
            at_shift,
            at_compare,
            at_load,
            at_iter,
            at_compress,
            at_row,
            at_correct,
            at_select,
            at_align,
            at_decide,
            at_pack,
            at_special,
            at_final,
            adv,
            kload,
            kmux,
            bpat,
            s0,
            first,
            qsel,
            s0_pend,
            cand,
            wins,
            pre,
            inp,
            fld_a,
            fld_b,
            acc,
            lzp_a,
            lzp_b,
            ctl,
            crs,
            norm,
            ord,
            forced_sel,
            meta,
            iter,
            prep_iter,
            prep_meta,
            prep_count,
            prep_last,
            spec,
            lp,
            rest,
            sel,
            aligned,
            decided,
            pkd,
            spc,
            cmp,
            ans
        );
        // Idle, or presenting the last answer: the next operation's accept
        // edge is the answer's last edge. From a flip-flop (`busy`, set a
        // clock ahead: by an accept, cleared in the final phase), not from
        // a decode of the phase register.
        self.in_ready.next = !self.busy.q.val();
        self.accept.next = self.in_valid.val() & self.in_ready.val();
        self.busy.d.next = self.accept.val() | (self.busy.q.val() & !self.at_final.q.val());
        // Two clocks per digit: the first computes the five candidates'
        // chains into `cand` while everything else holds; the second picks
        // from `cand` and loads the recurrence.
        self.two.next = self.per_digit.two.val();
        self.lzc2.next = self.per_digit.lzc2.val();
        self.hold.next = self.first.q.val();
        // The recurrence's load enables: a clock kind and not a digit's
        // first clock; at two clocks per digit the kinds are set for the
        // second clock only (below), so each enable is a flip-flop.
        self.en_dig.next = !self.bpat.q.val().get_bit(0) & !self.hold.val();
        self.en_adv.next = self.adv.q.val() & !self.hold.val();
        self.en_kmux.next = self.kmux.q.val() & !self.hold.val();
        self.en_kload.next = self.kload.q.val() & !self.hold.val();
        self.en_s0.next = self.s0.q.val() & !self.hold.val();
        if self.two.val() {
            self.en_dig.next = self.adv.q.val();
            self.en_adv.next = self.adv.q.val();
            self.en_kmux.next = self.kmux.q.val();
            self.en_kload.next = self.kload.q.val();
            self.en_s0.next = self.s0.q.val();
        }

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
        self.inp.d.next = self.inp.q.val();
        if self.accept.val() {
            self.inp.d.next.tag = self.in_tag.val();
            self.inp.d.next.fmt64 = self.op_fmt64.val();
            self.inp.d.next.is_int = self.op_int.val();
            self.inp.d.next.is_signed = self.op_signed.val();
            self.inp.d.next.rem = (self.in_op.val() == 6) | (self.in_op.val() == 7);
            self.inp.d.next.sqrt = (self.in_op.val() == 2) | (self.in_op.val() == 3);
            self.inp.d.next.rm = self.rm_in.val();
            self.inp.d.next.ftz = self.in_ftz32.val();
            if self.op_fmt64.val() {
                self.inp.d.next.ftz = self.in_ftz64.val() & self.op_flush64.val();
            }
            self.inp.d.next.daz = self.daz_in.val();
            self.inp.d.next.a = self.a_in.val();
            self.inp.d.next.b = self.b_in.val();
            self.inp.d.next.a_raw = self.in_a.val().get_bits::<32>(0);
        }

        // ---- fields: the integer magnitudes, the fields' wide tests ----
        self.fa.x.next = self.inp.q.val().a;
        self.fb.x.next = self.inp.q.val().b;
        self.fa.is64.next = self.inp.q.val().fmt64;
        self.fb.is64.next = self.inp.q.val().fmt64;
        self.fa.is_int.next = self.inp.q.val().is_int;
        self.fb.is_int.next = self.inp.q.val().is_int;
        self.fa.is_signed.next = self.inp.q.val().is_signed;
        self.fb.is_signed.next = self.inp.q.val().is_signed;
        self.fld_a.d.next = self.fld_a.q.val();
        self.fld_b.d.next = self.fld_b.q.val();
        if self.at_fields.q.val() {
            self.fld_a.d.next = self.fa.f.val();
            self.fld_b.d.next = self.fb.f.val();
        }

        // ---- unpack: both operands' sign, class, significand ----
        self.ua.f.next = self.fld_a.q.val();
        self.ub.f.next = self.fld_b.q.val();
        self.ua.is64.next = self.inp.q.val().fmt64;
        self.ub.is64.next = self.inp.q.val().fmt64;
        self.ua.is_int.next = self.inp.q.val().is_int;
        self.ub.is_int.next = self.inp.q.val().is_int;
        self.ua.daz.next = self.inp.q.val().daz;
        self.ub.daz.next = self.inp.q.val().daz;

        self.lza.x.next = self.acc.q.val().a_sig;
        self.lzb.x.next = self.acc.q.val().b_sig;
        self.acc.d.next = self.acc.q.val();
        if self.at_unpack.q.val() {
            self.acc.d.next.tag = self.inp.q.val().tag;
            self.acc.d.next.fmt64 = self.inp.q.val().fmt64;
            self.acc.d.next.is_int = self.inp.q.val().is_int;
            self.acc.d.next.is_signed = self.inp.q.val().is_signed;
            self.acc.d.next.rem = self.inp.q.val().rem;
            self.acc.d.next.sqrt = self.inp.q.val().sqrt;
            self.acc.d.next.rm = self.inp.q.val().rm;
            self.acc.d.next.ftz = self.inp.q.val().ftz;
            self.acc.d.next.a_raw = self.inp.q.val().a_raw;
            self.acc.d.next.a_sign = self.ua.sign.val();
            self.acc.d.next.a_zero = self.ua.zero.val();
            self.acc.d.next.a_inf = self.ua.inf.val();
            self.acc.d.next.a_nan = self.ua.nan.val();
            self.acc.d.next.a_snan = self.ua.snan.val();
            self.acc.d.next.a_sig = self.ua.sig.val();
            self.acc.d.next.a_e1 = self.ua.e1.val();
            self.acc.d.next.b_sign = self.ub.sign.val();
            self.acc.d.next.b_zero = self.ub.zero.val();
            self.acc.d.next.b_inf = self.ub.inf.val();
            self.acc.d.next.b_nan = self.ub.nan.val();
            self.acc.d.next.b_snan = self.ub.snan.val();
            self.acc.d.next.b_sig = self.ub.sig.val();
            self.acc.d.next.b_e1 = self.ub.e1.val();
        }
        if self.at_lzc.q.val() & !self.lzc2.val() {
            self.acc.d.next.a_lz = self.lza.lz.val();
            self.acc.d.next.b_lz = self.lzb.lz.val();
        }
        self.lz2a.x.next = self.acc.q.val().a_sig;
        self.lz2b.x.next = self.acc.q.val().b_sig;
        self.lzp_a.d.next = self.lzp_a.q.val();
        self.lzp_b.d.next = self.lzp_b.q.val();
        if self.at_lzc.q.val() {
            self.lzp_a.d.next = self.lz2a.part.val();
            self.lzp_b.d.next = self.lz2b.part.val();
        }
        self.lzma.part.next = self.lzp_a.q.val();
        self.lzmb.part.next = self.lzp_b.q.val();
        // (`lzc2` in the enable too, so that the one-clock engine's
        // synthesis folds the whole two-clock count away.)
        if self.at_lzm.q.val() & self.lzc2.val() {
            self.acc.d.next.a_lz = self.lzma.lz.val();
            self.acc.d.next.b_lz = self.lzmb.lz.val();
        }

        // ---- shift, prep ----
        self.coarse.p.next = self.acc.q.val();
        self.crs.d.next = self.crs.q.val();
        if self.at_coarse.q.val() {
            self.crs.d.next = self.coarse.c.val();
        }
        self.shift.p.next = self.acc.q.val();
        self.shift.c.next = self.crs.q.val();
        self.norm.d.next = self.norm.q.val();
        if self.at_shift.q.val() {
            self.norm.d.next = self.shift.n.val();
        }
        self.compare.p.next = self.acc.q.val();
        self.compare.n.next = self.norm.q.val();
        self.compare.nbits.next = self.ctl.q.val().nbits;
        self.ord.d.next = self.ord.q.val();
        // The forced answers' decision at every clock (from the lzc phase
        // on it is this operation's), their values from that register.
        self.forced.p.next = self.acc.q.val();
        self.forced_sel.d.next = self.forced.sel.val();
        self.fpick.s.next = self.forced_sel.q.val();
        self.fpick.a_raw.next = self.acc.q.val().a_raw;
        if self.at_compare.q.val() {
            self.ord.d.next = self.compare.o.val();
            self.ord.d.next.sign = self.forced_sel.q.val().sign;
            self.ord.d.next.forced = self.forced_sel.q.val().forced;
            self.ord.d.next.fres = self.fpick.fres.val();
            self.ord.d.next.fflags = self.forced_sel.q.val().fflags;
            self.ord.d.next.zero_res = self.fpick.zero_res.val();
            self.ord.d.next.ovf_res = self.fpick.ovf_res.val();
            self.ord.d.next.modes = self.fpick.modes.val();
        }
        // An integer's first weight and `QM`: loaded at every clock (no
        // enable before the decoder's flip-flops; `nbits` holds from the
        // shift phase on, and the prep phase reads them).
        self.ord.d.next.ik1 = self.compare.o.val().ik1;
        self.ord.d.next.iqm = self.compare.o.val().iqm;
        self.prep.p.next = self.acc.q.val();
        self.prep.n.next = self.norm.q.val();
        self.prep.o.next = self.ord.q.val();
        self.prep.nbits.next = self.ctl.q.val().nbits;
        self.ctl.d.next = self.ctl.q.val();
        if self.at_shift.q.val() {
            self.ctl.d.next.nbits = self.shift.nbits.val();
        }
        // The prep phase's answers, loaded at every clock (their inputs
        // hold from the compare phase on); the load phase reads them.
        self.prep_iter.d.next = self.prep.iter.val();
        self.prep_meta.d.next = self.prep.meta.val();
        self.prep_count.d.next = self.prep.count.val();
        self.prep_last.d.next = self.prep.last.val();
        if self.at_load.q.val() {
            self.ctl.d.next.tag = self.acc.q.val().tag;
            self.ctl.d.next.is_int = self.acc.q.val().is_int;
            self.ctl.d.next.count = self.prep_count.q.val();
            self.ctl.d.next.last = self.prep_last.q.val();
        }
        if self.at_iter.q.val() & !self.hold.val() {
            self.ctl.d.next.count = self.ctl.q.val().count - 1;
            self.ctl.d.next.last = self.ctl.q.val().count == 2;
        }

        // ---- iterate ----
        self.cand.d.next = self.step.cands.val();
        self.step.two.next = self.two.val();
        self.step.rcand.next = self.cand.q.val();
        self.wins.d.next = self.step.wins.val();
        self.step.rwins.next = self.wins.q.val();
        self.pre.d.next.t = self.step.t_now.val();
        self.pre.d.next.q = self.step.q_next.val();
        self.pre.d.next.qm = self.step.qm_next.val();
        self.step.rt.next = self.pre.q.val().t;
        self.step.rq.next = self.pre.q.val().q;
        self.step.rqm.next = self.pre.q.val().qm;
        self.q_next.next = self.step.q_next.val();
        self.qm_next.next = self.step.qm_next.val();
        if self.two.val() {
            self.q_next.next = self.pre.q.val().q;
            self.qm_next.next = self.pre.q.val().qm;
        }
        self.step.qsel.next = self.qsel.q.val();
        self.step.k_first.next = self.iter.q.val().k_first;
        self.step.ws.next = self.iter.q.val().ws;
        self.step.wc.next = self.iter.q.val().wc;
        self.step.q.next = self.iter.q.val().q;
        self.step.qm.next = self.iter.q.val().qm;
        self.step.k.next = self.iter.q.val().k;
        self.step.p1.next = self.iter.q.val().p1;
        self.step.p2.next = self.iter.q.val().p2;
        self.step.m1.next = self.iter.q.val().m1;
        self.step.m2.next = self.iter.q.val().m2;
        self.step.c.next = self.iter.q.val().c;
        self.step.cn.next = self.iter.q.val().cn;
        self.step.v.next = self.lp.q.val().v;
        self.step.cs.next = self.lp.q.val().c;
        self.step.lws.next = self.lp.q.val().ws;
        self.step.lwc.next = self.lp.q.val().wc;
        self.step.lnp2.next = self.lp.q.val().np2;
        self.step.lnp1.next = self.lp.q.val().np1;
        self.step.lnm1.next = self.lp.q.val().nm1;
        self.step.lnm2.next = self.lp.q.val().nm2;
        self.s0_ws.next = self.iter.q.val().ws;
        self.s0_wc.next = self.iter.q.val().wc;
        self.s0_p1.next = self.iter.q.val().p1;
        self.s0_p2.next = self.iter.q.val().p2;
        self.s0_m1.next = self.iter.q.val().m1;
        self.s0_m2.next = self.iter.q.val().m2;
        self.lp.d.next = self.lp.q.val();
        if self.en_dig.val() {
            self.lp.d.next.v = self.step.v_next.val();
            self.lp.d.next.c = self.step.c_next.val();
            self.lp.d.next.g = !self.step.c_next.val().get_bits::<2>(1);
        }
        if self.en_adv.val() {
            self.lp.d.next.ws = self.step.lws_next.val();
            self.lp.d.next.wc = self.step.lwc_next.val();
        }
        if self.en_kmux.val() {
            self.lp.d.next.np2 = !self.step.p2_next.val().get_bits::<WIN_W>(47);
            self.lp.d.next.np1 = !self.step.p1_next.val().get_bits::<WIN_W>(47);
            self.lp.d.next.nm1 = !self.step.m1_next.val().get_bits::<WIN_W>(47);
            self.lp.d.next.nm2 = !self.step.m2_next.val().get_bits::<WIN_W>(47);
        }
        self.step.nmq.next = self.iter.q.val().nmq;
        self.step.nmqm.next = self.iter.q.val().nmqm;
        self.step.kp2.next = self.spec.q.val().qp2;
        self.step.kp1.next = self.spec.q.val().qp1;
        self.step.km1.next = self.spec.q.val().mm1;
        self.step.km2.next = self.spec.q.val().mm2;
        self.kload_rows.q.next = self.iter.q.val().q;
        self.kload_rows.qm.next = self.iter.q.val().qm;
        self.kload_rows.p1.next = self.iter.q.val().p1;
        self.kload_rows.p2.next = self.iter.q.val().p2;
        self.kload_rows.m1.next = self.iter.q.val().m1;
        self.kload_rows.m2.next = self.iter.q.val().m2;
        self.kload_rows.nmq.next = self.iter.q.val().nmq;
        self.kload_rows.nmqm.next = self.iter.q.val().nmqm;
        self.meta.d.next = self.meta.q.val();
        self.iter.d.next = self.iter.q.val();
        self.spec.d.next = self.spec.q.val();
        self.lp_g.next = self.lp.q.val().g;
        self.prep_c.next = self.prep_iter.q.val().c;
        if self.en_kmux.val() {
            // Q' has Q's window when the digit is ≥ 0, QM's below; QM' has
            // Q's when it is ≥ 1.
            if self.lp_g.val().get_bit(0) {
                self.spec.d.next.qp2 = self.spec.q.val().mp2;
                self.spec.d.next.qp1 = self.spec.q.val().mp1;
                self.spec.d.next.qm1 = self.spec.q.val().mm1;
                self.spec.d.next.qm2 = self.spec.q.val().mm2;
            }
            if !self.lp_g.val().get_bit(1) {
                self.spec.d.next.mp2 = self.spec.q.val().qp2;
                self.spec.d.next.mp1 = self.spec.q.val().qp1;
                self.spec.d.next.mm1 = self.spec.q.val().qm1;
                self.spec.d.next.mm2 = self.spec.q.val().qm2;
            }
        }
        if self.en_kload.val() {
            self.spec.d.next.qp2 = self.kload_rows.qp2.val();
            self.spec.d.next.qp1 = self.kload_rows.qp1.val();
            self.spec.d.next.qm1 = self.kload_rows.qm1.val();
            self.spec.d.next.qm2 = self.kload_rows.qm2.val();
            self.spec.d.next.mp2 = self.kload_rows.mp2.val();
            self.spec.d.next.mp1 = self.kload_rows.mp1.val();
            self.spec.d.next.mm1 = self.kload_rows.mm1.val();
            self.spec.d.next.mm2 = self.kload_rows.mm2.val();
        }
        if self.en_adv.val() {
            self.iter.d.next.ws = self.step.ws_next.val();
            self.iter.d.next.wc = self.step.wc_next.val();
            self.iter.d.next.q = self.q_next.val();
            self.iter.d.next.qm = self.qm_next.val();
            self.iter.d.next.k = self.step.k_next.val();
            self.iter.d.next.c = self.step.c_next.val();
            self.iter.d.next.cn = !self.step.c_next.val();
            self.iter.d.next.nmq = self.step.nmq_next.val();
            self.iter.d.next.nmqm = self.step.nmqm_next.val();
            self.iter.d.next.k_first = 0.into();
        }
        self.qsel.d.next = self.qsel.q.val();
        if self.en_adv.val() {
            self.qsel.d.next = self.step.qsel_next.val();
        }
        if self.en_kmux.val() {
            // A root's digit clocks (`adv` of a root): its next multiples.
            // A divisor's stay, by the enable (no multiplexer after the
            // step's ORs).
            self.iter.d.next.p1 = self.step.p1_next.val();
            self.iter.d.next.p2 = self.step.p2_next.val();
            self.iter.d.next.m1 = self.step.m1_next.val();
            self.iter.d.next.m2 = self.step.m2_next.val();
        }
        // The prep phase's load last: the digit's and the flag's constants
        // then map onto the flip-flops' synchronous set/reset.
        if self.at_load.q.val() {
            self.meta.d.next = self.prep_meta.q.val();
            self.iter.d.next = self.prep_iter.q.val();
            self.lp.d.next.c = self.prep_iter.q.val().c;
            self.lp.d.next.g = !self.prep_c.val().get_bits::<2>(1);
            // Digit 0 (`c` = 0b0011): `Q' = Q`, `QM' = QM|3k`.
            self.qsel.d.next = 0b110001.into();
        }
        // The first iterate clock (`s0`): the loop's window sum and its
        // copies from the prep phase's registers (no prep logic in the
        // loop's cone, no third source before `lp.v`).
        self.v0.next = self.s0_ws.val().get_bits::<10>(48) + self.s0_wc.val().get_bits::<10>(48);
        if self.en_s0.val() {
            self.lp.d.next.v = self.v0.val();
            self.lp.d.next.ws = self.s0_ws.val().get_bits::<WIN_W>(45);
            self.lp.d.next.wc = self.s0_wc.val().get_bits::<WIN_W>(45);
            self.lp.d.next.np2 = !self.s0_p2.val().get_bits::<WIN_W>(47);
            self.lp.d.next.np1 = !self.s0_p1.val().get_bits::<WIN_W>(47);
            self.lp.d.next.nm1 = !self.s0_m1.val().get_bits::<WIN_W>(47);
            self.lp.d.next.nm2 = !self.s0_m2.val().get_bits::<WIN_W>(47);
        }

        // ---- correct, select, align ----
        self.compress.sqrt.next = self.meta.q.val().sqrt;
        self.compress.ws.next = self.iter.q.val().ws;
        self.compress.wc.next = self.iter.q.val().wc;
        self.compress.d.next = self.iter.q.val().p1;
        self.compress.qm.next = self.iter.q.val().qm;
        self.compress.k.next = self.iter.q.val().k;
        self.cmp.d.next = self.cmp.q.val();
        if self.at_compress.q.val() {
            self.cmp.d.next.s2 = self.compress.s2.val();
            self.cmp.d.next.c2 = self.compress.c2.val();
            self.cmp.d.next.zp = self.compress.zp.val();
        }
        self.row_zero.s2.next = self.cmp.q.val().s2;
        self.row_zero.c2.next = self.cmp.q.val().c2;
        if self.at_row.q.val() {
            self.cmp.d.next.zp2 = self.row_zero.zp2.val();
        }
        self.correct.ws.next = self.iter.q.val().ws;
        self.correct.wc.next = self.iter.q.val().wc;
        self.correct.s2.next = self.cmp.q.val().s2;
        self.correct.c2.next = self.cmp.q.val().c2;
        self.correct.zp.next = self.cmp.q.val().zp;
        self.correct.zp2.next = self.cmp.q.val().zp2;
        self.bits_q.q.next = self.iter.q.val().q;
        self.bits_q.sqrt.next = self.meta.q.val().sqrt;
        self.bits_q.fmt64.next = self.meta.q.val().fmt64;
        self.bits_qm.q.next = self.iter.q.val().qm;
        self.bits_qm.sqrt.next = self.meta.q.val().sqrt;
        self.bits_qm.fmt64.next = self.meta.q.val().fmt64;
        self.bits_q.m_q.next = self.rest.q.val().m_q;
        self.bits_q.kept_mask.next = self.rest.q.val().kept_mask;
        self.bits_q.g_ones_q.next = self.rest.q.val().g_ones_q;
        self.bits_q.g_low_q.next = self.rest.q.val().g_low_q;
        self.bits_q.g_lost_q.next = self.rest.q.val().g_lost_q;
        self.bits_qm.m_q.next = self.rest.q.val().m_qm;
        self.bits_qm.kept_mask.next = self.rest.q.val().kept_mask;
        self.bits_qm.g_ones_q.next = self.rest.q.val().g_ones_qm;
        self.bits_qm.g_low_q.next = self.rest.q.val().g_low_qm;
        self.bits_qm.g_lost_q.next = self.rest.q.val().g_lost_qm;
        self.coarse_sig.m_q.next = self.rest.q.val().m_q;
        self.coarse_sig.m_qm.next = self.rest.q.val().m_qm;
        self.coarse_sig.dsh.next = self.rest.q.val().dsh;
        self.aprep.bexp.next = self.meta.q.val().bexp;
        self.aprep.fmt64.next = self.meta.q.val().fmt64;
        self.aprep.dsh_q.next = self.rest.q.val().dsh;
        self.aprep.gt_q.next = self.rest.q.val().ap_gt;
        self.aprep.lt_q.next = self.rest.q.val().ap_lt;
        self.aprep.d_q.next = self.rest.q.val().ap_d;
        self.aprep.beff_raw_q.next = self.rest.q.val().ap_beff_raw;
        self.aprep.hgt_q.next = self.rest.q.val().ap_hgt;
        self.aprep.heq_q.next = self.rest.q.val().ap_heq;
        self.aprep.lge_q.next = self.rest.q.val().ap_lge;
        self.rest.d.next = self.rest.q.val();
        if self.at_correct.q.val() {
            self.rest.d.next.neg = self.correct.neg.val();
            self.rest.d.next.z1 = self.correct.z1.val();
            self.rest.d.next.z2 = self.correct.z2.val();
            self.rest.d.next.r1 = self.correct.r1.val();
            self.rest.d.next.r2 = self.correct.r2.val();
            self.rest.d.next.ao_q = self.bits_q.all_ones.val();
            self.rest.d.next.rb_q = self.bits_q.rbit.val();
            self.rest.d.next.lo_q = self.bits_q.low.val();
            self.rest.d.next.lost_q = self.bits_q.lost.val();
            self.rest.d.next.ao_qm = self.bits_qm.all_ones.val();
            self.rest.d.next.rb_qm = self.bits_qm.rbit.val();
            self.rest.d.next.lo_qm = self.bits_qm.low.val();
            self.rest.d.next.lost_qm = self.bits_qm.lost.val();
            self.rest.d.next.sh_q = self.coarse_sig.sh_q.val();
            self.rest.d.next.sh_qm = self.coarse_sig.sh_qm.val();
        }
        if self.at_compress.q.val() {
            // `Q` and `QM` are final after the last step: both significands
            // are registered a clock before their rounding bits.
            self.rest.d.next.m_q = self.bits_q.m.val();
            self.rest.d.next.m_qm = self.bits_qm.m.val();
            self.rest.d.next.g_ones_q = self.bits_q.g_ones.val();
            self.rest.d.next.g_low_q = self.bits_q.g_low.val();
            self.rest.d.next.g_lost_q = self.bits_q.g_lost.val();
            self.rest.d.next.g_ones_qm = self.bits_qm.g_ones.val();
            self.rest.d.next.g_low_qm = self.bits_qm.g_low.val();
            self.rest.d.next.g_lost_qm = self.bits_qm.g_lost.val();
        }
        if self.at_iter.q.val() {
            // The exponent arithmetic reads only `meta`, constant from the
            // prep phase on: registered at every recurrence clock, off the
            // correction's path.
            self.rest.d.next.dsh = self.aprep.dsh.val();
            self.rest.d.next.kept_mask = self.aprep.kept_mask.val();
            self.rest.d.next.tlt = self.aprep.tlt.val();
            self.rest.d.next.teq = self.aprep.teq.val();
            self.rest.d.next.beff = self.aprep.beff.val();
            self.rest.d.next.huge = self.aprep.huge.val();
            self.rest.d.next.at_top = self.aprep.at_top.val();
            self.rest.d.next.ap_gt = self.aprep.gt.val();
            self.rest.d.next.ap_lt = self.aprep.lt.val();
            self.rest.d.next.ap_d = self.aprep.d.val();
            self.rest.d.next.ap_beff_raw = self.aprep.beff_raw.val();
            self.rest.d.next.ap_hgt = self.aprep.hgt.val();
            self.rest.d.next.ap_heq = self.aprep.heq.val();
            self.rest.d.next.ap_lge = self.aprep.lge.val();
        }
        self.select.meta.next = self.meta.q.val();
        self.select.modes.next = self.ord.q.val().modes;
        self.select.rest.next = self.rest.q.val();
        self.select.q.next = self.iter.q.val().q;
        self.select.qm.next = self.iter.q.val().qm;
        self.sel.d.next = self.sel.q.val();
        if self.at_select.q.val() {
            self.sel.d.next = self.select.sel.val();
        }
        self.align.meta.next = self.meta.q.val();
        self.align.sel.next = self.sel.q.val();
        self.aligned.d.next = self.aligned.q.val();
        if self.at_align.q.val() {
            self.aligned.d.next = self.align.al.val();
        }

        // ---- decide, pack, final ----
        self.decide.meta.next = self.meta.q.val();
        self.decide.modes.next = self.ord.q.val().modes;
        self.decide.al.next = self.aligned.q.val();
        self.decided.d.next = self.decided.q.val();
        if self.at_decide.q.val() {
            self.decided.d.next = self.decide.dec.val();
        }
        self.pack.meta.next = self.meta.q.val();
        self.pack.rest.next = self.rest.q.val();
        self.pack.dec.next = self.decided.q.val();
        self.pkd.d.next = self.pkd.q.val();
        if self.at_pack.q.val() {
            self.pkd.d.next = self.pack.pk.val();
        }
        self.specials.meta.next = self.meta.q.val();
        self.specials.o.next = self.ord.q.val();
        self.specials.dec.next = self.decided.q.val();
        self.specials.pk.next = self.pkd.q.val();
        self.spc.d.next = self.spc.q.val();
        if self.at_special.q.val() {
            self.spc.d.next = self.specials.sp.val();
        }
        self.fin.pk.next = self.pkd.q.val();
        self.fin.sp.next = self.spc.q.val();
        // The answer is the final phase's output, presented during that phase.
        self.out_valid.next = self.phase.q.val() == Phase::Present;
        self.ans.d.next = self.ans.q.val();
        if self.at_final.q.val() {
            self.ans.d.next.result = self.fin.result.val();
            self.ans.d.next.flags = self.fin.flags.val();
        }
        self.out_tag.next = self.ctl.q.val().tag;
        self.out_result.next = self.ans.q.val().result;
        self.out_flags.next = self.ans.q.val().flags;

        // ---- phase sequence ----
        self.phase_next.next = self.phase.q.val();
        match self.phase.q.val() {
            Phase::Idle => {
                if self.accept.val() {
                    self.phase_next.next = Phase::Fields;
                }
            }
            Phase::Fields => self.phase_next.next = Phase::Unpack,
            Phase::Unpack => self.phase_next.next = Phase::Lzc,
            Phase::Lzc => {
                if !self.lzc2.val() | (self.at_lzm.q.val() & self.lzc2.val()) {
                    self.phase_next.next = Phase::Coarse;
                }
            }
            Phase::Coarse => self.phase_next.next = Phase::Shift,
            Phase::Shift => self.phase_next.next = Phase::Compare,
            Phase::Compare => self.phase_next.next = Phase::Prep,
            Phase::Prep => self.phase_next.next = Phase::Load,
            Phase::Load => self.phase_next.next = Phase::Iterate,
            Phase::Iterate => {
                if self.ctl.q.val().last & !self.hold.val() {
                    self.phase_next.next = Phase::Compress;
                }
            }
            Phase::Compress => self.phase_next.next = Phase::Row,
            Phase::Row => self.phase_next.next = Phase::Correct,
            Phase::Correct => self.phase_next.next = Phase::Select,
            Phase::Select => self.phase_next.next = Phase::Align,
            Phase::Align => self.phase_next.next = Phase::Decide,
            Phase::Decide => {
                self.phase_next.next = Phase::Pack;
                if self.ctl.q.val().is_int {
                    self.phase_next.next = Phase::Special;
                }
            }
            Phase::Pack => self.phase_next.next = Phase::Special,
            Phase::Special => self.phase_next.next = Phase::Final,
            Phase::Final => self.phase_next.next = Phase::Present,
            Phase::Present => {
                self.phase_next.next = Phase::Idle;
                if self.accept.val() {
                    self.phase_next.next = Phase::Fields;
                }
            }
        }
        // An accept starts the fields phase from any state (with `busy`
        // apart from the phase register, the handshake proof's start
        // state may hold `in_ready` high in any phase).
        if self.accept.val() {
            self.phase_next.next = Phase::Fields;
        }
        self.phase.d.next = self.phase_next.val();
        // Each `at_*` from its predecessor in the phase register (not from
        // `phase_next`, whose accept term only the fields phase needs).
        self.at_fields.d.next = self.accept.val();
        self.at_unpack.d.next = self.phase.q.val() == Phase::Fields;
        self.at_lzc.d.next = self.phase.q.val() == Phase::Unpack;
        self.at_lzm.d.next =
            (self.phase.q.val() == Phase::Lzc) & self.lzc2.val() & !self.at_lzm.q.val();
        self.at_coarse.d.next = (self.phase.q.val() == Phase::Lzc)
            & (!self.lzc2.val() | (self.at_lzm.q.val() & self.lzc2.val()));
        self.at_shift.d.next = self.phase.q.val() == Phase::Coarse;
        self.at_compare.d.next = self.phase.q.val() == Phase::Shift;
        self.at_load.d.next = self.phase.q.val() == Phase::Prep;
        self.at_iter_d.next = (self.phase.q.val() == Phase::Load)
            | ((self.phase.q.val() == Phase::Iterate) & (!self.ctl.q.val().last | self.hold.val()));
        if self.accept.val() {
            self.at_iter_d.next = false;
        }
        self.at_iter.d.next = self.at_iter_d.val();
        // The next iterate clock is a digit's first when this one is not.
        self.first.d.next = self.two.val() & self.at_iter_d.val() & !self.first.q.val();
        self.at_compress.d.next =
            (self.phase.q.val() == Phase::Iterate) & self.ctl.q.val().last & !self.hold.val();
        self.at_row.d.next = self.phase.q.val() == Phase::Compress;
        self.at_correct.d.next = self.phase.q.val() == Phase::Row;
        self.at_select.d.next = self.phase.q.val() == Phase::Correct;
        self.at_align.d.next = self.phase.q.val() == Phase::Select;
        self.at_decide.d.next = self.phase.q.val() == Phase::Align;
        self.at_pack.d.next = (self.phase.q.val() == Phase::Decide) & !self.ctl.q.val().is_int;
        self.at_special.d.next = ((self.phase.q.val() == Phase::Decide) & self.ctl.q.val().is_int)
            | (self.phase.q.val() == Phase::Pack);
        self.at_final.d.next = self.phase.q.val() == Phase::Special;
        if self.accept.val() {
            self.at_unpack.d.next = false;
            self.at_lzc.d.next = false;
            self.at_lzm.d.next = false;
            self.at_coarse.d.next = false;
            self.at_shift.d.next = false;
            self.at_compare.d.next = false;
            self.at_load.d.next = false;
            self.at_iter.d.next = false;
            self.at_compress.d.next = false;
            self.at_row.d.next = false;
            self.at_correct.d.next = false;
            self.at_select.d.next = false;
            self.at_align.d.next = false;
            self.at_decide.d.next = false;
            self.at_pack.d.next = false;
            self.at_special.d.next = false;
            self.at_final.d.next = false;
        }
        // Clocks without a digit: iterate clock 0 (`s0`), and a root's 3, 5
        // and 7 (the start step is clock 1).
        self.bpat_next.next = self.bpat.q.val();
        if self.at_iter.q.val() & !self.hold.val() {
            self.bpat_next.next = self.bpat.q.val() >> 1;
        }
        if self.at_load.q.val() {
            self.bpat_next.next = 1.into();
            if self.acc.q.val().sqrt {
                self.bpat_next.next = 0xa9.into();
            }
        }
        self.bpat.d.next = self.bpat_next.val();
        // From flip-flops only: the next clock iterates after the prep
        // phase, or after an iterate clock but the last; its kind is
        // `bpat`'s bit 1 then.
        self.iter_next.next = self.at_iter.q.val() & !self.ctl.q.val().last;
        self.adv.d.next = self.iter_next.val() & !self.bpat.q.val().get_bit(1);
        self.s0.d.next = self.at_load.q.val();
        self.kload.d.next =
            self.at_load.q.val() | (self.iter_next.val() & self.bpat.q.val().get_bit(1));
        self.kmux.d.next =
            self.iter_next.val() & !self.bpat.q.val().get_bit(1) & self.meta.q.val().sqrt;
        // Two clocks per digit: the kinds hold in a digit's second clock
        // only, set in its first from the pair's own `bpat` bit 0 (`bpat`
        // and the count step after the second clock) and, for the first
        // pair (`s0`), from `s0_pend` (the prep phase a clock before).
        self.s0_pend.d.next = self.at_load.q.val();
        if self.two.val() {
            self.adv.d.next = self.first.q.val() & !self.bpat.q.val().get_bit(0);
            self.kload.d.next = self.first.q.val() & self.bpat.q.val().get_bit(0);
            self.kmux.d.next =
                self.first.q.val() & !self.bpat.q.val().get_bit(0) & self.meta.q.val().sqrt;
            self.s0.d.next = self.first.q.val() & self.s0_pend.q.val();
        }
    }
}

impl Divsqrt {
    /// The engine at `clocks` per radix-4 digit (1: one digit per clock;
    /// 2, the default: the digit's first clock registers the second's
    /// work).
    pub fn new(clocks: usize) -> Self {
        Self::with(clocks, false)
    }

    /// The engine at `clocks` per digit, with its leading-zero counts in
    /// one clock (`lzc2` false: the `divsqrt` units) or in two (the SFU's
    /// engine: [`LzcBytes64`] into `lzp_a`/`lzp_b` in the lzc phase's first
    /// clock, [`LzcMerge64`] into `acc` in its second, the phase held one
    /// clock by `at_lzm`; one clock more on every operation,
    /// [`LZC2_CLOCKS`]).
    pub fn with(clocks: usize, lzc2: bool) -> Self {
        Self {
            per_digit: PerDigit::with(clocks, lzc2),
            ..Default::default()
        }
    }
}

/// Clocks the two-clock leading-zero count ([`Divsqrt::with`]) adds to
/// every operation.
pub const LZC2_CLOCKS: usize = 1;

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

/// The default engine's Verilog, top module named `divsqrt`.
pub fn verilog() -> String {
    verilog_with(DEFAULT_CLOCKS)
}

/// The registry's name of the engine at `clocks` per digit: `divsqrt` for
/// the default, else `divsqrt_c<clocks>`.
pub fn unit_name(clocks: usize) -> String {
    if clocks == DEFAULT_CLOCKS {
        "divsqrt".to_string()
    } else {
        format!("divsqrt_c{clocks}")
    }
}

/// The Verilog of the engine at `clocks` per digit, top module named as the
/// registry names it ([`unit_name`]).
pub fn verilog_with(clocks: usize) -> String {
    let mut uut = Divsqrt::new(clocks);
    uut.connect_all();
    crate::registry::rename_top(&generate_verilog(&uut), &unit_name(clocks))
}
