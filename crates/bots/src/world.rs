//! Worlds a seat cannot tell from the real one: deals of the hidden tiles
//! that agree with everything it has seen (its own tiles, the tiles played,
//! who passed and drew over which ends, every hand size and the boneyard's
//! size), turned into fully known [`Position`]s by replaying the hand.

use domino_engine::deal::{Deal, MAX_PLAYERS};
use domino_engine::MoveList;
use domino_engine::{Action, SeatView, Tile, TileSet};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::knowledge::{Knowledge, Step};

mod attribute;
mod pose;
use crate::knowledge::hand_engine;
use crate::likelihood::{Styles, MAX_STYLES};
use crate::solver::Position;
pub use pose::seen_pose_rule;

/// Why the seat's view could not be turned into worlds.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorldError {
    #[error("it is not this seat's turn to play")]
    NotPlaying,
    #[error("the view's history does not account for seat {0}'s tiles")]
    Inconsistent(u8),
}

/// Where a hidden tile of a seat came from, and what it must avoid.
#[derive(Copy, Clone, Debug)]
struct Slot {
    seat: u8,
    /// Index into `draw_tiles` for a drawn tile, `None` for the deal.
    draw: Option<usize>,
    avoid: TileSet,
    /// The slot that holds the poser's double above the seat's own, where
    /// another seat posed for holding the highest double.
    need: bool,
}

/// How the other seats' plays weigh a sampled world: by a mixture of play
/// styles, or not at all (`None`). The partners can be read apart from the
/// opponents, since they may play in another way (the expert's partner is
/// often the expert itself).
#[derive(Copy, Clone, Debug, Default)]
pub struct Weighing<'a> {
    pub opponents: Option<&'a Styles>,
    pub partners: Option<&'a Styles>,
    /// How likely each other seat was to make the heuristic's choice
    /// where it had one (`expert:imitate=P`), the other plays sharing the
    /// rest: worlds where the others played as the heuristic would have
    /// weigh more. `None`: not read this way.
    pub heuristic: Option<f64>,
}

impl<'a> Weighing<'a> {
    /// Every other seat read by the same styles.
    pub fn all(styles: Option<&'a Styles>) -> Weighing<'a> {
        Weighing {
            opponents: styles,
            partners: styles,
            heuristic: None,
        }
    }
}

/// Samples worlds for one decision of one seat.
#[derive(Debug, Clone)]
pub struct Sampler {
    view_hand: TileSet,
    hand_number: u32,
    rules: domino_engine::Rules,
    me: u8,
    steps: Vec<Step>,
    poser: u8,
    pose_allowed: TileSet,
    /// Tiles surely dealt to each seat (plays that no draw explains).
    dealt: [TileSet; MAX_PLAYERS],
    /// The draws of the hand in order: the tile when known (a draw
    /// followed by playing it), else which slot fills it.
    draws: Vec<Option<Tile>>,
    slots: Vec<Slot>,
    /// Hidden tiles to spread over the slots and the boneyard.
    pool: TileSet,
    boneyard_left: usize,
    /// Own tiles: those kept from the deal, then those drawn into the
    /// draws this seat made and kept.
    my_dealt: TileSet,
    my_draws: Vec<(usize, Tile)>,
    hand_sizes: Vec<u32>,
    /// The hand's pose, when sampled deals must agree with it.
    hand_pose: Option<pose::HandPose>,
    /// The seat that posed for holding the highest double (not this
    /// one): no third seat may be dealt a double above its highest.
    top_seat: Option<u8>,
}

impl Sampler {
    pub fn new(view: &SeatView, k: &Knowledge) -> Result<Sampler, WorldError> {
        Sampler::build(view, k, None)
    }

    /// As [`Sampler::new`], its deals also agreeing with the rules' pose
    /// of a match's first hand (who posed, and what), for callers that
    /// replay the hand as a first hand. The searchers do without: it
    /// changes only the past.
    pub fn for_first_hand(view: &SeatView, k: &Knowledge) -> Result<Sampler, WorldError> {
        Sampler::build(view, k, Some(domino_engine::first_rule(view.rules())))
    }

    /// As [`Sampler::new`], its deals also agreeing with the pose under
    /// `rule`, the rule the hand was dealt under, for callers that replay
    /// the hand from its deal (the Python package's `sample_state` and
    /// information-set resampling): [`seen_pose_rule`] where only the
    /// seat's view is known.
    pub fn for_hand(
        view: &SeatView,
        k: &Knowledge,
        rule: domino_engine::PoseRule,
    ) -> Result<Sampler, WorldError> {
        Sampler::build(view, k, Some(rule))
    }

    fn build(
        view: &SeatView,
        k: &Knowledge,
        pose_rule: Option<domino_engine::PoseRule>,
    ) -> Result<Sampler, WorldError> {
        let rules = *view.rules();
        let me = view.seat();
        if view.to_act() != Some(me) || view.phase() != domino_engine::Phase::Play {
            return Err(WorldError::NotPlaying);
        }
        let n = rules.players() as usize;
        let steps = k.steps.clone();
        let poser = k.poser.unwrap_or(me);
        let seen_allowed = if k.poser.is_some() {
            TileSet(u128::MAX)
        } else {
            view.legal().iter().filter_map(|a| a.tile()).collect()
        };
        // The trains family poses the hand's engine; where nobody was
        // dealt it, the seats drew for it from seat 0 on.
        let (poser, pose_allowed) = match hand_engine(view) {
            Some(e) if pose::drew_for_engine(&steps, seen_allowed) => (0, e.bit()),
            Some(e) => (poser, e.bit()),
            None => (poser, seen_allowed),
        };
        // Classify draws: one followed by the same seat's play gave the
        // played tile; any other stayed in the hand for a while.
        let mut draws = Vec::new();
        let mut draw_seat = Vec::new();
        let mut draw_step = Vec::new();
        let mut from_draw = vec![false; steps.len()];
        for (i, st) in steps.iter().enumerate() {
            if st.action == Action::Draw {
                let next = steps.get(i + 1);
                let known = match next {
                    Some(nx) if nx.seat == st.seat => match nx.action {
                        Action::Play { tile, .. } => {
                            from_draw[i + 1] = true;
                            Some(tile)
                        }
                        _ => None,
                    },
                    _ => None,
                };
                draws.push(known);
                draw_seat.push(st.seat);
                draw_step.push(i);
            }
        }
        let hs = rules.hand_size() as usize;
        let mut dealt = [TileSet::EMPTY; MAX_PLAYERS];
        let mut slots = Vec::new();
        let mut my_dealt = TileSet::EMPTY;
        let mut my_draws = Vec::new();
        let mut assigned: Vec<Option<Tile>> = draws.clone();
        // The seat's own draws, when its view tells them (a view read from
        // an older state does not): each goes where the seat drew it, and
        // its first hand is the rest of what it held.
        let own = own_draws(view, &draw_seat, &steps, hs)?;
        if let Some((first, own)) = &own {
            for &(d, t) in own {
                assigned[d] = Some(t);
            }
            my_dealt = *first;
        }
        let hand_pose = pose_rule.map(|rule| pose::HandPose::of(rule, &steps, me, seen_allowed));
        // The seat's first hand, where known: told by its draws, or all it
        // held and played when it drew nothing.
        let my_first = match &own {
            Some((first, _)) => Some(*first),
            None if !draw_seat.contains(&me) => Some(
                steps
                    .iter()
                    .filter(|st| st.seat == me)
                    .filter_map(|st| st.action.tile())
                    .fold(view.hand(), |h, t| h | t.bit()),
            ),
            None => None,
        };
        let mut top_seat = None;
        let (barred, mut need) = match (hand_pose, my_first) {
            (Some(f), Some(mine)) => (f.barred(me, mine), f.must_hold(me, mine)),
            _ => (TileSet::EMPTY, None),
        };
        // The seat that posed for the highest double comes last: the
        // doubles the others were surely dealt raise what it must hold.
        let top = need.map(|(seat, _)| seat);
        let order = (0..n as u8).filter(|&s| Some(s) != top).chain(top);
        for s in order {
            if s == me && own.is_some() {
                continue;
            }
            // Plays no draw explains, in order.
            let plays: Vec<(usize, Tile)> = steps
                .iter()
                .enumerate()
                .filter(|(i, st)| st.seat == s && !from_draw[*i])
                .filter_map(|(i, st)| st.action.tile().map(|t| (i, t)))
                .collect();
            let unknown: Vec<(usize, usize)> = (0..draws.len())
                .filter(|&d| draw_seat[d] == s && assigned[d].is_none())
                .map(|d| (d, draw_step[d]))
                .collect();
            // The top seat keeps its doubles above the seat's own dealt
            // where it can: it posed for holding one.
            let keep = need
                .filter(|&(seat, _)| seat == s)
                .map_or(TileSet::EMPTY, |n| n.1);
            let attribute_with = |cap: usize, barred: TileSet| {
                attribute::attribute(&steps, s, &plays, &unknown, cap, barred, keep)
                    .or_else(|| {
                        attribute::attribute(
                            &steps,
                            s,
                            &plays,
                            &unknown,
                            cap,
                            barred,
                            TileSet::EMPTY,
                        )
                    })
                    .ok_or(WorldError::Inconsistent(s))
            };
            // A third seat's plays of doubles the top seat may hold above
            // it are read as drawn where they can be.
            let third = top.is_some_and(|t| t != s) && s != me;
            let prefer = match need {
                Some((_, above)) if third => barred | above,
                _ => barred,
            };
            let (mut played_dealt, mut from_draws) =
                attribute_with(hs, prefer).or_else(|_| attribute_with(hs, barred))?;
            if third {
                // The top seat held a double above any this seat was dealt.
                if let (Some((seat, above)), Some(d)) =
                    (need, (played_dealt & TileSet::DOUBLES).last())
                {
                    need = Some((seat, above.iter().filter(|&x| x > d).collect()));
                }
            }
            // The poser was dealt a double above the seat's: if none of
            // its dealt plays is one, a hand's worth of plays less one
            // were dealt, and a slot is kept for it.
            let need_here =
                need.filter(|&(seat, d)| seat == s && played_dealt.intersect(d).is_empty());
            if need_here.is_some() {
                (played_dealt, from_draws) = attribute_with(hs - 1, barred)?;
            }
            dealt[s as usize] = played_dealt;
            if need.is_some_and(|(seat, _)| seat == s) {
                top_seat = Some(s);
            }
            for (d, t) in from_draws {
                assigned[d] = Some(t);
            }
            let kept = played_dealt.len() as usize;
            let held_draws: Vec<usize> = (0..draws.len())
                .filter(|&d| draw_seat[d] == s && assigned[d].is_none())
                .collect();
            let from_deal = hs - kept;
            let size = view.hand_sizes()[s as usize] as usize;
            if from_deal + held_draws.len() != size {
                return Err(WorldError::Inconsistent(s));
            }
            if s == me {
                let mut mine = view.hand().iter();
                for t in mine.by_ref().take(from_deal) {
                    my_dealt.insert(t);
                }
                for (&d, t) in held_draws.iter().zip(mine) {
                    my_draws.push((d, t));
                }
                continue;
            }
            // What the seat could not play when it drew or passed.
            let avoid_after = |from: usize| -> TileSet {
                steps
                    .iter()
                    .enumerate()
                    .filter(|(i, st)| {
                        *i >= from
                            && st.seat == s
                            && matches!(st.action, Action::Draw | Action::Pass)
                    })
                    .fold(TileSet::EMPTY, |m, (_, st)| m | st.playable)
            };
            let mut all = avoid_after(0);
            all |= barred;
            if let Some(p) = hand_pose {
                all |= p.passed_over(s, n as u8);
            }
            for i in 0..from_deal {
                let must = match need_here {
                    Some((_, doubles)) if i == 0 => TileSet(u128::MAX).minus(doubles),
                    _ => TileSet::EMPTY,
                };
                slots.push(Slot {
                    seat: s,
                    draw: None,
                    avoid: all | must,
                    need: need_here.is_some() && i == 0,
                });
            }
            // In the trains family a drawn tile that fitted (the engine
            // too) was laid at once: one kept did not fit when drawn.
            let own_step = usize::from(!rules.layout().is_trains());
            for d in held_draws {
                slots.push(Slot {
                    seat: s,
                    draw: Some(d),
                    avoid: avoid_after(draw_step[d] + own_step),
                    need: false,
                });
            }
        }
        let pool = k.unseen;
        let boneyard_left = view.boneyard_count();
        if slots.len() + boneyard_left != pool.len() as usize {
            return Err(WorldError::Inconsistent(me));
        }
        // The poser's double first (it bars doubles from the others), then
        // the most constrained slots.
        slots.sort_by_key(|s| (!s.need, pool.minus(s.avoid).len()));
        Ok(Sampler {
            view_hand: view.hand(),
            hand_number: view.hand_number(),
            rules,
            me,
            steps,
            poser,
            pose_allowed,
            dealt,
            draws: assigned,
            slots,
            pool,
            boneyard_left,
            my_dealt,
            my_draws,
            hand_sizes: view.hand_sizes().to_vec(),
            hand_pose,
            top_seat,
        })
    }

    /// How many hidden tiles the sampler spreads (0: the position is known).
    pub fn hidden(&self) -> u32 {
        self.pool.len()
    }

    /// One world, drawn from `seed`; `None` if the constraints could not be
    /// met in a few tries (rare), in which case they are relaxed.
    pub fn sample(&self, seed: u64) -> Option<Position> {
        self.sample_weighted(seed, None).map(|(p, _)| p)
    }

    /// As [`Sampler::sample`], with the log-likelihood under `styles` of
    /// the other seats' plays in that world (0 without styles).
    pub fn sample_weighted(&self, seed: u64, model: Option<&Styles>) -> Option<(Position, f64)> {
        self.sample_world(seed, Weighing::all(model))
            .map(|(p, w, _)| (p, w))
    }

    /// As [`Sampler::sample_weighted`], the partners' plays read by their
    /// own styles (or not at all) and the opponents' by theirs.
    pub fn sample_weighed(&self, seed: u64, weighing: Weighing<'_>) -> Option<(Position, f64)> {
        self.sample_world(seed, weighing).map(|(p, w, _)| (p, w))
    }

    /// The deal of the world [`Sampler::sample`] draws from `seed`, for
    /// callers that replay the hand themselves (the Python package's
    /// information-set resampling replays it through a match).
    pub fn sample_deal(&self, seed: u64) -> Option<Deal> {
        self.sample_world(seed, Weighing::all(None))
            .map(|(_, _, d)| d)
    }

    /// Every world the seat cannot tell from the real one, one per way
    /// the hidden tiles may lie in the hands now, when there are at most
    /// `limit`; `None` when there are more. The boneyard left is put in one
    /// fixed order, so this is exact only where no draw can still happen.
    pub fn worlds(&self, limit: usize) -> Option<Vec<Position>> {
        // Slots of one seat dealt alike are interchangeable: their tiles are
        // taken in increasing order, so each hand is built once. Slots of
        // drawn tiles are not (each avoids its own tiles), and the hands they
        // build twice are dropped by `seen`.
        let twin: Vec<Option<usize>> = (0..self.slots.len())
            .map(|i| {
                let s = self.slots[i];
                (0..i).rev().find(|&j| {
                    let o = self.slots[j];
                    s.draw.is_none() && o.draw.is_none() && o.seat == s.seat
                })
            })
            .collect();
        let mut walk = Enumeration {
            sampler: self,
            twin: &twin,
            chosen: Vec::with_capacity(self.slots.len()),
            seen: std::collections::HashSet::new(),
            out: Vec::new(),
            limit,
            // Assignments that repeat a hand are bounded too, so a position
            // with many drawn tiles cannot run on.
            budget: limit.saturating_mul(16).max(1024),
        };
        walk.fill(self.pool).then_some(walk.out)
    }

    fn sample_world(&self, seed: u64, model: Weighing<'_>) -> Option<(Position, f64, Deal)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for attempt in 0..40 {
            let strict = attempt < 32;
            if let Some(p) = self.try_sample(&mut rng, strict, model) {
                return Some(p);
            }
        }
        None
    }

    fn try_sample(
        &self,
        rng: &mut ChaCha8Rng,
        strict: bool,
        weighing: Weighing<'_>,
    ) -> Option<(Position, f64, Deal)> {
        let mut left = self.pool;
        let mut chosen = Vec::with_capacity(self.slots.len());
        // Doubles above the top seat's highest, which no third seat may be
        // dealt (else it, not the top seat, would have posed).
        let mut above_top = self.doubles_above_top(None);
        for slot in &self.slots {
            let mut cand = left;
            if strict {
                cand = cand.minus(slot.avoid);
            }
            let third = slot.draw.is_none() && slot.seat != self.me;
            if third && self.top_seat.is_some_and(|s| s != slot.seat) {
                cand = cand.minus(above_top);
            }
            if cand.is_empty() {
                return None;
            }
            let t = cand.nth(rng.random_range(0..cand.len()))?;
            left.remove(t);
            chosen.push(t);
            if slot.need {
                above_top = self.doubles_above_top(Some(t));
            }
        }
        let mut rest: Vec<Tile> = left.iter().collect();
        domino_engine::deal::shuffle(&mut rest, rng);
        self.assemble(&chosen, rest, weighing)
    }

    /// The doubles above the top seat's highest dealt double, its need
    /// slot holding `t` (before it is filled, none: nothing is barred).
    fn doubles_above_top(&self, t: Option<Tile>) -> TileSet {
        let Some(seat) = self.top_seat else {
            return TileSet::EMPTY;
        };
        let has_need = self.slots.iter().any(|s| s.need);
        if has_need && t.is_none() {
            return TileSet::EMPTY;
        }
        let mut held = self.dealt[seat as usize] & TileSet::DOUBLES;
        if let Some(t) = t.filter(|t| t.is_double()) {
            held.insert(t);
        }
        match held.last() {
            Some(top) => TileSet::DOUBLES.iter().filter(|&d| d > top).collect(),
            None => TileSet::EMPTY,
        }
    }

    /// The world where slot `i` holds `chosen[i]` and the boneyard left is
    /// `rest`, top first, replayed to now; `None` when the replay does not
    /// reach the seat's view.
    fn assemble(
        &self,
        chosen: &[Tile],
        rest: Vec<Tile>,
        weighing: Weighing<'_>,
    ) -> Option<(Position, f64, Deal)> {
        let mut held = [TileSet::EMPTY; MAX_PLAYERS];
        let mut draws = self.draws.clone();
        let mut dealt = self.dealt;
        for (slot, &t) in self.slots.iter().zip(chosen) {
            held[slot.seat as usize].insert(t);
            match slot.draw {
                Some(d) => draws[d] = Some(t),
                None => dealt[slot.seat as usize].insert(t),
            }
        }
        dealt[self.me as usize] |= self.my_dealt;
        for &(d, t) in &self.my_draws {
            draws[d] = Some(t);
        }
        held[self.me as usize] = self.view_hand;
        let mut deal = Deal {
            hands: dealt,
            boneyard: [Tile::double(0); domino_engine::MAX_TILES],
            bone_len: 0,
            poser: None,
        };
        let mut i = 0;
        for t in draws
            .iter()
            .map(|d| d.unwrap_or(Tile::double(0)))
            .chain(rest)
        {
            if i < deal.boneyard.len() {
                deal.boneyard[i] = t;
                i += 1;
            }
        }
        deal.bone_len = i as u8;
        if self
            .hand_pose
            .is_some_and(|f| !f.allows(&self.rules, &deal))
        {
            return None;
        }
        let mut pos = Position::dealt(
            &self.rules,
            &deal,
            self.poser,
            self.pose_allowed,
            self.hand_number,
        );
        let mut by_seat = [[0.0f64; MAX_STYLES]; MAX_PLAYERS];
        let mut scratch = MoveList::new();
        let partner = |s: u8| self.rules.side_of(s) == self.rules.side_of(self.me);
        let model_of = |s: u8| {
            if partner(s) {
                weighing.partners
            } else {
                weighing.opponents
            }
        };
        let mut public = crate::rollout::Public::empty();
        let mut rollout_scratch = crate::rollout::Scratch::default();
        let mut imitation = 0.0;
        for st in &self.steps {
            if let Some(p) = weighing.heuristic {
                let laid = matches!(st.action, Action::Play { end: Some(_), .. });
                if laid && st.seat != self.me && pos.hand.to_act() == st.seat {
                    let (want, choices) =
                        crate::rollout::heuristic_choice(&pos.hand, &public, &mut rollout_scratch);
                    if choices > 1 {
                        let same = want.tile() == st.action.tile()
                            && matches!((want, st.action), (Action::Play { end: a, .. }, Action::Play { end: b, .. }) if a == b);
                        imitation += if same {
                            p.ln()
                        } else {
                            ((1.0 - p) / (choices - 1) as f64).ln()
                        };
                    }
                }
                public.note(&pos.hand, st.action);
            }
            if let Some(model) = model_of(st.seat) {
                // Poses are left out: which tiles may open varies by game.
                let laid = matches!(st.action, Action::Play { end: Some(_), .. });
                if laid && st.seat != self.me {
                    let acc = &mut by_seat[st.seat as usize];
                    model.add_log_probs(&pos.hand, st.action, &mut scratch, acc);
                }
            }
            pos.apply(st.action);
        }
        let log_weight = imitation
            + (0..self.rules.players())
                .filter(|&s| s != self.me)
                .filter_map(|s| model_of(s).map(|m| m.log_weight(&by_seat[s as usize])))
                .sum::<f64>();
        let ok = pos.hand.to_act() == self.me
            && !pos.hand.is_over()
            && pos.hand.boneyard().len() == self.boneyard_left
            && (0..self.rules.players()).all(|s| {
                let h = pos.hand.hand(s);
                h.len() == self.hand_sizes[s as usize]
                    && (s != self.me || h == self.view_hand)
                    && (s == self.me || h == held[s as usize])
            });
        ok.then_some((pos, log_weight, deal))
    }
}

/// A seat's first hand and its draws (the index of each among the hand's
/// draws, and the tile).
type OwnDraws = (TileSet, Vec<(usize, Tile)>);

/// The seat's first hand and its draws, from the tiles its view says it
/// drew; `None` when the view does not say (no draw of its own, or an
/// older state).
fn own_draws(
    view: &SeatView,
    draw_seat: &[u8],
    steps: &[Step],
    hand_size: usize,
) -> Result<Option<OwnDraws>, WorldError> {
    let me = view.seat();
    let drew = view.drew();
    if drew.is_empty() {
        return Ok(None);
    }
    let mine: Vec<usize> = (0..draw_seat.len())
        .filter(|&d| draw_seat[d] == me)
        .collect();
    let drawn: TileSet = drew.iter().copied().collect();
    let played: TileSet = steps
        .iter()
        .filter(|st| st.seat == me)
        .filter_map(|st| st.action.tile())
        .collect();
    let held = view.hand() | played;
    let first = held.minus(drawn);
    if mine.len() != drew.len()
        || drawn.len() as usize != drew.len()
        || !drawn.minus(held).is_empty()
        || first.len() as usize != hand_size
    {
        return Err(WorldError::Inconsistent(me));
    }
    Ok(Some((
        first,
        mine.into_iter().zip(drew.iter().copied()).collect(),
    )))
}

/// The state of [`Sampler::worlds`]'s search.
struct Enumeration<'a> {
    sampler: &'a Sampler,
    twin: &'a [Option<usize>],
    chosen: Vec<Tile>,
    seen: std::collections::HashSet<[TileSet; MAX_PLAYERS]>,
    out: Vec<Position>,
    limit: usize,
    budget: usize,
}

impl Enumeration<'_> {
    /// Fill the slots from `chosen.len()` on with tiles of `left`; false
    /// once more than `limit` worlds (or the budget of assignments) are
    /// passed.
    fn fill(&mut self, left: TileSet) -> bool {
        let i = self.chosen.len();
        let Some(slot) = self.sampler.slots.get(i) else {
            return self.leaf(left);
        };
        let floor = self.twin[i].map(|j| self.chosen[j]);
        for t in left.minus(slot.avoid).iter() {
            if floor.is_some_and(|f| t <= f) {
                continue;
            }
            self.chosen.push(t);
            let more = self.fill(left.minus(t.bit()));
            self.chosen.pop();
            if !more {
                return false;
            }
        }
        true
    }

    fn leaf(&mut self, left: TileSet) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let Some((pos, _, _)) =
            self.sampler
                .assemble(&self.chosen, left.iter().collect(), Weighing::all(None))
        else {
            return true;
        };
        let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
        for s in 0..self.sampler.rules.players() {
            hands[s as usize] = pos.hand.hand(s);
        }
        if self.seen.insert(hands) {
            if self.out.len() == self.limit {
                return false;
            }
            self.out.push(pos);
        }
        true
    }
}
