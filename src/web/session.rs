//! A game being played on the page: the positions so far, undo/redo, moves
//! by fixed players, and a plain-data view of the state for the page.
//!
//! [`GameSession`] is plain Rust (errors are [`MoveError`] values, so it is
//! tested natively); [`Session`] is its thin JavaScript face. Games are an
//! enum because wasm-bindgen cannot export generics: adding a game is one
//! [`WebGame`] impl, one enum variant and one line in each `match`.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{js_error, to_js};
use crate::game::{rng_from_seed, Game, MoveError, Outcome, Player, Side};
use crate::games::othello;
use crate::players;

use super::hare_hounds::{HhExtras, HintsView};
use crate::games::hare_hounds::HareHounds;

/// A game the page lists, and whether the engine plays it yet.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub built: bool,
}

/// Every game of the playground, in the order the page shows them.
pub const GAMES: [GameInfo; 4] = [
    GameInfo {
        id: "othello",
        built: true,
    },
    GameInfo {
        id: "connect4",
        built: false,
    },
    GameInfo {
        id: "hare_hounds",
        built: true,
    },
    GameInfo {
        id: "connect6",
        built: false,
    },
];

/// What the page needs to know about a game beyond its rules: how to draw
/// it on a grid and which fixed players it has.
pub trait WebGame: Game + Copy {
    /// The name people read ("Othello").
    const TITLE: &'static str;
    /// The names of the two sides, first mover first.
    const SIDE_NAMES: [&'static str; 2];
    /// The board's grid, drawn row by row from the top.
    const ROWS: u32;
    const COLS: u32;
    /// The fixed players, by the names that [`WebGame::player`] accepts.
    const PLAYERS: &'static [&'static str];

    /// Cell contents, row-major: 0 empty, 1 first side, 2 second side.
    fn cells(&self, out: &mut Vec<u8>);
    /// The cell a move places on, if it places on one (a pass does not).
    fn move_cell(m: Self::Move) -> Option<u32>;
    /// Pieces of each side, where the game is scored by counting them.
    fn counts(&self) -> Option<[u32; 2]>;
    /// A fixed player by name.
    fn player(name: &str) -> Result<Box<dyn Player<Self>>, MoveError>;
    /// Reads a position in the game's text form.
    fn parse_position(text: &str) -> Result<Self, MoveError>;
    /// The position in the game's text form.
    fn position_text(&self) -> String;
    /// Reads a game record from the start position.
    fn parse_transcript(text: &str) -> Result<Vec<Self::Move>, MoveError>;
    /// Writes a game record that [`WebGame::parse_transcript`] reads back.
    fn transcript(moves: &[Self::Move]) -> String;
    /// A sentence on how the game ended, where "X wins." says too little.
    fn end_text(&self) -> Option<String> {
        None
    }
}

impl WebGame for othello::Board {
    const TITLE: &'static str = "Othello";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];
    const ROWS: u32 = 8;
    const COLS: u32 = 8;
    const PLAYERS: &'static [&'static str] = &["random", "mvb", "msb"];

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        let (black, white) = (self.black(), self.white());
        out.extend((0..64).map(|sq| {
            if black >> sq & 1 == 1 {
                1
            } else if white >> sq & 1 == 1 {
                2
            } else {
                0
            }
        }));
    }

    fn move_cell(m: u8) -> Option<u32> {
        (m != othello::PASS).then_some(u32::from(m))
    }

    fn counts(&self) -> Option<[u32; 2]> {
        Some([self.count(Side::First), self.count(Side::Second)])
    }

    fn player(name: &str) -> Result<Box<dyn Player<Self>>, MoveError> {
        players::othello_player(name)
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        othello::Board::parse(text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
        othello::parse_transcript(text)
    }

    fn transcript(moves: &[u8]) -> String {
        moves
            .iter()
            .filter(|&&m| m != othello::PASS)
            .map(|&m| Self::format_move(m))
            .collect()
    }
}

/// One legal move: its text (what [`Session::play`] takes) and its cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    pub text: String,
    pub cell: Option<u32>,
}

/// One move of the game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    pub text: String,
    /// 0 for the first side, 1 for the second.
    pub side: u8,
    pub cell: Option<u32>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeView {
    /// 0 or 1; `None` for a draw.
    pub winner: Option<u8>,
    /// A sentence for people: "Black wins 40–24."
    pub text: String,
}

/// Everything the page draws, as plain data (a JavaScript object on the
/// other side, field names in camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionState {
    pub game: String,
    pub title: String,
    pub sides: [String; 2],
    pub rows: u32,
    pub cols: u32,
    /// Row-major: 0 empty, 1 first side, 2 second side.
    pub cells: Vec<u8>,
    /// 0 or 1; `None` once the game is over.
    pub to_move: Option<u8>,
    pub legal: Vec<LegalMove>,
    pub last_move: Option<MoveEntry>,
    /// Cells whose content the last move changed (placed or flipped).
    pub changed: Vec<u32>,
    /// Pieces of each side, where the game counts them.
    pub counts: Option<[u32; 2]>,
    /// A sentence about a pass, if one just happened or must happen now.
    pub notice: Option<String>,
    pub outcome: Option<OutcomeView>,
    /// Every move of the record, including those undone (after `cursor`).
    pub history: Vec<MoveEntry>,
    /// How many moves of `history` are on the board.
    pub cursor: usize,
    /// The position in the game's text form.
    pub position: String,
    /// Names of the fixed players this game has.
    pub players: Vec<String>,
    /// Game-specific advice for the position (Hare and Hounds: the perfect
    /// moves and a loaded model's Q-values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<HintsView>,
}

fn side_index(side: Side) -> u8 {
    side.index() as u8
}

/// The positions of one game and where we are in them.
pub struct History<G: WebGame> {
    /// `positions[i]` is the position after `i` moves of `moves`.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    cursor: usize,
    buf: Vec<G::Move>,
}

impl<G: WebGame> History<G> {
    fn from_position(start: G) -> Self {
        History {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            buf: Vec::new(),
        }
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn current(&self) -> &G {
        &self.positions[self.cursor]
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

    /// Plays `m` after checking it, dropping any undone moves.
    fn push_checked(&mut self, m: G::Move) -> Result<(), MoveError> {
        let mut next = *self.current();
        if let Some(outcome) = next.outcome() {
            return Err(MoveError(format!(
                "the game is over ({}); {} cannot be played",
                self.outcome_text(outcome)
                    .trim_end_matches('.')
                    .to_lowercase(),
                G::format_move(m)
            )));
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

    fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError("no move given".into()));
        }
        let m = G::parse_move(text)
            .map_err(|e| MoveError(format!("'{text}' is not a {} move: {e}", G::TITLE)))?;
        self.push_checked(m)
    }

    fn ai_move(&mut self, player: &str, seed: u64) -> Result<String, MoveError> {
        let mut player = G::player(player)?;
        self.player_move(player.as_mut(), seed)
    }

    /// Lets `player` choose and play a move; returns its text.
    pub(crate) fn player_move(
        &mut self,
        player: &mut dyn Player<G>,
        seed: u64,
    ) -> Result<String, MoveError> {
        if let Some(outcome) = self.current().outcome() {
            return Err(MoveError(format!(
                "the game is over ({}); there is no move to choose",
                self.outcome_text(outcome)
                    .trim_end_matches('.')
                    .to_lowercase()
            )));
        }
        let mut rng = rng_from_seed(seed);
        let m = player.choose(self.current(), &mut rng);
        self.push_checked(m)?;
        Ok(G::format_move(m))
    }

    fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    fn redo(&mut self) -> bool {
        if self.cursor == self.moves.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    fn load_transcript(text: &str) -> Result<Self, MoveError> {
        let moves = G::parse_transcript(text.trim())?;
        let mut history = Self::from_position(G::start());
        for m in moves {
            history.push_checked(m)?;
        }
        Ok(history)
    }

    fn transcript(&self) -> String {
        G::transcript(&self.moves[..self.cursor])
    }

    fn entry(&self, i: usize) -> MoveEntry {
        let m = self.moves[i];
        MoveEntry {
            text: G::format_move(m),
            side: side_index(self.positions[i].to_move()),
            cell: G::move_cell(m),
        }
    }

    fn state(&self) -> SessionState {
        let pos = self.current();
        let mut cells = Vec::with_capacity((G::ROWS * G::COLS) as usize);
        pos.cells(&mut cells);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let outcome = pos.outcome();
        let legal: Vec<LegalMove> = moves
            .iter()
            .map(|&m| LegalMove {
                text: G::format_move(m),
                cell: G::move_cell(m),
            })
            .collect();
        let last_move = (self.cursor > 0).then(|| self.entry(self.cursor - 1));
        let mut changed = Vec::new();
        if self.cursor > 0 {
            let mut before = Vec::with_capacity(cells.len());
            self.positions[self.cursor - 1].cells(&mut before);
            changed.extend(
                (0..cells.len())
                    .filter(|&i| before[i] != cells[i])
                    .map(|i| i as u32),
            );
        }
        let mut notice = None;
        if let Some(last) = &last_move {
            if last.cell.is_none() {
                notice = Some(format!(
                    "{} had no legal move and passed.",
                    G::SIDE_NAMES[last.side as usize]
                ));
            }
        }
        if outcome.is_none() && !legal.is_empty() && legal.iter().all(|l| l.cell.is_none()) {
            notice = Some(format!(
                "{} has no legal move and must pass.",
                Self::side_name(pos.to_move())
            ));
        }
        SessionState {
            game: G::NAME.to_string(),
            title: G::TITLE.to_string(),
            sides: G::SIDE_NAMES.map(String::from),
            rows: G::ROWS,
            cols: G::COLS,
            cells,
            to_move: outcome.is_none().then(|| side_index(pos.to_move())),
            legal,
            last_move,
            changed,
            counts: pos.counts(),
            notice,
            outcome: outcome.map(|o| OutcomeView {
                winner: o.winner().map(side_index),
                text: self.outcome_text(o),
            }),
            history: (0..self.moves.len()).map(|i| self.entry(i)).collect(),
            cursor: self.cursor,
            position: pos.position_text(),
            players: G::PLAYERS.iter().map(|s| s.to_string()).collect(),
            hints: None,
        }
    }
}

/// A game in progress, of any of the games the engine plays.
pub enum GameSession {
    Othello(History<othello::Board>),
    HareHounds(History<HareHounds>, Box<HhExtras>),
}

/// Runs the same expression on whichever game the session holds.
macro_rules! each_game {
    ($session:expr, $h:ident => $body:expr) => {
        match $session {
            GameSession::Othello($h) => $body,
            GameSession::HareHounds($h, _) => $body,
        }
    };
}

impl GameSession {
    /// A new game at the start position, by the game's name.
    pub fn new(game: &str) -> Result<GameSession, MoveError> {
        match game.trim() {
            "othello" => Ok(GameSession::Othello(History::from_position(
                othello::Board::start(),
            ))),
            "hare_hounds" => Ok(GameSession::HareHounds(
                History::from_position(HareHounds::start()),
                Box::default(),
            )),
            other => {
                let names: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
                Err(match GAMES.iter().find(|g| g.id == other) {
                    Some(_) => MoveError(format!("{other} is not playable yet")),
                    None => MoveError(format!(
                        "unknown game '{other}' (games: {})",
                        names.join(", ")
                    )),
                })
            }
        }
    }

    pub fn game(&self) -> &'static str {
        each_game!(self, h => h.name())
    }

    pub fn state(&self) -> SessionState {
        match self {
            GameSession::HareHounds(h, extras) => {
                let mut state = h.state();
                state.hints = extras.hints(h.current());
                state
            }
            _ => each_game!(self, h => h.state()),
        }
    }

    /// Plays a move given as text ("f5", "pass").
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        each_game!(self, h => h.play_text(text))
    }

    /// Lets the named fixed player choose and play a move; returns its text.
    pub fn ai_move(&mut self, player: &str, seed: u64) -> Result<String, MoveError> {
        match self {
            GameSession::HareHounds(h, extras) => {
                let side = h.current().to_move();
                match extras.player(player.trim(), side)? {
                    Some(mut p) => h.player_move(p.as_mut(), seed),
                    None => h.ai_move(player.trim(), seed),
                }
            }
            _ => each_game!(self, h => h.ai_move(player.trim(), seed)),
        }
    }

    /// Loads a learned model as the "learned" player and for the hints.
    pub fn set_learned(&mut self, bytes: &[u8]) -> Result<(), MoveError> {
        match self {
            GameSession::HareHounds(_, extras) => extras.set_learned(bytes),
            other => Err(MoveError(format!(
                "{} has no learned player on this page yet",
                other.game()
            ))),
        }
    }

    /// Takes back one move; false when there is none.
    pub fn undo(&mut self) -> bool {
        each_game!(self, h => h.undo())
    }

    /// Replays one undone move; false when there is none.
    pub fn redo(&mut self) -> bool {
        each_game!(self, h => h.redo())
    }

    /// Starts over at the start position.
    pub fn reset(&mut self) {
        each_game!(self, h => *h = History::from_position(Game::start()))
    }

    /// Starts over at a position in the game's text form.
    pub fn load_position(&mut self, text: &str) -> Result<(), MoveError> {
        each_game!(self, h => {
            *h = History::from_position(WebGame::parse_position(text.trim())?);
            Ok(())
        })
    }

    /// Replaces the game by a record played from the start position; the
    /// board shows its last position.
    pub fn load_transcript(&mut self, text: &str) -> Result<(), MoveError> {
        each_game!(self, h => {
            *h = History::load_transcript(text)?;
            Ok(())
        })
    }

    /// The moves on the board, as a record [`GameSession::load_transcript`]
    /// reads back (meaningful for games started at the start position).
    pub fn transcript(&self) -> String {
        each_game!(self, h => h.transcript())
    }
}

/// Seeds come from JavaScript numbers: whole, non-negative and exact.
fn seed_from_js(seed: f64) -> Result<u64, MoveError> {
    const MAX: f64 = 9_007_199_254_740_991.0; // 2^53 - 1
    if seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= MAX {
        Ok(seed as u64)
    } else {
        Err(MoveError(format!(
            "seed must be a whole number from 0 to 2^53-1, not {seed}"
        )))
    }
}

/// A game being played, for JavaScript. Moves are text in the game's
/// notation; [`Session::state`] returns a plain object (see
/// [`SessionState`]).
#[wasm_bindgen]
pub struct Session {
    inner: GameSession,
}

#[wasm_bindgen]
impl Session {
    /// A new game at the start position: `new Session("othello")`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str) -> Result<Session, JsError> {
        Ok(Session {
            inner: GameSession::new(game).map_err(js_error)?,
        })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.inner.game().to_string()
    }

    /// The whole state as a plain object.
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.state())
    }

    /// Plays a move given as text ("f5", "pass").
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        self.inner.play(mv).map_err(js_error)
    }

    /// Loads a model file as the "learned" player (Hare and Hounds: a
    /// Q-table for either side); its Q-values then appear in the hints.
    #[wasm_bindgen(js_name = setLearned)]
    pub fn set_learned(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        self.inner.set_learned(bytes).map_err(js_error)
    }

    /// Lets a fixed player ("random", "mvb", "msb") choose and play a move,
    /// breaking ties with `seed`; returns the move's text.
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&mut self, player: &str, seed: f64) -> Result<String, JsError> {
        let seed = seed_from_js(seed).map_err(js_error)?;
        self.inner.ai_move(player, seed).map_err(js_error)
    }

    /// Takes back one move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Replays one undone move; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// Starts over at the start position.
    pub fn reset(&mut self) {
        self.inner.reset()
    }

    /// Starts over at a position in the game's text form.
    #[wasm_bindgen(js_name = loadPosition)]
    pub fn load_position(&mut self, text: &str) -> Result<(), JsError> {
        self.inner.load_position(text).map_err(js_error)
    }

    /// Replaces the game by a record played from the start position.
    #[wasm_bindgen(js_name = loadTranscript)]
    pub fn load_transcript(&mut self, text: &str) -> Result<(), JsError> {
        self.inner.load_transcript(text).map_err(js_error)
    }

    /// The moves on the board as a record ("f5d6c3...").
    pub fn transcript(&self) -> String {
        self.inner.transcript()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_undoes_and_redoes() {
        let mut s = GameSession::new("othello").unwrap();
        let start = s.state();
        assert_eq!(start.to_move, Some(0));
        assert_eq!(start.legal.len(), 4);
        assert_eq!(start.counts, Some([2, 2]));
        s.play("f5").unwrap();
        let st = s.state();
        assert_eq!(st.to_move, Some(1));
        assert_eq!(st.counts, Some([4, 1]));
        assert_eq!(st.last_move.as_ref().unwrap().text, "f5");
        assert_eq!(st.changed.len(), 2);
        assert!(s.undo());
        assert_eq!(s.state().cells, start.cells);
        assert!(!s.undo());
        assert!(s.redo());
        assert_eq!(s.state().cells, st.cells);
        assert!(!s.redo());
        // A new move after an undo drops the undone moves.
        s.undo();
        s.play("d3").unwrap();
        let st = s.state();
        assert_eq!(st.history.len(), 1);
        assert_eq!(st.history[0].text, "d3");
    }

    #[test]
    fn rejects_bad_input_with_messages() {
        assert!(GameSession::new("chess")
            .err()
            .unwrap()
            .0
            .contains("unknown game"));
        assert!(GameSession::new("connect4")
            .err()
            .unwrap()
            .0
            .contains("not playable yet"));
        let mut s = GameSession::new("othello").unwrap();
        let e = s.play("a1").unwrap_err();
        assert!(e.0.contains("not a legal move"), "{e}");
        assert!(s.play("z9").is_err());
        assert!(s.play("").is_err());
        assert!(s.ai_move("nobody", 1).is_err());
        assert!(seed_from_js(-1.0).is_err());
        assert!(seed_from_js(0.5).is_err());
        assert!(seed_from_js(f64::NAN).is_err());
        assert_eq!(seed_from_js(42.0), Ok(42));
        assert_eq!(s.state().history.len(), 0);
    }

    #[test]
    fn fixed_players_finish_a_game_and_play_after_the_end_fails() {
        for name in ["random", "mvb", "msb"] {
            let mut s = GameSession::new("othello").unwrap();
            let mut seed = 7;
            while s.state().outcome.is_none() {
                s.ai_move(name, seed).unwrap();
                seed += 1;
            }
            let st = s.state();
            let [b, w] = st.counts.unwrap();
            let outcome = st.outcome.unwrap();
            assert_eq!(
                outcome.winner,
                (b != w).then_some(if b > w { 0 } else { 1 })
            );
            assert!(st.legal.is_empty());
            assert_eq!(st.to_move, None);
            assert!(s.play("f5").unwrap_err().0.contains("game is over"));
            assert!(s.ai_move(name, 1).is_err());
            // The record replays to the same position.
            let mut again = GameSession::new("othello").unwrap();
            again.load_transcript(&s.transcript()).unwrap();
            assert_eq!(again.state().cells, st.cells);
            assert_eq!(again.state().position, st.position);
        }
    }

    #[test]
    fn same_seed_same_game() {
        let play = |seed: u64| {
            let mut s = GameSession::new("othello").unwrap();
            let mut i = 0;
            while s.state().outcome.is_none() {
                s.ai_move("random", seed + i).unwrap();
                i += 1;
            }
            s.transcript()
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4));
    }

    #[test]
    fn loads_positions() {
        let mut s = GameSession::new("othello").unwrap();
        let text = s.state().position;
        s.play("f5").unwrap();
        s.load_position(&text).unwrap();
        assert_eq!(s.state().history.len(), 0);
        assert_eq!(s.state().position, text);
        assert!(s.load_position("nonsense").is_err());
        assert!(s.load_transcript("f5f5").is_err());
        // A failed load leaves the game as it was.
        assert_eq!(s.state().position, text);
    }
}
