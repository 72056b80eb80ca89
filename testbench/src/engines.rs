//! One entry point per engine; the unit is a typed registry value (or a
//! name the registry parses).

use crate::stream::{stimuli, Gaps, Observation, Stimulus};
use crate::vectors::LineOp;
use crate::verilator::VerilatorModel;
use crate::{direct, iverilog, simulation};
use std::path::Path;
use units::registry::IntoUnit;

/// A simulator of the units' RTL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// rust-hdl, block driven directly (fast).
    RustHdl,
    /// rust-hdl's `Simulation` harness (writes VCDs; slow).
    RustHdlSimulation,
    /// The exported Verilog in Verilator.
    Verilator,
    /// The exported Verilog in Icarus Verilog.
    Iverilog,
}

impl Engine {
    /// Every engine, fastest first.
    pub const ALL: [Engine; 4] = [
        Engine::RustHdl,
        Engine::RustHdlSimulation,
        Engine::Verilator,
        Engine::Iverilog,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Engine::RustHdl => "rust-hdl",
            Engine::RustHdlSimulation => "rust-hdl-simulation",
            Engine::Verilator => "verilator",
            Engine::Iverilog => "iverilog",
        }
    }

    /// The external tool the engine needs, if any.
    pub fn tool(self) -> Option<&'static str> {
        match self {
            Engine::Verilator => Some("verilator"),
            Engine::Iverilog => Some("iverilog"),
            _ => None,
        }
    }
}

/// Runs stimuli through a unit's RTL in the chosen engine. `vcd` is honoured by
/// the `Simulation` engine only.
pub fn run_stimuli(
    unit: impl IntoUnit,
    engine: Engine,
    stim: &[Stimulus],
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let unit = unit.into_unit().map_err(|e| e.to_string())?;
    let info = unit.info();
    match engine {
        Engine::RustHdl => Ok(direct::run(&mut unit.block(), &info, stim)),
        Engine::RustHdlSimulation => simulation::run(unit.block(), &info, stim, vcd),
        Engine::Verilator => VerilatorModel::build(&info, &unit.verilog())?.run(stim),
        Engine::Iverilog => iverilog::run(&info, &unit.verilog(), stim),
    }
}

/// Runs operations (tags in order, gaps per policy) through a unit's RTL.
pub fn run_ops(
    unit: impl IntoUnit,
    engine: Engine,
    ops: &[LineOp],
    gaps: Gaps,
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let plain: Vec<_> = ops.iter().map(|o| o.op.clone()).collect();
    run_stimuli(unit, engine, &stimuli(&plain, gaps), vcd)
}

/// Runs `ops` through `unit` in `engine` and checks every answer and tag
/// against the unit's golden model; the simulation's wall time (the model
/// check excluded). Panics with the first mismatch (for the tests' long runs).
pub fn run_and_check(
    unit: &str,
    engine: Engine,
    ops: &[LineOp],
    gaps: Gaps,
) -> std::time::Duration {
    let start = std::time::Instant::now();
    let obs = run_ops(unit, engine, ops, gaps, None).unwrap();
    let elapsed = start.elapsed();
    let mut codec = units::registry::Unit::parse(unit).unwrap().codec();
    crate::vectors::check_against_model(codec.as_mut(), ops, &obs)
        .unwrap_or_else(|e| panic!("{unit} in {}: {e}", engine.name()));
    elapsed
}
