//! One conformance suite over the registry (`testbench::conformance`): every
//! unit the registry lists passes the same checks, whatever it computes.
//!
//! CI runs a sample: every family's default unit with every engine, and its
//! shallowest and deepest variants in rust-hdl (direct and `Simulation`),
//! Icarus Verilog and the lint. `every_unit_and_variant_conforms` (ignored:
//! a Verilator build per variant) runs all of them in every engine:
//! `cargo test --release -p testbench --test conformance -- --ignored`.

use testbench::conformance::{
    engines_agree, examples_answer_as_commented, gtkw_names_exist, latency_is_exact, lint_clean,
    stream,
};
use testbench::engines::Engine;
use testbench::tools::require;
use units::registry::{Unit, FAMILIES};

/// Random operations after the examples in each stream.
const RANDOM_OPS: usize = 300;
/// Random operations after the examples in the `Simulation` harness's stream.
const SIMULATION_OPS: usize = 60;

/// Every family's default unit.
fn defaults() -> Vec<Unit> {
    Unit::defaults()
}

/// Every family's shallowest and deepest variants that are not its default.
fn variant_sample() -> Vec<Unit> {
    let mut sample = Vec::new();
    for family in FAMILIES {
        let units = family.units();
        for unit in [units.first(), units.last()].into_iter().flatten() {
            if !unit.is_default() && !sample.contains(unit) {
                sample.push(*unit);
            }
        }
    }
    sample
}

/// Runs `check` on every unit and reports every failure, not just the first.
fn on_each(units: &[Unit], check: impl Fn(Unit) -> Result<(), String>) {
    let failures: Vec<String> = units.iter().filter_map(|&u| check(u).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_sample_covers_every_family() {
    let sample = variant_sample();
    for family in FAMILIES.iter().filter(|f| f.variants.is_some()) {
        assert!(
            sample.iter().any(|u| std::ptr::eq(u.family(), family)),
            "{}",
            family.name
        );
    }
    assert_eq!(defaults().len(), FAMILIES.len());
}

#[test]
fn example_vectors_answer_as_their_comments_say() {
    let mut units = defaults();
    units.extend(variant_sample());
    on_each(&units, examples_answer_as_commented);
}

#[test]
fn answers_come_exactly_latency_clocks_after_the_operation() {
    let mut units = defaults();
    units.extend(variant_sample());
    on_each(&units, |u| latency_is_exact(u, &stream(u, 40, 5)?));
}

#[test]
fn rust_hdl_direct_and_simulation_agree_with_the_model() {
    let mut units = defaults();
    units.extend(variant_sample());
    // The Simulation harness is the slow engine (a few thousand clocks a
    // second on the wide units): a shorter stream after the examples.
    on_each(&units, |u| {
        engines_agree(
            u,
            &[Engine::RustHdl, Engine::RustHdlSimulation],
            &stream(u, SIMULATION_OPS, 7)?,
            11,
        )
    });
}

#[test]
fn every_gtkw_names_only_signals_of_its_vcd() {
    on_each(&defaults(), |u| gtkw_names_exist(u, &stream(u, 40, 3)?, 13));
}

#[test]
fn verilator_agrees_cycle_for_cycle_on_every_default_unit() {
    if require("conformance: verilator", &["verilator"]).is_none() {
        return;
    }
    on_each(&defaults(), |u| {
        engines_agree(u, &[Engine::Verilator], &stream(u, RANDOM_OPS, 17)?, 19)
    });
}

#[test]
fn iverilog_agrees_cycle_for_cycle_on_the_sample() {
    if require("conformance: iverilog", &["iverilog"]).is_none() {
        return;
    }
    let mut units = defaults();
    units.extend(variant_sample());
    on_each(&units, |u| {
        engines_agree(u, &[Engine::Iverilog], &stream(u, 60, 23)?, 29)
    });
}

#[test]
fn exported_verilog_is_lint_clean_on_the_sample() {
    if require("conformance: lint", &["verilator"]).is_none() {
        return;
    }
    let mut units = defaults();
    units.extend(variant_sample());
    on_each(&units, lint_clean);
}

#[test]
#[ignore = "long: every unit and variant in every engine (a Verilator build each)"]
fn every_unit_and_variant_conforms() {
    require("conformance: all", &["verilator", "iverilog"]);
    on_each(&Unit::all(), |u| {
        examples_answer_as_commented(u)?;
        latency_is_exact(u, &stream(u, 40, 5)?)?;
        engines_agree(u, &Engine::ALL, &stream(u, RANDOM_OPS, 7)?, 11)?;
        lint_clean(u)?;
        if u.is_default() {
            gtkw_names_exist(u, &stream(u, 40, 3)?, 13)?;
        }
        Ok(())
    });
}
