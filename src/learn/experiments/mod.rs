//! The studies' experiments as presets: configurations that run in chunks and
//! produce learning curves.

pub mod hare_hounds;
