//! `selfplay connect4 ...`: solve files of positions, run the study's
//! Q-learning experiments.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use web_time::Instant;

use super::batch::{parse_line, solve_line};
use super::experiments::{greedy_record, preset, Run};
use super::solver::{Mode, Solver};
use crate::cli::CliError;
use crate::game::rng_from_seed;
use crate::learn::q_table::QTable;
use crate::plugin::run::thousands;

#[derive(Subcommand)]
pub enum Command {
    /// Solves a file of positions (`-`: standard input), one line
    /// `<moves> [<score>]` each: prints `<moves> <score> <nodes> <µs>` per
    /// position, the moves as 1-based columns from the empty board.
    Solve(SolveArgs),
    /// Runs one of the study's experiments: 1 survive the stupid player,
    /// 2 beat the random player.
    Experiment(ExperimentArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// The file of positions.
    pub file: String,
    /// Win/draw/loss only (1, 0, -1): faster.
    #[arg(long)]
    pub weak: bool,
    /// Check each score against the one given on its line; exit 1 at the
    /// first that differs.
    #[arg(long)]
    pub check: bool,
}

#[derive(Args)]
pub struct ExperimentArgs {
    /// 1: survive the stupid player (ε 0–5%); 2: beat the random player
    /// (ε 0–30%).
    pub number: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Override the number of learning games of every run.
    #[arg(long)]
    pub games: Option<u64>,
    /// Only these runs (0-based indices, comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub runs: Vec<usize>,
    /// Greedy games (learning off) against the opponent after each run.
    #[arg(long, default_value_t = 1_000)]
    pub eval: u32,
    /// Positions solved for the share of optimal moves (0: none).
    #[arg(long)]
    pub sample: Option<u32>,
    /// Write the learned table as a model file; with several runs, each
    /// run's file gets `-e<ε%>` before the extension.
    #[arg(long)]
    pub out: Option<String>,
    /// Print every curve point (else about ten per run).
    #[arg(long)]
    pub full: bool,
}

pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Solve(a) => solve(a),
        Command::Experiment(a) => experiment(a),
    }
}

fn solve(a: SolveArgs) -> Result<(), CliError> {
    let mode = if a.weak { Mode::Weak } else { Mode::Strong };
    let input: Box<dyn BufRead> = if a.file == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(&a.file)
            .map_err(|e| CliError::BadInput(format!("cannot open {}: {e}", a.file)))?;
        Box::new(std::io::BufReader::new(f))
    };
    let mut solver = Solver::with_book();
    let out = std::io::stdout();
    let mut out = out.lock();
    for (i, line) in input.lines().enumerate() {
        let line =
            line.map_err(|e| CliError::BadInput(format!("{}: line {}: {e}", a.file, i + 1)))?;
        let input =
            parse_line(i + 1, &line).map_err(|e| CliError::BadInput(format!("{}: {e}", a.file)))?;
        let Some(input) = input else { continue };
        let r = solve_line(&mut solver, &input, mode);
        writeln!(out, "{}", r.to_line())?;
        if a.check && r.agrees(mode) == Some(false) {
            return Err(CliError::Internal(format!(
                "{}: line {}: score {} differs from the given {}",
                a.file,
                r.line,
                r.score,
                r.expected.unwrap_or_default()
            )));
        }
    }
    Ok(())
}

/// `out` with `-e<pct>` before the extension.
fn run_path(out: &str, epsilon: f32, several: bool) -> PathBuf {
    let path = Path::new(out);
    if !several {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pct = (epsilon * 100.0).round() as u32;
    let name = match path.extension() {
        Some(ext) => format!("{stem}-e{pct}.{}", ext.to_string_lossy()),
        None => format!("{stem}-e{pct}"),
    };
    path.with_file_name(name)
}

fn experiment(a: ExperimentArgs) -> Result<(), CliError> {
    let mut configs = preset(a.number, a.seed).map_err(CliError::BadInput)?;
    if !a.runs.is_empty() {
        if let Some(&bad) = a.runs.iter().find(|&&i| i >= configs.len()) {
            return Err(CliError::BadInput(format!(
                "experiment {} has runs 0 to {}, not {bad}",
                a.number,
                configs.len() - 1
            )));
        }
        configs = a.runs.iter().map(|&i| configs[i].clone()).collect();
    }
    for c in &mut configs {
        if let Some(g) = a.games {
            if g == 0 {
                return Err(CliError::BadInput("--games must be at least 1".into()));
            }
            c.total_games = g;
        }
        if let Some(s) = a.sample {
            c.perfect_sample = s;
        }
    }
    let several = configs.len() > 1;
    if let Some(out) = &a.out {
        for c in &configs {
            crate::cli::check_output(&run_path(out, c.learner.epsilon, several))?;
        }
    }
    let first = &configs[0];
    println!(
        "Experiment {}: against the {} player, rewards win {} draw {} loss {}, α {} γ {}, {} games a run, a point every {} games",
        a.number,
        first.opponent.label(),
        first.rewards.win,
        first.rewards.draw,
        first.rewards.loss,
        first.learner.alpha,
        first.learner.gamma,
        thousands(first.total_games),
        thousands(u64::from(first.block_games)),
    );
    for c in configs {
        let start = Instant::now();
        let mut run = Run::new(c.clone()).map_err(CliError::BadInput)?;
        let setup = start.elapsed().as_secs_f64();
        let start = Instant::now();
        run.run_to_end();
        let seconds = start.elapsed().as_secs_f64();
        println!();
        println!(
            "{} (seed {}): {} games in {seconds:.1} s ({:.0} games/s; sample solved in {setup:.1} s)",
            c.label,
            c.seed,
            thousands(run.games()),
            run.games() as f64 / seconds.max(1e-9)
        );
        println!("  games       moves   win%  draw%  loss%  optimal%   cells        MB");
        let curve = run.curve();
        let stride = if a.full {
            1
        } else {
            curve.len().div_ceil(10).max(1)
        };
        for (i, p) in curve.iter().enumerate() {
            if i % stride != 0 && i + 1 != curve.len() {
                continue;
            }
            let pc = |n: u32| 100.0 * f64::from(n) / f64::from(p.block.max(1));
            println!(
                "  {:>9}  {:>6.2}  {:>5.1}  {:>5.1}  {:>5.1}  {:>8}  {:>10}  {:>8.1}",
                p.games,
                p.moves,
                pc(p.wins),
                pc(p.draws),
                pc(p.losses),
                p.optimal.map_or("-".into(), |o| format!("{o:.1}")),
                p.entries,
                p.bytes as f64 / 1e6
            );
        }
        let t = run.learner().table();
        if a.eval > 0 {
            let mut opponent = c.opponent.player();
            let mut rng = rng_from_seed(c.seed ^ 0xe7a1);
            let (w, d, l) = greedy_record(run.learner(), opponent.as_mut(), a.eval, &mut rng);
            println!(
                "  greedy (learning off) against the {} player: {w} wins, {d} draws, {l} losses of {}",
                c.opponent.label(),
                a.eval
            );
        }
        println!(
            "  table: {} cells, {} bytes ({:.1} MB)",
            thousands(t.entries() as u64),
            thousands(t.bytes() as u64),
            t.bytes() as f64 / 1e6
        );
        if let Some(out) = &a.out {
            let path = run_path(out, c.learner.epsilon, several);
            let model = run.model(&c.label).map_err(CliError::Internal)?;
            let bytes =
                crate::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
            crate::cli::write_atomic(&path, &bytes)?;
            println!("  model written to {}", path.display());
        }
    }
    Ok(())
}
