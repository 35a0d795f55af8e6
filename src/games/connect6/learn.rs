//! The learned evaluation at play: how a turn is chosen with weights
//! ([`Chooser`]), a self-play learning game, a game between two sets of
//! weights, and the fixed opening set the study's protocol plays from.
//!
//! # A stone
//! A stone that wins this turn is played (the last point of a five, or at
//! the first stone of a turn a point of a four). Facing the opponent's
//! threats, the stone is one of the points of its threat windows; else one
//! of the empty points within two rows and columns of a stone
//! ([`near_points`]). Among these candidates, with chance ε a uniformly
//! random one; else the one after which `V`, Black's chance of winning, is
//! highest for Black and lowest for White (ties: the lowest point).
//!
//! # Threat-space search
//! With it, at the start of a turn the side to move looks for a win by
//! continuous double threats (VCDT, [`TSS_DEPTH`] turns, [`TSS_NODES`]
//! nodes): when one is proven the game ends there, a win for that side,
//! so the forced sequence is neither played nor learned from. And its
//! second stone avoids a turn the opponent's VCDT proves losing: the best
//! few second stones ([`TSS_TRIES`]) are tried in order until one is not
//! proven losing (the first if all are).

use rand::Rng as _;

use super::features::{assemble, black_features, black_sign, Counter, FEATURES};
use super::players::near_points;
use super::rules::{Board, Point};
use super::threats::{threat_windows, Window};
use super::tss::{vcdt, Proof};
use crate::game::{rng_from_seed, Game, Outcome, Rng, Side};
use crate::learn::linear_td::LinearTd;
use crate::plugin::Playable;
use crate::search::budget::{Budget, Limits};

/// Attacker turns of the threat-space search while learning and measuring.
pub const TSS_DEPTH: u32 = 2;
/// Nodes it may use per search.
pub const TSS_NODES: u64 = 1_000;
/// Second stones tried against a proven loss.
pub const TSS_TRIES: usize = 3;

/// The shipped opening set: one opening a line, Black's J10 and two turns.
pub const OPENINGS: &str = include_str!("openings.txt");

/// Chooses stones with a learner's weights.
#[derive(Default)]
pub struct Chooser {
    counter: Counter,
    x: Vec<f32>,
    moves: Vec<Point>,
    windows: Vec<Window>,
    ranked: Vec<(f32, Point)>,
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Its stones were placed.
    Played,
    /// The side to move has a proven win by threats: the game ends.
    ProvenWin(Side),
}

impl Chooser {
    /// Black's features of `b` (the side to move's, signed for Black).
    pub fn features(&mut self, b: &Board) -> &[f32] {
        let mut x = [0.0; FEATURES];
        black_features(&mut self.counter, b, &mut x);
        self.x.clear();
        self.x.extend_from_slice(&x);
        &self.x
    }

    /// The candidates of the side to move (see the module): a win alone,
    /// else blocks, else the points near the stones.
    fn candidates(&mut self, b: &Board) {
        self.moves.clear();
        let me = b.to_move();
        threat_windows(b, me, &mut self.windows);
        let win = self
            .windows
            .iter()
            .find(|w| w[0] == w[1])
            .or_else(|| self.windows.first().filter(|_| b.stones_left() == 2));
        if let Some(w) = win {
            self.moves.push(w[0]);
            return;
        }
        threat_windows(b, me.other(), &mut self.windows);
        if !self.windows.is_empty() {
            self.moves.extend(self.windows.iter().flatten());
            self.moves.sort_unstable();
            self.moves.dedup();
            return;
        }
        near_points(b, &mut self.moves);
        if self.moves.is_empty() {
            b.legal_moves(&mut self.moves);
        }
    }

    /// The candidates, best first for the side to move (into `self.ranked`).
    fn rank(&mut self, b: &Board, l: &LinearTd) {
        self.candidates(b);
        let black = b.to_move() == Side::First;
        let mut after = b.clone();
        let mut x = [0.0; FEATURES];
        self.ranked.clear();
        let before = self.counter.tally(b);
        for &p in &self.moves {
            after.place(p);
            let v = match after.outcome() {
                Some(Outcome::Win(s)) => f32::from(s == Side::First),
                Some(Outcome::Draw) => 0.5,
                None => {
                    let t = self.counter.tally_after(&before, &mut after, p);
                    assemble(&t, &after, &mut x);
                    black_sign(&after, &mut x);
                    l.value(&x)
                }
            };
            after.undo(p);
            self.ranked.push((if black { v } else { -v }, p));
        }
        // Best first; ties by the point (a stable sort keeps point order).
        self.ranked
            .sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    }

    /// One stone: random among the candidates with chance `epsilon`, else
    /// the best; the ranking is left in `self.ranked` (empty after a random
    /// stone).
    pub fn stone(&mut self, b: &Board, l: &LinearTd, epsilon: f32, rng: &mut Rng) -> Point {
        if epsilon > 0.0 && rng.random::<f32>() < epsilon {
            self.candidates(b);
            self.ranked.clear();
            return self.moves[rng.random_range(0..self.moves.len())];
        }
        self.rank(b, l);
        self.ranked[0].1
    }

    /// Plays the side to move's turn on `b` (one stone at the start, else
    /// the stones it has left), with or without threat-space search;
    /// `played` gets the stones.
    pub fn turn(
        &mut self,
        b: &mut Board,
        l: &LinearTd,
        epsilon: f32,
        tss: bool,
        rng: &mut Rng,
        played: &mut Vec<Point>,
    ) -> Turn {
        let me = b.to_move();
        if tss && b.stones() > 0 && b.stones_left() == 2 && proven(b) {
            return Turn::ProvenWin(me);
        }
        while !b.is_over() && b.to_move() == me {
            let last = b.stones_left() == 1;
            let p = self.stone(b, l, epsilon, rng);
            let p = if tss && last && b.stones() > 1 {
                self.safe_second(b, p)
            } else {
                p
            };
            b.place(p);
            played.push(p);
        }
        Turn::Played
    }

    /// The first of the ranked second stones (from `chosen`) after which
    /// the opponent has no proven win; `chosen` if every try loses.
    pub fn safe_second(&mut self, b: &Board, chosen: Point) -> Point {
        let mut tries: Vec<Point> = vec![chosen];
        tries.extend(
            self.ranked
                .iter()
                .map(|r| r.1)
                .filter(|&p| p != chosen)
                .take(TSS_TRIES - 1),
        );
        let mut after = b.clone();
        for &p in &tries {
            after.place(p);
            let lost = !after.is_over() && proven(&after);
            after.undo(p);
            if !lost {
                return p;
            }
        }
        chosen
    }
}

/// Whether the side to move has a win by continuous double threats within
/// the learning's depth and nodes.
pub fn proven(b: &Board) -> bool {
    let mut budget = Budget::new(Limits::nodes(TSS_NODES));
    matches!(vcdt(b, TSS_DEPTH, &mut budget), Proof::Win { .. })
}

/// The first stone of a win by continuous double threats the side to move
/// has, within the learning's depth and nodes.
pub fn proven_first(b: &Board) -> Option<Point> {
    let mut budget = Budget::new(Limits::nodes(TSS_NODES));
    match vcdt(b, TSS_DEPTH, &mut budget) {
        Proof::Win { line, .. } => line.first().copied(),
        _ => None,
    }
}

/// Black's reward of an outcome.
fn reward(o: Option<Outcome>) -> f32 {
    match o {
        Some(Outcome::Win(Side::First)) => 1.0,
        Some(Outcome::Win(Side::Second)) => 0.0,
        _ => 0.5,
    }
}

/// One self-play learning game: the learner plays both sides with chance
/// `epsilon` of a random stone, and learns after every turn. Returns the
/// stones and the result (Black's reward).
pub fn learning_game(
    l: &mut LinearTd,
    chooser: &mut Chooser,
    epsilon: f32,
    tss: bool,
    rng: &mut Rng,
) -> (Vec<Point>, f32) {
    let mut b = Board::start();
    let mut ep = l.begin();
    let mut stones = Vec::new();
    let result = loop {
        match chooser.turn(&mut b, l, epsilon, tss, rng, &mut stones) {
            Turn::ProvenWin(s) => break reward(Some(Outcome::Win(s))),
            Turn::Played => {}
        }
        if b.is_over() {
            break reward(b.outcome());
        }
        let x = chooser.features(&b).to_vec();
        l.observe(&mut ep, &x);
    };
    l.finish(&mut ep, result);
    (stones, result)
}

/// A game from `start` between two sets of weights, each choosing its best
/// stones with the threat-space search: Black's reward (a proven win counts
/// as won).
pub fn match_game(start: &Board, black: &LinearTd, white: &LinearTd, chooser: &mut Chooser) -> f32 {
    let mut b = start.clone();
    let mut rng = rng_from_seed(0);
    let mut stones = Vec::new();
    while !b.is_over() {
        let l = if b.to_move() == Side::First {
            black
        } else {
            white
        };
        if let Turn::ProvenWin(s) = chooser.turn(&mut b, l, 0.0, true, &mut rng, &mut stones) {
            return reward(Some(Outcome::Win(s)));
        }
    }
    reward(b.outcome())
}

/// The score of `a` against `b` over the openings, each played twice with
/// colours swapped: (wins, draws, losses) of `a`.
pub fn score(a: &LinearTd, b: &LinearTd, openings: &[Board]) -> (u32, u32, u32) {
    let mut chooser = Chooser::default();
    let mut out = (0, 0, 0);
    for start in openings {
        for a_black in [true, false] {
            let r = if a_black {
                match_game(start, a, b, &mut chooser)
            } else {
                1.0 - match_game(start, b, a, &mut chooser)
            };
            if r == 1.0 {
                out.0 += 1;
            } else if r == 0.0 {
                out.2 += 1;
            } else {
                out.1 += 1;
            }
        }
    }
    out
}

/// Openings from a text of one transcript a line (`#` starts a comment).
pub fn parse_openings(text: &str) -> Result<Vec<Board>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut b = Board::start();
        let moves = Board::parse_transcript(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        for m in moves {
            b.try_play(m).map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        if b.is_over() {
            return Err(format!("line {}: the game is over", i + 1));
        }
        out.push(b);
    }
    Ok(out)
}

/// The shipped opening set.
pub fn openings() -> Vec<Board> {
    parse_openings(OPENINGS).expect("the shipped openings are valid")
}

/// `count` different openings from `seed`: Black's J10, then two turns of
/// stones each drawn uniformly from the empty points within two of a stone.
pub fn generate_openings(count: usize, seed: u64) -> Vec<String> {
    let mut rng = rng_from_seed(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let mut near = Vec::new();
    while out.len() < count {
        let mut b = Board::start();
        let mut moves = Vec::new();
        while b.stones() < 5 {
            near_points(&b, &mut near);
            let p = near[rng.random_range(0..near.len())];
            b.place(p);
            moves.push(p);
        }
        if seen.insert(b.key()) {
            out.push(Board::transcript(&moves));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::features::hand_weights;
    use super::super::tss;
    use super::*;
    use crate::learn::linear_td::Params;

    fn hand() -> LinearTd {
        LinearTd::new(
            Params {
                phases: 3,
                ..Params::PLAIN
            },
            hand_weights(),
        )
        .unwrap()
    }

    /// Writes the opening set (`cargo test --lib write_openings -- --ignored`).
    #[test]
    #[ignore]
    fn write_openings() {
        let mut text = String::from(
            "# Connect6 openings: J10 and two turns, each stone uniformly among the\n\
             # empty points within two of a stone (generate_openings(50, 2026)).\n",
        );
        for o in generate_openings(50, 2026) {
            text.push_str(&o);
            text.push('\n');
        }
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/games/connect6/openings.txt"
            ),
            text,
        )
        .unwrap();
    }

    #[test]
    fn the_shipped_openings_are_the_generated_ones() {
        let text: Vec<String> = OPENINGS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect();
        assert_eq!(text, generate_openings(text.len(), 2026));
        assert_eq!(openings().len(), 50);
        assert!(parse_openings("J10 Z99").is_err());
    }

    #[test]
    fn a_proven_win_ends_the_learning_turn() {
        // Black to move with two open threes: a win by double threats.
        let mut b = tss::position(&["E2", "F2", "G2", "E5", "F5", "G5"], &[], 2);
        assert!(proven(&b));
        let mut c = Chooser::default();
        let mut played = Vec::new();
        let t = c.turn(
            &mut b,
            &hand(),
            0.0,
            true,
            &mut rng_from_seed(1),
            &mut played,
        );
        assert_eq!(t, Turn::ProvenWin(Side::First));
        assert!(played.is_empty());
        // Without the search the turn is played.
        let t = c.turn(
            &mut b,
            &hand(),
            0.0,
            false,
            &mut rng_from_seed(1),
            &mut played,
        );
        assert_eq!((t, played.len()), (Turn::Played, 2));
    }

    #[test]
    fn a_proven_losing_second_stone_is_avoided() {
        // White has two open threes; Black, at its second stone, holds off
        // White's win only by making a four of its own three on row 8.
        let b = tss::position(
            &["B8", "C8", "D8"],
            &["E2", "F2", "G2", "E5", "F5", "G5"],
            1,
        );
        let p = |s: &str| super::super::rules::parse_point(s).unwrap();
        let lost = |q: Point| {
            let mut a = b.clone();
            a.place(q);
            proven(&a)
        };
        assert!(lost(p("L14")) && !lost(p("E8")));
        let mut c = Chooser {
            ranked: vec![(0.9, p("L14")), (0.8, p("M14")), (0.7, p("E8"))],
            ..Chooser::default()
        };
        assert_eq!(c.safe_second(&b, p("L14")), p("E8"));
        // Beyond the tries, or every try lost: the chosen stone stays.
        c.ranked = vec![
            (0.9, p("L14")),
            (0.8, p("M14")),
            (0.7, p("N14")),
            (0.6, p("E8")),
        ];
        assert_eq!(c.safe_second(&b, p("L14")), p("L14"));
    }

    #[test]
    fn learning_is_seeded_and_reproducible() {
        let run = |seed| {
            let mut l = hand();
            let mut c = Chooser::default();
            let mut rng = rng_from_seed(seed);
            let games: Vec<_> = (0..3)
                .map(|_| learning_game(&mut l, &mut c, 0.1, true, &mut rng))
                .collect();
            (games, l.weights().to_vec())
        };
        let (a, b) = (run(5), run(5));
        assert_eq!(a, b);
        assert_ne!(a.1, hand_weights(), "it learned");
    }

    #[test]
    fn equal_weights_score_evenly_over_swapped_colours() {
        let l = hand();
        let openings = openings();
        let (w, d, lost) = score(&l, &l, &openings[..4]);
        // The same weights as both players: each opening's two games are
        // the same game with the players' names swapped.
        assert_eq!(w, lost);
        assert_eq!(w + d + lost, 8);
    }
}
