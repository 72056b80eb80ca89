//! The atomic unit (SPEC.md §3): a read-modify-write ALU in front of one memory bank.
//!
//! - [`model`]: bit-exact golden model (the ALU and the bank, in request order).
//! - [`fpadd`]: the round-to-nearest float add, generic over the format.
//! - [`vectors`]: the vector-line format of INTERFACES.md.
pub mod fpadd;
pub mod model;
pub mod vectors;
