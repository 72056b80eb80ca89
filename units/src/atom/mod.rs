//! The atomic unit (SPEC.md §3): a read-modify-write ALU in front of one memory bank.
//!
//! - [`model`]: bit-exact golden model (the ALU and the bank, in request order).
//! - [`fpadd`]: the round-to-nearest float add, generic over the format.
//! - [`vectors`]: the vector-line format of INTERFACES.md.
//! - [`rtl`]: the pipelined rust-hdl unit (bank, forwarding).
//! - [`alu_rtl`]: its integer datapath (s1 decode, s2 ALU).
//! - [`fpadd_rtl`]: the float adder in rust-hdl, one file per phase (unpack, align,
//!   add, round) and the pipe that registers their boundaries, generic over the format.
//! - [`codec`]: vector lines ↔ ports, the unit's info, random traffic.
//!
//! The port and datapath widths live here, shared by [`rtl`] (which re-exports
//! them) and [`alu_rtl`], so that neither imports the other.
pub mod alu_rtl;
pub mod codec;
pub mod fpadd;
pub mod fpadd_rtl;
pub mod model;
pub mod rtl;
pub mod vectors;

/// Width of `in_op`.
pub const OP_W: usize = 4;
/// Width of `in_type`.
pub const TYPE_W: usize = 4;
/// Width of the byte address `in_addr`.
pub const ADDR_W: usize = 32;
/// Width of the operands, of a bank word and of the answer.
pub const DATA_W: usize = 64;
