//! Alpha-beta over whole turns: the engine's search.
//!
//! A move of this search is a *turn*: the two stones a side places (one at
//! Black's opening stone or when the first of a pair is already down). At
//! each node, for the side to move `S` and its opponent `O`, on a
//! [`Position`]:
//!
//! 1. `S` with a threat window fills it and wins: the node is worth
//!    [`WIN`] less the turns from the root (no move generated).
//! 2. `O`'s threat windows: if more stones are needed to meet them all than
//!    `S` places now, `O` wins next turn. Facing one or two, the turns tried
//!    are the blocks: pairs of points of `O`'s windows that meet them all,
//!    and each point that meets them all alone with `S`'s best free stones.
//! 3. Otherwise the turns are the pairs of the best `first` points by
//!    gain ([`Position::gain`]: what a stone adds to `S`'s live windows and
//!    takes from `O`'s), each with the best `second` points once it is
//!    placed: the candidate pairs of the threats and of the best single
//!    stones.
//!
//! At the horizon a position is valued by its windows
//! ([`Position::value`]) or by a [`Leaf`] evaluator; a side that faces
//! threats there answers them first (a *quiescence* of forced blocks, with
//! narrow widths, at most [`QUIESCENCE`] turns deep), so that a horizon never
//! hides a six at hand.
//!
//! The search deepens one turn at a time ([`Searcher::search`]), with a
//! transposition table (the board's Zobrist key, [`Board::key`]) kept
//! between searches, the table's turn tried first, then two *killer* turns
//! of the same depth (turns that cut off a sibling), then the others by
//! gain plus a *history* bonus of their stones (points that cut off
//! anywhere). Principal-variation search: the first turn with a full
//! window, the others with a null window, searched again when they beat it.

use super::rules::{format_point, Point, POINTS};
use super::threats::{count_windows, Window};
use super::windows::Position;
use crate::game::{Game, Side};
use crate::search::budget::Budget;

/// A turn: two stones, or one and [`NONE`].
pub type Turn = [Point; 2];
/// No stone: the second of a one-stone turn.
pub const NONE: Point = Point::MAX;
/// The value of a six made now; `WIN − n` a six made `n` turns from the
/// root.
pub const WIN: i32 = 1_000_000;
/// Values beyond this (either sign) are proven wins or losses.
pub const PROVEN: i32 = WIN - 1_000;
/// The value of a node all of whose turns tried lose, where not every turn
/// was tried (no threat to block, or one with a free stone): a loss as far
/// as the search can tell, not a proof (so a win claimed by the search is a
/// win against every defence by blocks).
pub const LIKELY: i32 = PROVEN - 1;
const INFINITY: i32 = WIN + 1;
/// The deepest a line may go, in turns (forced replies cost no depth).
const MAX_PLY: usize = 32;
/// The most turns of forced blocks searched past the horizon.
pub const QUIESCENCE: i32 = 4;
/// The points tried, first and second, in the quiescence's blocks.
const QUIET_WIDTHS: Widths = Widths {
    first: 3,
    second: 3,
};

/// The points tried at a node: the best `first` points, each with the best
/// `second` points after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Widths {
    pub first: usize,
    pub second: usize,
}

/// The stones of a turn, in order.
pub fn stones(turn: &Turn) -> impl Iterator<Item = Point> + '_ {
    turn.iter().copied().filter(|&p| p != NONE)
}

/// A turn in the board's notation (`K11 K9`).
pub fn turn_text(turn: &Turn) -> String {
    stones(turn).map(format_point).collect::<Vec<_>>().join(" ")
}

/// How a horizon position is valued (the windows' value by default).
pub trait Leaf {
    /// The value of `pos`, not over, for its side to move, within
    /// ±[`PROVEN`].
    fn value(&mut self, pos: &Position) -> i32;
}

/// The windows' own value ([`Position::value`]).
pub struct WindowValue;

impl Leaf for WindowValue {
    fn value(&mut self, pos: &Position) -> i32 {
        pos.value()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: i32,
    best: Turn,
    depth: i8,
    bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    best: [NONE, NONE],
    depth: -128,
    bound: Bound::Exact,
};

/// Counts of one search, for the measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes: positions searched, quiescence included.
    pub nodes: u64,
    /// Nodes of the quiescence (past the horizon).
    pub quiet: u64,
    /// Horizon positions valued.
    pub leaves: u64,
    /// Nodes whose turns were generated, and the turns generated there.
    pub expanded: u64,
    pub generated: u64,
    /// Table answers that ended a node.
    pub table_cuts: u64,
}

/// What a search found at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best turn of the deepest finished depth (or a better one the
    /// unfinished depth proved).
    pub best: Turn,
    /// Its value for the side to move.
    pub value: i32,
    /// The deepest depth finished, in turns (0: none).
    pub depth: u32,
    /// Whether the deepest depth asked was finished.
    pub complete: bool,
    /// The root turns with their values of the last depth that valued them,
    /// best first.
    pub turns: Vec<(Turn, i32)>,
}

/// The search's state kept between searches: the table, the killers and
/// the history, and buffers.
pub struct Searcher {
    table: Vec<Entry>,
    killers: Vec<[Turn; 2]>,
    history: Vec<[u32; POINTS]>,
    lists: Vec<Vec<(Turn, i32)>>,
    points: Vec<(Point, i32)>,
    seconds: Vec<(Point, i32)>,
    windows: Vec<Window>,
    /// The points tried at each node.
    pub widths: Widths,
    /// Whether history and killers order the turns.
    pub ordering: bool,
    /// Whether forced replies to two threats cost no depth.
    pub extend: bool,
    pub stats: Stats,
    stopped: bool,
    /// The search stops when the budget has counted this many nodes, or at
    /// this many of its milliseconds.
    node_limit: u64,
    ms_limit: f64,
}

/// What a node's generation found.
enum Turns {
    /// Turns to try (in the node's list); whether they are all the turns
    /// that matter (every block of two threats, or of one at a second
    /// stone): only then are they all lost when each is.
    Some { every: bool },
    /// The opponent has more threats than the side to move has stones.
    Lost,
}

impl Searcher {
    /// A searcher with a table of `2^bits` entries.
    pub fn new(bits: u32, widths: Widths) -> Searcher {
        Searcher {
            table: vec![EMPTY; 1 << bits],
            killers: Vec::new(),
            history: vec![[0; POINTS]; 2],
            lists: Vec::new(),
            points: Vec::new(),
            seconds: Vec::new(),
            windows: Vec::new(),
            widths,
            ordering: true,
            extend: true,
            stats: Stats::default(),
            stopped: false,
            node_limit: u64::MAX,
            ms_limit: f64::INFINITY,
        }
    }

    /// Forgets everything learned (table, killers, history).
    pub fn clear(&mut self) {
        self.table.fill(EMPTY);
        self.killers.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// The turns of the side to move in `pos`, by the rules of the module,
    /// into `out` with their ordering scores (not yet sorted).
    fn turns(&mut self, pos: &mut Position, widths: Widths, out: &mut Vec<(Turn, i32)>) -> Turns {
        out.clear();
        let me = pos.board().to_move();
        let left = pos.board().stones_left();
        pos.threat_windows(me.other(), &mut self.windows);
        if self.windows.is_empty() {
            pos.best_points(me, widths.first, 0, &mut self.points);
            if left == 1 {
                out.extend(self.points.iter().map(|&(p, g)| ([p, NONE], g)));
                return Turns::Some { every: false };
            }
            let firsts = std::mem::take(&mut self.points);
            for &(x, gx) in &firsts {
                pos.place(x);
                pos.best_points(me, widths.second, 0, &mut self.seconds);
                for &(y, gy) in &self.seconds {
                    out.push(([x.min(y), x.max(y)], gx + gy));
                }
                pos.undo(x);
            }
            self.points = firsts;
            dedup(out);
            return Turns::Some { every: false };
        }
        let threats = count_windows(&self.windows);
        if u32::from(threats.count) > left {
            return Turns::Lost;
        }
        let windows = std::mem::take(&mut self.windows);
        let meets = |stones: &[Point]| {
            windows
                .iter()
                .all(|w| stones.contains(&w[0]) || stones.contains(&w[1]))
        };
        let mut points: Vec<Point> = windows.iter().flatten().copied().collect();
        points.sort_unstable();
        points.dedup();
        for (i, &x) in points.iter().enumerate() {
            if meets(&[x]) {
                if left == 1 {
                    out.push(([x, NONE], pos.gain(me, x)));
                    continue;
                }
                // A block alone: the second stone is free.
                pos.place(x);
                pos.best_points(me, widths.second, 0, &mut self.seconds);
                for &(y, gy) in &self.seconds {
                    out.push(([x.min(y), x.max(y)], pos.gain(me, x) + gy));
                }
                pos.undo(x);
            } else if left == 2 {
                for &y in &points[i + 1..] {
                    if meets(&[x, y]) {
                        out.push(([x, y], pos.gain(me, x) + pos.gain(me, y)));
                    }
                }
            }
        }
        self.windows = windows;
        dedup(out);
        Turns::Some {
            every: left == 1 || threats.count == 2,
        }
    }

    /// The value of `pos` for its side to move, searched `depth` turns deep
    /// (quiescence below 0), `ply` turns from the root, within
    /// `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        pos: &mut Position,
        leaf: &mut dyn Leaf,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        budget: &mut Budget,
    ) -> i32 {
        self.stats.nodes += 1;
        if depth <= 0 {
            self.stats.quiet += 1;
        }
        if !budget.spend(1)
            || budget.nodes() >= self.node_limit
            || (self.stats.nodes % 1024 == 0 && budget.elapsed_ms() >= self.ms_limit)
        {
            self.stopped = true;
            return 0;
        }
        if let Some(outcome) = pos.board().outcome() {
            // The turn that led here made six (or filled the board).
            return match outcome {
                crate::game::Outcome::Draw => 0,
                crate::game::Outcome::Win(_) => -(WIN - ply as i32),
            };
        }
        let me = pos.board().to_move();
        if pos.has_threat_window(me) {
            return WIN - ply as i32;
        }
        let facing = pos.has_threat_window(me.other());
        if depth <= 0 && (!facing || depth <= -QUIESCENCE) {
            self.stats.leaves += 1;
            return leaf.value(pos);
        }
        // The table.
        let key = pos.board().key();
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut first = [NONE, NONE];
        if entry.key == key {
            first = entry.best;
            if i32::from(entry.depth) >= depth {
                let v = crate::search::from_table(entry.value, ply as i32, PROVEN);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    self.stats.table_cuts += 1;
                    return v;
                }
            }
        }
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
            self.killers.resize(ply + 1, [[NONE, NONE]; 2]);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let widths = if depth > 0 { self.widths } else { QUIET_WIDTHS };
        let every = match self.turns(pos, widths, &mut list) {
            Turns::Lost => {
                self.lists[ply] = list;
                return -(WIN - ply as i32 - 1);
            }
            Turns::Some { every } => every,
        };
        self.stats.expanded += 1;
        self.stats.generated += list.len() as u64;
        self.order(me, ply, first, &mut list);
        // A forced reply to two threats (every block tried) costs no depth.
        let child = if depth > 0 && every && self.extend && ply < MAX_PLY {
            depth
        } else {
            depth - 1
        };
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_turn = [NONE, NONE];
        for (i, &(turn, _)) in list.iter().enumerate() {
            for p in stones(&turn) {
                pos.place(p);
            }
            let v = if i == 0 {
                -self.alpha_beta(pos, leaf, child, ply + 1, -beta, -alpha, budget)
            } else {
                let v = -self.alpha_beta(pos, leaf, child, ply + 1, -alpha - 1, -alpha, budget);
                if v > alpha && v < beta && !self.stopped {
                    -self.alpha_beta(pos, leaf, child, ply + 1, -beta, -alpha, budget)
                } else {
                    v
                }
            };
            for p in stones(&turn).collect::<ArrayTurn>().rev() {
                pos.undo(p);
            }
            if self.stopped {
                self.lists[ply] = list;
                return 0;
            }
            if v > best {
                best = v;
                best_turn = turn;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.reward(me, ply, turn, depth);
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if best < -PROVEN && !every {
            // Every turn tried loses, but not every turn was tried: a loss
            // all but proved.
            best = -LIKELY;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[slot] = Entry {
            key,
            value: crate::search::to_table(best, ply as i32, PROVEN),
            best: best_turn,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        };
        best
    }

    /// Puts the table's turn first, then the killers, then the others by
    /// their scores plus their stones' history.
    fn order(&self, me: Side, ply: usize, first: Turn, list: &mut [(Turn, i32)]) {
        let killers = self.killers[ply];
        let history = &self.history[me.index()];
        for (turn, score) in list.iter_mut() {
            *score = if *turn == first {
                i32::MAX
            } else if self.ordering && killers.contains(turn) {
                i32::MAX - 1 - i32::from(*turn != killers[0])
            } else if self.ordering {
                let h: u32 = stones(turn).map(|p| history[p as usize]).sum();
                score.saturating_add(h.min(1 << 20) as i32)
            } else {
                *score
            };
        }
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    }

    /// A turn that cut off: a killer of its ply, and history for its stones.
    fn reward(&mut self, me: Side, ply: usize, turn: Turn, depth: i32) {
        if !self.ordering {
            return;
        }
        let k = &mut self.killers[ply];
        if k[0] != turn {
            k[1] = k[0];
            k[0] = turn;
        }
        let bonus = (depth.max(1) * depth.max(1)) as u32;
        for p in stones(&turn) {
            let h = &mut self.history[me.index()][p as usize];
            *h = h.saturating_add(bonus);
        }
    }

    /// The root's turns by the node's rules (none when the side to move
    /// has lost: then the best blocks of [`Self::lost_turns`]).
    pub fn root_turns(&mut self, pos: &mut Position) -> Vec<(Turn, i32)> {
        let mut list = Vec::new();
        if let Turns::Lost = self.turns(pos, self.widths, &mut list) {
            list.clear();
        }
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        list
    }

    /// [`Self::search`], stopped also when `budget` has counted
    /// `node_limit` nodes or `ms_limit` milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn search_capped(
        &mut self,
        pos: &mut Position,
        leaf: &mut dyn Leaf,
        turns: Vec<Turn>,
        max_depth: u32,
        budget: &mut Budget,
        node_limit: u64,
        ms_limit: f64,
    ) -> Found {
        self.node_limit = node_limit;
        self.ms_limit = ms_limit;
        let found = self.search(pos, leaf, turns, max_depth, budget);
        self.node_limit = u64::MAX;
        self.ms_limit = f64::INFINITY;
        found
    }

    /// Searches the root turns `turns` of `pos` (at least one) one turn
    /// deeper at a time up to `max_depth`, within `budget`; `report` is told
    /// each finished depth.
    pub fn search(
        &mut self,
        pos: &mut Position,
        leaf: &mut dyn Leaf,
        turns: Vec<Turn>,
        max_depth: u32,
        budget: &mut Budget,
    ) -> Found {
        assert!(!turns.is_empty(), "a search needs a turn to try");
        self.stopped = false;
        self.killers.iter_mut().for_each(|k| *k = [[NONE, NONE]; 2]);
        // Old history fades between searches.
        for h in &mut self.history {
            h.iter_mut().for_each(|v| *v /= 8);
        }
        let mut valued: Vec<(Turn, i32)> = turns.into_iter().map(|t| (t, 0)).collect();
        let mut found = Found {
            best: valued[0].0,
            value: 0,
            depth: 0,
            complete: false,
            turns: valued.clone(),
        };
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -INFINITY;
            let mut best: Option<(Turn, i32)> = None;
            let mut values = Vec::with_capacity(valued.len());
            for (i, &(turn, _)) in valued.iter().enumerate() {
                for p in stones(&turn) {
                    pos.place(p);
                }
                let d = depth as i32 - 1;
                let v = if i == 0 {
                    -self.alpha_beta(pos, leaf, d, 1, -INFINITY, -alpha, budget)
                } else {
                    let v = -self.alpha_beta(pos, leaf, d, 1, -alpha - 1, -alpha, budget);
                    if v > alpha && !self.stopped {
                        -self.alpha_beta(pos, leaf, d, 1, -INFINITY, -alpha, budget)
                    } else {
                        v
                    }
                };
                for p in stones(&turn).collect::<ArrayTurn>().rev() {
                    pos.undo(p);
                }
                if self.stopped {
                    break;
                }
                values.push((turn, v));
                if v > alpha {
                    alpha = v;
                    best = Some((turn, v));
                }
            }
            if let Some((turn, v)) = best {
                // An unfinished depth's best stands only if it is the
                // previous best or proved better than it.
                if !self.stopped || turn == found.best || v > found.value {
                    found.best = turn;
                    found.value = v;
                }
            }
            if self.stopped {
                break;
            }
            // The next depth tries the turns in the order of this one's
            // values (a turn below alpha has only an upper bound: its
            // place among those is kept).
            values.sort_by_key(|b| std::cmp::Reverse(b.1));
            valued = values;
            found.depth = depth;
            found.turns = valued.clone();
            budget.set_status(
                Some(depth),
                Some(turn_text(&found.best)),
                Some(f64::from(found.value)),
            );
            budget.report_now();
            if found.value.abs() > PROVEN {
                break;
            }
        }
        found.complete = !self.stopped;
        found
    }
}

/// The two stones of a turn, reversible (no allocation).
struct ArrayTurn {
    p: [Point; 2],
    n: usize,
}

impl FromIterator<Point> for ArrayTurn {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut t = ArrayTurn { p: [NONE; 2], n: 0 };
        for p in iter {
            t.p[t.n] = p;
            t.n += 1;
        }
        t
    }
}

impl ArrayTurn {
    fn rev(self) -> impl Iterator<Item = Point> {
        let n = self.n;
        (0..n).rev().map(move |i| self.p[i])
    }
}

/// Sorts a list of turns and keeps each turn once, with its highest score.
fn dedup(list: &mut Vec<(Turn, i32)>) {
    list.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    list.dedup_by(|a, b| a.0 == b.0);
}

#[cfg(test)]
mod tests {
    use super::super::rules::Board;
    use super::super::windows::WindowWeights;
    use super::*;
    use crate::game::Game;
    use crate::plugin::Playable;

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    fn search(b: &Board, depth: u32) -> Found {
        let mut pos = Position::new(b, WindowWeights::HAND);
        let mut s = Searcher::new(
            16,
            Widths {
                first: 8,
                second: 5,
            },
        );
        let turns: Vec<Turn> = s.root_turns(&mut pos).into_iter().map(|t| t.0).collect();
        let found = s.search(
            &mut pos,
            &mut WindowValue,
            turns,
            depth,
            &mut Budget::unlimited(),
        );
        assert_eq!(pos.board(), b, "the search gives the position back");
        found
    }

    #[test]
    fn facing_two_threats_the_turns_block_both() {
        // Black's open four F10..I10: White must take E10 and J10 (or the
        // pairs that meet every window).
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
        let mut pos = Position::new(&b, WindowWeights::HAND);
        let mut s = Searcher::new(
            10,
            Widths {
                first: 8,
                second: 5,
            },
        );
        let turns = s.root_turns(&mut pos);
        assert!(!turns.is_empty());
        let mut windows = Vec::new();
        pos.threat_windows(Side::First, &mut windows);
        for (t, _) in &turns {
            assert!(windows
                .iter()
                .all(|w| t.contains(&w[0]) || t.contains(&w[1])));
        }
        let found = search(&b, 2);
        let mut after = b.clone();
        stones(&found.best).for_each(|q| after.place(q));
        assert_eq!(super::super::threats::threats(&after, Side::First), 0);
    }

    #[test]
    fn a_four_at_its_turn_is_a_win_and_three_threats_a_loss() {
        // Black J5..J8 to move: it wins now.
        let b = after("J5 A19 C19 J6 J7 E19 G19 J8 A1 L19 N19");
        let found = search(&b, 1);
        assert_eq!(found.value, WIN - 1, "{found:?}");
        let mut a = b.clone();
        stones(&found.best).for_each(|q| a.place(q));
        assert_eq!(a.outcome(), Some(crate::game::Outcome::Win(Side::First)));
        // Two open threes of Black's, Black to move: two open fours, three
        // threats or more, win the turn after.
        let b = after("E2; A19 C19; F2 G2; E19 G19; E5 F5; L19 N19; G5 S10; A17 S12");
        assert_eq!(b.to_move(), Side::First);
        let found = search(&b, 2);
        assert_eq!(found.value, WIN - 2, "{found:?} {}", turn_text(&found.best));
    }

    #[test]
    fn deeper_searches_keep_the_position_and_the_same_answer() {
        let b = after("J10; K11 K9; H10 L10");
        let a = search(&b, 3);
        let c = search(&b, 3);
        assert_eq!(a, c);
        assert!(a.complete && a.depth == 3);
        assert!(stones(&a.best).all(|q| b.cell(q) == 0));
    }

    #[test]
    fn a_budget_stops_the_search_and_keeps_a_turn() {
        let b = after("J10; K11 K9; H10 L10");
        let mut pos = Position::new(&b, WindowWeights::HAND);
        let mut s = Searcher::new(
            12,
            Widths {
                first: 8,
                second: 5,
            },
        );
        let turns: Vec<Turn> = s.root_turns(&mut pos).into_iter().map(|t| t.0).collect();
        let mut budget = Budget::new(crate::search::budget::Limits::nodes(5_000));
        let found = s.search(&mut pos, &mut WindowValue, turns.clone(), 20, &mut budget);
        assert!(!found.complete);
        assert!(turns.contains(&found.best));
        assert_eq!(pos.board(), &b);
    }
}
