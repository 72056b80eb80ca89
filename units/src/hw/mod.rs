//! Small RTL building blocks shared by the units.

pub mod boundary;
pub mod kept;
pub mod lzc;
pub mod mult18x18d;
pub mod popcount;
