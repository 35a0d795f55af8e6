//! The genetic algorithm keeps exactly the best `n` of the `2n` candidates
//! of each generation, best first, with their round-robin scores.

use selfplay::learn::genetic::{GaConfig, Genetic, Tournament};
use selfplay::{Outcome, Side};

/// The larger first coefficient wins every game; every candidate it sees
/// in a generation is recorded.
#[derive(Default)]
struct Bigger {
    seen: Vec<Vec<f64>>,
}

impl Tournament for Bigger {
    fn play(&mut self, first: &[f64], second: &[f64], _seed: u64) -> Outcome {
        for c in [first, second] {
            if !self.seen.iter().any(|s| s.as_slice() == c) {
                self.seen.push(c.to_vec());
            }
        }
        match first[0].partial_cmp(&second[0]).unwrap() {
            std::cmp::Ordering::Greater => Outcome::Win(Side::First),
            std::cmp::Ordering::Less => Outcome::Win(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

#[test]
fn the_kept_set_is_exactly_the_top_n_by_score() {
    for population in [2, 3, 5] {
        let config = GaConfig {
            population,
            sigma: 1.0,
            games_per_pairing: 2,
            generations: 6,
            seed: 11,
        };
        let mut ga = Genetic::new(config, vec![0.0, 1.0]).unwrap();
        while !ga.is_done() {
            let mut t = Bigger::default();
            let per = ga.config().games_per_generation();
            let g = ga.step(per, &mut t);
            assert_eq!(g.len(), 1);
            let g = &g[0];
            // Every candidate, 2n of them, all different.
            assert_eq!(t.seen.len(), 2 * population);
            // With 2n candidates ordered by their first coefficient, the
            // k-th best wins against the 2n − 1 − k below it and loses to
            // the k above it, two games each: 2 × (2n − 1 − 2k).
            let mut all = t.seen.clone();
            all.sort_by(|a, b| b[0].partial_cmp(&a[0]).unwrap());
            let top: Vec<Vec<f64>> = all[..population].to_vec();
            assert_eq!(g.kept, top, "population {population}");
            let m = 2 * population as i64;
            let expected: Vec<i64> = (0..population as i64)
                .map(|k| 2 * (m - 1 - 2 * k))
                .collect();
            assert_eq!(g.scores, expected, "population {population}");
            assert_eq!(ga.population(), &top[..]);
        }
    }
}
