//! The `domino` Python package's native module (`domino._domino`).
//!
//! Games and states in OpenSpiel's shape ([`game`]), the project's bots
//! ([`bot`]), and a batched environment for reinforcement learning
//! ([`env`]). Action ids are described in [`codec`], tensors in
//! [`encode`]. The Python side (`python/domino`) adds the OpenSpiel
//! registration and the PettingZoo environments.

mod bot;
mod codec;
mod connect;
mod core;
mod encode;
mod env;
mod errors;
mod game;
mod puzzle;
mod replay;
mod sample;
mod tracker;

use pyo3::prelude::*;

/// The fourteen games (the twelve, then the trains family: Mexican Train
/// and chicken foot): name, allowed player counts, default player count
/// and a one-line summary (`domino rules` describes their options).
#[pyfunction]
fn presets() -> Vec<(&'static str, Vec<u8>, u8, &'static str)> {
    domino_engine::Preset::EVERY
        .iter()
        .map(|p| {
            let (min, max) = p.player_range();
            (
                p.name(),
                (min..=max).collect(),
                p.default_players(),
                p.summary(),
            )
        })
        .collect()
}

#[pymodule]
fn _domino(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::Game>()?;
    m.add_class::<game::State>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<env::VecEnv>()?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_function(wrap_pyfunction!(puzzle::load_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(game::load_record, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot_names, m)?)?;
    m.add_function(wrap_pyfunction!(connect::connect, m)?)?;
    m.add_function(wrap_pyfunction!(sample::sample_state, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add("CHANCE", core::CHANCE)?;
    m.add("TERMINAL", core::TERMINAL)?;
    m.add("DominoError", py.get_type::<errors::DominoError>())?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add(
        "NotYourTurnError",
        py.get_type::<errors::NotYourTurnError>(),
    )?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("DealError", py.get_type::<errors::DealError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("BotError", py.get_type::<errors::BotError>())?;
    m.add("ConnectError", py.get_type::<connect::ConnectError>())?;
    Ok(())
}
