//! Small RTL building blocks shared by the units.

pub mod lzc;
pub mod popcount;
