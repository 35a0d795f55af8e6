//! `selfplay model ...`: commands on model files of any game.

use std::path::Path;

use clap::Subcommand;

use selfplay::cli::{CliError, InputPath};
use selfplay::model::{
    decode_with_layout, ArrayData, Element, Limits, Model, ModelError, StoredArray,
};

#[derive(Subcommand, Debug)]
pub enum ModelCommand {
    /// Check a model file and print its header and a summary of its arrays
    /// (`-` reads standard input). Exit code 2 if the file is not a valid model.
    Inspect {
        /// The model file.
        file: InputPath,
    },
    /// Measure encode and decode speed and file sizes for typical models:
    /// a Q-network's weights and a large, mostly-zero Q-table.
    Bench {
        /// Entries of the benchmark Q-table (f32; 1 to 100,000,000).
        #[arg(long, default_value_t = 4_000_000, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000_000))]
        entries: usize,
        /// Fraction of non-zero entries in the Q-table (0 to 1).
        #[arg(long, default_value_t = 0.02, value_parser = selfplay::cli::float_range(0.0, 1.0))]
        density: f64,
        /// Deflate level, 0 to 9 (0 = store plain, 1 fastest .. 9 smallest).
        #[arg(long, default_value_t = selfplay::model::DEFAULT_LEVEL, value_parser = clap::value_parser!(u32).range(0..=9))]
        level: u32,
        /// Seed of the random weights.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs a `model` subcommand.
pub fn run(command: ModelCommand) -> Result<(), CliError> {
    match command {
        ModelCommand::Inspect { file } => {
            let text = inspect(&file).map_err(CliError::BadInput)?;
            print!("{text}");
            Ok(())
        }
        ModelCommand::Bench {
            entries,
            density,
            level,
            seed,
        } => {
            // Checked before anything is allocated.
            let max = Limits::default().max_decoded_bytes / 4;
            if entries as u64 > max {
                return Err(CliError::BadInput(format!(
                    "--entries must be at most {max} (the decoder's limit of 4-byte values)"
                )));
            }
            if !(density.is_finite() && (0.0..=1.0).contains(&density)) {
                return Err(CliError::BadInput(format!(
                    "--density must be a number from 0 to 1, not {density}"
                )));
            }
            if level > 9 {
                return Err(CliError::BadInput(format!(
                    "--level must be from 0 to 9, not {level}"
                )));
            }
            bench(entries, density, level, seed).map_err(|e| CliError::Internal(e.to_string()))
        }
    }
}

/// Times encode and decode of two models; prints one line per model.
fn bench(entries: usize, density: f64, level: u32, seed: u64) -> Result<(), ModelError> {
    use rand::Rng as _;
    use selfplay::model::{decode, encode_with, Algorithm, GameId, Header};
    use std::time::Instant;

    let mut rng = selfplay::rng_from_seed(seed);
    // The codec does not look at the game: both models take the first name.
    let game = GameId::of(selfplay::games::game_names()[0]);
    let mut qnet = Model::new(Header::new(game.clone(), Algorithm::QNet, "bench"));
    for (name, shape) in [
        ("w/0", vec![64, 64]),
        ("b/0", vec![64]),
        ("w/1", vec![1, 64]),
    ] {
        let n = shape.iter().product();
        let w: Vec<f32> = (0..n).map(|_| rng.random_range(-0.5..0.5)).collect();
        qnet.push(name, shape, w)?;
    }
    let mut table = Model::new(Header::new(game, Algorithm::QTable, "bench"));
    let mut q = vec![0.0f32; entries];
    for v in q.iter_mut() {
        if rng.random_bool(density.clamp(0.0, 1.0)) {
            *v = rng.random_range(-1.0..1.0);
        }
    }
    table.push("q", vec![entries], q)?;

    println!(
        "model       memory_bytes  file_bytes  encode_ms  decode_ms  encode_MB/s  decode_MB/s"
    );
    for (label, model) in [("qnet-64-64", &qnet), ("q-table", &table)] {
        let memory = model.payload_bytes() as f64;
        // Enough repetitions for about 50 MB of work, at least 3.
        let reps = ((50e6 / memory.max(1.0)) as usize).clamp(3, 2000);
        let limits = Limits::default();
        let start = Instant::now();
        let mut bytes = Vec::new();
        for _ in 0..reps {
            bytes = encode_with(model, level, &limits)?;
        }
        let encode_s = start.elapsed().as_secs_f64() / reps as f64;
        let start = Instant::now();
        for _ in 0..reps {
            let back = decode(&bytes)?;
            assert_eq!(back.arrays.len(), model.arrays.len());
        }
        let decode_s = start.elapsed().as_secs_f64() / reps as f64;
        println!(
            "{label:<10}  {:>12}  {:>10}  {:>9.3}  {:>9.3}  {:>11.0}  {:>11.0}",
            model.payload_bytes(),
            bytes.len(),
            encode_s * 1e3,
            decode_s * 1e3,
            memory / encode_s / 1e6,
            memory / decode_s / 1e6
        );
    }
    Ok(())
}

/// The report of `selfplay model inspect`.
pub fn inspect(path: &Path) -> Result<String, String> {
    let limits = Limits::default();
    let bytes = selfplay::cli::read_model_bytes(path).map_err(CliError::into_message)?;
    let (model, layout) =
        decode_with_layout(&bytes, &limits).map_err(|e| format!("{}: {e}", path.display()))?;
    let model =
        selfplay::games::known_model(model).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(report(&model, &layout, bytes.len()))
}

fn report(model: &Model, layout: &[StoredArray], file_len: usize) -> String {
    let mut out = String::new();
    let h = &model.header;
    out.push_str(&format!(
        "Selfplay {} for {}, {} ({} bytes, checksum ok)\n",
        h.kind.name(),
        selfplay::games::game_title(&h.game),
        h.algorithm.name(),
        file_len
    ));
    // Whether this build's learner rebuilds from the file (as the page
    // checks before it stores one).
    let usable = match selfplay::games::describe_model(model) {
        Ok(e) => format!("yes: {}", e.summary),
        Err(e) => format!("no: {e}"),
    };
    out.push_str(&format!(
        "Usable by this version: {usable}\nSuggested file name: {}\n\nHeader:\n{}\n\n",
        model.suggested_file_name(),
        h.to_json_pretty()
    ));
    let stored: u64 = layout.iter().map(|s| s.stored_bytes).sum();
    out.push_str(&format!(
        "Arrays: {} ({} bytes in memory, {} bytes stored)\n",
        model.arrays.len(),
        model.payload_bytes(),
        stored
    ));
    let rows: Vec<[String; 8]> = model
        .arrays
        .iter()
        .zip(layout)
        .map(|(a, s)| {
            let (min, max, mean, nonzero) = stats(&a.data);
            [
                a.name.clone(),
                a.dtype().name().to_string(),
                format!("{:?}", a.shape),
                format!("{} {}", s.stored_bytes, s.compression.name()),
                min,
                max,
                mean,
                nonzero,
            ]
        })
        .collect();
    let head = [
        "name", "type", "shape", "stored", "min", "max", "mean", "nonzero",
    ]
    .map(String::from);
    let mut widths = head.clone().map(|h| h.len());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&head).chain(&rows) {
        let line: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(&format!("  {}\n", line.join("  ").trim_end()));
    }
    out
}

/// Minimum, maximum, mean and share of non-zero values, printed.
fn stats(data: &ArrayData) -> (String, String, String, String) {
    fn of<T: Element>(v: &[T]) -> (String, String, String, String) {
        if v.is_empty() {
            return ("-".into(), "-".into(), "-".into(), "-".into());
        }
        let (mut min, mut max, mut sum, mut nonzero) =
            (f64::INFINITY, f64::NEG_INFINITY, 0.0, 0usize);
        for &x in v {
            let x = x.to_f64();
            min = min.min(x);
            max = max.max(x);
            sum += x;
            nonzero += usize::from(x != 0.0);
        }
        let pct = 100.0 * nonzero as f64 / v.len() as f64;
        (
            format!("{min:.6}")
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string(),
            format!("{max:.6}")
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string(),
            format!("{:.6}", sum / v.len() as f64),
            format!("{pct:.1}%"),
        )
    }
    match data {
        ArrayData::U8(v) => of(v),
        ArrayData::I8(v) => of(v),
        ArrayData::U16(v) => of(v),
        ArrayData::I16(v) => of(v),
        ArrayData::U32(v) => of(v),
        ArrayData::I32(v) => of(v),
        ArrayData::U64(v) => of(v),
        ArrayData::I64(v) => of(v),
        ArrayData::F32(v) => of(v),
        ArrayData::F64(v) => of(v),
    }
}
