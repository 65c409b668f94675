//! Who may use the server: requests addressed to another host, from
//! another page, with a body that is not JSON, or without the token where
//! one is asked, are refused with error documents; allowed origins get
//! CORS answers.

use super::support::{call, send, start, start_with, Answer};
use axum::http::Method;
use cubist_serve::{Access, Limits, Options};
use std::io::{Read, Write};

/// Asserts a refusal: the status, and an error document of kind `input`
/// whose message contains `says`.
fn refused(a: &Answer, status: u16, says: &str) {
    assert_eq!(a.status, status, "{}", a.text);
    let doc = a.json();
    assert_eq!(doc["error"]["kind"], "input", "{doc}");
    assert!(doc["cubist"].is_string(), "{doc}");
    let message = doc["error"]["message"].as_str().unwrap();
    assert!(message.contains(says), "{message}");
}

/// A header's value as text ("" when absent).
fn header<'a>(a: &'a Answer, name: &str) -> &'a str {
    a.headers.get(name).map_or("", |v| v.to_str().unwrap())
}

/// The body of a `stack random` request, and its endpoint.
const RANDOM: (&str, &str) = ("/api/v1/stack/random", r#"{"cubes": 4, "seed": 1}"#);

#[tokio::test(flavor = "multi_thread")]
async fn a_request_addressed_to_another_host_is_refused() {
    let base = start(Limits::default()).await;
    let port = base.rsplit(':').next().unwrap();
    let url = format!("{base}{}", RANDOM.0);
    let json = ("content-type", "application/json");
    // A page whose name an attacker pointed at 127.0.0.1 (DNS rebinding).
    for host in [
        format!("rebound.example:{port}"),
        "localhost.example".into(),
        "10.1.2.3".into(),
    ] {
        let a = send(Method::POST, &url, &[("host", &host), json], RANDOM.1).await;
        refused(&a, 403, &format!("addressed to {host:?}, not to this server"));
        let page = send(Method::GET, &format!("{base}/"), &[("host", &host)], "").await;
        refused(&page, 403, "cubist serve --allow-host NAME");
    }
    // The loopback names, with any port (a forwarded one).
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]:8080".into(),
    ] {
        let a = send(Method::POST, &url, &[("host", &host), json], RANDOM.1).await;
        assert_eq!(a.status, 200, "{host}: {}", a.text);
        assert_eq!(a.json()["cubes"].as_array().unwrap().len(), 4);
    }
    // No Host at all (HTTP/1.0 allows it; no browser sends that).
    let mut s = std::net::TcpStream::connect(base.trim_start_matches("http://")).unwrap();
    write!(s, "GET /api/v1/ HTTP/1.0\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.0 403"), "{answer}");
    assert!(answer.contains("addressed to no host"), "{answer}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_from_another_origin_is_refused() {
    let base = start(Limits::default()).await;
    let json = ("content-type", "application/json");
    for origin in ["http://evil.example", "null", "http://localhost:1", "https://127.0.0.1"] {
        let url = format!("{base}/api/v1/stack/census?job=true");
        let a = send(Method::POST, &url, &[("origin", origin), json], r#"{"colours": 2}"#).await;
        refused(&a, 403, &format!("a page from {origin} may not use this server"));
        assert_eq!(header(&a, "access-control-allow-origin"), "");
        // Reading is refused too, and its preflight.
        let a = send(
            Method::GET,
            &format!("{base}/api/v1/twisty/list"),
            &[("origin", origin)],
            "",
        )
        .await;
        refused(&a, 403, "only its own page may");
        let preflight = [("origin", origin), ("access-control-request-method", "POST")];
        let a = send(Method::OPTIONS, &format!("{base}{}", RANDOM.0), &preflight, "").await;
        refused(&a, 403, "cubist serve --allow-origin ORIGIN");
    }
    // No job was started.
    assert_eq!(call(&base, "/api/v1/jobs/1", None).await.status, 404);
    // The server's own page, as a browser sends its POSTs.
    let own = base.clone();
    let a = send(
        Method::POST,
        &format!("{base}{}", RANDOM.0),
        &[("origin", &own), json],
        RANDOM.1,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_allowed_origin_gets_cors_answers() {
    let options = Options {
        access: Access {
            allow_origins: vec!["https://tools.example".into(), "http://localhost:5173".into()],
            ..Access::default()
        },
        ..Options::default()
    };
    let (_, base) = start_with("127.0.0.1:0", options).await;
    let url = format!("{base}{}", RANDOM.0);
    let origin = "https://tools.example";
    // The preflight of a JSON POST: answered, without running anything.
    let preflight = [
        ("origin", origin),
        ("access-control-request-method", "POST"),
        ("access-control-request-headers", "content-type"),
    ];
    let a = send(Method::OPTIONS, &url, &preflight, "").await;
    assert_eq!(a.status, 200, "{}", a.text);
    assert_eq!(header(&a, "access-control-allow-origin"), origin);
    assert!(
        header(&a, "access-control-allow-methods").contains("POST"),
        "{:?}",
        a.headers
    );
    assert!(
        header(&a, "access-control-allow-headers").contains("content-type"),
        "{:?}",
        a.headers
    );
    assert!(header(&a, "vary").contains("origin"), "{:?}", a.headers);
    assert_eq!(a.text, "");
    // The request itself: its answer, with the origin echoed.
    let a = send(
        Method::POST,
        &url,
        &[("origin", origin), ("content-type", "application/json")],
        RANDOM.1,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    assert_eq!(a.json()["cubes"].as_array().unwrap().len(), 4);
    assert_eq!(header(&a, "access-control-allow-origin"), origin);
    assert!(header(&a, "vary").contains("origin"), "{:?}", a.headers);
    // Its refusals are readable by it too.
    let a = send(
        Method::POST,
        &url,
        &[("origin", origin), ("content-type", "text/plain")],
        RANDOM.1,
    )
    .await;
    refused(&a, 415, "Content-Type: application/json");
    assert_eq!(header(&a, "access-control-allow-origin"), origin);
    // The other allowed origin, and one that is not.
    let a = send(
        Method::GET,
        &format!("{base}/api/v1/twisty/list"),
        &[("origin", "http://localhost:5173")],
        "",
    )
    .await;
    assert_eq!(header(&a, "access-control-allow-origin"), "http://localhost:5173");
    let a = send(
        Method::OPTIONS,
        &url,
        &[("origin", "https://tools.example.org"), preflight[1]],
        "",
    )
    .await;
    assert_eq!(a.status, 403, "{}", a.text);
    assert_eq!(header(&a, "access-control-allow-origin"), "");
    // Nothing else is allowed: an origin that is not one is refused at start.
    let bad = Options {
        access: Access {
            allow_origins: vec!["tools.example".into()],
            ..Access::default()
        },
        ..Options::default()
    };
    let listener = cubist_serve::bind("127.0.0.1:0").await.unwrap();
    let e = cubist_serve::serve(listener, bad).await.unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
    assert!(e.to_string().contains("\"tools.example\" is not an origin"), "{e}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_that_is_not_json_by_its_type_is_refused() {
    let base = start(Limits::default()).await;
    // What a form or a script on another page can send without asking
    // first: refused before anything is read or started, even as JSON text.
    let job = format!("{base}/api/v1/stack/census?job=true");
    for kind in [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let a = send(Method::POST, &job, &[("content-type", kind)], r#"{"colours": 2}"#).await;
        let essence = kind.split(';').next().unwrap();
        refused(&a, 415, &format!("(this one is {essence:?}"));
    }
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let a = send(Method::POST, &job, &form, r#"{"colours": 2}"#).await;
    refused(
        &a,
        415,
        "what curl -d sends without -H 'Content-Type: application/json')",
    );
    let a = send(Method::POST, &job, &[], r#"{"colours": 2}"#).await;
    refused(&a, 415, "(this one has no Content-Type)");
    assert_eq!(call(&base, "/api/v1/jobs/1", None).await.status, 404);
    // JSON, with or without a charset; an empty POST needs no type.
    let url = format!("{base}{}", RANDOM.0);
    let a = send(
        Method::POST,
        &url,
        &[("content-type", "application/json; charset=utf-8")],
        RANDOM.1,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    let a = send(Method::POST, &format!("{base}/api/v1/twisty/list"), &[], "").await;
    assert_eq!(a.status, 200, "{}", a.text);
}

#[tokio::test(flavor = "multi_thread")]
async fn off_loopback_every_api_request_needs_the_token() {
    let token = cubist_serve::new_token().unwrap();
    let options = Options {
        access: Access {
            token: Some(token.clone()),
            ..Access::default()
        },
        ..Options::default()
    };
    // On all of the machine's addresses: not loopback. Reached through
    // 127.0.0.1, an address of this machine.
    let (port, base) = start_with("0.0.0.0:0", options).await;
    let list = format!("{base}/api/v1/twisty/list");
    let a = send(Method::GET, &list, &[], "").await;
    refused(&a, 401, "this server asks for its token");
    assert_eq!(header(&a, "www-authenticate"), "Bearer");
    assert!(!a.text.contains(&token));
    for wrong in [
        format!("Bearer {}", &token[..63]),
        "Bearer".into(),
        format!("Basic {token}"),
    ] {
        let a = send(Method::GET, &list, &[("authorization", &wrong)], "").await;
        assert_eq!(a.status, 401, "{wrong}: {}", a.text);
    }
    let bearer = format!("Bearer {token}");
    let a = send(Method::GET, &list, &[("authorization", &bearer)], "").await;
    assert_eq!(a.status, 200, "{}", a.text);
    // Every /api/ path: the index, the document, the jobs, unknown ones.
    for path in [
        "/api/v1/",
        "/api/v1/openapi.json",
        "/api/v1/jobs/1",
        "/api/v2/x",
        "/api",
    ] {
        let a = send(Method::GET, &format!("{base}{path}"), &[], "").await;
        assert_eq!(a.status, 401, "{path}: {}", a.text);
    }
    // The page itself is public; opened with its token it sets the cookie
    // its own requests then carry.
    let page = send(Method::GET, &format!("{base}/"), &[], "").await;
    assert_eq!((page.status, header(&page, "set-cookie")), (200, ""));
    let other = if token.starts_with('0') { '1' } else { '0' };
    let wrong = send(Method::GET, &format!("{base}/?token={other}{}", &token[1..]), &[], "").await;
    assert_eq!((wrong.status, header(&wrong, "set-cookie")), (200, ""));
    let page = send(Method::GET, &format!("{base}/?token={token}"), &[], "").await;
    assert_eq!(page.status, 200);
    let cookie = header(&page, "set-cookie");
    assert_eq!(
        cookie,
        format!("cubist-token-{port}={token}; Path=/; HttpOnly; SameSite=Strict")
    );
    let pair = cookie.split(';').next().unwrap();
    let a = send(
        Method::POST,
        &format!("{base}{}", RANDOM.0),
        &[("cookie", pair), ("content-type", "application/json")],
        RANDOM.1,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    // The document says it asks for the token.
    let doc = send(
        Method::GET,
        &format!("{base}/api/v1/openapi.json"),
        &[("authorization", &bearer)],
        "",
    )
    .await;
    assert_eq!(doc.json()["security"], serde_json::json!([{"token": []}]));
    // Off loopback without a token, the server does not start.
    let listener = cubist_serve::bind("0.0.0.0:0").await.unwrap();
    let e = cubist_serve::serve(listener, Options::default()).await.unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
    assert!(e.to_string().contains("needs a token"), "{e}");
}

#[tokio::test(flavor = "multi_thread")]
async fn on_loopback_a_token_is_asked_only_when_set() {
    let token = "a-token-the-embedder-chose";
    let options = Options {
        access: Access {
            token: Some(token.into()),
            ..Access::default()
        },
        ..Options::default()
    };
    let (_, base) = start_with("127.0.0.1:0", options).await;
    let list = format!("{base}/api/v1/twisty/list");
    assert_eq!(send(Method::GET, &list, &[], "").await.status, 401);
    let a = send(Method::GET, &list, &[("authorization", &format!("Bearer {token}"))], "").await;
    assert_eq!(a.status, 200, "{}", a.text);
    // Without one (the default), nothing is asked.
    let base = start(Limits::default()).await;
    assert_eq!(call(&base, "/api/v1/twisty/list", None).await.status, 200);
}
