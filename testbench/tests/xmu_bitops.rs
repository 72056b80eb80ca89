//! XMU bit operations: the model against plain Rust, and the RTL (rust-hdl
//! direct, Verilator) against the model (the checks every unit passes are in
//! `conformance.rs`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use testbench::engines::{run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{check_against_model, numbered, LineOp};
use units::unit::UnitCodec;
use units::xmu::bitops::{execute, BitOp, FLO_NONE};
use units::xmu::codec::XmuCodec;

/// The reference: Rust's own bit intrinsics, independent of the model's loops.
fn reference(op: BitOp, x: u32) -> u32 {
    match op {
        BitOp::Popc => x.count_ones(),
        BitOp::Brev => x.reverse_bits(),
        BitOp::Flo {
            signed,
            shift_amount,
        } => {
            let y = if signed && (x as i32) < 0 { !x } else { x };
            if y == 0 {
                FLO_NONE
            } else if shift_amount {
                y.leading_zeros()
            } else {
                31 - y.leading_zeros()
            }
        }
    }
}

/// Operands that stress every op: zero, all ones, the sign boundary, single bits,
/// runs of ones from either end and their complements.
fn directed_operands() -> Vec<u32> {
    let mut values = vec![0, !0, 0x8000_0000, 0x7fff_ffff, 1, 0x5555_5555, 0xaaaa_aaaa];
    for i in 0..32 {
        values.push(1 << i);
        values.push(!(1u32 << i));
        values.push(u32::MAX >> i);
        values.push(u32::MAX << i);
    }
    values
}

fn ops(count: usize, seed: u64) -> Vec<LineOp> {
    let codec = XmuCodec;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut list = Vec::new();
    for x in directed_operands() {
        for op in BitOp::ALL {
            list.push(format!("{} {x:08x}", op.mnemonic()));
        }
    }
    while list.len() < count {
        let op = BitOp::ALL[rng.gen_range(0..BitOp::ALL.len())];
        // Half the operands with short runs, so FLO sees every index.
        let x: u32 = if rng.gen() {
            rng.gen()
        } else {
            rng.gen::<u32>() >> rng.gen_range(0..32)
        };
        list.push(format!("{} {x:08x}", op.mnemonic()));
    }
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
fn model_matches_plain_rust_on_directed_and_random_inputs() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let randoms: Vec<u32> = (0..1_000_000).map(|_| rng.gen()).collect();
    for x in directed_operands().into_iter().chain(randoms) {
        for op in BitOp::ALL {
            assert_eq!(
                execute(op, x),
                reference(op, x),
                "{} {x:08x}",
                op.mnemonic()
            );
        }
    }
}

/// Every one of the 2^32 inputs for every op (about a minute on two cores).
#[test]
#[ignore]
fn model_matches_plain_rust_exhaustively() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let chunk = (1u64 << 32) / threads;
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                for x in (t * chunk)..((t + 1) * chunk) {
                    let x = x as u32;
                    for op in BitOp::ALL {
                        assert_eq!(
                            execute(op, x),
                            reference(op, x),
                            "{} {x:08x}",
                            op.mnemonic()
                        );
                    }
                }
            });
        }
    });
}

/// `n` random and directed bit ops back to back through rust-hdl, each answer
/// checked, the last one exactly `LATENCY` cycles after the last operation.
fn back_to_back(n: usize) {
    let list = ops(n, 2);
    let obs = run_ops("xmu", Engine::RustHdl, &list, Gaps::None, None).unwrap();
    check_against_model(&mut XmuCodec, &list, &obs).unwrap();
    assert_eq!(
        obs.last().unwrap().cycle,
        list.len() as u64 - 1 + units::xmu::rtl::LATENCY as u64
    );
}

#[test]
fn rtl_matches_model_on_5k_vectors_back_to_back() {
    // The unit's rust-hdl model runs about 1.3 k cycles/s (its conversion
    // datapath is 64 bits wide); Verilator below takes 200 k in CI.
    back_to_back(5_000);
}

#[test]
#[ignore = "100 k operations through rust-hdl: about 80 s on an idle core"]
fn rtl_matches_model_on_100k_vectors_back_to_back() {
    back_to_back(100_000);
}

#[test]
fn rtl_matches_model_with_random_gaps() {
    let list = ops(2_000, 3);
    let gaps = Gaps::Random {
        percent: 30,
        max: 3,
        seed: 4,
    };
    let obs = run_ops("xmu", Engine::RustHdl, &list, gaps, None).unwrap();
    check_against_model(&mut XmuCodec, &list, &obs).unwrap();
}

#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("verilator_matches_model", &["verilator"]).is_none() {
        return;
    }
    let list = ops(200_000, 7);
    let gaps = Gaps::Random {
        percent: 10,
        max: 4,
        seed: 8,
    };
    let obs = run_ops("xmu", Engine::Verilator, &list, gaps, None).unwrap();
    check_against_model(&mut XmuCodec, &list, &obs).unwrap();
    let head = &list[..2_000];
    let verilated = run_ops("xmu", Engine::Verilator, head, gaps, None).unwrap();
    let direct = run_ops("xmu", Engine::RustHdl, head, gaps, None).unwrap();
    assert_eq!(verilated, direct);
}
