//! The coach: `GET /api/analysis/{id}`, a finished match gone through
//! decision by decision with the same analysis as `domino analyze`
//! ([`domino_bots::analysis`]): each decision's cost against play with
//! full information, what the expert would have played from the seat's own
//! view, the marks earned from the player's view ([`domino_league::verdict`]), and
//! each player's totals (docs/analysis.md).
//!
//! An analysis runs on the blocking pool, one at a time per server, with a
//! few requests waiting at most; the expert thinks within a budget per
//! decision, each full-information search within a node limit, and the
//! whole within a total time budget. Matches with more decisions than the
//! total budget allows are refused before any work. Results (and the
//! refusal of a match too large) are kept in memory, so asking again is
//! instant.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domino_bots::analysis::{
    analyze_until, objective_name, walk, Analysis, AnalyzeConfig, Decision, ExpertConfig,
};
use domino_engine::{Action, MoveList, Record};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::answer::HttpRefusal;
use crate::hub::Hub;
use crate::routes::Routes;
use domino_league::verdict::{judge, Severity, Thresholds};
use domino_protocol::refusal::{Code, Refusal};

/// The payload's format name.
pub const FORMAT: &str = "domino-coach/1";

/// How much an analysis may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The expert's time per decision.
    pub expert_ms: u64,
    /// Nodes each full-information search may take (about 0.2 s); past it
    /// the decision is left unsolved.
    pub node_limit: u64,
    /// The whole analysis: past it the analysis stops and the match is
    /// refused as too large.
    pub total: Duration,
    /// Requests that may wait while one analysis runs; more are refused
    /// as busy.
    pub waiting: usize,
}

impl Budget {
    /// The budget for a server whose bots think `bot_budget_ms` a move:
    /// the expert gets as much, up to 100 ms, and the whole two minutes.
    pub fn for_bots(bot_budget_ms: u64) -> Budget {
        Budget {
            expert_ms: bot_budget_ms.clamp(1, 100),
            node_limit: 1_000_000,
            total: Duration::from_secs(120),
            waiting: 2,
        }
    }

    /// The most decisions a match may have: what the expert's budget per
    /// decision fits in half the total (the other half is the searches').
    pub fn max_decisions(&self) -> usize {
        let half_ms = self.total.as_millis() as u64 / 2;
        (half_ms / self.expert_ms.max(1)) as usize
    }
}

/// One decision: the play, its cost and the expert's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoachDecision {
    /// The action's index in its hand (from 0), as the replay counts steps.
    pub index: usize,
    pub seat: u8,
    pub played: Action,
    /// The played action's value with full information, for the seat's
    /// side; `None` when the search passed its node limit.
    pub value: Option<i32>,
    /// The best actions with full information.
    pub best: Vec<Action>,
    pub best_value: Option<i32>,
    /// Best value minus the played one.
    pub cost: Option<i32>,
    /// The play is marked a blunder from the player's view (see
    /// [`domino_league::verdict`]).
    pub blunder: bool,
    /// What the expert would have played from the seat's view.
    pub expert: Option<Action>,
    /// What the expert's choice would have cost.
    pub expert_cost: Option<i32>,
    /// The seat's side (a team in the partnership games).
    pub side: usize,
    /// The cost beyond the expert's choice from the same view: what the
    /// play cost with the player's information.
    pub view_cost: Option<i32>,
    /// The mark from the player's view, if any.
    pub severity: Option<Severity>,
    /// Costly only with all tiles known: not the player's mistake.
    pub hindsight: bool,
    /// "Make this a puzzle" can succeed here: a play among several, no
    /// tile left to draw, and one play better than the rest by the
    /// puzzles' margin with all tiles known (reports from before this
    /// field read false).
    #[serde(default)]
    pub puzzle: bool,
}

/// One hand's decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoachHand {
    /// The hand's number (from 1).
    pub hand: u32,
    pub decisions: Vec<CoachDecision>,
}

/// One player's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoachSeat {
    pub seat: u8,
    /// The player's name; `None` for a bot seat.
    pub name: Option<String>,
    pub decisions: usize,
    /// Decisions solved within the node limit.
    pub solved: usize,
    pub total_cost: i64,
    /// Total cost over solved decisions; `None` when none was solved.
    pub mean_cost: Option<f64>,
    /// Blunders, mistakes and inaccuracies from the player's view.
    pub blunders: usize,
    pub mistakes: usize,
    pub inaccuracies: usize,
    /// Plays costly only with all tiles known.
    pub hindsight: usize,
    /// Decisions where the player chose what the expert would have.
    pub expert_agreed: usize,
    pub expert_asked: usize,
}

/// The coach's analysis of one finished match (`domino-coach/1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoachReport {
    pub format: String,
    pub id: String,
    /// `outcome`, `points` or `low_points`, as in `domino analyze`.
    pub objective: String,
    /// The smallest cost from the player's view that is a blunder.
    pub blunder: i32,
    /// The smallest cost from the player's view of each severity.
    pub thresholds: Thresholds,
    pub expert_ms: u64,
    pub node_limit: u64,
    pub hands: Vec<CoachHand>,
    pub seats: Vec<CoachSeat>,
    /// How long the analysis took.
    pub seconds: f64,
}

fn decision(d: &Decision, t: &Thresholds, margin: i32) -> CoachDecision {
    let v = judge(d, t);
    CoachDecision {
        index: d.index,
        seat: d.seat,
        played: d.played,
        value: d.played_value(),
        best: d.best(),
        best_value: d.best_value(),
        cost: d.cost(),
        blunder: v.severity == Some(Severity::Blunder),
        expert: d.expert,
        expert_cost: d.expert_cost(),
        side: d.side,
        view_cost: v.view_cost,
        severity: v.severity,
        hindsight: v.hindsight,
        puzzle: puzzle_here(d, margin),
    }
}

/// Whether the solver can make a puzzle of decision `d`: the position's
/// plays (in their claiming forms, as the puzzles count them) with one
/// alone within `margin` of the best, no draw possible, no muggins.
fn puzzle_here(d: &Decision, margin: i32) -> bool {
    if d.drawable || !matches!(d.played, Action::Play { .. }) || d.legal.contains(&Action::Muggins)
    {
        return false;
    }
    let Some(values) = &d.values else {
        return false;
    };
    // A play and its claiming form are one choice: the better value counts.
    let mut plays: Vec<((domino_engine::Tile, Option<u8>), i32)> = Vec::new();
    for (a, &v) in d.legal.iter().zip(values) {
        if let Action::Play { tile, end, .. } = *a {
            match plays.iter_mut().find(|(k, _)| *k == (tile, end)) {
                Some((_, best)) => *best = (*best).max(v),
                None => plays.push(((tile, end), v)),
            }
        }
    }
    let Some(best) = plays.iter().map(|&(_, v)| v).max() else {
        return false;
    };
    plays.len() >= 2 && plays.iter().filter(|&&(_, v)| v > best - margin).count() == 1
}

/// The payload for an analysis of match `id` whose seats had `names`
/// (`None`: a bot).
pub fn report(
    id: &str,
    a: &Analysis,
    names: &[Option<String>],
    budget: &Budget,
    seconds: f64,
) -> CoachReport {
    let thresholds = Thresholds::of(&a.rules);
    let margin = domino_puzzles::prove::margin(&a.rules);
    let hands: Vec<CoachHand> = a
        .hands
        .iter()
        .map(|h| CoachHand {
            hand: h.number,
            decisions: h
                .decisions
                .iter()
                .map(|d| decision(d, &thresholds, margin))
                .collect(),
        })
        .collect();
    let all: Vec<&CoachDecision> = hands.iter().flat_map(|h| &h.decisions).collect();
    let seats = a
        .seats()
        .into_iter()
        .map(|s| {
            let mine = || all.iter().filter(move |d| d.seat == s.seat);
            let marked = |k: Severity| mine().filter(|d| d.severity == Some(k)).count();
            CoachSeat {
                seat: s.seat,
                name: names.get(s.seat as usize).cloned().flatten(),
                decisions: s.decisions,
                solved: s.solved,
                total_cost: s.total_cost,
                mean_cost: (s.solved > 0).then(|| s.total_cost as f64 / s.solved as f64),
                blunders: marked(Severity::Blunder),
                mistakes: marked(Severity::Mistake),
                inaccuracies: marked(Severity::Inaccuracy),
                hindsight: mine().filter(|d| d.hindsight).count(),
                expert_agreed: s.agreed,
                expert_asked: s.asked,
            }
        })
        .collect();
    CoachReport {
        format: FORMAT.to_string(),
        id: id.to_string(),
        objective: objective_name(&a.rules).to_string(),
        blunder: thresholds.blunder,
        thresholds,
        expert_ms: budget.expert_ms,
        node_limit: budget.node_limit,
        hands,
        seats,
        seconds,
    }
}

/// The decisions of a record (actions with more than one legal choice),
/// counted without solving anything.
pub fn decisions(rec: &Record) -> Result<usize, String> {
    let mut legal = MoveList::new();
    let mut n = 0usize;
    walk(rec, |s| {
        s.game.legal(&mut legal);
        if legal.len() > 1 {
            n += 1;
        }
        true
    })
    .map_err(|e| e.to_string())?;
    Ok(n)
}

/// Analyse `rec` within `budget` (blocking: call it on the blocking pool).
pub fn run(
    id: &str,
    rec: &Record,
    names: &[Option<String>],
    budget: &Budget,
) -> Result<CoachReport, Refusal> {
    let n = decisions(rec).map_err(|e| Refusal::new(Code::Internal, e))?;
    let max = budget.max_decisions();
    if n > max {
        return Err(too_large(format!(
            "the match has {n} decisions; the coach analyses at most {max}"
        )));
    }
    let config = AnalyzeConfig {
        expert: Some(ExpertConfig {
            seed: 1,
            budget_ms: budget.expert_ms,
            samples: None,
        }),
        node_limit: Some(budget.node_limit),
        ..AnalyzeConfig::default()
    };
    let start = Instant::now();
    let analysis = analyze_until(rec, &config, &mut |_| start.elapsed() < budget.total)
        .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?;
    let Some(analysis) = analysis else {
        return Err(too_large(format!(
            "the analysis took longer than the coach's {} s",
            budget.total.as_secs()
        )));
    };
    Ok(report(
        id,
        &analysis,
        names,
        budget,
        start.elapsed().as_secs_f64(),
    ))
}

fn too_large(message: String) -> Refusal {
    Refusal::new(Code::AnalysisTooLarge, message)
}

/// An analysis, or why there is none.
type Answer = Result<Arc<CoachReport>, Refusal>;

/// The answers kept, and the order they came in (the oldest goes first).
#[derive(Debug, Default)]
struct Kept {
    answers: HashMap<String, Answer>,
    order: VecDeque<String>,
}

/// Analyses kept in memory.
const KEPT: usize = 64;

/// The server's coach: the analyses done (or refused as too large), the
/// one running and the requests waiting for it.
#[derive(Debug)]
pub struct Coach {
    budget: Budget,
    done: Mutex<Kept>,
    running: Semaphore,
    waiting: AtomicUsize,
}

impl Coach {
    pub fn new(budget: Budget) -> Coach {
        Coach {
            budget,
            done: Mutex::new(Kept::default()),
            running: Semaphore::new(1),
            waiting: AtomicUsize::new(0),
        }
    }

    fn kept(&self, id: &str) -> Option<Answer> {
        self.done.lock().ok()?.answers.get(id).cloned()
    }

    fn keep(&self, id: &str, r: Answer) {
        if let Ok(mut done) = self.done.lock() {
            let kept = &mut *done;
            if kept.answers.insert(id.to_string(), r).is_none() {
                kept.order.push_back(id.to_string());
            }
            while kept.order.len() > KEPT {
                if let Some(old) = kept.order.pop_front() {
                    kept.answers.remove(&old);
                }
            }
        }
    }

    /// The analysis of finished match `id` with record `rec`: kept, or
    /// worked out now; refused when busy or too large.
    pub async fn analysis(
        &self,
        id: &str,
        rec: Record,
        names: Vec<Option<String>>,
    ) -> Result<Arc<CoachReport>, Refusal> {
        if let Some(r) = self.kept(id) {
            return r;
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.budget.waiting {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(Refusal::new(
                Code::AnalysisBusy,
                "the coach is busy with other matches",
            ));
        }
        let permit = self.running.acquire().await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let Ok(_permit) = permit else {
            return Err(Refusal::new(Code::Internal, "the coach is closed"));
        };
        // Someone else may have asked for the same match meanwhile.
        if let Some(r) = self.kept(id) {
            return r;
        }
        let budget = self.budget;
        let owned = id.to_string();
        let done = tokio::task::spawn_blocking(move || run(&owned, &rec, &names, &budget))
            .await
            .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?;
        let r = done.map(Arc::new);
        if matches!(
            &r,
            Ok(_)
                | Err(Refusal {
                    code: Code::AnalysisTooLarge,
                    ..
                })
        ) {
            self.keep(id, r.clone());
        }
        r
    }
}

/// `GET /api/analysis/{id}`.
pub fn routes(hub: Hub) -> Routes {
    let coach = Arc::new(Coach::new(Budget::for_bots(hub.config.bot_budget_ms)));
    Routes::new()
        .get("/api/analysis/{id}", analysis)
        .with_state((hub, coach))
}

/// Finished match `id`'s stored row and record, unless a duplicate round
/// still being played keeps it sealed (also for own puzzles:
/// `puzzles::own`).
pub(crate) async fn finished_record(
    hub: &Hub,
    id: &str,
) -> Result<(Record, domino_store::Finished), HttpRefusal> {
    crate::tournament::secrecy::check_http(&hub.store, id).await?;
    let f = hub
        .store
        .finished(id)
        .await
        .map_err(|e| HttpRefusal::new(StatusCode::INTERNAL_SERVER_ERROR, Code::Store, e))?
        .ok_or_else(|| {
            HttpRefusal::new(
                StatusCode::NOT_FOUND,
                Code::NoTable,
                "no finished match with that id",
            )
        })?;
    let rec: Record = serde_json::from_str(&f.record)
        .map_err(|e| HttpRefusal::new(StatusCode::INTERNAL_SERVER_ERROR, Code::Internal, e))?;
    Ok((rec, f))
}

async fn analysis(
    State((hub, coach)): State<(Hub, Arc<Coach>)>,
    Path(id): Path<String>,
) -> Result<Json<CoachReport>, HttpRefusal> {
    let (rec, f) = finished_record(&hub, &id).await?;
    let players = rec.rules.players.unwrap_or(0) as usize;
    let names: Vec<Option<String>> = (0..players.max(f.seats.len()))
        .map(|s| {
            f.seats
                .iter()
                .find(|r| r.seat == s as i64)
                .map(|r| r.name.clone())
        })
        .collect();
    // Busy 503, too large 413, a fault 500: the codes' own statuses.
    let report = coach
        .analysis(&id, rec, names)
        .await
        .map_err(HttpRefusal::from)?;
    Ok(Json(report.as_ref().clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_bots::BotConfig;
    use domino_engine::{Match, Rules, RulesSpec};

    /// A short match between bots (two hands), as a record.
    fn record(preset: &str, players: u8) -> Record {
        let spec = RulesSpec {
            preset: preset.into(),
            players: Some(players),
            options: Default::default(),
        };
        let rules: Rules = spec.resolve().expect("rules");
        let mut m = Match::new(rules, Some(7), None).expect("match");
        let mut bots: Vec<_> = (0..players)
            .map(|_| domino_bots::by_name("heavy", BotConfig::default()).expect("bot"))
            .collect();
        domino_bots::play_match(&mut m, &mut bots, 2).expect("played");
        m.record()
    }

    #[test]
    fn every_decision_is_reported_with_its_cost_and_the_totals_add_up() {
        let rec = record("draw", 2);
        let budget = Budget {
            expert_ms: 5,
            ..Budget::for_bots(5)
        };
        let names = vec![Some("Ana".to_string()), None];
        let r = run("abc", &rec, &names, &budget).expect("analysed");
        assert_eq!(r.format, FORMAT);
        let all: Vec<&CoachDecision> = r.hands.iter().flat_map(|h| &h.decisions).collect();
        assert_eq!(all.len(), decisions(&rec).expect("counted"));
        assert!(!all.is_empty());
        for d in &all {
            if let (Some(c), Some(b), Some(v)) = (d.cost, d.best_value, d.value) {
                assert_eq!(c, b - v);
                assert!(c >= 0);
            }
            // A mark is earned from the player's view only.
            assert_eq!(d.blunder, d.severity == Some(Severity::Blunder));
            if let Some(v) = d.view_cost {
                assert_eq!(d.severity, r.thresholds.grade(v));
                assert!(v <= d.cost.unwrap_or(0));
            }
            assert!(!(d.hindsight && d.severity.is_some()));
        }
        for s in &r.seats {
            let mine: Vec<&&CoachDecision> = all.iter().filter(|d| d.seat == s.seat).collect();
            assert_eq!(s.decisions, mine.len());
            let total: i64 = mine.iter().filter_map(|d| d.cost).map(i64::from).sum();
            assert_eq!(s.total_cost, total);
            assert_eq!(s.blunders, mine.iter().filter(|d| d.blunder).count());
        }
        assert_eq!(r.seats[0].name.as_deref(), Some("Ana"));
        assert_eq!(r.seats[1].name, None);
    }

    /// "Make this a puzzle" is offered where the prover makes one: every
    /// decision it is offered on is proved, and a draw game's decisions
    /// with tiles left to draw are never offered.
    #[test]
    fn a_puzzle_is_offered_only_where_one_can_be_made() {
        let mut offered = 0;
        for (preset, players) in [("block", 2), ("draw", 2)] {
            let rec = record(preset, players);
            let budget = Budget {
                expert_ms: 5,
                ..Budget::for_bots(5)
            };
            let r = run("abc", &rec, &[], &budget).expect("analysed");
            for h in &r.hands {
                for d in &h.decisions {
                    let proved = domino_puzzles::prove_at(
                        "abc",
                        &rec,
                        h.hand as usize,
                        d.index,
                        domino_puzzles::Limits::default(),
                    );
                    if d.puzzle {
                        offered += 1;
                        assert!(
                            proved.is_ok(),
                            "{preset} hand {} step {}: {proved:?}",
                            h.hand,
                            d.index
                        );
                    }
                }
            }
        }
        // Block's hands end with plays to choose between and nothing to
        // draw; a draw game's often end with the boneyard still full.
        assert!(offered > 0, "no decision offered");
        // Early in a draw game the boneyard is full: never offered there.
        let rec = record("draw", 2);
        let budget = Budget::for_bots(5);
        let r = run("abc", &rec, &[], &budget).expect("analysed");
        let first = r.hands.first().and_then(|h| h.decisions.first());
        assert!(first.is_some_and(|d| !d.puzzle));
    }

    #[test]
    fn a_match_with_more_decisions_than_the_budget_is_refused_before_any_work() {
        let rec = record("draw", 2);
        let budget = Budget {
            expert_ms: 100,
            total: Duration::from_millis(200),
            ..Budget::for_bots(100)
        };
        assert_eq!(budget.max_decisions(), 1);
        let e = run("abc", &rec, &[], &budget).expect_err("too large");
        assert_eq!(e.code, Code::AnalysisTooLarge);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_second_request_is_answered_from_memory() {
        let rec = record("draw", 2);
        let coach = Coach::new(Budget::for_bots(5));
        let first = coach
            .analysis("m1", rec.clone(), vec![])
            .await
            .expect("first");
        let second = coach.analysis("m1", rec, vec![]).await.expect("second");
        assert!(Arc::ptr_eq(&first, &second));
    }
}
