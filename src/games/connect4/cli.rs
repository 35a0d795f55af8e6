//! `selfplay connect4 ...`: solve files of positions, analyse one, build
//! the opening book, sample test positions, time the solver; the learning
//! commands are [`super::cli_learn`].

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::builder::RangedU64ValueParser;
use clap::{Args, Subcommand};
use web_time::Instant;

use super::batch::{bench_file, parse_line, solve_line, Selection, BENCH_SETS};
use super::perfect::PerfectPlayer;
use super::rules::Position;
use super::solver::{Mode, Solver};
use crate::cli::{quote, CliError, InputDir, InputPath, OutputPath};
use crate::game::Game;
use crate::plugin::run::thousands;
use crate::search::budget::{Budget, Limits};

use super::cli_learn::{experiment, play_match, ExperimentArgs, MatchArgs};

#[derive(Subcommand)]
pub enum Command {
    /// Solves a file of positions (`-`: standard input), one line
    /// `<moves> [<score>]` each: prints `<moves> <score> <nodes> <µs>` per
    /// position, the moves as 1-based columns from the empty board.
    Solve(SolveArgs),
    /// Solves every column of one position exactly, however long it takes
    /// (the page's "Solve exactly"): the progress on standard error about
    /// every second, then one line per column, best first: `<column>
    /// <score> <the score in words>`.
    Analyze(AnalyzeArgs),
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
    /// Writes the test positions of the optimal-move share: every N-th
    /// position of each benchmark set of tests/data/connect4/, with its
    /// exact score and optimal columns (`<moves> <score> <columns>`). The
    /// built-in list is `test-sample --out
    /// src/games/connect4/test_positions.txt`.
    TestSample(TestSampleArgs),
    /// Runs one of the study's experiments: 1 survive the stupid player,
    /// 2 beat the random player.
    Experiment(ExperimentArgs),
    /// Plays a learned table (a model file) against the random, stupid and
    /// perfect players at several lookahead depths, on both sides: per
    /// depth, opponent and side, the wins, draws and losses.
    Match(MatchArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// The file of positions (`-`: standard input).
    pub file: InputPath,
    /// Win/draw/loss only (1, 0, -1): faster.
    #[arg(long)]
    pub weak: bool,
    /// Check each score against the one given on its line; exit 1 at the
    /// first that differs.
    #[arg(long)]
    pub check: bool,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// The position: 1-based columns from the empty board (`4453`; `-` or
    /// nothing for the empty board).
    #[arg(default_value = "-")]
    pub moves: String,
    /// Without the built-in opening book (it holds every position of up to
    /// five discs).
    #[arg(long)]
    pub no_book: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    /// The files (default: the six sets of tests/data/connect4/, easiest
    /// first).
    pub files: Vec<InputPath>,
    /// Win/draw/loss only.
    #[arg(long)]
    pub weak: bool,
    /// Only every N-th position of each file (1 to 1,000,000).
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub step: usize,
    /// At most N positions of each file, after --step (1 to 1,000,000).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
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
    /// The deepest positions (number of discs, 0 to 10); these are solved,
    /// the shallower ones follow from them.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_BOOK_DEPTH)))]
    pub depth: u32,
    /// The shallowest positions written (0 to 10, at most --depth).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_BOOK_DEPTH)))]
    pub from: u32,
    /// The file to write (else standard output).
    #[arg(long)]
    pub out: Option<OutputPath>,
    /// Solves only part K of N of the deepest positions (for example 1/2
    /// and 2/2 in two processes) and writes only their lines; a last run
    /// with `--known` on the parts' files writes the whole book.
    #[arg(long, value_parser = super::book_maker::Part::parse)]
    pub part: Option<super::book_maker::Part>,
    /// Book files (`<moves> <score>` lines) whose scores the solver takes
    /// as known, such as the files of the parts.
    #[arg(long)]
    pub known: Vec<InputPath>,
}

#[derive(Args)]
pub struct TestSampleArgs {
    /// Every N-th position of each set, from the first (1 to 1,000,000).
    #[arg(long, default_value_t = super::optimal::TEST_STEP, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub step: usize,
    /// The directory of the benchmark sets.
    #[arg(long, default_value = "tests/data/connect4")]
    pub dir: InputDir,
    /// The file to write (else standard output).
    #[arg(long)]
    pub out: Option<OutputPath>,
}

/// The deepest opening book `book` builds: every position of up to ten
/// discs is about 1.2 million positions in memory.
pub const MAX_BOOK_DEPTH: u32 = 10;

/// The game's own subcommands, `selfplay <id> …` (listed in the
/// registry, [`crate::games::own_commands`]).
pub fn commands() -> crate::cli::Commands {
    crate::cli::game_commands(
        Position::NAME,
        "Connect Four: the exact solver, the study's Q-learning experiments, matches.",
        run,
    )
}

pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Solve(a) => solve(a),
        Command::Analyze(a) => analyze(a),
        Command::Bench(a) => bench(a),
        Command::Book(a) => book(a),
        Command::TestSample(a) => test_sample(a),
        Command::Experiment(a) => experiment(a),
        Command::Match(a) => play_match(a),
    }
}

fn solve(a: SolveArgs) -> Result<(), CliError> {
    let mode = if a.weak { Mode::Weak } else { Mode::Strong };
    let name = a.file.display().to_string();
    let lines = crate::cli::text_lines(&a.file, crate::cli::MAX_TEXT_BYTES)?;
    // Made at the first position: a file refused at its first line costs
    // no table.
    let mut solver: Option<Solver> = None;
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut solved = 0;
    for line in lines {
        let (number, line) = line.map_err(|e| crate::cli::line_error(&a.file, e))?;
        let input =
            parse_line(number, &line).map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        let Some(input) = input else { continue };
        let solver = solver.get_or_insert_with(Solver::with_book);
        let r = solve_line(solver, &input, mode);
        solved += 1;
        writeln!(out, "{}", r.to_line())?;
        if a.check && r.agrees(mode) == Some(false) {
            return Err(CliError::Failed(format!(
                "{name}: line {}: score {} differs from the given {}",
                r.line,
                r.score,
                r.expected.unwrap_or_default()
            )));
        }
    }
    if solved == 0 {
        return Err(CliError::BadInput(format!(
            "{name}: no positions (one a line: the moves as 1-based columns, then optionally the score)"
        )));
    }
    Ok(())
}

fn analyze(a: AnalyzeArgs) -> Result<(), CliError> {
    let moves = if a.moves == "-" { "" } else { a.moves.as_str() };
    let position = Position::from_moves(moves)
        .map_err(|e| CliError::BadInput(format!("the position {}: {e}", quote(&a.moves))))?;
    if position.is_over() {
        return Err(CliError::BadInput(format!(
            "the game {} is over: there is nothing to solve",
            quote(&a.moves)
        )));
    }
    let solver = if a.no_book {
        Solver::new()
    } else {
        Solver::with_book()
    };
    let mut player = PerfectPlayer::with_solver(solver, 0.0);
    let start = Instant::now();
    let mut last = 0.0;
    let mut report = |p: &crate::search::budget::Progress| {
        if p.ms - last < 1000.0 {
            return;
        }
        last = p.ms;
        let solved: Vec<String> = p
            .moves
            .iter()
            .map(|m| format!("{}:{}", m.text, m.value))
            .collect();
        eprintln!(
            "{:>6.1} s  {:>14} positions  column {} between {} and {}  solved: {}",
            p.ms / 1000.0,
            thousands(p.nodes),
            p.best.as_deref().unwrap_or("-"),
            p.lower.unwrap_or(f64::NAN),
            p.upper.unwrap_or(f64::NAN),
            if solved.is_empty() {
                "none".into()
            } else {
                solved.join(" ")
            }
        );
    };
    let mut budget = Budget::with_progress(Limits::UNBOUNDED, &mut report);
    let a = player.analyze_within(&position, &mut budget);
    drop(budget);
    let seconds = start.elapsed().as_secs_f64();
    let mut columns: Vec<(usize, i32)> = (0..super::rules::WIDTH)
        .filter_map(|c| a.scores[c].map(|s| (c, s)))
        .collect();
    columns.sort_by_key(|&(c, s)| (std::cmp::Reverse(s), c));
    let out = std::io::stdout();
    let mut out = out.lock();
    for (c, s) in &columns {
        writeln!(out, "{} {s} {}", c + 1, super::perfect::score_text(*s))?;
    }
    eprintln!(
        "{} positions in {seconds:.1} s ({:.1} M/s); the side to move {}",
        thousands(a.nodes),
        a.nodes as f64 / seconds.max(1e-9) / 1e6,
        columns
            .first()
            .map_or("has no move".into(), |&(_, s)| super::perfect::score_text(
                s
            ))
    );
    Ok(())
}

fn book(a: BookArgs) -> Result<(), CliError> {
    if a.from > a.depth {
        return Err(CliError::BadInput(format!(
            "--from {} is deeper than --depth {}",
            a.from, a.depth
        )));
    }
    let part = a.part.unwrap_or(super::book_maker::Part::ALL);
    // Every file is read and checked before the solver is made.
    let mut books = Vec::new();
    for path in &a.known {
        let text = crate::cli::read_text(path, crate::cli::MAX_TEXT_BYTES)?;
        let known = super::book::read_book(&text)
            .map_err(|e| CliError::BadInput(format!("{path}: {e}")))?;
        books.push(known);
    }
    let mut solver = Solver::with_book();
    for known in books {
        let book = solver.book().expect("the solver has the built-in book");
        let book = super::book::merged(book, &known);
        solver.set_book(Some(std::sync::Arc::new(book)));
    }
    let start = Instant::now();
    let mut done = 0;
    let lines = super::book_maker::generate(a.from, a.depth, part, &mut solver, |moves, score| {
        done += 1;
        eprintln!(
            "{done:>6} {moves} {score} ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
    });
    let mut text = if part == super::book_maker::Part::ALL {
        format!(
            "# Connect Four opening book: every position of {} to {} discs (one of each\n\
             # mirror pair), `<moves> <score>`. Written by\n\
             # `selfplay connect4 book --from {} --depth {}`.\n",
            a.from, a.depth, a.from, a.depth
        )
    } else {
        format!(
            "# Part {} of {} of the positions of {} discs of a Connect Four opening book,\n\
             # `<moves> <score>`. Written by `selfplay connect4 book --depth {} --part {}/{}`.\n",
            part.index + 1,
            part.count,
            a.depth,
            a.depth,
            part.index + 1,
            part.count
        )
    };
    for l in lines {
        text.push_str(&l);
        text.push('\n');
    }
    match &a.out {
        Some(path) => crate::cli::write_atomic(path, text.as_bytes())?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

fn test_sample(a: TestSampleArgs) -> Result<(), CliError> {
    let mut solver = Solver::with_book();
    let start = Instant::now();
    let mut text = format!(
        "# Test positions of Connect Four's optimal-move share: one position in {} of\n\
         # each benchmark set of tests/data/connect4/ (Pascal Pons' sets from\n\
         # blog.gamesolver.org, \"Solving Connect 4\", part 2), as\n\
         # `<moves> <score> <optimal columns>`: the moves from the empty board and the\n\
         # exact score for the side to move, as in the set, and the 1-based columns of\n\
         # the best exact score. Written by `selfplay connect4 test-sample --step {}`.\n",
        a.step, a.step
    );
    for (file, name) in BENCH_SETS {
        let path = a.dir.join(file);
        if !path.is_file() {
            return Err(CliError::BadInput(format!(
                "--dir {}: no benchmark set {file} in it",
                a.dir
            )));
        }
        let body = crate::cli::read_text(&path, crate::cli::MAX_TEXT_BYTES)?;
        let inputs = super::batch::read_text(&body)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
        text.push_str(&format!("# {file} {name}\n"));
        for input in inputs.iter().step_by(a.step) {
            let line = super::optimal::checked_line(input, &mut solver);
            if let Some(expected) = input.expected {
                let score = line.split(' ').nth(1).unwrap_or_default();
                if score != expected.to_string() {
                    return Err(CliError::Failed(format!(
                        "{}: line {}: score {score} differs from the set's {expected}",
                        path.display(),
                        input.line
                    )));
                }
            }
            eprintln!("{line} ({:.0} s)", start.elapsed().as_secs_f64());
            text.push_str(&line);
            text.push('\n');
        }
    }
    match &a.out {
        Some(path) => crate::cli::write_atomic(path, text.as_bytes())?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

fn bench(a: BenchArgs) -> Result<(), CliError> {
    let mode = if a.weak { Mode::Weak } else { Mode::Strong };
    let files: Vec<PathBuf> = if a.files.is_empty() {
        BENCH_SETS
            .iter()
            .map(|(f, _)| Path::new("tests/data/connect4").join(f))
            .collect()
    } else {
        a.files.iter().map(|f| f.0.clone()).collect()
    };
    // Every file is read and checked before the first is timed.
    let mut texts = Vec::new();
    for f in &files {
        let text = crate::cli::read_text(f, crate::cli::MAX_TEXT_BYTES)?;
        let inputs = super::batch::read_text(&text)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", f.display())))?;
        // As `solve` refuses it: a file of no position measures nothing.
        if inputs.is_empty() {
            return Err(CliError::BadInput(format!(
                "{}: no positions (one a line: the moves as 1-based columns, then optionally the score)",
                f.display()
            )));
        }
        texts.push(text);
    }
    let mut solver = if a.book {
        Solver::with_book()
    } else {
        Solver::new()
    };
    let selection = Selection {
        step: a.step,
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
    for (f, text) in files.iter().zip(texts) {
        let name = f.file_name().map_or(f.display().to_string(), |n| {
            n.to_string_lossy().into_owned()
        });
        let name = BENCH_SETS
            .iter()
            .find(|(file, _)| *file == name)
            .map_or(name.clone(), |(_, set)| format!("{name} {set}"));
        let b = bench_file(&name, &text, &mut solver, mode, selection)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", f.display())))?;
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
        return Err(CliError::Failed(format!(
            "{wrong} scores differ from the files'"
        )));
    }
    Ok(())
}
