//! A `variants.ini` reader: sections (`[name]` or `[child:parent]`), `key = value` entries and
//! the line of every entry, so the importer can say where each key it drops was written.

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key as written (keys are case-sensitive in Fairy-Stockfish).
    pub key: String,
    /// The value, trimmed; a trailing `#` comment is removed.
    pub value: String,
    /// Line from 1.
    pub line: usize,
}

/// One section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant name.
    pub name: String,
    /// The variant it inherits from (`[child:parent]`).
    pub parent: Option<String>,
    /// Line of the `[...]` header, from 1.
    pub line: usize,
    /// The entries in file order (a later one with the same key wins).
    pub entries: Vec<Entry>,
}

/// A line that is neither a comment, a header nor an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// Line from 1.
    pub line: usize,
    /// The text of the line.
    pub text: String,
}

/// A whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IniFile {
    /// The sections in file order.
    pub sections: Vec<Section>,
    /// Lines that could not be read (reported, never fatal).
    pub malformed: Vec<Malformed>,
}

/// Most sections read from one file; a larger file is cut off with a malformed-line report.
pub const MAX_SECTIONS: usize = 10_000;

impl IniFile {
    /// Reads `variants.ini` text. Entries before the first section are reported as malformed.
    pub fn parse(text: &str) -> IniFile {
        let mut f = IniFile::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
                continue;
            }
            if let Some(h) = t.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
                if f.sections.len() >= MAX_SECTIONS {
                    f.malformed.push(Malformed {
                        line,
                        text: format!("more than {MAX_SECTIONS} sections; the rest is not read"),
                    });
                    break;
                }
                let (name, parent) = match h.split_once(':') {
                    Some((c, p)) => (c.trim().to_string(), Some(p.trim().to_string())),
                    None => (h.trim().to_string(), None),
                };
                f.sections.push(Section {
                    name,
                    parent,
                    line,
                    entries: Vec::new(),
                });
                continue;
            }
            let (Some((k, v)), Some(sec)) = (t.split_once('='), f.sections.last_mut()) else {
                f.malformed.push(Malformed {
                    line,
                    text: t.to_string(),
                });
                continue;
            };
            let v = v.split(" #").next().unwrap_or("").trim();
            sec.entries.push(Entry {
                key: k.trim().to_string(),
                value: v.to_string(),
                line,
            });
        }
        f
    }

    /// The section of that name, if any (the last one when a name repeats).
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().rev().find(|s| s.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_parents_entries_and_lines() {
        let f = IniFile::parse("# c\n[a]\nmaxRank = 10\n\n[b:a]\nking = k:W # royal\nbad line\n");
        assert_eq!(f.sections.len(), 2);
        assert_eq!(f.sections[1].parent.as_deref(), Some("a"));
        assert_eq!(
            f.sections[1].entries[0],
            Entry {
                key: "king".into(),
                value: "k:W".into(),
                line: 6
            }
        );
        assert_eq!(f.malformed[0].line, 7);
    }
}
