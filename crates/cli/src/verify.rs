//! `domino verify FILE`: check that every deal of a finished browser match
//! came from the seed the server committed to before the hand.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context};

/// Check a downloaded record (with its `fair` list) or replay; the line to
/// print when every deal checks, an error naming the first that does not.
pub fn verify(file: &Path) -> anyhow::Result<String> {
    let mut text = String::new();
    if file.as_os_str() == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading stdin")?;
    } else {
        text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    }
    match domino_server::fair::verify_file(&text) {
        Ok(c) => Ok(format!(
            "ok: {} {} verified: every key matches its commitment and deals its hand",
            c.hands,
            if c.hands == 1 { "hand" } else { "hands" }
        ) + &format!(" ({})", c.game)),
        Err(e) => bail!("NOT verified: {e}"),
    }
}
