//! A challenge answered: its state as the challenger reads it, accepted by
//! its bot (the table opened, the bots seated there told), declined with a
//! reason, or taken back by whoever made it.

use domino_protocol::challenges::{Accepted, Status};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::bots::BotSeat;
use domino_store::SeatRow;

use super::{failed, gone_event, no_challenge, not_pending, Challenges, REASONS};
use crate::bot_seats::table_event;
use crate::botstate::Challenge;
use crate::table::{random_id, token_hash, NewTable, SeatKind};

impl Challenges {
    /// Where challenge `id` stands.
    pub fn status(&self, id: &str) -> Result<Status, Refusal> {
        let c = self.find(id)?;
        Ok(Status {
            id: c.id,
            // Its table being opened, it is not answered yet.
            state: if c.state == "accepting" {
                "pending"
            } else {
                c.state
            },
            seat: c.table.is_some().then_some(0),
            table: c.table,
            reason: c.reason,
        })
    }

    /// Challenge `id` accepted by its bot, signed in as `me`.
    pub async fn accept(&self, id: &str, me: &str) -> Result<Accepted, Refusal> {
        let c = self.for_me(id, me)?;
        if c.state != "pending" {
            return Err(not_pending(&c));
        }
        self.take(id)?;
        self.answer(&c, None).await
    }

    /// Challenge `id` declined by its bot, signed in as `me`, for
    /// `reason` (one of [`REASONS`]; "generic" when none).
    pub fn decline(&self, id: &str, me: &str, reason: Option<String>) -> Result<Status, Refusal> {
        let c = self.for_me(id, me)?;
        let reason = reason.unwrap_or_else(|| "generic".into());
        if !REASONS.contains(&reason.as_str()) {
            return Err(Refusal::new(
                Code::BadRequest,
                format!("a reason is one of {}", REASONS.join(", ")),
            ));
        }
        if !self.end(id, "declined", Some(reason.clone())) {
            return Err(not_pending(&self.find(id)?));
        }
        Ok(Status {
            id: c.id,
            state: "declined",
            table: None,
            seat: None,
            reason: Some(reason),
        })
    }

    /// Take challenge `id` back. A profile's challenge is taken back by
    /// that profile (`me`, signed in); a guest's by whoever holds its id
    /// (only the guest and the bot were told it). `signed_out` when a
    /// profile's challenge is asked without signing in.
    pub fn cancel(&self, id: &str, me: Result<String, Refusal>) -> Result<(), Refusal> {
        let c = self.find(id)?;
        if let Some(p) = &c.from_profile {
            if &me? != p {
                return Err(no_challenge());
            }
        }
        if !self.end(id, "cancelled", None) {
            return Err(not_pending(&c));
        }
        Ok(())
    }

    /// The challenge, for the bot it challenges; `no_challenge` for anyone
    /// else (a challenge to another bot is none of theirs).
    fn for_me(&self, id: &str, me: &str) -> Result<Challenge, Refusal> {
        let c = self.find(id)?;
        if c.to != me {
            return Err(no_challenge());
        }
        Ok(c)
    }

    /// Open a challenge's table, taken out of pending: the challenged bot
    /// account's seat (or, for a built-in `level`, the server's own
    /// bot's), recorded before the table opens, since the table reads from
    /// them whether it was made rated (a seat row of a table never opened
    /// is ignored); then each bot account seated is told.
    pub(super) async fn answer(
        &self,
        c: &Challenge,
        level: Option<&str>,
    ) -> Result<Accepted, Refusal> {
        let token = random_id(16);
        let table = random_id(8);
        let now = self.time.now_ms();
        let seat = |profile: &str, seat: i64, token: &str| BotSeat {
            table_id: table.clone(),
            seat,
            profile_id: profile.to_string(),
            token: token.to_string(),
            rated: c.rated,
            rules: c.rules.clone(),
            via: "challenge".into(),
            created_at: now,
        };
        // A built-in level's seat has no token: the table's own bot plays it.
        let mut seats = vec![seat(&c.to, 1, if level.is_some() { "" } else { &token })];
        if level.is_none() {
            // The challenged bot's seat is its place under its table cap,
            // counted and recorded at once; refused, the challenge waits again.
            if let Err(e) = self.seats.reserve(&seats[0]).await {
                self.settle(&c.id, Err(e))?;
            }
        }
        let recorded = usize::from(level.is_none());
        if let (true, Some(p)) = (c.from_bot, &c.from_profile) {
            seats.push(seat(p, 0, &c.token));
        }
        for s in seats.iter().skip(recorded) {
            if let Err(e) = self.accounts.add_bot_seat(s).await {
                tracing::error!(table = %s.table_id, "recording a bot's seat: {e}");
            }
        }
        let opened = self.open(c, &token, &table, level).await;
        let table = self.settle(&c.id, opened)?;
        self.bots.push(&c.to, &gone_event(&c.id, "accepted"));
        for s in seats.iter().filter(|s| !s.token.is_empty()) {
            self.bots.push(&s.profile_id, &table_event(s));
        }
        Ok(Accepted {
            table,
            seat: 1,
            token,
        })
    }

    /// Open an accepted challenge's table: the challenger at seat 0, the
    /// bot at seat 1, the `fill` level in the others.
    async fn open(
        &self,
        c: &Challenge,
        bot_token: &str,
        id: &str,
        level: Option<&str>,
    ) -> Result<String, Refusal> {
        let rules = c
            .rules
            .resolve()
            .map_err(|e| Refusal::new(Code::BadRules, e.to_string()))?;
        let mut plan = vec![SeatKind::Bot; usize::from(rules.players())];
        let people = if level.is_some() { 1 } else { 2 };
        for s in plan.iter_mut().take(people) {
            *s = SeatKind::Human;
        }
        let to_name = self
            .profiles
            .profile(&c.to)
            .await
            .map_err(failed("reading a challenged profile"))?
            .map_or_else(|| c.to.clone(), |p| p.name);
        let mut taken = vec![SeatRow {
            seat: 0,
            name: c.from_name.clone(),
            token_hash: token_hash(&c.token),
            left_hand: None,
            profile_id: c.from_profile.clone(),
        }];
        if level.is_none() {
            taken.push(SeatRow {
                seat: 1,
                name: to_name,
                token_hash: token_hash(bot_token),
                left_hand: None,
                profile_id: Some(c.to.clone()),
            });
        }
        let new = NewTable {
            rules: c.rules.clone(),
            // Seat 1 the level challenged, the others the fill (a seat past
            // the list has the first).
            bot: match level {
                Some(l) => format!("{}{}{l}", c.fill, crate::table::LEVELS_SEP),
                None => c.fill.clone(),
            },
            private: true,
            humans: people as u8,
            plan,
            taken,
            hints: !c.rated,
            secret: None,
            id: Some(id.to_string()),
            clock: c.clock,
        };
        self.tables.open(new).await
    }
}
