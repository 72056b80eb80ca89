//! The MUFU's unsigned 18×18 → 36-bit multiplier tile, optionally with its
//! operands registered inside the DSP block: [`crate::hw::mult18x18d::Tile`]
//! at 18 bits.
//!
//! rust-hdl's `*` exists only for 16×16 (and its simulator only computes
//! that); the MUFU's tiles are up to 18×18 (C1 is 18 bits, the square 18).
//! An unregistered tile is a plain `a * b` (the constant `registered`
//! picks it), which yosys maps onto one ECP5
//! `MULT18X18D` (or an iCE40 `SB_MAC16`); the rust-hdl model computes the
//! same product in `u64`. Verilator and Icarus co-simulate the export
//! against this model.
//!
//! A registered tile holds boundary 4m of the deeper units (see
//! [`super::stage_plan`]): its operands are taken on the clock edge, inside
//! the block (`REG_INPUTA_CLK`, `REG_INPUTB_CLK`), so that the routing from
//! the ROM's output register into the block is a phase of its own. yosys
//! never packs fabric registers into a `MULT18X18D`, so under the macro
//! `ECP5` (defined by `fpga/synth_ecp5.ys`) the tile instantiates the
//! primitive itself; simulators, the lint and other targets read two
//! registers and `*`. The block and its Verilog are shared with the DFMA's
//! 16×16 tiles ([`crate::hw::mult18x18d`]).

use crate::hw::mult18x18d::Tile;

/// Operand width of a tile (one MULT18X18D).
pub const TILE_IN_W: usize = 18;
/// Product width of a tile.
pub const TILE_OUT_W: usize = 2 * TILE_IN_W;

/// `p = a · b`, unsigned, 18×18; `a` and `b` registered first (inside the
/// DSP block on ECP5) when built with `new(true)`.
pub type Mul18 = Tile<TILE_IN_W, TILE_OUT_W>;

#[cfg(test)]
mod tests {
    use super::*;
    use rust_hdl::prelude::*;

    #[test]
    fn full_width_products() {
        let mut tile = Mul18::default();
        tile.connect_all();
        for (a, b) in [
            (0x3FFFFu64, 0x3FFFFu64),
            (12345, 0x20000),
            (0, 7),
            (0x1FFFF, 0x1FFFF),
        ] {
            tile.a.next = a.into();
            tile.b.next = b.into();
            assert!(simulate(&mut tile, 10));
            assert_eq!(tile.p.val().to_u64(), a * b);
        }
    }

    #[test]
    fn registered_tile_multiplies_what_it_held() {
        crate::hw::mult18x18d::assert_registered_tile_multiplies::<TILE_IN_W, TILE_OUT_W>(
            0x3FFFF, 0x20001,
        );
    }
}
