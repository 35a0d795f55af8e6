//! Threat-space search: proving that the side to move wins by threats
//! alone, as the Connect6 program NCTU6 of I-Chen Wu et al. does.
//!
//! The side to move is the *attacker*, the other the *defender*; threats
//! are those of [`super::threats`]. Two searches, both under a limit of
//! attacker turns and a [`Budget`]:
//!
//! * [`Kind::Double`], victory by continuous double threats (VCDT): every
//!   attacker turn makes at least two threats, so the defender must spend
//!   both stones blocking, until a turn makes three or more (the defender
//!   cannot block them) or the attacker has a threat at its own turn (it
//!   fills the window). The defender's replies are every pair of points that
//!   meets all the attacker's threat windows: a point of the first window,
//!   and a point of the first window it misses (at most four pairs).
//! * [`Kind::Single`], victory by continuous single threats (VCST): every
//!   attacker turn makes at least one threat. Facing one threat the
//!   defender blocks with one stone and its second stone is free (and
//!   pairs that block only together are tried as pairs); facing two it
//!   blocks with both, as above.
//!
//! In both, the attacker answers the defender's threats: when the defender
//! has threats at the attacker's turn, the turn's stones must meet all its
//! threat windows (more threats than stones left: the line fails), and only
//! the other stone may attack. A turn that leaves the defender with a
//! threat is not tried. The defender's blocks may build threats of its
//! own; the attacker's next turn then answers them.
//!
//! # The defender's free stone: a relevance zone
//! Trying every point of the board for the free stone is too much. The
//! search first proves the win with the free stone *wasted*: put on a point
//! far from every stone (no stone within five rows and columns when there
//! is one, a corner or an edge first). The proof then has a *zone*: the
//! attacker's stones, the points of every threat window of the attacker at
//! each defender's turn, the window the attacker fills at the end, the
//! defender's blocks, and the empty points of the
//! defender's windows holding three or more of its stones and none of the
//! attacker's at each attacker's turn (where one more defender stone would
//! make a threat the attacker must answer). Every free stone on an empty
//! point of the zone is then tried, each with a search of its own (whose
//! zone joins the proof's); a free stone that refutes sends the search back
//! to the attacker's next candidate turn.
//!
//! A free stone outside the zone meets none of the proof's threat windows
//! and can make no threat window of the defender's at any of the proof's
//! attacker turns, so the proof's turns still make their threats, the
//! defender's replies still have to meet them, and the attacker still owes
//! no answer it did not give. The wasted stone itself is absent then: that
//! can only give the attacker more windows and the defender fewer.
//!
//! Both searches build the zone (a VCDT proof too, the defender's windows
//! included), and a proof returns it ([`Proof::Win`]). For a VCDT proof, a
//! defender's stone off it, before the attacker's first turn, leaves the
//! proof standing (the defender has no free stone there), so the engine's
//! defence skips turns with no stone on it. Not for a VCST proof: a
//! defender's stone off its zone and a later free stone, tried only on the
//! zone of a proof made without that stone, could together make a threat
//! the proof never saw.
//!
//! # Limits
//! * The attacker's stones are the empty points of six-point windows that
//!   hold enough of its stones to become threats this turn (two or more
//!   before a two-stone turn, three or more before a one-stone one) and
//!   none of the defender's, and the points of the defender's threat
//!   windows. Every threat a turn can make lies there, so within the depth
//!   [`Proof::NoWin`] is exact for these rules of search — not for the
//!   game: a win that needs a quiet attacker stone is not looked for.
//! * Turns are ordered by the stones' pattern score
//!   ([`super::players::pattern_gain`]), not by a count of the threats
//!   each makes.
//! * The wasted free stone is a real stone far away; when the board has no
//!   point five rows and columns clear of stones, the clearest point is
//!   used, and its proof still holds (it is a legal reply).
//! * No transposition table: positions reached twice are searched twice.

use std::cmp::Reverse;

use super::players::pattern_gain;
use super::rules::{
    format_point, line_span, lines_in, placer, point_at, Board, Point, DIRECTIONS, POINTS, ROW,
    SIZE,
};
use super::threats::{count_windows, threat_windows, Window};
use crate::game::{Game, MoveError, Side};
use crate::search::budget::Budget;

/// Which threats every attacker turn must make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Two or more a turn (VCDT): the defender has no free stone.
    Double,
    /// One or more a turn (VCST): facing one, the defender has a free stone.
    Single,
}

/// What a threat-space search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The side to move wins. `line` is the principal line: the stones of
    /// the attacker's first turn, the defender's first reply, and so on, to
    /// the attacker's six (after a turn of three or more threats the
    /// defender's greedy blocks and the window left). `turns` is the most
    /// attacker turns the proof needs against any reply, the turn that
    /// makes six not counted (0: a six is made now). `zone` is the proof's
    /// relevance zone (see the module): defender stones on points outside
    /// it change none of the proof's turns.
    Win {
        line: Vec<Point>,
        turns: u32,
        zone: Zone,
    },
    /// Searched fully within the depth: no such win.
    NoWin,
    /// The budget stopped the search first.
    Unknown,
}

/// A set of points, a bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zone([u64; POINTS.div_ceil(64)]);

impl Zone {
    /// Adds a point.
    pub fn insert(&mut self, p: Point) {
        self.0[p as usize / 64] |= 1 << (p % 64);
    }

    /// Whether the point is in the zone.
    pub fn contains(&self, p: Point) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }

    /// Adds the points of another zone.
    pub fn union(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    /// The points, in increasing order, into `out` (cleared first).
    pub fn points(&self, out: &mut Vec<Point>) {
        out.clear();
        for (i, &word) in self.0.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                out.push((i * 64) as Point + m.trailing_zeros() as Point);
                m &= m - 1;
            }
        }
    }
}

/// Adds to `zone` the empty points of every six-point window that holds at
/// least `min` stones of `side` and none of the other side's.
pub fn mark_windows(b: &Board, side: Side, min: u32, zone: &mut Zone) {
    let full: u32 = (1 << ROW) - 1;
    for dir in 0..DIRECTIONS {
        for line in 0..lines_in(dir) {
            let own = b.line(side, dir, line);
            let (lo, hi) = line_span(dir, line);
            if own.count_ones() < min || hi + 1 < lo + ROW {
                continue;
            }
            let opp = b.line(side.other(), dir, line);
            for start in lo..=hi + 1 - ROW {
                let w = full << start;
                if opp & w != 0 || (own & w).count_ones() < min {
                    continue;
                }
                let mut empty = w & !own;
                while empty != 0 {
                    zone.insert(point_at(dir, line, empty.trailing_zeros()));
                    empty &= empty - 1;
                }
            }
        }
    }
}

fn hits(w: &Window, p: Point) -> bool {
    w[0] == p || w[1] == p
}

fn blocks_all(windows: &[Window], stones: &[Point]) -> bool {
    windows.iter().all(|w| stones.iter().any(|&p| hits(w, p)))
}

/// The result of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    /// Won, in at most this many attacker turns.
    Win(u32),
    No,
    Unknown,
}

/// One search: the board it plays on, the attacker, the buffers it reuses.
struct Search<'s, 'a> {
    b: Board,
    kind: Kind,
    me: Side,
    budget: &'s mut Budget<'a>,
    stopped: bool,
    /// Whether the defender's free stones in the zone are tried (always,
    /// but in a test that shows what they change).
    free_stones: bool,
    points: Vec<Vec<Point>>,
    windows: Vec<Vec<Window>>,
}

impl<'s, 'a> Search<'s, 'a> {
    fn new(b: &Board, kind: Kind, budget: &'s mut Budget<'a>) -> Self {
        Search {
            b: b.clone(),
            kind,
            me: b.to_move(),
            budget,
            stopped: false,
            free_stones: true,
            points: Vec::new(),
            windows: Vec::new(),
        }
    }

    /// Counts a node; whether the search may go on. A node limit is
    /// enforced here exactly (the budget looks at it only now and then).
    fn spend(&mut self) -> bool {
        if !self.stopped {
            let go = self.budget.spend(1);
            let cap = self.budget.limits().nodes;
            self.stopped = !go || cap.is_some_and(|n| self.budget.nodes() >= n);
        }
        !self.stopped
    }

    fn take_points(&mut self) -> Vec<Point> {
        self.points.pop().unwrap_or_default()
    }

    fn give_points(&mut self, mut v: Vec<Point>) {
        v.clear();
        self.points.push(v);
    }

    fn take_windows(&mut self, side: Side) -> Vec<Window> {
        let mut v = self.windows.pop().unwrap_or_default();
        threat_windows(&self.b, side, &mut v);
        v
    }

    fn give_windows(&mut self, v: Vec<Window>) {
        self.windows.push(v);
    }

    /// The attacker to move (`stones_left` stones): a proof within `depth`
    /// turns; on a win its zone joins `zone` and its line is in `line`.
    fn attack(&mut self, depth: u32, zone: &mut Zone, line: &mut Vec<Point>) -> Res {
        if !self.spend() {
            return Res::Unknown;
        }
        let k = self.b.stones_left();
        let mine = self.take_windows(self.me);
        let now = mine.iter().find(|w| k == 2 || w[0] == w[1]).copied();
        self.give_windows(mine);
        if let Some(w) = now {
            line.clear();
            line.push(w[0]);
            zone.insert(w[0]);
            if w[1] != w[0] {
                line.push(w[1]);
                zone.insert(w[1]);
            }
            return Res::Win(0);
        }
        let theirs = self.take_windows(self.me.other());
        let r = if depth == 0 || u32::from(count_windows(&theirs).count) > k {
            Res::No
        } else {
            self.turns(depth, k, &theirs, zone, line)
        };
        self.give_windows(theirs);
        if matches!(r, Res::Win(_)) {
            mark_windows(&self.b, self.me.other(), ROW - 3, zone);
        }
        r
    }

    /// The attacker's candidate stones, best first: the empty points of its
    /// windows that can hold a threat after `k` more stones, and the
    /// points of the defender's threat windows.
    fn candidates(&mut self, k: u32, theirs: &[Window], out: &mut Vec<Point>) {
        let mut z = Zone::default();
        mark_windows(&self.b, self.me, ROW - 2 - k, &mut z);
        theirs.iter().flatten().for_each(|&p| z.insert(p));
        z.points(out);
        let (b, me) = (&self.b, self.me);
        out.sort_by_cached_key(|&p| (Reverse(pattern_gain(b, me, p)), p));
    }

    /// Every turn of `k` stones meeting the defender's windows `theirs`.
    fn turns(
        &mut self,
        depth: u32,
        k: u32,
        theirs: &[Window],
        zone: &mut Zone,
        line: &mut Vec<Point>,
    ) -> Res {
        let mut cands = self.take_points();
        self.candidates(k, theirs, &mut cands);
        let mut r = Res::No;
        'all: for i in 0..cands.len() {
            if k == 1 {
                r = self.try_turn(depth, theirs, &[cands[i]], zone, line);
                if r != Res::No {
                    break;
                }
                continue;
            }
            for j in i + 1..cands.len() {
                r = self.try_turn(depth, theirs, &[cands[i], cands[j]], zone, line);
                if r != Res::No {
                    break 'all;
                }
            }
        }
        self.give_points(cands);
        r
    }

    /// Plays one attacker turn if it meets the defender's windows, and
    /// searches on.
    fn try_turn(
        &mut self,
        depth: u32,
        theirs: &[Window],
        stones: &[Point],
        zone: &mut Zone,
        line: &mut Vec<Point>,
    ) -> Res {
        if !blocks_all(theirs, stones) {
            return Res::No;
        }
        stones.iter().for_each(|&p| self.b.place(p));
        let r = self.after_turn(depth, stones, zone, line);
        stones.iter().rev().for_each(|&p| self.b.undo(p));
        r
    }

    /// After the attacker's turn `stones`: enough threats, none left to the
    /// defender, and every defender reply lost.
    fn after_turn(
        &mut self,
        depth: u32,
        stones: &[Point],
        zone: &mut Zone,
        line: &mut Vec<Point>,
    ) -> Res {
        let theirs = self.take_windows(self.me.other());
        let safe = theirs.is_empty();
        self.give_windows(theirs);
        let mine = self.take_windows(self.me);
        let count = count_windows(&mine).count;
        let need = if self.kind == Kind::Double { 2 } else { 1 };
        if !safe || count < need {
            self.give_windows(mine);
            return Res::No;
        }
        let mut z = Zone::default();
        stones.iter().for_each(|&p| z.insert(p));
        mine.iter().flatten().for_each(|&p| z.insert(p));
        let mut rest = self.take_points();
        let r = if count >= 3 {
            self.finish_line(&mut rest);
            Res::Win(1)
        } else {
            match self.defend(depth, &mine, &mut z, &mut rest) {
                Res::Win(n) => Res::Win(n + 1),
                other => other,
            }
        };
        if let Res::Win(_) = r {
            zone.union(&z);
            line.clear();
            line.extend_from_slice(stones);
            line.extend_from_slice(&rest);
        }
        self.give_points(rest);
        self.give_windows(mine);
        r
    }

    /// The end of a line after a turn of three or more threats: two of the
    /// defender's blocks, then a window the attacker fills.
    fn finish_line(&mut self, line: &mut Vec<Point>) {
        line.clear();
        let mine = self.take_windows(self.me);
        let blocks = count_windows(&mine).blocks;
        self.give_windows(mine);
        line.extend(blocks.iter().take(2));
        line.iter().for_each(|&p| self.b.place(p));
        let mine = self.take_windows(self.me);
        if let Some(w) = mine.first() {
            line.push(w[0]);
            if w[1] != w[0] {
                line.push(w[1]);
            }
        }
        self.give_windows(mine);
        line.iter().take(2).rev().for_each(|&p| self.b.undo(p));
    }

    /// The defender to move, facing the windows `mine` (one or two
    /// threats): every reply must lose.
    fn defend(
        &mut self,
        depth: u32,
        mine: &[Window],
        zone: &mut Zone,
        line: &mut Vec<Point>,
    ) -> Res {
        if !self.spend() {
            return Res::Unknown;
        }
        let Some(first) = mine.first().copied() else {
            return Res::No;
        };
        let mut most = 0;
        let mut first_reply = true;
        let mut singles = [None; 2];
        for (i, x) in first.into_iter().enumerate() {
            if blocks_all(mine, &[x]) {
                if i == 0 || first[0] != x {
                    singles[i] = Some(x);
                }
                continue;
            }
            let Some(second) = mine.iter().find(|w| !hits(w, x)).copied() else {
                continue;
            };
            for y in second {
                if y == x || !blocks_all(mine, &[x, y]) {
                    continue;
                }
                let r = self.reply_pair(depth, [x, y], zone, line, first_reply);
                match r {
                    Res::Win(n) => most = most.max(n),
                    other => return other,
                }
                first_reply = false;
            }
        }
        for x in singles.into_iter().flatten() {
            match self.reply_free(depth, x, zone, line, first_reply) {
                Res::Win(n) => most = most.max(n),
                other => return other,
            }
            first_reply = false;
        }
        Res::Win(most)
    }

    /// The defender blocks with both stones.
    fn reply_pair(
        &mut self,
        depth: u32,
        pair: [Point; 2],
        zone: &mut Zone,
        line: &mut Vec<Point>,
        principal: bool,
    ) -> Res {
        pair.iter().for_each(|&p| self.b.place(p));
        let mut rest = self.take_points();
        let r = self.attack(depth - 1, zone, &mut rest);
        pair.iter().rev().for_each(|&p| self.b.undo(p));
        if principal && matches!(r, Res::Win(_)) {
            line.clear();
            line.extend_from_slice(&pair);
            line.extend_from_slice(&rest);
        }
        self.give_points(rest);
        r
    }

    /// The defender blocks with `x` alone; its other stone is free: wasted
    /// first, then every point of that proof's zone.
    fn reply_free(
        &mut self,
        depth: u32,
        x: Point,
        zone: &mut Zone,
        line: &mut Vec<Point>,
        principal: bool,
    ) -> Res {
        self.b.place(x);
        let w = far_point(&self.b);
        let mut z = Zone::default();
        let r = self.reply_pair_placed(depth, x, w, &mut z, line, principal);
        let r = match r {
            Res::Win(n) if self.free_stones => self.free_in_zone(depth, w, n, &mut z),
            other => other,
        };
        self.b.undo(x);
        if let Res::Win(_) = r {
            zone.union(&z);
            zone.insert(x);
        }
        r
    }

    /// With `x` on the board, the free stone on `w`, then the attacker.
    fn reply_pair_placed(
        &mut self,
        depth: u32,
        x: Point,
        w: Point,
        zone: &mut Zone,
        line: &mut Vec<Point>,
        principal: bool,
    ) -> Res {
        self.b.place(w);
        let mut rest = self.take_points();
        let r = self.attack(depth - 1, zone, &mut rest);
        self.b.undo(w);
        if principal && matches!(r, Res::Win(_)) {
            line.clear();
            line.extend_from_slice(&[x, w]);
            line.extend_from_slice(&rest);
        }
        self.give_points(rest);
        r
    }

    /// Every free stone on an empty point of the zone `z` (but the wasted
    /// `w`, proved already): all must lose. Their zones join `z`.
    fn free_in_zone(&mut self, depth: u32, w: Point, most: u32, z: &mut Zone) -> Res {
        let mut pts = self.take_points();
        z.points(&mut pts);
        let mut scratch = self.take_points();
        let mut most = most;
        let mut r = Res::Win(most);
        for &f in &pts {
            if f == w || self.b.cell(f) != 0 {
                continue;
            }
            self.b.place(f);
            let mut zf = Zone::default();
            r = self.attack(depth - 1, &mut zf, &mut scratch);
            self.b.undo(f);
            match r {
                Res::Win(n) => most = most.max(n),
                _ => break,
            }
            z.union(&zf);
            r = Res::Win(most);
        }
        self.give_points(scratch);
        self.give_points(pts);
        r
    }
}

/// Where the defender's wasted free stone goes: an empty point with no
/// stone within five rows and columns (corners and edges first), else the
/// clearest empty point.
fn far_point(b: &Board) -> Point {
    let last = SIZE - 1;
    let mid = SIZE / 2;
    let preferred = [
        (0, 0),
        (0, last),
        (last, 0),
        (last, last),
        (0, mid),
        (mid, 0),
        (mid, last),
        (last, mid),
    ];
    let order = || {
        preferred
            .iter()
            .map(|&(r, c)| (r * SIZE + c) as Point)
            .chain(0..POINTS as Point)
            .filter(|&p| b.cell(p) == 0)
    };
    for radius in (0..ROW as usize).rev() {
        if let Some(p) = order().find(|&p| clear(b, p, radius)) {
            return p;
        }
    }
    order().next().unwrap_or(0)
}

/// Whether no stone stands within `radius` rows and columns of `p`.
fn clear(b: &Board, p: Point, radius: usize) -> bool {
    let (r, c) = (p as usize / SIZE, p as usize % SIZE);
    let rows = r.saturating_sub(radius)..=(r + radius).min(SIZE - 1);
    rows.into_iter().all(|rr| {
        let cols = c.saturating_sub(radius)..=(c + radius).min(SIZE - 1);
        cols.into_iter()
            .all(|cc| b.cell((rr * SIZE + cc) as Point) == 0)
    })
}

/// Proves a win of the side to move by threats of `kind` within `depth`
/// attacker turns, deepening one turn at a time (so the first proof found
/// is one of the fewest turns). Works at the first or the second stone of
/// a turn. A finished game has no win to prove: [`Proof::NoWin`].
pub fn prove(b: &Board, kind: Kind, depth: u32, budget: &mut Budget) -> Proof {
    prove_with(b, kind, depth, budget, true)
}

/// [`prove`], with or without trying the defender's free stones.
fn prove_with(b: &Board, kind: Kind, depth: u32, budget: &mut Budget, free: bool) -> Proof {
    if b.outcome().is_some() {
        return Proof::NoWin;
    }
    let mut s = Search::new(b, kind, budget);
    s.free_stones = free;
    s.budget.set_note(match kind {
        Kind::Double => "threat-space search: continuous double threats",
        Kind::Single => "threat-space search: continuous threats",
    });
    let mut line = Vec::new();
    for d in depth.min(1)..=depth {
        let mut zone = Zone::default();
        let r = s.attack(d, &mut zone, &mut line);
        let best = line.first().map(|&p| format_point(p));
        s.budget.set_status(Some(d), best, None);
        s.budget.report_now();
        match r {
            Res::Win(turns) => return Proof::Win { line, turns, zone },
            Res::Unknown => return Proof::Unknown,
            Res::No => {}
        }
    }
    Proof::NoWin
}

/// [`prove`] with continuous double threats (VCDT).
pub fn vcdt(b: &Board, depth: u32, budget: &mut Budget) -> Proof {
    prove(b, Kind::Double, depth, budget)
}

/// [`prove`] with continuous threats, one or more a turn (VCST).
pub fn vcst(b: &Board, depth: u32, budget: &mut Budget) -> Proof {
    prove(b, Kind::Single, depth, budget)
}

/// Whether the side to move loses by playing `turn` (the rest of its turn:
/// as many stones as [`Board::stones_left`]): the opponent's win by
/// threats of `kind` after it, within `depth` turns. A turn that wins at
/// once is [`Proof::NoWin`]. Refused: a finished game, a wrong number of
/// stones, a point taken or off the board.
pub fn refute(
    b: &Board,
    turn: &[Point],
    kind: Kind,
    depth: u32,
    budget: &mut Budget,
) -> Result<Proof, MoveError> {
    let left = b.stones_left() as usize;
    if turn.len() != left {
        return Err(MoveError(format!(
            "the side to move places {left} stone(s) now, not {}",
            turn.len()
        )));
    }
    threatened(b, turn, kind, depth, budget)
}

/// The opponent's win by threats of `kind` within `depth` of its turns,
/// were the side to move to play the stones `placed` and waste the rest of
/// its turn (its other stones on points far from every stone, as the
/// defender's wasted free stone). A stone of the side to move can only
/// take points from the opponent's windows and make threats the opponent
/// must answer, so with `placed` empty [`Proof::NoWin`] means, as a rule,
/// that no turn of the side to move loses by such a win: only on a
/// [`Proof::Win`] are its turns worth [`refute`]-ing one by one. Stones
/// that win at once: [`Proof::NoWin`]. Refused: a finished game, more
/// stones than the turn has left, a point taken or off the board.
pub fn threatened(
    b: &Board,
    placed: &[Point],
    kind: Kind,
    depth: u32,
    budget: &mut Budget,
) -> Result<Proof, MoveError> {
    if b.outcome().is_some() {
        return Err(MoveError("the game is over".into()));
    }
    let left = b.stones_left() as usize;
    if placed.len() > left {
        return Err(MoveError(format!(
            "the side to move places {left} stone(s) now, not {}",
            placed.len()
        )));
    }
    let mut after = b.clone();
    for &p in placed {
        if after.outcome().is_some() {
            return Ok(Proof::NoWin);
        }
        after.try_play(p)?;
    }
    for _ in placed.len()..left {
        if after.outcome().is_some() {
            return Ok(Proof::NoWin);
        }
        after.place(far_point(&after));
    }
    Ok(prove(&after, kind, depth, budget))
}

/// A fixed set of positions, Black to move, with and without threat-space
/// wins: for a benchmark of searches per second.
pub fn bench_positions() -> Vec<Board> {
    vec![
        // Two open threes: a win in one turn.
        position(&["E2", "F2", "G2", "E5", "F5", "G5"], &[], 2),
        // One three and a two: no double-threat win.
        position(&["E2", "F2", "G2", "E5", "F5"], &[], 2),
        // Two open fours, one stone left, White's four to block first.
        position(
            &["E2", "F2", "G2", "H2", "E5", "F5", "G5", "H5"],
            &["A7", "B7", "C7", "D7"],
            1,
        ),
        // White's open four takes Black's whole turn.
        position(
            &["E2", "F2", "G2", "E5", "F5", "G5"],
            &["K7", "L7", "M7", "N7"],
            2,
        ),
        // Double threats in three turns.
        position(&["K6", "Q4", "H3", "E7", "J5", "E5"], &["C6", "M3"], 2),
        // Single threats in two turns, double threats in three.
        position(
            &["L5", "D7", "G1", "O1", "J7", "K5", "J6"],
            &["C7", "F7", "K6", "J3"],
            2,
        ),
        // A wasted free stone loses, a free stone in the zone holds.
        position(&["H1", "J1", "O6", "G1", "D1"], &["C3", "L1", "G3"], 2),
        // A quiet opening: nothing to prove.
        position(&["J4", "K5", "H3"], &["J5", "L3"], 2),
    ]
}

/// The turns of `turns` (each the rest of the side to move's turn) that
/// [`refute`] proves losing to threats of `kind`, by their index; stops
/// early, with those found so far, when the budget runs out.
pub fn losing_moves(
    b: &Board,
    turns: &[Vec<Point>],
    kind: Kind,
    depth: u32,
    budget: &mut Budget,
) -> Result<Vec<usize>, MoveError> {
    let mut losing = Vec::new();
    for (i, turn) in turns.iter().enumerate() {
        match refute(b, turn, kind, depth, budget)? {
            Proof::Win { .. } => losing.push(i),
            Proof::Unknown => break,
            Proof::NoWin => {}
        }
    }
    Ok(losing)
}

/// The filler points of [`position`]: far from rows 1 to 7, and no two on
/// one six-point window.
const FILLERS: [&str; 11] = [
    "A19", "G19", "M19", "S19", "A13", "G13", "M13", "S13", "B16", "H16", "N16",
];

/// A board with Black's stones on `black` and White's on `white` (rows 1
/// to 7 keep clear of the fillers), Black to move with `left` stones of
/// its turn: stones on [`FILLERS`] make the counts fit the turn order.
/// Names that are not points are skipped.
pub fn position(black: &[&str], white: &[&str], left: u32) -> Board {
    let names = |list: &[&str]| -> Vec<Point> {
        list.iter()
            .filter_map(|s| super::rules::parse_point(s).ok())
            .collect()
    };
    let (black, white, fill) = (names(black), names(white), names(&FILLERS));
    let mut cells = [0u8; POINTS];
    black.iter().for_each(|&p| cells[p as usize] = 1);
    white.iter().for_each(|&p| cells[p as usize] = 2);
    let base = black.len() + white.len();
    for n in base..=base + fill.len() {
        let first = (0..n).filter(|&i| placer(i) == Side::First).count();
        let (Some(pad_b), Some(pad_w)) = (
            first.checked_sub(black.len()),
            (n - first).checked_sub(white.len()),
        ) else {
            continue;
        };
        let mut padded = cells;
        for (i, &p) in fill.iter().take(pad_b + pad_w).enumerate() {
            padded[p as usize] = if i < pad_b { 1 } else { 2 };
        }
        let b = Board::from_cells(&padded);
        if b.to_move() == Side::First && b.stones_left() == left {
            return b;
        }
    }
    Board::from_cells(&cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::Playable;

    use crate::game::Outcome;
    use crate::search::budget::Limits;

    fn p(s: &str) -> Point {
        super::super::rules::parse_point(s).unwrap()
    }

    fn pts(list: &[&str]) -> Vec<Point> {
        list.iter().map(|s| p(s)).collect()
    }

    fn black(list: &[&str], white: &[&str]) -> Board {
        let b = position(list, white, 2);
        assert_eq!((b.to_move(), b.stones_left()), (Side::First, 2));
        b
    }

    fn run(b: &Board, kind: Kind, depth: u32) -> Proof {
        prove(b, kind, depth, &mut Budget::unlimited())
    }

    /// Plays the principal line on a copy, every stone checked legal, and
    /// checks that it ends with the attacker's six; the proof's turns.
    fn played_out(b: &Board, proof: &Proof) -> u32 {
        let Proof::Win { line, turns, .. } = proof else {
            panic!("no win: {proof:?}");
        };
        let mut after = b.clone();
        for &q in line {
            after
                .try_play(q)
                .unwrap_or_else(|e| panic!("{}: {e:?}", format_point(q)));
        }
        assert_eq!(after.outcome(), Some(Outcome::Win(b.to_move())));
        *turns
    }

    /// Two open threes: one turn makes two open fours, three threats or
    /// more.
    fn two_threes() -> Board {
        black(&["E2", "F2", "G2", "E5", "F5", "G5"], &[])
    }

    #[test]
    fn a_turn_of_three_threats_is_a_win_in_one_turn() {
        let b = two_threes();
        let proof = run(&b, Kind::Double, 3);
        assert_eq!(played_out(&b, &proof), 1);
        let Proof::Win { line, .. } = &proof else {
            unreachable!()
        };
        let mut after = b.clone();
        line[..2].iter().for_each(|&q| after.place(q));
        assert_eq!(super::super::threats::threats(&after, Side::First), 3);
        // A six now is no turn at all.
        let mut four = b.clone();
        four.place(p("H2"));
        four.place(p("H5"));
        four.place(p("A10"));
        four.place(p("S10"));
        assert_eq!(played_out(&four, &run(&four, Kind::Double, 0)), 0);
    }

    #[test]
    fn a_three_and_a_two_hold_three_turns_not_four() {
        let b = black(&["E2", "F2", "G2", "E5", "F5"], &[]);
        assert_eq!(run(&b, Kind::Double, 3), Proof::NoWin);
        let proof = run(&b, Kind::Double, 4);
        assert_eq!(played_out(&b, &proof), 4);
        // Depth 0 sees only a six now.
        assert_eq!(run(&two_threes(), Kind::Double, 0), Proof::NoWin);
    }

    #[test]
    fn the_defenders_threat_is_blocked_first() {
        // White's four against the edge (A7..D7: one threat, on E7 or F7).
        // With one stone left, Black must block it; its two open fours
        // already make three threats or more.
        let b = position(
            &["E2", "F2", "G2", "H2", "E5", "F5", "G5", "H5"],
            &["A7", "B7", "C7", "D7"],
            1,
        );
        assert_eq!((b.to_move(), b.stones_left()), (Side::First, 1));
        let proof = run(&b, Kind::Double, 2);
        assert_eq!(played_out(&b, &proof), 1);
        let Proof::Win { line, .. } = &proof else {
            unreachable!()
        };
        assert!(pts(&["E7", "F7"]).contains(&line[0]), "{line:?}");
        // Two open threes and White's four: one stone blocks, one attacks,
        // so no win in one turn.
        let b = black(
            &["E2", "F2", "G2", "E5", "F5", "G5"],
            &["A7", "B7", "C7", "D7"],
        );
        match run(&b, Kind::Double, 3) {
            proof @ Proof::Win { .. } => {
                let Proof::Win { line, turns, .. } = &proof else {
                    unreachable!()
                };
                assert!(*turns >= 2);
                assert!(line[..2].contains(&p("E7")) || line[..2].contains(&p("F7")));
                played_out(&b, &proof);
            }
            other => assert_eq!(other, Proof::NoWin),
        }
        // An open four of White's (two threats) takes both stones: no
        // double threat is left to make.
        let b = black(
            &["E2", "F2", "G2", "E5", "F5", "G5"],
            &["K7", "L7", "M7", "N7"],
        );
        assert_eq!(run(&b, Kind::Double, 3), Proof::NoWin);
        assert_eq!(run(&b, Kind::Single, 2), Proof::NoWin);
    }

    #[test]
    fn a_budget_of_a_few_nodes_gives_unknown() {
        let b = black(&["E2", "F2", "G2", "E5", "F5"], &[]);
        let mut budget = Budget::new(Limits::nodes(5));
        assert_eq!(prove(&b, Kind::Single, 4, &mut budget), Proof::Unknown);
        assert!(budget.nodes() <= 5);
    }

    #[test]
    fn progress_is_reported() {
        let mut seen = Vec::new();
        let mut report = |pr: &crate::search::budget::Progress| seen.push(pr.clone());
        let mut budget = Budget::with_progress(Limits::NONE, &mut report);
        let proof = vcdt(&two_threes(), 2, &mut budget);
        drop(budget);
        assert!(matches!(proof, Proof::Win { .. }));
        let last = seen.last().expect("a report");
        assert_eq!(last.depth, Some(1));
        assert!(last.note.contains("double threats"), "{}", last.note);
        assert!(last.best.is_some());
    }

    #[test]
    fn a_turn_that_leaves_two_open_threes_loses() {
        // White to move against two open threes of Black's: a turn far
        // away lets Black make two open fours; a stone on each three does
        // not lose in one turn.
        let mut w = two_threes();
        w.place(p("A10"));
        w.place(p("S10"));
        assert_eq!((w.to_move(), w.stones_left()), (Side::Second, 2));
        let turns = vec![pts(&["Q17", "Q16"]), pts(&["H2", "H5"])];
        let mut budget = Budget::unlimited();
        assert_eq!(
            losing_moves(&w, &turns, Kind::Double, 1, &mut budget).unwrap(),
            vec![0]
        );
        let proof = refute(&w, &turns[0], Kind::Double, 1, &mut budget).unwrap();
        let mut after = w.clone();
        turns[0].iter().for_each(|&q| after.place(q));
        assert_eq!(played_out(&after, &proof), 1);
        // A wrong number of stones, a taken point: refused.
        for kind in [Kind::Double, Kind::Single] {
            assert!(refute(&w, &pts(&["Q17"]), kind, 1, &mut budget).is_err());
            assert!(refute(&w, &pts(&["E2", "Q17"]), kind, 1, &mut budget).is_err());
            assert!(threatened(&w, &pts(&["Q17", "Q16", "Q15"]), kind, 1, &mut budget).is_err());
            assert!(threatened(&w, &pts(&["E2"]), kind, 1, &mut budget).is_err());
        }
    }

    #[test]
    fn bench_positions_are_unfinished_games() {
        let set = bench_positions();
        assert!((5..=10).contains(&set.len()));
        assert!(set.iter().all(|b| b.outcome().is_none()));
        assert!(set.iter().all(|b| b.to_move() == Side::First));
        let wins = set
            .iter()
            .filter(|b| matches!(run(b, Kind::Double, 2), Proof::Win { .. }))
            .count();
        assert!(wins > 0 && wins < set.len());
    }

    /// Three turns of double threats, found by the search at depth 3 and
    /// not at 2.
    fn three_turns() -> Board {
        black(&["K6", "Q4", "H3", "E7", "J5", "E5"], &["C6", "M3"])
    }

    #[test]
    fn a_double_threat_win_in_three_turns_needs_the_depth() {
        let b = three_turns();
        assert_eq!(run(&b, Kind::Double, 2), Proof::NoWin);
        let proof = run(&b, Kind::Double, 4);
        assert_eq!(played_out(&b, &proof), 3);
        // The same search twice gives the same proof.
        assert_eq!(run(&b, Kind::Double, 4), proof);
    }

    /// Checks a double-threat proof against every defender reply, without
    /// the search's own reply list: after the proof's first turn, every
    /// pair of empty points of the attacker's threat windows either leaves
    /// a window open (the attacker fills it) or is answered by a proof one
    /// turn shorter, checked the same way. Returns the replies checked.
    fn check_tree(b: &Board, depth: u32) -> usize {
        let proof = run(b, Kind::Double, depth);
        let Proof::Win { line, turns, .. } = &proof else {
            panic!("no proof at depth {depth}: {}", b.position_text());
        };
        assert!(*turns <= depth);
        played_out(b, &proof);
        let mut after = b.clone();
        let k = b.stones_left() as usize;
        if *turns == 0 {
            return 0;
        }
        line[..k].iter().for_each(|&q| after.place(q));
        let me = b.to_move();
        assert_eq!(super::super::threats::threats(&after, me.other()), 0);
        let count = super::super::threats::threats(&after, me);
        assert!(count >= 2);
        if count >= 3 {
            return 0;
        }
        let mut windows = Vec::new();
        threat_windows(&after, me, &mut windows);
        let mut points: Vec<Point> = windows.iter().flatten().copied().collect();
        points.sort_unstable();
        points.dedup();
        let mut checked = 0;
        for (i, &x) in points.iter().enumerate() {
            for &y in &points[i + 1..] {
                let mut reply = after.clone();
                reply.place(x);
                reply.place(y);
                threat_windows(&reply, me, &mut windows);
                if windows.is_empty() {
                    checked += 1 + check_tree(&reply, depth - 1);
                }
            }
        }
        assert!(checked > 0);
        checked
    }

    #[test]
    fn every_defender_reply_in_a_double_threat_proof_loses() {
        assert!(check_tree(&three_turns(), 4) >= 4);
        let b = black(
            &["L5", "D7", "G1", "O1", "J7", "K5", "J6"],
            &["C7", "F7", "K6", "J3"],
        );
        assert!(check_tree(&b, 4) >= 2);
    }

    #[test]
    fn single_threats_win_sooner_than_double_threats_here() {
        // VCST wins in two turns where VCDT needs three.
        let b = black(
            &["L5", "D7", "G1", "O1", "J7", "K5", "J6"],
            &["C7", "F7", "K6", "J3"],
        );
        assert_eq!(run(&b, Kind::Double, 2), Proof::NoWin);
        let proof = run(&b, Kind::Single, 2);
        assert_eq!(played_out(&b, &proof), 2);
        assert_eq!(run(&b, Kind::Single, 2), proof, "deterministic");
        let Proof::Win { line, .. } = &proof else {
            unreachable!()
        };
        // Its first turn makes a single threat.
        let mut after = b.clone();
        line[..2].iter().for_each(|&q| after.place(q));
        assert_eq!(super::super::threats::threats(&after, Side::First), 1);
    }

    #[test]
    fn a_free_stone_in_the_zone_refutes_the_wasted_stone_proof() {
        let b = black(&["H1", "J1", "O6", "G1", "D1"], &["C3", "L1", "G3"]);
        // Blind to the free stone, the search proves a win...
        let blind = prove_with(&b, Kind::Single, 2, &mut Budget::unlimited(), false);
        assert_eq!(played_out(&b, &blind), 2);
        // ...that a free stone refutes: after the first turn, one of the
        // blocks with the wasted stone loses, with another free stone holds.
        let Proof::Win { line, .. } = &blind else {
            unreachable!()
        };
        let mut after = b.clone();
        line[..2].iter().for_each(|&q| after.place(q));
        let mut windows = Vec::new();
        threat_windows(&after, Side::First, &mut windows);
        assert_eq!(count_windows(&windows).count, 1);
        let with = |x: Point, f: Point| {
            let mut a = after.clone();
            a.place(x);
            a.place(f);
            run(&a, Kind::Single, 1)
        };
        let mut refuted = false;
        for x in windows[0] {
            if !blocks_all(&windows, &[x]) {
                continue;
            }
            let mut waste = after.clone();
            waste.place(x);
            let w = far_point(&waste);
            assert!(matches!(with(x, w), Proof::Win { .. }));
            refuted |= (0..POINTS as Point)
                .filter(|&f| f != x && after.cell(f) == 0)
                .any(|f| with(x, f) == Proof::NoWin);
        }
        assert!(refuted);
        // The search that tries the zone finds no such win.
        assert_eq!(run(&b, Kind::Single, 2), Proof::NoWin);
    }
}
