//! The command line as a user runs it: results, exit codes and error messages.

use std::path::PathBuf;
use std::process::{Command, Output};

fn rtl_gen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rtl-gen"))
        .args(args)
        .output()
        .expect("rtl-gen runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rtl-gen-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testbench/vectors/xmu.txt")
}

/// The expected results written as comments in the example file.
fn expected_from_comments() -> String {
    let text = std::fs::read_to_string(example()).unwrap();
    testbench::vectors::commented_results(&text)
        .unwrap()
        .iter()
        .map(|r| r.clone() + "\n")
        .collect()
}

#[test]
fn sim_prints_one_line_per_operation_in_both_engines() {
    let file = example();
    let out = rtl_gen(&["sim", "xmu", "--input", file.to_str().unwrap(), "--check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        expected_from_comments()
    );
    if testbench::tools::require("cli verilator", &["verilator"]).is_some() {
        let v = rtl_gen(&[
            "sim",
            "xmu",
            "--input",
            file.to_str().unwrap(),
            "--engine",
            "verilator",
        ]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
        assert_eq!(v.stdout, out.stdout);
    }
    if testbench::tools::require("cli iverilog", &["iverilog", "vvp"]).is_some() {
        let i = rtl_gen(&[
            "sim",
            "xmu",
            "--input",
            file.to_str().unwrap(),
            "--engine",
            "iverilog",
        ]);
        assert!(i.status.success(), "{}", String::from_utf8_lossy(&i.stderr));
        assert_eq!(i.stdout, out.stdout);
    }
}

#[test]
fn bad_input_exits_2_naming_file_line_and_field_and_writes_nothing() {
    let dir = scratch("bad");
    let cases: &[(&str, &[u8], &str)] = &[
        (
            "mnemonic",
            b"popc 00000001\nfoo 00000001\n",
            ":2: field 1 (mnemonic)",
        ),
        ("hex", b"popc 0000zz01\n", ":1: field 2"),
        ("width", b"# c\npopc 001\n", ":2: field 2"),
        ("missing", b"popc\n", ":1: field 2"),
        ("extra", b"popc 00000001 00000002\n", ":1: field 3"),
        ("empty", b"", "no operations"),
        ("comments", b"# nothing\n\n", "no operations"),
        (
            "binary",
            &[0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0xff, 0xfe],
            ":1:",
        ),
        ("control", b"popc 00000001\x00\n", ":1: control character"),
    ];
    for (name, bytes, needle) in cases {
        let input = dir.join(format!("{name}.txt"));
        let output = dir.join(format!("{name}.out"));
        let vcd = dir.join(format!("{name}.vcd"));
        std::fs::write(&input, bytes).unwrap();
        let out = rtl_gen(&[
            "sim",
            "xmu",
            "--input",
            input.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
            "--vcd",
            vcd.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(needle), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("{name}.txt")),
            "{name}: names the file: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(!output.exists() && !vcd.exists(), "{name}: wrote something");
    }
    let unknown = rtl_gen(&["sim", "nosuchunit", "--input", "x"]);
    assert_eq!(unknown.status.code(), Some(2));
    let missing = rtl_gen(&[
        "sim",
        "xmu",
        "--input",
        dir.join("absent").to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    let unit = rtl_gen(&["info", "mufu_d99"]);
    assert_eq!(unit.status.code(), Some(2));
    // The message lists every family and every variant range.
    let stderr = String::from_utf8_lossy(&unit.stderr);
    let families: Vec<&str> = units::registry::FAMILIES.iter().map(|f| f.name).collect();
    assert!(
        stderr.contains(&format!(
            "unknown unit \"mufu_d99\" (known: {}",
            families.join(", ")
        )),
        "{stderr}"
    );
    for family in units::registry::FAMILIES {
        if let Some(v) = family.variants {
            let range = format!(
                "{0}_{1}{2} … {0}_{1}{3}",
                family.name, v.prefix, v.min, v.max
            );
            assert!(stderr.contains(&range), "{stderr}");
        }
    }
    assert_eq!(rtl_gen(&["formal", "mufu_d99"]).status.code(), Some(2));
    let no_proof = rtl_gen(&["formal", "atom"]);
    assert_eq!(no_proof.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&no_proof.stderr).contains("no formal proof for \"atom\""));
    let target = rtl_gen(&["fpga", "xmu", "--target", "virtex"]);
    assert_eq!(target.status.code(), Some(2));
    let grade = rtl_gen(&["fpga", "xmu", "--target", "ecp5-85k-9"]);
    assert_eq!(grade.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&grade.stderr)
        .contains("(known: ecp5-85k, ecp5-85k-7, ecp5-85k-8, ice40-up5k)"));
    let seeds = rtl_gen(&["fpga", "xmu", "--target", "ecp5-85k", "--seeds", "0"]);
    assert_eq!(seeds.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&seeds.stderr).contains("--seeds must be 1..=64"));
    let profile = rtl_gen(&["fpga", "xmu", "--target", "ecp5-85k", "--profile", "999"]);
    assert_eq!(profile.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&profile.stderr).contains("--profile must be 0..=200"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sim_reads_stdin_and_writes_output_and_vcd_files() {
    let dir = scratch("files");
    let output = dir.join("r.txt");
    let vcd = dir.join("w.vcd");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rtl-gen"))
        .args(["sim", "xmu", "--input", "-", "--output"])
        .arg(&output)
        .arg("--vcd")
        .arg(&vcd)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"popc 0000ffff\nflo.s32 80000000\nflo.s32.sh 80000000\n")
        .unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        "00000010\n0000001e\n00000001\n"
    );
    assert!(std::fs::read_to_string(&vcd)
        .unwrap()
        .contains("$enddefinitions"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn info_verilog_and_list_describe_the_unit() {
    let info = rtl_gen(&["info", "xmu", "--json"]);
    let text = String::from_utf8(info.stdout).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let expected = units::registry::Unit::parse("xmu").unwrap().info();
    assert_eq!(json["latency"], expected.latency as u64, "{text}");
    assert_eq!(json["latency"], units::xmu::rtl::LATENCY as u64, "{text}");
    assert_eq!(json["min_latency"], json["latency"], "{text}");
    let atom = rtl_gen(&["info", "atom"]);
    let atom = String::from_utf8(atom.stdout).unwrap();
    assert!(
        atom.contains("\nlatency: 4–5 cycles, by operation\n"),
        "{atom}"
    );
    let ports = json["ports"].as_array().unwrap();
    assert_eq!(ports.len(), expected.ports.len());
    for (p, e) in ports.iter().zip(&expected.ports) {
        assert_eq!(p["name"], e.name, "{text}");
        assert_eq!(p["width"], e.width as u64, "{text}");
    }
    assert!(
        text.contains("\"name\":\"in_x\",\"dir\":\"in\",\"width\":64"),
        "{text}"
    );
    let dir = scratch("verilog");
    let file = dir.join("xmu.v");
    assert!(
        rtl_gen(&["verilog", "xmu", "--out", file.to_str().unwrap()])
            .status
            .success()
    );
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("module xmu("));
    let list = String::from_utf8(rtl_gen(&["list"]).stdout).unwrap();
    assert!(list.contains("xmu"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn all_writes_verilog_and_waveforms() {
    let dir = scratch("all");
    let out = rtl_gen(&["all", "--root", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for unit in units::registry::FAMILIES.iter().map(|f| f.name) {
        assert!(
            dir.join("fpga/build").join(format!("{unit}.v")).exists(),
            "{unit}"
        );
        assert!(
            dir.join("waveforms").join(format!("{unit}.vcd")).exists(),
            "{unit}"
        );
        let svg = dir.join("docs/waves").join(format!("{unit}.svg"));
        assert!(
            std::fs::read_to_string(&svg)
                .unwrap_or_default()
                .contains(">s1"),
            "{unit}: {}",
            svg.display()
        );
    }
    assert!(String::from_utf8(out.stdout).unwrap().contains("agrees"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn accuracy_sample_reports_every_function_within_its_target_and_draws_svgs() {
    let dir = scratch("accuracy");
    let out = rtl_gen(&[
        "accuracy",
        "mufu",
        "--samples",
        "20000",
        "--json",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let funcs = report["mufu_accuracy"].as_array().unwrap();
    let names: Vec<&str> = funcs.iter().map(|f| f["func"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["cos", "sin", "ex2", "lg2", "rcp", "rsq", "rcp64h", "rsq64h", "sqrt", "tanh"]
    );
    for f in funcs {
        assert_eq!(f["meets_target"], true, "{f}");
        assert!(f["all"]["count"].as_u64().unwrap() > 10_000, "{f}");
        let svg =
            std::fs::read_to_string(dir.join(format!("mufu_{}.svg", f["func"].as_str().unwrap())))
                .unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("<polyline"),
            "{svg:.200}"
        );
    }
    let table = rtl_gen(&["accuracy", "mufu", "--func", "rcp", "--samples", "5000"]);
    let text = String::from_utf8(table.stdout).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("rcp ")).count(),
        1,
        "{text}"
    );
    for (args, needle) in [
        (&["accuracy", "mufu", "--func", "tan"][..], "--func \"tan\""),
        (&["accuracy", "xmu"][..], "only mufu, sfu approximate"),
        (&["accuracy", "gpu"][..], "unknown unit"),
        (&["tables", "mufu", "--func", "cos"][..], "cos uses sin's"),
    ] {
        let bad = rtl_gen(args);
        assert_eq!(bad.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&bad.stderr).contains(needle),
            "{args:?}"
        );
        assert!(bad.stdout.is_empty());
    }
}

#[test]
fn tables_print_every_rom_word_with_its_formats() {
    let out = rtl_gen(&["tables", "mufu"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let tables = units::mufu::tables::tables();
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("table ")).collect();
    assert_eq!(headers.len(), 7, "{headers:?}");
    // One line per ROM word, its packed value in hex, in ROM order.
    let words: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("    ") || l.starts_with("     "))
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            f.next()?.parse::<usize>().ok()?;
            u64::from_str_radix(f.next()?, 16).ok()
        })
        .collect();
    let image = tables.rom_image();
    assert_eq!(words.len(), tables.segments(), "one line per segment");
    assert!(
        words == image[..words.len()],
        "ROM words differ from the image"
    );
    assert!(
        image[words.len()..].iter().all(|&w| w == 0),
        "padding is zero"
    );
    assert!(text.contains("C0 = ") && text.contains("2^-"));
}

/// `rtl-gen wave-filter` as gtkwave runs it: the kind as its own word or, as
/// gtkwave's `^>` line passes it, in one argument with `wave-filter`; one
/// line out per line in.
#[test]
fn wave_filter_translates_line_by_line_and_rejects_unknown_kinds() {
    use std::io::{BufRead, BufReader, Write};
    for args in [vec!["wave-filter", "f64"], vec!["wave-filter f64"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rtl-gen"))
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        // Each answer arrives before the next line is sent (gtkwave waits).
        for (hex, want) in [
            ("3FF0000000000000", "1.0"),
            ("8000000000000000", "-0"),
            ("7FF8000000000000", "qNaN(7ff8000000000000)"),
            ("0000000000000001", "subnormal 5e-324"),
            ("xxxxxxxxxxxxxxxx", "xxxxxxxxxxxxxxxx"),
        ] {
            writeln!(input, "{hex}").unwrap();
            input.flush().unwrap();
            let mut line = String::new();
            output.read_line(&mut line).unwrap();
            assert_eq!(line, format!("{want}\n"), "{args:?}");
        }
        drop(input);
        assert!(child.wait().unwrap().success());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_rtl-gen"))
        .args(["wave-filter", "op:dfma"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0\n5\n7\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "fma\nsetp\n? 7\n");
    for (args, message) in [
        (vec!["wave-filter", "f65"], "unknown kind \"f65\""),
        (vec!["wave-filter", "op:nope"], "unknown unit \"nope\""),
        (vec!["wave-filter f8"], "unknown kind \"f8\""),
    ] {
        let out = rtl_gen(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("rtl-gen: error: ") && err.contains(message),
            "{err}"
        );
    }
}

#[test]
fn wave_draws_a_timing_diagram_and_rejects_bad_arguments() {
    let dir = scratch("wave");
    let svg = dir.join("mufu.svg");
    let out = rtl_gen(&["wave", "mufu", "--ops", "3", "--svg", svg.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains(">s7<") && text.contains("#2 rcp.neg"));
    assert!(!text.contains("#3 "), "three operations only");
    for (args, message) in [
        (
            vec!["wave", "nope", "--svg", "x.svg"],
            "unknown unit \"nope\"",
        ),
        (
            vec!["wave", "mufu", "--ops", "0", "--svg", "x.svg"],
            "--ops must be 1..=32",
        ),
        (
            vec!["wave", "mufu", "--ops", "33", "--svg", "x.svg"],
            "--ops must be 1..=32",
        ),
        (
            vec!["wave", "mufu", "--svg", "/nonexistent-dir/x.svg"],
            "does not exist",
        ),
    ] {
        let out = rtl_gen(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("rtl-gen: error: ") && err.contains(message),
            "{err}"
        );
    }
    // Missing --svg: clap's usage error, also exit 2.
    assert_eq!(rtl_gen(&["wave", "mufu"]).status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A user's own vector file through `sim --vcd` opens with the same `.gtkw`:
/// every signal it names is in that VCD.
#[test]
fn sim_vcd_of_a_users_file_has_every_signal_of_the_gtkw() {
    let dir = scratch("user-vcd");
    let input = dir.join("mine.txt");
    std::fs::write(&input, "rcp 40000000\nsqrt 40800000\nex2 3f800000\n").unwrap();
    let vcd = dir.join("mine.vcd");
    let out = rtl_gen(&[
        "sim",
        "mufu",
        "--input",
        input.to_str().unwrap(),
        "--vcd",
        vcd.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gtkw = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../waveforms/mufu.gtkw"),
    )
    .unwrap();
    assert!(testbench::waves::missing_signals(&gtkw, &vcd)
        .unwrap()
        .is_empty());
    // The first operation is tag 0 here: it enters at 0 ps and answers.
    let edges = testbench::waves::operation_edges(&vcd, 0).unwrap();
    assert_eq!(edges.input, 0);
    std::fs::remove_dir_all(dir).unwrap();
}

/// SPEC-G3's units: `sim` prints the SFU's answers in input order although
/// they come back out of order (the example file starts with a divide that
/// four approximations overtake), in rust-hdl and Verilator; a bad line of
/// each G3 unit exits 2 naming the file, line and field.
#[test]
fn sim_of_the_g3_units_keeps_input_order_and_names_bad_fields() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testbench/vectors/sfu.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    // `<result> <fflags>` after each line's `#`.
    let expected: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && l.contains('#'))
        .map(|l| l.split_once('#').unwrap().1.trim().to_string() + "\n")
        .collect();
    let mut engines = vec!["rust-hdl"];
    if testbench::tools::require("cli sfu verilator", &["verilator"]).is_some() {
        engines.push("verilator");
    }
    for engine in engines {
        let out = rtl_gen(&[
            "sim",
            "sfu",
            "--input",
            file.to_str().unwrap(),
            "--engine",
            engine,
            "--check",
        ]);
        assert!(
            out.status.success(),
            "{engine}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{engine}");
    }
    let dir = scratch("g3");
    let cases: &[(&str, &str, &str)] = &[
        (
            "sfu",
            "rcp.f16 4000\nrcp.f16 3f800000\n",
            ":2: field 2 (operand a)",
        ),
        ("sfu", "tanh.f32 3f800000\n", ":1: field 1 (mnemonic)"),
        (
            "sfu",
            "exp2.f32 frm=xyz 3f800000\n",
            ":1: field 2 (option frm)",
        ),
        ("divsqrt", "div 00000001\n", ":1: field 3 (operand)"),
        (
            "fp64",
            "fadd.f64 3ff0000000000000 zz\n",
            ":1: field 3 (operand b)",
        ),
    ];
    for (i, (unit, lines, needle)) in cases.iter().enumerate() {
        let input = dir.join(format!("case{i}.txt"));
        let output = dir.join(format!("case{i}.out"));
        std::fs::write(&input, lines).unwrap();
        let out = rtl_gen(&[
            "sim",
            unit,
            "--input",
            input.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{unit}: {stderr}");
        assert!(stderr.contains(needle), "{unit}: {stderr}");
        assert!(stderr.contains(&format!("case{i}.txt")), "{unit}: {stderr}");
        assert!(!output.exists(), "{unit}: wrote something");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn timing_prints_each_slow_groups_path_and_rejects_bad_files() {
    let dir = scratch("timing");
    let sdf = dir.join("small.sdf");
    std::fs::write(&sdf, testbench::timing::SAMPLE_SDF).unwrap();
    let out = rtl_gen(&["timing", sdf.to_str().unwrap(), "--top", "3"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "1.568 ns  u.b$1  <- u.a", "{stdout}");
    assert_eq!(
        lines[1].split_whitespace().last(),
        Some("u.a[3]_TRELLIS_FF_Q_2/Q")
    );
    assert!(
        lines.last().unwrap().trim_start().starts_with("1.568"),
        "{stdout}"
    );
    assert_eq!(lines.len(), 1 + 6, "{stdout}");

    let none = rtl_gen(&["timing", sdf.to_str().unwrap(), "--group", "nothing"]);
    assert_eq!(none.status.code(), Some(2));
    let bad = dir.join("bad.sdf");
    std::fs::write(&bad, "(DELAYFILE (CELL\n").unwrap();
    let out = rtl_gen(&["timing", bad.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("bad.sdf") && stderr.contains("line 1"),
        "{stderr}"
    );
    let missing = rtl_gen(&["timing", dir.join("none.sdf").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
}
