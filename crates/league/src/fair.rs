//! Fair deals, provably: each hand's seed is committed to before the hand
//! and revealed after it.
//!
//! A table draws a random 32-byte match secret. Hand `k`'s key is
//! `SHA-256(secret || k as u32 big-endian)`; its seed is the key's first
//! eight bytes (little-endian u64), and the hand is dealt by the engine's
//! own `domino_engine::seeded_deal(rules, seed, k, rule)`, which deals
//! again from the same generator when the pose rule needs a double nobody
//! holds. Before the hand the server publishes `SHA-256(key)` (the
//! commitment), together with the hand's redeal rule ([`PoseRule::redeal`]:
//! the part of its pose rule the deal depends on); once the hand is over
//! it reveals the key. Anyone can then check the commitment and recompute
//! the deal under that rule ([`verify`]); knowing one key says nothing
//! about the other hands' keys.
//!
//! The browser page does the same for each hand on its own: `web/fair.js`
//! repeats [`deal_from_key`] in plain JS. `tests/fair_vectors.rs` keeps the
//! two in step: change how a key deals and it fails until its vectors (and
//! `web/fair.js`) are brought up to date.

use domino_engine::record::{replay_with, Record, Visit};
use domino_engine::Redeal;
use domino_engine::{first_rule, seeded_deal, PoseRule};
use domino_engine::{DealSpec, Rules};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::ops::ControlFlow;

/// A match's secret, from which every hand key follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret(pub [u8; 32]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// A fresh secret from the operating system's generator.
    pub fn random() -> Secret {
        let mut b = [0u8; 32];
        rand::rng().fill_bytes(&mut b);
        Secret(b)
    }

    pub fn to_hex(self) -> String {
        hex::encode(self.0)
    }

    pub fn from_hex(s: &str) -> Option<Secret> {
        let v = hex::decode(s).ok()?;
        Some(Secret(v.try_into().ok()?))
    }

    /// Hand `hand`'s key (hands count from 1).
    pub fn hand_key(self, hand: u32) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(self.0);
        h.update(hand.to_be_bytes());
        h.finalize().into()
    }
}

/// The seed a hand key deals from.
pub fn key_seed(key: &[u8; 32]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&key[..8]);
    u64::from_le_bytes(b)
}

/// The published commitment to a hand key, as hex.
pub fn commitment(key: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(key))
}

/// The pose rule each hand of `record` was dealt under, as the match's
/// history gives it (the game's first rule, then the match's
/// [`Match::next_pose_rule`] after each hand); replays the record.
pub fn hand_rules(record: &Record) -> Result<Vec<PoseRule>, String> {
    let rules = record.rules.resolve().map_err(|e| e.to_string())?;
    let mut out = vec![first_rule(&rules)];
    replay_with(record, |visit| {
        if let Visit::Deal { game, .. } = visit {
            out.push(game.next_pose_rule());
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.to_string())?;
    Ok(out)
}

/// Hand `hand`'s deal under `rule` (the pose rule the match is at) from a
/// hand key.
pub fn deal_from_key(rules: &Rules, rule: PoseRule, hand: u32, key: &[u8; 32]) -> DealSpec {
    let (deal, _) = seeded_deal(rules, key_seed(key), hand, rule);
    deal.to_spec(rules.players())
}

/// Why a record does not match its revealed keys.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VerifyError {
    #[error("hand {0}: no key revealed")]
    MissingKey(usize),
    #[error("hand {0}: the key does not match the commitment")]
    Commitment(usize),
    #[error("hand {0}: the deal is not the one the key gives")]
    Deal(usize),
    #[error(
        "hand {hand}: the published redeal rule `{published}` is not the match's (`{implied}`)"
    )]
    Redeal {
        hand: usize,
        published: Redeal,
        implied: Redeal,
    },
    #[error("the record does not replay: {0}")]
    Record(String),
}

/// Check every hand of `record` against its revealed key and, where given,
/// the commitment published before it. Keys and commitments are by hand,
/// from hand 1.
pub fn verify(
    record: &Record,
    keys: &[[u8; 32]],
    commitments: Option<&[String]>,
) -> Result<(), VerifyError> {
    verify_published(record, keys, commitments, &[])
}

/// [`verify`], and also each hand's published redeal rule where there is
/// one (by hand, from hand 1; `None` or a missing entry is not checked):
/// it must be the rule the match's history gives that hand.
pub fn verify_published(
    record: &Record,
    keys: &[[u8; 32]],
    commitments: Option<&[String]>,
    redeals: &[Option<Redeal>],
) -> Result<(), VerifyError> {
    let rules = record
        .rules
        .resolve()
        .map_err(|e| VerifyError::Record(e.to_string()))?;
    // Hand `number`'s published data and deal, against the pose rule the
    // match is at when it is dealt.
    let check = |number: usize, rule: PoseRule| -> Result<(), VerifyError> {
        let key = keys
            .get(number - 1)
            .ok_or(VerifyError::MissingKey(number))?;
        if let Some(c) = commitments.and_then(|c| c.get(number - 1)) {
            if *c != commitment(key) {
                return Err(VerifyError::Commitment(number));
            }
        }
        if let Some(Some(published)) = redeals.get(number - 1) {
            let implied = rule.redeal();
            if *published != implied {
                return Err(VerifyError::Redeal {
                    hand: number,
                    published: *published,
                    implied,
                });
            }
        }
        let dealt = record.hands.get(number - 1).map(|h| &h.deal);
        if Some(&deal_from_key(&rules, rule, number as u32, key)) != dealt {
            return Err(VerifyError::Deal(number));
        }
        Ok(())
    };
    check(1, first_rule(&rules))?;
    let mut failed = None;
    replay_with(record, |visit| match visit {
        Visit::Deal { game, hand } => match check(hand, game.next_pose_rule()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        },
        _ => ControlFlow::Continue(()),
    })
    .map_err(|e| VerifyError::Record(e.to_string()))?;
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(())
}

/// One hand's published fairness data: the commitment and the redeal rule
/// shown before the hand, and the key revealed after it. Files from before
/// the rule was published have no `redeal`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Reveal {
    pub hand: u32,
    pub commit: String,
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redeal: Option<String>,
}

/// Each hand's reveal for a match's secret, one per hand of `record`, with
/// the redeal rule its history gives each hand (none if it does not
/// replay).
pub fn reveals(secret: Secret, record: &Record) -> Vec<Reveal> {
    let rules = hand_rules(record).ok();
    (1..=record.hands.len() as u32)
        .map(|k| {
            let key = secret.hand_key(k);
            Reveal {
                hand: k,
                commit: commitment(&key),
                key: Some(hex::encode(key)),
                redeal: rules
                    .as_ref()
                    .and_then(|r| r.get(k as usize - 1))
                    .map(|&r| r.redeal().to_string()),
            }
        })
        .collect()
}

/// What a checked file held: its hands, all verified, and how many of them
/// came with a published redeal rule (each checked against the match).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub hands: usize,
    pub game: String,
    pub redeals: usize,
}

/// Every `fair` entry must belong to a hand of the record, once, with a
/// well-formed commitment, key and redeal rule: an entry that checks nothing
/// is refused rather than skipped, naming it.
fn check_entries(reveals: &[Reveal], hands: usize) -> Result<(), String> {
    let hex64 = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
    let mut seen = vec![false; hands];
    for (i, r) in reveals.iter().enumerate() {
        let at = format!("`fair` entry {} (hand {})", i + 1, r.hand);
        let n = r.hand as usize;
        if n == 0 || n > hands {
            return Err(format!(
                "{at}: the record has no such hand (it has {hands})"
            ));
        }
        if std::mem::replace(&mut seen[n - 1], true) {
            return Err(format!("{at}: a second entry for the same hand"));
        }
        if !hex64(&r.commit) {
            return Err(format!("{at}: the commitment is not 64 hex digits"));
        }
        if r.key.as_deref().is_some_and(|k| !hex64(k)) {
            return Err(format!("{at}: the key is not 64 hex digits"));
        }
        if let Some(d) = &r.redeal {
            if d.parse::<Redeal>().is_err() {
                return Err(format!(
                    "{at}: unknown redeal rule {}",
                    domino_engine::text::bounded(&format!("{d:?}"))
                ));
            }
        }
    }
    Ok(())
}

/// Check a downloaded file: a record (`domino-record/1`) carrying a `fair`
/// list, as `GET /api/history/{id}/record` serves it, or a replay
/// (`GET /api/history/{id}`: `{"record": ..., "fair": [...]}`). Every
/// hand needs its key and commitment; each key must match its commitment
/// and give the hand's deal, and a hand's published redeal rule, where the
/// file has one, must be the one the match's history gives it.
/// Entries for hands the record lacks, or malformed ones, are refused.
pub fn verify_file(text: &str) -> Result<Checked, String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let rec_value = if v.get("record").is_some_and(|r| r.is_object()) {
        v["record"].clone()
    } else {
        v.clone()
    };
    let fair_value = v
        .get("fair")
        .or_else(|| rec_value.get("fair"))
        .ok_or("no `fair` list of revealed keys and commitments in the file")?;
    let record: Record = serde_json::from_value(rec_value.clone())
        .map_err(|e| format!("not a domino-record/1 record: {e}"))?;
    if record.format != domino_engine::record::FORMAT {
        return Err(format!(
            "unknown record format `{}`: expected `{}`",
            record.format,
            domino_engine::record::FORMAT
        ));
    }
    let reveals: Vec<Reveal> =
        serde_json::from_value(fair_value.clone()).map_err(|e| format!("bad `fair` list: {e}"))?;
    check_entries(&reveals, record.hands.len())?;
    let mut keys = Vec::new();
    let mut commits = Vec::new();
    let mut redeals = Vec::new();
    for i in 0..record.hands.len() {
        let n = i + 1;
        let r = reveals
            .iter()
            .find(|r| r.hand as usize == n)
            .ok_or(format!("hand {n}: no commitment or key in the file"))?;
        let key = r
            .key
            .as_deref()
            .ok_or(VerifyError::MissingKey(n).to_string())?;
        let key: [u8; 32] = hex::decode(key)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or(format!("hand {n}: the key is not 64 hex digits"))?;
        keys.push(key);
        commits.push(r.commit.to_lowercase());
        redeals.push(r.redeal.as_deref().and_then(|d| d.parse().ok()));
    }
    verify_published(&record, &keys, Some(&commits), &redeals).map_err(|e| e.to_string())?;
    Ok(Checked {
        hands: record.hands.len(),
        game: record.rules.preset.clone(),
        redeals: redeals.iter().flatten().count(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domino_engine::{Match, MoveList};

    fn play_out(m: &mut Match) {
        let mut moves = MoveList::new();
        while m.to_act().is_some() {
            m.legal(&mut moves);
            m.act(moves[0], &mut ()).unwrap();
        }
    }

    #[test]
    fn every_game_deals_and_verifies_from_revealed_keys() {
        for p in domino_engine::Preset::ALL {
            let rules = Rules::of_preset(p.name()).unwrap();
            let secret = Secret::random();
            let k1 = secret.hand_key(1);
            let d1 = deal_from_key(&rules, first_rule(&rules), 1, &k1);
            let mut m = Match::new(rules, None, Some(&d1)).unwrap();
            let mut dealt_under = vec![first_rule(&rules)];
            for hand in 2..=3 {
                play_out(&mut m);
                if m.phase() == domino_engine::Phase::MatchOver {
                    break;
                }
                let key = secret.hand_key(hand);
                let d = deal_from_key(&rules, m.next_pose_rule(), hand, &key);
                dealt_under.push(m.next_pose_rule());
                m.next_hand(Some(&d)).unwrap();
            }
            let rec = m.record();
            let keys: Vec<_> = (1..=rec.hands.len() as u32)
                .map(|k| secret.hand_key(k))
                .collect();
            let commits: Vec<_> = keys.iter().map(commitment).collect();
            verify(&rec, &keys, Some(&commits)).unwrap();
            // The published redeal rules are the ones each hand was dealt
            // under, and a different one is refused.
            assert_eq!(hand_rules(&rec).unwrap(), dealt_under, "{}", p.name());
            let names: Vec<_> = dealt_under.iter().map(|&r| Some(r.redeal())).collect();
            let fair = reveals(secret, &rec);
            assert_eq!(
                fair.iter()
                    .map(|r| r.redeal.as_deref().and_then(|d| d.parse().ok()))
                    .collect::<Vec<Option<Redeal>>>(),
                names
            );
            verify_published(&rec, &keys, Some(&commits), &names).unwrap();
            let last = names.len() - 1;
            let mut other = names.clone();
            other[last] = Some(if other[last] == Some(Redeal::Double) {
                Redeal::Never
            } else {
                Redeal::Double
            });
            assert!(
                matches!(
                    verify_published(&rec, &keys, Some(&commits), &other),
                    Err(VerifyError::Redeal { hand, .. }) if hand == last + 1
                ),
                "{}",
                p.name()
            );
            let mut wrong = keys.clone();
            wrong[0][0] ^= 1;
            assert!(verify(&rec, &wrong, None).is_err(), "{}", p.name());
            assert_eq!(
                verify(&rec, &wrong, Some(&commits)),
                Err(VerifyError::Commitment(1))
            );
        }
    }

    /// A draw match dealt from a random secret and played out, with the
    /// secret that dealt it.
    fn dealt_and_played() -> (Record, Secret) {
        let rules = Rules::of_preset("draw").unwrap();
        let secret = Secret::random();
        let d1 = deal_from_key(&rules, first_rule(&rules), 1, &secret.hand_key(1));
        let mut m = Match::new(rules, None, Some(&d1)).unwrap();
        play_out(&mut m);
        (m.record(), secret)
    }

    #[test]
    fn downloaded_files_verify_and_tampered_ones_do_not() {
        let (rec, secret) = dealt_and_played();
        let fair = reveals(secret, &rec);
        // A record with its `fair` list, and a replay, both check.
        let mut file = serde_json::to_value(&rec).unwrap();
        file["fair"] = serde_json::to_value(&fair).unwrap();
        assert_eq!(file["fair"][0]["redeal"], "double");
        let ok = verify_file(&file.to_string()).unwrap();
        assert_eq!((ok.hands, ok.game.as_str(), ok.redeals), (1, "draw", 1));
        let replay = serde_json::json!({"record": rec, "fair": fair});
        assert!(verify_file(&replay.to_string()).is_ok());
        // A file from before the rule was published still checks; one
        // whose published rule is not the match's does not.
        let mut old = file.clone();
        old["fair"][0].as_object_mut().unwrap().remove("redeal");
        let ok = verify_file(&old.to_string()).unwrap();
        assert_eq!((ok.hands, ok.redeals), (1, 0));
        let mut rule = file.clone();
        rule["fair"][0]["redeal"] = serde_json::json!("never");
        assert_eq!(
            verify_file(&rule.to_string()).unwrap_err(),
            "hand 1: the published redeal rule `never` is not the match's (`double`)"
        );
        // A changed deal, key or commitment, or no keys at all, fail.
        let mut deal = file.clone();
        let hand0 = deal["hands"][0]["deal"]["hands"][0].clone();
        deal["hands"][0]["deal"]["hands"][0] = deal["hands"][0]["deal"]["hands"][1].clone();
        deal["hands"][0]["deal"]["hands"][1] = hand0;
        assert!(verify_file(&deal.to_string()).is_err());
        let mut key = file.clone();
        key["fair"][0]["key"] = serde_json::json!(hex::encode(secret.hand_key(2)));
        assert!(verify_file(&key.to_string())
            .unwrap_err()
            .contains("commitment"));
        let mut bare = file.clone();
        bare.as_object_mut().unwrap().remove("fair");
        assert!(verify_file(&bare.to_string()).is_err());
        assert!(verify_file("{").is_err());
    }

    #[test]
    fn verify_refuses_extra_and_malformed_fair_entries_naming_them() {
        let (rec, secret) = dealt_and_played();
        let fair = serde_json::to_value(reveals(secret, &rec)).unwrap();
        let refused = |change: &dyn Fn(&mut serde_json::Value)| {
            let mut f = fair.clone();
            change(&mut f);
            let file = serde_json::json!({"record": rec, "fair": f});
            verify_file(&file.to_string()).unwrap_err()
        };
        let mut extra = fair[0].clone();
        extra["hand"] = serde_json::json!(7);
        let e = refused(&|f| f.as_array_mut().unwrap().push(extra.clone()));
        assert_eq!(
            e,
            "`fair` entry 2 (hand 7): the record has no such hand (it has 1)"
        );
        let again = fair[0].clone();
        let e = refused(&|f| f.as_array_mut().unwrap().push(again.clone()));
        assert_eq!(
            e,
            "`fair` entry 2 (hand 1): a second entry for the same hand"
        );
        let e = refused(&|f| f[0]["hand"] = serde_json::json!(0));
        assert!(e.contains("no such hand"), "{e}");
        let e = refused(&|f| f[0]["commit"] = serde_json::json!("zz"));
        assert!(e.contains("commitment is not 64 hex digits"), "{e}");
        let e = refused(&|f| f[0]["key"] = serde_json::json!("12"));
        assert!(e.contains("key is not 64 hex digits"), "{e}");
        let long = "<script>".repeat(2000);
        let e = refused(&|f| f[0]["redeal"] = serde_json::json!(long));
        assert!(
            e.starts_with("`fair` entry 1 (hand 1): unknown redeal rule"),
            "{e}"
        );
        assert!(
            e.len() < 400,
            "a short excerpt, not the whole input: {} bytes",
            e.len()
        );
    }
}
