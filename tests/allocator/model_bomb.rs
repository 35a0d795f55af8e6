//! Decompression bombs: a small file whose arrays declare, together, more
//! than the decoder's limit is refused before any array is inflated. A
//! counting allocator measures what decoding such a file allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

use selfplay::model::{decode, ModelError};

/// The most bytes live at once since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One deflated array of `len` zero bytes (type u8), as the format stores it.
fn zero_array(name: &str, len: u64, out: &mut Vec<u8>) {
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(9));
    let chunk = vec![0u8; 1 << 20];
    let mut left = len;
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        enc.write_all(&chunk[..n]).unwrap();
        left -= n as u64;
    }
    let stored = enc.finish().unwrap();
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&[1, 1, 1]); // u8, deflate, one dimension
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&(stored.len() as u64).to_le_bytes());
    out.extend_from_slice(&stored);
}

fn file(arrays: &[(&str, u64)]) -> Vec<u8> {
    let header = serde_json::json!({
        "name": "bomb", "kind": "model", "game": "othello", "variant": "standard",
        "algorithm": "qnet", "encoding": "", "hyper": {}, "seed": 1, "games_trained": 0,
        "evaluation": {}, "curve": [], "created": "2026-11-23T00:00:00Z", "producer": "test"
    });
    let header = serde_json::to_vec(&header).unwrap();
    let mut out = b"SELFPLAY".to_vec();
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&(arrays.len() as u32).to_le_bytes());
    for &(name, len) in arrays {
        zero_array(name, len, &mut out);
    }
    let file_len = out.len() as u64 + 4;
    out[12..20].copy_from_slice(&file_len.to_le_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

#[test]
fn arrays_that_declare_too_much_together_are_refused_before_inflating() {
    // Two arrays of 300 MB each: each alone is within the 500 MB limit.
    let bytes = file(&[("a", 300_000_000), ("b", 300_000_000)]);
    assert!(
        bytes.len() < 1_000_000,
        "a small file: {} bytes",
        bytes.len()
    );
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    let before = LIVE.load(Ordering::Relaxed);
    let err = decode(&bytes).unwrap_err();
    let peak = PEAK.load(Ordering::Relaxed) - before;
    match err {
        ModelError::ArrayTooLarge { array, bytes, .. } => {
            assert_eq!(array, "b");
            assert_eq!(bytes, 600_000_000);
        }
        other => panic!("{other}"),
    }
    // Nothing was inflated: far less than one array's 300 MB was allocated.
    assert!(peak < 10_000_000, "decoding allocated {peak} bytes");
}
