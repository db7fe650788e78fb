//! The tails behind a flag: how improbable an agreement count is.
//!
//! The test is a one-sided beta-binomial tail: a player of the band has
//! its own agreement rate, drawn from the band's spread of rates (a beta
//! distribution with the band's mean and spread between profiles), and
//! agrees on each of `n` decisions with that rate; the flag asks how
//! likely `k` or more agreements are. A plain binomial at the band's
//! pooled rate would treat every player of a band as alike: over
//! thousands of decisions the band's best honest players would then look
//! impossible. The tail is summed exactly rather than from a normal
//! approximation because the thresholds sit far out (1 in 10,000 and
//! beyond), where a normal curve is too thin for a skewed count. The
//! normal tail is kept for the cost, a mean of many unbounded values.

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms: about 15 digits).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection, for the small arguments the series handles badly.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// ln of the binomial probability of exactly `k` successes in `n`.
fn ln_pmf(n: u64, k: u64, p: f64) -> f64 {
    let (n, k) = (n as f64, k as f64);
    ln_gamma(n + 1.0) - ln_gamma(k + 1.0) - ln_gamma(n - k + 1.0)
        + k * p.ln()
        + (n - k) * (1.0 - p).ln()
}

/// P(X >= k) for X binomial(n, p): exact, summed from the largest term
/// down in log space so far tails do not underflow to nothing early.
pub fn binomial_upper_tail(n: u64, k: u64, p: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    if p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    let terms: Vec<f64> = (k..=n).map(|i| ln_pmf(n, i, p)).collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (top + sum.ln()).exp().min(1.0)
}

/// P(X >= k) for X beta-binomial: n trials at a rate drawn from
/// Beta(`a`, `b`). Summed exactly in log space like the binomial's.
pub fn beta_binomial_upper_tail(n: u64, k: u64, a: f64, b: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    let nf = n as f64;
    let ln_beta = |x: f64, y: f64| ln_gamma(x) + ln_gamma(y) - ln_gamma(x + y);
    let base = ln_gamma(nf + 1.0) - ln_beta(a, b);
    let terms: Vec<f64> = (k..=n)
        .map(|i| {
            let i = i as f64;
            base - ln_gamma(i + 1.0) - ln_gamma(nf - i + 1.0) + ln_beta(i + a, nf - i + b)
        })
        .collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (top + sum.ln()).exp().min(1.0)
}

/// The beta distribution's (a, b) with mean `m` and variance `v`
/// (`None` when no beta has them: a variance of nothing, or one as large
/// as a coin's that is always heads or tails).
pub fn beta_of(m: f64, v: f64) -> Option<(f64, f64)> {
    if !(0.0 < m && m < 1.0) || v <= 0.0 || v >= m * (1.0 - m) {
        return None;
    }
    let total = m * (1.0 - m) / v - 1.0;
    Some((m * total, (1.0 - m) * total))
}

/// P(Z >= z) for a standard normal Z.
pub fn normal_upper_tail(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// The complementary error function (Numerical Recipes' Chebyshev fit,
/// relative error under 1.2e-7 everywhere).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs().max(1e-300)
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        // Γ(n + 1) = n!
        assert!(close(ln_gamma(1.0), 0.0_f64, 1e-12) || ln_gamma(1.0).abs() < 1e-12);
        assert!(close(ln_gamma(6.0), 120f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(21.0),
            2_432_902_008_176_640_000f64.ln(),
            1e-12
        ));
        // Γ(1/2) = √π
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn binomial_tails_are_the_known_sums() {
        // Eight or more heads in ten fair tosses: (45 + 10 + 1) / 1024.
        assert!(close(binomial_upper_tail(10, 8, 0.5), 56.0 / 1024.0, 1e-10));
        // All twenty with p = 0.9: 0.9^20.
        assert!(close(
            binomial_upper_tail(20, 20, 0.9),
            0.9f64.powi(20),
            1e-10
        ));
        // At least one six in four throws of a die: 1 - (5/6)^4.
        let one = 1.0 - (5.0f64 / 6.0).powi(4);
        assert!(close(binomial_upper_tail(4, 1, 1.0 / 6.0), one, 1e-10));
        assert_eq!(binomial_upper_tail(10, 0, 0.3), 1.0);
        assert_eq!(binomial_upper_tail(10, 11, 0.3), 0.0);
        // Far out: 300 of 300 at p = 0.5 is 2^-300, not zero.
        assert!(close(
            binomial_upper_tail(300, 300, 0.5),
            0.5f64.powi(300),
            1e-8
        ));
    }

    #[test]
    fn normal_tails_are_the_tabled_values() {
        assert!(close(normal_upper_tail(0.0), 0.5, 1e-6));
        assert!(close(normal_upper_tail(1.959_964), 0.025, 1e-5));
        assert!(close(normal_upper_tail(3.0), 0.001_349_898, 1e-5));
        assert!(close(normal_upper_tail(-1.644_854), 0.95, 1e-6));
    }

    #[test]
    fn beta_binomial_tails_are_the_known_sums() {
        // Beta(1, 1) is the uniform rate: every count of n is equally
        // likely, so k or more of 10 has (11 - k) / 11.
        assert!(close(
            beta_binomial_upper_tail(10, 8, 1.0, 1.0),
            3.0 / 11.0,
            1e-10
        ));
        // One trial: the mean rate a / (a + b).
        assert!(close(beta_binomial_upper_tail(1, 1, 2.0, 6.0), 0.25, 1e-10));
        // A narrow beta is nearly the binomial at its mean.
        let narrow = beta_binomial_upper_tail(10, 8, 5e5, 5e5);
        assert!(close(narrow, 56.0 / 1024.0, 1e-4));
        // A spread of rates makes a high count likelier than the binomial.
        assert!(
            beta_binomial_upper_tail(400, 240, 50.0, 50.0) > binomial_upper_tail(400, 240, 0.5)
        );
        let (a, b) = beta_of(0.25, 0.0125).expect("beta");
        assert!(close(a, 3.5, 1e-12) && close(b, 10.5, 1e-12));
        assert_eq!(beta_of(0.5, 0.0), None);
    }

    proptest! {
        /// More agreements are never more probable, and the tail is a
        /// probability.
        #[test]
        fn the_tail_falls_as_k_rises(n in 1u64..400, k in 0u64..400, p in 0.01f64..0.99) {
            let k = k.min(n);
            let here = binomial_upper_tail(n, k, p);
            let next = binomial_upper_tail(n, k + 1, p);
            prop_assert!((0.0..=1.0).contains(&here));
            prop_assert!(next <= here + 1e-12);
        }
    }
}
