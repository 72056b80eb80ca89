//! The coefficient ROM: every segment's word of
//! [`tables`](crate::mufu::tables::tables)`().rom` in a synchronous-read ROM
//! (registered output), which yosys maps onto three ECP5 DP16KD (1K × 18
//! each, side by side).
//!
//! The generator packs a word with its region's field widths
//! (`{C0 (w0) | C1 (w1) | C2 (w2)}`, [`rom_image`](crate::mufu::tables::Tables::rom_image));
//! the RTL stores the same fields at fixed places instead,
//! `{C0 (25) | C1 (18) | C2 (11)}` (the widest field of each kind: together
//! exactly the 54-bit word), so that phase 4 takes them straight from the
//! ROM's output register: no shifter by the region's widths between the
//! block RAM and the multipliers.

use super::{C0_W, C1_W, C2_W, ROM_ADDR_W};
use crate::mufu::tables::{tables, ROM_DEPTH, ROM_WORD_W};
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// Width of a ROM word.
pub const WORD_W: usize = ROM_WORD_W as usize;
/// LSB of the C1 field in an RTL word (C2 sits at bit 0).
pub const C1_LSB: usize = C2_W;
/// LSB of the C0 field in an RTL word.
pub const C0_LSB: usize = C2_W + C1_W;
const _: () = assert!(C0_LSB + C0_W == WORD_W);

/// The ROM block: `data` is the word at the `address` of the previous clock.
pub type CoefRom = SyncROM<Bits<WORD_W>, ROM_ADDR_W>;

/// The RTL's ROM contents, address by address: each word's fields at their
/// fixed places (unused addresses 0).
pub fn rom_image() -> Vec<u64> {
    let t = tables();
    assert_eq!(t.rom.len(), ROM_DEPTH);
    for f in &t.fmts {
        assert!(
            f.w0 as usize <= C0_W && f.w1 as usize <= C1_W && f.w2 as usize <= C2_W,
            "a region's field is wider than the RTL word's"
        );
    }
    t.rom
        .iter()
        .map(|w| (w.c0 as u64) << C0_LSB | (w.c1 as u64) << C1_LSB | w.c2 as u64)
        .collect()
}

/// The ROM with [`rom_image`] at every address.
pub fn coef_rom() -> CoefRom {
    let map: BTreeMap<Bits<ROM_ADDR_W>, Bits<WORD_W>> = rom_image()
        .iter()
        .enumerate()
        .map(|(a, &w)| ((a as u64).into(), w.into()))
        .collect();
    SyncROM::new(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_fields_hold_the_generator_words() {
        let t = tables();
        let image = rom_image();
        let packed = t.rom_image();
        for tab in &t.tables {
            for r in &tab.regions {
                let f = &r.fmt;
                for (i, w) in r.words.iter().enumerate() {
                    let a = f.base as usize + i;
                    let word = image[a];
                    assert_eq!(word >> C0_LSB, w.c0 as u64, "C0 at {a}");
                    assert_eq!((word >> C1_LSB) & ((1 << C1_W) - 1), w.c1 as u64);
                    assert_eq!(word & ((1 << C2_W) - 1), w.c2 as u64);
                    assert_eq!(packed[a], w.pack(f));
                }
            }
        }
    }
}
