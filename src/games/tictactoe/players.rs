//! The perfect player: every position's value by a full minimax, worked out
//! once (5,478 positions) and kept.

use std::sync::OnceLock;

use super::rules::Board;
use crate::game::{Analysis, Game, MoveValue, Outcome, Player, Rng, Scale};
use crate::learn::value_table::DenseKey;
use crate::players::pick_best;
use crate::search::budget::Budget;

/// Every position's value for the side to move: 1 it wins, 0 a draw, −1 it
/// loses, with perfect play on both sides (unreached positions: 0).
fn values() -> &'static [i8] {
    static VALUES: OnceLock<Vec<i8>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut memo = vec![i8::MIN; Board::STATES];
        solve(&Board::start(), &mut memo);
        memo.iter()
            .map(|v| if *v == i8::MIN { 0 } else { *v })
            .collect()
    })
}

fn solve(b: &Board, memo: &mut [i8]) -> i8 {
    let k = b.key() as usize;
    if memo[k] != i8::MIN {
        return memo[k];
    }
    let v = match b.outcome() {
        // The side to move did not make the line: it lost.
        Some(Outcome::Win(_)) => -1,
        Some(Outcome::Draw) => 0,
        None => {
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|m| {
                    let mut c = *b;
                    c.play(m);
                    -solve(&c, memo)
                })
                .max()
                .expect("a position that is not over has a move")
        }
    };
    memo[k] = v;
    v
}

/// The value of playing `m` in `b`, for the side that plays it.
pub fn move_value(b: &Board, m: u8) -> i8 {
    let mut c = *b;
    c.play(m);
    -values()[c.key() as usize]
}

/// Plays a move of the best value; ties are broken at random, so it does
/// not play the same game every time.
#[derive(Default)]
pub struct Perfect {
    buf: Vec<u8>,
}

impl Player<Board> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> u8 {
        game.legal_moves(&mut self.buf);
        let scored: Vec<(u8, i8)> = self.buf.iter().map(|&m| (m, move_value(game, m))).collect();
        pick_best(&scored, rng).expect("a position that is not over has a move")
    }

    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<u8>> {
        let _ = budget;
        game.legal_moves(&mut self.buf);
        let scored: Vec<(u8, i8)> = self.buf.iter().map(|&m| (m, move_value(game, m))).collect();
        let top = scored.iter().map(|(_, v)| *v).max()?;
        Some(Analysis {
            units: "the result with perfect play: +1 a win, 0 a draw, −1 a loss".into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: None,
            moves: scored
                .into_iter()
                .map(|(mv, v)| MoveValue {
                    mv,
                    value: Some(f64::from(v)),
                    label: Some(
                        match v {
                            1 => "wins",
                            0 => "draws",
                            _ => "loses",
                        }
                        .into(),
                    ),
                    best: v == top,
                })
                .collect(),
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{rng_from_seed, Side};
    use crate::players::RandomPlayer;

    #[test]
    fn the_empty_board_is_a_draw_and_a_fork_wins() {
        assert_eq!(values()[Board::start().key() as usize], 0);
        // X 1, O 2, X 5: X threatens 9; O must block, and X's next move
        // makes two threats: X to move after "125" wins.
        let mut b = Board::start();
        for m in [0, 1, 4] {
            b.play(m);
        }
        // O to move: O loses whatever it does.
        assert_eq!(values()[b.key() as usize], -1);
        assert_eq!(move_value(&b, 8), -1);
    }

    #[test]
    fn perfect_play_never_loses_to_random_and_draws_itself() {
        let mut rng = rng_from_seed(1);
        for i in 0..200 {
            let mut p = Perfect::default();
            let mut r = RandomPlayer::<Board>::new();
            let (first, second): (&mut dyn Player<Board>, &mut dyn Player<Board>) = if i % 2 == 0 {
                (&mut p, &mut r)
            } else {
                (&mut r, &mut p)
            };
            let end = crate::arena::play_game(&Board::start(), first, second, 0, &mut rng);
            let perfect = if i % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            assert_ne!(end.outcome(), Some(Outcome::Win(perfect.other())));
        }
        let (mut a, mut b) = (Perfect::default(), Perfect::default());
        let end = crate::arena::play_game(&Board::start(), &mut a, &mut b, 0, &mut rng);
        assert_eq!(end.outcome(), Some(Outcome::Draw));
    }
}
