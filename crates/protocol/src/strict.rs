//! JSON read as the OpenAPI document states it: an object only from a
//! JSON object. serde's derived structs also read a list of their fields
//! in order (`[]` for a struct without fields, `["x"]` for `{"name": "x"}`),
//! which no body or message of the API allows; the fuzzer in CI
//! (`.ci/fuzz-api`) sends such lists and expects them refused.
//!
//! [`from_slice`] wraps serde_json's reader so that every struct, at any
//! depth, refuses a sequence; everything else is read as serde_json reads
//! it. Errors name the path to the bad value (`rules.game: ...`).

use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, Error as _, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};

/// A body that could not be read: its JSON is broken, or a value does not
/// fit (the message says where).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct BadJson {
    /// Whether the text itself is not JSON (rather than JSON of the wrong shape).
    pub syntax: bool,
    pub message: String,
}

/// `T` from JSON text, structs only from objects.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, BadJson> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(Strict(&mut de)).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let syntax = inner.is_syntax() || inner.is_eof();
        let message = if path == "." {
            inner.to_string()
        } else {
            format!("{path}: {inner}")
        };
        BadJson { syntax, message }
    })?;
    de.end().map_err(|e| BadJson {
        syntax: true,
        message: e.to_string(),
    })?;
    Ok(value)
}

/// `T` from JSON text, structs only from objects.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, BadJson> {
    from_slice(text.as_bytes())
}

/// A deserializer whose structs refuse sequences; the rest is forwarded.
struct Strict<D>(D);

/// A visitor handed on with every nested reader wrapped; `object_only`
/// when it reads a struct.
struct Wrap<V> {
    inner: V,
    object_only: bool,
}

fn wrap<V>(inner: V) -> Wrap<V> {
    Wrap {
        inner,
        object_only: false,
    }
}

macro_rules! forward_deserialize {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(wrap(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward_deserialize!(
        deserialize_any,
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_option,
        deserialize_unit,
        deserialize_seq,
        deserialize_map,
        deserialize_identifier,
        deserialize_ignored_any,
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, wrap(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, wrap(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, wrap(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, wrap(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct(
            name,
            fields,
            Wrap {
                inner: visitor,
                object_only: true,
            },
        )
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, wrap(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident: $ty:ty),* $(,)?) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            self.inner.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_visit!(
        visit_bool: bool,
        visit_i8: i8,
        visit_i16: i16,
        visit_i32: i32,
        visit_i64: i64,
        visit_i128: i128,
        visit_u8: u8,
        visit_u16: u16,
        visit_u32: u32,
        visit_u64: u64,
        visit_u128: u128,
        visit_f32: f32,
        visit_f64: f64,
        visit_char: char,
        visit_str: &str,
        visit_borrowed_str: &'de str,
        visit_string: String,
        visit_bytes: &[u8],
        visit_borrowed_bytes: &'de [u8],
        visit_byte_buf: Vec<u8>,
    );

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.inner.visit_some(Strict(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.inner.visit_newtype_struct(Strict(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        if self.object_only {
            return Err(A::Error::invalid_type(Unexpected::Seq, &self));
        }
        self.inner.visit_seq(Seq(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_map(Map(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_enum(Enum(data))
    }
}

/// A seed whose deserializer is wrapped.
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(d))
    }
}

struct Seq<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Seq<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct Map<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Map<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct Enum<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Enum<A> {
    type Error = A::Error;
    type Variant = Variant<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Seed(seed))?;
        Ok((value, Variant(variant)))
    }
}

struct Variant<A>(A);

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, wrap(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(
            fields,
            Wrap {
                inner: visitor,
                object_only: true,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Empty {}

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        n: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        name: String,
        inner: Inner,
        list: Vec<Inner>,
        opt: Option<Inner>,
        pair: (u8, u8),
        map: BTreeMap<String, u8>,
        kind: Kind,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Wrapped(Inner),
        Shaped { n: u8 },
    }

    const GOOD: &str = r#"{"name": "a", "inner": {"n": 1}, "list": [{"n": 2}], "opt": {"n": 3},
        "pair": [4, 5], "map": {"k": 6}, "kind": {"shaped": {"n": 7}}}"#;

    #[test]
    fn reads_what_serde_json_reads() {
        let strict: Outer = from_str(GOOD).unwrap();
        let plain: Outer = serde_json::from_str(GOOD).unwrap();
        assert_eq!(strict, plain);
        assert_eq!(from_str::<Kind>(r#""plain""#).unwrap(), Kind::Plain);
        assert_eq!(
            from_str::<Kind>(r#"{"wrapped": {"n": 1}}"#).unwrap(),
            Kind::Wrapped(Inner { n: 1 })
        );
        assert_eq!(from_str::<Empty>("{}").unwrap(), Empty {});
    }

    #[test]
    fn refuses_a_list_for_a_struct_at_any_depth() {
        // serde_json alone takes each of these.
        assert!(serde_json::from_str::<Empty>("[]").is_ok());
        let e = from_str::<Empty>("[]").unwrap_err();
        assert!(!e.syntax);
        assert_eq!(
            e.message,
            "invalid type: sequence, expected struct Empty at line 1 column 2"
        );
        for (bad, path) in [
            (GOOD.replace(r#"{"n": 1}"#, "[1]"), "inner"),
            (GOOD.replace(r#"[{"n": 2}]"#, "[[2]]"), "list[0]"),
            (GOOD.replace(r#"{"n": 3}"#, "[3]"), "opt"),
            (GOOD.replace(r#"{"n": 7}"#, "[7]"), "kind.shaped"),
        ] {
            assert!(serde_json::from_str::<Outer>(&bad).is_ok(), "{bad}");
            let e = from_str::<Outer>(&bad).unwrap_err();
            assert!(
                e.message
                    .starts_with(&format!("{path}: invalid type: sequence")),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn broken_text_is_a_syntax_error() {
        assert!(from_str::<Empty>("{").unwrap_err().syntax);
        assert!(from_str::<Empty>("{} x").unwrap_err().syntax);
        assert!(!from_str::<Inner>(r#"{"n": "x"}"#).unwrap_err().syntax);
    }
}
