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
//! Seed 000's remaining forms (§4.1–4.3, issue 22), as vector lines
//! (INTERFACES.md; parsed in [`vectors`]):
//!
//! ```text
//! atom.popc.inc.u32.shared <addr> <mask>               -> <old>          (mbarrier arrive)
//! red.popc.inc.u32.shared <addr> <mask>
//! atom.add.v2.f32[.global] <addr> <b0> <b1>            -> <old0> <old1>
//! atom.add.v4.f32[.global] <addr> <b0> <b1> <b2> <b3>  -> <old0> <old1> <old2> <old3>
//! red.add.v2.f32 / red.add.v4.f32 (same operands, no answer)
//! atom.<min|max>.<f16x2|bf16x2>[.noftz] <addr> <b>     -> <old>
//! atom.add.s64 <addr> <b>                              -> <old>          (red. too)
//! ```
//!
//! Every element and mask is 8 hex digits; `v2` needs an 8-byte aligned address
//! (the two halves of one word), `v4` a 16-byte aligned one (two consecutive
//! words); the answer lists the old elements in address order. `popc.inc`
//! exists in `.shared` only and the vector adds in `.global` only: the other
//! space is a bad line, as are a misaligned address, a missing or extra element
//! and an element of the wrong width (exit 2, naming file, line and field):
//!
//! ```text
//! rtl-gen: error: bad.txt:1: field 6 (operand): missing; expected `atom.add.v4.f32 <addr> <b0> <b1> <b2> <b3>`
//! ```
//!
//! On the ports: `in_op` 14 is `popc.inc`, `in_type` 10 / 11 are `v2.f32` /
//! `v4.f32`, whose elements 0, 1 are `in_b` (element 0 low) and 2, 3 `in_c`;
//! `out_d` is 128 bits wide, a `v4.f32`'s first word's old value in bits 63..0.
//! How the RTL runs them: [`rtl`].
//!
//! The port and datapath widths live here, shared by [`rtl`] (which re-exports
//! them) and [`alu_rtl`], so that neither imports the other.
pub mod alu_rtl;
pub mod bank;
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
