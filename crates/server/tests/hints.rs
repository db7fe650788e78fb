//! The `hint` request: the expert's move in the asking player's place, one
//! of their legal actions and changing nothing; refused out of turn, to a
//! spectator and before joining.

mod common;

use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_one_of_your_legal_actions_on_your_turn_only() {
    let s = mem();
    let (mut c, table) = full_table(&s, json!({"preset": "draw", "players": 2}), 2).await;
    let mut watcher = Client::connect(s.addr).await;
    let r = watcher.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "not_seated", "{r}");
    let r = watcher
        .request(json!({"type": "spectate", "table": table}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let r = watcher.request(json!({"type": "hint"})).await;
    assert_eq!(r["code"], "not_seated", "{r}");

    let mut hinted = 0;
    for _ in 0..8 {
        let st = c[0].state.clone().unwrap();
        if st["state"]["phase"] != "play" {
            break;
        }
        let to_act = st["state"]["to_act"].as_u64().unwrap() as usize;
        let r = c[1 - to_act].request(json!({"type": "hint"})).await;
        assert_eq!(r["code"], "not_your_turn", "{r}");
        let before = c[to_act].state.clone().unwrap();
        let r = c[to_act].request(json!({"type": "hint"})).await;
        assert_eq!(r["type"], "hint", "{r}");
        let legal = before["state"]["legal"].as_array().unwrap();
        assert!(
            legal.contains(&r["action"]),
            "{} not in {legal:?}",
            r["action"]
        );
        // Asking changed nothing: the same state, and the hint can be played.
        assert_eq!(c[to_act].state.as_ref().unwrap()["seq"], before["seq"]);
        let played = c[to_act]
            .request(json!({"type": "act", "action": r["action"], "seq": before["seq"]}))
            .await;
        assert_eq!(played["type"], "ok", "{played}");
        hinted += 1;
        for cl in c.iter_mut() {
            cl.settle(150).await;
        }
    }
    assert!(hinted >= 2, "only {hinted} hints");
}
