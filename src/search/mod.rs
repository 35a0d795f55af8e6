//! Search: generic alpha-beta and exact solvers.
