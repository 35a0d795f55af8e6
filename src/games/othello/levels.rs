//! The levels at which an n-tuple network plays on the page: the network
//! alone (its best-valued move at once), or as the evaluation of the
//! principal-variation search ([`super::search_player`]) with an exact
//! endgame, level `n` looking `n` moves ahead and playing the last `2n`
//! empty squares perfectly — the depths of Egaroucid for Web's level `n`,
//! so that the two compare at equal depth.
//!
//! Every move is also bounded by [`MOVE_MS`], whatever the page asks: a
//! level whose search cannot finish in time plays the best move of the
//! deepest search it finished (in WebAssembly levels 1 to 7 almost never
//! reach it; the highest ones often do).
//!
//! Each level's words say how it scored against Egaroucid for Web
//! (`src/games/othello/vs-egaroucid.sh`, 200 openings × 2 colours) with
//! the network of the `logistello` preset: docs/othello.md has the table
//! and the commands.

use serde_json::Value;

use super::rules::Board;
use super::search_player::{SearchPlayer, SearchSettings};
use super::tuples::{TupleNet, TuplePlayer};
use crate::game::Player;
use crate::plugin::{Choice, FieldSpec};
use crate::search::budget::Limits;

/// The highest level.
pub const MAX_LEVEL: u32 = 10;

/// The most milliseconds a move may take at any level ([`Budget::cap`]).
///
/// [`Budget::cap`]: crate::search::budget::Budget::cap
pub const MOVE_MS: f64 = 1_000.0;

/// The setting's id (not `level`, which a kept set of search settings
/// also has).
pub const LEVEL: &str = "net_level";

/// A level's score against Egaroucid for Web at a level (a win 1, a draw
/// ½), the ready-made network playing (`selfplay run othello ntuple
/// --preset logistello --seed 1`, docs/othello.md):
/// (level, Egaroucid's level, score).
const SCORES: &[(u32, u32, f64)] = &[
    (1, 1, 0.799),
    (2, 2, 0.608),
    (3, 3, 0.591),
    (4, 4, 0.522),
    (5, 5, 0.490),
    (6, 6, 0.475),
    (7, 7, 0.404),
    // At a second a move in wasm (the ceiling), not at full depth.
    (10, 7, 0.672),
];

/// The search settings of level `n` (1 to [`MAX_LEVEL`]).
pub fn settings(n: u32) -> SearchSettings {
    let n = n.clamp(1, MAX_LEVEL);
    SearchSettings {
        depth: n,
        endgame: 2 * n,
        ..SearchSettings::level(n)
    }
}

/// A level in words, with its measurement where there is one: "5: 5 moves
/// ahead, the last 10 squares exact · 50% vs Egaroucid level 5".
fn words(n: u32) -> String {
    let mut text = format!(
        "{n}: {n} move{} ahead, the last {} squares exact",
        if n == 1 { "" } else { "s" },
        2 * n
    );
    for &(_, against, score) in SCORES.iter().filter(|m| m.0 == n) {
        text.push_str(&format!(
            " · {:.0}% vs Egaroucid level {against}",
            100.0 * score
        ));
    }
    text
}

/// The field under the player lists (for an n-tuple network; other models
/// leave it aside).
pub fn field() -> FieldSpec {
    let mut options = vec![Choice::new("0", "0: the network alone, no looking ahead")];
    options.extend((1..=MAX_LEVEL).map(|n| Choice::new(&n.to_string(), &words(n))));
    FieldSpec::choice(
        LEVEL,
        "Level",
        "How far an n-tuple network looks ahead, its values judging the positions it reaches; near the end it counts the game out exactly. Each move takes at most about a second: a level that cannot look as far in that time plays the best move of the deepest look it finished. The percentage is the score (a win 1, a draw ½) of the ready-made n-tuple network (2M games) at that level against Egaroucid for Web, the strongest Othello program that runs in a browser, looking as far ahead. Other models play as they learned.",
        options,
    )
}

/// The level a page's settings ask for: 0 (the network alone) to
/// [`MAX_LEVEL`]; absent is 0.
pub fn level_of(settings: &Value) -> Result<u32, String> {
    let v = match settings.get(LEVEL) {
        None | Some(Value::Null) => return Ok(0),
        Some(v) => v,
    };
    let n = match v {
        Value::String(s) => s.trim().parse::<u64>().ok(),
        other => other.as_u64(),
    };
    n.filter(|&n| n <= u64::from(MAX_LEVEL))
        .map(|n| n as u32)
        .ok_or_else(|| format!("the level must be a whole number from 0 to {MAX_LEVEL}, not {v}"))
}

/// The player of a network at the level `settings` ask for.
pub fn player(net: TupleNet, settings: &Value) -> Result<Box<dyn Player<Board>>, String> {
    Ok(match level_of(settings)? {
        0 => Box::new(TuplePlayer::new(net)),
        n => Box::new(
            SearchPlayer::new(self::settings(n), 0)?
                .with_net(net)
                .with_ceiling(Limits::millis(MOVE_MS))
                .named(&format!("n-tuple level {n}")),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::tuples::PatternSet;
    use crate::plugin::FieldKind;

    #[test]
    fn levels_are_egaroucids_depths() {
        for n in 1..=MAX_LEVEL {
            let s = settings(n);
            assert_eq!((s.depth, s.endgame), (n, 2 * n));
        }
        assert_eq!(level_of(&Value::Null), Ok(0));
        assert_eq!(level_of(&serde_json::json!({ "net_level": "7" })), Ok(7));
        assert_eq!(level_of(&serde_json::json!({ "net_level": 3 })), Ok(3));
        for bad in [
            serde_json::json!({ "net_level": "11" }),
            serde_json::json!({ "net_level": -1 }),
            serde_json::json!({ "net_level": "x" }),
        ] {
            assert!(
                level_of(&bad).unwrap_err().contains("from 0 to 10"),
                "{bad}"
            );
        }
        let FieldKind::Choice { options, default } = field().kind else {
            panic!("a choice");
        };
        assert_eq!(options.len(), 11);
        assert_eq!(default, "0");
        assert!(options[5]
            .label
            .starts_with("5: 5 moves ahead, the last 10 squares exact"));
        assert_eq!(
            options[3].label,
            "3: 3 moves ahead, the last 6 squares exact · 59% vs Egaroucid level 3"
        );
        assert_eq!(
            options[10].label,
            "10: 10 moves ahead, the last 20 squares exact · 67% vs Egaroucid level 7"
        );
        assert_eq!(options[0].label, "0: the network alone, no looking ahead");
    }

    #[test]
    fn a_level_plays_the_search_and_level_0_the_network() {
        let net = TupleNet::new(PatternSet::Lines3, 1);
        let p = player(net.clone(), &Value::Null).unwrap();
        assert!(p.name().starts_with("ntuple-lines3"), "{}", p.name());
        let mut p = player(net, &serde_json::json!({ "net_level": "4" })).unwrap();
        assert_eq!(p.name(), "n-tuple level 4");
        // Every move is bounded by the level's ceiling, whatever the request.
        let mut budget = crate::search::budget::Budget::unlimited();
        let mut rng = crate::game::rng_from_seed(1);
        p.think(&Board::start(), &mut rng, &mut budget);
        assert_eq!(budget.limits(), Limits::millis(MOVE_MS));
    }
}
