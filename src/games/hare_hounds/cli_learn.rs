//! `selfplay hare-hounds experiment` and `train`: the study's Q-learning
//! experiments and single training runs from the command line, their
//! summaries, curves and model files.

use std::io::Write;
use std::sync::Arc;

use clap::Args;
use serde_json::json;

use super::learners::q_table::{
    preset, CurvePoint, HareConfig, Probe, QTableRun as Run, RunConfig,
};
use super::players::PerfectPlayer;
use super::solve::{PerfectShare, Solution};
use super::HareHounds;
use crate::learn::q_table::{QLearner, QParams};
use crate::players::RandomPlayer;
use crate::plugin::DynRun;
use crate::{rng_from_seed, Game, Player, Side};

use crate::cli::{CliError, OutputPath};

#[derive(Args)]
pub struct ExperimentArgs {
    /// 1 to 5: 1 α×γ grid; 2 ε sweep; 3 simple hare; 4 Q convergence; 5 both learn.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=5))]
    pub number: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the curves here: `.csv` (one row per point) or `.json`.
    #[arg(long)]
    pub out: Option<OutputPath>,
    /// Override the number of learning games of every run (1 to
    /// 100,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: Option<u64>,
    /// Only these runs (0-based indices, comma-separated; 0 to 99).
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=99))]
    pub runs: Vec<usize>,
    /// A probe "position|move" for experiment 4 (repeat up to any number;
    /// replaces the default three), e.g. "hounds=e,c,i hare=R|e-f".
    #[arg(long)]
    pub probe: Vec<String>,
    /// Runs in parallel (threads, 1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub threads: usize,
}

#[derive(Args)]
pub struct TrainArgs {
    /// Which side learns: hounds, hare, or both (against each other).
    #[arg(long, default_value = "hounds", value_parser = ["hounds", "hare", "both"])]
    pub side: String,
    /// The opponent of a single learner: random, simple (hare only), perfect.
    #[arg(long, default_value = "random")]
    pub opponent: String,
    /// Learning rate α (0 to 1).
    #[arg(long, default_value_t = 0.1, value_parser = crate::cli::float32_range(0.0, 1.0))]
    pub alpha: f32,
    /// Discount γ (0 to 1).
    #[arg(long, default_value_t = 0.9, value_parser = crate::cli::float32_range(0.0, 1.0))]
    pub gamma: f32,
    /// Exploration ε (0 to 1).
    #[arg(long, default_value_t = 0.5, value_parser = crate::cli::float32_range(0.0, 1.0))]
    pub epsilon: f32,
    /// Learning games (1 to 100,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the learner, a model file (`.selfplay`; for `--side
    /// both`: the hounds).
    #[arg(long)]
    pub out: OutputPath,
    /// For `--side both` (and only then): where to write the hare, another
    /// file than `--out`.
    #[arg(long)]
    pub hare_out: Option<OutputPath>,
}

/// The most learning games of a run on the command line.
pub(super) const MAX_GAMES: u64 = 100_000_000;

pub(super) fn side_name(s: Side) -> &'static str {
    match s {
        Side::First => "hounds",
        Side::Second => "hare",
    }
}

pub(super) fn parse_probe(text: &str) -> Result<Probe, CliError> {
    let (p, a) = text.split_once('|').ok_or_else(|| {
        CliError::BadInput(format!(
            "probe {} is not \"position|move\"",
            crate::words::quote(text)
        ))
    })?;
    Ok(Probe {
        position: p.trim().to_string(),
        action: a.trim().to_string(),
    })
}

/// The first point from which the win % stays at or above `level` to the end.
pub(super) fn stable_from(curve: &[CurvePoint], level: f64) -> Option<u64> {
    let mut from = None;
    for p in curve {
        match p.win_percent {
            Some(w) if w >= level => {
                from.get_or_insert(p.games);
            }
            Some(_) => from = None,
            None => {}
        }
    }
    from
}

pub(super) fn experiment(a: ExperimentArgs) -> Result<(), CliError> {
    if let Some(path) = &a.out {
        let name = path.to_string_lossy();
        if !(name.ends_with(".csv") || name.ends_with(".json")) {
            return Err(CliError::BadInput(format!(
                "--out {name}: the name must end in .csv or .json"
            )));
        }
    }
    let mut configs = preset(a.number, a.seed).map_err(CliError::BadInput)?;
    if !a.probe.is_empty() {
        let probes = a
            .probe
            .iter()
            .map(|p| parse_probe(p))
            .collect::<Result<Vec<_>, _>>()?;
        for c in &mut configs {
            c.probes = probes.clone();
        }
    }
    if let Some(g) = a.games {
        for c in &mut configs {
            c.total_games = g;
        }
    }
    if !a.runs.is_empty() {
        if let Some(bad) = a.runs.iter().find(|&&i| i >= configs.len()) {
            return Err(CliError::BadInput(format!(
                "run {bad} does not exist (experiment {} has runs 0-{})",
                a.number,
                configs.len() - 1
            )));
        }
        configs = a.runs.iter().map(|&i| configs[i].clone()).collect();
    }
    let runs = configs
        .into_iter()
        .map(Run::new)
        .collect::<Result<Vec<_>, _>>()
        .map_err(CliError::BadInput)?;
    let t = web_time::Instant::now();
    let threads = a.threads.max(1);
    let done: Vec<Run> = if threads == 1 {
        runs.into_iter().map(run_with_progress).collect()
    } else {
        let queue = std::sync::Mutex::new(runs.into_iter().enumerate().collect::<Vec<_>>());
        let results = std::sync::Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let next = queue.lock().expect("queue").pop();
                    let Some((i, r)) = next else { break };
                    let r = run_with_progress(r);
                    results.lock().expect("results").push((i, r));
                });
            }
        });
        let mut r = results.into_inner().expect("results");
        r.sort_by_key(|(i, _)| *i);
        r.into_iter().map(|(_, r)| r).collect()
    };
    eprintln!("finished in {:.1} s", t.elapsed().as_secs_f64());
    for r in &done {
        summarise(r);
    }
    if let Some(path) = &a.out {
        write_curves(&path.to_string_lossy(), &done)?;
        eprintln!("curves written to {path}");
    }
    Ok(())
}

pub(super) fn run_with_progress(mut r: Run) -> Run {
    let total = r.config().total_games;
    let chunk = (total / 10).max(1);
    while !r.is_done() {
        r.step(chunk);
        let last = r.curve().last().expect("a point");
        eprintln!(
            "[{}] {} / {} games{}",
            r.config().label,
            r.games(),
            total,
            last.win_percent
                .map(|w| format!(", win {w:.1}%"))
                .unwrap_or_default()
        );
    }
    r
}

pub(super) fn summarise(r: &Run) {
    let c = r.config();
    let curve = r.curve();
    let last = curve.last().expect("a finished run has points");
    print!("{}: {} games", c.label, r.games());
    if let Some(w) = last.win_percent {
        let tail: Vec<f64> = curve
            .iter()
            .rev()
            .take(curve.len() / 10 + 1)
            .filter_map(|p| p.win_percent)
            .collect();
        let tail_mean = tail.iter().sum::<f64>() / tail.len() as f64;
        let tail_min = tail.iter().cloned().fold(f64::INFINITY, f64::min);
        print!(", final win {w:.1}%, last 10% of points mean {tail_mean:.1}% min {tail_min:.1}%");
        let fmt = |o: Option<u64>| o.map_or("never".to_string(), |g| g.to_string());
        print!(
            ", first point >= 90%: {}, >= 90% from: {}, 100% from: {}",
            fmt(curve
                .iter()
                .find(|p| p.win_percent >= Some(90.0))
                .map(|p| p.games)),
            fmt(stable_from(curve, 90.0)),
            fmt(stable_from(curve, 100.0))
        );
    }
    if let Some(w) = last.vs_perfect_percent {
        print!(
            ", against the perfect hare {w:.1}% (first point > 0: {})",
            curve
                .iter()
                .find(|p| p.vs_perfect_percent > Some(0.0))
                .map_or("never".to_string(), |p| p.games.to_string())
        );
    }
    if let Some(p) = last.hounds_perfect {
        print!(
            ", hounds perfect in {:.1}% of positions ({:.1}% of won ones)",
            100.0 * p.all,
            100.0 * p.winning
        );
    }
    if let Some(p) = last.hare_perfect {
        print!(
            ", hare perfect in {:.1}% ({:.1}% of won ones)",
            100.0 * p.all,
            100.0 * p.winning
        );
    }
    println!();
    for (i, probe) in c.probes.iter().enumerate() {
        let values: Vec<String> = [curve.len() / 4, curve.len() / 2, curve.len() - 1]
            .iter()
            .map(|&k| format!("{:.3} at {}", curve[k].probes[i], curve[k].games))
            .collect();
        println!(
            "  Q({} | {}) = {}",
            probe.position,
            probe.action,
            values.join(", ")
        );
    }
}

pub(super) fn write_curves(path: &str, runs: &[Run]) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::Internal(format!("writing {path}: {e}"));
    let mut f: Vec<u8> = Vec::new();
    if path.ends_with(".json") {
        let v: Vec<_> = runs
            .iter()
            .map(|r| json!({"config": r.config(), "curve": r.curve()}))
            .collect();
        serde_json::to_writer(&mut f, &v).map_err(|e| CliError::Internal(e.to_string()))?;
    } else if path.ends_with(".csv") {
        let probes = runs
            .iter()
            .map(|r| r.config().probes.len())
            .max()
            .unwrap_or(0);
        write!(
            f,
            "run,label,games,win_percent,vs_perfect_percent,hounds_perfect,hounds_perfect_won,hare_perfect,hare_perfect_won"
        )
        .map_err(io)?;
        for i in 0..probes {
            write!(f, ",q{i}").map_err(io)?;
        }
        writeln!(f).map_err(io)?;
        let opt = |o: Option<f64>| o.map_or(String::new(), |v| format!("{v:.4}"));
        for (i, r) in runs.iter().enumerate() {
            for p in r.curve() {
                write!(
                    f,
                    "{i},\"{}\",{},{},{},{},{},{},{}",
                    r.config().label,
                    p.games,
                    opt(p.win_percent),
                    opt(p.vs_perfect_percent),
                    opt(p.hounds_perfect.map(|s| s.all)),
                    opt(p.hounds_perfect.map(|s| s.winning)),
                    opt(p.hare_perfect.map(|s| s.all)),
                    opt(p.hare_perfect.map(|s| s.winning)),
                )
                .map_err(io)?;
                for q in &p.probes {
                    write!(f, ",{q:.6}").map_err(io)?;
                }
                writeln!(f).map_err(io)?;
            }
        }
    } else {
        return Err(CliError::BadInput(format!(
            "--out {path}: the name must end in .csv or .json"
        )));
    }
    crate::cli::write_atomic(std::path::Path::new(path), &f)
}

/// Writes a learner as a model file (`.selfplay`), with the perfect-move
/// share as its evaluation.
pub(super) fn write_model(
    path: &std::path::Path,
    learner: &QLearner<HareHounds>,
    name: &str,
    seed: u64,
    share: PerfectShare,
) -> Result<(), CliError> {
    let mut model = learner.to_model(name, seed).map_err(CliError::Internal)?;
    model.header.evaluation = json!({ "perfect_share": share });
    let bytes = crate::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
    crate::cli::write_atomic(path, &bytes)
}

pub(super) fn train(a: TrainArgs) -> Result<(), CliError> {
    let params = QParams {
        alpha: a.alpha,
        gamma: a.gamma,
        epsilon: a.epsilon,
    };
    params.validate().map_err(CliError::BadInput)?;
    // Every check of the options together, before any work.
    match (a.side.as_str(), &a.hare_out) {
        ("both", None) => {
            return Err(CliError::BadInput(
                "--side both needs --hare-out for the hare".into(),
            ))
        }
        ("both", Some(hare)) => {
            crate::cli::check_distinct_outputs(&[("--out", &a.out), ("--hare-out", hare)])?
        }
        (side, Some(_)) => {
            return Err(CliError::BadInput(format!(
            "--hare-out is for --side both only; with --side {side} the one learner goes to --out"
        )))
        }
        _ => {}
    }
    let opponents: &[&str] = match a.side.as_str() {
        "hounds" => &["random", "simple", "perfect"],
        "hare" => &["random", "perfect"],
        _ => &[a.opponent.as_str()],
    };
    if !opponents.contains(&a.opponent.as_str()) {
        return Err(CliError::BadInput(format!(
            "--opponent {}: against the learning {} it can be {}",
            crate::cli::quote(&a.opponent),
            a.side,
            opponents.join(", ")
        )));
    }
    let solution = Arc::new(Solution::solve());
    let t = web_time::Instant::now();
    match a.side.as_str() {
        "hounds" | "both" => {
            let hare = if a.side == "both" {
                HareConfig::Learning(params)
            } else {
                HareConfig::fixed(&a.opponent)
                    .map_err(|e| CliError::BadInput(format!("--opponent: {e}")))?
            };
            let config = RunConfig {
                label: format!("train {}", a.side),
                hounds: params,
                hare,
                learn_games: a.games.clamp(1, u64::from(u32::MAX)) as u32,
                eval_games: 0,
                total_games: a.games,
                seed: a.seed,
                perfect_share: true,
                probes: Vec::new(),
            };
            let mut run = Run::new(config).map_err(CliError::BadInput)?;
            run.run_to_end();
            let last = run.curve().last().expect("a point");
            let p = last.hounds_perfect.expect("measured");
            println!(
                "trained {} games in {:.1} s; greedy hounds perfect in {:.1}% of reachable positions ({:.1}% of won ones)",
                a.games,
                t.elapsed().as_secs_f64(),
                100.0 * p.all,
                100.0 * p.winning
            );
            let name = if a.side == "both" {
                "hounds (both learn)".to_string()
            } else {
                format!("hounds vs {} hare", a.opponent)
            };
            write_model(&a.out, run.learner().hounds(), &name, a.seed, p)?;
            if let Some(hare) = run.learner().hare_learner() {
                let path = a.hare_out.as_ref().ok_or_else(|| {
                    CliError::BadInput("--side both needs --hare-out for the hare".into())
                })?;
                let p = last.hare_perfect.expect("measured");
                println!(
                    "greedy hare perfect in {:.1}% of reachable positions ({:.1}% of won ones)",
                    100.0 * p.all,
                    100.0 * p.winning
                );
                write_model(path, hare, "hare (both learn)", a.seed, p)?;
            }
        }
        "hare" => {
            use crate::learn::q_table::{play_learning_game, Agent};
            let mut hare: QLearner<HareHounds> =
                QLearner::new(Side::Second, params).map_err(CliError::BadInput)?;
            let mut hounds: Box<dyn Player<HareHounds>> = match a.opponent.as_str() {
                "random" => Box::new(RandomPlayer::new()),
                "perfect" => Box::new(PerfectPlayer::new(solution.clone())),
                o => {
                    return Err(CliError::BadInput(format!(
                        "--opponent {o}: the hounds can be random or perfect"
                    )))
                }
            };
            let mut rng = rng_from_seed(a.seed);
            let start = HareHounds::start();
            for _ in 0..a.games {
                play_learning_game(
                    &start,
                    Agent::Fixed(hounds.as_mut()),
                    Agent::Learning(&mut hare),
                    &mut rng,
                );
            }
            let p = solution.perfect_share(Side::Second, |g, out| hare.greedy_moves(g, out));
            println!(
                "trained {} games in {:.1} s; greedy hare perfect in {:.1}% of reachable positions ({:.1}% of won ones)",
                a.games,
                t.elapsed().as_secs_f64(),
                100.0 * p.all,
                100.0 * p.winning
            );
            write_model(
                &a.out,
                &hare,
                &format!("hare vs {} hounds", a.opponent),
                a.seed,
                p,
            )?;
        }
        s => {
            return Err(CliError::BadInput(format!(
                "--side {s}: expected hounds, hare or both"
            )))
        }
    }
    Ok(())
}
