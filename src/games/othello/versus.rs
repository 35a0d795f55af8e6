//! `selfplay othello engine-match`: a player of the project against an
//! outside Othello engine that speaks the NBoard protocol (Egaroucid for
//! Web's engine, Edax, …), from a file of openings, each played twice with
//! the colours swapped. A benchmark, not a test: it measures strength
//! against a program nobody here tuned.
//!
//! The referee keeps the board. At the start of a game it sends the engine
//! `set depth L` and `set game` (the start position and the opening's
//! moves); then every move of either side as `move XX` (a pass as `move
//! PA`), and `go` when the engine is to place a disc (a forced pass is
//! played by the referee for either side). The project's player thinks in
//! this process, with no budget but its own (a depth), or with `--ms` per
//! move. Each side's time per move is the wall-clock time of its decision:
//! the player's `think`, the engine's `go` to its `===` answer.
//!
//! The score counts a win 1, a draw ½. Its interval is over the openings:
//! the two games of an opening are one sample (their mean), so that an
//! opening that favours one colour does not count as luck; 95%, the
//! normal approximation (mean ± 1.96 standard errors).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use web_time::Instant;

use super::rules::{format_transcript, parse_transcript, Board, PASS};
use super::square_name;
use crate::cli::{CliError, InputPath, OutputPath};
use crate::game::{rng_from_seed, Game, Player, Side};
use crate::search::budget::{Budget, Limits};

/// Options of `selfplay othello engine-match`.
#[derive(clap::Args)]
pub struct EngineMatchArgs {
    /// The project's player, as `match` takes it: `FILE:5` (a model as the
    /// evaluation of a 5-ply search, the last 10 empty squares exact),
    /// `search:3`, `msb`, a model file at one ply, …
    pub player: String,
    /// The engine: a program, or a program and its arguments separated by
    /// spaces; it speaks NBoard on standard input and output.
    #[arg(long)]
    pub engine: String,
    /// The engine's level, sent as `set depth L`, 0 to 60 (for Egaroucid
    /// for Web: L plies in the middle game, exact from 2L empty squares).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub level: u32,
    /// The openings: one transcript a line from the start (`f5d6c3…`);
    /// `#` lines and blank lines are skipped.
    #[arg(long)]
    pub openings: InputPath,
    /// How many openings to play, 1 to 100,000 (each twice, colours
    /// swapped), from `--first` on; default all of the file's.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: Option<u32>,
    /// The first opening to play (0-based).
    #[arg(long, default_value_t = 0)]
    pub first: u32,
    /// A time budget per move for the project's player, in milliseconds
    /// (more than 0, at most 3,600,000; a searching player then plays its
    /// deepest finished search).
    #[arg(long, value_parser = crate::cli::positive(3_600_000.0))]
    pub ms: Option<f64>,
    /// A budget of positions per move for the project's player (1 to
    /// 10^12): unlike `--ms`, the same on a loaded machine. The report gives
    /// the positions its moves visited.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub nodes: Option<u64>,
    /// Games played at once, each pair of players in a thread of its own
    /// with its own engine process (1 to 64). The results do not depend on
    /// it, the times per move do (on a loaded machine).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: u32,
    /// Seed of the project's player (its ties and noise); game k plays with
    /// seed + k.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write every game here: opening, the player's colour, the moves, the
    /// final disc difference for the player, one a line (tab-separated).
    #[arg(long)]
    pub games_out: Option<OutputPath>,
    /// Print each game's result as it ends (on standard error).
    #[arg(long)]
    pub verbose: bool,
}

/// Options of `selfplay othello openings`.
#[derive(clap::Args)]
pub struct OpeningsArgs {
    /// Openings to write (1 to 100,000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// Random plies of each (1 to 20).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub plies: u32,
    /// The player whose search judges an opening's balance (a searching
    /// player, as `match` takes it: `FILE:d8e0`); without it every
    /// opening is kept.
    #[arg(long)]
    pub judge: Option<String>,
    /// Keep an opening only if the judge values it within this many discs
    /// of even, for the side to move.
    #[arg(long, default_value_t = 4.0, value_parser = crate::cli::float_range(0.0, 64.0))]
    pub within: f64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write them (one transcript a line, after comment lines
    /// that say how they were made).
    #[arg(long)]
    pub out: OutputPath,
}

/// Writes `count` distinct openings (distinct also under the board's
/// symmetries) of random plies, each one the judge values near even.
pub fn openings(a: OpeningsArgs) -> Result<(), CliError> {
    use rand::Rng as _;
    let mut judge = match &a.judge {
        Some(spec) => Some(super::cli_players::player(spec)?),
        None => None,
    };
    let mut rng = rng_from_seed(a.seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let (mut tried, mut moves) = (0u64, Vec::new());
    while out.len() < a.count as usize {
        tried += 1;
        if tried > 1000 * u64::from(a.count) + 100_000 {
            return Err(CliError::BadInput(format!(
                "only {} of {tried} random openings were within {} discs",
                out.len(),
                a.within
            )));
        }
        let mut b = Board::start();
        let mut line = Vec::new();
        for _ in 0..a.plies {
            b.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            b.play(m);
            line.push(m);
        }
        if b.is_over() || b.must_pass() || line.contains(&PASS) {
            continue;
        }
        let canonical = (0..8)
            .map(|s| {
                let i = super::symmetry::image(&b, s);
                (i.black(), i.white())
            })
            .min()
            .expect("eight images");
        if !seen.insert(canonical) {
            continue;
        }
        if let Some(j) = judge.as_mut() {
            let t = j.think(&b, &mut rng_from_seed(1), &mut Budget::unlimited());
            let discs = t.score.unwrap_or(0.0) / super::weighted::SCALE;
            if discs.abs() > a.within {
                continue;
            }
        }
        out.push(format_transcript(&line));
        eprintln!("{} of {} ({tried} tried)", out.len(), a.count);
    }
    let judged = match &a.judge {
        Some(j) => format!(", each valued within {} discs of even by {j}", a.within),
        None => String::new(),
    };
    let mut text = format!(
        "# Othello openings: {} random plies from the start, distinct up to the board's\n\
         # symmetries{judged} ({} of {tried} drawn).\n\
         # Made by: selfplay othello openings --count {} --plies {} --seed {}{}{}\n",
        a.plies,
        out.len(),
        a.count,
        a.plies,
        a.seed,
        a.judge
            .as_ref()
            .map_or(String::new(), |j| format!(" --judge {j}")),
        if a.judge.is_some() {
            format!(" --within {}", a.within)
        } else {
            String::new()
        }
    );
    for o in out {
        text.push_str(&o);
        text.push('\n');
    }
    crate::cli::write_atomic(&a.out, text.as_bytes())
}

/// One game's result.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The opening's index in the file.
    pub opening: usize,
    /// The project's player's colour.
    pub side: Side,
    /// The moves from the start, passes included.
    pub moves: Vec<u8>,
    /// The final disc difference for the project's player (empties to the
    /// winner).
    pub margin: i32,
    /// Each side's decisions and seconds: (the player's, the engine's).
    pub player_time: Times,
    pub engine_time: Times,
}

/// Time spent on decisions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Times {
    pub moves: u32,
    pub seconds: f64,
    pub longest: f64,
    /// Positions visited (the project's player; 0 for the engine).
    pub nodes: u64,
}

impl Times {
    fn add(&mut self, seconds: f64) {
        self.moves += 1;
        self.seconds += seconds;
        self.longest = self.longest.max(seconds);
    }

    fn merge(&mut self, o: &Times) {
        self.moves += o.moves;
        self.seconds += o.seconds;
        self.longest = self.longest.max(o.longest);
        self.nodes += o.nodes;
    }

    /// Mean milliseconds a decision.
    pub fn mean_ms(&self) -> f64 {
        1000.0 * self.seconds / f64::from(self.moves.max(1))
    }
}

impl GameResult {
    /// 1 a win, ½ a draw, 0 a loss.
    pub fn score(&self) -> f64 {
        match self.margin.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        }
    }
}

/// An engine process speaking NBoard.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    pings: u32,
    name: String,
}

impl Engine {
    /// Starts `command` (a program and its arguments, separated by spaces)
    /// and checks that it answers a ping.
    pub fn start(command: &str) -> Result<Engine, String> {
        // A path to a program (spaces and all), or a program and arguments.
        let (program, args): (&str, Vec<&str>) = if std::path::Path::new(command).is_file() {
            (command, Vec::new())
        } else {
            let mut words = command.split_whitespace();
            let program = words.next().ok_or("the engine's command is empty")?;
            (program, words.collect())
        };
        let name = program.to_string();
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{name}: cannot start: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        let mut engine = Engine {
            child,
            input,
            output,
            pings: 0,
            name,
        };
        engine.send("nboard 2")?;
        engine.sync()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: cannot write to it: {e}", self.name))
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("{}: its output ended (did it stop?)", self.name)),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("{}: cannot read its output: {e}", self.name)),
        }
    }

    /// Sends a ping and reads until its pong: everything sent before is done.
    pub fn sync(&mut self) -> Result<(), String> {
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        loop {
            if self.read_line()? == format!("pong {n}") {
                return Ok(());
            }
        }
    }

    /// Asks for a move in the engine's position (`go`); the square, or
    /// [`PASS`].
    pub fn go(&mut self) -> Result<u8, String> {
        self.send("go")?;
        loop {
            let line = self.read_line()?;
            if let Some(rest) = line.strip_prefix("===") {
                let mv = rest.trim().split('/').next().unwrap_or("").trim();
                return parse_nboard_move(mv)
                    .ok_or_else(|| format!("{}: cannot read its move in {line:?}", self.name));
            }
        }
    }

    /// Starts a game at `level` from the start position followed by `moves`.
    pub fn new_game(&mut self, level: u32, moves: &[u8]) -> Result<(), String> {
        self.send(&format!("set depth {level}"))?;
        self.send(&format!("set game {}", ggf(moves)))?;
        self.sync()
    }

    /// Tells the engine a move was played.
    pub fn played(&mut self, mv: u8) -> Result<(), String> {
        self.send(&format!("move {}", nboard_move(mv)))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A move as NBoard writes it (`F5`, `PA`).
fn nboard_move(mv: u8) -> String {
    if mv == PASS {
        "PA".into()
    } else {
        square_name(mv).to_ascii_uppercase()
    }
}

fn parse_nboard_move(text: &str) -> Option<u8> {
    if text.eq_ignore_ascii_case("pa") {
        return Some(PASS);
    }
    super::parse_square(text).ok()
}

/// A GGF game from the start position with these moves.
pub fn ggf(moves: &[u8]) -> String {
    let mut b = Board::start();
    let mut out = String::from(
        "(;GM[Othello]PC[Selfplay]PB[black]PW[white]RE[?]TI[0]TY[8]\
         BO[8 ---------------------------O*------*O--------------------------- *]",
    );
    for &m in moves {
        let tag = if b.side() == Side::First { 'B' } else { 'W' };
        out.push_str(&format!("{tag}[{}]", nboard_move(m)));
        b.play(m);
    }
    out.push_str(";)");
    out
}

/// Reads the openings file: one transcript a line.
pub fn read_openings(text: &str) -> Result<Vec<Vec<u8>>, String> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| parse_transcript(l).map_err(|e| format!("line {}: {}", i + 1, e.0)))
        .collect()
}

/// Plays one game from `opening` with the player on `side`.
#[allow(clippy::too_many_arguments)]
pub fn play_game(
    player: &mut dyn Player<Board>,
    engine: &mut Engine,
    level: u32,
    opening: &[u8],
    index: usize,
    side: Side,
    limits: Limits,
    seed: u64,
) -> Result<GameResult, String> {
    let mut board = Board::start();
    let mut moves = Vec::new();
    for &m in opening {
        board
            .try_play(m)
            .map_err(|e| format!("opening {index}: {}", e.0))?;
        moves.push(m);
    }
    if board.is_over() {
        return Err(format!("opening {index} ends the game"));
    }
    engine.new_game(level, &moves)?;
    let mut rng = rng_from_seed(seed);
    let (mut player_time, mut engine_time) = (Times::default(), Times::default());
    while !board.is_over() {
        let mv = if board.must_pass() {
            PASS
        } else if board.side() == side {
            let start = Instant::now();
            let mut budget = Budget::new(limits);
            let t = player.think(&board, &mut rng, &mut budget);
            player_time.add(start.elapsed().as_secs_f64());
            player_time.nodes += budget.nodes();
            t.mv
        } else {
            let start = Instant::now();
            let mv = engine.go()?;
            engine_time.add(start.elapsed().as_secs_f64());
            if !board.is_legal(mv) {
                return Err(format!(
                    "the engine played {} in {} after {}",
                    nboard_move(mv),
                    board.to_text(),
                    format_transcript(&moves)
                ));
            }
            mv
        };
        board.play(mv);
        moves.push(mv);
        engine.played(mv)?;
    }
    let margin = match side {
        Side::First => board.final_margin(),
        Side::Second => -board.final_margin(),
    };
    Ok(GameResult {
        opening: index,
        side,
        moves,
        margin,
        player_time,
        engine_time,
    })
}

/// The score of a match and its 95% interval, over the openings (each
/// opening's mean score one sample).
pub fn score_interval(results: &[GameResult]) -> (f64, f64) {
    let mut by_opening: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
    for r in results {
        by_opening.entry(r.opening).or_default().push(r.score());
    }
    let samples: Vec<f64> = by_opening
        .values()
        .map(|s| s.iter().sum::<f64>() / s.len() as f64)
        .collect();
    let n = samples.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = samples.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.5);
    }
    let var = samples.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

pub fn engine_match(a: EngineMatchArgs) -> Result<(), CliError> {
    let text = crate::cli::read_text(&a.openings, 16 << 20)?;
    let name = a.openings.display().to_string();
    let openings = read_openings(&text).map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
    let first = a.first as usize;
    let count = a
        .count
        .map_or(openings.len().saturating_sub(first), |c| c as usize);
    if first + count > openings.len() || count == 0 {
        return Err(CliError::BadInput(format!(
            "{name} has {} openings: cannot play {count} from opening {first}",
            openings.len()
        )));
    }
    // The player is checked once before any engine starts.
    let label = super::cli_players::player(&a.player)?.name();
    let limits = Limits {
        ms: a.ms,
        nodes: a.nodes,
        unbounded: false,
    };
    let games: Vec<(usize, Side)> = (first..first + count)
        .flat_map(|i| [(i, Side::First), (i, Side::Second)])
        .collect();
    eprintln!(
        "{label} vs {} at level {}: {count} openings × 2 colours = {} games, {} at a time",
        a.engine,
        a.level,
        games.len(),
        a.jobs
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..a.jobs.min(games.len() as u32) {
            scope.spawn(|| {
                let run = || -> Result<(), String> {
                    let mut player =
                        super::cli_players::player(&a.player).map_err(|e| match e {
                            CliError::BadInput(m) | CliError::Internal(m) | CliError::Failed(m) => {
                                m
                            }
                        })?;
                    let mut engine = Engine::start(&a.engine)?;
                    loop {
                        if failure.lock().expect("not poisoned").is_some() {
                            return Ok(());
                        }
                        let k = next.fetch_add(1, Ordering::SeqCst);
                        let Some(&(opening, side)) = games.get(k) else {
                            return Ok(());
                        };
                        let r = play_game(
                            player.as_mut(),
                            &mut engine,
                            a.level,
                            &openings[opening],
                            opening,
                            side,
                            limits,
                            a.seed.wrapping_add(k as u64),
                        )?;
                        let mut all = results.lock().expect("not poisoned");
                        all.push(r.clone());
                        if a.verbose {
                            let (s, d) = score_interval(&all);
                            eprintln!(
                                "opening {:>4} as {:<5} {:>+3}   {} games: {s:.3} ± {d:.3}",
                                r.opening,
                                side_name(r.side),
                                r.margin,
                                all.len()
                            );
                        }
                    }
                };
                if let Err(e) = run() {
                    failure.lock().expect("not poisoned").get_or_insert(e);
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("not poisoned") {
        return Err(CliError::Internal(e));
    }
    let mut results = results.into_inner().expect("not poisoned");
    results.sort_by_key(|r| (r.opening, r.side.index()));
    if let Some(out) = &a.games_out {
        let mut text = String::from("# opening\tcolour\tmoves\tmargin\n");
        for r in &results {
            text.push_str(&format!(
                "{}\t{}\t{}\t{:+}\n",
                r.opening,
                side_name(r.side),
                format_transcript(&r.moves),
                r.margin
            ));
        }
        crate::cli::write_atomic(out, text.as_bytes())?;
    }
    print_report(&label, &a, &results, started.elapsed().as_secs_f64());
    Ok(())
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::First => "black",
        Side::Second => "white",
    }
}

fn print_report(label: &str, a: &EngineMatchArgs, results: &[GameResult], seconds: f64) {
    let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count();
    let (score, half) = score_interval(results);
    let (mut mine, mut theirs) = (Times::default(), Times::default());
    for r in results {
        mine.merge(&r.player_time);
        theirs.merge(&r.engine_time);
    }
    let margin = results.iter().map(|r| f64::from(r.margin)).sum::<f64>() / results.len() as f64;
    println!(
        "{label} vs level {} ({} games from {} openings, {seconds:.0} s)",
        a.level,
        results.len(),
        results.len() / 2
    );
    for (name, side) in [
        ("as black", Some(Side::First)),
        ("as white", Some(Side::Second)),
        ("total", None),
    ] {
        let of = |r: &GameResult| side.is_none_or(|s| r.side == s);
        println!(
            "  {name:<9} {:>4} won {:>4} drawn {:>4} lost",
            count(&|r| of(r) && r.margin > 0),
            count(&|r| of(r) && r.margin == 0),
            count(&|r| of(r) && r.margin < 0)
        );
    }
    println!("  score {score:.3} ± {half:.3} (95%), mean disc difference {margin:+.1}");
    println!(
        "  time per move: {label} {:.2} ms (longest {:.0} ms, {:.0} positions), engine {:.2} ms (longest {:.0} ms)",
        mine.mean_ms(),
        1000.0 * mine.longest,
        mine.nodes as f64 / f64::from(mine.moves.max(1)),
        theirs.mean_ms(),
        1000.0 * theirs.longest
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_record_reads_as_ggf() {
        let moves = parse_transcript("f5d6c3").unwrap();
        let g = ggf(&moves);
        let b = super::super::nboard::parse_ggf(&g).unwrap();
        let mut want = Board::start();
        for m in moves {
            want.play(m);
        }
        assert_eq!(b, want);
        assert!(g.contains("B[F5]W[D6]B[C3]"), "{g}");
    }

    #[test]
    fn the_interval_is_over_openings() {
        let game = |opening, margin| GameResult {
            opening,
            side: Side::First,
            moves: Vec::new(),
            margin,
            player_time: Times::default(),
            engine_time: Times::default(),
        };
        // Every opening split 1-1: the score is exactly ½, no spread.
        let even: Vec<GameResult> = (0..10).flat_map(|i| [game(i, 2), game(i, -2)]).collect();
        assert_eq!(score_interval(&even), (0.5, 0.0));
        // Half the openings won twice, half lost twice.
        let split: Vec<GameResult> = (0..10)
            .flat_map(|i| {
                let m = if i % 2 == 0 { 4 } else { -4 };
                [game(i, m), game(i, m)]
            })
            .collect();
        let (s, d) = score_interval(&split);
        assert_eq!(s, 0.5);
        assert!((d - 1.96 * (0.25f64 * 10.0 / 9.0 / 10.0).sqrt()).abs() < 1e-12);
        assert_eq!(game(0, 0).score(), 0.5);
    }

    #[test]
    fn openings_files_are_read_and_checked() {
        let o = read_openings("# comment\n\nf5d6\n  c4c3d3\n").unwrap();
        assert_eq!(o.len(), 2);
        let e = read_openings("f5d6\nf5f5\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
    }
}
