//! Othello rules against published perft counts and hand-made positions.

use selfplay::games::othello::{self, parse_transcript, Board, PASS};
use selfplay::{Game, Outcome, Side};

/// (depth, live, with_ended) rows of `tests/data/othello/perft.txt`.
fn perft_table() -> Vec<(u32, u64, u64)> {
    include_str!("data/othello/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (f[0] as u32, f[1], f[2])
        })
        .collect()
}

/// The project counts perft in the "live" convention: every sequence of
/// exactly d plies, a forced pass being a ply, a finished game having no
/// continuation.
#[test]
fn perft_matches_published_counts_to_depth_11() {
    let table = perft_table();
    assert_eq!(table.len(), 13);
    for &(depth, live, _) in table.iter().filter(|r| r.0 <= 11) {
        assert_eq!(
            othello::perft(&Board::start(), depth),
            live,
            "depth {depth}"
        );
    }
}

/// The generic perft of `selfplay::search` (any game, through `Game` only)
/// matches the published counts in both conventions.
#[test]
fn generic_search_perft_matches_published_counts() {
    use selfplay::search::perft::{perft, perft_with_ended};
    for &(depth, live, with_ended) in perft_table().iter().filter(|r| r.0 <= 9) {
        assert_eq!(perft(&Board::start(), depth), live, "depth {depth}");
        assert_eq!(
            perft_with_ended(&Board::start(), depth),
            with_ended,
            "depth {depth}"
        );
    }
}

/// The generic `Game` interface gives the same counts as the bulk-counting
/// perft, including passes and ended games (the second column counts ended
/// games as leaves).
#[test]
fn generic_perft_agrees_with_both_conventions() {
    fn walk(b: &Board, depth: u32, buf: &mut Vec<Vec<u8>>, live: &mut u64, ended: &mut u64) {
        if b.is_over() {
            *ended += 1;
            return;
        }
        if depth == 0 {
            *live += 1;
            return;
        }
        let mut moves = buf.pop().unwrap_or_default();
        b.legal_moves(&mut moves);
        assert!(!moves.is_empty());
        for &m in &moves {
            let mut next = *b;
            assert!(next.is_legal(m));
            next.play(m);
            walk(&next, depth - 1, buf, live, ended);
        }
        buf.push(moves);
    }
    for &(depth, live, with_ended) in perft_table().iter().filter(|r| r.0 <= 10) {
        let (mut l, mut e) = (0, 0);
        walk(&Board::start(), depth, &mut Vec::new(), &mut l, &mut e);
        // An ended game at exactly depth d is a live leaf in the first
        // convention and an ended leaf here, so compare the sums.
        assert_eq!(l + e, with_ended, "depth {depth}");
        assert!(l <= live, "depth {depth}");
    }
}

#[test]
fn ffo_positions_parse_and_round_trip() {
    let text = include_str!("data/othello/ffo40-49.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let b = Board::parse(line).unwrap();
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(b.to_text(), format!("{} {}", fields[0], fields[1]));
        let empties: u32 = fields[4].parse().unwrap();
        assert_eq!(b.empties(), empties);
        // Every listed best move is legal.
        for mv in fields[3].split(',') {
            let m = Board::parse_move(mv).unwrap();
            assert!(b.is_legal(m), "{mv} in {line}");
        }
        n += 1;
    }
    assert_eq!(n, 10);
}

#[test]
fn bad_positions_are_rejected_with_a_message() {
    assert!(Board::parse("").is_err());
    assert!(Board::parse("XO X").unwrap_err().0.contains("64"));
    let bad = format!("{}Z X", "-".repeat(63));
    assert!(Board::parse(&bad).unwrap_err().0.contains("h8"));
    let no_side = "-".repeat(64);
    assert!(Board::parse(&no_side).unwrap_err().0.contains("side"));
}

#[test]
fn forced_pass_is_the_only_move_and_counts_as_a_ply() {
    // White to move on a1 with nothing to flip; black can play h8? Build a
    // position where white has no placement but black has one.
    // Black: a1, b1; white: c1. Black to move has d1? No: black plays d1
    // flipping c1 only if black brackets from a1/b1 — yes, d1 is legal for
    // black. White to move: white has c1 only; it needs to bracket black:
    // no white placement exists (a1 is occupied; the row is a1 b1 c1).
    let b = Board::parse(&format!("XXO{} O", "-".repeat(61))).unwrap();
    assert_eq!(b.legal_mask(), 0);
    assert!(b.must_pass());
    let mut moves = Vec::new();
    b.legal_moves(&mut moves);
    assert_eq!(moves, vec![PASS]);
    assert!(b.outcome().is_none());
    let mut after = b;
    after.try_play(PASS).unwrap();
    assert_eq!(after.side(), Side::First);
    assert_eq!(Board::format_move(PASS), "pass");
    // A pass is illegal when a placement exists.
    assert!(Board::start().try_play(PASS).is_err());
    // perft counts the pass as a ply.
    assert_eq!(othello::perft(&b, 1), 1);
    assert_eq!(othello::perft(&b, 2), 1);
}

#[test]
fn wipe_out_ends_the_game() {
    // The shortest game: black wipes white out in nine moves.
    let moves = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    let mut b = Board::start();
    for (i, &m) in moves.iter().enumerate() {
        assert!(b.outcome().is_none(), "ended early at {i}");
        b.play(m);
    }
    assert_eq!(b.count(Side::Second), 0);
    assert_eq!(b.count(Side::First), 13);
    assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    let mut buf = Vec::new();
    b.legal_moves(&mut buf);
    assert!(buf.is_empty());
    assert_eq!(b.final_margin(), 64);
    assert!(b.clone().try_play(0).is_err());
}

#[test]
fn full_board_ends_and_scores() {
    // 33 black, 31 white, no empty square.
    let cells: String = (0..64).map(|i| if i < 33 { 'X' } else { 'O' }).collect();
    let b = Board::parse(&format!("{cells} O")).unwrap();
    assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(b.final_margin(), 2);
    let cells: String = (0..64)
        .map(|i| if i % 2 == 0 { 'X' } else { 'O' })
        .collect();
    let b = Board::parse(&format!("{cells} X")).unwrap();
    assert_eq!(b.outcome(), Some(Outcome::Draw));
}

#[test]
fn game_ends_with_empty_squares_when_neither_side_can_move() {
    // Black a1, white h8, the rest empty: nobody can bracket anything.
    let b = Board::parse(&format!("X{}O X", "-".repeat(62))).unwrap();
    assert_eq!(b.outcome(), Some(Outcome::Draw));
    assert!(!b.must_pass());
    assert_eq!(b.final_margin(), 0);
    let b = Board::parse(&format!("XX{}O X", "-".repeat(61))).unwrap();
    assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(b.final_margin(), 62);
}

#[test]
fn flips_in_all_directions() {
    // Black on d4 surrounded by a ring of white with black beyond each:
    // placing on d4's centre... build: centre e5 empty, ring white, outer black.
    let centre: i32 = 36; // e5
    let dirs = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let (mut black, mut white) = (0u64, 0u64);
    for (dr, dc) in dirs {
        let (r, c) = (centre / 8, centre % 8);
        white |= 1 << ((r + dr) * 8 + c + dc);
        black |= 1 << ((r + 2 * dr) * 8 + c + 2 * dc);
    }
    let b = Board::from_discs(black, white, Side::First).unwrap();
    assert_eq!(b.flips(centre as u8), white);
    let mut after = b;
    after.play(centre as u8);
    assert_eq!(after.count(Side::Second), 0);
    assert_eq!(after.count(Side::First), 17);
}
