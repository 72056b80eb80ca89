//! One unsigned 18×18 → 36-bit multiplier tile, optionally with its operands
//! registered inside the DSP block: hand-written Verilog, kept alone in this
//! file.
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
//! registers and `*`. The Verilog of both forms comes from
//! [`crate::hw::mult18x18d`], shared with the DFMA's 16×16 tiles.

use crate::hw::mult18x18d::tile_verilog;
use rust_hdl::prelude::*;

/// Operand width of a tile (one MULT18X18D).
pub const TILE_IN_W: usize = 18;
/// Product width of a tile.
pub const TILE_OUT_W: usize = 2 * TILE_IN_W;

/// `p = a · b`, unsigned; `a` and `b` registered first when `registered`.
#[derive(LogicBlock)]
pub struct Mul18 {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<TILE_IN_W>>,
    pub b: Signal<In, Bits<TILE_IN_W>>,
    pub p: Signal<Out, Bits<TILE_OUT_W>>,
    /// The operands the product is made of (registered or not).
    a_q: Signal<Local, Bits<TILE_IN_W>>,
    b_q: Signal<Local, Bits<TILE_IN_W>>,
    registered: Constant<Bit>,
}

impl Default for Mul18 {
    fn default() -> Self {
        Self::new(false)
    }
}

impl Mul18 {
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

impl Logic for Mul18 {
    fn update(&mut self) {
        // Unregistered: the operands pass straight through; registered: they
        // are taken on the rising edge.
        if !self.registered.val() || self.clock.pos_edge() {
            self.a_q.next = self.a.val();
            self.b_q.next = self.b.val();
        }
        self.p.next = (self.a_q.val().to_u64() * self.b_q.val().to_u64()).into();
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
        let mut tile = Mul18::new(true);
        tile.connect_all();
        tile.a.next = 0x3FFFF.into();
        tile.b.next = 0x20001.into();
        tile.clock.next = Clock { clk: false };
        assert!(simulate(&mut tile, 100));
        assert_eq!(tile.p.val().to_u64(), 0, "nothing registered yet");
        tile.clock.next = Clock { clk: true };
        assert!(simulate(&mut tile, 100));
        tile.a.next = 1.into();
        tile.clock.next = Clock { clk: false };
        assert!(simulate(&mut tile, 100));
        assert_eq!(tile.p.val().to_u64(), 0x3FFFF * 0x20001);
        let Verilog::Wrapper(w) = tile.hdl() else {
            panic!("wrapper expected")
        };
        assert!(w.code.contains("REG_INPUTA_CLK(\"CLK0\")") && w.code.contains(".P35(p[35])"));
    }
}
