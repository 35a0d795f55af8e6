//! `selfplay hare-hounds ...`: solve; the learning commands
//! (experiment, train) are [`super::cli_learn`].

use clap::Subcommand;

use super::solve::Solution;
use super::HareHounds;
use crate::{Game, Side};

use crate::cli::CliError;

use super::cli_learn::{experiment, side_name, train, ExperimentArgs, TrainArgs};

#[derive(Subcommand)]
pub enum Command {
    /// Solves the game exactly: the start's value, the game length, the
    /// reachable positions, the value of each opening move, a perfect game.
    Solve,
    /// Runs one of the study's experiments (1-4; 5 = both sides learn).
    Experiment(ExperimentArgs),
    /// Trains Q-learning hounds (or a hare) and writes the table.
    Train(TrainArgs),
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
