//! Vector lines of the atomic unit (INTERFACES.md):
//!
//! ```text
//! atom.<op>.<type>[.global|.shared] <addr> <b> [<c>]   # cas/cast: b compares, c is stored
//! red.<op>.<type>[.global|.shared] <addr> <b>
//! ld.<b32|b64> <addr>
//! st.<b32|b64> <addr> <data>
//! atom.popc.inc.u32.shared <addr> <mask>               # red. form too
//! atom.add.v2.f32[.global] <addr> <b0> <b1>            # red. form too
//! atom.add.v4.f32[.global] <addr> <b0> <b1> <b2> <b3>  # red. form too
//! atom.<min|max>.<f16x2|bf16x2>[.noftz] <addr> <b>
//! ```
//!
//! Seed 000's remaining forms (issue 22): `popc.inc` is one operation written
//! as two qualifiers, `.popc.inc`, in that order; it needs `.shared`.
//! `.v2`/`.v4` with `.f32` name the vector types, `.global` only; their
//! `b` elements are 8 hex digits each, element 0 first, and so is the answer:
//! `<old0> <old1> [<old2> <old3>]`, the old elements in address order (an
//! `atom.add.v4.f32` answers one line for its two words).
//!
//! The qualifiers after the form (`atom`, `red`, `ld`, `st`) may come in any order
//! (PTX writes `atom.relaxed.gpu.global.add.u32`): exactly one op (not for ld/st),
//! one type, at most one space (default global), one scope (`cta`, `cluster`,
//! `gpu`, `sys`) and one ordering (`relaxed`, `acquire`, `release`, `acq_rel`);
//! `noftz` is accepted on f16x2/bf16x2 adds. `addr` is 8 hex digits; `b`, `c` and
//! the data are as wide as the type (8 or 16 digits). Answers: the old value
//! (`cast`: 1/0), as wide as the type; `red` and `st` print nothing.

use super::model::{
    check_op, check_request, check_space, AtomError, AtomMemory, AtomOp, AtomRequest, AtomType,
    Form, Scope, Sem, Space,
};
use crate::vector::{expect_fields, fields, hex, parse_hex, strip_comment, FieldError};

/// Field index of the mnemonic.
const MNEMONIC: usize = 1;
/// Field index of the address.
const ADDR: usize = 2;

/// The decoded first field of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mnemonic {
    pub form: Form,
    pub op: AtomOp,
    pub ty: AtomType,
    pub space: Space,
    pub scope: Option<Scope>,
    pub sem: Option<Sem>,
}

/// Sets `slot` once; a second value of the same kind is an error.
fn set_once<T: Copy>(
    slot: &mut Option<T>,
    value: T,
    kind: &str,
    token: &str,
) -> Result<(), String> {
    if slot.is_some() {
        return Err(format!("second {kind} qualifier `.{token}`"));
    }
    *slot = Some(value);
    Ok(())
}

/// Decodes a mnemonic such as `atom.cas.b64.shared` or `red.release.gpu.add.f32`.
pub fn parse_mnemonic(text: &str) -> Result<Mnemonic, String> {
    let mut tokens = text.split('.');
    let head = tokens.next().unwrap_or_default();
    let (form, mut op) = match head {
        "atom" => (Form::Atom, None),
        "red" => (Form::Red, None),
        "ld" => (Form::Plain, Some(AtomOp::Ld)),
        "st" => (Form::Plain, Some(AtomOp::St)),
        _ => {
            return Err(format!(
                "unknown mnemonic {text:?}: expected atom.*, red.*, ld.* or st.*"
            ))
        }
    };
    let (mut ty, mut space, mut scope, mut sem, mut noftz) = (None, None, None, None, false);
    let mut vector: Option<&str> = None;
    let mut tokens = tokens.peekable();
    while let Some(token) = tokens.next() {
        if token == "popc" {
            if form == Form::Plain {
                return Err(format!("`{head}` takes no operation qualifier (`.popc`)"));
            }
            if tokens.next_if_eq(&"inc").is_none() {
                return Err(
                    "`.popc` must be followed by `.inc` (`atom.popc.inc.u32.shared`)".into(),
                );
            }
            set_once(&mut op, AtomOp::PopcInc, "operation", "popc.inc")?;
        } else if token == "v2" || token == "v4" {
            set_once(&mut vector, token, "vector", token)?;
        } else if token == "ld" || token == "st" {
            return Err(format!(
                "`.{token}` is its own mnemonic (`{token}.<b32|b64>`)"
            ));
        } else if let Some(o) = AtomOp::from_name(token) {
            if form == Form::Plain {
                return Err(format!(
                    "`{head}` takes no operation qualifier (`.{token}`)"
                ));
            }
            set_once(&mut op, o, "operation", token)?;
        } else if let Some(t) = AtomType::from_name(token) {
            set_once(&mut ty, t, "type", token)?;
        } else if token == "global" {
            set_once(&mut space, Space::Global, "space", token)?;
        } else if token == "shared" {
            set_once(&mut space, Space::Shared, "space", token)?;
        } else if let Some(s) = Scope::from_name(token) {
            set_once(&mut scope, s, "scope", token)?;
        } else if let Some(s) = Sem::from_name(token) {
            set_once(&mut sem, s, "ordering", token)?;
        } else if token == "noftz" && !noftz {
            noftz = true;
        } else {
            return Err(format!("unknown qualifier `.{token}` in {text:?}"));
        }
    }
    let op = op.ok_or_else(|| format!("{text:?} names no operation (e.g. `{head}.add.u32`)"))?;
    let mut ty = ty.ok_or_else(|| format!("{text:?} names no type (e.g. `.u32`, `.b64`)"))?;
    if let Some(v) = vector {
        ty = match (v, ty) {
            ("v2", AtomType::F32) => AtomType::V2F32,
            ("v4", AtomType::F32) => AtomType::V4F32,
            _ => {
                return Err(format!(
                    "`.{v}` is defined on `.f32` only (`atom.add.{v}.f32`), not `.{}`",
                    ty.name()
                ))
            }
        };
    }
    check_op(form, op, ty)?;
    check_space(op, ty, space.unwrap_or_default())?;
    if noftz
        && !(matches!(op, AtomOp::Add | AtomOp::Min | AtomOp::Max)
            && matches!(ty, AtomType::F16x2 | AtomType::Bf16x2))
    {
        return Err("`.noftz` applies only to add/min/max on f16x2 and bf16x2".into());
    }
    Ok(Mnemonic {
        form,
        op,
        ty,
        space: space.unwrap_or_default(),
        scope,
        sem,
    })
}

/// The operand list of a form, for error messages.
fn usage(m: &Mnemonic) -> &'static str {
    match (m.form, m.op) {
        (Form::Plain, AtomOp::Ld) => "ld.<type> <addr>",
        (Form::Plain, _) => "st.<type> <addr> <data>",
        (_, AtomOp::Cas | AtomOp::Cast) => "atom.cas.<type> <addr> <compare> <store>",
        (_, AtomOp::PopcInc) => "atom.popc.inc.u32.shared <addr> <mask>",
        _ if m.ty == AtomType::V2F32 => "atom.add.v2.f32 <addr> <b0> <b1>",
        _ if m.ty == AtomType::V4F32 => "atom.add.v4.f32 <addr> <b0> <b1> <b2> <b3>",
        (Form::Red, _) => "red.<op>.<type> <addr> <b>",
        _ => "atom.<op>.<type> <addr> <b>",
    }
}

/// Elements of a vector type's operand (`b0` …), 32 bits each.
fn elements(ty: AtomType) -> usize {
    match ty {
        AtomType::V2F32 => 2,
        AtomType::V4F32 => 4,
        _ => 0,
    }
}

/// The names of the vector operand's fields, for error messages.
const ELEMENT_NAMES: [&str; 4] = ["element b0", "element b1", "element b2", "element b3"];

/// Parses one line. `Ok(None)` for a blank or comment-only line. `tag` is stored
/// in the request; `bank_words` bounds the address.
pub fn parse_line(
    line: &str,
    tag: u32,
    bank_words: usize,
) -> Result<Option<AtomRequest>, FieldError> {
    let Some(text) = strip_comment(line) else {
        return Ok(None);
    };
    let f = fields(text);
    let m = parse_mnemonic(f[0]).map_err(|e| FieldError::new(MNEMONIC, "mnemonic", e))?;
    let n = elements(m.ty);
    let count = match m.op {
        AtomOp::Ld => 2,
        AtomOp::Cas | AtomOp::Cast => 4,
        _ if n > 0 => 2 + n,
        _ => 3,
    };
    expect_fields(&f, count, usage(&m))?;
    let bits = m.ty.bits();
    let addr = parse_hex(f[1], 32, ADDR, "address")? as u32;
    let (b, c) = if n > 0 {
        // Elements 0, 1 in `b` (low half first), 2, 3 in `c`.
        let mut v = 0u128;
        for (i, name) in ELEMENT_NAMES.iter().enumerate().take(n) {
            v |= parse_hex(f[2 + i], 32, 3 + i, name)? << (32 * i);
        }
        (v as u64, (v >> 64) as u64)
    } else {
        (0, 0)
    };
    let b = if n > 0 {
        b
    } else if count >= 3 {
        let what = match m.op {
            AtomOp::St => "data",
            AtomOp::PopcInc => "mask",
            _ => "operand b",
        };
        parse_hex(f[2], bits, 3, what)? as u64
    } else {
        0
    };
    let c = if n > 0 {
        c
    } else if count == 4 {
        parse_hex(f[3], bits, 4, "operand c")? as u64
    } else {
        0
    };
    let req = AtomRequest {
        form: m.form,
        op: m.op,
        ty: m.ty,
        space: m.space,
        scope: m.scope,
        sem: m.sem,
        addr,
        b,
        c,
        tag,
    };
    match check_request(&req, bank_words) {
        Ok(()) => Ok(Some(req)),
        Err(e @ (AtomError::Misaligned { .. } | AtomError::OutOfBank { .. })) => {
            Err(FieldError::new(ADDR, "address", e.to_string()))
        }
        Err(e) => Err(FieldError::new(MNEMONIC, "mnemonic", e.to_string())),
    }
}

/// Parses a whole vector file; tags are the operations' indices (0, 1, …).
/// On error: the 1-based line number and the field error.
pub fn parse_file(text: &str, bank_words: usize) -> Result<Vec<AtomRequest>, (usize, FieldError)> {
    let mut requests = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(req) =
            parse_line(line, requests.len() as u32, bank_words).map_err(|e| (i + 1, e))?
        {
            requests.push(req);
        }
    }
    Ok(requests)
}

/// The output line of an answer: lower-case hex as wide as the type; the vector
/// types' old elements in address order, 8 digits each, space-separated.
pub fn format_answer(req: &AtomRequest, answer: u128) -> String {
    match elements(req.ty) {
        0 => hex(answer & req.answer_mask(), req.ty.bits()),
        n => join_elements(answer, n),
    }
}

/// `n` 32-bit elements of `v`, element 0 (bits 31..0) first.
fn join_elements(v: u128, n: usize) -> String {
    (0..n)
        .map(|i| hex((v >> (32 * i)) & 0xffff_ffff, 32))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The vector line that [`parse_line`] reads back as `req` (tag aside).
pub fn format_request(req: &AtomRequest) -> String {
    let bits = req.ty.bits();
    let mut m = match req.form {
        Form::Atom => format!("atom.{}.{}", req.op.name(), req.ty.name()),
        Form::Red => format!("red.{}.{}", req.op.name(), req.ty.name()),
        Form::Plain => format!("{}.{}", req.op.name(), req.ty.name()),
    };
    for q in [
        req.sem.map(Sem::name),
        req.scope.map(Scope::name),
        (req.space == Space::Shared).then_some("shared"),
    ]
    .into_iter()
    .flatten()
    {
        m.push('.');
        m.push_str(q);
    }
    let mut line = format!("{m} {}", hex(u128::from(req.addr), 32));
    let n = elements(req.ty);
    if n > 0 {
        let v = u128::from(req.b) | (u128::from(req.c) << 64);
        line.push(' ');
        line.push_str(&join_elements(v, n));
    } else if req.op != AtomOp::Ld {
        line.push(' ');
        line.push_str(&hex(u128::from(req.b & req.ty.mask()), bits));
    }
    if matches!(req.op, AtomOp::Cas | AtomOp::Cast) {
        line.push(' ');
        line.push_str(&hex(u128::from(req.c & req.ty.mask()), bits));
    }
    line
}

/// Runs `requests` through the golden model on a zeroed bank of `bank_words`
/// words: one output line per answering request, in order.
pub fn golden_output(requests: &[AtomRequest], bank_words: usize) -> Vec<String> {
    let mut mem = AtomMemory::new(bank_words);
    requests
        .iter()
        .filter_map(|r| mem.apply(r).map(|a| format_answer(r, a)))
        .collect()
}
