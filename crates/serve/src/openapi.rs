//! `GET /api/v1/openapi.json`: the API described as an OpenAPI 3.0
//! document, for other programs and their client generators.
//!
//! The document is made from the registry of commands
//! ([`cubist_api::command::COMMANDS`]) when asked for, like the routes: a
//! new command has its path here with nothing to add. A request body is
//! described as a JSON object with a pointer to the command's section of
//! docs/json.md, where its fields are listed: the request types carry no
//! schema of their own, and a schema written here by hand for each of them
//! would drift from the code. What the server itself defines (the error
//! document, the jobs, the query parameters, the status codes) is
//! described exactly.

use cubist_api::command::{Entry, COMMANDS};
use serde_json::{json, Map, Value};

/// The document, for a server that asks for a token or not.
pub(crate) fn document(token: bool) -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/api/v1/".into(),
        json!({"get": {
            "operationId": "endpoints",
            "summary": "The endpoints",
            "responses": with_errors(json!({"200": {
                "description": "The version and every command's endpoint",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Endpoints"}}},
            }})),
        }}),
    );
    paths.insert(
        "/api/v1/openapi.json".into(),
        json!({"get": {
            "operationId": "openapi",
            "summary": "This document",
            "responses": with_errors(json!({"200": {
                "description": "The OpenAPI document",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }})),
        }}),
    );
    for &entry in COMMANDS {
        let mut item = Map::new();
        item.insert("post".into(), operation(entry, "post"));
        if entry.takes_empty() {
            item.insert("get".into(), operation(entry, "get"));
        }
        paths.insert(format!("/api/v1/{}", entry.path()), Value::Object(item));
    }
    let id = json!([{"name": "id", "in": "path", "required": true, "description": "The job's number", "schema": {"type": "integer", "minimum": 1}}]);
    paths.insert(
        "/api/v1/jobs/{id}".into(),
        json!({"get": {
            "operationId": "job",
            "summary": "A job's state now",
            "parameters": id,
            "responses": with_errors(json!({"200": {
                "description": "The job's state, its latest progress, and its result once it ended",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}},
            }})),
        }}),
    );
    paths.insert(
        "/api/v1/jobs/{id}/events".into(),
        json!({"get": {
            "operationId": "job-events",
            "summary": "A job's progress and result as server-sent events",
            "description": "`progress` events (data: {\"phase\", \"done\", \"total\"}, the latest only), then one `done` event whose data is the report's document or one `failed` event whose data is the error document; then the stream ends.",
            "parameters": id,
            "responses": with_errors(json!({"200": {
                "description": "The event stream",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            }})),
        }}),
    );
    paths.insert(
        "/api/v1/jobs/{id}/cancel".into(),
        json!({"post": {
            "operationId": "job-cancel",
            "summary": "Stop a job",
            "description": "Its readers get an `interrupted` error at once. No request body.",
            "parameters": id,
            "responses": with_errors(json!({"200": {
                "description": "The job's state: `cancelled`, or `done` when it had ended",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cancelled"}}},
            }})),
        }}),
    );
    let mut doc = json!({
        "openapi": "3.0.3",
        "info": {
            "title": "cubist",
            "version": cubist_api::VERSION,
            "description": "cubist's HTTP API (`cubist serve`): one endpoint per command, taking the command's options as a JSON object and answering the command's `--json` document. docs/serve.md describes the API; docs/json.md lists every command's request fields and documents.",
        },
        "paths": paths,
        "components": components(),
    });
    if token {
        doc["security"] = json!([{"token": []}]);
    }
    doc
}

/// One command's operation: `post` with the request as the body, or `get`
/// with every field at its default.
fn operation(entry: &dyn Entry, method: &str) -> Value {
    let name = entry.name();
    let section = format!("docs/json.md#{}", anchor(name));
    let mut op = json!({
        "operationId": format!("{}{}", entry.path().replace('/', "-"), if method == "get" { "-defaults" } else { "" }),
        "summary": format!("cubist {name}"),
        "description": format!(
            "The command `cubist {name}`: its request fields are listed in {section}, the fields of its answer on the page that section names."
        ),
        "parameters": [
            {"$ref": "#/components/parameters/svg"},
            {"$ref": "#/components/parameters/solution"},
            {"$ref": "#/components/parameters/text"},
            {"$ref": "#/components/parameters/job"},
        ],
        "responses": with_errors(json!({
            "200": {
                "description": "The command's `--json` document",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Document"}}},
            },
            "202": {
                "description": "With `job=true`: the job started",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobStarted"}}},
            },
        })),
    });
    if method == "post" {
        op["requestBody"] = json!({
            "required": !entry.takes_empty(),
            "description": format!("The request: the command's options, by the names of {section}. A field no command knows is refused."),
            "content": {"application/json": {"schema": {
                "type": "object",
                "description": format!("The fields of {section}"),
            }}},
        });
    } else {
        op["description"] = json!(format!(
            "The command `cubist {name}` with every request field at its default ({section}); POST takes a request."
        ));
    }
    op
}

/// The anchor of a heading on a rendered page: `place latin --square` ->
/// `place-latin---square`.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c.to_ascii_lowercase() })
        .collect()
}

/// The statuses every endpoint may answer with, besides its own.
fn with_errors(mut responses: Value) -> Value {
    let errors = [
        ("400", "Bad input: the body, a field, a query parameter (kind `input`)"),
        (
            "401",
            "No token, or a wrong one, where the server asks for one (kind `input`)",
        ),
        (
            "403",
            "A Host header naming another server, or a page from an origin not allowed (kind `input`)",
        ),
        ("404", "No such endpoint or job (kind `input`)"),
        ("405", "GET on an endpoint that needs a request (kind `input`)"),
        ("413", "A request body over the limit (kind `limit`)"),
        (
            "415",
            "A request body that is not sent as `Content-Type: application/json` (kind `input`)",
        ),
        (
            "422",
            "Refused work: a bound of the library or of the server, or the time limit (kind `limit`)",
        ),
        ("429", "Every place for requests, or for jobs, is taken (kind `limit`)"),
        ("500", "A bug in cubist (kind `internal`)"),
    ];
    for (code, description) in errors {
        responses[code] = json!({
            "description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        });
    }
    responses
}

/// The schemas, parameters and security scheme the paths refer to.
fn components() -> Value {
    let flag = |name: &str, description: &str| json!({"name": name, "in": "query", "required": false, "description": description, "schema": {"type": "boolean", "default": false}});
    json!({
        "schemas": {
            "Document": {
                "type": "object",
                "description": "A command's `--json` document: `cubist` and `command` first, then the command's own fields (docs/json.md).",
                "required": ["cubist", "command"],
                "properties": {
                    "cubist": {"type": "string", "description": "The version of cubist that wrote it"},
                    "command": {"type": "string", "description": "The command, e.g. `stack solve`"},
                    "text": {"type": "string", "description": "With `text=true`: what the command line prints without `--json`"},
                    "svg": {"type": "string", "description": "With `svg=true`: the picture"},
                },
            },
            "Error": {
                "type": "object",
                "description": "The command line's `--json` error document.",
                "required": ["cubist", "error"],
                "properties": {
                    "cubist": {"type": "string"},
                    "error": {
                        "type": "object",
                        "required": ["kind", "message"],
                        "properties": {
                            "kind": {"type": "string", "enum": ["input", "limit", "interrupted", "internal"]},
                            "message": {"type": "string"},
                            "file": {"type": "string", "description": "For located input: the file (`request` for the body)"},
                            "line": {"type": "integer", "minimum": 1},
                            "column": {"type": "integer", "minimum": 1},
                        },
                    },
                },
            },
            "Endpoints": {
                "type": "object",
                "required": ["cubist", "endpoints"],
                "properties": {
                    "cubist": {"type": "string"},
                    "endpoints": {"type": "array", "items": {"type": "string"}},
                },
            },
            "JobStarted": {
                "type": "object",
                "required": ["cubist", "job", "status", "events", "cancel"],
                "properties": {
                    "cubist": {"type": "string"},
                    "job": {"type": "integer"},
                    "status": {"type": "string", "description": "The path of the job's state"},
                    "events": {"type": "string", "description": "The path of its events"},
                    "cancel": {"type": "string", "description": "The path that stops it"},
                },
            },
            "Progress": {
                "type": "object",
                "nullable": true,
                "required": ["phase", "done", "total"],
                "properties": {
                    "phase": {"type": "string"},
                    "done": {"type": "integer"},
                    "total": {"type": "integer"},
                },
            },
            "Job": {
                "type": "object",
                "required": ["cubist", "job", "state", "progress", "result"],
                "properties": {
                    "cubist": {"type": "string"},
                    "job": {"type": "integer"},
                    "state": {"type": "string", "enum": ["running", "done", "failed"]},
                    "progress": {"$ref": "#/components/schemas/Progress"},
                    "result": {
                        "type": "object",
                        "nullable": true,
                        "description": "Once ended: the report's document (`done`) or the error document (`failed`)",
                    },
                },
            },
            "Cancelled": {
                "type": "object",
                "required": ["cubist", "job", "state"],
                "properties": {
                    "cubist": {"type": "string"},
                    "job": {"type": "integer"},
                    "state": {"type": "string", "enum": ["cancelled", "done"]},
                },
            },
        },
        "parameters": {
            "svg": flag("svg", "Add the picture the command line's `--svg` writes, as the field `svg`"),
            "text": flag("text", "Add what the command line prints without `--json`, as the field `text`"),
            "job": flag("job", "Start the command as a job and answer at once (202)"),
            "solution": {
                "name": "solution", "in": "query", "required": false,
                "description": "With `svg=true`, for `stack solve` and `place cube36`: draw listed solution K (from 1)",
                "schema": {"type": "integer", "minimum": 1},
            },
        },
        "securitySchemes": {
            "token": {
                "type": "http",
                "scheme": "bearer",
                "description": "The token `cubist serve` prints in its address (`?token=...`); asked for off loopback, or with `--token`",
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::anchor;

    /// The anchors GitHub and most renderers give docs/json.md's headings.
    #[test]
    fn anchors() {
        assert_eq!(anchor("stack solve"), "stack-solve");
        assert_eq!(anchor("place latin --square"), "place-latin---square");
        assert_eq!(anchor("exact"), "exact");
    }
}
