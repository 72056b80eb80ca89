//! rust-hdl engine, fast mode: the block is driven directly (inputs' `.next`
//! set, clock toggled, `simulate` called to settle), with no scheduler threads.

use crate::stream::{drive, Observation, Stimulus};
use rust_hdl::prelude::*;
use units::unit::{PortIo, UnitInfo};

/// Most delta iterations allowed for the logic to settle.
const MAX_SETTLE: usize = 1000;

/// Runs a stream through a freshly connected block.
pub fn run<B: PortIo>(uut: &mut B, info: &UnitInfo, stim: &[Stimulus]) -> Vec<Observation> {
    uut.connect_all();
    uut.clock().next = Clock { clk: false };
    settle(uut);
    drive(info, stim, |inputs| {
        uut.set_inputs(inputs);
        uut.clock().next = Clock { clk: false };
        settle(uut);
        let outputs = uut.outputs();
        uut.clock().next = Clock { clk: true };
        settle(uut);
        outputs
    })
}

fn settle<B: Block>(uut: &mut B) {
    assert!(
        simulate(uut, MAX_SETTLE),
        "logic did not settle (combinational loop?)"
    );
}
