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
//! What the two methods reach, with the commands that measure it, is in the
//! README's Connect Four section.
//!
//! Three settings of a run go beyond the study, all off by default (runs
//! without them are saved exactly as before): `mirror` shares one entry
//! between a position and its mirror image ([`SparseTable`]), `lookahead`
//! chooses the learner's non-random moves by a search over its table
//! ([`crate::games::connect4::lookahead`]), and `side` makes the learner play second, or
//! both sides in turn ([`LearnerSide`]).
//!
//! Curves are measured on the learning games themselves (exploration on),
//! as in the study. Besides, each point can measure the share of optimal
//! moves ([`crate::games::connect4::optimal`]): how often the learner's move, as it plays
//! with exploration off (its greedy table, or its lookahead over it), is
//! one of the best by the exact solver, in positions of a few games it
//! plays against the run's opponent at that point, and on a fixed sample of
//! test positions from the solver's benchmark sets.
//!
//! This file is the learner (its update step, curve point and model file,
//! a [`Learner`] for the generic [`crate::plugin::Run`]) and its kind of
//! run as the game lists it; the settings and presets are [`config`], the
//! games a learner plays [`game`]. The table and the rewards are
//! [`crate::games::connect4::table`], shared with the lookahead.

pub mod config;
pub mod game;

use std::collections::BTreeMap;

use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use web_time::Instant;

use crate::game::{rng_from_seed, Game, Outcome, Player, Rng};
use crate::games::connect4::lookahead::Lookahead;
use crate::games::connect4::lookahead::{LookaheadPlayer, PLAIN_REWARDS};
use crate::games::connect4::optimal::{mask_of, share, test_sample, OptimalMoves};
use crate::games::connect4::rules::Position;
use crate::games::connect4::settings::{depth_setting, side_word};
use crate::learn::q_run;
use crate::learn::q_table::{QLearner, QTable};
use crate::model::{Kind, Model};
use crate::plugin::learner::json;
use crate::plugin::run::{percent, thousands, Recorder};
use crate::plugin::{
    kind, ChartSpec, Choice, DynAgent, FieldSpec, Learner, LearnerKind, ModelUse, Playable, Played,
    Point, Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec, TypedAgent,
};

pub use crate::games::connect4::table::{
    mirror_canonical, Rewards, SparseTable, ENCODING, MIRROR_KEY,
};
pub use config::{
    point_seed, preset, run_seed, LearnerSide, Opponent, RunConfig, ALPHA, BLOCK_KEY,
    EXPLORATION_1, EXPLORATION_2, GAMMA, MAX_BLOCK_GAMES, MAX_LOOKAHEAD, MAX_SAMPLE, RUN_KEY,
};
pub use game::{greedy_record, LearningGame};

pub use crate::learn::q_run::Q_TABLE;

/// The generic run of this learner.
pub type QTableRun = crate::plugin::Run<QTableLearner>;

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
    /// The share of the learner's moves the solver rates optimal, in % (see
    /// [`crate::games::connect4::optimal`]): in positions of its own games at this point
    /// (`None`: not measured, or none settled by the solver's budget) ...
    #[serde(default)]
    pub own_optimal: Option<f64>,
    /// ... of which this many were settled and this many skipped ...
    #[serde(default)]
    pub own_checked: u32,
    #[serde(default)]
    pub own_skipped: u32,
    /// ... and on the test positions where its side is to move.
    #[serde(default)]
    pub test_optimal: Option<f64>,
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

/// The learner: its table, its opponent, its generator, the counts of the
/// unfinished block of games, and the solver's answers for the
/// optimal-move share.
pub struct QTableLearner {
    learner: QLearner<Position>,
    opponent: Box<dyn Player<Position> + Send>,
    /// The solver's answers for the optimal-move share (made on first use).
    optimal: Option<OptimalMoves>,
    /// Seconds spent measuring the optimal-move share.
    optimal_seconds: f64,
    rng: Rng,
    block: Block,
}

impl QTableLearner {
    /// The learner's table.
    pub fn q(&self) -> &QLearner<Position> {
        &self.learner
    }

    /// Seconds this run spent on the optimal-move share so far (not saved).
    pub fn optimal_seconds(&self) -> f64 {
        self.optimal_seconds
    }

    /// The columns the learner chooses among in `p` with exploration off:
    /// its greedy moves, or its lookahead's best, into `out`.
    pub fn policy_moves(&self, config: &RunConfig, p: &Position, out: &mut Vec<u8>) {
        Lookahead {
            table: self.learner.table(),
            rewards: config.rewards,
            depth: config.lookahead,
        }
        .best_moves(p, out);
    }

    /// The positions where the learner is to move in its own games at curve
    /// point `index`, with the columns it chooses among there: greedy games
    /// (exploration off) against the run's opponent, on the run's sides,
    /// until [`RunConfig::perfect_sample`] positions are taken. Their
    /// generator is seeded by [`point_seed`].
    pub fn own_positions(&self, config: &RunConfig, index: usize) -> Vec<(Position, u8)> {
        let n = config.perfect_sample as usize;
        let mut out = Vec::with_capacity(n);
        let mut rng = rng_from_seed(point_seed(config.seed, index));
        let mut opponent = config.opponent.player();
        let mut moves = Vec::new();
        let mut game = 0;
        while out.len() < n {
            let side = config.side.of_game(game);
            game += 1;
            let mut p = Position::new();
            while !p.is_over() && out.len() < n {
                let m = if p.to_move() == side {
                    self.policy_moves(config, &p, &mut moves);
                    out.push((p, mask_of(&moves)));
                    *moves.choose(&mut rng).expect("a legal move")
                } else {
                    opponent.choose(&p, &mut rng)
                };
                p.play(m);
            }
        }
        out
    }

    /// The share of the learner's moves that are optimal on the test
    /// positions where one of its sides is to move, in %.
    pub fn test_share(&self, config: &RunConfig) -> Option<f64> {
        let sides = [config.side.of_game(0), config.side.of_game(1)];
        let mut moves = Vec::new();
        share(
            test_sample()
                .iter()
                .filter(|t| sides.contains(&t.position.to_move()))
                .map(|t| {
                    self.policy_moves(config, &t.position, &mut moves);
                    (mask_of(&moves), t.optimal)
                }),
        )
    }
}

fn point_of(p: &CurvePoint) -> Point {
    let mut point = Point::new(p.games);
    point.set("moves", Some(p.moves));
    point.set_rate("win", percent(p.wins, p.block), u64::from(p.block));
    point.set("optimal_own", p.own_optimal);
    point.set("optimal_test", p.test_optimal);
    point.set("memory", Some(p.bytes as f64 / 1e6));
    point
}

impl Learner for QTableLearner {
    q_run::q_table_learner!(RunConfig, CurvePoint);

    fn new(config: &RunConfig) -> Result<QTableLearner, String> {
        config.validate()?;
        let mut learner = QLearner::<Position>::new(config.learner_side(), config.learner)?;
        learner.table_mut().mirror = config.mirror;
        Ok(QTableLearner {
            learner,
            opponent: config.opponent.player(),
            optimal: None,
            optimal_seconds: 0.0,
            rng: rng_from_seed(config.seed),
            block: Block::default(),
        })
    }

    /// A point after each block of games, and after the last, partial
    /// block of a run.
    fn due(&self, run: RunView<'_, Self>) -> bool {
        self.block.games > 0
            && (self.block.games >= run.config.block_games || run.games >= run.config.total_games)
    }

    /// One learning game, counted in the block.
    fn learn(&mut self, run: RunView<'_, Self>, rec: Option<&mut Recorder>) -> Played {
        let side = run.config.side.of_game(run.games);
        let (outcome, moves) = LearningGame {
            side,
            rewards: run.config.rewards,
            lookahead: run.config.lookahead,
        }
        .play(
            &mut self.learner,
            self.opponent.as_mut(),
            Position::new(),
            &mut self.rng,
            rec,
        );
        let b = &mut self.block;
        b.games += 1;
        b.moves += u64::from(moves);
        match outcome {
            Outcome::Draw => b.draws += 1,
            Outcome::Win(s) if s == self.learner.side() => b.wins += 1,
            Outcome::Win(_) => b.losses += 1,
        }
        Played::side(side.index())
    }

    /// The block's counts (and the optimal-move share when asked); a new
    /// block begins.
    fn measure(&mut self, run: RunView<'_, Self>) -> CurvePoint {
        let b = self.block;
        let mut point = CurvePoint {
            games: run.games,
            block: b.games,
            moves: b.moves as f64 / f64::from(b.games.max(1)),
            wins: b.wins,
            draws: b.draws,
            losses: b.losses,
            own_optimal: None,
            own_checked: 0,
            own_skipped: 0,
            test_optimal: None,
            entries: self.learner.table().entries() as u64,
            bytes: self.learner.table().bytes() as u64,
        };
        if run.config.perfect_sample > 0 {
            let start = Instant::now();
            let own = self.own_positions(run.config, run.curve.len());
            let solver = self.optimal.get_or_insert_with(OptimalMoves::default);
            let mut choices = Vec::with_capacity(own.len());
            for (p, chosen) in &own {
                match solver.of(p) {
                    Some(optimal) => choices.push((*chosen, optimal)),
                    None => point.own_skipped += 1,
                }
            }
            point.own_checked = choices.len() as u32;
            point.own_optimal = share(choices);
            point.test_optimal = self.test_share(run.config);
            self.optimal_seconds += start.elapsed().as_secs_f64();
        }
        self.block = Block::default();
        point
    }

    /// The learned table as a model that can be continued: its run
    /// settings, its unfinished block, its curve (thinned to
    /// [`MAX_SAVED_POINTS`]) and its generator.
    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let mut model = q_run::run_model(
            &self.learner,
            q_run::file_name(kind),
            run.config,
            run.curve,
            MAX_SAVED_POINTS,
            &self.rng,
        )?;
        let block = json(&self.block)?;
        model.header.hyper.insert(BLOCK_KEY.into(), block);
        Ok(model)
    }

    /// The run a model of [`QTableLearner::save`] holds: its table, its
    /// generator, its games, its unfinished block and its curve. A new
    /// total must be above the games played.
    fn restore(model: &Model, options: &ResumeOptions) -> Result<Restored<Self>, String> {
        if let Some(t) = options.total {
            q_run::check_continued(t)?;
        }
        let learner = QLearner::<Position>::from_model(model)?;
        let h = &model.header;
        let mut config: RunConfig = q_run::saved_config(model)?.ok_or(
            "the model was saved without its run's settings; it plays but cannot continue",
        )?;
        let block: Block = match h.hyper.get(BLOCK_KEY) {
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| format!("the model's unfinished block is unreadable: {e}"))?,
            None => Block::default(),
        };
        let curve: Vec<CurvePoint> = q_run::saved_points(model)?;
        let games = h.games_trained;
        if curve.iter().any(|p| p.games > games) || u64::from(block.games) > games {
            return Err("the model's curve goes beyond its games".into());
        }
        config.learner = learner.params();
        if config.side != LearnerSide::Alternate && learner.side() != config.learner_side() {
            return Err("the model's table and its run settings name different sides".into());
        }
        match options.total {
            Some(t) if t <= games => {
                return Err(format!(
                    "the model has {games} games already; continue to more than that"
                ))
            }
            Some(_) => {}
            None => config.total_games = config.total_games.max(games),
        }
        let rng = q_run::saved_rng(model)?;
        let mut state = QTableLearner::new(&config)?;
        state.learner = learner;
        state.rng = rng;
        state.block = block;
        Ok(Restored {
            config,
            learner: state,
            games,
            curve,
        })
    }
    fn label(&self, c: &RunConfig) -> String {
        let name = if c.label.is_empty() {
            q_run::params_label(c.learner, &format!("{} player", c.opponent.label()))
        } else {
            format!("{} vs {} player", c.label, c.opponent.label())
        };
        let mut options = String::new();
        if c.side != LearnerSide::First {
            options.push_str(&format!(", learner plays {}", c.side.label()));
        }
        if c.mirror {
            options.push_str(", mirror images shared");
        }
        if c.lookahead > 0 {
            options.push_str(&format!(", looking {} moves ahead", c.lookahead));
        }
        format!("{name}{options}, seed {}", c.seed)
    }

    fn point(_config: &RunConfig, p: &CurvePoint) -> Point {
        point_of(p)
    }

    fn series(c: &RunConfig) -> Vec<SeriesSpec> {
        let against = format!("vs the {} player", c.opponent.label());
        let mut out = vec![
            SeriesSpec::new("moves", "moves", &against, "", false),
            SeriesSpec::new("win", "win", &against, "", false),
        ];
        if c.perfect_sample > 0 {
            out.push(
                SeriesSpec::new(
                    "optimal_own",
                    "optimal",
                    "optimal moves in its own games",
                    "",
                    false,
                )
                .with_about(&format!(
                    "The share of the table's moves that the exact solver rates best, in \
                     positions where it moved in a few games against the {} player at this \
                     point (exploration off). Positions of the first few moves take the solver \
                     too long and are left out. Winning against a weak player does not need \
                     the best moves: compare this curve with the wins.",
                    c.opponent.label()
                )),
            );
            out.push(
                SeriesSpec::new(
                    "optimal_test",
                    "optimal",
                    "optimal moves on test positions",
                    "",
                    true,
                )
                .with_about(
                    "The share of the table's moves that the exact solver rates best in the \
                     test positions of the solver's benchmark sets (its side to move). The table \
                     has met few of them, and where all its values are equal it picks a column \
                     at random: this curve shows how little of what it learned carries over to \
                     positions it has not played.",
                ),
            );
        }
        out.push(SeriesSpec::new("memory", "memory", "table", "", false));
        out
    }

    fn latest(&self, _config: &RunConfig, curve: &[CurvePoint]) -> String {
        let Some(last) = curve.last() else {
            return "No curve point yet.".into();
        };
        let mut parts = vec![
            format!("{:.1} moves a game", last.moves),
            format!(
                "{} wins, {} draws, {} losses of {}",
                thousands(u64::from(last.wins)),
                thousands(u64::from(last.draws)),
                thousands(u64::from(last.losses)),
                thousands(u64::from(last.block))
            ),
        ];
        if let Some(o) = last.own_optimal {
            parts.push(format!(
                "optimal moves {o:.1}% in its own games ({} positions checked, {} skipped)",
                thousands(u64::from(last.own_checked)),
                thousands(u64::from(last.own_skipped))
            ));
        }
        if let Some(o) = last.test_optimal {
            parts.push(format!("{o:.1}% on test positions"));
        }
        parts.push(format!(
            "Q-table {} entries, {:.1} MB",
            thousands(last.entries),
            last.bytes as f64 / 1e6
        ));
        format!("At {} games: {}", thousands(last.games), parts.join(" · "))
    }

    fn units(c: &RunConfig) -> (String, Option<(f64, f64)>) {
        let r = c.rewards;
        let top = f64::from(r.win.abs().max(r.draw.abs()).max(r.loss.abs()));
        (
            "Q(s, a) of the table: the reward the learner expects after this move".into(),
            (top <= 1.0).then_some((-1.0, 1.0)),
        )
    }
}

/// The most curve points a model keeps: the curve lives in the JSON
/// header, which may not exceed 4 MB.
pub const MAX_SAVED_POINTS: usize = 4_000;

const PRESETS: [(&str, &str, &str); 2] = [
    (
        "1",
        "Method 1 · survive the stupid player",
        "Six runs against the player that always takes the leftmost column, 300,000 games each, exploration 0–5%: a win and a loss are punished, a draw rewarded, so the table learns to last.",
    ),
    (
        "2",
        "Method 2 · beat the random player",
        "Eight runs against the random player, 1,000,000 games each, exploration 0–30%: a win is rewarded, a loss and a draw punished.",
    ),
];

/// The kind of run as the game lists it.
pub struct QTableKind;

impl LearnerKind for QTableKind {
    type Learner = QTableLearner;

    /// The kind's description: its settings, presets and charts.
    fn info(&self) -> RunKindInfo {
        let opponents = vec![
            Choice::new("random", "the random player"),
            Choice::new("stupid", "the stupid player (leftmost column)"),
        ];
        RunKindInfo {
            title: "Tabular Q-learning".into(),
            about: "A hashed table holds a value for every position and column the learner has met \
                    (only the values that are not 0, keyed by the position's unique 64-bit key), \
                    moved after each move towards the reward of the game's end and the best value \
                    that follows. Method 1 plays the stupid player (always the leftmost column): a \
                    loss and a win are punished, a draw rewarded, and the curve is the mean number \
                    of moves a game lasts. The study saw about a quarter of a move lost per percent \
                    of exploration, and a ceiling near 25 moves: by then the board is so full that \
                    every move either wins (punished) or lets the stupid player win. Method 2 plays \
                    the random player, rewarding a win only; 0–4% exploration learned best, \
                    10–30% clearly worse. Beyond the study, the chart of optimal moves says how \
                    well the table plays Connect Four itself: the share of its moves that the \
                    exact solver rates best, in a few games it plays against its opponent at each \
                    point (solid) and on test positions from the solver's benchmark sets \
                    (dashed). A table can win nearly every game against a weak player and still \
                    choose the best move rarely. Also beyond the study: the \
                    learner can play second or both sides, share one entry between a position \
                    and its mirror image, and look a few moves ahead while it plays."
                .into(),
            fields: vec![
                FieldSpec::float(
                    "learner.alpha",
                    "Learning rate α",
                    "How far each update moves a value towards its target (0 to 1).",
                    (0.0, 1.0),
                    0.05,
                    ALPHA.into(),
                ),
                FieldSpec::float(
                    "learner.gamma",
                    "Discount γ",
                    "How much a reward counts when it comes later (0 to 1).",
                    (0.0, 1.0),
                    0.05,
                    GAMMA.into(),
                ),
                FieldSpec::float(
                    "learner.epsilon",
                    "Exploration ε",
                    "The chance of a random column instead of the best-valued one.",
                    (0.0, 1.0),
                    0.01,
                    0.02,
                ),
                FieldSpec::choice(
                    "opponent",
                    "Opponent",
                    "The player the table learns against.",
                    opponents,
                ),
                FieldSpec::float(
                    "rewards.win",
                    "Reward of a win",
                    "Given at the end of a won game (−1 to 1).",
                    (-1.0, 1.0),
                    0.5,
                    1.0,
                ),
                FieldSpec::float(
                    "rewards.draw",
                    "Reward of a draw",
                    "Given at the end of a drawn game (−1 to 1).",
                    (-1.0, 1.0),
                    0.5,
                    -1.0,
                ),
                FieldSpec::float(
                    "rewards.loss",
                    "Reward of a loss",
                    "Given at the end of a lost game (−1 to 1).",
                    (-1.0, 1.0),
                    0.5,
                    -1.0,
                ),
                FieldSpec::choice(
                    "side",
                    "Learner plays",
                    "Which side the table learns: always first (Red), always second (Yellow), or each in turn (one table for both).",
                    vec![
                        Choice::new("0", "first (Red)"),
                        Choice::new("1", "second (Yellow)"),
                        Choice::new("2", "first and second in turn"),
                    ],
                ),
                FieldSpec::boolean(
                    "mirror",
                    "Share mirror images",
                    "A position and its left-right mirror image share one set of values in the table, so what is learned on one side of the board counts on the other.",
                    false,
                ),
                FieldSpec::int(
                    "lookahead",
                    "Look ahead while learning (moves)",
                    "0: the learner plays the column with the best value. 1 or more: it looks that many moves ahead, counting finished games exactly and scoring the rest from the table.",
                    0,
                    u64::from(MAX_LOOKAHEAD),
                    0,
                ),
                FieldSpec::int(
                    "total_games",
                    "Learning games",
                    "How many games the table learns from.",
                    1,
                    100_000_000,
                    100_000,
                ),
                FieldSpec::int(
                    "block_games",
                    "Curve point every (games)",
                    "Learning games summed up in one point of the curve.",
                    1,
                    u64::from(MAX_BLOCK_GAMES),
                    1_000,
                ),
                FieldSpec::int(
                    "perfect_sample",
                    "Positions checked by the solver",
                    "At each curve point the table plays a few games against its opponent (exploration off); this many of the positions where it moved are checked by the exact solver, and so are the test positions. 0: no check.",
                    0,
                    u64::from(MAX_SAMPLE),
                    100,
                ),
                FieldSpec::int("seed", "Seed", "Same seed, same run.", 0, u64::MAX, 1),
            ],
            presets: kind::numbered_presets(&PRESETS, |_| "study", preset),
            charts: vec![
                ChartSpec::new("moves", "Mean moves per game", "moves", Some([0.0, 42.0])),
                ChartSpec::new("win", "Wins per block of games", "win %", Some([0.0, 100.0])),
                ChartSpec::new(
                    "optimal",
                    "Optimal moves (by the exact solver)",
                    "% of its moves",
                    Some([0.0, 100.0]),
                ),
                ChartSpec::new("memory", "Table size", "MB", None),
            ],
            snapshots: vec![1_000, 10_000],
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, id: &str, seed: u64) -> Result<Vec<RunConfig>, String> {
        preset(kind::numbered(Position::TITLE, Q_TABLE, id)?, seed)
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        let learner = QLearner::<Position>::from_model(model)?;
        let p = learner.params();
        let run = run_of(model);
        let alternate = run
            .as_ref()
            .is_some_and(|r| r.side == LearnerSide::Alternate);
        let mut summary = format!(
            "{} · α {} γ {} ε {} · {} cells",
            if alternate {
                "Red and Yellow"
            } else {
                side_word(learner.side())
            },
            p.alpha,
            p.gamma,
            p.epsilon,
            thousands(learner.table().entries() as u64)
        );
        if learner.table().mirror {
            summary.push_str(" · mirror images shared");
        }
        if let Some(r) = &run {
            if r.lookahead > 0 {
                summary.push_str(&format!(" · learned looking {} moves ahead", r.lookahead));
            }
            summary.push_str(&format!(" · vs {} player", r.opponent.label()));
        }
        let mut win_rates = BTreeMap::new();
        let curve: Vec<CurvePoint> =
            serde_json::from_value(model.header.curve.clone()).unwrap_or_default();
        if let (Some(last), Some(r)) = (curve.last(), &run) {
            win_rates.insert(
                format!("vs {} player (learning)", r.opponent.label()),
                percent(last.wins, last.block),
            );
        }
        Ok(ModelUse {
            summary,
            win_rates,
            plays: true,
            side: (!alternate).then_some(learner.side().index() as u8),
            continues_as: run.is_some().then(|| Q_TABLE.into()),
            weights: false,
        })
    }

    /// The table as a player with a lookahead of its setting's depth; it
    /// plays the side it learned (both if it learned both in turn).
    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let depth = depth_setting(settings)?;
        let (player, side) = model_player(model, depth)?;
        Ok(match side {
            Some(side) => q_run::side_player(Box::new(player), model, side, side_word),
            None => TypedAgent::new(Box::new(player)).boxed(),
        })
    }
}

/// The run settings a model was trained with, if it carries them.
pub fn run_of(model: &Model) -> Option<RunConfig> {
    q_run::saved_config(model).ok().flatten()
}

/// A model's table as a player with a lookahead of `depth` plies; it plays
/// the side it learned (both if it learned both in turn).
pub fn model_player(
    model: &Model,
    depth: u8,
) -> Result<(LookaheadPlayer, Option<crate::game::Side>), String> {
    let learner = QLearner::<Position>::from_model(model)?;
    let run = run_of(model);
    let side = match &run {
        Some(r) if r.side == LearnerSide::Alternate => None,
        _ => Some(learner.side()),
    };
    let rewards = run.map_or(PLAIN_REWARDS, |r| r.rewards);
    Ok((
        LookaheadPlayer {
            learner,
            rewards,
            depth,
        },
        side,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::games::connect4::players::RandomColumn;
    use crate::games::connect4::rules::{mirror_bits, WIDTH};
    use crate::learn::q_table::QTable;
    use crate::learn::q_table::Tabular;
    use crate::plugin::DynRun;

    fn small(experiment: u32, games: u64) -> RunConfig {
        let mut c = preset(experiment, 1).unwrap().remove(0);
        c.total_games = games;
        c.perfect_sample = 20;
        c
    }

    #[test]
    fn chunking_does_not_change_the_run_and_a_saved_run_continues_exactly() {
        let mut c = small(2, 1_000);
        c.block_games = 100;
        let mut whole = QTableRun::new(c.clone()).unwrap();
        whole.run_to_end();
        assert_eq!(whole.curve().len(), 10);
        let mut part = QTableRun::new(c).unwrap();
        part.train(333);
        let model = part.model("m").unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut more = QTableRun::resume(&model, &ResumeOptions::default()).unwrap();
        more.run_to_end();
        assert_eq!(more.curve(), whole.curve());
        assert_eq!(more.learner().q().table(), whole.learner().q().table());
    }

    #[test]
    fn only_cells_with_values_are_stored() {
        let mut run = QTableRun::new(small(2, 200)).unwrap();
        run.run_to_end();
        let t = run.learner().q().table();
        assert!(t.entries() > 0);
        assert!(t.table.iter().all(|(_, v)| v != 0.0));
    }

    /// The 1-based move string of the mirror image: column c ↔ 8 − c.
    fn mirrored_moves(moves: &str) -> String {
        moves
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect()
    }

    #[test]
    fn the_mirror_key_is_the_key_of_the_mirrored_moves() {
        let mut rng = rng_from_seed(4);
        for _ in 0..300 {
            let mut p = Position::new();
            let mut moves = String::new();
            while !p.is_over() {
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
                moves.push(char::from(b'1' + c));
                let m = Position::from_moves(&mirrored_moves(&moves)).unwrap();
                assert_eq!(p.mirror_key(), m.key(), "{moves}");
                assert_eq!(mirror_bits(m.key()), p.key());
                if p.is_over() {
                    break;
                }
                for c in 0..WIDTH as u8 {
                    if p.can_play(c as usize) {
                        // A cell and its mirrored cell have one canonical form,
                        // and the canonical key is the smaller.
                        let a = mirror_canonical(p.cell(c));
                        assert_eq!(a, mirror_canonical(m.cell(6 - c)), "{moves}, column {c}");
                        assert_eq!(a >> 3, p.symmetric_key());
                    }
                }
            }
        }
    }

    #[test]
    fn measuring_optimal_moves_leaves_the_learning_as_it_was() {
        let mut measured = QTableRun::new(with(2, 1_500, |c| {
            c.block_games = 500;
            c.perfect_sample = 40;
        }))
        .unwrap();
        measured.run_to_end();
        let mut plain = QTableRun::new(with(2, 1_500, |c| c.block_games = 500)).unwrap();
        plain.run_to_end();
        assert_eq!(measured.learner().q().table(), plain.learner().q().table());
        assert_eq!(measured.curve().len(), 3);
        for (m, p) in measured.curve().iter().zip(plain.curve()) {
            assert_eq!(
                (m.wins, m.draws, m.losses, m.moves),
                (p.wins, p.draws, p.losses, p.moves)
            );
            assert_eq!(m.own_checked + m.own_skipped, 40);
            assert!(m.own_checked > 0 && m.own_optimal.is_some() && m.test_optimal.is_some());
            assert_eq!(
                (p.own_optimal, p.test_optimal, p.own_checked),
                (None, None, 0)
            );
        }
    }

    /// The best-score columns of `p` by a full analysis.
    fn analyzed(p: &Position) -> u8 {
        use crate::games::connect4::solver::{Budget, Mode, Solver};
        let mut solver = Solver::with_table_bits(20);
        solver.set_book(Some(crate::games::connect4::book::opening()));
        let a = solver.analyze(p, Mode::Strong, Budget::unlimited(), None);
        let best = a.scores.iter().flatten().copied().max().unwrap();
        (0..WIDTH)
            .filter(|&c| a.scores[c] == Some(best))
            .fold(0, |m, c| m | 1 << c)
    }

    #[test]
    fn the_share_of_its_own_games_is_counted_move_by_move() {
        // Against the stupid player, learner second: a few thousand games
        // teach the table something, and its own games are the greedy ones.
        let c = with(1, 3_000, |c| {
            c.block_games = 3_000;
            c.perfect_sample = 60;
            c.side = LearnerSide::Second;
        });
        let mut run = QTableRun::new(c).unwrap();
        run.run_to_end();
        let point = run.curve()[0].clone();
        let own = run.learner().own_positions(run.config(), 0);
        assert_eq!(own.len(), 60);
        let mut moves = Vec::new();
        let mut choices = Vec::new();
        let mut skipped = 0;
        let mut check = OptimalMoves::default();
        for (p, chosen) in &own {
            // Yellow is to move, and the columns are the table's greedy ones.
            assert_eq!(p.to_move(), Side::Second);
            run.learner().q().greedy_moves(p, &mut moves);
            assert_eq!(*chosen, mask_of(&moves));
            match check.of(p) {
                Some(optimal) => {
                    assert_eq!(optimal, analyzed(p), "{p:?}");
                    choices.push((*chosen, optimal));
                }
                None => skipped += 1,
            }
        }
        let by_hand: f64 = 100.0
            * choices
                .iter()
                .map(|&(c, o)| f64::from((c & o).count_ones()) / f64::from(c.count_ones()))
                .sum::<f64>()
            / choices.len() as f64;
        assert_eq!(point.own_skipped, skipped);
        assert_eq!(point.own_checked as usize, choices.len());
        assert!((point.own_optimal.unwrap() - by_hand).abs() < 1e-9);
        // The same point's games again give the same positions.
        assert_eq!(run.learner().own_positions(run.config(), 0), own);
    }

    #[test]
    fn an_empty_table_chooses_at_random_on_the_test_positions() {
        // One learning game: the table holds values for a handful of cells,
        // none of a test position; every legal column ties, and the share
        // is the share of optimal columns among the legal ones.
        let mut run = QTableRun::new(with(2, 1, |c| c.perfect_sample = 1)).unwrap();
        run.run_to_end();
        let mut moves = Vec::new();
        let reds: Vec<_> = test_sample()
            .iter()
            .filter(|t| t.position.to_move() == Side::First)
            .collect();
        assert!(reds.len() > 100, "{}", reds.len());
        let chance = share(reds.iter().map(|t| {
            t.position.legal_moves(&mut moves);
            (mask_of(&moves), t.optimal)
        }))
        .unwrap();
        assert_eq!(run.curve()[0].test_optimal, Some(chance));
        assert!(chance > 10.0 && chance < 60.0, "{chance}");
        // Two plies of lookahead see the wins in one move and the blocks:
        // better than chance with the same empty table.
        let mut ahead = QTableRun::new(with(2, 1, |c| {
            c.perfect_sample = 1;
            c.lookahead = 2;
        }))
        .unwrap();
        ahead.run_to_end();
        assert!(ahead.curve()[0].test_optimal.unwrap() > chance + 5.0);
    }

    fn with(experiment: u32, games: u64, f: impl FnOnce(&mut RunConfig)) -> RunConfig {
        let mut c = small(experiment, games);
        c.perfect_sample = 0;
        f(&mut c);
        c
    }

    #[test]
    fn sharing_mirror_images_stores_fewer_cells_and_reads_mirrored_values() {
        let mut plain = QTableRun::new(with(2, 3_000, |_| {})).unwrap();
        plain.run_to_end();
        let mut mirrored = QTableRun::new(with(2, 3_000, |c| c.mirror = true)).unwrap();
        mirrored.run_to_end();
        let (a, b) = (plain.learner().q().table(), mirrored.learner().q().table());
        assert!(
            b.entries() < a.entries(),
            "{} cells with mirror images shared, {} without",
            b.entries(),
            a.entries()
        );
        // Every stored cell is canonical, and a position and its mirror
        // image read the same values, column for mirrored column.
        assert!(b.table.iter().all(|(c, _)| mirror_canonical(c) == c));
        let l = mirrored.learner().q();
        let mut rng = rng_from_seed(8);
        let mut checked = 0;
        for _ in 0..500 {
            let mut p = Position::new();
            while !p.is_over() {
                let m = p.mirror();
                for c in 0..WIDTH as u8 {
                    if p.can_play(c as usize) && p.to_move() == Side::First {
                        let v = l.q_value(&p, c);
                        assert_eq!(v, l.q_value(&m, 6 - c));
                        checked += usize::from(v != 0.0);
                    }
                }
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
            }
        }
        assert!(checked > 100, "{checked} values that are not 0 compared");
        // The plain table does not share them: some mirror pair differs.
        let mut differ = false;
        for (cell, v) in a.table.iter() {
            let other = mirror_canonical(cell);
            let mirrored_cell = if other == cell {
                (mirror_bits(cell >> 3) << 3) | (6 - (cell & 7))
            } else {
                other
            };
            if mirrored_cell != cell && a.get(mirrored_cell) != v {
                differ = true;
                break;
            }
        }
        assert!(differ);
    }

    fn digest(run: &QTableRun) -> Vec<u8> {
        crate::model::encode(&run.model("digest").unwrap()).unwrap()
    }

    #[test]
    fn new_options_are_reproducible_and_resume_exactly() {
        for f in [
            (|c: &mut RunConfig| c.mirror = true) as fn(&mut RunConfig),
            |c| c.lookahead = 2,
            |c| c.side = LearnerSide::Alternate,
            |c| c.side = LearnerSide::Second,
            |c| {
                c.mirror = true;
                c.lookahead = 1;
                c.side = LearnerSide::Alternate;
            },
        ] {
            let c = with(2, 600, |c| {
                c.block_games = 100;
                f(c)
            });
            let mut one = QTableRun::new(c.clone()).unwrap();
            one.run_to_end();
            let mut two = QTableRun::new(c.clone()).unwrap();
            two.run_to_end();
            assert_eq!(digest(&one), digest(&two), "{c:?}");
            // Saved half-way and continued: the same table and curve.
            let mut part = QTableRun::new(c.clone()).unwrap();
            part.train(301);
            let model = crate::model::decode(&digest(&part)).unwrap();
            let mut more = QTableRun::resume(&model, &ResumeOptions::default()).unwrap();
            assert_eq!(more.config(), &c);
            more.run_to_end();
            assert_eq!(
                more.learner().q().table(),
                one.learner().q().table(),
                "{c:?}"
            );
            assert_eq!(more.curve(), one.curve());
        }
    }

    #[test]
    fn options_off_save_as_before() {
        let c = preset(2, 1).unwrap().remove(0);
        let v = serde_json::to_value(&c).unwrap();
        assert_eq!(v["side"], 0);
        assert!(v.get("mirror").is_none() && v.get("lookahead").is_none());
        let mut run = QTableRun::new(with(2, 50, |_| {})).unwrap();
        run.run_to_end();
        let m = run.model("m").unwrap();
        assert!(!m.header.hyper.contains_key(MIRROR_KEY));
        // The page's choice field sends the side as text.
        let mut v = serde_json::to_value(with(2, 50, |_| {})).unwrap();
        v["side"] = "2".into();
        let back: RunConfig = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back.side, LearnerSide::Alternate);
        v["side"] = 3.into();
        assert!(serde_json::from_value::<RunConfig>(v).is_err());
    }

    #[test]
    fn an_alternating_learner_learns_both_sides_in_one_table() {
        let mut run = QTableRun::new(with(2, 400, |c| c.side = LearnerSide::Alternate)).unwrap();
        run.run_to_end();
        let t = run.learner().q().table();
        // The number of discs of a cell's position, modulo 2 (0: Red to
        // move): a key has, per column, one 1 bit just above the column's
        // top disc, so a column's height is the index of its top 1 bit.
        let parity = |cell: u64| {
            let key = cell >> 3;
            (0..WIDTH)
                .map(|c| 63 - u64::from(((key >> (7 * c)) & 0x7f).leading_zeros()))
                .sum::<u64>()
                % 2
        };
        let odd = t.table.iter().filter(|&(c, _)| parity(c) == 1).count();
        let even = t.table.iter().filter(|&(c, _)| parity(c) == 0).count();
        assert!(odd > 0 && even > 0, "{odd} Yellow cells, {even} Red cells");
        let mut first_only = QTableRun::new(with(2, 400, |_| {})).unwrap();
        first_only.run_to_end();
        assert!(first_only
            .learner()
            .q()
            .table()
            .table
            .iter()
            .all(|(c, _)| parity(c) == 0));
    }
}
