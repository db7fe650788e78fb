//! A player's own puzzles (docs/puzzles.md, "Your own puzzles"): a
//! decision of one of their finished matches (the hand and the action's
//! index, as the coach numbers them) rebuilt from the stored record and
//! proved by the same solver as the shipped set's, then kept for that
//! profile alone. They are not rated: the player has met the position
//! before, and no one else tries it, so a rating would measure nothing.

pub mod api;

use std::sync::LazyLock;

use domino_engine::Action;
use domino_protocol::puzzles::{OwnListed, Shown, Tried};
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::{prove_at, setup_at, FromRecordError, Limits, RecordPuzzle};
use tokio::sync::Semaphore;

use super::show::{chosen, shown, taught, Showing};
use super::Puzzles;

/// Most puzzles one player keeps: a bound on what one profile may store.
pub const MAX_OWN: i64 = 500;

/// One proof at a time on the server: a counting proof solves up to 256
/// worlds, and the blocking pool is shared with the tables' bots.
static PROVING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

/// Why an own puzzle's request failed.
#[derive(Debug)]
pub enum OwnError {
    Refused(Refusal),
    /// The solver makes no puzzle of that decision.
    Unprovable(FromRecordError),
}

impl From<Refusal> for OwnError {
    fn from(r: Refusal) -> OwnError {
        OwnError::Refused(r)
    }
}

fn store_error(e: impl std::fmt::Display) -> Refusal {
    crate::fault::fault("own puzzles", Code::Store, e)
}

fn listed(p: &RecordPuzzle) -> OwnListed {
    OwnListed {
        id: p.id.clone(),
        table: p.table.clone(),
        hand: p.hand,
        index: p.index,
        game: p.game.clone(),
        kind: p.kind,
    }
}

impl Puzzles {
    /// Prove the decision (`hand` from 1, `index` from 0 in it) of the
    /// finished match `table` and keep it for `me`, who must have made it:
    /// the puzzle listed, and whether it is new (else kept already).
    pub async fn make_own(
        &self,
        me: &str,
        table: &str,
        hand: usize,
        index: usize,
    ) -> Result<(bool, OwnListed), OwnError> {
        let (f, rec) = self.finished.get(table).await?;
        // Whose decision it was, before any proof: only its player may keep it.
        let probe = rec.clone();
        let seat =
            tokio::task::spawn_blocking(move || setup_at(&probe, hand, index).map(|(s, _)| s.seat))
                .await
                .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?
                .map_err(OwnError::Unprovable)?;
        let theirs = f
            .seats
            .iter()
            .find(|s| s.seat == i64::from(seat))
            .and_then(|s| s.profile_id.as_deref());
        if theirs != Some(me) {
            return Err(Refusal::new(
                Code::NotSeated,
                "this play was not yours: puzzles are made from your own plays",
            )
            .into());
        }
        if self
            .puzzles
            .own_puzzle_count(me)
            .await
            .map_err(store_error)?
            >= MAX_OWN
        {
            return Err(
                Refusal::new(Code::Full, format!("you keep {MAX_OWN} puzzles already")).into(),
            );
        }
        let permit = PROVING
            .acquire()
            .await
            .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?;
        let at = table.to_string();
        let proved = tokio::task::spawn_blocking(move || {
            prove_at(&at, &rec, hand, index, Limits::default())
        })
        .await
        .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?;
        drop(permit);
        let p = proved.map_err(OwnError::Unprovable)?;
        let now = crate::clock::now_ms();
        let new = self
            .puzzles
            .keep_own_puzzle(me, &p, now)
            .await
            .map_err(store_error)?;
        Ok((new, listed(&p)))
    }

    /// `me`'s puzzles, the newest first.
    pub async fn own_list(&self, me: &str) -> Result<Vec<OwnListed>, Refusal> {
        let all = self.puzzles.own_puzzles(me).await.map_err(store_error)?;
        Ok(all.iter().map(listed).collect())
    }

    /// One of `me`'s puzzles, shown as its kind allows.
    pub async fn own_one(&self, me: &str, id: &str) -> Result<Shown, Refusal> {
        let p = self.mine(me, id).await?;
        let setup = self.rebuilt(&p).await?;
        Ok(shown(
            &setup,
            Showing {
                id: &p.id,
                game: &p.game,
                kind: p.kind,
                themes: &p.themes,
                worlds: p.worlds,
            },
        ))
    }

    /// A try at one of `me`'s puzzles: right or wrong, the solver's values
    /// and what was played in the match; no rating moves.
    pub async fn try_own(&self, me: &str, id: &str, action: Action) -> Result<Tried, Refusal> {
        let p = self.mine(me, id).await?;
        let tried = chosen(&p.choices, action)?;
        let right = domino_puzzles::rate::same_play(action, p.answer);
        let setup = self.rebuilt(&p).await?;
        let build = move || Ok(setup);
        let taught = taught(p.id.clone(), build, p.kind, p.answer, tried, right).await;
        Ok(Tried {
            right,
            unrated: None,
            answer: p.answer,
            choices: p.choices,
            player: None,
            puzzle: None,
            played: Some(p.played),
            explained: taught.explained,
            line: taught.line,
            your_line: taught.your_line,
        })
    }

    /// One of `me`'s puzzles, or `no_puzzle` (also for another player's).
    async fn mine(&self, me: &str, id: &str) -> Result<RecordPuzzle, Refusal> {
        self.puzzles
            .own_puzzle(me, id)
            .await
            .map_err(store_error)?
            .ok_or_else(|| Refusal::new(Code::NoPuzzle, format!("you have no puzzle {id:?}")))
    }

    /// Rebuild an own puzzle's position from its match's record.
    async fn rebuilt(&self, p: &RecordPuzzle) -> Result<domino_puzzles::Setup, Refusal> {
        let (_, rec) = self.finished.get(&p.table).await?;
        let (hand, index) = (p.hand, p.index);
        let id = p.id.clone();
        tokio::task::spawn_blocking(move || setup_at(&rec, hand, index).map(|(s, _)| s))
            .await
            .map_err(|e| Refusal::new(Code::Internal, e.to_string()))?
            .map_err(|e| {
                tracing::error!(puzzle = %id, "an own puzzle does not rebuild: {e}");
                Refusal::new(Code::Internal, format!("own puzzle {id}: {e}"))
            })
    }
}
