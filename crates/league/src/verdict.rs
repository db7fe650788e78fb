//! The coach's verdicts: how bad a play was, judged from what the player
//! knew (docs/analysis.md, "The coach's verdicts").
//!
//! The solver's cost is hindsight: it sees every tile, so a play that was
//! right with the player's information can still cost points once the
//! hidden tiles are turned over. A play is marked (inaccuracy, mistake,
//! blunder) only by its cost *from the player's view*: how much worse it
//! did, with all tiles known, than the play the expert would have chosen
//! from the same seat. The rest of its hindsight cost is said as such,
//! never as a mistake.

use domino_bots::analysis::{default_blunder, Decision};
use domino_engine::Rules;
use serde::{Deserialize, Serialize};

/// How bad a play was from the player's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The smallest cost from the player's view of each severity, in the
/// values of the game's objective. `inaccuracy` equals `mistake` where the
/// game's scale has nothing between no cost and a mistake (the outcome
/// games, and the games scored one point a hand).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
}

impl Thresholds {
    /// The thresholds for `rules`, from the game's unit (about ten points
    /// to the mover, or one outcome, see [`default_blunder`]): half a unit
    /// is an inaccuracy, a unit a mistake, two units a blunder (in the
    /// outcome games: a tie thrown away is a mistake, a win turned into a
    /// loss a blunder).
    pub fn of(rules: &Rules) -> Thresholds {
        let unit = default_blunder(rules).max(1);
        let half = (unit + 1) / 2;
        Thresholds {
            inaccuracy: if half < unit { half } else { unit },
            mistake: unit,
            blunder: 2 * unit,
        }
    }

    /// The severity of a cost from the player's view.
    pub fn grade(&self, view_cost: i32) -> Option<Severity> {
        if view_cost >= self.blunder {
            Some(Severity::Blunder)
        } else if view_cost >= self.mistake {
            Some(Severity::Mistake)
        } else if view_cost >= self.inaccuracy && view_cost > 0 {
            Some(Severity::Inaccuracy)
        } else {
            None
        }
    }
}

/// What the coach says of one decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The play's cost beyond the expert's choice from the same view,
    /// both valued with all tiles known (0 when the player chose as the
    /// expert would; `None` when either could not be valued).
    pub view_cost: Option<i32>,
    /// The mark the play gets, from the player's view.
    pub severity: Option<Severity>,
    /// The play cost something with all tiles known, enough for a mark,
    /// but not from the player's view: bad luck, not a mistake.
    pub hindsight: bool,
}

/// The verdict on `d` under `t`.
pub fn judge(d: &Decision, t: &Thresholds) -> Verdict {
    let view_cost = match (d.expert, d.cost(), d.expert_cost()) {
        (Some(e), Some(_), _) if e == d.played => Some(0),
        // A play that did better than the expert's choice cost nothing
        // from the player's view.
        (Some(_), Some(c), Some(e)) => Some((c - e).max(0)),
        _ => None,
    };
    let severity = view_cost.and_then(|c| t.grade(c));
    let hindsight =
        severity.is_none() && d.cost().and_then(|c| t.grade(c)).is_some() && view_cost.is_some();
    Verdict {
        view_cost,
        severity,
        hindsight,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domino_engine::{Action, RulesSpec};

    fn rules(preset: &str) -> Rules {
        RulesSpec {
            preset: preset.into(),
            // Two sides in both: two players of draw, two teams of jamaican.
            players: Some(if preset == "jamaican" { 4 } else { 2 }),
            options: Default::default(),
        }
        .resolve()
        .expect("rules")
    }

    fn play(tile: &str) -> Action {
        serde_json::from_value(serde_json::json!({"type": "play", "tile": tile, "end": 0}))
            .expect("action")
    }

    /// A decision where `played` and `expert` are valued as given, the best
    /// being worth `best`.
    fn decision(played: (&str, i32), expert: (&str, i32), best: i32) -> Decision {
        let mut valued = vec![(play(played.0), played.1), (play(expert.0), expert.1)];
        valued.push((play("6-6"), best));
        valued.dedup_by(|a, b| a.0 == b.0);
        Decision {
            index: 0,
            seat: 0,
            side: 0,
            played: play(played.0),
            legal: valued.iter().map(|(a, _)| *a).collect(),
            values: Some(valued.iter().map(|(_, v)| *v).collect()),
            expert: Some(play(expert.0)),
            usual: None,
            drawable: false,
        }
    }

    #[test]
    fn thresholds_per_game_are_half_one_and_two_units() {
        // About ten points to the mover in draw; a tie thrown away or a win
        // lost in jamaican; one point a hand where the hand scores one.
        let draw = Thresholds::of(&rules("draw"));
        assert_eq!((draw.inaccuracy, draw.mistake, draw.blunder), (5, 10, 20));
        let jam = Thresholds::of(&rules("jamaican"));
        assert_eq!((jam.inaccuracy, jam.mistake, jam.blunder), (1, 1, 2));
        assert_eq!(jam.grade(0), None);
        assert_eq!(jam.grade(1), Some(Severity::Mistake));
        assert_eq!(jam.grade(2), Some(Severity::Blunder));
        assert_eq!(draw.grade(4), None);
        assert_eq!(draw.grade(5), Some(Severity::Inaccuracy));
        assert_eq!(draw.grade(19), Some(Severity::Mistake));
    }

    #[test]
    fn a_costly_play_the_expert_would_also_have_made_is_hindsight_not_a_blunder() {
        let t = Thresholds::of(&rules("draw"));
        // Played as the expert would from the seat's view; 30 worse than
        // perfect play with every tile known.
        let d = decision(("5-4", -10), ("5-4", -10), 20);
        assert_eq!(d.cost(), Some(30));
        let v = judge(&d, &t);
        assert_eq!(v.view_cost, Some(0));
        assert_eq!(v.severity, None);
        assert!(v.hindsight);
    }

    #[test]
    fn a_play_worse_than_the_experts_choice_is_graded_by_the_difference() {
        let t = Thresholds::of(&rules("draw"));
        // 30 worse than perfect, the expert's choice 18 worse: 12 from the view.
        let d = decision(("5-4", -10), ("3-2", 2), 20);
        let v = judge(&d, &t);
        assert_eq!(v.view_cost, Some(12));
        assert_eq!(v.severity, Some(Severity::Mistake));
        assert!(!v.hindsight);
        // 25 beyond the expert's choice: a blunder.
        let d = decision(("5-4", -10), ("3-2", 15), 20);
        assert_eq!(judge(&d, &t).severity, Some(Severity::Blunder));
        // Better than the expert's choice: nothing from the view.
        let d = decision(("5-4", 10), ("3-2", 0), 20);
        assert_eq!(judge(&d, &t).view_cost, Some(0));
    }
}
