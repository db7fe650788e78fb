//! Which seats bot accounts hold (docs/botapi.md): read from the store
//! when a profile takes a seat and when a table starts (a table opened by
//! the pool or a challenge, or restored, knows only its seats' profiles),
//! so that each `state` marks them without asking again.

use super::Table;

impl Table {
    /// Read whether seat `s`'s profile is a bot account. A store that does
    /// not answer leaves the seat unmarked: the mark is only shown.
    pub(super) async fn mark_bot_account(&mut self, s: usize) {
        let Some(id) = self.seats.get(s).and_then(|st| st.profile.clone()) else {
            return;
        };
        let bot = self.store.bots().is_bot(&id).await.unwrap_or_else(|e| {
            tracing::warn!("table {}: is {id} a bot account: {e}", self.id);
            false
        });
        if let Some(st) = self.seats.get_mut(s) {
            st.bot_account = bot;
        }
        if let Ok(mut info) = self.info.lock() {
            if let Some(b) = info.bot_accounts.get_mut(s) {
                *b = bot;
            }
        }
    }
}
