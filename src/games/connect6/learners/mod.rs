//! Connect6's learners: one file each, and the list of the game's kinds of
//! run (adding a learner is its file and a line here).

pub mod td;

use crate::plugin::RunKind;

/// The game's kinds of run, in the order the page lists them.
pub static KINDS: &[&dyn RunKind] = &[&td::TdKind];
