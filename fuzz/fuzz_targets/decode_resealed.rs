//! Like `decode`, but first makes the declared length and the checksum agree
//! with the bytes, so that the fuzzer explores the header and array parsers
//! instead of stopping at the checksum.
//!
//! Seed corpus: `cp ../tests/data/models/*/*.selfplay corpus/decode_resealed/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use selfplay::model::{decode, encode};

fuzz_target!(|input: &[u8]| {
    let mut bytes = input.to_vec();
    let n = bytes.len();
    if n >= 28 && bytes.starts_with(b"SELFPLAY") {
        bytes[12..20].copy_from_slice(&(n as u64).to_le_bytes());
        let crc = crc32fast::hash(&bytes[..n - 4]);
        bytes[n - 4..].copy_from_slice(&crc.to_le_bytes());
    }
    if let Ok(model) = decode(&bytes) {
        let again = encode(&model).expect("a decoded model encodes");
        assert_eq!(decode(&again).expect("a re-encoded model decodes"), model);
    }
});
