//! Reading vector files (INTERFACES.md) into operations, with errors that name
//! the file, the line and the field; and turning a run's observations back into
//! result lines, checked against the golden model.

use crate::stream::{tag_of, Observation};
use std::fmt;
use units::unit::{Operation, UnitCodec};
use units::vector::strip_comment;

/// An operation with the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineOp {
    pub line: usize,
    pub text: String,
    pub op: Operation,
}

/// Bad input in a vector file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    /// 1-based line number (0 when the file as a whole is wrong).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Parses a whole vector file. `file` names it in errors. Bytes that are not
/// UTF-8 and control characters are reported on their line.
pub fn parse_vectors(
    codec: &dyn UnitCodec,
    file: &str,
    bytes: &[u8],
) -> Result<Vec<LineOp>, InputError> {
    let error = |line: usize, message: String| InputError {
        file: file.to_string(),
        line,
        message,
    };
    let mut ops = Vec::new();
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let text =
            std::str::from_utf8(raw).map_err(|e| error(line, format!("not UTF-8 text ({e})")))?;
        let text = text.strip_suffix('\r').unwrap_or(text);
        if let Some(c) = text.chars().find(|c| c.is_control() && *c != '\t') {
            return Err(error(
                line,
                format!("control character {c:?} in the line (binary data?)"),
            ));
        }
        let Some(body) = strip_comment(text) else {
            continue;
        };
        let op = codec.parse(body).map_err(|e| error(line, e.to_string()))?;
        ops.push(LineOp {
            line,
            text: body.to_string(),
            op,
        });
    }
    if ops.is_empty() {
        return Err(error(
            0,
            "no operations (the file is empty or only comments)".into(),
        ));
    }
    Ok(ops)
}

/// A disagreement between the hardware and the expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub line: usize,
    pub input: String,
    pub expected: String,
    pub got: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "operation {} `{}`: expected {}, got {}",
            self.line, self.input, self.expected, self.got
        )
    }
}

/// Turns observations into one result line per answering operation, in input
/// order, checking that every answer carries the tag of an operation still
/// waiting for one: the oldest waiting one for a unit that answers in order,
/// the oldest waiting one with that tag for a unit that answers in any order
/// ([`UnitCodec::answers_in_order`]; at most 256 operations in flight).
pub fn answers(
    codec: &dyn UnitCodec,
    ops: &[LineOp],
    observations: &[Observation],
) -> Result<Vec<String>, String> {
    let answering: Vec<(usize, &LineOp)> = ops
        .iter()
        .enumerate()
        .filter(|(_, op)| op.op.answers)
        .collect();
    if answering.len() != observations.len() {
        return Err(format!(
            "{} operations answer, but the unit gave {} answers",
            answering.len(),
            observations.len()
        ));
    }
    let in_order = codec.answers_in_order();
    // Positions in `answering` still waiting, oldest first.
    let mut waiting: std::collections::VecDeque<usize> = (0..answering.len()).collect();
    let mut lines = vec![String::new(); answering.len()];
    for obs in observations {
        let tag = obs.outputs[1];
        // The position in `waiting` (near its front: at most the operations
        // in flight are ahead of the answer).
        let found = if in_order {
            waiting
                .front()
                .filter(|&&k| tag_of(answering[k].0) == tag)
                .map(|_| 0)
        } else {
            waiting.iter().position(|&k| tag_of(answering[k].0) == tag)
        };
        let Some(at) = found else {
            let (index, op) = answering[waiting[0]];
            return Err(format!(
                "answer at cycle {} carries tag {tag:#x}, but the {} operation waiting is line {} `{}` (tag {:#x})",
                obs.cycle,
                if in_order { "next" } else { "oldest" },
                op.line,
                op.text,
                tag_of(index)
            ));
        };
        let k = waiting.remove(at).expect("a waiting operation");
        lines[k] = codec.format(&answering[k].1.op, &obs.outputs[2..]);
    }
    Ok(lines)
}

/// The golden model's result lines for the operations (model state reset first).
pub fn model_answers(codec: &mut dyn UnitCodec, ops: &[LineOp]) -> Vec<Option<String>> {
    codec.reset_model();
    ops.iter().map(|op| codec.model(&op.op)).collect()
}

/// Compares a run with the golden model; the first mismatch names its inputs.
pub fn check_against_model(
    codec: &mut dyn UnitCodec,
    ops: &[LineOp],
    observations: &[Observation],
) -> Result<(), String> {
    let got = answers(codec, ops, observations)?;
    let expected = model_answers(codec, ops);
    let mut got = got.into_iter();
    for (op, want) in ops.iter().zip(expected) {
        match (op.op.answers, want) {
            (true, Some(want)) => {
                let have = got.next().unwrap_or_default();
                if have != want {
                    return Err(Mismatch {
                        line: op.line,
                        input: op.text.clone(),
                        expected: want,
                        got: have,
                    }
                    .to_string());
                }
            }
            (false, None) => {}
            (answers, want) => {
                return Err(format!(
                    "line {} `{}`: the codec says answers={answers} but the model says {want:?}",
                    op.line, op.text
                ))
            }
        }
    }
    Ok(())
}

/// Wraps generated operations (no file) as line operations numbered from 1.
pub fn numbered(ops: Vec<(String, Operation)>) -> Vec<LineOp> {
    ops.into_iter()
        .enumerate()
        .map(|(i, (text, op))| LineOp {
            line: i + 1,
            text,
            op,
        })
        .collect()
}

/// The expected results written as comments in an example vector file: for
/// every operation line (not blank, not a comment), the first word after its
/// `#`. `Err` names the first operation line without one.
pub fn commented_results(text: &str) -> Result<Vec<String>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            l.split('#')
                .nth(1)
                .and_then(|c| c.split_whitespace().next())
                .map(str::to_string)
                .ok_or_else(|| format!("line {}: no expected result after `#`", i + 1))
        })
        .collect()
}
