//! A router that keeps the list of its routes that change state (POST and
//! DELETE), so that a test can try every one of them against
//! [`crate::web::trust::guard`] rather than a hand list that goes stale when a
//! route is added. The guard itself covers requests by method, whatever
//! their route.

use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{delete, get, post};
use axum::Router;

/// A route that changes state: its method and its path as routed (with
/// `{id}`-style captures).
pub type Write = (Method, &'static str);

/// An [`axum::Router`] being built, with the routes that change state.
#[derive(Debug)]
pub struct Routes<S = ()> {
    router: Router<S>,
    writes: Vec<Write>,
    /// Every route, reads too: the OpenAPI document must name each one
    /// under `/api/` (`web::openapi`'s test).
    all: Vec<Write>,
}

impl<S: Clone + Send + Sync + 'static> Default for Routes<S> {
    fn default() -> Self {
        Routes {
            router: Router::new(),
            writes: Vec::new(),
            all: Vec::new(),
        }
    }
}

impl<S: Clone + Send + Sync + 'static> Routes<S> {
    pub fn new() -> Self {
        Self::default()
    }

    /// A route that only reads.
    pub fn get<H: Handler<T, S>, T: 'static>(mut self, path: &'static str, handler: H) -> Self {
        self.router = self.router.route(path, get(handler));
        self.all.push((Method::GET, path));
        self
    }

    pub fn post<H: Handler<T, S>, T: 'static>(self, path: &'static str, handler: H) -> Self {
        self.write(Method::POST, path, post(handler))
    }

    pub fn delete<H: Handler<T, S>, T: 'static>(self, path: &'static str, handler: H) -> Self {
        self.write(Method::DELETE, path, delete(handler))
    }

    fn write(
        mut self,
        method: Method,
        path: &'static str,
        route: axum::routing::MethodRouter<S>,
    ) -> Self {
        self.router = self.router.route(path, route);
        self.writes.push((method.clone(), path));
        self.all.push((method, path));
        self
    }

    /// What answers every address no route matches.
    pub fn fallback<H: Handler<T, S>, T: 'static>(mut self, handler: H) -> Self {
        self.router = self.router.fallback(handler);
        self
    }

    /// The routes given their state: nothing more to add but other routes.
    pub fn with_state(self, state: S) -> Routes<()> {
        Routes {
            router: self.router.with_state(state),
            writes: self.writes,
            all: self.all,
        }
    }
}

impl Routes<()> {
    /// These routes and `other`'s.
    pub fn merge(mut self, other: Routes<()>) -> Routes<()> {
        self.router = self.router.merge(other.router);
        self.writes.extend(other.writes);
        self.all.extend(other.all);
        self
    }

    /// The routes that change state, in the order they were added.
    pub fn writes(&self) -> &[Write] {
        &self.writes
    }

    /// Every route, reads and writes, in the order they were added.
    pub fn all(&self) -> &[Write] {
        &self.all
    }

    pub fn into_router(self) -> Router {
        self.router
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_routes_that_change_state_are_listed() {
        let routes = Routes::new()
            .get("/a", || async { "a" })
            .post("/a", || async { "made" })
            .delete("/a/{id}", || async { "gone" })
            .with_state(())
            .merge(Routes::new().post("/b", || async { "b" }).with_state(()));
        assert_eq!(
            routes.writes(),
            [
                (Method::POST, "/a"),
                (Method::DELETE, "/a/{id}"),
                (Method::POST, "/b")
            ]
        );
    }
}
