//! The `domino` command: the engine protocol, record replay, the rules
//! reference and a speed benchmark, each a thin layer over `domino_engine`.

mod bench;
mod catalog;
mod describe;
mod replay;
mod reply;
mod serve;
mod session;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

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
        /// Print the protocol's `presets` data instead of text.
        #[arg(long)]
        json: bool,
    },
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
            eprintln!("domino: {e:#}");
            if e.is::<Usage>() {
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
    let mut out = io::stdout().lock();
    match command {
        Command::Engine => serve::serve(io::stdin().lock(), out)?,
        Command::Replay { file } => writeln!(out, "{}", replay::replay(&file)?)?,
        Command::Rules {
            preset: None,
            json: false,
            ..
        } => write!(out, "{}", describe::table())?,
        Command::Rules {
            preset: None,
            json: true,
            ..
        } => writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&catalog::presets_json())?
        )?,
        Command::Rules {
            preset: Some(name),
            players,
            json,
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
                let v = catalog::preset_json(p, n);
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            } else {
                write!(out, "{}", describe::describe(p, n))?;
            }
        }
        Command::Bench {
            preset: name,
            hands,
            seed,
            players,
            all,
        } => {
            let games: Vec<(String, Option<u8>)> = if all {
                catalog::names()
                    .into_iter()
                    .map(|n| (n.to_string(), None))
                    .collect()
            } else {
                preset(&name)?;
                vec![(name, players)]
            };
            for (name, players) in games {
                let rules = bench::rules(&name, players).map_err(|e| Usage(e.to_string()))?;
                let report = bench::run(rules, hands, seed);
                writeln!(out, "{}", serde_json::to_string(&report)?)?;
                out.flush()?;
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
