//! The match: hands one after another, who poses, and the match score.
//!
//! [`Match`] wraps a [`Hand`] with everything that lives between hands: the
//! score, the pose rule for the next hand, the six-love stake and play-off,
//! and the record of every deal and action.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::action::{Action, MoveList};
use crate::behaviour::{MatchWin, NextPose, Redeal, Winner};
use crate::code::{ErrorCode, Failure};
use crate::deal::{hand_rng, Deal, DealError, DealSpec, MAX_PLAYERS};
use crate::event::{Event, Events, SkunkReport};
use crate::hand::{Hand, IllegalAction};
use crate::report::{play_points, HandSummary};
use crate::result::{EndReason, HandResult, Note, Side};
use crate::rules::Rules;
use crate::tally::Tally;
use crate::tile::{Tile, TileSet};

/// Where a match stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Phase {
    /// The winning seat names which partner poses.
    ChoosePoser,
    Play,
    HandOver,
    MatchOver,
}

pub use crate::behaviour::PoseRule;

/// A seat's action, as kept in the history and the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Entry {
    pub seat: u8,
    pub action: Action,
}

/// One hand of a record: its deal and every action in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandRecord {
    pub deal: DealSpec,
    pub actions: Vec<Entry>,
}

/// Why a match refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    #[error("bad deal: {0}")]
    Deal(#[from] DealError),
    #[error("illegal action: {0}")]
    Illegal(#[from] IllegalAction),
    #[error("it is seat {to_act}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: u8, to_act: u8 },
    #[error("the hand is over: ask for the next hand")]
    HandOver,
    #[error("the hand is still being played: finish it before dealing the next")]
    HandNotOver,
    #[error("the match is over: start a new one")]
    MatchOver,
    #[error("this match has no seed, so send the next hand's deal")]
    NeedDeal,
}

impl MatchError {
    /// The protocol's error code.
    pub const fn code(&self) -> ErrorCode {
        match self {
            MatchError::Deal(_) | MatchError::NeedDeal => ErrorCode::BadDeal,
            MatchError::Illegal(_) => ErrorCode::IllegalAction,
            MatchError::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            MatchError::HandOver => ErrorCode::HandOver,
            MatchError::HandNotOver => ErrorCode::HandNotOver,
            MatchError::MatchOver => ErrorCode::MatchOver,
        }
    }
}

/// A refused request's line names the error's code and says what went wrong.
impl From<MatchError> for Failure {
    fn from(e: MatchError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

/// A match in progress.
#[derive(Clone, Debug)]
pub struct Match {
    rules: Rules,
    seed: Option<u64>,
    hand_number: u32,
    phase: Phase,
    deal: Deal,
    hand: Hand,
    chooser: u8,
    next_rule: PoseRule,
    /// The match score, shared with the scorekeeper's [`crate::Sheet`].
    tally: Tally,
    /// Points already added to the score during the current hand, by side.
    live: [i32; MAX_PLAYERS],
    result: Option<HandResult>,
    last_winner: Option<u8>,
    poser: u8,
    recording: bool,
    record: Vec<HandRecord>,
}

impl Match {
    /// A new match: the first hand comes from `deal` when given, else from the seed.
    pub fn new(
        rules: Rules,
        seed: Option<u64>,
        deal: Option<&DealSpec>,
    ) -> Result<Match, MatchError> {
        let mut m = Match::unplayed(rules, seed, 0, Phase::Play, first_rule(&rules));
        m.deal_next(deal)?;
        Ok(m)
    }

    /// A match with nothing played and no hand dealt yet: hand `hand_number`
    /// done, in `phase`, the next hand posed under `next_rule`.
    fn unplayed(
        rules: Rules,
        seed: Option<u64>,
        hand_number: u32,
        phase: Phase,
        next_rule: PoseRule,
    ) -> Match {
        Match {
            rules,
            seed,
            hand_number,
            phase,
            deal: empty_deal(),
            hand: Hand::new(&rules, &empty_deal(), 0, TileSet::EMPTY),
            chooser: 0,
            next_rule,
            tally: Tally::new(),
            live: [0; MAX_PLAYERS],
            result: None,
            last_winner: None,
            poser: 0,
            recording: true,
            record: Vec::new(),
        }
    }

    /// Stop keeping the history and record (for fast playouts).
    pub fn without_record(mut self) -> Match {
        self.recording = false;
        self.record.clear();
        self
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn hand_number(&self) -> u32 {
        self.hand_number
    }

    /// The hand being played (or just finished).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The current hand's deal.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Match scores by side.
    pub fn scores(&self) -> &[i32] {
        &self.tally.all_scores()[..self.rules.sides()]
    }

    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Once the match is over, who won it (no game ends a match drawn
    /// today, but [`Winner::Nobody`] keeps room for one).
    pub fn winner(&self) -> Option<Winner> {
        self.tally.winner()
    }

    /// What the next six-love hand is worth.
    pub fn stake(&self) -> i32 {
        self.tally.stake()
    }

    pub fn in_playoff(&self) -> bool {
        self.tally.in_playoff()
    }

    /// Club fives: the skunk the match ended with.
    pub fn skunk(&self) -> Option<SkunkReport> {
        self.tally.skunk()
    }

    /// The match score and stake, as the scorekeeper shares them.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The actions of the current hand.
    pub fn history(&self) -> &[Entry] {
        self.record.last().map_or(&[], |h| h.actions.as_slice())
    }

    /// The seat to act, if anyone.
    pub fn to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::ChoosePoser => Some(self.chooser),
            Phase::Play => Some(self.hand.to_act()),
            _ => None,
        }
    }

    /// The legal actions of the seat to act.
    #[inline]
    pub fn legal(&self, out: &mut MoveList) {
        out.clear();
        match self.phase {
            Phase::ChoosePoser => {
                for seat in [self.chooser, self.chooser_partner()] {
                    out.push(Action::ChoosePoser { seat });
                }
            }
            Phase::Play => self.hand.legal(out),
            _ => {}
        }
    }

    /// The partner of the seat choosing who poses (only partnerships choose).
    fn chooser_partner(&self) -> u8 {
        self.rules.partner_of(self.chooser).unwrap_or(self.chooser)
    }

    /// A uniformly random legal action (see [`Hand::sample_legal`]).
    #[inline]
    pub fn sample_legal(&self, pick: impl FnOnce(u32) -> u32) -> Option<Action> {
        match self.phase {
            Phase::ChoosePoser => {
                let partner = self.chooser_partner();
                let seat = if pick(2) == 0 { self.chooser } else { partner };
                Some(Action::ChoosePoser { seat })
            }
            Phase::Play => self.hand.sample_legal(pick),
            _ => None,
        }
    }

    /// Check an action of `seat`, and apply it.
    pub fn act_as(&mut self, seat: u8, a: Action, ev: &mut impl Events) -> Result<(), MatchError> {
        match self.to_act() {
            Some(to_act) if to_act != seat => Err(MatchError::NotYourTurn { seat, to_act }),
            _ => self.act(a, ev),
        }
    }

    /// Check an action of the seat to act, and apply it. On error nothing changes.
    pub fn act(&mut self, a: Action, ev: &mut impl Events) -> Result<(), MatchError> {
        let a = match self.phase {
            Phase::HandOver => return Err(MatchError::HandOver),
            Phase::MatchOver => return Err(MatchError::MatchOver),
            Phase::ChoosePoser => match a {
                Action::ChoosePoser { seat }
                    if seat == self.chooser || seat == self.chooser_partner() =>
                {
                    a
                }
                Action::ChoosePoser { .. } => {
                    return Err(
                        IllegalAction::Other("the poser must be you or your partner").into(),
                    )
                }
                _ => {
                    return Err(IllegalAction::Other(
                        "your team won the last hand: first choose who poses (choose_poser)",
                    )
                    .into())
                }
            },
            Phase::Play => self.hand.check(a)?,
        };
        self.apply_unchecked(a, ev);
        Ok(())
    }

    /// Apply an action known to be legal.
    #[inline]
    pub fn apply_unchecked(&mut self, a: Action, ev: &mut impl Events) {
        let Some(seat) = self.to_act() else { return };
        if self.recording {
            if let Some(h) = self.record.last_mut() {
                h.actions.push(Entry { seat, action: a });
            }
        }
        if let Action::ChoosePoser { seat: chosen } = a {
            if ev.wanted() {
                ev.push(Event::Action { seat, action: a });
            }
            self.poser = chosen;
            self.hand.give_pose(chosen);
            debug_assert_eq!(
                format!("{:?}", self.hand),
                format!(
                    "{:?}",
                    Hand::new(&self.rules, &self.deal, chosen, TileSet(u128::MAX))
                ),
                "handing the pose over builds the hand anew"
            );
            self.phase = Phase::Play;
            return;
        }
        self.hand.apply_unchecked(a, ev);
        self.after_hand_action(ev);
    }

    /// Whether points move into the match score during play.
    pub(crate) fn live_scoring(&self) -> bool {
        self.rules.live_scoring()
    }

    /// Whether the match must look at points made during play as they come
    /// (a target that ends the match mid-hand); otherwise crediting them
    /// once at the end of the hand leaves the same scores.
    pub(crate) fn target_in_play(&self) -> bool {
        self.rules.live_scoring()
            && matches!(self.rules.win(), MatchWin::Target { in_play: true, .. })
    }

    /// Whether points a hand adds up to `hand_tally` (points and penalties
    /// of the hand so far, which only grow) could have brought some side
    /// to a target that ends the match mid-hand: below it, crediting them
    /// can wait for the hand's end (the scores come out the same).
    #[inline]
    pub(crate) fn target_within(&self, hand_tally: i32) -> bool {
        let best = self.scores().iter().copied().max().unwrap_or(0);
        best.saturating_add(hand_tally) >= self.rules.target()
    }

    /// The hand itself, for playouts that drive it directly (no record).
    pub(crate) fn hand_mut(&mut self) -> &mut Hand {
        &mut self.hand
    }

    /// Match bookkeeping after an action applied to the hand: live points,
    /// a target reached mid-hand, the end of the hand.
    pub(crate) fn after_hand_action(&mut self, ev: &mut impl Events) {
        if self.live_scoring() {
            self.credit_live();
            if self.reached_target_in_play(ev) {
                return;
            }
        }
        if self.hand.is_over() {
            self.finish_hand(ev);
        }
    }

    /// Move points scored during play into the match score.
    fn credit_live(&mut self) {
        let now = play_points(&self.rules, self.hand.points(), self.hand.penalties());
        let mut delta = [0i32; MAX_PLAYERS];
        for ((d, n), l) in delta.iter_mut().zip(now).zip(&self.live) {
            *d = n - l;
        }
        self.tally.credit(self.rules.sides(), &delta);
        self.live = now;
    }

    /// All fives: the first to the target wins at once, even mid-hand.
    fn reached_target_in_play(&mut self, ev: &mut impl Events) -> bool {
        let hand = &self.hand;
        match self
            .tally
            .reached_target_in_play(&self.rules, || hand.counts(), &self.live)
        {
            Some(result) => {
                self.end_hand(result, ev);
                true
            }
            None => false,
        }
    }

    fn finish_hand(&mut self, ev: &mut impl Events) {
        let summary = HandSummary::of(&self.hand);
        let result = self
            .tally
            .finish(&self.rules, &summary, self.hand_number, &self.live);
        self.next_rule = if self.rules.is_six_love() {
            self.love_next_rule(&result)
        } else if let PoseRule::Engine(engine) = self.next_rule {
            // The trains family: whoever won, the next engine is one lower.
            PoseRule::Engine(Tile::double(engine.high().saturating_sub(1)))
        } else {
            self.points_next_rule(&result)
        };
        if let Some(seat) = result.seat {
            if result.winner.is_some() {
                self.last_winner = Some(seat);
            }
        }
        self.end_hand(result, ev);
    }

    fn end_hand(&mut self, result: HandResult, ev: &mut impl Events) {
        let winner = self.tally.winner();
        if ev.wanted() {
            ev.push(Event::HandOver {
                result: result.clone(),
            });
        }
        self.result = Some(result);
        self.phase = Phase::HandOver;
        if let Some(w) = winner {
            self.phase = Phase::MatchOver;
            if ev.wanted() {
                ev.push(Event::MatchOver {
                    winner: w.side().map(|side| Side { side }),
                    skunk: self.tally.skunk(),
                });
            }
        }
    }

    /// Who poses after a six-love hand: after a tie replayed for a raised
    /// stake the last winner's side chooses, after any other tie or a
    /// reset the lowest-double rule, else as after any win.
    fn love_next_rule(&self, result: &HandResult) -> PoseRule {
        let lowest_double = PoseRule::HighestDouble { any: false };
        match (result.winner, result.seat) {
            (Some(_), Some(seat)) if !result.notes.contains(Note::Reset) => {
                self.pose_after_win(seat, result.reason)
            }
            (Some(_), Some(_)) => lowest_double,
            _ => {
                let scored = self.scores().iter().any(|&s| s > 0);
                if scored && result.notes.contains(Note::Replay) {
                    PoseRule::Choose(self.last_winner.unwrap_or(0))
                } else {
                    lowest_double
                }
            }
        }
    }

    /// Who poses after `seat` won a hand that ended for `reason`.
    fn pose_after_win(&self, seat: u8, reason: EndReason) -> PoseRule {
        match self.rules.next_pose() {
            NextPose::Winner => PoseRule::Seat(seat),
            NextPose::WinnerOrPartner => PoseRule::Choose(seat),
            NextPose::WinnerOrPartnerUnlessBlocked => match reason {
                EndReason::Blocked => PoseRule::Seat(seat),
                _ => PoseRule::Choose(seat),
            },
            NextPose::WinnerWithDouble => PoseRule::SeatDouble(seat),
            NextPose::Alternate => PoseRule::Seat(1 - self.poser),
            NextPose::First | NextPose::FallingEngine => self.rules.first_pose(),
        }
    }

    /// Who poses after a hand of a points game: see [`NextPose`]; after a
    /// tie the first hand's rule (the turns go on in club fives).
    fn points_next_rule(&self, result: &HandResult) -> PoseRule {
        match result.seat {
            Some(seat) if result.winner.is_some() => self.pose_after_win(seat, result.reason),
            _ if self.rules.next_pose() == NextPose::Alternate => PoseRule::Seat(1 - self.poser),
            _ => self.rules.first_pose(),
        }
    }

    /// Deal the next hand: from `deal` if given, else from the seed.
    pub fn next_hand(&mut self, deal: Option<&DealSpec>) -> Result<(), MatchError> {
        match self.phase {
            Phase::HandOver => {}
            Phase::MatchOver => return Err(MatchError::MatchOver),
            _ => return Err(MatchError::HandNotOver),
        }
        self.deal_next(deal)
    }

    fn deal_next(&mut self, spec: Option<&DealSpec>) -> Result<(), MatchError> {
        let rule = self.next_rule;
        let number = self.hand_number + 1;
        let (deal, start) = match spec {
            Some(spec) => {
                let deal = Deal::from_spec(&self.rules, spec)?;
                match (rule, deal.poser) {
                    (PoseRule::TurnOver, None) => return Err(DealError::PoserMissing.into()),
                    (PoseRule::TurnOver, Some(_)) => {}
                    (_, Some(_)) => return Err(DealError::PoserNotAllowed.into()),
                    _ => {}
                }
                let start = resolve_pose(&self.rules, &deal, rule)?;
                (deal, start)
            }
            None => {
                let seed = self.seed.ok_or(MatchError::NeedDeal)?;
                seeded_deal(&self.rules, seed, number, rule)
            }
        };
        self.start(deal, start);
        Ok(())
    }

    /// Start a hand from a checked deal, for playouts that deal themselves.
    pub fn start_dealt(&mut self, deal: Deal) -> Result<(), MatchError> {
        if self.phase != Phase::HandOver {
            return Err(MatchError::HandNotOver);
        }
        let rule = self.next_rule;
        let start = resolve_pose(&self.rules, &deal, rule)?;
        self.start(deal, start);
        Ok(())
    }

    /// Start the next hand from deals written in place by `deal` (given the
    /// match's deal and the pose rule), dealt again until the rule can
    /// start the hand: [`Match::start_dealt`] in a loop, for playouts,
    /// without moving deals around. The match must be between hands.
    #[inline]
    pub(crate) fn start_dealing(&mut self, mut deal: impl FnMut(&mut Deal, PoseRule)) {
        debug_assert_eq!(self.phase, Phase::HandOver);
        let rule = self.next_rule;
        loop {
            deal(&mut self.deal, rule);
            if let Ok(start) = resolve_pose(&self.rules, &self.deal, rule) {
                self.begin(start);
                return;
            }
        }
    }

    /// Start over as a new match with the same rules, waiting for the first
    /// deal through [`Match::start_dealt`] (playouts reuse one value).
    pub fn restart(&mut self) {
        self.hand_number = 0;
        self.phase = Phase::HandOver;
        self.next_rule = first_rule(&self.rules);
        self.tally = Tally::new();
        self.live = [0; MAX_PLAYERS];
        self.result = None;
        self.last_winner = None;
        self.record.clear();
    }

    /// A match with nothing played, waiting for hand `number` to be dealt
    /// (through [`Match::next_hand`]) under `rule`: where a sampler replays
    /// a later hand of a match from what one seat saw of it, without the
    /// hands before. The score starts at nothing.
    pub fn before_hand(rules: Rules, number: u32, rule: PoseRule) -> Match {
        Match::unplayed(rules, None, number.saturating_sub(1), Phase::HandOver, rule)
    }

    /// The rule deciding who poses the next hand.
    pub fn next_pose_rule(&self) -> PoseRule {
        self.next_rule
    }

    fn start(&mut self, deal: Deal, start: Start) {
        self.deal = deal;
        self.begin(start);
    }

    /// Start the hand of the match's deal.
    #[inline]
    fn begin(&mut self, start: Start) {
        self.hand_number += 1;
        self.live = [0; MAX_PLAYERS];
        self.result = None;
        let (seat, allowed) = match start {
            Start::Choose(chooser) => {
                self.chooser = chooser;
                self.phase = Phase::ChoosePoser;
                (chooser, TileSet::EMPTY)
            }
            Start::Pose { seat, allowed } => {
                self.poser = seat;
                self.phase = Phase::Play;
                (seat, allowed)
            }
        };
        self.hand.restart(&self.rules, &self.deal, seat, allowed);
        debug_assert_eq!(
            format!("{:?}", self.hand),
            format!("{:?}", Hand::new(&self.rules, &self.deal, seat, allowed)),
            "restarting the hand in place builds it anew"
        );
        if self.recording {
            self.record.push(HandRecord {
                deal: self.deal.to_spec(self.rules.players()),
                actions: Vec::new(),
            });
        }
    }

    /// Each hand's deal and actions so far (empty without a record).
    pub fn hand_records(&self) -> &[HandRecord] {
        &self.record
    }
}

/// How a hand starts once dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Choose(u8),
    Pose { seat: u8, allowed: TileSet },
}

fn empty_deal() -> Deal {
    Deal {
        hands: [TileSet::EMPTY; MAX_PLAYERS],
        boneyard: [Tile::double(0); crate::tile::MAX_TILES],
        bone_len: 0,
        poser: None,
    }
}

/// Who poses the first hand of a match (and, in most games, after a tie).
pub const fn first_rule(rules: &Rules) -> PoseRule {
    rules.first_pose()
}

/// Every redeal rule a hand after the first may be dealt under, in a fixed
/// order: what [`Match::next_pose_rule`] can reach (after a win, a tie, a
/// reset or a replayed tie), so a client that does not replay the match
/// can still refuse a published rule the game never uses.
pub fn later_redeals(rules: &Rules) -> Vec<Redeal> {
    let after_win = match rules.next_pose() {
        NextPose::Winner
        | NextPose::WinnerOrPartner
        | NextPose::WinnerOrPartnerUnlessBlocked
        | NextPose::Alternate
        | NextPose::FallingEngine => Redeal::Never,
        NextPose::WinnerWithDouble => Redeal::Double,
        NextPose::First => rules.first_pose().redeal(),
    };
    // After a tie or a reset: the love count's lowest double (or the last
    // winner's choice after a replayed tie); the points games' first rule,
    // or the next seat in turn.
    let otherwise: &[Redeal] = if rules.is_six_love() {
        &[Redeal::Double, Redeal::Never]
    } else if rules.next_pose() == NextPose::Alternate {
        &[Redeal::Never]
    } else {
        &[rules.first_pose().redeal()]
    };
    let mut all = vec![after_win];
    for &r in otherwise {
        if !all.contains(&r) {
            all.push(r);
        }
    }
    all.sort_by_key(|r| match r {
        Redeal::Double => 0,
        Redeal::Holder(_) => 1,
        Redeal::TurnOver => 2,
        Redeal::Never => 3,
    });
    all
}

/// Who poses a dealt hand, and with which tiles; `Redeal` if the rule needs
/// a double nobody holds.
/// Hand `number`'s deal from a match's `seed` under `rule`, the pose rule
/// the match is at: dealt again from the same stream until the rule can
/// start the hand (the redeal rule). Matches, playouts and the server's
/// fairness proofs all deal through this.
pub fn seeded_deal(rules: &Rules, seed: u64, number: u32, rule: PoseRule) -> (Deal, Start) {
    let mut rng = hand_rng(seed, number);
    loop {
        let mut deal = Deal::random(rules, &mut rng);
        if rule == PoseRule::TurnOver {
            deal.poser = Some(turn_over(rules, &mut rng));
        }
        if let Ok(start) = resolve_pose(rules, &deal, rule) {
            return (deal, start);
        }
    }
}

pub fn resolve_pose(rules: &Rules, deal: &Deal, rule: PoseRule) -> Result<Start, DealError> {
    let n = rules.players();
    let held = (0..n as usize).fold(TileSet::EMPTY, |a, s| a | deal.hands[s]);
    let any = TileSet(u128::MAX);
    let holder = |t: Tile| deal.holder(t).unwrap_or(0);
    Ok(match rule {
        PoseRule::HighestDouble { any: free } => {
            let d = (held & TileSet::DOUBLES).last().ok_or(DealError::Redeal)?;
            Start::Pose {
                seat: holder(d),
                allowed: if free { any } else { d.bit() },
            }
        }
        PoseRule::Holder(t) => Start::Pose {
            seat: deal.holder(t).ok_or(DealError::Redeal)?,
            allowed: t.bit(),
        },
        PoseRule::Seat(seat) => Start::Pose { seat, allowed: any },
        PoseRule::SeatDouble(seat) => {
            let s = (0..n)
                .map(|k| (seat + k) % n)
                .find(|&s| !(deal.hands[s as usize] & TileSet::DOUBLES).is_empty())
                .ok_or(DealError::Redeal)?;
            Start::Pose {
                seat: s,
                allowed: TileSet::DOUBLES,
            }
        }
        PoseRule::FivesOpening => {
            let t = (held & TileSet::DOUBLES)
                .last()
                .or_else(|| held.iter().max_by_key(|t| (t.pips(), t.high())))
                .ok_or(DealError::Redeal)?;
            Start::Pose {
                seat: holder(t),
                allowed: any,
            }
        }
        PoseRule::TurnOver => Start::Pose {
            seat: deal.poser.ok_or(DealError::PoserMissing)?,
            allowed: any,
        },
        PoseRule::Choose(seat) => Start::Choose(seat),
        PoseRule::Engine(t) => Start::Pose {
            // Nobody holds the engine: the seats draw for it in turn from
            // seat 0 (the hand's first actions), and its drawer places it.
            seat: match deal.holder(t) {
                Some(seat) => seat,
                None if deal.boneyard().contains(&t) => 0,
                None => return Err(DealError::Redeal),
            },
            allowed: t.bit(),
        },
    })
}

/// Club fives' first set: each player turns a tile, the higher total sets.
fn turn_over<R: rand::Rng>(rules: &Rules, rng: &mut R) -> u8 {
    let tiles: Vec<Tile> = rules.tiles().iter().collect();
    loop {
        let a = rng.random_range(0..tiles.len());
        let mut b = rng.random_range(0..tiles.len() - 1);
        if b >= a {
            b += 1;
        }
        let (pa, pb) = (tiles[a].pips(), tiles[b].pips());
        if pa != pb {
            return if pa > pb { 0 } else { 1 };
        }
    }
}
