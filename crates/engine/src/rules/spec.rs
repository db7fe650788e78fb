//! What a user writes ([`RulesSpec`]) and its validation into [`Rules`]
//! ([`RulesSpec::resolve`]), with the errors it refuses a spec with.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

use crate::code::{ErrorCode, Failure};
use crate::tile::{Tile, TileSet};

use super::derived::Behaviour;
use super::options::O;

use super::chosen::Choices;
use super::{
    option_specs, Blocked, Claims, DrawRule, LayoutKind, MugginsBy, OptionKind, OptionName, Preset,
    Rules,
};

/// Rules as written by a user: a preset name with optional players and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulesSpec {
    pub preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
}

/// Why a rules specification was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("unknown preset `{0}`: run `domino rules` to list the games")]
    UnknownPreset(String),
    #[error("{preset} is played by {min} to {max} players, not {got}")]
    BadPlayers {
        preset: &'static str,
        got: u8,
        min: u8,
        max: u8,
    },
    #[error("unknown option `{option}` for {preset}: it takes {known}")]
    UnknownOption {
        preset: &'static str,
        option: String,
        known: String,
    },
    #[error("option `{option}`: {reason}")]
    BadOption { option: String, reason: String },
}

impl RulesError {
    /// The protocol's error code.
    pub const fn code(&self) -> ErrorCode {
        match self {
            RulesError::UnknownPreset(_) => ErrorCode::UnknownPreset,
            _ => ErrorCode::BadOption,
        }
    }
}

/// A refused request's line names the error's code and says what went wrong.
impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

impl RulesSpec {
    /// A spec for a preset with its default players and options.
    pub fn preset(name: &str) -> RulesSpec {
        RulesSpec {
            preset: name.to_string(),
            players: None,
            options: Map::new(),
        }
    }

    /// Validate and fill every default.
    pub fn resolve(&self) -> Result<Rules, RulesError> {
        let preset = Preset::from_name(&self.preset)
            .ok_or_else(|| RulesError::UnknownPreset(self.preset.clone()))?;
        let (min, max) = preset.player_range();
        let players = self.players.unwrap_or(preset.default_players());
        if players < min || players > max {
            return Err(RulesError::BadPlayers {
                preset: preset.name(),
                got: players,
                min,
                max,
            });
        }
        let specs = option_specs(preset, players, &self.options);
        for (k, v) in &self.options {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == k)
                    .ok_or_else(|| RulesError::UnknownOption {
                        preset: preset.name(),
                        option: k.clone(),
                        known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
                    })?;
            spec.check(v)?;
        }
        // Every option of the table with its value, given or default:
        // points options as numbers, so the typed choices read one form.
        let offered = |name: OptionName| specs.iter().any(|s| s.name == name.name());
        let options = specs
            .iter()
            .map(|s| {
                let v = self.options.get(s.name).unwrap_or(&s.default);
                let v = match s.kind {
                    OptionKind::Points { .. } => s.points(v).into(),
                    _ => v.clone(),
                };
                (s.name.to_string(), v)
            })
            .collect();
        let mut chosen = Choices::read(options)?;
        chosen.partners = match preset {
            Preset::Jamaican => true,
            Preset::Chiva | Preset::PuertoRican => players == 4,
            Preset::Block | Preset::Draw | Preset::Cross => chosen.partners,
            _ => false,
        };
        let partners = chosen.partners;
        let removed = if preset == Preset::Cutthroat && players == 3 {
            Tile::double(0).bit()
        } else {
            TileSet::EMPTY
        };
        let draw = match preset {
            Preset::Jamaican | Preset::French | Preset::Block => DrawRule::Never,
            Preset::Cutthroat if chosen.boneyard => DrawRule::UntilAble,
            Preset::Cutthroat => DrawRule::Never,
            Preset::Chiva if players == 4 => DrawRule::Never,
            Preset::PuertoRican if players == 4 => DrawRule::Never,
            Preset::Chiva | Preset::PuertoRican => DrawRule::UntilAble,
            Preset::Draw | Preset::Cross | Preset::DoubleNineCross => DrawRule::UntilAble,
            Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => DrawRule::KeepTwo,
            Preset::MexicanTrain | Preset::ChickenFoot => DrawRule::OnePerTurn,
        };
        let layout = match preset {
            Preset::Cross => LayoutKind::Cross,
            Preset::DoubleNineCross => LayoutKind::CrossEveryDouble,
            Preset::French => LayoutKind::French,
            Preset::ClubFives => LayoutKind::FirstDoubleSpinner,
            Preset::MexicanTrain => LayoutKind::Trains {
                trains: players + u8::from(chosen.mexican_train),
            },
            Preset::ChickenFoot => LayoutKind::ChickenFoot {
                centre: chosen.centre.sides(),
            },
            _ => LayoutKind::Line,
        };
        if preset.is_trains() {
            check_engines(&chosen)?;
        }
        if chosen.both_partners_out && !partners {
            return Err(RulesError::BadOption {
                option: O::BothPartnersOut.name().into(),
                reason: "it needs partners (option `partners`: true)".into(),
            });
        }
        // Jamaican blocked hands go to the lowest player; the other
        // partnership games compare team totals unless chiva says otherwise.
        chosen.blocked = match preset {
            _ if offered(O::Blocked) => chosen.blocked,
            Preset::Jamaican => Blocked::LowestPlayer,
            _ if partners => Blocked::TeamTotal,
            _ => Blocked::LowestPlayer,
        };
        // As `both_partners_out` without partners: a value that would
        // change nothing is refused, the default (`next`) left alone so
        // every spelled-out spec resolves.
        if chosen.muggins_by == MugginsBy::Any && chosen.claims != Claims::Muggins {
            return Err(RulesError::BadOption {
                option: O::MugginsBy.name().into(),
                reason:
                    "it needs claims: muggins (otherwise points are credited and nobody takes them)"
                        .into(),
            });
        }
        // Pass points are paid between partnerships only.
        if !partners {
            chosen.pass_points = 0;
        }
        Ok(Rules {
            preset,
            players,
            chosen,
            removed,
            draw,
            layout,
            how: Behaviour::of(preset, partners, &chosen),
        })
    }
}

/// The trains family: the engines fall one a hand from `start_double`, so a
/// match can have no more hands than there are doubles at or below it.
fn check_engines(chosen: &Choices) -> Result<(), RulesError> {
    if chosen.start_double > chosen.max_pip {
        return Err(RulesError::BadOption {
            option: O::StartDouble.name().into(),
            reason: format!(
                "{}-{} is not in a set whose highest double is {}-{}",
                chosen.start_double, chosen.start_double, chosen.max_pip, chosen.max_pip
            ),
        });
    }
    let most = chosen.start_double + 1;
    if chosen.rounds > most {
        return Err(RulesError::BadOption {
            option: O::Rounds.name().into(),
            reason: format!(
                "starting at {}-{} the engines run out after {most} hands (down to 0-0), not {}",
                chosen.start_double, chosen.start_double, chosen.rounds
            ),
        });
    }
    Ok(())
}
