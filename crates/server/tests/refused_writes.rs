//! A move whose write the database refuses is refused to its player, and
//! never reaches anyone at the table: the state stays as it was for the
//! players and the spectator alike, and the table plays on once the
//! database takes writes again. (Group commit answers a batch only after
//! it commits; this proves a failed batch is not shown.)
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{config, full_table, Client, Server};
use serde_json::{json, Value};
use sqlx::AnyPool;

fn history_len(msg: &Value) -> usize {
    msg["state"]["history"].as_array().unwrap().len()
}

/// Whether any message in `msgs` shows a state with more than `len` actions.
fn shows_more(msgs: &[Value], len: usize) -> bool {
    msgs.iter()
        .any(|m| m["type"] == "state" && history_len(m) > len)
}

async fn drain(c: &mut Client, ms: u64) -> Vec<Value> {
    let mut got = Vec::new();
    while let Some(m) = c.try_recv(ms).await {
        got.push(m);
    }
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_database_refuses_reaches_no_one_and_the_table_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let s = Server::start(config(&url));
    let (mut c, table) = full_table(&s, json!({"preset": "draw", "players": 2}), 2).await;
    let mut watcher = Client::connect(s.addr).await;
    let r = watcher
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_ne!(r["type"], "error", "{r}");
    for cl in c.iter_mut().chain([&mut watcher]) {
        cl.settle(150).await;
    }
    let st = c[0].state.clone().unwrap();
    let len = history_len(&st);
    let to_act = st["state"]["to_act"].as_u64().unwrap() as usize;

    // The database stops taking the table's actions (as a full disk would).
    sqlx::any::install_default_drivers();
    let db = AnyPool::connect(&url).await.unwrap();
    sqlx::query(
        "CREATE TRIGGER no_more BEFORE INSERT ON domino_actions
         BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
    )
    .execute(&db)
    .await
    .unwrap();

    let legal = c[to_act].state.as_ref().unwrap()["state"]["legal"][0].clone();
    let r = c[to_act]
        .request(json!({"type": "act", "action": legal}))
        .await;
    assert_eq!(
        (&r["type"], &r["code"]),
        (&json!("error"), &json!("store")),
        "the move was refused: {r}"
    );
    // Nobody is shown the move: not the mover, not the other player, not
    // the spectator.
    let seen_by_mover = drain(&mut c[to_act], 300).await;
    let seen_by_other = drain(&mut c[1 - to_act], 300).await;
    let seen_by_watcher = drain(&mut watcher, 300).await;
    assert!(!shows_more(&seen_by_mover, len), "{seen_by_mover:?}");
    assert!(!shows_more(&seen_by_other, len), "{seen_by_other:?}");
    assert!(!shows_more(&seen_by_watcher, len), "{seen_by_watcher:?}");
    for cl in c.iter().chain([&watcher]) {
        assert_eq!(history_len(cl.state.as_ref().unwrap()), len);
    }

    // Writes come back: the same move is taken, and everyone sees it.
    sqlx::query("DROP TRIGGER no_more")
        .execute(&db)
        .await
        .unwrap();
    let r = c[to_act]
        .request(json!({"type": "act", "action": legal}))
        .await;
    assert_eq!(r["type"], "ok", "{r}");
    watcher.settle(300).await;
    c[1 - to_act].settle(300).await;
    assert_eq!(history_len(watcher.state.as_ref().unwrap()), len + 1);
    assert_eq!(history_len(c[1 - to_act].state.as_ref().unwrap()), len + 1);
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM domino_actions WHERE table_id = $1")
        .bind(&table)
        .fetch_one(&db)
        .await
        .unwrap();
    assert!(stored >= 1, "the move taken is stored");
}
