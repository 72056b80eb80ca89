//! Tests of the DFMA top block's depth plans.

use super::*;

#[test]
fn stage_plans_register_the_last_boundary_and_count_right() {
    for depth in 1..=MAX_DEPTH {
        let plan = stage_plan(depth);
        assert!(plan[B10]);
        assert_eq!(plan.iter().filter(|&&r| r).count(), depth);
        assert_eq!(Dfma::new(depth).latency(), depth);
        // Up to PHASES only phase boundaries; beyond, every one of them.
        let mids = MID_PRIORITY.iter().filter(|&&b| plan[b]).count();
        assert_eq!(mids, depth.saturating_sub(PHASES));
    }
    assert_eq!(stage_plan(MAX_DEPTH), [true; MAX_DEPTH]);
    assert_eq!(
        stage_plan(PHASES).map(|r| r as usize).iter().sum::<usize>(),
        PHASES
    );
}

/// Boundary instances per boundary: the control word and the bundle
/// (three at 1m: [`Mid1`] and [`Pre1`]; four at 10: the result, the flags
/// and the result's NaN/subnormal bits).
fn instances(b: usize) -> usize {
    match b {
        // ctl10, d10, f10 and k10 (the result's NaN/subnormal bits).
        B10 => 4,
        B1M => 3,
        _ => 2,
    }
}

#[test]
fn verilog_names_the_registers_and_keeps_the_tiles() {
    let mut uut = Dfma::new(6);
    uut.connect_all();
    let v = generate_verilog(&uut);
    let plan = stage_plan(6);
    let count = |registered: bool| -> usize {
        (0..MAX_DEPTH)
            .filter(|&b| plan[b] == registered)
            .map(instances)
            .sum()
    };
    // The boundaries' instances, and the 16 tiles of boundary 1.
    assert!(plan[B1]);
    assert_eq!(
        v.matches("localparam  registered = 1'b1;").count(),
        count(true) + 16
    );
    assert_eq!(
        v.matches("localparam  registered = 1'b0;").count(),
        count(false)
    );
    assert_eq!(
        v.matches("MULT18X18D #(").count(),
        16,
        "16 registered tiles"
    );
    // Depth 5 leaves boundary 1 a wire: the tiles are plain products.
    assert!(!stage_plan(5)[B1]);
    let mut shallow = Dfma::new(5);
    shallow.connect_all();
    let v = generate_verilog(&shallow);
    assert_eq!(v.matches("MULT18X18D #(").count(), 0, "no primitive");
    assert_eq!(
        v.matches("assign p = registered ? a_q * b_q : a * b;")
            .count(),
        16,
        "16 behavioural tiles"
    );
    // The deepest unit registers every boundary.
    let mut deep = Dfma::new(MAX_DEPTH);
    deep.connect_all();
    let v = generate_verilog(&deep);
    assert_eq!(v.matches("localparam  registered = 1'b0;").count(), 0);
}
