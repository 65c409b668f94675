//! `GET /api/v1/openapi.json`: an OpenAPI 3.0 document with every
//! command's endpoint, the jobs, the error document and the statuses.

use super::support::{call, start};
use cubist_api::command::COMMANDS;
use cubist_serve::Limits;
use serde_json::Value;
use std::collections::BTreeSet;

/// Every `$ref` in `v`.
fn refs<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r),
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_openapi_document_has_every_command() {
    let base = start(Limits::default()).await;
    let a = call(&base, "/api/v1/openapi.json", None).await;
    assert_eq!(a.status, 200, "{}", a.text);
    let doc = a.json();
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3.0."),
        "{}",
        doc["openapi"]
    );
    assert_eq!(doc["info"]["version"], cubist_api::VERSION);
    // On loopback the server asks for no token.
    assert!(doc.get("security").is_none());
    let paths = doc["paths"].as_object().unwrap();
    for c in COMMANDS {
        let path = format!("/api/v1/{}", c.path());
        let item = paths.get(&path).unwrap_or_else(|| panic!("no path {path}"));
        let post = &item["post"];
        assert_eq!(post["summary"], format!("cubist {}", c.name()));
        assert_eq!(post["requestBody"]["required"], !c.takes_empty(), "{path}");
        let schema = &post["requestBody"]["content"]["application/json"]["schema"];
        assert_eq!(schema["type"], "object", "{path}");
        assert!(
            post["description"].as_str().unwrap().contains("docs/json.md#"),
            "{path}"
        );
        // GET exactly where the server answers it.
        assert_eq!(item.get("get").is_some(), c.takes_empty(), "{path}");
        let answered = call(&base, &path, None).await.status;
        assert_eq!(answered != 405, c.takes_empty(), "GET {path}: {answered}");
        for code in ["200", "202", "400", "401", "403", "413", "415", "422", "429", "500"] {
            assert!(post["responses"].get(code).is_some(), "{path} {code}");
        }
    }
    for path in [
        "/api/v1/jobs/{id}",
        "/api/v1/jobs/{id}/events",
        "/api/v1/jobs/{id}/cancel",
        "/api/v1/openapi.json",
    ] {
        assert!(paths.contains_key(path), "{path}");
    }
    assert_eq!(paths.len(), COMMANDS.len() + 5);
    let error = &doc["components"]["schemas"]["Error"];
    assert_eq!(error["required"], serde_json::json!(["cubist", "error"]));
    assert_eq!(
        error["properties"]["error"]["properties"]["kind"]["enum"],
        serde_json::json!(["input", "limit", "interrupted", "internal"])
    );
    // Every reference resolves; every operation has its own name.
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(!all.is_empty());
    for r in all {
        let pointer = r.strip_prefix('#').unwrap_or_else(|| panic!("{r}"));
        assert!(doc.pointer(pointer).is_some(), "{r}");
    }
    let ids: Vec<&str> = paths
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .map(|op| op["operationId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len(), "{ids:?}");
}
