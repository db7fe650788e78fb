//! Bots in the pool: whom each seek admits (`opponents`), the server's
//! policy for bot accounts (`--bot-pairing`), and the groups of seeks
//! that may sit together.
//!
//! Two seekers are paired only if each admits the other. The pool is
//! grouped in passes, each over the seeks of one set of kinds that all
//! admit each other ([`PASSES`]), people with people first; a seek
//! placed in one pass is not in the next.

use domino_store::bots::SeekSide;

pub use domino_protocol::pool::Opponents;

/// The server's policy for bot accounts in the pool.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pairing {
    /// Bot accounts are paired with whoever admits them.
    #[default]
    Any,
    /// Bot accounts are paired with bots only.
    Bots,
    /// Bot accounts may not seek.
    Off,
}

impl Pairing {
    pub fn parse(s: &str) -> Result<Pairing, String> {
        match s {
            "any" => Ok(Pairing::Any),
            "bots" => Ok(Pairing::Bots),
            "off" => Ok(Pairing::Off),
            _ => Err(format!("bot pairing is any, bots or off, not {s}")),
        }
    }
}

/// Whom a seek admits, given what it asked (`None`: the default, people
/// for a person and anyone for a bot) and the policy.
pub fn admitted(bot: bool, asked: Option<Opponents>, policy: Pairing) -> Opponents {
    let asked = asked.unwrap_or(if bot {
        Opponents::Any
    } else {
        Opponents::People
    });
    match (bot, policy, asked) {
        (true, Pairing::Bots, _) => Opponents::Bots,
        _ => asked,
    }
}

/// A seek's kind for the passes: is it a bot, and whom it admits.
pub type Kind = (bool, Opponents);

/// The passes of a round, in order: each a set of kinds that all admit
/// each other, so any group drawn from one is allowed.
pub const PASSES: [&[Kind]; 6] = [
    // People among themselves.
    &[(false, Opponents::People), (false, Opponents::Any)],
    // Bots among themselves.
    &[(true, Opponents::Bots), (true, Opponents::Any)],
    // Whoever admits anyone.
    &[(false, Opponents::Any), (true, Opponents::Any)],
    // A bot that asks for people, with people who admit bots.
    &[(true, Opponents::People), (false, Opponents::Any)],
    // A person who asks for bots, with bots who admit people.
    &[(false, Opponents::Bots), (true, Opponents::Any)],
    // A person who asks for bots, with a bot that asks for people.
    &[(false, Opponents::Bots), (true, Opponents::People)],
];

/// The seeks of `seeks` that take part in `pass`: those of its kinds, and
/// of a kind that does not admit itself (a bot asking for people, a person
/// asking for bots) only the first, so that no group holds two of them.
pub fn in_pass<'a, T>(seeks: &[&'a T], pass: &[Kind], kind: impl Fn(&T) -> Kind) -> Vec<&'a T> {
    let mut lone_taken: Vec<Kind> = Vec::new();
    let mut out = Vec::new();
    for s in seeks {
        let k = kind(s);
        if !pass.contains(&k) {
            continue;
        }
        if !k.1.admits(k.0) {
            if lone_taken.contains(&k) {
                continue;
            }
            lone_taken.push(k);
        }
        out.push(*s);
    }
    out
}

/// A seek's kind from its side (a seek stored without one, made before
/// bot accounts, is a person's asking for people).
pub fn kind_of(side: Option<&SeekSide>) -> Kind {
    match side {
        Some(s) => (
            s.bot,
            Opponents::parse(&s.opponents).unwrap_or(Opponents::People),
        ),
        None => (false, Opponents::People),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [Kind; 6] = [
        (false, Opponents::People),
        (false, Opponents::Bots),
        (false, Opponents::Any),
        (true, Opponents::People),
        (true, Opponents::Bots),
        (true, Opponents::Any),
    ];

    #[test]
    fn every_pass_is_kinds_that_admit_each_other() {
        for pass in PASSES {
            for a in pass.iter() {
                for b in pass.iter() {
                    if a != b || a.1.admits(a.0) {
                        assert!(a.1.admits(b.0) && b.1.admits(a.0), "{a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_pair_that_admits_each_other_meets_in_some_pass() {
        for a in KINDS {
            for b in KINDS {
                if a.1.admits(b.0) && b.1.admits(a.0) {
                    assert!(
                        PASSES.iter().any(|p| p.contains(&a) && p.contains(&b)),
                        "{a:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_kind_that_does_not_admit_itself_comes_once_a_pass() {
        let seeks = [
            (true, Opponents::People),
            (false, Opponents::Any),
            (true, Opponents::People),
            (false, Opponents::People),
        ];
        let refs: Vec<&Kind> = seeks.iter().collect();
        let got = in_pass(&refs, PASSES[3], |k| *k);
        assert_eq!(got, [&seeks[0], &seeks[1]]);
    }

    #[test]
    fn the_policy_keeps_bots_with_bots() {
        assert_eq!(admitted(false, None, Pairing::Bots), Opponents::People);
        assert_eq!(admitted(true, None, Pairing::Any), Opponents::Any);
        assert_eq!(
            admitted(true, Some(Opponents::People), Pairing::Bots),
            Opponents::Bots
        );
    }
}
