//! The native integration tests, compiled and linked as one binary: every
//! `tests/*.rs` beside this file is a module of it (`automod`), so a new
//! file joins the suite with no list to edit. One binary links the crate
//! once instead of once per file, which was most of `cargo test`'s time.
//!
//! One file's tests: `cargo test --test suite FILE::` (e.g. `cli_walk::`).
//! A file added after the last build joins at the next change to any
//! file of the suite (`touch tests/main.rs`): cargo does not watch the
//! directory itself.
//!
//! Not here: `tests/allocator/*.rs` (each installs a global allocator of
//! its own, so each is a process of its own) and the wasm API tests
//! `tests/web*.rs` (wasm32 only: empty modules here), each a `[[test]]`
//! target in `Cargo.toml`.

automod::dir!("tests");

/// Running the command-line binary, for the files that test it.
#[allow(dead_code)]
#[path = "common/cli.rs"]
mod cli;

// The command-line binary's modules, which `cli_walk` reads the command
// line's definition from (`native::command()`); they name each other from
// the crate root, as in the binary.
#[allow(dead_code)]
#[path = "../src/bin/selfplay/model.rs"]
mod model;
#[allow(dead_code)]
#[path = "../src/bin/selfplay/native.rs"]
mod native;
#[allow(dead_code)]
#[path = "../src/bin/selfplay/play.rs"]
mod play;
#[allow(dead_code)]
#[path = "../src/bin/selfplay/ready.rs"]
mod ready;
#[allow(dead_code)]
#[path = "../src/bin/selfplay/run.rs"]
mod run;
