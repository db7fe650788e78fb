//! `domino admin`'s work, beside a running server on the same database:
//! the moderator role granted and taken (each change in the audit log),
//! the moderators listed, the audit log read.

use domino_store::fairplay::AuditRow;
use domino_store::Store;

use super::MODERATOR;

/// Why an admin command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("no profile has the id or name `{0}`")]
    NoProfile(String),
    #[error("`{0}` is a bot account: bot accounts are engines, and cannot moderate")]
    BotAccount(String),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// A profile named by its id or its name, as `(id, name)`.
pub async fn find_profile(store: &Store, who: &str) -> Result<(String, String), AdminError> {
    let p = match store.profiles().profile(who).await? {
        Some(p) => Some(p),
        None => store.profiles().profile_named(who).await?,
    };
    p.map(|p| (p.id, p.name))
        .ok_or_else(|| AdminError::NoProfile(who.to_string()))
}

/// Grant (`on`) or take the moderator role of `who`, with `why` in the
/// audit log: whether anything changed, and the profile's name.
pub async fn set_moderator(
    store: &Store,
    who: &str,
    on: bool,
    why: &str,
    now: i64,
) -> Result<(bool, String), AdminError> {
    let (id, name) = find_profile(store, who).await?;
    if on && store.bots().is_bot(&id).await? {
        return Err(AdminError::BotAccount(name));
    }
    let rows = store.fairplay();
    let changed = if on {
        rows.grant(&id, MODERATOR, now).await?
    } else {
        rows.revoke(&id, MODERATOR).await?
    };
    if changed {
        rows.audit(&AuditRow {
            at: now,
            actor: "admin".into(),
            action: if on {
                "grant_moderator"
            } else {
                "revoke_moderator"
            }
            .into(),
            target: id,
            why: why.to_string(),
        })
        .await?;
    }
    Ok((changed, name))
}

/// The moderators, as `(id, name)`, the longest-standing first.
pub async fn moderators(store: &Store) -> Result<Vec<(String, String)>, AdminError> {
    let mut out = Vec::new();
    for id in store.fairplay().with_role(MODERATOR).await? {
        let name = store
            .profiles()
            .profile(&id)
            .await?
            .map_or_else(String::new, |p| p.name);
        out.push((id, name));
    }
    Ok(out)
}
