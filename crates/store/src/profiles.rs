//! Profiles and ratings in the database: profiles (a unique display name),
//! the hashes of their device secrets (one per signed-in device), one-time
//! links that move a profile to another device, each rated player's rating
//! per game, and one row per player and finished match (rating before and
//! after, and what the seat did), which is both the rating history and the
//! profile's stats.

use skillratings::glicko2::Glicko2Rating;
use sqlx::{Executor, Row};

use crate::db::Db;

/// The keys a profile's name is unique by: no two profiles share either
/// (the server works them out: its look-alike rules, not the store's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKeys {
    /// The name's look-alike key, case-folded (`name_key`).
    pub folded: String,
    /// The name's look-alike key as written (`name_skeleton`).
    pub skeleton: String,
}

/// The migration of this module (one entry of `MIGRATIONS`).
pub(crate) const MIGRATION: &[&str] = &[
    // `name_key` is the name folded for comparison: unique (see
    // `SKELETON_MIGRATION` for what it holds now).
    "CREATE TABLE IF NOT EXISTS domino_profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS domino_profile_keys (
        secret_hash TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        created_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS domino_profile_links (
        code_hash TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        used BIGINT NOT NULL DEFAULT 0
    )",
    "ALTER TABLE domino_seats ADD COLUMN profile_id TEXT",
    // `player`: a profile's id, or `bot:LEVEL` for a bot level.
    "CREATE TABLE IF NOT EXISTS domino_ratings (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        matches BIGINT NOT NULL,
        PRIMARY KEY (player, game)
    )",
    // One row per seat of a finished match that a profile or a rated bot
    // held; the rating columns are NULL when the match was not rated.
    "CREATE TABLE IF NOT EXISTS domino_match_players (
        table_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        at BIGINT NOT NULL,
        won BIGINT NOT NULL,
        hands BIGINT NOT NULL,
        hands_won BIGINT NOT NULL,
        dominoes BIGINT NOT NULL,
        blocked_wins BIGINT NOT NULL,
        capicus BIGINT NOT NULL,
        rating_before DOUBLE PRECISION,
        rating DOUBLE PRECISION,
        deviation DOUBLE PRECISION,
        PRIMARY KEY (table_id, seat)
    )",
    "CREATE INDEX IF NOT EXISTS domino_match_players_player ON domino_match_players (player, at)",
    "CREATE INDEX IF NOT EXISTS domino_ratings_game ON domino_ratings (game, rating)",
];

/// The migration that makes a profile's name unique by its look-alike
/// keys (see [`NameKeys`]): `name_key` holds the folded key
/// from then on, and `name_skeleton` the skeleton as written. Rows made
/// before it get both from [`fill_name_keys`], which the server runs
/// once connected.
pub(crate) const SKELETON_MIGRATION: &[&str] = &[
    "ALTER TABLE domino_profiles ADD COLUMN name_skeleton TEXT",
    "CREATE UNIQUE INDEX IF NOT EXISTS domino_profiles_name_skeleton
        ON domino_profiles (name_skeleton)",
];

/// Put between a key and a profile's id when an older profile holds the
/// key: no name holds a line feed, so no new name's key can equal it.
const KEY_TAKEN: char = '\n';

/// Give the profiles made before [`SKELETON_MIGRATION`] their look-alike
/// keys, `keys` giving a name's; how many were filled. Done in Rust
/// because the keys are (Unicode's skeletons are not in either database). Their old
/// `name_key`s (case folding only) are set aside first, so that they do
/// not stand in the way of the new ones; then, oldest first, each takes
/// its keys, or, when an older profile already holds one (two names that
/// were different and now look alike, "José" and "Jose"), its keys with
/// its id after them: both keep their names, and a new name is checked
/// against the older one. Safe to run at once on several nodes: each
/// update is made only while the row has no skeleton.
pub(crate) async fn fill_name_keys(
    conn: &mut sqlx::AnyConnection,
    keys: impl Fn(&str) -> NameKeys,
) -> Result<u64, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, name FROM domino_profiles WHERE name_skeleton IS NULL ORDER BY created_at, id",
    )
    .fetch_all(&mut *conn)
    .await?;
    if rows.is_empty() {
        return Ok(0);
    }
    sqlx::query("UPDATE domino_profiles SET name_key = $1 || id WHERE name_skeleton IS NULL")
        .bind(format!("{KEY_TAKEN}old{KEY_TAKEN}"))
        .execute(&mut *conn)
        .await?;
    let mut filled = 0;
    for r in &rows {
        let id: String = r.try_get("id")?;
        let name: String = r.try_get("name")?;
        let keys = keys(&name);
        let set = |folded: String, skeleton: String| {
            sqlx::query(
                "UPDATE domino_profiles SET name_key = $1, name_skeleton = $2
                 WHERE id = $3 AND name_skeleton IS NULL",
            )
            .bind(folded)
            .bind(skeleton)
            .bind(id.clone())
        };
        let done = match set(keys.folded.clone(), keys.skeleton.clone())
            .execute(&mut *conn)
            .await
        {
            Ok(d) => d.rows_affected(),
            Err(e) if unique_violation(&e) => {
                let apart = |k: &str| format!("{k}{KEY_TAKEN}{id}");
                set(apart(&keys.folded), apart(&keys.skeleton))
                    .execute(&mut *conn)
                    .await?
                    .rows_affected()
            }
            Err(e) => return Err(e),
        };
        filled += done;
    }
    Ok(filled)
}

/// A profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

/// A rated player's rating in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub game: String,
    pub rating: Glicko2Rating,
    pub matches: i64,
    /// The profile's name (bot levels have none).
    pub name: Option<String>,
}

/// One player's seat in one finished match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchPlayer {
    pub table_id: String,
    pub seat: i64,
    pub player: String,
    pub game: String,
    pub at: i64,
    pub won: bool,
    pub hands: i64,
    pub hands_won: i64,
    pub dominoes: i64,
    pub blocked_wins: i64,
    pub capicus: i64,
    /// Rating before and after, and the deviation after (rated matches).
    pub rating_before: Option<f64>,
    pub rating: Option<f64>,
    pub deviation: Option<f64>,
}

/// The columns of a match line.
const LINE: &str = "table_id, seat, player, game, at, won, hands, hands_won, dominoes,
    blocked_wins, capicus, rating_before, rating, deviation";

fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// Profiles: their names, device keys and one-time links, their
/// ratings per game, and a line per player of each finished match.
#[derive(Clone, Debug)]
pub struct Profiles {
    pub(crate) db: Db,
}

impl Profiles {
    pub(crate) fn new(db: Db) -> Profiles {
        Profiles { db }
    }

    /// Create a profile with its first device secret (hashed); `false`
    /// when another profile holds one of the name's keys (nothing is
    /// created).
    pub async fn create_profile(
        &self,
        p: &Profile,
        keys: &NameKeys,
        secret_hash: &str,
    ) -> Result<bool, sqlx::Error> {
        use sqlx::Connection;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        let made = sqlx::query(
            "INSERT INTO domino_profiles (id, name, name_key, name_skeleton, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&p.id)
        .bind(&p.name)
        .bind(&keys.folded)
        .bind(&keys.skeleton)
        .bind(p.created_at)
        .execute(&mut *tx)
        .await;
        match made {
            Ok(_) => {}
            Err(e) if unique_violation(&e) => return Ok(false),
            Err(e) => return Err(e),
        }
        sqlx::query(
            "INSERT INTO domino_profile_keys (secret_hash, profile_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(secret_hash)
        .bind(&p.id)
        .bind(p.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Whether a profile already holds one of these keys: its name looks
    /// like this one.
    pub async fn profile_name_taken(&self, keys: &NameKeys) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "SELECT 1 FROM domino_profiles WHERE name_key = $1 OR name_skeleton = $2 LIMIT 1",
        )
        .bind(&keys.folded)
        .bind(&keys.skeleton)
        .fetch_optional(&self.db.pool)
        .await?
        .is_some())
    }

    fn profile_row(r: &sqlx::any::AnyRow) -> Result<Profile, sqlx::Error> {
        Ok(from_row!(
            r,
            Profile {
                id,
                name,
                created_at
            }
        ))
    }

    /// The profile a device secret (its hash) signs in.
    pub async fn profile_by_secret(&self, hash: &str) -> Result<Option<Profile>, sqlx::Error> {
        sqlx::query(
            "SELECT p.id, p.name, p.created_at FROM domino_profile_keys k
             JOIN domino_profiles p ON p.id = k.profile_id WHERE k.secret_hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| Self::profile_row(&r))
        .transpose()
    }

    pub async fn profile(&self, id: &str) -> Result<Option<Profile>, sqlx::Error> {
        self.profile_where("id", id).await
    }

    /// The profile whose `column` (a fixed name, never input) is `value`.
    async fn profile_where(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<Profile>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT id, name, created_at FROM domino_profiles WHERE {column} = $1"
        ))
        .bind(value)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| Self::profile_row(&r))
        .transpose()
    }

    /// The profile shown under exactly `name` (`domino admin`).
    pub async fn profile_named(&self, name: &str) -> Result<Option<Profile>, sqlx::Error> {
        self.profile_where("name", name).await
    }

    /// Sign a device out: its secret no longer signs in.
    pub async fn drop_profile_key(&self, hash: &str) -> Result<(), sqlx::Error> {
        self.db
            .write(sqlx::query("DELETE FROM domino_profile_keys WHERE secret_hash = $1").bind(hash))
            .await
    }

    /// A new device secret (hashed) for a profile.
    pub async fn add_profile_key(
        &self,
        hash: &str,
        profile: &str,
        at: i64,
    ) -> Result<(), sqlx::Error> {
        self.db.write(
            sqlx::query(
                "INSERT INTO domino_profile_keys (secret_hash, profile_id, created_at) VALUES ($1, $2, $3)",
            )
            .bind(hash)
            .bind(profile)
            .bind(at),
        )
        .await
    }

    /// A one-time link's code (hashed), good until `expires_at`.
    pub async fn add_profile_link(
        &self,
        code_hash: &str,
        profile: &str,
        expires_at: i64,
    ) -> Result<(), sqlx::Error> {
        self.db.write(
            sqlx::query(
                "INSERT INTO domino_profile_links (code_hash, profile_id, expires_at) VALUES ($1, $2, $3)",
            )
            .bind(code_hash)
            .bind(profile)
            .bind(expires_at),
        )
        .await
    }

    /// Use a one-time link: its profile, once; `None` when the code is
    /// unknown, used or expired at `now`.
    pub async fn use_profile_link(
        &self,
        code_hash: &str,
        now: i64,
    ) -> Result<Option<String>, sqlx::Error> {
        // The update is the claim: of two uses at once one changes the row.
        let done = sqlx::query(
            "UPDATE domino_profile_links SET used = 1
             WHERE code_hash = $1 AND used = 0 AND expires_at > $2",
        )
        .bind(code_hash)
        .bind(now)
        .execute(&self.db.pool)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        sqlx::query("SELECT profile_id FROM domino_profile_links WHERE code_hash = $1")
            .bind(code_hash)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|r| r.try_get("profile_id"))
            .transpose()
    }

    /// A player's rating in a game, with its number of rated matches.
    pub async fn rating(
        &self,
        player: &str,
        game: &str,
    ) -> Result<Option<(Glicko2Rating, i64)>, sqlx::Error> {
        sqlx::query(
            "SELECT rating, deviation, volatility, matches FROM domino_ratings
             WHERE player = $1 AND game = $2",
        )
        .bind(player)
        .bind(game)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| {
            Ok((
                Glicko2Rating {
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                },
                r.try_get("matches")?,
            ))
        })
        .transpose()
    }

    /// Store a finished match's lines and, for a rated match, its players'
    /// new ratings in `game`, in one transaction. Each rating is written
    /// only if it is still the one read (`read`: the match count read,
    /// `None` when there was no row): `Ok(false)` when another match
    /// changed one first (nothing is written: read again and redo), or when
    /// this match's lines are already stored (it was recorded before).
    pub async fn record_match(
        &self,
        game: &str,
        ratings: &[(String, Glicko2Rating, Option<i64>)],
        lines: &[MatchPlayer],
    ) -> Result<bool, sqlx::Error> {
        use sqlx::Connection;
        let mut conn = self.db.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        for m in lines {
            let q = sqlx::query(
                "INSERT INTO domino_match_players (table_id, seat, player, game, at, won, hands,
                 hands_won, dominoes, blocked_wins, capicus, rating_before, rating, deviation)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            )
            .bind(&m.table_id)
            .bind(m.seat)
            .bind(&m.player)
            .bind(&m.game)
            .bind(m.at)
            .bind(i64::from(m.won))
            .bind(m.hands)
            .bind(m.hands_won)
            .bind(m.dominoes)
            .bind(m.blocked_wins)
            .bind(m.capicus)
            .bind(m.rating_before)
            .bind(m.rating)
            .bind(m.deviation);
            match tx.execute(q).await {
                Ok(_) => {}
                Err(e) if unique_violation(&e) => return Ok(false),
                Err(e) => return Err(e),
            }
        }
        for (player, r, read) in ratings {
            let written = match read {
                None => {
                    let q = sqlx::query(
                        "INSERT INTO domino_ratings (player, game, rating, deviation, volatility, matches)
                         VALUES ($1, $2, $3, $4, $5, 1)",
                    )
                    .bind(player)
                    .bind(game)
                    .bind(r.rating)
                    .bind(r.deviation)
                    .bind(r.volatility);
                    match tx.execute(q).await {
                        Ok(d) => d.rows_affected(),
                        Err(e) if unique_violation(&e) => 0,
                        Err(e) => return Err(e),
                    }
                }
                Some(n) => {
                    let q = sqlx::query(
                        "UPDATE domino_ratings SET rating = $1, deviation = $2, volatility = $3,
                         matches = matches + 1 WHERE player = $4 AND game = $5 AND matches = $6",
                    )
                    .bind(r.rating)
                    .bind(r.deviation)
                    .bind(r.volatility)
                    .bind(player)
                    .bind(game)
                    .bind(n);
                    tx.execute(q).await?.rows_affected()
                }
            };
            if written != 1 {
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    /// A player's ratings in every game they were rated in.
    pub async fn ratings_of(&self, player: &str) -> Result<Vec<RatingRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT player, game, rating, deviation, volatility, matches FROM domino_ratings
             WHERE player = $1 ORDER BY game",
        )
        .bind(player)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| Self::rating_row(r, None)).collect()
    }

    fn rating_row(r: &sqlx::any::AnyRow, name: Option<String>) -> Result<RatingRow, sqlx::Error> {
        Ok(RatingRow {
            player: r.try_get("player")?,
            game: r.try_get("game")?,
            rating: Glicko2Rating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
            },
            matches: r.try_get("matches")?,
            name,
        })
    }

    /// A game's rated players with at least `min` rated matches, best
    /// first, with the profiles' names; a profile marked engine-assisted
    /// by a moderator (`fairplay::ENGINE_MARK`) is left out.
    pub async fn leaderboard(
        &self,
        game: &str,
        min: i64,
        limit: i64,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT r.player, r.game, r.rating, r.deviation, r.volatility, r.matches, p.name
             FROM domino_ratings r LEFT JOIN domino_profiles p ON p.id = r.player
             WHERE r.game = $1 AND r.matches >= $2
               AND NOT EXISTS (SELECT 1 FROM domino_marks m
                               WHERE m.profile_id = r.player AND m.kind = 'engine')
             ORDER BY r.rating DESC, r.player LIMIT $3",
        )
        .bind(game)
        .bind(min)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Self::rating_row(r, r.try_get("name")?))
            .collect()
    }

    /// A player's finished matches, newest first (at most `limit`).
    pub async fn matches_of(
        &self,
        player: &str,
        limit: i64,
    ) -> Result<Vec<MatchPlayer>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {LINE} FROM domino_match_players
             WHERE player = $1 ORDER BY at DESC, table_id LIMIT $2"
        ))
        .bind(player)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(Self::line).collect()
    }

    /// A finished match's lines, by seat.
    pub async fn matches_of_table(&self, table: &str) -> Result<Vec<MatchPlayer>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {LINE} FROM domino_match_players WHERE table_id = $1 ORDER BY seat"
        ))
        .bind(table)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(Self::line).collect()
    }

    fn line(r: &sqlx::any::AnyRow) -> Result<MatchPlayer, sqlx::Error> {
        Ok(from_row!(r, MatchPlayer {
            table_id, seat, player, game, at, hands, hands_won, dominoes,
            blocked_wins, capicus, rating_before, rating, deviation;
            won: r.try_get::<i64, _>("won")? != 0,
        }))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Store;

    /// Look-alike keys as the server's would make them, for these tests:
    /// "é" reads as "e" and "rn" as "m", and the folded key is in lower
    /// case.
    fn name_keys(name: &str) -> NameKeys {
        let bare = name.replace('\u{e9}', "e").replace("rn", "m");
        NameKeys {
            folded: bare.to_lowercase(),
            skeleton: bare,
        }
    }

    /// The profile store's contract, for any backend; `tag` keeps names
    /// and ids unique across runs on one database.
    pub(crate) async fn contract(store: &Store, tag: &str) {
        let profiles = store.profiles();
        let p = Profile {
            id: format!("id{tag}"),
            name: format!("Ann{tag}"),
            created_at: 1,
        };
        let key = name_keys(&p.name);
        assert!(profiles
            .create_profile(&p, &key, &format!("s{tag}"))
            .await
            .unwrap());
        assert!(profiles.profile_name_taken(&key).await.unwrap());
        let alike = |folded: &str, skeleton: &str| NameKeys {
            folded: folded.to_string(),
            skeleton: skeleton.to_string(),
        };
        assert!(profiles
            .profile_name_taken(&alike("other", &key.skeleton))
            .await
            .unwrap());
        assert!(!profiles
            .profile_name_taken(&alike("other", "other"))
            .await
            .unwrap());
        let twin = Profile {
            id: format!("id2{tag}"),
            ..p.clone()
        };
        assert!(
            !profiles
                .create_profile(&twin, &key, &format!("t{tag}"))
                .await
                .unwrap(),
            "a folded name is unique"
        );
        for (i, half) in [alike(&key.folded, "x"), alike("x", &key.skeleton)]
            .iter()
            .enumerate()
        {
            let twin = Profile {
                id: format!("id{i}{tag}"),
                ..p.clone()
            };
            assert!(
                !profiles
                    .create_profile(&twin, half, &format!("t{i}{tag}"))
                    .await
                    .unwrap(),
                "either key is unique: {half:?}"
            );
        }
        assert!(profiles.profile(&twin.id).await.unwrap().is_none());
        assert!(profiles
            .profile_by_secret(&format!("t{tag}"))
            .await
            .unwrap()
            .is_none());
        assert_eq!(
            profiles
                .profile_by_secret(&format!("s{tag}"))
                .await
                .unwrap(),
            Some(p.clone())
        );
        // A one-time link: once, before it expires.
        profiles
            .add_profile_link(&format!("c{tag}"), &p.id, 100)
            .await
            .unwrap();
        profiles
            .add_profile_link(&format!("old{tag}"), &p.id, 10)
            .await
            .unwrap();
        assert_eq!(
            profiles
                .use_profile_link(&format!("old{tag}"), 50)
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            profiles
                .use_profile_link(&format!("c{tag}"), 50)
                .await
                .unwrap(),
            Some(p.id.clone())
        );
        assert_eq!(
            profiles
                .use_profile_link(&format!("c{tag}"), 50)
                .await
                .unwrap(),
            None
        );
        profiles
            .add_profile_key(&format!("d{tag}"), &p.id, 2)
            .await
            .unwrap();
        profiles.drop_profile_key(&format!("s{tag}")).await.unwrap();
        assert!(profiles
            .profile_by_secret(&format!("s{tag}"))
            .await
            .unwrap()
            .is_none());
        assert!(profiles
            .profile_by_secret(&format!("d{tag}"))
            .await
            .unwrap()
            .is_some());
        // A match's lines and ratings: a stale read writes nothing.
        let game = format!("g{tag}");
        let r = Glicko2Rating::new();
        let line = |table: &str| MatchPlayer {
            table_id: format!("{table}{tag}"),
            seat: 0,
            player: p.id.clone(),
            game: game.clone(),
            at: 5,
            won: true,
            hands: 7,
            hands_won: 6,
            dominoes: 4,
            blocked_wins: 2,
            capicus: 1,
            rating_before: Some(1500.0),
            rating: Some(1600.0),
            deviation: Some(300.0),
        };
        let m = line("t");
        let rated = |r: Glicko2Rating, read| vec![(p.id.clone(), r, read)];
        assert!(profiles
            .record_match(&game, &rated(r, None), std::slice::from_ref(&m))
            .await
            .unwrap());
        assert!(
            !profiles
                .record_match(&game, &rated(r, None), &[line("u")])
                .await
                .unwrap(),
            "stale"
        );
        assert!(
            !profiles
                .record_match(&game, &rated(r, Some(1)), std::slice::from_ref(&m))
                .await
                .unwrap(),
            "recorded once"
        );
        let better = Glicko2Rating {
            rating: 1600.0,
            ..r
        };
        assert!(profiles
            .record_match(&game, &rated(better, Some(1)), &[line("v")])
            .await
            .unwrap());
        assert!(!profiles
            .record_match(&game, &rated(r, Some(1)), &[line("w")])
            .await
            .unwrap());
        assert_eq!(
            profiles.rating(&p.id, &game).await.unwrap(),
            Some((better, 2))
        );
        let board = profiles.leaderboard(&game, 2, 10).await.unwrap();
        assert_eq!(board.len(), 1);
        assert_eq!(board[0].name.as_deref(), Some(p.name.as_str()));
        assert!(profiles.leaderboard(&game, 3, 10).await.unwrap().is_empty());
        let mine = profiles.matches_of(&p.id, 10).await.unwrap();
        assert_eq!(
            mine.len(),
            2,
            "the stale and the repeated lines were not kept"
        );
        assert!(mine.contains(&m));
        assert_eq!(profiles.ratings_of(&p.id).await.unwrap().len(), 1);
    }

    /// Profiles made before look-alike keys get them, oldest first; one
    /// that now looks like an older one keeps its name and its keys apart.
    async fn old_profiles_get_keys(store: &Store, tag: &str) {
        let old = [
            ("o1", "Jos\u{e9}", 1),
            ("o2", "Jose", 2),
            ("o3", "Kim", 3),
            // Its old key is the new folded key of "Kim".
            ("o4", "kirn", 4),
            ("o5", "Ann", 5),
        ];
        for (id, name, at) in old {
            let name = format!("{name}{tag}");
            sqlx::query(
                "INSERT INTO domino_profiles (id, name, name_key, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(format!("{id}{tag}"))
            .bind(&name)
            .bind(name.to_lowercase())
            .bind(at)
            .execute(&store.db.pool)
            .await
            .unwrap();
        }
        // (The in-memory SQLite store has one connection: each is given back.)
        let mut conn = store.db.pool.acquire().await.unwrap();
        assert!(fill_name_keys(&mut conn, name_keys).await.unwrap() >= 5);
        drop(conn);
        let keys_of = |id: &str| {
            let id = format!("{id}{tag}");
            let pool = store.db.pool.clone();
            async move {
                let r = sqlx::query(
                    "SELECT name_key, name_skeleton FROM domino_profiles WHERE id = $1",
                )
                .bind(&id)
                .fetch_one(&pool)
                .await
                .unwrap();
                NameKeys {
                    folded: r.try_get("name_key").unwrap(),
                    skeleton: r.try_get("name_skeleton").unwrap(),
                }
            }
        };
        let named = |name: &str| name_keys(&format!("{name}{tag}"));
        assert_eq!(keys_of("o1").await, named("Jose"));
        assert_eq!(keys_of("o3").await, named("Kim"));
        assert_eq!(keys_of("o5").await, named("Ann"));
        for (younger, alike) in [("o2", "Jose"), ("o4", "Kim")] {
            let keys = keys_of(younger).await;
            let apart = format!("{}\n{younger}{tag}", named(alike).folded);
            assert_eq!(keys.folded, apart, "{younger}");
        }
        // A new profile is checked against the old ones.
        let p = Profile {
            id: format!("new{tag}"),
            name: format!("KIM{tag}"),
            created_at: 9,
        };
        assert!(store
            .profiles()
            .profile_name_taken(&named("KIM"))
            .await
            .unwrap());
        assert!(!store
            .profiles()
            .create_profile(&p, &named("KIM"), &format!("n{tag}"))
            .await
            .unwrap());
        assert!(!store
            .profiles()
            .profile_name_taken(&named("Tim"))
            .await
            .unwrap());
        // Nothing is left to fill, and a second run changes nothing.
        let mut conn = store.db.pool.acquire().await.unwrap();
        fill_name_keys(&mut conn, name_keys).await.unwrap();
        drop(conn);
        assert_eq!(keys_of("o3").await, named("Kim"));
    }

    #[tokio::test]
    async fn sqlite_keeps_the_profile_contract() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        contract(&store, "x").await;
        old_profiles_get_keys(&store, "y").await;
    }

    #[tokio::test]
    async fn postgres_keeps_the_profile_contract() {
        let Ok(url) = std::env::var("DOMINO_TEST_POSTGRES") else {
            eprintln!("skipped: DOMINO_TEST_POSTGRES is not set");
            return;
        };
        let store = Store::connect(&url).await.unwrap();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        contract(&store, &format!("{}x{nanos}", std::process::id())).await;
        old_profiles_get_keys(&store, &format!("{}y{nanos}", std::process::id())).await;
    }
}
