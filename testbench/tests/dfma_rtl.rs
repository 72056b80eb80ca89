//! The DFMA RTL (`units::dfma::rtl`) against its golden model
//! (`units::dfma::model`, itself checked against SoftFloat in `dfma_model.rs`),
//! on a corner-rich generator in every rounding mode: rust-hdl driven directly
//! and the exported Verilog in Verilator, cycle for cycle. Each pipeline depth
//! is the unit `dfma_d<N>`. What every unit must pass (the other engines,
//! latency of every depth, lint, example vectors, the gtkwave save file) is in
//! `conformance.rs`.
//!
//! Operations come from a seeded generator that mixes raw random bits with the
//! corners an FMA gets wrong (after the model's directed tests): near and exact
//! cancellation, an addend whose sticky bit decides, exponent differences
//! across the whole alignment window, subnormal inputs and outputs, rounding
//! into the smallest normal, tiny products, overflow, every NaN kind and
//! position, and the source modifiers.
//!
//! Long runs (timings printed):
//! `cargo test --release -p testbench --test dfma_rtl -- --ignored --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;
use testbench::engines::{run_and_check, run_ops, Engine};
use testbench::stream::Gaps;
use testbench::tools::require;
use testbench::vectors::{numbered, LineOp};
use units::dfma::codec::encode;
use units::dfma::model::{
    self as m, Cmp, DfmaOp, DfmaOperation, Rounding, SrcMod, FRAC_MASK, INFINITY, MAX_FINITE,
    QUIET_BIT, SIGN_BIT,
};
use units::dfma::vectors::format_operation;
use units::unit::Operation;

// ================================================================ generator

/// A binary64 from sign, biased exponent (clamped into 1..=2046) and fraction.
fn make(sign: bool, exp: i64, frac: u64) -> u64 {
    ((sign as u64) << 63) | ((exp.clamp(1, 2046) as u64) << 52) | (frac & FRAC_MASK)
}

/// Seeded generator of DFMA operations.
struct Gen {
    rng: ChaCha8Rng,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Significands worth trying: powers of two, all ones, near halves, random.
    fn frac(&mut self) -> u64 {
        match self.rng.gen_range(0..8) {
            0 => 0,
            1 => FRAC_MASK,
            2 => self.rng.gen_range(1..4),
            3 => FRAC_MASK - self.rng.gen_range(0..4),
            4 => 1 << 51,
            5 => (1 << 51) + self.rng.gen_range(0..4),
            _ => self.rng.gen::<u64>() & FRAC_MASK,
        }
    }

    fn sign(&mut self) -> bool {
        self.rng.gen()
    }

    fn subnormal(&mut self) -> u64 {
        let frac = match self.rng.gen_range(0..3) {
            0 => 1u64 << self.rng.gen_range(0..52),
            1 => FRAC_MASK >> self.rng.gen_range(0..52),
            _ => (self.rng.gen::<u64>() & FRAC_MASK) >> self.rng.gen_range(0..52),
        };
        ((self.sign() as u64) << 63) | frac.max(1)
    }

    /// NaN (quiet or signalling, any payload), ±∞ or ±0.
    fn special(&mut self) -> u64 {
        let s = (self.sign() as u64) << 63;
        match self.rng.gen_range(0..6) {
            0 | 1 => {
                let payload = match self.rng.gen_range(0..3) {
                    0 => 1,
                    1 => QUIET_BIT - 1,
                    _ => self.rng.gen::<u64>() & (QUIET_BIT - 1),
                }
                .max(1);
                let quiet = if self.rng.gen() { QUIET_BIT } else { 0 };
                s | INFINITY | quiet | payload
            }
            2 | 3 => s | INFINITY,
            _ => s,
        }
    }

    fn normal_near(&mut self, exp: i64, spread: i64) -> u64 {
        let e = exp + self.rng.gen_range(-spread..=spread);
        let (s, f) = (self.sign(), self.frac());
        make(s, e, f)
    }

    fn any(&mut self) -> u64 {
        match self.rng.gen_range(0..10) {
            0..=3 => self.rng.gen(),
            4..=6 => self.normal_near(1023, 60),
            7 => self.subnormal(),
            8 => self.special(),
            _ => {
                let (s, f) = (self.sign(), self.frac());
                make(s, self.rng.gen_range(1..2047), f)
            }
        }
    }

    /// `a, b, c` for an FMA, one corner kind at a time.
    fn fma_operands(&mut self, rm: Rounding) -> (u64, u64, u64) {
        match self.rng.gen_range(0..12) {
            // Raw bits and numbers around 1.0.
            0 => (self.rng.gen(), self.rng.gen(), self.rng.gen()),
            1 => (
                self.normal_near(1023, 60),
                self.normal_near(1023, 60),
                self.normal_near(1023, 120),
            ),
            // Near cancellation: c ≈ −a·b to a few ulps.
            2 => {
                let a = self.normal_near(1023, 400);
                let b = self.normal_near(1023, 400);
                let p = m::mul(a, b, rm);
                let delta: i64 = self.rng.gen_range(-3..=3);
                let flip = self.rng.gen::<u64>() & ((1u64 << self.rng.gen_range(0..12)) - 1);
                let c = if self.rng.gen() {
                    (p ^ SIGN_BIT).wrapping_add(delta as u64)
                } else {
                    (p ^ SIGN_BIT) ^ flip
                };
                (a, b, c)
            }
            // Exponent differences across the whole alignment window.
            3 => {
                let ea = self.rng.gen_range(1..2047i64);
                let eb = self.rng.gen_range(1..2047i64);
                let ec = ea + eb - 1023 + self.rng.gen_range(-175..=175i64);
                let (sa, fa, sb, fb, sc, fc) = (
                    self.sign(),
                    self.frac(),
                    self.sign(),
                    self.frac(),
                    self.sign(),
                    self.frac(),
                );
                (make(sa, ea, fa), make(sb, eb, fb), make(sc, ec, fc))
            }
            // A large addend, the product only its sticky bit (or a half ulp).
            4 => {
                let ec = self.rng.gen_range(400..1600i64);
                let (sc, fc) = (self.sign(), self.frac());
                let c = make(sc, ec, fc);
                let k = if self.rng.gen() {
                    53
                } else {
                    self.rng.gen_range(40..=200i64)
                };
                let ea = self.rng.gen_range(ec - k - 300..ec - k + 300);
                let eb = ec - k - ea + 1023;
                let (sa, fa, sb) = (self.sign(), self.frac(), self.sign());
                let fb = [0, FRAC_MASK, 1][self.rng.gen_range(0..3)];
                (make(sa, ea, fa), make(sb, eb, fb), c)
            }
            // Exact zeros: short significands make a·b exact; c = −a·b.
            5 => {
                let (sa, sb) = (self.sign(), self.sign());
                let a = make(
                    sa,
                    self.rng.gen_range(600..1400),
                    self.rng.gen::<u64>() & (FRAC_MASK & !((1 << 26) - 1)),
                );
                let b = make(
                    sb,
                    self.rng.gen_range(600..1400),
                    self.rng.gen::<u64>() & (FRAC_MASK & !((1 << 27) - 1)),
                );
                (a, b, m::mul(a, b, Rounding::Rn) ^ SIGN_BIT)
            }
            // Subnormals in each position; products around the subnormal range.
            6 => {
                let s = self.subnormal();
                let other = self.any();
                match self.rng.gen_range(0..4) {
                    0 => (s, other, self.any()),
                    1 => (other, s, self.subnormal()),
                    2 => (self.normal_near(1023, 30), self.normal_near(1023, 30), s),
                    _ => {
                        let ea = self.rng.gen_range(1..900i64);
                        let eb = self.rng.gen_range(-1080..-990i64) - (ea - 1023) + 1023;
                        let (x, y) = (self.normal_near(ea, 0), self.normal_near(eb, 0));
                        (x, y, if self.rng.gen() { s } else { 0 })
                    }
                }
            }
            // Rounding into the smallest normal.
            7 => {
                let a = make(
                    self.rng.gen(),
                    1022 + self.rng.gen_range(0..2),
                    FRAC_MASK - self.rng.gen_range(0..64),
                );
                let b = make(
                    self.rng.gen(),
                    1 + self.rng.gen_range(0..2),
                    self.rng.gen_range(0..8),
                );
                let c = [0, 0x000F_FFFF_FFFF_FFFF, 0x0010_0000_0000_0000, 1]
                    [self.rng.gen_range(0..4)]
                    | ((self.sign() as u64) << 63);
                (a, b, c)
            }
            // Overflow under every mode.
            8 => {
                let ea = self.rng.gen_range(1000..2047i64);
                let eb = 2046 + 1023 - ea + self.rng.gen_range(-2..3);
                let (x, y) = (self.normal_near(ea, 0), self.normal_near(eb, 0));
                (x, y, self.normal_near(2030, 16))
            }
            // Specials in random positions.
            9 => {
                let mut v = [self.any(), self.any(), self.any()];
                let mask = self.rng.gen_range(1..8);
                for (i, x) in v.iter_mut().enumerate() {
                    if mask >> i & 1 == 1 {
                        *x = self.special();
                    }
                }
                (v[0], v[1], v[2])
            }
            // Tiny products: far under the subnormal range.
            10 => {
                let a = if self.rng.gen() {
                    self.subnormal()
                } else {
                    self.normal_near(200, 150)
                };
                let b = if self.rng.gen() {
                    self.subnormal()
                } else {
                    self.normal_near(200, 150)
                };
                let c = match self.rng.gen_range(0..3) {
                    0 => (self.sign() as u64) << 63,
                    1 => self.subnormal(),
                    _ => self.any(),
                };
                (a, b, c)
            }
            _ => (self.any(), self.any(), self.any()),
        }
    }

    /// One operation in mode `rm` (MIN/MAX/SETP ignore it).
    fn operation(&mut self, rm: Rounding) -> DfmaOperation {
        let (a, b, c) = self.fma_operands(rm);
        let op = match self.rng.gen_range(0..20) {
            0..=11 => DfmaOp::Fma,
            12 | 13 => DfmaOp::Add,
            14 | 15 => DfmaOp::Mul,
            16 => DfmaOp::Min,
            17 => DfmaOp::Max,
            _ => DfmaOp::Setp(Cmp::ALL[self.rng.gen_range(0..14)]),
        };
        // ADD takes (a, c) so that the cancellation corners carry over.
        let (a, b) = if op == DfmaOp::Add { (a, c) } else { (a, b) };
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
            c: if op == DfmaOp::Fma { c } else { 0 },
            a_mod,
            b_mod,
            c_mod: if op == DfmaOp::Fma {
                c_mod
            } else {
                SrcMod::NONE
            },
        }
    }
}

/// `count` operations in mode `rm` as numbered vector lines.
fn ops(rm: Rounding, count: usize, seed: u64) -> Vec<LineOp> {
    let mut g = Gen::new(seed ^ ((rm.code() as u64) << 56));
    numbered(
        (0..count)
            .map(|_| {
                let op = g.operation(rm);
                let inputs = encode(&op);
                (
                    format_operation(&op),
                    Operation {
                        inputs,
                        answers: true,
                    },
                )
            })
            .collect(),
    )
}

fn gaps(seed: u64) -> Gaps {
    Gaps::Random {
        percent: 20,
        max: 3,
        seed,
    }
}

// ================================================================ rust-hdl

#[test]
fn rust_hdl_matches_model_in_every_mode_at_the_default_depth_and_6() {
    for (unit, per_mode) in [("dfma", 1500), ("dfma_d6", 750)] {
        for rm in Rounding::ALL {
            let list = ops(rm, per_mode, 1);
            let t = run_and_check(unit, Engine::RustHdl, &list, gaps(2));
            println!(
                "{unit} rust-hdl {rm:?}: {per_mode} ops in {:.2} s ({:.0} ops/s)",
                t.as_secs_f64(),
                per_mode as f64 / t.as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore = "long: 100 k operations per rounding mode through rust-hdl (minutes)"]
fn rust_hdl_100k_per_mode() {
    const PER_MODE: usize = 100_000;
    const CHUNK: usize = 25_000;
    for rm in Rounding::ALL {
        let mut total = Duration::ZERO;
        for chunk in 0..PER_MODE / CHUNK {
            let list = ops(rm, CHUNK, 100 + chunk as u64);
            total += run_and_check("dfma", Engine::RustHdl, &list, Gaps::None);
        }
        println!(
            "dfma rust-hdl {rm:?}: {PER_MODE} ops in {:.1} s ({:.0} ops/s)",
            total.as_secs_f64(),
            PER_MODE as f64 / total.as_secs_f64()
        );
    }
}

// ================================================================ Verilator

#[test]
fn verilator_matches_model_and_rust_hdl_cycle_for_cycle() {
    if require("dfma verilator", &["verilator"]).is_none() {
        return;
    }
    for (unit, per_mode) in [("dfma", 25_000), ("dfma_d6", 5_000)] {
        for rm in Rounding::ALL {
            let list = ops(rm, per_mode, 3);
            let t = run_and_check(unit, Engine::Verilator, &list, gaps(4));
            println!(
                "{unit} verilator {rm:?}: {per_mode} ops in {:.2} s",
                t.as_secs_f64()
            );
        }
        let list = ops(Rounding::Rn, 1000, 5);
        let verilated = run_ops(unit, Engine::Verilator, &list, gaps(6), None).unwrap();
        let direct = run_ops(unit, Engine::RustHdl, &list, gaps(6), None).unwrap();
        assert_eq!(verilated, direct, "{unit}: cycle-for-cycle");
    }
}

#[test]
#[ignore = "long: 1 M operations per rounding mode through Verilator"]
fn verilator_1m_per_mode() {
    if require("dfma verilator", &["verilator"]).is_none() {
        return;
    }
    const PER_MODE: usize = 1_000_000;
    const CHUNK: usize = 250_000;
    for rm in Rounding::ALL {
        let mut total = Duration::ZERO;
        for chunk in 0..PER_MODE / CHUNK {
            let list = ops(rm, CHUNK, 1000 + chunk as u64);
            total += run_and_check("dfma", Engine::Verilator, &list, Gaps::None);
        }
        println!(
            "dfma verilator {rm:?}: {PER_MODE} ops in {:.1} s (simulation and I/O)",
            total.as_secs_f64()
        );
    }
}

// ================================================================ generator coverage

#[test]
fn generator_covers_the_corners() {
    // The generated stream must actually hit what it claims to.
    let list: Vec<LineOp> = Rounding::ALL
        .into_iter()
        .flat_map(|rm| ops(rm, 5_000, 99))
        .collect();
    let mut seen = [0usize; 7];
    for op in &list {
        let d = units::dfma::codec::decode(&op.op.inputs);
        let result = match m::execute(&d) {
            m::DfmaResult::Value(v) => v,
            m::DfmaResult::Pred(_) => continue,
        };
        let mag = result & !SIGN_BIT;
        seen[0] += (mag == 0) as usize;
        seen[1] += (mag != 0 && mag < 0x0010_0000_0000_0000) as usize;
        seen[2] += (mag == INFINITY) as usize;
        seen[3] += (mag == MAX_FINITE) as usize;
        seen[4] += (mag > INFINITY) as usize;
        seen[5] += (result == m::DEFAULT_NAN) as usize;
        seen[6] += (d.a_mod != SrcMod::NONE) as usize;
    }
    for (i, &n) in seen.iter().enumerate() {
        assert!(n >= 50, "corner {i} seen only {n} times: {seen:?}");
    }
}
