//! The `id` of a request that is not handled as a whole, read from as
//! little of it as will do.

use serde_json::Value;

/// How much of a request too large to handle, or over the rate, is read
/// for its `id`: enough for `{"type": ..., "id": ...}` written in any
/// order with a short id, little enough that a flood costs nothing.
const ID_PREFIX: usize = 256;

/// The `id` of a request that is not handled as a whole (too large, not
/// JSON, over the rate), so that a client waiting for that answer gets it:
/// the value of the top-level `"id"` key of an object, read as far as
/// the text parses (a syntax error after the id still finds it), or null.
pub(super) fn readable_id(text: &str) -> Value {
    use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

    /// Records the id when it reads it, then stops the parse.
    struct FindId<'a>(&'a mut Value);

    impl<'de> Visitor<'de> for FindId<'_> {
        type Value = ();

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a request object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "id" {
                    *self.0 = map.next_value()?;
                    return Ok(());
                }
                map.next_value::<IgnoredAny>()?;
            }
            Ok(())
        }
    }

    let mut id = Value::Null;
    // The parse's own error says nothing more than the refusal will.
    let _ = serde_json::Deserializer::from_str(text).deserialize_map(FindId(&mut id));
    id
}

/// The start of `text`, at most [`ID_PREFIX`] bytes, cut between
/// characters.
pub(super) fn id_prefix(text: &str) -> &str {
    let mut end = text.len().min(ID_PREFIX);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_is_read_as_far_as_the_text_parses() {
        for (text, id) in [
            (r#"{"id": 7, "type": "list"}"#, json!(7)),
            (r#"{"id": 7, "type": "#, json!(7)),
            (r#"{"type": "list", "id": "a", "#, json!("a")),
            (
                r#"{"type": ["deep", {"id": 1}], "id": [2, {"x": 3}]} trailing"#,
                json!([2, {"x": 3}]),
            ),
            (r#"{not json"#, Value::Null),
            (r#"{"type": "list", "id": "cut"#, Value::Null),
            (r#"[{"id": 1}]"#, Value::Null),
            (r#""id""#, Value::Null),
            ("", Value::Null),
        ] {
            assert_eq!(readable_id(text), id, "{text}");
        }
    }

    #[test]
    fn only_a_prefix_of_a_large_request_is_read() {
        let pad = "x".repeat(2 * ID_PREFIX);
        let early = format!(r#"{{"id": 3, "pad": "{pad}"}}"#);
        let late = format!(r#"{{"pad": "{pad}", "id": 3}}"#);
        assert_eq!(readable_id(id_prefix(&early)), json!(3));
        assert_eq!(readable_id(id_prefix(&late)), Value::Null);
        assert_eq!(readable_id(&late), json!(3));
        let wide = "\u{e9}".repeat(ID_PREFIX);
        let cut = id_prefix(&wide);
        assert!(cut.len() <= ID_PREFIX && wide.starts_with(cut));
    }
}
