//! What is normal: per game and rating band, how often players agree with
//! the expert and what their choices cost, pooled over many profiles.
//!
//! A site starts with no rated matches, so its norms come first from the
//! built-in levels (the heuristic with noise on its choices, played and
//! analysed like people), band by band, until the site's own profiles of
//! a band are enough to stand for it; [`Norms::merged`] takes each band
//! from the site once it has [`Norms::merged`]'s `min_profiles`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::evidence::Evidence;

/// The lowest rating of band 1; band 0 holds everything below.
pub const BAND_FLOOR: i32 = 1200;
/// Each band's width in rating points.
pub const BAND_WIDTH: i32 = 200;

/// A rating band: 0 below [`BAND_FLOOR`], then one per [`BAND_WIDTH`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Band(pub u8);

impl Band {
    /// The band of a rating.
    pub fn of(rating: i32) -> Band {
        if rating < BAND_FLOOR {
            return Band(0);
        }
        let above = (rating - BAND_FLOOR) / BAND_WIDTH + 1;
        Band(u8::try_from(above).unwrap_or(u8::MAX))
    }

    /// The lowest rating in the band (`None` for band 0, which has none).
    pub fn floor(self) -> Option<i32> {
        (self.0 > 0).then(|| BAND_FLOOR + (i32::from(self.0) - 1) * BAND_WIDTH)
    }
}

/// Where a band's norm comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Simulated built-in levels.
    BuiltIn,
    /// The site's own rated matches.
    Site,
}

/// The least spread of agreement rates between a band's players that is
/// assumed (a standard deviation): no band of people is alike to within
/// two points, and a band of few profiles can measure its spread as none.
pub const MIN_SPREAD: f64 = 0.02;

/// One band's pooled evidence.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BandNorm {
    pub source: Source,
    /// Profiles behind it.
    pub profiles: u64,
    /// Their evidence, summed.
    pub pooled: Evidence,
    /// Sum of the profiles' agreement rates, of their squares, and of each
    /// rate's binomial variance over its decisions (the part of the
    /// rates' spread that is chance, not the players).
    pub rate_sum: f64,
    pub rate_sq: f64,
    pub chance_var: f64,
    /// The same for the agreement on deep decisions (see
    /// [`Evidence::deep`]), over the profiles that had one.
    #[serde(default)]
    pub deep: Rates,
}

/// The spread of one agreement rate between a band's profiles: how many
/// had a rate, the sum of their rates and of their squares, and of each
/// rate's binomial variance over its decisions (the part that is chance).
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rates {
    pub profiles: u64,
    pub sum: f64,
    pub sq: f64,
    pub chance_var: f64,
}

impl Rates {
    /// Count one profile's rate of `agreed` over `decisions` (none: left out).
    pub fn push(&mut self, agreed: u64, decisions: u64) {
        if decisions == 0 {
            return;
        }
        let r = agreed as f64 / decisions as f64;
        self.profiles += 1;
        self.sum += r;
        self.sq += r * r;
        self.chance_var += r * (1.0 - r) / decisions as f64;
    }

    /// The spread of the profiles' true rates, as a variance: their rates'
    /// variance less the chance part, at least [`MIN_SPREAD`] squared.
    pub fn spread(&self) -> f64 {
        let floor = MIN_SPREAD * MIN_SPREAD;
        if self.profiles < 2 {
            return floor;
        }
        let n = self.profiles as f64;
        let mean = self.sum / n;
        let var = (self.sq - n * mean * mean) / (n - 1.0);
        (var - self.chance_var / n).max(floor)
    }
}

impl BandNorm {
    /// The spread of true agreement rates between the band's players, as
    /// a variance: the profiles' rates' variance less the chance part,
    /// at least [`MIN_SPREAD`] squared.
    pub fn spread(&self) -> f64 {
        Rates {
            profiles: self.profiles,
            sum: self.rate_sum,
            sq: self.rate_sq,
            chance_var: self.chance_var,
        }
        .spread()
    }

    /// The band's agreement rate on deep decisions (`None` without any).
    pub fn deep_rate(&self) -> Option<f64> {
        self.pooled.deep_agreement()
    }

    /// The per-decision agreement rate of the band (`None` without
    /// decisions).
    pub fn rate(&self) -> Option<f64> {
        self.pooled.agreement()
    }
}

/// The norms of one game, band by band.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Norms {
    pub bands: BTreeMap<Band, BandNorm>,
}

impl Norms {
    /// Norms from profiles' evidence, each profile in the band of its
    /// rating. Profiles without a counted decision are left out.
    pub fn from_profiles(
        source: Source,
        profiles: impl IntoIterator<Item = (Band, Evidence)>,
    ) -> Norms {
        let mut bands: BTreeMap<Band, BandNorm> = BTreeMap::new();
        for (band, e) in profiles {
            if e.decisions == 0 {
                continue;
            }
            let n = bands.entry(band).or_insert(BandNorm {
                source,
                profiles: 0,
                pooled: Evidence::default(),
                rate_sum: 0.0,
                rate_sq: 0.0,
                chance_var: 0.0,
                deep: Rates::default(),
            });
            let r = e.agreed as f64 / e.decisions as f64;
            n.profiles += 1;
            n.pooled += e;
            n.rate_sum += r;
            n.rate_sq += r * r;
            n.chance_var += r * (1.0 - r) / e.decisions as f64;
            n.deep.push(e.deep_agreed, e.deep);
        }
        Norms { bands }
    }

    /// Each band from `site` where it has at least `min_profiles`
    /// profiles, else from `built_in`.
    pub fn merged(site: &Norms, built_in: &Norms, min_profiles: u64) -> Norms {
        let mut bands = built_in.bands.clone();
        for (&band, n) in &site.bands {
            if n.profiles >= min_profiles {
                bands.insert(band, *n);
            }
        }
        Norms { bands }
    }

    /// The norm of `band`, or of the nearest band below it that has one
    /// (a rating above every band known is compared with the top one).
    pub fn at(&self, band: Band) -> Option<(Band, &BandNorm)> {
        self.bands
            .range(..=band)
            .next_back()
            .or_else(|| self.bands.iter().next())
            .map(|(&b, n)| (b, n))
    }

    /// The first band above `band` with a norm; the top band is its own
    /// band above (no stronger people to compare with).
    pub fn above(&self, band: Band) -> Option<(Band, &BandNorm)> {
        let (here, _) = self.at(band)?;
        self.bands
            .range(Band(here.0.saturating_add(1))..)
            .next()
            .map(|(&b, n)| (b, n))
            .or_else(|| self.at(here))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(decisions: u64, agreed: u64) -> Evidence {
        Evidence {
            decisions,
            agreed,
            ..Evidence::default()
        }
    }

    #[test]
    fn bands_are_two_hundred_points_from_1200() {
        assert_eq!(Band::of(800), Band(0));
        assert_eq!(Band::of(1199), Band(0));
        assert_eq!(Band::of(1200), Band(1));
        assert_eq!(Band::of(1399), Band(1));
        assert_eq!(Band::of(1500), Band(2));
        assert_eq!(Band(2).floor(), Some(1400));
        assert_eq!(Band(0).floor(), None);
    }

    #[test]
    fn a_band_pools_its_profiles_and_the_top_band_is_its_own_band_above() {
        let n = Norms::from_profiles(
            Source::BuiltIn,
            [
                (Band(1), evidence(100, 50)),
                (Band(1), evidence(100, 70)),
                (Band(3), evidence(100, 80)),
                (Band(3), evidence(0, 0)),
            ],
        );
        let (b, one) = n.at(Band(1)).expect("band 1");
        assert_eq!((b, one.profiles, one.rate()), (Band(1), 2, Some(0.6)));
        // Band 2 has no norm: band 1's stands for it; above it is band 3.
        assert_eq!(n.at(Band(2)).map(|x| x.0), Some(Band(1)));
        assert_eq!(n.above(Band(2)).map(|x| x.0), Some(Band(3)));
        assert_eq!(n.above(Band(3)).map(|x| x.0), Some(Band(3)));
        assert_eq!(n.above(Band(9)).map(|x| x.0), Some(Band(3)));
        // Below every band: the lowest stands for it.
        assert_eq!(n.at(Band(0)).map(|x| x.0), Some(Band(1)));
    }

    #[test]
    fn the_spread_between_players_leaves_out_chance() {
        // Rates 0.4 and 0.6 over 10,000 decisions each: almost all of
        // their variance (0.02) is the players'.
        let n = Norms::from_profiles(
            Source::Site,
            [
                (Band(1), evidence(10_000, 4_000)),
                (Band(1), evidence(10_000, 6_000)),
            ],
        );
        let s = n.bands[&Band(1)].spread();
        assert!((s - (0.02 - 0.24 / 10_000.0)).abs() < 1e-9, "{s}");
        // Alike players: the floor.
        let n = Norms::from_profiles(
            Source::Site,
            [(Band(1), evidence(100, 50)), (Band(1), evidence(100, 50))],
        );
        assert_eq!(n.bands[&Band(1)].spread(), MIN_SPREAD * MIN_SPREAD);
    }

    #[test]
    fn the_site_takes_over_a_band_once_it_has_enough_profiles() {
        let built = Norms::from_profiles(
            Source::BuiltIn,
            [(Band(1), evidence(10, 5)), (Band(2), evidence(10, 6))],
        );
        let site = Norms::from_profiles(
            Source::Site,
            [
                (Band(1), evidence(10, 1)),
                (Band(1), evidence(10, 1)),
                (Band(2), evidence(10, 9)),
            ],
        );
        let m = Norms::merged(&site, &built, 2);
        assert_eq!(m.bands[&Band(1)].source, Source::Site);
        assert_eq!(m.bands[&Band(2)].source, Source::BuiltIn);
    }
}
