//! What the native command line shares between games: its error type (exit
//! codes 0 success, 2 bad input, 1 internal error) and small helpers. Each
//! game's subcommands live in its folder (`src/games/<id>/cli.rs`) and are
//! reached through its entry; the binary (`src/bin/selfplay`) dispatches.

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

impl From<crate::MoveError> for CliError {
    fn from(e: crate::MoveError) -> Self {
        CliError::BadInput(e.0)
    }
}

impl From<clap::Error> for CliError {
    fn from(e: clap::Error) -> Self {
        CliError::BadInput(e.to_string())
    }
}

/// The subcommand of a game, built from a clap `Subcommand` enum.
pub fn game_command<S: clap::Subcommand>(id: &'static str, about: &'static str) -> clap::Command {
    S::augment_subcommands(
        clap::Command::new(id)
            .about(about)
            .subcommand_required(true)
            .arg_required_else_help(true),
    )
}

/// Reads the subcommand of [`game_command`] back from the matches.
pub fn game_subcommand<S: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<S, CliError> {
    Ok(S::from_arg_matches(matches)?)
}
