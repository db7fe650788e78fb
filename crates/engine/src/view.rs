//! What one seat may know, and the protocol's state JSON.
//!
//! [`Match::view`] is the only place that decides visibility: a seat sees its
//! own tiles and public information, and every hand once the hand is over;
//! only the referee view sees the other hands and the boneyard while play is
//! on. The state JSON is written from a [`View`], never from the match, so a
//! seat's JSON cannot contain a tile its view does not hold.

use crate::action::Action;
use crate::behaviour::EndCount;
use crate::deal::MAX_PLAYERS;
use crate::game::{Entry, Match, Phase};
use crate::layout::Layout;
use crate::result::HandResult;
use crate::rules::{Claims, Rules};
use crate::tile::{Tile, TileSet};
use crate::wire::{Drawn, OpenEnd, SeenBoneyard, SeenHand, State};

/// Who is looking.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Everything: the referee, tests, the engine protocol's plain `state`.
    All,
    /// One seat.
    Seat(u8),
    /// Public information only.
    Spectator,
}

/// A seat's (or the referee's, or a spectator's) knowledge of a match.
#[derive(Clone, Debug)]
pub struct View {
    pub rules: Rules,
    pub viewer: Viewer,
    pub hand_number: u32,
    pub phase: Phase,
    pub to_act: Option<u8>,
    /// Each seat's tiles where this viewer may see them.
    pub hands: [Option<TileSet>; MAX_PLAYERS],
    pub hand_sizes: [u32; MAX_PLAYERS],
    /// The boneyard in order, for the referee only.
    pub boneyard: Option<Vec<Tile>>,
    pub boneyard_count: usize,
    pub layout: Layout,
    /// The current hand's actions; draws carry no tile.
    pub history: Vec<Entry>,
    /// The tiles the viewing seat drew this hand, in the order of its
    /// `draw` entries in `history` (a seat's view only: its own draws are
    /// its own knowledge; empty for the referee and spectators).
    pub drew: Vec<Tile>,
    pub scores: Vec<i32>,
    pub result: Option<HandResult>,
    /// The legal actions, when this viewer is the seat to act (or the referee).
    pub legal: Vec<Action>,
    pub muggins: i32,
    pub out: Vec<u8>,
    pub stake: i32,
    pub playoff: bool,
    pub winner: Option<crate::behaviour::Winner>,
    /// Club fives: the skunk the match ended with.
    pub skunk: Option<crate::event::SkunkReport>,
    pub seed: Option<u64>,
    /// Whether the state tells the open ends' total (the fives games,
    /// unless the player is to claim the points).
    pub shows_total: bool,
    /// The trains family: open trains, the Mexican train, what is owed.
    pub trains: Option<crate::wire::TrainsState>,
}

impl Match {
    /// What `viewer` may know now.
    pub fn view(&self, viewer: Viewer) -> View {
        let rules = *self.rules();
        let n = rules.players() as usize;
        let hand = self.hand();
        let over = matches!(self.phase(), Phase::HandOver | Phase::MatchOver);
        let mut hands = [None; MAX_PLAYERS];
        let mut sizes = [0; MAX_PLAYERS];
        for s in 0..n {
            let tiles = hand.hand(s as u8);
            sizes[s] = tiles.len();
            let visible = over
                || match viewer {
                    Viewer::All => true,
                    Viewer::Seat(v) => v as usize == s,
                    Viewer::Spectator => false,
                };
            if visible {
                hands[s] = Some(tiles);
            }
        }
        let to_act = self.to_act();
        let sees_legal = match viewer {
            Viewer::All => true,
            Viewer::Seat(v) => to_act == Some(v),
            Viewer::Spectator => false,
        };
        let legal = if sees_legal {
            let mut moves = crate::MoveList::new();
            self.legal(&mut moves);
            moves.as_slice().to_vec()
        } else {
            Vec::new()
        };
        let all = viewer == Viewer::All;
        View {
            rules,
            viewer,
            hand_number: self.hand_number(),
            phase: self.phase(),
            to_act,
            hands,
            hand_sizes: sizes,
            boneyard: all.then(|| hand.boneyard().to_vec()),
            boneyard_count: hand.boneyard().len(),
            layout: *hand.layout(),
            history: self.history().to_vec(),
            drew: match viewer {
                Viewer::Seat(v) => own_draws(self.history(), hand.drawn_tiles(), v),
                _ => Vec::new(),
            },
            scores: self.scores().to_vec(),
            result: self.result().cloned(),
            legal,
            muggins: if self.phase() == Phase::Play {
                hand.muggins_available()
            } else {
                0
            },
            out: (0..n as u8).filter(|&s| hand.is_out(s)).collect(),
            stake: self.stake(),
            playoff: self.in_playoff(),
            winner: self.winner(),
            skunk: self.skunk(),
            seed: if all { self.seed() } else { None },
            shows_total: rules.ends() != EndCount::Off,
            trains: trains_state(hand),
        }
    }

    /// The protocol's state JSON for `viewer`.
    pub fn state_json(&self, viewer: Viewer) -> serde_json::Value {
        self.view(viewer).to_json()
    }

    /// What a person at `seat` is shown: the seat's view less any hint of
    /// points to claim where the rules leave claiming to the player (claims
    /// `muggins` or `strict`): no claiming twin of a play, no muggins
    /// action, no muggins amount. Seeing that a play scores is the player's
    /// own work there, as at a real table; a program at the seat (a bot, the
    /// engine protocol) keeps them in [`Match::view`] and [`Match::seat_view`],
    /// since it acts only from its list of legal actions.
    pub fn player_view(&self, seat: u8) -> View {
        let mut view = self.view(Viewer::Seat(seat));
        if view.rules.claims() != Claims::Auto {
            view.legal.retain(|a| !a.is_claim_hint());
            view.muggins = 0;
            view.shows_total = false;
        }
        view
    }
}

/// The tiles `seat` drew, in order: the `k`th draw of `history` took
/// `drawn[k]`. Nothing is allocated when nobody has drawn.
fn own_draws(history: &[Entry], drawn: &[Tile], seat: u8) -> Vec<Tile> {
    if drawn.is_empty() {
        return Vec::new();
    }
    history
        .iter()
        .filter(|e| e.action == Action::Draw)
        .zip(drawn)
        .filter(|(e, _)| e.seat == seat)
        .map(|(_, &t)| t)
        .collect()
}

impl View {
    /// The protocol's state object for this view.
    pub fn wire(&self) -> State<'_> {
        let n = self.rules.players() as usize;
        let six_love = self.rules.is_six_love();
        State {
            boneyard: match &self.boneyard {
                Some(b) => SeenBoneyard::Tiles(b),
                None => SeenBoneyard::Count(self.boneyard_count),
            },
            ends: if self.layout.posed().is_some() {
                self.layout
                    .chains()
                    .iter()
                    .enumerate()
                    .map(|(id, c)| OpenEnd { id, pips: c.pips })
                    .collect()
            } else {
                Vec::new()
            },
            ends_total: (self.shows_total && self.layout.posed().is_some())
                .then(|| self.layout.ends_total()),
            hand_number: self.hand_number,
            hands: (0..n)
                .map(|s| match self.hands[s] {
                    Some(t) => SeenHand::Tiles(t.iter().collect()),
                    None => SeenHand::Count(self.hand_sizes[s]),
                })
                .collect(),
            history: &self.history,
            drew: &self.drew,
            layout: self.drawn(),
            legal: &self.legal,
            muggins: self.muggins,
            out: &self.out,
            phase: self.phase,
            playoff: six_love.then_some(self.playoff),
            result: self.result.as_ref(),
            rules: self.rules.spec(),
            scores: &self.scores,
            seat: match self.viewer {
                Viewer::Seat(s) => Some(s),
                _ => None,
            },
            seed: self.seed,
            skunk: self.skunk,
            stake: six_love.then_some(self.stake),
            to_act: self.to_act,
            trains: self.trains.as_ref(),
            winner: self.winner,
        }
    }

    /// The protocol's state object as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.wire()).unwrap_or(serde_json::Value::Null)
    }

    /// The tiles of each chain in order, rebuilt from the history, for drawing.
    pub fn drawn(&self) -> Drawn {
        Drawn::from_history(self.rules.layout(), &self.history)
    }
}

/// What one seat may know, and nothing more: the only input a computer
/// player gets. It can be built only by [`Match::seat_view`], which always
/// looks through [`Viewer::Seat`], so code holding a `SeatView` cannot reach
/// another seat's tiles or the boneyard's order while the hand is played.
#[derive(Clone, Debug)]
pub struct SeatView {
    view: View,
    seat: u8,
}

impl Match {
    /// What `seat` may know now, as a [`SeatView`].
    pub fn seat_view(&self, seat: u8) -> SeatView {
        SeatView {
            view: self.view(Viewer::Seat(seat)),
            seat,
        }
    }
}

impl SeatView {
    /// A seat's view read back from what the seat was sent
    /// ([`crate::seen`]): it holds only what that seat was shown.
    pub(crate) fn from_seen(view: View, seat: u8) -> SeatView {
        SeatView { view, seat }
    }

    /// The seat looking.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    pub fn rules(&self) -> &Rules {
        &self.view.rules
    }

    pub fn hand_number(&self) -> u32 {
        self.view.hand_number
    }

    pub fn phase(&self) -> Phase {
        self.view.phase
    }

    pub fn to_act(&self) -> Option<u8> {
        self.view.to_act
    }

    /// The seat's own tiles.
    pub fn hand(&self) -> TileSet {
        self.view.hands[self.seat as usize].unwrap_or_default()
    }

    /// How many tiles each seat holds, by seat.
    pub fn hand_sizes(&self) -> &[u32] {
        &self.view.hand_sizes[..self.view.rules.players() as usize]
    }

    /// Tiles left in the boneyard (drawable or not).
    pub fn boneyard_count(&self) -> usize {
        self.view.boneyard_count
    }

    pub fn layout(&self) -> &Layout {
        &self.view.layout
    }

    /// The current hand's actions in order; draws carry no tile.
    pub fn history(&self) -> &[Entry] {
        &self.view.history
    }

    /// The tiles this seat drew this hand, in the order of its `draw`
    /// entries in [`SeatView::history`]; empty when it drew none, or when
    /// read from a state written before states carried them.
    pub fn drew(&self) -> &[Tile] {
        &self.view.drew
    }

    /// Match scores by side.
    pub fn scores(&self) -> &[i32] {
        &self.view.scores
    }

    /// The legal actions, when this seat is to act (else empty).
    pub fn legal(&self) -> &[Action] {
        &self.view.legal
    }

    /// Points the seat may take by muggins now.
    pub fn muggins(&self) -> i32 {
        self.view.muggins
    }

    /// Seats out of play (both partners out).
    pub fn out(&self) -> &[u8] {
        &self.view.out
    }

    /// What the next six-love hand is worth.
    pub fn stake(&self) -> i32 {
        self.view.stake
    }

    pub fn in_playoff(&self) -> bool {
        self.view.playoff
    }

    /// The result of the hand, once it is over.
    pub fn result(&self) -> Option<&HandResult> {
        self.view.result.as_ref()
    }

    /// The layout's chains for drawing.
    pub fn drawn(&self) -> Drawn {
        self.view.drawn()
    }

    /// The protocol's state object for this seat.
    pub fn wire(&self) -> State<'_> {
        self.view.wire()
    }

    /// The protocol's state JSON for this seat.
    pub fn to_json(&self) -> serde_json::Value {
        self.view.to_json()
    }
}

/// What a client shows of the trains beyond the chains (the trains family;
/// `None` in the other games): each player's train is the chain of the
/// seat's number, then the Mexican train's.
fn trains_state(hand: &crate::hand::Hand) -> Option<crate::wire::TrainsState> {
    let kind = hand.layout().kind();
    if !kind.is_trains() {
        return None;
    }
    let players = hand.rules().players();
    let bits = |mut m: u32| {
        let mut v = Vec::new();
        while m != 0 {
            v.push(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        v
    };
    let mexican = match kind {
        crate::rules::LayoutKind::Trains { trains } => trains > players,
        _ => false,
    };
    Some(crate::wire::TrainsState {
        mexican: mexican.then_some(players as usize),
        open: (0..players).filter(|&s| hand.train_open(s)).collect(),
        owed: bits(hand.layout().owed()),
        chaining: hand.chaining(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesSpec;
    use serde_json::json;

    fn all_fives(claims: &str) -> Match {
        let spec: RulesSpec = serde_json::from_value(
            json!({"preset": "all-fives", "players": 2, "options": {"claims": claims}}),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let rules = spec.resolve().unwrap_or_else(|e| panic!("{e}"));
        Match::new(rules, Some(3), None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Play never claiming until the seat to act may take muggins, checking
    /// the player's view at every step; whether muggins was reached.
    fn play_unclaimed(m: &mut Match, check: impl Fn(&Match, u8)) -> bool {
        for _ in 0..200 {
            if m.phase() != Phase::Play {
                return false;
            }
            let seat = m.to_act().unwrap_or(0);
            check(m, seat);
            if m.hand().muggins_available() > 0 {
                return true;
            }
            let mut moves = crate::MoveList::new();
            m.legal(&mut moves);
            let a = moves.iter().copied().find(|a| !a.is_claim_hint());
            m.act(a.unwrap_or(Action::Pass), &mut ())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        false
    }

    #[test]
    fn a_player_is_not_told_of_points_to_claim_when_claims_are_by_hand() {
        let mut m = all_fives("muggins");
        let hinted = std::cell::Cell::new(0);
        let reached = play_unclaimed(&mut m, |m, seat| {
            let seat_view = m.view(Viewer::Seat(seat));
            if seat_view.legal.iter().any(|a| a.is_claim_hint()) {
                hinted.set(hinted.get() + 1);
            }
            let shown = m.player_view(seat);
            let state = shown.to_json();
            let legal = state["legal"].to_string();
            assert!(
                !legal.contains("claim") && !legal.contains("muggins"),
                "{legal}"
            );
            assert!(state.get("muggins").is_none(), "{state}");
            // Everything else is the seat's view.
            let mut plain = seat_view;
            plain.legal.retain(|a| !a.is_claim_hint());
            plain.muggins = 0;
            // Nor the ends' total: counting is the player's job too.
            plain.shows_total = false;
            assert_eq!(plain.to_json(), shown.to_json());
        });
        assert!(reached, "seed 3 leaves points unclaimed");
        assert!(hinted.get() > 0, "the seat's view had hints to hide");
        let seat = m.to_act().unwrap_or(0);
        // The program at the seat still sees muggins; the person does not.
        assert!(m.view(Viewer::Seat(seat)).legal.contains(&Action::Muggins));
        assert!(!m.player_view(seat).legal.contains(&Action::Muggins));
    }

    #[test]
    fn with_points_credited_the_player_sees_the_seats_view() {
        let mut m = all_fives("auto");
        play_unclaimed(&mut m, |m, seat| {
            assert_eq!(
                m.player_view(seat).to_json(),
                m.view(Viewer::Seat(seat)).to_json()
            );
        });
    }
}
