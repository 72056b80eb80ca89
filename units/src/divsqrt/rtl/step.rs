//! Iteration phase: one radix-4 SRT step per clock on the carry-save
//! partial remainder, with on-the-fly conversion of the digit into the
//! quotient (or root) registers, and the selection of the next digit.
//! Mirrors [`srt::step`](crate::divsqrt::srt::step).
//!
//! The digit applied in a clock was selected in the clock before and is
//! registered as a thermometer code (`c`: ≥ m₂, ≥ m₁, ≥ m₀, ≥ m₋₁), and so
//! are the four multiples it may add or subtract ([`Iter`](super::Iter)'s
//! `p1 p2 m1 m2`: `d, 2d` or the root's on-the-fly forms). The loop is
//! then: `c` → addend multiplexer → 3:2 row → for each threshold a 3:2 row
//! with `−m` over the estimate's nine bits and a 9-bit carry chain whose
//! sign is the next `c` bit. The thresholds come from the row `⌊16·d⌋`
//! (constant) or `⌊16·S⌋` (the root's top bits, from `Q` or `QM` by the
//! digit's sign), off the addend path.

use super::REM_W;
use crate::divsqrt::srt::{EST_LSB, EST_W as SRT_EST_W, ROW_LSB, ROW_MIN, THRESHOLDS};
use rust_hdl::prelude::*;

// Literal bit positions below: ROW_LSB = 54 (the row), EST_LSB = 51.
/// Bits of each vector the estimate adds.
pub const EST_W: usize = SRT_EST_W as usize;
/// Four negated thresholds, packed into one word.
pub const NM_W: usize = 4 * EST_W;
/// Rows of the threshold table.
const ROWS: usize = THRESHOLDS.len();
const _: () = assert!(REM_W == 60 && EST_W == 9 && EST_LSB == 51 && ROW_LSB == 54 && ROWS == 10);

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

/// One thermometer bit: the sign of `ws + wc − m` over the estimate's bits
/// is clear (a 3:2 row, then a 9-bit add).
#[derive(LogicBlock, Default)]
pub struct AtLeast {
    pub s: Signal<In, Bits<EST_W>>,
    pub c: Signal<In, Bits<EST_W>>,
    pub nm: Signal<In, Bits<EST_W>>,
    pub ge: Signal<Out, Bit>,
    x: Signal<Local, Bits<EST_W>>,
    y: Signal<Local, Bits<EST_W>>,
    r: Signal<Local, Bits<EST_W>>,
}

impl Logic for AtLeast {
    #[hdl_gen]
    fn update(&mut self) {
        self.x.next = self.s.val() ^ self.c.val() ^ self.nm.val();
        self.y.next = ((self.s.val() & self.c.val())
            | (self.s.val() & self.nm.val())
            | (self.c.val() & self.nm.val()))
            << 1;
        self.r.next = self.x.val() + self.y.val();
        self.ge.next = !self.r.val().get_bit(8);
    }
}

/// One radix-4 SRT step (combinational).
#[derive(LogicBlock, Default)]
pub struct Radix4Step {
    /// The recurrence is a square root (else a division).
    pub sqrt: Signal<In, Bit>,
    /// The start step: the next digit's weight is `k_first`, not `k/4`.
    pub first: Signal<In, Bit>,
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
    /// The next selection's negated thresholds ([`Thresholds::all4`]) for
    /// the rows of `Q` and of `QM` (a divisor's row in both).
    pub nmq: Signal<In, Bits<NM_W>>,
    pub nmqm: Signal<In, Bits<NM_W>>,
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
    pub nmq_next: Signal<Out, Bits<NM_W>>,
    pub nmqm_next: Signal<Out, Bits<NM_W>>,
    /// `4w` as two vectors.
    ys: Signal<Local, Bits<REM_W>>,
    yc: Signal<Local, Bits<REM_W>>,
    /// Addend and the carry-in that completes a negation.
    t: Signal<Local, Bits<REM_W>>,
    cin: Signal<Local, Bit>,
    /// The estimate's bits of the new vectors.
    s9: Signal<Local, Bits<EST_W>>,
    c9: Signal<Local, Bits<EST_W>>,
    /// The thresholds of this selection's row: `S[j+1]`'s is `Q`'s or
    /// `QM`'s (the digit's bits lie below the row's).
    nm: Signal<Local, Bits<NM_W>>,
    /// The next digit's weight.
    kn: Signal<Local, Bits<REM_W>>,
    pub ge2: AtLeast,
    pub ge1: AtLeast,
    pub ge0: AtLeast,
    pub gem1: AtLeast,
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
        self.ws_next.next = self.ys.val() ^ self.yc.val() ^ self.t.val();
        self.wc_next.next = (((self.ys.val() & self.yc.val())
            | (self.ys.val() & self.t.val())
            | (self.yc.val() & self.t.val()))
            << 1)
            | bit_cast::<REM_W, 1>(self.cin.val().into());
        // On-the-fly conversion.
        self.q_next.next = self.qm.val() | (self.k.val() << 1);
        self.qm_next.next = self.qm.val() | self.k.val();
        if self.c.val().get_bit(0) {
            self.q_next.next = self.qm.val() | (self.k.val() << 1) | self.k.val();
            self.qm_next.next = self.qm.val() | (self.k.val() << 1);
        }
        if self.c.val().get_bit(1) {
            self.q_next.next = self.q.val();
            self.qm_next.next = self.qm.val() | (self.k.val() << 1) | self.k.val();
        }
        if self.c.val().get_bit(2) {
            self.q_next.next = self.q.val() | self.k.val();
            self.qm_next.next = self.q.val();
        }
        if self.c.val().get_bit(3) {
            self.q_next.next = self.q.val() | (self.k.val() << 1);
            self.qm_next.next = self.q.val() | self.k.val();
        }
        self.kn.next = self.k.val() >> 2;
        if self.first.val() {
            self.kn.next = self.k_first.val();
        }
        self.k_next.next = self.kn.val();
        // The next step's multiples: a divisor's stay, a root's follow S.
        self.p1_next.next = self.p1.val();
        self.p2_next.next = self.p2.val();
        self.m1_next.next = self.m1.val();
        self.m2_next.next = self.m2.val();
        if self.sqrt.val() {
            self.p1_next.next = self.q_next.val() | (self.kn.val() >> 1);
            self.p2_next.next = (self.q_next.val() | self.kn.val()) << 1;
            self.m1_next.next =
                self.qm_next.val() | (self.kn.val() << 1) | self.kn.val() | (self.kn.val() >> 1);
            self.m2_next.next = (self.qm_next.val() | (self.kn.val() << 1) | self.kn.val()) << 1;
        }
        // Next digit, against the row of d, or of S[j+1]: Q's when the digit
        // is ≥ 0, else QM's. The rows of Q' and QM' follow the same way (the
        // digits never reach the row's five bits), so the registered
        // thresholds stay those of the registers' rows.
        self.nm.next = self.nmqm.val();
        if self.c.val().get_bit(1) {
            self.nm.next = self.nmq.val();
        }
        self.nmq_next.next = self.nmqm.val();
        if self.c.val().get_bit(1) {
            self.nmq_next.next = self.nmq.val();
        }
        self.nmqm_next.next = self.nmqm.val();
        if self.c.val().get_bit(2) {
            self.nmqm_next.next = self.nmq.val();
        }
        self.s9.next = self.ws_next.val().get_bits::<EST_W>(51);
        self.c9.next = self.wc_next.val().get_bits::<EST_W>(51);
        self.ge2.s.next = self.s9.val();
        self.ge2.c.next = self.c9.val();
        self.ge2.nm.next = self.nm.val().get_bits::<EST_W>(27);
        self.ge1.s.next = self.s9.val();
        self.ge1.c.next = self.c9.val();
        self.ge1.nm.next = self.nm.val().get_bits::<EST_W>(18);
        self.ge0.s.next = self.s9.val();
        self.ge0.c.next = self.c9.val();
        self.ge0.nm.next = self.nm.val().get_bits::<EST_W>(9);
        self.gem1.s.next = self.s9.val();
        self.gem1.c.next = self.c9.val();
        self.gem1.nm.next = self.nm.val().get_bits::<EST_W>(0);
        self.c_next.next = bit_cast::<4, 1>(self.gem1.ge.val().into())
            | (bit_cast::<4, 1>(self.ge0.ge.val().into()) << 1)
            | (bit_cast::<4, 1>(self.ge1.ge.val().into()) << 2)
            | (bit_cast::<4, 1>(self.ge2.ge.val().into()) << 3);
    }
}
