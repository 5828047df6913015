//! The session itself: `help`, `quit`.

use super::Args;
use crate::repl::{commands, ReplError, Result, Session};

impl Session {
    pub(super) fn help(&mut self, args: &Args) -> Result<String> {
        if args.words.len() > 1 {
            return Err(
                ReplError::new(format!("`help` takes one command, not `{}`", args.rest))
                    .with_help("for example `help play`; `help` alone lists the commands"),
            );
        }
        match args.words.first() {
            None => Ok(commands::overview()),
            Some(w) => match commands::find(w) {
                Some(c) => Ok(commands::describe(c)),
                None => {
                    let s = commands::suggest(w);
                    let mut e = ReplError::new(format!("there is no command `{w}`"));
                    e = if s.is_empty() {
                        e.with_help("`help` lists the commands")
                    } else {
                        e.with_help(format!("did you mean {}?", s.join(" or ")))
                    };
                    Err(e)
                }
            },
        }
    }

    pub(super) fn quit(&mut self, _args: &Args) -> Result<String> {
        self.quit = true;
        Ok(String::new())
    }
}
