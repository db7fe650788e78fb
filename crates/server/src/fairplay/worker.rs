//! The fair-play worker: takes the queued rated matches one at a time
//! (any node may take any: the store hands each to one), analyses each on
//! one thread of its own so that a burst of finished matches waits here
//! and never slows play, keeps the people's evidence, and reviews them.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use domino_bots::analysis::analyze_until;
use domino_engine::Record;
use domino_fairplay::{match_evidence, Evidence, MoveTime};
use domino_protocol::refusal::Code;
use domino_store::fairplay::EvidenceRow;
use domino_store::{LogRow, Logged};
use tokio::sync::watch;

use super::{is_bot_level, FairPlay, Settings};

/// How long the worker rests when the queue is empty and nothing wakes it
/// (a match queued by another node).
const IDLE: Duration = Duration::from_secs(20);
/// How long it rests after the store failed.
const AFTER_ERROR: Duration = Duration::from_secs(5);

/// One thread for every analysis of this process: the expert searches
/// its worlds in parallel, and on the tables' shared pool an analysis
/// would take every core from the bots.
static ONE_THREAD: LazyLock<Option<rayon::ThreadPool>> = LazyLock::new(|| {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(|_| "fairplay".into())
        .build()
        .map_err(|e| tracing::error!("the fair-play thread: {e}"))
        .ok()
});

/// Analyse queued matches until `stop`.
pub async fn drive(fp: FairPlay, mut stop: watch::Receiver<bool>) {
    loop {
        if *stop.borrow() {
            return;
        }
        let rest = match fp.next().await {
            Ok(true) => continue,
            Ok(false) => IDLE,
            Err(e) => {
                tracing::error!("fair play: {e}");
                AFTER_ERROR
            }
        };
        tokio::select! {
            _ = fp.wake.notified() => {}
            _ = tokio::time::sleep(rest) => {}
            _ = stop.changed() => return,
        }
    }
}

impl FairPlay {
    /// Take one queued match, keep its people's evidence and review them:
    /// whether there was one.
    pub async fn next(&self) -> Result<bool, sqlx::Error> {
        let now = self.time.now_ms();
        let stale = i64::try_from(self.settings.stale.as_millis()).unwrap_or(i64::MAX);
        let Some(table) = self.rows.claim(now, now.saturating_sub(stale)).await? else {
            return Ok(false);
        };
        // The people who played it (its match lines, by seat), bot
        // accounts left out: they are engines.
        let mut people = Vec::new();
        for line in self.profiles.matches_of_table(&table).await? {
            if is_bot_level(&line.player) || self.bots.is_bot(&line.player).await? {
                continue;
            }
            people.push(line);
        }
        let evidence = if people.is_empty() {
            Vec::new()
        } else {
            match self.analyse(&table).await? {
                Some(e) => e,
                // A duplicate round still being played keeps its record
                // sealed: the match stays queued, taken, and is taken again
                // once its claim is stale.
                None => return Ok(true),
            }
        };
        let at = self.time.now_ms();
        let rows: Vec<EvidenceRow> = people
            .iter()
            .filter_map(|l| {
                let e = evidence.get(usize::try_from(l.seat).ok()?)?;
                Some(EvidenceRow {
                    profile: l.player.clone(),
                    table: table.clone(),
                    game: l.game.clone(),
                    at,
                    evidence: serde_json::to_string(e).ok()?,
                })
            })
            .collect();
        self.rows.keep_evidence(&table, &rows).await?;
        for r in &rows {
            let flags = self.review(&r.profile, &r.game).await?;
            if !flags.is_empty() {
                tracing::info!(profile = %r.profile, game = %r.game, flags = flags.len(), "fair play: flagged for review");
            }
        }
        Ok(true)
    }

    /// Each seat's evidence from `table`'s match; none when it cannot be
    /// read or analysed in time (logged: the match is left out); `None`
    /// while its duplicate round is sealed.
    async fn analyse(&self, table: &str) -> Result<Option<Vec<Evidence>>, sqlx::Error> {
        let rec = match self.finished.get(table).await {
            Ok((_, rec)) => rec,
            Err(r) if r.code == Code::RoundNotOver => return Ok(None),
            Err(r) => {
                tracing::warn!(table, "fair play: the match is not read: {}", r.message);
                return Ok(Some(Vec::new()));
            }
        };
        let times = move_times(&self.finished.log(table).await?);
        let settings = self.settings.clone();
        let seed = seed_of(table);
        let done =
            tokio::task::spawn_blocking(move || evidence_of(&rec, &times, &settings, seed)).await;
        Ok(Some(match done {
            Ok(Ok(e)) => e,
            Ok(Err(why)) => {
                tracing::warn!(table, "fair play: the match is left out: {why}");
                Vec::new()
            }
            Err(e) => {
                tracing::error!(table, "fair play: the analysis failed: {e}");
                Vec::new()
            }
        }))
    }
}

/// The analysis of `rec` on the fair-play thread, within the budget.
fn evidence_of(
    rec: &Record,
    times: &[MoveTime],
    settings: &Settings,
    seed: u64,
) -> Result<Vec<Evidence>, String> {
    let config = domino_fairplay::sim::analysis_config(seed, settings.samples);
    let start = Instant::now();
    let budget = settings.budget;
    let run = || analyze_until(rec, &config, &mut |_| start.elapsed() < budget);
    let analysis = match ONE_THREAD.as_ref() {
        Some(pool) => pool.install(run),
        None => return Err("no thread to analyse on".into()),
    }
    .map_err(|e| e.to_string())?
    .ok_or_else(|| format!("longer than {} s", budget.as_secs()))?;
    Ok(match_evidence(&analysis, times))
}

/// The analysis's seed for a table: the same for the same match, so its
/// evidence can be checked again.
fn seed_of(table: &str) -> u64 {
    table.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How long each person's action took, from the log: the time since the
/// entry before it. Actions a bot made for an absent player, and entries
/// logged before times were kept, have none.
pub(crate) fn move_times(log: &[LogRow]) -> Vec<MoveTime> {
    let mut index: HashMap<i64, usize> = HashMap::new();
    let mut out = Vec::new();
    let mut before: Option<i64> = None;
    for row in log {
        if let Logged::Act(_) = row.action {
            let i = index.entry(row.hand).or_insert(0);
            if let (Some(b), false) = (before, row.auto) {
                if row.at > 0 && b > 0 && row.at >= b {
                    out.push(MoveTime {
                        hand: u32::try_from(row.hand).unwrap_or(0),
                        index: *i,
                        seat: u8::try_from(row.seat).unwrap_or(u8::MAX),
                        ms: u32::try_from(row.at - b).unwrap_or(u32::MAX),
                    });
                }
            }
            *i += 1;
        }
        before = Some(row.at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::Action;

    fn row(seq: i64, hand: i64, seat: i64, at: i64, auto: bool, act: bool) -> LogRow {
        LogRow {
            seq,
            hand,
            seat,
            action: if act {
                Logged::Act(Action::Pass)
            } else {
                Logged::NextHand
            },
            auto,
            at,
        }
    }

    #[test]
    fn a_move_takes_the_time_since_the_entry_before_it() {
        let log = [
            row(0, 1, 0, 1_000, false, true),
            row(1, 1, 1, 1_500, false, true),
            row(2, 1, 0, 4_500, true, true),
            row(3, 1, 1, 4_600, false, true),
            row(4, 2, -1, 5_000, false, false),
            row(5, 2, 1, 5_250, false, true),
        ];
        let t = move_times(&log);
        let got: Vec<(u32, usize, u8, u32)> =
            t.iter().map(|m| (m.hand, m.index, m.seat, m.ms)).collect();
        // The first action has nothing before it; the bot's is left out
        // but counts in its hand's numbering.
        assert_eq!(got, [(1, 1, 1, 500), (1, 3, 1, 100), (2, 0, 1, 250)]);
    }

    #[test]
    fn a_table_always_gets_the_same_seed() {
        assert_eq!(seed_of("abc"), seed_of("abc"));
        assert_ne!(seed_of("abc"), seed_of("abd"));
    }
}
