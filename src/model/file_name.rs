//! Suggested file names: `othello-ql1-h64-arctan-2.1M.selfplay`.

use super::{Kind, Model};

/// The extension of model files, without the dot.
pub const FILE_EXTENSION: &str = "selfplay";

/// A count as people write it: `999`, `1.5k`, `12k`, `2.1M`, `3G`.
pub fn format_count(n: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")];
    for (i, &(scale, unit)) in UNITS.iter().enumerate() {
        // Promote early so that 999_999 reads "1M", not "1000k".
        if n >= scale - scale / 2000 {
            let v = n as f64 / scale as f64;
            let text = if v < 9.95 {
                format!("{v:.1}")
            } else {
                format!("{v:.0}")
            };
            if text == "1000" && i > 0 {
                continue;
            }
            let text = text.strip_suffix(".0").unwrap_or(&text);
            return format!("{text}{unit}");
        }
    }
    n.to_string()
}

/// Lower-case ASCII letters and digits; every other run of characters becomes one `-`.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.len() > 60 {
        out.truncate(60);
        while out.ends_with('-') {
            out.pop();
        }
    }
    out
}

impl Model {
    /// A file name from the header: game, name (or algorithm and encoding),
    /// games trained, `-checkpoint` for checkpoints, and the extension.
    /// Only `[a-z0-9.-]`, so it is safe on every file system.
    pub fn suggested_file_name(&self) -> String {
        let h = &self.header;
        let game = h.game.name().replace('_', "-");
        let mut name = slug(&h.name);
        if let Some(rest) = name.strip_prefix(&format!("{game}-")) {
            name = rest.to_string();
        } else if name == game {
            name.clear();
        }
        if name.is_empty() {
            name = slug(&format!("{} {}", h.algorithm.name(), h.encoding));
        }
        let mut file = format!("{game}-{name}-{}", format_count(h.games_trained));
        if h.kind == Kind::Checkpoint {
            file.push_str("-checkpoint");
        }
        format!("{file}.{FILE_EXTENSION}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Algorithm, GameId, Header};

    #[test]
    fn counts() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1_000, "1k"),
            (1_500, "1.5k"),
            (12_345, "12k"),
            (850_000, "850k"),
            (999_999, "1M"),
            (2_100_000, "2.1M"),
            (9_990_000, "10M"),
            (3_000_000_000, "3G"),
        ];
        for (n, text) in cases {
            assert_eq!(format_count(n), text, "{n}");
        }
    }

    #[test]
    fn names() {
        let mut h = Header::new(GameId::of("othello"), Algorithm::QNet, "QL1 h64 (arctan)");
        h.games_trained = 2_100_000;
        let mut m = Model::new(h);
        assert_eq!(
            m.suggested_file_name(),
            "othello-ql1-h64-arctan-2.1M.selfplay"
        );
        m.header.name = "Othello: my best".into();
        assert_eq!(m.suggested_file_name(), "othello-my-best-2.1M.selfplay");
        m.header.name = "  ".into();
        m.header.game = GameId::of("hare_hounds");
        m.header.algorithm = Algorithm::QTable;
        m.header.games_trained = 500;
        m.header.kind = Kind::Checkpoint;
        assert_eq!(
            m.suggested_file_name(),
            "hare-hounds-q-table-500-checkpoint.selfplay"
        );
    }
}
