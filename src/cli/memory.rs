//! Memory a command may take, checked against the machine before anything
//! large is allocated: an option's range is bounded by the machine's
//! memory when the command line is parsed, and the size asked for is
//! checked again, before allocating, against what this process can still
//! take now (the memory the system has available, what the limits of its
//! control groups leave (a container's), and what its address-space
//! limit, `ulimit -v`, leaves).

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

/// What the memory limits of this process's control groups (a
/// container's, a service's) leave it, in bytes: the least, over its group
/// and the groups above it, of the limit less what the group uses (its
/// inactive file cache, which the system reclaims, not counted). `None`:
/// no limit, or unknown. `read` reads a file of `/proc` or `/sys`.
fn cgroup_left(read: &dyn Fn(&str) -> Option<String>) -> Option<u64> {
    let groups = read("/proc/self/cgroup")?;
    let number = |text: &str| text.trim().parse::<u64>().ok();
    let stat = |dir: &str, key: &str| {
        read(&format!("{dir}/memory.stat"))?
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(' ').and_then(number))
    };
    let mut least: Option<u64> = None;
    for line in groups.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        // cgroup v2 (one hierarchy), or v1's memory controller.
        let (mount, limit, usage, inactive) = if controllers.is_empty() {
            (
                "/sys/fs/cgroup",
                "memory.max",
                "memory.current",
                "inactive_file",
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
                "total_inactive_file",
            )
        } else {
            continue;
        };
        // The group and each group above it, up to the mount (which, in a
        // container, may be the group itself whatever the path says).
        let mut dir = format!("{mount}{}", path.trim_end_matches('/'));
        loop {
            if let Some(max) = read(&format!("{dir}/{limit}")).and_then(|t| number(&t)) {
                let used = read(&format!("{dir}/{usage}")).and_then(|t| number(&t));
                let cache = stat(&dir, inactive).unwrap_or(0);
                // v1 says "no limit" with a huge number.
                if max < 1 << 60 {
                    let left = max.saturating_sub(used.unwrap_or(0).saturating_sub(cache));
                    least = Some(least.map_or(left, |l| l.min(left)));
                }
            }
            if dir.len() <= mount.len() {
                break;
            }
            dir.truncate(dir.rfind('/').unwrap_or(0).max(mount.len()));
        }
    }
    least
}

/// The bytes this process can still take now: the least of the memory
/// the system has available, what its control groups' limits leave and
/// what the address-space limit leaves (`None` if none is known).
pub fn memory_available() -> Option<u64> {
    let available = proc_kb("/proc/meminfo", "MemAvailable:");
    let read = |f: &str| std::fs::read_to_string(f).ok();
    [available, cgroup_left(&read), address_space_left()]
        .into_iter()
        .flatten()
        .min()
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

    /// A container's limit (cgroup v2, and v1's memory controller) is
    /// what is left of the least limit of its group and those above it,
    /// less what the group uses, reclaimable cache not counted.
    #[test]
    fn control_group_limits_bound_the_memory_available() {
        let files = |list: &'static [(&'static str, &'static str)]| {
            move |f: &str| {
                list.iter()
                    .find(|(n, _)| *n == f)
                    .map(|(_, t)| t.to_string())
            }
        };
        let v2 = files(&[
            ("/proc/self/cgroup", "0::/box/job\n"),
            ("/sys/fs/cgroup/box/job/memory.max", "max\n"),
            ("/sys/fs/cgroup/box/memory.max", "4294967296\n"),
            ("/sys/fs/cgroup/box/memory.current", "1073741824\n"),
            (
                "/sys/fs/cgroup/box/memory.stat",
                "anon 1\ninactive_file 536870912\n",
            ),
        ]);
        assert_eq!(cgroup_left(&v2), Some((4 << 30) - (1 << 30) + (512 << 20)));
        let v1 = files(&[
            ("/proc/self/cgroup", "5:cpu:/\n4:memory:/box\n"),
            (
                "/sys/fs/cgroup/memory/box/memory.limit_in_bytes",
                "2147483648",
            ),
            (
                "/sys/fs/cgroup/memory/box/memory.usage_in_bytes",
                "1073741824",
            ),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712",
            ),
        ]);
        assert_eq!(cgroup_left(&v1), Some(1 << 30));
        // Inside a container: the path names the host's group, the mount
        // is the container's own.
        let inside = files(&[
            ("/proc/self/cgroup", "0::/host/path\n"),
            ("/sys/fs/cgroup/memory.max", "1073741824"),
            ("/sys/fs/cgroup/memory.current", "0"),
        ]);
        assert_eq!(cgroup_left(&inside), Some(1 << 30));
        let none = files(&[
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "max"),
        ]);
        assert_eq!(cgroup_left(&none), None);
        assert_eq!(cgroup_left(&files(&[])), None);
    }

    #[test]
    fn memory_beyond_what_is_available_is_refused() {
        if let Some(free) = memory_available() {
            assert!(check_memory(free + (1 << 30), "--hash-mb").is_err());
            assert!(check_memory(1 << 20, "--hash-mb").is_ok());
        }
    }
}
