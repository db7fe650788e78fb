//! A refused request: a stable code a client can act on and a message for
//! people. Sent as `{"type": "error", "code", "message"}`; the codes are
//! spelled once, here, and the engine's own codes pass through unchanged.

use domino_engine::ErrorCode;
use domino_league::name::NameError;
use domino_league::text::ChatError;
use http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a request was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
// Written by hand as its snake_case name (see `Serialize` below).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub enum Code {
    /// The engine refused the action (illegal, not your turn, ...).
    Engine(ErrorCode),
    /// This profile already holds a seat at the table.
    AlreadySeated,
    /// The coach is analysing other matches and no more may wait.
    AnalysisBusy,
    /// The match has more decisions than the coach's budget allows.
    AnalysisTooLarge,
    /// A request that changes state, or a game connection, came from
    /// another site's page.
    CrossSite,
    BadBot,
    BadChat,
    BadGame,
    BadHand,
    BadJson,
    BadName,
    BadNames,
    BadRequest,
    BadRules,
    BadSeat,
    BadSeats,
    BadSecret,
    BadToken,
    /// The table is not between hands or over, where the request needs it.
    Busy,
    /// The sheet changed since the client read it.
    Changed,
    ChatTooLong,
    /// The server keeps no more sheets.
    Full,
    HandNotOver,
    HandOver,
    /// The expert could not work out a hint.
    HintFailed,
    /// Hints are off at this table (rated, a tournament's, no bots, or
    /// turned off when it was made).
    HintsOff,
    /// A hand report whose counts (doubles, last tile) no deal could give.
    ImpossibleCounts,
    /// A hand report whose points in play no hand could make.
    ImpossiblePoints,
    /// A hand report whose penalty cancels more than its act can.
    ImpossibleActs,
    /// A fault of the server's own.
    Internal,
    /// The player left this seat for good.
    Left,
    /// A one-time sign-in link was used or ran out.
    LinkUsed,
    MatchOver,
    /// The table's node stopped answering and another has not taken the
    /// table over yet, or this node's copy of the table was taken over
    /// (several nodes): nothing was done; try again in a few seconds.
    Moving,
    /// Another profile has this display name.
    NameTaken,
    NoProfile,
    NoSecret,
    /// No puzzle has this id.
    NoPuzzle,
    /// No puzzle run (streak or storm) of this player has this id.
    NoRun,
    /// The puzzle run ended before this try.
    RunOver,
    NoSheet,
    NoTable,
    NotHost,
    /// A request that changes state did not carry JSON.
    NotJson,
    /// An invited seat named without its invitation code (or a wrong one).
    NotInvited,
    NotOver,
    NotSeated,
    /// The invited players are not all here yet.
    NotStarted,
    NotYourTurn,
    /// A seat token of a seat that belongs to another profile or bot
    /// account than the socket's (or to one, on a socket signed in as
    /// none): only its owner resumes it.
    NotYourSeat,
    NothingToUndo,
    RateLimited,
    SeatTaken,
    SignedOut,
    /// The action was chosen from an older state than the table's.
    Stale,
    Started,
    /// The database failed: nothing was applied.
    Store,
    TableFull,
    TooLarge,
    TooManyCreates,
    TooManyTables,
    /// The organiser has as many tournaments waiting to start as one may.
    TooManyTournaments,
    // Tournaments.
    AlreadyEntered,
    BadFormat,
    BadRounds,
    NoTournament,
    NotOrganiser,
    /// A moderator's route asked by someone without the role.
    NotModerator,
    /// A table of a duplicate round still being played: its deals are
    /// the other tables' too, so nobody watches it or reads its record.
    RoundNotOver,
    TooFewEntrants,
    TournamentFull,
    TournamentStarted,
    /// A time control out of its range (see `domino_engine::clock`).
    BadClock,
    /// The player's turn clock ran out: the computer made or makes the move.
    OutOfTime,
    // Pairing.
    /// The player already waits for a game (one seek at a time).
    AlreadySeeking,
    /// The player holds a seat at an unfinished rated table.
    AtRatedTable,
    /// A fill delay out of range, or asked for a rated game.
    BadFill,
    /// A team asked for a game without partners.
    BadTeam,
    /// A seek for rules that make no game.
    NoGame,
    NoSeek,
    NoTeam,
    // Bot accounts.
    /// A profile that played rated matches as a person cannot become a bot.
    HasRatedGames,
    /// Bot accounts only (tokens, the events socket), or a challenge to a person.
    NotABot,
    /// A bot account holds as many live API tokens as it may.
    TooManyTokens,
    NoToken,
    /// An API token over its request rate.
    Rate,
    /// The server pairs no bot accounts (`--bot-pairing off`).
    BotPairingOff,
    /// The challenged bot has no events socket open.
    BotOffline,
    /// The challenger, or the challenged bot, has as many pending challenges as it may.
    TooManyChallenges,
    NoSuchProfile,
    NoChallenge,
    /// The challenge was accepted, declined, cancelled or expired already.
    NotPending,
    /// As many seeks as one address may have wait at once.
    TooManySeeks,
    /// The match is under way (its first move is made): it can be
    /// resigned, no longer aborted.
    NoAbort,
    /// A tournament's match is played to its end: neither resigned nor
    /// aborted (leaving gives the seat to the computer).
    InTournament,
}

impl Code {
    /// Every code of the server's own (the engine's are [`ErrorCode`]).
    pub const OWN: [Code; 94] = [
        Code::AlreadySeated,
        Code::AnalysisBusy,
        Code::AnalysisTooLarge,
        Code::CrossSite,
        Code::BadBot,
        Code::BadChat,
        Code::BadGame,
        Code::BadHand,
        Code::BadJson,
        Code::BadName,
        Code::BadNames,
        Code::BadRequest,
        Code::BadRules,
        Code::BadSeat,
        Code::BadSeats,
        Code::BadSecret,
        Code::BadToken,
        Code::Busy,
        Code::Changed,
        Code::ChatTooLong,
        Code::Full,
        Code::HandNotOver,
        Code::HandOver,
        Code::HintFailed,
        Code::HintsOff,
        Code::ImpossibleCounts,
        Code::ImpossiblePoints,
        Code::ImpossibleActs,
        Code::Internal,
        Code::Left,
        Code::LinkUsed,
        Code::MatchOver,
        Code::Moving,
        Code::NameTaken,
        Code::NoProfile,
        Code::NoSecret,
        Code::NoPuzzle,
        Code::NoRun,
        Code::RunOver,
        Code::NoSheet,
        Code::NoTable,
        Code::NotHost,
        Code::NotInvited,
        Code::NotJson,
        Code::NotOver,
        Code::NotSeated,
        Code::NotStarted,
        Code::NotYourTurn,
        Code::NotYourSeat,
        Code::NothingToUndo,
        Code::RateLimited,
        Code::SeatTaken,
        Code::SignedOut,
        Code::Stale,
        Code::Started,
        Code::Store,
        Code::TableFull,
        Code::TooLarge,
        Code::TooManyCreates,
        Code::TooManyTables,
        Code::TooManyTournaments,
        Code::AlreadyEntered,
        Code::BadFormat,
        Code::BadRounds,
        Code::NoTournament,
        Code::NotOrganiser,
        Code::NotModerator,
        Code::RoundNotOver,
        Code::TooFewEntrants,
        Code::TournamentFull,
        Code::TournamentStarted,
        Code::BadClock,
        Code::OutOfTime,
        Code::AlreadySeeking,
        Code::AtRatedTable,
        Code::BadFill,
        Code::BadTeam,
        Code::NoGame,
        Code::NoSeek,
        Code::NoTeam,
        Code::HasRatedGames,
        Code::NotABot,
        Code::TooManyTokens,
        Code::NoToken,
        Code::Rate,
        Code::BotPairingOff,
        Code::BotOffline,
        Code::TooManyChallenges,
        Code::NoSuchProfile,
        Code::NoChallenge,
        Code::NotPending,
        Code::TooManySeeks,
        Code::NoAbort,
        Code::InTournament,
    ];

    /// The code as clients read it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::Engine(e) => e.as_str(),
            Code::AlreadySeated => "already_seated",
            Code::AnalysisBusy => "analysis_busy",
            Code::AnalysisTooLarge => "analysis_too_large",
            Code::CrossSite => "cross_site",
            Code::BadBot => "bad_bot",
            Code::BadChat => "bad_chat",
            Code::BadGame => "bad_game",
            Code::BadHand => "bad_hand",
            Code::BadJson => "bad_json",
            Code::BadName => "bad_name",
            Code::BadNames => "bad_names",
            Code::BadRequest => "bad_request",
            Code::BadRules => "bad_rules",
            Code::BadSeat => "bad_seat",
            Code::BadSeats => "bad_seats",
            Code::BadSecret => "bad_secret",
            Code::BadToken => "bad_token",
            Code::Busy => "busy",
            Code::Changed => "changed",
            Code::ChatTooLong => "chat_too_long",
            Code::Full => "full",
            Code::HandNotOver => "hand_not_over",
            Code::HandOver => "hand_over",
            Code::HintFailed => "hint_failed",
            Code::HintsOff => "hints_off",
            Code::ImpossibleCounts => "impossible_counts",
            Code::ImpossiblePoints => "impossible_points",
            Code::ImpossibleActs => "impossible_acts",
            Code::Internal => "internal",
            Code::Left => "left",
            Code::LinkUsed => "link_used",
            Code::MatchOver => "match_over",
            Code::Moving => "moving",
            Code::NameTaken => "name_taken",
            Code::NoProfile => "no_profile",
            Code::NoSecret => "no_secret",
            Code::NoPuzzle => "no_puzzle",
            Code::NoRun => "no_run",
            Code::RunOver => "run_over",
            Code::NoSheet => "no_sheet",
            Code::NoTable => "no_table",
            Code::NotHost => "not_host",
            Code::NotJson => "not_json",
            Code::NotInvited => "not_invited",
            Code::NotOver => "not_over",
            Code::NotSeated => "not_seated",
            Code::NotStarted => "not_started",
            Code::NotYourTurn => "not_your_turn",
            Code::NotYourSeat => "not_your_seat",
            Code::NothingToUndo => "nothing_to_undo",
            Code::RateLimited => "rate_limited",
            Code::SeatTaken => "seat_taken",
            Code::SignedOut => "signed_out",
            Code::Stale => "stale",
            Code::Started => "started",
            Code::Store => "store",
            Code::TableFull => "table_full",
            Code::TooLarge => "too_large",
            Code::TooManyCreates => "too_many_creates",
            Code::TooManyTables => "too_many_tables",
            Code::TooManyTournaments => "too_many_tournaments",
            Code::AlreadyEntered => "already_entered",
            Code::BadFormat => "bad_format",
            Code::BadRounds => "bad_rounds",
            Code::NoTournament => "no_tournament",
            Code::NotOrganiser => "not_organiser",
            Code::NotModerator => "not_moderator",
            Code::RoundNotOver => "round_not_over",
            Code::TooFewEntrants => "too_few_entrants",
            Code::TournamentFull => "tournament_full",
            Code::TournamentStarted => "tournament_started",
            Code::BadClock => "bad_clock",
            Code::OutOfTime => "out_of_time",
            Code::AlreadySeeking => "already_seeking",
            Code::AtRatedTable => "at_rated_table",
            Code::BadFill => "bad_fill",
            Code::BadTeam => "bad_team",
            Code::NoGame => "no_game",
            Code::NoSeek => "no_seek",
            Code::NoTeam => "no_team",
            Code::HasRatedGames => "has_rated_games",
            Code::NotABot => "not_a_bot",
            Code::TooManyTokens => "too_many_tokens",
            Code::NoToken => "no_token",
            Code::Rate => "rate",
            Code::BotPairingOff => "bot_pairing_off",
            Code::BotOffline => "bot_offline",
            Code::TooManyChallenges => "too_many_challenges",
            Code::NoSuchProfile => "no_such_profile",
            Code::NoChallenge => "no_challenge",
            Code::NotPending => "not_pending",
            Code::TooManySeeks => "too_many_seeks",
            Code::NoAbort => "no_abort",
            Code::InTournament => "in_tournament",
        }
    }
}

impl Code {
    /// The HTTP status a refusal with this code is answered with, decided
    /// here once. One handler still answers its own: `bad_request` 404
    /// for `/metrics` when it is off.
    pub const fn status(self) -> StatusCode {
        match self {
            Code::Engine(ErrorCode::Internal) | Code::Internal | Code::Store => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            Code::Engine(_)
            | Code::BadBot
            | Code::BadChat
            | Code::BadGame
            | Code::BadHand
            | Code::BadJson
            | Code::BadName
            | Code::BadNames
            | Code::BadRequest
            | Code::BadRules
            | Code::BadSeat
            | Code::BadSeats
            | Code::ChatTooLong
            | Code::HandNotOver
            | Code::HandOver
            | Code::ImpossibleCounts
            | Code::ImpossiblePoints
            | Code::ImpossibleActs
            | Code::MatchOver
            | Code::NotOver
            | Code::NotYourTurn
            | Code::NothingToUndo
            | Code::Stale
            | Code::BadFormat
            | Code::BadRounds
            | Code::TooFewEntrants
            | Code::BadClock
            | Code::OutOfTime
            | Code::BadFill
            | Code::BadTeam
            | Code::NoGame => StatusCode::BAD_REQUEST,
            Code::SignedOut | Code::BadToken => StatusCode::UNAUTHORIZED,
            Code::NotYourSeat
            | Code::CrossSite
            | Code::BadSecret
            | Code::NoSecret
            | Code::NotHost
            | Code::NotInvited
            | Code::NotSeated
            | Code::NotOrganiser
            | Code::NotModerator
            | Code::RoundNotOver
            | Code::HintsOff
            | Code::NotABot
            | Code::BotPairingOff
            | Code::Left => StatusCode::FORBIDDEN,
            Code::NoProfile
            | Code::NoPuzzle
            | Code::NoRun
            | Code::NoSheet
            | Code::NoTable
            | Code::NoTournament
            | Code::NoSeek
            | Code::NoTeam
            | Code::NoToken
            | Code::NoSuchProfile
            | Code::NoChallenge => StatusCode::NOT_FOUND,
            Code::AlreadySeated
            | Code::Changed
            | Code::Full
            | Code::NameTaken
            | Code::SeatTaken
            | Code::Started
            | Code::TableFull
            | Code::AlreadyEntered
            | Code::TournamentFull
            | Code::TournamentStarted
            | Code::AlreadySeeking
            | Code::AtRatedTable
            | Code::HasRatedGames
            | Code::BotOffline
            | Code::NotPending
            | Code::RunOver
            | Code::NoAbort
            | Code::InTournament
            | Code::NotStarted => StatusCode::CONFLICT,
            Code::LinkUsed => StatusCode::GONE,
            Code::TooLarge | Code::AnalysisTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Code::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::RateLimited
            | Code::Rate
            | Code::TooManyCreates
            | Code::TooManyTables
            | Code::TooManyTournaments
            | Code::TooManyTokens
            | Code::TooManyChallenges
            | Code::TooManySeeks => StatusCode::TOO_MANY_REQUESTS,
            Code::AnalysisBusy | Code::Busy | Code::HintFailed | Code::Moving => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        }
    }
}

impl Code {
    /// The code spelled `s` (as a node's answer carries it to another);
    /// where the server and the engine spell a code alike, the server's.
    pub fn parse(s: &str) -> Option<Code> {
        if let Some(c) = Code::OWN.iter().find(|c| c.as_str() == s) {
            return Some(*c);
        }
        use ErrorCode as E;
        [
            E::BadJson,
            E::BadRequest,
            E::UnknownCommand,
            E::TooLarge,
            E::NoMatch,
            E::UnknownPreset,
            E::BadOption,
            E::UnknownBot,
            E::BadDeal,
            E::BadRecord,
            E::IllegalAction,
            E::NotYourTurn,
            E::HandOver,
            E::HandNotOver,
            E::MatchOver,
            E::Internal,
        ]
        .into_iter()
        .find(|e| e.as_str() == s)
        .map(Code::Engine)
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A code this node does not know (a newer node's, through the relay)
/// reads as [`Code::Internal`]: the refusal's message still says what.
impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        Ok(Code::parse(&s).unwrap_or(Code::Internal))
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refusal, sent to the client as `{"type": "error", "code", "message"}`
/// on a socket and as the body `{"code", "message"}` over HTTP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Refusal {
    pub code: Code,
    pub message: String,
}

impl Refusal {
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// A refusal as a log line or a page's error reads it: its message.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A refused display name is `bad_name`, with the league's words.
impl From<NameError> for Refusal {
    fn from(e: NameError) -> Refusal {
        Refusal::new(Code::BadName, e.to_string())
    }
}

/// A refused chat line: nothing to say is `bad_chat`, too long
/// `chat_too_long`.
impl From<ChatError> for Refusal {
    fn from(e: ChatError) -> Refusal {
        let code = match e {
            ChatError::Empty => Code::BadChat,
            ChatError::TooLong(_) => Code::ChatTooLong,
        };
        Refusal::new(code, e.to_string())
    }
}

/// A code's schema: one of the server's own codes or the engine's.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Code {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        // Some codes are both the server's and the engine's (`bad_json`):
        // each is listed once.
        let mut codes: Vec<&str> = Code::OWN.iter().map(|c| c.as_str()).collect();
        for e in ErrorCode::ALL {
            if !codes.contains(&e.as_str()) {
                codes.push(e.as_str());
            }
        }
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(codes))
            .description(Some(
                "Why the request was refused (docs/server.md lists them).",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Code {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each code is spelled once, in the protocol's snake case.
    #[test]
    fn codes_are_distinct_snake_case_words() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::OWN {
            let s = c.as_str();
            assert!(
                s.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'),
                "{s}"
            );
            assert!(seen.insert(s), "{s} twice");
        }
        assert_eq!(
            serde_json::to_string(&Code::Engine(ErrorCode::IllegalAction)).ok(),
            Some("\"illegal_action\"".into())
        );
    }

    /// The statuses the handlers answered before the status was decided
    /// on the code.
    #[test]
    fn each_code_has_its_status() {
        for (code, status) in [
            (Code::BadJson, 400),
            (Code::SignedOut, 401),
            (Code::RoundNotOver, 403),
            (Code::NoPuzzle, 404),
            (Code::NoRun, 404),
            (Code::RunOver, 409),
            (Code::NameTaken, 409),
            (Code::LinkUsed, 410),
            (Code::AnalysisTooLarge, 413),
            (Code::NotJson, 415),
            (Code::TooManySeeks, 429),
            (Code::Store, 500),
            (Code::Engine(ErrorCode::Internal), 500),
            (Code::Engine(ErrorCode::IllegalAction), 400),
            (Code::AnalysisBusy, 503),
        ] {
            assert_eq!(code.status().as_u16(), status, "{code}");
        }
        for c in Code::OWN {
            assert!(
                c.status().is_client_error() || c.status().is_server_error(),
                "{c}"
            );
        }
    }

    #[test]
    fn refused_names_and_chat_keep_their_codes_and_words() {
        let r = Refusal::from(NameError::TooLong(24));
        assert_eq!(r.code, Code::BadName);
        assert_eq!(r.message, "names are at most 24 characters");
        let r = Refusal::from(NameError::Invisible('\u{200B}'));
        assert_eq!(
            r.message,
            "names cannot hold invisible or control characters (U+200B)"
        );
        assert_eq!(Refusal::from(ChatError::Empty).code, Code::BadChat);
        let r = Refusal::from(ChatError::TooLong(5));
        assert_eq!(
            (r.code, r.message.as_str()),
            (Code::ChatTooLong, "chat lines are at most 5 characters")
        );
    }
}
