//! Invitation codes: a seat kept for an invited friend is taken only by a
//! join carrying the seat's code, which only the creator's state (and so
//! the creator's invite link) carries. A stranger who names the seat by
//! hand (public table ids are in the lobby) is refused.
//!
//! The code is derived, not stored: an HMAC over the table id and the seat
//! under a key derived from the table's match secret. Every node that can
//! load the table has its secret (its stored row), so a join relayed to the
//! owning node is checked there alike, and nothing new is stored or
//! migrated. The invite key is `HMAC(secret, "domino invite key")`, apart
//! from the hand keys (`SHA-256(secret || hand)`, see [`domino_league::fair`]):
//! codes tell nothing of the secret, so nothing of any deal. A duplicate
//! round's tables share the round's secret, published once the round is
//! over; their matches are over then and take no more joins, and the table
//! id in the HMAC keeps each table's codes its own meanwhile.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use domino_league::fair::Secret;

/// Bytes of a code: 128 bits, beyond guessing over a socket.
const CODE_BYTES: usize = 16;

fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes a key of any length");
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

/// The invitation code of `seat` at table `table`, as hex.
pub(super) fn code(secret: &Secret, table: &str, seat: u8) -> String {
    let key = hmac(&secret.0, &[b"domino invite key"]);
    // The length first, so no other id and seat give the same message.
    let len = (table.len() as u64).to_be_bytes();
    let tag = hmac(&key, &[&len, table.as_bytes(), &[seat]]);
    hex::encode(&tag[..CODE_BYTES])
}

/// Whether `given` is `seat`'s code, compared in constant time (a wrong
/// code's timing says nothing of the right one).
pub(super) fn matches(secret: &Secret, table: &str, seat: u8, given: &str) -> bool {
    let want = code(secret, table, seat);
    // Slices of other lengths compare unequal at once: the length is
    // public, every code has it.
    bool::from(want.as_bytes().ct_eq(given.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Secret = Secret([7; 32]);

    #[test]
    fn each_seat_and_table_and_secret_has_its_own_code() {
        let c = code(&S, "t1", 1);
        assert_eq!(c.len(), 2 * CODE_BYTES);
        assert_eq!(c, code(&S, "t1", 1), "the same on every node");
        assert_ne!(c, code(&S, "t1", 2));
        assert_ne!(c, code(&S, "t2", 1));
        assert_ne!(c, code(&Secret([8; 32]), "t1", 1));
    }

    #[test]
    fn only_the_exact_code_matches() {
        let c = code(&S, "t1", 1);
        assert!(matches(&S, "t1", 1, &c));
        assert!(!matches(&S, "t1", 2, &c));
        assert!(!matches(&S, "t1", 1, ""));
        assert!(!matches(&S, "t1", 1, &c[..8]), "a prefix is not the code");
        assert!(!matches(&S, "t1", 1, &c.to_uppercase()));
        assert!(!matches(&S, "t1", 1, &format!("{c}0")));
    }

    #[test]
    fn a_code_is_no_part_of_a_hand_key() {
        let c = code(&S, "t1", 1);
        for hand in 1..=50 {
            assert!(!hex::encode(S.hand_key(hand)).contains(&c));
        }
    }
}
