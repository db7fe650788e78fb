//! The coach, the feature's room: a finished match gone through decision
//! by decision with the same analysis as `domino analyze`
//! ([`domino_bots::analysis`]): each decision's cost against play with
//! full information, what the expert would have played from the seat's own
//! view, the marks earned from the player's view ([`domino_league::verdict`]), and
//! each player's totals (docs/analysis.md). `api.rs` is its HTTP adapter
//! (`GET /api/analysis/{id}`); its answer is `domino_protocol::coach`.
//!
//! An analysis runs on the blocking pool, one at a time per server, with a
//! few requests waiting at most; the expert thinks within a budget per
//! decision, each full-information search within a node limit, and the
//! whole within a total time budget. Matches with more decisions than the
//! total budget allows are refused before any work; such a match (many
//! hands of the trains family) may be asked for a hand at a time. Results
//! (and the refusal of a match too large) are kept in memory, so asking
//! again is instant. The match is read through the finished matches' service, so a
//! duplicate round being played stays sealed.

pub mod api;
mod report;

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domino_bots::analysis::{analyze_until, check_hand, AnalyzeConfig, ExpertConfig};
use domino_engine::Record;
use domino_protocol::coach::CoachReport;
use domino_protocol::refusal::{Code, Refusal};
use tokio::sync::Semaphore;

use crate::finished::FinishedMatches;
pub use report::{decisions, report};

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

/// Analyse `rec` (its hand `hand` alone, from 1, when given) within
/// `budget` (blocking: call it on the blocking pool).
pub fn run(
    id: &str,
    rec: &Record,
    names: &[Option<String>],
    budget: &Budget,
    hand: Option<u32>,
) -> Result<CoachReport, Refusal> {
    check_hand(rec, hand).map_err(|e| Refusal::new(Code::BadRequest, e.to_string()))?;
    let n = decisions(rec, hand).map_err(|e| Refusal::new(Code::Internal, e))?;
    let max = budget.max_decisions();
    if n > max {
        let what = match hand {
            Some(h) => format!("hand {h}"),
            None => "the match".to_string(),
        };
        return Err(too_large(format!(
            "{what} has {n} decisions; the coach analyses at most {max}{}",
            if hand.is_none() {
                " (ask for one hand at a time: ?hand=N)"
            } else {
                ""
            }
        )));
    }
    let config = AnalyzeConfig {
        expert: Some(ExpertConfig {
            seed: 1,
            budget_ms: budget.expert_ms,
            samples: None,
        }),
        node_limit: Some(budget.node_limit),
        hand,
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
        hand,
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
    finished: FinishedMatches,
    budget: Budget,
    done: Mutex<Kept>,
    running: Semaphore,
    waiting: AtomicUsize,
}

impl Coach {
    pub fn new(finished: FinishedMatches, budget: Budget) -> Coach {
        Coach {
            finished,
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

    /// The analysis of finished match `id` (its hand `hand` alone, from 1,
    /// when given), its seats named as they sat (`None`: a bot): kept, or
    /// worked out now; refused when there is no such match or hand, while
    /// its duplicate round is played, when busy or when too large (the
    /// codes' own statuses: 404, 400, 403, 503, 413).
    pub async fn analysis_of(
        &self,
        id: &str,
        hand: Option<u32>,
    ) -> Result<Arc<CoachReport>, Refusal> {
        let (f, rec) = self.finished.get(id).await?;
        let players = rec.rules.players.unwrap_or(0) as usize;
        let names: Vec<Option<String>> = (0..players.max(f.seats.len()))
            .map(|s| {
                f.seats
                    .iter()
                    .find(|r| r.seat == s as i64)
                    .map(|r| r.name.clone())
            })
            .collect();
        self.analysis(id, rec, names, hand).await
    }

    /// The analysis of finished match `id` with record `rec` (its hand
    /// `hand` alone when given): kept, or worked out now; refused when
    /// busy or too large.
    pub async fn analysis(
        &self,
        id: &str,
        rec: Record,
        names: Vec<Option<String>>,
        hand: Option<u32>,
    ) -> Result<Arc<CoachReport>, Refusal> {
        // A hand's analysis is kept apart from the whole match's.
        let key = match hand {
            Some(h) => format!("{id}#{h}"),
            None => id.to_string(),
        };
        if let Some(r) = self.kept(&key) {
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
        if let Some(r) = self.kept(&key) {
            return r;
        }
        let budget = self.budget;
        let owned = id.to_string();
        let done = tokio::task::spawn_blocking(move || run(&owned, &rec, &names, &budget, hand))
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
            self.keep(&key, r.clone());
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_bots::analysis::walk;
    use domino_bots::BotConfig;
    use domino_engine::{Action, MoveList};
    use domino_engine::{Match, Rules, RulesSpec};
    use domino_league::verdict::Severity;
    use domino_protocol::coach::{CoachDecision, FORMAT};

    /// A short match between bots (two hands), as a record.
    fn record(preset: &str, players: u8) -> Record {
        record_of(RulesSpec {
            preset: preset.into(),
            players: Some(players),
            options: Default::default(),
        })
    }

    /// A short match between bots (two hands) of `spec`, as a record.
    fn record_of(spec: RulesSpec) -> Record {
        let rules: Rules = spec.resolve().expect("rules");
        let players = rules.players();
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
        let r = run("abc", &rec, &names, &budget, None).expect("analysed");
        assert_eq!(r.format, FORMAT);
        let all: Vec<&CoachDecision> = r.hands.iter().flat_map(|h| &h.decisions).collect();
        assert_eq!(all.len(), decisions(&rec, None).expect("counted"));
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
            let r = run("abc", &rec, &[], &budget, None).expect("analysed");
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
        let r = run("abc", &rec, &[], &budget, None).expect("analysed");
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
        let e = run("abc", &rec, &[], &budget, None).expect_err("too large");
        assert_eq!(e.code, Code::AnalysisTooLarge);
    }

    /// A hand alone: its decisions only, the same as the whole match's
    /// for that hand; a hand the match does not have is refused.
    #[test]
    fn a_hand_is_analysed_alone() {
        let rec = record("draw", 2);
        assert_eq!(rec.hands.len(), 2);
        let budget = Budget {
            expert_ms: 5,
            ..Budget::for_bots(5)
        };
        let whole = run("abc", &rec, &[], &budget, None).expect("analysed");
        assert_eq!(whole.hand, None);
        let counts: Vec<usize> = (1..=2)
            .map(|h| decisions(&rec, Some(h)).expect("counted"))
            .collect();
        assert_eq!(
            counts.iter().sum::<usize>(),
            decisions(&rec, None).expect("counted")
        );
        for h in 1..=2u32 {
            let one = run("abc", &rec, &[], &budget, Some(h)).expect("analysed");
            assert_eq!(one.hand, Some(h));
            assert_eq!(one.id, "abc");
            assert_eq!(one.hands.len(), 1);
            assert_eq!(one.hands[0].hand, h);
            let of = |r: &CoachReport| -> Vec<(usize, Action, Option<i32>)> {
                r.hands
                    .iter()
                    .filter(|x| x.hand == h)
                    .flat_map(|x| &x.decisions)
                    .map(|d| (d.index, d.played, d.value))
                    .collect()
            };
            assert_eq!(of(&one), of(&whole), "hand {h}");
            assert_eq!(of(&one).len(), counts[h as usize - 1]);
            let seat_total: usize = one.seats.iter().map(|s| s.decisions).sum();
            assert_eq!(seat_total, counts[h as usize - 1]);
        }
        for h in [0, 3] {
            let e = run("abc", &rec, &[], &budget, Some(h)).expect_err("no such hand");
            assert_eq!(e.code, Code::BadRequest, "hand {h}");
        }
    }

    /// A Mexican Train match too long for the coach whole is analysed a
    /// hand at a time, and a first turn's chain (a pass beside the plays)
    /// is never offered as a puzzle.
    #[test]
    fn a_trains_match_too_long_whole_is_analysed_by_hand() {
        // The first turn played as a chain: a pass stands beside the plays.
        let rec = record_of(RulesSpec {
            preset: "mexican-train".into(),
            players: Some(4),
            options: [("first_turn".to_string(), serde_json::json!("chain"))]
                .into_iter()
                .collect(),
        });
        let per_hand: Vec<usize> = (1..=rec.hands.len() as u32)
            .map(|h| decisions(&rec, Some(h)).expect("counted"))
            .collect();
        let most = per_hand.iter().copied().max().unwrap_or(0);
        assert!(most > 0);
        // The whole is over the budget's decisions, each hand within it.
        let budget = Budget {
            expert_ms: 2,
            node_limit: 20_000,
            total: Duration::from_millis(2 * 2 * most as u64),
            waiting: 2,
        };
        assert_eq!(budget.max_decisions(), most);
        let e = run("abc", &rec, &[], &budget, None).expect_err("too large whole");
        assert_eq!(e.code, Code::AnalysisTooLarge);
        assert!(e.message.contains("?hand="), "{}", e.message);
        let roomy = Budget {
            total: Duration::from_secs(600),
            ..budget
        };
        let one = run("abc", &rec, &[], &roomy, Some(1)).expect("one hand");
        assert_eq!(one.hands.len(), 1);
        assert_eq!(one.hands[0].decisions.len(), per_hand[0]);
        assert!(
            one.hands[0].decisions.iter().any(|d| d.value.is_some()),
            "nothing solved"
        );
        let mut chains = 0;
        walk(&rec, |st| {
            if st.hand == 1 {
                let mut legal = MoveList::new();
                st.game.legal(&mut legal);
                if legal.len() > 1 && legal.contains(&Action::Pass) {
                    chains += 1;
                    let d = one.hands[0].decisions.iter().find(|d| d.index == st.index);
                    assert!(
                        d.is_some_and(|d| !d.puzzle),
                        "a chain's decision offered as a puzzle"
                    );
                }
            }
            st.hand <= 1
        })
        .expect("walked");
        assert!(chains > 0, "no first-turn chain in the hand");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_second_request_is_answered_from_memory() {
        let rec = record("draw", 2);
        let store = domino_store::Store::connect("sqlite::memory:")
            .await
            .expect("store");
        let coach = Coach::new(
            FinishedMatches::new(store.tables().clone(), store.tournaments().clone()),
            Budget::for_bots(5),
        );
        let first = coach
            .analysis("m1", rec.clone(), vec![], None)
            .await
            .expect("first");
        let second = coach
            .analysis("m1", rec, vec![], None)
            .await
            .expect("second");
        assert!(Arc::ptr_eq(&first, &second));
    }
}
