//! The engine player: a threat step, then alpha-beta over the best stones.
//!
//! Each stone is chosen in two steps:
//!
//! 1. **The threat step** ([`Engine::threat_step`]): a win this turn is
//!    played at once (the last point of a five, or at the first stone of a
//!    pair a point of a four: the second stone completes it); facing three
//!    or more threats (two at the second stone of a pair) the game is lost
//!    and the engine blocks as best it can, without a search. This is the
//!    place of the threat-space search: it proves wins by threats (and the
//!    opponent's) before alpha-beta, with its share of the think budget.
//! 2. **Alpha-beta** (the generic [`Searcher`], iterative deepening with a
//!    transposition table kept between moves) over a narrowed game
//!    ([`Narrowed`]): one stone is one ply, and at each node only a few
//!    stones are tried: the stones that win this turn if there are any;
//!    else, facing threats, the points of the opponent's threat windows
//!    (forced blocks: two threats take both stones); else the best `width`
//!    points near the stones by pattern gain
//!    ([`super::players::pattern_gain`]). The pairs searched are thus made
//!    of the best single stones. The horizon is valued by the linear
//!    pattern evaluation ([`super::eval`]).
//! 3. **The defence** ([`Engine::defence`]): when the opponent would win by
//!    threats (double, and from level 4 single) after a quiet turn of ours
//!    (or, facing a threat, after alpha-beta's block and a quiet rest of the
//!    turn), alpha-beta's stone stands only if a turn with it is not proved
//!    losing ([`tss::refute`]); else the first turn of the points of the
//!    win's relevance zone and the candidates that is not is played. With
//!    the threat search's depths and its own nodes.
//!
//! # Levels
//!
//! | level | plies (stones) | width | time per turn |
//! |-------|----------------|-------|---------------|
//! | 1     | 1              | 12    | 0.2 s         |
//! | 2     | 2              | 12    | 0.5 s         |
//! | 3     | 3              | 10    | 1 s           |
//! | 4     | 4              | 10    | 2 s           |
//! | 5     | 5              | 8     | 4 s           |
//! | 6     | 6              | 8     | 8 s           |
//!
//! Level 1 looks one stone ahead, as the greedy player does, with the
//! pattern evaluation; level 2 sees its whole pair, level 4 also the
//! opponent's reply pair. The time is a turn's (half of it per stone, the
//! opening stone all of it) and bounds moves chosen without a budget
//! ([`Player::choose`]: matches); a think request's own budget bounds the
//! rest. The search plays the best stone of the deepest depth it finished.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::eval::{block_points, order_points, PatternEval};
use super::players::near_points;
use super::rules::{format_point, parse_point, Board, Point, ROW};
use super::threats::{analyse, threat_windows, Window};
use super::tss::{self, Kind, Proof};
use crate::game::{Analysis, Game, MoveError, MoveValue, Outcome, Player, Rng, Scale, Thought};
use crate::search::alphabeta::{Evaluator, Searcher, PROVEN, WIN};
use crate::search::budget::{Budget, Limits};

/// The highest level.
pub const MAX_LEVEL: u32 = 6;
/// The widest a node may be.
pub const MAX_WIDTH: u32 = 40;

/// Plies, width and milliseconds per turn of each level (index level − 1).
const LEVELS: [(u32, u32, f64); MAX_LEVEL as usize] = [
    (1, 12, 200.0),
    (2, 12, 500.0),
    (3, 10, 1_000.0),
    (4, 10, 2_000.0),
    (5, 8, 4_000.0),
    (6, 8, 8_000.0),
];

/// The threat-space search of each level (index level − 1): the attacker
/// turns of a proof by double threats, of one by single threats (0: none),
/// the most nodes it may use a stone, and the most nodes the defence
/// against the opponent's threats may use a stone (same depths).
const THREAT_SEARCH: [(u32, u32, u64, u64); MAX_LEVEL as usize] = [
    (0, 0, 0, 0),
    (2, 0, 2_000, 50_000),
    (3, 0, 5_000, 150_000),
    (3, 2, 10_000, 300_000),
    (4, 2, 20_000, 600_000),
    (4, 3, 40_000, 1_200_000),
];

/// The most stones the defence pairs up (the pairs of the best 16).
const DEFENCE_POINTS: usize = 16;
/// The most single stones the defence tries (at the second stone of a turn).
const DEFENCE_STONES: usize = 32;

/// The opponent's win by threats after the stones `placed` and a quiet rest
/// of the turn ([`tss::threatened`]), by its relevance zone.
struct Probe<'a> {
    placed: &'a [Point],
    zone: &'a tss::Zone,
    /// Whether the zone may skip turns: for a proof by double threats only.
    /// A proof by single threats tries the defender's free stones on the
    /// zone of a proof made without our turn's stones: a stone of ours off
    /// it and a later free stone could together make a threat it never saw.
    skips: bool,
}

impl Probe<'_> {
    /// Whether the probe's proof also holds after `turn`: the turn holds
    /// the placed stones, and its others are off the zone and (two of them)
    /// share no six-point window (where together they could make a threat
    /// the zone, made for one free stone, does not foresee).
    fn refutes(&self, turn: &[Point]) -> bool {
        if !self.skips || !self.placed.iter().all(|p| turn.contains(p)) {
            return false;
        }
        let rest: Vec<Point> = turn
            .iter()
            .copied()
            .filter(|p| !self.placed.contains(p))
            .collect();
        rest.iter().all(|&p| !self.zone.contains(p))
            && !matches!(rest[..], [x, y] if one_window(x, y))
    }
}

/// Whether two points lie on one six-point window (one line, at most five
/// apart).
fn one_window(x: Point, y: Point) -> bool {
    let size = super::rules::SIZE as i32;
    let (dr, dc) = (
        y as i32 / size - x as i32 / size,
        y as i32 % size - x as i32 % size,
    );
    (dr == 0 || dc == 0 || dr.abs() == dc.abs()) && dr.abs().max(dc.abs()) < ROW as i32
}

/// The engine's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineSettings {
    /// 1 to [`MAX_LEVEL`] (see the module's table).
    pub level: u32,
    /// Stones tried at each node, 1 to [`MAX_WIDTH`]; 0 takes the level's.
    pub width: u32,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings { level: 3, width: 0 }
    }
}

impl EngineSettings {
    /// The settings of a level, with its width.
    pub fn level(level: u32) -> EngineSettings {
        EngineSettings { level, width: 0 }
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_LEVEL).contains(&self.level) {
            return Err(format!(
                "the level must be from 1 to {MAX_LEVEL}, not {}",
                self.level
            ));
        }
        if self.width > MAX_WIDTH {
            return Err(format!(
                "the width must be from 1 to {MAX_WIDTH} (0: the level's), not {}",
                self.width
            ));
        }
        Ok(())
    }

    /// Plies searched.
    pub fn depth(&self) -> u32 {
        LEVELS[self.index()].0
    }

    /// Stones tried at each node.
    pub fn width(&self) -> u32 {
        if self.width == 0 {
            LEVELS[self.index()].1
        } else {
            self.width
        }
    }

    /// The level's threat-space search: attacker turns by double threats,
    /// by single threats, nodes a stone, and nodes a stone of the defence.
    pub fn threat_search(&self) -> (u32, u32, u64, u64) {
        THREAT_SEARCH[self.index()]
    }

    /// Milliseconds per turn of moves chosen without a budget.
    pub fn turn_ms(&self) -> f64 {
        LEVELS[self.index()].2
    }

    fn index(&self) -> usize {
        self.level.clamp(1, MAX_LEVEL) as usize - 1
    }

    /// Settings from a page's settings object (`level`, `width`; a `seed`
    /// is ignored: the engine plays the same stone every time).
    pub fn from_value(v: &Value) -> Result<EngineSettings, String> {
        let mut v = v.clone();
        if let Some(m) = v.as_object_mut() {
            m.remove("seed");
        }
        let s: EngineSettings = if v.is_null() {
            EngineSettings::default()
        } else {
            serde_json::from_value(v).map_err(|e| format!("engine settings: {e}"))?
        };
        s.validate()?;
        Ok(s)
    }
}

/// The board as the search sees it: the same rules, but only the stones
/// worth trying are legal (see the module). Never empty before the end.
#[derive(Clone, Debug)]
pub struct Narrowed {
    pub board: Board,
    pub width: usize,
}

/// The stones tried in `b`: the stones that win this turn; else the
/// points of the opponent's threat windows, best first; else the best
/// `width` points near the stones by [`order_points`].
pub fn candidates(b: &Board, width: usize, out: &mut Vec<Point>, windows: &mut Vec<Window>) {
    out.clear();
    if b.is_over() {
        return;
    }
    let me = b.to_move();
    threat_windows(b, me, windows);
    if b.stones_left() == 2 {
        out.extend(windows.iter().flatten().copied());
    } else {
        out.extend(windows.iter().filter(|w| w[0] == w[1]).map(|w| w[0]));
    }
    if !out.is_empty() {
        out.sort_unstable();
        out.dedup();
        return;
    }
    let blocks = block_points(b, windows);
    if !blocks.is_empty() {
        out.extend(blocks);
        order_points(b, out, windows);
        return;
    }
    near_points(b, out);
    if out.is_empty() {
        b.legal_moves(out);
    }
    order_points(b, out, windows);
    out.truncate(width.max(1));
}

impl Game for Narrowed {
    type Move = Point;
    const NAME: &'static str = Board::NAME;

    fn start() -> Self {
        Narrowed {
            board: Board::start(),
            width: LEVELS[0].1 as usize,
        }
    }

    fn to_move(&self) -> crate::game::Side {
        self.board.to_move()
    }

    fn legal_moves(&self, out: &mut Vec<Point>) {
        candidates(&self.board, self.width, out, &mut Vec::new());
    }

    fn play(&mut self, m: Point) {
        self.board.place(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome()
    }

    fn key(&self) -> u64 {
        self.board.key()
    }

    fn format_move(m: Point) -> String {
        format_point(m)
    }

    fn parse_move(text: &str) -> Result<Point, MoveError> {
        parse_point(text)
    }
}

/// The evaluation on the narrowed board (the moves come ordered): the
/// hand-set pattern sum, or learned pattern weights
/// ([`Engine::with_learned`]).
#[derive(Default)]
struct NarrowEval {
    pattern: PatternEval,
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    learned: Option<(crate::learn::linear_td::LinearTd, super::learn::Chooser)>,
}

/// The learned value's range in the search: `(2p − 1) ×` this, for the
/// mover's chance of winning `p`.
#[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
pub const LEARNED_SCALE: f32 = 100_000.0;

impl Evaluator<Narrowed> for NarrowEval {
    fn evaluate(&mut self, g: &Narrowed) -> i32 {
        #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
        if let Some((l, chooser)) = &mut self.learned {
            let black = l.value(chooser.features(&g.board));
            let p = if g.board.to_move() == crate::game::Side::First {
                black
            } else {
                1.0 - black
            };
            return ((2.0 * p - 1.0) * LEARNED_SCALE) as i32;
        }
        self.pattern.value(&g.board)
    }
}

/// The engine player.
pub struct Engine {
    settings: EngineSettings,
    searcher: Searcher<Narrowed>,
    eval: NarrowEval,
    windows: Vec<Window>,
    /// The budget per turn of [`Player::choose`]; `None`: the level's time.
    default_limits: Option<Limits>,
}

impl Engine {
    pub fn new(settings: EngineSettings) -> Result<Engine, String> {
        settings.validate()?;
        Ok(Engine {
            settings,
            searcher: Searcher::new(17),
            eval: NarrowEval::default(),
            windows: Vec::new(),
            default_limits: None,
        })
    }

    /// The engine searching with learned pattern weights (the study's 492
    /// features, [`super::features`]) instead of the hand-set pattern sum;
    /// everything else (threats, threat-space search, ordering) is the same.
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    pub fn with_learned(mut self, learner: crate::learn::linear_td::LinearTd) -> Engine {
        self.eval.learned = Some((learner, super::learn::Chooser::default()));
        self
    }

    /// An engine whose moves without a budget ([`Player::choose`]) stop at
    /// these limits instead of the level's time.
    pub fn with_default_limits(mut self, limits: Limits) -> Engine {
        self.default_limits = Some(limits);
        self
    }

    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }

    /// Changes the level (the protocol's `depth`), keeping the table.
    pub fn set_level(&mut self, level: u32) -> Result<(), String> {
        let s = EngineSettings {
            level,
            ..self.settings
        };
        s.validate()?;
        self.settings = s;
        Ok(())
    }

    /// The limits of one stone of `b` chosen without a budget.
    fn stone_limits(&self, b: &Board) -> Limits {
        self.default_limits.unwrap_or_else(|| {
            let ms = self.settings.turn_ms();
            Limits::millis(if b.stones() == 0 { ms } else { ms / 2.0 })
        })
    }

    /// The first step of every stone, before alpha-beta: what the threats
    /// decide alone. A win this turn is played; a lost position (three or
    /// more threats against, or two at the second stone) gets the block
    /// that leaves the fewest threats. `None`: the search decides (facing
    /// one or two threats it tries only blocks, see [`candidates`]).
    ///
    /// The threat-space search (proving a win by a sequence of threats, and
    /// the opponent's) is called here, first, with a share of `budget`; the
    /// rest goes to alpha-beta.
    pub fn threat_step(&mut self, b: &Board, budget: &mut Budget) -> Option<Thought<Point>> {
        budget.set_note("looking at the threats");
        let me = b.to_move();
        threat_windows(b, me, &mut self.windows);
        let win = self
            .windows
            .iter()
            .find(|w| w[0] == w[1])
            .or_else(|| self.windows.first().filter(|_| b.stones_left() == 2))
            .map(|w| w[0]);
        if let Some(mv) = win {
            return Some(Thought {
                mv,
                complete: true,
                depth: Some(1),
                score: Some(f64::from(WIN - 2)),
            });
        }
        let against = analyse(b, me.other());
        let lost = against.count >= 3 || (against.count == 2 && b.stones_left() == 1);
        if lost {
            let mut blocks = block_points(b, &mut self.windows);
            order_points(b, &mut blocks, &mut self.windows);
            let mv = blocks.first().copied()?;
            return Some(Thought {
                mv,
                complete: true,
                depth: Some(1),
                score: Some(f64::from(-(WIN - 4))),
            });
        }
        self.proven_win(b, budget)
    }

    /// A share of what is left of `budget`: at most `nodes`, and half of
    /// the nodes and the time left.
    fn share(budget: &Budget, nodes: u64) -> Limits {
        let limits = budget.limits();
        Limits {
            nodes: Some(
                limits
                    .nodes
                    .map_or(nodes, |n| nodes.min(n.saturating_sub(budget.nodes()) / 2)),
            ),
            ms: limits
                .ms
                .map(|ms| (ms - budget.elapsed_ms()).max(0.0) / 2.0),
            unbounded: false,
        }
    }

    /// The first stone of a win the threat-space search proves (by double
    /// threats, then by single threats), within the level's depths and
    /// nodes and at most half of what is left of `budget`; the nodes it
    /// used are counted in `budget`.
    fn proven_win(&mut self, b: &Board, budget: &mut Budget) -> Option<Thought<Point>> {
        let (double, single, nodes, _) = self.settings.threat_search();
        for (kind, depth) in [(Kind::Double, double), (Kind::Single, single)] {
            if depth == 0 || budget.is_stopped() {
                continue;
            }
            budget.set_note("looking for a win by threats");
            let mut own = Budget::new(Self::share(budget, nodes));
            let proof = tss::prove(b, kind, depth, &mut own);
            budget.spend(own.nodes());
            if let Proof::Win { line, turns, .. } = proof {
                let mv = *line.first()?;
                return Some(Thought {
                    mv,
                    complete: true,
                    depth: Some(2 * turns + 1),
                    score: Some(f64::from(WIN - 2 * (turns as i32 + 1))),
                });
            }
        }
        None
    }

    /// The threat searches of the defence: double threats, then single
    /// threats, at the level's depths (those of depth 0 left out).
    fn defence_searches(&self) -> Vec<(Kind, u32)> {
        let (double, single, _, _) = self.settings.threat_search();
        [(Kind::Double, double), (Kind::Single, single)]
            .into_iter()
            .filter(|&(_, depth)| depth > 0)
            .collect()
    }

    /// The defence against the opponent's wins by threats (double threats,
    /// then, from level 4, single threats, at the level's depths), after
    /// alpha-beta chose `chosen` (and the threat step found no win). If the
    /// opponent would have such a win after a quiet turn of ours (with no
    /// threat against us now), or after `chosen` and a quiet rest of the
    /// turn (facing threats, when `chosen` is a block:
    /// [`tss::threatened`]), the first turn that [`tss::refute`] proves
    /// losing to neither search is played ([`Engine::safe_turn`]), among the
    /// pairs (or single stones) of the points of that win's relevance zone
    /// and the engine's candidates. Within the level's defence nodes and
    /// half of what is left of `budget`; `None` (`chosen` stands) without
    /// such a win, when every turn tried loses, or when the budget ends
    /// before a better turn is found.
    fn defence(&mut self, b: &Board, chosen: Point, budget: &mut Budget) -> Option<Point> {
        let searches = self.defence_searches();
        if searches.is_empty() || budget.is_stopped() {
            return None;
        }
        let facing = analyse(b, b.to_move().other()).count > 0;
        let placed: &[Point] = if facing { &[chosen] } else { &[] };
        budget.set_note("looking for the opponent's wins by threats");
        let (_, _, _, nodes) = self.settings.threat_search();
        let mut own = Budget::new(Self::share(budget, nodes));
        let mut proof = None;
        for &(kind, depth) in &searches {
            match tss::threatened(b, placed, kind, depth, &mut own) {
                Ok(Proof::Win { zone, .. }) => {
                    proof = Some((kind, zone));
                    break;
                }
                Ok(Proof::NoWin) => {}
                Ok(Proof::Unknown) | Err(_) => break,
            }
        }
        let mv = proof.and_then(|(kind, zone)| {
            let probe = Probe {
                placed,
                zone: &zone,
                skips: kind == Kind::Double,
            };
            self.safe_turn(b, chosen, &probe, &searches, &mut own)
        });
        budget.spend(own.nodes());
        mv
    }

    /// The first stone of the first turn after which the opponent has no
    /// win by any of the threat `searches` (kind and depth): `chosen`'s
    /// turns first, then the others of the points of the `probe`'s zone and
    /// the engine's candidates, best first (the zone's first; facing
    /// threats, the blocks first, and only turns that block them all).
    /// Turns the probe already proves losing are not searched. If every
    /// turn tried loses to some search (or the budget ends first), the
    /// first turn that holds against the most of them in order (the double
    /// threats first; a search the budget stopped counts half); `None` if
    /// none holds against the first.
    fn safe_turn(
        &mut self,
        b: &Board,
        chosen: Point,
        probe: &Probe,
        searches: &[(Kind, u32)],
        budget: &mut Budget,
    ) -> Option<Point> {
        let mut zone = Vec::new();
        probe.zone.points(&mut zone);
        zone.retain(|&p| p != chosen && b.cell(p) == 0);
        order_points(b, &mut zone, &mut self.windows);
        let mut others = Vec::new();
        candidates(
            b,
            self.settings.width() as usize,
            &mut others,
            &mut self.windows,
        );
        others.retain(|&p| p != chosen && !probe.zone.contains(p));
        // Facing threats the candidates are the blocks: they come first.
        let mut theirs = Vec::new();
        threat_windows(b, b.to_move().other(), &mut theirs);
        let mut points = vec![chosen];
        if theirs.is_empty() {
            points.extend(zone);
            points.extend(others);
        } else {
            points.extend(others);
            points.extend(zone);
        }
        let turns: Vec<Vec<Point>> = if b.stones_left() == 1 {
            points.truncate(DEFENCE_STONES);
            points.iter().map(|&p| vec![p]).collect()
        } else {
            points.truncate(DEFENCE_POINTS);
            let n = points.len();
            (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .map(|(i, j)| vec![points[i], points[j]])
                .collect()
        };
        // The first turn that holds against the most searches in order (the
        // double threats, then the single ones), if none holds against all:
        // two points a search held, one for the search the budget stopped.
        // Only turns that hold against the first search are kept.
        let mut best: Option<(usize, Point)> = None;
        let blocks = |t: &[Point]| {
            theirs
                .iter()
                .all(|w| t.contains(&w[0]) || t.contains(&w[1]))
        };
        for turn in turns.iter().filter(|t| blocks(t) && !probe.refutes(t)) {
            let mut score = 0;
            for &(kind, depth) in searches {
                match tss::refute(b, turn, kind, depth, budget).ok()? {
                    Proof::NoWin => score += 2,
                    Proof::Unknown => {
                        if score >= 2 && score + 1 > best.map_or(0, |(h, _)| h) {
                            return Some(turn[0]);
                        }
                        return best.map(|(_, p)| p);
                    }
                    Proof::Win { .. } => break,
                }
            }
            if score == 2 * searches.len() {
                return Some(turn[0]);
            }
            if score >= 2 && score > best.map_or(0, |(h, _)| h) {
                best = Some((score, turn[0]));
            }
        }
        best.map(|(_, p)| p)
    }

    fn narrowed(&self, b: &Board) -> Narrowed {
        Narrowed {
            board: b.clone(),
            width: self.settings.width() as usize,
        }
    }
}

/// A search value in words, for the side to move.
fn value_text(v: i32) -> String {
    if v > PROVEN {
        format!("wins in {} stones", WIN - v)
    } else if v < -PROVEN {
        format!("loses in {} stones", WIN + v)
    } else {
        format!("{:+.1}", f64::from(v) / 100.0)
    }
}

impl Player<Board> for Engine {
    fn name(&self) -> String {
        format!("engine:{}", self.settings.level)
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        let mut budget = Budget::new(self.stone_limits(game));
        self.think(game, rng, &mut budget).mv
    }

    fn think(&mut self, game: &Board, _rng: &mut Rng, budget: &mut Budget) -> Thought<Point> {
        if let Some(t) = self.threat_step(game, budget) {
            return t;
        }
        budget.set_note("searching");
        let g = self.narrowed(game);
        let depth = self.settings.depth();
        let r = self.searcher.search(&g, &mut self.eval, depth, budget);
        let best = r
            .best
            .expect("think is asked in a position that is not over");
        Thought {
            // A win alpha-beta proves needs no defence.
            mv: if r.value > PROVEN {
                best
            } else {
                self.defence(game, best, budget).unwrap_or(best)
            },
            complete: r.complete,
            depth: Some(r.depth),
            score: Some(f64::from(r.value)),
        }
    }

    /// The value of each stone the engine would try (the heat map of its
    /// candidates), searched to the level's depth.
    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<Point>> {
        budget.set_note("valuing the candidate stones");
        let g = self.narrowed(game);
        let depth = self.settings.depth();
        let (values, complete) = self.searcher.value_moves(&g, &mut self.eval, depth, budget);
        let best = values.iter().map(|v| v.1).max();
        Some(Analysis {
            units: format!(
                "the pattern evaluation after {depth} stones, in hundreds \
                 (a line that ends the game: a win or a loss)"
            ),
            scale: Scale::Relative,
            position: None,
            moves: values
                .iter()
                .map(|&(mv, v)| MoveValue {
                    mv,
                    value: Some(if v.abs() > PROVEN {
                        f64::from(v.signum() * 1000)
                    } else {
                        f64::from(v) / 100.0
                    }),
                    label: Some(value_text(v)),
                    best: Some(v) == best,
                })
                .collect(),
            complete,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::players::{Greedy, NearRandom};
    use super::super::rules::POINTS;
    use super::super::threats::{threat_windows, threats};
    use super::*;
    use crate::game::{rng_from_seed, Side};
    use crate::plugin::Playable;

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    fn engine(level: u32) -> Engine {
        Engine::new(EngineSettings::level(level)).unwrap()
    }

    fn stone(e: &mut Engine, b: &Board) -> Point {
        e.think(b, &mut rng_from_seed(1), &mut Budget::unlimited())
            .mv
    }

    #[test]
    fn plays_out_a_win_the_threat_search_proves() {
        // A win by double threats in three turns, which the threat search
        // of level 3 proves and alpha-beta's few stones deep do not see.
        let start = tss::position(&["K6", "Q4", "H3", "E7", "J5", "E5"], &["C6", "M3"], 2);
        let me = start.to_move();
        let mut e = engine(3);
        let first = e.think(&start, &mut rng_from_seed(1), &mut Budget::unlimited());
        assert!(first.score.unwrap() >= f64::from(PROVEN), "{first:?}");
        let mut greedy = Greedy::default();
        let mut rng = rng_from_seed(7);
        let mut b = start.clone();
        let mut own = 0;
        while b.outcome().is_none() {
            let p = if b.to_move() == me {
                own += 1;
                stone(&mut e, &b)
            } else {
                greedy.choose(&b, &mut rng)
            };
            b.try_play(p).unwrap();
        }
        assert_eq!(b.outcome(), Some(Outcome::Win(me)));
        // Three turns of two stones, and the six.
        assert!(own <= 8, "{own} stones");
        // Level 1 has no threat search: its first stone is no proven win.
        let t = engine(1).think(&start, &mut rng_from_seed(1), &mut Budget::unlimited());
        assert!(t.score.unwrap() < f64::from(PROVEN));
    }

    /// Positions of games against greedy: the side to move has no threat
    /// against it, but loses to double threats within three turns after a
    /// quiet turn (the first: Black to move, the others White).
    const THREATENED: [&str; 4] = [
        ".................../.................../.................../.................../.................../.................../.................../.................../.................../......BBWB........./.......WW........../........W........../.................../.................../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.................../.........B..B....../..........W.W....../..........BWWWWB.../......BBWBBBW....../............WW...../............B.B..../.................../.................../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.......B..B......../.................../....B.BWWWWWB....../.......WB........../......WW.B........./...WWWBWWBB......../....B..BWB.B......./........BW..W....../..........B..B...../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.....B..B........../......W..WB......../.......B.BWB..B..../........BBWWBWWW.../.........B.WW....../..........BW......./......BWWWWWB.B..../.................../........B..B......./.................../.................../.................../.................../...................",
    ];

    fn threatened(i: usize) -> Board {
        let b = Board::parse_position(THREATENED[i]).unwrap();
        assert_eq!(b.stones_left(), 2);
        assert_eq!(threats(&b, b.to_move().other()), 0);
        assert!(matches!(
            tss::threatened(&b, &[], Kind::Double, 3, &mut Budget::unlimited()),
            Ok(Proof::Win { .. })
        ));
        b
    }

    /// The engine's whole turn from `b`.
    fn turn(e: &mut Engine, b: &Board) -> Board {
        let mut a = b.clone();
        while a.to_move() == b.to_move() && !a.is_over() {
            let p = stone(e, &a);
            a.place(p);
        }
        a
    }

    /// Whether the side to move wins by double threats within `depth`.
    fn opponent_wins(after: &Board, depth: u32) -> bool {
        matches!(
            tss::vcdt(after, depth, &mut Budget::unlimited()),
            Proof::Win { .. }
        )
    }

    #[test]
    fn defends_against_double_threats_that_plain_blocking_misses() {
        let b = threatened(0);
        assert_eq!(b.to_move(), Side::First);
        // Alpha-beta alone (three stones deep, blocks by patterns) plays a
        // turn that loses.
        let a = alpha_beta_turn(&b, 3);
        assert!(opponent_wins(&a, 3));
        // The engine's turn, from level 3 on, leaves no such win.
        for level in 3..=MAX_LEVEL {
            let mut e = engine(level);
            let depth = e.settings().threat_search().0;
            let after = turn(&mut e, &b);
            assert!(!opponent_wins(&after, depth), "level {level}");
        }
    }

    /// The stones placed from `b` to `after`.
    fn played(b: &Board, after: &Board) -> Vec<Point> {
        (0..POINTS as Point)
            .filter(|&p| b.cell(p) == 0 && after.cell(p) != 0)
            .collect()
    }

    /// The turn alpha-beta alone plays from `b`, `depth` stones deep.
    fn alpha_beta_turn(b: &Board, depth: u32) -> Board {
        let mut e = engine(depth);
        let mut a = b.clone();
        while a.to_move() == b.to_move() {
            let g = e.narrowed(&a);
            let r = e
                .searcher
                .search(&g, &mut e.eval, depth, &mut Budget::unlimited());
            a.place(r.best.unwrap());
        }
        a
    }

    /// Whether a turn from `b` loses to any of `searches`.
    fn loses(b: &Board, turn: &[Point], searches: &[(Kind, u32)]) -> bool {
        searches.iter().any(|&(kind, depth)| {
            matches!(
                tss::refute(b, turn, kind, depth, &mut Budget::unlimited()),
                Ok(Proof::Win { .. })
            )
        })
    }

    #[test]
    fn never_plays_a_turn_proved_losing_when_another_holds() {
        let mut checked = 0;
        for i in 0..THREATENED.len() {
            let b = threatened(i);
            for level in [2, 3, 4] {
                let mut e = engine(level);
                let searches = e.defence_searches();
                let after = turn(&mut e, &b);
                if !loses(&b, &played(&b, &after), &searches) {
                    checked += 1;
                    continue;
                }
                // Its turn loses: then so does every pair of the stones
                // the defence pairs up (the zone of the first search's win
                // after a quiet turn, and the candidates).
                let zone = searches
                    .iter()
                    .find_map(|&(kind, depth)| {
                        match tss::threatened(&b, &[], kind, depth, &mut Budget::unlimited()) {
                            Ok(Proof::Win { zone, .. }) => Some(zone),
                            _ => None,
                        }
                    })
                    .unwrap_or_else(|| {
                        panic!("position {i}, level {level}: no win after a quiet turn")
                    });
                let mut points = Vec::new();
                candidates(
                    &b,
                    e.settings().width() as usize,
                    &mut points,
                    &mut Vec::new(),
                );
                let mut in_zone = Vec::new();
                zone.points(&mut in_zone);
                points.extend(in_zone.iter().filter(|&&p| b.cell(p) == 0));
                points.sort_unstable();
                points.dedup();
                for (k, &x) in points.iter().enumerate() {
                    for &y in &points[k + 1..] {
                        assert!(
                            loses(&b, &[x, y], &searches),
                            "position {i}, level {level}: {} {} holds",
                            format_point(x),
                            format_point(y)
                        );
                    }
                }
            }
        }
        assert!(checked > 0);
    }

    /// A position of a game of level 4 against level 3: Black to move
    /// faces one threat (White's K4 L5 M6 N7, open at J3 and O8) and has no
    /// win; blocking it as alpha-beta does lets White win by single
    /// threats in two turns, which no double-threat search sees.
    const SINGLE_THREATENED: &str = ".................../.................../.................../.........W........./..........B......../...........B......./........WW..B.W..../........BBW..B...../........WWB..WW..../........WBBBWB...../........WWB..B..B../......BWBBBW.B.W.../........W.W..BW..../.........W...W...../............B....../...........W......./.................../.................../...................";

    #[test]
    fn defends_against_single_threats_while_blocking() {
        let b = Board::parse_position(SINGLE_THREATENED).unwrap();
        assert_eq!((b.to_move(), b.stones_left()), (Side::First, 2));
        assert_eq!(threats(&b, Side::Second), 1);
        let double = [(Kind::Double, 3)];
        let single = [(Kind::Single, 2)];
        // Alpha-beta alone (four stones deep, blocks first) plays a turn
        // that loses to single threats, and to no double threats.
        let a = alpha_beta_turn(&b, 4);
        let played = |after: &Board| played(&b, after);
        assert!(loses(&b, &played(&a), &single));
        assert!(!loses(&b, &played(&a), &double));
        // The engine's turn, from level 4 on (single threats two turns
        // deep at levels 4 and 5, three at level 6), blocks and leaves no
        // win by either (at level 6 the budget does not settle three turns
        // of single threats: the turn holding the double threats and
        // unsettled for single ones is kept over one they win).
        for level in 4..=MAX_LEVEL {
            let mut e = engine(level);
            let (double, single_depth, _, _) = e.settings().threat_search();
            assert!(single_depth >= 2, "level {level}");
            let after = turn(&mut e, &b);
            assert_eq!(threats(&after, Side::Second), 0, "level {level}");
            assert!(
                !loses(&b, &played(&after), &[(Kind::Double, double)]),
                "level {level}"
            );
            assert!(!loses(&b, &played(&after), &single), "level {level}");
        }
    }

    #[test]
    fn a_probe_skips_only_turns_its_proof_still_wins() {
        // Every turn near the stones (each with every third partner) that
        // the quiet turn's proof by double threats (its zone) skips
        // unsearched is lost to them, searched; a proof by single threats
        // skips none.
        let mut skipped = 0;
        for (b, kind, depth) in [
            (threatened(1), Kind::Double, 3),
            (threatened(2), Kind::Double, 3),
            (
                Board::parse_position(SINGLE_THREATENED).unwrap(),
                Kind::Single,
                2,
            ),
        ] {
            let facing = threats(&b, b.to_move().other()) > 0;
            let mut near = Vec::new();
            super::super::players::near_points(&b, &mut near);
            let mut blocks = Vec::new();
            threat_windows(&b, b.to_move().other(), &mut blocks);
            let placed: Vec<Point> = if facing {
                vec![blocks[0][0]]
            } else {
                Vec::new()
            };
            let Ok(Proof::Win { zone, .. }) =
                tss::threatened(&b, &placed, kind, depth, &mut Budget::unlimited())
            else {
                panic!("no win after a quiet turn");
            };
            let probe = Probe {
                placed: &placed,
                zone: &zone,
                skips: kind == Kind::Double,
            };
            let mut in_zone = 0;
            for (i, &x) in near.iter().enumerate() {
                for &y in near[i + 1..].iter().step_by(3) {
                    let turn = if facing {
                        vec![placed[0], y]
                    } else {
                        vec![x, y]
                    };
                    if turn[0] == turn[1] {
                        continue;
                    }
                    if !probe.refutes(&turn) {
                        in_zone += 1;
                        continue;
                    }
                    assert_eq!(kind, Kind::Double);
                    skipped += 1;
                    assert!(
                        loses(&b, &turn, &[(kind, depth)]),
                        "{} {} holds",
                        format_point(turn[0]),
                        format_point(turn[1])
                    );
                }
                if facing {
                    break;
                }
            }
            assert!(in_zone > 0);
        }
        assert!(skipped > 100, "{skipped}");
        // Two stones off the zone on one window are searched.
        let on_one =
            |x: &str, y: &str| one_window(parse_point(x).unwrap(), parse_point(y).unwrap());
        for (x, y) in [
            ("A1", "F1"),
            ("A1", "A6"),
            ("A1", "F6"),
            ("F1", "A6"),
            ("J10", "K11"),
        ] {
            assert!(on_one(x, y) && on_one(y, x), "{x} {y}");
        }
        for (x, y) in [
            ("A1", "G1"),
            ("A1", "A7"),
            ("A1", "C2"),
            ("A1", "G7"),
            ("S1", "A1"),
        ] {
            assert!(!on_one(x, y) && !on_one(y, x), "{x} {y}");
        }
    }

    #[test]
    fn settings_are_checked() {
        assert!(EngineSettings::from_value(&Value::Null).is_ok());
        let s = EngineSettings::from_value(&serde_json::json!({"level": 2, "seed": 4})).unwrap();
        assert_eq!((s.depth(), s.width()), (2, 12));
        let s = EngineSettings::from_value(&serde_json::json!({"level": 5, "width": 20})).unwrap();
        assert_eq!((s.depth(), s.width()), (5, 20));
        for bad in [
            serde_json::json!({"level": 0}),
            serde_json::json!({"level": 7}),
            serde_json::json!({"width": 41}),
            serde_json::json!({"depth": 3}),
            serde_json::json!({"level": "high"}),
        ] {
            assert!(EngineSettings::from_value(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn never_misses_a_win_with_either_stone() {
        for level in [1, 3] {
            let mut e = engine(level);
            // Black J5..J8, its first stone: a four is enough.
            let mut b = after("J5 A19 C19 J6 J7 E19 G19 J8 A1 L19 N19");
            assert_eq!((b.to_move(), b.stones_left()), (Side::First, 2));
            let first = stone(&mut e, &b);
            b.play(first);
            let second = stone(&mut e, &b);
            b.play(second);
            assert_eq!(
                b.outcome(),
                Some(Outcome::Win(Side::First)),
                "level {level}"
            );
            // The second stone of a pair completes a five.
            let mut b = after("J5 J4 C19 J6 J7 E19 G19 J8 J9 L19 N19 A1");
            assert_eq!(b.stones_left(), 1);
            let p = stone(&mut e, &b);
            b.play(p);
            assert_eq!(
                b.outcome(),
                Some(Outcome::Win(Side::First)),
                "level {level}"
            );
        }
    }

    #[test]
    fn always_blocks_one_and_two_threats() {
        for level in [1, 2, 4] {
            let mut e = engine(level);
            // Black's open four F10..I10: two threats, White blocks both.
            let mut b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
            assert_eq!(threats(&b, Side::First), 2);
            for _ in 0..2 {
                let p = stone(&mut e, &b);
                b.play(p);
            }
            assert_eq!(threats(&b, Side::First), 0, "level {level}");
            // A four against the edge (A10..D10): one threat, blocked.
            let mut b = after("A10 S1 S3 B10 C10 S5 S7 D10 J2");
            assert_eq!(threats(&b, Side::First), 1);
            for _ in 0..2 {
                let p = stone(&mut e, &b);
                b.play(p);
            }
            assert_eq!(threats(&b, Side::First), 0, "level {level}");
        }
    }

    #[test]
    fn the_same_position_gives_the_same_stone() {
        let b = after("J10 K11 K9 H10 L10");
        let a = stone(&mut engine(3), &b);
        let c = engine(3).think(&b, &mut rng_from_seed(99), &mut Budget::unlimited());
        assert_eq!(a, c.mv);
        assert!(b.is_legal(a));
    }

    #[test]
    fn analysis_values_the_candidates() {
        let b = after("J10 K11 K9");
        let a = engine(2)
            .analyze(&b, &mut Budget::unlimited())
            .expect("an analysis");
        assert!(a.complete);
        assert_eq!(a.moves.len(), 12);
        assert!(a.moves.iter().any(|m| m.best));
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    #[test]
    fn learned_weights_are_what_the_search_evaluates() {
        use super::super::learn::Chooser;
        use super::super::runs::hand;
        let b = after("J10 K11 K9 H10 L10");
        let narrowed = Narrowed {
            board: b.clone(),
            width: 8,
        };
        // The mover's chance by the weights, on the search's scale.
        let l = hand();
        let black = l.value(Chooser::default().features(&b));
        assert_eq!(b.to_move(), Side::Second);
        let want = ((1.0 - 2.0 * black) * LEARNED_SCALE) as i32;
        let mut eval = NarrowEval {
            learned: Some((hand(), Chooser::default())),
            ..NarrowEval::default()
        };
        assert_eq!(eval.evaluate(&narrowed), want);
        assert_ne!(want, NarrowEval::default().evaluate(&narrowed));
        // The engine with them values the candidates by them, and still plays.
        let a = engine(2)
            .with_learned(hand())
            .analyze(&b, &mut Budget::unlimited())
            .expect("an analysis");
        let plain = engine(2).analyze(&b, &mut Budget::unlimited()).unwrap();
        let values = |a: &Analysis<Point>| a.moves.iter().map(|m| m.value).collect::<Vec<_>>();
        assert_eq!(a.moves.len(), plain.moves.len());
        assert_ne!(values(&a), values(&plain));
        assert!(a.moves.iter().any(|m| m.best));
    }

    /// Plays `games` games, the engine alternating colours; its wins.
    fn wins_against(level: u32, other: &mut dyn Player<Board>, games: u64) -> u64 {
        let mut e = engine(level).with_default_limits(Limits::nodes(20_000));
        let mut wins = 0;
        for seed in 0..games {
            let mut rng = rng_from_seed(seed);
            let mut b = Board::start();
            let engine_side = if seed % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            while !b.is_over() {
                let p = if b.to_move() == engine_side {
                    e.choose(&b, &mut rng)
                } else {
                    other.choose(&b, &mut rng)
                };
                assert!(b.is_legal(p), "{}", b.position_text());
                b.play(p);
            }
            wins += u64::from(b.outcome() == Some(Outcome::Win(engine_side)));
        }
        wins
    }

    #[test]
    fn beats_random_and_greedy() {
        assert_eq!(wins_against(2, &mut NearRandom::default(), 4), 4);
        assert_eq!(wins_against(3, &mut Greedy::default(), 4), 4);
    }
}
