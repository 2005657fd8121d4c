//! Card pictures (issue 16): the time to draw and encode the PNGs the bot attaches, uncached
//! (`art::draw`; `art::png` serves a picture drawn before from its cache).
//!
//! `cargo bench --bench art -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use teenpatti::art::{self, Face, Row};
use teenpatti::engine::cards::parse_cards;

fn row(seat: Option<usize>, cards: &str) -> Row {
    Row::cards(seat, &parse_cards(cards).unwrap_or_default())
}

fn bench(c: &mut Criterion) {
    // A player's cards after See (the DM).
    let own = vec![row(None, "As 10h Qd")];
    // A sideshow: two hands, numbered, the winner framed.
    let sideshow = vec![Row { mark: true, ..row(Some(1), "Kc Kd Ks") }, row(Some(4), "Ah Qh 9h")];
    // A six-player pot-limit showdown.
    let showdown: Vec<Row> = ["Kc Kd Ks", "Ah Qh 9h", "2c 3d 4h", "Js Jd 5c", "9c 8c 7c", "Ad Kh 2s"]
        .iter()
        .enumerate()
        .map(|(i, c)| Row { mark: i == 0, ..row(Some(i + 1), c) })
        .collect();
    // Five-card community's board while it is played: three up, two to come.
    let mut board = row(None, "7h 7s Qc");
    board.faces.extend([Face::Down, Face::Down]);
    for (name, rows) in [("own_cards", own), ("sideshow", sideshow), ("showdown_6", showdown), ("board", vec![board])] {
        let bytes = art::draw(&rows).map(|p| p.len()).unwrap_or(0);
        eprintln!("picture {name}: {bytes} bytes");
        c.bench_function(&format!("draw_{name}"), |b| b.iter(|| art::draw(black_box(&rows))));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
