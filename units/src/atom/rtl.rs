//! RTL of the atomic unit (SPEC.md §3): a read → modify → write pipeline in front of
//! the memory bank it owns, one operation per clock, with forwarding instead of
//! stalls for operations on the same address.
//!
//! ```text
//!  s0 (accept)    s1               s2                  s3 (modify)         s4        s5 .. s(K+2)      s(K+3) .. s14    s15, s16
//!  read address   the block RAM    its output          old = new4, the ->  answer -> float add     ->  the word moves -> hold the
//!  to the bank;   reads; which     register: the word; float add's word    out       phases 2..K;     on; bank write   written words
//!  in_ready       stage will hold  AND-OR of the       or s3_base_*;       (LATENCY  the word of a    at s14           one and two
//!                 the word (1-hot, youngest final      integer ALU; float  = 4)      float add joins                   clocks
//!                 from s1_word)    writer's word, else add phase 1                   at s(K+3)
//!                                  the bank's, into
//!                                  s3_base_*; decode
//! ```
//!
//! K = `fp_phases` (2 ..= [`MAX_FP_PHASES`]) is the number of clocks a float add
//! takes (its phases are [`super::fpadd_rtl`]'s cuts); it is a generator
//! parameter ([`Atom::with_fp_phases`]), [`FP_PHASES`] by default.
//!
//! The bank ([`Bank`]) reads through two registers, the block RAM's read
//! register and its output register (`REGMODE_A = "OUTREG"` on ECP5): the
//! block's clock-to-out without the output register, 5.83 ns, made the bank
//! → `s2_bank` path 8.3 ns when the word came out in s1 (eb6e472,
//! docs/notes-atom-clock.md). So the word comes out in s2 and the ALU works
//! in s3.
//!
//! Forwarding. An operation R reads the bank at the end of s0; the bank then
//! lacks the writes of the up to [`WRITE_STAGE`] operations accepted in the
//! clocks before it (each writes at the end of s14, one after the deepest
//! float add's join, for every K; the one writing on R's read edge counts as
//! missing, so read-during-write never matters). While R is in s2, they are
//! in s3..s16.
//! - select 0b10 (`s3_sw`): the operation one ahead (s3) wrote the word: R
//!   takes `new4` in s3, the integer ALU's result of the clock before (the
//!   one-clock loop);
//! - 0b01: the operation K ahead is a float add on the word: R takes its word
//!   at s(K+3) in s3, where the adder's last phase has just put it;
//! - 0b00 (`s3_base_w`): otherwise the youngest final word
//!   among the operations two to fourteen ahead (their `new` registers are
//!   final from s4 for integer ops, from s(K+3) for float adds), else the
//!   bank's word, chosen in s2. Which stage holds it is
//!   found in s1 from the registered word `s1_word`, one stage early (the
//!   operation now at s(t−1) is at st when R is in s2), and registered
//!   one-hot, so that s2 is only an AND-OR of the words and a 2:1 with the
//!   bank's word, which leaves the block RAM's output register early in the
//!   clock (`base`, registered once per user of the choice: `s3_base_w`,
//!   `_a`, `_d`, `_x`), and s3 chooses (a 3:1 with registered selects, one
//!   copy per user: `old_word`, `old_add`, `old_ans`, `old_fp`). s1 has no
//!   priority chain:
//!   each operation in s4..s15 carries a registered *superseded* flag
//!   (`s4_sup`, `tsup`), set when an operation behind it on its word has
//!   passed s2 (from s2's word matches against the stages, `s2_sm*`,
//!   registered in s1 from `s1_word`), and the one-hot is "matches and not
//!   superseded". A younger match that is not final yet (a float add before
//!   its join, or the operation in s2 or s3) leaves no pick, but then R is held
//!   back or takes select 0b10 / 0b01 instead.
//!
//! So the loop through the ALU has a 3:1 choice with registered selects in
//! front of it, whatever K is. The operation one ahead is never a compare op (min,
//! max, inc, dec, cas, cast: their decision is made after the s4 register,
//! from the registered compare chains ([`AtomDecide`]), and `take ? alt : …`
//! in `new4`), so select 0b10 takes its `s4_pre` directly and the loop
//! holds no decision. No other case exists: an operation less than K clocks
//! behind a float add on its word, or right behind a compare op on its word, is
//! held back (`in_ready` low) until that word is known, so the initiation
//! interval on one word is K behind a float add, [`CMP_SAME_ADDRESS_II`] (2)
//! behind a compare op and 1 behind anything else. `in_ready` depends on
//! `in_addr` (a comparison with the words in s1..s(K−1)) but never on
//! `in_valid`.
//!
//! Current figures (default build, K = 10, with the issue-22 forms; `rtl-gen
//! fpga atom --target ecp5-85k --seeds 3`, grade 6, eca5190): 6,975 LUT4,
//! 6,888 FF, 712 CCU2C, 4 DP16KD, 0 DSP; Fmax 90.60 / 90.93 / 93.56 MHz on
//! seeds 1 / 2 / 3 (median 90.93; before the issue-22 forms, d23ad9d: 5,652
//! LUT4, 5,867 FF, 99.74 / 100.96 / 97.91, median 99.74): 150 MHz is not
//! reached. The slowest paths, 10.4–11.0 ns: the f64 adder's special-case
//! decode (`r1_special` ← its input register) and its sticky phase, a compare
//! op's decision (the old word → `s3_take_lo/hi`, logic as before), the f32
//! adder's first phase; the bank read (→ `s2_pre`) follows at 9.9–10.2 ns.
//! Since then (98575bb): each float adder's operands come from its own
//! copy of the forwarding choice (`old_fp`, `s2_f1x`, `s2_fkx`) and are zero
//! unless its format adds (`s2_e64` ..), so no two adders share an input
//! register: 7,240 LUT4, 7,248 FF, 736 CCU2C; 93.98 / 96.54 / 97.33 MHz
//! (`--seeds 3`, median 96.54); slowest the f64 adder's special-case decode
//! (`r0_b` → the c1 register) 10.33–10.64 ns, `alu.alt` ← `decode.ty`
//! 9.66–10.35, `s3_take_lo/hi` 9.88–10.36. Then (2026-12-03, seed 1
//! only): the decode's flags from s0, each adder's special result after c1,
//! the drop mask after c1 (bf8c989, 96.68 MHz), a compare op's decision in
//! s3 from its registered chains ([`AtomDecide`], 21a8b7a, 104.60 MHz), the
//! s0 pick for the port's word and a v4.f32's second word in parallel
//! (15f2f88: 7,703 LUT4, 7,255 FF, 99.41 MHz, its aimed path 9.56 → 8.90
//! ns; the lead, the add loop `s3_pre` ← `s2_fk` at 10.06 ns, untouched and
//! 8.83 on 21a8b7a: placement); the adder's own copy of the forwarding
//! choice (`old_add`, 33a037a: 7,720 LUT4, 7,257 FF, 112.9 MHz, the add loop
//! 10.06 → 8.67 ns) and the half min/max decided in s3 (88843fc: 7,814
//! LUT4, 7,281 FF, 103.0 MHz, the `s3_htake_q*` groups gone, the s0 pick
//! `s1_oht` ← `in_wv4` leading at 9.71 ns); the s0 pick without a
//! priority chain (superseded flags), cas's write rule and cast's flag in
//! s3, the answer's own copy of the choice (e0250d6: 7,780 LUT4, 7,306 FF,
//! 105.52 MHz seed 1 against 102.95; the pick 9.71 → 7.52 ns, the bank
//! read → `s2_pre` leading at 9.48 ns); docs/qor.md. 2026-12-04: the
//! bank's output register and the stage it adds (latency 3 → 4, 543d194:
//! 110.88 MHz median against eb6e472's 112.26, the bank → `s3_bank` path
//! 3.0–3.6 ns against 8.3), docs/notes-atom-clock.md "2026-12-04 (3)".
//! Latency 4 (`v4.f32`: 5); initiation interval on one word:
//! 1 (add, and, or, xor, exch, safeadd, popc.inc, ld, st), 2 (min, max, inc,
//! dec, cas, cast, the half min/max), K = 10 (float adds, every format, and
//! `v4.f32` on one pair of words); one per clock on different words
//! (float adds: on K words in turn; `v4.f32` two clocks each). Curve,
//! critical paths and attempts: `docs/notes-atom-clock.md`, `docs/qor.md`.
//!
//! Seed 000's remaining forms (issue 22), and what each costs the pipeline:
//! - `popc.inc` (op 14, mbarrier arrive) is an add whose addend is the number of
//!   ones of `b`'s low half: [`PopCountBytes32`] counts each byte in s0,
//!   straight from `in_b`, into `s1_pcb` (then `s2_pcb`), [`SumByteCounts`]
//!   adds them in s2 beside the decode, which places the count in the lane like `b`. One per
//!   clock on one word, like `add`.
//! - `min`/`max` on `f16x2`/`bf16x2` are compare ops (initiation interval 2 on
//!   their word): the ALU decides per 16-bit quarter
//!   ([`super::alu_rtl::HalfOrder`]) beside the integer decision: the order and
//!   NaN flags per quarter are registered (`s4_h_*`) and decided in s4
//!   ([`AtomDecide`]'s `htake`); `new4` picks `alt` per quarter on either
//!   kind's bit.
//! - `v2.f32` (type 10) is a float add on a whole word: `f32_add` adds the
//!   lower element and a second binary32 adder, `f32_hi`, the upper one; the
//!   word joins at s(K+3) like every float add.
//! - `v4.f32` (type 11) is two such words in two clocks. The port accepts it
//!   once (its first word, elements 0, 1 from `in_b`); the clock after,
//!   `in_ready` is low and s0 takes its second word from the s1 registers (the
//!   next word, elements 2, 3 from `in_c`, same tag), so nothing enters between the
//!   two words and no operation sees one word added and the other not: every
//!   earlier operation is ahead of both, every later one behind both. Its first
//!   word is held back like any float add on that word, and also while a float
//!   add on the second word is less than K − 1 clocks old, so the second word,
//!   entering one clock later, is never held back: on one pair of words a
//!   `v4.f32` runs one per K clocks. The first word does not
//!   answer; the second answers both words, one clock after a scalar operation
//!   would ([`V4_LATENCY`] = 5), with the first word's old value kept one
//!   clock in `s5_d`: `out_d` is [`ANSWER_W`] = 128 bits.
//! - `add.s64` is the u64 add (the decode already treated type 3 as 64-bit).
//!
//! Words, not lanes, are forwarded and compared: a 32-bit operation changes only
//! its half of the word ([`super::alu_rtl`]), and a 32-bit float add merges its
//! lane into the word when its sum joins, so operations on the two halves of a
//! word see each other's results like any other pair.
//!
//! Every valid operation forwards its `new` word; `ld`, and a `cas`/`cast` whose
//! comparison failed, forward the unchanged word and do not write the bank.
//!
//! Ports: `in_op` is the index of the op in [`AtomOp::ALL`], `in_type` of the type
//! in [`AtomType::ALL`] ([`opcode`], [`typecode`]); `in_answer` says whether the
//! operation answers (`atom.*`, `ld`) or not (`red.*`, `st`). Scope and ordering
//! qualifiers have no port: with one bank they change nothing. Address bits above
//! the bank and below the access width are ignored (the vector parser rejects such
//! addresses).
//!
//! Op codes (index in [`AtomOp::ALL`]): 0 add, 1 min, 2 max, 3 inc, 4 dec, 5 and,
//! 6 or, 7 xor, 8 exch, 9 cas, 10 cast, 11 safeadd, 12 ld, 13 st.
//! Type codes (index in [`AtomType::ALL`]): 0 u32, 1 s32, 2 u64, 3 s64, 4 f32,
//! 5 f64, 6 f16x2, 7 bf16x2, 8 b32, 9 b64.

use super::alu_rtl::{AtomAlu, AtomDecide, AtomDecode, AtomPreDecode};
use super::bank::Bank;
use super::fpadd::{self, NanRule};
use super::fpadd_rtl::{Bf16AddPipe, F16AddPipe, F32AddPipe, F64AddPipe, MAX_PHASES};
use super::model::{
    AtomOp, AtomType, DEFAULT_WORDS, F32_CANONICAL_NAN, F64_INVALID_NAN, HALF_CANONICAL_NAN,
};
pub use super::{ADDR_W, DATA_W, OP_W, TYPE_W};
use crate::hw::popcount::{PopCountBytes32, SumByteCounts};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Word-address bits of the default bank (1024 words).
pub const DEFAULT_WORD_ADDR_W: usize = 10;
/// Cycles from an accepted operation to its answer.
pub const LATENCY: usize = 4;
/// Cycles from an accepted `v4.f32` add to its answer: its second word enters
/// one clock after the first.
pub const V4_LATENCY: usize = LATENCY + 1;
/// Width of the answer `out_d`: a `v4.f32` answers two old words.
pub const ANSWER_W: usize = 2 * DATA_W;
/// `in_type` of `v2.f32` and `v4.f32`, `in_op` of `popc.inc` (the update
/// below writes them as the literals 10, 11, 14; tests check them against
/// [`typecode`], [`opcode`]).
pub const TYPE_V2F32: u32 = 10;
pub const TYPE_V4F32: u32 = 11;
pub const OP_POPC_INC: u32 = 14;
/// The most clocks a float add can take (every cut of the adder registered).
pub const MAX_FP_PHASES: usize = MAX_PHASES;
/// The stage that writes the bank: one after s(K+3), the deepest float add's
/// join (so that the join never feeds the block RAM's write port directly).
pub const WRITE_STAGE: usize = MAX_FP_PHASES + 4;
/// Register stages from acceptance to the bank write (s1..s14; s15 and s16
/// only hold written words for forwarding).
pub const PIPELINE_STAGES: usize = WRITE_STAGE;
/// Stages s5 .. s(WRITE_STAGE + 2), held in arrays (index t − 5): the bank
/// is read two clocks before the pick (s2), so the writes it lacks are then
/// in s3 .. s(WRITE_STAGE + 2).
const TAIL: usize = WRITE_STAGE + 2 - 4;
/// Candidates s6 .. s(WRITE_STAGE + 2) of the forwarding pick (index t − 6).
const PICKS: usize = TAIL - 1;
/// s2's registered word matches against the tail s5 .. s13 (index t − 5): the
/// ones the superseded flags `tsup` need.
const SMT: usize = PICKS - 2;
const _: () = assert!(
    WRITE_STAGE == 14 && TAIL == 12,
    "the tail's indices below are literals"
);
/// Clocks a float add takes in the default build (its phases, 2..=[`MAX_FP_PHASES`]).
pub const FP_PHASES: usize = 10;
/// Clocks between same-address float adds in the default build (the forwarding
/// loop of a float add: its phases).
pub const FP_SAME_ADDRESS_II: usize = FP_PHASES;
/// Clocks between a compare op (min, max, inc, dec, cas, cast) and the next
/// operation on its word: its decision is taken after the s4 register.
pub const CMP_SAME_ADDRESS_II: usize = 2;

const _: () = assert!(DEFAULT_WORDS == 1 << DEFAULT_WORD_ADDR_W);

/// `in_op` of an operation.
pub fn opcode(op: AtomOp) -> u32 {
    AtomOp::ALL.iter().position(|&o| o == op).unwrap() as u32
}

/// `in_type` of a type.
pub fn typecode(ty: AtomType) -> u32 {
    AtomType::ALL.iter().position(|&t| t == ty).unwrap() as u32
}

/// The atomic unit with a bank of `2^WA` 64-bit words (generator parameter `WA`,
/// the word-address width; [`Atom::default`] builds the default 1024-word bank).
#[derive(LogicBlock)]
pub struct Atom<const WA: usize> {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// An operation is presented this cycle (accepted if `in_ready` is also high).
    pub in_valid: Signal<In, Bit>,
    /// Opaque tag carried to `out_tag`.
    pub in_tag: Signal<In, Bits<TAG_W>>,
    /// Operation: index in `AtomOp::ALL` (0 add … 12 ld, 13 st, 14 popc.inc).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Type: index in `AtomType::ALL` (0 u32 … 9 b64, 10 v2.f32, 11 v4.f32).
    pub in_type: Signal<In, Bits<TYPE_W>>,
    /// Space `.shared` (f32 add keeps subnormals) instead of `.global` (flushes them).
    pub in_shared: Signal<In, Bit>,
    /// The operation answers (`atom.*`, `ld`); `red.*` and `st` do not.
    pub in_answer: Signal<In, Bit>,
    /// Byte address, naturally aligned; bit 2 picks the half of a word for 32-bit types.
    pub in_addr: Signal<In, Bits<ADDR_W>>,
    /// Operand b (cas/cast: the compare value; st: the data; v2/v4.f32:
    /// elements 0 and 1, element 0 low).
    pub in_b: Signal<In, Bits<DATA_W>>,
    /// Operand c (cas/cast: the value stored; v4.f32: elements 2 and 3).
    pub in_c: Signal<In, Bits<DATA_W>>,
    /// An answer is presented this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of the answering operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// The answer: the old value zero-extended (cast: 1 or 0); a v4.f32's two
    /// old words, the first in bits 63..0.
    pub out_d: Signal<Out, Bits<ANSWER_W>>,
    /// The operation on the inputs is accepted at this rising edge. Low while it
    /// addresses the word of a float add accepted less than K clocks before, or
    /// of a compare op accepted one clock before (a v4.f32: either of its
    /// words), and the clock after a v4.f32 was accepted.
    pub in_ready: Signal<Out, Bit>,

    /// The bank (block RAM with its output register): read at the end of s0,
    /// its word out in s2; written at the end of s14.
    bank: Bank<WA>,
    decode: AtomDecode,
    alu: AtomAlu,
    /// s4: a compare op's decision from the registered chain results.
    decide: AtomDecide,
    f64_add: F64AddPipe,
    f32_add: F32AddPipe,
    /// v2.f32 and v4.f32: the element in the word's upper half (`f32_add` adds
    /// the lower one).
    f32_hi: F32AddPipe,
    /// `popc.inc`'s addend, the number of ones of `in_b`'s low half: each
    /// byte's in s0, their sum in s2 (one clock of the count took 9.9 ns).
    popc: PopCountBytes32,
    popc_sum: SumByteCounts,
    /// f16x2: element 0 (low half) and element 1.
    f16_lo: F16AddPipe,
    f16_hi: F16AddPipe,
    /// bf16x2: element 0 (low half) and element 1.
    bf16_lo: Bf16AddPipe,
    bf16_hi: Bf16AddPipe,

    /// Float adds are built (see [`Atom::integer_only`]).
    c_float: Constant<Bit>,
    /// Constants of K (the float add's clocks), per stage of the tail (bit i is
    /// stage t = i + 5, or for `c_fin_t` the stage t = i + 6 an operation in
    /// `tv[i]` moves to): a float add there holds back its word (t ≤ K − 1),
    /// is in its last phase (t = K + 2), has just joined its sum (t = K + 3),
    /// moves to a final word (t ≥ K + 3).
    c_stall_t: Constant<Bits<16>>,
    c_last_t: Constant<Bits<16>>,
    c_join_t: Constant<Bits<16>>,
    c_fin_t: Constant<Bits<16>>,
    /// The same for the stages with their own registers: a float add in s2
    /// (K ≥ 3), s3 (K ≥ 4) or s4 (K ≥ 5) holds back its word; K = 2 (its last
    /// phase is s4, its word final from s5).
    c_st2: Constant<Bit>,
    c_st3: Constant<Bit>,
    c_st4: Constant<Bit>,
    c_k2: Constant<Bit>,
    /// A v4.f32's second word enters one clock after its first, so a float add
    /// on it holds the first back one stage less: at t ≤ K − 2 in the tail
    /// (`c_pstall_t`), in s1 (K ≥ 3), s2 (K ≥ 4), s3 (K ≥ 5), s4 (K ≥ 6).
    c_pstall_t: Constant<Bits<16>>,
    c_pst1: Constant<Bit>,
    c_pst2: Constant<Bit>,
    c_pst3: Constant<Bit>,
    c_pst4: Constant<Bit>,
    /// Word-address constants: all but bit 0, bit 0.
    c_weven: Constant<Bits<WA>>,
    c_wone: Constant<Bits<WA>>,
    /// s0: the word address of the presented operation.
    in_word: Signal<Local, Bits<WA>>,
    /// s0: the word address the port presents, and a v4.f32's second word
    /// (the clock after its first: `in_word` is then this one). The hold-back
    /// compares the port's word (while a second word enters, the port is not
    /// ready anyway).
    in_wport: Signal<Local, Bits<WA>>,
    in_wv4: Signal<Local, Bits<WA>>,
    /// s0: it is a float add.
    in_fp: Signal<Local, Bit>,
    /// s0: the port presents a v4.f32 add.
    in_v4: Signal<Local, Bit>,
    /// s0: a presented v4.f32's second word, and whether a float add on it
    /// holds the v4.f32 back.
    in_pair: Signal<Local, Bits<WA>>,
    pair_stall: Signal<Local, Bit>,
    /// s1: a v4.f32's first word (accepted from the port one clock ago): its
    /// second word enters s0 now from the s1 registers, with `in_ready` low.
    s1_v4first: DFF<Bit>,
    /// s1 .. s4: a v4.f32's second word (it answers for both).
    s1_second: DFF<Bit>,
    s3_second: DFF<Bit>,
    s4_second: DFF<Bit>,
    /// s3: a v2.f32 or v4.f32 add (the only users of `f32_hi`).
    s3_vec: DFF<Bit>,
    /// s1: `popc.inc`'s byte counts.
    s1_pcb: DFF<Bits<16>>,

    s1_valid: DFF<Bit>,
    s1_tag: DFF<Bits<TAG_W>>,
    s1_op: DFF<Bits<OP_W>>,
    s1_type: DFF<Bits<TYPE_W>>,
    s1_shared: DFF<Bit>,
    s1_answer: DFF<Bit>,
    s1_high: DFF<Bit>,
    s1_fp: DFF<Bit>,
    /// A compare op (min, max, inc, dec, cas, cast): its decision is made after
    /// the s4 register, so the next operation on its word waits one clock.
    s1_cmp: DFF<Bit>,
    s1_word: DFF<Bits<WA>>,
    s1_b: DFF<Bits<DATA_W>>,
    /// s1: [`AtomDecode`]'s flags decoded in s0 (`pre_w64` ..): a 64-bit
    /// type, f16x2/bf16x2, bf16x2, cas/cast, inc, and `b`'s low halves'
    /// NaN flags in the type's half format.
    s1_w64: DFF<Bit>,
    s1_half: DFF<Bit>,
    s1_bf: DFF<Bit>,
    s1_cas: DFF<Bit>,
    s1_inc: DFF<Bit>,
    s1_bnan: DFF<Bits<2>>,
    /// s0: `in_b`'s low halves are NaNs (f16, bf16 formats).
    predecode: AtomPreDecode,
    s1_c: DFF<Bits<DATA_W>>,

    /// s2: the operation's fields, one clock on (the bank's read takes two
    /// clocks: its word comes out in s2); the decode and the pick work here.
    s2_valid: DFF<Bit>,
    s2_tag: DFF<Bits<TAG_W>>,
    s2_op: DFF<Bits<OP_W>>,
    s2_type: DFF<Bits<TYPE_W>>,
    s2_shared: DFF<Bit>,
    s2_answer: DFF<Bit>,
    /// s2: a v4.f32's first word (it does not answer: its second answers
    /// both).
    s2_v4first: DFF<Bit>,
    s2_second: DFF<Bit>,
    s2_high: DFF<Bit>,
    s2_fp: DFF<Bit>,
    s2_word: DFF<Bits<WA>>,
    s2_b: DFF<Bits<DATA_W>>,
    s2_c: DFF<Bits<DATA_W>>,
    s2_w64: DFF<Bit>,
    s2_half: DFF<Bit>,
    s2_bf: DFF<Bit>,
    s2_cas: DFF<Bit>,
    s2_inc: DFF<Bit>,
    s2_bnan: DFF<Bits<2>>,
    s2_pcb: DFF<Bits<16>>,
    /// s2: the half of the forwarding choice that does not depend on the
    /// loop: the youngest final word among the operations two to fourteen
    /// ahead (`s2_oh4`, `s2_oh5`, `s2_oht` say which), else the bank's word.
    base: Signal<Local, Bits<DATA_W>>,

    s3_valid: DFF<Bit>,
    s3_tag: DFF<Bits<TAG_W>>,
    s3_type: DFF<Bits<TYPE_W>>,
    s3_shared: DFF<Bit>,
    s3_answer: DFF<Bit>,
    s3_high: DFF<Bit>,
    s3_fp: DFF<Bit>,
    s3_word: DFF<Bits<WA>>,
    s3_b: DFF<Bits<DATA_W>>,
    /// [`AtomDecode`]'s outputs.
    s3_w64: DFF<Bit>,
    s3_lane32: DFF<Bit>,
    s3_act_lo: DFF<Bit>,
    s3_act_hi: DFF<Bit>,
    s3_flip63: DFF<Bit>,
    s3_flip31: DFF<Bit>,
    s3_kb0: DFF<Bits<DATA_W>>,
    s3_kb1: DFF<Bits<DATA_W>>,
    s3_kb32: DFF<Bits<32>>,
    s3_bw: DFF<Bits<DATA_W>>,
    s3_addend: DFF<Bits<DATA_W>>,
    s3_arith_lo: DFF<Bit>,
    s3_arith_hi: DFF<Bit>,
    s3_alt: DFF<Bits<DATA_W>>,
    s3_lop: DFF<Bits<DATA_W>>,
    s3_lmode: DFF<Bits<2>>,
    s3_t_blt: DFF<Bits<2>>,
    s3_t_zero: DFF<Bits<2>>,
    s3_t_olt: DFF<Bits<2>>,
    s3_t_nolt: DFF<Bits<2>>,
    s3_t_eq: DFF<Bits<2>>,
    s3_t_always: DFF<Bits<2>>,
    s3_t_hnan16: DFF<Bits<4>>,
    s3_t_hnanbf: DFF<Bits<4>>,
    s3_t_hmin: DFF<Bits<4>>,
    s3_t_hmax: DFF<Bits<4>>,
    s3_op_cas: DFF<Bit>,
    s3_op_cast: DFF<Bit>,
    s3_op_ld: DFF<Bit>,
    /// `base`, registered (the youngest final writer's word, else the
    /// bank's), one copy per user of the choice: `old_word` (`s3_base_w`),
    /// the adder (`s3_base_a`, zero unless the op adds), the answer
    /// (`s3_base_d`, zero unless the op answers), the float adders
    /// (`s3_base_x`, zero unless a float add). Gated like their selects, so
    /// that synthesis keeps them apart and each drives one user's 3:1.
    s3_base_w: DFF<Bits<DATA_W>>,
    s3_base_a: DFF<Bits<DATA_W>>,
    s3_base_d: DFF<Bits<DATA_W>>,
    s3_base_x: DFF<Bits<DATA_W>>,
    /// The forwarding choice's select for `old_word`, for a 3:1: bit 1, the
    /// operation one ahead wrote the word (`new4`, `s4_pre` now); else bit
    /// 0, the float add K ahead did (its word at s(K+3) now, just joined);
    /// else `s3_base_w`.
    s3_sw: DFF<Bits<2>>,
    /// The same select of a float add only: the adders' copy of the
    /// forwarding choice (`old_fp`), so that `old_word` and its selects drive
    /// the integer ALU alone (0b00 unless the op is a float add).
    s3_sx: DFF<Bits<2>>,
    /// The same select of an op that adds (`arith_lo`/`arith_hi`): the
    /// adder's copy of the forwarding choice (`old_add`), so that the add
    /// loop's selects and muxes drive the adder's chains alone.
    s3_sa: DFF<Bits<2>>,
    /// The same select of an op that answers: the answer's copy of the
    /// choice (`old_ans`).
    s3_sd: DFF<Bits<2>>,
    /// s3: a float add on f64 / f32 (scalar or vector) / f16x2 / bf16x2: each
    /// adder's operands are zero unless its format adds, so that no two
    /// adders' input registers hold the same value (synthesis would merge
    /// them into one register driving every adder's first phase).
    s3_e64: DFF<Bit>,
    s3_e32: DFF<Bit>,
    s3_e16: DFF<Bit>,
    s3_ebf: DFF<Bit>,

    /// s3: the word before the operation, forwarded.
    old_word: Signal<Local, Bits<DATA_W>>,
    /// s3: `old_word` for the integer adder (select `s3_sa`).
    old_add: Signal<Local, Bits<DATA_W>>,
    /// s3: `old_word` for the answer (select `s3_sd`).
    old_ans: Signal<Local, Bits<DATA_W>>,
    /// s3: `old_word` for a float add (select `s3_sx`); `lane_fp`:
    /// its 32-bit lane (low bits).
    old_fp: Signal<Local, Bits<DATA_W>>,
    lane_fp: Signal<Local, Bits<DATA_W>>,

    s4_valid: DFF<Bit>,
    s4_tag: DFF<Bits<TAG_W>>,
    s4_type: DFF<Bits<TYPE_W>>,
    s4_answer: DFF<Bit>,
    s4_high: DFF<Bit>,
    s4_fp: DFF<Bit>,
    s4_word: DFF<Bits<WA>>,
    /// The answer (the old lane; 0 for cast, whose flag `s4_eq` is ORed in
    /// after the register: `d4`).
    s4_d: DFF<Bits<DATA_W>>,
    d4: Signal<Local, Bits<DATA_W>>,
    /// Not ld; cas or cast; cast: the write rule and cast's answer, applied
    /// in s4 from the registered lane equality `s4_eq`.
    s4_nold: DFF<Bit>,
    s4_cas: DFF<Bit>,
    s4_cast: DFF<Bit>,
    /// s5: the answer of the operation before (a v4.f32's first word when its
    /// second is in s4).
    s5_d: DFF<Bits<DATA_W>>,
    /// The ALU's word before the last choice, the `alt` word and the choice per
    /// half (integer compare ops) and per quarter (half min/max)
    /// ([`AtomAlu::pre_word`]).
    s4_pre: DFF<Bits<DATA_W>>,
    s4_alt: DFF<Bits<DATA_W>>,
    /// The integer compare's chain results ([`AtomAlu`]'s `cmp_*`) and the
    /// decode's flags that say which one takes `alt` ([`AtomDecide`]).
    s4_ob_hi: DFF<Bit>,
    s4_ob_lo: DFF<Bit>,
    s4_bo_hi: DFF<Bit>,
    s4_bo_lo: DFF<Bit>,
    s4_ob32: DFF<Bit>,
    s4_bo32: DFF<Bit>,
    s4_eq_hi: DFF<Bit>,
    s4_eq: DFF<Bit>,
    s4_zero: DFF<Bit>,
    s4_lane32: DFF<Bit>,
    s4_t_blt: DFF<Bits<2>>,
    s4_t_zero: DFF<Bits<2>>,
    s4_t_olt: DFF<Bits<2>>,
    s4_t_nolt: DFF<Bits<2>>,
    s4_t_eq: DFF<Bits<2>>,
    /// s2: the youngest final word among s5 .. s16 (`base` without s4's and
    /// the bank's).
    pick56: Signal<Local, Bits<DATA_W>>,
    /// Half min/max per quarter: the ALU's order and NaN flags and the
    /// decode's `t_h*` flags, decided in s4 ([`AtomDecide`]'s `htake`).
    s4_h_nan16: DFF<Bits<4>>,
    s4_h_nanbf: DFF<Bits<4>>,
    s4_h_b_lt: DFF<Bits<4>>,
    s4_h_o_lt: DFF<Bits<4>>,
    s4_t_hnan16: DFF<Bits<4>>,
    s4_t_hnanbf: DFF<Bits<4>>,
    s4_t_hmin: DFF<Bits<4>>,
    s4_t_hmax: DFF<Bits<4>>,
    /// s4: the word after an integer op; the old word under a float add (until
    /// its sum joins at s(K+3)).
    new4: Signal<Local, Bits<DATA_W>>,
    /// s4: ones over the quarters that take `alt`.
    take_mask: Signal<Local, Bits<DATA_W>>,

    /// s5 .. s16 (index i = t − 5): the operation's valid bit, float-add flag,
    /// word address, type, half, write flag and word (`tnew`: final from s4 for
    /// integer ops, from s(K+3) for float adds). The bank is written from
    /// s[`WRITE_STAGE`]; s15 and s16 only hold written words for forwarding.
    tv: [DFF<Bit>; TAIL],
    tfp: [DFF<Bit>; TAIL],
    tword: [DFF<Bits<WA>>; TAIL],
    tty: [DFF<Bits<TYPE_W>>; TAIL],
    thi: [DFF<Bit>; TAIL],
    twr: [DFF<Bit>; TAIL],
    tnew: [DFF<Bits<DATA_W>>; TAIL],
    /// s1: the operation now one stage before t (3..15) has this word and
    /// will have a final word at t when this one is in s2: `mm4`, `mm5` for
    /// t = 3, 4, `mmt[i]` for t = i + 5; `younger`: a younger one did.
    mm4: Signal<Local, Bit>,
    mm5: Signal<Local, Bit>,
    mmt: [Signal<Local, Bit>; PICKS],
    /// s2: the word of the operation in s2 against the ones then one stage
    /// ahead of the stages below (registered in s1 from `s1_word`): s2, s3,
    /// s4 and the tail s5 .. s13.
    s2_sm2: DFF<Bit>,
    s2_sm3: DFF<Bit>,
    s2_sm4: DFF<Bit>,
    s2_smt: [DFF<Bit>; SMT],
    /// Superseded: an operation behind this one (s4's, the tail's s5 .. s15)
    /// and ahead of the one in s2 has its word. The youngest writer of a word
    /// in s1's pick is then the matching one not superseded (a younger
    /// operation in s3 .. s(K+2) that is not final yet holds the reader back
    /// or is taken by select 0b10 / 0b01), so s1 has no priority chain.
    s4_sup: DFF<Bit>,
    tsup: [DFF<Bit>; PICKS],
    /// s0: a float add in s1 .. s(K − 1) on the presented word.
    stall: Signal<Local, Bit>,
    /// s2: the youngest final writer of the word is at s4 / s5 / s(i + 6), one-hot,
    /// and whether there is one.
    s2_oh4: DFF<Bit>,
    s2_oh5: DFF<Bit>,
    s2_oht: [DFF<Bit>; PICKS],
    /// s2: one of s5 .. s16 holds it (an OR of the registered one-hot
    /// without `s2_oh4`, beside the bank's clock-to-out).
    s2_hit: Signal<Local, Bit>,
    /// s2: the float add K ahead (at s(K+2)) writes this word.
    fk: Signal<Local, Bit>,
    /// s2: the operation one ahead (at s3) writes this word (valid ops only).
    f1: Signal<Local, Bit>,
    /// s2: the forwarding choice's select (see `s3_sw`), before its gating.
    sel: Signal<Local, Bits<2>>,
    /// s3: the word of the float add at s(K+3).
    fk_word: Signal<Local, Bits<DATA_W>>,
    /// At s(K+2), the last phase of a float add: its type, half, old word, the
    /// adders' lane result (zero-extended) and the word with the sum merged in.
    fp_type: Signal<Local, Bits<TYPE_W>>,
    fp_high: Signal<Local, Bit>,
    fp_old: Signal<Local, Bits<DATA_W>>,
    fp_lane: Signal<Local, Bits<DATA_W>>,
    fp_word: Signal<Local, Bits<DATA_W>>,
}

/// The unit with the default 1024-word bank (the one the tools build).
pub type DefaultAtom = Atom<DEFAULT_WORD_ADDR_W>;

impl Default for Atom<DEFAULT_WORD_ADDR_W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const WA: usize> Atom<WA> {
    /// A unit with a zeroed bank of `2^WA` words and [`FP_PHASES`]-clock float adds.
    pub fn new() -> Self {
        Self::build(true, FP_PHASES)
    }

    /// A unit whose float adds take `fp_phases` clocks (2, 3 or 4): the
    /// initiation interval of same-address float adds (panics otherwise).
    pub fn with_fp_phases(fp_phases: usize) -> Self {
        Self::build(true, fp_phases)
    }

    /// The unit without its float adders, for measuring what the integer and
    /// forwarding core alone costs and reaches on an FPGA: float adds then leave
    /// memory unchanged (and never hold `in_ready` low). Not a registered unit.
    pub fn integer_only() -> Self {
        Self::build(false, FP_PHASES)
    }

    fn build(float: bool, k: usize) -> Self {
        assert!(
            (2..=MAX_FP_PHASES).contains(&k),
            "float add phases must be 2 to {MAX_FP_PHASES}, not {k}"
        );
        // Bit i of a tail mask: stage t = i + 5 (`fin`: t = i + 6).
        let mask = |f: &dyn Fn(usize) -> bool| -> Bits<16> {
            to_bits((0..16).filter(|&i| f(i)).map(|i| 1u128 << i).sum())
        };
        let half_nan = NanRule::Canonical(HALF_CANONICAL_NAN);
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            in_tag: Default::default(),
            in_op: Default::default(),
            in_type: Default::default(),
            in_shared: Default::default(),
            in_answer: Default::default(),
            in_addr: Default::default(),
            in_b: Default::default(),
            in_c: Default::default(),
            out_valid: Default::default(),
            out_tag: Default::default(),
            out_d: Default::default(),
            in_ready: Default::default(),
            bank: Default::default(),
            decode: Default::default(),
            alu: Default::default(),
            decide: Default::default(),
            f64_add: F64AddPipe::with_phases(
                fpadd::F64,
                NanRule::PropagateLast {
                    invalid: F64_INVALID_NAN,
                },
                k,
            ),
            f32_add: F32AddPipe::with_phases(fpadd::F32, NanRule::Canonical(F32_CANONICAL_NAN), k),
            f32_hi: F32AddPipe::with_phases(fpadd::F32, NanRule::Canonical(F32_CANONICAL_NAN), k),
            popc: Default::default(),
            popc_sum: Default::default(),
            f16_lo: F16AddPipe::with_phases(fpadd::F16, half_nan, k),
            f16_hi: F16AddPipe::with_phases(fpadd::F16, half_nan, k),
            bf16_lo: Bf16AddPipe::with_phases(fpadd::BF16, half_nan, k),
            bf16_hi: Bf16AddPipe::with_phases(fpadd::BF16, half_nan, k),
            c_float: Constant::new(float),
            c_stall_t: Constant::new(mask(&|i| i + 5 < k)),
            c_last_t: Constant::new(mask(&|i| i + 5 == k + 2)),
            c_join_t: Constant::new(mask(&|i| i + 5 == k + 3)),
            c_fin_t: Constant::new(mask(&|i| i + 6 >= k + 3)),
            c_st2: Constant::new(k >= 3),
            c_st3: Constant::new(k >= 4),
            c_st4: Constant::new(k >= 5),
            c_k2: Constant::new(k == 2),
            c_pstall_t: Constant::new(mask(&|i| i + 5 + 1 < k)),
            c_pst1: Constant::new(k >= 3),
            c_pst2: Constant::new(k >= 4),
            c_pst3: Constant::new(k >= 5),
            c_pst4: Constant::new(k >= 6),
            c_weven: Constant::new(to_bits((1u128 << WA) - 2)),
            c_wone: Constant::new(1.into()),
            in_word: Default::default(),
            in_wport: Default::default(),
            in_wv4: Default::default(),
            in_fp: Default::default(),
            in_v4: Default::default(),
            in_pair: Default::default(),
            pair_stall: Default::default(),
            s1_v4first: Default::default(),
            s1_second: Default::default(),
            s3_second: Default::default(),
            s4_second: Default::default(),
            s3_vec: Default::default(),
            s1_pcb: Default::default(),
            s1_valid: Default::default(),
            s1_tag: Default::default(),
            s1_op: Default::default(),
            s1_type: Default::default(),
            s1_shared: Default::default(),
            s1_answer: Default::default(),
            s1_high: Default::default(),
            s1_fp: Default::default(),
            s1_cmp: Default::default(),
            s1_word: Default::default(),
            s1_b: Default::default(),
            s1_c: Default::default(),
            s1_w64: Default::default(),
            s1_half: Default::default(),
            s1_bf: Default::default(),
            s1_cas: Default::default(),
            s1_inc: Default::default(),
            s1_bnan: Default::default(),
            predecode: Default::default(),
            s2_valid: Default::default(),
            s2_tag: Default::default(),
            s2_op: Default::default(),
            s2_type: Default::default(),
            s2_shared: Default::default(),
            s2_answer: Default::default(),
            s2_v4first: Default::default(),
            s2_second: Default::default(),
            s2_high: Default::default(),
            s2_fp: Default::default(),
            s2_word: Default::default(),
            s2_b: Default::default(),
            s2_c: Default::default(),
            s2_w64: Default::default(),
            s2_half: Default::default(),
            s2_bf: Default::default(),
            s2_cas: Default::default(),
            s2_inc: Default::default(),
            s2_bnan: Default::default(),
            s2_pcb: Default::default(),
            base: Default::default(),
            s3_valid: Default::default(),
            s3_tag: Default::default(),
            s3_type: Default::default(),
            s3_shared: Default::default(),
            s3_answer: Default::default(),
            s3_high: Default::default(),
            s3_fp: Default::default(),
            s3_word: Default::default(),
            s3_b: Default::default(),
            s3_w64: Default::default(),
            s3_lane32: Default::default(),
            s3_act_lo: Default::default(),
            s3_act_hi: Default::default(),
            s3_flip63: Default::default(),
            s3_flip31: Default::default(),
            s3_kb0: Default::default(),
            s3_kb1: Default::default(),
            s3_kb32: Default::default(),
            s3_bw: Default::default(),
            s3_addend: Default::default(),
            s3_arith_lo: Default::default(),
            s3_arith_hi: Default::default(),
            s3_alt: Default::default(),
            s3_lop: Default::default(),
            s3_lmode: Default::default(),
            s3_t_blt: Default::default(),
            s3_t_zero: Default::default(),
            s3_t_olt: Default::default(),
            s3_t_nolt: Default::default(),
            s3_t_eq: Default::default(),
            s3_t_always: Default::default(),
            s3_t_hnan16: Default::default(),
            s3_t_hnanbf: Default::default(),
            s3_t_hmin: Default::default(),
            s3_t_hmax: Default::default(),
            s3_op_cas: Default::default(),
            s3_op_cast: Default::default(),
            s3_op_ld: Default::default(),
            s3_base_w: Default::default(),
            s3_base_a: Default::default(),
            s3_base_d: Default::default(),
            s3_base_x: Default::default(),
            s3_sw: Default::default(),
            s3_sx: Default::default(),
            s3_sa: Default::default(),
            s3_sd: Default::default(),
            s3_e64: Default::default(),
            s3_e32: Default::default(),
            s3_e16: Default::default(),
            s3_ebf: Default::default(),
            old_word: Default::default(),
            old_add: Default::default(),
            old_ans: Default::default(),
            old_fp: Default::default(),
            lane_fp: Default::default(),
            s4_valid: Default::default(),
            s4_tag: Default::default(),
            s4_type: Default::default(),
            s4_answer: Default::default(),
            s4_high: Default::default(),
            s4_fp: Default::default(),
            s4_word: Default::default(),
            s4_d: Default::default(),
            d4: Default::default(),
            s4_nold: Default::default(),
            s4_cas: Default::default(),
            s4_cast: Default::default(),
            s5_d: Default::default(),
            s4_pre: Default::default(),
            s4_alt: Default::default(),
            s4_ob_hi: Default::default(),
            s4_ob_lo: Default::default(),
            s4_bo_hi: Default::default(),
            s4_bo_lo: Default::default(),
            s4_ob32: Default::default(),
            s4_bo32: Default::default(),
            s4_eq_hi: Default::default(),
            s4_eq: Default::default(),
            s4_zero: Default::default(),
            s4_lane32: Default::default(),
            s4_t_blt: Default::default(),
            s4_t_zero: Default::default(),
            s4_t_olt: Default::default(),
            s4_t_nolt: Default::default(),
            s4_t_eq: Default::default(),
            pick56: Default::default(),
            s4_h_nan16: Default::default(),
            s4_h_nanbf: Default::default(),
            s4_h_b_lt: Default::default(),
            s4_h_o_lt: Default::default(),
            s4_t_hnan16: Default::default(),
            s4_t_hnanbf: Default::default(),
            s4_t_hmin: Default::default(),
            s4_t_hmax: Default::default(),
            new4: Default::default(),
            take_mask: Default::default(),
            tv: Default::default(),
            tfp: Default::default(),
            tword: Default::default(),
            tty: Default::default(),
            thi: Default::default(),
            twr: Default::default(),
            tnew: Default::default(),
            mm4: Default::default(),
            mm5: Default::default(),
            mmt: Default::default(),
            s2_sm2: Default::default(),
            s2_sm3: Default::default(),
            s2_sm4: Default::default(),
            s2_smt: Default::default(),
            s4_sup: Default::default(),
            tsup: Default::default(),
            stall: Default::default(),
            s2_oh4: Default::default(),
            s2_oh5: Default::default(),
            s2_oht: Default::default(),
            s2_hit: Default::default(),
            fk: Default::default(),
            fk_word: Default::default(),
            f1: Default::default(),
            sel: Default::default(),
            fp_type: Default::default(),
            fp_high: Default::default(),
            fp_old: Default::default(),
            fp_lane: Default::default(),
            fp_word: Default::default(),
        }
    }

    /// Clocks a float add takes: the same-address float initiation interval.
    pub fn fp_phases(&self) -> usize {
        self.f64_add.phases()
    }
}

impl<const WA: usize> Logic for Atom<WA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, s1_valid, s1_tag, s1_op, s1_type, s1_shared, s1_answer, s1_high, s1_fp,
            s1_cmp, s1_word, s1_b, s1_c, s2_oh4, s2_oh5, s2_sm2, s2_sm3, s2_sm4, s4_sup
        );
        dff_setup!(self, clock, s1_v4first, s1_second, s3_second, s4_second, s3_vec, s1_pcb, s5_d);
        dff_setup!(self, clock, s1_w64, s1_half, s1_bf, s1_cas, s1_inc, s1_bnan);
        dff_setup!(
            self, clock, s2_valid, s2_tag, s2_op, s2_type, s2_shared, s2_answer, s2_second,
            s2_high, s2_fp, s2_word, s2_b, s2_c, s2_w64, s2_half, s2_bf, s2_cas, s2_inc, s2_bnan,
            s2_pcb, s2_v4first
        );
        dff_setup!(
            self, clock, s3_valid, s3_tag, s3_type, s3_shared, s3_answer, s3_high, s3_fp, s3_word,
            s3_b, s3_sw, s3_sx, s3_sa, s3_sd, s3_e64, s3_e32, s3_e16, s3_ebf
        );
        dff_setup!(self, clock, s3_base_w, s3_base_a, s3_base_d, s3_base_x);
        dff_setup!(
            self,
            clock,
            s3_w64,
            s3_lane32,
            s3_act_lo,
            s3_act_hi,
            s3_flip63,
            s3_flip31,
            s3_kb0,
            s3_kb1,
            s3_kb32,
            s3_bw,
            s3_addend,
            s3_arith_lo,
            s3_arith_hi,
            s3_alt,
            s3_lop,
            s3_lmode
        );
        dff_setup!(
            self,
            clock,
            s3_t_blt,
            s3_t_zero,
            s3_t_olt,
            s3_t_nolt,
            s3_t_eq,
            s3_t_always,
            s3_t_hnan16,
            s3_t_hnanbf,
            s3_t_hmin,
            s3_t_hmax,
            s3_op_cas,
            s3_op_cast,
            s3_op_ld
        );
        dff_setup!(
            self,
            clock,
            s4_valid,
            s4_tag,
            s4_type,
            s4_answer,
            s4_high,
            s4_fp,
            s4_word,
            s4_d,
            s4_pre,
            s4_alt,
            s4_ob_hi,
            s4_ob_lo,
            s4_bo_hi,
            s4_bo_lo,
            s4_ob32,
            s4_bo32,
            s4_eq_hi,
            s4_eq,
            s4_zero,
            s4_lane32,
            s4_t_blt,
            s4_t_zero,
            s4_t_olt,
            s4_t_nolt,
            s4_t_eq,
            s4_h_nan16,
            s4_h_nanbf,
            s4_h_b_lt,
            s4_h_o_lt,
            s4_t_hnan16,
            s4_t_hnanbf,
            s4_t_hmin,
            s4_t_hmax,
            s4_nold,
            s4_cas,
            s4_cast
        );
        for i in 0..TAIL {
            self.tv[i].clock.next = self.clock.val();
            self.tfp[i].clock.next = self.clock.val();
            self.tword[i].clock.next = self.clock.val();
            self.tty[i].clock.next = self.clock.val();
            self.thi[i].clock.next = self.clock.val();
            self.twr[i].clock.next = self.clock.val();
            self.tnew[i].clock.next = self.clock.val();
        }
        for i in 0..PICKS {
            self.s2_oht[i].clock.next = self.clock.val();
            self.tsup[i].clock.next = self.clock.val();
        }
        for i in 0..SMT {
            self.s2_smt[i].clock.next = self.clock.val();
        }
        clock!(self, clock, f64_add, f32_add, f32_hi, f16_lo, f16_hi, bf16_lo, bf16_hi);
        self.bank.clock.next = self.clock.val();

        // ---- s0: accept, read the bank ----
        // A v4.f32's second word enters from the s1 registers the clock after
        // its first (the port is not ready then); its address bit 3 (word bit
        // 0) is ignored like every address bit below the access width.
        self.in_v4.next = (self.in_op.val() == 0) & (self.in_type.val() == 11);
        self.in_wport.next = self.in_addr.val().get_bits::<WA>(3);
        if self.in_v4.val() {
            self.in_wport.next = self.in_addr.val().get_bits::<WA>(3) & self.c_weven.val();
        }
        self.in_pair.next = self.in_wport.val() | self.c_wone.val();
        self.in_wv4.next = self.s1_word.q.val() | self.c_wone.val();
        self.in_word.next = self.in_wport.val();
        if self.s1_v4first.q.val() {
            self.in_word.next = self.in_wv4.val();
        }
        // Float add: op 0 (add) on types 4..=7 (f32, f64, f16x2, bf16x2), 10 and
        // 11 (v2.f32, v4.f32).
        self.in_fp.next = self.c_float.val()
            & (self.in_op.val() == 0)
            & (((self.in_type.val() >= 4) & (self.in_type.val() <= 7))
                | (self.in_type.val() == 10)
                | (self.in_type.val() == 11));
        // A float add in s1..s(K−1) on this word has no sum yet when this one
        // needs it; a compare op in s1 has its word one clock late. (The port's
        // word: while a v4.f32's second word takes s0, the port is not ready
        // anyway.)
        self.stall.next = (self.s1_valid.q.val()
            & (self.s1_fp.q.val() | self.s1_cmp.q.val())
            & (self.s1_word.q.val() == self.in_wport.val()))
            | (self.c_st2.val()
                & self.s2_valid.q.val()
                & self.s2_fp.q.val()
                & (self.s2_word.q.val() == self.in_wport.val()))
            | (self.c_st3.val()
                & self.s3_valid.q.val()
                & self.s3_fp.q.val()
                & (self.s3_word.q.val() == self.in_wport.val()))
            | (self.c_st4.val()
                & self.s4_valid.q.val()
                & self.s4_fp.q.val()
                & (self.s4_word.q.val() == self.in_wport.val()));
        for i in 0..TAIL {
            if self.c_stall_t.val().get_bit(i)
                & self.tv[i].q.val()
                & self.tfp[i].q.val()
                & (self.tword[i].q.val() == self.in_wport.val())
            {
                self.stall.next = true;
            }
        }
        // A v4.f32 also waits while a float add on its second word would
        // still hold that word back one clock later (when it enters), so that
        // the second word never waits. (A compare op in s1 is two clocks
        // ahead of it then: nothing to wait for.)
        self.pair_stall.next = (self.c_pst1.val()
            & self.s1_valid.q.val()
            & self.s1_fp.q.val()
            & (self.s1_word.q.val() == self.in_pair.val()))
            | (self.c_pst2.val()
                & self.s2_valid.q.val()
                & self.s2_fp.q.val()
                & (self.s2_word.q.val() == self.in_pair.val()))
            | (self.c_pst3.val()
                & self.s3_valid.q.val()
                & self.s3_fp.q.val()
                & (self.s3_word.q.val() == self.in_pair.val()))
            | (self.c_pst4.val()
                & self.s4_valid.q.val()
                & self.s4_fp.q.val()
                & (self.s4_word.q.val() == self.in_pair.val()));
        for i in 0..TAIL {
            if self.c_pstall_t.val().get_bit(i)
                & self.tv[i].q.val()
                & self.tfp[i].q.val()
                & (self.tword[i].q.val() == self.in_pair.val())
            {
                self.pair_stall.next = true;
            }
        }
        if self.in_v4.val() & self.pair_stall.val() {
            self.stall.next = true;
        }
        // The clock after a v4.f32's first word, its second takes s0.
        self.in_ready.next = !self.stall.val() & !self.s1_v4first.q.val();
        self.bank.read_address.next = self.in_word.val();
        self.s1_valid.d.next = self.in_valid.val() & self.in_ready.val();
        self.s1_v4first.d.next = self.in_valid.val() & self.in_ready.val() & self.in_v4.val();
        self.s1_second.d.next = false;
        self.s1_tag.d.next = self.in_tag.val();
        self.s1_op.d.next = self.in_op.val();
        self.s1_type.d.next = self.in_type.val();
        self.s1_shared.d.next = self.in_shared.val();
        self.s1_answer.d.next = self.in_answer.val();
        // Types 2, 3, 5, 9, 10, 11 are 64-bit (or wider); a 32-bit op with address
        // bit 2 set takes the high half.
        self.s1_high.d.next = self.in_addr.val().get_bit(2)
            & (self.in_type.val() != 2)
            & (self.in_type.val() != 3)
            & (self.in_type.val() != 5)
            & (self.in_type.val() != 9)
            & (self.in_type.val() != 10)
            & (self.in_type.val() != 11);
        self.s1_fp.d.next = self.in_fp.val();
        // Ops 1 min, 2 max, 3 inc, 4 dec, 9 cas, 10 cast.
        self.s1_cmp.d.next = ((self.in_op.val() >= 1) & (self.in_op.val() <= 4))
            | (self.in_op.val() == 9)
            | (self.in_op.val() == 10);
        self.s1_word.d.next = self.in_word.val();
        self.s1_b.d.next = self.in_b.val();
        // The decode's flags, one stage early ([`AtomPreDecode`]).
        self.predecode.ty.next = self.in_type.val();
        self.predecode.op.next = self.in_op.val();
        self.predecode.b.next = self.in_b.val().get_bits::<32>(0);
        self.s1_w64.d.next = self.predecode.w64.val();
        self.s1_half.d.next = self.predecode.half.val();
        self.s1_bf.d.next = self.predecode.bf.val();
        self.s1_cas.d.next = self.predecode.cas.val();
        self.s1_inc.d.next = self.predecode.inc.val();
        self.s1_bnan.d.next = self.predecode.bnan.val();
        self.s1_c.d.next = self.in_c.val();
        self.popc.x.next = self.in_b.val().get_bits::<32>(0);
        self.s1_pcb.d.next = self.popc.byte_counts.val();
        // A v4.f32's second word: the first's fields, elements 2 and 3 as `b`.
        if self.s1_v4first.q.val() {
            self.s1_valid.d.next = true;
            self.s1_second.d.next = true;
            self.s1_tag.d.next = self.s1_tag.q.val();
            self.s1_op.d.next = self.s1_op.q.val();
            self.s1_type.d.next = self.s1_type.q.val();
            self.s1_shared.d.next = self.s1_shared.q.val();
            self.s1_answer.d.next = self.s1_answer.q.val();
            self.s1_high.d.next = false;
            self.s1_fp.d.next = self.s1_fp.q.val();
            self.s1_cmp.d.next = false;
            self.s1_b.d.next = self.s1_c.q.val();
            // A float add: the decode's flags of the first word (its `alt`
            // is never used; `b`'s NaN flags do not matter).
            self.s1_w64.d.next = self.s1_w64.q.val();
            self.s1_half.d.next = self.s1_half.q.val();
            self.s1_bf.d.next = self.s1_bf.q.val();
            self.s1_cas.d.next = self.s1_cas.q.val();
            self.s1_inc.d.next = self.s1_inc.q.val();
            self.s1_bnan.d.next = 0.into();
        }

        // ---- s1: which stage will hold the youngest final word ----
        // Which operation will hold the youngest final word of this one's word
        // when it is in s2: found now, one stage earlier, from the registered
        // word (a v4.f32's second word is in `s1_word` like any other), and
        // registered one-hot. A float add's word is final from s(K+3) on (s4
        // never holds one unless K = 2).
        self.mm4.next = self.s3_valid.q.val()
            & !self.s3_fp.q.val()
            & (self.s3_word.q.val() == self.s1_word.q.val());
        self.mm5.next = self.s4_valid.q.val()
            & !(self.s4_fp.q.val() & !self.c_k2.val())
            & (self.s4_word.q.val() == self.s1_word.q.val());
        // The youngest final writer: the one that matches and is not
        // superseded (`s4_sup`, `tsup`: registered flags, no priority chain;
        // s3's operation is the youngest candidate).
        self.s2_oh4.d.next = self.mm4.val();
        self.s2_oh5.d.next = self.mm5.val() & !self.s4_sup.q.val();
        for i in 0..PICKS {
            self.mmt[i].next = self.tv[i].q.val()
                & !(self.tfp[i].q.val() & !self.c_fin_t.val().get_bit(i))
                & (self.tword[i].q.val() == self.s1_word.q.val());
            self.s2_oht[i].d.next = self.mmt[i].val() & !self.tsup[i].q.val();
        }
        // This operation's word against the stages s2 .. s13 (into registers:
        // the superseded flags are updated from them a clock later, when it is
        // in s2).
        self.s2_sm2.d.next = self.s2_word.q.val() == self.s1_word.q.val();
        self.s2_sm3.d.next = self.s3_word.q.val() == self.s1_word.q.val();
        self.s2_sm4.d.next = self.s4_word.q.val() == self.s1_word.q.val();
        for i in 0..SMT {
            self.s2_smt[i].d.next = self.tword[i].q.val() == self.s1_word.q.val();
        }
        // The operation in s2 supersedes those ahead of it on its word as they
        // move one stage on.
        self.s4_sup.d.next = self.s2_valid.q.val() & self.s2_sm2.q.val();
        self.tsup[0].d.next = self.s4_sup.q.val() | (self.s2_valid.q.val() & self.s2_sm3.q.val());
        self.tsup[1].d.next = self.tsup[0].q.val() | (self.s2_valid.q.val() & self.s2_sm4.q.val());
        for i in 2..PICKS {
            self.tsup[i].d.next =
                self.tsup[i - 1].q.val() | (self.s2_valid.q.val() & self.s2_smt[i - 2].q.val());
        }
        // The operation moves on to s2.
        self.s2_valid.d.next = self.s1_valid.q.val();
        self.s2_tag.d.next = self.s1_tag.q.val();
        self.s2_op.d.next = self.s1_op.q.val();
        self.s2_type.d.next = self.s1_type.q.val();
        self.s2_shared.d.next = self.s1_shared.q.val();
        self.s2_answer.d.next = self.s1_answer.q.val();
        self.s2_v4first.d.next = self.s1_v4first.q.val();
        self.s2_second.d.next = self.s1_second.q.val();
        self.s2_high.d.next = self.s1_high.q.val();
        self.s2_fp.d.next = self.s1_fp.q.val();
        self.s2_word.d.next = self.s1_word.q.val();
        self.s2_b.d.next = self.s1_b.q.val();
        self.s2_c.d.next = self.s1_c.q.val();
        self.s2_w64.d.next = self.s1_w64.q.val();
        self.s2_half.d.next = self.s1_half.q.val();
        self.s2_bf.d.next = self.s1_bf.q.val();
        self.s2_cas.d.next = self.s1_cas.q.val();
        self.s2_inc.d.next = self.s1_inc.q.val();
        self.s2_bnan.d.next = self.s1_bnan.q.val();
        self.s2_pcb.d.next = self.s1_pcb.q.val();

        // ---- s4's word (first, as s2 and s3 read it) ----
        // A compare op's decision from its registered chain results (its
        // successor on the word is at least two behind: it reads `new4` in
        // s2, through `base`, never in s3); then per bit a function of the
        // decision, a quarter's take bit, `alt` and `pre`.
        self.decide.lane32.next = self.s4_lane32.q.val();
        self.decide.ob_hi.next = self.s4_ob_hi.q.val();
        self.decide.ob_lo.next = self.s4_ob_lo.q.val();
        self.decide.bo_hi.next = self.s4_bo_hi.q.val();
        self.decide.bo_lo.next = self.s4_bo_lo.q.val();
        self.decide.ob32.next = self.s4_ob32.q.val();
        self.decide.bo32.next = self.s4_bo32.q.val();
        self.decide.eq_hi.next = self.s4_eq_hi.q.val();
        self.decide.eq.next = self.s4_eq.q.val();
        self.decide.zero.next = self.s4_zero.q.val();
        self.decide.t_blt.next = self.s4_t_blt.q.val();
        self.decide.t_zero.next = self.s4_t_zero.q.val();
        self.decide.t_olt.next = self.s4_t_olt.q.val();
        self.decide.t_nolt.next = self.s4_t_nolt.q.val();
        self.decide.t_eq.next = self.s4_t_eq.q.val();
        self.decide.h_nan16.next = self.s4_h_nan16.q.val();
        self.decide.h_nanbf.next = self.s4_h_nanbf.q.val();
        self.decide.h_b_lt.next = self.s4_h_b_lt.q.val();
        self.decide.h_o_lt.next = self.s4_h_o_lt.q.val();
        self.decide.t_hnan16.next = self.s4_t_hnan16.q.val();
        self.decide.t_hnanbf.next = self.s4_t_hnanbf.q.val();
        self.decide.t_hmin.next = self.s4_t_hmin.q.val();
        self.decide.t_hmax.next = self.s4_t_hmax.q.val();
        self.take_mask.next = 0.into();
        if self.decide.take_lo.val() | self.decide.htake.val().get_bit(0) {
            self.take_mask.next = 0xFFFF_u64.into();
        }
        if self.decide.take_lo.val() | self.decide.htake.val().get_bit(1) {
            self.take_mask.next = self.take_mask.val() | 0xFFFF_0000_u64;
        }
        if self.decide.take_hi.val() | self.decide.htake.val().get_bit(2) {
            self.take_mask.next = self.take_mask.val() | 0xFFFF_0000_0000_u64;
        }
        if self.decide.take_hi.val() | self.decide.htake.val().get_bit(3) {
            self.take_mask.next = self.take_mask.val() | 0xFFFF_0000_0000_0000_u64;
        }
        self.new4.next = (self.s4_pre.q.val() & !self.take_mask.val())
            | (self.s4_alt.q.val() & self.take_mask.val());

        // ---- s(K+2): a float add's last phase; its lane merged into the word ----
        self.fp_type.next = self.s4_type.q.val();
        self.fp_high.next = self.s4_high.q.val();
        self.fp_old.next = self.new4.val();
        for i in 0..TAIL {
            if self.c_last_t.val().get_bit(i) {
                self.fp_type.next = self.tty[i].q.val();
                self.fp_high.next = self.thi[i].q.val();
                self.fp_old.next = self.tnew[i].q.val();
            }
        }
        self.fp_lane.next = bit_cast::<DATA_W, 32>(self.f32_add.result.val());
        if self.fp_type.val() == 6 {
            self.fp_lane.next = (bit_cast::<DATA_W, 16>(self.f16_hi.result.val()) << 16)
                | bit_cast::<DATA_W, 16>(self.f16_lo.result.val());
        } else if self.fp_type.val() == 7 {
            self.fp_lane.next = (bit_cast::<DATA_W, 16>(self.bf16_hi.result.val()) << 16)
                | bit_cast::<DATA_W, 16>(self.bf16_lo.result.val());
        }
        if self.fp_type.val() == 5 {
            self.fp_word.next = self.f64_add.result.val();
        } else if (self.fp_type.val() == 10) | (self.fp_type.val() == 11) {
            self.fp_word.next = (bit_cast::<DATA_W, 32>(self.f32_hi.result.val()) << 32)
                | bit_cast::<DATA_W, 32>(self.f32_add.result.val());
        } else if self.fp_high.val() {
            self.fp_word.next = (self.fp_lane.val() << 32) | (self.fp_old.val() & 0xFFFF_FFFF_u64);
        } else {
            self.fp_word.next =
                (self.fp_old.val() & 0xFFFF_FFFF_0000_0000_u64) | self.fp_lane.val();
        }

        // ---- s2: the bank's data comes out; the youngest final writer's word ----
        self.s3_valid.d.next = self.s2_valid.q.val();
        self.s3_tag.d.next = self.s2_tag.q.val();
        self.s3_type.d.next = self.s2_type.q.val();
        self.s3_shared.d.next = self.s2_shared.q.val();
        // A v4.f32 answers with its second word, for both.
        self.s3_answer.d.next = self.s2_answer.q.val() & !self.s2_v4first.q.val();
        self.s3_second.d.next = self.s2_second.q.val();
        self.s3_vec.d.next = (self.s2_type.q.val() == 10) | (self.s2_type.q.val() == 11);
        self.s3_high.d.next = self.s2_high.q.val();
        self.s3_fp.d.next = self.s2_fp.q.val();
        self.s3_word.d.next = self.s2_word.q.val();
        self.s3_b.d.next = self.s2_b.q.val();
        self.decode.op.next = self.s2_op.q.val();
        self.decode.ty.next = self.s2_type.q.val();
        self.decode.high.next = self.s2_high.q.val();
        self.decode.b.next = self.s2_b.q.val();
        self.decode.c.next = self.s2_c.q.val();
        self.decode.pre_w64.next = self.s2_w64.q.val();
        self.decode.pre_half.next = self.s2_half.q.val();
        self.decode.pre_bf.next = self.s2_bf.q.val();
        self.decode.pre_cas.next = self.s2_cas.q.val();
        self.decode.pre_inc.next = self.s2_inc.q.val();
        self.decode.pre_bnan.next = self.s2_bnan.q.val();
        self.popc_sum.byte_counts.next = self.s2_pcb.q.val();
        self.decode.pc.next = self.popc_sum.count.val();
        self.s3_w64.d.next = self.decode.w64.val();
        self.s3_lane32.d.next = self.decode.lane32.val();
        self.s3_act_lo.d.next = self.decode.act_lo.val();
        self.s3_act_hi.d.next = self.decode.act_hi.val();
        self.s3_flip63.d.next = self.decode.flip63.val();
        self.s3_flip31.d.next = self.decode.flip31.val();
        self.s3_kb0.d.next = self.decode.kb0.val();
        self.s3_kb1.d.next = self.decode.kb1.val();
        self.s3_kb32.d.next = self.decode.kb32.val();
        self.s3_bw.d.next = self.decode.bw.val();
        self.s3_addend.d.next = self.decode.addend.val();
        self.s3_arith_lo.d.next = self.decode.arith_lo.val();
        self.s3_arith_hi.d.next = self.decode.arith_hi.val();
        self.s3_alt.d.next = self.decode.alt.val();
        self.s3_lop.d.next = self.decode.lop.val();
        self.s3_lmode.d.next = self.decode.lmode.val();
        self.s3_t_blt.d.next = self.decode.t_blt.val();
        self.s3_t_zero.d.next = self.decode.t_zero.val();
        self.s3_t_olt.d.next = self.decode.t_olt.val();
        self.s3_t_nolt.d.next = self.decode.t_nolt.val();
        self.s3_t_eq.d.next = self.decode.t_eq.val();
        self.s3_t_always.d.next = self.decode.t_always.val();
        self.s3_t_hnan16.d.next = self.decode.t_hnan16.val();
        self.s3_t_hnanbf.d.next = self.decode.t_hnanbf.val();
        self.s3_t_hmin.d.next = self.decode.t_hmin.val();
        self.s3_t_hmax.d.next = self.decode.t_hmax.val();
        self.s3_op_cas.d.next = self.decode.op_cas.val();
        self.s3_op_cast.d.next = self.decode.op_cast.val();
        self.s3_op_ld.d.next = self.decode.op_ld.val();
        // One and K ahead (at s3 and s(K+2) now): their words are not final yet.
        // (Gated by s2_valid only to keep bubbles quiet in waveforms.)
        self.f1.next = self.s2_valid.q.val()
            & self.s3_valid.q.val()
            & (self.s3_word.q.val() == self.s2_word.q.val());
        self.fk.next = self.c_k2.val()
            & self.s4_valid.q.val()
            & self.s4_fp.q.val()
            & (self.s4_word.q.val() == self.s2_word.q.val());
        for i in 0..TAIL {
            if self.c_last_t.val().get_bit(i)
                & self.tv[i].q.val()
                & self.tfp[i].q.val()
                & (self.tword[i].q.val() == self.s2_word.q.val())
            {
                self.fk.next = true;
            }
        }
        self.s3_e64.d.next = self.s2_fp.q.val() & (self.s2_type.q.val() == 5);
        self.s3_e32.d.next = self.s2_fp.q.val()
            & ((self.s2_type.q.val() == 4)
                | (self.s2_type.q.val() == 10)
                | (self.s2_type.q.val() == 11));
        self.s3_e16.d.next = self.s2_fp.q.val() & (self.s2_type.q.val() == 6);
        self.s3_ebf.d.next = self.s2_fp.q.val() & (self.s2_type.q.val() == 7);
        // Three to fourteen ahead (s5 .. s16): an AND-OR of the words with the
        // registered one-hot; two ahead (s4, whose word comes last: a compare
        // op decides in s4) in a 2:1 after it (`base` below).
        self.pick56.next = 0.into();
        if self.s2_oh5.q.val() {
            self.pick56.next = self.tnew[0].q.val();
        }
        for i in 0..PICKS {
            if self.s2_oht[i].q.val() {
                self.pick56.next = self.pick56.val() | self.tnew[i + 1].q.val();
            }
        }
        // Whether one of s5 .. s16 holds the word (an OR of the registered
        // one-hot).
        self.s2_hit.next = self.s2_oh5.q.val();
        for i in 0..PICKS {
            self.s2_hit.next = self.s2_hit.val() | self.s2_oht[i].q.val();
        }
        // The half of the choice that does not depend on the loop, made here
        // now that the bank's word leaves the block RAM's output register
        // early in the clock: the youngest final writer's word, else the
        // bank's (s4's, `new4`, last: its decision is the latest input).
        self.base.next = self.bank.read_data.val();
        if self.s2_hit.val() {
            self.base.next = self.pick56.val();
        }
        if self.s2_oh4.q.val() {
            self.base.next = self.new4.val();
        }
        // Registered once per user of the choice with its select (one ahead,
        // else K ahead, else `base`), each copy gated by its op class so that
        // synthesis keeps them apart (`s3_sw`, `s3_base_w`).
        self.sel.next = 0.into();
        if self.s2_valid.q.val() & self.fk.val() {
            self.sel.next = 1.into();
        }
        if self.f1.val() {
            self.sel.next = 2.into();
        }
        self.s3_sw.d.next = self.sel.val();
        self.s3_base_w.d.next = self.base.val();
        self.s3_sx.d.next = 0.into();
        self.s3_base_x.d.next = 0.into();
        if self.s2_fp.q.val() {
            self.s3_sx.d.next = self.sel.val();
            self.s3_base_x.d.next = self.base.val();
        }
        self.s3_sa.d.next = 0.into();
        self.s3_base_a.d.next = 0.into();
        if self.decode.arith_lo.val() | self.decode.arith_hi.val() {
            self.s3_sa.d.next = self.sel.val();
            self.s3_base_a.d.next = self.base.val();
        }
        self.s3_sd.d.next = 0.into();
        self.s3_base_d.d.next = 0.into();
        if self.s2_answer.q.val() {
            self.s3_sd.d.next = self.sel.val();
            self.s3_base_d.d.next = self.base.val();
        }

        // ---- s3: forward, modify ----
        self.fk_word.next = self.tnew[0].q.val();
        for i in 0..TAIL {
            if self.c_join_t.val().get_bit(i) {
                self.fk_word.next = self.tnew[i].q.val();
            }
        }
        // A 3:1 with registered selects (`s3_sw`: one ahead, else K ahead,
        // else `s3_base_w`). One ahead is never a compare op (it holds the
        // next one back), so its word is `s4_pre` itself: the loop has no
        // `take` choice in it.
        self.old_word.next = self.s3_base_w.q.val();
        if self.s3_sw.q.val().get_bit(1) {
            self.old_word.next = self.s4_pre.q.val();
        } else if self.s3_sw.q.val().get_bit(0) {
            self.old_word.next = self.fk_word.val();
        }
        self.alu.old.next = self.old_word.val();
        // The adder's own copy of the choice (its select is 0b00 unless the
        // op adds, so synthesis keeps it apart from `s3_sw`).
        self.old_add.next = self.s3_base_a.q.val();
        if self.s3_sa.q.val().get_bit(1) {
            self.old_add.next = self.s4_pre.q.val();
        } else if self.s3_sa.q.val().get_bit(0) {
            self.old_add.next = self.fk_word.val();
        }
        self.alu.old_add.next = self.old_add.val();
        // The answer's copy (select 0b00 unless the op answers).
        self.old_ans.next = self.s3_base_d.q.val();
        if self.s3_sd.q.val().get_bit(1) {
            self.old_ans.next = self.s4_pre.q.val();
        } else if self.s3_sd.q.val().get_bit(0) {
            self.old_ans.next = self.fk_word.val();
        }
        self.alu.old_ans.next = self.old_ans.val();
        self.alu.w64.next = self.s3_w64.q.val();
        self.alu.high.next = self.s3_high.q.val();
        self.alu.lane32.next = self.s3_lane32.q.val();
        self.alu.act_lo.next = self.s3_act_lo.q.val();
        self.alu.act_hi.next = self.s3_act_hi.q.val();
        self.alu.flip63.next = self.s3_flip63.q.val();
        self.alu.flip31.next = self.s3_flip31.q.val();
        self.alu.kb0.next = self.s3_kb0.q.val();
        self.alu.kb1.next = self.s3_kb1.q.val();
        self.alu.kb32.next = self.s3_kb32.q.val();
        self.alu.bw.next = self.s3_bw.q.val();
        self.alu.addend.next = self.s3_addend.q.val();
        self.alu.arith_lo.next = self.s3_arith_lo.q.val();
        self.alu.arith_hi.next = self.s3_arith_hi.q.val();
        self.alu.alt.next = self.s3_alt.q.val();
        self.alu.lop.next = self.s3_lop.q.val();
        self.alu.lmode.next = self.s3_lmode.q.val();
        self.alu.t_always.next = self.s3_t_always.q.val();
        self.alu.op_cast.next = self.s3_op_cast.q.val();
        // Float adds, phase 1: each adder sees its lanes of `old_fp` and `b`,
        // zero unless its format adds (own input registers, see `s3_e64`);
        // s(K+2) picks by type.
        self.old_fp.next = self.s3_base_x.q.val();
        if self.s3_sx.q.val().get_bit(1) {
            self.old_fp.next = self.s4_pre.q.val();
        } else if self.s3_sx.q.val().get_bit(0) {
            self.old_fp.next = self.fk_word.val();
        }
        // A 32- or 16-bit lane (f32, f16x2, bf16x2; never high for v2/v4.f32).
        self.lane_fp.next = self.old_fp.val() & 0xFFFF_FFFF_u64;
        if self.s3_high.q.val() {
            self.lane_fp.next = self.old_fp.val() >> 32;
        }
        self.f64_add.a.next = 0.into();
        self.f64_add.b.next = 0.into();
        if self.s3_e64.q.val() {
            self.f64_add.a.next = self.old_fp.val();
            self.f64_add.b.next = self.s3_b.q.val();
        }
        self.f64_add.flush.next = false;
        self.f32_add.a.next = 0.into();
        self.f32_add.b.next = 0.into();
        if self.s3_e32.q.val() {
            self.f32_add.a.next = bit_cast::<32, DATA_W>(self.lane_fp.val());
            self.f32_add.b.next = bit_cast::<32, DATA_W>(self.s3_b.q.val());
        }
        self.f32_add.flush.next = !self.s3_shared.q.val();
        // Zero unless a vector add: its input registers then hold values of
        // their own instead of merging with the f64 adder's (merged, the f64
        // adder's special-case decode from them took 11.85 ns; apart, 10.27
        // ns, ECP5 seed 1, docs/qor.md).
        self.f32_hi.a.next = 0.into();
        self.f32_hi.b.next = 0.into();
        if self.s3_vec.q.val() {
            self.f32_hi.a.next = self.old_fp.val().get_bits::<32>(32);
            self.f32_hi.b.next = self.s3_b.q.val().get_bits::<32>(32);
        }
        self.f32_hi.flush.next = !self.s3_shared.q.val();
        self.f16_lo.a.next = 0.into();
        self.f16_lo.b.next = 0.into();
        self.f16_hi.a.next = 0.into();
        self.f16_hi.b.next = 0.into();
        if self.s3_e16.q.val() {
            self.f16_lo.a.next = bit_cast::<16, DATA_W>(self.lane_fp.val());
            self.f16_lo.b.next = bit_cast::<16, DATA_W>(self.s3_b.q.val());
            self.f16_hi.a.next = self.lane_fp.val().get_bits::<16>(16);
            self.f16_hi.b.next = self.s3_b.q.val().get_bits::<16>(16);
        }
        self.f16_lo.flush.next = false;
        self.f16_hi.flush.next = false;
        self.bf16_lo.a.next = 0.into();
        self.bf16_lo.b.next = 0.into();
        self.bf16_hi.a.next = 0.into();
        self.bf16_hi.b.next = 0.into();
        if self.s3_ebf.q.val() {
            self.bf16_lo.a.next = bit_cast::<16, DATA_W>(self.lane_fp.val());
            self.bf16_lo.b.next = bit_cast::<16, DATA_W>(self.s3_b.q.val());
            self.bf16_hi.a.next = self.lane_fp.val().get_bits::<16>(16);
            self.bf16_hi.b.next = self.s3_b.q.val().get_bits::<16>(16);
        }
        self.bf16_lo.flush.next = false;
        self.bf16_hi.flush.next = false;
        self.s4_valid.d.next = self.s3_valid.q.val();
        self.s4_tag.d.next = self.s3_tag.q.val();
        self.s4_type.d.next = self.s3_type.q.val();
        self.s4_high.d.next = self.s3_high.q.val();
        self.s4_fp.d.next = self.s3_fp.q.val();
        self.s4_word.d.next = self.s3_word.q.val();
        self.s4_answer.d.next = self.s3_answer.q.val();
        self.s4_d.d.next = self.alu.answer.val();
        self.s4_pre.d.next = self.alu.pre_word.val();
        self.s4_alt.d.next = self.s3_alt.q.val();
        self.s4_ob_hi.d.next = self.alu.cmp_ob_hi.val();
        self.s4_ob_lo.d.next = self.alu.cmp_ob_lo.val();
        self.s4_bo_hi.d.next = self.alu.cmp_bo_hi.val();
        self.s4_bo_lo.d.next = self.alu.cmp_bo_lo.val();
        self.s4_ob32.d.next = self.alu.cmp_ob32.val();
        self.s4_bo32.d.next = self.alu.cmp_bo32.val();
        self.s4_eq_hi.d.next = self.alu.cmp_eq_hi.val();
        self.s4_eq.d.next = self.alu.cmp_eq.val();
        self.s4_zero.d.next = self.alu.cmp_zero.val();
        self.s4_lane32.d.next = self.s3_lane32.q.val();
        self.s4_t_blt.d.next = self.s3_t_blt.q.val();
        self.s4_t_zero.d.next = self.s3_t_zero.q.val();
        self.s4_t_olt.d.next = self.s3_t_olt.q.val();
        self.s4_t_nolt.d.next = self.s3_t_nolt.q.val();
        self.s4_t_eq.d.next = self.s3_t_eq.q.val();
        self.s4_h_nan16.d.next = self.alu.h_nan16.val();
        self.s4_h_nanbf.d.next = self.alu.h_nanbf.val();
        self.s4_h_b_lt.d.next = self.alu.h_b_lt.val();
        self.s4_h_o_lt.d.next = self.alu.h_o_lt.val();
        self.s4_t_hnan16.d.next = self.s3_t_hnan16.q.val();
        self.s4_t_hnanbf.d.next = self.s3_t_hnanbf.q.val();
        self.s4_t_hmin.d.next = self.s3_t_hmin.q.val();
        self.s4_t_hmax.d.next = self.s3_t_hmax.q.val();
        self.s4_second.d.next = self.s3_second.q.val();
        self.s4_nold.d.next = !self.s3_op_ld.q.val();
        self.s4_cas.d.next = self.s3_op_cas.q.val();
        self.s4_cast.d.next = self.s3_op_cast.q.val();

        // ---- s4: answer ----
        self.out_valid.next = self.s4_valid.q.val() & self.s4_answer.q.val();
        self.out_tag.next = self.s4_tag.q.val();
        // cast answers 1 if the lane was equal (`s4_d` holds 0 then).
        self.d4.next = self.s4_d.q.val();
        if self.s4_cast.q.val() & self.s4_eq.q.val() {
            self.d4.next = 1.into();
        }
        self.s5_d.d.next = self.d4.val();
        self.out_d.next = bit_cast::<ANSWER_W, DATA_W>(self.d4.val());
        if self.s4_second.q.val() {
            self.out_d.next = (bit_cast::<ANSWER_W, DATA_W>(self.d4.val()) << 64)
                | bit_cast::<ANSWER_W, DATA_W>(self.s5_d.q.val());
        }

        // ---- s5 .. s16: the words move on; a float add's sum joins at s(K+3) ----
        self.tv[0].d.next = self.s4_valid.q.val();
        self.tfp[0].d.next = self.s4_fp.q.val();
        self.tword[0].d.next = self.s4_word.q.val();
        self.tty[0].d.next = self.s4_type.q.val();
        self.thi[0].d.next = self.s4_high.q.val();
        // ld and a failed cas/cast do not write.
        self.twr[0].d.next = self.s4_nold.q.val() & !(self.s4_cas.q.val() & !self.s4_eq.q.val());
        self.tnew[0].d.next = self.new4.val();
        if self.c_join_t.val().get_bit(0) & self.s4_fp.q.val() {
            self.tnew[0].d.next = self.fp_word.val();
        }
        for i in 1..TAIL {
            self.tv[i].d.next = self.tv[i - 1].q.val();
            self.tfp[i].d.next = self.tfp[i - 1].q.val();
            self.tword[i].d.next = self.tword[i - 1].q.val();
            self.tty[i].d.next = self.tty[i - 1].q.val();
            self.thi[i].d.next = self.thi[i - 1].q.val();
            self.twr[i].d.next = self.twr[i - 1].q.val();
            self.tnew[i].d.next = self.tnew[i - 1].q.val();
            if self.c_join_t.val().get_bit(i) & self.tfp[i - 1].q.val() {
                self.tnew[i].d.next = self.fp_word.val();
            }
        }

        // ---- s14 (WRITE_STAGE, tail index 9): write the bank ----
        self.bank.write_address.next = self.tword[9].q.val();
        self.bank.write_data.next = self.tnew[9].q.val();
        self.bank.write_enable.next = self.tv[9].q.val() & self.twr[9].q.val();
    }
}

impl<const WA: usize> PortIo for Atom<WA> {
    fn set_inputs(&mut self, values: &[u128]) {
        self.in_valid.next = values[0] & 1 == 1;
        self.in_tag.next = to_bits(values[1]);
        self.in_op.next = to_bits(values[2]);
        self.in_type.next = to_bits(values[3]);
        self.in_shared.next = values[4] & 1 == 1;
        self.in_answer.next = values[5] & 1 == 1;
        self.in_addr.next = to_bits(values[6]);
        self.in_b.next = to_bits(values[7]);
        self.in_c.next = to_bits(values[8]);
    }
    fn outputs(&self) -> Vec<u128> {
        vec![
            self.out_valid.val() as u128,
            from_bits(self.out_tag.val()),
            from_bits(self.out_d.val()),
            self.in_ready.val() as u128,
        ]
    }
    fn clock(&mut self) -> &mut Signal<In, Clock> {
        &mut self.clock
    }
}
