//! The coefficient ROM: [`tables`](crate::mufu::tables::tables)`().rom_image()`
//! in a synchronous-read ROM (registered output), which yosys maps onto three
//! ECP5 DP16KD (1K × 18 each, side by side).

use super::ROM_ADDR_W;
use crate::mufu::tables::{tables, ROM_DEPTH, ROM_WORD_W};
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

/// Width of a ROM word.
pub const WORD_W: usize = ROM_WORD_W as usize;

/// The ROM block: `data` is the word at the `address` of the previous clock.
pub type CoefRom = SyncROM<Bits<WORD_W>, ROM_ADDR_W>;

/// The ROM with the generator's image at every address (unused addresses 0).
pub fn coef_rom() -> CoefRom {
    let image = tables().rom_image();
    assert_eq!(image.len(), ROM_DEPTH);
    let map: BTreeMap<Bits<ROM_ADDR_W>, Bits<WORD_W>> = image
        .iter()
        .enumerate()
        .map(|(a, &w)| ((a as u64).into(), w.into()))
        .collect();
    SyncROM::new(map)
}
