//! REDUX's RTL against its golden model (units::redux::model, checked against a
//! plain reference in redux_model.rs): every op over random, empty, single-lane
//! and full masks, one operation per clock, in rust-hdl and Verilator (the
//! checks every unit passes are in `conformance.rs`).

use testbench::engines::{run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{check_against_model, numbered, LineOp};
use units::redux::codec::{encode, instructions, random_request, ReduxCodec};
use units::redux::model::{ReduxRequest, LANES};
use units::redux::rtl::LATENCY;
use units::redux::vectors::format_request;
use units::unit::xorshift;

fn numbered_requests(reqs: &[ReduxRequest]) -> Vec<LineOp> {
    numbered(
        reqs.iter()
            .map(|r| (format_request(r), encode(r)))
            .collect(),
    )
}

/// For every legal (op, type): the empty mask, each single lane, the full mask and
/// random masks, over lanes with both signs, extremes and duplicates.
fn directed(seed: u64) -> Vec<ReduxRequest> {
    let mut state = seed;
    let mut reqs = Vec::new();
    for (op, ty) in instructions() {
        let mut masks = vec![0u32, u32::MAX, 0x5555_5555, 0x8000_0001];
        masks.extend((0..32).map(|i| 1u32 << i));
        for _ in 0..16 {
            masks.push(xorshift(&mut state) as u32);
        }
        for mask in masks {
            let mut req = random_request(&mut state);
            req.op = op;
            req.ty = ty;
            req.mask = mask;
            reqs.push(req);
        }
    }
    reqs
}

fn random(count: usize, seed: u64) -> Vec<ReduxRequest> {
    let mut state = seed;
    (0..count).map(|_| random_request(&mut state)).collect()
}

fn run_checked(
    engine: Engine,
    reqs: &[ReduxRequest],
    gaps: Gaps,
) -> Vec<testbench::stream::Observation> {
    let list = numbered_requests(reqs);
    let obs = run_ops("redux", engine, &list, gaps, None).unwrap();
    check_against_model(&mut ReduxCodec, &list, &obs).unwrap();
    obs
}

#[test]
fn every_op_over_empty_single_full_and_random_masks() {
    let reqs = directed(1);
    let obs = run_checked(Engine::RustHdl, &reqs, Gaps::None);
    // One per clock: answer i comes out at cycle i + LATENCY.
    for (i, o) in obs.iter().enumerate() {
        assert_eq!(o.cycle, (i + LATENCY) as u64, "answer {i}");
    }
}

#[test]
fn random_operations_with_gaps() {
    let reqs = random(20_000, 2);
    run_checked(
        Engine::RustHdl,
        &reqs,
        Gaps::Random {
            percent: 20,
            max: 3,
            seed: 3,
        },
    );
}

#[test]
fn single_lane_gives_the_lane_and_empty_gives_the_identity() {
    // Independent of the model: a single active lane comes out unchanged.
    let mut state = 4u64;
    let mut reqs = Vec::new();
    for (op, ty) in instructions() {
        for lane in 0..LANES {
            let mut req = random_request(&mut state);
            req.op = op;
            req.ty = ty;
            req.mask = 1 << lane;
            reqs.push(req);
        }
    }
    let obs = run_checked(Engine::RustHdl, &reqs, Gaps::None);
    for (req, o) in reqs.iter().zip(&obs) {
        let lane = req.mask.trailing_zeros() as usize;
        assert_eq!(
            o.outputs[2] as u32,
            req.lanes[lane],
            "{}",
            format_request(req)
        );
    }
}

#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("redux verilator", &["verilator"]).is_none() {
        return;
    }
    let gaps = Gaps::Random {
        percent: 10,
        max: 4,
        seed: 8,
    };
    let mut reqs = directed(7);
    reqs.extend(random(200_000, 7));
    run_checked(Engine::Verilator, &reqs, gaps);
    let head = numbered_requests(&reqs[..20_000]);
    let verilated = run_ops("redux", Engine::Verilator, &head, gaps, None).unwrap();
    let direct = run_ops("redux", Engine::RustHdl, &head, gaps, None).unwrap();
    assert_eq!(verilated, direct);
}
