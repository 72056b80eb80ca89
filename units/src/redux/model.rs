//! Golden model of REDUX (SPEC.md §3): `redux.sync.<op>.<type>` over the active
//! lanes of a warp.
//!
//! Decisions where SPEC.md is silent:
//! - `add` is accepted on `.s32` as well as `.u32` (PTX allows both; two's-complement
//!   wrapping makes them the same sum).
//! - An empty mask gives the op's identity: add/or/xor 0, and 0xFFFFFFFF,
//!   min.u32 0xFFFFFFFF, min.s32 0x7FFFFFFF, max.u32 0, max.s32 0x80000000.
//!   Folding the identity in for every inactive lane gives the same result for any
//!   mask, which is how a reduction tree can treat inactive lanes.

/// Lanes in a warp.
pub const LANES: usize = 32;

/// The reduction operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduxOp {
    /// Wrapping sum.
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
}

impl ReduxOp {
    /// Every op.
    pub const ALL: [ReduxOp; 6] = [
        ReduxOp::Add,
        ReduxOp::Min,
        ReduxOp::Max,
        ReduxOp::And,
        ReduxOp::Or,
        ReduxOp::Xor,
    ];

    /// PTX spelling.
    pub fn name(self) -> &'static str {
        match self {
            ReduxOp::Add => "add",
            ReduxOp::Min => "min",
            ReduxOp::Max => "max",
            ReduxOp::And => "and",
            ReduxOp::Or => "or",
            ReduxOp::Xor => "xor",
        }
    }

    /// The op named `name`.
    pub fn from_name(name: &str) -> Option<ReduxOp> {
        ReduxOp::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// The lane type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduxType {
    U32,
    S32,
    B32,
}

impl ReduxType {
    /// Every type.
    pub const ALL: [ReduxType; 3] = [ReduxType::U32, ReduxType::S32, ReduxType::B32];

    /// PTX spelling.
    pub fn name(self) -> &'static str {
        match self {
            ReduxType::U32 => "u32",
            ReduxType::S32 => "s32",
            ReduxType::B32 => "b32",
        }
    }

    /// The type named `name`.
    pub fn from_name(name: &str) -> Option<ReduxType> {
        ReduxType::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Whether `op.ty` exists: add/min/max on u32 and s32, and/or/xor on b32.
pub fn is_legal(op: ReduxOp, ty: ReduxType) -> bool {
    match op {
        ReduxOp::Add | ReduxOp::Min | ReduxOp::Max => ty != ReduxType::B32,
        ReduxOp::And | ReduxOp::Or | ReduxOp::Xor => ty == ReduxType::B32,
    }
}

/// The value that leaves any operand unchanged: the result of an empty mask.
pub fn identity(op: ReduxOp, ty: ReduxType) -> u32 {
    match (op, ty) {
        (ReduxOp::Add | ReduxOp::Or | ReduxOp::Xor, _) => 0,
        (ReduxOp::And, _) => u32::MAX,
        (ReduxOp::Min, ReduxType::S32) => i32::MAX as u32,
        (ReduxOp::Min, _) => u32::MAX,
        (ReduxOp::Max, ReduxType::S32) => i32::MIN as u32,
        (ReduxOp::Max, _) => 0,
    }
}

/// One node of the reduction tree: `x op y`.
pub fn combine(op: ReduxOp, ty: ReduxType, x: u32, y: u32) -> u32 {
    let signed = ty == ReduxType::S32;
    match op {
        ReduxOp::Add => x.wrapping_add(y),
        ReduxOp::Min if signed => (x as i32).min(y as i32) as u32,
        ReduxOp::Min => x.min(y),
        ReduxOp::Max if signed => (x as i32).max(y as i32) as u32,
        ReduxOp::Max => x.max(y),
        ReduxOp::And => x & y,
        ReduxOp::Or => x | y,
        ReduxOp::Xor => x ^ y,
    }
}

/// The reduction over the lanes whose `mask` bit is set (bit i = lane i).
pub fn redux(op: ReduxOp, ty: ReduxType, mask: u32, lanes: &[u32; LANES]) -> u32 {
    lanes
        .iter()
        .enumerate()
        .filter(|&(i, _)| (mask >> i) & 1 == 1)
        .fold(identity(op, ty), |acc, (_, &v)| combine(op, ty, acc, v))
}

/// One request to the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReduxRequest {
    pub op: ReduxOp,
    pub ty: ReduxType,
    /// Active lanes, bit i = lane i.
    pub mask: u32,
    /// One value per lane.
    pub lanes: [u32; LANES],
    /// Opaque tag carried to the answer.
    pub tag: u32,
}

impl ReduxRequest {
    /// The result of the request.
    pub fn result(&self) -> u32 {
        redux(self.op, self.ty, self.mask, &self.lanes)
    }
}
