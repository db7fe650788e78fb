//! The scorekeeper's sheet for a match played with real tiles: the hands
//! as the table reports them ([`HandReport`]), each settled by the same
//! match scoring the engine plays with ([`Tally`]), and the match score
//! after each.

use serde::Serialize;

use crate::deal::MAX_PLAYERS;
use crate::event::SkunkReport;
use crate::report::{HandReport, ReportError, ReportFields};
use crate::result::{HandResult, Side};
use crate::rules::{Rules, RulesSpec};
use crate::tally::Tally;
use crate::text::csv_field;

/// One hand on the sheet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SheetHand {
    /// 1 for the first hand.
    pub number: u32,
    /// What the table reported.
    pub report: HandReport,
    /// The hand as the rules settle it (the protocol's `result`).
    pub result: HandResult,
    /// The match score after the hand, by side.
    pub scores: Vec<i32>,
    /// Six-love games: what the next hand is worth.
    pub stake: i32,
    /// Six-love games: the next hand is a play-off.
    pub playoff: bool,
}

/// A scorekeeper's sheet.
#[derive(Clone, Debug)]
pub struct Sheet {
    rules: Rules,
    tally: Tally,
    hands: Vec<SheetHand>,
}

/// The sheet as JSON: the rules, the hands and where the match stands.
#[derive(Serialize)]
struct SheetJson<'a> {
    rules: RulesSpec,
    /// What a hand report of this game holds (for forms).
    fields: ReportFields,
    /// Six-love games: the hands to win; else the target, and whether the
    /// lowest total wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    love_goal: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<i32>,
    low_wins: bool,
    hands: &'a [SheetHand],
    scores: &'a [i32],
    stake: i32,
    playoff: bool,
    over: bool,
    winner: Option<Side>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skunk: Option<SkunkReport>,
}

impl Sheet {
    /// An empty sheet for a match under `rules`.
    pub fn new(rules: Rules) -> Sheet {
        Sheet {
            rules,
            tally: Tally::new(),
            hands: Vec::new(),
        }
    }

    /// A sheet with these hands entered in order; on a refused report, its
    /// index and why.
    pub fn from_reports(
        rules: Rules,
        reports: impl IntoIterator<Item = HandReport>,
    ) -> Result<Sheet, (usize, ReportError)> {
        let mut sheet = Sheet::new(rules);
        for (i, r) in reports.into_iter().enumerate() {
            sheet.enter(r).map_err(|e| (i, e))?;
        }
        Ok(sheet)
    }

    /// A sheet of hands accepted when they were entered (a stored sheet),
    /// without asking again whether a deal could produce them: a looser
    /// check of an older version may have let one through, and the sheet
    /// must still open. A new hand is checked in full.
    pub fn from_entered(
        rules: Rules,
        reports: impl IntoIterator<Item = HandReport>,
    ) -> Result<Sheet, (usize, ReportError)> {
        let mut sheet = Sheet::new(rules);
        for (i, r) in reports.into_iter().enumerate() {
            sheet.enter_as(r, false).map_err(|e| (i, e))?;
        }
        Ok(sheet)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The hands entered, oldest first.
    pub fn hands(&self) -> &[SheetHand] {
        &self.hands
    }

    /// The reports entered, oldest first.
    pub fn reports(&self) -> impl Iterator<Item = &HandReport> {
        self.hands.iter().map(|h| &h.report)
    }

    /// The match score by side.
    pub fn scores(&self) -> &[i32] {
        &self.tally.all_scores()[..self.rules.sides()]
    }

    /// The match score and stake.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.tally.winner().is_some()
    }

    /// Enter the next hand: checked against the rules, then settled. On
    /// error the sheet is unchanged.
    pub fn enter(&mut self, report: HandReport) -> Result<&SheetHand, ReportError> {
        self.enter_as(report, true)
    }

    fn enter_as(&mut self, report: HandReport, new: bool) -> Result<&SheetHand, ReportError> {
        if self.is_over() {
            return Err(ReportError::MatchOver);
        }
        let summary = if new {
            report.check(&self.rules, self.scores())?
        } else {
            report.check_entered(&self.rules, self.scores())?
        };
        let number = self.hands.len() as u32 + 1;
        // As the engine does: points made during play move into the score
        // first (a target may be reached then), the rest when settled.
        let mut live = [0i32; MAX_PLAYERS];
        if self.rules.live_scoring() {
            live = summary.play_points(&self.rules);
            self.tally.credit(self.rules.sides(), &live);
        }
        let counts = summary.counts;
        let result = match self
            .tally
            .reached_target_in_play(&self.rules, || counts, &live)
        {
            Some(result) => result,
            None => self.tally.finish(&self.rules, &summary, number, &live),
        };
        self.hands.push(SheetHand {
            number,
            report,
            result,
            scores: self.scores().to_vec(),
            stake: self.tally.stake(),
            playoff: self.tally.in_playoff(),
        });
        let last = self.hands.len() - 1;
        Ok(&self.hands[last])
    }

    /// Take back the last hand entered, returning its report.
    pub fn undo(&mut self) -> Result<HandReport, ReportError> {
        let mut reports: Vec<HandReport> = self.reports().cloned().collect();
        let last = reports.pop().ok_or(ReportError::NothingToUndo)?;
        // Replaying the earlier hands rebuilds every stake and play-off
        // exactly; they were accepted once, so they are accepted again.
        let rebuilt = Sheet::from_entered(self.rules, reports).map_err(|(_, e)| e)?;
        *self = rebuilt;
        Ok(last)
    }

    /// The sheet as CSV, `names` by side: a row per hand (its winner, how
    /// it ended, the points each side made in it, the match score after
    /// it and the notes), then the match result: its winner, or the sides
    /// sharing the win.
    pub fn to_csv(&self, names: &[String]) -> String {
        let sides = self.rules.sides();
        let name = |side: usize| names.get(side).cloned().unwrap_or_default();
        let mut head = vec!["hand".to_string(), "winner".into(), "ended".into()];
        head.extend((0..sides).map(|s| format!("{} points", name(s))));
        head.extend((0..sides).map(|s| format!("{} score", name(s))));
        head.push("notes".into());
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            let row: Vec<String> = cells.iter().map(|c| csv_field(c)).collect();
            out.push_str(&row.join(","));
            out.push_str("\r\n");
        };
        line(&mut out, &head);
        for h in &self.hands {
            let r = &h.result;
            let mut cells = vec![
                h.number.to_string(),
                r.winner.map_or_else(|| "tie".into(), |w| name(w.side)),
                serde_json::to_value(r.reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            ];
            cells.extend((0..sides).map(|s| r.points.get(s).copied().unwrap_or(0).to_string()));
            cells.extend(h.scores.iter().map(|s| s.to_string()));
            cells.push(
                r.notes
                    .iter()
                    .map(|n| n.name())
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            line(&mut out, &cells);
        }
        if self.tally.winner().is_some() {
            // Each winner in a cell of its own: the trains family's equal
            // lowest totals share the win.
            let mut cells = vec!["match".to_string()];
            cells.extend(self.winners().into_iter().map(name));
            line(&mut out, &cells);
        }
        out
    }

    /// The sides that won the match once it is over: its winner, or the
    /// sides sharing the lowest total in the trains family (the tally has
    /// no single winner then). Empty while it goes on.
    pub fn winners(&self) -> Vec<usize> {
        match self.tally.winner() {
            None => Vec::new(),
            Some(w) => match w.side() {
                Some(side) => vec![side],
                None => self.best_sides(),
            },
        }
    }

    /// The sides holding the best total (the lowest where the lowest wins).
    fn best_sides(&self) -> Vec<usize> {
        let scores = self.scores();
        let best = if self.rules.low_score_wins() {
            scores.iter().min()
        } else {
            scores.iter().max()
        };
        (0..scores.len())
            .filter(|&s| Some(&scores[s]) == best)
            .collect()
    }

    /// The sheet as JSON: `rules`, `hands` (each with its `report`,
    /// `result` and the `scores` after it), `scores`, `stake`, `playoff`,
    /// `over`, `winner` and `skunk`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(SheetJson {
            rules: self.rules.spec(),
            fields: ReportFields::of(&self.rules),
            love_goal: self.rules.is_six_love().then(|| self.rules.love_goal()),
            target: (!self.rules.is_six_love()).then_some(self.rules.target()),
            low_wins: self.rules.low_score_wins(),
            hands: &self.hands,
            scores: self.scores(),
            stake: self.tally.stake(),
            playoff: self.tally.in_playoff(),
            over: self.is_over(),
            winner: self
                .tally
                .winner()
                .and_then(|w| w.side())
                .map(|side| Side { side }),
            skunk: self.tally.skunk(),
        })
        .unwrap_or(serde_json::Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::Note;

    fn domino(seat: u8) -> HandReport {
        let mut counts = vec![5; 4];
        counts[seat as usize] = 0;
        HandReport {
            dominoed: vec![seat],
            counts,
            ..HandReport::default()
        }
    }

    #[test]
    fn a_love_count_resets_and_wins_six_love() {
        let mut sheet = Sheet::new(Rules::of_preset("jamaican").expect("preset"));
        sheet.enter(domino(0)).expect("hand 1");
        assert_eq!(sheet.scores(), &[1, 0]);
        // The other side wins while it has none and we have some: reset.
        let h = sheet.enter(domino(1)).expect("hand 2");
        assert!(h.result.notes.contains(Note::Reset));
        assert_eq!(sheet.scores(), &[0, 0]);
        for _ in 0..6 {
            sheet.enter(domino(2)).expect("a win");
        }
        assert!(sheet.is_over());
        assert_eq!(sheet.tally().winner().and_then(|w| w.side()), Some(0));
        assert_eq!(sheet.enter(domino(0)).unwrap_err(), ReportError::MatchOver);
    }

    #[test]
    fn undo_takes_back_exactly_the_last_hand() {
        let mut sheet = Sheet::new(Rules::of_preset("jamaican").expect("preset"));
        assert_eq!(sheet.undo().unwrap_err(), ReportError::NothingToUndo);
        sheet.enter(domino(0)).expect("hand 1");
        sheet.enter(domino(1)).expect("hand 2");
        assert_eq!(sheet.undo().expect("undo"), domino(1));
        assert_eq!(sheet.scores(), &[1, 0]);
        assert_eq!(sheet.hands().len(), 1);
    }

    #[test]
    fn a_refused_hand_changes_nothing() {
        let mut sheet = Sheet::new(Rules::of_preset("jamaican").expect("preset"));
        sheet.enter(domino(0)).expect("hand 1");
        let before = sheet.to_json();
        let mut bad = domino(1);
        bad.dominoed.push(3);
        assert!(sheet.enter(bad).is_err());
        assert_eq!(sheet.to_json(), before);
    }

    #[test]
    fn a_hand_entered_before_the_deal_check_still_opens() {
        let rules = Rules::of_preset("jamaican").expect("preset");
        let old = HandReport {
            counts: vec![1, 1, 30, 40],
            ..HandReport::default()
        };
        assert!(Sheet::from_reports(rules, [old.clone()]).is_err());
        let mut sheet = Sheet::from_entered(rules, [old.clone(), domino(0)]).expect("opens");
        assert_eq!(sheet.undo().expect("undo"), domino(0));
        assert_eq!(sheet.reports().collect::<Vec<_>>(), [&old]);
        assert!(sheet.enter(old).is_err(), "a new hand is checked in full");
    }

    #[test]
    fn the_skunk_line_is_half_the_target() {
        let rules = RulesSpec {
            options: serde_json::json!({"target": 121})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            ..RulesSpec::preset("club-fives")
        }
        .resolve()
        .expect("rules");
        assert_eq!(rules.skunk_below(), 61);
        let hand = |points: [i32; 2]| HandReport {
            dominoed: vec![0],
            counts: vec![0, 10],
            points: points.to_vec(),
            ..HandReport::default()
        };
        let mut sheet = Sheet::new(rules);
        sheet.enter(hand([60, 40])).expect("hand 1");
        let last = sheet.enter(hand([60, 0])).expect("hand 2");
        // 40 is above the 31 of a 61 game, below the 61 of a 121 game.
        assert!(last.result.notes.contains(Note::Skunk), "{:?}", last.result);
        assert!(sheet.is_over());
    }

    #[test]
    fn equal_lowest_totals_share_a_trains_match() {
        let rules = RulesSpec {
            players: Some(3),
            options: serde_json::json!({"rounds": 2})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            ..RulesSpec::preset("chicken-foot")
        }
        .resolve()
        .expect("rules");
        let out = |seat: usize, counts: [u32; 3]| HandReport {
            dominoed: vec![seat as u8],
            counts: counts.to_vec(),
            ..HandReport::default()
        };
        let mut sheet = Sheet::new(rules);
        sheet.enter(out(1, [12, 0, 8])).expect("hand 1");
        assert!(!sheet.is_over());
        sheet.enter(out(0, [0, 20, 4])).expect("hand 2");
        assert_eq!(sheet.scores(), &[12, 20, 12]);
        assert!(sheet.is_over());
        assert_eq!(sheet.to_json()["winner"], serde_json::Value::Null);
        let names = ["Ann".to_string(), "Bo".into(), "Cy".into()];
        let csv = sheet.to_csv(&names);
        assert_eq!(csv.lines().last(), Some("match,Ann,Cy"), "{csv}");
    }

    #[test]
    fn the_json_says_what_a_form_asks() {
        let sheet = Sheet::new(Rules::of_preset("puerto-rican").expect("preset"));
        let j = sheet.to_json();
        assert_eq!(j["fields"]["capicu"], true);
        assert_eq!(j["fields"]["doubles"], false);
        assert!(j["target"].is_i64());
        assert_eq!(j["over"], false);
    }
}
