//! The Othello study's learner: Q-learning with a network, one game at a
//! time (self-play or against MSB), its learning-curve snapshots against
//! random, MVB and MSB, its model files, and its kind of run as the game
//! lists it. The settings and presets are [`config`], the snapshots'
//! measure [`super::eval`]. The generic run ([`QNetRun`]) plays it in
//! bounded chunks; a saved state resumes bit-exactly.
//!
//! # Self-play
//! Both sides are played by the same network and both learn: each side keeps
//! its own pending (s, a), seen from its own side (QL1 is always the mover's
//! view; QL2 carries the side to move), and updates it when that side reaches
//! its next decision or the game ends, with its own reward. Updates are applied
//! to the one shared network in the order the moves are played.
//!
//! # Against MSB
//! The agent plays black in the first half of the run's planned games
//! (`config.games`) and white in the rest, as in the study; only the agent's
//! moves are learned.
//!
//! # Order within a decision
//! At each decision the agent evaluates Q(s′, ·) over its legal moves once;
//! that evaluation gives the max for the pending update of the previous move
//! and, after the update, the softmax choice of the next move. (Re-evaluating
//! after the update would cost a forward pass per move and changes the
//! probabilities by one small step of learning.)

pub mod config;

use serde_json::Value;

use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::games::othello::players::MaxStablePlayer;
use crate::games::othello::qnet::{q_target, LegalQ, QNet, QNetPlayer, QScratch};
use crate::games::othello::symmetry::{image, symmetric};
use crate::games::othello::{moves_mask, Board, PASS};
use crate::learn::exploration::{max_value, softmax_index};
use crate::learn::mlp::Mlp;
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::plugin::learner::Every;
use crate::plugin::run::{Recorder, WatchedDecision};
use crate::plugin::{
    demo_of, demo_preset, ChartSpec, Choice, DynAgent, DynRun, FieldSpec, Learner, LearnerKind,
    ModelUse, Played, Point, PresetInfo, Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec,
    TypedAgent,
};

use super::eval::{
    evaluate, latest_of, point_of, win_rates, win_series, EvalPoint, Evaluation, OpponentResult,
};
pub use config::{
    preset, presets, Preset, TrainOpponent, TrainerConfig, FAST_BETA_C, FAST_BETA_PRESET,
};
use config::{MAX_EVAL_GAMES, MAX_GAMES};

/// The kind of run of the Othello study: Q-learning with a network.
pub const QNET: &str = "qnet";

/// The generic run of this learner.
pub type QNetRun = crate::plugin::Run<QNetLearner>;

/// One Q-update of the learner (see [`QNetLearner::train_on_moves`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct QUpdate {
    /// The side whose move is updated; the position is seen from its view.
    pub side: Side,
    /// The position s where that side moved (that side to move).
    pub state: Board,
    /// The move a (a square).
    pub action: u8,
    /// What Q(s, a) moves towards: max Q(s′, ·) over the legal moves at the
    /// side's next decision s′, or the final reward r from its side.
    pub value: f32,
    /// Q(s, a) under the weights of the moment, before the update.
    pub q: f32,
    /// The target of the backpropagation step, Q(s, a) + µ·(value − Q(s, a)).
    pub target: f32,
    /// Whether this is the end-of-game update (value = r).
    pub terminal: bool,
}

impl QUpdate {
    fn new(
        side: Side,
        state: Board,
        action: u8,
        value: f32,
        q: f32,
        mu: f32,
        terminal: bool,
    ) -> Self {
        QUpdate {
            side,
            state,
            action,
            value,
            q,
            target: q_target(q, value, mu),
            terminal,
        }
    }
}

/// The learner: the network (with its momentum), the generator, the
/// pending move of each side within a game, and the scratch of its
/// forward passes.
pub struct QNetLearner {
    net: QNet,
    rng: Rng,
    // Per-game scratch, reused (no allocation per move).
    scratch: QScratch,
    lq: LegalQ,
    pending: [Option<(Board, u8)>; 2],
    msb: MaxStablePlayer,
}

impl std::fmt::Debug for QNetLearner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QNetLearner").finish_non_exhaustive()
    }
}

/// The seed of a run's learning-curve snapshots: the same openings at every
/// snapshot, independent of the training generator.
pub fn snapshot_seed(config: &TrainerConfig) -> u64 {
    config.seed ^ 0x5eed_cafe_f00d_0001
}

impl QNetLearner {
    fn assemble(net: QNet, rng: Rng) -> QNetLearner {
        QNetLearner {
            scratch: QScratch::new(&net),
            net,
            rng,
            lq: LegalQ::default(),
            pending: [None, None],
            msb: MaxStablePlayer::new(),
        }
    }

    pub fn net(&self) -> &QNet {
        &self.net
    }

    /// The greedy player of the current network.
    pub fn player(&self) -> QNetPlayer {
        QNetPlayer::new(self.net.clone())
    }

    /// Q-values of all 64 squares in `board` (for a heat map; only legal
    /// squares mean anything).
    pub fn q_values(&self, board: &Board) -> [f32; 64] {
        self.net.q_values(board)
    }

    /// Evaluates the current greedy network against `opponent`.
    pub fn evaluate(
        &self,
        opponent: &mut dyn Player<Board>,
        games: u32,
        seed: u64,
    ) -> OpponentResult {
        evaluate(&self.net, opponent, games, seed)
    }

    /// Rebuilds a run from a model of [`QNetLearner::save`]: its settings,
    /// its games, its curve and its network; every field is checked. A
    /// model of kind `model` (weights only) starts with zero momentum and a
    /// generator seeded from its seed and games trained: it plays exactly as
    /// saved, and training continues from its weights.
    pub fn read(model: &Model) -> Result<Restored<QNetLearner>, String> {
        let h = &model.header;
        if h.game.name() != "othello" || h.algorithm != Algorithm::QNet {
            return Err(format!(
                "this model is a {} ({}) for {}, not an Othello Q-network",
                h.algorithm.name(),
                h.algorithm.title(),
                h.game
            ));
        }
        let config: TrainerConfig =
            serde_json::from_value(serde_json::Value::Object(h.hyper.clone()))
                .map_err(|e| format!("bad Q-network settings in the header: {e}"))?;
        config.validate()?;
        model.only_arrays(|name| {
            let weights = name.strip_prefix(MOMENTUM_PREFIX).unwrap_or(name);
            ARRAY_NAMES.contains(&weights) || name == "rng"
        })?;
        let curve: Vec<EvalPoint> = serde_json::from_value(h.curve.clone())
            .map_err(|e| format!("bad learning curve in the header: {e}"))?;
        let (n_in, nh) = (config.encoding.inputs(), config.hidden);
        let shapes = [vec![n_in, nh], vec![nh], vec![64, nh], vec![64]];
        let checkpoint = h.kind == Kind::Checkpoint;
        let mut values: Vec<(&str, Vec<f32>)> = Vec::new();
        for (i, name) in ARRAY_NAMES.iter().enumerate() {
            let w = model
                .values_shaped::<f32>(name, &shapes[i])
                .map_err(|e| e.to_string())?;
            values.push((MLP_NAMES[i], w.to_vec()));
            let m = if checkpoint {
                model
                    .values_shaped::<f32>(&format!("{MOMENTUM_PREFIX}{name}"), &shapes[i])
                    .map_err(|e| e.to_string())?
                    .to_vec()
            } else {
                vec![0.0; w.len()]
            };
            values.push((MLP_NAMES[4 + i], m));
        }
        let get = |name: &str| {
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| a.as_slice())
        };
        let mut mlp = Mlp::from_arrays(n_in, nh, 64, config.activation, get)?;
        mlp.learning_rate = config.learning_rate as f32;
        mlp.set_momentum(config.momentum as f32);
        let net = QNet::from_mlp(config.encoding, mlp)?;
        let rng = if checkpoint {
            model.rng().map_err(|e| e.to_string())?
        } else {
            rng_from_seed(config.seed ^ h.games_trained.rotate_left(32))
        };
        Ok(Restored {
            config,
            learner: QNetLearner::assemble(net, rng),
            games: h.games_trained,
            curve,
        })
    }

    /// One training game whose moves are given instead of chosen: `moves`
    /// are the placements of both sides in order (forced passes are played
    /// without being listed) and must finish the game. Everything else is as
    /// in a learning game of the run: the same decisions, the same updates in the
    /// same order, the game counted. Against MSB the listed moves stand for
    /// MSB's too, and only the agent's side learns. Returns the outcome and
    /// every Q-update made, in order: the learner's rule laid open, for tests
    /// that check it against values computed by hand.
    pub fn train_on_moves(
        &mut self,
        run: RunView<'_, Self>,
        moves: &[u8],
    ) -> Result<(Outcome, Vec<QUpdate>), String> {
        let mut b = Board::start();
        for (i, &m) in moves.iter().enumerate() {
            while b.legal_mask() == 0 && !b.is_over() {
                b.pass();
            }
            if m >= 64 || b.legal_mask() & (1u64 << m) == 0 {
                return Err(format!("move {} ({m}) is not legal", i + 1));
            }
            b.place(m, b.flips(m));
        }
        while b.legal_mask() == 0 && !b.is_over() {
            b.pass();
        }
        if !b.is_over() {
            return Err("the moves do not finish the game".into());
        }
        let mut log = Vec::new();
        let (outcome, _) = self.play_game(run, Some(moves), Some(&mut log), None);
        Ok((outcome, log))
    }

    /// One training game, its moves chosen by the softmax (and MSB) or, with
    /// `script`, taken from it; `log` receives every update.
    fn play_game(
        &mut self,
        run: RunView<'_, Self>,
        script: Option<&[u8]>,
        mut log: Option<&mut Vec<QUpdate>>,
        mut rec: Option<&mut Recorder>,
    ) -> (Outcome, Side) {
        let config = run.config;
        // The exploration β = games played / C.
        let beta = (run.games as f64 / config.c) as f32;
        let mu = config.mu as f32;
        let agent = match config.opponent {
            TrainOpponent::SelfPlay => None,
            TrainOpponent::Msb => Some(if run.games < config.games / 2 {
                Side::First
            } else {
                Side::Second
            }),
        };
        self.pending = [None, None];
        let mut board = Board::start();
        let mut ply = 0;
        let outcome = loop {
            let mask = board.legal_mask();
            if mask == 0 {
                if moves_mask(board.opp(), board.own()) == 0 {
                    break board.outcome().expect("neither side can move");
                }
                // A forced pass: not a decision (see the q_net module).
                if let Some(rec) = rec.as_deref_mut() {
                    rec.played::<Board>(PASS);
                }
                board.pass();
                continue;
            }
            let side = board.side();
            let scripted = script.map(|s| s[ply]);
            ply += 1;
            let m = if agent.is_none_or(|a| a == side) {
                if let Some(rec) = rec.as_deref_mut() {
                    // The network the decision reads, before its update.
                    rec.model(|| self.save(run, Kind::Model));
                }
                let m = self.decide(
                    config.symmetries,
                    &board,
                    mask,
                    side,
                    beta,
                    mu,
                    scripted,
                    log.as_deref_mut(),
                );
                if let Some(rec) = rec.as_deref_mut() {
                    // The values the decision saw (computed before its update).
                    rec.decisions.push(WatchedDecision {
                        ply: rec.moves.len(),
                        values: self.lq.moves[..self.lq.len]
                            .iter()
                            .zip(self.lq.q())
                            .map(|(&m, &q)| (Board::format_move(m), f64::from(q)))
                            .collect(),
                    });
                }
                m
            } else {
                match scripted {
                    Some(m) => m,
                    None => self.msb.choose(&board, &mut self.rng),
                }
            };
            debug_assert!(m != PASS);
            if let Some(rec) = rec.as_deref_mut() {
                rec.played::<Board>(m);
            }
            board.place(m, board.flips(m));
        };
        for side in Side::BOTH {
            if let Some((s, a)) = self.pending[side.index()].take() {
                let value = outcome.reward(side);
                let q = self.learn(config.symmetries, &s, a, value, mu);
                if let Some(log) = log.as_deref_mut() {
                    log.push(QUpdate::new(side, s, a, value, q, mu, true));
                }
            }
        }
        // Between games every row is up to date (saved state, evaluation).
        self.net.mlp_mut().sync();
        (outcome, agent.unwrap_or(Side::First))
    }

    /// The Q-update of (s, a) toward `value`, and with the `symmetries`
    /// option the same update of each of the 7 other images of s and a, in
    /// the order of the symmetries; returns Q(s, a) before its update.
    fn learn(&mut self, symmetries: bool, s: &Board, a: u8, value: f32, mu: f32) -> f32 {
        let q = self.net.update(s, a, value, mu, &mut self.scratch);
        if symmetries {
            for g in 1..8 {
                let (sg, ag) = (image(s, g), symmetric(g, a));
                self.net.update(&sg, ag, value, mu, &mut self.scratch);
            }
        }
        q
    }

    /// The agent's decision at `board`: updates its pending move with
    /// max Q(board, ·), then samples the next move from the softmax.
    /// A `scripted` move is played instead of the softmax's choice.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn decide(
        &mut self,
        symmetries: bool,
        board: &Board,
        mask: u64,
        side: Side,
        beta: f32,
        mu: f32,
        scripted: Option<u8>,
        log: Option<&mut Vec<QUpdate>>,
    ) -> u8 {
        self.net
            .legal_q_fresh(board, mask, &mut self.scratch, &mut self.lq);
        if let Some((s, a)) = self.pending[side.index()] {
            let v = max_value(self.lq.q());
            let q = self.learn(symmetries, &s, a, v, mu);
            if let Some(log) = log {
                log.push(QUpdate::new(side, s, a, v, q, mu, false));
            }
        }
        let m = match scripted {
            Some(m) => m,
            None => self.lq.moves[softmax_index(self.lq.q(), beta, &mut self.rng)],
        };
        self.pending[side.index()] = Some((*board, m));
        m
    }
}

impl Learner for QNetLearner {
    type Config = TrainerConfig;
    type Point = EvalPoint;
    const KIND: &'static str = QNET;
    const ALGORITHM: Algorithm = Algorithm::QNet;

    fn total(config: &TrainerConfig) -> u64 {
        config.games
    }

    /// Raises (or lowers) the planned number of games, to continue a run.
    fn set_total(config: &mut TrainerConfig, total: u64, _games: u64) -> Result<(), String> {
        if total > MAX_GAMES {
            return Err(format!("games must be at most {MAX_GAMES}"));
        }
        config.games = total;
        Ok(())
    }

    /// A fresh network: weights drawn from the seed, nothing played.
    fn new(config: &TrainerConfig) -> Result<QNetLearner, String> {
        config.validate_new()?;
        let mut rng = rng_from_seed(config.seed);
        let mut net = QNet::new(config.encoding, config.hidden, config.activation, &mut rng);
        let mlp = net.mlp_mut();
        mlp.learning_rate = config.learning_rate as f32;
        mlp.set_momentum(config.momentum as f32);
        Ok(QNetLearner::assemble(net, rng))
    }

    /// A snapshot every `eval_every` games, the untrained network's first
    /// (none when `eval_every` is 0).
    fn due(&self, run: RunView<'_, Self>) -> bool {
        let every = run.config.eval_every;
        every > 0
            && Every {
                every,
                start: true,
                end: false,
            }
            .due(
                run.games,
                run.config.games,
                run.curve.last().map(|p| p.games),
            )
    }

    fn learn(&mut self, run: RunView<'_, Self>, record: Option<&mut Recorder>) -> Played {
        let (_, agent) = self.play_game(run, None, None, record);
        Played {
            learner: agent.index(),
            self_play: run.config.opponent == TrainOpponent::SelfPlay,
        }
    }

    /// The standard evaluation of the network of this moment.
    fn measure(&mut self, run: RunView<'_, Self>) -> EvalPoint {
        let mut eval = Evaluation::new(
            &self.net,
            run.config.eval_games,
            snapshot_seed(run.config),
            run.games,
        );
        eval.play(u64::MAX)
            .1
            .expect("an evaluation without a budget ends")
    }

    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let mut header = Header::new(GameId::of("othello"), Algorithm::QNet, run.config.label());
        header.kind = kind;
        header.encoding = run.config.encoding.name().to_string();
        header.hyper = match serde_json::to_value(run.config) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => return Err("the settings do not serialise to an object".into()),
        };
        header.seed = run.config.seed;
        header.games_trained = run.games;
        header.evaluation = match run.curve.last() {
            Some(p) => serde_json::to_value(p).map_err(|e| e.to_string())?,
            None => serde_json::json!({}),
        };
        header.curve = serde_json::to_value(run.curve).map_err(|e| e.to_string())?;
        let mut model = Model::new(header);
        // In a game (a watched decision's model) rows may lag behind: a
        // synced copy saves them as they are.
        let synced;
        let mut mlp = self.net.mlp();
        if !mlp.is_synced() {
            synced = {
                let mut m = mlp.clone();
                m.sync();
                m
            };
            mlp = &synced;
        }
        let (n_in, nh) = (mlp.n_in(), mlp.n_hidden());
        let shapes = [vec![n_in, nh], vec![nh], vec![64, nh], vec![64]];
        let arrays = mlp.arrays();
        let err = |e: crate::model::ModelError| e.to_string();
        for (i, name) in ARRAY_NAMES.iter().enumerate() {
            model
                .push(*name, shapes[i].clone(), arrays[i].1.to_vec())
                .map_err(err)?;
        }
        if kind == Kind::Checkpoint {
            for (i, name) in ARRAY_NAMES.iter().enumerate() {
                model
                    .push(
                        format!("{MOMENTUM_PREFIX}{name}"),
                        shapes[i].clone(),
                        arrays[4 + i].1.to_vec(),
                    )
                    .map_err(err)?;
            }
            model.set_rng(&self.rng);
        }
        Ok(model)
    }

    fn restore(model: &Model, _options: &ResumeOptions) -> Result<Restored<Self>, String> {
        QNetLearner::read(model)
    }

    fn label(&self, c: &TrainerConfig) -> String {
        let opp = match c.opponent {
            TrainOpponent::SelfPlay => "self-play",
            TrainOpponent::Msb => "vs MSB",
        };
        let preset = (c.c == FAST_BETA_C && c.opponent == TrainOpponent::SelfPlay)
            .then_some(format!(" ({FAST_BETA_PRESET})"))
            .unwrap_or_default();
        let symmetries = if c.symmetries { " ×8 symmetries" } else { "" };
        format!(
            "{}-H{} {} {opp}{symmetries}, seed {}{preset}",
            c.encoding.name().to_ascii_uppercase(),
            c.hidden,
            c.activation.name(),
            c.seed
        )
    }

    fn point(_config: &TrainerConfig, p: &EvalPoint) -> Point {
        point_of(p)
    }

    fn series(_config: &TrainerConfig) -> Vec<SeriesSpec> {
        win_series()
    }

    fn latest(&self, _config: &TrainerConfig, curve: &[EvalPoint]) -> String {
        latest_of(curve, "greedy")
    }

    fn units(_config: &TrainerConfig) -> (String, Option<(f64, f64)>) {
        (
            "Q(s, a) of the network: +1 a sure win for the mover, −1 a sure loss".into(),
            Some((-1.0, 1.0)),
        )
    }
}

impl QNetRun {
    /// The run's checkpoint as bytes (the file format).
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let model = self.checkpoint()?;
        crate::model::encode(&model).map_err(|e| e.to_string())
    }

    /// The run a checkpoint's or model's bytes hold.
    pub fn from_bytes(bytes: &[u8]) -> Result<QNetRun, String> {
        let model = crate::model::decode(bytes).map_err(|e| e.to_string())?;
        QNetRun::resume(&model, &ResumeOptions::default())
    }

    /// One learning game whose moves are given ([`QNetLearner::train_on_moves`]),
    /// counted as the run's.
    pub fn train_on_moves(&mut self, moves: &[u8]) -> Result<(Outcome, Vec<QUpdate>), String> {
        self.learn_by(|l, run| {
            let r = l.train_on_moves(run, moves);
            (u64::from(r.is_ok()), r)
        })
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
fn demo_config(mut c: TrainerConfig) -> TrainerConfig {
    if c.games > DEMO_GAMES {
        c.c *= DEMO_GAMES as f64 / c.games as f64;
        c.games = DEMO_GAMES;
    }
    c.eval_every = DEMO_EVAL_EVERY;
    c.eval_games = DEMO_EVAL_GAMES;
    c
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

/// The kind of run as the game lists it.
pub struct QNetKind;

impl LearnerKind for QNetKind {
    type Learner = QNetLearner;

    /// The kind of run of the Othello study's learner.
    fn info(&self) -> RunKindInfo {
        let defaults = browser_defaults();
        RunKindInfo {
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
                    u64::from(MAX_EVAL_GAMES),
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
            snapshots: vec![1_000, 10_000],
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, preset: &str, seed: u64) -> Result<Vec<TrainerConfig>, String> {
        if let Some(full) = demo_of(preset) {
            let config = demo_config(config::preset(full)?);
            return Ok(vec![TrainerConfig { seed, ..config }]);
        }
        let config = config::preset(preset)?;
        // Sized for the page: about a hundred curve points of 100 games each.
        Ok(vec![TrainerConfig {
            seed,
            eval_every: (config.games / 100).max(1_000),
            eval_games: 100,
            ..config
        }])
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        let r = QNetLearner::read(model)?;
        let c = &r.config;
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
        Ok(ModelUse {
            summary,
            win_rates: win_rates(&r.curve),
            plays: true,
            side: None,
            continues_as: Some(QNET.into()),
            weights: false,
        })
    }

    fn player(&self, model: &Model, _settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let r = QNetLearner::read(model)?;
        Ok(TypedAgent::new(Box::new(QNetPlayer::new(r.learner.net))).boxed())
    }
}

const ARRAY_NAMES: [&str; 4] = ["w/0", "b/0", "w/1", "b/1"];
/// The names [`Mlp::from_arrays`] uses for weights then momenta.
const MLP_NAMES: [&str; 8] = ["w1", "b1", "w2", "b2", "dw1", "db1", "dw2", "db2"];
/// Momentum arrays in checkpoints: `opt/momentum/w/0` …
const MOMENTUM_PREFIX: &str = "opt/momentum/";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::DynRun;

    #[test]
    fn with_symmetries_each_update_is_made_on_the_eight_images() {
        let config = TrainerConfig {
            hidden: 8,
            games: 10,
            eval_every: 0,
            symmetries: true,
            ..TrainerConfig::default()
        };
        let mut t = QNetLearner::new(&config).unwrap();
        let mut plain = QNetLearner::new(&TrainerConfig {
            symmetries: false,
            ..config
        })
        .unwrap();
        // From the same weights: one update with the option equals the eight
        // updates made by hand, in the order of the symmetries.
        let mut b = Board::start();
        b.place(19, b.flips(19));
        let q = t.learn(true, &b, 18, 1.0, 0.1);
        let q_plain = plain.learn(false, &b, 18, 1.0, 0.1);
        assert_eq!(q, q_plain, "the same Q before the update");
        for g in 1..8 {
            let (bg, ag) = (image(&b, g), symmetric(g, 18));
            plain.net.update(&bg, ag, 1.0, 0.1, &mut plain.scratch);
        }
        t.net.mlp_mut().sync();
        plain.net.mlp_mut().sync();
        assert!(t.net().mlp().same_weights(plain.net().mlp()));
        // And it changes what is learned.
        let mut a = QNetRun::new(TrainerConfig {
            hidden: 8,
            games: 5,
            eval_every: 0,
            symmetries: true,
            ..TrainerConfig::default()
        })
        .unwrap();
        let mut c = QNetRun::new(TrainerConfig {
            hidden: 8,
            games: 5,
            eval_every: 0,
            ..TrainerConfig::default()
        })
        .unwrap();
        a.train(5);
        c.train(5);
        assert!(!a
            .learner()
            .net()
            .mlp()
            .same_weights(c.learner().net().mlp()));
    }
    use crate::games::othello::learners::eval::evaluate_standard;
    use crate::model::GameId;

    fn small(opponent: TrainOpponent, seed: u64) -> TrainerConfig {
        TrainerConfig {
            hidden: 16,
            opponent,
            games: 40,
            seed,
            eval_every: 20,
            eval_games: 10,
            ..TrainerConfig::default()
        }
    }

    #[test]
    fn same_seed_same_weights_and_chunks_do_not_matter() {
        for opp in [TrainOpponent::SelfPlay, TrainOpponent::Msb] {
            let mut a = QNetRun::new(small(opp, 5)).unwrap();
            let mut b = QNetRun::new(small(opp, 5)).unwrap();
            let mut c = QNetRun::new(small(opp, 6)).unwrap();
            a.train(40);
            for _ in 0..8 {
                b.train(5);
            }
            c.train(40);
            assert_eq!(a.games(), 40);
            assert!(a.is_done());
            assert!(a
                .learner()
                .net()
                .mlp()
                .same_weights(b.learner().net().mlp()));
            assert!(!a
                .learner()
                .net()
                .mlp()
                .same_weights(c.learner().net().mlp()));
            assert_eq!(a.curve(), b.curve());
            assert_eq!(a.curve().len(), 3, "snapshots at 0, 20, 40");
        }
    }

    /// A learning curve's point is [`evaluate_standard`] of the network of
    /// that moment: the same games, the same black and white records.
    #[test]
    fn curve_points_are_the_standard_evaluation() {
        let mut t = QNetRun::new(small(TrainOpponent::SelfPlay, 8)).unwrap();
        t.train(0);
        let point = evaluate_standard(t.learner().net(), 10, snapshot_seed(t.config()), 0);
        assert_eq!(t.curve(), [point]);
        let names: Vec<&str> = t.curve()[0]
            .results
            .iter()
            .map(|r| r.opponent.as_str())
            .collect();
        assert_eq!(names, ["random", "mvb", "msb"]);
        t.train(20);
        let point = evaluate_standard(t.learner().net(), 10, snapshot_seed(t.config()), 20);
        assert_eq!(t.curve()[1], point);
    }

    #[test]
    fn training_changes_the_weights() {
        let mut t = QNetRun::new(small(TrainOpponent::SelfPlay, 1)).unwrap();
        let before = t.learner().net().clone();
        t.train(3);
        assert!(!before.mlp().same_weights(t.learner().net().mlp()));
    }

    #[test]
    fn serialise_round_trip_resumes_exactly() {
        let mut a = QNetRun::new(small(TrainOpponent::Msb, 3)).unwrap();
        a.train(15);
        let bytes = a.to_bytes().unwrap();
        let mut b = QNetRun::from_bytes(&bytes).unwrap();
        assert_eq!(b.games(), 15);
        assert_eq!(b.config(), a.config());
        assert_eq!(b.curve(), a.curve());
        assert!(a
            .learner()
            .net()
            .mlp()
            .same_weights(b.learner().net().mlp()));
        a.train(25);
        b.train(25);
        assert!(a
            .learner()
            .net()
            .mlp()
            .same_weights(b.learner().net().mlp()));
        assert_eq!(
            a.checkpoint().unwrap().arrays,
            b.checkpoint().unwrap().arrays
        );
        // A weights-only model plays exactly as the run it came from.
        let m = crate::model::encode(&a.model("").unwrap()).unwrap();
        let c = QNetRun::from_bytes(&m).unwrap();
        assert!(c.learner().net().mlp().arrays()[..4] == a.learner().net().mlp().arrays()[..4]);
        assert_eq!(c.games(), 40);
    }

    #[test]
    fn bad_bytes_are_errors() {
        let t = QNetRun::new(small(TrainOpponent::SelfPlay, 3)).unwrap();
        let bytes = t.to_bytes().unwrap();
        assert!(QNetRun::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(QNetRun::from_bytes(b"hello").is_err());
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert!(QNetRun::from_bytes(&bad).is_err());
        // Another game's model is refused with a message.
        let mut m = t.model("").unwrap();
        m.header.game = GameId::of("connect4");
        let other = crate::model::encode(&m).unwrap();
        assert!(QNetRun::from_bytes(&other)
            .err()
            .unwrap()
            .contains("not an Othello Q-network"));
        // Settings that fail validation.
        let mut m = t.checkpoint().unwrap();
        m.header.hyper.insert("hidden".into(), serde_json::json!(0));
        assert!(QNetRun::from_bytes(&crate::model::encode(&m).unwrap()).is_err());
        // A valid checkpoint padded with an array the network does not use.
        let mut m = t.checkpoint().unwrap();
        m.push("padding", vec![1000], vec![0u8; 1000]).unwrap();
        let e = QNetRun::from_bytes(&crate::model::encode(&m).unwrap())
            .err()
            .unwrap();
        assert!(e.contains("array 'padding'"), "{e}");
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;
    use crate::plugin::Training as _;
    use crate::plugin::{demo_of, DEMO_GROUP};

    #[test]
    fn every_study_preset_has_a_demo_with_the_same_schedule_compressed() {
        let kind = crate::plugin::RunKind::info(&QNetKind);
        let study: Vec<_> = kind.presets.iter().filter(|p| p.group == "study").collect();
        let demos: Vec<_> = kind
            .presets
            .iter()
            .filter(|p| p.group == DEMO_GROUP)
            .collect();
        assert_eq!(study.len(), demos.len());
        let entry = crate::games::othello::entry::Entry;
        for d in demos {
            let full = demo_of(&d.id).expect("a demo id");
            assert!(study.iter().any(|p| p.id == full), "{full}");
            let full_config = preset(full).unwrap();
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
