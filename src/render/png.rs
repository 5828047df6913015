//! PNG output: SVG rasterised in-process with resvg, with the system's fonts (the `render`
//! feature, so that a program using Chimera for its rules alone does not build resvg).

use super::RenderError;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The font database, loaded once: the system's fonts, with the generic families pointed at a
/// font that exists (the defaults name fonts most Linux machines lack).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let preferred = [
                "DejaVu Sans",
                "Liberation Sans",
                "Arial",
                "Helvetica",
                "Noto Sans",
                "FreeSans",
            ];
            let families: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let chosen = preferred
                .iter()
                .map(|s| s.to_string())
                .find(|p| families.contains(p))
                .or_else(|| families.first().cloned());
            if let Some(family) = chosen {
                db.set_sans_serif_family(family.clone());
                db.set_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// Whether any font is available to draw text in PNGs (without one, letters are left out).
pub fn fonts_available() -> bool {
    !fonts().is_empty()
}

/// Rasterises SVG text to PNG bytes, in-process.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    rasterise(svg, fonts())
}

/// Rasterises with a given font database; text is left out where no font has its letters.
pub(super) fn rasterise(
    svg: &str,
    fontdb: Arc<usvg::fontdb::Database>,
) -> Result<Vec<u8>, RenderError> {
    let opts = usvg::Options {
        fontdb,
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opts).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| RenderError::Png(format!("bad size {}x{}", size.width(), size.height())))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
