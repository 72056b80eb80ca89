//! Phase 2: the region's index bits and the ROM address; the position inside
//! the segment. Model: [`datapath::split`](crate::mufu::datapath::split).
//! Two halves: [`Split`] and [`Address`] (the adder into the block RAM's
//! address register); boundary 2m between them is a register in the deeper
//! units, a wire at the default depth.
//!
//! ```text
//!  idx  = frac[31 : 32-k]        address = base(region) + idx
//!  u_hi = (frac << k)[31:15]     u_lo = (frac << k)[14:7]
//! ```

use super::{region_rom, REGION_W, ROM_ADDR_W, U_HI, U_LO};
use rust_hdl::prelude::*;

/// `{k (3), base (10)}` per region.
pub const SPLIT_FMT_W: usize = 3 + ROM_ADDR_W;

/// Phase 2, first half (combinational): the region's decoder, the index
/// bits and the position.
#[derive(LogicBlock)]
pub struct Split {
    pub region: Signal<In, Bits<REGION_W>>,
    pub frac: Signal<In, Bits<32>>,
    /// The region's first ROM address, and the segment's index in it.
    pub base: Signal<Out, Bits<ROM_ADDR_W>>,
    pub idx: Signal<Out, Bits<7>>,
    pub u_hi: Signal<Out, Bits<U_HI>>,
    pub u_lo: Signal<Out, Bits<U_LO>>,
    /// The region decoder: index bits and base address.
    fmt: ROM<Bits<SPLIT_FMT_W>, REGION_W>,
    k: Signal<Local, Bits<3>>,
    rest: Signal<Local, Bits<32>>,
}

impl Default for Split {
    fn default() -> Self {
        Self {
            region: Default::default(),
            frac: Default::default(),
            base: Default::default(),
            idx: Default::default(),
            u_hi: Default::default(),
            u_lo: Default::default(),
            fmt: region_rom(|f| (f.k as u128) << ROM_ADDR_W | f.base as u128),
            k: Default::default(),
            rest: Default::default(),
        }
    }
}

impl Logic for Split {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.address.next = self.region.val();
        self.k.next = self.fmt.data.val().get_bits::<3>(10);
        // The top k bits: the top 7, shifted down by 7 − k.
        self.idx.next = self.frac.val().get_bits::<7>(25) >> (7 - self.k.val());
        self.base.next = self.fmt.data.val().get_bits::<ROM_ADDR_W>(0);
        self.rest.next = self.frac.val() << self.k.val();
        self.u_hi.next = self.rest.val().get_bits::<U_HI>(15);
        self.u_lo.next = self.rest.val().get_bits::<U_LO>(7);
    }
}

/// Phase 2, second half (combinational): the ROM address `base + idx`.
#[derive(LogicBlock, Default)]
pub struct Address {
    pub base: Signal<In, Bits<ROM_ADDR_W>>,
    pub idx: Signal<In, Bits<7>>,
    /// Coefficient-ROM address of the segment.
    pub address: Signal<Out, Bits<ROM_ADDR_W>>,
}

impl Logic for Address {
    #[hdl_gen]
    fn update(&mut self) {
        self.address.next = self.base.val() + bit_cast::<ROM_ADDR_W, 7>(self.idx.val());
    }
}
