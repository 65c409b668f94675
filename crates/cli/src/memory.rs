//! `--max-memory MIB`, the global bound on a command's memory: before a
//! command starts, its plan's estimate
//! ([`cubist_api::command::Plan`]) is compared with the bound, and work
//! above it is refused (exit 3) with a message naming the estimate, what
//! takes it and the bound, instead of the machine swapping or the program
//! aborting half-way.
//!
//! Without the option the bound is the machine's physical memory
//! (`MemTotal` in /proc/meminfo): work that cannot fit in it is refused.
//! Where that file is missing (not Linux) there is no bound, and no
//! estimate is made.

use cubist_api::memory::MemoryLimit;
use cubist_api::Context;
use std::sync::OnceLock;

/// The largest `--max-memory`: 1 TiB, in MiB.
pub const MAX_MIB: u64 = 1 << 20;

static BOUND: OnceLock<Option<MemoryLimit>> = OnceLock::new();

/// Sets the bound once, at start: `--max-memory` when given, else the
/// machine's memory.
pub fn set(max_memory_mib: Option<u64>) {
    let bound = match max_memory_mib {
        Some(mib) => Some(MemoryLimit::mib(mib, "--max-memory")),
        None => MemoryLimit::machine("--max-memory"),
    };
    let _ = BOUND.set(bound);
}

/// The bound, for the listings that check it as they grow.
pub fn limit() -> Option<MemoryLimit> {
    BOUND.get()?.clone()
}

/// The context every command runs in: the bound above (which
/// `cubist_api::command::call` checks the command's plan against, and the
/// listings check as they grow) and Ctrl-C's flag.
pub fn context() -> Context<'static> {
    Context {
        memory_limit: limit(),
        cancel: Some(crate::interrupt::flag()),
        ..Context::default()
    }
}
