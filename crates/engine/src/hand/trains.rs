//! The trains family's turns (RULES.md 13 and 14, docs/rules/mexican-train.md
//! and chicken-foot.md): the engine found by drawing, which chains a seat
//! may play on (its own train, the Mexican train, the open trains; any
//! owed chain first), one draw a turn played at once if it fits, a pass
//! that opens the passer's train, the double that gives another play, and
//! Mexican Train's first-turn chain. The layout keeps what the chains owe
//! (an unsatisfied double, the centre, a foot's toes); the hand keeps who
//! may play where.

use crate::action::{Action, MoveList};
use crate::event::Events;
use crate::layout::PlaceError;
use crate::rules::{FirstTurn, LayoutKind, Rules};
use crate::tile::{Tile, TileSet};

use super::{Ending, Hand, IllegalAction};

/// The trains open when a hand starts: every player's under
/// `open_trains_start`, else none.
pub(super) fn open_at_start(rules: &Rules) -> u16 {
    if rules.preset().is_trains() && rules.open_trains_start() {
        (1u16 << rules.players()) - 1
    } else {
        0
    }
}

impl Hand {
    /// Whether the hand is played by the trains family's rules.
    #[inline(always)]
    pub(super) fn trains(&self) -> bool {
        self.layout.kind().is_trains()
    }

    /// Whether `seat`'s own train is open to the others (Mexican Train).
    pub fn train_open(&self, seat: u8) -> bool {
        self.open >> seat & 1 == 1
    }

    /// Every seat's train that is open, one bit each.
    pub fn open_trains(&self) -> u16 {
        self.open
    }

    /// Whether the seat to act is laying its first turn's chain.
    pub fn chaining(&self) -> bool {
        self.chaining
    }

    /// Whether the seat to act has drawn its one tile this turn.
    pub fn drew_this_turn(&self) -> bool {
        self.drew
    }

    /// The chains `seat` may lay a tile on now, one bit each: the owed
    /// chains when some are owed (whoever's train), else its own train, the
    /// Mexican train and the open trains (Mexican Train), or every chain
    /// (chicken foot).
    pub fn train_chains(&self, seat: u8) -> u32 {
        self.layout
            .chains_open_to(seat, self.rules.players(), self.open, self.chaining)
    }

    /// Tiles `seat` could lay now under the trains family's rules.
    pub(super) fn trains_playable(&self, seat: u8) -> TileSet {
        let hand = self.hands[seat as usize];
        if self.layout.posed().is_none() {
            return hand & self.pose_allowed;
        }
        hand & self.layout.accepts_on(self.train_chains(seat))
    }

    /// Every legal action of the seat to act (see [`Hand::legal`]).
    pub(super) fn trains_legal(&self, out: &mut MoveList) {
        let seat = self.to_act;
        let hand = self.hands[seat as usize];
        if self.layout.posed().is_none() {
            let engine = hand & self.pose_allowed;
            match engine.first() {
                Some(t) => out.push(Action::pose(t)),
                // Nobody held the engine: the seats draw in turn for it.
                None => out.push(Action::Draw),
            }
            return;
        }
        let mut chains = self.train_chains(seat);
        while chains != 0 {
            let id = chains.trailing_zeros() as usize;
            chains &= chains - 1;
            for t in (hand & self.layout.accepts(id)).iter() {
                out.push(Action::play(t, id as u8));
            }
        }
        if self.chaining {
            out.push(Action::Pass);
        } else if out.is_empty() {
            out.push(if self.can_draw() {
                Action::Draw
            } else {
                Action::Pass
            });
        }
    }

    /// [`Hand::random_step`] for the trains family: a uniformly random
    /// legal action, in [`Hand::legal`]'s order, applied straight without
    /// building the list (the playouts' inner loop). The pick is asked
    /// once a step over the list's length, even where the list holds one
    /// action (a forced draw or pass, the engine's pose or a draw for it),
    /// as [`Hand::sample_legal`] asks it: skipping it would leave the
    /// random numbers out of step with it.
    pub(super) fn trains_random_step(&mut self, pick: impl FnOnce(u32) -> u32) -> bool {
        let seat = self.to_act;
        let hand = self.hands[(seat & 7) as usize];
        if self.layout.posed().is_none() {
            pick(1);
            match (hand & self.pose_allowed).first() {
                Some(t) => self.trains_play(seat, t, None, &mut ()),
                None => self.trains_draw(seat, &mut ()),
            }
            return true;
        }
        let mask = self.train_chains(seat);
        let mut n = 0;
        let mut chains = mask;
        while chains != 0 {
            let id = chains.trailing_zeros() as usize;
            chains &= chains - 1;
            n += (hand & self.layout.accepts(id)).len();
        }
        let options = n + u32::from(self.chaining);
        if options == 0 {
            pick(1);
            if self.can_draw() {
                self.trains_draw(seat, &mut ());
            } else {
                self.trains_pass(seat, &mut ());
            }
            return true;
        }
        let mut k = pick(options);
        if k >= n {
            self.trains_pass(seat, &mut ());
            return true;
        }
        let mut chains = mask;
        while chains != 0 {
            let id = chains.trailing_zeros() as usize;
            chains &= chains - 1;
            let m = hand & self.layout.accepts(id);
            let c = m.len();
            if k < c {
                if let Some(tile) = m.nth(k) {
                    self.trains_play(seat, tile, Some(id as u8), &mut ());
                }
                return true;
            }
            k -= c;
        }
        true
    }

    /// [`Hand::check`] for the trains family: every refusal names the rule.
    pub(super) fn trains_check(&self, a: Action) -> Result<Action, IllegalAction> {
        let seat = self.to_act;
        let posed = self.layout.posed().is_some();
        match a {
            Action::Muggins => Err(IllegalAction::NoMuggins),
            Action::ChoosePoser { .. } => Err(IllegalAction::Other(
                "nobody chooses a poser here: the engine double's holder places it",
            )),
            Action::Draw => {
                if !self.playable(seat).is_empty() {
                    Err(IllegalAction::MustPlay("draw"))
                } else if self.chaining {
                    Err(IllegalAction::Other(
                        "a first-turn chain ends by passing, not by drawing",
                    ))
                } else if self.drew {
                    Err(IllegalAction::NoDraw(
                        "one tile a turn: play the tile you drew if it fits, else pass",
                    ))
                } else if !self.boneyard_open() {
                    Err(IllegalAction::NoDraw("the boneyard is empty"))
                } else {
                    Ok(a)
                }
            }
            Action::Pass => {
                if self.chaining {
                    Ok(a)
                } else if !posed {
                    Err(IllegalAction::Other(
                        "the engine double is not down yet: its holder places it, or the seats draw for it",
                    ))
                } else if !self.playable(seat).is_empty() {
                    Err(IllegalAction::MustPlay("pass"))
                } else if self.can_draw() {
                    Err(IllegalAction::MustDraw)
                } else {
                    Ok(a)
                }
            }
            Action::Play { tile, end, claim } => {
                if claim {
                    return Err(IllegalAction::ClaimsOff);
                }
                if !self.hands[seat as usize].contains(tile) {
                    return Err(IllegalAction::NotHeld(tile));
                }
                if !posed {
                    if end.is_some() {
                        return Err(IllegalAction::PoseHasNoEnd);
                    }
                    if !self.pose_allowed.contains(tile) {
                        return Err(IllegalAction::BadPose {
                            tile,
                            why: "the hand starts with its engine double in the station",
                        });
                    }
                    return Ok(a);
                }
                let end = match end {
                    Some(e) => {
                        self.check_train(seat, tile, e)?;
                        e
                    }
                    None => self.only_train(seat, tile)?,
                };
                Ok(Action::play(tile, end))
            }
        }
    }

    /// Whether `seat` may lay `tile` on chain `e`: what the chains owe
    /// first, then whose train it is, then the train's end.
    fn check_train(&self, seat: u8, tile: Tile, e: u8) -> Result<(), IllegalAction> {
        let place = |source| IllegalAction::Place { tile, source };
        if e as usize >= self.layout.chains().len() {
            return Err(place(PlaceError::NoSuchEnd(e)));
        }
        if self.layout.owed() == 0 && self.train_chains(seat) >> e & 1 == 0 {
            return Err(if self.chaining {
                IllegalAction::ChainOwnTrain
            } else {
                IllegalAction::ClosedTrain { tile, train: e }
            });
        }
        self.layout.check(tile, e).map_err(place)
    }

    /// The one chain `seat` may lay `tile` on, when the action names none.
    fn only_train(&self, seat: u8, tile: Tile) -> Result<u8, IllegalAction> {
        let chains = self.layout.chains().len() as u8;
        let fits: Vec<u8> = (0..chains)
            .filter(|&e| self.check_train(seat, tile, e).is_ok())
            .collect();
        match fits.as_slice() {
            [e] => Ok(*e),
            [] => {
                // The refusal of the seat's own train (or the first owed
                // chain) says why.
                let owed = self.layout.owed();
                let e = if owed != 0 {
                    owed.trailing_zeros() as u8
                } else {
                    seat.min(chains.saturating_sub(1))
                };
                Err(self
                    .check_train(seat, tile, e)
                    .err()
                    .unwrap_or(IllegalAction::Place {
                        tile,
                        source: PlaceError::NoSuchEnd(e),
                    }))
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

    /// `seat` draws: before the engine is down, for the engine (the turn
    /// goes on to the next seat unless it came); after, its one tile of the
    /// turn, which it plays if it fits or else passes.
    pub(super) fn trains_draw(&mut self, seat: u8, ev: &mut impl Events) {
        let searching = self.layout.posed().is_none();
        self.draw(seat, ev);
        if searching {
            if (self.hands[seat as usize] & self.pose_allowed).is_empty() {
                self.to_act = self.next_seat(seat);
            }
        } else {
            self.drew = true;
        }
    }

    /// `seat` passes: its turn ends, and (Mexican Train) its train opens,
    /// unless the pass ends a first-turn chain.
    pub(super) fn trains_pass(&mut self, seat: u8, ev: &mut impl Events) {
        let opens = !self.chaining && matches!(self.layout.kind(), LayoutKind::Trains { .. });
        if opens {
            self.open |= 1 << seat;
        }
        self.on_pass(seat, ev);
        self.end_turn(seat);
    }

    /// `seat` lays `tile` (the engine when `end` is `None`); then the turn
    /// ends, or (Mexican Train) goes on after a double or along a chain.
    pub(super) fn trains_play(
        &mut self,
        seat: u8,
        tile: Tile,
        end: Option<u8>,
        ev: &mut impl Events,
    ) {
        self.play(seat, tile, end, false, ev);
        if self.ending.is_some() {
            return;
        }
        let Some(e) = end else {
            // The engine is down: the next seat plays first. Placing it is
            // not the placer's first turn (docs/rules/mexican-train.md), so
            // their first tile on their own train may still start a chain.
            self.end_turn(seat);
            self.turned &= !(1 << seat);
            return;
        };
        let LayoutKind::Trains { .. } = self.layout.kind() else {
            self.end_turn(seat);
            return;
        };
        if e == seat {
            self.open &= !(1 << seat);
        }
        let chain_turn = self.chaining
            || (e == seat
                && self.rules.first_turn() == FirstTurn::Chain
                && self.turned >> seat & 1 == 0);
        if chain_turn {
            self.chaining = true;
            let own = self.layout.accepts(seat as usize) & self.hands[seat as usize];
            let owed = self.layout.owed();
            let more = !own.is_empty() && (owed == 0 || owed == 1 << seat);
            if more {
                self.keep_turn(seat);
            } else {
                self.end_turn(seat);
            }
        } else if tile.is_double() {
            // A double gives another play, which must cover it if it can.
            self.keep_turn(seat);
        } else {
            self.end_turn(seat);
        }
    }

    /// `seat` plays again.
    fn keep_turn(&mut self, seat: u8) {
        self.to_act = seat;
        self.drew = false;
    }

    /// `seat`'s turn is over: the next seat's begins.
    fn end_turn(&mut self, seat: u8) {
        self.turned |= 1 << seat;
        self.chaining = false;
        self.drew = false;
        self.to_act = self.next_seat(seat);
        // A block shows as soon as it happens (a play that leaves nothing
        // playable with the boneyard empty is caught by `play`).
        if self.ending.is_none() && self.is_blocked() {
            self.ending = Some(Ending::Blocked);
        }
    }
}
