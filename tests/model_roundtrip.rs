//! Round trips of the model file format for every learner's kind of model:
//! decode(encode(m)) == m with bit-identical floats, and encoding is
//! deterministic.

use rand::Rng as _;
use selfplay::model::{
    decode, decode_with, decode_with_layout, encode, encode_with, Algorithm, ArrayData,
    Compression, GameId, Header, Kind, Limits, Model, ModelError,
};
use selfplay::rng_from_seed;
use serde_json::json;

fn header(game: GameId, algorithm: Algorithm, name: &str) -> Header {
    let mut h = Header::new(game, algorithm, name);
    h.created = "2026-11-22T03:00:00Z".to_string();
    h
}

/// Decodes, compares, re-encodes and compares bytes; returns the file.
fn round_trip(model: &Model) -> Vec<u8> {
    let bytes = encode(model).expect("valid model encodes");
    let back = decode(&bytes).expect("encoded model decodes");
    assert_eq!(&back, model);
    for (a, b) in back.arrays.iter().zip(&model.arrays) {
        assert_eq!(a.data, b.data, "{}", a.name);
    }
    assert_eq!(encode(&back).unwrap(), bytes, "encoding is deterministic");
    bytes
}

fn gaussian_f32(rng: &mut selfplay::Rng, n: usize, scale: f32) -> Vec<f32> {
    (0..n)
        .map(|_| {
            let u: f32 = rng.random_range(-1.0..1.0);
            let v: f32 = rng.random_range(-1.0..1.0);
            (u + v) * scale
        })
        .collect()
}

/// A Q-network like the Othello learner's: 64 inputs, 64 hidden, 1 output,
/// with Adam-like optimiser state.
fn qnet_model() -> Model {
    let mut rng = rng_from_seed(1);
    let mut h = header(GameId::of("othello"), Algorithm::QNet, "ql1-h64-arctan");
    h.encoding = "arctan".into();
    h.hyper = json!({"hidden": [64], "alpha": 0.001, "gamma": 1.0, "epsilon": 0.1,
                     "lambda": 0.7, "tiny": 1e-300, "third": 1.0 / 3.0})
    .as_object()
    .unwrap()
    .clone();
    h.seed = u64::MAX;
    h.games_trained = 2_100_000;
    h.evaluation = json!({"random": {"games": 1000, "wins": 912, "draws": 11, "losses": 77}});
    h.curve = json!([{"games": 10000, "win_rate": 0.61}, {"games": 20000, "win_rate": 0.7025}]);
    let mut m = Model::new(h);
    m.push("w/0", vec![64, 64], gaussian_f32(&mut rng, 64 * 64, 0.3))
        .unwrap();
    m.push("b/0", vec![64], gaussian_f32(&mut rng, 64, 0.1))
        .unwrap();
    m.push("w/1", vec![1, 64], gaussian_f32(&mut rng, 64, 0.3))
        .unwrap();
    m.push("b/1", vec![1], vec![0.0f32]).unwrap();
    m.push(
        "opt/m/w/0",
        vec![64, 64],
        gaussian_f32(&mut rng, 4096, 1e-4),
    )
    .unwrap();
    m.push("opt/v/w/0", vec![64, 64], vec![0.0f32; 4096])
        .unwrap();
    m.push("opt/t", vec![], vec![12345u64]).unwrap();
    m
}

/// Awkward floats must survive bit for bit.
#[test]
fn special_floats_are_bit_identical() {
    let mut m = Model::new(header(GameId::of("connect4"), Algorithm::TdLinear, "edge"));
    let f32s = vec![
        0.0,
        -0.0,
        f32::MIN_POSITIVE,
        f32::MIN_POSITIVE / 2.0, // subnormal
        f32::MAX,
        f32::MIN,
        f32::EPSILON,
        1.0 / 3.0,
    ];
    let f64s = vec![-0.0, 5e-324, f64::MAX, f64::MIN, 0.1, -2.5e-310];
    m.push("f32", vec![8], f32s).unwrap();
    m.push("f64", vec![2, 3], f64s).unwrap();
    let bytes = round_trip(&m);
    let back = decode(&bytes).unwrap();
    let v = back.values::<f32>("f32").unwrap();
    assert_eq!(v[1].to_bits(), (-0.0f32).to_bits());
    // -0.0 and 0.0 compare equal as numbers but not as models.
    let mut other = m.clone();
    if let ArrayData::F32(v) = &mut other.arrays[0].data {
        v[1] = 0.0;
    }
    assert_ne!(other, m);
}

#[test]
fn qnet_round_trip() {
    let m = qnet_model();
    let bytes = round_trip(&m);
    let back = decode(&bytes).unwrap();
    assert_eq!(back.header.seed, u64::MAX);
    assert_eq!(back.header.hyper["third"].as_f64().unwrap(), 1.0 / 3.0);
    assert_eq!(back.header.hyper["tiny"].as_f64().unwrap(), 1e-300);
    assert!(back.values_shaped::<f32>("w/0", &[64, 64]).is_ok());
    assert_eq!(
        back.values_shaped::<f32>("w/0", &[4096])
            .unwrap_err()
            .code(),
        "wrong_shape"
    );
    assert_eq!(
        back.values::<f64>("w/0").unwrap_err().code(),
        "wrong_array_type"
    );
    assert_eq!(
        back.values::<f32>("w/9").unwrap_err().code(),
        "missing_array"
    );
    assert!(back.expect("othello", Algorithm::QNet).is_ok());
    assert_eq!(
        back.expect("connect4", Algorithm::QNet).unwrap_err(),
        ModelError::WrongGame {
            expected: GameId::of("connect4"),
            found: GameId::of("othello")
        }
    );
    assert_eq!(
        m.suggested_file_name(),
        "othello-ql1-h64-arctan-2.1M.selfplay"
    );
}

/// A large, mostly empty dense Q-table (as for Hare and Hounds) plus a sparse
/// one (keys and values); both must compress well.
#[test]
fn large_q_tables_compress() {
    let mut rng = rng_from_seed(7);
    let n = 1 << 20;
    let mut dense = vec![0.0f32; n];
    for _ in 0..n / 50 {
        let i = rng.random_range(0..n);
        dense[i] = rng.random_range(-1.0..1.0);
    }
    let mut keys: Vec<u64> = (0..50_000).map(|_| rng.random()).collect();
    keys.sort_unstable();
    keys.dedup();
    let values: Vec<f32> = keys
        .iter()
        .map(|k| (k % 201) as f32 / 100.0 - 1.0)
        .collect();
    let visits: Vec<u32> = keys.iter().map(|k| (k % 17) as u32).collect();
    let mut h = header(GameId::of("hare_hounds"), Algorithm::QTable, "tabular");
    h.games_trained = 5_000_000;
    let mut m = Model::new(h);
    m.push("q/dense", vec![n / 8, 8], dense).unwrap();
    m.push("q/keys", vec![keys.len()], keys.clone()).unwrap();
    m.push("q/values", vec![keys.len()], values).unwrap();
    m.push("q/visits", vec![keys.len()], visits).unwrap();
    let bytes = round_trip(&m);
    eprintln!(
        "q-tables: {} bytes in memory, file {} bytes",
        m.payload_bytes(),
        bytes.len()
    );
    let (_, layout) = decode_with_layout(&bytes, &Limits::default()).unwrap();
    let dense = &layout[0];
    assert_eq!(dense.compression, Compression::ShuffleDeflate);
    assert!(
        dense.stored_bytes * 8 < dense.raw_bytes,
        "dense table: {} of {} bytes",
        dense.stored_bytes,
        dense.raw_bytes
    );
    assert!(
        bytes.len() < m.payload_bytes() / 3,
        "{} of {}",
        bytes.len(),
        m.payload_bytes()
    );
    // Level 0 stores everything plain and still round-trips.
    let plain = encode_with(&m, 0, &Limits::default()).unwrap();
    assert!(plain.len() > m.payload_bytes());
    assert_eq!(decode(&plain).unwrap(), m);
    // Taking a table out does not copy it.
    let mut back = decode(&bytes).unwrap();
    let (shape, taken) = back.take_values::<u64>("q/keys").unwrap();
    assert_eq!((shape, taken), (vec![keys.len()], keys));
    assert!(back.array("q/keys").is_none());
}

#[test]
fn td_linear_round_trip() {
    let mut h = header(
        GameId::of("connect4"),
        Algorithm::TdLinear,
        "td-lambda lines",
    );
    h.encoding = "lines-v1".into();
    h.variant = "7x6".into();
    let mut m = Model::new(h);
    let w: Vec<f64> = (0..69).map(|i| (i as f64).sin() * 0.01).collect();
    m.push("w", vec![69], w).unwrap();
    m.push("traces", vec![69], vec![0.0f64; 69]).unwrap();
    round_trip(&m);
    let parts = Model::from_parts(m.header.clone(), m.arrays.clone()).unwrap();
    assert_eq!(parts, m);
    let mut arrays = m.arrays.clone();
    arrays[1].shape = vec![70];
    assert_eq!(
        Model::from_parts(m.header.clone(), arrays)
            .unwrap_err()
            .code(),
        "shape_mismatch"
    );
}

#[test]
fn ga_weights_round_trip() {
    let mut rng = rng_from_seed(3);
    let mut h = header(GameId::of("gomoku"), Algorithm::GaWeights, "ga pop 32");
    h.hyper = json!({"population": 32, "mutation": 0.05})
        .as_object()
        .unwrap()
        .clone();
    let mut m = Model::new(h);
    let best: Vec<i32> = (0..12).map(|_| rng.random_range(-1000..1000)).collect();
    let population: Vec<i16> = (0..32 * 12)
        .map(|_| rng.random_range(-1000..1000))
        .collect();
    let fitness: Vec<f32> = gaussian_f32(&mut rng, 32, 1.0);
    m.push("weights", vec![12], best).unwrap();
    m.push("population", vec![32, 12], population).unwrap();
    m.push("fitness", vec![32], fitness).unwrap();
    m.push("flags", vec![3], vec![1u8, 0, 1]).unwrap();
    m.push("offsets", vec![2], vec![-5i8, 5]).unwrap();
    m.push("ids", vec![2], vec![7u16, 9]).unwrap();
    m.push("gen", vec![], vec![-1i64]).unwrap();
    m.push("empty", vec![0, 5], Vec::<f32>::new()).unwrap();
    round_trip(&m);
}

/// A checkpoint stopped mid-run continues with the same generator and the
/// same optimiser state.
#[test]
fn checkpoint_round_trip() {
    use rand::RngCore;
    let mut m = qnet_model();
    m.header.kind = Kind::Checkpoint;
    m.header.games_trained = 12_345;
    let mut rng = rng_from_seed(99);
    for _ in 0..1000 {
        rng.next_u64();
    }
    m.set_rng(&rng);
    let bytes = round_trip(&m);
    let back = decode(&bytes).unwrap();
    assert_eq!(back.header.kind, Kind::Checkpoint);
    let mut resumed = back.rng().unwrap();
    for _ in 0..1000 {
        assert_eq!(resumed.next_u64(), rng.next_u64());
    }
    assert_eq!(
        back.suggested_file_name(),
        "othello-ql1-h64-arctan-12k-checkpoint.selfplay"
    );
}

/// What would not decode does not encode either.
#[test]
fn invalid_models_do_not_encode() {
    let mut m = Model::new(header(GameId::of("othello"), Algorithm::QNet, "x"));
    assert_eq!(
        m.push("w", vec![2], vec![1.0f32, f32::NAN])
            .unwrap_err()
            .code(),
        "non_finite"
    );
    assert_eq!(
        m.push("w", vec![3], vec![1.0f32, 2.0]).unwrap_err().code(),
        "shape_mismatch"
    );
    assert_eq!(
        m.push("w 1", vec![1], vec![1.0f32]).unwrap_err().code(),
        "bad_array_name"
    );
    m.push("w", vec![1], vec![1.0f32]).unwrap();
    assert_eq!(
        m.push("w", vec![1], vec![1.0f32]).unwrap_err().code(),
        "duplicate_array"
    );
    // Fields set directly are checked by encode.
    let mut bad = m.clone();
    bad.arrays[0].data = ArrayData::F64(vec![f64::INFINITY]);
    assert_eq!(encode(&bad).unwrap_err().code(), "non_finite");
    let mut bad = m.clone();
    bad.header.created = "yesterday".into();
    assert_eq!(encode(&bad).unwrap_err().code(), "bad_field");
    let mut bad = m.clone();
    bad.header.name = "tab\there".into();
    assert_eq!(encode(&bad).unwrap_err().code(), "bad_field");
    let mut bad = m.clone();
    bad.arrays.push(bad.arrays[0].clone());
    assert_eq!(encode(&bad).unwrap_err().code(), "duplicate_array");
    let tight = Limits {
        max_decoded_bytes: 3,
        ..Limits::default()
    };
    assert_eq!(
        encode_with(&m, 6, &tight).unwrap_err().code(),
        "array_too_large"
    );
}

/// A real decompression bomb: a few kilobytes that inflate to megabytes are
/// refused by the decoded-size limit before anything is inflated.
#[test]
fn decompression_bomb_is_refused() {
    let mut m = Model::new(header(GameId::of("othello"), Algorithm::QTable, "bomb"));
    m.push("zeros", vec![8 << 20], vec![0u8; 8 << 20]).unwrap();
    let bytes = encode(&m).unwrap();
    assert!(bytes.len() < 64 << 10, "{}", bytes.len());
    let small = Limits {
        max_decoded_bytes: 1 << 20,
        ..Limits::default()
    };
    let err = decode_with(&bytes, &small).unwrap_err();
    assert_eq!(err.code(), "array_too_large", "{err}");
    assert_eq!(decode(&bytes).unwrap(), m);
}

/// Generous limits cannot make encode write fields wider than the format has.
#[test]
fn limits_cannot_exceed_the_format() {
    let mut m = Model::new(header(GameId::of("othello"), Algorithm::QNet, "x"));
    m.push("deep", vec![1; 256], vec![1.0f32]).unwrap();
    let generous = Limits {
        max_dims: 1000,
        ..Limits::default()
    };
    assert_eq!(
        encode_with(&m, 6, &generous).unwrap_err().code(),
        "too_many_dimensions"
    );
    m.arrays[0].shape = vec![1; 255];
    let bytes = encode_with(&m, 6, &generous).unwrap();
    assert_eq!(decode_with(&bytes, &generous).unwrap(), m);
    assert_eq!(decode(&bytes).unwrap_err().code(), "too_many_dimensions");
}
