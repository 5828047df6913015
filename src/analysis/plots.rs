//! The report's plots, drawn with plotters into SVG text, and the page that shows them with the
//! table. Each plot writes the figures of the table it illustrates as text (captions, legends,
//! bar labels), so a reader (or a test) finds the table's numbers in the picture.

use super::metrics::{html_escape, one, pct, short_name, table, Metrics, Table};
use super::{AnalysisError, StudyConfig, StudyEnding};
use plotters::prelude::*;

const WIDTH: u32 = 760;
const FIRST: RGBColor = RGBColor(0xe0, 0xe0, 0xd8);
const SECOND: RGBColor = RGBColor(0x33, 0x33, 0x33);
const DRAW: RGBColor = RGBColor(0x9e, 0x9e, 0x9e);
/// One colour per definition (cycled).
const SERIES: [RGBColor; 6] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

/// A plot's file name and SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    /// File name, e.g. `lengths.svg`.
    pub file: &'static str,
    /// What it shows.
    pub title: &'static str,
    /// The SVG document.
    pub svg: String,
}

fn err<E: std::fmt::Debug>(chart: &'static str) -> impl Fn(E) -> AnalysisError {
    move |e| AnalysisError::Plot {
        chart,
        reason: format!("{e:?}"),
    }
}

/// Every plot of the report.
pub fn plots(ms: &[Metrics]) -> Result<Vec<Plot>, AnalysisError> {
    Ok(vec![
        Plot {
            file: "lengths.svg",
            title: "Game length",
            svg: lengths(ms)?,
        },
        Plot {
            file: "branching.svg",
            title: "Branching factor per ply",
            svg: branching(ms)?,
        },
        Plot {
            file: "outcomes.svg",
            title: "Outcomes",
            svg: outcomes(ms)?,
        },
        Plot {
            file: "values.svg",
            title: "Piece values",
            svg: values(ms)?,
        },
    ])
}

/// The game-length histogram, one panel per definition.
pub fn lengths(ms: &[Metrics]) -> Result<String, AnalysisError> {
    const NAME: &str = "game-length";
    let panel_h = 220u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, panel_h * ms.len().max(1) as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(err(NAME))?;
        let longest = ms.iter().map(|m| m.length_max).max().unwrap_or(1).max(1);
        let bins = 20u32;
        let width = longest.div_ceil(bins).max(1);
        for (i, (m, area)) in ms.iter().zip(root.split_evenly((ms.len(), 1))).enumerate() {
            let mut counts = vec![0u32; bins as usize + 1];
            for &len in &m.lengths {
                counts[((len / width) as usize).min(bins as usize)] += 1;
            }
            let top = counts.iter().copied().max().unwrap_or(1).max(1);
            let caption = format!(
                "{}: mean {} plies, median {}, sd {}",
                short_name(&m.file),
                one(m.length_mean),
                one(m.length_median),
                one(m.length_sd)
            );
            let mut chart = ChartBuilder::on(&area)
                .caption(caption, ("sans-serif", 16))
                .margin(8)
                .x_label_area_size(28)
                .y_label_area_size(40)
                .build_cartesian_2d(0f64..((bins + 1) * width) as f64, 0f64..top as f64 * 1.1)
                .map_err(err(NAME))?;
            chart
                .configure_mesh()
                .x_desc("plies")
                .y_desc("games")
                .disable_x_mesh()
                .draw()
                .map_err(err(NAME))?;
            let colour = SERIES[i % SERIES.len()];
            chart
                .draw_series(
                    counts
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| c > 0)
                        .map(|(b, &c)| {
                            let x0 = b as f64 * width as f64;
                            Rectangle::new(
                                [(x0, 0.0), (x0 + width as f64, c as f64)],
                                colour.filled(),
                            )
                        }),
                )
                .map_err(err(NAME))?;
        }
        root.present().map_err(err(NAME))?;
    }
    Ok(svg)
}

/// The mean branching factor at each ply, one line per definition.
pub fn branching(ms: &[Metrics]) -> Result<String, AnalysisError> {
    const NAME: &str = "branching";
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(err(NAME))?;
        let plies = ms
            .iter()
            .map(|m| m.branching_per_ply.len())
            .max()
            .unwrap_or(1)
            .max(1);
        let top = ms
            .iter()
            .flat_map(|m| m.branching_per_ply.iter().copied())
            .fold(1.0f64, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption("Legal moves per ply (mean over games)", ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(45)
            .build_cartesian_2d(1f64..plies as f64, 0f64..top * 1.1)
            .map_err(err(NAME))?;
        chart
            .configure_mesh()
            .x_desc("ply")
            .y_desc("legal moves")
            .draw()
            .map_err(err(NAME))?;
        for (i, m) in ms.iter().enumerate() {
            let colour = SERIES[i % SERIES.len()];
            chart
                .draw_series(LineSeries::new(
                    m.branching_per_ply
                        .iter()
                        .enumerate()
                        .map(|(p, &b)| (p as f64 + 1.0, b)),
                    colour.stroke_width(2),
                ))
                .map_err(err(NAME))?
                .label(format!(
                    "{}: mean {}",
                    short_name(&m.file),
                    one(m.branching_mean)
                ))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err(NAME))?;
        root.present().map_err(err(NAME))?;
    }
    Ok(svg)
}

/// Results (first player wins, draws, second player wins) and endings, a bar per definition.
pub fn outcomes(ms: &[Metrics]) -> Result<String, AnalysisError> {
    const NAME: &str = "outcomes";
    let n = ms.len().max(1);
    let panel_h = 60 + 40 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 2 * panel_h)).into_drawing_area();
        root.fill(&WHITE).map_err(err(NAME))?;
        let panels = root.split_evenly((2, 1));
        let label_w = 190;
        // Results.
        let mut chart = ChartBuilder::on(&panels[0])
            .caption(
                "Results: first player wins / draws / second player wins",
                ("sans-serif", 16),
            )
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(label_w)
            .build_cartesian_2d(0f64..100f64, 0f64..n as f64)
            .map_err(err(NAME))?;
        let names: Vec<String> = ms.iter().map(|m| short_name(&m.file)).collect();
        let name_of = |y: &f64| {
            let i = y.floor() as usize;
            if (*y - i as f64 - 0.5).abs() < 0.26 {
                names.get(n - 1 - i.min(n - 1)).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(2 * n + 1)
            .y_label_formatter(&name_of)
            .x_desc("% of games")
            .draw()
            .map_err(err(NAME))?;
        for (i, m) in ms.iter().enumerate() {
            let y = (n - 1 - i) as f64;
            let g = m.games.max(1) as f64;
            let parts = [
                (
                    m.first_wins,
                    FIRST,
                    BLACK,
                    format!("first {}", m.first_wins),
                ),
                (m.draws, DRAW, BLACK, format!("draws {}", m.draws)),
                (
                    m.second_wins,
                    SECOND,
                    WHITE,
                    format!("second {}", m.second_wins),
                ),
            ];
            let mut x = 0.0;
            for (count, fill, ink, label) in parts {
                let w = count as f64 * 100.0 / g;
                if count > 0 {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(x, y + 0.15), (x + w, y + 0.85)],
                            fill.filled(),
                        )))
                        .map_err(err(NAME))?;
                    chart
                        .draw_series(std::iter::once(Text::new(
                            label,
                            (x + 1.0, y + 0.62),
                            ("sans-serif", 12).into_font().color(&ink),
                        )))
                        .map_err(err(NAME))?;
                }
                x += w;
            }
            chart
                .draw_series(std::iter::once(Text::new(
                    format!(
                        "score {} ({}-{})",
                        pct(m.first_score.value),
                        pct(m.first_score.low),
                        pct(m.first_score.high)
                    ),
                    (1.0, y + 0.14),
                    ("sans-serif", 11).into_font().color(&BLUE),
                )))
                .map_err(err(NAME))?;
        }
        // Endings.
        let mut chart = ChartBuilder::on(&panels[1])
            .caption("How the games ended", ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(label_w)
            .build_cartesian_2d(0f64..100f64, 0f64..n as f64)
            .map_err(err(NAME))?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(2 * n + 1)
            .y_label_formatter(&name_of)
            .x_desc("% of games")
            .draw()
            .map_err(err(NAME))?;
        for (i, m) in ms.iter().enumerate() {
            let y = (n - 1 - i) as f64;
            let g = m.games.max(1) as f64;
            let mut x = 0.0;
            for (e, colour) in StudyEnding::ALL.iter().zip(SERIES.iter().cycle()) {
                let count = m.endings.get(e).copied().unwrap_or(0);
                if count == 0 {
                    continue;
                }
                let w = count as f64 * 100.0 / g;
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x, y + 0.15), (x + w, y + 0.85)],
                        colour.mix(0.7).filled(),
                    )))
                    .map_err(err(NAME))?;
                chart
                    .draw_series(std::iter::once(Text::new(
                        format!("{} {}", e.label(), count),
                        (x + 1.0, y + 0.55),
                        ("sans-serif", 11).into_font(),
                    )))
                    .map_err(err(NAME))?;
                x += w;
            }
        }
        root.present().map_err(err(NAME))?;
    }
    Ok(svg)
}

/// Piece values in pawns: the evaluation's (bars) and the measured ones (points with their 95%
/// intervals), one panel per definition.
pub fn values(ms: &[Metrics]) -> Result<String, AnalysisError> {
    const NAME: &str = "piece-values";
    let panel_h = 260u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, panel_h * ms.len().max(1) as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(err(NAME))?;
        for (m, area) in ms.iter().zip(root.split_evenly((ms.len(), 1))) {
            let kinds: Vec<_> = m
                .piece_values
                .iter()
                .filter(|v| v.static_pawns > 0.0 || v.measured.is_some())
                .collect();
            let k = kinds.len().max(1);
            let top = kinds
                .iter()
                .flat_map(|v| {
                    [
                        v.static_pawns,
                        v.measured
                            .as_ref()
                            .and_then(|x| x.pawns)
                            .map_or(0.0, |x| x.high),
                    ]
                })
                .fold(1.0f64, f64::max);
            let bottom = kinds
                .iter()
                .map(|v| {
                    v.measured
                        .as_ref()
                        .and_then(|x| x.pawns)
                        .map_or(0.0, |x| x.low)
                })
                .fold(0.0f64, f64::min);
            let letters: Vec<String> = kinds.iter().map(|v| v.letter.clone()).collect();
            let letter_of = |x: &f64| {
                let i = x.floor() as usize;
                if (*x - i as f64 - 0.5).abs() < 0.26 {
                    letters.get(i).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            };
            let mut chart = ChartBuilder::on(&area)
                .caption(
                    format!(
                        "{}: piece values in pawns (bars: evaluation; dots: measured, 95%)",
                        short_name(&m.file)
                    ),
                    ("sans-serif", 14),
                )
                .margin(8)
                .x_label_area_size(24)
                .y_label_area_size(40)
                .build_cartesian_2d(0f64..k as f64, bottom * 1.1..top * 1.15)
                .map_err(err(NAME))?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(2 * k + 1)
                .x_label_formatter(&letter_of)
                .y_desc("pawns")
                .draw()
                .map_err(err(NAME))?;
            for (i, v) in kinds.iter().enumerate() {
                let x = i as f64;
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x + 0.15, 0.0), (x + 0.85, v.static_pawns)],
                        SERIES[0].mix(0.35).filled(),
                    )))
                    .map_err(err(NAME))?;
                chart
                    .draw_series(std::iter::once(Text::new(
                        format!("{:.2}", v.static_pawns),
                        (x + 0.18, v.static_pawns + top * 0.07),
                        ("sans-serif", 10).into_font(),
                    )))
                    .map_err(err(NAME))?;
                if let Some(ms) = v.measured.as_ref().and_then(|x| x.pawns) {
                    let c = x + 0.5;
                    chart
                        .draw_series([
                            PathElement::new(
                                vec![(c, ms.low), (c, ms.high)],
                                SERIES[1].stroke_width(2),
                            ),
                            PathElement::new(
                                vec![(c - 0.1, ms.low), (c + 0.1, ms.low)],
                                SERIES[1].stroke_width(2),
                            ),
                            PathElement::new(
                                vec![(c - 0.1, ms.high), (c + 0.1, ms.high)],
                                SERIES[1].stroke_width(2),
                            ),
                        ])
                        .map_err(err(NAME))?;
                    chart
                        .draw_series(std::iter::once(Circle::new(
                            (c, ms.value),
                            4,
                            SERIES[1].filled(),
                        )))
                        .map_err(err(NAME))?;
                    chart
                        .draw_series(std::iter::once(Text::new(
                            format!("{:.2}", ms.value),
                            (c + 0.08, ms.value),
                            ("sans-serif", 10).into_font().color(&SERIES[1]),
                        )))
                        .map_err(err(NAME))?;
                }
            }
        }
        root.present().map_err(err(NAME))?;
    }
    Ok(svg)
}

/// One definition's piece values as a table: static and measured, pawns.
pub fn values_table(m: &Metrics) -> Table {
    let heads = vec![
        "letter".to_string(),
        "static".to_string(),
        "measured".to_string(),
        "95% interval".to_string(),
        "score with it".to_string(),
        "games".to_string(),
    ];
    let rows = m
        .piece_values
        .iter()
        .map(|v| {
            let (meas, range, score, games) = match &v.measured {
                Some(x) => (
                    x.pawns.map_or("-".into(), |p| format!("{:.2}", p.value)),
                    x.pawns
                        .map_or("-".into(), |p| format!("{:.2} to {:.2}", p.low, p.high)),
                    format!(
                        "{} ({}-{})",
                        pct(x.score.value),
                        pct(x.score.low),
                        pct(x.score.high)
                    ),
                    x.games.to_string(),
                ),
                None => ("-".into(), "-".into(), "-".into(), "-".into()),
            };
            (
                v.name.clone(),
                vec![
                    v.letter.clone(),
                    format!("{:.2}", v.static_pawns),
                    meas,
                    range,
                    score,
                    games,
                ],
            )
        })
        .collect();
    Table { heads, rows }
}

/// The report page: settings, the table, the piece values and the plots (as `<img>` of the SVG
/// files written beside it).
pub fn index_html(config: &StudyConfig, ms: &[Metrics], plots: &[Plot]) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>chimera analyze</title>\n\
         <style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}\
         td,th{border:1px solid #ccc;padding:2px 8px}td{text-align:right}th{text-align:left}\
         </style></head><body>\n<h1>Self-play analysis</h1>\n",
    );
    out.push_str(&format!(
        "<p>{} games per definition, {} a move, {} random opening plies, seed {}, games stopped \
         (a draw) after {} plies.</p>\n",
        config.games, config.budget, config.random_plies, config.seed, config.max_plies
    ));
    out.push_str(&table(ms).to_html());
    for m in ms {
        out.push_str(&format!(
            "<h2>Piece values: {}</h2>\n",
            html_escape(&short_name(&m.file))
        ));
        out.push_str(&values_table(m).to_html());
    }
    for p in plots {
        out.push_str(&format!(
            "<h2>{}</h2>\n<img src=\"{}\" alt=\"{}\">\n",
            p.title, p.file, p.title
        ));
    }
    out.push_str("</body></html>\n");
    out
}
