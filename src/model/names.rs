//! The names a model file uses for what it holds — the game, the learning
//! algorithm, model or checkpoint, the element type of an array — each with
//! its name or code in the file. They depend on nothing else of the format,
//! so the header, the arrays and the errors can all name them.

/// The game a model is for, by its name in files (`"othello"`): lower-case
/// ASCII letters, digits and `_`, 1 to 32 bytes. The format keeps no list of
/// games: the registry (`crate::plugin`) decides which names this build
/// plays, so a new game needs no edit here.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// The most bytes a game's name may have.
    pub const MAX_LEN: usize = 32;

    /// The game named `name`, if the name is well formed.
    pub fn new(name: &str) -> Result<GameId, String> {
        if name.is_empty() || name.len() > Self::MAX_LEN {
            return Err(format!(
                "a game's name has 1 to {} characters, not {}",
                Self::MAX_LEN,
                name.len()
            ));
        }
        if let Some(c) = name
            .chars()
            .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_'))
        {
            return Err(format!(
                "a game's name has lower-case letters, digits and '_' only, not {c:?}"
            ));
        }
        Ok(GameId(name.to_string()))
    }

    /// The game named by the code (a game's `Game::NAME`): a name that is not
    /// well formed is a bug, caught by the registry's tests.
    pub fn of(name: &str) -> GameId {
        GameId::new(name).unwrap_or_else(|e| panic!("bad game name {name:?}: {e}"))
    }

    /// The name in files (and in `Game::NAME`).
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The learning algorithms whose models can be stored: the registry of
/// algorithm names in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A neural network approximating Q (or V), trained by Q-learning / TD.
    QNet,
    /// A table of Q-values indexed by position (and move).
    QTable,
    /// A linear evaluation over features, trained by temporal differences.
    TdLinear,
    /// Evaluation weights tuned by a genetic algorithm.
    GaWeights,
    /// A table of values of the positions after a move, learned by
    /// temporal differences.
    ValueTable,
    /// An n-tuple network (look-up tables over groups of squares) valuing
    /// afterstates, learned by temporal differences.
    NTuple,
}

impl Algorithm {
    pub const ALL: [Algorithm; 6] = [
        Algorithm::QNet,
        Algorithm::QTable,
        Algorithm::TdLinear,
        Algorithm::GaWeights,
        Algorithm::ValueTable,
        Algorithm::NTuple,
    ];

    /// The name in files: `"qnet"`, `"q_table"`, `"td_linear"`, `"ga_weights"`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::QNet => "qnet",
            Algorithm::QTable => "q_table",
            Algorithm::TdLinear => "td_linear",
            Algorithm::GaWeights => "ga_weights",
            Algorithm::ValueTable => "value_table",
            Algorithm::NTuple => "ntuple",
        }
    }

    /// The name for people.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::QNet => "a Q-network",
            Algorithm::QTable => "a Q-table",
            Algorithm::TdLinear => "TD-learning of linear weights",
            Algorithm::GaWeights => "a genetic algorithm",
            Algorithm::ValueTable => "a table of position values",
            Algorithm::NTuple => "an n-tuple network",
        }
    }

    /// The algorithm with the given file name, if known.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// A finished model, or a checkpoint of a run in progress (which also holds
/// optimiser state and the RNG state, and can be resumed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Model,
    Checkpoint,
}

impl Kind {
    /// The name in files: `"model"` or `"checkpoint"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Model => "model",
            Kind::Checkpoint => "checkpoint",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "model" => Some(Kind::Model),
            "checkpoint" => Some(Kind::Checkpoint),
            _ => None,
        }
    }
}

/// The element type of an array, with its code in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    U64,
    I64,
    F32,
    F64,
}

impl DType {
    /// Every element type, in code order.
    pub const ALL: [DType; 10] = [
        DType::U8,
        DType::I8,
        DType::U16,
        DType::I16,
        DType::U32,
        DType::I32,
        DType::U64,
        DType::I64,
        DType::F32,
        DType::F64,
    ];

    /// The type's code in the file (1..=10; 0 is never used).
    pub fn code(self) -> u8 {
        match self {
            DType::U8 => 1,
            DType::I8 => 2,
            DType::U16 => 3,
            DType::I16 => 4,
            DType::U32 => 5,
            DType::I32 => 6,
            DType::U64 => 7,
            DType::I64 => 8,
            DType::F32 => 9,
            DType::F64 => 10,
        }
    }

    /// The type with the given code, if any.
    pub fn from_code(code: u8) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.code() == code)
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            DType::U8 | DType::I8 => 1,
            DType::U16 | DType::I16 => 2,
            DType::U32 | DType::I32 | DType::F32 => 4,
            DType::U64 | DType::I64 | DType::F64 => 8,
        }
    }

    /// The Rust-style name: `"f32"`, `"u64"`, ...
    pub fn name(self) -> &'static str {
        match self {
            DType::U8 => "u8",
            DType::I8 => "i8",
            DType::U16 => "u16",
            DType::I16 => "i16",
            DType::U32 => "u32",
            DType::I32 => "i32",
            DType::U64 => "u64",
            DType::I64 => "i64",
            DType::F32 => "f32",
            DType::F64 => "f64",
        }
    }
}
