//! A unit's rust-hdl top block behind one type, so that the simulation engines,
//! the Verilog export and the VCD writer take any registered unit without
//! knowing which one it is.
//!
//! [`UnitBlock`] delegates every [`Logic`], [`Block`] and [`PortIo`] method to
//! the boxed top block, passing names and probes through unchanged: the
//! Verilog that [`generate_verilog`] writes and the VCD that rust-hdl's
//! `Simulation` records are those of the inner block, byte for byte.

use crate::unit::PortIo;
use rust_hdl::prelude::*;

/// What a unit's top block must be for every engine: port access, and `Send`
/// for the `Simulation` harness's threads.
pub trait TopBlock: PortIo + Send {}

impl<B: PortIo + Send> TopBlock for B {}

/// Any unit's top block.
pub struct UnitBlock(Box<dyn TopBlock>);

impl UnitBlock {
    pub fn new<B: TopBlock + 'static>(block: B) -> UnitBlock {
        UnitBlock(Box::new(block))
    }

    /// The block's Verilog, `top` and `top$...` modules (connects it first).
    pub fn verilog(mut self) -> String {
        self.connect_all();
        generate_verilog(&self)
    }
}

impl Logic for UnitBlock {
    fn update(&mut self) {
        self.0.update()
    }
    fn connect(&mut self) {
        self.0.connect()
    }
    fn hdl(&self) -> Verilog {
        self.0.hdl()
    }
    fn timing(&self) -> Vec<TimingInfo> {
        self.0.timing()
    }
}

impl Block for UnitBlock {
    fn connect_all(&mut self) {
        self.0.connect_all()
    }
    fn update_all(&mut self) {
        self.0.update_all()
    }
    fn has_changed(&self) -> bool {
        self.0.has_changed()
    }
    fn accept(&self, name: &str, probe: &mut dyn Probe) {
        self.0.accept(name, probe)
    }
}

impl PortIo for UnitBlock {
    fn set_inputs(&mut self, values: &[u128]) {
        self.0.set_inputs(values)
    }
    fn outputs(&self) -> Vec<u128> {
        self.0.outputs()
    }
    fn clock(&mut self) -> &mut Signal<In, Clock> {
        self.0.clock()
    }
}
