//! `domino puzzles generate --records FILE --store URL`: the recorded
//! matches puzzles are mined from, read from record files or from a
//! server's store (its public finished matches).

use std::path::{Path, PathBuf};

use anyhow::Context;
use domino_engine::record::Record;

use crate::solve::read_input;
use crate::Usage;

/// A recorded match and the name its puzzles' ids carry.
pub struct Named {
    pub name: String,
    pub record: Record,
}

/// The matches of `files` (each one record, as `/api/history/ID/record`
/// gives it, or one record per line) and of the store at `store` (at most
/// `matches` of its newest public finished matches).
pub fn read(files: &[PathBuf], store: Option<&str>, matches: i64) -> anyhow::Result<Vec<Named>> {
    let mut out = Vec::new();
    for f in files {
        out.extend(from_file(f)?);
    }
    if let Some(url) = store {
        out.extend(from_store(url, matches)?);
    }
    Ok(out)
}

fn from_file(path: &Path) -> anyhow::Result<Vec<Named>> {
    let text = read_input(path)?;
    let stem: String = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "stdin".to_string())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    // A whole file that is one record (pretty-printed, perhaps with the
    // server's `fair` field beside it), else one record per line.
    if let Ok(record) = serde_json::from_str::<Record>(&text) {
        return Ok(vec![Named { name: stem, record }]);
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let record = serde_json::from_str(l).map_err(|e| {
                Usage(format!(
                    "{} line {}: not a domino-record/1 match record: {e}",
                    path.display(),
                    i + 1
                ))
            })?;
            Ok(Named {
                name: format!("{stem}_{}", i + 1),
                record,
            })
        })
        .collect()
}

fn from_store(url: &str, matches: i64) -> anyhow::Result<Vec<Named>> {
    // Connecting creates a missing SQLite file: a typing mistake would
    // then mine an empty new store and say nothing.
    if let Some(path) = url.strip_prefix("sqlite://") {
        let path = path.split('?').next().unwrap_or(path);
        if !Path::new(path).exists() {
            return Err(Usage(format!("--store: no database at {path}")).into());
        }
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the store's runtime")?;
    rt.block_on(async {
        let store = domino_store::Store::connect(url)
            .await
            .with_context(|| format!("--store: cannot open {url}"))?;
        let rows = store
            .tables()
            .finished_list(matches)
            .await
            .context("--store: reading the finished matches")?;
        let mut out = Vec::with_capacity(rows.len());
        for f in rows {
            let record: Record = serde_json::from_str(&f.record)
                .with_context(|| format!("--store: match {}'s record", f.table.id))?;
            out.push(Named {
                name: f.table.id.clone(),
                record,
            });
        }
        Ok(out)
    })
}
