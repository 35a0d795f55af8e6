//! `selfplay othello ladder`: a round robin of any of the CLI's players from
//! the shipped openings, kept in a table of games, and the Elo ratings of
//! all of them ([`crate::ladder`]).

use clap::builder::RangedU64ValueParser;

use crate::cli::{CliError, UpdatePath};
use crate::ladder::{
    check_name, file_line, file_lines, find_player, fingerprint, fit, merge_lines, parse_table,
    part_of, play_game, schedule, Played,
};
use crate::plugin::{GameEntry, TypedAgent};
use crate::search::budget::Budget;

/// Options of `selfplay othello ladder`.
#[derive(clap::Args)]
pub struct LadderArgs {
    /// Players to add, as `selfplay othello match` takes them (`random`,
    /// `msb`, `search:4`, `search:d2e12`, a model file, `FILE:LEVEL`). The
    /// players already in the table stay in the ladder: a new player plays
    /// only its own games.
    pub players: Vec<String>,
    /// The table of games: read first, written again whole (never half) as
    /// games end, at most once a second and at the end (created if
    /// missing). Processes playing into one table at once each add their
    /// games to it (give each a --part to share the games among them), and
    /// tables of parts merge by concatenation too. The table records each
    /// model file's fingerprint and refuses a file that changed since its
    /// games (a table written before the fingerprints takes the file as it
    /// is now). With --rate-only it is only read.
    #[arg(long)]
    pub results: UpdatePath,
    /// Openings of the shipped set each pair plays, each with both colours
    /// (1 to 100).
    #[arg(long, default_value_t = 10, value_parser = RangedU64ValueParser::<usize>::new().range(1..=100))]
    pub openings: usize,
    /// Play only part K of N of the games (`K/N`, e.g. `2/4`), to share
    /// them among processes or machines; a game's part depends on the game
    /// alone.
    #[arg(long)]
    pub part: Option<String>,
    /// Seeds the random numbers of each game (with the game itself).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The player rated 0, one of the ladder's players, named as they are
    /// (in any case; default: `random` if it played, else the first by
    /// name).
    #[arg(long)]
    pub anchor: Option<String>,
    /// Only rate the table; play nothing.
    #[arg(long)]
    pub rate_only: bool,
}

/// The first line of a new table.
const HEADING: &str = "# selfplay othello ladder: opening\tfirst (black)\tsecond\tfirst's score";

fn parse_part(text: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::BadInput(format!(
            "--part {}: give K/N with 1 ≤ K ≤ N ≤ 10,000",
            crate::words::quote(text)
        ))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n || n > 10_000 {
        return Err(bad());
    }
    Ok((k, n))
}

/// Plays the games still to play of `entry`'s ladder and prints the ratings.
pub fn ladder(entry: &dyn GameEntry, a: LadderArgs) -> Result<(), CliError> {
    let (part, parts) = match &a.part {
        Some(p) => parse_part(p)?,
        None => (1, 1),
    };
    if !a.rate_only {
        crate::cli::check_output(&a.results)?;
    }
    let mut text = if a.results.exists() {
        crate::cli::read_text(&a.results, crate::cli::MAX_TEXT_BYTES)?
    } else {
        String::new()
    };
    let mut table = parse_table(&text)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", a.results.display())))?;
    // A player the table holds is named as the table spells it (`random`
    // is the page's `Random`); a model file is named as given.
    let in_table: Vec<&str> = table
        .iter()
        .flat_map(|g| [g.first.as_str(), g.second.as_str()])
        .collect();
    let mut given = Vec::new();
    for p in &a.players {
        let p = p.trim();
        let spelt = super::cli_players::model_file(p).is_none()
            && in_table
                .iter()
                .any(|t| t.to_lowercase() == p.to_lowercase());
        given.push(if spelt {
            find_player(&in_table, p).map_err(CliError::BadInput)?
        } else {
            p.to_string()
        });
    }
    // The anchor is one of the players, checked before any game.
    let anchor = {
        let mut names = in_table.clone();
        if !a.rate_only {
            names.extend(given.iter().map(String::as_str));
        }
        match &a.anchor {
            Some(x) => Some(
                find_player(&names, x).map_err(|e| CliError::BadInput(format!("--anchor {e}")))?,
            ),
            None => None,
        }
    };
    if !a.rate_only {
        let mut players: Vec<String> = in_table
            .iter()
            .map(|p| p.to_string())
            .chain(given.iter().cloned())
            .collect();
        players.sort();
        players.dedup();
        for p in &players {
            check_name(p).map_err(CliError::BadInput)?;
        }
        // Every player is checked before the first game, and a model file
        // changed since its games were played is refused: its old games and
        // new ones would be rated as one player.
        let recorded = file_lines(&text).map_err(CliError::BadInput)?;
        let mut new_files = Vec::new();
        // Each file's fingerprint, checked again before each of its games.
        let mut files = std::collections::BTreeMap::new();
        for p in &players {
            let path = super::cli_players::model_file(p);
            if let Some(path) = path.as_ref().filter(|p| !p.is_file()) {
                return Err(CliError::BadInput(format!(
                    "{}: not a regular file (a pipe?): the ladder reads a model again for each of its games, so it must be a file",
                    path.display()
                )));
            }
            super::cli_players::player(p)?;
            let Some(path) = path else {
                continue;
            };
            let now = fingerprint(&crate::cli::read_model_bytes(&path)?);
            files.insert(p.clone(), (path, now));
            match recorded.get(p) {
                Some(&then) if then != now => {
                    return Err(CliError::BadInput(format!(
                        "{p}: the file has changed since its games in {} were played; give the new file another name to add it as a new player",
                        a.results.display()
                    )))
                }
                Some(_) => {}
                None => new_files.push(file_line(p, now)),
            }
        }
        let done: std::collections::BTreeSet<_> = table.iter().map(Played::key).collect();
        let todo: Vec<_> = schedule(&players, a.openings)
            .into_iter()
            .filter(|k| !done.contains(k) && part_of(k, part, parts))
            .collect();
        let openings = crate::ladder::openings(entry);
        // The lines this process adds, written into the table as it is
        // when it is written (another process may be adding its own).
        let mut added = new_files;
        let write = |added: &[String]| {
            crate::cli::update_text(&a.results, crate::cli::MAX_TEXT_BYTES, |now| {
                merge_lines(now, HEADING, added).map_err(|e| {
                    CliError::BadInput(format!(
                        "{}: {e} (the table changed while the games were played)",
                        a.results.display()
                    ))
                })
            })
        };
        let mut written = std::time::Instant::now();
        write(&added)?;
        eprintln!(
            "{} players, {} games to play{}",
            players.len(),
            todo.len(),
            if parts > 1 {
                format!(" (part {part} of {parts})")
            } else {
                String::new()
            }
        );
        // The games played are written even when a later one fails.
        let play = || -> Result<(), CliError> {
            for key in todo {
                // Fresh players for each game: a search's table kept from game
                // to game would make a game depend on the ones before it.
                for name in [&key.1, &key.2] {
                    if let Some((path, then)) = files.get(name) {
                        if fingerprint(&crate::cli::read_model_bytes(path)?) != *then {
                            return Err(CliError::BadInput(format!(
                                "{name}: the file changed while its games were played; the games before are kept, the file must get another name to play on"
                            )));
                        }
                    }
                }
                let mut first = TypedAgent::new(super::cli_players::player(&key.1)?);
                let mut second = TypedAgent::new(super::cli_players::player(&key.2)?);
                let score = play_game(
                    entry,
                    &openings,
                    &key,
                    &mut first,
                    &mut second,
                    a.seed,
                    &mut Budget::unlimited(),
                )
                .map_err(CliError::BadInput)?;
                let game = Played {
                    opening: key.0,
                    first: key.1,
                    second: key.2,
                    score,
                };
                added.push(game.line());
                if written.elapsed().as_secs_f64() >= 1.0 {
                    write(&added)?;
                    written = std::time::Instant::now();
                }
            }
            Ok(())
        };
        let played = play();
        text = write(&added)?;
        played?;
        // Rated with the games another process added meanwhile.
        table = parse_table(&text)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", a.results.display())))?;
    }
    // Two files under one name (merged parts) cannot be rated as one player.
    file_lines(&text).map_err(CliError::BadInput)?;
    if table.is_empty() {
        println!("No games yet.");
        return Ok(());
    }
    let anchor = match anchor {
        Some(x) => x,
        // Random, however the table spells it (the page writes "Random").
        None if table.iter().any(|g| {
            g.first.eq_ignore_ascii_case("random") || g.second.eq_ignore_ascii_case("random")
        }) =>
        {
            table
                .iter()
                .flat_map(|g| [&g.first, &g.second])
                .find(|n| n.eq_ignore_ascii_case("random"))
                .expect("a random player")
                .clone()
        }
        None => table
            .iter()
            .flat_map(|g| [&g.first, &g.second])
            .min()
            .expect("a game")
            .clone(),
    };
    let ratings = fit(&table, &anchor).map_err(CliError::BadInput)?;
    println!(
        "{} games; Elo relative to {anchor} (0), 95% intervals",
        table.len()
    );
    let width = ratings
        .iter()
        .map(|r| r.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    println!(
        "{:>4}  {:<width$}  {:>7}  {:>6}  {:>6}  {:>6}",
        "rank", "player", "Elo", "±95%", "games", "score"
    );
    for (i, r) in ratings.iter().enumerate() {
        println!(
            "{:>4}  {:<width$}  {:>7.0}  {:>6.0}  {:>6}  {:>5.1}%",
            i + 1,
            r.player,
            r.elo,
            r.interval,
            r.games,
            100.0 * r.score / f64::from(r.games.max(1))
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(results: &std::path::Path, players: &[&str], part: Option<&str>) -> LadderArgs {
        LadderArgs {
            players: players.iter().map(|p| p.to_string()).collect(),
            results: UpdatePath(results.to_path_buf()),
            openings: 3,
            part: part.map(String::from),
            seed: 1,
            anchor: None,
            rate_only: false,
        }
    }

    fn games(path: &std::path::Path) -> Vec<Played> {
        let mut g = parse_table(&std::fs::read_to_string(path).unwrap()).unwrap();
        g.sort_by_key(Played::key);
        g
    }

    #[test]
    fn parts_merged_give_the_single_run_and_a_new_player_plays_only_its_games() {
        let dir = std::env::temp_dir().join(format!("selfplay-ladder-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.tsv");
        let _ = std::fs::remove_file(&whole);
        ladder(
            &super::super::entry::Entry,
            args(&whole, &["random", "mvb", "search:1"], None),
        )
        .unwrap();
        // 3 pairs × 3 openings × 2 colours.
        assert_eq!(games(&whole).len(), 18);

        let merged = dir.join("merged.tsv");
        let mut text = String::new();
        for k in 1..=3 {
            let p = dir.join(format!("part{k}.tsv"));
            let _ = std::fs::remove_file(&p);
            ladder(
                &super::super::entry::Entry,
                args(&p, &["random", "mvb", "search:1"], Some(&format!("{k}/3"))),
            )
            .unwrap();
            text.push_str(&std::fs::read_to_string(&p).unwrap());
        }
        std::fs::write(&merged, text).unwrap();
        assert_eq!(games(&merged), games(&whole));
        // A part played again over a table that holds some of the games
        // plays only its own missing games.
        let again = dir.join("again.tsv");
        let first_lines: String = std::fs::read_to_string(&whole)
            .unwrap()
            .lines()
            .take(5)
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&again, first_lines).unwrap();
        for k in 1..=3 {
            ladder(
                &super::super::entry::Entry,
                args(
                    &again,
                    &["random", "mvb", "search:1"],
                    Some(&format!("{k}/3")),
                ),
            )
            .unwrap();
        }
        assert_eq!(games(&again), games(&whole));

        // A fourth player: only its 3 × 3 × 2 games are played.
        ladder(&super::super::entry::Entry, args(&whole, &["msb"], None)).unwrap();
        let all = games(&whole);
        assert_eq!(all.len(), 36);
        assert_eq!(
            all.iter()
                .filter(|g| g.first == "msb" || g.second == "msb")
                .count(),
            18
        );
        assert!(ladder(
            &super::super::entry::Entry,
            args(&whole, &["nobody-knows-this"], None)
        )
        .is_err());

        // A model file's games are kept with its fingerprint: the same file
        // plays on, a changed one is refused.
        let kept = |level: u64| {
            let m = crate::plugin::settings_model(
                &super::super::entry::Entry,
                "search",
                &serde_json::json!({ "level": level }),
                "kept",
            )
            .unwrap();
            crate::model::encode(&m).unwrap()
        };
        let file = dir.join("kept.selfplay");
        std::fs::write(&file, kept(1)).unwrap();
        let name = file.to_str().unwrap();
        ladder(&super::super::entry::Entry, args(&whole, &[name], None)).unwrap();
        let text = std::fs::read_to_string(&whole).unwrap();
        assert_eq!(file_lines(&text).unwrap().len(), 1, "{text}");
        ladder(&super::super::entry::Entry, args(&whole, &[], None)).unwrap();
        std::fs::write(&file, kept(2)).unwrap();
        match ladder(&super::super::entry::Entry, args(&whole, &[], None)) {
            Err(CliError::BadInput(e)) => assert!(e.contains("has changed"), "{e}"),
            other => panic!("a changed file must be refused, not {:?}", other.is_ok()),
        }
        assert!(
            parse_part("0/3").is_err() && parse_part("4/3").is_err() && parse_part("x").is_err()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
