//! Q-learning for Othello with a multilayer perceptron: the network that
//! estimates Q(s, ·) for all 64 squares, its input encodings, its update rule,
//! and the greedy player it makes.
//!
//! # Encodings
//! * **QL1** (64 inputs): the board from the mover's view: +1 for the mover's
//!   disc, −1 for the opponent's, 0 for an empty square.
//! * **QL2** (129 inputs): 64 inputs for black (+1 disc present, −1 absent),
//!   64 for white the same way, and one for the side to move (+1 black, −1
//!   white).
//!
//! Input `i` of each block is square `i` (a1 = 0, b1 = 1, …, h8 = 63), and
//! output `k` is Q(s, place on square k).
//!
//! # The update
//! For each of the agent's moves (s, a), once the agent reaches its next
//! decision s′ (after the opponent's reply), the target is the network's
//! output for s with entry a moved by µ·(max over legal a′ of Q(s′, a′) −
//! Q(s, a)); the other 63 entries are their current values, so only the error
//! at a is non-zero ([`Mlp::train_single`]). When the game ends, the last
//! pending entry moves by µ·(r − Q(s, a)) with r = +1 win, 0 draw, −1 loss
//! from the agent's side. γ = 1. Q(s, a) is recomputed under the current
//! weights when the update is made, so the gradient is exact.
//!
//! # Passes
//! A position where the agent must pass is not a decision: there is one legal
//! move and nothing to choose or learn. The pass is played, no Q-value is
//! read, and the pending (s, a) stays pending until the agent's next real
//! decision (or the end of the game). Its s′ is therefore the agent's next
//! position with a placement available. When the *opponent* must pass, the
//! agent simply moves twice: s′ is the position after the opponent's pass.

use serde::{Deserialize, Serialize};

use crate::game::{Analysis, Game, MoveValue, Player, Rng, Scale, Side};
use crate::games::othello::{Board, PASS};
use crate::learn::activation::Activation;
use crate::learn::exploration::greedy_index;
use crate::learn::mlp::{Hidden, Mlp};
use crate::search::budget::Budget;

/// How a board is fed to the network.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// 64 inputs in {−1, 0, +1}, from the mover's view.
    Ql1,
    /// 129 inputs: black ±1, white ±1, side to move ±1.
    Ql2,
}

impl Encoding {
    /// The number of inputs.
    pub fn inputs(self) -> usize {
        match self {
            Encoding::Ql1 => 64,
            Encoding::Ql2 => 129,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Ql1 => "ql1",
            Encoding::Ql2 => "ql2",
        }
    }

    /// Reads `ql1` or `ql2`.
    pub fn parse(text: &str) -> Result<Encoding, String> {
        match text.to_ascii_lowercase().as_str() {
            "ql1" => Ok(Encoding::Ql1),
            "ql2" => Ok(Encoding::Ql2),
            other => Err(format!(
                "unknown encoding {other} (expected \"ql1\" or \"ql2\")",
                other = crate::words::quote(other)
            )),
        }
    }

    /// Writes the inputs for `board` into `out` (length [`Encoding::inputs`]).
    pub fn encode(self, board: &Board, out: &mut [f32]) {
        assert_eq!(out.len(), self.inputs(), "input size");
        match self {
            Encoding::Ql1 => {
                let (own, opp) = (board.own(), board.opp());
                for (i, x) in out.iter_mut().enumerate() {
                    let bit = 1u64 << i;
                    *x = if own & bit != 0 {
                        1.0
                    } else if opp & bit != 0 {
                        -1.0
                    } else {
                        0.0
                    };
                }
            }
            Encoding::Ql2 => {
                let (black, white) = (board.black(), board.white());
                for i in 0..64 {
                    let bit = 1u64 << i;
                    out[i] = if black & bit != 0 { 1.0 } else { -1.0 };
                    out[64 + i] = if white & bit != 0 { 1.0 } else { -1.0 };
                }
                out[128] = match board.side() {
                    Side::First => 1.0,
                    Side::Second => -1.0,
                };
            }
        }
    }
}

/// Buffers for evaluating and training a [`QNet`], reused across moves.
#[derive(Clone, Debug)]
pub struct QScratch {
    x: Vec<f32>,
    h: Hidden,
    xs: Vec<f32>,
    hs: Hidden,
}

impl QScratch {
    pub fn new(net: &QNet) -> QScratch {
        QScratch {
            x: vec![0.0; net.encoding.inputs()],
            h: net.mlp.scratch(),
            xs: vec![0.0; net.encoding.inputs()],
            hs: net.mlp.scratch(),
        }
    }
}

/// The legal moves of a position and their Q-values, in square order.
#[derive(Clone, Copy, Debug)]
pub struct LegalQ {
    pub len: usize,
    pub moves: [u8; 64],
    pub q: [f32; 64],
}

impl Default for LegalQ {
    fn default() -> Self {
        LegalQ {
            len: 0,
            moves: [0; 64],
            q: [0.0; 64],
        }
    }
}

impl LegalQ {
    pub fn moves(&self) -> &[u8] {
        &self.moves[..self.len]
    }
    pub fn q(&self) -> &[f32] {
        &self.q[..self.len]
    }
}

/// A network estimating Q(s, ·) for the 64 squares of an Othello position.
#[derive(Clone, Debug, PartialEq)]
pub struct QNet {
    encoding: Encoding,
    mlp: Mlp,
}

impl QNet {
    /// A network with random weights from `rng`.
    pub fn new(encoding: Encoding, hidden: usize, activation: Activation, rng: &mut Rng) -> QNet {
        QNet {
            encoding,
            mlp: Mlp::new(encoding.inputs(), hidden, 64, activation, rng),
        }
    }

    /// A network around existing weights. Fails if the shapes do not match.
    pub fn from_mlp(encoding: Encoding, mlp: Mlp) -> Result<QNet, String> {
        if mlp.n_in() != encoding.inputs() || mlp.n_out() != 64 {
            return Err(format!(
                "a {} network needs {} inputs and 64 outputs, not {} and {}",
                encoding.name(),
                encoding.inputs(),
                mlp.n_in(),
                mlp.n_out()
            ));
        }
        Ok(QNet { encoding, mlp })
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }
    pub fn mlp(&self) -> &Mlp {
        &self.mlp
    }
    pub fn mlp_mut(&mut self) -> &mut Mlp {
        &mut self.mlp
    }

    /// Q-values of the placements in `mask` (the legal moves of `board`),
    /// computing only those outputs.
    pub fn legal_q(&self, board: &Board, mask: u64, s: &mut QScratch, out: &mut LegalQ) {
        self.encoding.encode(board, &mut s.x);
        self.mlp.hidden(&s.x, &mut s.h);
        let mut m = mask;
        let mut n = 0;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            out.moves[n] = sq as u8;
            out.q[n] = self.mlp.output(&s.h, sq);
            n += 1;
            m &= m - 1;
        }
        out.len = n;
    }

    /// [`QNet::legal_q`] during training: brings the rows it reads up to
    /// date first (see the lazy momentum of [`Mlp`]).
    pub fn legal_q_fresh(&mut self, board: &Board, mask: u64, s: &mut QScratch, out: &mut LegalQ) {
        self.encoding.encode(board, &mut s.x);
        self.mlp.hidden_fresh(&s.x, &mut s.h);
        let mut m = mask;
        let mut n = 0;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            out.moves[n] = sq as u8;
            out.q[n] = self.mlp.output_fresh(&s.h, sq);
            n += 1;
            m &= m - 1;
        }
        out.len = n;
    }

    /// All 64 outputs for `board` (for a heat map; the network must be up to
    /// date, as it is between training games). Entries of illegal
    /// squares are what the network outputs there; they are never trained
    /// and mean nothing.
    pub fn q_values(&self, board: &Board) -> [f32; 64] {
        let mut s = QScratch::new(self);
        let mut out = [0.0f32; 64];
        self.encoding.encode(board, &mut s.x);
        self.mlp.forward(&s.x, &mut s.h, &mut out);
        out
    }

    /// The greedy move: the legal placement with the highest Q (the lowest
    /// square on ties), or [`PASS`] when there is none.
    pub fn best_move(&self, board: &Board, s: &mut QScratch, lq: &mut LegalQ) -> u8 {
        let mask = board.legal_mask();
        if mask == 0 {
            return PASS;
        }
        self.legal_q(board, mask, s, lq);
        lq.moves[greedy_index(lq.q())]
    }

    /// The Q-update of (s, a): one backpropagation step towards the target
    /// Q(s, a) + µ·(value − Q(s, a)), where `value` is max Q(s′, ·) or the
    /// final reward. Returns Q(s, a) before the step.
    pub fn update(&mut self, s: &Board, a: u8, value: f32, mu: f32, scratch: &mut QScratch) -> f32 {
        debug_assert!(a < 64, "only placements are learned");
        self.encoding.encode(s, &mut scratch.xs);
        self.mlp.hidden_fresh(&scratch.xs, &mut scratch.hs);
        self.mlp
            .train_single(&scratch.xs, &scratch.hs, a as usize, |q| {
                q_target(q, value, mu)
            })
    }
}

/// The Q-learning target of [`QNet::update`]: Q(s, a) + µ·(value − Q(s, a)).
#[inline]
pub fn q_target(q: f32, value: f32, mu: f32) -> f32 {
    q + mu * (value - q)
}

/// The greedy player of a trained (or untrained) network: always the move
/// with the highest Q. Used for evaluation and for playing against people.
#[derive(Clone, Debug)]
pub struct QNetPlayer {
    net: QNet,
    scratch: QScratch,
    lq: LegalQ,
    name: String,
}

impl QNetPlayer {
    pub fn new(net: QNet) -> QNetPlayer {
        let scratch = QScratch::new(&net);
        let name = format!(
            "qnet-{}-h{}-{}",
            net.encoding.name(),
            net.mlp.n_hidden(),
            net.mlp.activation().name()
        );
        QNetPlayer {
            net,
            scratch,
            lq: LegalQ::default(),
            name,
        }
    }

    pub fn net(&self) -> &QNet {
        &self.net
    }
}

impl Player<Board> for QNetPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Board, _rng: &mut Rng) -> u8 {
        self.net.best_move(game, &mut self.scratch, &mut self.lq)
    }

    /// Q(s, a) of every legal square (on the outputs' fixed range −1…+1, the
    /// range of the rewards); a forced pass has no value.
    fn analyze(&mut self, game: &Board, _budget: &mut Budget) -> Option<Analysis<u8>> {
        let q = self.net.q_values(game);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let best = self.net.best_move(game, &mut self.scratch, &mut self.lq);
        Some(Analysis {
            units: "Q(s, a) of the network".into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: None,
            moves: legal
                .into_iter()
                .map(|m| MoveValue {
                    mv: m,
                    value: (m != PASS).then(|| f64::from(q[usize::from(m)])),
                    label: None,
                    best: m == best,
                })
                .collect(),
            complete: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{rng_from_seed, Game};
    use crate::games::othello::parse_square;

    fn sq(name: &str) -> usize {
        parse_square(name).unwrap() as usize
    }

    #[test]
    fn ql1_start_position_from_both_sides() {
        let mut x = [9.0f32; 64];
        let b = Board::start();
        Encoding::Ql1.encode(&b, &mut x);
        // Black to move: d5 and e4 are black (own), d4 and e5 white.
        assert_eq!(x[sq("d5")], 1.0);
        assert_eq!(x[sq("e4")], 1.0);
        assert_eq!(x[sq("d4")], -1.0);
        assert_eq!(x[sq("e5")], -1.0);
        assert_eq!(x.iter().filter(|&&v| v == 0.0).count(), 60);
        // After f5 (flipping e5), white to move sees black's discs as −1.
        let mut b = b;
        b.play(sq("f5") as u8);
        Encoding::Ql1.encode(&b, &mut x);
        for s in ["d5", "e4", "e5", "f5"] {
            assert_eq!(x[sq(s)], -1.0, "{s}");
        }
        assert_eq!(x[sq("d4")], 1.0);
        assert_eq!(x.iter().filter(|&&v| v == 0.0).count(), 59);
    }

    #[test]
    fn ql2_known_position() {
        let mut b = Board::start();
        b.play(sq("f5") as u8);
        let mut x = [9.0f32; 129];
        Encoding::Ql2.encode(&b, &mut x);
        for s in ["d5", "e4", "e5", "f5"] {
            assert_eq!(x[sq(s)], 1.0, "black {s}");
            assert_eq!(x[64 + sq(s)], -1.0, "white {s}");
        }
        assert_eq!(x[sq("d4")], -1.0);
        assert_eq!(x[64 + sq("d4")], 1.0);
        assert_eq!(x[sq("a1")], -1.0);
        assert_eq!(x[64 + sq("a1")], -1.0);
        assert_eq!(x[128], -1.0, "white to move");
        assert_eq!(x[..64].iter().filter(|&&v| v == 1.0).count(), 4);
        assert_eq!(x[64..128].iter().filter(|&&v| v == 1.0).count(), 1);
        Encoding::Ql2.encode(&Board::start(), &mut x);
        assert_eq!(x[128], 1.0, "black to move");
    }

    #[test]
    fn legal_q_matches_the_full_forward_pass() {
        let net = QNet::new(
            Encoding::Ql2,
            40,
            Activation::Sigmoid,
            &mut rng_from_seed(4),
        );
        let b = Board::start();
        let all = net.q_values(&b);
        let mut s = QScratch::new(&net);
        let mut lq = LegalQ::default();
        net.legal_q(&b, b.legal_mask(), &mut s, &mut lq);
        assert_eq!(lq.len, 4);
        for (&m, &q) in lq.moves().iter().zip(lq.q()) {
            assert_eq!(q.to_bits(), all[m as usize].to_bits());
        }
    }

    #[test]
    fn update_moves_q_towards_the_value() {
        let mut net = QNet::new(Encoding::Ql1, 64, Activation::Arctan, &mut rng_from_seed(9));
        let b = Board::start();
        let a = sq("f5") as u8;
        let mut s = QScratch::new(&net);
        let before = net.q_values(&b)[a as usize];
        for _ in 0..50 {
            net.update(&b, a, 1.0, 0.1, &mut s);
        }
        net.mlp_mut().sync();
        let after = net.q_values(&b)[a as usize];
        assert!(after > before + 0.05, "Q went from {before} to {after}");
    }

    #[test]
    fn greedy_player_only_plays_legal_moves() {
        let mut p = QNetPlayer::new(QNet::new(
            Encoding::Ql1,
            40,
            Activation::Arctan,
            &mut rng_from_seed(1),
        ));
        let mut rng = rng_from_seed(2);
        let mut b = Board::start();
        while !b.is_over() {
            let m = p.choose(&b, &mut rng);
            assert!(b.is_legal(m), "{}", Board::format_move(m));
            b.play(m);
        }
    }
}
