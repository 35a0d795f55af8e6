//! Encoding a [`Model`] to bytes and decoding it back, defensively.
//!
//! The layout is documented byte by byte in the module documentation of
//! [`crate::model`] and in `docs/model-format.md`.

use std::collections::HashSet;

use super::array::{check_array_name, shape_elements, DType, NamedArray};
use super::compress::{pack, unpack, Compression, Deflater, MAX_DEFLATE_RATIO};
use super::error::ModelError;
use super::header::Header;
use super::{Model, FORMAT_VERSION, MAGIC};

/// Bytes before the JSON header: magic (8), version (2), flags (2), file
/// length (8), header length (4).
pub const PREAMBLE_LEN: usize = 24;

/// Bytes of the CRC-32 at the end.
const CHECKSUM_LEN: usize = 4;

/// The default deflate level of [`encode`]: 1, the fastest. On a 16 MB Q-table
/// it encodes about 6 times faster than level 6 for a file about 1.4 times
/// larger (`selfplay model bench --level N`), which matters for checkpoints
/// written while training; pass 9 to [`encode_with`] for the smallest file.
pub const DEFAULT_LEVEL: u32 = 1;

/// Size limits of decoding, checked before anything is allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest file.
    pub max_file_bytes: u64,
    /// The largest JSON header.
    pub max_header_bytes: u64,
    /// The most arrays.
    pub max_arrays: u64,
    /// The most dimensions of one array.
    pub max_dims: u64,
    /// The most memory all arrays together may take once decoded (this is
    /// what stops decompression bombs).
    pub max_decoded_bytes: u64,
}

impl Default for Limits {
    /// 250 MB files, 4 MB headers, 4096 arrays of up to 8 dimensions, 500 MB decoded.
    fn default() -> Limits {
        Limits {
            max_file_bytes: 250_000_000,
            max_header_bytes: 4_000_000,
            max_arrays: 4096,
            max_dims: 8,
            max_decoded_bytes: 500_000_000,
        }
    }
}

impl Model {
    /// Checks everything [`decode`] checks, so that whatever encodes also
    /// decodes (with the same limits): header fields, array names (valid,
    /// unique), shapes, finite floats, and the size limits.
    pub fn check(&self, limits: &Limits) -> Result<(), ModelError> {
        // The fields' widths in the file bound the limits, whatever the caller asks.
        let limits = &Limits {
            max_header_bytes: limits.max_header_bytes.min(u64::from(u32::MAX)),
            max_arrays: limits.max_arrays.min(u64::from(u32::MAX)),
            max_dims: limits.max_dims.min(u64::from(u8::MAX)),
            ..limits.clone()
        };
        self.header.check()?;
        let header_len = self.header.to_json().len() as u64;
        if header_len > limits.max_header_bytes {
            return Err(ModelError::HeaderTooLarge {
                size: header_len,
                limit: limits.max_header_bytes,
            });
        }
        if self.arrays.len() as u64 > limits.max_arrays {
            return Err(ModelError::TooManyArrays {
                count: self.arrays.len() as u64,
                limit: limits.max_arrays,
            });
        }
        let mut names = HashSet::with_capacity(self.arrays.len());
        let mut decoded: u64 = 0;
        for a in &self.arrays {
            a.check()?;
            if !names.insert(a.name.as_str()) {
                return Err(ModelError::DuplicateArray {
                    name: a.name.clone(),
                });
            }
            if a.shape.len() as u64 > limits.max_dims {
                return Err(ModelError::TooManyDimensions {
                    array: a.name.clone(),
                    ndim: a.shape.len() as u64,
                    limit: limits.max_dims,
                });
            }
            decoded += a.data.byte_len() as u64;
            if decoded > limits.max_decoded_bytes {
                return Err(ModelError::ArrayTooLarge {
                    array: a.name.clone(),
                    bytes: decoded,
                    limit: limits.max_decoded_bytes,
                });
            }
            if let Some(&d) = a
                .shape
                .iter()
                .find(|&&d| d as u64 > limits.max_decoded_bytes)
            {
                return Err(ModelError::DimensionTooLarge {
                    array: a.name.clone(),
                    dim: d as u64,
                    limit: limits.max_decoded_bytes,
                });
            }
        }
        Ok(())
    }
}

/// Encodes a model with the default limits and compression level. Fails
/// (with the error decoding would give) if the model would not decode: a NaN
/// weight, a shape that does not match its data, a bad name, too large.
pub fn encode(model: &Model) -> Result<Vec<u8>, ModelError> {
    encode_with(model, DEFAULT_LEVEL, &Limits::default())
}

/// Encodes with a deflate `level` (0 = store everything plain, 1 = fastest,
/// 9 = smallest) after checking the model against `limits`.
pub fn encode_with(model: &Model, level: u32, limits: &Limits) -> Result<Vec<u8>, ModelError> {
    model.check(limits)?;
    let header = model.header.to_json();
    let mut out = Vec::with_capacity(
        PREAMBLE_LEN
            + header.len()
            + 4
            + model
                .arrays
                .iter()
                .map(|a| a.data.byte_len() + 64)
                .sum::<usize>()
            + CHECKSUM_LEN,
    );
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&super::version_for(&model.header).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // flags
    out.extend_from_slice(&0u64.to_le_bytes()); // file length, patched below
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&(model.arrays.len() as u32).to_le_bytes());
    let mut deflater = Deflater::new(level);
    for a in &model.arrays {
        let (method, stored) = pack(&a.data, &mut deflater);
        out.extend_from_slice(&(a.name.len() as u16).to_le_bytes());
        out.extend_from_slice(a.name.as_bytes());
        out.push(a.dtype().code());
        out.push(method.code());
        out.push(a.shape.len() as u8);
        for &d in &a.shape {
            out.extend_from_slice(&(d as u64).to_le_bytes());
        }
        out.extend_from_slice(&(a.data.byte_len() as u64).to_le_bytes());
        out.extend_from_slice(&(stored.len() as u64).to_le_bytes());
        out.extend_from_slice(&stored);
    }
    let file_len = (out.len() + CHECKSUM_LEN) as u64;
    out[12..20].copy_from_slice(&file_len.to_le_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    if file_len > limits.max_file_bytes {
        return Err(ModelError::TooLarge {
            size: file_len,
            limit: limits.max_file_bytes,
        });
    }
    Ok(out)
}

/// Decodes a model with the default [`Limits`].
pub fn decode(bytes: &[u8]) -> Result<Model, ModelError> {
    decode_with(bytes, &Limits::default())
}

/// Reads fields from the checksummed body; running past its end means the
/// structure is inconsistent.
struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: u64, what: &str) -> Result<&'a [u8], ModelError> {
        let left = (self.buf.len() - self.pos) as u64;
        if n > left {
            return Err(ModelError::Malformed {
                reason: format!("{what} needs {n} bytes but only {left} remain"),
            });
        }
        let s = &self.buf[self.pos..self.pos + n as usize];
        self.pos += n as usize;
        Ok(s)
    }

    fn u8(&mut self, what: &str) -> Result<u8, ModelError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, ModelError> {
        Ok(u16::from_le_bytes(self.take(2, what)?.try_into().unwrap()))
    }

    fn u32(&mut self, what: &str) -> Result<u32, ModelError> {
        Ok(u32::from_le_bytes(self.take(4, what)?.try_into().unwrap()))
    }

    fn u64(&mut self, what: &str) -> Result<u64, ModelError> {
        Ok(u64::from_le_bytes(self.take(8, what)?.try_into().unwrap()))
    }
}

/// Reads one array's name and declared size of values, and skips its data.
fn declared_size(r: &mut Reader<'_>) -> Option<(String, u64)> {
    let name_len = r.u16("").ok()?;
    let name = String::from_utf8_lossy(r.take(u64::from(name_len), "").ok()?).into_owned();
    r.take(2, "").ok()?; // type and compression
    let ndim = r.u8("").ok()?;
    r.take(8 * u64::from(ndim), "").ok()?;
    let raw_len = r.u64("").ok()?;
    let stored_len = r.u64("").ok()?;
    r.take(stored_len, "").ok()?;
    Some((name, raw_len))
}

/// Decodes a model, checking in this order: empty, magic, size, format
/// version, flags, declared length (truncated / trailing bytes), checksum,
/// header, the declared sizes of all arrays together against the limit, then
/// each array (name, type, compression, dimensions, sizes against the limits,
/// data, finite floats). Nothing larger than the limits is ever allocated, and
/// nothing is inflated before every array's declared size is known.
pub fn decode_with(bytes: &[u8], limits: &Limits) -> Result<Model, ModelError> {
    decode_with_layout(bytes, limits).map(|(model, _)| model)
}

/// How one array is stored in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredArray {
    pub name: String,
    pub compression: Compression,
    /// Offset of the stored bytes from the start of the file.
    pub offset: u64,
    /// Bytes stored in the file.
    pub stored_bytes: u64,
    /// Bytes of the elements once decoded.
    pub raw_bytes: u64,
}

/// [`decode_with`], also telling how each array is stored (for `model inspect`).
pub fn decode_with_layout(
    bytes: &[u8],
    limits: &Limits,
) -> Result<(Model, Vec<StoredArray>), ModelError> {
    let actual = bytes.len() as u64;
    if bytes.is_empty() {
        return Err(ModelError::Empty);
    }
    let n = bytes.len().min(MAGIC.len());
    if bytes[..n] != MAGIC[..n] {
        return Err(ModelError::NotAModel {
            starts_with: bytes[..n].to_vec(),
        });
    }
    if actual > limits.max_file_bytes {
        return Err(ModelError::TooLarge {
            size: actual,
            limit: limits.max_file_bytes,
        });
    }
    let min_len = (PREAMBLE_LEN + 4 + CHECKSUM_LEN) as u64;
    if bytes.len() < MAGIC.len() + 2 {
        return Err(ModelError::Truncated {
            expected: min_len,
            actual,
        });
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version > FORMAT_VERSION {
        return Err(ModelError::NewerVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    if version == 0 {
        return Err(ModelError::UnsupportedVersion { found: version });
    }
    if bytes.len() < PREAMBLE_LEN {
        return Err(ModelError::Truncated {
            expected: min_len,
            actual,
        });
    }
    let mut r = Reader {
        buf: bytes,
        pos: MAGIC.len() + 2,
    };
    let flags = r.u16("the flags")?;
    if flags != 0 {
        return Err(ModelError::UnsupportedFlags { flags });
    }
    let file_len = r.u64("the file length")?;
    if file_len > limits.max_file_bytes {
        return Err(ModelError::TooLarge {
            size: file_len,
            limit: limits.max_file_bytes,
        });
    }
    if file_len < min_len {
        return Err(ModelError::Malformed {
            reason: format!(
                "it declares a length of {file_len} bytes, less than the minimum {min_len}"
            ),
        });
    }
    if actual < file_len {
        return Err(ModelError::Truncated {
            expected: file_len,
            actual,
        });
    }
    if actual > file_len {
        return Err(ModelError::TrailingBytes {
            expected: file_len,
            actual,
        });
    }
    let body_len = bytes.len() - CHECKSUM_LEN;
    let stored = u32::from_le_bytes(bytes[body_len..].try_into().unwrap());
    let computed = crc32fast::hash(&bytes[..body_len]);
    if stored != computed {
        return Err(ModelError::BadChecksum { stored, computed });
    }
    // From here on the bytes are exactly what a writer produced; any
    // inconsistency is the writer's, reported as such.
    let mut r = Reader {
        buf: &bytes[..body_len],
        pos: r.pos,
    };

    let header_len = u64::from(r.u32("the header length")?);
    if header_len > limits.max_header_bytes {
        return Err(ModelError::HeaderTooLarge {
            size: header_len,
            limit: limits.max_header_bytes,
        });
    }
    let header = Header::from_json(r.take(header_len, "the header")?)?;
    if version < super::version_for(&header) {
        return Err(ModelError::BadHeader {
            reason: format!("a version-{version} header has no field train_seconds"),
        });
    }

    let count = u64::from(r.u32("the array count")?);
    if count > limits.max_arrays {
        return Err(ModelError::TooManyArrays {
            count,
            limit: limits.max_arrays,
        });
    }
    // Before inflating anything: the values all arrays declare, together,
    // within the limit. (A malformed array stops this look-ahead; the pass
    // below reports it precisely.)
    let mut scan = Reader {
        buf: r.buf,
        pos: r.pos,
    };
    let mut declared: u64 = 0;
    for _ in 0..count {
        let Some((name, raw_len)) = declared_size(&mut scan) else {
            break;
        };
        declared = declared.saturating_add(raw_len);
        if declared > limits.max_decoded_bytes {
            return Err(ModelError::ArrayTooLarge {
                array: name,
                bytes: declared,
                limit: limits.max_decoded_bytes,
            });
        }
    }
    // Each array takes at least 23 bytes, so the count is also bounded by the file.
    let mut arrays: Vec<NamedArray> = Vec::with_capacity((count as usize).min(body_len / 23));
    let mut layout = Vec::with_capacity(arrays.capacity());
    let mut names = HashSet::new();
    let mut decoded: u64 = 0;
    for i in 0..count {
        let name_len = r.u16("an array name's length")?;
        let name_bytes = r.take(u64::from(name_len), "an array name")?;
        let name = String::from_utf8_lossy(name_bytes).into_owned();
        if std::str::from_utf8(name_bytes).is_err() {
            return Err(ModelError::BadArrayName {
                name,
                reason: "the name is not UTF-8 text",
            });
        }
        check_array_name(&name)?;
        if !names.insert(name.clone()) {
            return Err(ModelError::DuplicateArray { name });
        }
        let what = format!("array '{name}' (number {})", i + 1);
        let dtype_code = r.u8(&what)?;
        let dtype = DType::from_code(dtype_code).ok_or_else(|| ModelError::UnknownDtype {
            array: name.clone(),
            code: dtype_code,
        })?;
        let method_code = r.u8(&what)?;
        let method =
            Compression::from_code(method_code).ok_or_else(|| ModelError::UnknownCompression {
                array: name.clone(),
                code: method_code,
            })?;
        let ndim = u64::from(r.u8(&what)?);
        if ndim > limits.max_dims {
            return Err(ModelError::TooManyDimensions {
                array: name,
                ndim,
                limit: limits.max_dims,
            });
        }
        let mut dims = Vec::with_capacity(ndim as usize);
        for _ in 0..ndim {
            dims.push(r.u64(&what)?);
        }
        let raw_len = r.u64(&what)?;
        let stored_len = r.u64(&what)?;

        let too_large = |bytes: u64| ModelError::ArrayTooLarge {
            array: name.clone(),
            bytes,
            limit: limits.max_decoded_bytes,
        };
        // Elements and bytes the shape implies, without overflow.
        let elements = dims
            .iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d))
            .ok_or_else(|| too_large(u64::MAX))?;
        let shape_bytes = elements
            .checked_mul(dtype.size() as u64)
            .ok_or_else(|| too_large(u64::MAX))?;
        if shape_bytes > limits.max_decoded_bytes {
            return Err(too_large(shape_bytes));
        }
        // A dimension beyond the byte budget only fits with a zero elsewhere;
        // refusing it keeps every dimension a valid usize on 32-bit targets.
        if let Some(&dim) = dims.iter().find(|&&d| d > limits.max_decoded_bytes) {
            return Err(ModelError::DimensionTooLarge {
                array: name,
                dim,
                limit: limits.max_decoded_bytes,
            });
        }
        if raw_len != shape_bytes {
            return Err(ModelError::ShapeMismatch {
                array: name,
                shape: dims,
                elements: raw_len / dtype.size() as u64,
            });
        }
        decoded += raw_len;
        if decoded > limits.max_decoded_bytes {
            return Err(too_large(decoded));
        }
        if method != Compression::None
            && raw_len
                > stored_len
                    .saturating_mul(MAX_DEFLATE_RATIO)
                    .saturating_add(64)
        {
            return Err(ModelError::CorruptArray {
                array: name,
                reason: format!(
                    "it declares {raw_len} bytes of values from {stored_len} compressed bytes, \
                     more than deflate can produce"
                ),
            });
        }
        let offset = r.pos as u64;
        let stored = r.take(stored_len, &what)?;
        // Every size is now bounded by the limits: allocation is safe.
        let data = unpack(&name, dtype, method, stored, raw_len as usize)?;
        let shape: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
        debug_assert_eq!(shape_elements(&shape), Some(data.len()));
        if let Some((index, value)) = data.first_non_finite() {
            return Err(ModelError::NonFinite {
                array: name,
                index: index as u64,
                value,
            });
        }
        layout.push(StoredArray {
            name: name.clone(),
            compression: method,
            offset,
            stored_bytes: stored_len,
            raw_bytes: raw_len,
        });
        arrays.push(NamedArray { name, shape, data });
    }
    if r.pos != body_len {
        return Err(ModelError::Malformed {
            reason: format!(
                "{} bytes are left over after the last array",
                body_len - r.pos
            ),
        });
    }
    Ok((Model { header, arrays }, layout))
}
