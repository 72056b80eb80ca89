//! Golden model of the XMU bit operations (SPEC.md §4): POPC, FLO and BREV on b32.
//!
//! These are exact integer functions; the model is written from the SPEC's words
//! (not from `count_ones`/`leading_zeros`, which the tests use as the reference).

/// One of the XMU's 32-bit bit operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitOp {
    /// POPC.b32: number of set bits.
    Popc,
    /// BREV.b32: bit 0 swaps with bit 31, bit 1 with bit 30, ...
    Brev,
    /// FLO: index of the most significant bit that is set (`signed == false`)
    /// or that differs from the sign bit (`signed == true`); `0xFFFFFFFF` when
    /// there is none. The `.SH` form (`shift_amount`) returns `31 − index`.
    Flo { signed: bool, shift_amount: bool },
}

impl BitOp {
    /// Every bit operation, in opcode order.
    pub const ALL: [BitOp; 6] = [
        BitOp::Popc,
        BitOp::Brev,
        BitOp::Flo {
            signed: false,
            shift_amount: false,
        },
        BitOp::Flo {
            signed: true,
            shift_amount: false,
        },
        BitOp::Flo {
            signed: false,
            shift_amount: true,
        },
        BitOp::Flo {
            signed: true,
            shift_amount: true,
        },
    ];

    /// The SASS-style mnemonic of the vector format (`popc`, `flo.s32.sh`, ...).
    pub fn mnemonic(self) -> &'static str {
        match self {
            BitOp::Popc => "popc",
            BitOp::Brev => "brev",
            BitOp::Flo {
                signed: false,
                shift_amount: false,
            } => "flo.u32",
            BitOp::Flo {
                signed: true,
                shift_amount: false,
            } => "flo.s32",
            BitOp::Flo {
                signed: false,
                shift_amount: true,
            } => "flo.u32.sh",
            BitOp::Flo {
                signed: true,
                shift_amount: true,
            } => "flo.s32.sh",
        }
    }

    /// Looks an operation up by its mnemonic.
    pub fn from_mnemonic(text: &str) -> Option<BitOp> {
        BitOp::ALL.into_iter().find(|op| op.mnemonic() == text)
    }
}

/// The result `FLO` gives when no bit qualifies.
pub const FLO_NONE: u32 = 0xFFFF_FFFF;

/// Evaluates one bit operation.
pub fn execute(op: BitOp, x: u32) -> u32 {
    match op {
        BitOp::Popc => (0..32).map(|i| (x >> i) & 1).sum(),
        BitOp::Brev => (0..32).fold(0, |acc, i| acc | (((x >> i) & 1) << (31 - i))),
        BitOp::Flo {
            signed,
            shift_amount,
        } => {
            // For s32, a bit "differs from the sign" exactly where x XOR sign-fill is set.
            let sign_fill = if signed && (x >> 31) == 1 { !0 } else { 0 };
            let y = x ^ sign_fill;
            match (0..32).rev().find(|&i| (y >> i) & 1 == 1) {
                None => FLO_NONE,
                Some(index) if shift_amount => 31 - index,
                Some(index) => index,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interface_examples() {
        assert_eq!(execute(BitOp::Popc, 0x0000_ffff), 0x10);
        let flo_s32 = BitOp::from_mnemonic("flo.s32").unwrap();
        assert_eq!(execute(flo_s32, 0x8000_0000), 0x1e);
        let flo_s32_sh = BitOp::from_mnemonic("flo.s32.sh").unwrap();
        assert_eq!(execute(flo_s32_sh, 0x8000_0000), 1);
        assert_eq!(execute(flo_s32, 0xffff_ffff), FLO_NONE);
        assert_eq!(execute(flo_s32_sh, 0), FLO_NONE);
        assert_eq!(execute(BitOp::Brev, 1), 0x8000_0000);
        for op in BitOp::ALL {
            assert_eq!(BitOp::from_mnemonic(op.mnemonic()), Some(op));
        }
    }
}
