//! XMU: the conversion / extended-math unit (SPEC.md §4).
//!
//! - [`bitops`]: golden model of POPC, FLO and BREV.
//! - [`fchk`]: golden model of FCHK.DIVIDE (div.rn.f32's fast-path window).
//! - [`rtl`]: the pipelined rust-hdl datapath.
//! - [`convert`]: golden model of the conversions.
//! - [`codec`]: vector lines ↔ ports, the unit's info.

pub mod bitops;
pub mod codec;
pub mod convert;
pub mod fchk;
pub mod rtl;
