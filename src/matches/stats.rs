//! The arithmetic of a match: score, Elo difference with its 95% interval, likelihood of
//! superiority, and the sequential probability ratio test that stops a match once it decides.
//!
//! Everything is from the first engine's point of view and uses the logistic Elo model, where a
//! score fraction `s` means a difference of `-400 log10(1/s - 1)`.

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

/// An Elo difference with its 95% interval (infinite at a score of 0% or 100%).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The most likely difference.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score as a fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The variance of one game's score around the mean (population variance of the results).
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference and its 95% interval, from the score and its standard error
    /// (`1.96 σ / √n`, mapped through the logistic curve); `None` without games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let s = self.score();
        let margin = Z95 * (self.variance() / n as f64).sqrt();
        Some(EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(s - margin),
            high: elo_from_score(s + margin),
        })
    }

    /// The likelihood of superiority: the probability that the first engine is the stronger,
    /// `(1 + erf((W - L) / √(2 (W + L)))) / 2` (draws carry no information); 0.5 without decisive games.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

/// The Elo difference a score fraction means: `-400 log10(1/s - 1)`; ±infinity at 1 and 0.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score fraction at an Elo difference: `1 / (1 + 10^(-elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by Abramowitz and Stegun's formula 7.1.26 (absolute error below 1.5e-7),
/// which is ample for a probability printed with one decimal.
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis H0.
    pub elo0: f64,
    /// The Elo difference of the alternative H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the difference is at most `elo0`.
    H0,
    /// H1 accepted: the difference is at least `elo1`.
    H1,
}

impl Sprt {
    /// Reads `elo0=0,elo1=10[,alpha=0.05,beta=0.05]` (commas or spaces between the fields).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for field in text.split([',', ' ']).filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("`{field}` is not KEY=VALUE"))?;
            let v: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("`{value}` is not a number"))?;
            if !v.is_finite() {
                return Err(format!("`{value}` is not a finite number"));
            }
            match key.trim() {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                other => {
                    return Err(format!(
                        "unknown SPRT field `{other}` (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            return Err("the SPRT needs both elo0 and elo1".into());
        }
        if s.elo1 <= s.elo0 {
            return Err("elo1 must be greater than elo0".into());
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err("alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(s)
    }

    /// The log-likelihood-ratio bounds: below `ln(β / (1 - α))` H0 is accepted, above
    /// `ln((1 - β) / α)` H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these games, by the normal approximation
    /// of the generalised SPRT (M. Van den Bergh's, used by Fishtest for trinomial results):
    /// `n (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`, where `s0`, `s1` are the scores the hypotheses
    /// expect, `x̄` the mean game score and `σ²` its variance. When every game had the same result
    /// the variance is taken as that of the results with one draw more, so a one-sided match (an
    /// engine that crashes in every game) still decides; zero without games.
    pub fn llr(&self, t: &Tally) -> f64 {
        let n = t.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mut var = t.variance();
        if var <= 0.0 {
            var = Tally {
                draws: t.draws + 1,
                ..*t
            }
            .variance();
        }
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * t.score() - s0 - s1) / (2.0 * var)
    }

    /// The decision after these games, if the log-likelihood ratio has left its bounds.
    pub fn decide(&self, t: &Tally) -> Option<SprtDecision> {
        let (low, high) = self.bounds();
        let llr = self.llr(t);
        if llr >= high {
            Some(SprtDecision::H1)
        } else if llr <= low {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}
