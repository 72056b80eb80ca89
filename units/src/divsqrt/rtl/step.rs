//! Iteration phase: one radix-4 SRT step per clock on the carry-save
//! partial remainder, with on-the-fly conversion of the digit into the
//! quotient (or root) registers, and the selection of the next digit.
//! Mirrors [`srt::step`](crate::divsqrt::srt::step).
//!
//! The digit applied in a clock was selected in the clock before and is
//! registered as a thermometer code (`c`: ≥ m₂, ≥ m₁, ≥ m₀, ≥ m₋₁), and so
//! are the four multiples it may add or subtract ([`Iter`](super::Iter)'s
//! `p1 p2 m1 m2`: `d, 2d` or the root's on-the-fly forms). The next digit
//! is selected **speculatively**
//! ([`srt::candidates`](crate::divsqrt::srt::candidates)): for each of the
//! five digits `c` may hold, from the registers alone, the top
//! [`SPEC_W`] bits of `4ws`, `4wc` and a registered `K = ⌊t⌋ − 2m` per
//! threshold (the digit's addend's top bits and the threshold of the row
//! that digit leads to, summed in the clock before by [`KRow`]) go through
//! a 10-bit carry chain ([`SpecRow`]) with the windows of `4ws` and `4wc`
//! already added (`v`, a clock ahead); `c` then picks one of the five
//! thermometer codes (a 5:1 multiplexer). The loop is register → 10-bit
//! chain → multiplexer → `c`; `c` drives the addend multiplexer (register
//! → multiplexer → 3:2 row → `ws`, `wc`). The next `v` is summed for each
//! of the five digits in parallel ([`WinSum`]: the 3:2 row and a 10-bit
//! chain from the loop's own copies of the windows of `ws`, `wc` and the
//! addends) and picked by the loop's copy of `c` after the chains
//! (2026-12-03; before, `c` → addend multiplexer → 3:2 row → chain → `v`). The `K`
//! are added from registers only ([`KLoad`]: in the first iterate clock
//! and in a root's extra clocks after its first three digits) and then picked by
//! the digit as `Q` and `QM` are. The thresholds come from the row
//! `⌊16·d⌋` (constant) or `⌊16·S⌋` (the root's top bits, from `Q` or `QM`
//! by the digit's sign).

use super::REM_W;
use crate::divsqrt::srt::{
    EST_LSB, EST_W as SRT_EST_W, ROW_LSB, ROW_MIN, SPEC_LSB, SPEC_W as SRT_SPEC_W, THRESHOLDS,
};
use rust_hdl::prelude::*;

// Literal bit positions below: ROW_LSB = 54 (the row), SPEC_LSB = 50 (the
// speculative estimate's window of `w[j+1]`: bits 48 … 57 of `ws`, `wc`).
/// Bits of a threshold (units of 1/32 of `4w`).
pub const EST_W: usize = SRT_EST_W as usize;
/// Four negated thresholds, packed into one word.
pub const NM_W: usize = 4 * EST_W;
/// Bits of each vector the speculative estimate adds (units of 1/64).
pub const SPEC_W: usize = SRT_SPEC_W as usize;
/// Four `K = ⌊t⌋ − 2m`, packed into one word (`m₂`'s on top).
pub const K_W: usize = 4 * SPEC_W;
/// Rows of the threshold table.
const ROWS: usize = THRESHOLDS.len();
const _: () = assert!(
    REM_W == 60 && EST_W == 9 && EST_LSB == 51 && ROW_LSB == 54 && ROWS == 10 && SPEC_W == 10
);
const _: () = assert!(SPEC_LSB == 50);

/// The thresholds of a row, negated modulo 2^EST_W (combinational).
#[derive(LogicBlock)]
pub struct Thresholds {
    /// `⌊16·v⌋` (7 … 16 for a root, 8 … 15 for a divisor).
    pub row: Signal<In, Bits<5>>,
    /// `−m₂, −m₁, −m₀, −m₋₁`, and the four in one word ([`NM_W`]: `−m₂` on top).
    pub nm2: Signal<Out, Bits<EST_W>>,
    pub nm1: Signal<Out, Bits<EST_W>>,
    pub nm0: Signal<Out, Bits<EST_W>>,
    pub nmm1: Signal<Out, Bits<EST_W>>,
    pub all4: Signal<Out, Bits<NM_W>>,
    rows: [Constant<Bits<5>>; ROWS],
    c2: [Constant<Bits<EST_W>>; ROWS],
    c1: [Constant<Bits<EST_W>>; ROWS],
    c0: [Constant<Bits<EST_W>>; ROWS],
    cm1: [Constant<Bits<EST_W>>; ROWS],
}

impl Default for Thresholds {
    fn default() -> Self {
        let neg = |r: usize, i: usize| {
            let v = (-THRESHOLDS[r][i]) as i64 as u64 & ((1 << EST_W) - 1);
            Constant::new(Bits::<EST_W>::from(v))
        };
        Self {
            row: Default::default(),
            nm2: Default::default(),
            nm1: Default::default(),
            nm0: Default::default(),
            nmm1: Default::default(),
            all4: Default::default(),
            rows: std::array::from_fn(|r| Constant::new(Bits::<5>::from((ROW_MIN + r) as u64))),
            c2: std::array::from_fn(|r| neg(r, 0)),
            c1: std::array::from_fn(|r| neg(r, 1)),
            c0: std::array::from_fn(|r| neg(r, 2)),
            cm1: std::array::from_fn(|r| neg(r, 3)),
        }
    }
}

impl Logic for Thresholds {
    #[hdl_gen]
    fn update(&mut self) {
        // Rows outside the table (never used) read its first row.
        self.nm2.next = self.c2[0].val();
        self.nm1.next = self.c1[0].val();
        self.nm0.next = self.c0[0].val();
        self.nmm1.next = self.cm1[0].val();
        for r in 0..ROWS {
            if self.row.val() == self.rows[r].val() {
                self.nm2.next = self.c2[r].val();
                self.nm1.next = self.c1[r].val();
                self.nm0.next = self.c0[r].val();
                self.nmm1.next = self.cm1[r].val();
            }
        }
        self.all4.next = bit_cast::<NM_W, EST_W>(self.nmm1.val())
            | (bit_cast::<NM_W, EST_W>(self.nm0.val()) << 9)
            | (bit_cast::<NM_W, EST_W>(self.nm1.val()) << 18)
            | (bit_cast::<NM_W, EST_W>(self.nm2.val()) << 27);
    }
}

/// One thermometer bit: the sign of `v + k` over the estimate's
/// [`SPEC_W`] bits is clear (a 10-bit add of two registers).
#[derive(LogicBlock, Default)]
pub struct AtLeast {
    /// The window of `4ws` plus that of `4wc` (mod 2^10).
    pub v: Signal<In, Bits<SPEC_W>>,
    /// `⌊t⌋ − 2m`.
    pub k: Signal<In, Bits<SPEC_W>>,
    pub ge: Signal<Out, Bit>,
    r: Signal<Local, Bits<SPEC_W>>,
}

impl Logic for AtLeast {
    #[hdl_gen]
    fn update(&mut self) {
        self.r.next = self.v.val() + self.k.val();
        self.ge.next = !self.r.val().get_bit(9);
    }
}

/// One candidate's next digit (combinational): the thermometer code of
/// the estimate `s + c + ⌊t⌋` against the four thresholds.
#[derive(LogicBlock, Default)]
pub struct SpecRow {
    /// Bits 48 … 57 of `ws` plus those of `wc` (those of `4ws`, `4wc` in
    /// the window).
    pub v: Signal<In, Bits<SPEC_W>>,
    /// The candidate's four `K` ([`KRow`]).
    pub k: Signal<In, Bits<K_W>>,
    /// Bit 3: ≥ m₂ … bit 0: ≥ m₋₁.
    pub ge: Signal<Out, Bits<4>>,
    pub ge2: AtLeast,
    pub ge1: AtLeast,
    pub ge0: AtLeast,
    pub gem1: AtLeast,
}

impl Logic for SpecRow {
    #[hdl_gen]
    fn update(&mut self) {
        self.ge2.v.next = self.v.val();
        self.ge2.k.next = self.k.val().get_bits::<SPEC_W>(30);
        self.ge1.v.next = self.v.val();
        self.ge1.k.next = self.k.val().get_bits::<SPEC_W>(20);
        self.ge0.v.next = self.v.val();
        self.ge0.k.next = self.k.val().get_bits::<SPEC_W>(10);
        self.gem1.v.next = self.v.val();
        self.gem1.k.next = self.k.val().get_bits::<SPEC_W>(0);
        self.ge.next = bit_cast::<4, 1>(self.gem1.ge.val().into())
            | (bit_cast::<4, 1>(self.ge0.ge.val().into()) << 1)
            | (bit_cast::<4, 1>(self.ge1.ge.val().into()) << 2)
            | (bit_cast::<4, 1>(self.ge2.ge.val().into()) << 3);
    }
}

/// One candidate's four `K = ⌊t⌋ − 2m` (combinational): the addend's top
/// bits plus each negated threshold doubled (`−m` is in 1/32, the
/// estimate in 1/64).
#[derive(LogicBlock, Default)]
pub struct KRow {
    /// Bits 50 … 59 of the candidate's addend (`!p2`, `!p1`, `m1`, `m2`).
    pub t: Signal<In, Bits<SPEC_W>>,
    /// The negated thresholds of the row the candidate leads to.
    pub nm: Signal<In, Bits<NM_W>>,
    pub k: Signal<Out, Bits<K_W>>,
    n2: Signal<Local, Bits<SPEC_W>>,
    n1: Signal<Local, Bits<SPEC_W>>,
    n0: Signal<Local, Bits<SPEC_W>>,
    nm1: Signal<Local, Bits<SPEC_W>>,
}

impl Logic for KRow {
    #[hdl_gen]
    fn update(&mut self) {
        self.n2.next = bit_cast::<SPEC_W, EST_W>(self.nm.val().get_bits::<EST_W>(27)) << 1;
        self.n1.next = bit_cast::<SPEC_W, EST_W>(self.nm.val().get_bits::<EST_W>(18)) << 1;
        self.n0.next = bit_cast::<SPEC_W, EST_W>(self.nm.val().get_bits::<EST_W>(9)) << 1;
        self.nm1.next = bit_cast::<SPEC_W, EST_W>(self.nm.val().get_bits::<EST_W>(0)) << 1;
        self.k.next = bit_cast::<K_W, SPEC_W>(self.t.val() + self.nm1.val())
            | (bit_cast::<K_W, SPEC_W>(self.t.val() + self.n0.val()) << 10)
            | (bit_cast::<K_W, SPEC_W>(self.t.val() + self.n1.val()) << 20)
            | (bit_cast::<K_W, SPEC_W>(self.t.val() + self.n2.val()) << 30);
    }
}

/// Bits of the loop's copies of the windows: bits 47 … 57 of `4ws`,
/// `4wc` and the addends (`ws`, `wc` bits 45 … 55).
pub const WIN_W: usize = 11;

/// One candidate's next window sum (combinational): bits 48 … 57 of the
/// next `ws` plus those of the next `wc` for one addend (the 3:2 row's
/// window and a 10-bit chain).
#[derive(LogicBlock, Default)]
pub struct WinSum {
    /// Bits 47 … 57 of `4ws`, `4wc` and the candidate's addend.
    pub ys: Signal<In, Bits<WIN_W>>,
    pub yc: Signal<In, Bits<WIN_W>>,
    pub t: Signal<In, Bits<WIN_W>>,
    pub v: Signal<Out, Bits<SPEC_W>>,
    s: Signal<Local, Bits<WIN_W>>,
    c: Signal<Local, Bits<WIN_W>>,
}

impl Logic for WinSum {
    #[hdl_gen]
    fn update(&mut self) {
        self.s.next = self.ys.val() ^ self.yc.val() ^ self.t.val();
        self.c.next = (self.ys.val() & self.yc.val())
            | (self.ys.val() & self.t.val())
            | (self.yc.val() & self.t.val());
        self.v.next = self.s.val().get_bits::<SPEC_W>(1) + self.c.val().get_bits::<SPEC_W>(0);
    }
}

/// One radix-4 SRT step (combinational).
#[derive(LogicBlock, Default)]
pub struct Radix4Step {
    /// The first digit's weight in the start step (whose `k` is 0), 0
    /// after it: the next weight is `k/4 | k_first`, no multiplexer.
    pub k_first: Signal<In, Bits<REM_W>>,
    /// Partial remainder, carry-save (sum and carry vectors).
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    /// Quotient/root so far and it minus one ulp.
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    /// One-hot weight of this step's digit (0 in the start step).
    pub k: Signal<In, Bits<REM_W>>,
    /// What digit +1, +2 subtract and −1, −2 add.
    pub p1: Signal<In, Bits<REM_W>>,
    pub p2: Signal<In, Bits<REM_W>>,
    pub m1: Signal<In, Bits<REM_W>>,
    pub m2: Signal<In, Bits<REM_W>>,
    /// This step's digit, thermometer code (bit 3: q ≥ 2 … bit 0: q ≥ −1).
    pub c: Signal<In, Bits<4>>,
    /// The same, inverted, from a register of its own: the selects of the
    /// on-the-fly conversion and of the thresholds (fan-out split).
    pub cn: Signal<In, Bits<4>>,
    /// The selection loop's own copies (registers loaded at every clock,
    /// apart from the datapath's, so that the loop's flip-flops, 3:2 rows,
    /// chains and multiplexer share no net with the 60-bit datapath): the
    /// estimate's window of `ws` plus that of `wc` (bits 48 … 57, added a
    /// clock ahead) and the digit.
    pub v: Signal<In, Bits<SPEC_W>>,
    pub cs: Signal<In, Bits<4>>,
    /// The loop's copies of the windows ([`WIN_W`]): `ws`, `wc` bits
    /// 45 … 55 (`4ws`, `4wc` bits 47 … 57), and bits 47 … 57 of the
    /// addends inverted (`!p2`, `!p1`, `!m1`, `!m2`: not merged with the
    /// datapath's flip-flops): each candidate's next window sum
    /// ([`WinSum`]) from flip-flops of the loop's own.
    pub lws: Signal<In, Bits<WIN_W>>,
    pub lwc: Signal<In, Bits<WIN_W>>,
    pub lnp2: Signal<In, Bits<WIN_W>>,
    pub lnp1: Signal<In, Bits<WIN_W>>,
    pub lnm1: Signal<In, Bits<WIN_W>>,
    pub lnm2: Signal<In, Bits<WIN_W>>,
    /// The negated thresholds ([`Thresholds::all4`]) of the rows of `Q` and
    /// of `QM` (a divisor's row in both).
    pub nmq: Signal<In, Bits<NM_W>>,
    pub nmqm: Signal<In, Bits<NM_W>>,
    /// The candidates' `K` for digits +2, +1, −1, −2 ([`KRow`]; digit 0's
    /// are `nmq`'s, doubled).
    pub kp2: Signal<In, Bits<K_W>>,
    pub kp1: Signal<In, Bits<K_W>>,
    pub km1: Signal<In, Bits<K_W>>,
    pub km2: Signal<In, Bits<K_W>>,
    /// The registers after the step.
    pub ws_next: Signal<Out, Bits<REM_W>>,
    pub wc_next: Signal<Out, Bits<REM_W>>,
    pub q_next: Signal<Out, Bits<REM_W>>,
    pub qm_next: Signal<Out, Bits<REM_W>>,
    pub k_next: Signal<Out, Bits<REM_W>>,
    pub p1_next: Signal<Out, Bits<REM_W>>,
    pub p2_next: Signal<Out, Bits<REM_W>>,
    pub m1_next: Signal<Out, Bits<REM_W>>,
    pub m2_next: Signal<Out, Bits<REM_W>>,
    pub c_next: Signal<Out, Bits<4>>,
    /// Two clocks per digit ([`Divsqrt::new`](super::Divsqrt::new)'s
    /// `clocks` = 2): the pick reads `rcand`, the five candidates'
    /// thermometer codes registered at the end of the digit's first clock,
    /// instead of the chains; `cands` are the chains' codes (`+2` on top).
    pub two: Signal<In, Bit>,
    pub rcand: Signal<In, Bits<20>>,
    pub cands: Signal<Out, Bits<20>>,
    /// The same for the five candidates' next window sums ([`WinSum`],
    /// 10 bits each, `+2` on top): registered in the first clock, picked
    /// in the second.
    pub rwins: Signal<In, Bits<50>>,
    pub wins: Signal<Out, Bits<50>>,
    /// The same for the digit's addend: `t_now` is the multiplexer's
    /// output by `c` (which holds through the digit's two clocks), `rt` its
    /// value registered at the end of the first; the 3:2 row reads `rt`.
    pub rt: Signal<In, Bits<REM_W>>,
    pub t_now: Signal<Out, Bits<REM_W>>,
    /// `Q'`, `QM'` registered at the end of the digit's first clock: a
    /// root's next multiples are the ORs of these (the on-the-fly
    /// conversion in the first clock, the ORs in the second).
    pub rq: Signal<In, Bits<REM_W>>,
    pub rqm: Signal<In, Bits<REM_W>>,
    /// Two clocks per digit: the on-the-fly conversion's selects, decoded
    /// from the digit when it is loaded (`qsel_next` from `c_next`; the top
    /// level registers them beside `c`), so that `Q'`, `QM'` are AND-ORs of
    /// registered selects. Bit 0: `Q'` from `Q` (else `QM`), bit 1: `| k`,
    /// bit 2: `| 2k`; bits 3 … 5 the same for `QM'`.
    pub qsel: Signal<In, Bits<6>>,
    pub qsel_next: Signal<Out, Bits<6>>,
    /// The next windows of `ws` and `wc`, added (for `v`): the five
    /// candidates' sums picked by the loop's digit.
    pub v_next: Signal<Out, Bits<SPEC_W>>,
    /// The next `ws`, `wc` bits 45 … 55 (the loop's copies), by the loop's
    /// digit.
    pub lws_next: Signal<Out, Bits<WIN_W>>,
    pub lwc_next: Signal<Out, Bits<WIN_W>>,
    pub nmq_next: Signal<Out, Bits<NM_W>>,
    pub nmqm_next: Signal<Out, Bits<NM_W>>,
    /// `4w` as two vectors.
    ys: Signal<Local, Bits<REM_W>>,
    yc: Signal<Local, Bits<REM_W>>,
    /// `!cn`.
    cq: Signal<Local, Bits<4>>,
    /// Two clocks per digit: `Q'`'s and `QM'`'s terms by `qsel` (the base
    /// register, the `k` and the `2k` term).
    qb: Signal<Local, Bits<REM_W>>,
    qk1: Signal<Local, Bits<REM_W>>,
    qk2: Signal<Local, Bits<REM_W>>,
    mb: Signal<Local, Bits<REM_W>>,
    mk1: Signal<Local, Bits<REM_W>>,
    mk2: Signal<Local, Bits<REM_W>>,
    /// Addend and the carry-in that completes a negation.
    t: Signal<Local, Bits<REM_W>>,
    cin: Signal<Local, Bit>,
    /// The addend the 3:2 row reads (`t`, or `rt` at two clocks per digit).
    ta: Signal<Local, Bits<REM_W>>,
    /// `Q'`, `QM'` the multiples read (`q_next`, or `rq` at two clocks).
    qa: Signal<Local, Bits<REM_W>>,
    qma: Signal<Local, Bits<REM_W>>,
    /// The addend by the loop's copy of the digit, and the next `ws`, `wc`
    /// from it (only their windows are used: the estimate's own 3:2 row).
    tl: Signal<Local, Bits<REM_W>>,
    wsl: Signal<Local, Bits<REM_W>>,
    wcl: Signal<Local, Bits<REM_W>>,
    /// The codes the pick reads: the chains' (one clock per digit) or
    /// `rcand`'s (two).
    g_p2: Signal<Local, Bits<4>>,
    g_p1: Signal<Local, Bits<4>>,
    g_z: Signal<Local, Bits<4>>,
    g_m1: Signal<Local, Bits<4>>,
    g_m2: Signal<Local, Bits<4>>,
    /// The window sums the digit picks (the chains' or `rwins`').
    h_p2: Signal<Local, Bits<SPEC_W>>,
    h_p1: Signal<Local, Bits<SPEC_W>>,
    h_z: Signal<Local, Bits<SPEC_W>>,
    h_m1: Signal<Local, Bits<SPEC_W>>,
    h_m2: Signal<Local, Bits<SPEC_W>>,
    /// Digit 0's `K`: the thresholds of `Q`'s row, doubled.
    kz: Signal<Local, Bits<K_W>>,
    /// The next digit's weight.
    kn: Signal<Local, Bits<REM_W>>,
    /// The five candidates' next window sums (digit +2 … −2).
    pub win_p2: WinSum,
    pub win_p1: WinSum,
    pub win_z: WinSum,
    pub win_m1: WinSum,
    pub win_m2: WinSum,
    /// The five candidates' next digits (digit +2 … −2).
    pub cand_p2: SpecRow,
    pub cand_p1: SpecRow,
    pub cand_z: SpecRow,
    pub cand_m1: SpecRow,
    pub cand_m2: SpecRow,
}

impl Logic for Radix4Step {
    #[hdl_gen]
    fn update(&mut self) {
        self.ys.next = self.ws.val() << 2;
        self.yc.next = self.wc.val() << 2;
        // q = +2, +1: 4w − p (one's complement and carry-in); 0; −1, −2: 4w + m.
        self.t.next = self.m2.val();
        if self.c.val().get_bit(0) {
            self.t.next = self.m1.val();
        }
        if self.c.val().get_bit(1) {
            self.t.next = 0.into();
        }
        if self.c.val().get_bit(2) {
            self.t.next = !self.p1.val();
        }
        if self.c.val().get_bit(3) {
            self.t.next = !self.p2.val();
        }
        self.cin.next = self.c.val().get_bit(2);
        self.t_now.next = self.t.val();
        self.ta.next = self.t.val();
        if self.two.val() {
            self.ta.next = self.rt.val();
        }
        self.ws_next.next = self.ys.val() ^ self.yc.val() ^ self.ta.val();
        self.wc_next.next = (((self.ys.val() & self.yc.val())
            | (self.ys.val() & self.ta.val())
            | (self.yc.val() & self.ta.val()))
            << 1)
            | bit_cast::<REM_W, 1>(self.cin.val().into());
        self.cq.next = !self.cn.val();
        // On-the-fly conversion.
        self.q_next.next = self.qm.val() | (self.k.val() << 1);
        self.qm_next.next = self.qm.val() | self.k.val();
        if self.cq.val().get_bit(0) {
            self.q_next.next = self.qm.val() | (self.k.val() << 1) | self.k.val();
            self.qm_next.next = self.qm.val() | (self.k.val() << 1);
        }
        if self.cq.val().get_bit(1) {
            self.q_next.next = self.q.val();
            self.qm_next.next = self.qm.val() | (self.k.val() << 1) | self.k.val();
        }
        if self.cq.val().get_bit(2) {
            self.q_next.next = self.q.val() | self.k.val();
            self.qm_next.next = self.q.val();
        }
        if self.cq.val().get_bit(3) {
            self.q_next.next = self.q.val() | (self.k.val() << 1);
            self.qm_next.next = self.q.val() | self.k.val();
        }
        // Two clocks per digit: the same from the registered selects
        // (digit −2: `QM|2k`, `QM|k`; −1: `QM|3k`, `QM|2k`; 0: `Q`,
        // `QM|3k`; +1: `Q|k`, `Q`; +2: `Q|2k`, `Q|k`).
        self.qb.next = self.qm.val();
        if self.qsel.val().get_bit(0) {
            self.qb.next = self.q.val();
        }
        self.qk1.next = 0.into();
        if self.qsel.val().get_bit(1) {
            self.qk1.next = self.k.val();
        }
        self.qk2.next = 0.into();
        if self.qsel.val().get_bit(2) {
            self.qk2.next = self.k.val() << 1;
        }
        self.mb.next = self.qm.val();
        if self.qsel.val().get_bit(3) {
            self.mb.next = self.q.val();
        }
        self.mk1.next = 0.into();
        if self.qsel.val().get_bit(4) {
            self.mk1.next = self.k.val();
        }
        self.mk2.next = 0.into();
        if self.qsel.val().get_bit(5) {
            self.mk2.next = self.k.val() << 1;
        }
        if self.two.val() {
            self.q_next.next = self.qb.val() | self.qk1.val() | self.qk2.val();
            self.qm_next.next = self.mb.val() | self.mk1.val() | self.mk2.val();
        }
        self.kn.next = (self.k.val() >> 2) | self.k_first.val();
        self.k_next.next = self.kn.val();
        // The next step's multiples of a root (they follow S; a divisor's
        // stay: the top level loads these in a root's digit clocks only).
        self.qa.next = self.q_next.val();
        self.qma.next = self.qm_next.val();
        if self.two.val() {
            self.qa.next = self.rq.val();
            self.qma.next = self.rqm.val();
        }
        self.p1_next.next = self.qa.val() | (self.kn.val() >> 1);
        self.p2_next.next = (self.qa.val() | self.kn.val()) << 1;
        self.m1_next.next =
            self.qma.val() | (self.kn.val() << 1) | self.kn.val() | (self.kn.val() >> 1);
        self.m2_next.next = (self.qma.val() | (self.kn.val() << 1) | self.kn.val()) << 1;
        // The rows of Q' and QM' follow Q's or QM's by the digit (its bits
        // never reach the row's five bits), so the registered thresholds
        // stay those of the registers' rows.
        self.nmq_next.next = self.nmqm.val();
        if self.cq.val().get_bit(1) {
            self.nmq_next.next = self.nmq.val();
        }
        self.nmqm_next.next = self.nmqm.val();
        if self.cq.val().get_bit(2) {
            self.nmqm_next.next = self.nmq.val();
        }
        // The next digit: each candidate's from the registers, picked by c.
        self.tl.next = self.m2.val();
        if self.cs.val().get_bit(0) {
            self.tl.next = self.m1.val();
        }
        if self.cs.val().get_bit(1) {
            self.tl.next = 0.into();
        }
        if self.cs.val().get_bit(2) {
            self.tl.next = !self.p1.val();
        }
        if self.cs.val().get_bit(3) {
            self.tl.next = !self.p2.val();
        }
        self.wsl.next = self.ys.val() ^ self.yc.val() ^ self.tl.val();
        self.wcl.next = ((self.ys.val() & self.yc.val())
            | (self.ys.val() & self.tl.val())
            | (self.yc.val() & self.tl.val()))
            << 1;
        self.lws_next.next = self.wsl.val().get_bits::<WIN_W>(45);
        self.lwc_next.next = self.wcl.val().get_bits::<WIN_W>(45);
        // Each candidate's window sum from the loop's copies, in parallel
        // with the digit's selection; the digit picks one after the chains.
        self.win_p2.ys.next = self.lws.val();
        self.win_p2.yc.next = self.lwc.val();
        self.win_p2.t.next = self.lnp2.val();
        self.win_p1.ys.next = self.lws.val();
        self.win_p1.yc.next = self.lwc.val();
        self.win_p1.t.next = self.lnp1.val();
        self.win_z.ys.next = self.lws.val();
        self.win_z.yc.next = self.lwc.val();
        self.win_z.t.next = 0.into();
        self.win_m1.ys.next = self.lws.val();
        self.win_m1.yc.next = self.lwc.val();
        self.win_m1.t.next = !self.lnm1.val();
        self.win_m2.ys.next = self.lws.val();
        self.win_m2.yc.next = self.lwc.val();
        self.win_m2.t.next = !self.lnm2.val();
        self.wins.next = bit_cast::<50, SPEC_W>(self.win_m2.v.val())
            | (bit_cast::<50, SPEC_W>(self.win_m1.v.val()) << 10)
            | (bit_cast::<50, SPEC_W>(self.win_z.v.val()) << 20)
            | (bit_cast::<50, SPEC_W>(self.win_p1.v.val()) << 30)
            | (bit_cast::<50, SPEC_W>(self.win_p2.v.val()) << 40);
        self.h_p2.next = self.win_p2.v.val();
        self.h_p1.next = self.win_p1.v.val();
        self.h_z.next = self.win_z.v.val();
        self.h_m1.next = self.win_m1.v.val();
        self.h_m2.next = self.win_m2.v.val();
        if self.two.val() {
            self.h_p2.next = self.rwins.val().get_bits::<SPEC_W>(40);
            self.h_p1.next = self.rwins.val().get_bits::<SPEC_W>(30);
            self.h_z.next = self.rwins.val().get_bits::<SPEC_W>(20);
            self.h_m1.next = self.rwins.val().get_bits::<SPEC_W>(10);
            self.h_m2.next = self.rwins.val().get_bits::<SPEC_W>(0);
        }
        if self.cs.val().get_bit(1) {
            self.v_next.next = self.h_z.val();
            if self.cs.val().get_bit(2) {
                self.v_next.next = self.h_p1.val();
            }
            if self.cs.val().get_bit(3) {
                self.v_next.next = self.h_p2.val();
            }
        } else {
            self.v_next.next = self.h_m2.val();
            if self.cs.val().get_bit(0) {
                self.v_next.next = self.h_m1.val();
            }
        }
        self.kz.next = (bit_cast::<K_W, EST_W>(self.nmq.val().get_bits::<EST_W>(0)) << 1)
            | (bit_cast::<K_W, EST_W>(self.nmq.val().get_bits::<EST_W>(9)) << 11)
            | (bit_cast::<K_W, EST_W>(self.nmq.val().get_bits::<EST_W>(18)) << 21)
            | (bit_cast::<K_W, EST_W>(self.nmq.val().get_bits::<EST_W>(27)) << 31);
        self.cand_p2.v.next = self.v.val();
        self.cand_p2.k.next = self.kp2.val();
        self.cand_p1.v.next = self.v.val();
        self.cand_p1.k.next = self.kp1.val();
        self.cand_z.v.next = self.v.val();
        self.cand_z.k.next = self.kz.val();
        self.cand_m1.v.next = self.v.val();
        self.cand_m1.k.next = self.km1.val();
        self.cand_m2.v.next = self.v.val();
        self.cand_m2.k.next = self.km2.val();
        self.cands.next = bit_cast::<20, 4>(self.cand_m2.ge.val())
            | (bit_cast::<20, 4>(self.cand_m1.ge.val()) << 4)
            | (bit_cast::<20, 4>(self.cand_z.ge.val()) << 8)
            | (bit_cast::<20, 4>(self.cand_p1.ge.val()) << 12)
            | (bit_cast::<20, 4>(self.cand_p2.ge.val()) << 16);
        self.g_p2.next = self.cand_p2.ge.val();
        self.g_p1.next = self.cand_p1.ge.val();
        self.g_z.next = self.cand_z.ge.val();
        self.g_m1.next = self.cand_m1.ge.val();
        self.g_m2.next = self.cand_m2.ge.val();
        if self.two.val() {
            self.g_p2.next = self.rcand.val().get_bits::<4>(16);
            self.g_p1.next = self.rcand.val().get_bits::<4>(12);
            self.g_z.next = self.rcand.val().get_bits::<4>(8);
            self.g_m1.next = self.rcand.val().get_bits::<4>(4);
            self.g_m2.next = self.rcand.val().get_bits::<4>(0);
        }
        // Balanced by the digit's sign (two levels after the chains): a
        // digit ≥ 0 picks among +2, +1, 0, a digit < 0 between −1, −2.
        if self.cs.val().get_bit(1) {
            self.c_next.next = self.g_z.val();
            if self.cs.val().get_bit(2) {
                self.c_next.next = self.g_p1.val();
            }
            if self.cs.val().get_bit(3) {
                self.c_next.next = self.g_p2.val();
            }
        } else {
            self.c_next.next = self.g_m2.val();
            if self.cs.val().get_bit(0) {
                self.c_next.next = self.g_m1.val();
            }
        }
        // The selects of the next digit (thermometer code, as above).
        self.qsel_next.next = 0b010100.into();
        if self.c_next.val().get_bit(0) {
            self.qsel_next.next = 0b100110.into();
        }
        if self.c_next.val().get_bit(1) {
            self.qsel_next.next = 0b110001.into();
        }
        if self.c_next.val().get_bit(2) {
            self.qsel_next.next = 0b001011.into();
        }
        if self.c_next.val().get_bit(3) {
            self.qsel_next.next = 0b011101.into();
        }
    }
}

/// The candidates' `K`, added from registers (combinational; loaded into
/// [`Spec`](super::Spec) in the first iterate clock and in a root's extra
/// clocks).
///
/// Four rows are exact for the registers' digit: `+2`, `+1` from `!p2`,
/// `!p1` and `Q`'s thresholds, `−1`, `−2` from `m1`, `m2` and `QM`'s. Four
/// more are the same functions of the other register: `Q`'s window for
/// `−1`, `−2` and `QM`'s for `+2`, `+1`. Once the digit's weight is below
/// the window (`k ≤ 2^46`, a root's fifth digit on), every row is a
/// function of `Q`'s or `QM`'s bits 49 … 58 alone, and those of `Q'` and
/// `QM'` are `Q`'s or `QM`'s by the digit (as the thresholds' rows are): the
/// next clock's `K` are then this clock's, picked by the digit, with no add.
#[derive(LogicBlock, Default)]
pub struct KLoad {
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    pub p1: Signal<In, Bits<REM_W>>,
    pub p2: Signal<In, Bits<REM_W>>,
    pub m1: Signal<In, Bits<REM_W>>,
    pub m2: Signal<In, Bits<REM_W>>,
    pub nmq: Signal<In, Bits<NM_W>>,
    pub nmqm: Signal<In, Bits<NM_W>>,
    /// `K` of digits +2, +1, −1, −2 as functions of `Q` (`qp2` … `qm2`) and
    /// of `QM` (`mp2` … `mm2`).
    pub qp2: Signal<Out, Bits<K_W>>,
    pub qp1: Signal<Out, Bits<K_W>>,
    pub qm1: Signal<Out, Bits<K_W>>,
    pub qm2: Signal<Out, Bits<K_W>>,
    pub mp2: Signal<Out, Bits<K_W>>,
    pub mp1: Signal<Out, Bits<K_W>>,
    pub mm1: Signal<Out, Bits<K_W>>,
    pub mm2: Signal<Out, Bits<K_W>>,
    np2: Signal<Local, Bits<REM_W>>,
    np1: Signal<Local, Bits<REM_W>>,
    nqm: Signal<Local, Bits<REM_W>>,
    pub r_qp2: KRow,
    pub r_qp1: KRow,
    pub r_qm1: KRow,
    pub r_qm2: KRow,
    pub r_mp2: KRow,
    pub r_mp1: KRow,
    pub r_mm1: KRow,
    pub r_mm2: KRow,
}

impl Logic for KLoad {
    #[hdl_gen]
    fn update(&mut self) {
        self.np2.next = !self.p2.val();
        self.np1.next = !self.p1.val();
        self.nqm.next = !self.qm.val();
        self.r_qp2.t.next = self.np2.val().get_bits::<SPEC_W>(50);
        self.r_qp2.nm.next = self.nmq.val();
        self.r_qp1.t.next = self.np1.val().get_bits::<SPEC_W>(50);
        self.r_qp1.nm.next = self.nmq.val();
        self.r_qm1.t.next = self.q.val().get_bits::<SPEC_W>(50);
        self.r_qm1.nm.next = self.nmq.val();
        self.r_qm2.t.next = self.q.val().get_bits::<SPEC_W>(49);
        self.r_qm2.nm.next = self.nmq.val();
        self.r_mp2.t.next = self.nqm.val().get_bits::<SPEC_W>(49);
        self.r_mp2.nm.next = self.nmqm.val();
        self.r_mp1.t.next = self.nqm.val().get_bits::<SPEC_W>(50);
        self.r_mp1.nm.next = self.nmqm.val();
        self.r_mm1.t.next = self.m1.val().get_bits::<SPEC_W>(50);
        self.r_mm1.nm.next = self.nmqm.val();
        self.r_mm2.t.next = self.m2.val().get_bits::<SPEC_W>(50);
        self.r_mm2.nm.next = self.nmqm.val();
        self.qp2.next = self.r_qp2.k.val();
        self.qp1.next = self.r_qp1.k.val();
        self.qm1.next = self.r_qm1.k.val();
        self.qm2.next = self.r_qm2.k.val();
        self.mp2.next = self.r_mp2.k.val();
        self.mp1.next = self.r_mp1.k.val();
        self.mm1.next = self.r_mm1.k.val();
        self.mm2.next = self.r_mm2.k.val();
    }
}
