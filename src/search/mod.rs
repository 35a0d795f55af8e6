//! Search: generic alpha-beta and exact solvers.

pub mod hare_hounds_solve;
