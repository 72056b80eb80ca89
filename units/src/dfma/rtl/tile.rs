//! The DFMA's 16×16 multiplier tile, optionally with its operands registered
//! inside the DSP block: [`crate::hw::mult18x18d::Tile`] at 16 bits.
//!
//! A fabric register feeding an ECP5 `MULT18X18D` and another taking its
//! product spend about 2.4 ns of routing into the block, 3.9 ns in it and
//! 1.2–2.4 ns out of it: a stage of its own cannot reach 125 MHz. The block's
//! own input registers (`REG_INPUTA_CLK`, `REG_INPUTB_CLK`) take the routing
//! into the block out of that path (measured alone: 5.1 ns, 197 MHz). yosys
//! infers a `MULT18X18D` from `*` but never packs registers into it, so a
//! registered tile instantiates the primitive itself when synthesised for
//! ECP5 (the macro `ECP5`, which `fpga/synth_ecp5.ys` defines; a user's own
//! ECP5 synthesis passes `-DECP5`); simulators (rust-hdl, Verilator, Icarus),
//! the lint and other targets read the equivalent behavioural form: two
//! registers and `*`. The block and its Verilog are shared with the MUFU's
//! 18×18 tiles ([`crate::hw::mult18x18d`]).
//! An unregistered tile is plain `*`, which yosys maps to a `MULT18X18D` (or
//! an iCE40 `SB_MAC16`) by itself.
//!
//! The registers are pipeline boundary 1 of the significands (see
//! [`super::stage_plan`]): the tile is registered exactly when that boundary is.

use crate::hw::mult18x18d::Tile;

/// Operand width of a tile.
pub const TILE_IN_W: usize = 16;
/// Product width of a tile.
pub const TILE_OUT_W: usize = 32;

/// `p = a · b`, unsigned, 16×16; `a` and `b` registered first (inside the
/// DSP block on ECP5) when built with `new(true)`.
pub type DspTile = Tile<TILE_IN_W, TILE_OUT_W>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_tile_multiplies_what_it_held() {
        crate::hw::mult18x18d::assert_registered_tile_multiplies::<TILE_IN_W, TILE_OUT_W>(
            1234, 5678,
        );
    }
}
