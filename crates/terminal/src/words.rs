//! Names of seats, sides and ends, and the events of a match in words.

use domino_engine::event::{PenaltyReason, ScoreReason};
use domino_engine::result::{EndReason, Note};
use domino_engine::rules::LayoutKind;
use domino_engine::{Action, Event, HandResult, Rules, Tile};

use super::layout::Pic;

/// Who is who at the table, as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub rules: Rules,
    pub human: u8,
    /// By seat: "You", then the others by where they sit.
    pub names: Vec<String>,
}

impl Table {
    pub fn new(rules: Rules, human: u8) -> Table {
        let n = rules.players;
        let around: &[&str] = match n {
            2 => &["You", "North"],
            3 => &["You", "East", "West"],
            4 => &["You", "East", "North", "West"],
            _ => &["You"],
        };
        let names = (0..n)
            .map(|s| {
                let r = ((s + n - human) % n) as usize;
                match around.get(r) {
                    Some(name) => (*name).to_string(),
                    None => format!("Seat {s}"),
                }
            })
            .collect();
        Table {
            rules,
            human,
            names,
        }
    }

    pub fn name(&self, seat: u8) -> &str {
        self.names.get(seat as usize).map_or("?", String::as_str)
    }

    /// The seats of side `side`.
    pub fn side_seats(&self, side: usize) -> Vec<u8> {
        (0..self.rules.players)
            .filter(|&s| self.rules.side_of(s) == side)
            .collect()
    }

    /// "You & North", "East & West", or one seat's name.
    pub fn side_name(&self, side: usize) -> String {
        self.side_seats(side)
            .iter()
            .map(|&s| self.name(s).to_string())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    pub fn partner(&self) -> Option<u8> {
        self.rules.partner_of(self.human)
    }

    /// `name` doing `verb`: "You play", "East plays", "You & North score".
    pub fn says(&self, name: &str, base: &str, third: &str) -> String {
        if name == "You" || name.contains(" & ") {
            format!("{name} {base}")
        } else {
            format!("{name} {third}")
        }
    }

    fn seat_says(&self, seat: u8, base: &str, third: &str) -> String {
        self.says(self.name(seat), base, third)
    }

    fn side_says(&self, side: usize, base: &str, third: &str) -> String {
        self.says(&self.side_name(side), base, third)
    }
}

/// An end of the layout in words: "left", "top", "branch 5 off 2-2".
pub fn end_name(pic: &Pic, kind: LayoutKind, chain: usize) -> String {
    let arms = !matches!(kind, LayoutKind::Line);
    match chain {
        0 => "left".to_string(),
        1 => "right".to_string(),
        2 if arms => "top".to_string(),
        3 if arms => "bottom".to_string(),
        _ => match pic.chains.get(chain).and_then(|c| c.from) {
            Some(t) => format!("branch {chain} off {t}"),
            None => format!("end {chain}"),
        },
    }
}

/// What kind of line a log entry is, for its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Mine,
    Points,
    Penalty,
    Result,
    Warning,
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub text: String,
    pub tone: Tone,
}

impl Said {
    pub fn new(text: impl Into<String>, tone: Tone) -> Said {
        Said {
            text: text.into(),
            tone,
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The numbers showing on the open ends, without repeats: "4 or 1".
pub fn ends_words(pips: &[u8]) -> String {
    let mut seen: Vec<u8> = Vec::new();
    for &p in pips {
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    let words: Vec<String> = seen.iter().map(u8::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a play, pass or choice was, in words. `before` and `after` are the
/// layout before and after the action; `ends_before` the open numbers
/// before it.
#[derive(Debug)]
pub struct ActionContext<'a> {
    pub table: &'a Table,
    pub after: &'a Pic,
    pub ends_before: &'a [u8],
    pub ends_total: u32,
}

/// One event in words, or `None` for events told elsewhere (draws are
/// counted by the caller; hand and match results get their own panel and
/// summary line).
pub fn event_words(e: &Event, cx: &ActionContext<'_>) -> Option<Said> {
    let t = cx.table;
    let mine = |seat: u8| {
        if seat == t.human {
            Tone::Mine
        } else {
            Tone::Plain
        }
    };
    Some(match e {
        Event::Action { seat, action } => match action {
            Action::Play {
                tile, end: None, ..
            } => Said::new(
                format!("{} {tile}.", t.seat_says(*seat, "pose", "poses")),
                mine(*seat),
            ),
            Action::Play {
                tile,
                end: Some(end),
                ..
            } => {
                let chain = *end as usize;
                let shows = cx.after.chains.get(chain).and_then(|c| c.pips);
                let name = end_name(cx.after, t.rules.layout, chain);
                let shows = shows.map(|p| format!(", now {p}")).unwrap_or_default();
                Said::new(
                    format!(
                        "{} {tile} on the {name}{shows}.",
                        t.seat_says(*seat, "play", "plays")
                    ),
                    mine(*seat),
                )
            }
            Action::Pass => {
                let why = if cx.ends_before.is_empty() {
                    String::new()
                } else {
                    format!(" (nothing for {})", ends_words(cx.ends_before))
                };
                Said::new(
                    format!("{}{why}.", t.seat_says(*seat, "pass", "passes")),
                    mine(*seat),
                )
            }
            Action::ChoosePoser { seat: poser } => {
                let text = if poser == seat {
                    format!("{} to pose.", t.seat_says(*seat, "choose", "chooses"))
                } else {
                    format!(
                        "{} {} to pose.",
                        t.seat_says(*seat, "choose", "chooses"),
                        t.name(*poser)
                    )
                };
                Said::new(text, mine(*seat))
            }
            Action::Draw | Action::Muggins => return None,
        },
        Event::Drew { .. } => return None,
        Event::Scored {
            side,
            points,
            reason,
        } => {
            let why = match reason {
                ScoreReason::Ends => format!("the ends total {}", cx.ends_total),
                ScoreReason::Pass => "an opponent passed".to_string(),
                ScoreReason::Muggins => "muggins, points left unclaimed".to_string(),
            };
            Said::new(
                format!(
                    "{} {}: {why}.",
                    t.side_says(*side, "score", "scores"),
                    plural(*points as usize, "point", "points"),
                ),
                Tone::Points,
            )
        }
        Event::Penalty {
            seat,
            points,
            reason,
        } => {
            let why = match reason {
                PenaltyReason::ThreePasses => "three passes in a row",
                PenaltyReason::BoardPass => "board pass (everyone passed round to the player)",
            };
            Said::new(
                format!("{} {points}: {why}.", t.seat_says(*seat, "pay", "pays")),
                Tone::Penalty,
            )
        }
        Event::Unclaimed { seat, points } => {
            let then = match t.rules.claims {
                domino_engine::rules::Claims::Muggins => {
                    " The next player may take them (muggins)."
                }
                _ => " They are lost.",
            };
            Said::new(
                format!(
                    "{} {} but did not call them.{then}",
                    t.seat_says(*seat, "make", "makes"),
                    plural(*points as usize, "point", "points"),
                ),
                Tone::Warning,
            )
        }
        Event::Out { seat } => Said::new(
            format!(
                "{} out; the partner plays on.",
                t.seat_says(*seat, "are", "is")
            ),
            mine(*seat),
        ),
        Event::HandOver { result } => Said::new(result_line(t, result), Tone::Result),
        Event::MatchOver { winner, skunk } => {
            let mut line = match winner {
                Some(w) => format!("{} the match!", t.side_says(w.side, "win", "wins")),
                None => "The match is drawn.".to_string(),
            };
            if let Some(k) = skunk {
                line.push_str(&format!(" {} skunked", t.side_says(k.side, "are", "is")));
                if k.points > 0 {
                    line.push_str(&format!(" (+{} to the winner)", k.points));
                }
                if k.games > 1 {
                    line.push_str(&format!(": the match counts {} games", k.games));
                }
                line.push('.');
            }
            Said::new(line, Tone::Result)
        }
    })
}

/// A note of a hand result in words.
pub fn note_words(note: Note) -> &'static str {
    match note {
        Note::KeyTile => "won with the key tile (2 points)",
        Note::Capicu => "capicu: the last tile fitted either end",
        Note::Chuchazo => "chuchazo: out with the double blank",
        Note::Skunk => "skunk: the loser did not reach 31",
        Note::BoardPass => "a board pass was charged",
        Note::DoubleOut => "out with a double: the others' scores doubled",
        Note::Tie => "a tie: nobody scores",
        Note::Replay => "the tied hand is replayed for one more point",
        Note::Playoff => "the play-off is won (2-0)",
        Note::PlayoffNext => "1-1: the next hand is a play-off",
        Note::Reset => "the side without points won: the score goes back to 0-0",
        Note::SixLove => "six-love!",
        Note::FourLove => "four-love!",
        Note::HandPremium => "a premium for the early hand",
    }
}

/// How a hand ended, in one line.
pub fn result_line(t: &Table, r: &HandResult) -> String {
    let how = match (r.winner, r.reason, r.seat) {
        (None, _, _) => "The hand is a tie".to_string(),
        (Some(_), EndReason::Domino, Some(seat)) => {
            format!("{}: domino!", t.seat_says(seat, "go out", "goes out"))
        }
        (Some(w), EndReason::Blocked, _) => {
            format!(
                "Blocked: {}",
                t.side_says(
                    w.side,
                    "win with the lowest count",
                    "wins with the lowest count"
                )
            )
        }
        (Some(w), EndReason::Target, _) => {
            format!("{} the target", t.side_says(w.side, "reach", "reaches"))
        }
        (Some(w), _, _) => t.side_says(w.side, "win", "wins"),
    };
    let mut parts = vec![how];
    for side in 0..r.points.len() {
        let p = r.points[side];
        if p != 0 {
            parts.push(format!("{} {p:+}", t.side_name(side)));
        }
    }
    let notes: Vec<&str> = r.notes.iter().map(note_words).collect();
    let mut line = parts.join(" · ");
    if !notes.is_empty() {
        line.push_str(" — ");
        line.push_str(&notes.join("; "));
    }
    if !line.ends_with('!') {
        line.push('.');
    }
    line
}

/// "draws 3 tiles", or for the player "draw 3-2, 5-1".
pub fn draw_words(t: &Table, seat: u8, tiles: &[Tile], count: usize) -> String {
    if seat == t.human && !tiles.is_empty() {
        let list: Vec<String> = tiles.iter().map(Tile::to_string).collect();
        format!("You draw {}.", list.join(", "))
    } else {
        format!(
            "{} {}.",
            t.seat_says(seat, "draw", "draws"),
            plural(count, "tile", "tiles")
        )
    }
}
