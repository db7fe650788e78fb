//! Becoming a bot account, its API tokens, and the bots to play.

use domino_protocol::bots::BotTable;
use domino_protocol::profile::ProfileCard;
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::tokens::{Listed, Made, Playable};
use domino_store::bots::TokenRow;
use domino_store::profiles::Profile;

use super::{failed, BotAccounts, MAX_TOKENS, NAME_CHARS};
use crate::clock::now_ms;

impl BotAccounts {
    /// Profile `p` made a bot account, answered with its card. A person's
    /// rating must not become a bot's (the boards keep them apart), so a
    /// profile with rated games as a person is refused.
    pub async fn become_bot(&self, p: &Profile) -> Result<ProfileCard, Refusal> {
        let read = failed("making a bot account");
        let bot = self.bots.is_bot(&p.id).await.map_err(&read)?;
        if !bot && self.bots.has_rated_games(&p.id).await.map_err(&read)? {
            return Err(Refusal::new(
                Code::HasRatedGames,
                "this profile has played rated matches as a person: make a new profile for the bot",
            ));
        }
        self.bots.make_bot(&p.id).await.map_err(&read)?;
        Ok(ProfileCard {
            bot: true,
            created_at: p.created_at,
            id: p.id.clone(),
            name: p.name.clone(),
        })
    }

    /// `p` as a bot account, or `not_a_bot`: only bot accounts have tokens.
    pub async fn bot_account(&self, p: Profile) -> Result<Profile, Refusal> {
        let bot = self
            .bots
            .is_bot(&p.id)
            .await
            .map_err(failed("reading a bot account"))?;
        if !bot {
            return Err(Refusal::new(
                Code::NotABot,
                "only bot accounts have API tokens: make this profile a bot account first",
            ));
        }
        Ok(p)
    }

    /// A new token named `name` for bot account `p`: its secret is
    /// answered once (only its hash is stored).
    pub async fn new_token(&self, p: Profile, name: &str) -> Result<Made, Refusal> {
        let p = self.bot_account(p).await?;
        let name = name.trim();
        if name.is_empty()
            || name.chars().count() > NAME_CHARS
            || name.chars().any(char::is_control)
        {
            return Err(Refusal::new(
                Code::BadName,
                format!("a token's name is 1 to {NAME_CHARS} characters"),
            ));
        }
        let write = failed("making a bot token");
        if self.bots.bot_tokens(&p.id).await.map_err(&write)?.len() >= MAX_TOKENS {
            return Err(Refusal::new(
                Code::TooManyTokens,
                format!("a bot account holds at most {MAX_TOKENS} tokens: revoke one first"),
            ));
        }
        let token = crate::bearer::new_token().map_err(failed("making a bot token"))?;
        let row = TokenRow {
            id: crate::table::random_id(8),
            profile_id: p.id,
            name: name.to_string(),
            created_at: now_ms(),
            last_used: None,
        };
        self.bots
            .add_bot_token(&row, &crate::who::secret_hash(&token))
            .await
            .map_err(&write)?;
        Ok(Made {
            id: row.id,
            name: row.name,
            token,
            created: row.created_at,
        })
    }

    /// Bot account `p`'s live tokens (never their secrets).
    pub async fn tokens(&self, p: Profile) -> Result<Vec<Listed>, Refusal> {
        let p = self.bot_account(p).await?;
        let tokens = self
            .bots
            .bot_tokens(&p.id)
            .await
            .map_err(failed("reading bot tokens"))?;
        Ok(tokens
            .into_iter()
            .map(|t| Listed {
                id: t.id,
                name: t.name,
                created: t.created_at,
                last_used: t.last_used,
            })
            .collect())
    }

    /// Revoke bot account `p`'s token `id`: its open sockets here and on
    /// the other nodes are closed.
    pub async fn revoke(&self, p: Profile, id: &str) -> Result<(), Refusal> {
        let p = self.bot_account(p).await?;
        let revoked = self
            .bots
            .revoke_bot_token(&p.id, id, now_ms())
            .await
            .map_err(failed("revoking a bot token"))?;
        if !revoked {
            return Err(Refusal::new(
                Code::NoToken,
                "this bot account has no such token",
            ));
        }
        self.registry.revoke(id);
        if let Some(relay) = &self.relay {
            relay.revoked(id).await;
        }
        Ok(())
    }

    /// Bot account `p`'s seats at tables still playing, as its `table`
    /// events show them (the same list a reconnecting events socket is
    /// sent first).
    pub async fn live_tables(&self, p: Profile) -> Result<Vec<BotTable>, Refusal> {
        let p = self.bot_account(p).await?;
        let seats = self
            .bots
            .playing_bot_seats(&p.id)
            .await
            .map_err(failed("reading a bot's tables"))?;
        Ok(seats.iter().map(crate::bot_seats::bot_table).collect())
    }

    /// The bots to play: the bot accounts online here, with their ratings
    /// and tables, then the built-in levels.
    pub async fn playable(&self) -> Result<Vec<Playable>, Refusal> {
        let read = failed("reading the bots online");
        let mut out = Vec::new();
        for id in self.registry.online_bots() {
            let Some(p) = self.profiles.profile(&id).await.map_err(&read)? else {
                continue;
            };
            let rating = self
                .profiles
                .ratings_of(&id)
                .await
                .map_err(&read)?
                .into_iter()
                .map(|r| (r.game, r.rating.rating.round()))
                .collect();
            let tables = self.bots.playing_bot_seats(&id).await.map_err(&read)?.len();
            out.push(Playable {
                id: p.id,
                name: p.name,
                rating: Some(rating),
                tables: Some(tables),
                builtin: false,
            });
        }
        for level in domino_bots::BOT_NAMES {
            out.push(Playable {
                id: crate::table::bot_player(level),
                name: level.to_string(),
                rating: None,
                tables: None,
                builtin: true,
            });
        }
        Ok(out)
    }
}
