//! A Connect Four Q-learning run in bounded chunks: its table, its
//! generator, its curve of blocks (the learning games themselves, and the
//! share of optimal moves when asked).

use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::game::{rng_from_seed, Game, Outcome, Player, Rng, Side};
use crate::games::connect4::lookahead::Lookahead;
use crate::games::connect4::optimal::{mask_of, share, test_sample, OptimalMoves};
use crate::games::connect4::rules::Position;
use crate::learn::q_table::{QLearner, QTable};
use crate::plugin::run::Recorder;

use super::config::{point_seed, RunConfig};
use super::game::LearningGame;

/// One point of the curves: the learning games of one block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Learning games played at the end of the block.
    pub games: u64,
    /// Games in the block.
    pub block: u32,
    /// Mean number of moves (discs on the board at the end) of a game.
    pub moves: f64,
    /// Wins, draws and losses of the learner in the block.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The share of the learner's moves the solver rates optimal, in % (see
    /// [`crate::games::connect4::optimal`]): in positions of its own games at this point
    /// (`None`: not measured, or none settled by the solver's budget) ...
    #[serde(default)]
    pub own_optimal: Option<f64>,
    /// ... of which this many were settled and this many skipped ...
    #[serde(default)]
    pub own_checked: u32,
    #[serde(default)]
    pub own_skipped: u32,
    /// ... and on the test positions where its side is to move.
    #[serde(default)]
    pub test_optimal: Option<f64>,
    /// Table cells stored and bytes of memory.
    pub entries: u64,
    pub bytes: u64,
}

/// The unfinished block's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Block {
    pub games: u32,
    pub moves: u64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A run in progress.
pub struct Run {
    pub(super) config: RunConfig,
    pub(super) learner: QLearner<Position>,
    pub(super) opponent: Box<dyn Player<Position> + Send>,
    /// The solver's answers for the optimal-move share (made on first use).
    pub(super) optimal: Option<OptimalMoves>,
    /// Seconds spent measuring the optimal-move share.
    pub(super) optimal_seconds: f64,
    pub(super) rng: Rng,
    pub(super) games: u64,
    pub(super) block: Block,
    pub(super) curve: Vec<CurvePoint>,
}

impl Run {
    pub fn new(config: RunConfig) -> Result<Run, String> {
        config.validate()?;
        let mut learner = QLearner::<Position>::new(config.learner_side(), config.learner)?;
        learner.table_mut().mirror = config.mirror;
        Ok(Run {
            learner,
            opponent: config.opponent.player(),
            optimal: None,
            optimal_seconds: 0.0,
            rng: rng_from_seed(config.seed),
            games: 0,
            block: Block::default(),
            curve: Vec::new(),
            config,
        })
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn is_done(&self) -> bool {
        self.games >= self.config.total_games
    }

    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    pub fn learner(&self) -> &QLearner<Position> {
        &self.learner
    }

    /// Seconds this run spent on the optimal-move share so far (not saved).
    pub fn optimal_seconds(&self) -> f64 {
        self.optimal_seconds
    }

    /// Sets a new planned total (not below the games played).
    pub fn set_total(&mut self, total: u64) -> Result<(), String> {
        if total < self.games {
            return Err(format!("the run has played {} games already", self.games));
        }
        self.config.total_games = total;
        Ok(())
    }

    /// Plays up to `max_games` learning games; returns how many curve
    /// points were added. The last, partial block of a run gets a point
    /// too.
    pub fn step(&mut self, max_games: u64) -> usize {
        let before = self.curve.len();
        let mut left = max_games;
        while left > 0 && !self.is_done() {
            self.one_game(None);
            left -= 1;
        }
        self.curve.len() - before
    }

    /// Plays the next learning game as [`Run::step`] would, recording its
    /// moves and the learner's Q-values at each of its decisions; `None`
    /// when the run is done. Returns the recorder and the side the learner
    /// played.
    pub fn step_watched(&mut self, mut rec: Recorder) -> Option<(Recorder, Side)> {
        if self.is_done() {
            return None;
        }
        let side = self.config.side.of_game(self.games);
        self.one_game(Some(&mut rec));
        Some((rec, side))
    }

    /// One learning game with its block and curve bookkeeping.
    fn one_game(&mut self, rec: Option<&mut Recorder>) {
        let (outcome, moves) = self.learning_game(rec);
        self.games += 1;
        let b = &mut self.block;
        b.games += 1;
        b.moves += u64::from(moves);
        match outcome {
            Outcome::Draw => b.draws += 1,
            Outcome::Win(s) if s == self.learner.side() => b.wins += 1,
            Outcome::Win(_) => b.losses += 1,
        }
        if b.games >= self.config.block_games || self.is_done() {
            let point = self.measure();
            self.curve.push(point);
            self.block = Block::default();
        }
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while !self.is_done() {
            self.step(u64::MAX);
        }
    }

    fn learning_game(&mut self, rec: Option<&mut Recorder>) -> (Outcome, u32) {
        LearningGame {
            side: self.config.side.of_game(self.games),
            rewards: self.config.rewards,
            lookahead: self.config.lookahead,
        }
        .play(
            &mut self.learner,
            self.opponent.as_mut(),
            Position::new(),
            &mut self.rng,
            rec,
        )
    }

    /// The columns the learner chooses among in `p` with exploration off:
    /// its greedy moves, or its lookahead's best, into `out`.
    pub fn policy_moves(&self, p: &Position, out: &mut Vec<u8>) {
        Lookahead {
            table: self.learner.table(),
            rewards: self.config.rewards,
            depth: self.config.lookahead,
        }
        .best_moves(p, out);
    }

    /// The positions where the learner is to move in its own games at curve
    /// point `index`, with the columns it chooses among there: greedy games
    /// (exploration off) against the run's opponent, on the run's sides,
    /// until [`RunConfig::perfect_sample`] positions are taken. Their
    /// generator is seeded by [`point_seed`].
    pub fn own_positions(&self, index: usize) -> Vec<(Position, u8)> {
        let n = self.config.perfect_sample as usize;
        let mut out = Vec::with_capacity(n);
        let mut rng = rng_from_seed(point_seed(self.config.seed, index));
        let mut opponent = self.config.opponent.player();
        let mut moves = Vec::new();
        let mut game = 0;
        while out.len() < n {
            let side = self.config.side.of_game(game);
            game += 1;
            let mut p = Position::new();
            while !p.is_over() && out.len() < n {
                let m = if p.to_move() == side {
                    self.policy_moves(&p, &mut moves);
                    out.push((p, mask_of(&moves)));
                    *moves.choose(&mut rng).expect("a legal move")
                } else {
                    opponent.choose(&p, &mut rng)
                };
                p.play(m);
            }
        }
        out
    }

    /// The share of the learner's moves that are optimal on the test
    /// positions where one of its sides is to move, in %.
    pub fn test_share(&self) -> Option<f64> {
        let sides = [self.config.side.of_game(0), self.config.side.of_game(1)];
        let mut moves = Vec::new();
        share(
            test_sample()
                .iter()
                .filter(|t| sides.contains(&t.position.to_move()))
                .map(|t| {
                    self.policy_moves(&t.position, &mut moves);
                    (mask_of(&moves), t.optimal)
                }),
        )
    }

    fn measure(&mut self) -> CurvePoint {
        let b = self.block;
        let mut point = CurvePoint {
            games: self.games,
            block: b.games,
            moves: b.moves as f64 / f64::from(b.games.max(1)),
            wins: b.wins,
            draws: b.draws,
            losses: b.losses,
            own_optimal: None,
            own_checked: 0,
            own_skipped: 0,
            test_optimal: None,
            entries: self.learner.table().entries() as u64,
            bytes: self.learner.table().bytes() as u64,
        };
        if self.config.perfect_sample > 0 {
            let start = Instant::now();
            let own = self.own_positions(self.curve.len());
            let solver = self.optimal.get_or_insert_with(OptimalMoves::default);
            let mut choices = Vec::with_capacity(own.len());
            for (p, chosen) in &own {
                match solver.of(p) {
                    Some(optimal) => choices.push((*chosen, optimal)),
                    None => point.own_skipped += 1,
                }
            }
            point.own_checked = choices.len() as u32;
            point.own_optimal = share(choices);
            point.test_optimal = self.test_share();
            self.optimal_seconds += start.elapsed().as_secs_f64();
        }
        point
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::learn::*;
    use crate::games::connect4::players::RandomColumn;
    use crate::games::connect4::rules::{mirror_bits, WIDTH};
    use crate::learn::q_table::QTable;
    use crate::learn::q_table::Tabular;

    fn small(experiment: u32, games: u64) -> RunConfig {
        let mut c = preset(experiment, 1).unwrap().remove(0);
        c.total_games = games;
        c.perfect_sample = 20;
        c
    }

    #[test]
    fn chunking_does_not_change_the_run_and_a_saved_run_continues_exactly() {
        let mut c = small(2, 1_000);
        c.block_games = 100;
        let mut whole = Run::new(c.clone()).unwrap();
        whole.run_to_end();
        assert_eq!(whole.curve().len(), 10);
        let mut part = Run::new(c).unwrap();
        part.step(333);
        let model = part.model("m").unwrap();
        let bytes = crate::model::encode(&model).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut more = Run::continue_from(&model, None).unwrap();
        more.run_to_end();
        assert_eq!(more.curve(), whole.curve());
        assert_eq!(more.learner().table(), whole.learner().table());
    }

    #[test]
    fn only_cells_with_values_are_stored() {
        let mut run = Run::new(small(2, 200)).unwrap();
        run.run_to_end();
        let t = run.learner().table();
        assert!(t.entries() > 0);
        assert!(t.table.iter().all(|(_, v)| v != 0.0));
    }

    /// The 1-based move string of the mirror image: column c ↔ 8 − c.
    fn mirrored_moves(moves: &str) -> String {
        moves
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect()
    }

    #[test]
    fn the_mirror_key_is_the_key_of_the_mirrored_moves() {
        let mut rng = rng_from_seed(4);
        for _ in 0..300 {
            let mut p = Position::new();
            let mut moves = String::new();
            while !p.is_over() {
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
                moves.push(char::from(b'1' + c));
                let m = Position::from_moves(&mirrored_moves(&moves)).unwrap();
                assert_eq!(p.mirror_key(), m.key(), "{moves}");
                assert_eq!(mirror_bits(m.key()), p.key());
                if p.is_over() {
                    break;
                }
                for c in 0..WIDTH as u8 {
                    if p.can_play(c as usize) {
                        // A cell and its mirrored cell have one canonical form,
                        // and the canonical key is the smaller.
                        let a = mirror_canonical(p.cell(c));
                        assert_eq!(a, mirror_canonical(m.cell(6 - c)), "{moves}, column {c}");
                        assert_eq!(a >> 3, p.symmetric_key());
                    }
                }
            }
        }
    }

    #[test]
    fn measuring_optimal_moves_leaves_the_learning_as_it_was() {
        let mut measured = Run::new(with(2, 1_500, |c| {
            c.block_games = 500;
            c.perfect_sample = 40;
        }))
        .unwrap();
        measured.run_to_end();
        let mut plain = Run::new(with(2, 1_500, |c| c.block_games = 500)).unwrap();
        plain.run_to_end();
        assert_eq!(measured.learner().table(), plain.learner().table());
        assert_eq!(measured.curve().len(), 3);
        for (m, p) in measured.curve().iter().zip(plain.curve()) {
            assert_eq!(
                (m.wins, m.draws, m.losses, m.moves),
                (p.wins, p.draws, p.losses, p.moves)
            );
            assert_eq!(m.own_checked + m.own_skipped, 40);
            assert!(m.own_checked > 0 && m.own_optimal.is_some() && m.test_optimal.is_some());
            assert_eq!(
                (p.own_optimal, p.test_optimal, p.own_checked),
                (None, None, 0)
            );
        }
    }

    /// The best-score columns of `p` by a full analysis.
    fn analyzed(p: &Position) -> u8 {
        use crate::games::connect4::solver::{Budget, Mode, Solver};
        let mut solver = Solver::with_table_bits(20);
        solver.set_book(Some(crate::games::connect4::book::opening()));
        let a = solver.analyze(p, Mode::Strong, Budget::unlimited(), None);
        let best = a.scores.iter().flatten().copied().max().unwrap();
        (0..WIDTH)
            .filter(|&c| a.scores[c] == Some(best))
            .fold(0, |m, c| m | 1 << c)
    }

    #[test]
    fn the_share_of_its_own_games_is_counted_move_by_move() {
        // Against the stupid player, learner second: a few thousand games
        // teach the table something, and its own games are the greedy ones.
        let c = with(1, 3_000, |c| {
            c.block_games = 3_000;
            c.perfect_sample = 60;
            c.side = LearnerSide::Second;
        });
        let mut run = Run::new(c).unwrap();
        run.run_to_end();
        let point = run.curve()[0].clone();
        let own = run.own_positions(0);
        assert_eq!(own.len(), 60);
        let mut moves = Vec::new();
        let mut choices = Vec::new();
        let mut skipped = 0;
        let mut check = OptimalMoves::default();
        for (p, chosen) in &own {
            // Yellow is to move, and the columns are the table's greedy ones.
            assert_eq!(p.to_move(), Side::Second);
            run.learner().greedy_moves(p, &mut moves);
            assert_eq!(*chosen, mask_of(&moves));
            match check.of(p) {
                Some(optimal) => {
                    assert_eq!(optimal, analyzed(p), "{p:?}");
                    choices.push((*chosen, optimal));
                }
                None => skipped += 1,
            }
        }
        let by_hand: f64 = 100.0
            * choices
                .iter()
                .map(|&(c, o)| f64::from((c & o).count_ones()) / f64::from(c.count_ones()))
                .sum::<f64>()
            / choices.len() as f64;
        assert_eq!(point.own_skipped, skipped);
        assert_eq!(point.own_checked as usize, choices.len());
        assert!((point.own_optimal.unwrap() - by_hand).abs() < 1e-9);
        // The same point's games again give the same positions.
        assert_eq!(run.own_positions(0), own);
    }

    #[test]
    fn an_empty_table_chooses_at_random_on_the_test_positions() {
        // One learning game: the table holds values for a handful of cells,
        // none of a test position; every legal column ties, and the share
        // is the share of optimal columns among the legal ones.
        let mut run = Run::new(with(2, 1, |c| c.perfect_sample = 1)).unwrap();
        run.run_to_end();
        let mut moves = Vec::new();
        let reds: Vec<_> = test_sample()
            .iter()
            .filter(|t| t.position.to_move() == Side::First)
            .collect();
        assert!(reds.len() > 100, "{}", reds.len());
        let chance = share(reds.iter().map(|t| {
            t.position.legal_moves(&mut moves);
            (mask_of(&moves), t.optimal)
        }))
        .unwrap();
        assert_eq!(run.curve()[0].test_optimal, Some(chance));
        assert!(chance > 10.0 && chance < 60.0, "{chance}");
        // Two plies of lookahead see the wins in one move and the blocks:
        // better than chance with the same empty table.
        let mut ahead = Run::new(with(2, 1, |c| {
            c.perfect_sample = 1;
            c.lookahead = 2;
        }))
        .unwrap();
        ahead.run_to_end();
        assert!(ahead.curve()[0].test_optimal.unwrap() > chance + 5.0);
    }

    fn with(experiment: u32, games: u64, f: impl FnOnce(&mut RunConfig)) -> RunConfig {
        let mut c = small(experiment, games);
        c.perfect_sample = 0;
        f(&mut c);
        c
    }

    #[test]
    fn sharing_mirror_images_stores_fewer_cells_and_reads_mirrored_values() {
        let mut plain = Run::new(with(2, 3_000, |_| {})).unwrap();
        plain.run_to_end();
        let mut mirrored = Run::new(with(2, 3_000, |c| c.mirror = true)).unwrap();
        mirrored.run_to_end();
        let (a, b) = (plain.learner().table(), mirrored.learner().table());
        assert!(
            b.entries() < a.entries(),
            "{} cells with mirror images shared, {} without",
            b.entries(),
            a.entries()
        );
        // Every stored cell is canonical, and a position and its mirror
        // image read the same values, column for mirrored column.
        assert!(b.table.iter().all(|(c, _)| mirror_canonical(c) == c));
        let l = mirrored.learner();
        let mut rng = rng_from_seed(8);
        let mut checked = 0;
        for _ in 0..500 {
            let mut p = Position::new();
            while !p.is_over() {
                let m = p.mirror();
                for c in 0..WIDTH as u8 {
                    if p.can_play(c as usize) && p.to_move() == Side::First {
                        let v = l.q_value(&p, c);
                        assert_eq!(v, l.q_value(&m, 6 - c));
                        checked += usize::from(v != 0.0);
                    }
                }
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
            }
        }
        assert!(checked > 100, "{checked} values that are not 0 compared");
        // The plain table does not share them: some mirror pair differs.
        let mut differ = false;
        for (cell, v) in a.table.iter() {
            let other = mirror_canonical(cell);
            let mirrored_cell = if other == cell {
                (mirror_bits(cell >> 3) << 3) | (6 - (cell & 7))
            } else {
                other
            };
            if mirrored_cell != cell && a.get(mirrored_cell) != v {
                differ = true;
                break;
            }
        }
        assert!(differ);
    }

    fn digest(run: &Run) -> Vec<u8> {
        crate::model::encode(&run.model("digest").unwrap()).unwrap()
    }

    #[test]
    fn new_options_are_reproducible_and_resume_exactly() {
        for f in [
            (|c: &mut RunConfig| c.mirror = true) as fn(&mut RunConfig),
            |c| c.lookahead = 2,
            |c| c.side = LearnerSide::Alternate,
            |c| c.side = LearnerSide::Second,
            |c| {
                c.mirror = true;
                c.lookahead = 1;
                c.side = LearnerSide::Alternate;
            },
        ] {
            let c = with(2, 600, |c| {
                c.block_games = 100;
                f(c)
            });
            let mut one = Run::new(c.clone()).unwrap();
            one.run_to_end();
            let mut two = Run::new(c.clone()).unwrap();
            two.run_to_end();
            assert_eq!(digest(&one), digest(&two), "{c:?}");
            // Saved half-way and continued: the same table and curve.
            let mut part = Run::new(c.clone()).unwrap();
            part.step(301);
            let model = crate::model::decode(&digest(&part)).unwrap();
            let mut more = Run::continue_from(&model, None).unwrap();
            assert_eq!(more.config(), &c);
            more.run_to_end();
            assert_eq!(more.learner().table(), one.learner().table(), "{c:?}");
            assert_eq!(more.curve(), one.curve());
        }
    }

    #[test]
    fn options_off_save_as_before() {
        let c = preset(2, 1).unwrap().remove(0);
        let v = serde_json::to_value(&c).unwrap();
        assert_eq!(v["side"], 0);
        assert!(v.get("mirror").is_none() && v.get("lookahead").is_none());
        let mut run = Run::new(with(2, 50, |_| {})).unwrap();
        run.run_to_end();
        let m = run.model("m").unwrap();
        assert!(!m.header.hyper.contains_key(MIRROR_KEY));
        // The page's choice field sends the side as text.
        let mut v = serde_json::to_value(with(2, 50, |_| {})).unwrap();
        v["side"] = "2".into();
        let back: RunConfig = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back.side, LearnerSide::Alternate);
        v["side"] = 3.into();
        assert!(serde_json::from_value::<RunConfig>(v).is_err());
    }

    #[test]
    fn an_alternating_learner_learns_both_sides_in_one_table() {
        let mut run = Run::new(with(2, 400, |c| c.side = LearnerSide::Alternate)).unwrap();
        run.run_to_end();
        let t = run.learner().table();
        // The number of discs of a cell's position, modulo 2 (0: Red to
        // move): a key has, per column, one 1 bit just above the column's
        // top disc, so a column's height is the index of its top 1 bit.
        let parity = |cell: u64| {
            let key = cell >> 3;
            (0..WIDTH)
                .map(|c| 63 - u64::from(((key >> (7 * c)) & 0x7f).leading_zeros()))
                .sum::<u64>()
                % 2
        };
        let odd = t.table.iter().filter(|&(c, _)| parity(c) == 1).count();
        let even = t.table.iter().filter(|&(c, _)| parity(c) == 0).count();
        assert!(odd > 0 && even > 0, "{odd} Yellow cells, {even} Red cells");
        let mut first_only = Run::new(with(2, 400, |_| {})).unwrap();
        first_only.run_to_end();
        assert!(first_only
            .learner()
            .table()
            .table
            .iter()
            .all(|(c, _)| parity(c) == 0));
    }
}
