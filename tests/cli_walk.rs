//! Walks the whole command line: every subcommand and option, enumerated
//! from the clap definitions themselves (the binary's own `command()`), so
//! a new command or option is covered with no change here. For each option
//! that reads a file: a missing file, a directory, `/dev/zero` and a 1 GiB
//! sparse file; that reads a directory: a missing one and a file; that
//! writes a file: a missing directory, a read-only directory, a directory,
//! a FIFO, a character device (a link to `/dev/null`), a read-only (0444)
//! file, an empty name and a name ending in `/`; that writes into a
//! directory: a file, a missing parent and `/proc`; for each number: 0,
//! -1, 2^64, 1e30 and NaN where its declared range refuses them. Each must
//! end with exit 2 and a message naming the argument, before any output,
//! within a time and a memory bound, without a panic, and nothing refused
//! may be replaced.
//!
//! It runs the binary `cargo test` builds; `SELFPLAY_CLI_UNDER_TEST=path`
//! runs another one (the release binary: `cargo build --release`, then
//! `SELFPLAY_CLI_UNDER_TEST=target/release/selfplay cargo test --test
//! suite cli_walk:: -- --nocapture`).
#![cfg(unix)]

use crate::cli;
use cli::binary;

// The command line's own definition (the binary's modules, at the suite's
// root: they name each other from there).
use crate::native;

use std::any::TypeId;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use selfplay::cli::{InputDir, InputPath, OutputDir, OutputPath, UpdatePath};

/// Each case must end within this (generous: the machine may be busy; the
/// cases take milliseconds when it is not).
const TIME_BOUND: Duration = Duration::from_secs(5);
/// Address space of each run.
const MEMORY_BOUND: u64 = 2 << 30;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Input,
    InputDir,
    Output,
    OutputDir,
    Number,
    Other,
}

fn kind(arg: &clap::Arg) -> Kind {
    let id = arg.get_value_parser().type_id();
    let numbers = [
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<u32>(),
        TypeId::of::<u64>(),
        TypeId::of::<usize>(),
        TypeId::of::<i32>(),
        TypeId::of::<i64>(),
        TypeId::of::<f32>(),
        TypeId::of::<f64>(),
    ];
    if id == TypeId::of::<InputPath>() {
        Kind::Input
    } else if id == TypeId::of::<InputDir>() {
        Kind::InputDir
    } else if id == TypeId::of::<OutputPath>() || id == TypeId::of::<UpdatePath>() {
        Kind::Output
    } else if id == TypeId::of::<OutputDir>() {
        Kind::OutputDir
    } else if numbers.iter().any(|n| id == *n) {
        Kind::Number
    } else {
        Kind::Other
    }
}

/// Whether an argument takes a value (flags, help and version do not).
fn takes_value(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_action(),
        clap::ArgAction::Set | clap::ArgAction::Append
    )
}

/// Every leaf command: its path of names and its definition.
fn leaves(cmd: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|s| s.get_name() != "help" && !s.is_hide_set())
        .collect();
    if subs.is_empty() {
        out.push((path.to_vec(), cmd.clone()));
    }
    for s in subs {
        let mut p = path.to_vec();
        p.push(s.get_name().to_string());
        leaves(s, &p, out);
    }
}

/// Whether `value` alone passes the argument's own parser (its declared
/// type and range).
fn accepted(arg: &clap::Arg, value: &str) -> bool {
    let a = arg.clone().required(false);
    let cmd = clap::Command::new("t").arg(a);
    let argv: Vec<String> = match arg.get_long() {
        Some(l) => vec!["t".into(), format!("--{l}={value}")],
        None => vec!["t".into(), "--".into(), value.into()],
    };
    cmd.try_get_matches_from(argv).is_ok()
}

/// A valid value for a required argument that is not the one tried.
fn sample(arg: &clap::Arg, dir: &Path) -> String {
    if let Some(d) = arg.get_default_values().first() {
        return d.to_string_lossy().into_owned();
    }
    if let Some(p) = arg.get_possible_values().first() {
        return p.get_name().to_string();
    }
    match kind(arg) {
        Kind::Input => "/dev/null".into(),
        Kind::InputDir => dir.display().to_string(),
        Kind::Output => dir.join("sample-out.csv").display().to_string(),
        Kind::OutputDir => dir.join("sample-dir").display().to_string(),
        Kind::Number => ["1", "2", "0", "5"]
            .into_iter()
            .find(|v| accepted(arg, v))
            .expect("a small number is accepted")
            .into(),
        Kind::Other => "x".into(),
    }
}

/// The command line of `path` with `value` for `tried` and samples for the
/// other required arguments: options as `--name=value`, then `--`, then
/// the positionals in order.
fn argv(
    path: &[String],
    cmd: &clap::Command,
    tried: &clap::Arg,
    value: &str,
    dir: &Path,
) -> Vec<String> {
    let mut options = Vec::new();
    let mut positionals = Vec::new();
    for a in cmd.get_arguments().filter(|a| takes_value(a)) {
        let v = if a.get_id() == tried.get_id() {
            value.to_string()
        } else if a.is_required_set() {
            sample(a, dir)
        } else {
            continue;
        };
        match a.get_long() {
            Some(l) => options.push(format!("--{l}={v}")),
            None => positionals.push((a.get_index().unwrap_or(0), v)),
        }
    }
    positionals.sort();
    let mut out = path.to_vec();
    out.extend(options);
    if !positionals.is_empty() {
        out.push("--".into());
        out.extend(positionals.into_iter().map(|(_, v)| v));
    }
    out
}

/// The names a message may use for the argument.
fn names(arg: &clap::Arg) -> Vec<String> {
    let mut n = Vec::new();
    if let Some(l) = arg.get_long() {
        n.push(format!("--{l}"));
    }
    for v in arg.get_value_names().unwrap_or_default() {
        n.push(format!("<{v}>"));
    }
    if n.is_empty() {
        n.push(format!("<{}>", arg.get_id().as_str().to_uppercase()));
    }
    n
}

struct Outcome {
    code: Option<i32>,
    out: String,
    err: String,
    took: Duration,
}

/// Runs the binary with bounded memory and time (killed past the time).
fn run(args: &[String]) -> Outcome {
    let r = crate::cli::run_bounded(args, MEMORY_BOUND, TIME_BOUND, crate::cli::Stdin::Nothing, None);
    Outcome {
        code: r.code,
        out: r.out,
        err: r.err,
        took: r.took,
    }
}

/// A directory where even root cannot create a file: a read-only one if
/// this user is held by its mode, else one under /proc.
fn read_only_dir(base: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let d = base.join("read-only");
    std::fs::create_dir(&d).unwrap();
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::File::create(d.join("probe")).is_err() {
        return d;
    }
    println!("a read-only directory is writable by this user (root): /proc/self is used instead");
    PathBuf::from("/proc/self")
}

#[test]
fn every_option_refuses_bad_input_before_any_work() {
    let started = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path();
    // A sparse 1 GiB file of zeros.
    let big = base.join("big");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let a_file = base.join("a-file");
    std::fs::write(&a_file, "text\n").unwrap();
    let read_only = read_only_dir(base);
    // Targets no write may replace: a FIFO, a character device (through a
    // link, so that a broken build replaces the link, not /dev/null), a
    // read-only file.
    let fifo = base.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let device = base.join("null");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    let kept = base.join("read-only.selfplay");
    std::fs::write(&kept, "kept\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o444)).unwrap();
    }
    let values = |k: Kind| -> Vec<String> {
        let s = |p: PathBuf| p.display().to_string();
        match k {
            Kind::Input => vec![
                s(base.join("missing")),
                s(base.to_path_buf()),
                "/dev/zero".into(),
                s(big.clone()),
            ],
            Kind::InputDir => vec![s(base.join("missing-dir")), s(a_file.clone())],
            Kind::Output => vec![
                s(base.join("no/such/dir/out.csv")),
                s(read_only.join("out.csv")),
                s(base.to_path_buf()),
                s(a_file.join("out.csv")),
                s(fifo.clone()),
                s(device.clone()),
                s(kept.clone()),
                String::new(),
                format!("{}/", s(base.join("new-name"))),
            ],
            Kind::OutputDir => vec![
                s(a_file.clone()),
                s(base.join("no/such/dir")),
                "/proc/selfplay-walk".into(),
            ],
            Kind::Number => ["0", "-1", "18446744073709551616", "1e30", "NaN"]
                .map(String::from)
                .to_vec(),
            Kind::Other => Vec::new(),
        }
    };

    let mut root = native::command();
    root.build();
    let mut all = Vec::new();
    leaves(&root, &[], &mut all);
    assert!(all.len() >= 20, "{} commands", all.len());
    let (mut cases, mut accepted_values, mut slowest) = (0, 0, Duration::ZERO);
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeMap::new();
    for (path, cmd) in &all {
        for arg in cmd.get_arguments().filter(|a| takes_value(a)) {
            let k = kind(arg);
            *seen.entry(format!("{k:?}")).or_insert(0) += 1;
            for value in values(k) {
                if k == Kind::Number && accepted(arg, &value) {
                    // Inside the declared range (a seed of 0, at most 0
                    // games of evaluation): not bad input.
                    accepted_values += 1;
                    continue;
                }
                let args = argv(path, cmd, arg, &value, base);
                let o = run(&args);
                cases += 1;
                slowest = slowest.max(o.took);
                let named = names(arg).iter().any(|n| o.err.contains(n.as_str()))
                    || (k != Kind::Number && o.err.contains(&value));
                let problem = if o.code.is_none() {
                    Some(format!("no exit within {TIME_BOUND:?} (or killed)"))
                } else if o.err.contains("panicked") {
                    Some("a panic".to_string())
                } else if o.code != Some(2) {
                    Some(format!("exit {:?}", o.code))
                } else if !named {
                    Some(format!("the message does not name {:?}", names(arg)))
                } else if !o.out.is_empty() {
                    Some("output before the refusal".to_string())
                } else {
                    None
                };
                if let Some(p) = problem {
                    failures.push(format!(
                        "selfplay {}: {p}\n  stderr: {}\n  stdout: {}",
                        args.join(" "),
                        o.err.trim(),
                        o.out.chars().take(300).collect::<String>()
                    ));
                }
            }
        }
    }
    println!(
        "{} commands, arguments by kind {seen:?}: {cases} cases refused ({accepted_values} extreme values inside a declared range) in {:.1} s, the slowest {:.0} ms; binary {}",
        all.len(),
        started.elapsed().as_secs_f64(),
        slowest.as_secs_f64() * 1e3,
        binary().display()
    );
    assert!(
        seen.get("Input").copied().unwrap_or(0) >= 8
            && seen.get("Output").copied().unwrap_or(0) >= 8
            && seen.get("Number").copied().unwrap_or(0) >= 40,
        "the walk found too few options: {seen:?}"
    );
    // Nothing refused was replaced.
    {
        use std::os::unix::fs::FileTypeExt;
        let t = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(t.is_fifo(), "the FIFO was replaced");
        let t = std::fs::symlink_metadata(&device).unwrap().file_type();
        assert!(t.is_symlink(), "the link to /dev/null was replaced");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "kept\n");
        assert!(!base.join("new-name").exists());
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every number's range is in its help (declared where the argument is):
/// a number with a largest value, or a smallest one above 0.
#[test]
fn every_bounded_number_shows_its_range_in_the_help() {
    let mut root = native::command();
    root.build();
    let mut all = Vec::new();
    leaves(&root, &[], &mut all);
    let mut missing = Vec::new();
    for (path, cmd) in &all {
        for arg in cmd.get_arguments().filter(|a| takes_value(a)) {
            if kind(arg) != Kind::Number
                || (accepted(arg, "18446744073709551615") && accepted(arg, "0"))
            {
                continue;
            }
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            if ![" to ", "at most", " or "].iter().any(|w| help.contains(w)) {
                missing.push(format!("{} {:?}", path.join(" "), names(arg)));
            }
        }
    }
    assert!(missing.is_empty(), "no range in the help: {missing:#?}");
}

/// Every argument (a player, a preset, a position, a filter, a path, a
/// number) given 70,000 characters: refused or not, no panic, and a message
/// that quotes a short prefix of it, never the whole.
#[test]
fn long_words_are_never_echoed_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path();
    let mut root = native::command();
    root.build();
    let mut all = Vec::new();
    leaves(&root, &[], &mut all);
    let long = "x".repeat(70_000);
    let mut failures = Vec::new();
    let mut cases = 0;
    for (path, cmd) in &all {
        for arg in cmd.get_arguments().filter(|a| takes_value(a)) {
            if !arg.get_possible_values().is_empty() {
                continue;
            }
            let args = argv(path, cmd, arg, &long, base);
            let o = run(&args);
            cases += 1;
            if o.err.contains("panicked") {
                failures.push(format!("{} {:?}: a panic", path.join(" "), names(arg)));
            } else if o.err.len() > 2_000 {
                failures.push(format!(
                    "{} {:?}: exit {:?}, a message of {} bytes: {}…",
                    path.join(" "),
                    names(arg),
                    o.code,
                    o.err.len(),
                    o.err.chars().take(160).collect::<String>()
                ));
            }
        }
    }
    println!("{cases} arguments tried with 70,000 characters");
    assert!(cases >= 10, "{cases} cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
