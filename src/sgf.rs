//! SGF in and out, on the `sgf-parse` crate: bytes are decoded by their charset, the main
//! line is replayed through [`Game`] (so every move is checked), and a game is written back
//! with its setup, moves, properties and the territory of a scored position.
//!
//! Decisions worth knowing:
//! - Charset: a byte-order mark wins; UTF-16 without one is recognised by its zero bytes;
//!   otherwise `CA` names the charset (any WHATWG label: Shift_JIS, GB2312,
//!   GB18030, Big5, EUC-KR, ISO-8859-x, …); without `CA`, UTF-8, and when the bytes are not
//!   UTF-8, ISO-8859-1 (SGF's own default). Only text properties depend on it.
//! - Komi: `KM` must be a multiple of 0.5. Servers write two other forms, read as
//!   follows and reported in [`GameRecord::notes`]: a multiple of 0.25 that is not one of
//!   0.5 is komi in stones (Chinese counting, `KM[3.75]` = 7.5 points); a whole number of
//!   100 or more is hundredths (`KM[650]` = 6.5, and Fox's `KM[375]` = 3.75 stones = 7.5).
//!   Anything else is an error, never a guess.
//! - `HA` only records the handicap: the stones are the file's `AB`. Setup in the nodes
//!   before the first move (where Fox puts handicap stones) belongs to the starting
//!   position; setup after it is replayed as [`Action::Setup`].
//! - `B[tt]` is a pass on boards up to 19×19 (FF\[3\]); on larger boards it is a point.
//! - Stones of one colour on the other colour's `TB`/`TW` points (the last `TB` and `TW`
//!   of the main line) are the dead-stone hints.
//! - Only the first game of a collection and the main line (first child at every branch)
//!   are read; comments and markup other than `TB`/`TW` are not kept.

use crate::board::{Board, Color, Point};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{default_komi, Action, Game, Setup};
use crate::rules::Ruleset;
use crate::score::{score, PerColor};
use crate::servers::Server;
use sgf_parse::go::{Move, Prop};
use sgf_parse::SgfProp as _;
use sgf_parse::{GameTree, SgfNode, SimpleText};
use std::collections::HashSet;

/// A game read from SGF (or started fresh), with what the file says besides the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game, replayed to the end of the main line.
    pub game: Game,
    /// Root game-information properties kept to write back (players, result, date, …).
    pub info: Vec<Prop>,
    /// Whether the komi came from the file's `KM` (otherwise it is the ruleset's default).
    pub komi_given: bool,
    /// Territory markup of the file: points in `TB` and in `TW`.
    pub territory: PerColor<Vec<Point>>,
    /// How unusual content was read (komi encodings, charsets, unknown rules, extra games).
    pub notes: Vec<String>,
    /// The server that recorded the game, as the record's header names it
    /// ([`Server::detect`]); `None` when it names none go-score knows.
    pub server: Option<Server>,
}

/// Game-information properties carried from a file's root to the written file.
const KEPT_INFO: [&str; 19] = [
    "PB", "PW", "BR", "WR", "BT", "WT", "RE", "DT", "EV", "RO", "PC", "GN", "GC", "ON", "OT", "SO",
    "TM", "US", "AN",
];

impl GameRecord {
    /// A record of a game that was not read from a file.
    pub fn new(game: Game) -> GameRecord {
        GameRecord {
            game,
            info: Vec::new(),
            komi_given: false,
            territory: PerColor::default(),
            notes: Vec::new(),
            server: None,
        }
    }

    /// Dead stones implied by the territory markup: stones on the other colour's `TB`/`TW`
    /// points that are still on the board, in reading order.
    pub fn dead_hints(&self) -> Vec<Point> {
        let board = self.game.board();
        let mut dead: Vec<Point> = Color::BOTH
            .iter()
            .flat_map(|&owner| {
                let marked = match owner {
                    Color::Black => &self.territory.black,
                    Color::White => &self.territory.white,
                };
                marked
                    .iter()
                    .copied()
                    .filter(move |&p| p < board.len() && board.get(p) == Some(owner.opponent()))
            })
            .collect();
        dead.sort_unstable();
        dead.dedup();
        dead
    }

    /// The text of a kept game-information property (`RE`, `PB`, …).
    pub fn info(&self, identifier: &str) -> Option<String> {
        self.info
            .iter()
            .find(|prop| prop.identifier() == identifier)
            .and_then(simple_text)
    }
}

fn simple_text(prop: &Prop) -> Option<String> {
    match prop {
        Prop::PB(t)
        | Prop::PW(t)
        | Prop::BR(t)
        | Prop::WR(t)
        | Prop::BT(t)
        | Prop::WT(t)
        | Prop::RE(t)
        | Prop::DT(t)
        | Prop::EV(t)
        | Prop::RO(t)
        | Prop::PC(t)
        | Prop::GN(t)
        | Prop::ON(t)
        | Prop::OT(t)
        | Prop::SO(t)
        | Prop::US(t)
        | Prop::AN(t)
        | Prop::RU(t) => Some(t.text.clone()),
        Prop::GC(t) => Some(t.text.clone()),
        Prop::TM(v) => Some(v.to_string()),
        _ => None,
    }
}

fn sgf_error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Sgf, message)
}

/// Decodes text in the legacy charsets SGF files name in `CA` (Shift_JIS, GB18030, Big5,
/// EUC-KR, ISO-2022-JP, KOI8-R, …). UTF-8, UTF-16 and ISO-8859-1 need no tables and are
/// decoded by [`decode_with`] itself; the rest come from a backend: [`EncodingRs`]
/// natively, the platform's `TextDecoder` in WebAssembly (the browser and Node already
/// carry those tables, so the module does not).
pub trait LegacyCharsets {
    /// Decodes `bytes` in the charset named by the WHATWG `label`; `None` when the label is
    /// unknown. The flag is true when some bytes were invalid and replaced.
    fn decode(&self, label: &str, bytes: &[u8]) -> Option<(String, bool)>;
}

/// The native backend: the `encoding_rs` crate.
#[cfg(not(target_arch = "wasm32"))]
pub struct EncodingRs;

#[cfg(not(target_arch = "wasm32"))]
impl LegacyCharsets for EncodingRs {
    fn decode(&self, label: &str, bytes: &[u8]) -> Option<(String, bool)> {
        let encoding = encoding_rs::Encoding::for_label(label.as_bytes())?;
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        Some((text.into_owned(), had_errors))
    }
}

/// The charsets decoded without a backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// ISO-8859-1 as the web reads it: windows-1252 (SGF's default charset).
    Latin1,
}

impl Builtin {
    fn name(self) -> &'static str {
        match self {
            Builtin::Utf8 => "UTF-8",
            Builtin::Utf16Le => "UTF-16LE",
            Builtin::Utf16Be => "UTF-16BE",
            Builtin::Latin1 => "windows-1252",
        }
    }

    /// The builtin charset a `CA` label names, if any.
    fn from_label(label: &str) -> Option<Builtin> {
        let label = label.trim().to_ascii_lowercase();
        match label.as_str() {
            "utf-8" | "utf8" | "unicode-1-1-utf-8" => Some(Builtin::Utf8),
            "utf-16" | "utf-16le" | "unicode" | "ucs-2" => Some(Builtin::Utf16Le),
            "utf-16be" | "unicodefffe" => Some(Builtin::Utf16Be),
            "iso-8859-1" | "iso8859-1" | "latin1" | "l1" | "windows-1252" | "cp1252" | "ascii"
            | "us-ascii" | "iso_8859-1" | "cp819" => Some(Builtin::Latin1),
            _ => None,
        }
    }

    /// Decodes `bytes`; the flag is true when invalid sequences were replaced.
    fn decode(self, bytes: &[u8]) -> (String, bool) {
        match self {
            Builtin::Utf8 => match String::from_utf8_lossy(bytes) {
                std::borrow::Cow::Borrowed(text) => (text.to_string(), false),
                std::borrow::Cow::Owned(text) => (text, true),
            },
            Builtin::Utf16Le | Builtin::Utf16Be => {
                let units = bytes.chunks(2).map(|pair| match (self, pair) {
                    (Builtin::Utf16Le, [lo, hi]) => u16::from_le_bytes([*lo, *hi]),
                    (_, [hi, lo]) => u16::from_be_bytes([*hi, *lo]),
                    _ => 0xFFFD, // an odd trailing byte
                });
                let mut errors = bytes.len() % 2 == 1;
                let text = char::decode_utf16(units)
                    .map(|unit| {
                        unit.unwrap_or_else(|_| {
                            errors = true;
                            char::REPLACEMENT_CHARACTER
                        })
                    })
                    .collect();
                (text, errors)
            }
            Builtin::Latin1 => (bytes.iter().map(|&b| windows_1252(b)).collect(), false),
        }
    }
}

/// A windows-1252 byte as a character: ISO-8859-1 but for 0x80–0x9F, which hold
/// typographic characters (the five unassigned bytes map to the C1 controls, as on the web).
fn windows_1252(byte: u8) -> char {
    const HIGH: [u16; 32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ];
    match byte {
        0x80..=0x9F => {
            char::from_u32(u32::from(HIGH[usize::from(byte - 0x80)])).unwrap_or('\u{FFFD}')
        }
        _ => char::from(byte),
    }
}

/// Decodes SGF bytes natively ([`decode_with`] and [`EncodingRs`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn decode(bytes: &[u8]) -> (String, Option<String>) {
    decode_with(bytes, &EncodingRs)
}

/// Decodes SGF bytes to text by byte-order mark, UTF-16 zero-byte pattern or `CA`, asking
/// `legacy` for charsets other than UTF-8, UTF-16 and ISO-8859-1; the second value notes
/// anything unusual about the decoding.
pub fn decode_with(bytes: &[u8], legacy: &dyn LegacyCharsets) -> (String, Option<String>) {
    let replaced = |name: &str| format!("some bytes are not valid {name} and were replaced");
    let bom = [
        (&[0xEF, 0xBB, 0xBF][..], Builtin::Utf8),
        (&[0xFF, 0xFE][..], Builtin::Utf16Le),
        (&[0xFE, 0xFF][..], Builtin::Utf16Be),
    ]
    .into_iter()
    .find(|(mark, _)| bytes.starts_with(mark));
    if let Some((mark, charset)) = bom {
        let (text, had_errors) = charset.decode(&bytes[mark.len()..]);
        return (text, had_errors.then(|| replaced(charset.name())));
    }
    // UTF-16 without a byte-order mark: ASCII structure characters leave a zero byte in
    // every pair, on the odd side for little-endian, on the even side for big-endian; the
    // first pair (an ASCII character, usually '(') shows the side at once.
    let head = &bytes[..bytes.len().min(64) & !1];
    let zeros = |parity: usize| {
        head.iter()
            .enumerate()
            .filter(|&(i, &b)| i % 2 == parity && b == 0)
            .count()
    };
    let pairs = head.len() / 2;
    if pairs >= 2 {
        for (parity, charset) in [(1, Builtin::Utf16Le), (0, Builtin::Utf16Be)] {
            let first_pair_fits = head[parity] == 0 && head[1 - parity] != 0;
            if first_pair_fits && zeros(parity) * 2 > pairs && zeros(1 - parity) == 0 {
                return (charset.decode(bytes).0, None);
            }
        }
    }
    let declared = charset_label(bytes);
    let utf8 = std::str::from_utf8(bytes).ok();
    let mut unknown = None;
    if let Some(label) = declared.as_deref() {
        match Builtin::from_label(label) {
            Some(Builtin::Latin1) => return (Builtin::Latin1.decode(bytes).0, None),
            Some(Builtin::Utf16Le | Builtin::Utf16Be) => {
                unknown = Some(format!(
                    "CA[{label}] does not fit the bytes, which are not UTF-16"
                ));
            }
            Some(Builtin::Utf8) => {}
            None => {
                // EUC-CN is GB2312's byte form, which GBK extends; WHATWG labels it only "gb2312".
                let known = if label.eq_ignore_ascii_case("euc-cn") {
                    "gbk"
                } else {
                    label
                };
                match legacy.decode(known, bytes) {
                    Some((text, false)) => return (text, None),
                    Some((text, true)) => {
                        if let Some(utf8) = utf8 {
                            let note = format!(
                                "CA[{label}] does not fit the bytes, which are UTF-8: read as UTF-8"
                            );
                            return (utf8.to_string(), Some(note));
                        }
                        return (text, Some(replaced(label)));
                    }
                    None => unknown = Some(format!("unknown charset CA[{label}]")),
                }
            }
        }
    }
    if let Some(text) = utf8 {
        let note = unknown.map(|u| format!("{u}: read as UTF-8"));
        return (text.to_string(), note);
    }
    let why = unknown.unwrap_or_else(|| "the bytes are not UTF-8".to_string());
    (
        Builtin::Latin1.decode(bytes).0,
        Some(format!("{why}: read as ISO-8859-1")),
    )
}

/// The value of the first `CA[…]` property in the raw bytes (ASCII in every charset SGF
/// files use).
fn charset_label(bytes: &[u8]) -> Option<String> {
    let start = bytes
        .windows(3)
        .enumerate()
        .find(|&(i, w)| w == b"CA[" && (i == 0 || !bytes[i - 1].is_ascii_uppercase()))?
        .0
        + 3;
    let len = bytes[start..].iter().position(|&b| b == b']')?;
    let label = std::str::from_utf8(&bytes[start..start + len]).ok()?;
    Some(label.trim().to_string())
}

/// Reads SGF bytes natively: decodes them ([`decode`]) and reads the text ([`read_sgf`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn read_sgf_bytes(bytes: &[u8]) -> Result<GameRecord> {
    read_sgf_bytes_with(bytes, &EncodingRs)
}

/// Reads SGF bytes: decodes them ([`decode_with`], legacy charsets from `legacy`) and
/// reads the text ([`read_sgf`]).
pub fn read_sgf_bytes_with(bytes: &[u8], legacy: &dyn LegacyCharsets) -> Result<GameRecord> {
    let (text, note) = decode_with(bytes, legacy);
    let mut record = read_sgf(&text)?;
    record.notes.splice(0..0, note);
    Ok(record)
}

/// Reads the first game of an SGF text and replays its main line. Fails on malformed SGF,
/// a game other than Go, a bad board size or komi, a move off the board or an illegal
/// move (naming its move number).
pub fn read_sgf(text: &str) -> Result<GameRecord> {
    let text = game_trees_only(text)?;
    let trees = sgf_parse::parse(text).map_err(parse_error)?;
    let count = trees.len();
    let mut notes = Vec::new();
    if count > 1 {
        notes.push(format!("the file holds {count} games; the first was read"));
    }
    let mut trees = trees.into_iter();
    let first = trees
        .next()
        .ok_or_else(|| sgf_error("malformed SGF: no game"))?;
    dismantle(trees.filter_map(|tree| tree.into_go_node().ok()).collect());
    let root = match first {
        GameTree::GoGame(root) => root,
        GameTree::Unknown(root) => {
            let game = root
                .get_property("GM")
                .map(|prop| prop.to_string())
                .unwrap_or_default();
            dismantle_unknown(root);
            return Err(sgf_error(format!(
                "the SGF holds a game other than Go ({game})"
            )));
        }
    };
    let main_line = take_main_line(root);
    let mut record = replay(&main_line)?;
    notes.append(&mut record.notes);
    record.notes = notes;
    Ok(record)
}

/// The text from the first game tree `(;` to the last `)`: the SGF specification lets
/// files carry other text around the game trees, which the parser would reject.
fn game_trees_only(text: &str) -> Result<&str> {
    let bytes = text.as_bytes();
    let start = (0..bytes.len())
        .find(|&i| starts_game_tree(bytes, i))
        .ok_or_else(|| sgf_error("malformed SGF: no game tree (no '(' followed by ';')"))?;
    let end = text
        .rfind(')')
        .filter(|&end| end > start)
        .map_or(text.len(), |end| end + 1);
    Ok(&text[start..end])
}

/// Whether a game tree starts at `bytes[i]`: a `(` followed by `;`, white space allowed
/// between.
fn starts_game_tree(bytes: &[u8], i: usize) -> bool {
    bytes[i] == b'('
        && bytes[i + 1..]
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b';')
}

/// The game trees of an SGF text (a collection holds several), each from its `(` to its
/// matching `)`, so that [`read_sgf`] reads any one of them as a game of its own. Text
/// around the trees is skipped; parentheses inside property values (`\` escapes the next
/// character) are text; an unclosed last tree is given as it is, for [`read_sgf`] to
/// report. Nothing else is checked: a tree that is no good game fails when it is read.
///
/// Cutting decoded text, not bytes, matters: in Shift_JIS, Big5 and GBK the second byte
/// of a character may be `\` or `]`.
pub fn game_tree_texts(text: &str) -> Vec<&str> {
    // Every byte looked at is ASCII, which never occurs inside a multi-byte UTF-8
    // character, so each cut falls on a character boundary.
    let bytes = text.as_bytes();
    let mut trees = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' if depth == 0 && starts_game_tree(bytes, i) => {
                start = i;
                depth = 1;
            }
            _ if depth == 0 => {}
            b'[' => {
                // The value: `\` escapes the next character, `]` ends it.
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    trees.push(&text[start..=i]);
                }
            }
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        trees.push(&text[start..]);
    }
    trees
}

fn parse_error(error: sgf_parse::SgfParseError) -> Error {
    use sgf_parse::{LexerError, SgfParseError as E};
    let what = match error {
        E::LexerError(LexerError::UnexpectedPropertyIdentifier) => {
            "a property identifier has characters other than capital letters".to_string()
        }
        E::LexerError(LexerError::MissingPropertyIdentifier) => {
            "a property value has no identifier".to_string()
        }
        E::LexerError(LexerError::UnexpectedEndOfPropertyIdentifier) => {
            "a property identifier is not followed by a value".to_string()
        }
        E::LexerError(LexerError::UnexpectedEndOfPropertyValue) => {
            "a property value is not closed by ']' (is the file cut off?)".to_string()
        }
        E::UnexpectedGameTreeStart => "a variation starts before any node".to_string(),
        E::UnexpectedGameTreeEnd => "a ')' closes no game tree".to_string(),
        E::UnexpectedProperty => "a property stands outside a node (missing ';')".to_string(),
        E::UnexpectedEndOfData => {
            "the text ends inside a game tree (is the file cut off?)".to_string()
        }
        E::InvalidGameType => "GM is not a number".to_string(),
        E::NoGameTrees => "no game tree".to_string(),
        // sgf-parse's messages are ASCII: no Unicode case tables in the module for them.
        other => other.to_string().to_ascii_lowercase(),
    };
    sgf_error(format!("malformed SGF: {what}"))
}

/// Splits a tree into its main line (first child at each step) and drops the rest, all
/// without recursion: records can be thousands of nodes deep.
fn take_main_line(root: SgfNode<Prop>) -> Vec<Vec<Prop>> {
    let mut line = Vec::new();
    let mut rest = Vec::new();
    let mut node = Some(root);
    while let Some(mut current) = node {
        let mut children = std::mem::take(&mut current.children).into_iter();
        node = children.next();
        rest.extend(children);
        line.push(std::mem::take(&mut current.properties));
    }
    dismantle(rest);
    line
}

/// Drops trees iteratively (the default drop recurses once per node).
fn dismantle(mut stack: Vec<SgfNode<Prop>>) {
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

fn dismantle_unknown(root: SgfNode<sgf_parse::unknown_game::Prop>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Reads a komi value as the module documentation says; the note reports a reinterpretation.
pub fn read_komi(value: f64) -> Result<(f64, Option<String>)> {
    let is_multiple = |v: f64, step: f64| v.is_finite() && (v / step).fract() == 0.0;
    let text = value.to_string();
    if value.abs() < 100.0 && is_multiple(value, 0.5) {
        return Ok((value, None));
    }
    if value.abs() < 100.0 && is_multiple(value, 0.25) {
        let komi = value * 2.0;
        return Ok((
            komi,
            Some(format!(
                "KM[{text}] read as komi {komi}: komi in stones (Chinese counting), doubled"
            )),
        ));
    }
    if value.abs() >= 100.0 && is_multiple(value, 1.0) {
        let hundredths = value / 100.0;
        if is_multiple(hundredths, 0.5) {
            return Ok((
                hundredths,
                Some(format!(
                    "KM[{text}] read as komi {hundredths}: hundredths, as some servers write it"
                )),
            ));
        }
        if is_multiple(hundredths, 0.25) {
            let komi = hundredths * 2.0;
            return Ok((
                komi,
                Some(format!(
                    "KM[{text}] read as komi {komi}: hundredths of stones (Fox), doubled"
                )),
            ));
        }
    }
    Err(sgf_error(format!(
        "KM[{text}] is not a komi go-score can read: expected a multiple of 0.5 (or a server form such as KM[375] for 7.5)"
    )))
}

/// A vertex of the SGF point `point` on `board`, or the error of a move off the board.
fn on_board(board: &Board, x: u8, y: u8, what: &str) -> Result<Point> {
    board.checked_point(x as i64, y as i64).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidVertex,
            format!(
                "{what} [{x}, {y}] is off the {}×{} board",
                board.width(),
                board.height()
            ),
        )
    })
}

fn points(board: &Board, set: &HashSet<sgf_parse::go::Point>, what: &str) -> Result<Vec<Point>> {
    let mut list = set
        .iter()
        .map(|p| on_board(board, p.x, p.y, what))
        .collect::<Result<Vec<_>>>()?;
    list.sort_unstable();
    Ok(list)
}

/// Replays a main line: the root's size, rules, komi, handicap and setup, then each node's
/// setup and move.
fn replay(nodes: &[Vec<Prop>]) -> Result<GameRecord> {
    let root = nodes.first().map(Vec::as_slice).unwrap_or(&[]);
    let mut notes = Vec::new();
    let Header {
        mut board,
        rules,
        handicap,
        komi,
    } = read_header(root, &mut notes)?;

    // Setup before the first move makes the starting position: the root's, and that of
    // the nodes up to the first move (Fox, for one, puts the handicap stones in the
    // second node).
    let is_move = |prop: &Prop| matches!(prop, Prop::B(_) | Prop::W(_));
    let leading = nodes
        .iter()
        .position(|props| props.iter().any(is_move))
        .map_or(nodes.len(), |first_move| first_move + 1);
    let first_player = place_setup(&mut board, &nodes[..leading])?;
    let black_setup = board.count(Color::Black) as u32;
    let handicap_placed = handicap >= 2 && black_setup > 0;
    if handicap >= 2 && black_setup != handicap {
        notes.push(format!(
            "HA[{handicap}] but the setup has {black_setup} black stones: scored with handicap {handicap}"
        ));
    }
    let to_play = first_player.unwrap_or(if handicap_placed {
        Color::White
    } else {
        Color::Black
    });
    let mut game = Game::from_position(board, to_play, rules, komi, handicap)
        .map_err(|e| sgf_error(format!("the setup position is not legal: {e}")))?;

    let mut territory = PerColor::default();
    let mut move_number = 0;
    for (index, props) in nodes.iter().enumerate() {
        check_point_lists(props, move_number)?;
        if index >= leading {
            apply_setup(&mut game, props, move_number)?;
        }
        play_moves(&mut game, props, &mut move_number)?;
        for prop in props {
            match prop {
                Prop::TB(set) => territory.black = points(game.board(), set, "TB point")?,
                Prop::TW(set) => territory.white = points(game.board(), set, "TW point")?,
                _ => {}
            }
        }
    }
    let info = root
        .iter()
        .filter(|prop| KEPT_INFO.contains(&prop.identifier().as_str()))
        // A malformed value (two values for `PW`, …) is dropped: written back, it would
        // read as something else.
        .filter(|prop| !matches!(prop, Prop::Invalid(..)))
        .cloned()
        .collect();
    Ok(GameRecord {
        game,
        info,
        komi_given: komi.is_some(),
        territory,
        notes,
        server: recording_server(root),
    })
}

/// What a record's root says of the game before any stone: the empty board, the rules,
/// the handicap and the komi (`None` when not given).
struct Header {
    board: Board,
    rules: Ruleset,
    handicap: u32,
    komi: Option<f64>,
}

/// Reads the root's `SZ`, `RU`, `HA` and `KM`, adding to `notes` what it reads otherwise
/// than written.
fn read_header(root: &[Prop], notes: &mut Vec<String>) -> Result<Header> {
    let invalid = |prop: &Prop| -> Option<String> {
        match prop {
            Prop::Invalid(id, values) => Some(format!("{id}[{}]", values.join("]["))),
            _ => None,
        }
    };
    let find = |id: &str| root.iter().find(|prop| prop.identifier() == id);

    let (width, height) = match find("SZ") {
        None => (19, 19),
        Some(Prop::SZ((w, h))) => (*w as usize, *h as usize),
        Some(other) => {
            return Err(sgf_error(format!(
                "{} is not a board size",
                invalid(other).unwrap_or_default()
            )))
        }
    };
    let board = Board::new(width, height).map_err(|e| sgf_error(format!("SZ: {e}")))?;

    let rules = match find("RU") {
        Some(Prop::RU(text)) => match text.text.parse::<Ruleset>() {
            Ok(rules) => rules,
            Err(_) => {
                notes.push(format!(
                    "RU[{}] is not a ruleset go-score knows: scored under japanese rules",
                    text.text
                ));
                Ruleset::default()
            }
        },
        _ => Ruleset::default(),
    };
    let handicap = match find("HA") {
        None => 0,
        Some(Prop::HA(n)) => u32::try_from(*n).unwrap_or(u32::MAX),
        // sgf-parse rejects HA below 2; 0 and 1 are common ways to write an even game.
        Some(Prop::Invalid(_, values)) if matches!(values.as_slice(), [v] if v.trim() == "0" || v.trim() == "1") => {
            0
        }
        Some(other) => {
            return Err(sgf_error(format!(
                "{} is not a handicap",
                invalid(other).unwrap_or_default()
            )))
        }
    };
    if handicap as usize >= board.len() {
        return Err(sgf_error(format!(
            "HA[{handicap}] is too many stones for the {width}×{height} board"
        )));
    }
    let komi = match find("KM") {
        None => None,
        Some(Prop::KM(value)) => {
            let (komi, note) = read_komi(*value)?;
            notes.extend(note);
            Some(komi)
        }
        Some(other) => {
            return Err(sgf_error(format!(
                "{} is not a komi go-score can read: expected a number",
                invalid(other).unwrap_or_default()
            )))
        }
    };

    Ok(Header {
        board,
        rules,
        handicap,
        komi,
    })
}

/// Places the setup (`AB`, `AW`, `AE`) of the nodes before the first move on `board`;
/// returns the player their `PL` names, if any.
fn place_setup(board: &mut Board, nodes: &[Vec<Prop>]) -> Result<Option<Color>> {
    let mut first_player = None;
    for props in nodes {
        for prop in props {
            let (set, stone, what) = match prop {
                Prop::AB(set) => (set, Some(Color::Black), "setup stone"),
                Prop::AW(set) => (set, Some(Color::White), "setup stone"),
                Prop::AE(set) => (set, None, "setup point"),
                Prop::PL(color) => {
                    first_player = Some(sgf_color(*color));
                    continue;
                }
                _ => continue,
            };
            for p in points(board, set, what)? {
                board.set(p, stone);
            }
        }
    }
    Ok(first_player)
}

/// Applies the setup (`AB`, `AW`, `AE`) and `PL` of a node after the first move.
fn apply_setup(game: &mut Game, props: &[Prop], move_number: usize) -> Result<()> {
    let board = game.board();
    let mut setup = Setup::default();
    for prop in props {
        match prop {
            Prop::AB(set) => setup.black = points(board, set, "setup stone")?,
            Prop::AW(set) => setup.white = points(board, set, "setup stone")?,
            Prop::AE(set) => setup.empty = points(board, set, "setup point")?,
            _ => {}
        }
    }
    if setup != Setup::default() {
        game.setup(setup)
            .map_err(|e| sgf_error(format!("setup after move {move_number}: {e}")))?;
    }
    if let Some(color) = props.iter().find_map(|p| match p {
        Prop::PL(color) => Some(sgf_color(*color)),
        _ => None,
    }) {
        game.set_to_play(color);
    }
    Ok(())
}

/// Plays the moves (`B`, `W`) of a node, counting them in `move_number`.
fn play_moves(game: &mut Game, props: &[Prop], move_number: &mut usize) -> Result<()> {
    for prop in props {
        let (color, mv) = match prop {
            Prop::B(mv) => (Color::Black, mv),
            Prop::W(mv) => (Color::White, mv),
            Prop::Invalid(id, values) if id == "B" || id == "W" => {
                return Err(sgf_error(format!(
                    "move {}: {id}[{}] is not a point",
                    *move_number + 1,
                    values.join("][")
                )))
            }
            _ => continue,
        };
        *move_number += 1;
        let letter = if color == Color::Black { 'B' } else { 'W' };
        let board = game.board();
        let small = board.width() <= 19 && board.height() <= 19;
        let result = match mv {
            Move::Pass => game.pass_as(color),
            Move::Move(p) if small && p.x == 19 && p.y == 19 => game.pass_as(color),
            Move::Move(p) => {
                if board.checked_point(p.x as i64, p.y as i64).is_none() {
                    return Err(Error::new(
                        ErrorKind::InvalidVertex,
                        format!(
                            "move {move_number} ({letter}[{}{}]) is off the {}×{} board",
                            sgf_letter(p.x as usize),
                            sgf_letter(p.y as usize),
                            board.width(),
                            board.height()
                        ),
                    ));
                }
                game.play_as(color, p.x as i64, p.y as i64)
            }
        };
        result.map_err(|e| Error::new(e.kind(), format!("move {move_number} is illegal: {e}")))?;
    }
    Ok(())
}

/// The server the root's header names ([`Server::detect`]).
fn recording_server(root: &[Prop]) -> Option<Server> {
    let header: Vec<(String, String)> = root
        .iter()
        .filter_map(|prop| {
            let text = match prop {
                Prop::AP((name, _)) => name.text.clone(),
                Prop::CP(text) => text.text.clone(),
                // A property written twice (Fox writes two `AP`) is kept with its values.
                Prop::Invalid(_, values) => values.join(" "),
                other => simple_text(other)?,
            };
            Some((prop.identifier(), text))
        })
        .collect();
    let pairs: Vec<(&str, &str)> = header
        .iter()
        .map(|(id, text)| (id.as_str(), text.as_str()))
        .collect();
    Server::detect(&pairs)
}

/// Fails on a setup or territory property whose values are not points (sgf-parse keeps
/// them as `Invalid`), so that no stone is silently left out. Empty values are allowed.
fn check_point_lists(props: &[Prop], move_number: usize) -> Result<()> {
    for prop in props {
        if let Prop::Invalid(id, values) = prop {
            let listed = ["AB", "AW", "AE", "TB", "TW"].contains(&id.as_str());
            if listed && values.iter().any(|v| !v.trim().is_empty()) {
                let at = match move_number {
                    0 => "before the first move".to_string(),
                    n => format!("after move {n}"),
                };
                return Err(sgf_error(format!(
                    "{id}[{}] ({at}) is not a list of points",
                    values.join("][")
                )));
            }
        }
    }
    Ok(())
}

fn sgf_color(color: sgf_parse::Color) -> Color {
    match color {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// SGF's coordinate letter: `a` … `z` for 0 … 25, `A` … `Z` for 26 … 51.
fn sgf_letter(i: usize) -> char {
    if i < 26 {
        (b'a' + i as u8) as char
    } else {
        (b'A' + (i - 26) as u8) as char
    }
}

fn sgf_point(board: &Board, p: Point) -> String {
    let (x, y) = board.vertex(p);
    format!("{}{}", sgf_letter(x), sgf_letter(y))
}

fn point_list(board: &Board, id: &str, points: &[Point]) -> String {
    if points.is_empty() {
        return String::new();
    }
    let values: String = points
        .iter()
        .map(|&p| format!("[{}]", sgf_point(board, p)))
        .collect();
    format!("{id}{values}")
}

/// Writes a record as SGF (FF\[4\], UTF-8): root properties, setup, the moves in order.
/// With `dead` the position is scored under the game's rules and the last node gets the
/// territory markup (`TB`/`TW`: empty points and points under dead stones) and the root
/// the result (`RE`); without it the file's own `RE` is kept and no markup is written.
pub fn write_sgf(record: &GameRecord, dead: Option<&[(i64, i64)]>) -> Result<String> {
    let game = &record.game;
    let board = game.board();
    let scored = dead.map(|dead| territory_marks(game, dead)).transpose()?;
    let result = scored.as_ref().map(|(_, result)| result.as_str());
    let (root, first_player) = root_node(record, result)?;
    let mut nodes = vec![root];
    nodes.extend(
        game.actions()
            .filter_map(|action| action_node(board, action)),
    );
    // Moves name their player; only a final `PL` (who is to move at the end) can differ
    // from what the moves imply.
    let implied = game
        .actions()
        .fold(first_player, |to_play, action| match action {
            Action::Play(color, _) | Action::Pass(color) => color.opponent(),
            Action::Handicap(_) | Action::Setup(_) => to_play,
        });
    if game.to_play() != implied {
        // Its own node: SGF keeps setup properties such as PL apart from moves.
        let pl = if game.to_play() == Color::Black {
            "PL[B]"
        } else {
            "PL[W]"
        };
        match nodes.len() {
            1 => nodes[0].push_str(pl),
            _ => nodes.push(pl.to_string()),
        }
    }
    let last = nodes.last_mut().expect("the root node is always there");
    if let Some((marks, _)) = &scored {
        *last += &point_list(board, "TB", &marks.black);
        *last += &point_list(board, "TW", &marks.white);
    }
    let mut text = String::from("(");
    for node in nodes {
        text.push(';');
        text += &node;
        text.push('\n');
    }
    text.push_str(")\n");
    Ok(text)
}

/// The territory markup of `game`'s final position scored with `dead` stones under its
/// rules (empty points and points under dead stones, per owner), and the result.
fn territory_marks(game: &Game, dead: &[(i64, i64)]) -> Result<(PerColor<Vec<Point>>, String)> {
    let (position, options) = game.score_options(dead)?;
    let score = score(&position, &options)?;
    let mut marks = PerColor::<Vec<Point>>::default();
    for (p, &owner) in score.ownership.iter().enumerate() {
        if position.living(p).is_some() {
            continue;
        }
        match Color::from_sign(owner) {
            Some(Color::Black) => marks.black.push(p),
            Some(Color::White) => marks.white.push(p),
            None => {}
        }
    }
    Ok((marks, score.official().result.clone()))
}

/// The root node of `record`: its header, the game information kept (the `result` in place
/// of the file's `RE` when scored), the setup; and the player to move first.
fn root_node(record: &GameRecord, result: Option<&str>) -> Result<(String, Color)> {
    let game = &record.game;
    let board = game.board();
    let initial = game.initial_board();
    let mut root = String::from("GM[1]FF[4]CA[UTF-8]");
    root += &format!("AP[go-score:{}]", env!("CARGO_PKG_VERSION"));
    if initial.width() == initial.height() {
        root += &format!("SZ[{}]", initial.width());
    } else {
        root += &format!("SZ[{}:{}]", initial.width(), initial.height());
    }
    root += &format!(
        "RU[{}]KM[{}]",
        game.rules().name(),
        komi_value(game.komi())?
    );
    if game.handicap() >= 2 {
        root += &format!("HA[{}]", game.handicap());
    }
    for prop in &record.info {
        if result.is_some() && matches!(prop, Prop::RE(_)) {
            continue;
        }
        root += &prop.to_string();
    }
    if let Some(result) = result {
        root += &Prop::RE(SimpleText {
            text: result.to_owned(),
        })
        .to_string();
    }
    let mut black: Vec<Point> = (0..initial.len())
        .filter(|&p| initial.get(p) == Some(Color::Black))
        .collect();
    let white: Vec<Point> = (0..initial.len())
        .filter(|&p| initial.get(p) == Some(Color::White))
        .collect();
    black.extend(game.actions().filter_map(|a| match a {
        Action::Handicap(p) => Some(*p),
        _ => None,
    }));
    black.sort_unstable();
    root += &point_list(board, "AB", &black);
    root += &point_list(board, "AW", &white);
    let default_first = if game.handicap() >= 2 && !black.is_empty() {
        Color::White
    } else {
        Color::Black
    };
    // Free-placed handicap stones are written as setup: the root's player is the one to
    // move once they are down.
    let placed = game
        .actions()
        .take_while(|a| matches!(a, Action::Handicap(_)))
        .count();
    let first_player = game.to_play_before(placed);
    if first_player != default_first {
        root += if first_player == Color::Black {
            "PL[B]"
        } else {
            "PL[W]"
        };
    }

    Ok((root, first_player))
}

/// The node of one action of a game (`None` for a handicap stone, written as setup).
fn action_node(board: &Board, action: &Action) -> Option<String> {
    Some(match action {
        Action::Handicap(_) => return None,
        Action::Play(color, p) => format!("{}[{}]", letter(*color), sgf_point(board, *p)),
        Action::Pass(color) => format!("{}[]", letter(*color)),
        Action::Setup(setup) => [
            point_list(board, "AE", &setup.empty),
            point_list(board, "AB", &setup.black),
            point_list(board, "AW", &setup.white),
        ]
        .concat(),
    })
}

fn letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// The komi a record would have under `rules` when its file gave none.
pub fn komi_for(record: &GameRecord, rules: Ruleset) -> f64 {
    if record.komi_given {
        record.game.komi()
    } else {
        default_komi(rules, record.game.handicap())
    }
}

/// The `KM` value that [`read_komi`] reads back as `komi`. Readers take a whole number of
/// 100 or more as hundredths, so such a komi is written in hundredths itself (`KM[15000]`
/// for 150); a komi no value reads back to exactly is an error rather than a changed komi.
fn komi_value(komi: f64) -> Result<f64> {
    let value = if komi.abs() >= 100.0 {
        komi * 100.0
    } else {
        komi
    };
    match read_komi(value) {
        Ok((read, _)) if read == komi => Ok(value),
        _ => Err(sgf_error(format!(
            "komi {komi} cannot be written as an SGF KM that reads back the same"
        ))),
    }
}
