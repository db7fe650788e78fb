//! `domino bot`: a built-in bot plays as a bot account on a server
//! (crates/botclient does the work; this reads the flags and prints a line
//! per table).

use std::sync::Arc;

use anyhow::Context;
use clap::Args;
use domino_botclient::{BuiltIn, Options, Progress};
use domino_engine::RulesSpec;

#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server, http://HOST[:PORT][/PATH] or https://... (port 443 by
    /// default; its certificate is checked against Mozilla's roots).
    #[arg(long)]
    server: String,
    /// A PEM file of certificates to trust as well, for an https server
    /// whose certificate a private CA signed (the CA's certificate) or a
    /// self-signed one (the server's own certificate).
    #[arg(long, value_name = "PATH")]
    ca_file: Option<std::path::PathBuf>,
    /// The bot account's API token (or $DOMINO_BOT_TOKEN, which keeps it
    /// out of the process list).
    #[arg(long, env = "DOMINO_BOT_TOKEN", hide_env_values = true)]
    token: String,
    /// The bot that plays: a level (random, heavy, count, heuristic,
    /// expert) or a bot spec.
    #[arg(long, default_value = "expert")]
    bot: String,
    /// The game sought in the pool (a preset: `domino rules` lists them).
    #[arg(long)]
    game: Option<String>,
    /// The number of players sought (default: the game's own; the pool
    /// seats only seekers of the same game and number).
    #[arg(long, requires = "game")]
    players: Option<u8>,
    /// Seek rated games.
    #[arg(long)]
    rated: bool,
    /// Seek in the pool, keeping up to --tables tables going.
    #[arg(long, requires = "game")]
    seek: bool,
    /// Accept challenges in these games only (comma-separated; default:
    /// every game; `none`: no challenges).
    #[arg(long, value_delimiter = ',')]
    accept: Option<Vec<String>>,
    /// Tables played at once, at most.
    #[arg(long, default_value_t = 1)]
    tables: usize,
    /// Stop after this many finished matches (default: run until stopped).
    #[arg(long)]
    games: Option<u32>,
    /// The expert's thinking budget per decision, in milliseconds: the
    /// most it thinks; on a running clock it thinks a tenth of the time
    /// left at most (docs/play.md).
    #[arg(long, default_value_t = domino_bots::BotConfig::default().budget_ms)]
    budget_ms: u64,
}

pub fn run(args: BotArgs) -> anyhow::Result<()> {
    let config = domino_bots::BotConfig {
        budget_ms: args.budget_ms,
        ..Default::default()
    };
    let policy = Arc::new(BuiltIn::with_config(&args.bot, config)?);
    let game = args
        .game
        .as_deref()
        .map(|g| {
            crate::preset(g)?;
            Ok::<_, anyhow::Error>(RulesSpec {
                preset: g.into(),
                players: args.players,
                options: Default::default(),
            })
        })
        .transpose()?;
    let accept = args
        .accept
        .map(|list| list.into_iter().filter(|g| g != "none").collect());
    let options = Options {
        game,
        rated: args.rated,
        seek: args.seek,
        accept,
        tables: args.tables,
        games: args.games,
        ca_file: args.ca_file,
        ..Options::new(&args.server, &args.token)
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    let summary = rt.block_on(domino_botclient::run(
        options,
        policy,
        Arc::new(|p| println!("{}", line(&p))),
    ))?;
    println!("{} matches played", summary.finished.len());
    Ok(())
}

/// The line printed for a step.
fn line(p: &Progress) -> String {
    match p {
        Progress::Online => "online".into(),
        Progress::Retrying { what, error, after } => {
            format!("{what}: {error}; again in {:.1} s", after.as_secs_f64())
        }
        Progress::Seeking { game, rated } => {
            format!(
                "seeking a {} game of {game}",
                if *rated { "rated" } else { "casual" }
            )
        }
        Progress::Challenged {
            from,
            game,
            accepted,
            ..
        } => format!(
            "challenge from {from} ({game}): {}",
            if *accepted { "accepted" } else { "declined" }
        ),
        Progress::Started { table, via } => format!("table {table}: started ({via})"),
        Progress::Refused {
            table,
            code,
            message,
        } => format!("table {table}: refused {code}: {message}"),
        Progress::PolicyFailed {
            table,
            error,
            played,
        } => format!("table {table}: the bot failed ({error}); played {played} instead"),
        Progress::Lost { table, error } => format!("table {table}: lost: {error}"),
        Progress::Finished(f) => {
            let outcome = match f.won {
                Some(true) => "won",
                Some(false) => "lost",
                None => "no winner",
            };
            let scores: Vec<String> = f.scores.iter().map(i32::to_string).collect();
            let rating = f
                .rating
                .map(|r| format!(", rating {:.0} -> {:.0}", r.before, r.after))
                .unwrap_or_default();
            format!(
                "table {}: finished, {outcome} {}{rating}",
                f.table,
                scores.join("-")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_botclient::{Finished, RatingChange};

    #[test]
    fn a_finished_rated_table_prints_its_rating() {
        let f = Finished {
            table: "T1".into(),
            seat: 1,
            rated: true,
            scores: vec![2, 6],
            side: 1,
            won: Some(true),
            rating: Some(RatingChange {
                before: 1500.0,
                after: 1532.4,
            }),
        };
        assert_eq!(
            line(&Progress::Finished(f)),
            "table T1: finished, won 2-6, rating 1500 -> 1532"
        );
    }
}
