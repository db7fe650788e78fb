//! Mining puzzles from self-played hands: every decision of the first hand
//! of a seeded match, played by one bot spec at every seat, is offered to
//! both kinds of proof; those that pass are tagged and rated.

use std::collections::{BTreeMap, BTreeSet};

use domino_bots::knowledge::Knowledge;
use domino_bots::{by_name, Bot, BotConfig, BotError};
use domino_engine::{Action, Match, Phase, RulesSpec};

use crate::format::{Kind, Puzzle};
use crate::position::Setup;
use crate::prove::{prove, Limits, Rejection};
use crate::rate::{rating, solve_rates, RateConfig};
use crate::themes;

/// What to mine.
#[derive(Clone, Debug)]
pub struct MineConfig {
    /// Puzzles to keep for the game.
    pub count: usize,
    /// Most of them of one kind, so both kinds come out.
    pub per_kind: usize,
    /// Seed of the first hand; the next hands take the next seeds.
    pub seed: u64,
    /// Hands to play at most.
    pub max_hands: u64,
    /// The bot spec playing every seat.
    pub bots: String,
    /// Positions with more tiles than this still in the players' hands are
    /// not offered to the proofs (`None`: all are): the solve of an early
    /// position of French's four arms passes the node limit only after
    /// seconds, and ends unproved.
    pub max_in_hands: Option<u32>,
    pub limits: Limits,
    pub rate: RateConfig,
}

/// What mining one game found.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub hands: u64,
    /// Decisions offered to a proof: a choice of two plays or more with no
    /// draw left to come.
    pub positions: u64,
    pub kept: BTreeMap<Kind, u64>,
    /// Why positions were turned down, by kind and reason.
    pub rejected: BTreeMap<(Kind, &'static str), u64>,
}

/// Why mining stopped.
#[derive(Debug, thiserror::Error)]
pub enum MineError {
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error("rules: {0}")]
    Rules(#[from] domino_engine::RulesError),
}

/// Mine puzzles of the game `spec` (named `game` in their ids);
/// `progress` hears of each puzzle kept and each hand played.
pub fn mine(
    game: &str,
    spec: &RulesSpec,
    cfg: &MineConfig,
    progress: &mut dyn FnMut(Option<&Puzzle>),
) -> Result<(Vec<Puzzle>, Tally), MineError> {
    let rules = &spec.resolve()?;
    let spec = spec.clone();
    let mut out = Vec::new();
    let mut tally = Tally::default();
    for h in 0..cfg.max_hands {
        if out.len() >= cfg.count {
            break;
        }
        let seed = cfg.seed.wrapping_add(h);
        tally.hands += 1;
        let Ok(mut m) = Match::new(*rules, Some(seed), None) else {
            continue;
        };
        let mut bots: Vec<Box<dyn Bot>> = (0..rules.players())
            .map(|s| {
                by_name(
                    &cfg.bots,
                    BotConfig {
                        seed: seed.wrapping_mul(31).wrapping_add(u64::from(s)),
                        ..BotConfig::default()
                    },
                )
            })
            .collect::<Result<_, _>>()?;
        let mut actions: Vec<Action> = Vec::new();
        let mut kept_here = BTreeSet::new();
        while matches!(m.phase(), Phase::Play | Phase::ChoosePoser) && out.len() < cfg.count {
            let Some(seat) = m.to_act() else { break };
            if let Ok(setup) = Setup::new(&spec, seed, &actions) {
                let base = |kind: Kind| Puzzle {
                    id: crate::format::hidden_id(
                        game,
                        &format!("{game}-{seed}-{}-{}", actions.len(), kind.letter()),
                    ),
                    rules: spec.clone(),
                    seed,
                    actions: actions.clone(),
                    from: None,
                    ..blank(kind)
                };
                let mut found = Found {
                    cfg,
                    tally: &mut tally,
                    out: &mut out,
                    kept_here: &mut kept_here,
                };
                found.offer(&setup, &base, progress);
            }
            let a =
                bots[seat as usize]
                    .act(&m.seat_view(seat))
                    .map_err(|e| BotError::BadOptions {
                        spec: cfg.bots.clone(),
                        why: e.to_string(),
                    })?;
            let Ok(()) = m.act(a, &mut ()) else { break };
            // The history holds the action as the engine checked it.
            actions = m.history().iter().map(|e| e.action).collect();
        }
        progress(None);
    }
    Ok((out, tally))
}

/// Where kept puzzles go while one hand is mined.
pub(crate) struct Found<'a> {
    pub cfg: &'a MineConfig,
    pub tally: &'a mut Tally,
    pub out: &'a mut Vec<Puzzle>,
    /// The kinds already kept from this hand.
    pub kept_here: &'a mut BTreeSet<Kind>,
}

impl Found<'_> {
    /// Offer a decision to both proofs, counting first: at most one puzzle
    /// of each kind per hand (hands differ more than the moves of one
    /// hand), at most `per_kind` of a kind. `base` gives a kept puzzle's
    /// id and position; the proof, themes and rating are filled in here.
    pub fn offer(
        &mut self,
        setup: &Setup,
        base: &dyn Fn(Kind) -> Puzzle,
        progress: &mut dyn FnMut(Option<&Puzzle>),
    ) {
        if setup.choices.len() < 2 {
            return;
        }
        if self.cfg.max_in_hands.is_some_and(|m| in_hands(setup) > m) {
            for kind in [Kind::Counting, Kind::Open] {
                *self.tally.rejected.entry((kind, "too-early")).or_default() += 1;
            }
            return;
        }
        self.tally.positions += 1;
        for kind in [Kind::Counting, Kind::Open] {
            let full =
                self.tally.kept.get(&kind).copied().unwrap_or(0) as usize >= self.cfg.per_kind;
            if full || self.kept_here.contains(&kind) || self.out.len() >= self.cfg.count {
                continue;
            }
            if kind == Kind::Counting && hidden(setup) > MAX_HIDDEN {
                *self
                    .tally
                    .rejected
                    .entry((kind, "too-many-hidden"))
                    .or_default() += 1;
                continue;
            }
            match prove(setup, kind, self.cfg.limits) {
                Ok(proof) => {
                    let rates = solve_rates(&setup.view(), proof.answer, &self.cfg.rate);
                    let p = Puzzle {
                        themes: themes::detect(setup, kind, proof.answer),
                        answer: proof.answer,
                        choices: proof.choices,
                        worlds: proof.worlds,
                        rating: rating(&rates),
                        solved_by: rates,
                        ..base(kind)
                    };
                    progress(Some(&p));
                    self.kept_here.insert(kind);
                    *self.tally.kept.entry(kind).or_default() += 1;
                    self.out.push(p);
                }
                Err(r) => *self.tally.rejected.entry((kind, reason(&r))).or_default() += 1,
            }
        }
    }
}

/// A puzzle of `kind` with nothing proved yet, for `..` in a constructor.
pub(crate) fn blank(kind: Kind) -> Puzzle {
    Puzzle {
        id: String::new(),
        rules: RulesSpec::preset(""),
        seed: 0,
        actions: Vec::new(),
        from: None,
        kind,
        answer: Action::Pass,
        choices: Vec::new(),
        worlds: None,
        themes: Vec::new(),
        rating: 0,
        solved_by: BTreeMap::new(),
    }
}

/// Most tiles hidden from the mover for a counting puzzle to be tried:
/// thirteen tiles over three hands leave thousands of worlds unless passes
/// rule nearly all out, and counting them is most of the mining's time.
pub const MAX_HIDDEN: u32 = 12;

/// The tiles the mover cannot see: other hands and the boneyard.
pub(crate) fn hidden(setup: &Setup) -> u32 {
    Knowledge::new(&setup.view()).unseen.len()
}

/// The tiles still in the players' hands.
fn in_hands(setup: &Setup) -> u32 {
    let hand = setup.pos.hand;
    (0..setup.rules.players()).map(|s| hand.hand(s).len()).sum()
}

/// A rejection's name in the tally.
fn reason(r: &Rejection) -> &'static str {
    match r {
        Rejection::OnePlay => "one-play",
        Rejection::NotUnique { .. } => "not-unique",
        Rejection::NoSafePlay => "no-safe-play",
        Rejection::EveryPlayWins => "every-play-wins",
        Rejection::TooManyWorlds(_) => "too-many-worlds",
        Rejection::OneWorld => "one-world",
        Rejection::TooLarge => "too-large",
        Rejection::View(_) => "view",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_with_more_tiles_in_hand_than_asked_are_not_offered() {
        let spec = RulesSpec::preset("jamaican");
        let cfg = |max_in_hands| MineConfig {
            count: 50,
            per_kind: 50,
            seed: 1,
            max_hands: 1,
            bots: "heuristic".to_string(),
            max_in_hands,
            limits: Limits::default(),
            rate: RateConfig {
                tries: 0,
                expert_tries: 0,
                budget_ms: 1,
                seed: 1,
            },
        };
        let (all, every) = mine("jamaican", &spec, &cfg(None), &mut |_| {}).expect("mined");
        let (late, fewer) = mine("jamaican", &spec, &cfg(Some(8)), &mut |_| {}).expect("mined");
        assert!(fewer.positions < every.positions, "{fewer:?} {every:?}");
        assert!(fewer
            .rejected
            .get(&(Kind::Open, "too-early"))
            .is_some_and(|&n| n > 0));
        assert!(late.len() <= all.len());
        for p in &late {
            let setup = p.setup().expect("rebuilt");
            assert!(in_hands(&setup) <= 8, "{}", p.id);
        }
    }
}
