//! The page's files, compiled into the binary so the page works offline:
//! `index.html`, `style.css` and `app.js` (plain JavaScript, no build
//! step), all from `crates/serve/assets/`.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/app.js");

/// `/`, `/style.css`, `/app.js`.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let file = |kind: &'static str, text: &'static str| {
        get(move || async move {
            (
                [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")],
                text,
            )
                .into_response()
        })
    };
    Router::new()
        .route("/", file("text/html; charset=utf-8", INDEX))
        .route("/index.html", file("text/html; charset=utf-8", INDEX))
        .route("/style.css", file("text/css; charset=utf-8", STYLE))
        .route("/app.js", file("text/javascript; charset=utf-8", SCRIPT))
}
