//! The SFU RTL (`units::sfu::rtl`) against its golden model
//! (`units::sfu::model`): random operations of every mnemonic with gaps in
//! rust-hdl driven directly; answers matched by tag (they come back in any
//! order), nothing lost or duplicated; an approximation overtakes a divide;
//! a divide's answer is not starved by a stream of approximations; the
//! latency of each class. The registry's conformance suite adds Verilator,
//! Icarus, the lint, the example file and the gtkwave file.
//!
//! Long runs: `cargo test --release -p testbench --test sfu_rtl -- --ignored --nocapture`.

use testbench::conformance::{latency_is_exact, run_checked, stream};
use testbench::engines::Engine;
use testbench::stream::{Gaps, Observation};
use testbench::tools::require;
use testbench::vectors::{parse_vectors, LineOp};
use units::registry::Unit;
use units::sfu::codec::{random_request, SfuCodec};
use units::sfu::model::SfuOp;
use units::sfu::rtl::APPROX_LATENCY;

fn sfu() -> Unit {
    Unit::parse("sfu").expect("the registry knows the sfu")
}

fn ops_of(text: &str) -> Vec<LineOp> {
    parse_vectors(&SfuCodec, "sfu test", text.as_bytes()).expect("lines parse")
}

/// `per_op` random requests of every mnemonic, shuffled by the generator.
fn random_ops(per_op: usize, seed: u64) -> Vec<LineOp> {
    random_ops_of(&SfuOp::ALL, per_op, seed)
}

fn gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 30,
        max: 4,
        seed,
    }
}

#[test]
fn rust_hdl_matches_model_on_every_mnemonic_with_gaps() {
    let ops = random_ops(60, 3);
    run_checked(sfu(), Engine::RustHdl, &ops, gaps(5), None).unwrap();
    // Back to back too: divides refused while the engine is busy.
    run_checked(sfu(), Engine::RustHdl, &ops, Gaps::None, None).unwrap();
}

/// The binary32 results the SFU rounds a second time (log2 of a subnormal,
/// exp2 into the subnormal range): a stride over each range, about 6 % and
/// 3 % of whose answers depend on the MUFU's rounding bits (`out_rnd`:
/// rounding once instead of twice), in rust-hdl with gaps.
#[test]
fn rust_hdl_single_rounding_of_scaled_f32_results() {
    use units::sfu::model::{EXP2_SCALE_HI, EXP2_SCALE_LO};
    let mut text = String::new();
    for m in (1u32..0x80_0000).step_by(1999) {
        text += &format!("log2.f32 {m:08x}\n");
    }
    for mag in (EXP2_SCALE_LO + 1..EXP2_SCALE_HI).step_by(449) {
        text += &format!("exp2.f32 {:08x}\n", mag | 0x8000_0000);
    }
    let ops = ops_of(&text);
    run_checked(sfu(), Engine::RustHdl, &ops, gaps(13), None).unwrap();
}

#[test]
fn each_class_answers_after_its_latency() {
    latency_is_exact(sfu(), &stream(sfu(), 60, 9).unwrap()).unwrap();
}

/// The cycle of each answer, by line index.
fn answer_cycles(ops: &[LineOp], obs: &[Observation]) -> Vec<u64> {
    let mut cycles = vec![u64::MAX; ops.len()];
    for o in obs {
        let i = (0..ops.len())
            .find(|&i| {
                cycles[i] == u64::MAX && o.outputs[1] == testbench::stream::tag_of(i) as u128
            })
            .expect("an answer for a waiting operation");
        cycles[i] = o.cycle;
    }
    cycles
}

#[test]
fn an_approximation_overtakes_a_divide() {
    let ops =
        ops_of("fdiv.f64 3ff0000000000000 4008000000000000\nrsq.f32 40800000\nexp2.f16 3c00\n");
    let obs = run_checked(sfu(), Engine::RustHdl, &ops, Gaps::None, None).unwrap();
    let at = answer_cycles(&ops, &obs);
    assert_eq!(
        at[1],
        1 + APPROX_LATENCY as u64,
        "the approximation goes on"
    );
    assert!(at[1] < at[0] && at[2] < at[0], "{at:?}");
}

#[test]
fn a_divide_is_not_starved_by_approximations() {
    // Approximations every clock, a divide among them, and more
    // approximations for longer than the divide takes.
    let mut text = String::new();
    for _ in 0..30 {
        text += "sin.f32 3e000000\n";
    }
    text += "div 7fff1234 00000007\n";
    for _ in 0..120 {
        text += "sin.f32 3e000000\n";
    }
    let ops = ops_of(&text);
    let obs = run_checked(sfu(), Engine::RustHdl, &ops, Gaps::None, None).unwrap();
    let at = answer_cycles(&ops, &obs);
    let engine = units::sfu::codec::op_latency(SfuOp::Div, 0x7fff_1234, 7) as u64;
    assert!(
        at[30] <= 30 + engine + APPROX_LATENCY as u64,
        "the divide answered on cycle {}, engine latency {engine}",
        at[30]
    );
    assert!(
        at[30] > 30 + engine,
        "the output was busy: the divide waited"
    );
    // Exactly one approximation was refused to make room: the last of the
    // 151 operations was accepted on cycle 151, not 150.
    let last = *at.iter().max().unwrap();
    assert_eq!(last, ops.len() as u64 + APPROX_LATENCY as u64, "{at:?}");
}

/// Every binary16 operand of the seven binary16 forms, and 20 k random
/// operands of each binary32 approximation (subnormals and exp2's subnormal
/// results among them), MODE's 32-bit flush bits random, in Verilator.
#[test]
fn verilator_every_f16_operand_and_an_f32_sample() {
    if require("sfu verilator f16", &["verilator"]).is_none() {
        return;
    }
    let mut state = 0x5eed_u64;
    let mut text = String::new();
    let f16_forms = SfuOp::ALL
        .iter()
        .filter(|o| o.width() == 16 && o.is_approx());
    for op in f16_forms {
        for h in 0..=u16::MAX {
            let r = units::unit::xorshift(&mut state);
            let mode = match r % 4 {
                0 => " daz32",
                1 => " ftz32",
                2 => " daz32 ftz32",
                _ => "",
            };
            text += &format!("{}{mode} {h:04x}\n", op.mnemonic());
        }
    }
    let f32_forms = SfuOp::ALL
        .iter()
        .filter(|o| o.width() == 32 && o.is_approx());
    for &op in f32_forms {
        for _ in 0..20_000 {
            let mut req = random_request(&mut state);
            while req.op != op {
                req = random_request(&mut state);
            }
            text += &req.format();
            text.push('\n');
        }
    }
    let ops = ops_of(&text);
    run_checked(sfu(), Engine::Verilator, &ops, gaps(21), None).unwrap();
}

/// `count` random requests of each mnemonic in `ops`.
fn random_ops_of(ops: &[SfuOp], count: usize, seed: u64) -> Vec<LineOp> {
    let mut state = seed | 1;
    let mut counts = [0usize; 32];
    let mut text = String::new();
    while ops.iter().any(|o| counts[o.code() as usize] < count) {
        let req = random_request(&mut state);
        let c = &mut counts[req.op.code() as usize];
        if ops.contains(&req.op) && *c < count {
            *c += 1;
            text += &req.format();
            text.push('\n');
        }
    }
    ops_of(&text)
}

/// rust-hdl runs the SFU at about 4 k clocks a second: 100 k of every
/// approximation (one a clock) take minutes, but 100 k of every engine
/// operation (up to 80 clocks each, 44 M clocks) would take hours. The
/// engine's own RTL has its 100 k per mnemonic in `divsqrt_rtl`; here the
/// SFU's way to it and back gets 10 k per engine mnemonic; Verilator runs
/// 1 M of everything (`verilator_1m`).
#[test]
#[ignore = "long: 100 k random operations per approximation, 10 k per engine operation, through rust-hdl"]
fn rust_hdl_100k_per_approximation_10k_per_engine_op() {
    let approx: Vec<SfuOp> = SfuOp::ALL
        .iter()
        .copied()
        .filter(|o| o.is_approx())
        .collect();
    let engine: Vec<SfuOp> = SfuOp::ALL
        .iter()
        .copied()
        .filter(|o| !o.is_approx())
        .collect();
    for chunk in 0..10u64 {
        let ops = random_ops_of(&approx, 10_000, 100 + chunk);
        run_checked(sfu(), Engine::RustHdl, &ops, gaps(chunk), None).unwrap();
    }
    let ops = random_ops_of(&engine, 10_000, 200);
    run_checked(sfu(), Engine::RustHdl, &ops, gaps(11), None).unwrap();
}

#[test]
#[ignore = "long: 1 M random operations through Verilator"]
fn verilator_1m() {
    require("sfu verilator_1m", &["verilator"]);
    let ops = random_ops(1_000_000 / 24 + 1, 77);
    run_checked(sfu(), Engine::Verilator, &ops, gaps(78), None).unwrap();
}
