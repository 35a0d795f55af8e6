//! The model file format: one self-describing, versioned, checksummed file for
//! every learner (Q-networks, Q-tables, TD-linear weights, GA-tuned weights)
//! and for checkpoints of runs in progress.
//!
//! A [`Model`] is a JSON-able [`Header`] plus named, typed, shaped arrays
//! ([`NamedArray`]). Learners decide their array names; [`encode`] turns a
//! model into bytes, [`decode`] turns bytes back into exactly the same model
//! (floats bit-identical), or into a [`ModelError`] that says, for a person,
//! what is wrong. Both are pure (bytes in, `Result` out), so the native CLI and
//! the page (through wasm) read and write the same files.
//!
//! # Layout (format version 1)
//!
//! All integers are little-endian. Offsets in bytes.
//!
//! ```text
//! offset  size  field
//! 0       8     magic: the ASCII bytes "SELFPLAY" (53 45 4C 46 50 4C 41 59)
//! 8       2     format version, u16 = 1
//! 10      2     flags, u16 = 0 (reserved; a reader rejects any set bit)
//! 12      8     file length L, u64: the length of the whole file, checksum included
//! 20      4     header length H, u32
//! 24      H     header: UTF-8 JSON object (see Header)
//! 24+H    4     array count N, u32
//! ...           N array records, back to back:
//!                 2     name length K, u16 (1..=128)
//!                 K     name, ASCII [A-Za-z0-9_.:/-]
//!                 1     element type: 1 u8, 2 i8, 3 u16, 4 i16, 5 u32, 6 i32,
//!                       7 u64, 8 i64, 9 f32, 10 f64
//!                 1     compression: 0 none, 1 deflate, 2 byte-shuffle + deflate
//!                 1     number of dimensions D (0..=8; 0 is a scalar)
//!                 8·D   dimensions, u64 each, row-major (outermost first)
//!                 8     raw length R, u64: bytes of the elements uncompressed
//!                       = product(dimensions) × element size
//!                 8     stored length S, u64: bytes that follow
//!                 S     stored bytes: the elements little-endian (compression 0,
//!                       S = R), a raw deflate stream (RFC 1951, no zlib or gzip
//!                       wrapper) of them (1), or of their byte-shuffled form (2):
//!                       byte 0 of every element, then byte 1 of every element, ...
//! L-4     4     CRC-32 (IEEE 802.3, as zlib's crc32) of bytes 0..L-4, u32
//! ```
//!
//! The header's fields, all required, no others allowed:
//! `name`, `kind` ("model" | "checkpoint"), `game` ("othello" | "connect4" |
//! "hare_hounds" | "connect6"), `variant`, `algorithm` ("qnet" | "q_table" |
//! "td_linear" | "ga_weights" | "value_table"), `encoding`, `hyper` (object), `seed` (u64),
//! `games_trained` (u64), `evaluation` (any JSON), `curve` (any JSON),
//! `created` ("YYYY-MM-DDTHH:MM:SSZ"), `producer`.
//!
//! # Decoding is defensive
//!
//! [`decode_with`] checks, in order: the file is not empty, starts with the
//! magic, is within [`Limits::max_file_bytes`], has a known format version and
//! no flags, is exactly as long as it declares (else truncated / trailing
//! bytes), and matches its checksum. Then the header (size limit, JSON, known
//! game and algorithm, every field), then each array: name, element type,
//! compression, dimensions, and sizes against [`Limits`] *before* anything is
//! allocated (a compressed array may not declare more than deflate could
//! produce, and all arrays together may not exceed
//! [`Limits::max_decoded_bytes`], which stops decompression bombs), then its
//! data (exact decompressed size, no bytes after the stream), then NaN and
//! infinities. Every failure is its own [`ModelError`] variant.
//!
//! # Array naming conventions
//!
//! Names group with `/`: `w/0`, `b/0` for the weights and biases of layer 0,
//! `opt/m/w/0` for optimiser state, `q/keys` + `q/values` for a sparse
//! Q-table, `rng` for a checkpoint's generator state ([`Model::set_rng`]).

mod array;
mod checkpoint;
mod codec;
mod compress;
mod error;
mod file_name;
mod header;
mod names;

pub use array::{check_array_name, shape_elements, ArrayData, DType, Element, NamedArray};
pub use codec::{
    decode, decode_with, decode_with_layout, encode, encode_with, Limits, StoredArray,
    DEFAULT_LEVEL, PREAMBLE_LEN,
};
pub use compress::Compression;
pub use error::ModelError;
pub use file_name::{format_count, FILE_EXTENSION};
pub use header::{format_utc, now_utc, producer, Algorithm, GameId, Header, Kind};

/// The first eight bytes of every model file.
pub const MAGIC: &[u8; 8] = b"SELFPLAY";

/// The newest format version this build writes and reads. Version 2 is
/// version 1 with the header's optional `train_seconds`; a model that does
/// not know its seconds is written as version 1, which every earlier build
/// reads, and one that does as version 2, which an earlier build refuses
/// with a clear error rather than as an unknown field.
pub const FORMAT_VERSION: u16 = 2;

/// The version a model is written in: the oldest that holds its header.
pub fn version_for(header: &Header) -> u16 {
    if header.train_seconds == 0.0 {
        1
    } else {
        FORMAT_VERSION
    }
}

/// A model: a header and named arrays.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub header: Header,
    pub arrays: Vec<NamedArray>,
}

impl Model {
    /// A model with no arrays yet.
    pub fn new(header: Header) -> Model {
        Model {
            header,
            arrays: Vec::new(),
        }
    }

    /// A model from a learner's parts, checked as [`encode`] would check it
    /// (with the default [`Limits`]).
    pub fn from_parts(header: Header, arrays: Vec<NamedArray>) -> Result<Model, ModelError> {
        let model = Model { header, arrays };
        model.check(&Limits::default())?;
        Ok(model)
    }

    /// Adds an array; fails on a bad or duplicate name, a shape that does not
    /// match the data, or a NaN / infinite float.
    pub fn push(
        &mut self,
        name: impl Into<String>,
        shape: Vec<usize>,
        data: impl Into<ArrayData>,
    ) -> Result<(), ModelError> {
        let array = NamedArray::new(name, shape, data)?;
        if self.array(&array.name).is_some() {
            return Err(ModelError::DuplicateArray { name: array.name });
        }
        self.arrays.push(array);
        Ok(())
    }

    /// Adds an array, replacing any array of the same name (in place).
    pub fn set(
        &mut self,
        name: impl Into<String>,
        shape: Vec<usize>,
        data: impl Into<ArrayData>,
    ) -> Result<(), ModelError> {
        let array = NamedArray::new(name, shape, data)?;
        match self.arrays.iter_mut().find(|a| a.name == array.name) {
            Some(slot) => *slot = array,
            None => self.arrays.push(array),
        }
        Ok(())
    }

    /// Refuses a model that carries an array its learner does not use (a
    /// file padded with extra data is not that learner's file, and the
    /// library would store the padding): `allowed` says which names it uses.
    pub fn only_arrays(&self, allowed: impl Fn(&str) -> bool) -> Result<(), String> {
        match self.arrays.iter().find(|a| !allowed(&a.name)) {
            Some(a) => Err(format!(
                "it carries an array '{}' that its learner does not use",
                a.name
            )),
            None => Ok(()),
        }
    }

    /// The array with this name, if any.
    pub fn array(&self, name: &str) -> Option<&NamedArray> {
        self.arrays.iter().find(|a| a.name == name)
    }

    /// The array with this name, or [`ModelError::MissingArray`].
    pub fn get(&self, name: &str) -> Result<&NamedArray, ModelError> {
        self.array(name).ok_or_else(|| ModelError::MissingArray {
            name: name.to_string(),
        })
    }

    /// The values of an array of element type `T`, any shape.
    pub fn values<T: Element>(&self, name: &str) -> Result<&[T], ModelError> {
        let a = self.get(name)?;
        T::slice(&a.data).ok_or_else(|| ModelError::WrongArrayType {
            name: name.to_string(),
            expected: T::DTYPE,
            found: a.dtype(),
        })
    }

    /// The values of an array of element type `T` and exactly this shape.
    pub fn values_shaped<T: Element>(
        &self,
        name: &str,
        shape: &[usize],
    ) -> Result<&[T], ModelError> {
        let values = self.values::<T>(name)?;
        let a = self.get(name)?;
        if a.shape != shape {
            return Err(ModelError::WrongShape {
                name: name.to_string(),
                expected: shape.to_vec(),
                found: a.shape.clone(),
            });
        }
        Ok(values)
    }

    /// Removes an array of element type `T` and returns its shape and values
    /// without copying them (for large Q-tables). On a wrong type the array stays.
    pub fn take_values<T: Element>(
        &mut self,
        name: &str,
    ) -> Result<(Vec<usize>, Vec<T>), ModelError> {
        self.values::<T>(name)?;
        let i = self
            .arrays
            .iter()
            .position(|a| a.name == name)
            .expect("checked above");
        let a = self.arrays.remove(i);
        let values = T::take(a.data).unwrap_or_else(|_| unreachable!("type checked above"));
        Ok((a.shape, values))
    }

    /// Checks that the model is for `game` and comes from `algorithm`.
    pub fn expect(&self, game: &str, algorithm: Algorithm) -> Result<(), ModelError> {
        if self.header.game.name() != game {
            return Err(ModelError::WrongGame {
                expected: GameId::of(game),
                found: self.header.game.clone(),
            });
        }
        if self.header.algorithm != algorithm {
            return Err(ModelError::WrongAlgorithm {
                expected: algorithm,
                found: self.header.algorithm,
            });
        }
        Ok(())
    }

    /// The bytes all arrays take in memory.
    pub fn payload_bytes(&self) -> usize {
        self.arrays.iter().map(|a| a.data.byte_len()).sum()
    }
}
