//! The figures of a study, computed from its game records alone (so merged shards give exactly
//! the figures of the whole study), and the side-by-side table of several definitions.

pub use super::measure::{Interval, FORCED_CP, LEAD_CP};
use super::values::{piece_values, PieceValue};
use super::{DefinitionStudy, StudyEnding, Winner};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The figures of one definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// The variant's display name.
    pub name: String,
    /// The file as given.
    pub file: String,
    /// Games played.
    pub games: u32,
    /// Games won by the side that moves first.
    pub first_wins: u32,
    /// Games won by the other side.
    pub second_wins: u32,
    /// Games drawn (the ply cap included).
    pub draws: u32,
    /// The first player's score (wins + half the draws, per game) with its 95% interval.
    pub first_score: Interval,
    /// Share of games drawn.
    pub draw_rate: f64,
    /// Share of games won by either side.
    pub decisive_rate: f64,
    /// In decisive games, the mean share of the game played before the winner took the lead it
    /// kept to the end (0: ahead from the first engine move; near 1: decided only at the end).
    pub decided_at: Option<f64>,
    /// Games per ending.
    pub endings: BTreeMap<StudyEnding, u32>,
    /// Mean game length, plies.
    pub length_mean: f64,
    /// Median game length, plies.
    pub length_median: f64,
    /// Standard deviation of the game length, plies.
    pub length_sd: f64,
    /// Shortest game, plies.
    pub length_min: u32,
    /// Longest game, plies.
    pub length_max: u32,
    /// Every game's length, shortest first.
    pub lengths: Vec<u32>,
    /// Mean number of legal moves over every position played.
    pub branching_mean: f64,
    /// Mean number of legal moves at each ply, over the games that reached it.
    pub branching_per_ply: Vec<f64>,
    /// Captures per game.
    pub captures_per_game: f64,
    /// Drops per game.
    pub drops_per_game: f64,
    /// Changes of the side ahead by the engine's evaluation, per game.
    pub lead_changes_per_game: f64,
    /// Nodes searched per game.
    pub nodes_per_game: f64,
    /// Piece values: static, and measured when the study measured them.
    pub piece_values: Vec<PieceValue>,
}

/// The figures of one definition's games.
pub fn summarize(d: &DefinitionStudy) -> Metrics {
    let games = &d.games;
    let n = games.len() as u32;
    let nf = (n.max(1)) as f64;
    let count = |w: Winner| games.iter().filter(|g| g.winner == w).count() as u32;
    let (first_wins, second_wins, draws) = (
        count(Winner::First),
        count(Winner::Second),
        count(Winner::Draw),
    );
    let points: f64 = games.iter().map(|g| g.winner.first_points()).sum();
    let mut endings = BTreeMap::new();
    for g in games {
        *endings.entry(g.ending).or_insert(0) += 1;
    }
    let mut lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
    lengths.sort_unstable();
    let length_mean = lengths.iter().map(|&l| l as f64).sum::<f64>() / nf;
    let length_median = match lengths.len() {
        0 => 0.0,
        k if k % 2 == 1 => lengths[k / 2] as f64,
        k => (lengths[k / 2 - 1] + lengths[k / 2]) as f64 / 2.0,
    };
    let length_sd = (lengths
        .iter()
        .map(|&l| (l as f64 - length_mean).powi(2))
        .sum::<f64>()
        / nf)
        .sqrt();
    let longest = games.iter().map(|g| g.branching.len()).max().unwrap_or(0);
    let mut sum = vec![0u64; longest];
    let mut reached = vec![0u64; longest];
    for g in games {
        for (i, &b) in g.branching.iter().enumerate() {
            sum[i] += b as u64;
            reached[i] += 1;
        }
    }
    let positions: u64 = reached.iter().sum();
    let branching_mean = sum.iter().sum::<u64>() as f64 / (positions.max(1)) as f64;
    let branching_per_ply = sum
        .iter()
        .zip(&reached)
        .map(|(&s, &r)| s as f64 / r.max(1) as f64)
        .collect();
    let decisive: Vec<f64> = games
        .iter()
        .filter_map(|g| g.decided_at.map(|a| a as f64 / g.plies.max(1) as f64))
        .collect();
    let per_game = |f: &dyn Fn(&super::GameRecord) -> f64| games.iter().map(f).sum::<f64>() / nf;
    Metrics {
        name: d.name.clone(),
        file: d.file.clone(),
        games: n,
        first_wins,
        second_wins,
        draws,
        first_score: Interval::wilson(points, n),
        draw_rate: draws as f64 / nf,
        decisive_rate: (first_wins + second_wins) as f64 / nf,
        decided_at: if decisive.is_empty() {
            None
        } else {
            Some(decisive.iter().sum::<f64>() / decisive.len() as f64)
        },
        endings,
        length_mean,
        length_median,
        length_sd,
        length_min: lengths.first().copied().unwrap_or(0),
        length_max: lengths.last().copied().unwrap_or(0),
        lengths,
        branching_mean,
        branching_per_ply,
        captures_per_game: per_game(&|g| g.captures as f64),
        drops_per_game: per_game(&|g| g.drops as f64),
        lead_changes_per_game: per_game(&|g| g.lead_changes as f64),
        nodes_per_game: per_game(&|g| g.nodes as f64),
        piece_values: piece_values(d),
    }
}

/// A table of figures: one column per definition, one row per figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The column heads (the definitions' file names).
    pub heads: Vec<String>,
    /// Each row: its label and one cell per definition.
    pub rows: Vec<(String, Vec<String>)>,
}

/// A percentage with one decimal.
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A figure with one decimal.
pub fn one(x: f64) -> String {
    format!("{:.1}", x)
}

/// The side-by-side table of several definitions' figures.
pub fn table(ms: &[Metrics]) -> Table {
    let heads = ms.iter().map(|m| short_name(&m.file)).collect();
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: &str, f: &dyn Fn(&Metrics) -> String| {
        rows.push((label.to_string(), ms.iter().map(f).collect()));
    };
    row("games", &|m| m.games.to_string());
    row("first player score", &|m| pct(m.first_score.value));
    row("  95% interval", &|m| {
        format!("{}-{}", pct(m.first_score.low), pct(m.first_score.high))
    });
    row("wins first/draws/second", &|m| {
        format!("{}/{}/{}", m.first_wins, m.draws, m.second_wins)
    });
    row("draw rate", &|m| pct(m.draw_rate));
    row("decisive games", &|m| pct(m.decisive_rate));
    row("decided at (share of game)", &|m| {
        m.decided_at.map_or("-".to_string(), pct)
    });
    for e in StudyEnding::ALL {
        if ms.iter().any(|m| m.endings.contains_key(&e)) {
            row(&format!("ended by {}", e.label()), &|m| {
                m.endings.get(&e).copied().unwrap_or(0).to_string()
            });
        }
    }
    row("length mean (plies)", &|m| one(m.length_mean));
    row("length median", &|m| one(m.length_median));
    row("length sd", &|m| one(m.length_sd));
    row("length min-max", &|m| {
        format!("{}-{}", m.length_min, m.length_max)
    });
    row("branching mean", &|m| one(m.branching_mean));
    for ply in [0usize, 10, 20, 40, 80] {
        row(&format!("branching at ply {}", ply + 1), &|m| {
            m.branching_per_ply
                .get(ply)
                .map_or("-".to_string(), |&b| one(b))
        });
    }
    row("captures per game", &|m| one(m.captures_per_game));
    row("drops per game", &|m| one(m.drops_per_game));
    row("lead changes per game", &|m| one(m.lead_changes_per_game));
    row("nodes per game", &|m| format!("{:.0}", m.nodes_per_game));
    Table { heads, rows }
}

/// A file name without its folder and `.variant`.
pub fn short_name(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    base.strip_suffix(".variant").unwrap_or(base).to_string()
}

impl Table {
    /// The table as aligned plain text.
    pub fn to_text(&self) -> String {
        let label_w = self.rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
        let widths: Vec<usize> = (0..self.heads.len())
            .map(|i| {
                self.rows
                    .iter()
                    .map(|r| r.1[i].len())
                    .chain([self.heads[i].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = format!("{:label_w$}", "");
        for (h, w) in self.heads.iter().zip(&widths) {
            out.push_str(&format!("  {:>w$}", h, w = w));
        }
        out.push('\n');
        for (label, cells) in &self.rows {
            out.push_str(&format!("{:label_w$}", label));
            for (c, w) in cells.iter().zip(&widths) {
                out.push_str(&format!("  {:>w$}", c, w = w));
            }
            out.push('\n');
        }
        out
    }

    /// The table as Markdown.
    pub fn to_markdown(&self) -> String {
        let mut out = format!("| |{}|\n", self.heads.join("|"));
        out.push_str(&format!("|---|{}\n", "---:|".repeat(self.heads.len())));
        for (label, cells) in &self.rows {
            out.push_str(&format!("| {} |{}|\n", label.trim(), cells.join("|")));
        }
        out
    }

    /// The table as an HTML `<table>`.
    pub fn to_html(&self) -> String {
        let mut out = String::from("<table>\n<tr><th></th>");
        for h in &self.heads {
            out.push_str(&format!("<th>{}</th>", html_escape(h)));
        }
        out.push_str("</tr>\n");
        for (label, cells) in &self.rows {
            out.push_str(&format!("<tr><th>{}</th>", html_escape(label.trim())));
            for c in cells {
                out.push_str(&format!("<td>{}</td>", html_escape(c)));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
        out
    }
}

/// Text made safe inside HTML or SVG (the crate's one escaper).
pub use crate::markup::xml_escape as html_escape;
