//! Puzzles on the server (docs/puzzles.md, "On the server"): the next
//! puzzle near a player's rating, shown as its kind allows, and a try at
//! it. The first try of a puzzle the server served to that player moves
//! the player's rating and the puzzle's (one Glicko-2 game between them:
//! the player wins by finding the answer), once and for good; any other
//! try is answered the same way, unrated, and says why.

mod history;
mod own;
pub mod runs;
mod set;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use domino_engine::catalog::TableFacts;
use domino_engine::wire::Drawn;
use domino_engine::{Action, ErrorCode};
use domino_puzzles::rate::same_play;
use domino_puzzles::{
    explain, missed, played_out, Choice, Explained, Kind, Missed, Played, Puzzle, Setup, Theme,
};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::answer::{HttpRefusal, Json};
use crate::hub::Hub;
use crate::routes::Routes;
use domino_protocol::refusal::Code;
use domino_store::puzzles::{Move, Stored, TryKept};

pub use set::{all, by_id, daily, game_of, games, near, near_untried, Filter};

/// The puzzle routes and the page.
pub fn routes(hub: Hub) -> Routes {
    Routes::new()
        .get("/api/puzzles/next", next)
        .get("/api/puzzles/daily", daily_puzzle)
        .get("/api/puzzles/games", game_list)
        .post("/api/puzzles/{id}/try", try_puzzle)
        .get("/puzzles", page)
        .with_state(hub.clone())
        .merge(own::routes(hub.clone()))
        .merge(runs::api::routes(hub.clone()))
        .merge(history::routes(hub))
}

/// How sure the set's starting rating of a puzzle is: measured by the bot
/// levels, so surer than a new player's 350, still far from settled.
const PUZZLE_DEVIATION: f64 = 200.0;

fn puzzle_start(p: &Puzzle) -> Glicko2Rating {
    Glicko2Rating {
        rating: f64::from(p.rating),
        deviation: PUZZLE_DEVIATION,
        ..Glicko2Rating::new()
    }
}

/// How many times a try reads and writes the two ratings before it gives
/// up because other tries keep moving them (each waits a little longer,
/// at random, so that tries at once spread out).
const RATING_ATTEMPTS: u64 = 32;

/// A rating as the page shows it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
        }
    }
}

/// A guest's browser id: the page makes one at random and keeps it.
pub(crate) fn guest_ok(g: &str) -> bool {
    (8..=64).contains(&g.len())
        && g.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Who is trying: the signed-in profile, else the guest's browser id.
pub(crate) async fn player(
    hub: &Hub,
    headers: &HeaderMap,
    guest: Option<&str>,
) -> Result<String, HttpRefusal> {
    if let Some((profile, _)) = crate::profile::signed_in(hub, headers).await {
        return Ok(format!("p:{}", profile.id));
    }
    match guest {
        Some(g) if guest_ok(g) => Ok(format!("g:{g}")),
        _ => Err(HttpRefusal::new(
            StatusCode::BAD_REQUEST,
            Code::BadRequest,
            "sign in, or send `guest`: your browser's id (8 to 64 letters, digits, - or _)",
        )),
    }
}

/// A player's puzzle rating as stored (a new player's when none is).
async fn player_rating(hub: &Hub, player: &str) -> Result<Stored, HttpRefusal> {
    let stored = hub.store.puzzle_player(player).await;
    Ok(stored.map_err(HttpRefusal::internal)?.unwrap_or(Stored {
        rating: Glicko2Rating::new(),
        tries: 0,
    }))
}

/// A puzzle's rating as stored (its starting one when nobody tried it).
async fn puzzle_rating(hub: &Hub, p: &Puzzle) -> Result<Stored, HttpRefusal> {
    let stored = hub.store.puzzle_rating(&p.id).await;
    Ok(stored.map_err(HttpRefusal::internal)?.unwrap_or(Stored {
        rating: puzzle_start(p),
        tries: 0,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    #[serde(default)]
    theme: Option<String>,
    #[serde(default)]
    game: Option<String>,
    /// The puzzle just seen, not to be given again at once.
    #[serde(default)]
    skip: Option<String>,
    #[serde(default)]
    guest: Option<String>,
}

/// A puzzle as the player sees it: never its answer, and for a counting
/// puzzle only the mover's view.
#[derive(Debug, Serialize)]
pub struct Shown {
    pub id: String,
    pub game: String,
    pub kind: Kind,
    pub themes: Vec<Theme>,
    /// The seat to move: the player's.
    pub seat: u8,
    /// The position in the engine protocol's state form (docs/protocol.md),
    /// through the mover's eyes for a counting puzzle.
    pub state: serde_json::Value,
    /// The line of play as the board draws it, as a table's state has it.
    pub layout: Drawn,
    /// The game's facts the board needs (as a table's state has them).
    pub facts: TableFacts,
    /// The plays to choose from.
    pub choices: Vec<Action>,
    /// Each pass and draw so far with the numbers the ends showed: what a
    /// counting puzzle is read from (the page lists the hand so far).
    pub missed: Vec<Missed>,
    /// Counting: how many deals of the hidden tiles agree with the view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worlds: Option<u32>,
    /// The puzzle's rating and the player's; none for a player's own
    /// puzzle, which is not rated (docs/puzzles.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Rating>,
}

/// What a puzzle shows of its position (its ratings left for the caller).
pub(crate) struct Showing<'a> {
    pub id: &'a str,
    pub game: &'a str,
    pub kind: Kind,
    pub themes: &'a [Theme],
    pub worlds: Option<u32>,
}

/// `setup` as the puzzle `what` shows it: every hand for an open puzzle,
/// the mover's view only for a counting one.
pub(crate) fn shown(setup: &Setup, what: Showing<'_>) -> Shown {
    Shown {
        id: what.id.to_string(),
        game: what.game.to_string(),
        kind: what.kind,
        themes: what.themes.to_vec(),
        seat: setup.seat,
        state: setup.shown(what.kind),
        layout: setup.view().drawn(),
        facts: TableFacts::of(&setup.rules),
        choices: setup.choices.clone(),
        missed: missed(setup),
        worlds: what.worlds,
        rating: None,
        player: None,
    }
}

/// A puzzle of the set as the player sees it, without ratings.
pub(crate) fn unrated_shown(p: &Puzzle) -> Result<Shown, HttpRefusal> {
    let setup = p
        .setup()
        .map_err(|e| HttpRefusal::internal(format!("puzzle {}: {e}", p.id)))?;
    let what = Showing {
        id: &p.id,
        game: game_of(p),
        kind: p.kind,
        themes: &p.themes,
        worlds: p.worlds,
    };
    Ok(shown(&setup, what))
}

fn empty(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.is_empty())
}

async fn next(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let theme = match empty(q.theme) {
        None => None,
        Some(t) => match serde_json::from_value::<Theme>(serde_json::Value::String(t.clone())) {
            Ok(t) => Some(t),
            Err(_) => {
                let msg = format!("no theme is called {t:?}");
                return Err(HttpRefusal::new(
                    StatusCode::BAD_REQUEST,
                    Code::BadRequest,
                    msg,
                ));
            }
        },
    };
    let player = player(&hub, &headers, q.guest.as_deref()).await?;
    let mine = player_rating(&hub, &player).await?.rating;
    let game = empty(q.game);
    let filter = Filter {
        theme,
        game: game.as_deref(),
    };
    let current = hub
        .store
        .puzzle_ratings_now()
        .await
        .map_err(HttpRefusal::internal)?;
    let tried = hub
        .store
        .puzzles_tried(&player)
        .await
        .map_err(HttpRefusal::internal)?;
    let pick = rand::random::<u32>() as usize;
    let Some(p) = near_untried(
        filter,
        &current,
        mine.rating,
        q.skip.as_deref(),
        &tried,
        pick,
    ) else {
        return Err(HttpRefusal::new(
            StatusCode::NOT_FOUND,
            Code::NoPuzzle,
            "no puzzle has this theme in this game",
        ));
    };
    show(&hub, p, &player, mine).await
}

/// A puzzle as the player sees it, with its rating and the player's; served
/// to the player, so that their first try at it is rated.
async fn show(
    hub: &Hub,
    p: &'static Puzzle,
    player: &str,
    mine: Glicko2Rating,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let unrated = unrated_shown(p)?;
    hub.store
        .serve_puzzle(player, &p.id, crate::clock::now_ms())
        .await
        .map_err(HttpRefusal::internal)?;
    let rating = puzzle_rating(hub, p).await?.rating;
    Ok(axum::Json(Shown {
        rating: Some(rating.into()),
        player: Some(mine.into()),
        ..unrated
    }))
}

/// A game the set has puzzles for.
#[derive(Debug, Serialize, Deserialize)]
pub struct Game {
    /// As `next`'s `game` asks for it (a preset's name, its size kept:
    /// `block4`).
    pub game: String,
    pub puzzles: usize,
}

/// The games to choose from, for the page's game filter.
async fn game_list() -> axum::Json<Vec<Game>> {
    axum::Json(
        games()
            .into_iter()
            .map(|(game, puzzles)| Game {
                game: game.to_string(),
                puzzles,
            })
            .collect(),
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GuestQuery {
    #[serde(default)]
    pub(crate) guest: Option<String>,
}

/// Today's puzzle (UTC), the same for everyone.
async fn daily_puzzle(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Query(q): Query<GuestQuery>,
) -> Result<axum::Json<Shown>, HttpRefusal> {
    let player = player(&hub, &headers, q.guest.as_deref()).await?;
    let mine = player_rating(&hub, &player).await?.rating;
    let day = crate::clock::now_ms().max(0) as u64 / 86_400_000;
    match daily(day) {
        Some(p) => show(&hub, p, &player, mine).await,
        None => Err(HttpRefusal::new(
            StatusCode::NOT_FOUND,
            Code::NoPuzzle,
            "no puzzles are shipped",
        )),
    }
}

/// A try: the play chosen.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Try {
    pub action: Action,
    #[serde(default)]
    pub guest: Option<String>,
}

/// A rating before and after a try.
#[derive(Debug, Serialize, Deserialize)]
pub struct Moved {
    pub before: Rating,
    pub after: Rating,
}

/// Why a try moved no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unrated {
    /// The player's rated try at this puzzle was made before.
    TriedBefore,
    /// The puzzle was not served to this player (opened by its id).
    NotServed,
}

/// The answer to a try.
#[derive(Debug, Serialize, Deserialize)]
pub struct Tried {
    pub right: bool,
    /// A try of the set's puzzles that moved no rating, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<Unrated>,
    pub answer: Action,
    /// Every play with the solver's value for the mover's side (for a
    /// counting puzzle the worst over the worlds, and in how many it is
    /// best): values only, never a line through hidden tiles.
    pub choices: Vec<Choice>,
    /// Both ratings, before and after; none for a player's own puzzle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Moved>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Moved>,
    /// A player's own puzzle: what was played in the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Action>,
    /// Why the answer is good and what the mover could know, from the
    /// mover's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explained: Option<Explained>,
    /// Open puzzles: the hand played out by the solver from the answer
    /// (counting puzzles have none: it would show hidden tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<Played>>,
    /// Open puzzles tried wrong: the hand played out from the player's play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub your_line: Option<Vec<Played>>,
}

/// How far the search of a played-out line may go: as far as the set's
/// proofs went.
const LINE_NODES: u64 = 20_000_000;

/// What the answer to a try teaches, past the values.
#[derive(Debug, Default)]
pub(crate) struct Taught {
    explained: Option<Explained>,
    line: Option<Vec<Played>>,
    your_line: Option<Vec<Played>>,
}

/// The answer explained from the mover's view, and for an open puzzle the
/// lines: from the answer, and from the player's play when it was another.
/// On the blocking pool (the lines are searches); what cannot be had is
/// logged and left out, the try stands.
/// `build` makes the puzzle's position (`label` names it in the log).
pub(crate) async fn taught(
    label: String,
    build: impl FnOnce() -> Result<Setup, String> + Send + 'static,
    kind: Kind,
    answer: Action,
    mine: Action,
    right: bool,
) -> Taught {
    let worked = tokio::task::spawn_blocking(move || {
        let setup = build()?;
        let explained = Some(explain(&setup, answer));
        if kind != Kind::Open {
            return Ok(Taught {
                explained,
                ..Taught::default()
            });
        }
        let line = played_out(&setup, answer, LINE_NODES).map_err(|e| e.to_string())?;
        let your_line = if right {
            None
        } else {
            Some(played_out(&setup, mine, LINE_NODES).map_err(|e| e.to_string())?)
        };
        Ok::<_, String>(Taught {
            explained,
            line: Some(line),
            your_line,
        })
    })
    .await;
    match worked {
        Ok(Ok(taught)) => taught,
        Ok(Err(e)) => {
            tracing::warn!(puzzle = %label, "nothing more to teach: {e}");
            Taught::default()
        }
        Err(e) => {
            tracing::warn!(puzzle = %label, "the line's search failed: {e}");
            Taught::default()
        }
    }
}

/// The play tried, as the puzzle lists it (a claim the try left out is
/// made); none when it is none of the puzzle's.
pub(crate) fn listed(choices: &[Choice], tried: Action) -> Option<Action> {
    choices
        .iter()
        .map(|c| c.action)
        .find(|&c| same_play(tried, c))
}

/// [`listed`], refused when it is none of the puzzle's.
pub(crate) fn chosen(choices: &[Choice], tried: Action) -> Result<Action, HttpRefusal> {
    listed(choices, tried).ok_or_else(|| {
        HttpRefusal::new(
            StatusCode::BAD_REQUEST,
            Code::Engine(ErrorCode::IllegalAction),
            format!("{tried} is not a play of this puzzle"),
        )
    })
}

async fn try_puzzle(
    State(hub): State<Hub>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(t): Json<Try>,
) -> Result<axum::Json<Tried>, HttpRefusal> {
    let Some(p) = by_id(&id) else {
        return Err(HttpRefusal::new(
            StatusCode::NOT_FOUND,
            Code::NoPuzzle,
            format!("no puzzle {id:?}"),
        ));
    };
    let chosen = chosen(&p.choices, t.action)?;
    let player = player(&hub, &headers, t.guest.as_deref()).await?;
    let right = same_play(t.action, p.answer);
    let served = hub
        .store
        .puzzle_served(&player, &p.id)
        .await
        .map_err(HttpRefusal::internal)?;
    let moved = match served {
        None => Err(Unrated::NotServed),
        Some(true) => Err(Unrated::TriedBefore),
        Some(false) => rate_try(&hub, &player, p, right).await?,
    };
    let now = crate::clock::now_ms();
    runs::note_try(&hub, &player, p, right, moved.is_ok(), now).await;
    let build = || p.setup().map_err(|e| e.to_string());
    let taught = taught(p.id.clone(), build, p.kind, p.answer, chosen, right).await;
    let (player, puzzle, unrated) = match moved {
        Ok((player, puzzle)) => (Some(player), Some(puzzle), None),
        Err(why) => (None, None, Some(why)),
    };
    Ok(axum::Json(Tried {
        right,
        unrated,
        answer: p.answer,
        choices: p.choices.clone(),
        player,
        puzzle,
        played: None,
        explained: taught.explained,
        line: taught.line,
        your_line: taught.your_line,
    }))
}

/// Spend the player's rated try at `p` and move both ratings: the player's
/// move and the puzzle's, or why none moved (another try spent it first).
async fn rate_try(
    hub: &Hub,
    player: &str,
    p: &Puzzle,
    right: bool,
) -> Result<Result<(Moved, Moved), Unrated>, HttpRefusal> {
    let outcome = if right { Outcomes::WIN } else { Outcomes::LOSS };
    // Another try at once (the daily puzzle, a second tab) may move either
    // rating between the read and the write: then read both again.
    for attempt in 1..=RATING_ATTEMPTS {
        let mine = player_rating(hub, player).await?;
        let theirs = puzzle_rating(hub, p).await?;
        let (mine2, theirs2) = glicko2(
            &mine.rating,
            &theirs.rating,
            &outcome,
            &Glicko2Config::new(),
        );
        let player_move = Move {
            id: player,
            was: mine.tries,
            now: &mine2,
        };
        let puzzle_move = Move {
            id: &p.id,
            was: theirs.tries,
            now: &theirs2,
        };
        let kept = hub.store.record_puzzle_try(player_move, puzzle_move).await;
        match kept.map_err(HttpRefusal::internal)? {
            TryKept::Rated => {
                let moved = |before: Glicko2Rating, after: Glicko2Rating| Moved {
                    before: before.into(),
                    after: after.into(),
                };
                return Ok(Ok((
                    moved(mine.rating, mine2),
                    moved(theirs.rating, theirs2),
                )));
            }
            TryKept::Spent => return Ok(Err(Unrated::TriedBefore)),
            TryKept::Moved => {}
        }
        let wait = 1 + rand::random::<u64>() % (2 * attempt);
        tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
    }
    Err(HttpRefusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        Code::Busy,
        "this puzzle's rating is being moved by many tries at once: try again",
    ))
}

async fn page(headers: HeaderMap) -> Response {
    crate::page::page(StatusCode::OK, None, &headers)
}
