//! The learned evaluation at play: how a turn is chosen with weights
//! ([`Chooser`]), a self-play learning game, a game between two sets of
//! weights, and the fixed opening set the study's protocol plays from.
//!
//! # A stone
//! A stone that wins this turn is played (the last point of a five, or at
//! the first stone of a turn a point of a four). Facing the opponent's
//! threats, the stone is one of the points of its threat windows; else one
//! of the empty points within two rows and columns of a stone
//! ([`near_points`]). Among these candidates, with chance ε a uniformly
//! random one; else the one after which `V`, Black's chance of winning, is
//! highest for Black and lowest for White (ties: the lowest point).
//!
//! # Threat-space search
//! With it, at the start of a turn the side to move looks for a win by
//! continuous double threats (VCDT, [`TSS_DEPTH`] turns, [`TSS_NODES`]
//! nodes): when one is proven the game ends there, a win for that side,
//! so the forced sequence is neither played nor learned from. And its
//! second stone avoids a turn the opponent's VCDT proves losing: the best
//! few second stones ([`TSS_TRIES`]) are tried in order until one is not
//! proven losing (the first if all are).

use rand::Rng as _;

use super::features::{assemble, black_features, black_sign, Counter, FEATURES};
use super::players::near_points;
use super::rules::{Board, Point};
use super::threats::{threat_windows, Window};
use super::tss::{vcdt, Proof};
use crate::game::{rng_from_seed, Game, Outcome, Rng, Side};
use crate::learn::linear_td::LinearTd;
use crate::model::Model;
use crate::plugin::run::Recorder;
use crate::plugin::Playable;
use crate::search::budget::{Budget, Limits};

/// Attacker turns of the threat-space search while learning and measuring.
pub const TSS_DEPTH: u32 = 2;
/// Nodes it may use per search.
pub const TSS_NODES: u64 = 1_000;
/// Second stones tried against a proven loss.
pub const TSS_TRIES: usize = 3;

/// The shipped opening set: one opening a line, Black's J10 and two turns.
pub const OPENINGS: &str = include_str!("openings.txt");

/// Chooses stones with a learner's weights.
#[derive(Default)]
pub struct Chooser {
    counter: Counter,
    x: Vec<f32>,
    moves: Vec<Point>,
    windows: Vec<Window>,
    ranked: Vec<(f32, Point)>,
}

/// What a watched learning game records (see
/// [`crate::plugin::DynRun::step_watched`]): the stones, each stone's
/// candidates with the learner's chance of winning after it for the side
/// that places it, and, when asked, the learner's model at each stone
/// (`model` makes it from the learner as it is there).
pub struct Watch<'a> {
    pub record: &'a mut Recorder,
    pub model: &'a dyn Fn(&LinearTd) -> Result<Model, String>,
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Its stones were placed.
    Played,
    /// The side to move has a proven win by threats: the game ends.
    ProvenWin(Side),
}

impl Chooser {
    /// Black's features of `b` (the side to move's, signed for Black).
    pub fn features(&mut self, b: &Board) -> &[f32] {
        let mut x = [0.0; FEATURES];
        black_features(&mut self.counter, b, &mut x);
        self.x.clear();
        self.x.extend_from_slice(&x);
        &self.x
    }

    /// The candidates of the side to move (see the module): a win alone,
    /// else blocks, else the points near the stones.
    fn candidates(&mut self, b: &Board) {
        self.moves.clear();
        let me = b.to_move();
        threat_windows(b, me, &mut self.windows);
        let win = self
            .windows
            .iter()
            .find(|w| w[0] == w[1])
            .or_else(|| self.windows.first().filter(|_| b.stones_left() == 2));
        if let Some(w) = win {
            self.moves.push(w[0]);
            return;
        }
        threat_windows(b, me.other(), &mut self.windows);
        if !self.windows.is_empty() {
            self.moves.extend(self.windows.iter().flatten());
            self.moves.sort_unstable();
            self.moves.dedup();
            return;
        }
        near_points(b, &mut self.moves);
        if self.moves.is_empty() {
            b.legal_moves(&mut self.moves);
        }
    }

    /// The candidates, best first for the side to move (into `self.ranked`).
    fn rank(&mut self, b: &Board, l: &LinearTd) {
        self.candidates(b);
        let black = b.to_move() == Side::First;
        let mut after = b.clone();
        let mut x = [0.0; FEATURES];
        self.ranked.clear();
        let before = self.counter.tally(b);
        for &p in &self.moves {
            after.place(p);
            let v = match after.outcome() {
                Some(Outcome::Win(s)) => f32::from(s == Side::First),
                Some(Outcome::Draw) => 0.5,
                None => {
                    let t = self.counter.tally_after(&before, &mut after, p);
                    assemble(&t, &after, &mut x);
                    black_sign(&after, &mut x);
                    l.value(&x)
                }
            };
            after.undo(p);
            self.ranked.push((if black { v } else { -v }, p));
        }
        // Best first; ties by the point (a stable sort keeps point order).
        self.ranked
            .sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    }

    /// One stone: random among the candidates with chance `epsilon`, else
    /// the best; the ranking is left in `self.ranked` (empty after a random
    /// stone).
    pub fn stone(&mut self, b: &Board, l: &LinearTd, epsilon: f32, rng: &mut Rng) -> Point {
        if epsilon > 0.0 && rng.random::<f32>() < epsilon {
            self.candidates(b);
            self.ranked.clear();
            return self.moves[rng.random_range(0..self.moves.len())];
        }
        self.rank(b, l);
        self.ranked[0].1
    }

    /// Plays the side to move's turn on `b` (one stone at the start, else
    /// the stones it has left), with or without threat-space search;
    /// `played` gets the stones.
    #[allow(clippy::too_many_arguments)]
    pub fn turn(
        &mut self,
        b: &mut Board,
        l: &LinearTd,
        epsilon: f32,
        tss: bool,
        rng: &mut Rng,
        played: &mut Vec<Point>,
        mut watch: Option<&mut Watch>,
    ) -> Turn {
        let me = b.to_move();
        if tss && b.stones() > 0 && b.stones_left() == 2 && proven(b) {
            return Turn::ProvenWin(me);
        }
        while !b.is_over() && b.to_move() == me {
            let last = b.stones_left() == 1;
            if let Some(w) = watch.as_deref_mut() {
                // Read without changing anything: the ranking draws no
                // random number and the learner is as it is.
                w.record.model(|| (w.model)(l));
                let values = self.values(b, l);
                w.record.decision_among::<Board>(values);
            }
            let p = self.stone(b, l, epsilon, rng);
            let p = if tss && last && b.stones() > 1 {
                self.safe_second(b, p)
            } else {
                p
            };
            b.place(p);
            played.push(p);
            if let Some(w) = watch.as_deref_mut() {
                w.record.played::<Board>(p);
            }
        }
        Turn::Played
    }

    /// The candidates of the side to move, best first, each with the
    /// learner's chance that this side wins after it (what a watched game
    /// and the model's analysis show).
    pub fn values(&mut self, b: &Board, l: &LinearTd) -> Vec<(Point, f64)> {
        self.rank(b, l);
        let black = b.to_move() == Side::First;
        // The ranking holds V for Black and −V for White.
        self.ranked
            .iter()
            .map(|&(r, p)| (p, f64::from(if black { r } else { 1.0 + r })))
            .collect()
    }

    /// The first of the ranked second stones (from `chosen`) after which
    /// the opponent has no proven win; `chosen` if every try loses.
    pub fn safe_second(&mut self, b: &Board, chosen: Point) -> Point {
        let mut tries: Vec<Point> = vec![chosen];
        tries.extend(
            self.ranked
                .iter()
                .map(|r| r.1)
                .filter(|&p| p != chosen)
                .take(TSS_TRIES - 1),
        );
        let mut after = b.clone();
        for &p in &tries {
            after.place(p);
            let lost = !after.is_over() && proven(&after);
            after.undo(p);
            if !lost {
                return p;
            }
        }
        chosen
    }
}

/// Whether the side to move has a win by continuous double threats within
/// the learning's depth and nodes.
pub fn proven(b: &Board) -> bool {
    let mut budget = Budget::new(Limits::nodes(TSS_NODES));
    matches!(vcdt(b, TSS_DEPTH, &mut budget), Proof::Win { .. })
}

/// The first stone of a win by continuous double threats the side to move
/// has, within the learning's depth and nodes.
pub fn proven_first(b: &Board) -> Option<Point> {
    let mut budget = Budget::new(Limits::nodes(TSS_NODES));
    match vcdt(b, TSS_DEPTH, &mut budget) {
        Proof::Win { line, .. } => line.first().copied(),
        _ => None,
    }
}

/// Black's reward of an outcome.
fn reward(o: Option<Outcome>) -> f32 {
    match o {
        Some(Outcome::Win(Side::First)) => 1.0,
        Some(Outcome::Win(Side::Second)) => 0.0,
        _ => 0.5,
    }
}

/// One self-play learning game: the learner plays both sides with chance
/// `epsilon` of a random stone, and learns after every turn. Returns the
/// stones and the result (Black's reward).
pub fn learning_game(
    l: &mut LinearTd,
    chooser: &mut Chooser,
    epsilon: f32,
    tss: bool,
    rng: &mut Rng,
    mut watch: Option<&mut Watch>,
) -> (Vec<Point>, f32) {
    let mut b = Board::start();
    let mut ep = l.begin();
    let mut stones = Vec::new();
    let result = loop {
        match chooser.turn(
            &mut b,
            l,
            epsilon,
            tss,
            rng,
            &mut stones,
            watch.as_deref_mut(),
        ) {
            Turn::ProvenWin(s) => {
                if let Some(w) = watch.as_deref_mut() {
                    w.record.ended = Some(format!(
                        "{} has a win by threats that the search proved: the game stops here, and the agent learns it as a win for {}",
                        Board::SIDE_NAMES[s.index()],
                        Board::SIDE_NAMES[s.index()]
                    ));
                }
                break reward(Some(Outcome::Win(s)));
            }
            Turn::Played => {}
        }
        if b.is_over() {
            break reward(b.outcome());
        }
        let x = chooser.features(&b).to_vec();
        l.observe(&mut ep, &x);
    };
    l.finish(&mut ep, result);
    (stones, result)
}

/// A game from `start` between two sets of weights, each choosing its best
/// stones with the threat-space search: Black's reward (a proven win counts
/// as won).
pub fn match_game(start: &Board, black: &LinearTd, white: &LinearTd, chooser: &mut Chooser) -> f32 {
    let mut b = start.clone();
    let mut rng = rng_from_seed(0);
    let mut stones = Vec::new();
    while !b.is_over() {
        let l = if b.to_move() == Side::First {
            black
        } else {
            white
        };
        if let Turn::ProvenWin(s) = chooser.turn(&mut b, l, 0.0, true, &mut rng, &mut stones, None)
        {
            return reward(Some(Outcome::Win(s)));
        }
    }
    reward(b.outcome())
}

/// The score of `a` against `b` over the openings, each played twice with
/// colours swapped: (wins, draws, losses) of `a`.
pub fn score(a: &LinearTd, b: &LinearTd, openings: &[Board]) -> (u32, u32, u32) {
    let mut chooser = Chooser::default();
    let mut out = (0, 0, 0);
    for start in openings {
        for a_black in [true, false] {
            let r = if a_black {
                match_game(start, a, b, &mut chooser)
            } else {
                1.0 - match_game(start, b, a, &mut chooser)
            };
            if r == 1.0 {
                out.0 += 1;
            } else if r == 0.0 {
                out.2 += 1;
            } else {
                out.1 += 1;
            }
        }
    }
    out
}

/// Openings from a text of one transcript a line (`#` starts a comment).
pub fn parse_openings(text: &str) -> Result<Vec<Board>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut b = Board::start();
        let moves = Board::parse_transcript(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        for m in moves {
            b.try_play(m).map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        if b.is_over() {
            return Err(format!("line {}: the game is over", i + 1));
        }
        out.push(b);
    }
    Ok(out)
}

/// One game to learn from: its stones and Black's reward.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub stones: Vec<Point>,
    /// 1 a Black win, 0 a White win, 0.5 a draw.
    pub result: f32,
}

/// The most records a file may hold.
pub const MAX_RECORDS: usize = 1_000_000;

/// Game records from a text, one game a line: its stones in the notation
/// of [`Board::parse_transcript`], then, for a game that does not end on
/// the board (a resignation, an agreed draw), its result: `1-0` (Black
/// won), `0-1` (White won) or `1/2` (a draw). A game that ends with a six
/// or a full board may give its result too, but it must agree. `#` starts
/// a comment; blank lines are skipped. Errors name the line.
pub fn parse_records(text: &str) -> Result<Vec<Record>, String> {
    let mut out = Vec::new();
    // A byte-order mark, as some editors write one, is not part of the first stone.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let at = |e: &dyn std::fmt::Display| format!("line {}: {e}", i + 1);
        let sep = |c: char| c.is_whitespace() || c == ';' || c == ',';
        let line = line.split('#').next().unwrap_or("").trim_matches(sep);
        if line.is_empty() {
            continue;
        }
        let (moves, given) = match line.rsplit_once(sep) {
            Some((rest, last)) if ["1-0", "0-1", "1/2"].contains(&last) => (rest, Some(last)),
            None if ["1-0", "0-1", "1/2"].contains(&line) => ("", Some(line)),
            _ => (line, None),
        };
        let given = given.map(|t| match t {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        });
        let stones = Board::parse_transcript(moves).map_err(|e| at(&e))?;
        if stones.is_empty() {
            return Err(at(
                &"a result with no stones: a record is a game's stones first",
            ));
        }
        let mut b = Board::start();
        for (k, &m) in stones.iter().enumerate() {
            if b.is_over() {
                return Err(at(&format!("move {}: the game was already over", k + 1)));
            }
            b.try_play(m)
                .map_err(|e| at(&format!("move {}: {e}", k + 1)))?;
        }
        let result = match (b.is_over().then(|| reward(b.outcome())), given) {
            (Some(on_board), Some(g)) if on_board != g => {
                return Err(at(&format!(
                    "the board shows {}, not the given {}",
                    result_text(on_board),
                    result_text(g)
                )))
            }
            (Some(r), _) | (None, Some(r)) => r,
            (None, None) => {
                return Err(at(&"the game is not over and no result is given: end the line with 1-0 (Black won), 0-1 (White won) or 1/2 (a draw)"));
            }
        };
        if out.len() == MAX_RECORDS {
            return Err(at(&format!("more than {MAX_RECORDS} records")));
        }
        out.push(Record { stones, result });
    }
    if out.is_empty() {
        return Err(
            "no records: one game a line, its stones, and its result if the board does not show it"
                .into(),
        );
    }
    Ok(out)
}

/// A result as a record writes it.
fn result_text(r: f32) -> &'static str {
    if r == 1.0 {
        "1-0"
    } else if r == 0.0 {
        "0-1"
    } else {
        "1/2"
    }
}

/// Learns from one record as from a learning game: the position after
/// each of its turns, then its result.
pub fn record_game(l: &mut LinearTd, chooser: &mut Chooser, r: &Record) {
    let mut b = Board::start();
    let mut ep = l.begin();
    for &m in &r.stones {
        let mover = b.to_move();
        b.place(m);
        if b.is_over() {
            break;
        }
        if b.to_move() != mover {
            let x = chooser.features(&b).to_vec();
            l.observe(&mut ep, &x);
        }
    }
    l.finish(&mut ep, r.result);
}

/// The shipped opening set.
pub fn openings() -> Vec<Board> {
    parse_openings(OPENINGS).expect("the shipped openings are valid")
}

/// `count` different openings from `seed`: Black's J10, then two turns of
/// stones each drawn uniformly from the empty points within two of a stone.
pub fn generate_openings(count: usize, seed: u64) -> Vec<String> {
    let mut rng = rng_from_seed(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let mut near = Vec::new();
    while out.len() < count {
        let mut b = Board::start();
        let mut moves = Vec::new();
        while b.stones() < 5 {
            near_points(&b, &mut near);
            let p = near[rng.random_range(0..near.len())];
            b.place(p);
            moves.push(p);
        }
        if seen.insert(b.key()) {
            out.push(Board::transcript(&moves));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::features::hand_weights;
    use super::super::rules::parse_point;
    use super::super::tss;
    use super::*;
    use crate::learn::linear_td::Params;

    fn hand() -> LinearTd {
        LinearTd::new(
            Params {
                phases: 3,
                ..Params::PLAIN
            },
            hand_weights(),
        )
        .unwrap()
    }

    const SIX: &str = "J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1; O10";

    #[test]
    fn records_are_read_with_their_results_and_bad_ones_refused_by_line() {
        let text =
            format!("\u{feff}# a comment\r\n{SIX};\r\n\nJ10; K11 K9, 0-1;\nJ10 1/2\n{SIX};1-0\n");
        let r = parse_records(&text).unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r[0].stones.len(), 12);
        assert_eq!(r[0].stones[11], parse_point("O10").unwrap());
        assert_eq!(
            r.iter().map(|r| r.result).collect::<Vec<_>>(),
            [1.0, 0.0, 0.5, 1.0]
        );
        for (bad, says) in [
            (
                "J10; K11 K9",
                "line 1: the game is not over and no result is given",
            ),
            (
                &format!("{SIX} 0-1"),
                "line 1: the board shows 1-0, not the given 0-1",
            ),
            (
                &format!("{SIX} P10"),
                "line 1: move 13: the game was already over",
            ),
            (
                "# none\nJ10 Z99 1-0",
                "line 2: move 2: 'Z99' is not a point",
            ),
            ("J10 J10 1-0", "line 1: move 2:"),
            ("# only comments", "no records"),
            ("1-0", "line 1: a result with no stones"),
        ] {
            let e = parse_records(bad).unwrap_err();
            assert!(e.starts_with(says), "{bad}: {e}");
        }
    }

    #[test]
    fn a_record_moves_the_values_of_its_positions_toward_its_result() {
        let r = &parse_records(SIX).unwrap()[0];
        let mut chooser = Chooser::default();
        // The last position learned from, after White's A6 B1 (Black to move
        // with five in a row): its target is the game's result.
        let mut b = Board::start();
        for &m in &r.stones[..11] {
            b.place(m);
        }
        let x = chooser.features(&b).to_vec();
        // The study's steps, divided by ‖φ‖² (plain steps of these counts overshoot).
        let normalised = || {
            LinearTd::new(
                Params {
                    phases: 3,
                    normalise: true,
                    ..Params::PLAIN
                },
                hand_weights(),
            )
            .unwrap()
        };
        // The same game with the other result moves the last position's
        // value the other way: everything else about the two is the same.
        let learned = |result: f32| {
            let mut l = normalised();
            record_game(
                &mut l,
                &mut Chooser::default(),
                &Record {
                    result,
                    ..r.clone()
                },
            );
            l.value(&x)
        };
        let before = normalised().value(&x);
        let (won, lost) = (learned(1.0), learned(0.0));
        assert!(won > lost, "Black won {won}, lost {lost}");
        assert_ne!(won, before);
        // A chooser already used (its scratch filled) learns the same.
        let (mut a, mut b2) = (hand(), hand());
        record_game(&mut a, &mut chooser, r);
        record_game(&mut b2, &mut Chooser::default(), r);
        assert_eq!(a.weights(), b2.weights());
    }

    /// Writes the opening set (`cargo test --lib write_openings -- --ignored`).
    #[test]
    #[ignore]
    fn write_openings() {
        let mut text = String::from(
            "# Connect6 openings: J10 and two turns, each stone uniformly among the\n\
             # empty points within two of a stone (generate_openings(50, 2026)).\n",
        );
        for o in generate_openings(50, 2026) {
            text.push_str(&o);
            text.push('\n');
        }
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/games/connect6/openings.txt"
            ),
            text,
        )
        .unwrap();
    }

    #[test]
    fn the_shipped_openings_are_the_generated_ones() {
        let text: Vec<String> = OPENINGS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect();
        assert_eq!(text, generate_openings(text.len(), 2026));
        assert_eq!(openings().len(), 50);
        assert!(parse_openings("J10 Z99").is_err());
    }

    #[test]
    fn a_proven_win_ends_the_learning_turn() {
        // Black to move with two open threes: a win by double threats.
        let mut b = tss::position(&["E2", "F2", "G2", "E5", "F5", "G5"], &[], 2);
        assert!(proven(&b));
        let mut c = Chooser::default();
        let mut played = Vec::new();
        let t = c.turn(
            &mut b,
            &hand(),
            0.0,
            true,
            &mut rng_from_seed(1),
            &mut played,
            None,
        );
        assert_eq!(t, Turn::ProvenWin(Side::First));
        assert!(played.is_empty());
        // Without the search the turn is played.
        let t = c.turn(
            &mut b,
            &hand(),
            0.0,
            false,
            &mut rng_from_seed(1),
            &mut played,
            None,
        );
        assert_eq!((t, played.len()), (Turn::Played, 2));
    }

    #[test]
    fn a_proven_losing_second_stone_is_avoided() {
        // White has two open threes; Black, at its second stone, holds off
        // White's win only by making a four of its own three on row 8.
        let b = tss::position(
            &["B8", "C8", "D8"],
            &["E2", "F2", "G2", "E5", "F5", "G5"],
            1,
        );
        let p = |s: &str| super::super::rules::parse_point(s).unwrap();
        let lost = |q: Point| {
            let mut a = b.clone();
            a.place(q);
            proven(&a)
        };
        assert!(lost(p("L14")) && !lost(p("E8")));
        let mut c = Chooser {
            ranked: vec![(0.9, p("L14")), (0.8, p("M14")), (0.7, p("E8"))],
            ..Chooser::default()
        };
        assert_eq!(c.safe_second(&b, p("L14")), p("E8"));
        // Beyond the tries, or every try lost: the chosen stone stays.
        c.ranked = vec![
            (0.9, p("L14")),
            (0.8, p("M14")),
            (0.7, p("N14")),
            (0.6, p("E8")),
        ];
        assert_eq!(c.safe_second(&b, p("L14")), p("L14"));
    }

    #[test]
    fn learning_is_seeded_and_reproducible() {
        let run = |seed| {
            let mut l = hand();
            let mut c = Chooser::default();
            let mut rng = rng_from_seed(seed);
            let games: Vec<_> = (0..3)
                .map(|_| learning_game(&mut l, &mut c, 0.1, true, &mut rng, None))
                .collect();
            (games, l.weights().to_vec())
        };
        let (a, b) = (run(5), run(5));
        assert_eq!(a, b);
        assert_ne!(a.1, hand_weights(), "it learned");
    }

    #[test]
    fn equal_weights_score_evenly_over_swapped_colours() {
        let l = hand();
        let openings = openings();
        let (w, d, lost) = score(&l, &l, &openings[..4]);
        // The same weights as both players: each opening's two games are
        // the same game with the players' names swapped.
        assert_eq!(w, lost);
        assert_eq!(w + d + lost, 8);
    }
}
