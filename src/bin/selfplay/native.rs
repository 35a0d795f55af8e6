//! The command line's dispatch: each game's subcommands come from its
//! plug-in entry; `bench`, `model` and `run` work for every game.

use std::process::ExitCode;

use clap::{Args, FromArgMatches, Subcommand};

use selfplay::cli::{CliError, Commands};
use selfplay::games::REGISTRY;

use crate::model;

/// The commands that are not a game's.
#[derive(Subcommand)]
enum Builtin {
    /// Speed of every game's rules, solvers and learners, and of this
    /// build's multiply-add peak (`scripts/bench.sh` runs the same
    /// measurements in wasm).
    Bench(BenchArgs),
    /// Model files of any game.
    Model {
        #[command(subcommand)]
        command: model::ModelCommand,
    },
    /// A match between two players of any game: the game's players by
    /// name (with their settings) or its model files; A's wins, draws and
    /// losses on each side, and A's score with its 95% interval.
    Match(crate::play::MatchArgs),
    /// Any kind of training run of any game, from one of its presets, as
    /// the page trains it (`selfplay run list` lists them).
    Run(crate::run::RunArgs),
    /// The page's ready-made agents: build them all, check the shipped set
    /// against its manifest, measure one model file.
    Ready {
        #[command(subcommand)]
        command: crate::ready::ReadyCommand,
    },
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

/// `selfplay bench [GAME]`: the measurements of every game, or of one.
#[derive(Args)]
struct BenchArgs {
    /// Only this game's measurements (`selfplay bench connect6`).
    pub game: Option<String>,
    /// Seconds per measurement (more than 0, at most 600).
    #[arg(long, default_value_t = 1.0, value_parser = selfplay::cli::positive(600.0))]
    pub seconds: f64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the measurements whose name contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Also the long measurements (minutes each: the whole FFO #40–#49
    /// set, …); with --only, those whose name contains it.
    #[arg(long)]
    pub long: bool,
    /// Print the rates as JSON.
    #[arg(long)]
    pub json: bool,
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let BenchArgs {
        game,
        seconds,
        seed,
        only,
        long,
        json,
    } = args;
    selfplay::bench::check_seconds(seconds).map_err(CliError::BadInput)?;
    let mut all = selfplay::bench::names();
    if long {
        all.extend(selfplay::bench::long_names());
    }
    if let Some(game) = game {
        let entry = selfplay::games::entry(&game).map_err(CliError::BadInput)?;
        let benches = entry.benches();
        let own: Vec<&str> = benches
            .suite
            .iter()
            .chain(&benches.long)
            .map(|b| b.name)
            .collect();
        all.retain(|n| own.contains(n));
        if all.is_empty() {
            return Err(CliError::BadInput(format!(
                "{} has no speed measurements{}",
                entry.info().title,
                if long {
                    ""
                } else {
                    " in the default suite (try --long)"
                }
            )));
        }
    }
    let names: Vec<&str> = all
        .iter()
        .copied()
        .filter(|n| only.as_deref().is_none_or(|o| n.contains(o)))
        .collect();
    if names.is_empty() {
        return Err(CliError::BadInput(format!(
            "no measurement's name contains {} (measurements: {}; with --long also: {})",
            selfplay::words::quote(&only.unwrap_or_default()),
            selfplay::bench::names().join(", "),
            selfplay::bench::long_names().join(", ")
        )));
    }
    let mut rates = Vec::new();
    for name in names {
        let r = selfplay::bench::run(name, seed, seconds).map_err(CliError::Internal)?;
        if !json {
            println!(
                "{:<26} {:>12} {} in {:>6.2} s: {:>12.0} {}/s",
                r.name, r.count, r.unit, r.seconds, r.per_second, r.unit
            );
            for p in &r.parts {
                let facts: Vec<String> = p.facts.iter().map(|(k, v)| format!("{k} {v}")).collect();
                println!(
                    "  {:<12} {:<32} {:>12} {} in {:>7.3} s: {:>12.0} {}/s",
                    p.name,
                    facts.join(", "),
                    p.count,
                    r.unit,
                    p.seconds,
                    p.per_second,
                    r.unit
                );
            }
        }
        rates.push(r);
    }
    if json {
        let text = serde_json::to_string(&rates).map_err(|e| CliError::Internal(e.to_string()))?;
        println!("{text}");
    }
    Ok(())
}

/// Every game's subcommands, in the registry's order: its own, or the one
/// that says it has none.
fn game_commands() -> Vec<Commands> {
    let mut own = selfplay::games::own_commands();
    REGISTRY
        .iter()
        .map(
            |entry| match own.iter().position(|c| c.command.get_name() == entry.id()) {
                Some(i) => own.remove(i),
                None => selfplay::cli::no_commands(entry.id(), entry.info().title),
            },
        )
        .collect()
}

/// The whole command line: every game's subcommands and the built-in ones
/// (the CLI walk test, `tests/cli_walk.rs`, walks this tree).
pub fn command() -> clap::Command {
    let mut cmd = clap::Command::new("selfplay")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true);
    for commands in game_commands() {
        cmd = cmd.subcommand(commands.command);
    }
    // (Set after: the derive would take the enum's own doc comment.)
    Builtin::augment_subcommands(cmd).about("Board-game agents that teach themselves")
}

fn run(matches: &clap::ArgMatches) -> Result<(), CliError> {
    let (name, sub) = matches.subcommand().expect("a subcommand is required");
    if let Some(own) = game_commands()
        .into_iter()
        .find(|c| c.command.get_name() == name)
    {
        return (own.run)(sub);
    }
    match Builtin::from_arg_matches(matches)? {
        Builtin::Bench(args) => bench(args),
        Builtin::Model { command } => model::run(command),
        Builtin::Match(args) => crate::play::run(args),
        Builtin::Run(args) => crate::run::run(args),
        Builtin::Ready { command } => crate::ready::run(command),
    }
}

/// Ends with the argument parser's message (help, version, or an error),
/// an error's quotes of the user's words cut short: a 70,000-character
/// value is not echoed whole.
fn clap_exit(e: clap::Error) -> ! {
    if e.use_stderr() {
        let text = e.render().to_string();
        if text.len() > 1000 {
            eprint!("{}", selfplay::words::shorten_quotes(&text));
            std::process::exit(e.exit_code());
        }
    }
    e.exit()
}

pub fn main() -> ExitCode {
    #[cfg(unix)]
    restore_default_sigpipe();
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => clap_exit(e),
    };
    match run(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::BadInput(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(CliError::Internal(msg)) => {
            eprintln!("internal error: {msg}");
            ExitCode::from(1)
        }
        Err(CliError::Failed(msg)) => {
            eprintln!("check failed: {msg}");
            ExitCode::from(1)
        }
    }
}
