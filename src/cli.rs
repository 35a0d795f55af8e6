//! What the native command line shares between games: its error type (exit
//! codes 0 success, 2 bad input, 1 internal error) and small helpers. Each
//! game's subcommands live in its folder (`src/games/<id>/cli.rs`) and are
//! reached through its entry; the binary (`src/bin/selfplay`) dispatches.

use std::path::{Path, PathBuf};

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

/// Opens a file to read (`-`: standard input), refusing a directory; the
/// error names the path.
fn open_input(path: &Path) -> Result<Box<dyn std::io::Read>, CliError> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(std::io::stdin()));
    }
    let name = path.display();
    let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
    let file = std::fs::File::open(path).map_err(|e| bad(format!("cannot open: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| bad(format!("cannot read: {e}")))?;
    if meta.is_dir() {
        return Err(bad("is a directory, not a file".into()));
    }
    Ok(Box::new(file))
}

/// Reads a file (`-`: standard input) of at most `limit` bytes: at most
/// `limit + 1` bytes are ever read, so a huge file or an endless device
/// costs no more memory than a file at the limit.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let name = path.display();
    let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
    let reader = open_input(path)?;
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

/// Refuses, from its first bytes, a file that is not a model (a directory,
/// an empty file, another format), before anything more is read.
fn check_model_head(path: &Path) -> Result<(), CliError> {
    use std::io::Read;
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let name = path.display();
    let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
    let mut file = open_input(path)?;
    let mut head = [0u8; 8];
    let mut n = 0;
    while n < head.len() {
        match file.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(bad(format!("cannot read: {e}"))),
        }
    }
    match crate::model::decode(&head[..n]) {
        Err(e) if !matches!(e, crate::model::ModelError::Truncated { .. }) || n == 0 => {
            Err(bad(e.to_string()))
        }
        _ => Ok(()),
    }
}

/// Reads a model file's bytes (`-`: standard input), looking at the first
/// bytes before reading the rest: a file that is not a model is refused at
/// once, and no more than the format's size limit is read.
pub fn read_model_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    check_model_head(path)?;
    read_limited(path, crate::model::Limits::default().max_file_bytes)
}

/// Reads and decodes a model file (`-`: standard input), looking at the
/// first bytes before reading the rest: a file that is not a model is
/// refused at once, and no more than the format's size limit is read.
pub fn read_model(path: &Path) -> Result<crate::model::Model, CliError> {
    let limits = crate::model::Limits::default();
    let bytes = read_model_bytes(path)?;
    crate::model::decode_with(&bytes, &limits)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))
}

/// [`read_model`] of a model of the game named `game` (titled `title`): a
/// model of another game is refused with both games named, before its
/// arrays are looked at.
pub fn read_model_of(
    path: &Path,
    game: &str,
    title: &str,
) -> Result<crate::model::Model, CliError> {
    let model = read_model(path)?;
    if model.header.game.name() != game {
        return Err(CliError::BadInput(format!(
            "{}: a model of {}, not of {title}",
            path.display(),
            model.header.game,
        )));
    }
    Ok(model)
}

// ---------------------------------------------------------------------
// Text input: one bounded line reader.

/// The longest line any command reads (bytes, without its end): far more
/// than a position, a book line or an NBoard command needs.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// The most bytes of text a command reads from one file by default.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// What is wrong with a line of text input.
#[derive(Debug)]
pub enum LineProblem {
    /// Longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// Not UTF-8 text.
    NotUtf8,
    /// The input goes on past its size limit (bytes).
    TooLarge(u64),
    /// The input could not be read.
    Io(std::io::Error),
}

/// A line of text input that cannot be read, by its 1-based number.
#[derive(Debug)]
pub struct LineError {
    pub line: usize,
    pub problem: LineProblem,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = self.line;
        match &self.problem {
            LineProblem::TooLong => write!(
                f,
                "line {line}: longer than {MAX_LINE_BYTES} bytes, longer than any line this command reads"
            ),
            LineProblem::NotUtf8 => write!(f, "line {line}: not UTF-8 text"),
            LineProblem::TooLarge(limit) => write!(
                f,
                "more than {limit} bytes (at line {line}), larger than any file this command reads"
            ),
            LineProblem::Io(e) => write!(f, "line {line}: cannot read: {e}"),
        }
    }
}

/// Reads text line by line with bounded memory: a line longer than
/// [`MAX_LINE_BYTES`] is reported as soon as the limit is passed (and the
/// rest of it skipped if reading goes on), invalid UTF-8 is reported with
/// its line number (reading can go on with the next line), and the input
/// ends with an error once it passes its total size limit, if it has one.
/// Every command that reads text reads it through this.
pub struct LineReader<R> {
    input: R,
    line: usize,
    total: u64,
    max_total: Option<u64>,
    buf: Vec<u8>,
    skipping: bool,
    done: bool,
}

impl<R: std::io::BufRead> LineReader<R> {
    /// A reader of `input`, stopping after `max_total` bytes (`None`: a
    /// session without end, such as NBoard's).
    pub fn new(input: R, max_total: Option<u64>) -> LineReader<R> {
        LineReader {
            input,
            line: 0,
            total: 0,
            max_total,
            buf: Vec::new(),
            skipping: false,
            done: false,
        }
    }

    /// Consumes up to and including the next line end; whether one was
    /// found (else the input ended), and the bytes before it are appended
    /// to the line unless it is over the limit. The error ends reading.
    fn advance(&mut self, keep: bool) -> Result<Option<bool>, LineError> {
        let chunk = loop {
            match self.input.fill_buf() {
                Ok(c) => break c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.done = true;
                    return Err(self.error(LineProblem::Io(e)));
                }
            }
        };
        if chunk.is_empty() {
            return Ok(None);
        }
        let (part, used, found) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if let Some(max) = self.max_total {
            if self.total + used as u64 > max {
                self.done = true;
                return Err(self.error(LineProblem::TooLarge(max)));
            }
        }
        let over = keep && self.buf.len() + part.len() > MAX_LINE_BYTES;
        if keep && !over {
            self.buf.extend_from_slice(part);
        }
        self.total += used as u64;
        self.input.consume(used);
        if over {
            self.buf.clear();
            self.skipping = !found;
            return Err(self.error(LineProblem::TooLong));
        }
        Ok(Some(found))
    }

    fn error(&self, problem: LineProblem) -> LineError {
        LineError {
            line: self.line.max(1),
            problem,
        }
    }

    /// The next line (its number and text, without its end) or `None` at
    /// the end of the input.
    pub fn next_line(&mut self) -> Option<Result<(usize, String), LineError>> {
        if self.done {
            return None;
        }
        while self.skipping {
            match self.advance(false) {
                Ok(Some(true)) => self.skipping = false,
                Ok(Some(false)) => {}
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => return Some(Err(e)),
            }
        }
        self.buf.clear();
        self.line += 1;
        let mut any = false;
        loop {
            match self.advance(true) {
                Ok(Some(true)) => break,
                Ok(Some(false)) => any = true,
                Ok(None) => {
                    self.done = true;
                    if !any {
                        return None;
                    }
                    break;
                }
                Err(e) => return Some(Err(e)),
            }
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(text) => Some(Ok((self.line, text.to_string()))),
            Err(_) => Some(Err(self.error(LineProblem::NotUtf8))),
        }
    }
}

impl<R: std::io::BufRead> Iterator for LineReader<R> {
    type Item = Result<(usize, String), LineError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_line()
    }
}

/// A [`LineReader`] of a file (`-`: standard input) of at most `max_total`
/// bytes. A regular file larger than that is refused before it is read.
pub fn text_lines(
    path: &Path,
    max_total: u64,
) -> Result<LineReader<Box<dyn std::io::BufRead>>, CliError> {
    if path.as_os_str() != "-" {
        if let Ok(meta) = std::fs::metadata(path) {
            if meta.is_file() && meta.len() > max_total {
                return Err(CliError::BadInput(format!(
                    "{}: {} bytes, more than {max_total} bytes, larger than any file this command reads",
                    path.display(),
                    meta.len()
                )));
            }
        }
    }
    let input = std::io::BufReader::with_capacity(64 << 10, open_input(path)?);
    Ok(LineReader::new(Box::new(input), Some(max_total)))
}

/// The whole text of a file (`-`: standard input) read through the
/// [`LineReader`], its lines ended by `\n` (so line numbers are kept); bad
/// input (a line too long, invalid UTF-8, a file too large) is refused with
/// the path and the line.
pub fn read_text(path: &Path, max_total: u64) -> Result<String, CliError> {
    let mut text = String::new();
    for line in text_lines(path, max_total)? {
        let (_, line) = line.map_err(|e| line_error(path, e))?;
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

/// A line that cannot be read, as bad input naming the path.
pub fn line_error(path: &Path, e: LineError) -> CliError {
    CliError::BadInput(format!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------
// Paths and numbers of the command line, checked when it is parsed.

/// A file a command reads (`-`: standard input). Checked when the command
/// line is parsed (it exists and is not a directory); its content is read
/// with limits ([`read_text`], [`read_model`]).
#[derive(Clone, Debug)]
pub struct InputPath(pub PathBuf);

impl InputPath {
    pub fn parse(text: &str) -> Result<InputPath, String> {
        let path = Path::new(text);
        if text == "-" {
            return Ok(InputPath(path.into()));
        }
        match std::fs::metadata(path) {
            Err(e) => Err(format!("{text}: cannot open: {e}")),
            Ok(m) if m.is_dir() => Err(format!("{text}: is a directory, not a file")),
            Ok(_) => Ok(InputPath(path.into())),
        }
    }
}

/// A directory a command reads files from; checked when the command line
/// is parsed.
#[derive(Clone, Debug)]
pub struct InputDir(pub PathBuf);

impl InputDir {
    pub fn parse(text: &str) -> Result<InputDir, String> {
        match std::fs::metadata(text) {
            Err(e) => Err(format!("{text}: cannot open: {e}")),
            Ok(m) if !m.is_dir() => Err(format!("{text}: not a directory")),
            Ok(_) => Ok(InputDir(text.into())),
        }
    }
}

/// A file a command writes. Every option that writes a file has this type,
/// so the [`check_output`] runs when the command line is parsed, before
/// any work.
#[derive(Clone, Debug)]
pub struct OutputPath(pub PathBuf);

impl OutputPath {
    pub fn parse(text: &str) -> Result<OutputPath, String> {
        let path = Path::new(text);
        check_output(path).map_err(|e| match e {
            CliError::BadInput(m) | CliError::Internal(m) => m,
        })?;
        Ok(OutputPath(path.into()))
    }
}

macro_rules! path_type {
    ($t:ty) => {
        impl std::ops::Deref for $t {
            type Target = Path;
            fn deref(&self) -> &Path {
                &self.0
            }
        }
        impl AsRef<Path> for $t {
            fn as_ref(&self) -> &Path {
                &self.0
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.display().fmt(f)
            }
        }
        impl clap::builder::ValueParserFactory for $t {
            type Parser = fn(&str) -> Result<$t, String>;
            fn value_parser() -> Self::Parser {
                <$t>::parse
            }
        }
    };
}
path_type!(InputPath);
path_type!(InputDir);
path_type!(OutputPath);

/// A parser of a number from `min` to `max` (both included; NaN and
/// infinities refused), for a floating-point option.
pub fn float_range(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| {
        let v: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a number"))?;
        if v.is_finite() && (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(format!("must be a number from {min} to {max}"))
        }
    }
}

/// [`float_range`] for `f32` options.
pub fn float32_range(
    min: f32,
    max: f32,
) -> impl Fn(&str) -> Result<f32, String> + Clone + Send + Sync + 'static {
    move |text| float_range(f64::from(min), f64::from(max))(text).map(|v| v as f32)
}

/// A parser of a positive number (seconds, a constant): more than 0, at
/// most `max`.
pub fn positive(max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| {
        let v = float_range(0.0, max)(text)?;
        if v > 0.0 {
            Ok(v)
        } else {
            Err(format!("must be more than 0 and at most {max}"))
        }
    }
}

/// The machine's memory in bytes (`None` if unknown).
pub fn physical_memory() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads system values.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGE_SIZE),
            )
        };
        if pages > 0 && size > 0 {
            return Some(pages as u64 * size as u64);
        }
    }
    None
}

/// The largest hash table a command may take, in MiB: half the machine's
/// memory (4096 if unknown), at most 65,536.
pub fn max_hash_mb() -> usize {
    physical_memory()
        .map_or(4096, |b| (b / 2) >> 20)
        .clamp(1, 65536) as usize
}

/// A parser of a hash table's size in MiB: from 1 to [`max_hash_mb`].
pub fn hash_mb(text: &str) -> Result<usize, String> {
    let max = max_hash_mb();
    let v: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number of MiB"))?;
    if (1..=max).contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "must be from 1 to {max} MiB (half of this machine's memory)"
        ))
    }
}

/// Checks, before any work, that `path` can be written: not a directory,
/// in an existing directory where a file can be created. Bad input names the
/// path.
pub fn check_output(path: &Path) -> Result<(), CliError> {
    let name = path.display();
    let text = path.as_os_str().to_string_lossy();
    if path.is_dir() || text.ends_with('/') || path.file_name().is_none() {
        return Err(CliError::BadInput(format!(
            "{name} is a directory; give a file name to write"
        )));
    }
    let dir = parent_dir(path);
    if !dir.exists() {
        return Err(CliError::BadInput(format!(
            "cannot write {name}: the directory {} does not exist",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(CliError::BadInput(format!(
            "cannot write {name}: {} is not a directory",
            dir.display()
        )));
    }
    tempfile::Builder::new()
        .prefix(".selfplay-check-")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| CliError::BadInput(format!("cannot write {name}: {e}")))
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The names of [`write_atomic`]'s temporary files: `.selfplay-`, six
/// letters or digits, `.tmp`.
fn is_own_temp_name(name: &str) -> bool {
    name.strip_prefix(".selfplay-")
        .and_then(|r| r.strip_suffix(".tmp"))
        .is_some_and(|mid| mid.len() == 6 && mid.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// A temporary file of ours not touched for this long and not locked is
/// the leftover of a killed write (a live writer locks its file
/// microseconds after creating it, and holds the lock until the rename).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

/// Removes, in `dir`, the temporary files of writes that were killed: files
/// of [`write_atomic`]'s naming pattern that no live process holds locked
/// and that were not written for [`STALE_AFTER`]. Other files are never
/// touched.
#[cfg(unix)]
pub fn remove_stale_temp_files(dir: &Path) {
    use std::os::unix::io::AsRawFd;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_own_temp_name) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if !meta.is_file() || !old {
            continue;
        }
        let Ok(file) = std::fs::File::open(&path) else {
            continue;
        };
        // SAFETY: flock on a descriptor we own; non-blocking.
        let free = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
        if free {
            let _ = std::fs::remove_file(&path);
        }
    }
}

#[cfg(not(unix))]
pub fn remove_stale_temp_files(_dir: &Path) {}

/// Writes `bytes` to `path` so that a crash never leaves a half-written
/// file: a uniquely named temporary file in the same directory (locked
/// while it is written, created with the mode the umask gives), synced to
/// disk, renamed over `path`, and the directory synced. Until the rename,
/// the previous file (if any) is untouched. Temporary files left in the
/// directory by killed writes are removed first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    use std::io::Write;
    let name = path.display();
    let fail = |e: std::io::Error| CliError::Internal(format!("writing {name}: {e}"));
    let dir = parent_dir(path);
    remove_stale_temp_files(dir);
    let mut builder = tempfile::Builder::new();
    builder.prefix(".selfplay-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode asked of the system at creation; the umask applies.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(fail)?;
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: flock on the descriptor of the file just created.
        unsafe {
            libc::flock(tmp.as_file().as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB);
        }
    }
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
