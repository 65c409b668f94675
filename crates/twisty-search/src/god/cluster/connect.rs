//! The cluster's connections, made here and handed to timely.
//!
//! Timely's own start (`CommunicationConfig::Cluster`) connects process
//! `i` to every process below it and accepts the connections of every
//! process above it, retrying once a second for ever: a peer that never
//! comes up leaves the others waiting without a word. The same meshing is
//! done here, with a deadline: each connection is tried again every
//! [`RETRY`] until [`Cluster::connect_timeout`](super::Cluster) has passed,
//! and then the search fails naming the `host:port` it could not reach (or
//! the process that never connected). The sockets then go to timely's
//! `initialize_networking_from_sockets`, which runs its usual send and
//! receive threads over them.
//!
//! Before the hand-over every process sends every other a [`Hello`] and
//! reads theirs, over the same sockets: the hash of the search it runs (so
//! a process started with another puzzle, other moves or another number of
//! workers is refused before anything is sent), and the levels its
//! checkpoints hold (so all agree on the level to resume from; see
//! `saved.rs`). The protocol of a connection: the connecting process (the
//! higher index) writes its index as a big-endian `u64`, then both write
//! their hello and read the other's.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::Error;

/// How often a connection is tried again while its peer is not up.
const RETRY: Duration = Duration::from_millis(100);

/// The first word of a hello: a stray connection (a port scanner, another
/// program given the wrong port) is told from a peer.
const MAGIC: u64 = 0x6375_6269_7374_6731; // "cubistg1"

/// The most saved levels a hello names (a checkpoint and the one before).
pub(super) const MAX_SAVED: usize = 2;

/// What a process tells every other before the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Hello {
    /// The hash of the search's identity: puzzle, moves, metric, its
    /// index space, and the numbers of processes and of workers (the same
    /// for every process of a cluster).
    pub search: u64,
    /// The saved levels every worker of the process can resume from: the
    /// length of the distribution and its hash, at most [`MAX_SAVED`].
    pub saved: Vec<(u64, u64)>,
}

impl Hello {
    fn to_bytes(&self) -> Vec<u8> {
        let mut words = vec![MAGIC, self.search, self.saved.len() as u64];
        for i in 0..MAX_SAVED {
            let (n, h) = self.saved.get(i).copied().unwrap_or_default();
            words.extend([n, h]);
        }
        words.iter().flat_map(|w| w.to_be_bytes()).collect()
    }

    /// Bytes a hello takes on the wire.
    const BYTES: usize = 8 * (3 + 2 * MAX_SAVED);

    fn from_bytes(bytes: &[u8; Self::BYTES]) -> Option<Hello> {
        let w = |i: usize| u64::from_be_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        let count = w(2) as usize;
        if w(0) != MAGIC || count > MAX_SAVED {
            return None;
        }
        let saved = (0..count).map(|i| (w(3 + 2 * i), w(4 + 2 * i))).collect();
        Some(Hello { search: w(1), saved })
    }
}

/// Connects process `me` to every other of `hosts` within `timeout`, and
/// trades hellos: the sockets (`None` at `me`), and every process's hello
/// (`mine` at `me`). A process is refused when its hello names another
/// search.
pub(super) fn connect(
    hosts: &[String],
    me: usize,
    timeout: Duration,
    mine: &Hello,
) -> Result<(Vec<Option<TcpStream>>, Vec<Hello>), Error> {
    let deadline = Instant::now() + timeout;
    let secs = timeout.as_secs();
    let listener = TcpListener::bind(&hosts[me])
        .and_then(|l| l.set_nonblocking(true).map(|_| l))
        .map_err(|e| {
            Error::Cluster(format!(
                "process {me} cannot listen on {}: {e}; is the port free on this machine?",
                hosts[me]
            ))
        })?;
    let (lower, higher) = std::thread::scope(|s| {
        let lower = s.spawn(|| connect_lower(hosts, me, deadline, secs));
        let higher = accept_higher(&listener, hosts, me, deadline, secs);
        (lower.join(), higher)
    });
    let lower = lower.map_err(|_| Error::Failed("the connecting thread panicked".into()))??;
    let mut sockets: Vec<Option<TcpStream>> = lower.into_iter().map(Some).collect();
    sockets.push(None);
    sockets.extend(higher?.into_iter().map(Some));
    let hellos = trade_hellos(&mut sockets, hosts, me, deadline, mine)?;
    for (j, h) in hellos.iter().enumerate() {
        if h.search != mine.search {
            return Err(Error::Invalid(format!(
                "process {j} ({}) runs another search (another puzzle, moves, metric, number of processes or \
                 workers): start every process of the cluster with the same options",
                hosts[j]
            )));
        }
    }
    Ok((sockets, hellos))
}

/// Time left before `deadline`, at least a millisecond (a zero timeout
/// means none to the socket calls).
fn left(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

/// Connects to every process below `me`, in order, each tried until the
/// deadline; it then learns this process's index.
fn connect_lower(hosts: &[String], me: usize, deadline: Instant, secs: u64) -> Result<Vec<TcpStream>, Error> {
    let mut streams = Vec::with_capacity(me);
    for (j, host) in hosts.iter().enumerate().take(me) {
        let unreachable = |why: String| {
            Error::Cluster(format!(
                "process {me} cannot reach process {j} at {host} within {secs} s ({why}): start every process \
                 of the cluster, with the same hosts file, or raise --connect-timeout"
            ))
        };
        let stream = loop {
            let tried = host
                .to_socket_addrs()
                .and_then(|mut a| a.next().ok_or_else(|| std::io::Error::other("no address")))
                .and_then(|a| TcpStream::connect_timeout(&a, left(deadline).min(Duration::from_secs(5))));
            match tried {
                Ok(s) => break s,
                Err(e) if Instant::now() >= deadline => return Err(unreachable(e.to_string())),
                Err(_) => std::thread::sleep(RETRY.min(left(deadline))),
            }
        };
        let sent = stream
            .set_nodelay(true)
            .and_then(|_| (&stream).write_all(&(me as u64).to_be_bytes()));
        sent.map_err(|e| unreachable(e.to_string()))?;
        streams.push(stream);
    }
    Ok(streams)
}

/// Accepts the connections of every process above `me` until the
/// deadline, each telling its index first; a connection that does not
/// (or names an index out of range, or one already connected) is dropped.
fn accept_higher(
    listener: &TcpListener,
    hosts: &[String],
    me: usize,
    deadline: Instant,
    secs: u64,
) -> Result<Vec<TcpStream>, Error> {
    let mut slots: Vec<Option<TcpStream>> = (me + 1..hosts.len()).map(|_| None).collect();
    while slots.iter().any(Option::is_none) {
        match listener.accept() {
            Ok((stream, _)) => {
                let mut index = [0u8; 8];
                let told = stream
                    .set_nonblocking(false)
                    .and_then(|_| stream.set_read_timeout(Some(left(deadline))))
                    .and_then(|_| (&stream).read_exact(&mut index));
                let j = u64::from_be_bytes(index) as usize;
                if told.is_ok() && j > me && j < hosts.len() && slots[j - me - 1].is_none() {
                    stream.set_nodelay(true).ok();
                    slots[j - me - 1] = Some(stream);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = slots
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.is_none())
                        .map(|(k, _)| format!("process {} at {}", me + 1 + k, hosts[me + 1 + k]))
                        .collect();
                    return Err(Error::Cluster(format!(
                        "process {me} waited {secs} s for {} to connect: start every process of the cluster, \
                         with the same hosts file, or raise --connect-timeout",
                        missing.join(", ")
                    )));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(Error::Cluster(format!(
                    "process {me} cannot accept connections on {}: {e}",
                    hosts[me]
                )))
            }
        }
    }
    Ok(slots.into_iter().flatten().collect())
}

/// Writes `mine` to every peer, then reads every peer's (a hello is small:
/// the writes never wait for a read), and leaves the sockets blocking and
/// without timeouts, as timely expects them.
fn trade_hellos(
    sockets: &mut [Option<TcpStream>],
    hosts: &[String],
    me: usize,
    deadline: Instant,
    mine: &Hello,
) -> Result<Vec<Hello>, Error> {
    let failed = |j: usize, e: String| {
        Error::Cluster(format!(
            "process {me} lost process {j} ({}) while starting: {e}",
            hosts[j]
        ))
    };
    let bytes = mine.to_bytes();
    for (j, s) in sockets.iter().enumerate() {
        if let Some(s) = s {
            s.set_write_timeout(Some(left(deadline)))
                .and_then(|_| (&*s).write_all(&bytes))
                .map_err(|e| failed(j, e.to_string()))?;
        }
    }
    let mut hellos = Vec::with_capacity(sockets.len());
    for (j, s) in sockets.iter().enumerate() {
        let Some(s) = s else {
            hellos.push(mine.clone());
            continue;
        };
        let mut buf = [0u8; Hello::BYTES];
        s.set_read_timeout(Some(left(deadline)))
            .and_then(|_| (&*s).read_exact(&mut buf))
            .map_err(|e| failed(j, e.to_string()))?;
        let hello = Hello::from_bytes(&buf).ok_or_else(|| {
            Error::Invalid(format!(
                "process {j} ({}) is not a cubist process of this version: check the hosts file",
                hosts[j]
            ))
        })?;
        s.set_read_timeout(None)
            .and_then(|_| s.set_write_timeout(None))
            .map_err(|e| failed(j, e.to_string()))?;
        hellos.push(hello);
    }
    Ok(hellos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hello_reads_back_and_a_stranger_is_not_one() {
        let h = Hello {
            search: 42,
            saved: vec![(7, 9), (6, 8)],
        };
        let bytes: [u8; Hello::BYTES] = h.to_bytes().try_into().unwrap();
        assert_eq!(Hello::from_bytes(&bytes), Some(h));
        let mut other = bytes;
        other[0] ^= 1;
        assert_eq!(Hello::from_bytes(&other), None);
        let none = Hello {
            search: 1,
            saved: vec![],
        };
        let bytes: [u8; Hello::BYTES] = none.to_bytes().try_into().unwrap();
        assert_eq!(Hello::from_bytes(&bytes), Some(none));
    }
}
