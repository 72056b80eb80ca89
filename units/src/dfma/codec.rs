//! The DFMA's vector lines (INTERFACES.md, `dfma`) on its ports, and its info.
//!
//! `dfma` is the unit at [`DEFAULT_DEPTH`]; `dfma_d<N>` (N = 1..=[`MAX_DEPTH`])
//! is the same unit with N pipeline registers (names parsed by the registry).

use super::model::{self, Cmp, DfmaOp, DfmaOperation, Rounding, SrcMod, SIGN_BIT};
use super::rtl::{
    stage_plan, BOUNDARY_NAMES, CMP_W, DATA_W, DEFAULT_DEPTH, DFMA_RM_W, MAX_DEPTH, MOD_W, OP_W,
};
use super::vectors::{format_operation, format_result, parse_line};
use crate::unit::{xorshift, Operation, Param, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::{hex, FieldError};

/// Vector-file codec and golden model of the DFMA at one pipeline depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DfmaCodec {
    /// The unit's name (the registry's: `dfma` or `dfma_d<depth>`).
    pub name: String,
    /// Pipeline registers, 1..=[`MAX_DEPTH`]; also the latency.
    pub depth: usize,
}

impl Default for DfmaCodec {
    fn default() -> Self {
        DfmaCodec::new("dfma".into(), DEFAULT_DEPTH)
    }
}

impl DfmaCodec {
    /// The codec of the unit called `name`, `depth` pipeline registers.
    pub fn new(name: String, depth: usize) -> DfmaCodec {
        DfmaCodec { name, depth }
    }
}

/// The values of the operation's input ports (after `in_valid`, `in_tag`):
/// `in_op`, `in_cmp`, `in_rm`, `in_neg`, `in_abs`, `in_a`, `in_b`, `in_c`.
pub fn encode(operation: &DfmaOperation) -> Vec<u128> {
    let cmp = match operation.op {
        DfmaOp::Setp(cmp) => cmp.code(),
        _ => 0,
    };
    let mods = [operation.a_mod, operation.b_mod, operation.c_mod];
    let bits = |pick: fn(&SrcMod) -> bool| {
        mods.iter()
            .enumerate()
            .map(|(i, m)| (pick(m) as u128) << i)
            .sum::<u128>()
    };
    vec![
        operation.op.opcode() as u128,
        cmp as u128,
        operation.rm.code() as u128,
        bits(|m| m.neg),
        bits(|m| m.abs),
        operation.a as u128,
        operation.b as u128,
        operation.c as u128,
    ]
}

/// The operation behind port values made by [`encode`].
pub fn decode(inputs: &[u128]) -> DfmaOperation {
    let op = match inputs[0] {
        0 => DfmaOp::Fma,
        1 => DfmaOp::Add,
        2 => DfmaOp::Mul,
        3 => DfmaOp::Min,
        4 => DfmaOp::Max,
        _ => DfmaOp::Setp(Cmp::from_code(inputs[1] as u8).unwrap_or(Cmp::Eq)),
    };
    let modifier = |i: usize| SrcMod {
        neg: inputs[3] >> i & 1 == 1,
        abs: inputs[4] >> i & 1 == 1,
    };
    DfmaOperation {
        op,
        rm: Rounding::from_code(inputs[2] as u8),
        a: inputs[5] as u64,
        b: inputs[6] as u64,
        c: inputs[7] as u64,
        a_mod: modifier(0),
        b_mod: modifier(1),
        c_mod: modifier(2),
    }
}

/// `abc9 -W` of the DFMA's ECP5 LUT mapping (synth_ecp5 uses 300 ps). Every
/// DFMA phase is 6–7 LUT levels of wide selects, counts and shifts; with a
/// 300 ps wire the mapper keeps those levels to save LUTs, while on the
/// placed ECP5 each connection costs 0.6–1.9 ns. At 2000 ps it maps for
/// fewer levels: docs/qor.md has the figures of both settings.
pub const ECP5_LUT_WIRE_PS: u32 = 2000;

/// The DFMA's info at a depth (the unit called `name`): ports in the convention order.
pub fn info(name: String, depth: usize) -> UnitInfo {
    let plan = stage_plan(depth);
    let registered: Vec<&str> = (0..MAX_DEPTH)
        .filter(|&b| plan[b])
        .map(|b| BOUNDARY_NAMES[b])
        .collect();
    UnitInfo {
        name,
        description: "binary64 FMA unit: DFMA, DADD, DMUL, DMNMX, DSETP; RN/RM/RP/RZ, subnormals, neg/abs modifiers",
        latency: depth,
        min_latency: depth,
        pipeline_stages: depth,
        rom_bits: 0,
        params: vec![
            Param {
                name: "depth",
                value: depth.to_string(),
                doc: "pipeline registers = latency (1..=15); unit name dfma_d<N> selects N",
            },
            Param {
                name: "registered",
                value: registered.join(","),
                doc: "boundaries that are registers at this depth (k after phase k, km inside phase k)",
            },
        ],
        ecp5_lut_wire_ps: ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input("in_valid", 1, "an operation is presented this cycle"),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP (6, 7 reserved: answer 0)",
            ),
            Port::input(
                "in_cmp",
                CMP_W as u32,
                "SETP compare: 0 eq 1 ne 2 lt 3 le 4 gt 5 ge 6 equ 7 neu 8 ltu 9 leu 10 gtu 11 geu 12 num 13 nan",
            ),
            Port::input("in_rm", DFMA_RM_W as u32, "rounding mode: 0 RN, 1 RM, 2 RP, 3 RZ"),
            Port::input("in_neg", MOD_W as u32, "negate a, b, c (bits 0, 1, 2), after abs"),
            Port::input("in_abs", MOD_W as u32, "absolute value of a, b, c (bits 0, 1, 2)"),
            Port::input("in_a", DATA_W as u32, "operand a (binary64)"),
            Port::input("in_b", DATA_W as u32, "operand b (binary64)"),
            Port::input("in_c", DATA_W as u32, "operand c (binary64, FMA only)"),
            Port::output("out_valid", 1, "a result is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output("out_d", DATA_W as u32, "result (0 for SETP)"),
            Port::output("out_pred", 1, "SETP predicate (0 for the other operations)"),
        ],
    }
}

/// A random operand: raw bits, special values, subnormals, or a normal number
/// near 1.0 (so that sums cancel and round often).
fn random_operand(state: &mut u64) -> u64 {
    const SPECIALS: [u64; 10] = [
        0,
        SIGN_BIT,
        model::INFINITY,
        model::INFINITY | SIGN_BIT,
        0x7FF8_0000_0000_0000,
        0xFFF0_0000_0000_0001,
        model::MAX_FINITE,
        0x0010_0000_0000_0000,
        0x0000_0000_0000_0001,
        model::ONE,
    ];
    let r = xorshift(state);
    let s = xorshift(state);
    match r % 8 {
        0..=2 => s,
        3 => SPECIALS[(s % SPECIALS.len() as u64) as usize],
        4 => (s & (SIGN_BIT | model::FRAC_MASK)) >> (r >> 8 & 31),
        _ => {
            let exp = 1023 - 60 + (r >> 8) % 120;
            (s & (SIGN_BIT | model::FRAC_MASK)) | (exp << 52)
        }
    }
}

impl UnitCodec for DfmaCodec {
    fn info(&self) -> UnitInfo {
        info(self.name.clone(), self.depth)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        let operation = parse_line(text)?;
        Ok(Operation {
            inputs: encode(&operation),
            answers: true,
        })
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        match decode(&op.inputs).op {
            DfmaOp::Setp(_) => (if results[1] & 1 == 1 { "1" } else { "0" }).to_string(),
            _ => hex(results[0], DATA_W as u32),
        }
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        Some(format_result(&model::execute(&decode(&op.inputs))))
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed ^ 0xD1FA_0000_0000_0001;
        (0..count)
            .map(|_| {
                let r = xorshift(&mut state);
                let rm = Rounding::from_code((r >> 4) as u8);
                let op = match r % 16 {
                    0..=7 => DfmaOp::Fma,
                    8 | 9 => DfmaOp::Add,
                    10 | 11 => DfmaOp::Mul,
                    12 => DfmaOp::Min,
                    13 => DfmaOp::Max,
                    _ => DfmaOp::Setp(Cmp::ALL[((r >> 8) % 14) as usize]),
                };
                let a = random_operand(&mut state);
                let b = random_operand(&mut state);
                let mut c = random_operand(&mut state);
                if op == DfmaOp::Fma && r >> 12 & 3 == 0 {
                    // Near-cancellation: c ≈ −a·b.
                    c = (model::mul(a, b, Rounding::Rn) ^ SIGN_BIT) ^ (r >> 20 & 0xFF);
                }
                let modifier = |bits: u64| SrcMod {
                    neg: bits & 1 == 1,
                    abs: bits & 2 == 2,
                };
                let mods = if r >> 30 & 3 == 0 { r >> 32 } else { 0 };
                let operation = DfmaOperation {
                    op,
                    rm,
                    a,
                    b,
                    c,
                    a_mod: modifier(mods),
                    b_mod: modifier(mods >> 2),
                    c_mod: modifier(mods >> 4),
                };
                format_operation(&operation)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_is_the_latency() {
        assert_eq!(info("dfma_d6".into(), 6).latency, 6);
        assert_eq!(DfmaCodec::default().info().latency, DEFAULT_DEPTH);
    }

    #[test]
    fn encode_decode_round_trip() {
        let codec = DfmaCodec::default();
        for line in codec.random_lines(500, 1) {
            let operation = parse_line(&line).unwrap();
            let decoded = decode(&encode(&operation));
            assert_eq!(format_operation(&decoded), line);
        }
    }

    #[test]
    fn format_reads_the_right_port() {
        let codec = DfmaCodec::default();
        let setp = codec
            .parse("setp.lt 0000000000000000 3ff0000000000000")
            .unwrap();
        assert_eq!(codec.format(&setp, &[0, 1]), "1");
        let fma = codec
            .parse("fma.rn 3ff0000000000000 3ff0000000000000 0000000000000000")
            .unwrap();
        assert_eq!(
            codec.format(&fma, &[0x3ff0_0000_0000_0000, 0]),
            "3ff0000000000000"
        );
    }
}
