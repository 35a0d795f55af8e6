//! Memory a command may take, checked against the machine before anything
//! large is allocated: an option's range is bounded by the machine's
//! memory when the command line is parsed, and the size asked for is
//! checked again, before allocating, against what this process can still
//! take now (the memory the system has available, and what its
//! address-space limit, `ulimit -v`, leaves).

use super::CliError;

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

/// A `kB` figure of a `/proc` file (`MemAvailable:` of `/proc/meminfo`,
/// `VmSize:` of `/proc/self/status`), in bytes.
fn proc_kb(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb << 10)
}

/// What the address-space limit (`ulimit -v`) leaves this process, in
/// bytes (`None`: no limit, or unknown).
fn address_space_left() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct we own.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        let used = proc_kb("/proc/self/status", "VmSize:").unwrap_or(0);
        Some(limit.rlim_cur.saturating_sub(used))
    }
    #[cfg(not(unix))]
    None
}

/// The bytes this process can still take now: the least of the memory
/// the system has available and what the address-space limit leaves
/// (`None` if neither is known).
pub fn memory_available() -> Option<u64> {
    let available = proc_kb("/proc/meminfo", "MemAvailable:");
    match (available, address_space_left()) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Left free for everything else a command allocates.
const MARGIN: u64 = 64 << 20;

/// Checks, before it is allocated, that `bytes` asked for by `what` (`--hash-mb
/// 8000: a table of 4096 MiB`) fit in what this process can take now; bad
/// input otherwise, saying how much does.
pub fn check_memory(bytes: u64, what: &str) -> Result<(), CliError> {
    let Some(free) = memory_available() else {
        return Ok(());
    };
    let room = free.saturating_sub(MARGIN);
    if bytes <= room {
        return Ok(());
    }
    Err(CliError::BadInput(format!(
        "{what} is more than this process can take now ({} MiB: the memory available, within its address-space limit); give less",
        room >> 20,
    )))
}

/// The largest hash table a command may take, in MiB: half the machine's
/// memory (4096 if unknown), at most 65,536.
pub fn max_hash_mb() -> usize {
    physical_memory()
        .map_or(4096, |b| (b / 2) >> 20)
        .clamp(1, 65536) as usize
}

/// A parser of a hash table's size in MiB: from 1 to [`max_hash_mb`].
/// What can be taken when the table is made is checked then
/// ([`check_memory`]).
pub fn hash_mb(text: &str) -> Result<usize, String> {
    let max = max_hash_mb();
    let v: usize = text
        .trim()
        .parse()
        .map_err(|_| "not a whole number of MiB".to_string())?;
    if (1..=max).contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "must be from 1 to {max} MiB (half of this machine's memory)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_beyond_what_is_available_is_refused() {
        if let Some(free) = memory_available() {
            assert!(check_memory(free + (1 << 30), "--hash-mb").is_err());
            assert!(check_memory(1 << 20, "--hash-mb").is_ok());
        }
    }
}
