//! Names of seats, sides and ends, and the events of a match in words: the
//! words come from the catalogs (see [`crate::lang`]), in the table's
//! language.

use domino_engine::rules::LayoutKind;
use domino_engine::{Action, Event, HandResult, Rules, Tile};
use domino_engine::{EndReason, Note};
use domino_engine::{PenaltyReason, ScoreReason};

use super::lang::{num, txt, Lang};
use super::layout::Pic;

/// Who is who at the table, as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub rules: Rules,
    pub human: u8,
    /// By seat: "You", then the others by where they sit.
    pub names: Vec<String>,
    pub lang: Lang,
}

impl Table {
    /// The table in English.
    pub fn new(rules: Rules, human: u8) -> Table {
        Table::in_lang(rules, human, Lang::En)
    }

    pub fn in_lang(rules: Rules, human: u8, lang: Lang) -> Table {
        let players = rules.players();
        let around: &[&str] = match players {
            2 => &["term-you", "term-north"],
            3 => &["term-you", "term-east", "term-west"],
            4 => &["term-you", "term-east", "term-north", "term-west"],
            _ => &["term-you"],
        };
        let names = (0..players)
            .map(|seat| {
                let r = ((seat + players - human) % players) as usize;
                match around.get(r) {
                    Some(id) => lang.tr(id, &[]),
                    None => lang.tr("term-seat", &[("n", num(seat))]),
                }
            })
            .collect();
        Table {
            rules,
            human,
            names,
            lang,
        }
    }

    /// Message `id` in the table's language.
    pub fn tr(&self, id: &str, args: &[(&str, fluent_bundle::FluentValue<'_>)]) -> String {
        self.lang.tr(id, args)
    }

    pub fn name(&self, seat: u8) -> &str {
        self.names.get(seat as usize).map_or("?", String::as_str)
    }

    /// The seats of side `side`.
    pub fn side_seats(&self, side: usize) -> Vec<u8> {
        (0..self.rules.players())
            .filter(|&s| self.rules.side_of(s) == side)
            .collect()
    }

    /// "You & North", "East & West", or one seat's name.
    pub fn side_name(&self, side: usize) -> String {
        match self.side_seats(side).as_slice() {
            [one] => self.name(*one).to_string(),
            [a, b] => self.tr(
                "term-team",
                &[("a", txt(self.name(*a))), ("b", txt(self.name(*b)))],
            ),
            _ => String::new(),
        }
    }

    pub fn partner(&self) -> Option<u8> {
        self.rules.partner_of(self.human)
    }

    /// Which form a verb takes for `seat`: "you" or "one" (somebody else).
    pub fn person(&self, seat: u8) -> &'static str {
        if seat == self.human {
            "you"
        } else {
            "one"
        }
    }

    /// Which form a verb takes for `side`: a team is "many".
    pub fn side_person(&self, side: usize) -> &'static str {
        match self.side_seats(side).as_slice() {
            [one] => self.person(*one),
            _ => "many",
        }
    }

    /// Message `id` about `seat`: its name as `who`, its verb form as `person`.
    pub fn about_seat(
        &self,
        id: &str,
        seat: u8,
        args: &[(&str, fluent_bundle::FluentValue<'_>)],
    ) -> String {
        let mut all = vec![
            ("who", txt(self.name(seat))),
            ("person", txt(self.person(seat))),
        ];
        all.extend(args.iter().cloned());
        self.tr(id, &all)
    }

    /// Message `id` about `side`: its name as `who`, its verb form as `person`.
    pub fn about_side(
        &self,
        id: &str,
        side: usize,
        args: &[(&str, fluent_bundle::FluentValue<'_>)],
    ) -> String {
        let mut all = vec![
            ("who", txt(self.side_name(side))),
            ("person", txt(self.side_person(side))),
        ];
        all.extend(args.iter().cloned());
        self.tr(id, &all)
    }
}

/// An end of the layout in words: "left", "top", "branch 5 off 2-2"; a
/// train or a toe in the trains family ("train of East").
pub fn end_name(t: &Table, pic: &Pic, chain: usize) -> String {
    if let Some(name) = super::station::end_name(t, pic, chain) {
        return name;
    }
    let lang = t.lang;
    let arms = !matches!(t.rules.layout(), LayoutKind::Line);
    match chain {
        0 => lang.tr("term-end-left", &[]),
        1 => lang.tr("term-end-right", &[]),
        2 if arms => lang.tr("term-end-top", &[]),
        3 if arms => lang.tr("term-end-bottom", &[]),
        _ => match pic.chains.get(chain).and_then(|c| c.from) {
            Some(t) => lang.tr(
                "term-end-branch",
                &[("n", num(chain as i64)), ("tile", txt(t.to_string()))],
            ),
            None => lang.tr("term-end-other", &[("n", num(chain as i64))]),
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

/// The numbers showing on the open ends, without repeats: "4 or 1".
pub fn ends_words(lang: Lang, pips: &[u8]) -> String {
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
        [rest @ .., last] => lang.tr(
            "term-or",
            &[("rest", txt(rest.join(", "))), ("last", txt(last.clone()))],
        ),
    }
}

/// Names joined as a list, the last two by "and": "Ana, Bo and Cy".
pub fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => lang.tr(
            "term-and",
            &[("rest", txt(rest.join(", "))), ("last", txt(last.clone()))],
        ),
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
    /// What a pass did, in the trains family.
    pub pass: PassKind,
}

/// What a pass did: in Mexican Train one may end a first-turn chain, or
/// open the passer's train; any other pass is plain.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum PassKind {
    #[default]
    Plain,
    /// It ended the passer's first-turn chain: the end of a turn.
    EndsChain,
    /// It opened the passer's train, closed before.
    OpensTrain,
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
    let lang = t.lang;
    Some(match e {
        Event::Action { seat, action } => match action {
            Action::Play {
                tile, end: None, ..
            } => Said::new(
                t.about_seat("term-pose", *seat, &[("tile", txt(tile.to_string()))]),
                mine(*seat),
            ),
            Action::Play {
                tile,
                end: Some(end),
                ..
            } => {
                let chain = *end as usize;
                let shows = cx.after.chains.get(chain).and_then(|c| c.pips);
                let name = end_name(t, cx.after, chain);
                let shows = shows.map_or_else(|| "none".to_string(), |p| p.to_string());
                Said::new(
                    t.about_seat(
                        "term-play",
                        *seat,
                        &[
                            ("tile", txt(tile.to_string())),
                            ("end", txt(name)),
                            ("shows", txt(shows)),
                        ],
                    ),
                    mine(*seat),
                )
            }
            Action::Pass if cx.pass == PassKind::EndsChain => {
                Said::new(t.about_seat("term-end-chain", *seat, &[]), mine(*seat))
            }
            Action::Pass if cx.pass == PassKind::OpensTrain => {
                Said::new(t.about_seat("term-pass-opens", *seat, &[]), mine(*seat))
            }
            Action::Pass => {
                let ends = if cx.ends_before.is_empty() {
                    "none".to_string()
                } else {
                    ends_words(lang, cx.ends_before)
                };
                Said::new(
                    t.about_seat("term-pass", *seat, &[("ends", txt(ends))]),
                    mine(*seat),
                )
            }
            Action::ChoosePoser { seat: poser } => {
                let text = if poser == seat {
                    t.about_seat("term-choose-self", *seat, &[])
                } else {
                    t.about_seat(
                        "term-choose-other",
                        *seat,
                        &[("other", txt(t.name(*poser)))],
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
            let reason = match reason {
                ScoreReason::Ends => "ends",
                ScoreReason::Pass => "pass",
                ScoreReason::Muggins => "muggins",
            };
            Said::new(
                t.about_side(
                    "term-scored",
                    *side,
                    &[
                        ("points", num(*points as i64)),
                        ("reason", txt(reason)),
                        ("total", num(cx.ends_total)),
                    ],
                ),
                Tone::Points,
            )
        }
        Event::Penalty {
            seat,
            points,
            reason,
        } => {
            let reason = match reason {
                PenaltyReason::ThreePasses => "three_passes",
                PenaltyReason::BoardPass => "board_pass",
            };
            Said::new(
                t.about_seat(
                    "term-penalty",
                    *seat,
                    &[("points", num(*points as i64)), ("reason", txt(reason))],
                ),
                Tone::Penalty,
            )
        }
        Event::Unclaimed { seat, points } => {
            let muggins = matches!(t.rules.claims(), domino_engine::rules::Claims::Muggins);
            Said::new(
                t.about_seat(
                    "term-unclaimed",
                    *seat,
                    &[
                        ("points", num(*points as i64)),
                        ("muggins", txt(muggins.to_string())),
                    ],
                ),
                Tone::Warning,
            )
        }
        Event::Out { seat } => Said::new(t.about_seat("term-out", *seat, &[]), mine(*seat)),
        Event::HandOver { result } => Said::new(result_line(t, result), Tone::Result),
        Event::MatchOver { winner, skunk } => {
            let mut line = match winner {
                Some(w) => t.about_side("term-match-won", w.side, &[]),
                None => t.tr("term-match-drawn", &[]),
            };
            if let Some(k) = skunk {
                line.push(' ');
                line.push_str(&t.about_side(
                    "term-skunked",
                    k.side,
                    &[
                        ("points", num(k.points as i64)),
                        ("games", num(k.games as i64)),
                    ],
                ));
            }
            Said::new(line, Tone::Result)
        }
    })
}

/// A note of a hand result in words.
pub fn note_words(lang: Lang, note: Note) -> String {
    lang.tr("term-note", &[("note", txt(note.name()))])
}

/// How a hand ended, in one line.
pub fn result_line(t: &Table, r: &HandResult) -> String {
    let how = match (r.winner, r.reason, r.seat) {
        (None, _, _) => t.tr("term-hand-tie", &[]),
        (Some(_), EndReason::Domino, Some(seat)) => t.about_seat("term-hand-domino", seat, &[]),
        (Some(w), EndReason::Blocked, _) => t.about_side("term-hand-blocked", w.side, &[]),
        (Some(w), EndReason::Target, _) => t.about_side("term-hand-target", w.side, &[]),
        (Some(w), _, _) => t.about_side("term-hand-won", w.side, &[]),
    };
    let mut parts = vec![how];
    for side in 0..r.points.len() {
        let p = r.points[side];
        if p != 0 {
            parts.push(format!("{} {p:+}", t.side_name(side)));
        }
    }
    let notes: Vec<String> = r
        .notes
        .iter()
        .map(|note| note_words(t.lang, note))
        .collect();
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

/// "East draws 3 tiles.", or for the player "You draw 3-2, 5-1."
pub fn draw_words(t: &Table, seat: u8, tiles: &[Tile], count: usize) -> String {
    if seat == t.human && !tiles.is_empty() {
        let list: Vec<String> = tiles.iter().map(Tile::to_string).collect();
        t.tr("term-you-draw", &[("tiles", txt(list.join(", ")))])
    } else {
        t.about_seat("term-draws", seat, &[("count", num(count as i64))])
    }
}
