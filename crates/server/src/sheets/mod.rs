//! The scorekeeper for matches played with real tiles (docs/keep.md), the
//! feature's room. The service [`Sheets`] holds its rules once: who may
//! change a sheet (its editing secret), how many hands one holds, how many
//! one address may start; every hand goes through the engine's check and
//! match scoring (`domino_engine::Sheet`), so a refused hand changes
//! nothing. `api.rs` is the HTTP adapters.

pub mod api;

use std::net::IpAddr;

use domino_engine::{HandReport, Impossible, Rules, Sheet};
use domino_protocol::keep::{NewSheet, SheetView};
use domino_protocol::refusal::{Code, Refusal};
use domino_store::sheets::SheetRow;

use crate::clock::now_ms;
use crate::fault::{failed, fault};
use crate::quota::{Made, Quota};
use crate::table::{random_id, token_hash};

pub use api::routes;

/// The most hands one sheet holds (a real match has a few dozen).
pub const MAX_HANDS: usize = 500;

/// The score sheets' service: the store's sheets, and the creation
/// limits.
#[derive(Clone, Debug)]
pub struct Sheets {
    sheets: domino_store::Sheets,
    quota: Quota,
}

/// A refused request about a sheet, with what exactly was refused when the
/// engine can say it as facts (a hand no deal could produce): the page
/// words those in its own language.
#[derive(Debug)]
pub struct Refused {
    pub refusal: Refusal,
    pub reason: Option<serde_json::Value>,
}

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused {
            refusal,
            reason: None,
        }
    }
}

/// A sheet as CSV, with the name it is downloaded under.
#[derive(Debug)]
pub struct Csv {
    pub filename: String,
    pub text: String,
}

/// A stored sheet, rebuilt by the engine.
struct Loaded {
    row: SheetRow,
    names: Vec<String>,
    sheet: Sheet,
}

impl Loaded {
    fn view(&self) -> SheetView {
        SheetView {
            sheet: self.sheet.to_json(),
            created_at: self.row.created_at,
            id: self.row.id.clone(),
            names: self.names.clone(),
            secret: None,
            updated_at: self.row.updated_at,
            version: self.row.version(),
        }
    }
}

fn no_sheet() -> Refusal {
    Refusal::new(Code::NoSheet, "no score sheet with that id")
}

/// A stored column that does not read back: the server's fault, logged.
fn unreadable(e: impl std::fmt::Display) -> Refusal {
    fault("a stored score sheet", Code::Internal, e)
}

impl Sheets {
    pub fn new(sheets: domino_store::Sheets, quota: Quota) -> Sheets {
        Sheets { sheets, quota }
    }

    /// A new sheet for `new`'s rules and names, counted against `ip`'s
    /// creations; its view carries the editing secret, shown this once.
    pub async fn create(&self, new: NewSheet, ip: IpAddr) -> Result<SheetView, Refusal> {
        let rules = new
            .rules
            .resolve()
            .map_err(|e| Refusal::new(Code::BadRules, e.to_string()))?;
        let names = side_names(&rules, &new.names)?;
        self.quota.take(ip, Made::Sheet)?;
        let secret = random_id(24);
        let at = now_ms();
        let row = SheetRow {
            id: random_id(12),
            secret_hash: token_hash(&secret),
            created_at: at,
            updated_at: at,
            rules: rules.spec(),
            names: serde_json::to_string(&names).map_err(unreadable)?,
            hands: 0,
            reports: "[]".into(),
        };
        self.sheets
            .create_sheet(&row)
            .await
            .map_err(failed("creating a score sheet"))?;
        let loaded = Loaded {
            sheet: Sheet::new(rules),
            names,
            row,
        };
        let mut view = loaded.view();
        view.secret = Some(secret);
        Ok(view)
    }

    /// The sheet as the engine settles it.
    pub async fn show(&self, id: &str) -> Result<SheetView, Refusal> {
        Ok(self.load(id).await?.view())
    }

    /// The sheet's version alone: it changes with every hand entered or
    /// taken back.
    pub async fn version(&self, id: &str) -> Result<String, Refusal> {
        self.sheets
            .sheet_version(id)
            .await
            .map_err(failed("reading a score sheet"))?
            .ok_or_else(no_sheet)
    }

    /// Enter the next hand, by the keeper of `secret`. The secret is
    /// checked before the hand is read (the request's body: none, or one
    /// that did not parse, refused), so a stranger learns nothing from how
    /// a hand is refused.
    pub async fn enter(
        &self,
        id: &str,
        secret: &str,
        report: Result<Option<HandReport>, Refusal>,
    ) -> Result<SheetView, Refused> {
        let mut l = self.load(id).await?;
        check_secret(&l.row, secret)?;
        let Some(report) = report? else {
            return Err(Refusal::new(
                Code::BadHand,
                "send the hand as JSON: {\"dominoed\": [seat], \"counts\": [...], ...}",
            )
            .into());
        };
        if l.sheet.hands().len() >= MAX_HANDS {
            return Err(Refusal::new(
                Code::Full,
                format!("a sheet holds at most {MAX_HANDS} hands: start a new one"),
            )
            .into());
        }
        let was = l.row.hands;
        if let Err(e) = l.sheet.enter(report) {
            let code = match e.impossible() {
                Some(Impossible::Counts) => Code::ImpossibleCounts,
                Some(Impossible::Points) => Code::ImpossiblePoints,
                Some(Impossible::Acts) => Code::ImpossibleActs,
                None => Code::BadHand,
            };
            return Err(Refused {
                refusal: Refusal::new(code, e.to_string()),
                reason: serde_json::to_value(&e).ok(),
            });
        }
        Ok(self.save(l, was).await?)
    }

    /// Take the last hand back, by the keeper of `secret`.
    pub async fn undo(&self, id: &str, secret: &str) -> Result<SheetView, Refusal> {
        let mut l = self.load(id).await?;
        check_secret(&l.row, secret)?;
        let was = l.row.hands;
        l.sheet
            .undo()
            .map_err(|e| Refusal::new(Code::NothingToUndo, e.to_string()))?;
        self.save(l, was).await
    }

    /// The sheet as CSV (the engine's, shared with `domino keep`).
    pub async fn csv(&self, id: &str) -> Result<Csv, Refusal> {
        let l = self.load(id).await?;
        Ok(Csv {
            filename: format!("sheet-{}.csv", l.row.id),
            text: l.sheet.to_csv(&l.names),
        })
    }

    /// Whether a sheet exists, for the page at `/k/{id}`.
    pub async fn exists(&self, id: &str) -> Result<bool, Refusal> {
        Ok(self
            .sheets
            .sheet(id)
            .await
            .map_err(failed("reading a score sheet"))?
            .is_some())
    }

    /// A stored sheet; one whose stored columns do not read back (or no
    /// longer settle) is the server's fault.
    async fn load(&self, id: &str) -> Result<Loaded, Refusal> {
        let row = self
            .sheets
            .sheet(id)
            .await
            .map_err(failed("reading a score sheet"))?
            .ok_or_else(no_sheet)?;
        let rules = row.rules.resolve().map_err(unreadable)?;
        let names: Vec<String> = serde_json::from_str(&row.names).map_err(unreadable)?;
        let reports: Vec<HandReport> = serde_json::from_str(&row.reports).map_err(unreadable)?;
        // Hands accepted once open again, though a stricter check came since.
        let sheet = Sheet::from_entered(rules, reports).map_err(|(i, e)| {
            unreadable(format!("stored hand {} no longer settles: {e}", i + 1))
        })?;
        Ok(Loaded { row, names, sheet })
    }

    /// Store `l`'s hands (it held `was` before the change) and answer the
    /// sheet; refused when another edit came between.
    async fn save(&self, mut l: Loaded, was: i64) -> Result<SheetView, Refusal> {
        let reports: Vec<&HandReport> = l.sheet.reports().collect();
        let at = now_ms();
        let hands = reports.len() as i64;
        let text = serde_json::to_string(&reports).map_err(unreadable)?;
        let saved = self
            .sheets
            .set_sheet_hands(&l.row.id, was, hands, &text, at)
            .await
            .map_err(failed("saving a score sheet"))?;
        if !saved {
            return Err(Refusal::new(
                Code::Changed,
                "the sheet changed meanwhile: reload it and enter the hand again",
            ));
        }
        l.row.updated_at = at;
        l.row.hands = hands;
        Ok(l.view())
    }
}

/// The names of the sides: one each, checked as display names; missing
/// ones are filled in as "1", "2", ... (the page sends its own labels).
fn side_names(rules: &Rules, given: &[String]) -> Result<Vec<String>, Refusal> {
    let sides = rules.sides();
    if given.len() > sides {
        return Err(Refusal::new(
            Code::BadNames,
            format!(
                "this game has {sides} sides: give at most {sides} names, not {}",
                given.len()
            ),
        ));
    }
    (0..sides)
        .map(|i| match given.get(i).filter(|n| !n.trim().is_empty()) {
            Some(n) => domino_league::name::display_name(n).map_err(Refusal::from),
            None => Ok(format!("{}", i + 1)),
        })
        .collect()
}

/// Whether `given` is the sheet's editing secret.
fn check_secret(row: &SheetRow, given: &str) -> Result<(), Refusal> {
    if given.is_empty() {
        return Err(Refusal::new(
            Code::NoSecret,
            "only the sheet's keeper can change it: the editing link carries the secret",
        ));
    }
    if token_hash(given) != row.secret_hash {
        return Err(Refusal::new(
            Code::BadSecret,
            "that is not this sheet's editing secret",
        ));
    }
    Ok(())
}
