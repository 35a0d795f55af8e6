//! How long a search may run, and how it tells the world it is alive.
//!
//! A [`Budget`] carries the limits of one think request (a deadline in
//! milliseconds and/or a number of nodes) and an optional progress callback.
//! A search calls [`Budget::spend`] as it visits nodes; every few thousand
//! nodes the budget looks at the clock, calls the callback at most every
//! [`Budget::REPORT_EVERY_MS`], and answers whether the search may go on.
//! Once it has said no, it keeps saying no: the search unwinds and returns the
//! best result of its last finished iteration, marked as not complete.
//!
//! On the page the callback posts a progress message from the worker, so a
//! worker deep in a search is never mistaken for a dead one; cancelling is
//! done by the page (it ends the thinking worker), so the budget needs no way
//! to receive a stop request.

use serde::{Deserialize, Serialize};
use web_time::Instant;

/// The limits of a think request. Absent fields are unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Wall-clock milliseconds.
    #[tsify(optional)]
    pub ms: Option<f64>,
    /// Nodes (positions visited).
    #[tsify(optional)]
    pub nodes: Option<u64>,
    /// Search until the answer is exact, however long it takes: players
    /// that give themselves a limit when a request has none (the exact
    /// solvers of games whose first moves take minutes) drop it. The page
    /// asks for this only from a worker it can end (its Stop button).
    #[tsify(optional)]
    pub unbounded: bool,
}

impl Limits {
    /// No limit given (a player may still set its own).
    pub const NONE: Limits = Limits {
        ms: None,
        nodes: None,
        unbounded: false,
    };

    /// No limit at all, not even a player's own (see [`Limits::unbounded`]).
    pub const UNBOUNDED: Limits = Limits {
        ms: None,
        nodes: None,
        unbounded: true,
    };

    /// At most `ms` milliseconds.
    pub fn millis(ms: f64) -> Limits {
        Limits {
            ms: Some(ms),
            ..Limits::NONE
        }
    }

    /// At most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::NONE
        }
    }

    /// Checks that the limits are positive numbers, and that an unbounded
    /// request has none.
    pub fn validate(&self) -> Result<(), String> {
        if self.unbounded && (self.ms.is_some() || self.nodes.is_some()) {
            return Err("an unbounded search takes no time or node limit".into());
        }
        if let Some(ms) = self.ms {
            if !(ms.is_finite() && ms > 0.0) {
                return Err(format!(
                    "a time budget must be a positive number of milliseconds, not {ms}"
                ));
            }
        }
        if self.nodes == Some(0) {
            return Err("a node budget must be at least 1".into());
        }
        Ok(())
    }
}

/// What a search reports while it runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Progress {
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub ms: f64,
    /// The deepest finished iteration, where the search deepens.
    pub depth: Option<u32>,
    /// The best move so far, in the game's notation.
    pub best: Option<String>,
    /// The score of the best move so far, in the search's own units.
    pub score: Option<f64>,
    /// A few words on what the search is doing ("proving a win", ...).
    pub note: String,
    /// Exact searches: the value being searched (of `best` when it is set,
    /// else of the position) is known to be at least `lower` and at most
    /// `upper`, in the search's units.
    pub lower: Option<f64>,
    pub upper: Option<f64>,
    /// Searches that value the moves one after the other: the moves
    /// finished so far, with their values.
    pub moves: Vec<ValuedMove>,
}

/// A move whose value a running search has finished.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct ValuedMove {
    /// The move, in the game's notation.
    pub text: String,
    /// Its value, in the search's units.
    pub value: f64,
    /// The value in words, if the game has some.
    pub label: Option<String>,
}

/// The budget of one search: limits, counters and the progress callback.
pub struct Budget<'a> {
    limits: Limits,
    start: Instant,
    nodes: u64,
    next_check: u64,
    stopped: bool,
    last_report_ms: f64,
    status: Progress,
    report: Option<&'a mut dyn FnMut(&Progress)>,
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("limits", &self.limits)
            .field("nodes", &self.nodes)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl Budget<'static> {
    /// A budget without limits or reports (tests, native tools).
    pub fn unlimited() -> Budget<'static> {
        Budget::new(Limits::NONE)
    }

    /// A budget with these limits and no reports.
    pub fn new(limits: Limits) -> Budget<'static> {
        Budget {
            limits,
            start: Instant::now(),
            nodes: 0,
            next_check: Self::CHECK_EVERY,
            stopped: false,
            last_report_ms: 0.0,
            status: Progress::default(),
            report: None,
        }
    }
}

impl<'a> Budget<'a> {
    /// Nodes between two looks at the clock.
    pub const CHECK_EVERY: u64 = 4096;
    /// Milliseconds between two progress reports.
    pub const REPORT_EVERY_MS: f64 = 100.0;

    /// A budget with these limits that reports to `report`.
    pub fn with_progress(limits: Limits, report: &'a mut dyn FnMut(&Progress)) -> Budget<'a> {
        Budget {
            report: Some(report),
            ..Budget::new(limits)
        }
    }

    /// Counts `n` more nodes. Returns whether the search may go on; once
    /// false, always false.
    #[inline]
    pub fn spend(&mut self, n: u64) -> bool {
        self.nodes += n;
        if self.nodes >= self.next_check {
            self.check();
        }
        !self.stopped
    }

    /// Whether the budget is spent (without counting a node).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Milliseconds since the budget was made.
    pub fn elapsed_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }

    /// The limits this budget enforces.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Bounds the search by a player's own ceiling too, where it is tighter
    /// than the request's limits (a level that answers within a second
    /// whatever it is asked): the smaller time and node limits of the two
    /// apply. An unbounded request ([`Limits::unbounded`]) keeps no limit.
    pub fn cap(&mut self, own: Limits) {
        if self.limits.unbounded {
            return;
        }
        fn min<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(if b < a { b } else { a }),
                (a, b) => a.or(b),
            }
        }
        self.limits.ms = min(self.limits.ms, own.ms);
        self.limits.nodes = min(self.limits.nodes, own.nodes);
    }

    /// Records what the search knows now; it goes out with the next report.
    pub fn set_status(&mut self, depth: Option<u32>, best: Option<String>, score: Option<f64>) {
        self.status.depth = depth;
        self.status.best = best;
        self.status.score = score;
    }

    /// Records the bounds proved so far (see [`Progress::lower`]).
    pub fn set_bounds(&mut self, lower: Option<f64>, upper: Option<f64>) {
        self.status.lower = lower;
        self.status.upper = upper;
    }

    /// Records the moves valued so far (see [`Progress::moves`]).
    pub fn set_moves(&mut self, moves: Vec<ValuedMove>) {
        self.status.moves = moves;
    }

    /// Sets the few words of the next reports.
    pub fn set_note(&mut self, note: &str) {
        note.clone_into(&mut self.status.note);
    }

    /// Sends a report now (for example when an iteration finishes).
    pub fn report_now(&mut self) {
        let ms = self.elapsed_ms();
        self.send(ms);
    }

    fn check(&mut self) {
        self.next_check = self.nodes + Self::CHECK_EVERY;
        if let Some(max) = self.limits.nodes {
            if self.nodes >= max {
                self.stopped = true;
            }
        }
        let ms = self.elapsed_ms();
        if let Some(max) = self.limits.ms {
            if ms >= max {
                self.stopped = true;
            }
        }
        if ms - self.last_report_ms >= Self::REPORT_EVERY_MS {
            self.send(ms);
        }
    }

    fn send(&mut self, ms: f64) {
        self.last_report_ms = ms;
        if let Some(report) = self.report.as_mut() {
            self.status.nodes = self.nodes;
            self.status.ms = ms;
            report(&self.status);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_limit_stops_at_the_next_check_and_stays_stopped() {
        let mut b = Budget::new(Limits::nodes(10_000));
        let mut visited = 0u64;
        while b.spend(1) {
            visited += 1;
            assert!(visited < 1_000_000, "the budget never stopped");
        }
        // Checked every CHECK_EVERY nodes: stops within one interval of the limit.
        assert!((10_000..10_000 + Budget::CHECK_EVERY).contains(&b.nodes()));
        assert!(!b.spend(1));
        assert!(b.is_stopped());
    }

    #[test]
    fn unlimited_never_stops_and_reports_carry_the_status() {
        let mut seen = Vec::new();
        let mut report = |p: &Progress| seen.push(p.clone());
        let mut b = Budget::with_progress(Limits::NONE, &mut report);
        for _ in 0..100_000 {
            assert!(b.spend(1));
        }
        b.set_status(Some(3), Some("f5".into()), Some(0.5));
        b.set_note("deepening");
        b.report_now();
        drop(b);
        let last = seen.last().expect("a report");
        assert_eq!(last.depth, Some(3));
        assert_eq!(last.best.as_deref(), Some("f5"));
        assert_eq!(last.note, "deepening");
        assert_eq!(last.nodes, 100_000);
    }

    #[test]
    fn a_time_limit_stops() {
        // The clock read before the budget's own: it stops no sooner than
        // 5 ms after its start, so at least 5 ms after this one.
        let t = Instant::now();
        let mut b = Budget::new(Limits::millis(5.0));
        while b.spend(1) {}
        assert!(t.elapsed().as_secs_f64() >= 0.005);
    }

    #[test]
    fn a_ceiling_tightens_the_limits_but_not_an_unbounded_request() {
        let mut b = Budget::new(Limits::millis(3000.0));
        b.cap(Limits::millis(1000.0));
        assert_eq!(b.limits(), Limits::millis(1000.0));
        b.cap(Limits::millis(2000.0));
        assert_eq!(b.limits(), Limits::millis(1000.0));
        let mut b = Budget::new(Limits::nodes(500));
        b.cap(Limits::millis(1000.0));
        assert_eq!((b.limits().ms, b.limits().nodes), (Some(1000.0), Some(500)));
        let mut b = Budget::unlimited();
        b.cap(Limits::nodes(10_000));
        while b.spend(1) {}
        assert!(b.nodes() < 10_000 + Budget::CHECK_EVERY);
        let mut b = Budget::new(Limits::UNBOUNDED);
        b.cap(Limits::millis(1.0));
        assert_eq!(b.limits(), Limits::UNBOUNDED);
    }

    #[test]
    fn bad_limits_are_refused() {
        assert!(Limits::millis(0.0).validate().is_err());
        assert!(Limits::millis(f64::NAN).validate().is_err());
        assert!(Limits::nodes(0).validate().is_err());
        assert!(Limits::NONE.validate().is_ok());
        assert!(Limits::UNBOUNDED.validate().is_ok());
        let both = Limits {
            unbounded: true,
            ..Limits::millis(10.0)
        };
        assert!(both.validate().is_err());
    }
}
