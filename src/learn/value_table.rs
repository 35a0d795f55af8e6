//! The first learner of every reinforcement-learning textbook (Sutton and
//! Barto, *Reinforcement Learning: An Introduction*, chapter 1): a table
//! with one value per position *after the learner's move* (an afterstate),
//! the learner's estimate of its chance of winning from there.
//!
//! * **Moves:** greedy — the legal move whose afterstate has the highest
//!   value, ties broken at random — except, with probability ε, a uniformly
//!   random legal move (an *exploratory* move).
//! * **Values:** a finished position has its fixed value (1 won, 0 lost,
//!   `draw` drawn, for the side that just moved); every other starts at 0.5.
//! * **Update:** after each greedy move, the afterstate of the learner's
//!   previous move moves a step toward the value of the new one,
//!   V(s) ← V(s) + α [V(s′) − V(s)]; after an exploratory move there is no
//!   update (the book's rule). When the game ends, each learning side's last
//!   afterstate moves toward the final value for that side.
//!
//! The table is dense: a game that uses it numbers its positions
//! ([`DenseKey`]: `key() < STATES`). Values are from the point of view of
//! the side that just moved, so one table serves both sides in self-play.
//! Nothing here knows a game.

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use crate::game::{Game, Outcome, Player, Rng, Side};
use crate::model::{Algorithm, GameId, Header, Model};
use crate::plugin::run::Recorder;

/// A game whose positions are numbered densely: `key()` is below `STATES`
/// for every position.
pub trait DenseKey: Game {
    const STATES: usize;
}

/// The learner's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Step size α (0 < α ≤ 1).
    pub alpha: f32,
    /// Chance ε of an exploratory move (0 ≤ ε ≤ 1).
    pub epsilon: f32,
    /// The value of a drawn game (the book counts it as a loss, 0; 0.5 lets
    /// the learner prefer a draw to a loss).
    pub draw: f32,
}

impl Params {
    /// The book's step size and exploration, with a draw worth half a win.
    pub const BOOK: Params = Params {
        alpha: 0.1,
        epsilon: 0.1,
        draw: 0.5,
    };

    pub fn validate(&self) -> Result<(), String> {
        if !(self.alpha > 0.0 && self.alpha <= 1.0) {
            return Err(format!(
                "α must be in (0, 1], not {}",
                crate::words::number(self.alpha.into())
            ));
        }
        if !(0.0..=1.0).contains(&self.epsilon) {
            return Err(format!(
                "ε must be in [0, 1], not {}",
                crate::words::number(self.epsilon.into())
            ));
        }
        if !(0.0..=1.0).contains(&self.draw) {
            return Err(format!(
                "the value of a draw must be in [0, 1], not {}",
                crate::words::number(self.draw.into())
            ));
        }
        Ok(())
    }
}

/// The value a position starts with before it has been learned.
pub const START_VALUE: f32 = 0.5;

/// The table of afterstate values and its learning rule.
#[derive(Clone, Debug)]
pub struct ValueTable<G: DenseKey> {
    params: Params,
    values: Vec<f32>,
    games: u64,
    buf: Vec<G::Move>,
}

/// Equal settings, values and games (the scratch buffer of legal moves is
/// not part of a table).
impl<G: DenseKey> PartialEq for ValueTable<G> {
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params && self.values == other.values && self.games == other.games
    }
}

impl<G: DenseKey> ValueTable<G> {
    pub fn new(params: Params) -> Result<Self, String> {
        params.validate()?;
        Ok(ValueTable {
            params,
            values: vec![START_VALUE; G::STATES],
            games: 0,
            buf: Vec::new(),
        })
    }

    pub fn params(&self) -> Params {
        self.params
    }

    /// Learning games played.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Positions whose value has moved from the start value.
    pub fn learned(&self) -> usize {
        self.values.iter().filter(|v| **v != START_VALUE).count()
    }

    /// The value of `after`, a position just reached by a move of `mover`:
    /// its fixed value if the game is over, else the table's.
    pub fn value(&self, after: &G, mover: Side) -> f32 {
        match after.outcome() {
            Some(Outcome::Win(s)) if s == mover => 1.0,
            Some(Outcome::Win(_)) => 0.0,
            Some(Outcome::Draw) => self.params.draw,
            None => self.values[after.key() as usize],
        }
    }

    /// The value of playing `m` in `g`.
    pub fn move_value(&self, g: &G, m: G::Move) -> f32 {
        let mut after = g.clone();
        after.play(m);
        self.value(&after, g.to_move())
    }

    /// The greedy move: the highest afterstate value, ties broken at random.
    pub fn greedy(&mut self, g: &G, rng: &mut Rng) -> G::Move {
        g.legal_moves(&mut self.buf);
        let mut best = f32::NEG_INFINITY;
        let mut pick = self.buf[0];
        let mut ties = 0u32;
        for i in 0..self.buf.len() {
            let m = self.buf[i];
            let v = self.move_value(g, m);
            if v > best {
                best = v;
                pick = m;
                ties = 1;
            } else if v == best {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    pick = m;
                }
            }
        }
        pick
    }

    /// The learner's move in training: exploratory with chance ε (then
    /// `true`), else greedy.
    fn training_move(&mut self, g: &G, rng: &mut Rng) -> (G::Move, bool) {
        if self.params.epsilon > 0.0 && rng.random::<f32>() < self.params.epsilon {
            g.legal_moves(&mut self.buf);
            let i = rng.random_range(0..self.buf.len());
            (self.buf[i], true)
        } else {
            (self.greedy(g, rng), false)
        }
    }

    /// Moves the value of the afterstate `key` a step toward `target`.
    fn update(&mut self, key: usize, target: f32) {
        let v = &mut self.values[key];
        *v += self.params.alpha * (target - *v);
    }

    /// Plays one learning game from `start`. The learner plays the sides in
    /// `learner` (both: self-play); `opponent` plays the others. Each move
    /// is recorded in `record` if given, with the learner's values of the
    /// legal moves at its decisions.
    pub fn learn_game(
        &mut self,
        start: &G,
        learner: [bool; 2],
        opponent: &mut dyn Player<G>,
        rng: &mut Rng,
        mut record: Option<&mut Recorder>,
    ) -> Outcome {
        let mut g = start.clone();
        // Each side's last afterstate (its key), if it is not final.
        let mut last: [Option<usize>; 2] = [None, None];
        while g.outcome().is_none() {
            let side = g.to_move();
            let m = if learner[side.index()] {
                if let Some(r) = record.as_deref_mut() {
                    r.decision(&g, |m| f64::from(self.move_value(&g, m)));
                    r.model(|| self.to_model("", 0));
                }
                let (m, explored) = self.training_move(&g, rng);
                let mut after = g.clone();
                after.play(m);
                if !explored {
                    if let Some(prev) = last[side.index()] {
                        let target = self.value(&after, side);
                        self.update(prev, target);
                    }
                }
                last[side.index()] = after.outcome().is_none().then(|| after.key() as usize);
                m
            } else {
                opponent.choose(&g, rng)
            };
            if let Some(r) = record.as_deref_mut() {
                r.played::<G>(m);
            }
            g.play(m);
        }
        let outcome = g.outcome().expect("the loop ends at the end");
        for side in Side::BOTH {
            if let Some(prev) = last[side.index()] {
                let target = match outcome {
                    Outcome::Win(s) if s == side => 1.0,
                    Outcome::Win(_) => 0.0,
                    Outcome::Draw => self.params.draw,
                };
                self.update(prev, target);
            }
        }
        self.games += 1;
        outcome
    }

    /// The table as a model (algorithm `value_table`, array `v`).
    pub fn to_model(&self, name: &str, seed: u64) -> Result<Model, String> {
        let game = GameId::new(G::NAME).map_err(|e| format!("the game '{}': {e}", G::NAME))?;
        let mut header = Header::new(game, Algorithm::ValueTable, name);
        header.encoding = "afterstates".into();
        header.seed = seed;
        header.games_trained = self.games;
        let hyper = serde_json::to_value(self.params).map_err(|e| e.to_string())?;
        if let serde_json::Value::Object(map) = hyper {
            header.hyper = map;
        }
        let mut model = Model::new(header);
        model
            .push("v", vec![G::STATES], self.values.clone())
            .map_err(|e| e.to_string())?;
        Ok(model)
    }

    /// Rebuilds a table from [`Self::to_model`]'s model, checking the game,
    /// the algorithm, the settings and every value.
    pub fn from_model(model: &Model) -> Result<Self, String> {
        let h = &model.header;
        if h.game.name() != G::NAME {
            return Err(format!(
                "the model is for {}, not {}",
                h.game.name(),
                G::NAME
            ));
        }
        if h.algorithm != Algorithm::ValueTable {
            return Err(format!(
                "the model's algorithm is {}, not value_table",
                h.algorithm.name()
            ));
        }
        model.only_arrays(|name| name == "v" || name == "rng")?;
        let params: Params = serde_json::from_value(serde_json::Value::Object(h.hyper.clone()))
            .map_err(|e| format!("bad learner settings: {e}"))?;
        params.validate()?;
        let values = model
            .values_shaped::<f32>("v", &[G::STATES])
            .map_err(|e| e.to_string())?
            .to_vec();
        if let Some(v) = values.iter().find(|v| !(0.0..=1.0).contains(*v)) {
            return Err(format!("a value is {v}, outside [0, 1]"));
        }
        Ok(ValueTable {
            params,
            values,
            games: h.games_trained,
            buf: Vec::new(),
        })
    }
}

/// The table playing greedily (no exploration, no learning): the player
/// `model`, and the player a run is measured with.
pub struct Greedy<G: DenseKey>(pub ValueTable<G>);

impl<G: DenseKey> Player<G> for Greedy<G> {
    fn name(&self) -> String {
        "value table".into()
    }

    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move {
        self.0.greedy(game, rng)
    }

    fn analyze(
        &mut self,
        game: &G,
        budget: &mut crate::search::budget::Budget,
    ) -> Option<crate::game::Analysis<G::Move>> {
        let _ = budget;
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let values: Vec<f32> = moves.iter().map(|m| self.0.move_value(game, *m)).collect();
        let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        Some(crate::game::Analysis {
            units: "the table's chance of winning after this move (0 to 1)".into(),
            scale: crate::game::Scale::Fixed { min: 0.0, max: 1.0 },
            position: None,
            moves: moves
                .into_iter()
                .zip(values)
                .map(|(mv, v)| crate::game::MoveValue {
                    mv,
                    value: Some(f64::from(v)),
                    label: Some(format!("{v:.2}")),
                    best: v == top,
                })
                .collect(),
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveError;

    /// Nim with one heap of 4: take 1 or 2; who takes the last wins.
    #[derive(Clone, Debug, PartialEq)]
    struct Nim {
        left: u8,
        mover: Side,
    }

    impl Game for Nim {
        type Move = u8;
        const NAME: &'static str = "nim";
        fn start() -> Self {
            Nim {
                left: 4,
                mover: Side::First,
            }
        }
        fn to_move(&self) -> Side {
            self.mover
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            for t in 1..=2 {
                if t <= self.left {
                    out.push(t);
                }
            }
        }
        fn play(&mut self, m: u8) {
            self.left -= m;
            self.mover = self.mover.other();
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then_some(Outcome::Win(self.mover.other()))
        }
        fn key(&self) -> u64 {
            u64::from(self.left) * 2 + self.mover.index() as u64
        }
        fn format_move(m: u8) -> String {
            m.to_string()
        }
        fn parse_move(text: &str) -> Result<u8, MoveError> {
            text.parse().map_err(|_| MoveError(text.into()))
        }
    }

    impl DenseKey for Nim {
        const STATES: usize = 10;
    }

    struct Takes(u8);
    impl Player<Nim> for Takes {
        fn name(&self) -> String {
            "takes".into()
        }
        fn choose(&mut self, g: &Nim, _: &mut Rng) -> u8 {
            self.0.min(g.left)
        }
    }

    /// Leaves a multiple of 3 when it can.
    struct Perfect;
    impl Player<Nim> for Perfect {
        fn name(&self) -> String {
            "perfect".into()
        }
        fn choose(&mut self, g: &Nim, _: &mut Rng) -> u8 {
            match g.left % 3 {
                0 => 1,
                r => r,
            }
        }
    }

    /// A hand-computed game: the learner (first) against a player that
    /// always takes 1, α = 0.5, no exploration. From 4 every afterstate is
    /// worth 0.5, so the tie at 4 is broken by the generator; whatever it
    /// picks, the values follow the rule by hand.
    #[test]
    fn one_game_updates_by_the_book() {
        let params = Params {
            alpha: 0.5,
            epsilon: 0.0,
            draw: 0.5,
        };
        let mut t = ValueTable::<Nim>::new(params).unwrap();
        let mut rng = crate::game::rng_from_seed(3);
        let mut rec = Recorder::with_models();
        let outcome = t.learn_game(
            &Nim::start(),
            [true, false],
            &mut Takes(1),
            &mut rng,
            Some(&mut rec),
        );
        match rec.moves.as_slice() {
            // 4 -take 1-> 3 (O to move), O takes 1 -> 2, learner takes 2 and wins:
            // V(3, O to move) moves toward V(0) = 1: 0.5 + 0.5 × 0.5 = 0.75.
            [a, b, c] if a == "1" && b == "1" && c == "2" => {
                assert_eq!(outcome, Outcome::Win(Side::First));
                assert_eq!(t.values[3 * 2 + 1], 0.75);
                assert_eq!(t.learned(), 1);
            }
            // 4 -take 2-> 2 (O to move), O takes 1 -> 1, learner takes 1 and wins:
            // V(2, O to move) = 0.75.
            [a, b, c] if a == "2" && b == "1" && c == "1" => {
                assert_eq!(outcome, Outcome::Win(Side::First));
                assert_eq!(t.values[2 * 2 + 1], 0.75);
                assert_eq!(t.learned(), 1);
            }
            other => panic!("unexpected game {other:?}"),
        }
        // The learner's decisions are recorded with its values before the move.
        assert_eq!(rec.decisions.len(), 2);
        assert_eq!(
            rec.decisions[0].values,
            vec![("1".into(), 0.5), ("2".into(), 0.5)]
        );
        assert_eq!(t.games(), 1);
        // With the table as it was at each decision: the blank table both
        // times (the second decision's update comes after it is recorded),
        // not the table after the game.
        let models = rec.models.expect("models were asked for");
        assert_eq!(models.len(), 2);
        let blank = ValueTable::<Nim>::new(params).unwrap();
        for m in &models {
            let v = ValueTable::<Nim>::from_model(m).unwrap();
            assert_eq!(v.values, blank.values);
            assert_ne!(v.values, t.values);
        }
    }

    /// A loss pulls the learner's last afterstate toward 0 and a draw
    /// value out of range is refused.
    #[test]
    fn a_lost_game_lowers_the_last_afterstate() {
        let params = Params {
            alpha: 0.5,
            epsilon: 0.0,
            draw: 0.5,
        };
        let mut t = ValueTable::<Nim>::new(params).unwrap();
        // The learner moves second against perfect play: the opponent takes
        // 1 (4 -> 3); both of the learner's afterstates from 3 (2 or 1 left,
        // worth 0.5) lose, as the opponent takes what is left. That one
        // afterstate moves halfway to 0.
        let mut rng = crate::game::rng_from_seed(1);
        let outcome = t.learn_game(&Nim::start(), [false, true], &mut Perfect, &mut rng, None);
        assert_eq!(outcome, Outcome::Win(Side::First));
        let lowered: Vec<usize> = (0..10).filter(|&k| t.values[k] == 0.25).collect();
        assert_eq!(lowered.len(), 1, "{:?}", t.values);
        assert!(Params {
            draw: 1.5,
            ..params
        }
        .validate()
        .is_err());
        assert!(Params {
            alpha: 0.0,
            ..params
        }
        .validate()
        .is_err());
    }

    #[test]
    fn a_table_round_trips_through_a_model_file() {
        let mut t = ValueTable::<Nim>::new(Params::BOOK).unwrap();
        let mut rng = crate::game::rng_from_seed(7);
        for _ in 0..50 {
            t.learn_game(&Nim::start(), [true, true], &mut Takes(1), &mut rng, None);
        }
        let bytes = crate::model::encode(&t.to_model("nim", 7).unwrap()).unwrap();
        let back = ValueTable::<Nim>::from_model(&crate::model::decode(&bytes).unwrap()).unwrap();
        assert_eq!(back.values, t.values);
        assert_eq!(back.games(), 50);
        assert_eq!(back.params(), Params::BOOK);
    }
}
