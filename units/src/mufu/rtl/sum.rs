//! Phase 5: each product truncated at the sum's LSB, the signs of the
//! region, C0 placed over its constant, and the sum with the addend. Model:
//! [`datapath::poly`](crate::mufu::datapath::poly) `+ addend`.
//!
//! The sum is [`SUM_W`](crate::mufu::datapath::SUM_W) = 40 bits, two's
//! complement: every value the model forms fits it (its doc says why).

use super::{region_rom, C0_W, P1A_W, P1B_W, P2_W, REGION_W, Y_W};
use rust_hdl::prelude::*;

/// `{k0 (40) | s0 (3) | sh1 − 8 (5) | sh1 (6) | sh2 (5) | neg1 | neg2}` per region.
pub const SUM_FMT_W: usize = Y_W + 3 + 5 + 6 + 5 + 2;

/// Phase 5 (combinational).
#[derive(LogicBlock)]
pub struct Sum {
    pub region: Signal<In, Bits<REGION_W>>,
    pub c0: Signal<In, Bits<C0_W>>,
    pub p1a: Signal<In, Bits<P1A_W>>,
    pub p1b: Signal<In, Bits<P1B_W>>,
    pub p2: Signal<In, Bits<P2_W>>,
    pub addend: Signal<In, Bits<Y_W>>,
    /// `P + A`, two's complement.
    pub y: Signal<Out, Bits<Y_W>>,
    fmt: ROM<Bits<SUM_FMT_W>, REGION_W>,
    t1: Signal<Local, Bits<Y_W>>,
    t2: Signal<Local, Bits<Y_W>>,
    lin: Signal<Local, Bits<Y_W>>,
    quad: Signal<Local, Bits<Y_W>>,
    c0s: Signal<Local, Bits<Y_W>>,
}

impl Default for Sum {
    fn default() -> Self {
        Self {
            region: Default::default(),
            c0: Default::default(),
            p1a: Default::default(),
            p1b: Default::default(),
            p2: Default::default(),
            addend: Default::default(),
            y: Default::default(),
            fmt: region_rom(|f| {
                let k0 = (f.k0 as u128) & ((1u128 << Y_W) - 1);
                k0 << 21
                    | (f.s0 as u128) << 18
                    | ((f.sh1 - crate::mufu::datapath::U_LO_W) as u128) << 13
                    | (f.sh1 as u128) << 7
                    | (f.sh2 as u128) << 2
                    | (f.neg1 as u128) << 1
                    | f.neg2 as u128
            }),
            t1: Default::default(),
            t2: Default::default(),
            lin: Default::default(),
            quad: Default::default(),
            c0s: Default::default(),
        }
    }
}

impl Logic for Sum {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.address.next = self.region.val();
        self.t1.next =
            bit_cast::<Y_W, P1A_W>(self.p1a.val() >> self.fmt.data.val().get_bits::<5>(13))
                + bit_cast::<Y_W, P1B_W>(self.p1b.val() >> self.fmt.data.val().get_bits::<6>(7));
        self.t2.next = bit_cast::<Y_W, P2_W>(self.p2.val() >> self.fmt.data.val().get_bits::<5>(2));
        self.lin.next = self.t1.val();
        if self.fmt.data.val().get_bit(1) {
            self.lin.next = 0.into();
            self.lin.next = self.lin.val() - self.t1.val();
        }
        self.quad.next = self.t2.val();
        if self.fmt.data.val().get_bit(0) {
            self.quad.next = 0.into();
            self.quad.next = self.quad.val() - self.t2.val();
        }
        self.c0s.next = self.fmt.data.val().get_bits::<Y_W>(21)
            + (bit_cast::<Y_W, C0_W>(self.c0.val()) << self.fmt.data.val().get_bits::<3>(18));
        self.y.next = self.c0s.val() + self.lin.val() + self.quad.val() + self.addend.val();
    }
}
