//! What a seat can work out from its view: the tiles it has not seen, the
//! tiles each player has shown it cannot hold (from passes and draws), the
//! numbers each player showed it likes, and each player's draws.

use domino_engine::rules::{FirstTurn, LayoutKind};
use domino_engine::{
    first_rule, Action, Layout, NextPose, PoseRule, Rules, SeatView, Tile, TileSet, MAX_PIP,
};

/// The engine double of the hand a seat of the trains family sees (none
/// in the other games): whoever won, each hand's is one below the last's.
pub(crate) fn hand_engine(view: &SeatView) -> Option<Tile> {
    let rules = view.rules();
    match (rules.next_pose(), first_rule(rules)) {
        (NextPose::FallingEngine, PoseRule::Engine(start)) => {
            let down = view.hand_number().saturating_sub(1).min(u32::from(MAX_PIP)) as u8;
            Some(Tile::double(start.high().saturating_sub(down)))
        }
        _ => None,
    }
}

/// Most players any preset allows.
pub const MAX_SEATS: usize = 8;

/// One action of the current hand, with the tiles the layout accepted just
/// before it.
#[derive(Copy, Clone, Debug)]
pub struct Step {
    pub seat: u8,
    pub action: Action,
    /// Every tile that could have been laid somewhere at that moment.
    pub playable: TileSet,
}

/// A seat's deductions about the hand being played.
#[derive(Clone, Debug)]
pub struct Knowledge {
    pub me: u8,
    pub players: u8,
    /// The seat's own tiles.
    pub mine: TileSet,
    /// Tiles on the table.
    pub board: TileSet,
    /// Tiles neither held by this seat nor on the table.
    pub unseen: TileSet,
    /// Each seat's plays, in order.
    pub played: Vec<Vec<Tile>>,
    /// Tiles each seat surely does not hold now: what it could not play
    /// when it passed or drew (reset at a draw, since a drawn tile may bring
    /// back a number it lacked before).
    pub lacks: [TileSet; MAX_SEATS],
    /// Numbers each seat chose to leave showing (bit n for number n).
    pub shown: [u16; MAX_SEATS],
    /// The hand's actions with the layout before each, ChoosePoser left out.
    pub steps: Vec<Step>,
    /// The seat that posed, once someone has.
    pub poser: Option<u8>,
}

/// Who could lay what in a hand of the trains family, step by step: a
/// seat lays only on the chains open to it (its own train, the Mexican
/// train, the open trains, or the owed chains first), and before the
/// engine is down it draws for the engine alone. Reading every chain's
/// end instead would say a seat lacked tiles it could not have laid.
struct Trains {
    players: u8,
    /// The trains open to all, one bit each, as far as the view tells.
    open: u16,
    /// Whether a first turn may lay a chain on the seat's own train,
    /// ended by a pass of its choice.
    chain_turns: bool,
    /// The hand's engine double, the one tile a seat draws for before it
    /// is down.
    engine: Option<Tile>,
}

impl Trains {
    fn of(rules: &Rules, view: &SeatView) -> Option<Trains> {
        let kind = rules.layout();
        if !kind.is_trains() {
            return None;
        }
        let mexican = matches!(kind, LayoutKind::Trains { .. });
        Some(Trains {
            players: rules.players(),
            open: if mexican && rules.open_trains_start() {
                (1u16 << rules.players()) - 1
            } else {
                0
            },
            chain_turns: mexican && rules.first_turn() == FirstTurn::Chain,
            engine: view.layout().posed().or(hand_engine(view)),
        })
    }

    /// The tiles `seat` could have laid before `action` (`prev` the step
    /// before it), and what the action opens or closes. Where the view
    /// cannot tell, fewer tiles: a deal is then checked by its replay.
    fn step(
        &mut self,
        layout: &Layout,
        seat: u8,
        action: Action,
        prev: Option<(u8, Action)>,
    ) -> TileSet {
        if layout.posed().is_none() {
            return self.engine.map_or(TileSet::EMPTY, |t| t.bit());
        }
        // A pass straight after the seat's own play may end a first
        // turn's chain: its choice, telling nothing, opening nothing.
        let chosen_pass = action == Action::Pass
            && self.chain_turns
            && matches!(prev, Some((p, Action::Play { .. })) if p == seat);
        let playable = if chosen_pass {
            TileSet::EMPTY
        } else {
            layout.accepts_on(layout.chains_open_to(seat, self.players, self.open, false))
        };
        let bit = 1u16 << seat;
        match action {
            Action::Pass if !chosen_pass => self.open |= bit,
            Action::Play { end: Some(e), .. } if e == seat => self.open &= !bit,
            _ => {}
        }
        playable
    }
}

impl Knowledge {
    pub fn new(view: &SeatView) -> Knowledge {
        let rules = view.rules();
        let me = view.seat();
        let mut layout = Layout::new(rules.layout());
        let mut played = vec![Vec::new(); rules.players() as usize];
        let mut lacks = [TileSet::EMPTY; MAX_SEATS];
        let mut shown = [0u16; MAX_SEATS];
        let mut steps = Vec::with_capacity(view.history().len());
        let mut poser = None;
        let mut prev: Option<(u8, Action)> = None;
        let mut trains = Trains::of(rules, view);
        for e in view.history() {
            let s = e.seat as usize;
            if matches!(e.action, Action::ChoosePoser { .. }) {
                continue;
            }
            let playable = match trains.as_mut() {
                Some(t) => t.step(&layout, e.seat, e.action, prev),
                None => layout.playable(),
            };
            steps.push(Step {
                seat: e.seat,
                action: e.action,
                playable,
            });
            match e.action {
                Action::Play { tile, end, .. } => {
                    match end {
                        None => {
                            poser = Some(e.seat);
                            layout.pose(tile);
                            shown[s] |= (1 << tile.high()) | (1 << tile.low());
                        }
                        Some(id) => {
                            let pips = layout.chains().get(id as usize).map_or(0, |c| c.pips);
                            layout.place(tile, id);
                            shown[s] |= 1 << tile.other(pips);
                        }
                    }
                    if s < played.len() {
                        played[s].push(tile);
                    }
                }
                Action::Draw => {
                    // The first draw of a turn starts a fresh record of what
                    // the seat lacks: earlier draws may have brought numbers.
                    let same_turn = matches!(prev, Some((p, Action::Draw)) if p == e.seat);
                    if !same_turn {
                        lacks[s] = TileSet::EMPTY;
                    }
                    lacks[s] |= playable;
                }
                Action::Pass => {
                    // Whatever it held could not go anywhere, and nothing
                    // came in since its last draw.
                    lacks[s] |= playable;
                }
                _ => {}
            }
            prev = Some((e.seat, e.action));
        }
        let mine = view.hand();
        let board = view.layout().board();
        Knowledge {
            me,
            players: rules.players(),
            mine,
            board,
            unseen: rules.tiles().minus(mine).minus(board),
            played,
            lacks,
            shown,
            steps,
            poser,
        }
    }

    /// Unseen tiles that `seat` might hold.
    pub fn possible(&self, seat: u8) -> TileSet {
        self.unseen.minus(self.lacks[seat as usize])
    }

    /// Whether `seat` surely holds no tile of number `n` that could be played on it.
    pub fn lacks_number(&self, seat: u8, n: u8) -> bool {
        self.possible(seat).intersect(TileSet::suit(n)).is_empty()
    }
}
