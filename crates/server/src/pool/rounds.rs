//! The pool's rounds: every node pairs what can be paired and opens
//! those tables, and now and then opens the pairings another node left
//! unopened and forgets the seeks of finished tables.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::time::Duration;

use domino_engine::RulesSpec;
use domino_league::pool::{groups, Waiting};
use domino_store::bots::{BotSeat, SeekSide};
use domino_store::seeks::{Paired, Placed, SeekRow};

use super::game::{layout, new_table, rules_of};
use super::passes::{in_pass, kind_of, PASSES};
use super::Pool;
use crate::table::{random_id, NewTable};

/// How often each node pairs (sooner when a seek arrives here).
const ROUND: Duration = Duration::from_millis(250);
/// A pairing whose table is not in the store this long after is opened
/// by whichever node sees it (its own node stopped in between).
const OPEN_AFTER_MS: i64 = 5_000;
/// Seeks put to tables are kept this long once the table is finished (or
/// was never opened), for the seekers' last look.
const KEEP_PAIRED_MS: i64 = 10 * 60 * 1000;

/// Pair until the server stops: a round every [`ROUND`], or at once when
/// a seek arrives on this node.
pub async fn drive(pool: Pool, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut last_tidy = 0;
    loop {
        tokio::select! {
            _ = pool.wake.notified() => {}
            _ = tokio::time::sleep(ROUND) => {}
            _ = stop.changed() => return,
        }
        if let Err(e) = round(&pool).await {
            tracing::warn!("pairing: {e}");
        }
        let now = pool.time.now_ms();
        if now - last_tidy >= OPEN_AFTER_MS {
            last_tidy = now;
            if let Err(e) = tidy(&pool, now).await {
                tracing::warn!("pairing: {e}");
            }
        }
    }
}

/// One round: pair what can be paired and open those tables; how many
/// tables were opened.
pub async fn round(pool: &Pool) -> anyhow::Result<usize> {
    let now = pool.time.now_ms();
    let room = |ip| {
        pool.creations
            .room(ip, &pool.limits, &|id| pool.tables.counts_for_limits(id))
    };
    let Paired {
        open,
        sides,
        placed,
    } = pool
        .seeks
        .pair(now, |open, sides| plan(open, now, sides, &room))
        .await?;
    if placed.is_empty() {
        return Ok(0);
    }
    counted(pool, &open, &placed);
    let news = tables_of(&open, &placed);
    let count = news.len();
    // Stored in one transaction, then started: a burst's round opens
    // hundreds.
    let (ids, news): (Vec<String>, Vec<NewTable>) = news.into_iter().unzip();
    for (id, opened) in ids.iter().zip(pool.tables.open_many(news).await) {
        if let Err(r) = opened {
            // Already opened by another node, most likely.
            tracing::info!(table = %id, "pairing's table not opened here: {}", r.message);
        }
    }
    let asked = |seek: &str| {
        open.iter()
            .find(|s| s.id == seek)
            .map(|s| (s.rated, s.rules.clone()))
    };
    seat_bots(pool, &placed, &sides, asked).await;
    Ok(count)
}

/// After a round opened its tables: the bot accounts among the placed
/// seeks are told where they sit.
async fn seat_bots(
    pool: &Pool,
    placed: &[Placed],
    sides: &HashMap<String, SeekSide>,
    rated: impl Fn(&str) -> Option<(bool, RulesSpec)>,
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
        let seat = BotSeat {
            table_id: p.table.clone(),
            seat: i64::from(*seat),
            profile_id: profile.clone(),
            token: token.clone(),
            rated: is_rated,
            rules,
            via: "seek".into(),
            created_at: pool.time.now_ms(),
        };
        pool.bot_seats.seated(seat).await;
    }
}

/// The address a seek was asked from, if it reads.
fn address_of(s: &SeekRow) -> Option<IpAddr> {
    s.address.as_deref()?.parse().ok()
}

/// Count each table a round made against the addresses of its seeks,
/// once each (see `crate::creations`).
fn counted(pool: &Pool, open: &[SeekRow], placed: &[Placed]) {
    let address: HashMap<&str, IpAddr> = open
        .iter()
        .filter_map(|s| Some((s.id.as_str(), address_of(s)?)))
        .collect();
    let mut made: HashSet<(IpAddr, &str)> = HashSet::new();
    for p in placed {
        if let Some(ip) = address.get(p.seek.as_str()) {
            made.insert((*ip, p.table.as_str()));
        }
    }
    for (ip, table) in made {
        pool.creations.made(ip, table, false);
    }
}

/// The tables of a round's pairings, by id, from the seeks as read and
/// where they were placed (as [`open_table`] makes one from the store).
fn tables_of(open: &[SeekRow], placed: &[Placed]) -> Vec<(String, NewTable)> {
    let by_id: HashMap<&str, &SeekRow> = open.iter().map(|s| (s.id.as_str(), s)).collect();
    let mut at: BTreeMap<&str, Vec<SeekRow>> = BTreeMap::new();
    for p in placed {
        let Some(s) = by_id.get(p.seek.as_str()) else {
            continue;
        };
        let mut s = (*s).clone();
        s.table_id = Some(p.table.clone());
        s.seats = Some(serde_json::to_string(&p.seats).unwrap_or_else(|_| "[]".into()));
        at.entry(&p.table).or_default().push(s);
    }
    let mut out = Vec::new();
    for (id, mut seeks) in at {
        // In the store's order (`Seeks::seeks_at`).
        seeks.sort_by(|a, b| a.id.cmp(&b.id));
        match new_table(id, &seeks) {
            Ok(new) => out.push((id.to_string(), new)),
            Err(e) => tracing::error!(table = %id, "a pairing that makes no table: {e}"),
        }
    }
    out
}

/// Open the pairings another node made and did not open, and forget the
/// seeks of finished tables.
async fn tidy(pool: &Pool, now: i64) -> anyhow::Result<()> {
    for t in pool.seeks.unopened_pairings(now - OPEN_AFTER_MS).await? {
        tracing::info!(table = %t, "opening a pairing its node did not open");
        open_table(pool, &t).await;
    }
    pool.seeks.forget_seeks(now - KEEP_PAIRED_MS).await?;
    pool.seeks.forget_seek_sides().await?;
    Ok(())
}

/// The tables the pool makes now: by game, then in the passes of
/// [`PASSES`] (only seekers that admit each other sit together), then by
/// [`groups`]. Only the seeks whose sides were read are placed, and only
/// as many tables as the seeks' addresses may create now (`room`: the
/// creation limits any table passes); a seek whose address has no room
/// left waits for a later round.
fn plan(
    open: &[SeekRow],
    now: i64,
    sides: &HashMap<String, SeekSide>,
    room: &dyn Fn(IpAddr) -> usize,
) -> Vec<Placed> {
    // Tables each address may still have made this round.
    let mut left_to: HashMap<IpAddr, usize> = HashMap::new();
    let mut by_game: BTreeMap<&str, Vec<&SeekRow>> = BTreeMap::new();
    // A seek without a side (stored before seeks had sides) is not placed.
    for s in open.iter().filter(|s| sides.contains_key(&s.id)) {
        by_game.entry(&s.game).or_default().push(s);
    }
    let mut placed = Vec::new();
    for all in by_game.values() {
        let Some(rules) = all.first().and_then(|s| rules_of(s).ok()) else {
            continue;
        };
        let mut left: Vec<&SeekRow> = all.clone();
        for pass in PASSES {
            let mut seeks = in_pass(&left, pass, |s| kind_of(sides.get(&s.id)));
            seeks.retain(|s| address_of(s).is_none_or(|ip| *room_in(&mut left_to, room, ip) > 0));
            let pool: Vec<Waiting> = seeks
                .iter()
                .map(|s| Waiting {
                    rating: s.rating,
                    size: s.members.len() as u8,
                    waited_ms: now - s.created_at,
                    fill_ms: s.fill_ms,
                })
                .collect();
            for g in groups(&pool, &layout(&rules)) {
                let mut ips: Vec<IpAddr> = g
                    .seeks
                    .iter()
                    .filter_map(|(i, _)| address_of(seeks[*i]))
                    .collect();
                ips.sort_unstable();
                ips.dedup();
                if ips.iter().any(|ip| *room_in(&mut left_to, room, *ip) == 0) {
                    continue;
                }
                for ip in ips {
                    *room_in(&mut left_to, room, ip) -= 1;
                }
                let table = random_id(8);
                for (i, seats) in g.seeks {
                    placed.push(Placed {
                        seek: seeks[i].id.clone(),
                        table: table.clone(),
                        seats,
                    });
                }
            }
            let taken: HashSet<&str> = placed.iter().map(|p| p.seek.as_str()).collect();
            left.retain(|s| !taken.contains(s.id.as_str()));
        }
    }
    placed
}

/// The tables `ip` may still have made this round: `room` asked once.
fn room_in<'a>(
    left_to: &'a mut HashMap<IpAddr, usize>,
    room: &dyn Fn(IpAddr) -> usize,
    ip: IpAddr,
) -> &'a mut usize {
    left_to.entry(ip).or_insert_with(|| room(ip))
}

/// Open the table of a pairing left unopened by another node. Opened
/// once: its id is fixed, a second opening is refused by the store.
async fn open_table(pool: &Pool, id: &str) {
    let seeks = match pool.seeks.seeks_at(id).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(table = %id, "reading a pairing: {e}");
            return;
        }
    };
    match new_table(id, &seeks) {
        Ok(new) => {
            if let Err(r) = pool.tables.open(new).await {
                // Already opened by another node, most likely.
                tracing::info!(table = %id, "pairing's table not opened here: {}", r.message);
            }
        }
        Err(e) => tracing::error!(table = %id, "a pairing that makes no table: {e}"),
    }
}
