//! A learned evaluation's weights for people ([`super::Training::weight_table`]):
//! named rows in groups, each with a value per column (a phase of the game,
//! say) and variant (the same pattern counted in several ways), the learned
//! values beside a reference set (the weights the learner started from).
//! The page draws it as bars beside each other without knowing what the
//! rows are.

use serde::Serialize;

/// A model's weights beside a reference set.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct WeightTable {
    /// What the weights are and how they are used, in a sentence or two.
    pub about: String,
    /// The reference set's name in a few words ("hand-set").
    pub reference: String,
    /// The columns (for example the phases of the game).
    pub columns: Vec<String>,
    /// The ways a row is counted in each column; one when there is no
    /// choice. The first is shown first.
    pub variants: Vec<String>,
    pub rows: Vec<WeightRow>,
}

/// One feature's weights.
#[derive(Clone, Debug, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct WeightRow {
    /// The group it is listed under ("the side to move's patterns").
    pub group: String,
    pub name: String,
    /// The reference values, column by column and within a column variant
    /// by variant (`columns × variants` entries); `None` where the row has
    /// no such variant (`null` in JavaScript).
    #[tsify(type = "(number | null)[]")]
    pub reference: Vec<Option<f64>>,
    /// The model's values, laid out as `reference`.
    #[tsify(type = "(number | null)[]")]
    pub learned: Vec<Option<f64>>,
}

/// A weight kept as `f32`, as people read it: the shortest decimal that
/// is that `f32` (0.36, not 0.36000001430511475).
pub fn shown(w: f32) -> f64 {
    w.to_string().parse().unwrap_or(f64::from(w))
}

impl WeightTable {
    /// Checks the layout: every row has a value slot per column and
    /// variant, and the learned and reference values are given alike.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.columns.len() * self.variants.len();
        if n == 0 {
            return Err("a weight table needs at least one column and variant".into());
        }
        for r in &self.rows {
            if r.reference.len() != n || r.learned.len() != n {
                return Err(format!("the row {:?} does not have {n} values", r.name));
            }
            if r.reference
                .iter()
                .zip(&r.learned)
                .any(|(a, b)| a.is_some() != b.is_some())
            {
                return Err(format!(
                    "the row {:?} gives its learned and reference values in different places",
                    r.name
                ));
            }
        }
        Ok(())
    }

    /// The `n` values the model moved furthest from the reference, largest
    /// change first (ties in table order), unmoved ones left out: (row,
    /// column, variant).
    pub fn largest_changes(&self, n: usize) -> Vec<(usize, usize, usize)> {
        let v = self.variants.len();
        let mut all: Vec<(f64, usize, usize)> = self
            .rows
            .iter()
            .enumerate()
            .flat_map(|(ri, r)| {
                r.reference
                    .iter()
                    .zip(&r.learned)
                    .enumerate()
                    .filter_map(move |(i, (a, b))| Some(((b.as_ref()? - a.as_ref()?).abs(), ri, i)))
                    .filter(|c| c.0 > 0.0)
            })
            .collect();
        all.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
        all.into_iter()
            .take(n)
            .map(|(_, r, i)| (r, i / v, i % v))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> WeightTable {
        WeightTable {
            about: "a test".into(),
            reference: "start".into(),
            columns: vec!["early".into(), "late".into()],
            variants: vec!["count".into(), "edge".into()],
            rows: vec![
                WeightRow {
                    group: "mine".into(),
                    name: "a".into(),
                    reference: vec![Some(1.0), Some(0.0), Some(1.0), None],
                    learned: vec![Some(1.5), Some(0.1), Some(0.0), None],
                },
                WeightRow {
                    group: "theirs".into(),
                    name: "b".into(),
                    reference: vec![Some(0.0); 4],
                    learned: vec![Some(-0.5), Some(0.0), Some(0.2), Some(0.0)],
                },
            ],
        }
    }

    #[test]
    fn a_shown_weight_is_the_shortest_decimal_of_its_f32() {
        assert_eq!(shown(0.36), 0.36);
        assert_eq!(shown(-0.021), -0.021);
        // It reads back as the same f32.
        for w in [f32::MAX, f32::MIN_POSITIVE, 1.0 / 3.0, -7.25e-5] {
            assert_eq!(shown(w) as f32, w);
        }
    }

    #[test]
    fn the_largest_changes_come_first_with_their_column_and_variant() {
        let t = table();
        t.validate().unwrap();
        // |Δ|: a late count 1.0, a early count 0.5 and b early count 0.5 (table order), b late count 0.2,
        // a early edge 0.1; the unmoved are left out.
        assert_eq!(
            t.largest_changes(10),
            vec![(0, 1, 0), (0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1)]
        );
        assert_eq!(t.largest_changes(1), vec![(0, 1, 0)]);
    }

    #[test]
    fn a_row_of_the_wrong_length_or_with_gaps_in_different_places_is_refused() {
        let mut t = table();
        t.rows[1].learned.pop();
        assert!(t.validate().unwrap_err().contains("4 values"));
        let mut t = table();
        t.rows[0].learned[3] = Some(0.0);
        assert!(t.validate().unwrap_err().contains("different places"));
    }
}
