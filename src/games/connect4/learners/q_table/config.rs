//! The settings of a Connect Four Q-learning run, the study's two methods as
//! presets, and the seeds derived from a run's.

use serde::{Deserialize, Serialize};

use crate::game::{Player, Side};
use crate::games::connect4::players::{Leftmost, RandomColumn};
use crate::games::connect4::rules::Position;
pub use crate::games::connect4::table::{
    mirror_canonical, Rewards, SparseTable, ENCODING, MIRROR_KEY,
};
use crate::learn::q_run;
use crate::learn::q_table::QParams;

pub use crate::learn::q_run::RUN_KEY;

/// The key of a model's unfinished curve block in the header's `hyper`.
pub const BLOCK_KEY: &str = "block";

/// The opponent the learner plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// A random column (drawn again while full).
    Random,
    /// The leftmost column that is not full.
    Stupid,
}

impl Opponent {
    pub fn player(self) -> Box<dyn Player<Position> + Send> {
        match self {
            Opponent::Random => Box::new(RandomColumn),
            Opponent::Stupid => Box::new(Leftmost),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Opponent::Random => "random",
            Opponent::Stupid => "stupid",
        }
    }
}

/// The side the learner plays in its learning games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LearnerSide {
    /// It moves first (Red) in every game: the study's choice as read here.
    #[default]
    First,
    /// It moves second (Yellow) in every game.
    Second,
    /// First in the even-numbered games (counting from 0), second in the
    /// others; one table holds both sides' positions (a position's key
    /// tells whose turn it is).
    Alternate,
}

impl LearnerSide {
    /// The side of learning game number `game` (0-based).
    pub fn of_game(self, game: u64) -> Side {
        match self {
            LearnerSide::First => Side::First,
            LearnerSide::Second => Side::Second,
            LearnerSide::Alternate if game % 2 == 0 => Side::First,
            LearnerSide::Alternate => Side::Second,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            LearnerSide::First => "first",
            LearnerSide::Second => "second",
            LearnerSide::Alternate => "alternate",
        }
    }

    /// `first`/`second`/`alternate`, or `0`/`1`/`2`.
    pub fn parse(text: &str) -> Option<LearnerSide> {
        match text {
            "0" | "first" => Some(LearnerSide::First),
            "1" | "second" => Some(LearnerSide::Second),
            "2" | "alternate" => Some(LearnerSide::Alternate),
            _ => None,
        }
    }
}

/// Written as the number 0, 1 or 2 (as runs saved before the third choice
/// existed wrote 0 and 1).
impl Serialize for LearnerSide {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(*self as u8)
    }
}

/// Read from 0, 1, 2, or the same as text (a choice field of the page), or
/// `first`/`second`/`alternate`.
impl<'de> Deserialize<'de> for LearnerSide {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let text = match &v {
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::String(s) => s.clone(),
            _ => String::new(),
        };
        LearnerSide::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "side must be 0 (first), 1 (second) or 2 (alternate), not {v}"
            ))
        })
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

pub use crate::games::connect4::lookahead::MAX_LOOKAHEAD;

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// A name in the experiment ("ε=2%"); empty for a run set up by hand.
    #[serde(default)]
    pub label: String,
    pub learner: QParams,
    pub opponent: Opponent,
    pub rewards: Rewards,
    /// The learner's side: 0 plays first (Red), 1 second (Yellow), 2
    /// alternates.
    #[serde(default)]
    pub side: LearnerSide,
    /// Share one table entry between a position and its mirror image (see
    /// [`SparseTable`]). Not written when off, so runs without it are saved
    /// as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mirror: bool,
    /// Choose the learner's non-random moves by a lookahead of this many
    /// plies over the table ([`crate::games::connect4::lookahead`]); 0: the plain table. Not
    /// written when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lookahead: u8,
    pub total_games: u64,
    /// Learning games per curve point.
    pub block_games: u32,
    /// Positions of the learner's own games checked by the solver at each
    /// curve point; with any, the test positions are checked too (0: no
    /// optimal-move share).
    #[serde(default)]
    pub perfect_sample: u32,
    pub seed: u64,
}

/// The most positions of the learner's own games checked at a point.
pub const MAX_SAMPLE: u32 = 2_000;

q_run::q_run_config!(RunConfig, |c: &RunConfig| {
    crate::plugin::learner::at_most_each(
        &[("block_games", u64::from(c.block_games))],
        u64::from(MAX_BLOCK_GAMES),
    )
});

/// The most learning games of a curve point of a new run.
pub const MAX_BLOCK_GAMES: u32 = 10_000_000;

impl RunConfig {
    pub fn validate(&self) -> Result<(), String> {
        self.learner.validate()?;
        if self.block_games == 0 {
            return Err("block_games must be at least 1".into());
        }
        if self.lookahead > MAX_LOOKAHEAD {
            return Err(format!(
                "lookahead must be at most {MAX_LOOKAHEAD} plies, not {}",
                self.lookahead
            ));
        }
        if self.perfect_sample > MAX_SAMPLE {
            return Err(format!("perfect_sample must be at most {MAX_SAMPLE}"));
        }
        for (name, r) in [
            ("win", self.rewards.win),
            ("draw", self.rewards.draw),
            ("loss", self.rewards.loss),
        ] {
            if !(-1.0..=1.0).contains(&r) {
                return Err(format!(
                    "the {name} reward must be between -1 and 1, not {r}"
                ));
            }
        }
        Ok(())
    }

    /// The learner's side in its first game (and every game unless it
    /// alternates).
    pub fn learner_side(&self) -> Side {
        self.side.of_game(0)
    }
}

/// The seed of run `index` of an experiment started with `seed`.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// The study's α and γ are not reported; these learn well in both methods.
pub const ALPHA: f32 = 0.5;
pub const GAMMA: f32 = 0.9;

/// The exploration rates of experiment 1 and 2, in %.
pub const EXPLORATION_1: [u32; 6] = [0, 1, 2, 3, 4, 5];
pub const EXPLORATION_2: [u32; 8] = [0, 1, 2, 3, 4, 10, 20, 30];

/// The runs of experiment 1 or 2. Run `i` gets the seed
/// [`run_seed`]`(seed, i)`.
pub fn preset(experiment: u32, seed: u64) -> Result<Vec<RunConfig>, String> {
    let (rates, opponent, rewards, total, block): (&[u32], _, _, _, _) = match experiment {
        1 => (
            &EXPLORATION_1,
            Opponent::Stupid,
            Rewards::SURVIVE,
            300_000,
            1_000,
        ),
        2 => (
            &EXPLORATION_2,
            Opponent::Random,
            Rewards::WIN,
            1_000_000,
            10_000,
        ),
        n => return Err(format!("there is no experiment {n} (1 or 2)")),
    };
    Ok(rates
        .iter()
        .enumerate()
        .map(|(i, &e)| RunConfig {
            label: format!("ε={e}%"),
            learner: QParams {
                alpha: ALPHA,
                gamma: GAMMA,
                epsilon: e as f32 / 100.0,
            },
            opponent,
            rewards,
            side: LearnerSide::First,
            mirror: false,
            lookahead: 0,
            total_games: total,
            block_games: block,
            perfect_sample: 100,
            seed: run_seed(seed, i as u64),
        })
        .collect())
}

/// The seed of the greedy games of curve point `index` of a run started
/// with `seed` (apart from the run's own generator, which they leave
/// untouched).
pub fn point_seed(seed: u64, index: usize) -> u64 {
    seed ^ 0x6f70_7469_6d61_6c00 ^ (index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_the_study_shapes() {
        let one = preset(1, 1).unwrap();
        assert_eq!(one.len(), 6);
        assert!(one.iter().all(|c| c.total_games == 300_000
            && c.block_games == 1_000
            && c.opponent == Opponent::Stupid));
        let two = preset(2, 1).unwrap();
        assert_eq!(two.last().unwrap().learner.epsilon, 0.3);
        assert!(two.iter().all(|c| c.total_games == 1_000_000));
        assert!(preset(3, 1).is_err());
    }
}
