//! Learners: they turn played games into better players.
