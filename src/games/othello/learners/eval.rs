//! The learning curve's measure: the greedy network against random, MVB and
//! MSB (the study's standard evaluation), at once or a few games at a time.

use serde::{Deserialize, Serialize};

use crate::arena::{play_match, MatchResult, Record};
use crate::game::Player;
use crate::games::othello::players::{MaxFlipsPlayer, MaxStablePlayer};
use crate::games::othello::qnet::{QNet, QNetPlayer};
use crate::games::othello::Board;
use crate::players::RandomPlayer;
use crate::plugin::run::{percent, thousands};
use crate::plugin::{Point, SeriesSpec};
use std::collections::BTreeMap;

/// The greedy agent's results against one fixed opponent.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct OpponentResult {
    pub opponent: String,
    /// The agent's record when it played black.
    pub black: Record,
    /// The agent's record when it played white.
    pub white: Record,
}

/// One point of the learning curve: results after `games` training games.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct EvalPoint {
    pub games: u64,
    pub results: Vec<OpponentResult>,
}

/// The plies of the evaluation protocol played at random before the players
/// take over.
pub const EVAL_RANDOM_OPENING: usize = 5;

/// Plays the greedy network against `opponent`: `games` games, the first half
/// as black, the first [`EVAL_RANDOM_OPENING`] plies of each random.
pub fn evaluate(
    net: &QNet,
    opponent: &mut dyn Player<Board>,
    games: u32,
    seed: u64,
) -> OpponentResult {
    evaluate_player(&mut QNetPlayer::new(net.clone()), opponent, games, seed)
}

/// The evaluation protocol of [`evaluate`] for any agent: `games` games
/// against `opponent`, the agent black in the first half (rounded up) and
/// white in the rest, the first [`EVAL_RANDOM_OPENING`] plies of each game
/// random (drawn from `seed`).
pub fn evaluate_player(
    agent: &mut dyn Player<Board>,
    opponent: &mut dyn Player<Board>,
    games: u32,
    seed: u64,
) -> OpponentResult {
    opponent_result(&play_match(
        agent,
        opponent,
        games,
        EVAL_RANDOM_OPENING,
        seed,
    ))
}

/// A match's result as the agent's record as black and as white (the agent
/// is player A; black moves first).
fn opponent_result(r: &MatchResult) -> OpponentResult {
    OpponentResult {
        opponent: r.b.clone(),
        black: r.a_first,
        white: r.a_second,
    }
}

/// The greedy network against random, MVB and MSB, `games` games each.
pub fn evaluate_standard(net: &QNet, games: u32, seed: u64, after_games: u64) -> EvalPoint {
    let results = vec![
        evaluate(net, &mut RandomPlayer::<Board>::new(), games, seed),
        evaluate(net, &mut MaxFlipsPlayer::new(), games, seed.wrapping_add(1)),
        evaluate(
            net,
            &mut MaxStablePlayer::new(),
            games,
            seed.wrapping_add(2),
        ),
    ];
    EvalPoint {
        games: after_games,
        results,
    }
}

/// A curve point in the making: the greedy network of that moment against
/// random, MVB and MSB in turn (the same games as [`evaluate_standard`]).
pub(super) struct Evaluation {
    point: EvalPoint,
    agent: QNetPlayer,
    opponents: Vec<Box<dyn Player<Board> + Send>>,
    current: crate::arena::Match,
    games: u32,
    seed: u64,
}

impl Evaluation {
    pub(super) fn new(net: &QNet, games: u32, seed: u64, after_games: u64) -> Evaluation {
        let agent = QNetPlayer::new(net.clone());
        let opponents: Vec<Box<dyn Player<Board> + Send>> = vec![
            Box::new(RandomPlayer::<Board>::new()),
            Box::new(MaxFlipsPlayer::new()),
            Box::new(MaxStablePlayer::new()),
        ];
        let current = crate::arena::Match::new(
            agent.name(),
            opponents[0].name(),
            games,
            EVAL_RANDOM_OPENING,
            seed,
        );
        Evaluation {
            point: EvalPoint {
                games: after_games,
                results: Vec::new(),
            },
            agent,
            opponents,
            current,
            games,
            seed,
        }
    }

    /// Plays at most `budget` games; returns how many, and the point once
    /// every opponent is done.
    pub(super) fn play(&mut self, budget: u64) -> (u64, Option<EvalPoint>) {
        let mut played = 0u64;
        loop {
            let k = self.point.results.len();
            let n = (budget - played).min(u64::from(u32::MAX)) as u32;
            played += u64::from(
                self.current
                    .play(&mut self.agent, self.opponents[k].as_mut(), n),
            );
            if !self.current.is_over() {
                return (played, None);
            }
            self.point
                .results
                .push(opponent_result(&self.current.result));
            let next = self.point.results.len();
            if next == self.opponents.len() {
                return (played, Some(self.point.clone()));
            }
            self.current = crate::arena::Match::new(
                self.agent.name(),
                self.opponents[next].name(),
                self.games,
                EVAL_RANDOM_OPENING,
                self.seed.wrapping_add(next as u64),
            );
            if played >= budget {
                return (played, None);
            }
        }
    }
}

/// The fixed opponents of the standard evaluation, by id.
pub const OPPONENTS: [&str; 3] = ["random", "mvb", "msb"];

/// An evaluation opponent as people write it: the study's abbreviations in capitals.
pub fn opponent_title(id: &str) -> String {
    match id {
        "mvb" | "msb" => id.to_ascii_uppercase(),
        other => other.to_string(),
    }
}

pub fn point_of(p: &EvalPoint) -> Point {
    let mut point = Point::new(p.games);
    for r in &p.results {
        for (side, rec) in [("black", &r.black), ("white", &r.white)] {
            if rec.games() > 0 {
                point.set_rate(
                    &format!("{}.{side}", r.opponent),
                    percent(rec.wins, rec.games()),
                    u64::from(rec.games()),
                );
            }
        }
    }
    point
}

/// The curves of a learner measured against random, MVB and MSB: its win
/// rate as black and as white against each.
pub fn win_series() -> Vec<SeriesSpec> {
    let mut out = Vec::new();
    for opp in OPPONENTS {
        let label = opponent_title(opp);
        for (side, dashed) in [("black", false), ("white", true)] {
            out.push(SeriesSpec::new(
                &format!("{opp}.{side}"),
                "win",
                &format!("vs {label} as {side}"),
                &format!("vs {label}"),
                dashed,
            ));
        }
    }
    out
}

/// A sentence on the last point of such a curve; `who` names the player.
pub fn latest_of(curve: &[EvalPoint], who: &str) -> String {
    let Some(last) = curve.last() else {
        return "No curve point yet.".into();
    };
    let rates: Vec<String> = last
        .results
        .iter()
        .map(|r| {
            format!(
                "vs {} {:.0}% / {:.0}%",
                opponent_title(&r.opponent),
                percent(r.black.wins, r.black.games()),
                percent(r.white.wins, r.white.games())
            )
        })
        .collect();
    format!(
        "At {} games, {who} wins (as black / as white): {}",
        thousands(last.games),
        rates.join(" · ")
    )
}

/// The win rates of a curve's last point, by opponent and colour.
pub fn win_rates(curve: &[EvalPoint]) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    if let Some(point) = curve.last() {
        for r in &point.results {
            for (side, rec) in [("black", &r.black), ("white", &r.white)] {
                if rec.games() > 0 {
                    out.insert(
                        format!("vs {} as {side}", opponent_title(&r.opponent)),
                        percent(rec.wins, rec.games()),
                    );
                }
            }
        }
    }
    out
}
