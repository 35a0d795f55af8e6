//! Hare and Hounds: the exact solution and the study's experiment 3.


use selfplay::arena::play_game;
use selfplay::games::hare_hounds::learners::q_table::{preset, QTableRun as Run};
use selfplay::games::hare_hounds::solve::{Solution, Value};
use selfplay::games::hare_hounds::HareHounds;
use selfplay::learn::q_table::{play_learning_game, Agent, QLearner, QParams};
use selfplay::players::RandomPlayer;
use selfplay::{rng_from_seed, Game, Outcome, Side};

#[test]
fn exact_solution_value_and_length() {
    let s = Solution::solve();
    let start = HareHounds::start();
    // The hounds win; with the hounds hurrying and the hare holding out the
    // game lasts 23 plies (12 hound moves, 11 hare moves).
    assert_eq!(
        s.value(&start),
        Value {
            winner: Side::First,
            plies: 23
        }
    );
    // Every opening move keeps the win; three of them are fastest.
    let mut best = Vec::new();
    s.best_moves(&start, &mut best);
    let mut names: Vec<String> = best.iter().map(|m| m.to_string()).collect();
    names.sort();
    assert_eq!(names, ["L-d", "a-e", "g-e"]);
    let mut all = Vec::new();
    start.legal_moves(&mut all);
    assert!(all.iter().all(|&m| s.keeps_value(&start, m)));
    assert_eq!(s.reachable(Side::First).len(), 10380);
    assert_eq!(s.reachable(Side::Second).len(), 10289);
    assert!(s.reachable(Side::First).contains(&start));
}

#[test]
fn experiment_3_wins_every_game_against_the_simple_hare() {
    let config = preset(3, 1).unwrap().remove(0);
    let mut run = Run::new(config).unwrap();
    run.run_to_end();
    let curve = run.curve();
    assert_eq!(curve.len(), 1001);
    assert!(
        curve[0].win_percent.unwrap() < 10.0,
        "untrained hounds lose"
    );
    // From some point on (within the study's "about 5,000 games") the greedy
    // hounds win all 500 evaluation games at every point.
    let stable_from = curve
        .iter()
        .rposition(|p| p.win_percent != Some(100.0))
        .map_or(0, |i| i + 1);
    assert!(stable_from < curve.len(), "never 100% at the end");
    assert!(
        curve[stable_from].games <= 5000,
        "100% only from {} games",
        curve[stable_from].games
    );
}

#[test]
fn a_learning_hare_learns_beside_learning_hounds() {
    // Experiment 5 (both sides learn), shortened: the greedy hounds' share
    // of perfect moves in the positions they win with perfect play rises well
    // above the untrained table's (whose ties are broken at random); the
    // hare's, already high untrained (most hare moves keep a won position),
    // rises too.
    let mut config = preset(5, 1).unwrap().remove(0);
    config.total_games = 60_000;
    let mut run = Run::new(config).unwrap();
    run.run_to_end();
    let curve = run.curve();
    let (first, last) = (&curve[0], curve.last().unwrap());
    let hare = |p: &selfplay::games::hare_hounds::learners::q_table::CurvePoint| {
        p.hare_perfect
            .as_ref()
            .expect("experiment 5 measures the hare")
            .winning
    };
    let hounds = |p: &selfplay::games::hare_hounds::learners::q_table::CurvePoint| {
        p.hounds_perfect.as_ref().expect("measured").winning
    };
    eprintln!(
        "hare: {:.1}% → {:.1}%; hounds: {:.1}% → {:.1}%",
        100.0 * hare(first),
        100.0 * hare(last),
        100.0 * hounds(first),
        100.0 * hounds(last)
    );
    assert!(hare(last) > hare(first) + 0.02, "the hare did not learn");
    assert!(
        hounds(last) >= hounds(first) + 0.10,
        "the hounds did not learn"
    );
    assert_eq!(run.learner().hare_learner().unwrap().games_trained(), 60_000);
}

#[test]
fn a_learning_hare_learns_to_escape_random_hounds() {
    let params = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let mut hare = QLearner::<HareHounds>::new(Side::Second, params).unwrap();
    // Escapes of the greedy hare in 2,000 games against random hounds.
    let escapes = |hare: &QLearner<HareHounds>| {
        let mut hounds = RandomPlayer::<HareHounds>::new();
        let mut greedy = hare.greedy();
        let mut rng = rng_from_seed(5);
        (0..2000)
            .filter(|_| {
                let end = play_game(&HareHounds::start(), &mut hounds, &mut greedy, 0, &mut rng);
                end.outcome() == Some(Outcome::Win(Side::Second))
            })
            .count()
    };
    // Untrained, every Q is 0 and the greedy hare moves at random: the
    // random hounds catch it in 1–3% of the games.
    let before = escapes(&hare);
    let mut hounds = RandomPlayer::<HareHounds>::new();
    let mut rng = rng_from_seed(6);
    for _ in 0..30_000 {
        play_learning_game(
            &HareHounds::start(),
            Agent::Fixed(&mut hounds),
            Agent::Learning(&mut hare),
            &mut rng,
        );
    }
    let after = escapes(&hare);
    eprintln!("the greedy hare escapes {before} / 2000 untrained, {after} / 2000 trained");
    assert!(before <= 1985, "{before}");
    assert!(after >= 1998, "{after}");
}

/// The bound on evaluation games, pinned at its edge: a run may evaluate
/// with exactly the bound, not one game more.
#[test]
fn hare_and_hounds_evaluation_games_are_bounded_at_100_000() {
    use selfplay::games::hare_hounds::learners::q_table::{preset, QTableRun as Run, MAX_EVAL_GAMES};
    assert_eq!(MAX_EVAL_GAMES, 100_000);
    let mut config = preset(3, 1).unwrap().remove(0);
    config.eval_games = 100_000;
    assert!(Run::new(config.clone()).is_ok());
    config.eval_games = 100_001;
    let e = Run::new(config).err().unwrap();
    assert!(e.contains("eval_games") && e.contains("100000"), "{e}");
}
