//! The warp-reduction unit REDUX (SPEC.md §3): 32 lanes × 32 bits and an active
//! mask → one 32-bit result, no memory.
//!
//! - [`model`]: bit-exact golden model.
//! - [`vectors`]: the vector-line format of INTERFACES.md.
//! - [`rtl`]: the registered reduction tree in rust-hdl.
//! - [`codec`]: vector lines ↔ ports, the unit's info, random traffic.
pub mod codec;
pub mod model;
pub mod rtl;
pub mod vectors;
