//! Correction phase (after the last step): the remainder's two vectors are
//! added (`r1`), and in parallel with the value a negative remainder needs
//! back (`r2 = r1 + d`, or `+ 2·QM + ulp` for a root); a negative `r1`
//! means the quotient is one ulp too large: take `QM` and `r2`. Sticky is
//! "the kept remainder is not zero". Mirrors
//! [`srt::finish`](crate::divsqrt::srt::finish).

use super::REM_W;
use rust_hdl::prelude::*;

/// The final correction (combinational): two carry chains side by side.
#[derive(LogicBlock, Default)]
pub struct Correct {
    pub sqrt: Signal<In, Bit>,
    pub ws: Signal<In, Bits<REM_W>>,
    pub wc: Signal<In, Bits<REM_W>>,
    pub d: Signal<In, Bits<REM_W>>,
    pub q: Signal<In, Bits<REM_W>>,
    pub qm: Signal<In, Bits<REM_W>>,
    /// The next digit's weight: a root's ulp is `2k`.
    pub k: Signal<In, Bits<REM_W>>,
    /// Truncated quotient/root.
    pub qsel: Signal<Out, Bits<REM_W>>,
    /// Non-negative remainder (integer forms).
    pub rem: Signal<Out, Bits<REM_W>>,
    /// The exact value lies above `qsel`.
    pub sticky: Signal<Out, Bit>,
    back: Signal<Local, Bits<REM_W>>,
    s2: Signal<Local, Bits<REM_W>>,
    c2: Signal<Local, Bits<REM_W>>,
    r1: Signal<Local, Bits<REM_W>>,
    r2: Signal<Local, Bits<REM_W>>,
}

impl Logic for Correct {
    #[hdl_gen]
    fn update(&mut self) {
        self.back.next = self.d.val();
        if self.sqrt.val() {
            self.back.next = (self.qm.val() << 1) | (self.k.val() << 1);
        }
        self.r1.next = self.ws.val() + self.wc.val();
        self.s2.next = self.ws.val() ^ self.wc.val() ^ self.back.val();
        self.c2.next = ((self.ws.val() & self.wc.val())
            | (self.ws.val() & self.back.val())
            | (self.wc.val() & self.back.val()))
            << 1;
        self.r2.next = self.s2.val() + self.c2.val();
        self.qsel.next = self.q.val();
        self.rem.next = self.r1.val();
        if self.r1.val().get_bit(59) {
            self.qsel.next = self.qm.val();
            self.rem.next = self.r2.val();
        }
        self.sticky.next = self.rem.val().any();
    }
}
