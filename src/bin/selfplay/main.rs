//! `selfplay`: the native command line. Shaped `selfplay <game> <command>`,
//! so that every figure in the README and docs/ has a command that reproduces it.
//!
//! Exit codes: 0 success, 2 bad input (with a message), 1 an internal error
//! or a check asked for (`--check`, a file's expected scores) that found a
//! difference (`check failed: …`).

#[cfg(not(target_arch = "wasm32"))]
mod model;
#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
mod play;
#[cfg(not(target_arch = "wasm32"))]
mod ready;
#[cfg(not(target_arch = "wasm32"))]
mod run;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

/// The command line is native only; a wasm build of the test targets
/// compiles this stand-in.
#[cfg(target_arch = "wasm32")]
fn main() {}
