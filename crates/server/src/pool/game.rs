//! The game a seek asks for, as the pool keys, checks and seats it: the
//! pool's key, the clock a seek may ask and the one its table gets, the
//! seats as the grouping sees them, and the table a pairing makes.

use domino_engine::{Rules, RulesSpec, TimeControl};
use domino_league::pool::Layout;
use domino_protocol::refusal::{Code, Refusal};
use domino_store::seeks::SeekRow;
use domino_store::SeatRow;

use crate::table::{NewTable, SeatKind};

/// The shortest and longest wait a player may choose before the computer
/// fills the empty seats, in seconds.
pub const FILL_MIN_S: u32 = 5;
pub const FILL_MAX_S: u32 = 300;

/// The clock of a rated pairing: 15 s a move and a minute in the bank
/// (docs/server.md, "Pairing"), so that a rated match keeps moving.
pub const RATED_CLOCK: TimeControl = TimeControl::PerMove {
    move_s: 15,
    bank_s: 60,
};

/// The pool's key for the game a seek asks for: the rules with every
/// option spelled out, whether rated, and the clock. The same key: the
/// same game (seekers who chose different clocks are not paired). An
/// error, never an empty part, if the rules or the clock cannot be written.
pub fn game_key(
    rules: &Rules,
    rated: bool,
    clock: &TimeControl,
) -> Result<String, serde_json::Error> {
    let spec = serde_json::to_string(&rules.spec())?;
    let rated = if rated { "rated" } else { "casual" };
    Ok(match clock {
        TimeControl::None => format!("{rated}:{spec}"),
        c => format!("{rated}:{}:{spec}", serde_json::to_string(c)?),
    })
}

/// The clock a seek's table gets: the one its seeker chose (stored with
/// the seek), or for a rated seek stored before seeks had clocks, the
/// rated one.
pub fn clock_of(s: &SeekRow) -> Result<TimeControl, serde_json::Error> {
    Ok(match &s.clock {
        Some(c) => serde_json::from_str(c)?,
        None if s.rated => RATED_CLOCK,
        None => TimeControl::None,
    })
}

/// The clock a seek asks for, within what the pool offers: a rated game
/// has the rated pairing's clock; a casual one none, that one, or a
/// correspondence pace.
pub fn seek_clock(asked: Option<TimeControl>, rated: bool) -> Result<TimeControl, Refusal> {
    let bad = |m: String| Refusal::new(Code::BadClock, m);
    let clock = asked.unwrap_or(if rated {
        RATED_CLOCK
    } else {
        TimeControl::None
    });
    if rated && clock != RATED_CLOCK {
        return Err(bad(
            "rated games are played at 15 seconds a move and 60 in the bank".into(),
        ));
    }
    clock.check().map_err(|e| bad(e.to_string()))?;
    match clock {
        TimeControl::None | TimeControl::Correspondence { .. } => Ok(clock),
        c if c == RATED_CLOCK => Ok(clock),
        _ => Err(bad(
            "a seek's clock is none, 15 seconds a move and 60 in the bank, \
             or correspondence (1 hour to 3 days a move)"
                .into(),
        )),
    }
}

/// The computer's wait a seek may ask: none for a rated game (people
/// only), and between [`FILL_MIN_S`] and [`FILL_MAX_S`] seconds.
pub fn check_fill(fill_s: Option<u32>, rated: bool) -> Result<(), Refusal> {
    let Some(s) = fill_s else {
        return Ok(());
    };
    if rated {
        return Err(Refusal::new(
            Code::BadFill,
            "rated games are played by people only: no filling with the computer",
        ));
    }
    if !(FILL_MIN_S..=FILL_MAX_S).contains(&s) {
        return Err(Refusal::new(
            Code::BadFill,
            format!("the computer fills after {FILL_MIN_S} to {FILL_MAX_S} seconds, not {s}"),
        ));
    }
    Ok(())
}

/// The rules asked for, resolved, or `no_game`.
pub fn game(spec: &RulesSpec) -> Result<Rules, Refusal> {
    spec.resolve()
        .map_err(|e| Refusal::new(Code::NoGame, format!("no such game: {e}")))
}

/// A table's seats as the grouping sees them.
pub fn layout(rules: &Rules) -> Layout {
    let mut sides: Vec<Vec<u8>> = vec![Vec::new(); rules.sides()];
    for s in 0..rules.players() {
        if let Some(side) = sides.get_mut(rules.side_of(s)) {
            side.push(s);
        }
    }
    Layout {
        players: rules.players(),
        sides,
    }
}

/// The rules a stored seek asks for.
pub fn rules_of(s: &SeekRow) -> anyhow::Result<Rules> {
    Ok(s.rules.resolve()?)
}

/// The bot level whose rating in this game is nearest `rating`.
pub fn level_near(rules: &Rules, rating: f64) -> String {
    let game = rules.preset().name();
    let off = |level: &str| {
        (domino_league::ratings::bot_seed(game, rules.players(), level).rating - rating).abs()
    };
    domino_bots::BOT_NAMES
        .iter()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .map_or_else(|| "heuristic".to_string(), |l| l.to_string())
}

/// The table a pairing made, from its seeks as stored: each member's seat
/// taken under the token they were given, the computer in the other
/// seats at the level nearest the players' mean rating.
pub fn new_table(id: &str, seeks: &[SeekRow]) -> anyhow::Result<NewTable> {
    let first = seeks
        .first()
        .ok_or_else(|| anyhow::anyhow!("no seeks at {id}"))?;
    let rules = rules_of(first)?;
    let players = usize::from(rules.players());
    let mut plan = vec![SeatKind::Bot; players];
    let mut taken = Vec::new();
    let (mut sum, mut count) = (0.0, 0.0);
    for s in seeks {
        let seats: Vec<u8> = serde_json::from_str(s.seats.as_deref().unwrap_or("[]"))?;
        for (m, seat) in s.members.iter().zip(seats) {
            let Some(kind) = plan.get_mut(usize::from(seat)) else {
                anyhow::bail!("seat {seat} at a table of {players}");
            };
            *kind = SeatKind::Human;
            taken.push(SeatRow {
                seat: i64::from(seat),
                name: m.name.clone(),
                token_hash: m.token_hash.clone(),
                left_hand: None,
                profile_id: m.profile_id.clone(),
            });
            sum += s.rating;
            count += 1.0;
        }
    }
    let rated = first.rated;
    Ok(NewTable {
        rules: rules.spec(),
        bot: level_near(&rules, if count > 0.0 { sum / count } else { 1500.0 }),
        private: false,
        humans: taken.len() as u8,
        plan,
        taken,
        // Never in rated play; a casual table with the computer may.
        hints: !rated,
        secret: None,
        id: Some(id.to_string()),
        clock: clock_of(first)?,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domino_store::seeks::Member;

    /// One player's seek at `rating`, placed in seat 0 of table `t`.
    fn placed_seek(rating: f64) -> SeekRow {
        SeekRow {
            id: "s1".into(),
            game: "g".into(),
            rules: domino_engine::RulesSpec {
                players: Some(4),
                ..domino_engine::RulesSpec::preset("draw")
            },
            rated: false,
            rating,
            fill_ms: Some(5_000),
            members: vec![Member {
                player: "g:ana-browser".into(),
                name: "Ana".into(),
                profile_id: None,
                token_hash: "h".into(),
            }],
            size: 1,
            team_code: None,
            created_at: 0,
            table_id: Some("t".into()),
            seats: Some("[0]".into()),
            paired_at: Some(1),
            address: None,
            clock: None,
        }
    }

    /// The computer that fills the empty seats plays at the level whose
    /// seeded rating in the game is nearest the players': the strongest
    /// level for a player rated far above them all, the weakest for one
    /// far below, and the level nearest 1500 for a new player.
    #[test]
    fn the_computer_that_fills_plays_near_the_players_rating() {
        let seed = |l: &str| domino_league::ratings::bot_seed("draw", 4, l).rating;
        let by_rating = |pick: fn(f64, f64) -> bool| {
            domino_bots::BOT_NAMES
                .iter()
                .copied()
                .reduce(|a, b| if pick(seed(b), seed(a)) { b } else { a })
                .unwrap()
        };
        let strongest = by_rating(|b, a| b > a);
        let weakest = by_rating(|b, a| b < a);
        assert_ne!(strongest, weakest, "the ladder has levels apart");
        let table = |r: f64| new_table("t", &[placed_seek(r)]).unwrap();
        assert_eq!(table(4000.0).bot, strongest);
        assert_eq!(table(-1000.0).bot, weakest);
        let new = table(1500.0);
        let nearest = domino_bots::BOT_NAMES
            .iter()
            .map(|l| (seed(l) - 1500.0).abs())
            .fold(f64::INFINITY, f64::min);
        assert!((seed(&new.bot) - 1500.0).abs() <= nearest, "{}", new.bot);
        // Seat 0 is Ana's, the three others the computer's.
        assert_eq!(new.humans, 1);
        assert_eq!(
            new.plan,
            [SeatKind::Human, SeatKind::Bot, SeatKind::Bot, SeatKind::Bot]
        );
    }

    /// A rated seek keeps the rated clock and no computer; a casual one
    /// may ask no clock, or the computer after 5 to 300 seconds.
    #[test]
    fn a_seek_asks_only_what_the_pool_offers() {
        assert_eq!(seek_clock(None, true).unwrap(), RATED_CLOCK);
        assert_eq!(seek_clock(None, false).unwrap(), TimeControl::None);
        let fast = TimeControl::PerMove {
            move_s: 5,
            bank_s: 0,
        };
        assert_eq!(
            seek_clock(Some(fast), false).unwrap_err().code,
            Code::BadClock
        );
        assert_eq!(check_fill(Some(30), true).unwrap_err().code, Code::BadFill);
        assert_eq!(check_fill(Some(4), false).unwrap_err().code, Code::BadFill);
        assert!(check_fill(Some(5), false).is_ok() && check_fill(None, true).is_ok());
    }
}
