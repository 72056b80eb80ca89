//! The RISC-V side of the project's floating point (SPEC-G3 §1): the
//! five rounding modes in RISC-V's `rm` encoding (RMM included), MODE, the
//! exception flags, classification with DAZ, and one rounding routine with
//! tininess after rounding, UF only when tiny and inexact, and FTZ after
//! rounding. Seed 001's units (`divsqrt`, `fp64`, `sfu`) answer with these
//! rules; the NVIDIA-rule units keep [`Rounding`](super::Rounding) and
//! [`FloatFormat::round`](super::FloatFormat::round).
//!
//! Plain Rust with exact integer arithmetic; checked against Berkeley
//! SoftFloat through the units that use it (`testbench/tests/divsqrt_model.rs`,
//! `testbench/tests/fp64_model.rs`).

use crate::unit::Operation;
use crate::vector::{fields, hex, parse_hex, FieldError};

/// RISC-V fflags bits (SPEC-G3 §1).
pub const NV: u8 = 0x10;
/// Division by zero.
pub const DZ: u8 = 0x08;
/// Overflow.
pub const OF: u8 = 0x04;
/// Underflow (tiny after rounding and inexact, or flushed by FTZ).
pub const UF: u8 = 0x02;
/// Inexact.
pub const NX: u8 = 0x01;

/// Rounding modes, RISC-V `rm` encoding (SPEC-G3 §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rm {
    /// Nearest, ties to even (0).
    #[default]
    Rne,
    /// Toward zero (1).
    Rtz,
    /// Toward −∞ (2).
    Rdn,
    /// Toward +∞ (3).
    Rup,
    /// Nearest, ties away from zero (4).
    Rmm,
}

impl Rm {
    /// Every mode, index = encoding.
    pub const ALL: [Rm; 5] = [Rm::Rne, Rm::Rtz, Rm::Rdn, Rm::Rup, Rm::Rmm];

    /// The 3-bit encoding.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The mode of an encoding; 5..7 (reserved, DYN) are `None`.
    pub fn from_code(code: u32) -> Option<Rm> {
        Self::ALL.get(code as usize).copied()
    }

    /// The vector-file spelling (`rne` ...).
    pub fn mnemonic(self) -> &'static str {
        ["rne", "rtz", "rdn", "rup", "rmm"][self as usize]
    }

    /// The mode of a spelling.
    pub fn from_mnemonic(text: &str) -> Option<Rm> {
        Self::ALL.iter().copied().find(|r| r.mnemonic() == text)
    }

    /// Whether a kept significand with LSB `lsb`, round bit `round` and
    /// sticky `sticky` is incremented (magnitude rounding, sign `neg`).
    pub fn round_up(self, neg: bool, lsb: bool, round: bool, sticky: bool) -> bool {
        match self {
            Rm::Rne => round && (sticky || lsb),
            Rm::Rtz => false,
            Rm::Rdn => neg && (round || sticky),
            Rm::Rup => !neg && (round || sticky),
            Rm::Rmm => round,
        }
    }
}

/// MODE, the warp state the unit reads (SPEC-G3 §1); the default is the reset value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mode {
    pub frm: Rm,
    pub frm64: Rm,
    pub daz32: bool,
    pub ftz32: bool,
    pub daz64: bool,
    pub ftz64: bool,
}

/// An IEEE binary format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// Exponent field bits.
    pub exp_bits: u32,
    /// Significand bits including the hidden one (p).
    pub precision: u32,
}

/// binary16.
pub const F16: Format = Format {
    exp_bits: 5,
    precision: 11,
};
/// binary32.
pub const F32: Format = Format {
    exp_bits: 8,
    precision: 24,
};
/// binary64.
pub const F64: Format = Format {
    exp_bits: 11,
    precision: 53,
};

impl Format {
    /// Fraction field bits.
    pub const fn frac_bits(self) -> u32 {
        self.precision - 1
    }
    /// Exponent bias.
    pub const fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    /// Largest biased exponent field (Inf/NaN).
    pub const fn exp_max(self) -> u64 {
        (1 << self.exp_bits) - 1
    }
    /// Sign bit.
    pub const fn sign_bit(self) -> u64 {
        1 << (self.exp_bits + self.precision - 1)
    }
    /// Fraction mask.
    pub const fn frac_mask(self) -> u64 {
        (1 << self.frac_bits()) - 1
    }
    /// The canonical quiet NaN (`7fc00000`, `7ff8000000000000`).
    pub const fn canonical_nan(self) -> u64 {
        (self.exp_max() << self.frac_bits()) | (1 << (self.frac_bits() - 1))
    }
    /// ±∞.
    pub const fn infinity(self, neg: bool) -> u64 {
        ((neg as u64) * self.sign_bit()) | (self.exp_max() << self.frac_bits())
    }
    /// ±0.
    pub const fn zero(self, neg: bool) -> u64 {
        (neg as u64) * self.sign_bit()
    }
    /// The largest finite magnitude with sign.
    pub const fn max_finite(self, neg: bool) -> u64 {
        self.infinity(neg) - 1
    }
    /// 1.0.
    pub const fn one(self) -> u64 {
        (self.bias() as u64) << self.frac_bits()
    }
}

/// An operand sorted by class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Zero,
    /// A finite non-zero value `sig · 2^exp`, `sig` normalised to `precision` bits.
    Finite {
        sig: u64,
        exp: i32,
    },
    Inf,
    /// A NaN; `signalling` when its quiet bit is clear.
    Nan {
        signalling: bool,
    },
}

/// Sign and class of `bits` in `fmt`; `daz` reads a subnormal as a signed zero.
pub fn classify(fmt: Format, bits: u64, daz: bool) -> (bool, Class) {
    let neg = bits & fmt.sign_bit() != 0;
    let e = (bits >> fmt.frac_bits()) & fmt.exp_max();
    let f = bits & fmt.frac_mask();
    let class = if e == fmt.exp_max() {
        if f == 0 {
            Class::Inf
        } else {
            Class::Nan {
                signalling: f >> (fmt.frac_bits() - 1) == 0,
            }
        }
    } else if e == 0 {
        if f == 0 || daz {
            Class::Zero
        } else {
            // Normalise the subnormal: leading one to bit p-1.
            let shift = f.leading_zeros() - (64 - fmt.precision);
            Class::Finite {
                sig: f << shift,
                exp: 1 - fmt.bias() - fmt.frac_bits() as i32 - shift as i32,
            }
        }
    } else {
        Class::Finite {
            sig: f | (1 << fmt.frac_bits()),
            exp: e as i32 - fmt.bias() - fmt.frac_bits() as i32,
        }
    };
    (neg, class)
}

/// A result and its fflags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// Right-aligned, as wide as the destination.
    pub result: u64,
    /// NV DZ OF UF NX (SPEC-G3 §1).
    pub flags: u8,
}

/// Rounds `(-1)^neg · (sig + δ) · 2^exp` into `fmt`, where `0 < δ < 1` when
/// `sticky` (the exact value lies strictly between `sig` and `sig + 1`).
/// `sig` must hold at least `precision + 2` significant bits whenever
/// `sticky` is set, so that the round bit is exact. Tininess after rounding;
/// UF only when tiny and inexact; `ftz` flushes a subnormal result to a
/// signed zero with UF|NX.
pub fn round_pack(
    fmt: Format,
    neg: bool,
    sig: u128,
    exp: i32,
    sticky: bool,
    rm: Rm,
    ftz: bool,
) -> Answer {
    assert!(sig != 0, "round_pack of zero");
    let p = fmt.precision as i32;
    let emin = 1 - fmt.bias();
    let msb = 127 - sig.leading_zeros() as i32;
    // Exponent of the leading bit (value in [2^e, 2^(e+1))).
    let e = msb + exp;
    // Rounds at LSB weight 2^lsb: kept significand, inexact, carried.
    let round_at = |lsb: i32| -> (u128, bool) {
        let shift = lsb - exp;
        if shift <= 0 {
            return (sig << (-shift) as u32, sticky);
        }
        let shift = shift as u32;
        let kept = if shift >= 128 { 0 } else { sig >> shift };
        let round = shift <= 128 && (sig >> (shift - 1)) & 1 == 1;
        let below = if shift <= 1 {
            0
        } else if shift > 128 {
            sig
        } else {
            sig & ((1u128 << (shift - 1)) - 1)
        };
        let st = sticky || below != 0;
        let up = rm.round_up(neg, kept & 1 == 1, round, st);
        (kept + up as u128, round || st)
    };
    // Tininess after rounding: round to p bits with an unbounded exponent.
    let tiny = if e < emin - 1 {
        true
    } else if e == emin - 1 {
        let (k, _) = round_at(e - (p - 1));
        k < (1u128 << p)
    } else {
        false
    };
    let lsb = e.max(emin) - (p - 1);
    let (mut kept, inexact) = round_at(lsb);
    let mut biased_e = (lsb + p - 1) + fmt.bias(); // biased exponent of bit p-1
    if kept >> p != 0 {
        kept >>= 1;
        biased_e += 1;
    }
    let mut flags = if inexact { NX } else { 0 };
    // Tiny and inexact: UF, also when the result rounded up to 2^emin.
    if tiny && inexact {
        flags |= UF;
    }
    let sign = (neg as u64) * fmt.sign_bit();
    if kept >> (p - 1) == 0 {
        // Subnormal or zero.
        if ftz && kept != 0 {
            return Answer {
                result: fmt.zero(neg),
                flags: flags | UF | NX,
            };
        }
        return Answer {
            result: sign | kept as u64,
            flags,
        };
    }
    if biased_e >= fmt.exp_max() as i32 {
        let to_inf = match rm {
            Rm::Rne | Rm::Rmm => true,
            Rm::Rtz => false,
            Rm::Rdn => neg,
            Rm::Rup => !neg,
        };
        return Answer {
            result: if to_inf {
                fmt.infinity(neg)
            } else {
                fmt.max_finite(neg)
            },
            flags: OF | NX,
        };
    }
    Answer {
        result: sign | ((biased_e as u64) << fmt.frac_bits()) | (kept as u64 & fmt.frac_mask()),
        flags,
    }
}

/// The canonical NaN of `fmt`, with NV when an input was signalling.
pub fn nan_answer(fmt: Format, signalling: bool) -> Answer {
    Answer {
        result: fmt.canonical_nan(),
        flags: if signalling { NV } else { 0 },
    }
}

/// The MODE options of a vector line (SPEC-G3 §7), shared by the codecs of
/// the units that read MODE.
pub const MODE_OPTIONS: &str = "frm= frm64= daz32 ftz32 daz64 ftz64";

/// Applies one field of a vector line to `mode` if it is a MODE option:
/// `frm=` / `frm64=` with `rne rtz rdn rup rmm`, or one of the bare words
/// `daz32 ftz32 daz64 ftz64`. `Ok(true)`: applied; `Ok(false)`: not a MODE
/// option (the caller tries its own); `Err`: a MODE key with a bad value.
pub fn apply_mode_option(mode: &mut Mode, token: &str) -> Result<bool, String> {
    let flag = match token {
        "daz32" => &mut mode.daz32,
        "ftz32" => &mut mode.ftz32,
        "daz64" => &mut mode.daz64,
        "ftz64" => &mut mode.ftz64,
        _ => {
            let Some((key, value)) = token.split_once('=') else {
                return Ok(false);
            };
            let field = match key {
                "frm" => &mut mode.frm,
                "frm64" => &mut mode.frm64,
                _ => return Ok(false),
            };
            *field = Rm::from_mnemonic(value)
                .ok_or_else(|| format!("{value:?} is not a rounding mode (rne rtz rdn rup rmm)"))?;
            return Ok(true);
        }
    };
    *flag = true;
    Ok(true)
}

/// The shape of one operation of a MODE-only vector line: its mnemonic,
/// its number of operands and their width in bits.
pub trait ModeLineOp: Copy + 'static {
    /// Every operation the line may name.
    const ALL: &'static [Self];
    fn mnemonic(self) -> &'static str;
    fn operands(self) -> usize;
    fn width(self) -> u32;
    /// The unit's `in_op` code.
    fn code(self) -> u32;
    fn from_code(code: u32) -> Option<Self>;
}

/// One decoded MODE-only vector line (the DIVSQRT's and the SFU's): the
/// operation, its operands (`b` 0 for the one-operand forms) and MODE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeRequest<T> {
    pub op: T,
    /// First operand (the only one of the one-operand forms).
    pub a: u64,
    /// Second operand (0 for the one-operand forms).
    pub b: u64,
    pub mode: Mode,
}

impl<T: ModeLineOp> ModeRequest<T> {
    /// The operation's input values (after `in_valid`, `in_tag`): the code,
    /// `a`, `b`, then MODE ([`mode_inputs`]).
    pub fn encode(&self) -> Operation {
        let mut inputs = vec![self.op.code() as u128, self.a as u128, self.b as u128];
        inputs.extend(mode_inputs(&self.mode));
        Operation {
            inputs,
            answers: true,
        }
    }

    /// The request an operation encodes.
    pub fn decode(op: &Operation) -> Self {
        Self {
            op: T::from_code(op.inputs[0] as u32).expect("a valid in_op code"),
            a: op.inputs[1] as u64,
            b: op.inputs[2] as u64,
            mode: mode_from_inputs(&op.inputs[3..9]),
        }
    }

    /// Parses a line (comment already stripped).
    pub fn parse(text: &str) -> Result<Self, FieldError> {
        let (op, mode, operands) = parse_mode_line::<T>(text)?;
        Ok(Self {
            op,
            a: operands[0],
            b: operands.get(1).copied().unwrap_or(0),
            mode,
        })
    }

    /// The line of a request: options that differ from the reset value only.
    pub fn format(&self) -> String {
        format_mode_line(self.op, &self.mode, &[self.a, self.b])
    }
}

/// A SPEC-G3 §7 line whose only options are MODE's: `<mnemonic> [options]
/// <operands>`, the options anywhere after the mnemonic, each operand as
/// many hex digits as the operation's width. The DIVSQRT's and the SFU's
/// lines. Errors name the 1-based field.
pub fn parse_mode_line<T: ModeLineOp>(text: &str) -> Result<(T, Mode, Vec<u64>), FieldError> {
    let f = fields(text);
    let Some(&mnemonic) = f.first() else {
        return Err(FieldError::new(0, "line", "no operation"));
    };
    let op = T::ALL
        .iter()
        .copied()
        .find(|o| o.mnemonic() == mnemonic)
        .ok_or_else(|| {
            let all: Vec<&str> = T::ALL.iter().map(|o| o.mnemonic()).collect();
            FieldError::new(
                1,
                "mnemonic",
                format!(
                    "unknown mnemonic {mnemonic:?}; expected one of {}",
                    all.join(" ")
                ),
            )
        })?;
    let mut mode = Mode::default();
    let mut operands = Vec::new();
    for (i, token) in f.iter().enumerate().skip(1) {
        let field = i + 1;
        let key = token.split_once('=').map_or(*token, |(k, _)| k);
        match apply_mode_option(&mut mode, token) {
            Ok(true) => continue,
            Err(message) => return Err(FieldError::new(field, format!("option {key}"), message)),
            Ok(false) => {}
        }
        if token.contains('=') {
            return Err(FieldError::new(
                field,
                "option",
                format!("unknown option {key:?} ({MODE_OPTIONS})"),
            ));
        }
        let what = if operands.is_empty() {
            "operand a"
        } else {
            "operand b"
        };
        if operands.len() == op.operands() {
            return Err(FieldError::new(
                field,
                "operand",
                format!(
                    "unexpected extra field {token:?}: {} takes {} operand(s)",
                    op.mnemonic(),
                    op.operands()
                ),
            ));
        }
        operands.push(parse_hex(token, op.width(), field, what)? as u64);
    }
    if operands.len() < op.operands() {
        return Err(FieldError::new(
            f.len() + 1,
            "operand",
            format!(
                "missing: {} takes {} operand(s) of {} hex digits",
                op.mnemonic(),
                op.operands(),
                op.width() / 4
            ),
        ));
    }
    Ok((op, mode, operands))
}

/// The line of an operation: the mnemonic, the MODE options that differ
/// from the reset value, the operands ([`parse_mode_line`] reads it back).
pub fn format_mode_line<T: ModeLineOp>(op: T, mode: &Mode, operands: &[u64]) -> String {
    let mut text = op.mnemonic().to_string();
    text += &format_mode_options(mode);
    for &v in operands.iter().take(op.operands()) {
        text += &format!(" {}", hex(v as u128, op.width()));
    }
    text
}

/// `<result> <fflags>`: the result as hex of `width` bits.
pub fn format_answer(width: u32, result: u64, flags: u8) -> String {
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    };
    format!("{} {:02x}", hex((result & mask) as u128, width), flags)
}

/// MODE on a unit's input ports, in the order `frm frm64 daz32 ftz32 daz64
/// ftz64` (the last six inputs of FP64, DIVSQRT and the SFU).
pub fn mode_inputs(m: &Mode) -> [u128; 6] {
    [
        m.frm.code() as u128,
        m.frm64.code() as u128,
        m.daz32 as u128,
        m.ftz32 as u128,
        m.daz64 as u128,
        m.ftz64 as u128,
    ]
}

/// MODE read back from the six port values of [`mode_inputs`] (a rounding
/// code no mode has reads as RNE).
pub fn mode_from_inputs(v: &[u128]) -> Mode {
    let rm = |x: u128| Rm::from_code(x as u32).unwrap_or_default();
    Mode {
        frm: rm(v[0]),
        frm64: rm(v[1]),
        daz32: v[2] & 1 == 1,
        ftz32: v[3] & 1 == 1,
        daz64: v[4] & 1 == 1,
        ftz64: v[5] & 1 == 1,
    }
}

/// The MODE options that differ from the reset value, each with a leading
/// space, in the order `frm= frm64= daz32 ftz32 daz64 ftz64`
/// ([`apply_mode_option`] reads them back).
pub fn format_mode_options(mode: &Mode) -> String {
    let mut text = String::new();
    if mode.frm != Rm::Rne {
        text += &format!(" frm={}", mode.frm.mnemonic());
    }
    if mode.frm64 != Rm::Rne {
        text += &format!(" frm64={}", mode.frm64.mnemonic());
    }
    for (on, word) in [
        (mode.daz32, "daz32"),
        (mode.ftz32, "ftz32"),
        (mode.daz64, "daz64"),
        (mode.ftz64, "ftz64"),
    ] {
        if on {
            text += " ";
            text += word;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_options_round_trip_and_refuse_bad_values() {
        let mut m = Mode::default();
        for token in ["frm=rtz", "frm64=rmm", "daz32", "ftz64"] {
            assert_eq!(apply_mode_option(&mut m, token), Ok(true), "{token}");
        }
        assert_eq!(format_mode_options(&m), " frm=rtz frm64=rmm daz32 ftz64");
        assert_eq!(apply_mode_option(&mut m, "rm=rtz"), Ok(false));
        assert_eq!(apply_mode_option(&mut m, "3ff00000"), Ok(false));
        assert!(apply_mode_option(&mut m, "frm=dyn").is_err());
        let mut back = Mode::default();
        for token in format_mode_options(&m).split_whitespace() {
            assert_eq!(apply_mode_option(&mut back, token), Ok(true));
        }
        assert_eq!(back, m);
        assert_eq!(format_mode_options(&Mode::default()), "");
    }
}
