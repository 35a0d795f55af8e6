//! The defects of issue 22 in the command line's input, one test each (the
//! number in each test's comment): bad input is refused before any work,
//! with exit 2 and a message naming the argument or the line; text is read
//! through one bounded line reader; files are written through one helper.
#![cfg(unix)]

use crate::cli;
use cli::run;

use std::io::{Seek, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use selfplay::cli::{LineProblem, LineReader, MAX_LINE_BYTES};

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// (exit code, stdout, stderr, time) of the binary with its address space
/// limited to `memory` bytes, standard input from `stdin` (else nothing)
/// and the umask `umask`; killed after 30 s (exit code -1).
fn run_bounded(
    args: &[&str],
    memory: u64,
    stdin: Option<&Path>,
    umask: Option<u32>,
) -> (i32, String, String, Duration) {
    let stdin = stdin.map_or(cli::Stdin::Nothing, cli::Stdin::File);
    let r = cli::run_bounded(args, memory, Duration::from_secs(30), stdin, umask);
    (r.code.unwrap_or(-1), r.out, r.err, r.took)
}

/// Refused: exit 2, no panic, nothing on standard output, within a few
/// seconds (the machine may be busy), the message containing each of
/// `names`.
fn refused(args: &[&str], names: &[&str]) -> String {
    let (code, out, err, took) = run_bounded(args, 1 << 30, None, None);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?} did work first: {out}");
    assert!(took < Duration::from_secs(5), "{args:?} took {took:?}");
    for n in names {
        assert!(err.contains(n), "{args:?}: the message names {n}: {err}");
    }
    err
}

fn sparse_gib(d: &Path) -> std::path::PathBuf {
    let big = d.join("big");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    big
}

/// Defect 1: `connect4 book --out` and `connect4 test-sample --out` into a
/// missing directory, a directory or a read-only place are refused before
/// any solving (no progress line on standard error).
#[test]
fn book_and_test_sample_outputs_are_checked_before_any_solving() {
    let d = dir();
    let missing = d.path().join("no/such/book.txt");
    for out in [s(&missing), s(d.path()), "/proc/self/book.txt"] {
        let err = refused(&["connect4", "book", "--depth", "3", "--out", out], &[out]);
        assert_eq!(
            err.lines().filter(|l| !l.trim().is_empty()).count(),
            2,
            "{err}"
        );
        refused(&["connect4", "test-sample", "--out", out], &[out, "--out"]);
    }
}

/// Defect 2: `othello solve --seconds 1e20` (and NaN, 0, -1) is refused,
/// naming the option, instead of panicking.
#[test]
fn solve_seconds_out_of_range_are_refused() {
    for v in ["1e20", "NaN", "0", "-1", "inf"] {
        let arg = format!("--seconds={v}");
        refused(&["othello", "solve", &arg, "/dev/null"], &["--seconds"]);
    }
}

/// Defect 3: `connect4 solve` on `/dev/zero` (a file or standard input)
/// stops at the line limit at once, with little memory; a 1 GiB file is
/// refused by its size, unread; an empty file is refused (defect 13).
#[test]
fn connect4_solve_stops_at_the_line_limit() {
    let d = dir();
    let big = sparse_gib(d.path());
    refused(
        &["connect4", "solve", "/dev/zero"],
        &["/dev/zero", "line 1", "a zero byte"],
    );
    // A regular file over the limit is refused by its size, unread.
    refused(&["connect4", "solve", s(&big)], &[s(&big), "more than"]);
    let (code, _, err, took) = run_bounded(
        &["connect4", "solve", "-"],
        256 << 20,
        Some(Path::new("/dev/zero")),
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 1: a zero byte"), "{err}");
    assert!(took < Duration::from_secs(5));
    let empty = d.path().join("empty.txt");
    std::fs::write(&empty, "# only a comment\n\n").unwrap();
    refused(&["connect4", "solve", s(&empty)], &["no positions"]);
}

/// Defect 4: `connect4 book --known` and `connect4 bench` read through the
/// bounded reader: `/dev/zero` and a 1 GiB file are refused at once (the
/// file by its size); a file of many short lines by its size too.
#[test]
fn book_known_and_bench_files_are_bounded() {
    let d = dir();
    let big = sparse_gib(d.path());
    for (file, problem) in [("/dev/zero", "a zero byte"), (s(&big), "more than")] {
        refused(
            &["connect4", "book", "--depth", "1", "--known", file],
            &[file, problem],
        );
        refused(&["connect4", "bench", file], &[file, problem]);
    }
    // Many short lines: the total limit.
    let many = d.path().join("many.txt");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&many).unwrap());
    let line = "4\n".repeat(1 << 20);
    for _ in 0..40 {
        f.write_all(line.as_bytes()).unwrap();
    }
    drop(f);
    refused(&["connect4", "bench", s(&many)], &[s(&many), "more than"]);
}

/// Defect 5: `connect4 book --depth 43` (or anything past the largest book
/// that fits in memory) is refused before any position is built.
#[test]
fn book_depth_is_bounded() {
    for depth in ["43", "11", "4294967296"] {
        refused(&["connect4", "book", "--depth", depth], &["--depth"]);
    }
    refused(
        &["connect4", "book", "--depth", "2", "--from", "3"],
        &["--from"],
    );
}

/// Defect 6: NBoard's session reads through the bounded reader: a line of
/// 1 GiB (of zero bytes) costs no memory and is answered with an error, invalid UTF-8 is
/// answered with its line number, and the session goes on; an unknown
/// command is not echoed whole.
#[test]
fn nboard_survives_long_lines_and_invalid_utf8() {
    let d = dir();
    let input = d.path().join("session");
    let mut f = std::fs::File::create(&input).unwrap();
    f.write_all(b"ping 1\n").unwrap();
    f.set_len(1 << 30).unwrap();
    f.seek(std::io::SeekFrom::End(0)).unwrap();
    f.write_all(b"\nping 2\n\xff\xfe set depth 2\nping 3\n")
        .unwrap();
    let unknown = "x".repeat(60_000);
    f.write_all(format!("{unknown}\nping 4\n").as_bytes())
        .unwrap();
    drop(f);
    let (code, out, err, _) = run_bounded(&["othello", "nboard"], 512 << 20, Some(&input), None);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "pong 1", "{lines:?}");
    assert!(
        lines[1].starts_with("status error: line 2: a zero byte"),
        "{lines:?}"
    );
    assert_eq!(lines[2], "pong 2", "{lines:?}");
    assert_eq!(
        lines[3], "status error: line 4: not UTF-8 text",
        "{lines:?}"
    );
    assert_eq!(lines[4], "pong 3", "{lines:?}");
    assert!(
        lines[5].starts_with("status error: unknown command"),
        "{lines:?}"
    );
    assert!(lines[5].len() < 200, "the command is echoed whole");
    assert_eq!(lines[6], "pong 4", "{lines:?}");
}

/// Defect 7: `othello solve --hash-mb` is bounded by the machine's memory
/// (half of it): 65536 and anything past the bound are refused.
#[test]
fn hash_size_is_bounded_by_the_machines_memory() {
    let over = (selfplay::cli::max_hash_mb() + 1).to_string();
    for v in ["65536", over.as_str(), "0"] {
        let arg = format!("--hash-mb={v}");
        refused(&["othello", "solve", &arg, "/dev/null"], &["--hash-mb"]);
    }
    let mb = selfplay::cli::max_hash_mb() as u64;
    let memory = selfplay::cli::physical_memory().unwrap();
    assert!(mb << 20 <= memory / 2, "{mb} MiB of {memory} bytes");
}

/// Defect 8: book files' scores are checked: out of range (for the
/// position), conflicting duplicates (a position and its mirror image
/// included) and finished positions are refused with the line.
#[test]
fn known_book_scores_are_checked() {
    let d = dir();
    for (text, words) in [
        ("111 99\n", &["line 1", "out of range"][..]),
        ("111 2147483647\n", &["line 1", "out of range"]),
        ("111 -2147483648\n", &["line 1", "out of range"]),
        (
            "4 1\n# the same\n4 -1\n",
            &["line 3", "conflicts with line 1"],
        ),
        ("1 0\n7 1\n", &["line 2", "conflicts with line 1"]),
        ("1212121 -18\n", &["line 1", "finished"]),
        ("4\n", &["line 1", "needs a score"]),
    ] {
        let f = d.path().join("known.txt");
        std::fs::write(&f, text).unwrap();
        let mut names = vec![s(&f)];
        names.extend_from_slice(words);
        refused(
            &["connect4", "book", "--depth", "1", "--known", s(&f)],
            &names,
        );
    }
    // The same score twice is no conflict.
    let f = d.path().join("same.txt");
    std::fs::write(&f, "4 1\n4 1\n").unwrap();
    let (code, _, err) = run(&["connect4", "book", "--depth", "1", "--known", s(&f)]);
    assert_eq!(code, 0, "{err}");
    // Scores in the files that `solve` checks are checked the same way.
    std::fs::write(&f, "4453 30\n").unwrap();
    refused(&["connect4", "solve", s(&f)], &["line 1", "out of range"]);
    // A finished position's score, a loss to the opponent's fourth disc at
    // the eighth, is in range: −(44 − 8) / 2.
    std::fs::write(&f, "12121232 -18\n").unwrap();
    let (code, out, err) = run(&["connect4", "solve", "--check", s(&f)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("12121232 -18 "), "{out}");
}

/// Defect 9: NBoard's `set depth 4294967295` is answered with an error
/// (no overflow in the test profile) and the session goes on.
#[test]
fn nboard_depth_out_of_range_is_an_error() {
    let d = dir();
    let input = d.path().join("session");
    std::fs::write(
        &input,
        "set depth 4294967295\nset depth 0\nset depth 31\nping 1\n",
    )
    .unwrap();
    let (code, out, err, _) = run_bounded(&["othello", "nboard"], 1 << 30, Some(&input), None);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    for l in &lines[..3] {
        assert!(l.starts_with("status error: depth"), "{lines:?}");
    }
    assert_eq!(lines[3], "pong 1");
}

/// Defect 10: `connect4 experiment --out DIR/` (and `DIR`) with several
/// runs is refused; nothing is written beside the directory.
#[test]
fn experiment_out_naming_a_directory_is_refused() {
    let d = dir();
    let sub = d.path().join("adir");
    std::fs::create_dir(&sub).unwrap();
    let slash = format!("{}/", s(&sub));
    for out in [slash.as_str(), s(&sub)] {
        refused(
            &["connect4", "experiment", "1", "--games", "10", "--out", out],
            &[out, "is a directory"],
        );
    }
    // A name in a directory that does not exist, ending with a slash.
    let missing = format!("{}/", s(&d.path().join("nodir")));
    refused(
        &[
            "connect4",
            "experiment",
            "1",
            "--games",
            "10",
            "--out",
            &missing,
        ],
        &[missing.as_str()],
    );
    let names: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

/// Defect 11: counts have bounds, declared with the option.
#[test]
fn counts_are_bounded() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["connect4", "experiment", "1", "--games", "100000001"],
            "--games",
        ),
        (
            &["connect4", "experiment", "1", "--eval", "100001"],
            "--eval",
        ),
        (
            &["othello", "match", "random", "random", "--games", "0"],
            "--games",
        ),
        (
            &["othello", "match", "random", "random", "--games", "1000001"],
            "--games",
        ),
        (
            &[
                "othello",
                "match",
                "random",
                "random",
                "--random-opening",
                "61",
            ],
            "--random-opening",
        ),
        (
            &["othello", "eval", "/dev/null", "--games", "100001"],
            "--games",
        ),
        (
            &[
                "hare-hounds",
                "train",
                "--games",
                "0",
                "--out",
                "/tmp/x.selfplay",
            ],
            "--games",
        ),
        (
            &["hare-hounds", "experiment", "1", "--games", "100000001"],
            "--games",
        ),
        (&["match", "hare_hounds", "random", "random", "--games", "0"], "--games"),
        (
            &["match", "hare_hounds", "random", "random", "--games", "1000001"],
            "--games",
        ),
        (
            &["connect4", "match", "/dev/null", "--nodes", "0"],
            "--nodes",
        ),
    ];
    for (args, name) in cases {
        refused(args, &[name]);
    }
}

/// Defect 12: a write killed half-way leaves no
/// temporary file for long: it has no name while it is written (Linux), and
/// a named one of a dead process is removed by the next write at once (only
/// ours: not another name, not one a live writer holds); files are created
/// with the mode the umask gives, not 0600, and a file replaced keeps its
/// permissions.
#[test]
fn killed_writes_are_cleaned_up_and_files_follow_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::io::AsRawFd;
    let d = dir();
    let out = d.path().join("hounds.selfplay");
    // Files of at most 8 KB: the write is cut short and the process killed.
    let status = unsafe {
        Command::new(cli::binary())
            .args(["hare-hounds", "train", "--games", "20", "--out", s(&out)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 8192,
                    rlim_max: 8192,
                };
                libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
                Ok(())
            })
            .status()
            .unwrap()
    };
    assert!(!status.success());
    let temps = |d: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".selfplay-"))
            .collect();
        v.sort();
        v
    };
    let left = temps(d.path());
    assert!(left.len() <= 1, "the killed write's temporary file: {left:?}");
    // A dead process's temporary file, just written; an older version's,
    // last written a minute ago; and others' files: a name not of the
    // pattern, and one a live writer (this process) holds locked.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    std::fs::write(d.path().join(format!(".selfplay-{dead}-Kill01.tmp")), "half").unwrap();
    let old = d.path().join(".selfplay-Old001.tmp");
    std::fs::write(&old, "half").unwrap();
    let past = std::time::SystemTime::now() - Duration::from_secs(60);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(past)
        .unwrap();
    let other = d.path().join(".selfplay-notours.tmp");
    std::fs::write(&other, "x").unwrap();
    let held_name = format!(".selfplay-{dead}-HELD01.tmp");
    let held = d.path().join(&held_name);
    let held_file = std::fs::File::create(&held).unwrap();
    assert_eq!(
        unsafe { libc::flock(held_file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
        0
    );
    // The next write, at once: no wait for the dead process's file to age.
    let (code, _, err, _) = run_bounded(
        &["hare-hounds", "train", "--games", "20", "--out", s(&out)],
        1 << 30,
        None,
        Some(0o027),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        temps(d.path()),
        vec![held_name, ".selfplay-notours.tmp".to_string()]
    );
    let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "{mode:o}");
    // A file replaced keeps its permissions; a new one follows the umask.
    let new = d.path().join("new.selfplay");
    for path in [&out, &new] {
        let (code, _, err, _) = run_bounded(
            &["hare-hounds", "train", "--games", "20", "--out", s(path)],
            1 << 30,
            None,
            Some(0o002),
        );
        assert_eq!(code, 0, "{err}");
    }
    let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "{mode:o}");
    let mode = std::fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o664, "{mode:o}");
    drop(held_file);
}

/// Defect 13: the messages. A directory given as a model is called a
/// directory; `model inspect` refuses `/dev/zero` from its first bytes
/// (with 64 MiB of address space it could not read 250 MB); a model of
/// another game is named as such; a finished GA run is not resumed in
/// silence; an unfinished solve shows no best move.
#[test]
fn messages_name_the_real_problem() {
    let d = dir();
    refused(
        &["match", "hare_hounds", s(d.path()), "perfect"],
        &["is a directory"],
    );
    refused(
        &["othello", "match", s(d.path()), "random"],
        &["is a directory"],
    );
    let (code, _, err, took) =
        run_bounded(&["model", "inspect", "/dev/zero"], 64 << 20, None, None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a Selfplay model"), "{err}");
    assert!(took < Duration::from_secs(5));
    let (code, _, err, _) = run_bounded(
        &["model", "inspect", "-"],
        64 << 20,
        Some(Path::new("/dev/zero")),
        None,
    );
    assert_eq!(code, 2, "{err}");

    // An Othello model where a Hare and Hounds one is expected.
    let othello = d.path().join("othello.selfplay");
    let (code, _, err) = run(&[
        "othello",
        "train",
        "qnet",
        "--hidden",
        "4",
        "--games",
        "4",
        "--eval-every",
        "0",
        "--out",
        s(&othello),
    ]);
    assert_eq!(code, 0, "{err}");
    refused(
        &["match", "hare_hounds", s(&othello), "perfect"],
        &["a model of othello, not of Hare and Hounds"],
    );
    refused(
        &["connect4", "match", s(&othello)],
        &["a model of othello, not of Connect Four"],
    );

    // A finished GA run.
    let ga = d.path().join("ga.selfplay");
    let (code, _, err) = run(&[
        "othello",
        "ga",
        "--population",
        "2",
        "--games",
        "1",
        "--depth",
        "1",
        "--generations",
        "1",
        "--out",
        s(&ga),
    ]);
    assert_eq!(code, 0, "{err}");
    let again = d.path().join("again.selfplay");
    refused(
        &[
            "othello",
            "ga",
            "--resume",
            s(&ga),
            "--generations",
            "1",
            "--out",
            s(&again),
        ],
        &["has played its 1 generations", "--generations"],
    );
    assert!(!again.exists());

    // An unfinished solve: bounds, and `--` for the move.
    let ffo = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello/ffo40-49.txt"
    ))
    .unwrap();
    let f = d.path().join("ffo40.txt");
    std::fs::write(&f, ffo.lines().find(|l| l.ends_with("FFO #40")).unwrap()).unwrap();
    let (code, out, err) = run(&["othello", "solve", "--nodes", "1000", s(&f)]);
    assert_eq!(code, 0, "{err}");
    let row = out.lines().nth(1).unwrap();
    let fields: Vec<&str> = row.split_whitespace().collect();
    assert!(fields[2].contains(".."), "{row}");
    assert_eq!(fields[3], "--", "{row}");
}

/// The line reader itself: the limit, invalid UTF-8 by line, line ends,
/// the total limit.
#[test]
fn the_line_reader_bounds_lines_and_reports_by_line() {
    let long = "y".repeat(MAX_LINE_BYTES + 1);
    let mut bytes = format!("a\r\n{long}\nb\n\u{e9}\n").into_bytes();
    bytes.extend_from_slice(b"\xff\nlast");
    let mut r = LineReader::new(std::io::BufReader::with_capacity(7, &bytes[..]), None);
    assert_eq!(r.next_line().unwrap().unwrap(), (1, "a".to_string()));
    let e = r.next_line().unwrap().unwrap_err();
    assert!(
        matches!(e.problem, LineProblem::TooLong) && e.line == 2,
        "{e}"
    );
    assert_eq!(r.next_line().unwrap().unwrap(), (3, "b".to_string()));
    assert_eq!(r.next_line().unwrap().unwrap(), (4, "\u{e9}".to_string()));
    let e = r.next_line().unwrap().unwrap_err();
    assert!(
        matches!(e.problem, LineProblem::NotUtf8) && e.line == 5,
        "{e}"
    );
    assert_eq!(r.next_line().unwrap().unwrap(), (6, "last".to_string()));
    assert!(r.next_line().is_none());
    // A line of exactly the limit is read.
    let exact = format!("{}\n", "z".repeat(MAX_LINE_BYTES));
    let mut r = LineReader::new(exact.as_bytes(), Some(1 << 20));
    assert_eq!(r.next_line().unwrap().unwrap().1.len(), MAX_LINE_BYTES);
    // The total limit ends the input.
    let mut r = LineReader::new("1\n2\n3\n".as_bytes(), Some(4));
    assert_eq!(r.next_line().unwrap().unwrap().1, "1");
    assert_eq!(r.next_line().unwrap().unwrap().1, "2");
    let e = r.next_line().unwrap().unwrap_err();
    assert!(matches!(e.problem, LineProblem::TooLarge(4)), "{e}");
    assert!(r.next_line().is_none());
}
