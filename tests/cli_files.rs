//! The files the CLI reads and writes: an output path is checked before any
//! work, a write never leaves a half-written file in place of a good one,
//! and reads stop at the format's size limit.
#![cfg(unix)]

use crate::cli;
use cli::run;

use std::os::unix::process::CommandExt;
use std::process::Command;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn a_bad_output_path_is_refused_before_any_training() {
    let d = dir();
    let missing = d.path().join("no/such/dir/net.selfplay");
    let missing = missing.to_str().unwrap();
    // Training would print curve lines before it writes; none may appear.
    let (code, out, err) = run(&[
        "othello",
        "train",
        "qnet",
        "--hidden",
        "4",
        "--games",
        "400",
        "--eval-every",
        "100",
        "--eval-games",
        "2",
        "--out",
        missing,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(missing), "the message names the path: {err}");
    assert!(out.trim().is_empty(), "it trained first: {out}");
    // A directory is not a file; Hare and Hounds checks as well.
    let (code, _, err) = run(&[
        "hare-hounds",
        "train",
        "--games",
        "50",
        "--out",
        d.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is a directory"), "{err}");
    let (code, _, err) = run(&[
        "hare-hounds",
        "experiment",
        "3",
        "--out",
        missing.replace(".selfplay", ".csv").as_str(),
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_write_cut_short_leaves_the_previous_model_whole() {
    let d = dir();
    let out = d.path().join("hounds.selfplay");
    let out_s = out.to_str().unwrap();
    let (code, _, err) = run(&["hare-hounds", "train", "--games", "20", "--out", out_s]);
    assert_eq!(code, 0, "{err}");
    let before = std::fs::read(&out).unwrap();
    assert!(
        before.len() > 8192,
        "the model is larger than the limit below"
    );
    // The same command with files limited to 8 KB: the write is cut short
    // and the process is killed (SIGXFSZ).
    let status = unsafe {
        Command::new(env!("CARGO_BIN_EXE_selfplay"))
            .args([
                "hare-hounds",
                "train",
                "--games",
                "30",
                "--seed",
                "9",
                "--out",
                out_s,
            ])
            .pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 8192,
                    rlim_max: 8192,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            })
            .output()
            .unwrap()
            .status
    };
    assert!(!status.success());
    assert_eq!(
        std::fs::read(&out).unwrap(),
        before,
        "the previous model was damaged"
    );
}

#[test]
fn reads_stop_early_on_files_that_are_not_models() {
    let (code, _, err) = run(&["othello", "eval", "/dev/zero", "--games", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a Selfplay model"), "{err}");
    let (code, _, err) = run(&["match", "hare_hounds", "/dev/zero", "perfect"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a Selfplay model"), "{err}");
    // A huge file that starts like a model: refused at the size limit, not
    // read whole (a sparse file of 1 GiB).
    let d = dir();
    let big = d.path().join("big.selfplay");
    let f = std::fs::File::create(&big).unwrap();
    use std::io::Write;
    (&f).write_all(b"SELFPLAY\x01\x00").unwrap();
    f.set_len(1 << 30).unwrap();
    let (code, _, err) = run(&["othello", "eval", big.to_str().unwrap(), "--games", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than any file"), "{err}");
}
