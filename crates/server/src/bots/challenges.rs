//! Challenges to bot accounts, from people (signed in or guests) and from
//! other bots: `POST /api/challenges`, `GET /api/challenges/{id}`, `POST
//! /api/challenges/{id}/accept`, `POST /api/challenges/{id}/decline`,
//! `DELETE /api/challenges/{id}`.
//!
//! A challenge waits at most [`TTL`] for its bot, so it is kept in this
//! node's memory only (the bot's events socket is here too); answered ones
//! are kept [`KEEP`] more for the challenger's last look.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use domino_engine::TimeControl;

use domino_protocol::bots::{BotEvent, ChallengeShown, Challenger};
use domino_protocol::challenges::{Accepted, Decline, Made, NewChallenge, Status};
use tokio::time::Instant;

use crate::answer::{HttpRefusal, Json};
use crate::bot_seats::BotSeats;
use crate::botstate::Challenge;
use crate::client::ClientIp;
use crate::hub::Hub;
use crate::routes::Routes;
use crate::table::{random_id, token_hash, NewTable, SeatKind};
use domino_protocol::refusal::Code;
use domino_store::bots::BotSeat;
use domino_store::SeatRow;

/// How long a challenge waits for an answer.
pub const TTL: Duration = Duration::from_secs(60);
/// How long an answered challenge can still be read.
const KEEP: Duration = Duration::from_secs(600);
/// Pending challenges one challenger may have.
pub const PER_CHALLENGER: usize = 3;
/// Pending challenges one bot may have waiting for it.
pub const PER_TARGET: usize = 20;
/// Pending challenges from one address, whoever makes them: fewer than a
/// bot's [`PER_TARGET`], so one address with many guest ids cannot fill
/// a bot's places.
pub const PER_ADDRESS: usize = 6;
/// The reasons a bot may give for declining.
const REASONS: [&str; 5] = ["generic", "later", "rules", "rated", "casual"];

pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .post("/api/challenges", create)
        .get("/api/challenges/{id}", status)
        .post("/api/challenges/{id}/accept", accept)
        .post("/api/challenges/{id}/decline", decline)
        .delete("/api/challenges/{id}", cancel)
        .with_state(hub)
}

impl crate::botstate::Challenge {
    fn event(&self) -> BotEvent {
        BotEvent::Challenge {
            challenge: ChallengeShown {
                id: self.id.clone(),
                from: Challenger {
                    id: self.from_id.clone(),
                    name: self.from_name.clone(),
                    bot: self.from_bot,
                },
                rules: self.rules.clone(),
                rated: self.rated,
                clock: self.clock,
            },
        }
    }
}

fn gone_event(id: &str, reason: &str) -> BotEvent {
    BotEvent::ChallengeGone {
        id: id.to_string(),
        reason: reason.to_string(),
    }
}

/// The `challenge` events of the challenges waiting for `profile`.
pub fn pending_for(hub: &Hub, profile: &str) -> Vec<BotEvent> {
    let inner = hub.bots.lock();
    let mut list: Vec<&Challenge> = inner
        .challenges
        .values()
        .filter(|c| c.to == profile && c.state == "pending")
        .collect();
    list.sort_by_key(|c| c.at);
    list.iter().map(|c| c.event()).collect()
}

fn refuse(status: StatusCode, code: Code, message: impl std::fmt::Display) -> HttpRefusal {
    HttpRefusal::new(status, code, message)
}

async fn create(
    State(hub): State<Hub>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(req): Json<NewChallenge>,
) -> Result<(StatusCode, Json<Made>), HttpRefusal> {
    let rules = req.rules.resolve().map_err(|e| {
        refuse(
            StatusCode::BAD_REQUEST,
            Code::BadRules,
            format!("no such game: {e}"),
        )
    })?;
    let fill = req.fill.unwrap_or_else(|| "expert".into());
    if !domino_bots::BOT_NAMES.contains(&fill.as_str()) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadBot,
            format!("no built-in level is called {fill}"),
        ));
    }
    let clock = match req.clock {
        Some(c) => c.control(),
        None if req.rated => crate::pool::RATED_CLOCK,
        None => TimeControl::None,
    };
    clock
        .check()
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, Code::BadClock, e))?;
    let Some(target) = hub.store.profile(&req.to).await? else {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            Code::NoSuchProfile,
            "no such profile",
        ));
    };
    if !hub.store.is_bot(&target.id).await? {
        return Err(refuse(
            StatusCode::CONFLICT,
            Code::NotABot,
            format!(
                "{} is a person: invite them to a table instead",
                target.name
            ),
        ));
    }
    let builtin = builtin_level(&target.id);
    if builtin.is_none() && !hub.bots.is_online(&target.id) {
        return Err(refuse(
            StatusCode::CONFLICT,
            Code::BotOffline,
            format!("{} is not online now", target.name),
        ));
    }
    let crate::who::Seeker {
        player,
        name,
        profile,
        ..
    } = crate::who::Who::new(hub.store.clone())
        .seeker(
            &headers,
            req.guest.as_deref(),
            &req.name,
            rules.preset().name(),
            hub.config.limits.name_chars,
        )
        .await?;
    if profile.as_deref() == Some(target.id.as_str()) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            "a bot cannot challenge itself",
        ));
    }
    let from_bot = bot_seats(&hub)
        .asker_is_bot(profile.as_deref(), req.rated)
        .await?;
    let token = random_id(16);
    let c = Challenge {
        id: random_id(12),
        from_id: profile.clone().unwrap_or_else(|| player.clone()),
        player,
        from_name: name,
        from_profile: profile,
        from_bot,
        to: target.id.clone(),
        rules: rules.spec(),
        rated: req.rated,
        clock: req.clock,
        fill,
        token: token.clone(),
        address: ip,
        state: "pending",
        table: None,
        reason: None,
        at: Instant::now(),
    };
    {
        let mut inner = hub.bots.lock();
        inner
            .challenges
            .retain(|_, c| c.state == "pending" || c.at.elapsed() < KEEP);
        let pending = |f: &dyn Fn(&Challenge) -> bool| {
            inner
                .challenges
                .values()
                .filter(|x| x.state == "pending" && f(x))
                .count()
        };
        // A level's challenges are answered at once, so they count for a
        // minute after they were made instead: no flood of tables.
        let to_levels = inner
            .challenges
            .values()
            .filter(|x| {
                x.player == c.player && builtin_level(&x.to).is_some() && x.at.elapsed() < TTL
            })
            .count();
        if pending(&|x| x.player == c.player) >= PER_CHALLENGER
            || (builtin.is_some() && to_levels >= PER_CHALLENGER)
        {
            return Err(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                Code::TooManyChallenges,
                format!("you have {PER_CHALLENGER} challenges waiting: wait for an answer or cancel one"),
            ));
        }
        if pending(&|x| x.address == ip) >= PER_ADDRESS {
            return Err(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                Code::TooManyChallenges,
                format!("{PER_ADDRESS} challenges from your address are waiting: wait for an answer or cancel one"),
            ));
        }
        if pending(&|x| x.to == c.to) >= PER_TARGET {
            return Err(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                Code::TooManyChallenges,
                format!(
                    "{} has {PER_TARGET} challenges waiting: try again later",
                    target.name
                ),
            ));
        }
        inner.challenges.insert(c.id.clone(), c.clone());
    }
    if let Some(level) = builtin {
        // A built-in level answers at once: its own bot takes the seat.
        take(&hub, &c.id)?;
        if let Err(e) = answer(&hub, &c, Some(level)).await {
            // Nobody else would answer it: not left waiting.
            end(&hub, &c.id, "cancelled", None);
            return Err(e);
        }
        return Ok((StatusCode::CREATED, Json(Made { id: c.id, token })));
    }
    hub.bots.push(&c.to, &c.event());
    let (h, id) = (hub.clone(), c.id.clone());
    tokio::spawn(async move {
        tokio::time::sleep(TTL).await;
        end(&h, &id, "expired", None);
    });
    Ok((StatusCode::CREATED, Json(Made { id: c.id, token })))
}

/// Answer a pending challenge (`state` and why); its bot's events sockets
/// are told. False when it was not pending.
fn end(hub: &Hub, id: &str, state: &'static str, reason: Option<String>) -> bool {
    let to = {
        let mut inner = hub.bots.lock();
        let Some(c) = inner
            .challenges
            .get_mut(id)
            .filter(|c| c.state == "pending")
        else {
            return false;
        };
        c.state = state;
        c.reason = reason;
        c.at = Instant::now();
        c.to.clone()
    };
    hub.bots.push(&to, &gone_event(id, state));
    true
}

fn no_challenge() -> HttpRefusal {
    refuse(
        StatusCode::NOT_FOUND,
        Code::NoChallenge,
        "no such challenge",
    )
}

fn not_pending(c: &Challenge) -> HttpRefusal {
    refuse(
        StatusCode::CONFLICT,
        Code::NotPending,
        format!("this challenge is {} already", c.state),
    )
}

fn find(hub: &Hub, id: &str) -> Result<Challenge, HttpRefusal> {
    hub.bots
        .lock()
        .challenges
        .get(id)
        .cloned()
        .ok_or_else(no_challenge)
}

async fn status(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Json<Status>, HttpRefusal> {
    let c = find(&hub, &id)?;
    Ok(Json(Status {
        id: c.id,
        // Its table being opened, it is not answered yet.
        state: if c.state == "accepting" {
            "pending"
        } else {
            c.state
        },
        seat: c.table.is_some().then_some(0),
        table: c.table,
        reason: c.reason,
    }))
}

/// The challenged bot, or `404 no_challenge` for anyone else (a challenge
/// to another bot is none of theirs).
async fn for_me(hub: &Hub, headers: &HeaderMap, id: &str) -> Result<Challenge, HttpRefusal> {
    let me = super::accounts::profile(hub, headers).await?;
    let c = find(hub, id)?;
    if c.to != me.id {
        return Err(no_challenge());
    }
    Ok(c)
}

async fn accept(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Accepted>, HttpRefusal> {
    let c = for_me(&hub, &headers, &id).await?;
    if c.state != "pending" {
        return Err(not_pending(&c));
    }
    take(&hub, &id)?;
    Ok(Json(answer(&hub, &c, None).await?))
}

/// Take a pending challenge out of pending before its table is opened,
/// so that a second accept meanwhile is refused rather than opening a
/// second table.
fn take(hub: &Hub, id: &str) -> Result<(), HttpRefusal> {
    let mut inner = hub.bots.lock();
    match inner.challenges.get_mut(id) {
        Some(x) if x.state == "pending" => {
            x.state = "accepting";
            Ok(())
        }
        Some(x) => Err(not_pending(x)),
        None => Err(no_challenge()),
    }
}

/// Open a challenge's table, taken out of pending: the challenged bot
/// account's seat (or, for a built-in `level`, the server's own bot's),
/// recorded before the table opens, since the table reads from them
/// whether it was made rated (a seat row of a table never opened is
/// ignored); then each bot account seated is told.
async fn answer(hub: &Hub, c: &Challenge, level: Option<&str>) -> Result<Accepted, HttpRefusal> {
    let token = random_id(16);
    let table = random_id(8);
    let now = hub.config.time.now_ms();
    let rules = serde_json::to_string(&c.rules)?;
    let seat = |profile: &str, seat: i64, token: &str| BotSeat {
        table_id: table.clone(),
        seat,
        profile_id: profile.to_string(),
        token: token.to_string(),
        rated: c.rated,
        rules: rules.clone(),
        via: "challenge".into(),
        created_at: now,
    };
    // A built-in level's seat has no token: the table's own bot plays it.
    let mut seats = vec![seat(&c.to, 1, if level.is_some() { "" } else { &token })];
    if level.is_none() {
        // The challenged bot's seat is its place under its table cap,
        // counted and recorded at once; refused, the challenge waits again.
        if let Err(e) = bot_seats(hub).reserve(&seats[0]).await {
            settle(hub, &c.id, Err(e.into()))?;
        }
    }
    let recorded = usize::from(level.is_none());
    if let (true, Some(p)) = (c.from_bot, &c.from_profile) {
        seats.push(seat(p, 0, &c.token));
    }
    for s in seats.iter().skip(recorded) {
        if let Err(e) = hub.store.add_bot_seat(s).await {
            tracing::error!(table = %s.table_id, "recording a bot's seat: {e}");
        }
    }
    let opened = open(hub, c, &token, &table, level).await;
    let table = settle(hub, &c.id, opened)?;
    hub.bots.push(&c.to, &gone_event(&c.id, "accepted"));
    for s in seats.iter().filter(|s| !s.token.is_empty()) {
        hub.bots
            .push(&s.profile_id, &crate::bot_seats::table_event(s));
    }
    Ok(Accepted {
        table,
        seat: 1,
        token,
    })
}

/// The bot accounts' seats and their cap, as a challenge seats a bot.
fn bot_seats(hub: &Hub) -> BotSeats {
    BotSeats::new(hub.store.clone(), hub.config.bot_tables, hub.bots.clone())
}

/// The built-in level a profile id is (`bot:LEVEL`), if it is one.
pub fn builtin_level(id: &str) -> Option<&'static str> {
    let level = id.strip_prefix("bot:")?;
    domino_bots::BOT_NAMES.iter().copied().find(|l| *l == level)
}

/// Mark a challenge being accepted as accepted at its new table, or back
/// to pending when the table could not be opened.
fn settle(hub: &Hub, id: &str, opened: Result<String, HttpRefusal>) -> Result<String, HttpRefusal> {
    let mut inner = hub.bots.lock();
    let Some(x) = inner.challenges.get_mut(id) else {
        return Err(no_challenge());
    };
    x.at = Instant::now();
    match opened {
        Ok(t) => {
            x.state = "accepted";
            x.table = Some(t.clone());
            Ok(t)
        }
        Err(e) => {
            x.state = "pending";
            Err(e)
        }
    }
}

/// Open an accepted challenge's table: the challenger at seat 0, the bot
/// at seat 1, the `fill` level in the others.
async fn open(
    hub: &Hub,
    c: &Challenge,
    bot_token: &str,
    id: &str,
    level: Option<&str>,
) -> Result<String, HttpRefusal> {
    let rules = c
        .rules
        .resolve()
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, Code::BadRules, e))?;
    let mut plan = vec![SeatKind::Bot; usize::from(rules.players())];
    let people = if level.is_some() { 1 } else { 2 };
    for s in plan.iter_mut().take(people) {
        *s = SeatKind::Human;
    }
    let to_name = hub
        .store
        .profile(&c.to)
        .await?
        .map_or_else(|| c.to.clone(), |p| p.name);
    let mut taken = vec![SeatRow {
        seat: 0,
        name: c.from_name.clone(),
        token_hash: token_hash(&c.token),
        left_hand: None,
        profile_id: c.from_profile.clone(),
    }];
    if level.is_none() {
        taken.push(SeatRow {
            seat: 1,
            name: to_name,
            token_hash: token_hash(bot_token),
            left_hand: None,
            profile_id: Some(c.to.clone()),
        });
    }
    let new = NewTable {
        rules: c.rules.clone(),
        // Seat 1 the level challenged, the others the fill (a seat past
        // the list has the first).
        bot: match level {
            Some(l) => format!("{}{}{l}", c.fill, crate::table::LEVELS_SEP),
            None => c.fill.clone(),
        },
        private: true,
        humans: people as u8,
        plan,
        taken,
        hints: !c.rated,
        secret: None,
        id: Some(id.to_string()),
        clock: match c.clock {
            Some(k) => k.control(),
            None if c.rated => crate::pool::RATED_CLOCK,
            None => TimeControl::None,
        },
    };
    let (id, _) = hub
        .create(new)
        .await
        .map_err(|r| refuse(StatusCode::BAD_REQUEST, r.code, r.message))?;
    Ok(id)
}

async fn decline(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Decline>>,
) -> Result<Json<Status>, HttpRefusal> {
    let c = for_me(&hub, &headers, &id).await?;
    let reason = body
        .and_then(|Json(d)| d.reason)
        .unwrap_or_else(|| "generic".into());
    if !REASONS.contains(&reason.as_str()) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            format!("a reason is one of {}", REASONS.join(", ")),
        ));
    }
    if !end(&hub, &id, "declined", Some(reason.clone())) {
        return Err(not_pending(&find(&hub, &id)?));
    }
    Ok(Json(Status {
        id: c.id,
        state: "declined",
        table: None,
        seat: None,
        reason: Some(reason),
    }))
}

async fn cancel(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<axum::http::StatusCode, HttpRefusal> {
    let c = find(&hub, &id)?;
    // A profile's challenge is cancelled by that profile; a guest's by
    // whoever holds its id (only the guest and the bot were told it).
    if let Some(p) = &c.from_profile {
        let me = super::accounts::profile(&hub, &headers).await?;
        if &me.id != p {
            return Err(no_challenge());
        }
    }
    if !end(&hub, &id, "cancelled", None) {
        return Err(not_pending(&c));
    }
    Ok(StatusCode::NO_CONTENT)
}
