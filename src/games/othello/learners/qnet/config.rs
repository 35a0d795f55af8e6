//! The settings of an Othello Q-network training run, their limits, and
//! the study's presets.

use serde::{Deserialize, Serialize};

use crate::games::othello::qnet::Encoding;
use crate::learn::activation::Activation;

/// Who the agent plays while it learns.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TrainOpponent {
    /// Itself: both sides use and train the same network.
    #[serde(rename = "self")]
    SelfPlay,
    /// The max-stable player, first half as black, then as white.
    Msb,
}

impl TrainOpponent {
    pub fn name(self) -> &'static str {
        match self {
            TrainOpponent::SelfPlay => "self",
            TrainOpponent::Msb => "msb",
        }
    }

    pub fn parse(text: &str) -> Result<TrainOpponent, String> {
        match text.to_ascii_lowercase().as_str() {
            "self" | "self-play" | "selfplay" => Ok(TrainOpponent::SelfPlay),
            "msb" => Ok(TrainOpponent::Msb),
            other => Err(format!(
                "unknown training opponent {other} (expected \"self\" or \"msb\")",
                other = crate::words::quote(other)
            )),
        }
    }
}

/// The settings of a training run. Missing fields take the study's values
/// when read from JSON.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TrainerConfig {
    pub encoding: Encoding,
    pub hidden: usize,
    pub activation: Activation,
    pub opponent: TrainOpponent,
    /// The planned number of training games (the run stops there; against
    /// MSB the agent switches from black to white at half of it).
    pub games: u64,
    /// The exploration constant C: β = games played / C.
    pub c: f64,
    pub seed: u64,
    /// A learning-curve snapshot every this many games (0: none).
    pub eval_every: u64,
    /// Games per opponent in each snapshot (half as black, half as white).
    pub eval_games: u32,
    /// Backpropagation learning rate η.
    pub learning_rate: f64,
    /// Momentum α.
    pub momentum: f64,
    /// Q-learning step µ.
    pub mu: f64,
    /// Each update also applied to the 7 other symmetric images of the
    /// position and move (not in the study; left out of files when off).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub symmetries: bool,
}

impl Default for TrainerConfig {
    fn default() -> Self {
        TrainerConfig {
            encoding: Encoding::Ql1,
            hidden: 64,
            activation: Activation::Arctan,
            opponent: TrainOpponent::SelfPlay,
            games: 10_000_000,
            c: 3_000_000.0,
            seed: 1,
            eval_every: 100_000,
            eval_games: 1000,
            learning_rate: 0.1,
            momentum: 0.9,
            mu: 0.1,
            symmetries: false,
        }
    }
}

/// Limits that keep a configuration (possibly from an untrusted file) sane.
const MAX_HIDDEN: usize = 1024;
pub(super) const MAX_GAMES: u64 = 1_000_000_000_000;
/// Evaluation games per opponent at a curve point (a checkpoint from
/// elsewhere cannot make a run evaluate for hours before it trains).
pub const MAX_EVAL_GAMES: u32 = 100_000;

impl TrainerConfig {
    /// The study's C for an opponent: 3,000,000 for self-play, 1,500,000
    /// against MSB.
    pub fn study_c(opponent: TrainOpponent) -> f64 {
        match opponent {
            TrainOpponent::SelfPlay => 3_000_000.0,
            TrainOpponent::Msb => 1_500_000.0,
        }
    }

    /// Checks every field; the message names the bad one.
    pub fn validate(&self) -> Result<(), String> {
        if self.hidden == 0 || self.hidden > MAX_HIDDEN {
            return Err(format!(
                "hidden must be between 1 and {MAX_HIDDEN}, not {}",
                self.hidden
            ));
        }
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(format!("games must be 1 to 10^12, not {}", self.games));
        }
        // Any positive C a stored model was trained with; a new run's is
        // checked against the settings form's range by `validate_new`.
        if !(self.c.is_finite() && self.c > 0.0) {
            return Err(format!(
                "c must be a positive number, not {}",
                crate::words::number(self.c)
            ));
        }
        if self.eval_games > MAX_EVAL_GAMES {
            return Err(format!("eval_games must be at most {MAX_EVAL_GAMES}"));
        }
        if self.eval_every > 0 && self.eval_games == 0 {
            return Err("eval_games must be positive when eval_every is set".into());
        }
        for (name, v) in [
            ("learning_rate", self.learning_rate),
            ("momentum", self.momentum),
            ("mu", self.mu),
        ] {
            if !(v.is_finite() && (0.0..=1.0).contains(&v)) {
                return Err(format!(
                    "{name} must be between 0 and 1, not {}",
                    crate::words::number(v)
                ));
            }
        }
        if self.momentum >= 1.0 {
            return Err("momentum must be below 1".into());
        }
        Ok(())
    }

    /// [`validate`](Self::validate), and what only a new run must meet,
    /// the settings form's ranges (a model file keeps the settings it was
    /// trained with, and still loads): C from 1 to 10^12, a curve point at
    /// most every 10^12 games, and at least 2 evaluation games (one as
    /// black, one as white; 0 only with no curve points).
    pub fn validate_new(&self) -> Result<(), String> {
        self.validate()?;
        if !(1.0..=MAX_GAMES as f64).contains(&self.c) {
            return Err(format!(
                "c must be a number from 1 to 10^12, not {}",
                crate::words::number(self.c)
            ));
        }
        if self.eval_every > MAX_GAMES {
            return Err(format!(
                "eval_every must be at most 10^12, not {}",
                self.eval_every
            ));
        }
        if self.eval_games == 1 {
            return Err("eval_games must be at least 2 (one game as black, one as white)".into());
        }
        Ok(())
    }

    /// Reads a configuration from JSON and validates it.
    pub fn from_json(text: &str) -> Result<TrainerConfig, String> {
        let c: TrainerConfig =
            serde_json::from_str(text).map_err(|e| format!("bad training settings: {e}"))?;
        c.validate()?;
        Ok(c)
    }

    /// A short name: `ql1-h64-arctan-self`.
    pub fn label(&self) -> String {
        format!(
            "{}-h{}-{}-{}",
            self.encoding.name(),
            self.hidden,
            self.activation.name(),
            self.opponent.name()
        )
    }
}

/// A named configuration: `note` says how it differs from the study (none
/// for the study's own).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Preset {
    pub name: String,
    pub note: Option<&'static str>,
    pub config: TrainerConfig,
}

/// The C of [`FAST_BETA_PRESET`]: β = games / 100,000.
pub const FAST_BETA_C: f64 = 100_000.0;

/// The name of the self-play preset whose softmax turns greedy 30 times
/// faster than the study's (see docs/othello.md's learning curves).
pub const FAST_BETA_PRESET: &str = "ql1-h64-arctan-self-c100k";

/// One preset per configuration the study ran: QL1/QL2 × 40/64 hidden ×
/// sigmoid/arctan × self-play/MSB, with the study's C. Self-play runs are
/// planned for 10,000,000 games (where the study reports its self-play
/// results); runs against MSB for 3,000,000 (twice C, so that β reaches 2).
/// Then one beyond the study: QL1-H64-arctan self-play with C = 100,000, for
/// the same 10,000,000 games. With the study's C, β stays so small that
/// self-play trains against a nearly random opponent for millions of games,
/// and the greedy network stalls against MSB; with β growing 30 times faster
/// it does not (docs/othello.md's learning curves give the numbers and
/// the commands).
pub fn presets() -> Vec<Preset> {
    let mut out = Vec::new();
    for encoding in [Encoding::Ql1, Encoding::Ql2] {
        for hidden in [40, 64] {
            for activation in [Activation::Sigmoid, Activation::Arctan] {
                for opponent in [TrainOpponent::SelfPlay, TrainOpponent::Msb] {
                    let config = TrainerConfig {
                        encoding,
                        hidden,
                        activation,
                        opponent,
                        games: match opponent {
                            TrainOpponent::SelfPlay => 10_000_000,
                            TrainOpponent::Msb => 3_000_000,
                        },
                        c: TrainerConfig::study_c(opponent),
                        ..TrainerConfig::default()
                    };
                    out.push(Preset {
                        name: config.label(),
                        note: None,
                        config,
                    });
                }
            }
        }
    }
    out.push(Preset {
        name: FAST_BETA_PRESET.to_string(),
        note: Some("not in the study: C = 100,000, so the softmax turns greedy 30× sooner"),
        config: TrainerConfig {
            games: 10_000_000,
            c: FAST_BETA_C,
            ..TrainerConfig::default()
        },
    });
    out
}

/// The preset with this name (see [`presets`]).
pub fn preset(name: &str) -> Result<TrainerConfig, String> {
    presets()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.config)
        .ok_or_else(|| format!("unknown preset {}", crate::words::quote(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_cover_the_study() {
        let p = presets();
        assert_eq!(p.iter().filter(|p| p.note.is_none()).count(), 16);
        assert_eq!(p.len(), 17);
        let fast = preset(FAST_BETA_PRESET).unwrap();
        assert_eq!(
            (fast.c, fast.opponent, fast.games),
            (FAST_BETA_C, TrainOpponent::SelfPlay, 10_000_000)
        );
        let c = preset("ql1-h64-arctan-self").unwrap();
        assert_eq!(c.c, 3_000_000.0);
        assert_eq!(preset("ql2-h40-sigmoid-msb").unwrap().c, 1_500_000.0);
        assert!(preset("ql3").is_err());
    }

    #[test]
    fn config_json_defaults_and_errors() {
        let c =
            TrainerConfig::from_json(r#"{"encoding":"ql2","hidden":40,"opponent":"msb"}"#).unwrap();
        assert_eq!(c.encoding, Encoding::Ql2);
        assert_eq!(c.learning_rate, 0.1);
        assert!(TrainerConfig::from_json(r#"{"hidden":0}"#)
            .unwrap_err()
            .contains("hidden"));
        assert!(TrainerConfig::from_json(r#"{"c":-1}"#).is_err());
        assert!(TrainerConfig::from_json(r#"{"hiden":3}"#).is_err());
        assert!(TrainerConfig::from_json("[").is_err());
    }

    /// A model file's settings are read with `validate` (a model trained
    /// with any positive C still loads); a new run's with `validate_new`.
    #[test]
    fn a_stored_c_outside_the_forms_range_still_loads_but_starts_no_run() {
        for c in [0.5, 1e15] {
            let stored = TrainerConfig {
                c,
                ..TrainerConfig::default()
            };
            assert_eq!(stored.validate(), Ok(()), "{c}");
            assert!(
                stored.validate_new().unwrap_err().contains("1 to 10^12"),
                "{c}"
            );
        }
        assert_eq!(TrainerConfig::default().validate_new(), Ok(()));
    }
}
