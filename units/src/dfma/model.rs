//! Bit-exact golden model of the DFMA unit (SPEC.md §2), in plain Rust.
//!
//! The fused multiply-add is written as the datapath the RTL implements, one
//! function per phase, joined by named bundles (after Berkeley HardFloat's
//! `MulAddRecFN`):
//!
//! ```text
//!  a b c ──► unpack ──► special_case ──────────────────────────────┐ bypass
//!             │ (classify, normalise subnormal significands)        │
//!             ├──► multiply      53×53 → 106-bit product ─┐        │
//!             └──► align_addend  addend into the 164-bit  │        │
//!                                sum window, sticky-jammed│        │
//!                  accumulate ◄───────────────────────────┘        │
//!                      │ signed add/subtract, magnitude + sign      │
//!                  normalise   leading-zero count, shift, clamp at  │
//!                      │       the subnormal exponent               │
//!                  round_pack  RN/RM/RP/RZ/RMM, carry-out, overflow ◄┘
//! ```
//!
//! # Exception flags
//! The NVIDIA unit has no flags; the RISC-V `fp64` unit, which runs its
//! binary64 arithmetic on this datapath, needs them, so [`execute_with_flags`]
//! answers the same result and the IEEE flags in RISC-V order
//! ([`NV`] 0x10, [`DZ`] 0x08, [`OF`] 0x04, [`UF`] 0x02, [`NX`] 0x01; DZ is
//! never raised here):
//! * FMA/ADD/MUL: NV for a signalling NaN among the operands read (after the
//!   modifiers), for ∞·0 (even with a quiet NaN addend, as SoftFloat does)
//!   and for ∞ − ∞; OF with NX when the rounded result (unbounded exponent)
//!   exceeds the largest finite; NX when inexact; UF when inexact and tiny
//!   **after rounding**: the result rounded to 53 bits with an unbounded
//!   exponent lies under 2^-1022 ([`tiny_after_rounding`]);
//! * MIN/MAX: NV when either operand is a signalling NaN;
//! * SETP: NV when either operand is a signalling NaN, or either is any NaN
//!   and the compare is `lt`, `le`, `gt` or `ge` (RISC-V FLT/FLE); the other
//!   compares are quiet.
//!
//! The NaN results stay the NVIDIA ones of SPEC §2 (the `fp64` top
//! canonicalises them).
//!
//! # Sum window
//! The product of two normalised significands lies in `[2^104, 2^106)`; it sits
//! in the window at a fixed place, [`GUARD_W`] bits above the window's LSB. The
//! addend (53 bits) is first placed with its LSB at [`ADDEND_LSB_MAX`], three bits
//! above the product's MSB, and shifted right by the exponent difference,
//! clamped to `0..=`[`ALIGN_MAX`]; bits shifted out are ORed into the LSB (jam).
//!
//! * Addend more than [`ADDEND_LEAD`] binades above the product: the shift clamps
//!   at 0. The product then sits too high in the window, but it stays below the
//!   round bit of every possible result, so it still contributes exactly what it
//!   must: a sticky bit and, in an effective subtraction, a borrow.
//! * Addend far below the product: its shifted-out bits are jammed. This only
//!   happens when the addend's MSB lies more than 54 places under the product's
//!   MSB; nothing cancels, the sum's MSB stays within one place of the
//!   product's, and its round bit is ≥ 50 places above the jammed bit 0. The
//!   [`GUARD_W`] = 2 zero bits under the product keep it even, which makes the
//!   jammed subtraction round like the exact one (every value strictly between
//!   two consecutive even window integers rounds the same way).
//! * Everything between is exact: no bit is lost before normalisation, so
//!   massive cancellation needs no special care.
//!
//! # Decisions (SPEC is silent or leaves the choice to us)
//! * **Subnormal inputs are normalised at unpack** (as HardFloat's recoded
//!   format does): the product is then always in `[2^104, 2^106)` and the
//!   alignment distance follows from exponents alone. The RTL may instead keep
//!   un-normalised significands if it proves the same results.
//! * **DADD** is `a·1.0 + b` on the FMA path: the product `a·1.0` is exact, so the
//!   result is the correctly rounded `a + b` in every mode; the NaN preference
//!   (last NaN of c, b, a) becomes "b, else a", as SPEC requires.
//! * **DMUL** is `a·b + z` where `z` is a zero whose sign is `sign(a) XOR sign(b)`,
//!   the product's own sign. A fixed addend would be wrong in one mode: `+0`
//!   turns `(−0)·1 = −0` into `+0` under RN/RZ/RP, and `−0` turns `(+0)·1 = +0`
//!   into `−0` under RM. With equal signs the IEEE zero-sum rule keeps the
//!   product's sign in every mode (it costs one XOR in hardware). A non-zero
//!   product that underflows to zero keeps its sign too.
//! * **Operand modifiers** act on the raw bits: `abs` clears bit 63, then `neg`
//!   flips it (`-|x|` is both), NaNs included, before any classification.
//! * **MIN/MAX** compare with an integer key (sign-magnitude → biased order) in
//!   which `−0 < +0`, which gives `min(−0, +0) = −0` and `max(−0, +0) = +0` for free.
//! * **SETP** `ne` is ordered (false when either operand is NaN), as in PTX;
//!   `neu` is its unordered twin.

/// The format: IEEE binary64, the project's one [`FloatFormat`] type; the
/// constants below are its fields under the names the datapath uses.
pub const F64: FloatFormat = FloatFormat::F64;
/// Sign bit of a binary64.
pub const SIGN_BIT: u64 = F64.sign_mask();
/// Stored fraction bits of a binary64.
pub const FRAC_W: u32 = F64.man_bits;
/// Significand width with the hidden bit: binary64's precision p.
pub const SIG_W: u32 = FRAC_W + 1;
/// Exponent field width.
pub const EXP_W: u32 = F64.exp_bits;
/// Exponent bias.
pub const EXP_BIAS: i32 = F64.bias();
/// Smallest normal exponent (unbiased); also the exponent of every subnormal.
pub const EMIN: i32 = F64.emin();
/// Largest finite exponent (unbiased).
pub const EMAX: i32 = F64.emax();
/// Mask of the fraction field.
pub const FRAC_MASK: u64 = F64.man_mask();
/// The all-ones exponent field (Inf/NaN), in place.
pub const EXP_MASK: u64 = F64.exp_mask();
/// Quiet bit: the fraction's MSB.
pub const QUIET_BIT: u64 = F64.quiet_bit();
/// NaN produced by an invalid operation without a NaN input (SPEC §2).
pub const DEFAULT_NAN: u64 = F64.default_nan(true);
/// NaN produced by MIN/MAX when both operands are NaN (SPEC §2).
pub const MINMAX_NAN: u64 = F64.default_nan(false);
/// +1.0, the multiplier DADD feeds to the product (a·1.0 + b).
pub const ONE: u64 = F64.one();
/// Largest finite magnitude.
pub const MAX_FINITE: u64 = F64.max_finite(false);
/// +Infinity.
pub const INFINITY: u64 = F64.infinity(false);
const _: () = assert!(DEFAULT_NAN == 0xFFF8_0000_0000_0000 && MINMAX_NAN == 0x7FF8_0000_0000_0000);
const _: () = assert!(ONE == 0x3FF0_0000_0000_0000 && MAX_FINITE == 0x7FEF_FFFF_FFFF_FFFF);

/// Product width: two 53-bit significands.
pub const PROD_W: u32 = 2 * SIG_W;
/// Zero bits under the product in the sum window: an even product makes a
/// jammed (sticky-ORed) addend subtract exactly like the true one.
pub const GUARD_W: u32 = 2;
/// Window position of the product's MSB.
pub const PROD_MSB: u32 = GUARD_W + PROD_W - 1;
/// Window position of the addend's LSB before the alignment shift: three bits
/// above the product (room for a round bit, a guard bit and one to spare), so a
/// product under an addend at this place never reaches a result's round bit.
pub const ADDEND_LSB_MAX: u32 = PROD_MSB + 3;
/// Width of the sum window: the unshifted addend plus one carry bit.
pub const SUM_W: u32 = ADDEND_LSB_MAX + SIG_W + 1;
/// Alignment shift at which the whole addend lies under the window (sticky only).
pub const ALIGN_MAX: u32 = ADDEND_LSB_MAX + SIG_W;
/// Binades the addend may lead the product before the alignment shift clamps
/// at zero: `exp(c) − exp(a·b) > ADDEND_LEAD` ⇒ the product is only sticky.
pub const ADDEND_LEAD: i32 = (ADDEND_LSB_MAX - GUARD_W - FRAC_W) as i32;

use crate::fp::FloatFormat;
/// Rounding mode; the discriminant is the 2-bit `rm` field of SPEC §2 (the
/// project's one rounding enum, shared with the conversions).
pub use crate::fp::Rounding;

/// SETP comparison; the discriminant is the 4-bit compare field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// Ordered equal.
    Eq = 0,
    /// Ordered not equal (false when either is NaN).
    Ne = 1,
    /// Ordered less.
    Lt = 2,
    /// Ordered less or equal.
    Le = 3,
    /// Ordered greater.
    Gt = 4,
    /// Ordered greater or equal.
    Ge = 5,
    /// Unordered or equal.
    Equ = 6,
    /// Unordered or not equal.
    Neu = 7,
    /// Unordered or less.
    Ltu = 8,
    /// Unordered or less or equal.
    Leu = 9,
    /// Unordered or greater.
    Gtu = 10,
    /// Unordered or greater or equal.
    Geu = 11,
    /// Neither is NaN.
    Num = 12,
    /// Either is NaN.
    Nan = 13,
}

impl Cmp {
    /// All compares in encoding order.
    pub const ALL: [Cmp; 14] = [
        Cmp::Eq,
        Cmp::Ne,
        Cmp::Lt,
        Cmp::Le,
        Cmp::Gt,
        Cmp::Ge,
        Cmp::Equ,
        Cmp::Neu,
        Cmp::Ltu,
        Cmp::Leu,
        Cmp::Gtu,
        Cmp::Geu,
        Cmp::Num,
        Cmp::Nan,
    ];

    /// The 4-bit encoding.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Decodes the 4-bit field; 14 and 15 are not compares.
    pub fn from_code(code: u8) -> Option<Cmp> {
        Cmp::ALL.get(code as usize).copied()
    }

    /// Vector-file suffix (`eq`, `ltu`, `num`, ...).
    pub fn mnemonic(self) -> &'static str {
        match self {
            Cmp::Eq => "eq",
            Cmp::Ne => "ne",
            Cmp::Lt => "lt",
            Cmp::Le => "le",
            Cmp::Gt => "gt",
            Cmp::Ge => "ge",
            Cmp::Equ => "equ",
            Cmp::Neu => "neu",
            Cmp::Ltu => "ltu",
            Cmp::Leu => "leu",
            Cmp::Gtu => "gtu",
            Cmp::Geu => "geu",
            Cmp::Num => "num",
            Cmp::Nan => "nan",
        }
    }

    /// Parses a vector-file suffix.
    pub fn from_mnemonic(text: &str) -> Option<Cmp> {
        Cmp::ALL.into_iter().find(|c| c.mnemonic() == text)
    }
}

/// The operation selected on the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DfmaOp {
    /// d = a·b + c, one rounding.
    Fma,
    /// d = a + b (as a·1.0 + b).
    Add,
    /// d = a·b (as a·b ± 0, the zero carrying the product's sign).
    Mul,
    /// d = min(a, b); a NaN loses to a number.
    Min,
    /// d = max(a, b); a NaN loses to a number.
    Max,
    /// p = a `cmp` b, one predicate bit.
    Setp(Cmp),
}

impl DfmaOp {
    /// 3-bit opcode for the unit's `in_op` port: 0 FMA, 1 ADD, 2 MUL, 3 MIN,
    /// 4 MAX, 5 SETP (the compare goes on its own field, [`Cmp::code`]).
    pub fn opcode(self) -> u8 {
        match self {
            DfmaOp::Fma => 0,
            DfmaOp::Add => 1,
            DfmaOp::Mul => 2,
            DfmaOp::Min => 3,
            DfmaOp::Max => 4,
            DfmaOp::Setp(_) => 5,
        }
    }

    /// Number of source operands the operation reads (a, b[, c]).
    pub fn operand_count(self) -> usize {
        match self {
            DfmaOp::Fma => 3,
            _ => 2,
        }
    }

    /// Whether the rounding mode matters (FMA, ADD, MUL).
    pub fn rounds(self) -> bool {
        matches!(self, DfmaOp::Fma | DfmaOp::Add | DfmaOp::Mul)
    }
}

/// SASS source modifiers of one operand: `|x|` (abs) then `-x` (neg).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SrcMod {
    /// Flip the sign bit (after `abs`).
    pub neg: bool,
    /// Clear the sign bit.
    pub abs: bool,
}

impl SrcMod {
    /// No modifier.
    pub const NONE: SrcMod = SrcMod {
        neg: false,
        abs: false,
    };
    /// `-x`.
    pub const NEG: SrcMod = SrcMod {
        neg: true,
        abs: false,
    };
    /// `|x|`.
    pub const ABS: SrcMod = SrcMod {
        neg: false,
        abs: true,
    };
    /// `-|x|`.
    pub const NEG_ABS: SrcMod = SrcMod {
        neg: true,
        abs: true,
    };

    /// The operand's bits after the modifier (NaNs included: only bit 63 moves).
    #[inline]
    pub fn apply(self, bits: u64) -> u64 {
        let magnitude = if self.abs { bits & !SIGN_BIT } else { bits };
        if self.neg {
            magnitude ^ SIGN_BIT
        } else {
            magnitude
        }
    }
}

/// One operation as presented to the unit: what the harness and the vector
/// files carry. Operands the operation does not read (c for ADD/MUL/MIN/MAX/
/// SETP) are ignored, and so is `rm` for MIN/MAX/SETP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DfmaOperation {
    pub op: DfmaOp,
    pub rm: Rounding,
    pub a: u64,
    pub b: u64,
    pub c: u64,
    pub a_mod: SrcMod,
    pub b_mod: SrcMod,
    pub c_mod: SrcMod,
}

impl DfmaOperation {
    /// An operation without modifiers.
    pub fn new(op: DfmaOp, rm: Rounding, a: u64, b: u64, c: u64) -> Self {
        DfmaOperation {
            op,
            rm,
            a,
            b,
            c,
            a_mod: SrcMod::NONE,
            b_mod: SrcMod::NONE,
            c_mod: SrcMod::NONE,
        }
    }
}

/// What the unit answers: a binary64 (`out_d`) or a predicate (`out_pred`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DfmaResult {
    Value(u64),
    Pred(bool),
}

/// The IEEE exception flags in RISC-V order (`fflags`), from the shared
/// RISC-V rounding layer.
pub use crate::fp::ieee::{DZ, NV, NX, OF, UF};

/// Runs one operation: modifiers first, then the operation.
pub fn execute(operation: &DfmaOperation) -> DfmaResult {
    let a = operation.a_mod.apply(operation.a);
    let b = operation.b_mod.apply(operation.b);
    let c = operation.c_mod.apply(operation.c);
    match operation.op {
        DfmaOp::Fma => DfmaResult::Value(fma(a, b, c, operation.rm)),
        DfmaOp::Add => DfmaResult::Value(add(a, b, operation.rm)),
        DfmaOp::Mul => DfmaResult::Value(mul(a, b, operation.rm)),
        DfmaOp::Min => DfmaResult::Value(min(a, b)),
        DfmaOp::Max => DfmaResult::Value(max(a, b)),
        DfmaOp::Setp(cmp) => DfmaResult::Pred(setp(cmp, a, b)),
    }
}

/// Runs one operation as [`execute`] does, and also answers its IEEE
/// exception flags (see the module documentation).
pub fn execute_with_flags(operation: &DfmaOperation) -> (DfmaResult, u8) {
    let a = operation.a_mod.apply(operation.a);
    let b = operation.b_mod.apply(operation.b);
    let c = operation.c_mod.apply(operation.c);
    let rm = operation.rm;
    let value = |(d, flags): (u64, u8)| (DfmaResult::Value(d), flags);
    match operation.op {
        DfmaOp::Fma => value(fma_with_flags(a, b, c, rm)),
        DfmaOp::Add => value(fma_with_flags(a, ONE, b, rm)),
        DfmaOp::Mul => value(fma_with_flags(a, b, (a ^ b) & SIGN_BIT, rm)),
        DfmaOp::Min => (DfmaResult::Value(min(a, b)), minmax_flags(a, b)),
        DfmaOp::Max => (DfmaResult::Value(max(a, b)), minmax_flags(a, b)),
        DfmaOp::Setp(cmp) => (DfmaResult::Pred(setp(cmp, a, b)), setp_flags(cmp, a, b)),
    }
}

/// DADD: `a + b`, routed through the FMA as `a·1.0 + b` (exact product).
#[inline]
pub fn add(a: u64, b: u64, rm: Rounding) -> u64 {
    fma(a, ONE, b, rm)
}

/// DMUL: `a·b`, routed through the FMA with a zero addend that carries the
/// product's sign, so the zero-sum rule cannot change the product's zero sign.
#[inline]
pub fn mul(a: u64, b: u64, rm: Rounding) -> u64 {
    let zero_with_product_sign = (a ^ b) & SIGN_BIT;
    fma(a, b, zero_with_product_sign, rm)
}

/// DFMA: `a·b + c` with a single rounding (the result of [`fma_with_flags`]).
#[inline]
pub fn fma(a: u64, b: u64, c: u64, rm: Rounding) -> u64 {
    fma_with_flags(a, b, c, rm).0
}

/// DFMA with its flags: `a·b + c` with a single rounding, phase by phase,
/// and NV/OF/UF/NX.
pub fn fma_with_flags(a: u64, b: u64, c: u64, rm: Rounding) -> (u64, u8) {
    let (ua, ub, uc) = (unpack(a), unpack(b), unpack(c));
    if let Some(bypass) = special_case(&ua, &ub, &uc, rm) {
        // Every bypass is exact: a NaN, an infinity, an exact zero sum, or
        // the addend itself (a zero product).
        return (bypass, invalid_flags(&ua, &ub, &uc));
    }
    let product = multiply(&ua, &ub);
    let addend = align_addend(&product, &uc);
    let sum = accumulate(&product, &addend);
    if sum.mag.is_zero() {
        return (exact_zero(false, true, rm), 0);
    }
    let n = normalise(&sum);
    let d = round_pack(&n, rm);
    let inexact = n.round || n.sticky;
    let flags = if d & !SIGN_BIT >= INFINITY || (d & !SIGN_BIT == MAX_FINITE && n.exp > EMAX) {
        // Overflow: ∞, or the largest finite where the mode rounds toward zero.
        OF | NX
    } else if !inexact {
        0
    } else if tiny_after_rounding(&sum, rm) {
        UF | NX
    } else {
        NX
    };
    (d, flags)
}

/// NV of the FMA's special cases: a signalling NaN among x, y, z, ∞·0 (also
/// beside a quiet NaN addend), or an ∞ product against an ∞ addend of the
/// other sign.
fn invalid_flags(a: &Unpacked, b: &Unpacked, c: &Unpacked) -> u8 {
    let snan = [a, b, c].iter().any(|x| x.class == Class::SignalingNan);
    let inf_times_zero = (a.is_inf() && b.is_zero()) || (a.is_zero() && b.is_inf());
    let inf_minus_inf = (a.is_inf() || b.is_inf())
        && !a.is_nan()
        && !b.is_nan()
        && c.is_inf()
        && c.sign != (a.sign != b.sign);
    if snan || inf_times_zero || inf_minus_inf {
        NV
    } else {
        0
    }
}

/// Whether a non-zero sum is tiny after rounding: rounded to 53 bits in mode
/// `rm` with an unbounded exponent, it lies under 2^-1022 (RISC-V, IEEE 754
/// §7.5's "after rounding"). The window's bits under the round bit of that
/// rounding are exact or an even-preserving jam (see the module
/// documentation), so the sticky bit is right.
pub fn tiny_after_rounding(sum: &Sum, rm: Rounding) -> bool {
    let lz = sum.mag.leading_zeros() - (WIDE_BITS - SUM_W);
    let top_exp = sum.lsb_exp + SUM_W as i32 - 1 - lz as i32;
    if top_exp >= EMIN {
        return false;
    }
    if top_exp < EMIN - 1 {
        // Under 2^-1023: even rounded up by one ulp it stays under 2^-1022.
        return true;
    }
    // In [2^-1023, 2^-1022): tiny unless it rounds up to 2^-1022.
    let mag = sum.mag.shift_left(lz);
    let round_pos = SUM_W - SIG_W - 1;
    let sig = mag.shift_right(round_pos + 1).lo as u64;
    let up = rm.round_up(
        sum.sign,
        sig & 1 == 1,
        mag.bit(round_pos),
        mag.any_below(round_pos),
    );
    !(up && sig == (1 << SIG_W) - 1)
}

/// Whether a binary64 is a signalling NaN (quiet bit clear).
#[inline]
pub fn is_signaling(bits: u64) -> bool {
    is_nan(bits) && bits & QUIET_BIT == 0
}

/// MIN/MAX flags: NV when either operand is a signalling NaN.
#[inline]
pub fn minmax_flags(a: u64, b: u64) -> u8 {
    if is_signaling(a) || is_signaling(b) {
        NV
    } else {
        0
    }
}

/// SETP flags: NV for a signalling NaN, and for any NaN under the signalling
/// compares `lt`, `le`, `gt`, `ge` (RISC-V FLT/FLE).
#[inline]
pub fn setp_flags(cmp: Cmp, a: u64, b: u64) -> u8 {
    let signalling_compare = matches!(cmp, Cmp::Lt | Cmp::Le | Cmp::Gt | Cmp::Ge);
    let any_nan = is_nan(a) || is_nan(b);
    if is_signaling(a) || is_signaling(b) || (signalling_compare && any_nan) {
        NV
    } else {
        0
    }
}

// ---------------------------------------------------------------- phase 1: unpack

/// What kind of value an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Zero,
    Subnormal,
    Normal,
    Infinite,
    QuietNan,
    SignalingNan,
}

/// An operand after unpacking: classified, with its significand normalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unpacked {
    /// The operand's bits (after modifiers), kept for NaN propagation.
    pub bits: u64,
    pub sign: bool,
    pub class: Class,
    /// Unbiased exponent of the significand's MSB (finite non-zero only;
    /// below [`EMIN`] for subnormals, whose significand was shifted up).
    pub exp: i32,
    /// Significand with its MSB at bit 52, in `[2^52, 2^53)` (finite non-zero
    /// only; 0 otherwise). The value is `sig · 2^(exp − 52)`.
    pub sig: u64,
}

impl Unpacked {
    #[inline]
    pub fn is_nan(&self) -> bool {
        matches!(self.class, Class::QuietNan | Class::SignalingNan)
    }
    #[inline]
    pub fn is_inf(&self) -> bool {
        self.class == Class::Infinite
    }
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.class == Class::Zero
    }
}

/// Splits a binary64 into sign, class, exponent and normalised significand.
#[inline]
pub fn unpack(bits: u64) -> Unpacked {
    let sign = bits & SIGN_BIT != 0;
    let exp_field = ((bits & EXP_MASK) >> FRAC_W) as i32;
    let frac = bits & FRAC_MASK;
    let (class, exp, sig) = if exp_field == (1 << EXP_W) - 1 {
        let class = if frac == 0 {
            Class::Infinite
        } else if frac & QUIET_BIT != 0 {
            Class::QuietNan
        } else {
            Class::SignalingNan
        };
        (class, 0, 0)
    } else if exp_field == 0 {
        if frac == 0 {
            (Class::Zero, 0, 0)
        } else {
            // Shift the fraction's top one up to the hidden-bit place.
            let shift = frac.leading_zeros() - (64 - SIG_W);
            (Class::Subnormal, EMIN - shift as i32, frac << shift)
        }
    } else {
        (Class::Normal, exp_field - EXP_BIAS, frac | (1 << FRAC_W))
    };
    Unpacked {
        bits,
        sign,
        class,
        exp,
        sig,
    }
}

/// The NaN with its quiet bit set, sign and payload kept.
#[inline]
pub fn quiet(bits: u64) -> u64 {
    bits | QUIET_BIT
}

/// Whether a binary64 is a NaN (quiet or signaling).
#[inline]
pub fn is_nan(bits: u64) -> bool {
    bits & !SIGN_BIT > EXP_MASK
}

/// ±0 for an exact zero result. Without `cancelled` both terms were zeros of
/// sign `sign`, which the result keeps; with it (opposite-signed zeros, or two
/// non-zero terms cancelling exactly) IEEE 754 gives +0, or −0 under RM.
#[inline]
fn exact_zero(sign: bool, cancelled: bool, rm: Rounding) -> u64 {
    let negative = if cancelled { rm == Rounding::Rm } else { sign };
    if negative {
        SIGN_BIT
    } else {
        0
    }
}

// ------------------------------------------------------ phase 1b: special cases

/// The special-case bypass: NaN propagation, invalid operations, infinities
/// and zero products. `None` when the datapath result is needed (finite,
/// non-zero product; the addend may be zero).
#[inline]
pub fn special_case(a: &Unpacked, b: &Unpacked, c: &Unpacked, rm: Rounding) -> Option<u64> {
    // Any NaN input: the last NaN in source order, quieted.
    if c.is_nan() {
        return Some(quiet(c.bits));
    }
    if b.is_nan() {
        return Some(quiet(b.bits));
    }
    if a.is_nan() {
        return Some(quiet(a.bits));
    }
    let product_sign = a.sign != b.sign;
    if (a.is_inf() && b.is_zero()) || (a.is_zero() && b.is_inf()) {
        return Some(DEFAULT_NAN);
    }
    if a.is_inf() || b.is_inf() {
        if c.is_inf() && c.sign != product_sign {
            return Some(DEFAULT_NAN);
        }
        return Some(INFINITY | ((product_sign as u64) << 63));
    }
    if c.is_inf() {
        return Some(c.bits);
    }
    if a.is_zero() || b.is_zero() {
        if c.is_zero() {
            return Some(exact_zero(product_sign, product_sign != c.sign, rm));
        }
        // ±0 + c = c exactly.
        return Some(c.bits);
    }
    None
}

// ------------------------------------------------------------ phase 2: multiply

/// The exact product of the two significands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Product {
    pub sign: bool,
    /// `exp(a) + exp(b)`: the product's value is `sig · 2^(exp − 104)`.
    pub exp: i32,
    /// 106-bit product in `[2^104, 2^106)`.
    pub sig: u128,
}

/// 53×53 → 106-bit multiply (the RTL builds it from 16×16 tiles).
#[inline]
pub fn multiply(a: &Unpacked, b: &Unpacked) -> Product {
    Product {
        sign: a.sign != b.sign,
        exp: a.exp + b.exp,
        sig: (a.sig as u128) * (b.sig as u128),
    }
}

// -------------------------------------------------------- phase 3: align addend

/// The addend placed in the sum window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlignedAddend {
    pub sign: bool,
    /// The addend in the [`SUM_W`]-bit window, shifted-out bits jammed into bit 0.
    pub mag: Wide,
    /// Right shift applied from the addend's leftmost place, `0..=ALIGN_MAX`.
    pub align_dist: u32,
    /// Exponent of the window's bit 0: the window's scale for the whole sum.
    pub lsb_exp: i32,
}

/// Aligns the addend to the product: `align_dist = exp(a·b) − exp(c) + ADDEND_LEAD`,
/// clamped to `0..=ALIGN_MAX`. A zero addend contributes nothing.
#[inline]
pub fn align_addend(product: &Product, c: &Unpacked) -> AlignedAddend {
    // With the product at its fixed place, window bit 0 weighs 2^(exp − 104 − GUARD_W).
    let product_lsb_exp = product.exp - (PROD_W as i32 - 2) - GUARD_W as i32;
    if c.is_zero() {
        return AlignedAddend {
            sign: c.sign,
            mag: Wide::ZERO,
            align_dist: ALIGN_MAX,
            lsb_exp: product_lsb_exp,
        };
    }
    let dist = product.exp - c.exp + ADDEND_LEAD;
    let align_dist = dist.clamp(0, ALIGN_MAX as i32) as u32;
    // Clamped at 0 the addend sets the scale: its LSB sits at ADDEND_LSB_MAX.
    let lsb_exp = if dist < 0 {
        c.exp - FRAC_W as i32 - ADDEND_LSB_MAX as i32
    } else {
        product_lsb_exp
    };
    let placed = Wide::from_u128(c.sig as u128).shift_left(ADDEND_LSB_MAX);
    AlignedAddend {
        sign: c.sign,
        mag: placed.shr_jam(align_dist),
        align_dist,
        lsb_exp,
    }
}

// ---------------------------------------------------------- phase 4: accumulate

/// The sum in sign-magnitude form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sum {
    pub sign: bool,
    /// `|a·b ± c|` in the window (bit 0 may be a jam bit).
    pub mag: Wide,
    /// Exponent of the window's bit 0.
    pub lsb_exp: i32,
}

/// Adds (or, for opposite signs, subtracts) the aligned addend and the
/// product; a negative difference is negated and takes the addend's sign.
#[inline]
pub fn accumulate(product: &Product, addend: &AlignedAddend) -> Sum {
    let p = Wide::from_u128(product.sig << GUARD_W);
    let c = addend.mag;
    let (sign, mag) = if product.sign == addend.sign {
        (product.sign, p.wrapping_add(c))
    } else if p >= c {
        (product.sign, p.wrapping_sub(c))
    } else {
        (addend.sign, c.wrapping_sub(p))
    };
    Sum {
        sign,
        mag,
        lsb_exp: addend.lsb_exp,
    }
}

// ----------------------------------------------------------- phase 5: normalise

/// The sum normalised to 53 bits plus round and sticky.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalised {
    pub sign: bool,
    /// Unbiased exponent of `sig`'s bit 52 (≥ EMIN; EMIN with a subnormal sig).
    pub exp: i32,
    /// 53 bits; below 2^52 only for a subnormal (or zero) result.
    pub sig: u64,
    /// The first bit under `sig`.
    pub round: bool,
    /// OR of everything under the round bit.
    pub sticky: bool,
}

/// Leading-zero count and shift left, clamped so the exponent never goes
/// under [`EMIN`]; a sum whose top lies under EMIN is shifted right (jammed).
#[inline]
pub fn normalise(sum: &Sum) -> Normalised {
    let lz = sum.mag.leading_zeros() - (WIDE_BITS - SUM_W);
    // Exponent of the window's MSB (bit SUM_W − 1).
    let top_exp = sum.lsb_exp + SUM_W as i32 - 1;
    let (mag, exp) = if top_exp - lz as i32 >= EMIN {
        (sum.mag.shift_left(lz), top_exp - lz as i32)
    } else {
        // Subnormal result: bring the 2^EMIN bit to the window's MSB.
        let shift = top_exp - EMIN;
        let mag = if shift >= 0 {
            sum.mag.shift_left(shift as u32)
        } else {
            sum.mag.shr_jam(shift.unsigned_abs())
        };
        (mag, EMIN)
    };
    let round_pos = SUM_W - SIG_W - 1;
    Normalised {
        sign: sum.sign,
        exp,
        sig: mag.shift_right(round_pos + 1).lo as u64,
        round: mag.bit(round_pos),
        sticky: mag.any_below(round_pos),
    }
}

// ---------------------------------------------------------- phase 6: round/pack

/// Rounds to 53 bits in mode `rm`, handles the carry-out and overflow, packs.
#[inline]
pub fn round_pack(n: &Normalised, rm: Rounding) -> u64 {
    let inexact = n.round || n.sticky;
    let increment = match rm {
        Rounding::Rn => n.round && (n.sticky || n.sig & 1 == 1),
        Rounding::Rz => false,
        Rounding::Rm => n.sign && inexact,
        Rounding::Rp => !n.sign && inexact,
        Rounding::Rmm => n.round,
    };
    let mut sig = n.sig + increment as u64;
    let mut exp = n.exp;
    if sig >> SIG_W != 0 {
        // All ones rounded up: 2^53 becomes 2^52 one binade higher.
        sig >>= 1;
        exp += 1;
    }
    let sign = (n.sign as u64) << 63;
    if exp > EMAX {
        return sign | overflow_magnitude(n.sign, rm);
    }
    // A subnormal sig that rounded up to 2^52 becomes the smallest normal here.
    let biased = if sig >> FRAC_W != 0 {
        (exp + EXP_BIAS) as u64
    } else {
        0
    };
    sign | (biased << FRAC_W) | (sig & FRAC_MASK)
}

/// Overflowed magnitude: ∞ when the mode rounds away from zero for this sign,
/// else the largest finite.
#[inline]
fn overflow_magnitude(negative: bool, rm: Rounding) -> u64 {
    let to_infinity = match rm {
        Rounding::Rn | Rounding::Rmm => true,
        Rounding::Rz => false,
        Rounding::Rm => negative,
        Rounding::Rp => !negative,
    };
    if to_infinity {
        INFINITY
    } else {
        MAX_FINITE
    }
}

// ------------------------------------------------------------ MIN, MAX, SETP

/// Monotonic integer key of a non-NaN binary64: `key(x) < key(y)` iff x < y,
/// with −0 just under +0.
#[inline]
pub fn order_key(bits: u64) -> u64 {
    if bits & SIGN_BIT != 0 {
        !bits
    } else {
        bits | SIGN_BIT
    }
}

/// DMNMX min: a NaN loses to a number; two NaNs give [`MINMAX_NAN`];
/// `min(−0, +0) = −0`.
#[inline]
pub fn min(a: u64, b: u64) -> u64 {
    match (is_nan(a), is_nan(b)) {
        (true, true) => MINMAX_NAN,
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            if order_key(a) <= order_key(b) {
                a
            } else {
                b
            }
        }
    }
}

/// DMNMX max: a NaN loses to a number; two NaNs give [`MINMAX_NAN`];
/// `max(−0, +0) = +0`.
#[inline]
pub fn max(a: u64, b: u64) -> u64 {
    match (is_nan(a), is_nan(b)) {
        (true, true) => MINMAX_NAN,
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            if order_key(a) >= order_key(b) {
                a
            } else {
                b
            }
        }
    }
}

/// DSETP: one predicate bit. Ordered compares are false when either operand is
/// NaN, the `u` forms true; ±0 compare equal.
#[inline]
pub fn setp(cmp: Cmp, a: u64, b: u64) -> bool {
    let unordered = is_nan(a) || is_nan(b);
    let both_zero = (a | b) & !SIGN_BIT == 0;
    let equal = !unordered && (a == b || both_zero);
    let less = !unordered && !equal && order_key(a) < order_key(b);
    let greater = !unordered && !equal && !less;
    match cmp {
        Cmp::Eq => equal,
        Cmp::Ne => less || greater,
        Cmp::Lt => less,
        Cmp::Le => less || equal,
        Cmp::Gt => greater,
        Cmp::Ge => greater || equal,
        Cmp::Equ => unordered || equal,
        Cmp::Neu => unordered || less || greater,
        Cmp::Ltu => unordered || less,
        Cmp::Leu => unordered || less || equal,
        Cmp::Gtu => unordered || greater,
        Cmp::Geu => unordered || greater || equal,
        Cmp::Num => !unordered,
        Cmp::Nan => unordered,
    }
}

pub use super::wide::{Wide, WIDE_BITS};

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
