//! Stable integer ids for actions, the one encoding every Python API uses.
//!
//! For a game whose set has `T` tiles, whose layout can hold `E` chains and
//! whose claims option is `C` (1, or 2 when plays may be claimed):
//!
//! - a play of tile `t` (its index in the set's order: 0-0, 1-0, 1-1, 2-0,
//!   ...) on slot `s` (0 for the pose, `1 + e` for chain `e`) with claim
//!   bit `c` is `(t * (1 + E) + s) * C + c`;
//! - then, from `P = T * (1 + E) * C`: pass is `P`, draw `P + 1`, muggins
//!   `P + 2`, and "seat `k` poses" is `P + 3 + k`.
//!
//! Ids never change while a game is played, so a policy's output layer can
//! be indexed by them directly.

use domino_engine::rules::{Claims, LayoutKind};
use domino_engine::set_size;
use domino_engine::{Action, Rules, Tile};

/// The action encoding of one set of rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Codec {
    tiles: usize,
    slots: usize,
    claims: usize,
    players: usize,
}

/// Most chains a layout of these rules can open.
pub fn max_chains(rules: &Rules) -> usize {
    match rules.layout() {
        LayoutKind::Line => 2,
        LayoutKind::FirstDoubleSpinner | LayoutKind::Cross | LayoutKind::French => 4,
        // The cross's four, then two for every other double of the set.
        LayoutKind::CrossEveryDouble => 4 + 2 * rules.max_pip() as usize,
        // A train per player (and the Mexican train); the centre's sides,
        // then a chicken foot's toes.
        LayoutKind::Trains { trains } => trains as usize,
        LayoutKind::ChickenFoot { centre } => centre as usize + 2 * rules.max_pip() as usize,
    }
}

impl Codec {
    pub fn new(rules: &Rules) -> Codec {
        Codec {
            tiles: set_size(rules.max_pip()),
            slots: 1 + max_chains(rules),
            claims: if rules.claims() == Claims::Auto { 1 } else { 2 },
            players: rules.players() as usize,
        }
    }

    /// Ids of plays: everything below is a play.
    fn plays(&self) -> usize {
        self.tiles * self.slots * self.claims
    }

    /// How many ids there are: every id is below this.
    pub fn num_actions(&self) -> usize {
        self.plays() + 3 + self.players
    }

    pub fn encode(&self, a: Action) -> usize {
        let p = self.plays();
        match a {
            Action::Play { tile, end, claim } => {
                let slot = end.map_or(0, |e| 1 + e as usize);
                (tile.index() * self.slots + slot) * self.claims
                    + usize::from(claim && self.claims == 2)
            }
            Action::Pass => p,
            Action::Draw => p + 1,
            Action::Muggins => p + 2,
            Action::ChoosePoser { seat } => p + 3 + seat as usize,
        }
    }

    /// The action an id names, if any (whether it is legal now is the
    /// match's question).
    pub fn decode(&self, id: usize) -> Option<Action> {
        let p = self.plays();
        if id < p {
            let claim = id % self.claims == 1;
            let rest = id / self.claims;
            let (t, slot) = (rest / self.slots, rest % self.slots);
            let tile = Tile::from_index(t)?;
            let end = (slot > 0).then(|| (slot - 1) as u8);
            return Some(Action::Play { tile, end, claim });
        }
        match id - p {
            0 => Some(Action::Pass),
            1 => Some(Action::Draw),
            2 => Some(Action::Muggins),
            k if k - 3 < self.players => Some(Action::ChoosePoser {
                seat: (k - 3) as u8,
            }),
            _ => None,
        }
    }
}
