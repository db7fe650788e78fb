//! `domino keep`: the scorekeeper in the terminal, for a table with real
//! tiles and no network. One line per hand, in the game's own terms; each
//! is checked and settled by the engine's [`Sheet`], the call `domino
//! serve`'s sheets and the protocol's `settle` make. The sheet is written
//! to its file after every change, so a keeper can stop and go on later.
//! Its words come from the catalogs (web/locales/*/domino.ftl) in the
//! language of `--lang` or the environment; the commands typed are the same
//! in every language.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use domino_engine::{ActKind, HandReport, Impossible, ReportError, ReportFields, RulesSpec, Sheet};
use serde::{Deserialize, Serialize};

use crate::lang::{num, txt, Lang};

mod reason;

/// Flags of `domino keep`.
#[derive(Debug, Clone, Args)]
pub struct KeepArgs {
    /// The game (see `domino rules`).
    #[arg(long, default_value = "jamaican")]
    pub preset: String,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<u8>,
    /// A rule option, as key=value (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Names of the players, or of the two teams, comma-separated.
    #[arg(long)]
    pub names: Option<String>,
    /// The sheet's file: continued when it exists (its rules and names
    /// win over the flags), written after every entry and undo.
    #[arg(long, value_name = "PATH")]
    pub sheet: Option<PathBuf>,
    /// The language of the keeper: en, es or fr (default: from LC_ALL,
    /// LC_MESSAGES or LANG, else English). The commands are the same in
    /// every language.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

/// A sheet as its file holds it: what rebuilds it through the engine.
#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    rules: RulesSpec,
    names: Vec<String>,
    reports: Vec<HandReport>,
}

/// The keeper: a sheet, its names and where it is saved.
#[derive(Debug)]
pub struct Keeper {
    sheet: Sheet,
    names: Vec<String>,
    path: Option<PathBuf>,
    lang: Lang,
}

/// What a line asks for.
enum Line {
    Hand(HandReport),
    Undo,
    Show,
    Csv(PathBuf),
    Help,
    Quit,
}

impl Keeper {
    /// A keeper for these flags: the sheet's file when it exists, else a
    /// new sheet.
    pub fn open(args: &KeepArgs) -> anyhow::Result<Keeper> {
        let lang = crate::lang_of(args.lang.as_deref())?;
        if let Some(path) = args.sheet.as_deref().filter(|p| p.exists()) {
            return Keeper::load(path, lang);
        }
        let spec = RulesSpec {
            preset: args.preset.clone(),
            players: args.players,
            options: crate::parse_options(&args.options, lang)?,
        };
        let rules = spec.resolve().map_err(|e| {
            crate::Usage(lang.tr("term-error-rules", &[("error", txt(e.to_string()))]))
        })?;
        let sides = rules.sides();
        let names: Vec<String> = match &args.names {
            Some(list) => list.split(',').map(|n| n.trim().to_string()).collect(),
            None => (0..sides).map(|s| default_name(&rules, s, lang)).collect(),
        };
        if names.len() != sides {
            return Err(crate::Usage(lang.tr(
                "term-keep-error-names",
                &[
                    ("partners", txt(rules.partners().to_string())),
                    ("sides", num(sides as i64)),
                    ("got", num(names.len() as i64)),
                ],
            ))
            .into());
        }
        Ok(Keeper {
            sheet: Sheet::new(rules),
            names,
            path: args.sheet.clone(),
            lang,
        })
    }

    fn load(path: &Path, lang: Lang) -> anyhow::Result<Keeper> {
        let shown = || txt(path.display().to_string());
        let text = std::fs::read_to_string(path)
            .with_context(|| lang.tr("term-keep-error-read", &[("path", shown())]))?;
        let saved: Saved = serde_json::from_str(&text)
            .with_context(|| lang.tr("term-keep-error-not-sheet", &[("path", shown())]))?;
        let rules = saved
            .rules
            .resolve()
            .with_context(|| lang.tr("term-keep-error-sheet-rules", &[("path", shown())]))?;
        // Hands accepted once open again, though a stricter check came since.
        let sheet = Sheet::from_entered(rules, saved.reports).map_err(|(i, e)| {
            anyhow::anyhow!(lang.tr(
                "term-keep-error-sheet-hand",
                &[
                    ("path", shown()),
                    ("n", num(i as i64 + 1)),
                    ("error", txt(e.to_string())),
                ],
            ))
        })?;
        Ok(Keeper {
            sheet,
            names: saved.names,
            path: Some(path.to_path_buf()),
            lang,
        })
    }

    fn tr(&self, id: &str, args: &[(&str, fluent_bundle::FluentValue<'_>)]) -> String {
        self.lang.tr(id, args)
    }

    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    fn save(&self) -> anyhow::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let saved = Saved {
            rules: self.sheet.rules().spec(),
            names: self.names.clone(),
            reports: self.sheet.reports().cloned().collect(),
        };
        // Written beside and renamed, so a crash never leaves half a sheet.
        let tmp = path.with_extension("tmp");
        let cannot = |p: &Path| {
            self.tr(
                "term-keep-error-write",
                &[("path", txt(p.display().to_string()))],
            )
        };
        std::fs::write(&tmp, serde_json::to_string_pretty(&saved)?)
            .with_context(|| cannot(&tmp))?;
        std::fs::rename(&tmp, path).with_context(|| cannot(path))
    }

    /// The lines that open a session: the game, the sheet so far, help.
    pub fn intro(&self) -> Vec<String> {
        let game = self.tr(
            "game-title",
            &[("preset", txt(self.sheet.rules().preset().name()))],
        );
        let mut out = vec![self.tr(
            "term-keep-intro",
            &[("game", txt(game)), ("names", txt(self.names.join(", ")))],
        )];
        if !self.sheet.hands().is_empty() {
            out.extend(self.table());
        }
        out.push(self.tr("term-keep-prompt", &[]));
        out
    }

    /// Answer one line typed by the keeper; `None` to stop.
    pub fn line(&mut self, text: &str) -> anyhow::Result<Option<Vec<String>>> {
        let line = match parse(text, self.lang, self.sheet.rules().players()) {
            Ok(line) => line,
            Err(e) => {
                return Ok(Some(vec![
                    self.tr("term-keep-not-understood", &[("error", txt(e))])
                ]))
            }
        };
        Ok(Some(match line {
            Line::Quit => return Ok(None),
            Line::Help => self.help(),
            Line::Show => self.table(),
            Line::Csv(path) => {
                let shown = || txt(path.display().to_string());
                std::fs::write(&path, self.sheet.to_csv(&self.names))
                    .with_context(|| self.tr("term-keep-error-write", &[("path", shown())]))?;
                vec![self.tr("term-keep-wrote", &[("path", shown())])]
            }
            Line::Undo => match self.sheet.undo() {
                Ok(_) => {
                    self.save()?;
                    let mut out = vec![self.tr("term-keep-undone", &[])];
                    out.push(self.score_line());
                    out
                }
                Err(e) => vec![self.refusal(&e)],
            },
            Line::Hand(report) => match self.sheet.enter(report) {
                Ok(_) => {
                    self.save()?;
                    self.last_lines()
                }
                Err(e) => vec![self.refusal(&e)],
            },
        }))
    }

    /// A refused hand or undo, in the words the page gives it: the
    /// refusal's code and its precise reason from the engine's facts.
    fn refusal(&self, e: &ReportError) -> String {
        let code = refusal_code(e);
        let general = || {
            self.tr(
                "error",
                &[("code", txt(code)), ("message", txt(e.to_string()))],
            )
        };
        let reason = match e {
            ReportError::MatchOver => self.tr("term-keep-match-over", &[]),
            ReportError::NothingToUndo => general(),
            _ => reason::reason_words(self.lang, e, &|s| self.seat_name(s), &|s| self.name(s))
                .map_or_else(general, |why| {
                    self.tr("keep-refused", &[("code", txt(code)), ("why", txt(why))])
                }),
        };
        self.tr(
            "term-keep-refused",
            &[("reason", txt(reason)), ("detail", txt("none"))],
        )
    }

    /// A seat by its player's name, or its team's and place when the
    /// sheet names teams (as the page names it).
    fn seat_name(&self, seat: u8) -> String {
        let rules = self.sheet.rules();
        let sides = rules.sides();
        if sides >= usize::from(rules.players()) {
            return self.name(usize::from(seat));
        }
        let place = i64::from(seat) / i64::try_from(sides).unwrap_or(1) + 1;
        self.tr(
            "keep-seat-of-team",
            &[
                ("team", txt(self.name(rules.side_of(seat)))),
                ("n", num(place)),
            ],
        )
    }

    fn name(&self, side: usize) -> String {
        self.names.get(side).cloned().unwrap_or_default()
    }

    fn score_line(&self) -> String {
        let scores: Vec<String> = (0..self.names.len())
            .map(|s| format!("{} {}", self.name(s), self.sheet.scores()[s]))
            .collect();
        self.tr("term-keep-score", &[("scores", txt(scores.join(", ")))])
    }

    /// What the hand just entered did, and the match after it.
    fn last_lines(&self) -> Vec<String> {
        let Some(h) = self.sheet.hands().last() else {
            return Vec::new();
        };
        let mut out = vec![self.hand_line(h)];
        out.push(self.score_line());
        let names: Vec<String> = self
            .sheet
            .winners()
            .into_iter()
            .map(|s| self.name(s))
            .collect();
        match names.as_slice() {
            [] if self.sheet.tally().winner().is_some() => out.push(self.tr("keep-drawn", &[])),
            [] => {}
            [one] => out.push(self.tr("keep-won", &[("who", txt(one.clone()))])),
            many => out.push(self.tr(
                "keep-shared",
                &[("who", txt(crate::words::and_list(self.lang, many)))],
            )),
        }
        out
    }

    fn hand_line(&self, h: &domino_engine::SheetHand) -> String {
        let r = &h.result;
        let who = r
            .winner
            .map_or_else(|| self.tr("term-keep-tie", &[]), |w| self.name(w.side));
        let how = serde_json::to_value(r.reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let how = self.tr("term-keep-how", &[("how", txt(how))]);
        let points: Vec<String> = (0..self.names.len())
            .map(|s| r.points.get(s).copied().unwrap_or(0).to_string())
            .collect();
        let notes: Vec<String> = r
            .notes
            .iter()
            .map(|n| self.tr("result-note", &[("note", txt(n.name()))]))
            .collect();
        let notes = if notes.is_empty() {
            "none".to_string()
        } else {
            notes.join("; ")
        };
        self.tr(
            "term-keep-hand",
            &[
                ("n", num(h.number as i64)),
                ("who", txt(who)),
                ("how", txt(how)),
                ("points", txt(points.join("-"))),
                ("notes", txt(notes)),
            ],
        )
    }

    /// The sheet: a line per hand and the score.
    fn table(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .sheet
            .hands()
            .iter()
            .map(|h| self.hand_line(h))
            .collect();
        if out.is_empty() {
            out.push(self.tr("sheet-empty", &[]));
        }
        out.push(self.score_line());
        out
    }

    /// How to enter a hand of this game, and the commands.
    fn help(&self) -> Vec<String> {
        let f = ReportFields::of(self.sheet.rules());
        let seat = self.tr("term-keep-arg-seat", &[]);
        let file = self.tr("term-keep-arg-file", &[]);
        let points = self.tr("term-keep-arg-points", &[]);
        // What is typed (the same in every language but the placeholders),
        // and what it means.
        let mut terms: Vec<(String, String)> =
            vec![(format!("out {seat}"), self.tr("term-keep-help-out", &[]))];
        if f.both_partners_out {
            terms.push((
                format!("out {seat} {seat}"),
                self.tr("term-keep-help-out-both", &[]),
            ));
        }
        if f.play_points {
            let id = if f.fives {
                "keep-play-points-fives"
            } else {
                "keep-play-points"
            };
            terms.push(("points N N ...".into(), self.tr(id, &[])));
        }
        let flag = |name: &str| self.tr("keep-flag", &[("flag", txt(name))]);
        let note = |name: &str| self.tr("result-note", &[("note", txt(name))]);
        if f.doubles {
            terms.push((
                format!("doubles {seat} ..."),
                self.tr("term-keep-help-doubles", &[]),
            ));
            terms.push(("double".into(), flag("double")));
        }
        if f.key_tile {
            terms.push(("key".into(), flag("key_tile")));
        }
        if f.capicu {
            terms.push(("capicu".into(), note("capicu")));
        }
        if f.chuchazo {
            terms.push(("chuchazo".into(), note("chuchazo")));
        }
        for act in &f.acts {
            // The club acts say the points they cancel; the French acts
            // are counted, one line each time.
            let cancels = matches!(
                act,
                ActKind::OverDraw | ActKind::BoneyardTrip | ActKind::Exposed
            );
            let usage = if cancels {
                format!("act {seat} {} {points}", act.as_str())
            } else {
                format!("act {seat} {}", act.as_str())
            };
            terms.push((usage, self.tr("keep-act", &[("act", txt(act.as_str()))])));
        }
        let example = format!(
            "out 1 counts {}",
            [0, 12, 9, 7, 4, 3, 11, 5, 8]
                .iter()
                .take(f.players as usize)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let commands = [
            ("undo".to_string(), self.tr("term-keep-help-undo", &[])),
            ("sheet".into(), self.tr("term-keep-help-sheet", &[])),
            (format!("csv {file}"), self.tr("term-keep-help-csv", &[])),
            ("help".into(), self.tr("term-keep-help-help", &[])),
            ("quit".into(), self.tr("term-keep-help-quit", &[])),
        ];
        let width = terms
            .iter()
            .chain(&commands)
            .map(|(usage, _)| usage.chars().count())
            .max()
            .unwrap_or(0);
        let row =
            |(usage, what): &(String, String)| format!("  {usage:<width$}  {}", capitalised(what));
        let mut out = vec![self.tr("term-keep-help-hand", &[("count", num(f.players as i64))])];
        let seats: Vec<String> = (0..f.players)
            .map(|s| format!("{} {}", s + 1, self.seat_name(s)))
            .collect();
        out.push(self.tr(
            "term-keep-help-seats",
            &[
                ("players", num(i64::from(f.players))),
                ("seats", txt(seats.join(", "))),
            ],
        ));
        out.extend(terms.iter().map(row));
        out.push(self.tr("term-keep-help-example", &[("example", txt(example))]));
        out.push(self.tr("term-keep-help-commands", &[]));
        out.extend(commands.iter().map(row));
        out.push(self.tr("term-keep-help-json", &[]));
        out
    }
}

/// The page's refusal code for a refused hand or undo, as `domino serve`
/// sends it (the catalogs' `error` has words for each).
fn refusal_code(e: &ReportError) -> &'static str {
    match (e, e.impossible()) {
        (_, Some(Impossible::Counts)) => "impossible_counts",
        (_, Some(Impossible::Points)) => "impossible_points",
        (_, Some(Impossible::Acts)) => "impossible_acts",
        (ReportError::NothingToUndo, None) => "nothing_to_undo",
        (_, None) => "bad_hand",
    }
}

/// `text` with its first letter a capital (the catalogs' notes start low).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn default_name(rules: &domino_engine::Rules, side: usize, lang: Lang) -> String {
    let id = if rules.partners() {
        "keep-team-n"
    } else {
        "keep-player-n"
    };
    lang.tr(id, &[("n", num(side as i64 + 1))])
}

/// Read one typed line of a game of `players`; a mistake is told in
/// `lang`.
fn parse(text: &str, lang: Lang, players: u8) -> Result<Line, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return serde_json::from_str(text)
            .map(Line::Hand)
            .map_err(|e| lang.tr("term-keep-bad-json", &[("error", txt(e.to_string()))]));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["quit" | "exit" | "q"] => Ok(Line::Quit),
        ["help" | "?"] => Ok(Line::Help),
        ["undo"] => Ok(Line::Undo),
        ["sheet" | "show"] => Ok(Line::Show),
        ["csv", path] => Ok(Line::Csv(PathBuf::from(path))),
        ["csv"] => Err(lang.tr("term-keep-csv-file", &[])),
        [] => Err(lang.tr("term-keep-empty", &[])),
        _ => hand(&words, lang, players).map(Line::Hand),
    }
}

/// The numbers following a keyword.
fn numbers<T: std::str::FromStr>(words: &[&str], i: &mut usize) -> Vec<T> {
    let mut out = Vec::new();
    while let Some(n) = words.get(*i).and_then(|w| w.parse().ok()) {
        out.push(n);
        *i += 1;
    }
    out
}

/// Seats typed as the sheet shows them, from 1, as the report's seats
/// (from 0); a seat the game does not have is told with the range.
fn seats(words: &[&str], i: &mut usize, lang: Lang, players: u8) -> Result<Vec<u8>, String> {
    numbers::<u8>(words, i)
        .into_iter()
        .map(|n| match n.checked_sub(1) {
            Some(seat) if seat < players => Ok(seat),
            _ => Err(lang.tr(
                "term-keep-no-seat",
                &[
                    ("seat", num(i64::from(n))),
                    ("players", num(i64::from(players))),
                ],
            )),
        })
        .collect()
}

/// A hand in words: `out 3 counts 12 9 0 7 points 10 0 doubles 2 key`.
fn hand(words: &[&str], lang: Lang, players: u8) -> Result<HandReport, String> {
    let mut r = HandReport::default();
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        i += 1;
        match word {
            "out" => r.dominoed.extend(seats(words, &mut i, lang, players)?),
            "counts" => r.counts.extend(numbers::<u32>(words, &mut i)),
            "points" => r.points.extend(numbers::<i32>(words, &mut i)),
            "doubles" => r.doubles.extend(seats(words, &mut i, lang, players)?),
            "double" => r.double = true,
            "key" => r.key_tile = true,
            "capicu" => r.capicu = true,
            "chuchazo" => r.chuchazo = true,
            "act" => {
                let seat = seats(words, &mut i, lang, players)?;
                let kind = words
                    .get(i)
                    .ok_or_else(|| lang.tr("term-keep-act-form", &[]))?;
                i += 1;
                let act: ActKind =
                    serde_json::from_value(serde_json::Value::from(*kind)).map_err(|_| {
                        lang.tr("term-keep-no-act", &[("kind", txt(format!("{kind:?}")))])
                    })?;
                let points = numbers::<i32>(words, &mut i);
                let [seat] = seat[..] else {
                    return Err(lang.tr("term-keep-act-seat", &[]));
                };
                r.acts.push(domino_engine::TableAct {
                    seat,
                    act,
                    points: points.first().copied().unwrap_or(0),
                });
            }
            other => {
                return Err(lang.tr(
                    "term-keep-unknown-word",
                    &[("word", txt(format!("{other:?}")))],
                ))
            }
        }
    }
    if r.counts.is_empty() {
        return Err(lang.tr("term-keep-no-counts", &[]));
    }
    Ok(r)
}

/// Keep a sheet on these lines in and out until `quit` or the end of the
/// input.
pub fn session(
    keeper: &mut Keeper,
    input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let say = |out: &mut dyn Write, lines: Vec<String>| -> anyhow::Result<()> {
        for l in lines {
            writeln!(out, "{l}")?;
        }
        out.flush()?;
        Ok(())
    };
    say(out, keeper.intro())?;
    for line in input.lines() {
        match keeper.line(&line?)? {
            Some(lines) => say(out, lines)?,
            None => break,
        }
    }
    Ok(())
}

/// `domino keep`: the keeper on stdin and stdout.
pub fn run(args: &KeepArgs) -> anyhow::Result<()> {
    let mut keeper = Keeper::open(args)?;
    session(
        &mut keeper,
        std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keeper(preset: &str, sheet: Option<PathBuf>) -> Keeper {
        keeper_in(preset, sheet, "en")
    }

    fn keeper_in(preset: &str, sheet: Option<PathBuf>, lang: &str) -> Keeper {
        Keeper::open(&KeepArgs {
            preset: preset.into(),
            players: None,
            options: Vec::new(),
            names: None,
            sheet,
            lang: Some(lang.into()),
        })
        .expect("keeper")
    }

    /// A whole session on `input`, as `domino keep` runs it.
    fn session_in(preset: &str, lang: &str, input: &str) -> String {
        let mut k = keeper_in(preset, None, lang);
        let mut out = Vec::new();
        session(&mut k, input.as_bytes(), &mut out).expect("session");
        String::from_utf8(out).expect("utf-8")
    }

    fn say(k: &mut Keeper, line: &str) -> String {
        k.line(line).expect("line").expect("not quit").join("\n")
    }

    #[test]
    fn hands_in_words_are_settled_by_the_engine() {
        let mut k = keeper("jamaican", None);
        let out = say(&mut k, "out 1 counts 0 9 4 12");
        assert!(out.contains("Hand 1: Team 1 (domino)"), "{out}");
        assert!(out.contains("Score: Team 1 1, Team 2 0."), "{out}");
        let out = say(&mut k, r#"{"dominoed": [1], "counts": [5, 0, 4, 12]}"#);
        assert!(out.contains("the scores go back to zero"), "{out}");
        assert_eq!(k.sheet().hands().len(), 2);
    }

    #[test]
    fn an_impossible_hand_is_refused_and_changes_nothing() {
        let mut k = keeper("jamaican", None);
        let out = say(&mut k, "counts 1 1 30 40");
        assert!(out.starts_with("Refused: No deal of the set"), "{out}");
        // The precise reason, with the seats named as on the sheet.
        assert!(
            out.contains("Team 1 (1) and Team 2 (1) cannot hold these counts at once"),
            "{out}"
        );
        assert!(out.ends_with("The sheet is unchanged."), "{out}");
        assert!(k.sheet().hands().is_empty());
        let out = say(&mut k, "out 1 counts 0 9 4 12 capicu");
        assert!(out.contains("capicú does not count in this game"), "{out}");
        let out = say(&mut k, "out zero");
        assert!(out.starts_with("Not understood"), "{out}");
    }

    #[test]
    fn undo_sheet_csv_and_the_file_keep_the_match() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("sheet.json");
        let mut k = keeper("club-fives", Some(path.clone()));
        say(&mut k, "out 1 counts 0 12 points 3 2");
        say(&mut k, "out 2 counts 7 0 points 0 1");
        assert!(say(&mut k, "undo").contains("Took back"));
        // Another session goes on from the file.
        let mut again = keeper("jamaican", Some(path));
        assert_eq!(again.sheet().hands().len(), 1);
        let table = say(&mut again, "sheet");
        assert!(table.contains("Hand 1: Player 1 (domino)"), "{table}");
        let csv = dir.path().join("s.csv");
        say(&mut again, &format!("csv {}", csv.display()));
        let text = std::fs::read_to_string(csv).expect("csv");
        assert!(text.starts_with("hand,winner,ended,"), "{text}");
        assert!(again.line("quit").expect("quit").is_none());
    }

    #[test]
    fn english_help_lists_the_game_s_terms_and_the_commands() {
        let out = session_in("french", "en", "help\nundo\n");
        for want in [
            "Keeping score: French",
            "doubles SEAT ...",
            "act SEAT wrong_play",
            "undo",
            "csv FILE",
            "Refused: There is nothing to undo. The sheet is unchanged.",
        ] {
            assert!(out.contains(want), "no {want:?} in:\n{out}");
        }
    }

    #[test]
    fn spanish_and_french_sessions_are_told_in_their_language() {
        let input = "help\ncounts 1 1 30 40\nout 1 counts 0 9 4 12 capicu\nout zero\nout 1 counts 0 9 4 12\nquit\n";
        let es = session_in("jamaican", "es", input);
        for want in [
            "Llevando la cuenta:",
            "Escribe una mano, o help",
            "Una mano: counts y 4 números",
            "out PUESTO",
            "Quién dominó",
            "Órdenes (se escriben igual en todos los idiomas):",
            "csv ARCHIVO",
            "Deshace la última mano",
            "No se anotó: Ningún reparto deja esas cuentas",
            "La hoja sigue igual.",
            // The precise reasons, in Spanish too.
            "Equipo 1 (1) y Equipo 2 (1) no pueden tener esas cuentas a la vez",
            "el capicú no cuenta en este juego",
            "No se entiende: \"zero\" no forma parte de una mano",
            "Mano 1: Equipo 1 (dominó), puntos 1-0",
            "Tanteo: Equipo 1 1, Equipo 2 0.",
        ] {
            assert!(es.contains(want), "no {want:?} in:\n{es}");
        }
        assert!(!es.contains("no deal leaves"), "{es}");
        assert!(!es.contains("en inglés"), "{es}");
        let fr = session_in("jamaican", "fr", input);
        for want in [
            "Feuille de score :",
            "Une manche : counts et 4 nombres",
            "out PLACE",
            "Qui a fait domino",
            "Commandes (les mêmes mots dans toutes les langues) :",
            "csv FICHIER",
            "Annule la dernière manche",
            "Refusée : Aucune donne ne laisse ces comptes",
            "La feuille n'a pas changé.",
            "Équipe 1 (1) et Équipe 2 (1) ne peuvent pas avoir ces comptes à la fois",
            "le capicú ne compte pas dans ce jeu",
            "Pas compris : \"zero\" ne fait pas partie d'une manche",
            "Manche 1 : Équipe 1 (domino), points 1-0",
            "Score : Équipe 1 1, Équipe 2 0.",
        ] {
            assert!(fr.contains(want), "no {want:?} in:\n{fr}");
        }
        assert!(!fr.contains("no deal leaves"), "{fr}");
        // The commands are the same words in every language.
        for out in [&es, &fr] {
            for command in ["undo", "sheet", "help", "quit"] {
                assert!(out.contains(&format!("  {command} ")), "{command}: {out}");
            }
        }
    }

    #[test]
    fn seats_are_typed_as_shown_from_one_and_the_range_is_told() {
        let mut k = keeper("jamaican", None);
        let help = say(&mut k, "help");
        assert!(
            help.contains("Seats, 1 to 4 around the table: 1 Team 1 (1), 2 Team 2 (1), 3 Team 1 (2), 4 Team 2 (2)"),
            "{help}"
        );
        assert!(help.contains("Example: out 1 counts"), "{help}");
        for typed in ["out 7 counts 0 9 4 12", "out 0 counts 0 9 4 12"] {
            let out = say(&mut k, typed);
            let seat = &typed[4..5];
            assert!(
                out.contains(&format!("there is no seat {seat}: the seats are 1 to 4")),
                "{out}"
            );
        }
        assert!(k.sheet().hands().is_empty());
        // Seat 2 is the second around the table: Team 2's first player.
        let out = say(&mut k, "out 2 counts 9 0 4 12");
        assert!(out.contains("Hand 1: Team 2 (domino)"), "{out}");
    }

    #[test]
    fn the_new_refusals_of_impossible_points_and_zero_counts_are_told() {
        let out = session_in(
            "fives-and-threes",
            "fr",
            "out 1 counts 0 12 points 7 0\nquit\n",
        );
        assert!(
            out.contains("ne peut pas marquer exactement 7 points en jouant"),
            "{out}"
        );
        let out = session_in("all-fives", "es", "out 1 counts 0 12 points 500 0\nquit\n");
        assert!(out.contains("No se anotó"), "{out}");
        assert!(!out.contains("500 points"), "{out}");
        let mut k = keeper("jamaican", None);
        let out = say(&mut k, "counts 0 0 0 0");
        assert!(
            out.contains("cannot all count 0 while holding tiles: only the double blank counts 0"),
            "{out}"
        );
    }

    /// Every refusal the engine gives has the catalogs' words, in each
    /// language: none falls back to its bare kind.
    #[test]
    fn every_refusal_kind_has_words_in_every_language() {
        use domino_engine::ReportError as E;
        let all = [
            E::NoSuchSeat {
                seat: 5,
                players: 4,
            },
            E::NoSuchSide { side: 3, sides: 2 },
            E::CountsLength { players: 4, got: 3 },
            E::PointsLength { sides: 2, got: 3 },
            E::TwoDominoes {
                first: 0,
                second: 1,
            },
            E::Repeated(1),
            E::OutAfterEnd {
                seat: 1,
                first: 0,
                second: 2,
            },
            E::DominoCount { seat: 0, count: 3 },
            E::CountTooHigh {
                count: 200,
                max: 168,
            },
            E::CountsTooHigh {
                total: 200,
                max: 168,
            },
            E::NegativePoints(-1),
            E::NoPlayPoints,
            E::NotFives(7),
            E::NotInGame("capicú"),
            E::NeedsDomino("the key tile"),
            E::CapicuChuchazo,
            E::DominoHoldsDouble(0),
            E::ActNotInGame {
                act: ActKind::OverDraw,
            },
            E::ActPoints {
                act: ActKind::OverDraw,
            },
            E::CancelsTooMuch {
                side: 0,
                cancelled: 5,
                made: 2,
            },
            E::BothReachTarget {
                first: 0,
                second: 1,
            },
            E::SeatCannotHold {
                seat: 0,
                count: 1,
                most: 7,
                double: None,
            },
            E::NoDeal { seats: vec![0, 1] },
            E::LastTileHeld("a double"),
            E::NotPassPoints {
                points: 7,
                unit: 10,
            },
            E::PlayPointsTooHigh {
                side: 0,
                points: 900,
                max: 500,
            },
            E::NoPlaySum { side: 0, points: 7 },
            E::PastTarget {
                side: 0,
                points: 45,
                score: 90,
                target: 100,
                max: 29,
            },
            E::ZeroNotOut { seats: vec![0] },
            E::ZerosHeld { seats: vec![0, 1] },
            E::ActPointsTooHigh {
                act: ActKind::OverDraw,
                points: 50,
                max: 5,
            },
            E::MatchOver,
            E::NothingToUndo,
        ];
        // A new refusal breaks this match until it is listed above.
        for e in &all {
            match e {
                E::NoSuchSeat { .. }
                | E::NoSuchSide { .. }
                | E::CountsLength { .. }
                | E::PointsLength { .. }
                | E::TwoDominoes { .. }
                | E::Repeated(_)
                | E::OutAfterEnd { .. }
                | E::DominoCount { .. }
                | E::CountTooHigh { .. }
                | E::CountsTooHigh { .. }
                | E::NegativePoints(_)
                | E::NoPlayPoints
                | E::NotFives(_)
                | E::NotInGame(_)
                | E::NeedsDomino(_)
                | E::CapicuChuchazo
                | E::DominoHoldsDouble(_)
                | E::ActNotInGame { .. }
                | E::ActPoints { .. }
                | E::CancelsTooMuch { .. }
                | E::BothReachTarget { .. }
                | E::SeatCannotHold { .. }
                | E::NoDeal { .. }
                | E::LastTileHeld(_)
                | E::NotPassPoints { .. }
                | E::PlayPointsTooHigh { .. }
                | E::NoPlaySum { .. }
                | E::PastTarget { .. }
                | E::ZeroNotOut { .. }
                | E::ZerosHeld { .. }
                | E::ActPointsTooHigh { .. }
                | E::MatchOver
                | E::NothingToUndo => {}
            }
        }
        for lang in ["en", "es", "fr"] {
            let k = keeper_in("jamaican", None, lang);
            for e in &all {
                let kind = serde_json::to_value(e).expect("json")["kind"].clone();
                let kind = kind.as_str().unwrap_or_default().to_string();
                let words = reason::reason_words(k.lang, e, &|s| k.seat_name(s), &|s| k.name(s))
                    .expect("words");
                assert_ne!(words, kind, "{lang}: no words for {kind}");
                assert!(!words.contains('_'), "{lang}: {words}");
            }
        }
    }

    /// Mexican Train's lowest total wins; equal lowest totals share the
    /// win, and the keeper names them all, in the keeper's language.
    #[test]
    fn a_trains_match_names_its_winner_or_those_sharing_the_win() {
        let open = |names: &str, lang: &str| {
            Keeper::open(&KeepArgs {
                preset: "mexican-train".into(),
                players: Some(3),
                options: vec!["rounds=2".into()],
                names: Some(names.into()),
                sheet: None,
                lang: Some(lang.into()),
            })
            .expect("keeper")
        };
        let mut k = open("Ana,Bo,Cy", "en");
        say(&mut k, "out 1 counts 0 12 30");
        let out = say(&mut k, "out 2 counts 20 0 4");
        assert!(out.contains("Bo won the match."), "{out}");
        let mut k = open("Ana,Bo,Cy", "en");
        say(&mut k, "out 1 counts 0 12 30");
        let out = say(&mut k, "out 2 counts 12 0 4");
        assert!(
            out.contains("Ana and Bo share the win with the lowest total."),
            "{out}"
        );
        assert!(!out.contains("without a winner"), "{out}");
        let mut k = open("Ana,Bo,Cy", "fr");
        say(&mut k, "out 1 counts 0 12 30");
        let out = say(&mut k, "out 2 counts 12 0 4");
        assert!(out.contains("Ana et Bo se partagent la victoire"), "{out}");
    }
}
