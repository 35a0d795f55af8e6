//! `selfplay match <game> A B`: a match between two players of any game,
//! through its plug-in entry (its one table of players by name, or a model
//! file of the game), each game played as a rating ladder plays it.

use std::path::Path;

use clap::Args;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::SplitMix64;
use serde_json::Value;

use selfplay::arena::{MatchResult, Record};
use selfplay::cli::CliError;
use selfplay::game::Side;
use selfplay::ladder::random_openings;
use selfplay::plugin::{DynAgent, GameEntry, Training as _};
use selfplay::search::budget::Budget;

#[derive(Args)]
pub struct MatchArgs {
    /// The game (`othello`, `connect4`, … as `selfplay --help` lists them).
    pub game: String,
    /// Player A: a player's name (an unknown name lists the game's
    /// players), its settings as JSON after a colon
    /// (`perfect:{"temperature":1}`), or a model file of the game (its
    /// model's settings after a colon the same way).
    pub a: String,
    /// Player B, as A.
    pub b: String,
    /// Games (1 to 1,000,000). Where both players play both sides, A plays
    /// the first side in the even-numbered games and the second in the odd.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random moves before each game (0 to 40): distinct openings made by
    /// the game's random player from the seed, each played twice (once
    /// with each order of sides, where both players play both). 0: every
    /// game from the start.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub plies: u32,
}

/// A player of the command line and the sides it can play.
struct Seat {
    name: String,
    agent: Box<dyn DynAgent>,
    sides: [bool; 2],
}

/// The player `spec` names: `name`, `name:{settings}` or a model file
/// (`FILE` or `FILE:{settings}`) of `entry`'s game.
fn seat(entry: &dyn GameEntry, spec: &str) -> Result<Seat, CliError> {
    let spec = spec.trim();
    let (name, settings) = match spec.find(":{") {
        Some(i) => (&spec[..i], &spec[i + 1..]),
        None => (spec, ""),
    };
    let settings: Value = if settings.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(settings).map_err(|e| {
            CliError::BadInput(format!(
                "{}: the settings are not JSON ({e})",
                selfplay::cli::quote(spec)
            ))
        })?
    };
    let is_player = entry.players().iter().any(|p| p.info.id == name);
    if !is_player && Path::new(name).exists() {
        let title = entry.info().title;
        let model = selfplay::cli::read_model_of(Path::new(name), entry.id(), &title)?;
        let side = entry
            .describe_model(&model)
            .map_err(CliError::BadInput)?
            .side;
        let agent = entry
            .agent("model", &settings, Some(&model))
            .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        let sides = match side {
            Some(s) => [s == 0, s == 1],
            None => [true, true],
        };
        return Ok(Seat {
            name: name.to_string(),
            agent,
            sides,
        });
    }
    let agent = entry
        .agent(name, &settings, None)
        .map_err(CliError::BadInput)?;
    let sides = entry
        .players()
        .iter()
        .find(|p| p.info.id == name)
        .map_or([true, true], |p| p.info.sides);
    Ok(Seat {
        name: spec.to_string(),
        agent,
        sides,
    })
}

/// Whether A plays the first side in game `i`: alternately where both
/// orders of sides are possible, else always the one that is.
fn a_first(a: &Seat, b: &Seat, i: u64) -> Result<bool, CliError> {
    let a_first_ok = a.sides[0] && b.sides[1];
    let a_second_ok = a.sides[1] && b.sides[0];
    match (a_first_ok, a_second_ok) {
        (true, true) => Ok(i % 2 == 0),
        (true, false) => Ok(true),
        (false, true) => Ok(false),
        (false, false) => Err(CliError::BadInput(format!(
            "{} and {} cannot play each other: each plays only the same side",
            a.name, b.name
        ))),
    }
}

pub fn run(args: MatchArgs) -> Result<(), CliError> {
    let entry = selfplay::games::entry(&args.game).map_err(CliError::BadInput)?;
    let info = entry.info();
    let mut a = seat(entry, &args.a)?;
    let mut b = seat(entry, &args.b)?;
    a_first(&a, &b, 0)?;
    let openings = if args.plies == 0 {
        vec![String::new()]
    } else {
        let wanted = args.games.div_ceil(2) as usize;
        let list = random_openings(entry, wanted, args.plies, args.seed);
        if list.is_empty() {
            return Err(CliError::BadInput(format!(
                "{} has no position {} moves from the start with the game still going",
                info.title, args.plies
            )));
        }
        list
    };
    let t = web_time::Instant::now();
    let mut result = MatchResult {
        a: a.name.clone(),
        b: b.name.clone(),
        ..MatchResult::default()
    };
    let mut moves = 0u64;
    let mut ends = std::collections::BTreeMap::new();
    // Each game its own seed, drawn from the match's: games from the same
    // opening differ, and no two games share a move's random numbers.
    let mut seeds = SplitMix64::seed_from_u64(args.seed);
    for i in 0..args.games {
        let first = a_first(&a, &b, i)?;
        let opening = if args.plies == 0 {
            0
        } else {
            (i / 2) as usize % openings.len()
        };
        let seed = seeds.next_u64();
        let (one, two) = if first {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let (first_score, end, plies) = play(entry, &openings[opening], one, two, seed)
            .map_err(|e| CliError::Internal(format!("game {}: {e}", i + 1)))?;
        moves += plies;
        *ends.entry(end).or_insert(0u64) += 1;
        let (record, score) = if first {
            (&mut result.a_first, first_score)
        } else {
            (&mut result.a_second, 1.0 - first_score)
        };
        if score == 1.0 {
            record.wins += 1;
        } else if score == 0.0 {
            record.losses += 1;
        } else {
            record.draws += 1;
        }
    }
    print(&info.sides, &result, t.elapsed().as_secs_f64());
    println!("{:.1} moves a game", moves as f64 / args.games as f64);
    // How the games ended, where they end in a few ways only.
    if ends.len() <= MAX_ENDS {
        for (end, n) in ends {
            println!("{n:>8}  {end}");
        }
    }
    Ok(())
}

/// How many different endings the table lists at the most.
const MAX_ENDS: usize = 6;

/// One game from `opening`: `first` plays the first side. Each move's
/// random numbers come from `seed` and the ply. Returns the first
/// player's score (1, 0.5 or 0), the ending in words and the moves played.
fn play(
    entry: &dyn GameEntry,
    opening: &str,
    first: &mut Seat,
    second: &mut Seat,
    seed: u64,
) -> Result<(f64, String, u64), String> {
    let mut session = entry.new_session();
    session
        .load_transcript(opening)
        .map_err(|e| format!("opening {opening}: {}", e.0))?;
    let mut ply: u64 = 0;
    while !session.is_over() {
        let move_seed = seed ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let position = session.position();
        let seat = match session.to_move() {
            Side::First => &mut *first,
            Side::Second => &mut *second,
        };
        let thought = seat
            .agent
            .think(&position, move_seed, &mut Budget::unlimited())
            .map_err(|e| format!("{}: {e}", seat.name))?;
        session
            .play(&thought.text)
            .map_err(|e| format!("{} played {}: {e}", seat.name, thought.text))?;
        ply += 1;
    }
    let outcome = session
        .state()
        .outcome
        .ok_or("the game ended without an outcome")?;
    let score = match outcome.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Ok((score, outcome.text, ply))
}

/// The match's table: A's record on each side and in all, and A's score
/// with its 95% interval.
fn print(sides: &[String; 2], r: &MatchResult, secs: f64) {
    let total = r.total();
    println!("{} vs {} ({} games, {secs:.2} s)", r.a, r.b, total.games());
    println!(
        "{:<18} {:>6} {:>6} {:>6} {:>9}",
        "A as", "wins", "draws", "losses", "win"
    );
    let line = |label: &str, rec: &Record| {
        if rec.games() > 0 {
            println!(
                "{label:<18} {:>6} {:>6} {:>6} {:>8.1}%",
                rec.wins,
                rec.draws,
                rec.losses,
                rec.win_percent()
            );
        }
    };
    line(&sides[0].to_lowercase(), &r.a_first);
    line(&sides[1].to_lowercase(), &r.a_second);
    line("total", &total);
    let (score, half) = score_interval(&total);
    if half.is_nan() {
        // One game gives no interval.
        println!("A's score {score:.3} (one game: no interval; a win 1, a draw 0.5)");
    } else {
        println!("A's score {score:.3} ± {half:.3} (95%; a win 1, a draw 0.5)");
    }
}

/// A player's mean score over `r`'s games and the half-width of its 95%
/// interval (normal approximation).
fn score_interval(r: &Record) -> (f64, f64) {
    let n = f64::from(r.games());
    let scores = [(1.0, r.wins), (0.5, r.draws), (0.0, r.losses)];
    let mean = scores.iter().map(|(s, k)| s * f64::from(*k)).sum::<f64>() / n;
    if r.games() < 2 {
        return (mean, f64::NAN);
    }
    let var = scores
        .iter()
        .map(|(s, k)| (s - mean).powi(2) * f64::from(*k))
        .sum::<f64>()
        / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}
