//! The waveforms `rtl-gen all` writes and the gtkwave save files (`.gtkw`)
//! that display them: the stream they show, what a save file names and where
//! it opens, and the edges of one operation in a VCD (read with the `vcd`
//! crate).

use crate::stream::Gaps;
use crate::vectors::LineOp;
use std::collections::HashMap;
use std::path::Path;
use units::registry::Unit;

/// Random operations after the unit's example lines in the waveform stream.
pub const WAVEFORM_RANDOM_OPS: usize = 24;

/// Idle clocks between the waveform stream's operations: about one in seven
/// has one or two before it.
pub const WAVEFORM_GAPS: Gaps = Gaps::Random {
    percent: 15,
    max: 2,
    seed: 3,
};

/// Picoseconds per clock in the VCDs (`simulation`: a 100 MHz clock).
pub const CLOCK_PS: u64 = 10_000;

/// The stream `rtl-gen all` writes `waveforms/<unit>.vcd` of (with
/// [`WAVEFORM_GAPS`]): the unit's example lines, then
/// [`WAVEFORM_RANDOM_OPS`] random ones.
pub fn waveform_stream(unit: Unit) -> Result<Vec<LineOp>, String> {
    crate::conformance::stream(unit, WAVEFORM_RANDOM_OPS, 1)
}

/// One displayed trace of a `.gtkw` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The signal's path in the VCD (`uut.s1_valid.q`), `[msb:lsb]` removed.
    pub path: String,
    /// The `[msb:lsb]` suffix, if any.
    pub range: String,
    /// The alias (`+{s1:valid} uut.s1_valid.q`), if any.
    pub alias: Option<String>,
    /// The translate filter process (`^>N <command>`) the trace goes through.
    pub filter: Option<String>,
}

impl Trace {
    /// The name gtkwave shows: the alias, else the path's last component
    /// (gtkwave's default `hier_max_level` of 1 cuts the path at its last
    /// `.`, aliases too) with its range.
    pub fn shown_name(&self) -> String {
        let name = self.alias.clone().unwrap_or_else(|| self.path.clone());
        let last = name.rsplit('.').next().unwrap_or(&name).to_string();
        if self.alias.is_some() {
            last
        } else {
            format!("{last}{}", self.range)
        }
    }
}

/// What a `.gtkw` file sets up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gtkw {
    /// `[timestart]`: the left edge of the wave pane (ps).
    pub timestart: u64,
    /// The zoom of the `*` line (gtkwave: 2^-zoom / 200 ps per pixel, see
    /// [`ps_per_pixel`]).
    pub zoom: f64,
    /// The primary marker (ps), if set.
    pub marker: Option<u64>,
    /// `[size]` width and height.
    pub size: (u32, u32),
    /// `[signals_width]`.
    pub signals_width: u32,
    /// `[sst_expanded]`: whether the signal search tree is open.
    pub sst_expanded: bool,
    /// The tag of the operation the file shows (`[*] highlight: tag N`).
    pub highlight_tag: Option<u128>,
    /// The traces, in order (comments and blank rows left out).
    pub traces: Vec<Trace>,
}

/// Picoseconds per pixel of the wave pane at a save file's zoom, as gtkwave
/// 3.3.118 draws it (measured on 2026-12-01: a 10 ns clock is 122 pixels at
/// zoom -13).
pub fn ps_per_pixel(zoom: f64) -> f64 {
    2f64.powf(-zoom) / 200.0
}

/// Pixels of a gtkwave window that are not wave pane, besides the signal
/// pane: the closed search tree's strip on the left, the scroll bar on the
/// right (measured as [`ps_per_pixel`]).
pub const WINDOW_CHROME_PX: u32 = 65;

impl Gtkw {
    /// Width of the wave pane in pixels.
    pub fn wave_pixels(&self) -> u32 {
        self.size
            .0
            .saturating_sub(self.signals_width + WINDOW_CHROME_PX)
    }

    /// The time at the right edge of the wave pane when the file opens.
    pub fn timeend(&self) -> u64 {
        self.timestart + (self.wave_pixels() as f64 * ps_per_pixel(self.zoom)) as u64
    }
}

/// Parses the parts of a `.gtkw` file that say where it opens and what it shows.
pub fn parse_gtkw(text: &str) -> Result<Gtkw, String> {
    let mut gtkw = Gtkw {
        size: (1000, 600),
        signals_width: 200,
        sst_expanded: true,
        ..Gtkw::default()
    };
    let mut filter: Option<String> = None;
    let number = |line: &str, rest: &str| -> Result<u64, String> {
        rest.trim()
            .parse()
            .map_err(|_| format!("bad line `{line}`"))
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(rest) = line.strip_prefix("[*]") {
            if let Some(tag) = rest.trim().strip_prefix("highlight: tag ") {
                let digits: String = tag.chars().take_while(char::is_ascii_digit).collect();
                gtkw.highlight_tag =
                    Some(digits.parse().map_err(|_| format!("bad line `{line}`"))?);
            }
        } else if let Some(rest) = line.strip_prefix("[timestart]") {
            gtkw.timestart = number(line, rest)?;
        } else if let Some(rest) = line.strip_prefix("[signals_width]") {
            gtkw.signals_width = number(line, rest)? as u32;
        } else if let Some(rest) = line.strip_prefix("[sst_expanded]") {
            gtkw.sst_expanded = number(line, rest)? != 0;
        } else if let Some(rest) = line.strip_prefix("[size]") {
            let v: Vec<u32> = rest
                .split_whitespace()
                .map(|w| w.parse().map_err(|_| format!("bad line `{line}`")))
                .collect::<Result<_, _>>()?;
            if v.len() != 2 {
                return Err(format!("bad line `{line}`"));
            }
            gtkw.size = (v[0], v[1]);
        } else if line.starts_with('[') || line.starts_with('-') {
            // Other settings; comment rows.
        } else if let Some(rest) = line.strip_prefix('*') {
            let mut words = rest.split_whitespace();
            gtkw.zoom = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("bad line `{line}`"))?;
            let marker: i64 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("bad line `{line}`"))?;
            gtkw.marker = u64::try_from(marker).ok();
        } else if line.starts_with('@') {
            filter = None;
        } else if let Some(rest) = line.strip_prefix("^>") {
            // `^>N <command>`
            let command = rest.split_once(' ').map(|(_, c)| c.trim().to_string());
            filter = command.filter(|c| c != "disabled");
        } else if line.starts_with('^') {
            // A translate filter file: not used here.
        } else {
            let (alias, signal) = match line.strip_prefix("+{") {
                Some(rest) => {
                    let (alias, signal) = rest
                        .split_once("} ")
                        .ok_or_else(|| format!("bad alias line `{line}`"))?;
                    (Some(alias.to_string()), signal.trim())
                }
                None => (None, line),
            };
            let (path, range) = match signal.find('[') {
                Some(i) => (&signal[..i], &signal[i..]),
                None => (signal, ""),
            };
            gtkw.traces.push(Trace {
                path: path.to_string(),
                range: range.to_string(),
                alias,
                filter: filter.clone(),
            });
        }
    }
    Ok(gtkw)
}

/// The signal paths a `.gtkw` file displays (`uut.s1_valid.q`, with any
/// `[msb:lsb]` suffix and alias removed), in order.
pub fn gtkw_signals(gtkw: &str) -> Vec<String> {
    parse_gtkw(gtkw)
        .map(|g| g.traces.into_iter().map(|t| t.path).collect())
        .unwrap_or_default()
}

fn open_vcd(
    vcd_path: &Path,
) -> Result<(vcd::Parser<std::io::BufReader<std::fs::File>>, vcd::Header), String> {
    let file = std::fs::File::open(vcd_path).map_err(|e| format!("{}: {e}", vcd_path.display()))?;
    let mut parser = vcd::Parser::new(std::io::BufReader::new(file));
    let header = parser
        .parse_header()
        .map_err(|e| format!("{}: {e}", vcd_path.display()))?;
    Ok((parser, header))
}

/// The signals of `gtkw` that are missing from the VCD at `vcd_path`.
pub fn missing_signals(gtkw: &str, vcd_path: &Path) -> Result<Vec<String>, String> {
    let (_, header) = open_vcd(vcd_path)?;
    Ok(gtkw_signals(gtkw)
        .into_iter()
        .filter(|signal| {
            let path: Vec<&str> = signal.split('.').collect();
            header.find_var(&path).is_none()
        })
        .collect())
}

/// Where one operation shows in a VCD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperationEdges {
    /// When `in_valid` first rises with the operation's tag on `in_tag` (ps).
    pub input: u64,
    /// When `out_valid` first rises with its tag on `out_tag` after that (ps).
    pub answer: u64,
}

/// The input and answer edges of the first operation tagged `tag` in the VCD.
pub fn operation_edges(vcd_path: &Path, tag: u128) -> Result<OperationEdges, String> {
    let (parser, header) = open_vcd(vcd_path)?;
    let code = |name: &str| {
        header
            .find_var(&["uut", name])
            .map(|v| v.code)
            .ok_or_else(|| format!("{}: no uut.{name}", vcd_path.display()))
    };
    let names = ["in_valid", "in_tag", "out_valid", "out_tag"];
    let codes: Vec<vcd::IdCode> = names.iter().map(|n| code(n)).collect::<Result<_, _>>()?;
    let mut values: HashMap<vcd::IdCode, u128> = HashMap::new();
    let mut input = None;
    let mut time = 0u64;
    let mut check = |values: &HashMap<vcd::IdCode, u128>, time: u64| -> Option<OperationEdges> {
        let v = |i: usize| values.get(&codes[i]).copied().unwrap_or(0);
        if input.is_none() && v(0) == 1 && v(1) == tag {
            input = Some(time);
        }
        match input {
            Some(input) if v(2) == 1 && v(3) == tag => Some(OperationEdges {
                input,
                answer: time,
            }),
            _ => None,
        }
    };
    for command in parser {
        let command = command.map_err(|e| format!("{}: {e}", vcd_path.display()))?;
        match command {
            vcd::Command::Timestamp(t) => {
                if t != time {
                    if let Some(edges) = check(&values, time) {
                        return Ok(edges);
                    }
                }
                time = t;
            }
            vcd::Command::ChangeScalar(id, value) => {
                values.insert(id, u128::from(value == vcd::Value::V1));
            }
            vcd::Command::ChangeVector(id, bits) => {
                let value = bits
                    .iter()
                    .fold(0u128, |acc, b| acc << 1 | u128::from(*b == vcd::Value::V1));
                values.insert(id, value);
            }
            _ => {}
        }
    }
    check(&values, time).ok_or_else(|| {
        format!(
            "{}: no operation tagged {tag} both enters and answers",
            vcd_path.display()
        )
    })
}
