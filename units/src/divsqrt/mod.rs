//! DIVSQRT (issue 18): placeholder doc, completed below.
pub mod model;
pub mod srt;
