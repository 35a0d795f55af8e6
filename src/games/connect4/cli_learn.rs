//! `selfplay connect4 experiment` and `match`: the study's Q-learning
//! experiments from the command line, and a saved table's matches.

use std::path::{Path, PathBuf};

use clap::builder::RangedU64ValueParser;
use clap::Args;
use web_time::Instant;

use super::learners::q_table::model_player;
use super::learners::q_table::{
    greedy_record, mirror_canonical, preset, LearnerSide, QTableRun as Run,
};
use super::perfect::PerfectPlayer;
use super::rules::Position;
use crate::cli::{CliError, InputPath, OutputPath};
use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::learn::q_table::QTable;
use crate::plugin::run::thousands;
use crate::plugin::DynRun;
use crate::search::budget::{Budget, Limits};

#[derive(Args)]
pub struct ExperimentArgs {
    /// 1: survive the stupid player (ε 0–5%) or 2: beat the random player
    /// (ε 0–30%).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=2))]
    pub number: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Override the number of learning games of every run (1 to
    /// 100,000,000, as on the page).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: Option<u64>,
    /// Only these runs (0-based indices, comma-separated; 0 to 99).
    #[arg(long, value_delimiter = ',', value_parser = RangedU64ValueParser::<usize>::new().range(0..=99))]
    pub runs: Vec<usize>,
    /// Greedy games (learning off) against the opponent after each run (0
    /// to 100,000).
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_EVAL)))]
    pub eval: u32,
    /// Positions solved for the share of optimal moves (0: none; at most
    /// 2,000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(super::learners::q_table::MAX_SAMPLE)))]
    pub sample: Option<u32>,
    /// Write the learned table as a model file; with several runs, each
    /// run's file gets `-e<ε%>` before the extension.
    #[arg(long)]
    pub out: Option<OutputPath>,
    /// Print every curve point (else about ten per run).
    #[arg(long)]
    pub full: bool,
    /// Share one table entry between a position and its mirror image.
    #[arg(long)]
    pub mirror: bool,
    /// Choose the learner's non-random moves by a lookahead of this many
    /// plies over its table (0: the plain table; at most 8).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=i64::from(super::learners::q_table::MAX_LOOKAHEAD)))]
    pub lookahead: u8,
    /// The learner's side: first, second or alternate.
    #[arg(long, default_value = "first")]
    pub side: String,
}

#[derive(Args)]
pub struct MatchArgs {
    /// A model file of a Connect Four table (from `experiment --out`, or
    /// saved by the page).
    pub model: InputPath,
    /// Lookahead depths in plies, comma-separated (0: the plain table; at
    /// most 8).
    #[arg(long, value_delimiter = ',', default_value = "0,1,2,4", value_parser = clap::value_parser!(u8).range(0..=i64::from(super::learners::q_table::MAX_LOOKAHEAD)))]
    pub depth: Vec<u8>,
    /// Opponents, comma-separated: random, stupid, perfect, or perfect:T
    /// (the perfect player with temperature T).
    #[arg(long, value_delimiter = ',', default_value = "random,stupid")]
    pub against: Vec<String>,
    /// Games per depth, opponent and side (1 to 1,000,000).
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The sides the table plays: first, second or both.
    #[arg(long, default_value = "both")]
    pub sides: String,
    /// The perfect player's node limit per move (it plays the best column
    /// it has solved when the limit runs out; see `connect4::player`; 1 to
    /// 10^12).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub nodes: u64,
}

/// The most learning games of an experiment's run (the page's bound).
pub(super) const MAX_GAMES: u64 = 100_000_000;
/// The most greedy games after an experiment's run.
pub(super) const MAX_EVAL: u32 = 100_000;

/// `out` with `-e<pct>` before the extension.
pub(super) fn run_path(out: &Path, epsilon: f32, several: bool) -> PathBuf {
    let path = out;
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

pub(super) fn experiment(a: ExperimentArgs) -> Result<(), CliError> {
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
            c.total_games = g;
        }
        if let Some(s) = a.sample {
            c.perfect_sample = s;
        }
        c.mirror = a.mirror;
        c.lookahead = a.lookahead;
        c.side = LearnerSide::parse(&a.side).ok_or_else(|| {
            CliError::BadInput(format!(
                "--side must be first, second or alternate, not {}",
                crate::words::quote(&a.side)
            ))
        })?;
        c.validate().map_err(CliError::BadInput)?;
    }
    let several = configs.len() > 1;
    if let Some(out) = &a.out {
        for c in &configs {
            crate::cli::check_output(&run_path(out, c.learner.epsilon, several))?;
        }
    }
    let first = &configs[0];
    println!(
        "Experiment {}: against the {} player, rewards win {} draw {} loss {}, α {} γ {}, {} games a run, a point every {} games; learner {}, mirror images {}, lookahead {}",
        a.number,
        first.opponent.label(),
        first.rewards.win,
        first.rewards.draw,
        first.rewards.loss,
        first.learner.alpha,
        first.learner.gamma,
        thousands(first.total_games),
        thousands(u64::from(first.block_games)),
        first.side.label(),
        if first.mirror { "shared" } else { "apart" },
        first.lookahead,
    );
    for c in configs {
        let mut run = Run::new(c.clone()).map_err(CliError::BadInput)?;
        let start = Instant::now();
        run.run_to_end();
        let seconds = start.elapsed().as_secs_f64();
        println!();
        println!(
            "{} (seed {}): {} games in {seconds:.1} s ({:.0} games/s; the optimal-move share took {:.1} s of it)",
            c.label,
            c.seed,
            thousands(run.games()),
            run.games() as f64 / seconds.max(1e-9),
            run.learner().optimal_seconds()
        );
        println!(
            "  games       moves   win%  draw%  loss%   own opt%  checked skipped  test opt%      cells        MB"
        );
        let curve = run.curve();
        let stride = if a.full {
            1
        } else {
            curve.len().div_ceil(10).max(1)
        };
        let percent = |o: Option<f64>| o.map_or("-".into(), |o| format!("{o:.1}"));
        for (i, p) in curve.iter().enumerate() {
            if i % stride != 0 && i + 1 != curve.len() {
                continue;
            }
            let pc = |n: u32| 100.0 * f64::from(n) / f64::from(p.block.max(1));
            println!(
                "  {:>9}  {:>6.2}  {:>5.1}  {:>5.1}  {:>5.1}  {:>9}  {:>7} {:>7}  {:>9}  {:>9}  {:>8.1}",
                p.games,
                p.moves,
                pc(p.wins),
                pc(p.draws),
                pc(p.losses),
                percent(p.own_optimal),
                p.own_checked,
                p.own_skipped,
                percent(p.test_optimal),
                p.entries,
                p.bytes as f64 / 1e6
            );
        }
        if c.perfect_sample > 0 {
            optimal_summary(&run);
        }
        let t = run.learner().q().table();
        if a.eval > 0 && c.side != LearnerSide::Alternate {
            let mut opponent = c.opponent.player();
            let mut rng = rng_from_seed(c.seed ^ 0xe7a1);
            let (w, d, l) = greedy_record(run.learner().q(), opponent.as_mut(), a.eval, &mut rng);
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
        if !t.mirror {
            let folded: std::collections::HashSet<u64> = t
                .table
                .iter()
                .map(|(cell, _)| mirror_canonical(cell))
                .collect();
            println!(
                "  the same cells with mirror images shared: {}",
                thousands(folded.len() as u64)
            );
        }
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

/// The optimal-move share of a finished run, in sums: over every curve
/// point, the own-game positions checked and skipped; on the test
/// positions of the learner's sides, how many the table holds a value for,
/// and the share a player choosing at random among the legal columns gets.
pub(super) fn optimal_summary(run: &Run) {
    let curve = run.curve();
    let checked: u64 = curve.iter().map(|p| u64::from(p.own_checked)).sum();
    let skipped: u64 = curve.iter().map(|p| u64::from(p.own_skipped)).sum();
    let sides = [run.config().side.of_game(0), run.config().side.of_game(1)];
    let tests: Vec<_> = super::optimal::test_sample()
        .iter()
        .filter(|t| sides.contains(&t.position.to_move()))
        .collect();
    let mut moves = Vec::new();
    let known = tests
        .iter()
        .filter(|t| {
            t.position.legal_moves(&mut moves);
            moves
                .iter()
                .any(|&m| run.learner().q().q_value(&t.position, m) != 0.0)
        })
        .count();
    let chance = super::optimal::share(tests.iter().map(|t| {
        t.position.legal_moves(&mut moves);
        (super::optimal::mask_of(&moves), t.optimal)
    }));
    println!(
        "  optimal moves: own games {} positions checked, {} skipped ({:.1}%); {} test positions, the table has values for {known}; a random column is optimal in {:.1}% of them",
        thousands(checked),
        thousands(skipped),
        100.0 * skipped as f64 / (checked + skipped).max(1) as f64,
        tests.len(),
        chance.unwrap_or(0.0)
    );
}

/// An opponent of `match`.
pub(super) enum MatchOpponent {
    Fixed(Box<dyn Player<Position> + Send>),
    /// The perfect player and its node limit per move.
    Perfect(Box<PerfectPlayer>, u64),
}

impl MatchOpponent {
    fn parse(text: &str, nodes: u64) -> Result<MatchOpponent, CliError> {
        let bad = || {
            CliError::BadInput(format!(
                "unknown opponent '{text}' (random, stupid, perfect or perfect:T)"
            ))
        };
        // The learners' opponents by their names in a run's settings.
        let fixed = serde_json::from_value(serde_json::Value::from(text));
        if let Ok(opponent) = fixed {
            let opponent: super::learners::q_table::Opponent = opponent;
            return Ok(MatchOpponent::Fixed(opponent.player()));
        }
        Ok(match text {
            "perfect" => MatchOpponent::Perfect(Box::new(PerfectPlayer::new(0.0)), nodes),
            t => {
                let temperature: f64 = t
                    .strip_prefix("perfect:")
                    .and_then(|x| x.parse().ok())
                    .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                    .ok_or_else(bad)?;
                MatchOpponent::Perfect(Box::new(PerfectPlayer::new(temperature)), nodes)
            }
        })
    }

    fn choose(&mut self, p: &Position, rng: &mut Rng) -> u8 {
        match self {
            MatchOpponent::Fixed(player) => player.choose(p, rng),
            MatchOpponent::Perfect(player, nodes) => {
                player
                    .think(p, rng, &mut Budget::new(Limits::nodes(*nodes)))
                    .mv
            }
        }
    }
}

pub(super) fn play_match(a: MatchArgs) -> Result<(), CliError> {
    let model = crate::cli::read_model_of(
        &a.model,
        <Position as crate::Game>::NAME,
        <Position as crate::plugin::Playable>::TITLE,
    )?;
    let sides: &[Side] = match a.sides.as_str() {
        "first" => &[Side::First],
        "second" => &[Side::Second],
        "both" => &[Side::First, Side::Second],
        s => {
            return Err(CliError::BadInput(format!(
                "--sides must be first, second or both, not '{s}'"
            )))
        }
    };
    if let Some(&d) = a
        .depth
        .iter()
        .find(|&&d| d > super::learners::q_table::MAX_LOOKAHEAD)
    {
        return Err(CliError::BadInput(format!(
            "--depth {d} is deeper than {}",
            super::learners::q_table::MAX_LOOKAHEAD
        )));
    }
    let mut opponents = a
        .against
        .iter()
        .map(|t| MatchOpponent::parse(t, a.nodes).map(|o| (t.clone(), o)))
        .collect::<Result<Vec<_>, _>>()?;
    let (player, learned) = model_player(&model, 0).map_err(CliError::BadInput)?;
    let mut player = player;
    println!(
        "{}: {} cells; learned {}; {} games per line, seed {}",
        a.model.display(),
        thousands(player.learner.table().entries() as u64),
        learned.map_or("both sides", |s| if s == Side::First {
            "as first player"
        } else {
            "as second player"
        }),
        a.games,
        a.seed
    );
    println!("depth  opponent      side     wins  draws  losses   win%   draw%  loss%   seconds");
    for &depth in &a.depth {
        player.depth = depth;
        for (name, opponent) in &mut opponents {
            for &side in sides {
                let mut rng = rng_from_seed(a.seed);
                let start = Instant::now();
                let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
                for _ in 0..a.games {
                    let mut g = Position::new();
                    while !g.is_over() {
                        let m = if g.to_move() == side {
                            player.choose(&g, &mut rng)
                        } else {
                            opponent.choose(&g, &mut rng)
                        };
                        g.play(m);
                    }
                    match g.outcome() {
                        Some(Outcome::Win(s)) if s == side => w += 1,
                        Some(Outcome::Win(_)) => l += 1,
                        _ => d += 1,
                    }
                }
                let pc = |n: u32| 100.0 * f64::from(n) / f64::from(a.games.max(1));
                println!(
                    "{depth:>5}  {name:<12}  {:<7} {w:>5}  {d:>5}  {l:>6}  {:>5.1}  {:>6.1}  {:>5.1}  {:>8.1}",
                    if side == Side::First { "first" } else { "second" },
                    pc(w),
                    pc(d),
                    pc(l),
                    start.elapsed().as_secs_f64()
                );
            }
        }
    }
    Ok(())
}
