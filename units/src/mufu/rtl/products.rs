//! Phases 3 and 4: the squarer (beside the ROM read), then the coefficient
//! fields and the three product tiles. Model:
//! [`datapath::square`](crate::mufu::datapath::square),
//! [`datapath::products`](crate::mufu::datapath::products) (before their shifts).
//!
//! A ROM word is `{C0 (w0) | C1 (w1) | C2 (w2)}` with the widths of its region;
//! the fields are cut out with the region's `w2`, `w1 + w2` and masks.

use super::rom::WORD_W;
use super::tile::Mul18;
use super::{region_rom, C0_W, C1_W, C2_W, P1A_W, P1B_W, P2_W, REGION_W, SQ_W, U_HI, U_LO};
use rust_hdl::prelude::*;

/// `{mask1 (18) | mask2 (11) | w1 + w2 (5) | w2 (4)}` per region.
pub const FIELD_FMT_W: usize = C1_W + C2_W + 5 + 4;

/// Phase 3: `sq = (u_hi · u_hi) >> 16`, the top 18 of 34 bits.
#[derive(LogicBlock, Default)]
pub struct Square {
    pub u_hi: Signal<In, Bits<U_HI>>,
    pub sq: Signal<Out, Bits<SQ_W>>,
    tile: Mul18,
}

impl Logic for Square {
    #[hdl_gen]
    fn update(&mut self) {
        self.tile.a.next = bit_cast::<18, 17>(self.u_hi.val());
        self.tile.b.next = bit_cast::<18, 17>(self.u_hi.val());
        self.sq.next = self.tile.p.val().get_bits::<SQ_W>(16);
    }
}

/// Phase 4: fields of the ROM word, `c1·u_hi`, `c1·u_lo`, `c2·sq` (full width).
#[derive(LogicBlock)]
pub struct Products {
    pub region: Signal<In, Bits<REGION_W>>,
    pub word: Signal<In, Bits<WORD_W>>,
    pub u_hi: Signal<In, Bits<U_HI>>,
    pub u_lo: Signal<In, Bits<U_LO>>,
    pub sq: Signal<In, Bits<SQ_W>>,
    pub c0: Signal<Out, Bits<C0_W>>,
    pub p1a: Signal<Out, Bits<P1A_W>>,
    pub p1b: Signal<Out, Bits<P1B_W>>,
    pub p2: Signal<Out, Bits<P2_W>>,
    fmt: ROM<Bits<FIELD_FMT_W>, REGION_W>,
    /// The word shifted down by `w2`, and by `w1 + w2`.
    above_c2: Signal<Local, Bits<WORD_W>>,
    above_c1: Signal<Local, Bits<WORD_W>>,
    c1: Signal<Local, Bits<C1_W>>,
    c2: Signal<Local, Bits<C2_W>>,
    t1a: Mul18,
    t1b: Mul18,
    t2: Mul18,
}

impl Default for Products {
    fn default() -> Self {
        Self {
            region: Default::default(),
            word: Default::default(),
            u_hi: Default::default(),
            u_lo: Default::default(),
            sq: Default::default(),
            c0: Default::default(),
            p1a: Default::default(),
            p1b: Default::default(),
            p2: Default::default(),
            fmt: region_rom(|f| {
                let mask1 = (1u128 << f.w1) - 1;
                let mask2 = (1u128 << f.w2) - 1;
                mask1 << (C2_W + 9) | mask2 << 9 | ((f.w1 + f.w2) as u128) << 4 | f.w2 as u128
            }),
            above_c2: Default::default(),
            above_c1: Default::default(),
            c1: Default::default(),
            c2: Default::default(),
            t1a: Default::default(),
            t1b: Default::default(),
            t2: Default::default(),
        }
    }
}

impl Logic for Products {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.address.next = self.region.val();
        self.c2.next =
            self.word.val().get_bits::<C2_W>(0) & self.fmt.data.val().get_bits::<C2_W>(9);
        self.above_c2.next = self.word.val() >> self.fmt.data.val().get_bits::<4>(0);
        self.c1.next =
            self.above_c2.val().get_bits::<C1_W>(0) & self.fmt.data.val().get_bits::<C1_W>(20);
        self.above_c1.next = self.word.val() >> self.fmt.data.val().get_bits::<5>(4);
        self.c0.next = self.above_c1.val().get_bits::<C0_W>(0);
        self.t1a.a.next = self.c1.val();
        self.t1a.b.next = bit_cast::<18, 17>(self.u_hi.val());
        self.t1b.a.next = self.c1.val();
        self.t1b.b.next = bit_cast::<18, 8>(self.u_lo.val());
        self.t2.a.next = bit_cast::<18, C2_W>(self.c2.val());
        self.t2.b.next = self.sq.val();
        self.p1a.next = self.t1a.p.val().get_bits::<P1A_W>(0);
        self.p1b.next = self.t1b.p.val().get_bits::<P1B_W>(0);
        self.p2.next = self.t2.p.val().get_bits::<P2_W>(0);
    }
}
