//! The command line's promises about its files and its options, one test
//! for each (docs/cli-reliability.md lists them with these tests' names):
//! every input goes through one bounded reader, read once; every output
//! path through one check, before any work; every write through one atomic
//! writer that leaves no temporary file behind for long; options checked
//! together before any work; memory checked before it is taken; messages
//! that quote the user's words short. Each runs the binary with its address
//! space bounded, so that a regression fails the test instead of taking the
//! machine's memory.
#![cfg(unix)]

use crate::cli;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// What a run gave: exit code (-1: killed by a signal or the time bound),
/// standard output and error, time taken.
struct Ran {
    code: i32,
    out: String,
    err: String,
    took: Duration,
}

/// Runs the binary with its address space limited to `memory` bytes
/// (killed after 60 s).
fn run_with(args: &[&str], memory: u64, stdin: cli::Stdin) -> Ran {
    let r = cli::run_bounded(args, memory, Duration::from_secs(60), stdin, None);
    Ran {
        code: r.code.unwrap_or(-1),
        out: r.out,
        err: r.err,
        took: r.took,
    }
}

fn run(args: &[&str]) -> Ran {
    run_with(args, 1 << 30, cli::Stdin::Nothing)
}

/// Refused: exit 2, no panic, nothing on standard output, within a few
/// seconds (the machine may be busy), the message containing each of
/// `words`. Returns the message.
fn refused_with(r: Ran, args: &[&str], words: &[&str]) -> String {
    assert_eq!(r.code, 2, "{args:?}: exit {}: {}", r.code, r.err);
    assert!(!r.err.contains("panicked"), "{args:?}: {}", r.err);
    assert!(r.out.trim().is_empty(), "{args:?}: output: {}", r.out);
    assert!(r.took < Duration::from_secs(10), "{args:?}: {:?}", r.took);
    for w in words {
        assert!(r.err.contains(w), "{args:?}: the message names {w:?}: {}", r.err);
    }
    r.err
}

fn refused(args: &[&str], words: &[&str]) -> String {
    refused_with(run(args), args, words)
}

/// A regular file of `bytes` zero bytes that takes no disk (one line).
fn sparse(d: &Path, name: &str, bytes: u64) -> PathBuf {
    let p = d.join(name);
    std::fs::File::create(&p).unwrap().set_len(bytes).unwrap();
    p
}

/// A small model file of Hare and Hounds, trained here.
fn hounds_model(d: &Path) -> PathBuf {
    let m = d.join("hounds.selfplay");
    let r = run(&["hare-hounds", "train", "--games", "20", "--out", s(&m)]);
    assert_eq!(r.code, 0, "{}", r.err);
    m
}

/// The shipped model files of the page's ready-made Othello agents.
fn othello_model() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("www/public/ready/othello-msb-1000.selfplay")
}

/// The names of the temporary files of writes (`.selfplay-…`) in `d`.
fn temps(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".selfplay-"))
        .collect();
    v.sort();
    v
}

/// A temporary file of a write whose process is dead, just written.
fn dead_writers_temp(d: &Path) -> PathBuf {
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let p = d.join(format!(".selfplay-{dead}-Dead01.tmp"));
    std::fs::write(&p, "half a file").unwrap();
    p
}

/// A results table or a manifest is read through the bounded
/// reader: a link to `/dev/zero`, a 300 MB one-line file, a 10 MB line and
/// invalid UTF-8 are refused at once, with little memory, the line named.
#[test]
fn tables_and_manifests_are_read_bounded_with_their_line() {
    let d = dir();
    let zero = d.path().join("zero.tsv");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let big = sparse(d.path(), "big.tsv", 300_000_000);
    let long = d.path().join("long.tsv");
    std::fs::write(&long, vec![b'x'; 10 << 20]).unwrap();
    let utf8 = d.path().join("utf8.tsv");
    std::fs::write(&utf8, b"# a table\n# of games\nbad \xff byte\n").unwrap();
    let memory = 256 << 20;
    for (file, words) in [
        (&zero, vec!["not a regular file"]),
        (&big, vec!["300000000 bytes"]),
        (&long, vec!["line 1", "longer than"]),
        (&utf8, vec!["line 3", "not UTF-8"]),
    ] {
        let args = ["othello", "ladder", "--results", s(file), "random", "msb"];
        let mut w = vec![s(file)];
        w.extend(words);
        refused_with(run_with(&args, memory, cli::Stdin::Nothing), &args, &w);
    }
    // A manifest that is a link to /dev/zero, for `ready check` and `rate`.
    let ready = d.path().join("ready");
    std::fs::create_dir(&ready).unwrap();
    std::os::unix::fs::symlink("/dev/zero", ready.join("manifest.json")).unwrap();
    for verb in ["check", "rate"] {
        let args = ["ready", verb, s(&ready)];
        refused_with(
            run_with(&args, memory, cli::Stdin::Nothing),
            &args,
            &["manifest.json", "line 1", "a zero byte"],
        );
    }
}

/// `othello solve --hash-mb` within the machine's range but beyond
/// what the process can take (its address space limited to 1 GiB) is
/// refused with exit 2 and a message, not an abort.
#[test]
fn a_hash_table_is_checked_against_the_memory_there_is() {
    let mb = selfplay::cli::max_hash_mb().min(4096);
    if mb < 2048 {
        println!("a machine of less than 4 GiB: nothing to try");
        return;
    }
    let file = "tests/data/othello/ffo40-49.txt";
    let hash = mb.to_string();
    let args = ["othello", "solve", file, "--hash-mb", &hash, "--nodes", "100"];
    let err = refused_with(run_with(&args, 1 << 30, cli::Stdin::Nothing), &args, &["--hash-mb"]);
    assert!(!err.contains("memory allocation"), "{err}");
    // A table that fits is taken.
    let args = ["othello", "solve", file, "--hash-mb", "64", "--nodes", "100"];
    let r = run_with(&args, 1 << 30, cli::Stdin::Nothing);
    assert_eq!(r.code, 0, "{}", r.err);
}

/// An output onto a FIFO, a character device or a read-only
/// (0444) file is refused before any work and the file stays as it was
/// (every output option: the CLI walk, `tests/cli_walk.rs`).
#[test]
fn no_output_replaces_a_fifo_a_device_or_a_read_only_file() {
    use std::os::unix::fs::FileTypeExt;
    let d = dir();
    let fifo = d.path().join("fifo");
    let c = std::ffi::CString::new(s(&fifo)).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let device = d.path().join("null");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    let kept = d.path().join("kept.selfplay");
    std::fs::write(&kept, "kept").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o444)).unwrap();
    for (target, words) in [
        (&fifo, "a named pipe (FIFO)"),
        (&device, "a character device"),
        (&kept, "read-only"),
    ] {
        refused(
            &["hare-hounds", "train", "--games", "10", "--out", s(target)],
            &[s(target), words],
        );
        refused(
            &["othello", "ladder", "--results", s(target), "random", "msb"],
            &[s(target), words],
        );
    }
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::symlink_metadata(&device).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "kept");
}

/// A model read from a pipe (`/dev/stdin`, `-`, a process
/// substitution) is read once: its first bytes are looked at and then
/// read again from memory, not from a second open of the file.
#[test]
fn pipes_and_process_substitution_are_read_once() {
    let d = dir();
    let m = hounds_model(d.path());
    let bytes = std::fs::read(&m).unwrap();
    for path in ["/dev/stdin", "-"] {
        let r = run_with(
            &["model", "inspect", path],
            1 << 30,
            cli::Stdin::Piped(bytes.clone()),
        );
        assert_eq!(r.code, 0, "{path}: {}", r.err);
        assert!(r.out.contains("Hare and Hounds"), "{}", r.out);
    }
    let bash = |script: &str, file: &Path| {
        Command::new("bash")
            .args(["-c", script, "bash"])
            .arg(cli::binary())
            .arg(file)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let o = bash(r#""$1" model inspect <(cat "$2")"#, &m);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = bash(
        r#""$1" othello match <(cat "$2") random --games 2"#,
        &othello_model(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The ladder reads a model again for each game: a pipe is refused
    // before any game, not after the first.
    let table = d.path().join("table.tsv");
    let script = format!(
        r#""$1" othello ladder --openings 1 --results {} <(cat "$2") random"#,
        s(&table)
    );
    let o = bash(&script, &othello_model());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    assert!(!table.exists(), "games were played first: {err}");
}

/// The ladder's anchor is checked before any game, and matched as
/// the players' names are (in any case); a player the table holds is
/// matched in any case too.
#[test]
fn the_anchor_is_checked_before_any_game_in_any_case() {
    let d = dir();
    let table = d.path().join("table.tsv");
    let args = [
        "othello",
        "ladder",
        "--openings",
        "1",
        "--results",
        s(&table),
        "--anchor",
        "nobody",
        "random",
        "msb",
        "mvb",
    ];
    let err = refused(&args, &["--anchor", "'nobody'", "random"]);
    assert!(!table.exists(), "games were played first: {err}");
    let mut args = args;
    args[7] = "RANDOM";
    let r = run(&args);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("relative to random"), "{}", r.out);
    // A player given as the table does not spell it (the page writes
    // `Random`) is the table's player, not a new one.
    let page = d.path().join("page.tsv");
    std::fs::write(&page, "0\tmsb\tRandom\t1\n0\tRandom\tmsb\t0\n").unwrap();
    let r = run(&[
        "othello", "ladder", "--openings", "1", "--results", s(&page), "random", "MSB", "mvb",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.contains("3 players, 4 games to play"), "{}", r.err);
    let table = std::fs::read_to_string(&page).unwrap();
    assert!(!table.contains("random") && !table.contains("MSB"), "{table}");
    assert_eq!(table.lines().filter(|l| l.contains("Random")).count(), 4, "{table}");
}

/// `ladder --results` and `ready build --out` are checked when the
/// command line is parsed (a missing or read-only directory, `/proc`, a
/// name ending in `/`, a file for a directory), naming the path, and the
/// files `ready build` and `ready rate` write in an existing folder before
/// any training or rating; both write through the atomic writer (a dead
/// writer's temporary file beside them is removed).
#[test]
fn results_and_ready_outputs_are_checked_first_and_written_whole() {
    let d = dir();
    let ro = d.path().join("read-only");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let root = std::fs::File::create(ro.join("probe")).is_ok();
    let missing = d.path().join("no/such/t.tsv");
    let slash = format!("{}/", s(&d.path().join("t.tsv")));
    let in_ro = ro.join("t.tsv");
    let mut bad = vec![s(&missing), "/proc/t.tsv", slash.as_str()];
    if !root {
        bad.push(s(&in_ro));
    }
    for path in bad {
        refused(&["othello", "ladder", "--results", path, "random"], &[path]);
    }
    let a_file = d.path().join("a-file");
    std::fs::write(&a_file, "x").unwrap();
    let mut bad = vec![s(&a_file), "/proc/x", s(&missing)];
    let ro_sub = ro.join("ready");
    if !root {
        bad.push(s(&ro_sub));
    }
    for path in bad {
        refused(&["ready", "build", "--out", path, "--game", "tictactoe"], &[path]);
    }
    // Written whole, by the one writer.
    let stale = dead_writers_temp(d.path());
    let table = d.path().join("table.tsv");
    let r = run(&["othello", "ladder", "--openings", "1", "--results", s(&table), "random", "msb"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!stale.exists(), "the dead writer's temporary file is left");
    assert_eq!(temps(d.path()), Vec::<String>::new());
    // A read-only table is rated, but not played into.
    std::fs::set_permissions(&table, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = run(&["othello", "ladder", "--rate-only", "--results", s(&table)]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("2 games"), "{}", r.out);
    refused(
        &["othello", "ladder", "--results", s(&table), "mvb"],
        &[s(&table), "read-only"],
    );
    let ready = d.path().join("ready");
    std::fs::create_dir(&ready).unwrap();
    let stale = dead_writers_temp(&ready);
    let r = run(&["ready", "build", "--out", s(&ready), "--game", "tictactoe"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!stale.exists(), "the dead writer's temporary file is left");
    let manifest = ready.join("manifest.json");
    assert!(manifest.is_file());
    // A pipe or a folder beside the set is not part of it (not read).
    let c = std::ffi::CString::new(s(&ready.join("pipe"))).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    std::fs::create_dir(ready.join("folder")).unwrap();
    let r = run(&["ready", "check", s(&ready)]);
    assert_eq!(r.code, 0, "{}", r.err);
    // A read-only manifest is refused before any training or rating (no
    // line of progress), and kept.
    std::fs::set_permissions(&manifest, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&manifest).unwrap();
    refused(
        &["ready", "build", "--out", s(&ready), "--game", "tictactoe"],
        &["manifest.json", "read-only"],
    );
    refused(&["ready", "rate", s(&ready)], &["manifest.json", "read-only"]);
    assert_eq!(std::fs::read(&manifest).unwrap(), before);
}

/// Two processes playing into one table at once (each its part) keep
/// each other's games: every game of both parts is in the table.
#[test]
fn processes_playing_into_one_table_at_once_keep_each_others_games() {
    let d = dir();
    let table = d.path().join("table.tsv");
    let part = |k: &str| {
        Command::new(cli::binary())
            .args(["othello", "ladder", "--openings", "100", "--part", k, "--results"])
            .arg(&table)
            .args(["random", "mvb", "msb"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (one, two) = (part("1/2"), part("2/2"));
    for p in [one, two] {
        let o = p.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let r = run(&["othello", "ladder", "--rate-only", "--results", s(&table)]);
    assert_eq!(r.code, 0, "{}", r.err);
    // Three pairs, 100 openings, both colours.
    assert!(r.out.starts_with("600 games"), "{}", r.out);
    assert_eq!(temps(d.path()), Vec::<String>::new());
}

/// Hare and Hounds' outputs are checked together before training:
/// `--out` and `--hare-out` the same file, and `--hare-out` without
/// `--side both`, are refused; nothing is written.
#[test]
fn hare_and_hounds_outputs_are_checked_together() {
    let d = dir();
    let x = d.path().join("x.selfplay");
    refused(
        &["hare-hounds", "train", "--side", "both", "--out", s(&x), "--hare-out", s(&x)],
        &["--out", "--hare-out", "same file"],
    );
    // The same file by another name.
    let dotted = format!("{}/./x.selfplay", s(d.path()));
    refused(
        &["hare-hounds", "train", "--side", "both", "--out", s(&x), "--hare-out", &dotted],
        &["same file"],
    );
    let y = d.path().join("y.selfplay");
    for side in ["hounds", "hare"] {
        refused(
            &["hare-hounds", "train", "--side", side, "--out", s(&x), "--hare-out", s(&y)],
            &["--hare-out", "--side both"],
        );
    }
    refused(
        &["hare-hounds", "train", "--side", "everyone", "--out", s(&x)],
        &["--side", "everyone"],
    );
    assert!(!x.exists() && !y.exists());
}

/// A model read from standard input is looked at from its first
/// bytes, as a named file is: `/dev/zero` or a 300 MB file on standard
/// input is refused at once, with 64 MiB of address space (a file by its
/// size, unread), and so is a model followed by 300 MB (a file by its
/// size; a pipe one byte past the length the model declares).
#[test]
fn standard_input_is_refused_from_its_first_bytes() {
    let d = dir();
    let big = sparse(d.path(), "big", 300_000_000);
    for args in [
        &["model", "inspect", "-"][..],
        &["othello", "eval", "-", "--games", "1"][..],
    ] {
        for (input, words) in [
            (Path::new("/dev/zero"), "not a Selfplay model"),
            // Refused unread, by its size, as the same file named is.
            (big.as_path(), "300000000 bytes, more than 250000000"),
        ] {
            let r = run_with(args, 64 << 20, cli::Stdin::File(input));
            refused_with(r, args, &[words]);
        }
    }
    let m = othello_model();
    let long = d.path().join("long.selfplay");
    std::fs::copy(&m, &long).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&long)
        .unwrap()
        .set_len(300_000_000)
        .unwrap();
    let args = ["othello", "eval", "-", "--games", "1"];
    refused_with(
        run_with(&args, 64 << 20, cli::Stdin::File(&long)),
        &args,
        &["300000000 bytes"],
    );
    let o = Command::new("bash")
        .args(["-c", r#"ulimit -v 65536; cat "$2" /dev/zero | "$1" othello eval - --games 1"#])
        .arg("bash")
        .arg(cli::binary())
        .arg(&m)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("extra bytes after its end"), "{err}");
}

/// Writes killed at random moments leave no temporary file once
/// the next write to the directory is done (at once, not after a wait),
/// and the model is always whole. (A write cut short by the file-size
/// limit, at a known moment: `cli_input::killed_writes_are_cleaned_up_and_files_follow_the_umask`.)
#[test]
fn killed_writes_leave_no_temporary_file_after_the_next_write() {
    let d = dir();
    let out = d.path().join("net.selfplay");
    let train = |games: &str| {
        vec![
            "othello".to_string(),
            "train".into(),
            "qnet".into(),
            "--hidden".into(),
            "1024".into(),
            "--games".into(),
            games.into(),
            "--eval-every".into(),
            "1".into(),
            "--eval-games".into(),
            "2".into(),
            "--out".into(),
            s(&out).into(),
        ]
    };
    let mut kills = 0;
    let mut rng = 12345u64;
    for _ in 0..8 {
        let mut child = Command::new(cli::binary())
            .args(train("1000000"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Killed 0.3 to 1.5 s in (a model of 0.9 MB rewritten about once a
        // second, at every snapshot).
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let wait = 300 + (rng >> 33) % 1200;
        std::thread::sleep(Duration::from_millis(wait));
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGKILL);
        }
        child.wait().unwrap();
        kills += 1;
        if out.exists() {
            let r = run(&["model", "inspect", s(&out)]);
            assert_eq!(r.code, 0, "the target after a kill: {}", r.err);
        }
    }
    // A killed write of an older kind (named from the start) as well.
    let stale = dead_writers_temp(d.path());
    // The next write, at once.
    let r = run(&train("20").iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!stale.exists());
    assert_eq!(temps(d.path()), Vec::<String>::new(), "after {kills} kills");
    let r = run(&["model", "inspect", s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
}

/// Messages say what is wrong with the user's words, short.
#[test]
fn messages_say_what_is_wrong_short() {
    let d = dir();
    // An empty name is not "a directory".
    let err = refused(&["hare-hounds", "train", "--out", ""], &["empty name"]);
    assert!(!err.contains("directory"), "{err}");
    // A check that finds a difference is not an internal error.
    let c4 = d.path().join("c4.txt");
    std::fs::write(&c4, "1 5\n").unwrap();
    let r = run(&["connect4", "solve", "--check", s(&c4)]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(r.err.starts_with("check failed:"), "{}", r.err);
    assert!(r.err.contains("line 1"), "{}", r.err);
    let ffo = d.path().join("ffo.txt");
    let line = std::fs::read_to_string("tests/data/othello/ffo40-49.txt")
        .unwrap()
        .lines()
        .find(|l| l.ends_with("# FFO #40"))
        .unwrap()
        .to_string();
    // FFO #40 is +38; the file says +30.
    std::fs::write(&ffo, line.replace("+38", "+30") + "\n").unwrap();
    let r = run(&["othello", "solve", s(&ffo)]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(r.err.starts_with("check failed:"), "{}", r.err);
    // `bench` refuses a file of no position, as `solve` does.
    let empty = d.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    refused(&["connect4", "bench", s(&empty)], &["no positions"]);
    refused(&["connect4", "solve", s(&empty)], &["no positions"]);
    // --eval-games 0 alone: no snapshots, as the help says; with
    // --eval-every, refused naming both.
    let net = d.path().join("net.selfplay");
    let r = run(&[
        "othello", "train", "qnet", "--hidden", "4", "--games", "20", "--eval-games", "0",
        "--out", s(&net),
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.contains("no snapshots; the model written every"), "{}", r.err);
    assert!(!r.err.contains("every 0 games"), "{}", r.err);
    refused(
        &[
            "othello", "train", "qnet", "--hidden", "4", "--games", "20", "--eval-every", "10",
            "--eval-games", "0", "--out", s(&net),
        ],
        &["--eval-every 10", "--eval-games 0"],
    );
    // Games are 1 or more, through --set as through --games.
    for (game, kind, preset) in [
        ("connect6", "td", "tss"),
        ("othello", "qnet", "ql1-h40-sigmoid-self-demo"),
        ("othello", "ntuple", "fast"),
        ("tictactoe", "values", "book"),
    ] {
        refused(
            &["run", game, kind, "--preset", preset, "--set", "games=0"],
            &["games must be 1 to"],
        );
    }
    // A 70,000-character argument is not echoed whole.
    let long = "4".repeat(70_000);
    let err = refused(&["connect4", "analyze", &long], &["70000 characters"]);
    assert!(err.len() < 300, "{} characters", err.len());
    // 1e308 is not printed as 309 digits.
    let err = refused(
        &["run", "othello", "qnet", "--preset", "ql1-h40-sigmoid-self-demo", "--set", "learning_rate=1e308"],
        &["learning_rate", "1e308"],
    );
    assert!(err.len() < 200, "{err}");
    // A letter that is not one is quoted whole, not as a byte of it.
    let r = run_with(
        &["connect6", "engine"],
        1 << 30,
        cli::Stdin::Piped("new black\nwhite éé\nquit\n".as_bytes().to_vec()),
    );
    assert!(r.out.contains("not 'é'"), "{}", r.out);
}
