//! The textbook learner's run: a table of afterstate values
//! ([`crate::learn::value_table`]) learning from its games, measured every
//! so often against the perfect player and the random player.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::players::Perfect;
use super::rules::Board;
use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::learn::value_table::{Greedy, Params, ValueTable};
use crate::model::{Kind, Model};
use crate::players::RandomPlayer;
use crate::plugin::run::Recorder;
use crate::plugin::run::{percent, thousands};
use crate::plugin::trainer::{Trainer, Watched};
use crate::plugin::{Point, RunProgress, SeriesSpec};

/// The kind of run.
pub const VALUES: &str = "values";

/// Who the learner learns against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Itself: one table plays both sides.
    #[serde(rename = "self")]
    SelfPlay,
    Random,
    Perfect,
}

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunConfig {
    /// Learning games in all.
    pub games: u64,
    pub alpha: f32,
    pub epsilon: f32,
    /// The value of a draw (0 to 1).
    pub draw: f32,
    pub opponent: Opponent,
    /// A curve point every this many games.
    pub eval_every: u64,
    /// Games per side against each measuring player at a curve point.
    pub eval_games: u32,
    pub seed: u64,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            games: 50_000,
            alpha: Params::BOOK.alpha,
            epsilon: Params::BOOK.epsilon,
            draw: Params::BOOK.draw,
            opponent: Opponent::SelfPlay,
            eval_every: 1_000,
            eval_games: 100,
            seed: 1,
        }
    }
}

impl RunConfig {
    fn params(&self) -> Params {
        Params {
            alpha: self.alpha,
            epsilon: self.epsilon,
            draw: self.draw,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.params().validate()?;
        if !(1..=10_000_000).contains(&self.games) {
            return Err(format!("games must be 1 to 10,000,000, not {}", self.games));
        }
        if self.eval_every == 0 {
            return Err("a curve point every 0 games: give at least 1".into());
        }
        if self.eval_games == 0 || self.eval_games > 10_000 {
            return Err("measuring games must be 1 to 10,000 per side".into());
        }
        Ok(())
    }
}

/// One curve point: how the greedy table did against each measuring player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub games: u64,
    /// Games lost to the perfect player, as X and as O.
    pub lost_to_perfect: [u32; 2],
    /// Games won against the random player, as X and as O.
    pub won_vs_random: [u32; 2],
    /// Games per side.
    pub per_side: u32,
    /// Positions whose value has been learned.
    pub learned: u32,
}

/// A learning run.
pub struct Run {
    config: RunConfig,
    table: ValueTable<Board>,
    rng: Rng,
    curve: Vec<CurvePoint>,
}

/// Plays `n` games on each side of the greedy table against `other`:
/// `[as X, as O]` counts of the games `count` says yes to.
fn measure(
    table: &ValueTable<Board>,
    other: &mut dyn Player<Board>,
    n: u32,
    rng: &mut Rng,
    count: impl Fn(Option<Outcome>, Side) -> bool,
) -> [u32; 2] {
    let mut greedy = Greedy(table.clone());
    let mut out = [0u32; 2];
    for side in Side::BOTH {
        for _ in 0..n {
            let end = match side {
                Side::First => play_game(&Board::start(), &mut greedy, other, 0, rng),
                Side::Second => play_game(&Board::start(), other, &mut greedy, 0, rng),
            };
            if count(end.outcome(), side) {
                out[side.index()] += 1;
            }
        }
    }
    out
}

impl Run {
    pub fn new(config: RunConfig) -> Result<Run, String> {
        config.validate()?;
        Ok(Run {
            table: ValueTable::new(config.params())?,
            rng: rng_from_seed(config.seed),
            curve: Vec::new(),
            config,
        })
    }

    /// A run from a model or checkpoint of [`Run::model`]; `total` sets a
    /// new planned number of games.
    pub fn continue_from(model: &Model, total: Option<u64>) -> Result<Run, String> {
        let table = ValueTable::<Board>::from_model(model)?;
        let mut config: RunConfig = match model.header.hyper.get("run") {
            Some(v) => {
                serde_json::from_value(v.clone()).map_err(|e| format!("bad run settings: {e}"))?
            }
            None => return Err("the model has no run settings".into()),
        };
        if let Some(t) = total {
            config.games = t;
        }
        config.validate()?;
        let curve: Vec<CurvePoint> = serde_json::from_value(model.header.curve.clone())
            .map_err(|e| format!("bad curve: {e}"))?;
        let rng = match model.rng() {
            Ok(r) => r,
            Err(_) => rng_from_seed(config.seed ^ table.games()),
        };
        Ok(Run {
            config,
            table,
            rng,
            curve,
        })
    }

    pub fn table(&self) -> &ValueTable<Board> {
        &self.table
    }

    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    /// The sides the learner plays in its next game: both in self-play,
    /// else X and O by turns.
    fn learner_sides(&self) -> [bool; 2] {
        match self.config.opponent {
            Opponent::SelfPlay => [true, true],
            _ => {
                let x = self.table.games() % 2 == 0;
                [x, !x]
            }
        }
    }

    fn learn_one(&mut self, record: Option<&mut Recorder>) {
        let sides = self.learner_sides();
        let mut random = RandomPlayer::<Board>::new();
        let mut perfect = Perfect::default();
        let opponent: &mut dyn Player<Board> = match self.config.opponent {
            Opponent::Perfect => &mut perfect,
            _ => &mut random,
        };
        self.table
            .learn_game(&Board::start(), sides, opponent, &mut self.rng, record);
        if self.table.games() % self.config.eval_every == 0
            || self.table.games() == self.config.games
        {
            self.measure_point();
        }
    }

    /// Measures the greedy table (its own generator, so that measuring does
    /// not change what the run learns).
    fn measure_point(&mut self) {
        let games = self.table.games();
        let mut rng = rng_from_seed(self.config.seed ^ games.rotate_left(17));
        let n = self.config.eval_games;
        let lost = measure(&self.table, &mut Perfect::default(), n, &mut rng, |o, s| {
            o == Some(Outcome::Win(s.other()))
        });
        let won = measure(
            &self.table,
            &mut RandomPlayer::new(),
            n,
            &mut rng,
            |o, s| o == Some(Outcome::Win(s)),
        );
        self.curve.push(CurvePoint {
            games,
            lost_to_perfect: lost,
            won_vs_random: won,
            per_side: n,
            learned: self.table.learned() as u32,
        });
    }

    /// The table as a model; a checkpoint also holds the generator.
    pub fn to_model(&self, kind: Kind) -> Result<Model, String> {
        let mut model = self
            .table
            .to_model("tic-tac-toe values", self.config.seed)?;
        model.header.kind = kind;
        model.header.hyper.insert(
            "run".into(),
            serde_json::to_value(&self.config).map_err(|e| e.to_string())?,
        );
        model.header.curve = serde_json::to_value(&self.curve).map_err(|e| e.to_string())?;
        if kind == Kind::Checkpoint {
            model.set_rng(&self.rng);
        }
        Ok(model)
    }
}

fn side_word(i: usize) -> &'static str {
    ["X", "O"][i]
}

impl Trainer for Run {
    fn kind(&self) -> &'static str {
        VALUES
    }

    fn label(&self) -> String {
        let c = &self.config;
        let against = match c.opponent {
            Opponent::SelfPlay => "self-play".to_string(),
            Opponent::Random => "vs random".to_string(),
            Opponent::Perfect => "vs perfect".to_string(),
        };
        format!("α {} ε {} {against}, seed {}", c.alpha, c.epsilon, c.seed)
    }

    fn config(&self) -> Value {
        serde_json::to_value(&self.config).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.table.games(),
            total: self.config.games,
        }
    }

    fn is_done(&self) -> bool {
        self.table.games() >= self.config.games
    }

    fn train(&mut self, max_games: u64) {
        for _ in 0..max_games {
            if Trainer::is_done(self) {
                break;
            }
            self.learn_one(None);
        }
    }

    fn curve_len(&self) -> usize {
        self.curve.len()
    }

    fn curve_point(&self, i: usize) -> Point {
        let p = &self.curve[i];
        let mut point = Point::new(p.games);
        for s in 0..2 {
            point.set_rate(
                &format!("lost.{}", side_word(s)),
                percent(p.lost_to_perfect[s], p.per_side),
                u64::from(p.per_side),
            );
            point.set_rate(
                &format!("won.{}", side_word(s)),
                percent(p.won_vs_random[s], p.per_side),
                u64::from(p.per_side),
            );
        }
        point.set("learned", Some(f64::from(p.learned)));
        point
    }

    fn series(&self) -> Vec<SeriesSpec> {
        let mut out = Vec::new();
        for (s, dashed) in [(0, false), (1, true)] {
            let side = side_word(s);
            out.push(
                SeriesSpec::new(
                    &format!("lost.{side}"),
                    "lost",
                    &format!("lost to the perfect player as {side}"),
                    "vs perfect",
                    dashed,
                )
                .with_about(
                    "The share of games the table, playing its best move, loses to the \
                     perfect player. Nobody beats the perfect player; a table that has \
                     learned the game never loses to it (every game is a draw).",
                ),
            );
            out.push(SeriesSpec::new(
                &format!("won.{side}"),
                "won",
                &format!("won against random as {side}"),
                "vs random",
                dashed,
            ));
        }
        out.push(SeriesSpec::new(
            "learned",
            "learned",
            "positions learned",
            "",
            false,
        ));
        out
    }

    fn latest(&self) -> String {
        let Some(p) = self.curve.last() else {
            return "No curve point yet.".into();
        };
        format!(
            "At {} games: lost {} and {} of {} games to the perfect player (as X / as O) · \
             won {:.0}% / {:.0}% against random · {} positions learned",
            thousands(p.games),
            p.lost_to_perfect[0],
            p.lost_to_perfect[1],
            p.per_side,
            percent(p.won_vs_random[0], p.per_side),
            percent(p.won_vs_random[1], p.per_side),
            thousands(u64::from(p.learned))
        )
    }

    /// A new planned total; a run that ends at once has its last point
    /// measured there, as every run's end has.
    fn set_total(&mut self, total: u64) -> Result<(), String> {
        let mut c = self.config.clone();
        c.games = total;
        c.validate()?;
        self.config = c;
        let games = self.table.games();
        if games >= total && self.curve.last().is_none_or(|p| p.games != games) {
            self.measure_point();
        }
        Ok(())
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.to_model(Kind::Checkpoint)
    }

    fn model(&self) -> Result<Model, String> {
        self.to_model(Kind::Model)
    }

    fn train_watched(&mut self, mut record: Recorder) -> Option<Watched> {
        if Trainer::is_done(self) {
            return None;
        }
        let sides = self.learner_sides();
        self.learn_one(Some(&mut record));
        Some(Watched {
            record,
            learner: if sides[0] { 0 } else { 1 },
            self_play: sides == [true, true],
        })
    }

    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        (
            "the table's chance of winning after each move (0 to 1)".into(),
            Some((0.0, 1.0)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::{DynRun, TrainerRun};

    /// The textbook learner, in self-play from a fixed seed, stops losing to
    /// the perfect player: the last curve point has no loss on either side.
    #[test]
    fn the_textbook_learner_stops_losing_to_the_perfect_player() {
        let config = RunConfig {
            games: 50_000,
            eval_every: 5_000,
            eval_games: 200,
            seed: 1,
            ..RunConfig::default()
        };
        let mut run = TrainerRun(Run::new(config).unwrap());
        let points = run.step(u64::MAX);
        assert_eq!(points.len(), 10);
        let first = &run.0.curve()[0];
        let last = run.0.curve().last().unwrap();
        assert!(
            first.lost_to_perfect.iter().sum::<u32>() > 0,
            "early on it still loses: {first:?}"
        );
        assert_eq!(last.lost_to_perfect, [0, 0], "{last:?}");
        assert!(last.won_vs_random[0] > 180, "{last:?}");
        assert_eq!(last.games, 50_000);
    }

    /// Same seed, same table; a checkpoint continues exactly.
    #[test]
    fn a_run_is_reproducible_and_resumes_exactly() {
        let config = RunConfig {
            games: 600,
            eval_every: 200,
            eval_games: 20,
            opponent: Opponent::Perfect,
            seed: 5,
            ..RunConfig::default()
        };
        let mut whole = Run::new(config.clone()).unwrap();
        Trainer::train(&mut whole, 600);
        let mut half = Run::new(config).unwrap();
        Trainer::train(&mut half, 300);
        let bytes = crate::model::encode(&half.to_model(Kind::Checkpoint).unwrap()).unwrap();
        let mut back = Run::continue_from(&crate::model::decode(&bytes).unwrap(), None).unwrap();
        Trainer::train(&mut back, 300);
        assert_eq!(back.table(), whole.table());
        assert_eq!(back.curve(), whole.curve());
        assert_eq!(whole.curve().len(), 3);
    }

    #[test]
    fn bad_settings_are_refused() {
        for bad in [
            RunConfig {
                alpha: 0.0,
                ..RunConfig::default()
            },
            RunConfig {
                epsilon: 1.5,
                ..RunConfig::default()
            },
            RunConfig {
                eval_every: 0,
                ..RunConfig::default()
            },
            RunConfig {
                games: u64::MAX,
                ..RunConfig::default()
            },
        ] {
            assert!(Run::new(bad).is_err());
        }
    }

    /// A run stopped early by a new total ends with a point at its end.
    #[test]
    fn a_total_cut_to_the_games_played_measures_the_end() {
        let mut run = Run::new(RunConfig {
            games: 1_000,
            eval_every: 400,
            eval_games: 10,
            ..RunConfig::default()
        })
        .unwrap();
        Trainer::train(&mut run, 500);
        assert_eq!(run.curve().len(), 1);
        Trainer::set_total(&mut run, 500).unwrap();
        assert!(Trainer::is_done(&run));
        assert_eq!(run.curve().last().unwrap().games, 500);
        assert_eq!(run.curve().len(), 2);
    }
}
