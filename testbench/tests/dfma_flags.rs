//! The DFMA datapath's RISC-V capabilities, the ones the `fp64` unit uses:
//! the fifth rounding mode (RMM, ties away from zero) and the IEEE exception
//! flags (`units::dfma::model::execute_with_flags`, RISC-V order NV 0x10,
//! DZ 0x08, OF 0x04, UF 0x02, NX 0x01).
//!
//! * The model against Berkeley SoftFloat (`softfloat-wrapper`): `f64_mulAdd`,
//!   `f64_add`, `f64_mul` in all five modes, result and flags bit for bit
//!   (a NaN result only as "a NaN": the DFMA keeps the NVIDIA NaN rules,
//!   the `fp64` top canonicalises); MIN/MAX against `f64_eq`'s flags (NV for
//!   a signalling NaN only) and SETP against `f64_lt`/`f64_le` (signalling)
//!   and `f64_eq` (quiet). SoftFloat detects tininess after rounding, as
//!   RISC-V does. Operands: random bits, specials, a TestFloat-level-1
//!   style set around 2^-1022 (products a few ulps either side of it, with
//!   small addends: the values just under 2^-1022 that round up to it are
//!   where "tiny after rounding" differs from "tiny before"), and the
//!   directed corners.
//! * The RTL datapath (`units::dfma::rtl::DfmaCore`, driven directly in
//!   rust-hdl) against the model: result, predicate and flags, random
//!   operations in all five modes, at the default depth and at depth 1.
//!
//! Every stream is a seeded ChaCha; a mismatch prints the operation in hex.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;
use softfloat_wrapper::{ExceptionFlags, Float, F64};
use std::sync::Mutex;
use std::time::Instant;
use testbench::reference::softfloat_rounding;
use units::dfma::codec::encode;
use units::dfma::model::{
    self as m, Cmp, DfmaOp, DfmaOperation, DfmaResult, Rounding, SrcMod, FRAC_MASK, INFINITY, NV,
    NX, OF, QUIET_BIT, SIGN_BIT, UF,
};
use units::dfma::rtl::{DfmaCore, DEFAULT_DEPTH};
use units::unit::{from_bits, to_bits};

/// SoftFloat's flags are one global: one caller at a time.
static SOFTFLOAT: Mutex<()> = Mutex::new(());

/// The smallest normal, 2^-1022.
const MIN_NORMAL: u64 = 0x0010_0000_0000_0000;

// ===================================================================== reference

/// SoftFloat's answer to a modified operation: the result (`Pred` for SETP)
/// and the flags.
fn softfloat(op: &DfmaOperation) -> (DfmaResult, u8) {
    let _guard = SOFTFLOAT.lock().unwrap_or_else(|e| e.into_inner());
    let a = F64::from_bits(op.a_mod.apply(op.a));
    let b = F64::from_bits(op.b_mod.apply(op.b));
    let c = F64::from_bits(op.c_mod.apply(op.c));
    let rm = softfloat_rounding(op.rm);
    let mut flags = ExceptionFlags::default();
    flags.set();
    let result = match op.op {
        DfmaOp::Fma => DfmaResult::Value(a.fused_mul_add(b, c, rm).to_bits()),
        DfmaOp::Add => DfmaResult::Value(a.add(b, rm).to_bits()),
        DfmaOp::Mul => DfmaResult::Value(a.mul(b, rm).to_bits()),
        // fmin/fmax flag like the quiet compare: NV for a signalling NaN.
        DfmaOp::Min | DfmaOp::Max => {
            a.eq(b);
            DfmaResult::Value(0)
        }
        DfmaOp::Setp(cmp) => DfmaResult::Pred(match cmp {
            Cmp::Lt => a.lt(b),
            Cmp::Le => a.le(b),
            Cmp::Gt => b.lt(a),
            Cmp::Ge => b.le(a),
            _ => a.eq(b),
        }),
    };
    flags.get();
    (result, flags.to_bits())
}

/// The model's answer against SoftFloat's: flags always; a value bit for bit
/// unless SoftFloat's is a NaN (then the model's must be one); MIN/MAX/SETP
/// results are the NVIDIA unit's own (tested in `dfma_model.rs`).
fn check_model(op: &DfmaOperation) -> Result<(), String> {
    let (want, want_flags) = softfloat(op);
    let (got, got_flags) = m::execute_with_flags(op);
    assert_eq!(
        got,
        m::execute(op),
        "execute_with_flags answers execute's result"
    );
    let value_ok = match (op.op, want, got) {
        (DfmaOp::Fma | DfmaOp::Add | DfmaOp::Mul, DfmaResult::Value(w), DfmaResult::Value(g)) => {
            if m::is_nan(w) {
                m::is_nan(g)
            } else {
                w == g
            }
        }
        _ => true,
    };
    if value_ok && want_flags == got_flags {
        Ok(())
    } else {
        Err(format!(
            "{} a_mod {:?} b_mod {:?} c_mod {:?}: model {got:x?} flags {got_flags:#04x}, \
             SoftFloat {want:x?} flags {want_flags:#04x}",
            units::dfma::vectors::format_operation(op),
            op.a_mod,
            op.b_mod,
            op.c_mod
        ))
    }
}

// ===================================================================== generators

struct Gen {
    rng: ChaCha8Rng,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn sign(&mut self) -> u64 {
        (self.rng.gen::<bool>() as u64) << 63
    }

    /// Fractions worth trying (TestFloat's kinds: zero, all ones, one bit,
    /// near the ends, random).
    fn frac(&mut self) -> u64 {
        match self.rng.gen_range(0..8) {
            0 => 0,
            1 => FRAC_MASK,
            2 => 1 << self.rng.gen_range(0..52),
            3 => FRAC_MASK - self.rng.gen_range(0..4),
            4 => self.rng.gen_range(1..4),
            5 => FRAC_MASK >> self.rng.gen_range(0..52),
            _ => self.rng.gen::<u64>() & FRAC_MASK,
        }
    }

    /// NaN (quiet or signalling, any payload), ±∞, ±0.
    fn special(&mut self) -> u64 {
        let s = self.sign();
        match self.rng.gen_range(0..6) {
            0 => s | INFINITY | QUIET_BIT | (self.rng.gen::<u64>() & (QUIET_BIT - 1)),
            1 => s | INFINITY | (self.rng.gen::<u64>() & (QUIET_BIT - 1)).max(1),
            2 | 3 => s | INFINITY,
            _ => s,
        }
    }

    fn subnormal(&mut self) -> u64 {
        let f = self.frac().max(1);
        self.sign() | f
    }

    fn with_exp(&mut self, biased: i64) -> u64 {
        let f = self.frac();
        self.sign() | ((biased.clamp(1, 2046) as u64) << 52) | f
    }

    fn any(&mut self) -> u64 {
        match self.rng.gen_range(0..10) {
            0..=2 => self.rng.gen(),
            3 | 4 => {
                let e = self.rng.gen_range(1023 - 60..1023 + 60);
                self.with_exp(e)
            }
            5 => self.subnormal(),
            6 => self.special(),
            7 => {
                // Near the top: overflow in every mode.
                let e = self.rng.gen_range(2000..2047);
                self.with_exp(e)
            }
            _ => {
                let e = self.rng.gen_range(1..2047);
                self.with_exp(e)
            }
        }
    }

    /// A small addend for the boundary products: zero, a few subnormal
    /// ulps, or a value near 2^-1022.
    fn small(&mut self) -> u64 {
        let s = self.sign();
        match self.rng.gen_range(0..6) {
            0 => s,
            1 => s | self.rng.gen_range(1..4),
            2 => s | (MIN_NORMAL - self.rng.gen_range(1..4)),
            3 => s | (MIN_NORMAL + self.rng.gen_range(0..4)),
            4 => self.subnormal(),
            _ => {
                let e = self.rng.gen_range(1..4);
                self.with_exp(e)
            }
        }
    }

    /// `a, b` whose product lies a few ulps (of the 53-bit significand)
    /// either side of 2^-1022, or of a subnormal boundary value.
    fn boundary_product(&mut self) -> (u64, u64) {
        let ea = self.rng.gen_range(1023 - 700..1023 - 300);
        let a = self.with_exp(ea) & !SIGN_BIT;
        let target = match self.rng.gen_range(0..4) {
            0..=1 => f64::from_bits(MIN_NORMAL),
            2 => f64::from_bits(MIN_NORMAL - self.rng.gen_range(1..1 << 20)),
            _ => f64::from_bits(MIN_NORMAL + self.rng.gen_range(1..1 << 20)),
        };
        // b ≈ target / a (host division, exact enough), moved a few ulps.
        let b = (target / f64::from_bits(a)).to_bits() as i64 + self.rng.gen_range(-3..=3i64);
        (a | self.sign(), b as u64 | self.sign())
    }

    /// One operation in mode `rm`: corner kinds for FMA/ADD/MUL, any
    /// operands for MIN/MAX/SETP, modifiers now and then.
    fn operation(&mut self, rm: Rounding) -> DfmaOperation {
        let op = match self.rng.gen_range(0..20) {
            0..=9 => DfmaOp::Fma,
            10 | 11 => DfmaOp::Add,
            12 | 13 => DfmaOp::Mul,
            14 => DfmaOp::Min,
            15 => DfmaOp::Max,
            _ => DfmaOp::Setp(Cmp::ALL[self.rng.gen_range(0..14)]),
        };
        let (a, b, c) = match self.rng.gen_range(0..6) {
            0 | 1 => (self.any(), self.any(), self.any()),
            2 | 3 => {
                let (a, b) = self.boundary_product();
                (a, b, self.small())
            }
            4 => {
                // ADD and FMA around 2^-1022: c near it, the product a few ulps.
                let c = self.small();
                let a = self.small();
                let e = 1023 + self.rng.gen_range(-2..3);
                (a, self.with_exp(e), c)
            }
            _ => {
                // Near cancellation: c ≈ −a·b.
                let a = self.any();
                let b = self.any();
                let p = m::mul(a, b, Rounding::Rn);
                (a, b, (p ^ SIGN_BIT).wrapping_add(self.rng.gen_range(0..3)))
            }
        };
        let (a, b) = if op == DfmaOp::Add && self.rng.gen() {
            (a, c)
        } else {
            (a, b)
        };
        let mut modifier = || {
            if self.rng.gen_range(0..6) == 0 {
                SrcMod {
                    neg: self.rng.gen(),
                    abs: self.rng.gen(),
                }
            } else {
                SrcMod::NONE
            }
        };
        let (a_mod, b_mod, c_mod) = (modifier(), modifier(), modifier());
        DfmaOperation {
            op,
            rm,
            a,
            b,
            c,
            a_mod,
            b_mod,
            c_mod,
        }
    }
}

/// Directed cases: the classic tininess corners, invalid operations, NaN
/// kinds against every compare.
fn directed() -> Vec<DfmaOperation> {
    let max_sig_one = 0x3FFF_FFFF_FFFF_FFFF; // 2 − 2^-52
    let snan = 0x7FF0_0000_0000_0001;
    let qnan = 0x7FF8_0000_0000_0000;
    let mut ops = Vec::new();
    for rm in Rounding::ALL_WITH_RMM {
        let fma = |a, b, c| DfmaOperation::new(DfmaOp::Fma, rm, a, b, c);
        // (2 − 2^-52)·2^-1023 = 2^-1022 − 2^-1075: rounds to 2^-1022 in RN,
        // RMM and RP, yet tiny after rounding (53 bits hold it exactly): UF.
        ops.push(DfmaOperation::new(
            DfmaOp::Mul,
            rm,
            max_sig_one,
            0x0008_0000_0000_0000,
            0,
        ));
        // The same plus a quarter of a subnormal ulp: no longer tiny in RN/RMM.
        ops.push(fma(0x3FF0_0000_0000_0001, 0x0010_0000_0000_0000 - 1, 0));
        ops.push(fma(0xBFF0_0000_0000_0001, 0x0010_0000_0000_0000 - 1, 0));
        ops.push(fma(MIN_NORMAL, 0x3FEF_FFFF_FFFF_FFFF, 0));
        ops.push(fma(MIN_NORMAL, 0x3FEF_FFFF_FFFF_FFFF, 1));
        ops.push(fma(MIN_NORMAL, 0x3FEF_FFFF_FFFF_FFFF, SIGN_BIT | 1));
        // Tiny products (the RTL's bypass), exact subnormals, overflow.
        ops.push(fma(1, 1, 0));
        ops.push(fma(1, 0x3FE0_0000_0000_0000, SIGN_BIT));
        ops.push(fma(1, 0x3FF8_0000_0000_0000, 0));
        ops.push(fma(m::MAX_FINITE, 0x4000_0000_0000_0000, 0));
        ops.push(fma(
            m::MAX_FINITE,
            0x3FF0_0000_0000_0001,
            SIGN_BIT | m::MAX_FINITE,
        ));
        ops.push(fma(
            m::MAX_FINITE,
            0x3FF0_0000_0000_0000,
            0x7C90_0000_0000_0000,
        ));
        // Ties for RMM: 1 + 2^-53 (half an ulp of 1.0), and −(1 + 3·2^-53).
        ops.push(DfmaOperation::new(
            DfmaOp::Add,
            rm,
            0x3FF0_0000_0000_0000,
            0x3CA0_0000_0000_0000,
            0,
        ));
        ops.push(DfmaOperation::new(
            DfmaOp::Add,
            rm,
            0xBFF0_0000_0000_0001,
            0xBCA0_0000_0000_0000,
            0,
        ));
        // Invalid: ∞·0 (also with a quiet NaN addend), ∞ − ∞, signalling NaNs.
        ops.push(fma(INFINITY, 0, qnan));
        ops.push(fma(0, SIGN_BIT | INFINITY, 0x3FF0_0000_0000_0000));
        ops.push(fma(INFINITY, 0x3FF0_0000_0000_0000, SIGN_BIT | INFINITY));
        ops.push(fma(INFINITY, qnan, SIGN_BIT | INFINITY));
        ops.push(fma(snan, 0x3FF0_0000_0000_0000, qnan));
        ops.push(fma(qnan, 0x3FF0_0000_0000_0000, snan));
        ops.push(DfmaOperation::new(
            DfmaOp::Add,
            rm,
            INFINITY,
            SIGN_BIT | INFINITY,
            0,
        ));
        ops.push(DfmaOperation::new(DfmaOp::Add, rm, 0, snan, 0));
        ops.push(DfmaOperation::new(DfmaOp::Mul, rm, snan | SIGN_BIT, 0, 0));
        ops.push(DfmaOperation::new(DfmaOp::Mul, rm, INFINITY, SIGN_BIT, 0));
    }
    for (a, b) in [
        (snan, 0x3FF0_0000_0000_0000),
        (0, snan | SIGN_BIT),
        (qnan, 0x3FF0_0000_0000_0000),
        (0x3FF0_0000_0000_0000, qnan | SIGN_BIT),
        (qnan, snan),
        (0, SIGN_BIT),
    ] {
        for op in [DfmaOp::Min, DfmaOp::Max]
            .into_iter()
            .chain(Cmp::ALL.map(DfmaOp::Setp))
        {
            ops.push(DfmaOperation::new(op, Rounding::Rn, a, b, 0));
        }
    }
    ops
}

// ===================================================================== model tests

#[test]
fn rmm_is_not_an_nvidia_mode() {
    // The NVIDIA parsers keep refusing it; only the 3-bit code decodes it.
    assert_eq!(Rounding::from_mnemonic("rmm"), None);
    assert_eq!(Rounding::from_mnemonic("rna"), None);
    assert!(units::dfma::vectors::parse_line("fma.rmm 0 0 0").is_err());
    assert!(!Rounding::ALL.contains(&Rounding::Rmm));
    assert_eq!(Rounding::from_code(4), Rounding::Rn, "the 2-bit field");
    assert_eq!(Rounding::from_code_with_rmm(4), Some(Rounding::Rmm));
    assert_eq!(Rounding::from_code_with_rmm(5), None);
    for rm in Rounding::ALL_WITH_RMM {
        assert_eq!(Rounding::from_code_with_rmm(rm.code()), Some(rm));
    }
    // A RISC-V rm maps onto the direction that rounds the same way.
    for rv in units::fp::ieee::Rm::ALL {
        let rm = Rounding::from_riscv(rv);
        for bits in 0..16u8 {
            let [neg, lsb, round, sticky] = [0, 1, 2, 3].map(|i| bits >> i & 1 == 1);
            assert_eq!(
                rm.round_up(neg, lsb, round, sticky),
                rv.round_up(neg, lsb, round, sticky),
                "{rv:?} as {rm:?}, bits {bits:04b}"
            );
        }
    }
}

#[test]
fn model_flags_match_softfloat_on_directed_cases() {
    let ops = directed();
    let failures: Vec<String> = ops.iter().filter_map(|op| check_model(op).err()).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The corners are really there: UF on a result of 2^-1022, NV, OF.
    let flags: Vec<u8> = ops.iter().map(|op| m::execute_with_flags(op).1).collect();
    let uf_at_min_normal = ops
        .iter()
        .zip(&flags)
        .any(|(op, &f)| f & UF != 0 && m::execute(op) == DfmaResult::Value(MIN_NORMAL));
    assert!(
        uf_at_min_normal,
        "UF raised on a result rounded up to 2^-1022"
    );
    assert!(flags.contains(&NV));
    assert!(flags.contains(&(OF | NX)));
}

#[test]
fn model_flags_and_results_match_softfloat_in_all_five_modes() {
    const PER_MODE: usize = 200_000;
    let start = Instant::now();
    let mut seen = [0usize; 4];
    for rm in Rounding::ALL_WITH_RMM {
        let mut g = Gen::new(0xF1A6 ^ rm.code() as u64);
        let mut failures = Vec::new();
        for _ in 0..PER_MODE {
            let op = g.operation(rm);
            if let Err(e) = check_model(&op) {
                failures.push(e);
            }
            let f = m::execute_with_flags(&op).1;
            for (i, flag) in [NV, OF, UF, NX].into_iter().enumerate() {
                seen[i] += (f & flag != 0) as usize;
            }
        }
        assert!(
            failures.is_empty(),
            "{rm:?}: {} failures, first:\n{}",
            failures.len(),
            failures[..failures.len().min(10)].join("\n")
        );
    }
    println!(
        "{} operations in {:.1} s; NV {} OF {} UF {} NX {}",
        5 * PER_MODE,
        start.elapsed().as_secs_f64(),
        seen[0],
        seen[1],
        seen[2],
        seen[3]
    );
    // Every flag is exercised, UF (the boundary set) included.
    assert!(seen.iter().all(|&n| n >= 1000), "{seen:?}");
}

// ===================================================================== RTL tests

/// Drives `DfmaCore` directly: one operation a clock (random bubbles),
/// every answer against the model (result, predicate, flags, tag).
fn check_rtl(depth: usize, per_mode: usize, seed: u64) {
    let mut uut = DfmaCore::new(depth);
    uut.connect_all();
    let latency = uut.latency();
    let mut g = Gen::new(seed);
    let mut ops = Vec::new();
    for rm in Rounding::ALL_WITH_RMM {
        ops.extend((0..per_mode).map(|_| g.operation(rm)));
        ops.extend(directed().into_iter().filter(|op| op.rm == rm));
    }
    let start = Instant::now();
    // (edge count at which the answer shows, operation index)
    let mut pending = std::collections::VecDeque::new();
    let mut next = 0;
    let mut edges = 0usize;
    let mut checked = 0;
    let mut failures = Vec::new();
    uut.clock.next = Clock { clk: false };
    assert!(simulate(&mut uut, 1000));
    while checked < ops.len() {
        // As `testbench::direct`: inputs with the clock low, settle, read
        // the outputs (what `edges` rising edges made), then the edge.
        let present = next < ops.len() && g.rng.gen_range(0..5) != 0;
        uut.in_valid.next = present;
        if present {
            let op = &ops[next];
            let v = encode(op);
            uut.in_tag.next = to_bits((next % 256) as u128);
            uut.in_op.next = to_bits(v[0]);
            uut.in_cmp.next = to_bits(v[1]);
            uut.in_rm.next = to_bits(v[2]);
            uut.in_neg.next = to_bits(v[3]);
            uut.in_abs.next = to_bits(v[4]);
            uut.in_a.next = to_bits(v[5]);
            uut.in_b.next = to_bits(v[6]);
            uut.in_c.next = to_bits(v[7]);
        }
        uut.clock.next = Clock { clk: false };
        assert!(simulate(&mut uut, 1000));
        let due = matches!(pending.front(), Some(&(e, _)) if e == edges);
        assert_eq!(
            uut.out_valid.val(),
            due,
            "depth {depth}: out_valid after {edges} edges"
        );
        if due {
            let (_, i) = pending.pop_front().unwrap();
            let op: &DfmaOperation = &ops[i];
            let (want, want_flags) = m::execute_with_flags(op);
            let d = from_bits(uut.out_d.val()) as u64;
            let pred = uut.out_pred.val();
            let flags = from_bits(uut.out_flags.val()) as u8;
            let got = match want {
                DfmaResult::Value(_) => DfmaResult::Value(d),
                DfmaResult::Pred(_) => DfmaResult::Pred(pred),
            };
            let tag = from_bits(uut.out_tag.val()) as usize;
            if got != want || flags != want_flags || tag != i % 256 {
                failures.push(format!(
                    "depth {depth}: {} ({:?} {:?} {:?}): RTL {got:x?} flags {flags:#04x} tag {tag}, \
                     model {want:x?} flags {want_flags:#04x}",
                    units::dfma::vectors::format_operation(op),
                    op.a_mod,
                    op.b_mod,
                    op.c_mod
                ));
            }
            checked += 1;
        }
        if present {
            pending.push_back((edges + latency, next));
            next += 1;
        }
        uut.clock.next = Clock { clk: true };
        assert!(simulate(&mut uut, 1000));
        edges += 1;
    }
    println!(
        "depth {depth}: {} operations in {:.1} s",
        ops.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn rtl_flags_match_the_model_in_all_five_modes_at_the_default_depth() {
    check_rtl(DEFAULT_DEPTH, 1500, 0xC0DE_0015);
}

#[test]
fn rtl_flags_match_the_model_in_all_five_modes_at_depth_1() {
    check_rtl(1, 1500, 0xC0DE_0001);
}
