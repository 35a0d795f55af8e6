//! The ready-made agents the page ships: learners trained by their game's
//! own runs with fixed seeds, kept at several stages of one run, and
//! measured against the game's fixed players (native only).
//!
//! Each game's entry lists its recipes ([`crate::plugin::ReadySet`]); this
//! module knows no game. [`build`] trains every recipe's run once, keeps its
//! model after each stage, measures every model and every fixed player the
//! same way, and writes the files and `manifest.json`; [`check`] measures
//! the shipped files again and compares them with the manifest's figures.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::Model;
use crate::plugin::{GameEntry, ReadyRecipe, ReadySet};
use crate::search::budget::Budget;

/// The manifest's format; a page that reads another refuses it.
pub const FORMAT: u32 = 1;

/// What the page may ship at most: every file of the set, gzipped, summed.
pub const BUDGET_GZIPPED: u64 = 3_000_000;

/// One side's record against one opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The opponent (a player's id).
    pub opponent: String,
    /// The side the measured player took (0 first, 1 second).
    pub side: u8,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// How a set of players was measured: the same for every player of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measure {
    /// Games per opponent and side.
    pub games: u32,
    /// Random moves that open every game, so that fixed players meet
    /// varied positions.
    pub opening: u32,
    /// The seed every game's draws come from.
    pub seed: u64,
    /// The fixed players measured against (the game's players that answer
    /// at once).
    pub opponents: Vec<String>,
    /// The command that measures one file the same way.
    pub command: String,
}

/// A player's strength: its records and its score, the share of points
/// (a win 1, a draw ½) over all of them, in percent; and, in a game with a
/// ladder, its rating there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strength {
    pub score: f64,
    pub records: Vec<Record>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rated>,
}

/// A rating on the game's ladder ([`crate::ladder`]), in whole Elo.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    pub elo: f64,
    /// Half the width of the 95% interval.
    pub interval: f64,
}

/// How a game's fixed players and ready-made models were rated together:
/// a round robin of all of them on the game's ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderMeasure {
    /// Openings of the ladder's shipped set each pair plays, each with both colours.
    pub openings: u32,
    pub seed: u64,
    /// The player rated 0.
    pub anchor: String,
    /// The command that plays the same games and prints the same ratings.
    pub command: String,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
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
    /// Whether the page shows its weights (`GameEntry::weight_table`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub weights: bool,
    pub bytes: u64,
    pub strength: Strength,
}

/// One game's ready-made models and its fixed players' strength.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadyGame {
    pub measure: Measure,
    /// How the ratings were fitted, in a game with a ladder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladder: Option<LadderMeasure>,
    /// The fixed players' strength, measured as the models are.
    pub players: BTreeMap<String, Strength>,
    pub models: Vec<ReadyModel>,
}

/// The manifest: every game's ready-made models.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// How to build it again.
    pub command: String,
    pub games: BTreeMap<String, ReadyGame>,
}

/// A seed for one game of a measurement, from the measurement's seed and
/// the game's place in it (splitmix64, so nearby indices differ in every bit).
fn mix(seed: u64, parts: &[u64]) -> u64 {
    let mut z = seed;
    for &p in parts {
        z = z.wrapping_add(p).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
    }
    z
}

/// Who plays: a fixed player by id, or a model file's learner.
pub enum Contender<'a> {
    Player(&'a str),
    Model(&'a Model),
}

fn agent(
    entry: &dyn GameEntry,
    who: &Contender,
) -> Result<Box<dyn crate::plugin::DynAgent>, String> {
    match who {
        Contender::Player(id) => entry.agent(id, &Value::Null, None),
        Contender::Model(m) => entry.agent("model", &Value::Null, Some(m)),
    }
}

/// Plays one game of `me` (on `side`) against `other`; `opening` random
/// moves first. Returns the winner's side, or `None` for a draw.
fn play(
    entry: &dyn GameEntry,
    me: &mut dyn crate::plugin::DynAgent,
    other: &mut dyn crate::plugin::DynAgent,
    side: u8,
    opening: u32,
    seed: u64,
) -> Result<Option<u8>, String> {
    let mut session = entry.new_session();
    let mut random = entry.agent("random", &Value::Null, None)?;
    let mut ply = 0u64;
    while !session.is_over() {
        let to_move = session.state().to_move;
        let s = mix(seed, &[ply]);
        let position = session.position();
        let mut budget = Budget::unlimited();
        let thought = if ply < opening as u64 {
            random.think(&position, s, &mut budget)?
        } else if to_move == Some(side) {
            me.think(&position, s, &mut budget)?
        } else {
            other.think(&position, s, &mut budget)?
        };
        session
            .play(&thought.text)
            .map_err(|e| format!("move {} refused: {e}", thought.text))?;
        ply += 1;
    }
    Ok(session.state().outcome.and_then(|o| o.winner))
}

/// The sides `who` can play: a model's one side, or those its player
/// info allows.
fn sides_of(entry: &dyn GameEntry, who: &Contender) -> Result<Vec<u8>, String> {
    match who {
        Contender::Model(m) => Ok(match entry.describe_model(m)?.side {
            Some(s) => vec![s],
            None => vec![0, 1],
        }),
        Contender::Player(id) => {
            let info = entry.info();
            let p = info
                .players
                .iter()
                .find(|p| p.id == *id)
                .ok_or_else(|| format!("{} has no player '{id}'", info.title))?;
            Ok((0..2u8).filter(|&s| p.sides[s as usize]).collect())
        }
    }
}

/// The fixed players a game's agents are measured against: those that
/// answer at once (no search).
pub fn opponents(entry: &dyn GameEntry) -> Vec<String> {
    entry
        .info()
        .players
        .iter()
        .filter(|p| !p.searches)
        .map(|p| p.id.clone())
        .collect()
}

/// Measures `who` against every opponent of `measure`, on each side both can
/// play, `measure.games` games each.
pub fn strength(
    entry: &dyn GameEntry,
    who: &Contender,
    measure: &Measure,
) -> Result<Strength, String> {
    let info = entry.info();
    let mut records = Vec::new();
    for (oi, opp) in measure.opponents.iter().enumerate() {
        let p = info
            .players
            .iter()
            .find(|p| &p.id == opp)
            .ok_or_else(|| format!("{} has no player '{opp}'", info.title))?;
        for side in sides_of(entry, who)? {
            if !p.sides[1 - side as usize] {
                continue;
            }
            let mut me = agent(entry, who)?;
            let mut other = entry.agent(opp, &Value::Null, None)?;
            let mut r = Record {
                opponent: opp.clone(),
                side,
                wins: 0,
                draws: 0,
                losses: 0,
            };
            for g in 0..measure.games {
                let seed = mix(measure.seed, &[oi as u64, side as u64, g as u64]);
                match play(
                    entry,
                    me.as_mut(),
                    other.as_mut(),
                    side,
                    measure.opening,
                    seed,
                )? {
                    Some(w) if w == side => r.wins += 1,
                    Some(_) => r.losses += 1,
                    None => r.draws += 1,
                }
            }
            records.push(r);
        }
    }
    let played: u32 = records.iter().map(|r| r.wins + r.draws + r.losses).sum();
    let points: f64 = records
        .iter()
        .map(|r| r.wins as f64 + r.draws as f64 / 2.0)
        .sum();
    let score = if played == 0 {
        0.0
    } else {
        (1000.0 * points / played as f64).round() / 10.0
    };
    Ok(Strength {
        score,
        records,
        rating: None,
    })
}

/// The ladder of a game's ready-made set ([`ReadySet::ladder_openings`]),
/// or `None` when it is not rated (no openings, or a game without a
/// ladder). Its command is filled in when the players are known
/// ([`rate_into`]).
pub fn ladder_of(entry: &dyn GameEntry, set: &ReadySet) -> Option<LadderMeasure> {
    let openings = set.ladder_openings.min(entry.info().ladder_openings);
    (openings > 0).then(|| LadderMeasure {
        openings,
        seed: set.seed,
        anchor: "random".into(),
        command: String::new(),
    })
}

/// The players of `g` that its ladder rates, by name in the ladder's games:
/// the fixed players and the models (by file name) that play both sides.
/// A player of one side only is not rated: a ladder plays both colours.
fn ladder_players<'a>(
    entry: &dyn GameEntry,
    g: &'a ReadyGame,
) -> Result<(Vec<String>, Vec<&'a ReadyModel>), String> {
    let mut fixed = Vec::new();
    for p in &g.measure.opponents {
        if sides_of(entry, &Contender::Player(p))?.len() == 2 {
            fixed.push(p.clone());
        }
    }
    let models = g.models.iter().filter(|m| m.side.is_none()).collect();
    Ok((fixed, models))
}

/// The command that plays the same games as [`rate`] and prints the same
/// ratings, from the repository's root.
fn ladder_command(
    entry: &dyn GameEntry,
    g: &ReadyGame,
    ladder: &LadderMeasure,
) -> Result<String, String> {
    let (fixed, models) = ladder_players(entry, g)?;
    // Every model file of the game, or the rated ones by name.
    let files = if models.len() == g.models.len() {
        format!("{}-*.selfplay", entry.id())
    } else {
        models
            .iter()
            .map(|m| m.file.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok(format!(
        "cd www/public/ready && selfplay {} ladder {} {files} --results NEW-FILE --openings {} --seed {}",
        entry.id(),
        fixed.join(" "),
        ladder.openings,
        ladder.seed
    ))
}

/// Rates `g`'s fixed players and models (the files in `dir`) that play both
/// sides together on the game's ladder as `ladder` says: every pair plays
/// every opening with each colour, fresh players each game, as
/// `selfplay <game> ladder` plays them (a fixed player named by its id, a
/// model by its file's name). Returns each one's rating, by player id or
/// model id.
pub fn rate(
    entry: &dyn GameEntry,
    g: &ReadyGame,
    ladder: &LadderMeasure,
    dir: &Path,
) -> Result<BTreeMap<String, Rated>, String> {
    use crate::ladder::{fit, play_game, schedule, Played};
    let (fixed, rated) = ladder_players(entry, g)?;
    let mut models = BTreeMap::new();
    for m in rated {
        models.insert(m.file.clone(), (m.id.clone(), read_model(dir, &m.file)?));
    }
    let names: Vec<String> = fixed.into_iter().chain(models.keys().cloned()).collect();
    let contender = |name: &str| match models.get(name) {
        Some((_, m)) => agent(entry, &Contender::Model(m)),
        None => agent(entry, &Contender::Player(name)),
    };
    let openings = entry.ladder_openings();
    let mut games = Vec::new();
    for key in schedule(&names, ladder.openings as usize) {
        let mut first = contender(&key.1)?;
        let mut second = contender(&key.2)?;
        let score = play_game(
            entry,
            &openings,
            &key,
            first.as_mut(),
            second.as_mut(),
            ladder.seed,
            &mut Budget::unlimited(),
        )?;
        games.push(Played {
            opening: key.0,
            first: key.1,
            second: key.2,
            score,
        });
    }
    Ok(fit(&games, &ladder.anchor)?
        .into_iter()
        .map(|r| {
            let id = models
                .get(&r.player)
                .map_or(r.player.clone(), |(id, _)| id.clone());
            let rated = Rated {
                elo: r.elo.round(),
                interval: r.interval.round(),
            };
            (id, rated)
        })
        .collect())
}

/// Rates `g` on `ladder` (none: no ratings) and writes each rating into its
/// player's or model's strength (none for a player of one side only), and
/// the ladder, with its command, into `g`.
fn rate_into(
    entry: &dyn GameEntry,
    g: &mut ReadyGame,
    ladder: Option<LadderMeasure>,
    dir: &Path,
) -> Result<(), String> {
    let (ratings, ladder) = match ladder {
        Some(mut l) => {
            l.command = ladder_command(entry, g, &l)?;
            (rate(entry, g, &l, dir)?, Some(l))
        }
        None => (BTreeMap::new(), None),
    };
    for (p, s) in g.players.iter_mut() {
        s.rating = ratings.get(p).copied();
    }
    for m in g.models.iter_mut() {
        m.strength.rating = ratings.get(&m.id).copied();
    }
    g.ladder = ladder;
    Ok(())
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

/// The measurement of one game, as its entry declares it.
fn measure_of(entry: &dyn GameEntry, set: &ReadySet) -> Measure {
    Measure {
        games: set.games,
        opening: set.opening,
        seed: set.seed,
        opponents: opponents(entry),
        command: format!(
            "selfplay ready measure {} FILE --games {} --opening {} --seed {}",
            entry.id(),
            set.games,
            set.opening,
            set.seed
        ),
    }
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
                let mut part = entry.ready_part(model, r.part)?;
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
/// for every game (or `only` those games): `manifest.json` and each
/// model's file, as outputs ([`crate::cli::check_output`]): a read-only
/// manifest or model is refused now, not after hours of training.
pub fn check_build_outputs(dir: &Path, only: &[String]) -> Result<(), crate::cli::CliError> {
    crate::cli::check_output(&dir.join("manifest.json"))?;
    for entry in crate::games::REGISTRY {
        if !only.is_empty() && !only.iter().any(|g| g == entry.id()) {
            continue;
        }
        for r in &entry.ready_models().recipes {
            for &games in r.stages {
                crate::cli::check_output(&dir.join(model_file_name(*entry, r, games)))?;
            }
        }
    }
    Ok(())
}

/// Trains and measures every game's ready-made agents (or `only` those
/// games'), writing the files and `manifest.json` into `dir`
/// ([`check_build_outputs`] first). A game
/// left out keeps what the manifest already has for it.
pub fn build(dir: &Path, only: &[String], log: &mut dyn FnMut(&str)) -> Result<Manifest, String> {
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
    manifest.command = "scripts/ready-models.sh".into();
    for entry in crate::games::REGISTRY {
        let set = entry.ready_models();
        if set.recipes.is_empty() || (!only.is_empty() && !only.iter().any(|g| g == entry.id())) {
            continue;
        }
        let measure = measure_of(*entry, &set);
        let mut players = BTreeMap::new();
        for p in &measure.opponents {
            players.insert(
                p.clone(),
                strength(*entry, &Contender::Player(p), &measure)?,
            );
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
                let strength = strength(*entry, &Contender::Model(&model), &measure)?;
                log(&format!("  {file}: score {:.1}%", strength.score));
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
                    strength,
                });
            }
        }
        let mut game = ReadyGame {
            measure,
            ladder: None,
            players,
            models,
        };
        rate_into(*entry, &mut game, ladder_of(*entry, &set), dir)?;
        manifest.games.insert(entry.id().into(), game);
    }
    write_manifest(dir, &manifest)?;
    Ok(manifest)
}

/// Rates again the fixed players and models of every game of `dir`'s
/// manifest (or `only` those games') on the game's ladder, as its entry's
/// set says, without training anything; rewrites `manifest.json`.
pub fn rerate(dir: &Path, only: &[String], log: &mut dyn FnMut(&str)) -> Result<Manifest, String> {
    let mut manifest = read_manifest(dir)?;
    // Written again at the end: checked before the games.
    crate::cli::check_output(&dir.join("manifest.json"))
        .map_err(crate::cli::CliError::into_message)?;
    for (game, g) in manifest.games.iter_mut() {
        if !only.is_empty() && !only.contains(game) {
            continue;
        }
        let entry = crate::games::entry(game)?;
        let ladder = ladder_of(entry, &entry.ready_models());
        if ladder.is_some() {
            log(&format!("{game}: rating"));
        }
        rate_into(entry, g, ladder, dir)?;
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

/// Measures every shipped file and fixed player again as the manifest
/// says, and returns the figures that differ (none: the manifest holds),
/// with each model's side and whether its weights are shown.
pub fn check(dir: &Path, log: &mut dyn FnMut(&str)) -> Result<Vec<String>, String> {
    let manifest = read_manifest(dir)?;
    let mut wrong = Vec::new();
    for (game, g) in &manifest.games {
        let entry = crate::games::entry(game)?;
        // The ratings, fitted again from the same games, on the ladder the
        // game's entry gives now (none: no player may have a rating).
        let mut rated = g.clone();
        let ladder = ladder_of(entry, &entry.ready_models());
        if ladder.is_some() {
            log(&format!("{game}: rating the players on the ladder"));
        }
        rate_into(entry, &mut rated, ladder, dir)?;
        if rated.ladder != g.ladder {
            wrong.push(format!(
                "{game}: ladder {:?}, manifest {:?}",
                rated.ladder, g.ladder
            ));
        }
        let rating = |id: &str| {
            rated
                .players
                .get(id)
                .map(|s| s.rating)
                .or_else(|| {
                    rated
                        .models
                        .iter()
                        .find(|m| m.id == id)
                        .map(|m| m.strength.rating)
                })
                .flatten()
        };
        for (p, s) in &g.players {
            let mut again = strength(entry, &Contender::Player(p), &g.measure)?;
            again.rating = rating(p);
            if &again != s {
                wrong.push(format!("{game} player {p}: {:?}, manifest {:?}", again, s));
            }
        }
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
            let mut again = strength(entry, &Contender::Model(&model), &g.measure)?;
            again.rating = rating(&m.id);
            log(&format!("{game} {}: score {:.1}%", m.id, again.score));
            if again != m.strength {
                wrong.push(format!(
                    "{game} {}: {:?}, manifest {:?}",
                    m.id, again, m.strength
                ));
            }
        }
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
