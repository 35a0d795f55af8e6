//! Training runs of the Othello Q-network: the game loop (self-play or
//! against MSB) and its learning-curve snapshots. The settings and presets
//! are [`super::config`], the snapshots' measure [`super::eval`], saving and
//! restoring [`super::save`].
//!
//! The [`Trainer`] works in bounded chunks ([`Trainer::train`] plays at most
//! the number of games asked), so a Web Worker can run a chunk, post progress,
//! check for pause or stop, and continue; a saved state resumes bit-exactly.
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

use serde::{Deserialize, Serialize};

use crate::arena::Record;
use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::games::othello::players::MaxStablePlayer;
use crate::games::othello::qnet::{q_target, LegalQ, QNet, QNetPlayer, QScratch};
use crate::games::othello::symmetry::{image, symmetric};
use crate::games::othello::{moves_mask, Board, PASS};
use crate::learn::exploration::{max_value, softmax_index};
use crate::plugin::run::{Recorder, WatchedDecision};

use super::config::MAX_GAMES;
use super::config::{TrainOpponent, TrainerConfig};
use super::eval::{evaluate, EvalPoint, Evaluation, OpponentResult};

/// What a chunk of training did.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Progress {
    pub games_played: u64,
    pub games_total: u64,
    /// Games trained in this chunk.
    pub trained: u64,
    /// The agent's record in this chunk's training games (self-play: black's).
    pub record: Record,
    /// Snapshots taken during this chunk.
    pub snapshots: Vec<EvalPoint>,
    pub done: bool,
}

/// One Q-update of the learner (see [`Trainer::train_on_moves`]).
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

/// A training run: the network, its momentum, the RNG, and the curve so far.
pub struct Trainer {
    pub(super) config: TrainerConfig,
    pub(super) net: QNet,
    pub(super) rng: Rng,
    pub(super) games_played: u64,
    pub(super) curve: Vec<EvalPoint>,
    // Per-game scratch, reused (no allocation per move).
    pub(super) scratch: QScratch,
    pub(super) lq: LegalQ,
    pub(super) pending: [Option<(Board, u8)>; 2],
    pub(super) msb: MaxStablePlayer,
    /// The curve point being measured, a few games at a time.
    pub(super) evaluating: Option<Evaluation>,
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer")
            .field("config", &self.config)
            .field("games_played", &self.games_played)
            .field("curve_points", &self.curve.len())
            .finish_non_exhaustive()
    }
}

impl Trainer {
    /// A fresh run: weights drawn from the seed, nothing played.
    pub fn new(config: TrainerConfig) -> Result<Trainer, String> {
        config.validate()?;
        let mut rng = rng_from_seed(config.seed);
        let mut net = QNet::new(config.encoding, config.hidden, config.activation, &mut rng);
        let mlp = net.mlp_mut();
        mlp.learning_rate = config.learning_rate as f32;
        mlp.set_momentum(config.momentum as f32);
        Ok(Trainer::assemble(config, net, rng, 0, Vec::new()))
    }

    pub(super) fn assemble(
        config: TrainerConfig,
        net: QNet,
        rng: Rng,
        games_played: u64,
        curve: Vec<EvalPoint>,
    ) -> Trainer {
        Trainer {
            scratch: QScratch::new(&net),
            config,
            net,
            rng,
            games_played,
            curve,
            lq: LegalQ::default(),
            pending: [None, None],
            msb: MaxStablePlayer::new(),
            evaluating: None,
        }
    }

    pub fn config(&self) -> &TrainerConfig {
        &self.config
    }
    pub fn net(&self) -> &QNet {
        &self.net
    }
    pub fn games_played(&self) -> u64 {
        self.games_played
    }
    pub fn curve(&self) -> &[EvalPoint] {
        &self.curve
    }
    /// Every planned game played and the curve point due measured.
    pub fn is_done(&self) -> bool {
        self.games_played >= self.config.games && !self.snapshot_due()
    }

    /// Whether a curve point is due at the games played and not yet taken.
    fn snapshot_due(&self) -> bool {
        let every = self.config.eval_every;
        every > 0
            && self.games_played % every == 0
            && self.curve.last().map(|p| p.games) != Some(self.games_played)
    }

    /// Raises (or lowers) the planned number of games, to continue a run.
    pub fn set_total_games(&mut self, games: u64) -> Result<(), String> {
        if games > MAX_GAMES {
            return Err(format!("games must be at most {MAX_GAMES}"));
        }
        self.config.games = games;
        Ok(())
    }

    /// The exploration β = games played / C for the next game.
    pub fn beta(&self) -> f32 {
        (self.games_played as f64 / self.config.c) as f32
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

    /// The seed of the learning-curve snapshots: the same openings at every
    /// snapshot, independent of the training RNG.
    fn snapshot_seed(&self) -> u64 {
        self.config.seed ^ 0x5eed_cafe_f00d_0001
    }

    /// Measures the curve point due now (if any) to the end, however many
    /// games it takes (the untrained network's point before a timed run).
    pub fn measure_due_point(&mut self) {
        self.train(0);
    }

    /// Trains up to `max_games` training games (fewer if the run reaches
    /// `config.games`), taking the learning-curve snapshots that fall in
    /// this chunk (including the one of the untrained network) in full.
    pub fn train(&mut self, max_games: u64) -> Progress {
        self.advance(u64::MAX, max_games)
    }

    /// Plays at most `budget` games — training games and the evaluation
    /// games of the curve points due among them alike — stopping at the
    /// planned total: a worker's chunk, bounded however large the
    /// evaluation. A curve point's evaluation may span several steps;
    /// training goes on once it is measured. The run does not depend on how
    /// it is cut into steps.
    pub fn step(&mut self, budget: u64) -> Progress {
        self.advance(budget, u64::MAX)
    }

    /// At most `budget` games of training and evaluation together, and at
    /// most `max_train` training games.
    fn advance(&mut self, budget: u64, max_train: u64) -> Progress {
        let mut progress = Progress {
            games_played: self.games_played,
            games_total: self.config.games,
            trained: 0,
            record: Record::default(),
            snapshots: Vec::new(),
            done: false,
        };
        let mut budget = budget;
        loop {
            if self.evaluating.is_none() && self.snapshot_due() {
                self.evaluating = Some(Evaluation::new(
                    &self.net,
                    self.config.eval_games,
                    self.snapshot_seed(),
                    self.games_played,
                ));
            }
            if let Some(eval) = self.evaluating.as_mut() {
                let (played, point) = eval.play(budget);
                budget -= played;
                match point {
                    Some(p) => {
                        self.evaluating = None;
                        self.curve.push(p.clone());
                        progress.snapshots.push(p);
                    }
                    None => break,
                }
                continue;
            }
            if budget == 0
                || progress.trained >= max_train
                || self.games_played >= self.config.games
            {
                break;
            }
            let (outcome, agent) = self.play_training_game();
            progress.record.add(outcome, agent);
            progress.trained += 1;
            budget -= 1;
        }
        progress.games_played = self.games_played;
        progress.done = self.is_done();
        progress
    }

    /// One training game; returns the outcome and the agent's side (black in
    /// self-play).
    fn play_training_game(&mut self) -> (Outcome, Side) {
        self.play_game(None, None, None)
    }

    /// Plays the next training game as [`Trainer::train`]`(1)` would (the
    /// curve points due before and after it measured in full), recording
    /// its moves (forced passes included) and, at each of the agent's
    /// decisions, the Q-values it saw for the legal moves (and, when `rec`
    /// keeps models, the network as it was there). `None` when the run is
    /// done. Returns the recorder, the agent's side (black in
    /// self-play, where the agent makes every decision) and the progress.
    pub fn train_watched(&mut self, mut rec: Recorder) -> Option<(Recorder, Side, Progress)> {
        let mut progress = self.train(0);
        if self.games_played >= self.config.games {
            return None;
        }
        let (outcome, agent) = self.play_game(None, None, Some(&mut rec));
        progress.record.add(outcome, agent);
        progress.trained = 1;
        let after = self.train(0);
        progress.snapshots.extend(after.snapshots);
        progress.games_played = self.games_played;
        progress.done = self.is_done();
        Some((rec, agent, progress))
    }

    /// One training game whose moves are given instead of chosen: `moves`
    /// are the placements of both sides in order (forced passes are played
    /// without being listed) and must finish the game. Everything else is as
    /// in [`Trainer::train`]: the same decisions, the same updates in the
    /// same order, the game counted. Against MSB the listed moves stand for
    /// MSB's too, and only the agent's side learns. Returns the outcome and
    /// every Q-update made, in order: the learner's rule laid open, for tests
    /// that check it against values computed by hand.
    pub fn train_on_moves(&mut self, moves: &[u8]) -> Result<(Outcome, Vec<QUpdate>), String> {
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
        let (outcome, _) = self.play_game(Some(moves), Some(&mut log), None);
        Ok((outcome, log))
    }

    /// One training game, its moves chosen by the softmax (and MSB) or, with
    /// `script`, taken from it; `log` receives every update.
    fn play_game(
        &mut self,
        script: Option<&[u8]>,
        mut log: Option<&mut Vec<QUpdate>>,
        mut rec: Option<&mut Recorder>,
    ) -> (Outcome, Side) {
        let beta = self.beta();
        let mu = self.config.mu as f32;
        let agent = match self.config.opponent {
            TrainOpponent::SelfPlay => None,
            TrainOpponent::Msb => Some(if self.games_played < self.config.games / 2 {
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
                    rec.model(|| self.to_model(crate::model::Kind::Model));
                }
                let m = self.decide(&board, mask, side, beta, mu, scripted, log.as_deref_mut());
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
                let q = self.learn(&s, a, value, mu);
                if let Some(log) = log.as_deref_mut() {
                    log.push(QUpdate::new(side, s, a, value, q, mu, true));
                }
            }
        }
        // Between games every row is up to date (saved state, evaluation).
        self.net.mlp_mut().sync();
        self.games_played += 1;
        (outcome, agent.unwrap_or(Side::First))
    }

    /// The Q-update of (s, a) toward `value`, and with the `symmetries`
    /// option the same update of each of the 7 other images of s and a, in
    /// the order of the symmetries; returns Q(s, a) before its update.
    fn learn(&mut self, s: &Board, a: u8, value: f32, mu: f32) -> f32 {
        let q = self.net.update(s, a, value, mu, &mut self.scratch);
        if self.config.symmetries {
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
            let q = self.learn(&s, a, v, mu);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_symmetries_each_update_is_made_on_the_eight_images() {
        let config = TrainerConfig {
            hidden: 8,
            games: 10,
            eval_every: 0,
            symmetries: true,
            ..TrainerConfig::default()
        };
        let mut t = Trainer::new(config.clone()).unwrap();
        let mut plain = Trainer::new(TrainerConfig {
            symmetries: false,
            ..config
        })
        .unwrap();
        // From the same weights: one update with the option equals the eight
        // updates made by hand, in the order of the symmetries.
        let mut b = Board::start();
        b.place(19, b.flips(19));
        let q = t.learn(&b, 18, 1.0, 0.1);
        let q_plain = plain.learn(&b, 18, 1.0, 0.1);
        assert_eq!(q, q_plain, "the same Q before the update");
        for g in 1..8 {
            let (bg, ag) = (image(&b, g), symmetric(g, 18));
            plain.net.update(&bg, ag, 1.0, 0.1, &mut plain.scratch);
        }
        t.net.mlp_mut().sync();
        plain.net.mlp_mut().sync();
        assert!(t.net().mlp().same_weights(plain.net().mlp()));
        // And it changes what is learned.
        let mut a = Trainer::new(TrainerConfig {
            hidden: 8,
            games: 5,
            eval_every: 0,
            symmetries: true,
            ..TrainerConfig::default()
        })
        .unwrap();
        let mut c = Trainer::new(TrainerConfig {
            hidden: 8,
            games: 5,
            eval_every: 0,
            ..TrainerConfig::default()
        })
        .unwrap();
        a.train(5);
        c.train(5);
        assert!(!a.net().mlp().same_weights(c.net().mlp()));
    }
    use crate::games::othello::learn::eval::evaluate_standard;
    use crate::model::{GameId, Kind};

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
            let mut a = Trainer::new(small(opp, 5)).unwrap();
            let mut b = Trainer::new(small(opp, 5)).unwrap();
            let mut c = Trainer::new(small(opp, 6)).unwrap();
            a.train(40);
            for _ in 0..8 {
                b.train(5);
            }
            c.train(40);
            assert_eq!(a.games_played(), 40);
            assert!(a.is_done());
            assert!(a.net().mlp().same_weights(b.net().mlp()));
            assert!(!a.net().mlp().same_weights(c.net().mlp()));
            assert_eq!(a.curve(), b.curve());
            assert_eq!(a.curve().len(), 3, "snapshots at 0, 20, 40");
        }
    }

    #[test]
    fn steps_bound_evaluation_too_and_cutting_does_not_matter() {
        // Curve points of 3 × 8 evaluation games every 10 training games.
        let config = TrainerConfig {
            games: 30,
            eval_every: 10,
            eval_games: 8,
            ..small(TrainOpponent::SelfPlay, 4)
        };
        let mut whole = Trainer::new(config.clone()).unwrap();
        whole.train(30);
        let mut stepped = Trainer::new(config).unwrap();
        let mut steps = 0;
        while !stepped.is_done() {
            // No step plays more than 7 games, evaluation games included.
            let before = stepped.games_played();
            let p = stepped.step(7);
            assert!(p.trained <= 7);
            assert_eq!(stepped.games_played() - before, p.trained);
            steps += 1;
        }
        // 30 training games and 4 points of 24 evaluation games: 126 games.
        assert_eq!(steps, 126_usize.div_ceil(7));
        assert_eq!(stepped.curve(), whole.curve());
        assert!(stepped.net().mlp().same_weights(whole.net().mlp()));
        // A checkpoint taken in the middle of a point's evaluation resumes it.
        let mut a = Trainer::new(TrainerConfig {
            games: 30,
            eval_every: 10,
            eval_games: 8,
            ..small(TrainOpponent::SelfPlay, 4)
        })
        .unwrap();
        a.step(24 + 10 + 5);
        let mut b = Trainer::from_bytes(&a.to_bytes().unwrap()).unwrap();
        while !b.is_done() {
            b.step(5);
        }
        assert_eq!(b.curve(), whole.curve());
        // Settings that would evaluate for hours are refused.
        assert!(TrainerConfig::from_json(r#"{"eval_games":10000000}"#).is_err());
    }

    /// A learning curve's point is [`evaluate_standard`] of the network of
    /// that moment: the same games, the same black and white records.
    #[test]
    fn curve_points_are_the_standard_evaluation() {
        let mut t = Trainer::new(small(TrainOpponent::SelfPlay, 8)).unwrap();
        t.train(0);
        let point = evaluate_standard(t.net(), 10, t.snapshot_seed(), 0);
        assert_eq!(t.curve(), [point]);
        let names: Vec<&str> = t.curve()[0]
            .results
            .iter()
            .map(|r| r.opponent.as_str())
            .collect();
        assert_eq!(names, ["random", "mvb", "msb"]);
        t.train(20);
        let point = evaluate_standard(t.net(), 10, t.snapshot_seed(), 20);
        assert_eq!(t.curve()[1], point);
    }

    #[test]
    fn training_changes_the_weights() {
        let mut t = Trainer::new(small(TrainOpponent::SelfPlay, 1)).unwrap();
        let before = t.net().clone();
        t.train(3);
        assert!(!before.mlp().same_weights(t.net().mlp()));
    }

    #[test]
    fn serialise_round_trip_resumes_exactly() {
        let mut a = Trainer::new(small(TrainOpponent::Msb, 3)).unwrap();
        a.train(15);
        let bytes = a.to_bytes().unwrap();
        let mut b = Trainer::from_bytes(&bytes).unwrap();
        assert_eq!(b.games_played(), 15);
        assert_eq!(b.config(), a.config());
        assert_eq!(b.curve(), a.curve());
        assert!(a.net().mlp().same_weights(b.net().mlp()));
        a.train(25);
        b.train(25);
        assert!(a.net().mlp().same_weights(b.net().mlp()));
        assert_eq!(
            a.to_model(Kind::Checkpoint).unwrap().arrays,
            b.to_model(Kind::Checkpoint).unwrap().arrays
        );
        // A weights-only model plays exactly as the run it came from.
        let m = crate::model::encode(&a.to_model(Kind::Model).unwrap()).unwrap();
        let c = Trainer::from_bytes(&m).unwrap();
        assert!(c.net().mlp().arrays()[..4] == a.net().mlp().arrays()[..4]);
        assert_eq!(c.games_played(), 40);
    }

    #[test]
    fn bad_bytes_are_errors() {
        let t = Trainer::new(small(TrainOpponent::SelfPlay, 3)).unwrap();
        let bytes = t.to_bytes().unwrap();
        assert!(Trainer::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Trainer::from_bytes(b"hello").is_err());
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert!(Trainer::from_bytes(&bad).is_err());
        // Another game's model is refused with a message.
        let mut m = t.to_model(Kind::Model).unwrap();
        m.header.game = GameId::of("connect4");
        let other = crate::model::encode(&m).unwrap();
        assert!(Trainer::from_bytes(&other)
            .unwrap_err()
            .contains("not an Othello Q-network"));
        // Settings that fail validation.
        let mut m = t.to_model(Kind::Checkpoint).unwrap();
        m.header.hyper.insert("hidden".into(), serde_json::json!(0));
        assert!(Trainer::from_bytes(&crate::model::encode(&m).unwrap()).is_err());
        // A valid checkpoint padded with an array the network does not use.
        let mut m = t.to_model(Kind::Checkpoint).unwrap();
        m.push("padding", vec![1000], vec![0u8; 1000]).unwrap();
        let e = Trainer::from_bytes(&crate::model::encode(&m).unwrap()).unwrap_err();
        assert!(e.contains("array 'padding'"), "{e}");
    }
}
