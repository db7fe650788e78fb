//! Two bot accounts connected by token are paired by the pool and play a
//! rated match to the end, and both ratings move (issue 44): the server
//! in process on a loopback port, the accounts and tokens made over HTTP
//! as a person makes them, the clients as `domino bot` runs them.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::Duration;

use crate::common;

use common::{bot_account, expect_rated_matches, rated_draw, server};
use domino_botclient::{BuiltIn, ClientError, Options, Progress};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_bots_are_paired_and_play_a_rated_match_that_moves_both_ratings() {
    let addr = server().await;
    let tokens = [
        bot_account(addr, "Botty").await,
        bot_account(addr, "Robo").await,
    ];
    let policy = Arc::new(BuiltIn::new("heuristic").unwrap());
    let quiet: domino_botclient::Report = Arc::new(|p: Progress| eprintln!("{p:?}"));
    let runs = tokens
        .iter()
        .map(|t| {
            tokio::spawn(domino_botclient::run(
                rated_draw(&format!("http://{addr}"), t),
                policy.clone(),
                quiet.clone(),
            ))
        })
        .collect();
    expect_rated_matches(runs).await;
}

#[tokio::test]
async fn an_unknown_token_is_refused_at_once_and_not_retried() {
    let addr = server().await;
    let run = domino_botclient::run(
        Options::new(
            &format!("http://{addr}"),
            "dbt_nobodyhasthistoken0000000000000000000",
        ),
        Arc::new(BuiltIn::new("random").unwrap()),
        Arc::new(|_| {}),
    );
    let r = tokio::time::timeout(Duration::from_secs(10), run)
        .await
        .unwrap();
    assert!(matches!(r, Err(ClientError::BadToken)), "{r:?}");
}
