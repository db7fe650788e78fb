//! What the user chose: every option of the rules as one typed value, read
//! from and written back to the options map by serde (one spelling, both
//! ways), apart from what the preset derives from it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Blocked, Centre, Claims, FirstTurn, MugginsBy, RulesError, Scoring, Skunk};

/// Every option's value, by the option's name. An option a preset does not
/// offer reads as its neutral value (off, 0, the first choice), so one type
/// serves every preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct Choices {
    /// Highest pip of the set: 6, 9 or 12.
    #[serde(rename = "set")]
    pub(super) max_pip: u8,
    pub(super) hand_size: u8,
    /// Two partnerships: seats 0 and 2, seats 1 and 3.
    pub(super) partners: bool,
    pub(super) sporting: bool,
    pub(super) key_tile: bool,
    pub(super) playoff: bool,
    pub(super) tie_replays: bool,
    pub(super) boneyard: bool,
    /// Puerto Rican pass bonus to the other team (4 players); 0 is off.
    /// Always a number here: the option table turns the old switch
    /// (`true`/`false`) into points before this reads it.
    pub(super) pass_points: i32,
    pub(super) premiums: bool,
    /// How a blocked partnership hand is won.
    pub(super) blocked: Blocked,
    pub(super) target: i32,
    pub(super) scoring: Scoring,
    pub(super) both_partners_out: bool,
    pub(super) double_blank_ten: bool,
    /// Puerto Rican: a last tile fitting both ends that show the same
    /// number is capicú too (RULES.md's default: the ends must differ).
    /// Written only when on, so records of the other games keep their
    /// bytes.
    #[serde(skip_serializing_if = "is_false")]
    pub(super) capicu_same_ends: bool,
    pub(super) claims: Claims,
    pub(super) muggins_by: MugginsBy,
    pub(super) skunk: Skunk,
    /// The trains family: the first hand's engine double, the hands a
    /// match has, and what 0-0 left in hand counts.
    pub(super) start_double: u8,
    pub(super) rounds: u8,
    pub(super) double_blank: i32,
    pub(super) first_turn: FirstTurn,
    pub(super) mexican_train: bool,
    pub(super) open_trains_start: bool,
    pub(super) centre: Centre,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            max_pip: 6,
            hand_size: 0,
            partners: false,
            sporting: false,
            key_tile: false,
            playoff: false,
            tie_replays: false,
            boneyard: false,
            pass_points: 0,
            premiums: false,
            blocked: Blocked::LowestPlayer,
            target: 0,
            scoring: Scoring::Spots,
            both_partners_out: false,
            double_blank_ten: false,
            capicu_same_ends: false,
            claims: Claims::Auto,
            muggins_by: MugginsBy::Next,
            skunk: Skunk::Off,
            start_double: 0,
            rounds: 0,
            double_blank: 0,
            first_turn: FirstTurn::One,
            mexican_train: false,
            open_trains_start: false,
            centre: Centre::Four,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Choices {
    /// Options already checked against the preset's table, as one value.
    /// A value the table let through but the type refuses is a mistake in
    /// the table, refused rather than defaulted.
    pub(super) fn read(options: Map<String, Value>) -> Result<Choices, RulesError> {
        serde_json::from_value(Value::Object(options)).map_err(|e| RulesError::BadOption {
            option: "options".into(),
            reason: e.to_string(),
        })
    }

    /// Every option's value by its name, as [`Choices::read`] reads it.
    pub(super) fn written(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(m)) => m,
            // A struct of plain fields always writes an object.
            _ => Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::every_preset_set_and_count;
    use serde_json::json;

    /// What a rules value writes is what it reads back, in every game: the
    /// one serde form serves `resolve` and `Rules::spec`.
    #[test]
    fn every_preset_reads_back_what_it_writes() {
        let all = every_preset_set_and_count(1..=8);
        assert!(all.len() > 40, "{}", all.len());
        for (preset, players, rules) in all {
            let read = Choices::read(rules.chosen.written()).unwrap();
            assert_eq!(read, rules.chosen, "{} {players}", preset.name());
        }
    }

    #[test]
    fn skunk_is_written_as_the_option_table_spells_it() {
        for (written, skunk) in [
            (json!("no_skunk"), Skunk::Off),
            (json!("double_game"), Skunk::DoubleGame),
            (json!(5), Skunk::Points(5)),
        ] {
            let mut options = Map::new();
            options.insert("skunk".into(), written.clone());
            let c = Choices::read(options).unwrap();
            assert_eq!(c.skunk, skunk);
            assert_eq!(c.written()["skunk"], written);
        }
    }

    /// A name the type does not know is refused, never read as a default.
    #[test]
    fn an_unknown_option_or_value_is_refused() {
        let mut options = Map::new();
        options.insert("keytile".into(), true.into());
        assert!(Choices::read(options).is_err());
        let mut options = Map::new();
        options.insert("claims".into(), "sometimes".into());
        assert!(Choices::read(options).is_err());
    }
}
