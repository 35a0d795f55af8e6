//! Property tests of the model decoder over random and mutated bytes: decode
//! never panics, and whatever it accepts re-encodes to a file that decodes to
//! the same model. Random valid models round-trip exactly.

use proptest::prelude::*;
use selfplay::model::{
    decode, encode, encode_with, format_utc, Algorithm, ArrayData, GameId, Header, Kind, Limits,
    Model, NamedArray,
};
use serde_json::{json, Map, Value};

fn f32_any() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(|b| {
            let x = f32::from_bits(b);
            if x.is_finite() {
                x
            } else {
                -0.0
            }
        }),
        Just(0.0f32),
        Just(1.0f32),
    ]
}

fn f64_any() -> impl Strategy<Value = f64> {
    any::<u64>().prop_map(|b| {
        let x = f64::from_bits(b);
        if x.is_finite() {
            x
        } else {
            0.5
        }
    })
}

/// A vector of `n` values of `T`; when `few`, from 3 distinct values only, so
/// that the deflate paths are taken too.
fn values<T: std::fmt::Debug + Clone + 'static>(
    n: usize,
    few: bool,
    any_value: impl Strategy<Value = T> + 'static,
    small: impl Fn(u8) -> T + 'static,
) -> BoxedStrategy<Vec<T>> {
    if few {
        proptest::collection::vec(0..3u8, n)
            .prop_map(move |v| v.into_iter().map(&small).collect())
            .boxed()
    } else {
        proptest::collection::vec(any_value, n).boxed()
    }
}

/// Elements of any of the ten types.
fn data(n: usize) -> impl Strategy<Value = ArrayData> {
    (0..10u8, any::<bool>()).prop_flat_map(move |(t, few)| match t {
        0 => values(n, few, any::<u8>(), |x| x)
            .prop_map(ArrayData::U8)
            .boxed(),
        1 => values(n, few, any::<i8>(), |x| x as i8 - 1)
            .prop_map(ArrayData::I8)
            .boxed(),
        2 => values(n, few, any::<u16>(), u16::from)
            .prop_map(ArrayData::U16)
            .boxed(),
        3 => values(n, few, any::<i16>(), |x| x as i16 * -300)
            .prop_map(ArrayData::I16)
            .boxed(),
        4 => values(n, few, any::<u32>(), u32::from)
            .prop_map(ArrayData::U32)
            .boxed(),
        5 => values(n, few, any::<i32>(), |x| x as i32 - 1)
            .prop_map(ArrayData::I32)
            .boxed(),
        6 => values(n, few, any::<u64>(), |x| u64::from(x) << 40)
            .prop_map(ArrayData::U64)
            .boxed(),
        7 => values(n, few, any::<i64>(), |x| -i64::from(x))
            .prop_map(ArrayData::I64)
            .boxed(),
        8 => values(n, few, f32_any(), |x| f32::from(x) * 0.25 - 0.25)
            .prop_map(ArrayData::F32)
            .boxed(),
        _ => values(n, few, f64_any(), |x| f64::from(x) / 3.0)
            .prop_map(ArrayData::F64)
            .boxed(),
    })
}

fn array(index: usize) -> impl Strategy<Value = NamedArray> {
    proptest::collection::vec(0usize..12, 0..4).prop_flat_map(move |shape| {
        let n = shape.iter().product::<usize>();
        let shape2 = shape.clone();
        data(n).prop_map(move |d| NamedArray::new(format!("a/{index}"), shape2.clone(), d).unwrap())
    })
}

fn json_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        f64_any().prop_map(|x| json!(x)),
        any::<i64>().prop_map(|x| json!(x)),
        any::<u64>().prop_map(|x| json!(x)),
        "[a-z é\"\\\\]{0,8}".prop_map(Value::String),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    json_leaf().prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z_]{1,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Game names in files (the format itself keeps no list of games: a name
/// no build knows reads as well).
const GAMES: [&str; 4] = ["othello", "connect4", "hare_hounds", "gomoku"];

fn header() -> impl Strategy<Value = Header> {
    (
        (
            0..4usize,
            0..4usize,
            any::<bool>(),
            "[ -~]{0,24}",
            "[a-z0-9_.-]{1,10}",
            "[a-z0-9 -]{0,12}",
        ),
        (
            proptest::collection::btree_map("[a-z_]{1,8}", json_value(), 0..5),
            any::<u64>(),
            any::<u64>(),
            json_value(),
            json_value(),
            0u64..4_000_000_000,
        ),
    )
        .prop_map(
            |(
                (g, a, ckpt, name, variant, encoding),
                (hyper, seed, games, evaluation, curve, t),
            )| {
                let mut h = Header::new(GameId::of(GAMES[g]), Algorithm::ALL[a], name);
                h.kind = if ckpt { Kind::Checkpoint } else { Kind::Model };
                h.variant = variant;
                h.encoding = encoding;
                h.hyper = hyper.into_iter().collect::<Map<String, Value>>();
                h.seed = seed;
                h.games_trained = games;
                h.evaluation = evaluation;
                h.curve = curve;
                h.created = format_utc(t);
                h
            },
        )
}

fn model() -> impl Strategy<Value = Model> {
    (header(), 0usize..5).prop_flat_map(|(h, n)| {
        let arrays: Vec<_> = (0..n).map(array).collect();
        arrays.prop_map(move |arrays| Model {
            header: h.clone(),
            arrays,
        })
    })
}

/// Decoding must not panic; an accepted file re-encodes to one that decodes equal.
fn check_accepted(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(m) = decode(bytes) {
        let again = encode(&m).map_err(|e| TestCaseError::fail(format!("re-encode: {e}")))?;
        prop_assert_eq!(decode(&again).unwrap(), m);
    }
    Ok(())
}

/// Makes declared length and checksum agree with the bytes, so that mutations
/// reach the header and array parsers.
fn reseal(bytes: &mut [u8]) {
    let n = bytes.len();
    if n >= 28 && bytes.starts_with(b"SELFPLAY") {
        bytes[12..20].copy_from_slice(&(n as u64).to_le_bytes());
        let crc = crc32fast::hash(&bytes[..n - 4]);
        bytes[n - 4..].copy_from_slice(&crc.to_le_bytes());
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Set(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (
            any::<usize>(),
            prop_oneof![Just(0u8), Just(0xff), Just(0x80), any::<u8>()]
        )
            .prop_map(|(i, b)| Mutation::Set(i, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..9))
            .prop_map(|(i, v)| Mutation::Insert(i, v)),
        (any::<usize>(), 1usize..9).prop_map(|(i, n)| Mutation::Remove(i, n)),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let n = bytes.len();
    if n == 0 {
        return;
    }
    match m {
        Mutation::Flip(i, b) => bytes[i % n] ^= b,
        Mutation::Set(i, b) => bytes[i % n] = *b,
        Mutation::Truncate(i) => bytes.truncate(i % n),
        Mutation::Insert(i, v) => {
            let at = i % (n + 1);
            bytes.splice(at..at, v.iter().copied());
        }
        Mutation::Remove(i, k) => {
            let at = i % n;
            bytes.drain(at..(at + k).min(n));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_models_round_trip(m in model(), level in 0u32..10) {
        let bytes = encode_with(&m, level, &Limits::default()).unwrap();
        let back = decode(&bytes).unwrap();
        prop_assert_eq!(&back, &m);
        prop_assert_eq!(encode_with(&back, level, &Limits::default()).unwrap(), bytes);
    }

    #[test]
    fn random_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..300),
                                magic in any::<bool>()) {
        if magic && bytes.len() >= 10 {
            bytes[..8].copy_from_slice(b"SELFPLAY");
            bytes[8] = 1;
            bytes[9] = 0;
            reseal(&mut bytes);
        }
        check_accepted(&bytes)?;
    }

    #[test]
    fn mutated_files_never_panic(m in model(),
                                 mutations in proptest::collection::vec(mutation(), 1..4),
                                 seal in any::<bool>()) {
        let mut bytes = encode(&m).unwrap();
        for mutation in &mutations {
            apply(&mut bytes, mutation);
        }
        if seal {
            reseal(&mut bytes);
        }
        check_accepted(&bytes)?;
    }
}

/// The mutation tests reach deep into the decoder: over a fixed set of
/// resealed mutations of one model, many different checks fire, and some
/// mutations (inside array values) still decode.
#[test]
fn resealed_mutations_reach_many_checks() {
    use rand::Rng as _;
    use selfplay::rng_from_seed;
    let mut h = Header::new(GameId::of("othello"), Algorithm::QNet, "probe");
    h.created = "2026-11-22T03:00:00Z".into();
    let mut m = Model::new(h);
    m.push(
        "w/0",
        vec![8, 8],
        (0..64).map(|i| i as f32 * 0.125).collect::<Vec<f32>>(),
    )
    .unwrap();
    m.push("q", vec![400], vec![1u16; 400]).unwrap();
    m.push("n", vec![3], vec![1i64, -2, 3]).unwrap();
    // One flipped exponent bit away from infinity or NaN.
    m.push("edge", vec![8], vec![f32::MAX; 8]).unwrap();
    let valid = encode(&m).unwrap();
    let mut rng = rng_from_seed(5);
    let mut codes = std::collections::BTreeMap::new();
    for _ in 0..20_000 {
        let mut bytes = valid.clone();
        let i = rng.random_range(0..bytes.len());
        bytes[i] ^= 1 << rng.random_range(0..8);
        reseal(&mut bytes);
        // Read as the page and the CLI read files: the registry checks the game.
        let code = match selfplay::games::read_model(&bytes, &Limits::default()) {
            Ok(back) => {
                assert_eq!(decode(&encode(&back).unwrap()).unwrap(), back);
                "ok"
            }
            Err(e) => e.code(),
        };
        *codes.entry(code).or_insert(0) += 1;
    }
    println!("{codes:?}");
    for code in [
        "ok",
        "newer_version",
        "unsupported_flags",
        "header_too_large",
        "bad_header",
        "unknown_game",
        "too_many_arrays",
        "bad_array_name",
        "unknown_dtype",
        "unknown_compression",
        "too_many_dimensions",
        "shape_mismatch",
        "corrupt_array",
        "non_finite",
        "malformed",
    ] {
        assert!(codes.contains_key(code), "{code} never reached: {codes:?}");
    }
}
