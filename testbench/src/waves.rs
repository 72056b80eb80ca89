//! Checks that a gtkwave save file (`.gtkw`) only names signals that its VCD
//! holds, using the `vcd` crate to read the VCD's scopes.

use std::path::Path;

/// The signal paths a `.gtkw` file displays (`uut.s1_valid.q`, with any
/// `[msb:lsb]` suffix removed), in order.
pub fn gtkw_signals(gtkw: &str) -> Vec<String> {
    gtkw.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(['[', '@', '*', '-']))
        .map(|l| l.split('[').next().unwrap_or(l).to_string())
        .collect()
}

/// The signals of `gtkw` that are missing from the VCD at `vcd_path`.
pub fn missing_signals(gtkw: &str, vcd_path: &Path) -> Result<Vec<String>, String> {
    let file = std::fs::File::open(vcd_path).map_err(|e| format!("{}: {e}", vcd_path.display()))?;
    let mut parser = vcd::Parser::new(std::io::BufReader::new(file));
    let header = parser
        .parse_header()
        .map_err(|e| format!("{}: {e}", vcd_path.display()))?;
    Ok(gtkw_signals(gtkw)
        .into_iter()
        .filter(|signal| {
            let path: Vec<&str> = signal.split('.').collect();
            header.find_var(&path).is_none()
        })
        .collect())
}
