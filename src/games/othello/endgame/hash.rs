//! The transposition table: bounds on the exact score of positions already
//! searched, with the best move found there.
//!
//! Positions are keyed by the mover's and the opponent's discs (the side to
//! move is implied: scores are always for the side to move). An exact
//! endgame score depends on nothing else, so an entry never becomes stale:
//! bounds from different searches of the same position are simply
//! intersected.
//!
//! # Layout
//! Entries are 16 bytes: a 64-bit check key, the lower and upper bounds, the
//! best move, the number of empty squares and the search cost (log2 of the
//! nodes the search took). Four entries form a 64-byte bucket, one cache
//! line, chosen by the key's low bits; a probe reads one line. A store
//! replaces, in order of preference, the entry of the same position, else
//! the bucket's cheapest entry (least search effort, then fewest empties).
//! The full 64-bit key is checked, so a false match needs a 64-bit
//! collision within one bucket.

/// Bounds known for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best move found (a square), or [`NO_MOVE`].
    pub best: u8,
}

/// No move stored.
pub const NO_MOVE: u8 = 255;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
    cost: u8,
    _pad: [u8; 3],
}

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// A fixed-size transposition table.
pub struct HashTable {
    buckets: Vec<Bucket>,
    mask: u64,
}

/// A 64-bit hash of the discs (two rounds of the splitmix64 finaliser).
#[inline(always)]
pub fn hash_key(own: u64, opp: u64) -> u64 {
    #[inline(always)]
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    mix(mix(own ^ 0x9e37_79b9_7f4a_7c15).wrapping_add(opp))
}

/// Asks Linux to back the 2 MiB-aligned part of `[addr, addr + len)` with
/// huge pages before it is first written: the table is probed at random, so
/// with 4 KiB pages nearly every probe also misses the TLB.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    let start = addr.next_multiple_of(HUGE);
    let end = (addr + len) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside an allocation this table owns;
        // madvise only changes how the kernel backs it (a failure is
        // harmless and ignored).
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: usize, _len: usize) {}

impl HashTable {
    /// A table using at most `bytes` bytes (rounded down to a power of two
    /// of 64-byte buckets; at least one bucket).
    pub fn with_bytes(bytes: usize) -> HashTable {
        HashTable::try_with_bytes(bytes).expect("memory for the hash table")
    }

    /// [`HashTable::with_bytes`], or an error (no abort) when the memory
    /// cannot be had.
    pub fn try_with_bytes(bytes: usize) -> Result<HashTable, std::collections::TryReserveError> {
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets.try_reserve_exact(n)?;
        advise_huge_pages(
            buckets.as_mut_ptr() as usize,
            n * std::mem::size_of::<Bucket>(),
        );
        buckets.resize(n, Bucket::default());
        Ok(HashTable {
            buckets,
            mask: n as u64 - 1,
        })
    }

    /// The memory the entries use, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// The bounds stored for the position with key `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let bucket = &self.buckets[(key & self.mask) as usize];
        for e in &bucket.0 {
            if e.key == key && e.empties != 0 {
                return Some(Bounds {
                    lower: i32::from(e.lower),
                    upper: i32::from(e.upper),
                    best: e.best,
                });
            }
        }
        None
    }

    /// Hints the processor to fetch the bucket of `key` (x86-64 only; a
    /// no-op elsewhere).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = &self.buckets[(key & self.mask) as usize];
            // SAFETY: SSE is part of the x86-64 baseline; a prefetch has no
            // effect on memory and the pointer comes from a live reference.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((bucket as *const Bucket).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Records that the score of the position is within `[lower, upper]`,
    /// with `best` its best move so far, found by a search of `nodes` nodes
    /// at `empties` empty squares. Bounds already stored for the same
    /// position are intersected with the new ones.
    #[inline]
    pub fn store(&mut self, key: u64, empties: u32, lower: i32, upper: i32, best: u8, nodes: u64) {
        let cost = (64 - nodes.leading_zeros()) as u8;
        let bucket = &mut self.buckets[(key & self.mask) as usize];
        let mut victim = 0;
        let mut victim_rank = u32::MAX;
        for (i, e) in bucket.0.iter_mut().enumerate() {
            if e.key == key && e.empties != 0 {
                let lo = i32::from(e.lower).max(lower);
                let hi = i32::from(e.upper).min(upper);
                debug_assert!(lo <= hi, "inconsistent bounds for one position");
                e.lower = lo as i8;
                e.upper = hi as i8;
                if best != NO_MOVE {
                    e.best = best;
                }
                e.cost = e.cost.max(cost);
                return;
            }
            let rank = (u32::from(e.cost) << 8) | u32::from(e.empties);
            if rank < victim_rank {
                victim_rank = rank;
                victim = i;
            }
        }
        bucket.0[victim] = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            cost,
            _pad: [0; 3],
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_intersects_bounds() {
        let mut t = HashTable::with_bytes(1 << 12);
        assert_eq!(t.bytes(), 1 << 12);
        let k = hash_key(1, 2);
        assert_eq!(t.probe(k), None);
        t.store(k, 10, -64, 8, 3, 100);
        t.store(k, 10, -2, 64, NO_MOVE, 100);
        assert_eq!(
            t.probe(k),
            Some(Bounds {
                lower: -2,
                upper: 8,
                best: 3
            })
        );
        t.clear();
        assert_eq!(t.probe(k), None);
    }

    #[test]
    fn keys_spread() {
        // Neighbouring positions land in different buckets.
        let a = hash_key(0x8100_0000_0000_0081, 0x1800_0000);
        let b = hash_key(0x8100_0000_0000_0081, 0x1800_0001);
        let c = hash_key(0x1800_0001, 0x8100_0000_0000_0081);
        assert_ne!(a & 0xffff, b & 0xffff);
        assert_ne!(a, c);
    }
}
