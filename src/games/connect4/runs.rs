//! Connect Four's learning run (the study's Q-learning experiments) as a
//! [`Trainer`]: its curves, its words and its models.

use serde_json::Value;

use super::learn::{CurvePoint, LearnerSide, Run};
use crate::model::Model;
use crate::plugin::run::{thousands, Recorder};
use crate::plugin::trainer::{Trainer, Watched};
use crate::plugin::{Point, RunProgress, SeriesSpec};

/// The kind of run of the study: tabular Q-learning.
pub const Q_TABLE: &str = "q_table";

fn point_of(p: &CurvePoint) -> Point {
    let mut point = Point::new(p.games);
    point.set("moves", Some(p.moves));
    point.set_rate(
        "win",
        crate::plugin::run::percent(p.wins, p.block),
        u64::from(p.block),
    );
    point.set("optimal_own", p.own_optimal);
    point.set("optimal_test", p.test_optimal);
    point.set("memory", Some(p.bytes as f64 / 1e6));
    point
}

impl Trainer for Run {
    fn kind(&self) -> &'static str {
        Q_TABLE
    }

    fn label(&self) -> String {
        let c = self.config();
        let name = if c.label.is_empty() {
            let p = c.learner;
            format!(
                "α={} γ={} ε={} vs {} player",
                p.alpha,
                p.gamma,
                p.epsilon,
                c.opponent.label()
            )
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
        point_of(&self.curve()[i])
    }

    fn train_watched(&mut self, record: Recorder) -> Option<Watched> {
        let (record, side) = self.step_watched(record)?;
        Some(Watched {
            record,
            learner: side.index(),
            self_play: false,
        })
    }

    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        let r = self.config().rewards;
        let top = f64::from(r.win.abs().max(r.draw.abs()).max(r.loss.abs()));
        (
            "Q(s, a) of the table: the reward the learner expects after this move".into(),
            (top <= 1.0).then_some((-1.0, 1.0)),
        )
    }

    fn series(&self) -> Vec<SeriesSpec> {
        let c = self.config();
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

    fn latest(&self) -> String {
        let Some(last) = self.curve().last() else {
            return "No curve point yet.".into();
        };
        let c = self.config();
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
        let _ = c;
        format!("At {} games: {}", thousands(last.games), parts.join(" · "))
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        Run::set_total(self, total)
    }

    fn checkpoint(&self) -> Result<Model, String> {
        Run::model(self, "checkpoint")
    }

    fn model(&self) -> Result<Model, String> {
        Run::model(self, "")
    }
}
