//! Fair play on the server (docs/fairplay.md): rated matches queued as the
//! tables rate them, analysed by the worker, flags raised for a player who
//! plays the expert's moves and not for an honest one; the moderators'
//! routes and `domino admin`'s role and audit log.

use std::sync::Arc;

use domino_fairplay::sim::{play_match, Persona, SimConfig, Style};
use domino_fairplay::{Band, Flag};
use domino_league::ratings::{MatchEnd, SeatStats};
use domino_protocol::fairplay::ModAction;
use domino_server::clock::TimeSource;
use domino_server::fairplay::{admin, FairPlay, Parts, Queueing, Settings, MODERATOR};
use domino_server::finished::FinishedMatches;
use domino_server::profiles::Ratings;
use domino_server::table::Rater;
use domino_store::{Store, TableRow};
use serde_json::Value;

use crate::common::{config, http_request, person, Server};

/// The game the simulated matches are played in: one with shipped norms.
const GAME: &str = "block";

fn honest(band: u8) -> Persona {
    Persona {
        band: Band(band),
        noise: 0.15,
        style: Style::Honest,
    }
}

/// Play a match of `who` (seat 0) against three honest heuristic players,
/// store it as a finished table and hand its end to `rater`, as a table
/// does.
async fn play_rated(
    store: &Store,
    rater: &dyn Rater,
    table: &str,
    who: &str,
    p: Persona,
    seed: u64,
) {
    let rules = domino_engine::RulesSpec::preset(GAME).resolve().unwrap();
    let cfg = SimConfig {
        rules,
        samples: domino_fairplay::shipped::SAMPLES,
    };
    let players = rules.players();
    let mut personas = vec![p];
    personas.extend((1..players).map(|_| honest(3)));
    let rec = play_match(&cfg, &personas, seed).unwrap();
    store
        .tables()
        .create_table(&TableRow {
            id: table.into(),
            created_at: 1,
            rules: rules.spec(),
            secret: "ab".repeat(32),
            bot: "heuristic".into(),
            private: false,
            humans: 1,
            seats: None,
            clock: None,
        })
        .await
        .unwrap();
    store.tables().finish(table, "n", 2, &rec).await.unwrap();
    let mut names = vec![Some(who.to_string())];
    names.extend((1..players).map(|_| Some("bot:heuristic".to_string())));
    let end = MatchEnd {
        table: table.into(),
        game: GAME.into(),
        players: names,
        side_of: (0..usize::from(players)).collect(),
        stats: vec![SeatStats::default(); usize::from(players)],
        ranks: (1..=usize::from(players)).collect(),
        winner: Some(0),
        rated: true,
        hands: 1,
        at: 3,
    };
    rater.rate(end).await;
}

/// Matches each player plays: enough for the expert's agreement on its
/// deep decisions to be improbable for any band (the benchmark flags
/// every such player within eight).
const MATCHES: u64 = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_of_the_experts_moves_is_flagged_and_an_honest_one_is_not() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let finished = FinishedMatches::new(store.tables().clone(), store.tournaments().clone());
    let fp = FairPlay::new(Parts {
        rows: store.fairplay().clone(),
        profiles: store.profiles().clone(),
        bots: store.bots().clone(),
        finished,
        time: TimeSource::default(),
        settings: Settings::default(),
    });
    let rater = Queueing {
        inner: Arc::new(Ratings::new(store.profiles().clone())),
        fairplay: fp.clone(),
    };
    for who in ["cheat", "honest"] {
        let p = domino_store::profiles::Profile {
            id: who.into(),
            name: who.into(),
            created_at: 1,
        };
        let keys = domino_store::profiles::NameKeys {
            folded: who.into(),
            skeleton: who.into(),
        };
        assert!(store
            .profiles()
            .create_profile(&p, &keys, who)
            .await
            .unwrap());
    }
    let cheat = Persona {
        style: Style::Cheat { p: 1.0 },
        ..honest(3)
    };
    for m in 0..MATCHES {
        play_rated(&store, &rater, &format!("c{m}"), "cheat", cheat, 100 + m).await;
        play_rated(
            &store,
            &rater,
            &format!("h{m}"),
            "honest",
            honest(3),
            200 + m,
        )
        .await;
    }
    // A match of bots alone is not queued: it says nothing of people.
    let bots = Persona { ..honest(3) };
    play_rated(&store, &rater, "b0", "bot:heavy", bots, 300).await;
    assert_eq!(store.fairplay().queued().await.unwrap(), 2 * MATCHES as i64);
    let mut analysed = 0;
    while fp.next().await.unwrap() {
        analysed += 1;
    }
    assert_eq!(analysed, 2 * MATCHES);
    assert_eq!(store.fairplay().queued().await.unwrap(), 0);
    let kept = store.fairplay().evidence_of("cheat", GAME).await.unwrap();
    assert_eq!(kept.len(), MATCHES as usize, "one line a match");

    let flags = store.fairplay().flags(100).await.unwrap();
    let of = |who: &str| flags.iter().filter(|f| f.profile == who).count();
    assert_eq!(of("honest"), 0, "{flags:?}");
    assert_eq!(of("cheat"), 1, "{flags:?}");
    let flag: Flag = serde_json::from_str(&flags[0].figures).unwrap();
    let Flag::Agreement(a) = flag else {
        panic!("{flag:?}")
    };
    assert!(a.deep_tail() < 1e-4 || a.tail() < 1e-4, "{a:?}");
    assert!(a.deep_agreed * 3 > a.deep, "{a:?}");

    // The moderators' list: refused to anyone else.
    assert_eq!(
        fp.flags("honest").await.unwrap_err().code.as_str(),
        "not_moderator"
    );
    assert!(
        admin::set_moderator(&store, "mo", true, "test", 5)
            .await
            .is_err(),
        "no such profile"
    );

    // Marked engine-assisted, the profile leaves the leaderboard; undone,
    // it is back; both in the audit log with who and why.
    let board = |store: Store| async move {
        let rows = store.profiles().leaderboard(GAME, 1, 10).await.unwrap();
        rows.into_iter().map(|r| r.player).collect::<Vec<_>>()
    };
    assert!(board(store.clone()).await.contains(&"cheat".to_string()));
    let mark = |why: &str| ModAction::MarkEngine {
        profile: "cheat".into(),
        why: why.into(),
    };
    assert_eq!(
        fp.act("mo", mark("seen")).await.unwrap_err().code.as_str(),
        "not_moderator"
    );
    store.fairplay().grant("mo", MODERATOR, 1).await.unwrap();
    assert_eq!(
        fp.act("mo", mark("  ")).await.unwrap_err().code.as_str(),
        "bad_request"
    );
    assert!(fp.act("mo", mark("the figures")).await.unwrap().changed);
    assert!(
        !fp.act("mo", mark("again")).await.unwrap().changed,
        "marked once"
    );
    let after = board(store.clone()).await;
    assert!(
        !after.contains(&"cheat".to_string()) && after.contains(&"honest".to_string()),
        "{after:?}"
    );
    let unknown = ModAction::MarkEngine {
        profile: "nobody".into(),
        why: "x".into(),
    };
    assert_eq!(
        fp.act("mo", unknown).await.unwrap_err().code.as_str(),
        "no_such_profile"
    );
    let bot = ModAction::MarkEngine {
        profile: "bot:heavy".into(),
        why: "x".into(),
    };
    assert!(fp.act("mo", bot).await.is_err(), "bot accounts are engines");
    let undo = ModAction::UnmarkEngine {
        profile: "cheat".into(),
        why: "appeal upheld".into(),
    };
    assert!(fp.act("mo", undo).await.unwrap().changed);
    assert!(board(store.clone()).await.contains(&"cheat".to_string()));
    let dismiss = ModAction::DismissFlag {
        profile: "cheat".into(),
        game: GAME.into(),
        kind: "agreement".into(),
        why: "reviewed".into(),
    };
    assert!(fp.act("mo", dismiss).await.unwrap().changed);
    assert!(store.fairplay().flags(10).await.unwrap().is_empty());
    let log: Vec<String> = fp
        .audit_log("mo")
        .await
        .unwrap()
        .into_iter()
        .map(|a| format!("{} {} {}", a.actor, a.action, a.why))
        .collect();
    assert_eq!(
        log,
        [
            "mo dismiss_flag reviewed",
            "mo unmark_engine appeal upheld",
            "mo mark_engine the figures"
        ]
    );
    store.close().await;
}

async fn get(addr: std::net::SocketAddr, path: &str, cookie: &str) -> (u16, Value) {
    let (status, _, body) = http_request(addr, "GET", path, &[("Cookie", cookie)], None).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

#[test]
fn only_a_moderator_reads_the_flags_and_every_grant_is_in_the_audit_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("fp.db").display());
    let server = Server::start(config(&db));
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let addr = server.addr;
        let (mo_cookie, mo) = person(addr, "Mo").await;
        let (pat_cookie, _) = person(addr, "Pat").await;
        let (status, body) = get(addr, "/api/fairplay/flags", "").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("signed_out")),
            "{body}"
        );
        let (status, body) = get(addr, "/api/fairplay/flags", &pat_cookie).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("not_moderator")),
            "{body}"
        );

        // `domino admin` beside the running server, by name.
        let store = Store::connect_beside_server(&db).await.unwrap();
        let (changed, name) = admin::set_moderator(&store, "Mo", true, "runs the club", 10)
            .await
            .unwrap();
        assert_eq!((changed, name.as_str()), (true, "Mo"));
        let (changed, _) = admin::set_moderator(&store, &mo, true, "again", 11)
            .await
            .unwrap();
        assert!(!changed, "granted once");
        assert!(matches!(
            admin::set_moderator(&store, "Nobody", true, "", 12).await,
            Err(admin::AdminError::NoProfile(_))
        ));
        assert!(matches!(
            admin::set_moderator(&store, "bot:heavy", true, "", 12).await,
            Err(admin::AdminError::BotAccount(_))
        ));
        assert_eq!(
            admin::moderators(&store).await.unwrap(),
            [(mo.clone(), "Mo".to_string())]
        );

        let (status, body) = get(addr, "/api/fairplay/flags", &mo_cookie).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["flags"], serde_json::json!([]));
        assert_eq!(body["queued"], 0);
        let (status, log) = get(addr, "/api/fairplay/audit", &mo_cookie).await;
        assert_eq!(status, 200, "{log}");
        assert_eq!(log[0]["action"], "grant_moderator");
        assert_eq!(log[0]["target"], mo.as_str());
        assert_eq!(log[0]["why"], "runs the club");
        assert_eq!(
            log.as_array().unwrap().len(),
            1,
            "a grant that changed nothing is not logged"
        );

        // Reports: kept for the moderators, with clear refusals.
        let report = |body: Value, cookie: String| async move {
            let text = body.to_string();
            let (status, _, answer) = http_request(
                addr,
                "POST",
                "/api/fairplay/reports",
                &[("Cookie", cookie.as_str())],
                Some(&text),
            )
            .await;
            (
                status,
                serde_json::from_str::<Value>(&answer).unwrap_or(Value::Null),
            )
        };
        let pat = pat_cookie.clone();
        let (status, r) = report(
            serde_json::json!({"profile": mo, "reason": "engine", "table": "t1"}),
            pat.clone(),
        )
        .await;
        assert_eq!(status, 201, "{r}");
        assert!(r["id"].is_string());
        let refused = [
            (
                serde_json::json!({"profile": mo, "reason": "engine"}),
                mo_cookie.clone(),
                400,
                "bad_request",
            ),
            (
                serde_json::json!({"profile": "nobody", "reason": "abuse"}),
                pat.clone(),
                404,
                "no_such_profile",
            ),
            (
                serde_json::json!({"profile": "bot:heavy", "reason": "engine"}),
                pat.clone(),
                400,
                "bad_request",
            ),
            (
                serde_json::json!({"profile": mo, "reason": "other"}),
                pat.clone(),
                400,
                "bad_request",
            ),
            (
                serde_json::json!({"profile": mo, "reason": "other", "text": "x".repeat(501)}),
                pat.clone(),
                413,
                "too_large",
            ),
            (
                serde_json::json!({"profile": mo, "reason": "engine"}),
                String::new(),
                401,
                "signed_out",
            ),
        ];
        for (body, cookie, want, code) in refused {
            let (status, r) = report(body.clone(), cookie).await;
            assert_eq!(
                (status, r["code"].as_str()),
                (want, Some(code)),
                "{body} {r}"
            );
        }
        // A bot account may be reported for abuse.
        let (status, r) = report(
            serde_json::json!({"profile": "bot:heavy", "reason": "abuse", "text": "rude"}),
            pat.clone(),
        )
        .await;
        assert_eq!(status, 201, "{r}");
        // Ten a day, then refused.
        for i in 2..domino_server::fairplay::REPORTS_PER_DAY {
            let (status, r) = report(
                serde_json::json!({"profile": mo, "reason": "other", "text": format!("{i}")}),
                pat.clone(),
            )
            .await;
            assert_eq!(status, 201, "{i} {r}");
        }
        let (status, r) = report(
            serde_json::json!({"profile": mo, "reason": "abuse"}),
            pat.clone(),
        )
        .await;
        assert_eq!(
            (status, r["code"].as_str()),
            (429, Some("rate_limited")),
            "{r}"
        );
        let (status, list) = get(addr, "/api/fairplay/reports", &mo_cookie).await;
        assert_eq!(status, 200, "{list}");
        let list = list.as_array().unwrap();
        assert_eq!(
            list.len(),
            domino_server::fairplay::REPORTS_PER_DAY as usize
        );
        let first = list.iter().find(|r| r["reason"] == "engine").unwrap();
        assert_eq!(
            (first["target_name"].as_str(), first["table"].as_str()),
            (Some("Mo"), Some("t1"))
        );
        let (status, _) = get(addr, "/api/fairplay/reports", &pat_cookie).await;
        assert_eq!(status, 403);
        let dismiss = serde_json::json!({"action": "dismiss_report", "report": first["id"], "why": "a loss, not a cheat"});
        let act = |cookie: String, body: Value| async move {
            let text = body.to_string();
            let (status, _, answer) =
                http_request(addr, "POST", "/api/fairplay/actions", &[("Cookie", cookie.as_str())], Some(&text)).await;
            (status, serde_json::from_str::<Value>(&answer).unwrap_or(Value::Null))
        };
        let (status, r) = act(pat.clone(), dismiss.clone()).await;
        assert_eq!((status, r["code"].as_str()), (403, Some("not_moderator")), "{r}");
        let (status, r) = act(mo_cookie.clone(), dismiss.clone()).await;
        assert_eq!((status, r["changed"].as_bool()), (200, Some(true)), "{r}");
        let (_, r) = act(mo_cookie.clone(), dismiss).await;
        assert_eq!(r["changed"], false, "dismissed once");
        let (_, list) = get(addr, "/api/fairplay/reports", &mo_cookie).await;
        assert_eq!(list.as_array().unwrap().len(), domino_server::fairplay::REPORTS_PER_DAY as usize - 1);

        // Taken back: refused again, and logged.
        assert!(
            admin::set_moderator(&store, "Mo", false, "stepped down", domino_server::clock::now_ms())
                .await
                .unwrap()
                .0
        );
        let (status, _) = get(addr, "/api/fairplay/flags", &mo_cookie).await;
        assert_eq!(status, 403);
        let log = store.fairplay().audit_log(10).await.unwrap();
        assert_eq!(log[0].action, "revoke_moderator");
        store.close().await;
    });
}
