//! The studio's analysis panel: `chimera analyze`'s self-play on the open definitions, played one
//! game at a time so it can be stopped between games, and shown as the same table and plots as
//! `analyze --report`. Game `g` is played as the one-game shard `g+1/N` of the study, so the games
//! are exactly those `chimera analyze` plays with the same settings.

use crate::analysis::{
    plots, study_definition, summarize, table, Budget, DefinitionStudy, Metrics, Shard, StudyConfig,
};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Most games per definition the page may ask for.
pub const MAX_GAMES: u32 = 50;
/// Most nodes per move the page may ask for.
pub const MAX_NODES: u64 = 10_000;
/// Longest game the page may ask for, in plies.
pub const MAX_PLIES: u32 = 300;
/// Most definitions analysed side by side.
pub const MAX_DEFINITIONS: usize = 8;

fn default_plies() -> u32 {
    200
}

/// What the page asks to play.
#[derive(Clone, Debug, Deserialize)]
pub struct Request {
    /// Games per definition (1 to [`MAX_GAMES`]).
    pub games: u32,
    /// Nodes per move (10 to [`MAX_NODES`]).
    pub nodes: u64,
    /// Plies before a game is scored a draw (10 to [`MAX_PLIES`]).
    #[serde(default = "default_plies")]
    pub max_plies: u32,
    /// Every definition served, side by side, rather than the open one.
    #[serde(default)]
    pub all: bool,
}

impl Request {
    /// The study these settings ask for, or what is out of bounds.
    pub fn config(&self) -> Result<StudyConfig, String> {
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(format!(
                "{} games: the studio plays 1 to {MAX_GAMES} games a definition",
                self.games
            ));
        }
        if !(10..=MAX_NODES).contains(&self.nodes) {
            return Err(format!(
                "{} nodes: the studio searches 10 to {MAX_NODES} nodes a move",
                self.nodes
            ));
        }
        if !(10..=MAX_PLIES).contains(&self.max_plies) {
            return Err(format!(
                "{} plies: a game is cut at 10 to {MAX_PLIES} plies",
                self.max_plies
            ));
        }
        Ok(StudyConfig {
            games: self.games,
            budget: Budget::Nodes(self.nodes),
            seed: 1,
            random_plies: 4,
            max_plies: self.max_plies,
            hash_mb: 4,
            value_games: 0,
        })
    }
}

/// One plot of the report.
#[derive(Clone, Debug, Serialize)]
pub struct PlotView {
    /// What it shows.
    pub title: &'static str,
    /// The SVG document.
    pub svg: String,
}

/// The finished analysis: the table (HTML and text), the plots, and the figures.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The side-by-side table as HTML.
    pub table_html: String,
    /// The same table as aligned text.
    pub table_text: String,
    /// The report's plots.
    pub plots: Vec<PlotView>,
    /// Every definition's figures.
    pub summary: Vec<Metrics>,
}

/// Plays `config`'s games on each `(file, engine)`, one at a time. Before each game `stop` may
/// give a reason to stop (the page asked, or went away); after each, `progress(done, total)`.
pub fn run(
    definitions: &[(String, Arc<Engine>)],
    config: &StudyConfig,
    stop: &dyn Fn() -> Option<String>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Report, String> {
    let total = definitions.len() as u64 * u64::from(config.games);
    let mut done = 0;
    let mut studies: Vec<DefinitionStudy> = Vec::new();
    for (file, engine) in definitions {
        let mut whole: Option<DefinitionStudy> = None;
        for g in 0..config.games {
            if let Some(why) = stop() {
                return Err(why);
            }
            let shard = Shard {
                index: g + 1,
                count: config.games,
            };
            let part = study_definition(engine, file, config, Some(shard), 1, &|| {})
                .map_err(|e| e.to_string())?;
            match &mut whole {
                Some(w) => w.games.extend(part.games),
                None => whole = Some(part),
            }
            done += 1;
            progress(done, total);
        }
        if let Some(w) = whole {
            studies.push(w);
        }
    }
    let summary: Vec<Metrics> = studies.iter().map(summarize).collect();
    let t = table(&summary);
    let plots = plots::plots(&summary)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|p| PlotView {
            title: p.title,
            svg: p.svg,
        })
        .collect();
    Ok(Report {
        table_html: t.to_html(),
        table_text: t.to_text(),
        plots,
        summary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(games: u32, nodes: u64, max_plies: u32) -> Request {
        Request {
            games,
            nodes,
            max_plies,
            all: false,
        }
    }

    #[test]
    fn sizes_beyond_the_studios_bounds_are_refused() {
        assert!(request(0, 100, 50).config().is_err());
        assert!(request(MAX_GAMES + 1, 100, 50).config().is_err());
        assert!(request(2, MAX_NODES + 1, 50).config().is_err());
        assert!(request(2, 100, MAX_PLIES + 1).config().is_err());
        assert_eq!(
            request(2, 100, 50).config().map(|c| c.budget),
            Ok(Budget::Nodes(100))
        );
    }

    #[test]
    fn the_games_are_those_of_the_whole_study_and_a_stop_ends_it() {
        let rules = crate::compile::check_named(std::path::Path::new("chess"))
            .map(|c| c.rules)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let engine = Arc::new(Engine::new(rules).unwrap_or_else(|e| panic!("{e}")));
        let config = request(2, 50, 12)
            .config()
            .unwrap_or_else(|e| panic!("{e}"));
        let defs = vec![("chess.variant".to_string(), engine.clone())];
        let mut seen = Vec::new();
        let report = run(&defs, &config, &|| None, &mut |d, t| seen.push((d, t)))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seen, vec![(1, 2), (2, 2)]);
        let whole = study_definition(&engine, "chess.variant", &config, None, 1, &|| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.summary, vec![summarize(&whole)]);
        assert_eq!(report.plots.len(), 4);
        assert!(report.table_html.starts_with("<table>"));
        let stopped = run(&defs, &config, &|| Some("stopped".into()), &mut |_, _| {});
        assert_eq!(stopped.err(), Some("stopped".to_string()));
    }
}
