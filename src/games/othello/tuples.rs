//! Othello's n-tuple networks: which groups of squares are tuples, their
//! indices kept up to date move by move, and the greedy player of a network
//! ([`crate::learn::ntuple`] is the network itself).
//!
//! # Tuples and symmetry
//! A pattern set is a list of *shapes*, each an ordered list of squares.
//! Every shape is placed on the board in its 8 symmetric images (rotations
//! and reflections), all sharing one table, so that a position and its
//! images always have the same value. A tuple's index is Σ dₖ·3ᵏ over its
//! squares, dₖ = 0 for an empty square, 1 for a disc of the side the
//! position is valued for, 2 for the other side's.
//!
//! * `lines3`: every straight line of three squares (rows, columns,
//!   diagonals), one table of 27 entries per line up to symmetry: the
//!   small, fast set.
//! * `classic`: the shapes of strong Othello evaluations, drawn in
//!   `docs/othello-ntuple.md`: the 3×3 corner, the edge with its two
//!   X-squares, rows 2, 3 and 4, the diagonals of length 4 to 8.
//! * `logistello`: the classic shapes and the 2×5 corner block, the set of
//!   Michael Buro's Logistello.
//! * `wide`: the Logistello shapes and the corner triangle (a1–d1, a2–c2,
//!   a3–b3, a4).
//!
//! # Afterstates
//! The network values the position right after a move (an *afterstate*),
//! for the side that moved. The greedy player plays the move whose
//! afterstate is worth most; only the tuples that a move changes are read
//! again ([`Indices`] keeps every tuple's index for both sides, updated by
//! additions when a disc is placed or flipped).
//!
//! # Phases
//! With P phases the 60 moves of a game are cut into P equal parts, each
//! with its own copy of the tables. Blended, copy k belongs to the point
//! k·60/(P − 1) discs placed, and a position between two such points reads
//! both copies, each by its nearness (see [`TupleNet::phase`]).

use serde::{Deserialize, Serialize};

use super::rules::{Board, PASS};
pub use super::symmetry::symmetric;
use crate::game::{Analysis, Game, MoveValue, Player, Rng, Scale, Side};
use crate::learn::ntuple::{tanh, NTuple, Phase};
use crate::search::budget::Budget;

/// The pattern sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PatternSet {
    Lines3,
    Classic,
    Logistello,
    Wide,
}

impl PatternSet {
    pub fn name(self) -> &'static str {
        match self {
            PatternSet::Lines3 => "lines3",
            PatternSet::Classic => "classic",
            PatternSet::Logistello => "logistello",
            PatternSet::Wide => "wide",
        }
    }

    /// The shapes: a name and ordered squares (0 = a1, row-major).
    pub fn shapes(self) -> Vec<(String, Vec<u8>)> {
        match self {
            PatternSet::Lines3 => lines3(),
            PatternSet::Classic => classic(),
            PatternSet::Logistello => logistello(),
            PatternSet::Wide => wide(),
        }
    }
}

const fn sq(row: u8, col: u8) -> u8 {
    row * 8 + col
}

fn classic() -> Vec<(String, Vec<u8>)> {
    let mut out = vec![
        (
            "corner 3×3".to_string(),
            (0..3).flat_map(|r| (0..3).map(move |c| sq(r, c))).collect(),
        ),
        (
            "edge + 2 X-squares".to_string(),
            (0..8)
                .map(|c| sq(0, c))
                .chain([sq(1, 1), sq(1, 6)])
                .collect(),
        ),
    ];
    for row in 1..4u8 {
        out.push((
            format!("row {}", row + 1),
            (0..8).map(|c| sq(row, c)).collect(),
        ));
    }
    for len in (4..=8u8).rev() {
        let shift = 8 - len;
        out.push((
            format!("diagonal {len}"),
            (0..len).map(|i| sq(i, i + shift)).collect(),
        ));
    }
    out
}

/// The classic shapes and the 2×5 block at the corner (a1–e1 over a2–e2):
/// the pattern set of Michael Buro's Logistello.
fn logistello() -> Vec<(String, Vec<u8>)> {
    let mut out = classic();
    out.insert(
        1,
        (
            "corner 2×5".to_string(),
            (0..2).flat_map(|r| (0..5).map(move |c| sq(r, c))).collect(),
        ),
    );
    out
}

/// The Logistello shapes and the corner triangle (the ten squares a1–d1,
/// a2–c2, a3–b3, a4).
fn wide() -> Vec<(String, Vec<u8>)> {
    let mut out = logistello();
    out.insert(
        2,
        (
            "corner triangle".to_string(),
            (0..4u8)
                .flat_map(|r| (0..4 - r).map(move |c| sq(r, c)))
                .collect(),
        ),
    );
    out
}

/// Every straight line of three squares, one per class of lines that the
/// symmetries (and reading a line backwards) map onto each other.
fn lines3() -> Vec<(String, Vec<u8>)> {
    let mut seen = std::collections::BTreeSet::new();
    for r in 0..8i32 {
        for c in 0..8i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<(i32, i32)> = (0..3).map(|k| (r + k * dr, c + k * dc)).collect();
                if cells
                    .iter()
                    .any(|&(r, c)| !(0..8).contains(&r) || !(0..8).contains(&c))
                {
                    continue;
                }
                let line: Vec<u8> = cells.iter().map(|&(r, c)| sq(r as u8, c as u8)).collect();
                let canonical = (0..8)
                    .flat_map(|s| {
                        let img: Vec<u8> = line.iter().map(|&q| symmetric(s, q)).collect();
                        let mut rev = img.clone();
                        rev.reverse();
                        [img, rev]
                    })
                    .min()
                    .expect("eight images");
                seen.insert(canonical);
            }
        }
    }
    seen.into_iter()
        .map(|line| {
            let names: Vec<String> = line.iter().map(|&q| super::square_name(q)).collect();
            (names.join("-"), line)
        })
        .collect()
}

/// Where each tuple reads the board and where its table is.
#[derive(Clone, Debug)]
pub struct Layout {
    set: PatternSet,
    /// Each shape's name and table size (3^squares).
    tables: Vec<(String, usize)>,
    /// Each tuple's table offset.
    offsets: Vec<u32>,
    /// For each square, where its entries of `by_square` start (65 bounds).
    square_start: Vec<u32>,
    /// For each square: the tuples it is in and its place value 3ᵏ there.
    by_square: Vec<(u16, u32)>,
    /// Each tuple's squares.
    cells: Vec<Vec<u8>>,
    per_phase: usize,
}

impl Layout {
    pub fn new(set: PatternSet) -> Layout {
        let mut tables = Vec::new();
        let mut offsets = Vec::new();
        let mut cells = Vec::new();
        let mut offset = 0usize;
        for (name, shape) in set.shapes() {
            let size = 3usize.pow(shape.len() as u32);
            for s in 0..8 {
                offsets.push(offset as u32);
                cells.push(shape.iter().map(|&q| symmetric(s, q)).collect::<Vec<u8>>());
            }
            tables.push((name, size));
            offset += size;
        }
        let mut lists: Vec<Vec<(u16, u32)>> = vec![Vec::new(); 64];
        for (t, squares) in cells.iter().enumerate() {
            for (k, &q) in squares.iter().enumerate() {
                lists[q as usize].push((t as u16, 3u32.pow(k as u32)));
            }
        }
        let mut square_start = vec![0u32];
        let mut by_square = Vec::new();
        for l in lists {
            by_square.extend(l);
            square_start.push(by_square.len() as u32);
        }
        Layout {
            set,
            tables,
            offsets,
            square_start,
            by_square,
            cells,
            per_phase: offset,
        }
    }

    pub fn set(&self) -> PatternSet {
        self.set
    }

    /// Table entries of one phase.
    pub fn per_phase(&self) -> usize {
        self.per_phase
    }

    /// Tuples on the board (8 per shape).
    pub fn tuples(&self) -> usize {
        self.offsets.len()
    }

    /// Each shape's name and table size.
    pub fn tables(&self) -> &[(String, usize)] {
        &self.tables
    }

    /// Each tuple's squares.
    pub fn cells(&self) -> &[Vec<u8>] {
        &self.cells
    }

    /// Each tuple's table offset.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The tuples square `q` is in, each with the place value 3ᵏ of `q`
    /// there.
    #[inline]
    pub fn on_square(&self, q: u8) -> &[(u16, u32)] {
        let q = q as usize;
        &self.by_square[self.square_start[q] as usize..self.square_start[q + 1] as usize]
    }
}

/// Every tuple's index, for both sides' views (view 0: black's discs are
/// digit 1; view 1: white's are).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Indices {
    view: [Vec<u32>; 2],
}

impl Indices {
    /// The indices of `board`, computed square by square.
    pub fn new(layout: &Layout, board: &Board) -> Indices {
        let mut view = [Vec::new(), Vec::new()];
        for (v, own, opp) in [
            (0, board.black(), board.white()),
            (1, board.white(), board.black()),
        ] {
            view[v] = layout
                .cells
                .iter()
                .map(|cells| {
                    cells.iter().rev().fold(0u32, |acc, &q| {
                        let d = if own >> q & 1 != 0 {
                            1
                        } else if opp >> q & 1 != 0 {
                            2
                        } else {
                            0
                        };
                        acc * 3 + d
                    })
                })
                .collect();
        }
        Indices { view }
    }

    /// Every tuple's index in `side`'s view (digit 1 for `side`'s discs).
    pub fn view(&self, side: Side) -> &[u32] {
        &self.view[side.index()]
    }

    /// Updates the indices for a disc of `side` placed on `q`, flipping
    /// `flips`.
    #[inline]
    pub fn play(&mut self, layout: &Layout, side: Side, q: u8, flips: u64) {
        let [black, white] = &mut self.view;
        let (own_v, opp_v) = match side {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        for &(t, p) in layout.on_square(q) {
            own_v[t as usize] += p;
            opp_v[t as usize] += 2 * p;
        }
        let mut f = flips;
        while f != 0 {
            let q = f.trailing_zeros() as u8;
            f &= f - 1;
            for &(t, p) in layout.on_square(q) {
                // For the mover a 2 becomes a 1; for the other side a 1 a 2.
                own_v[t as usize] -= p;
                opp_v[t as usize] += p;
            }
        }
    }

    /// Makes these indices a copy of `other` (without allocating when the
    /// sizes agree).
    pub fn copy_from(&mut self, other: &Indices) {
        for (a, b) in self.view.iter_mut().zip(&other.view) {
            a.clear();
            a.extend_from_slice(b);
        }
    }

    /// The active features of the position for `side`: each tuple's table
    /// offset plus its index in that side's view.
    pub fn active(&self, layout: &Layout, side: Side, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.view[side.index()]
                .iter()
                .zip(&layout.offsets)
                .map(|(i, o)| i + o),
        );
    }
}

/// Writes each tuple's entry in `w` (its table's offset plus its index) into
/// `entries` and returns the sum of those entries' weights, in tuple order.
/// Kept out of line so that the sum stays in a register: inlined into
/// [`TupleNet::sums_in`] it was kept on the stack, which took it twice as
/// long.
#[inline(never)]
fn entries_and_sum(w: &[f32], view: &[u32], offsets: &[u32], entries: &mut Vec<u32>) -> f32 {
    entries.resize(view.len(), 0);
    let mut sum = 0.0f32;
    for ((e, &i), &o) in entries.iter_mut().zip(view).zip(offsets) {
        *e = i + o;
        sum += w[*e as usize];
    }
    sum
}

/// The sum of the weights of `entries` in `w`, in their order.
#[inline(never)]
fn sum_at(w: &[f32], entries: &[u32]) -> f32 {
    let mut sum = 0.0f32;
    for &e in entries {
        sum += w[e as usize];
    }
    sum
}

/// Reused buffers of [`TupleNet::move_sums`].
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    abs: Vec<u32>,
    tmp: Vec<u32>,
    touched: Vec<u16>,
}

/// Reused buffers of [`TupleNet::reply_values`].
#[derive(Clone, Debug, Default)]
pub struct Lookahead {
    own: Vec<(u8, f32)>,
    inner: Scratch,
    after: Indices,
    sums: Vec<(u8, f32)>,
}

/// A network with its layout: values of Othello afterstates.
#[derive(Clone, Debug)]
pub struct TupleNet {
    layout: Layout,
    net: NTuple,
    blend: bool,
}

impl TupleNet {
    /// A network of zeros.
    pub fn new(set: PatternSet, phases: usize) -> TupleNet {
        let layout = Layout::new(set);
        let net = NTuple::new(layout.per_phase(), phases);
        TupleNet {
            layout,
            net,
            blend: false,
        }
    }

    /// A network of these weights.
    pub fn from_weights(
        set: PatternSet,
        phases: usize,
        weights: Vec<f32>,
    ) -> Result<TupleNet, String> {
        let layout = Layout::new(set);
        let net = NTuple::from_weights(layout.per_phase(), phases, weights)?;
        Ok(TupleNet {
            layout,
            net,
            blend: false,
        })
    }

    /// The same network with its phases blended (or not).
    pub fn blended(mut self, blend: bool) -> TupleNet {
        self.blend = blend;
        self
    }

    /// Whether neighbouring phases are blended.
    pub fn blends(&self) -> bool {
        self.blend
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn net(&self) -> &NTuple {
        &self.net
    }

    pub fn net_mut(&mut self) -> &mut NTuple {
        &mut self.net
    }

    /// The phase of a position with `empties` empty squares: the 60 moves
    /// of a game cut into equal parts; blended, copy k at k·60/(P − 1)
    /// discs placed and a blend of the two nearest copies between.
    pub fn phase(&self, empties: u32) -> Phase {
        let placed = 60u32.saturating_sub(empties) as usize;
        let phases = self.net.phases();
        if !self.blend || phases == 1 {
            return Phase::at((placed * phases / 61).min(phases - 1));
        }
        let steps = placed * (phases - 1);
        let lo = (steps / 60).min(phases - 2);
        let t = (steps - lo * 60) as f32 / 60.0;
        Phase::blend(lo, t)
    }

    /// The value of `board` for `side` (indices `ix` of `board`).
    pub fn value(&self, board: &Board, ix: &Indices, side: Side, active: &mut Vec<u32>) -> f32 {
        ix.active(&self.layout, side, active);
        self.net.value(self.phase(board.empties()), active)
    }

    /// The sum (before tanh) of the afterstate of each legal placement of
    /// the side to move, for that side, in square order, into `out`.
    pub fn move_sums(
        &self,
        board: &Board,
        ix: &Indices,
        s: &mut Scratch,
        out: &mut Vec<(u8, f32)>,
    ) {
        let phase = self.phase(board.empties().saturating_sub(1));
        if phase.t > 0.0 {
            // Sums are linear in the weights: a blend of the two copies',
            // both read in one pass over the moves.
            let (w, w2) = (self.net.phase(phase.lo), self.net.phase(phase.lo + 1));
            self.sums_in::<true>(w, w2, phase.t, board, ix, s, out);
        } else {
            self.sums_in::<false>(self.net.phase(phase.lo), &[], 0.0, board, ix, s, out);
        }
    }

    /// [`TupleNet::move_sums`] in one copy of the tables, `w`, or (`BOTH`)
    /// blended with a second copy `w2` at the share `t`: (1 − t) times the
    /// sum in `w` plus t times the sum in `w2`.
    #[allow(clippy::too_many_arguments)]
    fn sums_in<const BOTH: bool>(
        &self,
        w: &[f32],
        w2: &[f32],
        t: f32,
        board: &Board,
        ix: &Indices,
        s: &mut Scratch,
        out: &mut Vec<(u8, f32)>,
    ) {
        out.clear();
        let side = board.side();
        let me = side.index();
        let view = &ix.view[me];
        let lay = &self.layout;
        // `abs` holds each tuple's entry in `w` (offset plus index) for the
        // position, `tmp` the same changed for one move at a time and put
        // back; `touched` lists the tuples a move changes (a square is
        // touched at most once a move, so `by_square` bounds their number).
        let Scratch {
            abs, tmp, touched, ..
        } = s;
        let base = entries_and_sum(w, view, &lay.offsets, abs);
        let base2 = if BOTH { sum_at(w2, abs) } else { 0.0 };
        tmp.clear();
        tmp.extend_from_slice(abs);
        touched.resize(lay.by_square.len(), 0);
        let (abs, tmp, touched) = (&abs[..], &mut tmp[..], &mut touched[..]);
        let mut moves = board.legal_mask();
        while moves != 0 {
            let q = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let flips = board.flips(q);
            let mut n = 0;
            // In the mover's view a placed disc adds 1·3ᵏ, a flip takes 1·3ᵏ.
            // A tuple touched by several squares is listed once for each.
            for &(t, p) in lay.on_square(q) {
                tmp[t as usize] += p;
                touched[n] = t;
                n += 1;
            }
            let mut f = flips;
            while f != 0 {
                let fq = f.trailing_zeros() as u8;
                f &= f - 1;
                for &(t, p) in lay.on_square(fq) {
                    tmp[t as usize] -= p;
                    touched[n] = t;
                    n += 1;
                }
            }
            // Every touched tuple's entry has changed (a sum of distinct
            // powers of three with signs is never 0), so a tuple whose entry
            // is the position's again has been counted: its later listings
            // add nothing. The tuples are counted in the order first touched.
            let (mut delta, mut delta2) = (0.0f32, 0.0f32);
            for &k in &touched[..n] {
                let k = k as usize;
                let (now, was) = (tmp[k], abs[k]);
                if now != was {
                    delta += w[now as usize] - w[was as usize];
                    if BOTH {
                        delta2 += w2[now as usize] - w2[was as usize];
                    }
                    tmp[k] = was;
                }
            }
            let sum = if BOTH {
                (1.0 - t) * (base + delta) + t * (base2 + delta2)
            } else {
                base + delta
            };
            out.push((q, sum));
        }
    }

    /// The value of each legal placement of the side to move, for that
    /// side, looking one reply further: minus the value of the opponent's
    /// best afterstate after it (from −1 to +1, in square order, into
    /// `out`). Where the opponent would have to pass, the placement's own
    /// afterstate value; where the game would end, `end` of the final disc
    /// difference for the mover (its result or margin, as learned).
    pub fn reply_values(
        &self,
        board: &Board,
        ix: &Indices,
        s: &mut Lookahead,
        end: impl Fn(i32) -> f32,
        out: &mut Vec<(u8, f32)>,
    ) {
        out.clear();
        let Lookahead {
            own,
            inner,
            after,
            sums,
        } = s;
        self.move_sums(board, ix, inner, own);
        for &(q, own_sum) in own.iter() {
            let flips = board.flips(q);
            let mut b = *board;
            b.place(q, flips);
            let value = if b.legal_mask() != 0 {
                after.copy_from(ix);
                after.play(&self.layout, board.side(), q, flips);
                self.move_sums(&b, after, inner, sums);
                let top = sums.iter().map(|m| m.1).fold(f32::NEG_INFINITY, f32::max);
                -tanh(top)
            } else if b.must_pass() {
                tanh(own_sum)
            } else {
                let margin = b.final_margin();
                end(match board.side() {
                    Side::First => margin,
                    Side::Second => -margin,
                })
            };
            out.push((q, value));
        }
    }

    /// The placement whose afterstate is worth most to the mover (the first
    /// in square order on ties), or [`PASS`] when there is none.
    pub fn best_move(
        &self,
        board: &Board,
        ix: &Indices,
        s: &mut Scratch,
        sums: &mut Vec<(u8, f32)>,
    ) -> u8 {
        self.move_sums(board, ix, s, sums);
        let mut best = (PASS, f32::NEG_INFINITY);
        for &(q, v) in sums.iter() {
            if v > best.1 {
                best = (q, v);
            }
        }
        best.0
    }
}

/// The greedy player of a network: the move to the afterstate it values
/// most.
#[derive(Clone, Debug)]
pub struct TuplePlayer {
    net: TupleNet,
    scratch: Scratch,
    sums: Vec<(u8, f32)>,
    name: String,
}

impl TuplePlayer {
    pub fn new(net: TupleNet) -> TuplePlayer {
        let blend = if net.blend { "b" } else { "" };
        let name = format!(
            "ntuple-{}-p{}{blend}",
            net.layout.set.name(),
            net.net.phases()
        );
        TuplePlayer {
            net,
            scratch: Scratch::default(),
            sums: Vec::new(),
            name,
        }
    }

    pub fn net(&self) -> &TupleNet {
        &self.net
    }
}

impl Player<Board> for TuplePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Board, _rng: &mut Rng) -> u8 {
        let ix = Indices::new(&self.net.layout, game);
        self.net
            .best_move(game, &ix, &mut self.scratch, &mut self.sums)
    }

    /// The value of each placement's afterstate for the mover, from −1 (a
    /// sure loss) to +1 (a sure win).
    fn analyze(&mut self, game: &Board, _budget: &mut Budget) -> Option<Analysis<u8>> {
        let ix = Indices::new(&self.net.layout, game);
        self.net
            .move_sums(game, &ix, &mut self.scratch, &mut self.sums);
        let top = self
            .sums
            .iter()
            .map(|m| m.1)
            .fold(f32::NEG_INFINITY, f32::max);
        let mut moves: Vec<MoveValue<u8>> = self
            .sums
            .iter()
            .map(|&(q, v)| MoveValue {
                mv: q,
                value: Some(f64::from(tanh(v))),
                label: None,
                best: v == top,
            })
            .collect();
        if moves.is_empty() && !game.is_over() {
            moves.push(MoveValue {
                mv: PASS,
                value: None,
                label: None,
                best: true,
            });
        }
        Some(Analysis {
            units: "value of the position after the move, for the mover".into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: None,
            moves,
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use crate::games::othello::symmetry::image;
    use rand::Rng as _;

    const ALL_SETS: [PatternSet; 4] = [
        PatternSet::Lines3,
        PatternSet::Classic,
        PatternSet::Logistello,
        PatternSet::Wide,
    ];

    fn random_net(set: PatternSet, phases: usize, seed: u64) -> TupleNet {
        let mut rng = rng_from_seed(seed);
        let n = Layout::new(set).per_phase() * phases;
        let w = (0..n).map(|_| rng.random_range(-1.0f32..1.0)).collect();
        TupleNet::from_weights(set, phases, w).unwrap()
    }

    #[test]
    fn the_symmetries_are_the_eight_of_the_square() {
        let mut images: Vec<Vec<u8>> = (0..8)
            .map(|s| (0..64).map(|q| symmetric(s, q)).collect())
            .collect();
        for img in &images {
            let mut sorted = img.clone();
            sorted.sort();
            assert_eq!(sorted, (0..64).collect::<Vec<u8>>(), "a permutation");
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn the_sets_have_their_documented_sizes() {
        let classic = Layout::new(PatternSet::Classic);
        assert_eq!(classic.tables().len(), 10);
        assert_eq!(classic.tuples(), 80);
        // 3^9 + 3^10 + 3·3^8 + 3^8 + 3^7 + 3^6 + 3^5 + 3^4.
        assert_eq!(classic.per_phase(), 108_216);
        let lines = Layout::new(PatternSet::Lines3);
        assert_eq!(lines.per_phase(), lines.tables().len() * 27);
        // Every straight line of three squares is one of the tuples.
        let mut all: Vec<Vec<u8>> = lines.cells().to_vec();
        for c in &mut all {
            c.sort();
        }
        all.sort();
        all.dedup();
        // 6·8 rows + 6·8 columns + 2·36 diagonals.
        assert_eq!(all.len(), 168);
        // Logistello's set: the classic shapes and the 2×5 corner block
        // (3^10 entries, 8 images); `wide` adds the corner triangle (3^10,
        // 8 images: it is its own mirror image along the diagonal, so two
        // images of each corner read the same squares).
        let logistello = Layout::new(PatternSet::Logistello);
        assert_eq!(logistello.per_phase(), classic.per_phase() + 59_049);
        assert_eq!(logistello.tuples(), classic.tuples() + 8);
        let wide = Layout::new(PatternSet::Wide);
        assert_eq!(wide.per_phase(), logistello.per_phase() + 59_049);
        assert_eq!(wide.tuples(), logistello.tuples() + 8);
        assert_eq!(wide.tables()[2], ("corner triangle".to_string(), 59_049));
    }

    #[test]
    fn a_position_and_its_eight_images_have_the_same_value() {
        for set in ALL_SETS {
            let net = random_net(set, 2, 5);
            let mut rng = rng_from_seed(9);
            let mut b = Board::start();
            let mut active = Vec::new();
            for _ in 0..40 {
                let mut moves = Vec::new();
                b.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                b.play(moves[rng.random_range(0..moves.len())]);
                for side in Side::BOTH {
                    let v = net.value(&b, &Indices::new(net.layout(), &b), side, &mut active);
                    for s in 1..8 {
                        let img = image(&b, s);
                        let w =
                            net.value(&img, &Indices::new(net.layout(), &img), side, &mut active);
                        assert!((v - w).abs() < 1e-5, "{set:?} symmetry {s}: {v} vs {w}");
                    }
                }
            }
        }
    }

    #[test]
    fn indices_kept_move_by_move_equal_indices_from_scratch() {
        for set in ALL_SETS {
            let layout = Layout::new(set);
            let mut rng = rng_from_seed(3);
            for _ in 0..20 {
                let mut b = Board::start();
                let mut ix = Indices::new(&layout, &b);
                while !b.is_over() {
                    let mask = b.legal_mask();
                    if mask == 0 {
                        b.pass();
                        continue;
                    }
                    let squares: Vec<u8> = (0..64).filter(|&q| mask >> q & 1 != 0).collect();
                    let q = squares[rng.random_range(0..squares.len())];
                    let flips = b.flips(q);
                    ix.play(&layout, b.side(), q, flips);
                    b.place(q, flips);
                    assert_eq!(ix, Indices::new(&layout, &b));
                }
            }
        }
    }

    #[test]
    fn move_sums_are_the_sums_of_the_afterstates() {
        let net = random_net(PatternSet::Classic, 3, 11);
        let mut rng = rng_from_seed(4);
        let (mut s, mut sums, mut active) = (Scratch::default(), Vec::new(), Vec::new());
        let mut b = Board::start();
        while !b.is_over() {
            let ix = Indices::new(net.layout(), &b);
            net.move_sums(&b, &ix, &mut s, &mut sums);
            assert_eq!(sums.len() as u32, b.legal_mask().count_ones());
            for &(q, sum) in &sums {
                let mut after = b;
                after.place(q, b.flips(q));
                let ia = Indices::new(net.layout(), &after);
                ia.active(net.layout(), b.side(), &mut active);
                let want = net.net().sum(net.phase(after.empties()), &active);
                assert!((sum - want).abs() < 1e-3, "{sum} vs {want}");
            }
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            b.play(moves[rng.random_range(0..moves.len())]);
        }
    }

    #[test]
    fn reply_values_look_at_the_opponents_best_reply() {
        let net = random_net(PatternSet::Classic, 3, 13).blended(true);
        let mut rng = rng_from_seed(6);
        let (mut look, mut values, mut active) = (Lookahead::default(), Vec::new(), Vec::new());
        let end = |m: i32| m as f32 / 64.0;
        let value_of = |b: &Board, side: Side, active: &mut Vec<u32>| {
            net.value(b, &Indices::new(net.layout(), b), side, active)
        };
        let (mut passes, mut ends) = (0, 0);
        for _ in 0..40 {
            let mut b = Board::start();
            while !b.is_over() {
                if b.must_pass() {
                    b.play(PASS);
                    continue;
                }
                let ix = Indices::new(net.layout(), &b);
                net.reply_values(&b, &ix, &mut look, end, &mut values);
                assert_eq!(values.len() as u32, b.legal_mask().count_ones());
                for &(q, v) in &values {
                    let mut after = b;
                    after.play(q);
                    let me = b.side();
                    let want = if after.is_over() {
                        ends += 1;
                        let m = after.final_margin();
                        end(if me == Side::First { m } else { -m })
                    } else if after.must_pass() {
                        passes += 1;
                        value_of(&after, me, &mut active)
                    } else {
                        let mut replies = Vec::new();
                        after.legal_moves(&mut replies);
                        -replies
                            .iter()
                            .map(|&r| {
                                let mut two = after;
                                two.play(r);
                                value_of(&two, me.other(), &mut active)
                            })
                            .fold(f32::NEG_INFINITY, f32::max)
                    };
                    assert!((v - want).abs() < 1e-4, "{v} vs {want}");
                }
                let mut moves = Vec::new();
                b.legal_moves(&mut moves);
                b.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(ends > 0 && passes > 0, "{ends} ends, {passes} passes");
    }

    #[test]
    fn phases_cut_the_game_into_equal_parts() {
        let net = TupleNet::new(PatternSet::Lines3, 4);
        assert_eq!(net.phase(60), Phase::at(0));
        assert_eq!(net.phase(0), Phase::at(3));
        let counts = (0..=60u32).fold([0; 4], |mut c, e| {
            c[net.phase(e).lo] += 1;
            c
        });
        assert!(counts.iter().all(|&c| (15..=16).contains(&c)), "{counts:?}");
        assert_eq!(TupleNet::new(PatternSet::Lines3, 1).phase(30), Phase::at(0));
    }

    #[test]
    fn blended_phases_glide_from_copy_to_copy() {
        let net = TupleNet::new(PatternSet::Lines3, 4).blended(true);
        // Copies at 0, 20, 40 and 60 discs placed.
        assert_eq!(net.phase(60), Phase::blend(0, 0.0));
        assert_eq!(net.phase(50), Phase::blend(0, 0.5));
        assert_eq!(net.phase(40), Phase::blend(1, 0.0));
        assert_eq!(net.phase(15), Phase::blend(2, 0.25));
        assert_eq!(net.phase(0), Phase::blend(2, 1.0));
        // Each step of one disc moves the blend by the same amount.
        let share = |e: u32| {
            let p = net.phase(e);
            p.lo as f32 + p.t
        };
        for e in 1..=60 {
            assert!((share(e - 1) - share(e) - 3.0 / 60.0).abs() < 1e-6, "{e}");
        }
        let one = TupleNet::new(PatternSet::Lines3, 1).blended(true);
        assert_eq!(one.phase(30), Phase::at(0));
    }

    #[test]
    fn blended_move_sums_are_the_sums_of_the_afterstates() {
        let net = random_net(PatternSet::Classic, 3, 12).blended(true);
        let mut rng = rng_from_seed(5);
        let (mut s, mut sums, mut active) = (Scratch::default(), Vec::new(), Vec::new());
        let mut b = Board::start();
        let mut blended = 0;
        while !b.is_over() {
            let ix = Indices::new(net.layout(), &b);
            net.move_sums(&b, &ix, &mut s, &mut sums);
            for &(q, sum) in &sums {
                let mut after = b;
                after.place(q, b.flips(q));
                let ia = Indices::new(net.layout(), &after);
                ia.active(net.layout(), b.side(), &mut active);
                let p = net.phase(after.empties());
                blended += usize::from(p.t > 0.0);
                if p.t > 0.0 {
                    // One pass over both copies gives, to the bit, the blend
                    // of each copy's own move sums.
                    let (mut lo, mut hi) = (Vec::new(), Vec::new());
                    let (w, w2) = (net.net().phase(p.lo), net.net().phase(p.lo + 1));
                    net.sums_in::<false>(w, &[], 0.0, &b, &ix, &mut Scratch::default(), &mut lo);
                    net.sums_in::<false>(w2, &[], 0.0, &b, &ix, &mut Scratch::default(), &mut hi);
                    let (_, l) = lo.iter().find(|m| m.0 == q).copied().unwrap();
                    let (_, h) = hi.iter().find(|m| m.0 == q).copied().unwrap();
                    assert_eq!(sum.to_bits(), ((1.0 - p.t) * l + p.t * h).to_bits());
                }
                let want = net.net().sum(p, &active);
                assert!((sum - want).abs() < 1e-3, "{sum} vs {want}");
                // The blend lies between the two copies' own sums.
                let (a, c) = (
                    net.net().sum(Phase::at(p.lo), &active),
                    net.net().sum(Phase::at((p.lo + 1).min(2)), &active),
                );
                assert!(want >= a.min(c) - 1e-3 && want <= a.max(c) + 1e-3);
            }
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            b.play(moves[rng.random_range(0..moves.len())]);
        }
        assert!(blended > 20, "{blended}");
    }
}
