//! Making a bot from its spec: one factory and one option syntax for every
//! command.

use crate::expert::{Expert, ModelChoice, Search, OVERSAMPLE};
use crate::likelihood::{PlayModel, Styles};
use crate::modeled::Modelled;
use crate::simple::Noisy;
use crate::{Bot, BotConfig, BotError, Count, Heavy, Heuristic, Random};

/// A bot by its spec, the one syntax every command takes (`play`, `serve`,
/// `arena`, the engine protocol's `go`, Python): a bot name, and for the
/// expert options after colons:
/// `expert:samples=64:weights=off:oversample=4:nodes=50000`. A fixed number
/// of samples makes the expert's play independent of timing, so an arena
/// gives the same result on any machine. Every bot takes `noise=P`: at
/// each real choice a random legal play with probability P (0 to 1).
pub fn by_name(spec: &str, config: BotConfig) -> Result<Box<dyn Bot>, BotError> {
    let bad = |why: String| BotError::BadOptions {
        spec: spec.to_string(),
        why,
    };
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or_default();
    let mut noise = None;
    let mut options = Vec::new();
    for o in parts {
        match o.strip_prefix("noise=") {
            Some(p) => match p.parse::<f64>() {
                Ok(p) if (0.0..=1.0).contains(&p) => noise = Some(p),
                _ => return Err(bad(format!("`{o}`: noise is a probability from 0 to 1"))),
            },
            None => options.push(o),
        }
    }
    let bot = with_options(spec, name, &options, config)?;
    Ok(match noise {
        Some(p) => Box::new(Noisy::new(bot, p, config.seed)),
        None => bot,
    })
}

/// The bot `name` with its options other than `noise`.
fn with_options(
    spec: &str,
    name: &str,
    options: &[&str],
    config: BotConfig,
) -> Result<Box<dyn Bot>, BotError> {
    if options.is_empty() {
        return by_kind(name, config);
    }
    let bad = |why: String| BotError::BadOptions {
        spec: spec.to_string(),
        why,
    };
    if name != "expert" {
        return Err(bad(format!(
            "only the expert takes options other than noise=P, not `{name}`"
        )));
    }
    let mut expert = Expert::new(config.seed, config.budget_ms);
    let (mut weights, mut oversample, mut fixed) = (true, OVERSAMPLE, None);
    let mut mixed = None;
    let mut partner = None;
    let mut partner_same = false;
    for &o in options {
        let what = || {
            bad(format!(
                "`{o}`: expected samples=N, weights=on|off, oversample=N, nodes=N, horizon=N, draws=known|unknown, trust=Z, rollouts=N, imitate=P, search=exact|maxn|horizon|maxn-horizon|rollout|modeled|modeled-all, model=PIPS/KEEP/DOUBLE/POINTS, partner=off|same|PIPS/KEEP/DOUBLE/POINTS, styles=... or noise=P"
            ))
        };
        let (k, v) = o.split_once('=').ok_or_else(what)?;
        match (k, v) {
            ("samples", n) => expert = expert.with_max_samples(n.parse().map_err(|_| what())?),
            ("weights", "on") => weights = true,
            ("weights", "off") => weights = false,
            ("oversample", n) => oversample = n.parse().map_err(|_| what())?,
            ("nodes", n) => expert = expert.with_node_limit(n.parse().map_err(|_| what())?),
            ("horizon", n) => expert = expert.with_horizon_nodes(n.parse().map_err(|_| what())?),
            ("draws", "known") => expert = expert.with_blind_draws(false),
            ("trust", z) => expert = expert.with_trust(z.parse().map_err(|_| what())?),
            ("draws", "unknown") => expert = expert.with_blind_draws(true),
            ("partner", "off") => partner = Some(ModelChoice::Off),
            ("partner", "same") => partner_same = true,
            ("partner", w) => {
                partner = Some(ModelChoice::Fixed(PlayModel::parse(w).ok_or_else(what)?))
            }
            ("model", w) => fixed = Some(PlayModel::parse(w).ok_or_else(what)?),
            ("search", "exact") => expert = expert.with_search(Search::Exact),
            ("search", "maxn") => expert = expert.with_search(Search::MaxN),
            ("search", "horizon") => expert = expert.with_search(Search::Horizon),
            ("search", "maxn-horizon") => expert = expert.with_search(Search::MaxNHorizon),
            ("search", "rollout") => expert = expert.with_search(Search::Rollout),
            ("imitate", p) => match p.parse::<f64>() {
                Ok(p) if (0.0..1.0).contains(&p) => expert = expert.with_imitate(p),
                _ => return Err(what()),
            },
            ("rollouts", n) => match n.parse::<usize>() {
                Ok(n) if n > 0 => expert = expert.with_rollouts(n),
                _ => return Err(what()),
            },
            ("search", "modeled") => {
                expert = expert.with_search(Search::Modeled(Modelled::Opponents))
            }
            ("search", "modeled-all") => {
                expert = expert.with_search(Search::Modeled(Modelled::Everyone))
            }
            ("styles", w) => {
                // PRIOR*PIPS/KEEP/DOUBLE/POINTS+PRIOR*...
                let mut list = Vec::new();
                for part in w.split('+') {
                    let (p, m) = part.split_once('*').ok_or_else(what)?;
                    let p: f64 = p.parse().map_err(|_| what())?;
                    list.push((p, PlayModel::parse(m).ok_or_else(what)?));
                }
                mixed = Some(Styles::mix(&list));
            }
            _ => return Err(what()),
        }
    }
    let model = match (weights, fixed, mixed) {
        (false, _, _) => ModelChoice::Off,
        (true, _, Some(s)) => ModelChoice::Mixed(s),
        (true, Some(m), None) => ModelChoice::Fixed(m),
        (true, None, None) => ModelChoice::ForGame,
    };
    if partner_same {
        partner = Some(model);
    }
    let mut expert = expert.with_model(model, oversample);
    if let Some(p) = partner {
        expert = expert.with_partner_model(p);
    }
    Ok(Box::new(expert))
}

/// A bot by its plain name, with no options.
fn by_kind(name: &str, config: BotConfig) -> Result<Box<dyn Bot>, BotError> {
    Ok(match name {
        "random" => Box::new(Random::new(config.seed)),
        "heavy" => Box::new(Heavy),
        "count" => Box::new(Count),
        "heuristic" => Box::new(Heuristic),
        "expert" => Box::new(Expert::new(config.seed, config.budget_ms)),
        other => return Err(BotError::Unknown(other.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::{Match, Rules};

    #[test]
    fn every_bot_takes_noise_and_a_bad_rate_is_refused() {
        for b in crate::BOT_NAMES {
            assert!(by_name(&format!("{b}:noise=0.5"), BotConfig::default()).is_ok());
        }
        assert!(by_name("expert:samples=4:noise=0.1", BotConfig::default()).is_ok());
        for bad in [
            "heuristic:noise=1.5",
            "heuristic:noise=x",
            "heavy:samples=3",
        ] {
            assert!(
                matches!(
                    by_name(bad, BotConfig::default()),
                    Err(BotError::BadOptions { .. })
                ),
                "{bad}"
            );
        }
    }

    /// With no noise the bot plays as itself; with all noise it plays
    /// other moves than the heaviest-tile bot in some positions, and
    /// always a legal one.
    #[test]
    fn noise_replaces_some_choices_with_random_legal_plays(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let rules = Rules::of_preset("draw")?;
        let (mut differed, mut same_at_zero) = (0, true);
        for seed in 0..10u64 {
            let mut m = Match::new(rules, Some(seed), None)?;
            let config = BotConfig {
                seed,
                budget_ms: 10,
            };
            let mut plain = by_name("heavy", config)?;
            let mut quiet = by_name("heavy:noise=0", config)?;
            let mut loud = by_name("heavy:noise=1", config)?;
            while matches!(m.phase(), domino_engine::Phase::Play) {
                let Some(seat) = m.to_act() else { break };
                let view = m.seat_view(seat);
                let a = plain.act(&view)?;
                same_at_zero &= quiet.act(&view)? == a;
                let b = loud.act(&view)?;
                assert!(view.legal().contains(&b));
                differed += usize::from(a != b);
                m.act(a, &mut ())?;
            }
        }
        assert!(same_at_zero);
        assert!(differed > 0);
        Ok(())
    }
}
