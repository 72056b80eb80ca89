//! Decoder (and assembler) for SM90 MUFU instruction words, after the layout
//! in `shared/seeds/003_8d387f3e95849de3.txt` (NVIDIA ISA viewer, H100).
//!
//! A word is 128 bits; bit `n` is column `n mod 64` of row `n / 64` in the seed's
//! tables, numbered LSB first (the opcode `0x308` of `MUFU R,R` reads
//! `0001 0000 1100` in columns 0–11). Five operand forms:
//!
//! | form | opcode \[11:0\] | bit 91 | source operand |
//! |---|---|---|---|
//! | `R,R` | 0x308 | 0 | Rb \[39:32\], cABS 62, cNEG 63 |
//! | `R,F` | 0x908 | 0 | 32-bit immediate \[63:32\] |
//! | `R,c[I][I]` | 0xB08 | 0 | bank {\[58:55\],\[53\]}, offset {\[54\],\[52:40\]} |
//! | `R,cx[UR][I]` | 0xB08 | 1 | URb \[38:32\], offset \[54:40\] |
//! | `R,UR` | 0xD08 | 1 | URb \[38:32\], cABS 62, cNEG 63 |
//!
//! Common fields: predicate \[15:12\] (guard register \[14:12\], 7 = PT; bit 15
//! negates it), Rd \[23:16\], F16 72, BF16 73, function selector \[77:74\], and
//! the control fields stall \[108:105\], yield 109, read barrier \[112:110\],
//! write barrier \[115:113\], wait mask \[121:116\], reuse \[125:122\]. Every other
//! bit the seed shows as 0 must be 0, or the word is rejected.
//!
//! The constant-bank form's bank and offset are interleaved exactly as the seed
//! draws them (bit 53 belongs to the bank, bit 54 to the offset); fields are
//! assembled LSB first in the order their bits appear. Offsets are the raw
//! field values.

use std::fmt;

use super::model::MufuFunc;

/// A bit range `lo..=hi` of the 128-bit word.
pub type Bits = (u32, u32);

/// Opcode field `[11:0]`.
pub const OPCODE: Bits = (0, 11);
/// Predicate guard `[15:12]`.
pub const PRED: Bits = (12, 15);
/// Destination register `[23:16]`.
pub const RD: Bits = (16, 23);
/// Source register / uniform register index (`R,R` uses 8 bits, the UR forms 7).
pub const RB: Bits = (32, 39);
/// Uniform register index of the UR forms.
pub const URB: Bits = (32, 38);
/// 32-bit immediate.
pub const IMM: Bits = (32, 63);
/// Constant bank of `R,c[I][I]` (two pieces, LSB first).
pub const CBANK: [Bits; 2] = [(53, 53), (55, 58)];
/// Constant offset of `R,c[I][I]` (two pieces, LSB first).
pub const COFFSET: [Bits; 2] = [(40, 52), (54, 54)];
/// Constant offset of `R,cx[UR][I]`.
pub const CXOFFSET: Bits = (40, 54);
/// Source |x|.
pub const CABS: Bits = (62, 62);
/// Source −x.
pub const CNEG: Bits = (63, 63);
/// Half-precision source/result.
pub const F16: Bits = (72, 72);
/// bfloat16 source/result.
pub const BF16: Bits = (73, 73);
/// Function selector (modifier group 1).
pub const FUNC: Bits = (74, 77);
/// Uniform-operand form bit.
pub const UFORM: Bits = (91, 91);
/// Stall cycles.
pub const STALL: Bits = (105, 108);
/// Yield hint.
pub const YIELD: Bits = (109, 109);
/// Read-barrier index.
pub const RBAR: Bits = (110, 112);
/// Write-barrier index.
pub const WBAR: Bits = (113, 115);
/// Barrier wait mask.
pub const WAIT: Bits = (116, 121);
/// Operand reuse flags.
pub const REUSE: Bits = (122, 125);

/// The five operand forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `MUFU.f Rd, Rb`
    RR,
    /// `MUFU.f Rd, #imm32`
    RF,
    /// `MUFU.f Rd, c[bank][offset]`
    RC,
    /// `MUFU.f Rd, cx[URb][offset]`
    RCx,
    /// `MUFU.f Rd, URb`
    RUr,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 5] = [Form::RR, Form::RF, Form::RC, Form::RCx, Form::RUr];

    /// Opcode `[11:0]` and bit 91.
    pub fn opcode(self) -> (u32, u32) {
        match self {
            Form::RR => (0x308, 0),
            Form::RF => (0x908, 0),
            Form::RC => (0xB08, 0),
            Form::RCx => (0xB08, 1),
            Form::RUr => (0xD08, 1),
        }
    }

    /// Bit ranges this form gives a meaning to (besides the opcode and bit 91).
    fn used(self) -> Vec<Bits> {
        let mut v = vec![
            PRED, RD, F16, BF16, FUNC, STALL, YIELD, RBAR, WBAR, WAIT, REUSE,
        ];
        match self {
            Form::RR => v.extend([RB, CABS, CNEG]),
            Form::RF => v.push(IMM),
            Form::RC => v.extend(CBANK.iter().chain(COFFSET.iter()).copied()),
            Form::RCx => v.extend([URB, CXOFFSET]),
            Form::RUr => v.extend([URB, CABS, CNEG]),
        }
        v
    }

    /// The seed's name of the form.
    pub fn name(self) -> &'static str {
        match self {
            Form::RR => "R,R",
            Form::RF => "R,F",
            Form::RC => "R,c[I][I]",
            Form::RCx => "R,cx[UR][I]",
            Form::RUr => "R,UR",
        }
    }
}

/// The source operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Register Rb with the |x| and −x modifiers.
    Reg { reg: u8, abs: bool, neg: bool },
    /// 32-bit immediate (the operand's bits).
    Imm(u32),
    /// Constant bank `c[bank][offset]`.
    Const { bank: u8, offset: u16 },
    /// Constant bank addressed by a uniform register, `cx[URb][offset]`.
    ConstUr { ur: u8, offset: u16 },
    /// Uniform register URb with the |x| and −x modifiers.
    UReg { ur: u8, abs: bool, neg: bool },
}

/// Scheduling control fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Control {
    /// Stall cycles (4 bits).
    pub stall: u8,
    /// Yield hint.
    pub yield_hint: bool,
    /// Read barrier armed (3 bits; 7 = none).
    pub read_barrier: u8,
    /// Write barrier armed (3 bits; 7 = none).
    pub write_barrier: u8,
    /// Barriers waited on (6-bit mask).
    pub wait_mask: u8,
    /// Operand reuse flags (4 bits).
    pub reuse: u8,
}

/// A decoded MUFU instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MufuInstr {
    /// Operand form.
    pub form: Form,
    /// Guard predicate register (7 = PT).
    pub pred: u8,
    /// The guard is negated (`@!Pn`).
    pub pred_not: bool,
    /// Destination register.
    pub rd: u8,
    /// Function selector (0..15; 10..15 are the INVALID selectors).
    pub sel: u8,
    /// F16 modifier.
    pub f16: bool,
    /// BF16 modifier.
    pub bf16: bool,
    /// Source operand.
    pub src: Source,
    /// Control fields.
    pub ctrl: Control,
}

impl MufuInstr {
    /// The function, `None` for selectors 10..15.
    pub fn func(&self) -> Option<MufuFunc> {
        MufuFunc::from_sel(self.sel)
    }
}

/// Why a word is not a MUFU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Opcode `[11:0]` / bit 91 name no MUFU form.
    NotMufu { opcode: u32, bit91: u32 },
    /// A bit the form's layout shows as 0 is set.
    ReservedBit { form: Form, bit: u32 },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::NotMufu { opcode, bit91 } => write!(
                f,
                "opcode 0x{opcode:03x} (bit 91 = {bit91}) is not a MUFU form"
            ),
            DecodeError::ReservedBit { form, bit } => {
                write!(f, "bit {bit} must be 0 in MUFU {}", form.name())
            }
        }
    }
}

impl std::error::Error for DecodeError {}

fn mask(r: Bits) -> u128 {
    let w = r.1 - r.0 + 1;
    (if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }) << r.0
}

/// Reads a bit range.
pub fn get(word: u128, r: Bits) -> u32 {
    ((word & mask(r)) >> r.0) as u32
}

/// Reads pieces LSB first.
fn get_pieces(word: u128, pieces: &[Bits]) -> u32 {
    let mut v = 0;
    let mut at = 0;
    for &p in pieces {
        v |= get(word, p) << at;
        at += p.1 - p.0 + 1;
    }
    v
}

/// Writes a bit range (the value is masked to its width).
pub fn put(word: &mut u128, r: Bits, v: u32) {
    *word = (*word & !mask(r)) | (((v as u128) << r.0) & mask(r));
}

fn put_pieces(word: &mut u128, pieces: &[Bits], v: u32) {
    let mut at = 0;
    for &p in pieces {
        put(word, p, v >> at);
        at += p.1 - p.0 + 1;
    }
}

/// The word from its two 64-bit halves as a disassembler prints them.
pub fn word(lo: u64, hi: u64) -> u128 {
    (hi as u128) << 64 | lo as u128
}

/// Decodes a 128-bit MUFU word.
pub fn decode(w: u128) -> Result<MufuInstr, DecodeError> {
    let opcode = get(w, OPCODE);
    let bit91 = get(w, UFORM);
    let form = Form::ALL
        .into_iter()
        .find(|f| f.opcode() == (opcode, bit91))
        .ok_or(DecodeError::NotMufu { opcode, bit91 })?;
    // Every bit outside the opcode, bit 91 and the form's fields must be 0.
    let mut used = mask(OPCODE) | mask(UFORM);
    for r in form.used() {
        used |= mask(r);
    }
    let stray = w & !used;
    if stray != 0 {
        return Err(DecodeError::ReservedBit {
            form,
            bit: stray.trailing_zeros(),
        });
    }
    let pred = get(w, PRED);
    let flag = |r| get(w, r) != 0;
    let src = match form {
        Form::RR => Source::Reg {
            reg: get(w, RB) as u8,
            abs: flag(CABS),
            neg: flag(CNEG),
        },
        Form::RF => Source::Imm(get(w, IMM)),
        Form::RC => Source::Const {
            bank: get_pieces(w, &CBANK) as u8,
            offset: get_pieces(w, &COFFSET) as u16,
        },
        Form::RCx => Source::ConstUr {
            ur: get(w, URB) as u8,
            offset: get(w, CXOFFSET) as u16,
        },
        Form::RUr => Source::UReg {
            ur: get(w, URB) as u8,
            abs: flag(CABS),
            neg: flag(CNEG),
        },
    };
    Ok(MufuInstr {
        form,
        pred: (pred & 7) as u8,
        pred_not: pred & 8 != 0,
        rd: get(w, RD) as u8,
        sel: get(w, FUNC) as u8,
        f16: flag(F16),
        bf16: flag(BF16),
        src,
        ctrl: Control {
            stall: get(w, STALL) as u8,
            yield_hint: flag(YIELD),
            read_barrier: get(w, RBAR) as u8,
            write_barrier: get(w, WBAR) as u8,
            wait_mask: get(w, WAIT) as u8,
            reuse: get(w, REUSE) as u8,
        },
    })
}

/// Assembles a word (fields wider than their range are masked).
pub fn encode(i: &MufuInstr) -> u128 {
    let mut w = 0u128;
    let (op, b91) = i.form.opcode();
    put(&mut w, OPCODE, op);
    put(&mut w, UFORM, b91);
    put(&mut w, PRED, (i.pred as u32 & 7) | (i.pred_not as u32) << 3);
    put(&mut w, RD, i.rd as u32);
    put(&mut w, FUNC, i.sel as u32);
    put(&mut w, F16, i.f16 as u32);
    put(&mut w, BF16, i.bf16 as u32);
    match i.src {
        Source::Reg { reg, abs, neg } => {
            put(&mut w, RB, reg as u32);
            put(&mut w, CABS, abs as u32);
            put(&mut w, CNEG, neg as u32);
        }
        Source::Imm(v) => put(&mut w, IMM, v),
        Source::Const { bank, offset } => {
            put_pieces(&mut w, &CBANK, bank as u32);
            put_pieces(&mut w, &COFFSET, offset as u32);
        }
        Source::ConstUr { ur, offset } => {
            put(&mut w, URB, ur as u32);
            put(&mut w, CXOFFSET, offset as u32);
        }
        Source::UReg { ur, abs, neg } => {
            put(&mut w, URB, ur as u32);
            put(&mut w, CABS, abs as u32);
            put(&mut w, CNEG, neg as u32);
        }
    }
    let c = &i.ctrl;
    put(&mut w, STALL, c.stall as u32);
    put(&mut w, YIELD, c.yield_hint as u32);
    put(&mut w, RBAR, c.read_barrier as u32);
    put(&mut w, WBAR, c.write_barrier as u32);
    put(&mut w, WAIT, c.wait_mask as u32);
    put(&mut w, REUSE, c.reuse as u32);
    w
}

fn modded(name: String, abs: bool, neg: bool) -> String {
    let s = if abs { format!("|{name}|") } else { name };
    if neg {
        format!("-{s}")
    } else {
        s
    }
}

impl fmt::Display for MufuInstr {
    /// SASS-like text, e.g. `@!P1 MUFU.RSQ R4, -|R7|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pred != 7 || self.pred_not {
            let p = if self.pred == 7 {
                "PT".to_string()
            } else {
                format!("P{}", self.pred)
            };
            write!(f, "@{}{} ", if self.pred_not { "!" } else { "" }, p)?;
        }
        let func = match self.func() {
            Some(func) => func.name().to_uppercase(),
            None => format!("INVALID{}", self.sel),
        };
        write!(f, "MUFU.{func}")?;
        if self.f16 {
            write!(f, ".F16")?;
        }
        if self.bf16 {
            write!(f, ".BF16")?;
        }
        let reg = |r: u8, u: bool| match (r, u) {
            (255, false) => "RZ".to_string(),
            (63, true) => "URZ".to_string(),
            (r, false) => format!("R{r}"),
            (r, true) => format!("UR{r}"),
        };
        let src = match self.src {
            Source::Reg { reg: r, abs, neg } => modded(reg(r, false), abs, neg),
            Source::Imm(v) => format!("0x{v:08x}"),
            Source::Const { bank, offset } => format!("c[0x{bank:x}][0x{offset:x}]"),
            Source::ConstUr { ur, offset } => format!("cx[{}][0x{offset:x}]", reg(ur, true)),
            Source::UReg { ur, abs, neg } => modded(reg(ur, true), abs, neg),
        };
        write!(f, " {}, {src} ;", reg(self.rd, false))
    }
}
