//! gtkwave's "Translate Filter Process" for the project's waveforms
//! (`rtl-gen wave-filter <kind>`): gtkwave writes a trace's value in hex, one
//! per line, and shows the line the filter answers instead.
//!
//! - [`Kind::Float`]: the hex of a binary64/32/16 or bfloat16 as the shortest
//!   decimal that reads back to the same bits (`1.0`, `0.33333334`,
//!   `-1.5e-7`), or its class: `0`, `-0`, `inf`, `-inf`,
//!   `subnormal 5e-324`, `qNaN(7ff8000000000000)`, `sNaN(7ff0000000000001)`;
//! - [`Kind::Op`]: an operation port's code (`in_op`, the MUFU's `in_func`)
//!   as the unit's mnemonic, taken from the unit's own name tables
//!   ([`op_mnemonic`]).
//!
//! A value that is not hex (gtkwave's `x`/`z` digits) or is wider than the
//! format comes back unchanged.

use units::registry::Unit;

/// An IEEE 754 binary format (or bfloat16): its exponent and fraction widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatFormat {
    pub name: &'static str,
    pub exp_bits: u32,
    pub frac_bits: u32,
}

impl FloatFormat {
    pub const F64: FloatFormat = FloatFormat {
        name: "f64",
        exp_bits: 11,
        frac_bits: 52,
    };
    pub const F32: FloatFormat = FloatFormat {
        name: "f32",
        exp_bits: 8,
        frac_bits: 23,
    };
    pub const F16: FloatFormat = FloatFormat {
        name: "f16",
        exp_bits: 5,
        frac_bits: 10,
    };
    pub const BF16: FloatFormat = FloatFormat {
        name: "bf16",
        exp_bits: 8,
        frac_bits: 7,
    };
    pub const ALL: [FloatFormat; 4] = [Self::F64, Self::F32, Self::F16, Self::BF16];

    /// Total width in bits.
    pub fn bits(self) -> u32 {
        1 + self.exp_bits + self.frac_bits
    }

    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }

    /// The exact value of finite `bits` (every format here fits in an f64).
    pub fn to_f64(self, bits: u64) -> f64 {
        let sign = if bits >> (self.bits() - 1) & 1 == 1 {
            -1.0
        } else {
            1.0
        };
        let exp = (bits >> self.frac_bits) & ((1 << self.exp_bits) - 1);
        let frac = bits & ((1 << self.frac_bits) - 1);
        if self == Self::F64 {
            return f64::from_bits(bits);
        }
        let (significand, e) = if exp == 0 {
            (frac as f64, 1 - self.bias() - self.frac_bits as i32)
        } else {
            (
                (frac | 1 << self.frac_bits) as f64,
                exp as i32 - self.bias() - self.frac_bits as i32,
            )
        };
        sign * significand * 2f64.powi(e)
    }

    /// `x` rounded to this format, nearest-even (finite results only are
    /// asked for here: the decimal of a finite value of the format).
    fn round_bits(self, x: f64) -> u64 {
        if self == Self::F64 {
            return x.to_bits();
        }
        if self == Self::F32 {
            return (x as f32).to_bits() as u64;
        }
        // f16 / bf16: through the exact grid of the format.
        let sign = if x.is_sign_negative() {
            1u64 << (self.bits() - 1)
        } else {
            0
        };
        let a = x.abs();
        let min_exp = 1 - self.bias();
        let mut e = if a == 0.0 {
            min_exp
        } else {
            (a.log2().floor() as i32).max(min_exp)
        };
        // Guard against log2 rounding at powers of two.
        if a >= 2f64.powi(e + 1) {
            e += 1;
        }
        let ulp = 2f64.powi(e - self.frac_bits as i32);
        let m = (a / ulp).round_ties_even();
        let mut units = m as u64; // significand in ulps of 2^e
        let mut biased = if units >> self.frac_bits == 0 {
            0
        } else {
            (e + self.bias()) as u64
        };
        if units >> (self.frac_bits + 1) != 0 {
            units >>= 1;
            biased += 1;
        }
        sign | biased << self.frac_bits | (units & ((1 << self.frac_bits) - 1))
    }

    /// The readable form of `bits` (see the module's documentation).
    pub fn describe(self, bits: u64) -> String {
        let width = self.bits();
        let exp_mask = (1u64 << self.exp_bits) - 1;
        let exp = (bits >> self.frac_bits) & exp_mask;
        let frac = bits & ((1u64 << self.frac_bits) - 1);
        let negative = bits >> (width - 1) & 1 == 1;
        let minus = if negative { "-" } else { "" };
        if exp == exp_mask {
            if frac == 0 {
                return format!("{minus}inf");
            }
            let quiet = frac >> (self.frac_bits - 1) & 1 == 1;
            let digits = width.div_ceil(4) as usize;
            return format!("{}NaN({bits:0digits$x})", if quiet { "q" } else { "s" });
        }
        if exp == 0 && frac == 0 {
            return format!("{minus}0");
        }
        let value = self.to_f64(bits);
        let text = shortest(value, |x| self.round_bits(x) == bits);
        if exp == 0 {
            format!("subnormal {text}")
        } else {
            text
        }
    }
}

/// The shortest decimal of `value` that `same` accepts (reads back to the
/// same bits), as plain decimal between 1e-4 and 1e16 and in `e` notation
/// outside; whole numbers keep a `.0`.
fn shortest(value: f64, same: impl Fn(f64) -> bool) -> String {
    let mut chosen = value;
    for digits in 0..17 {
        let candidate: f64 = format!("{value:.digits$e}").parse().unwrap_or(value);
        if same(candidate) {
            chosen = candidate;
            break;
        }
    }
    let magnitude = chosen.abs();
    let mut text = if (1e-4..1e16).contains(&magnitude) {
        format!("{chosen}")
    } else {
        format!("{chosen:e}")
    };
    if !text.contains(['.', 'e']) {
        text.push_str(".0");
    }
    text
}

/// What a filter process translates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Float(FloatFormat),
    /// The operation code of this unit's operation port.
    Op(Unit),
}

impl Kind {
    /// The words after `wave-filter`: `f64`, `f32`, `f16`, `bf16` or
    /// `op:<unit>`.
    pub fn parse(text: &str) -> Result<Kind, String> {
        if let Some(unit) = text.strip_prefix("op:") {
            let unit = Unit::parse(unit).map_err(|e| format!("wave-filter {text}: {e}"))?;
            return Ok(Kind::Op(unit));
        }
        FloatFormat::ALL
            .into_iter()
            .find(|f| f.name == text)
            .map(Kind::Float)
            .ok_or_else(|| {
                format!(
                    "wave-filter: unknown kind {text:?} (known: f64, f32, f16, bf16, op:<unit>, e.g. op:dfma)"
                )
            })
    }

    /// The line shown for one line gtkwave sent (hex digits, perhaps with
    /// `x`/`z`); anything that does not translate comes back as it was.
    pub fn translate(&self, line: &str) -> String {
        let text = line.trim();
        let Ok(value) = u128::from_str_radix(text, 16) else {
            return text.to_string();
        };
        match self {
            Kind::Float(format) => {
                if value >> format.bits() != 0 {
                    text.to_string()
                } else {
                    format.describe(value as u64)
                }
            }
            Kind::Op(unit) => op_mnemonic(*unit, value).unwrap_or_else(|| format!("? {text}")),
        }
    }
}

/// The mnemonic of operation code `code` on `unit`'s operation port (`in_op`,
/// the MUFU's `in_func`), from the name tables the unit's codec parses and
/// prints vector lines with; `None` for a code no operation uses.
pub fn op_mnemonic(unit: Unit, code: u128) -> Option<String> {
    unit.op_mnemonic(code)
}

/// The name of a unit's operation port: `in_op`, or the MUFU's `in_func`.
pub fn op_port(unit: Unit) -> Option<&'static str> {
    let info = unit.info();
    let name = info
        .inputs()
        .map(|p| p.name)
        .find(|n| *n == "in_op" || *n == "in_func");
    name
}

/// Runs the filter: one translated line out, flushed, for each line in.
pub fn run(
    kind: &Kind,
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        writeln!(output, "{}", kind.translate(&line))?;
        output.flush()?;
    }
    Ok(())
}
