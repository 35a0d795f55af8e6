//! `selfplay run hare_hounds q_table`: its settings are applied or
//! refused (exit 2, naming the setting) as every game's are.

use crate::cli;

#[test]
fn hare_and_hounds_settings_are_applied_or_refused() {
    let hh = |set: &str| {
        cli::run(&[
            "run",
            "hare_hounds",
            "q_table",
            "--preset",
            "1",
            "--set",
            set,
            "--set",
            "eval_games=10",
        ])
    };
    // `games` is no setting of these runs (`total_games` is), and groups
    // refuse what they do not have.
    for (set, named) in [
        ("games=200", "`games`"),
        ("bogus=5", "`bogus`"),
        ("hounds.bogus=1", "`bogus`"),
        ("hare.bogus=1", "`bogus`"),
    ] {
        let (code, out, err) = hh(set);
        assert_eq!(code, 2, "--set {set}: {out}{err}");
        assert!(err.contains(named), "--set {set}: {err}");
        assert!(out.is_empty(), "--set {set}: {out}");
    }
    // A setting it has is applied: 600 games instead of the preset's
    // 300,000, with a point every 300.
    let (code, out, err) = hh("total_games=600");
    assert_eq!(code, 0, "{err}");
    let xs: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(xs, ["0", "300", "600"], "{out}");
    assert!(out.contains("At 600 games"), "{out}");
}
