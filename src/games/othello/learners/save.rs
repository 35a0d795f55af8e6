//! A training run saved and restored: as a model file (settings, curve,
//! weights; a checkpoint also holds the momenta and the generator) or as
//! its bytes.

use super::config::TrainerConfig;
use super::eval::EvalPoint;
use super::trainer::Trainer;
use crate::game::rng_from_seed;
use crate::games::othello::qnet::QNet;
use crate::learn::mlp::Mlp;
use crate::model::{Algorithm, GameId, Header, Kind, Model};

impl Trainer {
    /// The run as a model file's contents ([`crate::model`]): the header
    /// carries the settings (`hyper`), seed, games trained, the last
    /// snapshot (`evaluation`) and the curve; the arrays are the weights
    /// `w/0` (shape [inputs, hidden], input-major), `b/0`, `w/1` (shape [64,
    /// hidden], output-major), `b/1`. A [`Kind::Checkpoint`] also holds the
    /// momenta (`opt/momentum/w/0` …) and the generator (`rng`), so that
    /// [`Trainer::from_model`] resumes the run bit-exactly.
    pub fn to_model(&self, kind: Kind) -> Result<Model, String> {
        let mut header = Header::new(GameId::of("othello"), Algorithm::QNet, self.config.label());
        header.kind = kind;
        header.encoding = self.config.encoding.name().to_string();
        header.hyper = match serde_json::to_value(&self.config) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => return Err("the settings do not serialise to an object".into()),
        };
        header.seed = self.config.seed;
        header.games_trained = self.games_played;
        header.evaluation = match self.curve.last() {
            Some(p) => serde_json::to_value(p).map_err(|e| e.to_string())?,
            None => serde_json::json!({}),
        };
        header.curve = serde_json::to_value(&self.curve).map_err(|e| e.to_string())?;
        let mut model = Model::new(header);
        // In a game (a watched decision's model) rows may lag behind: a
        // synced copy saves them as they are.
        let synced;
        let mut mlp = self.net.mlp();
        if !mlp.is_synced() {
            synced = {
                let mut m = mlp.clone();
                m.sync();
                m
            };
            mlp = &synced;
        }
        let (n_in, nh) = (mlp.n_in(), mlp.n_hidden());
        let shapes = [vec![n_in, nh], vec![nh], vec![64, nh], vec![64]];
        let arrays = mlp.arrays();
        let err = |e: crate::model::ModelError| e.to_string();
        for (i, name) in ARRAY_NAMES.iter().enumerate() {
            model
                .push(*name, shapes[i].clone(), arrays[i].1.to_vec())
                .map_err(err)?;
        }
        if kind == Kind::Checkpoint {
            for (i, name) in ARRAY_NAMES.iter().enumerate() {
                model
                    .push(
                        format!("{MOMENTUM_PREFIX}{name}"),
                        shapes[i].clone(),
                        arrays[4 + i].1.to_vec(),
                    )
                    .map_err(err)?;
            }
            model.set_rng(&self.rng);
        }
        Ok(model)
    }

    /// Rebuilds a run from [`Trainer::to_model`]; every field is checked. A
    /// model of kind `model` (weights only) starts with zero momentum and a
    /// generator seeded from its seed and games trained: it plays exactly as
    /// saved, and training continues from its weights.
    pub fn from_model(model: &Model) -> Result<Trainer, String> {
        let h = &model.header;
        if h.game.name() != "othello" || h.algorithm != Algorithm::QNet {
            return Err(format!(
                "this model is a {} ({}) for {}, not an Othello Q-network",
                h.algorithm.name(),
                h.algorithm.title(),
                h.game
            ));
        }
        let config: TrainerConfig =
            serde_json::from_value(serde_json::Value::Object(h.hyper.clone()))
                .map_err(|e| format!("bad Q-network settings in the header: {e}"))?;
        config.validate()?;
        model.only_arrays(|name| {
            let weights = name.strip_prefix(MOMENTUM_PREFIX).unwrap_or(name);
            ARRAY_NAMES.contains(&weights) || name == "rng"
        })?;
        let curve: Vec<EvalPoint> = serde_json::from_value(h.curve.clone())
            .map_err(|e| format!("bad learning curve in the header: {e}"))?;
        let (n_in, nh) = (config.encoding.inputs(), config.hidden);
        let shapes = [vec![n_in, nh], vec![nh], vec![64, nh], vec![64]];
        let checkpoint = h.kind == Kind::Checkpoint;
        let mut values: Vec<(&str, Vec<f32>)> = Vec::new();
        for (i, name) in ARRAY_NAMES.iter().enumerate() {
            let w = model
                .values_shaped::<f32>(name, &shapes[i])
                .map_err(|e| e.to_string())?;
            values.push((MLP_NAMES[i], w.to_vec()));
            let m = if checkpoint {
                model
                    .values_shaped::<f32>(&format!("{MOMENTUM_PREFIX}{name}"), &shapes[i])
                    .map_err(|e| e.to_string())?
                    .to_vec()
            } else {
                vec![0.0; w.len()]
            };
            values.push((MLP_NAMES[4 + i], m));
        }
        let get = |name: &str| {
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| a.as_slice())
        };
        let mut mlp = Mlp::from_arrays(n_in, nh, 64, config.activation, get)?;
        mlp.learning_rate = config.learning_rate as f32;
        mlp.set_momentum(config.momentum as f32);
        let net = QNet::from_mlp(config.encoding, mlp)?;
        let rng = if checkpoint {
            model.rng().map_err(|e| e.to_string())?
        } else {
            rng_from_seed(config.seed ^ h.games_trained.rotate_left(32))
        };
        Ok(Trainer::assemble(config, net, rng, h.games_trained, curve))
    }

    /// The full state (a checkpoint in the model file format) as bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let model = self.to_model(Kind::Checkpoint)?;
        crate::model::encode(&model).map_err(|e| e.to_string())
    }

    /// Reads a model file (checkpoint or model) written by
    /// [`Trainer::to_bytes`] or [`Trainer::to_model`] + encode.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trainer, String> {
        let model = crate::model::decode(bytes).map_err(|e| e.to_string())?;
        Trainer::from_model(&model)
    }
}

/// Array names of the weights in model files, in [`Mlp::arrays`] order.
const ARRAY_NAMES: [&str; 4] = ["w/0", "b/0", "w/1", "b/1"];
/// The names [`Mlp::from_arrays`] uses for weights then momenta.
const MLP_NAMES: [&str; 8] = ["w1", "b1", "w2", "b2", "dw1", "db1", "dw2", "db2"];
/// Momentum arrays in checkpoints: `opt/momentum/w/0` …
const MOMENTUM_PREFIX: &str = "opt/momentum/";
