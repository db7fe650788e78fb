//! What a user writes ([`RulesSpec`]) and its validation into [`Rules`]
//! ([`RulesSpec::resolve`]), with the errors it refuses a spec with.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

use crate::code::{ErrorCode, Failure};
use crate::tile::{Tile, TileSet};

use super::derived::Behaviour;
use super::options::O;

use super::{
    option_specs, Blocked, Claims, DrawRule, LayoutKind, MugginsBy, OptionName, Preset, Rules,
    Scoring, Skunk,
};

/// Rules as written by a user: a preset name with optional players and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
        let get = |name: OptionName| -> Value {
            self.options
                .get(name.name())
                .cloned()
                .or_else(|| {
                    specs
                        .iter()
                        .find(|s| s.name == name.name())
                        .map(|s| s.default.clone())
                })
                .unwrap_or(Value::Null)
        };
        let b = |name: OptionName| get(name).as_bool().unwrap_or(false);
        let spec_of = |name: OptionName| specs.iter().find(|s| s.name == name.name());
        let n = |name: OptionName| get(name).as_i64().unwrap_or(0);
        let max_pip = match n(O::Set) {
            0 => 6,
            s => s as u8,
        };
        let partners = match preset {
            Preset::Jamaican => true,
            Preset::Chiva | Preset::PuertoRican => players == 4,
            Preset::Block | Preset::Draw | Preset::Cross => b(O::Partners),
            _ => false,
        };
        let removed = if preset == Preset::Cutthroat && players == 3 {
            Tile::double(0).bit()
        } else {
            TileSet::EMPTY
        };
        let draw = match preset {
            Preset::Jamaican | Preset::French | Preset::Block => DrawRule::Never,
            Preset::Cutthroat if b(O::Boneyard) => DrawRule::UntilAble,
            Preset::Cutthroat => DrawRule::Never,
            Preset::Chiva if players == 4 => DrawRule::Never,
            Preset::PuertoRican if players == 4 => DrawRule::Never,
            Preset::Chiva | Preset::PuertoRican => DrawRule::UntilAble,
            Preset::Draw | Preset::Cross | Preset::DoubleNineCross => DrawRule::UntilAble,
            Preset::AllFives | Preset::FivesAndThrees | Preset::ClubFives => DrawRule::KeepTwo,
        };
        let layout = match preset {
            Preset::Cross => LayoutKind::Cross,
            Preset::DoubleNineCross => LayoutKind::CrossEveryDouble,
            Preset::French => LayoutKind::French,
            Preset::ClubFives => LayoutKind::FirstDoubleSpinner,
            _ => LayoutKind::Line,
        };
        let claims = chosen(O::Claims, get(O::Claims))?.unwrap_or(Claims::Auto);
        let scoring = chosen(O::Scoring, get(O::Scoring))?.unwrap_or(Scoring::Spots);
        if b(O::BothPartnersOut) && !partners {
            return Err(RulesError::BadOption {
                option: O::BothPartnersOut.name().into(),
                reason: "it needs partners (option `partners`: true)".into(),
            });
        }
        // Jamaican blocked hands go to the lowest player; the other
        // partnership games compare team totals unless chiva says otherwise.
        let blocked = match (preset, chosen(O::Blocked, get(O::Blocked))?) {
            (Preset::Jamaican, _) | (_, Some(Blocked::LowestPlayer)) => Blocked::LowestPlayer,
            _ if partners => Blocked::TeamTotal,
            _ => Blocked::LowestPlayer,
        };
        let muggins_by = chosen(O::MugginsBy, get(O::MugginsBy))?.unwrap_or(MugginsBy::Next);
        // As `both_partners_out` without partners: a value that would
        // change nothing is refused, the default (`next`) left alone so
        // every spelled-out spec resolves.
        if muggins_by == MugginsBy::Any && claims != Claims::Muggins {
            return Err(RulesError::BadOption {
                option: O::MugginsBy.name().into(),
                reason:
                    "it needs claims: muggins (otherwise points are credited and nobody takes them)"
                        .into(),
            });
        }
        let skunk = match preset {
            Preset::ClubFives => match get(O::Skunk) {
                Value::String(w) if w == "no_skunk" => Skunk::Off,
                Value::String(w) if w == "double_game" => Skunk::DoubleGame,
                v => Skunk::Points(v.as_i64().unwrap_or(0) as i32),
            },
            _ => Skunk::Off,
        };
        // Pass points are paid between partnerships only.
        let pass_points = spec_of(O::PassPoints)
            .filter(|_| partners)
            .map_or(0, |s| s.points(&get(O::PassPoints)));
        let sporting = b(O::Sporting);
        Ok(Rules {
            preset,
            players,
            max_pip,
            hand_size: n(O::HandSize) as u8,
            partners,
            removed,
            draw,
            layout,
            sporting,
            key_tile: b(O::KeyTile),
            playoff: b(O::Playoff),
            tie_replays: b(O::TieReplays),
            boneyard: b(O::Boneyard),
            pass_points: pass_points as i32,
            premiums: b(O::Premiums),
            blocked,
            target: n(O::Target) as i32,
            scoring,
            both_partners_out: b(O::BothPartnersOut),
            double_blank_ten: b(O::DoubleBlankTen),
            capicu_same_ends: b(O::CapicuSameEnds),
            claims,
            muggins_by,
            skunk,
            how: Behaviour::of(preset, partners, sporting),
        })
    }
}

/// A choice option's value as its type (`None` when the preset has no such
/// option): the option table checked the name already, so a name the type
/// does not know is a mistake in the table, refused rather than defaulted.
fn chosen<T: serde::de::DeserializeOwned>(
    name: OptionName,
    v: Value,
) -> Result<Option<T>, RulesError> {
    if v.is_null() {
        return Ok(None);
    }
    serde_json::from_value(v)
        .map(Some)
        .map_err(|e| RulesError::BadOption {
            option: name.name().into(),
            reason: e.to_string(),
        })
}
