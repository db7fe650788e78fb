//! Becoming a bot account and managing its API tokens over HTTP, and the
//! list of bots to play: `POST /api/profile/bot`, `POST /api/tokens`,
//! `GET /api/tokens`, `DELETE /api/tokens/{id}`, `GET /api/bots`.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};

use crate::answer::{HttpRefusal, Json};
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::routes::Routes;
use domino_protocol::profile::ProfileCard;
use domino_protocol::refusal::Code;
use domino_protocol::tokens::{Empty, Listed, Made, NewToken, Playable};
use domino_store::bots::TokenRow;
use domino_store::profiles::Profile;

/// The longest token name, in characters.
const NAME_CHARS: usize = 60;

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .post("/api/profile/bot", become_bot)
        .post("/api/tokens", create)
        .get("/api/tokens", list)
        .delete("/api/tokens/{id}", revoke)
        .get("/api/bots", online)
        .with_state(hub)
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(status, code, message)
}

/// The signed-in profile (cookie or token), or `401 signed_out`.
pub async fn profile(hub: &Hub, headers: &HeaderMap) -> Result<Profile, HttpRefusal> {
    crate::profile::signed_in(hub, headers)
        .await
        .map(|(p, _)| p)
        .ok_or_else(|| refuse(StatusCode::UNAUTHORIZED, Code::SignedOut, "sign in first"))
}

/// The signed-in bot account, or `403 not_a_bot`.
async fn bot(hub: &Hub, headers: &HeaderMap) -> Result<Profile, HttpRefusal> {
    let p = profile(hub, headers).await?;
    if !hub.store.is_bot(&p.id).await? {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            Code::NotABot,
            "only bot accounts have API tokens: make this profile a bot account first",
        ));
    }
    Ok(p)
}

async fn become_bot(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Json(_): Json<Empty>,
) -> Result<Json<ProfileCard>, HttpRefusal> {
    let p = profile(&hub, &headers).await?;
    // A person's rating must not become a bot's: the boards keep them apart.
    if !hub.store.is_bot(&p.id).await? && hub.store.has_rated_games(&p.id).await? {
        return Err(refuse(
            StatusCode::CONFLICT,
            Code::HasRatedGames,
            "this profile has played rated matches as a person: make a new profile for the bot",
        ));
    }
    hub.store.make_bot(&p.id).await?;
    Ok(Json(crate::profile::card_of(&hub, &p).await?))
}

async fn create(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Json(req): Json<NewToken>,
) -> Result<(StatusCode, Json<Made>), HttpRefusal> {
    let p = bot(&hub, &headers).await?;
    let name = req.name.trim();
    if name.is_empty() || name.chars().count() > NAME_CHARS || name.chars().any(char::is_control) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadName,
            format!("a token's name is 1 to {NAME_CHARS} characters"),
        ));
    }
    if hub.store.bot_tokens(&p.id).await?.len() >= super::MAX_TOKENS {
        return Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            Code::TooManyTokens,
            format!(
                "a bot account holds at most {} tokens: revoke one first",
                super::MAX_TOKENS
            ),
        ));
    }
    let token = crate::bearer::new_token().map_err(HttpRefusal::internal)?;
    let row = TokenRow {
        id: crate::table::random_id(8),
        profile_id: p.id,
        name: name.to_string(),
        created_at: now_ms(),
        last_used: None,
    };
    hub.store
        .add_bot_token(&row, &crate::profile::secret_hash(&token))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Made {
            id: row.id,
            name: row.name,
            token,
            created: row.created_at,
        }),
    ))
}

async fn list(
    State(hub): State<Hub>,
    headers: HeaderMap,
) -> Result<Json<Vec<Listed>>, HttpRefusal> {
    let p = bot(&hub, &headers).await?;
    let tokens = hub.store.bot_tokens(&p.id).await?;
    Ok(Json(
        tokens
            .into_iter()
            .map(|t| Listed {
                id: t.id,
                name: t.name,
                created: t.created_at,
                last_used: t.last_used,
            })
            .collect(),
    ))
}

async fn revoke(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, HttpRefusal> {
    let p = bot(&hub, &headers).await?;
    if !hub.store.revoke_bot_token(&p.id, &id, now_ms()).await? {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            Code::NoToken,
            "this bot account has no such token",
        ));
    }
    hub.bots.revoke(&id);
    if let Some(relay) = &hub.relay {
        relay.revoked(&id).await;
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn online(State(hub): State<Hub>) -> Result<Json<Vec<Playable>>, HttpRefusal> {
    let mut out = Vec::new();
    for id in hub.bots.online_bots() {
        let Some(p) = hub.store.profile(&id).await? else {
            continue;
        };
        let rating = hub
            .store
            .ratings_of(&id)
            .await?
            .into_iter()
            .map(|r| (r.game, r.rating.rating.round()))
            .collect();
        let tables = hub.store.playing_bot_seats(&id).await?.len();
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
    Ok(Json(out))
}
