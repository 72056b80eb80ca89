//! Shared floating-point helpers.
