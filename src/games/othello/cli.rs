//! `selfplay othello …`: perft and matches between the fixed players.

use clap::Subcommand;
use web_time::Instant;

use super::players::by_name as othello_player;
use super::Board;
use crate::arena::{play_match, MatchResult, Record};
use crate::games::othello;

use crate::cli::CliError;

#[derive(Subcommand)]
pub enum Command {
    /// Counts move sequences from the start position (forced passes are
    /// plies; finished games have no continuation), one line per depth.
    Perft {
        /// The deepest depth to count.
        depth: u32,
    },
    /// Plays a match between two fixed players (random, mvb, msb): half the
    /// games with A as black, half as white.
    Match {
        /// Player A.
        a: String,
        /// Player B.
        b: String,
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// Plies played at random at the start of each game.
        #[arg(long, default_value_t = 5)]
        random_opening: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Trains a learner (`qnet`) and writes a model file.
    Train(Box<super::cli_learn::TrainArgs>),
    /// Plays a model's greedy agent against the fixed players.
    Eval(super::cli_learn::EvalArgs),
    /// Training speed of the Q-network (QL1, 64 hidden, self-play).
    Bench(super::cli_learn::BenchArgs),
}

pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Train(a) => super::cli_learn::train(*a),
        Command::Eval(a) => super::cli_learn::eval(a),
        Command::Bench(a) => super::cli_learn::bench(a),
        Command::Perft { depth } => {
            if depth == 0 {
                return Err(CliError::BadInput("depth must be at least 1".into()));
            }
            if depth > 20 {
                return Err(CliError::BadInput(format!(
                    "depth {depth} would take years; use at most 20"
                )));
            }
            println!(
                "{:>5} {:>14} {:>10} {:>12}",
                "depth", "count", "seconds", "Mleaves/s"
            );
            for d in 1..=depth {
                let t = Instant::now();
                let n = othello::perft(&Board::start(), d);
                let s = t.elapsed().as_secs_f64();
                println!(
                    "{d:>5} {n:>14} {s:>10.3} {:>12.1}",
                    n as f64 / s.max(1e-9) / 1e6
                );
            }
            Ok(())
        }
        Command::Match {
            a,
            b,
            games,
            random_opening,
            seed,
            json,
        } => {
            let mut pa = othello_player(&a)?;
            let mut pb = othello_player(&b)?;
            let t = Instant::now();
            let r = play_match(pa.as_mut(), pb.as_mut(), games, random_opening, seed);
            let secs = t.elapsed().as_secs_f64();
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r)
                        .map_err(|e| CliError::Internal(e.to_string()))?
                );
            } else {
                print_match(&r, secs);
            }
            Ok(())
        }
    }
}

fn line(label: &str, r: &Record) {
    println!(
        "{label:<14} {:>6} {:>6} {:>6} {:>8.1}%",
        r.wins,
        r.draws,
        r.losses,
        r.win_percent()
    );
}

fn print_match(r: &MatchResult, secs: f64) {
    println!(
        "{} vs {} ({} games, {secs:.2} s)",
        r.a,
        r.b,
        r.total().games()
    );
    println!(
        "{:<14} {:>6} {:>6} {:>6} {:>9}",
        format!("{} as", r.a),
        "wins",
        "draws",
        "losses",
        "win"
    );
    line("black", &r.a_first);
    line("white", &r.a_second);
    line("total", &r.total());
}
