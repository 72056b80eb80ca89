//! mufu unit.
pub mod model;
