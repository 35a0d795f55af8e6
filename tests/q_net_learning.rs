//! The Q-network learns: its updates on scripted games equal values computed
//! by hand from the weights, a short seeded training run beats the untrained
//! network against MVB, the masked softmax never plays an illegal move, and
//! seeded runs give the golden weights.

use selfplay::game::{rng_from_seed, Game, Outcome, Side};
use selfplay::games::othello::learners::{evaluate, QNetRun, TrainOpponent, TrainerConfig};
use selfplay::plugin::DynRun;
use selfplay::games::othello::players::MaxFlipsPlayer;
use selfplay::games::othello::qnet::{Encoding, LegalQ, QNet, QScratch};
use selfplay::games::othello::{parse_square, Board, PASS};
use selfplay::learn::activation::Activation;
use selfplay::learn::exploration::softmax_index;
use selfplay::model::{decode, encode};

#[path = "common/golden.rs"]
mod golden;
use golden::{golden_digest, golden_runs};

fn win_percent_vs_mvb(t: &QNetRun) -> f64 {
    let r = evaluate(t.learner().net(), &mut MaxFlipsPlayer::new(), 1000, 77);
    let mut total = r.black;
    total.merge(&r.white);
    total.win_percent()
}

#[test]
fn short_training_beats_the_untrained_network_against_mvb() {
    // (opponent, training games, required gain in percentage points). One
    // evaluation of 1000 games has a standard error of about 1.6 points.
    for (opponent, games, gain) in [
        (TrainOpponent::Msb, 5000, 20.0),
        (TrainOpponent::SelfPlay, 10_000, 8.0),
    ] {
        let config = TrainerConfig {
            opponent,
            games,
            c: TrainerConfig::study_c(opponent),
            seed: 2024,
            eval_every: 0,
            ..TrainerConfig::default()
        };
        let mut t = QNetRun::new(config).unwrap();
        let before = win_percent_vs_mvb(&t);
        t.train(games);
        let after = win_percent_vs_mvb(&t);
        eprintln!("{opponent:?}: vs MVB {before:.1}% untrained, {after:.1}% after {games} games");
        assert!(
            after >= before + gain,
            "{opponent:?}: {before:.1}% untrained, {after:.1}% trained"
        );
    }
}

#[test]
fn masked_softmax_never_picks_an_illegal_move() {
    let mut rng = rng_from_seed(8);
    for (encoding, activation) in [
        (Encoding::Ql1, Activation::Arctan),
        (Encoding::Ql2, Activation::Sigmoid),
    ] {
        let net = QNet::new(encoding, 40, activation, &mut rng_from_seed(3));
        let mut s = QScratch::new(&net);
        let mut lq = LegalQ::default();
        for beta in [0.0f32, 1.0, 10.0, 1e6] {
            for _ in 0..50 {
                let mut b = Board::start();
                while !b.is_over() {
                    let mask = b.legal_mask();
                    if mask == 0 {
                        b.pass();
                        continue;
                    }
                    net.legal_q(&b, mask, &mut s, &mut lq);
                    let m = lq.moves[softmax_index(lq.q(), beta, &mut rng)];
                    assert!(mask & (1u64 << m) != 0, "illegal move {m}");
                    assert!(b.is_legal(m));
                    b.play(m);
                }
            }
        }
    }
}

/// The golden runs (see `tests/common/golden.rs`), trained here as the CLI
/// trains: chunks of training games with a checkpoint saved and resumed
/// between them.
#[test]
fn golden_runs_give_the_same_weights_as_on_every_target() {
    let print = std::env::var_os("SELFPLAY_PRINT_GOLDEN").is_some();
    for run in golden_runs() {
        let json = run.config;
        let mut t = QNetRun::new(TrainerConfig::from_json(json).unwrap()).unwrap();
        for (i, &games) in run.chunks.iter().enumerate() {
            if i > 0 {
                t = QNetRun::from_bytes(&t.to_bytes().unwrap()).unwrap();
            }
            t.train(games);
        }
        assert!(
            t.is_done(),
            "{json}: the chunks add up to the planned games"
        );
        let model = encode(&t.model("").unwrap()).unwrap();
        let digest = golden_digest(&decode(&model).unwrap());
        if run.chunks.len() > 1 {
            // Resuming changes nothing: the run in one go is the same.
            let mut whole = QNetRun::new(TrainerConfig::from_json(json).unwrap()).unwrap();
            whole.train(run.chunks.iter().sum());
            let model = encode(&whole.model("").unwrap()).unwrap();
            assert_eq!(golden_digest(&decode(&model).unwrap()), digest, "{json}");
        }
        if print {
            println!("{json}\t{}\t{digest:08x}", run.games_text());
        } else {
            assert_eq!(
                digest, run.digest,
                "{json}: {digest:08x}, golden {:08x}",
                run.digest
            );
        }
    }
}

/// The shortest Othello game: black wipes white out in 9 plies.
const SHORTEST_GAME: &str = "f5f6f7f4f3e3d3c5b5";
/// A short game with a forced pass: after black's a8 white cannot move, so
/// black plays a8 and g2 in a row and wipes white out.
const GAME_WITH_A_PASS: &str = "f5d6c7f3d3c6b6c2b1b7a8g2";

/// Q(s, ·) for all 64 squares computed by hand from the network's weights,
/// in f64 with the library's formulas written out: the inputs from the
/// encoding's definition (QL1: +1 for a disc of the side to move, −1 for the
/// other side's; QL2: black ±1, white ±1, side to move ±1), u = b1 + W1·x,
/// y = φ(u), z = b2 + W2·y, Q = φ scaled to (−1, 1) — arctan as (2/π)·atan,
/// the bipolar sigmoid 2/(1 + e^−z) − 1 as it is.
fn hand_q(net: &QNet, b: &Board) -> [f64; 64] {
    let mlp = net.mlp();
    let a = mlp.arrays();
    let (w1, b1, w2, b2) = (a[0].1, a[1].1, a[2].1, a[3].1);
    let nh = mlp.n_hidden();
    let mover_is_black = b.side() == Side::First;
    let mut x = vec![0.0f64; net.encoding().inputs()];
    for sq in 0..64 {
        let black = b.black() >> sq & 1 == 1;
        let white = b.white() >> sq & 1 == 1;
        match net.encoding() {
            Encoding::Ql1 => {
                x[sq] = match (black, white) {
                    (false, false) => 0.0,
                    (true, _) if mover_is_black => 1.0,
                    (_, true) if !mover_is_black => 1.0,
                    _ => -1.0,
                }
            }
            Encoding::Ql2 => {
                x[sq] = if black { 1.0 } else { -1.0 };
                x[64 + sq] = if white { 1.0 } else { -1.0 };
            }
        }
    }
    if net.encoding() == Encoding::Ql2 {
        x[128] = if mover_is_black { 1.0 } else { -1.0 };
    }
    let phi = |v: f64| match mlp.activation() {
        Activation::Arctan => v.atan(),
        Activation::Sigmoid => 2.0 / (1.0 + (-v).exp()) - 1.0,
    };
    let phi_out = |v: f64| match mlp.activation() {
        Activation::Arctan => std::f64::consts::FRAC_2_PI * v.atan(),
        Activation::Sigmoid => 2.0 / (1.0 + (-v).exp()) - 1.0,
    };
    let y: Vec<f64> = (0..nh)
        .map(|j| {
            let u = f64::from(b1[j])
                + (0..x.len())
                    .map(|i| x[i] * f64::from(w1[i * nh + j]))
                    .sum::<f64>();
            phi(u)
        })
        .collect();
    let mut q = [0.0; 64];
    for (k, qk) in q.iter_mut().enumerate() {
        let z = f64::from(b2[k])
            + (0..nh)
                .map(|j| f64::from(w2[k * nh + j]) * y[j])
                .sum::<f64>();
        *qk = phi_out(z);
    }
    q
}

/// The squares of a transcript such as `f5d6c3` (placements only).
fn squares(transcript: &str) -> Vec<u8> {
    transcript
        .as_bytes()
        .chunks(2)
        .map(|c| parse_square(std::str::from_utf8(c).unwrap()).unwrap())
        .collect()
}

fn close(a: f32, b: f64, what: &str) {
    assert!(
        (f64::from(a) - b).abs() < 2e-6,
        "{what}: the learner has {a}, by hand {b}"
    );
}

/// The Q-learning rule on scripted games, with the weights held fixed
/// (η = 0), against values computed by hand from the weights: every update
/// the learner makes is (s, a) of a side's move, at that side's next real
/// decision s′ (after the opponent's reply; a forced pass is no decision),
/// towards max over the legal a′ of Q(s′, a′) as the network sees s′ from
/// that side's view — not the Q of the move then played (SARSA), not the
/// position right after the move, not the opponent's values — and at the
/// end towards the reward from the side's own view; the target is
/// Q(s, a) + µ·(value − Q(s, a)).
#[test]
fn q_updates_match_values_computed_by_hand() {
    // The shortest game, a wipe-out by black in 9 plies; a short game with
    // a forced pass of white (black moves twice) ending in black's wipe-out.
    let games = [SHORTEST_GAME, GAME_WITH_A_PASS];
    let mu = 0.25f32;
    for (encoding, activation, opponent) in [
        (Encoding::Ql1, Activation::Arctan, TrainOpponent::SelfPlay),
        (Encoding::Ql2, Activation::Sigmoid, TrainOpponent::SelfPlay),
        (Encoding::Ql1, Activation::Sigmoid, TrainOpponent::Msb),
    ] {
        for transcript in games {
            for games_before in [0u64, 1] {
                let config = TrainerConfig {
                    encoding,
                    hidden: 3,
                    activation,
                    opponent,
                    games: 2,
                    seed: 31,
                    eval_every: 0,
                    learning_rate: 0.0,
                    mu: f64::from(mu),
                    ..TrainerConfig::default()
                };
                let mut t = QNetRun::new(config).unwrap();
                // Against MSB the agent is black in the first half of the
                // planned games and white in the second.
                if games_before == 1 {
                    if opponent == TrainOpponent::SelfPlay {
                        continue;
                    }
                    t.train(1);
                }
                let learner = match (opponent, games_before) {
                    (TrainOpponent::SelfPlay, _) => None,
                    (_, 0) => Some(Side::First),
                    _ => Some(Side::Second),
                };
                let net = t.learner().net().clone();
                let moves = squares(transcript);
                let (outcome, log) = t.train_on_moves(&moves).unwrap();
                // The weights did not move (η = 0), so every Q-value the
                // learner read is the fixed network's.
                assert!(t.learner().net().mlp().same_weights(net.mlp()));

                // The expected updates, by walking the game.
                let mut expected = Vec::new();
                let mut pending: [Option<(Board, u8)>; 2] = [None, None];
                let mut b = Board::start();
                let mut next = moves.iter();
                let mut passes = 0;
                while !b.is_over() {
                    let mut legal = Vec::new();
                    b.legal_moves(&mut legal);
                    if legal == [PASS] {
                        b.play(PASS);
                        passes += 1;
                        continue;
                    }
                    let side = b.side();
                    let m = *next.next().unwrap();
                    if learner.is_none_or(|l| l == side) {
                        let max = legal_max(&b, &hand_q(&net, &b));
                        if let Some((s, a)) = pending[side.index()] {
                            expected.push((side, s, a, max, false));
                        }
                        pending[side.index()] = Some((b, m));
                    }
                    b.play(m);
                }
                assert_eq!(outcome, b.outcome().unwrap());
                assert_eq!(outcome, Outcome::Win(Side::First), "{transcript}");
                for side in Side::BOTH {
                    if let Some((s, a)) = pending[side.index()] {
                        let r = if side == Side::First { 1.0 } else { -1.0 };
                        expected.push((side, s, a, r, true));
                    }
                }
                if transcript == GAME_WITH_A_PASS {
                    assert_eq!(passes, 1);
                }
                // The pass, spelled out: black's a8 is followed by white's
                // forced pass, so it is bootstrapped at black's next position
                // (after the pass, black to move), where black plays g2.
                if transcript == GAME_WITH_A_PASS && learner != Some(Side::Second) {
                    let a8 = parse_square("a8").unwrap();
                    let u = log.iter().find(|u| u.action == a8).unwrap();
                    let mut after = u.state;
                    after.play(a8);
                    assert_eq!(after.legal_mask(), 0, "white must pass");
                    after.play(PASS);
                    assert_eq!(after.side(), Side::First);
                    assert!(!u.terminal);
                    close(u.value, legal_max(&after, &hand_q(&net, &after)), "a8");
                }
                let label = format!("{encoding:?} {activation:?} {opponent:?} {transcript}");
                assert_eq!(log.len(), expected.len(), "{label}: {log:?}");
                // Self-play: one update per placement (the last move of each
                // side is updated at the end).
                if learner.is_none() {
                    assert_eq!(log.len(), moves.len(), "{label}");
                }
                for (i, (u, &(side, s, a, value, terminal))) in
                    log.iter().zip(&expected).enumerate()
                {
                    let what = format!("{label}: update {i}");
                    assert_eq!(
                        (u.side, u.state, u.action, u.terminal),
                        (side, s, a, terminal),
                        "{what}"
                    );
                    close(u.value, value, &format!("{what}, value"));
                    let q = hand_q(&net, &s)[usize::from(a)];
                    close(u.q, q, &format!("{what}, Q(s, a)"));
                    let target = q + f64::from(mu) * (value - q);
                    close(u.target, target, &format!("{what}, target"));
                }
                // A few entries spelled out: black's first move f5 from the
                // start is the first update, bootstrapped at black's second
                // decision; the last two are the terminal ones, black +1 and
                // white −1.
                if learner != Some(Side::Second) {
                    let first = log[0];
                    assert_eq!(first.state, Board::start());
                    assert_eq!(first.action, parse_square("f5").unwrap());
                    let mut s2 = Board::start();
                    for &m in &moves[..2] {
                        s2.play(m);
                    }
                    let q2 = hand_q(&net, &s2);
                    let max = legal_max(&s2, &q2);
                    close(first.value, max, "black's first bootstrap");
                    assert!(!first.terminal);
                }
                let last = log.last().unwrap();
                assert!(last.terminal);
                assert_eq!(
                    last.value,
                    if learner.is_none() || learner == Some(Side::Second) {
                        -1.0
                    } else {
                        1.0
                    }
                );
            }
        }
    }
}

/// The largest of `q` over the legal moves of `b`.
fn legal_max(b: &Board, q: &[f64; 64]) -> f64 {
    let mut legal = Vec::new();
    b.legal_moves(&mut legal);
    legal
        .iter()
        .map(|&a| q[usize::from(a)])
        .fold(f64::NEG_INFINITY, f64::max)
}

/// With learning on, the updates reported are the ones made, in the order
/// made: replaying them on a copy of the network (each bootstrap value read
/// by the copy at the side's next decision, before that decision's update)
/// gives the trained weights bit for bit.
#[test]
fn reported_updates_are_the_updates_made_in_order() {
    for (encoding, opponent) in [
        (Encoding::Ql1, TrainOpponent::SelfPlay),
        (Encoding::Ql2, TrainOpponent::Msb),
    ] {
        for transcript in [SHORTEST_GAME, GAME_WITH_A_PASS] {
            let config = TrainerConfig {
                encoding,
                hidden: 8,
                opponent,
                games: 10,
                seed: 5,
                eval_every: 0,
                ..TrainerConfig::default()
            };
            let mut t = QNetRun::new(config.clone()).unwrap();
            let mut copy = t.learner().net().clone();
            let moves = squares(transcript);
            let (_, log) = t.train_on_moves(&moves).unwrap();
            let mu = config.mu as f32;
            let mut s = QScratch::new(&copy);
            let mut lq = LegalQ::default();
            let mut b = Board::start();
            let mut next = moves.iter();
            let mut reported = log.iter();
            let mut decided = [false; 2];
            while !b.is_over() {
                let mask = b.legal_mask();
                if mask == 0 {
                    b.pass();
                    continue;
                }
                let m = *next.next().unwrap();
                if opponent == TrainOpponent::SelfPlay || b.side() == Side::First {
                    copy.legal_q_fresh(&b, mask, &mut s, &mut lq);
                    let max = lq.q().iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    if std::mem::replace(&mut decided[b.side().index()], true) {
                        let u = reported.next().expect("an update at this decision");
                        assert_eq!(u.side, b.side());
                        assert_eq!(u.value.to_bits(), max.to_bits(), "{transcript}");
                        let q = copy.update(&u.state, u.action, max, mu, &mut s);
                        assert_eq!(q.to_bits(), u.q.to_bits());
                    }
                }
                b.place(m, b.flips(m));
            }
            for u in reported {
                assert!(u.terminal);
                copy.update(&u.state, u.action, u.value, mu, &mut s);
            }
            copy.mlp_mut().sync();
            assert!(copy.mlp().same_weights(t.learner().net().mlp()), "{transcript}");
        }
    }
}
