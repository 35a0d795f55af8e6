//! How array elements become stored bytes and back: plain little-endian, or
//! byte-shuffled and deflated.
//!
//! Byte shuffling (as in HDF5 and Blosc) writes the first byte of every element,
//! then the second byte of every element, and so on. Weights that differ in
//! their low mantissa bytes still share sign and exponent bytes, and a Q-table
//! of mostly zeros becomes long runs, which deflate then packs well.

use flate2::{Compress, Compression as Level, Decompress, FlushCompress, FlushDecompress, Status};

use super::array::{with_data, ArrayData, DType, Element};
use super::error::ModelError;

/// How an array's bytes are stored, with its code in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Code 0: the elements' little-endian bytes, in order.
    None,
    /// Code 1: the elements' little-endian bytes as a raw deflate stream (RFC 1951).
    Deflate,
    /// Code 2: byte-shuffled little-endian bytes as a raw deflate stream.
    ShuffleDeflate,
}

impl Compression {
    pub fn code(self) -> u8 {
        match self {
            Compression::None => 0,
            Compression::Deflate => 1,
            Compression::ShuffleDeflate => 2,
        }
    }

    pub fn from_code(code: u8) -> Option<Compression> {
        match code {
            0 => Some(Compression::None),
            1 => Some(Compression::Deflate),
            2 => Some(Compression::ShuffleDeflate),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Deflate => "deflate",
            Compression::ShuffleDeflate => "shuffle+deflate",
        }
    }
}

/// Arrays smaller than this are stored plain: deflate cannot gain much.
const MIN_COMPRESS_BYTES: usize = 512;

/// Deflate can expand at most 258 bytes from a 2-bit code (about 1032:1); a
/// compressed array declaring more than this many bytes per stored byte (plus
/// a small allowance) is corrupt, before any decompression is tried.
pub(crate) const MAX_DEFLATE_RATIO: u64 = 1032;

/// The elements' little-endian bytes, shuffled or not.
fn element_bytes(data: &ArrayData, shuffle: bool) -> Vec<u8> {
    fn bytes<T: Element>(v: &[T], shuffle: bool) -> Vec<u8> {
        let size = T::DTYPE.size();
        let mut out = vec![0u8; v.len() * size];
        let mut tmp = [0u8; 8];
        if shuffle && size > 1 {
            let n = v.len();
            for (i, &x) in v.iter().enumerate() {
                x.write_le(&mut tmp[..size]);
                for (b, &byte) in tmp[..size].iter().enumerate() {
                    out[b * n + i] = byte;
                }
            }
        } else {
            for (chunk, &x) in out.chunks_exact_mut(size).zip(v) {
                x.write_le(chunk);
            }
        }
        out
    }
    with_data!(data, v => bytes(v, shuffle))
}

/// Elements from little-endian bytes (`bytes.len()` is a multiple of the size).
fn elements_from_bytes(dtype: DType, bytes: &[u8], shuffled: bool) -> ArrayData {
    fn read<T: Element>(bytes: &[u8], shuffled: bool) -> ArrayData {
        let size = T::DTYPE.size();
        let n = bytes.len() / size;
        let mut out = Vec::with_capacity(n);
        if shuffled && size > 1 {
            let mut tmp = [0u8; 8];
            for i in 0..n {
                for (b, t) in tmp[..size].iter_mut().enumerate() {
                    *t = bytes[b * n + i];
                }
                out.push(T::read_le(&tmp[..size]));
            }
        } else {
            out.extend(bytes.chunks_exact(size).map(T::read_le));
        }
        T::wrap(out)
    }
    match dtype {
        DType::U8 => read::<u8>(bytes, shuffled),
        DType::I8 => read::<i8>(bytes, shuffled),
        DType::U16 => read::<u16>(bytes, shuffled),
        DType::I16 => read::<i16>(bytes, shuffled),
        DType::U32 => read::<u32>(bytes, shuffled),
        DType::I32 => read::<i32>(bytes, shuffled),
        DType::U64 => read::<u64>(bytes, shuffled),
        DType::I64 => read::<i64>(bytes, shuffled),
        DType::F32 => read::<f32>(bytes, shuffled),
        DType::F64 => read::<f64>(bytes, shuffled),
    }
}

/// A deflate compressor reused across the arrays of one file (setting one up
/// costs more than compressing a small array).
pub(crate) struct Deflater {
    level: u32,
    compress: Option<Compress>,
}

impl Deflater {
    /// `level` is the deflate level 0..=9; 0 stores everything plain.
    pub(crate) fn new(level: u32) -> Deflater {
        Deflater {
            level: level.min(9),
            compress: None,
        }
    }
}

fn deflate(input: &[u8], deflater: &mut Deflater) -> Vec<u8> {
    let level = deflater.level;
    let c = deflater
        .compress
        .get_or_insert_with(|| Compress::new(Level::new(level), false));
    c.reset();
    // Stop as soon as the output would not pay: no need to finish a stream we drop.
    let mut out = Vec::with_capacity(input.len() / 2 + 64);
    loop {
        let before = c.total_in();
        let status = c
            .compress_vec(&input[before as usize..], &mut out, FlushCompress::Finish)
            .expect("deflating into a Vec cannot fail");
        if status == Status::StreamEnd {
            return out;
        }
        if out.len() >= input.len() {
            return out;
        }
        out.reserve(out.capacity().max(1024));
    }
}

/// The stored form of an array: the method chosen and the stored bytes.
pub(crate) fn pack(data: &ArrayData, deflater: &mut Deflater) -> (Compression, Vec<u8>) {
    let raw_len = data.byte_len();
    if deflater.level == 0 || raw_len < MIN_COMPRESS_BYTES {
        return (Compression::None, element_bytes(data, false));
    }
    let shuffle = data.dtype().size() > 1;
    let bytes = element_bytes(data, shuffle);
    let packed = deflate(&bytes, deflater);
    // Keep the compressed form only if it saves at least 1/16.
    if packed.len() < raw_len - raw_len / 16 {
        let method = if shuffle {
            Compression::ShuffleDeflate
        } else {
            Compression::Deflate
        };
        (method, packed)
    } else if shuffle {
        (Compression::None, element_bytes(data, false))
    } else {
        (Compression::None, bytes)
    }
}

/// Decodes stored bytes into exactly `raw_len` bytes' worth of elements.
/// The caller has checked `raw_len` against the limits and against the
/// element size.
pub(crate) fn unpack(
    array: &str,
    dtype: DType,
    method: Compression,
    stored: &[u8],
    raw_len: usize,
) -> Result<ArrayData, ModelError> {
    let corrupt = |reason: String| ModelError::CorruptArray {
        array: array.to_string(),
        reason,
    };
    match method {
        Compression::None => {
            if stored.len() != raw_len {
                return Err(corrupt(format!(
                    "it stores {} bytes for {raw_len} bytes of values",
                    stored.len()
                )));
            }
            Ok(elements_from_bytes(dtype, stored, false))
        }
        Compression::Deflate | Compression::ShuffleDeflate => {
            // One spare byte: a stream that would produce more than declared
            // fills it and is rejected, without ever growing the buffer.
            let mut out = vec![0u8; raw_len + 1];
            let mut d = Decompress::new(false);
            let status = loop {
                let (inp, outp) = (d.total_in() as usize, d.total_out() as usize);
                let status = d
                    .decompress(&stored[inp..], &mut out[outp..], FlushDecompress::Finish)
                    .map_err(|e| corrupt(format!("its compressed data is invalid ({e})")))?;
                let progressed = d.total_in() as usize != inp || d.total_out() as usize != outp;
                if status == Status::StreamEnd || !progressed || d.total_out() as usize > raw_len {
                    break status;
                }
            };
            let produced = d.total_out() as usize;
            if produced > raw_len {
                return Err(corrupt(format!(
                    "its compressed data expands to more than the declared {raw_len} bytes"
                )));
            }
            if status != Status::StreamEnd {
                return Err(corrupt("its compressed data ends early".to_string()));
            }
            if produced != raw_len {
                return Err(corrupt(format!(
                    "its compressed data expands to {produced} bytes instead of {raw_len}"
                )));
            }
            if d.total_in() as usize != stored.len() {
                return Err(corrupt(format!(
                    "{} bytes follow the end of its compressed data",
                    stored.len() - d.total_in() as usize
                )));
            }
            out.truncate(raw_len);
            Ok(elements_from_bytes(
                dtype,
                &out,
                method == Compression::ShuffleDeflate,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_unpack_every_method() {
        let data = ArrayData::F32((0..1000).map(|i| (i % 7) as f32 * 0.25).collect());
        for level in [0, 1, 6, 9] {
            let (method, stored) = pack(&data, &mut Deflater::new(level));
            let back = unpack("w", DType::F32, method, &stored, data.byte_len()).unwrap();
            assert_eq!(back, data);
        }
        let (method, stored) = pack(&data, &mut Deflater::new(6));
        assert_eq!(method, Compression::ShuffleDeflate);
        assert!(stored.len() < data.byte_len() / 10);
        let bytes = ArrayData::U8(vec![3; 5000]);
        let (method, stored) = pack(&bytes, &mut Deflater::new(6));
        assert_eq!(method, Compression::Deflate);
        assert_eq!(
            unpack("b", DType::U8, method, &stored, 5000).unwrap(),
            bytes
        );
    }

    #[test]
    fn incompressible_data_is_stored_plain() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let noise: Vec<u64> = (0..512)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            })
            .collect();
        let (method, stored) = pack(&ArrayData::U64(noise), &mut Deflater::new(6));
        assert_eq!(method, Compression::None);
        assert_eq!(stored.len(), 512 * 8);
    }

    #[test]
    fn wrong_sizes_are_corrupt() {
        let data = ArrayData::U8(vec![0; 4096]);
        let (method, stored) = pack(&data, &mut Deflater::new(6));
        for raw_len in [4095, 4097, 100_000] {
            let err = unpack("q", DType::U8, method, &stored, raw_len).unwrap_err();
            assert_eq!(err.code(), "corrupt_array", "{raw_len}: {err}");
        }
        let err = unpack("q", DType::U8, method, &stored[..stored.len() - 1], 4096).unwrap_err();
        assert_eq!(err.code(), "corrupt_array");
        let mut longer = stored.clone();
        longer.push(0);
        let err = unpack("q", DType::U8, method, &longer, 4096).unwrap_err();
        assert_eq!(err.code(), "corrupt_array");
    }
}
