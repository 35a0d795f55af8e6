//! Connect6's fixed players: a random player that stays near the stones,
//! and a one-ply greedy player that knows the threats.
//!
//! Both place one stone per move, as the rules do; the greedy player sees
//! from [`Board::stones_left`] whether the stone is the first or the second
//! of its turn.

use rand::seq::IndexedRandom;

use super::rules::{line_of, line_span, Board, Point, CENTRE, DIRECTIONS, POINTS, ROW, SIZE};
use super::threats::{analyse, threat_windows, threats, Window};
use crate::game::{Game, Player, Rng, Side};
use crate::players::pick_best;

/// How far from a stone a "near" point may be (in rows and columns).
pub const NEAR: usize = 2;

/// The empty points within [`NEAR`] rows and columns of a stone, in order;
/// the centre alone on an empty board.
pub fn near_points(b: &Board, out: &mut Vec<Point>) {
    out.clear();
    if b.stones() == 0 {
        out.push(CENTRE);
        return;
    }
    let mut near = [false; POINTS];
    for p in 0..POINTS {
        if b.cell(p as Point) == 0 {
            continue;
        }
        let (r, c) = (p / SIZE, p % SIZE);
        for rr in r.saturating_sub(NEAR)..=(r + NEAR).min(SIZE - 1) {
            for cc in c.saturating_sub(NEAR)..=(c + NEAR).min(SIZE - 1) {
                near[rr * SIZE + cc] = true;
            }
        }
    }
    out.extend((0..POINTS as Point).filter(|&p| near[p as usize] && b.cell(p) == 0));
}

/// Plays a point chosen uniformly among the empty points near the stones
/// ([`near_points`]); the centre on an empty board.
#[derive(Default)]
pub struct NearRandom {
    buf: Vec<Point>,
}

impl Player<Board> for NearRandom {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        near_points(game, &mut self.buf);
        if self.buf.is_empty() {
            // Only far points are left (a board full near every stone).
            game.legal_moves(&mut self.buf);
        }
        *self
            .buf
            .choose(rng)
            .expect("choose called on a finished game")
    }
}

/// The pattern score's weights: a window of six with `k` stones of one side
/// and none of the other's is worth `WEIGHTS[k]` to that side.
pub const WEIGHTS: [i64; 7] = [0, 1, 8, 64, 512, 4096, 1 << 20];

/// What placing a stone of `side` on the empty point `p` changes in the
/// pattern score: for every window through `p`, the side's own window goes
/// from `k` to `k + 1` stones, and an opponent's window dies.
pub fn pattern_gain(b: &Board, side: Side, p: Point) -> i64 {
    let mut gain = 0;
    for dir in 0..DIRECTIONS {
        let (line, bit) = line_of(p, dir);
        let (lo, hi) = line_span(dir, line);
        let own = b.line(side, dir, line);
        let opp = b.line(side.other(), dir, line);
        if hi + 1 < lo + ROW {
            continue;
        }
        let first = lo.max(bit.saturating_sub(ROW - 1));
        let last = (hi + 1 - ROW).min(bit);
        for start in first..=last {
            let w = ((1u32 << ROW) - 1) << start;
            let (k, o) = (
                (own & w).count_ones() as usize,
                (opp & w).count_ones() as usize,
            );
            if o == 0 {
                gain += WEIGHTS[k + 1] - WEIGHTS[k];
            }
            if k == 0 {
                gain += WEIGHTS[o];
            }
        }
    }
    gain
}

/// One ply, by rules every player uses: a stone that wins (or whose pair
/// wins) is played; else, facing threats, a stone that leaves the opponent
/// the fewest; else the near point of the best pattern score
/// ([`pattern_gain`]). Ties are broken at random.
#[derive(Default)]
pub struct Greedy {
    near: Vec<Point>,
    windows: Vec<Window>,
}

impl Greedy {
    /// A stone that wins this turn: the last point of a five, or at the
    /// first stone of a pair a point of a four.
    fn winning_stone(&mut self, b: &Board, rng: &mut Rng) -> Option<Point> {
        let me = b.to_move();
        threat_windows(b, me, &mut self.windows);
        let fives: Vec<Point> = self
            .windows
            .iter()
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        if let Some(&p) = fives.choose(rng) {
            return Some(p);
        }
        if b.stones_left() == 2 {
            return self.windows.choose(rng).map(|w| w[0]);
        }
        None
    }
}

impl Player<Board> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, b: &Board, rng: &mut Rng) -> Point {
        let me = b.to_move();
        if let Some(p) = self.winning_stone(b, rng) {
            return p;
        }
        let against = analyse(b, me.other());
        let scored: Vec<(Point, (i32, i64))> = if against.count > 0 {
            // Forced: the points of the opponent's threat windows, by the
            // threats they leave (fewest first), then the pattern score.
            threat_windows(b, me.other(), &mut self.windows);
            let mut points: Vec<Point> = self.windows.iter().flatten().copied().collect();
            points.sort_unstable();
            points.dedup();
            let mut after = b.clone();
            points
                .into_iter()
                .map(|p| {
                    after.place(p);
                    let left = i32::from(threats(&after, me.other()));
                    after.undo(p);
                    (p, (-left, pattern_gain(b, me, p)))
                })
                .collect()
        } else {
            near_points(b, &mut self.near);
            if self.near.is_empty() {
                b.legal_moves(&mut self.near);
            }
            self.near
                .iter()
                .map(|&p| (p, (0, pattern_gain(b, me, p))))
                .collect()
        };
        pick_best(&scored, rng).expect("choose called on a finished game")
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::parse_point;
    use super::*;
    use crate::game::{rng_from_seed, Outcome};
    use crate::plugin::Playable;

    fn pts(list: &[&str]) -> Vec<Point> {
        list.iter().map(|s| parse_point(s).unwrap()).collect()
    }

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    /// Plays a game between two players from the start; the outcome.
    fn game(
        first: &mut dyn Player<Board>,
        second: &mut dyn Player<Board>,
        seed: u64,
    ) -> (Outcome, usize) {
        let mut rng = rng_from_seed(seed);
        let mut b = Board::start();
        while !b.is_over() {
            let p = if b.to_move() == Side::First {
                first.choose(&b, &mut rng)
            } else {
                second.choose(&b, &mut rng)
            };
            assert!(
                b.is_legal(p),
                "{} in {}",
                super::super::rules::format_point(p),
                b.position_text()
            );
            b.play(p);
        }
        (b.outcome().unwrap(), b.stones())
    }

    #[test]
    fn random_plays_the_centre_first_then_near_the_stones() {
        let mut r = NearRandom::default();
        let mut rng = rng_from_seed(1);
        assert_eq!(r.choose(&Board::start(), &mut rng), CENTRE);
        let b = after("A1");
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            seen.insert(r.choose(&b, &mut rng));
        }
        // The 3 × 3 corner less A1: eight points, each played.
        let expected: std::collections::BTreeSet<Point> =
            pts(&["B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"])
                .into_iter()
                .collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn greedy_wins_when_it_can_with_either_stone() {
        let mut g = Greedy::default();
        let mut rng = rng_from_seed(3);
        // Black: J5..J8 and a far stone; its turn, first stone: a four is
        // enough (its pair makes six).
        let b = after("J5 A19 C19 J6 J7 E19 G19 J8 A1 L19 N19");
        assert_eq!((b.to_move(), b.stones_left()), (Side::First, 2));
        let mut b = b;
        let first = g.choose(&b, &mut rng);
        assert!(pts(&["J3", "J4", "J9", "J10"]).contains(&first));
        b.play(first);
        let second = g.choose(&b, &mut rng);
        b.play(second);
        assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
        // At the second stone only a five wins: J5..J9 with J4 White.
        let b = after("J5 J4 C19 J6 J7 E19 G19 J8 J9 L19");
        assert_eq!((b.to_move(), b.stones_left()), (Side::Second, 1));
        let b = after("J5 J4 C19 J6 J7 E19 G19 J8 J9 L19 N19 A1");
        assert_eq!((b.to_move(), b.stones_left()), (Side::First, 1));
        let p = g.choose(&b, &mut rng);
        assert_eq!(p, parse_point("J10").unwrap());
    }

    #[test]
    fn greedy_blocks_two_threats_with_both_stones() {
        let mut g = Greedy::default();
        let mut rng = rng_from_seed(5);
        // Black has an open four F10..I10 (two threats); White to play two.
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
        assert_eq!((b.to_move(), b.stones_left()), (Side::Second, 2));
        assert_eq!(threats(&b, Side::First), 2);
        let mut b = b;
        let first = g.choose(&b, &mut rng);
        b.play(first);
        assert_eq!(threats(&b, Side::First), 1);
        let second = g.choose(&b, &mut rng);
        b.play(second);
        assert_eq!(threats(&b, Side::First), 0);
    }

    #[test]
    fn pattern_gain_counts_own_windows_up_and_the_opponents_out() {
        // On an empty board a stone in the middle of a line opens six
        // windows in each of four directions: 24 windows of one stone.
        assert_eq!(
            pattern_gain(&Board::start(), Side::First, CENTRE),
            24 * WEIGHTS[1]
        );
        // In the corner: one window per direction, the down-left none.
        assert_eq!(
            pattern_gain(&Board::start(), Side::First, 0),
            3 * WEIGHTS[1]
        );
        // Next to a stone of the opponent on the same row, the windows
        // holding it give the opponent's one-stone value, not ours.
        let b = after("J10");
        let g = pattern_gain(&b, Side::Second, parse_point("K10").unwrap());
        // Across: 6 windows through K10; 5 of them hold J10 (dead for us,
        // killed for Black: +1 each), 1 does not (+1 for us). Down and the
        // diagonals: 18 windows, +1 each.
        assert_eq!(g, 5 + 1 + 18);
    }

    /// Greedy beats the random player nearly always, on both sides; both
    /// finish every game with legal stones.
    #[test]
    fn greedy_beats_random() {
        let mut wins = 0;
        for seed in 0..20 {
            let (o, _) = game(&mut Greedy::default(), &mut NearRandom::default(), seed);
            wins += u32::from(o == Outcome::Win(Side::First));
            let (o, _) = game(&mut NearRandom::default(), &mut Greedy::default(), seed);
            wins += u32::from(o == Outcome::Win(Side::Second));
        }
        assert!(wins >= 38, "greedy won {wins} of 40");
        // Random against random ends too.
        let (_, stones) = game(&mut NearRandom::default(), &mut NearRandom::default(), 1);
        assert!(stones > 6);
    }
}
