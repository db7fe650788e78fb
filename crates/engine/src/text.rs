//! Messages that quote what a user sent: at most a short excerpt, with
//! control characters escaped, so an error never echoes a huge or hostile
//! input back (to a socket, a pipe or a terminal).

/// The longest message kept whole, in characters.
pub const MESSAGE_MAX: usize = 240;

/// `message` with control characters escaped (`\n`, `\u{1b}`, ...) and, past
/// [`MESSAGE_MAX`] characters, cut with a note of how much was left out.
///
/// ```
/// use domino_engine::text::bounded;
/// assert_eq!(bounded("bad tile `9-9`"), "bad tile `9-9`");
/// assert_eq!(bounded("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
/// let long = bounded(&"x".repeat(10_000));
/// assert!(long.len() < 300 && long.ends_with("(9760 more characters)"));
/// ```
pub fn bounded(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars();
    for (kept, c) in chars.by_ref().enumerate() {
        if kept == MESSAGE_MAX {
            let rest = 1 + chars.count();
            out.push_str(&format!("… ({rest} more characters)"));
            return out;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// One CSV cell: quoted when it holds a separator, and a leading `=`,
/// `+`, `-` or `@` of text defused with a `'` so a spreadsheet never runs
/// it as a formula (numbers stay numbers).
pub fn csv_field(s: &str) -> String {
    let s = match s.chars().next() {
        Some('=' | '+' | '-' | '@') if s.parse::<f64>().is_err() => format!("'{s}"),
        _ => s.to_string(),
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_messages_stay_and_long_ones_are_cut() {
        assert_eq!(bounded(""), "");
        let exact = "y".repeat(MESSAGE_MAX);
        assert_eq!(bounded(&exact), exact);
        let over = "é".repeat(MESSAGE_MAX + 1);
        assert_eq!(
            bounded(&over),
            format!("{}… (1 more characters)", "é".repeat(MESSAGE_MAX))
        );
        assert_eq!(bounded("line\nnext\0"), "line\\nnext\\u{0}");
    }
}
