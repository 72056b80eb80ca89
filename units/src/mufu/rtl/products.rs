//! Phases 3 and 4: beside the ROM read, the squarer and the sum's constant
//! part; then the coefficient fields, the three product tiles and C0 placed
//! over that constant. Model:
//! [`datapath::square`](crate::mufu::datapath::square),
//! [`datapath::products`](crate::mufu::datapath::products) (before their shifts),
//! [`datapath::poly`](crate::mufu::datapath::poly) (its C0 term).
//!
//! The RTL's ROM word holds its fields at fixed places ([`super::rom`]), so
//! C0, C1 and C2 are plain wires from the ROM's output register.
//!
//! The sum's signs become inversions: `−t = !t + 1`, and the linear term's
//! two products are inverted one by one (`−(a + b) = !a + !b + 2`), so that
//! phase 5 adds four operands without a negation. The `+ 2·neg1 + neg2` join
//! the region's constant `k0` here, with the addend: `ka = k0 + 2·neg1 + neg2 + A`
//! (modulo 2^40, as the whole sum).

use super::rom::{C0_LSB, C1_LSB, WORD_W};
use super::tile::Mul18;
use super::{
    region_rom, ADDEND_W, C0_W, C1_W, C2_W, P1A_W, P1B_W, P2_W, REGION_W, SQ_W, U_HI, U_LO, Y_W,
};
use crate::mufu::datapath::U_LO_W;
use crate::mufu::tables::tables;
use rust_hdl::prelude::*;

// The field offsets are literals in `update` (a named constant would be
// exported as an undeclared Verilog identifier).
const _: () = assert!(C1_LSB == 11 && C0_LSB == 29 && C0_W + C0_LSB == WORD_W);

/// `{sh1 − 8 (5) | sh1 (6) | sh2 (5) | neg1 | neg2}` per region: what phase 5
/// needs, looked up in phase 4 (and registered with the products).
pub const SUM_FMT_W: usize = 5 + 6 + 5 + 2;

/// The region's constant of the sum, `k0 + 2·neg1 + neg2` modulo 2^40.
fn k0_of(f: &crate::mufu::datapath::RegionFmt) -> u128 {
    let k = f.k0 as i128 + 2 * f.neg1 as i128 + f.neg2 as i128;
    (k as u128) & ((1u128 << Y_W) - 1)
}

/// Phase 3: `sq = (u_hi · u_hi) >> 16`, the top 18 of 34 bits. Built with
/// `new(true)` when boundary 2 is a register: the tile's own input
/// registers are then boundary 2 for the square (its operand comes from
/// before the boundary), so that the routing into the DSP block is phase
/// 2's and only the multiplication is phase 3's.
#[derive(LogicBlock)]
pub struct Square {
    pub clock: Signal<In, Clock>,
    pub u_hi: Signal<In, Bits<U_HI>>,
    pub sq: Signal<Out, Bits<SQ_W>>,
    tile: Mul18,
}

impl Default for Square {
    fn default() -> Self {
        Self::new(false)
    }
}

impl Square {
    /// The squarer with its operand registered inside the tile or not.
    pub fn new(registered: bool) -> Self {
        Self {
            clock: Default::default(),
            u_hi: Default::default(),
            sq: Default::default(),
            tile: Mul18::new(registered),
        }
    }
}

impl Logic for Square {
    #[hdl_gen]
    fn update(&mut self) {
        self.tile.clock.next = self.clock.val();
        self.tile.a.next = bit_cast::<18, 17>(self.u_hi.val());
        self.tile.b.next = bit_cast::<18, 17>(self.u_hi.val());
        self.sq.next = self.tile.p.val().get_bits::<SQ_W>(16);
    }
}

/// Phase 2, second half: the region's constants for phases 3 and 4, looked
/// up a phase ahead: `k0 + 2·neg1 + neg2` and one less, and the C0 shift.
#[derive(LogicBlock)]
pub struct RegionConsts {
    pub region: Signal<In, Bits<REGION_W>>,
    /// `k0 + 2·neg1 + neg2` (modulo 2^40), and one less.
    pub k0: Signal<Out, Bits<Y_W>>,
    pub k0m1: Signal<Out, Bits<Y_W>>,
    /// `{s0 == 7, s0 == 6}` (`s0` is 5, 6 or 7).
    pub c0_shift: Signal<Out, Bits<2>>,
    fmt: ROM<Bits<Y_W>, REGION_W>,
    fmt_m1: ROM<Bits<Y_W>, REGION_W>,
    s0: ROM<Bits<2>, REGION_W>,
}

impl Default for RegionConsts {
    fn default() -> Self {
        assert!(tables().fmts.iter().all(|f| (5..=7).contains(&f.s0)));
        Self {
            region: Default::default(),
            k0: Default::default(),
            k0m1: Default::default(),
            c0_shift: Default::default(),
            fmt: region_rom(k0_of),
            fmt_m1: region_rom(|f| k0_of(f).wrapping_sub(1) & ((1u128 << Y_W) - 1)),
            s0: region_rom(|f| ((f.s0 == 7) as u128) << 1 | (f.s0 == 6) as u128),
        }
    }
}

impl Logic for RegionConsts {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.address.next = self.region.val();
        self.fmt_m1.address.next = self.region.val();
        self.s0.address.next = self.region.val();
        self.k0.next = self.fmt.data.val();
        self.k0m1.next = self.fmt_m1.data.val();
        self.c0_shift.next = self.s0.data.val();
    }
}

/// Phase 3: the constant part of the sum, `ka = k0 + 2·neg1 + neg2 + addend`
/// and `ka − 1` (for `y − 1`, phase 5).
#[derive(LogicBlock, Default)]
pub struct Offset {
    /// The region's constants ([`RegionConsts`]).
    pub k0: Signal<In, Bits<Y_W>>,
    pub k0m1: Signal<In, Bits<Y_W>>,
    pub addend: Signal<In, Bits<ADDEND_W>>,
    pub ka: Signal<Out, Bits<Y_W>>,
    pub kam1: Signal<Out, Bits<Y_W>>,
}

impl Logic for Offset {
    #[hdl_gen]
    fn update(&mut self) {
        self.ka.next = self.k0.val() + self.addend.val();
        self.kam1.next = self.k0m1.val() + self.addend.val();
    }
}

/// Phase 4, first half (beside the tiles' input registers): the ROM word's
/// C0 field placed at `s0` (a 3-way choice, the shift decoded in phase 3).
#[derive(LogicBlock, Default)]
pub struct PlaceC0 {
    pub c0: Signal<In, Bits<C0_W>>,
    /// `{s0 == 7, s0 == 6}` ([`RegionConsts`]).
    pub c0_shift: Signal<In, Bits<2>>,
    /// `c0 << s0`.
    pub c0s: Signal<Out, Bits<Y_W>>,
}

impl Logic for PlaceC0 {
    #[hdl_gen]
    fn update(&mut self) {
        self.c0s.next = bit_cast::<Y_W, C0_W>(self.c0.val()) << 5;
        if self.c0_shift.val().get_bit(0) {
            self.c0s.next = bit_cast::<Y_W, C0_W>(self.c0.val()) << 6;
        }
        if self.c0_shift.val().get_bit(1) {
            self.c0s.next = bit_cast::<Y_W, C0_W>(self.c0.val()) << 7;
        }
    }
}

/// Phase 4: the fields of the ROM word, `c1·u_hi`, `c1·u_lo`, `c2·sq` (full
/// width), `base = ka + (c0 << s0)` and `base − 1`, and the region's format
/// for phase 5.
///
/// The tiles take their operands (C1, C2 and the position) from boundary 3;
/// when boundary 4m is a register it is the tiles' own input registers, and
/// `c0`, `ka` and the region (the fabric's part) come through its fabric
/// register ([`super::Mid4`]).
#[derive(LogicBlock)]
pub struct Products {
    pub clock: Signal<In, Clock>,
    pub region: Signal<In, Bits<REGION_W>>,
    /// The ROM word (C1 and C2 are read from it, for the tiles).
    pub word: Signal<In, Bits<WORD_W>>,
    pub u_hi: Signal<In, Bits<U_HI>>,
    pub u_lo: Signal<In, Bits<U_LO>>,
    pub sq: Signal<In, Bits<SQ_W>>,
    /// The ROM word's C0 field placed ([`PlaceC0`]).
    pub c0s: Signal<In, Bits<Y_W>>,
    pub ka: Signal<In, Bits<Y_W>>,
    pub kam1: Signal<In, Bits<Y_W>>,
    pub base: Signal<Out, Bits<Y_W>>,
    pub basem1: Signal<Out, Bits<Y_W>>,
    pub p1a: Signal<Out, Bits<P1A_W>>,
    pub p1b: Signal<Out, Bits<P1B_W>>,
    pub p2: Signal<Out, Bits<P2_W>>,
    /// Phase 5's shifts and signs ([`SUM_FMT_W`]).
    pub sum_fmt: Signal<Out, Bits<SUM_FMT_W>>,
    sum: ROM<Bits<SUM_FMT_W>, REGION_W>,
    c1: Signal<Local, Bits<C1_W>>,
    t1a: Mul18,
    t1b: Mul18,
    t2: Mul18,
}

impl Default for Products {
    fn default() -> Self {
        Self::new(false, false)
    }
}

impl Products {
    /// Phase 4 with its tiles' operands registered (boundary 4m) or not,
    /// and their products too (boundary 4o; needs 4m).
    pub fn new(registered: bool, out_registered: bool) -> Self {
        Self {
            clock: Default::default(),
            region: Default::default(),
            word: Default::default(),
            u_hi: Default::default(),
            u_lo: Default::default(),
            sq: Default::default(),
            c0s: Default::default(),
            ka: Default::default(),
            kam1: Default::default(),
            base: Default::default(),
            basem1: Default::default(),
            p1a: Default::default(),
            p1b: Default::default(),
            p2: Default::default(),
            sum_fmt: Default::default(),
            sum: region_rom(|f| {
                ((f.sh1 - U_LO_W) as u128) << 13
                    | (f.sh1 as u128) << 7
                    | (f.sh2 as u128) << 2
                    | (f.neg1 as u128) << 1
                    | f.neg2 as u128
            }),
            c1: Default::default(),
            t1a: Mul18::with(registered, out_registered),
            t1b: Mul18::with(registered, out_registered),
            t2: Mul18::with(registered, out_registered),
        }
    }
}

impl Logic for Products {
    #[hdl_gen]
    fn update(&mut self) {
        self.sum.address.next = self.region.val();
        self.sum_fmt.next = self.sum.data.val();
        self.c1.next = self.word.val().get_bits::<C1_W>(11);
        self.base.next = self.ka.val() + self.c0s.val();
        self.basem1.next = self.kam1.val() + self.c0s.val();
        self.t1a.clock.next = self.clock.val();
        self.t1b.clock.next = self.clock.val();
        self.t2.clock.next = self.clock.val();
        self.t1a.a.next = self.c1.val();
        self.t1a.b.next = bit_cast::<18, 17>(self.u_hi.val());
        self.t1b.a.next = self.c1.val();
        self.t1b.b.next = bit_cast::<18, 8>(self.u_lo.val());
        self.t2.a.next = bit_cast::<18, C2_W>(self.word.val().get_bits::<C2_W>(0));
        self.t2.b.next = self.sq.val();
        self.p1a.next = self.t1a.p.val().get_bits::<P1A_W>(0);
        self.p1b.next = self.t1b.p.val().get_bits::<P1B_W>(0);
        self.p2.next = self.t2.p.val().get_bits::<P2_W>(0);
    }
}
