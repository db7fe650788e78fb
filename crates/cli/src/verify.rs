//! `domino verify FILE`: check that every deal of a finished browser match
//! came from the seed the server committed to before the hand, under the
//! redeal rule it published with the commitment (where the file has it).

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
    match domino_league::fair::verify_file(&text) {
        Ok(c) => {
            // Files from before the redeal rule was published have none;
            // where it was, each hand's was checked against the match.
            let rules = match c.redeals {
                0 => String::new(),
                n if n == c.hands => " under its published redeal rule".into(),
                n => format!(" ({n} of them under a published redeal rule)"),
            };
            Ok(format!(
                "ok: {} {} verified: every key matches its commitment and deals its hand{rules} ({})",
                c.hands,
                if c.hands == 1 { "hand" } else { "hands" },
                c.game
            ))
        }
        Err(e) => bail!("NOT verified: {e}"),
    }
}
