//! The seed decoder of the `fp64` unit: (format, opcode, funct) → [`Fp64Op`]
//! (SPEC-G3 §2–§4), and the check of the explicit `rm` field (SPEC-G3 §1:
//! 0..4 a mode, 7 DYN, 5 and 6 reserved and refused).
//!
//! The seed gives no bit layout of its formats, so the decoder takes the
//! fields already extracted; [`Fp64Op::encoding`] is its inverse. Everything
//! the tables do not list is refused with a [`DecodeError`] that says which
//! field was wrong: an opcode of another unit (R 0x24 is DIVSQRT's, R1 0x22
//! the SFU's), a funct value wider than its field, an unused funct value.

use super::op::{Encoding, Fp64Op};
use crate::fp::ieee::Rm;
use std::fmt;

/// The seed's instruction formats that hold fp64 operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InsnFormat {
    /// Two sources, funct4.
    R,
    /// One source, funct11.
    R1,
    /// Compare into a uniform register, funct5.
    C,
    /// Three sources with rm/neg/abs, funct10.
    X,
}

impl InsnFormat {
    /// Every format.
    pub const ALL: [InsnFormat; 4] = [InsnFormat::R, InsnFormat::R1, InsnFormat::C, InsnFormat::X];

    /// Width in bits of the format's funct field.
    pub fn funct_bits(self) -> u32 {
        match self {
            InsnFormat::R => 4,
            InsnFormat::R1 => 11,
            InsnFormat::C => 5,
            InsnFormat::X => 10,
        }
    }

    /// The opcode under which the format holds fp64 operations.
    pub fn fp64_opcode(self) -> u32 {
        self.encoding(0).opcode()
    }

    /// The [`Encoding`] of `funct` in this format.
    pub fn encoding(self, funct: u32) -> Encoding {
        match self {
            InsnFormat::R => Encoding::R { f4: funct },
            InsnFormat::R1 => Encoding::R1 { f11: funct },
            InsnFormat::C => Encoding::C { f5: funct },
            InsnFormat::X => Encoding::X { f10: funct },
        }
    }

    /// The format and funct of an [`Encoding`].
    pub fn of(encoding: Encoding) -> (InsnFormat, u32) {
        match encoding {
            Encoding::R { f4 } => (InsnFormat::R, f4),
            Encoding::R1 { f11 } => (InsnFormat::R1, f11),
            Encoding::C { f5 } => (InsnFormat::C, f5),
            Encoding::X { f10 } => (InsnFormat::X, f10),
        }
    }
}

/// Why a (format, opcode, funct) or an `rm` field was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// The opcode is not the fp64 opcode of the format.
    ForeignOpcode { format: InsnFormat, opcode: u32 },
    /// The funct value does not fit in the format's funct field.
    FunctTooWide { format: InsnFormat, funct: u32 },
    /// A funct value the seed does not assign (reserved).
    ReservedFunct { format: InsnFormat, funct: u32 },
    /// `rm` 5 or 6 (reserved, SPEC-G3 §1).
    ReservedRm(u32),
    /// An `rm` value wider than its 3 bits.
    RmTooWide(u32),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecodeError::ForeignOpcode { format, opcode } => write!(
                f,
                "opcode {opcode:#x}: not an fp64 opcode of format {format:?} (expected {:#x})",
                format.fp64_opcode()
            ),
            DecodeError::FunctTooWide { format, funct } => write!(
                f,
                "funct {funct:#x} does not fit the {} bits of format {format:?}",
                format.funct_bits()
            ),
            DecodeError::ReservedFunct { format, funct } => {
                write!(f, "funct {funct:#x} of format {format:?} is reserved")
            }
            DecodeError::ReservedRm(rm) => write!(f, "rm {rm} is reserved (0-4 or 7 = dyn)"),
            DecodeError::RmTooWide(rm) => write!(f, "rm {rm} does not fit in 3 bits"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The operation of a decoded instruction.
pub fn decode(format: InsnFormat, opcode: u32, funct: u32) -> Result<Fp64Op, DecodeError> {
    if opcode != format.fp64_opcode() {
        return Err(DecodeError::ForeignOpcode { format, opcode });
    }
    if funct >> format.funct_bits() != 0 {
        return Err(DecodeError::FunctTooWide { format, funct });
    }
    let wanted = format.encoding(funct);
    Fp64Op::ALL
        .iter()
        .copied()
        .find(|op| op.encoding() == wanted)
        .ok_or(DecodeError::ReservedFunct { format, funct })
}

/// An explicit `rm` field: a mode, or DYN (take MODE's field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RmField {
    Static(Rm),
    Dyn,
}

/// The `rm` code of DYN.
pub const RM_DYN_CODE: u32 = 7;

/// Checks an explicit `rm` field: 0..4 a mode, 7 DYN, 5 and 6 refused.
pub fn decode_rm(rm: u32) -> Result<RmField, DecodeError> {
    match rm {
        RM_DYN_CODE => Ok(RmField::Dyn),
        5 | 6 => Err(DecodeError::ReservedRm(rm)),
        _ if rm > RM_DYN_CODE => Err(DecodeError::RmTooWide(rm)),
        _ => Ok(RmField::Static(Rm::from_code(rm).expect("0..4"))),
    }
}

impl RmField {
    /// The 3-bit code (7 for DYN).
    pub fn code(self) -> u32 {
        match self {
            RmField::Static(rm) => rm.code(),
            RmField::Dyn => RM_DYN_CODE,
        }
    }

    /// The vector-file spelling (`rne` … `rmm`, `dyn`).
    pub fn mnemonic(self) -> &'static str {
        match self {
            RmField::Static(rm) => rm.mnemonic(),
            RmField::Dyn => "dyn",
        }
    }

    /// The field of a spelling.
    pub fn from_mnemonic(text: &str) -> Option<RmField> {
        if text == "dyn" {
            Some(RmField::Dyn)
        } else {
            Rm::from_mnemonic(text).map(RmField::Static)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fp64::op::Cc;

    /// SPEC-G3 §2–§4, row by row: (format, opcode, funct, mnemonic).
    const TABLE: [(InsnFormat, u32, u32, &str); 40] = [
        (InsnFormat::R, 0x1e, 0x0, "fadd.f64"),
        (InsnFormat::R, 0x1e, 0x1, "fsub.f64"),
        (InsnFormat::R, 0x1e, 0x2, "fmul.f64"),
        (InsnFormat::R, 0x1e, 0x3, "fmin.f64"),
        (InsnFormat::R, 0x1e, 0x4, "fmax.f64"),
        (InsnFormat::R, 0x1e, 0x5, "fsgnj.f64"),
        (InsnFormat::R, 0x1e, 0x6, "fsgnjn.f64"),
        (InsnFormat::R, 0x1e, 0x7, "fsgnjx.f64"),
        (InsnFormat::R, 0x1e, 0x8, "fldexp.f64"),
        (InsnFormat::R1, 0x20, 0x0, "fclass.f64"),
        (InsnFormat::R1, 0x20, 0x1, "ffloor.f64"),
        (InsnFormat::R1, 0x20, 0x2, "fceil.f64"),
        (InsnFormat::R1, 0x20, 0x3, "ftrunc.f64"),
        (InsnFormat::R1, 0x20, 0x4, "frndne.f64"),
        (InsnFormat::R1, 0x20, 0x5, "ffract.f64"),
        (InsnFormat::R1, 0x20, 0x6, "fcvt.f64.f32"),
        (InsnFormat::R1, 0x20, 0x7, "fcvt.f32.f64"),
        (InsnFormat::R1, 0x20, 0x8, "fcvt.i32.f64"),
        (InsnFormat::R1, 0x20, 0x9, "fcvt.u32.f64"),
        (InsnFormat::R1, 0x20, 0xa, "fcvt.f64.i32"),
        (InsnFormat::R1, 0x20, 0xb, "fcvt.f64.u32"),
        (InsnFormat::R1, 0x20, 0xc, "frexp.mant.f64"),
        (InsnFormat::R1, 0x20, 0xd, "frexp.exp.f64"),
        (InsnFormat::C, 0x2a, 0x06, "cmp.eq.f64"),
        (InsnFormat::C, 0x2a, 0x07, "cmp.ne.f64"),
        (InsnFormat::C, 0x2a, 0x08, "cmp.lt.f64"),
        (InsnFormat::C, 0x2a, 0x09, "cmp.le.f64"),
        (InsnFormat::C, 0x2a, 0x0a, "cmp.gt.f64"),
        (InsnFormat::C, 0x2a, 0x0b, "cmp.ge.f64"),
        (InsnFormat::C, 0x2a, 0x0c, "cmp.o.f64"),
        (InsnFormat::C, 0x2a, 0x0d, "cmp.u.f64"),
        (InsnFormat::C, 0x2a, 0x0e, "cmp.equ.f64"),
        (InsnFormat::C, 0x2a, 0x0f, "cmp.neu.f64"),
        (InsnFormat::C, 0x2a, 0x10, "cmp.ltu.f64"),
        (InsnFormat::C, 0x2a, 0x11, "cmp.leu.f64"),
        (InsnFormat::C, 0x2a, 0x12, "cmp.gtu.f64"),
        (InsnFormat::C, 0x2a, 0x13, "cmp.geu.f64"),
        (InsnFormat::C, 0x2a, 0x14, "cmp.class.f64"),
        (InsnFormat::X, 0x1, 0x13, "ffma.f64"),
        (InsnFormat::X, 0x1, 0x1b, "fcvt.f32.f64.m"),
    ];

    #[test]
    fn every_row_of_the_spec_decodes_and_encodes_back() {
        let mut seen = std::collections::HashSet::new();
        for (format, opcode, funct, mnemonic) in TABLE {
            let op = decode(format, opcode, funct).unwrap();
            assert_eq!(op.mnemonic(), mnemonic);
            // The inverse direction: op.rs's encoding() gives the row back.
            assert_eq!(op.encoding(), format.encoding(funct), "{mnemonic}");
            assert_eq!(op.encoding().opcode(), opcode, "{mnemonic}");
            assert_eq!(InsnFormat::of(op.encoding()), (format, funct));
            assert!(seen.insert(op), "{mnemonic} twice");
        }
        // Every operation is in the table.
        for op in Fp64Op::ALL {
            let (format, funct) = InsnFormat::of(op.encoding());
            assert_eq!(decode(format, format.fp64_opcode(), funct), Ok(op));
        }
        assert_eq!(seen.len(), Fp64Op::ALL.len());
        assert_eq!(decode(InsnFormat::C, 0x2a, 0x10), Ok(Fp64Op::Cmp(Cc::Ltu)));
    }

    #[test]
    fn every_unused_funct_is_refused() {
        for format in InsnFormat::ALL {
            let opcode = format.fp64_opcode();
            let mut assigned = 0;
            for funct in 0..(1u32 << format.funct_bits()) {
                let listed = TABLE.iter().any(|&(f, _, v, _)| f == format && v == funct);
                match decode(format, opcode, funct) {
                    Ok(_) => {
                        assert!(listed, "{format:?} {funct:#x} decoded but not in SPEC-G3");
                        assigned += 1;
                    }
                    Err(e) => {
                        assert!(!listed, "{format:?} {funct:#x}: {e}");
                        assert_eq!(e, DecodeError::ReservedFunct { format, funct });
                    }
                }
            }
            let want = TABLE.iter().filter(|r| r.0 == format).count();
            assert_eq!(assigned, want, "{format:?}");
            let wide = 1 << format.funct_bits();
            assert_eq!(
                decode(format, opcode, wide),
                Err(DecodeError::FunctTooWide {
                    format,
                    funct: wide
                })
            );
        }
    }

    #[test]
    fn foreign_opcodes_are_refused() {
        // DIVSQRT's R opcode, the SFU's R1 opcode, and a swapped pair.
        assert_eq!(
            decode(InsnFormat::R, 0x24, 0x0),
            Err(DecodeError::ForeignOpcode {
                format: InsnFormat::R,
                opcode: 0x24
            })
        );
        assert!(decode(InsnFormat::R1, 0x22, 0x0).is_err());
        assert!(decode(InsnFormat::C, 0x1e, 0x6).is_err());
        for format in InsnFormat::ALL {
            for opcode in 0..0x40 {
                if opcode != format.fp64_opcode() {
                    let funct = InsnFormat::of(
                        Fp64Op::ALL
                            .iter()
                            .map(|o| o.encoding())
                            .find(|e| InsnFormat::of(*e).0 == format)
                            .unwrap(),
                    )
                    .1;
                    assert_eq!(
                        decode(format, opcode, funct),
                        Err(DecodeError::ForeignOpcode { format, opcode })
                    );
                }
            }
        }
    }

    #[test]
    fn rm_field_reserved_values_are_refused() {
        for code in 0..5 {
            assert_eq!(
                decode_rm(code),
                Ok(RmField::Static(Rm::from_code(code).unwrap()))
            );
            assert_eq!(decode_rm(code).unwrap().code(), code);
        }
        assert_eq!(decode_rm(7), Ok(RmField::Dyn));
        assert_eq!(decode_rm(5), Err(DecodeError::ReservedRm(5)));
        assert_eq!(decode_rm(6), Err(DecodeError::ReservedRm(6)));
        assert_eq!(decode_rm(8), Err(DecodeError::RmTooWide(8)));
        assert!(decode_rm(6).unwrap_err().to_string().contains("reserved"));
        for word in ["rne", "rtz", "rdn", "rup", "rmm", "dyn"] {
            assert_eq!(RmField::from_mnemonic(word).unwrap().mnemonic(), word);
        }
        assert_eq!(RmField::from_mnemonic("rmx"), None);
    }
}
