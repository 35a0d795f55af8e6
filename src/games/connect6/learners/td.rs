//! The study's learner: the 492 pattern weights learned by TD(0) in
//! self-play ([`crate::learn::linear_td`], [`crate::games::connect6::learn`]),
//! measured every so often against the hand-set weights on the shipped
//! openings. One file for one learner: its settings and presets, its update
//! step ([`Learner`]), its models and their player, and its kind of run as
//! the game lists it.
//!
//! The curve is the study's protocol: the learned weights play the hand-set
//! ones from every opening of [`crate::games::connect6::learn::OPENINGS`] twice, colours
//! swapped, both choosing their best stones with the threat-space search;
//! a win is 2 points, a draw 1, and the score is the share of the points.

use serde::{Deserialize, Serialize};

use crate::game::{rng_from_seed, Game, Player, Rng};
use crate::games::connect6::features::{
    hand_weights, line_index, FEATURES, LINE_KINDS, PER_PHASE, PHASES,
};
use crate::games::connect6::learn::{
    learning_game, openings, parse_records, proven_first, record_game, score, Chooser, Record,
    Watch,
};
use crate::games::connect6::rules::{Board, Point};
use crate::learn::linear_td::{LinearTd, Params};
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::plugin::learner::{json, saved_curve, Every};
use crate::plugin::run::{thousands, Recorder};
use crate::plugin::{
    kind, DynAgent, Learner, LearnerKind, ModelUse, Playable, Played, Point as CurvePointOut,
    Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec, TypedAgent, WeightTable,
};

/// The kind of run.
pub const TD: &str = "td";

/// The generic run of this learner.
pub type TdRun = crate::plugin::Run<TdLearner>;

/// The learner's name where the page's first module leaves it out.
const LEARNER_NAME: &str = "Connect6 learner";
/// The openings shipped (`openings.txt`).
pub const OPENING_COUNT: usize = 50;
/// The feature set's name in model files.
pub const ENCODING: &str = "c6-patterns-492";

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunConfig {
    /// Learning games in all.
    pub games: u64,
    pub alpha: f32,
    pub epsilon: f32,
    /// Threat-space search while learning.
    pub tss: bool,
    /// Steps divided by ‖φ‖².
    pub normalise: bool,
    /// Learn from the position two turns later.
    pub two_turn: bool,
    /// Features by their sign only.
    pub sign_only: bool,
    /// Each phase its own weights.
    pub per_phase: bool,
    /// "Mixed": the hand-set opening weights kept, the rest learned.
    pub mixed: bool,
    /// A curve point every this many games (and at 0 and at the end).
    pub eval_every: u64,
    /// Openings of the shipped set a curve point plays from (the first
    /// this many), each twice.
    pub openings: usize,
    pub seed: u64,
    /// Game records to learn from instead of self-play, one game a line
    /// ([`crate::games::connect6::learn::parse_records`]), each in turn, from
    /// the first again after the last; empty: self-play. A model or
    /// checkpoint keeps them in its array `records`, not in its header.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub records: String,
    /// The run learns from records only: refused without them (the
    /// records preset, so that it never falls back to self-play).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_records: bool,
}

/// The longest text of records a run takes, in bytes.
pub const MAX_RECORDS_TEXT: usize = 64 << 20;
/// The model array that keeps a run's records (UTF-8 bytes).
const RECORDS_ARRAY: &str = "records";

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            games: 2_000,
            alpha: 0.1,
            epsilon: 0.1,
            tss: true,
            normalise: true,
            two_turn: false,
            sign_only: false,
            per_phase: true,
            mixed: false,
            eval_every: 200,
            openings: OPENING_COUNT,
            seed: 1,
            records: String::new(),
            from_records: false,
        }
    }
}

impl RunConfig {
    /// The learner's settings.
    pub fn params(&self) -> Params {
        Params {
            alpha: self.alpha,
            two_turn: self.two_turn,
            normalise: self.normalise,
            sign_only: self.sign_only,
            phases: PHASES.len(),
            per_phase: self.per_phase || self.mixed,
            fixed_phases: usize::from(self.mixed),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.params().validate()?;
        if !(0.0..=1.0).contains(&self.epsilon) {
            return Err(format!("ε must be from 0 to 1, not {}", self.epsilon));
        }
        if !(1..=10_000_000).contains(&self.games) {
            return Err(format!("games must be 1 to 10,000,000, not {}", self.games));
        }
        if !(1..=OPENING_COUNT).contains(&self.openings) {
            return Err(format!(
                "openings must be 1 to {OPENING_COUNT}, not {}",
                self.openings
            ));
        }
        if self.eval_every == 0 {
            return Err("a curve point every 0 games: give at least 1".into());
        }
        if self.records.len() > MAX_RECORDS_TEXT {
            return Err(format!(
                "the records are {} bytes; at most {MAX_RECORDS_TEXT}",
                self.records.len()
            ));
        }
        Ok(())
    }
}

/// The study's runs: (id, name, sentence, settings).
pub fn presets() -> Vec<(&'static str, &'static str, &'static str, RunConfig)> {
    let base = RunConfig::default();
    vec![
        (
            "tss",
            "With threat-space search",
            "The study's best: self-play with a proven win ending the game and proven losses avoided, steps normalised by the feature count.",
            base.clone(),
        ),
        (
            "no-tss",
            "Without threat-space search",
            "The same learner playing out every forced sequence: the study found its threat weights inflate.",
            RunConfig {
                tss: false,
                ..base.clone()
            },
        ),
        (
            "no-norm",
            "Without normalisation",
            "Steps not divided by ‖φ‖²: a position with many patterns moves the weights far.",
            RunConfig {
                normalise: false,
                ..base.clone()
            },
        ),
        (
            "mixed",
            "Mixed",
            "The hand-set opening weights kept; the middle game and endgame learned.",
            RunConfig {
                mixed: true,
                ..base.clone()
            },
        ),
        (
            "two-turn",
            "Two-turn updates",
            "Each position learns from the one after the same side moved again, two turns later.",
            RunConfig {
                two_turn: true,
                ..base.clone()
            },
        ),
        (
            "sign",
            "Sign-only features",
            "Each pattern counts as present or absent, not by how many.",
            RunConfig {
                sign_only: true,
                ..base.clone()
            },
        ),
        (
            "records",
            "From game records",
            "As the study learned from expert games: each game of a file of records in turn, its moves as played, instead of self-play.",
            RunConfig {
                from_records: true,
                ..base.clone()
            },
        ),
        (
            BEYOND[0],
            "With threat-space search, a larger step",
            "Beyond the study: as its best run with the step α five times larger (0.5), so that the normalised steps move the weights in thousands of games rather than tens of thousands.",
            RunConfig { alpha: 0.5, ..base },
        ),
    ]
}

/// The settings of the preset `id`, if there is one.
pub fn preset(id: &str) -> Option<RunConfig> {
    presets().into_iter().find(|p| p.0 == id).map(|p| p.3)
}

/// The presets beyond the study's runs.
pub const BEYOND: [&str; 1] = ["tss-step"];

/// The patterns whose learned weights a run's second chart follows, as the
/// study's table of learned weights does: (side, line pattern of
/// [`LINE_KINDS`]), side 0 the side to move, 1 its opponent.
pub const CHARTED: [(usize, usize); 6] = [(1, 0), (1, 2), (0, 3), (1, 3), (0, 6), (0, 7)];

/// The weights of the [`CHARTED`] patterns' plain counts, each the mean of
/// its three phases' weights.
pub fn charted_weights(weights: &[f32]) -> Vec<f32> {
    CHARTED
        .iter()
        .map(|&(side, kind)| {
            let i = line_index(side, kind).expect("a charted pattern has a weight");
            let sum: f32 = (0..PHASES.len())
                .map(|ph| weights[ph * PER_PHASE + i])
                .sum();
            sum / PHASES.len() as f32
        })
        .collect()
}

/// The series id and legend name of a [`CHARTED`] pattern.
fn charted_series(k: usize) -> (String, String) {
    let (side, kind) = CHARTED[k];
    let who = if side == 0 { "own" } else { "opponent's" };
    let name = LINE_KINDS[kind];
    (format!("w-{side}-{kind}"), format!("{who} {name}"))
}

/// One curve point: the learned weights against the hand-set ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub games: u64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The [`CHARTED`] patterns' weights ([`charted_weights`]); empty in
    /// files written before they were kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<f32>,
}

impl CurvePoint {
    /// The study's score: 2 a win, 1 a draw, as a share of the points.
    pub fn score(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            return 0.0;
        }
        100.0 * f64::from(2 * self.wins + self.draws) / f64::from(2 * n)
    }
}

/// The hand-set weights as a learner (for measuring and playing).
pub fn hand() -> LinearTd {
    LinearTd::new(
        Params {
            phases: PHASES.len(),
            ..Params::PLAIN
        },
        hand_weights(),
    )
    .expect("the hand-set weights are valid")
}

/// The learner: its weights, its way of choosing stones, its generator,
/// the openings a curve point plays from, and the records it learns from
/// (none for self-play).
pub struct TdLearner {
    learner: LinearTd,
    chooser: Chooser,
    rng: Rng,
    openings: Vec<Board>,
    records: Vec<Record>,
}

/// The records of a run's settings: none for self-play; an error names the
/// bad line, or says that the text holds no game.
fn records_of(config: &RunConfig) -> Result<Vec<Record>, String> {
    if config.records.is_empty() {
        if config.from_records {
            return Err("this run learns from game records, and none were given".into());
        }
        return Ok(Vec::new());
    }
    let records = parse_records(&config.records).map_err(|e| format!("the records: {e}"))?;
    if records.is_empty() {
        return Err("the records hold no game".into());
    }
    Ok(records)
}

impl TdLearner {
    /// The run in a line; learning from records, the settings of its own
    /// play (ε, the threat-space search) and its seed are left out: the
    /// records' moves are learned from as they are.
    fn describe(&self, c: &RunConfig) -> String {
        let from_records = !self.records.is_empty();
        let mut parts = vec![format!("TD(0) α {}", c.alpha)];
        if !from_records {
            parts.push(format!("ε {}", c.epsilon));
            parts.push(if c.tss { "with TSS" } else { "no TSS" }.into());
        }
        if c.normalise {
            parts.push("normalised".into());
        }
        if c.two_turn {
            parts.push("two-turn".into());
        }
        if c.sign_only {
            parts.push("signs".into());
        }
        if c.mixed {
            parts.push("mixed".into());
        } else if !c.per_phase {
            parts.push("one phase".into());
        }
        if from_records {
            let n = self.records.len();
            format!(
                "{}, from {} record{}",
                parts.join(" "),
                thousands(n as u64),
                if n == 1 { "" } else { "s" }
            )
        } else {
            format!("{}, seed {}", parts.join(" "), c.seed)
        }
    }

    /// The records it learns from (none for self-play).
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn weights(&self) -> &LinearTd {
        &self.learner
    }

    /// The record a records run learns from after `games` games: each in turn.
    fn next_record(&self, games: u64) -> &Record {
        &self.records[(games % self.records.len() as u64) as usize]
    }

    /// The next learning game, recorded into `record` (see [`Watch`]); for
    /// a records run, the record it learns from, its stones as they were
    /// played.
    fn learn_watched(&mut self, run: RunView<'_, Self>, record: &mut Recorder) {
        if !self.records.is_empty() {
            let r = self.next_record(run.games).clone();
            record.replayed = true;
            let mut b = Board::start();
            for &m in &r.stones {
                if b.is_over() {
                    break;
                }
                record.played::<Board>(m);
                b.place(m);
            }
            if !b.is_over() {
                record.ended = Some(format!(
                    "The record ends here ({}): the learner learns from its moves as they were played.",
                    match r.result {
                        x if x > 0.75 => "Black won",
                        x if x < 0.25 => "White won",
                        _ => "a draw",
                    }
                ));
            }
            record_game(&mut self.learner, &mut self.chooser, &r);
            return;
        }
        let models = record.models.is_some();
        // The model at a decision, as the run's model file would hold it then.
        let label = self.describe(run.config);
        let (config, games, curve) = (run.config.clone(), run.games, run.curve.to_vec());
        let model = move |l: &LinearTd| -> Result<Model, String> {
            let mut m = weights_model(l.weights(), &label)?;
            m.header.games_trained = games;
            m.header.hyper.insert("run".into(), json(&config)?);
            m.header.curve = json(&curve)?;
            Ok(m)
        };
        let no_models = |_: &LinearTd| -> Result<Model, String> { Err(String::new()) };
        let mut watch = Watch {
            record,
            model: if models { &model } else { &no_models },
        };
        learning_game(
            &mut self.learner,
            &mut self.chooser,
            run.config.epsilon,
            run.config.tss,
            &mut self.rng,
            Some(&mut watch),
        );
    }
}

/// The most learning games of a new run, and the most between two of its
/// curve points.
pub const MAX_NEW_GAMES: u64 = 1_000_000;

impl Learner for TdLearner {
    type Config = RunConfig;
    type Point = CurvePoint;
    const KIND: &'static str = TD;
    const NEEDS_LEARNERS: Option<&'static str> = Some(LEARNER_NAME);
    const ALGORITHM: Algorithm = Algorithm::TdLinear;

    crate::plugin::learner::total_in_games!(RunConfig, MAX_NEW_GAMES);

    fn new(config: &RunConfig) -> Result<TdLearner, String> {
        config.validate()?;
        Ok(TdLearner {
            learner: LinearTd::new(config.params(), hand_weights())?,
            chooser: Chooser::default(),
            rng: rng_from_seed(config.seed),
            openings: openings()[..config.openings].to_vec(),
            records: records_of(config)?,
        })
    }

    /// A point before the first game, every `eval_every` games and at the end.
    fn due(&self, run: RunView<'_, Self>) -> bool {
        Every::grid(run.config.eval_every).due_in(run, |p| p.games)
    }

    /// Plays and learns one game (or learns the next record).
    fn learn(&mut self, run: RunView<'_, Self>, record: Option<&mut Recorder>) -> Played {
        if let Some(record) = record {
            self.learn_watched(run, record);
        } else if !self.records.is_empty() {
            let r = self.next_record(run.games).clone();
            record_game(&mut self.learner, &mut self.chooser, &r);
        } else {
            learning_game(
                &mut self.learner,
                &mut self.chooser,
                run.config.epsilon,
                run.config.tss,
                &mut self.rng,
                None,
            );
        }
        Played::SELF_PLAY
    }

    fn measure(&mut self, run: RunView<'_, Self>) -> CurvePoint {
        let (wins, draws, losses) = score(&self.learner, &hand(), &self.openings);
        CurvePoint {
            games: run.games,
            wins,
            draws,
            losses,
            weights: charted_weights(self.learner.weights()),
        }
    }

    /// The weights as a model; a checkpoint also holds the generator.
    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let config = run.config;
        let mut model = weights_model(self.learner.weights(), &self.describe(config))?;
        model.header.kind = kind;
        model.header.seed = config.seed;
        model.header.games_trained = run.games;
        // The records go in an array of their own (deflated, and no limit of
        // the header's): the settings in the header leave them out.
        let settings = RunConfig {
            records: String::new(),
            ..config.clone()
        };
        model.header.hyper.insert("run".into(), json(&settings)?);
        if !config.records.is_empty() {
            let bytes = config.records.as_bytes().to_vec();
            model
                .push(RECORDS_ARRAY, vec![bytes.len()], bytes)
                .map_err(|e| e.to_string())?;
        }
        model.header.curve = json(run.curve)?;
        if kind == Kind::Checkpoint {
            model.set_rng(&self.rng);
        }
        Ok(model)
    }

    /// A run from a model or checkpoint of [`TdLearner::save`].
    fn restore(model: &Model, _options: &ResumeOptions) -> Result<Restored<Self>, String> {
        let mut config: RunConfig = match model.header.hyper.get("run") {
            Some(v) => {
                serde_json::from_value(v.clone()).map_err(|e| format!("bad run settings: {e}"))?
            }
            None => return Err("the model has no run settings".into()),
        };
        if model.array(RECORDS_ARRAY).is_some() {
            let bytes = model
                .values::<u8>(RECORDS_ARRAY)
                .map_err(|e| format!("bad records: {e}"))?;
            if bytes.len() > MAX_RECORDS_TEXT {
                return Err(format!(
                    "the records are {} bytes; at most {MAX_RECORDS_TEXT}",
                    bytes.len()
                ));
            }
            config.records = String::from_utf8(bytes.to_vec())
                .map_err(|_| "bad records: not UTF-8 text".to_string())?;
        }
        config.validate()?;
        let weights = weights_of(model)?;
        let curve: Vec<CurvePoint> = saved_curve(model)?;
        let games = model.header.games_trained;
        let rng = match model.rng() {
            Ok(r) => r,
            Err(_) => rng_from_seed(config.seed ^ games),
        };
        Ok(Restored {
            learner: TdLearner {
                learner: LinearTd::new(config.params(), weights)?,
                chooser: Chooser::default(),
                rng,
                openings: openings()[..config.openings].to_vec(),
                records: records_of(&config)?,
            },
            config,
            games,
            curve,
        })
    }

    fn label(&self, config: &RunConfig) -> String {
        self.describe(config)
    }

    fn point(_config: &RunConfig, p: &CurvePoint) -> CurvePointOut {
        let mut point = CurvePointOut::new(p.games);
        point.set_rate("score", p.score(), u64::from(p.wins + p.draws + p.losses));
        for (k, w) in p.weights.iter().enumerate() {
            point.set(&charted_series(k).0, Some(f64::from(*w)));
        }
        point
    }

    fn series(_config: &RunConfig) -> Vec<SeriesSpec> {
        let mut out = vec![SeriesSpec::new(
            "score",
            "score",
            "score against the hand-set weights",
            "vs hand-set",
            false,
        )
        .with_about(
            "The learned weights play the hand-set ones (the study's original program) from \
             each of the fixed openings twice, colours swapped, both with the same search. A \
             win is 2 points, a draw 1; 50% is even.",
        )];
        for k in 0..CHARTED.len() {
            let (id, name) = charted_series(k);
            out.push(
                SeriesSpec::new(&id, "weights", &name, &name, false).with_about(
                    "The weight of one more such line pattern in the sum whose logistic is the \
                     position's value, the mean of its three phases' weights; the hand-set \
                     value is where the curve starts.",
                ),
            );
        }
        out
    }

    fn latest(&self, _config: &RunConfig, curve: &[CurvePoint]) -> String {
        let Some(p) = curve.last() else {
            return "No curve point yet.".into();
        };
        format!(
            "At {} games: {:.1}% against the hand-set weights ({} won, {} drawn, {} lost)",
            thousands(p.games),
            p.score(),
            p.wins,
            p.draws,
            p.losses
        )
    }

    fn units(_config: &RunConfig) -> (String, Option<(f64, f64)>) {
        (WATCHED_UNITS.into(), Some((0.0, 1.0)))
    }
}

/// A model of 492 weights (algorithm `td_linear`, array `w`).
pub fn weights_model(weights: &[f32], name: &str) -> Result<Model, String> {
    let game = GameId::new(Board::NAME).map_err(|e| e.to_string())?;
    let mut header = Header::new(game, Algorithm::TdLinear, name);
    header.encoding = ENCODING.into();
    let mut model = Model::new(header);
    model
        .push("w", vec![FEATURES], weights.to_vec())
        .map_err(|e| e.to_string())?;
    Ok(model)
}

/// The weights of a Connect6 `td_linear` model, checked.
pub fn weights_of(model: &Model) -> Result<Vec<f32>, String> {
    let h = &model.header;
    if h.game.name() != Board::NAME {
        return Err(format!("the model is for {}, not Connect6", h.game.name()));
    }
    if h.algorithm != Algorithm::TdLinear || h.encoding != ENCODING {
        return Err(format!(
            "not a model of Connect6's learned pattern weights ({} {})",
            h.algorithm.name(),
            h.encoding
        ));
    }
    model.only_arrays(|n| n == "w" || n == "rng" || n == RECORDS_ARRAY)?;
    let w = model
        .values_shaped::<f32>("w", &[FEATURES])
        .map_err(|e| e.to_string())?;
    Ok(w.to_vec())
}

/// The learner's settings a model plays with (sign-only features read
/// their signs); the hand-set settings when the model has no run.
pub fn model_learner(model: &Model) -> Result<LinearTd, String> {
    let weights = weights_of(model)?;
    let params = match model.header.hyper.get("run") {
        Some(v) => serde_json::from_value::<RunConfig>(v.clone())
            .map_err(|e| format!("bad run settings: {e}"))?
            .params(),
        None => hand().params().to_owned(),
    };
    LinearTd::new(
        Params {
            per_phase: true,
            fixed_phases: 0,
            ..params
        },
        weights,
    )
}

/// A player choosing its best stones with a set of weights and the
/// threat-space search (the stones of the study's measuring games).
pub struct WeightsPlayer {
    name: String,
    learner: LinearTd,
    chooser: Chooser,
}

impl WeightsPlayer {
    pub fn new(name: &str, learner: LinearTd) -> WeightsPlayer {
        WeightsPlayer {
            name: name.into(),
            learner,
            chooser: Chooser::default(),
        }
    }
}

impl Player<Board> for WeightsPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// A win the threat-space search proves is played out by its first
    /// stone; else the best stone by the weights, a second stone proven to
    /// lose avoided as in learning.
    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        if game.stones() > 0 {
            if let Some(p) = proven_first(game) {
                return p;
            }
        }
        let p = self.chooser.stone(game, &self.learner, 0.0, rng);
        if game.stones_left() == 1 && game.stones() > 1 {
            self.chooser.safe_second(game, p)
        } else {
            p
        }
    }

    /// The candidates, best first, with the weights' chance that the side
    /// to move wins after each (as a watched learning game shows them).
    fn analyze(
        &mut self,
        game: &Board,
        _budget: &mut crate::search::budget::Budget,
    ) -> Option<crate::game::Analysis<Point>> {
        if game.is_over() {
            return None;
        }
        let values = self.chooser.values(game, &self.learner);
        let top = values.first().map(|v| v.1);
        Some(crate::game::Analysis {
            units: WATCHED_UNITS.into(),
            scale: crate::game::Scale::Fixed { min: 0.0, max: 1.0 },
            position: None,
            moves: values
                .into_iter()
                .map(|(mv, v)| crate::game::MoveValue {
                    mv,
                    value: Some(v),
                    label: None,
                    best: Some(v) == top,
                })
                .collect(),
            complete: true,
        })
    }
}

/// What a watched game's and the model's values are.
const WATCHED_UNITS: &str =
    "the weights' chance that the side placing the stone wins: 1 a sure win, 0 a sure loss";

/// The kind of run as the game lists it.
pub struct TdKind;

impl LearnerKind for TdKind {
    type Learner = TdLearner;

    /// The run kind as the page shows it.
    fn info(&self) -> RunKindInfo {
        use crate::plugin::{ChartSpec, FieldSpec, PresetInfo};
        let d = RunConfig::default();
        RunKindInfo {
            title: "Pattern weights learned by TD(0) (the study's learner)".into(),
            about: "The evaluation counts 492 line patterns (threats, live and dead threes and \
                    twos, ...) for both sides and gives each a weight; the position's value, \
                    Black's chance of winning, is the logistic of the weighted sum. It starts from \
                    the hand-set weights of the study's original program and plays itself, one \
                    stone at a time to the stone with the best value, now and then a random one. \
                    After each turn the value of the position before moves a step toward the value \
                    after it, and the last toward the result. The curve is its score against the \
                    hand-set weights."
                .into(),
            fields: vec![
                FieldSpec::int("games", "Learning games", "How many games it learns from.", 1, MAX_NEW_GAMES, d.games),
                FieldSpec::float("alpha", "Step size α", "How far a value moves toward the next one after a turn.", (0.001, 1.0), 0.001, 0.1),
                FieldSpec::float("epsilon", "Exploration ε", "The chance of a random stone instead of the best one.", (0.0, 1.0), 0.01, 0.1),
                FieldSpec::boolean("tss", "Threat-space search", "A win by continuous double threats found at a turn's start ends the game; a second stone proven to lose is avoided.", d.tss),
                FieldSpec::boolean("normalise", "Normalised steps", "Each step divided by the squared length of the feature vector (‖φ‖²).", d.normalise),
                FieldSpec::boolean("two_turn", "Two-turn updates", "A position learns from the one two turns later, after the same side moved again.", d.two_turn),
                FieldSpec::boolean("sign_only", "Sign-only features", "Each pattern counts as present (1) or absent (0), not by how many.", d.sign_only),
                FieldSpec::boolean("per_phase", "Weights per phase", "Opening, middle game and endgame each their own weights.", d.per_phase),
                FieldSpec::boolean("mixed", "Mixed", "Keep the hand-set opening weights; learn the middle game and endgame.", d.mixed),
                FieldSpec::int("eval_every", "A curve point every", "Learning games between two measurements.", 1, MAX_NEW_GAMES, d.eval_every),
                FieldSpec::int("openings", "Measuring openings", "How many of the 50 fixed openings a curve point plays, each twice with colours swapped.", 1, OPENING_COUNT as u64, OPENING_COUNT as u64),
                FieldSpec::int("seed", "Seed", "The same seed gives the same run.", 0, 1 << 53, 1),
            ],
            presets: presets()
                .iter()
                .map(|(id, name, sentence, _)| PresetInfo {
                    id: (*id).into(),
                    name: (*name).into(),
                    sentence: (*sentence).into(),
                    group: if BEYOND.contains(id) { "beyond" } else { "study" }.into(),
                    runs: 1,
                })
                .collect(),
            charts: vec![
                ChartSpec::new(
                    "score",
                    "Score against the hand-set weights",
                    "% of the points",
                    Some([0.0, 100.0]),
                ),
                ChartSpec::new(
                    "weights",
                    "What it learned: weights of line patterns",
                    "weight (the study's ÷ 100,000)",
                    None,
                ),
            ],
            snapshots: vec![100, 1_000, 10_000],
            shows_weights: true,
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, id: &str, seed: u64) -> Result<Vec<RunConfig>, String> {
        let config =
            preset(id).ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, TD, id))?;
        Ok(vec![RunConfig { seed, ..config }])
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        weights_of(model)?;
        let mut win_rates = std::collections::BTreeMap::new();
        if let Some(p) = model.header.curve.as_array().and_then(|c| c.last()) {
            // Read by hand: the first module has no other use for the point's decoder.
            let n = |k: &str| p.get(k)?.as_u64().and_then(|v| u32::try_from(v).ok());
            if let (Some(wins), Some(draws), Some(losses)) = (n("wins"), n("draws"), n("losses")) {
                let p = CurvePoint {
                    games: 0,
                    wins,
                    draws,
                    losses,
                    weights: Vec::new(),
                };
                win_rates.insert("vs hand-set".into(), p.score());
            }
        }
        Ok(ModelUse {
            summary: format!(
                "Learned pattern weights (492), {} self-play games",
                model.header.games_trained
            ),
            win_rates,
            plays: true,
            side: None,
            continues_as: model.header.hyper.contains_key("run").then(|| TD.into()),
            weights: true,
        })
    }

    /// The weights as a player, stone by stone with the threat-space
    /// search (in the page's learners' module).
    fn player(
        &self,
        model: &Model,
        _settings: &serde_json::Value,
    ) -> Result<Box<dyn DynAgent>, String> {
        // The learned weights play in the page's first module too.
        let learner = model_learner(model)?;
        Ok(TypedAgent::new(Box::new(WeightsPlayer::new("model", learner))).boxed())
    }

    fn weights(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        kind::learners_only(LEARNER_NAME, || {
            crate::games::connect6::weights::model_table(model).map(Some)
        })
    }
}

/// The hand-set weights as a player (in both of the page's modules).
pub fn hand_player() -> Result<Box<dyn DynAgent>, String> {
    Ok(TypedAgent::new(Box::new(WeightsPlayer::new("hand", hand()))).boxed())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::DynRun;

    /// Watched games that the threat-space search stops say so: the stones
    /// replay to an unfinished game and the sentence names the winner.
    #[test]
    fn a_watched_game_stopped_by_a_proven_win_says_so() {
        let mut c = preset("tss-step").unwrap();
        c.games = 40;
        c.eval_every = 1_000;
        let mut r = TdRun::new(c).unwrap();
        let mut stopped = 0;
        while let Some(w) = r.step_watched() {
            assert!(w.candidates && w.self_play && !w.replayed);
            let mut b = Board::start();
            for m in &w.moves {
                b.play(Board::parse_move(m).unwrap());
            }
            match &w.ended {
                Some(why) => {
                    stopped += 1;
                    assert!(!b.is_over(), "{why}");
                    assert!(why.contains("win by threats"), "{why}");
                }
                None => assert!(b.is_over()),
            }
        }
        assert!(stopped > 0, "some of 40 games end by a proven win");
    }

    fn small(seed: u64) -> RunConfig {
        RunConfig {
            games: 6,
            eval_every: 3,
            openings: 2,
            seed,
            ..RunConfig::default()
        }
    }

    #[test]
    fn a_run_is_reproducible_and_resumes_exactly() {
        let mut whole = TdRun::new(small(3)).unwrap();
        whole.train(6);
        assert_eq!(whole.curve().len(), 3, "at 0, 3 and 6 games");
        let mut half = TdRun::new(small(3)).unwrap();
        half.train(3);
        let bytes = crate::model::encode(&half.checkpoint().unwrap()).unwrap();
        let mut back = TdRun::resume(
            &crate::model::decode(&bytes).unwrap(),
            &ResumeOptions::default(),
        )
        .unwrap();
        back.train(3);
        assert_eq!(back.learner().weights(), whole.learner().weights());
        assert_eq!(back.curve(), whole.curve());
        assert_ne!(whole.learner().weights().weights(), hand().weights());
    }

    /// A six on the board, then a game White won by resignation.
    const RECORDS: &str =
        "J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1; O10\nJ10; K11 K9; H10 L10 0-1\n";

    #[test]
    fn a_records_run_learns_each_record_in_turn_and_resumes_with_them() {
        let config = RunConfig {
            records: RECORDS.into(),
            ..small(3)
        };
        let mut whole = TdRun::new(config.clone()).unwrap();
        assert_eq!(whole.learner().records().len(), 2);
        assert!(whole.label().ends_with(", from 2 records"));
        whole.train(6);
        // The same games learned one by one, without a run: the same weights.
        let records = parse_records(RECORDS).unwrap();
        let mut by_hand = LinearTd::new(config.params(), hand_weights()).unwrap();
        let mut chooser = Chooser::default();
        for i in 0..6 {
            record_game(&mut by_hand, &mut chooser, &records[i % 2]);
        }
        assert_eq!(whole.learner().weights(), &by_hand);
        // A checkpoint keeps the records: resumed, the same run.
        let mut half = TdRun::new(config).unwrap();
        half.train(3);
        let checkpoint = half.checkpoint().unwrap();
        // The records are an array of the file, not part of its header.
        assert!(!checkpoint.header.hyper["run"].to_string().contains("K10"));
        assert_eq!(
            checkpoint.values::<u8>("records").unwrap(),
            RECORDS.as_bytes()
        );
        let bytes = crate::model::encode(&checkpoint).unwrap();
        let mut back = TdRun::resume(
            &crate::model::decode(&bytes).unwrap(),
            &ResumeOptions::default(),
        )
        .unwrap();
        back.train(3);
        assert_eq!(back.learner().weights(), whole.learner().weights());
        assert_eq!(back.curve(), whole.curve());
    }

    #[test]
    fn a_watched_records_game_is_the_record_it_learns_and_changes_nothing_else() {
        let config = RunConfig {
            records: RECORDS.into(),
            ..small(3)
        };
        let mut watched = TdRun::new(config.clone()).unwrap();
        let first = watched.step_watched().unwrap();
        assert_eq!(first.moves.len(), 12);
        assert_eq!(first.moves[11], "O10");
        assert_eq!(first.ended, None, "six in a row ends it on the board");
        let second = watched.step_watched().unwrap();
        assert_eq!(second.moves, ["J10", "K11", "K9", "H10", "L10"]);
        assert!(second.ended.as_deref().unwrap().contains("White won"));
        assert!(first.replayed && second.replayed && first.decisions.is_empty());
        let mut plain = TdRun::new(config).unwrap();
        plain.train(2);
        assert_eq!(watched.learner().weights(), plain.learner().weights());
    }

    #[test]
    fn bad_records_are_refused_by_their_line() {
        let bad = |records: &str| {
            TdRun::new(RunConfig {
                records: records.into(),
                ..small(1)
            })
            .err()
            .unwrap()
        };
        assert!(bad("J10; K11 K9\n").contains("the records: line 1"));
        assert!(
            bad("J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1; O10\nJ10 J10 1-0\n")
                .contains("line 2")
        );
        assert!(bad("# only a comment\n").contains("no records"));
        // The records preset never falls back to self-play.
        let preset_alone = TdRun::new(preset("records").unwrap()).err().unwrap();
        assert!(
            preset_alone.contains("learns from game records"),
            "{preset_alone}"
        );
        let huge = "#".repeat(MAX_RECORDS_TEXT + 1);
        assert!(bad(&huge).contains("at most"));
    }

    #[test]
    fn the_first_point_is_the_hand_set_weights_against_themselves() {
        let run = TdRun::new(small(1)).unwrap();
        let p = &run.curve()[0];
        assert_eq!((p.games, p.wins + p.draws + p.losses), (0, 4));
        assert_eq!(p.wins, p.losses);
        assert_eq!(p.score(), 50.0);
        // The charted weights start at the hand-set ones (÷ 100,000): the
        // opponent's two threats, one threat; own live three, the opponent's;
        // own dead three, live two.
        let want = [-0.40, -0.36, 0.40, -0.40, 0.16, 0.12];
        assert_eq!(p.weights.len(), want.len());
        for (w, h) in p.weights.iter().zip(want) {
            assert!((w - h).abs() < 1e-6, "{:?}", p.weights);
        }
        // A point carries them as series of the weights chart, named by pattern.
        let out = run.points().remove(0);
        assert_eq!(out.y.get("w-1-2"), Some(&f64::from(p.weights[1])));
        let names: Vec<String> = run.series().into_iter().map(|s| s.label).collect();
        assert!(
            names.contains(&"opponent's one threat".to_string()),
            "{names:?}"
        );
    }

    #[test]
    fn the_charted_weights_move_as_the_run_learns() {
        let mut run = TdRun::new(small(2)).unwrap();
        run.train(6);
        let last = run.curve().last().unwrap();
        assert_eq!(
            last.weights,
            charted_weights(run.learner().weights().weights())
        );
        assert_ne!(last.weights, run.curve()[0].weights);
    }

    #[test]
    fn bad_settings_are_refused() {
        for bad in [
            RunConfig {
                alpha: 0.0,
                ..RunConfig::default()
            },
            RunConfig {
                epsilon: 2.0,
                ..RunConfig::default()
            },
            RunConfig {
                eval_every: 0,
                ..RunConfig::default()
            },
        ] {
            assert!(TdRun::new(bad).is_err());
        }
        let m = weights_model(&[0.0; 3], "x");
        assert!(m.is_err() || weights_of(&m.unwrap()).is_err());
    }
}

#[cfg(all(test, feature = "extra-learners"))]
mod entry_tests {
    use super::*;
    use crate::games::connect6::entry::Entry;
    use crate::plugin::GameEntry;
    use crate::plugin::Training as _;
    use serde_json::Value;

    #[test]
    fn every_preset_makes_a_run_whose_model_plays() {
        for (id, ..) in presets() {
            let mut configs = Entry.preset_runs(TD, id, 3).unwrap();
            configs[0]["games"] = 1.into();
            configs[0]["openings"] = 1.into();
            if configs[0]["from_records"] == true {
                // The records preset's runs need records, and refuse to start without.
                assert!(Entry.new_run(TD, &configs[0]).is_err(), "{id}");
                configs[0]["records"] = "J10; K11 K9; H10 L10 0-1\n".into();
            }
            let mut run = Entry.new_run(TD, &configs[0]).unwrap();
            run.step(1);
            assert!(run.is_done());
            let model = run.model("t").unwrap();
            let bytes = crate::model::encode(&model).unwrap();
            let model = crate::model::decode(&bytes).unwrap();
            let use_ = Entry.describe_model(&model).unwrap();
            assert!(use_.plays, "{id}");
            assert!(Entry.agent("model", &Value::Null, Some(&model)).is_ok());
            assert!(Entry.resume_run(&model, &ResumeOptions::default()).is_ok());
        }
        assert!(Entry.preset_runs(TD, "nope", 1).is_err());
    }
}
