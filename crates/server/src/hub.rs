//! The tables of this process: creating them, finding them by id, listing
//! the open ones, and restoring the unfinished ones from the store on start.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::store::Store;
use crate::table::{Handle, NewTable, Refusal, Table};
use crate::Config;

/// Every live table, by id.
#[derive(Clone, Debug)]
pub struct Hub {
    tables: Arc<Mutex<HashMap<String, Handle>>>,
    pub store: Store,
    pub config: Arc<Config>,
}

impl Hub {
    pub fn new(store: Store, config: Arc<Config>) -> Hub {
        Hub {
            tables: Arc::new(Mutex::new(HashMap::new())),
            store,
            config,
        }
    }

    /// Restart every unfinished table from the store; returns how many.
    pub async fn restore(&self) -> anyhow::Result<usize> {
        let saved = self.store.unfinished().await?;
        let mut n = 0;
        for s in saved {
            let id = s.table.id.clone();
            match Table::restore(s, self.store.clone(), self.config.clone()) {
                Ok(h) => {
                    self.insert(id, h);
                    n += 1;
                }
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(n)
    }

    fn insert(&self, id: String, h: Handle) {
        if let Ok(mut t) = self.tables.lock() {
            t.insert(id, h);
        }
    }

    pub async fn create(&self, new: NewTable) -> Result<(String, Handle), Refusal> {
        let h = Table::create(new, self.store.clone(), self.config.clone()).await?;
        let id = h.info.lock().map(|i| i.id.clone()).unwrap_or_default();
        self.insert(id.clone(), h.clone());
        Ok((id, h))
    }

    /// A live table; tables whose task has ended are forgotten.
    pub fn get(&self, id: &str) -> Option<Handle> {
        let mut t = self.tables.lock().ok()?;
        match t.get(id) {
            Some(h) if h.tx.is_closed() => {
                t.remove(id);
                None
            }
            Some(h) => Some(h.clone()),
            None => None,
        }
    }

    /// Public tables still being played, those with free seats first.
    pub fn list(&self) -> Vec<Value> {
        let Ok(mut t) = self.tables.lock() else {
            return Vec::new();
        };
        t.retain(|_, h| !h.tx.is_closed());
        let mut infos: Vec<_> = t
            .values()
            .filter_map(|h| h.info.lock().ok().map(|i| i.clone()))
            .filter(|i| !i.private && !i.finished)
            .collect();
        infos.sort_by(|a, b| b.open_seats().cmp(&a.open_seats()).then(a.id.cmp(&b.id)));
        infos.iter().take(200).map(|i| i.to_json()).collect()
    }

    pub fn len(&self) -> usize {
        self.tables.lock().map(|t| t.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
