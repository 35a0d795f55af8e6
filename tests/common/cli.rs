//! Runs the `selfplay` binary that cargo built for the tests, from the
//! crate's root: (exit code, stdout, stderr). `SELFPLAY_CLI_UNDER_TEST=path`
//! runs another build instead (the release binary, an older one).

use std::path::PathBuf;
use std::process::Command;

/// The binary under test.
pub fn binary() -> PathBuf {
    match std::env::var_os("SELFPLAY_CLI_UNDER_TEST") {
        Some(p) => std::fs::canonicalize(p).expect("SELFPLAY_CLI_UNDER_TEST names the binary"),
        None => PathBuf::from(env!("CARGO_BIN_EXE_selfplay")),
    }
}

pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(binary())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
