//! The cross-platform training check shared by the native tests
//! (`tests/q_net_learning.rs`) and the wasm tests (`tests/web.rs`), each as `#[path] mod golden`: the same
//! seeded runs must give bit-identical weights on every target, so that a
//! network trained in the browser equals one trained by the CLI. Each line of
//! `tests/data/othello/qnet-golden.txt` is `<settings JSON>\t<games>\t<crc32>`,
//! the CRC-32 of the weights (`w/0`, `b/0`, `w/1`, `b/1`, little-endian f32)
//! after that many training games. Regenerate after a deliberate change to
//! the learner with `SELFPLAY_PRINT_GOLDEN=1 cargo test --test q_net_learning golden -- --nocapture`.

use selfplay::model::{ArrayData, Model};

pub const GOLDEN: &str = include_str!("../data/othello/qnet-golden.txt");

/// (settings JSON, training games, expected digest) of every golden line.
pub fn golden_runs() -> Vec<(&'static str, u32, u32)> {
    GOLDEN
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let config = f.next().expect("settings");
            let games = f.next().expect("games").parse().expect("games is a number");
            let digest = u32::from_str_radix(f.next().expect("digest"), 16).expect("hex digest");
            (config, games, digest)
        })
        .collect()
}

/// CRC-32 of the network's weights in a model file's arrays.
pub fn weights_digest(model: &Model) -> u32 {
    let mut h = crc32fast::Hasher::new();
    for name in ["w/0", "b/0", "w/1", "b/1"] {
        let a = model
            .arrays
            .iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("array {name} is missing"));
        let ArrayData::F32(values) = &a.data else {
            panic!("array {name} is not f32");
        };
        for v in values {
            h.update(&v.to_le_bytes());
        }
    }
    h.finalize()
}
