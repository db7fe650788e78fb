//! Ratings of players (profiles and bot levels) per game, updated after
//! every finished match between rated players (docs/server.md, "Profiles
//! and ratings").
//!
//! Every rating is kept on the Glicko-2 scale (rating, deviation,
//! volatility; 1500/350/0.06 to start). A match between two single players
//! is one Glicko-2 game ([`skillratings::glicko2`]). A match of three or
//! more sides, or between partnerships, goes through Weng-Lin's multi-team
//! model ([`skillratings::weng_lin`]), which ranks any number of teams of
//! any size in one update; its numbers are mapped to and from the Glicko-2
//! scale linearly (`mu = 25 + (r - 1500) / 42`, `sigma = RD / 42`: both
//! systems start at the same point, 350 / 42 = 25 / 3), so one game keeps
//! one rating whatever the number of players. Bot levels start from seeds
//! measured by the arena ladder (`data/bot-seeds.json`).

use domino_engine::rules::Preset;
use std::sync::LazyLock;

use serde_json::Value;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::levels::{LadderGame, LevelRating};

/// A finished match as its table announces it to be rated: who played
/// each seat, the places and each seat's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEnd {
    pub table: String,
    /// The game's name (`draw`, `cross`, ...): ratings are by game.
    pub game: String,
    /// Each seat's rated player: a profile, or `bot:LEVEL`; `None` for a
    /// seat a player without a profile held.
    pub players: Vec<Option<String>>,
    /// Each seat's side.
    pub side_of: Vec<usize>,
    /// Each seat's statistics over the match's hands.
    pub stats: Vec<SeatStats>,
    /// Each side's place (1 first; ties share one), leavers put last.
    pub ranks: Vec<usize>,
    /// The winning side, if any.
    pub winner: Option<usize>,
    /// Whether ratings move: every seat a rated player, and the table not
    /// casual. (The players' lines are kept either way.)
    pub rated: bool,
    /// How many hands were played.
    pub hands: i64,
    /// When it ended (ms since the epoch).
    pub at: i64,
}

/// Rating points per Weng-Lin point (350 / (25 / 3)).
const SCALE: f64 = 42.0;

/// The model a match is rated with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// Two single players.
    Glicko2,
    /// Three or more sides, or partnerships.
    WengLin,
}

/// The model for a match of these sides (each a list of players).
pub fn model(sides: &[Vec<usize>]) -> Model {
    if sides.len() == 2 && sides.iter().all(|s| s.len() == 1) {
        Model::Glicko2
    } else {
        Model::WengLin
    }
}

fn to_weng_lin(r: &Glicko2Rating) -> WengLinRating {
    WengLinRating {
        rating: 25.0 + (r.rating - 1500.0) / SCALE,
        uncertainty: r.deviation / SCALE,
    }
}

fn from_weng_lin(w: &WengLinRating, volatility: f64) -> Glicko2Rating {
    Glicko2Rating {
        rating: 1500.0 + (w.rating - 25.0) * SCALE,
        deviation: w.uncertainty * SCALE,
        volatility,
    }
}

/// The players' ratings after one match. `ratings` by player; `sides` the
/// players of each side; `ranks` each side's place (1 is first; equal
/// ranks are a draw). Players not on any side keep their rating.
pub fn update(
    ratings: &[Glicko2Rating],
    sides: &[Vec<usize>],
    ranks: &[usize],
) -> Vec<Glicko2Rating> {
    let mut out = ratings.to_vec();
    if sides.len() < 2 || sides.len() != ranks.len() {
        return out;
    }
    match model(sides) {
        Model::Glicko2 => {
            let (a, b) = (sides[0][0], sides[1][0]);
            let outcome = match ranks[0].cmp(&ranks[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (na, nb) = glicko2(&ratings[a], &ratings[b], &outcome, &Glicko2Config::new());
            out[a] = na;
            out[b] = nb;
        }
        Model::WengLin => {
            let teams: Vec<Vec<WengLinRating>> = sides
                .iter()
                .map(|s| s.iter().map(|&p| to_weng_lin(&ratings[p])).collect())
                .collect();
            let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(ranks)
                .map(|(t, &r)| (t.as_slice(), MultiTeamOutcome::new(r)))
                .collect();
            let new = weng_lin_multi_team(&input, &WengLinConfig::new());
            for (side, team) in sides.iter().zip(&new) {
                for (&p, w) in side.iter().zip(team) {
                    out[p] = from_weng_lin(w, ratings[p].volatility);
                }
            }
        }
    }
    out
}

/// The mean of several ratings (a bot level's seats after one match).
pub fn mean(rs: &[&Glicko2Rating]) -> Glicko2Rating {
    if rs.is_empty() {
        return Glicko2Rating::new();
    }
    let n = rs.len() as f64;
    Glicko2Rating {
        rating: rs.iter().map(|r| r.rating).sum::<f64>() / n,
        deviation: rs.iter().map(|r| r.deviation).sum::<f64>() / n,
        volatility: rs.iter().map(|r| r.volatility).sum::<f64>() / n,
    }
}

/// Each side's place from the final scores: the winner first, then the
/// others by score (the most points first, or the fewest when `low_wins`);
/// equal scores share a place.
pub fn ranks(scores: &[i32], winner: Option<usize>, low_wins: bool) -> Vec<usize> {
    let better = |a: usize, b: usize| -> bool {
        if winner == Some(a) && winner != Some(b) {
            return true;
        }
        if winner == Some(b) {
            return false;
        }
        if low_wins {
            scores[a] < scores[b]
        } else {
            scores[a] > scores[b]
        }
    };
    (0..scores.len())
        .map(|s| {
            1 + (0..scores.len())
                .filter(|&o| o != s && better(o, s))
                .count()
        })
        .collect()
}

/// The shipped seeds of the bot levels (`domino ladder` output).
const SEEDS: &str = include_str!("../data/bot-seeds.json");

/// The games of [`SEEDS`], parsed once (every rated match with a bot and
/// every lobby reads them); none if the file does not parse.
fn seeded_games() -> &'static [Value] {
    static GAMES: LazyLock<Vec<Value>> = LazyLock::new(|| {
        serde_json::from_str::<Value>(SEEDS)
            .ok()
            .and_then(|mut f| match f["games"].take() {
                Value::Array(games) => Some(games),
                _ => None,
            })
            .unwrap_or_default()
    });
    &GAMES
}

/// The ladder entry a table of `players` in `preset` reads: the one rated
/// with that many players, else the one at the game's default count, else
/// any of the game's. The lobby reads the same choice from
/// [`shipped_levels`].
fn ladder_entry<'a>(games: &'a [Value], preset: &str, players: u8) -> Option<&'a Value> {
    let of_game = || games.iter().filter(|g| g["preset"] == preset);
    let with = |n: u8| of_game().find(|g| g["players"].as_u64() == Some(u64::from(n)));
    let default = Preset::from_name(preset).map(Preset::default_players);
    with(players)
        .or_else(|| default.and_then(with))
        .or_else(|| of_game().next())
}

/// A bot level's starting rating in a game: the ladder's for this game and
/// number of players (see [`ladder_entry`]), else the default start.
pub fn bot_seed(preset: &str, players: u8, bot: &str) -> Glicko2Rating {
    ladder_entry(seeded_games(), preset, players)
        .and_then(|g| {
            let level = g["levels"].as_array()?.iter().find(|l| l["bot"] == bot)?;
            Some(Glicko2Rating {
                rating: level["rating"].as_f64()?,
                deviation: level["deviation"].as_f64()?,
                volatility: level["volatility"].as_f64().unwrap_or(0.06),
            })
        })
        // A ladder that did not settle (too few deals) is no seed.
        .filter(|r| (0.0..4000.0).contains(&r.rating) && r.deviation > 0.0 && r.deviation <= 350.0)
        .unwrap_or_default()
}

/// The levels' measured strength per game, as the lobby shows them
/// (`GET /api/levels`): for every game and every number of players it
/// allows, the ladder entry a table of that size reads ([`ladder_entry`],
/// the same figures [`bot_seed`] starts ratings from): each level's rating
/// and 95% interval, whether the levels are in order with intervals that
/// do not overlap, and the count they were measured with (`rated_players`).
pub fn shipped_levels() -> Vec<LadderGame> {
    levels_by_table(seeded_games())
}

fn levels_by_table(games: &[Value]) -> Vec<LadderGame> {
    let mut out = Vec::new();
    for preset in Preset::ALL {
        let (low, high) = preset.player_range();
        for players in low..=high {
            let Some(g) = ladder_entry(games, preset.name(), players) else {
                continue;
            };
            // A level the file does not rate in full is not shown.
            let levels = g["levels"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|x| {
                            Some(LevelRating {
                                bot: x["bot"].as_str()?.to_string(),
                                high: x["high"].as_f64()?,
                                low: x["low"].as_f64()?,
                                rating: x["rating"].as_f64()?,
                            })
                        })
                        .collect()
                })
                .unwrap_or_default();
            out.push(LadderGame {
                levels,
                ordered: g["ordered"].as_bool().unwrap_or(false),
                players,
                preset: preset.name().to_string(),
                rated_players: g["players"]
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or(players),
            });
        }
    }
    out
}

/// What one seat did in a match, from the table's score sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    /// Hands its side won.
    pub hands_won: i64,
    /// Hands it ended by playing its last tile.
    pub dominoes: i64,
    /// Blocked hands its side won.
    pub blocked_wins: i64,
    /// Hands it dominoed with a capicú (where the game notes them).
    pub capicus: i64,
}

/// Each seat's stats from the sheet lines (`{hand, result, scores}`).
pub fn seat_stats(sheet: &[Value], players: u8, side_of: impl Fn(u8) -> usize) -> Vec<SeatStats> {
    let mut out = vec![SeatStats::default(); players as usize];
    for line in sheet {
        let r = &line["result"];
        let winner = r["winner"]["side"].as_u64().map(|s| s as usize);
        let seat = r["seat"].as_u64();
        let reason = r["reason"].as_str().unwrap_or_default();
        let capicu = r["notes"]
            .as_array()
            .is_some_and(|n| n.iter().any(|x| x == "capicu"));
        for s in 0..players {
            let st = &mut out[s as usize];
            let won = winner == Some(side_of(s));
            if won {
                st.hands_won += 1;
                if reason == "blocked" {
                    st.blocked_wins += 1;
                }
            }
            if reason == "domino" && seat == Some(u64::from(s)) {
                st.dominoes += 1;
                if capicu {
                    st.capicus += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;
    use skillratings::glicko2::glicko2_rating_period;

    fn g(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman, "Example of the Glicko-2 system" (2013), section 3: a
    /// 1500/200/0.06 player beats 1400/30, loses to 1550/100 and 1700/300
    /// with tau 0.5, ending at 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glicko2_matches_glickmans_worked_example() {
        let player = g(1500.0, 200.0);
        let games = [
            (g(1400.0, 30.0), Outcomes::WIN),
            (g(1550.0, 100.0), Outcomes::LOSS),
            (g(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let new = glicko2_rating_period(&player, &games, &config);
        assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
        assert!((new.deviation - 151.52).abs() < 0.01, "{}", new.deviation);
        assert!(
            (new.volatility - 0.05999).abs() < 0.00001,
            "{}",
            new.volatility
        );
    }

    /// The multi-team example of skillratings' documentation of
    /// `weng_lin_multi_team` (three teams of three, placed 2, 1, 3).
    #[test]
    fn weng_lin_matches_the_documented_multi_team_example() {
        let w = |rating, uncertainty| WengLinRating {
            rating,
            uncertainty,
        };
        let one = [WengLinRating::new(), w(30.0, 1.2), w(21.0, 6.5)];
        let two = [WengLinRating::new(), w(41.0, 1.4), w(19.2, 4.3)];
        let three = [WengLinRating::new(), w(29.4, 1.6), w(17.2, 2.1)];
        let new = weng_lin_multi_team(
            &[
                (&one[..], MultiTeamOutcome::new(2)),
                (&two[..], MultiTeamOutcome::new(1)),
                (&three[..], MultiTeamOutcome::new(3)),
            ],
            &WengLinConfig::new(),
        );
        let hundredths: Vec<Vec<f64>> = new
            .iter()
            .map(|t| t.iter().map(|r| (r.rating * 100.0).round()).collect())
            .collect();
        assert_eq!(
            hundredths,
            vec![
                vec![2538.0, 3001.0, 2123.0],
                vec![2796.0, 4108.0, 1999.0],
                vec![2166.0, 2928.0, 1699.0]
            ]
        );
    }

    #[test]
    fn one_on_one_uses_glicko2_and_the_winner_gains() {
        let start = [Glicko2Rating::new(), Glicko2Rating::new()];
        let sides = vec![vec![0], vec![1]];
        assert_eq!(model(&sides), Model::Glicko2);
        let new = update(&start, &sides, &[2, 1]);
        let direct = glicko2(&start[0], &start[1], &Outcomes::LOSS, &Glicko2Config::new());
        assert_eq!((new[0], new[1]), direct);
        assert!(new[1].rating > 1500.0 && new[0].rating < 1500.0);
    }

    #[test]
    fn partnerships_and_free_for_alls_use_weng_lin_on_the_glicko_scale() {
        // Equal players: the winning partnership gains what the other loses.
        let start = [Glicko2Rating::new(); 4];
        let sides = vec![vec![0, 2], vec![1, 3]];
        assert_eq!(model(&sides), Model::WengLin);
        let new = update(&start, &sides, &[1, 2]);
        assert!(new[0].rating > 1500.0 && new[2].rating > 1500.0);
        assert!((new[0].rating - 1500.0 + (new[1].rating - 1500.0)).abs() < 1e-6);
        assert!(new[0].deviation < 350.0);
        assert_eq!(new[0].volatility, 0.06);
        // Three each for himself: places order the gains.
        let three = update(&start[..3], &[vec![0], vec![1], vec![2]], &[3, 1, 2]);
        assert!(three[1].rating > three[2].rating && three[2].rating > three[0].rating);
        // The mapping is exact at the start.
        let w = to_weng_lin(&Glicko2Rating::new());
        assert!((w.rating - 25.0).abs() < 1e-9 && (w.uncertainty - 25.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn a_level_at_several_seats_moves_by_their_mean() {
        let a = g(1500.0, 100.0);
        let b = g(1600.0, 50.0);
        let m = mean(&[&a, &b]);
        assert_eq!((m.rating, m.deviation), (1550.0, 75.0));
        assert_eq!(mean(&[&a]), a);
    }

    #[test]
    fn ranks_put_the_winner_first_and_follow_the_scores() {
        assert_eq!(ranks(&[3, 6], Some(1), false), vec![2, 1]);
        assert_eq!(ranks(&[40, 101, 40], Some(1), false), vec![2, 1, 2]);
        // French: the fewest points win.
        assert_eq!(ranks(&[120, 30, 60, 90], Some(1), true), vec![4, 1, 2, 3]);
        assert_eq!(ranks(&[5, 5], None, false), vec![1, 1]);
    }

    #[test]
    fn bot_seeds_come_from_the_shipped_ladder() {
        let file: Value = serde_json::from_str(SEEDS).unwrap();
        let games = file["games"].as_array().unwrap();
        assert!(!games.is_empty(), "seeds are shipped");
        for game in games {
            for level in game["levels"].as_array().unwrap() {
                let seed = bot_seed(
                    game["preset"].as_str().unwrap(),
                    game["players"].as_u64().unwrap() as u8,
                    level["bot"].as_str().unwrap(),
                );
                // Every shipped seed is a settled rating, used as it is.
                assert_eq!(seed.rating, level["rating"].as_f64().unwrap(), "{level}");
                assert_eq!(seed.deviation, level["deviation"].as_f64().unwrap());
            }
        }
        assert_eq!(bot_seed("nope", 2, "heuristic"), Glicko2Rating::new());
    }

    #[test]
    fn an_unrated_count_reads_the_games_default_count() {
        let games: Vec<Value> = [("block", 2), ("block", 4), ("block", 3)]
            .iter()
            .map(|(p, n)| json!({"preset": p, "players": n}))
            .collect();
        let players = |n| ladder_entry(&games, "block", n).map(|g| g["players"].clone());
        assert_eq!(players(3), Some(json!(3)));
        // Not the first entry's count (2): the default count's.
        assert_eq!(players(5), Some(json!(4)));
        assert_eq!(ladder_entry(&games, "cross", 4), None);
    }

    /// Every table size of every game gets the entry the server seeds bot
    /// ratings from, a missing count its default count's, so the lobby
    /// needs no rule of its own.
    #[test]
    fn the_lobby_gets_each_table_sizes_entry() {
        let games: Vec<Value> = [("block", 2, 1500.0), ("block", 4, 1600.0)]
            .iter()
            .map(|(p, n, r)| {
                json!({"preset": p, "players": n, "ordered": true,
                "levels": [{"bot": "count", "rating": r, "low": r - 10.0, "high": r + 10.0}]})
            })
            .collect();
        let rows = levels_by_table(&games);
        let (low, high) = Preset::Block.player_range();
        assert_eq!(rows.len(), usize::from(high - low + 1), "{rows:?}");
        let rated = |n: u8| {
            let row = rows.iter().find(|r| r.players == n).unwrap();
            (row.rated_players, row.levels[0].rating)
        };
        assert_eq!(rated(2), (2, 1500.0));
        assert_eq!(rated(3), (4, 1600.0));
        assert_eq!(rated(5), (4, 1600.0));
        let shipped = serde_json::to_value(shipped_levels()).unwrap();
        for preset in Preset::ALL {
            let (low, high) = preset.player_range();
            for n in low..=high {
                let row = shipped
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["preset"] == preset.name() && r["players"] == n);
                let entry = ladder_entry(seeded_games(), preset.name(), n);
                assert_eq!(
                    row.map(|r| r["rated_players"].clone()),
                    entry.map(|e| e["players"].clone()),
                    "{} with {n}",
                    preset.name()
                );
            }
        }
    }

    #[test]
    fn every_count_of_every_game_is_rated_in_order() {
        let games = seeded_games();
        for preset in Preset::ALL {
            let (low, high) = preset.player_range();
            for n in low..=high {
                let entry = ladder_entry(games, preset.name(), n).unwrap();
                assert_eq!(entry["players"], n, "{} with {n} is rated", preset.name());
                assert_eq!(entry["ordered"], true, "{} with {n}", preset.name());
            }
        }
    }

    #[test]
    fn seat_stats_count_hands_dominoes_blocks_and_capicus() {
        let sheet: Vec<Value> = serde_json::from_str(
            r#"[
            {"result": {"winner": {"side": 0}, "reason": "domino", "seat": 2, "notes": ["capicu"]}},
            {"result": {"winner": {"side": 1}, "reason": "blocked", "seat": 1, "notes": []}},
            {"result": {"winner": null, "reason": "blocked", "notes": ["tie"]}}
        ]"#,
        )
        .unwrap();
        let st = seat_stats(&sheet, 4, |s| (s % 2) as usize);
        assert_eq!(
            st[2],
            SeatStats {
                hands_won: 1,
                dominoes: 1,
                blocked_wins: 0,
                capicus: 1
            }
        );
        assert_eq!(st[0].hands_won, 1);
        assert_eq!(st[0].dominoes, 0);
        assert_eq!(st[3].blocked_wins, 1);
    }
}
