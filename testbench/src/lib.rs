//! The shared test harness: drives a pipelined unit with a stream of operations
//! (one per clock, with gaps and tags), collects its answers and compares them
//! with the golden model.
//!
//! Every engine runs the same stream protocol ([`stream`]), so their answers
//! (and the cycles they come out on) can be compared line for line:
//! - [`direct`]: rust-hdl, driving the block directly (fast; long sweeps);
//! - [`simulation`]: rust-hdl's `Simulation` harness, writing a VCD (short waveform runs);
//! - [`verilator`]: the exported Verilog compiled by Verilator with a generated C++ driver;
//! - [`iverilog`]: the exported Verilog in Icarus Verilog with a generated test bench.

pub mod bench;
pub mod conformance;
pub mod direct;
pub mod engines;
pub mod formal;
pub mod fpga;
pub mod iverilog;
pub mod lint;
pub mod qor;
#[cfg(feature = "softfloat")]
pub mod reference;
#[cfg(feature = "softfloat")]
pub mod riscv_reference;
pub mod simulation;
pub mod stream;
pub mod timing;
pub mod tools;
pub mod vectors;
pub mod verilator;
pub mod wave_filter;
pub mod wave_svg;
pub mod waves;
