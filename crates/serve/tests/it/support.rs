//! A server on a free loopback port, in this process, and a small client.

use axum::body::Bytes;
use axum::http::{Method, Request};
use cubist_serve::{Limits, Options};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// A running server's base URL, `http://127.0.0.1:PORT`.
pub async fn start(limits: Limits) -> String {
    let listener = cubist_serve::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let options = Options {
        cache_dir: None,
        limits,
        warm_up: false,
    };
    tokio::spawn(cubist_serve::serve(listener, options));
    format!("http://{addr}")
}

/// An answer: the status and the body as text.
pub struct Answer {
    pub status: u16,
    pub text: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

/// `POST base+path` with `body` (`GET` when `None`).
pub async fn call(base: &str, path: &str, body: Option<&str>) -> Answer {
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let req = Request::builder()
        .method(if body.is_some() { Method::POST } else { Method::GET })
        .uri(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.unwrap_or("").to_string())))
        .unwrap();
    let res = client.request(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
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
