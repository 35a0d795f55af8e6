//! Tabular Q-learning for games with a small state space.
//!
//! A [`QLearner`] keeps one table of Q(s, a) for one side of a game that
//! implements [`Tabular`]: the game names the table cell of each legal move
//! of the side to move, and the kind of table. A [`DenseTable`] holds every
//! state of a small game (an index per state and action); a [`HashedTable`]
//! holds only the cells that learning has written, keyed by a unique 64-bit
//! cell key, for games with too many positions to list (Connect Four's 4.5
//! trillion). It learns as in the Hare and Hounds study:
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
//! `encoding` names the game's indexing ([`Tabular::ENCODING`]). A dense
//! table is one `f32` array `q` of shape `[states, actions]`, row-major; a
//! hashed table is the `f32` array `q` of its stored values and the `u64`
//! array `q_cells` of their cells, both of shape `[entries]`, sorted by cell.
//! [`QLearner::from_model`] checks every field and rebuilds the learner.

use std::marker::PhantomData;

use rand::seq::IndexedRandom;
use rand::Rng as _;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::model::{Algorithm, GameId, Header, Model};

use crate::game::{Game, Outcome, Player, Rng, Side};
use crate::plugin::run::Recorder;

/// Where a learner keeps its values: one `f32` per table cell, 0 until written.
pub trait QTable: Clone + std::fmt::Debug + PartialEq + Send {
    /// The value of a cell.
    fn get(&self, cell: u64) -> f32;
    /// Sets the value of a cell.
    fn set(&mut self, cell: u64, value: f32);
    /// Cells held in memory.
    fn entries(&self) -> usize;
    /// Bytes of memory the table takes.
    fn bytes(&self) -> usize;
    /// Adds the table to a model file as the array `name` (and, for a
    /// hashed table, `{name}_cells`).
    fn save(&self, model: &mut Model, name: &str) -> Result<(), String>;
    /// Reads the table that [`QTable::save`] wrote into this fresh table;
    /// shapes and values are checked.
    fn load(&mut self, model: &Model, name: &str) -> Result<(), String>;
}

/// A table with a cell for every state and action: `rows × cols` values,
/// cell `state * cols + action`.
#[derive(Clone, Debug, PartialEq)]
pub struct DenseTable {
    rows: usize,
    cols: usize,
    q: Vec<f32>,
}

impl DenseTable {
    /// A table of zeros.
    pub fn new(rows: usize, cols: usize) -> DenseTable {
        DenseTable {
            rows,
            cols,
            q: vec![0.0; rows * cols],
        }
    }

    /// Every value, row-major.
    pub fn values(&self) -> &[f32] {
        &self.q
    }

    /// Every value, to set by hand (tests, probes).
    pub fn values_mut(&mut self) -> &mut [f32] {
        &mut self.q
    }

    /// The shape as saved: states × actions.
    pub fn shape(&self) -> Vec<usize> {
        vec![self.rows, self.cols]
    }
}

impl QTable for DenseTable {
    #[inline]
    fn get(&self, cell: u64) -> f32 {
        self.q[cell as usize]
    }
    #[inline]
    fn set(&mut self, cell: u64, value: f32) {
        self.q[cell as usize] = value;
    }
    fn entries(&self) -> usize {
        self.q.len()
    }
    fn bytes(&self) -> usize {
        self.q.len() * 4
    }
    fn save(&self, model: &mut Model, name: &str) -> Result<(), String> {
        model
            .push(name, self.shape(), self.q.clone())
            .map_err(|e| e.to_string())
    }
    fn load(&mut self, model: &Model, name: &str) -> Result<(), String> {
        let q = model
            .values_shaped::<f32>(name, &[self.rows, self.cols])
            .map_err(|e| e.to_string())?;
        if let Some(i) = q.iter().position(|v| !v.is_finite()) {
            return Err(format!("array '{name}' has a non-finite value at {i}"));
        }
        self.q.copy_from_slice(q);
        Ok(())
    }
}

/// A table that holds only written cells: open addressing with linear
/// probing over two parallel arrays (cell keys and values, 12 bytes a slot),
/// grown to stay at most three quarters full. A cell key is any `u64` but
/// [`HashedTable::EMPTY`].
#[derive(Clone, Debug)]
pub struct HashedTable {
    cells: Vec<u64>,
    values: Vec<f32>,
    len: usize,
}

impl PartialEq for HashedTable {
    /// Equal when they hold the same values in the same cells.
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().all(|(c, v)| other.get(c) == v)
    }
}

impl Default for HashedTable {
    fn default() -> Self {
        HashedTable::with_capacity(0)
    }
}

impl HashedTable {
    /// The key of an empty slot (never a cell).
    pub const EMPTY: u64 = u64::MAX;

    /// An empty table with room for `n` cells before it grows.
    pub fn with_capacity(n: usize) -> HashedTable {
        let slots = (n * 4 / 3 + 1).next_power_of_two().max(16);
        HashedTable {
            cells: vec![Self::EMPTY; slots],
            values: vec![0.0; slots],
            len: 0,
        }
    }

    /// The stored cells and their values, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, f32)> + '_ {
        self.cells
            .iter()
            .zip(&self.values)
            .filter(|(c, _)| **c != Self::EMPTY)
            .map(|(c, v)| (*c, *v))
    }

    #[inline]
    fn slot(&self, cell: u64) -> usize {
        // A multiplicative mix, so that keys with patterns spread out.
        let h = cell.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32 ^ h) as usize & (self.cells.len() - 1)
    }

    /// The slot holding `cell`, or the empty slot where it would go.
    #[inline]
    fn find(&self, cell: u64) -> usize {
        let mask = self.cells.len() - 1;
        let mut i = self.slot(cell);
        loop {
            let c = self.cells[i];
            if c == cell || c == Self::EMPTY {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old_cells = std::mem::take(&mut self.cells);
        let old_values = std::mem::take(&mut self.values);
        let slots = old_cells.len() * 2;
        self.cells = vec![Self::EMPTY; slots];
        self.values = vec![0.0; slots];
        for (c, v) in old_cells.into_iter().zip(old_values) {
            if c != Self::EMPTY {
                let i = self.find(c);
                self.cells[i] = c;
                self.values[i] = v;
            }
        }
    }
}

impl QTable for HashedTable {
    #[inline]
    fn get(&self, cell: u64) -> f32 {
        let i = self.find(cell);
        if self.cells[i] == cell {
            self.values[i]
        } else {
            0.0
        }
    }

    fn set(&mut self, cell: u64, value: f32) {
        debug_assert_ne!(cell, Self::EMPTY);
        let mut i = self.find(cell);
        if self.cells[i] != cell {
            if (self.len + 1) * 4 > self.cells.len() * 3 {
                self.grow();
                i = self.find(cell);
            }
            self.cells[i] = cell;
            self.len += 1;
        }
        self.values[i] = value;
    }

    fn entries(&self) -> usize {
        self.len
    }

    fn bytes(&self) -> usize {
        self.cells.len() * (8 + 4)
    }

    fn save(&self, model: &mut Model, name: &str) -> Result<(), String> {
        let mut pairs: Vec<(u64, f32)> = self.iter().collect();
        pairs.sort_unstable_by_key(|p| p.0);
        let n = pairs.len();
        model
            .push(
                name,
                vec![n],
                pairs.iter().map(|p| p.1).collect::<Vec<f32>>(),
            )
            .map_err(|e| e.to_string())?;
        model
            .push(
                format!("{name}_cells"),
                vec![n],
                pairs.iter().map(|p| p.0).collect::<Vec<u64>>(),
            )
            .map_err(|e| e.to_string())
    }

    fn load(&mut self, model: &Model, name: &str) -> Result<(), String> {
        let values = model.values::<f32>(name).map_err(|e| e.to_string())?;
        let cells_name = format!("{name}_cells");
        let cells = model
            .values::<u64>(&cells_name)
            .map_err(|e| e.to_string())?;
        if values.len() != cells.len() {
            return Err(format!(
                "arrays '{name}' and '{cells_name}' differ in length ({} and {})",
                values.len(),
                cells.len()
            ));
        }
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            return Err(format!("array '{name}' has a non-finite value at {i}"));
        }
        if let Some(w) = cells.windows(2).position(|w| w[0] >= w[1]) {
            return Err(format!(
                "array '{cells_name}' is not strictly increasing at {}",
                w + 1
            ));
        }
        if cells.last() == Some(&Self::EMPTY) {
            return Err(format!("array '{cells_name}' holds the empty key"));
        }
        *self = HashedTable::with_capacity(cells.len());
        for (&c, &v) in cells.iter().zip(values) {
            self.set(c, v);
        }
        Ok(())
    }
}

/// A game whose learner keeps a table: it names the cell of each legal move
/// of the side to move, and the kind of table.
pub trait Tabular: Game {
    /// The name of the cell indexing, stored in model headers (a model is
    /// only read back by the same indexing).
    const ENCODING: &'static str;
    /// The kind of table.
    type Table: QTable;
    /// Arrays a model of this game's learner may carry besides its table
    /// (a run's generator, a second learner's table, …).
    const EXTRA_ARRAYS: &'static [&'static str] = &[];
    /// A fresh (all zero) table for `side`'s learner.
    fn new_table(side: Side) -> Self::Table;
    /// The cell of a legal move `m` of the side to move: equal for equal
    /// (position, move) pairs, different for different ones.
    fn cell(&self, m: Self::Move) -> u64;
}

/// The learning rate α, the discount γ and the exploration rate ε.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
                return Err(format!(
                    "{name} must be between 0 and 1, not {}",
                    crate::words::number(v.into())
                ));
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
    q: G::Table,
    /// The table cell of the learner's last move, waiting for its update.
    pending: Option<u64>,
    games: u64,
    moves: Vec<G::Move>,
    _game: PhantomData<G>,
}

impl<G: Tabular> QLearner<G> {
    /// A fresh table (all zero) for `side`.
    pub fn new(side: Side, params: QParams) -> Result<Self, String> {
        params.validate()?;
        Ok(QLearner {
            side,
            params,
            q: G::new_table(side),
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

    /// Changes the side the learner plays, between games (a learner that
    /// plays both sides in turn keeps one table: a game whose key tells
    /// whose turn it is gives the two sides' positions different cells).
    pub fn set_side(&mut self, side: Side) {
        debug_assert!(self.pending.is_none(), "set_side within a game");
        self.side = side;
    }

    /// Changes α, γ, ε (e.g. between chunks of a run).
    pub fn set_params(&mut self, params: QParams) -> Result<(), String> {
        params.validate()?;
        self.params = params;
        Ok(())
    }

    /// The table, to set values by hand (tests, probes).
    pub fn table_mut(&mut self) -> &mut G::Table {
        &mut self.q
    }

    /// Sets the cell of the move waiting for its update (as if the learner
    /// had just played it).
    pub fn set_pending(&mut self, cell: Option<u64>) {
        self.pending = cell;
    }

    /// Learning games finished so far.
    pub fn games_trained(&self) -> u64 {
        self.games
    }

    /// The table.
    pub fn table(&self) -> &G::Table {
        &self.q
    }

    /// The table cell of a legal move `m` of the learner's side in `g`.
    #[inline]
    pub fn cell(&self, g: &G, m: G::Move) -> u64 {
        g.cell(m)
    }

    /// Q(s, a) for a legal move `m` of the learner's side in `g`.
    pub fn q_value(&self, g: &G, m: G::Move) -> f32 {
        self.q.get(g.cell(m))
    }

    /// The legal moves of `g` that have the highest Q-value (the greedy
    /// choices, tied), into `out`.
    pub fn greedy_moves(&self, g: &G, out: &mut Vec<G::Move>) {
        g.legal_moves(out);
        let best = out
            .iter()
            .map(|&m| self.q.get(g.cell(m)))
            .fold(f32::NEG_INFINITY, f32::max);
        out.retain(|&m| self.q.get(g.cell(m)) == best);
    }

    fn max_q(&mut self, g: &G) -> f32 {
        g.legal_moves(&mut self.moves);
        self.moves
            .iter()
            .map(|&m| self.q.get(g.cell(m)))
            .fold(f32::NEG_INFINITY, f32::max)
    }

    fn update(&mut self, cell: u64, target: f32) {
        let q = self.q.get(cell);
        self.q.set(cell, q + self.params.alpha * (target - q));
    }

    /// The learner's move in `g` (its side to move) while learning: first the
    /// pending update of its previous move with `g` as the next position, then
    /// an ε-greedy choice, which becomes the pending move.
    pub fn act(&mut self, g: &G, rng: &mut Rng) -> G::Move {
        self.act_choosing(g, rng, |learner, g, moves, rng| {
            learner.greedy_moves(g, moves);
            *moves.choose(rng).expect("act called on a finished game")
        })
    }

    /// As [`QLearner::act`], but the non-random move is `choose`'s (for
    /// example a search over the table) instead of the greedy one.
    pub fn act_with(
        &mut self,
        g: &G,
        rng: &mut Rng,
        choose: impl FnOnce(&Self, &G, &mut Rng) -> G::Move,
    ) -> G::Move {
        self.act_choosing(g, rng, |learner, g, _, rng| choose(learner, g, rng))
    }

    /// The pending update, then a random move with probability ε, else
    /// `choose`'s, which may use the learner's move buffer (lent, so that no
    /// move allocates).
    fn act_choosing(
        &mut self,
        g: &G,
        rng: &mut Rng,
        choose: impl FnOnce(&Self, &G, &mut Vec<G::Move>, &mut Rng) -> G::Move,
    ) -> G::Move {
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
            let m = choose(self, g, &mut moves, rng);
            self.moves = moves;
            m
        };
        self.pending = Some(g.cell(m));
        m
    }

    /// Ends a learning game: the terminal update of the pending move with the
    /// outcome's reward.
    pub fn finish(&mut self, outcome: Outcome) {
        self.finish_with_reward(outcome.reward(self.side));
    }

    /// Ends a learning game with a reward of the experiment's own (a study
    /// may reward a draw, or punish a win): the terminal update of the
    /// pending move with `reward`.
    pub fn finish_with_reward(&mut self, reward: f32) {
        if let Some(cell) = self.pending.take() {
            self.update(cell, reward);
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
        let game = GameId::new(G::NAME).map_err(|e| format!("the game '{}': {e}", G::NAME))?;
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
        self.q.save(&mut model, "q")?;
        Ok(model)
    }

    /// Rebuilds a learner from [`Self::to_model`]'s model, checking the game,
    /// the algorithm, the encoding, the parameters and the table's shape.
    pub fn from_model(model: &Model) -> Result<Self, String> {
        let h = &model.header;
        model.only_arrays(|name| {
            name == "q"
                || name == "q_cells"
                || G::EXTRA_ARRAYS
                    .iter()
                    .any(|e| name == *e || name.strip_prefix(*e) == Some("_cells"))
        })?;
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
    /// `name` ([`QTable::load`]) after `games` learning games.
    pub fn from_array(
        model: &Model,
        name: &str,
        side: Side,
        params: QParams,
        games: u64,
    ) -> Result<Self, String> {
        let mut learner: QLearner<G> = QLearner::new(side, params)?;
        learner.q.load(model, name)?;
        learner.games = games;
        Ok(learner)
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
    first: Agent<'_, G>,
    second: Agent<'_, G>,
    rng: &mut Rng,
) -> Outcome {
    play_recorded_game(start, first, second, rng, None)
}

/// [`play_learning_game`], recording the moves and, before each move of
/// `watched`'s side when that agent learns, its Q-value of every legal
/// move. Recording reads the table only: the game, the random draws and the
/// learning are those of [`play_learning_game`].
pub fn play_recorded_game<G: Tabular>(
    start: &G,
    mut first: Agent<'_, G>,
    mut second: Agent<'_, G>,
    rng: &mut Rng,
    mut watched: Option<(&mut Recorder, Side)>,
) -> Outcome {
    let mut g = start.clone();
    loop {
        if let Some(outcome) = g.outcome() {
            first.finish(outcome);
            second.finish(outcome);
            return outcome;
        }
        if let Some((rec, side)) = watched.as_mut() {
            let learner = match (*side, &first, &second) {
                (Side::First, Agent::Learning(l), _) | (Side::Second, _, Agent::Learning(l)) => {
                    Some(&**l)
                }
                _ => None,
            };
            if let (true, Some(l)) = (g.to_move() == *side, learner) {
                rec.decision(&g, |m| f64::from(l.q_value(&g, m)));
                rec.model(|| l.to_model("", 0));
            }
        }
        let m = match g.to_move() {
            Side::First => first.choose(&g, rng),
            Side::Second => second.choose(&g, rng),
        };
        if let Some((rec, _)) = watched.as_mut() {
            rec.played::<G>(m);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{rng_from_seed, MoveError};

    /// Nim with one pile: take 1 or 2 stones; who takes the last one wins.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Nim {
        pile: u8,
        to_move: Side,
        winner: Option<Side>,
    }

    impl Game for Nim {
        type Move = u8;
        const NAME: &'static str = "nim";
        fn start() -> Self {
            Nim {
                pile: 4,
                to_move: Side::First,
                winner: None,
            }
        }
        fn to_move(&self) -> Side {
            self.to_move
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            if self.winner.is_none() {
                out.extend((1..=2).filter(|&t| t <= self.pile));
            }
        }
        fn play(&mut self, m: u8) {
            self.pile -= m;
            if self.pile == 0 {
                self.winner = Some(self.to_move);
            }
            self.to_move = self.to_move.other();
        }
        fn outcome(&self) -> Option<Outcome> {
            self.winner.map(Outcome::Win)
        }
        fn key(&self) -> u64 {
            u64::from(self.pile) * 2 + self.to_move.index() as u64
        }
        fn format_move(m: u8) -> String {
            m.to_string()
        }
        fn parse_move(text: &str) -> Result<u8, MoveError> {
            text.parse().map_err(|_| MoveError("a number".into()))
        }
    }

    impl Tabular for Nim {
        const ENCODING: &'static str = "pile-take";
        type Table = HashedTable;
        fn new_table(_side: Side) -> HashedTable {
            HashedTable::default()
        }
        fn cell(&self, m: u8) -> u64 {
            u64::from(self.pile) * 4 + u64::from(m)
        }
    }

    #[test]
    fn a_hashed_table_holds_written_cells_only_and_grows() {
        let mut t = HashedTable::with_capacity(4);
        assert_eq!(t.get(12345), 0.0);
        for c in 0..10_000u64 {
            t.set(c * 7919, c as f32);
        }
        t.set(7919, -1.5);
        assert_eq!(t.entries(), 10_000);
        assert_eq!(t.get(7919), -1.5);
        assert_eq!(t.get(9999 * 7919), 9999.0);
        assert_eq!(t.get(1), 0.0);
        // At most three quarters full, 12 bytes a slot.
        assert!(t.bytes() >= 10_000 * 4 / 3 * 12);
        assert!(t.bytes() <= 10_000 * 4 / 3 * 12 * 2 + 12 * 16);
    }

    #[test]
    fn a_hashed_table_saves_sorted_and_loads_back() {
        let mut t = HashedTable::default();
        for (c, v) in [(40u64, 0.25f32), (3, -0.5), (17, 1.0)] {
            t.set(c, v);
        }
        let mut model = Model::new(Header::new(GameId::of("othello"), Algorithm::QTable, "t"));
        t.save(&mut model, "q").unwrap();
        assert_eq!(model.values::<u64>("q_cells").unwrap(), [3, 17, 40]);
        assert_eq!(model.values::<f32>("q").unwrap(), [-0.5, 1.0, 0.25]);
        let mut back = HashedTable::default();
        back.load(&model, "q").unwrap();
        assert_eq!(back, t);
        // Cells out of order are refused.
        model.set("q_cells", vec![3], vec![40u64, 3, 17]).unwrap();
        assert!(back.load(&model, "q").unwrap_err().contains("increasing"));
    }

    #[test]
    fn q_learning_on_a_hand_computed_example() {
        // α = 0.5, γ = 0.9, no exploration. The first player starts at 4.
        let p = QParams {
            alpha: 0.5,
            gamma: 0.9,
            epsilon: 0.0,
        };
        let mut first: QLearner<Nim> = QLearner::new(Side::First, p).unwrap();
        let mut rng = rng_from_seed(3);
        // Game 1: the first player takes 1 (4 → 3), the second takes 1
        // (3 → 2), the first takes 2 and wins.
        let g4 = Nim::start();
        first.set_pending(Some(g4.cell(1)));
        let g2 = Nim {
            pile: 2,
            to_move: Side::First,
            winner: None,
        };
        // Its next decision at 2: Q(4,1) += 0.5·(0.9·max Q(2,·) − 0) = 0.
        // The greedy move at 2 is drawn among equal values; make it 2.
        first.table_mut().set(g2.cell(2), 0.0);
        let m = first.act(&g2, &mut rng);
        assert_eq!(first.q_value(&g4, 1), 0.0);
        first.set_pending(Some(g2.cell(2)));
        first.finish(Outcome::Win(Side::First));
        // The win: Q(2,2) = 0 + 0.5·(1 − 0) = 0.5.
        assert_eq!(first.q_value(&g2, 2), 0.5);
        assert!(m == 1 || m == 2);
        // Game 2, same line: Q(4,1) = 0 + 0.5·(0.9·0.5 − 0) = 0.225, then
        // Q(2,2) = 0.5 + 0.5·(1 − 0.5) = 0.75.
        first.set_pending(Some(g4.cell(1)));
        assert_eq!(
            first.act(&g2, &mut rng),
            2,
            "greedy: Q(2,2) = 0.5 > Q(2,1) = 0"
        );
        assert!((first.q_value(&g4, 1) - 0.225).abs() < 1e-7);
        first.finish(Outcome::Win(Side::First));
        assert!((first.q_value(&g2, 2) - 0.75).abs() < 1e-7);
        // Only the written cells are stored.
        assert_eq!(first.table().entries(), 2);
        assert_eq!(first.games_trained(), 2);
    }

    #[test]
    fn learners_with_hashed_tables_learn_to_win() {
        // From 4 the first player wins by taking 1 (leaving 3, a lost pile for
        // the mover). Against a random second player it learns that.
        let p = QParams {
            alpha: 0.1,
            gamma: 0.9,
            epsilon: 0.2,
        };
        let mut first: QLearner<Nim> = QLearner::new(Side::First, p).unwrap();
        let mut random = crate::players::RandomPlayer::<Nim>::new();
        let mut rng = rng_from_seed(1);
        for _ in 0..2_000 {
            play_learning_game(
                &Nim::start(),
                Agent::Learning(&mut first),
                Agent::Fixed(&mut random),
                &mut rng,
            );
        }
        let mut best = Vec::new();
        first.greedy_moves(&Nim::start(), &mut best);
        assert_eq!(best, [1]);
        // The table saves and loads back (the model format knows no "nim";
        // a real game's learner saves through `to_model`).
        let mut model = Model::new(Header::new(GameId::of("othello"), Algorithm::QTable, "nim"));
        first.table().save(&mut model, "q").unwrap();
        let mut back = Nim::new_table(Side::First);
        back.load(&model, "q").unwrap();
        assert_eq!(&back, first.table());
    }
}
