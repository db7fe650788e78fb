//! The OpenAPI document as Markdown, for its page next to the bot API's
//! guide (served by [`crate::web::openapi`]): every operation by tag (its
//! method and path, what it is for, who may call, its parameters, body and
//! answers), then every schema; so the page says what `/api/openapi.json`
//! says.

use std::fmt::Write as _;

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::{Content, OpenApi, RefOr};

/// The document as Markdown.
pub fn markdown(doc: &OpenApi) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# The HTTP API, operation by operation\n");
    if let Some(d) = &doc.info.description {
        let _ = writeln!(md, "{d}\n");
    }
    let _ = writeln!(
        md,
        "The same contract as a file: [`/api/openapi.json`](/api/openapi.json) \
         (OpenAPI 3.1, version {}).\n",
        doc.info.version
    );
    let tags = doc.tags.clone().unwrap_or_default();
    for tag in &tags {
        let ops = operations(doc, &tag.name);
        if ops.is_empty() {
            continue;
        }
        let mut name = tag.name.chars();
        let title: String = name
            .next()
            .map(|c| c.to_uppercase().chain(name).collect())
            .unwrap_or_default();
        let _ = writeln!(md, "## {title}\n");
        if let Some(d) = &tag.description {
            let _ = writeln!(md, "{d}.\n");
        }
        for (method, path, op) in ops {
            operation(&mut md, method, path, op);
        }
    }
    if let Some(components) = &doc.components {
        let _ = writeln!(md, "## Schemas\n");
        let _ = writeln!(
            md,
            "Each body and answer above, and the socket's messages, as JSON Schema.\n"
        );
        for (name, schema) in &components.schemas {
            let json = serde_json::to_string_pretty(schema).unwrap_or_default();
            let _ = writeln!(
                md,
                "### {name} {{#{}}}\n\n```json\n{json}\n```\n",
                anchor(name)
            );
        }
    }
    md
}

/// The operations of `tag`, in the document's order of paths.
fn operations<'a>(doc: &'a OpenApi, tag: &str) -> Vec<(&'static str, &'a str, &'a Operation)> {
    let mut ops = Vec::new();
    for (path, item) in &doc.paths.paths {
        for (method, op) in [
            ("GET", &item.get),
            ("POST", &item.post),
            ("DELETE", &item.delete),
        ] {
            if let Some(op) = op {
                if op.tags.as_ref().is_some_and(|t| t.iter().any(|t| t == tag)) {
                    ops.push((method, path.as_str(), op));
                }
            }
        }
    }
    ops
}

fn operation(md: &mut String, method: &str, path: &str, op: &Operation) {
    let _ = writeln!(md, "### `{method} {path}`\n");
    if let Some(s) = &op.summary {
        let _ = writeln!(md, "{s}\n");
    }
    if let Some(d) = &op.description {
        let _ = writeln!(md, "{d}\n");
    }
    if let Some(security) = &op.security {
        let ways: Vec<String> = security
            .iter()
            .map(|s| {
                let v = serde_json::to_value(s).unwrap_or_default();
                let names: Vec<&str> = v
                    .as_object()
                    .map(|o| o.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                if names.is_empty() {
                    "nobody signed in".to_string()
                } else {
                    names.join(" and ")
                }
            })
            .collect();
        let _ = writeln!(md, "Who may call: {}.\n", ways.join(", or "));
    }
    if let Some(params) = op.parameters.as_ref().filter(|p| !p.is_empty()) {
        let _ = writeln!(
            md,
            "| parameter | in | required | what |\n|---|---|---|---|"
        );
        for p in params {
            let place = match p.parameter_in {
                ParameterIn::Path => "path",
                ParameterIn::Query => "query",
                ParameterIn::Header => "header",
                ParameterIn::Cookie => "cookie",
            };
            let required = matches!(p.required, utoipa::openapi::Required::True);
            let _ = writeln!(
                md,
                "| `{}` | {place} | {} | {} |",
                p.name,
                if required { "yes" } else { "no" },
                one_line(p.description.as_deref().unwrap_or(""))
            );
        }
        md.push('\n');
    }
    if let Some(body) = &op.request_body {
        let _ = writeln!(md, "Body: {}.\n", request_body(body));
    }
    let _ = writeln!(md, "| answer | what | body |\n|---|---|---|");
    for (status, response) in &op.responses.responses {
        let (what, body) = match response {
            RefOr::T(r) => (
                one_line(&r.description),
                r.content
                    .iter()
                    .next()
                    .map(|(kind, c)| content(kind, c))
                    .unwrap_or_default(),
            ),
            RefOr::Ref(r) => (r.ref_location.clone(), String::new()),
        };
        let _ = writeln!(md, "| {status} | {what} | {body} |");
    }
    md.push('\n');
}

fn request_body(body: &RequestBody) -> String {
    let shape = body
        .content
        .iter()
        .next()
        .map(|(kind, c)| content(kind, c))
        .unwrap_or_default();
    let required = matches!(body.required, Some(utoipa::openapi::Required::True));
    let mut s = if required {
        shape
    } else {
        format!("{shape}, optional")
    };
    if let Some(d) = &body.description {
        let _ = write!(s, " ({})", one_line(d));
    }
    s
}

/// A body's shape: the schema's name where it has one, its JSON otherwise.
fn content(kind: &str, c: &Content) -> String {
    let shape = match &c.schema {
        Some(schema) => schema_name(schema),
        None => String::new(),
    };
    match (kind, shape.is_empty()) {
        ("application/json", false) => shape,
        (_, false) => format!("{shape} as `{kind}`"),
        (_, true) => format!("`{kind}`"),
    }
}

fn schema_name(schema: &RefOr<utoipa::openapi::schema::Schema>) -> String {
    let v = serde_json::to_value(schema).unwrap_or_default();
    let name = |r: &serde_json::Value| {
        r.as_str()
            .and_then(|r| r.rsplit('/').next())
            .map(|n| format!("[`{n}`](#{})", anchor(n)))
    };
    if let Some(n) = name(&v["$ref"]) {
        return n;
    }
    if let Some(n) = name(&v["items"]["$ref"]) {
        return format!("a list of {n}");
    }
    if let Some(alts) = v["oneOf"].as_array() {
        let names: Vec<String> = alts
            .iter()
            .filter_map(|a| {
                name(&a["$ref"]).or_else(|| a["type"].as_str().map(|t| format!("`{t}`")))
            })
            .collect();
        return names.join(" or ");
    }
    format!("`{}`", serde_json::to_string(&v).unwrap_or_default())
}

/// A schema's place in the page.
fn anchor(name: &str) -> String {
    format!("schema-{}", name.to_lowercase().replace(['.', ' '], "-"))
}

/// Text for a table's cell: one line, no pipe.
fn one_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}
