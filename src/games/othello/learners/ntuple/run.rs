//! The n-tuple network's learning run (in the page's learners' module; the
//! first module reads and plays the models, [`super::ntuple`]): self-play
//! games learned by TD(0) or TD(λ) over their afterstates
//! ([`crate::learn::ntuple`]), ε-greedy moves after a few random opening
//! moves, curve points on the repository's protocol against random, MVB and
//! MSB.

use rand::Rng as _;

use super::super::eval::{evaluate_player, latest_of, point_of, win_series, EvalPoint};
use super::{encoding, quantise, read_model, Bootstrap, NTupleConfig, Target, NTUPLE};
use crate::game::{rng_from_seed, Game, Rng, Side};
use crate::games::othello::endgame::solver::{Limits, Solver};
use crate::games::othello::players::{MaxFlipsPlayer, MaxStablePlayer};
use crate::games::othello::rules::{moves_mask, Board, PASS};
use crate::games::othello::tuples::{Indices, Lookahead, Scratch, TupleNet, TuplePlayer};
use crate::learn::ntuple::{tanh, Episode};
use crate::model::{Algorithm, GameId, Header, Kind, Model};
use crate::players::RandomPlayer;
use crate::plugin::learner::{change_checked, saved_curve, Every};
use crate::plugin::run::{Recorder, WatchedDecision};
use crate::plugin::{Learner, Played, Point, Restored, ResumeOptions, RunView, SeriesSpec};

/// The learner: the network, its generator, the episode of the game under
/// way and the scratch of its moves, and the endgame solver of exact
/// targets.
pub struct NTupleLearner {
    net: TupleNet,
    rng: Rng,
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

/// The generic run of this learner.
pub type NTupleRun = crate::plugin::Run<NTupleLearner>;

/// The solver's table for exact targets: the last empties of one game fit
/// many times over.
const SOLVER_HASH_BYTES: usize = 4 << 20;

impl NTupleLearner {
    fn with(net: TupleNet, rng: Rng) -> NTupleLearner {
        NTupleLearner {
            rng,
            net,
            episode: Episode::default(),
            scratch: Scratch::default(),
            sums: Vec::new(),
            active: Vec::new(),
            solver: None,
            look: Lookahead::default(),
            values: Vec::new(),
        }
    }

    pub fn net(&self) -> &TupleNet {
        &self.net
    }

    /// One self-play game, learned from at its end; recorded into `watch`
    /// (with the model each decision reads, when given).
    fn learning_game(
        &mut self,
        c: &NTupleConfig,
        games: u64,
        mut watch: Option<(&mut Recorder, Option<Model>)>,
    ) {
        let NTupleLearner {
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
        let alpha = c.alpha_at(games) as f32;
        episode.learn(net.net_mut(), result, alpha, c.lambda as f32);
    }

    /// The run in a few words.
    pub fn label(c: &NTupleConfig) -> String {
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
    fn to_model(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        let game = GameId::new(Board::NAME).map_err(|e| e.to_string())?;
        let mut header = Header::new(game, Algorithm::NTuple, NTupleLearner::label(run.config));
        header.encoding = encoding(run.config.patterns);
        header.kind = kind;
        header.seed = run.config.seed;
        header.games_trained = run.games;
        header.hyper.insert(
            "run".into(),
            serde_json::to_value(run.config).map_err(|e| e.to_string())?,
        );
        header.curve = serde_json::to_value(run.curve).map_err(|e| e.to_string())?;
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

/// The most learning games between two curve points of a new run.
pub const MAX_NEW_EVAL_EVERY: u64 = 100_000_000;

impl Learner for NTupleLearner {
    type Config = NTupleConfig;
    type Point = EvalPoint;
    const KIND: &'static str = NTUPLE;
    const NEEDS_LEARNERS: Option<&'static str> = Some("n-tuple learner");
    const ALGORITHM: Algorithm = Algorithm::NTuple;

    fn total(config: &NTupleConfig) -> u64 {
        config.games
    }

    fn set_total(config: &mut NTupleConfig, total: u64, _games: u64) -> Result<(), String> {
        change_checked(config, |c| c.games = total, NTupleConfig::validate)
    }

    /// A new run, whose curve point falls at most every
    /// [`MAX_NEW_EVAL_EVERY`] games, as the settings form says (a model
    /// file keeps the settings it was trained with, and still loads).
    fn check(config: &NTupleConfig) -> Result<(), String> {
        if config.eval_every > MAX_NEW_EVAL_EVERY {
            return Err(format!(
                "a curve point at most every 100,000,000 games, not every {}",
                config.eval_every
            ));
        }
        Ok(())
    }

    fn new(config: &NTupleConfig) -> Result<NTupleLearner, String> {
        config.validate()?;
        let net = TupleNet::new(config.patterns, config.phases).blended(config.blend);
        Ok(NTupleLearner::with(net, rng_from_seed(config.seed)))
    }

    /// A point before the first game, every `eval_every` games and at the end.
    fn due(&self, run: RunView<'_, Self>) -> bool {
        Every::grid(run.config.eval_every).due_in(run, |p| p.games)
    }

    /// One self-play game, learned from at its end; recorded, the weights
    /// change only at the end of the game: one model stands for every
    /// decision.
    fn learn(&mut self, run: RunView<'_, Self>, record: Option<&mut Recorder>) -> Played {
        match record {
            None => self.learning_game(run.config, run.games, None),
            Some(rec) => {
                let model = match rec.models {
                    Some(_) => self.to_model(run, Kind::Model).ok(),
                    None => None,
                };
                self.learning_game(run.config, run.games, Some((rec, model)));
            }
        }
        Played::SELF_PLAY
    }

    fn measure(&mut self, run: RunView<'_, Self>) -> EvalPoint {
        let mut agent = TuplePlayer::new(self.net.clone());
        let (n, seed) = (
            run.config.eval_games,
            run.config.seed.wrapping_add(run.games),
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
        EvalPoint {
            games: run.games,
            results,
        }
    }

    /// The network as a model: a checkpoint holds the weights exactly and
    /// the generator; a model holds them as 16-bit integers times a scale
    /// (half the size, the same play: see `docs/othello-ntuple.md`).
    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        self.to_model(run, kind)
    }

    /// A run from a model or checkpoint of [`NTupleLearner::save`].
    fn restore(model: &Model, _options: &ResumeOptions) -> Result<Restored<Self>, String> {
        let (config, net) = read_model(model)?;
        config.validate()?;
        let curve: Vec<EvalPoint> = saved_curve(model)?;
        let games = model.header.games_trained;
        // A checkpoint continues its generator exactly; a model (no
        // generator kept) goes on with one drawn from the seed and the games.
        let rng = if model.header.kind == Kind::Checkpoint {
            model.rng().map_err(|e| e.to_string())?
        } else {
            rng_from_seed(config.seed ^ games)
        };
        Ok(Restored {
            config,
            learner: NTupleLearner::with(net, rng),
            games,
            curve,
        })
    }

    fn label(&self, config: &NTupleConfig) -> String {
        NTupleLearner::label(config)
    }

    fn point(_config: &NTupleConfig, p: &EvalPoint) -> Point {
        point_of(p)
    }

    fn series(_config: &NTupleConfig) -> Vec<SeriesSpec> {
        win_series()
    }

    fn latest(&self, _config: &NTupleConfig, curve: &[EvalPoint]) -> String {
        latest_of(curve, "the network")
    }

    fn units(_config: &NTupleConfig) -> (String, Option<(f64, f64)>) {
        (
            "value of the position after the move, for the mover: +1 a sure win, −1 a sure loss"
                .into(),
            Some((-1.0, 1.0)),
        )
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
    use crate::plugin::DynRun;

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
        let saved = b.checkpoint().unwrap();
        let bytes = crate::model::encode(&saved).unwrap();
        let mut b =
            NTupleRun::resume(&crate::model::decode(&bytes).unwrap(), &Default::default()).unwrap();
        b.train(1_000);
        assert_eq!(
            a.learner().net().net().weights(),
            b.learner().net().net().weights()
        );
        assert_eq!(a.curve(), b.curve());
        assert_eq!(a.curve().len(), 3);
        let mut c = NTupleRun::new(small(3)).unwrap();
        c.train(300);
        assert_ne!(
            a.learner().net().net().weights(),
            c.learner().net().net().weights()
        );
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
        let bytes = crate::model::encode(&b.checkpoint().unwrap()).unwrap();
        let mut b =
            NTupleRun::resume(&crate::model::decode(&bytes).unwrap(), &Default::default()).unwrap();
        b.train(100);
        assert_eq!(
            a.learner().net().net().weights(),
            b.learner().net().net().weights()
        );
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
            assert_ne!(
                a.learner().net().net().weights(),
                c.learner().net().net().weights()
            );
        }
        let (read, net) = read_model(&a.model("").unwrap()).unwrap();
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
        let rec = run.step_watched().unwrap();
        // Replay the game: each afterstate's exact value is minus the
        // solver's score of the side to move there, ÷ 64, from 10 empties on.
        let exact = run.learner().episode.exact_values().to_vec();
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
        let rec = b.step_watched_with_models().unwrap();
        assert_eq!(
            a.learner().net().net().weights(),
            b.learner().net().net().weights()
        );
        assert_eq!(b.games(), 2);
        // A decision per placement with a value for each legal move, one
        // model per decision, and moves that replay to the end of a game.
        assert_eq!(rec.models.len(), rec.decisions.len());
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
        let rate = |r: &crate::games::othello::learners::OpponentResult| {
            f64::from(r.black.wins + r.white.wins) / f64::from(r.black.games() + r.white.games())
        };
        // Untrained it plays the first legal square; trained it beats random.
        assert!(rate(last) > 0.8, "{} then {}", rate(first), rate(last));
    }

    #[test]
    fn a_model_keeps_the_weights_to_a_part_in_two_thousand_and_plays_the_same() {
        let mut run = NTupleRun::new(small(4)).unwrap();
        run.train(300);
        let bytes = crate::model::encode(&run.model("").unwrap()).unwrap();
        let (_, net) = read_model(&crate::model::decode(&bytes).unwrap()).unwrap();
        let exact = run.learner().net().net().weights();
        let top = exact.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(top > 0.0);
        for (a, b) in exact.iter().zip(net.net().weights()) {
            assert!(
                (a - b).abs() <= top / (2.0 * super::super::STEPS) * 1.001,
                "{a} vs {b}"
            );
        }
        // The same moves in the positions of random games (a move may differ
        // only where two were within the rounding).
        let (mut a, mut b) = (
            TuplePlayer::new(run.learner().net().clone()),
            TuplePlayer::new(net),
        );
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
        let mut m = run.model("").unwrap();
        m.header.encoding = "othello-ntuple-classic".into();
        assert!(read_model(&m).unwrap_err().contains("does not match"));
        let mut m = run.model("").unwrap();
        m.set("w", vec![1, 3], vec![0.0f32; 3]).unwrap();
        assert!(read_model(&m).is_err());
    }
}
