//! SFU (issue 20; SPEC-G3 §5, §6): seed 001's 24 `async:sfu` instructions
//! as one unit with a tagged ready/valid port whose answers come back in any
//! order.
//!
//! - [`model`]: the bit-exact golden model (the MUFU's model between a
//!   prepare and a finish step for the approximations; the DIVSQRT's model
//!   for the correctly rounded operations; rsq.f64 as two passes).
//! - [`codec`]: SPEC-G3 §7 vector lines ↔ ports, info, latency per
//!   operation, random traffic.
//! - [`rtl`]: the rust-hdl top block: the MUFU (default depth 16)
//!   and the DIVSQRT engine (at [`rtl::ENGINE_CLOCKS`] = 2 clocks per
//!   digit, its leading-zero counts in two clocks: [`rtl::ENGINE_LZC2`])
//!   side by side behind one port.
//!
//! # Which hardware computes what
//! | instructions | path | clocks (accept → answer, alone) |
//! |---|---|---|
//! | rsq.f32, sqrt.f32, exp2.f32, log2.f32, sin.f32, cos.f32; rcp/rsq/sqrt/exp2/log2/sin/cos.f16 | prepare → MUFU → finish, one per clock | 24 |
//! | rcp.f32 (frm), fdiv.f32 | divide engine | 51 |
//! | fsqrt.f32 | divide engine | 53 |
//! | rcp.f64 (RNE), fdiv.f64 | divide engine | 81 |
//! | fsqrt.f64 | divide engine | 81 |
//! | rsq.f64 | divide engine twice: fsqrt.f64 then rcp.f64, both RNE | 161 |
//! | div, divu, rem, remu | divide engine | 22 (a dividend with fewer significant bits than the divisor, or a zero divisor), else 26 … 58 |
//!
//! (The engine's clocks at two clocks per digit, `latency_with(2, ..)`,
//! with its load phase since 2026-12-04, its row phase and its two-clock
//! leading-zero count ([`rtl::ENGINE_LZC2`]) since 2026-12-05; before each
//! of them one clock less each (rsq.f64 two); until 2026-12-04 the SFU ran the engine at one
//! clock per digit: 33, 34, 48, 48, 95, 18 … 36, the approximations 23.)
//!
//! An engine operation takes two clocks more than in the `divsqrt_c2` unit
//! (its request is registered, and its answer waits in a register for a
//! free output clock), and more when the
//! approximations keep the output busy: then one approximation is refused
//! and the divide's answer goes out at most [`rtl::APPROX_LATENCY`] clocks
//! later. Approximations behind a divide are accepted while it runs and
//! overtake it; a second engine operation waits at the port until the
//! engine is free (the port is in order: operations behind it wait too).
//!
//! # Real subnormals on an interpolator that flushes
//! The MUFU reads a subnormal binary32 as zero and flushes results below
//! 2^-126. The SFU keeps the MUFU as it is and moves the values it cannot
//! see into its range, exactly, around it:
//! - a subnormal binary32 operand of rsq, sqrt or log2 is scaled by 2^24 (a
//!   normalising shift); the result's exponent moves by +12 (rsq) or −12
//!   (sqrt), and log2's result has 24 subtracted (one rounding);
//! - exp2 of an operand in (−152, −126) runs on the operand + 24 (exact);
//!   the result, 2^-24 times the MUFU's, rounds to nearest even into the
//!   subnormal range;
//! - a binary16 operand is a normal binary32 (exact widening), and every
//!   binary16 result is the MUFU's binary32 result rounded once to nearest
//!   even, subnormal results included;
//! - `daz32` / `ftz32` flush the operand / the rounded result (binary16
//!   follows them), after which the MUFU's own flushing never changes a
//!   value that matters (its results from the moved operands are normal).
//!
//! Decisions where SPEC-G3 is silent are in [`model`]'s doc.
//!
//! # Accuracy
//! [`accuracy`] measures the approximations against exact math
//! (`rtl-gen accuracy sfu`); the figures, on every binary16 and every
//! binary32 operand, are in `docs/sfu-accuracy.md`. On the MUFU's domain
//! the SFU answers the MUFU's bits. Where the SFU rounds (a scaled
//! binary32 result, every binary16 one) it rounds the MUFU's exact sum once:
//! the MUFU's result is within half its ulp of that sum and the SFU's grid
//! is the MUFU's or coarser, so only the SFU grid's exact midpoints need
//! more, and the MUFU's `out_rnd` (its round bit and any bit below it) says
//! on which side of the midpoint the sum lay. exp2.f32's subnormal results
//! measure 0.6195 ulp and log2.f32 of a subnormal 0.5036 ulp, below the
//! MUFU's own 0.7716 and 0.7351 (rounding the MUFU's result again had given
//! 0.8742 and 0.7516).
pub mod accuracy;
pub mod codec;
pub mod model;
pub mod rtl;
