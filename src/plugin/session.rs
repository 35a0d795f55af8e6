//! A game being played: the positions so far, undo and redo by whole turns,
//! and a plain-data view of the state for the page.
//!
//! [`TypedSession`] holds the positions of any [`Playable`] game;
//! [`DynSession`] is its object-safe face, the one the web API, the CLI and
//! the property tests use. Errors are [`MoveError`] values with sentences for
//! people.
//!
//! # Turns
//! Undo and redo work by whole turns: a turn is the run of consecutive moves
//! by the same side (one move in most games, the two stones of a Connect6
//! turn). A forced pass is a move of its own side, so it is a turn.

use serde::{Deserialize, Serialize};

use super::playable::Playable;
use crate::game::{MoveError, Outcome, Side};

/// One legal move: its text (what [`DynSession::play`] takes) and its cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct LegalMove {
    pub text: String,
    /// The cell the move puts a piece on (none for a pass).
    pub cell: Option<u32>,
    /// The cell a piece moves from, for games whose pieces move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
}

/// One move of the game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct MoveEntry {
    pub text: String,
    /// 0 for the first side, 1 for the second.
    #[tsify(type = "0 | 1")]
    pub side: u8,
    pub cell: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct OutcomeView {
    /// 0 or 1; `None` for a draw.
    #[tsify(type = "0 | 1 | null")]
    pub winner: Option<u8>,
    /// A sentence for people: "Black wins 40–24."
    pub text: String,
    /// The cells that show how it ended, for the board to mark (the
    /// winning line; see [`Playable::end_cells`]); may be empty.
    pub cells: Vec<u32>,
}

/// Everything the page draws, as plain data (a JavaScript object on the
/// other side, field names in camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct SessionState {
    pub game: String,
    pub title: String,
    pub sides: [String; 2],
    pub rows: u32,
    pub cols: u32,
    /// Row-major: 0 empty, 1 first side, 2 second side.
    pub cells: Vec<u8>,
    /// 0 or 1; `None` once the game is over.
    #[tsify(type = "0 | 1 | null")]
    pub to_move: Option<u8>,
    pub legal: Vec<LegalMove>,
    pub last_move: Option<MoveEntry>,
    /// Cells whose content the last move changed (placed, flipped, left).
    pub changed: Vec<u32>,
    /// Pieces of each side, where the game counts them.
    pub counts: Option<[u32; 2]>,
    /// A sentence about the last move or what must happen now (a pass).
    pub notice: Option<String>,
    /// A line of game state beyond the board (Hare and Hounds' stalling count).
    pub status: Option<String>,
    pub outcome: Option<OutcomeView>,
    /// Every move of the record, including those undone (after `cursor`).
    pub history: Vec<MoveEntry>,
    /// How many moves of `history` are on the board.
    pub cursor: usize,
    /// The position in the game's text form.
    pub position: String,
}

/// A game being played, of any game: the object-safe face of
/// [`TypedSession`].
pub trait DynSession: Send {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// Everything the page draws.
    fn state(&self) -> SessionState;
    /// Plays a move given as text, after checking it.
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    /// The state the legal move `text` would give, without playing it: the
    /// session is left as it is. The state is that of a session where the
    /// move was played (undone moves dropped), so `changed` lists the cells
    /// the move would change and `last_move` is the move.
    fn preview(&self, text: &str) -> Result<SessionState, MoveError>;
    /// Takes back the last turn (all its moves); false when there is none.
    fn undo(&mut self) -> bool;
    /// Replays the next undone turn; false when there is none.
    fn redo(&mut self) -> bool;
    /// Goes to the position after the first `cursor` moves of the record
    /// (undone moves included), keeping the record.
    fn jump(&mut self, cursor: usize) -> Result<(), MoveError>;
    /// Starts over at the start position.
    fn reset(&mut self);
    /// Starts over at a position in the game's text form.
    fn load_position(&mut self, text: &str) -> Result<(), MoveError>;
    /// Replaces the game by a record played from the start position.
    fn load_transcript(&mut self, text: &str) -> Result<(), MoveError>;
    /// The moves on the board as a record (from the start position).
    fn transcript(&self) -> String;
    /// The position on the board in the game's text form.
    fn position(&self) -> String;
    /// The position key of the rules ([`Game::key`]).
    fn key(&self) -> u64;
    /// Whether the game on the board has ended.
    fn is_over(&self) -> bool;
    /// The side to move in the position on the board.
    fn to_move(&self) -> Side;
    /// The legal moves' texts.
    fn legal_texts(&self) -> Vec<String>;
}

/// The positions of one game and where we are in them.
#[derive(Clone, Debug)]
pub struct TypedSession<G: Playable> {
    /// `positions[i]` is the position after `i` moves of `moves`.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    cursor: usize,
    buf: Vec<G::Move>,
}

impl<G: Playable> Default for TypedSession<G> {
    fn default() -> Self {
        Self::from_position(G::start())
    }
}

impl<G: Playable> TypedSession<G> {
    /// A session that starts at `start`.
    pub fn from_position(start: G) -> Self {
        TypedSession {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            buf: Vec::new(),
        }
    }

    /// The position on the board.
    pub fn current(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// The moves on the board.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves[..self.cursor]
    }

    fn side_name(side: Side) -> &'static str {
        G::SIDE_NAMES[side.index()]
    }

    fn outcome_text(&self, outcome: Outcome) -> String {
        if let Some(text) = self.current().end_text() {
            return text;
        }
        let score = match self.current().counts() {
            Some([a, b]) => format!(" {a}–{b}"),
            None => String::new(),
        };
        match outcome {
            Outcome::Win(side) => format!("{} wins{score}.", Self::side_name(side)),
            Outcome::Draw => format!("Draw{score}."),
        }
    }

    fn over_error(&self, outcome: Outcome, what: &str) -> MoveError {
        MoveError(format!(
            "the game is over ({}); {what}",
            self.outcome_text(outcome)
                .trim_end_matches('.')
                .to_ascii_lowercase()
        ))
    }

    /// Plays `m` after checking it, dropping any undone moves.
    pub fn push_checked(&mut self, m: G::Move) -> Result<(), MoveError> {
        let mut next = self.current().clone();
        if let Some(outcome) = next.outcome() {
            return Err(
                self.over_error(outcome, &format!("{} cannot be played", G::format_move(m)))
            );
        }
        next.legal_moves(&mut self.buf);
        if !self.buf.contains(&m) {
            let legal: Vec<String> = self.buf.iter().map(|&l| G::format_move(l)).collect();
            return Err(MoveError(format!(
                "{} is not a legal move for {} here (legal: {})",
                G::format_move(m),
                Self::side_name(next.to_move()),
                legal.join(" ")
            )));
        }
        next.play(m);
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(m);
        self.cursor += 1;
        Ok(())
    }

    /// Plays a move given in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError("no move given".into()));
        }
        let m = G::parse_move(text)
            .map_err(|e| MoveError(format!("'{text}' is not a {} move: {e}", G::TITLE)))?;
        self.push_checked(m)
    }

    /// Whether the move at index `i` of the record is the last of its turn.
    fn ends_turn(&self, i: usize) -> bool {
        i + 1 >= self.moves.len() || self.positions[i].to_move() != self.positions[i + 1].to_move()
    }

    /// Reads a record from the start position; an error names the first
    /// move that cannot be played, by its number in the record.
    fn load_transcript_typed(text: &str) -> Result<Self, MoveError> {
        let moves = G::parse_transcript(text.trim())?;
        let mut session = Self::from_position(G::start());
        for (i, m) in moves.into_iter().enumerate() {
            session
                .push_checked(m)
                .map_err(|e| MoveError(format!("move {}: {e}", i + 1)))?;
        }
        Ok(session)
    }

    fn entry(&self, i: usize) -> MoveEntry {
        let m = self.moves[i];
        let (from, cell) = self.positions[i].move_cells(m);
        MoveEntry {
            text: G::format_move(m),
            side: self.positions[i].to_move().index() as u8,
            cell,
            from,
        }
    }

    /// The state the page draws.
    pub fn typed_state(&self) -> SessionState {
        let pos = self.current();
        let mut cells = Vec::with_capacity((G::ROWS * G::COLS) as usize);
        pos.cells(&mut cells);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let outcome = pos.outcome();
        let legal: Vec<LegalMove> = moves
            .iter()
            .map(|&m| {
                let (from, cell) = pos.move_cells(m);
                LegalMove {
                    text: G::format_move(m),
                    cell,
                    from,
                }
            })
            .collect();
        let last_move = (self.cursor > 0).then(|| self.entry(self.cursor - 1));
        let last_cell = last_move.as_ref().and_then(|m| m.cell);
        let mut changed = Vec::new();
        let mut notice = None;
        if self.cursor > 0 {
            let mut before = Vec::with_capacity(cells.len());
            let prev = &self.positions[self.cursor - 1];
            prev.cells(&mut before);
            changed.extend(
                (0..cells.len())
                    .filter(|&i| before[i] != cells[i])
                    .map(|i| i as u32),
            );
            notice = prev.move_notice(self.moves[self.cursor - 1]);
        }
        if outcome.is_none() {
            if let Some(n) = pos.position_notice() {
                notice = Some(n);
            }
        }
        SessionState {
            game: G::NAME.to_string(),
            title: G::TITLE.to_string(),
            sides: G::SIDE_NAMES.map(String::from),
            rows: G::ROWS,
            cols: G::COLS,
            cells,
            to_move: outcome.is_none().then(|| pos.to_move().index() as u8),
            legal,
            last_move,
            changed,
            counts: pos.counts(),
            notice,
            status: pos.status_text(),
            outcome: outcome.map(|o| OutcomeView {
                winner: o.winner().map(|s| s.index() as u8),
                text: self.outcome_text(o),
                cells: pos.end_cells(last_cell),
            }),
            history: (0..self.moves.len()).map(|i| self.entry(i)).collect(),
            cursor: self.cursor,
            position: pos.position_text(),
        }
    }
}

impl<G: Playable> DynSession for TypedSession<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn state(&self) -> SessionState {
        self.typed_state()
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        self.play_text(text)
    }

    fn preview(&self, text: &str) -> Result<SessionState, MoveError> {
        let mut after = self.clone();
        after.play_text(text)?;
        Ok(after.typed_state())
    }

    fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        // Back over the earlier moves of the same turn.
        while self.cursor > 0 && !self.ends_turn(self.cursor - 1) {
            self.cursor -= 1;
        }
        true
    }

    fn redo(&mut self) -> bool {
        if self.cursor == self.moves.len() {
            return false;
        }
        while self.cursor < self.moves.len() {
            self.cursor += 1;
            if self.ends_turn(self.cursor - 1) {
                break;
            }
        }
        true
    }

    fn jump(&mut self, cursor: usize) -> Result<(), MoveError> {
        if cursor > self.moves.len() {
            return Err(MoveError(format!(
                "the record has {} moves; there is no position after move {cursor}",
                self.moves.len()
            )));
        }
        self.cursor = cursor;
        Ok(())
    }

    fn reset(&mut self) {
        *self = Self::from_position(G::start());
    }

    fn load_position(&mut self, text: &str) -> Result<(), MoveError> {
        *self = Self::from_position(G::parse_position(text.trim())?);
        Ok(())
    }

    fn load_transcript(&mut self, text: &str) -> Result<(), MoveError> {
        *self = Self::load_transcript_typed(text)?;
        Ok(())
    }

    fn transcript(&self) -> String {
        G::transcript(self.moves())
    }

    fn position(&self) -> String {
        self.current().position_text()
    }

    fn key(&self) -> u64 {
        self.current().key()
    }

    fn is_over(&self) -> bool {
        self.current().is_over()
    }

    fn to_move(&self) -> Side {
        self.current().to_move()
    }

    fn legal_texts(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.current().legal_moves(&mut moves);
        moves.into_iter().map(G::format_move).collect()
    }
}
