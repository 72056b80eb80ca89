//! The MUFU coefficient-ROM generator.
//!
//! Every table is a list of *regions*; a region is `2^k` equal segments of a
//! reduced argument, each holding a quadratic `C0 + C1·u + C2·u²` in the
//! integer format of [`super::datapath`]. For each segment the generator
//!
//! 1. fits a weighted minimax quadratic in `f64` (a discrete Remez exchange on
//!    a 257-point grid, error weighted by `1/ulp` of the exact result, or
//!    uniformly for the absolute-error tables LG2 and SIN);
//! 2. quantises it by search, measuring every candidate on the *real integer
//!    datapath* ([`datapath::poly`], truncated squarer and truncated products)
//!    at 512 realisable arguments: C1 is tried at ±2 LSB of its rounded value,
//!    C2 at ±2 LSB around the value that re-balances C1's rounding error
//!    (`Δ1·u ≈ Δ1·u² + Δ1/8`), and C0 at the middle of the measured residual
//!    ±1 LSB, so that C0 absorbs the truncation biases. The score is
//!    `max|e| + ¼·mean|e|` of the error before the final rounding, in ulps
//!    (or in 2^-24 for the absolute-error tables);
//! 3. enforces *pins*: values that must come out exact (RCP(1) = 1, LG2(1) = 0,
//!    SIN(0) = 0, sin(¼ rev) = 1, EX2(0) = 1, ...).
//!
//! The generation is deterministic (no randomness except a fixed LCG for the
//! sample positions, plain `f64` libm functions) and takes a fraction of a
//! second; [`tables()`] caches it in a `OnceLock`.
//!
//! # ROM layout
//! One address space of [`ROM_DEPTH`] words of at most [`ROM_WORD_W`] bits: three
//! ECP5 DP16KD in 1K×18 mode side by side. Each region owns the addresses
//! `base .. base + 2^k` and its own field split `{C0 (w0) | C1 (w1) | C2 (w2)}`
//! (C2 in the low bits); the per-region constants (`k0`, shifts, signs, unit
//! exponent) live in a small decoder beside the ROM. The ROM bits reported are
//! `Σ segments × (w0 + w1 + w2)`.

use std::sync::OnceLock;

use fixed::types::extra::U48;
use fixed::FixedI64;

use super::datapath::{self, RegionFmt, Word, FRAC_W, GUARD_W, MUL_W, SQ_W, U_LO_W, U_W};

/// Depth of the shared coefficient ROM (10 address bits).
pub const ROM_DEPTH: usize = 1024;
/// Widest ROM word: three 18-bit-wide block RAMs side by side.
pub const ROM_WORD_W: u32 = 54;
/// ROM budget of the issue: 48 Kbit.
pub const ROM_BUDGET_BITS: usize = 48 * 1024;

/// A coefficient's value relative to `2^E_arg`, with `u ∈ [0, 1)`: wide enough
/// to hold every stored field exactly.
pub type Coef = FixedI64<U48>;

/// Which function a table serves (RCP64H/RSQ64H reuse RCP/RSQ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableId {
    /// 1/m, m ∈ [1, 2).
    Rcp,
    /// 1/√m, m ∈ [1, 2) and [2, 4).
    Rsq,
    /// √m, m ∈ [1, 2) and [2, 4).
    Sqrt,
    /// 2^f, f ∈ [0, 1).
    Ex2,
    /// log2(m), m ∈ [1, 2).
    Lg2,
    /// sin(2πr), r ∈ [0, ¼) revolutions.
    Sin,
    /// tanh(x) − x below ¼ (per binade), tanh(x) from ¼ to 9.
    Tanh,
}

impl TableId {
    /// Every table, in ROM order.
    pub const ALL: [TableId; 7] = [
        TableId::Rcp,
        TableId::Rsq,
        TableId::Sqrt,
        TableId::Ex2,
        TableId::Lg2,
        TableId::Sin,
        TableId::Tanh,
    ];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            TableId::Rcp => "rcp",
            TableId::Rsq => "rsq",
            TableId::Sqrt => "sqrt",
            TableId::Ex2 => "ex2",
            TableId::Lg2 => "lg2",
            TableId::Sin => "sin",
            TableId::Tanh => "tanh",
        }
    }
}

/// The format of one stored field: `value = offset + field · 2^lsb_exp`, negated
/// when `negative` (values relative to `2^E_arg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldFormat {
    /// Stored bits.
    pub bits: u32,
    /// Weight of the field's LSB.
    pub lsb_exp: i32,
    /// Constant added (C0's implicit part; zero for C1, C2).
    pub offset: Coef,
    /// The term is subtracted.
    pub negative: bool,
}

/// One region of a table: its datapath constants and its ROM words.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Human-readable range, e.g. `rsq m∈[2,4)`.
    pub name: String,
    /// Datapath constants.
    pub fmt: RegionFmt,
    /// One word per segment.
    pub words: Vec<Word>,
    /// Largest error before the final rounding the generator measured, in ulps of
    /// the result (in 2^-24 for the absolute-error tables).
    pub fit_max: f64,
    /// Mean of the same.
    pub fit_mean: f64,
}

impl Region {
    /// ROM bits this region occupies.
    pub fn rom_bits(&self) -> usize {
        self.words.len() * self.word_bits() as usize
    }

    /// Width of this region's words.
    pub fn word_bits(&self) -> u32 {
        self.fmt.w0 + self.fmt.w1 + self.fmt.w2
    }

    /// Formats of C0, C1 and C2.
    pub fn formats(&self) -> [FieldFormat; 3] {
        let f = &self.fmt;
        let e1 = U_W as i32 - f.sh1 as i32;
        let e2 = SQ_W as i32 - f.sh2 as i32;
        [
            FieldFormat {
                bits: f.w0,
                lsb_exp: f.unit_exp + f.s0 as i32,
                offset: Coef::from_bits(shift_bits(f.k0, f.unit_exp)),
                negative: false,
            },
            FieldFormat {
                bits: f.w1,
                lsb_exp: f.unit_exp + e1,
                offset: Coef::ZERO,
                negative: f.neg1,
            },
            FieldFormat {
                bits: f.w2,
                lsb_exp: f.unit_exp + e2,
                offset: Coef::ZERO,
                negative: f.neg2,
            },
        ]
    }

    /// The coefficients of segment `i` as signed fixed-point values (relative
    /// to `2^E_arg`, for `u ∈ [0, 1)`).
    pub fn coefs(&self, i: usize) -> [Coef; 3] {
        let w = &self.words[i];
        let [f0, f1, f2] = self.formats();
        let c0 = f0.offset + Coef::from_bits(shift_bits(w.c0 as i64, f0.lsb_exp));
        let c1 = Coef::from_bits(shift_bits(w.c1 as i64, f1.lsb_exp));
        let c2 = Coef::from_bits(shift_bits(w.c2 as i64, f2.lsb_exp));
        [
            c0,
            if f1.negative { -c1 } else { c1 },
            if f2.negative { -c2 } else { c2 },
        ]
    }
}

/// `v · 2^e` as the bits of a [`Coef`] (48 fractional bits).
fn shift_bits(v: i64, e: i32) -> i64 {
    let s = e + 48;
    if s >= 0 {
        v << s
    } else {
        v >> (-s)
    }
}

/// The table of one function.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Which function.
    pub id: TableId,
    /// Its regions, in the order the argument reduction numbers them.
    pub regions: Vec<Region>,
}

impl Table {
    /// ROM bits of the whole table.
    pub fn rom_bits(&self) -> usize {
        self.regions.iter().map(Region::rom_bits).sum()
    }

    /// Number of ROM words.
    pub fn segments(&self) -> usize {
        self.regions.iter().map(|r| r.words.len()).sum()
    }
}

/// Every table of the unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    /// In [`TableId::ALL`] order.
    pub tables: Vec<Table>,
    /// Every region's constants, tables in order (the region decoder).
    pub fmts: Vec<RegionFmt>,
    /// Index into `fmts` of each table's first region.
    pub first_region: [usize; 7],
    /// The ROM, address by address.
    pub rom: Vec<Word>,
}

impl Tables {
    /// The table of one function.
    pub fn get(&self, id: TableId) -> &Table {
        &self.tables[id as usize]
    }

    /// The constants of a table's region (flat lookup for the model).
    #[inline(always)]
    pub fn fmt(&self, id: TableId, region: usize) -> &RegionFmt {
        &self.fmts[self.first_region[id as usize] + region]
    }

    /// Total ROM bits.
    pub fn rom_bits(&self) -> usize {
        self.tables.iter().map(Table::rom_bits).sum()
    }

    /// Total ROM words.
    pub fn segments(&self) -> usize {
        self.tables.iter().map(Table::segments).sum()
    }

    /// The tables as text for `rtl-gen tables mufu`: per region its datapath
    /// constants and field formats, then one line per segment with the
    /// address, the packed word and the coefficients as fixed-point values.
    /// `only`: one table, or all.
    pub fn to_text(&self, only: Option<TableId>) -> String {
        let mut out = String::new();
        for t in self
            .tables
            .iter()
            .filter(|t| only.is_none_or(|o| o == t.id))
        {
            out.push_str(&format!(
                "table {}: {} words, {} ROM bits\n",
                t.id.name(),
                t.segments(),
                t.rom_bits()
            ));
            for r in &t.regions {
                let f = &r.fmt;
                let [f0, f1, f2] = r.formats();
                out.push_str(&format!(
                    "  region {}: base {} k {} word {} bits; sum LSB 2^{}; \
                     C0 = {} + u{}·2^{}, C1 = {}u{}·2^{}, C2 = {}u{}·2^{}; \
                     shifts s0 {} sh1 {} sh2 {}; fit max {:.3} mean {:.3}\n",
                    r.name,
                    f.base,
                    f.k,
                    r.word_bits(),
                    f.unit_exp,
                    f0.offset,
                    f0.bits,
                    f0.lsb_exp,
                    if f1.negative { "−" } else { "+" },
                    f1.bits,
                    f1.lsb_exp,
                    if f2.negative { "−" } else { "+" },
                    f2.bits,
                    f2.lsb_exp,
                    f.s0,
                    f.sh1,
                    f.sh2,
                    r.fit_max,
                    r.fit_mean
                ));
                let hex_w = r.word_bits().div_ceil(4) as usize;
                for (i, w) in r.words.iter().enumerate() {
                    let [c0, c1, c2] = r.coefs(i);
                    out.push_str(&format!(
                        "    {:4} {:0hex_w$x}  C0 {:<22} C1 {:<22} C2 {}\n",
                        f.base as usize + i,
                        w.pack(f),
                        c0.to_string(),
                        c1.to_string(),
                        c2
                    ));
                }
            }
        }
        out
    }

    /// The ROM image, address by address (unused addresses read 0).
    pub fn rom_image(&self) -> Vec<u64> {
        let mut rom = vec![0u64; ROM_DEPTH];
        for t in &self.tables {
            for r in &t.regions {
                for (i, w) in r.words.iter().enumerate() {
                    rom[r.fmt.base as usize + i] = w.pack(&r.fmt);
                }
            }
        }
        rom
    }

    /// A 64-bit FNV-1a digest of every region's constants and words.
    pub fn digest(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut eat = |v: u64| {
            for b in v.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x100_0000_01b3);
            }
        };
        for t in &self.tables {
            for r in &t.regions {
                let f = &r.fmt;
                for v in [
                    f.k as u64,
                    f.base as u64,
                    f.w0 as u64,
                    f.w1 as u64,
                    f.w2 as u64,
                    f.k0 as u64,
                    f.s0 as u64,
                    f.sh1 as u64,
                    f.sh2 as u64,
                    f.neg1 as u64,
                    f.neg2 as u64,
                    f.unit_exp as u64,
                ] {
                    eat(v);
                }
                for w in &r.words {
                    eat(w.pack(f));
                }
            }
        }
        h
    }
}

/// The tables, generated on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(generate)
}

// ---------------------------------------------------------------------------
// Region specifications (what the generator is asked for)
// ---------------------------------------------------------------------------

/// The exact result of a region at a fraction: `(total, addend)` in sum LSBs;
/// the polynomial must approximate `total − addend`.
type Target = Box<dyn Fn(u32) -> (f64, i64) + Sync + Send>;

/// A value that must come out exactly: the sum at `frac` (addend included)
/// must lie in `lo..=hi`.
#[derive(Clone, Copy, Debug)]
struct Pin {
    frac: u32,
    lo: i64,
    hi: i64,
}

/// What the generator is asked to build for one region.
struct RegionSpec {
    name: String,
    /// Index bits.
    k: u32,
    /// Realisable fractions are multiples of `2^frac_lsb`.
    frac_lsb: u32,
    /// Sum LSB relative to `2^E_arg`.
    unit_exp: i32,
    /// C0's LSB in sum LSBs (log2).
    s0: u32,
    /// C1 and C2 magnitude widths.
    w1: u32,
    w2: u32,
    /// Error unit in sum LSBs for absolute-error tables; `None`: the ulp of the exact result.
    abs_unit: Option<f64>,
    target: Target,
    /// `(segment, pin)`.
    pins: Vec<(usize, Pin)>,
}

/// Sum LSBs per ulp of a `sig_w`-bit result whose exact value is `t` sum LSBs.
fn ulp_units(t: f64) -> f64 {
    let e = t.abs().log2().floor();
    // log2 of an exact power of two is exact; guard the rounding of others.
    let mut p = 2f64.powf(e);
    if p > t.abs() {
        p /= 2.0;
    } else if 2.0 * p <= t.abs() {
        p *= 2.0;
    }
    p / 2f64.powi(23)
}

/// The half-open rounding interval of sum values that round to exactly `2^e` (24-bit result).
fn pin_pow2(frac: u32, e: u32) -> Pin {
    Pin {
        frac,
        lo: (1i64 << e) - (1i64 << (e - 25)),
        hi: (1i64 << e) + (1i64 << (e - 24)) - 1,
    }
}

/// One region of a mantissa-indexed table (RCP, RSQ, SQRT, LG2): the regions of
/// a table are ordered by exponent parity, then by the value of the top
/// `prefix_w` mantissa bits; a region uses the `2^k` segments of its slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MantRegion {
    /// 0: m ∈ [1, 2); 1: the odd-exponent half, 2m ∈ [2, 4) (RSQ, SQRT).
    pub parity: u32,
    /// Value of the top `prefix_w` mantissa bits (the table's split for this parity).
    pub prefix: u32,
    /// Index bits.
    pub k: u32,
    /// C0 LSB (log2, in sum LSBs).
    pub s0: u32,
    /// |C1| width.
    pub w1: u32,
    /// |C2| width.
    pub w2: u32,
}

const fn mr(parity: u32, prefix: u32, k: u32, s0: u32, w1: u32, w2: u32) -> MantRegion {
    MantRegion {
        parity,
        prefix,
        k,
        s0,
        w1,
        w2,
    }
}

/// Prefix widths per parity (`[even, odd]`) of each mantissa table.
pub const RCP_SPLIT: [u32; 2] = [0, 0];
/// RCP: 1/m on [1, 2).
pub const RCP_REGIONS: &[MantRegion] = &[mr(0, 0, 7, 6, 18, 11)];
/// RSQ prefix widths.
pub const RSQ_SPLIT: [u32; 2] = [1, 1];
/// RSQ: 1/√m on [1, 1.5), [1.5, 2); 1/√(2m) on [2, 3), [3, 4).
pub const RSQ_REGIONS: &[MantRegion] = &[
    mr(0, 0, 6, 5, 18, 11),
    mr(0, 1, 5, 5, 18, 11),
    mr(1, 0, 6, 5, 18, 11),
    mr(1, 1, 5, 5, 18, 11),
];
/// SQRT prefix widths.
pub const SQRT_SPLIT: [u32; 2] = [1, 1];
/// SQRT: √m on [1, 1.5), [1.5, 2); √(2m) on [2, 3), [3, 4).
pub const SQRT_REGIONS: &[MantRegion] = &[
    mr(0, 0, 5, 5, 18, 11),
    mr(0, 1, 4, 5, 18, 11),
    mr(1, 0, 5, 5, 18, 11),
    mr(1, 1, 4, 5, 18, 11),
];
/// LG2 prefix widths.
pub const LG2_SPLIT: [u32; 2] = [1, 0];
/// LG2: log2(m) on [1, 1.5), [1.5, 2).
pub const LG2_REGIONS: &[MantRegion] = &[mr(0, 0, 6, 7, 18, 11), mr(0, 1, 5, 7, 18, 11)];

/// The region and fraction of a mantissa-indexed table for a mantissa.
#[inline(always)]
pub fn mant_region(split: [u32; 2], parity: u32, mant: u32) -> (usize, u32) {
    let p = split[parity as usize];
    let first = if parity == 0 { 0 } else { 1usize << split[0] };
    let prefix = if p == 0 { 0 } else { mant >> (23 - p) };
    (first + prefix as usize, mant << (9 + p))
}

fn mantissa_specs(
    name: &str,
    split: [u32; 2],
    regions: &[MantRegion],
    unit_exp: i32,
    f: fn(f64) -> f64,
) -> Vec<RegionSpec> {
    let scale = 2f64.powi(-unit_exp);
    regions
        .iter()
        .map(|r| {
            let p = split[r.parity as usize];
            let lo = (1.0 + r.prefix as f64 / (1u64 << p) as f64) * (1 + r.parity) as f64;
            let hi = (1.0 + (r.prefix + 1) as f64 / (1u64 << p) as f64) * (1 + r.parity) as f64;
            let (parity, prefix) = (r.parity, r.prefix);
            RegionSpec {
                name: format!("{name} m∈[{lo},{hi})"),
                k: r.k,
                frac_lsb: 9 + p,
                unit_exp,
                s0: r.s0,
                w1: r.w1,
                w2: r.w2,
                abs_unit: None,
                target: Box::new(move |frac| {
                    let m = (1.0
                        + (prefix as f64 + frac as f64 / 4294967296.0) / (1u64 << p) as f64)
                        * (1 + parity) as f64;
                    (f(m) * scale, 0)
                }),
                pins: vec![],
            }
        })
        .collect()
}

/// The generator's inputs for every table: segment counts, field widths and
/// the function each region approximates. This is the design.
fn specs(id: TableId) -> Vec<RegionSpec> {
    let g = GUARD_W as i32;
    match id {
        TableId::Rcp => {
            let mut r = mantissa_specs("rcp", RCP_SPLIT, RCP_REGIONS, -24 - g, |m| 1.0 / m);
            r[0].pins.push((0, pin_pow2(0, 32)));
            r
        }
        TableId::Rsq => {
            let mut r = mantissa_specs("rsq", RSQ_SPLIT, RSQ_REGIONS, -24 - g, |m| 1.0 / m.sqrt());
            r[0].pins.push((0, pin_pow2(0, 32)));
            r
        }
        TableId::Sqrt => {
            let mut r = mantissa_specs("sqrt", SQRT_SPLIT, SQRT_REGIONS, -23 - g, f64::sqrt);
            r[0].pins.push((0, pin_pow2(0, 31)));
            r
        }
        TableId::Ex2 => {
            let unit_exp = -23 - g;
            let scale = 2f64.powi(-unit_exp);
            vec![RegionSpec {
                name: "ex2 f∈[0,1)".into(),
                k: 6,
                frac_lsb: 0,
                unit_exp,
                s0: 6,
                w1: 18,
                w2: 11,
                abs_unit: None,
                target: Box::new(move |frac| ((frac as f64 / 4294967296.0).exp2() * scale, 0)),
                pins: vec![(0, pin_pow2(0, 31))],
            }]
        }
        TableId::Lg2 => {
            let mut r = mantissa_specs("lg2", LG2_SPLIT, LG2_REGIONS, -24 - g, f64::log2);
            for spec in r.iter_mut() {
                spec.abs_unit = Some(2f64.powi(g));
            }
            r[0].pins.push((
                0,
                Pin {
                    frac: 0,
                    lo: 0,
                    hi: 0,
                },
            ));
            let last = r.len() - 1;
            let segs = (1usize << r[last].k) - 1;
            let frac = u32::MAX << r[last].frac_lsb;
            r[last].pins.push((
                segs,
                Pin {
                    frac,
                    lo: 0,
                    hi: (1i64 << 32) - 1,
                },
            ));
            r
        }
        TableId::Sin => {
            let unit_exp = -24 - g;
            let scale = 2f64.powi(-unit_exp);
            vec![RegionSpec {
                name: "sin r∈[0,¼)".into(),
                k: 6,
                frac_lsb: 0,
                unit_exp,
                s0: 7,
                w1: 18,
                w2: 11,
                abs_unit: Some(2f64.powi(g)),
                target: Box::new(move |frac| {
                    let r = frac as f64 / 4294967296.0; // quarter revolutions
                    ((r * std::f64::consts::FRAC_PI_2).sin() * scale, 0)
                }),
                pins: vec![
                    (
                        0,
                        Pin {
                            frac: 0,
                            lo: 0,
                            hi: 0,
                        },
                    ),
                    (
                        63,
                        Pin {
                            frac: u32::MAX,
                            lo: (1i64 << 32) - (1 << 7),
                            hi: (1i64 << 32) + (1 << 8) - 1,
                        },
                    ),
                ],
            }]
        }
        TableId::Tanh => tanh_specs(),
    }
}

/// TANH regions, by the binade `e` of |x|: see [`TANH_REGIONS`].
fn tanh_specs() -> Vec<RegionSpec> {
    let g = GUARD_W as i32;
    TANH_REGIONS
        .iter()
        .map(|&(e, k, s0, w1, w2)| {
            if e <= TANH_DIFF_MAX_EXP {
                // tanh(x) − x, in units of the input's binade; the addend is x.
                let unit_exp = -23 - g;
                let scale = 2f64.powi(-unit_exp);
                RegionSpec {
                    name: format!("tanh−x x∈[2^{e},2^{})", e + 1),
                    k,
                    frac_lsb: 9,
                    unit_exp,
                    s0,
                    w1,
                    w2,
                    abs_unit: None,
                    target: Box::new(move |frac| {
                        let m = 1.0 + frac as f64 / 4294967296.0;
                        let x = m * 2f64.powi(e);
                        let addend = ((1i64 << 23) + (frac >> 9) as i64) << g;
                        (x.tanh() / 2f64.powi(e) * scale, addend)
                    }),
                    pins: vec![],
                }
            } else if e < 3 {
                let unit_exp = if e == -2 { -25 - g } else { -24 - g };
                let scale = 2f64.powi(-unit_exp);
                RegionSpec {
                    name: format!("tanh x∈[2^{e},2^{})", e + 1),
                    k,
                    frac_lsb: 9,
                    unit_exp,
                    s0,
                    w1,
                    w2,
                    abs_unit: None,
                    target: Box::new(move |frac| {
                        let x = (1.0 + frac as f64 / 4294967296.0) * 2f64.powi(e);
                        (x.tanh() * scale, 0)
                    }),
                    pins: vec![],
                }
            } else {
                // [8, 9): the fraction is (x − 8) in [0, 1), i.e. mant << 12.
                let unit_exp = -24 - g;
                let scale = 2f64.powi(-unit_exp);
                RegionSpec {
                    name: "tanh x∈[8,9)".into(),
                    k,
                    frac_lsb: 12,
                    unit_exp,
                    s0,
                    w1,
                    w2,
                    abs_unit: None,
                    target: Box::new(move |frac| {
                        let x = 8.0 + frac as f64 / 4294967296.0;
                        (x.tanh() * scale, 0)
                    }),
                    pins: vec![],
                }
            }
        })
        .collect()
}

/// Below this exponent TANH returns x (tanh(x) rounds to x for |x| < 2^-12).
pub const TANH_TINY_EXP: i32 = -12;
/// Largest binade stored as tanh(x) − x (with x added back in the sum).
pub const TANH_DIFF_MAX_EXP: i32 = -3;
/// |x| ≥ this saturates to 1.0 (tanh(9) = 1 − 2^-24.97, which rounds to 1 − 2^-24 … the
/// region [8, 9) is tabulated, everything from 9 up returns 1.0).
pub const TANH_SAT: f32 = 9.0;

/// `(binade e, index bits k, C0 LSB s0, C1 width, C2 width)` per TANH region;
/// the last entry is the partial binade [8, 9).
pub const TANH_REGIONS: [(i32, u32, u32, u32, u32); 16] = [
    (-12, 0, 5, 14, 8),
    (-11, 0, 5, 14, 8),
    (-10, 0, 5, 14, 8),
    (-9, 0, 5, 14, 9),
    (-8, 1, 5, 14, 9),
    (-7, 1, 5, 14, 9),
    (-6, 2, 5, 16, 10),
    (-5, 3, 5, 16, 10),
    (-4, 4, 5, 17, 10),
    (-3, 4, 5, 17, 10),
    (-2, 5, 6, 18, 11),
    (-1, 5, 6, 18, 11),
    (0, 6, 5, 18, 11),
    (1, 6, 5, 18, 11),
    (2, 5, 5, 18, 11),
    (3, 0, 5, 18, 11),
];

#[path = "tables_fit.rs"]
mod fit;
use fit::build_region;

/// Generates every table (deterministic).
pub fn generate() -> Tables {
    let mut base = 0u32;
    let mut tables = Vec::new();
    for id in TableId::ALL {
        let mut regions = Vec::new();
        for spec in specs(id) {
            let r = build_region(&spec, base);
            base += r.words.len() as u32;
            regions.push(r);
        }
        tables.push(Table { id, regions });
    }
    assert!(
        base as usize <= ROM_DEPTH,
        "ROM overflows its {ROM_DEPTH} words"
    );
    let mut fmts = Vec::new();
    let mut first_region = [0; 7];
    let mut rom = vec![Word::default(); ROM_DEPTH];
    for (i, t) in tables.iter().enumerate() {
        first_region[i] = fmts.len();
        for r in &t.regions {
            fmts.push(r.fmt);
            rom[r.fmt.base as usize..][..r.words.len()].copy_from_slice(&r.words);
        }
    }
    Tables {
        tables,
        fmts,
        first_region,
        rom,
    }
}
