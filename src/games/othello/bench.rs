//! The training speed of the Othello Q-network, behind `selfplay othello
//! bench`, `selfplay bench` and the wasm benchmark, and the speed of the
//! exact endgame solver ([`endgame_rate`]; the whole FFO #40–#49 set,
//! [`ffo_40_49_rate`], a long measurement): the same Rust code natively and
//! in wasm, so their ratio compares the two compilers and runtimes, not two
//! implementations.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::learners::{QNetRun, TrainerConfig};
use super::Board;
use crate::rate::{measure, Part, Rate};

/// The result of a training benchmark.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TrainBench {
    pub label: String,
    pub games: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// Multiply-adds of the network (forward, backprop, momentum steps).
    pub multiply_adds: u64,
    pub multiply_adds_per_second: f64,
}

/// Trains `games` games of `config` (after `warmup` untimed games) and times
/// them. `config.games` is raised if needed; snapshots are switched off.
pub fn bench_training(
    mut config: TrainerConfig,
    warmup: u64,
    games: u64,
) -> Result<TrainBench, String> {
    config.eval_every = 0;
    config.games = config.games.max(warmup + games);
    let label = config.label();
    let mut t = QNetRun::new(config)?;
    t.train(warmup);
    let before = t.learner().net().mlp().multiply_adds();
    let start = Instant::now();
    t.train(games);
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let multiply_adds = t.learner().net().mlp().multiply_adds() - before;
    Ok(TrainBench {
        label,
        games,
        seconds,
        games_per_second: games as f64 / seconds,
        multiply_adds,
        multiply_adds_per_second: multiply_adds as f64 / seconds,
    })
}

/// The QL1-H64-arctan self-play configuration of the speed target.
pub fn ql1_h64_selfplay(seed: u64) -> TrainerConfig {
    TrainerConfig {
        seed,
        ..TrainerConfig::default()
    }
}

/// QL1-H64-arctan self-play training for at least `min_seconds` (after 200
/// untimed games): games per second, with the network's multiply-adds.
pub fn training_rate(seed: u64, min_seconds: f64) -> Rate {
    let mut config = ql1_h64_selfplay(seed);
    config.eval_every = 0;
    config.games = 1_000_000_000_000;
    let mut t = QNetRun::new(config).expect("the benchmark's settings are valid");
    t.train(200);
    let before = t.learner().net().mlp().multiply_adds();
    let mut rate = crate::rate::measure("othello_qnet_training", "games", min_seconds, || {
        t.train(100);
        100
    });
    let adds = (t.learner().net().mlp().multiply_adds() - before) as f64;
    rate.detail.insert(
        "multiply_adds_per_second".into(),
        adds / rate.seconds.max(1e-9),
    );
    rate.detail
        .insert("multiply_adds_per_game".into(), adds / rate.count as f64);
    rate
}

/// The FFO positions of [`endgame_rate`]: #40 (20 empties) and two of the
/// faster 22- and 23-empty ones, about two seconds natively in all.
pub const ENDGAME_BENCH_FFO: [u32; 3] = [40, 41, 44];

/// Exact solves of [`ENDGAME_BENCH_FFO`], each from an empty 16 MiB table,
/// repeated for at least `min_seconds`: nodes per second, with the
/// milliseconds of each position (`ffo_40_ms`, …, the mean over the
/// rounds). Panics if a solve is wrong, so a speed-up that breaks the
/// solver cannot go unnoticed.
pub fn endgame_rate(_seed: u64, min_seconds: f64) -> Rate {
    use super::endgame::{ffo, Limits, Solver};
    let positions: Vec<(u32, ffo::FfoPosition)> = ffo::read_positions(ffo::FFO_40_49)
        .expect("the FFO data file is well formed")
        .into_iter()
        .filter_map(|(_, p)| {
            let n: u32 = p.comment.rsplit('#').next()?.trim().parse().ok()?;
            ENDGAME_BENCH_FFO.contains(&n).then_some((n, p))
        })
        .collect();
    assert_eq!(positions.len(), ENDGAME_BENCH_FFO.len());
    let mut solver = Solver::with_hash_bytes(16 << 20);
    let mut ms = vec![0.0f64; positions.len()];
    let mut rounds = 0u32;
    let mut rate = crate::rate::measure("othello_endgame_ffo", "nodes", min_seconds, || {
        rounds += 1;
        let mut nodes = 0;
        for (i, (n, p)) in positions.iter().enumerate() {
            solver.clear();
            let s = solver.solve(&p.board, Limits::NONE, None);
            assert_eq!(s.score, p.expected_score, "FFO #{n}");
            nodes += s.nodes;
            ms[i] += s.seconds * 1e3;
        }
        nodes
    });
    for ((n, _), t) in positions.iter().zip(&ms) {
        rate.detail
            .insert(format!("ffo_{n}_ms"), t / f64::from(rounds.max(1)));
    }
    rate
}

/// Exact solves of FFO #40–#49 (20 to 26 empties), once each, from an empty
/// table of the solver's default size (as `selfplay othello solve` uses):
/// nodes per second over the ten, with each position as a part (its
/// empties, score and move; its nodes and time). One pass whatever
/// `min_seconds` (it takes about a minute natively). Panics if a solve is
/// wrong.
pub fn ffo_40_49_rate(_seed: u64, _min_seconds: f64) -> Rate {
    use super::endgame::{bench_ffo, Solver};
    let report = bench_ffo(40..=49, Solver::DEFAULT_HASH_BYTES, None);
    assert_eq!(report.positions.len(), 10);
    let mut parts = Vec::new();
    for p in &report.positions {
        assert!(
            p.correct,
            "FFO #{}: {:?} by {}, expected {:+}",
            p.number, p.score, p.best_move, p.expected_score
        );
        parts.push(Part {
            name: format!("FFO #{}", p.number),
            count: p.nodes,
            seconds: p.ms / 1e3,
            per_second: p.nodes_per_second,
            facts: vec![
                ("empties".into(), p.empties.to_string()),
                ("score".into(), format!("{:+}", p.expected_score)),
                ("move".into(), p.best_move.clone()),
            ],
        });
    }
    let seconds = report.total_ms / 1e3;
    let mut detail = std::collections::BTreeMap::new();
    detail.insert("hash_bytes".into(), report.hash_bytes as f64);
    Rate {
        name: "othello_endgame_ffo_40_49".into(),
        unit: "nodes".into(),
        count: report.total_nodes,
        seconds,
        per_second: report.total_nodes as f64 / seconds.max(1e-9),
        detail,
        parts,
    }
}

/// Othello perft from the start position: leaves per second (bulk-counted).
pub fn perft_rate(depth: u32, min_seconds: f64) -> Rate {
    measure(
        &format!("othello_perft_{depth}"),
        "leaves",
        min_seconds,
        || super::perft(&Board::start(), depth),
    )
}

#[cfg(feature = "extra-learners")]
/// Self-play learning games per second of an n-tuple network (`preset`,
/// no curve points), after 500 untimed games.
fn ntuple_rate(name: &str, preset: &str, seed: u64, min_seconds: f64) -> Rate {
    use super::learners::ntuple::{self, NTupleRun};
    let mut config = ntuple::preset(preset).expect("a shipped preset");
    config.seed = seed;
    config.games = 100_000_000;
    config.eval_every = 100_000_000;
    // The run measures a curve point at its start: keep it short.
    config.eval_games = 2;
    let mut run = NTupleRun::new(config).expect("the benchmark's settings are valid");
    run.train(500);
    measure(name, "games", min_seconds, || {
        run.train(200);
        200
    })
}

#[cfg(feature = "extra-learners")]
/// The fast preset's n-tuple network (lines of three) learning by self-play.
pub fn ntuple_fast_rate(seed: u64, min_seconds: f64) -> Rate {
    ntuple_rate("othello_ntuple_fast", "fast", seed, min_seconds)
}

#[cfg(feature = "extra-learners")]
/// The classic preset's n-tuple network (corner, edge, row and diagonal
/// shapes, four phases) learning by self-play.
pub fn ntuple_classic_rate(seed: u64, min_seconds: f64) -> Rate {
    ntuple_rate("othello_ntuple_classic", "classic", seed, min_seconds)
}

#[cfg(feature = "extra-learners")]
/// The page's strongest n-tuple preset (Logistello's shapes, eight blended
/// phases) learning by self-play: 2,000,000 games at this rate is its
/// training time.
pub fn ntuple_logistello_rate(seed: u64, min_seconds: f64) -> Rate {
    ntuple_rate("othello_ntuple_logistello", "logistello", seed, min_seconds)
}

/// Every measurement of this file, as the registry lists them.
pub fn benches() -> crate::plugin::Benches {
    crate::plugin::Benches {
        suite: vec![
            crate::plugin::Bench {
                name: "othello_perft_9",
                run: |_, secs| perft_rate(9, secs),
            },
            crate::plugin::Bench {
                name: "othello_qnet_training",
                run: training_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_fast",
                run: ntuple_fast_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_classic",
                run: ntuple_classic_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_logistello",
                run: ntuple_logistello_rate,
            },
            crate::plugin::Bench {
                name: "othello_endgame_ffo",
                run: endgame_rate,
            },
            crate::plugin::Bench {
                name: "othello_top_level",
                run: top_level_rate,
            },
        ],
        long: vec![crate::plugin::Bench {
            name: "othello_endgame_ffo_40_49",
            run: ffo_40_49_rate,
        }],
    }
}

/// The network the page ships as its strongest ready-made Othello agent
/// (`www/public/ready`, built by `scripts/ready-models.sh`).
const SHIPPED_NET: &[u8] =
    include_bytes!("../../../www/public/ready/othello-ntuple-2000000.selfplay");

/// Positions a move of [`top_level_rate`] may visit: about what wasm visits
/// in a tenth of a second, so that a round is short and each move stops
/// on its budget, as the page's top level does on its time ceiling.
const TOP_LEVEL_NODES: u64 = 250_000;

/// The search speed of the page's top level ([`super::levels::MAX_LEVEL`])
/// with the shipped network, the positions (nodes) it visits a second,
/// middle game and exact endgame mixed as in play: from each of the first
/// four match openings the network alone plays the game out, and every
/// third position of those games is searched at the top level within
/// [`TOP_LEVEL_NODES`] positions, from a fresh player. Its wasm rate times
/// the page's ceiling of a move ([`super::levels::MOVE_MS`]) is the budget
/// in positions that matches the page's top level in a native match
/// (`engine-match --nodes`), whatever the machine's load.
pub fn top_level_rate(_seed: u64, min_seconds: f64) -> Rate {
    use super::learners::ntuple;
    use super::rules::parse_transcript;
    use super::search_player::SearchPlayer;
    use super::tuples::TuplePlayer;
    use crate::game::{rng_from_seed, Game as _, Player as _};
    use crate::search::budget::{Budget, Limits};
    let model = crate::model::decode(SHIPPED_NET).expect("the shipped network reads");
    let (_, net) = ntuple::read_model(&model).expect("the shipped network is an n-tuple network");
    let mut positions = Vec::new();
    let mut alone = TuplePlayer::new(net.clone());
    let mut rng = rng_from_seed(1);
    for line in include_str!("match_openings.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(4)
    {
        let mut b = Board::start();
        for m in parse_transcript(line.trim()).expect("a match opening") {
            b.play(m);
        }
        let mut ply = 0;
        while !b.is_over() {
            if ply % 3 == 0 && !b.must_pass() {
                positions.push(b);
            }
            let m = alone.choose(&b, &mut rng);
            b.play(m);
            ply += 1;
        }
    }
    let level = super::levels::settings(super::levels::MAX_LEVEL);
    measure("othello_top_level", "positions", min_seconds, || {
        let mut nodes = 0;
        for b in &positions {
            let mut p = SearchPlayer::new(level, 0)
                .expect("the top level's settings")
                .with_net(net.clone());
            let mut budget = Budget::new(Limits::nodes(TOP_LEVEL_NODES));
            p.think(b, &mut rng, &mut budget);
            nodes += budget.nodes();
        }
        nodes
    })
}
