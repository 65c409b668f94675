//! `cubist serve`: prints its URL, answers there, warns off loopback and
//! asks for a token there, and fails cleanly when the port is taken or a
//! flag is wrong. (The page and the API are tested in
//! crates/serve.)

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

/// A running `cubist serve`, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(args: &[&str]) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist serve starts");
    Server(child)
}

/// `GET path` over HTTP/1.0 (the answer ends when the connection closes).
fn get(addr: &str, path: &str) -> String {
    get_with(addr, path, "")
}

/// `GET path` with more header lines (each ending in `\r\n`).
fn get_with(addr: &str, path: &str, headers: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n{headers}\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    answer
}

/// The first line `cubist serve` prints on standard output.
fn first_line(server: &mut Server) -> String {
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    line
}

#[test]
fn serve_prints_its_url_and_answers_there() {
    let mut server = serve(&["--port", "0", "--no-cache"]);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .strip_prefix("cubist serve: http://127.0.0.1:")
        .and_then(|rest| rest.split('/').next())
        .map(|port| format!("127.0.0.1:{port}"))
        .unwrap_or_else(|| panic!("{line}"));
    let page = get(&addr, "/");
    assert!(
        page.starts_with("HTTP/1.0 200") && page.contains("<title>cubist</title>"),
        "{page}"
    );
    let list = get(&addr, "/api/v1/twisty/list");
    assert!(list.contains("\"command\": \"twisty list\""), "{list}");
}

#[test]
fn serve_json_prints_its_url_as_a_document() {
    let mut server = serve(&["--port", "0", "--no-cache", "--json"]);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let doc: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(doc["command"], "serve");
    assert!(doc["url"].as_str().unwrap().starts_with("http://127.0.0.1:"), "{doc}");
    // On loopback no token is asked for.
    assert!(
        doc.get("token").is_none() && !doc["url"].as_str().unwrap().contains('?'),
        "{doc}"
    );
}

#[test]
fn serve_warns_when_other_machines_can_reach_it() {
    let mut server = serve(&["--port", "0", "--host", "0.0.0.0", "--no-cache"]);
    let mut line = String::new();
    BufReader::new(server.0.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(
        line.starts_with("cubist serve: warning: listening on 0.0.0.0:"),
        "{line}"
    );
}

#[test]
fn off_loopback_the_url_carries_the_token_every_api_request_needs() {
    let mut server = serve(&["--port", "0", "--host", "0.0.0.0", "--no-cache"]);
    let line = first_line(&mut server);
    // cubist serve: http://0.0.0.0:PORT/?token=TOKEN (Ctrl-C stops it)
    let rest = line
        .strip_prefix("cubist serve: http://0.0.0.0:")
        .unwrap_or_else(|| panic!("{line}"));
    let (port, rest) = rest.split_once("/?token=").unwrap_or_else(|| panic!("{line}"));
    let token = rest
        .strip_suffix(" (Ctrl-C stops it)\n")
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "{line}"
    );
    let addr = format!("127.0.0.1:{port}");
    let refused = get(&addr, "/api/v1/twisty/list");
    assert!(refused.starts_with("HTTP/1.0 401"), "{refused}");
    assert!(refused.contains("this server asks for its token"), "{refused}");
    let list = get_with(
        &addr,
        "/api/v1/twisty/list",
        &format!("Authorization: Bearer {token}\r\n"),
    );
    assert!(list.contains("\"command\": \"twisty list\""), "{list}");
    // Two servers never share a token.
    let mut other = serve(&["--port", "0", "--host", "0.0.0.0", "--no-cache"]);
    assert!(!first_line(&mut other).contains(token));
}

#[test]
fn serve_token_asks_for_one_on_loopback_too() {
    let mut server = serve(&["--port", "0", "--no-cache", "--token", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&first_line(&mut server)).unwrap();
    let url = doc["url"].as_str().unwrap();
    let (addr, token) = url
        .strip_prefix("http://")
        .and_then(|u| u.split_once("/?token="))
        .unwrap_or_else(|| panic!("{doc}"));
    assert_eq!(doc["token"], token, "{doc}");
    assert!(get(addr, "/api/v1/twisty/list").starts_with("HTTP/1.0 401"));
    let list = get_with(
        addr,
        "/api/v1/twisty/list",
        &format!("Authorization: Bearer {token}\r\n"),
    );
    assert!(list.starts_with("HTTP/1.0 200"), "{list}");
}

#[test]
fn serve_allow_flags_are_checked_and_allow() {
    for (flag, bad, says) in [
        ("--allow-origin", "tools.example", "is not an origin"),
        ("--allow-origin", "https://tools.example/app", "is not an origin"),
        ("--allow-host", "cubist.lan:80", "is not a host name"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(["serve", "--port", "0", "--no-cache", flag, bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{err}");
    }
    let args = [
        "--port",
        "0",
        "--no-cache",
        "--allow-host",
        "cubist.lan",
        "--allow-origin",
        "https://tools.example",
    ];
    let mut server = serve(&args);
    let line = first_line(&mut server);
    let addr = line
        .strip_prefix("cubist serve: http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    let port = addr.rsplit(':').next().unwrap();
    // The allowed name, and a page from the allowed origin.
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET /api/v1/twisty/list HTTP/1.0\r\nHost: cubist.lan:{port}\r\nOrigin: https://tools.example\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.0 200"), "{answer}");
    assert!(
        answer.contains("access-control-allow-origin: https://tools.example"),
        "{answer}"
    );
    let other = get_with(&addr, "/api/v1/twisty/list", "Origin: https://evil.example\r\n");
    assert!(other.starts_with("HTTP/1.0 403"), "{other}");
}

#[test]
fn serve_on_a_taken_port_fails_with_bad_usage() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["serve", "--port", &port, "--no-cache"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(&format!("cubist: cannot serve on 127.0.0.1:{port}: ")),
        "{err}"
    );
}

#[test]
fn serve_job_memory_is_bounded_and_names_itself_in_refusals() {
    // Out of its bounds (64 MiB to 1 TiB): bad usage, before serving.
    for bad in ["10", "1048577"] {
        let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(["serve", "--port", "0", "--no-cache", "--job-memory", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--job-memory {bad}");
    }
    let mut server = serve(&["--port", "0", "--no-cache", "--job-memory", "64"]);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .strip_prefix("cubist serve: http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    // The spectrum census: a sweep over the C(30, 8) collections, 12 bytes each.
    let body = r#"{"census": "spectrum"}"#;
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "POST /api/v1/target/census HTTP/1.0\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.0 422"), "{answer}");
    assert!(
        answer.contains(
            "the spectrum census (5852925 collections of 8 cubes) would need 67 MiB, \
             over the limit of 64 MiB a job on this server (cubist serve --job-memory)"
        ),
        "{answer}"
    );
}
