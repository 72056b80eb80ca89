//! Golden model (being written).
