//! Making a bot from its spec: one factory and one option syntax for every
//! command.

use crate::expert::{Expert, ModelChoice, Search, OVERSAMPLE};
use crate::likelihood::{PlayModel, Styles};
use crate::modeled::Modelled;
use crate::{Bot, BotConfig, BotError, Count, Heavy, Heuristic, Random};

/// A bot by its spec, the one syntax every command takes (`play`, `serve`,
/// `arena`, the engine protocol's `go`, Python): a bot name, and for the
/// expert options after colons:
/// `expert:samples=64:weights=off:oversample=4:nodes=50000`. A fixed number
/// of samples makes the expert's play independent of timing, so an arena
/// gives the same result on any machine.
pub fn by_name(spec: &str, config: BotConfig) -> Result<Box<dyn Bot>, BotError> {
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or_default();
    let options: Vec<&str> = parts.collect();
    if options.is_empty() {
        return by_kind(name, config);
    }
    let bad = |why: String| BotError::BadOptions {
        spec: spec.to_string(),
        why,
    };
    if name != "expert" {
        return Err(bad(format!("only the expert takes options, not `{name}`")));
    }
    let mut expert = Expert::new(config.seed, config.budget_ms);
    let (mut weights, mut oversample, mut fixed) = (true, OVERSAMPLE, None);
    let mut mixed = None;
    for o in options {
        let what = || {
            bad(format!(
                "`{o}`: expected samples=N, weights=on|off, oversample=N, nodes=N, horizon=N, search=exact|maxn|horizon|maxn-horizon|modeled|modeled-all, model=PIPS/KEEP/DOUBLE/POINTS or styles=..."
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
            ("model", w) => fixed = Some(PlayModel::parse(w).ok_or_else(what)?),
            ("search", "exact") => expert = expert.with_search(Search::Exact),
            ("search", "maxn") => expert = expert.with_search(Search::MaxN),
            ("search", "horizon") => expert = expert.with_search(Search::Horizon),
            ("search", "maxn-horizon") => expert = expert.with_search(Search::MaxNHorizon),
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
    Ok(Box::new(expert.with_model(model, oversample)))
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
