//! The page's ready-made agents and the games' ladders (`www/public/ready/`):
//! every rating of the manifest comes again from the shipped tables of
//! games, fitted again, and some of those games played again give the same
//! results; every game has a ladder with every one of its own seats and
//! ready-made agents, rated closely enough to tell neighbours apart; every
//! game with ready-made learners ships each stage; the set stays within its
//! size budget.

use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/public/ready")
}

/// Games of each ladder played again: spread over its table, the cheap and
/// the slow players alike.
const REPLAYED: usize = 4;

#[test]
fn the_manifest_figures_come_again_from_the_shipped_files() {
    let wrong = selfplay::ready::check(&dir(), REPLAYED, &mut |_| {}).unwrap();
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
            // The manifest says of each model what its recipe says.
            for m in game.models.iter().filter(|m| m.run == r.id) {
                assert_eq!(m.short, r.short, "{}", m.file);
                assert_eq!(m.about, r.about, "{}", m.file);
            }
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

/// Every game has a ladder that rates its ready-made agents and its own
/// players together, the random player at 0, each neighbour told apart
/// within about ±50 Elo.
#[test]
fn every_game_has_a_ladder_rating_its_own_players_and_ready_made_agents_closely() {
    let manifest = selfplay::ready::read_manifest(&dir()).unwrap();
    for entry in selfplay::games::REGISTRY {
        let info = entry.info();
        assert!(info.ladder_openings > 0, "{} has no ladder", entry.id());
        let game = &manifest.games[entry.id()];
        let ladder = game.ladder.as_ref().expect("a ladder");
        // Every ready-made agent, on each side it plays.
        for m in &game.models {
            assert!(
                ladder.seats.iter().any(|s| s.model.as_deref() == Some(m.id.as_str())),
                "{} {}",
                entry.id(),
                m.id
            );
        }
        // Every player that needs no settings, on each side it plays where the sides differ.
        for p in info.players.iter().filter(|p| p.settings.is_empty()) {
            let seats = ladder.seats.iter().filter(|s| s.player == p.id).count();
            let sides = p.sides.iter().filter(|&&s| s).count();
            assert_eq!(seats, if info.ladder_per_side { sides } else { 1 }, "{} {}", entry.id(), p.id);
        }
        // The random player is 0, unless it lost every game (then the weakest that scored).
        let anchor = ladder.seats.iter().find(|s| s.name == ladder.anchor).unwrap();
        assert_eq!((anchor.elo, anchor.interval), (0.0, 0.0));
        let random = ladder.seats.iter().find(|s| s.player == "random").unwrap();
        assert!(anchor.player == "random" || random.score == 0.0, "{}", entry.id());
        for (k, s) in ladder.seats.iter().enumerate() {
            if s.name != ladder.anchor {
                assert!(s.interval > 0.0, "{} {}", entry.id(), s.name);
            }
            // Strongest first; each one's lead over the next known to about ±50 Elo
            // (±70 at most), but over a player that lost every game, which only the
            // prior places.
            if let Some(next) = ladder.seats.get(k + 1) {
                assert!(s.elo >= next.elo, "{} {}", entry.id(), s.name);
                let lead = s.below.expect("a lead over the next");
                assert!(lead <= 70.0 || next.score == 0.0, "{} {}: ± {lead}", entry.id(), s.name);
            }
        }
    }
}

/// A ladder rated on several threads is the one rated on one, and the
/// shipped one: the threads share the schedule's games, each played once.
/// On the game with the smallest board (the quickest to play again).
#[test]
fn a_ladder_rated_on_several_threads_is_the_one_rated_on_one() {
    use selfplay::plugin::Geometry;
    let manifest = selfplay::ready::read_manifest(&dir()).unwrap();
    let points = |id: &str| {
        let entry = selfplay::games::REGISTRY.iter().find(|e| e.id() == id).unwrap();
        match entry.info().geometry {
            Geometry::Grid { rows, cols } => rows * cols,
            Geometry::Graph { points } => points,
        }
    };
    let (game, g) = manifest
        .games
        .iter()
        .filter(|(_, g)| g.ladder.is_some())
        .min_by_key(|(id, _)| points(id))
        .unwrap();
    let table = selfplay::ready::table_file(game);
    let shipped = std::fs::read_to_string(dir().join(&table)).unwrap();
    let rated = |threads: usize| {
        let out = tempfile::tempdir().unwrap();
        std::fs::copy(dir().join("manifest.json"), out.path().join("manifest.json")).unwrap();
        for m in &g.models {
            std::fs::copy(dir().join(&m.file), out.path().join(&m.file)).unwrap();
        }
        let play = selfplay::ready::Play {
            threads,
            resume: false,
        };
        selfplay::ready::rate_all(out.path(), std::slice::from_ref(game), play, &mut |_| {})
            .unwrap();
        std::fs::read_to_string(out.path().join(&table)).unwrap()
    };
    let one = rated(1);
    assert_eq!(one, shipped, "{table} played again on one thread");
    assert_eq!(rated(3), one, "{table} played on three threads");
}
