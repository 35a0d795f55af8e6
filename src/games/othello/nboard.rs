//! The NBoard engine protocol: a line-based dialogue over standard input
//! and output through which Othello GUIs (NBoard and others) drive an engine
//! and match engines against each other. `selfplay othello nboard` speaks it
//! with the study's search player, or with any player of the CLI
//! (`--player SPEC`: a model file at one ply, a model as the evaluation of
//! the search, MSB, …).
//!
//! Commands understood (from the GUI):
//!
//! * `nboard <version>` — the start; answered with `set myname Selfplay`.
//! * `set game <GGF>` — the game so far: the start position (`BO[…]`) and
//!   the moves (`B[F5]`, `W[PA]` for a pass, optionally `/eval/time`).
//! * `set depth <n>` — the search depth (1 to 30 for the study's search, 1
//!   to 10 for another player that searches; the last `2n` empty squares,
//!   at most 24, are played exactly); accepted and ignored by a player that
//!   does not search.
//! * `set contempt <n>` — accepted and ignored.
//! * `move <move>` — a move played on the board (`F5`, `PA`, with optional
//!   `/eval/time`).
//! * `go` — answered with `=== <move>/<eval>/<seconds>`, the move chosen.
//! * `hint <n>` — the values of the `n` best moves, each as
//!   `search <move> <eval> 0 <depth>`, then `status`.
//! * `ping <n>` — answered with `pong <n>` (everything before it is done).
//! * `learn`, `analyze` — answered with `learned` and nothing.
//!
//! Evaluations are in discs for the side to move for a searching player: the
//! exact final disc difference in the endgame, the evaluation in the study's
//! units divided by 100 otherwise. A player that does not search answers
//! `go` with the eval 0 and `hint` with its own values (a network's, from −1
//! to +1). Anything else is answered with `status` and a message, so
//! a GUI's log shows what was not understood.

use std::io::{BufRead, Write};

use super::search_player::{proven_margin, SearchPlayer, SearchSettings};
use super::{parse_square, square_name, Board, PASS};
use crate::game::{rng_from_seed, Game, Player};
use crate::search::budget::Budget;

/// Makes the player at a search depth (for `set depth`).
pub type AtDepth = Box<dyn Fn(u32) -> Result<Box<dyn Player<Board>>, String>>;

/// The engine's state between commands.
pub struct Engine {
    board: Board,
    player: Box<dyn Player<Board>>,
    /// `None` for a player that does not search.
    at_depth: Option<AtDepth>,
    depth: u32,
}

/// Reads a move in NBoard's form (`F5`, `f5`, `PA`, `F5/1.0/2.3`).
fn parse_move(text: &str) -> Result<u8, String> {
    let m = text.split('/').next().unwrap_or("").trim();
    if m.eq_ignore_ascii_case("pa") || m.eq_ignore_ascii_case("pass") {
        return Ok(PASS);
    }
    parse_square(m).map_err(|e| e.0)
}

fn move_name(m: u8) -> String {
    if m == PASS {
        "PA".into()
    } else {
        square_name(m).to_ascii_uppercase()
    }
}

/// Reads a GGF game: the start position and the moves after it.
pub fn parse_ggf(text: &str) -> Result<Board, String> {
    let mut board: Option<Board> = None;
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let tag: String = rest[..open]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_uppercase())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let close = rest[open..]
            .find(']')
            .map(|i| open + i)
            .ok_or("a GGF value is not closed with ']'")?;
        let value = &rest[open + 1..close];
        rest = &rest[close + 1..];
        match tag.as_str() {
            "BO" => {
                let mut parts = value.split_whitespace();
                if parts.next() != Some("8") {
                    return Err("only 8 × 8 boards are played".into());
                }
                let squares = parts.next().ok_or("the board is missing")?;
                let side = parts.next().ok_or("the side to move is missing")?;
                let cells: String = squares
                    .chars()
                    .map(|c| match c {
                        '*' => 'X',
                        'O' | 'o' => 'O',
                        _ => '-',
                    })
                    .collect();
                let side = if side == "*" { "X" } else { "O" };
                board = Some(Board::parse(&format!("{cells} {side}")).map_err(|e| e.0)?);
            }
            "B" | "W" => {
                let b = board.as_mut().ok_or("a move comes before the board (BO)")?;
                let m = parse_move(value)?;
                b.try_play(m)
                    .map_err(|e| format!("{}: {e}", move_name(m)))?;
            }
            _ => {}
        }
    }
    board.ok_or_else(|| "the game has no board (BO[…])".to_string())
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// The study's search player at depth 6.
    pub fn new() -> Engine {
        let at_depth: AtDepth = Box::new(|depth| {
            if !(1..=super::search_player::MAX_DEPTH).contains(&depth) {
                return Err(format!(
                    "depth {depth} is not from 1 to {}",
                    super::search_player::MAX_DEPTH
                ));
            }
            let settings = SearchSettings {
                depth,
                endgame: (2 * depth).min(24),
                ..SearchSettings::level(6)
            };
            Ok(Box::new(SearchPlayer::new(settings, 1)?))
        });
        Engine::with_player(
            Box::new(SearchPlayer::new(SearchSettings::level(6), 1).expect("level 6 is valid")),
            Some(at_depth),
            6,
        )
    }

    /// An engine playing `player`; `at_depth` makes it at another search
    /// depth (`None`: it does not search), `depth` is its depth now.
    pub fn with_player(
        player: Box<dyn Player<Board>>,
        at_depth: Option<AtDepth>,
        depth: u32,
    ) -> Engine {
        Engine {
            board: Board::start(),
            player,
            at_depth,
            depth,
        }
    }

    fn set_depth(&mut self, depth: u32) -> Result<(), String> {
        if let Some(make) = &self.at_depth {
            self.player = make(depth)?;
            self.depth = depth;
        }
        Ok(())
    }

    /// Answers one command line; returns the lines to send back.
    pub fn command(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        let (cmd, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = args.trim();
        let result: Result<Vec<String>, String> = match cmd {
            "" => Ok(Vec::new()),
            "nboard" => Ok(vec!["set myname Selfplay".into()]),
            "ping" => Ok(vec![format!("pong {args}")]),
            "set" => {
                let (what, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
                match what {
                    "game" => parse_ggf(value).map(|b| {
                        self.board = b;
                        Vec::new()
                    }),
                    "depth" => value
                        .trim()
                        .parse::<u32>()
                        .map_err(|_| format!("depth {:?} is not a number", shown(value)))
                        .and_then(|d| self.set_depth(d))
                        .map(|()| Vec::new()),
                    "contempt" => Ok(Vec::new()),
                    other => Err(format!("unknown setting {:?}", shown(other))),
                }
            }
            "move" => parse_move(args)
                .and_then(|m| self.board.try_play(m).map(|()| Vec::new()).map_err(|e| e.0)),
            "go" => self.go(),
            "hint" => {
                let n = args.parse::<usize>().unwrap_or(1).max(1);
                self.hint(n)
            }
            "learn" => Ok(vec!["learned".into()]),
            "analyze" => Ok(Vec::new()),
            other => Err(format!("unknown command {:?}", shown(other))),
        };
        match result {
            Ok(lines) => lines,
            Err(e) => vec![format!("status error: {e}")],
        }
    }

    fn go(&mut self) -> Result<Vec<String>, String> {
        if self.board.is_over() {
            return Err("the game is over".into());
        }
        let mut budget = Budget::unlimited();
        let t = self
            .player
            .think(&self.board, &mut rng_from_seed(1), &mut budget);
        let seconds = budget.elapsed_ms() / 1000.0;
        let eval = match t.score {
            Some(v) if self.at_depth.is_some() => eval_in_discs(v as i32),
            Some(v) => v,
            None => 0.0,
        };
        Ok(vec![format!(
            "=== {}/{eval:.2}/{seconds:.3}",
            move_name(t.mv)
        )])
    }

    fn hint(&mut self, n: usize) -> Result<Vec<String>, String> {
        if self.board.is_over() {
            return Ok(vec!["status the game is over".into()]);
        }
        let mut budget = Budget::unlimited();
        let a = self
            .player
            .analyze(&self.board, &mut budget)
            .ok_or("no analysis")?;
        let depth = if self.at_depth.is_some() {
            self.depth
        } else {
            1
        };
        let mut moves: Vec<(u8, f64)> = a
            .moves
            .iter()
            .map(|m| (m.mv, m.value.unwrap_or(0.0)))
            .collect();
        moves.sort_by(|x, y| y.1.total_cmp(&x.1));
        let mut out: Vec<String> = moves
            .into_iter()
            .take(n)
            .map(|(m, v)| format!("search {} {v:.2} 0 {depth}", move_name(m)))
            .collect();
        out.push("status".into());
        Ok(out)
    }
}

/// At most the first 32 characters of a word of the input, as echoed in a
/// message (a long line is not sent back whole).
fn shown(text: &str) -> String {
    match text.char_indices().nth(32) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

fn eval_in_discs(v: i32) -> f64 {
    match proven_margin(v) {
        Some(d) => f64::from(d),
        None => f64::from(v) / super::weighted::SCALE,
    }
}

/// Runs the dialogue until the input ends. Lines are read through the
/// CLI's bounded line reader: a line too long or not UTF-8 is answered with
/// `status error: line N: …` and the session goes on.
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_with(Engine::new(), input, output)
}

/// [`serve`] with this engine.
pub fn serve_with(
    mut engine: Engine,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    use crate::cli::{LineProblem, LineReader};
    for line in LineReader::new(input, None) {
        let replies = match line {
            Ok((_, line)) => engine.command(&line),
            Err(e) => match e.problem {
                LineProblem::Io(io) => return Err(io),
                _ => vec![format!("status error: {e}")],
            },
        };
        for reply in replies {
            writeln!(output, "{reply}")?;
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dialogue(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    #[test]
    fn a_scripted_session() {
        let ggf = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]\
                   BO[8 ---------------------------O*------*O--------------------------- *]\
                   B[F5//0.01]W[D6];)";
        let out = dialogue(&format!(
            "nboard 2\nset depth 2\nset game {ggf}\nping 1\ngo\nmove c3\nhint 3\nping 2\nset colour red\n"
        ));
        assert_eq!(out[0], "set myname Selfplay");
        assert_eq!(out[1], "pong 1");
        // Black to move after f5 d6: the engine answers with a legal move.
        let mv = out[2]
            .strip_prefix("=== ")
            .expect("a move")
            .split('/')
            .next()
            .unwrap();
        let mut b = parse_ggf(ggf).unwrap();
        assert!(
            b.is_legal(parse_move(mv).unwrap()),
            "{mv} in {}",
            b.to_text()
        );
        // After c3 (black), white's hints: three moves, best first, all legal.
        b.play(parse_move("c3").unwrap());
        let hints: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(hints.len(), 3, "{out:?}");
        let evals: Vec<f64> = hints
            .iter()
            .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect();
        assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{evals:?}");
        for l in &hints {
            let m = parse_move(l.split_whitespace().nth(1).unwrap()).unwrap();
            assert!(b.is_legal(m));
        }
        assert!(out.contains(&"pong 2".to_string()));
        assert!(out
            .last()
            .unwrap()
            .starts_with("status error: unknown setting"));
    }

    #[test]
    fn a_network_plays_over_the_protocol_and_ignores_the_depth() {
        use crate::games::othello::tuples::{PatternSet, TupleNet, TuplePlayer};
        let n = crate::games::othello::tuples::Layout::new(PatternSet::Lines3).per_phase();
        // Weights that like discs of the mover on the a-file (index digit 1).
        let w: Vec<f32> = (0..n).map(|i| if i % 3 == 1 { 0.1 } else { 0.0 }).collect();
        let net = TupleNet::from_weights(PatternSet::Lines3, 1, w).unwrap();
        let engine = Engine::with_player(Box::new(TuplePlayer::new(net)), None, 1);
        let mut out = Vec::new();
        serve_with(
            engine,
            "nboard 2\nset depth 5\nping 1\ngo\nhint 2\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(out[0], "set myname Selfplay");
        assert_eq!(out[1], "pong 1", "set depth is accepted: {out:?}");
        let mv = out[2]
            .strip_prefix("=== ")
            .expect("a move")
            .split('/')
            .next()
            .unwrap();
        assert!(Board::start().is_legal(parse_move(mv).unwrap()), "{mv}");
        let hints: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(hints.len(), 2, "{out:?}");
        // The network's values, from −1 to +1, best first; the move played is the best.
        let values: Vec<f64> = hints
            .iter()
            .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect();
        assert!(
            values[0] >= values[1] && values.iter().all(|v| v.abs() <= 1.0),
            "{values:?}"
        );
        assert!(hints[0].contains(&format!(" {mv} ")), "{hints:?} vs {mv}");
    }

    #[test]
    fn bad_games_and_moves_are_reported() {
        let out = dialogue("set game (;GM[Othello]B[F5];)\nmove z9\nmove a1\n");
        assert!(out[0].contains("before the board"), "{out:?}");
        assert!(out[1].starts_with("status error"), "{out:?}");
        assert!(out[2].contains("not a legal move"), "{out:?}");
    }

    #[test]
    fn the_endgame_is_exact() {
        // FFO #40 (20 empties) at depth 1 would not reach the end; a board
        // with 8 empties does: the eval is the exact final disc difference.
        let mut rng = rng_from_seed(3);
        let mut b = Board::start();
        let mut buf = Vec::new();
        while b.empties() > 8 {
            crate::arena::play_random_move(&mut b, &mut rng, &mut buf);
        }
        if b.is_over() {
            return;
        }
        let text = b.to_text();
        let (cells, side) = text.split_once(' ').unwrap();
        let bo: String = cells
            .chars()
            .map(|c| match c {
                'X' => '*',
                'O' => 'O',
                _ => '-',
            })
            .collect();
        let side = if side == "X" { "*" } else { "O" };
        let out = dialogue(&format!(
            "set depth 6\nset game (;GM[Othello]BO[8 {bo} {side}];)\ngo\n"
        ));
        let eval: f64 = out[0].split('/').nth(1).unwrap().parse().unwrap();
        assert_eq!(eval.fract(), 0.0, "{out:?}");
    }
}
