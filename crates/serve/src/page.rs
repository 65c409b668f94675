//! The page's files, compiled into the binary so the page works offline:
//! `index.html`, `style.css` and `app.js` (plain JavaScript, no build
//! step), all from `crates/serve/assets/`, and the repository's example
//! files the page offers (`/examples.json`: name -> text).

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/app.js");

/// The page loads nothing from anywhere but this server, and runs no
/// script but its own (the SVG pictures are inserted as markup).
const POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/// The examples the page offers, from the repository's `examples/`.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "instant-insanity.cubes",
        include_str!("../../../examples/instant-insanity.cubes"),
    ),
    ("nu.cubes", include_str!("../../../examples/nu.cubes")),
    ("mcdonnell22.cubes", include_str!("../../../examples/mcdonnell22.cubes")),
    ("eight-cubes.cubes", include_str!("../../../examples/eight-cubes.cubes")),
    ("toy.dlx", include_str!("../../../examples/dlx/toy.dlx")),
    ("colours.dlx", include_str!("../../../examples/dlx/colours.dlx")),
    (
        "multiplicity.dlx",
        include_str!("../../../examples/dlx/multiplicity.dlx"),
    ),
];

/// `/examples.json`: `{"name": "text", ...}`.
fn examples() -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        EXAMPLES.iter().map(|&(k, v)| (k.to_string(), v.into())).collect();
    serde_json::Value::Object(map).to_string()
}

/// `/`, `/style.css`, `/app.js`.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let file = |kind: &'static str, text: &'static str| {
        get(move || async move {
            (
                [
                    (header::CONTENT_TYPE, kind),
                    (header::CACHE_CONTROL, "no-cache"),
                    (header::CONTENT_SECURITY_POLICY, POLICY),
                ],
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
        .route(
            "/examples.json",
            get(|| async { ([(header::CONTENT_TYPE, "application/json")], examples()).into_response() }),
        )
}
