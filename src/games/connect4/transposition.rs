//! The solver's transposition table: bounds on the scores of positions
//! already searched, kept between searches.
//!
//! # Layout
//! `2^bits` entries of one `u64` each (8 bytes: 2^17 entries take 1 MiB,
//! 2^23 take 64 MiB). A position's key (< 2^49, see
//! [`Position::key`](super::Position::key)) is first scrambled by a bijection
//! of the 49-bit keys (a multiplication by an odd constant modulo 2^49); the
//! top `bits` bits of the result choose the entry, of which all but the
//! lowest choose its two-entry bucket, and the low 40 bits are stored in it
//! as a tag (the other 24 bits of the entry hold its contents). As long as
//! `49 - (bits - 1) <= 40` (`bits >= 10`), bucket and tag together
//! determine the key: a tag match is an exact match, never a collision
//! between two positions, at every size the table takes.
//!
//! An entry holds, for one position: a lower and an upper bound on its exact
//! score (both valid whatever search stored them: a bound is a fact about the
//! position, not about the window it was searched with), the column of the
//! best move found (or none), and the amount of work the search spent below
//! it, as a base-2 logarithm of its node count. A key may live in either
//! slot of a two-entry bucket: the first slot keeps the costlier of its entry
//! and a newcomer, the second takes the rest, so the results of costly
//! searches survive the flood of cheap ones.
//!
//! A value of 0 is an empty entry (a stored bound is never 0: bounds are kept
//! with an offset that makes them positive).

use super::rules::{MAX_SCORE, MIN_SCORE};

/// The smallest number of index bits (see the module documentation): 2^10
/// entries, 8 KiB.
pub const MIN_BITS: u32 = 10;
/// The largest number of index bits accepted (2^30 entries: 8 GiB).
pub const MAX_BITS: u32 = 30;
/// The default: 2^23 entries, 64 MiB.
pub const DEFAULT_BITS: u32 = 23;

const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: multiplication by it is a bijection modulo 2^49.
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;

const SCORE_BITS: u32 = 6;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;
const LOWER_SHIFT: u32 = 0;
const UPPER_SHIFT: u32 = SCORE_BITS;
const MOVE_SHIFT: u32 = 2 * SCORE_BITS;
const WORK_SHIFT: u32 = MOVE_SHIFT + 3;
const WORK_MASK: u64 = 0x3f;
const TAG_SHIFT: u32 = 24;
const TAG_MASK: u64 = (1 << (64 - TAG_SHIFT)) - 1;

/// What the table knows about a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The exact score is at least this.
    pub lower: i32,
    /// The exact score is at most this.
    pub upper: i32,
    /// The best move found (0-based column), if any.
    pub best: Option<u8>,
    /// log2 of the nodes searched to establish these bounds (0..=63).
    pub work: u32,
}

impl Entry {
    #[inline(always)]
    fn pack(self, tag: u64) -> u64 {
        let lower = (self.lower - MIN_SCORE + 1) as u64;
        let upper = (self.upper - MIN_SCORE + 1) as u64;
        let best = self.best.map_or(0, |c| u64::from(c) + 1);
        (tag << TAG_SHIFT)
            | (lower << LOWER_SHIFT)
            | (upper << UPPER_SHIFT)
            | (best << MOVE_SHIFT)
            | (u64::from(self.work.min(63)) << WORK_SHIFT)
    }

    #[inline(always)]
    fn unpack(v: u64) -> Entry {
        let best = (v >> MOVE_SHIFT) & 7;
        Entry {
            lower: ((v >> LOWER_SHIFT) & SCORE_MASK) as i32 + MIN_SCORE - 1,
            upper: ((v >> UPPER_SHIFT) & SCORE_MASK) as i32 + MIN_SCORE - 1,
            best: if best == 0 {
                None
            } else {
                Some(best as u8 - 1)
            },
            work: ((v >> WORK_SHIFT) & WORK_MASK) as u32,
        }
    }
}

/// Asks the kernel to back the table with huge pages where it can (Linux,
/// transparent huge pages in `madvise` mode): the search reads the table at
/// random, and with 4 KiB pages nearly every read also misses the TLB.
/// Only a hint: nothing changes if the kernel declines. The environment
/// variable `SELFPLAY_HUGE_PAGES=0` leaves the table on 4 KiB pages, as a
/// WebAssembly module's memory is, to compare the two builds on equal
/// terms (`SELFPLAY_HUGE_PAGES=0 scripts/bench.sh --only connect4_solve`).
#[cfg(target_os = "linux")]
fn advise_huge_pages(entries: &[u64]) {
    if !enabled("SELFPLAY_HUGE_PAGES") {
        return;
    }
    const HUGE: usize = 2 << 20;
    let start = entries.as_ptr() as usize;
    let end = start + std::mem::size_of_val(entries);
    let first = start.next_multiple_of(HUGE);
    let last = end / HUGE * HUGE;
    if first < last {
        // SAFETY: the range lies within the live allocation of `entries`;
        // MADV_HUGEPAGE changes no contents, only how pages are backed.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_entries: &[u64]) {}

/// The table. See the module documentation.
pub struct TranspositionTable {
    entries: Vec<u64>,
    bits: u32,
    /// Whether [`TranspositionTable::prefetch`] prefetches (see there).
    prefetch: bool,
}

/// Whether the environment leaves a feature of the native build on: off
/// only when `name` is set to `0`.
#[cfg(not(target_arch = "wasm32"))]
fn enabled(name: &str) -> bool {
    std::env::var_os(name).is_none_or(|v| v != "0")
}

impl TranspositionTable {
    /// A table of `2^bits` entries (8 bytes each), clamped to
    /// [`MIN_BITS`]..=[`MAX_BITS`]. The kernel is asked for huge pages for
    /// tables of 2 MiB or more.
    pub fn new(bits: u32) -> TranspositionTable {
        let bits = bits.clamp(MIN_BITS, MAX_BITS);
        let entries = vec![0; 1 << bits];
        advise_huge_pages(&entries);
        #[cfg(not(target_arch = "wasm32"))]
        let prefetch = enabled("SELFPLAY_PREFETCH");
        #[cfg(target_arch = "wasm32")]
        let prefetch = false;
        TranspositionTable {
            entries,
            bits,
            prefetch,
        }
    }

    /// log2 of the number of entries.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The memory the entries take, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<u64>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The number of entries in use (a full scan: for reports, not for the
    /// search).
    pub fn used(&self) -> usize {
        self.entries.iter().filter(|&&v| v != 0).count()
    }

    /// The first slot of the key's bucket and the tag stored with it.
    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u64) {
        debug_assert!(key <= KEY_MASK);
        let h = key.wrapping_mul(SCRAMBLE) & KEY_MASK;
        let index = (h >> (KEY_BITS - self.bits)) as usize & !1;
        (index, h & TAG_MASK)
    }

    /// Whether [`TranspositionTable::prefetch`] does anything: on x86-64,
    /// unless the environment variable `SELFPLAY_PREFETCH=0` turns it off,
    /// to measure what it brings
    /// (`SELFPLAY_PREFETCH=0 scripts/bench.sh --only connect4_solve`:
    /// WebAssembly has no prefetch instruction).
    #[inline(always)]
    pub fn prefetches(&self) -> bool {
        cfg!(target_arch = "x86_64") && self.prefetch
    }

    /// Starts loading the bucket of `key` into the cache (see
    /// [`TranspositionTable::prefetches`]), so that a
    /// [`TranspositionTable::get`] soon after does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if self.prefetch {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let (i, _) = self.slot(key);
            let p = self.entries[i..].as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint; `p` points into the table.
            #[allow(unused_unsafe)]
            unsafe {
                _mm_prefetch(p, _MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What is known about the position with key `key`, if anything.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let (i, tag) = self.slot(key);
        // Both slots of a bucket share a cache line (the index is even).
        let bucket = &self.entries[i..i + 2];
        for &v in bucket {
            if v >> TAG_SHIFT == tag && v != 0 {
                return Some(Entry::unpack(v));
            }
        }
        None
    }

    /// Stores what is known about the position with key `key`, replacing
    /// its previous entry (the caller merges old and new bounds). Otherwise
    /// the first slot of the bucket takes the new entry if it has at least as
    /// much work as the one there, and the second slot takes it if not.
    #[inline(always)]
    pub fn put(&mut self, key: u64, entry: Entry) {
        debug_assert!(MIN_SCORE <= entry.lower && entry.lower <= entry.upper);
        debug_assert!(entry.upper <= MAX_SCORE + 1);
        let (i, tag) = self.slot(key);
        let packed = entry.pack(tag);
        let bucket = &mut self.entries[i..i + 2];
        let work = |v: u64| (v >> WORK_SHIFT) & WORK_MASK;
        let same = |v: u64| v >> TAG_SHIFT == tag && v != 0;
        // Slot 0 keeps the costlier of its entry and the new one; slot 1
        // takes whatever slot 0 does not.
        let victim = if same(bucket[0]) || (!same(bucket[1]) && work(packed) >= work(bucket[0])) {
            0
        } else {
            1
        };
        bucket[victim] = packed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_keys_do_not_collide() {
        let mut tt = TranspositionTable::new(MIN_BITS);
        let e = Entry {
            lower: -3,
            upper: 7,
            best: Some(6),
            work: 12,
        };
        tt.put(12345, e);
        assert_eq!(tt.get(12345), Some(e));
        assert_eq!(tt.get(12346), None);
        let f = Entry {
            lower: MIN_SCORE,
            upper: MAX_SCORE,
            best: None,
            work: 0,
        };
        tt.put((1 << 49) - 1, f);
        assert_eq!(tt.get((1 << 49) - 1), Some(f));
        assert_eq!(tt.used(), 2);
        tt.clear();
        assert_eq!(tt.get(12345), None);
    }

    /// The key whose scrambled value is `h` (the inverse of the scramble:
    /// Newton's iteration for the inverse of an odd number modulo 2^64).
    fn unscramble(h: u64) -> u64 {
        let mut inv = SCRAMBLE;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(SCRAMBLE.wrapping_mul(inv)));
        }
        assert_eq!(SCRAMBLE.wrapping_mul(inv), 1);
        h.wrapping_mul(inv) & KEY_MASK
    }

    #[test]
    fn keys_that_differ_in_any_one_scrambled_bit_are_told_apart() {
        // Two keys whose scrambled values differ in one bit share either
        // their tag or their bucket (and one slot's bit of the index): the
        // other must tell them apart, at every size down to the smallest.
        let e = Entry {
            lower: 1,
            upper: 2,
            best: None,
            work: 3,
        };
        for bits in [MIN_BITS, MIN_BITS + 1, 17, 18, 23] {
            let mut tt = TranspositionTable::new(bits);
            for bit in 0..KEY_BITS {
                let h = 0x1_2345_6789_abcd & KEY_MASK;
                let (a, b) = (unscramble(h), unscramble(h ^ (1 << bit)));
                assert_eq!(a.wrapping_mul(SCRAMBLE) & KEY_MASK, h);
                tt.clear();
                tt.put(a, e);
                assert_eq!(tt.get(b), None, "{bits} index bits, scrambled bit {bit}");
                assert_eq!(tt.get(a), Some(e));
            }
        }
    }
}
