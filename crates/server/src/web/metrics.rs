//! Latency histograms and the Prometheus text exposition format (0.0.4),
//! written by hand: a few counters, gauges and histograms do not need a
//! metrics framework.

use std::fmt::{Display, Write};
use std::sync::atomic::AtomicU64;

pub use domino_store::latency::Histogram;

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
        for (i, c) in h.bucket_counts().into_iter().enumerate() {
            cumulative += c;
            let le = h.bounds().get(i).map_or("+Inf".to_string(), f64::to_string);
            self.sample(&bucket, &[("le", &le)], cumulative);
        }
        self.sample(&format!("{name}_sum"), &[], h.sum_secs());
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
    use std::time::Duration;

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
}
