//! Checkpoints: a model of kind [`Kind::Checkpoint`] that also carries what a
//! run needs to continue exactly where it stopped — optimiser state (arrays
//! named by the learner, e.g. `opt/m/w/0`), the generator state (array `rng`,
//! four `u64`), games played ([`Header::games_trained`]) and the curve so far
//! ([`Header::curve`]).
//!
//! [`Kind::Checkpoint`]: super::Kind::Checkpoint
//! [`Header::games_trained`]: super::Header::games_trained
//! [`Header::curve`]: super::Header::curve

use rand::SeedableRng;

use super::{Model, ModelError};
use crate::Rng;

/// The name of the array that holds a generator's state.
pub const RNG_ARRAY: &str = "rng";

/// The four 64-bit words of a xoshiro256++ state.
fn rng_state(rng: &Rng) -> [u64; 4] {
    // The state is private; its serde form is `{"s": [a, b, c, d]}`.
    let value = serde_json::to_value(rng).expect("a generator always serialises");
    let words = value
        .get("s")
        .and_then(|s| s.as_array())
        .expect("xoshiro256++ serialises as {\"s\": [u64; 4]}");
    let mut state = [0u64; 4];
    for (slot, w) in state.iter_mut().zip(words) {
        *slot = w.as_u64().expect("state words are u64");
    }
    state
}

fn rng_from_state(state: [u64; 4]) -> Rng {
    let mut seed = [0u8; 32];
    for (chunk, w) in seed.chunks_exact_mut(8).zip(state) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    // xoshiro256++'s from_seed reads the 32 bytes as four little-endian words.
    Rng::from_seed(seed)
}

impl Model {
    /// Stores a generator's exact state in the array `rng` (replacing it).
    pub fn set_rng(&mut self, rng: &Rng) {
        self.set(RNG_ARRAY, vec![4], rng_state(rng).to_vec())
            .expect("four u64 under a valid name always make a valid array");
    }

    /// The generator stored by [`Model::set_rng`], continuing exactly where it was.
    pub fn rng(&self) -> Result<Rng, ModelError> {
        let words = self.values_shaped::<u64>(RNG_ARRAY, &[4])?;
        let state: [u64; 4] = words.try_into().expect("shape checked");
        if state == [0; 4] {
            return Err(ModelError::CorruptArray {
                array: RNG_ARRAY.to_string(),
                reason: "a generator state of all zeros is impossible".to_string(),
            });
        }
        Ok(rng_from_state(state))
    }
}

#[cfg(test)]
mod tests {
    use rand::RngCore;

    use super::*;
    use crate::model::{Algorithm, GameId, Header};

    #[test]
    fn generator_continues_exactly() {
        let mut rng = crate::rng_from_seed(42);
        for _ in 0..17 {
            rng.next_u64();
        }
        let mut model = Model::new(Header::new(GameId::of("othello"), Algorithm::QNet, "x"));
        model.set_rng(&rng);
        let mut restored = model.rng().unwrap();
        for _ in 0..100 {
            assert_eq!(rng.next_u64(), restored.next_u64());
        }
    }
}
