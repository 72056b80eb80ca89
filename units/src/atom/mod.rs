//! atom unit.
pub mod model;
