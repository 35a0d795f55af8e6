//! The shared vocabulary of every game: sides, outcomes, the [`Game`] trait
//! and the [`Player`] trait.
//!
//! Turn patterns live in the rules, not in the players: a game says whose turn
//! it is through [`Game::to_move`].
//!
//! * Othello's forced pass is an ordinary move (`othello::PASS`): when the side
//!   to move has no placement but the opponent has, the only legal move is the
//!   pass, and it counts as a ply.
//! * Connect6 places one stone per move; `to_move` stays the same for the
//!   second stone of a pair, so a "turn" of two stones is two moves by the same
//!   side.

use std::fmt::Debug;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::search::budget::Budget;

/// The random number generator used everywhere: seeded, fast, small state
/// that can be saved in a checkpoint.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator from a run's seed. Same seed, same sequence.
pub fn rng_from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// One of the two sides. `First` moves first: Othello's black, Connect Four's
/// first player, the hounds in Hare and Hounds, Connect6's black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The opponent.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// The reward of the outcome for `side`: +1 win, 0 draw, -1 loss.
    #[inline]
    pub fn reward(self, side: Side) -> f32 {
        match self {
            Outcome::Win(s) if s == side => 1.0,
            Outcome::Win(_) => -1.0,
            Outcome::Draw => 0.0,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// A move that the rules reject, or text that does not name a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveError(pub String);

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MoveError {}

/// The rules of a two-player, perfect-information game.
pub trait Game: Clone + Debug + Send + 'static {
    /// One move. Small and `Copy`: moves are generated into reused buffers.
    type Move: Copy + Eq + Debug + Send + 'static;

    /// A short lower-case name (`"othello"`), used in files and URLs.
    const NAME: &'static str;

    /// The standard start position.
    fn start() -> Self;

    /// The side whose move it is.
    fn to_move(&self) -> Side;

    /// Appends every legal move to `out` (which is cleared first). Empty if and
    /// only if the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal. Playing an illegal move is a logic
    /// error: it may panic in debug builds and leaves an unspecified position.
    fn play(&mut self, m: Self::Move);

    /// `Some` once the game has ended.
    fn outcome(&self) -> Option<Outcome>;

    /// A position key for tables (a hash or an exact encoding).
    fn key(&self) -> u64;

    /// The move in the game's usual notation (`"f5"`, `"4"`, ...).
    fn format_move(m: Self::Move) -> String;

    /// Reads a move in the game's notation. Does not check legality.
    fn parse_move(text: &str) -> Result<Self::Move, MoveError>;

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether `m` is legal here.
    fn is_legal(&self, m: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&m)
    }

    /// Plays `m` after checking it: the entry point for untrusted input.
    fn try_play(&mut self, m: Self::Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError(format!(
                "the game is over; {} cannot be played",
                Self::format_move(m)
            )));
        }
        if !self.is_legal(m) {
            return Err(MoveError(format!(
                "{} is not a legal move here",
                Self::format_move(m)
            )));
        }
        self.play(m);
        Ok(())
    }
}

/// What a player's think request found: the move, and how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    pub mv: M,
    /// False when the budget ran out before the search finished (the move
    /// is then the best of the last finished iteration).
    pub complete: bool,
    /// The deepest finished iteration, for searches that deepen.
    pub depth: Option<u32>,
    /// The move's score in the player's own units (see [`Analysis::units`]).
    pub score: Option<f64>,
}

impl<M> Thought<M> {
    /// A move chosen without searching (fixed strategies, learned policies).
    pub fn instant(mv: M) -> Thought<M> {
        Thought {
            mv,
            complete: true,
            depth: None,
            score: None,
        }
    }
}

/// How the values of an [`Analysis`] are to be read.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Scale {
    /// Values on a fixed range: a colour means the same in every position.
    Fixed { min: f64, max: f64 },
    /// Values only compared with each other in this position.
    Relative,
}

/// One legal move in an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    pub mv: M,
    /// The move's value, when the player has one.
    pub value: Option<f64>,
    /// The value in words ("wins in 5 moves", "hounds win in 21 plies").
    pub label: Option<String>,
    /// Among the player's best moves here.
    pub best: bool,
}

/// A player's view of every legal move of a position: Q-values, exact
/// scores, search values.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// What the values are, in a few words ("Q(s, a) of the network").
    pub units: String,
    pub scale: Scale,
    /// The position's value in words, where the player knows it.
    pub position: Option<String>,
    pub moves: Vec<MoveValue<M>>,
    /// False when the budget ran out before every move was valued exactly.
    pub complete: bool,
}

/// Something that picks moves: a fixed strategy, a search, a learned policy,
/// or a person (through the page).
pub trait Player<G: Game> {
    /// A short name for reports (`"random"`, `"mvb"`).
    fn name(&self) -> String;

    /// Picks a legal move in a position that is not over. Ties are broken with
    /// `rng`, so the same seed gives the same game. A searching player uses
    /// its own default budget here.
    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move;

    /// Picks a move within `budget`, reporting progress through it. Players
    /// that do not search answer at once with [`Player::choose`].
    fn think(&mut self, game: &G, rng: &mut Rng, budget: &mut Budget) -> Thought<G::Move> {
        let _ = budget;
        Thought::instant(self.choose(game, rng))
    }

    /// Values every legal move, where the player can (a network's Q-values,
    /// a solver's exact scores); `None` where it cannot.
    fn analyze(&mut self, game: &G, budget: &mut Budget) -> Option<Analysis<G::Move>> {
        let _ = (game, budget);
        None
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move {
        (**self).choose(game, rng)
    }
    fn think(&mut self, game: &G, rng: &mut Rng, budget: &mut Budget) -> Thought<G::Move> {
        (**self).think(game, rng, budget)
    }
    fn analyze(&mut self, game: &G, budget: &mut Budget) -> Option<Analysis<G::Move>> {
        (**self).analyze(game, budget)
    }
}
