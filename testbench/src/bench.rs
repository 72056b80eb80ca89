//! Simulation throughput of a unit in every engine, measured side by side on the
//! same pseudo-random operations (a benchmark: it reports, it does not assert).

use crate::engines::{run_stimuli, Engine};
use crate::stream::{stimuli, Gaps};
use crate::tools::available;
use crate::verilator::VerilatorModel;
use std::time::Instant;
use units::registry::IntoUnit;

/// One engine's figure.
#[derive(Clone, Debug)]
pub struct Throughput {
    pub engine: &'static str,
    pub ops: usize,
    pub cycles: u64,
    pub seconds: f64,
    /// Why the engine was not measured, if it was not.
    pub skipped: Option<String>,
}

impl Throughput {
    pub fn ops_per_second(&self) -> f64 {
        self.ops as f64 / self.seconds
    }
}

/// Measures every engine on `ops` operations (the `Simulation` harness, being
/// two orders of magnitude slower, on a tenth of them). Verilator's compile
/// time is excluded: the model is built before the clock starts.
pub fn throughput(unit: impl IntoUnit, ops: usize) -> Result<Vec<Throughput>, String> {
    let unit = unit.into_unit().map_err(|e| e.to_string())?;
    let codec = unit.codec();
    let info = codec.info();
    let lines = codec.random_lines(ops, 0x5eed);
    let parsed: Result<Vec<_>, _> = lines.iter().map(|l| codec.parse(l)).collect();
    let parsed = parsed.map_err(|e| e.to_string())?;
    let stim = stimuli(&parsed, Gaps::None);
    let mut results = Vec::new();
    let mut measure = |engine: Engine, count: usize| -> Result<(), String> {
        let start = Instant::now();
        let obs = run_stimuli(unit, engine, &stim[..count], None)?;
        let seconds = start.elapsed().as_secs_f64();
        let cycles = obs.last().map_or(0, |o| o.cycle + 1);
        results.push(Throughput {
            engine: engine.name(),
            ops: count,
            cycles,
            seconds,
            skipped: None,
        });
        Ok(())
    };
    measure(Engine::RustHdl, ops)?;
    measure(Engine::RustHdlSimulation, (ops / 10).max(1))?;
    if available("verilator") {
        VerilatorModel::build(&info, &unit.verilog())?;
        measure(Engine::Verilator, ops)?;
    } else {
        results.push(Throughput {
            engine: Engine::Verilator.name(),
            ops: 0,
            cycles: 0,
            seconds: 0.0,
            skipped: Some("verilator not on PATH".into()),
        });
    }
    Ok(results)
}
