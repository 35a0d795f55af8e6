//! Hare and Hounds as a table: the dense state and action indices of the
//! tabular Q-learner ([`crate::learn::q_table`]).

use super::board::{HOUND_ACTIONS, POINTS};
use super::HareHounds;
use crate::game::{Game, Side};
use crate::learn::q_table::{DenseTable, Tabular};

/// Hare and Hounds: the state is the hound set (sorted, so the same three
/// points in any order share a row), the hare's point and the stalling
/// counter, 165 × 11 × 10 = 18,150 rows for either side. A hound action is
/// which hound steps where, one of the 28 directed steps a hound can make
/// (`board::HOUND_ACTION`); a hare action is the point it steps to (11).
impl Tabular for HareHounds {
    const ENCODING: &'static str = "houndset-hare-stall";
    /// A run's generator, and the table of a hare that learned beside the hounds.
    const EXTRA_ARRAYS: &'static [&'static str] = &["rng", "hare_q"];
    type Table = DenseTable;

    fn new_table(side: Side) -> DenseTable {
        DenseTable::new(HareHounds::STATE_INDICES, actions(side))
    }

    #[inline]
    fn cell(&self, m: Self::Move) -> u64 {
        let action = match self.to_move() {
            Side::First => HareHounds::hound_action(m).expect("a hound step"),
            Side::Second => m.to.index(),
        };
        (self.state_index() * actions(self.to_move()) + action) as u64
    }
}

/// The columns of `side`'s table: the hounds' 28 directed steps, or the
/// hare's 11 target points.
fn actions(side: Side) -> usize {
    match side {
        Side::First => HOUND_ACTIONS,
        Side::Second => POINTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Side};
    use crate::games::hare_hounds::board::{A, G as PG, L, R};
    use crate::games::hare_hounds::players::SimpleHare;
    use crate::learn::q_table::{play_learning_game, Agent, QParams};
    use crate::learn::q_table::{QLearner, QTable};
    use crate::model::GameId;
    use crate::rng_from_seed;
    use serde_json::json;

    const P: QParams = QParams {
        alpha: 0.5,
        gamma: 0.9,
        epsilon: 0.0,
    };

    #[test]
    fn hound_order_does_not_matter() {
        let orders = [[L, A, PG], [A, L, PG], [PG, A, L], [PG, L, A]];
        let rows: Vec<usize> = orders
            .iter()
            .map(|h| HareHounds::state_index(&HareHounds::new(*h, R, Side::First, 0).unwrap()))
            .collect();
        assert!(rows.iter().all(|&r| r == rows[0]));
        let other = HareHounds::new(
            [L, A, crate::games::hare_hounds::board::D],
            R,
            Side::First,
            0,
        )
        .unwrap();
        assert_ne!(HareHounds::state_index(&other), rows[0]);
        // the stalling counter is part of the state
        let stalled = HareHounds::new([L, A, PG], R, Side::First, 3).unwrap();
        assert_ne!(HareHounds::state_index(&stalled), rows[0]);
        // the learner's values are shared accordingly
        let mut l: QLearner<HareHounds> = QLearner::new(Side::First, P).unwrap();
        let g1 = HareHounds::new([L, A, PG], R, Side::First, 0).unwrap();
        let g2 = HareHounds::new([PG, A, L], R, Side::First, 0).unwrap();
        let m = HareHounds::parse_move("L-d").unwrap();
        let cell = l.cell(&g1, m);
        l.table_mut().set(cell, 0.75);
        assert_eq!(l.q_value(&g2, m), 0.75);
    }

    #[test]
    fn update_rule_and_timing() {
        // Hounds on e, c, i and the hare on R: e-f traps it at once (R = +1).
        let g = HareHounds::parse("hounds=e,c,i hare=R").unwrap();
        let trap = HareHounds::parse_move("e-f").unwrap();
        let mut l: QLearner<HareHounds> = QLearner::new(Side::First, P).unwrap();
        let mut rng = rng_from_seed(1);
        // all Q are 0: greedy ties broken at random; force the trap
        l.set_pending(Some(l.cell(&g, trap)));
        l.finish(Outcome::Win(Side::First));
        assert_eq!(l.q_value(&g, trap), 0.5);
        // now greedy picks the trap
        assert_eq!(l.act(&g, &mut rng), trap);
        l.finish(Outcome::Win(Side::First));
        assert_eq!(l.q_value(&g, trap), 0.75);
        // A non-final step bootstraps from the next hound-to-move position
        // when the hounds move again: b-e from hounds b,c,i (hare on R), then
        // (after a hare move, set up by hand) the trap position above.
        let s = HareHounds::parse("hounds=b,c,i hare=R").unwrap();
        let m = HareHounds::parse_move("b-e").unwrap();
        l.set_pending(Some(l.cell(&s, m)));
        // the next hound-to-move position is the trap position above
        let next = HareHounds::parse("hounds=e,c,i hare=R").unwrap();
        let _ = l.act(&next, &mut rng);
        // Q(s, b-e) = 0 + 0.5 * (0 + 0.9 * 0.75 - 0)
        assert!((l.q_value(&s, m) - 0.5 * 0.9 * 0.75).abs() < 1e-6);
    }

    #[test]
    fn learning_games_update_only_rows_the_hounds_were_in() {
        let mut l: QLearner<HareHounds> = QLearner::new(
            Side::First,
            QParams {
                alpha: 0.1,
                gamma: 0.9,
                epsilon: 1.0,
            },
        )
        .unwrap();
        // The rows whose values a game changed, over 200 games.
        let mut hare = SimpleHare::new();
        let mut rng = rng_from_seed(2);
        let mut visited = std::collections::HashSet::new();
        for _ in 0..200 {
            let before = l.table().values().to_vec();
            play_learning_game(
                &HareHounds::start(),
                Agent::Learning(&mut l),
                Agent::Fixed(&mut hare),
                &mut rng,
            );
            for (i, (a, b)) in before.iter().zip(l.table().values()).enumerate() {
                if a != b {
                    visited.insert(i / HOUND_ACTIONS);
                }
            }
        }
        assert_eq!(l.games_trained(), 200);
        assert!(!visited.is_empty());
        assert!(l
            .table()
            .values()
            .iter()
            .all(|&v| (-1.0..=1.0).contains(&v)));
        // Rows of hare-to-move positions do not exist in the hounds' table;
        // every changed row decodes to a hounds-to-move position that the
        // hounds can reach from the start against this hare.
        let reachable = crate::games::hare_hounds::solve::Solution::solve();
        let rows: std::collections::HashSet<usize> = reachable
            .reachable(Side::First)
            .iter()
            .map(HareHounds::state_index)
            .collect();
        assert!(
            visited.is_subset(&rows),
            "a cell outside the hounds' positions changed"
        );
    }

    #[test]
    fn model_round_trip_and_validation() {
        let mut l: QLearner<HareHounds> = QLearner::new(Side::Second, P).unwrap();
        l.table_mut().values_mut()[17] = -0.25;
        // 42 finished games without a pending move: only the count changes.
        for _ in 0..42 {
            l.finish(Outcome::Draw);
        }
        let model = l.to_model("hare test", 5).unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let back =
            QLearner::<HareHounds>::from_model(&crate::model::decode(&bytes).unwrap()).unwrap();
        assert_eq!(back.table(), l.table());
        assert_eq!(back.games_trained(), 42);
        assert_eq!(back.side(), Side::Second);
        assert_eq!(back.params(), P);
        let mut bad = model.clone();
        bad.set(
            "q",
            vec![HareHounds::STATE_INDICES, 28],
            vec![0f32; HareHounds::STATE_INDICES * 28],
        )
        .unwrap();
        assert!(
            QLearner::<HareHounds>::from_model(&bad).is_err(),
            "hounds' shape for a hare"
        );
        let mut bad = model.clone();
        bad.header.game = GameId::of("othello");
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        let mut bad = model.clone();
        bad.push("padding", vec![3], vec![0u8; 3]).unwrap();
        assert!(QLearner::<HareHounds>::from_model(&bad)
            .unwrap_err()
            .contains("array 'padding'"));
        let mut bad = model.clone();
        bad.header.encoding = "other".into();
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        let mut bad = model;
        bad.header.hyper.insert("alpha".into(), json!(3.0));
        assert!(QLearner::<HareHounds>::from_model(&bad).is_err());
        assert!(QLearner::<HareHounds>::new(
            Side::First,
            QParams {
                alpha: -0.1,
                gamma: 0.9,
                epsilon: 0.1
            }
        )
        .is_err());
    }
}
