//! DIVSQRT (issue 18): placeholder doc, completed below.
pub mod codec;
pub mod model;
pub mod rtl;
pub mod srt;
