//! The plain-text engine protocol that Connect6 programs and their GUIs
//! speak over standard input and output; `selfplay connect6 engine` speaks
//! it with the engine player ([`super::engine`]).
//!
//! A stone is two letters `A`–`S`, the column then the row (rows from the
//! top, as the board's notation: `JJ` is the centre `J10`, `AA` the top-left
//! corner `A1`); a turn is its stones written together (`KKLL`, or `JJ` for
//! Black's single opening stone). Letters are read in either case.
//!
//! Commands, one a line:
//!
//! * `name` — answered with `name Selfplay`.
//! * `new black` / `new white` — a new game, the engine playing that
//!   colour. As Black it places its opening stone at once and answers
//!   `move JJ`; as White it waits.
//! * `black XXXX` / `white XXXX` — stones of that colour placed on the
//!   board (one or more, in the turn order: each must be that colour's to
//!   place); no answer.
//! * `next` — the engine plays the rest of the turn of the side to move and
//!   answers `move XXXX`; from then on that side is its colour. A referee
//!   may thus set every stone with `black`/`white` lines and ask for each
//!   turn with `next`, whatever colour `new` gave the engine.
//! * `move XXXX` — the opponent's stones (the colour that is not the
//!   engine's): the rest of its turn. The engine then plays its turn and
//!   answers `move XXXX`.
//!
//! Six in a row end the game at once, also when the first stone of a pair
//! makes them: the stones after it in the same line (`move OJBB`, its
//! second stone) are not placed, a `move` of that one stone alone is the
//! whole turn, and a `move` that ends the game is not answered. Once the
//! game is over, `next`, `move` and stones are refused until `new`.
//! * `depth d` — the engine's level, 1 to 6 (see [`super::engine`]); no
//!   answer.
//! * `print` — the board: a line of column letters, then 19 rows, each its
//!   letter and its points (`X` Black, `O` White, `.` empty).
//! * `quit` (or `exit`) — the end.
//!
//! Anything else — an unknown command, a stone off the board or taken, a
//! stone out of turn, a level out of range, a line longer than
//! [`crate::cli::MAX_LINE_BYTES`] or not UTF-8 — is answered with one line
//! `error <what is wrong>`, and the board is left as it was; the dialogue
//! goes on. Blank lines are ignored.

use std::io::{BufRead, Write};

use super::engine::{Engine, EngineSettings, MAX_LEVEL};
use super::rules::{Board, Point, CENTRE, SIZE};
use crate::cli::LineReader;
use crate::game::{rng_from_seed, Game, Player, Rng, Side};

/// The column and row letters.
const LETTERS: &[u8; SIZE] = b"ABCDEFGHIJKLMNOPQRS";

/// A stone in the protocol's two letters.
pub fn stone_text(p: Point) -> String {
    let (r, c) = (p as usize / SIZE, p as usize % SIZE);
    format!("{}{}", LETTERS[c] as char, LETTERS[r] as char)
}

/// Reads stones written together (`JJ`, `KKLL`): two letters each.
pub fn parse_stones(text: &str) -> Result<Vec<Point>, String> {
    let quoted = crate::words::quote(text);
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() || chars.len() % 2 != 0 || chars.len() > 4 {
        return Err(format!(
            "{quoted} is not one or two stones: two letters A to S each, column then row (JJ is the centre)"
        ));
    }
    let letter = |c: char| {
        LETTERS
            .iter()
            .position(|&l| char::from(l) == c.to_ascii_uppercase())
            .ok_or_else(|| format!("{quoted}: a letter from A to S, not '{c}'"))
    };
    chars
        .chunks(2)
        .map(|pair| Ok((letter(pair[1])? * SIZE + letter(pair[0])?) as Point))
        .collect()
}

/// The dialogue's state: the board, the engine and its colour.
pub struct Session {
    board: Board,
    engine: Engine,
    engine_side: Side,
    rng: Rng,
}

/// What a command asks of the dialogue.
enum Step {
    Go,
    Quit,
}

impl Session {
    pub fn new(settings: EngineSettings) -> Result<Session, String> {
        Ok(Session::with_engine(Engine::new(settings)?))
    }

    /// A dialogue with this engine.
    pub fn with_engine(engine: Engine) -> Session {
        Session {
            board: Board::start(),
            engine,
            engine_side: Side::Second,
            rng: rng_from_seed(1),
        }
    }

    /// Places `stones` for `side`, all or none; the stones after one that
    /// ends the game are not placed (a six by the first stone of a pair is
    /// the whole turn). Whether the game is over after them.
    fn place(&mut self, side: Side, stones: &[Point]) -> Result<bool, String> {
        if self.board.is_over() {
            return Err("the game is over".into());
        }
        let mut b = self.board.clone();
        for &p in stones {
            if b.is_over() {
                break;
            }
            if b.to_move() != side {
                return Err(format!("{} is not to play", colour(side)));
            }
            if b.cell(p) != 0 {
                return Err(format!("{} is taken", stone_text(p)));
            }
            b.play(p);
        }
        self.board = b;
        Ok(self.board.is_over())
    }

    /// The engine plays the rest of the turn of the side to move; its stones.
    fn play_turn(&mut self) -> Result<String, String> {
        if self.board.is_over() {
            return Err("the game is over".into());
        }
        let side = self.board.to_move();
        let mut out = String::new();
        while !self.board.is_over() && self.board.to_move() == side {
            let p = self.engine.choose(&self.board, &mut self.rng);
            self.board.play(p);
            out.push_str(&stone_text(p));
        }
        Ok(out)
    }

    fn print(&self) -> String {
        let mut out = String::from("  ");
        for &l in LETTERS {
            out.push(' ');
            out.push(l as char);
        }
        for (r, &letter) in LETTERS.iter().enumerate() {
            out.push('\n');
            out.push(letter as char);
            out.push(' ');
            for c in 0..SIZE {
                out.push(' ');
                out.push(match self.board.cell((r * SIZE + c) as Point) {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                });
            }
        }
        out
    }

    /// Answers one command line; the answer's lines (none for some).
    fn command(&mut self, line: &str) -> Result<(Step, Option<String>), String> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok((Step::Go, None));
        };
        let arg = words.next();
        if words.next().is_some() {
            return Err(format!("'{cmd}' takes at most one argument"));
        }
        let need = |what: &str| arg.ok_or_else(|| format!("'{cmd}' needs {what}"));
        let answer = match cmd.to_ascii_lowercase().as_str() {
            "name" => Some("name Selfplay".to_string()),
            "new" => {
                let side = side_named(need("a colour: black or white")?)?;
                self.board = Board::start();
                self.engine_side = side;
                if side == Side::First {
                    self.board.play(CENTRE);
                    Some(format!("move {}", stone_text(CENTRE)))
                } else {
                    None
                }
            }
            "black" | "white" => {
                let side = side_named(cmd)?;
                let stones = parse_stones(need("stones")?)?;
                self.place(side, &stones)?;
                None
            }
            "move" => {
                let stones = parse_stones(need("the opponent's stones")?)?;
                let side = self.engine_side.other();
                if self.board.is_over() {
                    return Err("the game is over".into());
                }
                if self.board.to_move() != side {
                    return Err(format!("it is not {}'s turn", colour(side)));
                }
                let left = self.board.stones_left() as usize;
                let short = |n: usize| {
                    format!(
                        "{} has {left} stone{} left to place in this turn, not {n}",
                        colour(side),
                        if left == 1 { "" } else { "s" },
                    )
                };
                if stones.len() > left {
                    return Err(short(stones.len()));
                }
                // Fewer stones than the turn has: only a six by the first.
                let before = self.board.clone();
                let over = self.place(side, &stones)?;
                if over {
                    None
                } else if stones.len() < left {
                    self.board = before;
                    return Err(short(stones.len()));
                } else {
                    Some(format!("move {}", self.play_turn()?))
                }
            }
            "next" => {
                if self.board.is_over() {
                    return Err("the game is over".into());
                }
                self.engine_side = self.board.to_move();
                Some(format!("move {}", self.play_turn()?))
            }
            "depth" => {
                let text = need("a level")?;
                let level: u32 = text
                    .parse()
                    .ok()
                    .filter(|l| (1..=MAX_LEVEL).contains(l))
                    .ok_or_else(|| format!("the level is 1 to {MAX_LEVEL}, not '{text}'"))?;
                self.engine.set_level(level)?;
                None
            }
            "print" => Some(self.print()),
            "quit" | "exit" => return Ok((Step::Quit, None)),
            other => {
                return Err(format!(
                    "unknown command '{other}' (commands: name, new, black, white, move, next, depth, print, quit)"
                ))
            }
        };
        Ok((Step::Go, answer))
    }
}

fn side_named(word: &str) -> Result<Side, String> {
    match word.to_ascii_lowercase().as_str() {
        "black" => Ok(Side::First),
        "white" => Ok(Side::Second),
        other => Err(format!("a colour is black or white, not '{other}'")),
    }
}

fn colour(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// Speaks the protocol: reads commands from `input` until `quit` or its
/// end, writing each answer to `output` at once. Only a failure to read or
/// write ends it early.
pub fn serve<R: BufRead, W: Write>(
    input: R,
    output: &mut W,
    settings: EngineSettings,
) -> std::io::Result<()> {
    serve_engine(
        input,
        output,
        Engine::new(settings).map_err(std::io::Error::other)?,
    )
}

/// [`serve`] with this engine.
pub fn serve_engine<R: BufRead, W: Write>(
    input: R,
    output: &mut W,
    engine: Engine,
) -> std::io::Result<()> {
    let mut session = Session::with_engine(engine);
    let mut lines = LineReader::new(input, None);
    while let Some(line) = lines.next_line() {
        let reply = match line {
            Ok((_, text)) => session.command(&text),
            Err(e) => match e.problem {
                crate::cli::LineProblem::Io(io) => return Err(io),
                _ => Err(e.to_string()),
            },
        };
        match reply {
            Ok((Step::Quit, _)) => break,
            Ok((Step::Go, Some(text))) => writeln!(output, "{text}")?,
            Ok((Step::Go, None)) => {}
            Err(e) => writeln!(output, "error {e}")?,
        }
        output.flush()?;
    }
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(script: &[u8]) -> String {
        let mut out = Vec::new();
        serve(script, &mut out, EngineSettings::level(1)).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn stones_are_two_letters_column_then_row() {
        assert_eq!(stone_text(CENTRE), "JJ");
        assert_eq!(stone_text(0), "AA");
        assert_eq!(stone_text(1), "BA");
        assert_eq!(parse_stones("jjKl").unwrap(), vec![CENTRE, 11 * 19 + 10]);
        for bad in ["", "J", "JJK", "TT", "JJKKLL", "J1"] {
            assert!(parse_stones(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_scripted_game_as_white() {
        let out = talk(b"name\nnew white\nmove JJ\nprint\nquit\nname\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "name Selfplay");
        let reply = lines[1].strip_prefix("move ").expect("a move");
        let stones = parse_stones(reply).unwrap();
        assert_eq!(stones.len(), 2);
        assert!(!stones.contains(&CENTRE));
        // The board: a header and 19 rows, three stones; nothing after quit.
        assert_eq!(lines.len(), 2 + 20);
        let points: String = lines[3..].iter().map(|l| &l[2..]).collect();
        assert_eq!(points.matches('X').count(), 1);
        assert_eq!(points.matches('O').count(), 2);
    }

    #[test]
    fn as_black_it_opens_in_the_centre_and_next_plays_a_turn() {
        let out = talk(b"new black\nmove KKLL\nnext\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "move JJ");
        assert_eq!(lines[1].len(), "move XXXX".len());
        assert_eq!(lines[2].len(), "move XXXX".len());
    }

    #[test]
    fn bad_input_is_answered_with_an_error_line() {
        let mut script = b"hello\nnew green\nblack JJ\nblack JJ\nwhite JJKK\nmove ZZZZ\n\
            move KK\ndepth 0\ndepth 7\ndepth x\nnew\n"
            .to_vec();
        script.extend(vec![b'a'; crate::cli::MAX_LINE_BYTES + 10]);
        script.extend(b"\n\xff\xfe\ndepth 2\nname\n");
        let out = talk(&script);
        let lines: Vec<&str> = out.lines().collect();
        let errors = lines.iter().filter(|l| l.starts_with("error ")).count();
        // Every line but `black JJ`, `depth 2` and `name` is refused.
        assert_eq!(errors, 12, "{out}");
        assert_eq!(lines.last(), Some(&"name Selfplay"));
        assert!(lines.iter().any(|l| l.contains("JJ is taken")), "{out}");
    }

    /// The stones of a `move XXXX` answer.
    fn answer_stones(line: &str) -> Vec<Point> {
        parse_stones(
            line.strip_prefix("move ")
                .unwrap_or_else(|| panic!("{line}")),
        )
        .unwrap()
    }

    #[test]
    fn next_takes_the_colour_of_the_side_to_move() {
        // The engine was told it plays White, the stones are set, `next`
        // plays Black's turn: Black is its colour from then on, and `move`
        // gives it White's stones.
        let out = talk(b"new white\nblack JJ\nwhite HJLL\nnext\nmove GMKI\nprint\n");
        let lines: Vec<&str> = out.lines().collect();
        assert!(!out.contains("error"), "{out}");
        let first = answer_stones(lines[0]);
        let second = answer_stones(lines[1]);
        assert_eq!((first.len(), second.len()), (2, 2), "{out}");
        let board: String = lines[3..].iter().map(|l| &l[2..]).collect();
        assert_eq!(board.matches('X').count(), 5, "{out}");
        assert_eq!(board.matches('O').count(), 4, "{out}");
        // The same turn asked with `move` after `next`, as Black: a referee
        // can play the engine as the first mover.
        let out = talk(b"new white\nblack JJ\nwhite HJLL\nnext\nmove GMKI\nmove GGKK\n");
        assert_eq!(
            out.lines().filter(|l| l.starts_with("move ")).count(),
            3,
            "{out}"
        );
        // And the other way: told Black, it plays White after `next`.
        let out = talk(b"new black\nnext\nmove KKLL\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "move JJ");
        assert_eq!(answer_stones(lines[1]).len(), 2);
        assert_eq!(answer_stones(lines[2]).len(), 2, "{out}");
    }

    #[test]
    fn every_turn_set_by_colour_then_next_plays_either_side() {
        // A referee's dialogue: each turn placed by colour, `next` for the
        // side to move, whichever it is; the engine plays both sides.
        let mut session = Session::new(EngineSettings::level(1)).unwrap();
        let mut say = |line: &str| session.command(line).map(|(_, a)| a);
        assert_eq!(say("new white").unwrap(), None);
        assert_eq!(say("black JJ").unwrap(), None);
        let mut colour = "white";
        for _ in 0..6 {
            let reply = say("next").unwrap().unwrap();
            let stones = reply.strip_prefix("move ").unwrap().to_string();
            assert_eq!(stones.len(), 4, "{reply}");
            // The engine's own stones, sent back as a referee does, are
            // refused: they are on the board already.
            assert!(say(&format!("{colour} {stones}")).is_err());
            colour = if colour == "white" { "black" } else { "white" };
        }
    }

    #[test]
    fn a_six_by_the_first_stone_of_a_pair_ends_the_game_without_an_answer() {
        // Black (the opponent) has five, J10 to N10, and two stones to place.
        let five =
            "new white\nblack JJ\nwhite AAAC\nblack KJLJ\nwhite AEAG\nblack MJNJ\nwhite AIAK\n";
        for turn in ["move OJBB", "move OJ", "black OJBB", "black OJ"] {
            let out = talk(format!("{five}{turn}\nnext\nmove BBBC\nwhite BB\nname\n").as_bytes());
            let lines: Vec<&str> = out.lines().collect();
            // The six is accepted with no answer; the game is over.
            assert_eq!(
                lines,
                [
                    "error the game is over",
                    "error the game is over",
                    "error the game is over",
                    "name Selfplay"
                ],
                "{turn}"
            );
        }
        // The second stone is not placed.
        let out = talk(format!("{five}move OJBB\nprint\n").as_bytes());
        let rows: Vec<&str> = out.lines().skip(1).collect();
        assert_eq!(
            &rows[1][2..],
            " . . . . . . . . . . . . . . . . . . .",
            "{out}"
        );
        assert_eq!(rows[9].matches('X').count(), 6, "{out}");
        // One stone that does not end the game is not the whole turn.
        let out = talk(format!("{five}move BB\nmove OJ\n").as_bytes());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "error black has 2 stones left to place in this turn, not 1"
        );
        assert!(lines.len() == 1, "{out}");
        // A new game after the end.
        let out = talk(format!("{five}move OJ\nnew black\n").as_bytes());
        assert_eq!(out, "move JJ\n");
    }

    #[test]
    fn a_winning_move_ends_without_an_answer_and_next_wins() {
        // Black (the opponent) builds J-column stones; White plays far away.
        let out = talk(
            b"new white\nblack JJ\nwhite AAAC\nblack JKJL\nwhite AEAG\nblack JMJN\n\
              white AIAK\nnext\n",
        );
        // Black has a four on J10..J14 and two stones: next wins.
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{out}");
        let stones = parse_stones(lines[0].strip_prefix("move ").unwrap()).unwrap();
        assert!(!stones.is_empty());
    }
}
