//! Places and routes the `fp64` unit's conversion block alone
//! (`units::fp64::rtl::convert`, 15 phases) on ECP5-85k grade 6, behind the
//! same registered-I/O wrapper as `rtl-gen fpga`, and prints the report as
//! JSON (Fmax per seed, the slowest register groups). A quicker loop than
//! the whole unit when working on the block's phases (about 40 s a seed
//! against 5–7 min).
//!
//! `cargo run --release -p testbench --example fp64_convert_fpga -- [wire_ps] [seeds]`
//! (`abc9 -W`, default 300; seeds default 1). Build files in
//! `fpga/build/fp64_convert/ecp5-85k/`.
use testbench::fpga::{run_seeds, Target};
use units::fp64::rtl::convert::{verilog, CONVERT_LATENCY};
use units::unit::{Port, UnitInfo, DEFAULT_ECP5_LUT_WIRE_PS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u32| -> u32 {
        args.get(k).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("argument {}: not a number: {s:?}", k + 1);
                std::process::exit(2)
            })
        })
    };
    let info = UnitInfo {
        name: "fp64_convert".into(),
        description: "the fp64 unit's conversion block",
        latency: CONVERT_LATENCY,
        min_latency: CONVERT_LATENCY,
        pipeline_stages: CONVERT_LATENCY,
        rom_bits: 0,
        params: vec![],
        ports: vec![
            Port::input("op", 6, "Fp64Op::code"),
            Port::input("a", 64, "source"),
            Port::input("b", 32, "fldexp's exponent"),
            Port::input("rm", 3, "rounding mode"),
            Port::input("daz", 1, "input flush"),
            Port::input("ftz", 1, "output flush"),
            Port::output("result", 64, "result"),
            Port::output("flags", 5, "NV DZ OF UF NX"),
        ],
        ecp5_lut_wire_ps: number(0, DEFAULT_ECP5_LUT_WIRE_PS),
    };
    let target = Target::parse("ecp5-85k").expect("a known target");
    match run_seeds(&info, &verilog(), target, number(1, 1)) {
        Ok(report) => println!("{}", report.to_json()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}
