//! Who may use the server. A web page the user opens in the same browser
//! can send requests to any address, this server's included; so can a page
//! whose host name an attacker points at this machine (DNS rebinding), and
//! then it also reads the answers. Four checks keep the server to the
//! programs it is meant for:
//!
//! 1. the `Host` header must name this server: its address, a loopback name
//!    when it listens on loopback, or a name allowed with `--allow-host`.
//!    A rebinding page's requests carry the attacker's name, and are
//!    refused (403);
//! 2. a request carrying an `Origin` header (browsers add it to every
//!    cross-origin request and to same-origin POSTs) must come from the
//!    server's own page or from an origin allowed with `--allow-origin`,
//!    which gets CORS answers; any other page is refused (403);
//! 3. a POST with a body must say `Content-Type: application/json`: the
//!    bodies a page may send elsewhere without asking first (forms, plain
//!    text) are refused (415), so even a browser that sent no `Origin`
//!    could not start work;
//! 4. off loopback, every `/api/` request carries the server's token (401
//!    without it): whoever can reach the port is not yet allowed to use it.
//!
//! Checks 1 and 2 run first, outside the CORS layer, so a refused page gets
//! no CORS answer either; the CORS layer answers the allowed origins'
//! preflight requests before the token is asked for (a preflight carries
//! no credentials); checks 3 and 4 run inside it, so an allowed page can
//! read why it was refused.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::answer::{failure, usage};

/// Who may use the server besides its own page on its own address
/// (docs/serve.md, "Security").
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Host names the `Host` header may carry besides the server's address
    /// (and, on loopback, `localhost`), as [`parse_host_name`] gives them:
    /// `cubist serve --allow-host NAME`.
    pub allow_hosts: Vec<String>,
    /// Other web pages allowed to call the API, with CORS answers, as
    /// [`parse_origin`] gives them: `cubist serve --allow-origin ORIGIN`.
    pub allow_origins: Vec<String>,
    /// The token every `/api/` request must carry (`Authorization: Bearer
    /// TOKEN`, or the cookie the page gets when opened as `/?token=TOKEN`);
    /// `None`: none is asked, which only a server on loopback may do.
    pub token: Option<String>,
}

/// A new token: 32 bytes of the operating system's randomness, in hex.
pub fn new_token() -> std::io::Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| std::io::Error::other(format!("no randomness for the server's token: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Reads an origin as `--allow-origin` takes it, `scheme://host[:port]`
/// (`http` or `https`, no path), into the form a browser sends in its
/// `Origin` header: lower case, without the scheme's default port.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let bad =
        || format!("{text:?} is not an origin: write scheme://host[:port] with no path, e.g. https://example.org:8443");
    let lower = text.trim().to_ascii_lowercase();
    let (scheme, rest) = lower.split_once("://").ok_or_else(bad)?;
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let default = match scheme {
        "http" => 80,
        "https" => 443,
        _ => return Err(bad()),
    };
    if rest.contains(['/', '?', '#', '@']) {
        return Err(bad());
    }
    let (name, port) = split_host(rest).ok_or_else(bad)?;
    match port {
        Some(p) if p != default => Ok(format!("{scheme}://{name}:{p}")),
        _ => Ok(format!("{scheme}://{name}")),
    }
}

/// Reads a host name as `--allow-host` takes it: a DNS name (letters,
/// digits, `-` and `.`) or an address, without a port (any port is
/// accepted with it); lower case.
pub fn parse_host_name(text: &str) -> Result<String, String> {
    let name = text.trim().to_ascii_lowercase();
    let dns = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    if dns || ip_of(&name).is_some() {
        Ok(name)
    } else {
        Err(format!(
            "{text:?} is not a host name: give a name such as cubist.example.org, without a port"
        ))
    }
}

/// A `Host` header's (or an origin's) name and port: `"[::1]:80"` ->
/// (`"[::1]"`, 80). `None` when it is not of that form.
fn split_host(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if host.starts_with('[') {
        let end = host.find(']')? + 1;
        let (name, after) = host.split_at(end);
        match after {
            "" => (name, None),
            _ => (name, Some(after.strip_prefix(':')?)),
        }
    } else {
        match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    let port = match port {
        Some(p) => Some(p.parse().ok()?),
        None => None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// The address a host name writes literally (`127.0.0.1`, `[::1]`).
fn ip_of(name: &str) -> Option<IpAddr> {
    let bare = name.strip_prefix('[').and_then(|n| n.strip_suffix(']'));
    match bare {
        Some(v6) => v6.parse().ok().filter(IpAddr::is_ipv6),
        None => name.parse().ok().filter(IpAddr::is_ipv4),
    }
}

/// Equal, in a time that does not depend on where two strings of the same
/// length differ: a client timing the refusals learns nothing of the token.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The checks, with the address the server listens on.
pub(crate) struct Guard {
    addr: SocketAddr,
    allow_hosts: Vec<String>,
    allow_origins: Vec<String>,
    token: Option<String>,
    /// The token's cookie, named after the port: cookies are kept by host,
    /// not by port, so two servers on one machine keep theirs apart.
    cookie: String,
}

impl Guard {
    /// The checks of `access` for a server listening on `addr`; the lists
    /// are read as `--allow-host` and `--allow-origin` read them (an entry
    /// they refuse is kept as written, and matches nothing a browser sends).
    pub(crate) fn new(addr: SocketAddr, access: &Access) -> Guard {
        Guard {
            addr,
            allow_hosts: (access.allow_hosts.iter())
                .map(|h| parse_host_name(h).unwrap_or_else(|_| h.clone()))
                .collect(),
            allow_origins: (access.allow_origins.iter())
                .map(|o| parse_origin(o).unwrap_or_else(|_| o.clone()))
                .collect(),
            token: access.token.clone(),
            cookie: format!("cubist-token-{}", addr.port()),
        }
    }

    /// Whether a `Host` header names this server. An address is accepted
    /// when it is the one listened on (any, when listening on all of the
    /// machine's addresses; any loopback one on loopback): a rebinding
    /// page's requests carry the page's own name, never this machine's
    /// address, so it is names that must come from the list.
    fn host_allowed(&self, host: &str) -> bool {
        let Some((name, _port)) = split_host(host) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        if self.allow_hosts.contains(&name) {
            return true;
        }
        let bound = self.addr.ip();
        let local = bound.is_loopback() || bound.is_unspecified();
        match ip_of(&name) {
            Some(ip) => ip == bound || bound.is_unspecified() || (bound.is_loopback() && ip.is_loopback()),
            None => local && name == "localhost",
        }
    }

    /// Whether an `Origin` is this server's own page, opened at `host`
    /// (already accepted), or an allowed one.
    fn origin_allowed(&self, origin: &str, host: &str) -> bool {
        let origin = origin.to_ascii_lowercase();
        let own = |h: &str| split_host(h).map(|(name, port)| (name.to_ascii_lowercase(), port.unwrap_or(80)));
        let same_page = origin
            .strip_prefix("http://")
            .and_then(own)
            .is_some_and(|o| Some(o) == own(host));
        same_page || self.allow_origins.contains(&origin)
    }

    /// Whether the request carries the token, as `Authorization: Bearer`
    /// or as the page's cookie.
    fn carries_token(&self, token: &str, headers: &HeaderMap) -> bool {
        let bearer = headers.get_all(header::AUTHORIZATION).iter().any(|v| {
            v.to_str()
                .ok()
                .and_then(|v| v.trim().split_once(' '))
                .is_some_and(|(scheme, t)| {
                    scheme.eq_ignore_ascii_case("bearer") && same(t.trim().as_bytes(), token.as_bytes())
                })
        });
        let cookie = headers.get_all(header::COOKIE).iter().any(|v| {
            v.to_str().unwrap_or("").split(';').any(|pair| {
                pair.trim()
                    .split_once('=')
                    .is_some_and(|(k, t)| k == self.cookie && same(t.as_bytes(), token.as_bytes()))
            })
        });
        bearer || cookie
    }

    /// The cookie to set on the page when its address carries the right
    /// `token=...`: the page's own requests then carry it. `HttpOnly`: the
    /// page's scripts never see it; `SameSite=Strict`: other sites'
    /// requests never carry it.
    fn page_cookie(&self, query: Option<&str>) -> Option<HeaderValue> {
        let token = self.token.as_deref()?;
        let given = query?.split('&').find_map(|p| p.strip_prefix("token="))?;
        if !same(given.as_bytes(), token.as_bytes()) {
            return None;
        }
        HeaderValue::from_str(&format!("{}={token}; Path=/; HttpOnly; SameSite=Strict", self.cookie)).ok()
    }

    /// How to reach this server, for the refusals.
    fn own_address(&self) -> String {
        match self.addr.ip() {
            ip if ip.is_loopback() => format!("http://localhost:{}/ or http://{}/", self.addr.port(), self.addr),
            ip if ip.is_unspecified() => format!("one of this machine's addresses, port {}", self.addr.port()),
            _ => format!("http://{}/", self.addr),
        }
    }
}

/// Checks 1 and 2: the `Host` names this server, and the `Origin`, when
/// there is one, is the server's own page or an allowed one.
pub(crate) async fn screen(State(g): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = headers.get(header::HOST).map(|h| h.to_str().unwrap_or("?"));
    let Some(host) = host.filter(|h| g.host_allowed(h)) else {
        let named = match host {
            Some(h) => format!("to {h:?}"),
            None => "to no host (no Host header)".to_string(),
        };
        let e = usage(format!(
            "refused: the request is addressed {named}, not to this server: open {} \
             (cubist serve --allow-host NAME accepts another name)",
            g.own_address()
        ));
        return failure(StatusCode::FORBIDDEN, &e);
    };
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("?");
        if !g.origin_allowed(origin, host) {
            let e = usage(format!(
                "refused: a page from {origin} may not use this server, only its own page may \
                 (cubist serve --allow-origin ORIGIN allows another one)"
            ));
            return failure(StatusCode::FORBIDDEN, &e);
        }
    }
    next.run(req).await
}

/// The CORS answers for the allowed origins: their preflight requests are
/// answered, and their requests get `Access-Control-Allow-Origin` (the
/// origin echoed) and `Vary: Origin`. tower-http's layer does it; the
/// origins it never sees (refused by [`screen`]) need nothing from it.
pub(crate) fn cors(g: &Arc<Guard>) -> CorsLayer {
    let allowed = g.allow_origins.clone();
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(move |origin, _| {
            origin.to_str().is_ok_and(|o| allowed.contains(&o.to_ascii_lowercase()))
        }))
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE, header::AUTHORIZATION])
        // A page on the internet that the operator allowed may call a
        // server on the local network: Chromium asks before it does.
        .allow_private_network(true)
        .max_age(Duration::from_secs(600))
}

/// Whether a path is the API's (the token's scope).
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Checks 3 and 4: a POST's body is JSON, and an API request carries the
/// token when one is asked; the page opened with the right token gets it
/// as a cookie.
pub(crate) async fn admit(State(g): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    let api = is_api(req.uri().path());
    if let Some(token) = g.token.as_deref().filter(|_| api) {
        if !g.carries_token(token, req.headers()) {
            let e = usage(
                "this server asks for its token: open the address cubist serve printed \
                 (http://HOST:PORT/?token=...), or send Authorization: Bearer TOKEN",
            );
            let mut res = failure(StatusCode::UNAUTHORIZED, &e);
            res.headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return res;
        }
    }
    if req.method() == Method::POST {
        if let Err(message) = json_body(req.headers()) {
            return failure(StatusCode::UNSUPPORTED_MEDIA_TYPE, &usage(message));
        }
    }
    let cookie = if api { None } else { g.page_cookie(req.uri().query()) };
    let mut res = next.run(req).await;
    if let Some(c) = cookie {
        res.headers_mut().append(header::SET_COOKIE, c);
    }
    res
}

/// A POST's body is JSON by its `Content-Type`; a POST without a body (a
/// job's cancel, a command at its defaults) needs none.
fn json_body(headers: &HeaderMap) -> Result<(), String> {
    match headers.get(header::CONTENT_TYPE) {
        Some(v) => {
            let text = v.to_str().unwrap_or("?");
            let essence = text.split(';').next().unwrap_or("").trim();
            // What `curl -d` sends unless told otherwise: say how to tell it.
            let curl = match essence {
                "application/x-www-form-urlencoded" => {
                    ", what curl -d sends without -H 'Content-Type: application/json'"
                }
                _ => "",
            };
            if essence.eq_ignore_ascii_case("application/json") {
                Ok(())
            } else {
                Err(format!(
                    "a request body must be JSON, sent with Content-Type: application/json (this one is {essence:?}{curl})"
                ))
            }
        }
        None => {
            let empty = headers.get(header::CONTENT_LENGTH).is_none_or(|l| l == "0")
                && headers.get(header::TRANSFER_ENCODING).is_none();
            if empty {
                Ok(())
            } else {
                Err("a request body must be JSON, sent with Content-Type: application/json (this one has no Content-Type)".into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(addr: &str, access: Access) -> Guard {
        Guard::new(addr.parse().unwrap(), &access)
    }

    #[test]
    fn hosts() {
        let g = guard("127.0.0.1:3636", Access::default());
        for ok in [
            "127.0.0.1:3636",
            "localhost:3636",
            "LOCALHOST",
            "[::1]:3636",
            "127.0.0.2:80",
            "localhost:8080",
        ] {
            assert!(g.host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example:3636",
            "localhost.evil.example",
            "10.0.0.1:3636",
            "",
            "[::1",
            "a:b:c",
            "localhost:x",
        ] {
            assert!(!g.host_allowed(bad), "{bad}");
        }
        let g = guard(
            "192.168.1.5:3636",
            Access {
                allow_hosts: vec!["Cubist.Example".into()],
                ..Access::default()
            },
        );
        for ok in ["192.168.1.5:3636", "cubist.example:3636", "CUBIST.example"] {
            assert!(g.host_allowed(ok), "{ok}");
        }
        for bad in ["localhost:3636", "127.0.0.1:3636", "192.168.1.6:3636", "example:3636"] {
            assert!(!g.host_allowed(bad), "{bad}");
        }
        // On all addresses: any address, localhost, no other name.
        let g = guard("0.0.0.0:3636", Access::default());
        for ok in ["192.168.1.5:3636", "127.0.0.1:3636", "[fe80::1]:3636", "localhost"] {
            assert!(g.host_allowed(ok), "{ok}");
        }
        assert!(!g.host_allowed("rebound.example:3636"));
    }

    #[test]
    fn origins() {
        let g = guard(
            "127.0.0.1:3636",
            Access {
                allow_origins: vec!["HTTPS://Tools.Example:443/".into()],
                ..Access::default()
            },
        );
        assert!(g.origin_allowed("http://127.0.0.1:3636", "127.0.0.1:3636"));
        assert!(g.origin_allowed("http://localhost:8080", "localhost:8080"));
        assert!(g.origin_allowed("http://localhost", "localhost:80"));
        assert!(g.origin_allowed("https://tools.example", "127.0.0.1:3636"));
        for bad in [
            "http://localhost:3636",
            "https://127.0.0.1:3636",
            "null",
            "http://evil.example",
        ] {
            assert!(!g.origin_allowed(bad, "127.0.0.1:3636"), "{bad}");
        }
    }

    #[test]
    fn origins_and_names_as_given() {
        assert_eq!(
            parse_origin("http://Example.org:80").as_deref(),
            Ok("http://example.org")
        );
        assert_eq!(parse_origin("https://x.org:8443/").as_deref(), Ok("https://x.org:8443"));
        assert_eq!(parse_origin("http://[::1]:9000").as_deref(), Ok("http://[::1]:9000"));
        for bad in [
            "null",
            "example.org",
            "ftp://x.org",
            "http://x.org/app",
            "http://x.org:99999",
            "http://",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_host_name("Cubist.Example").as_deref(), Ok("cubist.example"));
        assert_eq!(parse_host_name("[::1]").as_deref(), Ok("[::1]"));
        for bad in ["cubist.example:80", "", "a/b", "[::1"] {
            assert!(parse_host_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tokens() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 64);
        assert!(t.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(t, new_token().unwrap());
        let g = guard(
            "0.0.0.0:4000",
            Access {
                token: Some(t.clone()),
                ..Access::default()
            },
        );
        let with = |name: header::HeaderName, value: String| {
            let mut h = HeaderMap::new();
            h.insert(name, HeaderValue::from_str(&value).unwrap());
            g.carries_token(&t, &h)
        };
        assert!(with(header::AUTHORIZATION, format!("Bearer {t}")));
        assert!(with(header::AUTHORIZATION, format!("bearer  {t}")));
        assert!(with(header::COOKIE, format!("a=b; cubist-token-4000={t}")));
        assert!(!with(header::COOKIE, format!("cubist-token-4001={t}")));
        assert!(!with(header::AUTHORIZATION, format!("Bearer {}", &t[1..])));
        assert!(!with(header::AUTHORIZATION, format!("Basic {t}")));
        assert!(g.page_cookie(Some(&format!("x=1&token={t}"))).is_some());
        assert!(g.page_cookie(Some("token=0")).is_none());
    }

    #[test]
    fn bodies() {
        let with = |ct: Option<&str>, len: Option<&str>| {
            let mut h = HeaderMap::new();
            if let Some(ct) = ct {
                h.insert(header::CONTENT_TYPE, HeaderValue::from_str(ct).unwrap());
            }
            if let Some(len) = len {
                h.insert(header::CONTENT_LENGTH, HeaderValue::from_str(len).unwrap());
            }
            json_body(&h).is_ok()
        };
        assert!(with(Some("application/json"), Some("2")));
        assert!(with(Some("Application/JSON; charset=utf-8"), Some("2")));
        assert!(with(None, None));
        assert!(with(None, Some("0")));
        assert!(!with(None, Some("2")));
        for bad in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            assert!(!with(Some(bad), Some("2")), "{bad}");
        }
    }
}
