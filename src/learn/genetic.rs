//! The Reversi study's genetic algorithm, for any vector of coefficients.
//!
//! From `n` individuals (coefficient vectors) make `n` mutated copies (each
//! coefficient plus a normal draw of standard deviation σ), `2n` in all; play
//! a round robin among the `2n` (every pair meets `games_per_pairing` times,
//! colours alternating), +1 for a win, −1 for a loss, 0 for a draw; sort by
//! score (ties keep their order: parents before their copies) and keep the
//! best `n`; repeat.
//!
//! The game is played by a [`Tournament`], which the algorithm does not know
//! (a game's folder provides one). [`Genetic::step`] plays a bounded number
//! of tournament games, so a worker can post progress between chunks; each
//! game's seed depends only on the generation, the pairing and the game, so
//! the result is the same however the games are cut into steps or spread
//! over threads ([`Genetic::step_parallel`]). The whole state saves into a
//! model file and continues exactly.

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use crate::game::{rng_from_seed, Outcome, Rng, Side};
use crate::model::Model;

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GaConfig {
    /// Individuals kept each generation (`n`).
    pub population: usize,
    /// Standard deviation of a mutation, in the coefficients' units.
    pub sigma: f64,
    /// Games of each pairing in the round robin (colours alternate).
    pub games_per_pairing: u32,
    pub generations: u32,
    pub seed: u64,
}

/// The most individuals, games per pairing and generations a run may have.
pub const MAX_POPULATION: usize = 64;
pub const MAX_GAMES_PER_PAIRING: u32 = 100;
pub const MAX_GENERATIONS: u32 = 100_000;

impl GaConfig {
    pub fn validate(&self) -> Result<(), String> {
        if !(2..=MAX_POPULATION).contains(&self.population) {
            return Err(format!(
                "the population must be from 2 to {MAX_POPULATION}, not {}",
                self.population
            ));
        }
        if !(self.sigma.is_finite() && self.sigma >= 0.0 && self.sigma <= 1e6) {
            return Err(format!(
                "the mutation strength must be a number from 0 up, not {}",
                crate::words::number(self.sigma)
            ));
        }
        if !(1..=MAX_GAMES_PER_PAIRING).contains(&self.games_per_pairing) {
            return Err(format!(
                "games per pairing must be from 1 to {MAX_GAMES_PER_PAIRING}, not {}",
                self.games_per_pairing
            ));
        }
        if !(1..=MAX_GENERATIONS).contains(&self.generations) {
            return Err(format!(
                "generations must be from 1 to {MAX_GENERATIONS}, not {}",
                self.generations
            ));
        }
        Ok(())
    }

    /// Tournament games in one generation.
    pub fn games_per_generation(&self) -> u64 {
        let m = 2 * self.population as u64;
        m * (m - 1) / 2 * u64::from(self.games_per_pairing)
    }
}

/// Plays one game between two coefficient vectors.
pub trait Tournament {
    /// Plays `first` (moving first) against `second` with this seed; the
    /// outcome.
    fn play(&mut self, first: &[f64], second: &[f64], seed: u64) -> Outcome;
}

/// The result of one generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    /// 1 for the first generation played.
    pub number: u32,
    /// The kept individuals, best first, and their round-robin scores.
    pub kept: Vec<Vec<f64>>,
    pub scores: Vec<i64>,
}

/// A run of the algorithm.
#[derive(Clone, Debug)]
pub struct Genetic {
    config: GaConfig,
    /// The `n` kept individuals (after the last finished generation).
    population: Vec<Vec<f64>>,
    /// Generations finished.
    generation: u32,
    rng: Rng,
    /// The current round robin: `2n` candidates, their scores so far, and
    /// the next game to play (an index over pairings × games).
    candidates: Vec<Vec<f64>>,
    scores: Vec<i64>,
    next_game: u64,
    history: Vec<Generation>,
}

/// The pairing and game of the `k`-th game of a round robin of `m`.
fn game_at(k: u64, m: usize, games_per_pairing: u32) -> (usize, usize, u32) {
    let g = k % u64::from(games_per_pairing);
    let mut p = k / u64::from(games_per_pairing);
    // Pairings (i, j), i < j, in order.
    let mut i = 0usize;
    loop {
        let row = (m - 1 - i) as u64;
        if p < row {
            return (i, i + 1 + p as usize, g as u32);
        }
        p -= row;
        i += 1;
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u1: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let u2: f64 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

impl Genetic {
    /// A run that starts from `seed_individual` and `n − 1` mutated copies.
    pub fn new(config: GaConfig, seed_individual: Vec<f64>) -> Result<Genetic, String> {
        config.validate()?;
        if seed_individual.iter().any(|x| !x.is_finite()) {
            return Err("the starting coefficients must be numbers".into());
        }
        let mut rng = rng_from_seed(config.seed);
        let mut population = vec![seed_individual.clone()];
        while population.len() < config.population {
            population.push(mutate(&seed_individual, config.sigma, &mut rng));
        }
        let mut g = Genetic {
            config,
            population,
            generation: 0,
            rng,
            candidates: Vec::new(),
            scores: Vec::new(),
            next_game: 0,
            history: Vec::new(),
        };
        g.start_generation();
        Ok(g)
    }

    fn start_generation(&mut self) {
        let mut c = self.population.clone();
        for p in &self.population {
            c.push(mutate(p, self.config.sigma, &mut self.rng));
        }
        self.scores = vec![0; c.len()];
        self.candidates = c;
        self.next_game = 0;
    }

    pub fn config(&self) -> &GaConfig {
        &self.config
    }

    /// Generations finished.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Every generation finished.
    pub fn is_done(&self) -> bool {
        self.generation >= self.config.generations
    }

    /// The kept individuals, best first after a finished generation.
    pub fn population(&self) -> &[Vec<f64>] {
        &self.population
    }

    /// The finished generations.
    pub fn history(&self) -> &[Generation] {
        &self.history
    }

    /// Tournament games played in all.
    pub fn games_played(&self) -> u64 {
        u64::from(self.generation) * self.config.games_per_generation() + self.next_game
    }

    /// Tournament games planned in all.
    pub fn games_total(&self) -> u64 {
        u64::from(self.config.generations) * self.config.games_per_generation()
    }

    /// Sets a new number of generations (to go on after the end).
    pub fn set_generations(&mut self, generations: u32) -> Result<(), String> {
        let mut c = self.config.clone();
        c.generations = generations;
        c.validate()?;
        self.config = c;
        Ok(())
    }

    /// The seed of the `k`-th game of the current generation.
    fn game_seed(&self, k: u64) -> u64 {
        self.config
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(u64::from(self.generation) << 32)
            .wrapping_add(k)
    }

    fn record(&mut self, i: usize, j: usize, game: u32, outcome: Outcome) {
        // Even games: i moves first.
        let (first, second) = if game % 2 == 0 { (i, j) } else { (j, i) };
        match outcome {
            Outcome::Win(Side::First) => {
                self.scores[first] += 1;
                self.scores[second] -= 1;
            }
            Outcome::Win(Side::Second) => {
                self.scores[second] += 1;
                self.scores[first] -= 1;
            }
            Outcome::Draw => {}
        }
    }

    /// Ends the generation once every game is played: keeps the best `n`.
    fn finish_generation(&mut self) -> Option<Generation> {
        if self.next_game < self.config.games_per_generation() {
            return None;
        }
        let mut order: Vec<usize> = (0..self.candidates.len()).collect();
        // Stable: among equal scores, parents (earlier) stay first.
        order.sort_by_key(|&k| -self.scores[k]);
        order.truncate(self.config.population);
        self.population = order.iter().map(|&k| self.candidates[k].clone()).collect();
        self.generation += 1;
        let g = Generation {
            number: self.generation,
            kept: self.population.clone(),
            scores: order.iter().map(|&k| self.scores[k]).collect(),
        };
        self.history.push(g.clone());
        if !self.is_done() {
            self.start_generation();
        }
        Some(g)
    }

    /// Plays at most `budget` tournament games; returns the generations
    /// that finished.
    pub fn step(&mut self, budget: u64, t: &mut dyn Tournament) -> Vec<Generation> {
        let mut done = Vec::new();
        let mut left = budget;
        let per = self.config.games_per_generation();
        while left > 0 && !self.is_done() {
            let m = self.candidates.len();
            while left > 0 && self.next_game < per {
                let k = self.next_game;
                let (i, j, g) = game_at(k, m, self.config.games_per_pairing);
                let (a, b) = if g % 2 == 0 { (i, j) } else { (j, i) };
                let outcome = t.play(&self.candidates[a], &self.candidates[b], self.game_seed(k));
                self.record(i, j, g, outcome);
                self.next_game += 1;
                left -= 1;
            }
            done.extend(self.finish_generation());
        }
        done
    }

    /// [`Genetic::step`] on `threads` threads, each with its own tournament
    /// from `make`: the same result as one thread.
    pub fn step_parallel<T: Tournament + Send>(
        &mut self,
        budget: u64,
        threads: usize,
        make: impl Fn() -> T + Sync,
    ) -> Vec<Generation> {
        let mut done = Vec::new();
        let mut left = budget;
        let per = self.config.games_per_generation();
        while left > 0 && !self.is_done() {
            let m = self.candidates.len();
            let from = self.next_game;
            let to = (from + left).min(per);
            let ks: Vec<u64> = (from..to).collect();
            let chunk = ks.len().div_ceil(threads.max(1)).max(1);
            let this = &*self;
            let results: Vec<(u64, Outcome)> = std::thread::scope(|s| {
                let handles: Vec<_> = ks
                    .chunks(chunk)
                    .map(|part| {
                        let make = &make;
                        s.spawn(move || {
                            let mut t = make();
                            part.iter()
                                .map(|&k| {
                                    let (i, j, g) = game_at(k, m, this.config.games_per_pairing);
                                    let (a, b) = if g % 2 == 0 { (i, j) } else { (j, i) };
                                    (
                                        k,
                                        t.play(
                                            &this.candidates[a],
                                            &this.candidates[b],
                                            this.game_seed(k),
                                        ),
                                    )
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().expect("a tournament thread panicked"))
                    .collect()
            });
            for (k, outcome) in results {
                let (i, j, g) = game_at(k, m, self.config.games_per_pairing);
                self.record(i, j, g, outcome);
            }
            left -= to - from;
            self.next_game = to;
            done.extend(self.finish_generation());
        }
        done
    }

    /// Saves the whole state into `model` (header's `hyper.ga` and the
    /// arrays `population`, `candidates`, `fitness`, `rng`).
    pub fn save(&self, model: &mut Model) -> Result<(), String> {
        let genes = self.population.first().map_or(0, Vec::len);
        let flat = |v: &[Vec<f64>]| v.iter().flatten().copied().collect::<Vec<f64>>();
        let err = |e: crate::model::ModelError| e.to_string();
        model
            .push(
                "population",
                vec![self.population.len(), genes],
                flat(&self.population),
            )
            .map_err(err)?;
        model
            .push(
                "candidates",
                vec![self.candidates.len(), genes],
                flat(&self.candidates),
            )
            .map_err(err)?;
        model
            .push("fitness", vec![self.scores.len()], self.scores.clone())
            .map_err(err)?;
        model.set_rng(&self.rng);
        let state = serde_json::json!({
            "config": self.config,
            "generation": self.generation,
            "next_game": self.next_game,
            "history": self.history,
        });
        model.header.hyper.insert("ga".into(), state);
        Ok(())
    }

    /// Rebuilds a run saved by [`Genetic::save`], checking every part.
    pub fn load(model: &Model, genes: usize) -> Result<Genetic, String> {
        let state = model
            .header
            .hyper
            .get("ga")
            .ok_or("the model has no genetic-algorithm state (hyper.ga)")?;
        let config: GaConfig = serde_json::from_value(state["config"].clone())
            .map_err(|e| format!("bad genetic-algorithm settings: {e}"))?;
        config.validate()?;
        let generation = state["generation"]
            .as_u64()
            .and_then(|g| u32::try_from(g).ok())
            .ok_or("bad generation count")?;
        let next_game = state["next_game"].as_u64().ok_or("bad game count")?;
        if next_game > config.games_per_generation() {
            return Err("the saved round robin is past its end".into());
        }
        let history: Vec<Generation> = serde_json::from_value(state["history"].clone())
            .map_err(|e| format!("bad generation history: {e}"))?;
        let n = config.population;
        let rows = |name: &str, count: usize| -> Result<Vec<Vec<f64>>, String> {
            let v = model
                .values_shaped::<f64>(name, &[count, genes])
                .map_err(|e| e.to_string())?;
            Ok(v.chunks(genes).map(<[f64]>::to_vec).collect())
        };
        let population = rows("population", n)?;
        let candidates = rows("candidates", 2 * n)?;
        let scores = model
            .values_shaped::<i64>("fitness", &[2 * n])
            .map_err(|e| e.to_string())?
            .to_vec();
        Ok(Genetic {
            rng: model.rng().map_err(|e| e.to_string())?,
            config,
            population,
            generation,
            candidates,
            scores,
            next_game,
            history,
        })
    }
}

fn mutate(p: &[f64], sigma: f64, rng: &mut Rng) -> Vec<f64> {
    p.iter().map(|x| x + sigma * normal(rng)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Algorithm, GameId, Header};

    /// The larger first coefficient wins; equal ones draw.
    struct Bigger;
    impl Tournament for Bigger {
        fn play(&mut self, first: &[f64], second: &[f64], _seed: u64) -> Outcome {
            match first[0].partial_cmp(&second[0]).unwrap() {
                std::cmp::Ordering::Greater => Outcome::Win(Side::First),
                std::cmp::Ordering::Less => Outcome::Win(Side::Second),
                std::cmp::Ordering::Equal => Outcome::Draw,
            }
        }
    }

    fn config(seed: u64) -> GaConfig {
        GaConfig {
            population: 4,
            sigma: 1.0,
            games_per_pairing: 2,
            generations: 30,
            seed,
        }
    }

    #[test]
    fn pairings_cover_each_pair_once_per_game() {
        let m = 6;
        let mut seen = std::collections::HashSet::new();
        for k in 0..(m * (m - 1) / 2 * 3) as u64 {
            let (i, j, g) = game_at(k, m, 3);
            assert!(i < j && j < m);
            assert!(seen.insert((i, j, g)));
        }
        assert_eq!(seen.len(), 45);
    }

    #[test]
    fn selection_climbs_and_runs_are_reproducible_however_cut() {
        let mut a = Genetic::new(config(1), vec![0.0, 5.0]).unwrap();
        a.step(u64::MAX, &mut Bigger);
        assert!(a.is_done());
        assert_eq!(a.history().len(), 30);
        // The first coefficient only grows: the best is never lost.
        let best: Vec<f64> = a.history().iter().map(|g| g.kept[0][0]).collect();
        assert!(best.windows(2).all(|w| w[1] >= w[0]), "{best:?}");
        assert!(best[29] > 3.0, "{best:?}");
        // Cut into odd steps, or on threads: the same run.
        let mut b = Genetic::new(config(1), vec![0.0, 5.0]).unwrap();
        while !b.is_done() {
            b.step(7, &mut Bigger);
        }
        assert_eq!(b.history(), a.history());
        let mut c = Genetic::new(config(1), vec![0.0, 5.0]).unwrap();
        while !c.is_done() {
            c.step_parallel(11, 3, || Bigger);
        }
        assert_eq!(c.history(), a.history());
        let mut d = Genetic::new(config(2), vec![0.0, 5.0]).unwrap();
        d.step(u64::MAX, &mut Bigger);
        assert_ne!(d.history(), a.history());
    }

    #[test]
    fn a_saved_run_continues_exactly() {
        let mut whole = Genetic::new(config(3), vec![1.0, 2.0, 3.0]).unwrap();
        whole.step(u64::MAX, &mut Bigger);
        let mut part = Genetic::new(config(3), vec![1.0, 2.0, 3.0]).unwrap();
        part.step(500, &mut Bigger);
        let mut model = Model::new(Header::new(
            GameId::of("othello"),
            Algorithm::GaWeights,
            "ga",
        ));
        part.save(&mut model).unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let mut back = Genetic::load(&crate::model::decode(&bytes).unwrap(), 3).unwrap();
        assert_eq!(back.games_played(), 500);
        back.step(u64::MAX, &mut Bigger);
        assert_eq!(back.history(), whole.history());
        assert!(Genetic::load(&model, 4).is_err(), "wrong number of genes");
    }

    #[test]
    fn bad_settings_are_refused() {
        for bad in [
            GaConfig {
                population: 1,
                ..config(1)
            },
            GaConfig {
                sigma: f64::NAN,
                ..config(1)
            },
            GaConfig {
                games_per_pairing: 0,
                ..config(1)
            },
            GaConfig {
                generations: 0,
                ..config(1)
            },
        ] {
            assert!(Genetic::new(bad, vec![0.0]).is_err());
        }
        assert!(Genetic::new(config(1), vec![f64::INFINITY]).is_err());
    }
}
