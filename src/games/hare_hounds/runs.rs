//! Hare and Hounds' learning run (the study's Q-learning experiments) as a
//! [`Trainer`]: its curves, its words and its models.

use serde_json::Value;

use super::learn::{CurvePoint, HareConfig, Run};
use crate::game::Side;
use crate::model::Model;
use crate::plugin::run::{thousands, Recorder};
use crate::plugin::trainer::{Trainer, Watched};
use crate::plugin::{Point, RunProgress, SeriesSpec};

/// The kind of run of the Hare and Hounds study: tabular Q-learning.
pub const Q_TABLE: &str = "q_table";

pub fn hare_label(hare: &HareConfig) -> &'static str {
    match hare {
        HareConfig::Random => "random",
        HareConfig::Simple => "simple",
        HareConfig::Perfect => "perfect",
        HareConfig::Learning(_) => "learning",
    }
}

/// A curve point; its win rates were measured on `eval_games` games.
fn point_of(p: &CurvePoint, eval_games: u32) -> Point {
    let mut point = Point::new(p.games);
    for (id, rate) in [("win", p.win_percent), ("vs_perfect", p.vs_perfect_percent)] {
        if let Some(r) = rate {
            point.set_rate(id, r, u64::from(eval_games));
        }
    }
    point.set(
        "perfect",
        p.hounds_perfect.as_ref().map(|s| 100.0 * s.winning),
    );
    point.set(
        "hare_perfect",
        p.hare_perfect.as_ref().map(|s| 100.0 * s.winning),
    );
    for (i, q) in p.probes.iter().enumerate() {
        point.set(&format!("probe{i}"), Some(f64::from(*q)));
    }
    point
}

impl Trainer for Run {
    fn kind(&self) -> &'static str {
        Q_TABLE
    }

    /// The experiment's name of the run (or, for a run set up from its
    /// settings alone, the settings in words) and its seed.
    fn label(&self) -> String {
        let c = self.config();
        let name = if c.label.is_empty() {
            let p = c.hounds;
            format!(
                "α={} γ={} ε={} vs {} hare",
                p.alpha,
                p.gamma,
                p.epsilon,
                hare_label(&c.hare)
            )
        } else {
            c.label.clone()
        };
        format!("{name}, seed {}", c.seed)
    }

    fn config(&self) -> Value {
        serde_json::to_value(Run::config(self)).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.games(),
            total: self.config().total_games,
        }
    }

    fn is_done(&self) -> bool {
        Run::is_done(self)
    }

    fn train(&mut self, max_games: u64) {
        self.step(max_games);
    }

    fn curve_len(&self) -> usize {
        self.curve().len()
    }

    fn curve_point(&self, i: usize) -> Point {
        point_of(&self.curve()[i], self.config().eval_games)
    }

    fn train_watched(&mut self, record: Recorder) -> Option<Watched> {
        let (record, _) = self.step_watched(record)?;
        Some(Watched {
            record,
            learner: Side::First.index(),
            self_play: false,
        })
    }

    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        (
            "Q(s, a) of the hounds' table: +1 a sure win for the hounds, −1 a sure loss".into(),
            Some((-1.0, 1.0)),
        )
    }

    fn series(&self) -> Vec<SeriesSpec> {
        let c = self.config();
        let learning_hare = matches!(c.hare, HareConfig::Learning(_));
        let mut out = Vec::new();
        if c.eval_games > 0 {
            let against = if learning_hare {
                "vs the learning hare".to_string()
            } else {
                format!("vs the {} hare", hare_label(&c.hare))
            };
            out.push(SeriesSpec::new("win", "win", &against, "", false));
        }
        if c.perfect_share {
            if c.eval_games > 0 {
                out.push(SeriesSpec::new(
                    "vs_perfect",
                    "win",
                    "vs the perfect hare",
                    "",
                    true,
                ));
            }
            out.push(SeriesSpec::new("perfect", "perfect", "hounds", "", false));
            if learning_hare {
                out.push(SeriesSpec::new("hare_perfect", "perfect", "hare", "", true));
            }
        }
        for (i, p) in c.probes.iter().enumerate() {
            let pair = format!("{} · {}", p.position.replace(" stall=0", ""), p.action);
            out.push(SeriesSpec::new(
                &format!("probe{i}"),
                "probes",
                &pair,
                &pair,
                false,
            ));
        }
        out
    }

    fn latest(&self) -> String {
        let Some(last) = self.curve().last() else {
            return "No curve point yet.".into();
        };
        let mut parts = Vec::new();
        if let Some(w) = last.win_percent {
            parts.push(format!("greedy hounds win {w:.1}%"));
        }
        if let Some(w) = last.vs_perfect_percent {
            parts.push(format!("{w:.1}% against the perfect hare"));
        }
        if let Some(s) = &last.hounds_perfect {
            parts.push(format!("perfect moves {:.1}%", 100.0 * s.winning));
        }
        if !last.probes.is_empty() {
            let qs: Vec<String> = last.probes.iter().map(|q| format!("{q:.3}")).collect();
            parts.push(format!("Q-values {}", qs.join(", ")));
        }
        format!("At {} games: {}", thousands(last.games), parts.join(" · "))
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        let _ = total;
        Err("a Hare and Hounds run continues from its saved model with a new total".into())
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.hounds_model("checkpoint")
    }

    fn model(&self) -> Result<Model, String> {
        self.hounds_model("")
    }
}
