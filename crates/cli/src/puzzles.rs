//! `domino puzzles generate` and `domino puzzles verify`: mine puzzles from
//! self-played hands or recorded matches into a set file, and prove every
//! puzzle of a set again (docs/puzzles.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Subcommand};
use domino_engine::RulesSpec;
use domino_puzzles::format::{read_set, to_line};
use domino_puzzles::mine::{mine, MineConfig, Tally};
use domino_puzzles::rate::RateConfig;
use domino_puzzles::{mine_record, verify, Kind, Limits, Puzzle};
use indicatif::{ProgressBar, ProgressStyle};

use crate::recorded;
use crate::solve::read_input;
use crate::Usage;

/// `domino puzzles ...`
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Mine puzzles from self-played hands (or recorded matches) and write
    /// them, one per line.
    Generate(GenerateArgs),
    /// Prove every puzzle of a set again; exit 1 if any answer is not the
    /// only one or differs from what the file states.
    Verify {
        /// The set (one puzzle per line), or `-` for stdin.
        file: PathBuf,
        /// Most worlds a counting puzzle may leave (more than a puzzle
        /// states are always allowed).
        #[arg(long, default_value_t = Limits::default().max_worlds)]
        max_worlds: usize,
    },
}

/// Flags of `domino puzzles generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The games, comma-separated; `GAME:N` for N players (default
    /// jamaican). With recorded matches: only these games' matches.
    #[arg(long)]
    pub games: Option<String>,
    /// Mine recorded matches instead of self-played hands: a file of one
    /// match record (as a server's replay page downloads it) or of one
    /// record per line; may be given more than once.
    #[arg(long, value_name = "FILE")]
    pub records: Vec<PathBuf>,
    /// Mine a server's public finished matches, read from its store
    /// (`sqlite://domino.db`, `postgres://...`).
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// The newest finished matches of `--store` to read at most.
    #[arg(long, default_value_t = 1000)]
    pub matches: i64,
    /// With recorded matches: mine only their first N hands (a puzzle of
    /// hand N carries the record of N hands).
    #[arg(long, value_name = "N")]
    pub first_hands: Option<usize>,
    /// Puzzles to keep per game.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// Seed of each game's first hand (the next hands take the next seeds).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The bot playing every seat of the self-played hands.
    #[arg(long, default_value = "expert:samples=16")]
    pub bots: String,
    /// Hands to play per game at most.
    #[arg(long, default_value_t = 2000)]
    pub max_hands: u64,
    /// Most worlds a counting puzzle may leave open.
    #[arg(long, default_value_t = Limits::default().max_worlds)]
    pub max_worlds: usize,
    /// Offer only positions with at most this many tiles still in the
    /// players' hands (early positions of the larger games are slow to
    /// solve and seldom proved).
    #[arg(long)]
    pub max_in_hands: Option<u32>,
    /// Tries of each bot level below the expert when rating a puzzle.
    #[arg(long, default_value_t = RateConfig::default().tries)]
    pub tries: u32,
    /// Tries of the expert level when rating a puzzle (0: it counts as
    /// missing every one).
    #[arg(long, default_value_t = RateConfig::default().expert_tries)]
    pub expert_tries: u32,
    /// The expert level's time budget per try, in milliseconds.
    #[arg(long, default_value_t = RateConfig::default().budget_ms)]
    pub budget_ms: u64,
    /// The file to write (one puzzle per line); stdout when absent.
    #[arg(long, short)]
    pub out: Option<PathBuf>,
}

/// A game of `--games`: its id prefix and its rules.
fn games(list: &str) -> anyhow::Result<Vec<(String, RulesSpec)>> {
    let mut out = Vec::new();
    for g in list.split(',').map(str::trim).filter(|g| !g.is_empty()) {
        let (name, players) = match g.split_once(':') {
            Some((n, p)) => {
                let p: u8 = p
                    .parse()
                    .map_err(|_| Usage(format!("`{g}`: players after the colon, like block:4")))?;
                (n, Some(p))
            }
            None => (g, None),
        };
        let spec = RulesSpec {
            players,
            ..RulesSpec::preset(name)
        };
        spec.resolve().map_err(|e| Usage(format!("`{g}`: {e}")))?;
        let id = match players {
            Some(p) => format!("{name}{p}"),
            None => name.to_string(),
        };
        out.push((id, spec));
    }
    if out.is_empty() {
        return Err(Usage("--games names no game".to_string()).into());
    }
    Ok(out)
}

/// Run `domino puzzles`.
pub fn run(cmd: &PuzzlesCommand, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    match cmd {
        PuzzlesCommand::Generate(args) => generate(args, out),
        PuzzlesCommand::Verify { file, max_worlds } => {
            let text = read_input(file)?;
            let set = read_set(&text).map_err(|e| Usage(format!("{}: {e}", file.display())))?;
            let limits = Limits {
                max_worlds: *max_worlds,
                ..Limits::default()
            };
            let (report, failed) = verify_set(&set, limits);
            write!(out, "{report}")?;
            if failed > 0 {
                anyhow::bail!("{failed} of {} puzzles failed", set.len());
            }
            Ok(())
        }
    }
}

/// Prove each puzzle again: the report and the number that failed.
fn verify_set(set: &[Puzzle], limits: Limits) -> (String, usize) {
    let start = Instant::now();
    let bar = bar(
        set.len() as u64,
        "{pos}/{len} puzzles verified, {elapsed} (eta {eta})",
    );
    let mut report = String::new();
    let mut failed = 0;
    for p in set {
        if let Err(e) = verify(p, limits) {
            failed += 1;
            let _ = writeln!(report, "{}: {e}", p.id);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let _ = writeln!(
        report,
        "{} puzzles, {} proved, {failed} failed, in {:.1} s",
        set.len(),
        set.len() - failed,
        start.elapsed().as_secs_f64()
    );
    (report, failed)
}

fn bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(&format!("{{msg}} [{{bar:30}}] {template}")) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn generate(args: &GenerateArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let recorded = !args.records.is_empty() || args.store.is_some();
    let games = match (&args.games, recorded) {
        (Some(list), _) => games(list)?,
        (None, false) => games("jamaican")?,
        (None, true) => Vec::new(),
    };
    if !recorded {
        domino_bots::by_name(&args.bots, domino_bots::BotConfig::default())
            .map_err(|e| Usage(e.to_string()))?;
    }
    let cfg = MineConfig {
        count: args.count,
        per_kind: (args.count * 7).div_ceil(10),
        seed: args.seed,
        max_hands: args.max_hands,
        bots: args.bots.clone(),
        max_in_hands: args.max_in_hands,
        limits: Limits {
            max_worlds: args.max_worlds,
            ..Limits::default()
        },
        rate: RateConfig {
            tries: args.tries,
            expert_tries: args.expert_tries,
            budget_ms: args.budget_ms,
            seed: args.seed,
        },
    };
    let mut file = match &args.out {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => None,
    };
    let mut write = |puzzles: &[Puzzle]| -> anyhow::Result<()> {
        for p in puzzles {
            let line = to_line(p)?;
            match &mut file {
                Some(f) => writeln!(f, "{line}")?,
                None => writeln!(out, "{line}")?,
            }
        }
        if let Some(f) = &mut file {
            f.flush()?;
        }
        Ok(())
    };
    let start = Instant::now();
    let (all, tallies) = if recorded {
        let matches = recorded::read(&args.records, args.store.as_deref(), args.matches)?;
        let wanted: Vec<String> = games.iter().map(|(id, _)| id.clone()).collect();
        mine_recorded(&matches, &wanted, args.first_hands, &cfg, &mut write)?
    } else {
        mine_played(&games, &cfg, &mut write)?
    };
    eprint!("{}", summary(&all, &tallies, start.elapsed().as_secs_f64()));
    Ok(())
}

type Mined = (Vec<Puzzle>, Vec<(String, Tally)>);

/// Self-played hands of each game.
fn mine_played(
    games: &[(String, RulesSpec)],
    cfg: &MineConfig,
    write: &mut dyn FnMut(&[Puzzle]) -> anyhow::Result<()>,
) -> anyhow::Result<Mined> {
    let bar = bar(
        (cfg.count * games.len()) as u64,
        "{pos}/{len} puzzles, {elapsed} (eta {eta})",
    );
    let mut all = Vec::new();
    let mut tallies = Vec::new();
    for (id, spec) in games {
        bar.set_message(id.clone());
        let mut hands = 0u64;
        let (puzzles, tally) = mine(id, spec, cfg, &mut |p| match p {
            Some(_) => bar.inc(1),
            None => {
                hands += 1;
                bar.set_message(format!("{id}, hand {hands}"));
            }
        })?;
        write(&puzzles)?;
        all.extend(puzzles);
        tallies.push((id.clone(), tally));
    }
    bar.finish_and_clear();
    Ok((all, tallies))
}

/// Every hand of recorded matches, `cfg.count` puzzles per game at most
/// (only the `wanted` games when any is named). A match that cannot be
/// replayed is named on stderr and skipped.
fn mine_recorded(
    matches: &[recorded::Named],
    wanted: &[String],
    max_hand: Option<usize>,
    cfg: &MineConfig,
    write: &mut dyn FnMut(&[Puzzle]) -> anyhow::Result<()>,
) -> anyhow::Result<Mined> {
    let bar = bar(
        matches.len() as u64,
        "{pos}/{len} matches, {elapsed} (eta {eta})",
    );
    let mut by_game: BTreeMap<String, (Vec<Puzzle>, Tally)> = BTreeMap::new();
    for m in matches {
        let game = domino_puzzles::stored::game_of(&m.record);
        bar.inc(1);
        if !wanted.is_empty() && !wanted.contains(&game) {
            continue;
        }
        let (puzzles, tally) = by_game.entry(game.clone()).or_default();
        if puzzles.len() >= cfg.count {
            continue;
        }
        bar.set_message(format!("{game}, {}", m.name));
        if let Err(e) = mine_record(
            &m.name,
            &m.record,
            max_hand,
            cfg,
            tally,
            puzzles,
            &mut |_| {},
        ) {
            bar.suspend(|| eprintln!("match {}: skipped: {e}", m.name));
        }
    }
    bar.finish_and_clear();
    let mut all = Vec::new();
    let mut tallies = Vec::new();
    for (game, (puzzles, tally)) in by_game {
        write(&puzzles)?;
        all.extend(puzzles);
        tallies.push((game, tally));
    }
    Ok((all, tallies))
}

/// The mining figures: positions offered and kept, and the set by game,
/// kind and theme, with each level's solve rate.
pub fn summary(set: &[Puzzle], tallies: &[(String, Tally)], seconds: f64) -> String {
    let mut s = String::new();
    let positions: u64 = tallies.iter().map(|(_, t)| t.positions).sum();
    let hands: u64 = tallies.iter().map(|(_, t)| t.hands).sum();
    let _ = writeln!(
        s,
        "{} puzzles from {positions} positions ({:.1}% kept) of {hands} hands, in {seconds:.0} s",
        set.len(),
        100.0 * set.len() as f64 / positions.max(1) as f64
    );
    for (id, t) in tallies {
        let kept = |k| t.kept.get(&k).copied().unwrap_or(0);
        let _ = writeln!(
            s,
            "  {id:<20} hands {:>5}  positions {:>6}  open {:>4}  counting {:>4}",
            t.hands,
            t.positions,
            kept(Kind::Open),
            kept(Kind::Counting)
        );
        let rejected: Vec<String> = t
            .rejected
            .iter()
            .map(|((k, r), n)| format!("{k:?} {r} {n}").to_lowercase())
            .collect();
        let _ = writeln!(s, "    turned down: {}", rejected.join(", "));
    }
    // Themes as the file spells them, the most frequent first, by kind too.
    let kinds = [
        ("all", None),
        ("open", Some(Kind::Open)),
        ("counting", Some(Kind::Counting)),
    ];
    for (name, kind) in kinds {
        let of_kind = || set.iter().filter(move |p| kind.is_none_or(|k| p.kind == k));
        let mut themes: BTreeMap<String, usize> = BTreeMap::new();
        for t in of_kind().flat_map(|p| &p.themes) {
            let spelt = serde_json::to_value(t)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned));
            *themes
                .entry(spelt.unwrap_or_else(|| format!("{t:?}")))
                .or_default() += 1;
        }
        let mut themes: Vec<(String, usize)> = themes.into_iter().collect();
        themes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let themes: Vec<String> = themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
        let _ = writeln!(
            s,
            "themes ({name}, {} puzzles): {}",
            of_kind().count(),
            themes.join(", ")
        );
    }
    // Each level's solve rate, weakest level first, over all and by kind.
    let _ = writeln!(
        s,
        "  {:<10} {:>7} {:>7} {:>9}",
        "solved by", "all", "open", "counting"
    );
    for (level, _) in domino_bots::LEVELS {
        let rate = |kind: Option<Kind>| {
            let shares: Vec<f64> = set
                .iter()
                .filter(|p| kind.is_none_or(|k| p.kind == k))
                .filter_map(|p| p.solved_by.get(level).copied())
                .collect();
            100.0 * shares.iter().sum::<f64>() / shares.len().max(1) as f64
        };
        let _ = writeln!(
            s,
            "  {level:<10} {:>6.1}% {:>6.1}% {:>8.1}%",
            rate(None),
            rate(Some(Kind::Open)),
            rate(Some(Kind::Counting))
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_themes_as_the_file_does_and_levels_weakest_first() {
        let set = read_set(include_str!("../../../puzzles/set.jsonl")).expect("the set");
        let some: Vec<Puzzle> = set.into_iter().take(40).collect();
        let text = summary(&some, &[], 1.0);
        let themes = text
            .lines()
            .find(|l| l.starts_with("themes (all, 40 puzzles): "));
        let themes = themes.unwrap_or_else(|| panic!("no themes line in:\n{text}"));
        assert!(themes.contains("domino "), "{themes}");
        assert!(!themes.contains("Domino"), "as in the file: {themes}");
        assert!(text.contains("themes (open, ") && text.contains("themes (counting, "));
        let levels: Vec<&str> = text
            .lines()
            .filter(|l| l.contains('%'))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| domino_bots::LEVELS.iter().any(|(l, _)| l == w))
            .collect();
        assert_eq!(levels, ["random", "heavy", "count", "heuristic", "expert"]);
    }
}
