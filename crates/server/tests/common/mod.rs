//! Shared test helpers: a server on a loopback port in its own runtime (so
//! a test can kill it abruptly), and a WebSocket client that checks every
//! message it receives for tiles its seat may not see.
#![allow(clippy::unwrap_used, dead_code, missing_debug_implementations)]

use std::collections::HashSet;
use std::net::SocketAddr;
use std::time::Duration;

use domino_server::Config;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub struct Server {
    pub addr: SocketAddr,
    rt: Option<tokio::runtime::Runtime>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

pub fn config(db: &str) -> Config {
    Config {
        db: db.to_string(),
        grace: Duration::from_secs(60),
        bot_delay: Duration::ZERO,
        bot_budget_ms: 20,
        // Tests play fast and make many tables from one address: only the
        // abuse tests, with their own small values, meet the limits.
        limits: std::sync::Arc::new(domino_server::limits::Limits {
            messages_per_second: 100_000,
            message_burst: 100_000,
            tables_per_client: 10_000,
            tables_per_address: 10_000,
            creates_per_minute: 100_000,
            sockets_per_address: 10_000,
            connections_per_address: 10_000,
            sheets_per_hour: 100_000,
            tournaments_per_hour: 100_000,
            open_tournaments_per_organiser: 100_000,
            entries_per_hour: 100_000,
            profiles_per_hour: 100_000,
            links_per_hour: 100_000,
            seeks_per_address: 100_000,
            bad_tokens_per_minute: 100_000,
            ..domino_server::limits::Limits::DEFAULT
        }),
        metrics_token: Some(METRICS_TOKEN.into()),
        ..Config::default()
    }
}

/// The `/metrics` token of the test servers.
pub const METRICS_TOKEN: &str = "test-metrics-token";

impl Server {
    pub fn start(config: Config) -> Server {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, rx) = tokio::sync::oneshot::channel::<()>();
        rt.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            domino_server::run(listener, config, async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
        Server {
            addr,
            rt: Some(rt),
            stop: Some(stop),
        }
    }

    /// Begin a graceful shutdown (drain, then close), as Ctrl-C does; the
    /// runtime keeps running until the server is dropped.
    pub fn shut_down(&mut self) {
        self.stop.take();
    }

    /// Stop at once, like `kill -9`: every task of the server is dropped
    /// wherever it is. Then wait a moment: a statement already handed to
    /// the database driver's own threads may still be carried out after
    /// its task is dropped, which a killed process could not do. The
    /// likely cause of a restart test that failed 3 times in about 60 runs
    /// on a loaded machine: a bot table, restored with its log as read,
    /// made no move for 60 s, as if a late write had taken the next place
    /// in its log (every move of its own then refused).
    pub fn kill(mut self) {
        self.stop.take();
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> (u16, String) {
        http_get(self.addr, path).await
    }

    /// `/metrics` with the test token: the status and the text.
    pub async fn metrics(&self) -> (u16, String) {
        metrics(self.addr).await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

/// The `name=value` part of the `Set-Cookie` header of a response head
/// (the profile cookie a sign-up sets).
pub fn cookie_of(head: &str) -> String {
    let line = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap();
    line["set-cookie:".len()..]
        .trim()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// A bare HTTP/1.1 request with extra header lines (a `Host` among them
/// replaces the default `x`; one with an empty value is not sent) and a
/// body, JSON unless a `Content-Type` is among the headers: the status,
/// the head and the body.
pub async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String, String) {
    http_request_from(addr, [127, 0, 0, 1], method, path, headers, body).await
}

/// [`http_request`] from another loopback address (`from`, e.g.
/// 127.0.0.2), as a second machine would send it.
pub async fn http_request_from(
    addr: SocketAddr,
    from: [u8; 4],
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(SocketAddr::from((from, 0))).unwrap();
    let mut s = sock.connect(addr).await.unwrap();
    let is_host = |k: &str| k.eq_ignore_ascii_case("host");
    let host = headers
        .iter()
        .find(|(k, _)| is_host(k))
        .map_or("x", |h| h.1);
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    // A header given with no value is left out: `("Content-Type", "")`
    // sends a request without one.
    for (k, v) in headers.iter().filter(|(k, v)| !is_host(k) && !v.is_empty()) {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    // JSON unless told otherwise: the server takes nothing else on the
    // methods that change state, body or none.
    let typed = headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"));
    if !typed && (body.is_some() || !matches!(method, "GET" | "HEAD")) {
        req.push_str("Content-Type: application/json\r\n");
    }
    if let Some(b) = body {
        req.push_str(&format!("Content-Length: {}\r\n", b.len()));
    } else if !matches!(method, "GET" | "HEAD") {
        req.push_str("Content-Length: 0\r\n");
    }
    req.push_str("\r\n");
    req.push_str(body.unwrap_or(""));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, head.to_string(), body)
}

/// A bare HTTP/1.1 GET (no client library needed): the status and body.
/// The routes of the HTTP application the server runs (an app on an
/// in-memory store): walked by the tests that must cover every route.
pub async fn served_routes() -> domino_server::web::routes::Routes {
    let cfg = std::sync::Arc::new(config("sqlite::memory:"));
    let store = domino_store::Store::connect(&cfg.db).await.unwrap();
    let rater = std::sync::Arc::new(domino_server::profiles::Ratings::new(
        store.profiles().clone(),
    ));
    let app = domino_server::app::App::start(store, cfg, rater)
        .await
        .unwrap();
    let (_stop_tx, stop) = tokio::sync::watch::channel(false);
    domino_server::web::router::routes(app, stop)
}

pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let (status, _, body) = http_request(addr, "GET", path, &[], None).await;
    (status, body)
}

/// `/metrics` with the test token: the status and the text.
pub async fn metrics(addr: SocketAddr) -> (u16, String) {
    let auth = format!("Bearer {METRICS_TOKEN}");
    let (status, _, body) =
        http_request(addr, "GET", "/metrics", &[("Authorization", &auth)], None).await;
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// The latest state message.
    pub state: Option<Value>,
    /// Every message received.
    pub received: usize,
    /// The commitment first published for each hand, by hand number.
    pub commits: Vec<String>,
    /// The redeal rule published with each hand's commitment, by hand.
    pub redeals: Vec<String>,
    /// The seat token from the last `joined` answer.
    pub token: Option<String>,
}

/// Every tile name anywhere in `v`.
fn tiles_in(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::String(s) => {
            if let Some((a, b)) = s.split_once('-') {
                if !a.is_empty()
                    && !b.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.bytes().all(|c| c.is_ascii_digit())
                {
                    out.insert(s.clone());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| tiles_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| tiles_in(x, out)),
        _ => {}
    }
}

/// Panic if a state message shows a tile its viewer may not know: while a
/// hand is played a seat knows its own tiles and the tiles on the table;
/// a spectator only the tiles on the table.
pub fn check_secrecy(msg: &Value) {
    if msg["type"] != "state" {
        return;
    }
    let st = &msg["state"];
    let phase = st["phase"].as_str().unwrap();
    if phase == "hand_over" || phase == "match_over" {
        return;
    }
    let mut allowed = HashSet::new();
    for e in st["history"].as_array().unwrap() {
        if e["action"]["type"] == "play" {
            allowed.insert(e["action"]["tile"].as_str().unwrap().to_string());
        }
    }
    let hands = st["hands"].as_array().unwrap();
    // A seat is told its own draws (`drew`, a tile for each), nobody else.
    let drew = st.get("drew").map(|d| d.as_array().unwrap().len());
    match msg["seat"].as_u64() {
        Some(s) => {
            let draws = st["history"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["seat"] == s && e["action"]["type"] == "draw")
                .count();
            assert_eq!(drew.unwrap_or(0), draws, "seat {s}'s draws: {msg}");
            assert_ne!(drew, Some(0), "an empty `drew` is left out: {msg}");
            for (i, h) in hands.iter().enumerate() {
                if i as u64 == s {
                    for t in h.as_array().expect("a seat sees its own hand") {
                        allowed.insert(t.as_str().unwrap().to_string());
                    }
                } else {
                    assert!(h.is_u64(), "seat {s} sees seat {i}'s hand: {msg}");
                }
            }
        }
        None => {
            assert!(hands.iter().all(Value::is_u64), "a spectator sees a hand");
            assert_eq!(drew, None, "a spectator is told a seat's draws: {msg}");
        }
    }
    assert!(st["boneyard"].is_u64(), "the boneyard is shown: {msg}");
    // Each hand's published redeal rule may name a tile (French's `0-0`):
    // a public rule, not a tile anybody holds, so it is left out here.
    // Likewise the game's facts name the redeal rules and the tiles the
    // game leaves out of the set.
    let mut scanned = msg.clone();
    for f in scanned["fair"].as_array_mut().into_iter().flatten() {
        if let Some(o) = f.as_object_mut() {
            o.remove("redeal");
        }
    }
    if let Some(facts) = scanned["facts"].as_object_mut() {
        facts.remove("deal");
    }
    let mut seen = HashSet::new();
    tiles_in(&scanned, &mut seen);
    let leaked: Vec<_> = seen.difference(&allowed).collect();
    assert!(leaked.is_empty(), "leaked {leaked:?} in {msg}");
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .unwrap();
        Client::on(ws)
    }

    /// A client whose upgrade request carries `cookie` (a profile's).
    pub async fn connect_with_cookie(addr: SocketAddr, cookie: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        req.headers_mut().insert("cookie", cookie.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async_with_config(req, None, true)
            .await
            .unwrap();
        Client::on(ws)
    }

    /// A client whose upgrade request carries these headers (a bot's
    /// `Authorization`); `Err` holds the status of a refused upgrade.
    pub async fn connect_with_headers(
        addr: SocketAddr,
        headers: &[(&str, &str)],
    ) -> Result<Client, u16> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::Error;
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        for (k, v) in headers {
            let name: tokio_tungstenite::tungstenite::http::HeaderName = k.parse().unwrap();
            req.headers_mut().insert(name, v.parse().unwrap());
        }
        match tokio_tungstenite::connect_async_with_config(req, None, true).await {
            Ok((ws, _)) => Ok(Client::on(ws)),
            Err(Error::Http(r)) => Err(r.status().as_u16()),
            Err(e) => panic!("connecting: {e}"),
        }
    }

    /// Wait (at most `ms`) for the server to close the socket: the close
    /// frame's code, if it sent one.
    pub async fn close_code_within(&mut self, ms: u64) -> Option<Option<u16>> {
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return None,
                Ok(Some(Ok(Message::Close(f)))) => return Some(f.map(|f| f.code.into())),
                Ok(None) | Ok(Some(Err(_))) => return Some(None),
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The text messages the server sends until it closes the socket
    /// (waiting at most `ms`), and its close frame's code and reason.
    pub async fn texts_until_closed(&mut self, ms: u64) -> (Vec<Value>, Option<(u16, String)>) {
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        let mut texts = Vec::new();
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    texts.push(serde_json::from_str(t.as_str()).unwrap_or(Value::Null));
                }
                Ok(Some(Ok(Message::Close(f)))) => {
                    let f = f.map(|f| (u16::from(f.code), f.reason.to_string()));
                    return (texts, f);
                }
                Ok(Some(Ok(_))) => continue,
                _ => return (texts, None),
            }
        }
    }

    fn on(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            next_id: 0,
            state: None,
            received: 0,
            commits: Vec::new(),
            redeals: Vec::new(),
            token: None,
        }
    }

    /// A client whose connection comes from `from` (another loopback
    /// address, e.g. 127.0.0.2), as a second machine would; `Err` carries
    /// the refusal when the upgrade is refused.
    pub async fn connect_from(addr: SocketAddr, from: [u8; 4]) -> Result<Client, String> {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind(SocketAddr::from((from, 0))).unwrap();
        let tcp = sock.connect(addr).await.unwrap();
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .map_err(|e| match e {
                    tokio_tungstenite::tungstenite::Error::Http(r) => format!(
                        "{} {}",
                        r.status(),
                        String::from_utf8_lossy(r.body().as_deref().unwrap_or_default())
                    ),
                    e => e.to_string(),
                })?;
        Ok(Client::on(ws))
    }

    /// Whether the server closed this socket within `ms` (messages before
    /// the close are read and dropped).
    pub async fn closed_within(&mut self, ms: u64) -> bool {
        let end = tokio::time::Instant::now() + Duration::from_millis(ms);
        loop {
            match tokio::time::timeout_at(end, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Send a control or data frame as it is (a ping, an unasked pong);
    /// false once the socket no longer takes frames.
    pub async fn send_frame(&mut self, m: Message) -> bool {
        self.ws.send(m).await.is_ok()
    }

    /// The pongs received until the server closed this socket, if it did
    /// within `ms` (other messages are read and dropped).
    pub async fn pongs_until_closed(&mut self, ms: u64) -> Option<usize> {
        let end = tokio::time::Instant::now() + Duration::from_millis(ms);
        let mut pongs = 0;
        loop {
            match tokio::time::timeout_at(end, self.ws.next()).await {
                Err(_) => return None,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return Some(pongs),
                Ok(Some(Ok(Message::Pong(_)))) => pongs += 1,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    pub async fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next message, checked for secrecy; panics after 20 s.
    pub async fn recv(&mut self) -> Value {
        self.try_recv(20_000).await.expect("a message within 20 s")
    }

    /// The next message within `ms`, checked for secrecy.
    pub async fn try_recv(&mut self, ms: u64) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_millis(ms), self.ws.next())
                .await
                .ok()?
                .expect("the socket is open")
                .unwrap();
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            self.received += 1;
            check_secrecy(&v);
            if v["type"] == "state" {
                // Commitments are per table: a client moving to another
                // table starts over.
                let table = |m: &Option<Value>| m.as_ref().map(|m| m["table"].clone());
                if self.state.is_some() && table(&self.state) != table(&Some(v.clone())) {
                    self.commits.clear();
                    self.redeals.clear();
                }
                for f in v["fair"].as_array().unwrap() {
                    let k = f["hand"].as_u64().unwrap() as usize;
                    let commit = f["commit"].as_str().unwrap().to_string();
                    // The redeal rule comes with the commitment, from hand 1.
                    let redeal = f["redeal"]
                        .as_str()
                        .unwrap_or_else(|| panic!("hand {k}: no redeal rule: {f}"))
                        .to_string();
                    assert!(
                        ["never", "double", "0-0", "turn_over"].contains(&redeal.as_str()),
                        "hand {k}: unknown redeal rule {redeal}"
                    );
                    if self.commits.len() < k {
                        self.commits.push(commit);
                        self.redeals.push(redeal);
                    } else {
                        assert_eq!(self.commits[k - 1], commit, "a commitment changed");
                        assert_eq!(self.redeals[k - 1], redeal, "a redeal rule changed");
                    }
                }
                self.state = Some(v.clone());
            }
            return Some(v);
        }
    }

    /// The next message that is not a pushed state.
    pub async fn next_reply(&mut self) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] != "state" {
                return v;
            }
        }
    }

    /// Read everything pushed until nothing arrives for `ms`; returns how
    /// many messages came.
    pub async fn settle(&mut self, ms: u64) -> usize {
        let mut n = 0;
        while self.try_recv(ms).await.is_some() {
            n += 1;
        }
        n
    }

    /// Send a request and wait for its answer (state messages in between
    /// are kept).
    pub async fn request(&mut self, mut req: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        req["id"] = json!(id);
        self.send_raw(&req.to_string()).await;
        loop {
            let v = self.recv().await;
            if v["id"] == json!(id) {
                if let Some(t) = v["token"].as_str() {
                    self.token = Some(t.to_string());
                }
                return v;
            }
        }
    }

    /// Wait for a message without an id (pushed by the table) or an error.
    pub async fn next_state(&mut self) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == "state" {
                return v;
            }
        }
    }
}

/// Play as this client's seat until the match is over: a random legal
/// action when it is our turn, ready when a hand ends. Returns the final
/// state message.
pub async fn play_out(c: &mut Client, seed: u64) -> Value {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut acted: Option<(u64, usize)> = None;
    let mut readied: Option<u64> = None;
    let mut msg = c.state.clone().unwrap();
    loop {
        let st = &msg["state"];
        let seat = msg["seat"].as_u64();
        let hand = st["hand_number"].as_u64().unwrap();
        match st["phase"].as_str().unwrap() {
            "match_over" => return msg,
            "hand_over" if readied != Some(hand) => {
                readied = Some(hand);
                let r = c.request(json!({"type": "ready"})).await;
                assert_eq!(r["type"], "ok", "{r}");
            }
            "play" | "choose_poser" if st["to_act"].as_u64() == seat => {
                let pos = (hand, st["history"].as_array().unwrap().len());
                if acted != Some(pos) {
                    acted = Some(pos);
                    let legal = st["legal"].as_array().unwrap();
                    assert!(!legal.is_empty());
                    let a = legal[rng.random_range(0..legal.len())].clone();
                    let r = c.request(json!({"type": "act", "action": a})).await;
                    assert_eq!(r["type"], "ok", "{r}");
                }
            }
            _ => {}
        }
        // Use the newest state seen (requests may have read some).
        let latest = c.state.clone().unwrap();
        if latest != msg {
            msg = latest;
            continue;
        }
        msg = c.next_state().await;
    }
}

/// One step of a table whose every seat is one of `clients` (by seat), as
/// the first client last saw it: everybody readies after a hand, else the
/// seat to act plays its first legal action. True when an action was played.
pub async fn step_all(clients: &mut [Client], st: &Value) -> bool {
    if st["phase"] == "hand_over" {
        for c in clients.iter_mut() {
            assert_eq!(c.request(json!({"type": "ready"})).await["type"], "ok");
        }
        return false;
    }
    let r = act_first_legal(clients, st).await;
    assert_eq!(r["type"], "ok", "{r}");
    true
}

/// The seat to act in `st` sends the first of its legal actions; the
/// answer.
pub async fn act_first_legal(clients: &mut [Client], st: &Value) -> Value {
    let seat = st["to_act"].as_u64().unwrap() as usize;
    let legal = clients[seat].state.as_ref().unwrap()["state"]["legal"][0].clone();
    clients[seat]
        .request(json!({"type": "act", "action": legal}))
        .await
}

/// A server on an in-memory SQLite database.
pub fn mem() -> Server {
    Server::start(config("sqlite::memory:"))
}

/// Create a table for `players` humans and seat them all; returns the
/// clients in seat order and the table id.
pub async fn full_table(s: &Server, rules: Value, players: usize) -> (Vec<Client>, String) {
    let mut first = Client::connect(s.addr).await;
    let r = first
        .request(json!({"type": "create", "rules": rules, "humans": players, "bot": "random", "name": "P0"}))
        .await;
    assert_eq!(r["type"], "joined", "{r}");
    assert_eq!(r["seat"], 0);
    let table = r["table"].as_str().unwrap().to_string();
    let mut clients = vec![first];
    for i in 1..players {
        let mut c = Client::connect(s.addr).await;
        let list = c.request(json!({"type": "list"})).await;
        assert!(list["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == table.as_str()));
        let r = c
            .request(json!({"type": "join", "table": table, "name": format!("P{i}")}))
            .await;
        assert_eq!(r["seat"], i, "{r}");
        assert!(r["token"].as_str().unwrap().len() >= 32);
        clients.push(c);
    }
    (clients, table)
}

/// Run out `away`'s clock on each of their turns (`here` playing the
/// first legal play on the others') until their seat is left to the computer;
/// the state then.
pub async fn time_out_until_left(
    clock: &domino_server::clock::TimeSource,
    here: &mut Client,
    away: u64,
) -> Value {
    let mut msg = here.state.clone().unwrap();
    let (mut ran_out, mut acted, mut readied) = (None, None, None);
    for _ in 0..2000 {
        let st = &msg["state"];
        if msg["seats"][away as usize]["left"] == true || st["phase"] == "match_over" {
            break;
        }
        let pos = (
            st["hand_number"].as_u64().unwrap(),
            st["history"].as_array().map_or(0, Vec::len),
        );
        let playing = matches!(st["phase"].as_str(), Some("play" | "choose_poser"));
        if playing && st["to_act"] == away && msg["clock"]["running"] == away {
            if ran_out != Some(pos) {
                ran_out = Some(pos);
                clock.advance(Duration::from_secs(80));
            }
        } else if playing && st["to_act"] != away && acted != Some(pos) {
            acted = Some(pos);
            let r = here
                .request(json!({"type": "act", "action": st["legal"][0]}))
                .await;
            assert_eq!(r["type"], "ok", "{r}");
        } else if st["phase"] == "hand_over" && readied != Some(pos.0) {
            readied = Some(pos.0);
            here.request(json!({"type": "ready"})).await;
        }
        let latest = here.state.clone().unwrap();
        msg = if latest != msg {
            latest
        } else {
            here.next_state().await
        };
    }
    msg
}

/// The next message of `type` on a socket (the events socket's pushes),
/// others passed over.
pub async fn event(c: &mut Client, kind: &str) -> Value {
    loop {
        let v = c.recv().await;
        if v["type"] == kind {
            return v;
        }
    }
}

/// A new person's profile: its cookie and id.
pub async fn person(addr: SocketAddr, name: &str) -> (String, String) {
    let body = json!({ "name": name }).to_string();
    let (status, head, text) = http_request(addr, "POST", "/api/profile", &[], Some(&body)).await;
    assert_eq!(status, 201, "{text}");
    let card: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(card["bot"], false);
    (cookie_of(&head), card["id"].as_str().unwrap().to_string())
}
