//! Correction phases (after the last step; three clocks: [`Compress`]'s 3:2
//! row, [`RowZero`]'s zero test of the row, then [`Correct`]'s chains): the remainder's two vectors are
//! added (`r1`), and in parallel with the value a negative remainder needs
//! back (`r2 = r1 + d`, or `+ QM + ulp/2` for a root); a negative `r1`
//! means the quotient is one ulp too large (the select phase then takes
//! `QM` and `r2`). The zero tests of `r1` and `r2` (sticky) need no carry
//! chain ([`srt::sum_is_zero`](crate::divsqrt::srt::sum_is_zero)): the
//! compress phase (`r1`'s) and the row phase (`r2`'s) register them by
//! 4-bit groups, the correct phase ANDs the groups, so the only chains here are the two adds. Beside them, for
//! both candidates `Q` and `QM`, the bits that decide tininess after
//! rounding and the bits a subnormal shift drops ([`RoundBits`], by groups
//! in the same two clocks).
//! Mirrors [`srt::finish`](crate::divsqrt::srt::finish).

use super::{NORM_W, REM_W};
use rust_hdl::prelude::*;

const _: () = assert!(REM_W == 60 && NORM_W == 56);

/// The correction's first clock (combinational): the 3:2 row of
/// `ws + wc + back`, registered so that each chain of [`Correct`] starts
/// at flip-flops.
#[derive(LogicBlock, Default)]
pub struct Compress {
    pub sqrt: Signal<In, Bit>,
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    /// The divisor (a division's `p1`).
    pub d: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    /// The weight after the last digit: a root's ulp is `4k`.
    pub k: Signal<In, Bits<REM_W>>,
    pub s2: Signal<Out, Bits<REM_W>>,
    pub c2: Signal<Out, Bits<REM_W>>,
    /// `ws + wc = 0`'s carry-free test by 4-bit groups (bit `i`: group `i`
    /// agrees), registered so that [`Correct`] ANDs fifteen flip-flops.
    pub zp: Signal<Out, Bits<15>>,
    /// The row for a division's `back` (`d`) and for a root's
    /// (`QM + ulp/2`), side by side; `sqrt` picks last. The row's own zero
    /// test is [`RowZero`]'s, a clock later.
    back_r: Signal<Local, Bits<REM_W>>,
    s2d: Signal<Local, Bits<REM_W>>,
    c2d: Signal<Local, Bits<REM_W>>,
    s2r: Signal<Local, Bits<REM_W>>,
    c2r: Signal<Local, Bits<REM_W>>,
    /// Where `ws ⊕ wc` and `(ws ∨ wc) << 1` differ.
    diff: Signal<Local, Bits<REM_W>>,
}

impl Logic for Compress {
    #[hdl_gen]
    fn update(&mut self) {
        self.back_r.next = self.qm.val() | (self.k.val() << 1);
        self.s2d.next = self.ws.val() ^ self.wc.val() ^ self.d.val();
        self.c2d.next = ((self.ws.val() & self.wc.val())
            | (self.ws.val() & self.d.val())
            | (self.wc.val() & self.d.val()))
            << 1;
        self.s2r.next = self.ws.val() ^ self.wc.val() ^ self.back_r.val();
        self.c2r.next = ((self.ws.val() & self.wc.val())
            | (self.ws.val() & self.back_r.val())
            | (self.wc.val() & self.back_r.val()))
            << 1;
        self.s2.next = self.s2d.val();
        self.c2.next = self.c2d.val();
        if self.sqrt.val() {
            self.s2.next = self.s2r.val();
            self.c2.next = self.c2r.val();
        }
        self.diff.next = (self.ws.val() ^ self.wc.val()) ^ ((self.ws.val() | self.wc.val()) << 1);
        self.zp.next = 0.into();
        for i in 0..15 {
            if !self.diff.val().get_bits::<4>(4 * i).any() {
                self.zp.next = self.zp.val().replace_bit(i, true);
            }
        }
    }
}

/// The correction row's zero test (combinational), in a clock of its own
/// between [`Compress`] and [`Correct`] (the row phase, since 2026-12-05):
/// `s2 + c2 = 0`'s carry-free test by 4-bit groups from the registered
/// row, so that [`Correct`] ANDs fifteen flip-flops. In the compress
/// phase, after the row's 3:2 and the pick by `sqrt`, it was five LUT
/// levels from `QM` (6.35–6.72 ns on 9e063b6's three seeds).
#[derive(LogicBlock, Default)]
pub struct RowZero {
    pub s2: Signal<In, Bits<REM_W>>,
    pub c2: Signal<In, Bits<REM_W>>,
    pub zp2: Signal<Out, Bits<15>>,
    /// Where `s2 ⊕ c2` and `(s2 ∨ c2) << 1` differ.
    diff2: Signal<Local, Bits<REM_W>>,
}

impl Logic for RowZero {
    #[hdl_gen]
    fn update(&mut self) {
        self.diff2.next = (self.s2.val() ^ self.c2.val()) ^ ((self.s2.val() | self.c2.val()) << 1);
        self.zp2.next = 0.into();
        for i in 0..15 {
            if !self.diff2.val().get_bits::<4>(4 * i).any() {
                self.zp2.next = self.zp2.val().replace_bit(i, true);
            }
        }
    }
}

/// The correction's second clock (combinational): two carry chains side
/// by side, from registers.
#[derive(LogicBlock, Default)]
pub struct Correct {
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    /// [`Compress`]'s zero tests by groups, registered.
    pub zp: Signal<In, Bits<15>>,
    pub zp2: Signal<In, Bits<15>>,
    /// [`Compress`]'s row, registered.
    pub s2: Signal<In, Bits<REM_W>>,
    pub c2: Signal<In, Bits<REM_W>>,
    /// The remainder is negative.
    pub neg: Signal<Out, Bit>,
    /// `r1 = 0`, `r2 = 0`.
    pub z1: Signal<Out, Bit>,
    pub z2: Signal<Out, Bit>,
    pub r1: Signal<Out, Bits<REM_W>>,
    pub r2: Signal<Out, Bits<REM_W>>,
}

impl Logic for Correct {
    #[hdl_gen]
    fn update(&mut self) {
        self.r1.next = self.ws.val() + self.wc.val();
        self.r2.next = self.s2.val() + self.c2.val();
        self.neg.next = self.r1.val().get_bit(59);
        self.z1.next = self.zp.val().all();
        self.z2.next = self.zp2.val().all();
    }
}

/// One candidate's significand `m` (leading one at bit 55: `Q/2`, or `S/4`
/// for a root) and its bits for tininess after rounding at the format's
/// precision with an unbounded exponent: all kept bits ones, the round bit,
/// any bit below it (the remainder's sticky joins later), and any bit the
/// subnormal shift drops (`lost`, by the registered mask). `Q` and `QM` are
/// final after the last step: in the compress phase `m` and the three tests
/// by 4-bit groups are registered (`g_*`), in the correct phase the groups
/// are combined (`all_ones`, `low`, `lost`) from those registers.
#[derive(LogicBlock, Default)]
pub struct RoundBits {
    pub q: Signal<In, Bits<REM_W>>,
    pub sqrt: Signal<In, Bit>,
    pub fmt64: Signal<In, Bit>,
    /// Ones where the subnormal shift keeps bits.
    pub kept_mask: Signal<In, Bits<NORM_W>>,
    /// `m` and the groups as registered in the compress phase.
    pub m_q: Signal<In, Bits<NORM_W>>,
    pub g_ones_q: Signal<In, Bits<14>>,
    pub g_low_q: Signal<In, Bits<14>>,
    pub g_lost_q: Signal<In, Bits<14>>,
    /// For the compress phase's registers.
    pub m: Signal<Out, Bits<NORM_W>>,
    pub g_ones: Signal<Out, Bits<14>>,
    pub g_low: Signal<Out, Bits<14>>,
    pub g_lost: Signal<Out, Bits<14>>,
    /// For the correct phase's.
    pub all_ones: Signal<Out, Bit>,
    pub rbit: Signal<Out, Bit>,
    pub low: Signal<Out, Bit>,
    pub lost: Signal<Out, Bit>,
    mm: Signal<Local, Bits<NORM_W>>,
    /// `m` with ones outside the kept bits, `m` within the bits below the
    /// round bit, `m` within the bits the subnormal shift drops.
    ones_in: Signal<Local, Bits<NORM_W>>,
    low_in: Signal<Local, Bits<NORM_W>>,
    lost_in: Signal<Local, Bits<NORM_W>>,
    mr: Signal<Local, Bits<NORM_W>>,
}

impl Logic for RoundBits {
    #[hdl_gen]
    fn update(&mut self) {
        self.mm.next = self.q.val().get_bits::<NORM_W>(1);
        if self.sqrt.val() {
            self.mm.next = self.q.val().get_bits::<NORM_W>(2);
        }
        self.m.next = self.mm.val();
        // binary32: kept m[55:32], round m[31]; binary64: kept m[55:3], round m[2].
        self.ones_in.next = self.mm.val() | 0x0000_0000_ffff_ffff_u64;
        self.low_in.next = self.mm.val() & 0x0000_0000_7fff_ffff_u64;
        if self.fmt64.val() {
            self.ones_in.next = self.mm.val() | 0x0000_0000_0000_0007_u64;
            self.low_in.next = self.mm.val() & 0x0000_0000_0000_0003_u64;
        }
        self.lost_in.next = self.mm.val() & !self.kept_mask.val();
        self.g_ones.next = 0.into();
        self.g_low.next = 0.into();
        self.g_lost.next = 0.into();
        for i in 0..14 {
            if self.ones_in.val().get_bits::<4>(4 * i).all() {
                self.g_ones.next = self.g_ones.val().replace_bit(i, true);
            }
            if self.low_in.val().get_bits::<4>(4 * i).any() {
                self.g_low.next = self.g_low.val().replace_bit(i, true);
            }
            if self.lost_in.val().get_bits::<4>(4 * i).any() {
                self.g_lost.next = self.g_lost.val().replace_bit(i, true);
            }
        }
        self.mr.next = self.m_q.val();
        self.all_ones.next = self.g_ones_q.val().all();
        self.low.next = self.g_low_q.val().any();
        self.lost.next = self.g_lost_q.val().any();
        self.rbit.next = self.mr.val().get_bit(31);
        if self.fmt64.val() {
            self.rbit.next = self.mr.val().get_bit(2);
        }
    }
}
