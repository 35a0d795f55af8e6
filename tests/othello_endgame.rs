//! The exact endgame solver against the FFO test positions, a plain minimax,
//! its budget and its file reader.

use std::time::Duration;

use selfplay::games::othello::endgame::{self, ffo, Limits, Progress, Solver};
use selfplay::games::othello::{Board, PASS};
use selfplay::{rng_from_seed, Game, Side};

use rand::Rng as _;

/// The FFO data: (number, position) pairs.
fn ffo_positions() -> Vec<(u32, ffo::FfoPosition)> {
    ffo::read_positions(include_str!("data/othello/ffo40-49.txt"))
        .unwrap()
        .into_iter()
        .map(|(_, p)| {
            let n = p
                .comment
                .rsplit('#')
                .next()
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            (n, p)
        })
        .collect()
}

fn check_ffo(numbers: &[u32]) {
    let mut solver = Solver::with_hash_bytes(32 << 20);
    let mut checked = Vec::new();
    for (n, p) in ffo_positions() {
        if !numbers.contains(&n) {
            continue;
        }
        checked.push(n);
        solver.clear();
        let s = solver.solve(&p.board, Limits::NONE, None);
        assert_eq!(s.score, p.expected_score, "FFO #{n}");
        let m = s.best_move.unwrap();
        assert!(
            p.best_moves.contains(&m),
            "FFO #{n}: {} is not a best move",
            ffo::move_name(Some(m))
        );
        // The move really achieves the score.
        let mut b = p.board;
        b.play(m);
        assert_eq!(
            solver.solve(&b, Limits::NONE, None).score.map(|v| -v),
            s.score
        );
    }
    assert_eq!(checked, numbers, "the FFO positions asked for are in the file");
}

/// The fastest FFO positions (20 to 25 empties, a few seconds in all in
/// the optimised test profile), always run.
#[test]
fn ffo_fast_positions() {
    check_ffo(&[40, 41, 44, 47]);
}

/// The rest of FFO #40–#49, one test each so that the harness spreads them
/// over the cores (a minute or two in all in the test profile):
/// `cargo test --test suite othello_endgame:: -- --include-ignored` runs the
/// whole set.
#[test]
#[ignore]
fn ffo_42() {
    check_ffo(&[42]);
}

#[test]
#[ignore]
fn ffo_43() {
    check_ffo(&[43]);
}

#[test]
#[ignore]
fn ffo_45() {
    check_ffo(&[45]);
}

#[test]
#[ignore]
fn ffo_46() {
    check_ffo(&[46]);
}

#[test]
#[ignore]
fn ffo_48() {
    check_ffo(&[48]);
}

#[test]
#[ignore]
fn ffo_49() {
    check_ffo(&[49]);
}

/// Empty squares of a finished game go to the winner: black fills rows 1-2
/// and a3 (17 discs), white rows 7-8 (16 discs), nobody can flank anything,
/// so black wins 17-16 plus the 31 empties.
#[test]
fn empties_go_to_the_winner() {
    let text = format!("{}X{}{}", "X".repeat(16), "-".repeat(31), "O".repeat(16));
    for (side, score) in [("X", 32), ("O", -32)] {
        let b = Board::parse(&format!("{text} {side}")).unwrap();
        assert!(b.is_over());
        let s = endgame::solve(&b);
        assert_eq!(s.score, Some(score));
        assert_eq!(s.best_move, None);
    }
    // A wipe-out mid-game: all 64 points to the survivor.
    let b = Board::parse(&format!("{}{} O", "X".repeat(10), "-".repeat(54))).unwrap();
    assert_eq!(endgame::solve(&b).score, Some(-64));
}

/// Plain minimax over the rules' `Game` interface: no pruning, no tables.
fn minimax(b: &Board) -> i32 {
    if b.is_over() {
        let m = b.final_margin();
        return if b.side() == Side::First { m } else { -m };
    }
    let mut moves = Vec::new();
    b.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for m in moves {
        let mut next = *b;
        next.play(m);
        best = best.max(-minimax(&next));
    }
    best
}

/// A position `empties` squares from the end reached by random play from
/// the start (or fewer if the game ended first).
fn random_game_position(rng: &mut selfplay::Rng, empties: u32) -> Board {
    let mut b = Board::start();
    let mut moves = Vec::new();
    while b.empties() > empties && !b.is_over() {
        b.legal_moves(&mut moves);
        b.play(moves[rng.random_range(0..moves.len())]);
    }
    b
}

/// A random arrangement of discs with `empties` empty squares: many have
/// passes, some are already over or end early.
fn random_disc_position(rng: &mut selfplay::Rng, empties: u32) -> Board {
    let mut squares: Vec<u8> = (0..64).collect();
    for i in (1..64).rev() {
        squares.swap(i, rng.random_range(0..=i));
    }
    // Now and then nearly all discs are of one colour: wipe-outs and games
    // that ended early.
    let black_share = match rng.random_range(0..6) {
        0 => 0.01,
        1 => 0.99,
        _ => rng.random_range(0.1..0.9),
    };
    let (mut black, mut white) = (0u64, 0u64);
    for &sq in &squares[empties as usize..] {
        if rng.random_bool(black_share) {
            black |= 1 << sq;
        } else {
            white |= 1 << sq;
        }
    }
    let side = if rng.random_bool(0.5) {
        Side::First
    } else {
        Side::Second
    };
    Board::from_discs(black, white, side).unwrap()
}

fn check_against_minimax(b: &Board, solver: &mut Solver, passes: &mut u32, over: &mut u32) {
    let expected = minimax(b);
    let s = solver.solve(b, Limits::NONE, None);
    assert_eq!(s.score, Some(expected), "{}", b.to_text());
    assert_eq!((s.lower, s.upper), (expected, expected));
    if b.is_over() {
        *over += 1;
        assert_eq!(s.best_move, None);
        return;
    }
    let m = s.best_move.expect("a best move");
    assert!(b.is_legal(m), "{}", b.to_text());
    if m == PASS {
        *passes += 1;
    }
    let mut next = *b;
    next.play(m);
    assert_eq!(-minimax(&next), expected, "{}", b.to_text());
}

#[test]
fn agrees_with_minimax_on_random_game_positions() {
    let mut rng = rng_from_seed(7);
    let mut solver = Solver::with_hash_bytes(1 << 20);
    let (mut passes, mut over) = (0, 0);
    for i in 0..600 {
        let empties = 1 + i % 10;
        let b = random_game_position(&mut rng, empties);
        check_against_minimax(&b, &mut solver, &mut passes, &mut over);
    }
}

#[test]
fn agrees_with_minimax_with_passes_and_early_ends() {
    let mut rng = rng_from_seed(11);
    let mut solver = Solver::with_hash_bytes(1 << 20);
    let (mut passes, mut over) = (0, 0);
    for i in 0..1500 {
        let empties = 1 + i % 10;
        let b = random_disc_position(&mut rng, empties);
        check_against_minimax(&b, &mut solver, &mut passes, &mut over);
    }
    // The sample really exercises passes at the root and finished games.
    assert!(passes > 20, "{passes} root passes");
    assert!(over > 20, "{over} finished games");
    eprintln!("{passes} root passes, {over} finished games");
}

/// The per-move analysis gives every legal move its exact score.
#[test]
fn analysis_scores_every_move() {
    let mut rng = rng_from_seed(3);
    let mut solver = Solver::with_hash_bytes(1 << 20);
    for i in 0..200 {
        let b = if i % 2 == 0 {
            random_game_position(&mut rng, 1 + i % 9)
        } else {
            random_disc_position(&mut rng, 1 + i % 9)
        };
        let a = solver.analyze(&b, Limits::NONE, None);
        assert!(a.finished());
        let mut legal = Vec::new();
        if !b.is_over() {
            b.legal_moves(&mut legal);
        }
        assert_eq!(a.moves.len(), legal.len());
        for ms in &a.moves {
            let mut next = b;
            next.play(ms.mv);
            assert_eq!(ms.score, Some(-minimax(&next)), "{}", b.to_text());
        }
        if let Some(first) = a.moves.first() {
            assert_eq!(first.score, Some(minimax(&b)));
        }
    }
}

/// A solve stopped by its budget says so, and what it claims still holds.
#[test]
fn budget_stops_cleanly() {
    let (_, p) = ffo_positions().into_iter().find(|(n, _)| *n == 41).unwrap();
    let mut solver = Solver::with_hash_bytes(16 << 20);
    let limited = Limits {
        nodes: Some(50_000),
        time: None,
    };
    let s = solver.solve(&p.board, limited, None);
    assert!(!s.finished());
    assert_eq!(s.score, None);
    assert!(s.nodes < 200_000, "{} nodes", s.nodes);
    let truth = p.expected_score.unwrap();
    assert!(s.lower <= truth && truth <= s.upper);

    let s = solver.solve(
        &p.board,
        Limits {
            nodes: None,
            time: Some(Duration::from_millis(1)),
        },
        None,
    );
    assert!(!s.finished());
    assert!(s.lower <= truth && truth <= s.upper);

    // The table kept from the stopped solves does no harm.
    let s = solver.solve(&p.board, Limits::NONE, None);
    assert_eq!(s.score, Some(truth));
    assert!(p.best_moves.contains(&s.best_move.unwrap()));
}

/// The progress callback is called during a long solve, with growing node
/// counts and a window that contains the proved bounds' direction.
#[test]
fn progress_is_reported() {
    let (_, p) = ffo_positions().into_iter().find(|(n, _)| *n == 40).unwrap();
    let mut solver = Solver::with_hash_bytes(16 << 20);
    let mut reports: Vec<Progress> = Vec::new();
    let mut cb = |r: &Progress| reports.push(*r);
    let s = solver.solve(&p.board, Limits::NONE, Some(&mut cb));
    assert_eq!(s.score, Some(38));
    assert!(!reports.is_empty());
    for w in reports.windows(2) {
        assert!(w[0].nodes <= w[1].nodes);
        assert!(w[0].seconds <= w[1].seconds);
    }
    for r in &reports {
        assert!(r.alpha < r.beta);
        assert!(r.lower <= 38 && 38 <= r.upper);
    }
    let last = reports.last().unwrap();
    assert_eq!((last.lower, last.upper), (38, 38));
    assert_eq!(last.nodes, s.nodes);
}

/// The analysis of every move reports the nodes and time of the whole
/// analysis (not of the move being solved), and as its best move the best
/// of the moves solved so far; the last report is the analysis's total.
#[test]
fn analysis_progress_counts_the_whole_analysis() {
    let (_, p) = ffo_positions().into_iter().find(|(n, _)| *n == 40).unwrap();
    // Along the exact line to a position of at most 17 empties with at
    // least three legal moves.
    let mut b = p.board;
    let mut solver = Solver::with_hash_bytes(16 << 20);
    let mut legal = Vec::new();
    loop {
        b.legal_moves(&mut legal);
        if b.empties() <= 17 && legal.len() >= 3 {
            break;
        }
        assert!(b.empties() > 12, "no such position on the line");
        b.play(solver.solve(&b, Limits::NONE, None).best_move.unwrap());
    }
    solver.clear();
    let mut reports: Vec<Progress> = Vec::new();
    let mut cb = |r: &Progress| reports.push(*r);
    let a = solver.analyze(&b, Limits::NONE, Some(&mut cb));
    assert!(a.finished());
    // At least one report after each move.
    assert!(reports.len() >= legal.len(), "{} reports", reports.len());
    for w in reports.windows(2) {
        assert!(w[0].nodes <= w[1].nodes);
        assert!(w[0].seconds <= w[1].seconds);
    }
    let last = reports.last().unwrap();
    assert_eq!(last.nodes, a.nodes);
    assert_eq!(last.best_move, Some(a.moves[0].mv));
    for r in &reports {
        if let Some(m) = r.best_move {
            assert!(legal.contains(&m));
        }
    }
}

#[test]
fn file_reader_skips_comments_and_names_bad_lines() {
    let good = "# a comment\n\n\
        O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X +38 A2 20  # FFO #40\n";
    let mut solver = Solver::with_hash_bytes(16 << 20);
    let mut seen = 0;
    let out = ffo::solve_file(good, &mut solver, Limits::NONE, &mut |_| seen += 1).unwrap();
    assert_eq!(seen, 1);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].line, 3);
    assert_eq!(out[0].best_move, "a2");
    assert_eq!(out[0].solution.score, Some(38));
    assert_eq!(out[0].agrees, Some(true));

    let bad = format!("{good}# fine\nO--OOOOX-OOOOOOX X\n");
    let err = ffo::solve_file(&bad, &mut solver, Limits::NONE, &mut |_| {}).unwrap_err();
    assert_eq!(err.line, 5);
    let err = ffo::solve_reader(
        std::io::Cursor::new(format!("{good}{} Q\n", "-".repeat(64))),
        &mut solver,
        Limits::NONE,
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(err.line, 4);
    assert!(err.to_string().starts_with("line 4:"));
    // A wrong count of empties is an error too.
    let wrong = good.replace(" 20  #", " 21  #");
    assert_eq!(
        ffo::solve_file(&wrong, &mut solver, Limits::NONE, &mut |_| {})
            .unwrap_err()
            .line,
        3
    );
}

#[test]
fn benchmark_reports_each_position() {
    let r = endgame::bench_ffo(40..=40, 16 << 20, None);
    assert_eq!(r.positions.len(), 1);
    let p = &r.positions[0];
    assert_eq!((p.number, p.empties, p.score), (40, 20, Some(38)));
    assert!(p.correct && r.all_correct);
    assert_eq!(r.total_nodes, p.nodes);
    assert!(p.nodes > 0 && p.nodes_per_second > 0.0);
}

/// Minimax as [`minimax`], but scoring the last-square case wrongly: when
/// neither side can play the one empty square and the side to move has 32
/// of the 63 discs, 0 instead of +2 (the square not given to the winner).
fn minimax_without_the_square(b: &Board) -> i32 {
    if b.is_over() {
        if b.empties() == 1 && b.count(b.side()) == 32 {
            return 0;
        }
        let m = b.final_margin();
        return if b.side() == Side::First { m } else { -m };
    }
    let mut moves = Vec::new();
    b.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for m in moves {
        let mut next = *b;
        next.play(m);
        best = best.max(-minimax_without_the_square(&next));
    }
    best
}

/// The solver against minimax on positions whose score depends on a last
/// empty square that neither side can play with 32 discs to 31, a case the
/// random comparisons above never reach (changing `n >= 32` to `n > 32` in
/// `last::score_1` gave 0 there instead of 2 and passed them all).
#[test]
fn the_last_square_nobody_can_play_goes_to_the_winner_at_32_to_31() {
    // a1 with every ray from it (row 1, column a, the long diagonal) black:
    // nobody can flank it while the rays stay black.
    let rays: u64 = 0xfe | 0x0101_0101_0101_0100 | 0x8040_2010_0804_0200;
    let mut rng = rng_from_seed(5);
    let mut solver = Solver::with_hash_bytes(1 << 20);
    let (mut found, mut tried) = (0, 0);
    // a1 and 1 to 3 other squares empty, the rest about 32 black to 31
    // white.
    while found < 40 {
        tried += 1;
        assert!(tried < 200_000, "only {found} positions found");
        let others: Vec<u8> = (1..64).filter(|&q| (rays >> q) & 1 == 0).collect();
        let mut others = others;
        for i in (1..others.len()).rev() {
            others.swap(i, rng.random_range(0..=i));
        }
        let extra = 1 + tried % 3;
        let (mut black, mut white) = (rays, 0u64);
        for &q in &others[extra..] {
            if rng.random_bool(11.0 / 42.0) {
                black |= 1 << q;
            } else {
                white |= 1 << q;
            }
        }
        let side = if rng.random_bool(0.5) {
            Side::First
        } else {
            Side::Second
        };
        let b = Board::from_discs(black, white, side).unwrap();
        let exact = minimax(&b);
        // Kept when the case decides the score.
        if b.is_over() || minimax_without_the_square(&b) == exact {
            continue;
        }
        found += 1;
        // A node limit far above what 4 empties need: a wrong last-square
        // score makes the search fail to converge rather than hang the test.
        let limits = Limits {
            nodes: Some(1_000_000),
            time: None,
        };
        let s = solver.solve(&b, limits, None);
        assert_eq!(s.score, Some(exact), "{}", b.to_text());
    }
    // The case itself at the root: black has 32 discs, white 31: black to
    // move wins 33–31, white to move loses by as much.
    let mut black = rays;
    let mut sq = 0;
    while black.count_ones() < 32 {
        if (black >> sq) & 1 == 0 && sq != 0 {
            black |= 1 << sq;
        }
        sq += 1;
    }
    let white = !black & !1;
    for (side, score) in [(Side::First, 2), (Side::Second, -2)] {
        let b = Board::from_discs(black, white, side).unwrap();
        assert!(b.is_over() && b.empties() == 1);
        assert_eq!(endgame::solve(&b).score, Some(score));
    }
}
