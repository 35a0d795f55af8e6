//! Named, typed, shaped arrays: the payload of a model.
//!
//! An array is a flat `Vec` of one element type plus a shape (row-major; the
//! product of the dimensions is the number of elements; the empty shape `[]`
//! is a scalar with one element).

use super::error::ModelError;
pub use super::names::DType;

/// An element type that can live in an array: its [`DType`], its
/// little-endian byte form, and access to the matching [`ArrayData`] variant.
pub trait Element: Copy + 'static {
    const DTYPE: DType;
    /// Writes the little-endian bytes of `self` into `out` (`out.len() == size`).
    fn write_le(self, out: &mut [u8]);
    /// Reads an element from its little-endian bytes (`bytes.len() == size`).
    fn read_le(bytes: &[u8]) -> Self;
    /// The elements, if `data` holds this type.
    fn slice(data: &ArrayData) -> Option<&[Self]>;
    /// The elements, if `data` holds this type, taken out of it.
    fn take(data: ArrayData) -> Result<Vec<Self>, ArrayData>;
    /// Wraps a vector of this type.
    fn wrap(values: Vec<Self>) -> ArrayData;
    /// Whether the value is a finite number (always true for integers).
    fn is_finite(self) -> bool;
    /// The value as an `f64` (64-bit integers beyond 2^53 round).
    fn to_f64(self) -> f64;
}

/// The elements of an array, one variant per element type.
///
/// Equality is bitwise for floats, so `decode(encode(m)) == m` means the
/// weights are bit-identical (`-0.0 != 0.0` here).
#[derive(Clone, Debug)]
pub enum ArrayData {
    U8(Vec<u8>),
    I8(Vec<i8>),
    U16(Vec<u16>),
    I16(Vec<i16>),
    U32(Vec<u32>),
    I32(Vec<i32>),
    U64(Vec<u64>),
    I64(Vec<i64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
}

macro_rules! elements {
    ($($t:ty => $variant:ident, $finite:expr;)*) => {
        $(
            impl Element for $t {
                const DTYPE: DType = DType::$variant;
                #[inline]
                fn write_le(self, out: &mut [u8]) {
                    out.copy_from_slice(&self.to_le_bytes());
                }
                #[inline]
                fn read_le(bytes: &[u8]) -> Self {
                    let mut b = [0u8; std::mem::size_of::<$t>()];
                    b.copy_from_slice(bytes);
                    <$t>::from_le_bytes(b)
                }
                fn slice(data: &ArrayData) -> Option<&[Self]> {
                    match data {
                        ArrayData::$variant(v) => Some(v),
                        _ => None,
                    }
                }
                fn take(data: ArrayData) -> Result<Vec<Self>, ArrayData> {
                    match data {
                        ArrayData::$variant(v) => Ok(v),
                        other => Err(other),
                    }
                }
                fn wrap(values: Vec<Self>) -> ArrayData {
                    ArrayData::$variant(values)
                }
                #[inline]
                fn is_finite(self) -> bool {
                    let f: fn($t) -> bool = $finite;
                    f(self)
                }
                #[inline]
                fn to_f64(self) -> f64 {
                    self as f64
                }
            }

            impl From<Vec<$t>> for ArrayData {
                fn from(values: Vec<$t>) -> ArrayData {
                    ArrayData::$variant(values)
                }
            }
        )*

    };
}

elements! {
    u8 => U8, |_| true;
    i8 => I8, |_| true;
    u16 => U16, |_| true;
    i16 => I16, |_| true;
    u32 => U32, |_| true;
    i32 => I32, |_| true;
    u64 => U64, |_| true;
    i64 => I64, |_| true;
    f32 => F32, f32::is_finite;
    f64 => F64, f64::is_finite;
}

/// Applies `$body` to the vector inside any [`ArrayData`] variant, bound as
/// `$v` with its element type known.
macro_rules! with_data {
    ($data:expr, $v:ident => $body:expr) => {
        match $data {
            ArrayData::U8($v) => $body,
            ArrayData::I8($v) => $body,
            ArrayData::U16($v) => $body,
            ArrayData::I16($v) => $body,
            ArrayData::U32($v) => $body,
            ArrayData::I32($v) => $body,
            ArrayData::U64($v) => $body,
            ArrayData::I64($v) => $body,
            ArrayData::F32($v) => $body,
            ArrayData::F64($v) => $body,
        }
    };
}

pub(crate) use with_data;

impl ArrayData {
    /// The element type.
    pub fn dtype(&self) -> DType {
        match self {
            ArrayData::U8(_) => DType::U8,
            ArrayData::I8(_) => DType::I8,
            ArrayData::U16(_) => DType::U16,
            ArrayData::I16(_) => DType::I16,
            ArrayData::U32(_) => DType::U32,
            ArrayData::I32(_) => DType::I32,
            ArrayData::U64(_) => DType::U64,
            ArrayData::I64(_) => DType::I64,
            ArrayData::F32(_) => DType::F32,
            ArrayData::F64(_) => DType::F64,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        with_data!(self, v => v.len())
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The size of the elements in bytes.
    pub fn byte_len(&self) -> usize {
        self.len() * self.dtype().size()
    }

    /// The first NaN or infinite value, as (index, printable value).
    pub fn first_non_finite(&self) -> Option<(usize, String)> {
        fn find<T: Element + std::fmt::Debug>(v: &[T]) -> Option<(usize, String)> {
            v.iter()
                .position(|x| !x.is_finite())
                .map(|i| (i, format!("{:?}", v[i])))
        }
        with_data!(self, v => find(v))
    }
}

impl PartialEq for ArrayData {
    fn eq(&self, other: &ArrayData) -> bool {
        match (self, other) {
            (ArrayData::F32(a), ArrayData::F32(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
            }
            (ArrayData::F64(a), ArrayData::F64(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
            }
            (ArrayData::U8(a), ArrayData::U8(b)) => a == b,
            (ArrayData::I8(a), ArrayData::I8(b)) => a == b,
            (ArrayData::U16(a), ArrayData::U16(b)) => a == b,
            (ArrayData::I16(a), ArrayData::I16(b)) => a == b,
            (ArrayData::U32(a), ArrayData::U32(b)) => a == b,
            (ArrayData::I32(a), ArrayData::I32(b)) => a == b,
            (ArrayData::U64(a), ArrayData::U64(b)) => a == b,
            (ArrayData::I64(a), ArrayData::I64(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for ArrayData {}

/// The longest array name, in bytes.
pub const MAX_ARRAY_NAME: usize = 128;

/// Checks an array name: 1 to [`MAX_ARRAY_NAME`] bytes of `[A-Za-z0-9_.:/-]`.
///
/// By convention learners use `/` to group: `w/0`, `b/0` (weights and biases
/// of layer 0), `opt/m/w/0` (optimiser state), `q/keys`, `q/values`, `rng`.
pub fn check_array_name(name: &str) -> Result<(), ModelError> {
    let bad = |reason| {
        Err(ModelError::BadArrayName {
            name: name.to_string(),
            reason,
        })
    };
    if name.is_empty() {
        return bad("the name is empty");
    }
    if name.len() > MAX_ARRAY_NAME {
        return bad("the name is longer than 128 bytes");
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"_.:/-".contains(&b))
    {
        return bad("only letters, digits and _ . : / - are allowed");
    }
    Ok(())
}

/// The number of elements of a shape, `None` on overflow.
pub fn shape_elements(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// One array of a model: a name, a shape and the elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedArray {
    pub name: String,
    pub shape: Vec<usize>,
    pub data: ArrayData,
}

impl NamedArray {
    /// An array with the given shape; checks the name and that the shape
    /// matches the number of elements.
    pub fn new(
        name: impl Into<String>,
        shape: Vec<usize>,
        data: impl Into<ArrayData>,
    ) -> Result<NamedArray, ModelError> {
        let array = NamedArray {
            name: name.into(),
            shape,
            data: data.into(),
        };
        array.check()?;
        Ok(array)
    }

    /// A one-dimensional array of all the values.
    pub fn vector(
        name: impl Into<String>,
        data: impl Into<ArrayData>,
    ) -> Result<NamedArray, ModelError> {
        let data = data.into();
        let len = data.len();
        NamedArray::new(name, vec![len], data)
    }

    /// Checks the name, that the shape matches the data, and that floats are finite.
    pub fn check(&self) -> Result<(), ModelError> {
        check_array_name(&self.name)?;
        if shape_elements(&self.shape) != Some(self.data.len()) {
            return Err(ModelError::ShapeMismatch {
                array: self.name.clone(),
                shape: self.shape.iter().map(|&d| d as u64).collect(),
                elements: self.data.len() as u64,
            });
        }
        if let Some((index, value)) = self.data.first_non_finite() {
            return Err(ModelError::NonFinite {
                array: self.name.clone(),
                index: index as u64,
                value,
            });
        }
        Ok(())
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.data.dtype()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}
