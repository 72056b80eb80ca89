//! REDUX's vector lines (INTERFACES.md, `redux`) on its ports, its golden model
//! and its random traffic.

use super::model::{is_legal, redux, ReduxOp, ReduxRequest, ReduxType, LANES};
use super::rtl::{DATA_W, LATENCY, OP_W, TYPE_W};
use super::vectors::{format_answer, format_request, parse_line};
use crate::unit::{xorshift, Operation, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::FieldError;

/// Vector-file codec and golden model of REDUX.
#[derive(Default)]
pub struct ReduxCodec;

/// Names of the lane ports, `in_v0` … `in_v31`.
pub const LANE_PORTS: [&str; LANES] = [
    "in_v0", "in_v1", "in_v2", "in_v3", "in_v4", "in_v5", "in_v6", "in_v7", "in_v8", "in_v9",
    "in_v10", "in_v11", "in_v12", "in_v13", "in_v14", "in_v15", "in_v16", "in_v17", "in_v18",
    "in_v19", "in_v20", "in_v21", "in_v22", "in_v23", "in_v24", "in_v25", "in_v26", "in_v27",
    "in_v28", "in_v29", "in_v30", "in_v31",
];

/// REDUX's info: ports in the convention order.
pub fn info() -> UnitInfo {
    let mut ports = vec![
        Port::input("in_valid", 1, "an operation is presented this cycle"),
        Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
        Port::input(
            "in_op",
            OP_W as u32,
            "0 add, 1 min, 2 max, 3 and, 4 or, 5 xor",
        ),
        Port::input("in_type", TYPE_W as u32, "0 u32, 1 s32, 2 b32"),
        Port::input("in_mask", DATA_W as u32, "active lanes: bit i = lane i"),
    ];
    for name in LANE_PORTS {
        ports.push(Port::input(name, DATA_W as u32, "one lane's value"));
    }
    ports.extend([
        Port::output("out_valid", 1, "a result is presented this cycle"),
        Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
        Port::output(
            "out_d",
            DATA_W as u32,
            "the reduction over the active lanes",
        ),
    ]);
    UnitInfo {
        name: "redux".into(),
        description:
            "warp reduction: 32 lanes x 32 bits + mask -> add/min/max (u32, s32), and/or/xor",
        latency: LATENCY,
        min_latency: LATENCY,
        pipeline_stages: LATENCY,
        rom_bits: 0,
        params: vec![],
        ecp5_lut_wire_ps: crate::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports,
    }
}

/// The operation on the ports for a request.
pub fn encode(req: &ReduxRequest) -> Operation {
    let op = ReduxOp::ALL.iter().position(|&o| o == req.op).unwrap();
    let ty = ReduxType::ALL.iter().position(|&t| t == req.ty).unwrap();
    let mut inputs = vec![op as u128, ty as u128, u128::from(req.mask)];
    inputs.extend(req.lanes.iter().map(|&v| u128::from(v)));
    Operation {
        inputs,
        answers: true,
    }
}

/// The request an operation encodes.
pub fn decode(op: &Operation) -> ReduxRequest {
    let mut lanes = [0u32; LANES];
    for (lane, &v) in lanes.iter_mut().zip(&op.inputs[3..]) {
        *lane = v as u32;
    }
    ReduxRequest {
        op: ReduxOp::ALL[op.inputs[0] as usize],
        ty: ReduxType::ALL[op.inputs[1] as usize],
        mask: op.inputs[2] as u32,
        lanes,
        tag: 0,
    }
}

/// Every legal (op, type).
pub fn instructions() -> Vec<(ReduxOp, ReduxType)> {
    let mut list = Vec::new();
    for op in ReduxOp::ALL {
        for ty in ReduxType::ALL {
            if is_legal(op, ty) {
                list.push((op, ty));
            }
        }
    }
    list
}

/// A random request: every legal op, masks that are often empty, single-lane,
/// full or sparse, lanes of mixed signs and magnitudes.
pub fn random_request(state: &mut u64) -> ReduxRequest {
    let list = instructions();
    let r = xorshift(state);
    let (op, ty) = list[(r % list.len() as u64) as usize];
    let m = xorshift(state);
    let mask = match (r >> 8) % 8 {
        0 => 0,
        1 => 1 << (m % 32),
        2 => u32::MAX,
        3 => (m as u32) & ((m >> 32) as u32),
        _ => m as u32,
    };
    let mut lanes = [0u32; LANES];
    for lane in lanes.iter_mut() {
        let v = xorshift(state);
        *lane = match v % 4 {
            0 => (v >> 32) as u32,
            1 => ((v >> 40) as u32) % 16,
            2 => 0u32.wrapping_sub(((v >> 40) as u32) % 16),
            _ => [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff][((v >> 8) % 5) as usize],
        };
    }
    ReduxRequest {
        op,
        ty,
        mask,
        lanes,
        tag: 0,
    }
}

impl UnitCodec for ReduxCodec {
    fn info(&self) -> UnitInfo {
        info()
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        match parse_line(text, 0)? {
            Some(req) => Ok(encode(&req)),
            None => Err(FieldError::new(0, "line", "no operation")),
        }
    }

    fn format(&self, _op: &Operation, results: &[u128]) -> String {
        format_answer(results[0] as u32)
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let req = decode(op);
        Some(format_answer(redux(req.op, req.ty, req.mask, &req.lanes)))
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        (0..count)
            .map(|_| format_request(&random_request(&mut state)))
            .collect()
    }
}
