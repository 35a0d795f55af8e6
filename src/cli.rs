//! What the native command line shares between games: its error type (exit
//! codes 0 success, 2 bad input, 1 internal error) and small helpers. Each
//! game's subcommands live in its folder (`src/games/<id>/cli.rs`) and are
//! reached through its entry; the binary (`src/bin/selfplay`) dispatches.

/// An error of the CLI: bad input (exit 2) or an internal failure (exit 1).
#[derive(Debug)]
pub enum CliError {
    BadInput(String),
    Internal(String),
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Internal(e.to_string())
    }
}

impl From<crate::MoveError> for CliError {
    fn from(e: crate::MoveError) -> Self {
        CliError::BadInput(e.0)
    }
}

impl From<clap::Error> for CliError {
    fn from(e: clap::Error) -> Self {
        CliError::BadInput(e.to_string())
    }
}

/// The subcommand of a game, built from a clap `Subcommand` enum.
pub fn game_command<S: clap::Subcommand>(id: &'static str, about: &'static str) -> clap::Command {
    S::augment_subcommands(
        clap::Command::new(id)
            .about(about)
            .subcommand_required(true)
            .arg_required_else_help(true),
    )
}

/// Reads the subcommand of [`game_command`] back from the matches.
pub fn game_subcommand<S: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<S, CliError> {
    Ok(S::from_arg_matches(matches)?)
}

/// Reads a file (`-`: standard input) of at most `limit` bytes: at most
/// `limit + 1` bytes are ever read, so a huge file or an endless device
/// costs no more memory than a file at the limit.
pub fn read_limited(path: &std::path::Path, limit: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let name = path.display();
    let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(|e| bad(format!("cannot open: {e}")))?;
        let meta = file
            .metadata()
            .map_err(|e| bad(format!("cannot read: {e}")))?;
        if meta.is_dir() {
            return Err(bad("is a directory, not a file".into()));
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| bad(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(bad(format!(
            "more than {limit} bytes, larger than any file this command reads"
        )));
    }
    Ok(bytes)
}

/// Reads and decodes a model file (`-`: standard input), looking at the
/// first bytes before reading the rest: a file that is not a model is
/// refused at once, and no more than the format's size limit is read.
pub fn read_model(path: &std::path::Path) -> Result<crate::model::Model, CliError> {
    use std::io::Read;
    let limits = crate::model::Limits::default();
    let name = path.display();
    let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
    if path.as_os_str() != "-" {
        let mut head = [0u8; 8];
        let mut file = std::fs::File::open(path).map_err(|e| bad(format!("cannot open: {e}")))?;
        let n = file.read(&mut head).unwrap_or(0);
        if let Err(e) = crate::model::decode(&head[..n]) {
            if !matches!(e, crate::model::ModelError::Truncated { .. }) {
                return Err(bad(e.to_string()));
            }
        }
    }
    let bytes = read_limited(path, limits.max_file_bytes)?;
    crate::model::decode_with(&bytes, &limits).map_err(|e| bad(e.to_string()))
}

/// Checks, before any work, that `path` can be written: not a directory,
/// in an existing directory where a file can be created. Bad input names the
/// path.
pub fn check_output(path: &std::path::Path) -> Result<(), CliError> {
    let name = path.display();
    if path.is_dir() {
        return Err(CliError::BadInput(format!(
            "{name} is a directory; give a file name to write"
        )));
    }
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(CliError::BadInput(format!(
            "cannot write {name}: the directory {} does not exist",
            dir.display()
        )));
    }
    tempfile::Builder::new()
        .prefix(".selfplay-check-")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| CliError::BadInput(format!("cannot write {name}: {e}")))
}

fn parent_dir(path: &std::path::Path) -> &std::path::Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    }
}

/// Writes `bytes` to `path` so that a crash never leaves a half-written
/// file: a uniquely named temporary file in the same directory, synced to
/// disk, renamed over `path`, and the directory synced. Until the rename,
/// the previous file (if any) is untouched.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> Result<(), CliError> {
    use std::io::Write;
    let name = path.display();
    let fail = |e: std::io::Error| CliError::Internal(format!("writing {name}: {e}"));
    let dir = parent_dir(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(".selfplay-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(fail)?;
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    #[cfg(unix)]
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(fail)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_checked_before_work_and_written_whole() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.selfplay");
        assert!(check_output(&file).is_ok());
        let missing = dir.path().join("no/such/dir/m.selfplay");
        match check_output(&missing) {
            Err(CliError::BadInput(m)) => assert!(m.contains("does not exist"), "{m}"),
            other => panic!("{other:?}"),
        }
        match check_output(dir.path()) {
            Err(CliError::BadInput(m)) => assert!(m.contains("is a directory"), "{m}"),
            other => panic!("{other:?}"),
        }
        write_atomic(&file, b"first").unwrap();
        write_atomic(&file, b"second").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"second");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn reads_stop_at_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big");
        std::fs::write(&file, vec![7u8; 1000]).unwrap();
        assert_eq!(read_limited(&file, 1000).unwrap().len(), 1000);
        match read_limited(&file, 999) {
            Err(CliError::BadInput(m)) => assert!(m.contains("more than 999 bytes"), "{m}"),
            other => panic!("{other:?}"),
        }
        // An endless device is cut at the limit.
        #[cfg(unix)]
        assert!(read_limited(std::path::Path::new("/dev/zero"), 4096).is_err());
        // A file that is not a model is refused from its first bytes.
        match read_model(std::path::Path::new("/dev/zero")) {
            Err(CliError::BadInput(m)) => assert!(m.contains("not a Selfplay model"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
