//! Bit-exact golden model of the DIVSQRT unit (SPEC-G3 §1, §5, §6), in plain
//! Rust with exact integer arithmetic: a quotient is `(x << k) / y` with the
//! remainder as sticky, a root is the integer square root of a widened
//! significand with `root² ≠ x` as sticky; one rounding routine
//! ([`round_pack`]) then applies the five rounding modes, subnormal results,
//! tininess after rounding, FTZ and the flags.
//!
//! Nothing here mirrors the hardware's recurrence: the RTL is checked against
//! this model, and this model against Berkeley SoftFloat and exact rational
//! arithmetic (`testbench/tests/divsqrt_model.rs`).

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

/// The operations of the unit, in the order of their `in_op` codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DivsqrtOp {
    FdivF32,
    FdivF64,
    FsqrtF32,
    FsqrtF64,
    Div,
    Divu,
    Rem,
    Remu,
    RcpF32,
    RcpF64,
}

impl DivsqrtOp {
    /// Every operation, index = `in_op` code.
    pub const ALL: [DivsqrtOp; 10] = [
        DivsqrtOp::FdivF32,
        DivsqrtOp::FdivF64,
        DivsqrtOp::FsqrtF32,
        DivsqrtOp::FsqrtF64,
        DivsqrtOp::Div,
        DivsqrtOp::Divu,
        DivsqrtOp::Rem,
        DivsqrtOp::Remu,
        DivsqrtOp::RcpF32,
        DivsqrtOp::RcpF64,
    ];

    /// The `in_op` code.
    pub fn code(self) -> u32 {
        Self::ALL.iter().position(|&o| o == self).unwrap() as u32
    }

    /// The operation of an `in_op` code.
    pub fn from_code(code: u32) -> Option<DivsqrtOp> {
        Self::ALL.get(code as usize).copied()
    }

    /// The vector-file mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            DivsqrtOp::FdivF32 => "fdiv.f32",
            DivsqrtOp::FdivF64 => "fdiv.f64",
            DivsqrtOp::FsqrtF32 => "fsqrt.f32",
            DivsqrtOp::FsqrtF64 => "fsqrt.f64",
            DivsqrtOp::Div => "div",
            DivsqrtOp::Divu => "divu",
            DivsqrtOp::Rem => "rem",
            DivsqrtOp::Remu => "remu",
            DivsqrtOp::RcpF32 => "rcp.f32",
            DivsqrtOp::RcpF64 => "rcp.f64",
        }
    }

    /// The operation of a mnemonic.
    pub fn from_mnemonic(text: &str) -> Option<DivsqrtOp> {
        Self::ALL.iter().copied().find(|o| o.mnemonic() == text)
    }

    /// Number of operands in a vector line (and on the ports: `a`, then `b`).
    pub fn operands(self) -> usize {
        match self {
            DivsqrtOp::FsqrtF32 | DivsqrtOp::FsqrtF64 | DivsqrtOp::RcpF32 | DivsqrtOp::RcpF64 => 1,
            _ => 2,
        }
    }

    /// Width in bits of the operands and of the result.
    pub fn width(self) -> u32 {
        match self {
            DivsqrtOp::FdivF64 | DivsqrtOp::FsqrtF64 | DivsqrtOp::RcpF64 => 64,
            _ => 32,
        }
    }

    /// Whether the operation is on floats (and answers flags that can be set).
    pub fn is_float(self) -> bool {
        !matches!(
            self,
            DivsqrtOp::Div | DivsqrtOp::Divu | DivsqrtOp::Rem | DivsqrtOp::Remu
        )
    }
}

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

fn nan_answer(fmt: Format, signalling: bool) -> Answer {
    Answer {
        result: fmt.canonical_nan(),
        flags: if signalling { NV } else { 0 },
    }
}

/// IEEE division `a / b` in `fmt` (SPEC-G3 §6 specials), DAZ on the inputs.
pub fn fdiv(fmt: Format, a: u64, b: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let (na, ca) = classify(fmt, a, daz);
    let (nb, cb) = classify(fmt, b, daz);
    let neg = na ^ nb;
    match (ca, cb) {
        (Class::Nan { signalling: sa }, Class::Nan { signalling: sb }) => nan_answer(fmt, sa || sb),
        (Class::Nan { signalling }, _) | (_, Class::Nan { signalling }) => {
            nan_answer(fmt, signalling)
        }
        (Class::Inf, Class::Inf) | (Class::Zero, Class::Zero) => Answer {
            result: fmt.canonical_nan(),
            flags: NV,
        },
        (Class::Inf, _) => Answer {
            result: fmt.infinity(neg),
            flags: 0,
        },
        (_, Class::Inf) | (Class::Zero, _) => Answer {
            result: fmt.zero(neg),
            flags: 0,
        },
        (Class::Finite { .. }, Class::Zero) => Answer {
            result: fmt.infinity(neg),
            flags: DZ,
        },
        (Class::Finite { sig: sa, exp: ea }, Class::Finite { sig: sb, exp: eb }) => {
            // 64 extra quotient bits: at least p + 2 significant ones.
            const EXTRA: u32 = 64;
            let num = (sa as u128) << EXTRA;
            let q = num / sb as u128;
            let r = num % sb as u128;
            round_pack(fmt, neg, q, ea - eb - EXTRA as i32, r != 0, rm, ftz)
        }
    }
}

/// ⌊√x⌋ for a 128-bit integer.
pub fn isqrt_u128(x: u128) -> u128 {
    if x == 0 {
        return 0;
    }
    let mut r = (x as f64).sqrt() as u128;
    // Correct the floating estimate (off by at most a few units at 2^64).
    while r > 0 && r.checked_mul(r).is_none_or(|sq| sq > x) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= x) {
        r += 1;
    }
    r
}

/// IEEE square root of `a` in `fmt`, DAZ on the input.
pub fn fsqrt(fmt: Format, a: u64, rm: Rm, daz: bool, ftz: bool) -> Answer {
    let (neg, class) = classify(fmt, a, daz);
    match class {
        Class::Nan { signalling } => nan_answer(fmt, signalling),
        Class::Zero => Answer {
            result: fmt.zero(neg),
            flags: 0,
        },
        _ if neg => Answer {
            result: fmt.canonical_nan(),
            flags: NV,
        },
        Class::Inf => Answer {
            result: fmt.infinity(false),
            flags: 0,
        },
        Class::Finite { sig, exp } => {
            // Widen to an even exponent with the significand near 2^120.
            let mut shift = 120 - (64 - sig.leading_zeros()) as i32;
            if (exp - shift) % 2 != 0 {
                shift += 1;
            }
            let x = (sig as u128) << shift;
            let root = isqrt_u128(x);
            let exact = root * root == x;
            // sqrt(x · 2^(exp - shift)) = sqrt(x) · 2^((exp - shift) / 2).
            round_pack(fmt, false, root, (exp - shift) / 2, !exact, rm, ftz)
        }
    }
}

/// RISC-V integer division and remainder with SPEC-G3 §6's ÷0 rules; no flags.
pub fn integer(op: DivsqrtOp, a: u32, b: u32) -> u32 {
    let (sa, sb) = (a as i32, b as i32);
    match op {
        DivsqrtOp::Div if b == 0 => u32::MAX,
        DivsqrtOp::Div => sa.wrapping_div(sb) as u32,
        DivsqrtOp::Divu if b == 0 => u32::MAX,
        DivsqrtOp::Divu => a / b,
        DivsqrtOp::Rem if b == 0 => a,
        DivsqrtOp::Rem => sa.wrapping_rem(sb) as u32,
        DivsqrtOp::Remu if b == 0 => a,
        DivsqrtOp::Remu => a % b,
        _ => panic!("{op:?} is not an integer operation"),
    }
}

/// The unit's answer to `op` on operands `a`, `b` (`b` unused by the
/// one-operand forms) under `mode`.
pub fn execute(op: DivsqrtOp, a: u64, b: u64, mode: Mode) -> Answer {
    let (a32, b32) = (a & 0xffff_ffff, b & 0xffff_ffff);
    match op {
        DivsqrtOp::FdivF32 => fdiv(F32, a32, b32, mode.frm, mode.daz32, mode.ftz32),
        DivsqrtOp::FdivF64 => fdiv(F64, a, b, mode.frm64, mode.daz64, mode.ftz64),
        DivsqrtOp::FsqrtF32 => fsqrt(F32, a32, mode.frm, mode.daz32, mode.ftz32),
        DivsqrtOp::FsqrtF64 => fsqrt(F64, a, mode.frm64, mode.daz64, mode.ftz64),
        DivsqrtOp::RcpF32 => fdiv(F32, F32.one(), a32, mode.frm, mode.daz32, mode.ftz32),
        // rcp.f64: always RNE, never flushes (SPEC-G3 §1, §5).
        DivsqrtOp::RcpF64 => fdiv(F64, F64.one(), a, Rm::Rne, false, false),
        DivsqrtOp::Div | DivsqrtOp::Divu | DivsqrtOp::Rem | DivsqrtOp::Remu => Answer {
            result: integer(op, a32 as u32, b32 as u32) as u64,
            flags: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        let m = Mode {
            frm: Rm::Rtz,
            ..Mode::default()
        };
        assert_eq!(
            execute(DivsqrtOp::FdivF32, 0x3f80_0000, 0x4040_0000, m),
            Answer {
                result: 0x3eaa_aaaa,
                flags: NX
            }
        );
        assert_eq!(
            execute(DivsqrtOp::Div, 0x8000_0000, 0xffff_ffff, Mode::default()).result,
            0x8000_0000
        );
        assert_eq!(
            execute(
                DivsqrtOp::FsqrtF64,
                0x4010_0000_0000_0000,
                0,
                Mode::default()
            )
            .result,
            0x4000_0000_0000_0000
        );
    }
}
