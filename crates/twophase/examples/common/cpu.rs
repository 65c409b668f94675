//! The processor time of the benchmark examples (`h48_build`, `h48_rate`),
//! shared through `#[path]`: on a loaded machine wall time counts the waits
//! for a processor, this does not. Read from `/proc/self/stat` rather than
//! through a crate, for two examples' one number.

/// Processor seconds (user and system) used by this process so far, from
/// `/proc/self/stat` (Linux; `NaN` elsewhere). Its fields after the
/// command's name, which ends with `)`, start at the state (field 3):
/// `utime` and `stime` (fields 14 and 15) are the 12th and 13th, in clock
/// ticks of 1/100 s.
pub fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return f64::NAN;
    };
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(f64::NAN);
    (ticks(11) + ticks(12)) / 100.0
}
