//! `selfplay othello …`: perft, matches between the fixed players, and the
//! exact endgame solver over a file of positions.

use clap::builder::RangedU64ValueParser;
use clap::Subcommand;
use web_time::Instant;

use super::Board;
use crate::arena::{play_match, MatchResult, Record};
use crate::games::othello;

use crate::cli::{CliError, InputPath, OutputPath};
use crate::plugin::GameEntry;

#[derive(Subcommand)]
pub enum Command {
    /// Counts move sequences from the start position (forced passes are
    /// plies; finished games have no continuation), one line per depth.
    Perft {
        /// The deepest depth to count (1 to 20).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
    },
    /// Plays a match between two players: half the games with A as black,
    /// half as white. A player is `random`, `mvb`, `msb`, `search` or
    /// `search:LEVEL` (1-10, the study's hand-set weights: LEVEL plies, the
    /// last 2×LEVEL empty squares played exactly; `search:dNeM` for N plies
    /// and the last M exact), or a model file (`FILE`; `FILE:LEVEL` or
    /// `FILE:dNeM` for tuned weights, and for an n-tuple network as the
    /// search's evaluation).
    Match {
        /// Player A.
        a: String,
        /// Player B.
        b: String,
        /// Games (1 to 1,000,000).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// Plies played at random at the start of each game (0 to 60).
        #[arg(long, default_value_t = 5, value_parser = RangedU64ValueParser::<usize>::new().range(0..=60))]
        random_opening: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Trains a learner (`qnet`) and writes a model file.
    Train(Box<super::cli_learn::TrainArgs>),
    /// Plays a model's greedy agent against the fixed players.
    Eval(super::cli_learn::EvalArgs),
    /// Training speed of the Q-network (QL1, 64 hidden, self-play).
    Bench(super::cli_learn::BenchArgs),
    /// Tunes the seven coefficients of the study's evaluation by the
    /// study's genetic algorithm, printing the best set of each generation.
    Ga(Box<GaArgs>),
    /// Speaks the NBoard engine protocol on standard input and output, so
    /// that Othello GUIs can drive the study's search player, or any other.
    Nboard {
        /// The player, as `match` takes it (`msb`, a model file at one ply,
        /// `FILE:LEVEL` for a model as the search's evaluation, …); default
        /// the study's search at depth 6. `set depth` rebuilds a searching
        /// player at that depth and is ignored by the others.
        #[arg(long)]
        player: Option<String>,
    },
    /// Plays a player against an outside engine that speaks NBoard
    /// (Egaroucid for Web's, Edax, …): each opening of a file twice, the
    /// colours swapped; prints the score with its 95% interval and each
    /// side's time per move (src/games/othello/vs-egaroucid.sh).
    EngineMatch(Box<super::versus::EngineMatchArgs>),
    /// Writes a file of openings for `engine-match`: random plies from the
    /// start, distinct, optionally only those a searching player values
    /// near even.
    Openings(Box<super::versus::OpeningsArgs>),
    /// A rating ladder: every pair of players plays the shipped openings
    /// with both colours; the games are kept in a table (played in parts
    /// anywhere and merged), and every player gets an Elo rating with a 95%
    /// interval fitted to all of them.
    Ladder(Box<super::cli_ladder::LadderArgs>),
    /// Solves positions exactly: for each, the final disc difference for
    /// the side to move with perfect play (empty squares go to the winner)
    /// and a move that achieves it, with the nodes searched and the time.
    Solve(SolveArgs),
}

/// Options of `selfplay othello solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// A file of positions (`-`: standard input), one a line, as in the FFO
    /// test files: 64 squares a1..h8 (`X` black, `O` white, `-` empty), the
    /// side to move (`X` or `O`), optionally the expected score, best moves
    /// (`G3,C7`) and number of empties, then an optional `# comment`. Blank
    /// lines and lines starting with `#` are skipped.
    pub file: InputPath,
    /// Memory of the transposition table, in MiB (kept from one position
    /// to the next; from 1 to half the machine's memory).
    #[arg(long, default_value_t = 64, value_parser = crate::cli::hash_mb)]
    pub hash_mb: usize,
    /// Give up a position after this many seconds (its bounds so far are
    /// printed; more than 0, at most a year: 31,536,000).
    #[arg(long, value_parser = crate::cli::positive(MAX_SECONDS))]
    pub seconds: Option<f64>,
    /// Give up a position after about this many nodes (1 to 10^15).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000_000))]
    pub nodes: Option<u64>,
}

/// Options of `selfplay othello ga`.
#[derive(clap::Args)]
pub struct GaArgs {
    /// Weight sets kept each generation (2 to 64).
    #[arg(long, default_value_t = 8, value_parser = RangedU64ValueParser::<usize>::new().range(2..=crate::learn::genetic::MAX_POPULATION as u64))]
    pub population: usize,
    /// Standard deviation of a mutation (0 to 1,000,000).
    #[arg(long, default_value_t = 5.0, value_parser = crate::cli::float_range(0.0, 1e6))]
    pub sigma: f64,
    /// Search depth of the tournament's players (1 to 6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub depth: u32,
    /// Games of each pairing per generation (colours alternate; 1 to 100).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::learn::genetic::MAX_GAMES_PER_PAIRING)))]
    pub games: u32,
    /// Generations (1 to 100,000; with --resume, the new total).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::learn::genetic::MAX_GENERATIONS)))]
    pub generations: u32,
    /// Random plies at the start of each tournament game (0 to 20).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub random_opening: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tournament games in parallel (threads, 1 to 256); the result is the
    /// same.
    #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub threads: usize,
    /// Continue the run saved in this file (its settings are kept;
    /// --generations sets a new total).
    #[arg(long)]
    pub resume: Option<InputPath>,
    /// Where to write the run (rewritten after every generation).
    #[arg(long)]
    pub out: OutputPath,
}

/// The game's own subcommands, `selfplay <id> …` (listed in the
/// registry, [`crate::games::own_commands`]).
pub fn commands() -> crate::cli::Commands {
    crate::cli::game_commands(super::entry::Entry.id(), "Othello / Reversi.", |command| {
        run(&super::entry::Entry, command)
    })
}

pub fn run(entry: &dyn GameEntry, cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Train(a) => super::cli_learn::train(*a),
        Command::Eval(a) => super::cli_learn::eval(a),
        Command::Bench(a) => super::cli_learn::bench(a),
        Command::Ga(a) => ga(*a),
        Command::Ladder(a) => super::cli_ladder::ladder(entry, *a),
        Command::Solve(a) => solve(a),
        Command::EngineMatch(a) => super::versus::engine_match(*a),
        Command::Openings(a) => super::versus::openings(*a),
        Command::Nboard { player: spec } => {
            let engine = match spec {
                None => super::nboard::Engine::new(),
                Some(spec) => super::cli_players::nboard_engine(&spec)?,
            };
            let stdin = std::io::stdin();
            super::nboard::serve_with(engine, stdin.lock(), std::io::stdout().lock())?;
            Ok(())
        }
        Command::Perft { depth } => {
            if depth == 0 {
                return Err(CliError::BadInput("depth must be at least 1".into()));
            }
            if depth > 20 {
                return Err(CliError::BadInput(format!(
                    "depth {depth} would take years; use at most 20"
                )));
            }
            println!(
                "{:>5} {:>14} {:>10} {:>12}",
                "depth", "count", "seconds", "Mleaves/s"
            );
            for d in 1..=depth {
                let t = Instant::now();
                let n = othello::perft(&Board::start(), d);
                let s = t.elapsed().as_secs_f64();
                println!(
                    "{d:>5} {n:>14} {s:>10.3} {:>12.1}",
                    n as f64 / s.max(1e-9) / 1e6
                );
            }
            Ok(())
        }
        Command::Match {
            a,
            b,
            games,
            random_opening,
            seed,
            json,
        } => {
            let mut pa = super::cli_players::player(&a)?;
            let mut pb = super::cli_players::player(&b)?;
            let t = Instant::now();
            let r = play_match(pa.as_mut(), pb.as_mut(), games, random_opening, seed);
            let secs = t.elapsed().as_secs_f64();
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r)
                        .map_err(|e| CliError::Internal(e.to_string()))?
                );
            } else {
                print_match(&r, secs);
            }
            Ok(())
        }
    }
}

fn line(label: &str, r: &Record) {
    println!(
        "{label:<14} {:>6} {:>6} {:>6} {:>8.1}%",
        r.wins,
        r.draws,
        r.losses,
        r.win_percent()
    );
}

fn print_match(r: &MatchResult, secs: f64) {
    println!(
        "{} vs {} ({} games, {secs:.2} s)",
        r.a,
        r.b,
        r.total().games()
    );
    println!(
        "{:<14} {:>6} {:>6} {:>6} {:>9}",
        format!("{} as", r.a),
        "wins",
        "draws",
        "losses",
        "win"
    );
    line("black", &r.a_first);
    line("white", &r.a_second);
    line("total", &r.total());
}

fn ga(a: GaArgs) -> Result<(), CliError> {
    use super::learners::ga::{GaRun, GaSettings};
    use super::weighted::Weights;
    use crate::plugin::DynRun;
    // The seconds of training go on from the file's (see `cli_learn::train`).
    let started = Instant::now();
    let mut before = 0.0;
    let mut run = match &a.resume {
        Some(path) => {
            let model = crate::cli::read_model_of(
                path,
                <Board as crate::Game>::NAME,
                <Board as crate::plugin::Playable>::TITLE,
            )?;
            let mut run = GaRun::resume(&model, &Default::default())
                .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
            before = model.header.train_seconds;
            // The generations the file's run has played (all of them if it
            // finished).
            let done = if run.is_done() {
                u64::from(run.config().generations)
            } else {
                run.learner().ga().history().len() as u64
            };
            run.set_total(
                u64::from(a.generations) * run.learner().ga().config().games_per_generation(),
            )
            .map_err(CliError::BadInput)?;
            if run.is_done() {
                return Err(CliError::BadInput(format!(
                    "{}: the run has played its {done} generations; give --generations more than {done} to continue it",
                    path.display()
                )));
            }
            run
        }
        None => GaRun::new(GaSettings {
            population: a.population,
            sigma: a.sigma,
            depth: a.depth,
            games_per_pairing: a.games,
            generations: a.generations,
            random_opening: a.random_opening,
            seed: a.seed,
            start: Weights::STUDY,
        })
        .map_err(CliError::BadInput)?,
    };
    let s = run.config().clone();
    eprintln!(
        "tuning {} weight sets (and as many mutated copies, σ {}) at depth {}, {} games per pairing, {} generations, seed {} → {}",
        s.population, s.sigma, s.depth, s.games_per_pairing, s.generations, s.seed, a.out.display()
    );
    println!(
        "{:>4} {:>8} {:>8}  {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "gen", "seconds", "score", "a", "b", "c", "d", "e", "f", "v"
    );
    let start = Instant::now();
    let per = run.learner().ga().config().games_per_generation();
    let threads = a.threads.max(1);
    while !run.is_done() {
        for g in run.learn_by(|l, r| l.play_threads(r.config, per, threads)) {
            let w = &g.kept[0];
            println!(
                "{:>4} {:>8.1} {:>8}  {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
                g.number,
                start.elapsed().as_secs_f64(),
                g.scores[0],
                w[0],
                w[1],
                w[2],
                w[3],
                w[4],
                w[5],
                w[6]
            );
        }
        let mut model = run.model("GA weights").map_err(CliError::Internal)?;
        model.header.train_seconds = before + started.elapsed().as_secs_f64();
        let bytes = crate::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
        crate::cli::write_atomic(&a.out, &bytes)?;
    }
    Ok(())
}

/// The longest `--seconds` of `selfplay othello solve`: a year.
const MAX_SECONDS: f64 = 31_536_000.0;

/// The most bytes `selfplay othello solve` reads: far more than any file of
/// positions worth solving.
const SOLVE_FILE_LIMIT: u64 = 16 << 20;

fn solve(a: SolveArgs) -> Result<(), CliError> {
    use super::endgame::{ffo, Limits, Solver};
    let name = a.file.display().to_string();
    let text = crate::cli::read_text(&a.file, SOLVE_FILE_LIMIT)?;
    // Every line is read before anything is solved: a bad line costs no time.
    let positions =
        ffo::read_positions(&text).map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
    if positions.is_empty() {
        return Err(CliError::BadInput(format!(
            "{name}: no positions (one a line: 64 squares of X, O or -, then X or O to move)"
        )));
    }
    let limits = Limits {
        nodes: a.nodes,
        time: a.seconds.map(std::time::Duration::from_secs_f64),
    };
    // The table's memory is checked against what the machine can give now,
    // and taken without aborting: too much is bad input, before any work.
    // (The table takes the largest power of two of bytes that fits.)
    let asked = format!("--hash-mb {}", a.hash_mb);
    let table = 1u64 << (63 - ((a.hash_mb as u64) << 20).leading_zeros());
    crate::cli::check_memory(table, &format!("{asked}: a table of {} MiB", table >> 20))?;
    let mut solver = Solver::try_with_hash_bytes(a.hash_mb << 20).map_err(|_| {
        CliError::BadInput(format!(
            "{asked}: the memory for the table cannot be had now; give a smaller size"
        ))
    })?;
    println!(
        "{:>5} {:>7} {:>6} {:>5} {:>9} {:>14} {:>10} {:>9}  comment",
        "line", "empties", "score", "move", "expected", "nodes", "seconds", "Mnodes/s"
    );
    let (mut nodes, mut seconds) = (0u64, 0f64);
    let (mut wrong, mut unfinished) = (0usize, 0usize);
    let mut each = |r: &ffo::FileSolution| {
        let s = &r.solution;
        nodes += s.nodes;
        seconds += s.seconds;
        let score = match s.score {
            Some(v) => format!("{v:+}"),
            None => {
                unfinished += 1;
                format!("{:+}..{:+}", s.lower, s.upper)
            }
        };
        let expected = match (r.position.expected_score, r.agrees) {
            (None, _) => "-".to_string(),
            (Some(e), Some(false)) => {
                wrong += 1;
                format!("{e:+} WRONG")
            }
            (Some(e), _) => format!("{e:+}"),
        };
        println!(
            "{:>5} {:>7} {:>6} {:>5} {:>9} {:>14} {:>10.3} {:>9.1}  {}",
            r.line,
            r.position.board.empties(),
            score,
            r.best_move,
            expected,
            s.nodes,
            s.seconds,
            s.nodes_per_second() / 1e6,
            r.position.comment
        );
    };
    let results = ffo::solve_positions(positions, &mut solver, limits, &mut each);
    println!(
        "total: {} position{}, {nodes} nodes, {seconds:.3} s, {:.1} Mnodes/s",
        results.len(),
        if results.len() == 1 { "" } else { "s" },
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    if unfinished > 0 {
        println!(
            "not finished within the limits: {unfinished} of {}",
            results.len()
        );
    }
    if wrong > 0 {
        return Err(CliError::Failed(format!(
            "{name}: {wrong} of {} scores differ from the file's expected ones (marked WRONG above)",
            results.len()
        )));
    }
    Ok(())
}
