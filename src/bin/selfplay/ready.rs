//! `selfplay ready`: the page's ready-made agents and the ladder that rates
//! them (`selfplay::ready`): build them all, rate every game's ladder
//! again, check the shipped set against its manifest, or rate one model
//! file on its game's shipped ladder.

use selfplay::cli::{CliError, InputDir, InputPath, OutputDir};
use selfplay::ready::Play;

/// How the ladders' games are played.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Games played at once, each on a thread of its own (1 to 64).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
}

/// The commands of `selfplay ready`.
#[derive(clap::Subcommand)]
pub enum ReadyCommand {
    /// Trains every game's ready-made agents with their fixed seeds, keeps
    /// each run's model at its stages, rates them with the game's own
    /// players on its ladder, and writes the files, the ladders' tables of
    /// games and manifest.json into DIR.
    Build {
        /// The folder the page serves them from (www/public/ready): an
        /// existing one, or a new one in an existing folder.
        #[arg(long)]
        out: OutputDir,
        /// Only these games (repeat for several); the manifest keeps the others.
        #[arg(long)]
        game: Vec<String>,
        #[command(flatten)]
        play: PlayArgs,
    },
    /// Plays every game's ladder again (the game's own players and the
    /// ready-made models of DIR's manifest) and writes its table of games
    /// and the ratings into DIR, without training.
    Rate {
        dir: InputDir,
        /// Only these games (repeat for several).
        #[arg(long)]
        game: Vec<String>,
        #[command(flatten)]
        play: PlayArgs,
        /// Keep the games of an interrupted rating, or of the table written
        /// last (same players, files and openings), and play only the others.
        #[arg(long)]
        resume: bool,
    },
    /// Checks DIR against its manifest: the model files, every ladder's
    /// table of games fitted again to the manifest's ratings, and some of
    /// its games played again to the same scores; prints the set's size.
    Check {
        dir: InputDir,
        /// Games of each ladder played again, spread over its table (0 to
        /// 1,000,000).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        replay: u32,
    },
    /// Rates one model file on its game's ladder as shipped in DIR: it
    /// plays every player of the ladder as they played each other, and is
    /// rated with the shipped games (its Elo and 95% interval).
    Measure {
        dir: InputDir,
        file: InputPath,
        #[command(flatten)]
        play: PlayArgs,
    },
}

fn bad(m: impl Into<String>) -> CliError {
    CliError::BadInput(m.into())
}

fn log(line: &str) {
    println!("{line}");
}

/// Runs `selfplay ready`.
pub fn run(c: ReadyCommand) -> Result<(), CliError> {
    match c {
        ReadyCommand::Build { out, game, play } => {
            for g in &game {
                selfplay::games::entry(g).map_err(bad)?;
            }
            // Every file to write, before any training (a new folder has none).
            if out.is_dir() {
                selfplay::ready::check_build_outputs(&out, &game)?;
            }
            out.create()?;
            let play = Play {
                threads: play.threads.into(),
                resume: false,
            };
            let m =
                selfplay::ready::build(&out, &game, play, &mut log).map_err(CliError::Internal)?;
            let (raw, gz) = selfplay::ready::sizes(&out).map_err(CliError::Internal)?;
            let n: usize = m.games.values().map(|g| g.models.len()).sum();
            println!("{n} models in {}: {raw} bytes, {gz} gzipped", out.display());
            Ok(())
        }
        ReadyCommand::Rate {
            dir,
            game,
            play,
            resume,
        } => {
            for g in &game {
                selfplay::games::entry(g).map_err(bad)?;
            }
            let play = Play {
                threads: play.threads.into(),
                resume,
            };
            let m = selfplay::ready::rate_all(&dir.0, &game, play, &mut log).map_err(bad)?;
            for (id, g) in &m.games {
                if !game.is_empty() && !game.contains(id) {
                    continue;
                }
                if let Some(l) = &g.ladder {
                    println!(
                        "{id}: {} seats rated on {} openings, table {}",
                        l.seats.len(),
                        l.openings,
                        l.table
                    );
                    println!("  {:>6}   {:<4} {:<12} seat", "Elo", "±", "lead ±");
                    for s in &l.seats {
                        let below = s.below.map_or(String::new(), |b| format!("{b}"));
                        println!(
                            "  {:>6} ± {:<4} {:<12} {}",
                            s.elo, s.interval, below, s.name
                        );
                    }
                }
            }
            Ok(())
        }
        ReadyCommand::Check { dir, replay } => {
            let dir = dir.0;
            let wrong = selfplay::ready::check(&dir, replay as usize, &mut log).map_err(bad)?;
            let (raw, gz) = selfplay::ready::sizes(&dir).map_err(bad)?;
            println!(
                "{}: {raw} bytes, {gz} gzipped (budget {})",
                dir.display(),
                selfplay::ready::BUDGET_GZIPPED
            );
            if !wrong.is_empty() {
                return Err(CliError::Failed(format!(
                    "{} figures differ from the manifest:\n{}",
                    wrong.len(),
                    wrong.join("\n")
                )));
            }
            if gz > selfplay::ready::BUDGET_GZIPPED {
                return Err(CliError::Failed(format!(
                    "the set is {gz} bytes gzipped, over the budget of {}",
                    selfplay::ready::BUDGET_GZIPPED
                )));
            }
            println!("every ladder's ratings fitted again, and its games played again: the same");
            Ok(())
        }
        ReadyCommand::Measure { dir, file, play } => {
            // The file first: a bad file is named before anything else.
            let model = selfplay::cli::read_model(&file)?;
            let model =
                selfplay::games::known_model(model).map_err(|e| bad(format!("{file}: {e}")))?;
            let name = file.to_string();
            let play = Play {
                threads: play.threads.into(),
                resume: false,
            };
            let (r, anchor) = selfplay::ready::rate_file(&dir.0, &model, &name, play, &mut log)
                .map_err(|e| bad(format!("{file}: {e}")))?;
            println!(
                "{name}: {:.0} ± {:.0} Elo ({anchor} is 0), {} games, {} points",
                r.elo, r.interval, r.games, r.score
            );
            Ok(())
        }
    }
}
