//! The decoded operation word on `in_op` ([`OP_W`] bits), and its plain-Rust
//! encoder/decoder (shared by the codec and the tests).
//!
//! | bits | field | values |
//! |---|---|---|
//! | 3:0 | opcode | 0 POPC, 1 BREV, 2 FLO.U32, 3 FLO.S32, 4 FLO.U32.SH, 5 FLO.S32.SH, 6 FRND, 7 F2F, 8 F2I, 9 I2F, 10 I2I, 11 F2FP.{f16x2,bf16x2}, 12 F2FP.{e4m3,e5m2}, 13 FCHK.DIVIDE; 14–15 reserved (answer 0) |
//! | 6:4 | src | float: 0 f16, 1 bf16, 2 f32, 3 f64; integer: 0 u8, 1 s8, 2 u16, 3 s16, 4 u32, 5 s32, 6 u64, 7 s64; F2FP: 2 (f32) |
//! | 9:7 | dst | as `src`; FRND: = src; F2FP.x2: 0 f16x2, 1 bf16x2; F2FP.fp8: 0 e4m3, 1 e5m2 |
//! | 11:10 | rm | 0 RN (nearest even), 1 RM (floor), 2 RP (ceil), 3 RZ (trunc) |
//! | 12 | ftz | FRND/F2F/F2I: subnormal inputs read as zero; F2F: subnormal results flushed |
//! | 13 | sat | F2F/FRND: clamp the result to \[0, 1\]; I2I: clamp to the destination's range |
//! | 14 | ntz | F2I: accepted, no effect |
//!
//! Bit operations and FCHK use only the opcode; the other fields must be 0.

use crate::fp::Rounding;
use crate::xmu::bitops::BitOp;
use crate::xmu::convert::{ConvertOp, FloatType, Fp8Type, IntType, PackedType};

/// Width of the operation word `in_op`.
pub const OP_W: usize = 15;

/// Opcodes (bits 3:0).
pub const OPC_FRND: u32 = 6;
pub const OPC_F2F: u32 = 7;
pub const OPC_F2I: u32 = 8;
pub const OPC_I2F: u32 = 9;
pub const OPC_I2I: u32 = 10;
pub const OPC_F2FP_X2: u32 = 11;
pub const OPC_F2FP_FP8: u32 = 12;
/// FCHK.DIVIDE (n on `in_x`, d on `in_y`).
pub const OPC_FCHK: u32 = 13;

/// Bit positions of the fields.
pub const SRC_LSB: u32 = 4;
pub const DST_LSB: u32 = 7;
pub const RM_LSB: u32 = 10;
pub const FTZ_BIT: u32 = 12;
pub const SAT_BIT: u32 = 13;
pub const NTZ_BIT: u32 = 14;

/// One operation of the XMU: a bit operation or a conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XmuOp {
    Bit(BitOp),
    Convert(ConvertOp),
    /// FCHK.DIVIDE: `in_x[31:0]` = n, `in_y` = d; answers 0 or 1.
    Fchk,
}

fn float_code(t: FloatType) -> u32 {
    FloatType::ALL.iter().position(|&f| f == t).unwrap() as u32
}

fn int_code(t: IntType) -> u32 {
    IntType::ALL.iter().position(|&i| i == t).unwrap() as u32
}

fn word(opcode: u32, src: u32, dst: u32, rm: Rounding, ftz: bool, sat: bool, ntz: bool) -> u32 {
    opcode
        | (src << SRC_LSB)
        | (dst << DST_LSB)
        | ((rm.bits() as u32) << RM_LSB)
        | ((ftz as u32) << FTZ_BIT)
        | ((sat as u32) << SAT_BIT)
        | ((ntz as u32) << NTZ_BIT)
}

/// The `in_op` word of an operation.
pub fn encode(op: &XmuOp) -> u32 {
    match *op {
        XmuOp::Bit(b) => BitOp::ALL.iter().position(|&o| o == b).unwrap() as u32,
        XmuOp::Convert(c) => encode_convert(&c),
        XmuOp::Fchk => OPC_FCHK,
    }
}

/// The `in_op` word of a conversion.
pub fn encode_convert(op: &ConvertOp) -> u32 {
    match *op {
        ConvertOp::Frnd {
            ty,
            rounding,
            ftz,
            sat,
        } => word(
            OPC_FRND,
            float_code(ty),
            float_code(ty),
            rounding,
            ftz,
            sat,
            false,
        ),
        ConvertOp::F2f {
            dst,
            src,
            rounding,
            ftz,
            sat,
        } => word(
            OPC_F2F,
            float_code(src),
            float_code(dst),
            rounding,
            ftz,
            sat,
            false,
        ),
        ConvertOp::F2i {
            dst,
            src,
            rounding,
            ftz,
            ntz,
        } => word(
            OPC_F2I,
            float_code(src),
            int_code(dst),
            rounding,
            ftz,
            false,
            ntz,
        ),
        ConvertOp::I2f { dst, src, rounding } => word(
            OPC_I2F,
            int_code(src),
            float_code(dst),
            rounding,
            false,
            false,
            false,
        ),
        ConvertOp::I2i { dst, src, sat } => word(
            OPC_I2I,
            int_code(src),
            int_code(dst),
            Rounding::Rn,
            false,
            sat,
            false,
        ),
        ConvertOp::F2fpPacked { dst, rounding } => word(
            OPC_F2FP_X2,
            float_code(FloatType::F32),
            PackedType::ALL.iter().position(|&p| p == dst).unwrap() as u32,
            rounding,
            false,
            false,
            false,
        ),
        ConvertOp::F2fp8 { dst } => word(
            OPC_F2FP_FP8,
            float_code(FloatType::F32),
            Fp8Type::ALL.iter().position(|&p| p == dst).unwrap() as u32,
            Rounding::Rn,
            false,
            false,
            false,
        ),
    }
}

/// The operation of an `in_op` word; `None` for the reserved opcodes and for
/// field values no operation uses.
pub fn decode(word: u32) -> Option<XmuOp> {
    let opcode = word & 0xF;
    let src = ((word >> SRC_LSB) & 7) as usize;
    let dst = ((word >> DST_LSB) & 7) as usize;
    let rounding = Rounding::from_bits((word >> RM_LSB) as u8);
    let ftz = (word >> FTZ_BIT) & 1 == 1;
    let sat = (word >> SAT_BIT) & 1 == 1;
    let ntz = (word >> NTZ_BIT) & 1 == 1;
    let float = |i: usize| FloatType::ALL.get(i).copied();
    let op = match opcode {
        0..=5 => XmuOp::Bit(BitOp::ALL[opcode as usize]),
        OPC_FRND => XmuOp::Convert(ConvertOp::Frnd {
            ty: float(src)?,
            rounding,
            ftz,
            sat,
        }),
        OPC_F2F => XmuOp::Convert(ConvertOp::F2f {
            dst: float(dst)?,
            src: float(src)?,
            rounding,
            ftz,
            sat,
        }),
        OPC_F2I => XmuOp::Convert(ConvertOp::F2i {
            dst: IntType::ALL[dst],
            src: float(src)?,
            rounding,
            ftz,
            ntz,
        }),
        OPC_I2F => XmuOp::Convert(ConvertOp::I2f {
            dst: float(dst)?,
            src: IntType::ALL[src],
            rounding,
        }),
        OPC_I2I => XmuOp::Convert(ConvertOp::I2i {
            dst: IntType::ALL[dst],
            src: IntType::ALL[src],
            sat,
        }),
        OPC_F2FP_X2 => XmuOp::Convert(ConvertOp::F2fpPacked {
            dst: *PackedType::ALL.get(dst)?,
            rounding,
        }),
        OPC_F2FP_FP8 => XmuOp::Convert(ConvertOp::F2fp8 {
            dst: *Fp8Type::ALL.get(dst)?,
        }),
        OPC_FCHK => XmuOp::Fchk,
        _ => return None,
    };
    Some(op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_round_trips_through_its_word() {
        let mut words = std::collections::HashSet::new();
        for c in ConvertOp::all() {
            let w = encode_convert(&c);
            assert!(w < (1 << OP_W));
            assert_eq!(decode(w), Some(XmuOp::Convert(c)), "{c}");
            assert!(words.insert(w), "{c}: word {w:#x} used twice");
        }
        for b in BitOp::ALL {
            let w = encode(&XmuOp::Bit(b));
            assert_eq!(decode(w), Some(XmuOp::Bit(b)));
        }
        assert_eq!(decode(OPC_FCHK), Some(XmuOp::Fchk));
        assert_eq!(encode(&XmuOp::Fchk), OPC_FCHK);
        assert_eq!(decode(14), None);
    }
}
