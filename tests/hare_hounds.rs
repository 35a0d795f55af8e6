//! Hare and Hounds: the exact solution and the study's experiment 3.

use std::sync::Arc;

use selfplay::games::hare_hounds::HareHounds;
use selfplay::learn::experiments::hare_hounds::{preset, Run};
use selfplay::search::hare_hounds_solve::{Solution, Value};
use selfplay::{Game, Side};

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
    let mut run = Run::new(config, Some(Arc::new(Solution::solve()))).unwrap();
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
