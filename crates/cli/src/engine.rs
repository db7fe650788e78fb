//! `domino engine`: the JSON-lines loop over stdin and stdout.
//!
//! One response line per request line, flushed at once. Blank lines get no
//! response, so a client may send them as keep-alives. Lines are read as
//! bytes and capped, so invalid UTF-8 or a runaway client cannot end or
//! exhaust the process; both are answered with an error.

use std::io::{self, BufRead, Write};

use anyhow::Context;

mod puzzle;
mod reply;
mod session;

use domino_engine::ErrorCode;
use reply::Failure;
use session::Session;

/// The longest request accepted, newline excluded.
pub const MAX_LINE: usize = 1 << 20;

/// Serve requests from `input` until it ends.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> anyhow::Result<()> {
    let mut session = Session::new();
    let mut buf = Vec::new();
    loop {
        let response = match read_line(&mut input, &mut buf, MAX_LINE)? {
            Line::Eof => return Ok(()),
            Line::TooLarge => Failure::new(
                ErrorCode::TooLarge,
                format!("the request is longer than {MAX_LINE} bytes"),
            )
            .to_json(),
            Line::Read => match std::str::from_utf8(&buf) {
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => session.handle(text),
                Err(e) => {
                    Failure::new(ErrorCode::BadJson, format!("the request is not UTF-8: {e}"))
                        .to_json()
                }
            },
        };
        serde_json::to_writer(&mut output, &response).context("writing a response")?;
        output.write_all(b"\n").context("writing a response")?;
        output.flush().context("writing a response")?;
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line is in the buffer, without its newline.
    Read,
    /// The line was longer than the cap and has been skipped.
    TooLarge,
    Eof,
}

/// Read one line into `buf`, keeping at most `cap` bytes: a longer line is
/// consumed to its end but not stored.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    buf.clear();
    let mut seen = false;
    let mut over = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (seen, over) {
                (false, _) => Line::Eof,
                (true, true) => Line::TooLarge,
                (true, false) => Line::Read,
            });
        }
        seen = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !over {
            if buf.len() + part.len() > cap {
                over = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(if over { Line::TooLarge } else { Line::Read });
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::Value;

    fn lines(input: &[u8], cap: usize) -> Vec<(Line, Vec<u8>)> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, &mut buf, cap).unwrap();
            if l == Line::Eof {
                return out;
            }
            out.push((l, buf.clone()));
        }
    }

    #[test]
    fn lines_are_split_and_capped() {
        let got = lines(b"ab\r\n\nlong line here\nlast", 5);
        assert_eq!(
            got,
            vec![
                (Line::Read, b"ab".to_vec()),
                (Line::Read, Vec::new()),
                (Line::TooLarge, Vec::new()),
                (Line::Read, b"last".to_vec()),
            ]
        );
    }

    #[test]
    fn one_response_per_request_and_none_for_blank_lines() {
        let input = b"{\"cmd\": \"presets\"}\n\n   \n\xff\xfe\n{\"cmd\": \"nope\"}\n";
        let mut out = Vec::new();
        serve(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let codes: Vec<Value> = text
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                v["error"]["code"].clone()
            })
            .collect();
        assert_eq!(
            codes,
            vec![Value::Null, "bad_json".into(), "unknown_command".into()]
        );
    }
}
