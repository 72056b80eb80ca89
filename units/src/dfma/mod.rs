//! dfma unit.
pub mod model;
