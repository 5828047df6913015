//! An engine program run as a child process in its own process group: lines in through a pipe,
//! lines out through a reader thread, and the whole group killed when the driver is dropped, so no
//! engine (or anything it started) outlives its game, whichever way the game ended.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line read from an engine; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;
/// Lines queued between the reader thread and the referee before the engine is made to wait.
const QUEUE: usize = 4096;

/// What went wrong while talking to an engine process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessError {
    /// The engine's output closed or writing to it failed: it exited or crashed (how, in words).
    Died(String),
    /// Nothing arrived before the deadline.
    Timeout,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The output has ended (the reader thread said so).
    closed: bool,
}

impl EngineProcess {
    /// Starts `program` with `args` in a new process group, standard error discarded.
    pub fn spawn(program: &str, args: &[String]) -> std::io::Result<EngineProcess> {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("the engine's output is not a pipe"))?;
        let (tx, rx) = sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match (&mut reader)
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if buf.last() != Some(&b'\n') && buf.len() >= MAX_LINE {
                            // Skip the rest of an overlong line.
                            let mut rest = Vec::new();
                            let _ = reader.read_until(b'\n', &mut rest);
                        }
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            closed: false,
        })
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        let ok = match self.stdin.as_mut() {
            Some(w) => w
                .write_all(line.as_bytes())
                .and_then(|_| w.write_all(b"\n"))
                .and_then(|_| w.flush())
                .is_ok(),
            None => false,
        };
        if ok {
            Ok(())
        } else {
            self.stdin = None;
            Err(ProcessError::Died(self.exit_description()))
        }
    }

    /// The next line, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, ProcessError> {
        if self.closed {
            return Err(ProcessError::Died(self.exit_description()));
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(ProcessError::Died(self.exit_description()))
            }
        }
    }

    /// How the process ended, in words, waiting a moment for it to be reaped.
    fn exit_description(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    #[cfg(unix)]
                    {
                        use std::os::unix::process::ExitStatusExt;
                        if let Some(sig) = status.signal() {
                            return format!("killed by signal {sig}");
                        }
                    }
                    return match status.code() {
                        Some(c) => format!("exited with code {c}"),
                        None => "exited".into(),
                    };
                }
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => return "closed its output".into(),
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        {
            let pgid = self.child.id() as libc::pid_t;
            // SAFETY: kill(2) with a negative pid signals the process group this process created
            // for the engine (process_group(0) above); it touches no memory of ours.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
