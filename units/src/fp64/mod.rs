//! FP64 (issue 19; SPEC-G3 §1–§4, §7): seed 001's 40 binary64 instructions
//! (formats R, R1, C, X) as one unit with a fixed latency of 16 clocks, one
//! operation per clock, RISC-V rounding modes (RMM included), canonical NaNs
//! and exception flags, under MODE.
//!
//! - [`op`]: the operations, their `in_op` codes, mnemonics, widths and the
//!   MODE decisions.
//! - [`model`]: the bit-exact golden model; [`model::execute`] takes the raw
//!   port values (`in_rm` 5 and 6 act as DYN).
//! - [`decode`]: the seed decoder, (format, opcode, funct) → operation, and
//!   the explicit `rm` check (5, 6 reserved; 7 DYN).
//! - [`codec`]: vector lines ↔ port values, the ports, random traffic;
//!   [`codec::LATENCY`] = 16.
//! - [`rtl`]: the unit's top block [`rtl::Fp64`] around the DFMA's datapath
//!   ([`DfmaCore`](crate::dfma::rtl::DfmaCore)), the conversion block
//!   ([`rtl::Fp64Convert`]: conversions, round-to-integral, fldexp, ffract,
//!   frexp) and the bit operations.

pub mod codec;
pub mod decode;
pub mod model;
pub mod op;
pub mod rtl;

pub use codec::{Fp64Codec, LATENCY};
pub use op::{Cc, Encoding, Fp64Op};
