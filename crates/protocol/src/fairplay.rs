//! Fair play's answers to moderators (see the server's `fairplay/` and
//! docs/fairplay.md): the flags raised for review with their figures, and
//! the audit log.

use serde::{Deserialize, Serialize};

/// A flag raised for review: the newest of its kind for the profile in
/// the game.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlagListed {
    pub profile: String,
    /// The profile's name (absent: the profile is gone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub game: String,
    /// `agreement`, `fast_rating` or `flat_times`.
    pub kind: String,
    /// When it was raised (ms since the epoch).
    pub raised_at: i64,
    /// The figures that raised it (`domino_fairplay::Flag`, tagged by `kind`).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub figures: serde_json::Value,
}

/// `GET /api/fairplay/flags`: the newest flags first, and the rated
/// matches still waiting for their analysis.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlagList {
    pub flags: Vec<FlagListed>,
    pub queued: i64,
}

/// One line of the audit log.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditLine {
    pub at: i64,
    /// A profile's id, or `admin` for the `domino admin` command.
    pub actor: String,
    pub action: String,
    pub target: String,
    pub why: String,
}

/// Why a player is reported.
#[derive(Copy, Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Playing with an engine's help (not said of a bot account: they are engines).
    Engine,
    /// Abuse in chat.
    Abuse,
    /// Losing on purpose to lower a rating.
    Sandbagging,
    /// Another reason, said in the text.
    Other,
}

impl ReportReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Engine => "engine",
            ReportReason::Abuse => "abuse",
            ReportReason::Sandbagging => "sandbagging",
            ReportReason::Other => "other",
        }
    }
}

/// `POST /api/fairplay/reports`: report a player.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The reported profile's id.
    pub profile: String,
    pub reason: ReportReason,
    /// The table it happened at, if any.
    #[serde(default)]
    pub table: Option<String>,
    /// What happened, in a line (needed for `other`).
    #[serde(default)]
    pub text: String,
}

/// A report kept: its id.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Reported {
    pub id: String,
}

/// A report, as the moderators' list shows it.
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportListed {
    pub id: String,
    pub at: i64,
    pub reporter: String,
    pub target: String,
    /// The reported profile's name (absent: the profile is gone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    pub text: String,
}

/// `POST /api/fairplay/actions`: what a moderator does, and why (kept in
/// the audit log).
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ModAction {
    /// The flag looked at and found nothing.
    DismissFlag {
        profile: String,
        game: String,
        kind: String,
        why: String,
    },
    /// The report looked at and found nothing (or dealt with).
    DismissReport { report: String, why: String },
    /// Engine-assisted: the profile leaves every leaderboard.
    MarkEngine { profile: String, why: String },
    /// The mark undone.
    UnmarkEngine { profile: String, why: String },
}

/// A moderator's action done: whether it changed anything (dismissing a
/// flag already dismissed changes nothing, and is not logged again).
#[derive(Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModDone {
    pub changed: bool,
}
