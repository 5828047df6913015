// Shared by the fuzz targets: the shipped definitions, compiled once, chosen by an input byte.

use chimera::compile_str;
use chimera::Engine;
use std::path::Path;
use std::sync::OnceLock;

/// The shipped definitions the FEN and move targets exercise (chess-like, drops, xiangqi-like,
/// delayed promotion, duple check, path riders, makruk's counting).
const SOURCES: &[(&str, &str)] = &[
    ("chess", include_str!("../../definitions/chess.variant")),
    (
        "crazyhouse",
        include_str!("../../definitions/crazyhouse.variant"),
    ),
    ("shogi", include_str!("../../definitions/shogi.variant")),
    ("xiangqi", include_str!("../../definitions/xiangqi.variant")),
    (
        "xiang-fu",
        include_str!("../../definitions/xiang-fu.variant"),
    ),
    (
        "spiderqi",
        include_str!("../../definitions/spiderqi.variant"),
    ),
    (
        "shoxiang108-xq-strong",
        include_str!("../../definitions/shoxiang108-xq-strong.variant"),
    ),
    // Counting: a count's limit where the en-passant square stands.
    ("makruk", include_str!("../../definitions/makruk.variant")),
];

/// The engines, compiled on first use. A definition that `extends` another is skipped.
pub fn engines() -> &'static [Engine] {
    static ENGINES: OnceLock<Vec<Engine>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions");
        SOURCES
            .iter()
            .filter_map(|(name, text)| compile_str(name, text, &dir).ok())
            .filter_map(|rules| Engine::new(rules).ok())
            .collect()
    })
}

/// The engine a leading byte selects, and the rest of the input.
pub fn split(data: &[u8]) -> Option<(&'static Engine, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let all = engines();
    if all.is_empty() {
        return None;
    }
    Some((&all[first as usize % all.len()], rest))
}
