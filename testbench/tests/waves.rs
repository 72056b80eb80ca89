//! The waveforms a person opens (issue #21): each `waveforms/<unit>.gtkw`
//! opens on its highlighted operation, names every trace, and decodes floats
//! and opcodes through `rtl-gen wave-filter`; the filter itself; the timing
//! diagrams.

use testbench::conformance::gtkw_of;
use testbench::engines::{run_ops, Engine};
use testbench::wave_filter::{op_mnemonic, FloatFormat, Kind};
use testbench::waves::{
    missing_signals, operation_edges, parse_gtkw, waveform_stream, Gtkw, CLOCK_PS, WAVEFORM_GAPS,
};
use units::registry::Unit;

/// The VCD `rtl-gen all` writes for `unit`, written again into a scratch
/// folder (the committed one may be older than the RTL).
fn fresh_vcd(unit: Unit) -> std::path::PathBuf {
    let dir = testbench::verilator::tempdir(&format!("waves-{unit}")).unwrap();
    let vcd = dir.join(format!("{unit}.vcd"));
    let ops = waveform_stream(unit).unwrap();
    run_ops(
        unit,
        Engine::RustHdlSimulation,
        &ops,
        WAVEFORM_GAPS,
        Some(&vcd),
    )
    .unwrap();
    vcd
}

fn gtkw(unit: Unit) -> Gtkw {
    parse_gtkw(&gtkw_of(unit).unwrap()).unwrap_or_else(|e| panic!("{unit}.gtkw: {e}"))
}

/// What is wrong with where `gtkw` opens, given its operation's edges.
fn window_faults(unit: Unit, gtkw: &Gtkw, vcd: &std::path::Path) -> Vec<String> {
    let mut faults = Vec::new();
    let Some(tag) = gtkw.highlight_tag else {
        return vec![format!("{unit}.gtkw: no `[*] highlight: tag N` line")];
    };
    let edges = match operation_edges(vcd, tag) {
        Ok(e) => e,
        Err(e) => return vec![e],
    };
    let (start, end) = (gtkw.timestart, gtkw.timeend());
    if !(start <= edges.input && edges.input < end) {
        faults.push(format!(
            "{unit}: input edge of tag {tag} at {} ps is outside the window {start}..{end} ps",
            edges.input
        ));
    }
    if !(start < edges.answer && edges.answer + CLOCK_PS <= end) {
        faults.push(format!(
            "{unit}: answer of tag {tag} at {} ps (and a clock after) is outside the window {start}..{end} ps",
            edges.answer
        ));
    }
    // The story, not the whole run: no more than a clock before the input,
    // no more than six clocks after the answer.
    if start + CLOCK_PS < edges.input || end > edges.answer + 6 * CLOCK_PS {
        faults.push(format!(
            "{unit}: the window {start}..{end} ps is wider than tag {tag}'s story ({}..{} ps and a few clocks)",
            edges.input, edges.answer
        ));
    }
    if gtkw.marker != Some(edges.input) {
        faults.push(format!(
            "{unit}: the marker is at {:?}, not on the input edge {} ps",
            gtkw.marker, edges.input
        ));
    }
    if gtkw.size != (1600, 1000) {
        faults.push(format!(
            "{unit}: [size] {:?}, not 1600 1000 (the window the zoom is worked out for)",
            gtkw.size
        ));
    }
    faults
}

/// Names that say nothing: a bare `q`, an alias that gtkwave would cut at
/// its `.`.
fn name_faults(unit: Unit, gtkw: &Gtkw) -> Vec<String> {
    gtkw.traces
        .iter()
        .filter_map(|t| {
            let shown = t.shown_name();
            let bare = shown.split('[').next().unwrap_or("") == "q";
            let cut = t.alias.as_deref().is_some_and(|a| a.contains('.'));
            (bare || cut).then(|| {
                format!(
                    "{unit}: trace {} shows as `{shown}`{}",
                    t.path,
                    if cut {
                        " (gtkwave cuts an alias at its last `.`)"
                    } else {
                        ""
                    }
                )
            })
        })
        .collect()
}

/// Every filtered trace runs `rtl-gen wave-filter` with a kind it knows and
/// has a hex twin; the operation port and at least one other bus are filtered.
fn filter_faults(unit: Unit, gtkw: &Gtkw) -> Vec<String> {
    let mut faults = Vec::new();
    for t in gtkw.traces.iter().filter(|t| t.filter.is_some()) {
        let command = t.filter.as_deref().unwrap();
        let Some(kind) = command.strip_prefix("target/release/rtl-gen wave-filter ") else {
            faults.push(format!("{unit}: {} is filtered by `{command}`", t.path));
            continue;
        };
        match Kind::parse(kind) {
            Ok(Kind::Op(u)) if u.family().name != unit.family().name => {
                faults.push(format!("{unit}: {} decoded as {u}'s opcodes", t.path))
            }
            Ok(_) => {}
            Err(e) => faults.push(format!("{unit}: {}: {e}", t.path)),
        }
        if !gtkw
            .traces
            .iter()
            .any(|h| h.path == t.path && h.filter.is_none())
        {
            faults.push(format!("{unit}: {} has no hex trace beside it", t.path));
        }
    }
    let port = testbench::wave_filter::op_port(unit).unwrap();
    let op_filtered = gtkw
        .traces
        .iter()
        .any(|t| t.path == format!("uut.{port}") && t.filter.is_some());
    if !op_filtered {
        faults.push(format!("{unit}: uut.{port} is not shown as mnemonics"));
    }
    faults
}

#[test]
fn every_gtkw_opens_on_its_operation_names_its_traces_and_decodes_its_buses() {
    let mut faults = Vec::new();
    for unit in Unit::defaults() {
        let gtkw = gtkw(unit);
        let vcd = fresh_vcd(unit);
        faults.extend(window_faults(unit, &gtkw, &vcd));
        faults.extend(name_faults(unit, &gtkw));
        faults.extend(filter_faults(unit, &gtkw));
        let missing = missing_signals(&gtkw_of(unit).unwrap(), &vcd).unwrap();
        if !missing.is_empty() {
            faults.push(format!("{unit}: not in the VCD: {missing:?}"));
        }
        let _ = std::fs::remove_dir_all(vcd.parent().unwrap());
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The checks catch what issue #21 found: a window on the first picoseconds,
/// a window of less than a clock, a bare `q`, a marker off the input.
#[test]
fn the_checks_catch_a_wrong_window_a_bare_q_and_a_lost_marker() {
    let unit = Unit::parse("mufu").unwrap();
    let text = gtkw_of(unit).unwrap();
    let vcd = fresh_vcd(unit);
    let good = parse_gtkw(&text).unwrap();
    assert!(window_faults(unit, &good, &vcd).is_empty());
    assert!(name_faults(unit, &good).is_empty());

    // mufu.gtkw as it was: no zoom (0: about a picosecond a pixel) from 0.
    let mut flat = good.clone();
    flat.timestart = 0;
    flat.zoom = 0.0;
    assert!(!window_faults(unit, &flat, &vcd).is_empty());
    // Less than a clock wide.
    let mut narrow = good.clone();
    narrow.zoom += 4.0;
    assert!(!window_faults(unit, &narrow, &vcd).is_empty());
    // Moved past the operation.
    let mut late = good.clone();
    late.timestart += 20 * CLOCK_PS;
    assert!(!window_faults(unit, &late, &vcd).is_empty());
    // The whole run.
    let mut wide = good.clone();
    wide.zoom -= 4.0;
    assert!(!window_faults(unit, &wide, &vcd).is_empty());
    // The marker off the input edge.
    let mut marker = good.clone();
    marker.marker = Some(0);
    assert!(!window_faults(unit, &marker, &vcd).is_empty());

    let bare = parse_gtkw(&format!("{text}@22\nuut.s5.q[39:0]\n")).unwrap();
    assert_eq!(name_faults(unit, &bare).len(), 1);
    let dotted = parse_gtkw(&format!("{text}@22\n+{{b5.sum}} uut.s5.q[39:0]\n")).unwrap();
    assert_eq!(name_faults(unit, &dotted).len(), 1);
    let unfiltered = parse_gtkw(&text.replace("wave-filter op:mufu", "wave-filter op:nope"));
    assert!(!filter_faults(unit, &unfiltered.unwrap()).is_empty());
    let _ = std::fs::remove_dir_all(vcd.parent().unwrap());
}

/// Every special class of every format, and ordinary numbers.
#[test]
fn the_float_filter_reads_every_class_in_every_format() {
    let cases: [(FloatFormat, &[(u64, &str)]); 4] = [
        (
            FloatFormat::F64,
            &[
                (0x0000_0000_0000_0000, "0"),
                (0x8000_0000_0000_0000, "-0"),
                (0x0000_0000_0000_0001, "subnormal 5e-324"),
                (0x800f_ffff_ffff_ffff, "subnormal -2.225073858507201e-308"),
                (0x7ff0_0000_0000_0000, "inf"),
                (0xfff0_0000_0000_0000, "-inf"),
                (0x7ff8_0000_0000_0000, "qNaN(7ff8000000000000)"),
                (0xfff8_0000_0000_0001, "qNaN(fff8000000000001)"),
                (0x7ff0_0000_0000_0001, "sNaN(7ff0000000000001)"),
                (0x7ff4_0000_0000_0000, "sNaN(7ff4000000000000)"),
                (0x7fef_ffff_ffff_ffff, "1.7976931348623157e308"),
                (0xffef_ffff_ffff_ffff, "-1.7976931348623157e308"),
                (0x0010_0000_0000_0000, "2.2250738585072014e-308"),
                (0x3ff0_0000_0000_0000, "1.0"),
                (0xbff8_0000_0000_0000, "-1.5"),
                (0x3fd5_5555_5555_5555, "0.3333333333333333"),
                (0x3fb9_9999_9999_999a, "0.1"),
                (0x4024_0000_0000_0000, "10.0"),
            ],
        ),
        (
            FloatFormat::F32,
            &[
                (0x0000_0000, "0"),
                (0x8000_0000, "-0"),
                (0x0000_0001, "subnormal 1e-45"),
                (0x807f_ffff, "subnormal -1.1754942e-38"),
                (0x7f80_0000, "inf"),
                (0xff80_0000, "-inf"),
                (0x7fc0_0000, "qNaN(7fc00000)"),
                (0xffc0_0001, "qNaN(ffc00001)"),
                (0x7f80_0001, "sNaN(7f800001)"),
                (0x7fa0_0000, "sNaN(7fa00000)"),
                (0x7f7f_ffff, "3.4028235e38"),
                (0xff7f_ffff, "-3.4028235e38"),
                (0x3f80_0000, "1.0"),
                (0x3eaa_aaab, "0.33333334"),
                (0x4040_0000, "3.0"),
            ],
        ),
        (
            FloatFormat::F16,
            &[
                (0x0000, "0"),
                (0x8000, "-0"),
                (0x0001, "subnormal 6e-8"),
                (0x83ff, "subnormal -6.1e-5"),
                (0x7c00, "inf"),
                (0xfc00, "-inf"),
                (0x7e00, "qNaN(7e00)"),
                (0xfe01, "qNaN(fe01)"),
                (0x7c01, "sNaN(7c01)"),
                (0x7d00, "sNaN(7d00)"),
                (0x7bff, "65500.0"),
                (0xfbff, "-65500.0"),
                (0x3c00, "1.0"),
                (0x3555, "0.3333"),
                (0x0400, "6.104e-5"),
            ],
        ),
        (
            FloatFormat::BF16,
            &[
                (0x0000, "0"),
                (0x8000, "-0"),
                (0x0001, "subnormal 9e-41"),
                (0x807f, "subnormal -1.17e-38"),
                (0x7f80, "inf"),
                (0xff80, "-inf"),
                (0x7fc0, "qNaN(7fc0)"),
                (0xffc1, "qNaN(ffc1)"),
                (0x7f81, "sNaN(7f81)"),
                (0x7fa0, "sNaN(7fa0)"),
                (0x7f7f, "3.39e38"),
                (0xff7f, "-3.39e38"),
                (0x3f80, "1.0"),
                (0x3eab, "0.334"),
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for (format, list) in cases {
        let kind = Kind::parse(format.name).unwrap();
        for &(bits, want) in list {
            let digits = format.bits() as usize / 4;
            let got = kind.translate(&format!("{bits:0digits$X}"));
            if got != want {
                wrong.push(format!(
                    "{} {bits:0digits$x}: {got}, want {want}",
                    format.name
                ));
            }
            // Every finite number reads back to its bits.
            if !want.contains("NaN") && !want.contains("inf") {
                let number = want.trim_start_matches("subnormal ");
                let value: f64 = number.parse().unwrap();
                let again = format.to_f64(bits);
                let back = kind.translate(&format!("{bits:x}"));
                assert_eq!(back, got, "lower-case hex");
                if value != 0.0 {
                    let relative = ((value - again) / again).abs();
                    let step = 2f64.powi(-(format.frac_bits as i32));
                    assert!(
                        relative <= step || want.starts_with("subnormal"),
                        "{want} is not {again}"
                    );
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // What is not a value of the format comes back unchanged: gtkwave
    // sends an undefined bus as x digits.
    let f32 = Kind::parse("f32").unwrap();
    assert_eq!(f32.translate("xxxxxxxx"), "xxxxxxxx");
    assert_eq!(f32.translate("3F80000Z"), "3F80000Z");
    assert_eq!(f32.translate("1FFFFFFFF"), "1FFFFFFFF");
    // A 64-bit bus carrying an f32 (the XMU's in_x) reads as the f32.
    assert_eq!(f32.translate("000000003FC00000"), "1.5");
}

/// Each unit's opcode names come from its own tables, and agree with the
/// vector lines its codec parses: the mnemonic of every line's operation code
/// is in the line's first word.
#[test]
fn the_op_filter_names_every_operation_as_its_vector_lines_do() {
    let mut wrong = Vec::new();
    for unit in Unit::defaults() {
        let codec = unit.codec();
        let mut text = unit.examples().to_string();
        for line in codec.random_lines(400, 5) {
            text.push_str(&line);
            text.push('\n');
        }
        let ops =
            testbench::vectors::parse_vectors(codec.as_ref(), "lines", text.as_bytes()).unwrap();
        let kind = Kind::parse(&format!("op:{unit}")).unwrap();
        for op in &ops {
            let code = op.op.inputs[0];
            let name = op_mnemonic(unit, code).unwrap_or_default();
            let word = op.text.split_whitespace().next().unwrap();
            let parts: Vec<&str> = word.split('.').collect();
            let named: Vec<&str> = name.split('.').collect();
            let fits = !name.is_empty()
                && (named.iter().all(|p| parts.contains(p))
                    || parts.iter().all(|p| named.contains(p)));
            // The XMU's names spell every modifier: put in place of the
            // line's first word, the name parses to the same operation.
            let same = unit.family().name != "xmu"
                || codec
                    .parse(&op.text.replacen(word, &name, 1))
                    .is_ok_and(|o| o.inputs[0] == code);
            // (`i2fp` is the vector files' other spelling of `i2f`.)
            let fits = if unit.family().name == "xmu" {
                same
            } else {
                fits
            };
            if !fits {
                wrong.push(format!(
                    "{unit}: `{}` has code {code:#x}, named {name:?}",
                    op.text
                ));
            }
            assert_eq!(kind.translate(&format!("{code:X}")), name);
        }
        if unit.family().name != "xmu" {
            // Beyond the last operation: no name.
            assert_eq!(op_mnemonic(unit, 0xffff), None, "{unit}");
            assert!(kind.translate("FFFF").starts_with('?'), "{unit}");
        }
    }
    wrong.truncate(12);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The timing diagram draws every stage row and every operation, and its
/// operations answer on the clocks the VCD shows.
#[test]
fn the_timing_diagrams_show_the_stages_and_the_vcds_clocks() {
    for unit in Unit::defaults() {
        let ops = waveform_stream(unit).unwrap();
        let ops = &ops[..4];
        let svg = testbench::wave_svg::timing_svg(unit, ops, WAVEFORM_GAPS).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
            "{unit}"
        );
        assert!(
            svg.contains(">s1<") || svg.contains(">s1–"),
            "{unit}: no stage s1"
        );
        assert!(svg.contains(">in: tag op<"), "{unit}");
        for (i, op) in ops.iter().enumerate() {
            let name = op_mnemonic(unit, op.op.inputs[0]).unwrap();
            assert!(
                svg.contains(&format!("#{i} {}", op.text.replace('>', "&gt;"))),
                "{unit}: legend {i}"
            );
            let _ = name;
        }
        let clocks = testbench::wave_svg::record(unit, ops, WAVEFORM_GAPS);
        let trips = testbench::wave_svg::journeys(unit, ops, &clocks).unwrap();
        let vcd = fresh_vcd(unit);
        for trip in trips.iter().filter(|t| t.answered.is_some()) {
            let edges = operation_edges(&vcd, trip.index as u128).unwrap();
            assert_eq!(
                edges.input,
                trip.presented[0] as u64 * CLOCK_PS,
                "{unit} #{}: presented",
                trip.index
            );
            // Outputs change after the edge that ends the clock before.
            assert_eq!(
                edges.answer,
                trip.answered.unwrap() as u64 * CLOCK_PS - CLOCK_PS / 2,
                "{unit} #{}: answered",
                trip.index
            );
        }
        let _ = std::fs::remove_dir_all(vcd.parent().unwrap());
    }
}
