//! `domino keep`: the scorekeeper in the terminal, for a table with real
//! tiles and no network. One line per hand, in the game's own terms; each
//! is checked and settled by the engine's [`Sheet`], the call `domino
//! serve`'s sheets and the protocol's `settle` make. The sheet is written
//! to its file after every change, so a keeper can stop and go on later.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use domino_engine::{ActKind, HandReport, ReportFields, RulesSpec, Sheet};
use serde::{Deserialize, Serialize};

use crate::lang::Lang;

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
        if let Some(path) = args.sheet.as_deref().filter(|p| p.exists()) {
            return Keeper::load(path);
        }
        let spec = RulesSpec {
            preset: args.preset.clone(),
            players: args.players,
            options: crate::parse_options(&args.options, Lang::En)?,
        };
        let rules = spec.resolve().map_err(|e| crate::Usage(e.to_string()))?;
        let sides = rules.sides();
        let names: Vec<String> = match &args.names {
            Some(list) => list.split(',').map(|n| n.trim().to_string()).collect(),
            None => (0..sides).map(|s| default_name(&rules, s)).collect(),
        };
        if names.len() != sides {
            return Err(crate::Usage(format!(
                "give {sides} names (one per {}), not {}",
                if rules.partners { "team" } else { "player" },
                names.len()
            ))
            .into());
        }
        Ok(Keeper {
            sheet: Sheet::new(rules),
            names,
            path: args.sheet.clone(),
        })
    }

    fn load(path: &Path) -> anyhow::Result<Keeper> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let saved: Saved = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a domino keep sheet", path.display()))?;
        let rules = saved
            .rules
            .resolve()
            .with_context(|| format!("the rules of {}", path.display()))?;
        // Hands accepted once open again, though a stricter check came since.
        let sheet = Sheet::from_entered(rules, saved.reports).map_err(|(i, e)| {
            anyhow::anyhow!("{}: hand {} is refused: {e}", path.display(), i + 1)
        })?;
        Ok(Keeper {
            sheet,
            names: saved.names,
            path: Some(path.to_path_buf()),
        })
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
        std::fs::write(&tmp, serde_json::to_string_pretty(&saved)?)
            .with_context(|| format!("writing {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
    }

    /// The lines that open a session: the game, the sheet so far, help.
    pub fn intro(&self) -> Vec<String> {
        let mut out = vec![format!(
            "Keeping score: {} for {}.",
            self.sheet.rules().preset.title(),
            self.names.join(", ")
        )];
        if !self.sheet.hands().is_empty() {
            out.extend(self.table());
        }
        out.push("Type a hand, or help.".into());
        out
    }

    /// Answer one line typed by the keeper; `None` to stop.
    pub fn line(&mut self, text: &str) -> anyhow::Result<Option<Vec<String>>> {
        let line = match parse(text) {
            Ok(line) => line,
            Err(e) => return Ok(Some(vec![format!("Not understood: {e}. Type help.")])),
        };
        Ok(Some(match line {
            Line::Quit => return Ok(None),
            Line::Help => self.help(),
            Line::Show => self.table(),
            Line::Csv(path) => {
                std::fs::write(&path, self.sheet.to_csv(&self.names))
                    .with_context(|| format!("writing {}", path.display()))?;
                vec![format!("Wrote {}.", path.display())]
            }
            Line::Undo => match self.sheet.undo() {
                Ok(_) => {
                    self.save()?;
                    let mut out = vec!["Took back the last hand.".to_string()];
                    out.push(self.score_line());
                    out
                }
                Err(e) => vec![format!("Refused: {e}.")],
            },
            Line::Hand(report) => match self.sheet.enter(report) {
                Ok(_) => {
                    self.save()?;
                    self.last_lines()
                }
                Err(e) => vec![format!("Refused: {e}. The sheet is unchanged.")],
            },
        }))
    }

    fn name(&self, side: usize) -> String {
        self.names.get(side).cloned().unwrap_or_default()
    }

    fn score_line(&self) -> String {
        let scores: Vec<String> = (0..self.names.len())
            .map(|s| format!("{} {}", self.name(s), self.sheet.scores()[s]))
            .collect();
        format!("Score: {}.", scores.join(", "))
    }

    /// What the hand just entered did, and the match after it.
    fn last_lines(&self) -> Vec<String> {
        let Some(h) = self.sheet.hands().last() else {
            return Vec::new();
        };
        let mut out = vec![self.hand_line(h)];
        out.push(self.score_line());
        if let Some(w) = self.sheet.tally().winner() {
            out.push(match w.side() {
                Some(side) => format!("The match is over: {} wins.", self.name(side)),
                None => "The match is over: nobody wins.".into(),
            });
        }
        out
    }

    fn hand_line(&self, h: &domino_engine::SheetHand) -> String {
        let r = &h.result;
        let who = r
            .winner
            .map_or_else(|| "a tie".to_string(), |w| self.name(w.side));
        let how = serde_json::to_value(r.reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let points: Vec<String> = (0..self.names.len())
            .map(|s| r.points.get(s).copied().unwrap_or(0).to_string())
            .collect();
        let notes: Vec<&str> = r.notes.iter().map(|n| n.name()).collect();
        let mut line = format!(
            "Hand {}: {who} ({how}), points {}",
            h.number,
            points.join("-")
        );
        if !notes.is_empty() {
            line.push_str(&format!(", {}", notes.join(" ")));
        }
        line.push('.');
        line
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
            out.push("No hand yet.".into());
        }
        out.push(self.score_line());
        out
    }

    /// How to enter a hand of this game.
    fn help(&self) -> Vec<String> {
        let f = ReportFields::of(self.sheet.rules());
        let mut out = vec![
            format!(
                "A hand: counts and {} numbers (pips left by seat, from 0), then what happened:",
                f.players
            ),
            "  out SEAT         who went out (leave it out for a blocked hand)".into(),
        ];
        if f.both_partners_out {
            out.push("  out SEAT SEAT    both partners, in the order they went out".into());
        }
        if f.play_points {
            out.push(format!(
                "  points N N ...   points each {} made during play",
                if f.partners { "team" } else { "player" }
            ));
        }
        if f.doubles {
            out.push("  doubles SEAT ... the seats still holding a double".into());
            out.push("  double           the last tile was a double".into());
        }
        if f.key_tile {
            out.push("  key              the last tile was the key tile".into());
        }
        if f.capicu {
            out.push("  capicu / chuchazo".into());
        }
        for act in &f.acts {
            out.push(format!("  act SEAT {} [POINTS]", act_name(*act)));
        }
        out.push("Example: out 2 counts 12 9 0 7".into());
        out.push("Also: undo, sheet, csv FILE, quit (a JSON hand report works too).".into());
        out
    }
}

fn default_name(rules: &domino_engine::Rules, side: usize) -> String {
    if rules.partners {
        format!("Team {}", side + 1)
    } else {
        format!("Player {}", side + 1)
    }
}

fn act_name(act: ActKind) -> String {
    serde_json::to_value(act)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Read one typed line.
fn parse(text: &str) -> Result<Line, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return serde_json::from_str(text)
            .map(Line::Hand)
            .map_err(|e| format!("that JSON is not a hand report ({e})"));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["quit" | "exit" | "q"] => Ok(Line::Quit),
        ["help" | "?"] => Ok(Line::Help),
        ["undo"] => Ok(Line::Undo),
        ["sheet" | "show"] => Ok(Line::Show),
        ["csv", path] => Ok(Line::Csv(PathBuf::from(path))),
        ["csv"] => Err("csv needs a file name".into()),
        [] => Err("an empty line".into()),
        _ => hand(&words).map(Line::Hand),
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

/// A hand in words: `out 2 counts 12 9 0 7 points 10 0 doubles 1 key`.
fn hand(words: &[&str]) -> Result<HandReport, String> {
    let mut r = HandReport::default();
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        i += 1;
        match word {
            "out" => r.dominoed.extend(numbers::<u8>(words, &mut i)),
            "counts" => r.counts.extend(numbers::<u32>(words, &mut i)),
            "points" => r.points.extend(numbers::<i32>(words, &mut i)),
            "doubles" => r.doubles.extend(numbers::<u8>(words, &mut i)),
            "double" => r.double = true,
            "key" => r.key_tile = true,
            "capicu" => r.capicu = true,
            "chuchazo" => r.chuchazo = true,
            "act" => {
                let seat = numbers::<u8>(words, &mut i);
                let kind = words.get(i).ok_or("act needs a seat and a kind")?;
                i += 1;
                let act: ActKind = serde_json::from_value(serde_json::Value::from(*kind))
                    .map_err(|_| format!("there is no act {kind:?}"))?;
                let points = numbers::<i32>(words, &mut i);
                let [seat] = seat[..] else {
                    return Err("act needs one seat".into());
                };
                r.acts.push(domino_engine::TableAct {
                    seat,
                    act,
                    points: points.first().copied().unwrap_or(0),
                });
            }
            other => return Err(format!("{other:?} is not part of a hand")),
        }
    }
    if r.counts.is_empty() {
        return Err("a hand needs its counts (counts N N ...)".into());
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
        Keeper::open(&KeepArgs {
            preset: preset.into(),
            players: None,
            options: Vec::new(),
            names: None,
            sheet,
        })
        .expect("keeper")
    }

    fn say(k: &mut Keeper, line: &str) -> String {
        k.line(line).expect("line").expect("not quit").join("\n")
    }

    #[test]
    fn hands_in_words_are_settled_by_the_engine() {
        let mut k = keeper("jamaican", None);
        let out = say(&mut k, "out 0 counts 0 9 4 12");
        assert!(out.contains("Hand 1: Team 1 (domino)"), "{out}");
        assert!(out.contains("Score: Team 1 1, Team 2 0."), "{out}");
        let out = say(&mut k, r#"{"dominoed": [1], "counts": [5, 0, 4, 12]}"#);
        assert!(out.contains("reset"), "{out}");
        assert_eq!(k.sheet().hands().len(), 2);
    }

    #[test]
    fn an_impossible_hand_is_refused_and_changes_nothing() {
        let mut k = keeper("jamaican", None);
        let out = say(&mut k, "counts 1 1 30 40");
        assert!(
            out.starts_with("Refused: no deal leaves seats 0 and 1"),
            "{out}"
        );
        assert!(k.sheet().hands().is_empty());
        let out = say(&mut k, "out 0 counts 0 9 4 12 capicu");
        assert!(out.contains("capicú is not scored"), "{out}");
        let out = say(&mut k, "out zero");
        assert!(out.starts_with("Not understood"), "{out}");
    }

    #[test]
    fn undo_sheet_csv_and_the_file_keep_the_match() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("sheet.json");
        let mut k = keeper("club-fives", Some(path.clone()));
        say(&mut k, "out 0 counts 0 12 points 3 2");
        say(&mut k, "out 1 counts 7 0 points 0 1");
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
}
