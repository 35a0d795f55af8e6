//! A rating ladder of any game's players: a round robin from a fixed set of
//! openings, both colours, kept as a table of games, and Elo ratings with
//! 95% intervals fitted to all of them.
//!
//! # The games
//! Every pair of players plays every opening twice, once with each colour.
//! A game is known by its opening and its two players ([`GameKey`]), so a
//! table of games can grow: a new player plays only its own games, and
//! tables played in parts (see [`part_of`]) merge by concatenation. Each
//! game is played the same wherever it is played: its random numbers come
//! from the seed and the game's key alone ([`game_seed`]).
//!
//! The table is text, one game a line, tab-separated: the opening's number,
//! the first player, the second player, and the first player's score (`1`,
//! `0.5` or `0`). Lines starting with `#` are comments; the CLI records in
//! them the fingerprint of each player's model file ([`file_line`]), so that
//! a file changed since its games were played is refused, not mixed in.
//!
//! # Sides
//! A player of one side only (a learner that plays first, or one side of a
//! game whose sides differ, as the hounds and the hare) plays only the
//! games where it has its side ([`schedule_sided`]). In a game whose sides
//! differ every player is one side's, and its ladder rates each side's
//! players on one scale: a hare rated as a hound is even with it.
//!
//! # The ratings
//! The Bradley–Terry model: player i, moving first, scores against j with
//! probability 1 / (1 + e^−(θᵢ − θⱼ + h)), a draw counting half a win,
//! where h is the first move's advantage, fitted with the θ (in a game
//! whose sides differ, 0: it would be the same as a shift of one side's
//! ratings). The θ are fitted by
//! Newton's method to the maximum of the likelihood of all games times a
//! weak normal prior on each θ (and on h) around 0 (standard deviation
//! [`PRIOR_ELO`] Elo), which keeps a player who won or lost every game
//! finite and moves the others by little (about a rating² / 1,000² share
//! of it). One player, the *anchor*, is fixed at 0; every player must be
//! linked to it by a chain of games. The
//! 95% interval of each other player is ±1.96 standard errors, from the
//! inverse of the negative Hessian at the maximum (relative to the anchor).
//! Elo = θ · 400 / ln 10.
//!
//! # Where it runs
//! The CLI (`selfplay <game> ladder`) and the page's Ladder tab (in the
//! learners' module) play the same games with [`play_game`], through the
//! plug-in traits: any game whose entry has openings
//! ([`GameEntry::ladder`]) has a ladder.

use std::collections::{BTreeMap, BTreeSet};

use crate::game::Side;
use crate::plugin::{DynAgent, GameEntry, LadderOpenings};
use crate::search::budget::Budget;

/// A game's identity: opening number, first player, second player.
pub type GameKey = (usize, String, String);

/// One played game.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub opening: usize,
    pub first: String,
    pub second: String,
    /// The first player's score: 1, 0.5 or 0.
    pub score: f64,
}

impl Played {
    pub fn key(&self) -> GameKey {
        (self.opening, self.first.clone(), self.second.clone())
    }

    /// The game as a line of the table.
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.opening, self.first, self.second, self.score
        )
    }
}

/// Reads a table of games. A game listed twice with the same score counts
/// once (merged parts may overlap); with different scores it is an error.
pub fn parse_table(text: &str) -> Result<Vec<Played>, String> {
    let mut seen: BTreeMap<GameKey, f64> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let n = i + 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let [opening, first, second, score] = fields[..] else {
            return Err(format!(
                "line {n}: a game is four fields separated by tabs (opening, first, second, score), not {}",
                fields.len()
            ));
        };
        let opening: usize = opening
            .trim()
            .parse()
            .map_err(|_| format!("line {n}: the opening {opening:?} is not a number"))?;
        let score: f64 = match score.trim() {
            "1" => 1.0,
            "0" => 0.0,
            "0.5" => 0.5,
            other => return Err(format!("line {n}: the score {other:?} is not 1, 0.5 or 0")),
        };
        let (first, second) = (first.trim().to_string(), second.trim().to_string());
        if first.is_empty() || second.is_empty() || first == second {
            return Err(format!("line {n}: a game needs two different players"));
        }
        if let Err(e) = check_name(&first).and_then(|()| check_name(&second)) {
            return Err(format!("line {n}: {e}"));
        }
        let p = Played {
            opening,
            first,
            second,
            score,
        };
        match seen.get(&p.key()) {
            Some(&s) if s == score => continue,
            Some(&s) => {
                return Err(format!(
                    "line {n}: opening {opening}, {} against {}, is listed before with the score {s}, now {score}",
                    p.first, p.second
                ))
            }
            None => {
                seen.insert(p.key(), score);
            }
        }
        out.push(p);
    }
    Ok(out)
}

/// A player's name can be written in a table: not empty, no tab, line
/// break or other control character.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.chars().any(char::is_control) {
        return Err(format!(
            "a player's name must not be empty or hold a tab, a line break or another control character: {name:?}"
        ));
    }
    Ok(())
}

/// Every game of the round robin of `players` over `openings` openings:
/// each pair plays each opening once with each colour, in a fixed order.
pub fn schedule(players: &[String], openings: usize) -> Vec<GameKey> {
    let sided: Vec<(String, Option<u8>)> = players.iter().map(|p| (p.clone(), None)).collect();
    schedule_sided(&sided, openings)
}

/// Every game of the round robin of `players` (each a name and the only
/// side it plays, 0 first or 1 second, or `None` for both) over `openings`
/// openings: each pair plays each opening once in each order that gives
/// both players a side they play, in a fixed order. A name listed twice
/// counts once, with the sides of its first listing.
pub fn schedule_sided(players: &[(String, Option<u8>)], openings: usize) -> Vec<GameKey> {
    // In order, without repeats. (Inserted one by one: `collect` into a
    // map sorts with a generic stable sort, tens of kB more in wasm.)
    let mut set = BTreeMap::new();
    for (p, side) in players {
        set.entry(p).or_insert(*side);
    }
    let names: Vec<(&String, Option<u8>)> = set.into_iter().collect();
    let plays = |side: Option<u8>, s: u8| side.is_none_or(|x| x == s);
    let mut out = Vec::new();
    for (i, (a, sa)) in names.iter().enumerate() {
        for (b, sb) in &names[i + 1..] {
            for o in 0..openings {
                if plays(*sa, 0) && plays(*sb, 1) {
                    out.push((o, (*a).clone(), (*b).clone()));
                }
                if plays(*sb, 0) && plays(*sa, 1) {
                    out.push((o, (*b).clone(), (*a).clone()));
                }
            }
        }
    }
    out
}

/// The openings of `entry`'s rating ladder, as records in its notation:
/// as many as its [`GameInfo::ladder_openings`](crate::plugin::GameInfo)
/// says, made as its [`GameEntry::ladder`] says; none for a game without
/// a ladder.
pub fn openings(entry: &dyn GameEntry) -> Vec<String> {
    match entry.ladder() {
        LadderOpenings::None => Vec::new(),
        LadderOpenings::Random { plies, seed } => {
            random_openings(entry, entry.info().ladder_openings as usize, plies, seed)
        }
        LadderOpenings::Listed(list) => list(),
    }
}

/// `count` openings of `entry`'s game for its ladder: `plies` moves of the
/// game's random player from the start, each opening a different position
/// with the game still going, drawn from `seed` alone (the same openings on
/// every machine). Fewer when the game has fewer such positions than
/// `count`.
pub fn random_openings(entry: &dyn GameEntry, count: usize, plies: u32, seed: u64) -> Vec<String> {
    let Ok(mut random) = entry.agent("random", &serde_json::Value::Null, None) else {
        return Vec::new();
    };
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut budget = Budget::unlimited();
    for attempt in 0..count as u64 * 200 {
        if out.len() == count {
            break;
        }
        let mut session = entry.new_session();
        let mut ok = true;
        for ply in 0..u64::from(plies) {
            if session.is_over() {
                ok = false;
                break;
            }
            let move_seed = game_seed(seed, &(attempt as usize, String::new(), String::new()))
                ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let position = session.position();
            match random.think(&position, move_seed, &mut budget) {
                Ok(t) if session.play(&t.text).is_ok() => {}
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && !session.is_over() && seen.insert(session.key()) {
            out.push(session.transcript());
        }
    }
    out
}

/// Whether game `key` is in part `part` of `parts` (parts numbered from 1):
/// each game's part is fixed by its key alone, so a part restarted, or
/// started from a table that already holds some games, still plays exactly
/// its own games.
pub fn part_of(key: &GameKey, part: usize, parts: usize) -> bool {
    (game_seed(0, key) % parts as u64) as usize == part - 1
}

/// A game's seed, from the run's seed and the game's key alone (FNV-1a).
pub fn game_seed(seed: u64, key: &GameKey) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    let text = format!("{}\t{}\t{}", key.0, key.1, key.2);
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Plays ladder game `key` of `entry`'s game from its opening number
/// `key.0` of `openings`: `first` plays the first side, `second` the other,
/// each move under `budget` (its limits should be none: a ladder player
/// plays at its own strength, not the machine's speed). Returns the first
/// player's score, 1, 0.5 or 0. The game depends on its key and `seed`
/// alone (each move's random numbers come from [`game_seed`] and the ply),
/// so it is the same in the CLI and in the page, in any order.
pub fn play_game(
    entry: &dyn GameEntry,
    openings: &[String],
    key: &GameKey,
    first: &mut dyn DynAgent,
    second: &mut dyn DynAgent,
    seed: u64,
    budget: &mut Budget,
) -> Result<f64, String> {
    let opening = openings.get(key.0).ok_or_else(|| {
        format!(
            "there is no opening {} (the ladder has {})",
            key.0,
            openings.len()
        )
    })?;
    let mut session = entry.new_session();
    session
        .load_transcript(opening)
        .map_err(|e| format!("opening {}: {e}", key.0))?;
    let base = game_seed(seed, key);
    let mut ply: u64 = 0;
    while !session.is_over() {
        let move_seed = base ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let position = session.position();
        let (thought, name) = match session.to_move() {
            Side::First => (first.think(&position, move_seed, budget), &key.1),
            Side::Second => (second.think(&position, move_seed, budget), &key.2),
        };
        let thought = thought.map_err(|e| format!("{name}: {e}"))?;
        session
            .play(&thought.text)
            .map_err(|e| format!("{name} played {}: {e}", thought.text))?;
        ply += 1;
    }
    Ok(match session.state().outcome.and_then(|o| o.winner) {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// A table's comment line that records the fingerprint of a player's
/// model file: `# file<TAB>player<TAB>fingerprint` (see [`file_lines`]).
const FILE_MARK: &str = "# file\t";

/// The fingerprint of a model file's bytes (FNV-1a, 64 bits), so that a
/// table knows when a player's file has changed since its games.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The table's line recording `player`'s file fingerprint.
pub fn file_line(player: &str, fingerprint: u64) -> String {
    format!("{FILE_MARK}{player}\t{fingerprint:016x}")
}

/// A table's text as it is now (`table`, whoever wrote it) with the lines
/// of `added` it lacks, in their order: a game whose key it holds keeps
/// the table's line, and so does the fingerprint of a player it records a
/// file for; an empty table starts with `heading`. Processes that play
/// into one table at once so each add their games and drop none of
/// another's.
pub fn merge_lines(table: &str, heading: &str, added: &[String]) -> Result<String, String> {
    let games: BTreeSet<GameKey> = parse_table(table)?.iter().map(Played::key).collect();
    let files = file_lines(table)?;
    let mut out = if table.trim().is_empty() {
        format!("{heading}\n")
    } else {
        table.to_string()
    };
    if !out.ends_with('\n') {
        out.push('\n');
    }
    for line in added {
        let known = match line.strip_prefix(FILE_MARK) {
            Some(rest) => rest
                .rsplit_once('\t')
                .is_some_and(|(name, _)| files.contains_key(name)),
            None => parse_table(line)?
                .first()
                .is_some_and(|g| games.contains(&g.key())),
        };
        if !known {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(out)
}

/// The file fingerprints a table records, by player. A player with two
/// different fingerprints (parts played with different files, merged) is
/// an error: its games are of two models.
pub fn file_lines(text: &str) -> Result<BTreeMap<String, u64>, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix(FILE_MARK) {
            if let Some((name, hex)) = rest.trim_end_matches('\r').rsplit_once('\t') {
                if let Ok(f) = u64::from_str_radix(hex, 16) {
                    if let Some(&g) = out.get(name) {
                        if g != f {
                            return Err(format!(
                                "{name}: the table records two different files under this name (parts played with different files?); its games cannot be rated as one player"
                            ));
                        }
                    }
                    out.insert(name.to_string(), f);
                }
            }
        }
    }
    Ok(out)
}

/// The prior's standard deviation in Elo.
pub const PRIOR_ELO: f64 = 1_000.0;

const ELO_PER_NATURAL: f64 = 400.0 / std::f64::consts::LN_10;

/// One player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub player: String,
    pub elo: f64,
    /// Half the width of the 95% interval (0 for the anchor).
    pub interval: f64,
    pub games: u32,
    /// Points scored (a draw half a point).
    pub score: f64,
    /// Half the width of the 95% interval of its lead over the next
    /// weaker player (none for the weakest): how well the fit tells these
    /// two apart, whatever their distance from the anchor.
    pub below: Option<f64>,
}

/// The player of `players` that `name` names: the same name, else the one
/// name that is the same in any case (players' names are read in any
/// case: `Random` is `random`). Else an error that quotes the name and
/// lists the players.
pub fn find_player(players: &[&str], name: &str) -> Result<String, String> {
    let name = name.trim();
    if let Some(p) = players.iter().find(|p| **p == name) {
        return Ok(p.to_string());
    }
    let mut same: Vec<&str> = players
        .iter()
        .copied()
        .filter(|p| p.to_lowercase() == name.to_lowercase())
        .collect();
    same.sort_unstable();
    same.dedup();
    match same.as_slice() {
        [one] => Ok(one.to_string()),
        [] => {
            let mut all: Vec<&str> = players.to_vec();
            all.sort_unstable();
            all.dedup();
            let shown: Vec<&str> = all.iter().copied().take(12).collect();
            Err(format!(
                "{}: not one of the ladder's players ({}{})",
                crate::words::quote(name),
                if shown.is_empty() { "none yet".to_string() } else { shown.join(", ") },
                if all.len() > shown.len() { ", …" } else { "" }
            ))
        }
        several => Err(format!(
            "{}: the ladder has several players of that name in different cases ({}); give it as written",
            crate::words::quote(name),
            several.join(", ")
        )),
    }
}

/// Ratings fitted to a table of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Sorted from the strongest.
    pub ratings: Vec<Rating>,
    /// The first move's advantage in Elo and half the width of its 95%
    /// interval; `None` where it is not fitted (a game whose sides differ).
    pub first_move: Option<(f64, f64)>,
}

/// Fits ratings to `games`, `anchor` at 0 (it must have played), with the
/// first move's advantage. Sorted from the strongest.
pub fn fit(games: &[Played], anchor: &str) -> Result<Vec<Rating>, String> {
    Ok(fit_ladder(games, anchor, false)?.ratings)
}

/// Fits ratings to `games`, `anchor` at 0 (it must have played); with the
/// first move's advantage unless `sides_differ` (every player is one
/// side's, as in a game whose sides differ, where it is not fitted).
pub fn fit_ladder(games: &[Played], anchor: &str, sides_differ: bool) -> Result<Fit, String> {
    // Sets built by insertion, as in `schedule`.
    let mut set = BTreeSet::new();
    for g in games {
        set.insert(g.first.as_str());
        set.insert(g.second.as_str());
    }
    let names: Vec<&str> = set.into_iter().collect();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, n) in names.iter().enumerate() {
        index.insert(n, i);
    }
    let a = *index
        .get(anchor)
        .ok_or_else(|| format!("the anchor '{anchor}' has played no game"))?;
    let n = names.len();
    // Games and points of i moving first against j.
    let mut first_games = vec![vec![0.0f64; n]; n];
    let mut first_points = vec![vec![0.0f64; n]; n];
    let mut played = vec![vec![0.0f64; n]; n];
    for g in games {
        let (i, j) = (index[g.first.as_str()], index[g.second.as_str()]);
        first_games[i][j] += 1.0;
        first_points[i][j] += g.score;
        played[i][j] += 1.0;
        played[j][i] += 1.0;
    }
    // Every player must be linked to the anchor by games: otherwise only
    // the prior would place it, on a scale it shares with no one.
    let mut linked = vec![false; n];
    let mut stack = vec![a];
    linked[a] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if played[i][j] > 0.0 && !linked[j] {
                linked[j] = true;
                stack.push(j);
            }
        }
    }
    if let Some(j) = (0..n).find(|&j| !linked[j]) {
        return Err(format!(
            "'{}' is not linked to '{}' by any chain of games: no common scale",
            names[j], names[a]
        ));
    }
    let prior = 1.0 / (PRIOR_ELO / ELO_PER_NATURAL).powi(2);
    let mut theta = vec![0.0f64; n];
    let mut h = 0.0f64;
    // The free parameters: every player but the anchor, then h if fitted.
    let mut slot = vec![None; n];
    let mut free = 0;
    for (i, s) in slot.iter_mut().enumerate() {
        if i != a {
            *s = Some(free);
            free += 1;
        }
    }
    let h_slot = (!sides_differ).then_some(free);
    let size = free + usize::from(!sides_differ);
    let mut info = vec![vec![0.0f64; size]; size];
    let mut converged = false;
    for _ in 0..100 {
        let mut grad = vec![0.0f64; size];
        for row in info.iter_mut() {
            row.iter_mut().for_each(|x| *x = 0.0);
        }
        for i in 0..n {
            if let Some(fi) = slot[i] {
                grad[fi] -= prior * theta[i];
                info[fi][fi] += prior;
            }
        }
        if let Some(hs) = h_slot {
            grad[hs] -= prior * h;
            info[hs][hs] += prior;
        }
        for i in 0..n {
            for j in 0..n {
                let games_ij = first_games[i][j];
                if games_ij == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (theta[j] - theta[i] - h).exp());
                let g = first_points[i][j] - games_ij * p;
                let w = games_ij * p * (1.0 - p);
                // The score's derivative: +1 for i, −1 for j, +1 for h.
                let coef = [(slot[i], 1.0), (slot[j], -1.0), (h_slot, 1.0)];
                for &(x, cx) in &coef {
                    let Some(x) = x else { continue };
                    grad[x] += cx * g;
                    for &(y, cy) in &coef {
                        if let Some(y) = y {
                            info[x][y] += cx * cy * w;
                        }
                    }
                }
            }
        }
        let step = solve(&info, &grad)?;
        let mut largest = 0.0f64;
        for i in 0..n {
            if let Some(fi) = slot[i] {
                theta[i] += step[fi];
                largest = largest.max(step[fi].abs());
            }
        }
        if let Some(hs) = h_slot {
            h += step[hs];
            largest = largest.max(step[hs].abs());
        }
        if largest < 1e-10 {
            converged = true;
            break;
        }
    }
    if !converged {
        return Err("the ratings did not settle in 100 steps of Newton's method".into());
    }
    let cov = invert(&info)?;
    let half = |x: usize| 1.96 * cov[x][x].max(0.0).sqrt() * ELO_PER_NATURAL;
    let mut ratings: Vec<Rating> = (0..n)
        .map(|i| Rating {
            player: names[i].to_string(),
            elo: theta[i] * ELO_PER_NATURAL,
            interval: slot[i].map_or(0.0, half),
            games: played[i].iter().sum::<f64>() as u32,
            score: (0..n)
                .map(|j| first_points[i][j] + first_games[j][i] - first_points[j][i])
                .sum(),
            below: None,
        })
        .collect();
    // Names are unique, so the order is total and an unstable sort is exact.
    ratings.sort_unstable_by(|x, y| y.elo.total_cmp(&x.elo).then(x.player.cmp(&y.player)));
    // Each lead over the next: var(θᵢ − θⱼ) = Cᵢᵢ + Cⱼⱼ − 2Cᵢⱼ (the anchor's row is 0).
    let var = |i: Option<usize>, j: Option<usize>| i.zip(j).map_or(0.0, |(i, j)| cov[i][j]);
    for k in 0..ratings.len().saturating_sub(1) {
        let (i, j) = (
            index[ratings[k].player.as_str()],
            index[ratings[k + 1].player.as_str()],
        );
        let v = var(slot[i], slot[i]) + var(slot[j], slot[j]) - 2.0 * var(slot[i], slot[j]);
        ratings[k].below = Some(1.96 * v.max(0.0).sqrt() * ELO_PER_NATURAL);
    }
    Ok(Fit {
        ratings,
        first_move: h_slot.map(|hs| (h * ELO_PER_NATURAL, half(hs))),
    })
}

/// Solves m·x = b (m symmetric positive definite) by Gaussian elimination
/// with partial pivoting.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Result<Vec<f64>, String> {
    let n = b.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut r = row.clone();
            r.push(v);
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .expect("a column");
        if a[p][c].abs() < 1e-300 {
            return Err("the games do not connect the players: no rating fits".into());
        }
        a.swap(c, p);
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                if f != 0.0 {
                    for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                        *x -= f * p;
                    }
                }
            }
        }
    }
    Ok((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

fn invert(m: &[Vec<f64>]) -> Result<Vec<Vec<f64>>, String> {
    let n = m.len();
    let mut cols = vec![vec![0.0; n]; n];
    for c in 0..n {
        let mut e = vec![0.0; n];
        e[c] = 1.0;
        let x = solve(m, &e)?;
        for r in 0..n {
            cols[r][c] = x[r];
        }
    }
    Ok(cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use rand::Rng as _;

    /// A table of `per_pair` games per ordered pair, drawn from the model
    /// with these true Elo ratings (draws left out).
    fn synthetic(elos: &[f64], per_pair: usize, seed: u64) -> Vec<Played> {
        let mut rng = rng_from_seed(seed);
        let mut out = Vec::new();
        for (i, &ri) in elos.iter().enumerate() {
            for (j, &rj) in elos.iter().enumerate() {
                if i == j {
                    continue;
                }
                let p = 1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0));
                for o in 0..per_pair {
                    out.push(Played {
                        opening: o,
                        first: format!("p{i}"),
                        second: format!("p{j}"),
                        score: if rng.random::<f64>() < p { 1.0 } else { 0.0 },
                    });
                }
            }
        }
        out
    }

    #[test]
    fn the_fit_recovers_known_ratings() {
        let truth = [0.0, 150.0, 300.0, -200.0, 600.0];
        let games = synthetic(&truth, 2_000, 1);
        let r = fit(&games, "p0").unwrap();
        for (i, t) in truth.iter().enumerate() {
            let got = r.iter().find(|x| x.player == format!("p{i}")).unwrap();
            // Within its own 95% interval (and that interval is narrow).
            assert!(
                (got.elo - t).abs() <= got.interval.max(1.0),
                "p{i}: {got:?} vs {t}"
            );
            assert!(got.interval < 40.0, "{got:?}");
        }
        // Sorted from the strongest; the anchor at exactly 0.
        assert_eq!(r[0].player, "p4");
        let anchor = r.iter().find(|x| x.player == "p0").unwrap();
        assert_eq!((anchor.elo, anchor.interval), (0.0, 0.0));
    }

    #[test]
    fn intervals_shrink_with_more_games() {
        let truth = [0.0, 100.0, 250.0];
        let width = |per: usize| {
            fit(&synthetic(&truth, per, 2), "p0")
                .unwrap()
                .iter()
                .map(|r| r.interval)
                .sum::<f64>()
        };
        let (few, many) = (width(50), width(800));
        // Sixteen times the games: about a quarter of the width.
        assert!(many < few / 3.0 && many > few / 5.0, "{few} then {many}");
    }

    #[test]
    fn a_player_who_won_everything_gets_a_finite_rating() {
        let games: Vec<Played> = (0..20)
            .map(|o| Played {
                opening: o,
                first: "strong".into(),
                second: "weak".into(),
                score: 1.0,
            })
            .collect();
        let r = fit(&games, "weak").unwrap();
        assert!(r[0].elo.is_finite() && r[0].elo > 400.0, "{r:?}");
        assert!(fit(&games, "nobody").is_err());
        // Two pairs with no game between them: no common scale.
        let mut apart = games.clone();
        apart.push(Played {
            opening: 0,
            first: "x".into(),
            second: "y".into(),
            score: 0.5,
        });
        assert!(fit(&apart, "weak").unwrap_err().contains("not linked"));
    }

    #[test]
    fn the_schedule_pairs_everyone_with_both_colours_and_parts_share_it_out() {
        let players: Vec<String> = ["c", "a", "b"].map(String::from).to_vec();
        let s = schedule(&players, 4);
        // 3 pairs × 4 openings × 2 colours.
        assert_eq!(s.len(), 24);
        assert!(
            s.contains(&(3, "a".into(), "c".into())) && s.contains(&(3, "c".into(), "a".into()))
        );
        // Every game in exactly one part, each part some.
        for k in &s {
            assert_eq!((1..=3).filter(|&p| part_of(k, p, 3)).count(), 1);
        }
        assert!((1..=3).all(|p| s.iter().any(|k| part_of(k, p, 3))));
        // A game's seed is its own, whatever else is played.
        assert_eq!(game_seed(1, &s[5]), game_seed(1, &s[5].clone()));
        assert_ne!(game_seed(1, &s[5]), game_seed(1, &s[6]));
        assert_ne!(game_seed(1, &s[5]), game_seed(2, &s[5]));
    }

    #[test]
    fn players_of_one_side_play_only_where_they_have_their_side() {
        let players: Vec<(String, Option<u8>)> = vec![
            ("both".into(), None),
            ("first".into(), Some(0)),
            ("second".into(), Some(1)),
            ("first2".into(), Some(0)),
        ];
        let s = schedule_sided(&players, 2);
        let pairs: BTreeSet<(String, String)> =
            s.iter().map(|k| (k.1.clone(), k.2.clone())).collect();
        let want: BTreeSet<(String, String)> = [
            ("both", "second"),
            ("first", "both"),
            ("first", "second"),
            ("first2", "both"),
            ("first2", "second"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(pairs, want);
        // Each allowed order on every opening.
        assert_eq!(s.len(), want.len() * 2);
    }

    /// Games drawn from the model with a first-move advantage of `h` Elo,
    /// `per_pair` per ordered pair of the players (names and true ratings)
    /// that the sides allow.
    fn with_advantage(players: &[(&str, f64, Option<u8>)], h: f64, per_pair: usize) -> Vec<Played> {
        let mut rng = rng_from_seed(3);
        let sided: Vec<(String, Option<u8>)> = players
            .iter()
            .map(|(n, _, s)| (n.to_string(), *s))
            .collect();
        let elo = |n: &str| players.iter().find(|p| p.0 == n).unwrap().1;
        schedule_sided(&sided, per_pair)
            .into_iter()
            .map(|(opening, first, second)| {
                let p = 1.0 / (1.0 + 10f64.powf((elo(&second) - elo(&first) - h) / 400.0));
                Played {
                    score: if rng.random::<f64>() < p { 1.0 } else { 0.0 },
                    opening,
                    first,
                    second,
                }
            })
            .collect()
    }

    #[test]
    fn the_first_moves_advantage_is_fitted_so_that_a_player_of_the_first_side_is_rated_fairly() {
        // "lead" plays first only: without the advantage fitted it would
        // be rated about 150 points too high.
        let players = [
            ("a", 0.0, None),
            ("b", 200.0, None),
            ("c", 400.0, None),
            ("lead", 200.0, Some(0)),
        ];
        let games = with_advantage(&players, 150.0, 1_500);
        let f = fit_ladder(&games, "a", false).unwrap();
        let (h, hi) = f.first_move.unwrap();
        assert!((h - 150.0).abs() <= hi.max(15.0), "{h} ± {hi}");
        let lead = f.ratings.iter().find(|r| r.player == "lead").unwrap();
        assert!((lead.elo - 200.0).abs() <= lead.interval, "{lead:?}");
        // Where the sides differ the advantage is not fitted: each side's
        // players are rated against the other side's.
        let sides = [
            ("h1", 0.0, Some(0)),
            ("h2", 300.0, Some(0)),
            ("r1", 100.0, Some(1)),
            ("r2", 250.0, Some(1)),
        ];
        let games = with_advantage(&sides, 0.0, 1_000);
        let f = fit_ladder(&games, "h1", true).unwrap();
        assert_eq!(f.first_move, None);
        for (name, elo, _) in sides {
            let r = f.ratings.iter().find(|r| r.player == name).unwrap();
            assert!((r.elo - elo).abs() <= r.interval.max(1.0), "{r:?} vs {elo}");
        }
    }

    #[test]
    fn random_openings_are_different_positions_of_a_game_still_going() {
        let entry = crate::games::entry("tictactoe").unwrap();
        let a = random_openings(entry, 30, 2, 7);
        assert_eq!(
            a,
            random_openings(entry, 30, 2, 7),
            "the same from the same seed"
        );
        assert_eq!(a.len(), 30);
        let mut keys = BTreeSet::new();
        for t in &a {
            let mut s = entry.new_session();
            s.load_transcript(t).unwrap();
            assert!(!s.is_over());
            assert_eq!(s.transcript(), *t);
            assert!(keys.insert(s.key()), "{t} twice");
        }
        // Tic-tac-toe has 72 positions after two moves: asked for more, it gives those.
        assert_eq!(random_openings(entry, 100, 2, 7).len(), 72);
    }

    #[test]
    fn a_file_recorded_twice_must_be_the_same_file() {
        let a = file_line("m.selfplay", fingerprint(b"one"));
        let b = file_line("m.selfplay", fingerprint(b"two"));
        let same = format!("{a}\n0\tm.selfplay\trandom\t1\n{a}\n");
        assert_eq!(
            file_lines(&same).unwrap()["m.selfplay"],
            fingerprint(b"one")
        );
        // The table's reader skips the lines as comments.
        assert_eq!(parse_table(&same).unwrap().len(), 1);
        let e = file_lines(&format!("{a}\n{b}\n")).unwrap_err();
        assert!(e.contains("two different files"), "{e}");
    }

    #[test]
    fn tables_are_read_merged_and_checked() {
        let t = "# a comment\n0\ta\tb\t1\n0\tb\ta\t0.5\n0\ta\tb\t1\n";
        let g = parse_table(t).unwrap();
        assert_eq!(g.len(), 2, "the repeated game counts once");
        assert_eq!(g[1].line(), "0\tb\ta\t0.5");
        for (bad, why) in [
            ("0\ta\tb\t1\n0\ta\tb\t0\n", "listed before"),
            ("0\ta\tb\n", "four fields"),
            ("x\ta\tb\t1\n", "not a number"),
            ("0\ta\tb\t2\n", "not 1, 0.5 or 0"),
            ("0\ta\ta\t1\n", "two different"),
            ("0\ta\u{7}\tb\t1\n", "control character"),
        ] {
            let e = parse_table(bad).unwrap_err();
            assert!(e.contains(why) && e.starts_with("line "), "{bad:?}: {e}");
        }
    }

    #[test]
    fn a_table_written_by_another_process_keeps_its_games_and_gets_ours() {
        let heading = "# a table";
        let game = |o: usize, a: &str, b: &str, s: &str| format!("{o}\t{a}\t{b}\t{s}");
        let ours = vec![
            file_line("m.selfplay", 0xab),
            game(0, "random", "msb", "0"),
            game(1, "random", "msb", "0"),
        ];
        // An empty table: the heading, then our lines.
        let first = merge_lines("", heading, &ours).unwrap();
        assert_eq!(
            first,
            format!("{heading}\n{}\n{}\n{}\n", ours[0], ours[1], ours[2])
        );
        // Written again unchanged: nothing doubled.
        assert_eq!(merge_lines(&first, heading, &ours).unwrap(), first);
        // Another process wrote its games, one of them ours too (with
        // another score: its line is kept) and its own file line: ours
        // are added after its, none of its dropped.
        let theirs = format!(
            "{heading}\n{}\n{}\n{}",
            file_line("m.selfplay", 0xab),
            game(1, "random", "msb", "0.5"),
            game(0, "mvb", "msb", "1")
        );
        let merged = merge_lines(&theirs, heading, &ours).unwrap();
        assert_eq!(merged, format!("{theirs}\n{}\n", ours[1]));
        let games = parse_table(&merged).unwrap();
        assert_eq!(games.len(), 3);
        // A table that cannot be read is not written over.
        assert!(merge_lines("0\tx\n", heading, &ours)
            .unwrap_err()
            .contains("line 1"));
    }
}
