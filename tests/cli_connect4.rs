//! `selfplay connect4 solve` and `selfplay connect4 experiment` as a person
//! runs them: the listed scores, exit code 2 with a message for bad input,
//! and Q-learning that learns.

use crate::cli;
use cli::run;

#[test]
fn solve_gives_the_listed_score_of_every_position() {
    let file = "tests/data/connect4/Test_L2_R1";
    let (code, out, err) = run(&["connect4", "solve", file]);
    assert_eq!(code, 0, "{err}");
    let given = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), given.lines().count());
    for (got, want) in lines.iter().zip(given.lines()) {
        let g: Vec<&str> = got.split_whitespace().collect();
        let w: Vec<&str> = want.split_whitespace().collect();
        assert_eq!(g[..2], w[..2], "{got}");
        assert_eq!(g.len(), 4, "moves, score, nodes, µs: {got}");
    }
    let (code, out, err) = run(&["connect4", "solve", "--weak", "--check", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out
        .lines()
        .all(|l| ["1", "0", "-1"].contains(&l.split_whitespace().nth(1).unwrap())));
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "4453 3\n44444444 0\n").unwrap();
    let (code, out, err) = run(&["connect4", "solve", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("full"), "{err}");
    let (code, _, err) = run(&["connect4", "solve", "no/such/file"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open"), "{err}");
    let (code, _, err) = run(&["connect4", "experiment", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("<NUMBER>") && err.contains("1..=2"), "{err}");
}

/// The greedy record line of an experiment's output: (wins, draws, losses).
fn greedy(out: &str) -> Vec<(u32, u32, u32)> {
    out.lines()
        .filter(|l| l.contains("greedy (learning off)"))
        .map(|l| {
            let n: Vec<u32> = l
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|t| t.parse().ok())
                .collect();
            (n[0], n[1], n[2])
        })
        .collect()
}

#[test]
fn experiment_2_learns_to_beat_the_random_player_and_saves_a_model() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("c4.selfplay");
    let (code, out, err) = run(&[
        "connect4",
        "experiment",
        "2",
        "--runs",
        "2",
        "--games",
        "20000",
        "--sample",
        "10",
        "--out",
        model.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let trained = greedy(&out)[0];
    let (code, out1, err) = run(&[
        "connect4",
        "experiment",
        "2",
        "--runs",
        "2",
        "--games",
        "1",
        "--sample",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    let untrained = greedy(&out1)[0];
    assert!(
        trained.0 >= 850 && trained.0 >= untrained.0 + 200,
        "trained {trained:?}, untrained {untrained:?}\n{out}"
    );
    assert!(out.contains("table: "), "{out}");
    // Each point has the share of optimal moves in its own games (10
    // positions checked or skipped) and on the test positions.
    assert!(
        out.contains("own opt%") && out.contains("test opt%"),
        "{out}"
    );
    let point = out
        .lines()
        .find(|l| l.trim_start().starts_with("20000 "))
        .expect("the last point");
    let f: Vec<&str> = point.split_whitespace().collect();
    let own: f64 = f[5].parse().unwrap();
    let (checked, skipped): (u32, u32) = (f[6].parse().unwrap(), f[7].parse().unwrap());
    let test: f64 = f[8].parse().unwrap();
    assert_eq!(checked + skipped, 10, "{point}");
    assert!((0.0..=100.0).contains(&own) && (0.0..=100.0).contains(&test));
    assert!(out.contains("optimal moves: own games"), "{out}");
    // The model file plays and is described.
    let bytes = std::fs::read(&model).unwrap();
    let m = selfplay::model::decode(&bytes).unwrap();
    let use_ = selfplay::games::describe_model(&m).unwrap();
    assert!(use_.summary.starts_with("Red · α 0.5"), "{}", use_.summary);
    assert_eq!(use_.continues_as.as_deref(), Some("q_table"));
}

#[test]
fn experiment_1_survival_rises() {
    let (code, out, err) = run(&[
        "connect4",
        "experiment",
        "1",
        "--runs",
        "0",
        "--games",
        "20000",
        "--sample",
        "0",
        "--full",
    ]);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<f64> = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.trim().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(moves.len(), 20, "{out}");
    let first = moves[0];
    let last = moves[moves.len() - 3..].iter().sum::<f64>() / 3.0;
    assert!(last > first + 5.0, "{first} → {last}\n{out}");
}

#[test]
fn bench_reports_means_per_file_and_counts_wrong_scores() {
    let (code, out, err) = run(&[
        "connect4",
        "bench",
        "--json",
        "--step",
        "10",
        "tests/data/connect4/Test_L3_R1",
    ]);
    assert_eq!(code, 0, "{err}");
    let b: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(b["name"], "Test_L3_R1 End-Easy");
    assert_eq!(b["positions"], 50);
    assert_eq!(b["wrong"], 0);
    assert!(b["mean_nodes"].as_f64().unwrap() > 0.0);
    // Twenty positions of the set, one of them (the 8th) given a wrong
    // score in range: exactly that one is counted.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("wrong.txt");
    let set = std::fs::read_to_string("tests/data/connect4/Test_L3_R1").unwrap();
    let mut lines: Vec<String> = set.lines().take(20).map(String::from).collect();
    let (moves, score) = lines[7].split_once(' ').unwrap();
    let score: i32 = score.trim().parse().unwrap();
    let wrong = if score == 0 { 1 } else { -score };
    lines[7] = format!("{moves} {wrong}");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let (code, out, err) = run(&["connect4", "bench", "--json", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1 scores differ"), "{err}");
    let b: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(b["name"], "wrong.txt");
    assert_eq!(
        (b["positions"].as_u64(), b["wrong"].as_u64()),
        (Some(20), Some(1))
    );
    // In weak mode a wrong sign is wrong too.
    let (code, out, _) = run(&[
        "connect4",
        "bench",
        "--json",
        "--weak",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    let b: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(b["wrong"].as_u64(), Some(1));
}

/// The lines of `match`'s table: (depth, opponent, side, wins, draws, losses).
fn match_lines(out: &str) -> Vec<(u8, String, String, u32, u32, u32)> {
    out.lines()
        .filter(|l| l.starts_with(' ') && l.split_whitespace().count() == 10)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].into(),
                f[2].into(),
                f[3].parse().unwrap(),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn match_plays_a_table_with_lookahead_on_both_sides_reproducibly() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("t.selfplay");
    let m = model.to_str().unwrap();
    let (code, _, err) = run(&[
        "connect4",
        "experiment",
        "2",
        "--runs",
        "1",
        "--games",
        "20000",
        "--sample",
        "0",
        "--eval",
        "0",
        "--mirror",
        "--out",
        m,
    ]);
    assert_eq!(code, 0, "{err}");
    let args = [
        "connect4",
        "match",
        m,
        "--depth",
        "0,2",
        "--against",
        "random,stupid",
        "--games",
        "200",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let lines = match_lines(&out);
    assert_eq!(lines.len(), 8, "{out}");
    for (_, _, _, w, d, l) in &lines {
        assert_eq!(w + d + l, 200, "{out}");
    }
    let wins = |depth: u8, opp: &str, side: &str| {
        lines
            .iter()
            .find(|x| x.0 == depth && x.1 == opp && x.2 == side)
            .unwrap()
            .3
    };
    // As Yellow the table (learned as Red) knows little; two moves ahead it
    // blocks the stupid player's column and wins far more.
    assert!(
        wins(2, "stupid", "second") > wins(0, "stupid", "second") + 50,
        "{out}"
    );
    assert!(
        wins(2, "random", "second") > wins(0, "random", "second"),
        "{out}"
    );
    // Same seed, same games.
    let (_, again, _) = run(&args);
    assert_eq!(match_lines(&again), lines);
    let (code, _, err) = run(&["connect4", "match", m, "--depth", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth") && err.contains("0..=8"), "{err}");
    let (code, _, err) = run(&["connect4", "match", m, "--against", "nobody"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown opponent"), "{err}");
}

#[test]
fn test_sample_writes_optimal_columns_and_checks_the_sets_scores() {
    // Six small sets in the benchmark sets' names: End-Easy's first lines.
    let dir = tempfile::tempdir().unwrap();
    let end = std::fs::read_to_string(format!(
        "{}/tests/data/connect4/Test_L3_R1",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let head: String = end.lines().take(4).map(|l| format!("{l}\n")).collect();
    for f in [
        "Test_L3_R1",
        "Test_L2_R1",
        "Test_L2_R2",
        "Test_L1_R1",
        "Test_L1_R2",
        "Test_L1_R3",
    ] {
        std::fs::write(dir.path().join(f), &head).unwrap();
    }
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = run(&["connect4", "test-sample", "--step", "3", "--dir", d]);
    assert_eq!(code, 0, "{err}");
    let checked = selfplay::games::connect4::optimal::read_checked(&out).unwrap();
    // Lines 1 and 4 of each of the six files.
    assert_eq!(checked.len(), 12);
    let first: Vec<&str> = end.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        (checked[0].moves.as_str(), checked[0].score.to_string()),
        (first[0], first[1].to_string())
    );
    assert!(out.starts_with("# Test positions"), "{out}");
    // A set whose score is wrong stops it.
    std::fs::write(
        dir.path().join("Test_L2_R1"),
        "2252576253462244111563365343671351441 3\n",
    )
    .unwrap();
    let (code, _, err) = run(&["connect4", "test-sample", "--dir", d]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("differs"), "{err}");
}

#[test]
fn book_in_parts_then_merged_writes_the_same_book() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (code, whole, err) = run(&["connect4", "book", "--from", "2", "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let mut args: Vec<String> = ["connect4", "book", "--from", "2", "--depth", "3"]
        .map(String::from)
        .to_vec();
    let mut deepest = 0;
    for k in 1..=2 {
        let out = path(&format!("part{k}.txt"));
        let part = format!("{k}/2");
        let (code, _, err) = run(&[
            "connect4", "book", "--depth", "3", "--from", "3", "--part", &part, "--out", &out,
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(&format!("# Part {k} of 2 ")), "{text}");
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            assert_eq!(l.split(' ').next().unwrap().len(), 3, "{l}");
            assert!(whole.lines().any(|w| w == l), "{l}");
            deepest += 1;
        }
        args.extend(["--known".into(), out]);
    }
    let three = whole
        .lines()
        .filter(|l| l.split(' ').next().unwrap().len() == 3)
        .count();
    assert_eq!(
        deepest, three,
        "the parts share out the positions of 3 discs"
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, merged, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole);
    // Independently of the solver: every position of 2 discs scores the
    // best of its children's negated scores (no column wins at once with
    // 2 discs down), a child looked up as a position (the book holds one
    // move order of each position and its mirror image).
    use selfplay::games::connect4::Position;
    let key = |m: &str| {
        let m = if m == "-" { "" } else { m };
        Position::from_moves(m).unwrap().symmetric_key()
    };
    let lines: Vec<(String, i32)> = merged
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (m, s) = l.split_once(' ').unwrap();
            (m.to_string(), s.parse().unwrap())
        })
        .collect();
    let scores: std::collections::HashMap<u64, i32> =
        lines.iter().map(|(m, s)| (key(m), *s)).collect();
    let mut derived = 0;
    for (moves, score) in lines.iter().filter(|(m, _)| m.len() == 2) {
        let best = (1..=7)
            .map(|c| {
                let child = format!("{moves}{c}");
                let s = scores
                    .get(&key(&child))
                    .unwrap_or_else(|| panic!("{child} is in the book"));
                -s
            })
            .max()
            .unwrap();
        assert_eq!(*score, best, "{moves}");
        derived += 1;
    }
    assert!(derived >= 20, "{derived} positions of 2 discs");
    // The published scores of the first moves (John Tromp's, as in Pascal
    // Pons' "Solving Connect 4"): the first player's move in column
    // 1..7 scores -2, -1, 0, 1, 0, -1, -2; the second player, to move after
    // it, has the opposite; the empty board scores 1.
    let (code, first, err) = run(&["connect4", "book", "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["- 1", "1 2", "2 1", "3 0", "4 -1"]);
    // The known scores are taken as given: a wrong one shows.
    assert!(whole.lines().any(|l| l == "111 2"), "{whole}");
    std::fs::write(path("wrong.txt"), "111 3\n").unwrap();
    let (code, out, err) = run(&[
        "connect4",
        "book",
        "--from",
        "3",
        "--depth",
        "3",
        "--known",
        &path("wrong.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l == "111 3"), "{out}");
    let (code, _, err) = run(&["connect4", "book", "--depth", "3", "--part", "3/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("K/N"), "{err}");
    let (code, _, err) = run(&["connect4", "book", "--depth", "3", "--known", &path("none")]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open") && err.contains("none"), "{err}");
}
