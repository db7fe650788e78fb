//! The OpenAPI schemas of the types whose JSON is written by hand (their
//! `Serialize` is not a derive): a tile as `"6-6"`, a redeal rule as a word
//! or a tile, a winner as `{"side": n}` or `null`.

use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::{Redeal, Tile, Winner};

/// A tile's text: its two ends, low first by convention (`"3-5"`, `"6-6"`).
const TILE_PATTERN: &str = "^[0-9]{1,2}-[0-9]{1,2}$";

fn tile() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(TILE_PATTERN))
        .examples([serde_json::json!("6-6")])
}

impl PartialSchema for Tile {
    fn schema() -> RefOr<Schema> {
        tile()
            .description(Some("A tile: its two ends' pips, as `6-6` or `3-5`."))
            .into()
    }
}

impl ToSchema for Tile {}

impl PartialSchema for Redeal {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["double", "turn_over", "never"])),
            )
            .item(tile())
            .description(Some(
                "What a deal must hold to start the hand: a double, this tile, \
                 nothing (`never`), or the turn-over decides.",
            ))
            .into()
    }
}

impl ToSchema for Redeal {}

impl PartialSchema for Winner {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property(
                "side",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0)),
            )
            .required("side")
            .description(Some("The winning side; `null` where nobody won."))
            .into()
    }
}

impl ToSchema for Winner {}
