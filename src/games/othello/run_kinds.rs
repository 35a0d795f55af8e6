//! Othello's kinds of run as the page and the CLI describe them: the
//! Q-network's and the genetic algorithm's fields, presets and charts.

use super::learn::ga::GaSettings;
use super::learn::{presets, TrainOpponent, TrainerConfig};
use super::runs::{GA, NTUPLE, QNET};
use crate::plugin::{demo_preset, ChartSpec, Choice, FieldSpec, PresetInfo, RunKindInfo};

/// The kind of run of the Othello study's learner.
pub(super) fn qnet_kind() -> RunKindInfo {
    let defaults = browser_defaults();
    RunKindInfo {
        id: QNET.into(),
        title: "Q-learning with a neural network".into(),
        about: "A small neural network estimates how good each move is (its Q-value) and learns \
                from its own games: after each move it nudges its estimate towards what the next \
                position turned out to be worth, and at the end towards the result."
            .into(),
        fields: vec![
            FieldSpec::choice(
                "encoding",
                "Input encoding",
                "What the network sees: QL1 is the board from the mover's side (+1 mine, −1 \
                 theirs); QL2 gives black, white and whose turn it is separately.",
                vec![
                    Choice::new("ql1", "QL1 — 64 inputs, mover’s view"),
                    Choice::new("ql2", "QL2 — 129 inputs, black/white/turn"),
                ],
            ),
            FieldSpec::int(
                "hidden",
                "Hidden nodes",
                "Units between the inputs and the 64 outputs; more can learn more, slower. The study used 40 and 64.",
                1,
                1024,
                defaults.hidden as u64,
            ),
            FieldSpec::choice(
                "activation",
                "Activation",
                "The squashing function of each unit; both give values between −1 and +1.",
                vec![
                    Choice::new("arctan", "arctan x"),
                    Choice::new("sigmoid", "2/(1+e^−x) − 1"),
                ],
            ),
            FieldSpec::choice(
                "opponent",
                "Opponent while training",
                "Self-play: one network plays both sides and learns from both. MSB: it learns \
                 against the max-stable player, half the games as black, then as white.",
                vec![
                    Choice::new("self", "Itself (self-play)"),
                    Choice::new("msb", "MSB (half as black, then as white)"),
                ],
            ),
            FieldSpec::int(
                "games",
                "Training games",
                "How many games the network learns from.",
                1,
                1_000_000_000_000,
                defaults.games,
            ),
            FieldSpec::int(
                "c",
                "β constant C (β = games / C)",
                "Exploration: moves are drawn with odds growing like e^(β·Q); β starts at 0 \
                 (random play) and grows as games / C, so a smaller C turns greedy sooner.",
                1,
                1_000_000_000_000,
                defaults.c as u64,
            ),
            FieldSpec::boolean(
                "symmetries",
                "Learn from the 8 mirror images too",
                "Not in the study: each update is also made for the 7 rotated and mirrored copies of \
                 the position and move, which are worth the same. Eight times the updates per game.",
                false,
            ),
            FieldSpec::int(
                "seed",
                "Seed",
                "Same seed, same run: the starting weights and every random draw.",
                0,
                u64::MAX,
                defaults.seed,
            ),
            FieldSpec::int(
                "eval_every",
                "Curve point every (games)",
                "How often the greedy network is measured against random, MVB and MSB (0: never).",
                0,
                1_000_000_000_000,
                defaults.eval_every,
            ),
            FieldSpec::int(
                "eval_games",
                "Evaluation games per opponent",
                "Games per opponent at each curve point, half as black and half as white; more is \
                 less noisy and slower.",
                2,
                10_000_000,
                u64::from(defaults.eval_games),
            ),
        ],
        presets: {
            let all: Vec<PresetInfo> = presets()
                .into_iter()
                .map(|p| PresetInfo {
                    name: preset_name(&p.config),
                    sentence: preset_sentence(&p.config, p.note),
                    group: if p.note.is_some() { "beyond" } else { "study" }.into(),
                    runs: 1,
                    id: p.name,
                })
                .collect();
            let demos: Vec<PresetInfo> = all
                .iter()
                .filter(|p| p.group == "study")
                .map(|p| demo_preset(p, DEMO_SEES))
                .collect();
            demos.into_iter().chain(all).collect()
        },
        charts: vec![ChartSpec::new(
            "win",
            "Win rate of the greedy network (solid as black, dashed as white)",
            "win %",
            Some([0.0, 100.0]),
        )],
        continue_fields: Vec::new(),
        snapshots: vec![1_000, 10_000],
        watchable: true,
        needs_learners: false,
        shows_weights: false,
    }
}

pub(super) fn ga_kind() -> RunKindInfo {
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
            (0.0, 1000.0),
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
    for (name, v) in super::weighted::Weights::NAMES
        .iter()
        .zip(d.start.to_array())
    {
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
        id: GA.into(),
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
        continue_fields: Vec::new(),
        // After 5 and 10 generations of the default settings.
        snapshots: [5, 10]
            .map(|g| g * d.ga_config().games_per_generation())
            .to_vec(),
        // A generation is many games at once: none of them is shown.
        watchable: false,
        needs_learners: true,
        shows_weights: true,
    }
}

/// The kind of run of the n-tuple network.
pub(super) fn ntuple_kind() -> RunKindInfo {
    use super::learn::ntuple::{presets as ntuple_presets, NTupleConfig, MAX_EXACT, MAX_PHASES};
    let d = NTupleConfig::default();
    RunKindInfo {
        id: NTUPLE.into(),
        title: "An n-tuple network learning by self-play (TD)".into(),
        about: "The network looks at small groups of squares (lines, corners, edges) and keeps, \
                for every way each group can be filled, a number; the position's value is the \
                sum of the numbers of all its groups. It plays itself, always to the position \
                it values most (now and then at random), and after each game every position \
                it played moves toward what came after it, the last toward the result."
            .into(),
        fields: vec![
            FieldSpec::choice(
                "patterns",
                "Groups of squares",
                "Lines of three: every straight line of three squares, small and quick to learn. \
                 Classic: the corner, edge and diagonal shapes strong programs use, 108,216 numbers, slower to learn and stronger. \
                 Logistello: the classic shapes and a 2×5 block at each corner, 167,265 numbers. \
                 Wide: Logistello's and a triangle of ten squares at each corner, 226,314 numbers.",
                vec![
                    Choice::new("lines3", "Lines of three"),
                    Choice::new("classic", "Classic shapes"),
                    Choice::new("logistello", "Logistello's shapes"),
                    Choice::new("wide", "Logistello's and corner triangles"),
                ],
            ),
            FieldSpec::int(
                "phases",
                "Phases",
                "Separate numbers for each part of the game (1: the same all game).",
                1,
                MAX_PHASES as u64,
                d.phases as u64,
            ),
            FieldSpec::boolean(
                "blend",
                "Blend the phases",
                "A position between two parts of the game uses both parts' numbers, each by how near it is, so its value changes smoothly from move to move.",
                d.blend,
            ),
            FieldSpec::int("games", "Learning games", "How many games it learns from.", 1, 100_000_000, d.games),
            FieldSpec::float(
                "alpha",
                "Step size α",
                "How far a value moves toward its target after a game (divided by the number of groups).",
                (0.001, 10.0),
                0.01,
                d.alpha,
            ),
            FieldSpec::float(
                "lambda",
                "λ of TD(λ)",
                "0: each position learns from the next one only (TD(0)); 1: from the game's result; between, from both.",
                (0.0, 1.0),
                0.1,
                d.lambda,
            ),
            FieldSpec::float(
                "epsilon",
                "Exploration ε",
                "The chance of a random move instead of the best one.",
                (0.0, 1.0),
                0.01,
                d.epsilon,
            ),
            FieldSpec::int(
                "opening",
                "Random opening moves",
                "Random moves at the start of every learning game, so that it sees many openings.",
                0,
                30,
                u64::from(d.opening),
            ),
            FieldSpec::choice(
                "target",
                "Learns toward",
                "Result: +1 a win, 0 a draw, −1 a loss. Margin: the final disc difference ÷ 64.",
                vec![
                    Choice::new("result", "Win, draw or loss"),
                    Choice::new("margin", "Disc difference"),
                ],
            ),
            FieldSpec::int(
                "exact",
                "Perfect endgame targets (empty squares)",
                "In the last this many empty squares each position learns its true value, worked out by the perfect endgame solver, instead of a guess (0: never). Above about 12 it slows learning down a lot.",
                0,
                u64::from(MAX_EXACT),
                u64::from(d.exact),
            ),
            FieldSpec::int("eval_every", "Curve point every (games)", "Learning games between two measurements.", 1, 100_000_000, d.eval_every),
            FieldSpec::int(
                "eval_games",
                "Evaluation games per opponent",
                "Games against each of random, MVB and MSB at a curve point, half as black.",
                2,
                100_000,
                u64::from(d.eval_games),
            ),
            FieldSpec::int("seed", "Seed", "The same seed gives the same run.", 0, 1 << 53, d.seed),
        ],
        presets: ntuple_presets()
            .into_iter()
            .map(|(id, name, sentence, _)| PresetInfo {
                id: id.into(),
                name: name.into(),
                sentence: sentence.into(),
                group: "beyond".into(),
                runs: 1,
            })
            .collect(),
        charts: vec![ChartSpec::new(
            "win",
            "Win rate of the network (solid as black, dashed as white)",
            "win %",
            Some([0.0, 100.0]),
        )],
        continue_fields: Vec::new(),
        snapshots: vec![1_000, 10_000, 100_000],
        watchable: true,
        needs_learners: true,
        shows_weights: false,
    }
}

/// Settings sized for a browser tab: a short run with a curve point every
/// 1,000 games.
pub(super) fn browser_defaults() -> TrainerConfig {
    TrainerConfig {
        games: 20_000,
        eval_every: 1_000,
        eval_games: 100,
        ..TrainerConfig::default()
    }
}

pub(super) fn opponent_words(o: TrainOpponent) -> &'static str {
    match o {
        TrainOpponent::SelfPlay => "self-play",
        TrainOpponent::Msb => "against MSB",
    }
}

/// Learning games of a demo run: the study's schedule compressed.
const DEMO_GAMES: u64 = 100_000;
/// Games between two curve points of a demo run, and evaluation games per opponent.
const DEMO_EVAL_EVERY: u64 = 4_000;
const DEMO_EVAL_GAMES: u32 = 50;

/// What a class sees in a demo run of a Q-network preset.
const DEMO_SEES: &str =
    "100,000 learning games, about half a minute on one core of a laptop (32 s \
                         measured; longer on a slower device): the same run compressed, with C \
                         shrunk by the same factor so that exploration fades on the study's \
                         schedule. A curve point every 4,000 games, a second or two apart: the \
                         greedy network's \
                         wins against random climb first, against MVB next, and MSB, the strongest \
                         of the three, holds out longest.";

/// The demo version of a Q-network preset: [`DEMO_GAMES`] games, C scaled
/// with them (β = games / C reaches the same value at the end), a curve
/// point every [`DEMO_EVAL_EVERY`] games.
pub(super) fn demo_config(mut c: TrainerConfig) -> TrainerConfig {
    if c.games > DEMO_GAMES {
        c.c *= DEMO_GAMES as f64 / c.games as f64;
        c.games = DEMO_GAMES;
    }
    c.eval_every = DEMO_EVAL_EVERY;
    c.eval_games = DEMO_EVAL_GAMES;
    c
}

pub(super) fn preset_name(c: &TrainerConfig) -> String {
    format!(
        "{}, {} hidden units, {} — {}",
        c.encoding.name().to_ascii_uppercase(),
        c.hidden,
        c.activation.name(),
        opponent_words(c.opponent)
    )
}

pub(super) fn preset_sentence(c: &TrainerConfig, note: Option<&str>) -> String {
    let games = compact(c.games);
    match note {
        Some(note) => format!("{games} games; {note}."),
        None if c.opponent == TrainOpponent::SelfPlay
            && c.hidden == 64
            && c.activation.name() == "arctan"
            && c.encoding.name() == "ql1" =>
        {
            format!("{games} games — the study's main run.")
        }
        None => format!(
            "{games} games with the study's C = {}.",
            compact(c.c as u64)
        ),
    }
}

pub(super) fn compact(n: u64) -> String {
    if n >= 1_000_000 && n % 100_000 == 0 {
        format!("{} M", n as f64 / 1e6)
    } else if n >= 1_000 && n % 1_000 == 0 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::{demo_of, GameEntry, DEMO_GROUP};

    #[test]
    fn every_study_preset_has_a_demo_with_the_same_schedule_compressed() {
        let kind = qnet_kind();
        let study: Vec<_> = kind.presets.iter().filter(|p| p.group == "study").collect();
        let demos: Vec<_> = kind
            .presets
            .iter()
            .filter(|p| p.group == DEMO_GROUP)
            .collect();
        assert_eq!(study.len(), demos.len());
        let entry = super::super::entry::Entry;
        for d in demos {
            let full = demo_of(&d.id).expect("a demo id");
            assert!(study.iter().any(|p| p.id == full), "{full}");
            let full_config = super::super::learn::preset(full).unwrap();
            let runs = entry.preset_runs(QNET, &d.id, 7).unwrap();
            let demo: TrainerConfig = serde_json::from_value(runs[0].clone()).unwrap();
            assert_eq!(demo.seed, 7);
            assert_eq!(demo.games, DEMO_GAMES);
            assert_eq!(demo.eval_every, DEMO_EVAL_EVERY);
            assert!(demo.games / demo.eval_every >= 5);
            // β = games / C ends where the study's run ends.
            let end = |c: &TrainerConfig| c.games as f64 / c.c;
            assert!((end(&demo) - end(&full_config)).abs() < 1e-9, "{full}");
            assert_eq!(
                (demo.encoding, demo.hidden, demo.opponent),
                (
                    full_config.encoding,
                    full_config.hidden,
                    full_config.opponent
                )
            );
        }
    }
}
