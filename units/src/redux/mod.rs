//! redux unit.
pub mod model;
