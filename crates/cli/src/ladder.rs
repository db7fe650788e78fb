//! `domino ladder`: the bot levels of one game rated against each other
//! (Glicko-2, see `domino_bots::ladder`), written into the ladder data file.

use std::path::Path;

use anyhow::Context;
use domino_bots::arena::ArenaConfig;
use domino_bots::ladder::{ordered, overlapping, rate, Pairing, Rated};
use domino_engine::Rules;
use serde::Serialize;
use serde_json::Value;

/// How to play one game's ladder.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    pub rules: Rules,
    /// Deals of each pairing of two levels below the expert to start with.
    pub deals: u64,
    /// The most deals a pairing of two levels below the expert grows to.
    pub max_deals: u64,
    /// Deals of each pairing with the expert to start with.
    pub expert_deals: u64,
    /// The most deals a pairing with the expert grows to.
    pub expert_max_deals: u64,
    pub seed: u64,
    pub budget_ms: u64,
    /// Deals played at once in the pairings without the expert (the
    /// expert's pairings play one deal at a time, so its search has the
    /// machine as at a table).
    pub jobs: usize,
}

/// One pairing's deals so far.
struct Growing {
    levels: [usize; 2],
    pairing: Pairing,
    edges: Vec<f64>,
    batches: u64,
}

/// The level names, weakest first.
fn level_names() -> Vec<String> {
    domino_bots::LEVELS
        .iter()
        .map(|(l, _)| l.to_string())
        .collect()
}

/// Play every pairing of neighbouring levels and of levels two apart,
/// `deals` (or `expert_deals`) each; then, while two neighbouring levels'
/// intervals overlap, double that pairing's deals (up to `max_deals` or
/// `expert_max_deals`) and rate again. A pairing whose levels come out
/// clearly the wrong way round gets no more deals: more would only
/// confirm it.
pub fn play(config: &LadderConfig) -> anyhow::Result<(Vec<Pairing>, Vec<Rated>)> {
    let levels = level_names();
    let mut pairs = Vec::new();
    for gap in [1, 2] {
        for i in 0..levels.len().saturating_sub(gap) {
            pairs.push(Growing {
                levels: [i, i + gap],
                pairing: Pairing {
                    bots: [levels[i].clone(), levels[i + gap].clone()],
                    deals: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    edge: (0.0, 0.0),
                },
                edges: Vec::new(),
                batches: 0,
            });
        }
    }
    let expert = |g: &Growing| g.pairing.bots.iter().any(|b| b == "expert");
    for g in pairs.iter_mut() {
        let n = if expert(g) {
            config.expert_deals
        } else {
            config.deals
        };
        grow(config, g, n, expert(g))?;
    }
    loop {
        let rated = rate(&levels, &current(&pairs));
        let mut grew = false;
        for g in pairs.iter_mut() {
            let [a, b] = g.levels;
            if b != a + 1 {
                continue;
            }
            let cap = if expert(g) {
                config.expert_max_deals
            } else {
                config.max_deals
            };
            if !overlapping(&rated, a) || g.pairing.deals >= cap {
                continue;
            }
            let more = g.pairing.deals.min(cap - g.pairing.deals).max(1);
            grow(config, g, more, expert(g))?;
            grew = true;
        }
        if !grew {
            return Ok((current(&pairs), rated));
        }
    }
}

fn current(pairs: &[Growing]) -> Vec<Pairing> {
    pairs.iter().map(|g| g.pairing.clone()).collect()
}

/// Play `deals` more deals of a pairing: each batch has its own seed, so
/// no deal is played twice.
fn grow(config: &LadderConfig, g: &mut Growing, deals: u64, expert: bool) -> anyhow::Result<()> {
    let spec = |b: &str| domino_bots::level_spec(b).unwrap_or(b).to_string();
    let arena = ArenaConfig {
        rules: config.rules,
        bots: [spec(&g.pairing.bots[0]), spec(&g.pairing.bots[1])],
        deals,
        seed: config.seed.wrapping_add(g.batches.wrapping_mul(1_000_003)),
        budget_ms: config.budget_ms,
        jobs: if expert { 1 } else { config.jobs },
    };
    let report = crate::arena::arena(&arena)?;
    let batch = Pairing::from_report(&report);
    g.edges.extend(&report.deal_edges);
    let p = &mut g.pairing;
    p.deals += batch.deals;
    p.wins += batch.wins;
    p.draws += batch.draws;
    p.losses += batch.losses;
    p.edge = domino_bots::arena::mean_ci(&g.edges);
    g.batches += 1;
    eprintln!(
        "{} vs {}: {} deals, won / drawn / lost {} / {} / {}",
        p.bots[0], p.bots[1], p.deals, p.wins, p.draws, p.losses
    );
    Ok(())
}

// The data file's shapes (docs: `domino ladder`), each struct's fields in
// the sorted order the file has always been written in.

/// A level as the data file keeps it.
#[derive(Clone, Debug, Serialize)]
pub struct LevelEntry {
    pub bot: String,
    pub deviation: f64,
    pub games: u64,
    pub high: f64,
    pub low: f64,
    pub rating: f64,
    /// The bot the level was measured with.
    pub spec: String,
    pub volatility: f64,
}

/// A pairing's deals as the data file keeps them.
#[derive(Clone, Debug, Serialize)]
pub struct PairingEntry {
    pub bots: [String; 2],
    pub ci95: f64,
    pub deals: u64,
    pub draws: u64,
    pub edge: f64,
    pub losses: u64,
    pub wins: u64,
}

/// One game's entry of the data file.
#[derive(Clone, Debug, Serialize)]
pub struct GameEntry {
    pub budget_ms: u64,
    pub deals: u64,
    pub expert_deals: u64,
    pub expert_max_deals: u64,
    pub levels: Vec<LevelEntry>,
    pub max_deals: u64,
    pub ordered: bool,
    pub pairings: Vec<PairingEntry>,
    pub players: u8,
    pub preset: &'static str,
    pub seed: u64,
}

/// A data file with no game yet.
#[derive(Serialize)]
struct EmptyFile {
    format: &'static str,
    games: [GameEntry; 0],
    system: &'static str,
}

/// The levels of `rated` as the data file keeps them.
fn levels_json(rated: &[Rated]) -> Vec<LevelEntry> {
    rated
        .iter()
        .map(|r| {
            let (low, high) = r.interval();
            LevelEntry {
                bot: r.bot.clone(),
                deviation: round1(r.rating.deviation),
                games: r.games,
                high: round1(high),
                low: round1(low),
                rating: round1(r.rating.rating),
                spec: domino_bots::level_spec(&r.bot)
                    .unwrap_or(&r.bot)
                    .to_string(),
                volatility: r.rating.volatility,
            }
        })
        .collect()
}

/// A stored pairing read back.
fn pairing_of(p: &Value) -> anyhow::Result<Pairing> {
    let n = |k: &str| {
        p[k].as_u64()
            .with_context(|| format!("a pairing without a count `{k}`: {p}"))
    };
    let bot = |i: usize| {
        p["bots"][i]
            .as_str()
            .map(str::to_string)
            .with_context(|| format!("a pairing without its two bots: {p}"))
    };
    Ok(Pairing {
        bots: [bot(0)?, bot(1)?],
        deals: n("deals")?,
        wins: n("wins")?,
        draws: n("draws")?,
        losses: n("losses")?,
        edge: (
            p["edge"].as_f64().unwrap_or(0.0),
            p["ci95"].as_f64().unwrap_or(0.0),
        ),
    })
}

/// Rate every game of the ladder file at `path` again from its stored
/// pairings (no deal is played) and write the file back; the report of
/// each game as text.
pub fn rerate(path: &Path) -> anyhow::Result<String> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut file: Value = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a ladder file", path.display()))?;
    let levels = level_names();
    let games = file["games"]
        .as_array_mut()
        .with_context(|| format!("{} has no \"games\" list", path.display()))?;
    let mut report = String::new();
    for g in games.iter_mut() {
        let pairings = g["pairings"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .map(pairing_of)
                    .collect::<anyhow::Result<Vec<_>>>()
            })
            .transpose()?
            .unwrap_or_default();
        let rated = rate(&levels, &pairings);
        // Each level keeps the bot it was measured with: before levels had
        // specs of their own, the bot of the level's name.
        let measured_with = |bot: &str| {
            g["levels"]
                .as_array()
                .and_then(|l| l.iter().find(|x| x["bot"] == bot))
                .and_then(|x| x.get("spec"))
                .and_then(Value::as_str)
                .unwrap_or(bot)
                .to_string()
        };
        let mut new_levels = levels_json(&rated);
        for l in new_levels.iter_mut() {
            l.spec = measured_with(&l.bot);
        }
        g["levels"] = serde_json::to_value(&new_levels)?;
        g["ordered"] = Value::Bool(ordered(&rated));
        let spec = domino_engine::RulesSpec {
            preset: g["preset"].as_str().unwrap_or_default().to_string(),
            players: g["players"].as_u64().map(|n| n as u8),
            options: Default::default(),
        };
        let rules = spec
            .resolve()
            .with_context(|| format!("a game the engine does not know: {}", g["preset"]))?;
        report += &to_text(&rules, &rated, &pairings);
    }
    std::fs::write(path, serde_json::to_string_pretty(&file)? + "\n")
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(report)
}

/// This game's entry of the data file.
pub fn entry(config: &LadderConfig, pairings: &[Pairing], rated: &[Rated]) -> GameEntry {
    GameEntry {
        budget_ms: config.budget_ms,
        deals: config.deals,
        expert_deals: config.expert_deals,
        expert_max_deals: config.expert_max_deals,
        levels: levels_json(rated),
        max_deals: config.max_deals,
        ordered: ordered(rated),
        pairings: pairings
            .iter()
            .map(|p| PairingEntry {
                bots: p.bots.clone(),
                ci95: p.edge.1,
                deals: p.deals,
                draws: p.draws,
                edge: p.edge.0,
                losses: p.losses,
                wins: p.wins,
            })
            .collect(),
        players: config.rules.players(),
        preset: config.rules.preset().name(),
        seed: config.seed,
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Put `entry` into the data file at `path` (replacing the same game's),
/// creating the file when missing.
pub fn store(path: &Path, entry: &GameEntry) -> anyhow::Result<()> {
    let entry = serde_json::to_value(entry)?;
    let mut file = match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str::<Value>(&text)
            .with_context(|| format!("{} is not a ladder file", path.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => serde_json::to_value(EmptyFile {
            format: "domino-ladder/1",
            games: [],
            system: "glicko2",
        })?,
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let games = file["games"]
        .as_array_mut()
        .with_context(|| format!("{} has no \"games\" list", path.display()))?;
    games.retain(|g| !(g["preset"] == entry["preset"] && g["players"] == entry["players"]));
    games.push(entry);
    games.sort_by_key(|g| {
        (
            g["preset"].as_str().unwrap_or_default().to_string(),
            g["players"].as_u64().unwrap_or(0),
        )
    });
    std::fs::write(path, serde_json::to_string_pretty(&file)? + "\n")
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// The ratings as text.
pub fn to_text(rules: &Rules, rated: &[Rated], pairings: &[Pairing]) -> String {
    let mut out = format!(
        "{} ({} players): Glicko-2 ratings, 95% intervals\n",
        rules.preset().name(),
        rules.players()
    );
    for r in rated {
        let (low, high) = r.interval();
        out += &format!(
            "  {:<10} {:7.1}  [{:7.1}, {:7.1}]  {} games\n",
            r.bot, r.rating.rating, low, high, r.games
        );
    }
    out += "pairings (deals won, drawn, lost by the first):\n";
    for p in pairings {
        out += &format!(
            "  {:<10} vs {:<10} {:>6} deals: {} / {} / {}\n",
            p.bots[0], p.bots[1], p.deals, p.wins, p.draws, p.losses
        );
    }
    out += if ordered(rated) {
        "the levels are in order, no two intervals overlap\n"
    } else {
        "NOT ordered: some intervals overlap or are out of order (play more deals)\n"
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Rating a file again from its pairings gives what rating the same
    /// pairings gives, writes it back, and keeps the pairings as they were.
    #[test]
    fn rerating_a_file_rates_its_stored_pairings_again() -> anyhow::Result<()> {
        let pairings = json!([
            {"bots": ["random", "heavy"], "deals": 100, "wins": 20, "draws": 10, "losses": 70, "edge": -1.0, "ci95": 0.5},
            {"bots": ["heavy", "count"], "deals": 100, "wins": 30, "draws": 0, "losses": 70, "edge": -1.0, "ci95": 0.5},
        ]);
        let file = json!({"format": "domino-ladder/1", "system": "glicko2", "games": [
            {"preset": "draw", "players": 2, "ordered": true, "levels": [], "pairings": pairings,
             "deals": 100, "expert_deals": 0, "seed": 1, "budget_ms": 20}
        ]});
        let path = std::env::temp_dir().join(format!("domino-rerate-{}.json", std::process::id()));
        std::fs::write(&path, file.to_string())?;
        let text = rerate(&path)?;
        let back: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
        std::fs::remove_file(&path)?;
        assert!(text.starts_with("draw (2 players)"), "{text}");
        let g = &back["games"][0];
        assert_eq!(g["pairings"], pairings);
        let levels: Vec<String> = domino_bots::BOT_NAMES
            .iter()
            .map(|s| s.to_string())
            .collect();
        let stored: Vec<Pairing> = pairings
            .as_array()
            .map(|ps| ps.iter().map(pairing_of).collect::<anyhow::Result<_>>())
            .transpose()?
            .unwrap_or_default();
        let rated = rate(&levels, &stored);
        // A file from before levels had specs: each level was its bot.
        let mut expected = levels_json(&rated);
        for l in expected.iter_mut() {
            l.spec = l.bot.clone();
        }
        assert_eq!(g["levels"], serde_json::to_value(&expected)?);
        assert_eq!(g["ordered"], json!(ordered(&rated)));
        // Heavy beat random and count beat heavy.
        let rating = |b: &str| {
            g["levels"]
                .as_array()
                .and_then(|l| l.iter().find(|x| x["bot"] == b))
                .and_then(|x| x["rating"].as_f64())
                .unwrap_or(f64::NAN)
        };
        assert!(rating("random") < rating("heavy") && rating("heavy") < rating("count"));
        Ok(())
    }

    #[test]
    fn a_pairing_without_its_counts_is_an_error() {
        assert!(pairing_of(&json!({"bots": ["random", "heavy"], "deals": 3})).is_err());
    }
}
