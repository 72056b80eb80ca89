//! Shared floating-point helpers: formats, unpacking, classification and the
//! one rounding routine every unit uses (XMU conversions, DFMA, ATOM's float
//! adds, MUFU).
//!
//! Plain Rust, no rust-hdl: these are the building blocks of the bit-exact
//! golden models. Every float format is described by a [`FloatFormat`]
//! (exponent bits, mantissa bits, and how the top binade is used), so one
//! routine covers binary16, bfloat16, binary32, binary64 and the two FP8
//! formats.
//!
//! The flow of an operation in a model is:
//! 1. [`FloatFormat::unpack`] each operand into sign, class and an integer
//!    significand with a binary exponent (`value = sig · 2^exp`), handling the
//!    special classes (zero, infinity, NaN) by hand;
//! 2. compute the exact result (or a truncated one plus a sticky bit) as an
//!    [`Exact`] value: sign, integer significand up to 128 bits, exponent;
//! 3. [`FloatFormat::round`] it into the destination under [`RoundOptions`]
//!    (RN/RM/RP/RZ, flush-to-zero, IEEE or saturating overflow), or
//!    [`round_to_integer`] it for integral results.
//!
//! The rounding is a shift right that keeps the round bit (the first dropped
//! bit) and the sticky bit (OR of all bits below it, and of the caller's
//! sticky); [`Rounding::round_up`] decides the increment from those, the sign
//! and the kept LSB. This is exactly what a hardware rounder does, so the RTL
//! can mirror it stage by stage.

pub mod ieee;
mod round;

pub use round::{round_shift_right, round_to_integer, RoundedInt};

/// How the all-ones (top) exponent field of a format is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Specials {
    /// IEEE 754: the all-ones exponent holds ±∞ (zero mantissa) and the NaNs
    /// (non-zero mantissa; the mantissa's MSB set means quiet).
    Ieee,
    /// OCP FP8 E4M3 ("FN" formats): no infinities; only the all-ones
    /// exponent *and* mantissa is NaN; the rest of the top binade is finite.
    /// Largest finite E4M3 = `0x7E` = 448. Overflow that would give ∞ in an
    /// IEEE format gives the NaN (`S.1111.111`) instead.
    NanOnly,
}

/// A binary floating-point format: 1 sign bit, `exp_bits` of biased exponent,
/// `man_bits` of stored mantissa (the fraction without the hidden bit).
/// The bias is `2^(exp_bits-1) − 1`. Encodings are right-aligned in a `u64`.
///
/// Invariants assumed everywhere: `2 ≤ exp_bits ≤ 15`, `1 ≤ man_bits ≤ 52`,
/// `1 + exp_bits + man_bits ≤ 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatFormat {
    /// Width of the biased exponent field.
    pub exp_bits: u32,
    /// Width of the stored mantissa (fraction) field; the significand has one
    /// more bit (the hidden bit) for normal numbers.
    pub man_bits: u32,
    /// How the top binade is used (IEEE ∞/NaN, or FP8 E4M3 NaN-only).
    pub specials: Specials,
}

/// The class of an encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// ±0.
    Zero,
    /// Biased exponent 0, non-zero mantissa: `value = man · 2^(emin − man_bits)`.
    Subnormal,
    /// Ordinary number with the hidden bit.
    Normal,
    /// ±∞ (IEEE formats only).
    Infinite,
    /// NaN with the quiet bit (mantissa MSB) set. E4M3's only NaN counts as quiet.
    QuietNan,
    /// NaN with the quiet bit clear (IEEE formats only).
    SignalingNan,
}

impl Class {
    /// Quiet or signalling NaN.
    pub const fn is_nan(self) -> bool {
        matches!(self, Class::QuietNan | Class::SignalingNan)
    }

    /// Zero, subnormal or normal.
    pub const fn is_finite(self) -> bool {
        matches!(self, Class::Zero | Class::Subnormal | Class::Normal)
    }
}

/// An encoding taken apart.
///
/// For `Normal` and `Subnormal`, `value = (−1)^sign · sig · 2^exp` with `sig`
/// the integer significand (hidden bit included for normals, so
/// `2^man_bits ≤ sig < 2^(man_bits+1)`; `sig < 2^man_bits` for subnormals).
/// For `Zero` and `Infinite`, `sig = 0`, `exp = 0`. For NaNs, `sig` is the raw
/// mantissa field (the payload, quiet bit included) and `exp = 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unpacked {
    /// Sign bit (true = negative).
    pub sign: bool,
    /// What the encoding is.
    pub class: Class,
    /// Integer significand (see the type's doc).
    pub sig: u64,
    /// Binary exponent of `sig`'s LSB.
    pub exp: i32,
}

/// Rounding direction. The discriminants 0..=3 are the 2-bit `rm` field of
/// SPEC.md (0 RN, 1 RM, 2 RP, 3 RZ). For rounding to an integral value the
/// same four directions are spelt `nearest`, `.floor` (RM), `.ceil` (RP),
/// `.trunc` (RZ).
///
/// [`Rounding::Rmm`] (code 4, to nearest with ties away from zero) is the
/// fifth IEEE direction, which only the RISC-V-rule units use (through the
/// DFMA datapath's 3-bit `rm`). The NVIDIA units never see it: it is not in
/// [`Rounding::ALL`], so their parsers ([`Rounding::from_mnemonic`]) refuse
/// it, and their 2-bit decoders ([`Rounding::from_bits`]) cannot produce it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// To nearest, ties to even (`.rn`, or no suffix on FRND/F2I).
    Rn = 0,
    /// Toward −∞ (`.rm`, `.floor`).
    Rm = 1,
    /// Toward +∞ (`.rp`, `.ceil`).
    Rp = 2,
    /// Toward zero (`.rz`, `.trunc`).
    Rz = 3,
    /// To nearest, ties away from zero (RISC-V RMM; not an NVIDIA mode).
    Rmm = 4,
}

impl Rounding {
    /// The four NVIDIA directions, in field order (what SPEC.md's units take).
    pub const ALL: [Rounding; 4] = [Rounding::Rn, Rounding::Rm, Rounding::Rp, Rounding::Rz];

    /// All five IEEE directions, in code order: [`Rounding::ALL`] and RMM.
    pub const ALL_WITH_RMM: [Rounding; 5] = [
        Rounding::Rn,
        Rounding::Rm,
        Rounding::Rp,
        Rounding::Rz,
        Rounding::Rmm,
    ];

    /// Decodes SPEC.md's 2-bit field (only the low two bits are looked at).
    pub const fn from_bits(bits: u8) -> Self {
        match bits & 3 {
            0 => Rounding::Rn,
            1 => Rounding::Rm,
            2 => Rounding::Rp,
            _ => Rounding::Rz,
        }
    }

    /// The field value (0..=3, or 4 for RMM).
    pub const fn bits(self) -> u8 {
        self as u8
    }

    /// The field value (the name the DFMA's ports and codec use): the 2-bit
    /// NVIDIA field, or 4 for RMM on the DFMA datapath's 3-bit `rm`.
    pub const fn code(self) -> u8 {
        self.bits()
    }

    /// Decodes the 2-bit field (only the low two bits are looked at).
    pub const fn from_code(code: u8) -> Rounding {
        Rounding::from_bits(code)
    }

    /// Decodes a 3-bit code with RMM: 0..=3 as [`Rounding::from_code`], 4
    /// RMM; `None` for 5..=7.
    pub const fn from_code_with_rmm(code: u8) -> Option<Rounding> {
        match code {
            0..=3 => Some(Rounding::from_bits(code)),
            4 => Some(Rounding::Rmm),
            _ => None,
        }
    }

    /// The direction of a RISC-V `rm` ([`ieee::Rm`]: 0 RNE, 1 RTZ, 2 RDN,
    /// 3 RUP, 4 RMM), whose codes differ from these (what a RISC-V unit
    /// drives into the DFMA datapath's 3-bit `rm`: RNE 0, RTZ 3, RDN 1,
    /// RUP 2, RMM 4).
    pub const fn from_riscv(rm: ieee::Rm) -> Rounding {
        match rm {
            ieee::Rm::Rne => Rounding::Rn,
            ieee::Rm::Rtz => Rounding::Rz,
            ieee::Rm::Rdn => Rounding::Rm,
            ieee::Rm::Rup => Rounding::Rp,
            ieee::Rm::Rmm => Rounding::Rmm,
        }
    }

    /// The IEEE-style suffix: `rn`, `rm`, `rp`, `rz` (`rmm` for RMM).
    pub const fn mnemonic(self) -> &'static str {
        match self {
            Rounding::Rn => "rn",
            Rounding::Rm => "rm",
            Rounding::Rp => "rp",
            Rounding::Rz => "rz",
            Rounding::Rmm => "rmm",
        }
    }

    /// Parses an NVIDIA suffix (`rn`, `rm`, `rp`, `rz`); `rmm` is refused
    /// (not in [`Rounding::ALL`]).
    pub fn from_mnemonic(text: &str) -> Option<Rounding> {
        Rounding::ALL.into_iter().find(|r| r.mnemonic() == text)
    }

    /// Whether a truncated magnitude must be incremented by one LSB.
    ///
    /// `sign`: sign of the value; `lsb`: the kept LSB (for ties to even);
    /// `round_bit`: the first dropped bit (weight ½ LSB); `sticky`: OR of
    /// everything below the round bit.
    #[inline]
    pub const fn round_up(self, sign: bool, lsb: bool, round_bit: bool, sticky: bool) -> bool {
        let inexact = round_bit || sticky;
        match self {
            Rounding::Rn => round_bit && (sticky || lsb),
            Rounding::Rm => sign && inexact,
            Rounding::Rp => !sign && inexact,
            Rounding::Rz => false,
            Rounding::Rmm => round_bit,
        }
    }

    /// Whether an overflowing result becomes ∞ (true) or the largest finite
    /// number (false) in this direction, for a value of the given sign
    /// (IEEE 754 §7.4).
    #[inline]
    pub const fn overflows_to_infinity(self, sign: bool) -> bool {
        match self {
            Rounding::Rn | Rounding::Rmm => true,
            Rounding::Rm => sign,
            Rounding::Rp => !sign,
            Rounding::Rz => false,
        }
    }
}

/// What happens when the rounded magnitude exceeds the largest finite number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// IEEE 754: ∞ or the largest finite number depending on the rounding
    /// direction ([`Rounding::overflows_to_infinity`]); for
    /// [`Specials::NanOnly`] formats the NaN takes ∞'s place.
    Ieee,
    /// `satfinite`: always the largest finite number of the value's sign.
    SatFinite,
}

/// How [`FloatFormat::round`] rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundOptions {
    /// Rounding direction.
    pub rounding: Rounding,
    /// Flush-to-zero: a result whose *rounded* encoding is subnormal becomes a
    /// zero of the same sign. (Decided for the whole project: the flush is
    /// applied after rounding, so a value that rounds up to the smallest
    /// normal number is kept.)
    pub ftz: bool,
    /// Overflow behaviour.
    pub overflow: Overflow,
}

impl RoundOptions {
    /// The given direction, no flush, IEEE overflow.
    pub const fn new(rounding: Rounding) -> Self {
        Self {
            rounding,
            ftz: false,
            overflow: Overflow::Ieee,
        }
    }

    /// Same options with flush-to-zero set as given.
    pub const fn with_ftz(self, ftz: bool) -> Self {
        Self { ftz, ..self }
    }

    /// Same options with the given overflow behaviour.
    pub const fn with_overflow(self, overflow: Overflow) -> Self {
        Self { overflow, ..self }
    }
}

/// An exact (or sticky-truncated) real value handed to the rounder:
/// `(−1)^sign · (sig + δ) · 2^exp` where `δ = 0` if `sticky` is clear and
/// `0 < δ < 1` (some unknown non-zero bits below `sig`'s LSB) if it is set.
///
/// Preconditions: `|exp| < 2^30`; when `sticky` is set, `sig` must carry at
/// least two bits below the destination's LSB, which `sig ≥ 2^(man_bits+1)`
/// guarantees (otherwise the unknown bits could straddle a rounding
/// boundary). `sig = 0` with `sticky` set means a non-zero value too small to
/// matter (it rounds like any value below half the smallest subnormal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exact {
    /// Sign (true = negative).
    pub sign: bool,
    /// Integer significand.
    pub sig: u128,
    /// Binary exponent of `sig`'s LSB.
    pub exp: i32,
    /// Non-zero bits exist below `sig`'s LSB.
    pub sticky: bool,
}

impl Exact {
    /// An exact value `(−1)^sign · sig · 2^exp`.
    pub const fn new(sign: bool, sig: u128, exp: i32) -> Self {
        Self {
            sign,
            sig,
            exp,
            sticky: false,
        }
    }
}

/// The result of [`FloatFormat::round`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rounded {
    /// The encoding in the destination format.
    pub bits: u64,
    /// The result differs from the exact value (overflow and flush included).
    pub inexact: bool,
    /// The rounded magnitude exceeded the largest finite number.
    pub overflow: bool,
    /// The result was subnormal after rounding and was flushed to zero.
    pub flushed: bool,
}

impl FloatFormat {
    /// IEEE binary16 (half): 5 exponent bits, 10 mantissa bits.
    pub const F16: Self = Self::ieee(5, 10);
    /// bfloat16: binary32's exponent with 7 mantissa bits.
    pub const BF16: Self = Self::ieee(8, 7);
    /// IEEE binary32 (single).
    pub const F32: Self = Self::ieee(8, 23);
    /// IEEE binary64 (double).
    pub const F64: Self = Self::ieee(11, 52);
    /// OCP FP8 E4M3 (bias 7, no ∞, NaN = `S.1111.111`, max finite 448).
    pub const E4M3: Self = Self {
        exp_bits: 4,
        man_bits: 3,
        specials: Specials::NanOnly,
    };
    /// OCP FP8 E5M2 (bias 15, IEEE-style ∞ and NaNs, max finite 57344).
    pub const E5M2: Self = Self::ieee(5, 2);

    /// An IEEE-style format with the given field widths.
    pub const fn ieee(exp_bits: u32, man_bits: u32) -> Self {
        Self {
            exp_bits,
            man_bits,
            specials: Specials::Ieee,
        }
    }

    /// Total encoding width in bits.
    pub const fn width(self) -> u32 {
        1 + self.exp_bits + self.man_bits
    }

    /// Mask of the whole encoding.
    pub const fn mask(self) -> u64 {
        u64::MAX >> (64 - self.width())
    }

    /// Exponent bias, `2^(exp_bits−1) − 1`.
    pub const fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }

    /// Exponent of the smallest normal number, `1 − bias`.
    pub const fn emin(self) -> i32 {
        1 - self.bias()
    }

    /// Exponent of the largest finite binade (`bias`; one more for E4M3,
    /// whose top binade is finite).
    pub const fn emax(self) -> i32 {
        self.max_biased_exp() as i32 - self.bias()
    }

    /// Largest biased exponent of a finite number.
    const fn max_biased_exp(self) -> u64 {
        match self.specials {
            Specials::Ieee => (1 << self.exp_bits) - 2,
            Specials::NanOnly => (1 << self.exp_bits) - 1,
        }
    }

    /// Exponent of the LSB of a subnormal (and of the smallest-normal binade).
    pub const fn subnormal_lsb_exp(self) -> i32 {
        self.emin() - self.man_bits as i32
    }

    /// Sign bit mask.
    pub const fn sign_mask(self) -> u64 {
        1 << (self.width() - 1)
    }

    /// Mask of the exponent field, in place.
    pub const fn exp_mask(self) -> u64 {
        ((1 << self.exp_bits) - 1) << self.man_bits
    }

    /// Mask of the mantissa field.
    pub const fn man_mask(self) -> u64 {
        (1 << self.man_bits) - 1
    }

    /// The all-ones biased exponent (∞ and NaN in IEEE formats).
    pub const fn exp_max(self) -> u64 {
        (1 << self.exp_bits) - 1
    }

    /// Biased exponent field of `x`.
    pub const fn exp_field(self, x: u64) -> u64 {
        (x >> self.man_bits) & self.exp_max()
    }

    /// Whether the encoding is ±∞ (IEEE formats; bits above the width are ignored).
    pub const fn is_inf(self, x: u64) -> bool {
        self.exp_field(x) == self.exp_max() && (x & self.man_mask()) == 0
    }

    /// Whether the encoding is ±0 (bits above the width are ignored).
    pub const fn is_zero(self, x: u64) -> bool {
        (x & !self.sign_mask() & self.mask()) == 0
    }

    /// Whether the encoding is subnormal (non-zero, exponent field zero).
    pub const fn is_subnormal(self, x: u64) -> bool {
        self.exp_field(x) == 0 && (x & self.man_mask()) != 0
    }

    /// The quiet bit (mantissa MSB) of a NaN.
    pub const fn quiet_bit(self) -> u64 {
        1 << (self.man_bits - 1)
    }

    /// Builds an encoding from its fields (each masked to its width).
    pub const fn pack(self, sign: bool, biased_exp: u64, man: u64) -> u64 {
        ((sign as u64) << (self.width() - 1))
            | ((biased_exp << self.man_bits) & self.exp_mask())
            | (man & self.man_mask())
    }

    /// Signed zero.
    pub const fn zero(self, sign: bool) -> u64 {
        (sign as u64) << (self.width() - 1)
    }

    /// 1.0.
    pub const fn one(self) -> u64 {
        (self.bias() as u64) << self.man_bits
    }

    /// Signed infinity; for [`Specials::NanOnly`] formats, which have none,
    /// the NaN of that sign (what IEEE overflow gives there).
    pub const fn infinity(self, sign: bool) -> u64 {
        match self.specials {
            Specials::Ieee => self.zero(sign) | self.exp_mask(),
            Specials::NanOnly => self.zero(sign) | self.exp_mask() | self.man_mask(),
        }
    }

    /// Largest finite number of the given sign.
    pub const fn max_finite(self, sign: bool) -> u64 {
        match self.specials {
            Specials::Ieee => {
                self.zero(sign) | (self.exp_mask() - (1 << self.man_bits)) | self.man_mask()
            }
            Specials::NanOnly => self.zero(sign) | ((self.exp_mask() | self.man_mask()) - 1),
        }
    }

    /// Smallest positive normal number.
    pub const fn min_normal(self) -> u64 {
        1 << self.man_bits
    }

    /// The all-ones canonical NaN with the sign clear (`0x7FFF` for f16 and
    /// bf16, `0x7FFFFFFF` for f32, `0x7F` for both FP8 formats).
    pub const fn canonical_nan(self) -> u64 {
        self.exp_mask() | self.man_mask()
    }

    /// The IEEE default quiet NaN with only the quiet bit set (`0x7FF8…` for
    /// f64); for E4M3, its only NaN.
    pub const fn default_nan(self, sign: bool) -> u64 {
        match self.specials {
            Specials::Ieee => self.zero(sign) | self.exp_mask() | self.quiet_bit(),
            Specials::NanOnly => self.infinity(sign),
        }
    }

    /// Whether the encoding is a NaN.
    #[inline]
    pub const fn is_nan(self, bits: u64) -> bool {
        let mag = bits & !self.sign_mask() & self.mask();
        match self.specials {
            Specials::Ieee => mag > self.exp_mask(),
            Specials::NanOnly => mag == self.exp_mask() | self.man_mask(),
        }
    }

    /// Sets the quiet bit of a NaN (other encodings are returned unchanged).
    #[inline]
    pub const fn quiet(self, bits: u64) -> u64 {
        if self.is_nan(bits) {
            bits | self.quiet_bit()
        } else {
            bits
        }
    }

    /// The class of an encoding (bits above the width are ignored).
    #[inline]
    pub const fn classify(self, bits: u64) -> Class {
        let e = (bits & self.exp_mask()) >> self.man_bits;
        let m = bits & self.man_mask();
        let top = (1 << self.exp_bits) - 1;
        if e == 0 {
            if m == 0 {
                Class::Zero
            } else {
                Class::Subnormal
            }
        } else if e != top {
            Class::Normal
        } else {
            match self.specials {
                Specials::Ieee => {
                    if m == 0 {
                        Class::Infinite
                    } else if m & self.quiet_bit() != 0 {
                        Class::QuietNan
                    } else {
                        Class::SignalingNan
                    }
                }
                Specials::NanOnly => {
                    if m == self.man_mask() {
                        Class::QuietNan
                    } else {
                        Class::Normal
                    }
                }
            }
        }
    }

    /// Takes an encoding apart (see [`Unpacked`]); bits above the width are
    /// ignored.
    #[inline]
    pub const fn unpack(self, bits: u64) -> Unpacked {
        let sign = bits & self.sign_mask() != 0;
        let e = (bits & self.exp_mask()) >> self.man_bits;
        let m = bits & self.man_mask();
        let class = self.classify(bits);
        let (sig, exp) = match class {
            Class::Normal => (
                m | (1 << self.man_bits),
                e as i32 - self.bias() - self.man_bits as i32,
            ),
            Class::Subnormal => (m, self.subnormal_lsb_exp()),
            Class::QuietNan | Class::SignalingNan => (m, 0),
            Class::Zero | Class::Infinite => (0, 0),
        };
        Unpacked {
            sign,
            class,
            sig,
            exp,
        }
    }

    /// Unpacks with subnormals read as zero of the same sign when `daz`
    /// (denormals-are-zero, the input half of `.FTZ`).
    #[inline]
    pub const fn unpack_daz(self, bits: u64, daz: bool) -> Unpacked {
        let u = self.unpack(bits);
        if daz && matches!(u.class, Class::Subnormal) {
            Unpacked {
                sign: u.sign,
                class: Class::Zero,
                sig: 0,
                exp: 0,
            }
        } else {
            u
        }
    }

    /// Rounds an exact value into this format. See [`Exact`] for the
    /// preconditions and [`RoundOptions`] for the modes.
    ///
    /// Steps (as a hardware rounder): normalise (leading-zero count), choose
    /// the LSB weight — `2^(e − man_bits)` in the normal range, fixed at
    /// `2^(emin − man_bits)` below it (gradual underflow) — shift right
    /// keeping round and sticky bits, increment per [`Rounding::round_up`],
    /// renormalise a carry out of the significand, then handle overflow and
    /// flush. Tininess is irrelevant to the result except through `ftz`,
    /// which looks at the rounded encoding.
    #[inline]
    pub fn round(self, x: Exact, opts: RoundOptions) -> Rounded {
        round::round(self, x, opts)
    }

    /// Exactly converts a finite or infinite encoding to `f64` (every format
    /// here except f64 itself fits f64 exactly); NaNs map to `f64::NAN`.
    /// For tests and reports, not for the datapath.
    pub fn to_f64(self, bits: u64) -> f64 {
        let u = self.unpack(bits);
        let mag = match u.class {
            Class::Zero => 0.0,
            Class::Infinite => f64::INFINITY,
            Class::QuietNan | Class::SignalingNan => return f64::NAN,
            Class::Normal | Class::Subnormal => u.sig as f64 * 2f64.powi(u.exp),
        };
        if u.sign {
            -mag
        } else {
            mag
        }
    }
}

/// Leading-zero count of `x` seen as a `width`-bit number (`width` when `x`
/// is zero). `x` must fit in `width` bits, `1 ≤ width ≤ 64`.
#[inline]
pub const fn leading_zeros(x: u64, width: u32) -> u32 {
    if x == 0 {
        width
    } else {
        x.leading_zeros() - (64 - width)
    }
}

/// Carries a NaN from `src` to `dst` keeping its sign and payload, the rule
/// of the wide-convert unit (F2F into f32/f64): the mantissa field is aligned
/// at its MSB — shifted left by the width difference on a widen, its low bits
/// dropped on a narrow — and the quiet bit is set.
#[inline]
pub const fn convert_nan(src: FloatFormat, dst: FloatFormat, bits: u64) -> u64 {
    let sign = bits & src.sign_mask() != 0;
    let payload = bits & src.man_mask();
    let moved = if dst.man_bits >= src.man_bits {
        payload << (dst.man_bits - src.man_bits)
    } else {
        payload >> (src.man_bits - dst.man_bits)
    };
    dst.zero(sign) | dst.exp_mask() | dst.quiet_bit() | moved
}
