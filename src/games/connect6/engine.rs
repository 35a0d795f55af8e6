//! The engine player: threats first, then alpha-beta over whole turns.
//!
//! The engine chooses a whole turn (two stones; one at the opening stone)
//! at its first stone, plays the first, and the second when asked next (a
//! second stone asked in another position is chosen afresh). A turn is
//! chosen in steps, each within the level's budget of nodes and time:
//!
//! 1. **A six at hand** (a window of four or five of its stones, none of the
//!    opponent's) is made at once.
//! 2. **Lost**: facing more threats than stones left (three or more, two at
//!    a second stone), it blocks the point that leaves the fewest.
//! 3. **Its own win by threats**: the threat-space search ([`tss`]) for a
//!    win by continuous double threats (VCDT), then by single threats
//!    (VCST), within the level's attacker turns; a proof's first turn is
//!    played.
//! 4. **The defence**: with no threat against it, the engine asks whether
//!    the opponent would win by threats were its turn wasted
//!    ([`tss::threatened`]). If so, only turns with a stone in that proof's
//!    *relevance zone* can stop it: the root's turns are cut to those, and
//!    pairs of the zone's best points are added.
//! 5. **Alpha-beta over turns** ([`super::search`]): the root's turns (the
//!    pairs of the best points by gain, or the blocks when facing threats)
//!    searched one turn deeper at a time until the budget ends, with a
//!    transposition table kept between turns, killer turns and history.
//! 6. **The check**: the best turns, in the search's order, are each
//!    searched for an opponent's win by threats after them ([`tss::refute`]);
//!    the first that holds is played (if none holds, the search's best).
//!
//! # Levels
//! A level is a budget of search nodes a turn (threat-space searches
//! included), bounded by a time a turn, and the depths of its threat-space
//! searches: see [`LEVELS`]. The node budget, not the clock, ends a search
//! on any machine fast enough, so a level plays the same turns on a loaded
//! machine as on a quiet one.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::rules::{format_point, Board, Point, CENTRE, POINTS};
use super::search::{stones, turn_text, Found, Leaf, Searcher, Turn, Widths, NONE, PROVEN, WIN};
use super::threats::count_windows;
use super::tss::{self, Kind, Proof};
use super::windows::{Position, WindowWeights};
use crate::game::{Analysis, Game, MoveValue, Player, Rng, Scale, Thought};
use crate::search::budget::{Budget, Limits};

/// The highest level.
pub const MAX_LEVEL: u32 = 6;
/// The most first points a node may try.
pub const MAX_WIDTH: u32 = 40;

/// One level's budget and searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Search nodes a turn, threat-space searches included.
    pub nodes: u64,
    /// Milliseconds a turn at most.
    pub ms: f64,
    /// The deepest alpha-beta depth, in turns.
    pub depth: u32,
    /// Points tried at each node.
    pub widths: Widths,
    /// Attacker turns of its own threat-space searches (double threats,
    /// single threats; 0: none) and their nodes.
    pub attack: (u32, u32, u64),
    /// The same for the opponent's (the defence and the check).
    pub defence: (u32, u32, u64),
}

/// A level: its nodes a turn, its time cap, and the nodes of each of its
/// threat-space searches (its own wins, then the opponent's).
const fn level(nodes: u64, ms: f64, depth: u32, attack: u64, defence: u64) -> Level {
    Level {
        nodes,
        ms,
        depth,
        widths: Widths {
            first: 10,
            second: 6,
        },
        attack: (6, 2, attack),
        defence: (6, 0, defence),
    }
}

/// The levels, 1 to [`MAX_LEVEL`]: nodes a turn roughly tripling from
/// level to level. The time caps are many times what the nodes take on a
/// laptop (level 3: 400,000 nodes in about a second, capped at 20 s), so
/// that the nodes, not the clock, end a turn also on a loaded machine, and
/// a level plays the same games there as on a quiet one.
pub const LEVELS: [Level; MAX_LEVEL as usize] = [
    Level {
        attack: (0, 0, 0),
        defence: (0, 0, 0),
        ..level(5_000, 5_000.0, 1, 0, 0)
    },
    level(40_000, 10_000.0, 12, 10_000, 20_000),
    level(400_000, 20_000.0, 12, 60_000, 100_000),
    level(1_200_000, 40_000.0, 12, 150_000, 250_000),
    level(4_000_000, 80_000.0, 16, 400_000, 600_000),
    level(12_000_000, 100_000.0, 16, 1_000_000, 1_500_000),
];

/// The most turns the check (step 6) searches for a refutation.
const CHECKED: usize = 24;
/// The most zone points the defence pairs up.
const ZONE_POINTS: usize = 12;

/// The engine's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineSettings {
    /// 1 to [`MAX_LEVEL`] (see [`LEVELS`]).
    pub level: u32,
    /// First points tried at each node, 1 to [`MAX_WIDTH`]; 0 takes the
    /// level's.
    pub width: u32,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings { level: 3, width: 0 }
    }
}

impl EngineSettings {
    /// The settings of a level, with its width.
    pub fn level(level: u32) -> EngineSettings {
        EngineSettings { level, width: 0 }
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_LEVEL).contains(&self.level) {
            return Err(format!(
                "the level must be from 1 to {MAX_LEVEL}, not {}",
                self.level
            ));
        }
        if self.width > MAX_WIDTH {
            return Err(format!(
                "the width must be from 1 to {MAX_WIDTH} (0: the level's), not {}",
                self.width
            ));
        }
        Ok(())
    }

    /// The level's budget and searches, with the width set.
    pub fn spec(&self) -> Level {
        let mut l = LEVELS[self.level.clamp(1, MAX_LEVEL) as usize - 1];
        if self.width > 0 {
            l.widths.first = self.width as usize;
        }
        l
    }

    /// Settings from a page's settings object (`level`, `width`; a `seed`
    /// is ignored: the engine plays the same stone every time).
    pub fn from_value(v: &Value) -> Result<EngineSettings, String> {
        let mut v = v.clone();
        if let Some(m) = v.as_object_mut() {
            m.remove("seed");
        }
        let s: EngineSettings = if v.is_null() {
            EngineSettings::default()
        } else {
            serde_json::from_value(v).map_err(|e| format!("engine settings: {e}"))?
        };
        s.validate()?;
        Ok(s)
    }
}

/// The horizon's evaluation: the windows' value, or learned pattern
/// weights ([`Engine::with_learned`]).
#[derive(Default)]
enum Eval {
    #[default]
    Windows,
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    Learned(Box<(crate::learn::linear_td::LinearTd, super::learn::Chooser)>),
}

/// The learned value's range in the search: `(2p − 1) ×` this, for the
/// mover's chance of winning `p`.
#[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
pub const LEARNED_SCALE: f32 = 100_000.0;

impl Leaf for Eval {
    fn value(&mut self, pos: &Position) -> i32 {
        match self {
            Eval::Windows => pos.value(),
            #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
            Eval::Learned(l) => {
                let (learner, chooser) = &mut **l;
                let b = pos.board();
                let black = learner.value(chooser.features(b));
                let p = if b.to_move() == crate::game::Side::First {
                    black
                } else {
                    1.0 - black
                };
                ((2.0 * p - 1.0) * LEARNED_SCALE) as i32
            }
        }
    }
}

/// What one turn's choice did, for the measurements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Which step chose the turn: "six", "lost", "threats", "search".
    pub step: &'static str,
    /// Nodes of alpha-beta (its quiescence included).
    pub search_nodes: u64,
    /// Nodes of the threat-space searches, and their milliseconds.
    pub threat_nodes: u64,
    pub threat_ms: f64,
    /// Alpha-beta's deepest finished depth, in turns.
    pub depth: u32,
    /// The root's turns, and the turns generated per node expanded.
    pub root_turns: usize,
    pub branching: f64,
    /// Whether the defence found an opponent's win to stop, and how many
    /// turns the check refuted.
    pub defended: bool,
    pub refuted: usize,
    pub ms: f64,
}

/// The engine player.
pub struct Engine {
    settings: EngineSettings,
    searcher: Searcher,
    eval: Eval,
    weights: WindowWeights,
    /// The second stone of the turn chosen at its first: the board's key
    /// after the first, and the stone.
    planned: Option<(u64, Point)>,
    /// The budget per turn of [`Player::choose`]; `None`: the level's.
    default_limits: Option<Limits>,
    /// What the last turn's choice did.
    pub report: Report,
}

impl Engine {
    pub fn new(settings: EngineSettings) -> Result<Engine, String> {
        settings.validate()?;
        Ok(Engine {
            settings,
            searcher: Searcher::new(TABLE_BITS, settings.spec().widths),
            eval: Eval::Windows,
            weights: WindowWeights::HAND,
            planned: None,
            default_limits: None,
            report: Report::default(),
        })
    }

    /// The engine searching with learned pattern weights (the study's 492
    /// features, [`super::features`]) at the horizon instead of the windows'
    /// value; everything else (threats, threat-space search, ordering) is
    /// the same.
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    pub fn with_learned(mut self, learner: crate::learn::linear_td::LinearTd) -> Engine {
        self.eval = Eval::Learned(Box::new((learner, super::learn::Chooser::default())));
        self.searcher.clear();
        self
    }

    /// An engine whose turns without a budget ([`Player::choose`]) stop at
    /// these limits instead of the level's.
    pub fn with_default_limits(mut self, limits: Limits) -> Engine {
        self.default_limits = Some(limits);
        self
    }

    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }

    /// Changes the level (the protocol's `depth`), keeping the table.
    pub fn set_level(&mut self, level: u32) -> Result<(), String> {
        let s = EngineSettings {
            level,
            ..self.settings
        };
        s.validate()?;
        self.settings = s;
        self.searcher.widths = s.spec().widths;
        Ok(())
    }

    /// The level's limits of a turn chosen without a budget.
    fn turn_limits(&self) -> Limits {
        self.default_limits.unwrap_or_else(|| {
            let l = self.settings.spec();
            Limits {
                nodes: Some(l.nodes),
                ms: Some(l.ms),
                unbounded: false,
            }
        })
    }

    /// The limits of a share of what is left of `budget` (by its own limits
    /// and the level's `cap` of nodes from `start`): at most `nodes`, and
    /// half of what is left.
    fn share(budget: &Budget, cap: &Cap, nodes: u64) -> Limits {
        let left_nodes = cap.nodes_left(budget);
        let limits = budget.limits();
        let mut n = nodes.min(left_nodes / 2);
        if let Some(max) = limits.nodes {
            n = n.min(max.saturating_sub(budget.nodes()) / 2);
        }
        let ms = cap.ms_left(budget) / 2.0;
        Limits {
            nodes: Some(n),
            ms: Some(ms),
            unbounded: false,
        }
    }

    /// A proof of a win by threats for the side to move in `b`, by double
    /// then single threats within `depths` attacker turns and `nodes`.
    fn prove(
        b: &Board,
        depths: (u32, u32),
        nodes: u64,
        budget: &mut Budget,
        cap: &Cap,
        report: &mut Report,
    ) -> Option<Proof> {
        for (kind, depth) in [(Kind::Double, depths.0), (Kind::Single, depths.1)] {
            if depth == 0 || budget.is_stopped() || cap.spent(budget) {
                continue;
            }
            let mut own = Budget::new(Self::share(budget, cap, nodes));
            let proof = tss::prove(b, kind, depth, &mut own);
            budget.spend(own.nodes());
            report.threat_nodes += own.nodes();
            report.threat_ms += own.elapsed_ms();
            if matches!(proof, Proof::Win { .. }) {
                return Some(proof);
            }
        }
        None
    }

    /// The opponent's win by threats after the stones `placed` (the rest
    /// of the turn wasted), by double then single threats at the level's
    /// defence depths.
    fn threatened(
        &self,
        b: &Board,
        placed: &[Point],
        budget: &mut Budget,
        cap: &Cap,
        report: &mut Report,
    ) -> Option<Proof> {
        let (double, single, nodes) = self.settings.spec().defence;
        for (kind, depth) in [(Kind::Double, double), (Kind::Single, single)] {
            if depth == 0 || budget.is_stopped() || cap.spent(budget) {
                continue;
            }
            let mut own = Budget::new(Self::share(budget, cap, nodes));
            let proof = tss::threatened(b, placed, kind, depth, &mut own);
            budget.spend(own.nodes());
            report.threat_nodes += own.nodes();
            report.threat_ms += own.elapsed_ms();
            if let Ok(p @ Proof::Win { .. }) = proof {
                return Some(p);
            }
        }
        None
    }

    /// Chooses the turn of the side to move in `b` (not over) within the
    /// level's limits, and says what its steps did.
    pub fn think_turn(&mut self, b: &Board) -> String {
        let mut budget = Budget::new(self.turn_limits());
        let (turn, value, depth) = self.choose_turn(b, &mut budget);
        let r = &self.report;
        let nodes = r.search_nodes + r.threat_nodes;
        format!(
            "{}: {} (value {}, {} turn{} deep; chosen by {})\n\
             {} nodes in {:.3} s ({:.0} a second): alpha-beta {} ({} root turns, {:.1} turns a node), \
             threat-space searches {}{}{}",
            self.name(),
            turn_text(&turn),
            value.map_or("none".into(), value_text),
            depth,
            if depth == 1 { "" } else { "s" },
            r.step,
            nodes,
            r.ms / 1000.0,
            nodes as f64 / (r.ms / 1000.0).max(1e-9),
            r.search_nodes,
            r.root_turns,
            r.branching,
            r.threat_nodes,
            if r.defended { "; an opponent's win by threats to stop" } else { "" },
            if r.refuted > 0 { format!("; {} turn(s) refuted by the check", r.refuted) } else { String::new() },
        )
    }

    /// Chooses the turn of the side to move in `b` (not over): its stones
    /// and its value for the side to move (with the search's depth).
    pub fn choose_turn(&mut self, b: &Board, budget: &mut Budget) -> (Turn, Option<i32>, u32) {
        let started = budget.elapsed_ms();
        let mut report = Report::default();
        let r = self.turn(b, budget, &mut report);
        report.ms = budget.elapsed_ms() - started;
        self.report = report;
        r
    }

    fn turn(
        &mut self,
        b: &Board,
        budget: &mut Budget,
        report: &mut Report,
    ) -> (Turn, Option<i32>, u32) {
        if b.stones() == 0 {
            report.step = "opening";
            return ([CENTRE, NONE], None, 0);
        }
        let level = self.settings.spec();
        let cap = Cap::new(budget, level);
        let me = b.to_move();
        let left = b.stones_left();
        let mut pos = Position::new(b, self.weights);
        // 1. A six at hand.
        let mut windows = Vec::new();
        pos.threat_windows(me, &mut windows);
        if let Some(w) = windows
            .iter()
            .find(|w| w[0] == w[1])
            .or_else(|| windows.first().filter(|_| left == 2))
        {
            report.step = "six";
            let turn = if w[0] == w[1] { [w[0], NONE] } else { *w };
            return (turn, Some(WIN), 1);
        }
        // 2. Lost: block what can be blocked.
        pos.threat_windows(me.other(), &mut windows);
        let against = count_windows(&windows);
        if u32::from(against.count) > left {
            report.step = "lost";
            let mut turn = [NONE, NONE];
            for (i, &p) in against.blocks.iter().take(left as usize).enumerate() {
                turn[i] = p;
            }
            return (turn, Some(-WIN), 1);
        }
        // 3. Its own win by threats.
        budget.set_note("looking for a win by threats");
        let (double, single, nodes) = level.attack;
        if let Some(Proof::Win { line, turns, .. }) =
            Self::prove(b, (double, single), nodes, budget, &cap, report)
        {
            report.step = "threats";
            let mut turn = [NONE, NONE];
            for (i, &p) in line.iter().take(left as usize).enumerate() {
                turn[i] = p;
            }
            return (turn, Some(WIN - 1 - turns as i32), 1 + turns);
        }
        // 4. The defence: the root's turns.
        let mut root = self.searcher.root_turns(&mut pos);
        budget.set_note("looking for the opponent's wins by threats");
        self.defend(&mut pos, against.count, &mut root, budget, &cap, report);
        if root.is_empty() {
            // Nothing generated (cannot happen with stones left): any point.
            let p = (0..POINTS as Point)
                .find(|&p| b.cell(p) == 0)
                .unwrap_or(CENTRE);
            return ([p, NONE], None, 0);
        }
        report.root_turns = root.len();
        // 5. Alpha-beta.
        budget.set_note("searching");
        self.searcher.stats = Default::default();
        let turns: Vec<Turn> = root.iter().map(|r| r.0).collect();
        // Alpha-beta leaves the check its share of what is left.
        let nodes_left = cap.nodes_left(budget);
        let ms_left = cap.ms_left(budget);
        let found = self.searcher.search_capped(
            &mut pos,
            &mut self.eval,
            turns,
            level.depth,
            budget,
            budget.nodes() + nodes_left * 2 / 3,
            budget.elapsed_ms() + ms_left * 2.0 / 3.0,
        );
        let stats = self.searcher.stats;
        report.search_nodes = stats.nodes;
        report.depth = found.depth;
        report.branching = if stats.expanded > 0 {
            stats.generated as f64 / stats.expanded as f64
        } else {
            0.0
        };
        report.step = "search";
        // 6. The check.
        let best = self.checked(b, &found, budget, &cap, report);
        (best.0, Some(best.1), found.depth)
    }

    /// The defence (step 4 of the module): for each probe — no stone placed
    /// when nothing threatens the side to move, else each point that
    /// blocks every threat alone — the opponent's win by threats after the
    /// probe's stones and a wasted rest of the turn. Where there is one,
    /// the root's turns that hold the probe's stones keep only those with
    /// another stone in that win's relevance zone, and turns of the zone's
    /// best points are added.
    fn defend(
        &self,
        pos: &mut Position,
        threats: u8,
        root: &mut Vec<(Turn, i32)>,
        budget: &mut Budget,
        cap: &Cap,
        report: &mut Report,
    ) {
        let b = pos.board().clone();
        let me = b.to_move();
        let left = b.stones_left();
        let level = self.settings.spec();
        let probes: Vec<Vec<Point>> = match (threats, left) {
            (0, _) => vec![Vec::new()],
            (1, 2) => {
                let mut windows = Vec::new();
                pos.threat_windows(me.other(), &mut windows);
                let mut singles: Vec<Point> = windows.iter().flatten().copied().collect();
                singles.sort_unstable();
                singles.dedup();
                singles.retain(|&x| windows.iter().all(|w| w.contains(&x)));
                singles.into_iter().map(|x| vec![x]).collect()
            }
            _ => Vec::new(),
        };
        let mut seconds = Vec::new();
        for placed in &probes {
            let Some(Proof::Win { zone, .. }) = self.threatened(&b, placed, budget, cap, report)
            else {
                continue;
            };
            report.defended = true;
            let mut points = Vec::new();
            zone.points(&mut points);
            points.retain(|&p| b.cell(p) == 0 && !placed.contains(&p));
            points.sort_by_key(|&p| (std::cmp::Reverse(pos.gain(me, p)), p));
            points.truncate(ZONE_POINTS);
            let mut extra = Vec::new();
            match placed[..] {
                [x] => {
                    pos.place(x);
                    for &z in &points {
                        extra.push(([x.min(z), x.max(z)], pos.gain(me, z)));
                    }
                    pos.undo(x);
                }
                _ => {
                    for &x in &points {
                        if left == 1 {
                            extra.push(([x, NONE], pos.gain(me, x)));
                            continue;
                        }
                        pos.place(x);
                        pos.best_points(me, level.widths.second, 0, &mut seconds);
                        for &(y, g) in &seconds {
                            extra.push(([x.min(y), x.max(y)], pos.gain(me, x) + g));
                        }
                        pos.undo(x);
                    }
                }
            }
            root.retain(|(t, _)| {
                !placed.iter().all(|p| t.contains(p))
                    || stones(t).any(|p| !placed.contains(&p) && zone.contains(p))
            });
            for e in extra {
                if !root.iter().any(|(t, _)| *t == e.0) {
                    root.push(e);
                }
            }
        }
        root.sort_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
    }

    /// The first of the search's best turns after which the opponent has no
    /// win by threats (see the module); the search's best if none holds or
    /// the budget ends.
    fn checked(
        &mut self,
        b: &Board,
        found: &Found,
        budget: &mut Budget,
        cap: &Cap,
        report: &mut Report,
    ) -> (Turn, i32) {
        let first = (found.best, found.value);
        if found.value > PROVEN || self.settings.spec().defence.0 == 0 {
            return first;
        }
        budget.set_note("checking the turn against the opponent's threats");
        let mut order: Vec<(Turn, i32)> = vec![first];
        order.extend(found.turns.iter().copied().filter(|t| t.0 != found.best));
        for &(turn, value) in order.iter().take(CHECKED) {
            if value < -PROVEN {
                // Proved lost by the search: so are the turns after it.
                break;
            }
            let placed: Vec<Point> = stones(&turn).collect();
            match self.threatened(b, &placed, budget, cap, report) {
                Some(_) => report.refuted += 1,
                None => return (turn, value),
            }
            if budget.is_stopped() || cap.spent(budget) {
                break;
            }
        }
        first
    }
}

/// The positions at the start of every turn (from White's first) of the
/// games `records` (their stones, in order), the finished ones left out.
pub fn turn_starts<'a>(records: impl Iterator<Item = &'a [Point]>) -> Vec<Board> {
    let mut out = Vec::new();
    for stones in records {
        let mut b = Board::start();
        for &p in stones {
            if !b.is_legal(p) {
                break;
            }
            b.play(p);
            if !b.is_over() && b.stones_left() == 2 {
                out.push(b.clone());
            }
        }
    }
    out
}

impl Engine {
    /// The engine's turn in each of `boards` within the level's limits,
    /// one after another with the table kept as in a game, and what they
    /// did in total: the measurements of where the time goes.
    pub fn profile(&mut self, boards: &[Board]) -> String {
        let mut total = Report::default();
        let mut steps: Vec<(&'static str, usize)> = Vec::new();
        let mut depths = 0u64;
        let mut searched = 0usize;
        let mut worst = 0.0f64;
        for b in boards {
            let mut budget = Budget::new(self.turn_limits());
            let _ = self.choose_turn(b, &mut budget);
            let r = &self.report;
            total.search_nodes += r.search_nodes;
            total.threat_nodes += r.threat_nodes;
            total.threat_ms += r.threat_ms;
            total.ms += r.ms;
            total.refuted += r.refuted;
            total.defended |= r.defended;
            worst = worst.max(r.ms);
            if r.step == "search" {
                searched += 1;
                depths += u64::from(r.depth);
                total.root_turns += r.root_turns;
                total.branching += r.branching;
            }
            match steps.iter_mut().find(|s| s.0 == r.step) {
                Some(s) => s.1 += 1,
                None => steps.push((r.step, 1)),
            }
        }
        let n = boards.len().max(1) as f64;
        let per = |x: u64| x as f64 / n;
        let seconds = total.ms / 1000.0;
        let s = searched.max(1) as f64;
        format!(
            "{}: {} turns in {:.1} s ({:.3} s a turn on average, {:.3} s at worst)\n\
             nodes a turn: {:.0} alpha-beta, {:.0} threat-space searches; a second: {:.0} nodes \
             in all, {:.0} alpha-beta nodes in its time ({:.0}%), {:.0} threat-space nodes in \
             theirs ({:.0}%)\n\
             turns chosen by: {}\n\
             searched turns: depth {:.1} turns on average, {:.1} root turns, {:.1} turns a node; \
             {} turns refuted by the check",
            self.name(),
            boards.len(),
            seconds,
            seconds / n,
            worst / 1000.0,
            per(total.search_nodes),
            per(total.threat_nodes),
            (total.search_nodes + total.threat_nodes) as f64 / seconds.max(1e-9),
            total.search_nodes as f64 / ((total.ms - total.threat_ms) / 1000.0).max(1e-9),
            100.0 * (total.ms - total.threat_ms) / total.ms.max(1e-9),
            total.threat_nodes as f64 / (total.threat_ms / 1000.0).max(1e-9),
            100.0 * total.threat_ms / total.ms.max(1e-9),
            steps
                .iter()
                .map(|(k, c)| format!("{k} {c}"))
                .collect::<Vec<_>>()
                .join(", "),
            depths as f64 / s,
            total.root_turns as f64 / s,
            total.branching / s,
            total.refuted,
        )
    }
}

/// The size of the transposition table: 2^this entries of 16 bytes.
const TABLE_BITS: u32 = 18;

/// The level's caps on a think: nodes (counted by the think's budget) and
/// milliseconds, from the think's start.
struct Cap {
    node_limit: u64,
    ms_limit: f64,
}

impl Cap {
    fn new(budget: &Budget, level: Level) -> Cap {
        Cap {
            node_limit: budget.nodes() + level.nodes,
            ms_limit: budget.elapsed_ms() + level.ms,
        }
    }

    fn nodes_left(&self, budget: &Budget) -> u64 {
        self.node_limit.saturating_sub(budget.nodes())
    }

    fn ms_left(&self, budget: &Budget) -> f64 {
        let mut left = self.ms_limit - budget.elapsed_ms();
        if let Some(ms) = budget.limits().ms {
            left = left.min(ms - budget.elapsed_ms());
        }
        left.max(0.0)
    }

    fn spent(&self, budget: &Budget) -> bool {
        self.nodes_left(budget) == 0 || self.ms_left(budget) <= 0.0
    }
}

/// A search value in words, for the side to move.
fn value_text(v: i32) -> String {
    if v > PROVEN {
        format!("wins in {} turns", WIN - v)
    } else if v < -PROVEN {
        format!("loses in {} turns", WIN + v)
    } else {
        format!("{:+.1}", f64::from(v) / 100.0)
    }
}

impl Player<Board> for Engine {
    fn name(&self) -> String {
        format!("engine:{}", self.settings.level)
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> Point {
        let mut budget = Budget::new(self.turn_limits());
        self.think(game, rng, &mut budget).mv
    }

    fn think(&mut self, game: &Board, _rng: &mut Rng, budget: &mut Budget) -> Thought<Point> {
        if let Some((key, p)) = self.planned.take() {
            if game.key() == key && game.stones_left() == 1 && game.is_legal(p) {
                return Thought {
                    mv: p,
                    complete: true,
                    depth: None,
                    score: None,
                };
            }
        }
        let (turn, value, depth) = self.choose_turn(game, budget);
        let first = turn[0];
        if turn[1] != NONE {
            let mut after = game.clone();
            after.place(first);
            if !after.is_over() {
                self.planned = Some((after.key(), turn[1]));
            }
        }
        budget.set_status(Some(depth), Some(turn_text(&turn)), value.map(f64::from));
        Thought {
            mv: first,
            complete: !budget.is_stopped(),
            depth: Some(depth),
            score: value.map(f64::from),
        }
    }

    /// The value of each stone of the root's turns (the heat map of its
    /// candidates): the best value of a turn that holds it.
    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<Point>> {
        if game.is_over() {
            return None;
        }
        budget.set_note("valuing the candidate turns");
        let level = self.settings.spec();
        let cap = Cap::new(budget, level);
        let mut pos = Position::new(game, self.weights);
        let root = self.searcher.root_turns(&mut pos);
        if root.is_empty() {
            return None;
        }
        let turns: Vec<Turn> = root.iter().map(|r| r.0).collect();
        let found = self.searcher.search_capped(
            &mut pos,
            &mut self.eval,
            turns,
            level.depth.min(3),
            budget,
            cap.node_limit,
            cap.ms_limit,
        );
        let mut best = [None::<i32>; POINTS];
        for (turn, v) in &found.turns {
            for p in stones(turn) {
                let slot = &mut best[p as usize];
                *slot = Some(slot.map_or(*v, |b| b.max(*v)));
            }
        }
        let top = found.value;
        Some(Analysis {
            units: format!(
                "the value of the best turn with this stone, searched {} turn{} deep, in hundreds \
                 (a line that ends the game: a win or a loss)",
                found.depth,
                if found.depth == 1 { "" } else { "s" }
            ),
            scale: Scale::Relative,
            position: None,
            moves: (0..POINTS as Point)
                .filter_map(|p| best[p as usize].map(|v| (p, v)))
                .map(|(p, v)| MoveValue {
                    mv: p,
                    value: Some(if v.abs() > PROVEN {
                        f64::from(v.signum() * 1000)
                    } else {
                        f64::from(v) / 100.0
                    }),
                    label: Some(value_text(v)),
                    best: v == top && stones(&found.best).any(|q| q == p),
                })
                .collect(),
            complete: found.complete,
        })
    }
}

/// The name of a turn's stones for reports.
pub fn turn_name(turn: &Turn) -> String {
    stones(turn).map(format_point).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::players::{Greedy, NearRandom};
    use super::super::threats::threats;
    use super::*;
    use crate::game::{rng_from_seed, Outcome, Side};
    use crate::plugin::Playable;

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    fn engine(level: u32) -> Engine {
        Engine::new(EngineSettings::level(level)).unwrap()
    }

    fn stone(e: &mut Engine, b: &Board) -> Point {
        e.think(b, &mut rng_from_seed(1), &mut Budget::unlimited())
            .mv
    }

    /// The engine's whole turn from `b`.
    fn turn(e: &mut Engine, b: &Board) -> Board {
        let mut a = b.clone();
        while a.to_move() == b.to_move() && !a.is_over() {
            let p = stone(e, &a);
            a.try_play(p).unwrap();
        }
        a
    }

    fn opponent_wins(after: &Board, depth: u32) -> bool {
        matches!(
            tss::vcdt(after, depth, &mut Budget::unlimited()),
            Proof::Win { .. }
        )
    }

    #[test]
    fn never_misses_a_win_with_either_stone() {
        for level in [1, 3] {
            let mut e = engine(level);
            // Black J5..J8, its first stone: a four is enough.
            let b = after("J5 A19 C19 J6 J7 E19 G19 J8 A1 L19 N19");
            assert_eq!((b.to_move(), b.stones_left()), (Side::First, 2));
            let a = turn(&mut e, &b);
            assert_eq!(
                a.outcome(),
                Some(Outcome::Win(Side::First)),
                "level {level}"
            );
            // The second stone of a pair completes a five.
            let mut b = after("J5 J4 C19 J6 J7 E19 G19 J8 J9 L19 N19 A1");
            assert_eq!(b.stones_left(), 1);
            let p = stone(&mut e, &b);
            b.play(p);
            assert_eq!(
                b.outcome(),
                Some(Outcome::Win(Side::First)),
                "level {level}"
            );
        }
    }

    #[test]
    fn always_blocks_one_and_two_threats() {
        for level in [1, 2, 4] {
            let mut e = engine(level);
            // Black's open four F10..I10: two threats, White blocks both.
            let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
            assert_eq!(threats(&b, Side::First), 2);
            assert_eq!(threats(&turn(&mut e, &b), Side::First), 0, "level {level}");
            // A four against the edge (A10..D10): one threat, blocked.
            let b = after("A10 S1 S3 B10 C10 S5 S7 D10 J2");
            assert_eq!(threats(&b, Side::First), 1);
            assert_eq!(threats(&turn(&mut e, &b), Side::First), 0, "level {level}");
        }
    }

    #[test]
    fn the_same_position_gives_the_same_turn_and_the_second_stone_is_the_planned_one() {
        let b = after("J10 K11 K9 H10 L10");
        let a = turn(&mut engine(3), &b);
        let c = turn(&mut engine(3), &b);
        assert_eq!(a, c);
        // The second stone was chosen with the first: asked at once.
        let mut e = engine(3);
        let first = stone(&mut e, &b);
        let mut mid = b.clone();
        mid.play(first);
        let mut budget = Budget::unlimited();
        let second = e.think(&mid, &mut rng_from_seed(1), &mut budget).mv;
        assert_eq!(budget.nodes(), 0);
        mid.play(second);
        assert_eq!(mid, a);
        // A second stone asked in another position is chosen there.
        let mut other = b.clone();
        other.play(super::super::rules::parse_point("A1").unwrap());
        let mut e = engine(2);
        let _ = stone(&mut e, &b);
        let p = stone(&mut e, &other);
        assert!(other.is_legal(p));
    }

    #[test]
    fn a_level_keeps_to_its_nodes_and_a_budget_to_its_own() {
        let b = after("J10; K11 K9; H10 L10; L11 J9");
        for level in 1..=3 {
            let mut e = engine(level);
            let mut budget = Budget::new(e.turn_limits());
            let _ = e.choose_turn(&b, &mut budget);
            let nodes = e.settings().spec().nodes;
            assert!(
                budget.nodes() <= nodes + 10_000,
                "level {level}: {}",
                budget.nodes()
            );
            assert!(e.report.search_nodes > 0, "level {level}");
        }
        let mut e = engine(6);
        let mut budget = Budget::new(Limits::nodes(30_000));
        let t = e.think(&b, &mut rng_from_seed(1), &mut budget);
        assert!(b.is_legal(t.mv));
        assert!(
            budget.nodes() < 30_000 + 2 * Budget::CHECK_EVERY,
            "{}",
            budget.nodes()
        );
    }

    #[test]
    fn plays_out_a_win_the_threat_search_proves() {
        // A win by double threats in three turns, proved by the threat
        // search, played out against the greedy defender.
        let start = tss::position(&["K6", "Q4", "H3", "E7", "J5", "E5"], &["C6", "M3"], 2);
        let me = start.to_move();
        let mut e = engine(3);
        let first = e.think(&start, &mut rng_from_seed(1), &mut Budget::unlimited());
        assert!(first.score.unwrap() >= f64::from(PROVEN), "{first:?}");
        assert_eq!(e.report.step, "threats");
        let mut greedy = Greedy::default();
        let mut rng = rng_from_seed(7);
        let mut b = start.clone();
        let mut own = 0;
        while b.outcome().is_none() {
            let p = if b.to_move() == me {
                own += 1;
                stone(&mut e, &b)
            } else {
                greedy.choose(&b, &mut rng)
            };
            b.try_play(p).unwrap();
        }
        assert_eq!(b.outcome(), Some(Outcome::Win(me)));
        assert!(own <= 8, "{own} stones");
        // Level 1 has no threat search.
        let mut e = engine(1);
        let _ = e.think(&start, &mut rng_from_seed(1), &mut Budget::unlimited());
        assert_ne!(e.report.step, "threats");
    }

    /// Positions of games against greedy: the side to move has no threat
    /// against it, but loses to double threats within three turns after a
    /// quiet turn (the first: Black to move, the others White).
    const THREATENED: [&str; 4] = [
        ".................../.................../.................../.................../.................../.................../.................../.................../.................../......BBWB........./.......WW........../........W........../.................../.................../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.................../.........B..B....../..........W.W....../..........BWWWWB.../......BBWBBBW....../............WW...../............B.B..../.................../.................../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.......B..B......../.................../....B.BWWWWWB....../.......WB........../......WW.B........./...WWWBWWBB......../....B..BWB.B......./........BW..W....../..........B..B...../.................../.................../.................../.................../...................",
        ".................../.................../.................../.................../.................../.....B..B........../......W..WB......../.......B.BWB..B..../........BBWWBWWW.../.........B.WW....../..........BW......./......BWWWWWB.B..../.................../........B..B......./.................../.................../.................../.................../...................",
    ];

    #[test]
    fn defends_against_wins_by_double_threats() {
        for (i, text) in THREATENED.iter().enumerate() {
            let b = Board::parse_position(text).unwrap();
            assert!(
                matches!(
                    tss::threatened(&b, &[], Kind::Double, 3, &mut Budget::unlimited()),
                    Ok(Proof::Win { .. })
                ),
                "position {i}"
            );
            for level in [2, 3] {
                let mut e = engine(level);
                let a = turn(&mut e, &b);
                assert!(!opponent_wins(&a, 3), "position {i}, level {level}");
            }
        }
        // An opening where Black (J10, J8, I9) wins by double threats
        // within seven turns after all but about one turn in sixteen of
        // White's (51 of the 820 pairs of points within two of a stone
        // hold, each checked seven turns deep): level 3 plays one that holds.
        let b = after("J10; I8 K8; J8 I9");
        let a = turn(&mut engine(3), &b);
        assert!(!opponent_wins(&a, 7), "{}", a.position_text());
    }

    #[test]
    fn settings_are_checked() {
        assert!(EngineSettings::from_value(&Value::Null).is_ok());
        let s = EngineSettings::from_value(&serde_json::json!({"level": 2, "seed": 4})).unwrap();
        assert_eq!(s.spec(), LEVELS[1]);
        let s = EngineSettings::from_value(&serde_json::json!({"level": 5, "width": 20})).unwrap();
        assert_eq!(s.spec().widths.first, 20);
        for bad in [
            serde_json::json!({"level": 0}),
            serde_json::json!({"level": 7}),
            serde_json::json!({"width": 41}),
            serde_json::json!({"depth": 3}),
            serde_json::json!({"level": "high"}),
        ] {
            assert!(EngineSettings::from_value(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn analysis_values_the_stones_of_the_candidate_turns() {
        let b = after("J10 K11 K9");
        let a = engine(2)
            .analyze(&b, &mut Budget::unlimited())
            .expect("an analysis");
        assert!(a.moves.len() >= 6);
        assert!(a.moves.iter().all(|m| b.is_legal(m.mv)));
        assert!(a.moves.iter().any(|m| m.best));
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    #[test]
    fn learned_weights_are_what_the_search_evaluates() {
        use super::super::learn::Chooser;
        use super::super::learners::td::hand;
        let b = after("J10 K11 K9 H10 L10");
        let pos = Position::new(&b, WindowWeights::HAND);
        // The mover's chance by the weights, on the search's scale.
        let black = hand().value(Chooser::default().features(&b));
        assert_eq!(b.to_move(), Side::Second);
        let want = ((1.0 - 2.0 * black) * LEARNED_SCALE) as i32;
        let mut eval = Eval::Learned(Box::new((hand(), Chooser::default())));
        assert_eq!(eval.value(&pos), want);
        assert_ne!(want, Eval::Windows.value(&pos));
        // The engine with them still plays, and values turns differently.
        let mut learned = engine(2).with_learned(hand());
        let a = learned.analyze(&b, &mut Budget::unlimited()).unwrap();
        let plain = engine(2).analyze(&b, &mut Budget::unlimited()).unwrap();
        let values = |a: &Analysis<Point>| a.moves.iter().map(|m| m.value).collect::<Vec<_>>();
        assert_ne!(values(&a), values(&plain));
        assert!(b.is_legal(stone(&mut learned, &b)));
    }

    /// Plays `games` games, the engine alternating colours; its wins.
    fn wins_against(level: u32, other: &mut dyn Player<Board>, games: u64) -> u64 {
        let mut e = engine(level).with_default_limits(Limits::nodes(20_000));
        let mut wins = 0;
        for seed in 0..games {
            let mut rng = rng_from_seed(seed);
            let mut b = Board::start();
            let engine_side = if seed % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            while !b.is_over() {
                let p = if b.to_move() == engine_side {
                    e.choose(&b, &mut rng)
                } else {
                    other.choose(&b, &mut rng)
                };
                assert!(b.is_legal(p), "{}", b.position_text());
                b.play(p);
            }
            wins += u64::from(b.outcome() == Some(Outcome::Win(engine_side)));
        }
        wins
    }

    #[test]
    fn beats_random_and_greedy() {
        assert_eq!(wins_against(1, &mut NearRandom::default(), 4), 4);
        assert_eq!(wins_against(3, &mut Greedy::default(), 4), 4);
    }
}
