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
        let set = entry.ready_models();
        let rated = set.ladder_openings > 0 && entry.info().ladder_openings > 0;
        assert_eq!(game.ladder.is_some(), rated, "{}", entry.id());
        let ratings: Vec<_> = game
            .players
            .iter()
            .map(|(id, s)| (id.clone(), s.rating))
            .chain(game.models.iter().map(|m| (m.id.clone(), m.strength.rating)))
            .collect();
        for (id, r) in &ratings {
            assert_eq!(r.is_some(), rated, "{} {id}", entry.id());
        }
        if let Some(ladder) = &game.ladder {
            rated_games += 1;
            let anchor = game.players[&ladder.anchor].rating.unwrap();
            assert_eq!((anchor.elo, anchor.interval), (0.0, 0.0));
            // Every other one has an interval, and they are not all alike.
            assert!(ratings
                .iter()
                .filter(|(id, _)| *id != ladder.anchor)
                .all(|(_, r)| r.unwrap().interval > 0.0));
            let elos: std::collections::BTreeSet<i64> =
                ratings.iter().map(|(_, r)| r.unwrap().elo as i64).collect();
            assert!(elos.len() > ratings.len() / 2, "{elos:?}");
        }
    }
    assert!(rated_games > 0, "no game's ready-made set is rated");
}
