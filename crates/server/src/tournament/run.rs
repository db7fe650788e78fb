//! Running a started tournament: each round's tables opened on this node
//! (the same tables as the lobby's, each entrant's seats kept for its
//! players under their tournament tokens), their results read back from
//! the finished records, and the next round paired once the last table of
//! a round is over. Everything is read from the store each time, so a
//! restarted server (or another node) carries on where this one stopped.

use std::time::Duration;

use domino_engine::{Record, Rules};
use serde::{Deserialize, Serialize};

use super::Tournaments;
use crate::table::{NewTable, SeatKind};
use domino_league::fair::Secret;
use domino_league::tournament::{pairing, Format, Game, Plan, Round, Setup};
use domino_store::tournaments::{EntrantRow, RoundColumn, RoundRow, Stage, TournamentRow};
use domino_store::SeatRow;

/// How often the server looks at the tournaments being played.
const EVERY: Duration = Duration::from_millis(250);

/// One player of an entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub name: String,
    pub token_hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_id: Option<String>,
}

/// A stored tournament, read back.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub row: TournamentRow,
    pub rules: Rules,
    pub format: Format,
    pub entrants: Vec<EntrantRow>,
    pub rounds: Vec<(RoundRow, Round, Vec<String>)>,
}

impl Loaded {
    /// The pairing's view of it (entrants: those taken in at the start,
    /// or all so far while it is open).
    pub fn setup(&self) -> Setup {
        let n = if self.row.state == Stage::Open {
            self.entrants.len()
        } else {
            usize::try_from(self.row.field).unwrap_or(0)
        };
        Setup {
            entrants: n,
            per_table: self.rules.sides(),
            format: self.format,
            swiss_rounds: usize::try_from(self.row.rounds).unwrap_or(0),
            low_wins: self.rules.low_score_wins(),
            seed: self.row.seed as u64,
            duplicate: self.row.duplicate,
        }
    }

    pub fn played(&self) -> Vec<Round> {
        self.rounds.iter().map(|(_, r, _)| r.clone()).collect()
    }

    /// The rounds as the page and the CSV show them: a duplicate round's
    /// results only once it is over (see [`super::secrecy`]).
    pub fn published(&self) -> Vec<Round> {
        super::secrecy::published(self.row.duplicate, self.played())
    }
}

/// Read a tournament with its entrants and rounds.
pub async fn load(svc: &Tournaments, id: &str) -> anyhow::Result<Option<Loaded>> {
    let Some(row) = svc.tournaments.tournament(id).await? else {
        return Ok(None);
    };
    let rules = row.rules.resolve()?;
    let format = Format::parse(&row.format)
        .ok_or_else(|| anyhow::anyhow!("tournament {id}: format {}", row.format))?;
    let entrants = svc.tournaments.entrants(id).await?;
    let mut rounds = Vec::new();
    for r in svc.tournaments.rounds(id).await? {
        let plan: Plan = serde_json::from_str(&r.plan)?;
        let games: Vec<Option<Game>> = serde_json::from_str(&r.results)?;
        let tables: Vec<String> = serde_json::from_str(&r.tables)?;
        rounds.push((r, Round { plan, games }, tables));
    }
    Ok(Some(Loaded {
        row,
        rules,
        format,
        entrants,
        rounds,
    }))
}

/// Until `stop`: start the tournaments whose start time came, and move
/// the ones being played on.
pub async fn drive(svc: Tournaments, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => return,
        }
        let now = crate::clock::now_ms();
        if let Ok(open) = svc.tournaments.tournaments_in(Stage::Open, 200).await {
            for t in open
                .iter()
                .filter(|t| t.starts_at.is_some_and(|s| s <= now))
            {
                // Too few entrants: it waits for the organiser.
                let _ = start(&svc, &t.id).await;
            }
        }
        let playing = match svc.tournaments.tournaments_in(Stage::Playing, 200).await {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("reading tournaments: {e}");
                continue;
            }
        };
        for t in playing {
            if let Err(e) = advance(&svc, &t.id).await {
                tracing::error!(tournament = %t.id, "advancing: {e}");
            }
        }
    }
}

/// Why a tournament could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Setup(#[from] domino_league::tournament::SetupError),
    #[error("the tournament has started already")]
    Started,
    #[error("no such tournament")]
    Missing,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

/// Start an open tournament with the entrants it has, and open round one.
pub async fn start(svc: &Tournaments, id: &str) -> Result<(), StartError> {
    let Some(t) = load(svc, id).await? else {
        return Err(StartError::Missing);
    };
    if t.row.state != Stage::Open {
        return Err(StartError::Started);
    }
    t.setup().check()?;
    if !svc
        .tournaments
        .start_tournament(id)
        .await
        .map_err(anyhow::Error::from)?
    {
        return Err(StartError::Started);
    }
    advance(svc, id).await?;
    Ok(())
}

/// One look at a tournament being played: open the tables still missing,
/// collect the results of finished ones, pair the next round or finish.
pub async fn advance(svc: &Tournaments, id: &str) -> anyhow::Result<()> {
    let Some(t) = load(svc, id).await? else {
        return Ok(());
    };
    if t.row.state != Stage::Playing {
        return Ok(());
    }
    let setup = t.setup();
    if let Some((row, round, tables)) = t.rounds.last() {
        let mut round = round.clone();
        let mut tables = tables.clone();
        if tables.len() < round.plan.tables.len() {
            let secret = Secret::from_hex(&row.secret);
            for (i, seats) in round.plan.tables.iter().enumerate().skip(tables.len()) {
                let table = table_id(id, row.round, i);
                // Opened already: by another server, or by this one before
                // a stop between opening it and writing it down.
                if !svc.table_rows.exists(&table).await? {
                    if let Err(e) = open_table(svc, &t, seats, secret, &table).await {
                        if !svc.table_rows.exists(&table).await? {
                            return Err(e);
                        }
                    }
                }
                tables.push(table);
            }
            let swapped = svc
                .tournaments
                .swap_round(
                    id,
                    row.round,
                    RoundColumn::Tables,
                    &row.tables,
                    &serde_json::to_string(&tables)?,
                )
                .await?;
            if !swapped {
                // Another server wrote them meanwhile (the same ids).
                return Ok(());
            }
        }
        let mut changed = false;
        for (i, table) in tables.iter().enumerate() {
            if round.games.get(i).is_some_and(Option::is_some) {
                continue;
            }
            if let Some(game) = result(svc, &t, table, &round.plan.tables[i]).await? {
                round.games[i] = Some(game);
                changed = true;
            }
        }
        if changed {
            let swapped = svc
                .tournaments
                .swap_round(
                    id,
                    row.round,
                    RoundColumn::Results,
                    &row.results,
                    &serde_json::to_string(&round.games)?,
                )
                .await?;
            // Read the results again on the next look, whoever wrote them.
            return if swapped {
                Box::pin(advance(svc, id)).await
            } else {
                Ok(())
            };
        }
        if !round.finished() {
            return Ok(());
        }
    }
    let played = t.played();
    let Some(plan) = pairing::next_round(&setup, &played) else {
        svc.tournaments.finish_tournament(id).await?;
        return Ok(());
    };
    let row = RoundRow {
        round: played.len() as i64,
        plan: serde_json::to_string(&plan)?,
        tables: "[]".into(),
        results: serde_json::to_string(&vec![None::<Game>; plan.tables.len()])?,
        // Duplicate: one secret for the round, so every table deals the
        // same hands from it; published (hashed) before, revealed after.
        secret: if t.row.duplicate {
            Secret::random().to_hex()
        } else {
            String::new()
        },
    };
    if !svc.tournaments.add_round(id, &row).await? {
        // Another server paired it first.
        return Ok(());
    }
    // The tables are opened on the next look (right away here).
    Box::pin(advance(svc, id)).await
}

/// The id of a round's table: fixed by the tournament, the round and the
/// table's place in it (the shape of a random table id), so that whoever
/// opens it, it is opened once.
pub fn table_id(tournament: &str, round: i64, table: usize) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!(
        "tournament {tournament} round {round} table {table}"
    ));
    hex::encode(&digest[..8])
}

/// A human entrant's players, as stored; none for a bot (whose `members`
/// hold its level). A stored list that does not read is an error, never
/// an entrant with nobody in it.
pub fn members_of(e: &EntrantRow) -> Result<Vec<Member>, serde_json::Error> {
    if e.bot {
        return Ok(Vec::new());
    }
    serde_json::from_str(&e.members)
}

/// A bot entrant's level: its `members` hold it (`["expert"]`); older
/// rows hold `[]`, and play at the tournament's level.
pub fn bot_level(e: &EntrantRow) -> Option<String> {
    serde_json::from_str::<Vec<String>>(&e.members)
        .ok()?
        .into_iter()
        .next()
}

/// The seats of the side at position `p` of a table.
fn seats_of(rules: &Rules, p: usize) -> Vec<u8> {
    (0..rules.players())
        .filter(|&s| rules.side_of(s) == p)
        .collect()
}

/// Open one table of a round: each entrant on its side, its players'
/// seats taken under their tournament tokens, bots on the bot entrants'.
async fn open_table(
    svc: &Tournaments,
    t: &Loaded,
    entrants: &[usize],
    secret: Option<Secret>,
    id: &str,
) -> anyhow::Result<()> {
    let players = usize::from(t.rules.players());
    let mut plan = vec![SeatKind::Bot; players];
    // Each bot entrant plays at its own level; a player who does not come
    // is played at the tournament's.
    let mut levels = vec![t.row.bot.clone(); players];
    let mut taken = Vec::new();
    for (p, &e) in entrants.iter().enumerate() {
        let row = t
            .entrants
            .get(e)
            .ok_or_else(|| anyhow::anyhow!("no entrant {e}"))?;
        if row.bot {
            let level = bot_level(row).unwrap_or_else(|| t.row.bot.clone());
            for seat in seats_of(&t.rules, p) {
                levels[usize::from(seat)] = level.clone();
                // The seat shows the entrant's name from the standings
                // ("Bot 2"), not the table's own numbering of its bots.
                taken.push(SeatRow {
                    seat: i64::from(seat),
                    name: row.name.clone(),
                    token_hash: String::new(),
                    left_hand: None,
                    profile_id: None,
                });
            }
            continue;
        }
        let members: Vec<Member> = serde_json::from_str(&row.members)?;
        for (seat, m) in seats_of(&t.rules, p).into_iter().zip(&members) {
            plan[usize::from(seat)] = SeatKind::Human;
            taken.push(SeatRow {
                seat: i64::from(seat),
                name: m.name.clone(),
                token_hash: m.token_hash.clone(),
                left_hand: None,
                profile_id: m.profile_id.clone(),
            });
        }
    }
    let new = NewTable {
        rules: t.rules.spec(),
        bot: if levels.iter().all(|l| *l == levels[0]) {
            levels[0].clone()
        } else {
            levels.join(&crate::table::LEVELS_SEP.to_string())
        },
        private: true,
        humans: plan.iter().filter(|k| **k == SeatKind::Human).count() as u8,
        plan,
        taken,
        // Never in tournament play (issue 18: hints are off there).
        hints: false,
        secret,
        id: Some(id.to_string()),
        clock: domino_engine::TimeControl::None,
    };
    // Written before the table opens, so that its players' pages find it.
    svc.tournaments.note_tournament_table(&t.row.id, id).await?;
    svc.tables
        .open(new)
        .await
        .map_err(|r| anyhow::anyhow!("{}", r.message))?;
    Ok(())
}

/// A finished table's result, by the entrants' positions.
async fn result(
    svc: &Tournaments,
    t: &Loaded,
    table: &str,
    entrants: &[usize],
) -> anyhow::Result<Option<Game>> {
    let Some(f) = svc.table_rows.finished(table).await? else {
        return Ok(None);
    };
    let rec: Record = serde_json::from_str(&f.record)?;
    // Each hand's points by side, read as the record is replayed: a new
    // deal follows the hand before it.
    let mut hands: Vec<Vec<i64>> = Vec::new();
    let points = |m: &domino_engine::Match| -> Option<Vec<i64>> {
        let r = m.result()?;
        Some(
            (0..entrants.len())
                .map(|s| i64::from(r.points.get(s).copied().unwrap_or(0)))
                .collect(),
        )
    };
    let m = domino_engine::record::replay_with(&rec, |v| {
        if let domino_engine::record::Visit::Deal { game, .. } = v {
            if let Some(p) = points(game) {
                hands.push(p);
            }
        }
        std::ops::ControlFlow::Continue(())
    })?;
    if let Some(p) = points(&m) {
        hands.push(p);
    }
    // Each hand's deal by its fingerprint, so that duplicate scoring
    // compares only tables dealt the same cards.
    let deals: Vec<String> = rec
        .hands
        .iter()
        .take(hands.len())
        .map(|h| {
            use sha2::{Digest, Sha256};
            let deal = serde_json::to_string(&h.deal)?;
            Ok(hex::encode(&Sha256::digest(deal)[..8]))
        })
        .collect::<Result<_, serde_json::Error>>()?;
    let scores: Vec<i64> = m.scores().iter().map(|&s| i64::from(s)).collect();
    let winner = m.winner().and_then(|w| w.side());
    let ranks = domino_league::ratings::ranks(m.scores(), winner, t.rules.low_score_wins());
    Ok(Some(Game {
        entrants: entrants.to_vec(),
        places: ranks.iter().map(|r| r - 1).collect(),
        scores: scores.into_iter().take(entrants.len()).collect(),
        hands,
        deals,
    }))
}
