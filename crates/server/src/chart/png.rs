//! A chart's SVG as PNG: usvg reads it, tiny-skia paints it (both through resvg).
//!
//! Text needs a font: the system's fonts are loaded once (fontdb; on Debian the package
//! `fonts-dejavu-core`, DejaVu Sans, under the Bitstream Vera licence and public domain).
//! The SVG asks for DejaVu Sans, Liberation Sans, Arial or Helvetica; `sans-serif` is set to
//! the first of those the system has, else to any family it has. A system without any font
//! gets a picture without its words (and a warning in the log), never an error.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    #[error("the chart's SVG does not read: {0}")]
    Svg(#[from] usvg::Error),
    #[error("a {0}×{1} picture is too large")]
    Size(u32, u32),
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// The families the SVG names, in its order.
const PREFERRED: [&str; 4] = ["DejaVu Sans", "Liberation Sans", "Arial", "Helvetica"];

/// The system's fonts, loaded on first use.
pub fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let families: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let chosen = PREFERRED
                .iter()
                .find(|p| families.iter().any(|f| f == *p))
                .map(|p| (*p).to_owned())
                .or_else(|| families.first().cloned());
            match chosen {
                Some(family) => db.set_sans_serif_family(family),
                None => tracing::warn!(
                    "no font found: chart pictures (PNG) are drawn without text; install \
                     fonts-dejavu-core or any TrueType font"
                ),
            }
            Arc::new(db)
        })
        .clone()
}

/// The SVG painted at `scale` times its own size.
pub fn render(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    paint(svg, scale)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

fn paint(svg: &str, scale: f32) -> Result<Pixmap, PngError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: "sans-serif".to_owned(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    if w > 4000 || h > 8000 {
        return Err(PngError::Size(w, h));
    }
    let mut pixmap = Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pictures' words need a font on the machine: a text alone paints dark pixels.
    #[test]
    fn text_is_painted_with_a_system_font() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30" font-family="DejaVu Sans, sans-serif"><rect width="120" height="30" fill="#fff"/><text x="4" y="22" font-size="18" fill="#000">Bob: 3</text></svg>"##;
        let pixmap = paint(svg, 1.0).expect("the SVG reads");
        let dark = pixmap
            .pixels()
            .iter()
            .filter(|p| p.red() < 128 && p.alpha() > 0)
            .count();
        assert!(
            dark > 50,
            "no text was painted ({dark} dark pixels): the machine has no font \
             (install fonts-dejavu-core)"
        );
    }
}
