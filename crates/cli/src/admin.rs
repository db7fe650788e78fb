//! `domino admin`: the site's roles and audit log, on the database of a
//! running `domino serve` (docs/fairplay.md, "Moderators").

use std::io::Write;

use clap::{Args, Subcommand};
use domino_server::fairplay::admin;
use domino_store::Store;

#[derive(Debug, Args)]
pub struct AdminArgs {
    /// The server's database: sqlite://FILE or postgres://...
    #[arg(long, default_value = "sqlite://domino.db")]
    db: String,
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Debug, Subcommand)]
enum AdminCommand {
    /// Give a profile (its id or its name) the moderator role.
    Grant {
        profile: String,
        /// Why, for the audit log.
        #[arg(long, default_value = "")]
        why: String,
    },
    /// Take the moderator role from a profile.
    Revoke {
        profile: String,
        #[arg(long, default_value = "")]
        why: String,
    },
    /// List the moderators.
    Moderators,
    /// Print the audit log, the newest first.
    Audit {
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

pub fn run(args: AdminArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let store = Store::connect_beside_server(&args.db).await?;
        let now = domino_server::clock::now_ms();
        match &args.command {
            AdminCommand::Grant { profile, why } | AdminCommand::Revoke { profile, why } => {
                let on = matches!(args.command, AdminCommand::Grant { .. });
                let (changed, name) = admin::set_moderator(&store, profile, on, why, now).await?;
                let said = match (on, changed) {
                    (true, true) => "is now a moderator",
                    (true, false) => "was a moderator already",
                    (false, true) => "is no longer a moderator",
                    (false, false) => "was not a moderator",
                };
                writeln!(out, "{name} {said}")?;
            }
            AdminCommand::Moderators => {
                for (id, name) in admin::moderators(&store).await? {
                    writeln!(out, "{id}\t{name}")?;
                }
            }
            AdminCommand::Audit { limit } => {
                for a in store.fairplay().audit_log(*limit).await? {
                    writeln!(
                        out,
                        "{}\t{}\t{}\t{}\t{}",
                        a.at, a.actor, a.action, a.target, a.why
                    )?;
                }
            }
        }
        store.close().await;
        anyhow::Ok(())
    })
}
