//! The computer player: `go`, `hint`, `computer`, `values`, and `expect best` / `expect mate`.

use super::Args;
use crate::engine::{Game, Move};
use crate::geometry::Player;
use crate::notation;
use crate::repl::{parse, ReplError, Result, Session};
use crate::search::{Limits, Score, SearchResult, Searcher, MAX_DEPTH};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Hash table size of the REPL's searcher, in megabytes.
const HASH_MB: usize = 64;
/// Most nodes `go nodes N` accepts.
pub(crate) const MAX_NODES: u64 = 10_000_000_000;
/// Most seconds `go time S` accepts (a day).
pub(crate) const MAX_SECONDS: u64 = 600;
/// The computer's thinking time per move when it plays (`computer ...`).
pub(crate) const COMPUTER_TIME: Duration = Duration::from_secs(2);

/// Which sides the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ComputerSides {
    /// Neither: the user plays both.
    #[default]
    Off,
    /// One side.
    One(Player),
    /// Both sides.
    Both,
}

impl ComputerSides {
    /// Whether the computer plays `p`.
    pub fn plays(self, p: Player) -> bool {
        match self {
            ComputerSides::Off => false,
            ComputerSides::One(q) => p == q,
            ComputerSides::Both => true,
        }
    }
}

/// Reads `depth N | nodes N | time SECONDS` (any of them, in any order; `time 500ms` in
/// milliseconds).
fn limits(words: &[&str], command: &str) -> Result<Limits> {
    let mut l = Limits::default();
    let help =
        format!("for example `{command} depth 6`, `{command} nodes 100000` or `{command} time 5`");
    let mut i = 0;
    while i < words.len() {
        let key = words[i].to_ascii_lowercase();
        let Some(value) = words.get(i + 1) else {
            return Err(
                ReplError::new(format!("`{}` needs a number after it", words[i])).with_help(help),
            );
        };
        // `time` takes seconds, or milliseconds written `500ms`.
        let millis = key == "time" && value.to_ascii_lowercase().ends_with("ms");
        let digits = if millis {
            &value[..value.len() - 2]
        } else {
            value.strip_suffix('s').unwrap_or(value)
        };
        let n = parse::number(digits, "the limit")?;
        match key.as_str() {
            "depth" => {
                if n == 0 || n > MAX_DEPTH as u64 {
                    return Err(ReplError::new(format!(
                        "depth {value} is out of range; the search goes 1 to {MAX_DEPTH} plies deep"
                    ))
                    .with_help(help));
                }
                l.depth = Some(n as u32);
            }
            "nodes" => {
                if n == 0 || n > MAX_NODES {
                    return Err(ReplError::new(format!(
                        "nodes {value} is out of range; at most {MAX_NODES}"
                    ))
                    .with_help(help));
                }
                l.nodes = Some(n);
            }
            "time" => {
                let t = if millis {
                    Duration::from_millis(n)
                } else {
                    Duration::from_secs(n)
                };
                if t.is_zero() || t > Duration::from_secs(MAX_SECONDS) {
                    return Err(ReplError::new(format!(
                        "time {value} is out of range: the time is in seconds, 1 to {MAX_SECONDS} \
                         (or in milliseconds written like `500ms`)"
                    ))
                    .with_help(help));
                }
                l.movetime = Some(t);
            }
            _ => {
                return Err(
                    ReplError::new(format!("`{}` is not a search limit", words[i])).with_help(help),
                )
            }
        }
        i += 2;
    }
    if l.depth.is_none() && l.nodes.is_none() && l.movetime.is_none() {
        l.movetime = Some(Duration::from_secs(5));
    }
    Ok(l)
}

/// A score as the REPL prints it.
pub(crate) fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{cp:+} cp"),
        Score::Mate(n) if n > 0 => format!("mate in {n}"),
        Score::Mate(0) => "mated".to_string(),
        Score::Mate(n) => format!("mated in {}", -n),
    }
}

/// Moves as text, each in the position it is played from.
fn line_text(engine: &crate::engine::Engine, game: &Game, moves: &[Move]) -> String {
    let mut pos = game.position().clone();
    let mut out = Vec::new();
    for &m in moves {
        out.push(notation::move_text(engine, &pos, m));
        pos = engine.play(&pos, m);
    }
    out.join(" ")
}

impl Session {
    /// Runs a search on the current position, with a live progress line when interactive.
    fn run_search(&mut self, limits: &Limits) -> Result<SearchResult> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let game = l.game.clone();
        let fresh = match &self.searcher {
            Some(s) => !Arc::ptr_eq(s.engine(), &engine),
            None => true,
        };
        if fresh {
            // A capped session searches a few nodes: a big table would cost more than the search.
            let mb = if self.search_cap.is_some() {
                1
            } else {
                HASH_MB
            };
            self.searcher = Some(Searcher::new(engine.clone(), mb));
        }
        let capped;
        let limits = match self.search_cap {
            Some(cap) => {
                // Even an unbounded search stops at the cap (`infinite` would ignore it).
                capped = Limits {
                    nodes: Some(limits.nodes.map_or(cap, |n| n.min(cap))),
                    infinite: false,
                    ..limits.clone()
                };
                &capped
            }
            None => limits,
        };
        let Some(searcher) = self.searcher.as_mut() else {
            return Err(ReplError::new("the search could not start"));
        };
        self.cancel.store(false, Ordering::SeqCst);
        // The searcher borrows the session mutably, so the progress cell is reached by field.
        let progress = &self.progress;
        let report = |line: &str| {
            if let Some(p) = progress.borrow_mut().as_deref_mut() {
                p.search(line);
            }
        };
        report("searching");
        let mut on_info = |i: &crate::search::Info| {
            report(&format!(
                "depth {} score {} nodes {} {} knps pv {}",
                i.depth,
                score_text(i.score),
                i.nodes,
                i.nps() / 1000,
                line_text(&engine, &game, &i.pv)
            ));
        };
        let r = searcher.search(&game, limits, &self.cancel, &mut on_info);
        if let Some(p) = progress.borrow_mut().as_deref_mut() {
            p.finish();
        }
        Ok(r)
    }

    fn result_text(&self, r: &SearchResult, verb: &str) -> Result<String> {
        let l = self.loaded()?;
        let Some(best) = r.best else {
            let side = l.game.position().side_to_move();
            return Ok(format!(
                "no move: {}",
                l.game.status().describe(&l.engine.rules().players, side)
            ));
        };
        let i = &r.info;
        Ok(format!(
            "{verb} {}\nscore {}  depth {}/{}  nodes {}  {} knps  time {:.2} s\npv {}",
            notation::move_text(&l.engine, l.game.position(), best),
            score_text(i.score),
            i.depth,
            i.seldepth,
            i.nodes,
            i.nps() / 1000,
            i.time.as_secs_f64(),
            line_text(&l.engine, &l.game, &i.pv)
        ))
    }

    pub(super) fn go(&mut self, args: &Args) -> Result<String> {
        let limits = limits(&args.words, "go")?;
        let r = self.run_search(&limits)?;
        self.result_text(&r, "best move")
    }

    pub(super) fn hint(&mut self, args: &Args) -> Result<String> {
        if !args.words.is_empty() {
            return Err(ReplError::new("`hint` takes no arguments")
                .with_help("`go depth N` searches deeper"));
        }
        let limits = Limits {
            movetime: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        let r = self.run_search(&limits)?;
        self.result_text(&r, "hint: try")
    }

    pub(super) fn computer(&mut self, args: &Args) -> Result<String> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let players = rules.players.clone();
        let sides = match args.words.as_slice() {
            [] => None,
            [w] => {
                let w = w.to_ascii_lowercase();
                match w.as_str() {
                    "off" | "none" => Some(ComputerSides::Off),
                    "both" => Some(ComputerSides::Both),
                    _ => Player::BOTH
                        .into_iter()
                        .find(|&p| players[p].eq_ignore_ascii_case(&w))
                        .map(ComputerSides::One),
                }
            }
            _ => None,
        };
        let Some(sides) = sides else {
            return Err(
                ReplError::new("`computer` needs one of: a side, both, off").with_help(format!(
                    "for example `computer {}`; the sides are {} and {}",
                    players[Player::Second].to_lowercase(),
                    players[Player::First],
                    players[Player::Second]
                )),
            );
        };
        self.computer = sides;
        let mut out = match sides {
            ComputerSides::Off => "the computer plays no side".to_string(),
            ComputerSides::One(p) => format!("the computer plays {}", players[p]),
            ComputerSides::Both => "the computer plays both sides".to_string(),
        };
        if let Some(reply) = self.computer_replies()? {
            out.push('\n');
            out.push_str(&reply);
        }
        Ok(out)
    }

    /// While the computer is to move and the game goes on, lets it play (both sides: until the
    /// game ends, Ctrl-C stops); what it played, if anything.
    pub(crate) fn computer_replies(&mut self) -> Result<Option<String>> {
        let mut out = Vec::new();
        for _ in 0..1000 {
            let l = self.loaded()?;
            let side = l.game.position().side_to_move();
            if !self.computer.plays(side) || l.game.status().is_over() {
                break;
            }
            let limits = Limits {
                movetime: Some(self.computer_time),
                ..Limits::default()
            };
            let r = self.run_search(&limits)?;
            if self.cancel.load(Ordering::SeqCst) {
                self.computer = ComputerSides::Off;
                out.push("stopped; the computer plays no side".to_string());
                break;
            }
            let Some(mv) = r.best else { break };
            let Some(l) = self.loaded.as_mut() else { break };
            let text = notation::move_text(&l.engine, l.game.position(), mv);
            l.game.play(mv);
            out.push(format!(
                "{} plays {} ({})",
                l.engine.rules().players[side],
                text,
                score_text(r.info.score)
            ));
        }
        Ok(if out.is_empty() {
            None
        } else {
            Some(out.join("\n"))
        })
    }

    /// The prompt's note on who the computer plays.
    pub(crate) fn computer_note(&self) -> String {
        let Ok(l) = self.loaded() else {
            return String::new();
        };
        let players = &l.engine.rules().players;
        match self.computer {
            ComputerSides::Off => String::new(),
            ComputerSides::One(p) => format!(", computer plays {}", players[p]),
            ComputerSides::Both => ", computer plays both".to_string(),
        }
    }

    pub(super) fn values(&mut self, args: &Args) -> Result<String> {
        if !args.words.is_empty() {
            return Err(ReplError::new("`values` takes no arguments")
                .with_help("`piece NAME` describes one piece, with its value"));
        }
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let eval = crate::search::Evaluator::new(&l.engine);
        let width = rules.pieces.iter().map(|p| p.name.len()).max().unwrap_or(0);
        let mut out = String::from("Piece values in use, in pawns (board / in hand):");
        for (k, p) in rules.pieces.iter().enumerate() {
            let kind = crate::rules::PieceKind::from_index(k);
            let v = eval.value(kind);
            let origin = value_origin(rules, kind, v);
            out.push_str(&format!(
                "\n  {:<width$} {:<3} {:>6.2} / {:>6.2}  {origin}",
                p.name,
                p.letter,
                v as f64 / 100.0,
                eval.hand_value(kind) as f64 / 100.0
            ));
        }
        Ok(out)
    }

    /// The value line `piece NAME` shows.
    pub(crate) fn value_line(&self, kind: crate::rules::PieceKind) -> String {
        let Ok(l) = self.loaded() else {
            return String::new();
        };
        let v = crate::search::Evaluator::new(&l.engine).value(kind);
        let origin = value_origin(l.engine.rules(), kind, v);
        format!("Value: {:.2} pawns ({origin})", v as f64 / 100.0)
    }

    /// `expect best MOVE [depth N]` and `expect mate N [depth N]`.
    pub(crate) fn expect_search(&mut self, what: &str, args: &[&str]) -> Result<String> {
        let usage = if what == "best" {
            "for example `expect best e2e4 depth 4`"
        } else {
            "for example `expect mate 2 depth 4`"
        };
        let (target, rest) = match args {
            [t, rest @ ..] => (*t, rest),
            [] => {
                return Err(
                    ReplError::new(format!("`expect {what}` needs an argument")).with_help(usage)
                )
            }
        };
        let depth = match rest {
            [] => None,
            [d, n] if d.eq_ignore_ascii_case("depth") => {
                let n = parse::number(n, "the depth")?;
                if n == 0 || n > MAX_DEPTH as u64 {
                    return Err(ReplError::new(format!(
                        "depth {n} is out of range; the search goes 1 to {MAX_DEPTH} plies deep"
                    ))
                    .with_help(usage));
                }
                Some(n as u32)
            }
            _ => return Err(ReplError::new("only `depth N` may follow").with_help(usage)),
        };
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let pos = l.game.position().clone();
        let expected_move = if what == "best" {
            Some(notation::parse_move(&engine, &pos, target).map_err(|e| {
                ReplError::new(format!("`{target}` is not a legal move: {e}"))
                    .with_help("`moves` lists the legal moves")
            })?)
        } else {
            None
        };
        let mate_n = if what == "mate" {
            let n = parse::number(target, "the number of moves")?;
            if n == 0 || n > MAX_DEPTH as u64 / 2 {
                return Err(ReplError::new(format!(
                    "mate in {target} is out of range; 1 to {}",
                    MAX_DEPTH / 2
                ))
                .with_help(usage));
            }
            Some(n as i32)
        } else {
            None
        };
        let depth = depth.unwrap_or_else(|| mate_n.map_or(6, |n| 2 * n as u32 - 1));
        // A fresh searcher, so the answer does not depend on earlier searches.
        self.searcher = None;
        let r = self.run_search(&Limits {
            depth: Some(depth),
            ..Limits::default()
        })?;
        let l = self.loaded()?;
        let found = match r.best {
            Some(b) => notation::move_text(&engine, &pos, b),
            None => "no move".to_string(),
        };
        let found_full = format!(
            "{found} ({}, pv {})",
            score_text(r.info.score),
            line_text(&engine, &l.game, &r.info.pv)
        );
        if let Some(m) = expected_move {
            if r.best == Some(m) {
                return Ok(format!("ok: best {found_full}"));
            }
            let want = notation::move_text(&engine, &pos, m);
            return Err(ReplError::new(format!(
                "expected best {want} at depth {depth}, found {found_full}"
            )));
        }
        let n = mate_n.unwrap_or(1);
        if r.info.score == Score::Mate(n) {
            Ok(format!("ok: mate in {n} with {found_full}"))
        } else {
            Err(ReplError::new(format!(
                "expected mate in {n} at depth {depth}, found {found_full}"
            )))
        }
    }
}

/// Where a kind's value in use (`v`, centipawns) comes from: a weights file beside the definition
/// (which wins over everything), the definition's `value`, or the derivation from its moves.
fn value_origin(
    rules: &crate::rules::RuleSet,
    kind: crate::rules::PieceKind,
    v: i32,
) -> &'static str {
    let tuned = rules
        .weights
        .as_ref()
        .is_some_and(|w| w.kinds.get(kind.index()).copied().flatten().is_some());
    let p = rules.piece(kind);
    // A royal is never material, whatever a weights file says of its value.
    if p.royal && v == 0 {
        "royal: not material"
    } else if tuned {
        "tuned: from the weights file"
    } else if p.value.is_some() {
        "given by `value`"
    } else {
        "derived from its moves"
    }
}
