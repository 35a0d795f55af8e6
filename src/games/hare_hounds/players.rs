//! Fixed players of Hare and Hounds: the study's simple hare and the perfect
//! player from the exact solution. (The random hare is [`super::RandomPlayer`].)

use std::sync::Arc;

use rand::seq::IndexedRandom;

use super::solve::{Solution, Value as Verdict};
use crate::game::{Analysis, Game, MoveValue, Player, Rng, Scale, Side};
use crate::games::hare_hounds::{HareHounds, Move};
use crate::search::budget::Budget;

/// The study's simple hare: always the free neighbouring point with the lowest
/// number (see [`crate::games::hare_hounds::board`]), i.e. the point furthest
/// to its right as it faces the hounds — the top row before the middle row
/// before the bottom row, and within a row the leftmost (most forward) point.
/// Its preference order is `a b c L d e f R g h i`. Deterministic.
#[derive(Default)]
pub struct SimpleHare {
    buf: Vec<Move>,
}

impl SimpleHare {
    pub fn new() -> Self {
        SimpleHare::default()
    }
}

impl Player<HareHounds> for SimpleHare {
    fn name(&self) -> String {
        "simple".into()
    }

    fn choose(&mut self, game: &HareHounds, rng: &mut Rng) -> Move {
        game.legal_moves(&mut self.buf);
        if game.to_move() == crate::Side::First {
            // Not a hound strategy; as hounds it plays at random.
            return *self
                .buf
                .choose(rng)
                .expect("choose called on a finished game");
        }
        *self
            .buf
            .iter()
            .min_by_key(|m| m.to)
            .expect("choose called on a finished game")
    }
}

/// Plays perfectly for either side: among the moves with the best value (a win
/// in the fewest plies, or a loss in the most), one at random.
pub struct PerfectPlayer {
    solution: Arc<Solution>,
    buf: Vec<Move>,
}

impl PerfectPlayer {
    pub fn new(solution: Arc<Solution>) -> Self {
        PerfectPlayer {
            solution,
            buf: Vec::new(),
        }
    }
}

impl Player<HareHounds> for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, game: &HareHounds, rng: &mut Rng) -> Move {
        self.solution.best_moves(game, &mut self.buf);
        *self
            .buf
            .choose(rng)
            .expect("choose called on a finished game")
    }
}

fn verdict_text(v: Verdict) -> String {
    format!("{} in {} plies", verdict_winner(v.winner), v.plies)
}

fn verdict_winner(side: Side) -> &'static str {
    match side {
        Side::First => "hounds win",
        Side::Second => "hare wins",
    }
}

/// The perfect player, whose analysis is the exact solution's verdict on
/// every move: kept value +1 (the side to move keeps its result), −1 if the
/// move throws it away, with the result after the move in words.
pub struct Perfect(pub PerfectPlayer, pub Arc<Solution>);

impl Player<HareHounds> for Perfect {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(&mut self, game: &HareHounds, rng: &mut Rng) -> Move {
        self.0.choose(game, rng)
    }

    fn analyze(&mut self, g: &HareHounds, _budget: &mut Budget) -> Option<Analysis<Move>> {
        let solution = &self.1;
        let mut best = Vec::new();
        solution.best_moves(g, &mut best);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        Some(Analysis {
            units: "the exact solution: +1 keeps the result, −1 throws it away".into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: Some(verdict_text(solution.value(g))),
            moves: legal
                .into_iter()
                .map(|m| MoveValue {
                    mv: m,
                    value: Some(if solution.keeps_value(g, m) {
                        1.0
                    } else {
                        -1.0
                    }),
                    label: Some(verdict_text(solution.value_after(g, m))),
                    best: best.contains(&m),
                })
                .collect(),
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::play_game;
    use crate::players::RandomPlayer;
    use crate::{rng_from_seed, Side};

    #[test]
    fn simple_hare_prefers_lowest_number() {
        let mut rng = rng_from_seed(1);
        let mut p = SimpleHare::new();
        let g = HareHounds::parse("hounds=L,a,g hare=R move=hare").unwrap();
        assert_eq!(p.choose(&g, &mut rng).to_string(), "R-c");
        let g = HareHounds::parse("hounds=a,b,i hare=e move=hare").unwrap();
        // free: c, d, f, g, h → c (top row)
        assert_eq!(p.choose(&g, &mut rng).to_string(), "e-c");
        let g = HareHounds::parse("hounds=b,c,i hare=e move=hare").unwrap();
        // free: a, d, f, g, h → a
        assert_eq!(p.choose(&g, &mut rng).to_string(), "e-a");
        let g = HareHounds::parse("hounds=a,b,c hare=e move=hare").unwrap();
        // free: d, f, g, h, i → d (middle row, most forward)
        assert_eq!(p.choose(&g, &mut rng).to_string(), "e-d");
    }

    #[test]
    fn perfect_hounds_beat_every_hare_and_perfect_hare_loses() {
        let solution = Arc::new(Solution::solve());
        let mut rng = rng_from_seed(3);
        let mut hounds = PerfectPlayer::new(solution.clone());
        let mut perfect_hare = PerfectPlayer::new(solution.clone());
        let start = HareHounds::start();
        for _ in 0..200 {
            let end = play_game(&start, &mut hounds, &mut RandomPlayer::new(), 0, &mut rng);
            assert_eq!(end.outcome().unwrap().winner(), Some(Side::First));
        }
        let end = play_game(&start, &mut hounds, &mut SimpleHare::new(), 0, &mut rng);
        assert_eq!(end.outcome().unwrap().winner(), Some(Side::First));
        // perfect against perfect: the game lasts exactly the solved length
        let mut g = start;
        let mut plies = 0;
        while !g.is_over() {
            let m = match g.to_move() {
                Side::First => hounds.choose(&g, &mut rng),
                Side::Second => perfect_hare.choose(&g, &mut rng),
            };
            g.play(m);
            plies += 1;
        }
        assert_eq!(g.outcome().unwrap().winner(), Some(Side::First));
        assert_eq!(plies, solution.value(&start).plies);
    }
}
