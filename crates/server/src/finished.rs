//! Finished matches as every feature reads them (replays, records, the
//! coach's analysis, a player's own puzzles): the one way in, which keeps
//! a duplicate round's tables secret while the round is being played
//! (`tournament::secrecy`), so that no route can forget to.

use domino_engine::record::Record;
use domino_protocol::refusal::{Code, Refusal};
use domino_store::Finished;

/// The finished matches' service: the store's tables (their records) and
/// tournaments (a duplicate round's secrecy).
#[derive(Clone, Debug)]
pub struct FinishedMatches {
    table_rows: domino_store::Tables,
    tournaments: domino_store::Tournaments,
}

impl FinishedMatches {
    pub fn new(
        table_rows: domino_store::Tables,
        tournaments: domino_store::Tournaments,
    ) -> FinishedMatches {
        FinishedMatches {
            table_rows,
            tournaments,
        }
    }

    /// Refused (`round_not_over`) while `table` belongs to a duplicate
    /// round still being played.
    pub async fn may_show(&self, table: &str) -> Result<(), Refusal> {
        crate::tournament::secrecy::check(&self.tournaments, table).await
    }

    /// The finished match `id` and its record: `no_table` when there is
    /// none, `round_not_over` while its round is sealed.
    pub async fn get(&self, id: &str) -> Result<(Finished, Record), Refusal> {
        self.may_show(id).await?;
        let f = self
            .table_rows
            .finished(id)
            .await
            .map_err(|e| fault(Code::Store, e))?
            .ok_or_else(|| Refusal::new(Code::NoTable, "no finished match with that id"))?;
        let rec: Record = serde_json::from_str(&f.record).map_err(|e| fault(Code::Internal, e))?;
        Ok((f, rec))
    }

    /// The action log of match `id`, with each entry's time (fair play's
    /// move times; not shown to anyone).
    pub async fn log(&self, id: &str) -> Result<Vec<domino_store::LogRow>, sqlx::Error> {
        self.table_rows.log(id).await
    }

    /// Whether a finished match `id` is stored (for its page's 404).
    pub async fn exists(&self, id: &str) -> Result<bool, sqlx::Error> {
        self.table_rows.finished(id).await.map(|f| f.is_some())
    }
}

/// A fault of the server's own: logged, refused with `code`.
fn fault(code: Code, e: impl std::fmt::Display) -> Refusal {
    crate::fault::fault("reading a finished match", code, e)
}
