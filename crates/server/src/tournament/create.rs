//! A new tournament: what it may be (its game, format, rounds, size and
//! computer players' level), the creation limit per address and the cap
//! of tournaments one organiser may have waiting; and the lists.

use std::net::IpAddr;

use domino_league::tournament::{Format, Setup, SetupError, MAX_SWISS_ROUNDS};
use domino_protocol::refusal::{Code, Refusal};
use domino_protocol::tournament::{NewTournament, TournamentList, TournamentView};
use domino_store::tournaments::{Stage, TournamentRow};

use super::view::summary;
use super::{bad, fault, run, Tournaments, MAX_ENTRANTS};
use crate::clock::now_ms;
use crate::limits::Refused;
use crate::quota::Made;
use crate::table::{random_id, token_hash};

impl Tournaments {
    /// Create `new` for the organiser at `ip`; answered with the
    /// organiser's secret (shown once: only its hash is stored).
    pub async fn create(&self, ip: IpAddr, new: NewTournament) -> Result<TournamentView, Refusal> {
        let rules = new.rules.resolve().map_err(|e| bad(Code::BadRules, e))?;
        let Some(format) = Format::parse(&new.format) else {
            return Err(bad(
                Code::BadFormat,
                "the format is round_robin, swiss or elimination",
            ));
        };
        let name = domino_league::name::display_name(&new.name).map_err(Refusal::from)?;
        // Partnership games take partnerships; the others, players.
        let partners = usize::from(rules.players()) > rules.sides();
        if new.teams != partners {
            return Err(bad(
                Code::BadFormat,
                if partners {
                    "this game is played in partnerships: entrants are teams of two"
                } else {
                    "this game is played each for himself: entrants are single players"
                },
            ));
        }
        let max = new.max_entrants.unwrap_or(16);
        if !(2..=MAX_ENTRANTS).contains(&max) {
            return Err(bad(
                Code::BadRequest,
                format!("a tournament takes 2 to {MAX_ENTRANTS} entrants"),
            ));
        }
        let setup = Setup {
            entrants: max as usize,
            per_table: rules.sides(),
            format,
            swiss_rounds: usize::try_from(new.rounds).unwrap_or(0),
            low_wins: rules.low_score_wins(),
            seed: 0,
            duplicate: new.duplicate,
        };
        setup.check().map_err(|e| match e {
            SetupError::BadRounds(_) => bad(
                Code::BadRounds,
                format!("a Swiss tournament plays 1 to {MAX_SWISS_ROUNDS} rounds"),
            ),
            e @ SetupError::EliminationTable(_) => bad(Code::BadFormat, e),
            e => bad(Code::TooFewEntrants, e),
        })?;
        let bot = new.bot.unwrap_or_else(|| "heuristic".into());
        domino_bots::by_name(&bot, domino_bots::BotConfig::default())
            .map_err(|e| bad(Code::BadBot, e))?;
        self.quota.take(ip, Made::Tournament)?;
        let secret = random_id(24);
        let row = TournamentRow {
            id: random_id(8),
            secret_hash: token_hash(&secret),
            created_at: now_ms(),
            name,
            rules: rules.spec(),
            format: format.name().into(),
            rounds: if format == Format::Swiss {
                new.rounds
            } else {
                0
            },
            teams: new.teams,
            starts_at: new.starts_at,
            max_entrants: max,
            bot,
            seed: rand::random::<i64>(),
            state: Stage::Open,
            field: 0,
            duplicate: new.duplicate,
        };
        // The organiser is the address it comes from: there is no account
        // behind a tournament, and the cap is what keeps one address from
        // filling the lobby's list of open tournaments.
        let cap = self.quota.limits().open_tournaments_per_organiser;
        let made = self
            .tournaments
            .create_tournament(&row, &ip.to_string(), cap as i64)
            .await
            .map_err(fault)?;
        if !made {
            self.quota.give_back(ip, Made::Tournament);
            self.quota.refused(
                Refused::OpenTournaments,
                ip,
                "open tournaments per organiser",
            );
            return Err(bad(
                Code::TooManyTournaments,
                format!(
                    "one organiser may have {cap} tournaments waiting to start: start one first, or wait until one nobody entered expires"
                ),
            ));
        }
        let t = run::load(self, &row.id)
            .await
            .map_err(fault)?
            .ok_or_else(|| fault("the new tournament was not found"))?;
        let mut v = self.shown(&t).await?;
        v.secret = Some(secret);
        Ok(v)
    }

    /// Those open for joining, being played, and the last finished.
    pub async fn list(&self) -> Result<TournamentList, Refusal> {
        let mut tournaments = Vec::new();
        for (state, n) in [
            (Stage::Open, 50),
            (Stage::Playing, 50),
            (Stage::Finished, 20),
        ] {
            for row in &self
                .tournaments
                .tournaments_in(state, n)
                .await
                .map_err(fault)?
            {
                tournaments.push(summary(row)?);
            }
        }
        Ok(TournamentList { tournaments })
    }
}
