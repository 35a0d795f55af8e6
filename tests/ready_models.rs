//! The page's ready-made agents (`www/public/ready/`): every figure of the
//! manifest comes out again when the shipped files are measured with the
//! manifest's seeds, every game with ready-made learners has them, and the
//! set stays within its size budget.

use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/public/ready")
}

#[test]
fn the_manifest_figures_come_again_from_the_shipped_files() {
    let wrong = selfplay::ready::check(&dir(), &mut |_| {}).unwrap();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_game_with_ready_made_learners_ships_each_stage() {
    let manifest = selfplay::ready::read_manifest(&dir()).unwrap();
    for entry in selfplay::games::REGISTRY {
        let set = entry.ready_models();
        if set.recipes.is_empty() {
            assert!(!manifest.games.contains_key(entry.id()));
            continue;
        }
        let game = &manifest.games[entry.id()];
        for r in &set.recipes {
            let stages: Vec<u64> = game
                .models
                .iter()
                .filter(|m| m.run == r.id)
                .map(|m| m.games)
                .collect();
            assert_eq!(stages, r.stages, "{} {}", entry.id(), r.id);
            assert!(game
                .models
                .iter()
                .filter(|m| m.run == r.id)
                .all(|m| m.short == r.short));
        }
        for m in &game.models {
            let model = selfplay::ready::read_model(&dir(), &m.file).unwrap();
            assert_eq!(model.header.game.name(), entry.id());
            assert_eq!(model.header.games_trained, m.games, "{}", m.file);
            assert_eq!(
                std::fs::metadata(dir().join(&m.file)).unwrap().len(),
                m.bytes
            );
        }
    }
}

#[test]
fn the_set_is_within_its_size_budget() {
    let (_, gz) = selfplay::ready::sizes(&dir()).unwrap();
    assert!(
        gz <= selfplay::ready::BUDGET_GZIPPED,
        "{gz} bytes gzipped, budget {}",
        selfplay::ready::BUDGET_GZIPPED
    );
}

#[test]
fn a_game_with_a_ladder_rates_every_ready_made_and_fixed_player_on_it() {
    let manifest = selfplay::ready::read_manifest(&dir()).unwrap();
    let mut rated_games = 0;
    for entry in selfplay::games::REGISTRY {
        let Some(game) = manifest.games.get(entry.id()) else {
            continue;
        };
        let expected = selfplay::ready::ladder_of(*entry, &entry.ready_models());
        // The same ladder as the entry's set gives (the command aside, filled in with the players).
        assert_eq!(
            game.ladder.clone().map(|l| (l.openings, l.seed, l.anchor)),
            expected.map(|l| (l.openings, l.seed, l.anchor)),
            "{}",
            entry.id()
        );
        let rated = game.ladder.is_some();
        // The players of both sides are rated in a game with a ladder, and
        // no player is rated in a game without one.
        let ratings: Vec<_> = game
            .players
            .iter()
            .map(|(id, s)| (id.clone(), s.rating))
            .chain(
                game.models
                    .iter()
                    .map(|m| (m.id.clone(), m.strength.rating)),
            )
            .collect();
        for m in &game.models {
            assert_eq!(
                m.strength.rating.is_some(),
                rated && m.side.is_none(),
                "{} {}",
                entry.id(),
                m.id
            );
        }
        if !rated {
            assert!(ratings.iter().all(|(_, r)| r.is_none()), "{}", entry.id());
        }
        if let Some(ladder) = &game.ladder {
            rated_games += 1;
            let anchor = game.players[&ladder.anchor].rating.unwrap();
            assert_eq!((anchor.elo, anchor.interval), (0.0, 0.0));
            // Every other one has an interval, and they are not all alike.
            let others: Vec<_> = ratings
                .iter()
                .filter_map(|(id, r)| r.filter(|_| *id != ladder.anchor))
                .collect();
            assert!(others.len() >= 2);
            assert!(others.iter().all(|r| r.interval > 0.0));
            let elos: std::collections::BTreeSet<i64> =
                others.iter().map(|r| r.elo as i64).collect();
            assert!(elos.len() > others.len() / 2, "{elos:?}");
        }
    }
    assert!(rated_games > 0, "no game's ready-made set is rated");
}

/// The manifest's ladder command plays the same games as the ratings: on
/// one opening, with two of the shipped models, the CLI's ladder and
/// `ready::rate` give the same ratings.
#[test]
fn the_ladder_command_gives_the_ratings_that_rate_gives() {
    let manifest = selfplay::ready::read_manifest(&dir()).unwrap();
    let (id, game) = manifest
        .games
        .iter()
        .find(|(_, g)| g.ladder.is_some())
        .expect("a rated game");
    let entry = selfplay::games::entry(id).unwrap();
    let mut small = game.clone();
    small.models.retain(|m| m.side.is_none());
    small.models.truncate(2);
    let mut ladder = game.ladder.clone().unwrap();
    ladder.openings = 1;
    let ratings = selfplay::ready::rate(entry, &small, &ladder, &dir()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("ladder.tsv").display().to_string();
    let seed = ladder.seed.to_string();
    // Run in the files' folder, as the manifest's command is: the CLI names a
    // model by the path it is given, and a game's random numbers come from
    // the names of its players.
    let mut args: Vec<&str> = vec![id, "ladder"];
    args.extend(small.measure.opponents.iter().map(String::as_str));
    args.extend(small.models.iter().map(|m| m.file.as_str()));
    args.extend(["--results", &results, "--openings", "1", "--seed", &seed]);
    let out = std::process::Command::new(crate::cli::binary())
        .args(&args)
        .current_dir(dir())
        .output()
        .unwrap();
    let (code, out, err) = (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    for (who, r) in &ratings {
        let name = small
            .models
            .iter()
            .find(|m| &m.id == who)
            .map_or(who.as_str(), |m| m.file.as_str());
        let line = out
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("{name} not in\n{out}"));
        let elo: f64 = line.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert_eq!(elo, r.elo, "{name}: {line}");
    }
}
