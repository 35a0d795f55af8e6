//! Connect Four's plug-in: the board as a 6 × 7 grid, the random, stupid,
//! perfect and learned players, the study's Q-learning experiments as runs,
//! models, benchmarks and the CLI.
//!
//! Cells are row-major from the top-left (row 0 is the top row); a move's
//! `cell` is where its disc lands. A position's text, and a game's
//! transcript, is the string of 1-based columns played from the empty board
//! (`"4453"`).

use std::collections::BTreeMap;

use serde_json::Value;

use super::learn::{preset, CurvePoint, LearnerSide, Opponent, Run, RunConfig, RUN_KEY};
use super::lookahead::{LookaheadPlayer, PLAIN_REWARDS};
use super::perfect::PerfectPlayer;
use super::players::{Leftmost, RandomColumn};
use super::rules::{format_moves, parse_moves, Position, CELLS, HEIGHT, WIDTH};
use super::runs::Q_TABLE;
use super::solver::Solver;
use crate::game::{Game, MoveError, Outcome, Side};
use crate::learn::q_table::{QLearner, QTable};
use crate::model::Model;
use crate::plugin::run::thousands;
use crate::plugin::trainer::TrainerRun;
use crate::plugin::{
    Bench, ChartSpec, Choice, DynAgent, DynRun, DynSession, FieldSpec, GameEntry, GameInfo,
    ModelUse, Playable, PlayerInfo, PresetInfo, ResumeOptions, RunKindInfo, SolveInfo, TypedAgent,
    TypedSession,
};

impl Playable for Position {
    const TITLE: &'static str = "Connect Four";
    const SIDE_NAMES: [&'static str; 2] = ["Red", "Yellow"];
    const ROWS: u32 = HEIGHT as u32;
    const COLS: u32 = WIDTH as u32;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&Position::cells(self));
    }

    fn move_cells(&self, m: u8) -> (Option<u32>, Option<u32>) {
        (None, self.drop_cell(m as usize).map(|c| c as u32))
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        Position::from_moves(text.trim())
    }

    /// The moves that led here. A position carries no history, so this is
    /// one sequence of moves that reaches it (row by row, bottom first,
    /// which keeps every intermediate position unfinished when the
    /// position itself is).
    fn position_text(&self) -> String {
        position_moves(self)
    }

    fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        parse_moves(&t)
    }

    fn transcript(moves: &[u8]) -> String {
        format_moves(moves)
    }

    fn end_text(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Draw => Some("The board is full: a draw.".into()),
            Outcome::Win(s) => Some(format!(
                "{} wins: four in a row with its disc number {}.",
                Position::SIDE_NAMES[s.index()],
                self.moves_played().div_ceil(2)
            )),
        }
    }
}

/// A move string that reaches `p` (see [`Playable::position_text`]).
///
/// The discs of each column must go down bottom first, the side to move
/// taking one of its own; a finished position's winning disc must come
/// last. A depth-first search over the columns' next discs finds such an
/// order; a state is the number of discs placed in each column (at most
/// 7^7), and states that lead nowhere are remembered, so the search is
/// bounded whatever the position.
pub fn position_moves(p: &Position) -> String {
    let cells = Position::cells(p);
    // The discs of each column, bottom first: 1 first side, 2 second.
    let mut cols: [Vec<u8>; WIDTH] = Default::default();
    for (c, col) in cols.iter_mut().enumerate() {
        for row in (0..HEIGHT).rev() {
            let v = cells[row * WIDTH + c];
            if v != 0 {
                col.push(v);
            }
        }
    }
    let mut search = Replay {
        cols,
        next: [0; WIDTH],
        dead: std::collections::HashSet::new(),
        moves: Vec::with_capacity(CELLS),
    };
    if search.go(&mut Position::new(), p) {
        format_moves(&search.moves)
    } else {
        // Unreachable for positions the rules produced.
        String::new()
    }
}

struct Replay {
    cols: [Vec<u8>; WIDTH],
    next: [usize; WIDTH],
    dead: std::collections::HashSet<u32>,
    moves: Vec<u8>,
}

impl Replay {
    fn state(&self) -> u32 {
        self.next.iter().fold(0, |s, &n| s * 7 + n as u32)
    }

    fn go(&mut self, at: &mut Position, target: &Position) -> bool {
        if at.moves_played() == target.moves_played() {
            return at == target;
        }
        if at.is_over() || self.dead.contains(&self.state()) {
            return false;
        }
        let mover = 1 + at.to_move().index() as u8;
        for c in super::move_sorter::COLUMN_ORDER {
            if self.next[c] < self.cols[c].len() && self.cols[c][self.next[c]] == mover {
                let before = *at;
                at.play_col(c);
                self.next[c] += 1;
                self.moves.push(c as u8);
                if self.go(at, target) {
                    return true;
                }
                self.moves.pop();
                self.next[c] -= 1;
                *at = before;
            }
        }
        self.dead.insert(self.state());
        false
    }
}

/// Connect Four's entry in the registry.
pub struct Entry;

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

fn q_table_kind() -> RunKindInfo {
    let opponents = vec![
        Choice::new("random", "the random player"),
        Choice::new("stupid", "the stupid player (leftmost column)"),
    ];
    RunKindInfo {
        id: Q_TABLE.into(),
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
                super::learn::ALPHA.into(),
            ),
            FieldSpec::float(
                "learner.gamma",
                "Discount γ",
                "How much a reward counts when it comes later (0 to 1).",
                (0.0, 1.0),
                0.05,
                super::learn::GAMMA.into(),
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
                u64::from(super::learn::MAX_LOOKAHEAD),
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
                10_000_000,
                1_000,
            ),
            FieldSpec::int(
                "perfect_sample",
                "Positions checked by the solver",
                "At each curve point the table plays a few games against its opponent (exploration off); this many of the positions where it moved are checked by the exact solver, and so are the test positions. 0: no check.",
                0,
                u64::from(super::learn::MAX_SAMPLE),
                100,
            ),
            FieldSpec::int("seed", "Seed", "Same seed, same run.", 0, u64::MAX, 1),
        ],
        presets: PRESETS
            .iter()
            .map(|&(id, name, sentence)| PresetInfo {
                id: id.into(),
                name: name.into(),
                sentence: sentence.into(),
                group: "study".into(),
                runs: preset(id.parse().expect("a number"), 0)
                    .map(|r| r.len() as u32)
                    .unwrap_or(0),
            })
            .collect(),
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
        continue_fields: Vec::new(),
        snapshots: vec![1_000, 10_000],
        watchable: true,
    }
}

fn temperature(settings: &Value) -> Result<f64, String> {
    match settings.get("temperature") {
        None | Some(Value::Null) => Ok(0.0),
        Some(v) => v
            .as_f64()
            .filter(|t| t.is_finite() && (0.0..=100.0).contains(t))
            .ok_or_else(|| format!("temperature must be a number from 0 to 100, not {v}")),
    }
}

/// The model player's lookahead setting.
fn depth_field() -> FieldSpec {
    FieldSpec::int(
        "depth",
        "Look ahead (moves)",
        "0 plays the table's best column. 1 also sees a win in one move; 2 also sees the opponent's win in reply and blocks it; more looks further. Finished games count exactly, the rest is scored from the table.",
        0,
        u64::from(super::learn::MAX_LOOKAHEAD),
        0,
    )
}

/// The model player's lookahead depth in `settings` (0 if absent).
pub fn depth_setting(settings: &Value) -> Result<u8, String> {
    let max = super::learn::MAX_LOOKAHEAD;
    match settings.get("depth") {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .filter(|&d| d <= u64::from(max))
            .map(|d| d as u8)
            .ok_or_else(|| format!("depth must be a whole number from 0 to {max}, not {v}")),
    }
}

/// The run settings a model was trained with, if it carries them.
pub fn run_of(model: &Model) -> Option<RunConfig> {
    model
        .header
        .hyper
        .get(RUN_KEY)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// A model's table as a player with a lookahead of `depth` plies; it plays
/// the side it learned (both if it learned both in turn).
pub fn model_player(model: &Model, depth: u8) -> Result<(LookaheadPlayer, Option<Side>), String> {
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

fn side_word(side: Side) -> &'static str {
    Position::SIDE_NAMES[side.index()]
}

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        Position::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            model_settings: vec![depth_field()],
            ..GameInfo::grid::<Position>(
                "Drop discs into seven columns; four in a row wins. An exact solver and tabular Q-learning.",
                vec![
                PlayerInfo::simple("random", "Random", "a random column that is not full"),
                PlayerInfo::simple("stupid", "Leftmost column", "always the leftmost column that is not full"),
                PlayerInfo {
                    searches: true,
                    settings: vec![FieldSpec::float(
                        "temperature",
                        "Temperature",
                        "0 plays perfectly; higher values sometimes choose a move of a worse exact score (chance ∝ e^(score/T)).",
                        (0.0, 10.0),
                        0.5,
                        0.0,
                    )],
                    solve: Some(SolveInfo {
                        about: "Works out the exact score of every column, however long it takes. From the empty board without the opening book, the centre column comes first, after about 3 minutes (the first player wins, with its 21st disc, by playing it), and every column after about 11 minutes; with the book, at once.".into(),
                        settings: vec![FieldSpec::boolean(
                            "book",
                            "Use the opening book",
                            "The book holds the exact scores of every position of up to five discs, worked out beforehand by this solver. Without it the solver works everything out now.",
                            true,
                        )],
                    }),
                    ..PlayerInfo::simple("perfect", "Perfect", "the exact solver (slow in the first moves)")
                },
            ],
                vec![q_table_kind()],
            )
        }
    }

    fn new_session(&self) -> Box<dyn DynSession> {
        Box::new(TypedSession::<Position>::default())
    }

    fn agent(
        &self,
        name: &str,
        settings: &Value,
        model: Option<&Model>,
    ) -> Result<Box<dyn DynAgent>, String> {
        match name.trim() {
            "random" => Ok(TypedAgent::new(Box::new(RandomColumn)).boxed()),
            "stupid" => Ok(TypedAgent::new(Box::new(Leftmost)).boxed()),
            "perfect" => {
                let t = temperature(settings)?;
                let player = match settings.get("book") {
                    None | Some(Value::Null) | Some(Value::Bool(true)) => PerfectPlayer::new(t),
                    Some(Value::Bool(false)) => PerfectPlayer::with_solver(Solver::new(), t),
                    Some(v) => return Err(format!("book must be true or false, not {v}")),
                };
                Ok(TypedAgent::new(Box::new(player)).boxed())
            }
            "model" => {
                let model = model.ok_or("the model player needs a model file")?;
                let depth = depth_setting(settings)?;
                let (player, side) = model_player(model, depth)?;
                let Some(side) = side else {
                    return Ok(TypedAgent::new(Box::new(player)).boxed());
                };
                let refusal = format!(
                    "the model '{}' plays {}, not {}",
                    model.header.name,
                    side_word(side),
                    side_word(side.other())
                );
                Ok(TypedAgent::for_side(Box::new(player), side, refusal).boxed())
            }
            other => Err(format!(
                "unknown player '{other}' (players: random, stupid, perfect, or a model)"
            )),
        }
    }

    fn preset_runs(&self, kind: &str, id: &str, seed: u64) -> Result<Vec<Value>, String> {
        let n: u32 = id
            .parse()
            .ok()
            .filter(|_| kind == Q_TABLE)
            .ok_or_else(|| crate::plugin::unknown_preset(Position::TITLE, kind, id))?;
        preset(n, seed)?
            .into_iter()
            .map(|c| serde_json::to_value(c).map_err(|e| e.to_string()))
            .collect()
    }

    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind != Q_TABLE {
            return Err(format!("Connect Four has no training run '{kind}'"));
        }
        let config: RunConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("not a run configuration: {e}"))?;
        if config.total_games > 100_000_000 {
            return Err("total_games must be at most 100,000,000".into());
        }
        Ok(Box::new(TrainerRun(Run::new(config)?)))
    }

    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        if model.header.algorithm != crate::model::Algorithm::QTable {
            return Err(crate::plugin::no_learner(model, Position::TITLE));
        }
        if options.total.is_some_and(|t| t > 1_000_000_000) {
            return Err("the run would have more than 1,000,000,000 games in all".into());
        }
        Ok(Box::new(TrainerRun(Run::continue_from(
            model,
            options.total,
        )?)))
    }

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm != crate::model::Algorithm::QTable {
            return Err(crate::plugin::no_learner(model, Position::TITLE));
        }
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
                crate::plugin::run::percent(last.wins, last.block),
            );
        }
        Ok(ModelUse {
            summary,
            win_rates,
            plays: true,
            side: (!alternate).then_some(learner.side().index() as u8),
            continues_as: run.is_some().then(|| Q_TABLE.into()),
        })
    }

    fn benches(&self) -> Vec<Bench> {
        vec![
            Bench {
                name: "connect4_solve_end_easy",
                run: super::bench::solve_end_easy,
            },
            Bench {
                name: "connect4_solve_middle_easy",
                run: super::bench::solve_middle_easy,
            },
            Bench {
                name: "connect4_solve_middle_medium",
                run: super::bench::solve_middle_medium,
            },
            Bench {
                name: "connect4_solve_begin_easy",
                run: super::bench::solve_begin_easy,
            },
            Bench {
                name: "connect4_q_learning",
                run: super::bench::q_learning,
            },
        ]
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn cli(&self) -> clap::Command {
        crate::cli::game_command::<super::cli::Command>(
            self.id(),
            "Connect Four: the exact solver, the study's Q-learning experiments, matches.",
        )
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_cli(&self, matches: &clap::ArgMatches) -> Result<(), crate::cli::CliError> {
        super::cli::run(crate::cli::game_subcommand(matches)?)
    }
}

/// The opponent by name, for the CLI.
pub fn opponent_of(name: &str) -> Option<Opponent> {
    match name {
        "random" => Some(Opponent::Random),
        "stupid" => Some(Opponent::Stupid),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::perfect::DEFAULT_NODES;
    use super::*;
    use crate::search::budget::{Budget, Limits};

    #[test]
    fn position_text_reads_back_for_random_games() {
        use rand::seq::IndexedRandom;
        let mut rng = crate::game::rng_from_seed(5);
        for _ in 0..200 {
            let mut p = Position::new();
            let mut moves = Vec::new();
            while !p.is_over() {
                p.legal_moves(&mut moves);
                let m = *moves.choose(&mut rng).unwrap();
                p.play(m);
                let back = Position::parse_position(&p.position_text()).unwrap();
                assert_eq!(back, p);
            }
        }
    }

    #[test]
    fn moves_land_where_the_disc_falls() {
        let p = Position::from_moves("44").unwrap();
        assert_eq!(p.move_cells(3), (None, Some(3 * 7 + 3)));
        assert_eq!(p.move_cells(0), (None, Some(5 * 7)));
    }

    #[test]
    fn the_perfect_agent_respects_a_node_budget_and_falls_back() {
        let mut a = Entry
            .agent("perfect", &serde_json::json!({"temperature": 0}), None)
            .unwrap();
        let mut reports = 0;
        let mut count = |_: &crate::search::budget::Progress| reports += 1;
        let mut b = Budget::with_progress(Limits::nodes(50_000), &mut count);
        // Five moves in (past the book): seconds to a minute to solve exactly.
        let t = a.think("44444", 1, &mut b).unwrap();
        assert!(!t.complete);
        assert!(t.nodes >= 50_000 && t.nodes < 200_000, "{}", t.nodes);
        // The built-in book answers the first move of either side at once.
        let t = a.think("", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert_eq!(t.text, "4");
        let t = a.think("4", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert_eq!(t.text, "4");
        // And the second move of either side.
        let t = a.think("44", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert_eq!(t.text, "4");
        let t = a.think("444", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        // And the first player's third move.
        let t = a.think("4444", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert!(Entry
            .agent("perfect", &serde_json::json!({"temperature": -1}), None)
            .is_err());
    }

    #[test]
    fn an_unbounded_solve_finishes_and_reports_bounds_and_solved_columns() {
        // Begin-Medium's 1511475 (score -4): solving every column takes more
        // than the default node limit of a request without limits.
        let position = "1511475";
        let no_book = serde_json::json!({"temperature": 0, "book": false});
        let mut a = Entry.agent("perfect", &no_book, None).unwrap();
        let a1 = a
            .analyze(position, &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(!a1.complete, "the default limit stops it");

        let mut a = Entry.agent("perfect", &no_book, None).unwrap();
        let mut reports = Vec::new();
        let mut keep = |p: &crate::search::budget::Progress| reports.push(p.clone());
        let mut b = Budget::with_progress(Limits::UNBOUNDED, &mut keep);
        let full = a.analyze(position, &mut b).unwrap().unwrap();
        drop(b);
        assert!(full.complete);
        assert!(full.nodes > DEFAULT_NODES, "{}", full.nodes);
        let best = full
            .moves
            .iter()
            .filter_map(|m| m.value)
            .fold(f64::MIN, f64::max);
        assert_eq!(best, -4.0);
        // Every report's bounds hold the score of the column it names, and
        // the columns it lists as solved have their final scores.
        assert!(!reports.is_empty());
        let value = |text: &str| {
            full.moves
                .iter()
                .find(|m| m.text == text)
                .unwrap()
                .value
                .unwrap()
        };
        for r in &reports {
            let column = r.best.as_deref().expect("the column being solved");
            let (lo, hi) = (r.lower.unwrap(), r.upper.unwrap());
            assert!(
                lo <= value(column) && value(column) <= hi,
                "{column}: {lo}..{hi}"
            );
            for m in &r.moves {
                assert_eq!(m.value, value(&m.text));
                assert!(m.label.is_some());
            }
        }
        assert!(reports.iter().any(|r| !r.moves.is_empty()));
        // The book setting is checked.
        let bad = serde_json::json!({"book": 1});
        assert!(Entry.agent("perfect", &bad, None).is_err());
    }

    #[test]
    fn the_optimal_move_shares_are_two_explained_curves_of_one_chart() {
        let mut c = preset(2, 1).unwrap().remove(0);
        c.total_games = 400;
        c.block_games = 200;
        c.perfect_sample = 20;
        let mut run = TrainerRun(Run::new(c.clone()).unwrap());
        let points = run.step(u64::MAX);
        assert_eq!(points.len(), 2);
        let series = run.series();
        let optimal: Vec<_> = series.iter().filter(|s| s.chart == "optimal").collect();
        assert_eq!(optimal.len(), 2);
        assert_eq!(
            (optimal[0].id.as_str(), optimal[0].dashed),
            ("optimal_own", false)
        );
        assert_eq!(
            (optimal[1].id.as_str(), optimal[1].dashed),
            ("optimal_test", true)
        );
        assert!(optimal[0].about.contains("random player"));
        assert!(optimal.iter().all(|s| s.about.contains("exact solver")));
        let charts = q_table_kind().charts;
        assert!(charts.iter().any(|ch| ch.id == "optimal"));
        for p in &points {
            for id in ["optimal_own", "optimal_test"] {
                let v = p.y[id];
                assert!((0.0..=100.0).contains(&v), "{id} {v}");
            }
        }
        assert!(run.latest().contains("on test positions"));
        // Without positions to check, neither curve.
        c.perfect_sample = 0;
        let run = TrainerRun(Run::new(c).unwrap());
        assert!(run.series().iter().all(|s| s.chart != "optimal"));
    }

    fn trained(side: &str) -> Model {
        let mut c = preset(2, 1).unwrap().remove(0);
        c.total_games = 300;
        c.perfect_sample = 0;
        c.side = super::super::learn::LearnerSide::parse(side).unwrap();
        let mut run = Run::new(c).unwrap();
        run.run_to_end();
        run.model("t").unwrap()
    }

    #[test]
    fn the_model_player_looks_ahead_as_its_setting_says_and_plays_its_sides() {
        let red = trained("first");
        let depth = |d: u64| serde_json::json!({ "depth": d });
        // Yellow threatens four in column 2; two moves ahead, Red blocks it.
        let mut a = Entry.agent("model", &depth(2), Some(&red)).unwrap();
        for seed in 0..10 {
            let t = a.think("12321", seed, &mut Budget::unlimited());
            assert!(t.is_err(), "a Red table does not play Yellow");
            let t = a.think("123212", seed, &mut Budget::unlimited()).unwrap();
            assert_eq!(t.text, "2");
        }
        let a2 = a
            .analyze("123212", &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(a2.moves.iter().any(|m| m.text == "2" && m.best));
        assert!(Entry.agent("model", &depth(9), Some(&red)).is_err());
        assert!(Entry
            .agent("model", &serde_json::json!({ "depth": "two" }), Some(&red))
            .is_err());
        // A table learned on both sides plays and values both.
        let both = trained("alternate");
        assert_eq!(Entry.describe_model(&both).unwrap().side, None);
        assert_eq!(Entry.describe_model(&red).unwrap().side, Some(0));
        let mut b = Entry.agent("model", &depth(0), Some(&both)).unwrap();
        for p in ["", "4", "44", "445"] {
            b.think(p, 1, &mut Budget::unlimited()).unwrap();
            assert!(
                b.analyze(p, &mut Budget::unlimited()).unwrap().is_some(),
                "{p}"
            );
        }
        // The engine describes the setting for the page.
        let info = Entry.info();
        assert_eq!(info.model_settings.len(), 1);
        assert_eq!(info.model_settings[0].id, "depth");
    }
}
