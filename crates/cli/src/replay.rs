//! `domino replay FILE`: check a match record and print its final state.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use domino_engine::{record, Record, Viewer};

/// Read the record at `path` (`-` for stdin), replay it, and return the final
/// full state as pretty JSON. The error of an illegal action names its hand
/// and action index.
pub fn replay(path: &Path) -> anyhow::Result<String> {
    let text = if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading the record from stdin")?;
        s
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
    };
    let rec: Record = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a domino-record/1 record", path.display()))?;
    // The record error's message already holds its cause (the illegal
    // action's reason): as a chain it would print the reason three times.
    let m = record::replay(&rec).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(serde_json::to_string_pretty(&m.state_json(Viewer::All))?)
}
