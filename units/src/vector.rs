//! Shared pieces of the vector-file format of INTERFACES.md: one operation per
//! line, space-separated fields, `#` comments, hexadecimal operands without `0x`,
//! exactly as wide as the operand.
//!
//! Parsers report a [`FieldError`] naming the 1-based field and what was wrong;
//! the caller adds the file name and line number.

use std::fmt;

/// What was wrong with one field of a vector line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// 1-based index of the offending field (0 when the line as a whole is wrong).
    pub field: usize,
    /// What the field holds, e.g. `mnemonic`, `operand a`.
    pub what: String,
    /// Why it was rejected.
    pub message: String,
}

impl FieldError {
    pub fn new(field: usize, what: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field,
            what: what.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field == 0 {
            write!(f, "{}: {}", self.what, self.message)
        } else {
            write!(f, "field {} ({}): {}", self.field, self.what, self.message)
        }
    }
}

/// Removes the comment and surrounding blanks; `None` for a line with nothing left.
pub fn strip_comment(line: &str) -> Option<&str> {
    let text = match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    };
    let text = text.trim();
    (!text.is_empty()).then_some(text)
}

/// Splits a (comment-stripped) line into fields.
pub fn fields(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Parses a hexadecimal operand of exactly `bits / 4` digits (rounded up).
/// `field` is the 1-based field index used in the error.
pub fn parse_hex(token: &str, bits: u32, field: usize, what: &str) -> Result<u128, FieldError> {
    let digits = bits.div_ceil(4) as usize;
    if token.len() != digits {
        return Err(FieldError::new(
            field,
            what,
            format!(
                "expected {digits} hex digits for a {bits}-bit value, found {:?} ({} characters)",
                token,
                token.chars().count()
            ),
        ));
    }
    if !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(FieldError::new(
            field,
            what,
            format!("{token:?} is not hexadecimal (digits 0-9a-f, no 0x)"),
        ));
    }
    let value = u128::from_str_radix(token, 16)
        .map_err(|e| FieldError::new(field, what, format!("{token:?}: {e}")))?;
    if bits < 128 && value >> bits != 0 {
        return Err(FieldError::new(
            field,
            what,
            format!("{token:?} does not fit in {bits} bits"),
        ));
    }
    Ok(value)
}

/// Checks the number of fields of a line (mnemonic included).
pub fn expect_fields(fields: &[&str], count: usize, usage: &str) -> Result<(), FieldError> {
    if fields.len() < count {
        return Err(FieldError::new(
            fields.len() + 1,
            "operand",
            format!("missing; expected `{usage}`"),
        ));
    }
    if fields.len() > count {
        return Err(FieldError::new(
            count + 1,
            "operand",
            format!(
                "unexpected extra field {:?}; expected `{usage}`",
                fields[count]
            ),
        ));
    }
    Ok(())
}

/// Formats a value as lower-case hex, `bits / 4` digits.
pub fn hex(value: u128, bits: u32) -> String {
    format!("{:0width$x}", value, width = bits.div_ceil(4) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_errors() {
        assert_eq!(parse_hex("0000ffff", 32, 2, "x"), Ok(0xffff));
        assert_eq!(hex(0xffff, 32), "0000ffff");
        assert_eq!(parse_hex("fff", 32, 2, "x").unwrap_err().field, 2);
        assert!(parse_hex("0x00ffff", 32, 2, "x").is_err());
        assert!(parse_hex("f", 3, 2, "x").is_err());
        assert_eq!(strip_comment("  # only a comment"), None);
        assert_eq!(strip_comment("popc 1 # c"), Some("popc 1"));
    }
}
