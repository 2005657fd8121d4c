//! `teenpatti-bot hand picture CARDS... [--out FILE] [--seats] [--mark N]`: draws the card picture the bot
//! attaches (one row per argument, `-` for a face-down card) and prints
//! `picture bytes=N width=W height=H draw_us=T`, where `T` is the median of `--repeat` uncached drawings.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::art::{self, Face, Row};
use crate::echo::echo;
use crate::engine::cards::parse_cards;

#[derive(Args, Debug)]
pub struct PictureArgs {
    /// One row of cards per argument, e.g. "As Kd Qh" "2c 2d 2h"; `-` stands for a face-down card
    #[arg(required = true, allow_hyphen_values = true)]
    pub rows: Vec<String>,
    /// Write the PNG here
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Number the rows as seats 1, 2, ...
    #[arg(long)]
    pub seats: bool,
    /// Frame row N (1-based) in gold, as a winner
    #[arg(long)]
    pub mark: Option<usize>,
    /// Drawings to time (the median is printed)
    #[arg(long, default_value_t = 51, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub repeat: u32,
}

fn row(i: usize, text: &str, args: &PictureArgs) -> Result<Row, String> {
    let mut faces = Vec::new();
    for word in text.split_whitespace() {
        if word == "-" {
            faces.push(Face::Down);
        } else {
            let cards = parse_cards(word).map_err(|e| format!("row {}: {e} (in {})", i + 1, echo(word)))?;
            faces.extend(cards.into_iter().map(Face::Up));
        }
    }
    Ok(Row { seat: args.seats.then_some(i + 1), mark: args.mark == Some(i + 1), faces })
}

pub fn run(args: &PictureArgs) -> ExitCode {
    super::finish(picture(args))
}

fn picture(args: &PictureArgs) -> Result<ExitCode, crate::output::OutputError> {
    let rows: Result<Vec<Row>, String> = args.rows.iter().enumerate().map(|(i, t)| row(i, t, args)).collect();
    let rows = match rows {
        Ok(r) => r,
        Err(e) => return Ok(crate::cli::fatal(crate::cli::EXIT_REFUSED, e)),
    };
    let mut times = Vec::new();
    let mut png = Vec::new();
    for _ in 0..args.repeat {
        let start = Instant::now();
        png = match art::draw(&rows) {
            Ok(p) => p,
            Err(e) => return Ok(crate::cli::fatal(crate::cli::EXIT_REFUSED, e)),
        };
        times.push(start.elapsed().as_micros());
    }
    times.sort_unstable();
    if let Some(path) = &args.out {
        if let Err(e) = std::fs::write(path, &png) {
            return Ok(crate::cli::fatal(crate::cli::EXIT_FAILED, format!("{}: {e}", path.display())));
        }
    }
    let be = |i: usize| png.get(i..i + 4).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    crate::out!(
        "picture bytes={} width={} height={} draw_us={}",
        png.len(),
        be(16),
        be(20),
        times.get(times.len() / 2).copied().unwrap_or(0)
    )?;
    Ok(ExitCode::SUCCESS)
}
