//! `expect`: facts about the position that a script asserts; a failed one says expected vs found.

use super::Args;
use crate::engine::{GameResult, Status};
use crate::geometry::Player;
use crate::notation;
use crate::repl::{parse, ReplError, Result, Session};

/// The things `expect` can check.
pub(crate) const WHATS: &[&str] = &[
    "status", "result", "moves", "fen", "legal", "illegal", "piece", "empty", "hand", "turn",
    "perft", "error", "best", "mate",
];

/// The words `expect status` understands.
pub(crate) const STATUS_WORDS: &[&str] = &[
    "ongoing",
    "check",
    "checkmate",
    "mate",
    "stalemate",
    "repetition",
    "perpetual-check",
    "move-limit",
    "royal-captured",
    "over",
];

fn status_word(st: &Status) -> &'static str {
    match st {
        Status::Ongoing { check: false } => "ongoing",
        Status::Ongoing { check: true } => "check",
        Status::Checkmate(_) => "checkmate",
        Status::Stalemate(_) => "stalemate",
        Status::RoyalCaptured(_) => "royal-captured",
        Status::Repetition(_) => "repetition",
        Status::PerpetualCheck(..) => "perpetual-check",
        Status::MoveLimit(_) => "move-limit",
        Status::Ended(..) => "over",
    }
}

fn status_matches(word: &str, st: &Status) -> bool {
    match word {
        "ongoing" => matches!(st, Status::Ongoing { .. }),
        "check" => {
            matches!(st, Status::Ongoing { check: true }) || matches!(st, Status::Checkmate(_))
        }
        "mate" | "checkmate" => matches!(st, Status::Checkmate(_)),
        "over" => !matches!(st, Status::Ongoing { .. }),
        // A perpetual check is a repetition too.
        "repetition" => matches!(st, Status::Repetition(_) | Status::PerpetualCheck(..)),
        w => status_word(st) == w,
    }
}

fn failed(what: String, found: String) -> ReplError {
    ReplError::new(format!("expected {what}, found {found}"))
}

/// Where `expect` errors point for the list of checks.
const USAGE: &str = "`help expect` lists what can be expected";

fn count(text: &str) -> Result<u64> {
    parse::number(text, "the expected count")
}

impl Session {
    pub(super) fn expect_command(&mut self, args: &Args) -> Result<String> {
        let rest = args.rest;
        let (what, tail) = match rest.find(char::is_whitespace) {
            Some(i) => (&rest[..i], rest[i..].trim()),
            None => (rest, ""),
        };
        let args: Vec<&str> = tail.split_whitespace().collect();
        if what.is_empty() {
            return Err(ReplError::new("`expect` needs something to check").with_help(USAGE));
        }
        if what == "error" {
            return self.expect_error(tail);
        }
        if what == "best" || what == "mate" {
            return self.expect_search(what, &args);
        }
        self.loaded()?;
        match what {
            "status" => self.expect_status(&args, tail),
            "result" => self.expect_result(&args, tail),
            "moves" => self.expect_moves(&args, tail),
            "fen" => self.expect_fen(&args, tail),
            "legal" | "illegal" => self.expect_legal(&args, tail, what),
            "piece" => self.expect_piece(&args, tail),
            "empty" => self.expect_empty(&args, tail),
            "hand" => self.expect_hand(&args, tail),
            "turn" => self.expect_turn(&args, tail),
            "perft" => self.expect_perft(&args, tail),
            other => {
                let best = crate::suggest::closest(other, WHATS.iter().copied());
                let mut e = ReplError::new(format!("`expect` cannot check `{other}`"));
                e = match best {
                    Some(w) => e.with_help(format!(
                        "did you mean `expect {w}`? It can check {}",
                        WHATS.join(", ")
                    )),
                    None => e.with_help(format!("it can check {}", WHATS.join(", "))),
                };
                Err(e)
            }
        }
    }

    /// `expect status`.
    fn expect_status(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let [word] = args else {
            return Err(ReplError::new("`expect status` needs one word")
                .with_help(format!("one of {}", STATUS_WORDS.join(", "))));
        };
        let word = word.to_ascii_lowercase();
        if !STATUS_WORDS.contains(&word.as_str()) {
            return Err(ReplError::new(format!("`{word}` is not a status"))
                .with_help(format!("one of {}", STATUS_WORDS.join(", "))));
        }
        let st = l.game.status();
        if status_matches(&word, &st) {
            Ok(format!("ok: {}", status_word(&st)))
        } else {
            Err(failed(
                format!("status {word}"),
                format!("{} ({})", status_word(&st), self.status_line(l)),
            ))
        }
    }

    /// `expect result`.
    fn expect_result(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let rules = engine.rules();
        let side_name = |p: Player| rules.players[p].clone();
        let usage = USAGE;
        let [word] = args else {
            return Err(
                ReplError::new("`expect result` needs a side, `draw` or `none`").with_help(usage),
            );
        };
        let want: Option<GameResult> = match word.to_ascii_lowercase().as_str() {
            "draw" => Some(GameResult::Draw),
            "none" => None,
            _ => Some(GameResult::Win(parse::side(rules, word)?)),
        };
        let st = l.game.status();
        let got = Status::result(&st);
        let words = |r: Option<GameResult>| match r {
            None => "none (the game goes on)".to_string(),
            Some(GameResult::Draw) => "a draw".to_string(),
            Some(GameResult::Win(p)) => format!("{} wins", side_name(p)),
        };
        if got == want {
            Ok(format!("ok: {}", words(got)))
        } else {
            Err(failed(format!("result {}", words(want)), words(got)))
        }
    }

    /// `expect moves`.
    fn expect_moves(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let pos = l.game.position().clone();
        let Some((n, sel)) = args.split_last() else {
            return Err(ReplError::new("`expect moves` needs a count")
                .with_help("for example `expect moves 20` or `expect moves e2 2`"));
        };
        let n = count(n)?;
        let (title, moves) = self.select_moves(sel)?;
        if moves.len() as u64 == n {
            Ok(format!("ok: {n} {title}"))
        } else {
            let texts: Vec<String> = moves
                .iter()
                .map(|m| notation::move_text(&engine, &pos, *m))
                .collect();
            let mut e = failed(format!("{n} {title}"), format!("{}", moves.len()));
            if !texts.is_empty() {
                e = e.with_context(format!("found: {}", texts.join(" ")));
            }
            Err(e)
        }
    }

    /// `expect fen`.
    fn expect_fen(&self, _args: &[&str], tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let pos = l.game.position().clone();
        let usage = USAGE;
        if tail.is_empty() {
            return Err(ReplError::new("`expect fen` needs a FEN").with_help(usage));
        }
        let actual = notation::to_fen(&engine, &pos);
        let got: Vec<&str> = actual.split_whitespace().collect();
        let want: Vec<&str> = tail.split_whitespace().collect();
        let same = want.iter().enumerate().all(|(i, w)| got.get(i) == Some(w));
        if same {
            Ok("ok: the FEN matches".into())
        } else {
            Err(ReplError::new("the position differs from the expected FEN")
                .with_context(format!("expected: {tail}"))
                .with_context(format!(
                    "found:    {}",
                    got[..want.len().min(got.len())].join(" ")
                )))
        }
    }

    /// `expect legal`.
    fn expect_legal(&self, args: &[&str], _tail: &str, what: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let pos = l.game.position().clone();
        if args.is_empty() {
            return Err(ReplError::new(format!("`expect {what}` needs a move"))
                .with_help("for example `expect legal e2e4`"));
        }
        let want_legal = what == "legal";
        let mut out = Vec::new();
        for m in args {
            match (notation::parse_move(&engine, &pos, m), want_legal) {
                (Ok(mv), true) => out.push(format!(
                    "ok: {} is legal",
                    notation::move_text(&engine, &pos, mv)
                )),
                (Err(e), false) => out.push(format!("ok: {m} is illegal ({})", e.message)),
                (Ok(_), false) => {
                    return Err(failed(format!("{m} to be illegal"), "it is legal".into()))
                }
                (Err(e), true) => {
                    let err = self.move_error(&engine, &pos, m, e);
                    let mut f = failed(
                        format!("{m} to be legal"),
                        format!("it is not: {}", err.message),
                    );
                    f.context = err.context;
                    f.help = err.help;
                    return Err(f);
                }
            }
        }
        Ok(out.join("\n"))
    }

    /// `expect piece`.
    fn expect_piece(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let rules = engine.rules();
        let pos = l.game.position().clone();
        let side_name = |p: Player| rules.players[p].clone();
        if args.len() < 2 {
            return Err(ReplError::new("`expect piece` needs a square and a piece")
                .with_help("for example `expect piece e4 Knight` or `expect piece e4 n`"));
        }
        let sq = parse::square(rules, args[0])?;
        let (spec, used) = parse::piece_tokens(rules, &args[1..])?;
        if used + 1 != args.len() {
            return Err(ReplError::new(format!(
                "cannot read `{}` as a piece",
                args[1..].join(" ")
            )));
        }
        let found = pos.piece_at(sq);
        let ok =
            found.is_some_and(|p| p.kind == spec.kind && spec.side.is_none_or(|s| s == p.player));
        let want = match spec.side {
            Some(s) => format!("{} {}", side_name(s), rules.piece(spec.kind).name),
            None => rules.piece(spec.kind).name.clone(),
        };
        let got = match found {
            Some(p) => format!("{} {}", side_name(p.player), rules.piece(p.kind).name),
            None => "nothing".into(),
        };
        if ok {
            Ok(format!("ok: {got} on {}", args[0]))
        } else {
            Err(failed(format!("{want} on {}", args[0]), got))
        }
    }

    /// `expect empty`.
    fn expect_empty(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let rules = engine.rules();
        let pos = l.game.position().clone();
        let side_name = |p: Player| rules.players[p].clone();
        let [s] = args else {
            return Err(ReplError::new("`expect empty` needs one square")
                .with_help("for example `expect empty e4`"));
        };
        let sq = parse::square(rules, s)?;
        match pos.piece_at(sq) {
            None => Ok(format!("ok: {s} is empty")),
            Some(p) => Err(failed(
                format!("{s} to be empty"),
                format!("{} {}", side_name(p.player), rules.piece(p.kind).name),
            )),
        }
    }

    /// `expect hand`.
    fn expect_hand(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let rules = engine.rules();
        let pos = l.game.position().clone();
        let side_name = |p: Player| rules.players[p].clone();
        let [side, piece, n] = args else {
            return Err(
                ReplError::new("`expect hand` needs a side, a piece and a count")
                    .with_help("for example `expect hand white P 1`"),
            );
        };
        let side = parse::side(rules, side)?;
        let spec = parse::piece(rules, piece)?;
        let n = count(n)?;
        let got = pos.hand(side, spec.kind) as u64;
        let name = &rules.piece(spec.kind).name;
        if got == n {
            Ok(format!("ok: {} holds {n} {name}", side_name(side)))
        } else {
            Err(failed(
                format!("{} to hold {n} {name}", side_name(side)),
                got.to_string(),
            ))
        }
    }

    /// `expect turn`.
    fn expect_turn(&self, args: &[&str], _tail: &str) -> Result<String> {
        let l = self.loaded()?;
        let engine = l.engine.clone();
        let rules = engine.rules();
        let pos = l.game.position().clone();
        let side_name = |p: Player| rules.players[p].clone();
        let [s] = args else {
            return Err(ReplError::new("`expect turn` needs a side")
                .with_help("for example `expect turn black`"));
        };
        let want = parse::side(rules, s)?;
        let got = pos.side_to_move();
        if want == got {
            Ok(format!("ok: {} to move", side_name(got)))
        } else {
            Err(failed(
                format!("{} to move", side_name(want)),
                format!("{} to move", side_name(got)),
            ))
        }
    }

    /// `expect perft`.
    fn expect_perft(&self, args: &[&str], _tail: &str) -> Result<String> {
        let [d, n] = args else {
            return Err(ReplError::new("`expect perft` needs a depth and a count")
                .with_help("for example `expect perft 2 400`"));
        };
        let depth = super::perft::perft_depth(d)?;
        let n = count(n)?;
        let got = self.perft_count(depth)?;
        if got == n {
            Ok(format!("ok: perft {depth} = {n}"))
        } else {
            Err(failed(format!("perft {depth} = {n}"), got.to_string()))
        }
    }

    /// `expect error COMMAND`: the command must fail; if it succeeds, its effect is undone.
    fn expect_error(&mut self, command: &str) -> Result<String> {
        if command.is_empty() {
            return Err(ReplError::new("`expect error` needs a command")
                .with_help("for example `expect error play e2e5`"));
        }
        let saved = self.loaded.clone();
        match self.execute(command) {
            Err(e) => Ok(format!(
                "ok, it fails: {}",
                e.to_string().replace('\n', "\n  ")
            )),
            Ok(out) => {
                self.loaded = saved;
                self.quit = false;
                let mut e = failed(format!("`{command}` to fail"), "it succeeds".into());
                if !out.is_empty() {
                    e = e.with_context(out.lines().next().unwrap_or("").to_string());
                }
                Err(e)
            }
        }
    }
}
