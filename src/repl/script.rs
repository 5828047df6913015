//! Script mode: the same commands from a file or a pipe, echoed, stopping at the first error.

use super::{ReplError, Session};
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// How a script runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScriptOptions {
    /// Report errors and go on instead of stopping at the first.
    pub keep_going: bool,
}

/// What happened when a script ran.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptReport {
    /// Commands executed (blank and comment lines not counted).
    pub commands: usize,
    /// Line numbers (from 1) of the commands that failed.
    pub failed_lines: Vec<usize>,
    /// The script ended with `quit`.
    pub quit: bool,
}

impl ScriptReport {
    /// Whether every command succeeded.
    pub fn ok(&self) -> bool {
        self.failed_lines.is_empty()
    }
}

/// Executes one line, turning a panic (a bug) into an error so that nothing brings the runner down.
pub fn execute_guarded(session: &mut Session, line: &str) -> Result<String, ReplError> {
    match catch_unwind(AssertUnwindSafe(|| session.execute(line))) {
        Ok(r) => r,
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(ReplError::new(format!("internal error: {what}"))
                .with_help("this is a bug in chimera; please report it with the command"))
        }
    }
}

/// Runs the lines of `input` as commands. Each command is echoed after the prompt on `out`,
/// followed by its output; errors go to `err` with the script name and line number.
pub fn run_script(
    session: &mut Session,
    name: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    opts: ScriptOptions,
) -> io::Result<ScriptReport> {
    let mut report = ScriptReport::default();
    let mut raw = Vec::new();
    let mut lineno = 0;
    loop {
        raw.clear();
        // Read bytes, not text: a line that is not UTF-8 is one failed command, not the end of
        // the script.
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        lineno += 1;
        let buf = match std::str::from_utf8(&raw) {
            Ok(text) => text,
            Err(e) => {
                report.commands += 1;
                let column = String::from_utf8_lossy(&raw[..e.valid_up_to()])
                    .chars()
                    .count()
                    + 1;
                out.flush()?;
                writeln!(
                    err,
                    "error: {name}:{lineno}: the line is not UTF-8 text (byte 0x{:02x} at column {column})",
                    raw[e.valid_up_to()]
                )?;
                writeln!(err, "  help: save the script as UTF-8")?;
                err.flush()?;
                report.failed_lines.push(lineno);
                if !opts.keep_going {
                    return Ok(report);
                }
                continue;
            }
        };
        let command = match buf.find('#') {
            Some(i) => &buf[..i],
            None => buf,
        }
        .trim();
        if command.is_empty() {
            continue;
        }
        report.commands += 1;
        // The echo is cut and made printable like an error line: a script is input too.
        writeln!(out, "{}{}", session.prompt(), super::shown(command, 0))?;
        match execute_guarded(session, command) {
            Ok(text) => {
                if !text.is_empty() {
                    writeln!(out, "{}", super::printable(&text))?;
                }
            }
            Err(e) => {
                out.flush()?;
                writeln!(err, "error: {name}:{lineno}: {e}")?;
                err.flush()?;
                report.failed_lines.push(lineno);
                if !opts.keep_going {
                    return Ok(report);
                }
            }
        }
        if session.finished() {
            report.quit = true;
            break;
        }
    }
    out.flush()?;
    if opts.keep_going && !report.failed_lines.is_empty() {
        let lines: Vec<String> = report.failed_lines.iter().map(|l| l.to_string()).collect();
        writeln!(
            err,
            "{} of {} commands failed in {name} (line{} {})",
            report.failed_lines.len(),
            report.commands,
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", ")
        )?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `text` as script `t.chs` in a fresh session; returns the report, stdout and stderr.
    fn run(text: &str, keep_going: bool) -> (ScriptReport, String, String) {
        let mut s = Session::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let r = match run_script(
            &mut s,
            "t.chs",
            &mut text.as_bytes(),
            &mut out,
            &mut err,
            ScriptOptions { keep_going },
        ) {
            Ok(r) => r,
            Err(e) => panic!("writing the script's output to memory failed: {e}"),
        };
        let utf8 = |bytes: Vec<u8>| match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => panic!("the script wrote bytes that are not UTF-8: {e}"),
        };
        (r, utf8(out), utf8(err))
    }

    #[test]
    fn the_first_error_stops_the_script_with_its_line_number() {
        let (r, out, err) = run("# heading\n\nhelp help\nfrobnicate\nhelp\n", false);
        assert_eq!(r.failed_lines, vec![4]);
        assert_eq!(r.commands, 2);
        assert!(
            out.starts_with("chimera> help help\nhelp [COMMAND]\n"),
            "{out}"
        );
        assert!(
            err.starts_with("error: t.chs:4: unknown command `frobnicate`"),
            "{err}"
        );
        assert!(!out.contains("chimera> help\n"));
    }

    #[test]
    fn keep_going_reports_every_error_and_a_summary() {
        let (r, _, err) = run("frob\nhelp\nshow\n", true);
        assert_eq!(r.failed_lines, vec![1, 3]);
        assert!(
            err.ends_with("2 of 3 commands failed in t.chs (lines 1, 3)\n"),
            "{err}"
        );
    }

    /// Runs raw bytes as a keep-going script; returns the report, stdout and stderr.
    fn run_bytes(bytes: &[u8]) -> (ScriptReport, String, String) {
        let mut s = Session::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut input = bytes;
        let r = match run_script(
            &mut s,
            "t.chs",
            &mut input,
            &mut out,
            &mut err,
            ScriptOptions { keep_going: true },
        ) {
            Ok(r) => r,
            Err(e) => panic!("a line that is not UTF-8 ended the script: {e}"),
        };
        let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
        (r, text(out), text(err))
    }

    #[test]
    fn a_line_that_is_not_utf8_is_reported_with_its_number_and_the_script_goes_on() {
        let (r, out, err) = run_bytes(b"help help\nab\xffcd\nhelp help\n");
        assert_eq!(r.failed_lines, vec![2]);
        assert_eq!(r.commands, 3);
        assert!(
            err.contains("error: t.chs:2: the line is not UTF-8 text (byte 0xff at column 3)"),
            "{err}"
        );
        assert_eq!(out.matches("chimera> help help").count(), 2, "{out}");
    }

    #[test]
    fn quit_ends_a_script_successfully() {
        let (r, out, _) = run("quit\nfrob\n", false);
        assert!(r.ok() && r.quit);
        assert_eq!(out, "chimera> quit\n");
    }
}
