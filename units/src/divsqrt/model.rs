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

pub use crate::fp::ieee::{
    classify, nan_answer, round_pack, Answer, Class, Format, Mode, Rm, DZ, F32, F64, NV, NX, OF, UF,
};

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

impl crate::fp::ieee::ModeLineOp for DivsqrtOp {
    const ALL: &'static [Self] = &Self::ALL;
    fn mnemonic(self) -> &'static str {
        self.mnemonic()
    }
    fn operands(self) -> usize {
        self.operands()
    }
    fn width(self) -> u32 {
        self.width()
    }
    fn code(self) -> u32 {
        DivsqrtOp::code(self)
    }
    fn from_code(code: u32) -> Option<Self> {
        DivsqrtOp::from_code(code)
    }
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
