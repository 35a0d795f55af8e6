//! A run saved as a model that continues exactly (table, settings, curve,
//! unfinished block, generator), and a model continued.

use super::config::{LearnerSide, RunConfig, BLOCK_KEY, RUN_KEY};
use super::run::{Block, CurvePoint, Run};
use crate::games::connect4::rules::Position;
pub use crate::games::connect4::table::{
    mirror_canonical, Rewards, SparseTable, ENCODING, MIRROR_KEY,
};
use crate::learn::q_table::QLearner;
use crate::model::Model;

impl Run {
    /// The learner as a model named `name` that [`Run::continue_from`]
    /// continues exactly (table, settings, curve, unfinished block,
    /// generator).
    pub fn model(&self, name: &str) -> Result<Model, String> {
        let mut model = self.learner.to_model(name, self.config.seed)?;
        let h = &mut model.header;
        h.hyper.insert(
            RUN_KEY.into(),
            serde_json::to_value(&self.config).map_err(|e| e.to_string())?,
        );
        h.hyper.insert(
            BLOCK_KEY.into(),
            serde_json::to_value(self.block).map_err(|e| e.to_string())?,
        );
        h.curve = serde_json::to_value(saved_curve(&self.curve)).map_err(|e| e.to_string())?;
        model.set_rng(&self.rng);
        Ok(model)
    }

    /// Continues a model of [`Run::model`] up to `total` games in all
    /// (`None`: its saved total).
    pub fn continue_from(model: &Model, total: Option<u64>) -> Result<Run, String> {
        let learner = QLearner::<Position>::from_model(model)?;
        let h = &model.header;
        let mut config: RunConfig = h
            .hyper
            .get(RUN_KEY)
            .ok_or_else(|| {
                "the model was saved without its run's settings; it plays but cannot continue"
                    .to_string()
            })
            .and_then(|v| {
                serde_json::from_value(v.clone())
                    .map_err(|e| format!("the model's run settings are unreadable: {e}"))
            })?;
        let block: Block = match h.hyper.get(BLOCK_KEY) {
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| format!("the model's unfinished block is unreadable: {e}"))?,
            None => Block::default(),
        };
        let curve: Vec<CurvePoint> = serde_json::from_value(h.curve.clone())
            .map_err(|e| format!("the model's curve is unreadable: {e}"))?;
        let games = h.games_trained;
        if curve.iter().any(|p| p.games > games) || u64::from(block.games) > games {
            return Err("the model's curve goes beyond its games".into());
        }
        config.learner = learner.params();
        if config.side != LearnerSide::Alternate && learner.side() != config.learner_side() {
            return Err("the model's table and its run settings name different sides".into());
        }
        if let Some(t) = total {
            if t <= games {
                return Err(format!(
                    "the model has {games} games already; continue to more than that"
                ));
            }
            config.total_games = t;
        } else if config.total_games < games {
            config.total_games = games;
        }
        let rng = model
            .rng()
            .map_err(|e| format!("the model has no generator state to continue from ({e})"))?;
        let mut run = Run::new(config)?;
        run.learner = learner;
        run.rng = rng;
        run.games = games;
        run.block = block;
        run.curve = curve;
        Ok(run)
    }
}

/// The most curve points a model keeps (the curve lives in the header).
pub const MAX_SAVED_POINTS: usize = 4_000;

fn saved_curve(curve: &[CurvePoint]) -> Vec<&CurvePoint> {
    if curve.len() <= MAX_SAVED_POINTS {
        return curve.iter().collect();
    }
    let stride = curve.len().div_ceil(MAX_SAVED_POINTS - 1);
    curve
        .iter()
        .enumerate()
        .filter(|(i, _)| i % stride == 0 || *i == curve.len() - 1)
        .map(|(_, p)| p)
        .collect()
}
