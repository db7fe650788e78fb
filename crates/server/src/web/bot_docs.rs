//! The bot API's documentation (docs/botapi.md) as a page of the site, so
//! that a bot author reads it where they made their token: the page asks
//! `GET /api/docs/bot-api` for the text as HTML, rendered once from the
//! file built into the binary.

use std::sync::LazyLock;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};
use serde::Serialize;

use crate::web::routes::Routes;

const BOT_API: &str = include_str!("../../../../docs/botapi.md");

/// The page and its text.
pub fn routes() -> Routes {
    Routes::new()
        .get("/bots/api", page)
        .get("/api/docs/bot-api", text)
        .with_state(())
}

/// A document as the page shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Doc {
    /// The document in HTML: headings, paragraphs, lists, tables, code.
    pub html: String,
}

static RENDERED: LazyLock<String> = LazyLock::new(|| to_html(BOT_API));

/// Markdown as HTML. A link to another file of the source tree (`server.md`)
/// leads nowhere on the site, so it is kept as its text; links to the web,
/// to an address of the site and to a place in the page stay links.
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES;
    let mut in_local_link = Vec::new();
    let events = Parser::new_ext(markdown, options).filter_map(|e| match e {
        Event::Start(Tag::Link { ref dest_url, .. }) => {
            let local = !is_web_or_anchor(dest_url);
            in_local_link.push(local);
            (!local).then_some(e)
        }
        Event::End(TagEnd::Link) => {
            let local = in_local_link.pop().unwrap_or(false);
            (!local).then_some(e)
        }
        // A comment is for the source's editors (the recorded session's
        // marks): not shown.
        Event::Html(ref s) | Event::InlineHtml(ref s) if is_comment(s) => None,
        // The source's own raw HTML is not the page's to trust.
        Event::Html(s) | Event::InlineHtml(s) => Some(Event::Text(s)),
        e => Some(e),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

fn is_comment(html: &str) -> bool {
    let t = html.trim();
    t.starts_with("<!--") && t.ends_with("-->")
}

fn is_web_or_anchor(url: &CowStr<'_>) -> bool {
    // A site-absolute address (`/api/openapi.json`) is a page of this site.
    url.starts_with("https://")
        || url.starts_with("http://")
        || url.starts_with('#')
        || url.starts_with('/')
}

/// The bot API guide's operation in the OpenAPI document.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(paths(text))]
pub struct OpenApiDoc;

/// The bot API's guide (docs/botapi.md) as HTML.
#[utoipa::path(get, path = "/api/docs/bot-api", tag = "docs",
    responses((status = 200, description = "The guide", body = Doc)))]
async fn text() -> Json<Doc> {
    Json(Doc {
        html: RENDERED.clone(),
    })
}

/// The page of a document (the guide, or the HTTP reference): the site's
/// page, which asks for the document's text itself.
pub async fn page(headers: HeaderMap) -> Response {
    crate::web::page::page(StatusCode::OK, None, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_api_reads_as_html_with_its_sections_and_code() {
        let html = to_html(BOT_API);
        assert!(html.contains("<h1>The bot API"), "{}", &html[..200]);
        assert!(html.contains("<h2>Accounts and tokens</h2>"));
        assert!(html.contains("<pre><code"));
        assert!(html.contains("<table>"));
    }

    #[test]
    fn links_into_the_source_tree_keep_only_their_text_and_raw_html_is_text() {
        let html = to_html(
            "See [server.md](server.md), [the site](https://example.org) and [below](#limits). <script>x</script>\n\n<!-- a note -->\n",
        );
        assert!(!html.contains("a note"), "{html}");
        assert!(!html.contains("href=\"server.md\""), "{html}");
        assert!(html.contains("server.md"), "{html}");
        assert!(html.contains("href=\"https://example.org\""), "{html}");
        assert!(html.contains("href=\"#limits\""), "{html}");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }
}
