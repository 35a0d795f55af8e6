//! The native command line: `selfplay <game> <command> [options]`.

mod hare_hounds;

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
    game: GameCommand,
}

#[derive(Subcommand)]
enum GameCommand {
    /// Hare and Hounds: tabular Q-learning, the study's experiments, the exact solution.
    HareHounds {
        #[command(subcommand)]
        command: hare_hounds::Command,
    },
}

/// A command's failure: bad input (exit code 2) or an internal error (1).
pub enum CliError {
    Input(String),
    Internal(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.game {
        GameCommand::HareHounds { command } => hare_hounds::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Input(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(CliError::Internal(msg)) => {
            eprintln!("internal error: {msg}");
            ExitCode::from(1)
        }
    }
}
