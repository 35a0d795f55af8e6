//! Perft over any game: the number of move sequences of exactly `depth`
//! plies from a position, a finished game having no continuation. It walks
//! the tree through [`Game::legal_moves`] and [`Game::play`] only, so it
//! checks a game's rules as they are used by every generic player; a game
//! may have a faster perft of its own (bulk counting on bitboards) that must
//! agree with this one.

use crate::game::Game;

/// Counts the move sequences of exactly `depth` plies from `g`.
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    count(g, depth, &mut buffers)
}

fn count<G: Game>(g: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    g.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let mut next = g.clone();
        next.play(m);
        total += count(&next, depth - 1, rest);
    }
    total
}

/// Counts the games that end within `depth` plies as leaves too (each once,
/// at the ply it ends): the "with ended" convention of some published tables.
pub fn perft_with_ended<G: Game>(g: &G, depth: u32) -> u64 {
    if depth == 0 || g.is_over() {
        return 1;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut next = g.clone();
            next.play(m);
            perft_with_ended(&next, depth - 1)
        })
        .sum()
}
