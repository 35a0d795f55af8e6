//! Two helpers of the page's play panel, as players that analyse (the page
//! asks them by name through the worker's analyze request; they are not
//! offered as opponents, and choose their stones as [`Greedy`] does):
//!
//! * [`ThreatView`] (`threats`): the threats of each side, the points that
//!   block them, and a sentence in plain words;
//! * [`ForcedWin`] (`forced-win`): the threat-space search for a win of the
//!   side to move (double threats, then single threats) within a depth and
//!   the request's budget, its winning line in words.

use serde::Deserialize;
use serde_json::Value;

use super::players::Greedy;
use super::rules::{format_point, Board, Point};
use super::threats::{count_windows, threat_windows, Window};
use super::tss::{self, Kind, Proof};
use crate::game::{Analysis, Game, MoveValue, Player, Rng, Scale, Side};
use crate::search::budget::Budget;

/// A side's name.
fn side_name(s: Side) -> &'static str {
    match s {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// Points in words: "K10", "K10 and L11", "K10, L11 and M12".
fn points_text(points: &[Point]) -> String {
    let names: Vec<String> = points.iter().map(|&p| format_point(p)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The empty points of `windows`, each once, in order.
fn window_points(windows: &[Window]) -> Vec<Point> {
    let mut out: Vec<Point> = windows.iter().flatten().copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The threats of each side, on request.
#[derive(Default)]
pub struct ThreatView(Greedy);

impl ThreatView {
    /// The sentence and the marked points of `b`.
    pub fn view(b: &Board) -> Analysis<Point> {
        let me = b.to_move();
        let mut sentences = Vec::new();
        let mut moves: Vec<MoveValue<Point>> = Vec::new();
        let mut windows = Vec::new();
        // The side to move first: a threat of its own at its turn wins now.
        for side in [me, me.other()] {
            threat_windows(b, side, &mut windows);
            let t = count_windows(&windows);
            let name = side_name(side);
            let other = side_name(side.other());
            if t.count == 0 {
                sentences.push(format!("{name} has no threat."));
                continue;
            }
            let six_now = if side == me {
                windows
                    .iter()
                    .find(|w| b.stones_left() == 2 || w[0] == w[1])
                    .copied()
            } else {
                None
            };
            if let Some(w) = six_now {
                let stones = if w[0] == w[1] { &w[..1] } else { &w[..] };
                sentences.push(format!(
                    "{name} can win now: a six with {}.",
                    points_text(stones)
                ));
                for &p in stones {
                    moves.push(MoveValue {
                        mv: p,
                        value: Some(1.0),
                        label: Some(format!("{name} makes six here")),
                        best: true,
                    });
                }
                continue;
            }
            let how = match t.count {
                1 => format!(
                    "{name} threatens to win: block at {}.",
                    points_text(&t.blocks)
                ),
                2 => format!(
                    "{name} threatens to win in two ways: {other} must block at {}.",
                    points_text(&t.blocks)
                ),
                _ => format!(
                    "{name} has three or more threats: two stones cannot block them all \
                     (they pass through {}).",
                    points_text(&t.blocks)
                ),
            };
            sentences.push(how);
            // Blocks are good for the side to move if the threats are the
            // opponent's (green), the opponent's blocks of its own threats
            // otherwise (red: where it would be stopped).
            let sign = if side == me { -1.0 } else { 1.0 };
            for p in window_points(&windows) {
                let block = t.blocks.contains(&p);
                if moves.iter().any(|m| m.mv == p) {
                    continue;
                }
                moves.push(MoveValue {
                    mv: p,
                    value: Some(sign * if block { 1.0 } else { 0.5 }),
                    label: Some(if block {
                        format!("blocks {name}'s threat")
                    } else {
                        format!("on {name}'s threat line")
                    }),
                    best: block && side != me,
                });
            }
        }
        Analysis {
            units: "threats: where a six can be made next turn and the points that stop it \
                    (green: good for the side to move, red: the opponent's blocks)"
                .into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: Some(sentences.join(" ")),
            moves,
            complete: true,
        }
    }
}

impl Player<Board> for ThreatView {
    fn name(&self) -> String {
        "threats".into()
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        self.0.choose(game, rng)
    }

    fn analyze(&mut self, game: &Board, _budget: &mut Budget) -> Option<Analysis<Point>> {
        Some(Self::view(game))
    }
}

/// The forced-win search's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ForcedWinSettings {
    /// Turns of the side to move searched, 1 to [`MAX_DEPTH`].
    pub depth: u32,
}

/// The deepest forced-win search.
pub const MAX_DEPTH: u32 = 8;

impl Default for ForcedWinSettings {
    fn default() -> Self {
        ForcedWinSettings { depth: 4 }
    }
}

impl ForcedWinSettings {
    pub fn from_value(v: &Value) -> Result<ForcedWinSettings, String> {
        let s: ForcedWinSettings = if v.is_null() {
            ForcedWinSettings::default()
        } else {
            serde_json::from_value(v.clone()).map_err(|e| format!("forced-win settings: {e}"))?
        };
        if !(1..=MAX_DEPTH).contains(&s.depth) {
            return Err(format!(
                "the depth must be from 1 to {MAX_DEPTH} turns, not {}",
                s.depth
            ));
        }
        Ok(s)
    }
}

/// The threat-space search on request.
pub struct ForcedWin {
    settings: ForcedWinSettings,
    greedy: Greedy,
}

impl ForcedWin {
    pub fn new(settings: ForcedWinSettings) -> ForcedWin {
        ForcedWin {
            settings,
            greedy: Greedy::default(),
        }
    }
}

/// A winning line in words, turn by turn: the attacker's first turn has the
/// stones it has left, every later turn two, the last its six.
pub fn line_text(b: &Board, line: &[Point]) -> String {
    let me = b.to_move();
    let mut turns = Vec::new();
    let mut side = me;
    let mut rest = line;
    let mut take = b.stones_left() as usize;
    while !rest.is_empty() {
        let (now, after) = rest.split_at(take.min(rest.len()));
        let stones: Vec<String> = now.iter().map(|&p| format_point(p)).collect();
        turns.push(format!("{} {}", side_name(side), stones.join(" ")));
        side = side.other();
        rest = after;
        take = 2;
    }
    turns.join(", then ")
}

impl Player<Board> for ForcedWin {
    fn name(&self) -> String {
        "forced-win".into()
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        self.greedy.choose(game, rng)
    }

    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<Point>> {
        let depth = self.settings.depth;
        let me = side_name(game.to_move());
        let mut proof = Proof::NoWin;
        let mut kind_words = "";
        for (kind, words) in [
            (Kind::Double, "two threats every turn"),
            (Kind::Single, "a threat every turn"),
        ] {
            proof = tss::prove(game, kind, depth, budget);
            kind_words = words;
            if proof != Proof::NoWin {
                break;
            }
        }
        let searched = crate::plugin::run::thousands(budget.nodes());
        let (sentence, moves, complete) = match proof {
            Proof::Win { line, turns, .. } => {
                let first = line[..(game.stones_left() as usize).min(line.len())].to_vec();
                let sentence = format!(
                    "{me} wins by force in {}, with {kind_words}: {}.",
                    turn_words(turns + 1),
                    line_text(game, &line)
                );
                let moves = first
                    .iter()
                    .map(|&p| MoveValue {
                        mv: p,
                        value: Some(1.0),
                        label: Some("the forced win starts here".into()),
                        best: true,
                    })
                    .collect();
                (sentence, moves, true)
            }
            Proof::NoWin => (
                format!(
                    "{me} has no forced win by threats within {} \
                     (searched {searched} positions). A win by quieter moves may still exist.",
                    turn_words(depth)
                ),
                Vec::new(),
                true,
            ),
            Proof::Unknown => (
                format!(
                    "No forced win for {me} found within the time given (searched {searched} \
                     positions, up to {}); a longer search might find one.",
                    turn_words(depth)
                ),
                Vec::new(),
                false,
            ),
        };
        Some(Analysis {
            units: "threat-space search: the first stones of a forced win".into(),
            scale: Scale::Fixed { min: 0.0, max: 1.0 },
            position: Some(sentence),
            moves,
            complete,
        })
    }
}

/// "1 turn", "2 turns".
pub(crate) fn turn_words(n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::Playable;

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    #[test]
    fn threats_in_words_and_marks() {
        // Black's open four F10..I10, White to move: two threats.
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
        let a = ThreatView::view(&b);
        let text = a.position.unwrap();
        assert!(
            text.contains("Black threatens to win in two ways: White must block at D10 and J10"),
            "{text}"
        );
        assert!(text.contains("White has no threat"), "{text}");
        let best: Vec<String> = a
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| format_point(m.mv))
            .collect();
        assert_eq!(best, ["D10", "J10"]);
        // Black to move with the same four: a six now.
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19 S17 S15");
        assert_eq!(b.to_move(), Side::First);
        let text = ThreatView::view(&b).position.unwrap();
        assert!(text.starts_with("Black can win now: a six with"), "{text}");
        // A quiet position.
        let text = ThreatView::view(&after("J10 K11 K9")).position.unwrap();
        assert_eq!(text, "Black has no threat. White has no threat.");
    }

    #[test]
    fn a_forced_win_in_words() {
        // Two open threes of Black's: a win in two turns of its own.
        let b = tss::position(&["E2", "F2", "G2", "E5", "F5", "G5"], &[], 2);
        let mut f = ForcedWin::new(ForcedWinSettings::default());
        let a = f.analyze(&b, &mut Budget::unlimited()).unwrap();
        let text = a.position.unwrap();
        assert!(text.starts_with("Black wins by force in 2 turns"), "{text}");
        assert!(text.contains(", then White "), "{text}");
        assert_eq!(a.moves.len(), 2);
        // A quiet position: none, searched fully.
        let b = after("J10 K11 K9");
        let a = f.analyze(&b, &mut Budget::unlimited()).unwrap();
        assert!(a.complete);
        assert!(a.position.unwrap().contains("no forced win"));
        // A budget of a few positions: not settled.
        let b = tss::position(&["E2", "F2", "G2", "E5", "F5"], &[], 2);
        let a = f
            .analyze(
                &b,
                &mut Budget::new(crate::search::budget::Limits::nodes(3)),
            )
            .unwrap();
        assert!(!a.complete);
        assert!(a.position.unwrap().contains("within the time given"));
        assert!(ForcedWinSettings::from_value(&serde_json::json!({"depth": 9})).is_err());
        assert!(ForcedWinSettings::from_value(&serde_json::json!({"deep": 2})).is_err());
    }
}
