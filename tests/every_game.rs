//! The checks every registered game must pass, through the plug-in
//! interface only (as OpenSpiel tests every game). [`check_game`] runs them
//! for one entry; a new game in the registry is checked with no change here.
//!
//! In seeded random games from the start (as many as the game's
//! `checked_games` asks), in every position on the way:
//!
//! * the legal moves are empty if and only if the game is over;
//! * every move text that is not legal here is refused, and leaves the game
//!   as it was;
//! * the position's text reads back to the same position (same key, same
//!   legal moves), and the record replays to it;
//! * equal positions have equal keys, and different ones different keys;
//! * undo takes back exactly one turn and redo brings it back;
//! * previewing each legal move gives the state that playing it gives, and
//!   changes nothing.
//!
//! Also: every player finishes games against the random player; a record
//! with a bad move names that move by its number; a kind of run is watchable
//! exactly when its runs give their games, and shows its models' weights
//! exactly when it says so; a game with a rating ladder says
//! how many openings it has, each is a record of the game, and its ladder
//! games are the same wherever they are played; and text from JavaScript
//! (moves, positions, records, player names) never panics (a property test).

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use rand::seq::IndexedRandom;
use selfplay::games::{entry, REGISTRY};
use selfplay::plugin::GameEntry;
use selfplay::rng_from_seed;
use selfplay::search::budget::Budget;
use selfplay::plugin::Training as _;

/// Every check, for one game.
fn check_game(entry: &dyn GameEntry) {
    invariants_in_random_games(entry);
    described_and_plays_itself_with_every_player(entry);
    previews(entry);
    bad_records_name_their_first_bad_move(entry, &move_universe(entry));
    watchable_exactly_when_its_runs_give_their_games(entry);
    weights_shown_exactly_as_said(entry);
    unknown_settings_are_refused(entry);
    settings_out_of_their_range_are_refused(entry);
    ladder_openings_and_games(entry);
}

#[test]
fn every_registered_game_passes_every_check() {
    assert!(REGISTRY.len() >= 4);
    for &e in REGISTRY {
        check_game(e);
    }
}

/// Every legal move text seen in a few random games: moves of other
/// positions are the best candidates for illegal moves here.
fn move_universe(entry: &dyn GameEntry) -> BTreeSet<String> {
    let mut all = move_texts(entry);
    // Text that is no move at all.
    all.extend(["", "zz", "-", "pass", "99", "a0", "x-y"].map(String::from));
    all
}

/// Seeded random games from the start; in every position on the way the
/// invariants listed at the top of this file.
fn invariants_in_random_games(entry: &dyn GameEntry) {
    {
        let universe = move_universe(entry);
        let mut keys: HashMap<u64, String> = HashMap::new();
        // As many as the game asks for (`GameEntry::checked_games`): a
        // random game of hundreds of moves costs as much as dozens of short ones.
        for seed in 0..entry.checked_games() {
            let mut rng = rng_from_seed(1000 + seed);
            let mut s = entry.new_session();
            // The state at the start of the current turn, and at the start
            // of the previous one.
            let mut turn_start = s.state();
            loop {
                let st = s.state();
                let legal = s.legal_texts();
                let id = entry.id();
                assert_eq!(legal.is_empty(), s.is_over(), "{id}: {}", st.position);
                assert_eq!(legal.is_empty(), st.outcome.is_some(), "{id}");
                assert_eq!(
                    st.legal.iter().map(|l| &l.text).collect::<Vec<_>>(),
                    legal.iter().collect::<Vec<_>>()
                );
                // Keys: equal positions, equal keys; different ones, different keys.
                let key = s.key();
                match keys.get(&key) {
                    Some(p) => assert_eq!(p, &st.position, "{id}: two positions share a key"),
                    None => {
                        keys.insert(key, st.position.clone());
                    }
                }
                // The position's text reads back.
                let mut copy = entry.new_session();
                copy.load_position(&st.position).unwrap();
                assert_eq!(copy.position(), st.position, "{id}");
                assert_eq!(copy.key(), key, "{id}");
                assert_eq!(copy.legal_texts(), legal, "{id}");
                // The record replays to the same position.
                let mut replay = entry.new_session();
                replay.load_transcript(&s.transcript()).unwrap();
                assert_eq!(replay.position(), st.position, "{id}");
                // Every other text is refused and changes nothing.
                for text in universe.iter().filter(|t| !legal.contains(t)) {
                    assert!(
                        s.play(text).is_err(),
                        "{id}: {text:?} accepted in {}",
                        st.position
                    );
                    assert_eq!(s.state(), st, "{id}: a refused {text:?} changed the game");
                }
                let Some(m) = legal.choose(&mut rng).cloned() else {
                    break;
                };
                s.play(&m).unwrap();
                let after = s.state();
                // Undo takes back the whole turn; redo brings it back.
                assert!(s.undo(), "{id}");
                let back = s.state();
                let same_turn = after.to_move == st.to_move && after.outcome.is_none();
                if same_turn {
                    // The turn goes on: undo went back to its start.
                    assert_eq!(back.cells, turn_start.cells, "{id}");
                } else {
                    assert_eq!(
                        back.cursor, turn_start.cursor,
                        "{id}: undo took back more than a turn"
                    );
                    assert_eq!(back.position, turn_start.position, "{id}");
                }
                assert!(s.redo(), "{id}");
                assert_eq!(s.state(), after, "{id}: redo");
                if !same_turn {
                    turn_start = after;
                }
            }
        }
    }
}

/// The game is described, and every player of it finishes games on each
/// side it plays against the random player.
fn described_and_plays_itself_with_every_player(entry: &dyn GameEntry) {
    {
        let info = entry.info();
        assert_eq!(info.id, entry.id());
        assert!(info.built && !info.title.is_empty() && !info.blurb.is_empty());
        for p in &info.players {
            for side in 0..2u8 {
                if !p.sides[side as usize] {
                    continue;
                }
                // The player finishes games on its side against random.
                let mut s = entry.new_session();
                let mut me = entry.agent(&p.id, &serde_json::Value::Null, None).unwrap();
                let mut other = entry
                    .agent("random", &serde_json::Value::Null, None)
                    .unwrap();
                let mut seed = 0;
                while !s.is_over() {
                    let who = if s.state().to_move == Some(side) {
                        &mut me
                    } else {
                        &mut other
                    };
                    let t = who
                        .think(
                            &s.position(),
                            seed,
                            &mut selfplay::search::budget::Budget::unlimited(),
                        )
                        .unwrap();
                    s.play(&t.text).unwrap();
                    seed += 1;
                }
            }
        }
    }
}

/// The ladder's openings are as many as the game says, distinct, records
/// of unfinished games; a ladder game between two random players depends on
/// its key and seed alone, and the same key with other seeds gives more
/// than one result.
fn ladder_openings_and_games(entry: &dyn GameEntry) {
    use selfplay::ladder::{play_game, GameKey};
    let openings = selfplay::ladder::openings(entry);
    assert_eq!(openings.len(), entry.info().ladder_openings as usize);
    if openings.is_empty() {
        return;
    }
    let mut keys = BTreeSet::new();
    for (i, o) in openings.iter().enumerate() {
        let mut s = entry.new_session();
        s.load_transcript(o)
            .unwrap_or_else(|e| panic!("{} opening {i}: {e}", entry.id()));
        assert!(!s.is_over(), "{} opening {i} is a finished game", entry.id());
        assert!(keys.insert(s.key()), "{} opening {i} is repeated", entry.id());
    }
    let none = serde_json::Value::Null;
    let score = |key: &GameKey, seed| {
        let mut a = entry.agent("random", &none, None).unwrap();
        let mut b = entry.agent("random", &none, None).unwrap();
        play_game(
            entry,
            &openings,
            key,
            a.as_mut(),
            b.as_mut(),
            seed,
            &mut Budget::unlimited(),
        )
        .unwrap()
    };
    // An opening may leave random players one result whatever the seed (a
    // position all but decided): of the last five, one must not.
    let mut varied = false;
    for at in (0..openings.len()).rev().take(5) {
        let key: GameKey = (at, "a".into(), "b".into());
        let results: Vec<f64> = (0..20).map(|seed| score(&key, seed)).collect();
        assert_eq!(results, (0..20).map(|seed| score(&key, seed)).collect::<Vec<_>>());
        varied |= results.iter().any(|&r| r != results[0]);
    }
    assert!(varied, "{}: twenty seeds, one result", entry.id());
}

/// Preview gives the state after a move and leaves the game as it was.
fn previews(game: &dyn GameEntry) {
    {
        let mut s = game.new_session();
        let name = s.game();
        // A seeded walk through a whole game; at every position, every legal
        // move is previewed and then played, and the two states compared.
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut plies = 0;
        while !s.is_over() {
            let before = s.state();
            let legal: Vec<String> = before.legal.iter().map(|m| m.text.clone()).collect();
            assert!(
                !legal.is_empty(),
                "{name}: a game not over has a legal move"
            );
            for m in &legal {
                // From the second move on, the record also holds the move
                // previewed and played before (undone), which preview keeps.
                let here = s.state();
                let p = s.preview(m).unwrap();
                assert_eq!(s.state(), here, "{name} {m}: preview changed the game");
                s.play(m).unwrap();
                assert_eq!(
                    s.state(),
                    p,
                    "{name} {m}: preview differs from the move played"
                );
                assert_eq!(
                    p.last_move.as_ref().map(|l| l.text.as_str()),
                    Some(m.as_str())
                );
                assert_eq!(p.cursor, before.cursor + 1, "{name} {m}");
                let cell = before.legal.iter().find(|l| &l.text == m).unwrap().cell;
                if let Some(c) = cell {
                    assert!(
                        p.changed.contains(&c),
                        "{name} {m}: its cell is among the changed ones"
                    );
                }
                // Back to the position (the move stays in the record, undone,
                // which the next preview and play both drop).
                s.jump(before.cursor).unwrap();
                assert_eq!(s.state().position, before.position, "{name} {m}");
            }
            // Illegal input is refused and changes nothing.
            let here = s.state();
            assert!(s.preview("zz9").is_err(), "{name}: a bad move text");
            assert_eq!(
                s.state(),
                here,
                "{name}: a refused preview changed the game"
            );
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            s.play(&legal[(rng % legal.len() as u64) as usize]).unwrap();
            plies += 1;
            assert!(plies < 1000, "{name}: the walk ends");
        }
        // After the end there is nothing to preview.
        let end = s.state();
        assert!(s
            .preview(
                &end.legal
                    .first()
                    .map_or("a1".to_string(), |m| m.text.clone())
            )
            .is_err());
        assert_eq!(s.state(), end, "{name}");
    }
}

/// A kind of run gives its games to watch exactly when it says it is
/// watchable; one that does not plays nothing when asked.
fn watchable_exactly_when_its_runs_give_their_games(e: &dyn GameEntry) {
    for k in e.info().runs {
        let Some(p) = k.presets.first() else { continue };
        let c = e.preset_runs(&k.id, &p.id, 3).unwrap().remove(0);
        let mut r = e.new_run(&k.id, &c).unwrap();
        let before = r.progress().done;
        let w = r.step_watched();
        assert_eq!(w.is_some(), k.watchable, "{} {}", e.id(), k.id);
        if w.is_none() {
            // Nothing was played.
            assert_eq!(r.progress().done, before, "{} {}", e.id(), k.id);
        }
    }
}

/// A setting a kind of run does not have is refused, naming it, at the top
/// of the settings and inside each group of them, in every preset's first
/// run (`selfplay run GAME KIND --set bogus=5` and `--set group.bogus=1`
/// exit 2, as the page's settings from JavaScript are refused): a misspelt
/// setting is never ignored.
fn unknown_settings_are_refused(e: &dyn GameEntry) {
    fn groups(v: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        if let Some(o) = v.as_object() {
            out.push(at.clone());
            for (k, x) in o {
                at.push(k.clone());
                groups(x, at, out);
                at.pop();
            }
        }
    }
    for k in e.info().runs {
        for p in &k.presets {
            let c = e.preset_runs(&k.id, &p.id, 3).unwrap().remove(0);
            let mut paths = Vec::new();
            groups(&c, &mut Vec::new(), &mut paths);
            assert!(!paths.is_empty(), "{} {}: settings are an object", e.id(), k.id);
            for path in paths {
                let mut bad = c.clone();
                let mut at = &mut bad;
                for key in &path {
                    at = at.get_mut(key).unwrap();
                }
                at.as_object_mut()
                    .unwrap()
                    .insert("bogus_setting".into(), 5.into());
                let err = e.new_run(&k.id, &bad).err().unwrap_or_else(|| {
                    panic!("{} {} {}: bogus_setting in {path:?} was accepted", e.id(), k.id, p.id)
                });
                assert!(
                    err.contains("bogus_setting"),
                    "{} {} {}: {path:?}: {err}",
                    e.id(),
                    k.id,
                    p.id
                );
            }
        }
    }
}

/// A number setting outside the range its form declares is refused, as
/// the page's form refuses it, in every preset's first run: below the
/// least and above the most of every real-number field, and one below the
/// least and one above the most of every whole-number field, as a whole
/// number (the field's dotted path into the settings; a field a preset's
/// settings do not hold is left alone, and so is a most of 10^15 or more,
/// such as a seed's).
fn settings_out_of_their_range_are_refused(e: &dyn GameEntry) {
    use selfplay::plugin::FieldKind;
    let mut accepted = Vec::new();
    for k in e.info().runs {
        // The fields are the kind's: its first preset that starts is enough.
        for p in &k.presets {
            let c = e.preset_runs(&k.id, &p.id, 3).unwrap().remove(0);
            // (A preset that needs more than its settings, such as a file
            // of games, is left to its own tests.)
            if e.new_run(&k.id, &c).is_err() {
                continue;
            }
            for f in &k.fields {
                let path: Vec<&str> = f.id.split('.').collect();
                let held = path
                    .iter()
                    .try_fold(&c, |at, key| at.get(*key))
                    .is_some();
                if !held {
                    continue;
                }
                let bad: Vec<serde_json::Value> = match f.kind {
                    FieldKind::Int { min, max, .. } => {
                        let mut v = Vec::new();
                        if min > 0.0 {
                            v.push(serde_json::json!(min as u64 - 1));
                        }
                        if max < 1e15 {
                            v.push(serde_json::json!(max as u64 + 1));
                        }
                        v
                    }
                    FieldKind::Float { min, max, .. } => {
                        let span = (max - min).abs().max(1.0);
                        vec![serde_json::json!(min - span), serde_json::json!(max + span)]
                    }
                    _ => continue,
                };
                for value in bad {
                    let mut changed = c.clone();
                    let mut at = &mut changed;
                    for key in &path {
                        at = at.get_mut(*key).unwrap();
                    }
                    *at = value.clone();
                    if e.new_run(&k.id, &changed).is_ok() {
                        accepted.push(format!(
                            "{} {} {}: {} = {value} (the form's range: {:?})",
                            e.id(),
                            k.id,
                            p.id,
                            f.id,
                            f.kind
                        ));
                    }
                }
            }
            break;
        }
    }
    assert!(accepted.is_empty(), "accepted:\n{}", accepted.join("\n"));
}

/// A kind of run says its models show their weights exactly when its
/// models say so and the entry gives their table, a valid one.
fn weights_shown_exactly_as_said(e: &dyn GameEntry) {
    for k in e.info().runs {
        let Some(p) = k.presets.first() else { continue };
        let c = e.preset_runs(&k.id, &p.id, 3).unwrap().remove(0);
        let model = e.new_run(&k.id, &c).unwrap().model("m").unwrap();
        let table = e.weight_table(&model).unwrap();
        let said = e.describe_model(&model).unwrap().weights;
        assert_eq!((said, table.is_some()), (k.shows_weights, k.shows_weights), "{} {}", e.id(), k.id);
        if let Some(t) = table {
            t.validate().unwrap();
        }
    }
}

/// A record with a bad move is refused, naming the first bad move by its
/// number, and the game on the board is kept: a random record of a few
/// moves, then a move of another position that is not legal here (its
/// number is the record's next), or text that is no move (a later number at
/// least: in a notation of one character a move, its first characters may
/// be moves).
fn bad_records_name_their_first_bad_move(entry: &dyn GameEntry, universe: &BTreeSet<String>) {
    let id = entry.id();
    let moves = move_texts(entry);
    for seed in 0..5u64 {
        let mut rng = rng_from_seed(7000 + seed);
        let mut s = entry.new_session();
        for _ in 0..=seed {
            let Some(m) = s.legal_texts().choose(&mut rng).cloned() else {
                break;
            };
            s.play(&m).unwrap();
        }
        if s.is_over() {
            continue;
        }
        let good = s.transcript();
        let n = s.state().history.len();
        let legal = s.legal_texts();
        for bad in universe
            .iter()
            .filter(|t| !legal.contains(t) && !t.is_empty())
        {
            let record = format!("{good} {bad}");
            let mut board = entry.new_session();
            let first = board.state().legal[0].text.clone();
            board.play(&first).unwrap();
            let before = board.state();
            let err = board.load_transcript(&record).unwrap_err().0;
            let number: usize = err
                .strip_prefix("move ")
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("{id} {record:?}: no move number in {err:?}"));
            if moves.contains(bad) {
                assert_eq!(number, n + 1, "{id} {record:?}: {err}");
            } else {
                assert!(number > n, "{id} {record:?}: {err}");
            }
            assert_eq!(
                board.state(),
                before,
                "{id} {record:?}: the game on the board is kept"
            );
        }
    }
}

/// Every text that was a legal move somewhere in a few random games.
fn move_texts(entry: &dyn GameEntry) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for seed in 0..10 {
        let mut rng = rng_from_seed(seed);
        let mut s = entry.new_session();
        while let Some(m) = s.legal_texts().choose(&mut rng).cloned() {
            all.extend(s.legal_texts());
            s.play(&m).unwrap();
        }
    }
    all
}

/// Text that looks like notation, mixed with multi-byte characters.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-iA-I][0-9]",
        Just("pass".to_string()),
        Just("--".to_string()),
        Just("-".to_string()),
        "[LRa-iXO.\\- ]{1,3}",
        "[€é🂡ñ\u{0301}]",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![notation_like(), any::<String>(), "\\PC{0,80}"]
}

// Text from JavaScript, for every game: an error or a result, never a panic,
// and a refused input leaves the game as it was.
proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn text_from_javascript_never_panics(text in any_text(), game in 0usize..REGISTRY.len()) {
        let e = REGISTRY[game];
        let mut s = e.new_session();
        // Two legal moves first, so that a refused input has something to keep.
        for _ in 0..2 {
            let m = s.state().legal[0].text.clone();
            s.play(&m).unwrap();
        }
        let before = s.transcript();
        if s.play(&text).is_err() {
            prop_assert_eq!(s.transcript(), before.clone());
        }
        let before = s.transcript();
        if s.load_transcript(&text).is_err() {
            prop_assert_eq!(s.transcript(), before.clone());
        }
        let before = s.transcript();
        if s.load_position(&text).is_err() {
            prop_assert_eq!(s.transcript(), before);
        }
        let position = s.position();
        if let Ok(mut agent) = e.agent(&text, &serde_json::Value::Null, None) {
            let _ = agent.think(&position, 1, &mut Budget::unlimited());
        }
        if let Ok(mut agent) = e.agent("random", &serde_json::Value::Null, None) {
            let _ = agent.think(&text, 1, &mut Budget::unlimited());
            let _ = agent.analyze(&text, &mut Budget::unlimited());
        }
        let _ = entry(&text);
    }
}
