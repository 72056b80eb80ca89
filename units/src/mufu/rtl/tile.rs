//! One unsigned 18×18 → 36-bit multiplier tile: hand-written Verilog, kept
//! alone in this file.
//!
//! rust-hdl's `*` exists only for 16×16 (and its simulator only computes
//! that); the MUFU's tiles are up to 18×18 (C1 is 18 bits, the square 18).
//! The Verilog is a plain `a * b`, which yosys maps onto one ECP5
//! `MULT18X18D`; the rust-hdl model computes the same product in `u64`.
//! Verilator and Icarus co-simulate the export against this model.

use rust_hdl::prelude::*;

/// Operand width of a tile (one MULT18X18D).
pub const TILE_IN_W: usize = 18;
/// Product width of a tile.
pub const TILE_OUT_W: usize = 2 * TILE_IN_W;

/// `p = a · b`, unsigned, combinational.
#[derive(LogicBlock, Default)]
pub struct Mul18 {
    pub a: Signal<In, Bits<TILE_IN_W>>,
    pub b: Signal<In, Bits<TILE_IN_W>>,
    pub p: Signal<Out, Bits<TILE_OUT_W>>,
}

impl Logic for Mul18 {
    fn update(&mut self) {
        self.p.next = (self.a.val().to_u64() * self.b.val().to_u64()).into();
    }

    fn connect(&mut self) {
        self.p.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: "assign p = a * b;\n".to_string(),
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
}
