//! Othello's plug-in: what the page shows of a position, the fixed players,
//! the Q-network run, models, benchmarks and the CLI.

use std::collections::BTreeMap;

use serde_json::Value;

use super::learn::ga::{model_weights, GaRun, GaSettings, GA};
use super::learn::{presets, TrainOpponent, Trainer, TrainerConfig};
use super::players::by_name;
use super::qnet::QNetPlayer;
use super::runs::{opponent_title, QNET};
use super::search_player::{SearchPlayer, SearchSettings};
use super::weighted::Weights;
use super::{Board, PASS};
use crate::game::{Game, MoveError, Side};
use crate::model::{Algorithm, Model};
use crate::plugin::run::percent;
use crate::plugin::trainer::TrainerRun;
use crate::plugin::{
    ChartSpec, Choice, DynAgent, DynRun, DynSession, FieldSpec, GameEntry, GameInfo, ModelUse,
    Playable, PlayerInfo, PlayerSettings, PresetInfo, ResumeOptions, RunKindInfo, TypedAgent,
    TypedSession,
};
use crate::rate::{measure, Rate};

impl Playable for Board {
    const TITLE: &'static str = "Othello";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];
    const ROWS: u32 = 8;
    const COLS: u32 = 8;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        let (black, white) = (self.black(), self.white());
        out.extend((0..64).map(|sq| {
            if black >> sq & 1 == 1 {
                1
            } else if white >> sq & 1 == 1 {
                2
            } else {
                0
            }
        }));
    }

    fn move_cells(&self, m: u8) -> (Option<u32>, Option<u32>) {
        (None, (m != PASS).then_some(u32::from(m)))
    }

    fn counts(&self) -> Option<[u32; 2]> {
        Some([self.count(Side::First), self.count(Side::Second)])
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        Board::parse(text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
        super::parse_transcript(text)
    }

    /// Squares only: a pass inside the record is implied by the next move
    /// (the reader inserts it); a pass that ends the record is written out,
    /// so the record reads back to the position after it.
    fn transcript(moves: &[u8]) -> String {
        let mut text = super::format_transcript(moves);
        if moves.last() == Some(&PASS) {
            text.push_str("pass");
        }
        text
    }

    fn move_notice(&self, m: u8) -> Option<String> {
        (m == PASS).then(|| {
            format!(
                "{} had no legal move and passed.",
                Self::SIDE_NAMES[self.to_move().index()]
            )
        })
    }

    fn position_notice(&self) -> Option<String> {
        self.must_pass().then(|| {
            format!(
                "{} has no legal move and must pass.",
                Self::SIDE_NAMES[self.to_move().index()]
            )
        })
    }
}

/// Othello's entry in the registry.
pub struct Entry;

/// The search player's settings a visitor sets.
fn search_fields() -> Vec<FieldSpec> {
    let mut fields = vec![
        FieldSpec::int(
            "level",
            "Level",
            "1 looks one move ahead and plays the last 2 squares perfectly; 10 looks 10 moves ahead and plays the last 20 perfectly.",
            1,
            10,
            4,
        ),
        FieldSpec::float(
            "noise",
            "Randomness",
            "Adds a random amount up to this much to every value it computes, so that two games differ.",
            (0.0, 1000.0),
            1.0,
            0.0,
        ),
    ];
    let help = [
        "corners",
        "edge squares next to a corner",
        "diagonal squares next to a corner",
        "other edge squares",
        "squares next to the edge",
        "the centre",
        "each move it has more than its opponent (mobility)",
    ];
    for ((name, value), help) in Weights::NAMES
        .iter()
        .zip(Weights::STUDY.to_array())
        .zip(help)
    {
        fields.push(FieldSpec::float(
            &format!("weights.{name}"),
            &format!("Weight {name}"),
            &format!("The value of a disc on {help}."),
            (-10_000.0, 10_000.0),
            1.0,
            value,
        ));
    }
    fields
}

/// Search settings from a page's settings object: a `level` (default 4),
/// then any of `depth`, `endgame`, `noise` and `weights` (some or all of the
/// seven coefficients) over it.
fn search_settings(v: &Value) -> Result<SearchSettings, String> {
    let level = match v.get("level") {
        None | Some(Value::Null) => 4,
        Some(l) => l
            .as_u64()
            .filter(|l| (1..=10).contains(l))
            .ok_or_else(|| format!("the level must be from 1 to 10, not {l}"))?
            as u32,
    };
    let mut s = SearchSettings::level(level);
    if let Some(d) = v.get("depth").and_then(Value::as_u64) {
        s.depth = d.min(u64::from(u32::MAX)) as u32;
    }
    if let Some(e) = v.get("endgame").and_then(Value::as_u64) {
        s.endgame = e.min(u64::from(u32::MAX)) as u32;
    }
    if let Some(n) = v.get("noise").and_then(Value::as_f64) {
        s.noise = n;
    }
    if let Some(w) = v.get("weights") {
        if let Some(name) = w
            .as_object()
            .and_then(|m| m.keys().find(|k| !Weights::NAMES.contains(&k.as_str())))
        {
            return Err(format!(
                "there is no coefficient '{name}' (the coefficients are {})",
                Weights::NAMES.join(", ")
            ));
        }
        let mut arr = s.weights.to_array();
        for (i, name) in Weights::NAMES.iter().enumerate() {
            if let Some(x) = w.get(*name) {
                arr[i] = x
                    .as_f64()
                    .ok_or_else(|| format!("the weight {name} must be a number, not {x}"))?;
            }
        }
        s.weights = Weights::from_array(arr);
    }
    s.validate()?;
    Ok(s)
}

/// The search player's settings in a normal form, checked: `level`,
/// `noise`, the seven `weights`, and `depth` and `endgame` where given.
fn normal_search_settings(v: &Value) -> Result<Value, String> {
    let s = search_settings(v)?;
    let mut out = serde_json::Map::new();
    let level = v.get("level").and_then(Value::as_u64).unwrap_or(4);
    out.insert("level".into(), level.into());
    for (key, value) in [("depth", s.depth), ("endgame", s.endgame)] {
        if v.get(key).is_some_and(|x| !x.is_null()) {
            out.insert(key.into(), value.into());
        }
    }
    out.insert("noise".into(), s.noise.into());
    out.insert(
        "weights".into(),
        serde_json::to_value(s.weights).map_err(|e| e.to_string())?,
    );
    Ok(Value::Object(out))
}

/// The search player's settings a saved set of coefficients holds (absent
/// from the models of a genetic run, which hold only their weights).
const PLAYER_SETTINGS: &str = "player_settings";

/// The settings a weights model plays with: those it keeps, then `settings`
/// (the page's or the command line's) over them.
fn weights_model_settings(model: &Model, settings: &Value) -> Result<SearchSettings, String> {
    let mut merged = match model.header.hyper.get(PLAYER_SETTINGS) {
        Some(Value::Object(m)) => m.clone(),
        _ => serde_json::Map::new(),
    };
    if let Value::Object(given) = settings {
        for (k, v) in given {
            if !v.is_null() {
                merged.insert(k.clone(), v.clone());
            }
        }
    }
    let mut s = search_settings(&Value::Object(merged))?;
    s.weights = model_weights(model)?;
    Ok(s)
}

/// The kind of run of the Othello study's learner.
fn qnet_kind() -> RunKindInfo {
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
        presets: presets()
            .into_iter()
            .map(|p| PresetInfo {
                name: preset_name(&p.config),
                sentence: preset_sentence(&p.config, p.note),
                group: if p.note.is_some() { "beyond" } else { "study" }.into(),
                runs: 1,
                id: p.name,
            })
            .collect(),
        charts: vec![ChartSpec::new(
            "win",
            "Win rate of the greedy network (solid as black, dashed as white)",
            "win %",
            Some([0.0, 100.0]),
        )],
        continue_fields: Vec::new(),
        snapshots: vec![1_000, 10_000],
        watchable: true,
    }
}

fn ga_kind() -> RunKindInfo {
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
    }
}

/// Settings sized for a browser tab: a short run with a curve point every
/// 1,000 games.
fn browser_defaults() -> TrainerConfig {
    TrainerConfig {
        games: 20_000,
        eval_every: 1_000,
        eval_games: 100,
        ..TrainerConfig::default()
    }
}

fn opponent_words(o: TrainOpponent) -> &'static str {
    match o {
        TrainOpponent::SelfPlay => "self-play",
        TrainOpponent::Msb => "against MSB",
    }
}

fn preset_name(c: &TrainerConfig) -> String {
    format!(
        "{}, {} hidden units, {} — {}",
        c.encoding.name().to_ascii_uppercase(),
        c.hidden,
        c.activation.name(),
        opponent_words(c.opponent)
    )
}

fn preset_sentence(c: &TrainerConfig, note: Option<&str>) -> String {
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

fn compact(n: u64) -> String {
    if n >= 1_000_000 && n % 100_000 == 0 {
        format!("{} M", n as f64 / 1e6)
    } else if n >= 1_000 && n % 1_000 == 0 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        Board::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo::grid::<Board>(
            "Flip discs on an 8×8 board; a network learns from its own games and plays the study's fixed strategies.",
            vec![
                PlayerInfo::simple("random", "Random", "any legal move"),
                PlayerInfo::simple("mvb", "MVB", "most flips"),
                PlayerInfo::simple("msb", "MSB", "most stable discs"),
                PlayerInfo {
                    searches: true,
                    settings: search_fields(),
                    saves_settings: true,
                    ..PlayerInfo::simple(
                        "search",
                        "Search",
                        "looks ahead with the Reversi study's evaluation",
                    )
                },
            ],
            vec![qnet_kind(), ga_kind()],
        )
    }

    fn new_session(&self) -> Box<dyn DynSession> {
        Box::new(TypedSession::<Board>::default())
    }

    fn agent(
        &self,
        name: &str,
        settings: &Value,
        model: Option<&Model>,
    ) -> Result<Box<dyn DynAgent>, String> {
        match (name.trim(), model) {
            ("model", Some(model)) if model.header.algorithm == Algorithm::GaWeights => {
                // Tuned or saved weights play as the search player.
                let s = weights_model_settings(model, settings)?;
                let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
                Ok(TypedAgent::new(Box::new(SearchPlayer::new(s, seed)?)).boxed())
            }
            ("model", Some(model)) => {
                let trainer = Trainer::from_model(model)?;
                Ok(TypedAgent::new(Box::new(QNetPlayer::new(trainer.net().clone()))).boxed())
            }
            ("model", None) => Err("the model player needs a model file".into()),
            ("search", _) => {
                let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
                let settings = search_settings(settings)?;
                Ok(TypedAgent::new(Box::new(SearchPlayer::new(settings, seed)?)).boxed())
            }
            (name, _) => Ok(TypedAgent::new(by_name(name).map_err(|e| e.0)?).boxed()),
        }
    }

    fn preset_runs(&self, kind: &str, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        if kind == GA {
            let generations = match preset {
                "study-20" => 20,
                "study-50" => 50,
                _ => return Err(crate::plugin::unknown_preset(Board::TITLE, kind, preset)),
            };
            let s = GaSettings {
                generations,
                seed,
                ..GaSettings::default()
            };
            return Ok(vec![serde_json::to_value(s).map_err(|e| e.to_string())?]);
        }
        if kind != QNET {
            return Err(crate::plugin::unknown_preset(Board::TITLE, kind, preset));
        }
        let mut config = super::learn::preset(preset)?;
        config.seed = seed;
        // Sized for the page: about a hundred curve points of 100 games each.
        config.eval_every = (config.games / 100).max(1_000);
        config.eval_games = 100;
        Ok(vec![
            serde_json::to_value(config).map_err(|e| e.to_string())?
        ])
    }

    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind == GA {
            let settings: GaSettings = serde_json::from_value(config.clone())
                .map_err(|e| format!("bad tuning settings: {e}"))?;
            return Ok(TrainerRun::boxed(GaRun::new(settings)?));
        }
        if kind != QNET {
            return Err(format!("Othello has no training run '{kind}'"));
        }
        let config: TrainerConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("bad training settings: {e}"))?;
        Ok(TrainerRun::boxed(Trainer::new(config)?))
    }

    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        if model.header.algorithm == Algorithm::GaWeights {
            let mut run = GaRun::from_model(model)?;
            if let Some(total) = options.total {
                crate::plugin::Trainer::set_total(&mut run, total)?;
            }
            return Ok(TrainerRun::boxed(run));
        }
        let mut t = Trainer::from_model(model)?;
        if let Some(total) = options.total {
            t.set_total_games(total)?;
        }
        Ok(TrainerRun::boxed(t))
    }

    fn settings_model(&self, player: &str, settings: &Value, name: &str) -> Result<Model, String> {
        if player != "search" {
            return Err(format!(
                "only the search player's settings can be kept, not '{player}''s"
            ));
        }
        let normal = normal_search_settings(settings)?;
        let mut header = crate::model::Header::new(
            crate::model::GameId::of("othello"),
            Algorithm::GaWeights,
            name.trim(),
        );
        header.encoding = "weighted-squares-mobility".into();
        header
            .hyper
            .insert("weights".into(), normal["weights"].clone());
        header.hyper.insert(PLAYER_SETTINGS.into(), normal);
        let model = Model::new(header);
        model.header.check().map_err(|e| e.to_string())?;
        Ok(model)
    }

    fn kept_settings(&self, model: &Model) -> Option<PlayerSettings> {
        if model.header.algorithm != Algorithm::GaWeights {
            return None;
        }
        let settings = match model.header.hyper.get(PLAYER_SETTINGS) {
            Some(s) => normal_search_settings(s).ok()?,
            None => {
                serde_json::json!({ "weights": serde_json::to_value(model_weights(model).ok()?).ok()? })
            }
        };
        Some(PlayerSettings {
            player: "search".into(),
            settings,
        })
    }

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm == Algorithm::GaWeights
            && model.header.hyper.contains_key(PLAYER_SETTINGS)
        {
            // A set of coefficients kept from the search player's settings.
            model.only_arrays(|_| false)?;
            let s = weights_model_settings(model, &Value::Null)?;
            let level = model.header.hyper[PLAYER_SETTINGS]
                .get("level")
                .and_then(Value::as_u64)
                .unwrap_or(4);
            let coeffs: Vec<String> = super::weighted::Weights::NAMES
                .iter()
                .zip(s.weights.to_array())
                .map(|(n, v)| format!("{n} {v}"))
                .collect();
            let noise = if s.noise > 0.0 {
                format!(" · randomness {}", s.noise)
            } else {
                String::new()
            };
            return Ok(ModelUse {
                summary: format!(
                    "search player's coefficients · level {level}{noise} · {}",
                    coeffs.join(" ")
                ),
                win_rates: BTreeMap::new(),
                plays: true,
                side: None,
                continues_as: None,
            });
        }
        if model.header.algorithm == Algorithm::GaWeights {
            let run = GaRun::from_model(model)?;
            let w = run.best().to_array();
            let coeffs: Vec<String> = super::weighted::Weights::NAMES
                .iter()
                .zip(w)
                .map(|(n, v)| format!("{n} {v:.1}"))
                .collect();
            return Ok(ModelUse {
                summary: format!(
                    "weights tuned over {} generations · {}",
                    run.ga().generation(),
                    coeffs.join(" ")
                ),
                win_rates: BTreeMap::new(),
                plays: true,
                side: None,
                continues_as: Some(GA.into()),
            });
        }
        if model.header.algorithm != Algorithm::QNet {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        let trainer = Trainer::from_model(model)?;
        let c = trainer.config();
        let opponent = match c.opponent {
            TrainOpponent::SelfPlay => "self-play",
            TrainOpponent::Msb => "vs MSB",
        };
        let summary = format!(
            "{} · {} hidden · {} · {opponent}",
            c.encoding.name().to_ascii_uppercase(),
            c.hidden,
            c.activation.name()
        );
        let mut win_rates = BTreeMap::new();
        if let Some(point) = trainer.curve().last() {
            for r in &point.results {
                for (side, rec) in [("black", &r.black), ("white", &r.white)] {
                    if rec.games() > 0 {
                        win_rates.insert(
                            format!("vs {} as {side}", opponent_title(&r.opponent)),
                            percent(rec.wins, rec.games()),
                        );
                    }
                }
            }
        }
        Ok(ModelUse {
            summary,
            win_rates,
            plays: true,
            side: None,
            continues_as: Some(QNET.into()),
        })
    }

    fn benches(&self) -> Vec<crate::plugin::Bench> {
        vec![
            crate::plugin::Bench {
                name: "othello_perft_9",
                run: |_, secs| perft_rate(9, secs),
            },
            crate::plugin::Bench {
                name: "othello_qnet_training",
                run: super::bench::training_rate,
            },
            crate::plugin::Bench {
                name: "othello_endgame_ffo",
                run: super::bench::endgame_rate,
            },
        ]
    }

    fn long_benches(&self) -> Vec<crate::plugin::Bench> {
        vec![crate::plugin::Bench {
            name: "othello_endgame_ffo_40_49",
            run: super::bench::ffo_40_49_rate,
        }]
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn cli(&self) -> clap::Command {
        crate::cli::game_command::<super::cli::Command>(self.id(), "Othello / Reversi.")
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_cli(&self, matches: &clap::ArgMatches) -> Result<(), crate::cli::CliError> {
        super::cli::run(crate::cli::game_subcommand(matches)?)
    }
}

/// Othello perft from the start position: leaves per second (bulk-counted).
pub fn perft_rate(depth: u32, min_seconds: f64) -> Rate {
    measure(
        &format!("othello_perft_{depth}"),
        "leaves",
        min_seconds,
        || super::perft(&Board::start(), depth),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::describe_model;
    use crate::model::Kind;
    use crate::plugin::RunProgress;

    #[test]
    fn othello_networks_are_described_from_their_curve() {
        let config = TrainerConfig {
            games: 40,
            eval_every: 20,
            eval_games: 4,
            hidden: 8,
            ..TrainerConfig::default()
        };
        let mut t = Trainer::new(config).unwrap();
        t.train(40);
        let e = describe_model(&t.to_model(Kind::Model).unwrap()).unwrap();
        assert_eq!(e.summary, "QL1 · 8 hidden · arctan · self-play");
        // random, MVB and MSB, each as black and as white.
        assert_eq!(e.win_rates.len(), 6, "{:?}", e.win_rates);
        assert!(e.win_rates.contains_key("vs MSB as white"));
        assert!(e.win_rates.values().all(|v| (0.0..=100.0).contains(v)));
    }

    #[test]
    fn a_run_through_the_plug_in_matches_the_trainer() {
        let config = serde_json::json!({
            "games": 60, "eval_every": 30, "eval_games": 4, "hidden": 8, "seed": 3
        });
        let mut run = Entry.new_run("qnet", &config).unwrap();
        let mut points = Vec::new();
        while !run.is_done() {
            points.extend(run.step(25));
        }
        assert_eq!(
            run.progress(),
            RunProgress {
                done: 60,
                total: 60
            }
        );
        assert_eq!(points, run.points());
        // Curve points at 0, 30 and 60 games, each with six series.
        assert_eq!(points.iter().map(|p| p.x).collect::<Vec<_>>(), [0, 30, 60]);
        assert!(points.iter().all(|p| p.y.len() == 6));
        // Each win rate comes with the number of games it was measured on:
        // a whole number of wins out of that many.
        for p in &points {
            assert_eq!(p.n.len(), 6, "{p:?}");
            for (id, &n) in &p.n {
                let wins = p.y[id] * n as f64 / 100.0;
                assert!(n > 0 && (wins - wins.round()).abs() < 1e-9, "{id}: {p:?}");
            }
        }
        let ids: Vec<String> = run.series().into_iter().map(|s| s.id).collect();
        assert!(points[0].y.keys().all(|k| ids.contains(k)));
        // The same run by the trainer itself gives the same weights.
        let mut t = Trainer::new(serde_json::from_value(config).unwrap()).unwrap();
        t.train(60);
        let a = run.model("a").unwrap();
        let b = t.to_model(Kind::Model).unwrap();
        assert_eq!(a.arrays, b.arrays);
        assert_eq!(a.header.name, "a");
    }

    #[test]
    fn presets_are_named_and_sized_for_the_page() {
        let kind = qnet_kind();
        assert_eq!(kind.presets.len(), presets().len());
        let main = kind
            .presets
            .iter()
            .find(|p| p.id == "ql1-h64-arctan-self")
            .unwrap();
        assert_eq!(main.name, "QL1, 64 hidden units, arctan — self-play");
        assert!(
            main.sentence.contains("the study's main run"),
            "{}",
            main.sentence
        );
        let runs = Entry.preset_runs("qnet", "ql1-h64-arctan-self", 7).unwrap();
        let c: TrainerConfig = serde_json::from_value(runs[0].clone()).unwrap();
        assert_eq!((c.seed, c.games, c.eval_every), (7, 10_000_000, 100_000));
        assert!(Entry.preset_runs("qnet", "nope", 1).is_err());
    }
}

#[cfg(test)]
mod settings_tests {
    use super::*;
    use crate::games::{describe_model, kept_settings};
    use crate::model::{decode, encode};

    fn kept(settings: Value) -> Model {
        let m = Entry
            .settings_model("search", &settings, " corners first ")
            .unwrap();
        decode(&encode(&m).unwrap()).unwrap()
    }

    #[test]
    fn search_settings_kept_as_a_model_come_back_whole() {
        let m = kept(serde_json::json!({
            "level": 6, "noise": 2.5, "weights": { "a": 90.0, "v": 0.0 }
        }));
        assert_eq!(m.header.name, "corners first");
        assert_eq!(m.header.algorithm, Algorithm::GaWeights);
        assert!(m.arrays.is_empty());
        let s = kept_settings(&m).unwrap();
        assert_eq!(s.player, "search");
        assert_eq!(s.settings["level"], 6);
        assert_eq!(s.settings["noise"], 2.5);
        // The weights not given keep the study's hand-set values.
        let w: Weights = serde_json::from_value(s.settings["weights"].clone()).unwrap();
        let mut expected = Weights::STUDY.to_array();
        expected[0] = 90.0;
        expected[6] = 0.0;
        assert_eq!(w.to_array(), expected);
        let use_ = describe_model(&m).unwrap();
        assert!(use_.plays && use_.continues_as.is_none());
        assert!(use_.summary.contains("level 6"), "{}", use_.summary);
        assert!(use_.summary.contains("a 90"), "{}", use_.summary);
    }

    #[test]
    fn a_kept_set_plays_with_its_own_level_unless_told_otherwise() {
        let m = kept(serde_json::json!({ "level": 1, "weights": { "a": 90.0 } }));
        let s = weights_model_settings(&m, &Value::Null).unwrap();
        assert_eq!(
            (s.depth, s.weights.a),
            (SearchSettings::level(1).depth, 90.0)
        );
        let s = weights_model_settings(&m, &serde_json::json!({ "level": 3 })).unwrap();
        assert_eq!(s.depth, SearchSettings::level(3).depth);
        // It plays as the model player.
        let mut agent = Entry.agent("model", &Value::Null, Some(&m)).unwrap();
        let start = Board::start().position_text();
        let mut budget = crate::search::budget::Budget::unlimited();
        assert!(agent.think(&start, 1, &mut budget).is_ok());
    }

    #[test]
    fn bad_settings_and_other_players_are_refused() {
        let e = Entry
            .settings_model("search", &serde_json::json!({ "level": 11 }), "x")
            .unwrap_err();
        assert!(e.contains("level"), "{e}");
        let e = Entry
            .settings_model(
                "search",
                &serde_json::json!({ "weights": { "z": 1.0 } }),
                "x",
            )
            .unwrap_err();
        assert!(!e.is_empty());
        let e = Entry
            .settings_model("msb", &serde_json::json!({}), "x")
            .unwrap_err();
        assert!(e.contains("msb"), "{e}");
    }
}
