//! `domino solve`: the exact value, every legal action's value and the
//! principal line of a fully known position, from a JSON position or from
//! a point of a match record. The position format is in docs/analysis.md.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use domino_bots::analysis::{
    final_value, objective_name, objective_text, record_position, standing, Analyst,
};
use domino_bots::orders::{expected_values, Coverage, Plan};
use domino_bots::solver::{Objective, Position};
use domino_engine::rules::DrawRule;
use domino_engine::score::settle;
use domino_engine::{first_rule, resolve_pose, Start};
use domino_engine::{
    Action, Deal, DealError, DealSpec, Entry, Record, Rules, RulesSpec, Tile, TileSet,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Usage;

/// Flags of `domino solve`.
#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["file", "record"])))]
pub struct SolveArgs {
    /// The position as JSON (see docs/analysis.md), or `-` for stdin.
    pub file: Option<PathBuf>,
    /// Take the position from this match record (or `-` for stdin) instead.
    #[arg(long, requires = "hand")]
    pub record: Option<PathBuf>,
    /// With --record: the hand, counting from 1.
    #[arg(long, requires = "record")]
    pub hand: Option<usize>,
    /// With --record: the position before this action of the hand,
    /// counting from 0 (default 0, the start of the hand).
    #[arg(long, requires = "record")]
    pub action: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many nodes in one search (0: never).
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT)]
    pub node_limit: u64,
    /// When the boneyard's order is unknown: solve every order when there
    /// are at most this many, else a sample of them.
    #[arg(long, default_value_t = 720)]
    pub orders: u64,
    /// When the boneyard's order is unknown and there are more orders than
    /// --orders: how many to draw at random.
    #[arg(long, default_value_t = 200)]
    pub samples: u64,
    /// Seed of the sampled orders.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Nodes one search of `domino solve` may take by default (tens of seconds).
pub const DEFAULT_NODE_LIMIT: u64 = 200_000_000;

/// Read a file, or stdin for `-`.
pub fn read_input(path: &Path) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading stdin")?;
        Ok(s)
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| Usage(format!("cannot read {}: {e}", path.display())).into())
    }
}

/// Read a match record; a file that is not one is a usage error.
pub fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text = read_input(path)?;
    serde_json::from_str(&text).map_err(|e| {
        Usage(format!(
            "{} is not a domino-record/1 match record: {e}",
            path.display()
        ))
        .into()
    })
}

/// A position as written by a user.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionSpec {
    rules: RulesSpec,
    /// The tiles dealt and the whole boneyard, top first.
    #[serde(default)]
    deal: Option<DealSpec>,
    /// Or: the tiles each seat holds now...
    #[serde(default)]
    hands: Option<Vec<Vec<Tile>>>,
    /// ... and the boneyard left, top first.
    #[serde(default)]
    boneyard: Option<Vec<Tile>>,
    /// The actions from the pose, `{"seat", "action"}` each.
    #[serde(default)]
    actions: Vec<Value>,
    #[serde(default)]
    to_act: Option<u8>,
    #[serde(default)]
    hand_number: Option<u32>,
}

/// One action of a position: the record's entry, and for a draw in a
/// position given by the tiles held now, the tile it took.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntrySpec {
    seat: u8,
    action: Action,
    #[serde(default)]
    tile: Option<Tile>,
}

fn bad(msg: impl Into<String>) -> anyhow::Error {
    Usage(msg.into()).into()
}

fn game_name(rules: &Rules) -> String {
    format!("{} for {} players", rules.preset().name(), rules.players())
}

/// A position whose boneyard order is unknown while players may still draw:
/// what is needed to build it again with the boneyard in any order.
#[derive(Debug, Clone)]
pub struct UnknownOrder {
    rules: Rules,
    /// The deal, its boneyard the tiles drawn so far then the rest.
    deal: Deal,
    /// Tiles drawn before the position (their order is known).
    drawn: usize,
    /// The tiles left in the boneyard, in no known order.
    pub rest: Vec<Tile>,
    poser: u8,
    allowed: TileSet,
    actions: Vec<Action>,
    hand_number: u32,
}

impl UnknownOrder {
    /// The position with the boneyard left in this order, top first.
    pub fn with_order(&self, rest: &[Tile]) -> Position {
        let mut deal = self.deal;
        for (i, &t) in rest.iter().enumerate() {
            deal.boneyard[self.drawn + i] = t;
        }
        let mut pos = Position::dealt(
            &self.rules,
            &deal,
            self.poser,
            self.allowed,
            self.hand_number,
        );
        for &a in &self.actions {
            pos.apply(a);
        }
        pos
    }
}

/// Parse and check a JSON position; the second part is set when the
/// boneyard's order is unknown and players may still draw.
pub fn parse(text: &str) -> anyhow::Result<(Position, Option<UnknownOrder>)> {
    let spec: PositionSpec =
        serde_json::from_str(text).map_err(|e| bad(format!("the position is not valid: {e}")))?;
    let rules = spec
        .rules
        .resolve()
        .map_err(|e| bad(format!("rules: {e}")))?;
    let n = rules.players();
    let mut entries = Vec::with_capacity(spec.actions.len());
    let mut drawn_tiles = Vec::with_capacity(spec.actions.len());
    for (i, v) in spec.actions.iter().enumerate() {
        let e: EntrySpec = serde_json::from_value(v.clone()).map_err(|e| {
            bad(format!(
                "action {i}: {e} (each action is {{\"seat\": S, \"action\": {{...}}}})"
            ))
        })?;
        if e.seat >= n {
            return Err(bad(format!(
                "action {i}: seat {} is not a seat of {}",
                e.seat,
                game_name(&rules)
            )));
        }
        if e.tile.is_some() && e.action != Action::Draw {
            return Err(bad(format!(
                "action {i}: \"tile\" only goes with a draw, to name the tile drawn"
            )));
        }
        entries.push(Entry {
            seat: e.seat,
            action: e.action,
        });
        drawn_tiles.push(e.tile);
    }
    let (deal, known) = match (&spec.deal, &spec.hands) {
        (Some(_), Some(_)) => return Err(bad(
            "give either \"deal\" (the tiles dealt) or \"hands\" (the tiles held now), not both",
        )),
        (None, None) => return Err(bad(
            "the position needs \"hands\" (each seat's tiles now) or \"deal\" (the tiles dealt)",
        )),
        (Some(d), None) => {
            if spec.boneyard.is_some() {
                return Err(bad(
                    "with \"deal\", the boneyard goes inside the deal: {\"hands\": [...], \"boneyard\": [...]}",
                ));
            }
            let deal = Deal::from_spec(&rules, d).map_err(|e| bad(format!("deal: {e}")))?;
            (deal, true)
        }
        (None, Some(now)) => deal_from_now(
            &rules,
            now,
            spec.boneyard.as_deref(),
            &entries,
            &drawn_tiles,
        )?,
    };
    // Who poses: the first action's seat, else `to_act`, else the rules'
    // opening pose for this deal.
    let all = TileSet(u128::MAX);
    let (poser, allowed) = match (entries.first(), spec.to_act) {
        (Some(e), _) => (e.seat, all),
        (None, Some(s)) if s < n => (s, all),
        (None, Some(s)) => {
            return Err(bad(format!(
                "to_act: seat {s} is not a seat of {}",
                game_name(&rules)
            )))
        }
        (None, None) => match resolve_pose(&rules, &deal, first_rule(&rules)) {
            Ok(Start::Pose { seat, allowed }) => (seat, allowed),
            Ok(Start::Choose(_)) | Err(DealError::Redeal) => {
                return Err(bad(
                    "the rules' opening pose needs a double nobody holds: say who poses with \"to_act\"",
                ))
            }
            Err(DealError::PoserMissing) => {
                return Err(bad(
                    "a turn-over decides who poses first in this game: say who poses with \"to_act\"",
                ))
            }
            Err(e) => return Err(bad(format!("deal: {e}"))),
        },
    };
    let hand_number = spec.hand_number.unwrap_or(1).max(1);
    let mut pos = Position::dealt(&rules, &deal, poser, allowed, hand_number);
    for (i, (e, drawn)) in entries.iter_mut().zip(&drawn_tiles).enumerate() {
        let top = pos.hand.boneyard().first().copied();
        let checked = pos
            .play_checked(i, e.seat, e.action)
            .map_err(|err| bad(err.to_string()))?;
        if let (Action::Draw, Some(t), Some(top)) = (checked, drawn, top) {
            if *t != top {
                return Err(bad(format!(
                    "action {i}: seat {} draws {top} from the top of the deal's boneyard, not {t}",
                    e.seat
                )));
            }
        }
        e.action = checked;
    }
    if pos.hand.is_over() {
        return Err(bad(
            "the hand is over after these actions: there is nothing left to solve",
        ));
    }
    if let Some(s) = spec.to_act {
        if !entries.is_empty() && s != pos.hand.to_act() {
            return Err(bad(format!(
                "to_act says seat {s}, but after these actions seat {} is to move",
                pos.hand.to_act()
            )));
        }
    }
    let unknown = (!known && draws_possible(&pos)).then(|| {
        let rest = pos.hand.boneyard().to_vec();
        UnknownOrder {
            rules,
            deal,
            drawn: usize::from(deal.bone_len) - rest.len(),
            rest,
            poser,
            allowed,
            actions: entries.iter().map(|e| e.action).collect(),
            hand_number: pos.hand_number,
        }
    });
    Ok((pos, unknown))
}

/// Whether a draw can still happen: the solver plays the boneyard in its
/// given order, so an unknown order cannot be solved exactly.
fn draws_possible(pos: &Position) -> bool {
    let rules = pos.hand.rules();
    rules.draw() != DrawRule::Never
        && pos.hand.boneyard().len() > usize::from(rules.draw().reserve())
}

/// Rebuild the deal of a position given by the tiles held now: each seat
/// was dealt what it holds and has played, less what it drew; the boneyard
/// was the tiles drawn, in order, then what is left. Returns the deal and
/// whether the boneyard's order is known.
fn deal_from_now(
    rules: &Rules,
    now: &[Vec<Tile>],
    boneyard: Option<&[Tile]>,
    entries: &[Entry],
    drawn_tiles: &[Option<Tile>],
) -> anyhow::Result<(Deal, bool)> {
    let n = rules.players() as usize;
    if now.len() != n {
        return Err(bad(format!(
            "the position has {} hand{}, but {} seats {n}",
            now.len(),
            if now.len() == 1 { "" } else { "s" },
            game_name(rules)
        )));
    }
    let set = rules.tiles();
    let mut place: HashMap<Tile, String> = HashMap::new();
    let mut put = |t: Tile, at: String| -> anyhow::Result<()> {
        if !set.contains(t) {
            return Err(bad(format!(
                "tile {t} ({at}) is not part of this game's set"
            )));
        }
        if let Some(before) = place.get(&t) {
            return Err(bad(format!("tile {t} is given twice: {before} and {at}")));
        }
        place.insert(t, at);
        Ok(())
    };
    for (s, h) in now.iter().enumerate() {
        for &t in h {
            put(t, format!("in seat {s}'s hand"))?;
        }
    }
    for &t in boneyard.unwrap_or_default() {
        put(t, "in the boneyard".to_string())?;
    }
    let mut played = vec![TileSet::EMPTY; n];
    for (i, e) in entries.iter().enumerate() {
        if let Some(t) = e.action.tile() {
            put(t, format!("played by seat {} at action {i}", e.seat))?;
            played[e.seat as usize].insert(t);
        }
    }
    let mut drawn = vec![TileSet::EMPTY; n];
    let mut drawn_order = Vec::new();
    let mut drawn_at: HashMap<Tile, usize> = HashMap::new();
    for (i, (e, t)) in entries.iter().zip(drawn_tiles).enumerate() {
        if e.action != Action::Draw {
            continue;
        }
        let Some(t) = *t else {
            return Err(bad(format!(
                "action {i}: seat {} draws: with \"hands\", name the tile drawn, as \
                 {{\"seat\": {}, \"action\": {{\"type\": \"draw\"}}, \"tile\": \"3-2\"}} \
                 (or give the \"deal\")",
                e.seat, e.seat
            )));
        };
        if let Some(j) = drawn_at.insert(t, i) {
            return Err(bad(format!(
                "tile {t} is drawn twice: at actions {j} and {i}"
            )));
        }
        let s = e.seat as usize;
        let held = now[s].contains(&t);
        let later = entries[i..]
            .iter()
            .any(|x| x.seat == e.seat && x.action.tile() == Some(t));
        if !held && !later {
            return Err(bad(format!(
                "action {i}: seat {s} drew {t}, but {t} is neither in seat {s}'s hand nor played by seat {s} later"
            )));
        }
        drawn[s].insert(t);
        drawn_order.push(t);
    }
    let mut hands = Vec::with_capacity(n);
    for s in 0..n {
        let held: TileSet = now[s].iter().copied().collect();
        let dealt = (held | played[s]).minus(drawn[s]);
        if dealt.len() != u32::from(rules.hand_size()) {
            return Err(bad(format!(
                "seat {s} holds {} tiles, has played {} and drawn {}, so it was dealt {}; \
                 {} deals {} each",
                held.len(),
                played[s].len(),
                drawn[s].len(),
                dealt.len(),
                game_name(rules),
                rules.hand_size()
            )));
        }
        hands.push(dealt.iter().collect::<Vec<Tile>>());
    }
    let accounted: TileSet = place.keys().copied().collect();
    let missing = set.minus(accounted);
    let (rest, known) = match boneyard {
        Some(b) => {
            if !missing.is_empty() {
                let list: Vec<String> = missing.iter().take(6).map(|t| t.to_string()).collect();
                return Err(bad(format!(
                    "tile{} {} {} missing: every tile of the set must be in a hand, the \
                     boneyard or the actions",
                    if missing.len() > 1 { "s" } else { "" },
                    list.join(", "),
                    if missing.len() > 1 { "are" } else { "is" }
                )));
            }
            (b.to_vec(), true)
        }
        // Without a boneyard, the tiles no one holds or played are its
        // tiles, in no known order.
        None => (missing.iter().collect(), false),
    };
    let spec = DealSpec {
        hands,
        boneyard: drawn_order.into_iter().chain(rest).collect(),
        poser: None,
    };
    let deal = Deal::from_spec(rules, &spec).map_err(|e| bad(format!("the position: {e}")))?;
    Ok((deal, known))
}

/// A value in words: outcome or signed points.
pub fn value_text(rules: &Rules, v: i32) -> String {
    match Objective::of(rules) {
        Objective::Outcome => match v {
            1.. => "win".to_string(),
            0 => "tie".to_string(),
            _ => "loss".to_string(),
        },
        Objective::Points { .. } => format!("{v:+}"),
    }
}

/// Run `domino solve`.
pub fn run(args: &SolveArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let (pos, unknown) = match (&args.file, &args.record) {
        (Some(file), _) => parse(&read_input(file)?)?,
        (None, Some(path)) => {
            let rec = read_record(path)?;
            let hand = args.hand.unwrap_or(1);
            let pos = record_position(&rec, hand, args.action.unwrap_or(0))
                .map_err(|e| bad(format!("{}: {e}", path.display())))?;
            (pos, None)
        }
        (None, None) => return Err(bad("give a position file or --record")),
    };
    let limit = (args.node_limit > 0).then_some(args.node_limit);
    let report = match unknown {
        None => solve(&pos, limit)?,
        Some(u) => solve_unknown(&pos, &u, limit, args.orders, args.samples, args.seed)?,
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report.json)?)?;
    } else {
        write!(out, "{}", report.text)?;
    }
    Ok(())
}

/// The solution in both forms.
#[derive(Debug)]
pub struct Report {
    pub json: Value,
    pub text: String,
}

/// What every answer of `solve --json` begins with.
#[derive(Serialize)]
struct Head {
    rules: RulesSpec,
    hand_number: u32,
    to_act: u8,
    side: usize,
    objective: &'static str,
}

impl Head {
    fn of(rules: &Rules, pos: &Position, seat: u8, side: usize) -> Head {
        Head {
            rules: rules.spec(),
            hand_number: pos.hand_number,
            to_act: seat,
            side,
            objective: objective_name(rules),
        }
    }
}

/// One action's value (`V` an exact `i32` or an expected `f64`).
#[derive(Serialize)]
struct Valued<V> {
    action: Action,
    value: V,
    best: bool,
    /// Sampled boneyard orders only.
    #[serde(skip_serializing_if = "Option::is_none")]
    std_error: Option<f64>,
}

/// One move of the principal line.
#[derive(Serialize)]
struct Step {
    seat: u8,
    action: Action,
}

/// `solve --json` with every tile known.
#[derive(Serialize)]
struct Solved<'a> {
    #[serde(flatten)]
    head: Head,
    value: i32,
    /// Win/tie/loss games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    /// Points games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    so_far: Option<i32>,
    actions: Vec<Valued<i32>>,
    line: Vec<Step>,
    result: &'a domino_engine::HandResult,
    nodes: u64,
    seconds: f64,
}

/// The boneyard of `solve --json` when its order is unknown.
#[derive(Serialize)]
struct Unknown {
    known: bool,
    tiles: usize,
    orders: Option<u64>,
    solved: u64,
    sampled: bool,
    seed: Option<u64>,
}

/// `solve --json` over the boneyard's possible orders.
#[derive(Serialize)]
struct Expected {
    #[serde(flatten)]
    head: Head,
    boneyard: Unknown,
    value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    std_error: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    so_far: Option<i32>,
    actions: Vec<Valued<f64>>,
    nodes: u64,
    seconds: f64,
}

/// `answer` as a JSON value, whose map keeps its keys sorted: the order
/// the answers have always been printed in.
fn sorted(answer: &impl Serialize) -> anyhow::Result<Value> {
    Ok(serde_json::to_value(answer)?)
}

/// Solve a position: every legal action's value and the principal line.
pub fn solve(pos: &Position, node_limit: Option<u64>) -> anyhow::Result<Report> {
    let rules = *pos.hand.rules();
    let seat = pos.hand.to_act();
    let side = rules.side_of(seat);
    let start = Instant::now();
    let mut analyst = Analyst::new(21, node_limit);
    let too_big = || {
        anyhow::anyhow!(
            "the position is too large to solve within {} nodes: raise --node-limit (0 for no limit)",
            node_limit.unwrap_or(0)
        )
    };
    let values = analyst.values(pos, side).ok_or_else(too_big)?;
    let value = values.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let line = analyst.line(pos, side).ok_or_else(too_big)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut end = *pos;
    let mut line_json = Vec::with_capacity(line.len());
    let mut line_text = String::new();
    for a in &line {
        let s = end.hand.to_act();
        line_json.push(Step {
            seat: s,
            action: *a,
        });
        let _ = writeln!(line_text, "  seat {s}  {a}");
        end.apply(*a);
    }
    let so_far = standing(pos, side);
    debug_assert_eq!(final_value(&end, side) - so_far, value);
    let result = settle(&rules, &end.hand, end.hand_number);
    let outcome = matches!(Objective::of(&rules), Objective::Outcome);

    let json = sorted(&Solved {
        head: Head::of(&rules, pos, seat, side),
        value,
        outcome: outcome.then(|| value_text(&rules, value)),
        so_far: (!outcome).then_some(so_far),
        actions: values
            .iter()
            .map(|&(action, v)| Valued {
                action,
                value: v,
                best: v == value,
                std_error: None,
            })
            .collect(),
        line: line_json,
        result: &result,
        nodes: analyst.nodes(),
        seconds,
    })?;

    let mut text = String::new();
    let boneyard = pos.hand.boneyard().len();
    let _ = writeln!(
        text,
        "{}, {} players, hand {}: seat {seat} to move (side {side}){}",
        rules.preset().name(),
        rules.players(),
        pos.hand_number,
        if boneyard > 0 {
            format!(", {boneyard} tiles in the boneyard")
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        text,
        "value for side {side}: {}\n  (values are {})",
        value_text(&rules, value),
        objective_text(&rules)
    );
    if !outcome && so_far != 0 {
        let _ = writeln!(text, "already made this hand: {so_far:+}");
    }
    let _ = writeln!(text, "actions:");
    let width = values
        .iter()
        .map(|(a, _)| a.to_string().len())
        .max()
        .unwrap_or(0);
    for (a, v) in &values {
        let _ = writeln!(
            text,
            "  {:<width$}  {:>5}{}",
            a.to_string(),
            value_text(&rules, *v),
            if *v == value { "  best" } else { "" }
        );
    }
    let _ = writeln!(
        text,
        "line (best for side {side}, the others against it):\n{line_text}  result: {}",
        result_text(&result)
    );
    let _ = writeln!(text, "solved in {seconds:.3} s, {} nodes", analyst.nodes());
    Ok(Report { json, text })
}

/// Solve a position whose boneyard order is unknown: every legal action's
/// value averaged over the orders (all of them, or a sample with standard
/// errors).
pub fn solve_unknown(
    pos: &Position,
    unknown: &UnknownOrder,
    node_limit: Option<u64>,
    max_orders: u64,
    samples: u64,
    seed: u64,
) -> anyhow::Result<Report> {
    let rules = *pos.hand.rules();
    let seat = pos.hand.to_act();
    let side = rules.side_of(seat);
    let start = Instant::now();
    let mut analyst = Analyst::new(21, node_limit);
    let never = usize::from(rules.draw().reserve()).min(unknown.rest.len());
    let e = expected_values(
        |order| unknown.with_order(order),
        &unknown.rest,
        never,
        side,
        &mut analyst,
        Plan {
            max_orders,
            samples,
            seed,
        },
    )
    .ok_or_else(|| {
        anyhow::anyhow!(
            "an order of the boneyard is too large to solve within {} nodes: raise --node-limit (0 for no limit)",
            node_limit.unwrap_or(0)
        )
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let (_, value, value_se) = e.best().unwrap_or((Action::Pass, 0.0, 0.0));
    let sampled = matches!(e.coverage, Coverage::Sampled { .. });
    let so_far = standing(pos, side);
    let outcome = matches!(Objective::of(&rules), Objective::Outcome);
    let distinct = e
        .distinct
        .map_or_else(|| "more than 18 quintillion".to_string(), |d| d.to_string());
    let json = sorted(&Expected {
        head: Head::of(&rules, pos, seat, side),
        boneyard: Unknown {
            known: false,
            tiles: unknown.rest.len(),
            orders: e.distinct,
            solved: e.solved,
            sampled,
            seed: sampled.then_some(seed),
        },
        value,
        std_error: sampled.then_some(value_se),
        so_far: (!outcome).then_some(so_far),
        actions: e
            .values
            .iter()
            .map(|&(action, v, se)| Valued {
                action,
                value: v,
                best: v == value,
                std_error: sampled.then_some(se),
            })
            .collect(),
        nodes: e.nodes,
        seconds,
    })?;

    let shown = |v: f64, se: f64| {
        let mut t = if outcome {
            format!("{v:+.3}")
        } else {
            format!("{v:+.2}")
        };
        if sampled {
            let _ = write!(t, " ± {se:.2}");
        }
        t
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}, {} players, hand {}: seat {seat} to move (side {side}), {} tiles in the boneyard in no known order",
        rules.preset().name(),
        rules.players(),
        pos.hand_number,
        unknown.rest.len(),
    );
    let how = if sampled {
        format!(
            "the mean over {} of the {distinct} boneyard orders, drawn at random (seed {seed}); ± is the standard error",
            e.solved
        )
    } else {
        format!("the mean over all {} boneyard orders", e.solved)
    };
    let _ = writeln!(
        text,
        "expected value for side {side}: {}\n  ({how}; each order solved with every tile known; values are {})",
        shown(value, value_se),
        objective_text(&rules)
    );
    if outcome {
        let _ = writeln!(
            text,
            "  (for outcomes the mean is wins minus losses per order: +1 always wins, -1 always loses)"
        );
    }
    if !outcome && so_far != 0 {
        let _ = writeln!(text, "already made this hand: {so_far:+}");
    }
    let _ = writeln!(text, "actions:");
    let width = e
        .values
        .iter()
        .map(|(a, _, _)| a.to_string().len())
        .max()
        .unwrap_or(0);
    for &(a, v, se) in &e.values {
        let _ = writeln!(
            text,
            "  {:<width$}  {:>12}{}",
            a.to_string(),
            shown(v, se),
            if v == value { "  best" } else { "" }
        );
    }
    let _ = writeln!(
        text,
        "solved {} orders in {seconds:.3} s, {} nodes",
        e.solved, e.nodes
    );
    Ok(Report { json, text })
}

fn result_text(r: &domino_engine::HandResult) -> String {
    let reason = match r.reason {
        domino_engine::EndReason::Domino => "domino",
        domino_engine::EndReason::Blocked => "blocked",
        domino_engine::EndReason::Target => "target",
    };
    let who = match r.winner {
        Some(w) => format!("side {} wins ({reason})", w.side),
        None => format!("tie ({reason})"),
    };
    let points: Vec<String> = r.points.iter().map(i32::to_string).collect();
    if r.points.iter().any(|&p| p != 0) {
        format!("{who}, hand points by side [{}]", points.join(", "))
    } else {
        who
    }
}
