//! `selfplay hare-hounds ...`: solve, match, bench; the learning commands
//! (experiment, train) are [`super::cli_learn`].

use std::sync::Arc;

use clap::{Args, Subcommand};

use super::players::{PerfectPlayer, SimpleHare};
use super::solve::Solution;
use super::HareHounds;
use crate::arena::play_counted_game;
use crate::players::RandomPlayer;
use crate::{rng_from_seed, Game, Player, Side};

use crate::cli::CliError;

use super::cli_learn::{experiment, read_model, side_name, train, ExperimentArgs, TrainArgs};

#[derive(Subcommand)]
pub enum Command {
    /// Solves the game exactly: the start's value, the game length, the
    /// reachable positions, the value of each opening move, a perfect game.
    Solve,
    /// Runs one of the study's experiments (1-4; 5 = both sides learn).
    Experiment(ExperimentArgs),
    /// Trains Q-learning hounds (or a hare) and writes the table.
    Train(TrainArgs),
    /// Plays hounds against a hare and reports the hounds' record.
    Match(MatchArgs),
    /// Measures random games, learning games and the solver (native speed).
    Bench {
        /// Seconds per measurement (more than 0, at most 600).
        #[arg(long, default_value_t = 1.0, value_parser = crate::cli::positive(600.0))]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Args)]
pub struct MatchArgs {
    /// random, perfect, or a model file written by `train`.
    #[arg(long, default_value = "random")]
    pub hounds: String,
    /// random, simple, perfect, or a model file written by `train`.
    #[arg(long, default_value = "random")]
    pub hare: String,
    /// Games (1 to 1,000,000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The game's own subcommands, `selfplay <id> …` (listed in the
/// registry, [`crate::games::own_commands`]).
pub fn commands() -> crate::cli::Commands {
    let commands = crate::cli::game_commands(
        HareHounds::NAME,
        "Hare and Hounds: tabular Q-learning, the study's experiments, the exact solution.",
        run,
    );
    // The name before the id was the command's name too.
    crate::cli::Commands {
        command: commands.command.visible_alias("hare-hounds"),
        ..commands
    }
}

pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Solve => solve(),
        Command::Experiment(a) => experiment(a),
        Command::Train(a) => train(a),
        Command::Match(a) => play_match(a),
        Command::Bench { seconds, seed } => bench(seconds, seed),
    }
}

fn solve() -> Result<(), CliError> {
    let t = web_time::Instant::now();
    let s = Solution::solve();
    let elapsed = t.elapsed();
    let start = HareHounds::start();
    let v = s.value(&start);
    println!(
        "start position: {} win with perfect play; the game lasts {} plies ({} hound moves, {} hare moves)",
        side_name(v.winner),
        v.plies,
        v.plies.div_ceil(2),
        v.plies / 2
    );
    for side in Side::BOTH {
        let r = s.reachable(side);
        let won = r.iter().filter(|g| s.value(g).winner == side).count();
        println!(
            "reachable non-final positions with the {} to move: {} ({} won by the {})",
            side_name(side),
            r.len(),
            won,
            side_name(side)
        );
    }
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    println!("opening moves:");
    for m in &moves {
        let c = s.value_after(&start, *m);
        println!(
            "  {m}: {} win in {} more plies",
            side_name(c.winner),
            c.plies
        );
    }
    // a perfect game: first optimal move each time (deterministic)
    let mut g = start;
    let mut line = Vec::new();
    while !g.is_over() {
        s.best_moves(&g, &mut moves);
        let m = moves[0];
        line.push(m.to_string());
        g.play(m);
    }
    println!(
        "a perfect game: {} ({})",
        line.join(" "),
        g.end().map(|e| e.describe()).unwrap_or("")
    );
    println!("solved in {:.1} ms", elapsed.as_secs_f64() * 1000.0);
    Ok(())
}

/// A player from its name or a Q-table file, for `side`.
/// A player from the command line: a fixed player's name or a model file
/// of that side.
fn load_player(
    spec: &str,
    side: Side,
    solution: &Arc<Solution>,
) -> Result<Box<dyn Player<HareHounds>>, CliError> {
    Ok(match spec {
        "random" => Box::new(RandomPlayer::new()),
        "perfect" => Box::new(PerfectPlayer::new(solution.clone())),
        "simple" if side == Side::Second => Box::new(SimpleHare::new()),
        "simple" => {
            return Err(CliError::BadInput(
                "the simple player is a hare strategy; the hounds cannot use it".into(),
            ))
        }
        path if !std::path::Path::new(path).exists() => {
            let names = match side {
                Side::First => "random, perfect",
                Side::Second => "random, simple, perfect",
            };
            return Err(CliError::BadInput(format!(
                "{} is neither a player ({names}) nor a model file",
                crate::words::quote(path)
            )));
        }
        path => {
            let l = read_model(path)?;
            if l.side() != side {
                return Err(CliError::BadInput(format!(
                    "{path} is a table for the {}, not the {}",
                    side_name(l.side()),
                    side_name(side)
                )));
            }
            Box::new(l)
        }
    })
}

fn play_match(a: MatchArgs) -> Result<(), CliError> {
    let solution = Arc::new(Solution::solve());
    let mut hounds = load_player(&a.hounds, Side::First, &solution)?;
    let mut hare = load_player(&a.hare, Side::Second, &solution)?;
    let mut rng = rng_from_seed(a.seed);
    let start = HareHounds::start();
    let mut ends = std::collections::BTreeMap::new();
    let mut wins = 0;
    let mut plies = 0u64;
    for _ in 0..a.games {
        let (g, n) = play_counted_game(&start, hounds.as_mut(), hare.as_mut(), 0, &mut rng);
        plies += u64::from(n);
        let end = g.end().expect("over");
        if end.winner() == Side::First {
            wins += 1;
        }
        *ends.entry(end.describe()).or_insert(0) += 1;
    }
    println!(
        "hounds {} vs hare {}: the hounds won {wins} of {} games ({:.1}%), {:.1} plies per game",
        a.hounds,
        a.hare,
        a.games,
        100.0 * f64::from(wins) / f64::from(a.games.max(1)),
        plies as f64 / f64::from(a.games.max(1))
    );
    for (e, n) in ends {
        println!("  {e}: {n}");
    }
    Ok(())
}

fn bench(seconds: f64, seed: u64) -> Result<(), CliError> {
    use super::bench;
    for r in [
        bench::random_games(seed, seconds),
        bench::q_learning(seed, seconds),
        bench::solve(seed, seconds),
    ] {
        println!(
            "{:<26} {:>12} {} in {:>6.2} s: {:>12.0} {}/s",
            r.name, r.count, r.unit, r.seconds, r.per_second, r.unit
        );
    }
    Ok(())
}
