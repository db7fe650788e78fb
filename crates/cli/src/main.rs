//! The `domino` command: the engine protocol, record replay, the rules
//! reference, a speed benchmark and a terminal game, each a thin layer over
//! `domino_engine` (and `domino_bots` for the game).

mod admin;
mod analyze;
mod arena;
mod bench;
mod bot;
mod catalog;
mod engine;
mod fairplay;
mod ladder;
mod puzzles;
mod recorded;
mod replay;
mod rules;
mod serve;
mod solve;
mod verify;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use domino_engine::Preset;

#[derive(Debug, Parser)]
#[command(
    name = "domino",
    version,
    about = "Dominoes: twelve regional games, one engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Speak the JSON-lines engine protocol on stdin and stdout.
    Engine,
    /// Check a match record (domino-record/1) and print its final state.
    Replay {
        /// The record file, or `-` for stdin.
        file: PathBuf,
    },
    /// List the games, or describe one game and its options.
    Rules {
        /// The game to describe.
        preset: Option<String>,
        /// Describe the options for this many players (default: the game's default).
        #[arg(long, requires = "preset")]
        players: Option<u8>,
        /// Print each game as the protocol's `presets` data gives it,
        /// instead of text (the trains family too).
        #[arg(long)]
        json: bool,
        /// Print how to play the game, in short, instead of its options.
        #[arg(long, requires = "preset", conflicts_with_all = ["json", "players"])]
        how: bool,
        /// The language of `--how`: en, es or fr (default: from LC_ALL,
        /// LC_MESSAGES or LANG, else English).
        #[arg(long, value_name = "LANG", requires = "how")]
        lang: Option<String>,
    },
    /// Play a match in the terminal against bots (Jamaican partner by default).
    Play(domino_terminal::PlayArgs),
    /// Keep the score of a game played with real tiles, offline: a line per
    /// hand, undo, the sheet and CSV (docs/keep.md).
    Keep(domino_terminal::keep::KeepArgs),
    /// Serve the browser game: lobby, tables with friends and bots, history.
    // Boxed: its many flags would make every other command as large.
    Serve(Box<serve::ServeArgs>),
    /// The site's roles and audit log, on the database of a running
    /// `domino serve`: grant or revoke the moderator role (docs/fairplay.md).
    Admin(admin::AdminArgs),
    /// Play as a bot account on a server with a built-in bot: accept
    /// challenges, seek in the pool, many tables at once (docs/play.md).
    Bot(Box<bot::BotArgs>),
    /// Check every deal of a downloaded browser match (record or replay)
    /// against its revealed keys and commitments; exit 1 if one fails.
    Verify {
        /// The downloaded file, or `-` for stdin.
        file: PathBuf,
    },
    /// Play two bots against each other in duplicate (each deal twice,
    /// seats swapped) and report their strength with 95% intervals.
    Arena {
        /// The game to play.
        #[arg(long, default_value = "jamaican")]
        preset: String,
        /// Players (default: the game's default).
        #[arg(long)]
        players: Option<u8>,
        /// The two bots, comma-separated: random, heavy, count, heuristic, expert.
        #[arg(long, default_value = "heuristic,count")]
        bots: String,
        /// Deals to play (each is played twice).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
        hands: u64,
        /// Seed of the deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The expert's time budget per decision, in milliseconds.
        #[arg(long, default_value_t = domino_bots::expert::DEFAULT_BUDGET_MS)]
        budget_ms: u64,
        /// Deals played at once. Results do not change; decision times are
        /// then measured with that many games sharing the cores.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: u64,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Fair play: measure how well the flags tell honest players from
    /// players who consult the expert (docs/fairplay.md).
    Fairplay(fairplay::FairplayArgs),
    /// Rate the bot levels of one game against each other (Glicko-2 with
    /// 95% intervals) from duplicate matches, and record them in the ladder
    /// file (see docs/bots.md).
    Ladder {
        /// The game to play.
        #[arg(long, default_value = "jamaican")]
        preset: String,
        /// Players (default: the game's default).
        #[arg(long)]
        players: Option<u8>,
        /// Deals each pairing of two levels below the expert starts with.
        #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
        deals: u64,
        /// The most deals a pairing of two neighbouring levels below the
        /// expert grows to while their intervals overlap (default: --deals,
        /// no growing).
        #[arg(long)]
        max_deals: Option<u64>,
        /// Deals each pairing with the expert starts with.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
        expert_deals: u64,
        /// The most deals the expert's pairing with the level below grows
        /// to while their intervals overlap (default: --expert-deals).
        #[arg(long)]
        expert_max_deals: Option<u64>,
        /// Seed of the deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The expert's time budget per decision, in milliseconds: by
        /// default what `domino serve` gives the bots at its tables.
        #[arg(long, default_value_t = serve::TABLE_BUDGET_MS)]
        budget_ms: u64,
        /// Deals played at once (pairings without the expert).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: u64,
        /// Write the game's ratings into this ladder file (replacing the
        /// game's earlier entry).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Play nothing: rate every game of this ladder file again from
        /// its stored pairings and write it back.
        #[arg(long, conflicts_with_all = ["preset", "players", "deals", "max_deals", "expert_deals", "expert_max_deals", "seed", "budget_ms", "jobs", "out", "json"])]
        rerate: Option<PathBuf>,
        /// Print this game's entry as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Solve a fully known position exactly: its value, every legal
    /// action's value and the best line (see docs/analysis.md).
    Solve(solve::SolveArgs),
    /// Puzzles proved by the solver: mine a set, or prove one again.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Go through a match record: each decision's cost with full
    /// information, and what the expert would have played.
    Analyze(analyze::AnalyzeArgs),
    /// Time random playouts on one thread.
    Bench {
        /// The game to play.
        #[arg(long, default_value = "jamaican", conflicts_with = "all")]
        preset: String,
        /// Hands to play.
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        hands: u64,
        /// Seed of the random deals and actions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players (default: the game's default).
        #[arg(long, conflicts_with = "all")]
        players: Option<u8>,
        /// Bench every game at its default players, one line each.
        #[arg(long)]
        all: bool,
        /// Time each game this many times, taking turns between games, and
        /// report the median run with the slowest and fastest.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
        /// An earlier bench's output: each game's line gains that figure and
        /// the change from it.
        #[arg(long, value_name = "FILE")]
        baseline: Option<PathBuf>,
    },
}

/// A mistake in the command line: reported like clap's own, with exit code 2.
#[derive(Debug)]
struct Usage(String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Errors may quote a file or a line: a short, escaped excerpt.
            eprintln!(
                "domino: {}",
                domino_engine::text::bounded(&format!("{e:#}"))
            );
            if e.is::<Usage>() || e.is::<domino_terminal::Usage>() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn preset(name: &str) -> anyhow::Result<Preset> {
    catalog::find(name).map_err(|m| Usage(m).into())
}

fn run(command: Command) -> anyhow::Result<()> {
    if let Command::Play(args) = command {
        return domino_terminal::run(args);
    }
    if let Command::Serve(args) = command {
        return serve::run(*args);
    }
    if let Command::Keep(args) = command {
        return domino_terminal::keep::run(&args);
    }
    if let Command::Bot(args) = command {
        return bot::run(*args);
    }
    let mut out = io::stdout().lock();
    match command {
        Command::Play(_) | Command::Serve(_) | Command::Keep(_) | Command::Bot(_) => {}
        Command::Engine => engine::serve(io::stdin().lock(), out)?,
        Command::Replay { file } => writeln!(out, "{}", replay::replay(&file)?)?,
        Command::Verify { file } => writeln!(out, "{}", verify::verify(&file)?)?,
        Command::Solve(args) => solve::run(&args, &mut out)?,
        Command::Puzzles(cmd) => puzzles::run(&cmd, &mut out)?,
        Command::Analyze(args) => analyze::run(&args, &mut out)?,
        Command::Rules {
            preset: None,
            json: false,
            ..
        } => write!(out, "{}", rules::table())?,
        Command::Rules {
            preset: None,
            json: true,
            ..
        } => writeln!(out, "{}", serde_json::to_string_pretty(&catalog::games())?)?,
        Command::Rules {
            preset: Some(name),
            how: true,
            lang,
            ..
        } => {
            let lang = domino_terminal::lang_of(lang.as_deref())?;
            write!(
                out,
                "{}",
                domino_terminal::howto::text(lang, preset(&name)?)
            )?
        }
        Command::Rules {
            preset: Some(name),
            players,
            json,
            ..
        } => {
            let p = preset(&name)?;
            let n = players.unwrap_or(p.default_players());
            let (min, max) = p.player_range();
            if !(min..=max).contains(&n) {
                return Err(Usage(format!(
                    "{name} is played by {min} to {max} players, not {n}"
                ))
                .into());
            }
            if json {
                let v = domino_engine::catalog::game_info(p, n);
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            } else {
                write!(out, "{}", rules::describe(p, n))?;
            }
        }
        Command::Arena {
            preset: name,
            players,
            bots,
            hands,
            seed,
            budget_ms,
            jobs,
            json,
        } => {
            preset(&name)?;
            let rules = bench::rules(&name, players).map_err(|e| Usage(e.to_string()))?;
            let names: Vec<&str> = bots.split(',').map(str::trim).collect();
            let [a, b] = names.as_slice() else {
                return Err(Usage(format!(
                    "--bots takes two names, like heuristic,count; got `{bots}`"
                ))
                .into());
            };
            for n in [a, b] {
                let config = domino_bots::BotConfig::default();
                if let Err(e) = domino_bots::by_name(n, config) {
                    return Err(Usage(format!(
                        "{e} (the expert takes options, like expert:samples=64:weights=off)"
                    ))
                    .into());
                }
            }
            let config = domino_bots::arena::ArenaConfig {
                rules,
                bots: [a.to_string(), b.to_string()],
                deals: hands,
                seed,
                budget_ms,
                jobs: jobs as usize,
            };
            let report = arena::arena(&config)?;
            if json {
                writeln!(out, "{}", arena::to_json(&rules, &report)?)?;
            } else {
                write!(out, "{}", arena::to_text(&rules, &report))?;
            }
        }
        Command::Fairplay(args) => fairplay::main(args)?,
        Command::Admin(args) => admin::run(args, &mut out)?,
        Command::Ladder {
            preset: name,
            players,
            deals,
            max_deals,
            expert_deals,
            expert_max_deals,
            seed,
            budget_ms,
            jobs,
            out: path,
            json,
            rerate,
        } => {
            if let Some(file) = rerate {
                write!(out, "{}", ladder::rerate(&file)?)?;
                return Ok(());
            }
            preset(&name)?;
            let rules = bench::rules(&name, players).map_err(|e| Usage(e.to_string()))?;
            let config = ladder::LadderConfig {
                rules,
                deals,
                max_deals: max_deals.unwrap_or(deals).max(deals),
                expert_deals,
                expert_max_deals: expert_max_deals.unwrap_or(expert_deals).max(expert_deals),
                seed,
                budget_ms,
                jobs: jobs as usize,
            };
            let (pairings, rated) = ladder::play(&config)?;
            let entry = ladder::entry(&config, &pairings, &rated);
            if let Some(path) = &path {
                ladder::store(path, &entry)?;
            }
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&entry)?)?;
            } else {
                write!(out, "{}", ladder::to_text(&rules, &rated, &pairings))?;
            }
        }
        Command::Bench {
            preset: name,
            hands,
            seed,
            players,
            all,
            runs,
            baseline,
        } => {
            let names: Vec<(String, Option<u8>)> = if all {
                catalog::names()
                    .into_iter()
                    .map(|n| (n.to_string(), None))
                    .collect()
            } else {
                preset(&name)?;
                vec![(name, players)]
            };
            let games = names
                .into_iter()
                .map(|(name, players)| bench::rules(&name, players))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Usage(e.to_string()))?;
            // Read before any timing: a bad file fails at once.
            let baseline = match baseline {
                Some(path) => {
                    let text = std::fs::read_to_string(&path)
                        .with_context(|| format!("cannot read {}", path.display()))?;
                    bench::read_baseline(&text)
                        .with_context(|| format!("baseline {}", path.display()))?
                }
                None => Vec::new(),
            };
            // Round by round, every game once a round: a slow spell of a
            // shared machine falls on every game, not on one. Each game's
            // line is printed as soon as its last run ends.
            let mut timed: Vec<Vec<bench::Report>> = games.iter().map(|_| Vec::new()).collect();
            for round in 1..=runs {
                for (rules, runs_of) in games.iter().zip(&mut timed) {
                    runs_of.push(bench::run(*rules, hands, seed));
                    if round < runs {
                        continue;
                    }
                    if let Some(mut report) = bench::median(std::mem::take(runs_of)) {
                        bench::compare(&mut report, &baseline);
                        writeln!(out, "{}", serde_json::to_string(&report)?)?;
                        out.flush()?;
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
