//! What a table tells the bot accounts seated at it on their events
//! sockets (docs/botapi.md): the match's end with each one's result and
//! rating change (`match_over`), and another seat's player losing its last
//! connection or coming back (`opponent_gone`, `opponent_back`), on every
//! node (`Registry::tell_all_nodes`).

use domino_protocol::bots::{BotEvent, MatchOver};

use super::{SeatKind, Table};

/// Where a table's events for the bot accounts at it go: their events
/// sockets (`crate::botstate::Registry`, which the table does not import:
/// the registry names the table's connections).
pub trait TellBots: Send + Sync + std::fmt::Debug {
    /// Tell bot account `profile`'s events sockets `event`.
    fn tell(&self, profile: &str, event: &BotEvent);
}

impl Table {
    /// The match is over and rated (or found not to move ratings): each
    /// bot account at the table hears its result.
    pub(super) fn tell_bots_match_over(&self) {
        let (places, winner) = self.result();
        let places: Vec<i64> = places.iter().map(|&p| p as i64).collect();
        let rated = !self.rating_changes.is_empty();
        for (s, profile) in self.bot_accounts() {
            let seat = s as i64;
            let over = MatchOver {
                table: self.id.clone(),
                seat,
                side: self.rules.side_of(s as u8) as i64,
                winner: winner.map(|w| w as i64),
                places: places.clone(),
                scores: self.m.scores().to_vec(),
                rated,
                rating: self.rating_changes.iter().find(|c| c.seat == seat).cloned(),
                ended: self.ended,
            };
            self.tables
                .bot_events()
                .tell(profile, &BotEvent::MatchOver(over));
        }
    }

    /// Seat `seat`'s player lost its last connection: the bot accounts at
    /// the other seats hear it, with how long before the computer plays
    /// for that player. Whether it was told (a seat nobody plays, or a
    /// match over, is not).
    pub(super) fn tell_bots_gone(&self, seat: u8) -> bool {
        if !self.person_playing(seat) {
            return false;
        }
        let bot_in_ms = self
            .bot_in(seat)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        self.tell_other_bots(
            seat,
            &BotEvent::OpponentGone {
                table: self.id.clone(),
                seat: i64::from(seat),
                bot_in_ms,
            },
        );
        true
    }

    /// Seat `seat`'s player, told gone, is connected again.
    pub(super) fn tell_bots_back(&self, seat: u8) {
        self.tell_other_bots(
            seat,
            &BotEvent::OpponentBack {
                table: self.id.clone(),
                seat: i64::from(seat),
            },
        );
    }

    /// A seat a player (a person or a bot account) holds and still plays,
    /// at a match not over.
    fn person_playing(&self, seat: u8) -> bool {
        let st = &self.seats[seat as usize];
        self.plan[seat as usize] != SeatKind::Bot && st.name.is_some() && !st.left && !self.over()
    }

    /// Tell the bot accounts at the table, but `seat` and those that left.
    fn tell_other_bots(&self, seat: u8, event: &BotEvent) {
        for (s, profile) in self.bot_accounts() {
            if s != seat as usize && !self.seats[s].left {
                self.tables.bot_events().tell(profile, event);
            }
        }
    }

    /// The seats bot accounts hold, with their profiles.
    fn bot_accounts(&self) -> impl Iterator<Item = (usize, &str)> {
        self.seats.iter().enumerate().filter_map(|(s, st)| {
            st.profile
                .as_deref()
                .filter(|_| st.bot_account)
                .map(|p| (s, p))
        })
    }
}
