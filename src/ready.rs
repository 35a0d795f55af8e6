//! The ready-made agents the page ships, and the ladder that rates them:
//! learners trained by their game's own runs with fixed seeds, kept at
//! several stages of one run, and rated together with the game's own
//! players (its fixed players and a searching player at a few levels) on
//! the game's rating ladder ([`crate::ladder`]) — one Elo scale per game,
//! the one the page's player lists and Ladder tab show (native only).
//!
//! Each game's entry lists its recipes and its ladder's seats
//! ([`crate::plugin::ReadySet`]); this module knows no game. [`build`]
//! trains every recipe's run once, keeps its model after each stage, and
//! rates; [`rate_all`] plays every game's ladder again and writes its table
//! of games (`<game>-ladder.tsv`) and the ratings into `manifest.json`;
//! [`check`] fits the shipped tables again, replays some of their games,
//! and compares both with the manifest.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ladder::{
    file_line, file_lines, fingerprint, fit_ladder, parse_table, play_game, schedule_sided, Played,
};
use crate::model::Model;
use crate::plugin::Training as _;
use crate::plugin::{DynAgent, GameEntry, GameInfo, ReadyRecipe, ReadySet};
use crate::search::budget::Budget;

/// The manifest's format; a page that reads another refuses it.
pub const FORMAT: u32 = 2;

/// What the page may ship at most: every file of the set, gzipped, summed.
pub const BUDGET_GZIPPED: u64 = 3_000_000;

/// The command that builds the set again.
pub const BUILD_COMMAND: &str = "scripts/ready-models.sh";

/// The command that rates every game's ladder again (after a player changed).
pub const RATE_COMMAND: &str = "scripts/ladder.sh";

/// One player of a game's ladder: who it is, and its rating there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    /// Its name in the ladder's table of games (unique in the ladder).
    pub name: String,
    /// The game's player (`"search"`), or `"model"` for a ready-made model.
    pub player: String,
    /// The player's settings (a level), as [`GameEntry::agent`] takes them.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub settings: Value,
    /// The ready-made model it plays (its id in [`ReadyGame::models`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The only side it plays (0 first, 1 second), or `None` for both.
    pub side: Option<u8>,
    /// Its rating in whole Elo, and half the width of its 95% interval.
    pub elo: f64,
    pub interval: f64,
    /// Its games in the table, and its points (a draw half a point).
    pub games: u32,
    pub score: f64,
    /// Half the width of the 95% interval of its lead over the next seat
    /// down, in whole Elo (none for the last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<f64>,
}

/// A game's ladder as shipped: how its games were played, its table of
/// games, and every seat's rating, the strongest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderRecord {
    /// Openings of the game's ladder each pair plays, in each order of
    /// sides the pair can play.
    pub openings: u32,
    pub seed: u64,
    /// The seat rated 0.
    pub anchor: String,
    /// Each seat plays one side (a game whose sides differ).
    pub per_side: bool,
    /// The first move's advantage in whole Elo, and its interval, where it
    /// is fitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move: Option<[f64; 2]>,
    /// The table of games beside the manifest (`<game>-ladder.tsv`).
    pub table: String,
    /// The command that plays the games and writes the ratings again.
    pub command: String,
    pub seats: Vec<Seat>,
}

/// A ready-made model in the manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadyModel {
    /// Unique within its game; the page names it by this (`ready:<id>`).
    pub id: String,
    /// The file beside the manifest.
    pub file: String,
    pub name: String,
    /// The learner in two or three words, for a list of players.
    #[serde(default)]
    pub short: String,
    /// The learner at this stage (the recipe's id): stages of one run share it.
    pub run: String,
    /// What the run is, for students.
    pub about: String,
    /// Learning games played when it was kept.
    pub games: u64,
    /// Seconds of learning it took on the machine that built it (absent
    /// when not known).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seconds: f64,
    /// The command that trains the run, and the seed.
    pub command: String,
    pub seed: u64,
    /// The only side it plays, or `None` for both.
    pub side: Option<u8>,
    /// Whether the page shows its weights (`Training::weight_table`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub weights: bool,
    pub bytes: u64,
    /// Its move from the game's start position, where it has one best move
    /// there at its default settings: the page plays it while the file is
    /// still on its way ([`opening_of`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
}

/// A model's move from the start position (`position`, in the game's text
/// form) at its default settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opening {
    pub position: String,
    #[serde(rename = "move")]
    pub play: String,
}

/// Seeds a model's first move is asked with: it is its opening only when
/// every one gives the same move (two moves tied for best would all agree
/// once in 2^31).
const OPENING_SEEDS: u64 = 32;

/// The settings object of `fields` at their defaults, as the page's forms
/// send them unchanged.
fn default_settings(fields: &[crate::plugin::FieldSpec]) -> Value {
    use crate::plugin::FieldKind;
    let mut out = Value::Object(Default::default());
    for f in fields {
        let v = match &f.kind {
            FieldKind::Int { default, .. } => Value::from(*default as i64),
            FieldKind::Float { default, .. } => Value::from(*default),
            FieldKind::Choice { default, .. } => Value::from(default.clone()),
            FieldKind::Bool { default } => Value::from(*default),
        };
        let mut at = &mut out;
        let mut parts = f.id.split('.').peekable();
        while let Some(part) = parts.next() {
            let map = at.as_object_mut().expect("an object");
            if parts.peek().is_none() {
                map.insert(part.into(), v.clone());
                break;
            }
            at = map
                .entry(part)
                .or_insert_with(|| Value::Object(Default::default()));
        }
    }
    out
}

/// The move `model` plays from the game's start position at its default
/// settings, when it moves first and has one best move there (the same
/// whatever the seed); else `None`. The page plays it before the model's
/// file has arrived: on a slow link a first move that waited for the file
/// would keep the visitor waiting for it too.
pub fn opening_of(entry: &dyn GameEntry, model: &Model) -> Result<Option<Opening>, String> {
    let session = entry.new_session();
    if session.is_over()
        || session.to_move() != crate::game::Side::First
        || entry.describe_model(model)?.side == Some(1)
    {
        return Ok(None);
    }
    let position = session.position();
    let settings = default_settings(&entry.info().model_settings);
    let mut agent = entry.agent("model", &settings, Some(model))?;
    let mut chosen: Option<String> = None;
    for i in 0..OPENING_SEEDS {
        let seed = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5eed;
        let text = agent.think(&position, seed, &mut Budget::unlimited())?.text;
        match &chosen {
            Some(c) if *c != text => return Ok(None),
            _ => chosen = Some(text),
        }
    }
    Ok(chosen.map(|play| Opening { position, play }))
}

/// Every model of `g` with its opening ([`opening_of`]), from its file in `dir`.
fn set_openings(entry: &dyn GameEntry, g: &mut ReadyGame, dir: &Path) -> Result<(), String> {
    for m in &mut g.models {
        m.opening = opening_of(entry, &read_model(dir, &m.file)?)?;
    }
    Ok(())
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// One game's ready-made models and its ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadyGame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladder: Option<LadderRecord>,
    pub models: Vec<ReadyModel>,
}

/// The manifest: every game's ready-made models and ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// How to build it again.
    pub command: String,
    pub games: BTreeMap<String, ReadyGame>,
}

/// How a ladder's games are played.
#[derive(Clone, Copy, Debug)]
pub struct Play {
    /// Games played at once (each on a thread of its own).
    pub threads: usize,
    /// Keep the games of an interrupted rating (`<game>-ladder.tsv.partial`),
    /// else those of the table written last, when they were played by the
    /// same seats with the same files and openings, and play only the others.
    pub resume: bool,
}

impl Default for Play {
    fn default() -> Self {
        Play {
            threads: 1,
            resume: false,
        }
    }
}

/// The file of a game's table of games, beside the manifest.
pub fn table_file(game: &str) -> String {
    format!("{game}-ladder.tsv")
}

/// A seat before it is rated: who plays, and the model file it plays.
#[derive(Clone, Debug)]
struct SeatSpec {
    name: String,
    player: String,
    settings: Value,
    model: Option<(String, String)>,
    side: Option<u8>,
}

/// A seat's name for people: a fixed player's label, with its settings
/// in words ("Search, level 3").
fn player_name(info: &GameInfo, player: &str, settings: &Value) -> Result<String, String> {
    let p = info
        .players
        .iter()
        .find(|p| p.id == player)
        .ok_or_else(|| format!("{} has no player '{player}'", info.title))?;
    let mut name = p.label.clone();
    if let Some(obj) = settings.as_object() {
        for f in &p.settings {
            if let Some(v) = obj.get(&f.id) {
                name.push_str(&format!(", {} {v}", f.label.to_lowercase()));
            }
        }
    }
    Ok(name)
}

/// The seats of `entry`'s ladder: its set's fixed seats (each player with
/// a side of its own on each side it plays, where the game's sides
/// differ), then every ready-made model.
fn seats_of(
    entry: &dyn GameEntry,
    set: &ReadySet,
    models: &[ReadyModel],
) -> Result<Vec<SeatSpec>, String> {
    let info = entry.info();
    let fixed: Vec<(String, Value)> = if set.ladder_seats.is_empty() {
        info.players
            .iter()
            .filter(|p| !p.searches && p.settings.is_empty())
            .map(|p| (p.id.clone(), Value::Null))
            .collect()
    } else {
        set.ladder_seats
            .iter()
            .map(|(p, s)| {
                let settings = if s.is_empty() {
                    Ok(Value::Null)
                } else {
                    serde_json::from_str(s).map_err(|e| format!("{p} {s}: {e}"))
                };
                settings.map(|v| (p.to_string(), v))
            })
            .collect::<Result<_, _>>()?
    };
    let mut out = Vec::new();
    for (player, settings) in fixed {
        let p = info
            .players
            .iter()
            .find(|p| p.id == player)
            .ok_or_else(|| format!("{} has no player '{player}'", info.title))?;
        let name = player_name(&info, &player, &settings)?;
        let sides: Vec<u8> = (0..2u8).filter(|&s| p.sides[s as usize]).collect();
        let seat = |side: Option<u8>, name: String| SeatSpec {
            name,
            player: player.clone(),
            settings: settings.clone(),
            model: None,
            side,
        };
        if info.ladder_per_side || sides.len() == 1 {
            for s in sides {
                let n = if info.ladder_per_side && p.sides == [true, true] {
                    format!("{name} as {}", info.sides[s as usize])
                } else {
                    name.clone()
                };
                out.push(seat(Some(s), n));
            }
        } else {
            out.push(seat(None, name));
        }
    }
    for m in models {
        if info.ladder_per_side && m.side.is_none() {
            return Err(format!(
                "{}: a model of a game whose sides differ plays one side",
                m.file
            ));
        }
        out.push(SeatSpec {
            name: m.name.clone(),
            player: "model".into(),
            settings: Value::Null,
            model: Some((m.id.clone(), m.file.clone())),
            side: m.side,
        });
    }
    for s in &out {
        crate::ladder::check_name(&s.name)?;
    }
    let mut names: Vec<&str> = out.iter().map(|s| s.name.as_str()).collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("two seats of the ladder are named '{}'", w[0]));
    }
    Ok(out)
}

/// The seat rated 0: the game's random player (on the first side, where
/// each side's players are apart) — unless it lost every game, which
/// leaves only the prior to place it and every rating measured from it
/// wide: then the seat that scored fewest points but some.
fn anchor_of(seats: &[SeatSpec], games: &[Played]) -> Result<String, String> {
    let random = seats
        .iter()
        .find(|s| s.player == "random" && s.side != Some(1))
        .or_else(|| seats.iter().find(|s| s.player == "random"))
        .ok_or("the ladder has no random player to rate the others from")?;
    let mut points: BTreeMap<&str, f64> = seats.iter().map(|s| (s.name.as_str(), 0.0)).collect();
    for g in games {
        *points.entry(&g.first).or_default() += g.score;
        *points.entry(&g.second).or_default() += 1.0 - g.score;
    }
    if points.get(random.name.as_str()).copied().unwrap_or(0.0) > 0.0 {
        return Ok(random.name.clone());
    }
    // The order of the seats breaks ties, so that the choice is the same everywhere.
    seats
        .iter()
        .filter(|s| points[s.name.as_str()] > 0.0)
        .min_by(|a, b| points[a.name.as_str()].total_cmp(&points[b.name.as_str()]))
        .map(|s| s.name.clone())
        .ok_or_else(|| "no player of the ladder scored a point".into())
}

/// The table's head: what it is and how it was played (the openings by
/// their fingerprint, so that a table played from other openings is not
/// taken for this one).
fn table_head(entry: &dyn GameEntry, openings: u32, seed: u64) -> String {
    let list = crate::ladder::openings(entry);
    let used = list.get(..openings as usize).unwrap_or(&list).join("\n");
    format!(
        "# selfplay ladder of {}: opening\tfirst\tsecond\tfirst's score\n# {openings} openings ({:016x}), seed {seed}: {RATE_COMMAND} --game {}\n",
        entry.id(),
        fingerprint(used.as_bytes()),
        entry.id()
    )
}

/// Plays the games of `seats` over `openings` openings that `known` lacks,
/// on `play.threads` threads, appending each to `partial` (a file) as it
/// ends. Returns every game of the schedule, in its order.
#[allow(clippy::too_many_arguments)]
fn play_games(
    entry: &dyn GameEntry,
    seats: &[SeatSpec],
    files: &BTreeMap<String, Model>,
    openings: u32,
    seed: u64,
    known: &[Played],
    play: Play,
    partial: Option<&Path>,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<Vec<Played>, String> {
    let sided: Vec<(String, Option<u8>)> = seats.iter().map(|s| (s.name.clone(), s.side)).collect();
    let schedule = schedule_sided(&sided, openings as usize);
    let have: BTreeMap<_, f64> = known.iter().map(|g| (g.key(), g.score)).collect();
    let todo: Vec<_> = schedule
        .iter()
        .filter(|k| !have.contains_key(*k))
        .cloned()
        .collect();
    let opening_list = crate::ladder::openings(entry);
    if (opening_list.len() as u32) < openings {
        return Err(format!(
            "{} has {} ladder openings, not {openings}",
            entry.info().title,
            opening_list.len()
        ));
    }
    let by_name: BTreeMap<&str, &SeatSpec> = seats.iter().map(|s| (s.name.as_str(), s)).collect();
    let agent = |name: &str| seat_agent(entry, by_name[name], files);
    let results: Mutex<BTreeMap<crate::ladder::GameKey, f64>> = Mutex::new(have);
    let out_file = match partial {
        Some(p) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => None,
    };
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = todo.len();
    let started = std::time::Instant::now();
    let log = Mutex::new(log);
    let threads = play.threads.clamp(1, 64);
    let error: Mutex<Option<String>> = Mutex::new(None);
    // Each thread takes the next game not yet taken: a pair's games can
    // differ in length many times over (one colour's games of two searching
    // players against the other's), and a thread done early takes the rest.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (todo, agent, results, out_file, done, log, error, opening_list, next) = (
                &todo,
                &agent,
                &results,
                &out_file,
                &done,
                &log,
                &error,
                &opening_list,
                &next,
            );
            scope.spawn(move || {
                while let Some(key) =
                    todo.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    if error.lock().unwrap().is_some() {
                        return;
                    }
                    let score = agent(&key.1).and_then(|mut a| {
                        let mut b = agent(&key.2)?;
                        play_game(
                            entry,
                            opening_list,
                            key,
                            a.as_mut(),
                            b.as_mut(),
                            seed,
                            &mut Budget::unlimited(),
                        )
                    });
                    let score = match score {
                        Ok(s) => s,
                        Err(e) => {
                            *error.lock().unwrap() = Some(format!(
                                "opening {}, {} against {}: {e}",
                                key.0, key.1, key.2
                            ));
                            return;
                        }
                    };
                    let line = Played {
                        opening: key.0,
                        first: key.1.clone(),
                        second: key.2.clone(),
                        score,
                    }
                    .line();
                    if let Some(f) = out_file {
                        let _ = writeln!(f.lock().unwrap(), "{line}");
                    }
                    results.lock().unwrap().insert(key.clone(), score);
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if n % 500 == 0 || n == total {
                        let s = started.elapsed().as_secs_f64();
                        (log.lock().unwrap())(&format!(
                            "{}: {n} of {total} games ({:.1} games/s)",
                            entry.id(),
                            n as f64 / s.max(1e-9)
                        ));
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    let results = results.into_inner().unwrap();
    Ok(schedule
        .into_iter()
        .map(|k| Played {
            score: results[&k],
            opening: k.0,
            first: k.1,
            second: k.2,
        })
        .collect())
}

/// A fresh agent for a seat (each game gets its own).
fn seat_agent(
    entry: &dyn GameEntry,
    s: &SeatSpec,
    files: &BTreeMap<String, Model>,
) -> Result<Box<dyn DynAgent>, String> {
    match &s.model {
        Some((_, file)) => entry.agent("model", &Value::Null, Some(&files[file])),
        None => entry.agent(&s.player, &s.settings, None),
    }
}

/// The seats rated from `games` (the ladder's fit), strongest first.
fn rated(
    seats: &[SeatSpec],
    games: &[Played],
    anchor: &str,
    per_side: bool,
) -> Result<(Vec<Seat>, Option<[f64; 2]>), String> {
    let fit = fit_ladder(games, anchor, per_side)?;
    let mut out = Vec::new();
    for r in &fit.ratings {
        let s = seats.iter().find(|s| s.name == r.player).ok_or_else(|| {
            format!(
                "the table has games of '{}', who is not a seat of the ladder",
                r.player
            )
        })?;
        out.push(Seat {
            name: s.name.clone(),
            player: s.player.clone(),
            settings: s.settings.clone(),
            model: s.model.as_ref().map(|(id, _)| id.clone()),
            side: s.side,
            elo: r.elo.round(),
            interval: r.interval.round(),
            games: r.games,
            score: r.score,
            below: r.below.map(f64::round),
        });
    }
    Ok((out, fit.first_move.map(|(h, i)| [h.round(), i.round()])))
}

/// The model files of `models`, read from `dir`, by file name.
fn model_files(dir: &Path, models: &[ReadyModel]) -> Result<BTreeMap<String, Model>, String> {
    models
        .iter()
        .map(|m| read_model(dir, &m.file).map(|model| (m.file.clone(), model)))
        .collect()
}

/// Plays `g`'s ladder (the game's seats and ready-made models in `dir`),
/// writes its table of games into `dir`, and its ratings into `g`.
pub fn rate(
    entry: &dyn GameEntry,
    g: &mut ReadyGame,
    dir: &Path,
    play: Play,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<(), String> {
    set_openings(entry, g, dir)?;
    let set = entry.ready_models();
    let openings = set.ladder_openings.min(entry.info().ladder_openings);
    if openings == 0 {
        g.ladder = None;
        return Ok(());
    }
    let info = entry.info();
    let seats = seats_of(entry, &set, &g.models)?;
    let files = model_files(dir, &g.models)?;
    let head = table_head(entry, openings, set.seed);
    let mut marks = String::new();
    for s in &seats {
        if let Some((_, file)) = &s.model {
            let bytes = std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
            marks.push_str(&file_line(&s.name, fingerprint(&bytes)));
            marks.push('\n');
        }
    }
    let partial = dir.join(format!("{}.partial", table_file(entry.id())));
    // An interrupted rating's games are kept when they were played by the
    // same seats with the same files and settings.
    let mut known = Vec::new();
    if play.resume {
        // The games of an interrupted rating, else those of the table written last.
        for path in [partial.clone(), dir.join(table_file(entry.id()))] {
            if let Ok(text) = std::fs::read_to_string(&path) {
                if text.starts_with(&format!("{head}{marks}")) {
                    known = parse_table(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                    log(&format!(
                        "{}: {} games kept from {}",
                        entry.id(),
                        known.len(),
                        path.display()
                    ));
                    break;
                }
            }
        }
    }
    if known.is_empty() {
        std::fs::write(&partial, format!("{head}{marks}"))
            .map_err(|e| format!("{}: {e}", partial.display()))?;
    }
    let games = play_games(
        entry,
        &seats,
        &files,
        openings,
        set.seed,
        &known,
        play,
        Some(&partial),
        log,
    )?;
    let anchor = anchor_of(&seats, &games)?;
    let (rated, first_move) = rated(&seats, &games, &anchor, info.ladder_per_side)?;
    let mut text = format!("{head}{marks}");
    for p in &games {
        text.push_str(&p.line());
        text.push('\n');
    }
    let file = table_file(entry.id());
    crate::cli::write_atomic(&dir.join(&file), text.as_bytes())
        .map_err(crate::cli::CliError::into_message)?;
    let _ = std::fs::remove_file(&partial);
    g.ladder = Some(LadderRecord {
        openings,
        seed: set.seed,
        anchor,
        per_side: info.ladder_per_side,
        first_move,
        table: file,
        command: format!("{RATE_COMMAND} --game {}", entry.id()),
        seats: rated,
    });
    Ok(())
}

/// Plays every game's ladder again (or `only` those games') with the models
/// of `dir`'s manifest, without training anything; rewrites the tables and
/// `manifest.json` (after each game, so that an interruption keeps the
/// games rated so far).
pub fn rate_all(
    dir: &Path,
    only: &[String],
    play: Play,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<Manifest, String> {
    let mut manifest = read_manifest(dir)?;
    let games: Vec<String> = manifest.games.keys().cloned().collect();
    // The manifest and the tables are written after the games: checked before them.
    let out = |path: std::path::PathBuf| {
        crate::cli::check_output(&path).map_err(crate::cli::CliError::into_message)
    };
    out(dir.join("manifest.json"))?;
    for game in games.iter().filter(|g| only.is_empty() || only.contains(g)) {
        out(dir.join(table_file(game)))?;
    }
    for game in games {
        if !only.is_empty() && !only.contains(&game) {
            continue;
        }
        let entry = crate::games::entry(&game)?;
        log(&format!("{game}: rating"));
        let mut g = manifest.games[&game].clone();
        rate(entry, &mut g, dir, play, log)?;
        manifest.games.insert(game, g);
        write_manifest(dir, &manifest)?;
    }
    Ok(manifest)
}

/// Rates a model file on the shipped ladder of its game: it plays every
/// seat of the ladder as the seats played each other, and is fitted with
/// the shipped table. Returns its rating and the ladder's anchor.
pub fn rate_file(
    dir: &Path,
    model: &Model,
    name: &str,
    play: Play,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<(crate::ladder::Rating, String), String> {
    let game = model.header.game.name();
    let entry = crate::games::entry(game)?;
    let manifest = read_manifest(dir)?;
    let g = manifest
        .games
        .get(game)
        .ok_or_else(|| format!("{}: no ready-made set for {game}", dir.display()))?;
    let ladder = g
        .ladder
        .as_ref()
        .ok_or_else(|| format!("{game} has no shipped ladder"))?;
    let set = entry.ready_models();
    let mut seats = seats_of(entry, &set, &g.models)?;
    if seats.iter().any(|s| s.name == name) {
        return Err(format!("the ladder has a seat named '{name}' already"));
    }
    let mut files = model_files(dir, &g.models)?;
    let side = entry.describe_model(model)?.side;
    files.insert(format!("\0{name}"), model.clone());
    seats.push(SeatSpec {
        name: name.to_string(),
        player: "model".into(),
        settings: Value::Null,
        model: Some((name.to_string(), format!("\0{name}"))),
        side,
    });
    let shipped = parse_table(&read_text(dir, &ladder.table)?)?;
    let games = play_games(
        entry,
        &seats,
        &files,
        ladder.openings,
        ladder.seed,
        &shipped,
        play,
        None,
        log,
    )?;
    let fit = fit_ladder(&games, &ladder.anchor, ladder.per_side)?;
    let r = fit
        .ratings
        .into_iter()
        .find(|r| r.player == name)
        .ok_or("the file played no game")?;
    Ok((r, ladder.anchor.clone()))
}

fn read_text(dir: &Path, file: &str) -> Result<String, String> {
    std::fs::read_to_string(dir.join(file)).map_err(|e| format!("{file}: {e}"))
}

fn thousands(n: u64) -> String {
    crate::plugin::run::thousands(n)
}

/// The command that trains a recipe's run, as `selfplay run` takes it
/// (`total`: the run's total when it is not the preset's).
fn train_command(game: &str, r: &ReadyRecipe, total: Option<u64>) -> String {
    let mut c = format!(
        "selfplay run {game} {} --preset {} --seed {}",
        r.kind, r.preset, r.seed
    );
    if r.index != 0 {
        c.push_str(&format!(" --index {}", r.index));
    }
    for (path, value) in r.sets {
        c.push_str(&format!(" --set {path}={value}"));
    }
    if let Some(t) = total {
        c.push_str(&format!(" --total {t}"));
    }
    c
}

/// Trains one recipe's run, keeping the model at each stage; with the
/// command that trains the same run.
fn train(
    entry: &dyn GameEntry,
    r: &ReadyRecipe,
    log: &mut dyn FnMut(&str),
) -> Result<(Vec<(u64, Model)>, String), String> {
    let mut configs = entry.preset_runs(r.kind, r.preset, r.seed)?;
    if r.index >= configs.len() {
        return Err(format!("preset {} has {} runs", r.preset, configs.len()));
    }
    let mut config = configs.swap_remove(r.index);
    for (path, value) in r.sets {
        let v = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
        let obj = config
            .as_object_mut()
            .ok_or("a run's settings are not an object")?;
        obj.insert((*path).to_string(), v);
    }
    let mut run = crate::plugin::TimedRun::start(0.0, crate::plugin::native_clock, || {
        entry.new_run(r.kind, &config)
    })?;
    let last = *r.stages.last().ok_or("a recipe with no stages")?;
    // A run whose total is one of its settings (given in `sets`) keeps it.
    let total = (run.run.progress().total != last).then_some(last);
    if total.is_some() {
        run.set_total(last)?;
    }
    let mut kept = Vec::new();
    for &stage in r.stages {
        while run.run.progress().done < stage {
            let left = stage - run.run.progress().done;
            run.step(left.min(10_000));
        }
        log(&format!(
            "{} {}: {} games",
            entry.id(),
            r.id,
            thousands(stage)
        ));
        let name = format!("{} · after {} games", r.name, thousands(stage));
        let model = run.model(&name)?;
        kept.push((
            stage,
            if r.part.is_empty() {
                model
            } else {
                // The part learned for as long as the run that holds it.
                let seconds = model.header.train_seconds;
                let take = entry.ready_models().parts.ok_or_else(|| {
                    format!(
                        "{}'s models hold no learner '{}'",
                        entry.info().title,
                        r.part
                    )
                })?;
                let mut part = take(model, r.part)?;
                part.header.train_seconds = seconds;
                part
            },
        ));
    }
    Ok((kept, train_command(entry.id(), r, total)))
}

/// The file of a recipe's model kept after `games` games.
fn model_file_name(entry: &dyn GameEntry, r: &ReadyRecipe, games: u64) -> String {
    format!("{}-{}-{}.selfplay", entry.id(), r.id, games)
}

/// Checks, before any training, every file [`build`] writes into `dir`
/// for every game (or `only` those games): `manifest.json`, each
/// model's file and each ladder's table, as outputs ([`crate::cli::check_output`]): a read-only
/// manifest or model is refused now, not after hours of training.
pub fn check_build_outputs(dir: &Path, only: &[String]) -> Result<(), crate::cli::CliError> {
    crate::cli::check_output(&dir.join("manifest.json"))?;
    for entry in crate::games::REGISTRY {
        if !only.is_empty() && !only.iter().any(|g| g == entry.id()) {
            continue;
        }
        let set = entry.ready_models();
        for r in &set.recipes {
            for &games in r.stages {
                crate::cli::check_output(&dir.join(model_file_name(*entry, r, games)))?;
            }
        }
        if set.ladder_openings > 0 && !set.recipes.is_empty() {
            crate::cli::check_output(&dir.join(table_file(entry.id())))?;
        }
    }
    Ok(())
}

/// Trains every game's ready-made agents (or `only` those games') and rates
/// them on the game's ladder, writing the files, the tables and
/// `manifest.json` into `dir` ([`check_build_outputs`] first). A game left
/// out keeps what the manifest already has for it.
pub fn build(
    dir: &Path,
    only: &[String],
    play: Play,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<Manifest, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // A folder without a manifest starts one; a manifest that cannot be read
    // is refused, so that no game's entries are dropped with it.
    let mut manifest = if dir.join("manifest.json").exists() {
        read_manifest(dir)?
    } else {
        Manifest {
            format: FORMAT,
            command: String::new(),
            games: BTreeMap::new(),
        }
    };
    manifest.format = FORMAT;
    manifest.command = BUILD_COMMAND.into();
    for entry in crate::games::REGISTRY {
        let set = entry.ready_models();
        if set.recipes.is_empty() || (!only.is_empty() && !only.iter().any(|g| g == entry.id())) {
            continue;
        }
        let mut models = Vec::new();
        for r in &set.recipes {
            let (kept, command) = train(*entry, r, log)?;
            for (games, model) in kept {
                let id = format!("{}-{}", r.id, games);
                let file = model_file_name(*entry, r, games);
                let bytes = crate::model::encode(&model).map_err(|e| e.to_string())?;
                crate::cli::write_atomic(&dir.join(&file), &bytes)
                    .map_err(crate::cli::CliError::into_message)?;
                let described = entry.describe_model(&model)?;
                models.push(ReadyModel {
                    id,
                    file,
                    name: model.header.name.clone(),
                    short: r.short.into(),
                    run: r.id.into(),
                    about: r.about.into(),
                    games,
                    seconds: model.header.train_seconds,
                    command: if r.part.is_empty() {
                        format!(
                            "{command} (the model kept after {} games)",
                            thousands(games)
                        )
                    } else {
                        format!(
                            "{command} (the {} in the model kept after {} games)",
                            r.part,
                            thousands(games)
                        )
                    },
                    seed: r.seed,
                    side: described.side,
                    weights: described.weights,
                    bytes: bytes.len() as u64,
                    opening: opening_of(*entry, &model)?,
                });
            }
        }
        let mut game = ReadyGame {
            ladder: None,
            models,
        };
        rate(*entry, &mut game, dir, play, log)?;
        manifest.games.insert(entry.id().into(), game);
        write_manifest(dir, &manifest)?;
    }
    write_manifest(dir, &manifest)?;
    Ok(manifest)
}

fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<(), String> {
    let text = serde_json::to_string_pretty(manifest).map_err(|e| e.to_string())?;
    crate::cli::write_atomic(&dir.join("manifest.json"), (text + "\n").as_bytes())
        .map_err(crate::cli::CliError::into_message)
}

/// The most bytes of a manifest read (a shipped one is a few kB).
const MAX_MANIFEST_BYTES: u64 = 16 << 20;

/// Reads `dir/manifest.json`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, String> {
    let path = dir.join("manifest.json");
    let text = crate::cli::read_text(&path, MAX_MANIFEST_BYTES)
        .map_err(crate::cli::CliError::into_message)?;
    let m: Manifest =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if m.format != FORMAT {
        return Err(format!(
            "{}: format {}, this version reads {FORMAT}",
            path.display(),
            m.format
        ));
    }
    Ok(m)
}

/// Reads a shipped model file.
pub fn read_model(dir: &Path, file: &str) -> Result<Model, String> {
    let bytes = crate::cli::read_model_bytes(&dir.join(file))
        .map_err(crate::cli::CliError::into_message)?;
    crate::games::read_model(&bytes, &crate::model::Limits::default())
        .map_err(|e| format!("{file}: {e}"))
}

/// Checks the shipped set of `dir` against its manifest: every model file
/// as described, every game's table of games holding exactly its ladder's
/// schedule with the same files, its ratings fitted again equal to the
/// manifest's, and `replay` of its games (spread over the table; all with
/// `usize::MAX`) played again to the same scores. Returns the figures that
/// differ (none: the manifest holds).
pub fn check(
    dir: &Path,
    replay: usize,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<Vec<String>, String> {
    let manifest = read_manifest(dir)?;
    let mut wrong = Vec::new();
    for (game, g) in &manifest.games {
        let entry = crate::games::entry(game)?;
        for m in &g.models {
            let model = read_model(dir, &m.file)?;
            let described = entry.describe_model(&model)?;
            if (described.side, described.weights) != (m.side, m.weights) {
                wrong.push(format!(
                    "{game} {}: side {:?} and weights shown {}, manifest {:?} and {}",
                    m.id, described.side, described.weights, m.side, m.weights
                ));
            }
            if m.seconds != model.header.train_seconds {
                wrong.push(format!(
                    "{game} {}: {} s of training, manifest {} s",
                    m.id, model.header.train_seconds, m.seconds
                ));
            }
            if model.header.games_trained != m.games {
                wrong.push(format!(
                    "{game} {}: {} games trained, manifest {}",
                    m.id, model.header.games_trained, m.games
                ));
            }
            let opening = opening_of(entry, &model)?;
            if opening != m.opening {
                wrong.push(format!(
                    "{game} {}: opening {opening:?}, manifest {:?}",
                    m.id, m.opening
                ));
            }
        }
        let set = entry.ready_models();
        let openings = set.ladder_openings.min(entry.info().ladder_openings);
        let Some(ladder) = &g.ladder else {
            if openings > 0 {
                wrong.push(format!("{game}: the manifest has no ladder"));
            }
            continue;
        };
        if (ladder.openings, ladder.seed, ladder.per_side)
            != (openings, set.seed, entry.info().ladder_per_side)
        {
            wrong.push(format!(
                "{game}: the ladder was played on {} openings with seed {}, the game's set says {openings} and {}",
                ladder.openings, ladder.seed, set.seed
            ));
            continue;
        }
        let seats = seats_of(entry, &set, &g.models)?;
        let text = read_text(dir, &ladder.table)?;
        let files = file_lines(&text)?;
        for s in &seats {
            if let Some((_, file)) = &s.model {
                let now = fingerprint(
                    &std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"))?,
                );
                if files.get(&s.name) != Some(&now) {
                    wrong.push(format!(
                        "{game}: {file} is not the file the table's games were played with"
                    ));
                }
            }
        }
        let games = parse_table(&text).map_err(|e| format!("{}: {e}", ladder.table))?;
        let sided: Vec<(String, Option<u8>)> =
            seats.iter().map(|s| (s.name.clone(), s.side)).collect();
        let mut schedule = schedule_sided(&sided, ladder.openings as usize);
        let mut keys: Vec<_> = games.iter().map(Played::key).collect();
        schedule.sort();
        keys.sort();
        if schedule != keys {
            wrong.push(format!(
                "{game}: the table holds {} games, not the {} of the ladder's seats and openings",
                keys.len(),
                schedule.len()
            ));
            continue;
        }
        log(&format!("{game}: {} games, fitted again", games.len()));
        let anchor = anchor_of(&seats, &games)?;
        if anchor != ladder.anchor {
            wrong.push(format!(
                "{game}: the table's anchor is {anchor}, the manifest's {}",
                ladder.anchor
            ));
        }
        let (again, first_move) = rated(&seats, &games, &anchor, ladder.per_side)?;
        if again != ladder.seats {
            wrong.push(format!(
                "{game}: the table's ratings {again:?}, manifest {:?}",
                ladder.seats
            ));
        }
        if first_move != ladder.first_move {
            wrong.push(format!(
                "{game}: the first move's advantage {first_move:?}, manifest {:?}",
                ladder.first_move
            ));
        }
        if replay == 0 {
            continue;
        }
        // Games spread over the table, played again.
        let n = replay.min(games.len());
        let picked: Vec<Played> = (0..n).map(|i| games[i * games.len() / n].clone()).collect();
        let model_files = model_files(dir, &g.models)?;
        let opening_list = crate::ladder::openings(entry);
        let mut again = Vec::new();
        for p in &picked {
            let seat = |name: &str| {
                seats
                    .iter()
                    .find(|s| s.name == name)
                    .expect("a seat of the table")
            };
            let mut a = seat_agent(entry, seat(&p.first), &model_files)?;
            let mut b = seat_agent(entry, seat(&p.second), &model_files)?;
            let score = play_game(
                entry,
                &opening_list,
                &p.key(),
                a.as_mut(),
                b.as_mut(),
                ladder.seed,
                &mut Budget::unlimited(),
            )?;
            again.push(Played { score, ..p.clone() });
        }
        for (p, q) in picked.iter().zip(&again) {
            if p.score != q.score {
                wrong.push(format!(
                    "{game}: opening {}, {} against {}: the table says {}, played again {}",
                    p.opening, p.first, p.second, p.score, q.score
                ));
            }
        }
        log(&format!(
            "{game}: {} of its games played again",
            again.len()
        ));
    }
    Ok(wrong)
}

/// The set's size: every regular file in `dir` (what a static host
/// serves; not a folder, a pipe or a device), raw and gzipped.
pub fn sizes(dir: &Path) -> Result<(u64, u64), String> {
    let mut raw = 0;
    let mut gz = 0;
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        if !std::fs::metadata(e.path()).is_ok_and(|m| m.is_file()) {
            continue;
        }
        let limit = crate::model::Limits::default().max_file_bytes;
        let bytes = crate::cli::read_limited(&e.path(), limit)
            .map_err(crate::cli::CliError::into_message)?;
        raw += bytes.len() as u64;
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(&bytes).map_err(|e| e.to_string())?;
        gz += z.finish().map_err(|e| e.to_string())?.len() as u64;
    }
    Ok((raw, gz))
}
