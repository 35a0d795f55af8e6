//! The Reversi study's search player: principal-variation search (the
//! generic [`Pvs`]: iterative deepening, a transposition table kept between
//! moves, moves ordered by the evaluation's values) on the weighted squares
//! and mobility ([`super::weighted`]) or an n-tuple network
//! ([`NetEval`]), with a depth or time budget (a forced pass costs no
//! depth); below a settable
//! number of empty squares it plays out the end exactly with the endgame
//! solver ([`super::endgame`]): a finished game is worth a win beyond any
//! evaluation plus the final disc difference. The solver gets three
//! quarters of what is left of the budget; if it cannot finish, the
//! heuristic search plays the move with the rest. The analysis of every
//! move ([`Player::analyze`], the page's hint) works the same way: in the
//! endgame each move's exact final disc difference from the solver, else
//! (or if the solver cannot finish) the heuristic value of each move; the
//! analysis's units say which.
//!
//! # Levels
//! A visitor's strength knob, 1 to 10: level `n` searches `n` plies deep and
//! plays the last `2n` empty squares exactly (level 1: one ply, the last two
//! squares; level 10: ten plies, the last 20 squares). Each move is also
//! bounded by the think request's budget; the search then plays the best move
//! of the deepest depth it finished.

use serde::{Deserialize, Serialize};

use super::endgame::{self, Solver};
use super::net_eval::{proven_value, NetEval};
use super::tuples::TupleNet;
use super::weighted::{WeightedEval, Weights};
use super::{square_name, Board, PASS};
use crate::game::{Analysis, MoveValue, Outcome, Player, Rng, Scale, Thought};
use crate::search::alphabeta::{Evaluator, PROVEN, WIN};
use crate::search::budget::{Budget, Limits};
use crate::search::pvs::Pvs;

/// The settings of a search player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchSettings {
    pub weights: Weights,
    /// Plies searched in the middle game.
    pub depth: u32,
    /// Empty squares at which the player starts to search to the end.
    pub endgame: u32,
    /// Amplitude of the evaluation's random noise, in the weights' units.
    pub noise: f64,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings::level(4)
    }
}

/// The most plies a search may be asked for.
pub const MAX_DEPTH: u32 = 30;

impl SearchSettings {
    /// Level 1 to 10 with the study's hand-set weights (see the module).
    pub fn level(n: u32) -> SearchSettings {
        let n = n.clamp(1, 10);
        SearchSettings {
            weights: Weights::STUDY,
            depth: n,
            endgame: 2 * n,
            noise: 0.0,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.weights.validate()?;
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(format!(
                "the depth must be from 1 to {MAX_DEPTH}, not {}",
                self.depth
            ));
        }
        if self.endgame > 64 {
            return Err(format!(
                "the endgame must start at most at 64 empty squares, not {}",
                self.endgame
            ));
        }
        if !(self.noise.is_finite() && (0.0..=1000.0).contains(&self.noise)) {
            return Err(format!(
                "the noise must be a number from 0 to 1,000, not {}",
                self.noise
            ));
        }
        Ok(())
    }
}

/// The evaluation of the search: the weighted squares in the middle game,
/// or an n-tuple network in their place ([`NetEval`]); a finished game is a
/// win (or loss) beyond any evaluation, plus its final disc difference.
// One per player, never in a collection: no need to box the larger one.
#[allow(clippy::large_enum_variant)]
enum Eval {
    Weighted(WeightedEval),
    Net(NetEval),
}

impl Evaluator<Board> for Eval {
    fn evaluate(&mut self, g: &Board) -> i32 {
        match self {
            Eval::Weighted(w) => w.evaluate(g),
            Eval::Net(n) => n.evaluate(g),
        }
    }

    fn terminal(&mut self, g: &Board, _outcome: Outcome, _ply: u32) -> i32 {
        proven_value(match g.side() {
            crate::game::Side::First => g.final_margin(),
            crate::game::Side::Second => -g.final_margin(),
        })
    }

    fn order(&mut self, g: &Board, moves: &mut [u8]) {
        match self {
            Eval::Weighted(w) => w.order(g, moves),
            Eval::Net(n) => n.order(g, moves),
        }
    }

    /// A win's margin still counts.
    fn proven_is_final(&self) -> bool {
        false
    }

    #[inline]
    fn enter(&mut self, g: &Board, m: u8) {
        if let Eval::Net(n) = self {
            n.enter(g, m)
        }
    }

    #[inline]
    fn leave(&mut self) {
        if let Eval::Net(n) = self {
            n.leave()
        }
    }

    /// A forced pass costs no depth.
    fn free_move(&self, _g: &Board, m: u8) -> bool {
        m == PASS
    }
}

/// The final disc difference in a proven value, if it is one.
pub fn proven_margin(value: i32) -> Option<i32> {
    if value > PROVEN {
        Some(value - (WIN - 100))
    } else if value < -PROVEN {
        Some(value + (WIN - 100))
    } else {
        None
    }
}

/// A player searching with the study's evaluation.
pub struct SearchPlayer {
    settings: SearchSettings,
    /// A name for reports, where the settings alone do not tell players apart.
    label: Option<String>,
    eval: Eval,
    searcher: Pvs<Board>,
    /// Its own ceiling on every move and analysis ([`Budget::cap`]).
    ceiling: Limits,
    /// The exact endgame solver, made at the first endgame move (its table
    /// is kept for the moves after).
    solver: Option<Solver>,
}

/// The endgame solver's table: plenty for the 20-odd empties of the
/// highest level, small enough for tournaments of many players.
const SOLVER_HASH_BYTES: usize = 8 << 20;

impl SearchPlayer {
    /// A player with these settings; `seed` drives its evaluation noise.
    pub fn new(settings: SearchSettings, seed: u64) -> Result<SearchPlayer, String> {
        settings.validate()?;
        Ok(SearchPlayer {
            label: None,
            eval: Eval::Weighted(WeightedEval::new(&settings.weights, settings.noise, seed)),
            settings,
            searcher: Pvs::new(18),
            ceiling: Limits::NONE,
            solver: None,
        })
    }

    /// A player whose search values positions with an n-tuple network
    /// instead of the weighted squares (the study's weights still order the
    /// moves one ply from the horizon).
    pub fn with_net(mut self, net: TupleNet) -> SearchPlayer {
        self.eval = Eval::Net(NetEval::new(net));
        self
    }

    /// A player named `label` in reports.
    pub fn named(mut self, label: &str) -> SearchPlayer {
        self.label = Some(label.to_string());
        self
    }

    /// A player with a transposition table of `2^bits` entries (the default
    /// 2^18 is for play; a tournament of many short games uses less).
    pub fn with_table_bits(mut self, bits: u32) -> SearchPlayer {
        self.searcher = Pvs::new(bits);
        self
    }

    /// A player whose every move and analysis stops at these limits too,
    /// or the request's where they are tighter (an unbounded request keeps
    /// none: [`Budget::cap`]).
    pub fn with_ceiling(mut self, limits: Limits) -> SearchPlayer {
        self.ceiling = limits;
        self
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }
}

/// The solver's share of what is left of `budget`: three quarters (the
/// rest is for the heuristic search should the solver not finish). `None`
/// when nothing is left.
fn solver_share(budget: &Budget) -> Option<endgame::Limits> {
    let limits = budget.limits();
    let share = endgame::Limits {
        nodes: limits
            .nodes
            .map(|n| n.saturating_sub(budget.nodes()) / 4 * 3),
        time: limits.ms.map(|ms| {
            std::time::Duration::from_secs_f64(
                ((ms - budget.elapsed_ms()).max(0.0) * 0.75) / 1000.0,
            )
        }),
    };
    let empty = share.nodes == Some(0) || share.time.is_some_and(|t| t.is_zero());
    (!budget.is_stopped() && !empty).then_some(share)
}

/// A final disc difference in words, for the side that reaches it.
fn margin_text(d: i32) -> String {
    match d.signum() {
        1 => format!("wins by {d}"),
        -1 => format!("loses by {}", -d),
        _ => "draws".into(),
    }
}

/// What the values of an exact analysis are.
pub const EXACT_UNITS: &str = "exact: the final disc difference with perfect play";

impl SearchPlayer {
    /// The endgame solver, made at its first use.
    fn solver(&mut self) -> &mut Solver {
        self.solver
            .get_or_insert_with(|| Solver::with_hash_bytes(SOLVER_HASH_BYTES))
    }

    /// Solves `game` exactly with three quarters of what is left of
    /// `budget` (the solver checks its share every few thousand nodes and
    /// stops cleanly); the nodes it spent are counted in `budget`. `None` if
    /// it could not finish.
    fn solve(&mut self, game: &Board, budget: &mut Budget) -> Option<Thought<u8>> {
        budget.set_note("playing the end exactly");
        let share = solver_share(budget)?;
        let solver = self.solver();
        let mut counted = 0u64;
        let mut report = |p: &endgame::Progress| {
            budget.spend(p.nodes.saturating_sub(counted));
            counted = counted.max(p.nodes);
            budget.set_status(Some(game.empties()), p.best_move.map(move_text), None);
        };
        let s = solver.solve(game, share, Some(&mut report));
        budget.spend(s.nodes.saturating_sub(counted));
        let (Some(score), Some(mv)) = (s.score, s.best_move) else {
            return None;
        };
        let value = proven_value(score);
        budget.set_status(
            Some(game.empties()),
            Some(move_text(mv)),
            Some(f64::from(value)),
        );
        budget.report_now();
        Some(Thought {
            mv,
            complete: true,
            depth: Some(game.empties()),
            score: Some(f64::from(value)),
        })
    }
}

impl Player<Board> for SearchPlayer {
    fn name(&self) -> String {
        if let Some(label) = &self.label {
            return label.clone();
        }
        let net = if matches!(self.eval, Eval::Net(_)) {
            "ntuple-"
        } else {
            ""
        };
        format!(
            "{net}search-d{}-e{}",
            self.settings.depth, self.settings.endgame
        )
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> u8 {
        self.think(game, rng, &mut Budget::unlimited()).mv
    }

    fn think(&mut self, game: &Board, _rng: &mut Rng, budget: &mut Budget) -> Thought<u8> {
        budget.cap(self.ceiling);
        let endgame = game.empties() <= self.settings.endgame;
        if endgame {
            if let Some(t) = self.solve(game, budget) {
                return t;
            }
            budget.set_note("searching (the exact solve ran out of budget)");
        } else {
            budget.set_note("searching");
        }
        let depth = self.settings.depth;
        let r = self.searcher.search(game, &mut self.eval, depth, budget);
        Thought {
            mv: r
                .best
                .expect("think is asked in a position that is not over"),
            // In the endgame the request was the exact result.
            complete: r.complete && !endgame,
            depth: Some(r.depth),
            score: Some(f64::from(r.value)),
        }
    }

    /// Every legal move's value. Within the exact endgame (the last
    /// [`SearchSettings::endgame`] empties) the solver gives each move's
    /// final disc difference with perfect play, on the fixed scale −64 to
    /// +64, with three quarters of the budget; if it cannot finish every
    /// move, or before the endgame, the heuristic search values each move at
    /// the set depth (the evaluation in the weights' units, or the final
    /// disc difference where a line reaches the end of the game).
    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<u8>> {
        budget.cap(self.ceiling);
        if game.empties() <= self.settings.endgame {
            if let Some(a) = self.analyze_exactly(game, budget) {
                return Some(a);
            }
            budget.set_note("valuing every move (the exact solve ran out of budget)");
        } else {
            budget.set_note("valuing every move");
        }
        let depth = self.settings.depth;
        let (values, complete) = self
            .searcher
            .value_moves(game, &mut self.eval, depth, budget);
        let best = values.iter().map(|v| v.1).max();
        let net = matches!(self.eval, Eval::Net(_));
        let moves = values
            .iter()
            .map(|&(m, v)| {
                let (value, label) = match proven_margin(v) {
                    Some(d) => (f64::from(d), margin_text(d)),
                    None => {
                        let x = f64::from(v) / super::weighted::SCALE;
                        // The network's sum s read as 64·tanh s.
                        let x = if net { 64.0 * (x / 64.0).tanh() } else { x };
                        (x, format!("{x:+.1}"))
                    }
                };
                MoveValue {
                    mv: m,
                    value: Some(value),
                    label: Some(label),
                    best: Some(v) == best,
                }
            })
            .collect();
        let evaluation = if matches!(self.eval, Eval::Net(_)) {
            "the network's value × 64"
        } else {
            "the study's evaluation"
        };
        Some(Analysis {
            units: format!(
                "heuristic: {evaluation} after {depth} plies \
                 (a line that ends the game: the final disc difference)"
            ),
            scale: Scale::Relative,
            position: None,
            moves,
            complete,
        })
    }
}

impl SearchPlayer {
    /// Every move's exact final disc difference from the endgame solver,
    /// within three quarters of what is left of `budget` (progress and the
    /// nodes spent go through it). `None` if the solver could not finish
    /// every move.
    fn analyze_exactly(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<u8>> {
        budget.set_note("valuing every move exactly");
        let share = solver_share(budget)?;
        let empties = game.empties();
        let mut counted = 0u64;
        let mut report = |p: &endgame::Progress| {
            budget.spend(p.nodes.saturating_sub(counted));
            counted = counted.max(p.nodes);
            budget.set_status(Some(empties), p.best_move.map(move_text), None);
        };
        let a = self.solver().analyze(game, share, Some(&mut report));
        budget.spend(a.nodes.saturating_sub(counted));
        if !a.finished() || a.moves.is_empty() {
            return None;
        }
        let best = a.moves.iter().filter_map(|m| m.score).max()?;
        let best_move = a.moves.iter().find(|m| m.score == Some(best))?.mv;
        budget.set_status(
            Some(empties),
            Some(move_text(best_move)),
            Some(f64::from(proven_value(best))),
        );
        budget.report_now();
        Some(Analysis {
            units: EXACT_UNITS.into(),
            scale: Scale::Fixed {
                min: -64.0,
                max: 64.0,
            },
            position: Some(format!(
                "the side to move {} with perfect play",
                margin_text(best)
            )),
            moves: a
                .moves
                .iter()
                .map(|m| {
                    let d = m.score.expect("a finished analysis");
                    MoveValue {
                        mv: m.mv,
                        value: Some(f64::from(d)),
                        label: Some(margin_text(d)),
                        best: d == best,
                    }
                })
                .collect(),
            complete: true,
        })
    }
}

/// A move's name in progress reports.
fn move_text(mv: u8) -> String {
    if mv == PASS {
        "pass".into()
    } else {
        square_name(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::play_match;
    use crate::game::rng_from_seed;
    use crate::game::Game;
    use crate::players::RandomPlayer;

    #[test]
    fn deeper_search_beats_the_random_player() {
        let mut p = SearchPlayer::new(SearchSettings::level(2), 1).unwrap();
        let mut random = RandomPlayer::<Board>::new();
        let r = play_match(&mut p, &mut random, 20, 4, 1);
        assert!(r.total().wins >= 18, "{:?}", r.total());
    }

    #[test]
    fn the_endgame_is_played_exactly() {
        // FFO-style position with few empties: the exact search agrees with
        // a plain minimax of the final margin.
        let mut rng = rng_from_seed(5);
        let mut b = Board::start();
        let mut buf = Vec::new();
        while b.empties() > 9 {
            crate::arena::play_random_move(&mut b, &mut rng, &mut buf);
        }
        if b.is_over() {
            return;
        }
        fn best_margin(b: &Board) -> i32 {
            if b.is_over() {
                return match b.side() {
                    crate::game::Side::First => b.final_margin(),
                    crate::game::Side::Second => -b.final_margin(),
                };
            }
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut n = *b;
                    n.play(m);
                    -best_margin(&n)
                })
                .max()
                .unwrap()
        }
        let expected = best_margin(&b);
        let mut p = SearchPlayer::new(
            SearchSettings {
                endgame: 12,
                ..SearchSettings::level(1)
            },
            1,
        )
        .unwrap();
        let t = p.think(&b, &mut rng, &mut Budget::unlimited());
        assert!(t.complete);
        let v = t.score.unwrap() as i32;
        match proven_margin(v) {
            Some(d) => assert_eq!(d, expected),
            None => assert_eq!(expected, 0),
        }
        let a = p.analyze(&b, &mut Budget::unlimited()).unwrap();
        let best = a
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| m.value.unwrap())
            .next();
        assert_eq!(best, Some(f64::from(expected)));
    }

    /// FFO #40 (20 empties, +38 by a2) with the endgame from 20 empties:
    /// solved exactly without a budget; with a tiny one the solver stops
    /// cleanly and the heuristic search still plays a legal move.
    #[test]
    fn the_endgame_solver_works_under_the_budget() {
        let b = Board::parse("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
            .unwrap();
        let settings = SearchSettings {
            endgame: 20,
            ..SearchSettings::level(2)
        };
        let mut rng = rng_from_seed(1);
        let mut p = SearchPlayer::new(settings, 1).unwrap();
        let t = p.think(&b, &mut rng, &mut Budget::unlimited());
        assert!(t.complete);
        assert_eq!(t.mv, 8, "a2");
        assert_eq!(proven_margin(t.score.unwrap() as i32), Some(38));

        let mut p = SearchPlayer::new(settings, 1).unwrap();
        let mut reports = 0;
        let mut report = |_: &crate::search::budget::Progress| reports += 1;
        let mut budget = Budget::with_progress(Limits::nodes(200_000), &mut report);
        let t = p.think(&b, &mut rng, &mut budget);
        let nodes = budget.nodes();
        drop(budget);
        assert!(!t.complete);
        let mut legal = Vec::new();
        b.legal_moves(&mut legal);
        assert!(legal.contains(&t.mv));
        assert!(nodes < 400_000, "{nodes} nodes for a budget of 200,000");
        assert!(reports > 0);

        let mut p = SearchPlayer::new(settings, 1).unwrap();
        let start = web_time::Instant::now();
        let t = p.think(&b, &mut rng, &mut Budget::new(Limits::millis(30.0)));
        assert!(legal.contains(&t.mv));
        assert!(start.elapsed().as_millis() < 1000);
    }

    /// Positions 10 to 14 squares from the end: random games stopped
    /// there, and FFO #40 (20 empties) after six moves of its exact line.
    fn endgame_positions() -> Vec<Board> {
        let mut out = Vec::new();
        let mut rng = rng_from_seed(21);
        let mut buf = Vec::new();
        for empties in 10..=14 {
            for _ in 0..2 {
                let mut b = Board::start();
                while b.empties() > empties && !b.is_over() {
                    crate::arena::play_random_move(&mut b, &mut rng, &mut buf);
                }
                if !b.is_over() {
                    out.push(b);
                }
            }
        }
        let mut b = Board::parse(FFO_40).unwrap();
        let mut solver = Solver::with_hash_bytes(16 << 20);
        while b.empties() > 14 {
            let s = solver.solve(&b, endgame::Limits::NONE, None);
            b.play(s.best_move.unwrap());
        }
        out.push(b);
        out
    }

    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    /// Within the endgame the analysis gives every legal move its exact
    /// final disc difference: what the solver finds after that move.
    #[test]
    fn the_analysis_of_the_endgame_is_exact() {
        let positions = endgame_positions();
        assert!(positions.len() >= 8, "{} positions", positions.len());
        let mut check = Solver::with_hash_bytes(16 << 20);
        let mut p = SearchPlayer::new(SearchSettings::level(7), 1).unwrap();
        for b in positions {
            assert!(b.empties() <= 14);
            let mut reports = 0;
            let mut report = |_: &crate::search::budget::Progress| reports += 1;
            let mut budget = Budget::with_progress(Limits::NONE, &mut report);
            let a = p.analyze(&b, &mut budget).unwrap();
            let nodes = budget.nodes();
            drop(budget);
            assert!(a.complete);
            assert_eq!(a.units, EXACT_UNITS);
            assert_eq!(
                a.scale,
                Scale::Fixed {
                    min: -64.0,
                    max: 64.0
                }
            );
            assert!(nodes > 0 && reports > 0);
            let mut legal = Vec::new();
            b.legal_moves(&mut legal);
            let mut analysed: Vec<u8> = a.moves.iter().map(|m| m.mv).collect();
            analysed.sort_unstable();
            legal.sort_unstable();
            assert_eq!(analysed, legal, "{}", b.to_text());
            let best = check.solve(&b, endgame::Limits::NONE, None).score.unwrap();
            for m in &a.moves {
                let mut next = b;
                next.play(m.mv);
                let d = -check
                    .solve(&next, endgame::Limits::NONE, None)
                    .score
                    .unwrap();
                assert_eq!(m.value, Some(f64::from(d)), "{} {}", b.to_text(), m.mv);
                assert_eq!(m.label.as_deref(), Some(margin_text(d).as_str()));
                assert_eq!(m.best, d == best);
            }
            assert_eq!(
                a.position,
                Some(format!(
                    "the side to move {} with perfect play",
                    margin_text(best)
                ))
            );
        }
    }

    /// When the solver cannot value every move within the budget, the
    /// analysis is the heuristic one: the same values as a player that
    /// never solves, marked as heuristic.
    #[test]
    fn the_analysis_falls_back_to_the_heuristic_values() {
        let b = Board::parse(FFO_40).unwrap();
        let settings = SearchSettings {
            endgame: 20,
            ..SearchSettings::level(2)
        };
        let heuristic = SearchPlayer::new(
            SearchSettings {
                endgame: 0,
                ..settings
            },
            1,
        )
        .unwrap()
        .analyze(&b, &mut Budget::unlimited())
        .unwrap();
        assert!(heuristic.complete);
        assert!(heuristic.units.starts_with("heuristic"));
        assert_eq!(heuristic.scale, Scale::Relative);

        let mut p = SearchPlayer::new(settings, 1).unwrap();
        let mut budget = Budget::new(Limits::nodes(100_000));
        let a = p.analyze(&b, &mut budget).unwrap();
        assert!(budget.nodes() < 200_000, "{} nodes", budget.nodes());
        assert_eq!(a, heuristic);

        // A time budget: the moves the heuristic search reached in what the
        // solver left (on a busy machine, perhaps none) have its values.
        let mut p = SearchPlayer::new(settings, 1).unwrap();
        let start = web_time::Instant::now();
        let a = p
            .analyze(&b, &mut Budget::new(Limits::millis(20.0)))
            .unwrap();
        assert!(start.elapsed().as_millis() < 1000);
        assert_eq!(a.units, heuristic.units);
        for m in &a.moves {
            let h = heuristic.moves.iter().find(|h| h.mv == m.mv).unwrap();
            assert_eq!(m.value, h.value);
        }

        // With the budget it needs, the same player values every move exactly.
        let a = p.analyze(&b, &mut Budget::unlimited()).unwrap();
        assert_eq!(a.units, EXACT_UNITS);
        let best = a.moves.iter().find(|m| m.best).unwrap();
        assert_eq!((best.mv, best.value), (8, Some(38.0)), "a2, +38");
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(SearchPlayer::new(
            SearchSettings {
                depth: 0,
                ..SearchSettings::default()
            },
            1
        )
        .is_err());
        assert!(SearchPlayer::new(
            SearchSettings {
                noise: -1.0,
                ..SearchSettings::default()
            },
            1
        )
        .is_err());
    }
}
