//! Phase 6: magnitude and sign of the sum, the normalising shift (a log
//! shifter that counts the leading zeros as it goes), and the biased exponent
//! before the rounding carry. Model:
//! [`datapath::normalise_round`](crate::mufu::datapath::normalise_round) (its first half).
//!
//! `norm = |y| << lz` has its leading one at bit 39; the result's exponent is
//! `msb + unit_exp + E_arg` with `msb = 39 − lz`, biased by 127 (or 1023).

use super::{region_rom, EXP_W, REGION_W, Y_W};
use rust_hdl::prelude::*;

/// Bits of the leading-zero count (0..=63; 63 only for a zero sum).
pub const LZ_W: usize = 6;

/// Phase 6 (combinational).
#[derive(LogicBlock)]
pub struct Normalise {
    pub region: Signal<In, Bits<REGION_W>>,
    pub y: Signal<In, Bits<Y_W>>,
    pub e_arg: Signal<In, Bits<EXP_W>>,
    pub is64: Signal<In, Bit>,
    /// `|y|` shifted so that its leading one is bit 39.
    pub norm: Signal<Out, Bits<Y_W>>,
    /// The sum was negative; exactly zero.
    pub neg: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    /// Biased exponent of `norm`'s bit 39 (two's complement).
    pub eb: Signal<Out, Bits<EXP_W>>,
    /// `unit_exp + 39 + 127` per region.
    fmt: ROM<Bits<EXP_W>, REGION_W>,
    mag: Signal<Local, Bits<Y_W>>,
    n: [Signal<Local, Bits<Y_W>>; 6],
    lz: Signal<Local, Bits<LZ_W>>,
}

impl Default for Normalise {
    fn default() -> Self {
        Self {
            region: Default::default(),
            y: Default::default(),
            e_arg: Default::default(),
            is64: Default::default(),
            norm: Default::default(),
            neg: Default::default(),
            zero: Default::default(),
            eb: Default::default(),
            fmt: region_rom(|f| ((f.unit_exp + 39 + 127) as u128) & ((1 << EXP_W) - 1)),
            mag: Default::default(),
            n: Default::default(),
            lz: Default::default(),
        }
    }
}

impl Logic for Normalise {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt.address.next = self.region.val();
        self.neg.next = self.y.val().get_bit(39);
        self.mag.next = self.y.val();
        if self.y.val().get_bit(39) {
            self.mag.next = 0.into();
            self.mag.next = self.mag.val() - self.y.val();
        }
        self.zero.next = self.mag.val() == 0;
        self.lz.next = 0.into();
        self.n[0].next = self.mag.val();
        if self.mag.val().get_bits::<32>(8) == 0 {
            self.n[0].next = self.mag.val() << 32;
            self.lz.next = self.lz.val() | 32;
        }
        self.n[1].next = self.n[0].val();
        if self.n[0].val().get_bits::<16>(24) == 0 {
            self.n[1].next = self.n[0].val() << 16;
            self.lz.next = self.lz.val() | 16;
        }
        self.n[2].next = self.n[1].val();
        if self.n[1].val().get_bits::<8>(32) == 0 {
            self.n[2].next = self.n[1].val() << 8;
            self.lz.next = self.lz.val() | 8;
        }
        self.n[3].next = self.n[2].val();
        if self.n[2].val().get_bits::<4>(36) == 0 {
            self.n[3].next = self.n[2].val() << 4;
            self.lz.next = self.lz.val() | 4;
        }
        self.n[4].next = self.n[3].val();
        if self.n[3].val().get_bits::<2>(38) == 0 {
            self.n[4].next = self.n[3].val() << 2;
            self.lz.next = self.lz.val() | 2;
        }
        self.n[5].next = self.n[4].val();
        if !self.n[4].val().get_bit(39) {
            self.n[5].next = self.n[4].val() << 1;
            self.lz.next = self.lz.val() | 1;
        }
        self.norm.next = self.n[5].val();
        self.eb.next =
            self.e_arg.val() + self.fmt.data.val() - bit_cast::<EXP_W, LZ_W>(self.lz.val());
        if self.is64.val() {
            self.eb.next = self.e_arg.val() + self.fmt.data.val() + 896
                - bit_cast::<EXP_W, LZ_W>(self.lz.val());
        }
    }
}
