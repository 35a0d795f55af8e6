//! What a model library needs to know of a model file, whatever learned it:
//! whether this build can use it (the learner rebuilds from it, every shape
//! and setting checked), a one-line summary of its configuration, and its
//! latest win rates from its own learning curve. The page calls this on
//! every file it stores, so a file that decodes but cannot be played is
//! refused at import rather than at play.

use std::collections::BTreeMap;

use crate::game::Side;
use crate::games::hare_hounds::HareHounds;
use crate::learn::experiments::hare_hounds::{CurvePoint, RunConfig, RUN_KEY};
use crate::learn::q_table::QLearner;
use crate::learn::q_trainer::{TrainOpponent, Trainer};
use crate::model::{Algorithm, GameId, Model};

/// A usable model's entry in a library.
#[derive(Clone, PartialEq, Debug)]
pub struct Entry {
    /// E.g. `QL1 · 64 hidden · arctan · self-play`.
    pub summary: String,
    /// Win percentages at the curve's last evaluated point, by label
    /// (`vs msb as black`, `vs random hare`, …).
    pub win_rates: BTreeMap<String, f64>,
}

/// Rebuilds the learner a model belongs to and describes it; the error says
/// why the file cannot be used (a learner this build does not have, or a
/// model whose arrays or settings do not fit its learner).
pub fn entry(model: &Model) -> Result<Entry, String> {
    let h = &model.header;
    match (h.game, h.algorithm) {
        (GameId::Othello, Algorithm::QNet) => othello_qnet(model),
        (GameId::HareHounds, Algorithm::QTable) => hare_hounds_table(model),
        (game, algorithm) => Err(format!(
            "this version of Selfplay has no {} learner ({}) for {}",
            algorithm.name(),
            algorithm.title(),
            game.title()
        )),
    }
}

fn othello_qnet(model: &Model) -> Result<Entry, String> {
    let trainer = Trainer::from_model(model)?;
    let c = trainer.config();
    let opponent = match c.opponent {
        TrainOpponent::SelfPlay => "self-play".to_string(),
        TrainOpponent::Msb => "vs MSB".to_string(),
    };
    let summary = format!(
        "{} · {} hidden · {} · {opponent}",
        c.encoding.name().to_ascii_uppercase(),
        c.hidden,
        c.activation.name()
    );
    let mut win_rates = BTreeMap::new();
    if let Some(point) = trainer.curve().last() {
        for r in &point.results {
            for (side, rec) in [("black", &r.black), ("white", &r.white)] {
                if rec.games() > 0 {
                    let pct = 100.0 * f64::from(rec.wins) / f64::from(rec.games());
                    win_rates.insert(format!("vs {} as {side}", r.opponent), pct);
                }
            }
        }
    }
    Ok(Entry { summary, win_rates })
}

fn hare_hounds_table(model: &Model) -> Result<Entry, String> {
    let learner = QLearner::<HareHounds>::from_model(model)?;
    let p = learner.params();
    let side = match learner.side() {
        Side::First => "hounds",
        Side::Second => "hare",
    };
    let run: Option<RunConfig> = model
        .header
        .hyper
        .get(RUN_KEY)
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    let hare = run.as_ref().map(|r| hare_label(&r.hare));
    let mut summary = format!("{side} · α {} γ {} ε {}", p.alpha, p.gamma, p.epsilon);
    if let Some(hare) = &hare {
        summary.push_str(&format!(" · vs {hare} hare"));
    }
    let mut win_rates = BTreeMap::new();
    // Curves written by other producers may have another shape: no rates then.
    let curve: Vec<CurvePoint> =
        serde_json::from_value(model.header.curve.clone()).unwrap_or_default();
    if let Some(last) = curve.iter().rev().find(|p| p.win_percent.is_some()) {
        let label = match &hare {
            Some(hare) => format!("vs {hare} hare"),
            None => "win".to_string(),
        };
        win_rates.insert(label, last.win_percent.unwrap_or_default());
        if let Some(v) = last.vs_perfect_percent {
            win_rates.insert("vs perfect hare".to_string(), v);
        }
    }
    Ok(Entry { summary, win_rates })
}

fn hare_label(hare: &crate::learn::experiments::hare_hounds::HareConfig) -> &'static str {
    use crate::learn::experiments::hare_hounds::HareConfig;
    match hare {
        HareConfig::Random => "random",
        HareConfig::Simple => "simple",
        HareConfig::Perfect => "perfect",
        HareConfig::Learning(_) => "learning",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::experiments::hare_hounds::{preset, Run};
    use crate::learn::q_table::QParams;
    use crate::learn::q_trainer::TrainerConfig;
    use crate::model::{Header, Kind};

    #[test]
    fn othello_networks_are_described_from_their_curve() {
        let config = TrainerConfig {
            games: 40,
            eval_every: 20,
            eval_games: 4,
            hidden: 8,
            ..TrainerConfig::default()
        };
        let mut t = Trainer::new(config).unwrap();
        t.train(40);
        let e = entry(&t.to_model(Kind::Model).unwrap()).unwrap();
        assert_eq!(e.summary, "QL1 · 8 hidden · arctan · self-play");
        // random, MVB and MSB, each as black and as white.
        assert_eq!(e.win_rates.len(), 6, "{:?}", e.win_rates);
        assert!(e.win_rates.contains_key("vs msb as white"));
        assert!(e.win_rates.values().all(|v| (0.0..=100.0).contains(v)));
    }

    #[test]
    fn saved_hounds_are_described_from_their_curve() {
        let mut config = preset(3, 1).unwrap().remove(0);
        config.total_games = 20;
        config.eval_games = 10;
        let mut run = Run::new(config, None).unwrap();
        while !run.is_done() {
            run.step(1_000);
        }
        let e = entry(&run.hounds_model("h").unwrap()).unwrap();
        assert!(e.summary.starts_with("hounds · α "), "{}", e.summary);
        assert!(e.summary.ends_with("vs simple hare"), "{}", e.summary);
        assert!(
            e.win_rates.contains_key("vs simple hare"),
            "{:?}",
            e.win_rates
        );
    }

    #[test]
    fn a_bare_hare_table_has_no_rates() {
        let params = QParams {
            alpha: 0.1,
            gamma: 0.9,
            epsilon: 0.5,
        };
        let l = QLearner::<HareHounds>::new(Side::Second, params).unwrap();
        let e = entry(&l.to_model("hare", 1).unwrap()).unwrap();
        assert_eq!(e.summary, "hare · α 0.1 γ 0.9 ε 0.5");
        assert!(e.win_rates.is_empty());
    }

    #[test]
    fn models_this_build_cannot_use_are_refused() {
        let m = Model::new(Header::new(GameId::Othello, Algorithm::QTable, "x"));
        let err = entry(&m).unwrap_err();
        assert!(err.contains("has no q_table learner"), "{err}");
        let m = Model::new(Header::new(GameId::Othello, Algorithm::QNet, "x"));
        assert!(entry(&m).is_err());
    }
}
