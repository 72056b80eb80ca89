//! Bit-exact golden model of the MUFU (SPEC.md §1), in plain Rust.
//!
//! The model is written as the datapath the RTL implements:
//!
//! ```text
//!  x ──► modifiers (|x|, −x) ──► unpack / classify ──► special_case ─────────────┐ bypass
//!                                   │ (DAZ: exponent 0 reads as ±0)              │
//!                                   └─► reduce: per-function argument reduction   │
//!                                         table, region, frac (0.32), addend A,   │
//!                                         E_arg, result sign, result width        │
//!        ROM[base(region) + idx] ◄── split(frac) ──► u_hi, u_lo                   │
//!        square · multiply · carry-save sum P + A      (datapath.rs)              │
//!        normalise · round (24 or 21 bits) · pack with FTZ/overflow ◄────────────┘
//! ```
//!
//! # Argument reduction per function ([`reduce`])
//! | func | region(s) | frac | addend | E_arg |
//! |---|---|---|---|---|
//! | RCP | rcp m∈[1,2) | mant<<9 | 0 | −e |
//! | RSQ | parity of e: m∈[1,2) / 2m∈[2,4) | mant<<9 | 0 | −⌊e/2⌋ |
//! | SQRT | as RSQ | mant<<9 | 0 | ⌊e/2⌋ |
//! | EX2 | f∈[0,1) | fractional part of x as fixed point [`EX2_FIX_F`]=32 bits (x<0: two's complement) | 0 | ⌊x⌋ |
//! | LG2 | m∈[1,2) | mant<<9 | e·2^32 (the exponent joins the sum) | 0 |
//! | SIN/COS | r∈[0,¼) | |x| mod 1 in [`SINCOS_FIX_F`]=34 bits (+¼ for COS); quadrant q = top 2 bits; odd q: frac = !r | 0 | 0 |
//! | TANH | by binade e of |x| ([`super::tables::TANH_REGIONS`]) | mant<<9 ([8,9): mant<<12) | x's significand below ¼ | e below ¼, else 0 |
//! | RCP64H/RSQ64H | the RCP/RSQ regions | mant20<<12 | 0 | as RCP/RSQ, 21-bit result |
//!
//! # Decisions where SPEC.md is silent
//! - The final rounding is round-half-up on the magnitude of the sum (add half an
//!   ulp, truncate), which is what the adder does.
//! - FTZ looks at the rounded result: a value that rounds up to the smallest
//!   normal is kept.
//! - SIN/COS results that are exactly zero follow IEEE 754's sinPi/cosPi: SIN
//!   gives the sign of x (sin(−n) = −0), COS gives +0.
//! - RCP64H/RSQ64H see only the high word: a NaN whose 20 high mantissa bits are
//!   zero reads as infinity.
//! - TANH returns x itself for |x| < 2^-12 (it is tanh(x) correctly rounded there)
//!   and ±1.0 for |x| ≥ 9.

use super::datapath::{self, normalise_round, pack_f32, pack_f64_hi};
use super::tables::{
    mant_region, tables, TableId, LG2_SPLIT, RCP_SPLIT, RSQ_SPLIT, SQRT_SPLIT, TANH_DIFF_MAX_EXP,
    TANH_TINY_EXP,
};

/// The canonical NaN every NaN result is.
pub const CANONICAL_NAN: u32 = 0x7FFF_FFFF;
/// Fraction bits of EX2's fixed-point argument.
pub const EX2_FIX_F: u32 = 32;
/// Fraction bits of SIN/COS's argument (revolutions): 2 quadrant bits + a 32-bit frac.
pub const SINCOS_FIX_F: u32 = 34;
/// Bits of |x| at or above which TANH saturates to 1.0 (9.0).
pub const TANH_SAT_BITS: u32 = 0x4110_0000;

const ONE_F32: u32 = 0x3F80_0000;
const INF_F32: u32 = 0x7F80_0000;
const INF_F64_HI: u32 = 0x7FF0_0000;

/// The MUFU sub-function, numbered as the SM90 selector field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MufuFunc {
    /// cos(2πx), x in revolutions.
    Cos = 0,
    /// sin(2πx), x in revolutions.
    Sin = 1,
    /// 2^x.
    Ex2 = 2,
    /// log2(x).
    Lg2 = 3,
    /// 1/x.
    Rcp = 4,
    /// 1/√x.
    Rsq = 5,
    /// 1/x on the high word of a binary64.
    Rcp64h = 6,
    /// 1/√x on the high word of a binary64.
    Rsq64h = 7,
    /// √x.
    Sqrt = 8,
    /// tanh(x).
    Tanh = 9,
}

impl MufuFunc {
    /// Every valid function, in selector order.
    pub const ALL: [MufuFunc; 10] = [
        MufuFunc::Cos,
        MufuFunc::Sin,
        MufuFunc::Ex2,
        MufuFunc::Lg2,
        MufuFunc::Rcp,
        MufuFunc::Rsq,
        MufuFunc::Rcp64h,
        MufuFunc::Rsq64h,
        MufuFunc::Sqrt,
        MufuFunc::Tanh,
    ];

    /// The function of a 4-bit selector; `None` for 10..15.
    pub fn from_sel(sel: u8) -> Option<Self> {
        Self::ALL.get(sel as usize).copied()
    }

    /// The selector value.
    pub fn sel(self) -> u8 {
        self as u8
    }

    /// Lower-case mnemonic (as in the vector files).
    pub fn name(self) -> &'static str {
        match self {
            MufuFunc::Cos => "cos",
            MufuFunc::Sin => "sin",
            MufuFunc::Ex2 => "ex2",
            MufuFunc::Lg2 => "lg2",
            MufuFunc::Rcp => "rcp",
            MufuFunc::Rsq => "rsq",
            MufuFunc::Rcp64h => "rcp64h",
            MufuFunc::Rsq64h => "rsq64h",
            MufuFunc::Sqrt => "sqrt",
            MufuFunc::Tanh => "tanh",
        }
    }

    /// Parses a mnemonic.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// The ROM table the function reads.
    pub fn table(self) -> TableId {
        match self {
            MufuFunc::Cos | MufuFunc::Sin => TableId::Sin,
            MufuFunc::Ex2 => TableId::Ex2,
            MufuFunc::Lg2 => TableId::Lg2,
            MufuFunc::Rcp | MufuFunc::Rcp64h => TableId::Rcp,
            MufuFunc::Rsq | MufuFunc::Rsq64h => TableId::Rsq,
            MufuFunc::Sqrt => TableId::Sqrt,
            MufuFunc::Tanh => TableId::Tanh,
        }
    }

    /// The operand is the high word of a binary64.
    pub fn is_64h(self) -> bool {
        matches!(self, MufuFunc::Rcp64h | MufuFunc::Rsq64h)
    }
}

/// What the argument reduction hands to the interpolator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// Which table.
    pub table: TableId,
    /// Region within the table.
    pub region: usize,
    /// The reduced argument's fraction, left-aligned (`0.32`).
    pub frac: u32,
    /// Added to the polynomial in the carry-save sum (sum LSBs).
    pub addend: i64,
    /// Exponent contributed by the argument.
    pub e_arg: i32,
    /// Result sign (XORed with the sum's sign).
    pub sign: bool,
    /// Result sign when the sum is exactly zero.
    pub zero_sign: bool,
    /// Result significand width: 24 (binary32) or 21 (the 64H forms).
    pub sig_w: u32,
}

/// The two ways a result is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Special-case bypass: the result bits.
    Special(u32),
    /// Through the interpolator.
    Interp(Reduced),
}

/// The MUFU: `sel` (4 bits), source modifiers `abs` then `neg`, operand `x`.
/// Selectors 10..15 give the canonical NaN.
pub fn mufu(sel: u8, abs: bool, neg: bool, x: u32) -> u32 {
    let Some(f) = MufuFunc::from_sel(sel) else {
        return CANONICAL_NAN;
    };
    eval(f, apply_modifiers(abs, neg, x))
}

/// `−|x|`, `|x|`, `−x` on the sign bit (bit 31; for the 64H forms the high word's sign).
#[inline(always)]
pub fn apply_modifiers(abs: bool, neg: bool, x: u32) -> u32 {
    let x = if abs { x & 0x7FFF_FFFF } else { x };
    if neg {
        x ^ 0x8000_0000
    } else {
        x
    }
}

/// One function on an operand (modifiers already applied).
#[inline]
pub fn eval(f: MufuFunc, x: u32) -> u32 {
    match reduce(f, x) {
        Path::Special(r) => r,
        Path::Interp(r) => interpolate(&r),
    }
}

/// The interpolator's sum before it is normalised and rounded: the value
/// `y · 2^e` (the sign of the answer is `r.sign` times the sign of `y`).
#[inline]
pub fn interpolate_sum(r: &Reduced) -> (i64, i32) {
    let t = tables();
    let fmt = t.fmt(r.table, r.region);
    let (idx, u_hi, u_lo) = datapath::split(r.frac, fmt.k);
    let word = &t.rom[(fmt.base + idx) as usize];
    let y = datapath::poly(fmt, word, u_hi, u_lo) + r.addend;
    (y, fmt.unit_exp + r.e_arg)
}

/// How the interpolator's rounding left the exact sum (the MUFU's `out_rnd`
/// port): bit 1, the round bit was set (half an ulp or more was dropped and
/// the result rounded up); bit 0, some bit below the round bit was set.
/// `0b00` is an exact result (and every special-case answer); a unit that
/// rounds the result again to a coarser grid (the SFU) needs only these two
/// bits to round the exact sum once.
pub fn rounding(f: MufuFunc, x: u32) -> u8 {
    eval_with_rounding(f, x).1
}

/// [`eval`] and [`rounding`] from one reduction and one polynomial.
pub fn eval_with_rounding(f: MufuFunc, x: u32) -> (u32, u8) {
    let r = match reduce(f, x) {
        Path::Special(bits) => return (bits, 0),
        Path::Interp(r) => r,
    };
    let (y, e) = interpolate_sum(&r);
    (pack_sum(&r, y, e), rounding_bits(y, r.sig_w))
}

/// The two bits of [`rounding`] for the sum `y` rounded to `sig_w` bits.
fn rounding_bits(y: i64, sig_w: u32) -> u8 {
    let mag = y.unsigned_abs();
    if mag == 0 {
        return 0;
    }
    let msb = 63 - mag.leading_zeros();
    let keep = sig_w - 1;
    if msb <= keep {
        return 0;
    }
    let rb = msb - keep - 1;
    let up = (mag >> rb) & 1;
    let below = mag & ((1u64 << rb) - 1) != 0;
    (up << 1) as u8 | below as u8
}

/// The interpolator: ROM read, polynomial, normalise, round, pack.
#[inline]
pub fn interpolate(r: &Reduced) -> u32 {
    let (y, e) = interpolate_sum(r);
    pack_sum(r, y, e)
}

/// Normalise, round and pack the sum `y · 2^e` of [`interpolate_sum`].
#[inline]
fn pack_sum(r: &Reduced, y: i64, e: i32) -> u32 {
    let rd = normalise_round(y, e, r.sig_w);
    let sign = if rd.zero {
        r.zero_sign
    } else {
        r.sign ^ rd.neg
    };
    if r.sig_w == 24 {
        pack_f32(sign, &rd)
    } else {
        pack_f64_hi(sign, &rd)
    }
}

fn interp(table: TableId, region: usize, frac: u32, e_arg: i32, sign: bool) -> Path {
    Path::Interp(Reduced {
        table,
        region,
        frac,
        addend: 0,
        e_arg,
        sign,
        zero_sign: sign,
        sig_w: 24,
    })
}

/// Classification of a non-NaN binary32 operand after DAZ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Inf,
    Zero,
    /// Unbiased exponent and 23-bit mantissa.
    Normal(i32, u32),
}

/// `None` for a NaN.
#[inline(always)]
fn classify(x: u32) -> Option<Class> {
    let ef = (x >> 23) & 0xFF;
    let mant = x & 0x7F_FFFF;
    match ef {
        0 => Some(Class::Zero),
        0xFF if mant != 0 => None,
        0xFF => Some(Class::Inf),
        _ => Some(Class::Normal(ef as i32 - 127, mant)),
    }
}

/// Special cases and argument reduction.
#[inline]
pub fn reduce(f: MufuFunc, x: u32) -> Path {
    use Path::Special;
    if f.is_64h() {
        return reduce_64h(f, x);
    }
    let sign = x >> 31 != 0;
    let s = x & 0x8000_0000;
    let Some(class) = classify(x) else {
        return Special(CANONICAL_NAN);
    };
    match f {
        MufuFunc::Rcp => match class {
            Class::Zero => Special(s | INF_F32),
            Class::Inf => Special(s),
            Class::Normal(e, mant) => {
                let (region, frac) = mant_region(RCP_SPLIT, 0, mant);
                interp(TableId::Rcp, region, frac, -e, sign)
            }
        },
        MufuFunc::Rsq => match class {
            Class::Zero => Special(s | INF_F32),
            _ if sign => Special(CANONICAL_NAN),
            Class::Inf => Special(0),
            Class::Normal(e, mant) => {
                let (region, frac) = mant_region(RSQ_SPLIT, (e & 1) as u32, mant);
                interp(TableId::Rsq, region, frac, -(e >> 1), false)
            }
        },
        MufuFunc::Sqrt => match class {
            Class::Zero => Special(s),
            _ if sign => Special(CANONICAL_NAN),
            Class::Inf => Special(INF_F32),
            Class::Normal(e, mant) => {
                let (region, frac) = mant_region(SQRT_SPLIT, (e & 1) as u32, mant);
                interp(TableId::Sqrt, region, frac, e >> 1, false)
            }
        },
        MufuFunc::Lg2 => match class {
            Class::Zero => Special(0x8000_0000 | INF_F32),
            _ if sign => Special(CANONICAL_NAN),
            Class::Inf => Special(INF_F32),
            Class::Normal(e, mant) => {
                let unit_exp = -(24 + datapath::GUARD_W as i32);
                let (region, frac) = mant_region(LG2_SPLIT, 0, mant);
                Path::Interp(Reduced {
                    table: TableId::Lg2,
                    region,
                    frac,
                    addend: (e as i64) << (-unit_exp),
                    e_arg: 0,
                    sign: false,
                    zero_sign: false,
                    sig_w: 24,
                })
            }
        },
        MufuFunc::Ex2 => match class {
            Class::Zero => Special(ONE_F32),
            Class::Inf => Special(if sign { 0 } else { INF_F32 }),
            Class::Normal(e, _) if e >= 7 => Special(if sign { 0 } else { INF_F32 }),
            Class::Normal(e, mant) => {
                let sig = (mant | 1 << 23) as u64;
                let shift = e + EX2_FIX_F as i32 - 23;
                let mag = if shift >= 0 {
                    sig << shift
                } else if shift > -64 {
                    sig >> (-shift)
                } else {
                    0
                } as i64;
                let fixed = if sign { -mag } else { mag };
                let n = (fixed >> EX2_FIX_F) as i32;
                interp(TableId::Ex2, 0, fixed as u32, n, false)
            }
        },
        MufuFunc::Sin | MufuFunc::Cos => {
            let cos = f == MufuFunc::Cos;
            let t = match class {
                Class::Inf => return Special(CANONICAL_NAN),
                Class::Zero => return Special(if cos { ONE_F32 } else { s }),
                Class::Normal(e, mant) => {
                    let sig = (mant | 1 << 23) as u64;
                    let shift = e + SINCOS_FIX_F as i32 - 23;
                    let mask = (1u64 << SINCOS_FIX_F) - 1;
                    if shift >= SINCOS_FIX_F as i32 {
                        0
                    } else if shift >= 0 {
                        (sig << shift) & mask
                    } else if shift > -64 {
                        sig >> (-shift)
                    } else {
                        0
                    }
                }
            };
            let t = if cos {
                (t + (1u64 << (SINCOS_FIX_F - 2))) & ((1u64 << SINCOS_FIX_F) - 1)
            } else {
                t
            };
            let q = (t >> (SINCOS_FIX_F - 2)) as u32;
            let r = t as u32;
            let frac = if q & 1 != 0 { !r } else { r };
            let lower_half = q >= 2;
            Path::Interp(Reduced {
                table: TableId::Sin,
                region: 0,
                frac,
                addend: 0,
                e_arg: 0,
                sign: if cos { lower_half } else { sign ^ lower_half },
                zero_sign: !cos && sign,
                sig_w: 24,
            })
        }
        MufuFunc::Tanh => match class {
            Class::Zero => Special(s),
            Class::Inf => Special(s | ONE_F32),
            Class::Normal(e, _) if e < TANH_TINY_EXP => Special(x),
            Class::Normal(..) if x & 0x7FFF_FFFF >= TANH_SAT_BITS => Special(s | ONE_F32),
            Class::Normal(e, mant) => {
                let region = (e - TANH_TINY_EXP) as usize;
                let (frac, addend, e_arg) = if e <= TANH_DIFF_MAX_EXP {
                    let addend = ((mant | 1 << 23) as i64) << datapath::GUARD_W;
                    (mant << 9, addend, e)
                } else if e < 3 {
                    (mant << 9, 0, 0)
                } else {
                    (mant << 12, 0, 0)
                };
                Path::Interp(Reduced {
                    table: TableId::Tanh,
                    region,
                    frac,
                    addend,
                    e_arg,
                    sign,
                    zero_sign: sign,
                    sig_w: 24,
                })
            }
        },
        // (dispatched before the binary32 classification above)
        MufuFunc::Rcp64h | MufuFunc::Rsq64h => reduce_64h(f, x),
    }
}

/// RCP64H / RSQ64H on the high word of a binary64.
fn reduce_64h(f: MufuFunc, x: u32) -> Path {
    use Path::Special;
    let sign = x >> 31 != 0;
    let s = x & 0x8000_0000;
    let ef = (x >> 20) & 0x7FF;
    let mant = x & 0xF_FFFF;
    if ef == 0x7FF && mant != 0 {
        return Special(CANONICAL_NAN);
    }
    let rcp = f == MufuFunc::Rcp64h;
    if ef == 0 {
        return Special(s | INF_F64_HI);
    }
    if !rcp && sign {
        return Special(CANONICAL_NAN);
    }
    if ef == 0x7FF {
        return Special(if rcp { s } else { 0 });
    }
    let e = ef as i32 - 1023;
    // The 20 mantissa bits, as the top of the binary32 mantissa the tables take.
    let mant23 = mant << 3;
    let (table, (region, frac), e_arg) = if rcp {
        (TableId::Rcp, mant_region(RCP_SPLIT, 0, mant23), -e)
    } else {
        (
            TableId::Rsq,
            mant_region(RSQ_SPLIT, (e & 1) as u32, mant23),
            -(e >> 1),
        )
    };
    Path::Interp(Reduced {
        table,
        region,
        frac,
        addend: 0,
        e_arg,
        sign,
        zero_sign: sign,
        sig_w: 21,
    })
}
