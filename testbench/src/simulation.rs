//! rust-hdl engine, waveform mode: the same stream driven from a test bench of
//! rust-hdl's `Simulation` harness, which writes a VCD of every signal.

use crate::stream::{drive, Observation, Stimulus};
use rust_hdl::prelude::*;
use std::path::Path;
use std::sync::{Arc, Mutex};
use units::unit::{PortIo, UnitInfo};

/// Half a clock period in the VCD's picoseconds (a 100 MHz clock).
const HALF_PERIOD_PS: u64 = 5_000;

/// Runs a stream in the `Simulation` harness; writes the VCD when `vcd` is given.
pub fn run<B: PortIo + Send + 'static>(
    uut: B,
    info: &UnitInfo,
    stim: &[Stimulus],
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let observations = Arc::new(Mutex::new(Vec::new()));
    let mut sim = Simulation::<B>::new();
    {
        let info = info.clone();
        let stim = stim.to_vec();
        let observations = observations.clone();
        sim.add_testbench(move |mut sim: Sim<B>| {
            // The block travels through `Sim::wait` by value; `slot` holds it between steps.
            let mut slot = Some(sim.init()?);
            let mut failure = None;
            let output_count = info.outputs().count();
            let list = drive(&info, &stim, |inputs| {
                let Some(mut y) = slot.take() else {
                    return vec![0; output_count];
                };
                // Inputs change half a period before the rising edge; sample, then rise.
                y.set_inputs(inputs);
                y.clock().next = Clock { clk: false };
                let mut y = match sim.wait(HALF_PERIOD_PS, y) {
                    Ok(y) => y,
                    Err(e) => {
                        failure = Some(e);
                        return vec![0; output_count];
                    }
                };
                let outputs = y.outputs();
                y.clock().next = Clock { clk: true };
                match sim.wait(HALF_PERIOD_PS, y) {
                    Ok(y) => slot = Some(y),
                    Err(e) => failure = Some(e),
                }
                outputs
            });
            *observations.lock().unwrap() = list;
            if let Some(e) = failure {
                return Err(e);
            }
            sim.done(slot.take().ok_or(SimError::SimTerminated)?)
        });
    }
    // A unit with back-pressure (`in_ready`) may hold each operation for up
    // to its latency (DIVSQRT: one operation in flight).
    let per_op = if info.has_ready() {
        info.latency as u64 + 2
    } else {
        1
    };
    let horizon = (stim.iter().map(|s| s.gap as u64 + per_op).sum::<u64>()
        + crate::stream::drain_cycles(info)
        + 16)
        * 2
        * HALF_PERIOD_PS
        * 4;
    let uut = Box::new(uut);
    let outcome = match vcd {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            sim.run_traced(uut, horizon, std::io::BufWriter::new(file))
        }
        None => sim.run(uut, horizon),
    };
    outcome.map_err(|e| format!("rust-hdl simulation failed: {e:?}"))?;
    let list = std::mem::take(&mut *observations.lock().unwrap());
    Ok(list)
}
