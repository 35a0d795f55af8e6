//! The wasm-bindgen API: the only module that knows about JavaScript.

pub mod train;
