//! The MUFU RTL (`units::mufu::rtl`) against its golden model
//! (`units::mufu::model`, itself checked against exact math in
//! `mufu_model.rs`) on every function's special operands and random traffic:
//! rust-hdl driven directly, the exported Verilog in Verilator (the default
//! and the deepest unit) and Icarus Verilog, cycle for cycle; the coefficient
//! ROM against the generator. What every unit must pass (latency of every
//! depth, the `Simulation` harness, lint, example vectors, the gtkwave save
//! file) is in `conformance.rs`.
//!
//! Long runs (timings printed):
//! `RTLGEN_REQUIRE_TOOLS=1 cargo test -p testbench --test mufu_rtl -- --ignored --nocapture`.

use rust_hdl::prelude::{simulate, Block, Clock};
use std::time::Instant;
use testbench::engines::{run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{check_against_model, numbered, LineOp};
use units::mufu::codec::{encode, encode_raw, random_operand, random_request};
use units::mufu::model::MufuFunc;
use units::mufu::rtl::{CoefRom, DEFAULT_DEPTH, MAX_DEPTH};
use units::mufu::vectors::MufuRequest;
use units::unit::{xorshift, Operation};

/// Operands every function must get right: zeros, subnormals (DAZ), infinities,
/// NaNs, 1.0, the normal range's ends, and each function's own boundaries
/// (range reduction edges, saturation points, region splits, binary64 high words).
const SPECIALS: &[u32] = &[
    0x0000_0000,
    0x0000_0001,
    0x007F_FFFF,
    0x0040_0000,
    0x7F80_0000,
    0x7FC0_0000,
    0x7F80_0001,
    0x7FFF_FFFF,
    0x3F80_0000,
    0x0080_0000,
    0x0080_0001,
    0x7F7F_FFFF,
    0x3F7F_FFFF,
    0x3F80_0001,
    0x4000_0000,
    0x3F00_0000,
    0x3FC0_0000,
    0x4040_0000,
    0x4080_0000,
    0x3FFF_FFFF,
    // EX2: ±128, just inside, the underflow and overflow edges, tiny arguments.
    0x4300_0000,
    0x42FF_FFFF,
    0x42FE_0000,
    0x42FC_0000,
    0x4301_0000,
    0x3300_0000,
    0x2F80_0000,
    // SIN/COS: quarter turns, 2^22, 2^23 and beyond, tiny arguments.
    0x3E80_0000,
    0x3F40_0000,
    0x4A80_0001,
    0x4B00_0000,
    0x4B7F_FFFF,
    0x4C00_0000,
    0x1000_0000,
    // TANH: 2^-12 and below, the difference form's end, 8, 9 and just below.
    0x3980_0000,
    0x397F_FFFF,
    0x3E00_0000,
    0x3DFF_FFFF,
    0x4100_0000,
    0x4110_0000,
    0x410F_FFFF,
    // binary64 high words: 1.0, 2.0, min normal, max, ∞, NaN, subnormal.
    0x3FF0_0000,
    0x4000_0000,
    0x0010_0000,
    0x7FEF_FFFF,
    0x7FF0_0000,
    0x7FF0_0001,
    0x000F_FFFF,
    0x3FEF_FFFF,
    0x3FF8_0000,
];

fn lines(ops: Vec<Operation>) -> Vec<LineOp> {
    numbered(
        ops.into_iter()
            .map(|op| (format!("{:?}", op.inputs), op))
            .collect(),
    )
}

/// Every function × every special operand × both signs × the four modifier
/// combinations, and the invalid selectors 10..15.
fn directed() -> Vec<Operation> {
    let mut ops = Vec::new();
    for f in MufuFunc::ALL {
        for &x in SPECIALS {
            for sign in [0, 0x8000_0000] {
                for (abs, neg) in [(false, false), (true, false), (false, true), (true, true)] {
                    ops.push(encode_raw(f.sel(), abs, neg, x | sign));
                }
            }
        }
    }
    for sel in 10..16u8 {
        for &x in &SPECIALS[..8] {
            ops.push(encode_raw(sel, false, sel & 1 == 1, x));
        }
    }
    ops
}

fn random(count: usize, seed: u64) -> Vec<Operation> {
    let mut state = seed;
    (0..count)
        .map(|_| encode(&random_request(&mut state)))
        .collect()
}

/// `count` random operands for one function (with random modifiers).
fn random_for(f: MufuFunc, count: usize, seed: u64) -> Vec<Operation> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            let r = xorshift(&mut state);
            let req = MufuRequest {
                func: f,
                abs: r & 3 == 0,
                neg: (r >> 2) & 3 == 0,
                x: random_operand(f, &mut state),
                tag: 0,
            };
            encode(&req)
        })
        .collect()
}

fn gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 15,
        max: 3,
        seed,
    }
}

fn run_checked(
    unit: &str,
    engine: Engine,
    list: &[LineOp],
    gaps: Gaps,
) -> Vec<testbench::stream::Observation> {
    let obs = run_ops(unit, engine, list, gaps, None).unwrap();
    let mut codec = units::registry::Unit::parse(unit).unwrap().codec();
    check_against_model(codec.as_mut(), list, &obs).unwrap();
    obs
}

#[test]
fn coefficient_rom_equals_the_generator_at_every_address() {
    // The generator's words with their fields at the RTL's fixed places
    // (checked against the generator's packing in `units::mufu::rtl::rom`).
    let image = units::mufu::rtl::rom_image();
    // The simulated ROM, read address by address, with and without its
    // output register.
    for outreg in [false, true] {
        let mut rom = CoefRom::new(outreg);
        rom.connect_all();
        assert_eq!(rom.latency(), 1 + outreg as usize);
        for (a, &w) in image.iter().enumerate() {
            rom.address.next = (a as u64).into();
            for _ in 0..rom.latency() {
                rom.clock.next = Clock { clk: false };
                assert!(simulate(&mut rom, 10));
                rom.clock.next = Clock { clk: true };
                assert!(simulate(&mut rom, 10));
            }
            assert_eq!(rom.data.val().to_u64(), w, "address {a}, outreg {outreg}");
        }
    }
    // The exported behavioural initialiser, line by line, and the DP16KD
    // INITVALs: word 16·xx + i of block b in bits 20·i .. 20·i + 17.
    let verilog = units::registry::Unit::parse("mufu").unwrap().verilog();
    let mut seen = 0;
    let mut from_initval = vec![0u64; image.len()];
    let mut initvals = 0;
    let mut block = None;
    for line in verilog.lines() {
        let line = line.trim();
        if let Some(b) = line.strip_prefix(") bram") {
            block = Some(b.trim_end_matches(" (").parse::<usize>().unwrap());
        }
        if line.starts_with("DP16KD #(") {
            block = None;
        }
        if let Some(rest) = line.strip_prefix(".INITVAL_") {
            let (xx, value) = rest.split_once("(320'h").unwrap();
            let xx = usize::from_str_radix(xx, 16).unwrap();
            let value = value.trim_end_matches("),");
            assert_eq!(value.len(), 80);
            // The block's number follows its parameters: count instead.
            let b = initvals / 64;
            for i in 0..16 {
                let slot = &value[80 - 5 * (i + 1)..80 - 5 * i];
                let w = u64::from_str_radix(slot, 16).unwrap();
                assert!(w < 1 << 18, "slot bits 18, 19 are zero");
                from_initval[16 * xx + i] |= w << (18 * b);
            }
            initvals += 1;
            continue;
        }
        let Some(rest) = line.strip_prefix("mem[") else {
            continue;
        };
        let (addr, value) = rest.split_once("] = 54'h").expect("a 54-bit word");
        let addr: usize = addr.parse().unwrap();
        let value = u64::from_str_radix(value.trim_end_matches(';'), 16).unwrap();
        assert_eq!(value, image[addr], "Verilog ROM address {addr}");
        seen += 1;
    }
    assert_eq!(block, Some(2), "three blocks");
    assert_eq!(initvals, 3 * 64);
    assert_eq!(from_initval, image, "the DP16KD INITVALs hold the image");
    assert_eq!(seen, image.len(), "every address initialised");
}

#[test]
fn special_values_and_invalid_selectors_one_per_clock() {
    let list = lines(directed());
    let obs = run_checked("mufu", Engine::RustHdl, &list, Gaps::None);
    for (i, o) in obs.iter().enumerate() {
        assert_eq!(o.cycle, (i + DEFAULT_DEPTH) as u64, "answer {i}");
    }
    // Independent of the model: a selector 10..15 answers the canonical NaN.
    let base = list.len() - 48;
    for o in &obs[base..] {
        assert_eq!(o.outputs[2], 0x7FFF_FFFF);
    }
}

/// `out_rnd` (the rounding bits the SFU rounds again with) against
/// [`units::mufu::model::rounding`], the unit clocked directly: every
/// function on random operands and the special operands, one per clock.
#[test]
fn rounding_bits_equal_the_model() {
    use units::mufu::model::{apply_modifiers, rounding};
    use units::mufu::rtl::Mufu;
    let mut ops: Vec<(MufuFunc, u32)> = Vec::new();
    let mut state = 77;
    for f in MufuFunc::ALL {
        for &x in SPECIALS {
            ops.push((f, x));
            ops.push((f, x | 0x8000_0000));
        }
        for _ in 0..3_000 {
            ops.push((f, random_operand(f, &mut state)));
        }
    }
    let mut uut = Mufu::with_rounding_bits(DEFAULT_DEPTH);
    uut.connect_all();
    let latency = uut.latency();
    let mut seen = [0usize; 4];
    for cycle in 0..ops.len() + latency - 1 {
        if let Some(&(f, x)) = ops.get(cycle) {
            uut.in_valid.next = true;
            uut.in_func.next = (f.sel() as u64).into();
            uut.in_abs.next = false;
            uut.in_neg.next = false;
            uut.in_x.next = (x as u64).into();
        } else {
            uut.in_valid.next = false;
        }
        uut.clock.next = Clock { clk: false };
        assert!(simulate(&mut uut, 1000));
        uut.clock.next = Clock { clk: true };
        assert!(simulate(&mut uut, 1000));
        if cycle + 1 >= latency {
            let (f, x) = ops[cycle + 1 - latency];
            assert!(uut.out_valid.val());
            let want = rounding(f, apply_modifiers(false, false, x));
            let got = uut.out_rnd.val().to_u64() as u8;
            assert_eq!(got, want, "{} {x:#010x}", f.name());
            seen[got as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every rounding case: {seen:?}");
    // The unit `mufu` leaves the port at 0 (and its netlist without it).
    let verilog = units::registry::Unit::parse("mufu").unwrap().verilog();
    assert!(verilog.contains("rounding_bits = 1'b0") && verilog.contains("out_rnd"));
}

#[test]
fn random_operations_every_function_with_gaps() {
    let mut ops = Vec::new();
    for (i, f) in MufuFunc::ALL.into_iter().enumerate() {
        ops.extend(random_for(f, 600, 100 + i as u64));
    }
    ops.extend(random(2_000, 3));
    run_checked("mufu", Engine::RustHdl, &lines(ops), gaps(4));
}

#[test]
#[ignore]
fn long_random_100k_per_function_rust_hdl() {
    for (i, f) in MufuFunc::ALL.into_iter().enumerate() {
        let t = Instant::now();
        let list = lines(random_for(f, 100_000, 1000 + i as u64));
        run_checked("mufu", Engine::RustHdl, &list, Gaps::None);
        println!("{}: 100k in {:.1?}", f.name(), t.elapsed());
    }
}

#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("mufu verilator", &["verilator"]).is_none() {
        return;
    }
    let t = Instant::now();
    let mut ops = directed();
    for (i, f) in MufuFunc::ALL.into_iter().enumerate() {
        ops.extend(random_for(f, 10_000, 200 + i as u64));
    }
    let list = lines(ops);
    run_checked("mufu", Engine::Verilator, &list, gaps(8));
    let head = &list[..4_000];
    let verilated = run_ops("mufu", Engine::Verilator, head, gaps(9), None).unwrap();
    let direct = run_ops("mufu", Engine::RustHdl, head, gaps(9), None).unwrap();
    assert_eq!(verilated, direct);
    println!("verilator: {} ops in {:.1?}", list.len(), t.elapsed());
}

#[test]
#[ignore]
fn verilator_long_1m() {
    if require("mufu verilator", &["verilator"]).is_none() {
        return;
    }
    let list = lines(random(1_000_000, 11));
    // Depth 8 (the halves joined), and the default: the deepest (every
    // boundary a register).
    for unit in ["mufu_d8".to_string(), format!("mufu_d{MAX_DEPTH}")] {
        let unit = unit.as_str();
        let t = Instant::now();
        run_checked(unit, Engine::Verilator, &list, gaps(12));
        println!("verilator {unit}: 1M ops in {:.1?}", t.elapsed());
    }
}

/// The deepest unit registers every boundary, the tiles' operands inside
/// the tiles among them (boundary 4m): its export in Verilator and Icarus,
/// against the model and rust-hdl cycle for cycle.
#[test]
fn deepest_unit_in_verilator_and_icarus() {
    let unit = &format!("mufu_d{MAX_DEPTH}");
    if require("mufu deepest", &["verilator", "iverilog", "vvp"]).is_none() {
        return;
    }
    let mut ops = directed();
    for (i, f) in MufuFunc::ALL.into_iter().enumerate() {
        ops.extend(random_for(f, 2_000, 300 + i as u64));
    }
    let list = lines(ops);
    let verilated = run_checked(unit, Engine::Verilator, &list, gaps(15));
    let direct = run_ops(unit, Engine::RustHdl, &list, gaps(15), None).unwrap();
    assert_eq!(verilated, direct);
    assert_eq!(direct[0].cycle, MAX_DEPTH as u64);
    let head = &list[..1_500];
    let icarus = run_checked(unit, Engine::Iverilog, head, gaps(16));
    let direct = run_ops(unit, Engine::RustHdl, head, gaps(16), None).unwrap();
    assert_eq!(icarus, direct);
}
