//! Phase 6: magnitude and sign of the sum, its leading-zero count, the
//! normalising shift by whole bytes, and the biased exponent before the
//! rounding carry.
//! Model: [`datapath::normalise_round`](crate::mufu::datapath::normalise_round)
//! (its first half).
//!
//! `norm = |y| << lz` has its leading one at bit 39; the result's exponent is
//! `msb + unit_exp + E_arg` with `msb = 39 − lz`, biased by 127 (or 1023).
//!
//! The count is byte-parallel: per byte "has a one" and a 3-bit count
//! (the byte leaves of the project's counter, [`crate::hw::lzc::LzcBytes`]). The
//! shift follows the same split, so it does not wait for the count to be
//! encoded: a byte shift picked by the top byte that holds a one (a priority
//! choice straight from the per-byte flags) here, and the shift by that
//! byte's count (`fine`, 0..7) at the start of phase 7, which has the time.
//! `lz = 8·bytes + count` only feeds the exponent.
//!
//! Two halves: [`Magnitude`] (`|y|`, the per-byte flags and counts) and
//! [`Normalise`] (the byte shift, the count, the exponent); the exponent's
//! constant part ([`ExpBase`]) is formed in phase 3 and travels in the
//! control word. Boundary 6m between them is a register in the deeper
//! units, a wire at the default depth.

use super::{region_rom, EXP_W, REGION_W, Y_W};
use crate::hw::lzc::LzcBytes;
use rust_hdl::prelude::*;

/// Bits of the leading-zero count (0..=39; a zero sum's `norm` and `eb` are
/// not used).
pub const LZ_W: usize = 6;

/// Phase 2, first half: the exponent's constant part per region and format,
/// `unit_exp + 39 + bias` (127, or 1023 for the 64H forms).
#[derive(LogicBlock)]
pub struct ExpFmt {
    pub region: Signal<In, Bits<REGION_W>>,
    pub is64: Signal<In, Bit>,
    pub efmt: Signal<Out, Bits<EXP_W>>,
    /// One more.
    pub efmt1: Signal<Out, Bits<EXP_W>>,
    fmt32: ROM<Bits<EXP_W>, REGION_W>,
    fmt64: ROM<Bits<EXP_W>, REGION_W>,
    fmt32p1: ROM<Bits<EXP_W>, REGION_W>,
    fmt64p1: ROM<Bits<EXP_W>, REGION_W>,
}

impl Default for ExpFmt {
    fn default() -> Self {
        Self {
            region: Default::default(),
            is64: Default::default(),
            efmt: Default::default(),
            efmt1: Default::default(),
            fmt32: region_rom(|f| ((f.unit_exp + 39 + 127) as u128) & ((1 << EXP_W) - 1)),
            fmt64: region_rom(|f| ((f.unit_exp + 39 + 1023) as u128) & ((1 << EXP_W) - 1)),
            fmt32p1: region_rom(|f| ((f.unit_exp + 39 + 128) as u128) & ((1 << EXP_W) - 1)),
            fmt64p1: region_rom(|f| ((f.unit_exp + 39 + 1024) as u128) & ((1 << EXP_W) - 1)),
        }
    }
}

impl Logic for ExpFmt {
    #[hdl_gen]
    fn update(&mut self) {
        self.fmt32.address.next = self.region.val();
        self.fmt64.address.next = self.region.val();
        self.fmt32p1.address.next = self.region.val();
        self.fmt64p1.address.next = self.region.val();
        self.efmt.next = self.fmt32.data.val();
        self.efmt1.next = self.fmt32p1.data.val();
        if self.is64.val() {
            self.efmt.next = self.fmt64.data.val();
            self.efmt1.next = self.fmt64p1.data.val();
        }
    }
}

/// Phase 2, second half: `ebase = E_arg + unit_exp + 39 + bias` and
/// `ebase + 1` (for the rounding carry), carried to phase 6 in the control
/// word.
#[derive(LogicBlock, Default)]
pub struct ExpBase {
    pub e_arg: Signal<In, Bits<EXP_W>>,
    /// [`ExpFmt`]'s constant, and one more.
    pub efmt: Signal<In, Bits<EXP_W>>,
    pub efmt1: Signal<In, Bits<EXP_W>>,
    pub ebase: Signal<Out, Bits<EXP_W>>,
    pub ebase1: Signal<Out, Bits<EXP_W>>,
}

impl Logic for ExpBase {
    #[hdl_gen]
    fn update(&mut self) {
        self.ebase.next = self.e_arg.val() + self.efmt.val();
        self.ebase1.next = self.e_arg.val() + self.efmt1.val();
    }
}

/// Phase 6, first half (combinational): `|y|` (`y`, or `!(y − 1)` when
/// negative), its sign, whether it is zero, per byte "holds a one" and the
/// byte's leading zeros.
#[derive(LogicBlock, Default)]
pub struct Magnitude {
    pub y: Signal<In, Bits<Y_W>>,
    /// `y − 1` (phase 5).
    pub ym1: Signal<In, Bits<Y_W>>,
    /// `|y|`.
    pub mag: Signal<Out, Bits<Y_W>>,
    /// The sum was negative; exactly zero.
    pub neg: Signal<Out, Bit>,
    pub zero: Signal<Out, Bit>,
    /// Bit `k`: byte `k` of `|y|` (bits 8k+7..8k) holds a one.
    pub has: Signal<Out, Bits<5>>,
    /// Bits 3k+2..3k: byte `k`'s leading zeros (valid when it holds a one).
    pub cnt: Signal<Out, Bits<15>>,
    /// The project's leading-zero counter's byte leaves.
    bytes: LzcBytes<Y_W, 5, 40>,
}

impl Logic for Magnitude {
    #[hdl_gen]
    fn update(&mut self) {
        self.neg.next = self.y.val().get_bit(39);
        self.mag.next = self.y.val();
        if self.y.val().get_bit(39) {
            self.mag.next = !self.ym1.val();
        }
        self.zero.next = self.y.val() == 0;
        self.bytes.x.next = self.mag.val();
        self.has.next = self.bytes.has.val();
        self.cnt.next = bit_cast::<15, 3>(self.bytes.count.val().get_bits::<3>(0))
            | (bit_cast::<15, 3>(self.bytes.count.val().get_bits::<3>(8)) << 3)
            | (bit_cast::<15, 3>(self.bytes.count.val().get_bits::<3>(16)) << 6)
            | (bit_cast::<15, 3>(self.bytes.count.val().get_bits::<3>(24)) << 9)
            | (bit_cast::<15, 3>(self.bytes.count.val().get_bits::<3>(32)) << 12);
    }
}

/// Phase 6, second half (combinational): the byte shift picked by the top
/// byte that holds a one, the rest of the shift, and the exponent.
#[derive(LogicBlock, Default)]
pub struct Normalise {
    pub mag: Signal<In, Bits<Y_W>>,
    pub has: Signal<In, Bits<5>>,
    pub cnt: Signal<In, Bits<15>>,
    pub ebase: Signal<In, Bits<EXP_W>>,
    pub ebase1: Signal<In, Bits<EXP_W>>,
    /// `|y|` shifted by whole bytes: `coarse << fine` has its leading one at bit 39.
    pub coarse: Signal<Out, Bits<Y_W>>,
    pub fine: Signal<Out, Bits<3>>,
    /// Biased exponent of `norm`'s bit 39 (two's complement).
    pub eb: Signal<Out, Bits<EXP_W>>,
    /// `eb + 1` (the rounding carry's exponent).
    pub eb1: Signal<Out, Bits<EXP_W>>,
    lz: Signal<Local, Bits<LZ_W>>,
}

impl Logic for Normalise {
    #[hdl_gen]
    fn update(&mut self) {
        // The top byte that holds a one gives 8 · (4 − k) + its count.
        self.coarse.next = self.mag.val() << 32;
        self.fine.next = self.cnt.val().get_bits::<3>(0);
        self.lz.next = 32.into();
        if self.has.val().get_bit(1) {
            self.coarse.next = self.mag.val() << 24;
            self.fine.next = self.cnt.val().get_bits::<3>(3);
            self.lz.next = 24.into();
        }
        if self.has.val().get_bit(2) {
            self.coarse.next = self.mag.val() << 16;
            self.fine.next = self.cnt.val().get_bits::<3>(6);
            self.lz.next = 16.into();
        }
        if self.has.val().get_bit(3) {
            self.coarse.next = self.mag.val() << 8;
            self.fine.next = self.cnt.val().get_bits::<3>(9);
            self.lz.next = 8.into();
        }
        if self.has.val().get_bit(4) {
            self.coarse.next = self.mag.val();
            self.fine.next = self.cnt.val().get_bits::<3>(12);
            self.lz.next = 0.into();
        }
        self.lz.next = self.lz.val() | bit_cast::<LZ_W, 3>(self.fine.val());
        self.eb.next = self.ebase.val() - bit_cast::<EXP_W, LZ_W>(self.lz.val());
        self.eb1.next = self.ebase1.val() - bit_cast::<EXP_W, LZ_W>(self.lz.val());
    }
}
