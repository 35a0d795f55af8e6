//! The generic alpha-beta against plain minimax: on random Othello positions
//! (a position is always the same number of plies from the start there) the
//! value at every depth is exactly the depth-limited minimax value, whether
//! the searcher is fresh or reuses its table from earlier searches; every
//! move's value for hints is the minimax value of its child; a budget stops
//! a search cleanly.

use selfplay::arena::play_random_move;
use selfplay::games::othello::Board;
use selfplay::search::alphabeta::{minimax, Evaluator, Searcher};
use selfplay::search::budget::{Budget, Limits};
use selfplay::{rng_from_seed, Game};

/// Disc difference plus mobility, for the side to move: cheap, and with
/// many ties and sign changes, so that pruning mistakes would show.
struct Discs;

impl Evaluator<Board> for Discs {
    fn evaluate(&mut self, g: &Board) -> i32 {
        let me = g.to_move();
        let discs = g.count(me) as i32 - g.count(me.other()) as i32;
        let mobility = g.legal_mask().count_ones() as i32;
        3 * discs + mobility
    }
}

fn random_position(seed: u64) -> Board {
    let mut rng = rng_from_seed(seed);
    let mut b = Board::start();
    let mut buf = Vec::new();
    let plies = 8 + seed % 45;
    for _ in 0..plies {
        if !play_random_move(&mut b, &mut rng, &mut buf) {
            break;
        }
    }
    b
}

#[test]
fn alpha_beta_gives_the_minimax_value_at_every_depth() {
    let mut shared = Searcher::<Board>::new(16);
    for seed in 0..60 {
        let b = random_position(seed);
        for depth in 1..=4 {
            let expected = minimax(&b, &mut Discs, depth, 0);
            let mut fresh = Searcher::<Board>::new(12);
            let r = fresh.search(&b, &mut Discs, depth, &mut Budget::unlimited());
            assert_eq!(
                r.value,
                expected,
                "seed {seed}, depth {depth}, {}",
                b.to_text()
            );
            let again = shared.search(&b, &mut Discs, depth, &mut Budget::unlimited());
            assert_eq!(
                again.value, expected,
                "reused table: seed {seed}, depth {depth}"
            );
            if let Some(m) = r.best {
                assert!(b.is_legal(m));
                // The best move's child has the root's value.
                let mut next = b;
                next.play(m);
                let v = minimax(&next, &mut Discs, depth - 1, 1);
                let v = if next.to_move() == b.to_move() { v } else { -v };
                assert_eq!(v, expected, "the best move is not best: seed {seed}");
            } else {
                assert!(b.is_over());
            }
        }
    }
}

#[test]
fn every_moves_value_is_its_childs_minimax_value() {
    let mut s = Searcher::<Board>::new(14);
    for seed in 100..120 {
        let b = random_position(seed);
        if b.is_over() {
            continue;
        }
        let (values, complete) = s.value_moves(&b, &mut Discs, 3, &mut Budget::unlimited());
        assert!(complete);
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        assert_eq!(values.len(), moves.len());
        for (m, v) in values {
            let mut next = b;
            next.play(m);
            let c = minimax(&next, &mut Discs, 2, 1);
            let c = if next.to_move() == b.to_move() { c } else { -c };
            assert_eq!(v, c, "seed {seed}, move {m}");
        }
    }
}

#[test]
fn finished_games_and_proven_results_end_the_search() {
    // Black to move fills the last square and wins: proven at depth 1.
    let mut text: String = "X".repeat(63);
    text.push('-');
    // Make the last square a legal move: a white disc between.
    text.replace_range(62..63, "O");
    let b = Board::parse(&format!("{text} X")).unwrap();
    let r = Searcher::<Board>::new(10).search(&b, &mut Discs, 20, &mut Budget::unlimited());
    assert!(r.complete);
    assert!(r.value > selfplay::search::alphabeta::PROVEN, "{}", r.value);
    assert_eq!(r.depth, 1);
}

#[test]
fn a_budget_stops_the_search_with_its_last_finished_depth() {
    let b = random_position(7);
    let mut s = Searcher::<Board>::new(14);
    let r = s.search(&b, &mut Discs, 30, &mut Budget::new(Limits::nodes(20_000)));
    assert!(!r.complete);
    assert!(r.depth >= 1 && r.depth < 30);
    assert!(b.is_legal(r.best.unwrap()));
    // The finished depth's value is still the minimax value of that depth.
    assert_eq!(r.value, minimax(&b, &mut Discs, r.depth, 0));
}
