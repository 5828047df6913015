//! Drives `chimera xboard` / `chimera uci` as a GUI would: lines in on standard input, the
//! engine's lines read back with a time limit, so a hung engine fails the test instead of
//! hanging it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A shipped definition file.
pub fn definition(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(format!("{name}.variant"))
}

/// A running engine process and the lines it printed that were not read yet.
pub struct Gui {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything exchanged, for failure messages: `> ` lines sent, `< ` lines received.
    pub transcript: Vec<String>,
}

impl Gui {
    /// Starts `chimera PROTOCOL FILES...`.
    pub fn start(protocol: &str, files: &[PathBuf]) -> Gui {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg(protocol)
            .args(files)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start chimera {protocol}: {e}"));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gui {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self
            .stdin
            .as_mut()
            .unwrap_or_else(|| panic!("stdin closed"));
        writeln!(stdin, "{line}").unwrap_or_else(|e| panic!("cannot write to the engine: {e}"));
        stdin
            .flush()
            .unwrap_or_else(|e| panic!("cannot flush: {e}"));
    }

    /// Reads lines until one satisfies `done`; returns all lines read, the matching one last.
    /// Fails the test after `limit`.
    pub fn read_until(&mut self, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + limit;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {limit:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the engine closed its output; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `line`, then a synchronising command (`ping N` / `isready`), and returns the lines
    /// the engine printed before the matching answer (`pong N` / `readyok`).
    pub fn exchange(&mut self, line: &str, sync: &str, answer: &str) -> Vec<String> {
        self.send(line);
        self.send(sync);
        let mut got = self.read_until(Duration::from_secs(30), |l| l == answer);
        got.pop();
        got
    }

    /// Lines printed within `wait` (none expected is fine).
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let end = Instant::now() + wait;
        let mut got = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {
            self.transcript.push(format!("< {line}"));
            got.push(line);
        }
        got
    }

    /// Sends `quit` and waits for the process to end; fails when it takes longer than `limit`.
    pub fn quit(mut self, limit: Duration) {
        self.send("quit");
        drop(self.stdin.take());
        let end = Instant::now() + limit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    assert!(status.success(), "the engine exited with {status}");
                    return;
                }
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(20)),
                _ => {
                    let _ = self.child.kill();
                    panic!(
                        "the engine did not quit within {limit:?}; transcript:\n{}",
                        self.transcript.join("\n")
                    );
                }
            }
        }
    }

    /// The transcript, for assertion messages.
    pub fn log(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
