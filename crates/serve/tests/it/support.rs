//! A server on a free loopback port, in this process, and a small client.

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, Request};
use cubist_serve::{Limits, Options};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// A running server's base URL, `http://127.0.0.1:PORT`.
pub async fn start(limits: Limits) -> String {
    start_with(
        "127.0.0.1:0",
        Options {
            limits,
            cache_dir: Some(cache_folder()),
            ..Options::default()
        },
    )
    .await
    .1
}

/// The folder in which every test process of the workspace keeps the
/// solvers' tables (`<build folder>/tmp/cache/cubist`, the command-line
/// tests' cache too): the first process that needs a table builds and
/// writes it, the others read it instead of building it again.
pub fn cache_folder() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cache")
        .join("cubist")
}

/// A server listening on `addr` with `options`: its port, and its base
/// URL through the loopback address.
pub async fn start_with(addr: &str, options: Options) -> (u16, String) {
    let listener = cubist_serve::bind(addr).await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(cubist_serve::serve(listener, options));
    (port, format!("http://127.0.0.1:{port}"))
}

/// An answer: the status, the headers and the body as text.
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

/// `POST base+path` with `body` as JSON (`GET` when `None`).
pub async fn call(base: &str, path: &str, body: Option<&str>) -> Answer {
    let method = if body.is_some() { Method::POST } else { Method::GET };
    send(
        method,
        &format!("{base}{path}"),
        &[("content-type", "application/json")],
        body.unwrap_or(""),
    )
    .await
}

/// A request with these headers (a `host` among them replaces the one the
/// URL gives).
pub async fn send(method: Method, url: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let mut req = Request::builder().method(method).uri(url);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let req = req.body(Full::new(Bytes::from(body.to_string()))).unwrap();
    let res = client.request(req).await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        text: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

/// `POST` a JSON value; panics unless the answer is 200.
pub async fn ok(base: &str, path: &str, body: serde_json::Value) -> serde_json::Value {
    let a = call(base, path, Some(&body.to_string())).await;
    assert_eq!(a.status, 200, "{path}: {}", a.text);
    a.json()
}

/// A repository file's text.
pub fn example(path: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// The document without `time_ms` and `stats` (the fields that differ
/// between two runs), for comparing documents.
pub fn stable(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("time_ms");
        o.remove("stats");
        o.remove("svg");
    }
    v
}
