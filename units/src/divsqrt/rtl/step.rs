//! Iteration phase: one radix-2 SRT step on the carry-save partial
//! remainder, with on-the-fly conversion of the digit into the quotient (or
//! root) registers. The top chains two of them per clock (radix 4 per
//! clock). Mirrors [`srt::step`](crate::divsqrt::srt::step).
//!
//! Critical path: the 5-bit estimate add → digit → addend multiplexer → 3:2
//! carry-save adder, twice. The quotient registers and `k` are off it (they
//! only need the digit).

use super::REM_W;
use crate::divsqrt::srt::FRAC_W;
use rust_hdl::prelude::*;

// The estimate reads bits REM_W-1..REM_W-EST_W of `2w`.
const _: () = assert!(REM_W == 60 && EST_W as u32 == crate::divsqrt::srt::EST_W && FRAC_W == 56);

/// Bits of each vector the estimate adds.
const EST_W: usize = 5;

/// One SRT step (combinational).
#[derive(LogicBlock, Default)]
pub struct SrtStep {
    /// The recurrence is a square root (else a division).
    pub sqrt: Signal<In, Bit>,
    /// Partial remainder, carry-save (sum and carry vectors).
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    /// Divisor (division).
    pub d: Signal<In, Bits<REM_W>>,
    /// Quotient/root so far and it minus one ulp.
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    /// One-hot weight of this step's digit.
    pub k: Signal<In, Bits<REM_W>>,
    /// Use `est_ext` (computed ahead by [`Lookahead`]) as the estimate.
    pub ext: Signal<In, Bit>,
    pub est_ext: Signal<In, Bits<EST_W>>,
    /// The digit chosen: +1, 0 (else −1).
    pub plus: Signal<Out, Bit>,
    pub nought: Signal<Out, Bit>,
    /// The registers after the step.
    pub ws_next: Signal<Out, Bits<REM_W>>,
    pub wc_next: Signal<Out, Bits<REM_W>>,
    pub q_next: Signal<Out, Bits<REM_W>>,
    pub qm_next: Signal<Out, Bits<REM_W>>,
    pub k_next: Signal<Out, Bits<REM_W>>,
    /// `2w` as two vectors.
    ys: Signal<Local, Bits<REM_W>>,
    yc: Signal<Local, Bits<REM_W>>,
    /// Estimate of `2w` in units of 1/2 (two's complement).
    est: Signal<Local, Bits<EST_W>>,
    /// Addend and the carry-in that completes a negation.
    t: Signal<Local, Bits<REM_W>>,
    cin: Signal<Local, Bit>,
}

impl Logic for SrtStep {
    #[hdl_gen]
    fn update(&mut self) {
        self.ys.next = self.ws.val() << 1;
        self.yc.next = self.wc.val() << 1;
        self.est.next = self.ys.val().get_bits::<EST_W>(55) + self.yc.val().get_bits::<EST_W>(55);
        if self.ext.val() {
            self.est.next = self.est_ext.val();
        }
        self.plus.next = !self.est.val().get_bit(4);
        self.nought.next = self.est.val() == 31;
        // q = +1: w' = 2w − d (or − (2S + k)); q = −1: + d (or + 2SM + 3k).
        self.t.next = 0.into();
        self.cin.next = false;
        if self.plus.val() {
            self.cin.next = true;
            if self.sqrt.val() {
                self.t.next = !((self.q.val() << 1) | self.k.val());
            } else {
                self.t.next = !self.d.val();
            }
        } else if !self.nought.val() {
            if self.sqrt.val() {
                self.t.next = (self.qm.val() << 1) | (self.k.val() << 1) | self.k.val();
            } else {
                self.t.next = self.d.val();
            }
        }
        self.ws_next.next = self.ys.val() ^ self.yc.val() ^ self.t.val();
        self.wc_next.next = (((self.ys.val() & self.yc.val())
            | (self.ys.val() & self.t.val())
            | (self.yc.val() & self.t.val()))
            << 1)
            | bit_cast::<REM_W, 1>(self.cin.val().into());
        // On-the-fly conversion.
        if self.plus.val() {
            self.q_next.next = self.q.val() | self.k.val();
            self.qm_next.next = self.q.val();
        } else if self.nought.val() {
            self.q_next.next = self.q.val();
            self.qm_next.next = self.qm.val() | self.k.val();
        } else {
            self.q_next.next = self.qm.val() | self.k.val();
            self.qm_next.next = self.qm.val();
        }
        self.k_next.next = self.k.val() >> 1;
    }
}

/// The second step's estimate for each possible first digit, from the top
/// bits of the first step's operands, in parallel with the first step: the
/// second digit then waits for one multiplexer after the first instead of
/// the first step's carry-save add and a 5-bit add. `2w'` = `2·(2w + t)`;
/// its top [`EST_W`] bits of sum and carry need bits 58..53 of `2w` and `t`.
#[derive(LogicBlock, Default)]
pub struct Lookahead {
    pub sqrt: Signal<In, Bit>,
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    pub d: Signal<In, Bits<REM_W>>,
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    pub k: Signal<In, Bits<REM_W>>,
    /// The second step's estimate if the first digit is +1, 0, −1.
    pub est_plus: Signal<Out, Bits<EST_W>>,
    pub est_zero: Signal<Out, Bits<EST_W>>,
    pub est_minus: Signal<Out, Bits<EST_W>>,
    tp: Signal<Local, Bits<REM_W>>,
    tm: Signal<Local, Bits<REM_W>>,
    /// Bits 58..53 of 2w (sum, carry) and of the addends.
    a: Signal<Local, Bits<6>>,
    b: Signal<Local, Bits<6>>,
    tp6: Signal<Local, Bits<6>>,
    tm6: Signal<Local, Bits<6>>,
    s0: Signal<Local, Bits<6>>,
    m0: Signal<Local, Bits<6>>,
    sp: Signal<Local, Bits<6>>,
    mp: Signal<Local, Bits<6>>,
    sm: Signal<Local, Bits<6>>,
    mm: Signal<Local, Bits<6>>,
}

impl Logic for Lookahead {
    #[hdl_gen]
    fn update(&mut self) {
        self.tp.next = !self.d.val();
        self.tm.next = self.d.val();
        if self.sqrt.val() {
            self.tp.next = !((self.q.val() << 1) | self.k.val());
            self.tm.next = (self.qm.val() << 1) | (self.k.val() << 1) | self.k.val();
        }
        // 2w's bits 58..53 are w's bits 57..52.
        self.a.next = self.ws.val().get_bits::<6>(52);
        self.b.next = self.wc.val().get_bits::<6>(52);
        self.tp6.next = self.tp.val().get_bits::<6>(53);
        self.tm6.next = self.tm.val().get_bits::<6>(53);
        self.s0.next = self.a.val() ^ self.b.val();
        self.m0.next = self.a.val() & self.b.val();
        self.sp.next = self.a.val() ^ self.b.val() ^ self.tp6.val();
        self.mp.next = (self.a.val() & self.b.val())
            | (self.a.val() & self.tp6.val())
            | (self.b.val() & self.tp6.val());
        self.sm.next = self.a.val() ^ self.b.val() ^ self.tm6.val();
        self.mm.next = (self.a.val() & self.b.val())
            | (self.a.val() & self.tm6.val())
            | (self.b.val() & self.tm6.val());
        self.est_zero.next =
            self.s0.val().get_bits::<EST_W>(1) + self.m0.val().get_bits::<EST_W>(0);
        self.est_plus.next =
            self.sp.val().get_bits::<EST_W>(1) + self.mp.val().get_bits::<EST_W>(0);
        self.est_minus.next =
            self.sm.val().get_bits::<EST_W>(1) + self.mm.val().get_bits::<EST_W>(0);
    }
}
