//! Profiles and ratings on a real server: creating a profile and its
//! cookie, a taken name, signing out, the one-time link, a finished match
//! against a bot rating both players, and no profile acting for another.
//! On SQLite, and on PostgreSQL when `DOMINO_TEST_POSTGRES` names one.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;

use common::{config, http_request, play_out, Client, Server};
use serde_json::{json, Value};

/// A request to the profile routes from `play.example`: status, the
/// `Set-Cookie` header if any, and the body as JSON (`Null` when it is not
/// JSON).
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (u16, Option<String>, Value) {
    let mut headers = vec![("Host", "play.example")];
    headers.extend(cookie.map(|c| ("Cookie", c)));
    let body = body.map(|b| b.to_string());
    let (status, head, text) = http_request(addr, method, path, &headers, body.as_deref()).await;
    (
        status,
        set_cookie(&head),
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

/// The `Set-Cookie` header of a response head, if any.
fn set_cookie(head: &str) -> Option<String> {
    head.lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .map(|l| l["set-cookie:".len()..].trim().to_string())
}

/// A POST without a cookie.
async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Option<String>, Value) {
    http(addr, "POST", path, None, Some(body)).await
}

/// The `name=value` part of a `Set-Cookie` header.
fn pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().to_string()
}

/// A name unique to this run (PostgreSQL keeps earlier runs' profiles).
fn unique(name: &str) -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
        % 1_000_000_000;
    format!("{name}{n}")
}

async fn create(addr: SocketAddr, name: &str) -> (String, String) {
    let (status, set, body) = post(addr, "/api/profile", json!({"name": name})).await;
    assert_eq!(status, 201, "{body}");
    (
        pair(&set.unwrap()),
        body["id"].as_str().unwrap().to_string(),
    )
}

async fn profiles_work_end_to_end(db: &str) {
    let s = Server::start(config(db));
    let addr = s.addr;
    let ann = unique("Ann");

    // Created: a long secret in an HttpOnly, SameSite cookie.
    let (status, set, body) =
        post(addr, "/api/profile", json!({"name": format!("  {ann} ")})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["name"], ann.as_str(), "trimmed");
    let set = set.unwrap();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    assert!(!set.contains("Secure"), "plain http: {set}");
    let cookie = pair(&set);
    let secret = cookie.split_once('=').unwrap().1;
    assert_eq!(secret.len(), 64);
    let id = body["id"].as_str().unwrap().to_string();
    let (_, _, me) = http(addr, "GET", "/api/profile", Some(&cookie), None).await;
    assert_eq!(me["profile"]["id"], id.as_str());
    let (_, _, nobody) = http(addr, "GET", "/api/profile", None, None).await;
    assert_eq!(nobody["profile"], Value::Null);

    // Anyone may send X-Forwarded-Proto: without --behind-proxy it says
    // nothing (tests/trust.rs has the proxy's).
    let forged = {
        let body = json!({"name": unique("Sec")}).to_string();
        let proxy = [("X-Forwarded-Proto", "https")];
        let (_, head, _) = http_request(addr, "POST", "/api/profile", &proxy, Some(&body)).await;
        head
    };
    assert!(!forged.contains("; Secure"), "{forged}");

    // The same name in other case is taken, with a clear message; a bad
    // name is refused by the name checks.
    let (status, set, body) = post(addr, "/api/profile", json!({"name": ann.to_uppercase()})).await;
    assert_eq!((status, set), (409, None));
    assert_eq!(body["code"], "name_taken");
    assert!(
        body["message"].as_str().unwrap().contains("is taken"),
        "{body}"
    );
    let (status, _, body) = post(addr, "/api/profile", json!({"name": "A\u{202E}B"})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_name")));
    let (status, _, _) = post(addr, "/api/profile", json!({"name": "x".repeat(25)})).await;
    assert_eq!(status, 400);

    // A one-time link moves the profile to another device, once.
    let (status, _, link) = http(addr, "POST", "/api/profile/link", Some(&cookie), None).await;
    assert_eq!(status, 200, "{link}");
    assert!(link["qr"].as_str().unwrap().contains("<svg"));
    assert!(link["url"]
        .as_str()
        .unwrap()
        .starts_with("http://play.example/link/"));
    let code = link["path"]
        .as_str()
        .unwrap()
        .trim_start_matches("/link/")
        .to_string();
    let (status, _, _) = http(addr, "GET", &format!("/link/{code}"), None, None).await;
    assert_eq!(status, 200, "the link's page");
    let (status, set, body) = post(addr, "/api/profile/claim", json!({"code": code})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["id"], id.as_str());
    let phone = pair(&set.unwrap());
    assert_ne!(phone, cookie, "the new device has its own secret");
    let (status, set, body) = post(addr, "/api/profile/claim", json!({"code": code})).await;
    assert_eq!((status, set), (410, None));
    assert_eq!(body["code"], "link_used");
    let (status, _, _) = http(addr, "POST", "/api/profile/link", None, None).await;
    assert_eq!(status, 401, "no link without a profile");

    // Signing out ends this device's secret only.
    let (status, set, _) = http(addr, "POST", "/api/profile/signout", Some(&phone), None).await;
    assert_eq!(status, 200);
    assert!(set.unwrap().contains("Max-Age=0"));
    let (_, _, me) = http(addr, "GET", "/api/profile", Some(&phone), None).await;
    assert_eq!(me["profile"], Value::Null);
    let (status, _, _) = http(addr, "POST", "/api/profile/link", Some(&phone), None).await;
    assert_eq!(status, 401);
    let (_, _, me) = http(addr, "GET", "/api/profile", Some(&cookie), None).await;
    assert_eq!(me["profile"]["id"], id.as_str());
    // Without the cookie there is nothing to sign out of, and no cookie is
    // cleared (a request that could not carry it must not end it).
    let (status, set, body) = http(addr, "POST", "/api/profile/signout", None, None).await;
    assert_eq!((status, set), (401, None));
    assert_eq!(body["code"], "signed_out");

    // A match against a bot, signed in: the seat takes the profile's name
    // and the match rates both players.
    let mut c = Client::connect_with_cookie(addr, &cookie).await;
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 2, "options": {"target": 1}},
                        "seats": ["me", "bot"], "bot": "random", "name": "typed"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let table = r["table"].as_str().unwrap().to_string();
    let first = c.state.clone().unwrap();
    assert_eq!(first["seats"][0]["name"], ann.as_str());
    let end = play_out(&mut c, 7).await;
    let ratings = end["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 2, "{end}");
    let mine = ratings.iter().find(|r| r["seat"] == 0).unwrap();
    let bot = ratings.iter().find(|r| r["seat"] == 1).unwrap();
    assert_eq!(mine["player"], id.as_str());
    assert_eq!(bot["player"], "bot:random");
    assert_eq!(mine["before"], 1500.0);
    let won = end["state"]["winner"]["side"] == 0;
    let up = mine["after"].as_f64().unwrap() > 1500.0;
    assert_eq!(won, up, "the winner gains: {end}");
    // The level, seeded by the ladder with a small deviation, moves less.
    let delta = |r: &Value| (r["after"].as_f64().unwrap() - r["before"].as_f64().unwrap()).abs();
    assert!(delta(bot) < delta(mine), "{ratings:?}");

    // Three each for himself, against two seats of one bot level: rated
    // too (Weng-Lin), the level moving by its seats' mean change.
    let r = c
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 3, "options": {"target": 1}},
                        "seats": ["me", "bot", "bot"], "bot": "heavy", "name": "typed"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let three = play_out(&mut c, 8).await;
    let changes = three["ratings"].as_array().unwrap();
    assert_eq!(changes.len(), 3, "{three}");
    assert!(
        changes
            .iter()
            .filter(|r| r["player"] == "bot:heavy")
            .count()
            == 2
    );
    let (_, _, page) = http(addr, "GET", &format!("/api/profiles/{id}"), None, None).await;
    let draw = page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["game"] == "draw")
        .unwrap();
    assert_eq!(draw["matches"], 2);

    // The profile page's data: the rating, its history and the match.
    let (status, _, page) = http(addr, "GET", &format!("/api/profiles/{id}"), None, None).await;
    assert_eq!(status, 200, "{page}");
    let draw = page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["game"] == "draw")
        .unwrap();
    assert_eq!(draw["matches"], 2);
    let mine3 = changes.iter().find(|r| r["seat"] == 0).unwrap();
    assert_eq!(mine3["before"], mine["after"]);
    assert_eq!(draw["rating"], mine3["after"]);
    assert_eq!(draw["history"][0]["table"], table.as_str(), "oldest first");
    assert_eq!(draw["history"].as_array().unwrap().len(), 2);
    assert_eq!(page["recent"][1]["table"], table.as_str(), "newest first");
    assert_eq!(page["stats"]["matches"], 2);
    let won3 = three["state"]["winner"]["side"] == 0;
    assert_eq!(
        page["stats"]["matches_won"],
        u64::from(won) + u64::from(won3)
    );
    assert!(page["stats"]["hands"].as_i64().unwrap() >= 1);
    let (status, _, _) = http(addr, "GET", &format!("/p/{id}"), None, None).await;
    assert_eq!(status, 200);
    let (status, _, _) = http(addr, "GET", "/p/nobody", None, None).await;
    assert_eq!(status, 404);

    // The leaderboard: with the minimum of one match both appear.
    let (_, _, board) = http(addr, "GET", "/api/leaderboard?game=draw&min=1", None, None).await;
    let players = board["players"].as_array().unwrap();
    assert!(players
        .iter()
        .any(|p| p["player"] == id.as_str() && p["name"] == ann.as_str()));
    assert!(players.iter().all(|p| p["bot"] == false));
    // The levels are on the bots' board (docs/botapi.md).
    let (_, _, bots) = http(
        addr,
        "GET",
        "/api/leaderboard?game=draw&min=1&kind=bots",
        None,
        None,
    )
    .await;
    assert!(bots["players"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["level"] == "random" && p["bot"] == true));
    let (_, _, board) = http(addr, "GET", "/api/leaderboard?game=draw", None, None).await;
    assert_eq!(board["min"], 5, "the default minimum");
    assert!(board["players"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["player"] != id.as_str()));
    let (status, _, _) = http(addr, "GET", "/api/leaderboard?game=nope", None, None).await;
    assert_eq!(status, 400);

    // Nobody acts for another profile: Bea cannot take Ann's seat, names
    // no profile in a request, and Ann's profile holds one seat a table.
    let (bea_cookie, bea) = create(addr, &unique("Bea")).await;
    let mut a = Client::connect_with_cookie(addr, &cookie).await;
    let r = a
        .request(json!({"type": "create", "rules": {"preset": "draw", "players": 3, "options": {"target": 1}},
                        "seats": ["me", "human", "human"], "bot": "random", "name": "x"}))
        .await;
    let t2 = r["table"].as_str().unwrap().to_string();
    let mut b = Client::connect_with_cookie(addr, &bea_cookie).await;
    let r = b
        .request(json!({"type": "join", "table": t2, "name": "x", "seat": 0}))
        .await;
    assert_eq!(r["code"], "seat_taken", "{r}");
    let r = b
        .request(json!({"type": "join", "table": t2, "name": "x", "profile": id}))
        .await;
    assert_eq!(r["code"], "bad_request", "{r}");
    let r = b
        .request(json!({"type": "join", "table": t2, "name": "x"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let st = b.state.clone().unwrap();
    assert_eq!(st["seats"][1]["name"], b_name(&bea, addr).await);
    let mut a2 = Client::connect_with_cookie(addr, &cookie).await;
    let r = a2
        .request(json!({"type": "join", "table": t2, "name": "x"}))
        .await;
    assert_eq!(r["code"], "already_seated", "{r}");
    // Bea signed out acts for nobody: her old cookie sits as a guest.
    http(
        addr,
        "POST",
        "/api/profile/signout",
        Some(&bea_cookie),
        None,
    )
    .await;
    let mut guest = Client::connect_with_cookie(addr, &bea_cookie).await;
    let r = guest
        .request(json!({"type": "join", "table": t2, "name": "Guest"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    let st = guest.state.clone().unwrap();
    assert_eq!(st["seats"][2]["name"], "Guest");
}

/// A name that looks like a profile's is taken: in other case, in another
/// script's look-alike letters, in fullwidth letters, with an accent.
async fn look_alike_names_are_taken(db: &str) {
    let s = Server::start(config(db));
    let addr = s.addr;
    let digits = unique("");
    create(addr, &format!("Kim{digits}")).await;
    for alike in [
        "KIM",
        "\u{39A}im",  // Greek capital kappa
        "K\u{456}m",  // Cyrillic i
        "\u{FF2B}im", // fullwidth K
        "Kim\u{301}", // combining acute
        "Kirn",
    ] {
        let (status, set, body) = post(
            addr,
            "/api/profile",
            json!({"name": format!("{alike}{digits}")}),
        )
        .await;
        assert_eq!((status, set), (409, None), "{alike:?}: {body}");
        assert_eq!(body["code"], "name_taken", "{alike:?}: {body}");
    }
    // Mixing scripts that look alike is refused even when no profile has
    // the name it passes for; one script of any kind is fine.
    let (status, _, body) = post(
        addr,
        "/api/profile",
        json!({"name": format!("P\u{430}ypal{digits}")}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("bad_name")),
        "{body}"
    );
    for fine in ["Иван", "Κώστας", "山田", "O'Neil"] {
        let (status, _, body) = post(
            addr,
            "/api/profile",
            json!({"name": format!("{fine}{digits}")}),
        )
        .await;
        assert_eq!(status, 201, "{fine}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_look_alike_names_are_taken() {
    look_alike_names_are_taken("sqlite::memory:").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_look_alike_names_are_taken() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    look_alike_names_are_taken(&db).await;
}

/// A profile's name, from its page.
async fn b_name(id: &str, addr: SocketAddr) -> String {
    let (_, _, page) = http(addr, "GET", &format!("/api/profiles/{id}"), None, None).await;
    page["profile"]["name"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_profiles_work_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    profiles_work_end_to_end(&format!("sqlite://{}", dir.path().join("p.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_profiles_work_end_to_end() {
    let Ok(db) = std::env::var("DOMINO_TEST_POSTGRES") else {
        eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
        return;
    };
    profiles_work_end_to_end(&db).await;
}
