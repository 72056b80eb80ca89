//! FCHK.DIVIDE through the XMU's whole flow: vector lines, the rust-hdl RTL
//! driven directly, the exported Verilog in Verilator and Icarus Verilog,
//! against the golden model (`units::xmu::fchk`, whose window is checked
//! against div.rn.f32's fast sequence in `fchk.rs`), mixed with the unit's
//! other operations, and at every pipeline depth.

use testbench::engines::{run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{check_against_model, numbered, LineOp};
use units::unit::{xorshift, UnitCodec};
use units::xmu::codec::{line, model, XmuCodec};
use units::xmu::fchk::{DIFF_MAX, DIFF_MIN, D_EXP_MAX, N_EXP_MIN};
use units::xmu::rtl::control::XmuOp;

/// Binary32 operands of every class: ±0, subnormals, ±∞, NaNs, and normals
/// whose exponent fields sit on and next to each bound of the window.
fn directed() -> Vec<u32> {
    let mut exps = vec![1, 2, 126, 127, 128, 253, 254];
    for b in [
        N_EXP_MIN,
        D_EXP_MAX,
        127 + DIFF_MIN,
        127 + DIFF_MAX,
        254 - DIFF_MAX,
        1 - DIFF_MIN,
    ] {
        exps.extend([b - 1, b, b + 1]);
    }
    exps.retain(|e| (1..=254).contains(e));
    let mut v = vec![
        0,
        0x8000_0000,
        1,
        0x007F_FFFF,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0x7F80_0001,
    ];
    for e in exps {
        for m in [0u32, 0x7F_FFFF] {
            v.push(((e as u32) << 23) | m);
        }
    }
    v
}

/// Every directed pair, then random pairs and the XMU's own random lines
/// (other operations in between), `count` lines in all.
fn ops(count: usize, seed: u64) -> Vec<LineOp> {
    let codec = XmuCodec;
    let d = directed();
    let mut list: Vec<String> = vec![];
    for &n in &d {
        for &dd in &d {
            list.push(line(&XmuOp::Fchk, n as u64, dd as u64));
        }
    }
    let mut state = seed | 1;
    let others = codec.random_lines(count, seed);
    let mut k = 0;
    while list.len() < count {
        let r = xorshift(&mut state);
        if r.is_multiple_of(3) {
            list.push(others[k].clone());
            k += 1;
        } else {
            let (n, dd) = ((r >> 32) as u32, r as u32);
            list.push(line(&XmuOp::Fchk, n as u64, dd as u64));
        }
    }
    list.truncate(count);
    numbered(
        list.into_iter()
            .map(|text| {
                let op = codec.parse(&text).expect("generated lines parse");
                (text, op)
            })
            .collect(),
    )
}

#[test]
fn lines_parse_and_print_and_the_model_answers_0_or_1() {
    let mut codec = XmuCodec;
    let op = codec.parse("fchk.divide 3f800000 40400000").unwrap();
    assert_eq!(codec.model(&op).unwrap(), "00000000");
    let op = codec.parse("FCHK.DIVIDE 00000000 40400000").unwrap();
    assert_eq!(codec.model(&op).unwrap(), "00000001");
    assert!(codec.parse("fchk.divide 3f800000").is_err());
    assert!(codec.parse("fchk.divide 3f800000 4040000").is_err());
    for &n in &directed() {
        for &d in &directed() {
            let m = model(&XmuOp::Fchk, n as u64, d as u64);
            assert_eq!(m, units::xmu::fchk::divide(n, d) as u64);
        }
    }
}

#[test]
fn rtl_matches_model_directed_and_random_back_to_back() {
    let list = ops(8_000, 11);
    let obs = run_ops("xmu", Engine::RustHdl, &list, Gaps::None, None).unwrap();
    check_against_model(&mut XmuCodec, &list, &obs).unwrap();
    assert_eq!(
        obs.last().unwrap().cycle,
        list.len() as u64 - 1 + units::xmu::rtl::LATENCY as u64
    );
}

#[test]
fn every_depth_answers_fchk_after_its_latency() {
    let list = ops(2_000, 12);
    let plain: Vec<_> = list.iter().map(|o| o.op.clone()).collect();
    let stim = testbench::stream::stimuli(&plain, Gaps::None);
    for depth in [1, 4, 7, 11] {
        let info = units::xmu::codec::info_at(format!("xmu_d{depth}"), depth);
        let mut uut = units::xmu::rtl::Xmu::new(depth);
        let obs = testbench::direct::run(&mut uut, &info, &stim);
        assert_eq!(
            obs.last().unwrap().cycle,
            list.len() as u64 - 1 + depth as u64
        );
        check_against_model(&mut XmuCodec, &list, &obs).unwrap();
    }
}

#[test]
fn verilator_and_icarus_match_model_and_rust_hdl() {
    if require("xmu fchk verilator", &["verilator", "iverilog"]).is_none() {
        return;
    }
    let gaps = Gaps::Random {
        percent: 10,
        max: 3,
        seed: 13,
    };
    let list = ops(200_000, 14);
    let verilated = run_ops("xmu", Engine::Verilator, &list, gaps, None).unwrap();
    check_against_model(&mut XmuCodec, &list, &verilated).unwrap();
    let head = &list[..3_000];
    let icarus = run_ops("xmu", Engine::Iverilog, head, gaps, None).unwrap();
    check_against_model(&mut XmuCodec, head, &icarus).unwrap();
    let direct = run_ops("xmu", Engine::RustHdl, head, gaps, None).unwrap();
    assert_eq!(icarus, direct);
    assert_eq!(&verilated[..icarus.len()], &icarus[..]);
}
