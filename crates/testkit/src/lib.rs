//! What the workspace's tests share.
//!
//! **Loopback ports for a program started later.** A test that starts a
//! server in another process (chromedriver, a cluster of `cubist`
//! processes) must name its port before that process listens. The usual
//! way, binding port 0 and releasing what the system chose, races: the
//! port comes from the system's ephemeral range, and until the other
//! process binds it, any outgoing connection of a test running beside it
//! (or a `bind(0)`) may be given the same port, and the server then fails
//! with "address already in use". [`loopback_port`] takes its ports below
//! every system's ephemeral range instead (Linux 32768 - 60999, macOS and
//! Windows 49152 - 65535), where only an explicit bind takes one, and
//! checks each is free; a counter keeps one test binary's ports apart, and
//! the process id spreads binaries run at the same time.

use std::net::TcpListener;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// The lowest port handed out.
const FIRST: u32 = 20_000;

/// How many ports one process cycles through from its base; the base is
/// `FIRST` plus up to 9,990, so the highest port is 32,689, below 32,768.
const SPAN: u32 = 2_700;

/// A loopback port that was free a moment ago and that no outgoing
/// connection or `bind(0)` will take meanwhile (see the crate's comment).
///
/// # Panics
/// When none of the 2,700 ports of this process's span is free (something
/// else on the machine holds them all).
pub fn loopback_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let base = FIRST + std::process::id() % 1_000 * 10;
    (0..SPAN)
        .map(|_| base + NEXT.fetch_add(1, Relaxed) % SPAN)
        .find(|&port| TcpListener::bind(("127.0.0.1", port as u16)).is_ok())
        .expect("a free loopback port between 20000 and 32689") as u16
}

/// `n` loopback addresses (`127.0.0.1:port`) from [`loopback_port`], all
/// different.
pub fn loopback_addresses(n: usize) -> Vec<String> {
    (0..n).map(|_| format!("127.0.0.1:{}", loopback_port())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ports are below the ephemeral ranges, different, and each can
    /// be bound: the next one is handed out while the last is still held.
    #[test]
    fn ports_are_free_distinct_and_below_the_ephemeral_range() {
        let held: Vec<TcpListener> = (0..5)
            .map(|_| {
                let port = loopback_port();
                assert!((20_000..32_768).contains(&port), "{port}");
                TcpListener::bind(("127.0.0.1", port)).unwrap()
            })
            .collect();
        let mut ports: Vec<u16> = held.iter().map(|l| l.local_addr().unwrap().port()).collect();
        ports.sort();
        ports.dedup();
        assert_eq!(ports.len(), 5);
        let addresses = loopback_addresses(3);
        assert!(addresses.iter().all(|a| a.starts_with("127.0.0.1:")), "{addresses:?}");
    }
}
