//! The 192-bit word that holds the DFMA's sum window in the golden model.

use super::model::SUM_W;

/// Width of the [`Wide`] container of the sum window.
pub const WIDE_BITS: u32 = 192;
const _: () = assert!(SUM_W <= WIDE_BITS, "the sum window must fit the Wide word");

/// An unsigned 192-bit word holding the [`SUM_W`]-bit sum window
/// (`hi · 2^128 + lo`). Only what the datapath needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide {
    /// Bits 191..128 (field order makes the derived ordering numeric).
    pub hi: u64,
    /// Bits 127..0.
    pub lo: u128,
}

impl Wide {
    pub const ZERO: Wide = Wide { hi: 0, lo: 0 };

    #[inline]
    pub fn from_u128(lo: u128) -> Wide {
        Wide { hi: 0, lo }
    }

    #[inline]
    pub fn is_zero(self) -> bool {
        self.hi == 0 && self.lo == 0
    }

    /// Leading zeros of the 192-bit word.
    #[inline]
    pub fn leading_zeros(self) -> u32 {
        if self.hi != 0 {
            self.hi.leading_zeros()
        } else {
            64 + self.lo.leading_zeros()
        }
    }

    /// Bit `i` (< 192).
    #[inline]
    pub fn bit(self, i: u32) -> bool {
        if i >= 128 {
            (self.hi >> (i - 128)) & 1 == 1
        } else {
            (self.lo >> i) & 1 == 1
        }
    }

    /// Whether any bit under position `n` (≤ 128) is set.
    #[inline]
    pub fn any_below(self, n: u32) -> bool {
        debug_assert!(n <= 128);
        if n == 128 {
            self.lo != 0
        } else {
            self.lo & ((1u128 << n) - 1) != 0
        }
    }

    /// Shift left (bits above 191 are lost).
    #[inline]
    pub fn shift_left(self, n: u32) -> Wide {
        match n {
            0 => self,
            1..=63 => Wide {
                hi: (self.hi << n) | (self.lo >> (128 - n)) as u64,
                lo: self.lo << n,
            },
            64..=127 => Wide {
                hi: (self.lo >> (128 - n)) as u64,
                lo: self.lo << n,
            },
            128..=191 => Wide {
                hi: (self.lo << (n - 128)) as u64,
                lo: 0,
            },
            _ => Wide::ZERO,
        }
    }

    /// Logical shift right, bits shifted out are dropped.
    #[inline]
    pub fn shift_right(self, n: u32) -> Wide {
        match n {
            0 => self,
            1..=63 => Wide {
                hi: self.hi >> n,
                lo: (self.lo >> n) | ((self.hi as u128) << (128 - n)),
            },
            64..=127 => Wide {
                hi: 0,
                lo: (self.lo >> n) | ((self.hi as u128) << (128 - n)),
            },
            128..=191 => Wide {
                hi: 0,
                lo: (self.hi >> (n - 128)) as u128,
            },
            _ => Wide::ZERO,
        }
    }

    /// Shift right with jamming: bit 0 of the result is ORed with every bit
    /// shifted out (the hardware's sticky).
    #[inline]
    pub fn shr_jam(self, n: u32) -> Wide {
        let lost = match n {
            0 => false,
            1..=127 => self.lo & ((1u128 << n) - 1) != 0,
            128..=191 => self.lo != 0 || self.hi & ((1u64 << (n - 128)) - 1) != 0,
            _ => !self.is_zero(),
        };
        let mut out = self.shift_right(n);
        out.lo |= lost as u128;
        out
    }

    /// Sum modulo 2^192.
    #[inline]
    pub fn wrapping_add(self, other: Wide) -> Wide {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        Wide {
            hi: self.hi.wrapping_add(other.hi).wrapping_add(carry as u64),
            lo,
        }
    }

    /// Difference modulo 2^192.
    #[inline]
    pub fn wrapping_sub(self, other: Wide) -> Wide {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        Wide {
            hi: self.hi.wrapping_sub(other.hi).wrapping_sub(borrow as u64),
            lo,
        }
    }
}
