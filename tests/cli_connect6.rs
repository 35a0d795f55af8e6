//! `selfplay connect6 match`, `bench` and `engine` as a person runs them:
//! a reproducible match with openings, exit code 2 with a message for bad
//! input before any game is played, and the engine protocol.

use crate::cli;
use cli::run;

#[test]
fn connect6_match_reports_every_game_and_the_same_seed_repeats_it() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "# openings\nJ10; K11 K9\nJ10; J9 J11\n").unwrap();
    let openings = openings.to_str().unwrap();
    let args = [
        "connect6",
        "match",
        "engine:1",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--openings",
        openings,
    ];
    let (code, first, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(first.lines().filter(|l| l.starts_with("game ")).count(), 4);
    assert!(
        first.contains("engine:1: 4 wins, 0 draws, 0 losses against random"),
        "{first}"
    );
    let (_, second, _) = run(&args);
    let games = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect()
    };
    assert_eq!(games(&first), games(&second), "same seed, same games");
}

#[test]
fn connect6_bad_match_arguments_exit_2_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "J10; K11 K9\nJ10; Z99\n").unwrap();
    let bad = bad.to_str().unwrap();
    for (args, message) in [
        (
            vec!["connect6", "match", "greedy", "nobody"],
            "unknown player 'nobody'",
        ),
        (
            vec!["connect6", "match", "engine:9", "greedy"],
            "level is 1 to 6",
        ),
        (
            vec!["connect6", "match", "greedy", "random", "--games", "0"],
            "--games",
        ),
        (
            vec![
                "connect6", "match", "greedy", "random", "--games", "100001",
            ],
            "--games",
        ),
        (
            vec!["connect6", "match", "greedy", "random", "--openings", bad],
            "line 2",
        ),
        (
            vec!["connect6", "engine", "--level", "7"],
            "--level",
        ),
        (vec!["bench", "connect6", "--seconds", "0"], "--seconds"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} played: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// `selfplay connect6 engine` over standard input and output.
#[test]
fn connect6_engine_protocol_over_stdin_and_stdout() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(cli::binary())
        .args(["connect6", "engine", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"name\nnew black\nmove KKLL\nfly\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "name Selfplay");
    assert_eq!(lines[1], "move JJ");
    assert!(lines[2].starts_with("move ") && lines[2].len() == 9, "{text}");
    assert!(lines[3].starts_with("error unknown command 'fly'"), "{text}");
    assert_eq!(lines.len(), 4);
}

#[test]
fn connect6_tss_proves_a_win_prints_its_line_and_refuses_a_finished_game() {
    // Black has two open threes (E2–G2, E5–G5): a turn making two open fours wins.
    let record = "J10; A1 A19; E2 F2; S1 S19; G2 E5; A10 S10; F5 G5; K19 M19";
    for kind in ["double", "single"] {
        let (code, out, err) = run(&["connect6", "tss", record, "--kind", kind]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("Black wins by threats: 1 turn of threats, then six in a row"), "{out}");
        let line: Vec<&str> = out.trim().rsplit(": ").next().unwrap().split(' ').collect();
        assert_eq!(line.len(), 6, "{out}");
        // The line played after the record ends the game with Black's six.
        let (code, _, err) = run(&["connect6", "tss", &format!("{record}; {}", line.join(" ")), "--depth", "1"]);
        assert_eq!(code, 2, "a finished game has nothing to prove");
        assert!(err.contains("the game is over"), "{err}");
    }
    // One position searched: not settled.
    let (code, out, _) = run(&["connect6", "tss", record, "--nodes", "1"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("not settled"), "{out}");
    // No threats to build on: no win.
    let (code, out, _) = run(&["connect6", "tss", "J10; K11 K9"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("no win within 4 turns of threats"), "{out}");
    let (code, _, err) = run(&["connect6", "tss", "J10; J10"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a legal move"), "{err}");
}

#[test]
fn connect6_learns_from_a_file_of_records_and_refuses_a_bad_one_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("games.txt");
    std::fs::write(
        &records,
        "# a six on the board, then a game Black resigned\n\
         J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1; O10\n\
         J10; K11 K9; H10 L10 0-1\n",
    )
    .unwrap();
    let out = dir.path().join("learned.selfplay");
    let (code, text, err) = run(&[
        "connect6",
        "train",
        "--records",
        records.to_str().unwrap(),
        "--games",
        "4",
        "--eval-every",
        "2",
        "--openings",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("from 2 records of games.txt"), "{text}");
    // Points at 0, 2 and 4 games learned.
    let points: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.parse::<u64>().is_ok())
        .collect();
    assert_eq!(points, ["0", "2", "4"], "{text}");
    let (code, inspect, err) = run(&["model", "inspect", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(inspect.contains("\"records\""), "{inspect}");
    assert!(inspect.contains("games.txt"), "{inspect}");
    // The seconds it trained, kept in the file as `selfplay run` keeps them.
    let model = selfplay::model::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert!(model.header.train_seconds > 0.0);

    std::fs::write(&records, "J10; K11 K9\n").unwrap();
    let (code, _, err) = run(&[
        "connect6",
        "train",
        "--records",
        records.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("games.txt: line 1: the game is not over and no result is given"),
        "{err}"
    );
}

#[test]
fn connect6_match_writes_its_games_as_records_that_train_learns_from() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("engine-games.txt");
    let (code, text, err) = run(&[
        "connect6",
        "match",
        "engine:1",
        "greedy",
        "--games",
        "3",
        "--records-out",
        records.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("wrote 3 records"), "{text}");
    let written = std::fs::read_to_string(&records).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 3);
    // engine:1 wins every game against greedy: Black in games 1 and 3.
    assert!(lines[0].starts_with("J10; ") && lines[0].ends_with(" 1-0"), "{written}");
    assert!(lines[1].ends_with(" 0-1"), "{written}");
    assert!(lines[2].ends_with(" 1-0"), "{written}");
    let out = dir.path().join("m.selfplay");
    let (code, text, err) = run(&[
        "connect6",
        "train",
        "--records",
        records.to_str().unwrap(),
        "--games",
        "3",
        "--eval-every",
        "3",
        "--openings",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("from 3 records of engine-games.txt"), "{text}");
}

/// The page's sample records (`www/public/records/`) are what their header
/// says: the engine at level 2 against itself from the shipped openings.
/// Its first four games are played again.
#[test]
fn the_sample_records_are_the_engines_games() {
    let root = env!("CARGO_MANIFEST_DIR");
    let sample =
        std::fs::read_to_string(format!("{root}/www/public/records/connect6-engine-level-2.txt"))
            .unwrap();
    let games: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(games.len(), 100);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("four.txt");
    let (code, _, err) = run(&[
        "connect6",
        "match",
        "engine:2",
        "engine:2",
        "--games",
        "4",
        "--seed",
        "1",
        "--openings",
        &format!("{root}/src/games/connect6/openings.txt"),
        "--records-out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let again = std::fs::read_to_string(&out).unwrap();
    assert_eq!(again.lines().collect::<Vec<_>>(), games[..4]);
}

/// `src/games/connect6/referee.py` plays two programs over the engine
/// protocol from openings, colours alternating: the engine against itself
/// plays every game to its end, the same way twice; a program that does not
/// answer with a turn loses each game.
#[test]
fn the_referee_plays_engines_over_the_protocol() {
    let root = env!("CARGO_MANIFEST_DIR");
    let referee = format!("{root}/src/games/connect6/referee.py");
    let engine = format!("{} connect6 engine", env!("CARGO_BIN_EXE_selfplay"));
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "# two openings\nJ10; K11 K9\nJ10; J9 J11; A1 S19\n").unwrap();
    let referee_run = |b: &str, extra: &[&str]| {
        let out = std::process::Command::new("python3")
            .arg(&referee)
            .args(["--a", &engine, "--a-depth", "1", "--b", b, "--games", "4"])
            .args(["--openings", openings.to_str().unwrap()])
            .args(extra)
            .output()
            .expect("python3 runs the referee");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
        text
    };
    let games = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect()
    };
    let first = referee_run(&engine, &["--b-depth", "2"]);
    assert_eq!(games(&first).len(), 4, "{first}");
    assert_eq!(first.matches("(six in a row)").count(), 4, "{first}");
    assert!(first.contains("game   2: B Black"), "{first}");
    assert_eq!(games(&first), games(&referee_run(&engine, &["--b-depth", "2"])));
    // Black to move with five in a row (J10 to N10): the first stone of the
    // pair makes six, and that one stone is the whole turn.
    std::fs::write(
        &openings,
        "J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1\n",
    )
    .unwrap();
    let five = referee_run(&engine, &[]);
    assert_eq!(five.matches("after 12 stones (six in a row)").count(), 4, "{five}");
    // Bad input: a message and exit code 2 before any game.
    let bad = std::process::Command::new("python3")
        .arg(&referee)
        .args(["--a", &engine, "--b", &engine, "--openings", "/nonexistent/openings.txt"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/nonexistent/openings.txt"));
    assert!(bad.stdout.is_empty());
    // `cat` answers `next` with the lines it was sent: never a turn.
    let faulty = referee_run("cat", &["--json"]);
    let totals: serde_json::Value = serde_json::from_str(faulty.trim()).unwrap();
    assert_eq!((totals["a"].as_u64(), totals["b"].as_u64()), (Some(4), Some(0)), "{faulty}");
    assert_eq!(totals["void"].as_u64(), Some(0), "{faulty}");
}

/// A program that hangs is stopped and started afresh and the game played
/// again; one that hangs again leaves the game void, counted for neither
/// side, and the match goes on.
#[test]
fn the_referee_restarts_a_program_that_hangs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let referee = format!("{root}/src/games/connect6/referee.py");
    let engine = format!("{} connect6 engine", env!("CARGO_BIN_EXE_selfplay"));
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "J10; K11 K9\nJ10; J9 J11; A1 S19\n").unwrap();
    let referee_run = |b: &str, games: &str| {
        let out = std::process::Command::new("python3")
            .arg(&referee)
            .args(["--a", &engine, "--a-depth", "1", "--b", b, "--b-depth", "1"])
            .args(["--games", games, "--timeout", "1", "--json"])
            .args(["--openings", openings.to_str().unwrap()])
            .output()
            .expect("python3 runs the referee");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
        let totals: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        totals
    };
    // Silent the first time it starts (no answer to `name`), the engine after.
    let mark = dir.path().join("started");
    let once = format!(
        "sh -c 'if [ -e {m} ]; then exec {engine}; else touch {m}; sleep 60; fi'",
        m = mark.display()
    );
    let totals = referee_run(&once, "4");
    assert_eq!(totals["games"].as_u64(), Some(4), "{totals}");
    assert_eq!(totals["void"].as_u64(), Some(0), "{totals}");
    assert_eq!(totals["b_restarts"].as_u64(), Some(1), "{totals}");
    assert_eq!(totals["a_restarts"].as_u64(), Some(0), "{totals}");
    let why = totals["restarts"][0].as_str().unwrap();
    assert!(why.starts_with("game 1: B"), "{totals}");
    // Answers `name` but never a turn: every game fails twice and is void.
    let never = "sh -c 'while read l; do [ \"$l\" = name ] && echo name mute; done'";
    let totals = referee_run(never, "2");
    assert_eq!(totals["games"].as_u64(), Some(0), "{totals}");
    assert_eq!(totals["void_games"], serde_json::json!([1, 2]), "{totals}");
    assert_eq!(totals["b_restarts"].as_u64(), Some(4), "{totals}");
    assert_eq!(totals["a_turns"].as_u64(), Some(0), "{totals}");
    assert!(totals["restarts"][0].as_str().unwrap().contains("no answer in time"), "{totals}");
}
