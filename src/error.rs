//! The one error type of the core: a kind callers can match on and a message for people.

use std::fmt::{self, Write};

/// What went wrong, broadly. Non-exhaustive: new kinds may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The board itself is malformed: size, ragged rows, unknown point values.
    InvalidBoard,
    /// A vertex is off the board or names the wrong kind of point.
    InvalidVertex,
    /// An option (rules, komi, counts, …) has a value outside its domain.
    InvalidOption,
    /// The stones form a position that cannot arise in a game (a chain without liberties).
    IllegalPosition,
    /// A move breaks the rules of play (occupied point, suicide, ko).
    IllegalMove,
    /// An SGF text could not be read.
    Sgf,
}

/// An error with a message that names the bad value and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// Creates an error of `kind` with a lowercase message naming what is wrong.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// The broad kind of the error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, as shown to users.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;

/// A JS number as a message shows it: `NaN`, `Infinity`, whole numbers without a decimal
/// point, other numbers in the shortest form that reads back as the same number (`0.3`,
/// `1e300`). Written with ryu rather than the standard library's float formatting, which
/// would add about 13 KB to the WebAssembly module for the sake of error messages.
pub(crate) struct Number(pub f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if value.is_nan() {
            return f.write_str("NaN");
        }
        if value.is_infinite() {
            return f.write_str(if value > 0.0 { "Infinity" } else { "-Infinity" });
        }
        let mut buffer = ryu::Buffer::new();
        let text = buffer.format_finite(value);
        f.write_str(text.strip_suffix(".0").unwrap_or(text))
    }
}

/// A text in double quotes as a message shows it (`"go"`), with `"`, `\` and control
/// characters escaped: what `{:?}` writes for plain text, without the standard library's
/// Unicode escape tables.
pub(crate) struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for ch in self.0.chars() {
            escaped(f, ch, '"')?;
        }
        f.write_char('"')
    }
}

/// A character in single quotes as a message shows it (`'Z'`), escaped as [`Quoted`] does.
pub(crate) struct QuotedChar(pub char);

impl fmt::Display for QuotedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('\'')?;
        escaped(f, self.0, '\'')?;
        f.write_char('\'')
    }
}

/// Writes `ch` escaped as it stands between `quote`s.
fn escaped(f: &mut fmt::Formatter<'_>, ch: char, quote: char) -> fmt::Result {
    match ch {
        '\\' => f.write_str("\\\\"),
        '\n' => f.write_str("\\n"),
        '\r' => f.write_str("\\r"),
        '\t' => f.write_str("\\t"),
        '\0' => f.write_str("\\0"),
        ch if ch == quote => {
            f.write_char('\\')?;
            f.write_char(ch)
        }
        ch if ch.is_control() => write!(f, "\\u{{{:x}}}", ch as u32),
        ch => f.write_char(ch),
    }
}

#[cfg(test)]
mod tests {
    use super::{Number, Quoted, QuotedChar};

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        for (value, shown) in [
            (0.3, "0.3"),
            (-6.25, "-6.25"),
            (7.0, "7"),
            (0.0, "0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e300, "1e300"),
            (1.5e-7, "1.5e-7"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(Number(value).to_string(), shown);
        }
        // Below 1e16 every number is written as `{}` writes it.
        let mut values: Vec<f64> = (-2000..2000).map(|n| n as f64 / 8.0).collect();
        values.extend((0..53).map(|k| 2f64.powi(k) + 0.5));
        values.extend((1..15).map(|k| 10f64.powi(k) / 3.0));
        for v in values {
            assert_eq!(Number(v).to_string(), v.to_string(), "{v}");
        }
    }

    #[test]
    fn texts_are_quoted_and_escaped_as_debug_does() {
        for text in [
            "go",
            "",
            "say \"hi\"",
            "a\\b",
            "line\nbreak\ttab\r",
            "\u{1}\0",
            "碁 ✓",
        ] {
            assert_eq!(Quoted(text).to_string(), format!("{text:?}"));
        }
        for ch in ['Z', '\'', '"', '\n', '\u{7f}', '碁'] {
            assert_eq!(QuotedChar(ch).to_string(), format!("{ch:?}"));
        }
    }
}
