//! Training the Othello Q-network allocates nothing per move or per game:
//! a counting global allocator watches a run's `train` after a warm-up
//! (curve snapshots off, as between snapshots). Also the Hare and Hounds
//! Q-learner's learning games, and Connect Four's (with every option of its
//! run on): there only the hashed table's growth allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use selfplay::game::{rng_from_seed, Game, Side};
use selfplay::games::hare_hounds::HareHounds;
use selfplay::games::othello::learners::{QNetRun, TrainOpponent, TrainerConfig};
use selfplay::games::othello::qnet::Encoding;
use selfplay::learn::activation::Activation;
use selfplay::learn::q_table::{play_learning_game, Agent, QLearner, QParams};
use selfplay::players::RandomPlayer;

struct Counting;

// Only the thread that trains counts: the test harness's own threads
// (its output capture, its timers) may allocate meanwhile, more so on a
// busy machine.
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

fn counting() -> bool {
    COUNTING.try_with(Cell::get).unwrap_or(false)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counting() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, i.e. from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if counting() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread (the tests in this file run one
/// at a time).
fn allocations(f: impl FnOnce()) -> u64 {
    ALLOCATIONS.store(0, Ordering::SeqCst);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::SeqCst)
}

#[test]
fn no_allocation_while_training() {
    // One test function, so that no other test allocates while counting.
    assert!(
        allocations(|| drop(std::hint::black_box(vec![1u8; 16]))) > 0,
        "the counter counts"
    );
    for encoding in [Encoding::Ql1, Encoding::Ql2] {
        for opponent in [TrainOpponent::SelfPlay, TrainOpponent::Msb] {
            let mut t = QNetRun::new(TrainerConfig {
                encoding,
                hidden: 40,
                activation: Activation::Sigmoid,
                opponent,
                games: 1_000,
                eval_every: 0,
                seed: 5,
                ..TrainerConfig::default()
            })
            .unwrap();
            t.train(20);
            let before = t.games();
            let n = allocations(|| {
                t.train(300);
            });
            assert_eq!(t.games() - before, 300);
            assert_eq!(
                n, 0,
                "{encoding:?} vs {opponent:?}: {n} allocations in 300 games"
            );
        }
    }

    let start = HareHounds::start();
    let params = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let mut hounds: QLearner<HareHounds> = QLearner::new(Side::First, params).unwrap();
    let mut hare = RandomPlayer::new();
    let mut rng = rng_from_seed(2);
    let mut game = |hounds: &mut QLearner<HareHounds>| {
        play_learning_game(
            &start,
            Agent::Learning(hounds),
            Agent::Fixed(&mut hare),
            &mut rng,
        )
    };
    for _ in 0..20 {
        game(&mut hounds);
    }
    let n = allocations(|| {
        for _ in 0..1_000 {
            game(&mut hounds);
        }
    });
    assert_eq!(
        n, 0,
        "Hare and Hounds: {n} allocations in 1,000 learning games"
    );

    use selfplay::games::connect4::learners::q_table::{preset, LearnerSide, QTableRun as Run};
    use selfplay::learn::q_table::QTable;
    for (mirror, lookahead, side) in [
        (false, 0, LearnerSide::First),
        (true, 2, LearnerSide::Alternate),
    ] {
        let mut c = preset(2, 1).unwrap().remove(1);
        c.total_games = 10_000;
        c.block_games = 1_000_000; // no curve point while counting
        c.perfect_sample = 0;
        c.mirror = mirror;
        c.lookahead = lookahead;
        c.side = side;
        let mut run = Run::new(c).unwrap();
        run.train(3_000);
        let before = run.learner().q().table().bytes();
        let n = allocations(|| {
            run.train(1_000);
        });
        let after = run.learner().q().table().bytes();
        // Each doubling of the table allocates its two arrays anew.
        let doublings = (after / before).trailing_zeros() as u64;
        assert!(
            n <= 2 * doublings,
            "Connect Four (mirror {mirror}, lookahead {lookahead}): {n} allocations in 1,000 games, {doublings} doublings"
        );
    }
}
