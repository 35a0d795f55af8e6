//! `selfplay connect6 …`: matches between players, the speed measurements,
//! and the engine protocol on standard input and output.

use std::path::Path;

use clap::Subcommand;
use web_time::Instant;

use super::engine::{Engine, EngineSettings, MAX_LEVEL};
use super::hints::turn_words;
use super::learn::parse_records;
use super::learners::td::{
    hand, model_learner, presets, RunConfig, TdRun as Run, WeightsPlayer, MAX_NEW_GAMES,
    MAX_RECORDS_TEXT,
};
use super::players::{Greedy, NearRandom};
use super::rules::{format_point, Board, Point};
use super::tss;
use crate::arena::Record;
use crate::cli::{CliError, InputPath, OutputPath};
use crate::game::{rng_from_seed, Game, Outcome, Player, Side};
use crate::plugin::DynRun;
use crate::plugin::Playable;
use crate::search::budget::{Budget, Limits};

/// The most games of a match.
pub const MAX_GAMES: u32 = 100_000;
/// The largest openings file, in bytes.
pub const MAX_OPENINGS_BYTES: u64 = 1 << 20;

#[derive(Subcommand)]
pub enum Command {
    /// Plays a match between two players, colours alternating (A is Black
    /// in the odd-numbered games). A player is `random`, `greedy`, `engine`
    /// (level 3), `engine:LEVEL` (1 to 6), `hand` or `model:FILE` (pattern
    /// weights, one stone at a time), or `engine+model:FILE` /
    /// `engine:LEVEL+model:FILE` (the engine searching with learned weights).
    Match {
        /// Player A.
        a: String,
        /// Player B.
        b: String,
        /// Games (1 to 100,000).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Openings (`-`: standard input; at most 1 MiB): one record a line
        /// in the game's notation (`J10; K11 K9`), played before the
        /// players take over; each is played twice, colours swapped, in
        /// turn. Blank lines and lines starting with `#` are skipped.
        #[arg(long)]
        openings: Option<InputPath>,
        /// Writes every game as a record (one a line, with its result), in
        /// the format `train --records` learns from.
        #[arg(long)]
        records_out: Option<OutputPath>,
    },
    /// Threat-space search: proves, or finds no, win for the side to move
    /// by threats (`double`: continuous double threats, VCDT; `single`:
    /// continuous threats, VCST), and prints the winning line. The position
    /// is a record (`J10; K11 K9`) or a position text (19 rows joined by
    /// `/`, see docs/connect6.md).
    Tss {
        /// The record or position.
        position: String,
        /// `double` or `single`.
        #[arg(long, default_value = "double", value_parser = ["double", "single"])]
        kind: String,
        /// Attacker turns at most (1 to 8).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
        /// Positions searched at most (1 to 100,000,000).
        #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        nodes: u64,
        /// Seconds at most (more than 0, at most 3,600).
        #[arg(long, default_value_t = 60.0, value_parser = crate::cli::positive(3600.0))]
        seconds: f64,
    },
    /// Learns the pattern weights by TD(0) in self-play from the hand-set
    /// ones (a preset of the study's runs: tss, no-tss, no-norm, mixed,
    /// two-turn, sign; or tss-step, beyond the study: α 0.5), printing the
    /// curve (the score against the hand-set weights on the shipped
    /// openings), and writes the model (played by the CLI's `model:FILE`
    /// player; the page trains it in its learners' module).
    Train {
        /// The preset.
        #[arg(long, default_value = "tss")]
        preset: String,
        /// Learning games (1 to 1,000,000).
        #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..=MAX_NEW_GAMES))]
        games: u64,
        /// A curve point every this many games (1 to 1,000,000).
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=MAX_NEW_GAMES))]
        eval_every: u64,
        /// Openings a curve point plays, 1 to 50 (the first of the 50 shipped).
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=50))]
        openings: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The step size α (more than 0, at most 1) instead of the preset's.
        #[arg(long, value_parser = crate::cli::positive(1.0))]
        alpha: Option<f64>,
        /// Learn from the game records of this file instead of self-play
        /// (one game a line: its stones, then `1-0`, `0-1` or `1/2` when
        /// the board does not show the result; see docs/connect6.md), taken
        /// in order and again from the first until `--games` are learned.
        #[arg(long)]
        records: Option<InputPath>,
        /// The model file to write.
        #[arg(long)]
        out: OutputPath,
    },
    /// The study's protocol: a model's weights against the hand-set ones
    /// (or `--against` another model), from each shipped opening twice,
    /// colours swapped, both with the same search; a win 2 points, a draw 1.
    Eval {
        /// The model file.
        model: InputPath,
        /// Another model file instead of the hand-set weights.
        #[arg(long)]
        against: Option<InputPath>,
        /// Openings, 1 to 50 (the first of the 50 shipped).
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=50))]
        openings: u64,
    },
    /// A model's weights beside the hand-set ones, as the study's table of
    /// learned weights: the weights that moved most, then one count of each
    /// pattern of the side to move and the opponent, in each phase (the
    /// values of `φ·θ`, hand-set divided by 100,000).
    Weights {
        /// The model file.
        model: InputPath,
        /// Which count: 0 the plain count, 1 to 4 by distance from the
        /// centre (nearest first), 5 on a diagonal.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=5))]
        variant: u64,
    },
    /// Speaks the Connect6 engine protocol on standard input and output
    /// (`name`, `new black|white`, `black|white XXXX`, `move XXXX`, `next`,
    /// `depth d`, `print`, `quit`; see docs/connect6.md).
    Engine {
        /// The engine's level to start with (1 to 6; `depth d` changes it).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_LEVEL)))]
        level: u32,
        /// The search's evaluation: the study's 492 pattern weights, the
        /// hand-set ones (`hand`) or a model file's, instead of the
        /// engine's own.
        #[arg(long)]
        weights: Option<String>,
    },
    /// The engine's turn in a position (a record or a position text) and
    /// what each of its steps did: nodes of alpha-beta and of the
    /// threat-space searches, depth, branching, time. With `--records`, a
    /// turn at every turn's start of every game of a file of records (as
    /// `match --records-out` and the referee write them), and the totals.
    Think {
        /// The record or position (none with `--records`).
        #[arg(required_unless_present = "records")]
        position: Option<String>,
        /// A file of game records.
        #[arg(long, conflicts_with = "position")]
        records: Option<InputPath>,
        /// The engine's level (1 to 6).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_LEVEL)))]
        level: u32,
    },
}

/// The game's own subcommands, `selfplay <id> …` (listed in the
/// registry, [`crate::games::own_commands`]).
pub fn commands() -> crate::cli::Commands {
    crate::cli::game_commands(
        Board::NAME,
        "Connect6: matches, the engine protocol, speed.",
        run,
    )
}

pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Match {
            a,
            b,
            games,
            seed,
            openings,
            records_out,
        } => play_match(
            &a,
            &b,
            games,
            seed,
            openings.as_ref().map(|p| p.0.as_path()),
            records_out.as_ref().map(|p| p.0.as_path()),
        ),
        Command::Tss {
            position,
            kind,
            depth,
            nodes,
            seconds,
        } => threat_search(&position, &kind, depth, nodes, seconds),
        Command::Train {
            preset,
            games,
            eval_every,
            openings,
            seed,
            alpha,
            records,
            out,
        } => {
            let records = match &records {
                Some(path) => Some(read_records(&path.0)?),
                None => None,
            };
            let config = RunConfig {
                games,
                eval_every,
                openings: openings as usize,
                seed,
                ..preset_config(&preset)?
            };
            if config.from_records && records.is_none() {
                return Err(CliError::BadInput(format!(
                    "the preset '{preset}' learns from game records: give them with --records FILE"
                )));
            }
            let config = RunConfig {
                alpha: alpha.map_or(config.alpha, |a| a as f32),
                records: records.as_ref().map_or(String::new(), |r| r.text.clone()),
                ..config
            };
            train(config, records.as_ref().map(|r| r.name.as_str()), &out.0)
        }
        Command::Eval {
            model,
            against,
            openings,
        } => eval(
            &model.0,
            against.as_ref().map(|p| p.0.as_path()),
            openings as usize,
        ),
        Command::Weights { model, variant } => weights_table(&model.0, variant as usize),
        Command::Engine { level, weights } => {
            let name = match weights.as_deref() {
                None => format!("engine:{level}"),
                Some("hand") => format!("engine:{level}+hand"),
                Some(file) => format!("engine:{level}+model:{file}"),
            };
            let engine = player_engine(&name).map_err(CliError::BadInput)?;
            let stdin = std::io::stdin();
            super::protocol::serve_engine(stdin.lock(), &mut std::io::stdout().lock(), engine)?;
            Ok(())
        }
        Command::Think {
            position,
            records,
            level,
        } => {
            let mut e = Engine::new(EngineSettings::level(level)).map_err(CliError::Internal)?;
            if let Some(path) = records {
                let text = read_records(&path.0)?.text;
                let games = parse_records(&text).map_err(CliError::BadInput)?;
                let boards = super::engine::turn_starts(games.iter().map(|g| g.stones.as_slice()));
                println!("{}", e.profile(&boards));
                return Ok(());
            }
            let b = read_position(position.as_deref().unwrap_or_default())?;
            if b.is_over() {
                return Err(CliError::BadInput(
                    "the game is over: no turn to play".into(),
                ));
            }
            println!("{}", e.think_turn(&b));
            Ok(())
        }
    }
}

/// A file of game records ([`parse_records`]): its name and its text,
/// checked.
pub struct Records {
    name: String,
    text: String,
}

fn read_records(path: &Path) -> Result<Records, CliError> {
    let text = crate::cli::read_text(path, MAX_RECORDS_TEXT as u64)?;
    parse_records(&text).map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Records { name, text })
}

/// A preset's settings by its id.
fn preset_config(preset: &str) -> Result<RunConfig, CliError> {
    super::learners::td::preset(preset).ok_or_else(|| {
        let names: Vec<&str> = presets().iter().map(|p| p.0).collect();
        CliError::BadInput(format!(
            "unknown preset {} (presets: {})",
            crate::words::quote(preset),
            names.join(", ")
        ))
    })
}

/// `selfplay connect6 train`: a preset's run (learning from the records
/// of its settings, of the file named `records`, or else by self-play), its
/// curve printed, its model written.
fn train(config: RunConfig, records: Option<&str>, out: &Path) -> Result<(), CliError> {
    let started = Instant::now();
    let mut run = Run::new(config).map_err(|e| match records {
        Some(file) => CliError::BadInput(format!("{file}: {e}")),
        None => CliError::BadInput(e),
    })?;
    match records {
        Some(file) => println!(
            "{} of {file} (learned from as they were played: no exploration, no threat-space search)",
            run.label(),
        ),
        None => println!("{}", run.label()),
    }
    println!(
        "{:>9} {:>8} {:>8} {:>9}  won/drawn/lost",
        "games", "seconds", "games/s", "score %"
    );
    let mut printed = 0;
    let mut learning = 0.0;
    while !run.is_done() {
        let t = Instant::now();
        run.train(1);
        learning += t.elapsed().as_secs_f64();
        for p in &run.curve()[printed..] {
            println!(
                "{:>9} {:>8.1} {:>8.1} {:>9.2}  {}/{}/{}",
                p.games,
                started.elapsed().as_secs_f64(),
                p.games as f64 / learning.max(1e-9),
                p.score(),
                p.wins,
                p.draws,
                p.losses
            );
        }
        printed = run.curve().len();
    }
    let mut model = DynRun::model(&run, "").map_err(CliError::Internal)?;
    model.header.train_seconds = started.elapsed().as_secs_f64();
    if let Some(file) = records {
        model.header.name = format!("{}, of {file}", run.label());
        model.header.hyper.insert(
            "records".into(),
            serde_json::json!({ "file": file, "games": run.learner().records().len() }),
        );
    }
    let bytes = crate::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
    crate::cli::write_atomic(out, &bytes)?;
    println!("wrote {}", out.display());
    Ok(())
}

/// `selfplay connect6 eval`: a model against the hand-set weights (or
/// another model).
fn eval(model: &Path, against: Option<&Path>, openings: usize) -> Result<(), CliError> {
    let load = |p: &Path| -> Result<_, CliError> {
        let m = crate::cli::read_model_of(p, Board::NAME, Board::TITLE)?;
        model_learner(&m).map_err(|e| CliError::BadInput(format!("{}: {e}", p.display())))
    };
    // The option's file is read first, so that a bad one is refused by name
    // before the model's is read.
    let b = match against {
        Some(p) => load(p)?,
        None => hand(),
    };
    let a = load(model)?;
    let set = super::learn::openings();
    let (w, d, l) = super::learn::score(&a, &b, &set[..openings]);
    let p = super::learners::td::CurvePoint {
        games: 0,
        wins: w,
        draws: d,
        losses: l,
        weights: Vec::new(),
    };
    println!(
        "{} against {}: {:.2}% ({w} won, {d} drawn, {l} lost, {} openings × 2)",
        model.display(),
        against.map_or("the hand-set weights".into(), |p| p.display().to_string()),
        p.score(),
        openings
    );
    Ok(())
}

/// A weight to three decimals, a value that rounds to zero without a sign.
fn weight(w: f64) -> String {
    let s = format!("{w:.3}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
    }
}

/// `selfplay connect6 weights`: the weights that moved most, then one
/// count's weights, hand-set and learned, by pattern and phase.
fn weights_table(path: &Path, variant: usize) -> Result<(), CliError> {
    let m = crate::cli::read_model_of(path, Board::NAME, Board::TITLE)?;
    let t = super::weights::model_table(&m)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
    let v = t.variants.len();
    let cell = |r: &crate::plugin::WeightRow, c: usize, k: usize| {
        (r.reference[c * v + k], r.learned[c * v + k])
    };
    println!("moved most ({} → learned):", t.reference);
    let moved = t.largest_changes(8);
    if moved.is_empty() {
        println!("  none: every weight is still the {} one", t.reference);
    }
    for (r, c, k) in moved {
        let row = &t.rows[r];
        if let (Some(a), Some(b)) = cell(row, c, k) {
            println!(
                "  {}: {} {}, {}: {} → {}",
                t.columns[c],
                row.group.trim_end_matches(" patterns").to_lowercase(),
                row.name,
                t.variants[k],
                weight(a),
                weight(b)
            );
        }
    }
    println!();
    print!(
        "{:<40}",
        format!("{}: {} / learned", t.variants[variant], t.reference)
    );
    for p in &t.columns {
        print!(" {p:>20}");
    }
    println!();
    let mut group = "";
    for row in &t.rows {
        if row.group != group {
            println!("{}", row.group);
            group = &row.group;
        }
        if cell(row, 0, variant).0.is_none() {
            continue;
        }
        print!("  {:<38}", row.name);
        for c in 0..t.columns.len() {
            if let (Some(a), Some(b)) = cell(row, c, variant) {
                print!(" {:>9} / {:>8}", weight(a), weight(b));
            }
        }
        println!();
    }
    Ok(())
}

/// A position from a record or a position text (one with `/`).
pub fn read_position(text: &str) -> Result<Board, CliError> {
    if text.contains('/') {
        return Ok(Board::parse_position(text.trim())?);
    }
    let mut b = Board::start();
    for p in Board::parse_transcript(text)? {
        b.try_play(p)?;
    }
    Ok(b)
}

/// `selfplay connect6 tss`: the proof, or none, and its line.
fn threat_search(
    text: &str,
    kind: &str,
    depth: u32,
    nodes: u64,
    seconds: f64,
) -> Result<(), CliError> {
    let b = read_position(text)?;
    if b.is_over() {
        return Err(CliError::BadInput(
            "the game is over: nothing to prove".into(),
        ));
    }
    let kind = if kind == "single" {
        tss::Kind::Single
    } else {
        tss::Kind::Double
    };
    let mut budget = Budget::new(Limits {
        nodes: Some(nodes),
        ms: Some(seconds * 1000.0),
        unbounded: false,
    });
    let side = if b.to_move() == Side::First {
        "Black"
    } else {
        "White"
    };
    let proof = tss::prove(&b, kind, depth, &mut budget);
    let searched = format!(
        "{} position{} in {:.2} s",
        budget.nodes(),
        if budget.nodes() == 1 { "" } else { "s" },
        budget.elapsed_ms() / 1000.0
    );
    match proof {
        tss::Proof::Win { line, turns, .. } => {
            let stones: Vec<String> = line.iter().map(|&p| format_point(p)).collect();
            // The turns of threats, then the one that makes six (the page's
            // hints count that one too: "in 2 turns").
            let how = if turns == 0 {
                "six in a row at once".to_string()
            } else {
                format!("{} of threats, then six in a row", turn_words(turns))
            };
            println!(
                "{side} wins by threats: {how} ({searched}); a line: {}",
                stones.join(" ")
            );
        }
        tss::Proof::NoWin => {
            println!(
                "no win within {} of threats ({searched})",
                turn_words(depth)
            )
        }
        tss::Proof::Unknown => println!("not settled: the limits stopped the search ({searched})"),
    }
    Ok(())
}

/// A player of a match by its name (see [`Command::Match`]).
pub fn player(name: &str) -> Result<Box<dyn Player<Board>>, String> {
    let level = |text: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|l| (1..=MAX_LEVEL).contains(l))
            .ok_or_else(|| format!("'{name}': the engine's level is 1 to {MAX_LEVEL}"))
    };
    let read = |path: &str| {
        crate::cli::read_model_of(Path::new(path), Board::NAME, Board::TITLE)
            .map_err(CliError::into_message)
            .and_then(|model| model_learner(&model))
    };
    if name.trim().starts_with("engine") && name.contains('+') {
        return Ok(Box::new(player_engine(name)?));
    }
    match name.trim() {
        "random" => Ok(Box::new(NearRandom::default())),
        "greedy" => Ok(Box::new(Greedy::default())),
        "engine" => Ok(Box::new(Engine::new(EngineSettings::default())?)),
        "hand" => Ok(Box::new(WeightsPlayer::new("hand", hand()))),
        other => match (other.strip_prefix("engine:"), other.strip_prefix("model:")) {
            (Some(l), _) => Ok(Box::new(Engine::new(EngineSettings::level(level(l)?))?)),
            (_, Some(path)) => Ok(Box::new(WeightsPlayer::new(other, read(path)?))),
            _ => Err(format!(
                "unknown player {other} (players: random, greedy, engine, engine:LEVEL with LEVEL 1 to {MAX_LEVEL}, hand, model:FILE, engine+model:FILE, engine:LEVEL+model:FILE)",
                other = crate::words::quote(other)
            )),
        },
    }
}

/// An engine by its player name: `engine`, `engine:LEVEL`, each with
/// `+hand` (the study's hand-set pattern weights) or `+model:FILE` (a
/// model's learned ones) as its evaluation.
fn player_engine(name: &str) -> Result<Engine, String> {
    let level = |text: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|l| (1..=MAX_LEVEL).contains(l))
            .ok_or_else(|| format!("'{name}': the engine's level is 1 to {MAX_LEVEL}"))
    };
    let (engine, weights) = match name.trim().split_once('+') {
        Some((e, w)) => (e, Some(w)),
        None => (name.trim(), None),
    };
    let settings = match engine {
        "engine" => EngineSettings::default(),
        e => match e.strip_prefix("engine:") {
            Some(l) => EngineSettings::level(level(l)?),
            None => return Err(format!("unknown player '{name}'")),
        },
    };
    let e = Engine::new(settings)?;
    Ok(match weights {
        None => e,
        Some("hand") => e.with_learned(hand()),
        Some(w) => match w.strip_prefix("model:") {
            Some(path) => {
                let model = crate::cli::read_model_of(Path::new(path), Board::NAME, Board::TITLE)
                    .map_err(CliError::into_message)?;
                e.with_learned(model_learner(&model)?)
            }
            None => {
                return Err(format!(
                    "'{name}': the engine's evaluation is +hand or +model:FILE"
                ))
            }
        },
    })
}

/// The openings of a file: one record a line, each checked.
pub fn read_openings(path: &Path) -> Result<Vec<Vec<Point>>, CliError> {
    let mut out = Vec::new();
    for line in crate::cli::text_lines(path, MAX_OPENINGS_BYTES)? {
        let (n, text) = line.map_err(|e| crate::cli::line_error(path, e))?;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let bad = |e: String| CliError::BadInput(format!("{}: line {n}: {e}", path.display()));
        let stones = Board::parse_transcript(text).map_err(|e| bad(e.0))?;
        let mut b = Board::start();
        for &p in &stones {
            b.try_play(p).map_err(|e| bad(e.0))?;
        }
        if b.is_over() {
            return Err(bad("the opening ends the game".into()));
        }
        out.push(stones);
    }
    if out.is_empty() {
        return Err(CliError::BadInput(format!(
            "{}: no opening (one record a line)",
            path.display()
        )));
    }
    Ok(out)
}

/// Time spent and turns played by one player of a match.
#[derive(Default)]
struct Clock {
    seconds: f64,
    turns: u64,
}

fn play_match(
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    openings: Option<&Path>,
    records_out: Option<&Path>,
) -> Result<(), CliError> {
    // Everything is checked before the first game.
    let openings = match openings {
        Some(path) => read_openings(path).map_err(|e| match e {
            CliError::BadInput(m) => CliError::BadInput(format!("--openings {m}")),
            other => other,
        })?,
        None => vec![Vec::new()],
    };
    let mut pa = player(a).map_err(CliError::BadInput)?;
    let mut pb = player(b).map_err(CliError::BadInput)?;
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(CliError::BadInput(format!(
            "--games is 1 to {MAX_GAMES}, not {games}"
        )));
    }
    println!("{a} against {b}: {games} games, seed {seed}, colours alternating");
    let mut record = Record::default();
    let mut clocks = [Clock::default(), Clock::default()];
    let mut records = String::new();
    for i in 0..games {
        let opening = &openings[(i as usize / 2) % openings.len()];
        let a_side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut rng = rng_from_seed(seed.wrapping_add(u64::from(i)));
        let mut board = Board::start();
        let mut stones: Vec<Point> = opening.clone();
        for &p in opening {
            board.play(p);
        }
        while !board.is_over() {
            let side = board.to_move();
            let (who, p) = if side == a_side {
                (0, &mut pa)
            } else {
                (1, &mut pb)
            };
            let first_of_turn = board.stones() == 0 || board.stones_left() == 2;
            let t = Instant::now();
            let stone = p.choose(&board, &mut rng);
            clocks[who].seconds += t.elapsed().as_secs_f64();
            clocks[who].turns += u64::from(first_of_turn);
            if !board.is_legal(stone) {
                return Err(CliError::Internal(format!(
                    "{} chose the illegal stone {} in {}",
                    if who == 0 { a } else { b },
                    Board::format_move(stone),
                    board.position_text()
                )));
            }
            board.play(stone);
            stones.push(stone);
        }
        let outcome = board.outcome().unwrap_or(Outcome::Draw);
        record.add(outcome, a_side);
        if records_out.is_some() {
            records.push_str(&Board::transcript(&stones));
            records.push_str(match outcome {
                Outcome::Win(Side::First) => " 1-0\n",
                Outcome::Win(Side::Second) => " 0-1\n",
                Outcome::Draw => " 1/2\n",
            });
        }
        let result = match outcome {
            Outcome::Win(s) if s == a_side => format!("{a} wins"),
            Outcome::Win(_) => format!("{b} wins"),
            Outcome::Draw => "draw".to_string(),
        };
        println!(
            "game {:>3}: {a} {}: {result} after {} stones",
            i + 1,
            if a_side == Side::First {
                "Black"
            } else {
                "White"
            },
            board.stones()
        );
    }
    println!(
        "{a}: {} wins, {} draws, {} losses against {b} ({:.0}% wins)",
        record.wins,
        record.draws,
        record.losses,
        record.win_percent()
    );
    for (name, c) in [(a, &clocks[0]), (b, &clocks[1])] {
        println!(
            "{name}: {:.3} s a turn ({} turns)",
            c.seconds / (c.turns.max(1) as f64),
            c.turns
        );
    }
    if let Some(path) = records_out {
        crate::cli::write_atomic(path, records.as_bytes())?;
        println!("wrote {games} records to {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_by_name() {
        for ok in ["random", "greedy", "engine", "engine:1", "engine:6"] {
            assert!(player(ok).is_ok(), "{ok}");
        }
        for bad in ["engine:0", "engine:7", "engine:x", "engine:", "nobody", ""] {
            assert!(player(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_weight_that_rounds_to_zero_has_no_sign() {
        assert_eq!(weight(-0.0004), "0.000");
        assert_eq!(weight(-0.0211), "-0.021");
        assert_eq!(weight(0.36), "0.360");
    }

    #[test]
    fn openings_are_checked_line_by_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("openings.txt");
        std::fs::write(&path, "# two openings\nJ10; K11 K9\n\nJ10 J9 J8\n").unwrap();
        let o = read_openings(&path).unwrap();
        assert_eq!(o.len(), 2);
        std::fs::write(&path, "J10; K11 K9\nJ10 J10\n").unwrap();
        let e = read_openings(&path).unwrap_err();
        assert!(
            matches!(&e, CliError::BadInput(m) if m.contains("line 2")),
            "{e:?}"
        );
        std::fs::write(&path, "# nothing\n").unwrap();
        assert!(read_openings(&path).is_err());
        std::fs::write(&path, vec![b'a'; MAX_OPENINGS_BYTES as usize + 1]).unwrap();
        assert!(read_openings(&path).is_err());
    }

    #[test]
    fn a_short_match_plays_its_games() {
        assert!(play_match("greedy", "random", 2, 1, None, None).is_ok());
        assert!(matches!(
            play_match("greedy", "nobody", 2, 1, None, None),
            Err(CliError::BadInput(_))
        ));
    }
}
