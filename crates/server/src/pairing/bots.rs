//! Bots in the pairing pool: whom each seek admits (`opponents`), the
//! server's policy for bot accounts (`--bot-pairing`), and the groups of
//! seeks that may sit together.
//!
//! Two seekers are paired only if each admits the other. The pool is
//! grouped in passes, each over the seeks of one set of kinds that all
//! admit each other ([`PASSES`]), people with people first; a seek
//! placed in one pass is not in the next.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde_json::Value;

use domino_protocol::bots::BotEvent;

use crate::answer::HttpRefusal;
use crate::hub::Hub;
use domino_protocol::refusal::Code;
use domino_store::bots::{BotSeat, SeekSide};
use domino_store::seeks::Placed;

pub use domino_protocol::pool::Opponents;

/// The server's policy for bot accounts in the pool.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pairing {
    /// Bot accounts are paired with whoever admits them.
    #[default]
    Any,
    /// Bot accounts are paired with bots only.
    Bots,
    /// Bot accounts may not seek.
    Off,
}

impl Pairing {
    pub fn parse(s: &str) -> Result<Pairing, String> {
        match s {
            "any" => Ok(Pairing::Any),
            "bots" => Ok(Pairing::Bots),
            "off" => Ok(Pairing::Off),
            _ => Err(format!("bot pairing is any, bots or off, not {s}")),
        }
    }
}

/// Whether a bot account may seek now: the policy lets it, it asks
/// alone (teams are for people), and it is under its table cap. (It may
/// hold seats at other tables, rated ones too: that is what a bot does.)
pub async fn may_seek(hub: &Hub, profile: &str, team: bool) -> Result<(), HttpRefusal> {
    if hub.config.bot_pairing == Pairing::Off {
        return Err(HttpRefusal::new(
            StatusCode::FORBIDDEN,
            Code::BotPairingOff,
            "this server does not pair bot accounts: challenges only",
        ));
    }
    if team {
        return Err(HttpRefusal::new(
            StatusCode::BAD_REQUEST,
            Code::BadTeam,
            "teams are for people: a bot account asks alone",
        ));
    }
    limit_tables(hub, profile).await
}

/// Whether a seeker (`profile`, if signed in) is a bot account, after
/// refusing a rated game to a guest and a bot whatever [`may_seek`]
/// refuses. Every way into the pool asks this: a seek, and joining a
/// team (`team`), which a bot may not.
pub async fn admit_seeker(
    hub: &Hub,
    profile: Option<&str>,
    rated: bool,
    team: bool,
) -> Result<bool, HttpRefusal> {
    let bot = rated_asker_is_bot(hub, profile, rated).await?;
    if let (true, Some(p)) = (bot, profile) {
        may_seek(hub, p, team).await?;
    }
    Ok(bot)
}

/// Whom a seek admits, given what it asked (`None`: the default, people
/// for a person and anyone for a bot) and the policy.
pub fn admitted(bot: bool, asked: Option<Opponents>, policy: Pairing) -> Opponents {
    let asked = asked.unwrap_or(if bot {
        Opponents::Any
    } else {
        Opponents::People
    });
    match (bot, policy, asked) {
        (true, Pairing::Bots, _) => Opponents::Bots,
        _ => asked,
    }
}

/// A seek's kind for the passes: is it a bot, and whom it admits.
pub type Kind = (bool, Opponents);

/// The passes of a round, in order: each a set of kinds that all admit
/// each other, so any group drawn from one is allowed.
pub const PASSES: [&[Kind]; 6] = [
    // People among themselves.
    &[(false, Opponents::People), (false, Opponents::Any)],
    // Bots among themselves.
    &[(true, Opponents::Bots), (true, Opponents::Any)],
    // Whoever admits anyone.
    &[(false, Opponents::Any), (true, Opponents::Any)],
    // A bot that asks for people, with people who admit bots.
    &[(true, Opponents::People), (false, Opponents::Any)],
    // A person who asks for bots, with bots who admit people.
    &[(false, Opponents::Bots), (true, Opponents::Any)],
    // A person who asks for bots, with a bot that asks for people.
    &[(false, Opponents::Bots), (true, Opponents::People)],
];

/// The seeks of `seeks` that take part in `pass`: those of its kinds, and
/// of a kind that does not admit itself (a bot asking for people, a person
/// asking for bots) only the first, so that no group holds two of them.
pub fn in_pass<'a, T>(seeks: &[&'a T], pass: &[Kind], kind: impl Fn(&T) -> Kind) -> Vec<&'a T> {
    let mut lone_taken: Vec<Kind> = Vec::new();
    let mut out = Vec::new();
    for s in seeks {
        let k = kind(s);
        if !pass.contains(&k) {
            continue;
        }
        if !k.1.admits(k.0) {
            if lone_taken.contains(&k) {
                continue;
            }
            lone_taken.push(k);
        }
        out.push(*s);
    }
    out
}

/// A seek's kind from its side (a seek stored without one, made before
/// bot accounts, is a person's asking for people).
pub fn kind_of(side: Option<&SeekSide>) -> Kind {
    match side {
        Some(s) => (
            s.bot,
            Opponents::parse(&s.opponents).unwrap_or(Opponents::People),
        ),
        None => (false, Opponents::People),
    }
}

/// A bot account at as many unfinished tables as it may (`--bot-tables`)
/// is refused another: `429 too_many_tables`.
pub async fn limit_tables(hub: &Hub, profile: &str) -> Result<(), HttpRefusal> {
    if hub.store.playing_bot_seats(profile).await?.len() >= hub.config.bot_tables {
        return Err(too_many_tables(hub));
    }
    Ok(())
}

/// Record a bot account's seat at a table about to be opened for it, within
/// its table cap: the count and the seat are one store transaction
/// ([`domino_store::Store::add_bot_seat_within`]), so that simultaneous
/// accepts cannot pass the cap together; at the cap, `429 too_many_tables`.
pub async fn reserve_seat(hub: &Hub, seat: &BotSeat) -> Result<(), HttpRefusal> {
    if hub
        .store
        .add_bot_seat_within(seat, hub.config.bot_tables)
        .await?
    {
        return Ok(());
    }
    Err(too_many_tables(hub))
}

fn too_many_tables(hub: &Hub) -> HttpRefusal {
    let cap = hub.config.bot_tables;
    HttpRefusal::new(
        StatusCode::TOO_MANY_REQUESTS,
        Code::TooManyTables,
        format!("a bot account plays at most {cap} tables at once: finish one first"),
    )
}

/// The `table` event of a bot's seat; a stored seat whose rules do not
/// read is logged and told with `null` rules, so the bot still hears of
/// its table.
pub fn table_event(s: &BotSeat) -> BotEvent {
    let rules = serde_json::from_str(&s.rules).unwrap_or_else(|e| {
        tracing::error!(table = %s.table_id, "a bot seat's stored rules do not read: {e}");
        Value::Null
    });
    BotEvent::Table {
        table: s.table_id.clone(),
        seat: s.seat,
        token: s.token.clone(),
        rated: s.rated,
        rules,
        via: s.via.clone(),
    }
}

/// A bot was seated at a new table: remember the seat (so that a
/// reconnecting events socket is told again) and tell its events sockets.
pub async fn seated(hub: &Hub, s: BotSeat) {
    if let Err(e) = hub.store.add_bot_seat(&s).await {
        tracing::error!(table = %s.table_id, "recording a bot's seat: {e}");
    }
    hub.bots.push(&s.profile_id, &table_event(&s));
}

/// After a pool round opened its tables: the bot accounts among the
/// placed seeks are told where they sit.
pub async fn seated_by_pool(
    hub: &Hub,
    placed: &[Placed],
    sides: &HashMap<String, SeekSide>,
    rated: impl Fn(&str) -> Option<(bool, String)>,
) {
    for p in placed {
        let Some(side) = sides.get(&p.seek).filter(|s| s.bot) else {
            continue;
        };
        let (Some(profile), Some(token), Some(seat)) =
            (&side.profile_id, &side.token, p.seats.first())
        else {
            continue;
        };
        let Some((is_rated, rules)) = rated(&p.seek) else {
            continue;
        };
        seated(
            hub,
            BotSeat {
                table_id: p.table.clone(),
                seat: i64::from(*seat),
                profile_id: profile.clone(),
                token: token.clone(),
                rated: is_rated,
                rules,
                via: "seek".into(),
                created_at: hub.config.time.now_ms(),
            },
        )
        .await;
    }
}

/// Whether a seeker or challenger is a bot account, after refusing a
/// rated game to a guest (`403 signed_out`): the pool and challenges ask
/// alike.
pub async fn rated_asker_is_bot(
    hub: &Hub,
    profile: Option<&str>,
    rated: bool,
) -> Result<bool, HttpRefusal> {
    let Some(p) = profile else {
        if rated {
            return Err(HttpRefusal::new(
                StatusCode::FORBIDDEN,
                Code::SignedOut,
                "rated games are for profiles: make one, or ask for a casual game",
            ));
        }
        return Ok(false);
    };
    Ok(hub.store.is_bot(p).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [Kind; 6] = [
        (false, Opponents::People),
        (false, Opponents::Bots),
        (false, Opponents::Any),
        (true, Opponents::People),
        (true, Opponents::Bots),
        (true, Opponents::Any),
    ];

    #[test]
    fn every_pass_is_kinds_that_admit_each_other() {
        for pass in PASSES {
            for a in pass.iter() {
                for b in pass.iter() {
                    if a != b || a.1.admits(a.0) {
                        assert!(a.1.admits(b.0) && b.1.admits(a.0), "{a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_pair_that_admits_each_other_meets_in_some_pass() {
        for a in KINDS {
            for b in KINDS {
                if a.1.admits(b.0) && b.1.admits(a.0) {
                    assert!(
                        PASSES.iter().any(|p| p.contains(&a) && p.contains(&b)),
                        "{a:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_kind_that_does_not_admit_itself_comes_once_a_pass() {
        let seeks = [
            (true, Opponents::People),
            (false, Opponents::Any),
            (true, Opponents::People),
            (false, Opponents::People),
        ];
        let refs: Vec<&Kind> = seeks.iter().collect();
        let got = in_pass(&refs, PASSES[3], |k| *k);
        assert_eq!(got, [&seeks[0], &seeks[1]]);
    }

    #[test]
    fn the_policy_keeps_bots_with_bots() {
        assert_eq!(admitted(false, None, Pairing::Bots), Opponents::People);
        assert_eq!(admitted(true, None, Pairing::Any), Opponents::Any);
        assert_eq!(
            admitted(true, Some(Opponents::People), Pairing::Bots),
            Opponents::Bots
        );
    }
}
