//! A seat's view read back from its `state` object (docs/protocol.md), for
//! a program that plays over the network (the bot clients): the server
//! sends each seat only what that seat may know, so the view rebuilt here
//! holds nothing more than the [`SeatView`] the server built it from.
//!
//! The layout is replayed from the hand's history, as [`Drawn::from_history`]
//! does for drawing. What no bot reads to choose a move (the hand's result,
//! the match's winner, the skunk) is not read back.
//!
//! [`Drawn::from_history`]: crate::wire::Drawn::from_history

use serde::Deserialize;
use thiserror::Error;

use crate::action::Action;
use crate::behaviour::EndCount;
use crate::deal::MAX_PLAYERS;
use crate::game::{Entry, Phase};
use crate::layout::{Layout, PlaceError};
use crate::rules::{RulesError, RulesSpec};
use crate::tile::{Tile, TileSet};
use crate::view::{SeatView, View, Viewer};

/// Why a `state` object is not a seat's view.
#[derive(Debug, Error)]
pub enum SeenError {
    #[error("not a state object: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the state is no seat's view (a spectator's?)")]
    NoSeat,
    #[error("the state's rules make no game: {0}")]
    Rules(#[from] RulesError),
    #[error("the state shows {got} seats, its rules have {players}")]
    Seats { got: usize, players: u8 },
    #[error("the history does not replay: {0}")]
    History(#[from] PlaceError),
}

/// A seat's hand as sent: its tiles (its own, or any once the hand is
/// over) or only how many.
#[derive(Deserialize)]
#[serde(untagged)]
enum Hand {
    Tiles(Vec<Tile>),
    Count(u32),
}

/// The boneyard as sent to a seat: its size (a referee's list of tiles
/// is read for its length only).
#[derive(Deserialize)]
#[serde(untagged)]
enum Boneyard {
    Count(usize),
    Tiles(Vec<Tile>),
}

/// The members of the state object a seat's view is made of.
#[derive(Deserialize)]
struct Seen {
    boneyard: Boneyard,
    #[serde(default)]
    ends_total: Option<u32>,
    hand_number: u32,
    hands: Vec<Hand>,
    history: Vec<Entry>,
    /// Absent from states written before they carried the seat's draws.
    #[serde(default)]
    drew: Vec<Tile>,
    #[serde(default)]
    legal: Vec<Action>,
    #[serde(default)]
    muggins: i32,
    #[serde(default)]
    out: Vec<u8>,
    phase: Phase,
    #[serde(default)]
    playoff: Option<bool>,
    rules: RulesSpec,
    scores: Vec<i32>,
    seat: Option<u8>,
    #[serde(default)]
    stake: Option<i32>,
    to_act: Option<u8>,
    #[serde(default)]
    trains: Option<crate::wire::TrainsState>,
}

impl SeatView {
    /// The view of the seat a `state` object (the `state` member of the
    /// server's `state` message) was written for.
    pub fn from_state(state: &serde_json::Value) -> Result<SeatView, SeenError> {
        let seen = Seen::deserialize(state)?;
        let seat = seen.seat.ok_or(SeenError::NoSeat)?;
        let rules = seen.rules.resolve()?;
        let n = rules.players() as usize;
        if seen.hands.len() != n || seat as usize >= n || n > MAX_PLAYERS {
            return Err(SeenError::Seats {
                got: seen.hands.len(),
                players: rules.players(),
            });
        }
        let mut hands = [None; MAX_PLAYERS];
        let mut hand_sizes = [0; MAX_PLAYERS];
        for (s, h) in seen.hands.into_iter().enumerate() {
            match h {
                Hand::Tiles(tiles) => {
                    hand_sizes[s] = tiles.len() as u32;
                    hands[s] = Some(tiles.into_iter().collect::<TileSet>());
                }
                Hand::Count(c) => hand_sizes[s] = c,
            }
        }
        let layout = replay_layout(rules.layout(), &seen.history)?;
        let view = View {
            rules,
            viewer: Viewer::Seat(seat),
            hand_number: seen.hand_number,
            phase: seen.phase,
            to_act: seen.to_act,
            hands,
            hand_sizes,
            boneyard: None,
            boneyard_count: match seen.boneyard {
                Boneyard::Count(c) => c,
                Boneyard::Tiles(t) => t.len(),
            },
            layout,
            history: seen.history,
            drew: seen.drew,
            scores: seen.scores,
            result: None,
            legal: seen.legal,
            muggins: seen.muggins,
            out: seen.out,
            stake: seen.stake.unwrap_or(0),
            playoff: seen.playoff.unwrap_or(false),
            winner: None,
            skunk: None,
            seed: None,
            shows_total: false,
            trains: seen.trains,
        };
        // The total is sent once a tile is down, where the rules count the
        // ends and the seat is not to find it itself (the claims rules).
        let shows_total = rules.ends() != EndCount::Off
            && (seen.ends_total.is_some() || view.layout.posed().is_none());
        let view = View {
            shows_total,
            ..view
        };
        Ok(SeatView::from_seen(view, seat))
    }
}

/// The layout after the hand's plays, each checked before it is laid (a
/// malformed history is refused, never laid wrong).
fn replay_layout(kind: crate::rules::LayoutKind, history: &[Entry]) -> Result<Layout, SeenError> {
    let mut layout = Layout::new(kind);
    for e in history {
        let Action::Play { tile, end, .. } = e.action else {
            continue;
        };
        match end {
            None => layout.pose(tile),
            Some(id) => {
                layout.check(tile, id)?;
                layout.place(tile, id);
            }
        }
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Match;
    use serde_json::json;

    fn started(preset: &str, seed: u64) -> Match {
        let spec: RulesSpec = serde_json::from_value(json!({ "preset": preset })).unwrap();
        Match::new(spec.resolve().unwrap(), Some(seed), None).unwrap()
    }

    /// Read back, a seat's state object is the state object it was
    /// written from, at every turn of a whole hand of several games.
    #[test]
    fn a_seat_view_reads_back_as_it_was_written() {
        for preset in [
            "draw",
            "block",
            "all-fives",
            "cross",
            "jamaican",
            "club-fives",
        ] {
            let mut m = started(preset, 7);
            let mut turns = 0;
            let mut drew = 0;
            while let Some(seat) = m.to_act() {
                for s in 0..m.rules().players() {
                    let written = m.seat_view(s).to_json();
                    let read = SeatView::from_state(&written).unwrap();
                    assert_eq!(read.to_json(), written, "{preset} seat {s}");
                    assert_eq!(read.hand(), m.seat_view(s).hand());
                    drew += read.drew().len();
                }
                let a = m.seat_view(seat).legal()[0];
                m.act(a, &mut ()).unwrap();
                turns += 1;
            }
            assert!(turns > 0, "{preset}");
            if matches!(preset, "draw" | "all-fives") {
                assert!(drew > 0, "{preset}: seed 7 has the seats draw");
            }
        }
    }

    /// A state written before states told a seat its draws still reads,
    /// as the same view with no draws known.
    #[test]
    fn a_state_without_the_seats_draws_reads() {
        let mut m = started("draw", 7);
        while m.seat_view(0).drew().is_empty() {
            let seat = m.to_act().unwrap();
            let a = m.seat_view(seat).legal()[0];
            m.act(a, &mut ()).unwrap();
        }
        let mut old = m.seat_view(0).to_json();
        old.as_object_mut().unwrap().remove("drew");
        let read = SeatView::from_state(&old).unwrap();
        assert!(read.drew().is_empty());
        assert_eq!(read.to_json(), old);
    }

    #[test]
    fn a_spectator_or_a_malformed_state_is_refused() {
        let m = started("draw", 3);
        let spectator = m.state_json(Viewer::Spectator);
        assert!(matches!(
            SeatView::from_state(&spectator),
            Err(SeenError::NoSeat)
        ));
        assert!(matches!(
            SeatView::from_state(&json!({"seat": 0})),
            Err(SeenError::Json(_))
        ));
        let mut fewer = m.seat_view(0).to_json();
        fewer["hands"] = json!([7]);
        assert!(matches!(
            SeatView::from_state(&fewer),
            Err(SeenError::Seats { .. })
        ));
    }
}
