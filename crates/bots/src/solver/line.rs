//! The solver's core for the plain line games, where nothing scores during
//! play and nobody can draw: Jamaican, the block games once the boneyard is
//! closed, cut-throat and chiva without a boneyard.
//!
//! There the whole future of a hand is each seat's tiles, the two open ends
//! and the seat to act, so the search runs on a small state of its own
//! ([`State`]: the hands as 64-bit masks, the ends, the seat to act) instead
//! of the engine's `Hand`: a child is a copy of that state with one tile
//! moved, the moves are the hand met with the ends' suits, and the table key
//! is kept as the tiles move (a Zobrist key, over the same facts as the
//! engine's [`Hand::search_key`], with the two ends taken in either order and
//! without the passes since the last tile, which decide nothing in these
//! games). A finished hand is valued by the engine's own settling from a
//! [`HandSummary`] built from the state, so every rule of the ending holds.
//! Any other position goes to the engine's path ([`Solver::search`]).

use domino_engine::deal::MAX_PLAYERS;
use domino_engine::rules::{Claims, LayoutKind};
use domino_engine::score::{settle_summary, winner_of};
use domino_engine::{Ending, HandSummary, Rules, Tile, TileSet};

use super::{Objective, Position, Slot, Solver, Window, END_MASK, EXACT, LOWER, TILE_SHIFT};

/// A 64-bit finalizer (splitmix64), for the key tables built at compile time.
const fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = mix(seed ^ mix(i as u64 + 1));
        i += 1;
    }
    t
}

/// Seats the core plays (the lines are games of two to four).
const SEATS: usize = 4;

/// Tiles fit in a `u64` up to double-nine (55 tiles).
const TILES: usize = 64;
/// `TILE_KEYS[seat * 64 + tile]`: the key of `seat` holding `tile`.
static TILE_KEYS: [u64; MAX_PLAYERS * TILES] = table(0x243f_6a88_85a3_08d3);
/// The key of the seat to act.
static SEAT_KEYS: [u64; MAX_PLAYERS] = table(0x1319_8a2e_0370_7344);
/// `END_KEYS[16 * low + high]`: the key of the two open ends, in either
/// order; `END_KEYS[UNPOSED]` before the first tile.
static END_KEYS: [u64; 256] = table(0xa409_3822_299f_31d0);
const UNPOSED: usize = 255;

/// Every tile carrying the number `n`, as a `u64` (sized 16 so a masked
/// index needs no bounds check).
static SUITS: [u64; 16] = {
    let mut s = [0u64; 16];
    let mut n = 0;
    while n < 16 {
        s[n] = TileSet::suit(n as u8).0 as u64;
        n += 1;
    }
    s
};

#[inline(always)]
fn suit(n: u8) -> u64 {
    SUITS[(n & 15) as usize]
}

#[inline(always)]
fn tile_of(index: u32) -> Tile {
    // The index comes from a mask of real tiles.
    Tile::from_index(index as usize).unwrap_or(Tile::double(0))
}

/// A move, as the table stores an action ([`super::encode`]): a pass, or a
/// tile on end 0 or 1 or posed.
type Move = u16;
const PASS: Move = 1;

#[inline(always)]
fn play_move(t: u32, end: Option<u8>) -> Move {
    let code = match end {
        None => 0,
        Some(e) => u16::from(e) + 1,
    };
    16 + ((t as u16) << TILE_SHIFT | code << 1)
}

/// Everything that changes during the search.
#[derive(Copy, Clone, Debug)]
pub(super) struct State {
    hands: [u64; SEATS],
    /// Every tile held by some seat.
    in_play: u64,
    /// Every tile on the table.
    board: u64,
    ends: [u8; 2],
    posed: bool,
    to_act: u8,
    end: Option<Ending>,
    /// The Zobrist key of the hands and the seat to act.
    key: u64,
}

/// What stays fixed through a search.
#[derive(Copy, Clone, Debug)]
pub(super) struct Fixed {
    rules: Rules,
    players: u8,
    /// Tiles the poser may pose (the root's, when nothing is on the table).
    pose: u64,
    /// The points, penalties and board passes the hand had made at the root.
    made: HandSummary,
    hand_number: u32,
    salt: u64,
    /// Whether the seat after each seat is on its side.
    mate_next: [bool; MAX_PLAYERS],
    /// Whether each seat plays for the side searched for.
    ours: [bool; MAX_PLAYERS],
    /// What a double adds to a play's weight in the order.
    double_first: i32,
    /// Positions with at most this many tiles in hand skip the table.
    shallow: u32,
}

impl Fixed {
    /// The line core's view of a position, or `None` where it does not
    /// hold every rule that could still act (the engine's path does).
    pub(super) fn of(pos: &Position, side: usize, salt: u64) -> Option<(Fixed, State)> {
        let hand = &pos.hand;
        let rules = hand.rules();
        let usable = !hand.is_over()
            && rules.layout() == LayoutKind::Line
            && hand.layout().kind() == LayoutKind::Line
            && usize::from(rules.max_pip()) <= 9
            && usize::from(rules.players()) <= SEATS
            && rules.claims() == Claims::Auto
            && !rules.scores_ends()
            && rules.pass_points() == 0
            && !rules.pass_penalties()
            && !(rules.both_partners_out() && rules.partners())
            && !hand.can_draw()
            && hand.muggins_state().0 == 0
            && (0..rules.players())
                .all(|s| !hand.is_out(s) && (hand.hand(s).len() as usize) < MOST);
        if !usable {
            return None;
        }
        let players = rules.players();
        let posed = hand.layout().posed().is_some();
        let (ends, pose) = if posed {
            match hand.layout().chains() {
                [c0, c1] => ([c0.pips, c1.pips], 0),
                _ => return None,
            }
        } else {
            let pose = hand.playable(hand.to_act()).0 as u64;
            if pose == 0 {
                return None;
            }
            ([0, 0], pose)
        };
        let mut hands = [0u64; SEATS];
        let mut key = 0;
        for s in 0..players {
            let h = hand.hand(s).0 as u64;
            hands[s as usize] = h;
            let mut m = h;
            while m != 0 {
                key ^= TILE_KEYS[s as usize * TILES + m.trailing_zeros() as usize];
                m &= m - 1;
            }
        }
        let in_play = hands.iter().fold(0, |a, &h| a | h);
        let to_act = hand.to_act();
        key ^= SEAT_KEYS[to_act as usize];
        let mut mate_next = [false; MAX_PLAYERS];
        for s in 0..players {
            mate_next[s as usize] = rules.side_of((s + 1) % players) == rules.side_of(s);
        }
        let mut ours = [false; MAX_PLAYERS];
        for s in 0..players {
            ours[s as usize] = rules.side_of(s) == side;
        }
        let mut made = HandSummary::of(hand);
        made.end = None;
        let fixed = Fixed {
            rules: *rules,
            players,
            pose,
            made,
            hand_number: pos.hand_number,
            // Apart from the engine's keys, which may share the table.
            salt: salt ^ 0x4528_21e6_38d0_1377,
            mate_next,
            ours,
            // Measured: doubles first save nodes in win/tie/loss searches
            // (jamaican) and cost them in points searches (block).
            double_first: match Objective::of(rules) {
                Objective::Outcome => 13,
                Objective::Points { .. } => 0,
            },
            // As the engine path's cut (`Solver::begin`), further up: a
            // node here costs a third of one there, so a probe of the
            // table (a cache miss) pays later. Five sevenths of the tiles
            // dealt (20 in jamaican) measured best, against a half (14)
            // and against 11 to 26.
            shallow: match Objective::of(rules) {
                Objective::Outcome => u32::from(rules.hand_size()) * u32::from(players) * 5 / 7,
                Objective::Points { .. } => 0,
            },
        };
        let state = State {
            hands,
            in_play,
            board: hand.layout().board().0 as u64,
            ends,
            posed,
            to_act,
            end: None,
            key,
        };
        Some((fixed, state))
    }

    /// The table key of a state.
    #[inline(always)]
    pub(super) fn key(&self, s: &State) -> u64 {
        let ends = if s.posed {
            let (a, b) = (s.ends[0].min(s.ends[1]), s.ends[0].max(s.ends[1]));
            END_KEYS[(16 * a as usize + b as usize) & 255]
        } else {
            END_KEYS[UNPOSED]
        };
        self.salt ^ s.key ^ ends
    }

    #[inline(always)]
    fn next(&self, seat: u8) -> u8 {
        if seat + 1 == self.players {
            0
        } else {
            seat + 1
        }
    }

    /// The state after a move of the seat to act.
    #[inline(always)]
    fn after(&self, s: &State, m: Move) -> State {
        let mut c = *s;
        let seat = s.to_act;
        let next = self.next(seat);
        c.key ^= SEAT_KEYS[seat as usize & (SEATS - 1)] ^ SEAT_KEYS[next as usize & (SEATS - 1)];
        c.to_act = next;
        if m == PASS {
            return c;
        }
        let t = u32::from((m - 16) >> TILE_SHIFT);
        let code = ((m - 16) >> 1) & END_MASK;
        let tile = tile_of(t);
        let bit = 1u64 << t;
        let held = &mut c.hands[seat as usize & (SEATS - 1)];
        let last = *held == bit;
        *held ^= bit;
        c.in_play ^= bit;
        c.key ^= TILE_KEYS[(seat as usize & (SEATS - 1)) * TILES + t as usize];
        let (mut key_tile, mut capicu) = (false, false);
        if code == 0 {
            c.posed = true;
            c.ends = [tile.high(), tile.low()];
        } else {
            let e = usize::from(code - 1) & 1;
            if last {
                (key_tile, capicu) = self.key_and_capicu(s, tile);
            }
            c.ends[e] = tile.other(c.ends[e]);
        }
        c.board |= bit;
        if last {
            c.end = Some(Ending::Domino {
                seat,
                tile,
                key_tile,
                capicu,
            });
        } else if c.in_play & (suit(c.ends[0]) | suit(c.ends[1])) == 0 {
            c.end = Some(Ending::Blocked);
        }
        c
    }

    /// The engine's facts of a last tile laid on an end: whether it fitted
    /// both ends (capicú) and was the last tile that could (the key tile).
    fn key_and_capicu(&self, s: &State, tile: Tile) -> (bool, bool) {
        let [a, b] = s.ends;
        if tile.is_double() || a == b || tile != Tile::new(a, b) {
            return (false, false);
        }
        let left = (suit(a) | suit(b)) & (self.rules.tiles().0 as u64) & !s.board;
        (left == 1u64 << tile.index(), true)
    }

    /// The summary of a finished hand, as the engine would make it.
    fn summary(&self, s: &State, end: Ending) -> HandSummary {
        let hands = (0..self.players as usize).map(|seat| TileSet(u128::from(s.hands[seat])));
        self.made.ended(&self.rules, end, hands)
    }
}

/// Most moves a node can have: a hand's tiles, and one of them (the tile
/// showing both ends' numbers) twice.
const MOST: usize = 32;

/// Moves of one node.
struct Moves {
    list: [Move; MOST],
    len: usize,
}

impl Solver {
    /// The value of a finished hand, everything counted, minus what was
    /// made before the root (as the engine's path's `terminal - current`).
    fn line_terminal(&self, f: &Fixed, s: &State, end: Ending) -> i32 {
        match self.objective {
            Objective::Outcome => {
                let side = match end {
                    Ending::Domino { seat, .. } => Some(f.rules.side_of(seat)),
                    Ending::Blocked => winner_of(&f.rules, &f.summary(s, end)).0,
                };
                match side {
                    Some(x) if x == self.side => 1,
                    Some(_) => -1,
                    None => 0,
                }
            }
            Objective::Points { low_wins } => {
                let r = settle_summary(&f.rules, &f.summary(s, end), f.hand_number);
                self.diff(&r.points, low_wins) - self.line_base
            }
        }
    }

    /// The moves worth searching, in the engine's order: end 0's tiles,
    /// then end 1's (not when both ends show the same number: the two
    /// results are one position), or the pose, or a pass.
    #[inline(always)]
    fn line_moves(f: &Fixed, s: &State, out: &mut Moves) {
        out.len = 0;
        let held = s.hands[s.to_act as usize & (SEATS - 1)];
        let mut push = |m: u64, end: Option<u8>| {
            let mut m = m;
            while m != 0 {
                out.list[out.len & (MOST - 1)] = play_move(m.trailing_zeros(), end);
                out.len += 1;
                m &= m - 1;
            }
        };
        if !s.posed {
            push(held & f.pose, None);
        } else {
            let [a, b] = s.ends;
            push(held & suit(a), Some(0));
            if a != b {
                push(held & suit(b), Some(1));
            }
        }
        if out.len == 0 {
            out.list[0] = PASS;
            out.len = 1;
        }
    }

    /// Put the hinted move first, then the others by weights like the
    /// engine path's (`super::order`): plays that leave the next seat the
    /// fewest tiles to answer with first when it is an opponent, the most
    /// when a partner, then heavier tiles and (win/tie/loss) doubles. The
    /// engine path stops counting answers at 3; counting them all (up to
    /// 7) cut the 14-tile block game's nodes by two thirds.
    #[inline(always)]
    fn line_order(f: &Fixed, s: &State, moves: &mut Moves, hint: Move) {
        let list = &mut moves.list[..moves.len];
        let mut start = 0;
        if hint != 0 {
            if let Some(i) = list.iter().position(|&m| m == hint) {
                list.swap(0, i);
                start = 1;
            }
        }
        let rest = &mut list[start..];
        if rest.len() < 2 {
            return;
        }
        let me = s.to_act;
        let sign = if f.mate_next[me as usize & (SEATS - 1)] {
            1
        } else {
            -1
        };
        let theirs = s.hands[f.next(me) as usize & (SEATS - 1)];
        let [a, b] = s.ends;
        let mut keys = [0i32; MOST];
        for (k, &m) in keys.iter_mut().zip(rest.iter()) {
            let t = tile_of(u32::from((m - 16) >> TILE_SHIFT));
            let open = match ((m - 16) >> 1) & END_MASK {
                0 => suit(t.high()) | suit(t.low()),
                1 => suit(t.other(a)) | suit(b),
                _ => suit(a) | suit(t.other(b)),
            };
            let answers = (theirs & open).count_ones().min(7) as i32;
            let w = sign * answers * 64
                + i32::from(t.pips())
                + if t.is_double() { f.double_first } else { 0 };
            *k = -w;
        }
        // Insertion sort: the lists are short.
        for i in 1..rest.len() {
            let mut j = i;
            while j > 0 && keys[j - 1] > keys[j] {
                keys.swap(j - 1, j);
                rest.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// [`Solver::search`] on the line core's state: the same search (null
    /// windows for outcomes, principal variation for points, the same table
    /// bounds and the same shallow cut), node for node.
    pub(super) fn line_search(
        &mut self,
        f: &Fixed,
        s: &State,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if let Some(end) = s.end {
            return self.line_terminal(f, s, end);
        }
        if self.kept.stop.node() {
            return 0;
        }
        let mut moves = Moves {
            list: [0; MOST],
            len: 0,
        };
        Self::line_moves(f, s, &mut moves);
        let me = s.to_act;
        let maximizing = f.ours[me as usize & (SEATS - 1)];
        let outcome = self.objective == Objective::Outcome;
        // Playing the last tile wins the hand outright.
        let domino = outcome && s.hands[me as usize & (SEATS - 1)].count_ones() == 1;
        let win = if maximizing { 1 } else { -1 };
        if domino && moves.list[0] != PASS {
            return win;
        }
        if moves.len == 1 {
            let c = f.after(s, moves.list[0]);
            return self.line_search(f, &c, alpha, beta);
        }
        // Near the end of the hand a subtree is cheaper to search again
        // than a probe of the table, which is a cache miss.
        let tabled = s.in_play.count_ones() > f.shallow;
        let key = if tabled { f.key(s) } else { 0 };
        let mut hint = 0;
        if tabled {
            let slot = self.kept.table.get(key);
            if slot.key == key && slot.flag != 0 && slot.generation == self.generation {
                match slot.flag {
                    EXACT => return slot.value,
                    LOWER => alpha = alpha.max(slot.value),
                    _ => beta = beta.min(slot.value),
                }
                if alpha >= beta {
                    return slot.value;
                }
                hint = slot.best;
            }
        }
        Self::line_order(f, s, &mut moves, hint);
        let mut w = Window::new(alpha, beta, maximizing, outcome, moves.list[0]);
        for i in 0..moves.len {
            let m = moves.list[i];
            let c = f.after(s, m);
            let v = if w.null_first(i) {
                let (lo, hi) = w.null();
                let t = self.line_search(f, &c, lo, hi);
                if !self.kept.stop.aborted && w.inside(t) {
                    self.line_search(f, &c, w.alpha, w.beta)
                } else {
                    t
                }
            } else {
                self.line_search(f, &c, w.alpha, w.beta)
            };
            if self.kept.stop.aborted {
                return 0;
            }
            if w.take(v, m) {
                break;
            }
        }
        if tabled {
            self.kept.table.put(
                key,
                Slot {
                    key,
                    value: w.best,
                    flag: w.flag(),
                    generation: self.generation,
                    best: w.best_move,
                },
            );
        }
        w.best
    }
}

#[cfg(test)]
mod tests {
    //! The line core against the engine's path, action by action, on random
    //! positions of every kind of game it serves.
    #![allow(clippy::unwrap_used)]

    use super::super::{Position, Solver};
    use super::Fixed;
    use domino_engine::{Match, MoveList, Rules, RulesSpec};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn rules(preset: &str, players: u8, options: &str) -> Rules {
        let mut spec = RulesSpec::preset(preset);
        spec.players = Some(players);
        if let Ok(serde_json::Value::Object(o)) = serde_json::from_str(options) {
            spec.options = o;
        }
        spec.resolve().unwrap()
    }

    /// A fresh deal played at random until at most `left` tiles are held or
    /// still to be drawn.
    fn position(rules: Rules, seed: u64, left: u32) -> Option<Position> {
        let m = Match::new(rules, Some(seed), None).ok()?;
        if m.phase() != domino_engine::Phase::Play {
            return None;
        }
        let mut pos = Position::new(*m.hand(), 1 + (seed % 3) as u32);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = MoveList::new();
        loop {
            if pos.hand.is_over() {
                return None;
            }
            // Tiles still to come: the hands and what may yet be drawn.
            let held: u32 = (0..rules.players()).map(|s| pos.hand.hand(s).len()).sum();
            let drawable = if pos.hand.can_draw() {
                pos.hand.boneyard().len() as u32
            } else {
                0
            };
            if held + drawable <= left {
                return Some(pos);
            }
            pos.hand.legal(&mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            pos.apply(a);
        }
    }

    /// Both paths give every action the same value, and the same value
    /// from one search; `true` when the line core served the position.
    fn same(pos: &Position) -> bool {
        let side = pos.hand.rules().side_of(pos.hand.to_act());
        let mut core = Solver::new(12);
        let mut engine = Solver::new(12);
        engine.use_line = false;
        assert_eq!(core.values(pos, side), engine.values(pos, side));
        core.clear();
        engine.clear();
        let (c, e) = (
            core.solve_value(pos).unwrap(),
            engine.solve_value(pos).unwrap(),
        );
        assert_eq!(c.value, e.value);
        // The best action of either is worth the value.
        let values = engine.values(pos, side).unwrap();
        let worth = |a| values.iter().find(|(b, _)| Some(*b) == a).map(|(_, v)| *v);
        assert_eq!(worth(c.best), Some(c.value));
        Fixed::of(pos, 0, 0).is_some()
    }

    /// Both paths agree on a random position of a game, if the deal
    /// reaches one.
    fn check(rules: Rules, seed: u64, left: u32) {
        if let Some(pos) = position(rules, seed, left) {
            same(&pos);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        #[test]
        fn jamaican_win_tie_loss(seed in any::<u64>(), left in 4u32..=24) {
            let r = rules("jamaican", 4, "{}");
            if let Some(pos) = position(r, seed, left) {
                prop_assert!(same(&pos), "jamaican is a plain line");
            }
        }

        #[test]
        fn cutthroat_and_chiva(seed in any::<u64>(), left in 4u32..=18) {
            check(rules("cutthroat", 3, "{}"), seed, left);
            check(rules("cutthroat", 2, "{}"), seed, left);
            check(rules("chiva", 4, "{}"), seed, left);
        }

        #[test]
        fn block_points(seed in any::<u64>(), left in 4u32..=18) {
            let r = rules("block", 2, "{}");
            if let Some(pos) = position(r, seed, left) {
                prop_assert!(same(&pos), "block never draws");
            }
            check(rules("block", 2, r#"{"hand_size": 14}"#), seed, left);
            check(rules("block", 4, "{}"), seed, left.min(12));
            check(rules("block", 3, r#"{"scoring": "hand"}"#), seed, left);
        }

        #[test]
        fn with_a_boneyard_and_premiums(seed in any::<u64>(), left in 4u32..=16) {
            // The draw game reaches the core once the boneyard is closed.
            check(rules("draw", 2, "{}"), seed, left);
            check(rules("draw", 3, "{}"), seed, left);
            check(rules("puerto-rican", 2, "{}"), seed, left);
            check(rules("cutthroat", 2, r#"{"boneyard": true}"#), seed, left.min(9));
        }
    }

    /// Whole fresh deals, from the pose, both paths.
    #[test]
    fn whole_jamaican_deals() {
        let r = rules("jamaican", 4, "{}");
        for seed in 0..6 {
            let m = Match::new(r, Some(seed), None).unwrap();
            assert!(same(&Position::new(*m.hand(), 1)));
        }
    }

    /// The core serves the games it is for, and leaves the others alone.
    #[test]
    fn serves_plain_lines_only() {
        let served = |preset: &str, players: u8, options: &str| {
            (0..40).any(|seed| {
                position(rules(preset, players, options), seed, 10)
                    .is_some_and(|p| Fixed::of(&p, 0, 0).is_some())
            })
        };
        assert!(served("jamaican", 4, "{}"));
        assert!(served("block", 2, "{}"));
        assert!(served("draw", 2, "{}"));
        assert!(served("draw", 3, "{}"));
        assert!(served("puerto-rican", 2, "{}"));
        assert!(!served("all-fives", 2, "{}"));
        assert!(!served("french", 4, "{}"));
        assert!(!served("cross", 2, "{}"));
        assert!(!served("block", 4, r#"{"both_partners_out": true}"#));
    }
}
