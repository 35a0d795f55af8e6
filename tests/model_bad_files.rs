//! The corpus of bad model files in `tests/data/models/bad/`, each with the
//! error it must produce (`expected.txt`), and of good files in
//! `tests/data/models/good/` that must keep decoding as the format evolves.
//!
//! The files are written by this test's own writer, which follows the layout
//! in `docs/model-format.md` byte by byte, independently of `encode`. The test
//! checks that the committed files are exactly what the generator produces;
//! to rewrite them after changing the generator:
//!
//! ```text
//! SELFPLAY_WRITE_CORPUS=1 cargo test --test suite model_bad_files::
//! ```

use std::path::{Path, PathBuf};

use selfplay::model::{decode, Algorithm, GameId, Header, Model};
use serde_json::{json, Value};

/// One array record, with every field settable.
#[derive(Clone)]
struct RawArray {
    name: Vec<u8>,
    dtype: u8,
    compression: u8,
    dims: Vec<u64>,
    raw_len: u64,
    stored: Vec<u8>,
    /// Overrides the stored length field.
    stored_len: Option<u64>,
}

impl RawArray {
    fn f32(name: &str, dims: &[u64], values: &[f32]) -> RawArray {
        RawArray {
            name: name.as_bytes().to_vec(),
            dtype: 9,
            compression: 0,
            dims: dims.to_vec(),
            raw_len: values.len() as u64 * 4,
            stored: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
            stored_len: None,
        }
    }

    fn deflated_u8(name: &str, values: &[u8]) -> RawArray {
        use std::io::Write;
        let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(6));
        enc.write_all(values).unwrap();
        RawArray {
            name: name.as_bytes().to_vec(),
            dtype: 1,
            compression: 1,
            dims: vec![values.len() as u64],
            raw_len: values.len() as u64,
            stored: enc.finish().unwrap(),
            stored_len: None,
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.name.len() as u16).to_le_bytes());
        out.extend_from_slice(&self.name);
        out.push(self.dtype);
        out.push(self.compression);
        out.push(self.dims.len() as u8);
        for d in &self.dims {
            out.extend_from_slice(&d.to_le_bytes());
        }
        out.extend_from_slice(&self.raw_len.to_le_bytes());
        let stored_len = self.stored_len.unwrap_or(self.stored.len() as u64);
        out.extend_from_slice(&stored_len.to_le_bytes());
        out.extend_from_slice(&self.stored);
    }
}

/// A whole file, with every field settable.
#[derive(Clone)]
struct RawFile {
    version: u16,
    flags: u16,
    header: Vec<u8>,
    header_len: Option<u32>,
    count: Option<u32>,
    arrays: Vec<RawArray>,
    /// Bytes inside the checksummed body after the last array.
    leftover: Vec<u8>,
    file_len: Option<u64>,
    crc: Option<u32>,
}

fn good_header() -> Value {
    json!({
        "name": "corpus",
        "kind": "model",
        "game": "othello",
        "variant": "standard",
        "algorithm": "qnet",
        "encoding": "board64",
        "hyper": {"alpha": 0.01, "hidden": [4]},
        "seed": 1,
        "games_trained": 1000,
        "evaluation": {},
        "curve": [],
        "created": "2026-11-22T03:00:00Z",
        "producer": "selfplay 0.1.0"
    })
}

impl RawFile {
    fn valid() -> RawFile {
        RawFile::with_header(good_header())
    }

    fn with_header(header: Value) -> RawFile {
        RawFile {
            version: 1,
            flags: 0,
            header: serde_json::to_vec(&header).unwrap(),
            header_len: None,
            count: None,
            arrays: vec![
                RawArray::f32("w/0", &[2, 3], &[0.5, -1.0, 2.0, 0.0, -0.0, 1e-3]),
                RawArray::f32("b/0", &[2], &[0.25, -0.25]),
            ],
            leftover: Vec::new(),
            file_len: None,
            crc: None,
        }
    }

    fn header_field(field: &str, value: Value) -> RawFile {
        let mut h = good_header();
        h[field] = value;
        RawFile::with_header(h)
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = b"SELFPLAY".to_vec();
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        let header_len = self.header_len.unwrap_or(self.header.len() as u32);
        out.extend_from_slice(&header_len.to_le_bytes());
        out.extend_from_slice(&self.header);
        let count = self.count.unwrap_or(self.arrays.len() as u32);
        out.extend_from_slice(&count.to_le_bytes());
        for a in &self.arrays {
            a.write(&mut out);
        }
        out.extend_from_slice(&self.leftover);
        let file_len = self.file_len.unwrap_or(out.len() as u64 + 4);
        out[12..20].copy_from_slice(&file_len.to_le_bytes());
        let crc = self.crc.unwrap_or_else(|| crc32fast::hash(&out));
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }
}

/// Every bad file: (file name, expected error code, bytes).
fn bad_corpus() -> Vec<(&'static str, &'static str, Vec<u8>)> {
    let valid = RawFile::valid().bytes();
    let mut cases: Vec<(&'static str, &'static str, Vec<u8>)> = Vec::new();
    let mut add = |name, code, bytes| cases.push((name, code, bytes));

    add("empty.selfplay", "empty", Vec::new());
    add(
        "zip-archive.selfplay",
        "not_a_model",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00model.bin".to_vec(),
    );
    add(
        "png-image.selfplay",
        "not_a_model",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR".to_vec(),
    );
    add(
        "json-text.selfplay",
        "not_a_model",
        serde_json::to_vec(&good_header()).unwrap(),
    );
    add("magic-only.selfplay", "truncated", b"SELFPLAY".to_vec());
    add(
        "cut-in-preamble.selfplay",
        "truncated",
        valid[..18].to_vec(),
    );
    add(
        "cut-in-arrays.selfplay",
        "truncated",
        valid[..valid.len() - 13].to_vec(),
    );
    let mut trailing = valid.clone();
    trailing.extend_from_slice(b"\nextra");
    add("trailing-bytes.selfplay", "trailing_bytes", trailing);
    let mut flipped = valid.clone();
    let at = flipped.len() - 10; // inside the last array's values
    flipped[at] ^= 0x40;
    add("flipped-bit.selfplay", "bad_checksum", flipped);
    let mut zero_crc = valid.clone();
    let n = zero_crc.len();
    zero_crc[n - 4..].copy_from_slice(&[0; 4]);
    add("zeroed-checksum.selfplay", "bad_checksum", zero_crc);

    let mut f = RawFile::valid();
    f.version = 3;
    add("newer-version.selfplay", "newer_version", f.bytes());
    f.version = 0;
    add("version-zero.selfplay", "unsupported_version", f.bytes());
    let mut f = RawFile::valid();
    f.flags = 1;
    add("unknown-flags.selfplay", "unsupported_flags", f.bytes());
    let mut f = RawFile::valid();
    f.file_len = Some(1 << 40);
    add("declares-a-terabyte.selfplay", "too_large", f.bytes());
    let mut f = RawFile::valid();
    f.file_len = Some(20);
    add("declares-too-short.selfplay", "malformed", f.bytes());

    let mut f = RawFile::valid();
    f.header_len = Some(64 << 20);
    add("header-too-large.selfplay", "header_too_large", f.bytes());
    let mut f = RawFile::valid();
    f.header_len = Some(f.header.len() as u32 + 1000);
    add("header-past-end.selfplay", "malformed", f.bytes());
    let mut f = RawFile::valid();
    f.header = b"{\"name\": \"cut".to_vec();
    add("header-not-json.selfplay", "bad_header", f.bytes());
    let mut f = RawFile::valid();
    f.header = b"{\"name\": \"\xff\xfe\"}".to_vec();
    add("header-not-utf8.selfplay", "bad_header", f.bytes());
    let mut h = good_header();
    h.as_object_mut().unwrap().remove("game");
    add(
        "header-missing-game.selfplay",
        "bad_header",
        RawFile::with_header(h).bytes(),
    );
    // Version 1 has no training seconds (version 2 added them).
    let mut h = good_header();
    h["train_seconds"] = json!(12.5);
    add(
        "v1-train-seconds.selfplay",
        "bad_header",
        RawFile::with_header(h).bytes(),
    );
    let mut h = good_header();
    h["password"] = json!("hunter2");
    add(
        "header-unknown-field.selfplay",
        "bad_header",
        RawFile::with_header(h).bytes(),
    );
    add(
        "header-seed-negative.selfplay",
        "bad_header",
        RawFile::header_field("seed", json!(-1)).bytes(),
    );
    add(
        "header-hyper-not-object.selfplay",
        "bad_header",
        RawFile::header_field("hyper", json!([1, 2])).bytes(),
    );
    add(
        "unknown-game.selfplay",
        "unknown_game",
        RawFile::header_field("game", json!("chess")).bytes(),
    );
    add(
        "unknown-algorithm.selfplay",
        "unknown_algorithm",
        RawFile::header_field("algorithm", json!("alphazero")).bytes(),
    );
    add(
        "bad-kind.selfplay",
        "bad_field",
        RawFile::header_field("kind", json!("snapshot")).bytes(),
    );
    add(
        "bad-created.selfplay",
        "bad_field",
        RawFile::header_field("created", json!("2026-02-30T00:00:00Z")).bytes(),
    );
    add(
        "bad-variant.selfplay",
        "bad_field",
        RawFile::header_field("variant", json!("Standard Rules!")).bytes(),
    );
    add(
        "name-too-long.selfplay",
        "bad_field",
        RawFile::header_field("name", json!("x".repeat(201))).bytes(),
    );

    let mut f = RawFile::valid();
    f.count = Some(1_000_000);
    add("too-many-arrays.selfplay", "too_many_arrays", f.bytes());
    let mut f = RawFile::valid();
    f.count = Some(3);
    add("count-past-end.selfplay", "malformed", f.bytes());
    let mut f = RawFile::valid();
    f.leftover = vec![0; 7];
    add("leftover-after-arrays.selfplay", "malformed", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[1].name = b"b 0".to_vec();
    add("array-name-space.selfplay", "bad_array_name", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[1].name = Vec::new();
    add("array-name-empty.selfplay", "bad_array_name", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[1].name = b"w\xc3(".to_vec();
    add("array-name-not-utf8.selfplay", "bad_array_name", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[1].name = b"w/0".to_vec();
    add("duplicate-array.selfplay", "duplicate_array", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].dtype = 42;
    add("unknown-dtype.selfplay", "unknown_dtype", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].compression = 9;
    add(
        "unknown-compression.selfplay",
        "unknown_compression",
        f.bytes(),
    );
    let mut f = RawFile::valid();
    f.arrays[0].dims = vec![1; 9];
    add("nine-dimensions.selfplay", "too_many_dimensions", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].dims = vec![1 << 20, 1 << 20];
    f.arrays[0].raw_len = 4 << 40;
    add("declares-4-tb-array.selfplay", "array_too_large", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].dims = vec![400_000_000; 3];
    add("dims-overflow.selfplay", "array_too_large", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].dims = vec![0, u64::MAX];
    f.arrays[0].raw_len = 0;
    add(
        "zero-times-huge-dim.selfplay",
        "dimension_too_large",
        f.bytes(),
    );
    let mut f = RawFile::valid();
    f.arrays.push(RawArray {
        name: b"big/a".to_vec(),
        dtype: 1,
        compression: 1,
        dims: vec![300 << 20],
        raw_len: 300 << 20,
        stored: vec![0; 16],
        stored_len: None,
    });
    add("impossible-ratio.selfplay", "corrupt_array", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].dims = vec![3, 3];
    add("shape-mismatch.selfplay", "shape_mismatch", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].raw_len = 20;
    add("raw-length-mismatch.selfplay", "shape_mismatch", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0].stored.truncate(20);
    add(
        "stored-shorter-than-raw.selfplay",
        "corrupt_array",
        f.bytes(),
    );
    let mut f = RawFile::valid();
    f.arrays[1].stored_len = Some(1000);
    add("stored-past-end.selfplay", "malformed", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[0] = RawArray::f32("w/0", &[2, 3], &[0.5, -1.0, f32::NAN, 0.0, 0.0, 1.0]);
    add("nan-weight.selfplay", "non_finite", f.bytes());
    let mut f = RawFile::valid();
    f.arrays[1] = RawArray::f32("b/0", &[2], &[0.25, f32::NEG_INFINITY]);
    add("infinite-weight.selfplay", "non_finite", f.bytes());
    let mut f = RawFile::valid();
    let mut a = RawArray::deflated_u8("q", &[7; 1000]);
    a.stored = vec![0xff; a.stored.len()];
    f.arrays.push(a);
    add("deflate-garbage.selfplay", "corrupt_array", f.bytes());
    let mut f = RawFile::valid();
    let mut a = RawArray::deflated_u8("q", &[7; 1000]);
    a.dims = vec![2000];
    a.raw_len = 2000;
    f.arrays.push(a);
    add("deflate-too-short.selfplay", "corrupt_array", f.bytes());
    let mut f = RawFile::valid();
    let mut a = RawArray::deflated_u8("q", &[7; 1000]);
    a.dims = vec![500];
    a.raw_len = 500;
    f.arrays.push(a);
    add("deflate-too-long.selfplay", "corrupt_array", f.bytes());
    let mut f = RawFile::valid();
    let mut a = RawArray::deflated_u8("q", &[7; 1000]);
    a.stored.extend_from_slice(b"junk");
    f.arrays.push(a);
    add("deflate-then-junk.selfplay", "corrupt_array", f.bytes());
    let mut f = RawFile::valid();
    let mut a = RawArray::deflated_u8("q", &[7; 1000]);
    a.stored.truncate(a.stored.len() - 2);
    f.arrays.push(a);
    add("deflate-cut.selfplay", "corrupt_array", f.bytes());
    cases
}

/// Good files: (file name, bytes, the model they must decode to).
fn good_corpus() -> Vec<(&'static str, Vec<u8>, Model)> {
    let mut h = Header::new(GameId::of("othello"), Algorithm::QNet, "corpus");
    h.encoding = "board64".into();
    h.hyper = json!({"alpha": 0.01, "hidden": [4]})
        .as_object()
        .unwrap()
        .clone();
    h.seed = 1;
    h.games_trained = 1000;
    h.created = "2026-11-22T03:00:00Z".into();
    h.producer = "selfplay 0.1.0".into();
    let mut m = Model::new(h);
    m.push("w/0", vec![2, 3], vec![0.5f32, -1.0, 2.0, 0.0, -0.0, 1e-3])
        .unwrap();
    m.push("b/0", vec![2], vec![0.25f32, -0.25]).unwrap();
    let mut plain = vec![("v1-plain.selfplay", RawFile::valid().bytes(), m.clone())];

    let mut f = RawFile::valid();
    f.arrays.push(RawArray::deflated_u8("q", &[7; 1000]));
    let mut deflated = m.clone();
    deflated.push("q", vec![1000], vec![7u8; 1000]).unwrap();
    plain.push(("v1-deflate.selfplay", f.bytes(), deflated));

    // Byte-shuffled: 4 f32 = 1.0, 2.0, 3.0, 4.0 → bytes 0 of each, then 1, 2, 3.
    let values = [1.0f32, 2.0, 3.0, 4.0];
    let le: Vec<[u8; 4]> = values.iter().map(|v| v.to_le_bytes()).collect();
    let shuffled: Vec<u8> = (0..4).flat_map(|b| le.iter().map(move |e| e[b])).collect();
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(6));
    std::io::Write::write_all(&mut enc, &shuffled).unwrap();
    let mut f = RawFile::valid();
    f.arrays.push(RawArray {
        name: b"v".to_vec(),
        dtype: 9,
        compression: 2,
        dims: vec![2, 2],
        raw_len: 16,
        stored: enc.finish().unwrap(),
        stored_len: None,
    });
    let mut shuffled_model = m;
    shuffled_model
        .push("v", vec![2, 2], values.to_vec())
        .unwrap();
    plain.push((
        "v1-shuffle-deflate.selfplay",
        f.bytes(),
        shuffled_model.clone(),
    ));

    // Version 2: the seconds of training in the header.
    let mut h = good_header();
    h["train_seconds"] = json!(12.5);
    let mut f = RawFile::with_header(h);
    f.version = 2;
    let mut timed = plain[0].2.clone();
    timed.header.train_seconds = 12.5;
    plain.push(("v2-train-seconds.selfplay", f.bytes(), timed));
    plain
}

fn dir(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/models")
        .join(kind)
}

fn manifest(cases: &[(&str, &str, Vec<u8>)]) -> String {
    let mut text = String::from(
        "# Bad model files and the ModelError::code() each must produce.\n\
         # Generated by tests/model_bad_files.rs (SELFPLAY_WRITE_CORPUS=1 cargo test --test suite model_bad_files::).\n",
    );
    for (name, code, _) in cases {
        text.push_str(&format!("{name} {code}\n"));
    }
    text
}

fn writing() -> bool {
    std::env::var_os("SELFPLAY_WRITE_CORPUS").is_some()
}

/// The committed corpus is what the generator produces (or is rewritten).
#[test]
fn committed_corpus_matches_generator() {
    let bad = bad_corpus();
    let good = good_corpus();
    let files: Vec<(PathBuf, Vec<u8>)> = bad
        .iter()
        .map(|(name, _, bytes)| (dir("bad").join(name), bytes.clone()))
        .chain(std::iter::once((
            dir("bad").join("expected.txt"),
            manifest(&bad).into_bytes(),
        )))
        .chain(
            good.iter()
                .map(|(name, bytes, _)| (dir("good").join(name), bytes.clone())),
        )
        .collect();
    for (path, bytes) in files {
        if writing() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        } else {
            let committed = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (regenerate the corpus)", path.display()));
            assert!(
                committed == bytes,
                "{} differs from the generator",
                path.display()
            );
        }
    }
}

/// Every committed bad file fails with its expected error, and every file
/// in the directory is listed.
#[test]
fn bad_files_fail_with_their_expected_error() {
    let listing = std::fs::read_to_string(dir("bad").join("expected.txt")).unwrap();
    let mut listed = Vec::new();
    for line in listing
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, code) = line.split_once(' ').expect("'<file> <code>'");
        let bytes = std::fs::read(dir("bad").join(name)).unwrap();
        // Read as the page and the CLI read files: the registry checks the game.
        let err = selfplay::games::read_model(&bytes, &selfplay::model::Limits::default())
            .expect_err(name);
        assert_eq!(err.code(), code, "{name}: {err}");
        let message = err.to_string();
        assert!(
            message.ends_with('.') && message.len() > 20,
            "{name}: {message}"
        );
        listed.push(name.to_string());
    }
    assert!(listed.len() >= 40, "{} bad files", listed.len());
    for entry in std::fs::read_dir(dir("bad")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "expected.txt" || listed.contains(&name),
            "{name} is not listed in expected.txt"
        );
    }
}

/// The good files decode to the models the generator describes, and encode
/// gives back a file that decodes equal.
#[test]
fn good_files_decode() {
    for (name, _, model) in good_corpus() {
        let bytes = std::fs::read(dir("good").join(name)).unwrap();
        let decoded = decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(decoded, model, "{name}");
        assert_eq!(
            decode(&selfplay::model::encode(&decoded).unwrap()).unwrap(),
            model
        );
    }
}

/// Messages a visitor reads.
#[test]
fn messages_read_well() {
    let msg = |bytes: &[u8]| decode(bytes).unwrap_err().to_string();
    assert_eq!(
        msg(b"PK\x03\x04\x14\x00"),
        "This file is not a Selfplay model: it looks like a ZIP archive."
    );
    assert_eq!(
        msg(b"\x01\x02\x03\x04\x05\x06\x07\x08\x09"),
        "This file is not a Selfplay model: it begins '\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08…', \
         where a model begins 'SELFPLAY'."
    );
    assert_eq!(msg(b""), "This file is empty: it holds no model.");
    assert_eq!(
        msg(b"SELFPLAy and more"),
        "This file is not a Selfplay model: it looks like a text file \
         (it begins 'SELFPLAy…', where a model begins 'SELFPLAY')."
    );
    let mut f = RawFile::valid();
    f.version = 7;
    assert_eq!(
        msg(&f.bytes()),
        "This model was saved in format version 7 by a newer Selfplay; this version reads \
         format versions up to 2. Update Selfplay to open it."
    );
    let read = |bytes: &[u8]| {
        selfplay::games::read_model(bytes, &selfplay::model::Limits::default())
            .unwrap_err()
            .to_string()
    };
    let known = selfplay::games::game_names();
    assert!(known.starts_with(&["othello", "hare_hounds", "connect4"]));
    assert!(read(&RawFile::header_field("game", json!("chess")).bytes())
        .contains(&format!("'chess' (known games: {}).", known.join(", "))));
    assert!(msg(&RawFile::header_field("game", json!("Chess")).bytes())
        .contains("'game' field is invalid: a game's name has lower-case letters"));
    let valid = RawFile::valid().bytes();
    assert!(msg(&valid[..100]).starts_with("This model file is incomplete"));
}
