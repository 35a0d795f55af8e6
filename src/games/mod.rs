//! One module per game: rules only. Rules know nothing of players or learners.

pub mod othello;
