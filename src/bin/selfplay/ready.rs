//! `selfplay ready`: the page's ready-made agents (`selfplay::ready`):
//! build them all, check the shipped set against its manifest, or measure
//! one model file the way the manifest does.

use selfplay::cli::{CliError, InputDir, InputPath, OutputDir};
use selfplay::ready::{Contender, Measure};

/// The commands of `selfplay ready`.
#[derive(clap::Subcommand)]
pub enum ReadyCommand {
    /// Trains every game's ready-made agents with their fixed seeds, keeps
    /// each run's model at its stages, measures every model and fixed
    /// player, and writes the files and manifest.json into DIR.
    Build {
        /// The folder the page serves them from (www/public/ready): an
        /// existing one, or a new one in an existing folder.
        #[arg(long)]
        out: OutputDir,
        /// Only these games (repeat for several); the manifest keeps the others.
        #[arg(long)]
        game: Vec<String>,
    },
    /// Rates the fixed players and ready-made models of DIR's manifest
    /// together on each game's ladder (the games that have one), as
    /// `build` does, without training; rewrites manifest.json.
    Rate {
        dir: InputDir,
        /// Only these games (repeat for several).
        #[arg(long)]
        game: Vec<String>,
    },
    /// Measures every file of DIR and every fixed player again, as its
    /// manifest says, and fails if a figure differs; prints the set's size.
    Check { dir: InputDir },
    /// Measures one model file against the game's fixed players: its
    /// records and score as JSON.
    Measure {
        game: String,
        file: InputPath,
        /// Games per opponent and side (1 to 100,000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Random moves that open each game (0 to 20).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
        opening: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn bad(m: impl Into<String>) -> CliError {
    CliError::BadInput(m.into())
}

/// Runs `selfplay ready`.
pub fn run(c: ReadyCommand) -> Result<(), CliError> {
    match c {
        ReadyCommand::Build { out, game } => {
            for g in &game {
                selfplay::games::entry(g).map_err(bad)?;
            }
            // Every file to write, before any training (a new folder has none).
            if out.is_dir() {
                selfplay::ready::check_build_outputs(&out, &game)?;
            }
            out.create()?;
            let m = selfplay::ready::build(&out, &game, &mut |line| println!("{line}"))
                .map_err(CliError::Internal)?;
            let (raw, gz) = selfplay::ready::sizes(&out).map_err(CliError::Internal)?;
            let n: usize = m.games.values().map(|g| g.models.len()).sum();
            println!("{n} models in {}: {raw} bytes, {gz} gzipped", out.display());
            Ok(())
        }
        ReadyCommand::Rate { dir, game } => {
            for g in &game {
                selfplay::games::entry(g).map_err(bad)?;
            }
            let m = selfplay::ready::rerate(&dir.0, &game, &mut |line| println!("{line}"))
                .map_err(bad)?;
            for (id, g) in &m.games {
                if !game.is_empty() && !game.contains(id) {
                    continue;
                }
                if let Some(l) = &g.ladder {
                    println!("{id}: rated on {} openings ({})", l.openings, l.command);
                }
            }
            Ok(())
        }
        ReadyCommand::Check { dir } => {
            let dir = dir.0;
            let wrong =
                selfplay::ready::check(&dir, &mut |line| println!("{line}")).map_err(bad)?;
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
            println!("every figure of the manifest measured again: the same");
            Ok(())
        }
        ReadyCommand::Measure {
            game,
            file,
            games,
            opening,
            seed,
        } => {
            // The file first: a bad file is named before anything else.
            let model = selfplay::cli::read_model(&file)?;
            let model =
                selfplay::games::known_model(model).map_err(|e| bad(format!("{file}: {e}")))?;
            let entry = selfplay::games::entry(&game).map_err(bad)?;
            if model.header.game.name() != entry.id() {
                return Err(bad(format!(
                    "{file}: a model of {}, not of {}",
                    model.header.game,
                    entry.info().title
                )));
            }
            let measure = Measure {
                games,
                opening,
                seed,
                opponents: selfplay::ready::opponents(entry),
                command: String::new(),
            };
            let s = selfplay::ready::strength(entry, &Contender::Model(&model), &measure)
                .map_err(|e| bad(format!("{file}: {e}")))?;
            println!(
                "{}",
                serde_json::to_string_pretty(&s).map_err(|e| CliError::Internal(e.to_string()))?
            );
            Ok(())
        }
    }
}
