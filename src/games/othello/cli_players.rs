//! The players of Othello's commands, from their specs as a person writes
//! them (`msb`, `search:4`, `search:d2e12`, a model file, `FILE:LEVEL`), and
//! the NBoard engine of one.

use super::players::by_name as othello_player;
use super::Board;
use crate::cli::CliError;

/// The model file a player spec plays (`FILE`, `FILE:LEVEL`, `FILE:dNeM`),
/// if it names one (a regular file, or a pipe such as `/dev/stdin`).
pub fn model_file(spec: &str) -> Option<std::path::PathBuf> {
    let spec = spec.trim();
    let name = match spec.rsplit_once(':') {
        Some((n, l)) if search_depths(l).is_some() => n,
        _ => spec,
    };
    if name == "search" || othello_player(name).is_ok() {
        return None;
    }
    let path = std::path::Path::new(name);
    path.exists().then(|| path.to_path_buf())
}

/// A player of `selfplay othello match` (see its help).
pub fn player(spec: &str) -> Result<Box<dyn crate::game::Player<Board>>, CliError> {
    use super::search_player::{SearchPlayer, SearchSettings};
    let spec = spec.trim();
    let (name, level) = match spec.rsplit_once(':') {
        Some((n, l)) => match search_depths(l) {
            Some(d) => (n, Some(d)),
            None => (spec, None),
        },
        None => (spec, None),
    };
    if let Some((depth, endgame)) = level {
        if !(1..=10).contains(&depth) || endgame > 30 {
            return Err(CliError::BadInput(format!(
                "{spec}: the level (or depth) must be from 1 to 10, and the exact endgame at most 30 empty squares"
            )));
        }
    }
    let settings = match level {
        Some((depth, endgame)) => SearchSettings {
            depth,
            endgame,
            ..SearchSettings::level(depth)
        },
        None => SearchSettings::level(4),
    };
    let search = |s: SearchSettings| -> Result<Box<dyn crate::game::Player<Board>>, CliError> {
        Ok(Box::new(
            SearchPlayer::new(s, 0).map_err(CliError::BadInput)?,
        ))
    };
    if name == "search" {
        return search(settings);
    }
    let no_level = || {
        CliError::BadInput(format!(
            "{spec}: '{name}' does not search, so it takes no level or depths"
        ))
    };
    if let Ok(p) = othello_player(name) {
        if level.is_some() {
            return Err(no_level());
        }
        return Ok(p);
    }
    let path = std::path::Path::new(name);
    if !path.exists() {
        return Err(CliError::BadInput(format!(
            "unknown Othello player {name}: neither a player (random, mvb, msb, search) nor a model file",
            name = crate::words::quote(name)
        )));
    }
    let model = crate::cli::read_model(path)?;
    if model.header.algorithm == crate::model::Algorithm::GaWeights {
        let weights = super::learners::ga::model_weights(&model)
            .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        let label = path
            .file_stem()
            .map_or(name.into(), |s| s.to_string_lossy());
        return Ok(Box::new(
            SearchPlayer::new(
                SearchSettings {
                    weights,
                    ..settings
                },
                0,
            )
            .map_err(CliError::BadInput)?
            .named(&label),
        ));
    }
    if model.header.algorithm == crate::model::Algorithm::NTuple {
        let (_, net) = super::learners::ntuple::read_model(&model)
            .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        if level.is_none() {
            return Ok(Box::new(super::tuples::TuplePlayer::new(net)));
        }
        let label = format!(
            "{}-search-d{}-e{}",
            path.file_stem()
                .map_or(name.into(), |s| s.to_string_lossy()),
            settings.depth,
            settings.endgame
        );
        return Ok(Box::new(
            SearchPlayer::new(settings, 0)
                .map_err(CliError::BadInput)?
                .with_net(net)
                .named(&label),
        ));
    }
    if level.is_some() {
        return Err(no_level());
    }
    let t = super::learners::QNetLearner::read(&model)
        .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
    Ok(Box::new(super::qnet::QNetPlayer::new(
        t.learner.net().clone(),
    )))
}

/// The NBoard engine of a player spec: a searching one (`search`, or a spec
/// with a level or depths) is rebuilt at the depth the GUI sets.
pub fn nboard_engine(spec: &str) -> Result<super::nboard::Engine, CliError> {
    let first = player(spec)?;
    let spec = spec.trim();
    let (base, depth) = match spec
        .rsplit_once(':')
        .and_then(|(b, d)| Some((b, search_depths(d)?)))
    {
        Some((base, (depth, _))) => (base.to_string(), Some(depth)),
        None if spec == "search" => (spec.to_string(), Some(4)),
        None => (spec.to_string(), None),
    };
    let at_depth: Option<super::nboard::AtDepth> = depth.map(|_| {
        Box::new(move |d: u32| {
            player(&format!("{base}:d{d}e{}", d.saturating_mul(2).min(24)))
                .map_err(CliError::into_message)
        }) as super::nboard::AtDepth
    });
    Ok(super::nboard::Engine::with_player(
        first,
        at_depth,
        depth.unwrap_or(1),
    ))
}

/// A search's depths after a player's `:`: a level `N` (N plies, the last
/// 2N empty squares exact) or `dNeM` (N plies, the last M exact).
fn search_depths(text: &str) -> Option<(u32, u32)> {
    if let Ok(n) = text.parse::<u32>() {
        return Some((n, n.saturating_mul(2)));
    }
    let (d, e) = text.strip_prefix('d')?.split_once('e')?;
    Some((d.parse().ok()?, e.parse().ok()?))
}
