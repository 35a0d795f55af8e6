//! The registry: one folder per game, and the one list of games. Adding a
//! game is a folder `src/games/<id>/` with an entry (see
//! [`crate::plugin::GameEntry`]) and one line in [`REGISTRY`].

pub mod connect4;
pub mod hare_hounds;
pub mod othello;
pub mod tictactoe;

use crate::plugin::{Coming, GameEntry};

/// The playable games, in the order the page lists them.
pub static REGISTRY: &[&dyn GameEntry] = &[
    &othello::entry::Othello,
    &hare_hounds::entry::HareHoundsEntry,
    &connect4::entry::Connect4Entry,
    &tictactoe::entry::Entry,
];

/// Games listed as coming, not playable yet.
pub static COMING: &[Coming] = &[Coming {
    id: "connect6",
    title: "Connect6",
    blurb: "Two stones a turn on a 19×19 board; six in a row wins.",
    sides: ["Black", "White"],
}];
