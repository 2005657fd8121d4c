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
    /// One row of cards per argument, e.g. "As Kd Qh" "2c 2d 2h"; `-` stands for a face-down card (at most 10
    /// rows); the options may come before, between or after them
    #[arg(required = true, allow_hyphen_values = true)]
    pub rows: Vec<String>,
    /// Write the PNG here
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Number the rows as seats 1, 2, ...
    #[arg(long)]
    pub seats: bool,
    /// Frame row N (1 to the number of rows) in gold, as a winner
    #[arg(long)]
    pub mark: Option<usize>,
    /// Drawings to time, 1 to 10000 (the median is printed)
    #[arg(long, default_value_t = 51, value_parser = clap::value_parser!(u32).range(1..=REPEAT_MAX as i64))]
    pub repeat: u32,
}

/// The most rows a picture has: a showdown of ten players and the board (the bot never draws more). 500 rows
/// drew a 372 x 83,006 px PNG of 158 MB.
pub const MAX_ROWS: usize = 10;
/// The most cards a row has: the longest row the bot draws is a five-card hand or a board of community and
/// turned-up cards. One row of 30,000 cards drew a 3,660,006 px wide PNG of 45 MB with 2.9 GB of memory.
pub const MAX_CARDS_PER_ROW: usize = 10;
const REPEAT_MAX: u32 = 10_000;

/// What to draw, with the options wherever they were written: clap reads every word after the first card as a
/// row (a row may start with `-`, a face-down card), so the options among or after the rows are read here.
#[derive(Debug, PartialEq)]
struct Picture {
    rows: Vec<String>,
    out: Option<std::path::PathBuf>,
    seats: bool,
    mark: Option<usize>,
    repeat: u32,
}

const USAGE: &str = "hand picture CARDS... [--seats] [--mark N] [--out FILE] [--repeat N]";

impl Picture {
    fn read(args: &PictureArgs) -> Result<Picture, String> {
        let mut p = Picture {
            rows: Vec::new(),
            out: args.out.clone(),
            seats: args.seats,
            mark: args.mark,
            repeat: args.repeat,
        };
        let mut words = args.rows.iter();
        while let Some(word) = words.next() {
            let (name, inline) = match word.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (word.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| words.next().cloned())
                    .ok_or_else(|| format!("{name} needs a value ({USAGE})"))
            };
            match name {
                "--seats" if inline.is_none() => p.seats = true,
                "--mark" => {
                    let v = value()?;
                    p.mark = Some(v.parse().map_err(|_| format!("--mark `{}` is not a row number", echo(&v)))?);
                }
                "--out" => p.out = Some(value()?.into()),
                "--repeat" => {
                    let v = value()?;
                    p.repeat = v
                        .parse()
                        .ok()
                        .filter(|n| (1..=REPEAT_MAX).contains(n))
                        .ok_or_else(|| format!("--repeat `{}` is not a number from 1 to {REPEAT_MAX}", echo(&v)))?;
                }
                other if other.starts_with("--") || (other.starts_with('-') && other.len() == 2 && other != "-") => {
                    return Err(format!("`{}` is not an option of {USAGE}", echo(other)));
                }
                _ => p.rows.push(word.clone()),
            }
        }
        if p.rows.is_empty() {
            return Err(format!("no cards to draw ({USAGE})"));
        }
        if p.rows.len() > MAX_ROWS {
            return Err(format!("{} rows: a picture has at most {MAX_ROWS} (a showdown of ten players)", p.rows.len()));
        }
        if let Some(mark) = p.mark.filter(|m| !(1..=p.rows.len()).contains(m)) {
            return Err(format!("--mark {mark}: the rows are numbered 1 to {}", p.rows.len()));
        }
        Ok(p)
    }
}

fn row(i: usize, text: &str, p: &Picture) -> Result<Row, String> {
    let mut faces = Vec::new();
    for word in text.split_whitespace() {
        if word == "-" {
            faces.push(Face::Down);
        } else {
            let cards = parse_cards(word).map_err(|e| format!("row {}: {e} (in {})", i + 1, echo(word)))?;
            faces.extend(cards.into_iter().map(Face::Up));
        }
        if faces.len() > MAX_CARDS_PER_ROW {
            return Err(format!("row {}: more than {MAX_CARDS_PER_ROW} cards (a row is a hand or a board)", i + 1));
        }
    }
    Ok(Row { seat: p.seats.then_some(i + 1), mark: p.mark == Some(i + 1), faces })
}

pub fn run(args: &PictureArgs) -> ExitCode {
    super::finish(picture(args))
}

fn picture(args: &PictureArgs) -> Result<ExitCode, crate::output::OutputError> {
    let args = match Picture::read(args) {
        Ok(p) => p,
        Err(e) => return Ok(crate::output::fatal(crate::output::EXIT_REFUSED, e)),
    };
    let rows: Result<Vec<Row>, String> = args.rows.iter().enumerate().map(|(i, t)| row(i, t, &args)).collect();
    let rows = match rows {
        Ok(r) => r,
        Err(e) => return Ok(crate::output::fatal(crate::output::EXIT_REFUSED, e)),
    };
    let mut times = Vec::new();
    let mut png = Vec::new();
    for _ in 0..args.repeat {
        let start = Instant::now();
        png = match art::draw(&rows) {
            Ok(p) => p,
            Err(e) => return Ok(crate::output::fatal(crate::output::EXIT_REFUSED, e)),
        };
        times.push(start.elapsed().as_micros());
    }
    times.sort_unstable();
    if let Some(path) = &args.out {
        if let Err(e) = std::fs::write(path, &png) {
            return Ok(crate::output::fatal(crate::output::EXIT_FAILED, format!("{}: {e}", path.display())));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(words: &[&str]) -> Result<Picture, String> {
        let args = PictureArgs {
            rows: words.iter().map(|w| w.to_string()).collect(),
            out: None,
            seats: false,
            mark: None,
            repeat: 51,
        };
        Picture::read(&args)
    }

    #[test]
    fn options_are_read_anywhere_among_the_rows() {
        let p = read(&["As Ks Qs", "--repeat", "1", "- - -", "--mark=2", "--seats", "--out", "x.png"]).unwrap();
        assert_eq!(p.rows, ["As Ks Qs", "- - -"]);
        assert_eq!(
            (p.repeat, p.mark, p.seats, p.out.as_deref()),
            (1, Some(2), true, Some(std::path::Path::new("x.png")))
        );
    }

    #[test]
    fn rows_and_marks_are_bounded() {
        let eleven = ["As"; MAX_ROWS + 1];
        assert!(read(&eleven).unwrap_err().contains("at most 10"));
        assert!(read(&["As"; MAX_ROWS]).is_ok());
        assert!(read(&["As", "--mark", "0"]).unwrap_err().contains("numbered 1 to 1"));
        assert!(read(&["As", "Ks", "--mark", "3"]).unwrap_err().contains("numbered 1 to 2"));
        assert!(read(&["As", "--repeat", "0"]).unwrap_err().contains("1 to 10000"));
        assert!(read(&["As", "--repeat"]).unwrap_err().contains("needs a value"));
        assert!(read(&["As", "--bogus"]).unwrap_err().contains("not an option"));
        assert!(read(&["--seats"]).unwrap_err().contains("no cards"));
        let p = read(&["As"]).unwrap();
        let long = ["As"; MAX_CARDS_PER_ROW + 1].join(" ");
        assert!(row(0, &long, &p).err().is_some_and(|e| e.contains("more than 10 cards")));
        assert!(row(0, &["-"; MAX_CARDS_PER_ROW].join(" "), &p).is_ok());
    }
}
