//! A kind of run as a game lists it: a small object with its description
//! (settings form, presets, charts), how its runs start and continue, and
//! what its model files are (described, played, their weights shown).
//! A game's kinds are a list ([`super::GameEntry::runs`]); everything that
//! finds a kind by its id, or the kind of a model file, asks the list.

use serde_json::Value;

use super::learner::{json, settings, Learner, Run};
use super::{DynAgent, DynRun, ModelUse, PresetInfo, ResumeOptions, RunKindInfo, WeightTable};
use crate::model::Model;

/// A kind of training run of a game, as the page, the CLI and the
/// registry use it. A game writes [`LearnerKind`] instead: what starting,
/// continuing and recognising its runs' files take is the same for every
/// learner and comes with it.
pub trait RunKind: Sync {
    /// Its id, title, settings form, presets and charts.
    fn info(&self) -> RunKindInfo;

    /// The run settings of a preset, with `seed` as the base seed.
    fn preset_runs(&self, preset: &str, seed: u64) -> Result<Vec<Value>, String>;

    /// A new run from a settings object.
    fn new_run(&self, config: &Value) -> Result<Box<dyn DynRun>, String>;

    /// Whether `model` is one of this kind's files (which it describes,
    /// plays and, where it holds a run, continues).
    fn owns(&self, model: &Model) -> bool;

    /// The run a model or checkpoint of this kind holds, going on.
    fn resume(&self, model: &Model, options: &ResumeOptions) -> Result<Box<dyn DynRun>, String>;

    /// What a model of this kind is, for the library.
    fn describe(&self, model: &Model) -> Result<ModelUse, String>;

    /// A model of this kind as the player `model`, with its settings.
    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String>;

    /// The weights a model of this kind learned, beside those it started
    /// from; `None` for a kind (or a model) whose weights are not shown.
    fn weights(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        let _ = model;
        Ok(None)
    }
}

/// A kind of run over its learner: what is its own (its description and
/// presets, and what its model files are: described, played, their
/// weights shown). Its runs start from a checked settings object, its
/// files are those of its learner's algorithm and continue as the learner
/// reads them back: the [`RunKind`] every `LearnerKind` is.
pub trait LearnerKind: Sync {
    /// The learner its runs train.
    type Learner: Learner;

    /// Its title, settings form, presets and charts (its id, and whether
    /// its runs can be watched and need the learners' module, are its
    /// learner's).
    fn info(&self) -> RunKindInfo;

    /// The settings of a preset's runs, with `seed` as the base seed.
    fn presets(&self, preset: &str, seed: u64) -> Result<Vec<Settings<Self>>, String>;

    /// What a model of this kind is, for the library.
    fn describe(&self, model: &Model) -> Result<ModelUse, String>;

    /// A model of this kind as the player `model`, with its settings.
    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String>;

    /// The weights a model of this kind learned, beside those it started
    /// from; `None` for a kind (or a model) whose weights are not shown.
    fn weights(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        let _ = model;
        Ok(None)
    }
}

/// The settings of a kind's runs.
pub type Settings<K> = <<K as LearnerKind>::Learner as Learner>::Config;

impl<K: LearnerKind> RunKind for K {
    fn info(&self) -> RunKindInfo {
        RunKindInfo {
            id: K::Learner::KIND.into(),
            watchable: K::Learner::WATCHABLE,
            needs_learners: K::Learner::NEEDS_LEARNERS.is_some(),
            ..LearnerKind::info(self)
        }
    }

    fn preset_runs(&self, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        self.presets(preset, seed)?.iter().map(json).collect()
    }

    fn new_run(&self, config: &Value) -> Result<Box<dyn DynRun>, String> {
        start::<K::Learner>(|| {
            let config = settings(config)?;
            K::Learner::check(&config)?;
            Ok(config)
        })
    }

    fn owns(&self, model: &Model) -> bool {
        model.header.algorithm == K::Learner::ALGORITHM
    }

    fn resume(&self, model: &Model, options: &ResumeOptions) -> Result<Box<dyn DynRun>, String> {
        resume::<K::Learner>(model, options)
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        LearnerKind::describe(self, model)
    }

    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        LearnerKind::player(self, model, settings)
    }

    fn weights(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        LearnerKind::weights(self, model)
    }
}

/// The number of a study's numbered experiment `id` ("1", "2", ...), as
/// presets of the kind `kind` of the game titled `title` name them.
pub fn numbered(title: &str, kind: &str, id: &str) -> Result<u32, String> {
    id.parse()
        .map_err(|_| super::unknown_preset(title, kind, id))
}

/// The presets of a study's numbered experiments, from `(id, name,
/// sentence)` rows: each in the group `group(id)` gives ("study",
/// "beyond"), with as many runs as `preset(number, 0)` makes.
pub fn numbered_presets<C>(
    rows: &[(&str, &str, &str)],
    group: fn(&str) -> &'static str,
    preset: fn(u32, u64) -> Result<Vec<C>, String>,
) -> Vec<PresetInfo> {
    rows.iter()
        .map(|&(id, name, sentence)| PresetInfo {
            id: id.into(),
            name: name.into(),
            sentence: sentence.into(),
            group: group(id).into(),
            runs: id
                .parse()
                .ok()
                .and_then(|n| preset(n, 0).ok())
                .map_or(0, |r| r.len() as u32),
        })
        .collect()
}

/// Whether this build is the page's first module, which leaves out the
/// learners marked [`Learner::NEEDS_LEARNERS`] (feature `extra-learners`).
pub const FIRST_MODULE: bool = !cfg!(feature = "extra-learners");

/// The message of a build without the learner `name` (see
/// [`FIRST_MODULE`]).
pub fn in_learners_module(name: &str) -> String {
    format!("this module has no {name}: the page's learners' module has it")
}

/// A new run of the learner `L` from the settings `config` reads (from
/// the page's or a preset's object). In the page's first module a learner
/// it leaves out says where it is, before its settings are read (and its
/// code, settings reader included, is not built in: the test is a
/// constant).
pub fn start<L: Learner>(
    config: impl FnOnce() -> Result<L::Config, String>,
) -> Result<Box<dyn DynRun>, String> {
    if let (Some(name), true) = (L::NEEDS_LEARNERS, FIRST_MODULE) {
        return Err(in_learners_module(name));
    }
    Ok(Box::new(Run::<L>::new(config()?)?))
}

/// The run of the learner `L` a model or checkpoint holds, going on as
/// `options` say (see [`start`] for the first module).
pub fn resume<L: Learner>(
    model: &Model,
    options: &ResumeOptions,
) -> Result<Box<dyn DynRun>, String> {
    if let (Some(name), true) = (L::NEEDS_LEARNERS, FIRST_MODULE) {
        return Err(in_learners_module(name));
    }
    Ok(Box::new(Run::<L>::resume(model, options)?))
}

/// `make()` in a build with the learners' module's code; in the page's
/// first module, the message that `name` is in the other (and `make`'s code
/// is not built in: the test is a constant).
pub fn learners_only<T>(name: &str, make: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    if FIRST_MODULE {
        Err(in_learners_module(name))
    } else {
        make()
    }
}

/// The kind `id` among `kinds`.
pub fn kind<'a>(
    kinds: &[&'a dyn RunKind],
    title: &str,
    id: &str,
) -> Result<&'a dyn RunKind, String> {
    kinds
        .iter()
        .find(|k| k.info().id == id)
        .copied()
        .ok_or_else(|| format!("{title} has no training run '{id}'"))
}

/// The kind among `kinds` whose file `model` is.
pub fn kind_of<'a>(
    kinds: &[&'a dyn RunKind],
    title: &str,
    model: &Model,
) -> Result<&'a dyn RunKind, String> {
    kinds
        .iter()
        .find(|k| k.owns(model))
        .copied()
        .ok_or_else(|| super::no_learner(model, title))
}

#[cfg(test)]
mod tests {
    /// The page (www/src/core/modules.ts, `lacksLearner`) finds this phrase
    /// in an error to ask again of a worker with the learners' module.
    #[test]
    fn the_missing_learner_error_names_the_learners_module_as_the_page_looks_for_it() {
        let m = super::in_learners_module("genetic algorithm");
        assert_eq!(
            m,
            "this module has no genetic algorithm: the page's learners' module has it"
        );
    }
}
