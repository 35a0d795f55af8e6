//! The JSON header of a model: what the model is for, how it was trained and
//! how well it plays. Typed where every learner agrees (game, algorithm, seed,
//! games trained), free JSON where learners differ (hyper-parameters,
//! evaluation results, learning curve).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::ModelError;
pub use super::names::{Algorithm, GameId, Kind};

/// The header of a model file.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// A name chosen by the person or the learner: `"ql1-h64-arctan"`
    /// (at most 200 characters, no control characters; may be empty).
    pub name: String,
    /// Model or checkpoint.
    pub kind: Kind,
    /// The game.
    pub game: GameId,
    /// The rules variant: `"standard"` unless the game has others
    /// (`[a-z0-9_.-]`, 1 to 64 bytes).
    pub variant: String,
    /// The learning algorithm.
    pub algorithm: Algorithm,
    /// The input encoding / feature set, named by the learner: `"arctan"`,
    /// `"board64"`, `"patterns-v1"` (at most 64 characters; may be empty).
    pub encoding: String,
    /// The hyper-parameters, free-form (learning rate, hidden units, ε, ...).
    pub hyper: Map<String, Value>,
    /// The seed of the run that produced the model.
    pub seed: u64,
    /// Games played in training so far.
    pub games_trained: u64,
    /// Seconds of training so far, on the machine that trained it (0 when
    /// not known, as in files written before it was kept).
    pub train_seconds: f64,
    /// Evaluation results, free-form JSON (e.g. win/draw/loss against fixed opponents).
    pub evaluation: Value,
    /// The learning curve, free-form JSON (e.g. `[{"games": 1000, "win_rate": 0.61}, ...]`).
    pub curve: Value,
    /// The learning curves as the page that trained it drew them (its
    /// charts and lines), kept with the model so that a shared file shows
    /// them; free-form JSON, `null` when not kept.
    pub charts: Value,
    /// When the model was written: `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    pub created: String,
    /// What wrote it: `"selfplay 0.1.0"`.
    pub producer: String,
}

/// The name of the crate and its version, for [`Header::producer`].
pub fn producer() -> String {
    format!("selfplay {}", env!("CARGO_PKG_VERSION"))
}

impl Header {
    /// A header for a fresh model: variant `"standard"`, no hyper-parameters,
    /// seed 0, no games, no evaluation (`{}`), empty curve (`[]`), created now.
    pub fn new(game: GameId, algorithm: Algorithm, name: impl Into<String>) -> Header {
        Header {
            name: name.into(),
            kind: Kind::Model,
            game,
            variant: "standard".to_string(),
            algorithm,
            encoding: String::new(),
            hyper: Map::new(),
            seed: 0,
            games_trained: 0,
            train_seconds: 0.0,
            evaluation: Value::Object(Map::new()),
            curve: Value::Array(Vec::new()),
            charts: Value::Null,
            created: now_utc(),
            producer: producer(),
        }
    }

    /// Checks every field (the typed ones are checked by their types).
    pub fn check(&self) -> Result<(), ModelError> {
        check_text("name", &self.name, 200, |c| !c.is_control())?;
        check_text("encoding", &self.encoding, 64, |c| !c.is_control())?;
        check_text("producer", &self.producer, 64, |c| !c.is_control())?;
        if self.variant.is_empty() {
            return Err(bad_field("variant", "it is empty"));
        }
        check_text("variant", &self.variant, 64, |c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || "_.-".contains(c)
        })?;
        check_timestamp(&self.created)?;
        if !(self.train_seconds.is_finite() && self.train_seconds >= 0.0) {
            return Err(bad_field(
                "train_seconds",
                format!("{} is not a number of seconds", self.train_seconds),
            ));
        }
        Ok(())
    }

    /// The header as compact JSON (keys in a fixed order).
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(&self.to_raw()).expect("a header always serialises")
    }

    /// The header as indented JSON, for people.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_raw()).expect("a header always serialises")
    }

    /// Parses and checks a JSON header.
    pub fn from_json(bytes: &[u8]) -> Result<Header, ModelError> {
        let text = std::str::from_utf8(bytes).map_err(|e| ModelError::BadHeader {
            reason: format!("it is not UTF-8 text (byte {})", e.valid_up_to()),
        })?;
        let raw: RawHeader = serde_json::from_str(text).map_err(|e| ModelError::BadHeader {
            reason: e.to_string(),
        })?;
        let header = Header {
            kind: Kind::from_name(&raw.kind).ok_or_else(|| {
                bad_field(
                    "kind",
                    format!("'{}' is neither 'model' nor 'checkpoint'", raw.kind),
                )
            })?,
            game: GameId::new(&raw.game).map_err(|reason| bad_field("game", reason))?,
            algorithm: Algorithm::from_name(&raw.algorithm).ok_or(
                ModelError::UnknownAlgorithm {
                    name: raw.algorithm,
                },
            )?,
            name: raw.name,
            variant: raw.variant,
            encoding: raw.encoding,
            hyper: raw.hyper,
            seed: raw.seed,
            games_trained: raw.games_trained,
            train_seconds: raw.train_seconds,
            evaluation: raw.evaluation,
            curve: raw.curve,
            charts: raw.charts,
            created: raw.created,
            producer: raw.producer,
        };
        header.check()?;
        Ok(header)
    }

    fn to_raw(&self) -> RawHeader {
        RawHeader {
            name: self.name.clone(),
            kind: self.kind.name().to_string(),
            game: self.game.name().to_string(),
            variant: self.variant.clone(),
            algorithm: self.algorithm.name().to_string(),
            encoding: self.encoding.clone(),
            hyper: self.hyper.clone(),
            seed: self.seed,
            games_trained: self.games_trained,
            train_seconds: self.train_seconds,
            evaluation: self.evaluation.clone(),
            curve: self.curve.clone(),
            charts: self.charts.clone(),
            created: self.created.clone(),
            producer: self.producer.clone(),
        }
    }
}

/// The header as it is in the file: names as strings, so that an unknown game
/// or algorithm gets its own error rather than a generic JSON one.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    name: String,
    kind: String,
    game: String,
    variant: String,
    algorithm: String,
    encoding: String,
    hyper: Map<String, Value>,
    seed: u64,
    games_trained: u64,
    /// Absent when 0 (files written before it was kept have none).
    #[serde(default, skip_serializing_if = "is_zero")]
    train_seconds: f64,
    evaluation: Value,
    curve: Value,
    /// Absent when null (files written before it was kept have none).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    charts: Value,
    created: String,
    producer: String,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

fn bad_field(field: &'static str, reason: impl Into<String>) -> ModelError {
    ModelError::BadField {
        field,
        reason: reason.into(),
    }
}

fn check_text(
    field: &'static str,
    text: &str,
    max_chars: usize,
    allowed: impl Fn(char) -> bool,
) -> Result<(), ModelError> {
    let chars = text.chars().count();
    if chars > max_chars {
        return Err(bad_field(
            field,
            format!("it has {chars} characters, at most {max_chars} are allowed"),
        ));
    }
    if let Some(c) = text.chars().find(|&c| !allowed(c)) {
        return Err(bad_field(
            field,
            format!("it contains the character {c:?}, which is not allowed here"),
        ));
    }
    Ok(())
}

/// Checks `YYYY-MM-DDTHH:MM:SSZ` with real calendar ranges.
fn check_timestamp(s: &str) -> Result<(), ModelError> {
    let bad = || {
        bad_field(
            "created",
            format!(
                "'{}' is not a UTC time written as YYYY-MM-DDTHH:MM:SSZ",
                s.chars().take(40).collect::<String>()
            ),
        )
    };
    let b = s.as_bytes();
    if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' {
        return Err(bad());
    }
    if b[16] != b':' || b[19] != b'Z' {
        return Err(bad());
    }
    let num = |range: std::ops::Range<usize>| -> Option<u32> {
        b[range].iter().try_fold(0u32, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + (c - b'0') as u32)
        })
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(min), Some(sec)) = (
        num(0..4),
        num(5..7),
        num(8..10),
        num(11..13),
        num(14..16),
        num(17..19),
    ) else {
        return Err(bad());
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if day == 0 || day > days_in_month || hour > 23 || min > 59 || sec > 60 {
        return Err(bad());
    }
    Ok(())
}

/// The UTC time `secs` seconds after 1970-01-01 as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since the epoch (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ` (works on wasm too).
pub fn now_utc() -> String {
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format_utc(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_times() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_700_000_000), "2023-11-14T22:13:20Z");
        assert!(check_timestamp(&now_utc()).is_ok());
    }

    #[test]
    fn rejects_impossible_times() {
        for bad in [
            "2023-02-29T00:00:00Z",
            "2023-13-01T00:00:00Z",
            "2023-01-01T24:00:00Z",
            "2023-01-01 00:00:00Z",
            "2023-01-01T00:00:00",
            "",
        ] {
            assert!(check_timestamp(bad).is_err(), "{bad}");
        }
        assert!(check_timestamp("2024-02-29T23:59:59Z").is_ok());
    }

    #[test]
    fn training_seconds_are_kept_and_checked() {
        let game = GameId::new("tictactoe").unwrap();
        let mut h = Header::new(game, Algorithm::NTuple, "x");
        // Not written when unknown: a file of before reads the same.
        let json = String::from_utf8(h.to_json()).unwrap();
        assert!(!json.contains("train_seconds"), "{json}");
        assert_eq!(
            Header::from_json(json.as_bytes()).unwrap().train_seconds,
            0.0
        );
        h.train_seconds = 12.5;
        let back = Header::from_json(&h.to_json()).unwrap();
        assert_eq!(back.train_seconds, 12.5);
        for bad in ["-1", "\"x\""] {
            let json = String::from_utf8(h.to_json()).unwrap().replace("12.5", bad);
            assert!(Header::from_json(json.as_bytes()).is_err(), "{bad}");
        }
    }
}
