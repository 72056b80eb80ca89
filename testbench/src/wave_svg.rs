//! A WaveDrom-style timing diagram of a unit's first operations
//! (`rtl-gen wave <unit> --svg FILE`): the clock, the handshake, each
//! operation on the inputs, in every pipeline stage and on the outputs, one
//! column per clock, drawn as a small hand-written SVG.
//!
//! The operations are the waveform stream's ([`crate::waves::waveform_stream`],
//! with its gaps), driven cycle by cycle through the rust-hdl block as the
//! `rust-hdl` engine drives it. An operation accepted on clock `a` that
//! answers on clock `a + L` is drawn in stage `k` (the `k`-th pipeline
//! register) on clock `a + k`, and on the outputs on clock `a + L`.

use crate::stream::{drive, stimuli, tag_of, Gaps};
use crate::vectors::LineOp;
use crate::wave_filter::op_mnemonic;
use rust_hdl::prelude::*;
use units::registry::Unit;
use units::unit::PortIo;

/// One clock: the inputs presented and the outputs sampled before its edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    pub inputs: Vec<u128>,
    pub outputs: Vec<u128>,
}

/// Drives `ops` (tags in order, gaps per policy) through `unit`'s block and
/// keeps every clock.
pub fn record(unit: Unit, ops: &[LineOp], gaps: Gaps) -> Vec<Cycle> {
    let info = unit.info();
    let plain: Vec<_> = ops.iter().map(|o| o.op.clone()).collect();
    let stim = stimuli(&plain, gaps);
    let mut uut = unit.block();
    uut.connect_all();
    uut.clock().next = Clock { clk: false };
    settle(&mut uut);
    let mut clocks = Vec::new();
    drive(&info, &stim, |inputs| {
        uut.set_inputs(inputs);
        uut.clock().next = Clock { clk: false };
        settle(&mut uut);
        let outputs = uut.outputs();
        uut.clock().next = Clock { clk: true };
        settle(&mut uut);
        clocks.push(Cycle {
            inputs: inputs.to_vec(),
            outputs: outputs.clone(),
        });
        outputs
    });
    clocks
}

fn settle<B: Block>(uut: &mut B) {
    assert!(simulate(uut, 1000), "logic did not settle");
}

/// Where one operation was, clock by clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journey {
    /// Index in the stream (its tag is [`tag_of`] this).
    pub index: usize,
    /// Clocks it was presented on (more than one when `in_ready` held it).
    pub presented: Vec<usize>,
    /// The clock it was accepted on.
    pub accepted: usize,
    /// The clock its answer was on the outputs, if it answers.
    pub answered: Option<usize>,
}

/// Each operation's journey through the recorded clocks.
pub fn journeys(unit: Unit, ops: &[LineOp], clocks: &[Cycle]) -> Result<Vec<Journey>, String> {
    let info = unit.info();
    let ready = info.output_index("in_ready");
    let mut list = Vec::new();
    let mut from = 0;
    for (index, op) in ops.iter().enumerate() {
        let tag = tag_of(index);
        let mine = |c: &Cycle| c.inputs[0] == 1 && c.inputs[1] == tag;
        let ready_on = |c: usize| ready.is_none_or(|r| clocks[c].outputs[r] & 1 == 1);
        let mut clock = (from..clocks.len())
            .find(|&c| mine(&clocks[c]))
            .ok_or_else(|| format!("{unit}: operation {index} was never presented"))?;
        let mut presented = vec![clock];
        while !ready_on(clock) {
            clock += 1;
            if clock >= clocks.len() || !mine(&clocks[clock]) {
                return Err(format!("{unit}: operation {index} was never accepted"));
            }
            presented.push(clock);
        }
        let accepted = clock;
        let answered = if op.op.answers {
            Some(
                (accepted + 1..clocks.len())
                    .find(|&c| clocks[c].outputs[0] == 1 && clocks[c].outputs[1] == tag)
                    .ok_or_else(|| format!("{unit}: operation {index} never answered"))?,
            )
        } else {
            None
        };
        from = accepted + 1;
        list.push(Journey {
            index,
            presented,
            accepted,
            answered,
        });
    }
    Ok(list)
}

const NAME_W: f64 = 120.0;
const ROW_H: f64 = 26.0;
const WAVE_H: f64 = 16.0;
const PALETTE: [&str; 8] = [
    "#fde68a", "#bfdbfe", "#bbf7d0", "#fecaca", "#ddd6fe", "#fed7aa", "#a5f3fc", "#f5d0fe",
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One labelled box on a data row: clocks `from..=to`, operation `op`.
struct Span {
    from: usize,
    to: usize,
    op: usize,
    label: String,
}

enum Row {
    Clock,
    Bit(Vec<bool>),
    Data(Vec<Span>),
}

/// The timing diagram of `ops` (the first operations of a stream) on
/// `unit`, as an SVG document.
pub fn timing_svg(unit: Unit, ops: &[LineOp], gaps: Gaps) -> Result<String, String> {
    let clocks = record(unit, ops, gaps);
    let trips = journeys(unit, ops, &clocks)?;
    let codec = unit.codec();
    let info = unit.info();
    let last = trips
        .iter()
        .map(|j| j.answered.unwrap_or(j.accepted + 1))
        .max()
        .unwrap_or(0);
    let shown = (last + 3).min(clocks.len());
    let mnemonic = |index: usize| {
        op_mnemonic(unit, ops[index].op.inputs[0]).unwrap_or_else(|| "?".to_string())
    };
    let mut rows: Vec<(String, Row)> = vec![("clock".into(), Row::Clock)];
    rows.push((
        "in_valid".into(),
        Row::Bit(clocks[..shown].iter().map(|c| c.inputs[0] == 1).collect()),
    ));
    if let Some(r) = info.output_index("in_ready") {
        rows.push((
            "in_ready".into(),
            Row::Bit(
                clocks[..shown]
                    .iter()
                    .map(|c| c.outputs[r] & 1 == 1)
                    .collect(),
            ),
        ));
    }
    rows.push((
        "in: tag op".into(),
        Row::Data(
            trips
                .iter()
                .map(|j| Span {
                    from: j.presented[0],
                    to: j.accepted,
                    op: j.index,
                    label: format!("#{} {}", j.index, mnemonic(j.index)),
                })
                .collect(),
        ),
    ));
    // Stage k holds an operation on clock accepted + k, before its answer.
    let depth = trips
        .iter()
        .filter_map(|j| j.answered.map(|a| a - j.accepted))
        .max()
        .unwrap_or(info.latency)
        .max(1);
    let inner = depth - 1;
    // One row a stage up to 24 stages; beyond (DIVSQRT: one operation in
    // flight, so the rows cannot overlap) a row covers several.
    let group = inner.div_ceil(24).max(1);
    let mut first = 1;
    while first <= inner {
        let last_stage = (first + group - 1).min(inner);
        let name = if first == last_stage {
            format!("s{first}")
        } else {
            format!("s{first}–s{last_stage}")
        };
        let spans = trips
            .iter()
            .filter_map(|j| {
                let end = j.answered.unwrap_or(j.accepted + depth);
                let from = j.accepted + first;
                let to = (j.accepted + last_stage).min(end - 1);
                (from <= to && from < shown).then(|| Span {
                    from,
                    to: to.min(shown - 1),
                    op: j.index,
                    label: format!("#{}", j.index),
                })
            })
            .collect();
        rows.push((name, Row::Data(spans)));
        first = last_stage + 1;
    }
    rows.push((
        "out_valid".into(),
        Row::Bit(clocks[..shown].iter().map(|c| c.outputs[0] == 1).collect()),
    ));
    rows.push((
        format!("out (s{depth})"),
        Row::Data(
            trips
                .iter()
                .filter_map(|j| {
                    j.answered.map(|a| Span {
                        from: a,
                        to: a,
                        op: j.index,
                        label: format!("#{}", j.index),
                    })
                })
                .collect(),
        ),
    ));

    let cell = (1100.0 / shown as f64).clamp(12.0, 60.0);
    let wave_w = cell * shown as f64;
    let width = NAME_W + wave_w + 20.0;
    let legend_top = 40.0 + ROW_H * rows.len() as f64 + 16.0;
    let legend: Vec<String> = trips
        .iter()
        .map(|j| {
            let answer = match j.answered {
                Some(a) => {
                    let c = &clocks[a];
                    format!(
                        " → {} (clock {a}, {} after acceptance)",
                        codec.format(&ops[j.index].op, &c.outputs[2..]),
                        a - j.accepted
                    )
                }
                None => " (no answer)".to_string(),
            };
            format!(
                "#{} {}: accepted on clock {}{answer}",
                j.index, ops[j.index].text, j.accepted
            )
        })
        .collect();
    let height = legend_top + 18.0 * legend.len() as f64 + 12.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"monospace\" font-size=\"11\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"8\" y=\"18\" font-size=\"13\" font-weight=\"bold\">{} — the first {} operations of the waveform stream, one column per clock (latency {})</text>\n",
        escape(&unit.name()),
        ops.len(),
        info.latency
    );
    // Clock grid.
    for c in 0..=shown {
        let x = NAME_W + c as f64 * cell;
        svg.push_str(&format!(
            "<line x1=\"{x:.1}\" y1=\"30\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#e5e7eb\"/>\n",
            40.0 + ROW_H * rows.len() as f64
        ));
        if c < shown && (c % 5 == 0 || cell >= 28.0) {
            svg.push_str(&format!(
                "<text x=\"{:.1}\" y=\"34\" fill=\"#6b7280\" font-size=\"9\" text-anchor=\"middle\">{c}</text>\n",
                x + cell / 2.0
            ));
        }
    }
    for (r, (name, row)) in rows.iter().enumerate() {
        let top = 40.0 + ROW_H * r as f64;
        let high = top + (ROW_H - WAVE_H) / 2.0;
        let low = high + WAVE_H;
        svg.push_str(&format!(
            "<text x=\"8\" y=\"{:.1}\">{}</text>\n",
            top + ROW_H / 2.0 + 4.0,
            escape(name)
        ));
        match row {
            Row::Clock => {
                let mut points = String::new();
                for c in 0..shown {
                    let x = NAME_W + c as f64 * cell;
                    let mid = x + cell / 2.0;
                    points.push_str(&format!(
                        "{x:.1},{high:.1} {mid:.1},{high:.1} {mid:.1},{low:.1} {:.1},{low:.1} {:.1},{high:.1} ",
                        x + cell,
                        x + cell
                    ));
                }
                svg.push_str(&format!(
                    "<polyline points=\"{points}\" fill=\"none\" stroke=\"#111827\"/>\n"
                ));
            }
            Row::Bit(bits) => {
                let mut points = String::new();
                for (c, &bit) in bits.iter().enumerate() {
                    let x = NAME_W + c as f64 * cell;
                    let y = if bit { high } else { low };
                    points.push_str(&format!("{x:.1},{y:.1} {:.1},{y:.1} ", x + cell));
                }
                svg.push_str(&format!(
                    "<polyline points=\"{points}\" fill=\"none\" stroke=\"#111827\"/>\n"
                ));
            }
            Row::Data(spans) => {
                svg.push_str(&format!(
                    "<line x1=\"{NAME_W:.1}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"#9ca3af\"/>\n",
                    (high + low) / 2.0,
                    NAME_W + wave_w
                ));
                for s in spans {
                    let x0 = NAME_W + s.from as f64 * cell;
                    let x1 = NAME_W + (s.to + 1) as f64 * cell;
                    let slant = 3.0f64.min(cell / 4.0);
                    let mid = (high + low) / 2.0;
                    svg.push_str(&format!(
                        "<polygon points=\"{x0:.1},{mid:.1} {:.1},{high:.1} {:.1},{high:.1} {x1:.1},{mid:.1} {:.1},{low:.1} {:.1},{low:.1}\" fill=\"{}\" stroke=\"#374151\"/>\n",
                        x0 + slant,
                        x1 - slant,
                        x1 - slant,
                        x0 + slant,
                        PALETTE[s.op % PALETTE.len()]
                    ));
                    // As much of the label as fits (about 6.6 px a character
                    // at 11 px, 4.8 at 8 px).
                    let room = x1 - x0 - 2.0 * slant + 4.0;
                    let (size, per_char) = if s.label.chars().count() as f64 * 6.6 <= room {
                        (11, 6.6)
                    } else {
                        (8, 4.8)
                    };
                    let fits = (room / per_char).floor().max(0.0) as usize;
                    let label: String = s.label.chars().take(fits).collect();
                    if !label.is_empty() {
                        svg.push_str(&format!(
                            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{size}\" text-anchor=\"middle\">{}</text>\n",
                            (x0 + x1) / 2.0,
                            mid + 3.5,
                            escape(&label)
                        ));
                    }
                }
            }
        }
    }
    for (i, line) in legend.iter().enumerate() {
        let trip = &trips[i];
        let y = legend_top + 18.0 * i as f64;
        svg.push_str(&format!(
            "<rect x=\"8\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\" stroke=\"#374151\"/>\n<text x=\"24\" y=\"{:.1}\">{}</text>\n",
            y - 9.0,
            PALETTE[trip.index % PALETTE.len()],
            y,
            escape(line)
        ));
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}
