//! Computer players for the domino engine.
//!
//! Every bot decides from a [`SeatView`] only: the engine builds that type
//! solely through [`domino_engine::Match::seat_view`], so a bot cannot see
//! another seat's tiles or the boneyard while a hand is played.
//!
//! The players, weakest first: [`Random`], [`Heavy`] ("bota gorda"),
//! [`Count`] (keep the number you expose), [`Heuristic`] (a club player:
//! counts tiles, reads passes, holds the partner's numbers, takes and denies
//! fives), and [`Expert`] (samples the hidden tiles consistently with all it
//! has seen and solves each sample exactly with [`solver::Solver`]).
//!
//! ```
//! use domino_bots::{by_name, BotConfig};
//! use domino_engine::{Match, Rules};
//! let mut m = Match::new(Rules::of_preset("jamaican").unwrap(), Some(7), None).unwrap();
//! let seat = m.to_act().unwrap();
//! let mut bot = by_name("heuristic", BotConfig::default()).unwrap();
//! let a = bot.act(&m.seat_view(seat)).unwrap();
//! m.act(a, &mut ()).unwrap();
//! ```
//!
//! A seat view cannot be forged from the referee's full view:
//!
//! ```compile_fail
//! use domino_engine::{Match, Rules, SeatView, Viewer};
//! let m = Match::new(Rules::of_preset("jamaican").unwrap(), Some(7), None).unwrap();
//! let cheat = SeatView { view: m.view(Viewer::All), seat: 0 };
//! ```

pub mod analysis;
pub mod arena;
pub mod eval;
pub mod expert;
mod factory;
pub mod heuristic;
pub mod horizon;
pub mod horizon_maxn;
pub mod knowledge;
pub mod ladder;
pub mod levels;
pub mod likelihood;
pub mod maxn;
pub mod modeled;
pub mod orders;
pub mod reason;
pub mod rollout;
pub mod simple;
pub mod solver;
mod stop;
mod table;
pub mod world;

use domino_engine::{Action, Phase, SeatView};
use thiserror::Error;

pub use expert::Expert;
pub use factory::by_name;
pub use heuristic::Heuristic;
pub use levels::{level_bot, level_spec, LEVELS};
pub use simple::{Count, Heavy, Noisy, Random};

/// The names [`by_name`] knows, weakest first.
pub const BOT_NAMES: [&str; 5] = ["random", "heavy", "count", "heuristic", "expert"];

/// Why a bot could not decide.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BotError {
    #[error("seat {seat} has nothing to decide: it is not its turn")]
    NotToAct { seat: u8 },
    #[error("no bot named `{0}`: the bots are random, heavy, count, heuristic, expert")]
    Unknown(String),
    #[error("bad bot options `{spec}`: {why}")]
    BadOptions { spec: String, why: String },
}

/// Why [`play_match`] stopped early.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error("a bot's action was refused: {0}")]
    Illegal(#[from] domino_engine::MatchError),
}

/// Play `m` on with one bot per seat (`bots[seat]`) until the match is
/// over or hand `hands` has ended.
pub fn play_match(
    m: &mut domino_engine::Match,
    bots: &mut [Box<dyn Bot>],
    hands: u32,
) -> Result<(), PlayError> {
    use domino_engine::Phase;
    loop {
        match m.phase() {
            Phase::Play | Phase::ChoosePoser => {
                let Some(seat) = m.to_act() else {
                    return Ok(());
                };
                let a = bots[seat as usize].act(&m.seat_view(seat))?;
                m.act(a, &mut ())?;
            }
            Phase::HandOver if m.hand_number() < hands => m.next_hand(None)?,
            _ => return Ok(()),
        }
    }
}

/// A computer player.
pub trait Bot: Send + std::fmt::Debug {
    fn name(&self) -> &'static str;

    /// Choose one of `view.legal()`.
    fn act(&mut self, view: &SeatView) -> Result<Action, BotError>;
}

/// Settings shared by the bots that take any.
#[derive(Copy, Clone, Debug)]
pub struct BotConfig {
    /// Seed of the bot's own random choices.
    pub seed: u64,
    /// The expert's time budget per decision, in milliseconds.
    pub budget_ms: u64,
}

impl Default for BotConfig {
    fn default() -> BotConfig {
        BotConfig {
            seed: 1,
            budget_ms: expert::DEFAULT_BUDGET_MS,
        }
    }
}

/// The decision every bot makes the same way, or the plain choices left.
#[derive(Debug)]
pub(crate) enum Prelude {
    /// Take this action without thinking: muggins, or the only choice.
    Forced(Action),
    /// Choose which partner poses.
    ChoosePoser([u8; 2]),
    /// Choose among these plays (claims folded in: see [`with_claim`]).
    Plays(Vec<Action>),
}

/// Sort out what is left to decide. Muggins is always taken (free points),
/// and a scoring play is always claimed, so the choice is among plain plays.
pub(crate) fn prelude(view: &SeatView) -> Result<Prelude, BotError> {
    let legal = view.legal();
    if legal.is_empty() {
        return Err(BotError::NotToAct { seat: view.seat() });
    }
    if view.phase() == Phase::ChoosePoser {
        let mut seats = [view.seat(); 2];
        for (i, a) in legal.iter().take(2).enumerate() {
            if let Action::ChoosePoser { seat } = a {
                seats[i] = *seat;
            }
        }
        return Ok(Prelude::ChoosePoser(seats));
    }
    if legal.contains(&Action::Muggins) {
        return Ok(Prelude::Forced(Action::Muggins));
    }
    let plays: Vec<Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Play { claim: false, .. }))
        .copied()
        .collect();
    if plays.len() <= 1 {
        let only = plays.first().copied().unwrap_or(legal[0]);
        return Ok(Prelude::Forced(with_claim(view, only)));
    }
    Ok(Prelude::Plays(plays))
}

/// The claiming form of a play when the rules list one: claiming is never
/// worse than staying silent.
pub(crate) fn with_claim(view: &SeatView, a: Action) -> Action {
    if let Action::Play { tile, end, .. } = a {
        let claimed = Action::Play {
            tile,
            end,
            claim: true,
        };
        if view.legal().contains(&claimed) {
            return claimed;
        }
    }
    a
}

/// Whether posing first is worth more to this hand than to an unknown one:
/// the seat poses itself when its hand is at least as strong as average.
pub(crate) fn choose_poser(view: &SeatView, seats: [u8; 2]) -> Action {
    let hand = view.hand();
    let rules = view.rules();
    let mut best_suit = 0;
    for n in 0..=rules.max_pip() {
        best_suit = best_suit.max(hand.intersect(domino_engine::TileSet::suit(n)).len());
    }
    let doubles = hand.intersect(domino_engine::TileSet::DOUBLES).len();
    let me = seats[0];
    let partner = seats[1];
    // A long suit makes a strong pose; many doubles make a hand hard to play,
    // so the seat that holds them wants the lead to shed one.
    let strong = best_suit >= 3 || doubles >= 2;
    Action::ChoosePoser {
        seat: if strong { me } else { partner },
    }
}
