//! Tables created per address, for the limits every table creation
//! passes: `--max-tables-per-address` (unfinished tables created from
//! one address) and `--max-creates-per-minute`. A table a player creates
//! over the WebSocket is counted against the player's address
//! ([`crate::hub::Hub::create_from`]); one the pool makes, once, against
//! the address of each seek seated at it ([`crate::pool::round`]), so
//! that many guest ids from one address cannot have the pool make tables
//! past what that address could create itself.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use crate::limits::{Creators, Limits, Refused, Stats};
use crate::table::{Code, Refusal};

/// The window of `creates_per_minute`.
const MINUTE: Duration = Duration::from_secs(60);

/// What each address created.
#[derive(Debug, Default)]
pub struct Creations {
    /// Tables created from each address, by id (finished ones are
    /// dropped as the list is counted).
    made_by: Mutex<HashMap<IpAddr, Vec<String>>>,
    /// Creations per address in the last minute.
    creators: Creators,
}

impl Creations {
    /// The unfinished tables `ip` created (`open` says whether a table
    /// is unfinished).
    fn open_from(&self, ip: IpAddr, open: &dyn Fn(&str) -> bool) -> usize {
        self.made_by
            .lock()
            .map(|mut m| {
                let v = m.entry(ip).or_default();
                v.retain(|id| open(id));
                v.len()
            })
            .unwrap_or(0)
    }

    /// Count a table about to be created from `ip`, or say which limit
    /// refuses it (the refusal is counted in `stats`).
    pub fn admit(
        &self,
        ip: IpAddr,
        l: &Limits,
        stats: &Stats,
        open: &dyn Fn(&str) -> bool,
    ) -> Result<(), Refusal> {
        if self.open_from(ip, open) >= l.tables_per_address {
            stats.refuse(Refused::Tables, ip, "open tables per address");
            return Err(Refusal::new(
                Code::TooManyTables,
                format!(
                    "one address may have {} unfinished tables: finish or leave one first",
                    l.tables_per_address
                ),
            ));
        }
        if !self.creators.allow(ip, l.creates_per_minute) {
            stats.refuse(Refused::Creates, ip, "tables created per minute");
            return Err(Refusal::new(
                Code::TooManyCreates,
                format!(
                    "one address may create {} tables a minute: wait a little",
                    l.creates_per_minute
                ),
            ));
        }
        Ok(())
    }

    /// How many more tables `ip` may create now, under both limits.
    pub fn room(&self, ip: IpAddr, l: &Limits, open: &dyn Fn(&str) -> bool) -> usize {
        let unfinished = l
            .tables_per_address
            .saturating_sub(self.open_from(ip, open));
        let this_minute =
            (l.creates_per_minute as usize).saturating_sub(self.creators.made_within(ip, MINUTE));
        unfinished.min(this_minute)
    }

    /// Note table `id` created from `ip`; `counted`: its creation was
    /// counted by [`Creations::admit`] already.
    pub fn made(&self, ip: IpAddr, id: &str, counted: bool) {
        if !counted {
            self.creators.allow(ip, u32::MAX);
        }
        if let Ok(mut m) = self.made_by.lock() {
            m.entry(ip).or_default().push(id.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_room_left_is_the_smaller_of_both_limits() {
        let c = Creations::default();
        let stats = Stats::default();
        let l = Limits {
            tables_per_address: 3,
            creates_per_minute: 2,
            ..Limits::DEFAULT
        };
        let ip = IpAddr::from([10, 0, 0, 1]);
        let open = |_: &str| true;
        assert_eq!(c.room(ip, &l, &open), 2);
        c.made(ip, "t1", false);
        assert_eq!(c.room(ip, &l, &open), 1);
        assert!(c.admit(ip, &l, &stats, &open).is_ok());
        c.made(ip, "t2", true);
        assert_eq!(c.room(ip, &l, &open), 0);
        assert!(c.admit(ip, &l, &stats, &open).is_err());
        // Finished tables leave the unfinished count, not the minute's.
        let none_open = |_: &str| false;
        assert_eq!(c.room(ip, &l, &none_open), 0);
        assert_eq!(c.room(IpAddr::from([10, 0, 0, 2]), &l, &open), 2);
    }
}
