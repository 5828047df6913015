//! Positions: Chimera's spans are byte offsets, LSP counts lines and UTF-16 code units.

use lsp_types::{Position, Range};

/// The starts of the lines of a text, to turn byte offsets into LSP positions and back.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `text` (a line ends at `\n`).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The LSP position of byte `offset` (clamped to the text and to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    /// The LSP range of bytes `start..end`.
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }

    /// The byte offset of an LSP position; a position past the end of its line is the line's
    /// end, one past the last line the end of the text.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| e - 1);
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if units >= pos.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_code_units() {
        // `é` is 2 bytes and 1 UTF-16 unit; `𝄞` is 4 bytes and 2 units.
        let text = "ab\nzone é𝄞x = a1\n";
        let ix = LineIndex::new(text);
        let x = text.find('x').unwrap_or(0);
        assert_eq!(ix.position(text, x), Position::new(1, 8));
        assert_eq!(ix.offset(text, Position::new(1, 8)), x);
        assert_eq!(ix.offset(text, Position::new(1, 999)), text.len() - 1);
        assert_eq!(ix.offset(text, Position::new(99, 0)), text.len());
        assert_eq!(ix.position(text, 999), Position::new(2, 0));
    }
}
