//! `selfplay model ...`: commands on model files of any game.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use selfplay::model::{
    decode_with_layout, ArrayData, Element, Limits, Model, ModelError, StoredArray,
};

#[derive(Subcommand, Debug)]
pub enum ModelCommand {
    /// Check a model file and print its header and a summary of its arrays
    /// (`-` reads standard input). Exit code 2 if the file is not a valid model.
    Inspect {
        /// The model file.
        file: PathBuf,
    },
}

/// Runs a `model` subcommand; returns the process exit code.
pub fn run(command: ModelCommand) -> i32 {
    match command {
        ModelCommand::Inspect { file } => match inspect(&file) {
            Ok(text) => {
                print!("{text}");
                0
            }
            Err(message) => {
                eprintln!("{}: {message}", file.display());
                2
            }
        },
    }
}

/// Reads at most one byte more than the limit, so that an oversized file is
/// reported without being read whole.
fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let reader: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot open: {e}"))?;
        let size = file
            .metadata()
            .map_err(|e| format!("cannot read: {e}"))?
            .len();
        if size > limit {
            return Err(ModelError::TooLarge { size, limit }.to_string());
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    Ok(bytes)
}

/// The report of `selfplay model inspect`.
pub fn inspect(path: &Path) -> Result<String, String> {
    let limits = Limits::default();
    let bytes = read_limited(path, limits.max_file_bytes)?;
    let (model, layout) = decode_with_layout(&bytes, &limits).map_err(|e| e.to_string())?;
    Ok(report(&model, &layout, bytes.len()))
}

fn report(model: &Model, layout: &[StoredArray], file_len: usize) -> String {
    let mut out = String::new();
    let h = &model.header;
    out.push_str(&format!(
        "Selfplay {} for {}, {} ({} bytes, checksum ok)\n",
        h.kind.name(),
        h.game.title(),
        h.algorithm.name(),
        file_len
    ));
    out.push_str(&format!(
        "Suggested file name: {}\n\nHeader:\n{}\n\n",
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
