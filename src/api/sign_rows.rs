//! Rows of signs (-1, 0, 1) over a board, as outputs carry them (ownership, counting
//! snapshots): arrays of rows of numbers for JSON, byte strings for the wasm boundary, where
//! a row goes over in one go rather than number by number.

use serde::Serialize;

/// Rows of signs (-1, 0, 1) over a board, `rows[y][x]`, kept in one array rather than a
/// vector per row. Serialized as a `Vec<Vec<i8>>` would be, an array of rows of numbers
/// (see [`sign_rows`] for serializers that are not human-readable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignRows {
    width: usize,
    signs: Vec<i8>,
}

impl SignRows {
    /// `signs` row by row, `width` (at least 1) to a row.
    pub fn new(width: usize, signs: Vec<i8>) -> SignRows {
        debug_assert!(width > 0 && signs.len() % width == 0);
        SignRows {
            width: width.max(1),
            signs,
        }
    }

    /// Points to a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.signs.len() / self.width
    }

    /// No rows (never so for a board's).
    pub fn is_empty(&self) -> bool {
        self.signs.is_empty()
    }

    /// The rows, top first.
    pub fn iter(&self) -> std::slice::Chunks<'_, i8> {
        self.signs.chunks(self.width)
    }

    /// Every sign, row by row.
    pub fn signs(&self) -> &[i8] {
        &self.signs
    }
}

impl std::ops::Index<usize> for SignRows {
    type Output = [i8];

    /// Row `y`.
    fn index(&self, y: usize) -> &[i8] {
        &self.signs[y * self.width..(y + 1) * self.width]
    }
}

impl<'a> IntoIterator for &'a SignRows {
    type Item = &'a [i8];
    type IntoIter = std::slice::Chunks<'a, i8>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Serialize for SignRows {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        if serializer.is_human_readable() {
            return serializer.collect_seq(self.iter());
        }
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for row in self.iter() {
            seq.serialize_element(&SignRow(row))?;
        }
        seq.end()
    }
}

/// Serializes rows of signs (-1, 0, 1) as arrays of numbers; for a serializer that is not
/// human-readable (the wasm boundary's outputs) each row as a byte string instead, written
/// in one go rather than number by number: every sign as an `i8`.
pub fn sign_rows<S: serde::Serializer>(
    rows: &[Vec<i8>],
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    if serializer.is_human_readable() {
        return rows.serialize(serializer);
    }
    let mut seq = serializer.serialize_seq(Some(rows.len()))?;
    for row in rows {
        seq.serialize_element(&SignRow(row))?;
    }
    seq.end()
}

/// One row of signs as a byte string (see [`sign_rows`]).
struct SignRow<'a>(&'a [i8]);

impl Serialize for SignRow<'_> {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        // A board row fits on the stack: no allocation per row.
        let mut bytes = [0u8; crate::board::MAX_SIZE];
        match bytes.get_mut(..self.0.len()) {
            Some(bytes) => {
                for (byte, &sign) in bytes.iter_mut().zip(self.0) {
                    *byte = sign as u8;
                }
                serializer.serialize_bytes(bytes)
            }
            None => {
                let bytes: Vec<u8> = self.0.iter().map(|&sign| sign as u8).collect();
                serializer.serialize_bytes(&bytes)
            }
        }
    }
}
