//! The textbook learner: a table of afterstate values
//! ([`crate::learn::value_table`]) learning from its games, measured every
//! so often against the perfect player and the random player. One file for
//! one learner: its settings and presets, its kind of run as the page
//! describes it, its update step ([`Learner`]) and its models.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::games::tictactoe::players::Perfect;
use crate::games::tictactoe::rules::Board;
use crate::learn::value_table::{Greedy, Params, ValueTable};
use crate::model::{Algorithm, Kind, Model};
use crate::players::RandomPlayer;
use crate::plugin::learner::{json, saved_curve, Every};
use crate::plugin::run::{percent, thousands, Recorder};
use crate::plugin::{
    ChartSpec, Choice, DynAgent, FieldSpec, Learner, LearnerKind, ModelUse, Playable, Played,
    Point, PresetInfo, Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec, TypedAgent,
};

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

/// The learner: its table and its generator.
pub struct Values {
    table: ValueTable<Board>,
    rng: Rng,
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

impl Values {
    pub fn table(&self) -> &ValueTable<Board> {
        &self.table
    }

    /// The sides the learner plays in its next game: both in self-play,
    /// else X and O by turns.
    fn learner_sides(&self, config: &RunConfig) -> [bool; 2] {
        match config.opponent {
            Opponent::SelfPlay => [true, true],
            _ => {
                let x = self.table.games() % 2 == 0;
                [x, !x]
            }
        }
    }
}

fn side_word(i: usize) -> &'static str {
    ["X", "O"][i]
}

/// The most learning games of a new run, and the most between two of its
/// curve points.
pub const MAX_NEW_GAMES: u64 = 1_000_000;

impl Learner for Values {
    type Config = RunConfig;
    type Point = CurvePoint;
    const KIND: &'static str = VALUES;
    const ALGORITHM: Algorithm = Algorithm::ValueTable;

    crate::plugin::learner::total_in_games!(RunConfig, MAX_NEW_GAMES);

    fn new(config: &RunConfig) -> Result<Values, String> {
        config.validate()?;
        Ok(Values {
            table: ValueTable::new(config.params())?,
            rng: rng_from_seed(config.seed),
        })
    }

    fn due(&self, run: RunView<'_, Self>) -> bool {
        Every {
            start: false,
            ..Every::grid(run.config.eval_every)
        }
        .due_in(run, |p| p.games)
    }

    fn learn(&mut self, run: RunView<'_, Self>, record: Option<&mut Recorder>) -> Played {
        let sides = self.learner_sides(run.config);
        let mut random = RandomPlayer::<Board>::new();
        let mut perfect = Perfect::default();
        let opponent: &mut dyn Player<Board> = match run.config.opponent {
            Opponent::Perfect => &mut perfect,
            _ => &mut random,
        };
        self.table
            .learn_game(&Board::start(), sides, opponent, &mut self.rng, record);
        match sides {
            [true, true] => Played::SELF_PLAY,
            [true, false] => Played::side(0),
            _ => Played::side(1),
        }
    }

    /// Measures the greedy table (its own generator, so that measuring does
    /// not change what the run learns).
    fn measure(&mut self, run: RunView<'_, Self>) -> CurvePoint {
        let games = self.table.games();
        let c = run.config;
        let mut rng = rng_from_seed(c.seed ^ games.rotate_left(17));
        let n = c.eval_games;
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
        CurvePoint {
            games,
            lost_to_perfect: lost,
            won_vs_random: won,
            per_side: n,
            learned: self.table.learned() as u32,
        }
    }

    /// The table as a model; a checkpoint also holds the generator.
    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let mut model = self.table.to_model("tic-tac-toe values", run.config.seed)?;
        model.header.kind = kind;
        model.header.hyper.insert("run".into(), json(run.config)?);
        model.header.curve = json(run.curve)?;
        if kind == Kind::Checkpoint {
            model.set_rng(&self.rng);
        }
        Ok(model)
    }

    /// A run from a model or checkpoint of [`Values::save`].
    fn restore(model: &Model, _options: &ResumeOptions) -> Result<Restored<Values>, String> {
        let table = ValueTable::<Board>::from_model(model)?;
        let config: RunConfig = match model.header.hyper.get("run") {
            Some(v) => {
                serde_json::from_value(v.clone()).map_err(|e| format!("bad run settings: {e}"))?
            }
            None => return Err("the model has no run settings".into()),
        };
        config.validate()?;
        let curve: Vec<CurvePoint> = saved_curve(model)?;
        let rng = match model.rng() {
            Ok(r) => r,
            Err(_) => rng_from_seed(config.seed ^ table.games()),
        };
        Ok(Restored {
            games: table.games(),
            config,
            learner: Values { table, rng },
            curve,
        })
    }

    fn label(&self, c: &RunConfig) -> String {
        let against = match c.opponent {
            Opponent::SelfPlay => "self-play".to_string(),
            Opponent::Random => "vs random".to_string(),
            Opponent::Perfect => "vs perfect".to_string(),
        };
        format!("α {} ε {} {against}, seed {}", c.alpha, c.epsilon, c.seed)
    }

    fn point(_config: &RunConfig, p: &CurvePoint) -> Point {
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

    fn series(_config: &RunConfig) -> Vec<SeriesSpec> {
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

    fn latest(&self, _config: &RunConfig, curve: &[CurvePoint]) -> String {
        let Some(p) = curve.last() else {
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

    fn units(_config: &RunConfig) -> (String, Option<(f64, f64)>) {
        (
            "the table's chance of winning after each move (0 to 1)".into(),
            Some((0.0, 1.0)),
        )
    }
}

/// The presets: a name, a sentence, the opponent, the games and a curve
/// point every so many games.
const PRESETS: [(&str, &str, &str, Opponent, u64, u64); 3] = [
    (
        "book",
        "The textbook: it plays itself",
        "Sutton and Barto's first example: one table plays both sides, α 0.1, ε 0.1. Its losses to the perfect player fall to none within 50,000 games, a few seconds.",
        Opponent::SelfPlay,
        50_000,
        1_000,
    ),
    (
        "random",
        "Against a random player",
        "It learns to beat a player that moves at random, and what it learns there carries over only partly against good play.",
        Opponent::Random,
        20_000,
        500,
    ),
    (
        "perfect",
        "Against the perfect player",
        "It can never win, so all it can learn is not to lose: its losses fall, slowly, as it meets only the perfect player's few lines of play.",
        Opponent::Perfect,
        20_000,
        500,
    ),
];

/// The kind of run as the game lists it.
pub struct ValuesKind;

impl LearnerKind for ValuesKind {
    type Learner = Values;

    fn info(&self) -> RunKindInfo {
        RunKindInfo {
            title: "A table of position values (the textbook's first learner)".into(),
            about: "The learner keeps one number per position it can move to: its estimate of the \
                    chance of winning from there, 0.5 at first. It plays the move to the position \
                    with the highest number, except now and then a random move to explore. After \
                    each of its ordinary moves, the number of the position it left after its \
                    previous move moves a step toward the number of the new one, so good and bad \
                    outcomes at the end travel back to the moves that led to them. The curves \
                    measure the table playing its best moves: it can never beat the perfect player, \
                    and once it has learned the game it never loses to it either."
                .into(),
            fields: vec![
                FieldSpec::choice(
                    "opponent",
                    "Opponent while learning",
                    "Itself: one table plays both sides. Otherwise it plays X and O by turns.",
                    vec![
                        Choice::new("self", "Itself (self-play)"),
                        Choice::new("random", "A random player"),
                        Choice::new("perfect", "The perfect player"),
                    ],
                ),
                FieldSpec::int(
                    "games",
                    "Learning games",
                    "How many games it learns from.",
                    1,
                    MAX_NEW_GAMES,
                    20_000,
                ),
                FieldSpec::float(
                    "alpha",
                    "Step size α",
                    "How far a value moves toward the next one after a move (0 to 1).",
                    (0.01, 1.0),
                    0.01,
                    0.1,
                ),
                FieldSpec::float(
                    "epsilon",
                    "Exploration ε",
                    "The chance of a random move instead of the best one (0 to 1).",
                    (0.0, 1.0),
                    0.01,
                    0.1,
                ),
                FieldSpec::float(
                    "draw",
                    "Value of a draw",
                    "What a drawn game is worth: 0 as bad as a loss (the book), 1 as good as a win.",
                    (0.0, 1.0),
                    0.05,
                    0.5,
                ),
                FieldSpec::int(
                    "eval_every",
                    "A curve point every",
                    "Learning games between two measurements.",
                    1,
                    MAX_NEW_GAMES,
                    500,
                ),
                FieldSpec::int(
                    "eval_games",
                    "Measuring games per side",
                    "Games as X and as O against each measuring player at a curve point.",
                    1,
                    10_000,
                    100,
                ),
                FieldSpec::int(
                    "seed",
                    "Seed",
                    "The same seed gives the same run.",
                    0,
                    1 << 53,
                    1,
                ),
            ],
            presets: PRESETS
                .iter()
                .map(|(id, name, sentence, ..)| PresetInfo {
                    id: (*id).into(),
                    name: (*name).into(),
                    sentence: (*sentence).into(),
                    group: "study".into(),
                    runs: 1,
                })
                .collect(),
            charts: vec![
                ChartSpec::new(
                    "lost",
                    "Games lost to the perfect player",
                    "% of games lost",
                    Some([0.0, 100.0]),
                ),
                ChartSpec::new(
                    "won",
                    "Games won against a random player",
                    "% of games won",
                    Some([0.0, 100.0]),
                ),
                ChartSpec::new("learned", "Positions learned", "positions", None),
            ],
            snapshots: vec![100, 1_000, 10_000],
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, preset: &str, seed: u64) -> Result<Vec<RunConfig>, String> {
        let (.., opponent, games, every) = PRESETS
            .iter()
            .find(|p| p.0 == preset)
            .ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, VALUES, preset))?;
        Ok(vec![RunConfig {
            opponent: *opponent,
            games: *games,
            eval_every: *every,
            seed,
            ..RunConfig::default()
        }])
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        let table = ValueTable::<Board>::from_model(model)?;
        let p = table.params();
        Ok(ModelUse {
            summary: format!(
                "Value table, {} positions learned (α {}, ε {}, draw {})",
                table.learned(),
                p.alpha,
                p.epsilon,
                p.draw
            ),
            win_rates: Default::default(),
            plays: true,
            side: None,
            continues_as: model
                .header
                .hyper
                .contains_key("run")
                .then(|| VALUES.into()),
            weights: false,
        })
    }

    fn player(&self, model: &Model, _settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let table = ValueTable::<Board>::from_model(model)?;
        Ok(TypedAgent::new(Box::new(Greedy(table))).boxed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::DynRun;
    use crate::plugin::Run;

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
        let mut run = Run::<Values>::new(config).unwrap();
        let points = run.step(u64::MAX);
        assert_eq!(points.len(), 10);
        let first = &run.curve()[0];
        let last = run.curve().last().unwrap();
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
        let mut whole = Run::<Values>::new(config.clone()).unwrap();
        whole.train(600);
        let mut half = Run::<Values>::new(config).unwrap();
        half.train(300);
        let bytes = crate::model::encode(&half.checkpoint().unwrap()).unwrap();
        let back = crate::model::decode(&bytes).unwrap();
        let mut back = Run::<Values>::resume(&back, &ResumeOptions::default()).unwrap();
        back.train(300);
        assert_eq!(back.learner().table(), whole.learner().table());
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
            assert!(Run::<Values>::new(bad).is_err());
        }
    }

    /// A run stopped early by a new total ends with a point at its end.
    #[test]
    fn a_total_cut_to_the_games_played_measures_the_end() {
        let mut run = Run::<Values>::new(RunConfig {
            games: 1_000,
            eval_every: 400,
            eval_games: 10,
            ..RunConfig::default()
        })
        .unwrap();
        run.train(500);
        assert_eq!(run.curve().len(), 1);
        run.set_total(500).unwrap();
        assert!(run.is_done());
        assert_eq!(run.curve().last().unwrap().games, 500);
        assert_eq!(run.curve().len(), 2);
    }
}
