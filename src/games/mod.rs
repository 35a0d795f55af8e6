//! One module per game: rules only. Rules know nothing of players or learners.

pub mod connect4;
pub mod hare_hounds;
pub mod othello;
