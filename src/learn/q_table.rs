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

    /// The whole table, to set values by hand (tests, probes).
    pub fn table_mut(&mut self) -> &mut [f32] {
        &mut self.q
    }

    /// Sets the cell of the move waiting for its update (as if the learner
    /// had just played it).
    pub fn set_pending(&mut self, cell: Option<usize>) {
        self.pending = cell;
    }

    /// Learning games finished so far.
    pub fn games_trained(&self) -> u64 {
        self.games
    }

    /// The whole table, row-major (`state * actions + action`).
    pub fn table(&self) -> &[f32] {
        &self.q
    }

    /// The number of actions (columns of the table).
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// The table cell of a legal move `m` of the learner's side in `g`.
    #[inline]
    pub fn cell(&self, g: &G, m: G::Move) -> usize {
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

/// A table plays its greedy move (ties at random, learning off) and values
/// every legal move by its Q-value.
impl<G: Tabular> Player<G> for QLearner<G> {
    fn name(&self) -> String {
        "q-greedy".into()
    }

    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move {
        let mut moves = std::mem::take(&mut self.moves);
        self.greedy_moves(game, &mut moves);
        let m = *moves.choose(rng).expect("choose called on a finished game");
        self.moves = moves;
        m
    }

    fn analyze(
        &mut self,
        game: &G,
        _budget: &mut crate::search::budget::Budget,
    ) -> Option<crate::game::Analysis<G::Move>> {
        if game.to_move() != self.side {
            return None;
        }
        let mut greedy = Vec::new();
        self.greedy_moves(game, &mut greedy);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        Some(crate::game::Analysis {
            units: "Q(s, a) of the table".into(),
            scale: crate::game::Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: None,
            moves: legal
                .into_iter()
                .map(|m| crate::game::MoveValue {
                    mv: m,
                    value: Some(f64::from(self.q_value(game, m))),
                    label: None,
                    best: greedy.contains(&m),
                })
                .collect(),
            complete: true,
        })
    }
}
