//! "Play now with people": the pairing pool (docs/server.md, "Pairing").
//!
//! A player asks for a game (its rules, rated or casual, and whether the
//! computer may fill the seats nobody takes); the seek is stored
//! ([`domino_store::seeks`]), so every node answers it and a node's loss
//! loses none. Every node runs [`drive`]: each round reads the pool in one
//! transaction (on PostgreSQL under an advisory lock: one node pairs at a
//! time), groups the seeks of each game by rating (`domino_league::pool`), marks them
//! with their table's id and seats, and then opens those tables with the
//! players' seats taken under the tokens they were given when they asked.
//! A pairing whose node stopped before opening its table is opened by
//! another node's round a few seconds later (the table's id is fixed, so
//! it is opened once).

pub mod bots;
pub mod http;

use domino_engine::TimeControl;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::time::Duration;

use domino_engine::{Rules, RulesSpec};

use crate::hub::Hub;
use crate::table::{random_id, NewTable, SeatKind};
use domino_league::pool::{groups, Layout, Waiting};
use domino_store::bots::SeekSide;
use domino_store::seeks::{Paired, Placed, SeekRow};
use domino_store::SeatRow;

/// How often each node pairs (sooner when a seek arrives here).
const ROUND: Duration = Duration::from_millis(250);
/// A pairing whose table is not in the store this long after is opened
/// by whichever node sees it (its own node stopped in between).
const OPEN_AFTER_MS: i64 = 5_000;
/// Seeks put to tables are kept this long once the table is finished (or
/// was never opened), for the seekers' last look.
const KEEP_PAIRED_MS: i64 = 10 * 60 * 1000;

/// The pool's key for the game a seek asks for: the rules with every
/// option spelled out, whether rated, and the clock. The same key: the
/// same game (seekers who chose different clocks are not paired).
pub fn game_key(rules: &Rules, rated: bool, clock: &TimeControl) -> String {
    let spec = serde_json::to_string(&rules.spec()).unwrap_or_default();
    let rated = if rated { "rated" } else { "casual" };
    match clock {
        TimeControl::None => format!("{rated}:{spec}"),
        c => format!(
            "{rated}:{}:{spec}",
            serde_json::to_string(c).unwrap_or_default()
        ),
    }
}

/// The clock a seek's table gets: the one its seeker chose (stored with
/// the seek), or for a rated seek stored before seeks had clocks, the
/// rated one.
pub fn clock_of(s: &SeekRow) -> Result<TimeControl, serde_json::Error> {
    Ok(match &s.clock {
        Some(c) => serde_json::from_str(c)?,
        None if s.rated => RATED_CLOCK,
        None => TimeControl::None,
    })
}

/// A table's seats as the grouping sees them.
pub fn layout(rules: &Rules) -> Layout {
    let mut sides: Vec<Vec<u8>> = vec![Vec::new(); rules.sides()];
    for s in 0..rules.players() {
        if let Some(side) = sides.get_mut(rules.side_of(s)) {
            side.push(s);
        }
    }
    Layout {
        players: rules.players(),
        sides,
    }
}

/// Pair until the server stops: a round every [`ROUND`], or at once when
/// a seek arrives on this node.
pub async fn drive(hub: Hub, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut last_tidy = 0;
    loop {
        tokio::select! {
            _ = hub.pairing.notified() => {}
            _ = tokio::time::sleep(ROUND) => {}
            _ = stop.changed() => return,
        }
        if let Err(e) = round(&hub).await {
            tracing::warn!("pairing: {e}");
        }
        let now = hub.config.time.now_ms();
        if now - last_tidy >= OPEN_AFTER_MS {
            last_tidy = now;
            if let Err(e) = tidy(&hub, now).await {
                tracing::warn!("pairing: {e}");
            }
        }
    }
}

/// One round: pair what can be paired and open those tables; how many
/// tables were opened.
pub async fn round(hub: &Hub) -> anyhow::Result<usize> {
    let now = hub.config.time.now_ms();
    let Paired {
        open,
        sides,
        placed,
    } = hub
        .store
        .pair(now, |open, sides| {
            let room = |ip| {
                hub.creations
                    .room(ip, &hub.config.limits, &|id| hub.open(id))
            };
            plan(open, now, sides, &room)
        })
        .await?;
    if placed.is_empty() {
        return Ok(0);
    }
    counted(hub, &open, &placed);
    let news = tables_of(&open, &placed);
    let count = news.len();
    // Stored in one transaction, then started: a burst's round opens
    // hundreds.
    let (ids, news): (Vec<String>, Vec<NewTable>) = news.into_iter().unzip();
    for (id, opened) in ids.iter().zip(hub.create_many(news).await) {
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
    crate::pairing::bots::seated_by_pool(hub, &placed, &sides, asked).await;
    Ok(count)
}

/// The address a seek was asked from, if it reads.
fn address_of(s: &SeekRow) -> Option<IpAddr> {
    s.address.as_deref()?.parse().ok()
}

/// Count each table a round made against the addresses of its seeks,
/// once each (see `crate::creations`).
fn counted(hub: &Hub, open: &[SeekRow], placed: &[Placed]) {
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
        hub.creations.made(ip, table, false);
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
        // In the store's order (`Store::seeks_at`).
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
async fn tidy(hub: &Hub, now: i64) -> anyhow::Result<()> {
    for t in hub.store.unopened_pairings(now - OPEN_AFTER_MS).await? {
        tracing::info!(table = %t, "opening a pairing its node did not open");
        open_table(hub, &t).await;
    }
    hub.store.forget_seeks(now - KEEP_PAIRED_MS).await?;
    hub.store.forget_seek_sides().await?;
    Ok(())
}

/// The tables the pool makes now: by game, then in the passes of
/// [`crate::pairing::bots::PASSES`] (only seekers that admit each other sit
/// together), then by [`groups`]. Only the seeks whose sides were
/// read are placed, and only as many tables as the seeks' addresses may
/// create now (`room`: the creation limits any table passes); a seek
/// whose address has no room left waits for a later round.
fn plan(
    open: &[SeekRow],
    now: i64,
    sides: &HashMap<String, SeekSide>,
    room: &dyn Fn(IpAddr) -> usize,
) -> Vec<Placed> {
    use crate::pairing::bots as pool;
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
        for pass in pool::PASSES {
            let mut seeks = pool::in_pass(&left, pass, |s| pool::kind_of(sides.get(&s.id)));
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

fn rules_of(s: &SeekRow) -> anyhow::Result<Rules> {
    let spec: RulesSpec = serde_json::from_str(&s.rules)?;
    Ok(spec.resolve()?)
}

/// The bot level whose rating in this game is nearest `rating`.
pub fn level_near(rules: &Rules, rating: f64) -> String {
    let game = rules.preset().name();
    domino_bots::BOT_NAMES
        .iter()
        .min_by(|a, b| {
            let da =
                (domino_league::ratings::bot_seed(game, rules.players(), a).rating - rating).abs();
            let db =
                (domino_league::ratings::bot_seed(game, rules.players(), b).rating - rating).abs();
            da.total_cmp(&db)
        })
        .map_or_else(|| "heuristic".to_string(), |l| l.to_string())
}

/// The table a pairing made, from its seeks as stored: each member's seat
/// taken under the token they were given, the computer in the other
/// seats at the level nearest the players' mean rating.
pub fn new_table(id: &str, seeks: &[SeekRow]) -> anyhow::Result<NewTable> {
    let first = seeks
        .first()
        .ok_or_else(|| anyhow::anyhow!("no seeks at {id}"))?;
    let rules = rules_of(first)?;
    let players = usize::from(rules.players());
    let mut plan = vec![SeatKind::Bot; players];
    let mut taken = Vec::new();
    let (mut sum, mut count) = (0.0, 0.0);
    for s in seeks {
        let seats: Vec<u8> = serde_json::from_str(s.seats.as_deref().unwrap_or("[]"))?;
        for (m, seat) in s.members.iter().zip(seats) {
            let Some(kind) = plan.get_mut(usize::from(seat)) else {
                anyhow::bail!("seat {seat} at a table of {players}");
            };
            *kind = SeatKind::Human;
            taken.push(SeatRow {
                seat: i64::from(seat),
                name: m.name.clone(),
                token_hash: m.token_hash.clone(),
                left_hand: None,
                profile_id: m.profile_id.clone(),
            });
            sum += s.rating;
            count += 1.0;
        }
    }
    let rated = first.rated;
    Ok(NewTable {
        rules: rules.spec(),
        bot: level_near(&rules, if count > 0.0 { sum / count } else { 1500.0 }),
        private: false,
        humans: taken.len() as u8,
        plan,
        taken,
        // Never in rated play; a casual table with the computer may.
        hints: !rated,
        secret: None,
        id: Some(id.to_string()),
        clock: clock_of(first)?,
    })
}

/// The clock of a rated pairing: 15 s a move and a minute in the bank
/// (docs/server.md, "Pairing"), so that a rated match keeps moving.
pub const RATED_CLOCK: TimeControl = TimeControl::PerMove {
    move_s: 15,
    bank_s: 60,
};

/// Open the table of a pairing (made by this round, or left unopened by
/// another node). Opened once: its id is fixed, a second opening is
/// refused by the store.
async fn open_table(hub: &Hub, id: &str) {
    let seeks = match hub.store.seeks_at(id).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(table = %id, "reading a pairing: {e}");
            return;
        }
    };
    match new_table(id, &seeks) {
        Ok(new) => {
            if let Err(r) = hub.create(new).await {
                // Already opened by another node, most likely.
                tracing::info!(table = %id, "pairing's table not opened here: {}", r.message);
            }
        }
        Err(e) => tracing::error!(table = %id, "a pairing that makes no table: {e}"),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domino_store::seeks::Member;

    /// One player's seek at `rating`, placed in seat 0 of table `t`.
    fn placed_seek(rating: f64) -> SeekRow {
        SeekRow {
            id: "s1".into(),
            game: "g".into(),
            rules: r#"{"preset":"draw","players":4,"options":{}}"#.into(),
            rated: false,
            rating,
            fill_ms: Some(5_000),
            members: vec![Member {
                player: "g:ana-browser".into(),
                name: "Ana".into(),
                profile_id: None,
                token_hash: "h".into(),
            }],
            size: 1,
            team_code: None,
            created_at: 0,
            table_id: Some("t".into()),
            seats: Some("[0]".into()),
            paired_at: Some(1),
            address: None,
            clock: None,
        }
    }

    /// The computer that fills the empty seats plays at the level whose
    /// seeded rating in the game is nearest the players': the strongest
    /// level for a player rated far above them all, the weakest for one
    /// far below, and the level nearest 1500 for a new player.
    #[test]
    fn the_computer_that_fills_plays_near_the_players_rating() {
        let seed = |l: &str| domino_league::ratings::bot_seed("draw", 4, l).rating;
        let by_rating = |pick: fn(f64, f64) -> bool| {
            domino_bots::BOT_NAMES
                .iter()
                .copied()
                .reduce(|a, b| if pick(seed(b), seed(a)) { b } else { a })
                .unwrap()
        };
        let strongest = by_rating(|b, a| b > a);
        let weakest = by_rating(|b, a| b < a);
        assert_ne!(strongest, weakest, "the ladder has levels apart");
        let table = |r: f64| new_table("t", &[placed_seek(r)]).unwrap();
        assert_eq!(table(4000.0).bot, strongest);
        assert_eq!(table(-1000.0).bot, weakest);
        let new = table(1500.0);
        let nearest = domino_bots::BOT_NAMES
            .iter()
            .map(|l| (seed(l) - 1500.0).abs())
            .fold(f64::INFINITY, f64::min);
        assert!((seed(&new.bot) - 1500.0).abs() <= nearest, "{}", new.bot);
        // Seat 0 is Ana's, the three others the computer's.
        assert_eq!(new.humans, 1);
        assert_eq!(
            new.plan,
            [SeatKind::Human, SeatKind::Bot, SeatKind::Bot, SeatKind::Bot]
        );
    }
}
