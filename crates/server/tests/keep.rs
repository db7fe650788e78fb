//! The scorekeeper over real HTTP on a loopback port: create a sheet,
//! enter hands, refuse an impossible one (nothing changes), undo, share
//! (anyone reads, only the secret edits), CSV; on SQLite, and on
//! PostgreSQL when `DOMINO_TEST_POSTGRES` names a server.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{config, http_request, Server};
use serde_json::{json, Value};

struct Keeper<'a> {
    s: &'a Server,
    id: String,
    secret: String,
}

impl Keeper<'_> {
    async fn call(
        &self,
        method: &str,
        path: &str,
        secret: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let headers: Vec<(&str, &str)> =
            secret.map(|s| ("X-Sheet-Secret", s)).into_iter().collect();
        let body = body.map(|b| b.to_string());
        let (status, _, text) =
            http_request(self.s.addr, method, path, &headers, body.as_deref()).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn enter(&self, report: Value) -> (u16, Value) {
        self.call(
            "POST",
            &format!("/api/sheets/{}/hands", self.id),
            Some(&self.secret),
            Some(report),
        )
        .await
    }

    /// The sheet's CSV: its status, headers and text.
    async fn csv(&self) -> (u16, String, String) {
        let path = format!("/api/sheets/{}/csv", self.id);
        http_request(self.s.addr, "GET", &path, &[], None).await
    }

    async fn sheet(&self) -> Value {
        let (status, v) = self
            .call("GET", &format!("/api/sheets/{}", self.id), None, None)
            .await;
        assert_eq!(status, 200, "{v}");
        v
    }
}

async fn create(s: &Server, body: Value) -> (u16, Value) {
    let (status, _, text) =
        http_request(s.addr, "POST", "/api/sheets", &[], Some(&body.to_string())).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn keeper(s: &Server, body: Value) -> Keeper<'_> {
    let (status, v) = create(s, body).await;
    assert_eq!(status, 201, "{v}");
    Keeper {
        s,
        id: v["id"].as_str().unwrap().to_string(),
        secret: v["secret"].as_str().unwrap().to_string(),
    }
}

fn domino(seat: usize, counts: [u32; 4]) -> Value {
    json!({"dominoed": [seat], "counts": counts})
}

async fn whole_life(s: &Server) {
    // Refused creations: an unknown game, too many names.
    let (status, v) = create(s, json!({"rules": {"preset": "checkers"}})).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("bad_rules")),
        "{v}"
    );
    let (status, v) = create(
        s,
        json!({"rules": {"preset": "jamaican"}, "names": ["A", "B", "C"]}),
    )
    .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("bad_names")),
        "{v}"
    );

    let k = keeper(
        s,
        json!({"rules": {"preset": "jamaican"}, "names": ["Ann & Bo", "Cy, Di"]}),
    )
    .await;
    assert_ne!(k.id, k.secret);
    assert!(k.id.len() >= 24 && k.secret.len() >= 48);
    let v = k.sheet().await;
    assert_eq!(v["names"], json!(["Ann & Bo", "Cy, Di"]));
    assert!(v.get("secret").is_none(), "the secret is never shown again");
    assert_eq!(v["fields"]["key_tile"], true);

    // Two hands: team 0 scores, then team 1 wins while it has none: reset.
    let (status, v) = k.enter(domino(0, [0, 9, 4, 12])).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([1, 0]));
    let (status, v) = k.enter(domino(1, [5, 0, 4, 12])).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([0, 0]));
    assert_eq!(v["hands"][1]["result"]["notes"], json!(["reset"]));

    // An impossible hand: a clear message, nothing changed.
    let before = k.sheet().await;
    let (status, v) = k
        .enter(json!({"dominoed": [0, 1], "counts": [0, 0, 4, 12]}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(v["code"], "bad_hand");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("cannot both have dominoed"),
        "{v}"
    );
    // And as facts, for the page to say in its own language.
    assert_eq!(
        v["reason"],
        json!({"kind": "two_dominoes", "facts": {"first": 0, "second": 1}})
    );
    let (status, v) = k
        .enter(json!({"dominoed": [0], "counts": [0, 1, 2, 3], "capicu": true}))
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(k.sheet().await["hands"], before["hands"]);

    // Nobody else edits: no secret, a wrong one.
    let path = format!("/api/sheets/{}/hands", k.id);
    let (status, v) = k
        .call("POST", &path, None, Some(domino(0, [0, 1, 2, 3])))
        .await;
    assert_eq!((status, v["code"].as_str()), (403, Some("no_secret")));
    let (status, v) = k
        .call(
            "POST",
            &path,
            Some("0123abcd"),
            Some(domino(0, [0, 1, 2, 3])),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (403, Some("bad_secret")));
    let last = format!("/api/sheets/{}/hands/last", k.id);
    let (status, _) = k.call("DELETE", &last, Some("nope"), None).await;
    assert_eq!(status, 403);
    assert_eq!(k.sheet().await["hands"], before["hands"]);

    // The version a viewing page asks for: unchanged by the refusals, the
    // sheet's own; new after an undo (the same count as an earlier state
    // of the sheet, but a new version).
    let version_path = format!("/api/sheets/{}/version", k.id);
    let (status, head, text) = http_request(s.addr, "GET", &version_path, &[], None).await;
    assert_eq!(status, 200, "{text}");
    assert!(head.to_ascii_lowercase().contains("no-store"), "{head}");
    let version: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(version["version"], before["version"]);
    assert!(version["version"].as_str().unwrap().starts_with("2."));
    let (status, v) = k.call("GET", "/api/sheets/ffff/version", None, None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no_sheet")));

    // Undo the reset: the score is back to 1-0.
    let (status, v) = k.call("DELETE", &last, Some(&k.secret), None).await;
    assert_eq!(status, 200, "{v}");
    let (_, now) = k.call("GET", &version_path, None, None).await;
    assert_eq!(now["version"], v["version"]);
    assert_ne!(now["version"], version["version"]);
    assert_eq!(v["scores"], json!([1, 0]));
    assert_eq!(v["hands"].as_array().unwrap().len(), 1);

    // Play it to six-love; then the sheet takes no more hands.
    for _ in 0..5 {
        let (status, v) = k.enter(domino(2, [3, 9, 0, 12])).await;
        assert_eq!(status, 200, "{v}");
    }
    let v = k.sheet().await;
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], json!({"side": 0}));
    let (status, v) = k.enter(domino(0, [0, 9, 4, 12])).await;
    assert_eq!(status, 400);
    assert!(v["message"].as_str().unwrap().contains("match is over"));

    // A body that does not parse is refused in the API's shape, like
    // every other refusal, and changes nothing.
    let before = k.sheet().await;
    let (status, v) = k.enter(json!({"counts": [-1, 2, 3, 4]})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad_json")), "{v}");
    assert!(v["message"].as_str().unwrap().contains("counts"), "{v}");
    let (status, _, text) =
        http_request(s.addr, "POST", "/api/sheets", &[], Some("{\"rules\":")).await;
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("bad_json")),
        "{text}"
    );
    assert_eq!(k.sheet().await, before);

    // Shared: the page and the CSV at their links, for anyone.
    let (status, _) = s.get(&format!("/k/{}", k.id)).await;
    assert_eq!(status, 200);
    let (status, _) = s.get("/k/00000000").await;
    assert_eq!(status, 404);
    let (status, _) = s.get("/keep").await;
    assert_eq!(status, 200);
    let (status, head, csv) = k.csv().await;
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("text/csv"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "hand,winner,ended,Ann & Bo points,\"Cy, Di points\",Ann & Bo score,\"Cy, Di score\",notes"
    );
    assert_eq!(lines[1], "1,Ann & Bo,domino,1,0,1,0,");
    assert_eq!(lines[6], "6,Ann & Bo,domino,1,0,6,0,six_love");
    assert_eq!(lines[7], "match,Ann & Bo");
    let (status, v) = k.call("GET", "/api/sheets/ffff", None, None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no_sheet")));

    // A points game with the terms of its own: French, a double out and
    // the table penalties.
    let f = keeper(s, json!({"rules": {"preset": "french"}})).await;
    let (status, v) = f
        .enter(json!({
            "dominoed": [0], "counts": [0, 10, 6, 4], "double": true, "doubles": [2],
            "acts": [{"seat": 1, "act": "wrong_play"}]
        }))
        .await;
    assert_eq!(status, 200, "{v}");
    // Seat 1: 10 doubled for the double out, plus 10; seat 2: 6 x2 x2.
    assert_eq!(v["scores"], json!([0, 30, 24, 8]));
    assert_eq!(v["hands"][0]["result"]["notes"], json!(["double_out"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("k.db").display());
    let s = Server::start(config(&db));
    whole_life(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_on_postgres() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    // A database of its own: the shared test database may carry other
    // branches' migrations.
    let (fresh, name) = domino_store::scratch_postgres(&db, "keep").await.unwrap();
    let s = Server::start(config(&fresh));
    whole_life(&s).await;
    drop(s);
    domino_store::drop_scratch_postgres(&db, &name)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_outlive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("k.db").display());
    let (id, secret) = {
        let s = Server::start(config(&db));
        let k = keeper(
            &s,
            json!({"rules": {"preset": "club-fives"}, "names": ["Eve"]}),
        )
        .await;
        let (status, v) = k
            .enter(json!({"dominoed": [0], "counts": [0, 18], "points": [3, 2]}))
            .await;
        assert_eq!(status, 200, "{v}");
        // 3 + 18 rounded to 20, one a five.
        assert_eq!(v["scores"], json!([7, 2]));
        (k.id.clone(), k.secret.clone())
    };
    std::thread::sleep(std::time::Duration::from_millis(200));
    let s = Server::start(config(&db));
    let k = Keeper { s: &s, id, secret };
    let v = k.sheet().await;
    assert_eq!(v["scores"], json!([7, 2]));
    assert_eq!(v["names"], json!(["Eve", "2"]));
    let (status, v) = k
        .enter(json!({"dominoed": [1], "counts": [9, 0], "points": [0, 1],
            "acts": [{"seat": 1, "act": "over_draw", "points": 1}]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([7, 4]));
}

/// The audit's impossible hands, each once answered 200: refused with the
/// part no deal could give, and the sheet left as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_no_deal_could_give_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("k.db").display());
    let s = Server::start(config(&db));
    let cases = [
        (
            json!({"preset": "jamaican"}),
            json!({"counts": [1, 1, 30, 40]}),
            "impossible_counts",
            "seats 0 and 1",
        ),
        (
            json!({"preset": "jamaican"}),
            json!({"counts": [0, 0, 0, 0]}),
            "impossible_counts",
            "only the double blank counts 0",
        ),
        (
            json!({"preset": "puerto-rican"}),
            json!({"dominoed": [1], "counts": [3, 0, 4, 15], "points": [7, 3]}),
            "impossible_points",
            "multiples of 10",
        ),
        (
            json!({"preset": "puerto-rican"}),
            json!({"dominoed": [1], "counts": [3, 0, 4, 15], "points": [1000, 0]}),
            "impossible_points",
            "at most",
        ),
        (
            json!({"preset": "club-fives"}),
            json!({"dominoed": [1], "counts": [17, 0], "points": [0, 1000]}),
            "impossible_points",
            "at most",
        ),
        (
            json!({"preset": "french", "options": {"double_blank_ten": true}}),
            json!({"counts": [0, 7, 5, 10], "doubles": [0]}),
            "impossible_counts",
            "a count of 0 means going out",
        ),
    ];
    for (rules, report, code, words) in cases {
        let k = keeper(&s, json!({ "rules": rules })).await;
        let before = k.sheet().await;
        let (status, v) = k.enter(report.clone()).await;
        assert_eq!(
            (status, v["code"].as_str()),
            (400, Some(code)),
            "{report}: {v}"
        );
        let message = v["message"].as_str().unwrap();
        assert!(message.contains(words), "{report}: {message}");
        assert_eq!(k.sheet().await["hands"], before["hands"]);
    }
}

/// The trains family kept over HTTP: eight names, each player's pips left
/// added to a running total, a blocked hand, undo, the match over after
/// its last hand with the lowest total winning; equal lowest totals share
/// the win (no single winner, both named in the CSV).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trains_sheets_keep_the_lowest_total() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("k.db").display());
    let s = Server::start(config(&db));
    let names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"];
    let k = keeper(
        &s,
        json!({"rules": {"preset": "mexican-train", "players": 8, "options": {"rounds": 3}},
            "names": names}),
    )
    .await;
    let v = k.sheet().await;
    assert_eq!(v["names"], json!(names));
    assert_eq!(v["low_wins"], true);
    assert_eq!(v["fields"]["players"], 8);
    assert_eq!(v["fields"]["sides"], 8);
    assert_eq!(v["rules"]["options"]["rounds"], 3);
    assert_eq!(v["rules"]["options"]["start_double"], 12);

    let (status, v) = k
        .enter(json!({"dominoed": [2], "counts": [14, 23, 0, 7, 31, 60, 9, 18]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([14, 23, 0, 7, 31, 60, 9, 18]));
    assert_eq!(v["over"], false);
    // Blocked: everyone counts, the lightest takes the hand.
    let (status, v) = k
        .enter(json!({"counts": [5, 12, 30, 7, 3, 22, 8, 41]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["hands"][1]["result"]["reason"], "blocked");
    assert_eq!(v["hands"][1]["result"]["winner"], json!({"side": 4}));
    let last = format!("/api/sheets/{}/hands/last", k.id);
    let (status, v) = k.call("DELETE", &last, Some(&k.secret), None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([14, 23, 0, 7, 31, 60, 9, 18]));
    let (status, v) = k
        .enter(json!({"counts": [5, 12, 30, 7, 3, 22, 8, 14]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([19, 35, 30, 14, 34, 82, 17, 32]));
    assert_eq!(v["over"], false);
    // The third and last hand: the lowest total wins.
    let (status, v) = k
        .enter(json!({"dominoed": [3], "counts": [10, 4, 12, 0, 6, 2, 13, 20]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([29, 39, 42, 14, 40, 84, 30, 52]));
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], json!({"side": 3}));
    let (status, v) = k
        .enter(json!({"dominoed": [0], "counts": [0, 4, 12, 3, 6, 2, 13, 20]}))
        .await;
    assert_eq!(status, 400);
    assert!(
        v["message"].as_str().unwrap().contains("match is over"),
        "{v}"
    );
    let (status, _, csv) = k.csv().await;
    assert_eq!(status, 200);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[3],
        "3,Di,domino,10,4,12,0,6,2,13,20,29,39,42,14,40,84,30,52,"
    );
    assert_eq!(lines[4], "match,Di");

    // Chicken foot, where the double blank left counts 50 (so a count of
    // 0 means going out), to a shared win.
    let c = keeper(
        &s,
        json!({"rules": {"preset": "chicken-foot", "players": 5, "options": {"rounds": 2}},
            "names": ["Jo", "Zoé", "Lou", "Hugo", "Éli"]}),
    )
    .await;
    let (status, v) = c
        .enter(json!({"dominoed": [1], "counts": [12, 0, 50, 8, 21]}))
        .await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = c.enter(json!({"counts": [0, 20, 6, 4, 9]})).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("impossible_counts")),
        "{v}"
    );
    assert_eq!(v["reason"]["kind"], "zero_not_out", "{v}");
    let (status, v) = c
        .enter(json!({"dominoed": [0], "counts": [0, 20, 6, 4, 9]}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["scores"], json!([12, 20, 56, 12, 30]));
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], Value::Null);
    let (_, _, csv) = c.csv().await;
    assert_eq!(csv.lines().last(), Some("match,Jo,Hugo"), "{csv}");
}
