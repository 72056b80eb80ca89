//! Conversions golden model (being written).
