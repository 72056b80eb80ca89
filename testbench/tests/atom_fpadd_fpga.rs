//! The atomic unit's binary64 adder alone on the ECP5-85k, at each pipeline
//! depth: `F64AddPipe::with_phases(F64, rule, k)` for k = 2, 3, 4 (only the
//! depths in `FPADD_K`, 2 to 10, e.g. `FPADD_K=9,4`, when set). The wrapper feeds the
//! operands from flip-flops and captures `result` into flip-flops, so every
//! phase is a register-to-register path. Prints LUT4, FF, Fmax and the critical
//! path of each. Minutes per depth, hence ignored:
//! `cargo test -p testbench --release --test atom_fpadd_fpga -- --ignored --nocapture`.

use rust_hdl::prelude::{generate_verilog, Block};
use testbench::fpga::{run, Target};
use testbench::tools::require;
use units::atom::fpadd::{NanRule, F64};
use units::atom::fpadd_rtl::F64AddPipe;
use units::atom::model::F64_INVALID_NAN;
use units::registry::rename_top;
use units::unit::{Port, UnitInfo};

/// The Verilog top module's name for depth `k` (also the build folder).
fn name(k: usize) -> &'static str {
    match k {
        2 => "fpadd64_k2",
        3 => "fpadd64_k3",
        4 => "fpadd64_k4",
        5 => "fpadd64_k5",
        6 => "fpadd64_k6",
        7 => "fpadd64_k7",
        8 => "fpadd64_k8",
        9 => "fpadd64_k9",
        10 => "fpadd64_k10",
        _ => panic!("depth {k}"),
    }
}

fn info(k: usize) -> UnitInfo {
    UnitInfo {
        name: name(k).to_string(),
        description: "binary64 float adder of the atomic unit",
        latency: k - 1,
        min_latency: k - 1,
        pipeline_stages: k - 1,
        rom_bits: 0,
        params: vec![],
        ecp5_lut_wire_ps: units::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input("a", 64, "left operand"),
            Port::input("b", 64, "right operand"),
            Port::input("flush", 1, "flush subnormals"),
            Port::output("result", 64, "a + b, k - 1 clocks later"),
        ],
    }
}

/// The last critical-path section of nextpnr's log (empty when absent).
fn critical_path(log: &str) -> String {
    log.rfind("Critical path report for clock")
        .map(|at| {
            let mut lines = log[at..].lines();
            let head = lines.next().unwrap_or_default();
            std::iter::once(head)
                .chain(
                    lines
                        .take_while(|l| !matches!(l.trim(), "" | "Info:"))
                        .take(150),
                )
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

#[test]
#[ignore]
fn fpadd64_on_ecp5_at_each_depth() {
    if require("fpga flow", &Target::ECP5.tools()).is_none() {
        return;
    }
    let depths: Vec<usize> = std::env::var("FPADD_K")
        .map(|s| s.split(',').map(|k| k.trim().parse().unwrap()).collect())
        .unwrap_or_else(|_| vec![2, 3, 4]);
    let rule = NanRule::PropagateLast {
        invalid: F64_INVALID_NAN,
    };
    for k in depths {
        let mut uut = F64AddPipe::with_phases(F64, rule, k);
        uut.connect_all();
        let verilog = rename_top(&generate_verilog(&uut), name(k));
        let report = run(&info(k), &verilog, Target::ECP5).unwrap();
        println!(
            "k={k}: LUT4 {} FF {} CCU2C {} Fmax {:?} MHz\n{}",
            report.lut4,
            report.ff,
            report.carry,
            report.fmax_mhz,
            report.to_json()
        );
        let log = std::fs::read_to_string(report.build_dir.join("nextpnr.log")).unwrap_or_default();
        println!("{}", critical_path(&log));
        assert!(report.routed, "k={k} did not route: {:?}", report.failure);
    }
}
