//! The game and state behind the Python classes, in plain Rust: a single
//! hand or a whole match, dealt from a seed, from a given deal, or tile by
//! tile through explicit chance nodes (OpenSpiel's way).

use std::sync::Arc;

use domino_engine::deal::{DealError, MAX_PLAYERS};
use domino_engine::rules::DrawRule;
use domino_engine::{first_rule, PoseRule};
use domino_engine::{Action, DealSpec, Match, MatchError, MoveList, Phase, Rules, Tile, TileSet};

use crate::codec::Codec;
use crate::encode::Shape;
use crate::tracker::{hand_done, Tracker};

thread_local! {
    /// Scratch space for legal moves (a move list is a few kilobytes).
    static MOVES: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
}

/// OpenSpiel's id of the chance player.
pub const CHANCE: i32 = -1;
/// OpenSpiel's id for "nobody: the game is over".
pub const TERMINAL: i32 = -4;

/// A game: resolved rules, one hand or a whole match, and its encodings.
#[derive(Debug)]
pub struct GameDef {
    pub rules: Rules,
    pub codec: Codec,
    pub shape: Shape,
    pub whole_match: bool,
}

impl GameDef {
    pub fn new(rules: Rules, whole_match: bool) -> GameDef {
        GameDef {
            codec: Codec::new(&rules),
            shape: Shape::new(&rules),
            rules,
            whole_match,
        }
    }

    /// Whether a hand's value is a win or a loss (the six-love games).
    pub fn love(&self) -> bool {
        self.rules.is_six_love()
    }

    /// Whether points count against their side (French).
    pub fn low_wins(&self) -> bool {
        self.rules.low_score_wins()
    }

    /// Whether points reach the match score during play (fives games,
    /// Puerto Rican pass points, French penalties).
    pub fn scores_in_play(&self) -> bool {
        self.rules.live_scoring()
    }

    /// Most player decisions in one hand.
    pub fn max_hand_length(&self) -> usize {
        self.shape.max_steps
    }

    /// Chance outcomes: one per tile of the set (and the turn-over's two).
    pub fn max_chance_outcomes(&self) -> usize {
        self.codec_tiles().max(2)
    }

    fn codec_tiles(&self) -> usize {
        self.shape.tiles
    }
}

/// Why a request was refused; the Python layer maps each to an exception.
#[derive(Debug)]
pub enum CoreError {
    Illegal(String),
    NotYourTurn(String),
    Over(String),
    Deal(String),
    Internal(String),
}

impl From<MatchError> for CoreError {
    fn from(e: MatchError) -> CoreError {
        match e {
            MatchError::Deal(_) | MatchError::NeedDeal => CoreError::Deal(e.to_string()),
            MatchError::NotYourTurn { .. } => CoreError::NotYourTurn(e.to_string()),
            MatchError::HandOver | MatchError::MatchOver => CoreError::Over(e.to_string()),
            _ => CoreError::Illegal(e.to_string()),
        }
    }
}

/// A deal made by chance nodes: tiles one at a time (seat 0's hand first,
/// then seat 1's, ..., then the boneyard from the top), then for club
/// fives' first hand who won the turn-over.
#[derive(Clone, Debug)]
pub struct Dealing {
    order: Vec<Tile>,
    left: TileSet,
    need: usize,
    turn_over: bool,
    poser: Option<u8>,
}

impl Dealing {
    fn start(rules: &Rules, rule: PoseRule) -> Dealing {
        let dealt = rules.players() as usize * rules.hand_size() as usize;
        let in_play = rules.tiles().len() as usize;
        // Sleeping tiles are never drawn: their order cannot matter.
        let need = if rules.draw() == DrawRule::Never {
            dealt
        } else {
            in_play
        };
        Dealing {
            order: Vec::with_capacity(in_play),
            left: rules.tiles(),
            need,
            turn_over: rule == PoseRule::TurnOver,
            poser: None,
        }
    }

    /// Whether tiles are still being dealt (else the turn-over is next).
    pub fn deals_tiles(&self) -> bool {
        self.order.len() < self.need
    }

    fn done(&self) -> bool {
        !self.deals_tiles() && (!self.turn_over || self.poser.is_some())
    }

    /// The tiles dealt so far to `seat`.
    pub fn dealt_to(&self, rules: &Rules, seat: u8) -> TileSet {
        let h = rules.hand_size() as usize;
        let from = seat as usize * h;
        let mut s = TileSet::EMPTY;
        for &t in self.order.iter().skip(from).take(h) {
            s.insert(t);
        }
        s
    }

    fn spec(&self, rules: &Rules) -> DealSpec {
        let h = rules.hand_size() as usize;
        let n = rules.players() as usize;
        let hands = (0..n)
            .map(|s| self.order[s * h..(s + 1) * h].to_vec())
            .collect();
        let mut boneyard = self.order[n * h..].to_vec();
        boneyard.extend(self.left.iter());
        DealSpec {
            hands,
            boneyard,
            poser: self.poser,
        }
    }
}

/// One game in progress.
#[derive(Clone, Debug)]
pub struct Core {
    pub def: Arc<GameDef>,
    /// The match, once its first hand is dealt.
    pub m: Option<Match>,
    /// A deal being made by chance nodes.
    pub dealing: Option<Dealing>,
    pub tracker: Tracker,
    /// Every action applied, chance outcomes included, as ids.
    pub history: Vec<usize>,
    /// Match scores when the current hand was dealt, by side.
    pub hand_start: Vec<i32>,
    /// The match just before the current hand was dealt, where a replay
    /// left it (a sampled later hand has no record of the hands before);
    /// `None`: not kept, the record tells it.
    pub base: Option<Arc<Match>>,
    /// Returns before the last action, for `rewards`.
    pub last_returns: [f64; MAX_PLAYERS],
    /// The legal actions of the player to act with their ids, ascending.
    legal: Vec<(usize, Action)>,
}

impl Core {
    /// A new game: dealt from `deal` (its first hand), else from `seed`,
    /// else by chance nodes.
    pub fn new(
        def: Arc<GameDef>,
        seed: Option<u64>,
        deal: Option<&DealSpec>,
    ) -> Result<Core, CoreError> {
        let rules = def.rules;
        let sides = rules.sides();
        let mut core = Core {
            def,
            m: None,
            dealing: None,
            tracker: Tracker::new(true),
            history: Vec::new(),
            hand_start: vec![0; sides],
            base: None,
            last_returns: [0.0; MAX_PLAYERS],
            legal: Vec::new(),
        };
        if seed.is_none() && deal.is_none() {
            core.dealing = Some(Dealing::start(&rules, first_rule(&rules)));
        } else {
            core.m = Some(Match::new(rules, seed, deal)?);
        }
        core.refresh_legal();
        Ok(core)
    }

    /// A game standing where a replayed match stands.
    pub fn from_match(
        def: Arc<GameDef>,
        m: Match,
        tracker: Tracker,
        hand_start: Vec<i32>,
        base: Option<Arc<Match>>,
    ) -> Core {
        let mut core = Core {
            def,
            m: Some(m),
            dealing: None,
            tracker,
            history: Vec::new(),
            hand_start,
            base,
            last_returns: [0.0; MAX_PLAYERS],
            legal: Vec::new(),
        };
        core.last_returns = core.returns_array();
        core.advance();
        core.refresh_legal();
        core
    }

    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    pub fn is_chance(&self) -> bool {
        self.dealing.is_some()
    }

    pub fn is_terminal(&self) -> bool {
        if self.dealing.is_some() {
            return false;
        }
        match &self.m {
            None => false,
            Some(m) if self.def.whole_match => m.phase() == Phase::MatchOver,
            Some(m) => hand_done(m),
        }
    }

    pub fn current_player(&self) -> i32 {
        if self.is_terminal() {
            TERMINAL
        } else if self.dealing.is_some() {
            CHANCE
        } else {
            self.m
                .as_ref()
                .and_then(Match::to_act)
                .map_or(TERMINAL, i32::from)
        }
    }

    /// The chance outcomes and their probabilities (empty off chance nodes).
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let Some(d) = &self.dealing else {
            return Vec::new();
        };
        if d.deals_tiles() {
            let p = 1.0 / d.left.len() as f64;
            d.left.iter().map(|t| (t.index(), p)).collect()
        } else {
            vec![(0, 0.5), (1, 0.5)]
        }
    }

    /// The legal action ids of the player to act, ascending (the chance
    /// outcomes at a chance node).
    pub fn legal_ids(&self) -> Vec<usize> {
        if self.is_terminal() {
            return Vec::new();
        }
        if self.dealing.is_some() {
            return self.chance_outcomes().into_iter().map(|(a, _)| a).collect();
        }
        self.legal.iter().map(|&(id, _)| id).collect()
    }

    /// Work out the legal actions of the player to act, after a change.
    fn refresh_legal(&mut self) {
        self.legal.clear();
        let Some(m) = self.m.as_ref().filter(|_| self.dealing.is_none()) else {
            return;
        };
        if self.is_terminal() {
            return;
        }
        let codec = self.def.codec;
        MOVES.with_borrow_mut(|moves| {
            m.legal(moves);
            self.legal
                .extend(moves.iter().map(|&a| (codec.encode(a), a)));
        });
        self.legal.sort_unstable_by_key(|&(id, _)| id);
    }

    /// Apply an action id (a chance outcome at chance nodes). A refused id
    /// changes nothing.
    pub fn apply(&mut self, id: usize) -> Result<(), CoreError> {
        if self.is_terminal() {
            return Err(CoreError::Over(
                "the game is over: start a new one".to_string(),
            ));
        }
        let before = self.returns_array();
        if self.dealing.is_some() {
            self.apply_chance(id)?;
        } else {
            self.apply_player(id)?;
        }
        self.last_returns = before;
        self.history.push(id);
        self.advance();
        self.refresh_legal();
        Ok(())
    }

    fn apply_player(&mut self, id: usize) -> Result<(), CoreError> {
        let codec = self.def.codec;
        let m = self
            .m
            .as_mut()
            .ok_or_else(|| CoreError::Internal("no match".into()))?;
        let found = self.legal.binary_search_by_key(&id, |&(l, _)| l);
        let Ok(k) = found else {
            return Err(CoreError::Illegal(illegal_message(&codec, m, id)));
        };
        self.tracker.apply(m, self.legal[k].1);
        Ok(())
    }

    fn apply_chance(&mut self, id: usize) -> Result<(), CoreError> {
        let rules = self.def.rules;
        let Some(d) = self.dealing.as_mut() else {
            return Ok(());
        };
        if d.deals_tiles() {
            let tile = Tile::from_index(id)
                .filter(|&t| d.left.contains(t))
                .ok_or_else(|| {
                    CoreError::Illegal(format!("chance outcome {id} is not a tile left to deal"))
                })?;
            d.left.remove(tile);
            d.order.push(tile);
        } else if id < 2 {
            d.poser = Some(id as u8);
        } else {
            return Err(CoreError::Illegal(format!(
                "chance outcome {id} is not a seat of the turn-over (0 or 1)"
            )));
        }
        if d.done() {
            let spec = d.spec(&rules);
            let dealt = match self.m.as_mut() {
                None => Match::new(rules, None, Some(&spec)).map(|m| self.m = Some(m)),
                Some(m) => m.next_hand(Some(&spec)),
            };
            match dealt {
                Ok(()) => self.start_hand(),
                // The rules call for a redeal: deal again, from scratch.
                Err(MatchError::Deal(DealError::Redeal)) => {
                    let rule = self.next_rule();
                    self.dealing = Some(Dealing::start(&rules, rule));
                }
                Err(e) => return Err(CoreError::Internal(e.to_string())),
            }
        }
        Ok(())
    }

    fn next_rule(&self) -> PoseRule {
        match &self.m {
            Some(m) => m.next_pose_rule(),
            None => first_rule(&self.def.rules),
        }
    }

    fn start_hand(&mut self) {
        self.dealing = None;
        self.base = None;
        self.tracker.reset();
        if let Some(m) = &self.m {
            self.hand_start = m.scores().to_vec();
        }
    }

    /// Between hands of a whole match: deal the next one (from the seed, or
    /// by chance nodes).
    fn advance(&mut self) {
        if !self.def.whole_match || self.dealing.is_some() {
            return;
        }
        let Some(m) = self.m.as_mut() else { return };
        if m.phase() != Phase::HandOver {
            return;
        }
        if m.seed().is_some() {
            if m.next_hand(None).is_ok() {
                self.start_hand();
            }
        } else {
            let rule = m.next_pose_rule();
            self.dealing = Some(Dealing::start(&self.def.rules, rule));
        }
    }

    /// Each player's return so far (see [`returns_of`]).
    pub fn returns(&self) -> Vec<f64> {
        let n = self.def.rules.players() as usize;
        self.returns_array()[..n].to_vec()
    }

    fn returns_array(&self) -> [f64; MAX_PLAYERS] {
        returns_of(&self.def, self.m.as_ref(), &self.hand_start)
    }

    /// What the last action earned each player.
    pub fn rewards(&self) -> Vec<f64> {
        self.returns()
            .iter()
            .zip(&self.last_returns)
            .map(|(a, b)| a - b)
            .collect()
    }
}

/// Why `id` is not legal now, in words.
fn illegal_message(codec: &Codec, m: &Match, id: usize) -> String {
    let Some(a) = codec.decode(id) else {
        return format!(
            "action {id} is not an action id of this game (ids run from 0 to {})",
            codec.num_actions() - 1
        );
    };
    let why = match m.clone().act(a, &mut ()) {
        Err(e) => e.to_string(),
        // The engine would fill in the end: the id must name it.
        Ok(()) => "the tile fits one end only: use the id that names that end".to_string(),
    };
    format!("action {id} ({a}) is not legal now: {why}")
}

/// Each player's return so far: its side's value minus the mean value of
/// the other sides, so returns always sum to zero. A side's value is, for a
/// whole match, 1 for the match winner; for one hand of a six-love game, 1
/// for the hand's winner; for one hand of a points game, the points it made
/// this hand (counted against it in French, where low scores win).
/// `hand_start` holds the match scores when the hand was dealt.
pub fn returns_of(def: &GameDef, m: Option<&Match>, hand_start: &[i32]) -> [f64; MAX_PLAYERS] {
    let rules = &def.rules;
    let sides = rules.sides();
    let mut v = [0.0f64; MAX_PLAYERS];
    if let Some(m) = m {
        if def.whole_match {
            if let Some(domino_engine::Winner::Side(w)) = m.winner() {
                v[w] = 1.0;
            }
        } else if def.love() {
            if hand_done(m) {
                if let Some(w) = m.result().and_then(|r| r.winner) {
                    v[w.side] = 1.0;
                }
            }
        } else {
            let sign = if def.low_wins() { -1.0 } else { 1.0 };
            for (s, val) in v.iter_mut().enumerate().take(sides) {
                let now = m.scores().get(s).copied().unwrap_or(0);
                let start = hand_start.get(s).copied().unwrap_or(0);
                *val = sign * f64::from(now - start);
            }
        }
    }
    let total: f64 = v[..sides].iter().sum();
    let others = (sides.max(2) - 1) as f64;
    let mut out = [0.0f64; MAX_PLAYERS];
    for p in 0..rules.players() {
        let own = v[rules.side_of(p)];
        out[p as usize] = own - (total - own) / others;
    }
    out
}
