//! The bounds on evaluation games, pinned at their edges: a run may
//! evaluate with exactly the bound, not one game more.

#[test]
fn othello_evaluation_games_are_bounded_at_100_000() {
    use selfplay::games::othello::train::TrainerConfig;
    let at = TrainerConfig {
        eval_every: 1_000,
        eval_games: 100_000,
        ..TrainerConfig::default()
    };
    assert_eq!(at.validate(), Ok(()));
    let past = TrainerConfig {
        eval_games: 100_001,
        ..at
    };
    let e = past.validate().unwrap_err();
    assert!(e.contains("eval_games") && e.contains("100000"), "{e}");
}

#[test]
fn hare_and_hounds_evaluation_games_are_bounded_at_100_000() {
    use selfplay::games::hare_hounds::experiments::{preset, Run, MAX_EVAL_GAMES};
    assert_eq!(MAX_EVAL_GAMES, 100_000);
    let mut config = preset(3, 1).unwrap().remove(0);
    config.eval_games = 100_000;
    assert!(Run::new(config.clone(), None).is_ok());
    config.eval_games = 100_001;
    let e = Run::new(config, None).err().unwrap();
    assert!(e.contains("eval_games") && e.contains("100000"), "{e}");
}
