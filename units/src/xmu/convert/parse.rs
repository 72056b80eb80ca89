//! Vector lines for the conversions (INTERFACES.md, `xmu`):
//!
//! ```text
//! frnd.<f32|f64>[.trunc|.floor|.ceil][.ftz][.sat] <x>
//! f2f.<dst>.<src>[.rn|.rm|.rp|.rz][.ftz][.sat] <x>          dst, src ∈ f16 bf16 f32 f64
//! f2i.<dst>.<src>[.trunc|.floor|.ceil][.ftz][.ntz][.sat] <x> dst ∈ u8 … s64
//! i2f.<dst>.<src>[.rn|.rm|.rp|.rz] <x>                       (also spelt i2fp)
//! i2i.<dst>.<src>[.sat] <x>
//! f2fp.<f16x2|bf16x2>.f32[.rn|.rm|.rp|.rz] <hi> <lo>
//! f2fp.<e4m3|e5m2>.f32[.rn].satfinite <x>
//! ```
//!
//! The mnemonic is field 1 and case-insensitive; the modifiers after the type
//! suffixes may come in any order, each at most once, with at most one
//! rounding. Operands are hexadecimal, exactly as wide as the source format
//! (2/4/8/16 digits); the result prints as wide as the destination.
//! Extensions to INTERFACES.md's list, all harmless: `.sat` on FRND (SPEC
//! gives FRND `.SAT`) and on F2I (a no-op: F2I always saturates), the
//! `i2fp` spelling, an explicit `.rn` on the FP8 form.

use super::{ConvertOp, FloatType, Fp8Type, IntType, PackedType};
use crate::fp::Rounding;
use crate::vector::{expect_fields, hex, parse_hex, FieldError};

/// A parsed conversion line: the operation and its operands (`b` is 0 for
/// the one-operand forms), ready for [`super::execute`] and the RTL's
/// `in_a`/`in_b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConvertLine {
    /// The decoded operation.
    pub op: ConvertOp,
    /// First operand (`<x>`, or `<hi>` of F2FP.f16x2/bf16x2).
    pub a: u64,
    /// Second operand (`<lo>` of F2FP.f16x2/bf16x2), else 0.
    pub b: u64,
}

impl ConvertLine {
    /// The golden-model result.
    pub fn execute(&self) -> u64 {
        super::execute(&self.op, self.a, self.b)
    }
}

/// The result as printed in an output vector file: lower-case hex, as many
/// digits as the destination is wide (`f2fp.e4m3…` → 2, `f2i.s8…` → 2).
pub fn format_result(op: &ConvertOp, value: u64) -> String {
    hex(value as u128, op.dst_bits())
}

/// How a rounding modifier is spelt for an op.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RoundSpelling {
    /// No rounding modifier (I2I).
    None,
    /// `.rn .rm .rp .rz` (F2F, I2F, F2FP.x2).
    Float,
    /// `.trunc .floor .ceil`, nearest when absent (FRND, F2I).
    Integral,
    /// Only `.rn` (F2FP to FP8).
    NearestOnly,
}

/// The flags a mnemonic may carry.
#[derive(Clone, Copy, Default)]
struct Flags {
    ftz: bool,
    sat: bool,
    ntz: bool,
    satfinite: bool,
}

/// Parses one conversion line, `fields[0]` being the mnemonic (field 1).
///
/// Returns `Ok(None)` when the mnemonic's opcode (the part before the first
/// dot) is not a conversion (`frnd f2f f2i i2f i2fp i2i f2fp`), so that the
/// XMU's line parser can try the bit ops next; `Err` names the field at
/// fault: an unknown or repeated modifier or type in the mnemonic (field 1),
/// a missing or extra operand, or an operand of the wrong width or not hex
/// (fields 2, 3).
pub fn parse_convert(fields: &[&str]) -> Result<Option<ConvertLine>, FieldError> {
    let Some(&mnemonic) = fields.first() else {
        return Ok(None);
    };
    let lower = mnemonic.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split('.').collect();
    let opcode = parts[0];
    if !matches!(
        opcode,
        "frnd" | "f2f" | "f2i" | "i2f" | "i2fp" | "i2i" | "f2fp"
    ) {
        return Ok(None);
    }
    let op = parse_mnemonic(mnemonic, &parts)?;
    let usage = usage(&op);
    let count = op.operand_count();
    expect_fields(fields, 1 + count, &usage)?;
    let bits = op.src_bits();
    let mut operands = [0u64; 2];
    for (i, slot) in operands.iter_mut().enumerate().take(count) {
        let what = match (count, i) {
            (1, _) => "operand x",
            (_, 0) => "operand hi",
            _ => "operand lo",
        };
        *slot = parse_hex(fields[1 + i], bits, 2 + i, what)? as u64;
    }
    Ok(Some(ConvertLine {
        op,
        a: operands[0],
        b: operands[1],
    }))
}

/// The usage string quoted in operand-count errors.
fn usage(op: &ConvertOp) -> String {
    let digits = op.src_bits().div_ceil(4) as usize;
    let x = "h".repeat(digits);
    match op {
        ConvertOp::F2fpPacked { .. } => format!("{} <hi:{x}> <lo:{x}>", op.mnemonic()),
        _ => format!("{} <x:{x}>", op.mnemonic()),
    }
}

fn mnemonic_error(mnemonic: &str, message: impl std::fmt::Display) -> FieldError {
    FieldError::new(1, "mnemonic", format!("`{mnemonic}`: {message}"))
}

fn float_type(s: &str) -> Option<FloatType> {
    FloatType::ALL.into_iter().find(|t| t.name() == s)
}

fn int_type(s: &str) -> Option<IntType> {
    IntType::ALL.into_iter().find(|t| t.name() == s)
}

/// Reads the type suffix at `parts[index]` with `read`, naming `role`
/// (`destination`/`source`) and the accepted list in the error.
fn type_at<T>(
    mnemonic: &str,
    parts: &[&str],
    index: usize,
    role: &str,
    accepted: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<T, FieldError> {
    match parts.get(index) {
        None => Err(mnemonic_error(
            mnemonic,
            format!("missing {role} type (one of {accepted})"),
        )),
        Some(s) => read(s).ok_or_else(|| {
            mnemonic_error(
                mnemonic,
                format!("unknown {role} type `.{s}` (expected one of {accepted})"),
            )
        }),
    }
}

const FLOATS: &str = "f16 bf16 f32 f64";
const INTS: &str = "u8 s8 u16 s16 u32 s32 u64 s64";

fn parse_mnemonic(mnemonic: &str, parts: &[&str]) -> Result<ConvertOp, FieldError> {
    let opcode = parts[0];
    match opcode {
        "frnd" => {
            let ty = type_at(mnemonic, parts, 1, "source", "f32 f64", |s| {
                float_type(s).filter(|t| matches!(t, FloatType::F32 | FloatType::F64))
            })?;
            let allowed = Flags {
                ftz: true,
                sat: true,
                ..Flags::default()
            };
            let (rounding, f) = modifiers(mnemonic, &parts[2..], RoundSpelling::Integral, allowed)?;
            Ok(ConvertOp::Frnd {
                ty,
                rounding,
                ftz: f.ftz,
                sat: f.sat,
            })
        }
        "f2f" => {
            let dst = type_at(mnemonic, parts, 1, "destination", FLOATS, float_type)?;
            let src = type_at(mnemonic, parts, 2, "source", FLOATS, float_type)?;
            let allowed = Flags {
                ftz: true,
                sat: true,
                ..Flags::default()
            };
            let (rounding, f) = modifiers(mnemonic, &parts[3..], RoundSpelling::Float, allowed)?;
            Ok(ConvertOp::F2f {
                dst,
                src,
                rounding,
                ftz: f.ftz,
                sat: f.sat,
            })
        }
        "f2i" => {
            let dst = type_at(mnemonic, parts, 1, "destination", INTS, int_type)?;
            let src = type_at(mnemonic, parts, 2, "source", FLOATS, float_type)?;
            let allowed = Flags {
                ftz: true,
                sat: true,
                ntz: true,
                ..Flags::default()
            };
            let (rounding, f) = modifiers(mnemonic, &parts[3..], RoundSpelling::Integral, allowed)?;
            Ok(ConvertOp::F2i {
                dst,
                src,
                rounding,
                ftz: f.ftz,
                ntz: f.ntz,
            })
        }
        "i2f" | "i2fp" => {
            let dst = type_at(mnemonic, parts, 1, "destination", FLOATS, float_type)?;
            let src = type_at(mnemonic, parts, 2, "source", INTS, int_type)?;
            let (rounding, _) = modifiers(
                mnemonic,
                &parts[3..],
                RoundSpelling::Float,
                Flags::default(),
            )?;
            Ok(ConvertOp::I2f { dst, src, rounding })
        }
        "i2i" => {
            let dst = type_at(mnemonic, parts, 1, "destination", INTS, int_type)?;
            let src = type_at(mnemonic, parts, 2, "source", INTS, int_type)?;
            let allowed = Flags {
                sat: true,
                ..Flags::default()
            };
            let (_, f) = modifiers(mnemonic, &parts[3..], RoundSpelling::None, allowed)?;
            Ok(ConvertOp::I2i {
                dst,
                src,
                sat: f.sat,
            })
        }
        _ => {
            // f2fp
            enum Dst {
                Packed(PackedType),
                Fp8(Fp8Type),
            }
            let dst = type_at(
                mnemonic,
                parts,
                1,
                "destination",
                "f16x2 bf16x2 e4m3 e5m2",
                |s| {
                    PackedType::ALL
                        .into_iter()
                        .find(|t| t.name() == s)
                        .map(Dst::Packed)
                        .or_else(|| {
                            Fp8Type::ALL
                                .into_iter()
                                .find(|t| t.name() == s)
                                .map(Dst::Fp8)
                        })
                },
            )?;
            type_at(mnemonic, parts, 2, "source", "f32", |s| {
                (s == "f32").then_some(())
            })?;
            match dst {
                Dst::Packed(dst) => {
                    let (rounding, _) = modifiers(
                        mnemonic,
                        &parts[3..],
                        RoundSpelling::Float,
                        Flags::default(),
                    )?;
                    Ok(ConvertOp::F2fpPacked { dst, rounding })
                }
                Dst::Fp8(dst) => {
                    let allowed = Flags {
                        satfinite: true,
                        ..Flags::default()
                    };
                    let (_, f) =
                        modifiers(mnemonic, &parts[3..], RoundSpelling::NearestOnly, allowed)?;
                    if !f.satfinite {
                        return Err(mnemonic_error(
                            mnemonic,
                            format!(
                                "f2fp to {} needs `.satfinite` (the only form: f2fp.{}.f32.satfinite)",
                                dst.name(),
                                dst.name()
                            ),
                        ));
                    }
                    Ok(ConvertOp::F2fp8 { dst })
                }
            }
        }
    }
}

/// Reads the trailing modifiers: at most one rounding (spelt per
/// `spelling`), and the flags set in `allowed`, each at most once.
fn modifiers(
    mnemonic: &str,
    mods: &[&str],
    spelling: RoundSpelling,
    allowed: Flags,
) -> Result<(Rounding, Flags), FieldError> {
    let mut rounding: Option<Rounding> = None;
    let mut seen = Flags::default();
    for &m in mods {
        let r = match (spelling, m) {
            (RoundSpelling::Float | RoundSpelling::NearestOnly, "rn") => Some(Rounding::Rn),
            (RoundSpelling::Float, "rm") => Some(Rounding::Rm),
            (RoundSpelling::Float, "rp") => Some(Rounding::Rp),
            (RoundSpelling::Float, "rz") => Some(Rounding::Rz),
            (RoundSpelling::Integral, "floor") => Some(Rounding::Rm),
            (RoundSpelling::Integral, "ceil") => Some(Rounding::Rp),
            (RoundSpelling::Integral, "trunc") => Some(Rounding::Rz),
            _ => None,
        };
        if let Some(r) = r {
            if rounding.is_some() {
                return Err(mnemonic_error(
                    mnemonic,
                    format!("more than one rounding modifier (`.{m}`)"),
                ));
            }
            rounding = Some(r);
            continue;
        }
        let slot = match m {
            "ftz" if allowed.ftz => &mut seen.ftz,
            "sat" if allowed.sat => &mut seen.sat,
            "ntz" if allowed.ntz => &mut seen.ntz,
            "satfinite" if allowed.satfinite => &mut seen.satfinite,
            _ => {
                let what = if m.is_empty() {
                    "empty modifier (two dots in a row, or a trailing dot)".to_string()
                } else {
                    format!("unknown modifier `.{m}`")
                };
                return Err(mnemonic_error(
                    mnemonic,
                    format!("{what}; accepted here: {}", accepted(spelling, allowed)),
                ));
            }
        };
        if *slot {
            return Err(mnemonic_error(
                mnemonic,
                format!("repeated modifier `.{m}`"),
            ));
        }
        *slot = true;
    }
    Ok((rounding.unwrap_or(Rounding::Rn), seen))
}

/// The modifier list quoted in errors.
fn accepted(spelling: RoundSpelling, allowed: Flags) -> String {
    let mut list: Vec<&str> = match spelling {
        RoundSpelling::None => vec![],
        RoundSpelling::Float => vec![".rn", ".rm", ".rp", ".rz"],
        RoundSpelling::Integral => vec![".trunc", ".floor", ".ceil"],
        RoundSpelling::NearestOnly => vec![".rn"],
    };
    for (on, name) in [
        (allowed.ftz, ".ftz"),
        (allowed.ntz, ".ntz"),
        (allowed.sat, ".sat"),
        (allowed.satfinite, ".satfinite"),
    ] {
        if on {
            list.push(name);
        }
    }
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join(" ")
    }
}
