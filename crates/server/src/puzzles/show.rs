//! What the player is shown of a puzzle and taught by its answer, shared
//! by the set's puzzles, the runs, the history and a player's own: the
//! position as its kind allows, the play tried matched to the puzzle's,
//! and the answer explained (with the solver's lines for an open puzzle).

use domino_engine::catalog::TableFacts;
use domino_engine::{Action, ErrorCode};
use domino_protocol::puzzles::{Rating, Shown};
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::rate::same_play;
use domino_puzzles::Theme;
use domino_puzzles::{explain, missed, played_out, Choice, Explained, Kind, Played, Puzzle, Setup};
use skillratings::glicko2::Glicko2Rating;

use super::set::game_of;

/// A rating as the page shows it.
pub(crate) fn rating(r: Glicko2Rating) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
    }
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
pub(crate) fn unrated_shown(p: &Puzzle) -> Result<Shown, Refusal> {
    let setup = p.setup().map_err(|e| {
        tracing::error!(puzzle = %p.id, "the puzzle's position does not build: {e}");
        Refusal::new(Code::Internal, format!("puzzle {}: {e}", p.id))
    })?;
    let what = Showing {
        id: &p.id,
        game: game_of(p),
        kind: p.kind,
        themes: &p.themes,
        worlds: p.worlds,
    };
    Ok(shown(&setup, what))
}

/// How far the search of a played-out line may go: as far as the set's
/// proofs went.
const LINE_NODES: u64 = 20_000_000;

/// What the answer to a try teaches, past the values.
#[derive(Debug, Default)]
pub(crate) struct Taught {
    pub explained: Option<Explained>,
    pub line: Option<Vec<Played>>,
    pub your_line: Option<Vec<Played>>,
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
pub(crate) fn chosen(choices: &[Choice], tried: Action) -> Result<Action, Refusal> {
    listed(choices, tried).ok_or_else(|| {
        Refusal::new(
            Code::Engine(ErrorCode::IllegalAction),
            format!("{tried} is not a play of this puzzle"),
        )
    })
}
