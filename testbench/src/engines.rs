//! One entry point per engine, dispatched by unit name.

use crate::stream::{stimuli, Gaps, Observation, Stimulus};
use crate::vectors::LineOp;
use crate::verilator::VerilatorModel;
use crate::{direct, iverilog, simulation};
use std::path::Path;
use units::registry;
use units::unit::UnitInfo;
use units::xmu::rtl::Xmu;

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
    pub fn name(self) -> &'static str {
        match self {
            Engine::RustHdl => "rust-hdl",
            Engine::RustHdlSimulation => "rust-hdl-simulation",
            Engine::Verilator => "verilator",
            Engine::Iverilog => "iverilog",
        }
    }
}

fn info_of(unit: &str) -> Result<UnitInfo, String> {
    registry::info(unit).ok_or_else(|| format!("unknown unit {unit:?}"))
}

/// Runs stimuli through a unit's RTL in the chosen engine. `vcd` is honoured by
/// the `Simulation` engine only.
pub fn run_stimuli(
    unit: &str,
    engine: Engine,
    stim: &[Stimulus],
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let info = info_of(unit)?;
    match engine {
        Engine::RustHdl => match unit {
            u if units::atom::codec::fp_phases_of(u).is_some() => Ok(direct::run(
                &mut units::atom::rtl::DefaultAtom::with_fp_phases(fp_phases(u)),
                &info,
                stim,
            )),
            "redux" => Ok(direct::run(
                &mut units::redux::rtl::Redux::default(),
                &info,
                stim,
            )),
            "xmu" => Ok(direct::run(&mut Xmu::default(), &info, stim)),
            u if units::dfma::codec::depth_of(u).is_some() => Ok(direct::run(
                &mut units::dfma::rtl::Dfma::new(info.latency),
                &info,
                stim,
            )),
            u if units::mufu::codec::depth_of(u).is_some() => Ok(direct::run(
                &mut units::mufu::rtl::Mufu::new(info.latency),
                &info,
                stim,
            )),
            _ => Err(format!("no RTL for unit {unit:?} yet")),
        },
        Engine::RustHdlSimulation => match unit {
            u if units::atom::codec::fp_phases_of(u).is_some() => simulation::run(
                units::atom::rtl::DefaultAtom::with_fp_phases(fp_phases(u)),
                &info,
                stim,
                vcd,
            ),
            "redux" => simulation::run(units::redux::rtl::Redux::default(), &info, stim, vcd),
            "xmu" => simulation::run(Xmu::default(), &info, stim, vcd),
            u if units::dfma::codec::depth_of(u).is_some() => {
                simulation::run(units::dfma::rtl::Dfma::new(info.latency), &info, stim, vcd)
            }
            u if units::mufu::codec::depth_of(u).is_some() => {
                simulation::run(units::mufu::rtl::Mufu::new(info.latency), &info, stim, vcd)
            }
            _ => Err(format!("no RTL for unit {unit:?} yet")),
        },
        Engine::Verilator => {
            let verilog = registry::verilog(unit).ok_or("no Verilog")?;
            VerilatorModel::build(&info, &verilog)?.run(stim)
        }
        Engine::Iverilog => {
            let verilog = registry::verilog(unit).ok_or("no Verilog")?;
            iverilog::run(&info, &verilog, stim)
        }
    }
}

/// Runs operations (tags in order, gaps per policy) through a unit's RTL.
pub fn run_ops(
    unit: &str,
    engine: Engine,
    ops: &[LineOp],
    gaps: Gaps,
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let plain: Vec<_> = ops.iter().map(|o| o.op.clone()).collect();
    run_stimuli(unit, engine, &stimuli(&plain, gaps), vcd)
}

/// The float-add phases of an `atom` build name (checked by the caller).
fn fp_phases(unit: &str) -> usize {
    units::atom::codec::fp_phases_of(unit).expect("an atom build")
}
