//! DFMA: the binary64 unit of SPEC.md §2 (DFMA, DADD, DMUL, DSETP, DMNMX).
//!
//! * [`model`]: the bit-exact golden model, written phase by phase as the RTL
//!   datapath (unpack → multiply / align → accumulate → normalise → round),
//!   with the design decisions in its module documentation.
//! * [`vectors`]: the `dfma` lines of the vector-file format (INTERFACES.md).

pub mod model;
pub mod vectors;

pub use model::{
    add, execute, fma, max, min, mul, setp, Cmp, DfmaOp, DfmaOperation, DfmaResult, Rounding,
    SrcMod,
};
