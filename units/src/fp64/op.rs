//! The 40 operations of the `fp64` unit (SPEC-G3 §2–§4), their `in_op`
//! codes, mnemonics, operand and result widths, and which MODE fields each
//! one reads.
//!
//! # Decisions on MODE for this unit (SPEC-G3 §1, marked (D) there)
//! Every operation of §2 and §4 carries the seed's flag `fm`; here is what it
//! means per operation, decided once for the model and the RTL:
//! - **Input flush** (`daz` of the *input's* width): fadd, fsub, fmul, ffma,
//!   fmin, fmax, fldexp, ffloor, fceil, ftrunc, frndne, ffract, frexp.mant,
//!   frexp.exp, fcvt.f32.f64(.m), fcvt.i32.f64, fcvt.u32.f64 read a binary64
//!   subnormal as a signed zero under `daz64`; fcvt.f64.f32 reads a binary32
//!   subnormal as a signed zero under `daz32` (seed).
//! - **Output flush** (`ftz` of the *result's* width, after rounding): fadd,
//!   fsub, fmul, ffma, fldexp, ffract under `ftz64`; fcvt.f32.f64(.m) under
//!   `ftz32`. The other results are never subnormal (integral values, exact
//!   widenings, frexp's m ∈ [0.5, 1), integers, masks) or are one of the
//!   (already flushed) inputs (fmin, fmax).
//! - **Never flushed** (D): fsgnj, fsgnjn, fsgnjx (bit operations on the
//!   encodings, RISC-V), fclass (it reports the encoding, RISC-V), the
//!   compares and cmp.class (SPEC-G3 §1 lists them as not `fm`).
//! - **Rounding**: fadd, fsub, fmul, fldexp, ffract round in `frm64`; ffma
//!   and fcvt.f32.f64.m in their explicit `rm` (7 = DYN: `frm64` for ffma,
//!   `frm` for fcvt.f32.f64.m); fcvt.f32.f64 in `frm`; ffloor/fceil/ftrunc/
//!   frndne in their own direction; fcvt to an integer RTZ.

/// Comparison condition of `cmp.<cc>.f64` (SPEC-G3 §3), in f5 order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cc {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Both ordered.
    O,
    /// Unordered.
    U,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
}

impl Cc {
    /// Every condition, in f5 order (f5 = 0x06 + index).
    pub const ALL: [Cc; 14] = [
        Cc::Eq,
        Cc::Ne,
        Cc::Lt,
        Cc::Le,
        Cc::Gt,
        Cc::Ge,
        Cc::O,
        Cc::U,
        Cc::Equ,
        Cc::Neu,
        Cc::Ltu,
        Cc::Leu,
        Cc::Gtu,
        Cc::Geu,
    ];

    /// The mnemonic suffix (`eq`, `ltu`, `o`, ...).
    pub fn mnemonic(self) -> &'static str {
        [
            "eq", "ne", "lt", "le", "gt", "ge", "o", "u", "equ", "neu", "ltu", "leu", "gtu", "geu",
        ][self.index()]
    }

    /// Index in [`Cc::ALL`].
    pub fn index(self) -> usize {
        Cc::ALL.iter().position(|&c| c == self).unwrap()
    }

    /// The seed's f5 value (C format, opcode 0x2a).
    pub fn f5(self) -> u32 {
        0x06 + self.index() as u32
    }

    /// Signalling compare (RISC-V FLT/FLE): NV for any NaN operand, not
    /// only a signalling one.
    pub fn signals_on_qnan(self) -> bool {
        matches!(self, Cc::Lt | Cc::Le | Cc::Gt | Cc::Ge)
    }
}

/// One operation of the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fp64Op {
    Fadd,
    Fsub,
    Fmul,
    Fmin,
    Fmax,
    Fsgnj,
    Fsgnjn,
    Fsgnjx,
    Fldexp,
    Fclass,
    Ffloor,
    Fceil,
    Ftrunc,
    Frndne,
    Ffract,
    /// fcvt.f64.f32: binary32 → binary64.
    CvtF64F32,
    /// fcvt.f32.f64: binary64 → binary32 in frm.
    CvtF32F64,
    /// fcvt.i32.f64.
    CvtI32F64,
    /// fcvt.u32.f64.
    CvtU32F64,
    /// fcvt.f64.i32.
    CvtF64I32,
    /// fcvt.f64.u32.
    CvtF64U32,
    FrexpMant,
    FrexpExp,
    Cmp(Cc),
    /// cmp.class.f64: (fclass(s1) & s2[9:0]) ≠ 0.
    CmpClass,
    /// ffma.f64 with explicit rm, neg and abs masks.
    Ffma,
    /// fcvt.f32.f64.m: fcvt.f32.f64 with an explicit rm.
    CvtF32F64M,
}

/// Where the operation sits in the seed (SPEC-G3 §2–§4): format, opcode, funct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// R format, opcode 0x1e, funct4.
    R { f4: u32 },
    /// R1 format, opcode 0x20, funct11.
    R1 { f11: u32 },
    /// C format, opcode 0x2a, funct5.
    C { f5: u32 },
    /// X format, opcode 0x1, funct10.
    X { f10: u32 },
}

impl Encoding {
    /// The seed's opcode of the format.
    pub fn opcode(self) -> u32 {
        match self {
            Encoding::R { .. } => 0x1e,
            Encoding::R1 { .. } => 0x20,
            Encoding::C { .. } => 0x2a,
            Encoding::X { .. } => 0x1,
        }
    }
}

impl Fp64Op {
    /// Every operation; the index is the `in_op` code.
    pub const ALL: [Fp64Op; 40] = [
        Fp64Op::Fadd,
        Fp64Op::Fsub,
        Fp64Op::Fmul,
        Fp64Op::Fmin,
        Fp64Op::Fmax,
        Fp64Op::Fsgnj,
        Fp64Op::Fsgnjn,
        Fp64Op::Fsgnjx,
        Fp64Op::Fldexp,
        Fp64Op::Fclass,
        Fp64Op::Ffloor,
        Fp64Op::Fceil,
        Fp64Op::Ftrunc,
        Fp64Op::Frndne,
        Fp64Op::Ffract,
        Fp64Op::CvtF64F32,
        Fp64Op::CvtF32F64,
        Fp64Op::CvtI32F64,
        Fp64Op::CvtU32F64,
        Fp64Op::CvtF64I32,
        Fp64Op::CvtF64U32,
        Fp64Op::FrexpMant,
        Fp64Op::FrexpExp,
        Fp64Op::Cmp(Cc::Eq),
        Fp64Op::Cmp(Cc::Ne),
        Fp64Op::Cmp(Cc::Lt),
        Fp64Op::Cmp(Cc::Le),
        Fp64Op::Cmp(Cc::Gt),
        Fp64Op::Cmp(Cc::Ge),
        Fp64Op::Cmp(Cc::O),
        Fp64Op::Cmp(Cc::U),
        Fp64Op::Cmp(Cc::Equ),
        Fp64Op::Cmp(Cc::Neu),
        Fp64Op::Cmp(Cc::Ltu),
        Fp64Op::Cmp(Cc::Leu),
        Fp64Op::Cmp(Cc::Gtu),
        Fp64Op::Cmp(Cc::Geu),
        Fp64Op::CmpClass,
        Fp64Op::Ffma,
        Fp64Op::CvtF32F64M,
    ];

    /// The `in_op` code (6 bits).
    pub fn code(self) -> u32 {
        Self::ALL.iter().position(|&o| o == self).unwrap() as u32
    }

    /// The operation of an `in_op` code; 40..63 are `None`.
    pub fn from_code(code: u32) -> Option<Fp64Op> {
        Self::ALL.get(code as usize).copied()
    }

    /// The seed's mnemonic (`fadd.f64`, `cmp.ltu.f64`, `fcvt.f32.f64.m`).
    pub fn mnemonic(self) -> String {
        let fixed = match self {
            Fp64Op::Fadd => "fadd.f64",
            Fp64Op::Fsub => "fsub.f64",
            Fp64Op::Fmul => "fmul.f64",
            Fp64Op::Fmin => "fmin.f64",
            Fp64Op::Fmax => "fmax.f64",
            Fp64Op::Fsgnj => "fsgnj.f64",
            Fp64Op::Fsgnjn => "fsgnjn.f64",
            Fp64Op::Fsgnjx => "fsgnjx.f64",
            Fp64Op::Fldexp => "fldexp.f64",
            Fp64Op::Fclass => "fclass.f64",
            Fp64Op::Ffloor => "ffloor.f64",
            Fp64Op::Fceil => "fceil.f64",
            Fp64Op::Ftrunc => "ftrunc.f64",
            Fp64Op::Frndne => "frndne.f64",
            Fp64Op::Ffract => "ffract.f64",
            Fp64Op::CvtF64F32 => "fcvt.f64.f32",
            Fp64Op::CvtF32F64 => "fcvt.f32.f64",
            Fp64Op::CvtI32F64 => "fcvt.i32.f64",
            Fp64Op::CvtU32F64 => "fcvt.u32.f64",
            Fp64Op::CvtF64I32 => "fcvt.f64.i32",
            Fp64Op::CvtF64U32 => "fcvt.f64.u32",
            Fp64Op::FrexpMant => "frexp.mant.f64",
            Fp64Op::FrexpExp => "frexp.exp.f64",
            Fp64Op::Cmp(cc) => return format!("cmp.{}.f64", cc.mnemonic()),
            Fp64Op::CmpClass => "cmp.class.f64",
            Fp64Op::Ffma => "ffma.f64",
            Fp64Op::CvtF32F64M => "fcvt.f32.f64.m",
        };
        fixed.to_string()
    }

    /// The operation of a mnemonic.
    pub fn from_mnemonic(text: &str) -> Option<Fp64Op> {
        Self::ALL.iter().copied().find(|o| o.mnemonic() == text)
    }

    /// The seed's format and funct (SPEC-G3 §2–§4).
    pub fn encoding(self) -> Encoding {
        let code = self.code();
        match self {
            Fp64Op::Fadd
            | Fp64Op::Fsub
            | Fp64Op::Fmul
            | Fp64Op::Fmin
            | Fp64Op::Fmax
            | Fp64Op::Fsgnj
            | Fp64Op::Fsgnjn
            | Fp64Op::Fsgnjx
            | Fp64Op::Fldexp => Encoding::R { f4: code },
            Fp64Op::Cmp(cc) => Encoding::C { f5: cc.f5() },
            Fp64Op::CmpClass => Encoding::C { f5: 0x14 },
            Fp64Op::Ffma => Encoding::X { f10: 0x13 },
            Fp64Op::CvtF32F64M => Encoding::X { f10: 0x1b },
            _ => Encoding::R1 {
                f11: code - Fp64Op::Fclass.code(),
            },
        }
    }

    /// Widths in bits of the source operands in seed order (`vp²` 64, `v` 32).
    pub fn operand_widths(self) -> &'static [u32] {
        match self {
            Fp64Op::Fadd
            | Fp64Op::Fsub
            | Fp64Op::Fmul
            | Fp64Op::Fmin
            | Fp64Op::Fmax
            | Fp64Op::Fsgnj
            | Fp64Op::Fsgnjn
            | Fp64Op::Fsgnjx
            | Fp64Op::Cmp(_) => &[64, 64],
            Fp64Op::Fldexp | Fp64Op::CmpClass => &[64, 32],
            Fp64Op::CvtF64F32 | Fp64Op::CvtF64I32 | Fp64Op::CvtF64U32 => &[32],
            Fp64Op::Ffma => &[64, 64, 64],
            _ => &[64],
        }
    }

    /// Width in bits of the result (`vp²` 64, `v` 32; a compare answers one bit).
    pub fn result_width(self) -> u32 {
        match self {
            Fp64Op::Fclass
            | Fp64Op::CvtF32F64
            | Fp64Op::CvtF32F64M
            | Fp64Op::CvtI32F64
            | Fp64Op::CvtU32F64
            | Fp64Op::FrexpExp => 32,
            Fp64Op::Cmp(_) | Fp64Op::CmpClass => 1,
            _ => 64,
        }
    }

    /// Whether the operation takes the explicit `rm` field (ffma.f64,
    /// fcvt.f32.f64.m); ffma also takes `neg` and `abs`.
    pub fn has_rm(self) -> bool {
        matches!(self, Fp64Op::Ffma | Fp64Op::CvtF32F64M)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_mnemonics_and_encodings_are_one_to_one() {
        for (i, op) in Fp64Op::ALL.iter().enumerate() {
            assert_eq!(op.code(), i as u32);
            assert_eq!(Fp64Op::from_code(i as u32), Some(*op));
            assert_eq!(Fp64Op::from_mnemonic(&op.mnemonic()), Some(*op));
        }
        let mut seen = std::collections::HashSet::new();
        for op in Fp64Op::ALL {
            assert!(seen.insert(op.encoding()), "{op:?}");
        }
        // Spot checks against SPEC-G3's tables.
        assert_eq!(Fp64Op::Fldexp.encoding(), Encoding::R { f4: 0x8 });
        assert_eq!(Fp64Op::Fclass.encoding(), Encoding::R1 { f11: 0x0 });
        assert_eq!(Fp64Op::FrexpExp.encoding(), Encoding::R1 { f11: 0xd });
        assert_eq!(Fp64Op::Cmp(Cc::Eq).encoding(), Encoding::C { f5: 0x06 });
        assert_eq!(Fp64Op::Cmp(Cc::Geu).encoding(), Encoding::C { f5: 0x13 });
        assert_eq!(Fp64Op::CmpClass.encoding(), Encoding::C { f5: 0x14 });
        assert_eq!(Fp64Op::from_code(40), None);
    }
}
