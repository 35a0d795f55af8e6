//! The fixed Othello players: they do what their names say.

use selfplay::arena::{play_match, play_random_move};
use selfplay::games::othello::players::{
    by_name as othello_player, stable_discs, MaxFlipsPlayer, MaxStablePlayer,
};
use selfplay::games::othello::{Board, PASS};
use selfplay::{rng_from_seed, Game, Player, Rng};

/// Positions from random games, each with its side to move not finished.
fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    while out.len() < n {
        let mut b = Board::start();
        while !b.is_over() {
            out.push(b);
            play_random_move(&mut b, &mut rng, &mut buf);
        }
    }
    out.truncate(n);
    out
}

#[test]
fn every_player_plays_only_legal_moves_through_whole_games() {
    let mut rng = rng_from_seed(3);
    for name in ["random", "mvb", "msb"] {
        let mut p = othello_player(name).unwrap();
        for _ in 0..20 {
            let mut b = Board::start();
            while !b.is_over() {
                let m = p.choose(&b, &mut rng);
                assert!(b.is_legal(m), "{name} chose {m} in {}", b.to_text());
                b.play(m);
            }
        }
    }
    assert!(othello_player("alphazero").is_err());
}

#[test]
fn max_flips_really_maximises_flips_and_breaks_ties_at_random() {
    let mut p = MaxFlipsPlayer::new();
    let mut rng = rng_from_seed(11);
    let mut saw_different_tie_choices = false;
    for b in random_positions(3000, 5) {
        let best = (0..64u8).map(|sq| b.flips(sq).count_ones()).max().unwrap();
        let m = p.choose(&b, &mut rng);
        if best == 0 {
            assert_eq!(m, PASS);
            continue;
        }
        assert_eq!(b.flips(m).count_ones(), best, "{}", b.to_text());
        let tied = (0..64u8)
            .filter(|&sq| b.flips(sq).count_ones() == best)
            .count();
        if tied > 1 && !saw_different_tie_choices {
            let picks: std::collections::HashSet<u8> =
                (0..50).map(|_| p.choose(&b, &mut rng)).collect();
            saw_different_tie_choices = picks.len() > 1;
        }
    }
    assert!(saw_different_tie_choices);
}

/// The study's stability heuristic written out square by square, as a
/// reference for the bitboard version.
fn reference_stable(b: &Board) -> (u64, u64) {
    let colour = |sq: i32| -> u8 {
        let bit = 1u64 << sq;
        if b.black() & bit != 0 {
            1
        } else if b.white() & bit != 0 {
            2
        } else {
            0
        }
    };
    let on = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
    let dirs = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut stable = [0u8; 64]; // 0 = not (yet) stable, else colour
    loop {
        let mut changed = false;
        for sq in 0..64 {
            let me = colour(sq);
            if me == 0 || stable[sq as usize] != 0 {
                continue;
            }
            let (r, c) = (sq / 8, sq % 8);
            let ok = dirs.iter().all(|&(dr, dc)| {
                // full line?
                let mut full = true;
                for k in -7..=7 {
                    let (rr, cc) = (r + k * dr, c + k * dc);
                    if on(rr, cc) && colour(rr * 8 + cc) == 0 {
                        full = false;
                    }
                }
                let n1 = (r - dr, c - dc);
                let n2 = (r + dr, c + dc);
                let st = |(rr, cc): (i32, i32)| -> u8 {
                    if on(rr, cc) {
                        stable[(rr * 8 + cc) as usize]
                    } else {
                        255
                    }
                };
                let (s1, s2) = (st(n1), st(n2));
                let opp = 3 - me;
                full || s1 == 255 || s2 == 255 || s1 == me || s2 == me || (s1 == opp && s2 == opp)
            });
            if ok {
                stable[sq as usize] = me;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = (0u64, 0u64);
    for (sq, &s) in stable.iter().enumerate() {
        if s == 1 {
            out.0 |= 1 << sq;
        } else if s == 2 {
            out.1 |= 1 << sq;
        }
    }
    out
}

#[test]
fn stable_discs_on_hand_made_positions() {
    let pos = |cells: &str| Board::parse(&format!("{cells:-<64} X")).unwrap();
    // A corner alone is stable.
    assert_eq!(stable_discs(&pos("X")), (1, 0));
    // A run along an edge from a corner is stable; a run not touching a
    // corner is not.
    assert_eq!(stable_discs(&pos("XXX")), (0b111, 0));
    assert_eq!(stable_discs(&pos("-XXX")), (0, 0));
    assert_eq!(stable_discs(&pos("X-XX")), (1, 0));
    // An edge run of mixed colours from a corner: each disc leans on a
    // stable neighbour of its own colour or on the corner chain? b1 is white
    // between a1 (black, stable) and c1 (black): its row is not full and
    // neither neighbour is a stable white disc, so it is not stable, and so
    // c1 has no stable neighbour of its own colour either.
    assert_eq!(stable_discs(&pos("XOX")), (1, 0));
    // A full row makes every disc of that row stable along the row, but a
    // disc also needs the other three directions: row 1 is an edge, so the
    // full first row is stable throughout.
    assert_eq!(stable_discs(&pos("XOXOXOXO")), (0x55, 0xaa));
    // A full row in the middle of an otherwise empty board: its end discs
    // have off-board neighbours along the row and the diagonals, but not
    // along the column, so nothing is stable.
    let mid = format!("{}{}", "-".repeat(24), "XXXXOOOO");
    assert_eq!(stable_discs(&pos(&mid)), (0, 0));
    // A full board: every disc is stable.
    let full: String = (0..64)
        .map(|i| if i % 3 == 0 { 'O' } else { 'X' })
        .collect();
    let b = pos(&full);
    let (sb, sw) = stable_discs(&b);
    assert_eq!((sb, sw), (b.black(), b.white()));
    // The middle of the start position: nothing.
    assert_eq!(stable_discs(&Board::start()), (0, 0));
}

#[test]
fn stable_discs_match_the_square_by_square_definition() {
    let mut nonzero = 0;
    for b in random_positions(4000, 9) {
        let got = stable_discs(&b);
        assert_eq!(got, reference_stable(&b), "{}", b.to_text());
        if got != (0, 0) {
            nonzero += 1;
        }
    }
    assert!(
        nonzero > 500,
        "too few positions with stable discs: {nonzero}"
    );
}

#[test]
fn max_stable_maximises_stable_discs_else_plays_max_flips() {
    let mut p = MaxStablePlayer::new();
    let mut rng: Rng = rng_from_seed(2);
    let mut fallback = 0;
    for b in random_positions(2000, 21) {
        let me = b.side();
        let after = |sq: u8| {
            let mut a = b;
            a.play(sq);
            let (sb, sw) = stable_discs(&a);
            if me == selfplay::Side::First {
                sb.count_ones()
            } else {
                sw.count_ones()
            }
        };
        let legal: Vec<u8> = (0..64u8).filter(|&sq| b.flips(sq) != 0).collect();
        let m = p.choose(&b, &mut rng);
        if legal.is_empty() {
            assert_eq!(m, PASS);
            continue;
        }
        let best = legal.iter().map(|&sq| after(sq)).max().unwrap();
        if best > 0 {
            assert_eq!(after(m), best);
        } else {
            fallback += 1;
            let most = legal
                .iter()
                .map(|&sq| b.flips(sq).count_ones())
                .max()
                .unwrap();
            assert_eq!(b.flips(m).count_ones(), most);
        }
    }
    assert!(fallback > 100);
}

#[test]
fn matches_are_reproducible_and_follow_the_studys_ordering() {
    let run = |a: &str, b: &str, seed| {
        play_match(
            othello_player(a).unwrap().as_mut(),
            othello_player(b).unwrap().as_mut(),
            200,
            5,
            seed,
        )
    };
    assert_eq!(run("mvb", "random", 4), run("mvb", "random", 4));
    let msb_mvb = run("msb", "mvb", 1).total();
    let msb_random = run("msb", "random", 1).total();
    let mvb_random = run("mvb", "random", 1).total();
    assert!(msb_mvb.win_percent() > 80.0, "{msb_mvb:?}");
    assert!(msb_random.win_percent() > 80.0, "{msb_random:?}");
    assert!(
        (55.0..80.0).contains(&mvb_random.win_percent()),
        "{mvb_random:?}"
    );
}
