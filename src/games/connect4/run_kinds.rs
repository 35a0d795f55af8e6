//! Connect Four's kind of run as the page and the CLI describe it: the
//! study's Q-learning experiments' fields, presets and charts.

use super::learn::preset;
use super::runs::Q_TABLE;
use crate::plugin::{ChartSpec, Choice, FieldSpec, PresetInfo, RunKindInfo};

pub(super) const PRESETS: [(&str, &str, &str); 2] = [
    (
        "1",
        "Method 1 · survive the stupid player",
        "Six runs against the player that always takes the leftmost column, 300,000 games each, exploration 0–5%: a win and a loss are punished, a draw rewarded, so the table learns to last.",
    ),
    (
        "2",
        "Method 2 · beat the random player",
        "Eight runs against the random player, 1,000,000 games each, exploration 0–30%: a win is rewarded, a loss and a draw punished.",
    ),
];

pub(super) fn q_table_kind() -> RunKindInfo {
    let opponents = vec![
        Choice::new("random", "the random player"),
        Choice::new("stupid", "the stupid player (leftmost column)"),
    ];
    RunKindInfo {
        id: Q_TABLE.into(),
        title: "Tabular Q-learning".into(),
        about: "A hashed table holds a value for every position and column the learner has met \
                (only the values that are not 0, keyed by the position's unique 64-bit key), \
                moved after each move towards the reward of the game's end and the best value \
                that follows. Method 1 plays the stupid player (always the leftmost column): a \
                loss and a win are punished, a draw rewarded, and the curve is the mean number \
                of moves a game lasts. The study saw about a quarter of a move lost per percent \
                of exploration, and a ceiling near 25 moves: by then the board is so full that \
                every move either wins (punished) or lets the stupid player win. Method 2 plays \
                the random player, rewarding a win only; 0–4% exploration learned best, \
                10–30% clearly worse. Beyond the study, the chart of optimal moves says how \
                well the table plays Connect Four itself: the share of its moves that the \
                exact solver rates best, in a few games it plays against its opponent at each \
                point (solid) and on test positions from the solver's benchmark sets \
                (dashed). A table can win nearly every game against a weak player and still \
                choose the best move rarely. Also beyond the study: the \
                learner can play second or both sides, share one entry between a position \
                and its mirror image, and look a few moves ahead while it plays."
            .into(),
        fields: vec![
            FieldSpec::float(
                "learner.alpha",
                "Learning rate α",
                "How far each update moves a value towards its target (0 to 1).",
                (0.0, 1.0),
                0.05,
                super::learn::ALPHA.into(),
            ),
            FieldSpec::float(
                "learner.gamma",
                "Discount γ",
                "How much a reward counts when it comes later (0 to 1).",
                (0.0, 1.0),
                0.05,
                super::learn::GAMMA.into(),
            ),
            FieldSpec::float(
                "learner.epsilon",
                "Exploration ε",
                "The chance of a random column instead of the best-valued one.",
                (0.0, 1.0),
                0.01,
                0.02,
            ),
            FieldSpec::choice(
                "opponent",
                "Opponent",
                "The player the table learns against.",
                opponents,
            ),
            FieldSpec::float(
                "rewards.win",
                "Reward of a win",
                "Given at the end of a won game (−1 to 1).",
                (-1.0, 1.0),
                0.5,
                1.0,
            ),
            FieldSpec::float(
                "rewards.draw",
                "Reward of a draw",
                "Given at the end of a drawn game (−1 to 1).",
                (-1.0, 1.0),
                0.5,
                -1.0,
            ),
            FieldSpec::float(
                "rewards.loss",
                "Reward of a loss",
                "Given at the end of a lost game (−1 to 1).",
                (-1.0, 1.0),
                0.5,
                -1.0,
            ),
            FieldSpec::choice(
                "side",
                "Learner plays",
                "Which side the table learns: always first (Red), always second (Yellow), or each in turn (one table for both).",
                vec![
                    Choice::new("0", "first (Red)"),
                    Choice::new("1", "second (Yellow)"),
                    Choice::new("2", "first and second in turn"),
                ],
            ),
            FieldSpec::boolean(
                "mirror",
                "Share mirror images",
                "A position and its left-right mirror image share one set of values in the table, so what is learned on one side of the board counts on the other.",
                false,
            ),
            FieldSpec::int(
                "lookahead",
                "Look ahead while learning (moves)",
                "0: the learner plays the column with the best value. 1 or more: it looks that many moves ahead, counting finished games exactly and scoring the rest from the table.",
                0,
                u64::from(super::learn::MAX_LOOKAHEAD),
                0,
            ),
            FieldSpec::int(
                "total_games",
                "Learning games",
                "How many games the table learns from.",
                1,
                100_000_000,
                100_000,
            ),
            FieldSpec::int(
                "block_games",
                "Curve point every (games)",
                "Learning games summed up in one point of the curve.",
                1,
                10_000_000,
                1_000,
            ),
            FieldSpec::int(
                "perfect_sample",
                "Positions checked by the solver",
                "At each curve point the table plays a few games against its opponent (exploration off); this many of the positions where it moved are checked by the exact solver, and so are the test positions. 0: no check.",
                0,
                u64::from(super::learn::MAX_SAMPLE),
                100,
            ),
            FieldSpec::int("seed", "Seed", "Same seed, same run.", 0, u64::MAX, 1),
        ],
        presets: PRESETS
            .iter()
            .map(|&(id, name, sentence)| PresetInfo {
                id: id.into(),
                name: name.into(),
                sentence: sentence.into(),
                group: "study".into(),
                runs: preset(id.parse().expect("a number"), 0)
                    .map(|r| r.len() as u32)
                    .unwrap_or(0),
            })
            .collect(),
        charts: vec![
            ChartSpec::new("moves", "Mean moves per game", "moves", Some([0.0, 42.0])),
            ChartSpec::new("win", "Wins per block of games", "win %", Some([0.0, 100.0])),
            ChartSpec::new(
                "optimal",
                "Optimal moves (by the exact solver)",
                "% of its moves",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new("memory", "Table size", "MB", None),
        ],
        continue_fields: Vec::new(),
        snapshots: vec![1_000, 10_000],
        watchable: true,
        needs_learners: false,
        shows_weights: false,
    }
}
