//! Connect Four rules: hand-made positions, move strings, keys, and random
//! games checked against a naive implementation on the cells.

use std::collections::HashMap;

use rand::Rng as _;
use selfplay::games::connect4::{format_moves, parse_moves, Position, CELLS, HEIGHT, WIDTH};
use selfplay::{rng_from_seed, Game, Outcome, Side};

/// Four in a row on the cells view (row 0 at the top), the slow way:
/// every cell, every direction.
fn naive_winner(cells: &[u8; CELLS]) -> Option<Side> {
    let at = |r: isize, c: isize| {
        if (0..HEIGHT as isize).contains(&r) && (0..WIDTH as isize).contains(&c) {
            cells[r as usize * WIDTH + c as usize]
        } else {
            0
        }
    };
    for r in 0..HEIGHT as isize {
        for c in 0..WIDTH as isize {
            let v = at(r, c);
            if v == 0 {
                continue;
            }
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if (1..4).all(|k| at(r + k * dr, c + k * dc) == v) {
                    return Some(if v == 1 { Side::First } else { Side::Second });
                }
            }
        }
    }
    None
}

fn pos(moves: &str) -> Position {
    Position::from_moves(moves).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

#[test]
fn four_in_a_row_in_each_direction() {
    let cases = [
        ("1212121", "vertical", Side::First),
        ("1122334", "horizontal", Side::First),
        ("12234334544", "rising diagonal", Side::First),
        ("76654554344", "falling diagonal", Side::First),
        ("71122334", "horizontal, second player", Side::Second),
        (
            "612234334544",
            "rising diagonal, second player",
            Side::Second,
        ),
    ];
    for (moves, what, winner) in cases {
        let p = pos(moves);
        assert_eq!(p.outcome(), Some(Outcome::Win(winner)), "{what}: {moves}");
        assert_eq!(naive_winner(&p.cells()), Some(winner), "{what}: {moves}");
        let mut buf = vec![0];
        p.legal_moves(&mut buf);
        assert!(buf.is_empty(), "{what}: no move after a win");
        // One move short of the win: not over, and the winning move is seen.
        let before = pos(&moves[..moves.len() - 1]);
        assert_eq!(before.outcome(), None, "{what}");
        let last = moves.as_bytes()[moves.len() - 1] - b'1';
        assert!(before.is_winning_move(last as usize), "{what}");
        assert!(before.can_win_next(), "{what}");
    }
    // Three in a row, or four broken by the board's edge, is no win.
    for moves in ["121212", "112233", "5566771", "1234567"] {
        assert_eq!(pos(moves).outcome(), None, "{moves}");
    }
}

#[test]
fn full_columns_and_bad_characters_are_refused() {
    let e = Position::from_moves("1111111").unwrap_err().0;
    assert!(
        e.contains("move 7") && e.contains("'1'") && e.contains("full"),
        "{e}"
    );
    let e = Position::from_moves("448").unwrap_err().0;
    assert!(
        e.contains("move 3") && e.contains("'8'") && e.contains("range"),
        "{e}"
    );
    let e = Position::from_moves("40").unwrap_err().0;
    assert!(e.contains("'0'"), "{e}");
    let e = Position::from_moves("44x3").unwrap_err().0;
    assert!(e.contains("move 3") && e.contains("'x'"), "{e}");
    let e = Position::from_moves("4 4").unwrap_err().0;
    assert!(e.contains("move 2"), "{e}");
    let e = Position::from_moves("12121212").unwrap_err().0;
    assert!(e.contains("move 8") && e.contains("over"), "{e}");

    let mut p = pos("111111");
    assert!(!p.is_legal(0));
    assert!(p.is_legal(1));
    assert!(p.try_play(0).unwrap_err().0.contains("full"));
    assert!(p.try_play(7).unwrap_err().0.contains("does not exist"));
    assert_eq!(p, pos("111111"), "a refused move changes nothing");
    p.try_play(1).unwrap();
    assert_eq!(p, pos("1111112"));
    let mut won = pos("1212121");
    assert!(won.try_play(3).unwrap_err().0.contains("over"));
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    let moves = "111111222222333333544444455555666666777777";
    let mut p = Position::new();
    for (i, c) in parse_moves(moves).unwrap().into_iter().enumerate() {
        assert_eq!(p.outcome(), None, "after {i} moves");
        p.try_play(c).unwrap();
        assert_eq!(naive_winner(&p.cells()), None);
    }
    assert_eq!(p.moves_played() as usize, CELLS);
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let mut buf = Vec::new();
    p.legal_moves(&mut buf);
    assert!(buf.is_empty());
    assert!(p.cells().iter().all(|&c| c != 0));
}

#[test]
fn move_strings_round_trip() {
    for moves in ["", "4", "4453", "12234334544", "7654321"] {
        let cols = parse_moves(moves).unwrap();
        assert_eq!(format_moves(&cols), moves);
        let mut p = Position::new();
        for &c in &cols {
            p.play(c);
        }
        assert_eq!(p, pos(moves));
    }
    assert_eq!(Position::parse_move("4"), Ok(3));
    assert_eq!(Position::parse_move(" 1 "), Ok(0));
    assert_eq!(Position::format_move(6), "7");
    for bad in ["0", "8", "", "a", "44", "-1"] {
        assert!(Position::parse_move(bad).is_err(), "{bad:?}");
    }
    assert_eq!(Position::NAME, "connect4");
}

#[test]
fn keys_depend_on_the_position_not_the_move_order() {
    assert_eq!(pos("4453").key(), pos("5344").key());
    assert_eq!(pos("4453"), pos("5344"));
    assert_ne!(pos("4453").key(), pos("5443").key(), "the colours differ");
    assert_eq!(pos("4453").mask(), pos("5443").mask());
    // Mirror images: columns c and 8 - c.
    assert_eq!(pos("1").mirror_key(), pos("7").key());
    assert_eq!(pos("4453").mirror_key(), pos("4435").key());
    assert_eq!(pos("4453").mirror(), pos("4435"));
    assert_eq!(pos("4453").symmetric_key(), pos("4435").symmetric_key());
    assert_eq!(pos("44").mirror_key(), pos("44").key(), "symmetric");
    assert_ne!(pos("12").symmetric_key(), pos("21").symmetric_key());
}

#[test]
fn cells_and_landing_cells() {
    let p = pos("4453");
    let c = p.cells();
    // Bottom row (row 5): columns 3, 4, 5 (1-based) hold 2, 1, 1.
    assert_eq!(&c[35..42], &[0, 0, 2, 1, 1, 0, 0]);
    assert_eq!(&c[28..35], &[0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(c.iter().filter(|&&v| v != 0).count(), 4);
    assert_eq!(p.drop_cell(3), Some(3 * WIDTH + 3));
    assert_eq!(p.drop_cell(0), Some(5 * WIDTH));
    assert_eq!(p.drop_cell(7), None);
    let full = pos("444444");
    assert_eq!(full.drop_cell(3), None);
    assert_eq!(full.height(3), 6);
    assert_eq!(full.to_move(), Side::First);
    assert_eq!(pos("4").to_move(), Side::Second);
}

/// Random games through the `Game` interface: the outcome agrees with the
/// naive check, legal moves are the non-full columns until the end, the
/// landing cell is where the disc appears, and different positions never
/// share a key.
#[test]
fn random_games_agree_with_a_naive_referee() {
    let mut rng = rng_from_seed(11);
    let mut keys: HashMap<u64, [u8; CELLS]> = HashMap::new();
    let mut buf = Vec::new();
    let (mut wins, mut draws) = (0, 0);
    for _ in 0..3000 {
        let mut p = Position::start();
        loop {
            let cells = p.cells();
            let naive = naive_winner(&cells);
            if let Some(old) = keys.insert(p.key(), cells) {
                assert_eq!(old, cells, "two positions share a key");
            }
            assert_eq!(p.mirror().mirror(), p);
            assert_eq!(p.mirror().key(), p.mirror_key());
            p.legal_moves(&mut buf);
            match p.outcome() {
                Some(Outcome::Win(side)) => {
                    assert_eq!(naive, Some(side));
                    assert!(buf.is_empty());
                    wins += 1;
                    break;
                }
                Some(Outcome::Draw) => {
                    assert_eq!(naive, None);
                    assert_eq!(p.moves_played() as usize, CELLS);
                    draws += 1;
                    break;
                }
                None => assert_eq!(naive, None),
            }
            let open: Vec<u8> = (0..WIDTH as u8)
                .filter(|&c| cells[c as usize] == 0)
                .collect();
            assert_eq!(buf, open);
            let m = buf[rng.random_range(0..buf.len())];
            let cell = p.drop_cell(m as usize).unwrap();
            let who = if p.to_move() == Side::First { 1 } else { 2 };
            p.play(m);
            assert_eq!(p.cells()[cell], who);
        }
    }
    assert!(wins > 2000 && draws <= 1000, "{wins} wins, {draws} draws");
}
