//! The XMU's vector lines (INTERFACES.md, `xmu`) and ports.

use super::bitops::{self, BitOp};
use super::rtl::{opcode, DATA_W, LATENCY, OP_W};
use crate::unit::{xorshift, Operation, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::{expect_fields, fields, hex, parse_hex, FieldError};

/// Vector-file codec and golden model of the XMU.
#[derive(Default)]
pub struct XmuCodec;

/// The XMU's info: ports in the convention order.
pub fn info() -> UnitInfo {
    UnitInfo {
        name: "xmu",
        description: "conversion / extended-math unit: POPC, FLO (u32, s32, .sh), BREV",
        latency: LATENCY,
        pipeline_stages: 3,
        rom_bits: 0,
        params: vec![],
        ports: vec![
            Port::input("in_valid", 1, "an operation is presented this cycle"),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "opcode: 0 POPC, 1 BREV, 2 FLO.U32, 3 FLO.S32, 4 FLO.U32.SH, 5 FLO.S32.SH",
            ),
            Port::input("in_x", DATA_W as u32, "operand"),
            Port::output("out_valid", 1, "a result is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output("out_d", DATA_W as u32, "result"),
        ],
    }
}

impl XmuCodec {
    fn bit_op(op: &Operation) -> BitOp {
        BitOp::ALL[op.inputs[0] as usize]
    }
}

impl UnitCodec for XmuCodec {
    fn info(&self) -> UnitInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        let fields = fields(text);
        let mnemonic = fields[0];
        let Some(op) = BitOp::from_mnemonic(mnemonic) else {
            let known: Vec<&str> = BitOp::ALL.iter().map(|op| op.mnemonic()).collect();
            return Err(FieldError::new(
                1,
                "mnemonic",
                format!(
                    "unknown operation {mnemonic:?} (known: {})",
                    known.join(", ")
                ),
            ));
        };
        expect_fields(&fields, 2, &format!("{mnemonic} <x>"))?;
        let x = parse_hex(fields[1], DATA_W as u32, 2, "operand x")?;
        Ok(Operation {
            inputs: vec![opcode(op) as u128, x],
            answers: true,
        })
    }

    fn format(&self, _op: &Operation, results: &[u128]) -> String {
        hex(results[0], DATA_W as u32)
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                let r = xorshift(&mut state);
                let op = BitOp::ALL[(r % BitOp::ALL.len() as u64) as usize];
                // Shift right by a random amount so that FLO sees every index.
                let x = ((r >> 32) as u32) >> ((r >> 8) % 32);
                format!("{} {x:08x}", op.mnemonic())
            })
            .collect()
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let result = bitops::execute(Self::bit_op(op), op.inputs[1] as u32);
        Some(hex(result as u128, DATA_W as u32))
    }
}
