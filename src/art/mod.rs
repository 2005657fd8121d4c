//! Card pictures: rows of cards drawn into a PNG (tiny-skia), the ranks set in the bundled DejaVu Sans Bold
//! (its ASCII glyphs only, `assets/fonts/`). Pure: cards in, bytes out; no Discord here.
//!
//! The design, for Discord's dark and light themes and a phone's small screen: white cards with a mid-grey edge
//! (seen on both backgrounds, the picture itself transparent), a large rank in the corner, and four-colour suits
//! that differ in shape first (drawn here as paths, not taken from a font) and in colour too: spades black,
//! hearts red, diamonds blue, clubs green. A row may carry a seat's number in a gold badge and a gold frame for a
//! winner. A picture is cached by what it shows ([`png`]), so a hand message redrawn for every click renders its
//! picture once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, OutlineCurve};
use tiny_skia::{Color, ColorU8, FillRule, Paint, Path, PathBuilder, Pixmap, PremultipliedColorU8, Stroke, Transform};

use crate::engine::{Card, Suit};

/// The bundled font: DejaVu Sans Bold cut to printable ASCII (licence beside it).
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-ascii.ttf");

const CARD_W: f32 = 112.0;
const CARD_H: f32 = 156.0;
const RADIUS: f32 = 10.0;
const GAP: f32 = 10.0;
const PAD: f32 = 8.0;
const LABEL_W: f32 = 52.0;
/// Bounds that keep a picture small whatever it is asked for: more rows or cards are left out (the text beside
/// the picture has them all).
pub const MAX_ROWS: usize = 10;
pub const MAX_CARDS: usize = 8;

/// One card place in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Up(Card),
    /// A card not turned up yet (a community card to come).
    Down,
}

/// A row of cards: one hand, or the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// A seat's number (1-based), drawn in a badge before the cards; the text beside the picture names the seat.
    pub seat: Option<usize>,
    /// Framed in gold: a winner.
    pub mark: bool,
    pub faces: Vec<Face>,
}

impl Row {
    pub fn cards(seat: Option<usize>, cards: &[Card]) -> Row {
        Row { seat, mark: false, faces: cards.iter().copied().map(Face::Up).collect() }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    #[error("nothing to draw")]
    Empty,
    #[error("the bundled font does not load")]
    Font,
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Cached pictures, by what they show. Bounded: cleared whole when full (a picture is redrawn in about a
/// millisecond, and the hands being played are the ones asked for again).
const CACHE_MAX: usize = 128;

type Cache = Mutex<HashMap<Vec<Row>, Arc<[u8]>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The PNG of `rows` (at most [`MAX_ROWS`] rows of [`MAX_CARDS`] cards), from the cache when it was drawn before.
pub fn png(rows: &[Row]) -> Result<Arc<[u8]>, ArtError> {
    let rows: Vec<Row> = rows
        .iter()
        .take(MAX_ROWS)
        .map(|r| Row { faces: r.faces.iter().copied().take(MAX_CARDS).collect(), ..r.clone() })
        .collect();
    if let Some(hit) = cache().lock().unwrap_or_else(|p| p.into_inner()).get(&rows) {
        return Ok(hit.clone());
    }
    let bytes: Arc<[u8]> = draw(&rows)?.into();
    let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
    if cache.len() >= CACHE_MAX {
        cache.clear();
    }
    cache.insert(rows, bytes.clone());
    Ok(bytes)
}

/// Draws `rows` into a new PNG (no cache).
pub fn draw(rows: &[Row]) -> Result<Vec<u8>, ArtError> {
    let font = FontRef::try_from_slice(FONT).map_err(|_| ArtError::Font)?;
    let widest = rows.iter().map(|r| r.faces.len()).max().unwrap_or(0);
    if widest == 0 {
        return Err(ArtError::Empty);
    }
    let label = if rows.iter().any(|r| r.seat.is_some()) { LABEL_W } else { 0.0 };
    let n = widest as f32;
    let width = PAD * 2.0 + label + n * CARD_W + (n - 1.0) * GAP;
    let height = PAD * 2.0 + rows.len() as f32 * (CARD_H + GAP) - GAP;
    let mut pixmap = Pixmap::new(width.ceil() as u32, height.ceil() as u32).ok_or(ArtError::Empty)?;
    for (i, row) in rows.iter().enumerate() {
        let y = PAD + i as f32 * (CARD_H + GAP);
        if let Some(seat) = row.seat {
            badge(&mut pixmap, &font, seat, PAD + LABEL_W / 2.0 - 4.0, y + CARD_H / 2.0);
        }
        let x0 = PAD + label;
        if row.mark && !row.faces.is_empty() {
            let w = row.faces.len() as f32 * (CARD_W + GAP) - GAP;
            if let Some(frame) = rounded(x0 - 5.0, y - 5.0, w + 10.0, CARD_H + 10.0, RADIUS + 4.0) {
                let stroke = Stroke { width: 4.0, ..Stroke::default() };
                pixmap.stroke_path(&frame, &paint(GOLD), &stroke, Transform::identity(), None);
            }
        }
        for (j, face) in row.faces.iter().enumerate() {
            card(&mut pixmap, &font, *face, x0 + j as f32 * (CARD_W + GAP), y);
        }
    }
    encode(pixmap)
}

/// The PNG of `pixmap`: indexed colour when the picture has at most 256 colours (a card picture has about 200:
/// a few inks and their anti-aliased edges), which is exact and a quarter of the pixels' bytes to compress;
/// straight RGBA otherwise.
fn encode(pixmap: Pixmap) -> Result<Vec<u8>, ArtError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(COMPRESSION);
    let data = match palette(pixmap.pixels()) {
        Some((colours, indices)) => {
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_palette(colours.iter().flat_map(|c| [c.red(), c.green(), c.blue()]).collect::<Vec<u8>>());
            encoder.set_trns(colours.iter().map(|c| c.alpha()).collect::<Vec<u8>>());
            indices
        }
        None => {
            encoder.set_color(png::ColorType::Rgba);
            pixmap.take_demultiplied()
        }
    };
    let mut writer = encoder.write_header().map_err(|e| ArtError::Encode(e.to_string()))?;
    writer.write_image_data(&data).map_err(|e| ArtError::Encode(e.to_string()))?;
    writer.finish().map_err(|e| ArtError::Encode(e.to_string()))?;
    Ok(out)
}

/// The picture's colours (straight, not premultiplied) and each pixel's index among them, if there are at most
/// 256. The pixels are indexed as they are, premultiplied: a pixel's straight colour depends on its value alone,
/// so converting the palette gives the same picture as converting every pixel. A small open-addressed table
/// finds each colour.
fn palette(pixels: &[PremultipliedColorU8]) -> Option<(Vec<ColorU8>, Vec<u8>)> {
    const SLOTS: usize = 1024;
    let mut table: Vec<Option<(u32, u8)>> = vec![None; SLOTS];
    let mut colours: Vec<PremultipliedColorU8> = Vec::new();
    let mut indices = Vec::with_capacity(pixels.len());
    let mut last: Option<(u32, u8)> = None;
    for px in pixels {
        let key = u32::from_le_bytes([px.red(), px.green(), px.blue(), px.alpha()]);
        let i = match last {
            Some((k, i)) if k == key => i,
            _ => {
                let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize % SLOTS;
                loop {
                    match table[slot] {
                        Some((k, i)) if k == key => break i,
                        Some(_) => slot = (slot + 1) % SLOTS,
                        None => {
                            let i = u8::try_from(colours.len()).ok()?;
                            colours.push(*px);
                            table[slot] = Some((key, i));
                            break i;
                        }
                    }
                }
            }
        };
        last = Some((key, i));
        indices.push(i);
    }
    Some((colours.iter().map(PremultipliedColorU8::demultiply).collect(), indices))
}

const COMPRESSION: png::Compression = png::Compression::Fast;

const EDGE: [u8; 3] = [0x8a, 0x8f, 0x98];
const FACE: [u8; 3] = [0xff, 0xff, 0xff];
const BACK: [u8; 3] = [0x2b, 0x4a, 0x8b];
const BACK_INNER: [u8; 3] = [0x3d, 0x63, 0xb5];
const GOLD: [u8; 3] = [0xd4, 0xa0, 0x17];
const INK: [u8; 3] = [0x1e, 0x1f, 0x22];

/// A suit's colour in the four-colour pack.
fn colour(card: Card) -> [u8; 3] {
    if card.is_joker() {
        // The black joker is `Xb` (clubs inside), the red one `Xr`.
        return if card.suit == Suit::Clubs { [0x1a, 0x1a, 0x1a] } else { [0xd0, 0x02, 0x1b] };
    }
    match card.suit {
        Suit::Spades => [0x1a, 0x1a, 0x1a],
        Suit::Hearts => [0xd0, 0x02, 0x1b],
        Suit::Diamonds => [0x15, 0x65, 0xc0],
        Suit::Clubs => [0x1b, 0x7a, 0x2e],
    }
}

fn paint(rgb: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], 255));
    p.anti_alias = true;
    p
}

fn fill(pixmap: &mut Pixmap, path: Option<Path>, rgb: [u8; 3]) {
    if let Some(path) = path {
        pixmap.fill_path(&path, &paint(rgb), FillRule::Winding, Transform::identity(), None);
    }
}

/// A rounded rectangle (corners as cubic quarter circles).
fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let k = r * 0.552_284_8;
    let (x1, y1) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

fn card(pixmap: &mut Pixmap, font: &FontRef<'_>, face: Face, x: f32, y: f32) {
    fill(pixmap, rounded(x, y, CARD_W, CARD_H, RADIUS), EDGE);
    let Face::Up(card) = face else {
        fill(pixmap, rounded(x + 2.0, y + 2.0, CARD_W - 4.0, CARD_H - 4.0, RADIUS - 2.0), BACK);
        fill(pixmap, rounded(x + 10.0, y + 10.0, CARD_W - 20.0, CARD_H - 20.0, RADIUS - 4.0), BACK_INNER);
        star(pixmap, x + CARD_W / 2.0, y + CARD_H / 2.0, 26.0, BACK);
        return;
    };
    fill(pixmap, rounded(x + 2.0, y + 2.0, CARD_W - 4.0, CARD_H - 4.0, RADIUS - 2.0), FACE);
    let ink = colour(card);
    if card.is_joker() {
        fill(pixmap, text(font, "JOKER", 21.0, x + 9.0, y + 28.0), ink);
        star(pixmap, x + CARD_W / 2.0, y + CARD_H * 0.6, 40.0, ink);
        return;
    }
    let rank = card.rank.symbol();
    // "10" is two digits: a size that keeps it inside the corner.
    let size = if rank.len() > 1 { 42.0 } else { 48.0 };
    fill(pixmap, text(font, rank, size, x + 8.0, y + 50.0), ink);
    suit(pixmap, card.suit, x + 26.0, y + 76.0, 30.0, ink);
    suit(pixmap, card.suit, x + CARD_W * 0.64, y + CARD_H * 0.7, 62.0, ink);
}

/// A seat's number in a gold disc.
fn badge(pixmap: &mut Pixmap, font: &FontRef<'_>, seat: usize, cx: f32, cy: f32) {
    fill(pixmap, PathBuilder::from_circle(cx, cy, 20.0), GOLD);
    let label = seat.to_string();
    let size = if label.len() > 1 { 22.0 } else { 26.0 };
    let w = advance(font, &label, size);
    fill(pixmap, text(font, &label, size, cx - w / 2.0, cy + size * 0.36), INK);
}

/// The width of `s` set at `size` pixels.
fn advance(font: &FontRef<'_>, s: &str, size: f32) -> f32 {
    let scale = size / font.units_per_em().unwrap_or(2048.0);
    s.chars().map(|c| font.h_advance_unscaled(font.glyph_id(c)) * scale).sum()
}

/// `s` as one path, at `size` pixels, starting at `x` on the baseline `baseline`.
fn text(font: &FontRef<'_>, s: &str, size: f32, x: f32, baseline: f32) -> Option<Path> {
    let scale = size / font.units_per_em()?;
    let mut pb = PathBuilder::new();
    let mut pen = x;
    for c in s.chars() {
        let id = font.glyph_id(c);
        if let Some(outline) = font.outline(id) {
            let at = |p: ab_glyph::Point| (pen + p.x * scale, baseline - p.y * scale);
            let mut last: Option<ab_glyph::Point> = None;
            for curve in &outline.curves {
                let (start, end) = match curve {
                    OutlineCurve::Line(a, b) | OutlineCurve::Quad(a, _, b) | OutlineCurve::Cubic(a, _, _, b) => {
                        (*a, *b)
                    }
                };
                if last != Some(start) {
                    if last.is_some() {
                        pb.close();
                    }
                    let (sx, sy) = at(start);
                    pb.move_to(sx, sy);
                }
                match curve {
                    OutlineCurve::Line(_, b) => {
                        let (bx, by) = at(*b);
                        pb.line_to(bx, by);
                    }
                    OutlineCurve::Quad(_, c, b) => {
                        let ((cx, cy), (bx, by)) = (at(*c), at(*b));
                        pb.quad_to(cx, cy, bx, by);
                    }
                    OutlineCurve::Cubic(_, c1, c2, b) => {
                        let ((c1x, c1y), (c2x, c2y), (bx, by)) = (at(*c1), at(*c2), at(*b));
                        pb.cubic_to(c1x, c1y, c2x, c2y, bx, by);
                    }
                }
                last = Some(end);
            }
            if last.is_some() {
                pb.close();
            }
        }
        pen += font.h_advance_unscaled(id) * scale;
    }
    pb.finish()
}

/// A suit's shape centred on (`cx`, `cy`), `s` pixels tall. Each piece is filled on its own, so that overlapping
/// pieces add up whatever their winding.
fn suit(pixmap: &mut Pixmap, suit: Suit, cx: f32, cy: f32, s: f32, ink: [u8; 3]) {
    let p = |x: f32, y: f32| (cx + x * s, cy + y * s);
    match suit {
        Suit::Diamonds => {
            let mut pb = PathBuilder::new();
            let pts = [p(0.0, -0.5), p(0.38, 0.0), p(0.0, 0.5), p(-0.38, 0.0)];
            pb.move_to(pts[0].0, pts[0].1);
            for (x, y) in &pts[1..] {
                pb.line_to(*x, *y);
            }
            pb.close();
            fill(pixmap, pb.finish(), ink);
        }
        Suit::Hearts => fill(pixmap, heart(&p, 1.0), ink),
        Suit::Spades => {
            // An upturned heart over a flared stem.
            fill(pixmap, heart(&|x, y| p(x, -y - 0.1), 0.86), ink);
            fill(pixmap, stem(&p), ink);
        }
        Suit::Clubs => {
            for (x, y) in [(0.0, -0.25), (-0.24, 0.06), (0.24, 0.06)] {
                let (x, y) = p(x, y);
                fill(pixmap, PathBuilder::from_circle(x, y, 0.22 * s), ink);
            }
            let (x, y) = p(0.0, -0.02);
            fill(pixmap, PathBuilder::from_circle(x, y, 0.14 * s), ink);
            fill(pixmap, stem(&p), ink);
        }
    }
}

/// A heart in the unit square around the origin (point down), `h` of its height used.
fn heart(p: &dyn Fn(f32, f32) -> (f32, f32), h: f32) -> Option<Path> {
    let q = |x: f32, y: f32| p(x, y * h);
    let mut pb = PathBuilder::new();
    let start = q(0.0, 0.48);
    pb.move_to(start.0, start.1);
    let curves = [
        [(-0.16, 0.32), (-0.5, 0.06), (-0.5, -0.2)],
        [(-0.5, -0.4), (-0.36, -0.5), (-0.25, -0.5)],
        [(-0.11, -0.5), (0.0, -0.4), (0.0, -0.27)],
        [(0.0, -0.4), (0.11, -0.5), (0.25, -0.5)],
        [(0.36, -0.5), (0.5, -0.4), (0.5, -0.2)],
        [(0.5, 0.06), (0.16, 0.32), (0.0, 0.48)],
    ];
    for [a, b, c] in curves {
        let (a, b, c) = (q(a.0, a.1), q(b.0, b.1), q(c.0, c.1));
        pb.cubic_to(a.0, a.1, b.0, b.1, c.0, c.1);
    }
    pb.close();
    pb.finish()
}

/// The flared stem of a spade or a club.
fn stem(p: &dyn Fn(f32, f32) -> (f32, f32)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (a, b, c, d) = (p(-0.05, 0.05), p(0.05, 0.05), p(0.2, 0.5), p(-0.2, 0.5));
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    let (k, m) = (p(0.08, 0.4), p(-0.08, 0.4));
    pb.quad_to(k.0, k.1, c.0, c.1);
    pb.line_to(d.0, d.1);
    pb.quad_to(m.0, m.1, a.0, a.1);
    pb.close();
    pb.finish()
}

/// A five-pointed star of outer radius `r`.
fn star(pixmap: &mut Pixmap, cx: f32, cy: f32, r: f32, ink: [u8; 3]) {
    let mut pb = PathBuilder::new();
    for i in 0..10 {
        let radius = if i % 2 == 0 { r } else { r * 0.42 };
        let angle = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let (x, y) = (cx + radius * angle.cos(), cy + radius * angle.sin());
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    fill(pixmap, pb.finish(), ink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    fn size_of(png: &[u8]) -> (u32, u32) {
        let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
        (be(16), be(20))
    }

    #[test]
    fn a_hand_is_a_small_png_of_the_expected_size() {
        let cards = parse_cards("As 10h Qd").unwrap_or_default();
        let png = png(&[Row::cards(None, &cards)]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(size_of(&png), (3 * 112 + 2 * 10 + 16, 156 + 16));
        assert!(png.len() < 30_000, "{} bytes", png.len());
    }

    #[test]
    fn rows_are_bounded_and_cached() {
        let cards = parse_cards("2c 3d 4h 5s 6c 7d 8h 9s 10c Jd").unwrap_or_default();
        let rows: Vec<Row> = (1..=14).map(|s| Row::cards(Some(s), &cards)).collect();
        let a = png(&rows).unwrap_or_else(|e| panic!("{e}"));
        let (w, h) = size_of(&a);
        assert_eq!(w as f32, PAD * 2.0 + LABEL_W + 8.0 * CARD_W + 7.0 * GAP);
        assert_eq!(h as f32, PAD * 2.0 + 10.0 * (CARD_H + GAP) - GAP);
        let b = png(&rows).unwrap_or_else(|e| panic!("{e}"));
        assert!(Arc::ptr_eq(&a, &b), "the second drawing comes from the cache");
        assert!(matches!(draw(&[Row::cards(None, &[])]), Err(ArtError::Empty)));
    }

    #[test]
    fn jokers_and_face_down_cards_draw() {
        let mut faces: Vec<Face> = parse_cards("Xb Xr").unwrap_or_default().into_iter().map(Face::Up).collect();
        faces.push(Face::Down);
        let png = draw(&[Row { seat: Some(12), mark: true, faces }]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&png[1..4], b"PNG");
    }
}
