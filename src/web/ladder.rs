//! The rating ladder for JavaScript ([`crate::ladder`]): which games are
//! still to play, one game between two agents, and the ratings of a table
//! of games. In the page's learners' module only (the first module keeps
//! its size budget); the page's Ladder tab runs these in its own workers.

use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::agent::{with_budget, Agent};
use super::boundary::{count_to_js, from_js, seed_from_js, to_js};
use super::{entry, js_error};
use crate::ladder::{check_name, fit_ladder, parse_table, play_game, schedule_sided, GameKey};
use crate::search::budget::Limits;

/// The most players a ladder from JavaScript may have (its round robin
/// grows as their square, the fit's matrices too).
const MAX_PLAYERS: usize = 200;

/// A player's name as the table holds it: no control character, and no
/// space at either end (the table's reader trims names, so `" a"` would
/// never be found played).
fn table_name(name: &str) -> Result<(), JsError> {
    check_name(name).map_err(js_error)?;
    if name.trim() != name {
        return Err(js_error(format!(
            "a player's name must not start or end with a space: {name:?}"
        )));
    }
    Ok(())
}

/// A game of the ladder to play: an opening and the players of the first
/// and the second side.
#[derive(Serialize, Tsify)]
pub struct LadderGame {
    pub opening: u32,
    pub first: String,
    pub second: String,
}

/// A player of a ladder: its name in the table, and the only side it plays
/// (0 first, 1 second), or `null` for both.
#[derive(Deserialize, Tsify)]
pub struct SidedPlayer {
    pub name: String,
    #[tsify(type = "0 | 1 | null")]
    pub side: Option<u8>,
}

/// The ladder games of `players` over the first `openings` openings of
/// `game`'s ladder that `table` (the ladder's table of games, in the CLI's
/// text form) does not hold yet, in a fixed order: each pair plays each
/// opening in each order of sides both can play.
#[wasm_bindgen(js_name = ladderTodo, unchecked_return_type = "LadderGame[]")]
pub fn ladder_todo(
    game: &str,
    table: &str,
    #[wasm_bindgen(unchecked_param_type = "SidedPlayer[]")] players: JsValue,
    openings: u32,
) -> Result<JsValue, JsError> {
    let players: Vec<SidedPlayer> = from_js(players, "the ladder's players")?;
    let e = entry(game)?;
    let have = crate::ladder::openings(e).len();
    if have == 0 {
        return Err(js_error(format!("{} has no rating ladder", e.info().title)));
    }
    if players.len() > MAX_PLAYERS {
        return Err(js_error(format!(
            "a ladder has at most {MAX_PLAYERS} players, not {}",
            players.len()
        )));
    }
    if openings == 0 || openings as usize > have {
        return Err(js_error(format!(
            "the ladder plays 1 to {have} openings, not {openings}"
        )));
    }
    for p in &players {
        table_name(&p.name)?;
        if p.side.is_some_and(|s| s > 1) {
            return Err(js_error(format!("{}: a side is 0, 1 or null", p.name)));
        }
    }
    // Inserted one by one: `collect` into a set would bring a generic sort.
    let mut done = std::collections::BTreeSet::<GameKey>::new();
    for g in parse_table(table).map_err(js_error)? {
        done.insert(g.key());
    }
    let sided: Vec<(String, Option<u8>)> = players.into_iter().map(|p| (p.name, p.side)).collect();
    let todo: Vec<LadderGame> = schedule_sided(&sided, openings as usize)
        .into_iter()
        .filter(|k| !done.contains(k))
        .map(|(opening, first, second)| LadderGame {
            opening: opening as u32,
            first,
            second,
        })
        .collect();
    to_js(&todo)
}

/// Plays ladder game (`opening`, `first`, `second`) of `game`: the agent
/// `firstAgent` plays the first side, `secondAgent` the second, each at its
/// own strength (no time limit), `progress` hearing a searching player's
/// reports. Returns the first player's score: 1, 0.5 or 0. The game depends
/// on its key (opening and names) and `seed` (a `BigInt`) alone: the CLI's
/// ladder plays the same game for the same names.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen(js_name = ladderGame)]
pub fn ladder_game(
    game: &str,
    opening: u32,
    first: &str,
    second: &str,
    #[wasm_bindgen(js_name = firstAgent)] first_agent: &mut Agent,
    #[wasm_bindgen(js_name = secondAgent)] second_agent: &mut Agent,
    #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "((progress: Progress) => void) | null")]
    progress: Option<js_sys::Function>,
) -> Result<f64, JsError> {
    let entry = entry(game)?;
    let seed = seed_from_js(&seed, "seed")?;
    for p in [first, second] {
        table_name(p)?;
    }
    if first == second {
        return Err(js_error("a ladder game needs two different players"));
    }
    let key: GameKey = (opening as usize, first.into(), second.into());
    let openings = crate::ladder::openings(entry);
    with_budget(Limits::NONE, progress, |budget| {
        play_game(
            entry,
            &openings,
            &key,
            first_agent.inner.as_mut(),
            second_agent.inner.as_mut(),
            seed,
            budget,
        )
    })
    .map_err(js_error)
}

/// One player's rating (see `ladderRatings`).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct LadderRating {
    pub player: String,
    pub elo: f64,
    /// Half the width of the 95% interval (0 for the anchor).
    pub interval: f64,
    pub games: f64,
    /// Points scored (a draw half a point).
    pub score: f64,
}

/// The Elo ratings of the players of `table` with 95% intervals, fitted by
/// maximum likelihood to all its games, `anchor` at 0, with the first
/// move's advantage unless `perSide` (each player plays one side of a game
/// whose sides differ); strongest first.
#[wasm_bindgen(js_name = ladderRatings, unchecked_return_type = "LadderRating[]")]
pub fn ladder_ratings(
    table: &str,
    anchor: &str,
    #[wasm_bindgen(js_name = perSide)] per_side: bool,
) -> Result<JsValue, JsError> {
    let games = parse_table(table).map_err(js_error)?;
    let ratings = fit_ladder(&games, anchor, per_side)
        .map_err(js_error)?
        .ratings;
    let out = ratings
        .into_iter()
        .map(|r| {
            Ok(LadderRating {
                games: count_to_js(u64::from(r.games), "games")?,
                player: r.player,
                elo: r.elo,
                interval: r.interval,
                score: r.score,
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    to_js(&out)
}
