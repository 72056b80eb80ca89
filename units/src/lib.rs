//! Synthesizable rust-hdl models of a GPU's scoreboard-driven execution units.
//!
//! One folder per unit: RTL (`rtl.rs`), bit-exact golden model (`model.rs`) and,
//! for the MUFU, the coefficient-table generator (`tables.rs`) side by side.
//! Shared floating-point helpers live once in [`fp`].

pub mod atom;
pub mod block;
pub mod dfma;
pub mod divsqrt;
pub mod fp;
pub mod fp64;
pub mod hw;
pub mod mufu;
pub mod port_table;
pub mod proof;
pub mod redux;
pub mod registry;
pub mod sfu;
pub mod unit;
pub mod vector;
pub mod xmu;
