//! What the native command line shares between games: its error type (exit
//! codes 0 success, 2 bad input, 1 internal error or a failed check) and
//! small helpers. Each game's subcommands live in its folder
//! (`src/games/<id>/cli.rs`) and are reached through its entry; the binary
//! (`src/bin/selfplay`) dispatches.
//!
//! Every command reads and writes files through the helpers of `cli/io.rs`, so that
//! each promise of docs/cli-reliability.md holds for a new command with no
//! more work: an option's path has one of the types [`InputPath`],
//! [`InputDir`], [`OutputPath`], [`OutputDir`] or [`UpdatePath`] (checked
//! when the command line is parsed, and walked by `tests/cli_walk.rs`);
//! files are read with [`read_model`], [`read_model_of`], [`read_text`],
//! [`text_lines`] or [`Input`], written with [`write_atomic`]; two outputs
//! of one command are told apart by [`check_distinct_outputs`]; a large
//! allocation an option asks for is checked by [`check_memory`]; the user's
//! words are quoted by [`quote`].

/// An error of the CLI: bad input (exit 2), a failure that is not the
/// input's fault (exit 1), or a check the command was asked to make that
/// found a difference (exit 1).
#[derive(Debug)]
pub enum CliError {
    /// What is wrong with the user's words (`error: …`, exit 2).
    BadInput(String),
    /// A failure of the program or the system (`internal error: …`, exit 1).
    Internal(String),
    /// A check asked for (`--check`, a file's expected scores) found
    /// answers that differ (`check failed: …`, exit 1).
    Failed(String),
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

/// A game's own subcommands (listed in [`crate::games::own_commands`]).
pub struct Commands {
    /// `selfplay <id>` and its subcommands.
    pub command: clap::Command,
    /// Runs a subcommand of `command`.
    pub run: RunCommand,
}

/// How a game's subcommand runs.
pub type RunCommand = Box<dyn Fn(&clap::ArgMatches) -> Result<(), CliError>>;

/// A game's subcommands from a clap `Subcommand` enum `S`, run by `run`.
pub fn game_commands<S: clap::Subcommand + clap::FromArgMatches + 'static>(
    id: &'static str,
    about: &'static str,
    run: fn(S) -> Result<(), CliError>,
) -> Commands {
    Commands {
        command: game_command::<S>(id, about),
        run: Box::new(move |matches| run(game_subcommand(matches)?)),
    }
}

/// The subcommand `selfplay <id>` of a game without commands of its own
/// (titled `title`), which says so.
pub fn no_commands(id: &'static str, title: String) -> Commands {
    Commands {
        command: clap::Command::new(id).about(format!(
            "{title}: no commands of its own yet (bench, match, model and run work for every game)."
        )),
        run: Box::new(move |_| {
            Err(CliError::BadInput(format!(
                "{title} has no commands of its own yet"
            )))
        }),
    }
}

/// Reads the subcommand of [`game_command`] back from the matches.
pub fn game_subcommand<S: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<S, CliError> {
    Ok(S::from_arg_matches(matches)?)
}

impl CliError {
    /// The message alone (for a value parser, which clap prefixes with the
    /// option and the value).
    pub fn into_message(self) -> String {
        match self {
            CliError::BadInput(m) | CliError::Internal(m) | CliError::Failed(m) => m,
        }
    }
}

pub use crate::words::{quote, QUOTE_CHARS};

mod io;
mod memory;
pub use io::*;
pub use memory::*;

// ---------------------------------------------------------------------
// Numbers of the command line, checked when it is parsed.

/// A parser of a number from `min` to `max` (both included; NaN and
/// infinities refused), for a floating-point option.
pub fn float_range(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| {
        let v: f64 = text
            .trim()
            .parse()
            .map_err(|_| "not a number".to_string())?;
        if v.is_finite() && (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(format!(
                "must be a number from {} to {}",
                crate::words::number(min),
                crate::words::number(max)
            ))
        }
    }
}

/// [`float_range`] for `f32` options.
pub fn float32_range(
    min: f32,
    max: f32,
) -> impl Fn(&str) -> Result<f32, String> + Clone + Send + Sync + 'static {
    move |text| float_range(f64::from(min), f64::from(max))(text).map(|v| v as f32)
}

/// A parser of a positive number (seconds, a constant): more than 0, at
/// most `max`.
pub fn positive(max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| {
        let v: f64 = text
            .trim()
            .parse()
            .map_err(|_| "not a number".to_string())?;
        if v.is_finite() && v > 0.0 && v <= max {
            Ok(v)
        } else {
            Err(format!(
                "must be more than 0 and at most {}",
                crate::words::number(max)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_out_of_range_is_told_its_range_short_and_the_same_way() {
        let c = positive(1e15);
        for bad in ["0", "-1", "1e308", "inf", "NaN", "2e15"] {
            assert_eq!(
                c(bad).unwrap_err(),
                "must be more than 0 and at most 1e15",
                "{bad}"
            );
        }
        assert_eq!(c("1e15"), Ok(1e15));
        assert_eq!(c("x").unwrap_err(), "not a number");
        assert_eq!(
            float_range(0.0, 1e15)("1e308").unwrap_err(),
            "must be a number from 0 to 1e15"
        );
    }
}
