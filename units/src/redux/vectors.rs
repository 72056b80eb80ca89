//! Vector lines of REDUX (INTERFACES.md):
//! `redux[.sync].<op>.<type> <mask> <v0> ... <v31>`, every number 8 hex digits;
//! the answer is one 8-digit result.

use super::model::{is_legal, ReduxOp, ReduxRequest, ReduxType, LANES};
use crate::vector::{expect_fields, fields, hex, parse_hex, strip_comment, FieldError};

/// Fields on a line: mnemonic, mask, 32 lane values.
pub const FIELDS: usize = 2 + LANES;
const USAGE: &str = "redux.<op>.<type> <mask> <v0> ... <v31>";

/// Decodes `redux[.sync].<op>.<type>`.
pub fn parse_mnemonic(text: &str) -> Result<(ReduxOp, ReduxType), String> {
    let mut tokens: Vec<&str> = text.split('.').collect();
    if tokens.first() != Some(&"redux") {
        return Err(format!(
            "unknown mnemonic {text:?}: expected redux.<op>.<type>"
        ));
    }
    if tokens.get(1) == Some(&"sync") {
        tokens.remove(1);
    }
    if tokens.len() != 3 {
        return Err(format!("{text:?}: expected redux.<op>.<type>"));
    }
    let op = ReduxOp::from_name(tokens[1]).ok_or_else(|| {
        format!(
            "unknown op `.{}`: expected add, min, max, and, or, xor",
            tokens[1]
        )
    })?;
    let ty = ReduxType::from_name(tokens[2])
        .ok_or_else(|| format!("unknown type `.{}`: expected u32, s32, b32", tokens[2]))?;
    if !is_legal(op, ty) {
        return Err(format!(
            "redux.{} is not defined on .{} (add/min/max take u32 or s32, and/or/xor take b32)",
            op.name(),
            ty.name()
        ));
    }
    Ok((op, ty))
}

/// Parses one line; `Ok(None)` for a blank or comment-only line.
pub fn parse_line(line: &str, tag: u32) -> Result<Option<ReduxRequest>, FieldError> {
    let Some(text) = strip_comment(line) else {
        return Ok(None);
    };
    let f = fields(text);
    let (op, ty) = parse_mnemonic(f[0]).map_err(|e| FieldError::new(1, "mnemonic", e))?;
    expect_fields(&f, FIELDS, USAGE)?;
    let mask = parse_hex(f[1], 32, 2, "mask")? as u32;
    let mut lanes = [0u32; LANES];
    for (i, lane) in lanes.iter_mut().enumerate() {
        *lane = parse_hex(f[2 + i], 32, 3 + i, &format!("lane {i}"))? as u32;
    }
    Ok(Some(ReduxRequest {
        op,
        ty,
        mask,
        lanes,
        tag,
    }))
}

/// Parses a whole vector file; tags are the operations' indices.
/// On error: the 1-based line number and the field error.
pub fn parse_file(text: &str) -> Result<Vec<ReduxRequest>, (usize, FieldError)> {
    let mut requests = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(req) = parse_line(line, requests.len() as u32).map_err(|e| (i + 1, e))? {
            requests.push(req);
        }
    }
    Ok(requests)
}

/// The output line of a result.
pub fn format_answer(result: u32) -> String {
    hex(u128::from(result), 32)
}

/// The vector line that [`parse_line`] reads back as `req` (tag aside).
pub fn format_request(req: &ReduxRequest) -> String {
    let mut line = format!(
        "redux.{}.{} {}",
        req.op.name(),
        req.ty.name(),
        hex(u128::from(req.mask), 32)
    );
    for v in req.lanes {
        line.push(' ');
        line.push_str(&hex(u128::from(v), 32));
    }
    line
}
