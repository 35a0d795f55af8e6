//! The Reversi study's genetic algorithm on Othello: the coefficients of the
//! weighted-squares + mobility evaluation ([`crate::games::othello::weighted`]) tuned by
//! round robins of search players ([`crate::games::othello::search_player`]), as a run of
//! the runs panel (`ga`) and a command (`selfplay othello ga`).

use serde::{Deserialize, Serialize};

use crate::arena::play_game;
use crate::game::{rng_from_seed, Outcome};
use crate::games::othello::search_player::{SearchPlayer, SearchSettings};
use crate::games::othello::weighted::Weights;
use crate::games::othello::Board;
use crate::learn::genetic::{GaConfig, Generation, Genetic, Tournament};
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::plugin::Point;

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

/// A tuning run.
pub struct GaRun {
    pub(in crate::games::othello) settings: GaSettings,
    pub(in crate::games::othello) ga: Genetic,
}

impl GaRun {
    pub fn new(settings: GaSettings) -> Result<GaRun, String> {
        settings.validate()?;
        let ga = Genetic::new(settings.ga_config(), settings.start.to_array().to_vec())?;
        Ok(GaRun { settings, ga })
    }

    /// Rebuilds a run from a model of [`GaRun::to_model`].
    pub fn from_model(model: &Model) -> Result<GaRun, String> {
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
        Ok(GaRun { settings, ga })
    }

    pub fn ga(&self) -> &Genetic {
        &self.ga
    }

    pub fn settings(&self) -> &GaSettings {
        &self.settings
    }

    /// The best coefficients so far (the start before any generation).
    pub fn best(&self) -> Weights {
        weights_of(&self.ga.population()[0])
    }

    /// Plays at most `budget` tournament games on `threads` threads.
    pub fn step_threads(&mut self, budget: u64, threads: usize) -> Vec<Generation> {
        let s = self.settings.clone();
        if threads > 1 {
            self.ga
                .step_parallel(budget, threads, || OthelloTournament::new(&s))
        } else {
            self.ga.step(budget, &mut OthelloTournament::new(&s))
        }
    }

    /// The run as a model: the best coefficients (in `hyper.weights`, to
    /// play), and the whole state of the algorithm (to continue exactly).
    pub fn to_model(&self, name: &str) -> Result<Model, String> {
        let mut header = Header::new(GameId::of("othello"), Algorithm::GaWeights, name);
        header.kind = Kind::Checkpoint;
        header.encoding = "weighted-squares-mobility".into();
        header.seed = self.settings.seed;
        header.games_trained = self.ga.games_played();
        header.hyper.insert(
            "weights".into(),
            serde_json::to_value(self.best()).map_err(|e| e.to_string())?,
        );
        header.hyper.insert(
            "settings".into(),
            serde_json::to_value(&self.settings).map_err(|e| e.to_string())?,
        );
        header.curve = serde_json::to_value(self.curve()).map_err(|e| e.to_string())?;
        let mut model = Model::new(header);
        self.ga.save(&mut model)?;
        Ok(model)
    }

    pub(in crate::games::othello) fn curve(&self) -> Vec<Point> {
        let mut out = vec![point(0, &self.settings.start.to_array(), None)];
        out.extend(
            self.ga
                .history()
                .iter()
                .map(|g| point(g.number, &g.kept[0], Some(g.scores[0]))),
        );
        out
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

/// The best coefficients a tuning model plays with.
pub fn model_weights(model: &Model) -> Result<Weights, String> {
    let w: Weights = serde_json::from_value(
        model
            .header
            .hyper
            .get("weights")
            .cloned()
            .ok_or("the model has no weights")?,
    )
    .map_err(|e| format!("bad weights: {e}"))?;
    w.validate()?;
    Ok(w)
}

/// A tuning model's coefficients beside those its run started from (the
/// study's hand-set ones unless the run was given others), for people.
#[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
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
    use crate::plugin::{DynRun, TrainerRun};

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
        let mut a = TrainerRun(GaRun::new(small(1)).unwrap());
        while !a.is_done() {
            a.step(17);
        }
        let mut b = GaRun::new(small(1)).unwrap();
        b.step_threads(u64::MAX, 2);
        assert_eq!(a.0.ga().history(), b.ga().history());
        let mut c = TrainerRun(GaRun::new(small(2)).unwrap());
        c.step(u64::MAX);
        assert_ne!(a.0.ga().history(), c.0.ga().history());
        // Saved halfway and continued: the same result.
        let mut half = TrainerRun(GaRun::new(small(1)).unwrap());
        half.step(20);
        let model = half.model("half").unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let mut back =
            TrainerRun(GaRun::from_model(&crate::model::decode(&bytes).unwrap()).unwrap());
        back.step(u64::MAX);
        assert_eq!(back.0.ga().history(), a.0.ga().history());
        assert_eq!(back.points(), a.points());
        assert_eq!(model_weights(&a.model("x").unwrap()).unwrap(), a.0.best());
        // A point per generation, with the seven coefficients and the score.
        assert_eq!(a.points().len(), 3);
        assert_eq!(a.points()[2].y.len(), 8);
    }

    #[test]
    fn a_tuning_models_table_has_its_best_coefficients_beside_the_start() {
        let mut run = TrainerRun(GaRun::new(small(1)).unwrap());
        run.step(u64::MAX);
        let model = run.model("x").unwrap();
        let t = weight_table(&model).unwrap();
        t.validate().unwrap();
        assert_eq!(t.reference, "the study's hand-set");
        let learned: Vec<f64> = t.rows.iter().map(|r| r.learned[0].unwrap()).collect();
        let start: Vec<f64> = t.rows.iter().map(|r| r.reference[0].unwrap()).collect();
        assert_eq!(learned, run.0.best().to_array());
        assert_eq!(start, Weights::STUDY.to_array());
        assert!(t.rows[0].name.starts_with("corners"));
        assert_eq!(t.rows[6].group, "Mobility");
        // Another start is named as such.
        let other = Weights {
            a: 10.0,
            ..Weights::STUDY
        };
        let mut run = TrainerRun(
            GaRun::new(GaSettings {
                start: other,
                ..small(1)
            })
            .unwrap(),
        );
        run.step(u64::MAX);
        let t = weight_table(&run.model("y").unwrap()).unwrap();
        assert_eq!(t.reference, "starting");
        assert_eq!(t.rows[0].reference, vec![Some(10.0)]);
    }
}
