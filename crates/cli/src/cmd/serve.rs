//! `cubist serve`: the local web page (crates/serve, docs/serve.md).
//!
//! The page and its HTTP API are `cubist-serve`'s; here the address is
//! parsed, the URL printed, and a browser started on request.

use clap::Args;
use std::io::Write;

/// The arguments of `cubist serve`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist serve\n  cubist serve --port 0 --open\n  cubist serve --host 0.0.0.0 --allow-host cubist.lan\n  cubist serve --allow-origin https://tools.example.org\n\n\
The server answers only requests addressed to it (Host) from its own page (Origin), besides the\n\
hosts and origins allowed; off loopback (or with --token) every API request needs the token\n\
printed in the page's address. The page, its HTTP API and these checks are described in\n\
docs/serve.md."
)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 3636)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other
    /// machines use the server (a warning is printed), with the token it
    /// prints in the page's address.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Also answer requests addressed to this host name (the Host header),
    /// e.g. the machine's name on the network; repeatable. The address
    /// listened on (and localhost, on loopback) is always accepted.
    #[arg(long, value_name = "NAME", value_parser = cubist_serve::parse_host_name)]
    allow_host: Vec<String>,
    /// Let web pages from this origin (e.g. `https://tools.example.org` or
    /// `http://localhost:5173`, no path) call the API, with CORS answers;
    /// repeatable. Other pages are refused.
    #[arg(long, value_name = "ORIGIN", value_parser = cubist_serve::parse_origin)]
    allow_origin: Vec<String>,
    /// Ask for a token on loopback too (off loopback one is always asked):
    /// every API request carries the one printed in the page's address.
    #[arg(long)]
    token: bool,
    /// Open the page in the browser once the server listens.
    #[arg(long)]
    open: bool,
    /// Build the solvers' tables in memory only (by default they are kept in
    /// the cache folder, as `cubist twisty solve` keeps them).
    #[arg(long)]
    no_cache: bool,
    /// The most memory one job or request may need, in MiB (64 to 1048576):
    /// work estimated above it is refused before it starts.
    #[arg(long, value_name = "MIB", default_value_t = cubist_serve::Limits::default().job_memory_mib,
          value_parser = clap::value_parser!(u64).range(*cubist_serve::Limits::JOB_MEMORY_MIB.start()..=*cubist_serve::Limits::JOB_MEMORY_MIB.end()))]
    job_memory: u64,
}

/// Runs the server until the program is stopped.
pub fn run(a: ServeArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let token = if a.token {
        Some(cubist_serve::new_token()?)
    } else {
        None
    };
    let options = cubist_serve::Options {
        cache_dir: if a.no_cache {
            None
        } else {
            super::twisty::default_cache_dir()
        },
        warm_up: true,
        limits: cubist_serve::Limits {
            job_memory_mib: a.job_memory,
            ..cubist_serve::Limits::default()
        },
        access: cubist_serve::Access {
            allow_hosts: a.allow_host,
            allow_origins: a.allow_origin,
            token,
        },
    };
    let mut printed = Ok(());
    cubist_serve::run(&a.host, a.port, options, |listening| {
        let (addr, url) = (listening.addr, listening.url());
        if !cubist_serve::is_loopback(&addr) {
            let _ = writeln!(
                std::io::stderr(),
                "cubist serve: warning: listening on {addr}: other machines that have the token can use this server"
            );
        }
        // With --json, the address as one document (for a script that
        // starts the server and reads where it listens).
        let line = if out.json() {
            let mut doc = serde_json::json!({"cubist": cubist_api::VERSION, "command": "serve", "url": url});
            if let Some(token) = &listening.token {
                doc["token"] = token.as_str().into();
            }
            format!("{doc}\n")
        } else {
            format!("cubist serve: {url} (Ctrl-C stops it)\n")
        };
        printed = out.text(&line);
        if a.open {
            open_browser(&url);
        }
    })
    .map_err(|e| anyhow::anyhow!("cannot serve on {}:{}: {e}", a.host, a.port))?;
    printed
}

/// Starts the desktop's browser on `url`; a failure is only a warning.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(program).arg(url).spawn() {
        let _ = writeln!(
            std::io::stderr(),
            "cubist serve: cannot start a browser ({program}: {e}); open {url}"
        );
    }
}
