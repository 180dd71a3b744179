//! The fixed split of a game corpus into a tuning part and a validation part, shared by
//! the real-game and engine-game tools and tests.

/// Which part of a corpus a game is in: FNV-1a (64-bit) of its id, even for tuning, odd
/// for validation. Fixed once (the real-game corpus is split the same way); never changed
/// to move a game between parts.
pub fn part_of(id: &str) -> &'static str {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    if hash % 2 == 0 {
        "tuning"
    } else {
        "validation"
    }
}
