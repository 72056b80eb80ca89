//! The atomic unit (SPEC.md §3): a read-modify-write ALU in front of one memory bank.
//!
//! - [`model`]: bit-exact golden model (the ALU and the bank, in request order).
//! - [`fpadd`]: the round-to-nearest float add, generic over the format.
//! - [`vectors`]: the vector-line format of INTERFACES.md.
//! - [`rtl`]: the pipelined rust-hdl unit (bank, forwarding).
//! - [`alu_rtl`]: its integer datapath (s1 decode, s2 ALU).
//! - [`fpadd_rtl`]: the float adder in rust-hdl, four blocks over 2..4 pipeline phases, generic over the format.
//! - [`codec`]: vector lines ↔ ports, the unit's info, random traffic.
pub mod alu_rtl;
pub mod codec;
pub mod fpadd;
pub mod fpadd_rtl;
pub mod model;
pub mod rtl;
pub mod vectors;
