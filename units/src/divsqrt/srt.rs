//! The RTL's algorithm in plain Rust, register for register: operand
//! normalisation, the radix-2 SRT steps (two per clock) on a carry-save
//! partial remainder with on-the-fly quotient/root conversion, and the final
//! correction that yields the truncated quotient (or root), a sticky bit and,
//! for the integer forms, the remainder. It exists so that the recurrence's
//! bounds and corrections are checked against the exact model
//! ([`super::model`]) on millions of operands in seconds, independently of
//! rust-hdl; the RTL then transcribes it phase by phase.
//!
//! # Fixed-point frame
//! Partial remainder, divisor and quotient/root registers are
//! [`REM_W`]-bit two's complement words with [`FRAC_W`] fraction bits and
//! [`INT_W`] integer bits (sign included): a value `v` is held as
//! `v · 2^FRAC_W mod 2^REM_W`.
//!
//! * Division (float and integer): divisor `d = m_b / 2 ∈ [1/2, 1)`,
//!   `w[0] = m_a / 4` (or `m_a / 8` for an integer with an odd digit count),
//!   `w[j+1] = 2w[j] − q·d`, `q ∈ {−1, 0, 1}`; `Q = w[0]/d` to `n` bits.
//! * Square root (E&L): `x = m/4` (even exponent) or `m/2` (odd) in
//!   `[1/4, 1)`, `S[0] = 1`, `w[0] = x − 1`,
//!   `w[j+1] = 2w[j] − s(2S[j] + s·2^−(j+1))`.
//! * Selection (both): the estimate `ŷ` of `2w` from the top
//!   [`EST_W`] bits of each carry-save vector (units of 1/2):
//!   `ŷ ≥ 0 → 1`, `ŷ = −1/2 → 0`, `ŷ ≤ −1 → −1`.
//! * On-the-fly conversion with the digit's one-hot weight `k`:
//!   `q = 1: Q ← Q|k, QM ← Q`; `q = 0: QM ← QM|k`; `q = −1: Q ← QM|k`.

/// Fraction bits of the frame.
pub const FRAC_W: u32 = 56;
/// Integer bits of the frame, sign included (`2w` of a root's remainder
/// reaches ±4 and the estimate may read up to 1 below it).
pub const INT_W: u32 = 4;
/// Width of the remainder, divisor and quotient registers.
pub const REM_W: u32 = FRAC_W + INT_W;
/// Bits of each carry-save vector that the digit selection reads.
pub const EST_W: u32 = INT_W + 1;
/// Mask of a frame word.
pub const REM_MASK: u64 = (1 << REM_W) - 1;

/// The kind of recurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Divide,
    Sqrt,
}

/// The registers of the recurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Carry-save partial remainder.
    pub ws: u64,
    pub wc: u64,
    /// Divisor (division only).
    pub d: u64,
    /// Quotient / root and quotient − ulp (on-the-fly).
    pub q: u64,
    pub qm: u64,
    /// One-hot weight of the next digit.
    pub k: u64,
}

/// Digit selection from the carry-save `2w` (vectors already shifted).
pub fn select(ys: u64, yc: u64) -> i32 {
    let shift = REM_W - EST_W;
    let est = ((ys >> shift) + (yc >> shift)) & ((1 << EST_W) - 1);
    // Two's complement in units of 1/2.
    let est = est as i32
        - if est >> (EST_W - 1) == 1 {
            1 << EST_W
        } else {
            0
        };
    if est >= 0 {
        1
    } else if est == -1 {
        0
    } else {
        -1
    }
}

/// One radix-2 step.
pub fn step(s: State, kind: Kind) -> State {
    let ys = (s.ws << 1) & REM_MASK;
    let yc = (s.wc << 1) & REM_MASK;
    let q = select(ys, yc);
    // The addend −q·d (division) or −s(2S + s·k) (root), as a vector and a carry-in.
    let (t, cin) = match (kind, q) {
        (_, 0) => (0, 0),
        (Kind::Divide, 1) => (!s.d & REM_MASK, 1),
        (Kind::Divide, _) => (s.d, 0),
        (Kind::Sqrt, 1) => (!((s.q << 1) | s.k) & REM_MASK, 1),
        (Kind::Sqrt, _) => (((s.qm << 1) | (s.k << 1) | s.k) & REM_MASK, 0),
    };
    let sum = ys ^ yc ^ t;
    let carry = ((((ys & yc) | (ys & t) | (yc & t)) << 1) | cin) & REM_MASK;
    let (q_next, qm_next) = match q {
        1 => (s.q | s.k, s.q),
        0 => (s.q, s.qm | s.k),
        _ => (s.qm | s.k, s.qm),
    };
    State {
        ws: sum,
        wc: carry,
        d: s.d,
        q: q_next & REM_MASK,
        qm: qm_next & REM_MASK,
        k: s.k >> 1,
    }
}

/// Sign-extends a frame word.
pub fn signed(v: u64) -> i64 {
    ((v << (64 - REM_W)) as i64) >> (64 - REM_W)
}

/// What the final correction gives: the truncated quotient/root, whether
/// the exact value lies above it (sticky), and the non-negative remainder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    pub q: u64,
    pub sticky: bool,
    pub rem: u64,
}

/// The correction after the last step: a negative remainder means the
/// quotient is one ulp too large (take `QM`, add back `d`, or `2·QM + ulp`
/// for a root, whose ulp `u = 2k`).
pub fn finish(s: State, kind: Kind) -> Finish {
    let r1 = (s.ws + s.wc) & REM_MASK;
    let back = match kind {
        Kind::Divide => s.d,
        Kind::Sqrt => ((s.qm << 1) | (s.k << 1)) & REM_MASK,
    };
    let r2 = (r1 + back) & REM_MASK;
    let neg = signed(r1) < 0;
    let (q, rem) = if neg { (s.qm, r2) } else { (s.q, r1) };
    Finish {
        q,
        sticky: rem != 0,
        rem,
    }
}

/// Runs `steps` steps from `s`.
pub fn run(mut s: State, kind: Kind, steps: u32) -> State {
    for _ in 0..steps {
        s = step(s, kind);
    }
    s
}

/// Float division of significands left-aligned at bit 63 (`m = n·2^−63`):
/// returns the quotient `m_a / (2 m_b)` in the frame (to 56 bits) and sticky.
pub fn divide_significands(na: u64, nb: u64, steps: u32) -> Finish {
    let s = State {
        ws: na >> 9,
        wc: 0,
        d: nb >> 8,
        q: 0,
        qm: REM_MASK,
        k: 1 << (FRAC_W - 1),
    };
    finish(run(s, Kind::Divide, steps), Kind::Divide)
}

/// Square root of `m/4` (`odd = false`) or `m/2` (`odd`), `m = n·2^−63`.
pub fn sqrt_significand(n: u64, odd: bool, steps: u32) -> Finish {
    let x = if odd { n >> 8 } else { n >> 9 };
    let s = State {
        ws: x | (((1 << INT_W) - 1) << FRAC_W),
        wc: 0,
        d: 0,
        q: 1 << FRAC_W,
        qm: 0,
        k: 1 << (FRAC_W - 1),
    };
    finish(run(s, Kind::Sqrt, steps), Kind::Sqrt)
}

/// Unsigned 32-bit division as the RTL runs it: quotient and remainder
/// (`b ≠ 0`), with the iteration count from the leading-zero counts.
pub fn divide_u32(a: u32, b: u32) -> (u32, u32, u32) {
    assert!(b != 0);
    let (lza, lzb) = (a.leading_zeros(), b.leading_zeros());
    if a == 0 || lza > lzb {
        return (0, a, 0);
    }
    let n = lzb - lza + 1;
    let odd = n % 2 == 1;
    let steps = n + odd as u32;
    let na = ((a as u64) << 32) << lza;
    let nb = ((b as u64) << 32) << lzb;
    let s = State {
        ws: if odd { na >> 10 } else { na >> 9 },
        wc: 0,
        d: nb >> 8,
        q: 0,
        qm: REM_MASK,
        k: 1 << (steps - 1),
    };
    let f = finish(run(s, Kind::Divide, steps), Kind::Divide);
    let rem = f.rem >> (FRAC_W - 32 + lzb);
    (f.q as u32, rem as u32, steps / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xs(state: &mut u64) -> u64 {
        crate::unit::xorshift(state)
    }

    #[test]
    fn integer_division_matches_rust() {
        let mut st = 7u64;
        let corners = [
            1u32,
            2,
            3,
            7,
            0x8000_0000,
            0xffff_ffff,
            0x7fff_ffff,
            0x1_0000,
        ];
        for &a in &corners {
            for &b in &corners {
                let (q, r, _) = divide_u32(a, b);
                assert_eq!((q, r), (a / b, a % b), "{a:#x} / {b:#x}");
            }
        }
        for i in 0..300_000 {
            let r = xs(&mut st);
            let a = (r as u32) >> (i % 32);
            let b = ((r >> 32) as u32 >> ((i / 32) % 32)).max(1);
            let (q, rm, _) = divide_u32(a, b);
            assert_eq!((q, rm), (a / b, a % b), "{a:#x} / {b:#x}");
            let (q, rm, _) = divide_u32(a, a.max(1));
            assert_eq!((q, rm), (a / a.max(1), a % a.max(1)));
        }
    }

    #[test]
    fn float_division_matches_exact_quotients() {
        let mut st = 9u64;
        for i in 0..300_000u64 {
            let sa = (1u64 << 52) | (xs(&mut st) & ((1 << 52) - 1));
            let mut sb = (1u64 << 52) | (xs(&mut st) & ((1 << 52) - 1));
            if i % 7 == 0 {
                sb = sa; // exact quotients
            } else if i % 11 == 0 {
                sb = (1 << 52) | ((xs(&mut st) & 0xff) << 44);
            }
            let f = divide_significands(sa << 11, sb << 11, 56);
            // Q = sa / (2 sb) with 56 fraction bits.
            let num = (sa as u128) << 55;
            let (q, r) = (num / sb as u128, num % sb as u128);
            assert_eq!((f.q as u128, f.sticky), (q, r != 0), "{sa:#x}/{sb:#x}");
        }
    }

    #[test]
    fn square_root_matches_integer_roots() {
        let mut st = 11u64;
        for i in 0..300_000u64 {
            let mut m = (1u64 << 52) | (xs(&mut st) & ((1 << 52) - 1));
            if i % 5 == 0 {
                // Squares of short significands: exact roots.
                let r = (1u64 << 26) | (xs(&mut st) & ((1 << 26) - 1));
                m = (r * r) >> (((r * r).leading_zeros() < 11) as u32);
                m <<= 52 - (63 - m.leading_zeros());
            }
            let odd = i % 2 == 1;
            let f = sqrt_significand(m << 11, odd, 54);
            // x = m·2^-52 / (odd ? 2 : 4); S = sqrt(x) to 54 fraction bits.
            let x = (m as u128) << (if odd { 55 } else { 54 });
            let root = super::super::model::isqrt_u128(x);
            let mask = !((1u64 << (FRAC_W - 54)) - 1);
            assert_eq!(
                ((f.q & mask) as u128 >> (FRAC_W - 54), f.sticky),
                (root, root * root != x),
                "m={m:#x} odd={odd}"
            );
        }
    }
}
