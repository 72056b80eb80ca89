//! The checks every registered unit must pass, whatever it computes: one suite
//! over the registry (`testbench/tests/conformance.rs`) instead of a copy per
//! unit.
//!
//! For a [`Unit`]:
//! - [`engines_agree`]: rust-hdl driven directly, rust-hdl's `Simulation`
//!   harness, Verilator and Icarus Verilog give the same answers on the same
//!   cycles for a random stream with gaps, and those answers are the golden
//!   model's;
//! - [`latency_is_exact`]: an operation alone in the unit answers exactly
//!   `info().latency` clocks after it was accepted;
//! - [`lint_clean`]: the exported Verilog passes the lint policy
//!   ([`crate::lint`]);
//! - [`gtkw_names_exist`]: every signal `waveforms/<family>.gtkw` shows is in
//!   the VCD of the family's default unit;
//! - [`examples_answer_as_commented`]: every line of
//!   `testbench/vectors/<family>.txt` answers what its `# -> ...` comment says.
//!
//! Each check returns `Err` with a message that names the unit and the first
//! thing that differs.

use crate::engines::{run_ops, Engine};
use crate::stream::{Gaps, Observation};
use crate::tools::workspace_root;
use crate::vectors::{answers, check_against_model, parse_vectors, LineOp};
use std::path::Path;
use units::registry::Unit;

/// Random gaps between operations: about one in five has up to three idle
/// clocks before it.
pub fn random_gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 20,
        max: 3,
        seed,
    }
}

/// `count` random operations of the unit's codec, after the unit's example
/// lines (so that every stream starts with the directed cases).
pub fn stream(unit: Unit, count: usize, seed: u64) -> Result<Vec<LineOp>, String> {
    let codec = unit.codec();
    let mut text = unit.examples().to_string();
    for line in codec.random_lines(count, seed) {
        text.push_str(&line);
        text.push('\n');
    }
    parse_vectors(codec.as_ref(), &format!("{unit} stream"), text.as_bytes())
        .map_err(|e| e.to_string())
}

/// Runs `ops` in `engine` and checks the answers against a fresh golden model.
pub fn run_checked(
    unit: Unit,
    engine: Engine,
    ops: &[LineOp],
    gaps: Gaps,
    vcd: Option<&Path>,
) -> Result<Vec<Observation>, String> {
    let observations = run_ops(unit, engine, ops, gaps, vcd)
        .map_err(|e| format!("{unit} in {}: {e}", engine.name()))?;
    check_against_model(unit.codec().as_mut(), ops, &observations)
        .map_err(|e| format!("{unit} in {}: {e}", engine.name()))?;
    Ok(observations)
}

/// Every engine of `engines` gives the model's answers, on the cycles rust-hdl
/// driven directly gives them.
pub fn engines_agree(
    unit: Unit,
    engines: &[Engine],
    ops: &[LineOp],
    seed: u64,
) -> Result<(), String> {
    let gaps = random_gaps(seed);
    let reference = run_checked(unit, Engine::RustHdl, ops, gaps, None)?;
    for &engine in engines.iter().filter(|&&e| e != Engine::RustHdl) {
        let observed = run_checked(unit, engine, ops, gaps, None)?;
        if let Some(i) =
            (0..reference.len().max(observed.len())).find(|&i| reference.get(i) != observed.get(i))
        {
            return Err(format!(
                "{unit}: {} differs from rust-hdl at answer {i}: {:?} against {:?}",
                engine.name(),
                observed.get(i),
                reference.get(i)
            ));
        }
    }
    Ok(())
}

/// Operations presented alone (each after `2 · latency + 8` idle clocks, so
/// that nothing can hold them up) answer exactly their latency
/// ([`UnitCodec::latency_of`](units::unit::UnitCodec::latency_of)) after they
/// were accepted.
pub fn latency_is_exact(unit: Unit, ops: &[LineOp]) -> Result<(), String> {
    let codec = unit.codec();
    // Long enough for anything in flight to drain (an ATOM float add holds
    // its word for its phases, longer than the ATOM's latency).
    let gap = crate::stream::drain_cycles(&codec.info()) as u32;
    let observations = run_checked(unit, Engine::RustHdl, ops, Gaps::Fixed(gap), None)?;
    let answering: Vec<usize> = (0..ops.len()).filter(|&i| ops[i].op.answers).collect();
    if observations.len() != answering.len() {
        return Err(format!(
            "{unit}: {} answers for {} answering operations",
            observations.len(),
            answering.len()
        ));
    }
    for (obs, &i) in observations.iter().zip(&answering) {
        let latency = codec.latency_of(&ops[i].op) as u64;
        let accepted = (i as u64 + 1) * gap as u64 + i as u64;
        if obs.cycle != accepted + latency {
            return Err(format!(
                "{unit}: `{}` accepted on cycle {accepted} answered on cycle {}, not {} (latency {latency})",
                ops[i].text,
                obs.cycle,
                accepted + latency
            ));
        }
    }
    Ok(())
}

/// The exported Verilog passes the lint policy (needs Verilator).
/// The unit's own waivers (its registry entry's `lint_waivers`) apply on top
/// of the policy.
pub fn lint_clean(unit: Unit) -> Result<(), String> {
    let report = crate::lint::lint(&unit.name(), &unit.verilog())?;
    let waivers = unit.family().lint_waivers;
    let violations: Vec<&String> = report
        .violations
        .iter()
        .filter(|v| {
            !waivers.iter().any(|w| {
                v.contains(&format!("%Warning-{}:", w.code))
                    && w.contains.iter().any(|c| v.contains(c))
            })
        })
        .collect();
    if violations.is_empty() {
        Ok(())
    } else {
        let lines: Vec<&str> = violations.iter().map(|v| v.as_str()).collect();
        Err(format!("{unit} lint violations:\n{}", lines.join("\n")))
    }
}

/// The family's gtkwave save file, `waveforms/<family>.gtkw`.
pub fn gtkw_of(unit: Unit) -> Result<String, String> {
    let path = workspace_root()
        .join("waveforms")
        .join(format!("{}.gtkw", unit.family().name));
    std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The unit's stream in the `Simulation` harness writes a VCD in which every
/// signal of the family's `.gtkw` exists; the harness agrees with direct
/// driving cycle for cycle.
pub fn gtkw_names_exist(unit: Unit, ops: &[LineOp], seed: u64) -> Result<(), String> {
    let gtkw = gtkw_of(unit)?;
    let shown = crate::waves::gtkw_signals(&gtkw);
    if shown.is_empty() {
        return Err(format!("{unit}: its .gtkw shows no signal"));
    }
    let dir = crate::verilator::tempdir(&format!("conformance-vcd-{unit}"))?;
    let vcd = dir.join(format!("{unit}.vcd"));
    let gaps = random_gaps(seed);
    let traced = run_checked(unit, Engine::RustHdlSimulation, ops, gaps, Some(&vcd))?;
    let direct = run_checked(unit, Engine::RustHdl, ops, gaps, None)?;
    let missing = crate::waves::missing_signals(&gtkw, &vcd)?;
    let _ = std::fs::remove_dir_all(&dir);
    if traced != direct {
        return Err(format!(
            "{unit}: the Simulation harness and direct driving differ"
        ));
    }
    if !missing.is_empty() {
        return Err(format!(
            "{unit}: signals in {}.gtkw but not in the VCD: {missing:?}",
            unit.family().name
        ));
    }
    Ok(())
}

/// Every example line answers what its comment says, and what the model says.
/// An answering line's expected result is the first words after its `#`
/// (as many as the answer has); lines that do not answer (`st`, `red`) need
/// none.
pub fn examples_answer_as_commented(unit: Unit) -> Result<(), String> {
    let text = unit.examples();
    let codec = unit.codec();
    let file = format!("{}.txt", unit.family().name);
    let ops = parse_vectors(codec.as_ref(), &file, text.as_bytes()).map_err(|e| e.to_string())?;
    let lines: Vec<&str> = text.lines().collect();
    let answering: Vec<&LineOp> = ops.iter().filter(|o| o.op.answers).collect();
    if answering.is_empty() {
        return Err(format!("{file}: no example answers"));
    }
    let observations = run_checked(unit, Engine::RustHdl, &ops, Gaps::None, None)?;
    let got = answers(codec.as_ref(), &ops, &observations)?;
    for (op, have) in answering.iter().zip(&got) {
        // As many words as the answer has (`<result> <fflags>` is two); the
        // rest of the comment is free text.
        let words = have.split_whitespace().count();
        let comment = lines[op.line - 1].split_once('#').map_or("", |(_, c)| c);
        let want: Vec<&str> = comment.split_whitespace().take(words).collect();
        if want.len() < words {
            return Err(format!("{file}:{}: no expected result after `#`", op.line));
        }
        let want = want.join(" ");
        if *have != want {
            return Err(format!(
                "{unit} {file}:{}: `{}` answered {have}, its comment says {want}",
                op.line, op.text
            ));
        }
    }
    Ok(())
}
