//! The cross-platform training check shared by the native tests
//! (`tests/q_net_learning.rs`) and the wasm tests (`tests/web.rs`), each as
//! `#[path] mod golden`: the same seeded runs must give bit-identical
//! networks and learning curves on every target, so that a network trained
//! in the browser equals one trained by the CLI.
//!
//! Each line of `tests/data/othello/qnet-golden.txt` is
//! `<settings JSON>\t<games>\t<crc32>`. `<games>` is the training games of
//! one run, or chunks such as `150+250`: train 150 games, save a checkpoint,
//! resume from it and train 250 more. The digest is the CRC-32 of the
//! weights (`w/0`, `b/0`, `w/1`, `b/1`, little-endian f32) followed by the
//! learning curve (the model header's `curve`, as JSON). Regenerate after a
//! deliberate change to the learner with
//! `SELFPLAY_PRINT_GOLDEN=1 cargo test --test suite q_net_learning::golden -- --nocapture`
//! and paste the printed lines into the file.
//!
//! [`golden_runs`] refuses a file that is empty, short or that leaves out
//! what the runs must cover (both encodings, both activations, both
//! opponents, a strongly exploring softmax, curve points, a resumed run), so
//! neither target can pass on nothing.

use selfplay::model::{ArrayData, Model};

pub const GOLDEN: &str = include_str!("../data/othello/qnet-golden.txt");

/// The fewest golden runs accepted.
pub const MIN_GOLDEN_RUNS: usize = 5;

/// One golden line.
pub struct GoldenRun {
    /// The run's settings, as JSON.
    pub config: &'static str,
    /// Training games of each chunk; a checkpoint is saved and resumed
    /// between chunks.
    pub chunks: Vec<u64>,
    /// The expected [`golden_digest`].
    pub digest: u32,
}

impl GoldenRun {
    /// The games column as written in the file (`400`, `150+250`).
    pub fn games_text(&self) -> String {
        let parts: Vec<String> = self.chunks.iter().map(|n| n.to_string()).collect();
        parts.join("+")
    }
}

/// Every golden line, after checking that together they cover what they
/// must (see the module notes); panics otherwise.
pub fn golden_runs() -> Vec<GoldenRun> {
    let runs: Vec<GoldenRun> = GOLDEN
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let config = f.next().expect("settings");
            let chunks = f
                .next()
                .expect("games")
                .split('+')
                .map(|n| n.parse().expect("games is a number"))
                .collect();
            let digest = u32::from_str_radix(f.next().expect("digest"), 16).expect("hex digest");
            assert!(f.next().is_none(), "extra fields in {l:?}");
            GoldenRun {
                config,
                chunks,
                digest,
            }
        })
        .collect();
    assert!(
        runs.len() >= MIN_GOLDEN_RUNS,
        "the golden file has {} runs, at least {MIN_GOLDEN_RUNS} are needed",
        runs.len()
    );
    let settings: Vec<serde_json::Value> = runs
        .iter()
        .map(|r| serde_json::from_str(r.config).expect("settings are JSON"))
        .collect();
    let has = |what: &str, f: &dyn Fn(&GoldenRun, &serde_json::Value) -> bool| {
        assert!(
            runs.iter().zip(&settings).any(|(r, s)| f(r, s)),
            "no golden run {what}"
        );
    };
    for (key, value) in [
        ("encoding", "ql1"),
        ("encoding", "ql2"),
        ("activation", "arctan"),
        ("activation", "sigmoid"),
        ("opponent", "self"),
        ("opponent", "msb"),
    ] {
        has(&format!("with {key} {value}"), &|_, s| s[key] == value);
    }
    has("with curve points", &|_, s| {
        s["eval_every"].as_u64().is_some_and(|n| n > 0)
    });
    has("that resumes from a checkpoint", &|r, _| r.chunks.len() > 1);
    // β = games / C: at least 1 by the end, so the softmax is far from
    // uniform for much of the run.
    has("with a strongly exploring softmax (β ≥ 1)", &|r, s| {
        let games: u64 = r.chunks.iter().sum();
        s["c"].as_f64().is_some_and(|c| games as f64 / c >= 1.0)
    });
    runs
}

/// CRC-32 of the network's weights in a model file's arrays, then of its
/// learning curve.
pub fn golden_digest(model: &Model) -> u32 {
    let mut h = crc32fast::Hasher::new();
    for name in ["w/0", "b/0", "w/1", "b/1"] {
        let a = model
            .arrays
            .iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("array {name} is missing"));
        let ArrayData::F32(values) = &a.data else {
            panic!("array {name} is not f32");
        };
        for v in values {
            h.update(&v.to_le_bytes());
        }
    }
    h.update(model.header.curve.to_string().as_bytes());
    h.finalize()
}
