//! The settings of a Hare and Hounds Q-learning run (the hounds' parameters,
//! the hare, the protocol, the probes) and the study's experiments as presets.

use serde::{Deserialize, Serialize};

use crate::learn::q_run;
use crate::learn::q_table::QParams;

/// Who plays the hare.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", try_from = "HareFields")]
pub enum HareConfig {
    Random,
    Simple,
    Perfect,
    /// A Q-learning hare with these parameters, learning alongside the hounds.
    Learning(QParams),
}

/// The hare's settings as written: its kind and, for a learning hare, its
/// parameters (read through this so that a setting no hare has is refused).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HareFields {
    kind: HareKind,
    alpha: Option<f32>,
    gamma: Option<f32>,
    epsilon: Option<f32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum HareKind {
    Random,
    Simple,
    Perfect,
    Learning,
}

impl TryFrom<HareFields> for HareConfig {
    type Error = String;

    fn try_from(f: HareFields) -> Result<HareConfig, String> {
        let fixed = |hare: HareConfig| match (f.alpha, f.gamma, f.epsilon) {
            (None, None, None) => Ok(hare),
            _ => Err("only a learning hare has alpha, gamma and epsilon".to_string()),
        };
        match f.kind {
            HareKind::Random => fixed(HareConfig::Random),
            HareKind::Simple => fixed(HareConfig::Simple),
            HareKind::Perfect => fixed(HareConfig::Perfect),
            HareKind::Learning => match (f.alpha, f.gamma, f.epsilon) {
                (Some(alpha), Some(gamma), Some(epsilon)) => Ok(HareConfig::Learning(QParams {
                    alpha,
                    gamma,
                    epsilon,
                })),
                _ => Err("a learning hare needs alpha, gamma and epsilon".to_string()),
            },
        }
    }
}

impl HareConfig {
    /// A fixed hare by the name its settings give it (`kind`): `random`,
    /// `simple` or `perfect`.
    pub fn fixed(name: &str) -> Result<HareConfig, String> {
        match serde_json::from_value(serde_json::json!({ "kind": name })) {
            Ok(hare @ (HareConfig::Random | HareConfig::Simple | HareConfig::Perfect)) => Ok(hare),
            _ => Err(format!("unknown hare '{name}' (random, simple or perfect)")),
        }
    }
}

/// A state–action pair whose Q-value is sampled at every curve point.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// A hound-to-move position, e.g. `hounds=e,c,i hare=R stall=0`.
    pub position: String,
    /// A legal hound move there, e.g. `e-f`.
    pub action: String,
}

/// One run of an experiment.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// A name among the runs of an experiment; may be empty (a run set up
    /// from its settings alone is described by them).
    #[serde(default)]
    pub label: String,
    /// The hounds' α, γ, ε.
    pub hounds: QParams,
    pub hare: HareConfig,
    /// Learning games between two curve points.
    pub learn_games: u32,
    /// Greedy games (learning off) at each curve point; 0 for none.
    pub eval_games: u32,
    /// Learning games in all.
    pub total_games: u64,
    pub seed: u64,
    /// Whether each point measures the perfect-move share (needs the solution).
    pub perfect_share: bool,
    #[serde(default)]
    pub probes: Vec<Probe>,
}

q_run::q_run_config!(RunConfig, |c: &RunConfig| {
    crate::plugin::learner::at_most_each(
        &[("learn_games", u64::from(c.learn_games))],
        u64::from(MAX_LEARN_GAMES),
    )
});

/// The most learning games between two curve points of a new run.
pub const MAX_LEARN_GAMES: u32 = 10_000_000;

/// The state-action pairs sampled by experiment 4: a trapping move (the
/// hounds win at once: Q → +1), a move that lets the hare escape at once
/// (Q → −1), and the opening move `L-d` from the start (a winning move).
pub fn default_probes() -> Vec<Probe> {
    [
        ("hounds=e,c,i hare=R stall=0", "e-f"),
        ("hounds=d,b,h hare=a stall=0", "d-e"),
        ("hounds=L,a,g hare=R stall=0", "L-d"),
    ]
    .iter()
    .map(|(p, a)| Probe {
        position: p.to_string(),
        action: a.to_string(),
    })
    .collect()
}

/// The seed of run `index` of an experiment started with `seed`:
/// `seed × 1,000,003 + index` (wrapping), so that runs of different base
/// seeds never share a seed.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// The runs of one of the study's experiments (1 to 4, and 5 for both sides
/// learning). Run `i` gets the seed [`run_seed`]`(seed, i)`.
pub fn preset(experiment: u32, seed: u64) -> Result<Vec<RunConfig>, String> {
    let base = |label: String, hounds: QParams, hare: HareConfig, i: u64| RunConfig {
        label,
        hounds,
        hare,
        learn_games: 300,
        eval_games: 500,
        total_games: 300_000,
        seed: run_seed(seed, i),
        perfect_share: true,
        probes: Vec::new(),
    };
    let recommended = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let runs = match experiment {
        1 => {
            let mut v = Vec::new();
            for alpha in [0.1, 0.5, 0.9] {
                for gamma in [0.1, 0.5, 0.9] {
                    let p = QParams {
                        alpha,
                        gamma,
                        epsilon: 1.0,
                    };
                    let i = v.len() as u64;
                    v.push(base(
                        format!("α={alpha} γ={gamma}"),
                        p,
                        HareConfig::Random,
                        i,
                    ));
                }
            }
            v
        }
        2 => [0.1, 0.5, 0.9, 1.0]
            .iter()
            .enumerate()
            .map(|(i, &epsilon)| {
                let p = QParams {
                    alpha: 0.1,
                    gamma: 0.9,
                    epsilon,
                };
                base(format!("ε={epsilon}"), p, HareConfig::Random, i as u64)
            })
            .collect(),
        3 => vec![RunConfig {
            learn_games: 10,
            total_games: 10_000,
            ..base("simple hare".into(), recommended, HareConfig::Simple, 0)
        }],
        4 => vec![RunConfig {
            learn_games: 100,
            eval_games: 0,
            total_games: 200_000,
            perfect_share: false,
            probes: default_probes(),
            ..base("convergence".into(), recommended, HareConfig::Random, 0)
        }],
        5 => vec![base(
            "both learn".into(),
            recommended,
            HareConfig::Learning(recommended),
            0,
        )],
        n => return Err(format!("there is no experiment {n} (1 to 5)")),
    };
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Side};
    use crate::games::hare_hounds::learners::q_table::QTableRun;
    use crate::games::hare_hounds::solve::Solution;
    use crate::games::hare_hounds::HareHounds;

    #[test]
    fn presets_have_the_study_shapes() {
        assert_eq!(preset(1, 0).unwrap().len(), 9);
        assert_eq!(preset(2, 0).unwrap().len(), 4);
        let e3 = &preset(3, 0).unwrap()[0];
        assert_eq!(
            (e3.learn_games, e3.eval_games, e3.total_games),
            (10, 500, 10_000)
        );
        let e4 = &preset(4, 0).unwrap()[0];
        assert_eq!(
            (e4.learn_games, e4.total_games, e4.probes.len()),
            (100, 200_000, 3)
        );
        assert!(preset(6, 0).is_err());
    }

    #[test]
    fn default_probes_are_a_win_and_a_loss() {
        let s = Solution::solve();
        let wins: Vec<bool> = default_probes()
            .iter()
            .map(|p| {
                let g = HareHounds::parse(&p.position).unwrap();
                let m = HareHounds::parse_move(&p.action).unwrap();
                assert!(
                    s.reachable(Side::First).contains(&g),
                    "{} reachable",
                    p.position
                );
                s.value_after(&g, m).winner == Side::First
            })
            .collect();
        assert_eq!(wins, [true, false, true]);
    }

    #[test]
    fn bad_probes_are_rejected() {
        let mut c = preset(4, 0).unwrap().remove(0);
        c.probes[0].action = "e-d".into();
        assert!(QTableRun::new(c.clone()).is_err());
        c.probes[0].position = "hounds=e,c hare=R".into();
        assert!(QTableRun::new(c).is_err());
    }
}
