//! One 16×16 multiplier tile, optionally with its operands registered inside
//! the DSP block: hand-written Verilog, kept alone in this file.
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
//! registers and `*`. The Verilog of both forms comes from
//! [`crate::hw::mult18x18d`], shared with the MUFU's 18×18 tiles.
//! An unregistered tile is plain `*`, which yosys maps to a `MULT18X18D` (or
//! an iCE40 `SB_MAC16`) by itself.
//!
//! The registers are pipeline boundary 1 of the significands (see
//! [`super::stage_plan`]): the tile is registered exactly when that boundary is.

use crate::hw::mult18x18d::tile_verilog;
use rust_hdl::prelude::*;

/// Operand width of a tile.
pub const TILE_IN_W: usize = 16;
/// Product width of a tile.
pub const TILE_OUT_W: usize = 32;

/// `p = a · b`, with `a` and `b` registered first when `registered`.
#[derive(LogicBlock)]
pub struct DspTile {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<TILE_IN_W>>,
    pub b: Signal<In, Bits<TILE_IN_W>>,
    pub p: Signal<Out, Bits<TILE_OUT_W>>,
    /// The operands the product is made of (registered or not).
    a_q: Signal<Local, Bits<TILE_IN_W>>,
    b_q: Signal<Local, Bits<TILE_IN_W>>,
    registered: Constant<Bit>,
}

impl Default for DspTile {
    fn default() -> Self {
        Self::new(false)
    }
}

impl DspTile {
    pub fn new(registered: bool) -> Self {
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            p: Default::default(),
            a_q: Default::default(),
            b_q: Default::default(),
            registered: Constant::new(registered),
        }
    }
}

impl Logic for DspTile {
    fn update(&mut self) {
        // Unregistered: the operands pass straight through; registered: they
        // are taken on the rising edge.
        if !self.registered.val() || self.clock.pos_edge() {
            self.a_q.next = self.a.val();
            self.b_q.next = self.b.val();
        }
        self.p.next = self.a_q.val() * self.b_q.val();
    }

    fn connect(&mut self) {
        self.p.connect();
        self.a_q.connect();
        self.b_q.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: tile_verilog(TILE_IN_W, TILE_OUT_W, self.registered.val()),
            cores: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_tile_multiplies_what_it_held() {
        let mut tile = DspTile::new(true);
        tile.connect_all();
        tile.a.next = 1234.into();
        tile.b.next = 5678.into();
        tile.clock.next = Clock { clk: false };
        assert!(simulate(&mut tile, 100));
        assert_eq!(tile.p.val().to_u64(), 0, "nothing registered yet");
        tile.clock.next = Clock { clk: true };
        assert!(simulate(&mut tile, 100));
        tile.a.next = 1.into();
        tile.clock.next = Clock { clk: false };
        assert!(simulate(&mut tile, 100));
        assert_eq!(tile.p.val().to_u64(), 1234 * 5678);
        let verilog = tile.hdl();
        let Verilog::Wrapper(w) = verilog else {
            panic!("wrapper expected")
        };
        assert!(w.code.contains("REG_INPUTA_CLK(\"CLK0\")") && w.code.contains(".P31(p[31])"));
    }
}
