//! The protocol's state object as typed values.
//!
//! `View::wire` borrows a view into a [`State`] that serializes to the
//! `state` object of docs/protocol.md; [`Drawn::from_history`] rebuilds the layout's
//! chains for drawing. The protocol writes JSON objects with their keys
//! sorted (`View::to_json` goes through a sorted map), so the bytes do not
//! depend on the order of the fields here; tests/wire.rs holds them fixed.

use serde::{Deserialize, Serialize, Serializer};

use crate::action::Action;
use crate::behaviour::Winner;
use crate::event::SkunkReport;
use crate::game::{Entry, Phase};
use crate::layout::Layout;

use crate::result::HandResult;
use crate::rules::{LayoutKind, RulesSpec};
use crate::tile::Tile;

/// A seat's hand as a viewer sees it: the tiles, or only how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SeenHand {
    Tiles(Vec<Tile>),
    Count(u32),
}

/// The boneyard: in order for the referee, else only its size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SeenBoneyard<'a> {
    Tiles(&'a [Tile]),
    Count(usize),
}

/// An open end: its chain's id and the pips showing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OpenEnd {
    pub id: usize,
    pub pips: u8,
}

/// The trains family's table beyond the chains: each player's train is the
/// chain of the seat's number, then the Mexican train's where it is played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrainsState {
    /// The Mexican train's chain, where the game has one.
    pub mexican: Option<usize>,
    /// The seats whose trains are open (marked) to every player.
    pub open: Vec<u8>,
    /// The chains owed a tile before any other play: an unsatisfied
    /// double, the centre double's sides, a chicken foot's toes.
    pub owed: Vec<usize>,
    /// The seat to act is laying its first turn's chain on its own train.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<bool>))]
    pub chaining: bool,
}

/// The layout for drawing: the first tile and each chain's tiles in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Drawn {
    pub chains: Vec<DrawnChain>,
    pub posed: Option<Tile>,
}

/// One chain of the layout: the tile it grows from and its tiles outwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DrawnChain {
    /// The tile the chain leaves from (the pose, or the double it branches off).
    pub from: Option<Tile>,
    pub id: usize,
    /// The pips showing at the chain's open end.
    pub pips: Option<u8>,
    pub tiles: Vec<Tile>,
}

/// The protocol's `state` object (docs/protocol.md). Optional members are
/// left out when they do not apply, as the protocol has always done.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct State<'a> {
    pub boneyard: SeenBoneyard<'a>,
    pub ends: Vec<OpenEnd>,
    /// The fives games: the open ends' total as the game counts it (a
    /// double across an end counts both halves), once a tile is down.
    /// Absent where the ends do not score, and where the player must
    /// claim the points (seeing them is the player's own work there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ends_total: Option<u32>,
    pub hand_number: u32,
    pub hands: Vec<SeenHand>,
    pub history: &'a [Entry],
    /// A seat's own state only: the tiles it drew this hand, in the order
    /// of its `draw` entries in `history`. Absent when it drew none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Tile>>", optional))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Tile>>))]
    pub drew: &'a [Tile],
    pub layout: Drawn,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Action>>", optional))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Action>>))]
    pub legal: &'a [Action],
    #[serde(skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "ts", ts(as = "Option<i32>", optional))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i32>))]
    pub muggins: i32,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<u8>>", optional))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
    pub out: &'a [u8],
    pub phase: Phase,
    /// Six-love games only, with `stake`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub playoff: Option<bool>,
    pub result: Option<&'a HandResult>,
    pub rules: RulesSpec,
    pub scores: &'a [i32],
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seat: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub skunk: Option<SkunkReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stake: Option<i32>,
    pub to_act: Option<u8>,
    /// The trains family only: open trains, the Mexican train, what is owed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub trains: Option<&'a TrainsState>,
    /// Present once the match is over: the winning side, or null for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub winner: Option<Winner>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// `{"side": s}` for a winning side, `null` when nobody won.
impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Side {
            side: usize,
        }
        self.side().map(|side| Side { side }).serialize(s)
    }
}

impl Drawn {
    /// The tiles of each chain in order, rebuilt from a hand's history on
    /// a layout of `kind`.
    pub fn from_history(kind: LayoutKind, history: &[Entry]) -> Drawn {
        let mut layout = Layout::new(kind);
        let mut chains: Vec<(Vec<Tile>, Option<Tile>)> = Vec::new();
        for e in history {
            let Action::Play { tile, end, .. } = e.action else {
                continue;
            };
            match end {
                None => {
                    layout.pose(tile);
                    for _ in 0..layout.chains().len() {
                        chains.push((Vec::new(), Some(tile)));
                    }
                }
                Some(id) => {
                    layout.place(tile, id);
                    if let Some(c) = chains.get_mut(id as usize) {
                        c.0.push(tile);
                    }
                    while chains.len() < layout.chains().len() {
                        let from = if tile.is_double() {
                            tile
                        } else {
                            layout.posed().unwrap_or(tile)
                        };
                        chains.push((Vec::new(), Some(from)));
                    }
                }
            }
        }
        Drawn {
            chains: chains
                .into_iter()
                .enumerate()
                .map(|(id, (tiles, from))| DrawnChain {
                    from,
                    id,
                    pips: layout.chains().get(id).map(|c| c.pips),
                    tiles,
                })
                .collect(),
            posed: layout.posed(),
        }
    }
}
