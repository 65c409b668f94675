//! `cubist serve`: the local web page (crates/serve, docs/serve.md).
//!
//! The page and its HTTP API are `cubist-serve`'s; here the address is
//! parsed, the URL printed, and a browser started on request.

use clap::Args;
use std::io::Write;

/// The arguments of `cubist serve`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist serve\n  cubist serve --port 0 --open\n\nThe page and its HTTP API are described in docs/serve.md."
)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 3636)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other
    /// machines use the server (a warning is printed).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
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
    };
    let mut printed = Ok(());
    cubist_serve::run(&a.host, a.port, options, |addr| {
        let url = format!("http://{addr}/");
        if !cubist_serve::is_loopback(&addr) {
            let _ = writeln!(
                std::io::stderr(),
                "cubist serve: warning: listening on {addr}: other machines can use this server"
            );
        }
        // With --json, the address as one document (for a script that
        // starts the server and reads where it listens).
        let line = if out.json() {
            let doc = serde_json::json!({"cubist": cubist_api::VERSION, "command": "serve", "url": url});
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
