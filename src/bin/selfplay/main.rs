//! `selfplay`: the native command line. Shaped `selfplay <game> <command>`,
//! so that every figure in the README has a command that reproduces it.
//!
//! Exit codes: 0 success, 2 bad input (with a message), 1 internal error.

mod hare_hounds;
mod model;
mod othello;
mod othello_learn;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "selfplay",
    version,
    about = "Board-game agents that teach themselves"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Hare and Hounds: tabular Q-learning, the study's experiments, the exact solution.
    #[command(subcommand)]
    HareHounds(hare_hounds::Command),
    /// Othello / Reversi.
    #[command(subcommand)]
    Othello(othello::Command),
    /// Speed of the rules, the Hare and Hounds solver and its tabular
    /// learner (`scripts/bench.sh` runs the same measurements in wasm).
    Bench {
        /// Seconds per measurement.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the rates as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Model files of any game.
    Model {
        #[command(subcommand)]
        command: model::ModelCommand,
    },
}

/// An error of the CLI: bad input (exit 2) or an internal failure (exit 1).
#[derive(Debug)]
pub enum CliError {
    BadInput(String),
    Internal(String),
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Internal(e.to_string())
    }
}

impl From<selfplay::MoveError> for CliError {
    fn from(e: selfplay::MoveError) -> Self {
        CliError::BadInput(e.0)
    }
}

/// Output piped into a program that stops reading (`selfplay … | head`) ends
/// the process quietly, as other command-line tools do, instead of failing on
/// the next write.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called first thing in `main`, before any other thread exists;
    // SIG_DFL is a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn bench(seconds: f64, seed: u64, json: bool) -> Result<(), CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 600.0) {
        return Err(CliError::BadInput(
            "--seconds must be between 0 and 600".into(),
        ));
    }
    let rates = selfplay::bench::rules_suite(seed, seconds);
    if json {
        let text = serde_json::to_string(&rates).map_err(|e| CliError::Internal(e.to_string()))?;
        println!("{text}");
    } else {
        for r in rates {
            println!(
                "{:<26} {:>12} {} in {:>6.2} s: {:>12.0} {}/s",
                r.name, r.count, r.unit, r.seconds, r.per_second, r.unit
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    #[cfg(unix)]
    restore_default_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::HareHounds(cmd) => hare_hounds::run(cmd),
        Command::Othello(cmd) => othello::run(cmd),
        Command::Model { command } => model::run(command),
        Command::Bench {
            seconds,
            seed,
            json,
        } => bench(seconds, seed, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::BadInput(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(CliError::Internal(msg)) => {
            eprintln!("internal error: {msg}");
            ExitCode::from(1)
        }
    }
}
