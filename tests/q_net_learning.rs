//! The Q-network learns: a short seeded training run beats the untrained
//! network against MVB, and the masked softmax never plays an illegal move.

use selfplay::game::{rng_from_seed, Game};
use selfplay::games::othello::players::MaxFlipsPlayer;
use selfplay::games::othello::qnet::{Encoding, LegalQ, QNet, QScratch};
use selfplay::games::othello::train::{evaluate, TrainOpponent, Trainer, TrainerConfig};
use selfplay::games::othello::Board;
use selfplay::learn::activation::Activation;
use selfplay::learn::exploration::softmax_index;
use selfplay::model::Kind;

#[path = "common/golden.rs"]
mod golden;
use golden::{golden_runs, weights_digest};

fn win_percent_vs_mvb(t: &Trainer) -> f64 {
    let r = evaluate(t.net(), &mut MaxFlipsPlayer::new(), 1000, 77);
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
        let mut t = Trainer::new(config).unwrap();
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

#[test]
fn golden_runs_give_the_same_weights_as_on_every_target() {
    let print = std::env::var_os("SELFPLAY_PRINT_GOLDEN").is_some();
    let runs = golden_runs();
    assert!(runs.len() >= 2);
    for (json, games, expected) in runs {
        let mut t = Trainer::new(TrainerConfig::from_json(json).unwrap()).unwrap();
        t.train(u64::from(games));
        let digest = weights_digest(&t.to_model(Kind::Model).unwrap());
        if print {
            println!("{json}\t{games}\t{digest:08x}");
        } else {
            assert_eq!(
                digest, expected,
                "{json}: {digest:08x}, golden {expected:08x}"
            );
        }
    }
}
