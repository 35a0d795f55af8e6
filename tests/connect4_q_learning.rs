//! Connect Four's Q-learning on a tiny example computed by hand: a few
//! learning games from a position six discs from the end, against the
//! study's stupid player (the leftmost column), played as the runs play
//! them (`experiments::LearningGame`), and the exact values of the table
//! afterwards.

use selfplay::game::{rng_from_seed, Outcome, Side};
use selfplay::games::connect4::learners::q_table::{LearningGame, Rewards};
use selfplay::games::connect4::players::Leftmost;
use selfplay::games::connect4::Position;
use selfplay::learn::q_table::{QLearner, QParams, QTable, Tabular};

/// Red (X, first) to move, 36 discs played; columns 5 and 7 are open:
///
/// ```text
/// 6  O O X X . X .
/// 5  X O X O . X .
/// 4  X O X O . O .
/// 3  O X O O O X X
/// 2  X X O X O X O
/// 1  O O X X X O O
///    1 2 3 4 5 6 7
/// ```
///
/// Yellow (O) has three on the diagonal from column 2, row 1 up to column
/// 4, row 3, and the fourth cell is column 5, row 4, where the next disc
/// in column 5 lands. If Red plays 7, the stupid player plays its leftmost
/// open column, 5, and wins. If Red blocks in 5, the stupid player plays 5
/// again (row 5), and Red's next disc in 5 (row 6) makes four in the top
/// row (columns 3 to 6) and wins.
const S0: &str = "474116336153143412642622314267326575";

/// Column numbers in the code are 0-based: "column 5" is 4.
const C5: u8 = 4;
const C7: u8 = 6;

const ALPHA: f32 = 0.25;
const GAMMA: f32 = 0.8;
const REWARDS: Rewards = Rewards {
    win: 1.0,
    draw: 0.5,
    loss: -1.0,
};

fn after(p: &Position, col: u8) -> Position {
    let mut q = *p;
    q.play_col(col as usize);
    q
}

fn close(got: f32, want: f32, what: &str) {
    assert!(
        (got - want).abs() < 1e-6,
        "{what}: the table holds {got}, the hand computation gives {want}"
    );
}

#[test]
fn four_learning_games_give_the_hand_computed_values() {
    let s0 = Position::from_moves(S0).unwrap();
    assert!(s0.can_play(C5 as usize) && s0.can_play(C7 as usize));
    assert_eq!((0..7).filter(|&c| s0.can_play(c)).count(), 2);
    // After Red's block and the stupid player's reply: s1, Red to move.
    let after_block = after(&s0, C5);
    let s1 = after(&after_block, C5);

    let mut learner = QLearner::<Position>::new(
        Side::First,
        QParams {
            alpha: ALPHA,
            gamma: GAMMA,
            epsilon: 0.0,
        },
    )
    .unwrap();
    // Starting values set by hand, so that the greedy choices are known
    // (no ties to break at random):
    //   Q(s0, 7) = 0.5   the losing column looks best at first
    //   Q(s0, 5) = 0.1
    //   Q(s1, 5) = 0.6   the winning column at s1
    //   Q(s1, 7) = -0.2
    // and two decoys on the cells of Yellow's moves in the position after
    // Red's block (Yellow to move there), which a correct update never
    // reads: its max runs over Red's moves at s1, Red's next position.
    //   Q(after_block, 5) = Q(after_block, 7) = 0.9
    let t = learner.table_mut();
    t.set(s0.cell(C7), 0.5);
    t.set(s0.cell(C5), 0.1);
    t.set(s1.cell(C5), 0.6);
    t.set(s1.cell(C7), -0.2);
    t.set(after_block.cell(C5), 0.9);
    t.set(after_block.cell(C7), 0.9);

    let game = LearningGame {
        side: Side::First,
        rewards: REWARDS,
        lookahead: 0,
    };
    let mut rng = rng_from_seed(1);
    let mut play =
        |learner: &mut QLearner<Position>| game.play(learner, &mut Leftmost, s0, &mut rng, None);
    let q = |l: &QLearner<Position>, p: &Position, c: u8| l.q_value(p, c);

    // Q ← Q + α[r + γ·max Q(s′,·) − Q], α = 0.25, γ = 0.8; at the end of a
    // game the target is the reward alone: win +1, loss −1.
    //
    // Game 1: Q(s0,7) = 0.5 > Q(s0,5) = 0.1, Red plays 7, Yellow plays 5
    // and wins (38 discs). The last move of the learner gets the loss:
    //   Q(s0,7) = 0.5 + 0.25·(−1 − 0.5) = 0.5 − 0.375 = 0.125
    assert_eq!(play(&mut learner), (Outcome::Win(Side::Second), 38));
    close(q(&learner, &s0, C7), 0.125, "game 1, Q(s0,7)");
    close(q(&learner, &s0, C5), 0.1, "game 1, Q(s0,5)");

    // Game 2: 0.125 > 0.1, Red plays 7 again and loses again:
    //   Q(s0,7) = 0.125 + 0.25·(−1 − 0.125) = 0.125 − 0.28125 = −0.15625
    assert_eq!(play(&mut learner), (Outcome::Win(Side::Second), 38));
    close(q(&learner, &s0, C7), -0.15625, "game 2, Q(s0,7)");

    // Game 3: 0.1 > −0.15625, Red blocks in 5, Yellow plays 5, s1. Red's
    // block is updated with γ times the best of Red's values at s1,
    // max(Q(s1,5), Q(s1,7)) = max(0.6, −0.2) = 0.6 (not the decoys' 0.9):
    //   Q(s0,5) = 0.1 + 0.25·(0.8·0.6 − 0.1) = 0.1 + 0.25·0.38 = 0.195
    // Red plays 5 (0.6 > −0.2) and wins (39 discs):
    //   Q(s1,5) = 0.6 + 0.25·(1 − 0.6) = 0.6 + 0.1 = 0.7
    assert_eq!(play(&mut learner), (Outcome::Win(Side::First), 39));
    close(q(&learner, &s0, C5), 0.195, "game 3, Q(s0,5)");
    close(q(&learner, &s1, C5), 0.7, "game 3, Q(s1,5)");

    // Game 4: 0.195 > −0.15625, the same game; the block now sees the
    // win's value learned in game 3:
    //   Q(s0,5) = 0.195 + 0.25·(0.8·0.7 − 0.195) = 0.195 + 0.25·0.365
    //           = 0.28625
    //   Q(s1,5) = 0.7 + 0.25·(1 − 0.7) = 0.775
    assert_eq!(play(&mut learner), (Outcome::Win(Side::First), 39));
    close(q(&learner, &s0, C5), 0.28625, "game 4, Q(s0,5)");
    close(q(&learner, &s1, C5), 0.775, "game 4, Q(s1,5)");

    // Nothing else moved: the losing column keeps its value from game 2,
    // the column Red never played at s1 and the decoys keep theirs, and
    // no other cell was written.
    close(q(&learner, &s0, C7), -0.15625, "Q(s0,7) at the end");
    close(q(&learner, &s1, C7), -0.2, "Q(s1,7) at the end");
    let t = learner.table();
    close(t.get(after_block.cell(C5)), 0.9, "decoy (5)");
    close(t.get(after_block.cell(C7)), 0.9, "decoy (7)");
    assert_eq!(t.entries(), 6);
    assert_eq!(learner.games_trained(), 4);
}

#[test]
fn the_draw_reward_reaches_the_learners_last_move() {
    // Two empty cells, both in column 7; Red's disc there is its last move
    // and the stupid player fills the board: a draw.
    //
    // The position is S0's game played on to two cells from the end:
    // Red blocks in 5, Yellow 5, Red plays 7 (instead of winning in 5),
    // Yellow 5, leaving column 7's rows 5 and 6.
    let s0 = Position::from_moves(S0).unwrap();
    let mut p = s0;
    for col in [C5, C5, C7, C5] {
        p.play_col(col as usize);
    }
    assert_eq!((0..7).filter(|&c| p.can_play(c)).count(), 1);
    let mut learner = QLearner::<Position>::new(
        Side::First,
        QParams {
            alpha: ALPHA,
            gamma: GAMMA,
            epsilon: 0.0,
        },
    )
    .unwrap();
    learner.table_mut().set(p.cell(C7), 0.2);
    let game = LearningGame {
        side: Side::First,
        rewards: REWARDS,
        lookahead: 0,
    };
    let (outcome, discs) = game.play(&mut learner, &mut Leftmost, p, &mut rng_from_seed(1), None);
    assert_eq!((outcome, discs), (Outcome::Draw, 42));
    // Q(p,7) = 0.2 + 0.25·(0.5 − 0.2) = 0.275
    close(learner.q_value(&p, C7), 0.275, "Q(p,7) after a draw");
}
