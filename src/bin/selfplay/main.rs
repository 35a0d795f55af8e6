//! The native command line: `selfplay <game|model> <command> [options]`.

mod model;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "selfplay",
    version,
    about = "Board-game agents that teach themselves"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Model files of any game.
    Model {
        #[command(subcommand)]
        command: model::ModelCommand,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Model { command } => model::run(command),
    };
    std::process::exit(code);
}
