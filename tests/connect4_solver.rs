//! The solver against the public benchmark sets of tests/data/connect4/
//! (see its README for the scores): every position of the fast sets, a
//! fixed sample of the slow ones, the weak mode, and counts of positions at
//! small depths.

use std::collections::HashSet;

use selfplay::games::connect4::batch::{read_text, LineInput};
use selfplay::games::connect4::{Mode, Position, Solver};
use selfplay::Game;

fn set(name: &str) -> Vec<LineInput> {
    let path = format!("{}/tests/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    read_text(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Solves `inputs` in `mode` and checks every score (the sign in weak mode).
fn check(name: &str, inputs: &[LineInput], mode: Mode) {
    check_with(Solver::new(), name, inputs, mode);
}

fn check_with(mut solver: Solver, name: &str, inputs: &[LineInput], mode: Mode) {
    for input in inputs {
        let expected = input.expected.expect("a score on every line");
        let got = match mode {
            Mode::Strong => solver.solve(&input.position),
            Mode::Weak => solver.solve_weak(&input.position),
        };
        let want = match mode {
            Mode::Strong => expected,
            Mode::Weak => expected.signum(),
        };
        assert_eq!(got, want, "{name} line {}: {}", input.line, input.moves);
    }
}

/// Every `step`-th position, the first `n` of them.
fn sample(inputs: Vec<LineInput>, step: usize, n: usize) -> Vec<LineInput> {
    inputs.into_iter().step_by(step).take(n).collect()
}

#[test]
fn end_easy_every_position() {
    let s = set("Test_L3_R1");
    assert_eq!(s.len(), 500);
    check("End-Easy", &s, Mode::Strong);
}

#[test]
fn middle_easy_every_position() {
    let s = set("Test_L2_R1");
    assert_eq!(s.len(), 500);
    check("Middle-Easy", &s, Mode::Strong);
}

#[test]
fn the_smallest_tables_give_the_same_scores() {
    // 2^10 entries in the large table and in the one for positions near the
    // end: many more entries replaced, every score still exact.
    let solver = Solver::with_table_bits(10);
    assert_eq!(solver.tables().map(|t| t.bits()), [10, 10]);
    let mut s = sample(set("Test_L2_R2"), 5, 100);
    s.extend(sample(set("Test_L1_R1"), 5, 100));
    check_with(solver, "Middle-Medium and Begin-Easy", &s, Mode::Strong);
}

#[test]
fn begin_easy_every_position() {
    check("Begin-Easy", &set("Test_L1_R1"), Mode::Strong);
}

#[test]
fn middle_medium_every_position() {
    check("Middle-Medium", &set("Test_L2_R2"), Mode::Strong);
}

#[test]
fn begin_medium_sample() {
    check(
        "Begin-Medium",
        &sample(set("Test_L1_R2"), 10, 50),
        Mode::Strong,
    );
}

#[test]
fn begin_hard_sample_of_its_deepest_positions() {
    // The positions with the most discs are the fastest of this set.
    let mut s = set("Test_L1_R3");
    s.sort_by_key(|i| std::cmp::Reverse(i.moves.len()));
    s.truncate(4);
    check("Begin-Hard", &s, Mode::Strong);
}

#[test]
fn begin_hard_sample_of_every_hundredth_position_of_seven_discs_or_more() {
    // Every 100th position holds the slowest of the set (2 to 6 discs: up
    // to 20 s each); those of 7 discs or more take about a second.
    let s: Vec<LineInput> = sample(set("Test_L1_R3"), 100, 5)
        .into_iter()
        .filter(|i| i.moves.len() >= 7)
        .collect();
    assert_eq!(s.len(), 2);
    check("Begin-Hard", &s, Mode::Strong);
}

#[test]
fn weak_mode_gives_the_sign() {
    check(
        "Middle-Medium",
        &sample(set("Test_L2_R2"), 5, 100),
        Mode::Weak,
    );
    check(
        "Begin-Medium",
        &sample(set("Test_L1_R2"), 50, 10),
        Mode::Weak,
    );
    check("End-Easy", &set("Test_L3_R1"), Mode::Weak);
}

#[test]
fn distinct_positions_at_small_depths() {
    // OEIS A212693: positions after n moves (n = 0..8).
    let expected = [1u64, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    let mut level: HashSet<Position> = HashSet::from([Position::new()]);
    let mut moves = Vec::new();
    for (depth, &want) in expected.iter().enumerate() {
        assert_eq!(level.len() as u64, want, "depth {depth}");
        let mut next = HashSet::new();
        for p in &level {
            p.legal_moves(&mut moves);
            for &m in &moves {
                let mut q = *p;
                q.play(m);
                next.insert(q);
            }
        }
        level = next;
    }
}

#[test]
fn game_tree_leaves_before_any_win() {
    // No game ends before the 7th disc: 7^n move sequences.
    fn perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut q = *p;
                q.play(m);
                perft(&q, depth - 1)
            })
            .sum()
    }
    for d in 0..=6 {
        assert_eq!(perft(&Position::new(), d), 7u64.pow(d));
    }
}

#[test]
fn the_built_in_book_holds_the_first_move() {
    let mut s = Solver::with_book();
    assert_eq!(s.solve(&Position::new()), 1);
    for (col, score) in [(1, 2), (2, 1), (3, 0), (4, -1), (5, 0), (6, 1), (7, 2)] {
        let p = Position::from_moves(&col.to_string()).unwrap();
        assert_eq!(s.solve(&p), score, "after {col}");
    }
}

/// Deepest positions of the built-in book, with their scores, that the
/// solver checks without the book (among the quickest of that depth to
/// solve).
const BOOK_CHECKED: &[&str] = &["27373 -6", "31315 -4", "31143 0", "34354 2", "44343 5"];

#[test]
fn the_generated_book_agrees_with_the_solver_and_the_published_first_moves() {
    use selfplay::games::connect4::book::{
        opening, positions, read_book, score_from_children, FIRST_MOVE_SCORES, OPENING,
    };
    let file = read_book(OPENING).unwrap();
    let book = opening();
    let depth = file.depth();
    assert!(depth >= 5, "the book holds the positions of five discs");
    // Every position from two discs to the book's depth is there (one of
    // each mirror pair).
    let all = positions(2, depth);
    assert_eq!(file.len(), all.len());
    for (moves, p) in &all {
        assert!(book.get(p).is_some(), "{moves}");
    }
    // Every shallower position's score follows from its children's: the
    // book is the solver's scores of its deepest positions, minimaxed.
    for (moves, p) in all.iter().filter(|(_, p)| p.moves_played() < depth) {
        assert_eq!(score_from_children(p, &file), file.get(p), "{moves}");
    }
    // The seven first moves' published scores follow from the book.
    for (col, &score) in FIRST_MOVE_SCORES.iter().enumerate() {
        let mut p = Position::new();
        p.play_col(col);
        assert_eq!(
            score_from_children(&p, &file),
            Some(-score),
            "column {}",
            col + 1
        );
    }
    // Some of the deepest positions, solved now without the book, have the
    // book's scores.
    let mut fresh = Solver::new();
    for line in BOOK_CHECKED {
        let (moves, score) = line.split_once(' ').unwrap();
        let p = Position::from_moves(moves).unwrap();
        assert_eq!(p.moves_played(), depth, "{moves}");
        assert_eq!(book.get(&p), Some(score.parse().unwrap()), "{moves}");
        assert_eq!(fresh.solve(&p), score.parse::<i32>().unwrap(), "{moves}");
    }
    // The solver answers book positions at once.
    let mut s = Solver::with_book();
    for (moves, p) in all.iter().take(5) {
        let score = s.solve(p);
        assert_eq!(Some(score), book.get(p), "{moves}");
        assert!(s.nodes() <= 64, "{moves}: {} nodes", s.nodes());
    }
}

#[test]
fn a_book_made_in_parts_is_the_book_made_at_once() {
    use selfplay::games::connect4::book::{merged, read_book, Book};
    use selfplay::games::connect4::book_maker::{generate, Part};
    // Positions of 2 and 3 discs: the built-in book answers those of 3 at
    // once, so the parts cost nothing here.
    let mut solver = Solver::with_book();
    let whole = generate(2, 3, Part::ALL, &mut solver, |_, _| {});
    let deepest: Vec<&String> = whole
        .iter()
        .filter(|l| l.split(' ').next().unwrap().len() == 3)
        .collect();
    let mut text = String::new();
    let mut lines = 0;
    for k in 1..=3 {
        let part = Part::parse(&format!("{k}/3")).unwrap();
        let mine = generate(2, 3, part, &mut solver, |_, _| {});
        // Only positions of 3 discs, every third one.
        assert!(
            mine.len().abs_diff(deepest.len() / 3) <= 1,
            "{}",
            mine.len()
        );
        for l in &mine {
            assert!(deepest.contains(&l), "{l}");
            text.push_str(l);
            text.push('\n');
        }
        lines += mine.len();
    }
    assert_eq!(lines, deepest.len(), "the parts share out every position");
    // A solver whose only book is the parts' lines writes the whole book
    // without searching.
    let known = read_book(&text).unwrap();
    let book = merged(&Book::new(0, 1), &known);
    assert_eq!((book.depth(), book.len()), (3, deepest.len()));
    let mut merging = Solver::new();
    merging.set_book(Some(std::sync::Arc::new(book)));
    let mut nodes = 0;
    let again = generate(2, 3, Part::ALL, &mut merging, |_, _| nodes += 1);
    assert_eq!(again, whole);
    assert_eq!(nodes, whole.len());
    assert!(
        merging.nodes() <= 10 * deepest.len() as u64,
        "{} nodes",
        merging.nodes()
    );
    for bad in ["0/2", "3/2", "1-2", "a/2", "1/0", ""] {
        assert!(Part::parse(bad).is_err(), "{bad:?}");
    }
    assert_eq!(Part::parse("2/2").unwrap(), Part { index: 1, count: 2 });
}

#[test]
fn the_built_in_test_positions_are_one_in_ten_of_each_set_with_their_optimal_columns() {
    use selfplay::games::connect4::batch::BENCH_SETS;
    use selfplay::games::connect4::optimal::{read_checked, TEST_POSITIONS, TEST_STEP};
    use selfplay::games::connect4::{Budget, Mode};
    let checked = read_checked(TEST_POSITIONS).unwrap();
    let mut lines = checked.iter();
    let mut solver = Solver::new();
    for (file, name) in BENCH_SETS {
        let inputs = set(file);
        for input in inputs.iter().step_by(TEST_STEP) {
            // The set's position and score, in the set's order.
            let c = lines.next().expect("a line for every 10th position");
            assert_eq!(
                (&c.moves, c.score),
                (&input.moves, input.expected.unwrap()),
                "{name}"
            );
            // The optimal columns are those of the best score of a full
            // analysis (the sets of fewer than 15 discs and more than
            // 13 moves left take minutes; their scores are checked above).
            if !matches!(name, "Begin-Medium" | "Begin-Hard") {
                let a = solver.analyze(&c.position, Mode::Strong, Budget::unlimited(), None);
                let best = a.scores.iter().flatten().copied().max().unwrap();
                assert_eq!(best, c.score, "{name} {}", c.moves);
                let mask = (0..7)
                    .filter(|&col| a.scores[col] == Some(best))
                    .fold(0u8, |m, col| m | 1 << col);
                assert_eq!(mask, c.optimal, "{name} {}", c.moves);
            }
        }
    }
    assert!(lines.next().is_none());
    assert_eq!(checked.len(), 300);
}

/// The solver's special cases against scores computed by hand (a score is
/// 22 − s when the side to move wins with its s-th disc): a position won
/// at the next move, a finished one, each in both mirror images, with and
/// without the book, strong and weak.
#[test]
fn special_cases_have_hand_computed_scores() {
    // `121212`: the first player has three discs in column 1 and plays its
    // fourth there: 22 − 4 = 18.
    // `1212121`: that fourth disc has been played; the second player, to
    // move, has lost to the opponent's fourth disc: −18.
    // `112237`: the first player has 1, 2 and 3 on the bottom row and wins
    // in column 4 with its fourth disc: 18.
    let cases = [
        ("121212", 18),
        ("767676", 18),
        ("1212121", -18),
        ("7676767", -18),
        ("112237", 18),
        ("776651", 18),
    ];
    for (moves, score) in cases {
        let p = Position::from_moves(moves).unwrap();
        for mut solver in [Solver::new(), Solver::with_book()] {
            assert_eq!(solver.solve(&p), score, "{moves}");
            assert_eq!(solver.solve_weak(&p), score.signum(), "{moves}");
        }
    }
    // The winning column's own score in an analysis is the same 18.
    let p = Position::from_moves("121212").unwrap();
    let a = Solver::new().analyze(
        &p,
        Mode::Strong,
        selfplay::games::connect4::Budget::unlimited(),
        None,
    );
    assert_eq!(a.scores[0], Some(18));
    assert!(a.scores.iter().flatten().all(|&s| s <= 18));
}
