//! The store's contract on every backend, and what connecting does.
#![allow(clippy::unwrap_used)]
use super::*;
use crate::migrations::MIGRATIONS;
use domino_engine::Action;
use sqlx::Row;

/// Now, in ms since the epoch.
pub(crate) fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(since.as_millis()).unwrap()
}

/// The stores a contract test runs on: SQLite in memory, and a fresh
/// PostgreSQL database (named after `tag`) when `DOMINO_TEST_POSTGRES`
/// names a server.
pub(crate) async fn test_urls(tag: &str) -> Vec<String> {
    let mut urls = vec!["sqlite::memory:".to_string()];
    if let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") {
        urls.push(scratch_postgres(&url, tag).await.unwrap().0);
    }
    urls
}

/// A draw table for one player and bots, created at `created_at`.
pub(crate) fn table_row(id: &str, created_at: i64) -> TableRow {
    TableRow {
        id: id.into(),
        created_at,
        rules: domino_engine::RulesSpec::preset("draw"),
        secret: "ab".repeat(32),
        bot: "random".into(),
        private: false,
        humans: 1,
        seats: None,
        clock: None,
    }
}

/// The store's contract, for any backend.
/// A record as a finished table's row keeps it.
pub(crate) fn record() -> domino_engine::record::Record {
    domino_engine::record::Record {
        format: domino_engine::record::FORMAT.into(),
        rules: domino_engine::RulesSpec::preset("draw"),
        seed: Some(7),
        hands: Vec::new(),
    }
}

/// A turn clock as a table's row keeps it.
pub(crate) fn clock(players: u8) -> domino_engine::Clock {
    domino_engine::Clock::new(domino_engine::TimeControl::None, players)
}

pub(crate) async fn contract(store: &Store, id: &str) {
    let (tables, leases, clocks) = (store.tables(), store.leases(), store.clocks());
    let t = TableRow {
        id: id.into(),
        created_at: 5,
        rules: domino_engine::RulesSpec::preset("draw"),
        secret: "ab".repeat(32),
        bot: "heavy".into(),
        private: false,
        humans: 2,
        seats: Some(r#"["human","bot","human"]"#.into()),
        clock: Some("first".into()),
    };
    tables.create_table(&t).await.unwrap();
    assert!(tables.create_table(&t).await.is_err(), "ids are unique");
    let s = SeatRow {
        seat: 0,
        name: "Ann".into(),
        token_hash: "h".into(),
        left_hand: None,
        profile_id: Some("p1".into()),
    };
    let leased = leases.leased();
    if leased {
        let ttl = std::time::Duration::from_secs(60);
        let holder = Holder {
            node: "node-a".into(),
            channel: "domino_1".into(),
        };
        assert!(leases.take_lease(id, &holder, ttl).await.unwrap());
    }
    tables.add_seat(id, "node-a", &s).await.unwrap();
    // The clock is written as it runs, and read back with the table.
    clocks.set_clock(id, "node-a", &clock(2)).await.unwrap();
    let t = TableRow {
        clock: Some(crate::json_text(&clock(2)).unwrap()),
        ..t
    };
    assert!(
        matches!(
            tables.add_seat(id, "node-a", &s).await,
            Err(TableWriteError::Superseded(_))
        ),
        "a seat is taken once"
    );
    for seq in 0..3 {
        let e = LogRow {
            seq,
            hand: 1,
            seat: seq % 2,
            action: if seq == 1 {
                Logged::NextHand
            } else {
                Logged::Act(Action::Pass)
            },
            auto: seq == 2,
            at: 1000 + seq,
        };
        tables.append(id, "node-a", &e).await.unwrap();
    }
    let dup = LogRow {
        seq: 1,
        hand: 1,
        seat: 0,
        action: Logged::NextHand,
        auto: false,
        at: 0,
    };
    assert!(
        matches!(
            tables.append(id, "node-a", &dup).await,
            Err(TableWriteError::Superseded(_))
        ),
        "no entry is overwritten, and the writer learns its copy is behind"
    );
    if leased {
        // Only the lease holder writes the table: its log, its seats,
        // its end. Nothing another node tries changes it.
        let next = LogRow {
            seq: 3,
            ..dup.clone()
        };
        let other = SeatRow {
            seat: 2,
            ..s.clone()
        };
        let b = "node-b";
        let refused = [
            tables.append(id, b, &next).await,
            tables.add_seat(id, b, &other).await,
            tables.leave_seat(id, b, 0, 9).await,
            tables.set_seats(id, b, &["bot", "bot", "bot"]).await,
            clocks.set_clock(id, b, &clock(3)).await,
            tables.finish(id, b, 1, &record()).await,
            tables.abandon(id, b, 1, &record()).await,
        ];
        for r in refused {
            assert!(matches!(r, Err(TableWriteError::Superseded(_))), "{r:?}");
        }
    }
    let saved = tables.unfinished().await.unwrap();
    let mine = saved.iter().find(|s| s.table.id == id).unwrap();
    assert_eq!(mine.table, t);
    assert_eq!(mine.seats, vec![s]);
    assert_eq!(
        mine.log.iter().map(|e| e.seq).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
    assert_eq!(mine.log[1].action, Logged::NextHand);
    assert_eq!(mine.log[2].action, Logged::Act(Action::Pass));
    // Now, in milliseconds like real matches, so it heads the list of
    // the latest even on a database that other tests (and earlier runs)
    // have filled with finished tables.
    let at = now_ms() + 1;
    tables.finish(id, "node-a", at, &record()).await.unwrap();
    assert!(tables
        .unfinished()
        .await
        .unwrap()
        .iter()
        .all(|s| s.table.id != id));
    tables.leave_seat(id, "node-a", 0, 3).await.unwrap();
    tables
        .set_seats(id, "node-a", &["human", "bot", "bot"])
        .await
        .unwrap();
    assert!(tables.exists(id).await.unwrap());
    assert!(!tables.exists("nope").await.unwrap());
    let f = tables.finished(id).await.unwrap().unwrap();
    let kept: domino_engine::record::Record = serde_json::from_str(&f.record).unwrap();
    assert_eq!((f.finished_at, kept), (at, record()));
    assert_eq!(f.seats[0].left_hand, Some(3));
    assert_eq!(f.table.seats.as_deref(), Some(r#"["human","bot","bot"]"#));
    // Seat 0 made seqs 0 and 2 (the second by a bot), seat 1 seq 1.
    assert_eq!(f.moves, vec![(0, 2, 1), (1, 1, 0)]);
    assert!(tables
        .finished_list(10)
        .await
        .unwrap()
        .iter()
        .any(|f| f.table.id == id));
    assert!(tables.finished("nope").await.unwrap().is_none());
}

#[tokio::test]
async fn sqlite_store_keeps_its_contract_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Store::connect(&url).await.unwrap();
    contract(&store, "t1").await;
    store.close().await;
    // Reopening migrates nothing twice and finds the data.
    let store = Store::connect(&url).await.unwrap();
    assert!(store.tables().finished("t1").await.unwrap().is_some());
}

#[tokio::test]
async fn sqlite_commits_are_synced_so_acknowledged_moves_survive_power_loss() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sync.db").display());
    let store = Store::connect(&url).await.unwrap();
    // Every pooled connection: 2 is FULL, and the journal is the WAL.
    for _ in 0..3 {
        let mut conn = store.db.pool.acquire().await.unwrap();
        let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert_eq!(sync, 2, "synchronous = FULL");
        let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert_eq!(journal, "wal");
    }
    store.close().await;
}

#[tokio::test]
async fn a_second_store_on_the_same_sqlite_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("one.db").display());
    let first = Store::connect(&url).await.unwrap();
    let err = Store::connect(&url).await.unwrap_err().to_string();
    assert!(
        err.contains("already in use by another `domino serve`"),
        "{err}"
    );
    assert!(
        err.contains(&format!("process {}", std::process::id())),
        "{err}"
    );
    // Once the first lets go, the file opens again.
    first.close().await;
    let again = Store::connect(&url).await.unwrap();
    again.close().await;
}

/// Several nodes started at once on an empty PostgreSQL database all
/// come up (they migrate one after the other under an advisory lock).
/// Runs when `DOMINO_TEST_POSTGRES` names a server whose user may
/// create databases: it makes a fresh one and drops it.
#[tokio::test]
async fn nodes_started_together_on_an_empty_postgres_all_migrate() {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let (fresh, name) = scratch_postgres(&url, "migrate").await.unwrap();
    let admin = AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    let nodes: Vec<_> = (0..4)
        .map(|_| {
            let fresh = fresh.clone();
            tokio::spawn(async move { Store::connect(&fresh).await })
        })
        .collect();
    let mut stores = Vec::new();
    for n in nodes {
        stores.push(n.await.unwrap().unwrap());
    }
    let versions: i64 = sqlx::query("SELECT COUNT(*) FROM domino_schema")
        .fetch_one(&stores[0].db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(versions, MIGRATIONS.len() as i64, "each migration ran once");
    contract(&stores[3], "after-race").await;
    for s in &stores {
        s.close().await;
    }
    admin
        .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
}

/// Runs when `DOMINO_TEST_POSTGRES` names a server, e.g.
/// `postgres://postgres@127.0.0.1/domino_test`.
#[tokio::test]
async fn postgres_store_keeps_the_same_contract() {
    let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.backend(), Backend::Postgres);
    // Unique across runs on the same database.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let id = format!("pg{}x{nanos}", std::process::id());
    contract(&store, &id).await;
}

/// A rules column is typed: what does not read back as a `RulesSpec` is
/// the column's decode error, never a default the caller goes on with.
#[tokio::test]
async fn a_rules_column_that_does_not_read_is_an_error() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let tables = store.tables();
    let t = table_row("t1", 1);
    tables.create_table(&t).await.unwrap();
    let back = tables.unfinished_one("t1").await.unwrap().unwrap();
    assert_eq!(back.table.rules, t.rules);
    sqlx::query("UPDATE domino_tables SET rules = 'not rules' WHERE id = 't1'")
        .execute(&store.db.pool)
        .await
        .unwrap();
    match tables.unfinished_one("t1").await {
        Err(sqlx::Error::ColumnDecode { index, .. }) => assert_eq!(index, "rules"),
        other => panic!("read back as {other:?}"),
    }
}
