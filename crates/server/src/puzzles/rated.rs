//! The set's puzzles, rated: the next puzzle near a player's rating,
//! today's puzzle, and a try. The first try of a puzzle the server served
//! to that player moves the player's rating and the puzzle's (one Glicko-2
//! game between them: the player wins by finding the answer), once and
//! for good; any other try is answered the same way, unrated, and says
//! why. Every way to a rated try comes through here.

use domino_engine::Action;
use domino_protocol::puzzles::{Moved, Shown, Tried, Unrated};
use domino_protocol::refusal::{Code, Refusal};
use domino_puzzles::rate::same_play;
use domino_puzzles::{Puzzle, Theme};
use domino_store::puzzles::{Move, Stored, TryKept};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::set::{by_id, daily, near_unserved, Filter};
use super::show::{chosen, rating, taught, unrated_shown};
use super::{fault, runs, Puzzles};

/// How sure the set's starting rating of a puzzle is: measured by the bot
/// levels, so surer than a new player's 350, still far from settled.
const PUZZLE_DEVIATION: f64 = 200.0;

fn puzzle_start(p: &Puzzle) -> Glicko2Rating {
    Glicko2Rating {
        rating: f64::from(p.rating),
        deviation: PUZZLE_DEVIATION,
        ..Glicko2Rating::new()
    }
}

/// How many times a try reads and writes the two ratings before it gives
/// up because other tries keep moving them (each waits a little longer,
/// at random, so that tries at once spread out).
const RATING_ATTEMPTS: u64 = 32;

/// What the next puzzle is asked for.
#[derive(Debug, Default)]
pub struct NextAsk {
    pub theme: Option<Theme>,
    /// A game as the set's filter names it (a preset's name, its size kept).
    pub game: Option<String>,
    /// The puzzle just seen, not to be given again at once.
    pub skip: Option<String>,
}

/// A try whose puzzle and play were found (see [`Puzzles::attempt`]).
#[derive(Debug)]
pub struct Attempt {
    p: &'static Puzzle,
    action: Action,
    /// The play as the puzzle lists it.
    chosen: Action,
}

impl Puzzles {
    /// The next puzzle for `player`, near their rating: one never served
    /// to them while the filter has others, else one still to try;
    /// served, so its first try is rated.
    pub async fn next(&self, player: &str, ask: NextAsk) -> Result<Shown, Refusal> {
        let mine = self.player_rating(player).await?.rating;
        let filter = Filter {
            theme: ask.theme,
            game: ask.game.as_deref(),
        };
        let current = self.puzzles.puzzle_ratings_now().await.map_err(fault)?;
        let served = self.puzzles.puzzles_served(player).await.map_err(fault)?;
        let pick = rand::random::<u32>() as usize;
        let Some(p) = near_unserved(
            filter,
            &current,
            mine.rating,
            ask.skip.as_deref(),
            &served,
            pick,
        ) else {
            return Err(Refusal::new(
                Code::NoPuzzle,
                "no puzzle has this theme in this game",
            ));
        };
        self.serve(p, player, mine).await
    }

    /// Today's puzzle (UTC), the same for everyone; served to `player`.
    pub async fn daily(&self, player: &str) -> Result<Shown, Refusal> {
        let mine = self.player_rating(player).await?.rating;
        let day = crate::clock::now_ms().max(0) as u64 / 86_400_000;
        match daily(day) {
            Some(p) => self.serve(p, player, mine).await,
            None => Err(Refusal::new(Code::NoPuzzle, "no puzzles are shipped")),
        }
    }

    /// A puzzle as the player sees it, with its rating and the player's;
    /// served to the player, so that their first try at it is rated.
    async fn serve(
        &self,
        p: &'static Puzzle,
        player: &str,
        mine: Glicko2Rating,
    ) -> Result<Shown, Refusal> {
        let unrated = unrated_shown(p)?;
        self.puzzles
            .serve_puzzle(player, &p.id, crate::clock::now_ms())
            .await
            .map_err(fault)?;
        let theirs = self.puzzle_rating(p).await?.rating;
        Ok(Shown {
            rating: Some(rating(theirs)),
            player: Some(rating(mine)),
            ..unrated
        })
    }

    /// A try at the set's puzzle `id` read before whose it is: the puzzle
    /// (`no_puzzle`) and the play among its choices (`illegal_action`).
    pub fn attempt(&self, id: &str, action: Action) -> Result<Attempt, Refusal> {
        let Some(p) = by_id(id) else {
            return Err(Refusal::new(Code::NoPuzzle, format!("no puzzle {id:?}")));
        };
        let chosen = chosen(&p.choices, action)?;
        Ok(Attempt { p, action, chosen })
    }

    /// `player`'s try: rated only as the first try of a puzzle served to
    /// them; noted in their history either way.
    pub async fn try_set(&self, player: &str, at: Attempt) -> Result<Tried, Refusal> {
        let Attempt { p, action, chosen } = at;
        let right = same_play(action, p.answer);
        let served = self
            .puzzles
            .puzzle_served(player, &p.id)
            .await
            .map_err(fault)?;
        let moved = match served {
            None => Err(Unrated::NotServed),
            Some(true) => Err(Unrated::TriedBefore),
            Some(false) => self.rate_try(player, p, right).await?,
        };
        let now = crate::clock::now_ms();
        runs::note_try(self, player, p, right, moved.is_ok(), now).await;
        let build = || p.setup().map_err(|e| e.to_string());
        let taught = taught(p.id.clone(), build, p.kind, p.answer, chosen, right).await;
        let (player, puzzle, unrated) = match moved {
            Ok((player, puzzle)) => (Some(player), Some(puzzle), None),
            Err(why) => (None, None, Some(why)),
        };
        Ok(Tried {
            right,
            unrated,
            answer: p.answer,
            choices: p.choices.clone(),
            player,
            puzzle,
            played: None,
            explained: taught.explained,
            line: taught.line,
            your_line: taught.your_line,
        })
    }

    /// A player's puzzle rating as stored (a new player's when none is).
    async fn player_rating(&self, player: &str) -> Result<Stored, Refusal> {
        let stored = self.puzzles.puzzle_player(player).await.map_err(fault)?;
        Ok(stored.unwrap_or(Stored {
            rating: Glicko2Rating::new(),
            tries: 0,
        }))
    }

    /// A puzzle's rating as stored (its starting one when nobody tried it).
    async fn puzzle_rating(&self, p: &Puzzle) -> Result<Stored, Refusal> {
        let stored = self.puzzles.puzzle_rating(&p.id).await.map_err(fault)?;
        Ok(stored.unwrap_or(Stored {
            rating: puzzle_start(p),
            tries: 0,
        }))
    }

    /// Spend the player's rated try at `p` and move both ratings: the
    /// player's move and the puzzle's, or why none moved (another try spent
    /// it first).
    async fn rate_try(
        &self,
        player: &str,
        p: &Puzzle,
        right: bool,
    ) -> Result<Result<(Moved, Moved), Unrated>, Refusal> {
        let outcome = if right { Outcomes::WIN } else { Outcomes::LOSS };
        // Another try at once (the daily puzzle, a second tab) may move
        // either rating between the read and the write: then read both again.
        for attempt in 1..=RATING_ATTEMPTS {
            let mine = self.player_rating(player).await?;
            let theirs = self.puzzle_rating(p).await?;
            let (mine2, theirs2) = glicko2(
                &mine.rating,
                &theirs.rating,
                &outcome,
                &Glicko2Config::new(),
            );
            let player_move = Move {
                id: player,
                was: mine.tries,
                now: &mine2,
            };
            let puzzle_move = Move {
                id: &p.id,
                was: theirs.tries,
                now: &theirs2,
            };
            let kept = self
                .puzzles
                .record_puzzle_try(player_move, puzzle_move)
                .await;
            match kept.map_err(fault)? {
                TryKept::Rated => {
                    let moved = |before: Glicko2Rating, after: Glicko2Rating| Moved {
                        before: rating(before),
                        after: rating(after),
                    };
                    return Ok(Ok((
                        moved(mine.rating, mine2),
                        moved(theirs.rating, theirs2),
                    )));
                }
                TryKept::Spent => return Ok(Err(Unrated::TriedBefore)),
                TryKept::Moved => {}
            }
            let wait = 1 + rand::random::<u64>() % (2 * attempt);
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        }
        Err(Refusal::new(
            Code::Busy,
            "this puzzle's rating is being moved by many tries at once: try again",
        ))
    }
}
