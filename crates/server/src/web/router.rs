//! The whole HTTP application put together: the web's own routes, every
//! feature's `api.rs` routes, the documents and the operators' routes,
//! behind the guards. Kept apart from the routes themselves so that the
//! OpenAPI document (which names the routes' operations) is not also a
//! part of what it describes.

use axum::extract::FromRef;
use axum::Router;
use tokio::sync::watch;

use crate::app::App;
use crate::web::routes::Routes;

/// The whole HTTP application: every route behind [`crate::web::trust::guard`],
/// every answer with [`crate::web::trust::headers`].
pub fn router(app: App, stop: watch::Receiver<bool>) -> Router {
    let config = app.config.clone();
    let routes = routes(app.clone(), stop)
        .into_router()
        .layer(axum::middleware::from_fn_with_state(
            app,
            crate::web::guard::guard,
        ))
        .layer(axum::middleware::from_fn_with_state(
            config,
            crate::web::trust::guard,
        ));
    crate::web::trust::headers(routes)
}

/// Every route, with the list of those that change state.
pub fn routes(app: App, stop: watch::Receiver<bool>) -> Routes {
    let behind_proxy = crate::web::client::BehindProxy::from_ref(&app);
    let ops = crate::web::ops::routes(app.clone(), stop.clone());
    crate::web::http::own_routes(app.clone(), stop)
        .merge(crate::sheets::routes(app.sheets.clone(), behind_proxy))
        .merge(crate::coach::api::routes(app.coach.clone()))
        .merge(crate::profiles::routes(
            app.profiles,
            app.who.clone(),
            app.config.clone(),
        ))
        .merge(crate::puzzles::routes(app.puzzles, app.who.clone()))
        .merge(crate::tournament::routes(
            app.tournaments,
            app.who.clone(),
            behind_proxy,
        ))
        .merge(crate::pool::routes(app.pool, app.who.clone(), behind_proxy))
        .merge(crate::challenges::routes(
            app.challenges,
            app.who.clone(),
            behind_proxy,
        ))
        .merge(crate::turns::routes(app.turns))
        .merge(crate::fairplay::api::routes(crate::fairplay::api::Api {
            fairplay: app.fairplay,
            who: app.who.clone(),
        }))
        .merge(crate::bots::routes(app.bots, app.who))
        .merge(crate::web::bot_docs::routes())
        .merge(crate::web::openapi::routes())
        .merge(ops)
}
