//! `selfplay connect4 ...`: solve files of positions, run the study's
//! Q-learning experiments.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use web_time::Instant;

use super::batch::{bench_file, parse_line, solve_line, Selection, BENCH_SETS};
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
    /// Times the solver on files of positions (by default the benchmark
    /// sets of tests/data/connect4/): per file, the mean wall-clock and CPU
    /// time and the mean nodes per position, and the positions whose score
    /// differs from the file's. The table is cleared before each file and
    /// kept from one position to the next.
    Bench(BenchArgs),
    /// Builds an opening book with the solver: the exact score of every
    /// position of --from to --depth discs (one of each mirror pair), as
    /// `<moves> <score>` lines. The built-in book is
    /// `book --from 2 --depth D --out src/games/connect4/opening_book.txt`.
    Book(BookArgs),
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
pub struct BenchArgs {
    /// The files (default: the six sets of tests/data/connect4/, easiest
    /// first).
    pub files: Vec<String>,
    /// Win/draw/loss only.
    #[arg(long)]
    pub weak: bool,
    /// Only every N-th position of each file.
    #[arg(long, default_value_t = 1)]
    pub step: usize,
    /// At most N positions of each file (after --step).
    #[arg(long)]
    pub limit: Option<usize>,
    /// With the built-in opening book.
    #[arg(long)]
    pub book: bool,
    /// One JSON object per file instead of the table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
pub struct BookArgs {
    /// The deepest positions (number of discs); these are solved, the
    /// shallower ones follow from them.
    #[arg(long)]
    pub depth: u32,
    /// The shallowest positions written.
    #[arg(long, default_value_t = 0)]
    pub from: u32,
    /// The file to write (else standard output).
    #[arg(long)]
    pub out: Option<String>,
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
        Command::Bench(a) => bench(a),
        Command::Book(a) => book(a),
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

fn book(a: BookArgs) -> Result<(), CliError> {
    if a.from > a.depth {
        return Err(CliError::BadInput(format!(
            "--from {} is deeper than --depth {}",
            a.from, a.depth
        )));
    }
    let mut solver = Solver::with_book();
    let start = Instant::now();
    let mut done = 0;
    let lines = super::book::generate(a.from, a.depth, &mut solver, |moves, score| {
        done += 1;
        eprintln!(
            "{done:>6} {moves} {score} ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
    });
    let mut text = format!(
        "# Connect Four opening book: every position of {} to {} discs (one of each\n\
         # mirror pair), `<moves> <score>`. Written by\n\
         # `selfplay connect4 book --from {} --depth {}`.\n",
        a.from, a.depth, a.from, a.depth
    );
    for l in lines {
        text.push_str(&l);
        text.push('\n');
    }
    match &a.out {
        Some(path) => crate::cli::write_atomic(Path::new(path), text.as_bytes())?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

fn bench(a: BenchArgs) -> Result<(), CliError> {
    let mode = if a.weak { Mode::Weak } else { Mode::Strong };
    let files: Vec<String> = if a.files.is_empty() {
        BENCH_SETS
            .iter()
            .map(|(f, _)| format!("tests/data/connect4/{f}"))
            .collect()
    } else {
        a.files.clone()
    };
    let mut solver = if a.book {
        Solver::with_book()
    } else {
        Solver::new()
    };
    let selection = Selection {
        step: a.step.max(1),
        limit: a.limit,
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut wrong = 0;
    if !a.json {
        writeln!(
            out,
            "{:<25} {:<6} {:>9} {:>13} {:>13} {:>14} {:>6}",
            "file", "mode", "positions", "mean µs", "mean cpu µs", "mean nodes", "wrong"
        )?;
    }
    for f in &files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| CliError::BadInput(format!("cannot read {f}: {e}")))?;
        let name = Path::new(f)
            .file_name()
            .map_or(f.clone(), |n| n.to_string_lossy().into_owned());
        let name = BENCH_SETS
            .iter()
            .find(|(file, _)| *file == name)
            .map_or(name.clone(), |(_, set)| format!("{name} {set}"));
        let b = bench_file(&name, &text, &mut solver, mode, selection)
            .map_err(|e| CliError::BadInput(format!("{f}: {e}")))?;
        if a.json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&b).map_err(|e| CliError::Internal(e.to_string()))?
            )?;
        } else {
            let cpu = b
                .mean_cpu_micros
                .map_or("-".to_string(), |c| format!("{c:.1}"));
            writeln!(
                out,
                "{:<25} {:<6} {:>9} {:>13.1} {:>13} {:>14.0} {:>6}",
                b.name, b.mode, b.positions, b.mean_micros, cpu, b.mean_nodes, b.wrong
            )?;
        }
        out.flush()?;
        wrong += b.wrong;
    }
    if wrong > 0 {
        return Err(CliError::Internal(format!(
            "{wrong} scores differ from the files'"
        )));
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
