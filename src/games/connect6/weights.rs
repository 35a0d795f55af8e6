//! A model's 492 pattern weights for people, beside the hand-set ones they
//! started from: a row per pattern of each side, a column per phase, and
//! the pattern's counts (plain, by distance from the centre, on the
//! diagonals) as the variants — the study's table of learned weights, in
//! full.

use super::features::{
    bonus_index, hand_weights, line_index, window_index, BIN_LIMITS, BONUSES, LINE_KINDS,
    LINE_SLOTS, PER_PHASE, PHASES, WINDOW_KINDS, WINDOW_SLOTS,
};
use super::learners::td::weights_of;
use crate::model::Model;
use crate::plugin::weights::shown;
use crate::plugin::{WeightRow, WeightTable};

/// The variants' names: a line pattern's six counts (a window pattern has
/// the first five, a bonus the first).
fn variants() -> Vec<String> {
    let mut v = vec!["plain count".to_string()];
    let mut from = 0;
    for (b, &to) in BIN_LIMITS.iter().enumerate() {
        v.push(if b == 0 {
            format!("within {to} points of the centre")
        } else {
            format!("{}–{to} points from the centre", from + 1)
        });
        from = to;
    }
    v.push("on a diagonal".into());
    v
}

/// The table of `weights` (a model's 492) beside the hand-set ones.
pub fn table_of(weights: &[f32]) -> WeightTable {
    let hand = hand_weights();
    let variants = variants();
    let slots = variants.len();
    // A row: its group, name, the index of its plain count within a phase,
    // and how many of the variants it has.
    let mut rows: Vec<(&str, String, usize, usize)> = Vec::new();
    for (side, group) in [
        (0, "The side to move's patterns"),
        (1, "The opponent's patterns"),
    ] {
        for (k, name) in LINE_KINDS.iter().enumerate() {
            if let Some(i) = line_index(side, k) {
                rows.push((group, (*name).to_string(), i, LINE_SLOTS));
            }
        }
        for (k, name) in WINDOW_KINDS.iter().enumerate() {
            rows.push((
                group,
                (*name).to_string(),
                window_index(side, k),
                WINDOW_SLOTS,
            ));
        }
        for (k, name) in BONUSES.iter().enumerate() {
            rows.push((
                group,
                format!("bonus: {name} useful patterns"),
                bonus_index(side, k),
                1,
            ));
        }
    }
    let values = |w: &[f32], i: usize, have: usize| -> Vec<Option<f64>> {
        (0..PHASES.len())
            .flat_map(|ph| (0..slots).map(move |s| (ph, s)))
            .map(|(ph, s)| (s < have).then(|| shown(w[ph * PER_PHASE + i + s])))
            .collect()
    };
    WeightTable {
        about: "The weights of the pattern evaluation: each pattern on the board adds its weight \
                to the score of the side to move, whose chance of winning is σ(score). A weight \
                above 0 is good for the side to move."
            .into(),
        reference: "hand-set".into(),
        columns: PHASES.iter().map(|p| (*p).to_string()).collect(),
        variants,
        rows: rows
            .into_iter()
            .map(|(group, name, i, have)| WeightRow {
                group: group.into(),
                name,
                reference: values(&hand, i, have),
                learned: values(weights, i, have),
            })
            .collect(),
    }
}

/// The table of a Connect6 model of learned weights.
pub fn model_table(model: &Model) -> Result<WeightTable, String> {
    Ok(table_of(&weights_of(model)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect6::features::FEATURES;

    #[test]
    fn every_weight_is_in_the_table_once() {
        // Distinct weights: each shows up in exactly one cell.
        let w: Vec<f32> = (0..FEATURES).map(|i| i as f32).collect();
        let t = table_of(&w);
        t.validate().unwrap();
        let mut seen: Vec<f64> = t
            .rows
            .iter()
            .flat_map(|r| r.learned.iter().flatten().copied())
            .collect();
        seen.sort_by(f64::total_cmp);
        assert_eq!(seen, (0..FEATURES).map(|i| i as f64).collect::<Vec<_>>());
        assert_eq!(t.rows.len(), 11 + 12 + 2 * (2 + 3));
        assert_eq!(t.columns, ["opening", "middle game", "endgame"]);
        assert_eq!(t.variants.len(), LINE_SLOTS);
        assert_eq!(t.variants[2], "3–4 points from the centre");
    }

    #[test]
    fn every_cell_holds_the_weight_of_the_feature_it_names() {
        use crate::games::connect6::features::feature_name;
        // Each weight its own index: a cell's value says which feature it is.
        let w: Vec<f32> = (0..FEATURES).map(|i| i as f32).collect();
        let t = table_of(&w);
        let v = t.variants.len();
        let mut checked = 0;
        for row in &t.rows {
            let who = if row.group.starts_with("The side to move") {
                "own"
            } else {
                "opponent"
            };
            for (c, phase) in t.columns.iter().enumerate() {
                for k in 0..v {
                    let Some(i) = row.learned[c * v + k] else {
                        continue;
                    };
                    let slot = match k {
                        0 => String::new(),
                        1..=4 => format!(", distance bin {}", k - 1),
                        _ => ", diagonal".into(),
                    };
                    let what = match row.name.strip_prefix("bonus: ") {
                        Some(b) => format!("{who} has {b}"),
                        None => format!("{who} {}{slot}", row.name),
                    };
                    assert_eq!(feature_name(i as usize), format!("{phase}: {what}"));
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, FEATURES);
    }

    #[test]
    fn the_hand_set_weights_stand_beside_themselves_with_the_plain_counts_alone_set() {
        let t = table_of(&hand_weights());
        let opp_threat = t
            .rows
            .iter()
            .find(|r| r.group.starts_with("The opponent") && r.name == "one threat")
            .unwrap();
        assert_eq!(opp_threat.reference, opp_threat.learned);
        // The endgame's plain count; its other counts start at 0.
        let v = t.variants.len();
        assert!(opp_threat.reference[2 * v].unwrap() < 0.0);
        assert_eq!(opp_threat.reference[2 * v + 1], Some(0.0));
        // Nothing moved.
        assert!(t.largest_changes(1).is_empty());
    }
}
