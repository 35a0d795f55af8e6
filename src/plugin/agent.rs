//! Players behind the object-safe [`DynAgent`]: the think request of the
//! page and the CLI for every computer player, fixed, learned or searching.
//!
//! An agent lives as long as its owner wants (the page's thinking worker
//! keeps one per player and setting), so a solver keeps its transposition
//! table and a learned player its model between moves. It is given positions
//! in the game's text form, which carries everything the rules need.

use serde::Serialize;

use super::playable::Playable;
use crate::game::{rng_from_seed, Player, Scale, Side};
use crate::search::budget::Budget;

/// The move an agent chose, and how far its search got.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct AgentThought {
    /// The move in the game's notation (what a session plays).
    pub text: String,
    /// False when the budget ran out before the search finished.
    pub complete: bool,
    pub depth: Option<u32>,
    pub score: Option<f64>,
    pub nodes: u64,
    pub ms: f64,
}

/// One legal move of an analysis.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct MoveAnalysis {
    pub text: String,
    /// The cell the move puts a piece on, and where it comes from.
    pub cell: Option<u32>,
    pub from: Option<u32>,
    pub value: Option<f64>,
    pub label: Option<String>,
    pub best: bool,
}

/// An agent's view of every legal move of a position.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct PositionAnalysis {
    /// What the values are ("Q(s, a) of the network").
    pub units: String,
    pub scale: Scale,
    /// The position's value in words, where the agent knows it.
    pub position: Option<String>,
    pub moves: Vec<MoveAnalysis>,
    pub complete: bool,
    pub nodes: u64,
    pub ms: f64,
}

/// A player of some game, given positions as text.
pub trait DynAgent {
    /// A short name for reports.
    fn name(&self) -> String;

    /// Chooses a move in `position` within `budget`; `seed` breaks ties.
    fn think(
        &mut self,
        position: &str,
        seed: u64,
        budget: &mut Budget,
    ) -> Result<AgentThought, String>;

    /// Values every legal move of `position`, where the agent can; `None`
    /// where it has no values (a fixed strategy).
    fn analyze(
        &mut self,
        position: &str,
        budget: &mut Budget,
    ) -> Result<Option<PositionAnalysis>, String>;
}

/// A typed player as a [`DynAgent`].
pub struct TypedAgent<G: Playable> {
    player: Box<dyn Player<G>>,
    /// The only side it can play, and what to say when asked for the other.
    side: Option<(Side, String)>,
}

impl<G: Playable> TypedAgent<G> {
    /// An agent that plays either side.
    pub fn new(player: Box<dyn Player<G>>) -> Self {
        TypedAgent { player, side: None }
    }

    /// An agent that plays `side` only; `refusal` says why it cannot play
    /// the other ("the simple player is a hare strategy; …").
    pub fn for_side(player: Box<dyn Player<G>>, side: Side, refusal: String) -> Self {
        TypedAgent {
            player,
            side: Some((side, refusal)),
        }
    }

    /// Boxed, for [`super::GameEntry::agent`].
    pub fn boxed(self) -> Box<dyn super::DynAgent> {
        Box::new(self)
    }

    fn position(&self, text: &str) -> Result<G, String> {
        let g = G::parse_position(text.trim())
            .map_err(|e| format!("not a {} position: {e}", G::TITLE))?;
        if let Some((side, refusal)) = &self.side {
            if g.to_move() != *side && !g.is_over() {
                return Err(refusal.clone());
            }
        }
        Ok(g)
    }
}

impl<G: Playable> DynAgent for TypedAgent<G> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn think(
        &mut self,
        position: &str,
        seed: u64,
        budget: &mut Budget,
    ) -> Result<AgentThought, String> {
        let g = self.position(position)?;
        if g.is_over() {
            return Err("the game is over; there is no move to choose".into());
        }
        let mut rng = rng_from_seed(seed);
        let t = self.player.think(&g, &mut rng, budget);
        if !g.is_legal(t.mv) {
            // A player's bug, not the visitor's: say which move it was.
            return Err(format!(
                "the player {} chose {}, which is not legal here",
                self.player.name(),
                G::format_move(t.mv)
            ));
        }
        Ok(AgentThought {
            text: G::format_move(t.mv),
            complete: t.complete,
            depth: t.depth,
            score: t.score,
            nodes: budget.nodes(),
            ms: budget.elapsed_ms(),
        })
    }

    fn analyze(
        &mut self,
        position: &str,
        budget: &mut Budget,
    ) -> Result<Option<PositionAnalysis>, String> {
        let g = self.position(position)?;
        if g.is_over() {
            return Ok(None);
        }
        Ok(self.player.analyze(&g, budget).map(|a| PositionAnalysis {
            units: a.units,
            scale: a.scale,
            position: a.position,
            moves: a
                .moves
                .into_iter()
                .map(|mv| {
                    let (from, cell) = g.move_cells(mv.mv);
                    MoveAnalysis {
                        text: G::format_move(mv.mv),
                        cell,
                        from,
                        value: mv.value,
                        label: mv.label,
                        best: mv.best,
                    }
                })
                .collect(),
            complete: a.complete,
            nodes: budget.nodes(),
            ms: budget.elapsed_ms(),
        }))
    }
}
