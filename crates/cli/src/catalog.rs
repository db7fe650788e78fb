//! The games and their options as data: the protocol's `presets` answer,
//! shared with `domino rules --json` so both always agree.

use domino_engine::rules::{option_specs, OptionSpec};
use domino_engine::Preset;
use serde_json::{json, Map, Value};

/// A preset by name, or a message listing the valid names.
pub fn find(name: &str) -> Result<Preset, String> {
    Preset::named(name)
}

/// Every preset name, in the engine's order.
pub fn names() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).collect()
}

/// Allowed player counts, as a list.
pub fn player_counts(p: Preset) -> Vec<u8> {
    let (min, max) = p.player_range();
    (min..=max).collect()
}

/// The options of `p` for `players`, with every default.
pub fn options(p: Preset, players: u8) -> Vec<OptionSpec> {
    option_specs(p, players, &Map::new())
}

fn option_json(o: &OptionSpec) -> Value {
    json!({
        "name": o.name,
        "default": o.default,
        "values": o.values_json(),
        "help": o.help,
    })
}

/// One entry of the `presets` list, options given for `players`.
pub fn preset_json(p: Preset, players: u8) -> Value {
    let opts: Vec<Value> = options(p, players).iter().map(option_json).collect();
    json!({
        "name": p.name(),
        "players": player_counts(p),
        "default_players": p.default_players(),
        "summary": p.summary(),
        "options": opts,
    })
}

/// The whole `presets` list, options at each game's default players.
pub fn presets_json() -> Value {
    Value::Array(
        Preset::ALL
            .iter()
            .map(|&p| preset_json(p, p.default_players()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_presets_with_options() {
        let list = presets_json();
        let list = list.as_array().expect("a list");
        assert_eq!(list.len(), 12);
        let jam = &list[0];
        assert_eq!(jam["name"], "jamaican");
        assert_eq!(jam["players"], json!([4]));
        assert_eq!(jam["default_players"], 4);
        let key = jam["options"]
            .as_array()
            .expect("options")
            .iter()
            .find(|o| o["name"] == "key_tile")
            .expect("key_tile");
        assert_eq!(key["default"], true);
        assert_eq!(key["values"], json!([false, true]));
        assert!(key["help"].as_str().is_some_and(|h| !h.is_empty()));
    }

    #[test]
    fn unknown_names_list_the_games() {
        let e = find("nope").expect_err("unknown");
        assert!(e.contains("nope") && e.contains("jamaican") && e.contains("club-fives"));
    }
}
