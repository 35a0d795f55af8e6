//! The Reversi study's genetic algorithm on Othello: the coefficients of the
//! weighted-squares + mobility evaluation ([`crate::games::othello::weighted`]) tuned by
//! round robins of search players ([`crate::games::othello::search_player`]), as a run of
//! the runs panel (`ga`) and a command (`selfplay othello ga`).

use serde::{Deserialize, Serialize};

use crate::arena::play_game;
use crate::game::{rng_from_seed, Outcome};
use crate::games::othello::search_player::{SearchPlayer, SearchSettings};
pub use crate::games::othello::settings::model_weights;
use crate::games::othello::settings::{weights_model_settings, PLAYER_SETTINGS};
use crate::games::othello::weighted::Weights;
use crate::games::othello::Board;
use crate::learn::genetic::{GaConfig, Generation, Genetic, Tournament};
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::plugin::learner::json;
use crate::plugin::run::Recorder;
use crate::plugin::{
    kind, ChartSpec, DynAgent, FieldSpec, Learner, LearnerKind, ModelUse, Playable, Played, Point,
    PresetInfo, Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec, TypedAgent, WeightTable,
};
use serde_json::Value;
use std::collections::BTreeMap;

/// The settings of a tuning run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GaSettings {
    /// Individuals kept each generation.
    pub population: usize,
    /// Standard deviation of a mutation, in the coefficients' units.
    pub sigma: f64,
    /// Plies each player searches in the tournament.
    pub depth: u32,
    /// Games of each pairing (colours alternate).
    pub games_per_pairing: u32,
    pub generations: u32,
    /// Random plies at the start of each tournament game, so that the same
    /// two players do not always play the same game.
    pub random_opening: u32,
    pub seed: u64,
    /// The coefficients the first generation starts from.
    pub start: Weights,
}

impl Default for GaSettings {
    fn default() -> Self {
        GaSettings {
            population: 8,
            sigma: 5.0,
            depth: 2,
            games_per_pairing: 2,
            generations: 20,
            random_opening: 4,
            seed: 1,
            start: Weights::STUDY,
        }
    }
}

impl GaSettings {
    pub(in crate::games::othello) fn ga_config(&self) -> GaConfig {
        GaConfig {
            population: self.population,
            sigma: self.sigma,
            games_per_pairing: self.games_per_pairing,
            generations: self.generations,
            seed: self.seed,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.ga_config().validate()?;
        self.start.validate()?;
        if !(1..=6).contains(&self.depth) {
            return Err(format!(
                "the tournament depth must be from 1 to 6, not {}",
                self.depth
            ));
        }
        if self.random_opening > 20 {
            return Err(format!(
                "the random opening must be at most 20 plies, not {}",
                self.random_opening
            ));
        }
        Ok(())
    }
}

/// Plays tournament games between two coefficient sets: two search players
/// of the set depth (the last `2 × depth` squares exact), kept between games.
pub struct OthelloTournament {
    depth: u32,
    random_opening: u32,
}

impl OthelloTournament {
    pub fn new(settings: &GaSettings) -> OthelloTournament {
        OthelloTournament {
            depth: settings.depth,
            random_opening: settings.random_opening,
        }
    }

    fn player(&self, w: &[f64], seed: u64) -> SearchPlayer {
        let settings = SearchSettings {
            weights: weights_of(w),
            ..SearchSettings::level(self.depth)
        };
        SearchPlayer::new(settings, seed)
            .expect("tournament settings are checked")
            .with_table_bits(14)
    }
}

impl Tournament for OthelloTournament {
    fn play(&mut self, first: &[f64], second: &[f64], seed: u64) -> Outcome {
        let mut a = self.player(first, seed);
        let mut b = self.player(second, seed ^ 1);
        let mut rng = rng_from_seed(seed);
        let end = play_game(
            &Board::start(),
            &mut a,
            &mut b,
            self.random_opening as usize,
            &mut rng,
        );
        crate::game::Game::outcome(&end).expect("the game ended")
    }
}

/// Seven coefficients as weights (a mutated set may hold any numbers; the
/// search only needs them finite).
pub fn weights_of(w: &[f64]) -> Weights {
    let mut arr = [0.0; 7];
    for (a, x) in arr.iter_mut().zip(w) {
        *a = x.clamp(-10_000.0, 10_000.0);
    }
    Weights::from_array(arr)
}

/// The kind of run.
pub const GA: &str = "ga";

/// The generic run of this learner.
pub type GaRun = crate::plugin::Run<GaLearner>;

/// The learner: the genetic algorithm's whole state (population,
/// candidates of the generation under way, their scores so far, generator,
/// history).
pub struct GaLearner {
    ga: Genetic,
}

impl GaLearner {
    pub fn ga(&self) -> &Genetic {
        &self.ga
    }

    /// The best coefficients so far (the start before any generation).
    pub fn best(&self) -> Weights {
        weights_of(&self.ga.population()[0])
    }

    /// Plays at most `budget` tournament games on `threads` threads: the
    /// same games as one thread plays. Returns the games played and the
    /// generations that finished (for [`crate::plugin::Run::learn_by`]).
    pub fn play_threads(
        &mut self,
        settings: &GaSettings,
        budget: u64,
        threads: usize,
    ) -> (u64, Vec<Generation>) {
        let before = self.ga.games_played();
        let done = if threads > 1 {
            self.ga
                .step_parallel(budget, threads, || OthelloTournament::new(settings))
        } else {
            self.ga.step(budget, &mut OthelloTournament::new(settings))
        };
        (self.ga.games_played() - before, done)
    }

    /// The run as a model: the best coefficients (in `hyper.weights`, to
    /// play), and the whole state of the algorithm (to continue exactly).
    fn to_model(&self, settings: &GaSettings, name: &str) -> Result<Model, String> {
        let mut header = Header::new(GameId::of("othello"), Algorithm::GaWeights, name);
        header.kind = Kind::Checkpoint;
        header.encoding = "weighted-squares-mobility".into();
        header.seed = settings.seed;
        header.games_trained = self.ga.games_played();
        header.hyper.insert("weights".into(), json(&self.best())?);
        header.hyper.insert("settings".into(), json(settings)?);
        header.curve = json(&self.curve(settings))?;
        let mut model = Model::new(header);
        self.ga.save(&mut model)?;
        Ok(model)
    }

    /// The start point and a point per generation.
    fn curve(&self, settings: &GaSettings) -> Vec<Point> {
        let mut out = vec![point(0, &settings.start.to_array(), None)];
        out.extend(
            self.ga
                .history()
                .iter()
                .map(|g| point(g.number, &g.kept[0], Some(g.scores[0]))),
        );
        out
    }
}

impl Learner for GaLearner {
    type Config = GaSettings;
    type Point = Point;
    const KIND: &'static str = GA;
    const WATCHABLE: bool = false;
    const NEEDS_LEARNERS: Option<&'static str> = Some("genetic algorithm");
    const ALGORITHM: Algorithm = Algorithm::GaWeights;

    fn total(config: &GaSettings) -> u64 {
        u64::from(config.generations) * config.ga_config().games_per_generation()
    }

    /// The generations that hold `total` games.
    fn set_total(config: &mut GaSettings, total: u64, _games: u64) -> Result<(), String> {
        let per = config.ga_config().games_per_generation();
        config.generations = u32::try_from(total.div_ceil(per)).map_err(|_| "too many games")?;
        Ok(())
    }

    fn total_changed(&mut self, config: &GaSettings) -> Result<(), String> {
        self.ga.set_generations(config.generations)
    }

    fn new(settings: &GaSettings) -> Result<GaLearner, String> {
        settings.validate()?;
        let ga = Genetic::new(settings.ga_config(), settings.start.to_array().to_vec())?;
        Ok(GaLearner { ga })
    }

    /// The start point, then a point when a generation ends.
    fn due(&self, run: RunView<'_, Self>) -> bool {
        run.curve.len() <= self.ga.history().len()
    }

    /// One tournament game.
    fn learn(&mut self, run: RunView<'_, Self>, _record: Option<&mut Recorder>) -> Played {
        self.ga.step(1, &mut OthelloTournament::new(run.config));
        Played::SELF_PLAY
    }

    fn measure(&mut self, run: RunView<'_, Self>) -> Point {
        match run.curve.len().checked_sub(1) {
            None => point(0, &run.config.start.to_array(), None),
            Some(g) => {
                let g = &self.ga.history()[g];
                point(g.number, &g.kept[0], Some(g.scores[0]))
            }
        }
    }

    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let name = if kind == Kind::Checkpoint {
            "checkpoint"
        } else {
            ""
        };
        self.to_model(run.config, name)
    }

    /// A run from a model of [`GaLearner::save`].
    fn restore(model: &Model, _options: &ResumeOptions) -> Result<Restored<Self>, String> {
        let h = &model.header;
        if h.game.name() != "othello" || h.algorithm != Algorithm::GaWeights {
            return Err(format!(
                "this model is a {} for {}, not Othello weights tuned by the genetic algorithm",
                h.algorithm.name(),
                h.game
            ));
        }
        model.only_arrays(|n| ["population", "candidates", "fitness", "rng"].contains(&n))?;
        let settings: GaSettings = serde_json::from_value(
            h.hyper
                .get("settings")
                .cloned()
                .ok_or("the model has no tuning settings")?,
        )
        .map_err(|e| format!("bad tuning settings: {e}"))?;
        let ga = Genetic::load(model, 7)?;
        let mut settings = settings;
        settings.generations = ga.config().generations;
        settings.validate()?;
        // A finished run's last generation counts its games once (the
        // algorithm keeps its game counter at the generation's end).
        let games = if ga.is_done() {
            u64::from(ga.generation()) * ga.config().games_per_generation()
        } else {
            ga.games_played()
        };
        let learner = GaLearner { ga };
        Ok(Restored {
            games,
            curve: learner.curve(&settings),
            config: settings,
            learner,
        })
    }

    fn label(&self, s: &GaSettings) -> String {
        format!(
            "{} players, σ {}, depth {}, seed {}",
            s.population, s.sigma, s.depth, s.seed
        )
    }

    fn point(_config: &GaSettings, p: &Point) -> Point {
        p.clone()
    }

    fn series(_config: &GaSettings) -> Vec<SeriesSpec> {
        let mut out: Vec<SeriesSpec> = Weights::NAMES
            .iter()
            .map(|n| SeriesSpec::new(n, "weights", &format!("coefficient {n}"), n, false))
            .collect();
        out.push(SeriesSpec::new(
            "score",
            "score",
            "best score",
            "score",
            false,
        ));
        out
    }

    fn latest(&self, settings: &GaSettings, _curve: &[Point]) -> String {
        let w = self.best().to_array();
        let coeffs: Vec<String> = Weights::NAMES
            .iter()
            .zip(w)
            .map(|(n, v)| format!("{n} {v:.2}"))
            .collect();
        match self.ga.history().last() {
            Some(g) => format!(
                "After generation {}: best {} (score {} of {} games)",
                g.number,
                coeffs.join(", "),
                g.scores[0],
                u64::from(settings.games_per_pairing) * (2 * settings.population as u64 - 1)
            ),
            None => format!(
                "Generation 1 under way, starting from {}",
                coeffs.join(", ")
            ),
        }
    }
}

/// The kind of run as the game lists it. Its files are the tuning runs'
/// models and, of the same algorithm, the search player's kept settings
/// (both play as the search player).
pub struct GaKind;

impl LearnerKind for GaKind {
    type Learner = GaLearner;

    /// The kind's description: its settings, presets and charts.
    fn info(&self) -> RunKindInfo {
        let d = GaSettings::default();
        let mut fields = vec![
            FieldSpec::int(
                "population",
                "Population",
                "How many weight sets survive each generation; each gets a mutated copy, and all play all.",
                2,
                crate::learn::genetic::MAX_POPULATION as u64,
                d.population as u64,
            ),
            FieldSpec::float(
                "sigma",
                "Mutation strength",
                "How far a copy's coefficients move from its parent's, on average (in the coefficients' units).",
                (0.0, 1e6),
                0.5,
                d.sigma,
            ),
            FieldSpec::int(
                "depth",
                "Search depth in the tournament",
                "How many moves ahead each player looks in the tournament games; deeper is stronger and slower.",
                1,
                6,
                u64::from(d.depth),
            ),
            FieldSpec::int(
                "games_per_pairing",
                "Games per pairing",
                "Games each pair of players plays per generation, taking turns at moving first.",
                1,
                u64::from(crate::learn::genetic::MAX_GAMES_PER_PAIRING),
                u64::from(d.games_per_pairing),
            ),
            FieldSpec::int(
                "generations",
                "Generations",
                "How many rounds of copy, play and keep the best.",
                1,
                u64::from(crate::learn::genetic::MAX_GENERATIONS),
                u64::from(d.generations),
            ),
            FieldSpec::int(
                "random_opening",
                "Random opening moves",
                "Random moves at the start of each game, so that the same two players do not always play the same game.",
                0,
                20,
                u64::from(d.random_opening),
            ),
            FieldSpec::int("seed", "Seed", "Same seed, same run.", 0, u64::MAX, d.seed),
        ];
        for (name, v) in Weights::NAMES.iter().zip(d.start.to_array()) {
            fields.push(FieldSpec::float(
                &format!("start.{name}"),
                &format!("Starting {name}"),
                "The first generation starts from these coefficients (the study's hand-set values).",
                (-10_000.0, 10_000.0),
                1.0,
                v,
            ));
        }
        let mut weights_chart =
            ChartSpec::new("weights", "Coefficients of the best player", "value", None);
        weights_chart.x_label = "generation".into();
        let mut score_chart = ChartSpec::new(
            "score",
            "Round-robin score of the best player",
            "score",
            None,
        );
        score_chart.x_label = "generation".into();
        RunKindInfo {
            title: "Evaluation weights tuned by a genetic algorithm".into(),
            about: "The study's search player values a position by weighted squares (corners, edges, the \
                    squares next to them, the centre) and mobility. A population of weight sets plays \
                    round robins; the best half survives and is copied with small random changes."
                .into(),
            fields,
            presets: vec![
                PresetInfo {
                    id: "study-20".into(),
                    name: "The study's tuning, 20 generations".into(),
                    sentence: "Eight weight sets at depth 2, two games per pairing: compare the result with the study's table after 20 generations.".into(),
                    group: "study".into(),
                    runs: 1,
                },
                PresetInfo {
                    id: "study-50".into(),
                    name: "The study's tuning, 50 generations".into(),
                    sentence: "The same, to the study's 50 generations.".into(),
                    group: "study".into(),
                    runs: 1,
                },
            ],
            charts: vec![weights_chart, score_chart],
            // After 5 and 10 generations of the default settings.
            snapshots: [5, 10]
                .map(|g| g * d.ga_config().games_per_generation())
                .to_vec(),
            // A generation is many games at once: none of them is shown.
            shows_weights: true,
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, preset: &str, seed: u64) -> Result<Vec<GaSettings>, String> {
        let generations = match preset {
            "study-20" => 20,
            "study-50" => 50,
            _ => return Err(crate::plugin::unknown_preset(Board::TITLE, GA, preset)),
        };
        Ok(vec![GaSettings {
            generations,
            seed,
            ..GaSettings::default()
        }])
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.hyper.contains_key(PLAYER_SETTINGS) {
            // A set of coefficients kept from the search player's settings.
            model.only_arrays(|_| false)?;
            let s = weights_model_settings(model, &Value::Null)?;
            let level = model.header.hyper[PLAYER_SETTINGS]
                .get("level")
                .and_then(Value::as_u64)
                .unwrap_or(4);
            let noise = if s.noise > 0.0 {
                format!(" · randomness {}", s.noise)
            } else {
                String::new()
            };
            return Ok(ModelUse {
                summary: format!(
                    "search player's settings · level {level}{noise} · {}",
                    crate::games::othello::settings::weights_in_words(s.weights)
                ),
                win_rates: BTreeMap::new(),
                plays: true,
                side: None,
                continues_as: None,
                weights: false,
            });
        }
        // Read from the header (the best coefficients, and the last curve
        // point's generation), not by rebuilding the run: the tuning state's
        // decoder would add about 10 KB gzipped to the page's first module.
        // Continuing the run reads it all and refuses a broken state with
        // its reason.
        model.only_arrays(|n| ["population", "candidates", "fitness", "rng"].contains(&n))?;
        if !model.header.hyper.contains_key("settings") || model.array("population").is_none() {
            return Err(
                "not a tuning run of Othello's weights: its settings or population are missing"
                    .into(),
            );
        }
        let w = model_weights(model)?.to_array();
        let generations = model
            .header
            .curve
            .as_array()
            .and_then(|c| c.last())
            .and_then(|p| p.get("x"))
            .and_then(Value::as_u64)
            .unwrap_or(0);
        let coeffs: Vec<String> = Weights::NAMES
            .iter()
            .zip(w)
            .map(|(n, v)| format!("{n} {v:.1}"))
            .collect();
        Ok(ModelUse {
            summary: format!(
                "weights tuned over {generations} generations · {}",
                coeffs.join(" ")
            ),
            win_rates: BTreeMap::new(),
            plays: true,
            side: None,
            continues_as: Some(GA.into()),
            weights: true,
        })
    }

    /// Tuned or kept weights play as the search player, with its settings.
    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let s = weights_model_settings(model, settings)?;
        let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
        Ok(TypedAgent::new(Box::new(SearchPlayer::new(s, seed)?)).boxed())
    }

    /// A tuning model's coefficients beside those it started from (not a
    /// player's kept settings, of the same algorithm).
    fn weights(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        kind::learners_only("genetic algorithm", || {
            if !self.describe(model)?.weights {
                return Ok(None);
            }
            weight_table(model).map(Some)
        })
    }
}

pub(in crate::games::othello) fn point(generation: u32, best: &[f64], score: Option<i64>) -> Point {
    let mut p = Point::new(u64::from(generation));
    for (name, v) in Weights::NAMES.iter().zip(best) {
        p.set(name, Some(*v));
    }
    p.set("score", score.map(|s| s as f64));
    p
}

/// A tuning model's coefficients beside those its run started from (the
/// study's hand-set ones unless the run was given others), for people.
pub fn weight_table(model: &Model) -> Result<crate::plugin::WeightTable, String> {
    use crate::plugin::{WeightRow, WeightTable};
    let tuned = model_weights(model)?;
    let start = match model.header.hyper.get("settings") {
        Some(s) => {
            serde_json::from_value::<GaSettings>(s.clone())
                .map_err(|e| format!("bad settings: {e}"))?
                .start
        }
        None => Weights::STUDY,
    };
    let reference = if start == Weights::STUDY {
        "the study's hand-set"
    } else {
        "starting"
    };
    Ok(WeightTable {
        about: "The search's evaluation: each square's weight counts +1 for a disc of the side to \
                move and −1 for one of the opponent's, and v each legal move more than the \
                opponent has. The genetic algorithm tuned the weights from these starting values."
            .into(),
        reference: reference.into(),
        columns: vec!["whole game".into()],
        variants: vec!["weight".into()],
        rows: Weights::NAMES
            .iter()
            .zip(Weights::WORDS)
            .zip(start.to_array().iter().zip(tuned.to_array()))
            .map(|((&letter, words), (&a, b))| WeightRow {
                group: if letter == "v" { "Mobility" } else { "Squares" }.into(),
                name: if letter == "v" {
                    format!("legal moves, the mover's minus the opponent's ({letter})")
                } else {
                    format!("{words} ({letter})")
                },
                reference: vec![Some(a)],
                learned: vec![Some(b)],
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::DynRun;

    fn small(seed: u64) -> GaSettings {
        GaSettings {
            population: 3,
            sigma: 10.0,
            depth: 1,
            games_per_pairing: 2,
            generations: 2,
            random_opening: 2,
            seed,
            start: Weights::STUDY,
        }
    }

    #[test]
    fn a_seeded_run_is_reproducible_and_continues_from_its_model() {
        let mut a = GaRun::new(small(1)).unwrap();
        while !a.is_done() {
            a.step(17);
        }
        let mut b = GaRun::new(small(1)).unwrap();
        b.learn_by(|l, run| l.play_threads(run.config, u64::MAX, 2));
        assert_eq!(a.learner().ga().history(), b.learner().ga().history());
        assert_eq!(a.points(), b.points());
        let mut c = GaRun::new(small(2)).unwrap();
        c.step(u64::MAX);
        assert_ne!(a.learner().ga().history(), c.learner().ga().history());
        // Saved halfway and continued: the same result.
        let mut half = GaRun::new(small(1)).unwrap();
        half.step(20);
        let model = half.model("half").unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let back = crate::model::decode(&bytes).unwrap();
        let mut back = GaRun::resume(&back, &Default::default()).unwrap();
        back.step(u64::MAX);
        assert_eq!(back.learner().ga().history(), a.learner().ga().history());
        assert_eq!(back.points(), a.points());
        assert_eq!(
            model_weights(&a.model("x").unwrap()).unwrap(),
            a.learner().best()
        );
        // A point per generation, with the seven coefficients and the score.
        assert_eq!(a.points().len(), 3);
        assert_eq!(a.points()[2].y.len(), 8);
    }

    #[test]
    fn a_tuning_models_table_has_its_best_coefficients_beside_the_start() {
        let mut run = GaRun::new(small(1)).unwrap();
        run.step(u64::MAX);
        let model = run.model("x").unwrap();
        let t = weight_table(&model).unwrap();
        t.validate().unwrap();
        assert_eq!(t.reference, "the study's hand-set");
        let learned: Vec<f64> = t.rows.iter().map(|r| r.learned[0].unwrap()).collect();
        let start: Vec<f64> = t.rows.iter().map(|r| r.reference[0].unwrap()).collect();
        assert_eq!(learned, run.learner().best().to_array());
        assert_eq!(start, Weights::STUDY.to_array());
        assert!(t.rows[0].name.starts_with("corners"));
        assert_eq!(t.rows[6].group, "Mobility");
        // Another start is named as such.
        let other = Weights {
            a: 10.0,
            ..Weights::STUDY
        };
        let mut run = GaRun::new(GaSettings {
            start: other,
            ..small(1)
        })
        .unwrap();
        run.step(u64::MAX);
        let t = weight_table(&run.model("y").unwrap()).unwrap();
        assert_eq!(t.reference, "starting");
        assert_eq!(t.rows[0].reference, vec![Some(10.0)]);
    }
}
