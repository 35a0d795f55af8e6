//! Tabular Q-learning for games with a small state space.
//!
//! A [`QLearner`] keeps one table `Q[state][action]` for one side of a game
//! that implements [`Tabular`] (a dense state index for the side to move and
//! a dense action index for each move). It learns as in the Hare and Hounds
//! study:
//!
//! * **ε-greedy**: with probability ε a uniformly random legal move, otherwise
//!   a move with the highest Q-value, ties broken uniformly at random.
//! * **Update timing**: the sides alternate, so the learner's previous move is
//!   updated when its turn comes again (after the opponent replied) or when
//!   the game ends:
//!   `Q(s,a) += α·(R + γ·max_a′ Q(s′,a′) − Q(s,a))`, where `s′` is the next
//!   position with the learner to move and the max runs over its legal moves;
//!   at the end of the game the target is just `R`. `R` is the outcome's
//!   reward for the learner's side (+1 win, −1 loss, 0 draw) and 0 before the
//!   end.
//! * Q starts at 0 everywhere.
//!
//! Both sides may learn at once: give [`play_learning_game`] two learners.
//!
//! # Models
//!
//! [`QLearner::to_model`] gives a [`Model`] (algorithm `q_table`): the header's
//! `hyper` holds `side` (`"first"`/`"second"`), `alpha`, `gamma`, `epsilon`;
//! `encoding` names the game's indexing ([`Tabular::ENCODING`]); one `f32`
//! array `q` of shape `[states, actions]`, row-major.
//! [`QLearner::from_model`] checks every field and rebuilds the learner.

use std::marker::PhantomData;

use rand::seq::IndexedRandom;
use rand::Rng as _;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::model::{Algorithm, GameId, Header, Model};

use crate::game::{Game, Outcome, Player, Rng, Side};
use crate::games::hare_hounds::{HareHounds, POINTS};

/// A game whose positions and moves can be indexed densely per side.
pub trait Tabular: Game {
    /// The name of the state and action indexing, stored in model headers
    /// (a model is only read back by the same indexing).
    const ENCODING: &'static str;
    /// The number of rows in the table of `side`'s learner.
    fn state_count(side: Side) -> usize;
    /// The number of columns in the table of `side`'s learner.
    fn action_count(side: Side) -> usize;
    /// The row of this position for the side to move (`< state_count`).
    fn state_index(&self) -> usize;
    /// The column of a legal move of the side to move (`< action_count`).
    fn action_index(&self, m: Self::Move) -> usize;
}

/// Hare and Hounds: the state is the hound set (sorted, so the same three
/// points in any order share a row), the hare's point and the stalling
/// counter, 165 × 11 × 10 = 18,150 rows for either side. A hound action is
/// which hound steps where, one of the 28 directed steps a hound can make
/// (`board::HOUND_ACTION`); a hare action is the point it steps to (11).
impl Tabular for HareHounds {
    const ENCODING: &'static str = "houndset-hare-stall";
    fn state_count(_side: Side) -> usize {
        HareHounds::STATE_INDICES
    }
    fn action_count(side: Side) -> usize {
        match side {
            Side::First => crate::games::hare_hounds::board::HOUND_ACTIONS,
            Side::Second => POINTS,
        }
    }
    #[inline]
    fn state_index(&self) -> usize {
        HareHounds::state_index(self)
    }
    #[inline]
    fn action_index(&self, m: Self::Move) -> usize {
        match self.to_move() {
            Side::First => HareHounds::hound_action(m).expect("a hound step"),
            Side::Second => m.to.index(),
        }
    }
}

/// The learning rate α, the discount γ and the exploration rate ε.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct QParams {
    pub alpha: f32,
    pub gamma: f32,
    pub epsilon: f32,
}

impl QParams {
    /// Checks that each parameter lies in `[0, 1]`.
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [
            ("alpha", self.alpha),
            ("gamma", self.gamma),
            ("epsilon", self.epsilon),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err(format!("{name} must be between 0 and 1, not {v}"));
            }
        }
        Ok(())
    }
}

/// A Q-table and the learner's state within a game.
#[derive(Clone, Debug)]
pub struct QLearner<G: Tabular> {
    side: Side,
    params: QParams,
    actions: usize,
    q: Vec<f32>,
    /// The table cell of the learner's last move, waiting for its update.
    pending: Option<usize>,
    games: u64,
    moves: Vec<G::Move>,
    _game: PhantomData<G>,
}

impl<G: Tabular> QLearner<G> {
    /// A fresh table (all zero) for `side`.
    pub fn new(side: Side, params: QParams) -> Result<Self, String> {
        params.validate()?;
        let actions = G::action_count(side);
        Ok(QLearner {
            side,
            params,
            actions,
            q: vec![0.0; G::state_count(side) * actions],
            pending: None,
            games: 0,
            moves: Vec::new(),
            _game: PhantomData,
        })
    }

    pub fn side(&self) -> Side {
        self.side
    }

    pub fn params(&self) -> QParams {
        self.params
    }

    /// Changes α, γ, ε (e.g. between chunks of a run).
    pub fn set_params(&mut self, params: QParams) -> Result<(), String> {
        params.validate()?;
        self.params = params;
        Ok(())
    }

    /// Learning games finished so far.
    pub fn games_trained(&self) -> u64 {
        self.games
    }

    /// The whole table, row-major (`state * actions + action`).
    pub fn table(&self) -> &[f32] {
        &self.q
    }

    #[inline]
    fn cell(&self, g: &G, m: G::Move) -> usize {
        g.state_index() * self.actions + g.action_index(m)
    }

    /// Q(s, a) for a legal move `m` of the learner's side in `g`.
    pub fn q_value(&self, g: &G, m: G::Move) -> f32 {
        self.q[self.cell(g, m)]
    }

    /// The legal moves of `g` that have the highest Q-value (the greedy
    /// choices, tied), into `out`.
    pub fn greedy_moves(&self, g: &G, out: &mut Vec<G::Move>) {
        g.legal_moves(out);
        let base = g.state_index() * self.actions;
        let best = out
            .iter()
            .map(|&m| self.q[base + g.action_index(m)])
            .fold(f32::NEG_INFINITY, f32::max);
        out.retain(|&m| self.q[base + g.action_index(m)] == best);
    }

    fn max_q(&mut self, g: &G) -> f32 {
        g.legal_moves(&mut self.moves);
        let base = g.state_index() * self.actions;
        self.moves
            .iter()
            .map(|&m| self.q[base + g.action_index(m)])
            .fold(f32::NEG_INFINITY, f32::max)
    }

    fn update(&mut self, cell: usize, target: f32) {
        let q = &mut self.q[cell];
        *q += self.params.alpha * (target - *q);
    }

    /// The learner's move in `g` (its side to move) while learning: first the
    /// pending update of its previous move with `g` as the next position, then
    /// an ε-greedy choice, which becomes the pending move.
    pub fn act(&mut self, g: &G, rng: &mut Rng) -> G::Move {
        debug_assert_eq!(g.to_move(), self.side);
        if let Some(cell) = self.pending.take() {
            let target = self.params.gamma * self.max_q(g);
            self.update(cell, target);
        }
        let m = if self.params.epsilon > 0.0 && rng.random::<f32>() < self.params.epsilon {
            g.legal_moves(&mut self.moves);
            *self
                .moves
                .choose(rng)
                .expect("act called on a finished game")
        } else {
            let mut moves = std::mem::take(&mut self.moves);
            self.greedy_moves(g, &mut moves);
            let m = *moves.choose(rng).expect("act called on a finished game");
            self.moves = moves;
            m
        };
        self.pending = Some(self.cell(g, m));
        m
    }

    /// Ends a learning game: the terminal update of the pending move with the
    /// outcome's reward.
    pub fn finish(&mut self, outcome: Outcome) {
        if let Some(cell) = self.pending.take() {
            self.update(cell, outcome.reward(self.side));
        }
        self.games += 1;
    }

    /// A greedy player (learning off) over this table.
    pub fn greedy(&self) -> Greedy<'_, G> {
        Greedy {
            learner: self,
            buf: Vec::new(),
        }
    }

    /// The learner as a model named `name`, trained from `seed`.
    pub fn to_model(&self, name: &str, seed: u64) -> Result<Model, String> {
        let game = GameId::from_name(G::NAME)
            .ok_or_else(|| format!("the model format does not know the game '{}'", G::NAME))?;
        let mut header = Header::new(game, Algorithm::QTable, name);
        header.encoding = G::ENCODING.to_string();
        header.seed = seed;
        header.games_trained = self.games;
        // f32 → shortest decimal → f64, so that 0.1 is stored as 0.1
        let dec = |v: f32| v.to_string().parse::<f64>().unwrap_or(f64::from(v));
        let hyper = json!({
            "side": match self.side { Side::First => "first", Side::Second => "second" },
            "alpha": dec(self.params.alpha),
            "gamma": dec(self.params.gamma),
            "epsilon": dec(self.params.epsilon),
        });
        if let serde_json::Value::Object(map) = hyper {
            header.hyper = map;
        }
        let mut model = Model::new(header);
        model
            .push("q", self.shape(), self.q.clone())
            .map_err(|e| e.to_string())?;
        Ok(model)
    }

    /// Rebuilds a learner from [`Self::to_model`]'s model, checking the game,
    /// the algorithm, the encoding, the parameters and the table's shape.
    pub fn from_model(model: &Model) -> Result<Self, String> {
        let h = &model.header;
        if h.game.name() != G::NAME {
            return Err(format!(
                "the model is for {}, not {}",
                h.game.name(),
                G::NAME
            ));
        }
        if h.algorithm != Algorithm::QTable {
            return Err(format!(
                "the model's algorithm is {}, not q_table",
                h.algorithm.name()
            ));
        }
        if h.encoding != G::ENCODING {
            return Err(format!(
                "the model's encoding is '{}', expected '{}'",
                h.encoding,
                G::ENCODING
            ));
        }
        let text = |k: &str| {
            h.hyper
                .get(k)
                .and_then(|v| v.as_str())
                .ok_or_else(|| format!("hyper-parameter '{k}' is missing or not text"))
        };
        let num = |k: &str| {
            h.hyper
                .get(k)
                .and_then(|v| v.as_f64())
                .ok_or_else(|| format!("hyper-parameter '{k}' is missing or not a number"))
        };
        let side = match text("side")? {
            "first" => Side::First,
            "second" => Side::Second,
            s => return Err(format!("side '{s}' is neither 'first' nor 'second'")),
        };
        let params = QParams {
            alpha: num("alpha")? as f32,
            gamma: num("gamma")? as f32,
            epsilon: num("epsilon")? as f32,
        };
        Self::from_array(model, "q", side, params, h.games_trained)
    }

    /// A learner for `side` with `params` whose table is the model's array
    /// `name` (shape checked, values finite) after `games` learning games.
    pub fn from_array(
        model: &Model,
        name: &str,
        side: Side,
        params: QParams,
        games: u64,
    ) -> Result<Self, String> {
        let mut learner = QLearner::new(side, params)?;
        let q = model
            .values_shaped::<f32>(name, &[G::state_count(side), learner.actions])
            .map_err(|e| e.to_string())?;
        if let Some(i) = q.iter().position(|v| !v.is_finite()) {
            return Err(format!("array '{name}' has a non-finite value at {i}"));
        }
        learner.q.copy_from_slice(q);
        learner.games = games;
        Ok(learner)
    }

    /// The table's shape, as saved: states × actions.
    pub fn shape(&self) -> Vec<usize> {
        vec![G::state_count(self.side), self.actions]
    }
}

/// Plays the greedy move of a Q-table (ties at random); does not learn.
pub struct Greedy<'a, G: Tabular> {
    learner: &'a QLearner<G>,
    buf: Vec<G::Move>,
}

impl<G: Tabular> Player<G> for Greedy<'_, G> {
    fn name(&self) -> String {
        "q-greedy".into()
    }
    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move {
        self.learner.greedy_moves(game, &mut self.buf);
        *self
            .buf
            .choose(rng)
            .expect("choose called on a finished game")
    }
}

/// A side in a learning game: a learner (updated as it plays) or a fixed
/// player.
pub enum Agent<'a, G: Tabular> {
    Learning(&'a mut QLearner<G>),
    Fixed(&'a mut dyn Player<G>),
}

impl<G: Tabular> Agent<'_, G> {
    fn choose(&mut self, g: &G, rng: &mut Rng) -> G::Move {
        match self {
            Agent::Learning(l) => l.act(g, rng),
            Agent::Fixed(p) => p.choose(g, rng),
        }
    }
    fn finish(&mut self, outcome: Outcome) {
        if let Agent::Learning(l) = self {
            l.finish(outcome);
        }
    }
}

/// Plays one learning game from `start`; the learners among the two agents
/// update their tables as they go. Returns the outcome.
pub fn play_learning_game<G: Tabular>(
    start: &G,
    mut first: Agent<'_, G>,
    mut second: Agent<'_, G>,
    rng: &mut Rng,
) -> Outcome {
    let mut g = start.clone();
    loop {
        if let Some(outcome) = g.outcome() {
            first.finish(outcome);
            second.finish(outcome);
            return outcome;
        }
        let m = match g.to_move() {
            Side::First => first.choose(&g, rng),
            Side::Second => second.choose(&g, rng),
        };
        g.play(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hare_hounds::board::{A, G as PG, L, R};
    use crate::players::hare_hounds::SimpleHare;
    use crate::rng_from_seed;

    const P: QParams = QParams {
        alpha: 0.5,
        gamma: 0.9,
        epsilon: 0.0,
    };

    #[test]
    fn hound_order_does_not_matter() {
        let orders = [[L, A, PG], [A, L, PG], [PG, A, L], [PG, L, A]];
        let rows: Vec<usize> = orders
            .iter()
            .map(|h| Tabular::state_index(&HareHounds::new(*h, R, Side::First, 0).unwrap()))
            .collect();
        assert!(rows.iter().all(|&r| r == rows[0]));
        let other = HareHounds::new(
            [L, A, crate::games::hare_hounds::board::D],
            R,
            Side::First,
            0,
        )
        .unwrap();
        assert_ne!(Tabular::state_index(&other), rows[0]);
        // the stalling counter is part of the state
        let stalled = HareHounds::new([L, A, PG], R, Side::First, 3).unwrap();
        assert_ne!(Tabular::state_index(&stalled), rows[0]);
        // the learner's values are shared accordingly
        let mut l: QLearner<HareHounds> = QLearner::new(Side::First, P).unwrap();
        let g1 = HareHounds::new([L, A, PG], R, Side::First, 0).unwrap();
        let g2 = HareHounds::new([PG, A, L], R, Side::First, 0).unwrap();
        let m = HareHounds::parse_move("L-d").unwrap();
        let cell = l.cell(&g1, m);
        l.q[cell] = 0.75;
        assert_eq!(l.q_value(&g2, m), 0.75);
    }

    #[test]
    fn update_rule_and_timing() {
        // Hounds on e, c, i and the hare on R: e-f traps it at once (R = +1).
        let g = HareHounds::parse("hounds=e,c,i hare=R").unwrap();
        let trap = HareHounds::parse_move("e-f").unwrap();
        let mut l: QLearner<HareHounds> = QLearner::new(Side::First, P).unwrap();
        let mut rng = rng_from_seed(1);
        // all Q are 0: greedy ties broken at random; force the trap
        l.pending = Some(l.cell(&g, trap));
        l.finish(Outcome::Win(Side::First));
        assert_eq!(l.q_value(&g, trap), 0.5);
        // now greedy picks the trap
        assert_eq!(l.act(&g, &mut rng), trap);
        l.finish(Outcome::Win(Side::First));
        assert_eq!(l.q_value(&g, trap), 0.75);
        // A non-final step bootstraps from the next hound-to-move position
        // when the hounds move again: b-e from hounds b,c,i (hare on R), then
        // (after a hare move, set up by hand) the trap position above.
        let s = HareHounds::parse("hounds=b,c,i hare=R").unwrap();
        let m = HareHounds::parse_move("b-e").unwrap();
        l.pending = Some(l.cell(&s, m));
        // the next hound-to-move position is the trap position above
        let next = HareHounds::parse("hounds=e,c,i hare=R").unwrap();
        let _ = l.act(&next, &mut rng);
        // Q(s, b-e) = 0 + 0.5 * (0 + 0.9 * 0.75 - 0)
        assert!((l.q_value(&s, m) - 0.5 * 0.9 * 0.75).abs() < 1e-6);
    }

    #[test]
    fn learning_games_update_only_rows_the_hounds_were_in() {
        let mut l: QLearner<HareHounds> = QLearner::new(
            Side::First,
            QParams {
                alpha: 0.1,
                gamma: 0.9,
                epsilon: 1.0,
            },
        )
        .unwrap();
        // The rows whose values a game changed, over 200 games.
        let mut hare = SimpleHare::new();
        let mut rng = rng_from_seed(2);
        let mut visited = std::collections::HashSet::new();
        for _ in 0..200 {
            let before = l.table().to_vec();
            play_learning_game(
                &HareHounds::start(),
                Agent::Learning(&mut l),
                Agent::Fixed(&mut hare),
                &mut rng,
            );
            for (i, (a, b)) in before.iter().zip(l.table()).enumerate() {
                if a != b {
                    visited.insert(i / l.actions);
                }
            }
        }
        assert_eq!(l.games_trained(), 200);
        assert!(!visited.is_empty());
        assert!(l.table().iter().all(|&v| (-1.0..=1.0).contains(&v)));
        // Rows of hare-to-move positions do not exist in the hounds' table;
        // every changed row decodes to a hounds-to-move position that the
        // hounds can reach from the start against this hare.
        let reachable = crate::search::hare_hounds_solve::Solution::solve();
        let rows: std::collections::HashSet<usize> = reachable
            .reachable(Side::First)
            .iter()
            .map(Tabular::state_index)
            .collect();
        assert!(
            visited.is_subset(&rows),
            "a cell outside the hounds' positions changed"
        );
    }

    #[test]
    fn model_round_trip_and_validation() {
        let mut l: QLearner<HareHounds> = QLearner::new(Side::Second, P).unwrap();
        l.q[17] = -0.25;
        l.games = 42;
        let model = l.to_model("hare test", 5).unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let back =
            QLearner::<HareHounds>::from_model(&crate::model::decode(&bytes).unwrap()).unwrap();
        assert_eq!(back.table(), l.table());
        assert_eq!(back.games_trained(), 42);
        assert_eq!(back.side(), Side::Second);
        assert_eq!(back.params(), P);
        let mut bad = model.clone();
        bad.set(
            "q",
            vec![HareHounds::STATE_INDICES, 28],
            vec![0f32; HareHounds::STATE_INDICES * 28],
        )
        .unwrap();
        assert!(
            QLearner::<HareHounds>::from_model(&bad).is_err(),
            "hounds' shape for a hare"
        );
        let mut bad = model.clone();
        bad.header.game = GameId::Othello;
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        let mut bad = model.clone();
        bad.header.encoding = "other".into();
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        let mut bad = model;
        bad.header.hyper.insert("alpha".into(), json!(3.0));
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        assert!(QLearner::<HareHounds>::new(
            Side::First,
            QParams {
                alpha: -0.1,
                gamma: 0.9,
                epsilon: 0.1
            }
        )
        .is_err());
    }
}
