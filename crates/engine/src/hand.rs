//! The state machine of one hand: pose, play, draw, pass, until a domino or
//! a block. Pure and `Copy`, so search can clone it freely.

use thiserror::Error;

use crate::action::{Action, MoveList};
use crate::deal::{Deal, MAX_PLAYERS};
use crate::event::{Event, Events, PenaltyReason, ScoreReason};
use crate::layout::{Layout, PlaceError, MAX_CHAINS};
use crate::rules::{Claims, DrawRule, MugginsBy, Rules};
use crate::tile::{Tile, TileSet, MAX_TILES};

mod chains_run;
mod key;
mod line_run;
mod trains;
mod trains_run;

/// How a hand ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `seat` played its last tile (for both-partners-out, the second partner).
    Domino {
        seat: u8,
        tile: Tile,
        /// The tile was the key tile between two hard ends (Jamaica).
        key_tile: bool,
        /// The tile could have gone on either end (Puerto Rico).
        capicu: bool,
    },
    /// Nobody could play or draw.
    Blocked,
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("the hand is over")]
    HandOver,
    #[error("you do not hold {0}")]
    NotHeld(Tile),
    #[error("{tile} cannot be posed here: {why}")]
    BadPose { tile: Tile, why: &'static str },
    #[error("the first tile is down: say which end to play {0} on")]
    EndNeeded(Tile),
    #[error("the first tile is not down yet: pose without an end")]
    PoseHasNoEnd,
    #[error("{tile} fits more than one open end: add \"end\" (one of {ends})")]
    AmbiguousEnd { tile: Tile, ends: String },
    #[error("{tile} cannot go there: {source}")]
    Place { tile: Tile, source: PlaceError },
    #[error("you can play, so you may not {0}")]
    MustPlay(&'static str),
    #[error("there is nothing you may draw: {0}")]
    NoDraw(&'static str),
    #[error("you must draw before passing: the boneyard still has tiles you may take")]
    MustDraw,
    #[error("claims are off in these rules: send the play without \"claim\"")]
    ClaimsOff,
    #[error("this play scores nothing, so there is nothing to claim")]
    NothingToClaim,
    #[error("there are no unclaimed points to take")]
    NoMuggins,
    #[error("train {train} is seat {train}'s and it is closed: play on your own train, the Mexican train or a train marked open")]
    ClosedTrain { tile: Tile, train: u8 },
    #[error("a first-turn chain goes on your own train only: play there or pass to end the chain")]
    ChainOwnTrain,
    #[error("{0}")]
    Other(&'static str),
}

/// One hand in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    rules: Rules,
    hands: [TileSet; MAX_PLAYERS],
    boneyard: [Tile; MAX_TILES],
    bone_next: u8,
    bone_len: u8,
    layout: Layout,
    to_act: u8,
    pose_allowed: TileSet,
    /// Seats out of play (both partners out).
    out: u8,
    /// Seats that passed since the last tile was played.
    passed_since_play: u8,
    /// Each seat's passes in a row.
    pass_run: [u8; MAX_PLAYERS],
    last_player: u8,
    passes_since_play: u8,
    /// Unclaimed points open to muggins (0: none), the seat that left them,
    /// and the seats that have acted since without taking them.
    muggins: i32,
    muggins_from: u8,
    muggins_declined: u8,
    /// Points scored during the hand, by side.
    points: [i32; MAX_PLAYERS],
    /// Penalty points charged during the hand, by seat.
    penalties: [i32; MAX_PLAYERS],
    /// `points` and `penalties` summed, kept as they grow: the playouts
    /// of the fives games ask for it after every step.
    tally: i32,
    /// French penalties by the seat they come from: board passes caused
    /// (the others pay) and three-pass runs (the passer pays), so a hand
    /// can be reported as a table would tell it.
    board_passes_by: [u8; MAX_PLAYERS],
    three_passes: [u8; MAX_PLAYERS],
    ending: Option<Ending>,
    /// Every tile held by a seat still in play, for block detection.
    in_play: TileSet,
    /// The trains family: the seats whose trains are open, one bit each;
    /// the seat to act has drawn its one tile this turn; it is laying its
    /// first turn's chain; the seats that have ended a turn this hand.
    open: u16,
    drew: bool,
    chaining: bool,
    turned: u16,
}

impl Hand {
    /// Start a hand from a deal; `poser` poses one of `pose_allowed`.
    pub fn new(rules: &Rules, deal: &Deal, poser: u8, pose_allowed: TileSet) -> Hand {
        Hand {
            rules: *rules,
            hands: deal.hands,
            boneyard: deal.boneyard,
            bone_next: 0,
            bone_len: deal.bone_len,
            layout: Layout::new(rules.layout()),
            to_act: poser,
            pose_allowed,
            out: 0,
            passed_since_play: 0,
            pass_run: [0; MAX_PLAYERS],
            last_player: poser,
            passes_since_play: 0,
            muggins: 0,
            muggins_from: 0,
            muggins_declined: 0,
            points: [0; MAX_PLAYERS],
            penalties: [0; MAX_PLAYERS],
            tally: 0,
            board_passes_by: [0; MAX_PLAYERS],
            three_passes: [0; MAX_PLAYERS],
            ending: None,
            in_play: deal.hands[..rules.players() as usize]
                .iter()
                .fold(TileSet::EMPTY, |a, &h| a | h),
            open: trains::open_at_start(rules),
            drew: false,
            chaining: false,
            turned: 0,
        }
    }

    /// [`Hand::new`] written over this hand, field by field (every field
    /// is named, so a new one cannot be missed), rather than built whole
    /// and moved: the match starts each hand this way.
    #[inline]
    pub(crate) fn restart(&mut self, rules: &Rules, deal: &Deal, poser: u8, allowed: TileSet) {
        let Hand {
            rules: r,
            hands,
            boneyard,
            bone_next,
            bone_len,
            layout,
            to_act,
            pose_allowed,
            out,
            passed_since_play,
            pass_run,
            last_player,
            passes_since_play,
            muggins,
            muggins_from,
            muggins_declined,
            points,
            penalties,
            tally,
            board_passes_by,
            three_passes,
            ending,
            in_play,
            open,
            drew,
            chaining,
            turned,
        } = self;
        *r = *rules;
        *hands = deal.hands;
        *boneyard = deal.boneyard;
        *bone_next = 0;
        *bone_len = deal.bone_len;
        *layout = Layout::new(rules.layout());
        *to_act = poser;
        *pose_allowed = allowed;
        *out = 0;
        *passed_since_play = 0;
        *pass_run = [0; MAX_PLAYERS];
        *last_player = poser;
        *passes_since_play = 0;
        *muggins = 0;
        *muggins_from = 0;
        *muggins_declined = 0;
        *points = [0; MAX_PLAYERS];
        *penalties = [0; MAX_PLAYERS];
        *tally = 0;
        *board_passes_by = [0; MAX_PLAYERS];
        *three_passes = [0; MAX_PLAYERS];
        *ending = None;
        *in_play = deal.hands[..rules.players() as usize]
            .iter()
            .fold(TileSet::EMPTY, |a, &h| a | h);
        *open = trains::open_at_start(rules);
        *drew = false;
        *chaining = false;
        *turned = 0;
    }

    /// A hand not yet begun, posed instead by `poser` with any tile: the
    /// state [`Hand::new`] gives that poser, without building it again.
    pub(crate) fn give_pose(&mut self, poser: u8) {
        debug_assert!(self.layout.posed().is_none() && self.ending.is_none());
        self.to_act = poser;
        self.last_player = poser;
        self.pose_allowed = TileSet(u128::MAX);
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn to_act(&self) -> u8 {
        self.to_act
    }

    pub fn hand(&self, seat: u8) -> TileSet {
        self.hands[seat as usize]
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Tiles left in the boneyard, top first.
    pub fn boneyard(&self) -> &[Tile] {
        &self.boneyard[self.bone_next as usize..self.bone_len as usize]
    }

    /// The tiles drawn this hand, in the order they were drawn (the `k`th
    /// `draw` of the hand's history took the `k`th).
    pub fn drawn_tiles(&self) -> &[Tile] {
        &self.boneyard[..self.bone_next as usize]
    }

    /// Shuffle the tiles left in the boneyard (a searcher that samples a
    /// world must not know which tile each draw brings).
    pub fn shuffle_boneyard<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        let (from, to) = (self.bone_next as usize, self.bone_len as usize);
        crate::deal::shuffle(&mut self.boneyard[from..to], rng);
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// Points scored during play so far, by side.
    pub fn points(&self) -> &[i32] {
        &self.points[..self.rules.sides()]
    }

    /// Penalties charged so far, by seat.
    pub fn penalties(&self) -> &[i32] {
        &self.penalties[..self.rules.players() as usize]
    }

    /// [`Hand::points`] and [`Hand::penalties`] as whole arrays: the places
    /// past the sides and seats stay zero, so a copy needs no length.
    #[inline]
    pub(crate) fn points_and_penalties(&self) -> ([i32; MAX_PLAYERS], [i32; MAX_PLAYERS]) {
        debug_assert!(self.points[self.rules.sides()..].iter().all(|&p| p == 0));
        debug_assert!(self.penalties[self.rules.players() as usize..]
            .iter()
            .all(|&p| p == 0));
        (self.points, self.penalties)
    }

    /// Every point scored and charged so far, summed: it only grows, so a
    /// change says the match score needs crediting.
    #[inline]
    pub fn tally(&self) -> i32 {
        self.tally
    }

    /// Board passes charged this hand.
    pub fn board_passes(&self) -> u8 {
        self.board_passes_by.iter().sum()
    }

    /// Board passes each seat caused this hand (French).
    pub fn board_passes_by(&self) -> &[u8] {
        &self.board_passes_by[..self.rules.players() as usize]
    }

    /// Three-pass penalties each seat was charged this hand (French).
    pub fn three_passes(&self) -> &[u8] {
        &self.three_passes[..self.rules.players() as usize]
    }

    /// Whether `seat` is out (both-partners-out).
    pub fn is_out(&self, seat: u8) -> bool {
        self.out & (1 << seat) != 0
    }

    /// Points the seat to act may take by muggins: open points, not his own,
    /// and not passed over by him already (`muggins_by: any`).
    #[inline]
    pub fn muggins_available(&self) -> i32 {
        let seat = self.to_act;
        if self.muggins > 0 && seat != self.muggins_from && self.muggins_declined & (1 << seat) == 0
        {
            self.muggins
        } else {
            0
        }
    }

    /// Every fact of open muggins points (points, the seat that left them,
    /// the seats that passed them over), for search keys: under
    /// `muggins_by: any` they matter beyond the seat to act.
    pub fn muggins_state(&self) -> (i32, u8, u8) {
        (self.muggins, self.muggins_from, self.muggins_declined)
    }

    /// The seat to act did something other than take the open points:
    /// under `muggins_by: next` they are gone; under `any` they stay open
    /// to the others until the scorer's turn comes back.
    #[inline]
    fn muggins_declined_by(&mut self, seat: u8) {
        if self.muggins == 0 {
            return;
        }
        if self.rules.muggins_by() == MugginsBy::Next || seat == self.muggins_from {
            self.muggins = 0;
        } else {
            self.muggins_declined |= 1 << seat;
        }
    }

    /// Whether the seat to act may draw now, ignoring whether it can play.
    #[inline(always)]
    pub fn can_draw(&self) -> bool {
        self.boneyard_open() && !self.drew
    }

    /// Whether the boneyard still has tiles a player may draw (the trains
    /// family's one draw a turn aside).
    #[inline(always)]
    fn boneyard_open(&self) -> bool {
        self.rules.draw() != DrawRule::Never
            && self.bone_len.saturating_sub(self.bone_next) > self.rules.draw().reserve()
    }

    /// Tiles `seat` could lay now.
    #[inline]
    pub fn playable(&self, seat: u8) -> TileSet {
        let h = self.hands[seat as usize];
        if self.trains() {
            return self.trains_playable(seat);
        }
        if self.layout.posed().is_none() {
            h & self.pose_allowed
        } else {
            h & self.layout.playable()
        }
    }

    /// The points laying `tile` on `end` would make (fives games only).
    pub fn play_points(&self, tile: Tile, end: Option<u8>) -> i32 {
        if !self.rules.scores_ends() {
            return 0;
        }
        let mut l = self.layout;
        match end {
            None => l.pose(tile),
            Some(e) => l.place(tile, e),
        }
        self.rules.ends().points(l.ends_total())
    }

    /// Every legal action of the seat to act.
    #[inline]
    pub fn legal(&self, out: &mut MoveList) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        if self.trains() {
            return self.trains_legal(out);
        }
        if self.muggins_available() > 0 {
            out.push(Action::Muggins);
        }
        let hand = self.hands[self.to_act as usize];
        if self.layout.posed().is_none() {
            for t in (hand & self.pose_allowed).iter() {
                self.push_play(out, t, None);
            }
            return;
        }
        let before = out.len();
        for id in 0..self.layout.chains().len() {
            for t in (hand & self.layout.accepts(id)).iter() {
                self.push_play(out, t, Some(id as u8));
            }
        }
        if out.len() == before {
            out.push(if self.can_draw() {
                Action::Draw
            } else {
                Action::Pass
            });
        }
    }

    /// Apply a uniformly random legal action (as [`Hand::sample_legal`]);
    /// `false` once the hand is over. The playouts' inner loop: the common
    /// line-layout play goes straight to the move without building an action.
    #[inline]
    pub fn random_step(&mut self, pick: impl FnOnce(u32) -> u32) -> bool {
        if self.ending.is_some() {
            return false;
        }
        let simple =
            self.layout.is_line() && self.muggins == 0 && self.rules.claims() == Claims::Auto;
        if simple {
            let hand = self.hands[(self.to_act & 7) as usize];
            let (a0, a1) = self.layout.line_accepts();
            let (m0, m1) = (hand & a0, hand & a1);
            let (c0, c1) = (m0.len(), m1.len());
            if c0 + c1 > 0 {
                let k = pick(c0 + c1);
                let (m, k, end) = if k < c0 { (m0, k, 0) } else { (m1, k - c0, 1) };
                if let Some(tile) = m.nth(k) {
                    self.play(self.to_act, tile, Some(end), false, &mut ());
                }
            } else if self.can_draw() {
                self.draw(self.to_act, &mut ());
            } else {
                let seat = self.to_act;
                self.on_pass(seat, &mut ());
                self.to_act = self.next_seat(seat);
            }
            return true;
        }
        if self.trains() {
            return self.trains_random_step(pick);
        }
        if self.rules.claims() == Claims::Auto && self.muggins == 0 {
            if self.layout.posed().is_some() {
                self.random_play_on_chains(pick);
                return true;
            }
            return self.random_pose(pick);
        }
        match self.sample_legal(pick) {
            Some(a) => {
                self.apply_unchecked(a, &mut ());
                true
            }
            None => false,
        }
    }

    /// The pose, straight to the move; `false` if the poser holds no tile
    /// it may pose (as [`Hand::sample_legal`] finds no action then). Once
    /// a hand and out of line, so that the steps' loop around
    /// [`Hand::random_step`] carries no extra inlined copy of
    /// [`Hand::play`] (inlined, it cost the fives games' playouts 3%).
    #[inline(never)]
    fn random_pose(&mut self, pick: impl FnOnce(u32) -> u32) -> bool {
        let seat = self.to_act;
        let poses = self.hands[(seat & 7) as usize] & self.pose_allowed;
        if poses.is_empty() {
            return false;
        }
        if let Some(tile) = poses.nth(pick(poses.len())) {
            self.play(seat, tile, None, false, &mut ());
        }
        true
    }

    /// [`Hand::random_step`] once posed on a layout of any shape: the pick
    /// goes over the chains' matches in the order [`Hand::sample_legal`]
    /// lists them, straight to the move without building an action. Out of
    /// line, so that the step stays small enough to be inlined into the
    /// playouts' loops (the line games' steps do not come here).
    #[inline(never)]
    fn random_play_on_chains(&mut self, pick: impl FnOnce(u32) -> u32) {
        let seat = self.to_act;
        let hand = self.hands[(seat & 7) as usize];
        let chains = self.layout.chains().len();
        if self.rules.max_pip() <= 9 {
            return self.random_play_on_chains64(pick);
        }
        let mut n = 0;
        for id in 0..chains {
            n += (hand & self.layout.accepts(id)).len();
        }
        if n == 0 {
            self.draw_or_pass(seat);
            return;
        }
        let mut k = pick(n);
        for id in 0..chains {
            let m = hand & self.layout.accepts(id);
            let c = m.len();
            if k < c {
                if let Some(tile) = m.nth(k) {
                    self.play(seat, tile, Some(id as u8), false, &mut ());
                }
                return;
            }
            k -= c;
        }
    }

    /// `seat` has no play: it draws if it may, else passes.
    #[inline]
    fn draw_or_pass(&mut self, seat: u8) {
        if self.can_draw() {
            self.draw(seat, &mut ());
        } else {
            self.on_pass(seat, &mut ());
            self.to_act = self.next_seat(seat);
        }
    }

    /// [`Hand::random_play_on_chains`] for sets of up to double-nine, on
    /// `u64` masks: the same picks over the same counts.
    #[inline]
    fn random_play_on_chains64(&mut self, pick: impl FnOnce(u32) -> u32) {
        // Four chains (the cross, French arms, the first of double-nine
        // cross) in a loop of fixed length: its end is then no branch to
        // predict.
        if self.layout.chains().len() <= 4 {
            self.random_play_on_chains64_upto::<4>(pick);
        } else {
            self.random_play_on_chains64_upto::<MAX_CHAINS>(pick);
        }
    }

    /// [`Hand::random_play_on_chains64`] for at most `N` chains.
    #[inline(always)]
    fn random_play_on_chains64_upto<const N: usize>(&mut self, pick: impl FnOnce(u32) -> u32) {
        let seat = self.to_act;
        let hand = self.hands[(seat & 7) as usize].0 as u64;
        let chains = self.layout.chains().len();
        // The loops run over all `N` places when `N` is small, the chains
        // past the last counting nothing.
        let len = if N <= 4 { N } else { chains };
        // Each chain's matches, worked out once for the count and the pick.
        let mut matches = [0u64; N];
        self.layout.accepts64_into(&mut matches);
        let mut n = 0;
        for m in matches.iter_mut().take(len) {
            *m &= hand;
            n += m.count_ones();
        }
        if n == 0 {
            self.draw_or_pass(seat);
            return;
        }
        let (id, bit) = chains_run::pick_among(&matches, len, pick(n));
        if let Some(tile) = Tile::from_index(bit.trailing_zeros() as usize) {
            self.play(seat, tile, Some(id), false, &mut ());
        }
    }

    /// A uniformly random legal action, the same distribution as picking
    /// from [`Hand::legal`], without building the list when no claim or
    /// muggins doubles the entries. `pick(n)` must return a number below `n`.
    #[inline]
    pub fn sample_legal(&self, pick: impl FnOnce(u32) -> u32) -> Option<Action> {
        if self.ending.is_some() {
            return None;
        }
        if self.rules.claims() != Claims::Auto || self.muggins > 0 || self.trains() {
            let mut moves = MoveList::new();
            self.legal(&mut moves);
            let k = pick(moves.len() as u32) as usize;
            return moves.as_slice().get(k).copied();
        }
        let hand = self.hands[self.to_act as usize];
        if self.layout.posed().is_none() {
            let poses = hand & self.pose_allowed;
            let k = pick(poses.len());
            return poses.nth(k).map(Action::pose);
        }
        let chains = self.layout.chains().len();
        let mut n = 0;
        for id in 0..chains {
            n += (hand & self.layout.accepts(id)).len();
        }
        if n == 0 {
            return Some(if self.can_draw() {
                Action::Draw
            } else {
                Action::Pass
            });
        }
        let mut k = pick(n);
        for id in 0..chains {
            let m = hand & self.layout.accepts(id);
            let c = m.len();
            if k < c {
                return m.nth(k).map(|t| Action::play(t, id as u8));
            }
            k -= c;
        }
        None
    }

    #[inline]
    fn push_play(&self, out: &mut MoveList, tile: Tile, end: Option<u8>) {
        out.push(Action::Play {
            tile,
            end,
            claim: false,
        });
        if self.rules.claims() != Claims::Auto && self.play_points(tile, end) > 0 {
            out.push(Action::Play {
                tile,
                end,
                claim: true,
            });
        }
    }

    /// Fill in an omitted end when the tile fits exactly one, and check the
    /// action; on success the returned action is the legal one to apply.
    pub fn check(&self, a: Action) -> Result<Action, IllegalAction> {
        if self.ending.is_some() {
            return Err(IllegalAction::HandOver);
        }
        if self.trains() {
            return self.trains_check(a);
        }
        let seat = self.to_act;
        let hand = self.hands[seat as usize];
        match a {
            Action::Muggins => {
                if self.muggins_available() > 0 {
                    Ok(a)
                } else {
                    Err(IllegalAction::NoMuggins)
                }
            }
            Action::ChoosePoser { .. } => Err(IllegalAction::Other(
                "choosing the poser happens between hands, not during play",
            )),
            Action::Draw => {
                if !self.playable(seat).is_empty() {
                    Err(IllegalAction::MustPlay("draw"))
                } else if self.rules.draw() == DrawRule::Never {
                    Err(IllegalAction::NoDraw("this game has no drawing"))
                } else if !self.can_draw() {
                    Err(IllegalAction::NoDraw(match self.rules.draw() {
                        DrawRule::KeepTwo => "the last two tiles are never drawn",
                        _ => "the boneyard is empty",
                    }))
                } else {
                    Ok(a)
                }
            }
            Action::Pass => {
                if !self.playable(seat).is_empty() {
                    Err(IllegalAction::MustPlay("pass"))
                } else if self.can_draw() {
                    Err(IllegalAction::MustDraw)
                } else {
                    Ok(a)
                }
            }
            Action::Play { tile, end, claim } => {
                if !hand.contains(tile) {
                    return Err(IllegalAction::NotHeld(tile));
                }
                let end = if self.layout.posed().is_none() {
                    if end.is_some() {
                        return Err(IllegalAction::PoseHasNoEnd);
                    }
                    if !self.pose_allowed.contains(tile) {
                        return Err(IllegalAction::BadPose {
                            tile,
                            why: self.pose_reason(),
                        });
                    }
                    None
                } else {
                    Some(match end {
                        Some(e) => {
                            self.layout
                                .check(tile, e)
                                .map_err(|source| IllegalAction::Place { tile, source })?;
                            e
                        }
                        None => self.only_end(tile)?,
                    })
                };
                if claim {
                    if self.rules.claims() == Claims::Auto {
                        return Err(IllegalAction::ClaimsOff);
                    }
                    if self.play_points(tile, end) == 0 {
                        return Err(IllegalAction::NothingToClaim);
                    }
                }
                Ok(Action::Play { tile, end, claim })
            }
        }
    }

    fn pose_reason(&self) -> &'static str {
        match self.pose_allowed.len() {
            1 => "the rules name the tile to pose this hand",
            _ if self.pose_allowed == TileSet::DOUBLES => "the poser must pose a double",
            _ => "that tile may not start this hand",
        }
    }

    fn only_end(&self, tile: Tile) -> Result<u8, IllegalAction> {
        let fits: Vec<u8> = (0..self.layout.chains().len() as u8)
            .filter(|&e| self.layout.check(tile, e).is_ok())
            .collect();
        match fits.as_slice() {
            [e] => Ok(*e),
            [] => {
                // Report the first refusal, which names the end and why.
                let e = (0..self.layout.chains().len() as u8)
                    .find(|&e| tile.has(self.layout.chains()[e as usize].pips))
                    .unwrap_or(0);
                Err(IllegalAction::Place {
                    tile,
                    source: self
                        .layout
                        .check(tile, e)
                        .err()
                        .unwrap_or(PlaceError::NoSuchEnd(e)),
                })
            }
            many => Err(IllegalAction::AmbiguousEnd {
                tile,
                ends: many
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// Check and apply an action.
    pub fn apply(&mut self, a: Action, ev: &mut impl Events) -> Result<Action, IllegalAction> {
        let a = self.check(a)?;
        self.apply_unchecked(a, ev);
        Ok(a)
    }

    /// Apply an action known to be legal (from [`Hand::legal`] or [`Hand::check`]).
    #[inline]
    pub fn apply_unchecked(&mut self, a: Action, ev: &mut impl Events) {
        let seat = self.to_act;
        if ev.wanted() {
            ev.push(Event::Action { seat, action: a });
        }
        match a {
            Action::Muggins => {
                let side = self.rules.side_of(seat);
                self.points[side] += self.muggins;
                self.tally += self.muggins;
                if ev.wanted() {
                    ev.push(Event::Scored {
                        side,
                        points: self.muggins,
                        reason: ScoreReason::Muggins,
                    });
                }
                self.muggins = 0;
            }
            Action::ChoosePoser { .. } => {}
            Action::Draw if self.trains() => self.trains_draw(seat, ev),
            Action::Draw => self.draw(seat, ev),
            Action::Pass if self.trains() => self.trains_pass(seat, ev),
            Action::Play { tile, end, .. } if self.trains() => {
                self.trains_play(seat, tile, end, ev)
            }
            Action::Pass => {
                self.muggins_declined_by(seat);
                self.on_pass(seat, ev);
                self.to_act = self.next_seat(seat);
            }
            Action::Play { tile, end, claim } => {
                self.muggins_declined_by(seat);
                self.play(seat, tile, end, claim, ev);
            }
        }
    }

    /// `seat` draws the boneyard's top tile (the random steps call this
    /// straight, rather than through [`Hand::apply_unchecked`]'s match).
    #[inline]
    fn draw(&mut self, seat: u8, ev: &mut impl Events) {
        self.muggins_declined_by(seat);
        let t = self.boneyard[self.bone_next as usize];
        self.bone_next += 1;
        self.hands[(seat & 7) as usize].insert(t);
        self.in_play.insert(t);
        if ev.wanted() {
            ev.push(Event::Drew {
                seat,
                tile: Some(t),
            });
        }
        if self.is_blocked() {
            self.ending = Some(Ending::Blocked);
        }
    }

    #[inline(always)]
    fn play(&mut self, seat: u8, tile: Tile, end: Option<u8>, claim: bool, ev: &mut impl Events) {
        let rules = &self.rules;
        let last = self.hands[(seat & 7) as usize].is_single();
        let (key_tile, capicu) = if last {
            self.key_and_capicu(tile, end)
        } else {
            (false, false)
        };
        self.hands[seat as usize].remove(tile);
        self.in_play.remove(tile);
        match end {
            None => self.layout.pose(tile),
            Some(e) => self.layout.place(tile, e),
        }
        let mut pending = 0;
        if self.rules.scores_ends() {
            let pts = rules.ends().points(self.layout.ends_total());
            if pts > 0 {
                if self.rules.claims() == Claims::Auto || claim {
                    let side = self.rules.side_of(seat);
                    self.points[side] += pts;
                    self.tally += pts;
                    if ev.wanted() {
                        ev.push(Event::Scored {
                            side,
                            points: pts,
                            reason: ScoreReason::Ends,
                        });
                    }
                } else {
                    if self.rules.claims() == Claims::Muggins {
                        pending = pts;
                    }
                    if ev.wanted() {
                        ev.push(Event::Unclaimed { seat, points: pts });
                    }
                }
            }
        }
        if self.rules.pass_penalties() {
            self.penalties_on_play(seat, self.last_player, self.passes_since_play, ev);
        }
        self.passed_since_play = 0;
        self.last_player = seat;
        self.passes_since_play = 0;
        if last {
            if self.rules.both_partners_out() && self.rules.partners() {
                self.out |= 1 << seat;
                let partner = self.rules.partner_of(seat).unwrap_or(seat);
                if !self.is_out(partner) {
                    if ev.wanted() {
                        ev.push(Event::Out { seat });
                    }
                    self.blocked_or_next_seat(seat);
                    return;
                }
            }
            self.ending = Some(Ending::Domino {
                seat,
                tile,
                key_tile,
                capicu,
            });
            return;
        }
        if self.blocked_or_next_seat(seat) {
            return;
        }
        if pending > 0 {
            // A new unclaimed score closes any older one.
            self.muggins = pending;
            self.muggins_from = seat;
            self.muggins_declined = 0;
        }
    }

    fn key_and_capicu(&self, tile: Tile, end: Option<u8>) -> (bool, bool) {
        let chains = self.layout.chains();
        if chains.len() != 2 || tile.is_double() {
            return (false, false);
        }
        let (a, b) = (chains[0].pips, chains[1].pips);
        if a == b {
            // Both ends alike: any tile of that number fits either, a
            // capicú only for the tables that count it.
            return (false, self.rules.capicu_same_ends() && tile.has(a));
        }
        if end.is_none() || tile != Tile::new(a, b) {
            return (false, false);
        }
        let left = (TileSet::suit(a) | TileSet::suit(b))
            .intersect(self.rules.tiles())
            .minus(self.layout.board());
        (left == tile.bit(), true)
    }

    fn on_pass(&mut self, seat: u8, ev: &mut impl Events) {
        self.passes_since_play += 1;
        if self.rules.pass_penalties() {
            self.penalties_on_pass(seat, ev);
        }
        if self.rules.pass_points() > 0 {
            self.pass_bonus(seat, ev);
        }
        self.passed_since_play |= 1 << seat;
    }

    /// French penalties as `seat` plays, given the last seat to play and
    /// the passes since: a board pass (everyone else passed since the
    /// seat's own last play) charges every other seat, and the seat's run
    /// of passes ends.
    #[inline]
    fn penalties_on_play(&mut self, seat: u8, last: u8, passes: u8, ev: &mut impl Events) {
        let players = self.rules.players();
        if last == seat && passes + 1 >= players {
            self.board_passes_by[seat as usize] += 1;
            for s in 0..players {
                if s != seat {
                    self.charge(s, PenaltyReason::BoardPass, ev);
                }
            }
        }
        self.pass_run[seat as usize] = 0;
    }

    /// French penalties as `seat` passes: the third pass in a row costs it.
    #[inline]
    fn penalties_on_pass(&mut self, seat: u8, ev: &mut impl Events) {
        self.pass_run[seat as usize] += 1;
        if self.pass_run[seat as usize] >= 3 {
            self.pass_run[seat as usize] = 0;
            self.three_passes[seat as usize] += 1;
            self.charge(seat, PenaltyReason::ThreePasses, ev);
        }
    }

    /// Puerto Rican partners: a pass gives the other side the pass bonus
    /// unless the passer's partner passed too since the last play.
    fn pass_bonus(&mut self, seat: u8, ev: &mut impl Events) {
        let partner = self.rules.partner_of(seat).unwrap_or(seat);
        if self.passed_since_play & (1 << partner) == 0 {
            let side = 1 - self.rules.side_of(seat);
            self.points[side] += self.rules.pass_points();
            self.tally += self.rules.pass_points();
            if ev.wanted() {
                ev.push(Event::Scored {
                    side,
                    points: self.rules.pass_points(),
                    reason: ScoreReason::Pass,
                });
            }
        }
    }

    fn charge(&mut self, seat: u8, reason: PenaltyReason, ev: &mut impl Events) {
        self.penalties[seat as usize] += 10;
        self.tally += 10;
        if ev.wanted() {
            ev.push(Event::Penalty {
                seat,
                points: 10,
                reason,
            });
        }
    }

    #[inline]
    fn next_seat(&self, seat: u8) -> u8 {
        let n = self.rules.players();
        if self.out == 0 {
            return if seat + 1 == n { 0 } else { seat + 1 };
        }
        let mut s = seat;
        for _ in 0..n {
            s = if s + 1 == n { 0 } else { s + 1 };
            if self.out & (1 << s) == 0 {
                return s;
            }
        }
        seat
    }

    /// Nobody still in can play, and nobody may draw.
    #[inline(always)]
    fn is_blocked(&self) -> bool {
        !self.boneyard_open() && !self.layout.takes_any(self.in_play)
    }

    /// After `seat` has played and the hand goes on: it ends blocked if
    /// nobody can play or draw, else the turn passes to the next seat.
    /// Whether it ended.
    #[inline(always)]
    fn blocked_or_next_seat(&mut self, seat: u8) -> bool {
        if self.is_blocked() {
            self.ending = Some(Ending::Blocked);
            return true;
        }
        self.to_act = self.next_seat(seat);
        false
    }

    /// Each seat's count of pips still held.
    pub fn counts(&self) -> [u32; MAX_PLAYERS] {
        let mut c = [0; MAX_PLAYERS];
        let n = self.rules.players() as usize;
        for (c, &h) in c.iter_mut().zip(&self.hands).take(n) {
            *c = self.rules.count(h);
        }
        c
    }
}
