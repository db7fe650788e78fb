//! How a connection sits at a table: asked for by a socket (or by another
//! node for one of its sockets) and answered by the table.

use serde::{Deserialize, Serialize};

/// How a connection wants to sit at a table. Between nodes it travels as
/// `"spectate"`, `{"resume": TOKEN}`, `{"resume_as": {token, profile}}`
/// or `{"join": {name, seat, invite, profile}}` (see [`SeatingWire`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(into = "SeatingWire", from = "SeatingWire")]
pub enum Seating {
    /// Claim a free human seat (a given one, or the first) under a name,
    /// tied to the signed-in profile (`(id, name)`) if there is one: then
    /// the seat takes the profile's name.
    Join {
        name: String,
        seat: Option<u8>,
        /// The invitation code an invite link carries: an invited seat is
        /// taken only with its code (see `invites`).
        invite: Option<String>,
        profile: Option<(String, String)>,
    },
    /// Return to a claimed seat, from a socket signed in as `profile` (a
    /// person's profile or a bot account's, by id) if it is: a seat that
    /// belongs to a profile is given back only to that profile.
    Resume {
        token: String,
        profile: Option<String>,
    },
    /// Watch the public view.
    Spectate,
}

/// A seat request as it travels: the resume token bare, the join's
/// fields under `join` (the shape nodes of earlier versions send).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SeatingWire {
    Join {
        name: String,
        seat: Option<u8>,
        invite: Option<String>,
        profile: Option<(String, String)>,
    },
    Resume(String),
    /// A resume from a signed-in socket (nodes of earlier versions send
    /// only `Resume`, from any socket).
    ResumeAs {
        token: String,
        profile: String,
    },
    Spectate,
}

impl From<Seating> for SeatingWire {
    fn from(s: Seating) -> SeatingWire {
        match s {
            Seating::Join {
                name,
                seat,
                invite,
                profile,
            } => SeatingWire::Join {
                name,
                seat,
                invite,
                profile,
            },
            Seating::Resume {
                token,
                profile: None,
            } => SeatingWire::Resume(token),
            Seating::Resume {
                token,
                profile: Some(profile),
            } => SeatingWire::ResumeAs { token, profile },
            Seating::Spectate => SeatingWire::Spectate,
        }
    }
}

impl From<SeatingWire> for Seating {
    fn from(s: SeatingWire) -> Seating {
        match s {
            SeatingWire::Join {
                name,
                seat,
                invite,
                profile,
            } => Seating::Join {
                name,
                seat,
                invite,
                profile,
            },
            SeatingWire::Resume(token) => Seating::Resume {
                token,
                profile: None,
            },
            SeatingWire::ResumeAs { token, profile } => Seating::Resume {
                token,
                profile: Some(profile),
            },
            SeatingWire::Spectate => Seating::Spectate,
        }
    }
}

/// What a seat is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SeatKind {
    /// A seat for whoever comes: until someone claims it, a bot plays it
    /// once the grace period has passed.
    Human,
    /// A seat kept for an invited friend: the match waits for them (or
    /// for the creator to fill it with a bot).
    Invite,
    /// Always a bot.
    Bot,
}

/// Where a connection sits once attached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Seated {
    pub table: String,
    pub seat: Option<u8>,
    /// The secret token, when a seat was just claimed.
    pub token: Option<String>,
}
