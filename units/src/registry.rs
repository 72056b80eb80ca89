//! The units the tools know, by name.

use crate::unit::{UnitCodec, UnitInfo};
use crate::xmu;

/// Every unit name, in the order `rtl-gen list` prints them.
pub const UNIT_NAMES: &[&str] = &["atom", "dfma", "mufu", "redux", "xmu"];

/// The variant families of the base units, first and last name each:
/// `("dfma_d1", "dfma_d10")` stands for `dfma_d1` … `dfma_d10`.
pub fn variant_ranges() -> [(&'static str, &'static str); 3] {
    let ends = |names: &[&'static str]| (names[0], names[names.len() - 1]);
    [
        ends(&crate::atom::codec::FP_PHASE_NAMES),
        ends(&crate::dfma::codec::DEPTH_NAMES),
        ends(&crate::mufu::codec::DEPTH_NAMES),
    ]
}

/// The codec (vector format + golden model) of a unit.
pub fn codec(name: &str) -> Option<Box<dyn UnitCodec>> {
    match name {
        // `atom` and its float-add variants `atom_fp2` ... `atom_fp4`.
        n if crate::atom::codec::fp_phases_of(n).is_some() => {
            Some(Box::new(crate::atom::codec::AtomCodec::from_name(n)?))
        }
        "redux" => Some(Box::new(crate::redux::codec::ReduxCodec)),
        "xmu" => Some(Box::new(xmu::codec::XmuCodec)),
        // `dfma` and its depth variants `dfma_d1` ... `dfma_d10`.
        n if crate::dfma::codec::depth_of(n).is_some() => {
            Some(Box::new(crate::dfma::codec::DfmaCodec::from_name(n)?))
        }
        // `mufu` and its depth variants `mufu_d2` ... `mufu_d15`.
        n if crate::mufu::codec::depth_of(n).is_some() => {
            Some(Box::new(crate::mufu::codec::MufuCodec::from_name(n)?))
        }
        _ => None,
    }
}

/// The info of a unit.
pub fn info(name: &str) -> Option<UnitInfo> {
    codec(name).map(|c| c.info())
}

/// The unit's Verilog, with the top module named after the unit and its
/// sub-modules prefixed by it (`xmu`, `xmu$lzc`, ...).
pub fn verilog(name: &str) -> Option<String> {
    let text = match name {
        n if crate::atom::codec::fp_phases_of(n).is_some() => {
            rust_hdl::prelude::generate_verilog(&built(
                crate::atom::rtl::DefaultAtom::with_fp_phases(crate::atom::codec::fp_phases_of(n)?),
            ))
        }
        "redux" => rust_hdl::prelude::generate_verilog(&built(crate::redux::rtl::Redux::default())),
        "xmu" => rust_hdl::prelude::generate_verilog(&built(xmu::rtl::Xmu::default())),
        n if crate::dfma::codec::depth_of(n).is_some() => {
            rust_hdl::prelude::generate_verilog(&built(crate::dfma::rtl::Dfma::new(
                crate::dfma::codec::depth_of(n)?,
            )))
        }
        n if crate::mufu::codec::depth_of(n).is_some() => {
            rust_hdl::prelude::generate_verilog(&built(crate::mufu::rtl::Mufu::new(
                crate::mufu::codec::depth_of(n)?,
            )))
        }
        _ => return None,
    };
    Some(rename_top(&text, name))
}

/// Connects a top block so that it can be checked and exported.
fn built<B: rust_hdl::prelude::Block>(mut uut: B) -> B {
    uut.connect_all();
    uut
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

#[cfg(test)]
mod tests {
    #[test]
    fn xmu_verilog_is_renamed() {
        let v = super::verilog("xmu").unwrap();
        assert!(v.contains("module xmu("), "{v}");
        assert!(!v.contains("top$"), "{v}");
    }
}
