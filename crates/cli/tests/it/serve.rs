//! `cubist serve`: prints its URL, answers there, warns off loopback, and
//! fails cleanly when the port is taken. (The page and the API are tested in
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
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    answer
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
        "POST /api/v1/target/census HTTP/1.0\r\nHost: {addr}\r\nContent-Length: {}\r\n\r\n{body}",
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
