//! `selfplay match <game> A B`, the one match command of every game: each
//! game's players by name, their sides, their settings and the seed.

use crate::cli::run;
use selfplay::games::REGISTRY;

/// The total row of a match's table: wins, draws, losses.
fn total(out: &str) -> [u32; 3] {
    let line = out
        .lines()
        .find(|l| l.starts_with("total"))
        .unwrap_or_else(|| panic!("no total in {out}"));
    let n: Vec<u32> = line
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|w| w.parse().unwrap())
        .collect();
    [n[0], n[1], n[2]]
}

#[test]
fn every_game_plays_its_players_by_name_the_same_for_the_same_seed() {
    for entry in REGISTRY {
        let id = entry.id();
        let args = ["match", id, "random", "random", "--games", "6", "--seed", "3"];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{id}: {err}");
        assert_eq!(total(&out).iter().sum::<u32>(), 6, "{id}: {out}");
        assert!(out.contains("moves a game"), "{id}: {out}");
        // The same seed, the same games; the timing aside.
        let again = run(&args).1;
        let body = |o: &str| o.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&out), body(&again), "{id}");
        // From random openings, each played with both orders of sides.
        let (code, out, err) = run(&[
            "match", id, "random", "random", "--games", "4", "--plies", "2",
        ]);
        assert_eq!(code, 0, "{id}: {err}");
        assert_eq!(total(&out).iter().sum::<u32>(), 4, "{id}: {out}");
    }
}

#[test]
fn a_player_of_one_side_plays_that_side_and_two_of_the_same_side_cannot_meet() {
    for entry in REGISTRY {
        let id = entry.id();
        let sides = entry.info().sides;
        for p in entry.players().iter().filter(|p| p.listed) {
            let [first, second] = p.info.sides;
            if first && second {
                continue;
            }
            let (code, out, err) = run(&["match", id, &p.info.id, "random", "--games", "4"]);
            assert_eq!(code, 0, "{id} {}: {err}", p.info.id);
            // Its rows: only the side it plays.
            let own = if first { &sides[0] } else { &sides[1] };
            let other = if first { &sides[1] } else { &sides[0] };
            assert!(out.contains(&own.to_lowercase()), "{out}");
            assert!(
                !out.lines().any(|l| l.starts_with(&other.to_lowercase())),
                "{out}"
            );
            let (code, _, err) = run(&["match", id, &p.info.id, &p.info.id]);
            assert_eq!(code, 2);
            assert!(err.contains("cannot play each other"), "{err}");
        }
    }
}

#[test]
fn unknown_players_and_bad_settings_are_refused_before_any_game() {
    let id = REGISTRY[0].id();
    let (code, out, err) = run(&["match", id, "nobody", "random"]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("unknown player 'nobody'"), "{err}");
    assert!(err.contains("random"), "the players are listed: {err}");
    let (code, _, err) = run(&["match", id, "random:{oops", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("not JSON"), "{err}");
    let (code, _, err) = run(&["match", "nogame", "random", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown game"), "{err}");
}
