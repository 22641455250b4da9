//! Positions: the roles crate speaks byte offsets into a file's text, LSP speaks lines and
//! UTF-16 code unit columns. [`LineIndex`] converts both ways.

use lsp_types::{Position, Range};

/// The byte offset of every line start of one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The LSP position of byte `offset` (clamped to the text; an offset inside a character
    /// counts as its start). `\r` before `\n` belongs to the line it ends.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(to_u32(line), to_u32(character))
    }

    /// The LSP range of the byte range `span`.
    pub fn range(&self, text: &str, span: std::ops::Range<usize>) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }

    /// The byte offset of an LSP position. A column past the line's end is the line's end
    /// (before its line break); a line past the last is the end of the text.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let line = text.get(start..end).unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The range of the whole text (for a whole-document edit).
    pub fn whole(&self, text: &str) -> Range {
        Range::new(Position::new(0, 0), self.position(text, text.len()))
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_code_units() {
        // `’` (U+2019) is 3 bytes and 1 UTF-16 unit; `🐺` (U+1F43A) is 4 bytes and 2 units.
        let text = "**Wolf’s Den** | Location\nOn 🐺 Deth: Kill @Self\n";
        let index = LineIndex::new(text);
        let deth = text.find("Deth").unwrap();
        assert_eq!(index.position(text, deth), Position::new(1, 6));
        let pipe = text.find('|').unwrap();
        assert_eq!(index.position(text, pipe), Position::new(0, 15));
        assert_eq!(index.offset(text, Position::new(1, 6)), deth);
        assert_eq!(index.offset(text, Position::new(0, 15)), pipe);
    }

    #[test]
    fn positions_past_the_end_clamp() {
        let text = "ab\r\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, Position::new(0, 9)), 2);
        assert_eq!(index.offset(text, Position::new(7, 0)), text.len());
        assert_eq!(index.position(text, 99), Position::new(1, 2));
        assert_eq!(index.whole(text).end, Position::new(1, 2));
    }
}
