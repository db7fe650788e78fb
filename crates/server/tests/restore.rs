//! Restoring stored tables on start: a table whose stored row cannot be
//! its table is left out (with a log line naming it and why), never
//! restored with a guess, and the other tables come back.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{config, full_table, Client, Server};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_stored_plan_is_bad_is_not_restored() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("d.db").display());
    let s = Server::start(config(&db));
    let rules = json!({"preset": "draw", "players": 2});
    let (good, good_id) = full_table(&s, rules.clone(), 2).await;
    let (bad, bad_id) = full_table(&s, rules, 2).await;
    let token = |c: &[Client]| c[0].token.clone().unwrap();
    let (good_token, bad_token) = (token(&good), token(&bad));
    s.kill();
    drop((good, bad));

    // A seat kind no version has written.
    let pool = sqlx::SqlitePool::connect(&db).await.unwrap();
    sqlx::query("UPDATE domino_tables SET seats = ? WHERE id = ?")
        .bind(r#"["human","robot"]"#)
        .bind(&bad_id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let s = Server::start(config(&db));
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": bad_id, "token": bad_token}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    assert_eq!(r["code"], "no_table", "{r}");
    let mut c = Client::connect(s.addr).await;
    let r = c
        .request(json!({"type": "resume", "table": good_id, "token": good_token}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 0, "{r}");
}
