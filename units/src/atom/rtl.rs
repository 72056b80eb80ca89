//! RTL of the atomic unit (SPEC.md §3): a read → modify → write pipeline in front of
//! the memory bank it owns, one operation per clock, with forwarding instead of
//! stalls for operations on the same address.
//!
//! ```text
//!  s0 (accept)       s1                    s2 (modify)              s3              s4 (write)   s5
//!  read address  ->  bank data out;    ->  old = s3_new, s4_new  -> integer result; bank write   keeps the
//!  to the bank;      compare the word      or s2_pre (youngest);    FP phase B;     of `new`     written word
//!  in_ready          with s2..s5; s2_pre   integer ALU, FP phase A  answer out                   one clock
//!                    = s4_new/s5_new/bank                           (LATENCY = 3)
//! ```
//!
//! Forwarding. An operation reads the bank at the end of s0; the bank has not yet
//! taken the writes of the (up to four) operations accepted in the four clocks
//! before it (an operation writes at the end of s4). While the reader is in s1,
//! those four are in s2, s3, s4 and s5; s1 compares the reader's word address with
//! each of theirs, and the old word is the youngest match's new word (`sK_new`:
//! the whole 64-bit word it leaves in the bank), else the bank's. The older two
//! (in s4 and s5) are final already, so s1 picks among them and the bank word into
//! `s2_pre`. The nearer two are still computing: an integer result appears in
//! `s3_new` one clock after it is computed, just when the reader needs it; a float
//! result in `s4_new`. So s2 chooses between `s3_new`, `s4_new` and `s2_pre`: the
//! one-clock loop through the ALU has a 3:1 mux in front of it. The bank's
//! read-during-write behaviour never matters.
//!
//! Integer operations compute their new word in s2 from that old word: an
//! operation can use the result of the one accepted just before it (`s3_new`), so
//! they sustain one per clock for every address pattern. A float add needs two
//! clocks (phase A in s2, phase B in s3, [`super::fpadd_rtl`]): its word is known
//! in s4. An operation on the same word accepted right behind a float add would
//! need it one clock too early, so `in_ready` is low for that one cycle: the
//! initiation interval of same-address float adds is 2, of everything else 1.
//! `in_ready` depends on `in_addr` (a comparison with the word in s1) but never on
//! `in_valid`.
//!
//! Words, not lanes, are forwarded and compared: a 32-bit operation merges its lane
//! into the old word in s2 (or s3 for float adds), so operations on the two halves
//! of a word see each other's results like any other pair.
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

use super::fpadd::{self, NanRule};
use super::fpadd_rtl::{Bf16AddPipe, F16AddPipe, F32AddPipe, F64AddPipe};
use super::model::{
    AtomOp, AtomType, DEFAULT_WORDS, F32_CANONICAL_NAN, F64_INVALID_NAN, HALF_CANONICAL_NAN,
};
use crate::unit::{from_bits, to_bits, PortIo, TAG_W};
use rust_hdl::prelude::*;

/// Width of `in_op`.
pub const OP_W: usize = 4;
/// Width of `in_type`.
pub const TYPE_W: usize = 4;
/// Width of the byte address `in_addr`.
pub const ADDR_W: usize = 32;
/// Width of the operands, of a bank word and of the answer.
pub const DATA_W: usize = 64;
/// Word-address bits of the default bank (1024 words).
pub const DEFAULT_WORD_ADDR_W: usize = 10;
/// Cycles from an accepted operation to its answer.
pub const LATENCY: usize = 3;
/// Register stages from acceptance to the bank write (s1..s4; s5 only holds a
/// written word for forwarding).
pub const PIPELINE_STAGES: usize = 4;
/// Clocks between same-address float adds (the forwarding loop of a float add).
pub const FP_SAME_ADDRESS_II: usize = 2;

const _: () = assert!(DEFAULT_WORDS == 1 << DEFAULT_WORD_ADDR_W);

/// `in_op` of an operation.
pub fn opcode(op: AtomOp) -> u32 {
    AtomOp::ALL.iter().position(|&o| o == op).unwrap() as u32
}

/// `in_type` of a type.
pub fn typecode(ty: AtomType) -> u32 {
    AtomType::ALL.iter().position(|&t| t == ty).unwrap() as u32
}

/// The integer ALU (combinational): one operation on the lane of `old` that the
/// type and `high` select, merged back into the word. Float adds leave the word
/// as it is here (their result comes from the float adders one clock later) and
/// answer the old lane like every other op.
///
/// Op codes (index in [`AtomOp::ALL`]): 0 add, 1 min, 2 max, 3 inc, 4 dec, 5 and,
/// 6 or, 7 xor, 8 exch, 9 cas, 10 cast, 11 safeadd, 12 ld, 13 st.
/// Type codes (index in [`AtomType::ALL`]): 0 u32, 1 s32, 2 u64, 3 s64, 4 f32,
/// 5 f64, 6 f16x2, 7 bf16x2, 8 b32, 9 b64.
#[derive(LogicBlock, Default)]
pub struct AtomAlu {
    /// The addressed word before the operation.
    pub old: Signal<In, Bits<DATA_W>>,
    /// Operand b (compare value of cas/cast, data of st); upper half ignored for 32-bit types.
    pub b: Signal<In, Bits<DATA_W>>,
    /// Operand c (value stored by cas/cast).
    pub c: Signal<In, Bits<DATA_W>>,
    pub op: Signal<In, Bits<OP_W>>,
    pub ty: Signal<In, Bits<TYPE_W>>,
    /// A 32-bit operation on the word's upper half.
    pub high: Signal<In, Bit>,
    /// The word after the operation.
    pub new_word: Signal<Out, Bits<DATA_W>>,
    /// The returning form's answer: the old lane (zero-extended), or 1/0 for cast.
    pub answer: Signal<Out, Bits<DATA_W>>,
    /// The bank must be written (false for ld and a failed cas/cast).
    pub writes: Signal<Out, Bit>,
    /// The lane selected by the type and `high`, zero-extended (the float adders' `a`).
    pub lane_old: Signal<Out, Bits<DATA_W>>,

    /// 64-bit type: u64, s64, f64, b64.
    w64: Signal<Local, Bit>,
    /// Two's-complement compare: s32, s64.
    is_signed: Signal<Local, Bit>,
    lane_b: Signal<Local, Bits<DATA_W>>,
    lane_c: Signal<Local, Bits<DATA_W>>,
    /// The sign bit of the lane for signed types: XOR maps signed order onto unsigned.
    flip: Signal<Local, Bits<DATA_W>>,
    key_old: Signal<Local, Bits<DATA_W>>,
    key_b: Signal<Local, Bits<DATA_W>>,
    b_lt_old: Signal<Local, Bit>,
    old_lt_b: Signal<Local, Bit>,
    old_eq_b: Signal<Local, Bit>,
    /// The lane after the operation (bits above a 32-bit lane are don't care).
    res: Signal<Local, Bits<DATA_W>>,
}

impl Logic for AtomAlu {
    #[hdl_gen]
    fn update(&mut self) {
        self.w64.next = (self.ty.val() == 2)
            | (self.ty.val() == 3)
            | (self.ty.val() == 5)
            | (self.ty.val() == 9);
        self.is_signed.next = (self.ty.val() == 1) | (self.ty.val() == 3);

        // ---- lane select: 32-bit operands count only in their low half ----
        self.lane_old.next = self.old.val() & 0xFFFF_FFFF_u64;
        self.lane_b.next = self.b.val() & 0xFFFF_FFFF_u64;
        self.lane_c.next = self.c.val() & 0xFFFF_FFFF_u64;
        self.flip.next = 0x8000_0000_u64.into();
        if self.w64.val() {
            self.lane_old.next = self.old.val();
            self.lane_b.next = self.b.val();
            self.lane_c.next = self.c.val();
            self.flip.next = 0x8000_0000_0000_0000_u64.into();
        } else if self.high.val() {
            self.lane_old.next = self.old.val() >> 32;
        }
        if !self.is_signed.val() {
            self.flip.next = 0.into();
        }

        // ---- compares ----
        self.key_old.next = self.lane_old.val() ^ self.flip.val();
        self.key_b.next = self.lane_b.val() ^ self.flip.val();
        self.b_lt_old.next = self.key_b.val() < self.key_old.val();
        self.old_lt_b.next = self.key_old.val() < self.key_b.val();
        self.old_eq_b.next = self.lane_old.val() == self.lane_b.val();

        // ---- the operation on the lane ----
        self.res.next = self.lane_old.val(); // ld, float adds (op 12, and 0 on f types)
        if (self.op.val() == 0) | (self.op.val() == 11) {
            if (self.ty.val() < 4) | (self.ty.val() > 7) {
                self.res.next = self.lane_old.val() + self.lane_b.val();
            }
        } else if self.op.val() == 1 {
            if self.b_lt_old.val() {
                self.res.next = self.lane_b.val();
            }
        } else if self.op.val() == 2 {
            if self.old_lt_b.val() {
                self.res.next = self.lane_b.val();
            }
        } else if self.op.val() == 3 {
            // inc: (old >= b) ? 0 : old + 1
            if self.old_lt_b.val() {
                self.res.next = self.lane_old.val() + 1;
            } else {
                self.res.next = 0.into();
            }
        } else if self.op.val() == 4 {
            // dec: (old == 0 || old > b) ? b : old − 1
            if (self.lane_old.val() == 0) | self.b_lt_old.val() {
                self.res.next = self.lane_b.val();
            } else {
                self.res.next = self.lane_old.val() - 1;
            }
        } else if self.op.val() == 5 {
            self.res.next = self.lane_old.val() & self.lane_b.val();
        } else if self.op.val() == 6 {
            self.res.next = self.lane_old.val() | self.lane_b.val();
        } else if self.op.val() == 7 {
            self.res.next = self.lane_old.val() ^ self.lane_b.val();
        } else if (self.op.val() == 8) | (self.op.val() == 13) {
            self.res.next = self.lane_b.val();
        } else if ((self.op.val() == 9) | (self.op.val() == 10)) & self.old_eq_b.val() {
            self.res.next = self.lane_c.val();
        }

        // ---- merge the lane into the word ----
        if self.w64.val() {
            self.new_word.next = self.res.val();
        } else if self.high.val() {
            self.new_word.next = (self.res.val() << 32) | (self.old.val() & 0xFFFF_FFFF_u64);
        } else {
            self.new_word.next =
                (self.old.val() & 0xFFFF_FFFF_0000_0000_u64) | (self.res.val() & 0xFFFF_FFFF_u64);
        }

        // ---- answer and write enable ----
        self.answer.next = self.lane_old.val();
        if self.op.val() == 10 {
            self.answer.next = 0.into();
            if self.old_eq_b.val() {
                self.answer.next = 1.into();
            }
        }
        self.writes.next = true;
        if self.op.val() == 12 {
            self.writes.next = false;
        }
        if ((self.op.val() == 9) | (self.op.val() == 10)) & !self.old_eq_b.val() {
            self.writes.next = false;
        }
    }
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
    /// Operation: index in `AtomOp::ALL` (0 add … 12 ld, 13 st).
    pub in_op: Signal<In, Bits<OP_W>>,
    /// Type: index in `AtomType::ALL` (0 u32 … 9 b64).
    pub in_type: Signal<In, Bits<TYPE_W>>,
    /// Space `.shared` (f32 add keeps subnormals) instead of `.global` (flushes them).
    pub in_shared: Signal<In, Bit>,
    /// The operation answers (`atom.*`, `ld`); `red.*` and `st` do not.
    pub in_answer: Signal<In, Bit>,
    /// Byte address, naturally aligned; bit 2 picks the half of a word for 32-bit types.
    pub in_addr: Signal<In, Bits<ADDR_W>>,
    /// Operand b (cas/cast: the compare value; st: the data).
    pub in_b: Signal<In, Bits<DATA_W>>,
    /// Operand c (cas/cast: the value stored).
    pub in_c: Signal<In, Bits<DATA_W>>,
    /// An answer is presented this cycle.
    pub out_valid: Signal<Out, Bit>,
    /// Tag of the answering operation.
    pub out_tag: Signal<Out, Bits<TAG_W>>,
    /// The answer: the old value zero-extended (cast: 1 or 0).
    pub out_d: Signal<Out, Bits<DATA_W>>,
    /// The operation on the inputs is accepted at this rising edge. Low for one
    /// cycle when it addresses the word of a float add accepted just before.
    pub in_ready: Signal<Out, Bit>,

    /// The bank (block RAM): read at the end of s0, written at the end of s4.
    bank: RAM<Bits<DATA_W>, WA>,
    alu: AtomAlu,
    f64_add: F64AddPipe,
    f32_add: F32AddPipe,
    /// f16x2: element 0 (low half) and element 1.
    f16_lo: F16AddPipe,
    f16_hi: F16AddPipe,
    /// bf16x2: element 0 (low half) and element 1.
    bf16_lo: Bf16AddPipe,
    bf16_hi: Bf16AddPipe,

    /// Float adds are built (see [`Atom::integer_only`]).
    c_float: Constant<Bit>,
    /// s0: the word address of the presented operation.
    in_word: Signal<Local, Bits<WA>>,
    /// s0: it is a float add.
    in_fp: Signal<Local, Bit>,

    s1_valid: DFF<Bit>,
    s1_tag: DFF<Bits<TAG_W>>,
    s1_op: DFF<Bits<OP_W>>,
    s1_type: DFF<Bits<TYPE_W>>,
    s1_shared: DFF<Bit>,
    s1_answer: DFF<Bit>,
    s1_high: DFF<Bit>,
    s1_fp: DFF<Bit>,
    s1_word: DFF<Bits<WA>>,
    s1_b: DFF<Bits<DATA_W>>,
    s1_c: DFF<Bits<DATA_W>>,

    s2_valid: DFF<Bit>,
    s2_tag: DFF<Bits<TAG_W>>,
    s2_op: DFF<Bits<OP_W>>,
    s2_type: DFF<Bits<TYPE_W>>,
    s2_shared: DFF<Bit>,
    s2_answer: DFF<Bit>,
    s2_high: DFF<Bit>,
    s2_word: DFF<Bits<WA>>,
    s2_b: DFF<Bits<DATA_W>>,
    s2_c: DFF<Bits<DATA_W>>,
    /// The word written by the youngest of the operations three and four ahead
    /// (then in s4 and s5), else the bank's word as read at the end of s0.
    s2_pre: DFF<Bits<DATA_W>>,
    /// Take `s3_new` (the operation one ahead wrote this word) or `s4_new` (two
    /// ahead); neither: take `s2_pre`.
    s2_fwd3: DFF<Bit>,
    s2_fwd4: DFF<Bit>,
    /// s1: the operations three and four ahead wrote this word.
    match5: Signal<Local, Bit>,
    match6: Signal<Local, Bit>,
    /// s2: the word before the operation, forwarded.
    old_word: Signal<Local, Bits<DATA_W>>,

    s3_valid: DFF<Bit>,
    s3_tag: DFF<Bits<TAG_W>>,
    s3_type: DFF<Bits<TYPE_W>>,
    s3_answer: DFF<Bit>,
    s3_high: DFF<Bit>,
    s3_word: DFF<Bits<WA>>,
    /// The answer (old lane, or the cast flag).
    s3_d: DFF<Bits<DATA_W>>,
    /// The word after an integer op; the old word under a float add.
    s3_new: DFF<Bits<DATA_W>>,
    s3_writes: DFF<Bit>,
    /// s3: the float adders' lane result, zero-extended.
    fp_lane: Signal<Local, Bits<DATA_W>>,

    s4_valid: DFF<Bit>,
    s4_word: DFF<Bits<WA>>,
    s4_new: DFF<Bits<DATA_W>>,
    s4_writes: DFF<Bit>,
    s5_valid: DFF<Bit>,
    s5_word: DFF<Bits<WA>>,
    s5_new: DFF<Bits<DATA_W>>,
}

/// The unit with the default 1024-word bank (the one the tools build).
pub type DefaultAtom = Atom<DEFAULT_WORD_ADDR_W>;

impl Default for Atom<DEFAULT_WORD_ADDR_W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const WA: usize> Atom<WA> {
    /// A unit with a zeroed bank of `2^WA` words.
    pub fn new() -> Self {
        Self::build(true)
    }

    /// The unit without its float adders, for measuring what the integer and
    /// forwarding core alone costs and reaches on an FPGA: float adds then leave
    /// memory unchanged (and never hold `in_ready` low). Not a registered unit.
    pub fn integer_only() -> Self {
        Self::build(false)
    }

    fn build(float: bool) -> Self {
        let zeros = (0..1usize << WA).map(|_| Bits::<DATA_W>::default());
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
            bank: RAM::from(zeros),
            alu: Default::default(),
            f64_add: F64AddPipe::new(
                fpadd::F64,
                NanRule::PropagateLast {
                    invalid: F64_INVALID_NAN,
                },
            ),
            f32_add: F32AddPipe::new(fpadd::F32, NanRule::Canonical(F32_CANONICAL_NAN)),
            f16_lo: F16AddPipe::new(fpadd::F16, half_nan),
            f16_hi: F16AddPipe::new(fpadd::F16, half_nan),
            bf16_lo: Bf16AddPipe::new(fpadd::BF16, half_nan),
            bf16_hi: Bf16AddPipe::new(fpadd::BF16, half_nan),
            c_float: Constant::new(float),
            in_word: Default::default(),
            in_fp: Default::default(),
            s1_valid: Default::default(),
            s1_tag: Default::default(),
            s1_op: Default::default(),
            s1_type: Default::default(),
            s1_shared: Default::default(),
            s1_answer: Default::default(),
            s1_high: Default::default(),
            s1_fp: Default::default(),
            s1_word: Default::default(),
            s1_b: Default::default(),
            s1_c: Default::default(),
            s2_valid: Default::default(),
            s2_tag: Default::default(),
            s2_op: Default::default(),
            s2_type: Default::default(),
            s2_shared: Default::default(),
            s2_answer: Default::default(),
            s2_high: Default::default(),
            s2_word: Default::default(),
            s2_b: Default::default(),
            s2_c: Default::default(),
            s2_pre: Default::default(),
            s2_fwd3: Default::default(),
            s2_fwd4: Default::default(),
            match5: Default::default(),
            match6: Default::default(),
            old_word: Default::default(),
            s3_valid: Default::default(),
            s3_tag: Default::default(),
            s3_type: Default::default(),
            s3_answer: Default::default(),
            s3_high: Default::default(),
            s3_word: Default::default(),
            s3_d: Default::default(),
            s3_new: Default::default(),
            s3_writes: Default::default(),
            fp_lane: Default::default(),
            s4_valid: Default::default(),
            s4_word: Default::default(),
            s4_new: Default::default(),
            s4_writes: Default::default(),
            s5_valid: Default::default(),
            s5_word: Default::default(),
            s5_new: Default::default(),
        }
    }
}

impl<const WA: usize> Logic for Atom<WA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, s1_valid, s1_tag, s1_op, s1_type, s1_shared, s1_answer, s1_high, s1_fp,
            s1_word, s1_b, s1_c
        );
        dff_setup!(
            self, clock, s2_valid, s2_tag, s2_op, s2_type, s2_shared, s2_answer, s2_high, s2_word,
            s2_b, s2_c, s2_pre, s2_fwd3, s2_fwd4
        );
        dff_setup!(
            self, clock, s3_valid, s3_tag, s3_type, s3_answer, s3_high, s3_word, s3_d, s3_new,
            s3_writes
        );
        dff_setup!(self, clock, s4_valid, s4_word, s4_new, s4_writes, s5_valid, s5_word, s5_new);
        clock!(self, clock, f64_add, f32_add, f16_lo, f16_hi, bf16_lo, bf16_hi);
        self.bank.read_clock.next = self.clock.val();
        self.bank.write_clock.next = self.clock.val();

        // ---- s0: accept, read the bank ----
        self.in_word.next = self.in_addr.val().get_bits::<WA>(3);
        // Float add: op 0 (add) on types 4..=7 (f32, f64, f16x2, bf16x2).
        self.in_fp.next = self.c_float.val()
            & (self.in_op.val() == 0)
            & (self.in_type.val() >= 4)
            & (self.in_type.val() <= 7);
        // The word of a float add in s1 is known only in s4: one bubble for a reader.
        self.in_ready.next = !(self.s1_valid.q.val()
            & self.s1_fp.q.val()
            & (self.s1_word.q.val() == self.in_word.val()));
        self.bank.read_address.next = self.in_word.val();
        self.s1_valid.d.next = self.in_valid.val() & self.in_ready.val();
        self.s1_tag.d.next = self.in_tag.val();
        self.s1_op.d.next = self.in_op.val();
        self.s1_type.d.next = self.in_type.val();
        self.s1_shared.d.next = self.in_shared.val();
        self.s1_answer.d.next = self.in_answer.val();
        // Types 2, 3, 5, 9 are 64-bit; a 32-bit op with address bit 2 set takes the high half.
        self.s1_high.d.next = self.in_addr.val().get_bit(2)
            & (self.in_type.val() != 2)
            & (self.in_type.val() != 3)
            & (self.in_type.val() != 5)
            & (self.in_type.val() != 9);
        self.s1_fp.d.next = self.in_fp.val();
        self.s1_word.d.next = self.in_word.val();
        self.s1_b.d.next = self.in_b.val();
        self.s1_c.d.next = self.in_c.val();

        // ---- s1: the bank's data comes out; find the youngest in-flight writer ----
        self.s2_valid.d.next = self.s1_valid.q.val();
        self.s2_tag.d.next = self.s1_tag.q.val();
        self.s2_op.d.next = self.s1_op.q.val();
        self.s2_type.d.next = self.s1_type.q.val();
        self.s2_shared.d.next = self.s1_shared.q.val();
        self.s2_answer.d.next = self.s1_answer.q.val();
        self.s2_high.d.next = self.s1_high.q.val();
        self.s2_word.d.next = self.s1_word.q.val();
        self.s2_b.d.next = self.s1_b.q.val();
        self.s2_c.d.next = self.s1_c.q.val();
        // The operations now in s2 and s3 will be in s3 and s4 when this one is in s2.
        // (Gated by s1_valid only to keep bubbles quiet in waveforms.)
        self.s2_fwd3.d.next = false;
        self.s2_fwd4.d.next = false;
        if self.s1_valid.q.val() {
            if self.s2_valid.q.val() & (self.s2_word.q.val() == self.s1_word.q.val()) {
                self.s2_fwd3.d.next = true;
            } else if self.s3_valid.q.val() & (self.s3_word.q.val() == self.s1_word.q.val()) {
                self.s2_fwd4.d.next = true;
            }
        }
        // The older two are final now: pick the youngest of them, else the bank.
        self.match5.next = self.s4_valid.q.val() & (self.s4_word.q.val() == self.s1_word.q.val());
        self.match6.next = self.s5_valid.q.val() & (self.s5_word.q.val() == self.s1_word.q.val());
        self.s2_pre.d.next = self.bank.read_data.val();
        if self.match5.val() {
            self.s2_pre.d.next = self.s4_new.q.val();
        } else if self.match6.val() {
            self.s2_pre.d.next = self.s5_new.q.val();
        }

        // ---- s2: forward, modify ----
        self.old_word.next = self.s2_pre.q.val();
        if self.s2_fwd3.q.val() {
            self.old_word.next = self.s3_new.q.val();
        } else if self.s2_fwd4.q.val() {
            self.old_word.next = self.s4_new.q.val();
        }
        self.alu.old.next = self.old_word.val();
        self.alu.b.next = self.s2_b.q.val();
        self.alu.c.next = self.s2_c.q.val();
        self.alu.op.next = self.s2_op.q.val();
        self.alu.ty.next = self.s2_type.q.val();
        self.alu.high.next = self.s2_high.q.val();
        // Float adds, phase A: every adder sees its lanes; s3 picks by type.
        self.f64_add.a.next = self.old_word.val();
        self.f64_add.b.next = self.s2_b.q.val();
        self.f64_add.flush.next = false;
        self.f32_add.a.next = bit_cast::<32, DATA_W>(self.alu.lane_old.val());
        self.f32_add.b.next = bit_cast::<32, DATA_W>(self.s2_b.q.val());
        self.f32_add.flush.next = !self.s2_shared.q.val();
        self.f16_lo.a.next = bit_cast::<16, DATA_W>(self.alu.lane_old.val());
        self.f16_lo.b.next = bit_cast::<16, DATA_W>(self.s2_b.q.val());
        self.f16_lo.flush.next = false;
        self.f16_hi.a.next = self.alu.lane_old.val().get_bits::<16>(16);
        self.f16_hi.b.next = self.s2_b.q.val().get_bits::<16>(16);
        self.f16_hi.flush.next = false;
        self.bf16_lo.a.next = bit_cast::<16, DATA_W>(self.alu.lane_old.val());
        self.bf16_lo.b.next = bit_cast::<16, DATA_W>(self.s2_b.q.val());
        self.bf16_lo.flush.next = false;
        self.bf16_hi.a.next = self.alu.lane_old.val().get_bits::<16>(16);
        self.bf16_hi.b.next = self.s2_b.q.val().get_bits::<16>(16);
        self.bf16_hi.flush.next = false;
        self.s3_valid.d.next = self.s2_valid.q.val();
        self.s3_tag.d.next = self.s2_tag.q.val();
        self.s3_type.d.next = self.s2_type.q.val();
        self.s3_high.d.next = self.s2_high.q.val();
        self.s3_word.d.next = self.s2_word.q.val();
        self.s3_answer.d.next = self.s2_answer.q.val();
        self.s3_d.d.next = self.alu.answer.val();
        self.s3_new.d.next = self.alu.new_word.val();
        self.s3_writes.d.next = self.alu.writes.val();

        // ---- s3: answer; float adds, phase B, merged into the word ----
        self.out_valid.next = self.s3_valid.q.val() & self.s3_answer.q.val();
        self.out_tag.next = self.s3_tag.q.val();
        self.out_d.next = self.s3_d.q.val();
        self.fp_lane.next = bit_cast::<DATA_W, 32>(self.f32_add.result.val());
        if self.s3_type.q.val() == 6 {
            self.fp_lane.next = (bit_cast::<DATA_W, 16>(self.f16_hi.result.val()) << 16)
                | bit_cast::<DATA_W, 16>(self.f16_lo.result.val());
        } else if self.s3_type.q.val() == 7 {
            self.fp_lane.next = (bit_cast::<DATA_W, 16>(self.bf16_hi.result.val()) << 16)
                | bit_cast::<DATA_W, 16>(self.bf16_lo.result.val());
        }
        self.s4_new.d.next = self.s3_new.q.val();
        // Type codes 4..=7 are the float types; an add on them is the only op there.
        if self.c_float.val() & (self.s3_type.q.val() >= 4) & (self.s3_type.q.val() <= 7) {
            if self.s3_type.q.val() == 5 {
                self.s4_new.d.next = self.f64_add.result.val();
            } else if self.s3_high.q.val() {
                self.s4_new.d.next =
                    (self.fp_lane.val() << 32) | (self.s3_new.q.val() & 0xFFFF_FFFF_u64);
            } else {
                self.s4_new.d.next =
                    (self.s3_new.q.val() & 0xFFFF_FFFF_0000_0000_u64) | self.fp_lane.val();
            }
        }
        self.s4_valid.d.next = self.s3_valid.q.val();
        self.s4_word.d.next = self.s3_word.q.val();
        self.s4_writes.d.next = self.s3_writes.q.val();

        // ---- s4: write the bank; s5: hold the word for the reader four behind ----
        self.bank.write_address.next = self.s4_word.q.val();
        self.bank.write_data.next = self.s4_new.q.val();
        self.bank.write_enable.next = self.s4_valid.q.val() & self.s4_writes.q.val();
        self.s5_valid.d.next = self.s4_valid.q.val();
        self.s5_word.d.next = self.s4_word.q.val();
        self.s5_new.d.next = self.s4_new.q.val();
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
