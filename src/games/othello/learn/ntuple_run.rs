//! The n-tuple network's learning run (in the page's learners' module; the
//! first module reads and plays the models, [`super::ntuple`]): self-play
//! games learned by TD(0) or TD(λ) over their afterstates
//! ([`crate::learn::ntuple`]), ε-greedy moves after a few random opening
//! moves, curve points on the repository's protocol against random, MVB and
//! MSB.

use rand::Rng as _;

use super::eval::{evaluate_player, EvalPoint};
use super::ntuple::{encoding, quantise, read_model, Bootstrap, NTupleConfig, Target};
use crate::game::{rng_from_seed, Game, Rng, Side};
use crate::games::othello::endgame::solver::{Limits, Solver};
use crate::games::othello::players::{MaxFlipsPlayer, MaxStablePlayer};
use crate::games::othello::rules::{moves_mask, Board, PASS};
use crate::games::othello::tuples::{Indices, Lookahead, Scratch, TupleNet, TuplePlayer};
use crate::learn::ntuple::{tanh, Episode};
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::players::RandomPlayer;
use crate::plugin::run::{Recorder, WatchedDecision};

/// A learning run.
pub struct NTupleRun {
    config: NTupleConfig,
    net: TupleNet,
    games: u64,
    rng: Rng,
    curve: Vec<EvalPoint>,
    episode: Episode,
    scratch: Scratch,
    sums: Vec<(u8, f32)>,
    active: Vec<u32>,
    /// The endgame solver of exact targets (made when first needed).
    solver: Option<Solver>,
    /// Buffers of the values looking one reply further.
    look: Lookahead,
    /// The values of a decision's moves.
    values: Vec<(u8, f32)>,
}

/// The solver's table for exact targets: the last empties of one game fit
/// many times over.
const SOLVER_HASH_BYTES: usize = 4 << 20;

impl NTupleRun {
    pub fn new(config: NTupleConfig) -> Result<NTupleRun, String> {
        config.validate()?;
        let net = TupleNet::new(config.patterns, config.phases).blended(config.blend);
        let mut run = NTupleRun::with(config, net, 0, Vec::new(), None);
        run.measure_point();
        Ok(run)
    }

    fn with(
        config: NTupleConfig,
        net: TupleNet,
        games: u64,
        curve: Vec<EvalPoint>,
        rng: Option<Rng>,
    ) -> NTupleRun {
        NTupleRun {
            rng: rng.unwrap_or_else(|| rng_from_seed(config.seed)),
            config,
            net,
            games,
            curve,
            episode: Episode::default(),
            scratch: Scratch::default(),
            sums: Vec::new(),
            active: Vec::new(),
            solver: None,
            look: Lookahead::default(),
            values: Vec::new(),
        }
    }

    /// A run from a model or checkpoint of [`NTupleRun::to_model`]; `total`
    /// sets a new planned number of games.
    pub fn from_model(model: &Model, total: Option<u64>) -> Result<NTupleRun, String> {
        let (mut config, net) = read_model(model)?;
        if let Some(t) = total {
            config.games = t;
        }
        config.validate()?;
        let curve: Vec<EvalPoint> = serde_json::from_value(model.header.curve.clone())
            .map_err(|e| format!("bad curve: {e}"))?;
        let games = model.header.games_trained;
        // A checkpoint continues its generator exactly; a model (no
        // generator kept) goes on with one drawn from the seed and the games.
        let rng = if model.header.kind == Kind::Checkpoint {
            Some(model.rng().map_err(|e| e.to_string())?)
        } else {
            Some(rng_from_seed(config.seed ^ games))
        };
        let mut run = NTupleRun::with(config, net, games, curve, rng);
        if total.is_some() && run.is_done() {
            run.measure_point();
        }
        Ok(run)
    }

    pub fn config(&self) -> &NTupleConfig {
        &self.config
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn net(&self) -> &TupleNet {
        &self.net
    }

    pub fn curve(&self) -> &[EvalPoint] {
        &self.curve
    }

    pub fn is_done(&self) -> bool {
        self.games >= self.config.games
    }

    /// Sets a new planned total.
    pub fn set_total(&mut self, total: u64) -> Result<(), String> {
        let mut c = self.config.clone();
        c.games = total;
        c.validate()?;
        self.config = c;
        if self.is_done() {
            self.measure_point();
        }
        Ok(())
    }

    /// Plays and learns at most `max_games` games, with the curve points
    /// due among them.
    pub fn train(&mut self, max_games: u64) {
        for _ in 0..max_games {
            if self.is_done() {
                break;
            }
            self.learning_game(None);
            self.one_more();
        }
    }

    /// Counts a learned game, and measures a curve point when one is due.
    fn one_more(&mut self) {
        self.games += 1;
        if self.games % self.config.eval_every == 0 || self.is_done() {
            self.measure_point();
        }
    }

    /// Plays and learns the next game exactly as `train(1)` would, recording
    /// its moves and the network's value of every legal move at each of its
    /// decisions; `None` when the run is done.
    pub fn train_watched(&mut self, mut rec: Recorder) -> Option<Recorder> {
        if self.is_done() {
            return None;
        }
        if rec.models.is_some() {
            // The weights change only at the end of the game: one model
            // stands for every decision.
            if let Ok(m) = self.to_model(Kind::Model) {
                self.learning_game(Some((&mut rec, Some(m))));
                return self.watched_done(rec);
            }
        }
        self.learning_game(Some((&mut rec, None)));
        self.watched_done(rec)
    }

    fn watched_done(&mut self, rec: Recorder) -> Option<Recorder> {
        self.one_more();
        Some(rec)
    }

    /// One self-play game, learned from at its end; recorded into `watch`
    /// (with the model each decision reads, when given).
    fn learning_game(&mut self, mut watch: Option<(&mut Recorder, Option<Model>)>) {
        let NTupleRun {
            config: c,
            games,
            net,
            rng,
            episode,
            scratch,
            sums,
            active,
            solver,
            look,
            values,
            ..
        } = self;
        let mut b = Board::start();
        let mut ix = Indices::new(net.layout(), &b);
        episode.clear();
        let mut ply = 0u32;
        let mut last = Side::First;
        loop {
            let mask = b.legal_mask();
            if mask == 0 {
                if moves_mask(b.opp(), b.own()) == 0 {
                    break;
                }
                if let Some((rec, _)) = watch.as_mut() {
                    rec.played::<Board>(PASS);
                }
                b.pass();
                continue;
            }
            // The values the decision sees, for the mover (from −1 to +1):
            // each afterstate's, or looking one reply further. No random
            // number is drawn before the choice, watched or not.
            let values_needed =
                c.lookahead >= 2 || c.bootstrap == Bootstrap::Best || watch.is_some();
            if c.lookahead >= 2 {
                let target = c.target;
                net.reply_values(&b, &ix, look, |m| target_of(target, m as f32), values);
            } else if values_needed {
                net.move_sums(&b, &ix, scratch, sums);
                values.clear();
                values.extend(sums.iter().map(|&(q, v)| (q, tanh(v))));
            }
            if let Some((rec, model)) = watch.as_mut() {
                rec.decisions.push(WatchedDecision {
                    ply: rec.moves.len(),
                    values: values
                        .iter()
                        .map(|&(q, v)| (Board::format_move(q), f64::from(v)))
                        .collect(),
                });
                if let Some(m) = model {
                    rec.model(|| Ok(m.clone()));
                }
            }
            let explore =
                ply < c.opening || (c.epsilon > 0.0 && rng.random::<f32>() < c.epsilon as f32);
            let q = if values_needed {
                // The first best in square order, as `best_move` picks (by
                // the sums where there are: tanh may round two apart to one).
                let first_best = |list: &[(u8, f32)]| {
                    list.iter().fold(
                        (PASS, f32::NEG_INFINITY),
                        |b, &(q, v)| if v > b.1 { (q, v) } else { b },
                    )
                };
                let (best, top) = if c.lookahead >= 2 {
                    first_best(values)
                } else {
                    let (q, sum) = first_best(sums);
                    (q, tanh(sum))
                };
                if c.lookahead >= 2 || c.bootstrap == Bootstrap::Best {
                    // The best move's value is the target of the afterstate
                    // before, whatever move is played.
                    episode.set_reply(b.side().index(), top);
                }
                if explore {
                    nth_square(mask, rng.random_range(0..mask.count_ones()))
                } else {
                    best
                }
            } else if explore {
                nth_square(mask, rng.random_range(0..mask.count_ones()))
            } else {
                net.best_move(&b, &ix, scratch, sums)
            };
            if let Some((rec, _)) = watch.as_mut() {
                rec.played::<Board>(q);
            }
            let side = b.side();
            let flips = b.flips(q);
            ix.play(net.layout(), side, q, flips);
            b.place(q, flips);
            ix.active(net.layout(), side, active);
            episode.push(side.index(), net.phase(b.empties()), active);
            if c.exact > 0 && b.empties() <= c.exact {
                // The afterstate's exact value: minus the score of the side
                // to move there.
                let s = solver.get_or_insert_with(|| Solver::with_hash_bytes(SOLVER_HASH_BYTES));
                if let Some(score) = s.solve(&b, Limits::NONE, None).score {
                    episode.set_exact(target_of(c.target, -score as f32));
                }
            }
            last = side;
            ply += 1;
        }
        let margin = b.final_margin() as f32;
        let mine = if last == Side::First { margin } else { -margin };
        let result = target_of(c.target, mine);
        let alpha = c.alpha_at(*games) as f32;
        episode.learn(net.net_mut(), result, alpha, c.lambda as f32);
    }

    fn measure_point(&mut self) {
        if self.curve.last().is_some_and(|p| p.games == self.games) {
            return;
        }
        let mut agent = TuplePlayer::new(self.net.clone());
        let (n, seed) = (
            self.config.eval_games,
            self.config.seed.wrapping_add(self.games),
        );
        let results = vec![
            evaluate_player(&mut agent, &mut RandomPlayer::<Board>::new(), n, seed),
            evaluate_player(
                &mut agent,
                &mut MaxFlipsPlayer::new(),
                n,
                seed.wrapping_add(1),
            ),
            evaluate_player(
                &mut agent,
                &mut MaxStablePlayer::new(),
                n,
                seed.wrapping_add(2),
            ),
        ];
        self.curve.push(EvalPoint {
            games: self.games,
            results,
        });
    }

    /// The run in a few words.
    pub fn label(&self) -> String {
        let c = &self.config;
        let td = c.td_name();
        let phases = match (c.phases, c.blend) {
            (1, _) => String::new(),
            (p, false) => format!(" ×{p} phases"),
            (p, true) => format!(" ×{p} blended phases"),
        };
        let exact = if c.exact > 0 {
            format!(", exact in the last {}", c.exact)
        } else {
            String::new()
        };
        let targets = match (c.lookahead, c.bootstrap) {
            (2, _) => ", two plies ahead",
            (_, Bootstrap::Best) => ", best-reply targets",
            _ => "",
        };
        format!(
            "n-tuple {}{phases}, {td}{targets}{exact}, seed {}",
            c.patterns.name(),
            c.seed
        )
    }

    /// The network as a model: a checkpoint holds the weights exactly and
    /// the generator; a model holds them as 16-bit integers times a scale
    /// (half the size, the same play: see `docs/othello-ntuple.md`).
    pub fn to_model(&self, kind: Kind) -> Result<Model, String> {
        let game = GameId::new(Board::NAME).map_err(|e| e.to_string())?;
        let mut header = Header::new(game, Algorithm::NTuple, self.label());
        header.encoding = encoding(self.config.patterns);
        header.kind = kind;
        header.seed = self.config.seed;
        header.games_trained = self.games;
        header.hyper.insert(
            "run".into(),
            serde_json::to_value(&self.config).map_err(|e| e.to_string())?,
        );
        header.curve = serde_json::to_value(&self.curve).map_err(|e| e.to_string())?;
        let mut model = Model::new(header);
        let n = self.net.net();
        let shape = vec![n.phases(), n.per_phase()];
        if kind == Kind::Checkpoint {
            model
                .push("w", shape, n.weights().to_vec())
                .map_err(|e| e.to_string())?;
            model.set_rng(&self.rng);
        } else {
            let (q, scale) = quantise(n.weights());
            model.push("wq", shape, q).map_err(|e| e.to_string())?;
            model
                .push("scale", vec![1], vec![scale])
                .map_err(|e| e.to_string())?;
        }
        Ok(model)
    }
}

/// The target of a final disc difference `margin` for a side.
fn target_of(target: Target, margin: f32) -> f32 {
    match target {
        Target::Result => margin.signum() * f32::from(margin != 0.0),
        Target::Margin => margin / 64.0,
    }
}

/// The `k`-th set square of `mask`.
fn nth_square(mut mask: u64, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;

    fn small(seed: u64) -> NTupleConfig {
        NTupleConfig {
            games: 300,
            eval_every: 150,
            eval_games: 20,
            seed,
            ..NTupleConfig::default()
        }
    }

    #[test]
    fn a_run_is_seeded_reproducible_and_resumes_exactly() {
        let mut a = NTupleRun::new(small(2)).unwrap();
        a.train(300);
        let mut b = NTupleRun::new(small(2)).unwrap();
        b.train(120);
        let saved = b.to_model(Kind::Checkpoint).unwrap();
        let bytes = crate::model::encode(&saved).unwrap();
        let mut b = NTupleRun::from_model(&crate::model::decode(&bytes).unwrap(), None).unwrap();
        b.train(1_000);
        assert_eq!(a.net().net().weights(), b.net().net().weights());
        assert_eq!(a.curve(), b.curve());
        assert_eq!(a.curve().len(), 3);
        let mut c = NTupleRun::new(small(3)).unwrap();
        c.train(300);
        assert_ne!(a.net().net().weights(), c.net().net().weights());
    }

    #[test]
    fn blended_runs_with_exact_targets_resume_exactly_and_keep_their_blend() {
        let config = NTupleConfig {
            phases: 3,
            blend: true,
            exact: 8,
            games: 60,
            eval_every: 30,
            ..small(6)
        };
        let mut a = NTupleRun::new(config.clone()).unwrap();
        a.train(60);
        let mut b = NTupleRun::new(config.clone()).unwrap();
        b.train(25);
        let bytes = crate::model::encode(&b.to_model(Kind::Checkpoint).unwrap()).unwrap();
        let mut b = NTupleRun::from_model(&crate::model::decode(&bytes).unwrap(), None).unwrap();
        b.train(100);
        assert_eq!(a.net().net().weights(), b.net().net().weights());
        assert_eq!(a.curve(), b.curve());
        // Each option changes what is learned.
        for other in [
            NTupleConfig {
                blend: false,
                ..config.clone()
            },
            NTupleConfig {
                exact: 0,
                ..config.clone()
            },
        ] {
            let mut c = NTupleRun::new(other).unwrap();
            c.train(60);
            assert_ne!(a.net().net().weights(), c.net().net().weights());
        }
        let (read, net) = read_model(&a.to_model(Kind::Model).unwrap()).unwrap();
        assert!(read.blend && net.blends() && read.exact == 8);
        assert!(a.label().contains("blended") && a.label().contains("exact in the last 8"));
    }

    #[test]
    fn exact_targets_are_the_solvers_values_in_the_last_empties() {
        let mut run = NTupleRun::new(NTupleConfig {
            exact: 10,
            target: Target::Margin,
            ..small(7)
        })
        .unwrap();
        let rec = run.train_watched(Recorder::default()).unwrap();
        // Replay the game: each afterstate's exact value is minus the
        // solver's score of the side to move there, ÷ 64, from 10 empties on.
        let exact = run.episode.exact_values().to_vec();
        let mut board = Board::start();
        let mut t = 0;
        let mut last_mover = board.side();
        for m in &rec.moves {
            let mv = Board::parse_move(m).unwrap();
            if mv != PASS {
                last_mover = board.side();
            }
            board.play(mv);
            if mv == PASS {
                continue;
            }
            let want = (board.empties() <= 10).then(|| {
                let score = crate::games::othello::endgame::solver::solve(&board)
                    .score
                    .unwrap();
                -score as f32 / 64.0
            });
            assert_eq!(exact[t], want, "afterstate {t}");
            t += 1;
        }
        assert_eq!(t, exact.len());
        assert!(exact.iter().filter(|e| e.is_some()).count() >= 8);
        // The last afterstate ends the game: its exact value is the final
        // disc difference for the side that made it, counted here.
        assert!(board.is_over());
        let (mine, theirs) = (board.count(last_mover), board.count(last_mover.other()));
        let empties = board.empties() as i32;
        let margin = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => mine as i32 - theirs as i32 + empties,
            std::cmp::Ordering::Less => mine as i32 - theirs as i32 - empties,
            std::cmp::Ordering::Equal => 0,
        };
        assert_eq!(exact[t - 1], Some(margin as f32 / 64.0));
    }

    #[test]
    fn watched_games_are_the_runs_own() {
        let mut a = NTupleRun::new(small(5)).unwrap();
        let mut b = NTupleRun::new(small(5)).unwrap();
        a.train(2);
        b.train(1);
        let rec = b.train_watched(Recorder::with_models()).unwrap();
        assert_eq!(a.net().net().weights(), b.net().net().weights());
        assert_eq!(b.games(), 2);
        // A decision per placement with a value for each legal move, one
        // model per decision, and moves that replay to the end of a game.
        assert_eq!(rec.models.as_ref().unwrap().len(), rec.decisions.len());
        let mut board = Board::start();
        let mut next = rec.decisions.iter().peekable();
        for (ply, m) in rec.moves.iter().enumerate() {
            let mv = Board::parse_move(m).unwrap();
            if mv != PASS {
                let d = next.next().expect("a decision");
                assert_eq!(d.ply, ply);
                assert_eq!(d.values.len() as u32, board.legal_mask().count_ones());
                assert!(d.values.iter().all(|(_, v)| v.abs() <= 1.0));
            }
            board.play(mv);
        }
        assert!(board.is_over());
        assert!(next.next().is_none());
    }

    #[test]
    fn learning_beats_random_play() {
        let mut run = NTupleRun::new(NTupleConfig {
            games: 3_000,
            eval_every: 3_000,
            eval_games: 200,
            ..NTupleConfig::default()
        })
        .unwrap();
        run.train(3_000);
        let first = &run.curve()[0].results[0];
        let last = &run.curve()[1].results[0];
        let rate = |r: &crate::games::othello::learn::OpponentResult| {
            f64::from(r.black.wins + r.white.wins) / f64::from(r.black.games() + r.white.games())
        };
        // Untrained it plays the first legal square; trained it beats random.
        assert!(rate(last) > 0.8, "{} then {}", rate(first), rate(last));
    }

    #[test]
    fn a_model_keeps_the_weights_to_a_part_in_65_thousand_and_plays_the_same() {
        let mut run = NTupleRun::new(small(4)).unwrap();
        run.train(300);
        let bytes = crate::model::encode(&run.to_model(Kind::Model).unwrap()).unwrap();
        let (_, net) = read_model(&crate::model::decode(&bytes).unwrap()).unwrap();
        let exact = run.net().net().weights();
        let top = exact.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(top > 0.0);
        for (a, b) in exact.iter().zip(net.net().weights()) {
            assert!((a - b).abs() <= top / 65_534.0 * 1.001, "{a} vs {b}");
        }
        // The same moves in the positions of random games (a move may differ
        // only where two were within the rounding).
        let (mut a, mut b) = (TuplePlayer::new(run.net().clone()), TuplePlayer::new(net));
        let mut rng = rng_from_seed(8);
        let (mut same, mut all) = (0, 0);
        for _ in 0..10 {
            let mut board = Board::start();
            while !board.is_over() {
                all += 1;
                same += usize::from(a.choose(&board, &mut rng) == b.choose(&board, &mut rng));
                let mut moves = Vec::new();
                board.legal_moves(&mut moves);
                board.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(same * 100 >= all * 98, "{same} of {all}");
    }

    #[test]
    fn bad_settings_and_foreign_models_are_refused() {
        for bad in [
            NTupleConfig {
                phases: 0,
                ..small(1)
            },
            NTupleConfig {
                alpha: 0.0,
                ..small(1)
            },
            NTupleConfig {
                lambda: 1.5,
                ..small(1)
            },
            NTupleConfig {
                eval_every: 0,
                ..small(1)
            },
            NTupleConfig {
                exact: 17,
                ..small(1)
            },
        ] {
            assert!(NTupleRun::new(bad).is_err());
        }
        let run = NTupleRun::new(small(1)).unwrap();
        let mut m = run.to_model(Kind::Model).unwrap();
        m.header.encoding = "othello-ntuple-classic".into();
        assert!(read_model(&m).unwrap_err().contains("does not match"));
        let mut m = run.to_model(Kind::Model).unwrap();
        m.set("w", vec![1, 3], vec![0.0f32; 3]).unwrap();
        assert!(read_model(&m).is_err());
    }
}
