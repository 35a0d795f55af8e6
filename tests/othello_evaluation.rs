//! The Othello evaluation protocol (learning curves, `selfplay othello eval`):
//! the agent's results are reported apart as black and as white, and every
//! game starts with its own seeded random opening of
//! [`EVAL_RANDOM_OPENING`] plies.

use std::cell::RefCell;
use std::rc::Rc;

use selfplay::arena::Record;
use selfplay::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use selfplay::games::othello::learners::{
    evaluate, evaluate_player, OpponentResult, EVAL_RANDOM_OPENING,
};
use selfplay::games::othello::qnet::{Encoding, QNet, QNetPlayer};
use selfplay::games::othello::Board;
use selfplay::learn::activation::Activation;
use selfplay::players::RandomPlayer;

/// A player that helps black whichever side it plays: it plays the first
/// move of a line that ends with black ahead, both sides playing along,
/// found by a depth-first search that tries the moves leaving white the
/// fewest discs first. Two of them together make black win every game,
/// whatever the opening.
struct HelpsBlack(&'static str);

/// The legal moves of `b`, those leaving white the fewest discs first.
fn helpful_moves(b: &Board) -> Vec<u8> {
    let mut moves = Vec::new();
    b.legal_moves(&mut moves);
    moves.sort_by_key(|&m| {
        let mut after = *b;
        after.play(m);
        (after.white().count_ones(), m)
    });
    moves
}

fn black_can_win(b: &Board, nodes: &mut u64) -> bool {
    if let Some(o) = b.outcome() {
        return o == Outcome::Win(Side::First);
    }
    *nodes += 1;
    assert!(*nodes < 5_000_000, "no quick line to a black win");
    helpful_moves(b).into_iter().any(|m| {
        let mut after = *b;
        after.play(m);
        black_can_win(&after, nodes)
    })
}

impl Player<Board> for HelpsBlack {
    fn name(&self) -> String {
        self.0.to_string()
    }
    fn choose(&mut self, game: &Board, _rng: &mut Rng) -> u8 {
        let mut nodes = 0;
        helpful_moves(game)
            .into_iter()
            .find(|&m| {
                let mut after = *game;
                after.play(m);
                black_can_win(&after, &mut nodes)
            })
            .expect("black can win from here")
    }
}

#[test]
fn a_player_that_always_wins_as_black_shows_100_and_0_percent() {
    let games = 40;
    let r = evaluate_player(
        &mut HelpsBlack("agent"),
        &mut HelpsBlack("opponent"),
        games,
        7,
    );
    assert_eq!(r.opponent, "opponent");
    // The agent is black in the first half: it wins them all; white in the
    // second half: it loses them all.
    assert_eq!(
        r.black,
        Record {
            wins: games / 2,
            draws: 0,
            losses: 0
        }
    );
    assert_eq!(
        r.white,
        Record {
            wins: 0,
            draws: 0,
            losses: games / 2
        }
    );
    assert_eq!(r.black.win_percent(), 100.0);
    assert_eq!(r.white.win_percent(), 0.0);
    // An odd count: the agent is black in the larger half.
    let r = evaluate_player(&mut HelpsBlack("a"), &mut HelpsBlack("b"), 5, 7);
    assert_eq!((r.black.wins, r.white.losses), (3, 2));
}

/// One game as the players saw it.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    /// The first position a player was asked to move in.
    first: Board,
    /// The agent's colour.
    agent: Option<Side>,
    /// The outcome, from the position after the move that ended the game.
    outcome: Option<Outcome>,
}

/// Wraps a player and writes down what it sees; the agent's and the
/// opponent's spies share one list of games. Every game ends with a move of
/// one of them (the random opening is too short to end a game), so a game
/// whose outcome is known is finished and the next request opens a new one.
struct Spy<P> {
    inner: P,
    agent: bool,
    games: Rc<RefCell<Vec<Seen>>>,
}

impl<P: Player<Board>> Player<Board> for Spy<P> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, game: &Board, rng: &mut Rng) -> u8 {
        let mut games = self.games.borrow_mut();
        if games.last().is_none_or(|g| g.outcome.is_some()) {
            games.push(Seen {
                first: *game,
                agent: None,
                outcome: None,
            });
        }
        let seen = games.last_mut().unwrap();
        if self.agent {
            assert!(seen.agent.is_none_or(|s| s == game.side()));
            seen.agent = Some(game.side());
        }
        let m = self.inner.choose(game, rng);
        let mut after = *game;
        after.play(m);
        seen.outcome = after.outcome();
        m
    }
}

fn net() -> QNet {
    QNet::new(Encoding::Ql1, 16, Activation::Arctan, &mut rng_from_seed(3))
}

/// Plays the evaluation protocol with both players watched; returns the
/// result and the games seen.
fn watched(games: u32, seed: u64) -> (OpponentResult, Vec<Seen>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let mut agent = Spy {
        inner: QNetPlayer::new(net()),
        agent: true,
        games: seen.clone(),
    };
    let mut opponent = Spy {
        inner: RandomPlayer::<Board>::new(),
        agent: false,
        games: seen.clone(),
    };
    let r = evaluate_player(&mut agent, &mut opponent, games, seed);
    let seen = seen.borrow().clone();
    (r, seen)
}

#[test]
fn black_and_white_records_are_the_games_played_with_each_colour() {
    let games = 60;
    let (r, seen) = watched(games, 11);
    assert_eq!(seen.len(), games as usize);
    // An independent tally from the games as the players saw them.
    let (mut black, mut white) = (Record::default(), Record::default());
    for (i, g) in seen.iter().enumerate() {
        let side = g.agent.expect("the agent moved");
        // Black in the first half, white in the second.
        assert_eq!(side == Side::First, i < games as usize / 2, "game {i}");
        let outcome = g.outcome.expect("the game ended");
        match side {
            Side::First => black.add(outcome, side),
            Side::Second => white.add(outcome, side),
        }
    }
    assert_eq!((r.black, r.white), (black, white));
    // Not a degenerate case: the greedy untrained network wins some and
    // loses some as each colour.
    for rec in [black, white] {
        assert!(rec.wins > 0 && rec.losses > 0, "{rec:?}");
    }
    // Watching changes nothing: the network's own evaluation is the same.
    let plain = evaluate(&net(), &mut RandomPlayer::<Board>::new(), games, 11);
    assert_eq!((plain.black, plain.white), (black, white));
}

#[test]
fn every_evaluation_game_opens_with_its_own_seeded_random_plies() {
    assert_eq!(EVAL_RANDOM_OPENING, 5);
    let games = 40;
    let (_, seen) = watched(games, 21);
    for (i, g) in seen.iter().enumerate() {
        // Five plies played before the players take over: 4 + 5 discs,
        // white to move (no pass is possible so early).
        let discs = (g.first.black() | g.first.white()).count_ones();
        assert_eq!(
            discs as usize,
            4 + EVAL_RANDOM_OPENING,
            "game {i}: {:?}",
            g.first
        );
        assert_eq!(g.first.side(), Side::Second, "game {i}");
    }
    // The openings differ from game to game (a few of the thousands of
    // 5-ply openings may repeat).
    let mut openings: Vec<(u64, u64)> = seen
        .iter()
        .map(|g| (g.first.black(), g.first.white()))
        .collect();
    openings.sort_unstable();
    openings.dedup();
    assert!(openings.len() >= 35, "{} distinct openings", openings.len());
    // The same seed gives the same openings and results; another seed
    // other openings.
    let (r1, again) = watched(games, 21);
    assert_eq!(again, seen);
    let (r2, _) = watched(games, 21);
    assert_eq!(r1, r2);
    let (_, other) = watched(games, 22);
    let firsts = |s: &[Seen]| s.iter().map(|g| g.first).collect::<Vec<_>>();
    assert_ne!(firsts(&other), firsts(&seen));
}

/// The bound on evaluation games, pinned at its edge: a run may evaluate
/// with exactly the bound, not one game more.
#[test]
fn othello_evaluation_games_are_bounded_at_100_000() {
    use selfplay::games::othello::learners::TrainerConfig;
    let at = TrainerConfig {
        eval_every: 1_000,
        eval_games: 100_000,
        ..TrainerConfig::default()
    };
    assert_eq!(at.validate(), Ok(()));
    let past = TrainerConfig {
        eval_games: 100_001,
        ..at
    };
    let e = past.validate().unwrap_err();
    assert!(e.contains("eval_games") && e.contains("100000"), "{e}");
}
