//! `selfplay run GAME KIND`: any kind of training run of any game, from one
//! of its presets, through the same run the page trains (the kind's
//! `plugin::Run` of its learner): the curve points as they are measured, the
//! run's last sentence, and the model file the page imports.

use std::path::Path;

use selfplay::cli::{CliError, InputPath, OutputPath};
use selfplay::plugin::Training as _;
use selfplay::plugin::{native_clock, ResumeOptions, TimedRun};
use serde_json::Value;

/// The arguments of `selfplay run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The game (its id: `selfplay run list` lists the games, their kinds
    /// of run and presets).
    game: String,
    /// The kind of run (the game's `runs`, e.g. `values`, `q_table`).
    kind: Option<String>,
    /// The preset whose settings the run starts from.
    #[arg(long, conflicts_with = "resume")]
    preset: Option<String>,
    /// The seed (a preset's runs derive theirs from it), 0 to 2^53.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(0..=(1u64 << 53)))]
    seed: u64,
    /// A setting over the preset's, `path=value` (a dotted path into the
    /// settings; the value as JSON, or as text): `--set games=1000`.
    #[arg(long = "set", value_name = "PATH=VALUE", conflicts_with = "resume")]
    sets: Vec<String>,
    /// Which of the preset's runs (0-based), when it has several: 0 to 1000.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    index: u32,
    /// A new planned total of learning games (a continued run's, or a new
    /// run's over its preset's): 1 to 10^10.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000_000))]
    total: Option<u64>,
    /// Learning games per step between two looks at the curve (1 to 10^9).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    chunk: u64,
    /// Continue the run saved in this model or checkpoint file instead (as
    /// it was saved: no preset or settings; --total sets a new total).
    #[arg(long)]
    resume: Option<InputPath>,
    /// Where to write the model at the end.
    #[arg(long)]
    out: Option<OutputPath>,
}

fn bad(m: impl Into<String>) -> CliError {
    CliError::BadInput(m.into())
}

/// Sets `value` at the dotted `path` of an object.
fn set_path(config: &mut Value, path: &str, value: Value) -> Result<(), CliError> {
    let mut at = config;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, p) in parts.iter().enumerate() {
        let obj = at.as_object_mut().ok_or_else(|| {
            bad(format!(
                "--set {path}: '{p}' is inside a value, not a group of settings"
            ))
        })?;
        if i + 1 == parts.len() {
            obj.insert((*p).to_string(), value);
            return Ok(());
        }
        at = obj
            .entry(*p)
            .or_insert_with(|| Value::Object(Default::default()));
    }
    Ok(())
}

fn list() {
    for e in selfplay::games::REGISTRY {
        let info = e.info();
        println!("{} ({})", info.id, info.title);
        for k in &info.runs {
            let presets: Vec<&str> = k.presets.iter().map(|p| p.id.as_str()).collect();
            println!(
                "  {:<10} {} — presets: {}",
                k.id,
                k.title,
                presets.join(", ")
            );
        }
    }
}

fn start(a: &RunArgs) -> Result<TimedRun, CliError> {
    if let Some(path) = &a.resume {
        if a.index != 0 {
            return Err(bad(
                "--index: a continued run is the one saved, not one of a preset's",
            ));
        }
        // The file first: a bad file is named before anything else.
        let model = selfplay::cli::read_model(path)?;
        let model =
            selfplay::games::known_model(model).map_err(|err| bad(format!("{path}: {err}")))?;
        let e = selfplay::games::entry(&a.game).map_err(bad)?;
        if model.header.game.name() != e.id() {
            return Err(bad(format!(
                "{path}: a model of {}, not of {}",
                model.header.game,
                e.info().title
            )));
        }
        let options = ResumeOptions {
            total: a.total,
            ..ResumeOptions::default()
        };
        return TimedRun::start(model.header.train_seconds, native_clock, || {
            e.resume_run(&model, &options)
        })
        .map_err(|err| bad(format!("{path}: {err}")));
    }
    let e = selfplay::games::entry(&a.game).map_err(bad)?;
    let info = e.info();
    let kinds: Vec<&str> = info.runs.iter().map(|k| k.id.as_str()).collect();
    let Some(kind) = a.kind.as_deref() else {
        return Err(bad(format!(
            "give a kind of run of {}: {}",
            info.title,
            if kinds.is_empty() {
                "it has none".to_string()
            } else {
                kinds.join(", ")
            }
        )));
    };
    let k = info.runs.iter().find(|k| k.id == kind).ok_or_else(|| {
        bad(format!(
            "{} has no kind of run '{kind}' (kinds: {})",
            info.title,
            kinds.join(", ")
        ))
    })?;
    let presets: Vec<&str> = k.presets.iter().map(|p| p.id.as_str()).collect();
    let preset = a
        .preset
        .as_deref()
        .ok_or_else(|| bad(format!("give --preset, one of: {}", presets.join(", "))))?;
    let mut configs = e.preset_runs(kind, preset, a.seed).map_err(bad)?;
    let n = configs.len();
    if a.index as usize >= n {
        return Err(bad(format!("--index {}: the preset has {n} runs", a.index)));
    }
    let mut config = configs.swap_remove(a.index as usize);
    for s in &a.sets {
        let (path, text) = s
            .split_once('=')
            .ok_or_else(|| bad(format!("--set {s:?}: write PATH=VALUE")))?;
        let value = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()));
        set_path(&mut config, path, value)?;
    }
    let mut run = TimedRun::start(0.0, native_clock, || e.new_run(kind, &config)).map_err(bad)?;
    if let Some(t) = a.total {
        run.set_total(t)
            .map_err(|err| bad(format!("--total {t}: {err}")))?;
    }
    Ok(run)
}

/// Runs `selfplay run`.
pub fn run(a: RunArgs) -> Result<(), CliError> {
    if a.game == "list" {
        list();
        return Ok(());
    }
    let mut run = start(&a)?;
    let series = run.run.series();
    println!("{}", run.run.label());
    let show = |p: &selfplay::plugin::Point| {
        let values: Vec<String> = series
            .iter()
            .filter_map(|s| p.y.get(&s.id).map(|v| format!("{} {v:.2}", s.id)))
            .collect();
        println!("{:>12}  {}", p.x, values.join("  "));
    };
    for p in run.run.points() {
        show(&p);
    }
    while !run.run.is_done() {
        for p in run.step(a.chunk) {
            show(&p);
        }
    }
    println!("{}", run.run.latest());
    if let Some(out) = &a.out {
        let model = run.model(&run.run.label()).map_err(CliError::Internal)?;
        let bytes =
            selfplay::model::encode(&model).map_err(|e| CliError::Internal(e.to_string()))?;
        selfplay::cli::write_atomic(Path::new(&**out), &bytes)?;
        println!("model written to {out}");
    }
    Ok(())
}
