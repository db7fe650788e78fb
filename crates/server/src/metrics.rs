//! Latency histograms and the Prometheus text exposition format (0.0.4),
//! written by hand: a few counters, gauges and histograms do not need a
//! metrics framework.

use std::fmt::{Display, Write};
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
}

/// What a table adds to as it plays (the store keeps its own write
/// histogram).
#[derive(Debug)]
pub struct Metrics {
    /// From a table taking an action to the state showing it being queued
    /// to every socket of the table (the store write included).
    pub move_latency: Histogram,
    /// Bot moves a table could not take (most often the store refusing
    /// the write); each is tried again after a growing pause.
    pub bot_moves_refused: AtomicU64,
    /// Parked tables whose match is out of memory until someone comes
    /// (see `table::dormant`).
    pub tables_asleep: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            move_latency: Histogram::latency(),
            bot_moves_refused: AtomicU64::new(0),
            tables_asleep: AtomicU64::new(0),
        }
    }
}

/// The kind of a metric family.
#[derive(Copy, Clone, Debug)]
pub enum Kind {
    Counter,
    Gauge,
    Histogram,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        }
    }
}

/// A page in the text exposition format, family by family.
#[derive(Debug, Default)]
pub struct Exposition {
    text: String,
}

/// `HELP` text escapes backslashes and line feeds; label values quotes too.
fn escape(s: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '"' if quotes => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out
}

impl Exposition {
    /// Start a family: its `# HELP` and `# TYPE` lines.
    pub fn family(&mut self, name: &str, kind: Kind, help: &str) {
        let _ = writeln!(self.text, "# HELP {name} {}", escape(help, false));
        let _ = writeln!(self.text, "# TYPE {name} {}", kind.name());
    }

    /// One sample line.
    pub fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl Display) {
        self.text.push_str(name);
        if !labels.is_empty() {
            self.text.push('{');
            for (i, (k, v)) in labels.iter().enumerate() {
                if i > 0 {
                    self.text.push(',');
                }
                let _ = write!(self.text, "{k}=\"{}\"", escape(v, true));
            }
            self.text.push('}');
        }
        let _ = writeln!(self.text, " {value}");
    }

    /// A family of one unlabelled sample.
    pub fn single(&mut self, name: &str, kind: Kind, help: &str, value: impl Display) {
        self.family(name, kind, help);
        self.sample(name, &[], value);
    }

    /// A histogram family in seconds: cumulative `_bucket{le=...}` lines
    /// ending with `+Inf`, then `_sum` and `_count`.
    pub fn histogram(&mut self, name: &str, help: &str, h: &Histogram) {
        self.family(name, Kind::Histogram, help);
        let bucket = format!("{name}_bucket");
        let mut cumulative = 0;
        for (i, c) in h.counts.iter().enumerate() {
            cumulative += c.load(Ordering::Relaxed);
            let le = h.bounds.get(i).map_or("+Inf".to_string(), f64::to_string);
            self.sample(&bucket, &[("le", &le)], cumulative);
        }
        let sum = h.sum_ns.load(Ordering::Relaxed) as f64 / 1e9;
        self.sample(&format!("{name}_sum"), &[], sum);
        // The count is the +Inf bucket, read once, so the two always agree.
        self.sample(&format!("{name}_count"), &[], cumulative);
    }

    pub fn into_text(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_is_exact() {
        let h = Histogram::new(&[0.001, 0.01]);
        h.observe(Duration::from_micros(500));
        h.observe(Duration::from_millis(1));
        h.observe(Duration::from_millis(5));
        h.observe(Duration::from_secs(2));
        let mut e = Exposition::default();
        e.single("up_total", Kind::Counter, "Things.\nMore \\ things.", 7);
        e.family("refused_total", Kind::Counter, "Refusals by kind.");
        e.sample("refused_total", &[("limit", "a\"b"), ("x", "y")], 2);
        e.histogram("lat_seconds", "Latency.", &h);
        assert_eq!(
            e.into_text(),
            "# HELP up_total Things.\\nMore \\\\ things.\n\
             # TYPE up_total counter\n\
             up_total 7\n\
             # HELP refused_total Refusals by kind.\n\
             # TYPE refused_total counter\n\
             refused_total{limit=\"a\\\"b\",x=\"y\"} 2\n\
             # HELP lat_seconds Latency.\n\
             # TYPE lat_seconds histogram\n\
             lat_seconds_bucket{le=\"0.001\"} 2\n\
             lat_seconds_bucket{le=\"0.01\"} 3\n\
             lat_seconds_bucket{le=\"+Inf\"} 4\n\
             lat_seconds_sum 2.0065\n\
             lat_seconds_count 4\n"
        );
    }

    #[test]
    fn an_observation_on_a_bound_falls_in_that_bucket() {
        let h = Histogram::latency();
        h.observe(Duration::from_micros(500));
        assert_eq!(h.counts[0].load(Ordering::Relaxed), 1);
        h.observe(Duration::from_secs(60));
        assert_eq!(h.counts[LATENCY_BOUNDS.len()].load(Ordering::Relaxed), 1);
        assert_eq!(h.count(), 2);
    }
}
