//! The protocol's state JSON stays byte for byte what it was: a digest of
//! every state a fixed run of each game writes, for three viewers, checked
//! against digests written before the state became typed values.
//!
//! After a deliberate change to the protocol (extend, never break:
//! docs/protocol.md), rewrite the digests with `DOMINO_BLESS=1 cargo test -p
//! domino-engine --test engine wire::` and say why in the commit.

#![allow(clippy::unwrap_used)]

use domino_engine::{Match, MoveList, Phase, Preset, Rules, Viewer};

const DIGESTS: &str = "tests/data/state_digests.txt";

/// FNV-1a: a stable digest with no dependency.
fn fnv(h: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *h ^= u64::from(*b);
        *h = h.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Every state of `preset` over its first two hands, played by always
/// taking the last legal action, as seen by the referee, seat 0 and a
/// spectator.
fn digest(preset: Preset) -> (u64, usize) {
    let rules = Rules::of_preset(preset.name()).unwrap();
    let mut m = Match::new(rules, Some(11), None).unwrap();
    let mut h = 0xcbf2_9ce4_8422_2325;
    let mut states = 0;
    for _ in 0..400 {
        for viewer in [Viewer::All, Viewer::Seat(0), Viewer::Spectator] {
            fnv(&mut h, m.state_json(viewer).to_string().as_bytes());
            states += 1;
        }
        match m.phase() {
            Phase::MatchOver => break,
            Phase::HandOver if m.hand_number() >= 2 => break,
            Phase::HandOver => m.next_hand(None).unwrap(),
            _ => {
                let mut moves = MoveList::new();
                m.legal(&mut moves);
                let a = *moves.as_slice().last().unwrap();
                m.act(a, &mut ()).unwrap();
            }
        }
    }
    (h, states)
}

#[test]
fn every_games_state_json_is_unchanged() {
    let got: String = Preset::ALL
        .iter()
        .map(|&p| {
            let (h, n) = digest(p);
            format!("{} {n} {h:016x}\n", p.name())
        })
        .collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(DIGESTS);
    if std::env::var_os("DOMINO_BLESS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "the state JSON changed (see this file's header)");
}

/// The fives games tell the open ends' total (the count the engine scores
/// by) once a tile is down; a game whose ends do not score, and a seat that
/// must claim its points, are not told.
#[test]
fn the_fives_games_state_tells_the_ends_total() {
    let mut m = Match::new(Rules::of_preset("all-fives").unwrap(), Some(3), None).unwrap();
    assert!(
        m.state_json(Viewer::Seat(0)).get("ends_total").is_none(),
        "nothing down yet"
    );
    while m.hand().layout().posed().is_none() {
        let mut moves = MoveList::new();
        m.legal(&mut moves);
        m.act(moves.as_slice()[0], &mut ()).unwrap();
    }
    let total = u64::from(m.hand().layout().ends_total());
    for viewer in [Viewer::Seat(0), Viewer::Spectator] {
        assert_eq!(m.state_json(viewer)["ends_total"], total);
    }
    let block = Match::new(Rules::of_preset("block").unwrap(), Some(3), None).unwrap();
    assert!(block
        .state_json(Viewer::Seat(0))
        .get("ends_total")
        .is_none());
    let spec = domino_engine::RulesSpec {
        preset: "all-fives".into(),
        players: None,
        options: [("claims".to_string(), serde_json::json!("muggins"))]
            .into_iter()
            .collect(),
    };
    let mut m = Match::new(spec.resolve().unwrap(), Some(3), None).unwrap();
    while m.hand().layout().posed().is_none() {
        let mut moves = MoveList::new();
        m.legal(&mut moves);
        m.act(moves.as_slice()[0], &mut ()).unwrap();
    }
    let seat = m.to_act().unwrap_or(0);
    assert!(
        m.player_view(seat).to_json().get("ends_total").is_none(),
        "claimed points are the player's to see"
    );
}
