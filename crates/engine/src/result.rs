//! A settled hand as the protocol writes it (`result`): the winning side,
//! how the hand ended, counts, points and notes. Plain data, below the
//! hand and the events that carry it.

use serde::{Deserialize, Serialize};

use crate::deal::MAX_PLAYERS;

/// A scoring side, as the protocol writes it: `{"side": 0}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Side {
    pub side: usize,
}

/// How a hand ended, as the protocol names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EndReason {
    Domino,
    Blocked,
    /// A player reached the target during play (all fives).
    Target,
}

/// The settled hand: the protocol's `result`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandResult {
    /// `None` is a tie.
    pub winner: Option<Side>,
    pub reason: EndReason,
    /// The seat that dominoed, or the lightest winning seat after a block.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seat: Option<u8>,
    /// Pips still held, by seat.
    #[cfg_attr(feature = "ts", ts(as = "Vec<u32>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u32>))]
    pub counts: PerSeat<u32>,
    /// Points this hand by side, premiums and penalties included.
    #[cfg_attr(feature = "ts", ts(as = "Vec<i32>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub points: PerSeat<i32>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<Note>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Note>))]
    pub notes: Notes,
}

/// A short list, one value per seat or side, kept inline (no allocation).
#[derive(Copy, Clone, PartialEq, Eq, Default)]
pub struct PerSeat<T: Copy + Default> {
    vals: [T; MAX_PLAYERS],
    len: u8,
}

impl<T: Copy + Default> PerSeat<T> {
    pub fn new(len: usize) -> PerSeat<T> {
        PerSeat {
            vals: [T::default(); MAX_PLAYERS],
            len: len.min(MAX_PLAYERS) as u8,
        }
    }

    pub fn from_slice(s: &[T]) -> PerSeat<T> {
        let mut p = PerSeat::new(s.len());
        p.vals[..p.len as usize].copy_from_slice(&s[..p.len as usize]);
        p
    }

    /// The first `len` values of `vals` (the same as [`PerSeat::from_slice`]
    /// of `&vals[..len]`): the rest are cleared by selects, not copied by
    /// length.
    #[inline]
    pub fn from_array(mut vals: [T; MAX_PLAYERS], len: usize) -> PerSeat<T> {
        for (i, v) in vals.iter_mut().enumerate() {
            *v = if i < len { *v } else { T::default() };
        }
        PerSeat {
            vals,
            len: len.min(MAX_PLAYERS) as u8,
        }
    }
}

impl<T: Copy + Default> std::ops::Deref for PerSeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.vals[..self.len as usize]
    }
}

impl<T: Copy + Default> std::ops::DerefMut for PerSeat<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.vals[..self.len as usize]
    }
}

impl<T: Copy + Default + std::fmt::Debug> std::fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize> Serialize for PerSeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Something worth saying about a hand's result (the protocol writes the
/// snake_case name).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Note {
    KeyTile,
    Capicu,
    Chuchazo,
    Skunk,
    BoardPass,
    DoubleOut,
    Tie,
    Replay,
    Playoff,
    PlayoffNext,
    Reset,
    SixLove,
    FourLove,
    HandPremium,
}

impl Note {
    pub const ALL: [Note; 14] = [
        Note::KeyTile,
        Note::Capicu,
        Note::Chuchazo,
        Note::Skunk,
        Note::BoardPass,
        Note::DoubleOut,
        Note::Tie,
        Note::Replay,
        Note::Playoff,
        Note::PlayoffNext,
        Note::Reset,
        Note::SixLove,
        Note::FourLove,
        Note::HandPremium,
    ];

    /// The protocol's name of the note.
    pub const fn name(self) -> &'static str {
        match self {
            Note::KeyTile => "key_tile",
            Note::Capicu => "capicu",
            Note::Chuchazo => "chuchazo",
            Note::Skunk => "skunk",
            Note::BoardPass => "board_pass",
            Note::DoubleOut => "double_out",
            Note::Tie => "tie",
            Note::Replay => "replay",
            Note::Playoff => "playoff",
            Note::PlayoffNext => "playoff_next",
            Note::Reset => "reset",
            Note::SixLove => "six_love",
            Note::FourLove => "four_love",
            Note::HandPremium => "hand_premium",
        }
    }
}

/// The notes of a hand result, kept as bits.
#[derive(Copy, Clone, PartialEq, Eq, Default)]
pub struct Notes(u32);

impl Notes {
    pub fn push(&mut self, note: Note) {
        self.0 |= 1 << note as u32;
    }

    pub const fn contains(&self, note: Note) -> bool {
        self.0 & (1 << note as u32) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Note> + '_ {
        Note::ALL.into_iter().filter(|n| self.contains(*n))
    }
}

impl std::fmt::Debug for Notes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter().map(Note::name)).finish()
    }
}

impl Serialize for Notes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}
