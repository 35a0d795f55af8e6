//! Matches between players: single games, N-game matches with both colours,
//! and the records that learning curves are made of.

use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};

/// Wins, draws and losses of one player, from its own point of view.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Record {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins as a percentage of games (0 when no game was played).
    pub fn win_percent(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            100.0 * f64::from(self.wins) / f64::from(self.games())
        }
    }

    /// Adds one game's outcome, seen from `side`.
    pub fn add(&mut self, outcome: Outcome, side: Side) {
        match outcome {
            Outcome::Draw => self.draws += 1,
            Outcome::Win(s) if s == side => self.wins += 1,
            Outcome::Win(_) => self.losses += 1,
        }
    }

    pub fn merge(&mut self, other: &Record) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// The result of a match, from player A's point of view, split by the side A
/// played.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MatchResult {
    pub a: String,
    pub b: String,
    /// A's record in the games where A moved first.
    pub a_first: Record,
    /// A's record in the games where A moved second.
    pub a_second: Record,
}

impl MatchResult {
    /// A's record over all games.
    pub fn total(&self) -> Record {
        let mut r = self.a_first;
        r.merge(&self.a_second);
        r
    }
}

/// Plays `m` uniformly at random among the legal moves. Returns `false` if the
/// game is over.
pub fn play_random_move<G: Game>(game: &mut G, rng: &mut Rng, buf: &mut Vec<G::Move>) -> bool {
    game.legal_moves(buf);
    match buf.choose(rng) {
        Some(&m) => {
            game.play(m);
            true
        }
        None => false,
    }
}

/// Plays one game from `start` to the end. The first `random_opening` moves
/// (plies, both sides counted) are uniformly random, as in the evaluation
/// protocol of the Othello study; then `first` and `second` choose. Returns the
/// final position.
pub fn play_game<G: Game>(
    start: &G,
    first: &mut dyn Player<G>,
    second: &mut dyn Player<G>,
    random_opening: usize,
    rng: &mut Rng,
) -> G {
    play_counted_game(start, first, second, random_opening, rng).0
}

/// [`play_game`], also returning the number of plies played.
pub fn play_counted_game<G: Game>(
    start: &G,
    first: &mut dyn Player<G>,
    second: &mut dyn Player<G>,
    random_opening: usize,
    rng: &mut Rng,
) -> (G, u32) {
    let mut game = start.clone();
    let mut buf = Vec::new();
    let mut plies = 0;
    for _ in 0..random_opening {
        if !play_random_move(&mut game, rng, &mut buf) {
            return (game, plies);
        }
        plies += 1;
    }
    while !game.is_over() {
        let m = match game.to_move() {
            Side::First => first.choose(&game, rng),
            Side::Second => second.choose(&game, rng),
        };
        game.play(m);
        plies += 1;
    }
    (game, plies)
}

/// Plays `games` games between A and B from the start position: A moves first
/// in the first half (rounded up) and second in the rest. Deterministic for a
/// given seed.
pub fn play_match<G: Game>(
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    games: u32,
    random_opening: usize,
    seed: u64,
) -> MatchResult {
    let mut m = Match::new(a.name(), b.name(), games, random_opening, seed);
    m.play(a, b, games);
    m.result
}

/// A [`play_match`] that can be played a few games at a time (a worker's
/// chunk): the same games and result however it is cut.
#[derive(Clone, Debug)]
pub struct Match {
    rng: Rng,
    games: u32,
    played: u32,
    random_opening: usize,
    pub result: MatchResult,
}

impl Match {
    pub fn new(a: String, b: String, games: u32, random_opening: usize, seed: u64) -> Match {
        Match {
            rng: rng_from_seed(seed),
            games,
            played: 0,
            random_opening,
            result: MatchResult {
                a,
                b,
                ..MatchResult::default()
            },
        }
    }

    /// Plays at most `n` more games; returns how many it played.
    pub fn play<G: Game>(&mut self, a: &mut dyn Player<G>, b: &mut dyn Player<G>, n: u32) -> u32 {
        let start = G::start();
        let first_half = self.games.div_ceil(2);
        let mut done = 0;
        while done < n && self.played < self.games {
            if self.played < first_half {
                let end = play_game(&start, a, b, self.random_opening, &mut self.rng);
                self.result
                    .a_first
                    .add(end.outcome().expect("game ended"), Side::First);
            } else {
                let end = play_game(&start, b, a, self.random_opening, &mut self.rng);
                self.result
                    .a_second
                    .add(end.outcome().expect("game ended"), Side::Second);
            }
            self.played += 1;
            done += 1;
        }
        done
    }

    /// Every game played.
    pub fn is_over(&self) -> bool {
        self.played >= self.games
    }
}
