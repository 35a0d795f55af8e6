//! Decoding arbitrary bytes never panics, and whatever decodes re-encodes to
//! a file that decodes to the same model.
//!
//! Seed corpus: `cp ../tests/data/models/*/*.selfplay corpus/decode/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use selfplay::model::{decode, encode};

fuzz_target!(|bytes: &[u8]| {
    if let Ok(model) = decode(bytes) {
        let again = encode(&model).expect("a decoded model encodes");
        assert_eq!(decode(&again).expect("a re-encoded model decodes"), model);
    }
});
