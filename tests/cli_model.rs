//! `selfplay model inspect`: exit code 0 and a summary for a good file, exit
//! code 2 and the readable message for a bad one.

use crate::cli;

fn inspect(path: &str) -> (i32, String, String) {
    cli::run(&["model", "inspect", path])
}

#[test]
fn inspects_a_good_file() {
    let (code, stdout, _) = inspect("tests/data/models/good/v1-shuffle-deflate.selfplay");
    assert_eq!(code, 0);
    assert!(
        stdout.contains("Selfplay model for Othello, qnet"),
        "{stdout}"
    );
    assert!(stdout.contains("\"games_trained\": 1000"), "{stdout}");
    // A format test file, not a network this build can play.
    assert!(
        stdout.contains("Usable by this version: no: bad Q-network settings"),
        "{stdout}"
    );
    assert!(stdout.contains("othello-corpus-1k.selfplay"), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("v "))
        .unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[..5], ["v", "f32", "[2,", "2]", "13"], "{row}");
    assert!(
        row.contains("shuffle+deflate") && row.contains("2.500000"),
        "{row}"
    );
}

#[test]
fn reports_a_bad_file() {
    let (code, stdout, stderr) = inspect("tests/data/models/bad/nan-weight.selfplay");
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("Array 'w/0' holds an invalid number (NaN at position 2)"),
        "{stderr}"
    );
    let (code, _, stderr) = inspect("tests/data/models/does-not-exist.selfplay");
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot open"), "{stderr}");
}

#[test]
fn a_trained_network_is_usable() {
    let dir = std::env::temp_dir().join(format!("selfplay-cli-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("net.selfplay");
    let out = out.to_str().unwrap();
    let (code, _, err) = cli::run(&[
        "othello",
        "train",
        "qnet",
        "--hidden",
        "8",
        "--games",
        "20",
        "--eval-every",
        "0",
        "--out",
        out,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, stdout, _) = inspect(out);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("Usable by this version: yes: QL1 · 8 hidden · arctan · self-play"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_arguments_are_checked_before_any_work() {
    for args in [
        &["model", "bench", "--density", "nan"][..],
        &["model", "bench", "--density", "2"],
        &["model", "bench", "--entries", "200000000"],
        &["model", "bench", "--level", "12"],
    ] {
        let (code, out, err) = cli::run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(args[2]),
            "the message names {}: {err}",
            args[2]
        );
        assert!(out.is_empty(), "{args:?} did work first: {out}");
    }
}
