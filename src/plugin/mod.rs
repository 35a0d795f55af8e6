//! A game as a plug-in.
//!
//! Each game folder (`src/games/<id>/`) has one [`GameEntry`]: an object that
//! says what the game offers — its title and sides, how its board is drawn,
//! its players by name, the kinds of training run it supports with their
//! settings and presets, how a model file becomes a player or a run again,
//! and its benchmarks. The registry in
//! `src/games/mod.rs` lists the entries; nothing else in the crate names a
//! game. The web API, the CLI and the property tests work through these
//! object-safe traits only:
//!
//! * [`DynSession`] — a game being played (moves, undo/redo by whole turn);
//!   [`session::TypedSession`] implements it for any [`Playable`] game.
//! * [`DynAgent`] — a player that thinks within a budget and can value every
//!   legal move; [`agent::TypedAgent`] wraps any [`crate::Player`].
//! * [`DynRun`] — any training run, stepped in bounded chunks, with its curve,
//!   checkpoint and model; the one generic [`Run`] implements it for every
//!   [`Learner`], so a learner writes only what is its own (its update
//!   step, its curve point, its model file), and a game lists its kinds of
//!   run as small [`RunKind`] objects.
//!
//! The typed side stays generic: a game implements [`crate::Game`] (rules)
//! and [`Playable`] (what the page shows of a position), and its entry turns
//! them into the objects above.

pub mod agent;
pub mod kind;
pub mod learner;
pub mod playable;
pub mod run;
pub mod session;
pub mod weights;

use serde::Serialize;
use serde_json::Value;

use crate::model::Model;

pub use agent::{AgentThought, DynAgent, MoveAnalysis, PositionAnalysis, TypedAgent};
pub use kind::{in_learners_module, LearnerKind, RunKind};
pub use learner::{Learner, Played, Restored, Run, RunView};
pub use playable::Playable;
#[cfg(not(target_arch = "wasm32"))]
pub use run::native_clock;
pub use run::{DynRun, Point, RunProgress, SeriesSpec, TimedRun, WatchedDecision, WatchedGame};
pub use session::{DynSession, LegalMove, MoveEntry, OutcomeView, SessionState, TypedSession};
pub use weights::{WeightRow, WeightTable};

/// How the page draws a game's board.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Geometry {
    /// A rectangular grid of cells, numbered row-major from the top-left.
    Grid { rows: u32, cols: u32 },
    /// Named points joined by lines; the game's own board module draws them.
    Graph { points: u32 },
}

/// One option of a choice field.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

impl Choice {
    #[inline(never)]
    pub fn new(value: &str, label: &str) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
        }
    }
}

/// The type of a settings field, with its range and default.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum FieldKind {
    /// A whole number.
    Int { min: f64, max: f64, default: f64 },
    /// A real number.
    Float {
        min: f64,
        max: f64,
        step: f64,
        default: f64,
    },
    /// One of a few values.
    Choice {
        options: Vec<Choice>,
        default: String,
    },
    /// Yes or no.
    Bool { default: bool },
}

/// A setting a visitor can change: of a run, of a player, of a continued run.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
// tsify writes a flattened enum as `interface … extends FieldKind`, which
// TypeScript refuses for a union: the same fields as an intersection.
#[tsify(type = "{ id: string; label: string; help: string } & FieldKind")]
pub struct FieldSpec {
    /// A dotted path into the settings object (`"hounds.alpha"`).
    pub id: String,
    /// A short label ("Hidden nodes").
    pub label: String,
    /// One line a student understands.
    pub help: String,
    #[serde(flatten)]
    pub kind: FieldKind,
}

// The constructors below are `#[inline(never)]`: each copies its strings
// once, rather than at every field and player of every game's description
// (about 800 bytes less in the page's module, which has a size budget).
impl FieldSpec {
    #[inline(never)]
    pub fn int(id: &str, label: &str, help: &str, min: u64, max: u64, default: u64) -> FieldSpec {
        FieldSpec {
            id: id.into(),
            label: label.into(),
            help: help.into(),
            kind: FieldKind::Int {
                min: min as f64,
                max: max as f64,
                default: default as f64,
            },
        }
    }

    #[inline(never)]
    pub fn float(
        id: &str,
        label: &str,
        help: &str,
        range: (f64, f64),
        step: f64,
        default: f64,
    ) -> FieldSpec {
        FieldSpec {
            id: id.into(),
            label: label.into(),
            help: help.into(),
            kind: FieldKind::Float {
                min: range.0,
                max: range.1,
                step,
                default,
            },
        }
    }

    #[inline(never)]
    pub fn choice(id: &str, label: &str, help: &str, options: Vec<Choice>) -> FieldSpec {
        let default = options.first().map(|c| c.value.clone()).unwrap_or_default();
        FieldSpec {
            id: id.into(),
            label: label.into(),
            help: help.into(),
            kind: FieldKind::Choice { options, default },
        }
    }

    #[inline(never)]
    pub fn boolean(id: &str, label: &str, help: &str, default: bool) -> FieldSpec {
        FieldSpec {
            id: id.into(),
            label: label.into(),
            help: help.into(),
            kind: FieldKind::Bool { default },
        }
    }
}

/// A player a visitor can choose.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct PlayerInfo {
    /// The name [`GameEntry::agent`] takes.
    pub id: String,
    /// The name people read ("MSB").
    pub label: String,
    /// What it does, in a few words.
    pub description: String,
    /// Whether it can play the first side and the second side.
    pub sides: [bool; 2],
    /// Whether it searches: its think requests take a budget and report
    /// progress, and may take a while.
    pub searches: bool,
    /// Settings of the player (strength, depth, ...).
    pub settings: Vec<FieldSpec>,
    /// Whether its settings can be kept as a model file
    /// ([`KeptSettings::save`]), to load again or share.
    pub saves_settings: bool,
    /// Set for an exact solver whose analysis, under an unbounded budget
    /// ([`Limits::unbounded`](crate::search::budget::Limits::unbounded)),
    /// gives every move's exact value however long it takes: the page
    /// offers it as "Solve exactly", in a worker of its own with progress
    /// and a Stop button.
    pub solve: Option<SolveInfo>,
    /// Its code is in the page's learners' module only (see
    /// [`RunKindInfo::needs_learners`]): a worker that plays it loads that
    /// module.
    pub needs_learners: bool,
}

/// How a game's player is made from its settings.
pub type MakeAgent = fn(settings: &Value) -> Result<Box<dyn DynAgent>, String>;

/// One player in a game's table of players by name
/// ([`GameEntry::players`]): what the page shows of it, and how it is made.
pub struct PlayerEntry {
    pub info: PlayerInfo,
    /// Offered in the player lists; `false` for a helper the play panel
    /// asks for by name (a view of the threats, a search for a forced win).
    pub listed: bool,
    pub make: MakeAgent,
}

impl PlayerEntry {
    /// A player the lists offer.
    pub fn new(info: PlayerInfo, make: MakeAgent) -> PlayerEntry {
        PlayerEntry {
            info,
            listed: true,
            make,
        }
    }

    /// A helper that plays by name but is not offered as a player.
    pub fn helper(id: &str, make: MakeAgent) -> PlayerEntry {
        PlayerEntry {
            info: PlayerInfo::simple(id, id, ""),
            listed: false,
            make,
        }
    }
}

/// What the page lists of a table of players.
pub fn listed(players: Vec<PlayerEntry>) -> Vec<PlayerInfo> {
    players
        .into_iter()
        .filter(|p| p.listed)
        .map(|p| p.info)
        .collect()
}

/// The player `name` of a game's table `players`, or a learned model
/// (`"model"`) as the kind among `kinds` whose file it is plays it (the
/// game's `title` names it when none is).
fn agent_of(
    players: Vec<PlayerEntry>,
    kinds: &[&dyn RunKind],
    title: &dyn Fn() -> String,
    (name, settings, model): (&str, &Value, Option<&Model>),
) -> Result<Box<dyn DynAgent>, String> {
    let name = name.trim();
    if name == "model" {
        let model = model.ok_or("the model player needs a model file")?;
        return match kinds.iter().find(|k| k.owns(model)) {
            Some(kind) => kind.player(model, settings),
            None => Err(no_learner(model, &title())),
        };
    }
    match players.iter().find(|p| p.info.id == name) {
        Some(p) => (p.make)(settings),
        None => {
            let names: Vec<&str> = players
                .iter()
                .filter(|p| p.listed)
                .map(|p| p.info.id.as_str())
                .collect();
            Err(format!(
                "unknown player {} (players: {}, or a model)",
                crate::words::quote(name),
                names.join(", ")
            ))
        }
    }
}

/// How a player solves positions exactly (see [`PlayerInfo::solve`]).
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
pub struct SolveInfo {
    /// What a solve gives and how long it takes, for students.
    pub about: String,
    /// Settings that matter to a solve (merged into the player's settings
    /// for the request).
    pub settings: Vec<FieldSpec>,
}

/// A player's settings that a model file holds: loading it fills the
/// player's settings form.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
pub struct PlayerSettings {
    /// The player ([`PlayerInfo::id`]).
    pub player: String,
    /// Its settings object, as [`GameEntry::agent`] takes it.
    #[tsify(type = "Record<string, unknown>")]
    pub settings: Value,
}

impl PlayerInfo {
    /// A player for both sides, without settings, that answers at once.
    #[inline(never)]
    pub fn simple(id: &str, label: &str, description: &str) -> PlayerInfo {
        PlayerInfo {
            id: id.into(),
            label: label.into(),
            description: description.into(),
            sides: [true, true],
            searches: false,
            settings: Vec::new(),
            saves_settings: false,
            solve: None,
            needs_learners: false,
        }
    }
}

/// A chart the runs of a kind draw their curves on.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct ChartSpec {
    pub id: String,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// A fixed range of the y axis, if the values have one.
    pub y_range: Option<[f64; 2]>,
}

impl ChartSpec {
    pub fn new(id: &str, title: &str, y_label: &str, y_range: Option<[f64; 2]>) -> ChartSpec {
        ChartSpec {
            id: id.into(),
            title: title.into(),
            x_label: "learning games".into(),
            y_label: y_label.into(),
            y_range,
        }
    }
}

/// A named set of runs: one of a study's configurations or experiments.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct PresetInfo {
    pub id: String,
    /// A name people read ("Self-play, 64 hidden units").
    pub name: String,
    /// One sentence on what it is and why.
    pub sentence: String,
    /// "study" for a study's own, "beyond" for additions, [`DEMO_GROUP`]
    /// for a study preset's short version.
    pub group: String,
    /// How many runs it starts.
    pub runs: u32,
}

/// A kind of training run a game supports.
#[derive(Clone, Debug, Default, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RunKindInfo {
    /// The name [`Training::new_run`] takes (`"qnet"`).
    pub id: String,
    /// A title ("Q-learning with a neural network").
    pub title: String,
    /// A short paragraph for students: what learns, from what.
    pub about: String,
    /// The settings of one run.
    pub fields: Vec<FieldSpec>,
    pub presets: Vec<PresetInfo>,
    pub charts: Vec<ChartSpec>,
    /// Options when a saved model continues training.
    pub continue_fields: Vec<FieldSpec>,
    /// The points (learning games played) at which the page suggests keeping
    /// a snapshot of the run's model, to play the snapshots against each
    /// other; empty when the kind's model does not play.
    pub snapshots: Vec<u64>,
    /// Its runs can show their training games one at a time
    /// ([`DynRun::step_watched`]).
    pub watchable: bool,
    /// Its learner is left out of the module the page loads first (for
    /// that module's size budget) and built into the page's second one,
    /// the learners' module (the `extra-learners` feature; the native CLI
    /// has it always): the page trains its runs, and plays its models, in
    /// workers that load that module. The page's first module still
    /// describes the kind, its presets and its models.
    pub needs_learners: bool,
    /// Its models show their weights ([`Training::weight_table`], the
    /// learners' module's `modelWeights`).
    pub shows_weights: bool,
}

/// What the engine says of a game.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The name in files and addresses (`"othello"`).
    pub id: String,
    /// The name people read (`"Hare and Hounds"`).
    pub title: String,
    /// One line for the list of games.
    pub blurb: String,
    /// The two sides, first mover first.
    pub sides: [String; 2],
    pub geometry: Geometry,
    pub players: Vec<PlayerInfo>,
    pub runs: Vec<RunKindInfo>,
    /// Settings of the player `model` (a learned model playing), if it has
    /// any: the page shows them under the player lists like any player's.
    pub model_settings: Vec<FieldSpec>,
    /// Whether the engine plays it; games to come are listed with `false`.
    pub built: bool,
    /// How many openings its rating ladder plays (each pair of players
    /// plays each once with each colour); 0 when it has no ladder
    /// ([`GameEntry::ladder`]).
    pub ladder_openings: u32,
    /// Its sides differ (the hounds and the hare): its ladder rates each
    /// side's players, every player on one side ([`crate::ladder`]).
    pub ladder_per_side: bool,
}

impl GameInfo {
    /// A game's identity from its rules `G` (id, title, sides), drawn as
    /// `geometry`, with `blurb` and what `entry` lists: its players and its
    /// kinds of run; no model settings, no ladder.
    pub fn new<G: Playable>(entry: &dyn GameEntry, blurb: &str, geometry: Geometry) -> GameInfo {
        GameInfo {
            id: G::NAME.into(),
            title: G::TITLE.into(),
            blurb: blurb.into(),
            sides: G::SIDE_NAMES.map(String::from),
            geometry,
            players: listed(entry.players()),
            runs: entry.runs().iter().map(|k| k.info()).collect(),
            model_settings: Vec::new(),
            built: true,
            ladder_openings: 0,
            ladder_per_side: false,
        }
    }

    /// [`GameInfo::new`] for a game drawn as its rules' rows × columns.
    pub fn grid<G: Playable>(entry: &dyn GameEntry, blurb: &str) -> GameInfo {
        let geometry = Geometry::Grid {
            rows: G::ROWS,
            cols: G::COLS,
        };
        GameInfo::new::<G>(entry, blurb, geometry)
    }
}

/// How a saved model continues training.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ResumeOptions {
    /// The run's new planned total; `None` keeps the saved total.
    pub total: Option<u64>,
    /// Settings of the continued run (the kind's `continue_fields`).
    pub settings: Value,
}

/// What a library shows of a model, and what it can do.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelUse {
    /// The learner's configuration in words.
    pub summary: String,
    /// Win percentages at the last point of its curve, by label.
    pub win_rates: std::collections::BTreeMap<String, f64>,
    /// Whether the model plays (as the player `model`).
    pub plays: bool,
    /// The side it plays, where it plays one only (0 or 1).
    pub side: Option<u8>,
    /// The kind of run that continues it, if any.
    pub continues_as: Option<String>,
    /// Whether its entry shows its weights ([`Training::weight_table`]).
    pub weights: bool,
}

/// One learner the page ships ready-made: a run of one of the game's kinds,
/// from a preset and a fixed seed, kept after each of `stages` games
/// (`crate::ready` trains and measures it).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadyRecipe {
    /// Short and unique within the game.
    pub id: &'static str,
    /// The learner in a few words.
    pub name: &'static str,
    /// The same in two or three words, for a list of players.
    pub short: &'static str,
    /// What it is, for students.
    pub about: &'static str,
    pub kind: &'static str,
    pub preset: &'static str,
    pub seed: u64,
    /// Which of the preset's runs (0-based).
    pub index: usize,
    /// Settings over the preset's (top-level keys, values as JSON).
    pub sets: &'static [(&'static str, &'static str)],
    /// The numbers of learning games after which the model is kept, rising.
    pub stages: &'static [u64],
    /// Which learner of the run is kept: `""` the run's model, else a part
    /// the set's [`ReadySet::parts`] takes out of it (a run where both
    /// sides learn keeps the second learner's table in its model).
    pub part: &'static str,
}

impl ReadyRecipe {
    /// What a recipe is unless it says otherwise: the preset's first run
    /// from seed 1, as the preset sets it, keeping the run's own model. A
    /// recipe names the rest (`ReadyRecipe { id: …, ..ReadyRecipe::BASE }`).
    pub const BASE: ReadyRecipe = ReadyRecipe {
        id: "",
        name: "",
        short: "",
        about: "",
        kind: "",
        preset: "",
        seed: 1,
        index: 0,
        sets: &[],
        stages: &[],
        part: "",
    };
}

/// A game's ready-made learners and the ladder that rates them.
#[derive(Clone, Debug, Default)]
pub struct ReadySet {
    pub recipes: Vec<ReadyRecipe>,
    /// The ladder's seed.
    pub seed: u64,
    /// Openings of the game's ladder on which its own players and
    /// ready-made models are rated together (each pair plays each in each
    /// order of sides it can play); 0 for no ratings.
    pub ladder_openings: u32,
    /// The game's own players its ladder rates beside the ready-made
    /// models: a player's id and its settings as JSON (`{"level":3}`, or
    /// `""` for none), so that a searching player is rated at a few of its
    /// levels. Empty: every player that answers at once, without settings.
    pub ladder_seats: Vec<(&'static str, &'static str)>,
    /// The model of the learner `part` (a [`ReadyRecipe::part`]) that a
    /// run's model holds besides its own; `None` for a game whose models
    /// hold no other.
    pub parts: Option<TakePart>,
}

/// How a run's model gives the model of another learner it holds.
pub type TakePart = fn(model: Model, part: &str) -> Result<Model, String>;

impl ReadySet {
    /// The set `set` gives, where ready-made agents are built (natively:
    /// `selfplay ready build`); none in the page's modules, which then hold
    /// none of its recipes.
    #[inline(always)]
    pub fn native(set: impl FnOnce() -> ReadySet) -> ReadySet {
        if cfg!(not(target_arch = "wasm32")) {
            set()
        } else {
            ReadySet::default()
        }
    }
}

/// Where the openings of a game's rating ladder come from
/// ([`GameEntry::ladder`]).
#[derive(Clone, Copy, Debug, Default)]
pub enum LadderOpenings {
    /// The game has no ladder.
    #[default]
    None,
    /// Distinct positions, each after `plies` moves of the game's `random`
    /// player, drawn from `seed`.
    Random { plies: u32, seed: u64 },
    /// A list the game keeps, as records in its notation.
    Listed(fn() -> Vec<String>),
}

impl LadderOpenings {
    /// The list `list` gives, where the ladder is (the CLI and the page's
    /// learners' module); none in the page's first module, which then
    /// holds none of it.
    #[inline(always)]
    pub fn listed(list: fn() -> Vec<String>) -> LadderOpenings {
        if cfg!(any(not(target_arch = "wasm32"), feature = "extra-learners")) {
            LadderOpenings::Listed(list)
        } else {
            LadderOpenings::None
        }
    }
}

/// A measurement of speed a game offers to `selfplay bench` and
/// `scripts/bench.sh` (feature `benchmarks`).
pub struct Bench {
    /// A stable key, the same natively and in wasm (`othello_perft_9`).
    pub name: &'static str,
    /// Runs for at least `seconds` with `seed`.
    pub run: fn(seed: u64, seconds: f64) -> crate::rate::Rate,
}

/// Players' settings kept as model files, to load again or share.
pub trait KeptSettings: Sync {
    /// A model file that keeps the settings of the player `player` (one
    /// whose [`PlayerInfo::saves_settings`] is true) under `name`.
    fn save(&self, player: &str, settings: &Value, name: &str) -> Result<Model, String>;

    /// The player settings `model` holds, if it holds some.
    fn read(&self, model: &Model) -> Option<PlayerSettings>;
}

/// A model file of `entry`'s game that keeps the settings of its player
/// `player` under `name` ([`KeptSettings::save`]).
pub fn settings_model(
    entry: &dyn GameEntry,
    player: &str,
    settings: &Value,
    name: &str,
) -> Result<Model, String> {
    match entry.kept_settings() {
        Some(kept) => kept.save(player, settings, name),
        None => Err(format!(
            "the settings of the {} player '{player}' cannot be kept as a model",
            entry.info().title
        )),
    }
}

/// A game's speed measurements.
#[derive(Default)]
pub struct Benches {
    /// The default suite's (`selfplay bench`: about a second each).
    pub suite: Vec<Bench>,
    /// The long ones (minutes: a whole benchmark set), run only when asked
    /// for (`selfplay bench --long`).
    pub long: Vec<Bench>,
}

impl Benches {
    /// The measurements `benches` gives, in a build with the feature
    /// `benchmarks`; none in one without (the page's modules, which then
    /// hold none of their code).
    #[inline(always)]
    pub fn built(benches: impl FnOnce() -> Benches) -> Benches {
        if cfg!(feature = "benchmarks") {
            benches()
        } else {
            Benches::default()
        }
    }
}

impl From<Vec<Bench>> for Benches {
    /// A suite without long measurements.
    fn from(suite: Vec<Bench>) -> Benches {
        Benches {
            suite,
            long: Vec::new(),
        }
    }
}

/// The [`GameEntry`] methods that follow from a game's rules `$game` (its
/// id, and a session at its start position) and its list of run kinds
/// `$kinds`, written inside the entry's `impl GameEntry`.
macro_rules! entry_of_rules {
    ($game:ty, $kinds:expr) => {
        fn id(&self) -> &'static str {
            <$game as $crate::game::Game>::NAME
        }

        fn new_session(&self) -> Box<dyn $crate::plugin::DynSession> {
            Box::new($crate::plugin::TypedSession::<$game>::default())
        }

        fn runs(&self) -> &'static [&'static dyn $crate::plugin::RunKind] {
            $kinds
        }
    };
}
pub(crate) use entry_of_rules;

/// A game's plug-in: everything the engine, the page and the CLI know of it.
/// Every game has an id, a description, sessions and a table of players
/// (and says how many random games its checks play); the rest are
/// capabilities a game may have, each with a default of none: kinds of
/// run ([`GameEntry::runs`], used through [`Training`]), players' settings
/// kept as models, a rating ladder's openings, speed measurements and
/// ready-made agents. A game's commands of its own (`selfplay <id> …`) are
/// the native CLI's: its folder's `cli.rs`, listed in the registry
/// ([`crate::games`]).
pub trait GameEntry: Sync {
    /// The game's name in files and addresses.
    fn id(&self) -> &'static str;

    /// What the page lists and draws.
    fn info(&self) -> GameInfo;

    /// A new game at the start position.
    fn new_session(&self) -> Box<dyn DynSession>;

    /// The game's players by name, the one table the page's player lists
    /// ([`GameInfo::players`]) and [`GameEntry::agent`] read.
    fn players(&self) -> Vec<PlayerEntry>;

    /// The player `name` (one of [`GameEntry::players`], or `"model"` with
    /// a model file of this game) with its settings.
    fn agent(
        &self,
        name: &str,
        settings: &Value,
        model: Option<&Model>,
    ) -> Result<Box<dyn DynAgent>, String> {
        let title = || self.info().title;
        agent_of(self.players(), self.runs(), &title, (name, settings, model))
    }

    /// The kinds of training run the game has (none by default).
    fn runs(&self) -> &'static [&'static dyn RunKind] {
        &[]
    }

    /// How the game's players whose settings can be kept
    /// ([`PlayerInfo::saves_settings`]) keep them as model files; `None`
    /// for a game without such players.
    fn kept_settings(&self) -> Option<&'static dyn KeptSettings> {
        None
    }

    /// Where the openings of the game's rating ladder come from
    /// ([`LadderOpenings`]; [`crate::ladder`] makes them, as many as
    /// [`GameInfo::ladder_openings`] says); none (no ladder) by default.
    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::None
    }

    /// How many seeded random games the checks every game passes play
    /// through, every position of each against the session's invariants
    /// (`tests/every_game.rs`). The default suits games of tens of moves; a
    /// game whose random games run to hundreds of moves asks for fewer.
    fn checked_games(&self) -> u64 {
        40
    }

    /// The game's speed measurements (`selfplay bench`, the default
    /// suite: about a second each), given through [`Benches::built`]: a
    /// build without the feature `benchmarks` (the page's modules) has none.
    fn benches(&self) -> Benches {
        Benches::default()
    }

    /// The learners the page ships ready-made (`selfplay ready build`;
    /// see [`ReadySet::native`]); none by default.
    fn ready_models(&self) -> ReadySet {
        ReadySet::default()
    }
}

/// What a game does with its kinds of run ([`GameEntry::runs`]): the same
/// for every game, found by the kind's id or by the kind whose file a
/// model is.
pub trait Training: GameEntry {
    /// The run configurations of a preset, with `seed` as the base seed.
    fn preset_runs(&self, kind: &str, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        let title = self.info().title;
        kind::kind(self.runs(), &title, kind)
            .map_err(|_| unknown_preset(&title, kind, preset))?
            .preset_runs(preset, seed)
    }

    /// A new run of `kind` from a configuration object.
    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        kind::kind(self.runs(), &self.info().title, kind)?.new_run(config)
    }

    /// A run that goes on from a checkpoint or a saved model of this game.
    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        kind::kind_of(self.runs(), &self.info().title, model)?.resume(model, options)
    }

    /// Whether this version can use a model file of this game, and what it
    /// is. A game without learners uses none.
    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        kind::kind_of(self.runs(), &self.info().title, model)?.describe(model)
    }

    /// The weights `model` learned, beside those it started from, for
    /// people; `None` for a model whose weights the entry does not show
    /// (those it does say so in [`ModelUse::weights`]).
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn weight_table(&self, model: &Model) -> Result<Option<WeightTable>, String> {
        match kind::kind_of(self.runs(), "", model) {
            Ok(k) => k.weights(model),
            Err(_) => Ok(None),
        }
    }
}

impl<E: GameEntry + ?Sized> Training for E {}

/// The group of a demo preset: a study preset's short version, which shows
/// the shape of its curve in a few minutes at most on one worker.
pub const DEMO_GROUP: &str = "demo";

/// What a demo preset's id adds to its preset's.
const DEMO_SUFFIX: &str = "-demo";

/// The demo version of `full`: its id with `-demo`, in [`DEMO_GROUP`], and
/// `sees` (what a class will see) as its sentence.
pub fn demo_preset(full: &PresetInfo, sees: &str) -> PresetInfo {
    PresetInfo {
        id: format!("{}{DEMO_SUFFIX}", full.id),
        name: format!("{} — short demo", full.name),
        sentence: sees.into(),
        group: DEMO_GROUP.into(),
        runs: full.runs,
    }
}

/// The preset a demo preset's id shortens (`Some("x")` for `"x-demo"`).
pub fn demo_of(id: &str) -> Option<&str> {
    id.strip_suffix(DEMO_SUFFIX)
}

/// The message for a preset a game (titled `title`) does not have.
pub fn unknown_preset(title: &str, kind: &str, preset: &str) -> String {
    format!("{title} has no preset '{preset}' for '{kind}' runs")
}

/// The message for a model whose learner a game (titled `title`) does not
/// have.
pub fn no_learner(model: &Model, title: &str) -> String {
    format!(
        "this version of Selfplay has no {} learner ({}) for {title}",
        model.header.algorithm.name(),
        model.header.algorithm.title(),
    )
}
