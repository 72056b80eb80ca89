//! SFU (issue 20; SPEC-G3 §5, §6): seed 001's 24 `async:sfu` instructions.
//!
//! - [`model`]: the bit-exact golden model.
pub mod accuracy;
pub mod codec;
pub mod model;
pub mod rtl;
