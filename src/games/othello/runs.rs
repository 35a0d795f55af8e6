//! Othello's learners as [`crate::plugin::Trainer`]s: the study's Q-network
//! run (its curves against the fixed players, its words and its models) and
//! the genetic algorithm's tuning run.

use serde_json::Value;

use super::learn::ga::{point, GaRun};
#[cfg(feature = "extra-learners")]
use super::learn::ntuple_run::NTupleRun;
use super::learn::{EvalPoint, TrainOpponent, Trainer, FAST_BETA_PRESET};
use super::weighted::Weights;
use crate::model::{Kind, Model};
use crate::plugin::run::{percent, thousands, Recorder};
use crate::plugin::trainer::Watched;
use crate::plugin::{Point, RunProgress, SeriesSpec};

/// The kind of run of the Othello study: Q-learning with a network.
pub const QNET: &str = "qnet";

pub const OPPONENTS: [&str; 3] = ["random", "mvb", "msb"];

/// An evaluation opponent as people write it: the study's abbreviations in capitals.
pub fn opponent_title(id: &str) -> String {
    match id {
        "mvb" | "msb" => id.to_ascii_uppercase(),
        other => other.to_string(),
    }
}

fn point_of(p: &EvalPoint) -> Point {
    let mut point = Point::new(p.games);
    for r in &p.results {
        for (side, rec) in [("black", &r.black), ("white", &r.white)] {
            if rec.games() > 0 {
                point.set_rate(
                    &format!("{}.{side}", r.opponent),
                    percent(rec.wins, rec.games()),
                    u64::from(rec.games()),
                );
            }
        }
    }
    point
}

/// The curves of a learner measured against random, MVB and MSB: its win
/// rate as black and as white against each.
fn win_series() -> Vec<SeriesSpec> {
    let mut out = Vec::new();
    for opp in OPPONENTS {
        let label = opponent_title(opp);
        for (side, dashed) in [("black", false), ("white", true)] {
            out.push(SeriesSpec::new(
                &format!("{opp}.{side}"),
                "win",
                &format!("vs {label} as {side}"),
                &format!("vs {label}"),
                dashed,
            ));
        }
    }
    out
}

/// A sentence on the last point of such a curve; `who` names the player.
fn latest_of(curve: &[EvalPoint], who: &str) -> String {
    let Some(last) = curve.last() else {
        return "No curve point yet.".into();
    };
    let rates: Vec<String> = last
        .results
        .iter()
        .map(|r| {
            format!(
                "vs {} {:.0}% / {:.0}%",
                opponent_title(&r.opponent),
                percent(r.black.wins, r.black.games()),
                percent(r.white.wins, r.white.games())
            )
        })
        .collect();
    format!(
        "At {} games, {who} wins (as black / as white): {}",
        thousands(last.games),
        rates.join(" · ")
    )
}

impl crate::plugin::Trainer for Trainer {
    fn kind(&self) -> &'static str {
        QNET
    }

    fn label(&self) -> String {
        let c = self.config();
        let opp = match c.opponent {
            TrainOpponent::SelfPlay => "self-play",
            TrainOpponent::Msb => "vs MSB",
        };
        let preset = (c.c == super::learn::FAST_BETA_C && c.opponent == TrainOpponent::SelfPlay)
            .then_some(format!(" ({FAST_BETA_PRESET})"))
            .unwrap_or_default();
        let symmetries = if c.symmetries { " ×8 symmetries" } else { "" };
        format!(
            "{}-H{} {} {opp}{symmetries}, seed {}{preset}",
            c.encoding.name().to_ascii_uppercase(),
            c.hidden,
            c.activation.name(),
            c.seed
        )
    }

    fn config(&self) -> Value {
        serde_json::to_value(Trainer::config(self)).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.games_played(),
            total: self.config().games,
        }
    }

    fn is_done(&self) -> bool {
        Trainer::is_done(self)
    }

    fn train(&mut self, max_games: u64) {
        Trainer::train(self, max_games);
    }

    fn curve_len(&self) -> usize {
        self.curve().len()
    }

    fn curve_point(&self, i: usize) -> Point {
        point_of(&self.curve()[i])
    }

    fn train_watched(&mut self, record: Recorder) -> Option<Watched> {
        let (record, side, _) = Trainer::train_watched(self, record)?;
        Some(Watched {
            record,
            learner: side.index(),
            self_play: self.config().opponent == TrainOpponent::SelfPlay,
        })
    }

    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        (
            "Q(s, a) of the network: +1 a sure win for the mover, −1 a sure loss".into(),
            Some((-1.0, 1.0)),
        )
    }

    fn series(&self) -> Vec<SeriesSpec> {
        win_series()
    }

    fn latest(&self) -> String {
        latest_of(self.curve(), "greedy")
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        self.set_total_games(total)
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.to_model(Kind::Checkpoint)
    }

    fn model(&self) -> Result<Model, String> {
        self.to_model(Kind::Model)
    }
}

/// The kind of run of the n-tuple network.
pub const NTUPLE: &str = "ntuple";

#[cfg(feature = "extra-learners")]
impl crate::plugin::Trainer for NTupleRun {
    fn kind(&self) -> &'static str {
        NTUPLE
    }

    fn label(&self) -> String {
        NTupleRun::label(self)
    }

    fn config(&self) -> Value {
        serde_json::to_value(NTupleRun::config(self)).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.games(),
            total: NTupleRun::config(self).games,
        }
    }

    fn is_done(&self) -> bool {
        NTupleRun::is_done(self)
    }

    fn train(&mut self, max_games: u64) {
        NTupleRun::train(self, max_games);
    }

    fn curve_len(&self) -> usize {
        self.curve().len()
    }

    fn curve_point(&self, i: usize) -> Point {
        point_of(&self.curve()[i])
    }

    fn series(&self) -> Vec<SeriesSpec> {
        win_series()
    }

    fn train_watched(&mut self, record: Recorder) -> Option<Watched> {
        Some(Watched {
            record: NTupleRun::train_watched(self, record)?,
            learner: 0,
            self_play: true,
        })
    }

    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        (
            "value of the position after the move, for the mover: +1 a sure win, −1 a sure loss"
                .into(),
            Some((-1.0, 1.0)),
        )
    }

    fn latest(&self) -> String {
        latest_of(self.curve(), "the network")
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        NTupleRun::set_total(self, total)
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.to_model(Kind::Checkpoint)
    }

    fn model(&self) -> Result<Model, String> {
        self.to_model(Kind::Model)
    }
}

/// The kind of run.
pub const GA: &str = "ga";

impl crate::plugin::Trainer for GaRun {
    fn kind(&self) -> &'static str {
        GA
    }

    fn label(&self) -> String {
        let s = &self.settings;
        format!(
            "{} players, σ {}, depth {}, seed {}",
            s.population, s.sigma, s.depth, s.seed
        )
    }

    fn config(&self) -> Value {
        serde_json::to_value(&self.settings).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.ga.games_played(),
            total: self.ga.games_total(),
        }
    }

    fn is_done(&self) -> bool {
        self.ga.is_done()
    }

    fn train(&mut self, max_games: u64) {
        self.step_threads(max_games, 1);
    }

    /// The start point and a point per generation, once the run has begun.
    fn curve_len(&self) -> usize {
        let begun = !self.ga.history().is_empty() || self.ga.games_played() > 0;
        if begun {
            1 + self.ga.history().len()
        } else {
            0
        }
    }

    fn curve_point(&self, i: usize) -> Point {
        match i.checked_sub(1) {
            None => point(0, &self.settings.start.to_array(), None),
            Some(g) => {
                let g = &self.ga.history()[g];
                point(g.number, &g.kept[0], Some(g.scores[0]))
            }
        }
    }

    fn series(&self) -> Vec<SeriesSpec> {
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

    fn latest(&self) -> String {
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
                u64::from(self.settings.games_per_pairing)
                    * (2 * self.settings.population as u64 - 1)
            ),
            None => format!(
                "Generation 1 under way, starting from {}",
                coeffs.join(", ")
            ),
        }
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        let per = self.settings.ga_config().games_per_generation();
        let generations = u32::try_from(total.div_ceil(per)).map_err(|_| "too many games")?;
        self.ga.set_generations(generations)?;
        self.settings.generations = generations;
        Ok(())
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.to_model("checkpoint")
    }

    fn model(&self) -> Result<Model, String> {
        self.to_model("")
    }
}
