//! The study's 492 pattern features of a position, and its hand-set
//! "original program" weights.
//!
//! The features are counts of line patterns, for the side to move and for
//! its opponent, each as a plain count, by distance from the centre and on
//! the diagonals, in three phases of the game, plus six "which side has more
//! useful patterns" bonuses a phase. `docs/connect6.md` ("The learned
//! evaluation") defines every pattern with a drawing; in short, for one side
//! on one line (the opponent's stones and the board's edge end its room):
//!
//! * `t`, the line's threats: the fewest points that meet every window of
//!   six of the line holding four or five of the side's stones and none of
//!   the opponent's (2 stands for two or more);
//! * `m`, the most stones of the side in an opponent-free window;
//! * `g`, the most threats two more stones of the side on the line can
//!   make.
//!
//! Each line gives each side at most one pattern, the first that fits:
//! two threats (`t ≥ 2`), one threat plus a three (`t = 1` and an
//! opponent-free window with three stones outside every threat window), one
//! threat, live three (`m = 3, g = 2`), dead three with a live two apart
//! from it or near it (`m = 3, g = 1`, see [`classify`]), dead three, live
//! two (`m = 2, g = 2`), dead two with a live one apart or near, dead two,
//! live one (`m = 1` and a stone in two overlapping opponent-free windows).
//! The potential three and potential patterns are windows: every
//! opponent-free window with exactly two (one) of the side's stones.
//!
//! The position's value for Black is `V = σ(±φ·θ)` (`+` when Black is to
//! move): the features are the side to move's, so White's point of view
//! flips the sign ([`black_features`]).

use std::collections::HashMap;

use super::rules::{line_of, line_span, lines_in, point_at, Board, Point, DIRECTIONS, SIZE};
use crate::game::{Game, Side};

/// Line patterns, in the order of their weights.
pub const LINE_KINDS: [&str; 12] = [
    "two threats",
    "threat plus three",
    "one threat",
    "live three",
    "dead three, live two apart",
    "dead three, live two near",
    "dead three",
    "live two",
    "dead two, live one apart",
    "dead two, live one near",
    "dead two",
    "live one",
];
/// Window patterns (no diagonal variant).
pub const WINDOW_KINDS: [&str; 2] = ["potential three", "potential"];
/// The bonuses of a side, in order.
pub const BONUSES: [&str; 3] = ["strongly more", "more", "weakly more"];
/// The phases, by the stones on the board.
pub const PHASES: [&str; 3] = ["opening", "middle game", "endgame"];
/// The first stone count of the middle game and of the endgame.
pub const PHASE_STARTS: [usize; 2] = [16, 48];
/// The distance bins: Chebyshev distance from the centre (J10) up to these.
pub const BIN_LIMITS: [u32; 4] = [2, 4, 6, 9];

/// The variants of a line pattern: plain count, four distance bins, diagonal.
pub const LINE_SLOTS: usize = 6;
/// The variants of a window pattern: plain count and four distance bins.
pub const WINDOW_SLOTS: usize = 5;
/// Weights of one side's line patterns: the side to move has no "two
/// threats" (it wins; a line with two counts as one threat).
const OWN_LINE: usize = 11 * LINE_SLOTS;
const OPP_LINE: usize = 12 * LINE_SLOTS;
const WINDOWS: usize = 2 * WINDOW_SLOTS;
/// Pattern weights of a phase: (11 × 2 + 1) × 6 + 2 × 2 × 5.
pub const PATTERNS_PER_PHASE: usize = OWN_LINE + OPP_LINE + 2 * WINDOWS;
/// Weights of a phase, with its six bonuses.
pub const PER_PHASE: usize = PATTERNS_PER_PHASE + 6;
/// All features.
pub const FEATURES: usize = 3 * PER_PHASE;

/// The phase of a position with `stones` stones on the board.
pub fn phase(stones: usize) -> usize {
    PHASE_STARTS.iter().filter(|&&s| stones >= s).count()
}

/// The distance bin of a point (0 nearest the centre).
pub fn bin(p: Point) -> usize {
    let (r, c) = (p as usize / SIZE, p as usize % SIZE);
    let mid = SIZE / 2;
    let d = r.abs_diff(mid).max(c.abs_diff(mid)) as u32;
    BIN_LIMITS.iter().position(|&l| d <= l).unwrap_or(3)
}

/// Index, within a phase's block, of the plain count of line pattern
/// `kind` of `side` (0 the side to move, 1 the opponent); `None` for the
/// side to move's "two threats".
pub fn line_index(side: usize, kind: usize) -> Option<usize> {
    match side {
        0 => (kind > 0).then(|| (kind - 1) * LINE_SLOTS),
        _ => Some(OWN_LINE + kind * LINE_SLOTS),
    }
}

/// Index, within a phase's block, of the plain count of window pattern
/// `kind` (0 potential three, 1 potential) of `side`.
pub fn window_index(side: usize, kind: usize) -> usize {
    OWN_LINE + OPP_LINE + side * WINDOWS + kind * WINDOW_SLOTS
}

/// Index, within a phase's block, of bonus `kind` ([`BONUSES`]) of `side`.
pub fn bonus_index(side: usize, kind: usize) -> usize {
    PATTERNS_PER_PHASE + side * 3 + kind
}

/// A feature's name, e.g. `middle game: opponent live three, diagonal`.
pub fn feature_name(i: usize) -> String {
    let (ph, j) = (i / PER_PHASE, i % PER_PHASE);
    let who = |s: usize| ["own", "opponent"][s];
    let slot = |s: usize| match s {
        0 => String::new(),
        1..=4 => format!(", distance bin {}", s - 1),
        _ => ", diagonal".into(),
    };
    let what = if j < OWN_LINE {
        format!(
            "own {}{}",
            LINE_KINDS[j / LINE_SLOTS + 1],
            slot(j % LINE_SLOTS)
        )
    } else if j < OWN_LINE + OPP_LINE {
        let k = j - OWN_LINE;
        format!(
            "opponent {}{}",
            LINE_KINDS[k / LINE_SLOTS],
            slot(k % LINE_SLOTS)
        )
    } else if j < PATTERNS_PER_PHASE {
        let k = j - OWN_LINE - OPP_LINE;
        let (s, r) = (k / WINDOWS, k % WINDOWS);
        format!(
            "{} {}{}",
            who(s),
            WINDOW_KINDS[r / WINDOW_SLOTS],
            slot(r % WINDOW_SLOTS)
        )
    } else {
        let k = j - PATTERNS_PER_PHASE;
        format!("{} has {} useful patterns", who(k / 3), BONUSES[k % 3])
    };
    format!("{}: {what}", PHASES[ph])
}

/// What one line holds for one side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineClass {
    /// The line pattern ([`LINE_KINDS`]) and its stones (bits of the line,
    /// from its first point).
    pub pattern: Option<(u8, u32)>,
    /// Opponent-free windows with two stones (potential threes) and one
    /// (potentials): the window's stones.
    pub windows: Vec<(u8, u32)>,
}

/// The six-point windows of a line of `n` points.
fn windows(n: u32) -> impl Iterator<Item = u32> {
    (0..(n + 1).saturating_sub(6)).map(|s| 0b11_1111 << s)
}

/// The threats of `own` on a line of `n` points with the opponent's
/// `opp`: the fewest points meeting every opponent-free window holding four
/// or five of `own` (2 for two or more). Windows of equal length are met
/// fewest by taking, for the first window not yet met, its last empty point.
pub fn line_threats(own: u32, opp: u32, n: u32) -> u32 {
    let mut t = 0;
    let mut blocks = 0u32;
    for w in windows(n) {
        let k = (own & w).count_ones();
        if opp & w != 0 || !(4..6).contains(&k) || blocks & w != 0 {
            continue;
        }
        let empty = w & !own;
        blocks |= 1 << (31 - empty.leading_zeros());
        t += 1;
        if t == 2 {
            break;
        }
    }
    t
}

/// The most threats two more stones of `own` on the line make (0 to 2).
fn threats_after_two(own: u32, opp: u32, n: u32) -> u32 {
    let mut cand = 0u32;
    for w in windows(n) {
        if opp & w == 0 && (own & w).count_ones() >= 2 {
            cand |= w & !own;
        }
    }
    let mut best = 0;
    let mut a_set = cand;
    while a_set != 0 {
        let a = a_set & a_set.wrapping_neg();
        a_set &= a_set - 1;
        let mut b_set = a_set;
        while b_set != 0 {
            let b = b_set & b_set.wrapping_neg();
            b_set &= b_set - 1;
            best = best.max(line_threats(own | a | b, opp, n));
            if best == 2 {
                return 2;
            }
        }
    }
    best
}

/// Stones of `own` that lie in two consecutive opponent-free windows (a
/// live one's stone: seven free points around it).
fn live_ones(own: u32, opp: u32, n: u32) -> u32 {
    let mut out = 0;
    let mut prev: Option<u32> = None;
    for w in windows(n) {
        let free = opp & w == 0;
        let cur = free.then_some(w);
        if let (Some(p), Some(c)) = (prev, cur) {
            out |= own & p & c;
        }
        prev = cur;
    }
    out
}

/// The stones of `own` in opponent-free windows holding exactly `k` of
/// them, and those windows' points.
fn k_windows(own: u32, opp: u32, n: u32, k: u32) -> (u32, u32) {
    let (mut stones, mut points) = (0, 0);
    for w in windows(n) {
        if opp & w == 0 && (own & w).count_ones() == k {
            stones |= own & w;
            points |= w;
        }
    }
    (stones, points)
}

/// A dead pattern's companion of `k` stones, apart from it (its window
/// shares no point with the pattern's windows: `Some(true)`) or near it
/// (`Some(false)`): an opponent-free window with exactly `k` stones, none
/// of the pattern's stones `used`, that form a live pattern alone
/// (`live(stones)`). Apart is preferred.
fn companion(
    own: u32,
    opp: u32,
    n: u32,
    k: u32,
    used: u32,
    used_points: u32,
    live: impl Fn(u32) -> bool,
) -> Option<(bool, u32)> {
    let mut near = None;
    for w in windows(n) {
        let s = own & w;
        if opp & w != 0 || s.count_ones() != k || s & used != 0 || !live(s) {
            continue;
        }
        if w & used_points == 0 {
            return Some((true, s));
        }
        near.get_or_insert((false, s));
    }
    near
}

/// The pattern of `own` on a line of `n` points (bits from the line's
/// first point) with the opponent's `opp`, and its windows.
pub fn classify(own: u32, opp: u32, n: u32) -> LineClass {
    let mut out = LineClass::default();
    if own == 0 {
        return out;
    }
    for w in windows(n) {
        if opp & w != 0 {
            continue;
        }
        match (own & w).count_ones() {
            2 => out.windows.push((0, own & w)),
            1 => out.windows.push((1, own & w)),
            _ => {}
        }
    }
    let t = line_threats(own, opp, n);
    if t >= 1 {
        let mut in_threats = 0;
        for w in windows(n) {
            if opp & w == 0 && (own & w).count_ones() >= 4 {
                in_threats |= own & w;
            }
        }
        let three = windows(n).any(|w| opp & w == 0 && (own & !in_threats & w).count_ones() >= 3);
        let kind = if t >= 2 {
            0
        } else if three {
            1
        } else {
            2
        };
        out.pattern = Some((kind, in_threats));
        return out;
    }
    let m = windows(n)
        .filter(|&w| opp & w == 0)
        .map(|w| (own & w).count_ones())
        .max()
        .unwrap_or(0);
    out.pattern = match m {
        3 | 2 => {
            let (stones, points) = k_windows(own, opp, n, m);
            // Live: the pattern's own stones, with two more, make two threats.
            if threats_after_two(stones, opp, n) >= 2 {
                Some((if m == 3 { 3 } else { 7 }, stones))
            } else {
                let comp = if m == 3 {
                    companion(own, opp, n, 2, stones, points, |s| {
                        threats_after_two(s, opp, n) >= 2
                    })
                } else {
                    companion(own, opp, n, 1, stones, points, |s| {
                        live_ones(s, opp, n) != 0
                    })
                };
                let base = if m == 3 { 4 } else { 8 };
                Some(match comp {
                    Some((true, _)) => (base, stones),
                    Some((false, _)) => (base + 1, stones),
                    None => (base + 2, stones),
                })
            }
        }
        1 => {
            let live = live_ones(own, opp, n);
            (live != 0).then_some((11, live))
        }
        _ => None,
    };
    out
}

/// Counts the features of positions, remembering the lines it has seen.
#[derive(Default, Clone, Debug)]
pub struct Counter {
    seen: HashMap<u64, LineClass>,
}

/// How many line classes a counter keeps before starting afresh.
const KEEP: usize = 1 << 16;

/// A position's patterns by colour (0 Black, 1 White), before they are
/// read from the side to move's point of view: line patterns by kind and
/// slot, window patterns by kind and slot, strong and useful line patterns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    lines: [[[i32; LINE_SLOTS]; 12]; 2],
    windows: [[[i32; WINDOW_SLOTS]; 2]; 2],
    strong: [i32; 2],
    useful: [i32; 2],
}

impl Counter {
    fn class(&mut self, own: u32, opp: u32, n: u32) -> &LineClass {
        let key = u64::from(own) | (u64::from(opp) << 20) | (u64::from(n) << 40);
        if self.seen.len() >= KEEP && !self.seen.contains_key(&key) {
            self.seen.clear();
        }
        self.seen
            .entry(key)
            .or_insert_with(|| classify(own, opp, n))
    }

    /// Adds (`sign` 1) or takes away (−1) one line's patterns of both
    /// colours.
    fn add_line(&mut self, t: &mut Tally, b: &Board, dir: usize, line: usize, sign: i32) {
        let (lo, hi) = line_span(dir, line);
        let n = hi + 1 - lo;
        if n < 6 {
            return;
        }
        for c in 0..2 {
            let side = if c == 0 { Side::First } else { Side::Second };
            let own = b.line(side, dir, line) >> lo;
            if own == 0 {
                continue;
            }
            let opp = b.line(side.other(), dir, line) >> lo;
            let class = self.class(own, opp, n);
            let at = |stones: u32| -> usize {
                let mut best = 3;
                let mut m = stones;
                while m != 0 {
                    let bit = m.trailing_zeros();
                    m &= m - 1;
                    best = best.min(bin(point_at(dir, line, bit + lo)));
                }
                best
            };
            if let Some((kind, stones)) = class.pattern {
                let k = kind as usize;
                if k <= 3 {
                    t.strong[c] += sign;
                } else if k <= 7 {
                    t.useful[c] += sign;
                }
                let slots = &mut t.lines[c][k];
                slots[0] += sign;
                slots[1 + at(stones)] += sign;
                if dir >= 2 {
                    slots[5] += sign;
                }
            }
            for &(kind, stones) in &class.windows {
                let slots = &mut t.windows[c][kind as usize];
                slots[0] += sign;
                slots[1 + at(stones)] += sign;
            }
        }
    }

    /// The patterns of every line of `b`.
    pub fn tally(&mut self, b: &Board) -> Tally {
        let mut t = Tally::default();
        for dir in 0..DIRECTIONS {
            for line in 0..lines_in(dir) {
                self.add_line(&mut t, b, dir, line, 1);
            }
        }
        t
    }

    /// The patterns after a stone on `p`: `before` is [`Counter::tally`] of
    /// `b` without the stone, `b` the board with it. Only the four lines
    /// through `p` change.
    pub fn tally_after(&mut self, before: &Tally, b: &mut Board, p: Point) -> Tally {
        let mut t = before.clone();
        b.undo(p);
        for dir in 0..DIRECTIONS {
            self.add_line(&mut t, b, dir, line_of(p, dir).0, -1);
        }
        b.place(p);
        for dir in 0..DIRECTIONS {
            self.add_line(&mut t, b, dir, line_of(p, dir).0, 1);
        }
        t
    }

    /// The 492 features of `b` for its side to move: the counts of the
    /// phase's block, the other phases' zero.
    pub fn features(&mut self, b: &Board, out: &mut [f32; FEATURES]) {
        let t = self.tally(b);
        assemble(&t, b, out);
    }
}

/// The features of a tally of `b` for its side to move.
pub fn assemble(t: &Tally, b: &Board, out: &mut [f32; FEATURES]) {
    out.fill(0.0);
    let base = phase(b.stones()) * PER_PHASE;
    let me = usize::from(b.to_move() == Side::Second);
    for (s, c) in [(0, me), (1, 1 - me)] {
        for kind in 0..12 {
            // The side to move's two threats count as one threat.
            let k = if s == 0 && kind == 0 { 2 } else { kind };
            let i = base + line_index(s, k).expect("kind mapped above");
            for (slot, &n) in t.lines[c][kind].iter().enumerate() {
                out[i + slot] += n as f32;
            }
        }
        for kind in 0..2 {
            let i = base + window_index(s, kind);
            for (slot, &n) in t.windows[c][kind].iter().enumerate() {
                out[i + slot] += n as f32;
            }
        }
    }
    for (s, c) in [(0, me), (1, 1 - me)] {
        let (a, o) = (t.strong[c], t.strong[1 - c]);
        let kind = if a >= o + 2 {
            Some(0)
        } else if a == o + 1 {
            Some(1)
        } else if a == o && t.useful[c] > t.useful[1 - c] {
            Some(2)
        } else {
            None
        };
        if let Some(k) = kind {
            out[base + bonus_index(s, k)] = 1.0;
        }
    }
}

/// The features with Black's sign: as they are with Black to move, negated
/// with White to move, so that `σ(φ·θ)` is Black's chance of winning.
pub fn black_features(counter: &mut Counter, b: &Board, out: &mut [f32; FEATURES]) {
    counter.features(b, out);
    black_sign(b, out);
}

/// Negates the features of a position with White to move.
pub fn black_sign(b: &Board, out: &mut [f32; FEATURES]) {
    if b.to_move() == Side::Second {
        out.iter_mut().for_each(|x| *x = -*x);
    }
}

/// The hand-set values of the study's "original program", by line pattern
/// ([`LINE_KINDS`]), window pattern ([`WINDOW_KINDS`]) and bonus
/// ([`BONUSES`]).
pub const HAND_LINE: [f32; 12] = [
    40_000.0, 50_000.0, 36_000.0, 40_000.0, 24_000.0, 24_000.0, 16_000.0, 12_000.0, 6_000.0,
    6_000.0, 4_000.0, 1_500.0,
];
pub const HAND_WINDOW: [f32; 2] = [12_000.0, 3_000.0];
pub const HAND_BONUS: [f32; 3] = [100_000.0, 40_000.0, 20_000.0];
/// The hand-set values are divided by this to fall into the logistic's
/// range: a bonus of 100,000 adds 1 to `φ·θ`.
pub const HAND_SCALE: f32 = 100_000.0;

/// The hand-set weights: each pattern's value on its plain count in every
/// phase (positive for the side to move, negative for the opponent), its
/// distance and diagonal variants 0, scaled by [`HAND_SCALE`].
pub fn hand_weights() -> Vec<f32> {
    let mut w = vec![0.0; FEATURES];
    for ph in 0..3 {
        let base = ph * PER_PHASE;
        for (s, sign) in [(0, 1.0), (1, -1.0)] {
            for (k, v) in HAND_LINE.iter().enumerate() {
                if let Some(i) = line_index(s, k) {
                    w[base + i] = sign * v / HAND_SCALE;
                }
            }
            for (k, v) in HAND_WINDOW.iter().enumerate() {
                w[base + window_index(s, k)] = sign * v / HAND_SCALE;
            }
            for (k, v) in HAND_BONUS.iter().enumerate() {
                w[base + bonus_index(s, k)] = sign * v / HAND_SCALE;
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(s: &str) -> (u32, u32, u32) {
        // 'x' own, 'o' opponent, '.' empty; the first character is bit 0.
        let (mut own, mut opp) = (0, 0);
        for (i, c) in s.chars().enumerate() {
            match c {
                'x' => own |= 1 << i,
                'o' => opp |= 1 << i,
                _ => {}
            }
        }
        (own, opp, s.len() as u32)
    }

    fn kind(s: &str) -> Option<u8> {
        let (own, opp, n) = bits(s);
        classify(own, opp, n).pattern.map(|p| p.0)
    }

    #[test]
    fn the_block_has_492_weights() {
        assert_eq!(PATTERNS_PER_PHASE, 158);
        assert_eq!(FEATURES, 492);
        assert_eq!(feature_name(0), "opening: own threat plus three");
        assert_eq!(
            feature_name(PER_PHASE + OWN_LINE + 3 * LINE_SLOTS + 5),
            "middle game: opponent live three, diagonal"
        );
        assert_eq!(
            feature_name(FEATURES - 1),
            "endgame: opponent has weakly more useful patterns"
        );
        assert_eq!((phase(0), phase(15), phase(16), phase(48)), (0, 0, 1, 2));
    }

    #[test]
    fn line_patterns_are_told_apart() {
        assert_eq!(kind("...xxxx...."), Some(0), "an open four: two threats");
        assert_eq!(kind("o..xxxx..o"), Some(0), "two windows apart");
        assert_eq!(kind("o.xxxx.o..."), Some(2), "one stone on F blocks it");
        assert_eq!(kind("oxxxx..o..."), Some(2), "one threat");
        assert_eq!(kind("oxxxx...xxx.."), Some(1), "a threat and a three");
        assert_eq!(kind("...xxx....."), Some(3), "live three");
        assert_eq!(
            kind("oxxx...o..."),
            Some(6),
            "dead three: one threat at most"
        );
        assert_eq!(kind("...xx......"), Some(7), "live two");
        assert_eq!(kind("oxx....o..."), Some(10), "dead two");
        assert_eq!(kind("......x......"), Some(11), "live one");
        assert_eq!(kind("ox.....o"), None, "a dead one is no pattern");
        assert_eq!(kind("ox....o"), None, "no room for six");
        // A dead three at the edge, a live two apart from it: the two
        // does not make the three live.
        assert_eq!(kind("xxx......o..xx....."), Some(4));
        assert_eq!(kind("xxx......o.........."), Some(6));
    }

    #[test]
    fn threats_per_line_match_the_threat_module() {
        let (own, opp, n) = bits("..xxxx..xxxx......");
        assert_eq!(line_threats(own, opp, n), 2);
        let (own, opp, n) = bits("oxxxxx.o");
        assert_eq!(line_threats(own, opp, n), 1);
    }

    /// A hand-made position and its features counted by hand.
    #[test]
    fn features_of_a_hand_made_position_equal_a_hand_count() {
        // Black J10 K10 L10 (row 10), White A1 B1 (the corner of row 1):
        // five stones, White to move (stones 5 and 6 are White's).
        let mut cells = [0u8; super::super::rules::POINTS];
        let p = |s: &str| super::super::rules::parse_point(s).unwrap() as usize;
        for s in ["J10", "K10", "L10"] {
            cells[p(s)] = 1;
        }
        for s in ["A1", "B1"] {
            cells[p(s)] = 2;
        }
        let b = Board::from_cells(&cells);
        assert_eq!(b.stones(), 5);
        assert_eq!(b.to_move(), Side::Second);
        let mut f = [0.0; FEATURES];
        Counter::default().features(&b, &mut f);
        let at = |i: usize| f[i];
        let (me, opp) = (0, 1);
        // Row 10: the opponent's live three (H and M make an open five),
        // nearest stone J10 at distance 0: bin 0, not diagonal.
        let l3 = line_index(opp, 3).unwrap();
        assert_eq!((at(l3), at(l3 + 1), at(l3 + 5)), (1.0, 1.0, 0.0));
        // J10, K10, L10 each alone on its column and both diagonals, with
        // room both ways: nine live ones, six diagonal, all within 2 of
        // the centre (bin 0).
        let l1 = line_index(opp, 11).unwrap();
        assert_eq!((at(l1), at(l1 + 1), at(l1 + 5)), (9.0, 9.0, 6.0));
        // No other line pattern of the opponent's.
        let lines: f32 = (0..12).filter_map(|k| line_index(opp, k)).map(at).sum();
        assert_eq!(lines, 10.0);
        // White's A1 B1: any two more stones make one window of four at
        // most (A–F is the only window holding both): a dead two, with no
        // lone stone beside it; 9 from the centre: bin 3.
        let d2 = line_index(me, 10).unwrap();
        assert_eq!((at(d2), at(d2 + 4)), (1.0, 1.0));
        // A1 and B1 alone on columns A and B and their diagonals sit at a
        // line's end (one window each) or on a line too short: no live one.
        let lines: f32 = (1..12).filter_map(|k| line_index(me, k)).map(at).sum();
        assert_eq!(lines, 1.0);
        // Windows of row 10 by their first column: E (J), F (J K), G, H, I,
        // J (J K L), K (K L), L (L): two potential threes, two potentials;
        // and each black stone's column and diagonals: six windows each.
        assert_eq!(at(window_index(opp, 0)), 2.0);
        assert_eq!(at(window_index(opp, 1)), 2.0 + 9.0 * 6.0);
        // White: A1–F1 holds both (a potential three); B1–G1, and one
        // window each on columns A and B and on the two diagonals: five
        // potentials.
        assert_eq!(at(window_index(me, 0)), 1.0);
        assert_eq!(at(window_index(me, 1)), 5.0);
        // Strong patterns: the opponent's live three against none: the
        // opponent has "more" useful patterns; the side to move nothing.
        assert_eq!(at(bonus_index(opp, 1)), 1.0);
        let bonuses: f32 = (0..2)
            .flat_map(|s| (0..3).map(move |k| bonus_index(s, k)))
            .map(at)
            .sum();
        assert_eq!(bonuses, 1.0);
        // The opening's block only.
        assert!(f[PER_PHASE..].iter().all(|&x| x == 0.0));
        // Black's point of view flips the signs.
        let mut g = [0.0; FEATURES];
        black_features(&mut Counter::default(), &b, &mut g);
        assert_eq!(g[l3], -1.0);
    }

    /// The tally after a stone, from the four lines through it, equals the
    /// tally counted afresh, over a random game.
    #[test]
    fn the_tally_after_a_stone_equals_a_fresh_count() {
        use crate::game::{rng_from_seed, Player};
        let mut b = Board::start();
        let mut c = Counter::default();
        let mut random = super::super::players::NearRandom::default();
        let mut rng = rng_from_seed(4);
        let mut t = c.tally(&b);
        while !b.is_over() && b.stones() < 120 {
            let p = random.choose(&b, &mut rng);
            b.place(p);
            t = c.tally_after(&t, &mut b, p);
            assert_eq!(t, c.tally(&b), "after {} stones", b.stones());
        }
    }

    #[test]
    fn the_hand_weights_value_the_side_to_move() {
        let w = hand_weights();
        assert_eq!(w.len(), FEATURES);
        assert_eq!(w[line_index(1, 0).unwrap()], -0.4);
        assert_eq!(w[2 * PER_PHASE + bonus_index(0, 0)], 1.0);
        assert_eq!(w[line_index(0, 3).unwrap() + 1], 0.0);
    }
}
