//! What the fuzz targets (`fuzz/`, `scripts/fuzz.sh`) rely on and what they found: the search caps
//! that make the protocol, REPL and studio targets cheap, and one test per finding, each with the
//! input that found it.

use chimera::protocol::{uci, xboard, Catalog, Settings};
use chimera::repl::Session;
use std::io::{BufReader, Cursor, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A writer whose text the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

fn catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    Catalog::load(&[dir.join("chess.variant")]).expect("chess loads")
}

#[test]
fn a_capped_repl_session_stops_a_timed_search_at_the_node_cap() {
    let mut s = Session::new();
    s.execute("load chess").unwrap();
    s.cap_searches(200);
    let t = Instant::now();
    // Ten minutes asked; the cap ends it after 200 nodes (past the first iteration).
    let out = s.execute("go time 600").unwrap();
    assert!(t.elapsed() < Duration::from_secs(10), "{out}");
    assert!(out.starts_with("best move "), "{out}");
    let nodes: u64 = out
        .split("nodes ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    assert!(nodes <= 1000, "{nodes} nodes: {out}");
}

#[test]
fn a_capped_uci_session_ends_even_an_infinite_search_with_a_bestmove() {
    let out = Shared::default();
    let input = "uci\nposition startpos\ngo infinite\n";
    let t = Instant::now();
    // No `stop`: the GUI goes quiet for two seconds, then closes; the capped search has ended by
    // itself long before.
    let quiet = Cursor::new(input.as_bytes().to_vec()).chain(Delay(Duration::from_secs(2)));
    uci::run_with(
        catalog(),
        BufReader::new(quiet),
        Box::new(out.clone()),
        Settings::capped(200),
    );
    assert!(t.elapsed() < Duration::from_secs(10));
    assert!(
        out.text().lines().any(|l| l.starts_with("bestmove ")),
        "{}",
        out.text()
    );
}

#[test]
fn a_capped_xboard_session_plays_its_move_after_the_node_cap() {
    let out = Shared::default();
    // `st 600`: ten minutes a move; the cap makes the engine answer at once.
    let input = "xboard\nprotover 2\nnew\nst 600\ne2e4\nping 1\n";
    let (tx, rx) = std::sync::mpsc::channel();
    let o = out.clone();
    std::thread::spawn(move || {
        // The input ends right after `ping`: wait for the move before reading the output.
        let slow = Cursor::new(input.as_bytes().to_vec()).chain(Delay(Duration::from_secs(2)));
        xboard::run_with(
            catalog(),
            BufReader::new(slow),
            Box::new(o),
            Settings::capped(200),
        );
        let _ = tx.send(());
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the session ends");
    assert!(
        out.text().lines().any(|l| l.starts_with("move ")),
        "{}",
        out.text()
    );
}

/// A reader that waits, then ends: the input of a GUI that goes quiet.
struct Delay(Duration);

impl std::io::Read for Delay {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        std::thread::sleep(self.0);
        self.0 = Duration::ZERO;
        Ok(0)
    }
}
