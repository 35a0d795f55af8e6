//! The games a learner plays: one learning game (the learner's side, its
//! rewards, its lookahead) and a greedy table's record against an opponent.

use crate::game::{Game, Outcome, Player, Rng, Side};
use crate::games::connect4::lookahead::Lookahead;
use crate::games::connect4::rules::Position;
pub use crate::games::connect4::table::{
    mirror_canonical, Rewards, SparseTable, ENCODING, MIRROR_KEY,
};
use crate::learn::q_table::QLearner;
use crate::plugin::run::Recorder;

/// How a run plays one learning game: the learner's side, the rewards at
/// the end, the lookahead of its non-random moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearningGame {
    pub side: Side,
    pub rewards: Rewards,
    pub lookahead: u8,
}

impl LearningGame {
    /// Plays a game from `start` (a position in play) between `learner`,
    /// on [`LearningGame::side`], and `opponent`, the learner learning as it
    /// goes ([`QLearner::act`], [`QLearner::finish_with_reward`] with the
    /// outcome's reward). Records the moves and the learner's values at its
    /// decisions in `rec`, if given. Returns the outcome and the discs on
    /// the board at the end.
    pub fn play(
        &self,
        learner: &mut QLearner<Position>,
        opponent: &mut dyn Player<Position>,
        start: Position,
        rng: &mut Rng,
        mut rec: Option<&mut Recorder>,
    ) -> (Outcome, u32) {
        let mut g = start;
        let (side, rewards, depth) = (self.side, self.rewards, self.lookahead);
        learner.set_side(side);
        loop {
            if let Some(outcome) = g.outcome() {
                learner.finish_with_reward(rewards.of(outcome, side));
                return (outcome, g.moves_played());
            }
            if let Some(rec) = rec.as_deref_mut() {
                if g.to_move() == side {
                    rec.decision(&g, |m| f64::from(learner.q_value(&g, m)));
                    rec.model(|| learner.to_model("", 0));
                }
            }
            let m = if g.to_move() != side {
                opponent.choose(&g, rng)
            } else if depth == 0 {
                learner.act(&g, rng)
            } else {
                learner.act_with(&g, rng, |l, g, rng| {
                    Lookahead {
                        table: l.table(),
                        rewards,
                        depth,
                    }
                    .choose(g, rng)
                })
            };
            if let Some(rec) = rec.as_deref_mut() {
                rec.played::<Position>(m);
            }
            g.play(m);
        }
    }
}

/// The record of a greedy table against `opponent` over `games` games,
/// learning off: (wins, draws, losses) of the table.
pub fn greedy_record(
    learner: &QLearner<Position>,
    opponent: &mut dyn Player<Position>,
    games: u32,
    rng: &mut Rng,
) -> (u32, u32, u32) {
    let side = learner.side();
    let mut greedy = learner.greedy();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for _ in 0..games {
        let mut g = Position::new();
        while !g.is_over() {
            let m = if g.to_move() == side {
                greedy.choose(&g, rng)
            } else {
                opponent.choose(&g, rng)
            };
            g.play(m);
        }
        match g.outcome() {
            Some(Outcome::Win(s)) if s == side => w += 1,
            Some(Outcome::Win(_)) => l += 1,
            _ => d += 1,
        }
    }
    (w, d, l)
}
