//! Connect Four solver tools, until the CLI has them.
//!
//! ```text
//! cargo run --release --example connect4 -- solve FILE [--weak]   # FILE or - for stdin
//! cargo run --release --example connect4 -- bench [--weak] [--limit N] [FILE...]
//! ```

use std::io::{BufRead, BufReader, Write};

use selfplay::games::connect4::batch::{bench_file, solve_reader, BENCH_SETS};
use selfplay::games::connect4::{Mode, Solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.iter().any(|a| a == "--weak");
    let mode = if weak { Mode::Weak } else { Mode::Strong };
    let mut limit = None;
    let mut files = Vec::new();
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--weak" => {}
            "--limit" => limit = it.next().and_then(|n| n.parse().ok()),
            _ => files.push(a.clone()),
        }
    }
    let mut solver = Solver::new();
    match args.first().map(String::as_str) {
        Some("solve") => {
            let file = files.first().map(String::as_str).unwrap_or("-");
            let input: Box<dyn BufRead> = if file == "-" {
                Box::new(BufReader::new(std::io::stdin()))
            } else {
                Box::new(BufReader::new(std::fs::File::open(file).unwrap_or_else(
                    |e| {
                        eprintln!("{file}: {e}");
                        std::process::exit(2)
                    },
                )))
            };
            let out = std::io::stdout();
            let mut out = out.lock();
            if let Err(e) = solve_reader(input, &mut solver, mode, |r| {
                let _ = writeln!(out, "{}", r.to_line());
            }) {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        }
        Some("bench") => {
            if files.is_empty() {
                files = BENCH_SETS
                    .iter()
                    .map(|(f, _)| format!("tests/data/connect4/{f}"))
                    .collect();
            }
            println!("file           mode    positions  mean µs      mean nodes   wrong");
            for f in &files {
                let text = std::fs::read_to_string(f).expect("readable file");
                let name = f.rsplit('/').next().unwrap_or(f);
                let b = bench_file(name, &text, &mut solver, mode, limit).unwrap();
                println!(
                    "{:<14} {:<7} {:>9}  {:>11.1}  {:>14.0}  {}",
                    b.name, b.mode, b.positions, b.mean_micros, b.mean_nodes, b.wrong
                );
            }
        }
        Some("count") => {
            use selfplay::games::connect4::Position;
            use std::collections::HashMap;
            let depth: u32 = files[0].parse().unwrap();
            let mut level: HashMap<u64, Position> = HashMap::new();
            level.insert(0, Position::new());
            for d in 0..=depth {
                let trivial = level.values().filter(|p| p.can_win_next()).count();
                println!(
                    "depth {d}: {} unique, {} non-trivial",
                    level.len(),
                    level.len() - trivial
                );
                let mut next = HashMap::new();
                for p in level.values() {
                    if p.can_win_next() {
                        continue;
                    }
                    for c in 0..7 {
                        if p.can_play(c) {
                            let mut q = *p;
                            q.play_col(c);
                            next.insert(q.symmetric_key(), q);
                        }
                    }
                }
                level = next;
            }
        }
        Some("sample") => {
            // sample DEPTH COUNT SEED: random non-finished positions of DEPTH discs.
            use rand::Rng as _;
            use selfplay::games::connect4::Position;
            let depth: u32 = files[0].parse().unwrap();
            let count: usize = files[1].parse().unwrap();
            let mut rng = selfplay::rng_from_seed(files[2].parse().unwrap());
            let mut n = 0;
            while n < count {
                let mut p = Position::new();
                let mut moves = String::new();
                while p.moves_played() < depth {
                    let col = rng.random_range(0..7usize);
                    if p.can_play(col) && !p.is_winning_move(col) {
                        p.play_col(col);
                        moves.push(char::from(b'1' + col as u8));
                    }
                }
                if p.can_win_next() {
                    continue;
                }
                let t = std::time::Instant::now();
                let s = solver.solve_with(&p, mode, Default::default(), None);
                println!(
                    "{moves} {} {} {:.3}",
                    s.score.unwrap(),
                    s.nodes,
                    t.elapsed().as_secs_f64()
                );
                n += 1;
            }
        }
        _ => {
            eprintln!("usage: connect4 solve FILE [--weak] | bench [--weak] [--limit N] [FILE...]");
            std::process::exit(2);
        }
    }
}
