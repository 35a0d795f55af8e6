//! Everything that can be wrong with a model file or with a model in memory,
//! each case its own variant with a message meant for a person, not a
//! programmer.
//!
//! [`ModelError::code`] gives a stable identifier per variant (for the page, which
//! may want to branch on the kind of failure, and for the test corpus).

use std::fmt;

use super::names::{Algorithm, DType, GameId};
use super::MAGIC;

/// Why a model could not be decoded, encoded or used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// The file has no bytes at all.
    Empty,
    /// The file does not start with the magic bytes; `starts_with` holds its
    /// first (up to 8) bytes.
    NotAModel { starts_with: Vec<u8> },
    /// The file (or the size its preamble declares) is over the limit.
    TooLarge { size: u64, limit: u64 },
    /// Written by a newer Selfplay in a format version this build cannot read.
    NewerVersion { found: u16, supported: u16 },
    /// A format version that never existed (0).
    UnsupportedVersion { found: u16 },
    /// Reserved flag bits are set.
    UnsupportedFlags { flags: u16 },
    /// The file ends before the length it declares (or before its preamble ends).
    Truncated { expected: u64, actual: u64 },
    /// The file goes on after the length it declares.
    TrailingBytes { expected: u64, actual: u64 },
    /// The CRC-32 stored at the end does not match the contents.
    BadChecksum { stored: u32, computed: u32 },
    /// The JSON header is longer than allowed.
    HeaderTooLarge { size: u64, limit: u64 },
    /// The JSON header is not valid UTF-8 / JSON, misses a field, has an
    /// unknown field or a field of the wrong type.
    BadHeader { reason: String },
    /// The header names a game this build does not know (the registry's
    /// check, `crate::games::known_model`: the format keeps no list of games).
    UnknownGame { name: String, known: Vec<String> },
    /// The header names an algorithm this build does not know.
    UnknownAlgorithm { name: String },
    /// A header field has a value outside what is allowed.
    BadField { field: &'static str, reason: String },
    /// More arrays than allowed.
    TooManyArrays { count: u64, limit: u64 },
    /// An array name is empty, too long or uses characters outside `[A-Za-z0-9_.:/-]`.
    BadArrayName { name: String, reason: &'static str },
    /// Two arrays with the same name.
    DuplicateArray { name: String },
    /// An element type code this build does not know.
    UnknownDtype { array: String, code: u8 },
    /// A compression method code this build does not know.
    UnknownCompression { array: String, code: u8 },
    /// An array with more dimensions than allowed.
    TooManyDimensions {
        array: String,
        ndim: u64,
        limit: u64,
    },
    /// An array (or all arrays together) would decode to more bytes than allowed.
    ArrayTooLarge {
        array: String,
        bytes: u64,
        limit: u64,
    },
    /// One dimension of an array is larger than the whole decoded-size budget
    /// (possible only next to a zero dimension; refused so that every
    /// dimension fits a 32-bit `usize`).
    DimensionTooLarge { array: String, dim: u64, limit: u64 },
    /// The shape of an array does not match the amount of data it holds.
    ShapeMismatch {
        array: String,
        shape: Vec<u64>,
        elements: u64,
    },
    /// The stored bytes of an array cannot be decoded (bad deflate stream,
    /// wrong decompressed size, impossible compression ratio).
    CorruptArray { array: String, reason: String },
    /// A weight is NaN or infinite.
    NonFinite {
        array: String,
        index: u64,
        value: String,
    },
    /// The structure inside a file with a correct checksum is inconsistent
    /// (a record runs past the end, bytes left over after the last array).
    Malformed { reason: String },
    /// A learner asked for an array the model does not have.
    MissingArray { name: String },
    /// A learner asked for an array with another element type.
    WrongArrayType {
        name: String,
        expected: DType,
        found: DType,
    },
    /// A learner asked for an array with another shape.
    WrongShape {
        name: String,
        expected: Vec<usize>,
        found: Vec<usize>,
    },
    /// The model is for another game than the one it is used with.
    WrongGame { expected: GameId, found: GameId },
    /// The model comes from another algorithm than the one loading it.
    WrongAlgorithm {
        expected: Algorithm,
        found: Algorithm,
    },
}

impl ModelError {
    /// A stable, machine-readable identifier of the variant (`"bad_checksum"`, ...).
    pub fn code(&self) -> &'static str {
        use ModelError::*;
        match self {
            Empty => "empty",
            NotAModel { .. } => "not_a_model",
            TooLarge { .. } => "too_large",
            NewerVersion { .. } => "newer_version",
            UnsupportedVersion { .. } => "unsupported_version",
            UnsupportedFlags { .. } => "unsupported_flags",
            Truncated { .. } => "truncated",
            TrailingBytes { .. } => "trailing_bytes",
            BadChecksum { .. } => "bad_checksum",
            HeaderTooLarge { .. } => "header_too_large",
            BadHeader { .. } => "bad_header",
            UnknownGame { .. } => "unknown_game",
            UnknownAlgorithm { .. } => "unknown_algorithm",
            BadField { .. } => "bad_field",
            TooManyArrays { .. } => "too_many_arrays",
            BadArrayName { .. } => "bad_array_name",
            DuplicateArray { .. } => "duplicate_array",
            UnknownDtype { .. } => "unknown_dtype",
            UnknownCompression { .. } => "unknown_compression",
            TooManyDimensions { .. } => "too_many_dimensions",
            ArrayTooLarge { .. } => "array_too_large",
            DimensionTooLarge { .. } => "dimension_too_large",
            ShapeMismatch { .. } => "shape_mismatch",
            CorruptArray { .. } => "corrupt_array",
            NonFinite { .. } => "non_finite",
            Malformed { .. } => "malformed",
            MissingArray { .. } => "missing_array",
            WrongArrayType { .. } => "wrong_array_type",
            WrongShape { .. } => "wrong_shape",
            WrongGame { .. } => "wrong_game",
            WrongAlgorithm { .. } => "wrong_algorithm",
        }
    }
}

/// "1.5 MB", "812 bytes": sizes as a visitor reads them.
pub(crate) fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if n < 1000 {
        return format!("{n} bytes");
    }
    let mut v = n as f64 / 1000.0;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    let text = format!("{v:.1}");
    format!(
        "{} {}",
        text.strip_suffix(".0").unwrap_or(&text),
        UNITS[unit]
    )
}

/// The first bytes of a file as readable text: printable ASCII as is, the rest
/// as `\xNN`.
fn preview(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'\'' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

/// What a file that is not a model probably is, from its first bytes.
fn guess_kind(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: [(&[u8], &str); 10] = [
        (b"PK\x03\x04", "a ZIP archive"),
        (b"\x1f\x8b", "a gzip file"),
        (b"\x89PNG", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF8", "a GIF image"),
        (b"%PDF", "a PDF document"),
        (b"\x7fELF", "a program"),
        (b"MZ", "a Windows program"),
        (b"\0asm", "a WebAssembly module"),
        (b"<", "an HTML or XML page"),
    ];
    for (sig, kind) in SIGNATURES {
        if bytes.starts_with(sig) {
            return Some(kind);
        }
    }
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if matches!(first, Some(b'{') | Some(b'[')) {
        return Some("a JSON text");
    }
    if bytes
        .iter()
        .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace())
    {
        return Some("a text file");
    }
    None
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ModelError::*;
        let magic = std::str::from_utf8(MAGIC).unwrap_or("SELFPLAY");
        match self {
            Empty => write!(f, "This file is empty: it holds no model."),
            // What the file looks like when that is known; its first bytes
            // otherwise, for someone working out what it is.
            NotAModel { starts_with } => match guess_kind(starts_with) {
                // A guess from printable bytes alone: what they are too.
                Some(kind @ "a text file") => write!(
                    f,
                    "This file is not a Selfplay model: it looks like {kind} (it begins '{}…', where a model begins '{magic}').",
                    preview(starts_with)
                ),
                Some(kind) => write!(f, "This file is not a Selfplay model: it looks like {kind}."),
                None => write!(
                    f,
                    "This file is not a Selfplay model: it begins '{}…', where a model begins '{magic}'.",
                    preview(starts_with)
                ),
            },
            TooLarge { size, limit } => write!(
                f,
                "This model is too large to open: {} where at most {} is allowed.",
                human_bytes(*size),
                human_bytes(*limit)
            ),
            NewerVersion { found, supported } => write!(
                f,
                "This model was saved in format version {found} by a newer Selfplay; \
                 this version reads format versions up to {supported}. Update Selfplay to open it."
            ),
            UnsupportedVersion { found } => write!(
                f,
                "This model claims format version {found}, which does not exist; the file is damaged."
            ),
            UnsupportedFlags { flags } => write!(
                f,
                "This model uses features this version of Selfplay does not know (flags 0x{flags:04X})."
            ),
            Truncated { expected, actual } => write!(
                f,
                "This model file is incomplete: it should be {expected} bytes long but has only \
                 {actual} (perhaps the download or copy was interrupted)."
            ),
            TrailingBytes { expected, actual } => write!(
                f,
                "This model file has {} unexpected extra bytes after its end (it should be \
                 {expected} bytes long but is {actual}).",
                actual - expected
            ),
            BadChecksum { stored, computed } => write!(
                f,
                "This model file is damaged: its contents do not match its checksum \
                 (stored {stored:08x}, computed {computed:08x})."
            ),
            HeaderTooLarge { size, limit } => write!(
                f,
                "This model's description is too large: {} where at most {} is allowed.",
                human_bytes(*size),
                human_bytes(*limit)
            ),
            BadHeader { reason } => write!(f, "This model's description is invalid: {reason}."),
            UnknownGame { name, known } => write!(
                f,
                "This model is for a game this version of Selfplay does not know: '{name}' \
                 (known games: {}).",
                known.join(", ")
            ),
            UnknownAlgorithm { name } => write!(
                f,
                "This model was trained by an algorithm this version of Selfplay does not know: \
                 '{name}' (known algorithms: {}).",
                Algorithm::ALL.map(|a| a.name()).join(", ")
            ),
            BadField { field, reason } => {
                write!(f, "This model's '{field}' field is invalid: {reason}.")
            }
            TooManyArrays { count, limit } => write!(
                f,
                "This model has {count} arrays; at most {limit} are allowed."
            ),
            BadArrayName { name, reason } => {
                write!(f, "This model has an array with an invalid name '{}': {reason}.", preview(name.as_bytes()))
            }
            DuplicateArray { name } => {
                write!(f, "This model has two arrays named '{name}'.")
            }
            UnknownDtype { array, code } => write!(
                f,
                "Array '{array}' has an element type this version of Selfplay does not know (code {code})."
            ),
            UnknownCompression { array, code } => write!(
                f,
                "Array '{array}' is compressed with a method this version of Selfplay does not know (code {code})."
            ),
            TooManyDimensions { array, ndim, limit } => write!(
                f,
                "Array '{array}' has {ndim} dimensions; at most {limit} are allowed."
            ),
            ArrayTooLarge { array, bytes, limit } => write!(
                f,
                "Array '{array}' is too large: it would need {} where the model may use \
                 at most {} in total.",
                if *bytes == u64::MAX {
                    "more memory than any computer has".to_string()
                } else {
                    format!("{} of memory", human_bytes(*bytes))
                },
                human_bytes(*limit)
            ),
            DimensionTooLarge { array, dim, limit } => write!(
                f,
                "Array '{array}' has a dimension of {dim}, larger than the {limit} allowed."
            ),
            ShapeMismatch {
                array,
                shape,
                elements,
            } => write!(
                f,
                "Array '{array}' has shape {shape:?} but holds {elements} values."
            ),
            CorruptArray { array, reason } => {
                write!(f, "Array '{array}' is damaged: {reason}.")
            }
            NonFinite {
                array,
                index,
                value,
            } => write!(
                f,
                "Array '{array}' holds an invalid number ({value} at position {index}); \
                 the training that produced it diverged."
            ),
            Malformed { reason } => write!(f, "This model file is malformed: {reason}."),
            MissingArray { name } => write!(f, "This model has no array named '{name}'."),
            WrongArrayType {
                name,
                expected,
                found,
            } => write!(
                f,
                "Array '{name}' holds {} values, but {} values were expected.",
                found.name(),
                expected.name()
            ),
            WrongShape {
                name,
                expected,
                found,
            } => write!(
                f,
                "Array '{name}' has shape {found:?}, but shape {expected:?} was expected."
            ),
            WrongGame { expected, found } => write!(
                f,
                "This model plays {found}, not {expected}."
            ),
            WrongAlgorithm { expected, found } => write!(
                f,
                "This model was trained by {}, but {} was expected.",
                found.title(),
                expected.title()
            ),
        }
    }
}

impl std::error::Error for ModelError {}
