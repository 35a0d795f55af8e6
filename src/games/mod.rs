//! The registry: one folder per game, and the one list of games. Adding a
//! game is a folder `src/games/<id>/` with an entry (see
//! [`crate::plugin::GameEntry`]) and its lines here (`pub mod` and one line in
//! [`REGISTRY`]; one in [`own_commands`] for a game with commands of its
//! own). Everything that finds a game by its name — the web API,
//! the CLI, model files — asks this module; the plug-in traits in
//! [`crate::plugin`] know no list of games.

pub mod connect4;
pub mod connect6;
pub mod hare_hounds;
pub mod othello;
pub mod tictactoe;

use crate::model::{decode_with, GameId, Limits, Model, ModelError};
use crate::plugin::Training as _;
use crate::plugin::{GameEntry, GameInfo, Geometry, ModelUse, PlayerSettings};

/// The playable games, in the order the page lists them.
pub static REGISTRY: &[&dyn GameEntry] = &[
    &othello::entry::Entry,
    &hare_hounds::entry::Entry,
    &connect4::entry::Entry,
    &tictactoe::entry::Entry,
    &connect6::entry::Entry,
];

/// The games' own subcommands (`selfplay <id> …`, each in its folder's
/// `cli.rs`), for the native command line; a game of [`REGISTRY`] without
/// any has none here.
#[cfg(not(target_arch = "wasm32"))]
pub fn own_commands() -> Vec<crate::cli::Commands> {
    vec![
        othello::cli::commands(),
        hare_hounds::cli::commands(),
        connect4::cli::commands(),
        connect6::cli::commands(),
    ]
}

/// Games listed as coming, not playable yet.
pub static COMING: &[Coming] = &[];

/// The names of every game this build knows: the registry's, then the
/// games to come.
pub fn game_names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .map(|e| e.id())
        .chain(COMING.iter().map(|c| c.id))
        .collect()
}

/// The title people read of the game a model names: the registry's title,
/// or the name itself for a game this build does not know.
pub fn game_title(game: &GameId) -> String {
    if let Some(e) = REGISTRY.iter().find(|e| e.id() == game.name()) {
        return e.info().title;
    }
    match COMING.iter().find(|c| c.id == game.name()) {
        Some(c) => c.title.to_string(),
        None => game.name().to_string(),
    }
}

/// A decoded model whose game this build knows. The model format keeps no
/// list of games; the registry decides here which names are known.
pub fn known_model(model: Model) -> Result<Model, ModelError> {
    let known = game_names();
    if known.contains(&model.header.game.name()) {
        Ok(model)
    } else {
        Err(ModelError::UnknownGame {
            name: model.header.game.name().to_string(),
            known: known.into_iter().map(String::from).collect(),
        })
    }
}

/// Reads a model file for use: [`crate::model::decode_with`], then the
/// registry's check of its game ([`known_model`]).
pub fn read_model(bytes: &[u8], limits: &Limits) -> Result<Model, ModelError> {
    known_model(decode_with(bytes, limits)?)
}

/// The entry of a registered, playable game.
pub fn entry(game: &str) -> Result<&'static dyn GameEntry, String> {
    let game = game.trim();
    if let Some(e) = REGISTRY.iter().find(|e| e.id() == game) {
        return Ok(*e);
    }
    if let Some(c) = COMING.iter().find(|c| c.id == game) {
        return Err(format!("{} is not playable yet", c.title));
    }
    Err(format!(
        "unknown game {} (games: {})",
        crate::words::quote(game),
        game_names().join(", ")
    ))
}

/// A game that is listed but not built yet.
pub struct Coming {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
    pub sides: [&'static str; 2],
}

/// Every game of the playground, built ones first in registry order, then
/// the ones to come.
pub fn all_games() -> Vec<GameInfo> {
    let mut out: Vec<GameInfo> = REGISTRY.iter().map(|e| e.info()).collect();
    out.extend(COMING.iter().map(|c| GameInfo {
        id: c.id.into(),
        title: c.title.into(),
        blurb: c.blurb.into(),
        sides: c.sides.map(String::from),
        geometry: Geometry::Grid { rows: 0, cols: 0 },
        players: Vec::new(),
        runs: Vec::new(),
        model_settings: Vec::new(),
        built: false,
        ladder_openings: 0,
        ladder_per_side: false,
    }));
    out
}

/// The player settings a model holds, whatever its game.
pub fn kept_settings(model: &Model) -> Option<PlayerSettings> {
    let game = model.header.game.name();
    REGISTRY
        .iter()
        .find(|e| e.id() == game)
        .and_then(|e| e.kept_settings()?.read(model))
}

/// Whether this version can use a model file, whatever its game: the entry
/// of its game rebuilds its learner and describes it.
pub fn describe_model(model: &Model) -> Result<ModelUse, String> {
    let game = model.header.game.name();
    match REGISTRY.iter().find(|e| e.id() == game) {
        Some(e) => e.describe_model(model),
        None => Err(format!(
            "this version of Selfplay cannot use {} models yet",
            game_title(&model.header.game)
        )),
    }
}
