//! The embedded page (`web/`) and the files the browser saves (CSV):
//! answers every area's routes share, kept apart from the routes so that
//! the areas need not import [`crate::web::http`].

use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::web::answer::internal;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

/// The page, answered with `status`; a 404 page carries `data-missing`
/// (what was not found) on its body, so the page says so. Its `<html lang>`
/// is the browser's `Accept-Language` where the page speaks it.
pub(crate) fn page(status: StatusCode, missing: Option<&str>, headers: &HeaderMap) -> Response {
    let Some(content) = Assets::get("index.html") else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let html = String::from_utf8_lossy(&content.data).into_owned();
    let asked = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(crate::web::lang::from_accept_language);
    let html = match asked {
        Some(lang) => crate::web::lang::with_lang(&html, lang),
        None => html,
    };
    let html = match missing {
        Some(what) => html.replacen("<body>", &format!("<body data-missing=\"{what}\">"), 1),
        None => html,
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (header::VARY, "Accept-Language".to_string()),
        ],
        html,
    )
        .into_response()
}

/// One CSV field, quoted when it needs to be (and defused when a
/// spreadsheet would read it as a formula).
pub(crate) use domino_engine::text::csv_field;

/// A CSV file for the browser to save as `filename`.
pub(crate) fn csv_download(filename: &str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The page for a link whose target was found; the 404 page naming what is
/// `missing` when it was not; a 500 when the store could not say.
pub(crate) fn page_if(
    found: Result<bool, impl std::fmt::Display>,
    missing: &str,
    headers: &HeaderMap,
) -> Response {
    match found {
        Ok(true) => page(StatusCode::OK, None, headers),
        Ok(false) => page(StatusCode::NOT_FOUND, Some(missing), headers),
        Err(e) => internal(e),
    }
}

/// Any other address: a file of the page, or the page itself.
pub(crate) async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.is_empty() {
        return page(StatusCode::OK, None, &headers);
    }
    if !path.contains('.') {
        return page(StatusCode::NOT_FOUND, Some("page"), &headers);
    }
    let file = path;
    match Assets::get(file) {
        Some(content) => {
            // Revalidated on every load (no-cache: a new version is seen at
            // once), and answered "not modified" when unchanged: a page
            // load asks for some ninety files, which were sent whole each
            // time and compiled again by the browser.
            let etag = etag_of(&content.metadata.sha256_hash());
            if unchanged(&headers, &etag) {
                return (
                    StatusCode::NOT_MODIFIED,
                    [
                        (header::ETAG, etag),
                        (header::CACHE_CONTROL, "no-cache".to_string()),
                    ],
                )
                    .into_response();
            }
            // The Fluent catalogs are UTF-8 text.
            let mime = if file.ends_with(".ftl") {
                "text/plain; charset=utf-8".to_string()
            } else {
                mime_guess::from_path(file)
                    .first_or_octet_stream()
                    .as_ref()
                    .to_string()
            };
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache".to_string()),
                    (header::ETAG, etag),
                ],
                content.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// A strong entity tag from a file's SHA-256 (its first 16 bytes).
fn etag_of(sha256: &[u8; 32]) -> String {
    format!("\"{}\"", hex::encode(&sha256[..16]))
}

/// Whether the browser's `If-None-Match` names `etag` (or any version).
fn unchanged(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

/// The games the site offers (the lobby's list, `/api/presets` and the
/// socket's `presets`): the engine protocol's twelve, then the trains
/// family, each with its options at its default player count.
pub fn site_games() -> Vec<domino_engine::catalog::GameInfo> {
    domino_engine::Preset::EVERY
        .iter()
        .map(|&p| domino_engine::catalog::game_info(p, p.default_players()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_offers_the_twelve_then_the_trains_family() {
        let names: Vec<&str> = site_games().iter().map(|g| g.name).collect();
        let twelve: Vec<&str> = domino_engine::catalog::games()
            .iter()
            .map(|g| g.name)
            .collect();
        assert_eq!(names[..12], twelve[..]);
        assert_eq!(names[12..], ["mexican-train", "chicken-foot"]);
    }

    #[test]
    fn a_file_the_browser_has_is_not_sent_again() {
        let etag = etag_of(&[7; 32]);
        assert_eq!(etag, format!("\"{}\"", "07".repeat(16)));
        let mut h = HeaderMap::new();
        assert!(!unchanged(&h, &etag));
        h.insert(header::IF_NONE_MATCH, "\"other\"".parse().unwrap());
        assert!(!unchanged(&h, &etag));
        h.insert(
            header::IF_NONE_MATCH,
            format!("\"x\", W/{etag}").parse().unwrap(),
        );
        assert!(unchanged(&h, &etag));
        h.insert(header::IF_NONE_MATCH, "*".parse().unwrap());
        assert!(unchanged(&h, &etag));
    }

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        assert_eq!(csv_field("Ann"), "Ann");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_field("-5"), "-5");
    }
}
