//! The FP64 RTL (`units::fp64::rtl`) against its golden model
//! (`units::fp64::model`, itself checked against SoftFloat and exact
//! arithmetic in `fp64_model.rs`), per datapath family: rust-hdl driven
//! directly with random gaps, and the exported Verilog in Verilator and
//! Icarus Verilog, cycle for cycle. What every unit must pass (latency 16
//! for every answer, lint, example vectors, the gtkwave save file) is in
//! `conformance.rs`; the exact-rule operations are proven for every operand
//! by the `fp64_exact` proof (`formal.rs`).
//!
//! Long runs (timings printed):
//! `cargo test --release -p testbench --test fp64_rtl -- --ignored --nocapture`.

use std::time::Duration;
use testbench::engines::{run_and_check, run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{numbered, LineOp};
use units::fp64::codec::{encode, format_request, random_request};
use units::fp64::rtl::decode::path;
use units::fp64::Fp64Op;

/// The datapath that answers `op` (the families the unit is built from).
fn family(op: Fp64Op) -> u64 {
    match op {
        Fp64Op::Fadd | Fp64Op::Fsub | Fp64Op::Fmul | Fp64Op::Ffma | Fp64Op::Fmin | Fp64Op::Fmax => {
            path::DFMA_VALUE
        }
        Fp64Op::Cmp(_) => path::DFMA_PRED,
        Fp64Op::Fsgnj | Fp64Op::Fsgnjn | Fp64Op::Fsgnjx | Fp64Op::Fclass | Fp64Op::CmpClass => {
            path::BITOPS
        }
        _ => path::CONVERT,
    }
}

const FAMILIES: [(u64, &str); 4] = [
    (path::DFMA_VALUE, "fadd/fsub/fmul/ffma/fmin/fmax"),
    (path::DFMA_PRED, "compares"),
    (
        path::CONVERT,
        "conversions, roundings, fldexp, ffract, frexp",
    ),
    (path::BITOPS, "fsgnj*, fclass, cmp.class"),
];

/// `count` random operations of one family (`None`: every operation).
fn ops(family_of: Option<u64>, count: usize, seed: u64) -> Vec<LineOp> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut list = Vec::with_capacity(count);
    while list.len() < count {
        let req = random_request(&mut state);
        if family_of.is_none_or(|f| family(req.op) == f) {
            list.push((format_request(&req), encode(&req)));
        }
    }
    numbered(list)
}

fn gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 20,
        max: 3,
        seed,
    }
}

#[test]
fn rust_hdl_matches_model_on_every_family() {
    for (f, name) in FAMILIES {
        let count = 800;
        let t = run_and_check(
            "fp64",
            Engine::RustHdl,
            &ops(Some(f), count, 1 + f),
            gaps(2),
        );
        println!(
            "fp64 rust-hdl {name}: {count} ops in {:.2} s ({:.0} ops/s)",
            t.as_secs_f64(),
            count as f64 / t.as_secs_f64()
        );
    }
}

#[test]
#[ignore = "long: 100 k operations per family through rust-hdl (minutes)"]
fn rust_hdl_100k_per_family() {
    const PER_FAMILY: usize = 100_000;
    const CHUNK: usize = 25_000;
    for (f, name) in FAMILIES {
        let mut total = Duration::ZERO;
        for chunk in 0..PER_FAMILY / CHUNK {
            total += run_and_check(
                "fp64",
                Engine::RustHdl,
                &ops(Some(f), CHUNK, 100 + 8 * chunk as u64 + f),
                gaps(chunk as u64),
            );
        }
        println!(
            "fp64 rust-hdl {name}: {PER_FAMILY} ops in {:.1} s ({:.0} ops/s)",
            total.as_secs_f64(),
            PER_FAMILY as f64 / total.as_secs_f64()
        );
    }
}

#[test]
fn verilator_and_iverilog_match_model_and_rust_hdl_cycle_for_cycle() {
    if require("fp64 verilator", &["verilator"]).is_none() {
        return;
    }
    let list = ops(None, 20_000, 3);
    let t = run_and_check("fp64", Engine::Verilator, &list, gaps(4));
    println!(
        "fp64 verilator: {} ops in {:.2} s",
        list.len(),
        t.as_secs_f64()
    );
    let short = ops(None, 1_000, 5);
    let verilated = run_ops("fp64", Engine::Verilator, &short, gaps(6), None).unwrap();
    let direct = run_ops("fp64", Engine::RustHdl, &short, gaps(6), None).unwrap();
    assert_eq!(verilated, direct, "fp64: cycle for cycle");
    if require("fp64 iverilog", &["iverilog"]).is_some() {
        let icarus = run_ops("fp64", Engine::Iverilog, &short, gaps(6), None).unwrap();
        assert_eq!(icarus, direct, "fp64: Icarus cycle for cycle");
    }
}

#[test]
#[ignore = "long: 1 M operations through Verilator"]
fn verilator_1m() {
    if require("fp64 verilator", &["verilator"]).is_none() {
        return;
    }
    const TOTAL: usize = 1_000_000;
    const CHUNK: usize = 250_000;
    let mut total = Duration::ZERO;
    for chunk in 0..TOTAL / CHUNK {
        total += run_and_check(
            "fp64",
            Engine::Verilator,
            &ops(None, CHUNK, 1000 + chunk as u64),
            Gaps::None,
        );
    }
    println!(
        "fp64 verilator: {TOTAL} ops in {:.1} s (simulation and I/O)",
        total.as_secs_f64()
    );
}

#[test]
fn every_family_is_generated() {
    let list = ops(None, 4000, 9);
    for (f, name) in FAMILIES {
        let n = list
            .iter()
            .filter(|l| {
                let mnemonic = l.text.split_whitespace().next().unwrap();
                family(Fp64Op::from_mnemonic(mnemonic).unwrap()) == f
            })
            .count();
        assert!(n > 200, "{name}: {n}");
    }
}
