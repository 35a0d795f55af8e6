//! Tabular Q-learning of Connect Four: the study's two methods as runs.
//!
//! The learner is the generic [`QLearner`] (ε-greedy, random tie-breaks,
//! `Q(s,a) ← Q(s,a) + α[r + γ·max Q(s′,·) − Q(s,a)]`) with a hashed table
//! keyed by the position's unique 64-bit key and the column
//! ([`Tabular::cell`]: `key << 3 | column`). Only cells whose value is not 0
//! are stored ([`SparseTable`]): an absent cell reads 0, so writing a 0 into
//! it changes nothing, and most positions a learner meets once never leave
//! 0 (no reward reaches them).
//!
//! The rewards are the experiment's own, at the end of the game:
//!
//! 1. **Survive the stupid player** (always the leftmost column): a loss and
//!    a win are punished (−1), a draw is rewarded (+1); 300,000 games; the
//!    curve is the mean number of moves (discs on the board at the end)
//!    per 1,000 learning games, one curve per exploration rate 0–5%.
//! 2. **Beat the random player**: a win is rewarded (+1), a loss and a draw
//!    punished (−1); 1,000,000 games; the curve is the number of wins per
//!    10,000 learning games, exploration 0–30%.
//!
//! Measured here (seed 1, learner first, α 0.5, γ 0.9; `selfplay connect4
//! experiment 1|2`): method 1 reaches full-board draws (42 moves) at ε 0
//! and loses about 1.5 moves per percent of exploration (34.4 moves at
//! 5%), above the study's ceiling near 25; method 2 wins 96–97% of the
//! learning games at ε 0–3% after 1,000,000 games, 82% at 30%, with at
//! most 515,000 cells (12.6 MB) in the table.
//!
//! Curves are measured on the learning games themselves (exploration on),
//! as in the study. Besides, each point can measure the share of optimal
//! moves: on a fixed sample of positions solved at the start of the run
//! (positions of games between a random learner and the run's opponent, the
//! learner to move), how often the greedy table plays a move of the best
//! exact score.

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use super::players::{Leftmost, RandomColumn};
use super::position::Position;
use super::solver::{Budget as SolverBudget, Mode, Solver};
use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::learn::q_table::{HashedTable, QLearner, QParams, QTable, Tabular};
use crate::model::Model;

/// The name of the table's indexing in model headers.
pub const ENCODING: &str = "connect4-key-column";

/// The key of a model's run settings in the header's `hyper`.
pub const RUN_KEY: &str = "run";

/// The key of a model's unfinished curve block in the header's `hyper`.
pub const BLOCK_KEY: &str = "block";

/// A [`HashedTable`] that stores only cells whose value is not 0 (see the
/// module documentation).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SparseTable(pub HashedTable);

impl QTable for SparseTable {
    #[inline]
    fn get(&self, cell: u64) -> f32 {
        self.0.get(cell)
    }
    #[inline]
    fn set(&mut self, cell: u64, value: f32) {
        if value == 0.0 && self.0.get(cell) == 0.0 {
            return;
        }
        self.0.set(cell, value);
    }
    fn entries(&self) -> usize {
        self.0.entries()
    }
    fn bytes(&self) -> usize {
        self.0.bytes()
    }
    fn save(&self, model: &mut Model, name: &str) -> Result<(), String> {
        self.0.save(model, name)
    }
    fn load(&mut self, model: &Model, name: &str) -> Result<(), String> {
        self.0.load(model, name)
    }
}

impl Tabular for Position {
    const ENCODING: &'static str = ENCODING;
    type Table = SparseTable;
    /// A run's model carries its generator.
    const EXTRA_ARRAYS: &'static [&'static str] = &["rng"];

    fn new_table(_side: Side) -> SparseTable {
        SparseTable::default()
    }

    /// The position's key (unique, below 2^49) and the column.
    #[inline]
    fn cell(&self, m: u8) -> u64 {
        (self.key() << 3) | u64::from(m)
    }
}

/// The opponent the learner plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// A random column (drawn again while full).
    Random,
    /// The leftmost column that is not full.
    Stupid,
}

impl Opponent {
    pub fn player(self) -> Box<dyn Player<Position> + Send> {
        match self {
            Opponent::Random => Box::new(RandomColumn),
            Opponent::Stupid => Box::new(Leftmost),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Opponent::Random => "random",
            Opponent::Stupid => "stupid",
        }
    }
}

/// The rewards at the end of a game, for the learner.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rewards {
    pub win: f32,
    pub draw: f32,
    pub loss: f32,
}

impl Rewards {
    /// Method 1: survive (a draw is the only good end).
    pub const SURVIVE: Rewards = Rewards {
        win: -1.0,
        draw: 1.0,
        loss: -1.0,
    };
    /// Method 2: win (a draw counts as a loss).
    pub const WIN: Rewards = Rewards {
        win: 1.0,
        draw: -1.0,
        loss: -1.0,
    };

    fn of(&self, outcome: Outcome, side: Side) -> f32 {
        match outcome {
            Outcome::Draw => self.draw,
            Outcome::Win(s) if s == side => self.win,
            Outcome::Win(_) => self.loss,
        }
    }
}

fn first() -> u8 {
    0
}

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// A name in the experiment ("ε=2%"); empty for a run set up by hand.
    #[serde(default)]
    pub label: String,
    pub learner: QParams,
    pub opponent: Opponent,
    pub rewards: Rewards,
    /// The learner's side: 0 plays first (Red), 1 second (Yellow).
    #[serde(default = "first")]
    pub side: u8,
    pub total_games: u64,
    /// Learning games per curve point.
    pub block_games: u32,
    /// Positions of the optimal-move sample (0: not measured).
    #[serde(default)]
    pub perfect_sample: u32,
    pub seed: u64,
}

/// The largest optimal-move sample.
pub const MAX_SAMPLE: u32 = 2_000;

impl RunConfig {
    pub fn validate(&self) -> Result<(), String> {
        self.learner.validate()?;
        if self.block_games == 0 {
            return Err("block_games must be at least 1".into());
        }
        if self.side > 1 {
            return Err("side must be 0 (first) or 1 (second)".into());
        }
        if self.perfect_sample > MAX_SAMPLE {
            return Err(format!("perfect_sample must be at most {MAX_SAMPLE}"));
        }
        for (name, r) in [
            ("win", self.rewards.win),
            ("draw", self.rewards.draw),
            ("loss", self.rewards.loss),
        ] {
            if !(-1.0..=1.0).contains(&r) {
                return Err(format!(
                    "the {name} reward must be between -1 and 1, not {r}"
                ));
            }
        }
        Ok(())
    }

    pub fn learner_side(&self) -> Side {
        if self.side == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// One point of the curves: the learning games of one block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Learning games played at the end of the block.
    pub games: u64,
    /// Games in the block.
    pub block: u32,
    /// Mean number of moves (discs on the board at the end) of a game.
    pub moves: f64,
    /// Wins, draws and losses of the learner in the block.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The share of the sample's positions where the greedy table plays an
    /// optimal move, in %.
    pub optimal: Option<f64>,
    /// Table cells stored and bytes of memory.
    pub entries: u64,
    pub bytes: u64,
}

/// The unfinished block's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Block {
    pub games: u32,
    pub moves: u64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The seed of run `index` of an experiment started with `seed`.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// The study's α and γ are not reported; these learn well in both methods.
pub const ALPHA: f32 = 0.5;
pub const GAMMA: f32 = 0.9;

/// The exploration rates of experiment 1 and 2, in %.
pub const EXPLORATION_1: [u32; 6] = [0, 1, 2, 3, 4, 5];
pub const EXPLORATION_2: [u32; 8] = [0, 1, 2, 3, 4, 10, 20, 30];

/// The runs of experiment 1 or 2. Run `i` gets the seed
/// [`run_seed`]`(seed, i)`.
pub fn preset(experiment: u32, seed: u64) -> Result<Vec<RunConfig>, String> {
    let (rates, opponent, rewards, total, block): (&[u32], _, _, _, _) = match experiment {
        1 => (
            &EXPLORATION_1,
            Opponent::Stupid,
            Rewards::SURVIVE,
            300_000,
            1_000,
        ),
        2 => (
            &EXPLORATION_2,
            Opponent::Random,
            Rewards::WIN,
            1_000_000,
            10_000,
        ),
        n => return Err(format!("there is no experiment {n} (1 or 2)")),
    };
    Ok(rates
        .iter()
        .enumerate()
        .map(|(i, &e)| RunConfig {
            label: format!("ε={e}%"),
            learner: QParams {
                alpha: ALPHA,
                gamma: GAMMA,
                epsilon: e as f32 / 100.0,
            },
            opponent,
            rewards,
            side: 0,
            total_games: total,
            block_games: block,
            perfect_sample: 100,
            seed: run_seed(seed, i as u64),
        })
        .collect())
}

/// A sample position and the columns of its best exact score (a bit per
/// column).
#[derive(Clone, Copy, Debug)]
struct Solved {
    position: Position,
    optimal: u8,
}

/// Positions for the optimal-move share: from games of a random learner
/// against `opponent`, stopped at a random ply from 14 to 26 with the learner
/// to move; only positions the solver finishes within a small budget are
/// kept (in practice nearly all).
fn optimal_sample(config: &RunConfig) -> Vec<Solved> {
    let n = config.perfect_sample as usize;
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return out;
    }
    let mut rng = rng_from_seed(config.seed ^ 0x5eed_5a3b_1e00_u64);
    let mut solver = Solver::with_table_bits(20);
    let mut opponent = config.opponent.player();
    let side = config.learner_side();
    let mut tries = 0;
    while out.len() < n && tries < 10 * n {
        tries += 1;
        let stop = rng.random_range(14..=26u32);
        let mut p = Position::new();
        while !(p.is_over() || p.moves_played() >= stop && p.to_move() == side) {
            let m = if p.to_move() == side {
                RandomColumn.choose(&p, &mut rng)
            } else {
                opponent.choose(&p, &mut rng)
            };
            p.play(m);
        }
        if p.is_over() {
            continue;
        }
        let a = solver.analyze(&p, Mode::Strong, SolverBudget::nodes(60_000), None);
        if !a.finished {
            continue;
        }
        let best = a.scores.iter().flatten().copied().max().expect("a move");
        let mut optimal = 0u8;
        for (c, s) in a.scores.iter().enumerate() {
            if *s == Some(best) {
                optimal |= 1 << c;
            }
        }
        out.push(Solved {
            position: p,
            optimal,
        });
    }
    out
}

/// A run in progress.
pub struct Run {
    config: RunConfig,
    learner: QLearner<Position>,
    opponent: Box<dyn Player<Position> + Send>,
    sample: Vec<Solved>,
    rng: Rng,
    games: u64,
    block: Block,
    curve: Vec<CurvePoint>,
}

impl Run {
    pub fn new(config: RunConfig) -> Result<Run, String> {
        config.validate()?;
        Ok(Run {
            learner: QLearner::new(config.learner_side(), config.learner)?,
            opponent: config.opponent.player(),
            sample: optimal_sample(&config),
            rng: rng_from_seed(config.seed),
            games: 0,
            block: Block::default(),
            curve: Vec::new(),
            config,
        })
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn is_done(&self) -> bool {
        self.games >= self.config.total_games
    }

    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    pub fn learner(&self) -> &QLearner<Position> {
        &self.learner
    }

    /// Sets a new planned total (not below the games played).
    pub fn set_total(&mut self, total: u64) -> Result<(), String> {
        if total < self.games {
            return Err(format!("the run has played {} games already", self.games));
        }
        self.config.total_games = total;
        Ok(())
    }

    /// Plays up to `max_games` learning games; returns how many curve
    /// points were added. The last, partial block of a run gets a point
    /// too.
    pub fn step(&mut self, max_games: u64) -> usize {
        let before = self.curve.len();
        let mut left = max_games;
        while left > 0 && !self.is_done() {
            let (outcome, moves) = self.learning_game();
            self.games += 1;
            left -= 1;
            let b = &mut self.block;
            b.games += 1;
            b.moves += u64::from(moves);
            match outcome {
                Outcome::Draw => b.draws += 1,
                Outcome::Win(s) if s == self.learner.side() => b.wins += 1,
                Outcome::Win(_) => b.losses += 1,
            }
            if b.games >= self.config.block_games || self.is_done() {
                let point = self.measure();
                self.curve.push(point);
                self.block = Block::default();
            }
        }
        self.curve.len() - before
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while !self.is_done() {
            self.step(u64::MAX);
        }
    }

    fn learning_game(&mut self) -> (Outcome, u32) {
        let mut g = Position::new();
        let side = self.learner.side();
        loop {
            if let Some(outcome) = g.outcome() {
                let r = self.config.rewards.of(outcome, side);
                self.learner.finish_with_reward(r);
                return (outcome, g.moves_played());
            }
            let m = if g.to_move() == side {
                self.learner.act(&g, &mut self.rng)
            } else {
                self.opponent.choose(&g, &mut self.rng)
            };
            g.play(m);
        }
    }

    /// The share of the sample's positions where the greedy table plays an
    /// optimal move, in % (ties among greedy moves count by their share).
    pub fn optimal_percent(&self) -> Option<f64> {
        optimal_share(&self.learner, &self.sample)
    }

    fn measure(&self) -> CurvePoint {
        let b = self.block;
        CurvePoint {
            games: self.games,
            block: b.games,
            moves: b.moves as f64 / f64::from(b.games.max(1)),
            wins: b.wins,
            draws: b.draws,
            losses: b.losses,
            optimal: self.optimal_percent(),
            entries: self.learner.table().entries() as u64,
            bytes: self.learner.table().bytes() as u64,
        }
    }

    /// The learner as a model named `name` that [`Run::continue_from`]
    /// continues exactly (table, settings, curve, unfinished block,
    /// generator).
    pub fn model(&self, name: &str) -> Result<Model, String> {
        let mut model = self.learner.to_model(name, self.config.seed)?;
        let h = &mut model.header;
        h.hyper.insert(
            RUN_KEY.into(),
            serde_json::to_value(&self.config).map_err(|e| e.to_string())?,
        );
        h.hyper.insert(
            BLOCK_KEY.into(),
            serde_json::to_value(self.block).map_err(|e| e.to_string())?,
        );
        h.curve = serde_json::to_value(saved_curve(&self.curve)).map_err(|e| e.to_string())?;
        model.set_rng(&self.rng);
        Ok(model)
    }

    /// Continues a model of [`Run::model`] up to `total` games in all
    /// (`None`: its saved total).
    pub fn continue_from(model: &Model, total: Option<u64>) -> Result<Run, String> {
        let learner = QLearner::<Position>::from_model(model)?;
        let h = &model.header;
        let mut config: RunConfig = h
            .hyper
            .get(RUN_KEY)
            .ok_or_else(|| {
                "the model was saved without its run's settings; it plays but cannot continue"
                    .to_string()
            })
            .and_then(|v| {
                serde_json::from_value(v.clone())
                    .map_err(|e| format!("the model's run settings are unreadable: {e}"))
            })?;
        let block: Block = match h.hyper.get(BLOCK_KEY) {
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| format!("the model's unfinished block is unreadable: {e}"))?,
            None => Block::default(),
        };
        let curve: Vec<CurvePoint> = serde_json::from_value(h.curve.clone())
            .map_err(|e| format!("the model's curve is unreadable: {e}"))?;
        let games = h.games_trained;
        if curve.iter().any(|p| p.games > games) || u64::from(block.games) > games {
            return Err("the model's curve goes beyond its games".into());
        }
        config.learner = learner.params();
        if learner.side() != config.learner_side() {
            return Err("the model's table and its run settings name different sides".into());
        }
        if let Some(t) = total {
            if t <= games {
                return Err(format!(
                    "the model has {games} games already; continue to more than that"
                ));
            }
            config.total_games = t;
        } else if config.total_games < games {
            config.total_games = games;
        }
        let rng = model
            .rng()
            .map_err(|e| format!("the model has no generator state to continue from ({e})"))?;
        let mut run = Run::new(config)?;
        run.learner = learner;
        run.rng = rng;
        run.games = games;
        run.block = block;
        run.curve = curve;
        Ok(run)
    }
}

/// See [`Run::optimal_percent`].
fn optimal_share(learner: &QLearner<Position>, sample: &[Solved]) -> Option<f64> {
    if sample.is_empty() {
        return None;
    }
    let mut moves = Vec::new();
    let mut sum = 0.0;
    for s in sample {
        learner.greedy_moves(&s.position, &mut moves);
        let good = moves.iter().filter(|&&m| s.optimal >> m & 1 == 1).count();
        sum += good as f64 / moves.len().max(1) as f64;
    }
    Some(100.0 * sum / sample.len() as f64)
}

/// The most curve points a model keeps (the curve lives in the header).
pub const MAX_SAVED_POINTS: usize = 4_000;

fn saved_curve(curve: &[CurvePoint]) -> Vec<&CurvePoint> {
    if curve.len() <= MAX_SAVED_POINTS {
        return curve.iter().collect();
    }
    let stride = curve.len().div_ceil(MAX_SAVED_POINTS - 1);
    curve
        .iter()
        .enumerate()
        .filter(|(i, _)| i % stride == 0 || *i == curve.len() - 1)
        .map(|(_, p)| p)
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn small(experiment: u32, games: u64) -> RunConfig {
        let mut c = preset(experiment, 1).unwrap().remove(0);
        c.total_games = games;
        c.perfect_sample = 20;
        c
    }

    #[test]
    fn presets_have_the_study_shapes() {
        let one = preset(1, 1).unwrap();
        assert_eq!(one.len(), 6);
        assert!(one.iter().all(|c| c.total_games == 300_000
            && c.block_games == 1_000
            && c.opponent == Opponent::Stupid));
        let two = preset(2, 1).unwrap();
        assert_eq!(two.last().unwrap().learner.epsilon, 0.3);
        assert!(two.iter().all(|c| c.total_games == 1_000_000));
        assert!(preset(3, 1).is_err());
    }

    #[test]
    fn chunking_does_not_change_the_run_and_a_saved_run_continues_exactly() {
        let mut c = small(2, 1_000);
        c.block_games = 100;
        let mut whole = Run::new(c.clone()).unwrap();
        whole.run_to_end();
        assert_eq!(whole.curve().len(), 10);
        let mut part = Run::new(c).unwrap();
        part.step(333);
        let model = part.model("m").unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut more = Run::continue_from(&model, None).unwrap();
        more.run_to_end();
        assert_eq!(more.curve(), whole.curve());
        assert_eq!(more.learner().table(), whole.learner().table());
    }

    #[test]
    fn only_cells_with_values_are_stored() {
        let mut run = Run::new(small(2, 200)).unwrap();
        run.run_to_end();
        let t = run.learner().table();
        assert!(t.entries() > 0);
        assert!(t.0.iter().all(|(_, v)| v != 0.0));
    }
}
