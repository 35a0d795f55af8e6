//! `selfplay othello train qnet …`, `selfplay othello eval …` and
//! `selfplay othello bench`: the Q-network learner of the Othello study on the
//! command line.

use std::path::Path;

use clap::builder::RangedU64ValueParser;
use clap::Args;
use web_time::Instant;

use super::bench::{bench_training, ql1_h64_selfplay};
use super::learners::{
    evaluate, preset, presets, EvalPoint, QNetRun, TrainOpponent, TrainerConfig,
};
use super::players::by_name as othello_player;
use super::qnet::Encoding;
use crate::learn::activation::Activation;
use crate::learn::bench::peak_multiply_adds;
use crate::plugin::DynRun;

use super::Board;
use crate::cli::{CliError, InputPath, OutputPath};

/// Options of `selfplay othello train`.
#[derive(Args)]
pub struct TrainArgs {
    /// The learner: `qnet` (Q-learning with a multilayer perceptron).
    #[arg(value_parser = ["qnet"])]
    pub algorithm: String,
    /// Start from a preset of the study (`ql1-h64-arctan-self`, …; `list`
    /// prints them). Other options override its fields.
    #[arg(long)]
    pub preset: Option<String>,
    /// Input encoding: ql1 (64 inputs, mover's view) or ql2 (129 inputs).
    #[arg(long)]
    pub encoding: Option<String>,
    /// Hidden nodes (the study: 40 or 64; 1 to 1024).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub hidden: Option<usize>,
    /// Activation: arctan or sigmoid (bipolar).
    #[arg(long)]
    pub activation: Option<String>,
    /// Training opponent: self or msb.
    #[arg(long)]
    pub opponent: Option<String>,
    /// Training games (the planned total of the run; 1 to 10^12).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: Option<u64>,
    /// Exploration constant C, β = games played / C (default: 3,000,000 for
    /// self-play, 1,500,000 against MSB; 1 to 10^12).
    #[arg(long, value_parser = crate::cli::positive(1e12))]
    pub c: Option<f64>,
    #[arg(long)]
    pub seed: Option<u64>,
    /// A learning-curve snapshot every K games (0: none; at most 10^12).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000_000))]
    pub eval_every: Option<u64>,
    /// Games per opponent in each snapshot (0 to 100,000; 0: no snapshots,
    /// unless --eval-every asks for them).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub eval_games: Option<u32>,
    /// Continue the run saved in this file (its settings are kept; --games
    /// sets a new total).
    #[arg(long)]
    pub resume: Option<InputPath>,
    /// Where to write the model (rewritten at every snapshot, so a long run
    /// can be stopped and resumed).
    #[arg(long)]
    pub out: OutputPath,
}

/// Options of `selfplay othello eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// A model written by `selfplay othello train qnet`.
    pub model: InputPath,
    /// Games per opponent (half as black, half as white; the first 5 plies
    /// of each game random; 1 to 100,000).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Opponents, comma-separated.
    #[arg(long, default_value = "random,mvb,msb")]
    pub opponents: String,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Options of `selfplay othello bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Timed training games (QL1, 64 hidden, arctan, self-play; 1 to
    /// 100,000,000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the results as JSON (one object).
    #[arg(long)]
    pub json: bool,
}

fn bad(e: String) -> CliError {
    CliError::BadInput(e)
}

fn build_config(a: &TrainArgs) -> Result<TrainerConfig, CliError> {
    let mut c = match &a.preset {
        Some(p) => preset(p).map_err(|e| {
            let names: Vec<String> = presets().into_iter().map(|p| p.name).collect();
            bad(format!("{e}; presets: {}", names.join(", ")))
        })?,
        None => TrainerConfig::default(),
    };
    if let Some(e) = &a.encoding {
        c.encoding = Encoding::parse(e).map_err(bad)?;
    }
    if let Some(h) = a.hidden {
        c.hidden = h;
    }
    if let Some(act) = &a.activation {
        c.activation = Activation::parse(act).map_err(bad)?;
    }
    if let Some(o) = &a.opponent {
        c.opponent = TrainOpponent::parse(o).map_err(bad)?;
        if a.preset.is_none() && a.c.is_none() {
            c.c = TrainerConfig::study_c(c.opponent);
        }
    }
    if let Some(g) = a.games {
        c.games = g;
    }
    if let Some(v) = a.c {
        c.c = v;
    }
    if let Some(s) = a.seed {
        c.seed = s;
    }
    if let Some(k) = a.eval_every {
        c.eval_every = k;
    }
    if let Some(g) = a.eval_games {
        c.eval_games = g;
    }
    match (a.eval_every, a.eval_games) {
        (Some(k), Some(0)) if k > 0 => {
            return Err(bad(format!(
                "--eval-every {k} asks for snapshots and --eval-games 0 for no games in them: give --eval-games 1 or more, or --eval-every 0 for no snapshots"
            )))
        }
        // No games in a snapshot: no snapshots.
        (None, Some(0)) => c.eval_every = 0,
        _ => {}
    }
    c.validate_new().map_err(bad)?;
    Ok(c)
}

/// A run's file: the run, and the seconds it has trained.
fn read_model(path: &Path) -> Result<(QNetRun, f64), CliError> {
    let model = crate::cli::read_model_of(
        path,
        <Board as crate::Game>::NAME,
        <Board as crate::plugin::Playable>::TITLE,
    )?;
    let t = QNetRun::resume(&model, &Default::default())
        .map_err(|e| bad(format!("{}: {e}", path.display())))?;
    Ok((t, model.header.train_seconds))
}

/// Writes the run's full state, with the seconds it has trained, so that a
/// crash never leaves half a file.
fn write_model(path: &Path, t: &QNetRun, seconds: f64) -> Result<(), CliError> {
    let mut model = t.checkpoint().map_err(CliError::Internal)?;
    model.header.train_seconds = seconds;
    let bytes = crate::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
    crate::cli::write_atomic(path, &bytes)
}

fn curve_header() {
    println!(
        "{:>11} {:>8} {:>8}  {:>13} {:>13} {:>13}",
        "games", "seconds", "games/s", "random B/W %", "mvb B/W %", "msb B/W %"
    );
}

fn curve_line(p: &EvalPoint, secs: f64, rate: f64) {
    let cell = |i: usize| {
        p.results.get(i).map_or(String::from("-"), |r| {
            format!("{:.1}/{:.1}", r.black.win_percent(), r.white.win_percent())
        })
    };
    println!(
        "{:>11} {secs:>8.0} {rate:>8.0}  {:>13} {:>13} {:>13}",
        p.games,
        cell(0),
        cell(1),
        cell(2)
    );
}

pub fn train(a: TrainArgs) -> Result<(), CliError> {
    if a.preset.as_deref() == Some("list") {
        for p in presets() {
            let c = &p.config;
            let note = p.note.map(|n| format!("  ({n})")).unwrap_or_default();
            println!("{:<26} games {:>10}  C {:>9}{note}", p.name, c.games, c.c);
        }
        return Ok(());
    }
    if a.algorithm != "qnet" {
        return Err(bad(format!(
            "unknown learner {:?}; Othello has: qnet",
            a.algorithm
        )));
    }
    // The seconds of training go on from the file's, as `selfplay run`'s do:
    // making or resuming the run, its games and its snapshots.
    let started = Instant::now();
    let (mut t, before) = match &a.resume {
        Some(path) => {
            let (mut t, seconds) = read_model(path)?;
            if let Some(g) = a.games {
                t.set_total(g).map_err(bad)?;
            }
            (t, seconds)
        }
        None => (QNetRun::new(build_config(&a)?).map_err(bad)?, 0.0),
    };
    let c = t.config().clone();
    // Chunks end at snapshots so the file on disk is never more than one
    // snapshot behind.
    let snapshots = c.eval_every > 0 && c.eval_games > 0;
    let chunk = if snapshots { c.eval_every } else { 100_000 };
    eprintln!(
        "training {} for {} games (C {}, seed {}, {}) → {}",
        c.label(),
        c.games,
        c.c,
        c.seed,
        if snapshots {
            format!(
                "a snapshot every {} games × {} per opponent",
                c.eval_every, c.eval_games
            )
        } else {
            format!("no snapshots; the model written every {chunk} games")
        },
        a.out.display()
    );
    curve_header();
    // The untrained snapshot (if due) before the clock starts.
    t.train(0);
    for p in t.curve() {
        curve_line(p, 0.0, 0.0);
    }
    let start = Instant::now();
    let first = t.games();
    loop {
        let until_next = chunk - t.games() % chunk;
        let (games, points) = (t.games(), t.curve().len());
        t.train(until_next);
        let trained = t.games() - games;
        let secs = start.elapsed().as_secs_f64();
        let rate = (t.games() - first) as f64 / secs.max(1e-9);
        for s in &t.curve()[points..] {
            curve_line(s, secs, rate);
        }
        if t.curve().len() == points && trained > 0 {
            println!("{:>11} {secs:>8.0} {rate:>8.0}", t.games());
        }
        write_model(&a.out, &t, before + started.elapsed().as_secs_f64())?;
        if t.is_done() || trained == 0 {
            break;
        }
    }
    eprintln!(
        "{} games trained in {:.0} s; model written to {}",
        t.games() - first,
        start.elapsed().as_secs_f64(),
        a.out.display()
    );
    Ok(())
}

pub fn eval(a: EvalArgs) -> Result<(), CliError> {
    let (t, _) = read_model(&a.model)?;
    let mut results = Vec::new();
    if !a.json {
        println!(
            "{} after {} training games; {} games per opponent, first 5 plies random, seed {}",
            t.config().label(),
            t.games(),
            a.games,
            a.seed
        );
        println!(
            "{:<8} {:>16} {:>16} {:>8}",
            "opponent", "as black W/D/L", "as white W/D/L", "win %"
        );
    }
    // Every name is checked before the first game.
    let mut opponents = a
        .opponents
        .split(',')
        .map(|n| othello_player(n.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, opp) in opponents.iter_mut().enumerate() {
        let r = evaluate(
            t.learner().net(),
            opp.as_mut(),
            a.games,
            a.seed.wrapping_add(i as u64),
        );
        if !a.json {
            let wdl = |r: &crate::arena::Record| format!("{}/{}/{}", r.wins, r.draws, r.losses);
            let mut total = r.black;
            total.merge(&r.white);
            println!(
                "{:<8} {:>16} {:>16} {:>8}",
                r.opponent,
                wdl(&r.black),
                wdl(&r.white),
                format!("{:.1}/{:.1}", r.black.win_percent(), r.white.win_percent())
            );
        }
        results.push(r);
    }
    if a.json {
        let out = serde_json::json!({
            "label": t.config().label(),
            "games_trained": t.games(),
            "games": a.games,
            "seed": a.seed,
            "results": results,
        });
        println!("{out}");
    }
    Ok(())
}

/// The multiply-add peak of one core, measured with a register-resident
/// kernel of the same build (best of a few runs).
fn measured_peak() -> f64 {
    (0..3)
        .map(|_| peak_multiply_adds(20_000_000))
        .fold(0.0, f64::max)
}

/// The core's clock in MHz from /proc/cpuinfo (Linux), if available.
fn cpu_mhz() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .find(|l| l.starts_with("cpu MHz"))
        .and_then(|l| l.split(':').nth(1))
        .and_then(|v| v.trim().parse().ok())
}

pub fn bench(a: BenchArgs) -> Result<(), CliError> {
    let warmup = (a.games / 10).max(100);
    let r = bench_training(ql1_h64_selfplay(a.seed), warmup, a.games).map_err(bad)?;
    let peak = measured_peak();
    let mhz = cpu_mhz();
    // Zen 4 / Ice Lake class cores: 2 FMA pipes × 8 f32 lanes (256-bit).
    let fma_lanes_per_cycle = 16.0;
    let hw_peak = mhz.map(|m| m * 1e6 * fma_lanes_per_cycle);
    let hours_10m = 1e7 / r.games_per_second / 3600.0;
    if a.json {
        let out = serde_json::json!({
            "label": r.label,
            "games": r.games,
            "seconds": r.seconds,
            "games_per_second": r.games_per_second,
            "multiply_adds_per_second": r.multiply_adds_per_second,
            "multiply_adds_per_game": r.multiply_adds as f64 / r.games as f64,
            "build_peak_multiply_adds_per_second": peak,
            "core_peak_multiply_adds_per_second": hw_peak,
            "hours_for_10m_games": hours_10m,
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "{}: {} training games in {:.2} s = {:.0} games/s (10M games: {:.2} h)",
        r.label, r.games, r.seconds, r.games_per_second, hours_10m
    );
    println!(
        "network multiply-adds: {:.0} per game, {:.2} G/s",
        r.multiply_adds as f64 / r.games as f64,
        r.multiply_adds_per_second / 1e9
    );
    println!(
        "peak of this build (register-resident multiply-add kernel, same compiler flags): {:.2} G/s → {:.0}% of it",
        peak / 1e9,
        100.0 * r.multiply_adds_per_second / peak
    );
    if let Some(p) = hw_peak {
        println!(
            "core peak (cpu MHz {:.0} × 16 f32 FMA per cycle: two 256-bit FMA pipes): {:.1} G/s → {:.1}% of it",
            p / 1e6 / 16.0,
            p / 1e9,
            100.0 * r.multiply_adds_per_second / p
        );
    }
    Ok(())
}
