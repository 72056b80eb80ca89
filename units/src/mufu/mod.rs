//! MUFU: the special-function unit (SPEC.md §1) — a quadratic interpolator
//! with a coefficient ROM.
//!
//! - [`datapath`]: the shared integer datapath (widths, squarer, products,
//!   carry-save sum, normalise, round, pack), used by both the generator and the model.
//! - [`tables`]: the coefficient-ROM generator (minimax fit, quantisation searched
//!   on the integer datapath), cached in a `OnceLock`.
//! - [`model`]: the bit-exact golden model, `mufu(sel, abs, neg, x)`.
//! - [`accuracy`]: error measurement against exact math, JSON/table/SVG output.
//! - [`ffma`]: bit-exact binary32 FFMA/FMUL/FADD (RN, FTZ forms) for the
//!   refinement sequences in [`refine`]; their slow paths in [`slowpath`].
//! - [`vectors`]: the `<func>[.abs][.neg] <x>` vector-line format.
//! - [`decode`]: SM90 MUFU instruction words.
pub mod accuracy;
pub mod datapath;
pub mod decode;
pub mod ffma;
pub mod model;
pub mod refine;
pub mod slowpath;
pub mod tables;
pub mod vectors;

pub use model::{mufu, MufuFunc, CANONICAL_NAN};
pub mod codec;
pub mod rtl;
