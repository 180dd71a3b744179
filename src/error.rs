//! The one error type of the core: a kind callers can match on and a message for people.

use std::fmt;

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
