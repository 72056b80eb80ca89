//! `verilator --lint-only -Wall` on exported Verilog, under the project's lint
//! policy (STYLE.md): nothing is switched off wholesale; each warning is sorted
//! into a waiver with its reason, or a failure.
//!
//! Waived, because they are how rust-hdl 0.46 writes Verilog and are harmless:
//! - `DECLFILENAME`: rust-hdl exports every module of a unit into one file;
//! - `UNUSEDSIGNAL`: parts of wide intermediates that the datapath does not use;
//! - `WIDTH` where the narrower side is a value (a signal, a slice, a literal or
//!   arithmetic): rust-hdl writes literals as 32 bits (64 with `_u64`) and
//!   `replace_bit`/`bit_cast` as shifts and masks; Verilog's context widths make
//!   these exact, and the co-simulation tests confirm it.
//!
//! Also never waived (checked on the text, not by Verilator): a module without
//! inputs whose update code is an `always @(*)` ([`blocks_icarus_never_runs`]).
//!
//! Never waived: a 1-bit comparison or logical result used inside a wider
//! operation ("… EQ generates 1 bits": the precedence bug), a bitwise NOT or a
//! negation narrower than its context (Verilog widens before inverting), undriven or
//! multiply-driven signals, latches, and every other warning.

use crate::verilator::tempdir;
use std::collections::BTreeMap;
use std::process::Command;

/// Operators whose 1-bit result inside a wider operation betrays a precedence bug.
const ONE_BIT_RESULTS: &[&str] = &[
    "EQ", "NEQ", "LT", "LTE", "GT", "GTE", "LTS", "LTES", "GTS", "GTES", "EQCASE", "NEQCASE",
    "EQWILD", "NEQWILD", "LOGAND", "LOGOR", "LOGNOT", "LOGIF", "LOGEQ", "REDAND", "REDOR",
    "REDXOR",
];

/// Operators whose result changes when Verilog widens their operand first: a
/// `~x` or `-x` narrower than its context is computed at the context's width
/// (rust-hdl's `bit_cast::<W, N>(!x)` exports as `~x & mask`, which inverts the
/// widened zeros too).
const WIDENED_BEFORE: &[&str] = &["NOT", "NEGATE"];

/// The outcome of a lint run.
#[derive(Debug, Default)]
pub struct LintReport {
    /// Waived warnings: reason → count.
    pub waived: BTreeMap<&'static str, usize>,
    /// Warnings the policy does not allow, verbatim.
    pub violations: Vec<String>,
}

/// Sorts one Verilator warning line (`%Warning-CODE: file:line:col: message`):
/// the waiver's reason, or `None` when the policy does not allow it.
pub fn classify(line: &str) -> Option<&'static str> {
    let rest = line.strip_prefix("%Warning-")?;
    let code = rest.split(':').next().unwrap_or("");
    match code {
        "DECLFILENAME" => Some("DECLFILENAME: one file holds all of a unit's modules"),
        "UNUSEDSIGNAL" => Some("UNUSEDSIGNAL: unused bits of wide intermediates"),
        "WIDTH" => {
            let narrow_is_one_bit_result = ONE_BIT_RESULTS
                .iter()
                .any(|op| rest.contains(&format!("'s {op} generates 1 bits")));
            let narrow_is_widened_first = WIDENED_BEFORE.iter().any(|op| {
                rest.contains(&format!("'s {op} generates"))
                    || rest.contains(&format!("Operator {op} expects"))
            });
            (!narrow_is_one_bit_result && !narrow_is_widened_first)
                .then_some("WIDTH: rust-hdl's 32/64-bit literals, shifts and masks")
        }
        _ => None,
    }
}

/// Lints `verilog` (top module `top`) with `verilator --lint-only -Wall`.
pub fn lint(top: &str, verilog: &str) -> Result<LintReport, String> {
    let dir = tempdir(&format!("lint-{top}"))?;
    let file = dir.join(format!("{top}.v"));
    std::fs::write(&file, verilog).map_err(|e| e.to_string())?;
    let output = Command::new("verilator")
        .args(["--lint-only", "-Wall", "-Wno-fatal", "--top-module", top])
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot start verilator: {e}"))?;
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&output.stderr);
    let mut report = LintReport::default();
    report.violations.extend(blocks_icarus_never_runs(verilog));
    for line in text.lines().filter(|l| l.starts_with('%')) {
        if line.starts_with("%Error") {
            report.violations.push(line.to_string());
            continue;
        }
        match classify(line) {
            Some(reason) => *report.waived.entry(reason).or_default() += 1,
            None => report.violations.push(line.to_string()),
        }
    }
    if !output.status.success() && report.violations.is_empty() {
        report
            .violations
            .push(format!("verilator exited with {}", output.status));
    }
    Ok(report)
}

/// Modules without an input whose update code is an `always @(*)`: it reads
/// only constants, so its sensitivity list is empty and Icarus Verilog never
/// runs it (the outputs stay `x`), while Verilator and yosys evaluate it
/// once. rust-hdl's `#[hdl_gen]` writes such a block for a sub-block that
/// only carries a constant; write its `hdl()` as an `assign` instead.
pub fn blocks_icarus_never_runs(verilog: &str) -> Vec<String> {
    verilog
        .split("\nmodule ")
        .skip(1)
        .filter_map(|module| {
            let body = &module[..module.find("endmodule").unwrap_or(module.len())];
            let has_input = body.lines().any(|l| l.trim_start().starts_with("input "));
            (!has_input && body.contains("always @(*)")).then(|| {
                let name = body.split('(').next().unwrap_or("?");
                format!(
                    "module {name}: an always @(*) without inputs, which Icarus never runs (use an assign)"
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{blocks_icarus_never_runs, classify};

    #[test]
    fn a_constant_always_block_is_a_violation() {
        let bad = "\nmodule top$k(two);\n    output reg  two;\n    localparam  is_two = 1'b1;\n    always @(*) begin\n        two = is_two;\n    end\nendmodule // top$k\n";
        assert_eq!(blocks_icarus_never_runs(bad).len(), 1);
        let assigned = "\nmodule top$k(two);\n    output wire  two;\n    localparam  is_two = 1'b1;\n    assign two = is_two;\nendmodule // top$k\n";
        assert!(blocks_icarus_never_runs(assigned).is_empty());
        let with_input = "\nmodule top$n(a,y);\n    input wire  a;\n    output reg  y;\n    always @(*) begin\n        y = ~a;\n    end\nendmodule // top$n\n";
        assert!(blocks_icarus_never_runs(with_input).is_empty());
    }

    #[test]
    fn precedence_bug_is_never_waived() {
        let bad = "%Warning-WIDTH: a.v:3:5: Operator AND expects 32 bits on the RHS, but RHS's EQ generates 1 bits.";
        assert!(classify(bad).is_none());
        let literal = "%Warning-WIDTH: a.v:3:5: Operator EQ expects 32 bits on the LHS, but LHS's SEL generates 16 bits.";
        assert!(classify(literal).is_some());
        let widened = "%Warning-WIDTH: a.v:3:5: Operator AND expects 32 bits on the LHS, but LHS's NOT generates 5 bits.";
        assert!(classify(widened).is_none());
        let widened_operand = "%Warning-WIDTH: a.v:280:28: Operator NOT expects 32 bits on the LHS, but LHS's SEL generates 5 bits.";
        assert!(classify(widened_operand).is_none());
        assert!(classify("%Warning-LATCH: a.v:1:1: Latch inferred").is_none());
        assert!(classify("%Warning-MULTIDRIVEN: a.v:1:1: x").is_none());
    }
}
