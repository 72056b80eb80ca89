//! The atomic unit's vector lines (INTERFACES.md, `atom`) on its ports, its golden
//! model (the bank, applied in request order) and its random traffic.

use super::model::{AtomMemory, AtomOp, AtomRequest, AtomType, Form, Space, DEFAULT_WORDS};
use super::rtl::{
    opcode, typecode, ADDR_W, ANSWER_W, CMP_SAME_ADDRESS_II, DATA_W, FP_PHASES, LATENCY, OP_W,
    PIPELINE_STAGES, TYPE_W, V4_LATENCY,
};
use super::vectors::{format_answer, format_request, parse_line};
use crate::unit::{xorshift, Operation, Param, Port, UnitCodec, UnitInfo, TAG_W};
use crate::vector::FieldError;

/// Index of each operation field in [`Operation::inputs`].
pub const IN_OP: usize = 0;
pub const IN_TYPE: usize = 1;
pub const IN_SHARED: usize = 2;
pub const IN_ANSWER: usize = 3;
pub const IN_ADDR: usize = 4;
pub const IN_B: usize = 5;
pub const IN_C: usize = 6;

/// Vector-file codec and golden model (a bank of [`DEFAULT_WORDS`] words) of the
/// unit built with `fp_phases`-clock float adds.
pub struct AtomCodec {
    /// The unit's name (the registry's: `atom` or `atom_fp<k>`).
    name: String,
    memory: AtomMemory,
    fp_phases: usize,
}

impl Default for AtomCodec {
    fn default() -> Self {
        Self::with_fp_phases("atom".into(), FP_PHASES)
    }
}

impl AtomCodec {
    /// The codec of the unit called `name`, whose float adds take
    /// `fp_phases` clocks.
    pub fn with_fp_phases(name: String, fp_phases: usize) -> AtomCodec {
        AtomCodec {
            name,
            memory: AtomMemory::new(DEFAULT_WORDS),
            fp_phases,
        }
    }
}

/// The default unit's info: ports in the convention order.
pub fn info() -> UnitInfo {
    info_with_fp_phases("atom".into(), FP_PHASES)
}

/// The info of the build (the unit called `name`) whose float adds take
/// `fp_phases` clocks.
pub fn info_with_fp_phases(name: String, fp_phases: usize) -> UnitInfo {
    UnitInfo {
        name,
        description: "atomic unit: read-modify-write ALU with forwarding in front of its own bank",
        latency: V4_LATENCY,
        min_latency: LATENCY,
        pipeline_stages: PIPELINE_STAGES,
        rom_bits: 0,
        params: vec![
            Param {
                name: "words",
                value: DEFAULT_WORDS.to_string(),
                doc: "64-bit words in the bank (a power of two; block RAM)",
            },
            Param {
                name: "fp_phases",
                value: fp_phases.to_string(),
                doc: "clocks of a float add: the initiation interval of same-address float adds (2..10)",
            },
            Param {
                name: "compare_ii",
                value: CMP_SAME_ADDRESS_II.to_string(),
                doc: "initiation interval on one word behind min/max/inc/dec/cas/cast (every other integer op, ld and st: 1)",
            },
        ],
        ecp5_lut_wire_ps: crate::unit::DEFAULT_ECP5_LUT_WIRE_PS,
        ports: vec![
            Port::input(
                "in_valid",
                1,
                "an operation is presented (accepted when in_ready is high)",
            ),
            Port::input("in_tag", TAG_W as u32, "opaque tag carried to out_tag"),
            Port::input(
                "in_op",
                OP_W as u32,
                "0 add, 1 min, 2 max, 3 inc, 4 dec, 5 and, 6 or, 7 xor, 8 exch, 9 cas, 10 cast, 11 safeadd, 12 ld, 13 st, 14 popc.inc",
            ),
            Port::input(
                "in_type",
                TYPE_W as u32,
                "0 u32, 1 s32, 2 u64, 3 s64, 4 f32, 5 f64, 6 f16x2, 7 bf16x2, 8 b32, 9 b64, 10 v2.f32, 11 v4.f32",
            ),
            Port::input(
                "in_shared",
                1,
                "space .shared (f32 add keeps subnormals); 0 = .global (flushes)",
            ),
            Port::input(
                "in_answer",
                1,
                "the operation answers (atom.*, ld); 0 for red.* and st",
            ),
            Port::input(
                "in_addr",
                ADDR_W as u32,
                "byte address, aligned; bit 2 = high half for 32-bit types",
            ),
            Port::input(
                "in_b",
                DATA_W as u32,
                "operand b (cas: compare value; st: data; v2/v4.f32: elements 0, 1)",
            ),
            Port::input(
                "in_c",
                DATA_W as u32,
                "operand c (cas/cast: value stored; v4.f32: elements 2, 3)",
            ),
            Port::output("out_valid", 1, "an answer is presented this cycle"),
            Port::output("out_tag", TAG_W as u32, "tag of the answering operation"),
            Port::output(
                "out_d",
                ANSWER_W as u32,
                "old value, zero-extended (cast: 1 if it stored, else 0; v4.f32: the two old words, the first in bits 63..0)",
            ),
            Port::output(
                "in_ready",
                1,
                "the presented operation is accepted at this edge (low while a float add on its word accepted less than fp_phases clocks ago has no sum yet, or a compare op on its word was accepted one clock ago; a v4.f32 checks both its words; low the clock after a v4.f32 was accepted, when its second word enters)",
            ),
        ],
    }
}

/// The operation on the ports for a request.
pub fn encode(req: &AtomRequest) -> Operation {
    Operation {
        inputs: vec![
            u128::from(opcode(req.op)),
            u128::from(typecode(req.ty)),
            u128::from(req.space == Space::Shared),
            u128::from(req.answers()),
            u128::from(req.addr),
            u128::from(req.b),
            u128::from(req.c),
        ],
        answers: req.answers(),
    }
}

/// The request an operation encodes (scope and ordering, which have no port, are
/// left out).
pub fn decode(op: &Operation) -> AtomRequest {
    let at = |i: usize| op.inputs[i];
    let kind = AtomOp::ALL[at(IN_OP) as usize];
    let form = match kind {
        AtomOp::Ld | AtomOp::St => Form::Plain,
        _ if at(IN_ANSWER) & 1 == 1 => Form::Atom,
        _ => Form::Red,
    };
    let mut req = AtomRequest::new(
        form,
        kind,
        AtomType::ALL[at(IN_TYPE) as usize],
        at(IN_ADDR) as u32,
        at(IN_B) as u64,
    );
    req.space = if at(IN_SHARED) & 1 == 1 {
        Space::Shared
    } else {
        Space::Global
    };
    req.c = at(IN_C) as u64;
    req
}

/// Every instruction (form, op, type) of SPEC.md §3.
pub fn instructions() -> Vec<(Form, AtomOp, AtomType)> {
    let mut list = Vec::new();
    for op in AtomOp::ALL {
        for &ty in op.types() {
            match op {
                AtomOp::Ld | AtomOp::St => list.push((Form::Plain, op, ty)),
                _ => {
                    list.push((Form::Atom, op, ty));
                    if op.has_red_form() {
                        list.push((Form::Red, op, ty));
                    }
                }
            }
        }
    }
    list
}

/// Operand values that keep float adds interesting over long chains: mostly
/// moderate numbers of either sign, sometimes specials and subnormals.
fn float_operand(bits: u32, exp_bits: u32, man_bits: u32, r: u64) -> u64 {
    let bias = (1u64 << (exp_bits - 1)) - 1;
    let sign = (r >> 63) & 1;
    let frac = (r >> 8) & ((1u64 << man_bits) - 1);
    let exp = match r % 16 {
        0 => 0,                          // zero or subnormal
        1 => (1 << exp_bits) - 1,        // Inf or NaN
        2 => (r >> 4) % (1 << exp_bits), // anything
        _ => bias - 4 + (r >> 4) % 9,    // 2^-4 .. 2^4
    };
    let x = (sign << (bits - 1)) | (exp << man_bits) | frac;
    if r % 64 == 5 {
        0 // an exact zero now and then
    } else {
        x
    }
}

/// The `b` operand of a random request.
fn random_operand(op: AtomOp, ty: AtomType, r: u64) -> u64 {
    let small = r % 8;
    match (op, ty) {
        (AtomOp::Add | AtomOp::SafeAdd, AtomType::F32) => float_operand(32, 8, 23, r),
        (AtomOp::Add | AtomOp::SafeAdd, AtomType::F64) => float_operand(64, 11, 52, r),
        (AtomOp::Add | AtomOp::Min | AtomOp::Max, AtomType::F16x2) => {
            float_operand(16, 5, 10, r) | (float_operand(16, 5, 10, r.rotate_left(29)) << 16)
        }
        (AtomOp::Add | AtomOp::Min | AtomOp::Max, AtomType::Bf16x2) => {
            float_operand(16, 8, 7, r) | (float_operand(16, 8, 7, r.rotate_left(29)) << 16)
        }
        (AtomOp::Add, AtomType::V2F32 | AtomType::V4F32) => {
            float_operand(32, 8, 23, r) | (float_operand(32, 8, 23, r.rotate_left(29)) << 32)
        }
        (AtomOp::Inc | AtomOp::Dec, _) => {
            [0, 1, 2, 5, 16, 1000, 0xffff_ffff, r >> 40][small as usize]
        }
        // Upper bits are set on purpose for 32-bit types: the unit must ignore them.
        _ => match r % 4 {
            0 => small,
            1 => r.rotate_left(17) & 0xffff,
            _ => r.rotate_left(9),
        },
    }
}

/// One random request: half of them on `hot` (at most four word addresses),
/// the rest anywhere in the bank; every instruction of SPEC.md §3.
pub fn random_request(state: &mut u64, hot: &[u32], bank_words: usize) -> AtomRequest {
    let list = instructions();
    let r = xorshift(state);
    let (form, op, ty) = list[(r % list.len() as u64) as usize];
    let r2 = xorshift(state);
    let word = if r2 & 1 == 0 && !hot.is_empty() {
        hot[((r2 >> 1) % hot.len() as u64) as usize]
    } else {
        ((r2 >> 8) % bank_words as u64) as u32
    };
    let addr = match ty.bits() {
        32 => word * 8 + 4 * ((r2 >> 4) & 1) as u32,
        // v4.f32: the even word of the pair (the last word pairs with the one below).
        128 => (word & !1) * 8,
        _ => word * 8,
    };
    let mut req = AtomRequest::new(form, op, ty, addr, random_operand(op, ty, xorshift(state)));
    if op == AtomOp::PopcInc || (r2 & 0x40 != 0 && !ty.is_vector()) {
        req.space = Space::Shared;
    }
    if ty == AtomType::V4F32 {
        req.c = random_operand(op, ty, xorshift(state));
    }
    if matches!(op, AtomOp::Cas | AtomOp::Cast) {
        // Compare with small values so that some compares succeed.
        req.b = (r2 >> 20) % 4;
        req.c = xorshift(state);
    }
    req
}

impl UnitCodec for AtomCodec {
    fn info(&self) -> UnitInfo {
        info_with_fp_phases(self.name.clone(), self.fp_phases)
    }

    fn parse(&self, text: &str) -> Result<Operation, FieldError> {
        match parse_line(text, 0, DEFAULT_WORDS)? {
            Some(req) => Ok(encode(&req)),
            None => Err(FieldError::new(0, "line", "no operation")),
        }
    }

    fn format(&self, op: &Operation, results: &[u128]) -> String {
        let req = decode(op);
        format_answer(&req, results[0] & req.answer_mask())
    }

    fn model(&mut self, op: &Operation) -> Option<String> {
        let req = decode(op);
        self.memory
            .apply(&req)
            .map(|answer| format_answer(&req, answer))
    }

    fn latency_of(&self, op: &Operation) -> usize {
        if decode(op).ty == AtomType::V4F32 {
            V4_LATENCY
        } else {
            LATENCY
        }
    }

    fn reset_model(&mut self) {
        self.memory = AtomMemory::new(DEFAULT_WORDS);
    }

    fn random_lines(&self, count: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        let hot = [0, 1, 7, 500];
        (0..count)
            .map(|_| format_request(&random_request(&mut state, &hot, DEFAULT_WORDS)))
            .collect()
    }
}
