//! Runs the `selfplay` binary that cargo built for the tests, from the
//! crate's root: (exit code, stdout, stderr). `SELFPLAY_CLI_UNDER_TEST=path`
//! runs another build instead (the release binary, an older one).

use std::path::PathBuf;
use std::process::Command;

/// The binary under test.
pub fn binary() -> PathBuf {
    match std::env::var_os("SELFPLAY_CLI_UNDER_TEST") {
        Some(p) => std::fs::canonicalize(p).expect("SELFPLAY_CLI_UNDER_TEST names the binary"),
        None => PathBuf::from(env!("CARGO_BIN_EXE_selfplay")),
    }
}

pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(binary())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// What a bounded run gave: exit code (`None`: killed by a signal or past
/// its time), standard output and error, the time it took.
pub struct Ran {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
    pub took: std::time::Duration,
}

/// Where a bounded run's standard input comes from.
pub enum Stdin<'a> {
    Nothing,
    File(&'a std::path::Path),
    /// Written into a pipe by this process (the command may stop reading
    /// early).
    Piped(Vec<u8>),
}

/// Runs the binary under test with its address space limited to `memory`
/// bytes, killed past `time`, with `stdin` and (if given) the umask
/// `umask`; its output is kept in files, so a large one cannot block it.
#[cfg(unix)]
pub fn run_bounded<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    memory: u64,
    time: std::time::Duration,
    stdin: Stdin,
    umask: Option<u32>,
) -> Ran {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let d = tempfile::tempdir().unwrap();
    let (out_path, err_path) = (d.path().join("out"), d.path().join("err"));
    let (input, bytes) = match stdin {
        Stdin::Nothing => (Stdio::null(), None),
        Stdin::File(p) => (Stdio::from(std::fs::File::open(p).unwrap()), None),
        Stdin::Piped(b) => (Stdio::piped(), Some(b)),
    };
    // SAFETY: the closure only calls setrlimit and umask, which are safe
    // between fork and exec.
    let mut child = unsafe {
        Command::new(binary())
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(input)
            .stdout(std::fs::File::create(&out_path).unwrap())
            .stderr(std::fs::File::create(&err_path).unwrap())
            .pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: memory,
                    rlim_max: memory,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if let Some(m) = umask {
                    libc::umask(m as libc::mode_t);
                }
                Ok(())
            })
            .spawn()
            .unwrap()
    };
    if let Some(b) = bytes {
        let mut pipe = child.stdin.take().unwrap();
        // A command that refuses its input stops reading: that is fine.
        let _ = pipe.write_all(&b);
    }
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > time {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let text =
        |p: &std::path::Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    Ran {
        code,
        out: text(&out_path),
        err: text(&err_path),
        took: start.elapsed(),
    }
}
