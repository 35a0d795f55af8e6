//! Hare and Hounds' kind of run as the page and the CLI describe it: the
//! study's Q-learning experiments' fields, presets and charts.

use super::learn::preset;
use super::runs::Q_TABLE;
use crate::plugin::{ChartSpec, Choice, FieldSpec, PresetInfo, RunKindInfo};

const PRESETS: [(&str, &str, &str); 5] = [
    (
        "1",
        "Experiment 1 · learning rate α × discount γ",
        "Nine runs against the random hare, 300,000 games each, with ε = 1: which α and γ learn a stable winning table.",
    ),
    (
        "2",
        "Experiment 2 · exploration ε",
        "Four runs against the random hare with α = 0.1, γ = 0.9 and ε from 0.1 to 1: how exploration changes the speed of learning.",
    ),
    (
        "3",
        "Experiment 3 · against the simple hare",
        "One run of 10,000 games against the study's fixed hare: how fast the hounds master it.",
    ),
    (
        "4",
        "Experiment 4 · three Q-values converge",
        "200,000 games against the random hare, sampling the values of three chosen moves: a trap goes to +1, a blunder below 0.",
    ),
    (
        "5",
        "Experiment 5 · both sides learn",
        "Not run in the study, its proposed next step: a learning hare against the learning hounds, 300,000 games.",
    ),
];

pub(super) fn q_table_kind() -> RunKindInfo {
    let hares = vec![
        Choice::new("random", "the random hare"),
        Choice::new("simple", "the simple hare"),
        Choice::new("perfect", "the perfect hare"),
    ];
    RunKindInfo {
        id: Q_TABLE.into(),
        title: "Tabular Q-learning of the hounds".into(),
        about: "A table holds a value for every position and every hound step; after each game \
                the values of the moves played move a little towards what followed. α sets how \
                far, γ how much later rewards count, ε how often the hounds try a random move."
            .into(),
        fields: vec![
            FieldSpec::float(
                "hounds.alpha",
                "Learning rate α",
                "How far each update moves a value towards its target (0 to 1).",
                (0.0, 1.0),
                0.05,
                0.1,
            ),
            FieldSpec::float(
                "hounds.gamma",
                "Discount γ",
                "How much a win counts when it comes later (0 to 1; 1: later counts fully).",
                (0.0, 1.0),
                0.05,
                0.9,
            ),
            FieldSpec::float(
                "hounds.epsilon",
                "Exploration ε",
                "The chance of a random move instead of the best-valued one while learning.",
                (0.0, 1.0),
                0.05,
                0.5,
            ),
            FieldSpec::choice(
                "hare.kind",
                "Hare",
                "The opponent the hounds learn against.",
                hares.clone(),
            ),
            FieldSpec::int(
                "total_games",
                "Learning games",
                "How many games the hounds learn from.",
                1,
                100_000_000,
                10_000,
            ),
            FieldSpec::int(
                "learn_games",
                "Curve point every (games)",
                "Learning games between two measurements of the greedy hounds.",
                1,
                10_000_000,
                100,
            ),
            FieldSpec::int(
                "eval_games",
                "Evaluation games",
                "Greedy games (learning off) at each curve point; 0 for none.",
                0,
                1_000_000,
                500,
            ),
            FieldSpec::boolean(
                "perfect_share",
                "Measure perfect moves",
                "At each point, the share of positions where the greedy hounds play a perfect move (from the exact solution), and a match against the perfect hare.",
                true,
            ),
            FieldSpec::int(
                "seed",
                "Seed",
                "Same seed, same run.",
                0,
                u64::MAX,
                1,
            ),
        ],
        presets: PRESETS
            .iter()
            .map(|&(id, name, sentence)| PresetInfo {
                id: id.into(),
                name: name.into(),
                sentence: sentence.into(),
                group: if id == "5" { "beyond" } else { "study" }.into(),
                runs: preset(id.parse().expect("a number"), 0)
                    .map(|r| r.len() as u32)
                    .unwrap_or(0),
            })
            .collect(),
        charts: vec![
            ChartSpec::new(
                "win",
                "Greedy hounds’ win % (dashed: against the perfect hare)",
                "win %",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new(
                "perfect",
                "Perfect moves in won positions %",
                "% perfect",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new("probes", "Sampled Q-values", "Q", Some([-1.0, 1.0])),
        ],
        continue_fields: vec![FieldSpec::choice(
            "hare",
            "Against",
            "The hare of the continued run.",
            std::iter::once(Choice::new("", "the hare it learned against"))
                .chain(hares)
                .collect(),
        )],
        snapshots: vec![100, 1_000],
        watchable: true,
        needs_learners: false,
        shows_weights: false,
    }
}
