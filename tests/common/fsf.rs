//! Fairy-Stockfish as a test oracle: the pyffish driver in `tests/fsf/driver.py`, started from
//! the repository's `.venv`, and the mapping from Chimera's moves to Fairy-Stockfish's move names.
//!
//! Use it as `mod common; use common::fsf::Fsf;` and `Fsf::start()`. Positions are compared by the
//! move line that reaches them, never by FEN: both programs start from their own start position
//! (Chimera's from the definition, Fairy-Stockfish's from the `startFen` of its variant) and play
//! the same moves, so FEN spelling differences (`+Q` / `Q~`, hands) cannot hide or fake a
//! disagreement. See `tests/fsf/README.md`.
#![allow(dead_code)]

use chimera::{Engine, Move, MoveKind, Position};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// How to install what the driver needs; every failure to start it says this.
pub const INSTALL: &str = "Fairy-Stockfish's Python bindings are needed for this test. From the \
repository root run: python3 -m venv .venv && .venv/bin/pip install pyffish  (or run .ci/run, \
which does that)";

/// A running driver process.
pub struct Fsf {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// `$CARGO_MANIFEST_DIR/.venv/bin/python3`.
pub fn python() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python3")
}

impl Fsf {
    /// Starts the driver; panics with installation instructions when Python or pyffish is missing.
    pub fn start() -> Fsf {
        let py = python();
        if !py.exists() {
            panic!("{} is missing. {}", py.display(), INSTALL);
        }
        let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fsf/driver.py");
        let mut child = Command::new(&py)
            .arg(&driver)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {}. {}", py.display(), e, INSTALL));
        let stdin = child.stdin.take().expect("driver stdin");
        let stdout = BufReader::new(child.stdout.take().expect("driver stdout"));
        let mut fsf = Fsf {
            child,
            stdin,
            stdout,
        };
        if let Err(e) = fsf.request(json!({"cmd": "version"})) {
            panic!("the pyffish driver does not answer ({}). {}", e, INSTALL);
        }
        fsf
    }

    /// One request; `Err` carries the driver's error text (an illegal move, an unknown variant).
    pub fn request(&mut self, req: Value) -> Result<Value, String> {
        writeln!(self.stdin, "{}", req).map_err(|e| format!("driver stdin: {e}"))?;
        self.stdin
            .flush()
            .map_err(|e| format!("driver stdin: {e}"))?;
        let mut line = String::new();
        let n = self
            .stdout
            .read_line(&mut line)
            .map_err(|e| format!("driver stdout: {e}"))?;
        if n == 0 {
            return Err(format!(
                "the pyffish driver exited (import failed? {})",
                INSTALL
            ));
        }
        let v: Value =
            serde_json::from_str(&line).map_err(|e| format!("driver said {line:?}: {e}"))?;
        match (v.get("ok"), v.get("error")) {
            (Some(ok), _) => Ok(ok.clone()),
            (_, Some(err)) => Err(err.as_str().unwrap_or("?").to_string()),
            _ => Err(format!("driver said {line:?}")),
        }
    }

    /// pyffish's version, e.g. `0.0.90`.
    pub fn version(&mut self) -> String {
        str_of(self.request(json!({"cmd": "version"})))
    }

    /// Loads a `variants.ini` text; returns the names of all variants known afterwards.
    pub fn load(&mut self, ini: &str) -> Vec<String> {
        strings(self.request(json!({"cmd": "load", "ini": ini})))
    }

    /// The start FEN of a variant.
    pub fn start_fen(&mut self, variant: &str) -> String {
        str_of(self.request(json!({"cmd": "start_fen", "variant": variant})))
    }

    /// The legal moves after `moves` from `fen`, sorted; `Err` when a move of the line is illegal.
    pub fn legal_moves(
        &mut self,
        variant: &str,
        fen: &str,
        moves: &[String],
    ) -> Result<Vec<String>, String> {
        self.legal_moves_without(variant, fen, moves, "")
    }

    /// The legal moves as [`Fsf::legal_moves`], less the drops of a kind lettered in `no_mate`
    /// that give mate: Fairy-Stockfish lists such a drop and scores the mate as the dropper's
    /// loss, where the language's `no-mate` makes it illegal (the same game, one leaf fewer).
    pub fn legal_moves_without(
        &mut self,
        variant: &str,
        fen: &str,
        moves: &[String],
        no_mate: &str,
    ) -> Result<Vec<String>, String> {
        self.request(json!({"cmd": "legal_moves", "variant": variant, "fen": fen, "moves": moves, "no_mate": no_mate}))
            .map(|v| strings(Ok(v)))
    }

    /// The FEN reached after `moves`.
    pub fn get_fen(&mut self, variant: &str, fen: &str, moves: &[String]) -> String {
        str_of(
            self.request(json!({"cmd": "get_fen", "variant": variant, "fen": fen, "moves": moves})),
        )
    }

    /// Perft (leaf count) to `depth` after `moves`.
    pub fn perft(&mut self, variant: &str, fen: &str, moves: &[String], depth: u32) -> u64 {
        let v = self
            .request(json!({"cmd": "perft", "variant": variant, "fen": fen, "moves": moves, "depth": depth}))
            .unwrap_or_else(|e| panic!("pyffish perft: {e}"));
        v.as_u64()
            .unwrap_or_else(|| panic!("pyffish perft said {v}"))
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn str_of(r: Result<Value, String>) -> String {
    match r {
        Ok(Value::String(s)) => s,
        Ok(v) => panic!("pyffish driver: expected text, got {v}"),
        Err(e) => panic!("pyffish driver: {e}"),
    }
}

fn strings(r: Result<Value, String>) -> Vec<String> {
    match r {
        Ok(Value::Array(a)) => a
            .into_iter()
            .map(|x| x.as_str().unwrap_or("?").to_string())
            .collect(),
        Ok(v) => panic!("pyffish driver: expected a list, got {v}"),
        Err(e) => panic!("pyffish driver: {e}"),
    }
}

/// Fairy-Stockfish's name for a Chimera move, or why it has none.
///
/// Both write squares as file letter + rank number from 1 (`a10`, `j10`: no zero-based ranks),
/// castling as the king's move (`e1g1`) and drops as `P@e4`. Promotion: Chimera's `+` (to the
/// kind whose letter is `+` and the mover's letter, shogi style) is Fairy-Stockfish's `+`;
/// any other promotion is the target's letter in lower case, where a target written `+Q`
/// (crazyhouse's promoted queen, a kind of its own in Chimera, a flag on a queen in
/// Fairy-Stockfish) is `q`. A locust move (`c1e3xd2`) has no Fairy-Stockfish name.
pub fn fsf_move(engine: &Engine, pos: &Position, mv: Move) -> Result<String, String> {
    let rules = engine.rules();
    let d = rules.board.dims;
    if let MoveKind::Drop(k) = mv.kind {
        let letter = &rules.piece(k).letter;
        let base = letter.strip_prefix('+').unwrap_or(letter);
        if base.len() != letter.len() {
            return Err(format!("drop of a promoted kind {letter}"));
        }
        // `drop-promoted`: the face dropped, `+P@a1`, as Fairy-Stockfish writes it.
        let face = &rules.piece(mv.promotion.unwrap_or(k)).letter;
        return Ok(format!("{}@{}", face, d.name(mv.to)));
    }
    // A castling gate on the rook's square: from the rook's square to the king's (`h1e1h`).
    let mut s = match (mv.kind, mv.gate) {
        (MoveKind::Castle { rook }, Some(g)) if g.on_rook => {
            format!("{}{}", d.name(rook), d.name(mv.from))
        }
        _ => format!("{}{}", d.name(mv.from), d.name(mv.to)),
    };
    if let Some(k) = mv.promotion {
        let target = &rules.piece(k).letter;
        let mover = pos
            .piece_at(mv.from)
            .map(|p| rules.piece(p.kind).letter.clone())
            .unwrap_or_default();
        // A promotion of a piece that must promote on moves starting in the zone too is
        // Fairy-Stockfish's mandatoryPiecePromotion, a piece promotion it writes `+` (chak).
        let piece_style = pos.piece_at(mv.from).is_some_and(|p| {
            rules
                .piece(p.kind)
                .promotion
                .as_ref()
                .is_some_and(|pr| pr.mode == chimera::PromotionMode::ForcedStartOrEnd)
        });
        match target.strip_prefix('+') {
            // A `+` form turning back into its base (Kyoto shogi), Fairy-Stockfish's `-`.
            None if mover.strip_prefix('+') == Some(target.as_str()) => s.push('-'),
            _ if piece_style => s.push('+'),
            Some(base) if base == mover => s.push('+'),
            Some(base) => s.push_str(&base.to_ascii_lowercase()),
            None => s.push_str(&target.to_ascii_lowercase()),
        }
    }
    if let MoveKind::Locust { victim: x } = mv.kind {
        return Err(format!("{s} also captures on {}: a locust move", d.name(x)));
    }
    // Gating: the entering piece's letter in lower case (`b1c3h`).
    if let Some(g) = mv.gate {
        s.push_str(&rules.piece(g.kind).letter.to_ascii_lowercase());
    }
    // Walls: `,` then the landing square and the wall's (`e2e4,e4e5`).
    if let Some(w) = mv.wall {
        s.push_str(&format!(",{}{}", d.name(mv.to), d.name(w)));
    }
    Ok(s)
}

/// Chimera's legal moves in `pos` under Fairy-Stockfish's names, sorted, paired with the moves.
pub fn fsf_moves(engine: &Engine, pos: &Position) -> Result<Vec<(String, Move)>, String> {
    let mut out = Vec::new();
    for mv in engine.legal_moves(pos) {
        out.push((fsf_move(engine, pos, mv)?, mv));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// A small deterministic random number generator (xorshift64*), so failures reproduce.
pub struct Rng(u64);

impl Rng {
    /// Seeded; any seed works (0 is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// `games` random lines of up to `plies` moves from the start (a line stops where the side to
/// move has no move or the royals are gone), as Fairy-Stockfish move names.
pub fn random_lines(engine: &Engine, seed: u64, games: usize, plies: usize) -> Vec<Vec<String>> {
    let mut rng = Rng::new(seed);
    let mut lines = Vec::new();
    for _ in 0..games {
        let mut pos = engine.start_position();
        let mut line = Vec::new();
        for _ in 0..plies {
            if engine.royals_gone(&pos) {
                break;
            }
            let moves = engine.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            line.push(fsf_move(engine, &pos, mv).unwrap_or_else(|e| panic!("{e}")));
            pos = engine.play(&pos, mv);
        }
        lines.push(line);
    }
    lines
}

/// Compares the legal moves of Chimera and Fairy-Stockfish at every node of the tree `depth`
/// plies deep below the position reached by `line` (Fairy-Stockfish names) from the start;
/// returns the leaf count (perft `depth`, equal in both when `Ok`) or the first disagreement,
/// naming the line that reaches it and the moves only one side has.
/// The letters (upper case) of the kinds the definition's `no-mate` names.
pub fn no_mate_letters(engine: &Engine) -> String {
    let rules = engine.rules();
    rules
        .drops
        .no_drop_mate
        .iter()
        .map(|&k| rules.piece(k).letter.to_ascii_uppercase())
        .collect()
}

pub fn compare_tree(
    engine: &Engine,
    fsf: &mut Fsf,
    variant: &str,
    line: &[String],
    depth: u32,
) -> Result<u64, String> {
    let fen = fsf.start_fen(variant);
    let mut pos = engine.start_position();
    for m in line {
        let moves = fsf_moves(engine, &pos)?;
        let mv = moves
            .iter()
            .find(|(t, _)| t == m)
            .map(|(_, mv)| *mv)
            .ok_or_else(|| format!("{m} is not legal in Chimera after {}", line.join(" ")))?;
        pos = engine.play(&pos, mv);
    }
    let mut path = line.to_vec();
    compare_rec(engine, fsf, variant, &fen, &pos, &mut path, depth)
}

fn compare_rec(
    engine: &Engine,
    fsf: &mut Fsf,
    variant: &str,
    fen: &str,
    pos: &Position,
    path: &mut Vec<String>,
    depth: u32,
) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    let ours = fsf_moves(engine, pos)?;
    let theirs = fsf.legal_moves_without(variant, fen, path, &no_mate_letters(engine))?;
    let names: Vec<&str> = ours.iter().map(|(t, _)| t.as_str()).collect();
    if names != theirs.iter().map(String::as_str).collect::<Vec<_>>() {
        let only_ours: Vec<&str> = names
            .iter()
            .copied()
            .filter(|m| !theirs.iter().any(|t| t == m))
            .collect();
        let only_theirs: Vec<&str> = theirs
            .iter()
            .map(String::as_str)
            .filter(|t| !names.contains(t))
            .collect();
        return Err(format!(
            "{variant} after [{}]: only Chimera {:?}, only Fairy-Stockfish {:?}",
            path.join(" "),
            only_ours,
            only_theirs
        ));
    }
    if depth == 1 {
        return Ok(ours.len() as u64);
    }
    let mut n = 0;
    for (name, mv) in ours {
        let next = engine.play(pos, mv);
        path.push(name);
        n += compare_rec(engine, fsf, variant, fen, &next, path, depth - 1)?;
        path.pop();
    }
    Ok(n)
}
