//! The atomic unit's golden model (units::atom::model) against references written
//! here: typed Rust integer arithmetic, Berkeley SoftFloat (f16/f32/f64) with the
//! device's NaN/FTZ conventions layered on top, an exact big-integer adder for
//! bf16 (itself checked against SoftFloat on f16/f32), and a byte-array memory.
//! Every random stream is seeded; mismatches print their inputs in hex.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use softfloat_wrapper::{Float, RoundingMode, F16, F32, F64};
use std::collections::HashMap;
use units::atom::model::{
    alu, check_op, AtomMemory, AtomOp, AtomRequest, AtomType, Form, Scope, Sem, Space,
    DEFAULT_WORDS,
};
use units::atom::vectors::{
    format_answer, format_request, golden_output, parse_file, parse_line, parse_mnemonic,
};

const RNE: RoundingMode = RoundingMode::TiesToEven;
const OPS: [AtomOp; 15] = AtomOp::ALL;
const TYPES: [AtomType; 12] = AtomType::ALL;
const FORMS: [Form; 3] = [Form::Atom, Form::Red, Form::Plain];
const SPACES: [Space; 2] = [Space::Global, Space::Shared];

// ---------------------------------------------------------------------------
// The SPEC.md §3 table, written out again.

fn spec_legal(form: Form, op: AtomOp, ty: AtomType) -> bool {
    use AtomOp::*;
    use AtomType::*;
    let types: &[AtomType] = match op {
        Add => &[U32, S32, U64, S64, F32, F64, F16x2, Bf16x2, V2F32, V4F32],
        Min | Max => &[U32, S32, U64, S64, F16x2, Bf16x2],
        Inc | Dec | PopcInc => &[U32],
        And | Or | Xor | Exch | Cas | Cast | Ld | St => &[B32, B64],
        SafeAdd => &[U32, U64],
    };
    let form_ok = match form {
        Form::Plain => matches!(op, Ld | St),
        Form::Atom => !matches!(op, Ld | St),
        Form::Red => matches!(
            op,
            Add | Min | Max | Inc | Dec | And | Or | Xor | SafeAdd | PopcInc
        ),
    };
    form_ok && types.contains(&ty)
}

/// The space a legal combination may use: `popc.inc` is shared-only (ATOMS),
/// the vector adds global-only; the rest take either (`pick`).
fn space_for(op: AtomOp, ty: AtomType, pick: Space) -> Space {
    if op == AtomOp::PopcInc {
        Space::Shared
    } else if matches!(ty, AtomType::V2F32 | AtomType::V4F32) {
        Space::Global
    } else {
        pick
    }
}

/// minimumNumber / maximumNumber of two binary16 (`bf == false`) or bfloat16
/// values through their exact f64 values: −0 below +0, one NaN gives the other,
/// two NaNs 0x7FFF.
fn ref_half_min_max(bf: bool, max: bool, old: u32, b: u32) -> u32 {
    let (exp_bits, man_bits) = if bf { (8, 7) } else { (5, 10) };
    let value = |x: u32| -> Option<f64> {
        let sign = if x & 0x8000 != 0 { -1.0 } else { 1.0 };
        let e = (x >> man_bits) & ((1 << exp_bits) - 1);
        let m = f64::from(x & ((1 << man_bits) - 1));
        let bias = (1 << (exp_bits - 1)) - 1;
        if e == (1 << exp_bits) - 1 {
            if m == 0.0 {
                Some(sign * f64::INFINITY)
            } else {
                None
            }
        } else if e == 0 {
            Some(sign * m * 2f64.powi(1 - bias - man_bits))
        } else {
            Some(sign * (1.0 + m / f64::from(1u32 << man_bits)) * 2f64.powi(e as i32 - bias))
        }
    };
    match (value(old), value(b)) {
        (None, None) => 0x7fff,
        (None, Some(_)) => b,
        (Some(_), None) => old,
        (Some(x), Some(y)) => {
            let b_first = if x == y {
                // ±0 (other equal values have equal bits): −0 orders first.
                (b & 0x8000) > (old & 0x8000)
            } else {
                y < x
            };
            if b_first != max && old != b {
                b
            } else {
                old
            }
        }
    }
}

fn legal_combos() -> Vec<(Form, AtomOp, AtomType)> {
    let mut v = Vec::new();
    for form in FORMS {
        for op in OPS {
            for ty in TYPES {
                if spec_legal(form, op, ty) {
                    v.push((form, op, ty));
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------------------
// Float references.

fn f32_is_nan(x: u32) -> bool {
    x & 0x7f80_0000 == 0x7f80_0000 && x & 0x007f_ffff != 0
}
fn f64_is_nan(x: u64) -> bool {
    x & 0x7ff0_0000_0000_0000 == 0x7ff0_0000_0000_0000 && x & 0x000f_ffff_ffff_ffff != 0
}
fn f16_is_nan(x: u16) -> bool {
    x & 0x7c00 == 0x7c00 && x & 0x03ff != 0
}
fn bf16_is_nan(x: u16) -> bool {
    x & 0x7f80 == 0x7f80 && x & 0x007f != 0
}

/// f32 add: SoftFloat RN; `.global` flushes subnormal inputs and results to a zero
/// of the same sign; every NaN is 0x7FFFFFFF.
fn ref_f32_add(space: Space, a: u32, b: u32) -> u32 {
    if f32_is_nan(a) || f32_is_nan(b) {
        return 0x7fff_ffff;
    }
    let ftz = space == Space::Global;
    let flush = |x: u32| {
        if ftz && x & 0x7f80_0000 == 0 {
            x & 0x8000_0000
        } else {
            x
        }
    };
    let r = F32::from_bits(flush(a))
        .add(F32::from_bits(flush(b)), RNE)
        .to_bits();
    if f32_is_nan(r) {
        0x7fff_ffff
    } else {
        flush(r)
    }
}

/// f64 add: SoftFloat RN, subnormals kept; DFMA's NaN rule with source order (old, b).
fn ref_f64_add(old: u64, b: u64) -> u64 {
    const QUIET: u64 = 1 << 51;
    if f64_is_nan(b) {
        return b | QUIET;
    }
    if f64_is_nan(old) {
        return old | QUIET;
    }
    let r = F64::from_bits(old).add(F64::from_bits(b), RNE).to_bits();
    if f64_is_nan(r) {
        0xfff8_0000_0000_0000
    } else {
        r
    }
}

fn ref_f16_add(a: u16, b: u16) -> u16 {
    let r = F16::from_bits(a).add(F16::from_bits(b), RNE).to_bits();
    if f16_is_nan(a) || f16_is_nan(b) || f16_is_nan(r) {
        0x7fff
    } else {
        r
    }
}

fn ref_bf16_add(a: u16, b: u16) -> u16 {
    if bf16_is_nan(a) || bf16_is_nan(b) {
        return 0x7fff;
    }
    match exact_add(8, 7, u64::from(a), u64::from(b)) {
        Some(r) => r as u16,
        None => 0x7fff,
    }
}

/// Exact IEEE addition with round-to-nearest-even, by big-integer arithmetic in
/// units of the format's smallest subnormal. Inputs must not be NaN; `None` for
/// an invalid Inf − Inf.
fn exact_add(exp_bits: u32, man_bits: u32, a: u64, b: u64) -> Option<u64> {
    let exp_max = (1u64 << exp_bits) - 1;
    let sign_shift = exp_bits + man_bits;
    let field = |x: u64| {
        (
            (x >> man_bits) & exp_max,
            x & ((1u64 << man_bits) - 1),
            x >> sign_shift & 1,
        )
    };
    let (ea, _, sa) = field(a);
    let (eb, _, sb) = field(b);
    if ea == exp_max || eb == exp_max {
        return match (ea == exp_max, eb == exp_max) {
            (true, true) if sa != sb => None,
            (true, _) => Some(a),
            _ => Some(b),
        };
    }
    // Value in units of 2^(emin - man_bits).
    let units = |x: u64| -> BigInt {
        let (e, f, s) = field(x);
        let n = if e == 0 {
            BigInt::from(f)
        } else {
            BigInt::from(f | (1 << man_bits)) << (e - 1)
        };
        if s == 1 {
            -n
        } else {
            n
        }
    };
    let sum = units(a) + units(b);
    if sum.is_zero() {
        // Exact zero: −0 only for (−0) + (−0) in round-to-nearest.
        let both_neg_zero = sa == 1 && sb == 1 && units(a).is_zero() && units(b).is_zero();
        return Some(if both_neg_zero { 1 << sign_shift } else { 0 });
    }
    let sign = u64::from(sum.is_negative()) << sign_shift;
    let mut mag = sum.abs();
    let precision = u64::from(man_bits) + 1;
    let len = mag.bits();
    if len > precision {
        let shift = len - precision;
        let unit = BigInt::one() << shift;
        let rem = &mag % &unit;
        let half = BigInt::one() << (shift - 1);
        mag = &mag >> shift;
        let odd = (&mag % 2u32) == BigInt::one();
        if rem > half || (rem == half && odd) {
            mag += 1u32;
        }
        mag <<= shift;
    }
    let len = mag.bits();
    if len <= u64::from(man_bits) {
        // Subnormal (or exactly representable below the normal range).
        let f: u64 = (&mag).try_into().unwrap();
        return Some(sign | f);
    }
    let top = len - 1; // position of the leading one, ≥ man_bits
    let biased = top - u64::from(man_bits) + 1;
    if biased >= exp_max {
        return Some(sign | (exp_max << man_bits));
    }
    let sig: u64 = (&mag >> (top - u64::from(man_bits))).try_into().unwrap();
    Some(sign | (biased << man_bits) | (sig & ((1u64 << man_bits) - 1)))
}

fn ref_x2(a: u32, b: u32, add: fn(u16, u16) -> u16) -> u32 {
    let lo = add(a as u16, b as u16);
    let hi = add((a >> 16) as u16, (b >> 16) as u16);
    u32::from(lo) | (u32::from(hi) << 16)
}

// ---------------------------------------------------------------------------
// The ALU reference: typed arithmetic on the lane.

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct RefOut {
    new: u64,
    answer: u64,
    writes: bool,
}

fn ref_alu(op: AtomOp, ty: AtomType, space: Space, old: u64, b: u64, c: u64) -> RefOut {
    use AtomOp::*;
    if ty.bits() == 32 {
        let (o, b, c) = (old as u32, b as u32, c as u32);
        let new: u32 = match op {
            Add | SafeAdd => match ty {
                AtomType::F32 => ref_f32_add(space, o, b),
                AtomType::F16x2 => ref_x2(o, b, ref_f16_add),
                AtomType::Bf16x2 => ref_x2(o, b, ref_bf16_add),
                _ => o.wrapping_add(b),
            },
            Min | Max if matches!(ty, AtomType::F16x2 | AtomType::Bf16x2) => {
                let bf = ty == AtomType::Bf16x2;
                let lane = |i: u32| {
                    ref_half_min_max(
                        bf,
                        op == Max,
                        (o >> (16 * i)) & 0xffff,
                        (b >> (16 * i)) & 0xffff,
                    )
                };
                lane(0) | (lane(1) << 16)
            }
            PopcInc => o.wrapping_add(b.count_ones()),
            Min if ty == AtomType::S32 => (o as i32).min(b as i32) as u32,
            Max if ty == AtomType::S32 => (o as i32).max(b as i32) as u32,
            Min => o.min(b),
            Max => o.max(b),
            Inc => {
                if o >= b {
                    0
                } else {
                    o + 1
                }
            }
            Dec => {
                if o == 0 || o > b {
                    b
                } else {
                    o - 1
                }
            }
            And => o & b,
            Or => o | b,
            Xor => o ^ b,
            Exch | St => b,
            Cas | Cast => {
                if o == b {
                    c
                } else {
                    o
                }
            }
            Ld => o,
        };
        RefOut {
            new: new.into(),
            answer: if op == Cast {
                u64::from(o == b)
            } else {
                o.into()
            },
            writes: !(op == Ld || (matches!(op, Cas | Cast) && o != b)),
        }
    } else {
        let (o, b64, c) = (old, b, c);
        let new: u64 = match op {
            Add | SafeAdd if ty == AtomType::F64 => ref_f64_add(o, b64),
            Add if matches!(ty, AtomType::V2F32 | AtomType::V4F32) => {
                let e = |i: u32| {
                    u64::from(ref_f32_add(
                        Space::Global,
                        (o >> (32 * i)) as u32,
                        (b64 >> (32 * i)) as u32,
                    ))
                };
                e(0) | (e(1) << 32)
            }
            Add | SafeAdd => o.wrapping_add(b64),
            Min if ty == AtomType::S64 => (o as i64).min(b64 as i64) as u64,
            Max if ty == AtomType::S64 => (o as i64).max(b64 as i64) as u64,
            Min => o.min(b64),
            Max => o.max(b64),
            And => o & b64,
            Or => o | b64,
            Xor => o ^ b64,
            Exch | St => b64,
            Cas | Cast => {
                if o == b64 {
                    c
                } else {
                    o
                }
            }
            Ld => o,
            Inc | Dec | PopcInc => unreachable!("inc/dec/popc.inc are u32 only"),
        };
        RefOut {
            new,
            answer: if op == Cast { u64::from(o == b64) } else { o },
            writes: !(op == Ld || (matches!(op, Cas | Cast) && o != b64)),
        }
    }
}

fn check_alu(op: AtomOp, ty: AtomType, space: Space, old: u64, b: u64, c: u64) -> bool {
    let got = alu(op, ty, space, old, b, c);
    let want = ref_alu(op, ty, space, old, b, c);
    let ok = got.new == want.new && got.answer == want.answer && got.writes == want.writes;
    if !ok {
        eprintln!(
            "MISMATCH {}.{}.{}: old={old:016x} b={b:016x} c={c:016x}: model new={:016x} answer={:016x} writes={} / ref new={:016x} answer={:016x} writes={}",
            op.name(), ty.name(), space.name(), got.new, got.answer, got.writes, want.new, want.answer, want.writes
        );
    }
    ok
}

// ---------------------------------------------------------------------------
// Operand generators (biased towards corners).

const F32_SPECIALS: &[u32] = &[
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x0080_0001,
    0x3f80_0000,
    0xbf80_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7f80_0001,
    0xffbf_ffff,
    0x7fff_ffff,
    0x3380_0000,
    0x4b80_0000,
    0xcb80_0000,
];
const F64_SPECIALS: &[u64] = &[
    0x0000_0000_0000_0000,
    0x8000_0000_0000_0000,
    0x0000_0000_0000_0001,
    0x8000_0000_0000_0001,
    0x000f_ffff_ffff_ffff,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x8010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0xfff0_dead_beef_0001,
    0x7ff8_1234_5678_9abc,
    0x3ca0_0000_0000_0000,
    0x4340_0000_0000_0000,
];
const F16_SPECIALS: &[u16] = &[
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x7bff, 0xfbff,
    0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff, 0x1400, 0x6400, 0x3c01,
];
const BF16_SPECIALS: &[u16] = &[
    0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f, 0x0080, 0x8080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f,
    0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff, 0x3b80, 0x4380, 0x3f81,
];

/// A value of `bits` width near `other`: same magnitude with the sign flipped
/// (cancellation) or an exponent a few steps away (alignment and rounding).
fn near(rng: &mut ChaCha8Rng, other: u64, bits: u32, man_bits: u32) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let sign = 1u64 << (bits - 1);
    let x = match rng.gen_range(0..3) {
        0 => other ^ sign,
        1 => (other ^ sign)
            .wrapping_add(rng.gen_range(0..4))
            .wrapping_sub(2),
        _ => {
            let steps = rng.gen_range(0..(man_bits as u64 + 4));
            let delta = steps << man_bits;
            let y = if rng.gen() {
                other.wrapping_add(delta)
            } else {
                other.wrapping_sub(delta)
            };
            y ^ (rng.gen::<u64>() & (1 << rng.gen_range(0..man_bits)))
        }
    };
    x & mask
}

fn float_value(rng: &mut ChaCha8Rng, specials: &[u64], bits: u32) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    match rng.gen_range(0..4) {
        0 => specials[rng.gen_range(0..specials.len())],
        1 => rng.gen::<u64>() & mask,
        2 => {
            // Subnormal or small.
            let s = u64::from(rng.gen::<bool>()) << (bits - 1);
            s | (rng.gen::<u64>() & ((1 << (bits / 3)) - 1))
        }
        _ => {
            // Moderate exponent: a value around 1.
            let man = match bits {
                64 => 52,
                32 => 23,
                _ => 10,
            };
            let bias = (1u64 << (bits - 2 - man)) - 1;
            let e = bias.saturating_sub(rng.gen_range(0..8)) + rng.gen_range(0..8);
            (u64::from(rng.gen::<bool>()) << (bits - 1))
                | (e << man)
                | (rng.gen::<u64>() & ((1 << man) - 1))
        }
    }
}

fn int_value(rng: &mut ChaCha8Rng, bits: u32) -> u64 {
    let mask = if bits == 64 { u64::MAX } else { 0xffff_ffff };
    let top = 1u64 << (bits - 1);
    match rng.gen_range(0..4) {
        0 => [0, 1, 2, mask, mask - 1, top, top - 1, top + 1][rng.gen_range(0..8)],
        1 => rng.gen_range(0..16),
        2 => (rng.gen::<u64>() & mask).wrapping_neg() & mask >> rng.gen_range(0..bits),
        _ => rng.gen::<u64>() & mask,
    }
}

/// A pair (old, b) of lane values for `op.ty`, low lanes only.
fn operand_pair(rng: &mut ChaCha8Rng, op: AtomOp, ty: AtomType) -> (u64, u64) {
    let half_specials: Vec<u64>;
    let is_add = matches!(op, AtomOp::Add | AtomOp::SafeAdd);
    match ty {
        AtomType::F32 if is_add => {
            let s: Vec<u64> = F32_SPECIALS.iter().map(|&x| u64::from(x)).collect();
            let old = float_value(rng, &s, 32);
            let b = if rng.gen_bool(0.3) {
                near(rng, old, 32, 23)
            } else {
                float_value(rng, &s, 32)
            };
            (old, b)
        }
        AtomType::V2F32 | AtomType::V4F32 => {
            let (o0, b0) = operand_pair(rng, op, AtomType::F32);
            let (o1, b1) = operand_pair(rng, op, AtomType::F32);
            (o0 | (o1 << 32), b0 | (b1 << 32))
        }
        AtomType::F64 => {
            let old = float_value(rng, F64_SPECIALS, 64);
            let b = if rng.gen_bool(0.3) {
                near(rng, old, 64, 52)
            } else {
                float_value(rng, F64_SPECIALS, 64)
            };
            (old, b)
        }
        AtomType::F16x2 | AtomType::Bf16x2 => {
            let (specials, man) = if ty == AtomType::F16x2 {
                (F16_SPECIALS, 10)
            } else {
                (BF16_SPECIALS, 7)
            };
            half_specials = specials.iter().map(|&x| u64::from(x)).collect();
            let half = |rng: &mut ChaCha8Rng| {
                let o = float_value(rng, &half_specials, 16);
                let b = if rng.gen_bool(0.3) {
                    near(rng, o, 16, man)
                } else {
                    float_value(rng, &half_specials, 16)
                };
                (o, b)
            };
            let (o0, b0) = half(rng);
            let (o1, b1) = half(rng);
            (o0 | (o1 << 16), b0 | (b1 << 16))
        }
        _ => {
            let bits = ty.bits();
            let old = int_value(rng, bits);
            let b = match rng.gen_range(0..4) {
                0 => old,
                1 => old.wrapping_add(1) & ty.mask(),
                2 => old.wrapping_sub(1) & ty.mask(),
                _ => int_value(rng, bits),
            };
            (old, b)
        }
    }
}

// ---------------------------------------------------------------------------
// Byte-array reference memory.

struct RefMemory {
    bytes: Vec<u8>,
}

impl RefMemory {
    fn new(words: usize) -> Self {
        Self {
            bytes: vec![0; words * 8],
        }
    }
    fn read(&self, addr: u32, bits: u32) -> u64 {
        let n = (bits / 8) as usize;
        let a = addr as usize;
        let mut v = [0u8; 8];
        v[..n].copy_from_slice(&self.bytes[a..a + n]);
        u64::from_le_bytes(v)
    }
    fn write(&mut self, addr: u32, bits: u32, value: u64) {
        let n = (bits / 8) as usize;
        let a = addr as usize;
        self.bytes[a..a + n].copy_from_slice(&value.to_le_bytes()[..n]);
    }
    fn apply(&mut self, r: &AtomRequest) -> Option<u128> {
        let answers = match r.form {
            Form::Atom => true,
            Form::Red => false,
            Form::Plain => r.op == AtomOp::Ld,
        };
        // A v4.f32: two v2.f32 on consecutive words, elements 2, 3 from `c`.
        let parts: Vec<(u32, u64)> = if r.ty == AtomType::V4F32 {
            vec![(r.addr, r.b), (r.addr + 8, r.c)]
        } else {
            vec![(r.addr, r.b)]
        };
        let bits = r.ty.bits().min(64);
        let mut answer = 0u128;
        for (i, (addr, b)) in parts.into_iter().enumerate() {
            let old = self.read(addr, bits);
            let out = ref_alu(r.op, r.ty, r.space, old, b, r.c);
            if out.writes {
                self.write(addr, bits, out.new);
            }
            answer |= u128::from(out.answer) << (64 * i);
        }
        answers.then_some(answer)
    }
    fn words(&self) -> Vec<u64> {
        self.bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
}

fn req(form: Form, op: AtomOp, ty: AtomType, addr: u32, b: u64) -> AtomRequest {
    AtomRequest::new(form, op, ty, addr, b)
}

fn atom(op: AtomOp, ty: AtomType, addr: u32, b: u64) -> AtomRequest {
    req(Form::Atom, op, ty, addr, b)
}

// ---------------------------------------------------------------------------
// Tests.

#[test]
fn legality_matches_spec_table() {
    for form in FORMS {
        for op in OPS {
            for ty in TYPES {
                assert_eq!(
                    check_op(form, op, ty).is_ok(),
                    spec_legal(form, op, ty),
                    "{form:?} {}.{}",
                    op.name(),
                    ty.name()
                );
            }
        }
    }
    // atom, ld/st, red (issue 22 added add.s64, add.v2/v4.f32, min/max.f16x2/bf16x2
    // and popc.inc to both forms)
    assert_eq!(legal_combos().len(), 39 + 4 + 33);
}

/// The big-integer adder agrees with SoftFloat where both exist, so it can be
/// trusted for bf16.
#[test]
fn exact_reference_agrees_with_softfloat() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0001);
    let s16: Vec<u64> = F16_SPECIALS.iter().map(|&x| u64::from(x)).collect();
    let s32: Vec<u64> = F32_SPECIALS.iter().map(|&x| u64::from(x)).collect();
    let mut bad = 0;
    for i in 0..40_000 {
        let (a, b) = if i % 2 == 0 {
            let a = float_value(&mut rng, &s16, 16);
            (
                a,
                if rng.gen() {
                    near(&mut rng, a, 16, 10)
                } else {
                    float_value(&mut rng, &s16, 16)
                },
            )
        } else {
            let a = float_value(&mut rng, &s32, 32);
            (
                a,
                if rng.gen() {
                    near(&mut rng, a, 32, 23)
                } else {
                    float_value(&mut rng, &s32, 32)
                },
            )
        };
        let (exact, soft) = if i % 2 == 0 {
            if f16_is_nan(a as u16) || f16_is_nan(b as u16) {
                continue;
            }
            let r = F16::from_bits(a as u16)
                .add(F16::from_bits(b as u16), RNE)
                .to_bits();
            (
                exact_add(5, 10, a, b),
                (!f16_is_nan(r)).then_some(u64::from(r)),
            )
        } else {
            if f32_is_nan(a as u32) || f32_is_nan(b as u32) {
                continue;
            }
            let r = F32::from_bits(a as u32)
                .add(F32::from_bits(b as u32), RNE)
                .to_bits();
            (
                exact_add(8, 23, a, b),
                (!f32_is_nan(r)).then_some(u64::from(r)),
            )
        };
        if exact != soft {
            bad += 1;
            eprintln!("exact_add({a:x}, {b:x}) = {exact:x?}, SoftFloat {soft:x?}");
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn alu_matches_reference_on_random_operands() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xa70a_0002);
    let mut bad = 0;
    let mut cases = 0;
    for (_, op, ty) in legal_combos() {
        for space in SPACES {
            for _ in 0..3000 {
                let (old, b) = operand_pair(&mut rng, op, ty);
                let c = int_value(&mut rng, ty.bits().min(64));
                // Garbage above a 32-bit lane must be ignored.
                let junk = |rng: &mut ChaCha8Rng, x: u64| {
                    if ty.bits() == 32 {
                        x | (rng.gen::<u64>() << 32)
                    } else {
                        x
                    }
                };
                let (old, b, c) = (junk(&mut rng, old), junk(&mut rng, b), junk(&mut rng, c));
                cases += 1;
                if !check_alu(op, ty, space, old, b, c) {
                    bad += 1;
                    assert!(bad < 20, "too many mismatches");
                }
                // Outputs of 32-bit ops are zero-extended.
                let r = alu(op, ty, space, old, b, c);
                assert_eq!(r.new & !ty.mask(), 0);
                assert_eq!(r.answer & !ty.mask(), 0);
            }
        }
    }
    eprintln!("{cases} random ALU cases");
    assert_eq!(bad, 0);
}

#[test]
fn float_adds_on_every_pair_of_special_values() {
    let mut bad = 0;
    for space in SPACES {
        for &a in F32_SPECIALS {
            for &b in F32_SPECIALS {
                bad += u32::from(!check_alu(
                    AtomOp::Add,
                    AtomType::F32,
                    space,
                    a.into(),
                    b.into(),
                    0,
                ));
            }
        }
    }
    for &a in F64_SPECIALS {
        for &b in F64_SPECIALS {
            bad += u32::from(!check_alu(
                AtomOp::Add,
                AtomType::F64,
                Space::Global,
                a,
                b,
                0,
            ));
        }
    }
    for (ty, specials) in [
        (AtomType::F16x2, F16_SPECIALS),
        (AtomType::Bf16x2, BF16_SPECIALS),
    ] {
        for &a in specials {
            for &b in specials {
                // Different pairs in the two halves.
                let (old, bb) = (
                    u64::from(a) | u64::from(b) << 16,
                    u64::from(b) | u64::from(a) << 16,
                );
                bad += u32::from(!check_alu(AtomOp::Add, ty, Space::Global, old, bb, 0));
            }
        }
    }
    assert_eq!(bad, 0);
}

/// Device conventions spelled out, independent of SoftFloat.
#[test]
fn float_add_corner_cases_by_hand() {
    let f32add = |space, a: u64, b: u64| alu(AtomOp::Add, AtomType::F32, space, a, b, 0).new;
    let (g, s) = (Space::Global, Space::Shared);
    // Subnormals: flushed in .global (sign kept), kept in .shared.
    assert_eq!(f32add(g, 0x0000_0001, 0x0000_0001), 0x0000_0000);
    assert_eq!(f32add(s, 0x0000_0001, 0x0000_0001), 0x0000_0002);
    assert_eq!(f32add(g, 0x8000_0001, 0x8000_0000), 0x8000_0000);
    assert_eq!(f32add(g, 0x8000_0001, 0x0000_0000), 0x0000_0000);
    assert_eq!(f32add(g, 0x3f80_0000, 0x0000_0001), 0x3f80_0000);
    // A subnormal result of normal inputs: −2^-149.
    assert_eq!(f32add(g, 0x0080_0000, 0x8080_0001), 0x8000_0000);
    assert_eq!(f32add(s, 0x0080_0000, 0x8080_0001), 0x8000_0001);
    assert_eq!(f32add(s, 0x007f_ffff, 0x0000_0001), 0x0080_0000);
    // Zero signs: exact cancellation +0, −0 + −0 = −0.
    assert_eq!(f32add(g, 0x3f80_0000, 0xbf80_0000), 0x0000_0000);
    assert_eq!(f32add(g, 0x8000_0000, 0x8000_0000), 0x8000_0000);
    assert_eq!(f32add(g, 0x8000_0000, 0x0000_0000), 0x0000_0000);
    // NaN: every NaN is 0x7FFFFFFF.
    assert_eq!(f32add(g, 0xffc0_0001, 0x3f80_0000), 0x7fff_ffff);
    assert_eq!(f32add(s, 0x3f80_0000, 0x7f80_0001), 0x7fff_ffff);
    assert_eq!(f32add(g, 0x7f80_0000, 0xff80_0000), 0x7fff_ffff);
    assert_eq!(f32add(g, 0x7f80_0000, 0x7f80_0000), 0x7f80_0000);
    // Rounding: 1 + 2^-24 is a tie → 1; (1 + 2^-23) + 2^-24 → 1 + 2^-22; overflow → Inf.
    assert_eq!(f32add(g, 0x3f80_0000, 0x3380_0000), 0x3f80_0000);
    assert_eq!(f32add(g, 0x3f80_0001, 0x3380_0000), 0x3f80_0002);
    assert_eq!(f32add(g, 0x7f7f_ffff, 0x7f7f_ffff), 0x7f80_0000);
    // Upper operand bits ignored.
    assert_eq!(
        f32add(g, 0xdead_beef_3f80_0000, 0x1234_5678_3f80_0000),
        0x4000_0000
    );

    let f64add = |a: u64, b: u64| alu(AtomOp::Add, AtomType::F64, g, a, b, 0).new;
    assert_eq!(
        f64add(0x7ff0_0000_0000_0001, 0x3ff0_0000_0000_0000),
        0x7ff8_0000_0000_0001
    );
    assert_eq!(
        f64add(0x3ff0_0000_0000_0000, 0xfff0_0000_0000_0003),
        0xfff8_0000_0000_0003
    );
    // Both NaN: b (the later operand) wins, quieted, sign and payload kept.
    assert_eq!(
        f64add(0x7ff8_0000_0000_0002, 0xfff0_0000_0000_0003),
        0xfff8_0000_0000_0003
    );
    assert_eq!(
        f64add(0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000),
        0xfff8_0000_0000_0000
    );
    assert_eq!(
        f64add(0x0000_0000_0000_0001, 0x0000_0000_0000_0001),
        0x0000_0000_0000_0002
    );
    assert_eq!(
        f64add(0x8000_0000_0000_0000, 0x8000_0000_0000_0000),
        0x8000_0000_0000_0000
    );
    assert_eq!(f64add(0x3ff0_0000_0000_0000, 0xbff0_0000_0000_0000), 0);
    assert_eq!(
        f64add(0x0010_0000_0000_0000, 0x8010_0000_0000_0001),
        0x8000_0000_0000_0001
    );

    let h2 = |ty, a: u64, b: u64| alu(AtomOp::Add, ty, g, a, b, 0).new;
    // Halves independent: NaN in the low half, 1 + 1 in the high half.
    assert_eq!(h2(AtomType::F16x2, 0x3c00_7e01, 0x3c00_3c00), 0x4000_7fff);
    assert_eq!(h2(AtomType::F16x2, 0x0001_7c00, 0x0001_fc00), 0x0002_7fff);
    assert_eq!(h2(AtomType::F16x2, 0x7bff_8000, 0x7bff_8000), 0x7c00_8000);
    // f16 subnormals kept in .global (no FTZ for packed halves).
    assert_eq!(h2(AtomType::F16x2, 0x03ff_0000, 0x0001_8001), 0x0400_8001);
    assert_eq!(h2(AtomType::Bf16x2, 0x3f80_3f80, 0x3f80_3b80), 0x4000_3f80);
    assert_eq!(h2(AtomType::Bf16x2, 0x3f81_7f80, 0x3b80_ff80), 0x3f82_7fff);
    assert_eq!(h2(AtomType::Bf16x2, 0x0001_7f7f, 0x0001_7f7f), 0x0002_7f80);
    assert_eq!(h2(AtomType::Bf16x2, 0xffc1_8000, 0x3f80_8000), 0x7fff_8000);
}

#[test]
fn inc_dec_corners() {
    let max = u64::from(u32::MAX);
    let mut bad = 0;
    for b in [0, 1, max] {
        for old in [0, b.wrapping_sub(1) & max, b, (b + 1) & max, max] {
            for op in [AtomOp::Inc, AtomOp::Dec] {
                bad += u32::from(!check_alu(op, AtomType::U32, Space::Global, old, b, 0));
            }
        }
    }
    assert_eq!(bad, 0);
    let inc = |old, b| alu(AtomOp::Inc, AtomType::U32, Space::Global, old, b, 0).new;
    let dec = |old, b| alu(AtomOp::Dec, AtomType::U32, Space::Global, old, b, 0).new;
    assert_eq!(inc(0, 0), 0);
    assert_eq!(inc(0, 1), 1);
    assert_eq!(inc(1, 1), 0);
    assert_eq!(inc(2, 1), 0);
    assert_eq!(inc(max - 1, max), max);
    assert_eq!(inc(max, max), 0);
    assert_eq!(dec(0, 0), 0);
    assert_eq!(dec(5, 0), 0);
    assert_eq!(dec(0, 1), 1);
    assert_eq!(dec(1, 1), 0);
    assert_eq!(dec(2, 1), 1);
    assert_eq!(dec(0, max), max);
    assert_eq!(dec(max, max), max - 1);
    // The upper half of b is not part of the bound.
    assert_eq!(inc(5, 0x0000_0001_0000_0000), 0);
}

#[test]
fn min_max_signedness_on_mixed_signs() {
    let g = Space::Global;
    let f = |op, ty, old, b| alu(op, ty, g, old, b, 0).new;
    use AtomOp::{Max, Min};
    use AtomType::*;
    assert_eq!(f(Min, S32, 0xffff_ffff, 1), 0xffff_ffff);
    assert_eq!(f(Min, U32, 0xffff_ffff, 1), 1);
    assert_eq!(f(Max, S32, 0xffff_ffff, 1), 1);
    assert_eq!(f(Max, U32, 0xffff_ffff, 1), 0xffff_ffff);
    assert_eq!(f(Min, S32, 0x8000_0000, 0x7fff_ffff), 0x8000_0000);
    assert_eq!(f(Max, S32, 0x8000_0000, 0x7fff_ffff), 0x7fff_ffff);
    assert_eq!(f(Min, S64, u64::MAX, 1), u64::MAX);
    assert_eq!(f(Min, U64, u64::MAX, 1), 1);
    assert_eq!(f(Max, S64, 1 << 63, (1 << 63) - 1), (1 << 63) - 1);
    assert_eq!(f(Max, U64, 1 << 63, (1 << 63) - 1), 1 << 63);
    // A 32-bit signed compare looks at bit 31, not at junk above it.
    assert_eq!(f(Max, S32, 0x0000_0001_8000_0000, 0xffff_ffff_0000_0005), 5);
    let mut bad = 0;
    for ty in [U32, S32, U64, S64] {
        let m = ty.mask();
        let vals = [0, 1, m, m - 1, (m >> 1), (m >> 1) + 1];
        for &a in &vals {
            for &b in &vals {
                for op in [Min, Max] {
                    bad += u32::from(!check_alu(op, ty, g, a, b, 0));
                }
            }
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn cas_cast_exch_ld_st() {
    let g = Space::Global;
    let r = alu(AtomOp::Cas, AtomType::B32, g, 7, 7, 9);
    assert_eq!((r.new, r.answer, r.writes), (9, 7, true));
    let r = alu(AtomOp::Cas, AtomType::B32, g, 7, 8, 9);
    assert_eq!((r.new, r.answer, r.writes), (7, 7, false));
    let r = alu(AtomOp::Cast, AtomType::B64, g, 7, 7, 9);
    assert_eq!((r.new, r.answer, r.writes), (9, 1, true));
    let r = alu(AtomOp::Cast, AtomType::B64, g, 7, 8, 9);
    assert_eq!((r.new, r.answer, r.writes), (7, 0, false));
    // Compare on the low 32 bits only.
    let r = alu(
        AtomOp::Cas,
        AtomType::B32,
        g,
        0xaaaa_0000_0000_0007,
        0x5555_0000_0000_0007,
        3,
    );
    assert_eq!((r.new, r.answer), (3, 7));
    let r = alu(AtomOp::Exch, AtomType::B64, g, 1, 2, 3);
    assert_eq!((r.new, r.answer), (2, 1));
    let r = alu(AtomOp::Ld, AtomType::B64, g, 5, 6, 7);
    assert_eq!((r.new, r.answer, r.writes), (5, 5, false));
    let r = alu(AtomOp::St, AtomType::B32, g, 5, 0xffff_ffff_0000_0006, 7);
    assert_eq!((r.new, r.writes), (6, true));
}

#[test]
fn mixed_widths_on_one_word() {
    let mut m = AtomMemory::default();
    let a = 0x40;
    let st64 = req(
        Form::Plain,
        AtomOp::St,
        AtomType::B64,
        a,
        0x1122_3344_5566_7788,
    );
    assert_eq!(m.apply(&st64), None);
    // 32-bit ops after a 64-bit one, on either half.
    assert_eq!(
        m.apply(&atom(AtomOp::Add, AtomType::U32, a + 4, 1)),
        Some(0x1122_3344)
    );
    assert_eq!(
        m.apply(&atom(AtomOp::Exch, AtomType::B32, a, 0xdead_beef)),
        Some(0x5566_7788)
    );
    assert_eq!(m.words()[8], 0x1122_3345_dead_beef);
    // Low-half add does not carry into the high half.
    assert_eq!(
        m.apply(&atom(AtomOp::Add, AtomType::U32, a, 0xffff_ffff_2152_4111)),
        Some(0xdead_beef)
    );
    assert_eq!(m.words()[8], 0x1122_3345_0000_0000);
    // A 64-bit op after 32-bit ones sees both halves; its carry crosses them.
    let ld64 = req(Form::Plain, AtomOp::Ld, AtomType::B64, a, 0);
    assert_eq!(m.apply(&ld64), Some(0x1122_3345_0000_0000));
    let st32 = req(Form::Plain, AtomOp::St, AtomType::B32, a, 0xffff_ffff);
    assert_eq!(m.apply(&st32), None);
    assert_eq!(
        m.apply(&atom(AtomOp::Add, AtomType::U64, a, 1)),
        Some(0x1122_3345_ffff_ffff)
    );
    assert_eq!(m.apply(&ld64), Some(0x1122_3346_0000_0000));
    let ld_hi = req(Form::Plain, AtomOp::Ld, AtomType::B32, a + 4, 0);
    assert_eq!(m.apply(&ld_hi), Some(0x1122_3346));
    // red answers nothing but updates.
    let red = req(Form::Red, AtomOp::Max, AtomType::S64, a, u64::MAX);
    assert_eq!(m.apply(&red), None);
    assert_eq!(m.apply(&ld64), Some(0x1122_3346_0000_0000));
    // Neighbouring words untouched.
    assert!(m.words().iter().enumerate().all(|(i, &w)| i == 8 || w == 0));
}

#[test]
fn checks_reject_bad_requests() {
    let m = AtomMemory::new(16);
    assert!(m.check(&atom(AtomOp::Add, AtomType::U32, 0x7c, 1)).is_ok());
    assert!(m.check(&atom(AtomOp::Add, AtomType::U32, 0x80, 1)).is_err());
    assert!(m.check(&atom(AtomOp::Add, AtomType::U64, 0x74, 1)).is_err());
    assert!(m.check(&atom(AtomOp::Add, AtomType::U32, 0x02, 1)).is_err());
    assert!(m.check(&atom(AtomOp::Inc, AtomType::U64, 0, 1)).is_err());
    assert!(m
        .check(&req(Form::Red, AtomOp::Exch, AtomType::B32, 0, 1))
        .is_err());
    let result = std::panic::catch_unwind(|| {
        AtomMemory::new(16).apply(&atom(AtomOp::Add, AtomType::U32, 0x80, 1))
    });
    assert!(
        result.is_err(),
        "apply must refuse an address outside the bank"
    );
}

/// 32 requesters × 1000 increments of one address: no update is lost.
#[test]
fn same_address_increments_are_exact() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1c_0003);
    const REQUESTERS: usize = 32;
    const EACH: usize = 1000;
    let total = (REQUESTERS * EACH) as u64;
    // (op, type, operand, count → bits, bits → count, final bits)
    type Case = (AtomOp, AtomType, u64, fn(u64) -> u64, fn(u64) -> u64, u64);
    let cases: [Case; 5] = [
        (AtomOp::Add, AtomType::U32, 1, |k| k, |x| x, total),
        (AtomOp::Inc, AtomType::U32, 0xffff_ffff, |k| k, |x| x, total),
        (
            AtomOp::Add,
            AtomType::U64,
            1 << 40,
            |k| k << 40,
            |x| x >> 40,
            total << 40,
        ),
        // 32000.0 and every partial count are exact in f32 and f64.
        (
            AtomOp::Add,
            AtomType::F32,
            0x3f80_0000,
            |k| u64::from((k as f32).to_bits()),
            |x| f32::from_bits(x as u32) as u64,
            0x46fa_0000,
        ),
        (
            AtomOp::Add,
            AtomType::F64,
            0x3ff0_0000_0000_0000,
            |k| (k as f64).to_bits(),
            |x| f64::from_bits(x) as u64,
            0x40df_4000_0000_0000,
        ),
    ];
    for (op, ty, b, encode, decode, final_bits) in cases {
        let mut m = AtomMemory::default();
        let addr = 0x104;
        let mut left = [EACH; REQUESTERS];
        let mut seen = vec![false; REQUESTERS * EACH];
        let mut answered = 0;
        while left.iter().any(|&n| n > 0) {
            let who = rng.gen_range(0..REQUESTERS);
            if left[who] == 0 {
                continue;
            }
            left[who] -= 1;
            let form = if who % 2 == 0 { Form::Atom } else { Form::Red };
            let addr = addr & !(ty.bytes() - 1);
            let r = AtomRequest {
                tag: who as u32,
                ..req(form, op, ty, addr, b)
            };
            if let Some(old) = m.apply(&r).map(|a| a as u64) {
                // Returning answers are distinct counts.
                let k = decode(old);
                assert!(
                    k < total && encode(k) == old,
                    "{}.{}: answer {old:x} is no count",
                    op.name(),
                    ty.name()
                );
                assert!(!seen[k as usize], "{}: count {k} answered twice", op.name());
                seen[k as usize] = true;
                answered += 1;
            }
        }
        assert_eq!(answered, total / 2);
        let addr = addr & !(ty.bytes() - 1);
        let bits = ty.bits();
        assert_eq!(
            m.read(addr, bits),
            final_bits,
            "{}.{}",
            op.name(),
            ty.name()
        );
        // The other half of the word is untouched.
        if bits == 32 {
            assert_eq!(m.read(addr ^ 4, 32), 0);
        }
    }
}

/// Random streams from 32 requesters, half the traffic on ≤ 4 hot addresses
/// (two of them the halves of one word), against the byte-array reference, plus
/// the chain rule: each answering op's old value is the previous op's new value
/// on that address.
#[test]
fn random_streams_match_reference_memory_and_chain() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc4a1_0004);
    let combos = legal_combos();
    let words = DEFAULT_WORDS;
    let hot: [u32; 4] = [0x0000_0080, 0x0000_0084, 0x0000_1ff8, 0x0000_0400];
    let mut model = AtomMemory::new(words);
    let mut reference = RefMemory::new(words);
    // Per-(address, width) chain of lane values as seen by this test.
    let mut chain: HashMap<(u32, u32), u64> = HashMap::new();
    let mut chained = 0u64;
    for i in 0..100_000u32 {
        let (form, op, ty) = combos[rng.gen_range(0..combos.len())];
        let bytes = ty.bytes();
        let addr = if rng.gen_bool(0.5) {
            let h = hot[rng.gen_range(0..hot.len())];
            h & !(bytes - 1)
        } else {
            rng.gen_range(0..(words as u32 * 8 / bytes)) * bytes
        };
        let current = reference.read(addr, ty.bits().min(64));
        let (_, mut b) = operand_pair(&mut rng, op, ty);
        if matches!(op, AtomOp::Cas | AtomOp::Cast) && rng.gen_bool(0.5) {
            b = current; // make the compare succeed half the time
        }
        if ty.is_float() && rng.gen_bool(0.1) {
            b = current; // doubling, NaN meeting NaN
        }
        let c = if ty == AtomType::V4F32 {
            operand_pair(&mut rng, op, ty).1 // elements 2, 3
        } else {
            int_value(&mut rng, ty.bits())
        };
        let junk = if ty.bits() == 32 {
            rng.gen::<u64>() << 32
        } else {
            0
        };
        let r = AtomRequest {
            space: space_for(op, ty, SPACES[rng.gen_range(0..2)]),
            scope: [None, Some(Scope::Gpu), Some(Scope::Cta)][rng.gen_range(0..3)],
            sem: [None, Some(Sem::Relaxed), Some(Sem::AcqRel)][rng.gen_range(0..3)],
            c: c | junk,
            tag: i,
            ..req(form, op, ty, addr, b | junk)
        };
        let got = model.apply(&r);
        let want = reference.apply(&r);
        assert_eq!(
            got.map(|x| format!("{x:x}")),
            want.map(|x| format!("{x:x}")),
            "op {i}: {} (current {current:x})",
            format_request(&r)
        );
        // The chain: each answering op's old value is the new value the previous op
        // on this address left, computed here by the reference ALU from the chain
        // alone. A 64-bit op ends the 32-bit chains on its word and vice versa.
        let word = addr & !7;
        if ty == AtomType::V4F32 {
            // Two words: its chains are the reference memory's check above.
            chain.retain(|&(a, _), _| (a & !7) != word && (a & !7) != word + 8);
            continue;
        }
        let key = (addr, ty.bits());
        let known_old = chain.get(&key).copied();
        if let (Some(answer), Some(prev_new)) = (got.map(|a| a as u64), known_old) {
            let expect = if op == AtomOp::Cast {
                u64::from(prev_new == r.b & ty.mask())
            } else {
                prev_new
            };
            assert_eq!(
                answer,
                expect,
                "chain broken at op {i}: {}",
                format_request(&r)
            );
            chained += 1;
        }
        let old = known_old.unwrap_or(current);
        chain.retain(|&(a, bits), _| (a & !7) != word || bits == ty.bits());
        chain.insert(key, ref_alu(op, ty, r.space, old, r.b, r.c).new);
    }
    assert_eq!(model.words(), &reference.words()[..]);
    eprintln!("{chained} answers checked along per-address chains");
    assert!(chained > 20_000);
}

// ---------------------------------------------------------------------------
// Vector files.

#[test]
fn interfaces_example() {
    let text = "\
st.b64 00000010 0000000000000005
atom.add.u32 00000010 00000003     # -> 00000005
ld.b64 00000010
";
    let reqs = parse_file(text, DEFAULT_WORDS).unwrap();
    assert_eq!(reqs.len(), 3);
    assert_eq!(
        golden_output(&reqs, DEFAULT_WORDS),
        vec!["00000005".to_string(), "0000000000000008".to_string()]
    );
}

#[test]
fn mnemonics_and_qualifiers() {
    let m = parse_mnemonic("atom.relaxed.gpu.shared.cas.b64").unwrap();
    assert_eq!(
        (m.form, m.op, m.ty, m.space),
        (Form::Atom, AtomOp::Cas, AtomType::B64, Space::Shared)
    );
    assert_eq!((m.scope, m.sem), (Some(Scope::Gpu), Some(Sem::Relaxed)));
    let m = parse_mnemonic("red.add.f32.release.sys").unwrap();
    assert_eq!(
        (m.form, m.space, m.scope, m.sem),
        (
            Form::Red,
            Space::Global,
            Some(Scope::Sys),
            Some(Sem::Release)
        )
    );
    let m = parse_mnemonic("atom.add.noftz.bf16x2").unwrap();
    assert_eq!(m.ty, AtomType::Bf16x2);
    let m = parse_mnemonic("ld.acquire.cta.b32").unwrap();
    assert_eq!(
        (m.op, m.sem, m.scope),
        (AtomOp::Ld, Some(Sem::Acquire), Some(Scope::Cta))
    );
    for bad in [
        "atom",
        "atom.add",
        "atom.u32",
        "atom.inc.u64",
        "atom.min.b32",
        "atom.popc.inc.u32",
        "atom.popc.inc.u32.global",
        "atom.popc.u32.shared",
        "atom.inc.popc.u32.shared",
        "atom.popc.inc.u64.shared",
        "atom.popc.inc.b32.shared",
        "ld.popc.inc.b32",
        "atom.add.v2.f32.shared",
        "atom.add.v4.f32.shared",
        "atom.add.v2.f64",
        "atom.add.v4.f16x2",
        "atom.min.v2.f32",
        "atom.add.v2.v4.f32",
        "atom.add.v2.v2.f32",
        "atom.add.v2.u32",
        "atom.min.noftz.f32",
        "atom.min.f32",
        "atom.inc.f16x2",
        "atom.and.u32",
        "red.exch.b32",
        "red.cas.b32",
        "red.cast.b64",
        "atom.ld.b32",
        "ld.add.b32",
        "ld.u32",
        "st.f32",
        "atom.add.u32.global.shared",
        "atom.add.add.u32",
        "atom.add.u32.gpu.cta",
        "atom.add.u32.weak",
        "atom.add.noftz.f32",
        "atomic.add.u32",
        "atom..add.u32",
        "ATOM.ADD.U32",
        "atom.add.u32.noftz",
        "atom.add.noftz.noftz.f16x2",
    ] {
        assert!(parse_mnemonic(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn parser_errors_name_the_field() {
    let field = |line: &str| parse_line(line, 0, 16).unwrap_err().field;
    assert_eq!(field("atom.inc.u64 00000000 0000000000000001"), 1);
    assert_eq!(field("red.exch.b32 00000000 00000001"), 1);
    assert_eq!(field("frob 00000000"), 1);
    // Address: width, alignment, bank.
    assert_eq!(field("atom.add.u32 0000 00000001"), 2);
    assert_eq!(field("atom.add.u32 00000002 00000001"), 2);
    assert_eq!(field("atom.add.u64 00000004 0000000000000001"), 2);
    assert_eq!(field("atom.add.u32 00000080 00000001"), 2);
    assert!(parse_line("ld.b64 00000078", 0, 16).unwrap().is_some());
    assert_eq!(field("ld.b32 0000007c 00000001"), 3);
    // Operand widths follow the type.
    assert_eq!(field("atom.add.u64 00000000 00000001"), 3);
    assert_eq!(field("atom.add.u32 00000000 0000000000000001"), 3);
    assert_eq!(field("atom.add.f16x2 00000000 3c00"), 3);
    assert_eq!(field("atom.add.u32 00000000 0x000001"), 3);
    assert_eq!(field("atom.cas.b32 00000000 00000001"), 4);
    assert_eq!(field("atom.cas.b32 00000000 00000001 0000000g"), 4);
    assert_eq!(field("atom.add.u32 00000000 00000001 00000002"), 4);
    assert_eq!(field("st.b64 00000000"), 3);
    assert_eq!(field("atom.add.u32 00000000"), 3);
    let e = parse_line("atom.add.u32 00000080 00000001", 0, 16).unwrap_err();
    assert!(e.to_string().contains("outside the bank"), "{e}");
    let e = parse_line("atom.add.u64 00000004 0000000000000001", 0, 16).unwrap_err();
    assert!(e.to_string().contains("aligned"), "{e}");
    // parse_file reports the 1-based line.
    let (line, e) = parse_file("# header\n\nld.b32 00000000\nld.b32 00000001\n", 16).unwrap_err();
    assert_eq!((line, e.field), (4, 2));
    assert_eq!(parse_line("   # nothing", 0, 16), Ok(None));
}

#[test]
fn parse_and_format_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xf0_0005);
    let combos = legal_combos();
    for i in 0..5000u32 {
        let (form, op, ty) = combos[rng.gen_range(0..combos.len())];
        let bytes = ty.bytes();
        let r = AtomRequest {
            space: space_for(op, ty, SPACES[rng.gen_range(0..2)]),
            scope: [None, Some(Scope::Cluster), Some(Scope::Sys)][rng.gen_range(0..3)],
            sem: [None, Some(Sem::Acquire), Some(Sem::Release)][rng.gen_range(0..3)],
            c: if matches!(op, AtomOp::Cas | AtomOp::Cast) || ty == AtomType::V4F32 {
                rng.gen::<u64>() & ty.mask()
            } else {
                0
            },
            tag: i,
            ..req(
                form,
                op,
                ty,
                rng.gen_range(0..(DEFAULT_WORDS as u32 * 8 / bytes)) * bytes,
                if op == AtomOp::Ld {
                    0
                } else {
                    rng.gen::<u64>() & ty.mask()
                },
            )
        };
        let line = format_request(&r);
        assert_eq!(parse_line(&line, i, DEFAULT_WORDS), Ok(Some(r)), "{line}");
        let answer = ref_alu(op, ty, r.space, 0, r.b, r.c).answer;
        // Vector types: 8-digit elements, space-separated.
        let digits = (ty.bits() / 4) as usize;
        let len = if ty.is_vector() {
            digits + digits / 8 - 1
        } else {
            digits
        };
        assert_eq!(format_answer(&r, answer.into()).len(), len);
    }
}

/// Long sweep (run with `--ignored`): every f16 and bf16 value against sampled
/// partners, and millions of random f32/f64 pairs.
#[test]
#[ignore]
fn long_float_sweep() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x10_0006);
    let mut bad = 0u64;
    for (ty, partners) in [(AtomType::F16x2, 256), (AtomType::Bf16x2, 48)] {
        for a in 0..=0xffffu64 {
            for _ in 0..partners / 2 {
                let (_, b) = operand_pair(&mut rng, AtomOp::Add, ty);
                let b2 = if rng.gen() {
                    near(&mut rng, a, 16, if ty == AtomType::F16x2 { 10 } else { 7 })
                } else {
                    b & 0xffff
                };
                let old = a | (a << 16);
                let bb = (b & 0xffff) | (b2 << 16);
                bad += u64::from(!check_alu(AtomOp::Add, ty, Space::Global, old, bb, 0));
            }
        }
    }
    for _ in 0..4_000_000 {
        for ty in [AtomType::F32, AtomType::F64] {
            let (old, b) = operand_pair(&mut rng, AtomOp::Add, ty);
            let space = SPACES[rng.gen_range(0..2)];
            bad += u64::from(!check_alu(AtomOp::Add, ty, space, old, b, 0));
        }
    }
    assert_eq!(bad, 0);
}

// ---------------------------------------------------------------------------
// Seed 000's remaining forms (issue 22).

#[test]
fn half_min_max_on_every_pair_of_special_values() {
    let mut checked = 0;
    for (ty, specials) in [
        (AtomType::F16x2, F16_SPECIALS),
        (AtomType::Bf16x2, BF16_SPECIALS),
    ] {
        for &a in specials {
            for &b in specials {
                for op in [AtomOp::Min, AtomOp::Max] {
                    // Both halves, the pair swapped in the upper one.
                    let old = u64::from(a) | (u64::from(b) << 16);
                    let bb = u64::from(b) | (u64::from(a) << 16);
                    assert!(
                        check_alu(op, ty, Space::Global, old, bb, 0),
                        "{}.{} {old:08x} {bb:08x}",
                        op.name(),
                        ty.name()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500);
}

#[test]
fn half_min_max_corners_by_hand() {
    let mm = |op, ty, old: u64, b: u64| alu(op, ty, Space::Global, old, b, 0).new;
    let (min, max, h, bf) = (AtomOp::Min, AtomOp::Max, AtomType::F16x2, AtomType::Bf16x2);
    // −0 < +0 in both directions, per half.
    assert_eq!(mm(min, h, 0x0000_8000, 0x8000_0000), 0x8000_8000);
    assert_eq!(mm(max, h, 0x0000_8000, 0x8000_0000), 0x0000_0000);
    // One NaN gives the other operand (either side, quiet or signalling);
    // two NaNs the canonical 0x7FFF.
    assert_eq!(mm(min, h, 0x7e00_3c00, 0xbc00_7c01), 0xbc00_3c00);
    assert_eq!(mm(max, h, 0xfe01_7c01, 0x7e00_fc01), 0x7fff_7fff);
    assert_eq!(mm(max, bf, 0x7fc0_3f80, 0x4000_ff81), 0x4000_3f80);
    assert_eq!(mm(min, bf, 0xff80_7f80, 0x7f80_ff80), 0xff80_ff80);
    // Infinities and subnormals order as values; negative values by magnitude.
    assert_eq!(mm(min, h, 0x8001_0001, 0x8002_0002), 0x8002_0001);
    assert_eq!(mm(max, h, 0x8001_0001, 0x8002_0002), 0x8001_0002);
    assert_eq!(mm(max, h, 0x7bff_fc00, 0x7c00_fbff), 0x7c00_fbff);
    // bf16 is not f16: 0x3f80 is 1.0 in bf16, 1.875 in f16; 0x4000 is 2.0 in both.
    assert_eq!(mm(min, bf, 0x3f80, 0x3fc0), 0x3f80);
    assert_eq!(mm(min, h, 0x4000_3f80, 0x3f80_4000), 0x3f80_3f80);
    // Random pairs against the f64 reference.
    let mut rng = ChaCha8Rng::seed_from_u64(0x4a1f_0022);
    for _ in 0..200_000 {
        for ty in [h, bf] {
            for op in [min, max] {
                let (old, b) = operand_pair(&mut rng, op, ty);
                assert!(check_alu(op, ty, Space::Global, old, b, 0));
            }
        }
    }
}

#[test]
fn popc_inc_adds_the_ones_of_the_mask() {
    let mut m = AtomMemory::default();
    let arrive = |mask: u64| AtomRequest {
        space: Space::Shared,
        ..atom(AtomOp::PopcInc, AtomType::U32, 0x24, mask)
    };
    assert_eq!(m.apply(&arrive(0xffff_ffff)), Some(0));
    assert_eq!(m.apply(&arrive(0x8000_0001)), Some(32));
    assert_eq!(m.apply(&arrive(0)), Some(34));
    let red = AtomRequest {
        form: Form::Red,
        ..arrive(0x0f0f_0000)
    };
    assert_eq!(m.apply(&red), None);
    assert_eq!(m.read(0x24, 32), 42);
    assert_eq!(m.read(0x20, 32), 0, "the other half of the word");
    // Wraps at 32 bits.
    m.write(0x24, 32, 0xffff_fffe);
    assert_eq!(m.apply(&arrive(0x7)), Some(0xffff_fffe));
    assert_eq!(m.read(0x24, 32), 1);
    // Shared only.
    let global = atom(AtomOp::PopcInc, AtomType::U32, 0x24, 1);
    assert!(m.check(&global).unwrap_err().to_string().contains("shared"));
}

#[test]
fn vector_adds_answer_the_old_elements_in_address_order() {
    let mut m = AtomMemory::default();
    let one = 0x3f80_0000u64;
    let two = 0x4000_0000u64;
    // v2: both halves of one word, element 0 low.
    let v2 = atom(AtomOp::Add, AtomType::V2F32, 0x40, one | (two << 32));
    assert_eq!(m.apply(&v2), Some(0));
    assert_eq!(m.apply(&v2), Some(u128::from(one | (two << 32))));
    assert_eq!(m.read(0x40, 32), two);
    assert_eq!(m.read(0x44, 32), 0x4080_0000);
    // v4: two words, elements 2, 3 in `c`; the answer's low word is the first.
    let v4 = AtomRequest {
        c: 0x4040_0000 | (0x8000_0001u64 << 32),
        ..atom(AtomOp::Add, AtomType::V4F32, 0x40, one | (one << 32))
    };
    let want = u128::from(two | (0x4080_0000u64 << 32));
    assert_eq!(m.apply(&v4), Some(want));
    assert_eq!(m.read(0x40, 64), 0x40a0_0000_4040_0000);
    // The global FTZ rule: a subnormal element is read as zero (+0 + −0 = +0).
    assert_eq!(m.read(0x48, 64), 0x0000_0000_4040_0000);
    // The format: 8 digits an element, in address order.
    let again = m.apply(&v4).unwrap();
    assert_eq!(
        format_answer(&v4, again),
        "40400000 40a00000 40400000 00000000"
    );
    // 16-byte alignment for v4, 8 for v2; .global only.
    assert!(m
        .check(&atom(AtomOp::Add, AtomType::V4F32, 0x48, 0))
        .is_err());
    assert!(m
        .check(&atom(AtomOp::Add, AtomType::V2F32, 0x44, 0))
        .is_err());
    let shared = AtomRequest {
        space: Space::Shared,
        ..v2
    };
    assert!(m.check(&shared).unwrap_err().to_string().contains("global"));
    // The last pair of words of the bank takes a v4, the last word does not.
    let top = (DEFAULT_WORDS as u32 - 2) * 8;
    assert!(m.check(&atom(AtomOp::Add, AtomType::V4F32, top, 0)).is_ok());
}

#[test]
fn add_s64_is_add_u64() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x564);
    for _ in 0..10_000 {
        let (old, b) = (rng.gen::<u64>(), rng.gen::<u64>());
        let s = alu(AtomOp::Add, AtomType::S64, Space::Global, old, b, 0);
        let u = alu(AtomOp::Add, AtomType::U64, Space::Global, old, b, 0);
        assert_eq!(s, u);
        assert_eq!(s.new, old.wrapping_add(b));
    }
}

#[test]
fn new_form_lines_parse_format_and_fail_clearly() {
    let text = "\
atom.popc.inc.u32.shared 00000024 000000ff
red.popc.inc.u32.shared 00000024 00000003
atom.add.v2.f32 00000040 3f800000 40000000
atom.add.v4.f32.global 00000050 3f800000 3f800000 3f800000 3f800000
red.add.v4.f32 00000050 3f800000 3f800000 3f800000 3f800000
atom.min.f16x2 00000060 bc003c00
atom.max.noftz.bf16x2 00000064 7fc13f80
atom.add.s64 00000068 ffffffffffffffff
ld.b64 00000050
";
    let reqs = parse_file(text, DEFAULT_WORDS).unwrap();
    assert_eq!(
        golden_output(&reqs, DEFAULT_WORDS),
        [
            "00000000",
            "00000000 00000000",
            "00000000 00000000 00000000 00000000",
            "00000000",
            "00000000",
            "0000000000000000",
            "4000000040000000",
        ]
    );
    assert_eq!(
        format_request(&reqs[3]),
        "atom.add.v4.f32 00000050 3f800000 3f800000 3f800000 3f800000"
    );
    let err = |line: &str| parse_line(line, 0, DEFAULT_WORDS).unwrap_err();
    let e = err("atom.add.v4.f32 00000050 3f800000 3f800000 3f800000");
    assert_eq!(e.field, 6, "{e}");
    assert!(e.to_string().contains("<b3>"), "{e}");
    let e = err("atom.add.v2.f32 00000040 3f800000 4000000");
    assert_eq!(e.field, 4, "{e}");
    assert!(e.to_string().contains("element b1"), "{e}");
    let e = err("atom.add.v4.f32 00000048 3f800000 3f800000 3f800000 3f800000");
    assert_eq!(e.field, 2, "{e}");
    let e = err("atom.add.v2.f32 00000040 3f800000 40000000 40000000");
    assert_eq!(e.field, 5, "{e}");
    let e = err("atom.popc.inc.u32 00000024 000000ff");
    assert_eq!(e.field, 1, "{e}");
    assert!(e.to_string().contains(".shared"), "{e}");
    let e = err("atom.popc.inc.u32.shared 00000024 0000000ff");
    assert!(e.to_string().contains("mask"), "{e}");
    let e = err("atom.add.v2.f32.shared 00000040 3f800000 40000000");
    assert_eq!(e.field, 1, "{e}");
}
