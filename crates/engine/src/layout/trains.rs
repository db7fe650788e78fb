//! The trains family's layouts (RULES.md 13 and 14): the station's lines
//! and what the chains owe (an unsatisfied double, the centre, a foot's
//! toes), with the refusals that name them.

use super::{Chain, Layout, PlaceError, MAX_CHAINS};
use crate::rules::LayoutKind;
use crate::tile::{Tile, TileSet};

impl Layout {
    /// The trains family's station: `lines` empty chains from the engine
    /// double, of which `owed` must be played on first.
    pub(super) fn open_station(&mut self, engine: Tile, lines: u8, owed: u32) {
        let start = Chain {
            pips: engine.high(),
            len: 0,
            double_end: false,
            counts_empty: false,
        };
        let lines = (lines as usize).min(MAX_CHAINS);
        self.chains[..lines].fill(start);
        self.n = lines as u8;
        self.line = false;
        self.owed = owed;
        self.opening = owed != 0;
    }

    /// The chains owed a tile before any other play (the trains family),
    /// one bit each.
    #[inline(always)]
    pub fn owed(&self) -> u32 {
        self.owed
    }

    /// The chains `seat` may lay a tile on, one bit each: the owed chains
    /// when some are owed (whoever's train), else its own train, the
    /// Mexican train and the trains of `open` (Mexican Train; only its own
    /// while it lays its first turn's chain, `chaining`), or every chain
    /// (chicken foot). All public: a seat's view can tell it of any seat.
    pub fn chains_open_to(&self, seat: u8, players: u8, open: u16, chaining: bool) -> u32 {
        let n = self.n as u32;
        let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        if self.owed != 0 {
            return self.owed;
        }
        match self.kind {
            LayoutKind::Trains { .. } if chaining => 1 << seat,
            LayoutKind::Trains { .. } => {
                let trains = (1u32 << players) - 1;
                (1 << seat) | (all & !trains) | u32::from(open) & trains
            }
            _ => all,
        }
    }

    /// Every tile that could be laid on one of `chains` (one bit each).
    pub fn accepts_on(&self, mut chains: u32) -> TileSet {
        let mut m = TileSet::EMPTY;
        while chains != 0 {
            let id = chains.trailing_zeros() as usize;
            chains &= chains - 1;
            m |= self.accepts(id);
        }
        m
    }

    /// [`Layout::check`] on a layout of the trains family, whose
    /// refusals name the train's end, the double to satisfy, the centre or
    /// the toes.
    pub(super) fn check_trains(&self, t: Tile, id: u8) -> Result<(), PlaceError> {
        let c = self.chains[id as usize];
        let foot = matches!(self.kind, LayoutKind::ChickenFoot { .. });
        if self.owed != 0 && self.owed >> id & 1 == 0 {
            let first = self.owed.trailing_zeros() as u8;
            let pips = self.chains[first as usize].pips;
            return Err(match self.kind {
                LayoutKind::ChickenFoot { centre }
                    if self.chains[..centre as usize].iter().any(|c| c.len == 0) =>
                {
                    PlaceError::CentreFirst(centre)
                }
                _ if foot => PlaceError::ToesFirst { pips },
                _ => PlaceError::DoubleFirst { end: first, pips },
            });
        }
        if !t.has(c.pips) {
            return Err(match self.owed {
                0 => PlaceError::TrainEnd {
                    end: id,
                    pips: c.pips,
                },
                _ if foot => PlaceError::NoMatch {
                    end: id,
                    pips: c.pips,
                },
                _ => PlaceError::DoubleUnmatched {
                    end: id,
                    pips: c.pips,
                },
            });
        }
        Ok(())
    }

    /// [`Layout::place`] on a layout of the trains family, inlined and
    /// without the match on the layout's kind: the trains playout's play.
    #[inline(always)]
    pub(crate) fn place_on_train(&mut self, t: Tile, id: u8) {
        debug_assert!(self.kind.is_trains());
        self.lay(t, id);
        self.place_on_trains(t, id);
    }

    /// What a tile laid on chain `id` owes: on a train, a double is owed a
    /// tile and covering it pays; in chicken foot, a double is a foot whose
    /// three toes (this end and two new ones) are owed.
    #[inline]
    pub(super) fn place_on_trains(&mut self, t: Tile, id: u8) {
        if let LayoutKind::Trains { .. } = self.kind {
            self.owed = u32::from(t.is_double()) << id;
        } else {
            self.owed &= !(1u32 << id);
            if t.is_double() {
                let n0 = self.n as usize;
                self.open_sides(t.high());
                let toes = (self.n as usize - n0) as u32;
                self.owed |= 1u32 << id | ((1u32 << toes) - 1) << n0;
            }
        }
        self.opening = self.owed != 0;
    }
}
