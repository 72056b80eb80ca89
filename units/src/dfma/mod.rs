//! DFMA: the binary64 unit of SPEC.md §2 (DFMA, DADD, DMUL, DSETP, DMNMX).
//!
//! * [`model`]: the bit-exact golden model, written phase by phase as the RTL
//!   datapath (unpack → multiply / align → accumulate → normalise → round),
//!   with the design decisions in its module documentation; also RMM and the
//!   IEEE exception flags ([`execute_with_flags`]) that the RISC-V `fp64`
//!   unit takes from this datapath.
//! * [`vectors`]: the `dfma` lines of the vector-file format (INTERFACES.md).
//! * [`rtl`]: the pipelined rust-hdl datapath, its phases one file each
//!   (pipeline depth 1..=15 chosen at construction): [`rtl::DfmaCore`] (3-bit
//!   rounding mode with RMM, exception flags) and the NVIDIA unit
//!   [`rtl::Dfma`] around it.
//! * [`codec`]: vector lines on the ports, the unit's info, the depth's unit names.

pub mod codec;
pub mod model;
pub mod rtl;
pub mod vectors;
pub mod wide;

pub use model::{
    add, execute, execute_with_flags, fma, max, min, mul, setp, Cmp, DfmaOp, DfmaOperation,
    DfmaResult, Rounding, SrcMod,
};
