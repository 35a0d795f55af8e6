//! A Q-table blended with a shallow search: the study's proposal.
//!
//! The plain table plays the column of the highest Q(s, a). [`Lookahead`]
//! instead looks `depth` plies (single moves) ahead with minimax and
//! alpha-beta pruning, from the point of view of the side to move at the
//! root (the learner, "me"):
//!
//! * a finished position is scored exactly, by the rewards the table was
//!   trained with (a win, a draw or a loss for me), scaled by
//!   `1 + plies left / 64` so that of two wins the sooner counts more and of
//!   two losses the later;
//! * a leaf where I am to move scores the table's best value there,
//!   `max_a Q(leaf, a)`;
//! * a leaf where the opponent is to move was reached by my move `a` from my
//!   position `s`: it scores `Q(s, a)`, the table's value of that move;
//! * inside the tree I take the highest value, the opponent the lowest.
//!
//! Depth 0 is the plain table. Depth 1 is the table with finished positions
//! scored exactly: it takes a win in one move. Depth 2 also sees the
//! opponent's replies: it blocks the opponent's win in one move when a block
//! exists. Every further ply sees one move more.
//!
//! Ties between root columns are broken at random by the caller's `Rng`, as
//! the plain table breaks them.

use rand::seq::IndexedRandom;

use super::move_sorter::COLUMN_ORDER;
use super::rules::{Position, WIDTH};
use super::table::{Rewards, SparseTable};
use crate::game::{Analysis, Game, MoveValue, Outcome, Player, Rng, Scale, Side};
use crate::learn::q_table::{QLearner, QTable, Tabular};
use crate::search::budget::Budget;

/// The deepest lookahead (plies) of a learner's move choice.
pub const MAX_LOOKAHEAD: u8 = 8;

/// The rewards of a model saved without its run's: +1 a win, 0 a draw,
/// −1 a loss.
pub const PLAIN_REWARDS: Rewards = Rewards {
    win: 1.0,
    draw: 0.0,
    loss: -1.0,
};

/// A search of `depth` plies over `table` (see the module documentation).
pub struct Lookahead<'a> {
    pub table: &'a SparseTable,
    pub rewards: Rewards,
    pub depth: u8,
}

impl Lookahead<'_> {
    /// The value of every column of `p` for the side to move (`None` for a
    /// full column). `p` must not be finished.
    pub fn values(&self, p: &Position) -> [Option<f32>; WIDTH] {
        let me = p.to_move();
        let mut out = [None; WIDTH];
        for (c, slot) in out.iter_mut().enumerate() {
            if !p.can_play(c) {
                continue;
            }
            let cell = p.cell(c as u8);
            let v = if self.depth == 0 {
                self.table.get(cell)
            } else {
                let mut child = *p;
                child.play_col(c);
                self.value(
                    &child,
                    me,
                    self.depth - 1,
                    f32::NEG_INFINITY,
                    f32::INFINITY,
                    cell,
                )
            };
            *slot = Some(v);
        }
        out
    }

    /// The columns of the highest value, into `out`.
    pub fn best_moves(&self, p: &Position, out: &mut Vec<u8>) {
        let values = self.values(p);
        let best = values
            .iter()
            .flatten()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        out.clear();
        out.extend((0..WIDTH as u8).filter(|&c| values[c as usize].is_some_and(|v| v == best)));
    }

    /// A column of the highest value, ties broken at random (without
    /// allocating: it runs for every move of a learning game).
    pub fn choose(&self, p: &Position, rng: &mut Rng) -> u8 {
        let values = self.values(p);
        let best = values
            .iter()
            .flatten()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        let mut moves = [0u8; WIDTH];
        let mut n = 0;
        for (c, v) in values.iter().enumerate() {
            if *v == Some(best) {
                moves[n] = c as u8;
                n += 1;
            }
        }
        *moves[..n]
            .choose(rng)
            .expect("choose called on a finished game")
    }

    /// The value for `me` of `p`, reached by the move of cell `last`, with
    /// `depth` plies left to search.
    fn value(
        &self,
        p: &Position,
        me: Side,
        depth: u8,
        mut alpha: f32,
        mut beta: f32,
        last: u64,
    ) -> f32 {
        if let Some(outcome) = p.outcome() {
            let r = match outcome {
                Outcome::Draw => self.rewards.draw,
                Outcome::Win(s) if s == me => self.rewards.win,
                Outcome::Win(_) => self.rewards.loss,
            };
            return r * (1.0 + f32::from(depth) / 64.0);
        }
        let mine = p.to_move() == me;
        if depth == 0 {
            if !mine {
                return self.table.get(last);
            }
            return (0..WIDTH as u8)
                .filter(|&c| p.can_play(c as usize))
                .map(|c| self.table.get(p.cell(c)))
                .fold(f32::NEG_INFINITY, f32::max);
        }
        let mut best = if mine {
            f32::NEG_INFINITY
        } else {
            f32::INFINITY
        };
        for c in COLUMN_ORDER {
            if !p.can_play(c) {
                continue;
            }
            let mut child = *p;
            child.play_col(c);
            let v = self.value(&child, me, depth - 1, alpha, beta, p.cell(c as u8));
            if mine {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A learned table that plays with a lookahead of `depth` plies (0: the
/// plain table); it does not learn.
pub struct LookaheadPlayer {
    pub learner: QLearner<Position>,
    pub rewards: Rewards,
    pub depth: u8,
}

impl LookaheadPlayer {
    fn search(&self) -> Lookahead<'_> {
        Lookahead {
            table: self.learner.table(),
            rewards: self.rewards,
            depth: self.depth,
        }
    }
}

impl Player<Position> for LookaheadPlayer {
    fn name(&self) -> String {
        if self.depth == 0 {
            "q-greedy".into()
        } else {
            format!("q-lookahead-{}", self.depth)
        }
    }

    fn choose(&mut self, game: &Position, rng: &mut Rng) -> u8 {
        if self.depth == 0 {
            return self.learner.choose(game, rng);
        }
        self.search().choose(game, rng)
    }

    /// The value of every column: the table's Q(s, a) at depth 0, the
    /// search's value otherwise.
    fn analyze(&mut self, game: &Position, budget: &mut Budget) -> Option<Analysis<u8>> {
        if self.depth == 0 {
            // The table's values of the side to move (a model that learned
            // both sides in turn answers for either).
            self.learner.set_side(game.to_move());
            return self.learner.analyze(game, budget);
        }
        if game.is_over() {
            return None;
        }
        let values = self.search().values(game);
        let best = values
            .iter()
            .flatten()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        Some(Analysis {
            units: format!(
                "the table's value after looking {} move{} ahead",
                self.depth,
                if self.depth == 1 { "" } else { "s" }
            ),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: None,
            moves: (0..WIDTH as u8)
                .filter_map(|c| {
                    values[c as usize].map(|v| MoveValue {
                        mv: c,
                        value: Some(f64::from(v)),
                        label: None,
                        best: v == best,
                    })
                })
                .collect(),
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use crate::learn::q_table::QParams;

    fn table_player(depth: u8) -> LookaheadPlayer {
        let params = QParams {
            alpha: 0.5,
            gamma: 0.9,
            epsilon: 0.0,
        };
        LookaheadPlayer {
            learner: QLearner::new(Side::First, params).unwrap(),
            rewards: super::super::table::Rewards::WIN,
            depth,
        }
    }

    #[test]
    fn one_move_ahead_takes_a_win_the_table_misses() {
        // Red (to move) has three discs in column 1 and wins by playing it
        // again; the table, set up against it, prefers column 7.
        let p = Position::from_moves("121212").unwrap();
        assert!(p.is_winning_move(0));
        let mut plain = table_player(0);
        plain.learner.table_mut().set(p.cell(6), 0.9);
        plain.learner.table_mut().set(p.cell(0), -0.9);
        let mut rng = rng_from_seed(1);
        for _ in 0..20 {
            assert_eq!(plain.choose(&p, &mut rng), 6);
        }
        let mut ahead = LookaheadPlayer { depth: 1, ..plain };
        for _ in 0..20 {
            assert_eq!(ahead.choose(&p, &mut rng), 0);
        }
        let values = Lookahead {
            table: ahead.learner.table(),
            rewards: ahead.rewards,
            depth: 1,
        }
        .values(&p);
        assert_eq!(
            values[6],
            Some(0.9),
            "a move that does not end the game reads Q(s, a)"
        );
        assert!(values[0].unwrap() >= 1.0, "the win is scored exactly");
    }

    #[test]
    fn two_moves_ahead_blocks_a_loss_the_table_misses() {
        // Yellow has three in column 2; Red (to move) must play column 2.
        let p = Position::from_moves("123212").unwrap();
        assert_eq!(p.to_move(), Side::First);
        assert!((0..WIDTH).all(|c| !p.is_winning_move(c)));
        let mut plain = table_player(0);
        for c in 0..WIDTH as u8 {
            plain
                .learner
                .table_mut()
                .set(p.cell(c), if c == 1 { -0.5 } else { 0.5 });
        }
        let mut rng = rng_from_seed(2);
        let mut depth1 = LookaheadPlayer { depth: 1, ..plain };
        for _ in 0..20 {
            assert_ne!(
                depth1.choose(&p, &mut rng),
                1,
                "one move ahead does not see the reply"
            );
        }
        let mut depth2 = LookaheadPlayer { depth: 2, ..depth1 };
        for _ in 0..20 {
            assert_eq!(depth2.choose(&p, &mut rng), 1);
        }
        // Deeper searches block it too.
        depth2.depth = 4;
        assert_eq!(depth2.choose(&p, &mut rng), 1);
    }

    #[test]
    fn the_search_agrees_with_plain_minimax() {
        // Random tables and positions: alpha-beta gives the values of a
        // full minimax over the same leaves.
        fn minimax(l: &Lookahead, p: &Position, me: Side, depth: u8, last: u64) -> f32 {
            if let Some(o) = p.outcome() {
                let r = match o {
                    Outcome::Draw => l.rewards.draw,
                    Outcome::Win(s) if s == me => l.rewards.win,
                    Outcome::Win(_) => l.rewards.loss,
                };
                return r * (1.0 + f32::from(depth) / 64.0);
            }
            let mine = p.to_move() == me;
            let moves = (0..WIDTH as u8).filter(|&c| p.can_play(c as usize));
            if depth == 0 {
                return if mine {
                    moves
                        .map(|c| l.table.get(p.cell(c)))
                        .fold(f32::NEG_INFINITY, f32::max)
                } else {
                    l.table.get(last)
                };
            }
            let vals = moves.map(|c| {
                let mut q = *p;
                q.play_col(c as usize);
                minimax(l, &q, me, depth - 1, p.cell(c))
            });
            if mine {
                vals.fold(f32::NEG_INFINITY, f32::max)
            } else {
                vals.fold(f32::INFINITY, f32::min)
            }
        }
        use rand::Rng as _;
        let mut rng = rng_from_seed(9);
        let mut table = SparseTable::default();
        let mut positions = Vec::new();
        for _ in 0..30 {
            let mut p = Position::new();
            let stop = rng.random_range(0..20);
            while !p.is_over() && p.moves_played() < stop {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                let m = *moves.choose(&mut rng).unwrap();
                p.play(m);
            }
            if !p.is_over() {
                positions.push(p);
            }
        }
        // Values on every cell reachable within three plies of the samples.
        fn fill(t: &mut SparseTable, p: &Position, depth: u8, rng: &mut Rng) {
            use rand::Rng as _;
            if p.is_over() {
                return;
            }
            for c in 0..WIDTH {
                if p.can_play(c) {
                    t.set(p.cell(c as u8), rng.random_range(-8..=8) as f32 / 8.0);
                    if depth > 0 {
                        let mut q = *p;
                        q.play_col(c);
                        fill(t, &q, depth - 1, rng);
                    }
                }
            }
        }
        for p in &positions {
            fill(&mut table, p, 3, &mut rng);
        }
        for depth in 1..=3u8 {
            let l = Lookahead {
                table: &table,
                rewards: super::super::table::Rewards::WIN,
                depth,
            };
            for p in &positions {
                let got = l.values(p);
                for (c, &value) in got.iter().enumerate() {
                    if !p.can_play(c) {
                        assert_eq!(value, None);
                        continue;
                    }
                    let mut q = *p;
                    q.play_col(c);
                    let want = minimax(&l, &q, p.to_move(), depth - 1, p.cell(c as u8));
                    assert_eq!(value, Some(want), "depth {depth}, column {c}");
                }
            }
        }
    }
}
