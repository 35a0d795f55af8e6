//! The command line's files, each concern in one place:
//!
//! - **one bounded reader** ([`Input`]): every file a command reads (a path,
//!   `-` for standard input, `/dev/stdin`, a link, a device, a pipe, a
//!   process substitution) is opened once and read once, a regular file
//!   larger than the command's limit is refused unread, anything else is
//!   cut at the limit, and the first bytes are looked at before the rest
//!   is read (a model's magic bytes; text has no zero byte). Text is read
//!   line by line ([`LineReader`]), each problem named with its line.
//! - **one output check** ([`check_output`], [`check_output_dir`]), run when
//!   the command line is parsed ([`OutputPath`], [`OutputDir`]): a regular
//!   file that may be replaced, or a new name in an existing directory
//!   where a file can be created; never a FIFO, a device, a directory, a
//!   read-only file or an empty name. It creates no file to find out.
//! - **one atomic writer** ([`write_atomic`]): a whole new file or none,
//!   with stale temporary files of dead writers removed first.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::CliError;

/// An operating system error in words, without its `(os error N)`.
fn os_words(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A path as a message shows it: whole up to 200 characters, else cut as
/// [`crate::words::quote`] cuts the user's words.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    if text.chars().count() <= 200 {
        return text;
    }
    let head: String = text.chars().take(120).collect();
    format!("{head}… ({} characters)", text.chars().count())
}

// ---------------------------------------------------------------------
// Reading: one bounded reader.

/// A file a command reads, opened once. Its first bytes can be looked at
/// ([`Input::head`]) and are then read again by what follows, from the
/// memory, not from the file: standard input, a pipe or a process
/// substitution is never opened or read twice.
pub struct Input {
    name: String,
    /// The size of a regular file; `None` for anything else.
    size: Option<u64>,
    head: Vec<u8>,
    rest: Box<dyn Read>,
}

impl Input {
    /// Opens `path` (`-`: standard input), refusing a directory; a
    /// problem is bad input naming the path.
    pub fn open(path: &Path) -> Result<Input, CliError> {
        if path.as_os_str() == "-" {
            return Ok(Input {
                name: "-".into(),
                size: stdin_file_size(),
                head: Vec::new(),
                rest: Box::new(std::io::stdin()),
            });
        }
        let name = shown(path);
        let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
        let file =
            std::fs::File::open(path).map_err(|e| bad(format!("cannot open: {}", os_words(&e))))?;
        let meta = file
            .metadata()
            .map_err(|e| bad(format!("cannot read: {}", os_words(&e))))?;
        if meta.is_dir() {
            return Err(bad("is a directory, not a file".into()));
        }
        Ok(Input {
            size: meta.is_file().then_some(meta.len()),
            name,
            head: Vec::new(),
            rest: Box::new(file),
        })
    }

    /// The name messages give it (its path as given; `-`).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn bad(&self, m: impl std::fmt::Display) -> CliError {
        CliError::BadInput(format!("{}: {m}", self.name))
    }

    /// Refuses a regular file larger than `limit` bytes before reading it.
    pub fn within(&self, limit: u64) -> Result<(), CliError> {
        match self.size {
            Some(size) if size > limit => Err(self.bad(format!(
                "{size} bytes, more than {limit}, larger than any file this command reads"
            ))),
            _ => Ok(()),
        }
    }

    /// Its first `n` bytes (fewer if it is shorter), read once: what
    /// follows reads them again from memory.
    pub fn head(&mut self, n: usize) -> Result<&[u8], CliError> {
        while self.head.len() < n {
            let mut buf = [0u8; 4096];
            let want = (n - self.head.len()).min(buf.len());
            match self.rest.read(&mut buf[..want]) {
                Ok(0) => break,
                Ok(k) => self.head.extend_from_slice(&buf[..k]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.bad(format!("cannot read: {}", os_words(&e)))),
            }
        }
        Ok(&self.head[..n.min(self.head.len())])
    }

    /// The whole of it, at most `limit` bytes: a regular file over the
    /// limit is refused unread, and no more than `limit + 1` bytes of
    /// anything else are ever read (an endless device costs no more memory
    /// than a file at the limit).
    pub fn read_all(self, limit: u64) -> Result<Vec<u8>, CliError> {
        self.within(limit)?;
        let name = self.name.clone();
        let bad = |m: String| CliError::BadInput(format!("{name}: {m}"));
        let mut bytes = Vec::new();
        self.reader()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| bad(format!("cannot read: {}", os_words(&e))))?;
        if bytes.len() as u64 > limit {
            return Err(bad(format!(
                "more than {limit} bytes, larger than any file this command reads"
            )));
        }
        Ok(bytes)
    }

    /// Its lines through a [`LineReader`] of at most `limit` bytes in all
    /// (a regular file over the limit is refused unread).
    pub fn lines(self, limit: u64) -> Result<LineReader<Box<dyn std::io::BufRead>>, CliError> {
        self.within(limit)?;
        let input = std::io::BufReader::with_capacity(64 << 10, self.reader());
        Ok(LineReader::new(Box::new(input), Some(limit)))
    }

    fn reader(self) -> impl Read {
        std::io::Cursor::new(self.head).chain(self.rest)
    }
}

/// The bytes left to read of standard input when it is a regular file
/// (`< FILE`), so that it is refused unread as a named file is; `None`
/// for a pipe, a terminal or a device.
fn stdin_file_size() -> Option<u64> {
    #[cfg(unix)]
    {
        use std::io::Seek;
        use std::os::fd::AsFd;
        let mut file = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
        let meta = file.metadata().ok()?;
        if !meta.is_file() {
            return None;
        }
        let at = file.stream_position().ok()?;
        Some(meta.len().saturating_sub(at))
    }
    #[cfg(not(unix))]
    None
}

/// Reads a file (`-`: standard input) of at most `limit` bytes, through
/// [`Input::read_all`].
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, CliError> {
    Input::open(path)?.read_all(limit)
}

/// Reads a model file's bytes (`-`: standard input), opened once: its first
/// bytes are looked at before the rest is read, so a file that is not a
/// model (empty, a directory, another format, an endless device, a length
/// over the format's limit) is refused at once. No more than the format's
/// size limit is read, and from a pipe no more than one byte past the
/// length the model declares.
pub fn read_model_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    use crate::model::{ModelError, PREAMBLE_LEN};
    let mut input = Input::open(path)?;
    let limit = crate::model::Limits::default().max_file_bytes;
    input.within(limit)?;
    let head = input.head(PREAMBLE_LEN)?;
    // The preamble ends with the file's length: a whole one is "truncated"
    // at that length.
    let declared = match crate::model::decode(head) {
        Err(ModelError::Truncated { expected, .. }) if head.len() == PREAMBLE_LEN => expected,
        Err(ModelError::Truncated { .. }) if !head.is_empty() => return input.read_all(limit),
        Err(e) => return Err(input.bad(e)),
        Ok(_) => return input.read_all(limit),
    };
    if input.size.is_some() {
        // A regular file's size is known: the decoder names any difference.
        return input.read_all(limit);
    }
    let name = input.name.clone();
    let mut bytes = Vec::new();
    input
        .reader()
        .take(declared + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::BadInput(format!("{name}: cannot read: {}", os_words(&e))))?;
    if bytes.len() as u64 > declared {
        return Err(CliError::BadInput(format!(
            "{name}: This model file has unexpected extra bytes after its end (it should be {declared} bytes long; more follow)."
        )));
    }
    Ok(bytes)
}

/// Reads and decodes a model file (`-`: standard input) through
/// [`read_model_bytes`].
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
    /// A zero byte: binary data, not text.
    ZeroByte,
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
            LineProblem::ZeroByte => {
                write!(f, "line {line}: a zero byte: binary data, not text")
            }
            LineProblem::TooLarge(limit) => write!(
                f,
                "more than {limit} bytes (at line {line}), larger than any file this command reads"
            ),
            LineProblem::Io(e) => write!(f, "line {line}: cannot read: {}", os_words(e)),
        }
    }
}

/// Reads text line by line with bounded memory: a line longer than
/// [`MAX_LINE_BYTES`] or holding a zero byte is reported as soon as it is
/// seen (and the rest of it skipped if reading goes on), invalid UTF-8 is
/// reported with its line number (reading can go on with the next line),
/// and the input ends with an error once it passes its total size limit,
/// if it has one. Every command that reads text reads it through this.
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
        let problem = if !keep {
            None
        } else if part.contains(&0) {
            Some(LineProblem::ZeroByte)
        } else if self.buf.len() + part.len() > MAX_LINE_BYTES {
            Some(LineProblem::TooLong)
        } else {
            self.buf.extend_from_slice(part);
            None
        };
        self.total += used as u64;
        self.input.consume(used);
        if let Some(problem) = problem {
            self.buf.clear();
            self.skipping = !found;
            return Err(self.error(problem));
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
/// bytes, opened once. A regular file larger than that is refused before
/// it is read.
pub fn text_lines(
    path: &Path,
    max_total: u64,
) -> Result<LineReader<Box<dyn std::io::BufRead>>, CliError> {
    Input::open(path)?.lines(max_total)
}

/// The whole text of a file (`-`: standard input) read through the
/// [`LineReader`], its lines ended by `\n` (so line numbers are kept); bad
/// input (a line too long, invalid UTF-8, a zero byte, a file too large)
/// is refused with the path and the line.
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
// Paths of the command line, checked when it is parsed.

/// A file a command reads (`-`: standard input). Checked when the command
/// line is parsed (it exists and is not a directory), without opening it
/// (a pipe is read once, later); its content is read through [`Input`].
#[derive(Clone, Debug)]
pub struct InputPath(pub PathBuf);

impl InputPath {
    pub fn parse(text: &str) -> Result<InputPath, String> {
        let path = Path::new(text);
        if text == "-" {
            return Ok(InputPath(path.into()));
        }
        match std::fs::metadata(path) {
            Err(e) => Err(format!("cannot open: {}", os_words(&e))),
            Ok(m) if m.is_dir() => Err("is a directory, not a file".into()),
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
            Err(e) => Err(format!("cannot open: {}", os_words(&e))),
            Ok(m) if !m.is_dir() => Err("not a directory".into()),
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
        check_output(path).map_err(CliError::into_message)?;
        Ok(OutputPath(path.into()))
    }
}

/// A file a command reads and may then write again (a table of results
/// that a run adds to, or only reads): when the command line is parsed, an
/// existing regular file, or a name [`check_output`] accepts. The command
/// calls [`check_output`] before any work when it is to write.
#[derive(Clone, Debug)]
pub struct UpdatePath(pub PathBuf);

impl UpdatePath {
    pub fn parse(text: &str) -> Result<UpdatePath, String> {
        let path = Path::new(text);
        let readable = !text.ends_with('/')
            && std::fs::metadata(path).is_ok_and(|m| m.is_file())
            && std::fs::File::open(path).is_ok();
        if !readable {
            check_output(path).map_err(CliError::into_message)?;
        }
        Ok(UpdatePath(path.into()))
    }
}

/// A directory a command writes files into ([`check_output_dir`] when the
/// command line is parsed): an existing one, or a new name in an existing
/// directory (made when the first file is written: [`OutputDir::create`]).
#[derive(Clone, Debug)]
pub struct OutputDir(pub PathBuf);

impl OutputDir {
    pub fn parse(text: &str) -> Result<OutputDir, String> {
        let path = Path::new(text);
        check_output_dir(path).map_err(CliError::into_message)?;
        Ok(OutputDir(path.into()))
    }

    /// Makes the directory if it is new.
    pub fn create(&self) -> Result<(), CliError> {
        match std::fs::create_dir(&self.0) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                Err(CliError::BadInput(format!(
                    "cannot make the directory {}: {}",
                    self.0.display(),
                    os_words(&e)
                )))
            }
            _ => Ok(()),
        }
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
path_type!(OutputDir);
path_type!(UpdatePath);

// ---------------------------------------------------------------------
// The output check.

/// What kind of file a path is, in words, if it is not a regular file or
/// a directory.
fn special_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    (!meta.is_file() && !meta.is_dir()).then_some("not a regular file")
}

/// Checks, before any work, that a file can be written at `path`: an
/// existing regular file that is not read-only (it is replaced whole, as
/// `cp` would without a force flag), or a new name in an existing
/// directory where a file can be created. A FIFO, a device, a directory,
/// an empty name or a name ending in `/` is refused. No file is left
/// behind by the check. Bad input names the path.
pub fn check_output(path: &Path) -> Result<(), CliError> {
    let name = shown(path);
    let bad = |m: String| Err(CliError::BadInput(m));
    let text = path.as_os_str().to_string_lossy();
    if text.is_empty() {
        return bad("an empty name: give the name of a file to write".into());
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return bad(format!(
                "{name} is a directory; give the name of a file to write"
            ))
        }
        _ if text.ends_with('/') || path.file_name().is_none() => {
            return bad(format!(
                "{name} names a directory (it ends in '{}'); give the name of a file to write",
                if text.ends_with('/') { "/" } else { "." }
            ));
        }
        Ok(meta) => {
            if let Some(kind) = special_kind(&meta) {
                return bad(format!(
                    "{name} is {kind}, not a regular file: it is not replaced; give the name of a file to write"
                ));
            }
            if meta.permissions().readonly() || !may_write(path) {
                return bad(format!(
                    "{name} is read-only: it is not replaced (make it writable, or give another name)"
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return bad(format!("cannot write {name}: {}", os_words(&e))),
    }
    let target = write_target(path);
    check_writable_dir(parent_dir(&target), &name)
}

/// Checks, before any work, that files can be written in the directory
/// `path`: an existing directory where a file can be created, or a new
/// name in one (the directory is made when it is first written).
pub fn check_output_dir(path: &Path) -> Result<(), CliError> {
    let name = shown(path);
    let bad = |m: String| Err(CliError::BadInput(m));
    if path.as_os_str().is_empty() {
        return bad("an empty name: give the name of a directory to write into".into());
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => check_writable_dir(path, &name),
        Ok(_) => bad(format!(
            "{name} is a file, not a directory; give the name of a directory to write into"
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let trimmed = Path::new(path.as_os_str().to_str().map_or(path.as_os_str(), |t| {
                std::ffi::OsStr::new(t.trim_end_matches('/'))
            }));
            check_writable_dir(parent_dir(trimmed), &name)
        }
        Err(e) => bad(format!("cannot write in {name}: {}", os_words(&e))),
    }
}

/// Whether this user may write the existing file `path` (for root, only
/// its mode bits say no).
fn may_write(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
            return false;
        };
        // SAFETY: access only reads the NUL-terminated path.
        unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

/// Checks that a file can be created in `dir` (for the output named
/// `name`): it exists, is a directory, and a file made in it is allowed,
/// which an unnamed temporary file ([`libc::O_TMPFILE`]) shows without a
/// trace; where the file system has none, a named one is made and removed
/// at once (and removed by the next write if the process dies between).
fn check_writable_dir(dir: &Path, name: &str) -> Result<(), CliError> {
    let bad = |m: String| Err(CliError::BadInput(m));
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return bad(format!(
                "cannot write {name}: the directory {} does not exist",
                shown(dir)
            ))
        }
        Err(e) => return bad(format!("cannot write {name}: {}", os_words(&e))),
        Ok(m) if !m.is_dir() => {
            return bad(format!(
                "cannot write {name}: {} is not a directory",
                shown(dir)
            ))
        }
        Ok(_) => {}
    }
    let refused = |e: std::io::Error| {
        let why = match e.kind() {
            // (/proc, /sys: a file system of the system's own files.)
            std::io::ErrorKind::NotFound => "the file system makes no new files there".into(),
            _ => os_words(&e).to_lowercase(),
        };
        CliError::BadInput(format!(
            "cannot write {name}: no file can be made in {} ({why})",
            shown(dir),
        ))
    };
    match unnamed_file(dir) {
        Ok(_) => Ok(()),
        Err(e) if unnamed_unsupported(&e) => {
            let probe = new_temp_file(dir).map_err(refused)?;
            let _ = std::fs::remove_file(&probe.1);
            Ok(())
        }
        Err(e) => Err(refused(e)),
    }
}

/// Refuses two outputs of one command that are the same file (`--out x
/// --hare-out x`, or a link and its target): one would overwrite the other.
/// Each is given with its option's name.
pub fn check_distinct_outputs(outputs: &[(&str, &Path)]) -> Result<(), CliError> {
    let key = |p: &Path| {
        let target = write_target(p);
        let dir = std::fs::canonicalize(parent_dir(&target)).unwrap_or_default();
        (dir, target.file_name().map(|n| n.to_os_string()))
    };
    for (i, (a, p)) in outputs.iter().enumerate() {
        for (b, q) in &outputs[i + 1..] {
            if key(p) == key(q) {
                return Err(CliError::BadInput(format!(
                    "{a} and {b} name the same file ({}): each needs its own",
                    p.display()
                )));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------
// The atomic writer.

/// The directory a path's file is in (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The file a write to `path` replaces: a link's target, followed link by
/// link (as the shell writes through a link, one to a missing file too),
/// else `path`.
fn write_target(path: &Path) -> PathBuf {
    let mut target = path.to_path_buf();
    // As many links as the system follows in one path.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&target) {
                // A relative link is relative to its own directory.
                Ok(to) => target = parent_dir(&target).join(to),
                Err(_) => break,
            },
            _ => break,
        }
    }
    target
}

/// An open file in `dir` without a name, gone when closed (Linux).
#[cfg(target_os = "linux")]
fn unnamed_file(dir: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_TMPFILE)
        .mode(0o666)
        .open(dir)
}

#[cfg(not(target_os = "linux"))]
fn unnamed_file(_dir: &Path) -> std::io::Result<std::fs::File> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// Whether the file system (or the system) has no unnamed files.
fn unnamed_unsupported(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = e.raw_os_error() {
        return [libc::EOPNOTSUPP, libc::EISDIR, libc::EINVAL, libc::ENOSYS].contains(&code);
    }
    e.kind() == std::io::ErrorKind::Unsupported
}

/// Six letters or digits, different each call.
fn random_tag() -> String {
    use std::hash::{BuildHasher, Hasher};
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let mut v = h.finish();
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0..6)
        .map(|_| {
            let c = ALPHABET[(v % ALPHABET.len() as u64) as usize] as char;
            v /= ALPHABET.len() as u64;
            c
        })
        .collect()
}

/// The name of a temporary file of this process: `.selfplay-PID-XXXXXX.tmp`.
fn temp_name() -> String {
    format!(".selfplay-{}-{}.tmp", std::process::id(), random_tag())
}

/// What a name says of a file of ours: `Some(Some(pid))` for a temporary
/// file of the process `pid`, `Some(None)` for one of an older version
/// (`.selfplay-XXXXXX.tmp`, or the probe `.selfplay-check-XXXXXX`), `None`
/// for any other name.
fn own_temp_name(name: &str) -> Option<Option<u32>> {
    let tag = |t: &str| t.len() == 6 && t.bytes().all(|b| b.is_ascii_alphanumeric());
    if let Some(t) = name.strip_prefix(".selfplay-check-") {
        return tag(t).then_some(None);
    }
    let mid = name.strip_prefix(".selfplay-")?.strip_suffix(".tmp")?;
    if tag(mid) {
        return Some(None);
    }
    let (pid, t) = mid.split_once('-')?;
    if !tag(t) || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok().map(Some)
}

/// A new, named, empty temporary file of ours in `dir`, and its path.
fn new_temp_file(dir: &Path) -> std::io::Result<(std::fs::File, PathBuf)> {
    loop {
        let path = dir.join(temp_name());
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            o.mode(0o666);
        }
        match o.open(&path) {
            Ok(f) => return Ok((f, path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// Whether the process `pid` is alive (or cannot be told: then it is
/// taken as alive).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// A file of an older version's naming, not written for this long and not
/// locked, is the leftover of a killed write (its live writer locked it
/// microseconds after making it).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

/// Removes, in `dir`, the temporary files of writes that were killed: a
/// file of [`write_atomic`]'s naming whose process is dead (or, for an
/// older version's name, not written for [`STALE_AFTER`]) and that no live
/// process holds locked. Other files are never touched.
#[cfg(unix)]
pub fn remove_stale_temp_files(dir: &Path) {
    use std::os::unix::io::AsRawFd;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(owner) = name.to_str().and_then(own_temp_name) else {
            continue;
        };
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let dead = match owner {
            Some(pid) => pid != std::process::id() && !alive(pid),
            None => meta
                .modified()
                .ok()
                .and_then(|m| m.elapsed().ok())
                .is_some_and(|age| age >= STALE_AFTER),
        };
        if !dead {
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

/// Locks a file of ours for as long as it is open (a live writer's mark).
fn lock(file: &std::fs::File) {
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: flock on a descriptor we own; non-blocking.
        unsafe {
            libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB);
        }
    }
    #[cfg(not(unix))]
    let _ = file;
}

/// Gives the unnamed file `file` a temporary name in `dir`; `None` if the
/// system cannot (no `/proc`).
#[cfg(target_os = "linux")]
fn name_unnamed(file: &std::fs::File, dir: &Path) -> std::io::Result<Option<PathBuf>> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let from = std::ffi::CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))
        .expect("no NUL in a number");
    loop {
        let path = dir.join(temp_name());
        let to = std::ffi::CString::new(path.as_os_str().as_bytes())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
        // SAFETY: both are NUL-terminated paths that live across the call.
        let r = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                from.as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if r == 0 {
            return Ok(Some(path));
        }
        let e = std::io::Error::last_os_error();
        match e.raw_os_error() {
            Some(libc::EEXIST) => {}
            Some(libc::ENOENT) => return Ok(None),
            _ => return Err(e),
        }
    }
}

/// Writes `bytes` to `path` so that a crash never leaves a half-written
/// file: the bytes go to a temporary file in the same directory (with the
/// permissions of the file it replaces, else the mode the umask gives),
/// synced to disk, renamed over `path` (a link's target), and the
/// directory synced. Until the rename, the
/// previous file (if any) is untouched.
///
/// The temporary file has no name while it is written (Linux's
/// `O_TMPFILE`): a write killed then leaves nothing. It is named
/// (`.selfplay-PID-XXXXXX.tmp`) only for the moment before the rename, and
/// locked from before that moment; elsewhere it is named from the start.
/// Temporary files left in the directory by killed writes (their process
/// dead, no lock held) are removed first. The output is checked again
/// ([`check_output`]): a problem is bad input naming the path.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    write_atomic_as(path, bytes, true)
}

/// [`write_atomic`], with an unnamed temporary file if `unnamed` (and the
/// system has them), else a named one from the start (as where the system
/// has none).
fn write_atomic_as(path: &Path, bytes: &[u8], unnamed: bool) -> Result<(), CliError> {
    use std::io::Write;
    check_output(path)?;
    let target = write_target(path);
    let name = shown(path);
    let fail = |e: std::io::Error| CliError::Internal(format!("writing {name}: {}", os_words(&e)));
    let dir = parent_dir(&target);
    // A file replaced keeps its permissions (as `cp` and editors keep
    // them); a new one gets what the umask gives.
    let keep = std::fs::metadata(&target)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let keep_mode = |f: &std::fs::File| match &keep {
        Some(p) => f.set_permissions(p.clone()),
        None => Ok(()),
    };
    remove_stale_temp_files(dir);
    let first = if unnamed {
        unnamed_file(dir)
    } else {
        Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
    };
    let (mut file, named) = match first {
        Ok(f) => (f, None),
        Err(e) if unnamed_unsupported(&e) => {
            let (f, p) = new_temp_file(dir).map_err(fail)?;
            lock(&f);
            (f, Some(p))
        }
        Err(e) => return Err(fail(e)),
    };
    // Removes the named temporary file if the write fails.
    struct Named(Option<PathBuf>);
    impl Drop for Named {
        fn drop(&mut self) {
            if let Some(p) = &self.0 {
                let _ = std::fs::remove_file(p);
            }
        }
    }
    let mut guard = Named(named);
    keep_mode(&file).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    if guard.0.is_none() {
        lock(&file);
        #[cfg(target_os = "linux")]
        {
            guard.0 = name_unnamed(&file, dir).map_err(fail)?;
        }
        if guard.0.is_none() {
            // No /proc to name it by: written again under a name.
            let (mut f, p) = new_temp_file(dir).map_err(fail)?;
            lock(&f);
            guard.0 = Some(p);
            keep_mode(&f).map_err(fail)?;
            f.write_all(bytes).map_err(fail)?;
            f.sync_all().map_err(fail)?;
            file = f;
        }
    }
    let tmp = guard.0.clone().expect("a named temporary file");
    std::fs::rename(&tmp, &target).map_err(fail)?;
    guard.0 = None;
    drop(file);
    #[cfg(unix)]
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(fail)?;
    Ok(())
}

/// Rewrites the text file `path` whole with what `update` makes of its
/// text now (empty if there is none; read through the bounded reader, at
/// most `max_total` bytes), through [`write_atomic`], and returns the text
/// written. Processes that update files of one directory this way take
/// turns: the directory is locked from the read to the rename, so no
/// update is written over one made since it read the file.
pub fn update_text(
    path: &Path,
    max_total: u64,
    update: impl FnOnce(&str) -> Result<String, CliError>,
) -> Result<String, CliError> {
    let target = write_target(path);
    let _turn = DirLock::take(parent_dir(&target));
    let now = if std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        read_text(path, max_total)?
    } else {
        String::new()
    };
    let text = update(&now)?;
    write_atomic(path, text.as_bytes())?;
    Ok(text)
}

/// A directory locked (`flock`) until dropped; where it cannot be locked,
/// nothing is.
struct DirLock(#[allow(dead_code)] Option<std::fs::File>);

impl DirLock {
    fn take(dir: &Path) -> DirLock {
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            if let Ok(d) = std::fs::File::open(dir) {
                loop {
                    // SAFETY: flock on a descriptor we own; it waits for
                    // the other holder's few milliseconds.
                    if unsafe { libc::flock(d.as_raw_fd(), libc::LOCK_EX) } == 0 {
                        return DirLock(Some(d));
                    }
                    if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                        break;
                    }
                }
            }
        }
        #[cfg(not(unix))]
        let _ = dir;
        DirLock(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(r: Result<(), CliError>) -> String {
        match r {
            Err(CliError::BadInput(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn outputs_are_checked_before_work_and_written_whole() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.selfplay");
        assert!(check_output(&file).is_ok());
        let missing = dir.path().join("no/such/dir/m.selfplay");
        assert!(refused(check_output(&missing)).contains("does not exist"));
        assert!(refused(check_output(dir.path())).contains("is a directory"));
        assert!(refused(check_output(Path::new(""))).contains("an empty name"));
        let slash = format!("{}/", file.display());
        assert!(refused(check_output(Path::new(&slash))).contains("ends in '/'"));
        write_atomic(&file, b"first").unwrap();
        write_atomic(&file, b"second").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"second");
        // No temporary file is left behind, and the check left no probe.
        assert_eq!(names(dir.path()), vec!["m.selfplay"]);
    }

    #[test]
    fn a_named_temporary_file_is_written_whole_and_left_behind_by_none() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.selfplay");
        write_atomic_as(&file, b"first", false).unwrap();
        write_atomic_as(&file, b"second", false).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"second");
        assert_eq!(names(dir.path()), vec!["m.selfplay"]);
    }

    #[cfg(unix)]
    #[test]
    fn special_and_read_only_targets_are_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        assert!(refused(check_output(&fifo)).contains("a named pipe (FIFO)"));
        let null = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        assert!(refused(check_output(&null)).contains("a character device"));
        let ro = dir.path().join("ro.selfplay");
        std::fs::write(&ro, "kept").unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
        assert!(refused(check_output(&ro)).contains("read-only"));
        assert!(write_atomic(&ro, b"new").is_err());
        assert_eq!(std::fs::read(&ro).unwrap(), b"kept");
        // A link to a regular file is written through.
        let real = dir.path().join("real");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    /// A link to a file not yet made (relative to the link's folder) is
    /// written through, as the shell writes through it, and is the same
    /// file as its target for two outputs of one command.
    #[cfg(unix)]
    #[test]
    fn a_link_to_a_missing_file_is_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let target = sub.join("x.selfplay");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("sub/x.selfplay", &link).unwrap();
        let m = refused(check_distinct_outputs(&[
            ("--out", target.as_path()),
            ("--hare-out", link.as_path()),
        ]));
        assert!(m.contains("same file"), "{m}");
        write_atomic(&link, b"through").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"through");
        assert_eq!(names(&sub), vec!["x.selfplay"]);
    }

    /// A file replaced keeps its permissions: a private model stays private.
    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.selfplay");
        for mode in [0o600, 0o640, 0o664] {
            std::fs::write(&file, "old").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            write_atomic(&file, b"new").unwrap();
            write_atomic_as(&file, b"newer", false).unwrap();
            let now = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(now, mode, "{now:o}");
            assert_eq!(std::fs::read(&file).unwrap(), b"newer");
        }
    }

    #[cfg(unix)]
    #[test]
    fn stale_temporary_files_of_dead_writers_are_removed_at_once() {
        use std::os::unix::io::AsRawFd;
        let dir = tempfile::tempdir().unwrap();
        // A process that has ended: its pid is free.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = format!(".selfplay-{dead}-abcDE1.tmp");
        std::fs::write(dir.path().join(&stale), "half").unwrap();
        std::fs::write(dir.path().join(".selfplay-check-Ab12cd"), "").unwrap();
        // Not ours, or a live writer's: kept.
        let live = format!(".selfplay-{}-zzzzz9.tmp", std::process::id());
        std::fs::write(dir.path().join(&live), "mine").unwrap();
        std::fs::write(dir.path().join(".selfplay-1-toolong7.tmp"), "").unwrap();
        let held = dir.path().join(format!(".selfplay-{dead}-HELD01.tmp"));
        let held_file = std::fs::File::create(&held).unwrap();
        assert_eq!(
            unsafe { libc::flock(held_file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
            0
        );
        write_atomic(&dir.path().join("out"), b"x").unwrap();
        let mut want = vec![
            ".selfplay-1-toolong7.tmp".to_string(),
            ".selfplay-check-Ab12cd".to_string(),
            format!(".selfplay-{dead}-HELD01.tmp"),
            live,
            "out".to_string(),
        ];
        want.sort();
        // The older version's probe is young: kept until it is stale.
        assert_eq!(names(dir.path()), want);
        drop(held_file);
    }

    /// Updates by several writers at once lose none of each other's lines.
    #[test]
    fn updates_at_once_take_turns() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("table.txt");
        let writers: Vec<_> = (0..4)
            .map(|w| {
                let file = file.clone();
                std::thread::spawn(move || {
                    for i in 0..25 {
                        update_text(&file, 1 << 20, |now| Ok(format!("{now}{w} {i}\n"))).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.lines().count(), 100);
        assert_eq!(names(dir.path()), vec!["table.txt"]);
    }

    #[test]
    fn reads_stop_at_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big");
        std::fs::write(&file, vec![7u8; 1000]).unwrap();
        assert_eq!(read_limited(&file, 1000).unwrap().len(), 1000);
        match read_limited(&file, 999) {
            Err(CliError::BadInput(m)) => assert!(m.contains("more than 999"), "{m}"),
            other => panic!("{other:?}"),
        }
        // An endless device is cut at the limit.
        #[cfg(unix)]
        assert!(read_limited(Path::new("/dev/zero"), 4096).is_err());
        // A file that is not a model is refused from its first bytes.
        match read_model(Path::new("/dev/zero")) {
            Err(CliError::BadInput(m)) => assert!(m.contains("not a Selfplay model"), "{m}"),
            other => panic!("{other:?}"),
        }
        // Text with a zero byte is refused at its line.
        std::fs::write(&file, b"fine\nbad\0line\n").unwrap();
        match read_text(&file, 1 << 20) {
            Err(CliError::BadInput(m)) => assert!(m.contains("line 2: a zero byte"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
