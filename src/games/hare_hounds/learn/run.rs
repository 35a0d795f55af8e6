//! A Hare and Hounds Q-learning run in bounded chunks: the hounds learning
//! against their hare, and the curve points measured between the chunks.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Player, Rng, Side};
use crate::games::hare_hounds::players::{PerfectPlayer, SimpleHare};
use crate::games::hare_hounds::solve::{PerfectShare, Solution};
use crate::games::hare_hounds::{HareHounds, Move};
use crate::learn::q_table::{play_recorded_game, Agent, QLearner};
use crate::players::RandomPlayer;
use crate::plugin::run::Recorder;

use super::config::{HareConfig, RunConfig};

/// One point of the curves.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Learning games played before this point.
    pub games: u64,
    /// The greedy hounds' win % in the evaluation games (if any).
    pub win_percent: Option<f64>,
    /// The greedy hounds' win % against the perfect hare in `eval_games`
    /// games (measured with the perfect-move share).
    pub vs_perfect_percent: Option<f64>,
    /// How often the greedy hounds play a perfect move.
    pub hounds_perfect: Option<PerfectShare>,
    /// How often the greedy learning hare plays a perfect move (experiment 5).
    pub hare_perfect: Option<PerfectShare>,
    /// Q-values of the probes, in the configuration's order.
    pub probes: Vec<f32>,
}

pub(super) enum Hare {
    Fixed(Box<dyn Player<HareHounds> + Send>),
    Learning(Box<QLearner<HareHounds>>),
}

/// Greedy games at a curve point, at most (a model from elsewhere cannot
/// make a run evaluate for hours between two chunks).
pub const MAX_EVAL_GAMES: u32 = 100_000;

/// A run in progress.
pub struct Run {
    pub(super) config: RunConfig,
    pub(super) hounds: QLearner<HareHounds>,
    pub(super) hare: Hare,
    pub(super) solution: Option<Arc<Solution>>,
    pub(super) probes: Vec<(HareHounds, Move)>,
    pub(super) rng: Rng,
    pub(super) games: u64,
    pub(super) next_point: u64,
    pub(super) curve: Vec<CurvePoint>,
}

impl Run {
    /// Checks the configuration and sets up the run. `solution` is needed for
    /// the perfect-move share and the perfect hare; it is computed if `None`
    /// and needed.
    pub fn new(config: RunConfig, solution: Option<Arc<Solution>>) -> Result<Run, String> {
        config.hounds.validate()?;
        if config.learn_games == 0 {
            return Err("learn_games must be at least 1".into());
        }
        if config.eval_games > MAX_EVAL_GAMES {
            return Err(format!(
                "eval_games must be at most {MAX_EVAL_GAMES}, not {}",
                config.eval_games
            ));
        }
        let mut probes = Vec::new();
        for p in &config.probes {
            let g = HareHounds::parse(&p.position)
                .map_err(|e| format!("probe position '{}': {e}", p.position))?;
            if g.to_move() != Side::First || g.is_over() {
                return Err(format!(
                    "probe position '{}' must be a hound-to-move position that is not over",
                    p.position
                ));
            }
            let m = HareHounds::parse_move(&p.action).map_err(|e| e.0)?;
            if !g.is_legal(m) {
                return Err(format!("probe move {m} is not legal in '{}'", p.position));
            }
            probes.push((g, m));
        }
        let needs_solution = config.perfect_share || matches!(config.hare, HareConfig::Perfect);
        let solution = match solution {
            Some(s) => Some(s),
            None if needs_solution => Some(Arc::new(Solution::solve())),
            None => None,
        };
        let hare = match config.hare {
            HareConfig::Random => Hare::Fixed(Box::new(RandomPlayer::<HareHounds>::new())),
            HareConfig::Simple => Hare::Fixed(Box::new(SimpleHare::new())),
            HareConfig::Perfect => Hare::Fixed(Box::new(PerfectPlayer::new(
                solution.clone().expect("solved above"),
            ))),
            HareConfig::Learning(p) => Hare::Learning(Box::new(QLearner::new(Side::Second, p)?)),
        };
        Ok(Run {
            hounds: QLearner::new(Side::First, config.hounds)?,
            hare,
            solution,
            probes,
            rng: rng_from_seed(config.seed),
            games: 0,
            next_point: 0,
            curve: Vec::new(),
            config,
        })
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    /// Learning games played so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// All learning games played, and the curve point due at the last of
    /// them (if one is) measured.
    pub fn is_done(&self) -> bool {
        self.games >= self.config.total_games && self.next_point > self.config.total_games
    }

    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    pub fn hounds(&self) -> &QLearner<HareHounds> {
        &self.hounds
    }

    /// The learning hare, if the hare learns.
    pub fn hare_learner(&self) -> Option<&QLearner<HareHounds>> {
        match &self.hare {
            Hare::Learning(l) => Some(l),
            Hare::Fixed(_) => None,
        }
    }

    /// Plays up to `max_games` learning games, with the curve points that fall
    /// among them. Returns how many curve points were added.
    pub fn step(&mut self, max_games: u64) -> usize {
        self.step_recorded(max_games, None)
    }

    /// Plays the next learning game as `step(1)` would (with the curve
    /// points due before and after it), recording its moves and the
    /// hounds' Q-values at each of their decisions; `None` when the run is
    /// done. Returns the recorder and the curve points added.
    pub fn step_watched(&mut self, mut rec: Recorder) -> Option<(Recorder, usize)> {
        if self.is_done() {
            return None;
        }
        let points = self.step_recorded(1, Some(&mut rec));
        Some((rec, points))
    }

    fn step_recorded(&mut self, max_games: u64, mut rec: Option<&mut Recorder>) -> usize {
        let before = self.curve.len();
        let mut budget = max_games;
        loop {
            if self.games == self.next_point && !self.is_done() {
                let p = self.measure();
                self.curve.push(p);
                self.next_point += u64::from(self.config.learn_games);
            }
            if self.games >= self.config.total_games || budget == 0 {
                break;
            }
            self.learning_game(rec.as_deref_mut());
            self.games += 1;
            budget -= 1;
        }
        self.curve.len() - before
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while !self.is_done() {
            self.step(u64::MAX);
        }
    }

    fn learning_game(&mut self, rec: Option<&mut Recorder>) {
        let start = HareHounds::start();
        let watched = rec.map(|r| (r, Side::First));
        match &mut self.hare {
            Hare::Fixed(p) => {
                play_recorded_game(
                    &start,
                    Agent::Learning(&mut self.hounds),
                    Agent::Fixed(p.as_mut()),
                    &mut self.rng,
                    watched,
                );
            }
            Hare::Learning(l) => {
                play_recorded_game(
                    &start,
                    Agent::Learning(&mut self.hounds),
                    Agent::Learning(l),
                    &mut self.rng,
                    watched,
                );
            }
        }
    }

    fn measure(&mut self) -> CurvePoint {
        let win_percent = (self.config.eval_games > 0).then(|| self.evaluate());
        let vs_perfect_percent = match (&self.solution, self.config.perfect_share) {
            (Some(s), true) if self.config.eval_games > 0 => {
                let mut hare = PerfectPlayer::new(s.clone());
                Some(win_percent_against(
                    &self.hounds,
                    &mut hare,
                    self.config.eval_games,
                    &mut self.rng,
                ))
            }
            _ => None,
        };
        let (hounds_perfect, hare_perfect) = match (&self.solution, self.config.perfect_share) {
            (Some(s), true) => {
                let h = s.perfect_share(Side::First, |g, out| self.hounds.greedy_moves(g, out));
                let r = self
                    .hare_learner()
                    .map(|l| s.perfect_share(Side::Second, |g, out| l.greedy_moves(g, out)));
                (Some(h), r)
            }
            _ => (None, None),
        };
        CurvePoint {
            games: self.games,
            win_percent,
            vs_perfect_percent,
            hounds_perfect,
            hare_perfect,
            probes: self
                .probes
                .iter()
                .map(|(g, m)| self.hounds.q_value(g, *m))
                .collect(),
        }
    }

    /// The greedy hounds' win % over `eval_games` games against the run's
    /// hare (greedy if it learns), learning off.
    fn evaluate(&mut self) -> f64 {
        let mut learned_hare;
        let hare: &mut dyn Player<HareHounds> = match &mut self.hare {
            Hare::Fixed(p) => p.as_mut(),
            Hare::Learning(l) => {
                learned_hare = l.greedy();
                &mut learned_hare
            }
        };
        win_percent_against(&self.hounds, hare, self.config.eval_games, &mut self.rng)
    }
}

/// The win % of the greedy `hounds` against `hare` over `games` games.
pub fn win_percent_against(
    hounds: &QLearner<HareHounds>,
    hare: &mut dyn Player<HareHounds>,
    games: u32,
    rng: &mut Rng,
) -> f64 {
    let start = HareHounds::start();
    let mut greedy = hounds.greedy();
    let mut wins = 0u32;
    for _ in 0..games {
        let end = play_game(&start, &mut greedy, hare, 0, rng);
        if end.outcome().and_then(|o| o.winner()) == Some(Side::First) {
            wins += 1;
        }
    }
    100.0 * f64::from(wins) / f64::from(games.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hare_hounds::learn::*;

    #[test]
    fn chunking_does_not_change_the_curve() {
        let config = RunConfig {
            total_games: 600,
            learn_games: 100,
            eval_games: 50,
            probes: default_probes(),
            ..preset(2, 9).unwrap()[1].clone()
        };
        let solution = Arc::new(Solution::solve());
        let mut a = Run::new(config.clone(), Some(solution.clone())).unwrap();
        a.run_to_end();
        let mut b = Run::new(config, Some(solution)).unwrap();
        while !b.is_done() {
            b.step(37);
        }
        assert_eq!(a.curve(), b.curve());
        assert_eq!(a.curve().len(), 7);
        assert_eq!(a.hounds().table(), b.hounds().table());
    }
}
