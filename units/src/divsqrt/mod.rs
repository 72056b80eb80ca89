//! DIVSQRT (issue 18; SPEC-G3 §5, §6): IEEE-exact `fdiv`/`fsqrt` in binary32
//! and binary64 under all five rounding modes (RNE RTZ RDN RUP RMM) with
//! subnormals, DAZ/FTZ, canonical NaNs and RISC-V fflags; correctly rounded
//! `rcp.f32` (frm, daz32/ftz32) and `rcp.f64` (always RNE, never flushes) as
//! 1/x; RISC-V `div`/`divu`/`rem`/`remu` with the ÷0 and overflow rules.
//!
//! - [`model`]: the bit-exact golden model, exact integer arithmetic and one
//!   rounding routine (checked against Berkeley SoftFloat and exact rational
//!   arithmetic in `testbench/tests/divsqrt_model.rs`).
//! - [`srt`]: the recurrence the RTL runs, in plain Rust, register for
//!   register (its unit tests check it against exact quotients and roots).
//! - [`rtl`]: the rust-hdl engine, one phase per file.
//! - [`codec`]: SPEC-G3 §7 vector lines ↔ ports, info, random traffic.
//!
//! # The design
//! One engine, one operation in flight, ready/valid in (`in_ready`), valid
//! out with the tag. One datapath for f32, f64 and int32: significands are
//! normalised (subnormals and integers by their leading-zero count), then a
//! digit-recurrence SRT divider/square-rooter with digits {−1, 0, 1} runs
//! **two radix-2 steps per clock** (4 quotient levels per clock, i.e. radix
//! 4 retired per clock) on a **carry-save partial remainder** (60 bits: 4
//! integer, 56 fraction), the digit chosen from a 5-bit estimate of each
//! vector; **on-the-fly conversion** keeps Q and Q−ulp so that no final
//! quotient add is needed; the final remainder's sign picks Q or Q−ulp and
//! its zero test gives the **sticky bit**, so rounding in every mode,
//! subnormal results (one right shift, sticky by mask), tininess after
//! rounding, DAZ/FTZ and the flags are exact by construction. Square roots
//! use the same registers: the root is the "quotient", its running value
//! feeds the addend (`−(2S + s·2^−(j+1))·s`). The f32 forms run a shorter
//! recurrence (26 digits); integers run `lz_b − lz_a + 1` digits (early exit
//! for small quotients) and shift the remainder back.
//!
//! # Latency (cycles from the accept edge to `out_valid`; measured by
//! `divsqrt_rtl::answers_come_after_the_scheduled_latency`)
//! | operation | clocks | recurrence |
//! |---|---|---|
//! | fdiv.f64, rcp.f64 | 32 | 28 clocks (56 digits) |
//! | fsqrt.f64 | 31 | 27 clocks (54 digits) |
//! | fdiv.f32, fsqrt.f32, rcp.f32 | 17 | 13 clocks (26 digits) |
//! | div/divu/rem/remu | 5 + ⌈(lz_b − lz_a + 1)/2⌉: 6 … 20 | 1 … 16 clocks |
//! | div/rem by 0, or \|a\| with more leading zeros than \|b\| | 5 | none (answer from setup) |
//!
//! Overhead: setup 1, correct 1, align 1, round 1 (the answer is presented
//! in the round cycle; the next operation is accepted in that cycle).
//! FPGA figures: `docs/qor.md`'s place, and the report of issue 18.
pub mod codec;
pub mod model;
pub mod rtl;
pub mod srt;
