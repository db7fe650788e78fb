//! The latency histogram the store times its writes with (`/metrics`
//! reads it, and the server's own timings use the same type): counts per
//! bucket and their sum, lock-free.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Bucket bounds in seconds, from half a millisecond (a move on a quiet
/// node) to 2.5 s (a stalled database).
pub const LATENCY_BOUNDS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A latency histogram: counts per bucket, their sum, lock-free.
#[derive(Debug)]
pub struct Histogram {
    bounds: &'static [f64],
    /// Observations per bucket (not cumulative), the last one past every
    /// bound.
    counts: Vec<AtomicU64>,
    sum_ns: AtomicU64,
}

impl Histogram {
    pub fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_ns: AtomicU64::new(0),
        }
    }

    pub fn latency() -> Histogram {
        Histogram::new(LATENCY_BOUNDS)
    }

    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        let i = self
            .bounds
            .iter()
            .position(|&b| secs <= b)
            .unwrap_or(self.bounds.len());
        self.counts[i].fetch_add(1, Ordering::Relaxed);
        let ns = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.sum_ns.fetch_add(ns, Ordering::Relaxed);
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// The buckets' upper bounds in seconds (the last bucket, past them
    /// all, has none).
    pub fn bounds(&self) -> &'static [f64] {
        self.bounds
    }

    /// Observations per bucket, not cumulative: one more than the bounds.
    pub fn bucket_counts(&self) -> Vec<u64> {
        self.counts
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect()
    }

    /// The sum of every observation, in seconds.
    pub fn sum_secs(&self) -> f64 {
        self.sum_ns.load(Ordering::Relaxed) as f64 / 1e9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_observation_on_a_bound_falls_in_that_bucket() {
        let h = Histogram::latency();
        h.observe(Duration::from_micros(500));
        assert_eq!(h.bucket_counts()[0], 1);
        h.observe(Duration::from_secs(60));
        assert_eq!(h.bucket_counts()[LATENCY_BOUNDS.len()], 1);
        assert_eq!(h.count(), 2);
        assert!((h.sum_secs() - 60.0005).abs() < 1e-9);
    }
}
