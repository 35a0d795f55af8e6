//! `selfplay othello perft`, `match` and `solve` as a person runs them:
//! counts that match the reference data, reproducible matches, exact
//! endgame scores, and exit code 2 with a message for bad input.

use crate::cli;
use cli::run;
use selfplay::Game as _;

/// The "live" counts of tests/data/othello/perft.txt, by depth.
fn reference_counts() -> Vec<u64> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello/perft.txt"
    ))
    .unwrap()
    .lines()
    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
    .collect()
}

#[test]
fn perft_prints_the_reference_count_at_every_depth() {
    let (code, out, err) = run(&["othello", "perft", "7"]);
    assert_eq!(code, 0, "{err}");
    let expected = reference_counts();
    let rows: Vec<(usize, u64)> = out
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 7, "{out}");
    for (depth, count) in rows {
        assert_eq!(count, expected[depth - 1], "depth {depth}");
    }
}

#[test]
fn match_is_reproducible_and_reports_every_game() {
    let args = [
        "othello", "match", "msb", "random", "--games", "60", "--seed", "9", "--json",
    ];
    let (code, first, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, second, _) = run(&args);
    let a: serde_json::Value = serde_json::from_str(&first).unwrap();
    let b: serde_json::Value = serde_json::from_str(&second).unwrap();
    assert_eq!(a, b, "same seed, same match");
    let games: u64 = ["a_first", "a_second"]
        .iter()
        .map(|k| {
            let r = &a[k];
            ["wins", "draws", "losses"]
                .iter()
                .map(|f| r[f].as_u64().unwrap())
                .sum::<u64>()
        })
        .sum();
    assert_eq!(games, 60, "{first}");
    let (_, other, _) = run(&[
        "othello", "match", "msb", "random", "--games", "60", "--seed", "10", "--json",
    ]);
    assert_ne!(first, other, "another seed, another match");
}

#[test]
fn bad_input_exits_with_code_2_and_a_message() {
    let (code, _, err) = run(&["othello", "match", "msb", "nobody", "--games", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown Othello player 'nobody'"), "{err}");
    let (code, _, err) = run(&["othello", "perft", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'x'"), "{err}");
}

#[test]
fn bad_arguments_are_refused_before_any_work() {
    let (code, out, err) = run(&["othello", "perft", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    // A network to evaluate, then an empty opponent name among good ones.
    let dir = std::env::temp_dir().join(format!("selfplay-cli-othello-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("n.selfplay");
    let net = net.to_str().unwrap();
    let (code, _, err) = run(&[
        "othello",
        "train",
        "qnet",
        "--hidden",
        "4",
        "--games",
        "2",
        "--eval-every",
        "0",
        "--out",
        net,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&[
        "othello",
        "eval",
        net,
        "--games",
        "10",
        "--opponents",
        "random,,msb",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        !out.contains("random "),
        "random's games were played first: {out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `selfplay othello nboard` driven over standard input and output, as a
/// GUI drives it.
#[test]
fn nboard_session_over_stdin_and_stdout() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args(["othello", "nboard"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"nboard 2\nset depth 3\nset game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)\nping 1\ngo\nhint 2\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "set myname Selfplay");
    assert_eq!(lines[1], "pong 1");
    // Black's first move is one of the four openings.
    let mv = lines[2]
        .strip_prefix("=== ")
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    assert!(["D3", "C4", "F5", "E6"].contains(&mv), "{mv}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("search ")).count(),
        2,
        "{text}"
    );
}

/// A file of positions for `othello solve`, in a fresh directory.
fn solve_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "selfplay-cli-othello-solve-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn solve_prints_the_exact_score_and_a_best_move() {
    let ffo = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello/ffo40-49.txt"
    ))
    .unwrap();
    // FFO #40 (20 empties) and a position near the end, without answers.
    let ffo40 = ffo.lines().find(|l| l.ends_with("FFO #40")).unwrap();
    let text = format!(
        "# two positions\n{ffo40}\n\nXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-O- X\n"
    );
    let path = solve_file("good", &text);
    let (code, out, err) = run(&["othello", "solve", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .take(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    // line, empties, score, move, expected
    assert_eq!(rows[0][..5], ["2", "20", "+38", "a2", "+38"], "{out}");
    // Nobody can flank anything: the game is over, 61 to 1 and the two
    // empty squares to black; there is no move.
    assert_eq!(rows[1][..4], ["4", "2", "+62", "--"], "{out}");
    assert!(out.contains("total: 2 positions"), "{out}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn solve_refuses_bad_files_with_code_2() {
    let path = solve_file("bad", "# fine\n---- X\n");
    let (code, out, err) = run(&["othello", "solve", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("line 2"), "{err}");
    assert!(out.is_empty(), "nothing solved before the error: {out}");
    let (code, _, err) = run(&["othello", "solve", "/no/such/file.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open"), "{err}");
    let empty = solve_file("empty", "# nothing here\n\n");
    let (code, _, err) = run(&["othello", "solve", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no positions"), "{err}");
    let (code, _, err) = run(&[
        "othello",
        "solve",
        empty.to_str().unwrap(),
        "--hash-mb",
        "0",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--hash-mb"), "{err}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    std::fs::remove_dir_all(empty.parent().unwrap()).unwrap();
}

/// Runs `selfplay othello nboard` with these arguments on `script`.
fn nboard_session(args: &[&str], script: &str) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(cli::binary())
        .args(["othello", "nboard"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

/// An n-tuple network trained by the CLI plays over NBoard, at one ply and
/// as the evaluation of the search, and joins the rating ladder.
#[test]
fn an_ntuple_model_plays_over_nboard_and_in_the_ladder() {
    let dir = std::env::temp_dir().join(format!("selfplay-cli-ntuple-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let model = dir.join("net.selfplay");
    let model = model.to_str().unwrap();
    let (code, _, err) = run(&[
        "run", "othello", "ntuple", "--preset", "fast", "--set", "games=300", "--set",
        "eval_every=300", "--set", "eval_games=2", "--out", model,
    ]);
    assert_eq!(code, 0, "{err}");

    let start = "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)\n";
    let out = nboard_session(&["--player", model], &format!("nboard 2\nset depth 4\n{start}go\nhint 2\n"));
    let mv = out[1].strip_prefix("=== ").expect("a move").split('/').next().unwrap();
    assert!(["D3", "C4", "F5", "E6"].contains(&mv), "{out:?}");
    let hints: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(hints.len(), 2, "{out:?}");
    for h in &hints {
        let v: f64 = h.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(v.abs() <= 1.0, "a network's value: {h}");
    }

    // As the search's evaluation, rebuilt at the GUI's depth.
    let out = nboard_session(&["--player", &format!("{model}:2")], &format!("set depth 3\n{start}hint 2\n"));
    let hints: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(hints.len(), 2, "{out:?}");
    assert!(hints.iter().all(|h| h.ends_with(" 0 3")), "{hints:?}");

    // The ladder: random and the network, 2 openings × 2 colours.
    let table = dir.join("ladder.tsv");
    let (code, text, err) = run(&[
        "othello", "ladder", "random", model, "--results", table.to_str().unwrap(), "--openings", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("4 games; Elo relative to random (0)"), "{text}");
    let rows = std::fs::read_to_string(&table).unwrap();
    assert_eq!(rows.lines().filter(|l| !l.starts_with('#')).count(), 4, "{rows}");
    let (code, _, err) = run(&["othello", "ladder", "--results", table.to_str().unwrap(), "--part", "3/2"]);
    assert_eq!((code, err.contains("--part")), (2, true), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `othello train` and `othello ga` keep the seconds they trained in their
/// files, as `selfplay run` does, and a resumed run adds its own to them.
#[test]
fn train_and_ga_files_keep_their_seconds_of_training() {
    let dir = tempfile::tempdir().unwrap();
    let seconds = |p: &std::path::Path| -> f64 {
        let bytes = std::fs::read(p).unwrap();
        selfplay::model::decode(&bytes).unwrap().header.train_seconds
    };
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let net = dir.path().join("n.selfplay");
    let (code, _, err) = run(&[
        "othello", "train", "qnet", "--hidden", "4", "--games", "200", "--eval-every", "100",
        "--eval-games", "4", "--out", &s(&net),
    ]);
    assert_eq!(code, 0, "{err}");
    let first = seconds(&net);
    assert!(first > 0.0, "{first}");
    let more = dir.path().join("more.selfplay");
    let (code, _, err) = run(&[
        "othello", "train", "qnet", "--resume", &s(&net), "--games", "400", "--out", &s(&more),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(seconds(&more) > first, "{} after {first}", seconds(&more));

    let ga = dir.path().join("ga.selfplay");
    let ga_args = |out: &str, extra: &[&str]| {
        let mut v: Vec<String> = [
            "othello", "ga", "--population", "2", "--games", "1", "--depth", "1", "--out", out,
        ]
        .iter()
        .map(|x| x.to_string())
        .collect();
        v.extend(extra.iter().map(|x| x.to_string()));
        v
    };
    let args = ga_args(&s(&ga), &["--generations", "1"]);
    let (code, _, err) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    let first = seconds(&ga);
    assert!(first > 0.0, "{first}");
    let ga2 = dir.path().join("ga2.selfplay");
    let args = ga_args(&s(&ga2), &["--generations", "2", "--resume", &s(&ga)]);
    let (code, _, err) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    assert!(seconds(&ga2) > first, "{} after {first}", seconds(&ga2));
}

/// `engine-match` against the project's own NBoard engine: every opening
/// twice with the colours swapped, the report's counts, and a games file
/// whose moves replay legally to the margins it gives.
#[test]
fn engine_match_plays_an_nboard_engine_from_an_openings_file() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "# three openings\nf5d6c3\nf5f6e6f4\n\nc4e3\n").unwrap();
    let games = dir.path().join("games.tsv");
    let engine = format!(
        "{} othello nboard --player search:2",
        cli::binary().display()
    );
    let (code, out, err) = run(&[
        "othello",
        "engine-match",
        "msb",
        "--engine",
        &engine,
        "--level",
        "1",
        "--openings",
        openings.to_str().unwrap(),
        "--jobs",
        "2",
        "--games-out",
        games.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(6 games from 3 openings"), "{out}");
    assert!(out.contains("score ") && out.contains("time per move"), "{out}");
    let text = std::fs::read_to_string(&games).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 6, "{text}");
    let (mut won, mut lost, mut drawn) = (0, 0, 0);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r[0], (i / 2).to_string());
        assert_eq!(r[1], if i % 2 == 0 { "black" } else { "white" });
        let moves = selfplay::games::othello::parse_transcript(r[2]).unwrap();
        let mut b = selfplay::games::othello::Board::start();
        for m in moves {
            b.play(m);
        }
        assert!(b.is_over(), "{}", r[2]);
        let margin = if r[1] == "black" {
            b.final_margin()
        } else {
            -b.final_margin()
        };
        assert_eq!(format!("{margin:+}"), r[3]);
        match margin.signum() {
            1 => won += 1,
            -1 => lost += 1,
            _ => drawn += 1,
        }
    }
    let total = out.lines().find(|l| l.trim_start().starts_with("total")).unwrap();
    let counts: Vec<u32> = total
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(counts, [won, drawn, lost], "{out}");
    // An openings file with an illegal move is refused before any game.
    std::fs::write(&openings, "f5d6\nf5f5\n").unwrap();
    let (code, _, err) = run(&[
        "othello",
        "engine-match",
        "msb",
        "--engine",
        &engine,
        "--level",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
}
