//! A model's weights for people ([`crate::plugin::WeightTable`]), for the
//! page's "Weights" view. In the learners' module only, as the learners
//! whose weights it shows.

use tsify::Ts;
use wasm_bindgen::prelude::*;

use super::boundary::to_ts;
use super::{entry, js_error, read_model};
use crate::plugin::Training as _;
use crate::plugin::WeightTable;

/// The weights a model file learned, beside those it started from;
/// `undefined` for a model whose game does not show its weights. A file that is not a
/// valid model gives an error saying what is wrong with it.
#[wasm_bindgen(js_name = modelWeights)]
pub fn model_weights(bytes: &[u8]) -> Result<Option<Ts<WeightTable>>, JsError> {
    let model = read_model(bytes).map_err(js_error)?;
    let Some(table) = entry(model.header.game.name())?
        .weight_table(&model)
        .map_err(js_error)?
    else {
        return Ok(None);
    };
    table.validate().map_err(js_error)?;
    to_ts(&table).map(Some)
}
